/* paperlist widgets loader: the one paperlist script on every page.
 *
 * Each widget's code (map.js, browse.js, cite.js, search-box.js, search-page.js, next to
 * this file) is fetched only by
 * pages that show the widget: a paper page has no map, and at 12,000
 * papers nobody should download the map's code to copy a BibTeX entry. Widgets start
 * from markup the build wrote, so a page without JavaScript still shows its list or its
 * BibTeX. Material's instant navigation swaps pages without reloading (and without
 * running this script again), so the page is looked at on each of its `document$`
 * events; a widget's script is fetched once and its `init()` called for every page that
 * has the widget (it sets each element up once, marking it data-ready). Widgets are
 * classic scripts that register in `window.paperlist.widgets`, not ES modules: browsers
 * refuse modules from file://, where the map and Copy BibTeX have always worked.
 */
(() => {
  "use strict";

  /** Widgets' URLs resolve against this script's URL, whatever the depth of the page. */
  const BASE = document.currentScript.src;
  /** A widget's marker in the page -> its script. */
  const WIDGETS = [
    [".paperlist-map", "map.js"],
    ["form.browse-filters", "browse.js"],
    [".paper-cite", "cite.js"],
    ['[data-md-component="search-result"]', "search-box.js"],  // the header box's count
    [".paperlist-search", "search-page.js"],
  ];
  const loaded = new Map();  // file -> Promise of the widget, kept across pages

  /** What the widgets share: where they register, and how each element is set up once. */
  window.paperlist = {
    widgets: {},
    ready(el) {  // true the first time for an element, then false
      if (!el || el.hasAttribute("data-ready")) return false;
      el.setAttribute("data-ready", "1");
      return true;
    },
    /** Calls go(n) on a plain left click of a pager's `a[data-page=n]`, instead of a page
     * load (and out of Material's instant navigation); modified clicks open as links. */
    onPageLink(pager, go) {
      pager.addEventListener("click", (ev) => {
        const a = ev.target.closest && ev.target.closest("a[data-page]");
        if (!a || ev.button !== 0 || ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.altKey) return;
        ev.preventDefault();
        ev.stopPropagation();
        go(parseInt(a.getAttribute("data-page"), 10));
      });
    },
  };

  function fetchWidget(file) {
    return new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = new URL(file, BASE).href;
      script.onload = () => {
        const widget = window.paperlist.widgets[file];
        if (widget) resolve(widget); else reject(new Error(`${file} registered no widget`));
      };
      script.onerror = () => { script.remove(); reject(new Error(`${file} did not load`)); };
      document.head.appendChild(script);
    });
  }

  function load(file) {
    if (!loaded.has(file)) {
      const loading = fetchWidget(file);
      loading.catch(() => loaded.delete(file));  // try again on the next page
      loaded.set(file, loading);
    }
    return loaded.get(file);
  }

  function start() {
    for (const [marker, file] of WIDGETS) {
      if (!document.querySelector(marker)) continue;
      load(file).then((widget) => widget.init(),
        (err) => console.warn(`paperlist: cannot load ${file}`, err));
    }
  }

  // The page as loaded, then each page instant navigation brings. Material's document$
  // does not emit on a page opened from file://, hence both; start() is idempotent.
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(start);
  }
})();
