/* paperlist search engine: known-item ranking, typo correction and fields over Pagefind.
 *
 * Pagefind alone answers a multi-word query with the papers holding *every* word, and has no
 * typo tolerance, so a pasted real title (which always holds a word or two the abstract
 * lacks) finds nothing. This engine asks Pagefind one word at a time (each word fetches
 * the index chunks its stem's words are in: search-stem.js; a common word of a two-word
 * query, with the other: `searchAll`) and ranks the union itself:
 *
 *   - BM25 over the words (each word's rarity times how often the paper holds it, less if
 *     only in longer words: "proximal" for "proxy"), plus a bonus for neighbours together;
 *   - a paper must hold "enough" of the query's words (all of one or two; of a longer
 *     query, a share of its words or of their weight, data/search.yml), and holding more
 *     of them scales its score up;
 *   - stop words are never searched, so they cannot block a match; a compound's parts
 *     ("event-aware") are searched one by one, and whole; "quoted phrases" must appear as written
 *     (word positions from Pagefind); when no paper has one, its words are searched
 *     instead, and the answer says so (`unquoted`);
 *   - a word of 5+ letters found nowhere is replaced by the most frequent index word within
 *     two edits (search-text.js `closest`), from a vocabulary fetched only then, one file
 *     per word length; else it is left out, and the answer says so (`absent`);
 *   - `tag:<slug>` (from the tag's list of papers; or its name, or an abbreviation:
 *     `tag:llm`), `author:"Name"` and `venue:` narrow the results; filters/facets come
 *     from the catalogue file, fetched only when asked for;
 *   - a long query skips its `common` words: Pagefind takes seconds to list those; they
 *     still score its best papers, read from those pages' stored text (`rankAgain`); a
 *     query of two words searches a common one only together with the other (`searchAll`);
 *   - a short query's best papers holding its words as written come first (`asWritten`).
 *
 * Everything the build decides (paths, stop words, tags, what a field holds) is read from
 * engine.json, written by search/data.py (whose path search-load.js fixes). Classic
 * script, after search-stem.js (Pagefind's stemmer), search-text.js (how a query is split,
 * matched and shown), search-rank.js (how papers rank) and search-load.js (what is
 * fetched): the site's worker carries them inline (search/index.py worker_script), the
 * search page loads them.
 */
"use strict";

(function (root) {
  /** Words of a query searched at most (a pasted abstract is hundreds). */
  const MAX_TERMS = 32;
  const NONE = Object.assign(new Map(), { top: null });  // the papers of a word none holds
  const { escapeHTML, norm, parse, unquote, closest, phraseAt, formAt,
    resolveVenue, anyOf, passes, rowOf, facetCounts, described,
  } = root.paperlistSearchText;  // search-text.js, loaded first
  const { ranked, rankAgain, asWritten, leadingName, namedFirst, withCompound, apart } =
    root.paperlistSearchRank;
  const { chunkTerms, wordPlan, fetchesRunOn } = root.paperlistSearchStem;  // search-stem.js

  /** An engine for the site at siteRoot; `engineData`, when given, is engine.json's content
   * (the site's worker carries it, search/index.py worker_script), saving its fetch. */
  function create(siteRoot, engineData) {
    // (what it fetches, each once: search-load.js)
    const { once, engine, loadPagefind, loadCatalogue, tagOf, byTags, byAuthor, loadVocab,
      loadBundle, fragment, tryFragment } = root.paperlistSearchLoad.loader(siteRoot, engineData);
    let latest = 0;

    /** Papers holding a word: Map(id -> {locs, inTitle, exact}: where on the page Pagefind
     * matched it, whether in the title or short name (or a compound's part there: engine.json
     * `title_fields`), and whether the page holds the word's stem itself). Pagefind matches
     * the stem as the start of any indexed word ("proxy" finds "proximal") among the index
     * chunks it holds, and fetches only the word's and its stem's: every chunk beginning
     * with the stem (engine.json `chunks`) is fetched first, so that its papers do not
     * depend on what was searched before. The word searched again in quotes finds the pages holding the stem
     * itself (or, for a word without a vowel, its plural: "llm", "llms"), which the ranking
     * prefers (`extension_weight`) and counts as its papers (`df`); not for a word on more
     * than `exact_max_papers` papers (as costly as its own search, for a word that weighs
     * little). A letter or digit alone, a word of two, or the start of a stop word counts
     * only so, where some paper holds it so: "k" of "k-means" began every "knowledge", "wit"
     * every "with" ("thr", typed, keeps "three"). A `whole` word (a long query's finished
     * one) fetches only its stem's chunk (search-stem.js `wordPlan`); where later chunks
     * begin with the stem, only the pages holding the stem itself count (though such chunks,
     * once fetched for other queries, add their longer words' places). `top`: Pagefind's best. */
    function searchWord(word, whole = false, ready = null) {
      return once(`${whole ? "whole" : "word"}:${word}`, () => loadPagefind().then(async (pf) => {
        const d = await engine(), p = wordPlan(word, d, whole);
        if (p.fetch.length) await pf.preload(p.fetch.join(" "));
        if (p.runsOn) await ready;  // (the query's other chunks, which may hold its longer words)
        const found = await pf.search(p.term);
        const own = new Set(found.results.length > d.exact_max_papers && !p.short && !p.runsOn ? []
          : (await Promise.all(p.forms.map((f) => pf.search(`"${f}"`))))
            .flatMap((e) => e.results.map((r) => r.id)));
        const kept = (p.short && (own.size || [...word].length === 1)) || p.runsOn
          ? found.results.filter((r) => own.has(r.id)) : found.results;
        const hits = new Map();
        for (const r of kept) {
          const inTitle = (r.matchedMetaFields || []).some((f) => d.title_fields.includes(f));
          hits.set(r.id, { locs: r.words, inTitle, exact: !own.size || own.has(r.id) });
        }
        hits.top = kept.length ? kept[0].id : null;
        if (own.size) hits.df = own.size;
        return hits;
      }));
    }

    /** The papers holding every one of `words` (Pagefind's query of them all), at the
     * places of them all: a two-word query's common word is searched so, with the other
     * (search-rank.js `apart`). Pagefind lists every paper holding a word (at 12,000
     * papers "models": 10,063 in about 100 ms), but few hold them all. */
    function searchAll(words) {
      return once(`all:${words.join(" ")}`, () => loadPagefind().then(async (pf) => {
        const d = await engine();
        await pf.preload(words.flatMap((w) => chunkTerms(w, d.chunks || [], d.stem_chunks_max)).join(" "));
        const found = await pf.search(words.join(" "));
        return new Map(found.results.map((r) => [r.id, { locs: r.words, exact: true,
          inTitle: (r.matchedMetaFields || []).some((f) => d.title_fields.includes(f)) }]));
      }));
    }

    /** Whether Pagefind's papers for a word really hold it (or a form of it): with no
     * indexed word beginning with its stem, Pagefind falls back to the longest the stem
     * begins with ("trapsformers" finds "traps"), and a misspelling may stem as a word does
     * ("reinforcment", "reinforcement": "reinforc"). A match is a form of it (search-text.js
     * `formAt`) on the best paper of `ranking` that has it (the query's results before the
     * page's facets, so the answer is the same on every page and facet; its fragment is
     * most often being fetched already), else on Pagefind's best; else the vocabulary has
     * it ("centralized", where the paper has "central": 3-word fragments' MRR@10 at 12,000
     * papers 0.372 without that look, 0.386 with); or its stem is held (`df`) outside the text. */
    async function holds(d, word, hits, ranking = [], endings = d.form_endings ?? null) {
      if (!hits.top) return false;
      const top = hits.has(hits.top) ? hits.top : undefined;  // (a compound's is not always)
      const best = ranking.find((id) => hits.has(id)) ?? top;
      if (best === undefined || (hits.df && !(hits.get(best).locs || []).length)) return true;
      if (await matchedOn(d, word, hits, best, endings)) return true;
      if (top && best !== top && await matchedOn(d, word, hits, top, endings)) return true;
      return (await loadVocab(d, word.length)).includes(word);
    }

    /** Whether Pagefind's match for the word on paper `id` is a form of it (not known,
     * so no, when its fragment fails to load). */
    async function matchedOn(d, word, hits, id, endings) {
      const f = await tryFragment(d, id);
      return Boolean(f) && formAt(f.content, hits.get(id).locs, word, endings);
    }

    /** Null for a vocabulary word, else the most frequent one within `max` edits, or null. */
    async function correct(d, word, max = 2) {
      const lists = await Promise.all([0, -1, 1, -2, 2].map((k) => word.length + k)
        .filter((n, i) => n > 0 && i <= 2 * max).map((n) => loadVocab(d, n)));
      return lists[0].includes(word) ? null : closest(word, lists, max, d.correct_two_edits_from);
    }

    /** What a result shows (search-text.js `described`), or null if it could not load. */
    async function describe(d, id, terms, alsoMarked) {
      const f = await tryFragment(d, id);
      return f && described(d, id, f, terms, alsoMarked);
    }

    async function search(query, options = {}) {
      const seq = ++latest;
      const { limit = 20, offset = 0, facets = false } = options;
      const d = await engine();
      const parsed = parse(String(query || ""));
      const stop = new Set(d.stopwords);
      let terms = [...new Set(parsed.words.filter((w) => !stop.has(w)))];
      if (!terms.length && !parsed.phrases.length) terms = [...new Set(parsed.words)];
      terms = terms.slice(0, MAX_TERMS);
      // a long query's common words: not searched while `common_keep` others are left (a
      // two-word query's, below: only with the other)
      const common = d.common_set || (d.common_set = new Set(d.common || []));
      const rare = terms.filter((w) => !common.has(w));
      const asked = terms;  // the words in the query's order, common ones too
      // a long query's words but its last (which may be half typed, with the compound it
      // ends): only their stems' chunks (search-stem.js `wordPlan`)
      const last = parsed.words[parsed.words.length - 1];
      const open = new Set([last, ...(parsed.compounds[last] || [])]);
      const whole = (w) => asked.length >= d.whole_words_from && !open.has(w);
      // a query of two words, both required, with a common one (as typed, then as
      // corrected): that one is searched only with the other (`searchAll`), its places the
      // rest (search-rank.js `apart`)
      const pairable = terms.length === 2 && !parsed.phrases.length &&
        !terms.some((w) => parsed.compounds[w]);
      let joint = pairable && rare.length < 2;
      const skipped = joint || (terms.length >= d.common_skip_from && rare.length >= d.common_keep)
        ? terms.filter((w) => common.has(w)) : [];
      if (skipped.length) terms = rare;
      // where each asked word is among the searched (-1: skipped), before any correction
      const layout = asked.map((w) => terms.indexOf(w));
      // the words as corrected, each once, with their papers as searched (`cur`), or null
      const wordsNow = (cur) => {
        const out = new Map();
        asked.forEach((w, k) => {
          const [word, m] = layout[k] < 0 ? [w, null] : [terms[layout[k]], cur[layout[k]]];
          if (!out.get(word)) out.set(word, m);
        });
        return [...out];
      };
      const filters = { ...(options.filters || {}) };  // the page's facets: OR within one
      // The query's own fields narrow, each one: `tag:a tag:b` is both tags. A value that
      // stands for several (a slug prefix, a part of a venue's name) is any of them.
      const fields = parsed.fields.venue.map((v) => ["venue", resolveVenue(d, v)]);
      const tagged = await Promise.all(parsed.fields.tag.map((t) => tagOf(d, t)));
      const hasFilters = Object.values(filters).some((v) => v === true || (v && v.length));
      const needCatalogue = facets || hasFilters || fields.length;
      const byAuthors = parsed.fields.author.length > 0;
      const [cat, authorSets, tagIds] = await Promise.all([
        needCatalogue || (byAuthors && !asked.length && !parsed.phrases.length)
          ? loadCatalogue() : null,
        parsed.fields.author.length ? Promise.all(parsed.fields.author.map(byAuthor)) : null,
        Promise.all(tagged.map((slugs) => byTags(d, slugs))),
      ]);
      // every author named: the papers of them all
      const authorIds = authorSets &&
        authorSets.reduce((a, b) => new Set([...a].filter((x) => b.has(x))));

      const asSearched = (w) => [w, ...(parsed.compounds[w] || [])];
      // A whole word whose stem later chunks begin waits, if another word may fetch one of
      // those, for every chunk the query fetches: the same answer on every fresh page.
      const plans = [...terms.flatMap(asSearched).map((x) => [x, wordPlan(x, d, whole(x))]),
        ...parsed.phrases.flat().map((x) => [x, wordPlan(x, d, false)])];
      const asks = (p) => [p.term, ...p.forms, ...p.fetch];
      const waits = new Set(plans.filter(([x, p]) => p.runsOn && plans.some(([, q]) => q !== p &&
        asks(q).some((t) => fetchesRunOn(t, p.stem, d)))).map(([x]) => x));
      const ready = waits.size && loadPagefind().then((pf) => Promise.all([...new Set(plans
        .flatMap(([, p]) => asks(p)))].map((t) => pf.preload(t))));
      let [raw, allHeld] = await Promise.all([Promise.all(terms.map((w) => Promise.all(
        asSearched(w).map((x) => searchWord(x, whole(x), waits.has(x) && ready)))
        .then(([m, ...joined]) => joined.reduce(withCompound, m)))),
      joint ? searchAll(asked) : null]);
      // A `joint` query's papers holding all its words (`allHeld`), as corrected; when none
      // holds them all, its common words' own (`alone`, by word): then, as for any two
      // words, the papers holding either count (search-rank.js `ranked`).
      let alone = null;
      const apartOrAlone = async (cur) => {
        if (!allHeld || allHeld.size) return;
        const mine = wordsNow(cur).filter(([w]) => common.has(w)).map(([w]) => w);
        allHeld = null;
        alone = new Map(await Promise.all(mine.map(async (w) => [w, await searchWord(w)])));
      };
      await apartOrAlone(raw);
      const phraseHits = await Promise.all(parsed.phrases.map(async (ws) => {
        const each = await Promise.all(ws.map((w) => searchWord(w)));
        const out = new Map();
        for (const [id, first] of each[0]) {
          const locs = each.map((m) => (m.get(id) || { locs: null }).locs);
          if (locs.every(Boolean) && phraseAt(locs)) out.set(id, { locs: first.locs });
        }
        return out;
      }));
      if (seq !== latest) return null;
      const together = phraseHits.length > 0 && [...phraseHits[0].keys()]
        .some((id) => phraseHits.every((m) => m.has(id)));
      if (parsed.phrases.length && !together) {
        // No paper holds the quoted phrases as written (a pasted title's quoted part, a
        // quote left open): their words are searched instead, and the answer says so (if
        // it finds any: else it is the phrases' own "No papers found").
        const again = await search(unquote(String(query || "")), options);
        return again && { ...again, query: String(query || ""), unquoted: again.total > 0 };
      }

      /** The papers matching, best first: ids (after every filter) and matched (before
       * the page's facets), for the searched words' papers `cur` (a word corrected to
       * one the query has already counts once). */
      function rank(cur) {
        const hits = cur.filter((m, i) => terms.indexOf(terms[i]) === i);
        const k = hits.length + phraseHits.length + (allHeld || alone ? 1 : 0);
        let ids, partial = false;
        if (!k) {
          // (every paper when facets are asked of nothing: the search page's filters count all)
          if (cat && (hasFilters || fields.length || authorIds || facets)) ids = cat.papers.map((r) => r[0]);
          else if (tagIds.length) {  // the tag's papers, in catalogue order
            const first = tagIds[0];
            ids = [...first.keys()].sort((a, b) => first.get(a) - first.get(b));
          } else ids = [];
        } else {
          const words = joint ? wordsNow(cur) : [];
          ids = ranked(d, allHeld ? apart(allHeld, words.map(([w, m]) => (common.has(w)
            ? [null, d.common_family[w][1]] : [m, null])))
            : alone ? words.map(([w, m]) => alone.get(w) || m) : hits, phraseHits);
          partial = ids.partial;
        }
        if (authorIds) ids = ids.filter((id) => authorIds.has(id));
        if (tagIds.length) ids = ids.filter((id) => tagIds.every((m) => m.has(id)));
        if (fields.length) {
          ids = ids.filter((id) => cat.byId.has(id) && fields.every(([key, values]) => {
            const have = rowOf(cat, cat.byId.get(id).row)[key];
            return anyOf(have, values);
          }));
        }
        return { ids: faceted(ids), matched: ids, partial };
      }

      /** The stored text of each of `ids` that loads (one that fails holds nothing). */
      async function fragmentsOf(ids) {
        return new Map((await Promise.all(ids.map((id) => tryFragment(d, id)
          .then((f) => f && [id, f])))).filter(Boolean));
      }

      /** Of the matching papers, those the page's facets let through. */
      function faceted(ids) {
        return cat ? ids.filter((id) => cat.byId.has(id) &&
          passes(rowOf(cat, cat.byId.get(id).row), filters)) : ids;
      }

      // The results as they are when every word is held (the usual case): their
      // excerpts are fetched now, and a word is checked on the best of them that has it,
      // so that checking the words and showing the results share one round of fetches.
      let order = rank(raw);
      // (with skipped common words, the papers they will score too: `rankAgain` below; of a
      // two-word query, only its two common words, which `apart` made one)
      const allCommon = (cur) => wordsNow(cur).every(([w]) => common.has(w));
      let rescored = skipped.length && (!joint || allCommon(raw)) ? d.common_rescore || 0 : 0;
      // (a short query's best papers, put in order of the words they hold as written)
      const written = (joint || !skipped.length) && asked.length &&
        asked.length <= d.written_max_words ? d.written_pool || 0 : 0;
      // (a query that begins "Name:", a pasted title: its best papers, that one first)
      const leading = leadingName(query);
      const named = leading ? d.named_pool || 0 : 0;
      const likely = new Set([...order.matched.slice(0, Math.max(rescored, written, named)),
        ...order.ids.slice(offset, offset + limit)]);
      for (const id of likely) fragment(d, id).catch(() => {});
      const corrected = [];
      const found = await Promise.all(terms.map(async (word, i) => {
        const hits = raw[i];
        if (await holds(d, word, hits, order.matched)) return hits;
        const better = word.length >= d.correct_min_letters && /^\p{L}+$/u.test(word)
          ? await correct(d, word, hits.df ? d.correct_stemmed_max_edits ?? 1 : d.correct_max_edits)
          : null;
        // Uncorrected: its stem's papers count, and those holding all of it but 2 last letters
        const near = !better && (hits.df || await holds(d, word, hits, order.matched, null));
        if (!better) return near ? hits : NONE;
        corrected.push({ from: word, to: better });
        terms[i] = better;
        return searchWord(better);  // (every chunk beginning with its stem: whatever came first)
      }));
      if (seq !== latest) return null;
      if (found.some((m, i) => m !== raw[i])) {
        // as corrected, the query may be `joint` or not ("modles models" is one word); a
        // word none holds is left out of Pagefind's query, as of the ranking
        const words = wordsNow(found);
        joint = pairable && words.length === 2 && words.some(([w]) => common.has(w));
        [allHeld, alone] = [joint ? await searchAll(words.filter(([, m]) => m !== NONE)
          .map(([w]) => w)) : null, null];
        await apartOrAlone(found);
        if (seq !== latest) return null;
        rescored = joint ? (allCommon(found) ? d.common_rescore || 0 : 0) : rescored;
        order = rank(found);
      }
      if (rescored && order.matched.length > 1) {
        // The skipped common words still count among the best papers: read from their
        // fragments (which the best are fetched for anyway), where those words stand and
        // whether in the title, with their rarity from the build; then rank those papers
        // again with every word of the query, in its order (for proximity). The same
        // papers whatever page of results is asked for, so that the pages agree.
        const top = order.matched.slice(0, rescored);
        const frags = await fragmentsOf(top);
        if (seq !== latest) return null;
        // (a joint query's common words read from the text, as typed or corrected to)
        const lists = wordsNow(found).map(([w, m]) => [w, joint && common.has(w)
          ? (alone && alone.get(w)) || null : m]);
        const reordered = rankAgain(d, top, lists, phraseHits, frags);
        const all = [...reordered, ...order.matched.slice(top.length)];
        order = { ...order, matched: all, ids: faceted(all) };
      }
      if (written && order.matched.length > 1) {  // the same papers whatever the page
        const top = order.matched.slice(0, written);
        const frags = await fragmentsOf(top);
        if (seq !== latest) return null;
        const all = [...asWritten(top, wordsNow(found).map(([w]) => w), frags, query),
          ...order.matched.slice(top.length)];
        order = { ...order, matched: all, ids: faceted(all) };
      }
      if (named && order.matched.length > 1) {  // the same papers whatever the page
        const top = order.matched.slice(0, named);
        const frags = await fragmentsOf(top);
        if (seq !== latest) return null;
        const all = [...namedFirst(top, leading, frags), ...order.matched.slice(top.length)];
        order = { ...order, matched: all, ids: faceted(all) };
      }
      const { ids, matched } = order;
      const shown = ids.slice(offset, offset + limit);
      // (a two-word query's words both choose the excerpt; a long one's common words are only marked)
      const marked = [...(joint ? wordsNow(found).map(([w]) => w) : terms), ...parsed.phrases.flat()];
      const [loaded, facetData] = await Promise.all([
        Promise.all(shown.map((id) => describe(d, id, marked, joint ? [] : skipped))),
        facets && cat ? facetCounts(d, cat, matched.filter((id) => cat.byId.has(id)), filters)
          : null,
      ]);
      if (seq !== latest) return null;
      // the query as searched: each typed word that was corrected, replaced (fields kept)
      const fixes = new Map(corrected.map((c) => [c.from, c.to]));
      const searched = String(query || "").split(/(\s+)/).map((token) => (/^\w+:/.test(token)
        ? token : token.replace(/[\p{L}\p{N}]+/gu, (run) => fixes.get(norm(run)) ?? run)))
        .join("");
      const noTag = parsed.fields.tag.filter((t, i) => tagged[i][0] === "\u0000none");
      const noAuthor = parsed.fields.author.filter((a, i) => !authorSets[i].size)
        .map((a) => (authorSets[0].authorless ? "" : a));  // "": the catalogue lists none
      const results = loaded.filter(Boolean);
      // words no paper holds, left out (none corrected them), or else none holding them all
      const absent = ids.length ? terms.filter((w, i) => found[i] === NONE) : [];
      return { query: String(query || ""), searched, corrected, total: ids.length, results,
               missing: loaded.length - results.length, noTag, noAuthor, absent,
               partial: ids.length > 0 && !absent.length && order.partial,
               ...(facetData ? { facets: facetData } : {}) };
    }

    return { search, engine, parse, preload: () => Promise.all([loadPagefind(), loadBundle()]) };
  }

  root.paperlistSearch = { create, parse, escapeHTML };
})(typeof self !== "undefined" ? self : globalThis);
