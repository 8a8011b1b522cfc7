"""Search: the papers' index in Pagefind's format and the prebuilt answers to `tag:` queries
(the browser side is assets/search-worker.js)."""
