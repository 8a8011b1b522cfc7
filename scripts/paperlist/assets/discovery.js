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

  function initBrowse() {
    var form = document.querySelector("form.browse-filters");
    var list = document.querySelector("ul.browse-list");
    if (!list || !ready(form)) return;
    var items = Array.prototype.slice.call(list.children);
    items.forEach(function (li, i) {
      li._order = i;
      li._tags = (li.getAttribute("data-tags") || "").split(" ").filter(Boolean);
      li._name = (li.getAttribute("data-name") || "").toLowerCase();
    });
    var buttons = Array.prototype.slice.call(form.querySelectorAll(".browse-tag"));
    var byTag = {};
    buttons.forEach(function (b) { byTag[b.getAttribute("data-tag")] = b; });
    var status = form.querySelector(".browse-status");
    var currentSort = "title";

    function setState(b, state) {
      b.setAttribute("data-state", state);
      b.setAttribute("aria-pressed", state === "include" ? "true" : state === "exclude" ? "mixed" : "false");
      var name = b.firstChild ? b.firstChild.textContent.trim() : "";
      b.title = state === "include" ? name + ": required (click to exclude)"
        : state === "exclude" ? name + ": excluded (click to clear)" : name + " (click to require)";
    }

    function readURL() {
      var q = new URLSearchParams(window.location.search);
      buttons.forEach(function (b) { setState(b, ""); });
      q.getAll("tag").forEach(function (t) { if (byTag[t]) setState(byTag[t], "include"); });
      q.getAll("not").forEach(function (t) { if (byTag[t]) setState(byTag[t], "exclude"); });
      form.elements.code.checked = q.get("code") === "1";
      form.elements.data.checked = q.get("data") === "1";
      form.elements.sort.value = q.get("sort") === "name" ? "name" : "title";
    }

    function state() {
      var s = { tag: [], not: [] };
      buttons.forEach(function (b) {
        var st = b.getAttribute("data-state");
        if (st === "include") s.tag.push(b.getAttribute("data-tag"));
        if (st === "exclude") s.not.push(b.getAttribute("data-tag"));
      });
      s.code = form.elements.code.checked;
      s.data = form.elements.data.checked;
      s.sort = form.elements.sort.value;
      return s;
    }

    function writeURL(s) {
      var q = new URLSearchParams();
      s.tag.forEach(function (t) { q.append("tag", t); });
      s.not.forEach(function (t) { q.append("not", t); });
      if (s.code) q.set("code", "1");
      if (s.data) q.set("data", "1");
      if (s.sort !== "title") q.set("sort", s.sort);
      var qs = q.toString();
      history.replaceState(history.state, "", window.location.pathname + (qs ? "?" + qs : "") + window.location.hash);
    }

    function apply() {
      var s = state(), shown = 0;
      items.forEach(function (li) {
        var tags = li._tags;
        var ok = s.tag.every(function (t) { return tags.indexOf(t) >= 0; }) &&
          !s.not.some(function (t) { return tags.indexOf(t) >= 0; }) &&
          (!s.code || li.getAttribute("data-code") === "1") &&
          (!s.data || li.getAttribute("data-data") === "1");
        li.hidden = !ok;
        if (ok) shown++;
      });
      if (s.sort !== currentSort) {
        var sorted = items.slice().sort(s.sort === "name" ? function (a, b) {
          if (!a._name !== !b._name) return a._name ? -1 : 1;  // unnamed papers last
          return a._name < b._name ? -1 : a._name > b._name ? 1 : a._order - b._order;
        } : function (a, b) { return a._order - b._order; });
        var frag = document.createDocumentFragment();
        sorted.forEach(function (li) { frag.appendChild(li); });
        list.appendChild(frag);
        currentSort = s.sort;
      }
      var parts = ["Showing " + shown + " of " + items.length + " papers"];
      function names(slugs) {
        return slugs.map(function (t) { return byTag[t].firstChild.textContent.trim(); }).join(", ");
      }
      var summary = form.querySelector(".browse-tags-summary");
      if (summary) {
        summary.textContent = s.tag.length || s.not.length
          ? "(" + s.tag.length + " required, " + s.not.length + " excluded)" : "";
      }
      if (s.tag.length) parts.push("with all of: " + names(s.tag));
      if (s.not.length) parts.push("without: " + names(s.not));
      if (s.code) parts.push("with code");
      if (s.data) parts.push("with data");
      parts.push("sorted by " + (s.sort === "name" ? "short name" : "title"));
      status.textContent = parts.join("; ") + ".";
      return s;
    }

    buttons.forEach(function (b) {
      b.addEventListener("click", function () {
        var st = b.getAttribute("data-state");
        setState(b, st === "" ? "include" : st === "include" ? "exclude" : "");
        writeURL(apply());
      });
    });
    form.addEventListener("change", function () { writeURL(apply()); });
    form.addEventListener("submit", function (ev) { ev.preventDefault(); });
    form.querySelector(".browse-clear").addEventListener("click", function () {
      buttons.forEach(function (b) { setState(b, ""); });
      form.elements.code.checked = false;
      form.elements.data.checked = false;
      form.elements.sort.value = "title";
      writeURL(apply());
    });
    readURL();
    var initial = apply();
    var details = form.querySelector(".browse-tags-details");
    if (details && (initial.tag.length || initial.not.length)) details.open = true;
    form.hidden = false;
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
