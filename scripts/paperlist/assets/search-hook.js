/* paperlist search hook, run before Material's bundle: lets the header box read our
 * worker's true totals, and keeps the search page's ?q= from Material (why and how:
 * html/searchpage.py search_hook). */
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
