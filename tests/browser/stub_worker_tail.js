
/* TEST STUB, appended to the built search-worker.js by tests/browser/test_search_ui.py
 * while the worker does not yet send the engine's totals (`data.paperlist`). The engine
 * (search-core.js) gives the totals and the corrected query, and the worker's own search
 * runs on the corrected words, as the engine's worker will. */
importScripts("search-core.js");
const stubEngine = self.paperlistSearch.create(new URL("../../", self.location.href).href);
const workerSearch = search;
search = async (query, seq) => {  // eslint-disable-line no-global-assign
  const answer = await stubEngine.search(query, { limit: 0 });
  if (!answer || seq !== latest) return null;
  const data = await workerSearch(answer.corrected.length ? answer.searched : query, seq);
  if (data) {
    const { searched, corrected, total } = answer;
    data.paperlist = { query, searched, corrected, total };
  }
  return data;
};
