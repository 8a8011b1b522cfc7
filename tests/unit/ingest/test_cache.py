"""What was inferred from an abstract is inferred once: an import or a check of a list
seen before reads it back (ingest/cache.py), and writes the same pages."""

from __future__ import annotations

import pytest

from helpers import SHIPPED_LIST, longer_list
from paperlist.cli import main
from paperlist.ingest import importer
from paperlist.ingest.importer import infer_all, run_import


def snapshot(folder):
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


@pytest.fixture
def counted(monkeypatch, tmp_path):
    """A cache folder of this test's own; the abstracts inferred, in a list."""
    monkeypatch.setenv("PAPERLIST_CACHE_DIR", str(tmp_path / "cache"))
    seen: list[str] = []
    infer = importer.infer_fields

    def counting(text, taxonomy=None):
        seen.append(text)
        return infer(text, taxonomy)

    monkeypatch.setattr(importer, "infer_fields", counting)
    return seen


def test_a_list_imported_again_is_not_inferred_again_and_gives_the_same_pages(counted, tmp_path):
    first = tmp_path / "first"
    assert run_import(SHIPPED_LIST, first).ok
    assert len(counted) == 19
    run_import(SHIPPED_LIST, first)  # again: every page there, nothing to infer
    assert len(counted) == 19
    second = tmp_path / "second"  # new pages from what was kept
    run_import(SHIPPED_LIST, second)
    assert len(counted) == 19
    assert snapshot(second) == snapshot(first)


def test_the_pages_are_the_same_bytes_with_the_cache_as_without(counted, tmp_path, monkeypatch):
    run_import(SHIPPED_LIST, tmp_path / "warm")  # keeps the fields
    run_import(SHIPPED_LIST, tmp_path / "from-cache")
    monkeypatch.setenv("PAPERLIST_NO_CACHE", "1")
    run_import(SHIPPED_LIST, tmp_path / "cold")
    assert len(counted) == 38  # without the cache, all 19 inferred again
    assert snapshot(tmp_path / "from-cache") == snapshot(tmp_path / "cold")


def test_a_check_after_an_import_infers_nothing(counted, tmp_path):
    papers = tmp_path / "papers"
    (papers / "source").mkdir(parents=True)
    (papers / "source" / "list.txt").write_bytes(SHIPPED_LIST.read_bytes())
    assert main(["import", "--papers", str(papers)]) == 0
    assert main(["check", str(papers)]) == 0
    assert main(["import", "--check", "--papers", str(papers)]) == 0
    assert len(counted) == 19


def test_another_taxonomy_infers_again(counted, tmp_path):
    from paperlist.model.taxonomy import DEFAULT_PATH

    text = DEFAULT_PATH.read_text(encoding="utf-8")
    taxonomy = tmp_path / "taxonomy.yml"
    taxonomy.write_text(text, encoding="utf-8")
    run_import(SHIPPED_LIST, tmp_path / "a", taxonomy=taxonomy)
    run_import(SHIPPED_LIST, tmp_path / "b", taxonomy=taxonomy)
    assert len(counted) == 19
    taxonomy.write_text(text + "\n# edited\n", encoding="utf-8")  # any edit: inferred again
    run_import(SHIPPED_LIST, tmp_path / "c", taxonomy=taxonomy)
    assert len(counted) == 38
    assert infer_all(["We propose FooNet, a graph network."], taxonomy)[0]["name"] == "FooNet"


@pytest.mark.parametrize("damage", ["garbage", "folder is a file"])
def test_a_broken_cache_costs_time_not_the_import(counted, tmp_path, monkeypatch, damage):
    cache = tmp_path / "cache"
    if damage == "garbage":
        run_import(SHIPPED_LIST, tmp_path / "before")
        for path in cache.glob("inferred-*"):
            path.write_bytes(b"not a database\n" * 100)
    else:
        cache.write_text("a file where the cache folder should be\n")
    papers = tmp_path / "papers"
    report = run_import(SHIPPED_LIST, papers)
    assert report.ok and len(report.created) == 19
    cold = tmp_path / "cold"
    monkeypatch.setenv("PAPERLIST_NO_CACHE", "1")
    run_import(SHIPPED_LIST, cold)
    assert snapshot(papers) == snapshot(cold)


def test_old_cache_files_are_deleted_and_the_one_in_use_never(tmp_path, monkeypatch):
    """Each version of paperlist or taxonomy starts a file: those unused for 30 days go,
    and of the others only the three most recently used stay."""
    import os
    import time

    from paperlist.ingest.cache import FieldsCache, fingerprint
    from paperlist.ingest.importer import FIELD_NAMES

    cache = tmp_path / "cache"
    monkeypatch.setenv("PAPERLIST_CACHE_DIR", str(cache))
    cache.mkdir()
    now = time.time()
    ages = {"a": 40, "b": 1, "c": 2, "d": 3, "e": 4}  # days since last used
    for name, days in ages.items():
        path = cache / f"inferred-{name * 24}.sqlite3"
        path.write_bytes(b"")
        os.utime(path, (now - days * 86400, now - days * 86400))
    (cache / "notes.txt").write_text("not ours\n")
    FieldsCache(None, FIELD_NAMES).close()
    mine = f"inferred-{fingerprint(None)[:24]}.sqlite3"
    assert sorted(p.name for p in cache.iterdir()) == sorted(
        [mine, "notes.txt", *(f"inferred-{n * 24}.sqlite3" for n in "bcd")])


def test_another_version_of_paperlist_infers_again_and_a_change_mid_run_keeps_nothing(
        counted, tmp_path, monkeypatch):
    """The file is named after the package's code and data as the process imported them;
    a package changed on disk while a run infers (a checkout) gets nothing kept under
    the old name."""
    from paperlist.ingest import cache

    run_import(SHIPPED_LIST, tmp_path / "a")
    monkeypatch.setattr(cache, "_CODE", "another version")
    monkeypatch.setattr(cache, "_package_digest", lambda: "another version")
    run_import(SHIPPED_LIST, tmp_path / "b")
    run_import(SHIPPED_LIST, tmp_path / "c")
    assert len(counted) == 38  # the new version inferred once, then read back
    monkeypatch.setattr(cache, "_CODE", "a third version")
    monkeypatch.setattr(cache, "_package_digest", lambda: "a third version")
    infer = importer.infer_fields  # (counting)

    def checked_out_meanwhile(text, taxonomy=None):
        monkeypatch.setattr(cache, "_package_digest", lambda: "checked out meanwhile")
        return infer(text, taxonomy)

    monkeypatch.setattr(importer, "infer_fields", checked_out_meanwhile)
    run_import(SHIPPED_LIST, tmp_path / "d")
    monkeypatch.setattr(importer, "infer_fields", infer)
    monkeypatch.setattr(cache, "_package_digest", lambda: "a third version")
    run_import(SHIPPED_LIST, tmp_path / "e")
    assert len(counted) == 38 + 19 + 19  # the third version's were not kept


def test_a_taxonomy_edited_while_the_list_is_inferred_keeps_nothing(counted, tmp_path,
                                                                      monkeypatch):
    from paperlist.model.taxonomy import DEFAULT_PATH

    text = DEFAULT_PATH.read_text(encoding="utf-8")
    taxonomy = tmp_path / "taxonomy.yml"
    taxonomy.write_text(text, encoding="utf-8")
    infer = importer.infer_fields

    def saved_meanwhile(abstract, tax=None):
        taxonomy.write_text(text + "\n# saved by an editor meanwhile\n", encoding="utf-8")
        return infer(abstract, tax)

    monkeypatch.setattr(importer, "infer_fields", saved_meanwhile)
    run_import(SHIPPED_LIST, tmp_path / "a", taxonomy=taxonomy)
    monkeypatch.setattr(importer, "infer_fields", infer)
    taxonomy.write_text(text, encoding="utf-8")  # as it was when the run began
    seen: list[str] = []
    monkeypatch.setattr(importer, "infer_fields",
                        lambda abstract, tax=None: seen.append(abstract) or infer(abstract, tax))
    run_import(SHIPPED_LIST, tmp_path / "b", taxonomy=taxonomy)
    assert len(seen) == 19  # nothing was kept under the name of the taxonomy as it began


def test_a_list_of_old_and_new_abstracts_gives_the_pages_a_cold_import_gives(counted, tmp_path,
                                                                             monkeypatch):
    """Pages already there and new ones, texts kept and texts not: the same bytes."""
    longer = longer_list(tmp_path / "longer.txt", 6)
    run_import(SHIPPED_LIST, tmp_path / "warm")
    run_import(longer, tmp_path / "warm")  # 19 read back, 6 new inferred
    run_import(longer, tmp_path / "all-kept")  # 25 new pages, all read back
    assert len(counted) == 25
    monkeypatch.setenv("PAPERLIST_NO_CACHE", "1")
    run_import(SHIPPED_LIST, tmp_path / "cold")
    run_import(longer, tmp_path / "cold")
    assert snapshot(tmp_path / "warm") == snapshot(tmp_path / "cold")
    assert snapshot(tmp_path / "all-kept") == snapshot(tmp_path / "cold")


def test_no_home_folder_and_rows_of_another_shape_cost_time_not_the_import(
        counted, tmp_path, monkeypatch):
    import sqlite3
    from pathlib import Path

    run_import(SHIPPED_LIST, tmp_path / "first")
    [kept] = (tmp_path / "cache").glob("inferred-*.sqlite3")
    with sqlite3.connect(kept) as db:
        db.execute("UPDATE fields SET fields = '[1, 2]'")
    db.close()
    run_import(SHIPPED_LIST, tmp_path / "second")
    assert len(counted) == 38
    assert snapshot(tmp_path / "second") == snapshot(tmp_path / "first")
    with sqlite3.connect(kept) as db:  # a dictionary, but not of the fields
        db.execute("""UPDATE fields SET fields = '{"title": "Injected"}'""")
    db.close()
    run_import(SHIPPED_LIST, tmp_path / "second-b")
    assert len(counted) == 57
    assert snapshot(tmp_path / "second-b") == snapshot(tmp_path / "first")
    with sqlite3.connect(kept) as db:  # JSON nested too deep to read
        db.execute("UPDATE fields SET fields = ?", ("[" * 100_000 + "]" * 100_000,))
    db.close()
    run_import(SHIPPED_LIST, tmp_path / "second-c")
    assert snapshot(tmp_path / "second-c") == snapshot(tmp_path / "first")

    def no_home():
        raise RuntimeError("Could not determine home directory.")

    for name in ("PAPERLIST_CACHE_DIR", "XDG_CACHE_HOME", "HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(Path, "home", staticmethod(no_home))
    assert run_import(SHIPPED_LIST, tmp_path / "third").ok
    assert snapshot(tmp_path / "third") == snapshot(tmp_path / "first")


def test_a_package_edited_after_it_was_imported_turns_the_cache_off(counted, tmp_path,
                                                                     monkeypatch):
    """A long-running process (a live preview) whose package files changed on disk (the
    shipped taxonomy edited, a checkout) neither reads nor keeps fields: its own code or
    data may not be what the file's name says."""
    from paperlist.ingest import cache

    run_import(SHIPPED_LIST, tmp_path / "a")
    monkeypatch.setattr(cache, "_package_digest", lambda: "edited on disk since")
    run_import(SHIPPED_LIST, tmp_path / "b")
    run_import(SHIPPED_LIST, tmp_path / "c")
    assert len(counted) == 19 * 3


def test_a_package_file_it_cannot_read_turns_the_cache_off(counted, tmp_path, monkeypatch):
    """(An editor's lock file of another user in the package folder, say.)"""
    from pathlib import Path

    from paperlist.ingest import cache

    read = Path.read_bytes

    def refused(path):
        if path.name == "taxonomy.yml":
            raise PermissionError(13, "Permission denied", str(path))
        return read(path)

    monkeypatch.setattr(Path, "read_bytes", refused)
    assert cache._package_digest() == ""
    monkeypatch.setattr(Path, "read_bytes", read)
    monkeypatch.setattr(cache, "_CODE", "")
    run_import(SHIPPED_LIST, tmp_path / "a")
    run_import(SHIPPED_LIST, tmp_path / "b")
    assert len(counted) == 38 and not (tmp_path / "cache").exists()
