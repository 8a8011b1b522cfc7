"""The data: a page file (`papers/<id>.md`), the catalogue the site is made from, the
taxonomy. Everything else reads these; nothing here knows about HTML or MkDocs."""
