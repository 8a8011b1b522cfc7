/* paperlist search worker: Material for MkDocs' search box, answered by our engine.
 *
 * Material's bundle talks to its search worker with four messages (SETUP, READY, QUERY,
 * RESULT; see integrations/search/worker/message in Material's sources) and renders
 * whatever RESULT holds. Its own worker loads the whole site into lunr first, which at
 * 12,000 papers means a 20 MB download and seconds of indexing before the first result.
 * This worker speaks the same protocol but asks search-core.js (ranking, typo correction,
 * fields, over Pagefind's chunked index), so the header box, keys, highlighting and
 * instant navigation stay Material's own.
 *
 * RESULT carries, beside Material's `items` (the best MAX_RESULTS), a `paperlist` field
 * that Material ignores: the true total and any corrected words, for the page's count
 * line, and the "Showing results for" notice (search-text.js `notice`). Above the papers,
 * `items` holds the site's own pages that the query names ("contribute"), from the index
 * Material fetches and hands to its worker anyway (SETUP's `docs`), then the pages of the
 * tags it names ("computer vision": search-text.js `topics`).
 */
"use strict";

importScripts("search-stem.js", "search-text.js", "search-rank.js", "search-load.js", "search-core.js");

const SETUP = 0, READY = 1, QUERY = 2, RESULT = 3;
/** Results sent to the UI: each needs its fragment fetched, so keep the first query cheap. */
const MAX_RESULTS = 20;

// engine.json's content, when the build wrote it into this file (search/index.py)
const engine = self.paperlistSearch.create(new URL("../../", self.location.href).href,
                                           self.paperlistEngineData);
let suggestEnabled = false;
/** The site's own pages, from Material's index (SETUP's `docs`): offered above the papers
 * when a query names them (search-text.js `sitePages`). */
let siteDocs = [];

/** Completion of a `tag:` being typed at the end of the query, to the first slug it begins.
 * Material shows and accepts a suggestion only as the completion of the query's last word,
 * and splits words at hyphens too, so after `tag:multimodal-mo` the suggestion must be
 * `models`, not the whole `tag:multimodal-models`. */
function suggestTag(query, tags) {
  const typing = query.match(/\b(tag:)(\S*)$/i);
  if (!typing) return undefined;
  const found = tags.find(([slug]) => slug.startsWith(typing[2].toLowerCase()));
  const word = query.split(/[\s-]+/).pop();
  if (!found || !word) return undefined;
  return [(typing[1] + found[0]).slice(typing[0].length - word.length)];
}

/** Mark the searched words where a word of the text begins with them, as Material does;
 * matched on the text, then each piece escaped (so no entity is cut). */
function highlight(text, words) {
  const esc = self.paperlistSearch.escapeHTML;
  const terms = words.filter((w) => w.length > 1)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  if (!terms.length) return esc(text);
  const re = new RegExp(`(^|[^\\p{L}\\p{N}])(${terms.join("|")})`, "giu");
  let out = "", last = 0;
  for (const m of String(text).matchAll(re)) {
    const at = m.index + m[1].length;
    out += esc(text.slice(last, at)) + `<mark>${esc(m[2])}</mark>`;
    last = at + m[2].length;
  }
  return out + esc(text.slice(last));
}

function toItem(result, rank, words) {
  const name = self.paperlistSearchText.nameShown(result);
  const byline = [result.authors.join(", "), result.venue, result.status].filter(Boolean)
    .join(" · ");
  return {
    location: result.url,
    // an inferred title as listings set it (html/inferred.py title_class)
    title: (result.inferred ? `<span class="inferred">${highlight(result.title, words)}</span>`
      : highlight(result.title, words)) + (name ? ` <small>· ${highlight(name, words)}</small>` : ""),
    // who and where, then the stretch of the abstract that matched
    text: (byline ? `<p class="paperlist-byline">${highlight(byline, words)}</p>` : "") +
      `<p>${result.excerpt}</p>`,
    terms: Object.fromEntries(words.map((w) => [w, true])),
    score: MAX_RESULTS - rank,
    tags: result.tags.map((t) => t.name),
  };
}

/** A site page and its sections that matched, as one of Material's result groups (the
 * page first, as Material wants it); a tag's page says it is one, and how many papers it
 * lists. Listed above the papers, but scored below them: Material's Enter opens the
 * best-scored result, which should be the best paper ("tags" is a word of papers too); a
 * page only when no paper is listed. */
function siteGroup(group, words) {
  const item = (doc) => ({
    location: doc.location,
    title: highlight(doc.title, words),
    text: doc.count ? `<p>Tag \u00b7 ${self.paperlistSearchText.papersText(doc.count)}</p>` : "",
    terms: Object.fromEntries(words.map((w) => [w, true])),
    score: 0,  // papers score MAX_RESULTS..1; search-box.js's Show all link -1
  });
  return [item(group.page), ...group.sections.map(item)];
}

async function answer(query) {
  if (!query.trim()) return { items: [] };
  const d = await engine.engine();
  const suggest = suggestEnabled ? suggestTag(query, d.tags) : undefined;
  const extra = suggest ? { suggest } : {};
  const found = await engine.search(query, { limit: MAX_RESULTS });
  if (!found) return null;  // a newer query is on its way
  const parsed = self.paperlistSearch.parse(found.searched);
  const stop = new Set(d.stopwords);  // "is" would mark every "this"
  const words = [...parsed.words.filter((w) => !stop.has(w)), ...parsed.phrases.flat()];
  const text = self.paperlistSearchText;
  const site = text.sitePages(siteDocs, query, d.stopwords).map((g) => siteGroup(g, words));
  const tags = text.topics(d, query).map((page) => siteGroup({ page, sections: [] }, words));
  return {
    items: [...site, ...tags, ...found.results.map((r, i) => [toItem(r, i, words)])],
    ...extra,
    // for the count line: `shown` papers listed, `pages` of the site's and `tags`' pages
    paperlist: { query: found.query, searched: found.searched, corrected: found.corrected,
                 notice: self.paperlistSearchText.notice(found),
                 total: found.total, shown: found.results.length, pages: site.length,
                 tags: tags.length,
                 inferred: found.results.some((r) => r.inferred),
                 legend: d.texts && d.texts.inferred_legend },
  };
}

/* One query at a time, and only the newest: Material sends a query per keystroke, and a
 * title typed fast is 70 of them, each a handful of Pagefind searches and 20 excerpts.
 * While one runs, newer ones wait; when it ends, only the last of them runs. */
let running = false;
let waiting = null;  // the newest query not yet run

async function schedule(query) {
  waiting = query;
  if (running) return;
  running = true;
  while (waiting !== null) {
    const next = waiting;
    waiting = null;
    try {
      const data = await answer(next);
      if (data && waiting === null) self.postMessage({ type: RESULT, data });
    } catch (err) {
      console.warn("paperlist search:", err);
      // said as such in the count line (search-box.js), not as "No papers found"
      const failed = { query: next, failed: String((err && err.message) || err), total: 0 };
      if (waiting === null) self.postMessage({ type: RESULT, data: { items: [], paperlist: failed } });
    }
  }
  running = false;
}

// Pagefind's script, index entry and WebAssembly, fetched as soon as the worker starts
// (the page's search hook starts it early), as Material's own worker fetches its index,
// so the first query does not wait for them
engine.preload().catch((err) => console.warn("paperlist search: cannot load Pagefind", err));

self.addEventListener("message", (event) => {
  const message = event.data;
  if (message.type === SETUP) {
    suggestEnabled = !!(message.data && message.data.options && message.data.options.suggest);
    siteDocs = (message.data && Array.isArray(message.data.docs)) ? message.data.docs : [];
    self.postMessage({ type: READY });
  } else if (message.type === QUERY) {
    schedule(String(message.data || ""));
  }
});
