/* paperlist search: what the engine fetches, each once.
 *
 * Everything the engine (search-core.js) reads beyond the query: its settings (engine.json),
 * Pagefind and its WebAssembly, the catalogue (facets, `venue:`), each tag's papers
 * (`tag:`) and the tags' abbreviations, the authors (`author:`), the typo vocabulary (one file per word length) and
 * the pages' fragments (their stored text: a result's excerpt, or the word checks and the
 * rescoring of the best papers). Each is fetched when first asked for and kept by name; a
 * fetch that fails is forgotten, so the next query tries again instead of failing for
 * good. Classic script, after search-text.js; the engine makes one loader per site.
 */
"use strict";

(function (root) {
  /** Where the build writes the engine's data (search/data.py ENGINE_FILE). */
  const ENGINE_FILE = "assets/paperlist/search/engine.json";
  const { fold, resolveTag } = root.paperlistSearchText;  // search-text.js, loaded first

  /** What the engine fetches for the site at siteRoot; `engineData`, when given, is
   * engine.json's content (the site's worker carries it, search/index.py worker_script),
   * saving its fetch. */
  function loader(siteRoot, engineData) {
    const base = new URL(siteRoot);
    const at = (path) => new URL(path, base).href;
    // Everything fetched, kept by name ("engine", "word:x", "fragment:id", ...)
    const loads = new Map();

    function once(key, make) {
      if (!loads.has(key)) {
        const p = make();
        loads.set(key, p);
        p.catch(() => loads.delete(key));
      }
      return loads.get(key);
    }

    async function get(path, as) {
      const r = await fetch(at(path));
      if (!r.ok) throw new Error(`${path}: HTTP ${r.status}`);
      return as === "response" ? r : r[as]();
    }

    const engine = () => once("engine", () => (engineData ? Promise.resolve(engineData)
      : get(ENGINE_FILE, "json")));

    const loadPagefind = () => once("pagefind", async () => {
      const pf = await import(at((await engine()).pagefind));
      // in a page, Pagefind would start pagefind-worker.js, not shipped (index.py _install)
      await pf.options({ noWorker: true });
      await pf.init();
      // init returns before its WebAssembly is ready (each search then polls every 50 ms):
      // "-", which it reduces to no word, waits for that now, fetching nothing
      await pf.search("-");
      return pf;
    });

    const loadCatalogue = () => once("catalogue", async () => {
      const c = await get((await engine()).catalogue, "json");
      const byId = new Map();
      c.papers.forEach((row, i) => byId.set(row[0], { order: i, row }));
      return { ...c, byId };
    });

    /** The [slug] a `tag:` value stands for: search-text.js `resolveTag`, else the tag an
     * abbreviation of the taxonomy's evidence stands for (`tag:llm`, `tag:llms`; model/
     * taxonomy.py `abbreviation_tags`, the tag `paperlist check` suggests), fetched only
     * then; a fetch that fails leaves the value no tag's. */
    async function tagOf(d, value) {
      const found = resolveTag(d, value);
      if (found[0] !== "\u0000none" || !d.tag_abbreviations) return found;
      const abbr = await once("tag-abbreviations", () => get(d.tag_abbreviations, "json"))
        .catch(() => ({}));
      const typed = fold(value);  // (own keys only: "constructor" names no tag)
      const slug = [typed, typed.replace(/s$/, "")].find((k) => Object.hasOwn(abbr, k));
      return slug ? [abbr[slug]] : found;
    }

    /** Papers of any of the tags a `tag:` stands for: Map(id -> place in the catalogue). */
    const loadTag = (d, slug) => once(`tag:${slug}`, () => (d.tags.some(([s]) => s === slug)
      ? get(`${d.tag_papers}${slug}.json`, "json") : Promise.resolve({ ids: [], at: [] })));
    const byTags = async (d, slugs) => new Map((await Promise.all(slugs.map((s) => loadTag(d, s))))
      .flatMap((t) => t.ids.map((id, i) => [id, t.at[i]])));

    // names folded once, for `author:` (case and accents aside), and their words ("J.
    // O'Brien-Li": j, obrien, li)
    const nameWords = (name) => name.replace(/['\u2019.]/g, "").split(/[\s,-]+/).filter(Boolean);
    const loadAuthors = () => once("authors", async () => {
      const a = await get((await engine()).authors, "json");
      const folded = a.names.map(fold);
      return { ...a, folded, words: folded.map(nameWords) };
    });

    /** The vocabulary's words of one length (for typo correction; none for a length no
     * indexed word has). */
    function loadVocab(d, length) {
      const file = d.vocabulary.files[length];
      return once(`vocabulary:${length}`, () => (file
        ? get(d.vocabulary.dir + file, "text").then((t) => t.split("\n"))
        : Promise.resolve([])));
    }

    /** Every page's fragment by page id, where the build wrote them in one file (a small
     * catalogue: search/data.py FRAGMENTS_FILE), else null, as when that file fails to
     * load (asked for once: a worker cached from before a catalogue grew past the size
     * names a file that is gone); then each is fetched from its own. */
    const loadBundle = () => once("bundle", async () => {
      const path = (await engine()).fragment_bundle;
      return path ? get(path, "json").catch(() => null) : null;
    });

    /** The fragment Pagefind stored for a page: its URL, indexed text, meta and tags. */
    function fragment(d, id) {
      return once(`fragment:${id}`, async () => {
        const all = await loadBundle();
        if (all && all[id]) return all[id];
        const r = await get(`${d.fragments}${id}.pf_fragment`, "response");
        const stream = r.body.pipeThrough(new DecompressionStream("gzip"));
        const text = await new Response(stream).text();
        return JSON.parse(text.slice(text.indexOf("{")));
      });
    }

    /** A page's fragment, asked for again if it fails, else null: a flaky connection
     * costs the results it could not fetch (the answer says how many), not the answer. */
    const tryFragment = (d, id) => fragment(d, id).catch(() => fragment(d, id))
      .catch(() => null);

    /** Ids of the papers by an author: the name as written (case aside), and every
     * author whose name holds each word typed (`author:bengio`, `author:"j smith"` for
     * "J. Smith", `author:obrien`; `author:"y bengio"` no). */
    async function byAuthor(value) {
      const a = await loadAuthors();
      const typed = fold(value), wanted = nameWords(typed);
      const found = a.folded.flatMap((name, i) => (name === typed ||
        (wanted.length && wanted.every((w) => a.words[i].includes(w))) ? [i] : []));
      // (`authorless`: no paper lists its authors, so no name can be found)
      return Object.assign(new Set(found.flatMap((i) => a.papers[i])),
        { authorless: !a.folded.length });
    }

    return { once, engine, loadPagefind, loadCatalogue, tagOf, byTags, byAuthor, loadVocab,
             loadBundle, fragment, tryFragment };
  }

  root.paperlistSearchLoad = { loader };
})(typeof self !== "undefined" ? self : globalThis);
