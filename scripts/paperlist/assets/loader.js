/* paperlist widgets loader: the one paperlist script on every page.
 *
 * Each widget's code (map.js, browse.js, cite.js, ES modules next to this file) is
 * fetched only by pages that show the widget: a paper page has no map, and at 12,000
 * papers nobody should download the map's code to copy a BibTeX entry. Widgets start
 * from markup the build wrote, so a page without JavaScript still shows its list or its
 * BibTeX. Material's instant navigation swaps pages without reloading (and without
 * running this script again), so the page is looked at on each of its `document$`
 * events; a module is fetched once and its `init()` called for every page that has the
 * widget (it sets each element up once, marking it data-ready).
 */
(() => {
  "use strict";

  /** Modules resolve against this script's URL, whatever the depth of the page. */
  const BASE = document.currentScript.src;
  /** A widget's marker in the page -> its module. */
  const WIDGETS = [
    [".paperlist-map", "map.js"],
    ["form.browse-filters", "browse.js"],
    [".paper-cite", "cite.js"],
  ];
  const modules = new Map();  // file -> Promise of the module, kept across pages

  function load(file) {
    if (!modules.has(file)) {
      const loading = import(new URL(file, BASE).href);
      loading.catch(() => modules.delete(file));  // try again on the next page
      modules.set(file, loading);
    }
    return modules.get(file);
  }

  function start() {
    for (const [marker, file] of WIDGETS) {
      if (!document.querySelector(marker)) continue;
      load(file).then((widget) => widget.init(),
        (err) => console.warn(`paperlist: cannot load ${file}`, err));
    }
  }

  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(start);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
