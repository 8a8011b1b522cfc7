/* paperlist search: Snowball's English stemmer (Porter2), the one Pagefind stems words with.
 *
 * Pagefind indexes a page's words by their stems, split into chunks by alphabetical range,
 * and matches a searched word's stem as the start of every indexed stem: "multi" matches
 * "multimodal" and "multitask". But it fetches only the chunk the word falls in, and
 * matches among the chunks it holds: a stem's words that run on into the next chunk were
 * matched only once another query had fetched that chunk, so the same query found 2,573
 * papers on a fresh page and 4,841 later (4,941 hold a word it begins). The engine
 * (search-core.js `searchWord`) stems the word as Pagefind does and first fetches every
 * chunk beginning with the stem (engine.json `chunks`, search/chunks.py), up to a few; a
 * long query's finished words fetch only their stems' own (`wordPlan`).
 * Classic script, loaded first; pure.
 */
"use strict";

(function (root) {
  const VOWELS = "aeiouy";  // "Y" (a y marked as a consonant) is none
  const isVowel = (c) => VOWELS.includes(c);
  /** Words stemmed by hand (Snowball's exception1). */
  const EXCEPTIONS = new Map(Object.entries({
    skis: "ski", skies: "sky", idly: "idl", gently: "gentl", ugly: "ugli", early: "earli",
    only: "onli", singly: "singl", sky: "sky", news: "news", howe: "howe", atlas: "atlas",
    cosmos: "cosmos", bias: "bias", andes: "andes",
  }));
  /** Beginnings after which R1 starts ("generous", "universal", "interval"). */
  const R1_AFTER = /^(gener|commun|arsen|past|univers|later|emerg|organ|inter)/;
  /** Words ending "ing" or "eed" that are no verb's forms ("inning", "proceed"). */
  const KEEP_ING = /^(inn|out|cann|herr|earr|even)ing$/;
  const KEEP_EED = /^(proc|exc|succ)eed(ly)?$/;
  // suffix -> replacement, longest first: a step takes the longest suffix the word ends in,
  // and does nothing if its condition fails (it never tries a shorter one)
  const STEP2 = [["ization", "ize"], ["ational", "ate"], ["fulness", "ful"],
    ["ousness", "ous"], ["iveness", "ive"], ["tional", "tion"], ["biliti", "ble"],
    ["lessli", "less"], ["entli", "ent"], ["ation", "ate"], ["alism", "al"], ["aliti", "al"],
    ["ousli", "ous"], ["iviti", "ive"], ["fulli", "ful"], ["enci", "ence"], ["anci", "ance"],
    ["ogist", "og"], ["abli", "able"], ["izer", "ize"], ["ator", "ate"], ["alli", "al"],
    ["bli", "ble"], ["ogi", "og"], ["li", ""]];
  const STEP3 = [["ational", "ate"], ["tional", "tion"], ["alize", "al"], ["icate", "ic"],
    ["iciti", "ic"], ["ative", ""], ["ical", "ic"], ["ness", ""], ["ful", ""]];
  const STEP4 = ["ement", "ance", "ence", "able", "ible", "ment", "ant", "ent", "ism", "ate",
    "iti", "ous", "ive", "ize", "ion", "al", "er", "ic"];

  /** The longest of the suffixes (strings, or [suffix, replacement]) w ends in. */
  const longest = (w, suffixes) => suffixes.find((s) => w.endsWith(typeof s === "string" ? s
    : s[0]));

  /** Where R1 and R2 begin: after the first non-vowel that follows a vowel (R1), and
   * again after that (R2); the word's length when there is none. */
  function regions(w) {
    const after = (from) => {
      for (let i = from + 1; i < w.length; i++) if (!isVowel(w[i]) && isVowel(w[i - 1])) return i + 1;
      return w.length;
    };
    const fixed = R1_AFTER.exec(w);
    const r1 = fixed ? fixed[0].length : after(0);
    return [r1, after(r1)];
  }

  /** Whether w ends in a short syllable (or is "past": "pasted"). */
  function shortEnd(w) {
    const n = w.length;
    if (w.endsWith("past")) return true;
    if (n === 2) return isVowel(w[0]) && !isVowel(w[1]);
    return n >= 3 && !isVowel(w[n - 3]) && isVowel(w[n - 2]) && !isVowel(w[n - 1]) &&
      !"wxY".includes(w[n - 1]);
  }

  /** The stem of a lower-case word, as Pagefind's English stemmer makes it. */
  function stem(word) {
    let w = word;
    if (EXCEPTIONS.has(w)) return EXCEPTIONS.get(w);
    if (w.length < 3) return w;
    if (w[0] === "'") w = w.slice(1);
    if (w[0] === "y") w = `Y${w.slice(1)}`;
    w = w.replace(/([aeiouy])y/g, "$1Y");
    const [r1, r2] = regions(w);
    const cut = (n, add = "") => { w = w.slice(0, w.length - n) + add; };
    const from = (s) => w.length - s.length;  // where suffix s begins

    const apostrophe = longest(w, ["'s'", "'s", "'"]);  // step 0
    if (apostrophe) cut(apostrophe.length);
    if (w.endsWith("sses")) cut(2);  // step 1a
    else if (w.endsWith("ied") || w.endsWith("ies")) cut(3, w.length > 4 ? "i" : "ie");
    else if (w.endsWith("s") && !w.endsWith("us") && !w.endsWith("ss") &&
             /[aeiouy]/.test(w.slice(0, -2))) cut(1);

    const s1b = longest(w, ["eedly", "ingly", "edly", "eed", "ing", "ed"]);  // step 1b
    if (s1b === "eed" || s1b === "eedly") {
      if (!KEEP_EED.test(w) && from(s1b) >= r1) cut(s1b.length, "ee");
    } else if (s1b === "ing" && /^[^aeiouy]ying$/.test(w)) {
      cut(4, "ie");  // dying, lying, tying, vying
    } else if (s1b && !(s1b === "ing" && KEEP_ING.test(w)) &&
               /[aeiouy]/.test(w.slice(0, from(s1b)))) {
      cut(s1b.length);
      if (/(at|bl|iz)$/.test(w)) w += "e";
      else if (/(bb|dd|ff|gg|mm|nn|pp|rr|tt)$/.test(w) && !/^[aeo]..$/.test(w)) cut(1);
      else if (r1 === w.length && shortEnd(w)) w += "e";
    }
    if (/[yY]$/.test(w) && w.length > 2 && !isVowel(w[w.length - 2])) cut(1, "i");  // 1c

    const s2 = longest(w, STEP2);  // step 2
    if (s2 && from(s2[0]) >= r1) {
      const before = w[from(s2[0]) - 1];
      if (s2[0] === "ogi" ? before === "l" : s2[0] === "li" ? "cdeghkmnrt".includes(before)
        : true) cut(s2[0].length, s2[1]);
    }
    const s3 = longest(w, STEP3);  // step 3
    if (s3 && from(s3[0]) >= (s3[0] === "ative" ? r2 : r1)) cut(s3[0].length, s3[1]);
    const s4 = longest(w, STEP4);  // step 4
    if (s4 && from(s4) >= r2 && (s4 !== "ion" || /[st]$/.test(w.slice(0, from(s4))))) {
      cut(s4.length);
    }
    if (w.endsWith("e")) {  // step 5
      const at = w.length - 1;
      if (at >= r2 || (at >= r1 && !shortEnd(w.slice(0, -1)))) cut(1);
    } else if (w.endsWith("ll") && w.length - 1 >= r2) cut(1);
    return w.replace(/Y/g, "y");
  }

  /** What to fetch before Pagefind searches `word`: the chunks of the word, of its stem
   * and every one beginning with the stem (`chunks`: where each begins), unless more than
   * `max` do (a stem as short as a word being typed: "con"). Pagefind's preload takes
   * words, and fetches the chunks each and its stem fall in (`chunksOf`). */
  function chunkTerms(word, chunks, max) {
    const s = stem(word);
    const more = chunks.filter((c) => c.startsWith(s));
    return [word, s, ...(more.length <= max ? more : [])];
  }

  /** The stem where it stems to itself, else the word: what to ask Pagefind for the pages
   * holding `word`'s stem while fetching only the chunk that stem is in (Pagefind fetches
   * the chunk of the word as given: "models" falls in the chunk after "model"'s). */
  function stemTerm(word) {
    const s = stem(word);
    return stem(s) === s ? s : word;
  }

  /** Whether the chunk beginning `start` comes after stem `s`'s own and begins with it. */
  const after = (start, s) => start > s && start.startsWith(s);

  /** How the engine asks Pagefind for `word` (search-core.js `searchWord`; `d`: engine.json):
   * whether it is `short` (a letter or digit alone, a word of two, the start of a stop word:
   * it counts only where a page holds it as itself), the `term` searched, its `forms` for
   * the exact search of the pages holding the stem itself (a word without a vowel also as
   * its plural: "llm", "llms"), and the chunks to `fetch` first. A `whole` word (a long
   * query's finished word) fetches only the chunks of its stem and its forms' stems, asked
   * for as the stems, not every chunk beginning with the stem; where later chunks do
   * (`runsOn`), only the pages holding the stem itself count, whatever was fetched before. */
  function wordPlan(word, d, whole) {
    const n = [...word].length, chunks = d.chunks || [];
    const short = n <= 2 || d.stopwords.some((w) => w.length > word.length && w.startsWith(word));
    const forms = n > 1 && !/[aeiouy]/.test(word) ? [word, `${word}s`] : [word];
    if (short || !whole) {
      return { short, term: word, forms, runsOn: false,
               fetch: short ? [] : chunkTerms(word, chunks, d.stem_chunks_max) };
    }
    const s = stem(word), stems = forms.map(stemTerm);
    return { short, term: stems[0], forms: stems, fetch: [...new Set([...stems, s])], stem: s,
             runsOn: chunks.some((c) => after(c, s)) };
  }

  /** The chunks Pagefind fetches for `term` (`starts`, `ends`: where each begins and
   * ends): for the term and for its stem, the chunk whose range holds it, or, where none
   * does (Pagefind cuts a chunk's bounds short: "disrupt" is after "disr"), every chunk
   * whose bounds, cut to its length, bracket it: as Pagefind 1.6 fetched for 161 words at
   * 30,000 papers, each on a fresh page (words asked together, each as if alone). */
  function chunksOf(term, starts, ends) {
    const cut = (a, b) => [a.slice(0, b.length), b.slice(0, a.length)];
    const one = (t) => {
      const held = starts.flatMap((f, i) => (f <= t && t <= ends[i] ? [i] : []));
      return held.length ? held : starts.flatMap((f, i) => {
        const [t1, f1] = cut(t, f), [t2, e2] = cut(t, ends[i]);
        return t1 >= f1 && t2 <= e2 ? [i] : [];
      });
    };
    return [...one(term), ...one(stem(term))];
  }

  /** Whether Pagefind, asked for `term`, may fetch a chunk after the one stem `s` is in
   * that begins with `s` (`d`: engine.json). */
  function fetchesRunOn(term, s, d) {
    if (!d.chunk_ends) return true;  // (engine data from before it said where chunks end)
    return chunksOf(term, d.chunks, d.chunk_ends).some((i) => after(d.chunks[i], s));
  }

  root.paperlistSearchStem = { stem, chunkTerms, stemTerm, wordPlan, chunksOf, fetchesRunOn };
})(typeof self !== "undefined" ? self : globalThis);
