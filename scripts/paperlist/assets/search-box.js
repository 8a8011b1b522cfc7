/* paperlist header search box: the true count, the typo notice and "Show all".
 *
 * Material renders our worker's best 20 results and writes its own count line from how
 * many it got ("20 matching documents"). The worker also sends the true total and any
 * corrections (`data.paperlist`), which search-hook.js keeps in window.paperlistSearchBox.
 * After Material writes its line, this rewrites it: "20 of 1,234 papers", "1 paper", "No
 * papers found" (with " · 1 site page", " · 1 tag" when the site's own pages or tags' pages
 * are listed too), and "Showing results for adversarial attacks" (corrected words in
 * italics) when the engine corrected a word or searched a quoted phrase no paper holds as
 * words; and it keeps a "Show all" link to the search page, with the query, below the
 * results. The link is last in the results, so Material's arrow keys still go to the best
 * result first and reach the link last (or first with ↑), and it carries a data-md-score
 * below any result's (-1; the site's and tags' pages score 0, the papers 1-20), so Enter
 * still opens the best one. A search that failed (Pagefind or its
 * index did not load) says so, with the worker's reason, instead of "No papers found".
 * Without the worker's totals (Material's own lunr search) Material's line stays.
 * Text is only ever set with textContent.
 */
(() => {
  "use strict";

  const { ready } = window.paperlist;  // loader.js

  /** 1,234 (toLocaleString would load the locale data) */
  const fmt = (x) => String(x).replace(/\B(?=(\d{3})+$)/g, ",");

  function countText(total, shown, pages, tags) {
    const papers = !total ? "No papers found" : total === 1 ? "1 paper"
      : shown && shown < total ? `${fmt(shown)} of ${fmt(total)} papers` : `${fmt(total)} papers`;
    // the site's own pages and tags' pages listed above the papers (search-worker.js),
    // counted apart
    const also = [pages && (pages === 1 ? "1 site page" : `${pages} site pages`),
                  tags && (tags === 1 ? "1 tag" : `${tags} tags`)].filter(Boolean);
    return [papers, ...also].join(" \u00b7 ");
  }

  /** The worker's notice pieces (search-text.js `notice`): "Showing results for
   * <em>adversarial</em> attacks". */
  function notice(pieces) {
    const span = document.createElement("span");
    span.className = "paperlist-corrected";
    for (const [text, emphasised] of pieces) {
      const el = emphasised ? document.createElement("em") : null;
      if (el) el.textContent = text;
      span.appendChild(el || document.createTextNode(text));
    }
    return span;
  }

  function searchHref(box, query) {
    const url = new URL(box.searchPage);
    url.search = new URLSearchParams({ q: query }).toString();
    return url.href;
  }

  class CountLine {
    constructor(result, box) {
      this.box = box;
      this.result = result;
      this.meta = result.querySelector(".md-search-result__meta");
      this.input = document.querySelector("input.md-search__input");
      this.meta.setAttribute("role", "status");  // counts are announced as they change
      this.meta.setAttribute("aria-live", "polite");
      this.more = document.createElement("div");
      this.more.className = "paperlist-search-all";
      this.more.hidden = true;
      this.link = document.createElement("a");
      this.link.className = "paperlist-search-all-link";
      const label = document.createElement("span");
      label.setAttribute("data-md-score", "-1");  // Material's Enter picks the top score
      this.link.appendChild(label);
      this.more.appendChild(this.link);
      // what the results' italics mean, when one is inferred: html/inferred.py INFERRED_LEGEND
      this.legend = document.createElement("span");
      this.legend.className = "paperlist-inferred-legend";
      this.more.appendChild(this.legend);
      result.appendChild(this.more);
      this.written = null;  // the meta's text as we last wrote it
      new MutationObserver(() => this.update())
        .observe(this.meta, { childList: true, characterData: true, subtree: true });
    }

    /** Material wrote its line (or we did: then there is nothing to do). */
    update() {
      const text = this.meta.textContent;
      if (text === this.written) return;
      const info = this.box.last;
      if (!info || !this.input || !this.input.value.trim()) {  // placeholder, or no totals
        this.hide();
        return;
      }
      const line = document.createElement("span");
      line.className = "paperlist-count";
      line.textContent = info.failed ? `Search is unavailable (${info.failed}); type again to retry.`
        : countText(info.total, info.shown, info.pages, info.tags);
      const parts = [line];
      if (info.notice && info.notice.length) parts.push(notice(info.notice));
      this.meta.replaceChildren(...parts);
      this.written = this.meta.textContent;
      this.link.href = searchHref(this.box, info.query);
      this.link.firstChild.textContent = info.total > info.shown
        ? `Show all ${fmt(info.total)} papers` : "Open on the search page, with filters";
      const [before, italics, after] = (info.inferred && info.legend) || [];
      if (italics && !this.legend.firstChild) {
        const em = document.createElement("em");
        em.textContent = italics;
        this.legend.append(before, em, after);
      }
      this.legend.hidden = !italics;
      if (!info.total) this.hide(); else this.more.hidden = false;
      this.result.appendChild(this.more);  // stays after the list
    }

    /** Hidden, and out of Material's arrow keys (they go through every [href]). */
    hide() {
      this.more.hidden = true;
      this.link.removeAttribute("href");
    }
  }

  function init() {
    const box = window.paperlistSearchBox;  // search-hook.js, in <head>
    const result = document.querySelector('[data-md-component="search-result"]');
    if (!box || !result || !result.querySelector(".md-search-result__meta") || !ready(result)) {
      return;
    }
    result.paperlistCount = new CountLine(result, box);
  }

  window.paperlist.widgets["search-box.js"] = { init };
})();
