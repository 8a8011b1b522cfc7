/* paperlist search hook, run before Material's bundle: starts our worker early, lets the
 * header box read its true totals, and keeps the search page's ?q= from Material (why and
 * how: html/searchpage.py search_hook). */
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
  const listen = (worker) => worker.addEventListener("message", (event) => {
    const m = event.data;
    if (!m || m.type !== 3 || !m.data) return;  // 3: RESULT
    box.last = m.data.paperlist || null;  // totals, papers listed, site pages: the worker's
  });
  // Our worker is started now, not when Material's bundle gets to it (a few hundred ms
  // later, once the page has loaded), so it loads the engine while the page settles and
  // a query typed at once does not wait for it; Material is handed this one.
  let early = null;
  try {
    early = new Native(ours);
    listen(early);
  } catch (err) {
    early = null;  // Material starts it as before
  }
  window.Worker = class extends Native {
    constructor(url, options) {
      const mine = new URL(String(url), location.href).href === ours;
      if (mine && early) {
        const worker = early;
        early = null;
        return worker;
      }
      super(url, options);
      if (mine) listen(this);
    }
  };
})();
