/* paperlist topic map: every paper as a point on a canvas, drawn from map-data.js.
 *
 * A classic script (not a module: the site also works from file://) that loader.js
 * loads on pages with a `.paperlist-map`. The data's keys are those of
 * paperlist/discover/columns.py (x, y, a area, p path, t title, n short name, areas,
 * colours, pre/suf of paths). Text from pages is only ever set with textContent.
 */
(() => {
  "use strict";

  const { ready } = window.paperlist;  // loader.js
  /** Papers the text alternative lists at a time, more at each "Show more". */
  const LIST_STEP = 500;

  /* A script, not fetched JSON, so the map also works from file://; kept across pages. */
  function loadMapData(src) {
    if (window.paperlistMapData) return Promise.resolve(window.paperlistMapData);
    return new Promise((resolve, reject) => {
      const s = document.createElement("script");
      s.src = src;
      s.onload = () => resolve(window.paperlistMapData);
      s.onerror = () => { s.remove(); reject(new Error(`cannot load ${src}`)); };
      document.head.appendChild(s);
    });
  }

  class MapView {
    constructor(root, data) {
      this.root = root;
      this.data = data;
      this.n = data.x.length;
      this.canvas = root.querySelector(".map-canvas");
      this.stage = root.querySelector(".map-stage");
      this.tip = root.querySelector(".map-tooltip");
      this.count = root.querySelector(".map-count");
      this.search = root.querySelector(".map-search");
      this.list = root.querySelector(".map-list");
      const base = root.getAttribute("data-root") || "./";
      this.base = new URL(base.replace(/\/?$/, "/"), window.location.href);
      this.lower = data.t.map((t, i) => `${t}\u0000${data.n[i]}`.toLowerCase());
      this.match = null;   // null: no highlight; else Uint8Array of 0/1
      this.areas = {};     // area index -> true when its legend button is pressed
      this.hover = -1;
      this.bind();
      this.resize();
      this.reset();
      root.paperlistMap = this;  // for tests and the curious
    }

    resize() {
      const w = this.stage.clientWidth || 600;
      const h = Math.max(320, Math.min(Math.round(w * 0.75), Math.round(window.innerHeight * 0.65)));
      const dpr = window.devicePixelRatio || 1;
      this.w = w; this.h = h; this.dpr = dpr;
      this.canvas.width = Math.round(w * dpr);
      this.canvas.height = Math.round(h * dpr);
      Object.assign(this.canvas.style, { width: `${w}px`, height: `${h}px` });
    }

    /** The whole map in view, across the canvas's width and height alike: its axes mean
     * nothing, so it is stretched along the longer (a square in a 4:3 canvas left half of
     * a wide screen empty); `stretch` is the x scale over the y scale. */
    reset() {
      const pad = 24, size = 4095, fitX = (this.w - 2 * pad) / size, fitY = (this.h - 2 * pad) / size;
      this.scale = this.fitScale = Math.min(fitX, fitY);
      this.stretch = fitX / this.scale;
      [this.tx, this.ty] = [pad, (this.h - size * this.scale) / 2];
      this.draw();
    }

    zoom(factor, cx = this.w / 2, cy = this.h / 2) {
      const s = Math.max(0.02, Math.min(this.scale * factor, 40));
      const f = s / this.scale;
      this.tx = cx - (cx - this.tx) * f;
      this.ty = cy - (cy - this.ty) * f;
      this.scale = s;
      this.draw();
    }

    /** Where point i is drawn, in CSS pixels relative to the canvas. */
    point(i) {
      return { x: this.data.x[i] * this.scale * this.stretch + this.tx, y: this.data.y[i] * this.scale + this.ty };
    }

    /** Point i in page coordinates, for tests that click it. */
    screenPoint(i) {
      const r = this.canvas.getBoundingClientRect(), p = this.point(i);
      return { x: r.left + p.x, y: r.top + p.y };
    }

    /** The page of point i, relative to the site root ("papers/prorl/"). */
    path(i) { return (this.data.pre || "") + this.data.p[i] + (this.data.suf || ""); }

    indexOf(path) { return this.data.p.findIndex((_, i) => this.path(i) === path); }

    anyArea() { return Object.values(this.areas).some(Boolean); }

    visible(i, anyArea = this.anyArea()) {
      return (!this.match || !!this.match[i]) && (!anyArea || !!this.areas[this.data.a[i]]);
    }

    /** Points are big when few, small when many, and grow as you zoom in. */
    radius() {
      const base = this.n < 200 ? 6 : this.n < 2000 ? 4 : 2.4;
      return Math.max(1.5, Math.min(12, base * Math.sqrt(this.scale / this.fitScale)));
    }

    /** Where to write each area's name: the middle of its papers. */
    centroids() {
      const d = this.data, sx = {}, sy = {}, c = {};
      for (let i = 0; i < this.n; i++) {
        const a = d.a[i];
        if (a < 0) continue;
        sx[a] = (sx[a] || 0) + d.x[i]; sy[a] = (sy[a] || 0) + d.y[i]; c[a] = (c[a] || 0) + 1;
      }
      return Object.keys(c).sort((p, q) => c[q] - c[p] || p - q)  // larger areas first
        .map((k) => ({ a: +k, x: sx[k] / c[k], y: sy[k] / c[k] }));
    }

    /** The areas' names where drawn, [text, x, y]: at their papers' middle, in the canvas
     * (none for a middle out of view), clear of names placed before (larger areas'):
     * within 3 lines up or down where it covers fewest points (`grid`: a name hid its
     * area's only point), else the nearest clear line, if any. */
    placed(ctx) {
      const line = 16, done = [], out = [], near = 6, r = this.radius();
      const { occ, cols, cell } = this.grid;
      for (const lab of this.labels) {
        const text = this.data.areas[lab.a], half = ctx.measureText(text).width / 2 + 4;
        const cx = lab.x * this.scale * this.stretch + this.tx, cy = lab.y * this.scale + this.ty;
        if (cx < 0 || cx > this.w || cy < 0 || cy > this.h) continue;
        const x = Math.max(half, Math.min(cx, this.w - half));
        const at = Math.round(Math.min(Math.max(cy, line), this.h - 4));
        const clear = (y) => y >= line && y <= this.h - 4 && done.every((o) =>
          Math.abs(o.y - y) >= line || Math.abs(o.x - x) >= o.half + half);
        const cells = (v, top) => Math.min(Math.max(Math.floor(v / cell), 0), top);
        // the points under the name (13px text on its baseline), counted exactly: by grid
        // square, names moved back and forth as the map was dragged a pixel at a time
        const under = (p, y) => Math.abs(p.x - x) < half + r && p.y > y - 13 - r && p.y < y + 3 + r;
        const covers = (y) => {
          let n = 0;
          const [c0, c1] = [cells(x - half - r, cols - 1), cells(x + half + r, cols - 1)];
          for (let row = cells(y - 13 - r, 1e9); row <= cells(y + 3 + r, 1e9); row++) {
            for (let c = c0; c <= c1; c++) for (const p of occ.get(row * cols + c) || []) n += under(p, y);
          }
          return n;
        };
        let y = null, fewest = Infinity;
        for (let k = 0; k < 40 && (y === null || k <= near); k++) {
          const at2 = at + (k % 2 ? 1 : -1) * Math.ceil(k / 2) * line;
          const n = clear(at2) ? (k <= near ? covers(at2) : 0) : Infinity;
          if (n < fewest) [fewest, y] = [n, at2];
          if (!fewest) break;
        }
        if (y === null) continue;
        done.push({ x, y, half });
        out.push([text, x, y]);
      }
      return out;
    }

    draw() {
      const ctx = this.canvas.getContext("2d"), d = this.data, r = this.radius();
      ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
      ctx.clearRect(0, 0, this.w, this.h);
      const anyArea = this.anyArea(), filtering = !!this.match || anyArea;
      const groups = {}, cell = 16, cols = Math.ceil(this.w / cell), occ = new Map();
      this.grid = { occ, cols, cell };  // the drawn points by 16-px square (see `placed`)
      let shown = 0;
      for (let i = 0; i < this.n; i++) {
        const on = this.visible(i, anyArea);
        if (on) shown++;
        const key = (on ? "1:" : "0:") + d.a[i];
        (groups[key] = groups[key] || []).push(i);
      }
      for (const key of Object.keys(groups).sort()) {  // dimmed ("0:") first, highlighted on top
        const on = key.charAt(0) === "1", area = +key.slice(2);
        ctx.globalAlpha = on ? (filtering ? 1 : 0.85) : 0.12;
        ctx.fillStyle = d.colours[area] || "#888";
        ctx.beginPath();
        for (const i of groups[key]) {
          const p = this.point(i);
          if (p.x < -r || p.y < -r || p.x > this.w + r || p.y > this.h + r) continue;
          const at = Math.floor(p.y / cell) * cols + Math.floor(p.x / cell);
          if (on && p.x >= 0 && p.y >= 0 && p.x < this.w && p.y < this.h) (occ.get(at) || occ.set(at, []).get(at)).push(p);
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
      for (const [text, lx, ly] of this.placed(ctx)) {
        ctx.strokeText(text, lx, ly);  // a halo in the page colour keeps it legible
        ctx.fillText(text, lx, ly);
      }
      ctx.globalAlpha = 1;
      if (this.hover >= 0) {
        const hp = this.point(this.hover);
        ctx.lineWidth = 2;
        ctx.strokeStyle = getComputedStyle(this.root).color || "#000";
        ctx.beginPath();
        ctx.arc(hp.x, hp.y, r + 3, 0, 2 * Math.PI);
        ctx.stroke();
      }
      if (this.count) {
        const total = this.n.toLocaleString("en");
        this.count.textContent = filtering
          ? `${shown.toLocaleString("en")} of ${total} papers highlighted` : `${total} papers`;
      }
    }

    nearest(x, y) {
      const anyArea = this.anyArea();
      let best = -1, bestD = Math.max(8, this.radius() + 3) ** 2;
      for (let i = 0; i < this.n; i++) {
        const p = this.point(i), dx = p.x - x, dy = p.y - y, dd = dx * dx + dy * dy;
        if (dd <= bestD && (this.visible(i, anyArea) || !this.match)) { best = i; bestD = dd; }
      }
      return best;
    }

    showTip(i, x, y) {
      const tip = this.tip, d = this.data;
      if (i < 0) { tip.hidden = true; return; }
      tip.textContent = "";
      const title = document.createElement("strong");
      title.textContent = d.t[i];
      if (d.f && d.f[i] & 8) title.className = "inferred";  // as listings set it (columns.py)
      tip.appendChild(title);
      if (d.n[i]) tip.appendChild(Object.assign(document.createElement("span"), { textContent: d.n[i] }));
      tip.appendChild(Object.assign(document.createElement("span"),
        { className: "map-tooltip-area", textContent: d.areas[d.a[i]] || "" }));
      tip.hidden = false;
      const left = Math.min(x + 14, this.w - tip.offsetWidth - 4);
      const top = y + 14 + tip.offsetHeight > this.h ? y - tip.offsetHeight - 10 : y + 14;
      tip.style.left = `${Math.max(0, left)}px`;
      tip.style.top = `${Math.max(0, top)}px`;
    }

    open(i) { window.location.href = new URL(this.path(i), this.base).href; }

    setQuery(query) {
      const q = query.trim().toLowerCase();
      this.match = q ? Uint8Array.from(this.lower, (text) => (text.includes(q) ? 1 : 0)) : null;
      this.draw();
      this.fillList();
    }

    /** The text alternative: the shown points as links, by title; only while it is open,
     * LIST_STEP at a time ("Show more"): 12,000 links at once froze the page for 2.4 s,
     * and again at each letter typed in the highlight box. */
    fillList(more = false) {
      if (!this.list) return;
      const d = this.data, anyArea = this.anyArea();
      // by title, sorted once; then each change only filters
      this.byTitle ||= Array.from({ length: this.n }, (_, i) => i)
        .sort((a, b) => (d.t[a] < d.t[b] ? -1 : d.t[a] > d.t[b] ? 1 : 0));
      const shown = this.byTitle.filter((i) => this.visible(i, anyArea));
      this.list.querySelector("summary").textContent = shown.length === this.n
        ? `List the ${this.n.toLocaleString("en")} papers shown on the map`
        : `List the ${shown.length.toLocaleString("en")} highlighted papers`;
      if (!this.list.open) return;
      const ol = this.list.querySelector(".map-list-items");
      const from = more ? ol.children.length : 0;
      const step = this.listStep || LIST_STEP, upto = Math.min(shown.length, from + step);
      const items = shown.slice(from, upto).map((i) => {
        const li = document.createElement("li"), a = document.createElement("a");
        a.href = new URL(this.path(i), this.base).href;
        a.textContent = d.t[i];
        if (d.f && d.f[i] & 8) a.className = "inferred";
        li.appendChild(a);
        if (d.n[i]) li.append(` \u00b7 ${d.n[i]}`);
        return li;
      });
      if (more) ol.append(...items); else ol.replaceChildren(...items);
      if (more && items.length) items[0].querySelector("a").focus();  // where reading goes on
      const left = shown.length - upto;
      this.moreButton.hidden = !left;
      this.moreButton.textContent = `Show ${Math.min(left, step).toLocaleString("en")} more`
        + ` (of ${left.toLocaleString("en")} not listed yet)`;
    }

    bind() {
      const c = this.canvas;
      let drag = null;
      c.tabIndex = 0;
      const local = (ev) => {
        const r = c.getBoundingClientRect();
        return { x: ev.clientX - r.left, y: ev.clientY - r.top };
      };
      c.addEventListener("pointerdown", (ev) => {
        const p = local(ev);
        drag = { x: p.x, y: p.y, tx: this.tx, ty: this.ty, moved: false };
        c.setPointerCapture(ev.pointerId);
      });
      c.addEventListener("pointermove", (ev) => {
        const p = local(ev);
        if (drag) {
          if (Math.abs(p.x - drag.x) + Math.abs(p.y - drag.y) > 4) drag.moved = true;
          if (drag.moved) {
            this.tx = drag.tx + p.x - drag.x;
            this.ty = drag.ty + p.y - drag.y;
            this.tip.hidden = true;
            this.draw();
            return;
          }
        }
        const i = this.nearest(p.x, p.y);
        c.style.cursor = i >= 0 ? "pointer" : (drag ? "grabbing" : "grab");
        if (i !== this.hover) { this.hover = i; this.draw(); }
        this.showTip(i, p.x, p.y);
      });
      c.addEventListener("pointerup", (ev) => {
        const p = local(ev), wasDrag = drag && drag.moved;
        drag = null;
        if (!wasDrag) {
          const i = this.nearest(p.x, p.y);
          if (i >= 0) this.open(i);
        }
      });
      c.addEventListener("pointerleave", () => {
        this.tip.hidden = true;
        if (this.hover >= 0) { this.hover = -1; this.draw(); }
      });
      c.addEventListener("wheel", (ev) => {
        ev.preventDefault();
        const p = local(ev);
        this.zoom(Math.exp(-ev.deltaY * 0.0015), p.x, p.y);
      }, { passive: false });
      const step = 40;
      const keys = {
        "+": () => this.zoom(1.4), "=": () => this.zoom(1.4), "-": () => this.zoom(1 / 1.4),
        ArrowLeft: () => { this.tx += step; this.draw(); },
        ArrowRight: () => { this.tx -= step; this.draw(); },
        ArrowUp: () => { this.ty += step; this.draw(); },
        ArrowDown: () => { this.ty -= step; this.draw(); },
        0: () => this.reset(),
      };
      c.addEventListener("keydown", (ev) => {
        if (!Object.hasOwn(keys, ev.key)) return;
        keys[ev.key]();
        ev.preventDefault();
      });
      for (const b of this.root.querySelectorAll(".map-zoom")) {
        b.addEventListener("click", () => {
          const z = b.getAttribute("data-zoom");
          if (z === "in") this.zoom(1.5); else if (z === "out") this.zoom(1 / 1.5); else this.reset();
        });
      }
      for (const b of this.root.querySelectorAll(".map-legend-item")) {
        b.addEventListener("click", () => {
          const on = b.getAttribute("aria-pressed") !== "true";
          b.setAttribute("aria-pressed", on ? "true" : "false");
          this.areas[b.getAttribute("data-area")] = on;
          this.draw();
          this.fillList();
        });
      }
      if (this.search) {
        this.search.addEventListener("input", () => this.setQuery(this.search.value));
      }
      if (this.list) {
        this.moreButton = this.list.appendChild(Object.assign(document.createElement("button"),
          { type: "button", className: "md-button map-list-more", hidden: true }));
        this.moreButton.addEventListener("click", () => this.fillList(true));
        this.list.addEventListener("toggle", () => this.fillList());
        this.fillList();
      }
      // a query the browser put back in the box (Back from a paper) is applied, not only shown
      if (this.search && this.search.value.trim()) this.setQuery(this.search.value);
      let width = this.stage.clientWidth;
      const onResize = () => {
        // Instant navigation may have swapped this map out of the page: stop listening.
        if (!this.root.isConnected) { window.removeEventListener("resize", onResize); return; }
        if (this.stage.clientWidth === width) return;
        width = this.stage.clientWidth;
        this.resize();
        this.reset();
      };
      window.addEventListener("resize", onResize);
    }
  }

  /** Set up the page's map, if it has one not yet set up. */
  function init() {
    const root = document.querySelector(".paperlist-map");
    if (!ready(root)) return;
    loadMapData(root.getAttribute("data-map-src")).then((data) => {
      if (data && root.isConnected) new MapView(root, data);
    }, (err) => console.warn("paperlist map:", err));
  }

  window.paperlist.widgets["map.js"] = { init };
})();
