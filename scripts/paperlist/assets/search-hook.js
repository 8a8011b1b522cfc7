/* paperlist search hook: every page runs it just before Material's bundle
 * (html/searchpage.py search_hook).
 *
 * Our search worker answers Material's header box with its best 20 results plus the true
 * total (RESULT's `data.paperlist`: query, searched, corrected, total), which Material
 * never reads: it counts the items it got. To read it, the page needs the worker object,
 * and Material creates it inside its bundle (`new Worker(config.search)`), keeps it to
 * itself and offers no hook or event. So this script, which runs before the bundle, swaps
 * `window.Worker` for a subclass that, for our worker's URL only, listens to RESULT
 * messages too and keeps the last one's totals in `window.paperlistSearchBox.last` for
 * search-box.js. Every other worker is created exactly as before, and ours still is one.
 * The alternatives were worse: a BroadcastChannel reaches every tab of the site; results
 * smuggled into the items' HTML would show in Material's list; a copy of Material's
 * bundle would have to follow every Material release. The URLs come from the build.
 *
 * Material also opens its header box on any page loaded with `?q=` (and deletes `q` from
 * the URL when the box closes). On the search page `q` is the page's own query, so it is
 * kept out of Material's sight here, before the bundle reads it, in `pageQuery`;
 * search-page.js puts the URL back as it was.
 */
(() => {
  const me = document.currentScript, Native = window.Worker;
  if (!Native || !me || window.paperlistSearchBox) return;
  const ours = new URL(me.getAttribute("data-worker"), location.href).href;
  const box = window.paperlistSearchBox = {
    searchPage: new URL(me.getAttribute("data-search-page"), location.href).href,
    last: null,
  };
  const here = new URL(location.href);
  if (here.pathname === new URL(box.searchPage).pathname && here.searchParams.has("q")) {
    box.pageQuery = here.search;
    here.searchParams.delete("q");
    history.replaceState(history.state, "", here.href);
  }
  window.Worker = class extends Native {
    constructor(url, options) {
      super(url, options);
      if (new URL(String(url), location.href).href !== ours) return;
      this.addEventListener("message", (event) => {
        const m = event.data;
        if (!m || m.type !== 3 || !m.data) return;  // 3: RESULT
        box.last = m.data.paperlist
          ? { ...m.data.paperlist, shown: (m.data.items || []).length } : null;
      });
    }
  };
})();
