"""When two abstracts are the same paper's, whatever the trip between them did to the text.

Two commands need it: `paperlist enrich` (a conference's record and the page it belongs to)
and `paperlist import` (a corrected paragraph of the list and the page it came from).
shingles.py reduces an abstract to word triples both spellings share; matcher.py pairs
texts with pages by them, and never guesses.
"""
