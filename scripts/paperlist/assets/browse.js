/* paperlist browse filters: tags required or excluded, code, data, author, decision, venue,
 * sort, pages. A classic script (not a module: the site also works from file://) that
 * loader.js loads on pages with a `form.browse-filters`. The browse page lists the first page
 * of papers by title; the whole catalogue comes from a compact data file, fetched once, whose
 * keys are those of paperlist/discover/columns.py (p path, t title, n short name, g tag
 * indices into `tags`, f 1 code | 2 data | 4 title begins with the name | 8 title inferred,
 * s first sentence, pre/suf of paths; once pages have them, authors + au + etal, statuses +
 * st; venues + ve). Filtering runs over those arrays and only the current page of results is
 * drawn, so a view costs the same whatever the size of the venue. The view lives in the query
 * string: ?tag=a&tag=b&not=c&code=1&data=1&sort=name&page=3&per=100, &author=<full name> (a
 * paper page links each author so; case and accents aside, shown as a chip that clears it),
 * &status=Oral&status=Poster and &venue=<name> (either of the ticked); the keys are
 * structure/paths.py's BROWSE_*. Text from pages is only ever set with textContent. */
(() => {
  "use strict";

  const { ready, onPageLink } = window.paperlist;  // loader.js

  const browseData = new Map();  // data URL -> Promise of the parsed file (kept across pages)

  function loadBrowseData(src) {
    if (!browseData.has(src)) {
      const loading = fetch(src)
        .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`browse data: HTTP ${r.status}`))));
      loading.catch(() => browseData.delete(src));
      browseData.set(src, loading);
    }
    return browseData.get(src);
  }

  /** 12,000 (toLocaleString would load the locale data: 20 ms on the first call) */
  const fmt = (x) => String(x).replace(/\B(?=(\d{3})+$)/g, ",");

  const tagText = (b) => (b.firstChild ? b.firstChild.textContent.trim() : "");

  /** Case, accents and runs of spaces aside: how `?author=` matches a name (as
   * search-text.js `fold` does for the search box's `author:`). */
  const fold = (text) => String(text).normalize("NFKD").replace(/[\u0300-\u036f]/g, "")
    .toLowerCase().replace(/\s+/g, " ").trim();

  const make = (tag, cls, text) => {
    const el = document.createElement(tag);
    el.className = cls;
    el.textContent = text;
    return el;
  };

  /** The filters of ticked boxes, any of a kind's values: URL key (structure/paths.py
   * BROWSE_*) -> the data's names and each paper's index into them (-1: none). */
  const BOXES = { status: ["statuses", "st"], venue: ["venues", "ve"] };

  class BrowseView {
    constructor(form, list, data) {
      this.form = form;
      this.list = list;
      this.d = data;
      this.n = data.t.length;
      this.defaultPer = parseInt(list.getAttribute("data-page-size"), 10) || 50;
      const root = list.getAttribute("data-root") || "";
      this.rootDir = root.replace(/[^/]*$/, "");  // "../" or "" (index.html) -> its folder
      this.buttons = [...form.querySelectorAll(".browse-tag")];
      this.byTag = {};
      this.tagName = [];
      this.tagHref = [];
      this.index = {};
      data.tags.forEach((slug, k) => { this.index[slug] = k; });
      for (const b of this.buttons) {
        const slug = b.getAttribute("data-tag"), k = this.index[slug];
        this.byTag[slug] = b;
        if (k === undefined) continue;
        this.tagName[k] = b.firstChild ? tagText(b) : slug;
        this.tagHref[k] = b.getAttribute("data-href");
      }
      // member[k][i] = 1 when paper i has tag k
      this.member = data.tags.map(() => new Uint8Array(this.n));
      data.g.forEach((g, i) => { for (const k of g) if (this.member[k]) this.member[k][i] = 1; });
      this.status = form.querySelector(".browse-status");
      this.count = document.querySelector(".browse-total");
      this.pager = list.parentNode.querySelector("nav.browse-pager");
      if (!this.pager) {
        this.pager = list.parentNode.insertBefore(make("nav", "browse-pager", ""), list.nextSibling);
        this.pager.setAttribute("aria-label", "Pages");
      }
      [this.page, this.per] = [1, this.defaultPer];
      this.byName = null;
      this.authors = [];  // ?author= values, as typed
      this.folded = null;  // data.authors folded, made on the first ?author=
      this.chips = make("p", "browse-chips", "");
      form.insertBefore(this.chips, this.status);
      list.paperlistBrowse = this;  // for tests and the curious
    }

    /** Paper indices by short name (case-insensitive), unnamed papers last, ties by title. */
    nameOrder() {
      if (this.byName) return this.byName;
      const keys = this.d.n.map((s) => s.toLowerCase());
      this.byName = keys.map((_, i) => i).sort((a, b) => {
        const x = keys[a], y = keys[b];
        if (!x !== !y) return x ? -1 : 1;
        return x < y ? -1 : x > y ? 1 : a - b;
      });
      return this.byName;
    }

    setState(b, state) {
      b.setAttribute("data-state", state);
      b.setAttribute("aria-pressed", state === "include" ? "true" : state === "exclude" ? "mixed" : "false");
      const name = tagText(b);
      b.title = state === "include" ? `${name}: required (click to exclude)`
        : state === "exclude" ? `${name}: excluded (click to clear)` : `${name} (click to require)`;
    }

    readURL() {
      const q = new URLSearchParams(window.location.search), els = this.form.elements;
      for (const b of this.buttons) this.setState(b, "");
      this.unknown = [];  // a stale link's tags, which the status names, not drops unsaid
      for (const [key, state] of [["tag", "include"], ["not", "exclude"]]) {
        for (const t of q.getAll(key)) Object.hasOwn(this.byTag, t) ? this.setState(this.byTag[t], state) : this.unknown.push(t);
      }
      els.code.checked = q.get("code") === "1";
      els.data.checked = q.get("data") === "1";
      els.sort.value = q.get("sort") === "name" ? "name" : "title";
      for (const k in BOXES) {
        const wanted = new Set(q.getAll(k));
        for (const box of this.boxes(k)) box.checked = wanted.has(box.value);
      }
      this.authors = q.getAll("author").filter((a) => a.trim());
      const per = parseInt(q.get("per"), 10);
      this.per = per >= 5 && per <= 1000 ? per : this.defaultPer;
      const page = parseInt(q.get("page"), 10);
      this.page = page >= 1 ? page : 1;
    }

    state() {
      const s = { tag: [], not: [] }, els = this.form.elements;
      for (const b of this.buttons) {
        const st = b.getAttribute("data-state");
        if (st === "include") s.tag.push(b.getAttribute("data-tag"));
        if (st === "exclude") s.not.push(b.getAttribute("data-tag"));
      }
      s.code = els.code.checked;
      s.data = els.data.checked;
      s.sort = els.sort.value;
      for (const k in BOXES) s[k] = this.boxes(k).filter((b) => b.checked).map((b) => b.value);
      s.author = [...this.authors];
      return s;
    }

    boxes(key) { return [...this.form.querySelectorAll(`input[name="${key}"]`)]; }

    /** For each wanted author, the set of indices into data.authors of that name. */
    authorSets(wanted) {
      if (!wanted.length) return [];
      const names = this.d.authors || [];
      if (!this.folded) this.folded = names.map(fold);
      return wanted.map((a) => {
        const f = fold(a), set = new Set();
        this.folded.forEach((name, k) => { if (name === f) set.add(k); });
        return set;
      });
    }

    /** The name as the pages write it ("Zoë Ångström" for ?author=zoe angstrom). */
    authorName(typed) {
      const [set] = this.authorSets([typed]);
      return set.size ? this.d.authors[set.values().next().value] : typed;
    }

    /** The query string of a view, "" for the default one. */
    query(s, page) {
      const q = new URLSearchParams();
      for (const t of s.tag) q.append("tag", t);
      for (const t of s.not) q.append("not", t);
      if (s.code) q.set("code", "1");
      if (s.data) q.set("data", "1");
      for (const a of s.author) q.append("author", a);
      for (const k in BOXES) for (const v of s[k]) q.append(k, v);
      if (s.sort !== "title") q.set("sort", s.sort);
      if (page > 1) q.set("page", String(page));
      if (this.per !== this.defaultPer) q.set("per", String(this.per));
      const qs = q.toString();
      return qs ? `?${qs}` : "";
    }

    /** The view's URL: a history entry of its own when `push` (a page or filter chosen). */
    writeURL(s, push) {
      const url = window.location.pathname + this.query(s, this.page) + window.location.hash;
      if (url === window.location.pathname + window.location.search + window.location.hash) return;
      history[push ? "pushState" : "replaceState"](history.state, "", url);
    }

    /** Indices of the papers the view shows, in its order. */
    filter(s) {
      const f = this.d.f, out = [];
      if (s.tag.some((t) => this.index[t] === undefined)) return out;
      const req = s.tag.map((t) => this.member[this.index[t]]);
      const exc = s.not.filter((t) => this.index[t] !== undefined)
        .map((t) => this.member[this.index[t]]);
      const need = (s.code ? 1 : 0) | (s.data ? 2 : 0);
      const order = s.sort === "name" ? this.nameOrder() : null;
      const by = this.authorSets(s.author), au = this.d.au || [];
      // each kind with boxes ticked: the indices of its values ticked, each paper's index
      const ticked = Object.entries(BOXES).filter(([k]) => s[k].length).map(([k, [names, at]]) =>
        [new Set(s[k].map((v) => (this.d[names] || []).indexOf(v))), this.d[at] || []]);
      for (let j = 0; j < this.n; j++) {
        const i = order ? order[j] : j;
        if ((f[i] & need) !== need) continue;
        if (ticked.some(([set, at]) => !(at[i] >= 0 && set.has(at[i])))) continue;
        if (by.length && !by.every((set) => (au[i] || []).some((k) => set.has(k)))) continue;
        if (req.every((m) => m[i]) && !exc.some((m) => m[i])) out.push(i);
      }
      return out;
    }

    /** A row, as html/listings.py paper_item writes it. */
    item(i) {
      const d = this.d, li = make("li", "paper-item", "");
      const a = li.appendChild(make("a", `paper-item-title${d.f[i] & 8 ? " inferred" : ""}`, d.t[i]));
      a.href = this.rootDir + (d.pre || "") + d.p[i] + (d.suf || "");
      if (d.n[i] && !(d.f[i] & 4)) li.append(" ", make("span", "paper-name", d.n[i]));
      if (d.st && d.st[i] >= 0) li.append(" ", make("span", "paper-status", d.statuses[d.st[i]]));
      const names = d.au ? d.au[i].map((k) => d.authors[k]) : [];
      if (names.length) {  // as short_authors there
        const shown = names.slice(0, d.etal).join(", ");
        li.appendChild(make("span", "paper-item-authors",
          names.length > d.etal ? `${shown} et al.` : shown));
      }
      const tags = li.appendChild(make("span", "paper-item-tags", ""));
      for (const k of d.g[i]) {
        const href = this.tagHref[k];
        const chip = tags.appendChild(make(href ? "a" : "span", "paper-tag", this.tagName[k] || d.tags[k]));
        if (href) chip.setAttribute("href", href);
      }
      li.appendChild(make("span", "paper-item-first", d.s[i]));
      return li;
    }

    drawPager(s, pages) {
      const nav = this.pager, page = this.page;
      nav.textContent = "";
      nav.hidden = pages <= 1;
      if (pages <= 1) return;
      const add = (k, text, cls, rel) => {
        let el;
        if (k < 1 || k > pages) {
          el = document.createElement("span");
          el.setAttribute("aria-disabled", "true");
        } else if (k === page && !cls) {
          el = document.createElement("span");
          el.setAttribute("aria-current", "page");
          el.tabIndex = -1;  // where focus goes from the number a keyboard user chose
          cls = " browse-current";
        } else {
          el = document.createElement("a");
          el.href = window.location.pathname + this.query(s, k);
          el.setAttribute("data-page", String(k));
          if (rel) el.rel = rel;
        }
        el.className = `browse-page${cls || ""}`;
        el.textContent = text;
        nav.appendChild(el);
      };
      add(page - 1, "\u2190 Previous", " browse-prev", "prev");
      const around = [];
      for (let k = Math.max(1, page - 2); k <= Math.min(pages, page + 2); k++) around.push(k);
      let last = 0;
      for (const k of [...new Set([1, pages, ...around])].sort((a, b) => a - b)) {
        if (k - last > 1) {
          const gap = document.createElement("span");
          gap.className = "browse-gap";
          gap.textContent = "\u2026";
          nav.appendChild(gap);
        }
        add(k, String(k));
        last = k;
      }
      add(page + 1, "Next \u2192", " browse-next", "next");
    }

    apply() {
      const s = this.state(), hits = this.filter(s), total = hits.length;
      const pages = Math.max(1, Math.ceil(total / this.per));
      this.page = Math.min(Math.max(1, this.page), pages);
      const from = (this.page - 1) * this.per, to = Math.min(total, from + this.per);
      const frag = document.createDocumentFragment();
      for (let j = from; j < to; j++) frag.appendChild(this.item(hits[j]));
      this.list.replaceChildren(frag);
      this.drawPager(s, pages);
      this.hits = hits;
      // (an empty list said only "Showing 0 of 19 papers", with nothing below it)
      const parts = [total || !this.n ? `Showing ${fmt(total)} of ${fmt(this.n)} paper${this.n === 1 ? "" : "s"}`
        : `No paper of the ${this.n === 1 ? "one" : fmt(this.n)} matches these filters ("Clear filters" shows ${this.n === 1 ? "it" : "them all"})`];
      if (pages > 1) parts[0] += ` (${fmt(from + 1)}\u2013${fmt(to)}, page ${this.page} of ${pages})`;
      const names = (slugs) => slugs.map((t) => tagText(this.byTag[t])).join(", ");
      const summary = this.form.querySelector(".browse-tags-summary");
      if (summary) summary.textContent = s.tag.length || s.not.length ? `(${s.tag.length} required, ${s.not.length} excluded)` : "";
      if (this.unknown?.length) parts.push(`no tag ${[...new Set(this.unknown)].map((t) => `\u201c${t}\u201d`).join(" or ")} in this catalogue, so it is not applied`);
      if (s.tag.length) parts.push(`with all of: ${names(s.tag)}`);
      if (s.not.length) parts.push(`without: ${names(s.not)}`);
      if (s.code) parts.push("with code");
      if (s.data) parts.push("with data");
      if (s.status.length) parts.push(`status ${s.status.join(" or ")}`);
      if (s.venue.length) parts.push(`from ${s.venue.join(" or ")}`);
      const shownNames = s.author.map((a) => this.authorName(a));
      if (shownNames.length) parts.push(`by ${shownNames.join(" and ")}`);
      this.drawChips(s.author, shownNames);
      parts.push(`sorted by ${s.sort === "name" ? "short name" : "title"}`);
      this.status.textContent = `${parts.join("; ")}.`;
      if (this.count) this.count.textContent = `${fmt(this.n)} paper${this.n === 1 ? "" : "s"}.`;
      return s;
    }

    /** One "Papers by Name ×" button per ?author=, which clears it. */
    drawChips(typed, names) {
      this.chips.textContent = "";
      this.chips.hidden = !typed.length;
      typed.forEach((a, k) => {
        const chip = make("button", "paper-tag browse-chip", `Papers by ${names[k]} \u00d7`);
        chip.type = "button";
        chip.setAttribute("data-author", a);
        chip.setAttribute("aria-label", `Papers by ${names[k]}: click to show everyone's`);
        this.chips.appendChild(chip);
      });
    }

    bind() {
      const form = this.form;
      const changed = () => { this.page = 1; this.unknown = []; this.writeURL(this.apply(), true); };
      this.chips.addEventListener("click", (ev) => {
        const chip = ev.target.closest && ev.target.closest(".browse-chip");
        if (!chip) return;
        const k = this.authors.indexOf(chip.getAttribute("data-author"));
        if (k >= 0) this.authors.splice(k, 1);
        changed();
      });
      for (const b of this.buttons) {
        b.addEventListener("click", () => {
          const st = b.getAttribute("data-state");
          this.setState(b, st === "" ? "include" : st === "include" ? "exclude" : "");
          changed();
        });
      }
      form.addEventListener("change", changed);
      form.addEventListener("submit", (ev) => ev.preventDefault());
      form.querySelector(".browse-clear").addEventListener("click", () => {
        for (const b of this.buttons) this.setState(b, "");
        form.elements.code.checked = false;
        form.elements.data.checked = false;
        for (const k in BOXES) for (const box of this.boxes(k)) box.checked = false;
        this.authors = [];
        form.elements.sort.value = "title";
        changed();
      });
      onPageLink(this.pager, (n) => {
        const was = this.pager.contains(document.activeElement) && document.activeElement;
        this.page = n;
        this.writeURL(this.apply(), true);
        if (this.list.getBoundingClientRect().top < 0) this.form.scrollIntoView();
        // the pager is redrawn: focus stays on the same control (else <body>), or on the
        // page now current (a number chosen; Next to the last page), without scrolling
        const links = [...this.pager.querySelectorAll("a, [aria-current]")];
        if (was) (links.find((a) => (was.rel ? a.rel === was.rel : a.hasAttribute("aria-current")))
          || links.at(was.rel === "next" ? -1 : 0))?.focus({ preventScroll: true });
      });
      // Back and Forward show their entry's view (Material's instant navigation may load
      // the page again for it, which reads the URL alike); no more once the page is left
      const onPop = () => (document.body.contains(this.list) ? (this.readURL(), this.apply())
        : window.removeEventListener("popstate", onPop));
      window.addEventListener("popstate", onPop);
    }
  }

  /** Set up the page's filters, if it has them and they are not yet set up. */
  function init() {
    const form = document.querySelector("form.browse-filters");
    const list = document.querySelector("ul.browse-list");
    const src = list && list.getAttribute("data-src");
    if (!src || !form || !ready(form)) return;
    loadBrowseData(src).then((data) => {
      if (!document.body.contains(list)) return;  // left the page meanwhile
      const view = new BrowseView(form, list, data);
      view.bind();
      view.readURL();
      const asked = view.page, initial = view.apply();
      if (view.page !== asked) view.writeURL(initial);  // a page past the end of the results
      const details = form.querySelector(".browse-tags-details");
      // opened for a link's tags, but not on a phone, where it would push the results down
      if (details && (initial.tag.length || initial.not.length) && !matchMedia("(max-width: 44.9375em)").matches) details.open = true;
      form.hidden = false;
    }, (err) => {
      // The server-rendered first page and its pager stay; say why filters are missing.
      const note = document.createElement("p");
      note.className = "browse-status";
      note.textContent = `Filters are unavailable (${err.message}); the pages below list every paper by title.`;
      form.parentNode.insertBefore(note, form);
    });
  }

  window.paperlist.widgets["browse.js"] = { init };
})();
