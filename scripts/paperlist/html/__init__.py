"""All the markup paperlist makes: paper pages, listings, the home page's blocks, the map
page, abstracts with MathML. Everything from a page goes through html/escape.py."""
