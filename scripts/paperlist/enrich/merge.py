"""Writing a record into a page without undoing an editor.

The rule is the importer's (ingest/importer.py): a page keeps, under `source.record`, what
the record said the last time enrich wrote it. A field is refreshed only while the page
still says exactly that; an editor's change is theirs from then on. On a first enrich the
baseline is what the importer left: an inferred title still as inferred, no authors, no
status. Link lists merge item by item with the importer's own merge_list.
"""

from __future__ import annotations

import copy
from typing import Any

from paperlist.enrich.record import RECORD_LINKS, Record
from paperlist.ingest.importer import list_items, merge_list
from paperlist.model.page import LINK_KINDS

#: the page fields a record sets, in the order they are compared
FIELDS = ("title", "authors", "affiliations", "status", "track")
_UNSET = object()
#: fields that go when the record stops giving them
_DROPPABLE = ("affiliations", "status", "track")


def record_values(record: Record) -> dict[str, Any]:
    """What the record says, as page fields; only what it gives."""
    values: dict[str, Any] = {}
    if record.title:
        values["title"] = record.title
    if record.authors:
        values["authors"] = list(record.authors)
    if record.affiliations:
        values["affiliations"] = list(record.affiliations)
    if record.status:
        values["status"] = record.status
    if record.track:
        values["track"] = record.track
    links = {k: list(record.links[k]) for k in RECORD_LINKS if record.links.get(k)}
    if links:
        values["links"] = links
    return values


def _first_baseline(meta: dict[str, Any], key: str) -> Any:
    """What a never-enriched page says when no editor has touched `key`."""
    if key == "title":
        inferred = meta.get("inferred") if isinstance(meta.get("inferred"), dict) else {}
        if meta.get("title_inferred", True) is True and "title" in inferred:
            return inferred["title"]
        return _UNSET  # an editor's title (or one they marked official)
    if key == "authors":
        return []
    return None  # affiliations, status, track: absent


def merge_record(meta: dict[str, Any], record: Record) -> tuple[dict[str, Any], list[str]]:
    """The page's frontmatter with the record applied, and the fields kept as an editor
    left them although the record says otherwise.

    Only the same record, by its own id (a position, "row 3", is another paper's in
    another file) and format, says by leaving a field out that it is gone. Another record
    (a second file, a CSV after Paper Copilot's) adds what it gives and removes nothing;
    what it does not give keeps the last record's value as its baseline, marked `carried`
    under `source.record`, so that running it again still removes nothing, and the first
    record, run again, still refreshes what it wrote."""
    out = copy.deepcopy(meta)
    source = out.get("source") if isinstance(out.get("source"), dict) else {}
    last = source.get("record") if isinstance(source.get("record"), dict) else None
    new = record_values(record)
    same = last is not None and record.has_own_id and (
        last.get("format"), last.get("id")) == (record.format, record.id)
    # what the last record kept from the one before it: never the same record's to drop
    carried = set(last.get("carried") or []) if same and isinstance(
        last.get("carried"), list) else set()
    kept: list[str] = []
    for key in FIELDS:
        if key not in new:
            # What the record gave last time and no longer does goes too, unless an
            # editor has made it theirs (a title or authors are never blanked).
            if (same and key in _DROPPABLE and key in last and key not in carried
                    and out.get(key) == last[key]):
                del out[key]
            continue
        # What enrich wrote last, if it wrote this field; else what the importer left.
        base = last[key] if last is not None and key in last else _first_baseline(out, key)
        current = out.get(key)
        if current == new[key]:
            continue
        if current == base or (current in (None, []) and base in (None, [])):
            out[key] = new[key]
            if key == "title":
                out["title_inferred"] = False
        else:
            kept.append(key)
    # The record changes the page's authors, but the affiliations stay (it gives none: a
    # CSV after Paper Copilot's; or an editor's are kept): they were the old authors', and
    # go with them, by name; beside the new list as they were they named the wrong
    # people. An editor's affiliation whose author the record drops is not lost: the
    # authors stay as they were then, and the report says so.
    moved = out.get("authors") != meta.get("authors") and "affiliations" in out and \
        out["affiliations"] == meta.get("affiliations")
    if moved:
        realigned, lost = follow_authors(out["affiliations"], meta.get("authors"),
                                         out["authors"])
        if lost and meta.get("affiliations") != (last or {}).get("affiliations"):
            out["authors"] = copy.deepcopy(meta["authors"])
            kept += [k for k in ("authors", "affiliations") if k not in kept]
            moved = False
        elif realigned is not None:
            out["affiliations"] = realigned
        else:
            del out["affiliations"]
    # The record's affiliations are its authors': beside an editor's authors they would
    # name the wrong people (and fail `paperlist check` when the counts differ).
    held = "authors" in kept and "affiliations" in new and out.get("affiliations") == \
        new["affiliations"] and meta.get("affiliations") != new["affiliations"]
    if held:
        if "affiliations" in meta:
            out["affiliations"] = copy.deepcopy(meta["affiliations"])
        else:
            del out["affiliations"]
        kept.append("affiliations")
    links = out.get("links") if isinstance(out.get("links"), dict) else {}
    last_links = (last or {}).get("links") if isinstance((last or {}).get("links"), dict) else {}
    new_links = new.get("links", {})
    merged = dict(links)
    inferred = out.get("inferred") if isinstance(out.get("inferred"), dict) else {}
    from_abstract = inferred.get("links") if isinstance(inferred.get("links"), dict) else {}
    for kind in RECORD_LINKS:
        current = list_items(links.get(kind))
        if current is None:
            continue  # text, not a list: left as written (`paperlist check` says so)
        before = list_items(last_links.get(kind)) or []
        if same and f"links.{kind}" not in carried:
            result = merge_list(current, before, new_links.get(kind, []))
        else:  # adds, removes none, and brings back none an editor took off
            result = current + [x for x in new_links.get(kind, [])
                                if x not in current and x not in before]
        # A link the abstract gives too is the importer's as well: not the record's to drop.
        result += [x for x in current if x in (from_abstract.get(kind) or []) and x not in result]
        if result != current:
            merged[kind] = result
    if merged != links:
        out["links"] = {k: merged[k] for k in [*LINK_KINDS, *merged] if k in merged}
    if last is not None and not same and out == meta:
        # Another source that changes nothing here (a CSV correcting one author of 300
        # papers) leaves the page as it was, its baseline the record that wrote it: storing
        # this one instead rewrote every page, a pull request of noise.
        return out, kept
    source = dict(source)
    source["record"] = _stored(record, new, last, same, carried, held)
    stored = source["record"]
    if moved and "affiliations" not in new and "affiliations" in stored:
        # the last record's affiliations, kept as the baseline: moved alike
        baseline, _ = follow_authors(stored["affiliations"], (last or {}).get("authors"),
                                     new.get("authors"))
        if baseline is not None:
            stored["affiliations"] = baseline
        else:
            del stored["affiliations"]
            stored["carried"] = [k for k in stored.get("carried", []) if k != "affiliations"]
            if not stored["carried"]:
                del stored["carried"]
    if out.get("source") != source:
        out["source"] = source
    return out, kept


def follow_authors(affiliations: Any, before: Any, after: Any
                   ) -> tuple[list[str] | None, bool]:
    """Affiliations written beside the authors `before`, beside the authors `after`
    instead: each author's own, by name (case and spacing aside; two authors of one name
    in their order), "" for an author `before` did not name, or None when no author keeps
    one (or the lists are not lists of names, which `paperlist check` reports); and
    whether an affiliation was left out (its author is not in `after`)."""
    if not (isinstance(affiliations, list) and isinstance(before, list)
            and isinstance(after, list)):
        return None, False

    def key(name: Any) -> str:
        return " ".join(str(name).split()).casefold()
    own: dict[str, list[Any]] = {}
    for name, affiliation in zip(before, affiliations, strict=False):
        own.setdefault(key(name), []).append(affiliation)
    out = [own[key(name)].pop(0) if own.get(key(name)) else "" for name in after]
    lost = any(isinstance(a, str) and a.strip() for left in own.values() for a in left)
    return (out if any(isinstance(a, str) and a.strip() for a in out) else None), lost


def _stored(record: Record, new: dict[str, Any], last: dict[str, Any] | None, same: bool,
            carried: set[str], held: bool) -> dict[str, Any]:
    """What `source.record` keeps: the record's values, and, for a field (or link kind) it
    does not give, the last record's, named under `carried` (see merge_record); the
    affiliations held back beside an editor's authors as the baseline they were."""
    stored = {k: copy.deepcopy(v) for k, v in new.items()}
    names: list[str] = []
    if last is not None:
        for key in FIELDS:
            if key not in new and key in last and (not same or key in carried):
                stored[key] = copy.deepcopy(last[key])
                names.append(key)
        last_links = last.get("links") if isinstance(last.get("links"), dict) else {}
        links = dict(stored.get("links", {}))
        for kind, urls in last_links.items():
            if kind not in links and (not same or f"links.{kind}" in carried):
                links[kind] = copy.deepcopy(urls)
                names.append(f"links.{kind}")
        if links:
            stored["links"] = {k: links[k] for k in [*RECORD_LINKS, *links] if k in links}
    if held:  # not the page's: its baseline stays what it was
        if last is not None and "affiliations" in last:
            stored["affiliations"] = copy.deepcopy(last["affiliations"])
        else:
            stored.pop("affiliations", None)
    out = {"format": record.format, "id": record.id, **stored}
    if names:
        out["carried"] = sorted(names)
    return out
