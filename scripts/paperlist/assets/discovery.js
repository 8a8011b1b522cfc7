/* paperlist discovery widgets: the topic map, the browse filters and "Copy BibTeX".
 *
 * Served from the site itself (no CDN, no dependency). Every widget starts from markup
 * the build wrote, so a page without JavaScript still shows its list or its BibTeX.
 * Text from pages is only ever set with textContent, never as HTML.
 * Material's instant navigation swaps pages without reloading, so widgets are set up on
 * each of its `document$` events, and each element is set up once (data-ready).
 */
(function () {
  "use strict";

  function ready(el) {
    if (!el || el.hasAttribute("data-ready")) return false;
    el.setAttribute("data-ready", "1");
    return true;
  }

  /* ---------------------------------------------------------------- topic map */

  function loadMapData(src, done) {
    if (window.paperlistMapData) { done(window.paperlistMapData); return; }
    var s = document.createElement("script");
    s.src = src;
    s.onload = function () { done(window.paperlistMapData); };
    document.head.appendChild(s);
  }

  function MapView(root, data) {
    this.root = root;
    this.data = data;
    this.n = data.x.length;
    this.canvas = root.querySelector(".map-canvas");
    this.stage = root.querySelector(".map-stage");
    this.tip = root.querySelector(".map-tooltip");
    this.count = root.querySelector(".map-count");
    this.search = root.querySelector(".map-search");
    var base = root.getAttribute("data-root") || "./";
    this.base = new URL(base.replace(/\/?$/, "/"), window.location.href);
    this.lower = [];
    for (var i = 0; i < this.n; i++) {
      this.lower.push((data.t[i] + "\u0000" + data.n[i]).toLowerCase());
    }
    this.match = null;   // null: no highlight; else Uint8Array of 0/1
    this.areas = {};     // area index -> true when its legend button is pressed
    this.hover = -1;
    this.bind();
    this.resize();
    this.reset();
    root.paperlistMap = this;  // for tests and the curious
  }

  MapView.prototype.resize = function () {
    var w = this.stage.clientWidth || 600;
    var h = Math.max(320, Math.min(Math.round(w * 0.75), Math.round(window.innerHeight * 0.65)));
    var dpr = window.devicePixelRatio || 1;
    this.w = w; this.h = h; this.dpr = dpr;
    this.canvas.width = Math.round(w * dpr);
    this.canvas.height = Math.round(h * dpr);
    this.canvas.style.width = w + "px";
    this.canvas.style.height = h + "px";
  };

  MapView.prototype.reset = function () {
    var pad = 24, size = 4095;
    this.scale = Math.min((this.w - 2 * pad) / size, (this.h - 2 * pad) / size);
    this.fitScale = this.scale;
    this.tx = (this.w - size * this.scale) / 2;
    this.ty = (this.h - size * this.scale) / 2;
    this.draw();
  };

  MapView.prototype.zoom = function (factor, cx, cy) {
    if (cx === undefined) { cx = this.w / 2; cy = this.h / 2; }
    var s = Math.max(0.02, Math.min(this.scale * factor, 40));
    factor = s / this.scale;
    this.tx = cx - (cx - this.tx) * factor;
    this.ty = cy - (cy - this.ty) * factor;
    this.scale = s;
    this.draw();
  };

  /* Where point i is drawn, in CSS pixels relative to the canvas. */
  MapView.prototype.point = function (i) {
    return { x: this.data.x[i] * this.scale + this.tx, y: this.data.y[i] * this.scale + this.ty };
  };

  /* Point i in page coordinates, for tests that click it. */
  MapView.prototype.screenPoint = function (i) {
    var r = this.canvas.getBoundingClientRect(), p = this.point(i);
    return { x: r.left + p.x, y: r.top + p.y };
  };

  /* The page of point i, relative to the site root ("papers/prorl/"). */
  MapView.prototype.path = function (i) {
    return (this.data.pre || "") + this.data.p[i] + (this.data.suf || "");
  };

  MapView.prototype.indexOf = function (path) {
    for (var i = 0; i < this.n; i++) if (this.path(i) === path) return i;
    return -1;
  };

  MapView.prototype.visible = function (i) {
    var anyArea = false;
    for (var k in this.areas) if (this.areas[k]) { anyArea = true; break; }
    return (!this.match || this.match[i]) && (!anyArea || !!this.areas[this.data.a[i]]);
  };

  /* Points are big when few, small when many, and grow as you zoom in. */
  MapView.prototype.radius = function () {
    var base = this.n < 200 ? 6 : this.n < 2000 ? 4 : 2.4;
    return Math.max(1.5, Math.min(12, base * Math.sqrt(this.scale / this.fitScale)));
  };

  /* Where to write each area's name: the middle of its papers. */
  MapView.prototype.centroids = function () {
    var d = this.data, sx = {}, sy = {}, c = {}, out = [];
    for (var i = 0; i < this.n; i++) {
      var a = d.a[i];
      if (a < 0) continue;
      sx[a] = (sx[a] || 0) + d.x[i]; sy[a] = (sy[a] || 0) + d.y[i]; c[a] = (c[a] || 0) + 1;
    }
    for (var k in c) out.push({ a: +k, x: sx[k] / c[k], y: sy[k] / c[k] });
    return out;
  };

  MapView.prototype.draw = function () {
    var ctx = this.canvas.getContext("2d"), d = this.data, r = this.radius();
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.clearRect(0, 0, this.w, this.h);
    var filtering = !!this.match;
    for (var k in this.areas) if (this.areas[k]) filtering = true;
    var groups = {}, shown = 0;
    for (var i = 0; i < this.n; i++) {
      var on = this.visible(i);
      if (on) shown++;
      var key = (on ? "1:" : "0:") + d.a[i];
      (groups[key] = groups[key] || []).push(i);
    }
    var keys = Object.keys(groups).sort();  // dimmed ("0:") first, highlighted on top
    for (var g = 0; g < keys.length; g++) {
      var on2 = keys[g].charAt(0) === "1", area = +keys[g].slice(2);
      ctx.globalAlpha = on2 ? (filtering ? 1 : 0.85) : 0.12;
      ctx.fillStyle = d.colours[area] || "#888";
      ctx.beginPath();
      var idx = groups[keys[g]];
      for (var j = 0; j < idx.length; j++) {
        var p = this.point(idx[j]);
        if (p.x < -r || p.y < -r || p.x > this.w + r || p.y > this.h + r) continue;
        ctx.moveTo(p.x + r, p.y);
        ctx.arc(p.x, p.y, r, 0, 2 * Math.PI);
      }
      ctx.fill();
    }
    ctx.globalAlpha = 0.85;
    ctx.fillStyle = getComputedStyle(this.root).color || "#000";
    ctx.strokeStyle = getComputedStyle(document.body).backgroundColor || "#fff";
    ctx.lineWidth = 3;
    ctx.lineJoin = "round";
    ctx.font = "600 13px system-ui, sans-serif";
    ctx.textAlign = "center";
    this.labels = this.labels || this.centroids();
    for (var l = 0; l < this.labels.length; l++) {
      var lab = this.labels[l], lx = lab.x * this.scale + this.tx, ly = lab.y * this.scale + this.ty;
      ctx.strokeText(d.areas[lab.a], lx, ly);  // a halo in the page colour keeps it legible
      ctx.fillText(d.areas[lab.a], lx, ly);
    }
    ctx.globalAlpha = 1;
    if (this.hover >= 0) {
      var hp = this.point(this.hover);
      ctx.lineWidth = 2;
      ctx.strokeStyle = getComputedStyle(this.root).color || "#000";
      ctx.beginPath();
      ctx.arc(hp.x, hp.y, r + 3, 0, 2 * Math.PI);
      ctx.stroke();
    }
    if (this.count) {
      var total = this.n.toLocaleString("en");
      this.count.textContent = filtering ? shown.toLocaleString("en") + " of " + total +
        " papers highlighted" : total + " papers";
    }
  };

  MapView.prototype.nearest = function (x, y) {
    var best = -1, bestD = Math.pow(Math.max(8, this.radius() + 3), 2);
    for (var i = 0; i < this.n; i++) {
      var p = this.point(i), dx = p.x - x, dy = p.y - y, dd = dx * dx + dy * dy;
      if (dd <= bestD && (this.visible(i) || !this.match)) { best = i; bestD = dd; }
    }
    return best;
  };

  MapView.prototype.showTip = function (i, x, y) {
    if (i < 0) { this.tip.hidden = true; return; }
    this.tip.textContent = "";
    var t = document.createElement("strong");
    t.textContent = this.data.t[i];
    this.tip.appendChild(t);
    if (this.data.n[i]) {
      var n = document.createElement("span");
      n.textContent = this.data.n[i];
      this.tip.appendChild(n);
    }
    var a = document.createElement("span");
    a.className = "map-tooltip-area";
    a.textContent = this.data.areas[this.data.a[i]] || "";
    this.tip.appendChild(a);
    this.tip.hidden = false;
    var left = Math.min(x + 14, this.w - this.tip.offsetWidth - 4);
    var top = y + 14 + this.tip.offsetHeight > this.h ? y - this.tip.offsetHeight - 10 : y + 14;
    this.tip.style.left = Math.max(0, left) + "px";
    this.tip.style.top = Math.max(0, top) + "px";
  };

  MapView.prototype.open = function (i) {
    window.location.href = new URL(this.path(i), this.base).href;
  };

  MapView.prototype.setQuery = function (q) {
    q = q.trim().toLowerCase();
    if (!q) { this.match = null; this.draw(); return; }
    var m = new Uint8Array(this.n);
    for (var i = 0; i < this.n; i++) m[i] = this.lower[i].indexOf(q) >= 0 ? 1 : 0;
    this.match = m;
    this.draw();
  };

  MapView.prototype.bind = function () {
    var self = this, c = this.canvas, drag = null;
    c.tabIndex = 0;
    function local(ev) {
      var r = c.getBoundingClientRect();
      return { x: ev.clientX - r.left, y: ev.clientY - r.top };
    }
    c.addEventListener("pointerdown", function (ev) {
      var p = local(ev);
      drag = { x: p.x, y: p.y, tx: self.tx, ty: self.ty, moved: false };
      c.setPointerCapture(ev.pointerId);
    });
    c.addEventListener("pointermove", function (ev) {
      var p = local(ev);
      if (drag) {
        if (Math.abs(p.x - drag.x) + Math.abs(p.y - drag.y) > 4) drag.moved = true;
        if (drag.moved) {
          self.tx = drag.tx + p.x - drag.x;
          self.ty = drag.ty + p.y - drag.y;
          self.tip.hidden = true;
          self.draw();
          return;
        }
      }
      var i = self.nearest(p.x, p.y);
      c.style.cursor = i >= 0 ? "pointer" : (drag ? "grabbing" : "grab");
      if (i !== self.hover) { self.hover = i; self.draw(); }
      self.showTip(i, p.x, p.y);
    });
    c.addEventListener("pointerup", function (ev) {
      var p = local(ev), wasDrag = drag && drag.moved;
      drag = null;
      if (!wasDrag) {
        var i = self.nearest(p.x, p.y);
        if (i >= 0) self.open(i);
      }
    });
    c.addEventListener("pointerleave", function () {
      self.tip.hidden = true;
      if (self.hover >= 0) { self.hover = -1; self.draw(); }
    });
    c.addEventListener("wheel", function (ev) {
      ev.preventDefault();
      var p = local(ev);
      self.zoom(Math.exp(-ev.deltaY * 0.0015), p.x, p.y);
    }, { passive: false });
    c.addEventListener("keydown", function (ev) {
      var step = 40, k = ev.key;
      if (k === "+" || k === "=") self.zoom(1.4);
      else if (k === "-") self.zoom(1 / 1.4);
      else if (k === "ArrowLeft") { self.tx += step; self.draw(); }
      else if (k === "ArrowRight") { self.tx -= step; self.draw(); }
      else if (k === "ArrowUp") { self.ty += step; self.draw(); }
      else if (k === "ArrowDown") { self.ty -= step; self.draw(); }
      else if (k === "0") self.reset();
      else return;
      ev.preventDefault();
    });
    this.root.querySelectorAll(".map-zoom").forEach(function (b) {
      b.addEventListener("click", function () {
        var z = b.getAttribute("data-zoom");
        if (z === "in") self.zoom(1.5); else if (z === "out") self.zoom(1 / 1.5); else self.reset();
      });
    });
    this.root.querySelectorAll(".map-legend-item").forEach(function (b) {
      b.addEventListener("click", function () {
        var a = b.getAttribute("data-area"), on = b.getAttribute("aria-pressed") !== "true";
        b.setAttribute("aria-pressed", on ? "true" : "false");
        self.areas[a] = on;
        self.draw();
      });
    });
    if (this.search) {
      this.search.addEventListener("input", function () { self.setQuery(self.search.value); });
    }
    var width = this.stage.clientWidth;
    window.addEventListener("resize", function () {
      if (self.stage.clientWidth === width) return;
      width = self.stage.clientWidth;
      self.resize();
      self.reset();
    });
  };

  function initMap() {
    var root = document.querySelector(".paperlist-map");
    if (!ready(root)) return;
    loadMapData(root.getAttribute("data-map-src"), function (data) {
      if (data) new MapView(root, data);
    });
  }

  /* ----------------------------------------------------------- browse filters */

  /* The browse page lists the first page of papers by title; the whole catalogue comes
   * from a compact data file (columns: p path, t title, n short name, g tag indices,
   * f 1 = code | 2 = data, s first sentence), fetched once. Filtering runs over those
   * arrays and only the current page of results is drawn, so a view costs the same
   * whatever the size of the venue. The view lives in the query string:
   * ?tag=a&tag=b&not=c&code=1&data=1&sort=name&page=3&per=100. */

  var browseData = {};  // data URL -> Promise of the parsed file (kept across pages)

  function loadBrowseData(src) {
    if (!browseData[src]) {
      browseData[src] = fetch(src).then(function (r) {
        if (!r.ok) throw new Error("browse data: HTTP " + r.status);
        return r.json();
      });
      browseData[src].catch(function () { delete browseData[src]; });
    }
    return browseData[src];
  }

  function BrowseView(form, list, data) {
    var self = this;
    this.form = form;
    this.list = list;
    this.d = data;
    this.n = data.t.length;
    this.defaultPer = parseInt(list.getAttribute("data-page-size"), 10) || 50;
    var root = list.getAttribute("data-root") || "";
    this.rootDir = root.replace(/[^\/]*$/, "");  // "../" or "" (index.html) -> its folder
    this.buttons = Array.prototype.slice.call(form.querySelectorAll(".browse-tag"));
    this.byTag = {};
    this.tagName = [];
    this.tagHref = [];
    var index = {};
    data.tags.forEach(function (slug, k) { index[slug] = k; });
    this.index = index;
    this.buttons.forEach(function (b) {
      var slug = b.getAttribute("data-tag"), k = index[slug];
      self.byTag[slug] = b;
      if (k === undefined) return;
      self.tagName[k] = b.firstChild ? b.firstChild.textContent.trim() : slug;
      self.tagHref[k] = b.getAttribute("data-href");
    });
    // member[k][i] = 1 when paper i has tag k
    this.member = data.tags.map(function () { return new Uint8Array(self.n); });
    for (var i = 0; i < this.n; i++) {
      var g = data.g[i];
      for (var j = 0; j < g.length; j++) if (this.member[g[j]]) this.member[g[j]][i] = 1;
    }
    this.status = form.querySelector(".browse-status");
    this.count = document.querySelector(".paper-count");
    this.pager = list.parentNode.querySelector("nav.browse-pager");
    if (!this.pager) {
      this.pager = document.createElement("nav");
      this.pager.className = "browse-pager";
      this.pager.setAttribute("aria-label", "Pages");
      list.parentNode.insertBefore(this.pager, list.nextSibling);
    }
    this.page = 1;
    this.per = this.defaultPer;
    this.byName = null;
    list.paperlistBrowse = this;  // for tests and the curious
  }

  /* Paper indices by short name (case-insensitive), unnamed papers last, ties by title. */
  BrowseView.prototype.nameOrder = function () {
    if (this.byName) return this.byName;
    var m = this.d.n, keys = m.map(function (s) { return s.toLowerCase(); }), idx = [];
    for (var i = 0; i < this.n; i++) idx.push(i);
    idx.sort(function (a, b) {
      var x = keys[a], y = keys[b];
      if (!x !== !y) return x ? -1 : 1;
      return x < y ? -1 : x > y ? 1 : a - b;
    });
    this.byName = idx;
    return idx;
  };

  BrowseView.prototype.setState = function (b, state) {
    b.setAttribute("data-state", state);
    b.setAttribute("aria-pressed", state === "include" ? "true" : state === "exclude" ? "mixed" : "false");
    var name = b.firstChild ? b.firstChild.textContent.trim() : "";
    b.title = state === "include" ? name + ": required (click to exclude)"
      : state === "exclude" ? name + ": excluded (click to clear)" : name + " (click to require)";
  };

  BrowseView.prototype.readURL = function () {
    var self = this, q = new URLSearchParams(window.location.search), els = this.form.elements;
    this.buttons.forEach(function (b) { self.setState(b, ""); });
    q.getAll("tag").forEach(function (t) { if (self.byTag[t]) self.setState(self.byTag[t], "include"); });
    q.getAll("not").forEach(function (t) { if (self.byTag[t]) self.setState(self.byTag[t], "exclude"); });
    els.code.checked = q.get("code") === "1";
    els.data.checked = q.get("data") === "1";
    els.sort.value = q.get("sort") === "name" ? "name" : "title";
    var per = parseInt(q.get("per"), 10);
    this.per = per >= 5 && per <= 1000 ? per : this.defaultPer;
    var page = parseInt(q.get("page"), 10);
    this.page = page >= 1 ? page : 1;
  };

  BrowseView.prototype.state = function () {
    var s = { tag: [], not: [] }, els = this.form.elements;
    this.buttons.forEach(function (b) {
      var st = b.getAttribute("data-state");
      if (st === "include") s.tag.push(b.getAttribute("data-tag"));
      if (st === "exclude") s.not.push(b.getAttribute("data-tag"));
    });
    s.code = els.code.checked;
    s.data = els.data.checked;
    s.sort = els.sort.value;
    return s;
  };

  /* The query string of a view, "" for the default one. */
  BrowseView.prototype.query = function (s, page) {
    var q = new URLSearchParams();
    s.tag.forEach(function (t) { q.append("tag", t); });
    s.not.forEach(function (t) { q.append("not", t); });
    if (s.code) q.set("code", "1");
    if (s.data) q.set("data", "1");
    if (s.sort !== "title") q.set("sort", s.sort);
    if (page > 1) q.set("page", String(page));
    if (this.per !== this.defaultPer) q.set("per", String(this.per));
    var qs = q.toString();
    return qs ? "?" + qs : "";
  };

  BrowseView.prototype.writeURL = function (s) {
    history.replaceState(history.state, "", window.location.pathname + this.query(s, this.page) +
      window.location.hash);
  };

  /* Indices of the papers the view shows, in its order. */
  BrowseView.prototype.filter = function (s) {
    var self = this, f = this.d.f, out = [];
    var req = [], exc = [], missing = false;
    s.tag.forEach(function (t) {
      var k = self.index[t];
      if (k === undefined) missing = true; else req.push(self.member[k]);
    });
    s.not.forEach(function (t) { var k = self.index[t]; if (k !== undefined) exc.push(self.member[k]); });
    if (missing) return out;
    var need = (s.code ? 1 : 0) | (s.data ? 2 : 0);
    var order = s.sort === "name" ? this.nameOrder() : null;
    outer: for (var j = 0; j < this.n; j++) {
      var i = order ? order[j] : j, r;
      if ((f[i] & need) !== need) continue;
      for (r = 0; r < req.length; r++) if (!req[r][i]) continue outer;
      for (r = 0; r < exc.length; r++) if (exc[r][i]) continue outer;
      out.push(i);
    }
    return out;
  };

  BrowseView.prototype.item = function (i) {
    var d = this.d, li = document.createElement("li");
    li.className = "paper-item";
    var a = document.createElement("a");
    a.className = "paper-item-title";
    a.href = this.rootDir + (d.pre || "") + d.p[i] + (d.suf || "");
    a.textContent = d.t[i];
    li.appendChild(a);
    if (d.n[i]) {
      li.appendChild(document.createTextNode(" "));
      var name = document.createElement("span");
      name.className = "paper-name";
      name.textContent = d.n[i];
      li.appendChild(name);
    }
    var tags = document.createElement("span");
    tags.className = "paper-item-tags";
    var g = d.g[i];
    for (var j = 0; j < g.length; j++) {
      var href = this.tagHref[g[j]], chip = document.createElement(href ? "a" : "span");
      chip.className = "paper-tag";
      if (href) chip.setAttribute("href", href);
      chip.textContent = this.tagName[g[j]] || d.tags[g[j]];
      tags.appendChild(chip);
    }
    li.appendChild(tags);
    var first = document.createElement("span");
    first.className = "paper-item-first";
    first.textContent = d.s[i];
    li.appendChild(first);
    return li;
  };

  BrowseView.prototype.drawPager = function (s, pages) {
    var self = this, nav = this.pager, page = this.page;
    nav.textContent = "";
    nav.hidden = pages <= 1;
    if (pages <= 1) return;
    function add(k, text, cls, rel) {
      var el;
      if (k < 1 || k > pages) {
        el = document.createElement("span");
        el.setAttribute("aria-disabled", "true");
      } else if (k === page && !cls) {
        el = document.createElement("span");
        el.setAttribute("aria-current", "page");
        cls = " browse-current";
      } else {
        el = document.createElement("a");
        el.href = window.location.pathname + self.query(s, k);
        el.setAttribute("data-page", String(k));
        if (rel) el.rel = rel;
      }
      el.className = "browse-page" + (cls || "");
      el.textContent = text;
      nav.appendChild(el);
    }
    add(page - 1, "\u2190 Previous", " browse-prev", "prev");
    var shown = [1, pages], last = 0;
    for (var k = Math.max(1, page - 2); k <= Math.min(pages, page + 2); k++) shown.push(k);
    shown = shown.filter(function (x, i) { return shown.indexOf(x) === i; }).sort(function (a, b) { return a - b; });
    shown.forEach(function (k) {
      if (k - last > 1) {
        var gap = document.createElement("span");
        gap.className = "browse-gap";
        gap.textContent = "\u2026";
        nav.appendChild(gap);
      }
      add(k, String(k));
      last = k;
    });
    add(page + 1, "Next \u2192", " browse-next", "next");
  };

  BrowseView.prototype.apply = function () {
    var self = this, s = this.state(), hits = this.filter(s), total = hits.length;
    var pages = Math.max(1, Math.ceil(total / this.per));
    this.page = Math.min(Math.max(1, this.page), pages);
    var from = (this.page - 1) * this.per, to = Math.min(total, from + this.per);
    var frag = document.createDocumentFragment();
    for (var j = from; j < to; j++) frag.appendChild(this.item(hits[j]));
    this.list.textContent = "";
    this.list.appendChild(frag);
    this.drawPager(s, pages);
    this.hits = hits;
    // 12,000 (toLocaleString would load the locale data: 20 ms on the first call)
    var fmt = function (x) { return String(x).replace(/\B(?=(\d{3})+$)/g, ","); };
    var parts = ["Showing " + fmt(total) + " of " + fmt(this.n) + " papers"];
    if (pages > 1) {
      parts[0] += " (" + fmt(from + 1) + "\u2013" + fmt(to) + ", page " + this.page + " of " + pages + ")";
    }
    function names(slugs) {
      return slugs.map(function (t) { return self.byTag[t] ? self.byTag[t].firstChild.textContent.trim() : t; }).join(", ");
    }
    var summary = this.form.querySelector(".browse-tags-summary");
    if (summary) {
      summary.textContent = s.tag.length || s.not.length
        ? "(" + s.tag.length + " required, " + s.not.length + " excluded)" : "";
    }
    if (s.tag.length) parts.push("with all of: " + names(s.tag));
    if (s.not.length) parts.push("without: " + names(s.not));
    if (s.code) parts.push("with code");
    if (s.data) parts.push("with data");
    parts.push("sorted by " + (s.sort === "name" ? "short name" : "title"));
    this.status.textContent = parts.join("; ") + ".";
    if (this.count) this.count.textContent = fmt(this.n) + " paper" + (this.n === 1 ? "" : "s") + ".";
    return s;
  };

  BrowseView.prototype.bind = function () {
    var self = this, form = this.form;
    function changed() { self.page = 1; self.writeURL(self.apply()); }
    this.buttons.forEach(function (b) {
      b.addEventListener("click", function () {
        var st = b.getAttribute("data-state");
        self.setState(b, st === "" ? "include" : st === "include" ? "exclude" : "");
        changed();
      });
    });
    form.addEventListener("change", changed);
    form.addEventListener("submit", function (ev) { ev.preventDefault(); });
    form.querySelector(".browse-clear").addEventListener("click", function () {
      self.buttons.forEach(function (b) { self.setState(b, ""); });
      form.elements.code.checked = false;
      form.elements.data.checked = false;
      form.elements.sort.value = "title";
      changed();
    });
    this.pager.addEventListener("click", function (ev) {
      var a = ev.target.closest && ev.target.closest("a[data-page]");
      if (!a || ev.button !== 0 || ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.altKey) return;
      ev.preventDefault();
      ev.stopPropagation();  // not a page load: keep Material's instant navigation out
      self.page = parseInt(a.getAttribute("data-page"), 10);
      self.writeURL(self.apply());
      if (self.list.getBoundingClientRect().top < 0) self.form.scrollIntoView();
    });
  };

  function initBrowse() {
    var form = document.querySelector("form.browse-filters");
    var list = document.querySelector("ul.browse-list");
    if (!list || !form || !ready(form)) return;
    var src = list.getAttribute("data-src");
    if (!src) return;
    loadBrowseData(src).then(function (data) {
      if (!document.body.contains(list)) return;  // left the page meanwhile
      var view = new BrowseView(form, list, data);
      view.bind();
      view.readURL();
      var asked = view.page, initial = view.apply();
      if (view.page !== asked) view.writeURL(initial);  // a page past the end of the results
      var details = form.querySelector(".browse-tags-details");
      if (details && (initial.tag.length || initial.not.length)) details.open = true;
      form.hidden = false;
    }, function (err) {
      // The server-rendered first page and its pager stay; say why filters are missing.
      var note = document.createElement("p");
      note.className = "browse-status";
      note.textContent = "Filters are unavailable (" + err.message + "); the pages below list every paper by title.";
      form.parentNode.insertBefore(note, form);
    });
  }

  /* ------------------------------------------------------------ Copy BibTeX */

  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
    return new Promise(function (resolve, reject) {
      var ta = document.createElement("textarea");
      ta.value = text;
      ta.setAttribute("readonly", "");
      ta.style.position = "fixed";
      ta.style.opacity = "0";
      document.body.appendChild(ta);
      ta.select();
      var ok = false;
      try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
      document.body.removeChild(ta);
      if (ok) resolve(); else reject(new Error("copy refused"));
    });
  }

  function initCite() {
    document.querySelectorAll(".paper-copy-bibtex").forEach(function (btn) {
      if (!ready(btn)) return;
      var box = btn.closest(".paper-cite");
      var status = box.querySelector(".paper-copy-status");
      btn.hidden = false;
      btn.addEventListener("click", function () {
        copyText(box.querySelector(".paper-bibtex").textContent).then(function () {
          status.textContent = "Copied to the clipboard.";
        }, function () {
          status.textContent = "Could not copy: select the text below instead.";
        });
      });
    });
  }

  function init() { initMap(); initBrowse(); initCite(); }

  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(init);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
