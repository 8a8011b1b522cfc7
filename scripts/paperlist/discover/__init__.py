"""Data computed over the whole catalogue: related papers, the map layout and its data,
the browse data, citations and the exports. Data only: markup is html/'s."""
