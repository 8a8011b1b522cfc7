/* paperlist search page (/search/): every result of a query, 50 a page, with facet filters.
 *
 * A classic script that loader.js loads on pages with a `.paperlist-search`. The page's
 * `data-config` (html/searchpage.py) names the site root, the engine's script and each
 * tag's page, and lists the facets; this script derives no URL of the site and knows no
 * facet by name: each is drawn, put in the URL and sent to the engine from its entry
 * ("values": a checkbox per value the engine counts, "flag": one checkbox). The engine
 * (search-core.js) answers a page of results, the true total and the facet counts
 * (disjunctive: a facet's counts ignore that facet's own filter).
 *
 * The view is the URL: ?q=…&tag=a&tag=b&venue=…&status=…&code=1&data=1&page=2. Typing replaces
 * the history entry (debounced); a filter or a page adds one, so Back undoes it. Keys:
 * `/` focuses the box (instead of Material's header box, on this page only), ↓/↑ or j/k
 * move through the results, Enter opens one. The count is in an aria-live region.
 * Text from pages is set with textContent; the engine's excerpt is HTML it made safe.
 */
(() => {
  "use strict";

  const { ready, onPageLink } = window.paperlist;  // loader.js
  const TYPING_DELAY = 200;  // ms after the last key before searching
  let core = null;  // Promise of window.paperlistSearch, kept across pages

  /** 1,234 (toLocaleString would load the locale data) */
  const fmt = (x) => String(x).replace(/\B(?=(\d{3})+$)/g, ",");

  const loadScript = (src) => new Promise((resolve, reject) => {
    const script = Object.assign(document.createElement("script"), { src, onload: resolve });
    script.onerror = () => { script.remove(); reject(new Error("the search engine did not load")); };
    document.head.appendChild(script);
  });

  /** The engine's scripts, one after the other (each needs the one before). */
  function loadCore(srcs) {
    if (!core) {
      core = srcs.reduce((p, src) => p.then(() => window.paperlistSearch || loadScript(src)),
        Promise.resolve()).then(() => window.paperlistSearch ||
          Promise.reject(new Error("the search engine did not start")));
      core.catch(() => { core = null; });
    }
    return core;
  }

  const make = (tag, cls, text) => {
    const el = document.createElement(tag);
    if (cls) el.className = cls;
    if (text !== undefined) el.textContent = text;
    return el;
  };

  const checkbox = (name, value) => {
    const input = make("input");
    input.type = "checkbox";
    input.name = name;
    if (value !== undefined) input.value = value;
    return input;
  };

  /** A typing target, where `/`, j and k are letters. */
  const editable = (el) => el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));

  class SearchPage {
    constructor(el, config, api) {
      this.el = el;
      this.config = config;
      this.per = config.pageSize || 50;
      this.engine = api.create(new URL(config.root, window.location.href).href);
      // Pagefind, and a small catalogue's fragments, load while the page starts (not behind it)
      this.engine.preload().catch(() => {});
      const find = (cls) => el.querySelector(`.search-${cls}`);
      [this.input, this.status, this.list] = [find("input"), find("status"), find("results")];
      [this.pager, this.facetBox, this.topicLine] = [find("pager"), find("facets"), find("topics")];
      // Folded where the stylesheet shows their button (a phone): there results come first
      const fold = find("filters-toggle");
      const folded = (y) => { this.facetBox.hidden = y; fold.setAttribute("aria-expanded", !y); };
      fold.addEventListener("click", () => folded(!this.facetBox.hidden));
      folded(getComputedStyle(fold).display !== "none");
      this.groups = new Map();  // facet key -> {facet, box, items: Map value -> {li, input, count}}
      for (const facet of config.facets) this.groups.set(facet.key, this.makeGroup(facet));
      [this.q, this.page, this.timer] = ["", 1, 0];
      el.paperlistSearch = this;  // for tests and the curious
    }

    makeGroup(facet) {
      const group = { facet, items: new Map() };
      if (facet.kind === "flag") {
        group.box = make("div", "search-facet search-facet-flag");
        group.input = checkbox(facet.key);
        group.count = make("span", "search-facet-count");
        group.box.appendChild(make("label")).append(group.input, ` ${facet.label} `, group.count);
      } else {
        group.box = make("fieldset", "search-facet");
        group.box.appendChild(make("legend", "", facet.label));
        group.list = make("ul", "search-facet-values");
        group.box.appendChild(group.list);
      }
      this.facetBox.appendChild(group.box);
      return group;
    }

    /** The filters the checkboxes say: {tag: [...], code: true} (empty ones left out). */
    filters() {
      const out = {};
      for (const [key, g] of this.groups) {
        const on = g.facet.kind === "flag" ? g.input.checked
          : [...g.items].filter(([, it]) => it.input.checked).map(([v]) => v);
        if (on === true || on.length) out[key] = on;
      }
      return out;
    }

    /** The value checkbox of a facet, made on first sight (of a count or of the URL). */
    item(g, value, label) {
      let it = g.items.get(value);
      if (!it) {
        const li = make("li"), input = checkbox(g.facet.key, value);
        it = { li, input, name: make("span", "search-facet-name", label), count: make("span", "search-facet-count") };
        li.appendChild(make("label")).append(input, " ", it.name, " ", it.count);
        g.list.appendChild(li);
        g.items.set(value, it);
      }
      return it;
    }

    readURL() {
      const p = new URLSearchParams(window.location.search);
      this.q = p.get("q") || "";
      if (this.input.value !== this.q) this.input.value = this.q;
      for (const [key, g] of this.groups) {
        if (g.facet.kind === "flag") {
          g.input.checked = p.get(key) === "1";
        } else {
          const wanted = new Set(p.getAll(key));
          for (const [, it] of g.items) it.input.checked = false;
          for (const v of wanted) this.item(g, v, v).input.checked = true;
        }
      }
      const page = parseInt(p.get("page"), 10);
      this.page = page >= 1 ? page : 1;
    }

    /** The query string of the view, "" for an empty one. */
    query(page) {
      const p = new URLSearchParams();
      if (this.q) p.set("q", this.q);
      for (const [key, value] of Object.entries(this.filters())) {
        if (value === true) p.set(key, "1"); else for (const v of value) p.append(key, v);
      }
      if (page > 1) p.set("page", String(page));
      const qs = p.toString();
      return qs ? `?${qs}` : "";
    }

    writeURL(push) {
      const url = window.location.pathname + this.query(this.page) + window.location.hash;
      if (url === window.location.pathname + window.location.search + window.location.hash) return;
      history[push ? "pushState" : "replaceState"](history.state, "", url);
    }

    async run() {
      const filters = this.filters();
      let answer;
      try {
        const asked = this.q.trim() || Object.keys(filters).length;  // else only the counts
        this.data = await this.engine.engine();  // (its tags' pages, for the tag line)
        answer = await this.engine.search(this.q, { limit: asked ? this.per : 0,
          offset: (this.page - 1) * this.per, filters, facets: true });
      } catch (err) {
        this.status.textContent = `Search is unavailable (${err.message}).`;
        this.topicLine.hidden = true;
        return;
      }
      if (!answer) return;  // a newer search is on its way
      const pages = Math.max(1, Math.ceil(answer.total / this.per));
      if (this.page > pages) {  // past the end: the last page instead
        this.page = pages;
        this.writeURL(false);
        this.run();
        return;
      }
      this.show(answer, pages, filters);
    }

    show(answer, pages, filters) {
      this.drawFacets(answer.facets || {});  // of every paper, when nothing is asked
      const asked = this.q.trim() || Object.keys(filters).length;
      this.list.replaceChildren(...answer.results.map((r) => this.result(r)));
      this.drawPager(asked ? pages : 1);
      const from = (this.page - 1) * this.per;
      let text;
      if (!asked) text = "Type to search, or choose a filter.";
      else if (!answer.total) text = "No papers found.";
      else {
        text = window.paperlistSearchText.papersText(answer.total);
        const to = from + answer.results.length + (answer.missing || 0);  // failed ones too
        if (pages > 1) text += ` (${fmt(from + 1)}\u2013${fmt(to)}, page ${this.page} of ${pages})`;
        text += ".";
      }
      this.status.replaceChildren(text);
      const pieces = window.paperlistSearchText.notice(answer);  // as the header box's
      if (pieces.length) {
        const span = make("span", "paperlist-corrected");
        for (const [text, emphasised] of pieces) span.append(emphasised ? make("em", "", text) : text);
        this.status.append(" ", span);
      }
      // the tags the query names (search-text.js `topics`), linked to their pages
      const named = asked ? window.paperlistSearchText.topics(this.data, this.q) : [];
      this.topicLine.replaceChildren(named.length > 1 ? "Tags: " : "Tag: ", ...named.flatMap(
        (t, i) => [i ? ", " : "", Object.assign(make("a", "", t.title), { href: this.config.root
          + t.location }), ` (${window.paperlistSearchText.papersText(t.count)})`]));
      this.topicLine.hidden = !named.length;
    }

    drawFacets(facets) {
      for (const [key, g] of this.groups) {
        const counted = facets[key];
        if (g.facet.kind === "flag") {  // ("Has data (0)": no box to tick, unless ticked)
          g.count.textContent = `(${fmt(counted || 0)})`;
          g.box.hidden = !counted && !g.input.checked;
          continue;
        }
        const seen = new Set();
        for (const entry of Array.isArray(counted) ? counted : []) {
          const value = String(entry.slug ?? entry.value);
          const it = this.item(g, value, String(entry.name ?? entry.value));
          it.name.textContent = String(entry.name ?? entry.value);
          it.count.textContent = `(${fmt(entry.count)})`;
          it.li.hidden = !entry.count && !it.input.checked;
          seen.add(value);
        }
        for (const [value, it] of g.items) {
          if (seen.has(value)) continue;
          it.count.textContent = "(0)";
          it.li.hidden = !it.input.checked;
        }
        g.box.hidden = ![...g.items.values()].some((it) => !it.li.hidden);
      }
    }

    result(r) {
      const li = make("li", "search-result");
      const a = make("a", `search-result-title${r.inferred ? " inferred" : ""}`, r.title);
      a.href = this.config.root + r.url;
      li.appendChild(a);
      const name = window.paperlistSearchText.nameShown(r);
      if (name) li.append(" ", make("span", "paper-name", name));
      const facts = make("span", "search-result-facts");
      if (r.authors && r.authors.length) facts.appendChild(make("span", "search-result-authors", r.authors.join(", ")));
      if (r.venue) facts.appendChild(make("span", "search-result-venue", r.venue));
      if (r.status) facts.appendChild(make("span")).appendChild(make("span", "paper-status", r.status));
      if (facts.firstChild) li.appendChild(facts);
      const tags = make("span", "paper-item-tags");
      for (const t of r.tags || []) {
        const href = this.config.tags[t.slug];
        const chip = make(href ? "a" : "span", "paper-tag", t.name);
        if (href) chip.href = href;
        tags.appendChild(chip);
      }
      li.appendChild(tags);
      const excerpt = make("p", "search-result-excerpt");
      excerpt.innerHTML = r.excerpt || "";  // the engine's HTML: escaped text and <mark>s
      li.appendChild(excerpt);
      return li;
    }

    /** Previous / 1 … 4 5 [6] 7 8 … 25 / Next, as on the browse page. */
    drawPager(pages) {
      const nav = this.pager, page = this.page;
      nav.textContent = "";
      nav.hidden = pages <= 1;
      if (pages <= 1) return;
      const add = (k, text, cls = "", rel = "") => {
        let el;
        if (k < 1 || k > pages) {
          el = make("span");
          el.setAttribute("aria-disabled", "true");
        } else if (k === page && !cls) {
          el = make("span");
          el.setAttribute("aria-current", "page");
          cls = " browse-current";
        } else {
          el = make("a");
          el.href = window.location.pathname + this.query(k);
          el.setAttribute("data-page", String(k));
          if (rel) el.rel = rel;
        }
        el.className = `browse-page${cls}`;
        el.textContent = text;
        nav.appendChild(el);
      };
      add(page - 1, "\u2190 Previous", " browse-prev", "prev");
      let last = 0;
      const shown = new Set([1, pages]);
      for (let k = Math.max(1, page - 2); k <= Math.min(pages, page + 2); k++) shown.add(k);
      for (const k of [...shown].sort((a, b) => a - b)) {
        if (k - last > 1) nav.appendChild(make("span", "browse-gap", "\u2026"));
        add(k, String(k));
        last = k;
      }
      add(page + 1, "Next \u2192", " browse-next", "next");
    }

    links() { return [...this.list.querySelectorAll("a.search-result-title")]; }

    /** `/`, ↓ ↑ j k, on this page; false for keys that are not ours. */
    key(ev) {
      if (ev.ctrlKey || ev.metaKey || ev.altKey || document.getElementById("__search")?.checked) {
        return false;  // Material's header box is open: its keys
      }
      const active = document.activeElement, links = this.links();
      if (ev.key === "/" && (!editable(active) || (active === this.input && !this.input.value))) {
        this.input.focus();
        this.input.select();
        return true;
      }
      const down = ev.key === "ArrowDown" || (ev.key === "j" && !editable(active));
      const up = ev.key === "ArrowUp" || (ev.key === "k" && !editable(active));
      if (!down && !up) return false;
      const at = links.indexOf(active);
      if (active === this.input) {
        if (!down || !links.length) return false;
        links[0].focus();
        return true;
      }
      if (at < 0) {
        if (editable(active) || !(ev.key === "j" || ev.key === "k") || !links.length) return false;
        links[0].focus();
        return true;
      }
      if (up && at === 0) this.input.focus();
      else links[Math.min(links.length - 1, at + (down ? 1 : -1))].focus();
      return true;
    }

    bind() {
      const searchNow = () => {
        clearTimeout(this.timer);
        [this.q, this.page] = [this.input.value.trim(), 1];
        this.writeURL(false);
        this.run();
      };
      this.input.addEventListener("input", () => {
        clearTimeout(this.timer);
        this.timer = setTimeout(searchNow, TYPING_DELAY);
      });
      const form = this.el.querySelector(".search-form");
      form.addEventListener("submit", (ev) => { ev.preventDefault(); searchNow(); });
      const refilter = () => { this.page = 1; this.writeURL(true); this.run(); };
      this.facetBox.addEventListener("change", refilter);
      onPageLink(this.pager, (n) => {
        this.page = n;
        this.writeURL(true);
        this.run().then(() => {
          if (this.links()[0]) this.links()[0].focus();
          if (this.el.getBoundingClientRect().top < 0) this.el.scrollIntoView();
        });
      });
      const onKey = (ev) => {
        if (!document.body.contains(this.el)) {  // left the page (instant navigation)
          window.removeEventListener("keydown", onKey, true);
          window.removeEventListener("popstate", onPop);
          return;
        }
        if (this.key(ev)) {  // before Material's own `/`, which focuses the header box
          ev.preventDefault();
          ev.stopPropagation();
        }
      };
      const onPop = () => document.body.contains(this.el) && (this.readURL(), this.run());
      window.addEventListener("keydown", onKey, true);
      window.addEventListener("popstate", onPop);
    }
  }

  function init() {
    const el = document.querySelector(".paperlist-search");
    if (!el || !ready(el)) return;
    const config = JSON.parse(el.getAttribute("data-config"));
    loadCore(config.core).then((api) => {
      if (!document.body.contains(el)) return;  // left the page meanwhile
      const box = window.paperlistSearchBox;  // search-hook.js hid ?q= from Material
      if (box && box.pageQuery !== undefined) {
        history.replaceState(history.state, "",
          window.location.pathname + box.pageQuery + window.location.hash);
        delete box.pageQuery;
      }
      const view = new SearchPage(el, config, api);
      view.readURL();
      view.bind();
      el.hidden = false;
      view.run();
      if (!view.q) view.input.focus();
    }, (err) => {
      const note = make("p", "search-noscript", `Search is unavailable (${err.message}).`);
      el.parentNode.insertBefore(note, el);
    });
  }

  window.paperlist.widgets["search-page.js"] = { init };
})();
