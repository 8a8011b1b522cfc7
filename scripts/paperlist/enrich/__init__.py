"""The conference's official record (titles, authors, status, links) merged into pages.

formats.py reads the records, shingles.py and match.py find each one's page by abstract,
merge.py writes it keeping editors' changes, enricher.py runs it all for `paperlist enrich`.
"""

from paperlist.enrich.enricher import EnrichReport, plan_enrich, print_enrich_report, run_enrich
from paperlist.enrich.record import Record, RecordError

__all__ = ["EnrichReport", "Record", "RecordError", "plan_enrich", "print_enrich_report",
           "run_enrich"]
