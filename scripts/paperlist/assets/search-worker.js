/* paperlist search worker: Material for MkDocs' search UI, answered from a Pagefind index.
 *
 * Material's bundle talks to its search worker with four messages (SETUP, READY, QUERY,
 * RESULT; see integrations/search/worker/message in Material's sources) and renders
 * whatever RESULT holds. Its own worker loads the whole site into lunr first, which at
 * 12,000 papers means a 20 MB download and seconds of indexing before the first result.
 * This worker speaks the same protocol but asks Pagefind, which fetches only the index
 * chunks and result fragments a query needs — so the header box, keys, highlighting and
 * instant navigation stay Material's own.
 *
 * Query syntax: words as usual; `tag:reinforcement-learning` (a tag's slug, as in its
 * /tags/<slug>/ URL, or a prefix of slugs, or its name: `tag:"Reinforcement Learning"`)
 * narrows the results to papers with that tag. Slugs are the taxonomy's own, shipped by the
 * build in tag-results/index.json; none is derived here, since most are not what slugifying
 * the name would give ("Causal Inference" is `causality`).
 */
"use strict";

const SETUP = 0, READY = 1, QUERY = 2, RESULT = 3;
/** Results sent to the UI: each needs its fragment fetched, so keep the first query cheap. */
const MAX_RESULTS = 20;
const PAGEFIND_URL = new URL("../../pagefind/pagefind.js", self.location.href).href;
/** Prebuilt answers to tag-only queries (search/index.py tag_result_files). */
const TAG_RESULTS_URL = new URL("tag-results/", self.location.href).href;

let pagefind = null;      // Promise of the Pagefind module, created on SETUP
let tagList = null;       // Promise of [[slug, name], ...], loaded on first `tag:` use
let suggestEnabled = false;
let latest = 0;           // sequence number of the newest query; older answers are dropped

function loadPagefind() {
  if (!pagefind) {
    pagefind = import(PAGEFIND_URL).then(async (pf) => {
      await pf.options({ excerptLength: 36 });
      await pf.init();
      return pf;
    });
  }
  return pagefind;
}

function escapeHTML(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({
    "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;",
  })[c]);
}

/** Split a query into its words and its `tag:` filters. */
function parseQuery(query) {
  const tags = [];
  const words = query.replace(/\btag:(?:"([^"]*)"?|(\S*))/gi, (_, quoted, bare) => {
    tags.push((quoted ?? bare ?? "").trim());
    return " ";
  });
  return { text: words.replace(/\s+/g, " ").trim(), tags: tags.filter(Boolean) };
}

function loadTagList() {
  if (!tagList) tagList = fetch(TAG_RESULTS_URL + "index.json").then((r) => r.json());
  return tagList;
}

/** A tag-only query: Pagefind would load its whole index for a filter without words, so
 * the answer (the tag's most confident papers) comes prebuilt, one small file a tag. */
async function tagOnly(slugs, extra, seq) {
  const lists = await Promise.all(
    slugs.map((slug) => fetch(TAG_RESULTS_URL + slug + ".json").then((r) => r.json())));
  if (seq !== latest) return null;
  const seen = new Set();
  const items = [];
  for (const list of lists) {
    for (const paper of list.items) {
      if (seen.has(paper.url) || items.length >= MAX_RESULTS) continue;
      seen.add(paper.url);
      items.push([toItem({
        url: "/" + paper.url,  // site-root-relative, like the URLs Pagefind returns
        meta: { title: paper.title, name: paper.name },
        excerpt: escapeHTML(paper.text),
        filters: { tag: paper.tags },
      }, 1, [], {})]);
    }
  }
  return { items, ...extra };
}

/** Case and runs of spaces do not matter in a typed tag name (`tag:"causal  inference"`). */
function fold(text) {
  return text.toLowerCase().replace(/\s+/g, " ").trim();
}

/** The [slug, name] pairs a `tag:` value stands for: the tag it is the slug or name of,
 * else every tag whose slug begins with it. */
function resolveTags(value, list) {
  const typed = fold(value);
  const exact = list.filter(([slug, name]) => slug === typed || fold(name) === typed);
  return exact.length ? exact : list.filter(([slug]) => typed && slug.startsWith(typed));
}

/** Completion of a `tag:` being typed at the end of the query, to the first slug it begins.
 * Material shows and accepts a suggestion only as the completion of the query's last word,
 * and splits words at hyphens too, so after `tag:multimodal-mo` the suggestion must be
 * `models`, not the whole `tag:multimodal-models`. */
function suggestTag(query, list) {
  const typing = query.match(/\b(tag:)(\S*)$/i);
  if (!typing) return undefined;
  const found = list.find(([slug]) => slug.startsWith(typing[2].toLowerCase()));
  const word = query.split(/[\s-]+/).pop();
  if (!found || !word) return undefined;
  return [(typing[1] + found[0]).slice(typing[0].length - word.length)];
}

/** Wrap every whole-word occurrence of a query word in <mark>, like Material does. */
function highlight(text, words) {
  const safe = escapeHTML(text);
  const terms = words.filter((w) => w.length > 1).map((w) => escapeHTML(w).replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  if (!terms.length) return safe;
  return safe.replace(new RegExp(`(${terms.join("|")})`, "gi"), "<mark>$1</mark>");
}

function toItem(data, score, words, terms) {
  const title = data.meta.title || data.url;
  const name = data.meta.name || "";
  const showName = name && !title.toLowerCase().includes(name.toLowerCase());
  return {
    location: data.url.replace(/^\/+/, ""),
    title: highlight(title, words) + (showName ? ` <small>· ${highlight(name, words)}</small>` : ""),
    text: `<p>${data.excerpt}</p>`,
    terms,
    score,
    tags: (data.filters && data.filters.tag) || [],
  };
}

async function search(query, seq) {
  const { text, tags } = parseQuery(query);
  const typingTag = /\btag:\S*$/i.test(query);
  if (!text && !tags.length && !typingTag) return { items: [] };
  const list = tags.length || typingTag ? await loadTagList() : [];
  if (seq !== latest) return null;
  const suggest = suggestEnabled ? suggestTag(query, list) : undefined;
  const extra = suggest ? { suggest } : {};
  // slug -> name of every tag asked for, in the order asked
  const wanted = new Map(tags.flatMap((t) => resolveTags(t, list)));
  if (!text) return tags.length ? tagOnly([...wanted.keys()], extra, seq) : { items: [], ...extra };
  // Pagefind's tag filter holds names (html/paper.py indexed_body), read from element text: commas are safe.
  const names = wanted.size ? [...wanted.values()] : ["\u0000none"];  // unknown: no paper
  const filters = tags.length ? { tag: { any: names } } : {};
  const pf = await loadPagefind();
  const found = await pf.search(text || null, { filters });
  if (seq !== latest || !found) return null;
  const words = text.split(" ").filter(Boolean);
  const terms = Object.fromEntries(words.map((w) => [w, true]));
  const top = found.results.slice(0, MAX_RESULTS);
  const datas = await Promise.all(top.map((r) => r.data()));
  if (seq !== latest) return null;
  const items = datas.map((d, i) => [toItem(d, top[i].score || 0, words, terms)]);
  return { items, ...extra };
}

self.addEventListener("message", async (event) => {
  const message = event.data;
  if (message.type === SETUP) {
    suggestEnabled = !!(message.data && message.data.options && message.data.options.suggest);
    loadPagefind().catch((err) => console.warn("paperlist search: cannot load Pagefind", err));
    self.postMessage({ type: READY });
  } else if (message.type === QUERY) {
    const seq = ++latest;
    try {
      const data = await search(String(message.data || ""), seq);
      if (data) self.postMessage({ type: RESULT, data });
    } catch (err) {
      console.warn("paperlist search:", err);
      if (seq === latest) self.postMessage({ type: RESULT, data: { items: [] } });
    }
  }
});
