"""paperlist: a conference's abstract list as a searchable, editable static-site catalogue."""

__version__ = "0.1.0"
