"""Import: one page per abstract, byte-identical re-runs, editors' changes never undone."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from helpers import ROOT, SHIPPED_LIST, longer_list, not_short
from paperlist.cli import main
from paperlist.ingest.importer import retag_pages, run_import
from paperlist.model.page import dump_page, read_page

EXPECTED_IDS = {
    "prorl", "recog", "scared", "cyberjurors", "tpgdiff", "mes-ret", "xtra", "mage", "eqr",
    "world-r1", "ota-det", "qkmeans", "wildcat", "flowcloud", "halo",
}


def snapshot(folder):
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


@pytest.fixture
def papers(tmp_path):
    folder = tmp_path / "papers"
    report = run_import(SHIPPED_LIST, folder)
    assert report.ok
    return folder


def edit(path, **changes):
    page = read_page(path)
    page.meta.update(changes)
    path.write_text(dump_page(page), encoding="utf-8")


def test_shipped_list_gives_19_pages_with_readable_ids(papers):
    pages = [read_page(p) for p in sorted(papers.glob("*.md"))]
    assert len(pages) == 19
    ids = {p.id for p in pages}
    assert EXPECTED_IDS <= ids
    for page in pages:
        assert page.path.stem == page.id
        assert page.meta["venue"] == "ICML 2026"
        assert page.meta["title"] and page.meta["title_inferred"] is True
        assert page.meta["authors"] == []
        assert 1 <= len(page.tags) <= 5
        assert set(page.meta["links"]) == {"code", "data", "other"}
    assert (papers / "catalogue.yml").read_text(encoding="utf-8").startswith("title: ICML 2026")


def test_body_is_the_abstract_verbatim(papers):
    page = read_page(papers / "wildcat.md")
    source = next(p for p in SHIPPED_LIST.read_text(encoding="utf-8").split("\n\n")
                  if p.startswith("We introduce WildCat"))
    assert page.body == source.strip() + "\n"


def test_reimport_is_byte_identical(papers, tmp_path):
    before = snapshot(papers)
    report = run_import(SHIPPED_LIST, papers)
    assert report.created == [] and report.updated == []
    assert snapshot(papers) == before
    other = tmp_path / "again"
    run_import(SHIPPED_LIST, other)
    assert snapshot(other) == before


def test_shipped_pages_in_repo_match_a_fresh_import(tmp_path):
    """The committed papers/ are what the shipped list gives (or what editors made of it)."""
    report = run_import(SHIPPED_LIST, ROOT / "papers", check=True)
    assert report.created == [] and report.missing == []
    assert report.updated == [], "inference changed: run 'paperlist import' and commit papers/"


def test_editor_changes_survive_reimport_of_a_longer_list(papers, tmp_path):
    edit(papers / "prorl.md", title="ProRL: Official Title", title_inferred=False,
         tags=["Recommender Systems", "Optimization"], authors=["A. Author"])
    page = read_page(papers / "wildcat.md")
    page.body = page.body.replace("We introduce", "We (editor) introduce")
    (papers / "wildcat.md").write_text(dump_page(page), encoding="utf-8")
    edited = {p: (papers / p).read_bytes() for p in ("prorl.md", "wildcat.md")}

    longer = tmp_path / "longer.txt"
    longer.write_text(SHIPPED_LIST.read_text(encoding="utf-8") + "\n\nWe propose ZetaNet, a "
                      "graph neural network for molecule generation. It beats baselines.\n",
                      encoding="utf-8")
    report = run_import(longer, papers)
    assert report.created == ["zetanet"]
    assert len(list(papers.glob("*.md"))) == 20
    for name, data in edited.items():
        assert (papers / name).read_bytes() == data


def test_removed_tag_stays_removed_and_added_tag_stays(papers):
    page = read_page(papers / "prorl.md")
    original = page.tags
    removed = original[0]
    edit(papers / "prorl.md", tags=[*original[1:], "Privacy"])
    run_import(SHIPPED_LIST, papers)
    assert retag_pages(papers) == []
    tags = read_page(papers / "prorl.md").tags
    assert removed not in tags and "Privacy" in tags


def test_missing_paragraph_keeps_its_page_and_is_reported(papers, tmp_path, capsys):
    shorter = tmp_path / "shorter.txt"
    text = SHIPPED_LIST.read_text(encoding="utf-8")
    wildcat = next(p for p in text.split("\n\n") if p.startswith("We introduce WildCat"))
    shorter.write_text(text.replace(wildcat + "\n\n", ""), encoding="utf-8")
    before = snapshot(papers)
    assert main(["import", str(shorter), "--papers", str(papers)]) == 0
    assert snapshot(papers) == before
    assert "wildcat" in capsys.readouterr().err


def test_check_reports_disagreement_without_writing(papers, tmp_path):
    assert main(["import", str(SHIPPED_LIST), "--papers", str(papers), "--check"]) == 0
    (papers / "eqr.md").unlink()
    before = snapshot(papers)
    assert main(["import", str(SHIPPED_LIST), "--papers", str(papers), "--check"]) == 1
    assert snapshot(papers) == before


def test_check_says_when_another_paperlist_made_the_pages(papers, capsys):
    """Pages another paperlist version made (it inferred another title from the same
    paragraph) disagree with this one's inference: the check says that the list did not
    change and what to do, instead of leaving a catalogue's CI red with no reason."""
    page = read_page(papers / "eqr.md")
    other = "An equilibrium reasoner for sudoku"
    text = (papers / "eqr.md").read_text(encoding="utf-8")
    assert text.count(page.meta["title"]) == 2  # the title and its record
    (papers / "eqr.md").write_text(text.replace(page.meta["title"], other), encoding="utf-8")
    capsys.readouterr()
    assert main(["import", str(SHIPPED_LIST), "--papers", str(papers), "--check"]) == 1
    err = capsys.readouterr().err
    assert "would update: eqr" in err
    assert "the 1 page(s) to update have the same paragraphs as the list" in err
    assert "the taxonomy was edited" in err and "another version" in err
    assert "requirements.txt" in err
    (papers / "source").mkdir(exist_ok=True)  # a paragraph that changed: no such line
    listing = papers / "source" / "list.txt"
    listing.write_text(SHIPPED_LIST.read_text(encoding="utf-8").replace(
        "Sudoku", "sudoku", 1), encoding="utf-8")
    assert main(["import", str(listing), "--papers", str(papers), "--check"]) == 1
    assert "same paragraphs" not in capsys.readouterr().err


def test_ids_never_change_and_collisions_get_a_suffix(tmp_path):
    papers = tmp_path / "papers"
    lst = tmp_path / "l.txt"
    a = "We propose FooNet, a network for image segmentation. It is fast."
    b = "We propose FooNet, a network for speech recognition. It is accurate."
    lst.write_text(f"ICML 2026\n\n{a}\n\n{b}\n", encoding="utf-8")
    run_import(lst, papers)
    assert sorted(p.stem for p in papers.glob("*.md")) == ["foonet", "foonet-2"]
    edit(papers / "foonet.md", name="FooNet-Seg")
    run_import(lst, papers)
    assert sorted(p.stem for p in papers.glob("*.md")) == ["foonet", "foonet-2"]


@pytest.mark.parametrize(("base", "page_id"), [
    ("foonet", "foonet-2"), ("yes", "yes-2"), ("123", "123-2"), ("null", "null-3"),
    ("1e3", "1e3-2"), ("paper", "paper-12")])
def test_a_drafted_page_under_a_taken_id_is_the_page_dumped_under_that_id(base, page_id):
    """Workers dump a new page under its first-choice id; when that is taken, only the id
    line is replaced, which must give the very bytes a full dump does (ids YAML would
    read as another type are quoted in one and not the other)."""
    from paperlist.ingest.importer import _new_page_text, _renamed, infer_fields

    fields = infer_fields("We propose FooNet, a network for image segmentation.")
    draft = _new_page_text(base, fields, "ICML 2026", "0123abcd", "The abstract.\n")
    assert _renamed(draft, base, page_id) == _new_page_text(
        page_id, fields, "ICML 2026", "0123abcd", "The abstract.\n")


def test_bad_list_writes_nothing(tmp_path, capsys):
    papers = tmp_path / "papers"
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"ICML 2026\n\nabc \xff\n")
    assert main(["import", str(bad), "--papers", str(papers)]) == 1
    err = capsys.readouterr().err
    assert f"{bad}:3:" in err and "UTF-8" in err
    assert not papers.exists()


def test_a_duplicate_abstract_is_named_by_its_file_and_line(tmp_path, capsys):
    papers = tmp_path / "papers"
    lst = tmp_path / "l.txt"
    abstract = "We propose FooNet, a network for graphs that scales to millions of nodes."
    lst.write_text(f"ICML 2026\n\n{abstract}\n\nWe study BarNet.\n\n{abstract}\n",
                   encoding="utf-8")
    assert main(["import", str(lst), "--papers", str(papers)]) == 0
    err = capsys.readouterr().err
    assert (f"warning: {lst}:7: exact duplicate of the abstract at line 3; imported once"
            in err)
    assert len(list(papers.glob("*.md"))) == 2
    lst.write_text(f"ICML 2026\n\n{abstract}\n", encoding="utf-8")
    assert main(["import", str(lst), "--papers", str(tmp_path / "one")]) == 0
    assert capsys.readouterr().err.startswith("1 abstract (ICML 2026): 1 created,")


def test_invisible_characters_are_removed_with_a_warning_and_nothing_is_lost(tmp_path, capsys):
    """Scraped lists carry controls a reader cannot see (U+0002 where a PDF hyphenated a
    word, soft hyphens, zero-width spaces): the abstract is imported without them."""
    papers = tmp_path / "papers"
    lst = tmp_path / "l.txt"
    lst.write_text("ICML 2026\n\nWe propose FooNet, a network. Yes.\n\n"
                   "We propose BarNet, which refines dy\x02namically the inves\u00adtigated "
                   "graph.\u200b\u200b\n\n"
                   f"{'x' * 30_000}\n", encoding="utf-8")
    assert main(["import", str(lst), "--papers", str(papers)]) == 1  # the giant is not imported
    err = capsys.readouterr().err
    assert f"warning: {lst}:5: removed 4 invisible character(s) (U+0002, U+00AD, U+200B)" in err
    assert f"error: {lst}:7: paragraph is 30,000 characters" in err
    assert sorted(p.stem for p in papers.glob("*.md")) == ["barnet", "foonet"]
    body = read_page(papers / "barnet.md").body
    assert "refines dynamically the investigated graph." in body
    lst.write_text(lst.read_text(encoding="utf-8").rsplit("\n\n", 1)[0] + "\n",
                   encoding="utf-8")
    assert main(["import", str(lst), "--papers", str(papers)]) == 0  # a warning is not a failure
    assert main(["import", str(lst), "--papers", str(papers), "--check"]) == 0


def test_broken_page_stops_import_before_anything_is_written(papers, capsys):
    (papers / "eqr.md").write_text("---\ntitle: [broken\n---\nx\n", encoding="utf-8")
    (papers / "halo.md").unlink()
    before = snapshot(papers)
    assert main(["import", str(SHIPPED_LIST), "--papers", str(papers)]) == 1
    assert snapshot(papers) == before
    assert "eqr.md:" in capsys.readouterr().err


def _children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (Linux's /proc)."""
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


def _alive(pid: int) -> bool:
    """Running, not gone nor a zombie waiting to be reaped."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_interrupted_import_leaves_whole_pages(tmp_path):
    """Kill an import mid-run: every page on disk is complete and parses."""
    big = tmp_path / "big.txt"
    paras = [f"We propose Net{i}, a method number {i} for graph learning. " * 3
             for i in range(1500)]
    big.write_text("ICML 2026\n\n" + "\n\n".join(paras) + "\n", encoding="utf-8")
    papers = tmp_path / "papers"
    proc = subprocess.Popen([sys.executable, "-m", "paperlist.cli", "import", str(big),
                             "--papers", str(papers)], stderr=subprocess.DEVNULL)
    deadline = time.time() + 120
    # Kill it while it is writing: as soon as some files exist, but not all pages.
    while time.time() < deadline and proc.poll() is None and len(
            list(papers.glob(".*.tmp")) + list(papers.glob("*.md"))) < 200:
        time.sleep(0.002)
    workers = _children(proc.pid)
    proc.kill()
    proc.wait()
    assert proc.returncode != 0, "the import finished before it could be killed"
    # its workers end with it (util/orphans.py), not sleep on holding their memory
    deadline = time.time() + 30
    while time.time() < deadline and any(_alive(pid) for pid in workers):
        time.sleep(0.05)
    if Path("/proc/self/stat").exists():  # (Linux: where the kernel is asked to end them)
        assert workers and not any(_alive(pid) for pid in workers)
    assert list(papers.iterdir()), "the import was killed before it wrote anything"
    for path in papers.glob("*.md"):
        assert read_page(path).body.startswith("We propose Net")  # whole, never truncated
    run_import(big, papers)  # a re-run completes the job and clears the leftovers
    assert len(list(papers.glob("*.md"))) == 1500
    assert not [p for p in papers.iterdir() if p.name.endswith(".tmp")]
    shutil.rmtree(papers)


def test_an_editors_tag_order_survives_an_import(papers):
    """Reordering tags (most relevant first) is an edit like any other."""
    page = read_page(papers / "prorl.md")
    assert len(page.tags) >= 2
    reordered = [*reversed(page.tags), "Optimization"]
    edit(papers / "prorl.md", tags=reordered)
    report = run_import(SHIPPED_LIST, papers)
    assert "prorl" in report.unchanged
    assert read_page(papers / "prorl.md").tags == reordered
    assert main(["import", str(SHIPPED_LIST), "--papers", str(papers), "--check"]) == 0


def test_retag_check_sees_no_change_in_a_page_written_in_flow_style(papers, capsys):
    """`authors: [Ada Lovelace, Alan Turing]`, as the docs suggest, is not a tag change."""
    path = papers / "prorl.md"
    text = path.read_text(encoding="utf-8").replace("authors: []",
                                                    "authors: [Ada Lovelace, Alan Turing]")
    path.write_text(text, encoding="utf-8")
    assert main(["retag", "--papers", str(papers), "--check"]) == 0
    assert "0 page(s) would change" in capsys.readouterr().err
    assert path.read_text(encoding="utf-8") == text


def test_each_inferred_tag_has_its_score_rounded_under_inferred(papers):
    """The tag pages order by these scores (issue #13): written by the importer, parallel
    to inferred.tags as a name -> score mapping, the tagger's own numbers to 2 decimals."""
    from paperlist.infer.tags import infer_tags

    for path in sorted(papers.glob("*.md")):
        page = read_page(path)
        inferred = page.meta["inferred"]
        assert list(inferred["tag_scores"]) == inferred["tags"], path.name
        expected = {t.name: round(t.score, 2) for t in infer_tags(page.body)}
        assert inferred["tag_scores"] == expected, path.name
        assert all(type(v) is float and v >= 0 for v in expected.values())
        assert "tag_scores" not in page.meta  # bookkeeping, never a top-level field
    text = (papers / "prorl.md").read_text(encoding="utf-8")
    assert "\n  tag_scores:\n    Reinforcement Learning: " in text


def test_an_old_page_without_scores_gets_them_and_keeps_its_edits(papers):
    """A page imported before scores were kept: the next import adds them under inferred:
    and leaves every editor's change (title, tags, authors) as it was; again, nothing."""
    path = papers / "prorl.md"
    page = read_page(path)
    scores = page.meta["inferred"].pop("tag_scores")
    page.meta.update(title="ProRL: Official Title", title_inferred=False,
                     tags=[*reversed(page.tags), "Optimization"], authors=["A. Author"])
    path.write_text(dump_page(page), encoding="utf-8")
    edited = read_page(path).meta

    report = run_import(SHIPPED_LIST, papers)
    assert report.updated == ["prorl"]
    meta = read_page(path).meta
    assert meta["inferred"]["tag_scores"] == scores
    assert {k: v for k, v in meta.items() if k != "inferred"} == {
        k: v for k, v in edited.items() if k != "inferred"}
    again = path.read_bytes()
    assert run_import(SHIPPED_LIST, papers).updated == []
    assert path.read_bytes() == again


def test_retag_refreshes_the_scores_with_the_tags(papers):
    path = papers / "prorl.md"
    before = path.read_bytes()
    page = read_page(path)
    page.meta["inferred"]["tag_scores"] = dict.fromkeys(page.meta["inferred"]["tags"], 1.0)
    path.write_text(dump_page(page), encoding="utf-8")
    assert retag_pages(papers) == ["prorl"]
    assert path.read_bytes() == before


def _make_import_update(path):
    """Make the next import rewrite the page: drop its tags' scores, as a page imported
    before they were kept (test_an_old_page_without_scores_gets_them_and_keeps_its_edits)."""
    text = path.read_text(encoding="utf-8")
    start = text.index("  tag_scores:\n")
    end = start + len("  tag_scores:\n")
    while text[end:].startswith("    "):
        end = text.index("\n", end) + 1
    path.write_text(text[:start] + text[end:], encoding="utf-8")


def test_text_where_a_list_belongs_is_left_as_written(papers, capsys):
    """`code: https://...` instead of a list: `paperlist check` says how to write it; an
    import or retag that rewrites the page keeps the editor's text. Taken as a list it
    was merged letter by letter (`code: [h, t, t, p, s, ...]`)."""
    path = papers / "eqr.md"
    text = path.read_text(encoding="utf-8")
    assert "\nlinks:\n  code: []\n" in text
    text = text.replace("\nlinks:\n  code: []\n", "\nlinks:\n  code: https://github.com/a/b\n")
    text = text.replace("\ntags:\n", "\ntags: Optimization, Learning Theory\nold_tags:\n", 1)
    text = text.replace("\nother_names: []\n", "\nother_names: EQR-Net\n", 1)
    path.write_text(text, encoding="utf-8")
    _make_import_update(path)

    report = run_import(SHIPPED_LIST, papers)
    assert report.updated == ["eqr"]
    meta = read_page(path).meta
    assert meta["tags"] == "Optimization, Learning Theory"
    assert meta["other_names"] == "EQR-Net"
    assert meta["links"]["code"] == "https://github.com/a/b"
    assert retag_pages(papers) == []
    assert read_page(path).meta["tags"] == "Optimization, Learning Theory"


def _five_tags_one_newly_inferred(path):
    """The page as if an editor had filled its tags up to five, and the tagger (a changed
    taxonomy, a newer paperlist) now infers one more it had not before."""
    from paperlist.model.taxonomy import load_taxonomy

    page = read_page(path)
    inferred = page.meta["inferred"]["tags"]
    assert 2 <= len(inferred) <= 5
    before = inferred[:-1]
    others = [t.name for t in load_taxonomy().tags if t.name not in inferred]
    page.meta["tags"] = [*before, *others[: 5 - len(before)]]
    page.meta["inferred"]["tags"] = before
    page.meta["inferred"]["tag_scores"] = {
        k: v for k, v in page.meta["inferred"]["tag_scores"].items() if k in before}
    path.write_text(dump_page(page), encoding="utf-8")
    return page.meta["tags"]


def test_no_inferred_tag_is_added_past_the_taxonomys_limit(papers):
    """An editor's five tags and a newly inferred one made six, which `paperlist check`
    refuses: a page nobody touched failed CI after a retag. The editor's five stay."""
    path = papers / "cyberjurors.md"
    edited = _five_tags_one_newly_inferred(path)
    assert retag_pages(papers) == ["cyberjurors"]
    assert read_page(path).tags == edited
    edited = _five_tags_one_newly_inferred(path)
    assert "cyberjurors" in run_import(SHIPPED_LIST, papers).updated
    assert read_page(path).tags == edited
    assert main(["check", "--papers", str(papers)]) == 0


def test_an_abstract_holding_html_is_imported_with_a_warning_that_names_the_check(tmp_path):
    """The page is made (nothing is lost), but `paperlist check` refuses HTML in an
    abstract, so the first push's CI failed with no word from the import."""
    listed = tmp_path / "list.txt"
    listed.write_text("ICML 2026\n\nWe propose FooNet, a model with <b>bold</b> claims "
                      "that beats <img src=x onerror=alert(1)> baselines.\n\nWe propose "
                      "BarNet, a plain model.\n", encoding="utf-8")
    report = run_import(listed, tmp_path / "papers")
    assert report.ok and len(report.created) == 2
    assert [str(w) for w in not_short(report.warnings)] == [
        f"{listed}:3: the abstract holds HTML or script ('<b', '</b', '<img'), which "
        "'paperlist check' refuses on its page foonet.md: remove it from the list and import "
        "again (the site shows an abstract as text; write *emphasis* and $math$)"]
    assert main(["check", "--papers", str(tmp_path / "papers")]) == 1


@pytest.mark.parametrize(("head", "venue", "said"), [
    ("", None, "the list has no header line (its first paragraph is an abstract; if that "
               "paragraph's first line is the header, put a blank line after it), so it "
               "names no venue"),
    ("Paper list\n\n", None, "the header 'Paper list' names no venue"),
    ("Paper list\n\n", "NeurIPS 2026", None),
    ("NeurIPS 2026 paper list\n\n", None, None),
])
def test_a_list_that_names_no_venue_is_told_so(tmp_path, head, venue, said):
    """Its pages had venue '' and the site no name, without a word."""
    listed = tmp_path / "list.txt"
    listed.write_text(head + "We propose BarNet, a plain model for plain tasks. "
                      + "It is plain in every way that a model can be plain. " * 4 + "\n",
                      encoding="utf-8")
    report = run_import(listed, tmp_path / "papers", venue=venue)
    assert report.ok
    assert [str(w) for w in report.warnings] == ([] if said is None else [
        f"{listed}:1: {said}: its pages have none, and the site no name. Write the "
        "conference's name and year first, then a blank line ('NeurIPS 2026 paper list'), or "
        "give its name and year, e.g. --venue 'NeurIPS 2026'"])  # (an example, said so)


@pytest.mark.forks
@pytest.mark.parametrize("parallel", [False, True], ids=["one-core", "worker-processes"])
def test_an_import_that_fails_part_way_changes_no_page(papers, tmp_path, monkeypatch, parallel):
    """Pages are staged as they are inferred, while later abstracts are still being
    inferred; an import that fails part-way (here inferring its fourth new abstract)
    leaves every page as it was, writes none of the new ones and leaves no temporary file."""
    import multiprocessing

    from paperlist.ingest import importer

    if parallel:
        if multiprocessing.get_start_method() != "fork":
            pytest.skip("the failure is patched in, which only forked workers inherit")
        monkeypatch.setattr(importer, "PARALLEL_FROM", 2)
        monkeypatch.setattr(importer, "CHUNK", 1)  # the first new pages staged before it fails
    longer = longer_list(tmp_path / "longer.txt", 6)
    infer = importer.infer_fields

    def fails_on_the_fourth(text, taxonomy=None):
        if "Tool3," in text:
            raise RuntimeError("inference failed")
        return infer(text, taxonomy)

    monkeypatch.setattr(importer, "infer_fields", fails_on_the_fourth)
    monkeypatch.setenv("PAPERLIST_CACHE_DIR", str(tmp_path / "cache"))  # nothing kept yet
    before = snapshot(papers)
    with pytest.raises(RuntimeError, match="inference failed"):
        run_import(longer, papers)
    assert snapshot(papers) == before
    assert not [p.name for p in papers.iterdir() if p.name.endswith(".tmp")]
    monkeypatch.setattr(importer, "infer_fields", infer)
    report = run_import(longer, papers)  # the same import, once it can finish
    assert len(report.created) == 6 and len(report.unchanged) == 19


@pytest.mark.forks
def test_a_disk_that_fills_mid_import_stops_the_workers_and_changes_no_page(
        papers, tmp_path, monkeypatch):
    """The main process fails staging a page while worker processes still infer the
    rest: they stop then, not when the interpreter exits (the failure's traceback, held
    here as by a caller, holds the plan), and no page changes."""
    import errno
    import multiprocessing

    from paperlist.ingest import importer
    from paperlist.util.atomic import Staged

    if multiprocessing.get_start_method() != "fork":
        pytest.skip("worker processes are started as this session's are")
    monkeypatch.setattr(importer, "PARALLEL_FROM", 2)
    monkeypatch.setattr(importer, "CHUNK", 1)
    monkeypatch.setenv("PAPERLIST_CACHE_DIR", str(tmp_path / "cache"))
    longer = longer_list(tmp_path / "longer.txt", 40)
    write = Staged.write
    staged: list[str] = []

    def fills_up(self, path, text):
        staged.append(path.name)
        if len(staged) == 3:
            raise OSError(errno.ENOSPC, "No space left on device")
        return write(self, path, text)

    monkeypatch.setattr(Staged, "write", fills_up)
    before = snapshot(papers)
    with pytest.raises(OSError, match="No space") as failed:
        run_import(longer, papers)
    assert failed.traceback and not multiprocessing.active_children()
    assert snapshot(papers) == before
    assert not [p.name for p in papers.iterdir() if p.name.endswith(".tmp")]
