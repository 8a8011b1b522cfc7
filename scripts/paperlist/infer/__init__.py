"""What an abstract says about its paper: names, a title, an id, links and tags.
Plain-text heuristics and the taxonomy's evidence; no model, no network."""
