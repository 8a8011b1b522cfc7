/* paperlist search ranking: how the papers holding a query's words rank (BM25 over
 * Pagefind's per-word matches, proximity, coordination), and how the best of them are
 * ranked again from their pages' stored text (Pagefind's fragments): a long query's
 * skipped common words, a short query's words as written.
 * Pure functions, for the engine (search-core.js); needs search-text.js loaded first.
 */
"use strict";

(function (root) {
  const { words, terms, parse } = root.paperlistSearchText;
  /** the query's fields (`tag:`, `author:`, `venue:`): `tag: x` names no paper */
  const FIELDS = new Set(Object.keys(parse("").fields));

  /** Whether some place in `after` follows one in `before` by at most `window` words
   * (0: the same place, as a compound's parts share their compound's). */
  function near(before, after, window) {
    const places = new Set(after);
    return before.some((p) => {
      for (let k = 0; k <= window; k++) if (places.has(p + k)) return true;
      return false;
    });
  }

  /** The papers of the words' `hits` (and of the quoted phrases', all required) that hold
   * enough of them, best first; `d` is the engine's data (engine.json). */
  function ranked(d, hits, phraseHits) {
    // BM25 over the words: each word's rarity (IDF, from how many papers hold its stem)
    // times how often the paper holds it (the places Pagefind matched it, one in the title
    // or short name counting `title_weight` more), saturated; `extension_weight` of that
    // where the paper holds only longer words the stem begins with (searchWord's `exact`).
    // Pagefind's own score is not used: it sums over every indexed word the stem begins
    // with ("code": codes, coder, codebook ...), putting papers full of a common stem first.
    // (a word no paper holds, left out: it would only raise the share of words needed)
    hits = hits.filter((m) => m.size || m.df > 0);  // (rankAgain's are df 0)
    const all = [...hits, ...phraseHits];
    // (a map's `df`, where given, is the word's count of papers: its map holds only some)
    const idf = all.map((m) => {
      const n = m.df ?? m.size;
      return Math.log(1 + (d.papers - n + 0.5) / (n + 0.5));
    });
    const k1 = d.saturation;
    const scored = new Map();
    all.forEach((m, j) => {
      const required = j >= hits.length;  // phrases are always required
      for (const [id, h] of m) {
        const s = scored.get(id) || { n: 0, weight: 0, score: 0, phrases: 0 };
        const tf = (h.locs.length || 1) + (h.inTitle ? d.title_weight : 0);
        s.n += 1;
        s.weight += idf[j];
        const own = h.exact === false ? d.extension_weight : 1;  // only "proximal": "proxy"
        s.score += own * idf[j] * tf * (k1 + 1) / (tf + k1);
        if (required) s.phrases += 1;
        scored.set(id, s);
      }
    });
    // Proximity: neighbouring query words close together on the page, in order, add the
    // rarer one's weight again (times `proximity`), as a title's words in its abstract.
    for (let j = 0; j + 1 < hits.length; j++) {
      const bonus = d.proximity * Math.min(idf[j], idf[j + 1]);
      for (const [id, a] of hits[j]) {
        const b = hits[j + 1].get(id);
        if (b && near(a.locs, b.locs, d.proximity_window)) scored.get(id).score += bonus;
      }
    }
    // Several words' places in one map (`apart`): two close together stand for neighbours.
    all.forEach((m, j) => m.close && m.forEach((h, id) => {
      const at = [...h.locs].sort((a, b) => a - b);
      if (at.some((p, i) => i && p > at[i - 1] && p - at[i - 1] <= d.proximity_window)) {
        scored.get(id).score += d.proximity * idf[j];
      }
    }));
    // Coordination: all of one or two words; of more, `min_match` of them or words worth
    // `min_match_weight` of their weight (a rare name). Score * (share held)^`coordination`.
    const k = all.length;
    const need = k <= 2 ? k : Math.ceil(d.min_match * k);
    const totalWeight = idf.reduce((t, x) => t + x, 0);
    let pool = [...scored].filter(([, s]) => s.phrases === phraseHits.length);
    const most = pool.reduce((m, [, s]) => Math.max(m, s.n), 0);
    pool = pool.filter(([, s]) => s.n >= Math.min(need, most) ||
      (k > 2 && s.weight >= d.min_match_weight * totalWeight));
    for (const [, s] of pool) s.rank = s.score * Math.pow(s.n / k, d.coordination);
    pool.sort((a, b) => b[1].rank - a[1].rank || (a[0] < b[0] ? -1 : 1));
    // (`partial`: no paper holds one or two words together; those holding some are listed,
    // and the answer says so)
    return Object.assign(pool.map(([id]) => id), { partial: k <= 2 && most < need });
  }

  /** A skipped common word's papers among the fragments `frags` (Map id -> fragment):
   * where on each page a word of its family stands (a page word beginning with the
   * family, as Pagefind matches a stem), and whether in the title or short name; its
   * rarity (`df`) is the build's count of the papers holding the family. */
  function commonHits(d, word, frags) {
    const [stem, papers] = d.common_family[word];  // engine.json has every common word's
    const has = (token) => [...words(token), ...terms(token)].some((w) => w.startsWith(stem));
    const out = new Map();
    out.df = papers;
    for (const [id, f] of frags) {
      const locs = [];
      f.content.split(/\s+/).forEach((token, i) => { if (has(token)) locs.push(i); });
      if (!locs.length) continue;
      const meta = f.meta || {};
      const inTitle = [meta.title, meta.name].some((t) => t && t.split(/\s+/).some(has));
      out.set(id, { locs, inTitle });
    }
    return out;
  }

  /** The papers `top` ranked again with every word of a query, in its order (for
   * proximity): `lists` holds [word, its papers as searched] (only those of `top` count,
   * with the word's rarity kept) or, for a common word the query skipped, [word, null]:
   * read from the pages' fragments `frags` (`commonHits`). Papers of `top` then holding
   * too few of the words follow, in their order. */
  function rankAgain(d, top, lists, phraseHits, frags) {
    const keep = new Set(top);
    const only = (m) => {
      const out = new Map([...m].filter(([id]) => keep.has(id)));
      out.df = m.df ?? m.size;
      return out;
    };
    const seen = new Set();
    const hits = [];
    for (const [word, papers] of lists) {  // a word twice (typed, or corrected) counts once
      if (seen.has(word)) continue;
      seen.add(word);
      hits.push(papers ? only(papers) : commonHits(d, word, frags));
    }
    const again = ranked(d, hits, phraseHits.map(only));
    const inAgain = new Set(again);
    return [...again, ...top.filter((id) => !inAgain.has(id))];
  }

  /** A word's forms as written: itself, its plural or its singular ("transformer",
   * "transformers"; "bias", "biases"; "query", "queries"), not its stem's other words
   * ("transformation"). An apostrophe is no part of a page's words (`words`). */
  function forms(w) {
    const out = [w, `${w}s`, `${w}es`];
    if (w.endsWith("s")) out.push(w.slice(0, -1));
    if (w.endsWith("es")) out.push(w.slice(0, -2));
    if (w.endsWith("y")) out.push(`${w.slice(0, -1)}ies`);
    if (w.endsWith("ies")) out.push(`${w.slice(0, -3)}y`);
    return out;
  }

  /** `top` with the papers whose short name is the query as `typed`, capitals and all
   * ("TRACE", of eight papers so named, came 11th after "traces"; "design" is a word
   * first), then those whose text `frags` holds more of the `asked` words in a form of
   * their own (`forms`), else in their order: Pagefind matches a word's stem, so
   * "transformer" found every "transformation" too, and ranked those first. */
  function asWritten(top, asked, frags, typed = "") {
    const want = [...new Set(asked)].map(forms);
    const name = String(typed).trim().replace(/\s+/g, " ");
    const held = new Map(top.map((id) => {
      const f = frags.get(id);
      const have = new Set(f ? f.content.split(/\s+/).flatMap((t) => [...words(t), ...terms(t)])
        : []);
      const named = Boolean(name && f && f.meta && f.meta.name === name);
      return [id, (named ? want.length + 1 : 0) + want.filter((ws) => ws.some((w) => have.has(w))).length];
    }));
    return [...top].sort((a, b) => held.get(b) - held.get(a));  // stable: ties keep order
  }

  /** The short name a query begins by naming, as a title names its paper ("MatRIS: Toward
   * Reliable and Efficient ..."): its first word when a colon ends it, run together as a
   * compound is ("LLM-REVal:" is "llmreval"); "" for any other query. A name elsewhere in
   * a query is as often another paper's (one named "Adam" for "Simple Convergence Proof
   * of Adam"). */
  function leadingName(typed) {
    const lead = /^\s*(\S+):(?:\s|$)/.exec(String(typed));
    const said = lead && !FIELDS.has(lead[1].toLowerCase()) ? terms(lead[1]).join("") : "";
    return said.length > 2 ? said : "";
  }

  /** `top` with the papers whose short name is `said` (`leadingName`) first, then the
   * rest, each in their order: the paper of "MatRIS: Toward Reliable and Efficient
   * Pretrained Machine Learning Interatomic Potentials" came 15th, after papers holding
   * more of its common words. */
  function namedFirst(top, said, frags) {
    const named = new Set(said ? top.filter((id) => {
      const meta = (frags.get(id) || {}).meta || {};
      return Boolean(meta.name) && terms(String(meta.name)).join("") === said;
    }) : []);
    return named.size ? [...named, ...top.filter((id) => !named.has(id))] : top;
  }

  /** A word's papers (searchWord's map) with those of a compound the query wrote it in.
   * Pagefind indexes "Fit-LoRA" as "fitlora" and in parts, but splits a part again where
   * its case changes ("Lo", "RA"), so a page that writes only "Fit-LoRA" is not among
   * "lora"'s papers. The pages holding the compound itself (its quoted search found them:
   * `df`) hold each of its parts; a compound no page holds adds nothing (Pagefind's papers
   * for it are then those of some shorter word). */
  function withCompound(part, whole) {
    if (!whole.df) return part;
    const out = new Map(part);
    let added = 0;
    for (const [id, h] of whole) {
      const had = part.get(id);
      if (!h.exact || (had && had.exact !== false)) continue;
      if (!had) added += 1;
      const inTitle = h.inTitle || Boolean(had && had.inTitle);
      out.set(id, { locs: h.locs, inTitle, exact: true });
    }
    out.top = part.top || whole.top;
    out.df = (part.df ?? part.size) + added;
    return out;
  }

  /** The words' papers for `ranked` where a query's common words were searched only with
   * the others (search-core.js `searchAll`): `all` holds the papers with every word, at the
   * places of them all; `lists`, in the query's order, [a searched word's papers, null] or
   * [null, a common word's count of papers]. Beside one searched word, a common word's
   * places are the rest, in the title if any word is (Pagefind says which fields matched,
   * not which word; at 12,000 papers, of 157 title pairs with a common word, MRR@10 0.161
   * before, 0.162 so, 0.160 not in the title when the other is); common words alone are
   * one word, whose places close together count as neighbours. */
  function apart(all, lists) {
    const common = lists.filter(([m]) => !m);
    if (!common.length) return lists.map(([m]) => m);
    if (common.length === lists.length) {
      return [Object.assign(new Map(all), { df: Math.max(...common.map(([, df]) => df)), close: true })];
    }
    const [searched] = lists.find(([m]) => m);
    const rest = new Map();
    for (const [id, h] of all) {
      const locs = new Set((searched.get(id) || { locs: [] }).locs);
      rest.set(id, { locs: h.locs.filter((p) => !locs.has(p)), inTitle: h.inTitle, exact: true });
    }
    rest.df = common[0][1];
    return lists.map(([m]) => m || rest);
  }

  root.paperlistSearchRank = { ranked, rankAgain, asWritten, leadingName, namedFirst, near,
    withCompound, apart };
})(typeof self !== "undefined" ? self : globalThis);
