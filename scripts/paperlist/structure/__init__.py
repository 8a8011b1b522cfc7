"""The site's shape: its paths and URLs, the pages it adds, and the once-a-build
computation that fills them. Ties model, discover and html together, without MkDocs."""
