"""Search: the Pagefind index of the papers and the prebuilt answers to `tag:` queries
(the browser side is assets/search-worker.js)."""
