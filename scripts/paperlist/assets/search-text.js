/* paperlist search text: how a query is split into fields, phrases and words, how close
 * two words are, which catalogue rows the filters let through, and how an excerpt is cut
 * and marked (how the papers rank: search-rank.js).
 * Pure functions, shared by the engine (search-core.js, which needs this loaded first) and,
 * through it, the header box and the search page; search/data.py `words` splits the
 * index's text the same way as `words`.
 */
"use strict";

(function (root) {
  /** Words in an excerpt. */
  const EXCERPT_WORDS = 32;

  const FIELD_RE = /\b(tag|author|venue):(?:"([^"]*)"?|(\S*))/gi;
  const PHRASE_RE = /"([^"]*)"?/g;

  const HTML_ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
  const escapeHTML = (text) => String(text).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

  /** Lower case, no accents: how Pagefind and the build's vocabulary see a word. */
  function norm(word) {
    return word.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }

  /** Words as Pagefind indexes a page's text: letters and digits, hyphens and
   * apostrophes joined ("multi-agent" is the word "multiagent"; Pagefind indexes its
   * parts too, at the same position). */
  function words(text) {
    return norm(text).split(/\s+/).map((w) => w.replace(/[^\p{L}\p{N}]+/gu, "")).filter(Boolean);
  }

  /** The words a query searches: split at anything not a letter or digit, so the parts
   * of "Event-Aware" or "Minimum-Excess-Work" are searched one by one. A title's compound
   * is often written apart, or only in part, in the abstract ("excess work"); joined, it
   * finds only pages that hyphenate it the same way. Apostrophes still join ("Bayes'",
   * "model's"): split, they would leave an "s" that matches every word beginning so. */
  const terms = (text) => norm(text).replace(/['\u2019]/g, "").split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

  /** Case and runs of spaces do not matter in a typed tag or author name. */
  const fold = (text) => norm(text).replace(/\s+/g, " ").trim();

  /** "1 paper", "1,234 papers" (toLocaleString would load the locale data). */
  const papersText = (n) => (n === 1 ? "1 paper"
    : `${String(n).replace(/\B(?=(\d{3})+$)/g, ",")} papers`);

  /** Split a query into fields (`tag:`, `author:`), quoted phrases and words (terms). */
  function parse(query) {
    const fields = { tag: [], author: [], venue: [] };
    let rest = query.replace(FIELD_RE, (_, key, quoted, bare) => {
      const value = (quoted ?? bare ?? "").trim();
      if (value) fields[key.toLowerCase()].push(value);
      return " ";
    });
    const phrases = [];
    rest = rest.replace(PHRASE_RE, (_, inner) => {
      const ws = words(inner);
      if (ws.length > 1) phrases.push(ws);
      else if (ws.length === 1) return ` ${ws[0]} `;
      return " ";
    });
    // each word typed in a compound, with the compound joined as Pagefind indexes it
    // ("lora" of "Fit-LoRA": "fitlora"; search-rank.js `withCompound`); no prototype, so
    // that a word such as "constructor" is no key of it
    const compounds = Object.create(null);
    const tokens = rest.split(/\s+/).map(terms);  // the words of each, as terms(rest) gives
    for (const parts of tokens.filter((t) => t.length > 1)) {
      const whole = parts.join("");
      for (const part of parts) {
        if (!(compounds[part] ||= []).includes(whole)) compounds[part].push(whole);
      }
    }
    return { fields, phrases, words: tokens.flat(), compounds };
  }

  /** The query with its phrases' quotes taken away, read as `parse` reads it (fields
   * first, kept as written; a phrase's words set apart by spaces): what is searched when
   * no paper holds a phrase as written. */
  function unquote(query) {
    const out = [];
    let last = 0;
    const open = (text) => text.replace(PHRASE_RE, (_, inner) => ` ${inner} `);
    for (const m of query.matchAll(FIELD_RE)) {
      out.push(open(query.slice(last, m.index)), m[0]);
      last = m.index + m[0].length;
    }
    out.push(open(query.slice(last)));
    return out.join(" ").replace(/\s+/g, " ").trim();
  }

  /** The word of `lists` (vocabulary files, each most frequent first) within `max` edits
   * of `word`: the nearest, then the most frequent; or null. Two edits for a word shorter
   * than `twoFrom` letters only to the word it is with letters left out ("atenton":
   * "attention"), not to another word ("nowhere": "where", "zebra": "zero"). */
  function closest(word, lists, max, twoFrom = 0) {
    let best = null;
    const missed = (cand) => { let i = 0; for (const c of cand) if (c === word[i]) i++; return i === word.length; };
    lists.forEach((list) => list.forEach((cand, rank) => {
      const dist = cand ? distance(word, cand, max) : max + 1;
      if (dist > max || (dist > 1 && word.length < twoFrom && !missed(cand))) return;
      if (!best || dist < best.dist || (dist === best.dist && rank < best.rank)) {
        best = { word: cand, dist, rank };
      }
    }));
    return best && best.word;
  }

  /** Optimal string alignment distance, stopping early once it exceeds max. */
  function distance(a, b, max) {
    if (Math.abs(a.length - b.length) > max) return max + 1;
    let prev2 = null;
    let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      const cur = [i];
      let best = i;
      for (let j = 1; j <= b.length; j++) {
        const cost = a[i - 1] === b[j - 1] ? 0 : 1;
        let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
        if (prev2 && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
          d = Math.min(d, prev2[j - 2] + 1);
        }
        cur.push(d);
        if (d < best) best = d;
      }
      if (best > max) return max + 1;
      prev2 = prev;
      prev = cur;
    }
    return prev[b.length];
  }

  /** Positions of a phrase's first word where the whole phrase follows. */
  function phraseAt(locsPerWord) {
    const [first, ...others] = locsPerWord;
    const sets = others.map((l) => new Set(l));
    return first.some((p) => sets.every((s, i) => s.has(p + i + 1)));
  }

  /** Whether Pagefind's match for a word at these places of a page's text is a form of
   * it: the matched word (or a compound part of it) begins with the word ("transformat" in
   * "transformation"), or with all of it but a last letter or two that are an ending
   * (engine.json `form_endings`: "louder" in "loud", "transformer" in "transformation").
   * With no indexed word beginning with a word's stem, Pagefind matches the longest stem
   * that the word begins with among the index chunks it has loaded, so what it gives
   * depends on the queries before: "modles" typed letter by letter found the pages of
   * "MODS" (after "mod"), pasted none. Sharing all but the last three letters was taken for
   * a form, and the typed query went uncorrected; so were "hackng" ("hacking") and
   * "attentiozn" ("attention") when any last two letters were (`endings` null: they are). */
  function formAt(content, locs, word, endings = []) {
    const tokens = content.split(/\s+/);
    const formOf = (w) => {
      let n = 0;
      while (n < w.length && w[n] === word[n]) n++;
      const tail = word.slice(n);
      return !tail || (tail.length <= 2 && (!endings || endings.includes(tail)));
    };
    return locs.some((i) => {
      const token = tokens[i] || "";
      return [...words(token), ...terms(token)].some(formOf);
    });
  }

  /** A page's indexed text after its title: the abstract (html/paper.py indexed_body
   * puts the authors and names, `before`, ahead of the title, which results show apart).
   * The title is looked for after them (a title the authors' names hold, "Turing" by Alan
   * Turing, is not theirs), spaced as Pagefind stores text; not found, the text after
   * them. Without the full stop Pagefind ends a heading with. */
  function afterTitle(content, title, before = []) {
    let from = 0;
    for (const text of before) {
      const at = text ? content.indexOf(text, from) : -1;
      if (at >= 0) from = at + text.length;
    }
    const spaced = String(title || "").replace(/\u200b/g, "").replace(/\s+/g, " ").trim();
    const at = spaced ? content.indexOf(spaced, from) : -1;
    return content.slice(at < 0 ? from : at + spaced.length).replace(/^\s*\.?\s*/, "");
  }

  /** The stretch of a page's text holding most query words, with them marked: it begins
   * a few words before the first of them, unless that would leave out the last, and
   * earlier where the text ends sooner (always EXCERPT_WORDS words, if the text has them).
   * `alsoMarked` (a long query's skipped common words) are marked where they fall but do
   * not choose the stretch: "models" on every line would pull it from the rarer words. */
  function excerpt(content, terms, alsoMarked = []) {
    const tokens = content.split(/\s+/);
    const lead = tokens.map((t) => words(t)[0] || "");
    const hit = lead.map((w) => (terms.some((q) => w.startsWith(q)) ? 1 : 0));
    const mark = lead.map((w, i) => hit[i] || alsoMarked.some((q) => w.startsWith(q)));
    let best = 0, last = 0, sum = 0;  // the most hits in EXCERPT_WORDS words, ending at `last`
    for (let i = 0; i < tokens.length; i++) {
      sum += hit[i] - (i >= EXCERPT_WORDS ? hit[i - EXCERPT_WORDS] : 0);
      if (sum > best) { best = sum; last = i; }
    }
    let first = Math.max(0, last - EXCERPT_WORDS + 1);
    while (first < last && !hit[first]) first++;
    const start = best ? Math.max(0, last - EXCERPT_WORDS + 1,
                                  Math.min(first - 4, tokens.length - EXCERPT_WORDS)) : 0;
    const part = tokens.slice(start, start + EXCERPT_WORDS).map((t, i) =>
      mark[start + i] ? `<mark>${escapeHTML(t)}</mark>` : escapeHTML(t));
    return (start ? "… " : "") + part.join(" ") +
      (start + EXCERPT_WORDS < tokens.length ? " …" : "");
  }

  /** The [slug] a `tag:` value stands for (d: engine.json): the tag it is the slug or name
   * of, else every tag whose slug begins with it; none matches no paper. */
  function resolveTag(d, value) {
    const typed = fold(value);
    const exact = d.tags.filter(([slug, name]) => slug === typed || fold(name) === typed);
    const found = exact.length ? exact : d.tags.filter(([slug]) => slug.startsWith(typed));
    return found.length ? found.map(([slug]) => slug) : ["\u0000none"];
  }

  /** The venues a `venue:` value stands for: the one it names, else every venue whose
   * name holds it (`venue:iclr`); none matches no paper. */
  function resolveVenue(d, value) {
    const typed = fold(value);
    const exact = d.venues.filter((name) => fold(name) === typed);
    const found = exact.length ? exact : d.venues.filter((name) => fold(name).includes(typed));
    return found.length ? found : ["\u0000none"];
  }

  const ENTITIES = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

  /** A title of Material's search index as text: it keeps the heading's markup
   * ("The <code>tag:</code> field &amp; more"). */
  function plainTitle(html) {
    return String(html || "").replace(/<[^>]*>/g, "").replace(
      /&(?:#(\d+)|#x([0-9a-f]+)|(\w+));/gi, (whole, dec, hex, name) => (dec || hex
        ? String.fromCodePoint(parseInt(dec || hex, dec ? 10 : 16))
        : ENTITIES[name.toLowerCase()] ?? whole));
  }

  /** The site's own pages (Material's search index `docs`: pages and their sections, as
   * {location, title}) whose heading, with its page's title, holds every word of a plain
   * query (stop words aside; or a heading word's start, 3+ letters, or stem): "contribute"
   * finds the help page, "change tags" its section (only where its own heading holds a
   * word). The home page's title, the site's name, cannot match; its sections can. By
   * page, in site order: [{page, sections}], titles as text, other fields kept. A query
   * with fields or phrases is after papers only, and gets none. */
  function sitePages(docs, query, stopwords) {
    const parsed = parse(String(query || ""));
    if (parsed.phrases.length || Object.values(parsed.fields).some((v) => v.length)) return [];
    const stop = new Set(stopwords);
    const wanted = parsed.words.filter((w) => !stop.has(w));
    if (!wanted.length) return [];
    const entries = (docs || []).map((doc) => ({ ...doc, location: String(doc.location ?? ""),
                                                 title: plainTitle(doc.title) }));
    const pageOf = (doc) => doc.location.split("#")[0];
    const pages = new Map(entries.filter((doc) => !doc.location.includes("#"))
      .map((doc) => [doc.location, doc]));
    const stem = (root.paperlistSearchStem || {}).stem || ((w) => w);  // (search-stem.js)
    const holds = (have, w) => have.some((h) => h === w || (w.length >= 3 && h.startsWith(w))
                                         || stem(h) === stem(w));
    const groups = new Map();
    for (const doc of entries) {
      const page = pages.get(pageOf(doc));
      if (!page || (doc === page && !page.location)) continue;
      const own = terms(doc.title);
      const have = doc === page ? own : [...own, ...terms(page.title)];
      if (!wanted.every((w) => holds(have, w)) || !wanted.some((w) => holds(own, w))) continue;
      const group = groups.get(page.location) || { page, sections: [] };
      if (doc !== page) group.sections.push(doc);
      groups.set(page.location, group);
    }
    return [...groups.values()];
  }

  /** The tags a plain query names ("computer vision"), found as sitePages finds pages:
   * [{location, title, count}] of their pages (engine.json `tag_pages`), for above the
   * papers; none when more than `topics_max` do ("learning": in too many tags' names). */
  function topics(d, query) {
    const pages = d.tag_pages || {};
    const docs = (d.tags || []).filter(([slug]) => pages[slug]).map(([slug, name]) => (
      { location: pages[slug][0], title: escapeHTML(name), count: pages[slug][1] }));
    const found = sitePages(docs, query, d.stopwords).map((group) => group.page);
    return found.length <= d.topics_max ? found : [];
  }

  /** What a list of results says of how its query was searched, as [text, emphasised]
   * pieces: "Showing results for <em>adversarial</em> attacks" when a word was corrected,
   * led by "No paper has the quoted words in that order." when a quoted phrase was
   * searched as words; before these, for each `tag:` that names no tag (the answer's
   * `noTag`), how a tag is written, and so for `author:` (`noAuthor`; "" when the
   * catalogue lists no authors at all); then the words no paper has (`absent`: left
   * out, else a reader takes the list for theirs), or that no paper has all of one or
   * two words (`partial`); and before all, how many of the results listed failed to
   * load (`missing`); [] when the query was searched as typed.
   * The header box (through the worker) and the search page draw these pieces alike. */
  function notice(answer) {
    const corrected = answer.corrected || [];
    const first = [];
    const n = answer.missing || 0;
    if (n) {
      first.push([`${n === 1 ? "1 result" : `${n} results`} could not be loaded (a network `
        + "error); search again to retry. ", false]);
    }
    for (const t of answer.noTag || []) {
      first.push([`No tag \u201c${t}\u201d: write a tag as its page's address has it `
        + "(tag:reinforcement-learning). ", false]);
    }
    const noAuthor = answer.noAuthor || [];
    if (noAuthor.includes("")) {  // a catalogue whose papers list no authors
      first.push(["No paper in this catalogue lists its authors yet. ", false]);
    } else {
      for (const a of noAuthor) {
        first.push([`No author \u201c${a}\u201d: write a name as the papers give it `
          + '(author:"Ada Lovelace") or a surname (author:lovelace). ', false]);
      }
    }
    const absent = (answer.absent || []).map((w) => `\u201c${w}\u201d`);
    if (absent.length) {
      first.push([`No paper has ${absent.join(" or ")}: left out of the search. `, false]);
    } else if (answer.partial) {
      first.push(["No paper has all the words: the papers listed have some of them. ", false]);
    }
    if (!corrected.length && !answer.unquoted) return first;
    const to = new Set(corrected.map((c) => String(c.to).toLowerCase()));
    const lead = answer.unquoted ? "No paper has the quoted words in that order. " : "";
    return [...first, [`${lead}Showing results for `, false], ...String(answer.searched || "")
      .split(/(\s+)/).filter(Boolean).map((part) => [part, to.has(part.toLowerCase())])];
  }

  /** What a result shows, from its fragment `f` (url, indexed text, meta and tags); the
   * excerpt marks `terms` and, where they fall, `alsoMarked`. */
  function described(d, id, f, terms, alsoMarked) {
    const meta = f.meta || {}, filters = f.filters || {};
    const slugOf = d.slugOf || (d.slugOf = new Map(d.tags.map(([slug, name]) => [name, slug])));
    const authors = meta.authors ? meta.authors.split(d.author_separator) : [];
    return {
      id, url: f.url.replace(/^\/+/, ""), title: meta.title || f.url, name: meta.name || "",
      venue: meta.venue || "", status: meta.status || "", authors,
      code: Boolean(filters.code), data: Boolean(filters.data),  // flags: html/paper.py
      inferred: Boolean(filters.inferred),
      tags: (filters.tag || []).map((name) => ({ slug: slugOf.get(name) || "", name })),
      // from the abstract: the title is shown above it, the authors and name beside it
      excerpt: excerpt(afterTitle(f.content, meta.title, [...authors, meta.name]), terms,
        alsoMarked),
    };
  }

  /** A result's short name as shown beside its title: none where the title begins with it
   * ("WildCat: ..."), as model/catalogue.py `Paper.title_says_name` decides for listings. */
  function nameShown(result) {
    return result.name && !result.title.startsWith(result.name) ? result.name : "";
  }

  /** Whether a row's value (one, or a list like its tags) is one of the wanted. */
  const anyOf = (have, want) =>
    (Array.isArray(have) ? want.some((w) => have.includes(w)) : want.includes(have));

  /** Whether a catalogue row passes the filters (fields of the query included), the
   * filter `skip` aside (a facet's own counts ignore it). */
  function passes(row, filters, skip) {
    return Object.entries(filters).every(([key, want]) => {
      if (key === skip || want == null) return true;
      const have = row[key];
      if (typeof want === "boolean") return !want || !!have;
      if (!want.length) return true;
      return anyOf(have, want);
    });
  }

  /** A catalogue row as named fields: [id, tag indices, venue index, flags, status
   * index]; the status column is there only when some paper has one (search/data.py). */
  function rowOf(c, packed) {
    const [, tags, venue, flags, status] = packed;
    const known = c.statuses && status >= 0;
    return { tag: tags.map((i) => c.tags[i]), venue: c.venues[venue], code: !!(flags & 1),
             data: !!(flags & 2), status: known ? c.statuses[status] : undefined };
  }

  /** The search page's facets: per tag, venue and decision, how many of the papers `ids`
   * (of catalogue `c`) have it, each counted under the other facets' filters only. */
  function facetCounts(d, c, ids, filters) {
    const counts = { tag: new Map(), venue: new Map(), status: new Map(), code: 0, data: 0 };
    const add = (key, value) => counts[key].set(value, (counts[key].get(value) || 0) + 1);
    for (const id of ids) {
      const row = rowOf(c, c.byId.get(id).row);
      if (passes(row, filters, "tag")) row.tag.forEach((t) => add("tag", t));
      if (row.venue && passes(row, filters, "venue")) add("venue", row.venue);
      if (row.status && passes(row, filters, "status")) add("status", row.status);
      if (passes(row, filters, "code") && row.code) counts.code++;
      if (passes(row, filters, "data") && row.data) counts.data++;
    }
    const name = new Map(d.tags);
    const values = (key) => [...counts[key]].map(([value, count]) => ({ value, count }))
      .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
    return {
      tag: [...counts.tag].map(([slug, count]) => ({ slug, name: name.get(slug) || slug, count }))
        .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
      venue: values("venue"), status: values("status"), code: counts.code, data: counts.data,
    };
  }

  root.paperlistSearchText = {
    escapeHTML, norm, words, terms, fold, parse, unquote, distance, closest, phraseAt, formAt,
    afterTitle, excerpt, resolveTag, resolveVenue, sitePages, topics, notice, papersText,
    nameShown, anyOf, passes, rowOf, facetCounts, described,
  };
})(typeof self !== "undefined" ? self : globalThis);
