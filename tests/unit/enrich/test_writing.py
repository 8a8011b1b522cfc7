"""What a match writes, and that an editor's work always survives it."""

from __future__ import annotations

from enrich_records import SHIPPED_LIST, copilot, page_by_digest, write_json

from paperlist.check.checker import check_paths
from paperlist.cli import main
from paperlist.enrich import run_enrich
from paperlist.ingest.importer import run_import
from paperlist.model.page import read_page


def files(papers):
    return {p.name: p.read_bytes() for p in sorted(papers.glob("*.md"))}


def edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_match_writes_the_record_and_the_page_stays_valid(papers, abstracts, tmp_path):
    record = copilot(abstracts[0], 1, github="https://github.com/someone/official",
                     project="https://example.org/project", status="Oral")
    page_file = page_by_digest(papers)["0"]
    before = read_page(page_file)
    run_enrich([write_json(tmp_path / "r.json", [record])], papers)
    page = read_page(page_file)
    assert page.id == before.id and page.body == before.body
    assert page.meta["title"] == "Official Title Number 1"
    assert page.meta["title_inferred"] is False
    assert page.meta["authors"] == ["Ada Lovelace1", "Alan Turing1"]
    assert page.meta["affiliations"] == ["Oxford", "Cambridge 1"]
    assert (page.meta["status"], page.meta["track"]) == ("Oral", "main")
    links = page.meta["links"]
    # The abstract's own code link stays first; the record's is added.
    assert links["code"] == [*before.links["code"], "https://github.com/someone/official"]
    assert links["paper"] == ["https://proceedings.example.org/1.html"]
    assert links["pdf"] == ["https://proceedings.example.org/1.pdf"]
    assert links["project"] == ["https://example.org/project"]
    assert page.meta["source"]["record"]["id"] == "pc1"
    assert page.meta["source"]["digest"] == before.source_digest
    assert check_paths([papers]) == []


def test_running_again_and_importing_again_change_nothing(papers, abstracts, tmp_path):
    records = write_json(tmp_path / "r.json", [copilot(a, i) for i, a in enumerate(abstracts)])
    assert len(run_enrich([records], papers).applied) == 19
    after = files(papers)
    again = run_enrich([records], papers)
    assert again.applied == [] and len(again.unchanged) == 19
    report = run_import(SHIPPED_LIST, papers)
    assert report.updated == [] and report.created == []
    assert files(papers) == after


def test_an_editors_title_and_authors_are_kept(papers, abstracts, tmp_path):
    page_file = page_by_digest(papers)["2"]
    edit(page_file, "authors: []", "authors: [Grace Hopper]")
    title = read_page(page_file).title
    edit(page_file, f"title: {title}" if f"title: {title}\n" in page_file.read_text() else
         f"title: '{title}'", "title: The Editor's Title")
    report = run_enrich([write_json(tmp_path / "r.json", [copilot(abstracts[2], 1)])], papers)
    page = read_page(page_file)
    assert page.meta["title"] == "The Editor's Title"
    assert page.meta["authors"] == ["Grace Hopper"]
    assert page.meta["status"] == "Poster"  # what the editor did not touch is applied
    # (the record's affiliations are its authors', not the editor's: kept out too)
    assert sorted(report.kept) == [(page.id, "affiliations"), (page.id, "authors"),
                                   (page.id, "title")]


def test_a_corrected_record_refreshes_what_no_editor_changed(papers, abstracts, tmp_path):
    page_file = page_by_digest(papers)["4"]
    run_enrich([write_json(tmp_path / "r.json", [copilot(abstracts[4], 1)])], papers)
    # An editor drops the PDF link.
    edit(page_file, "\n  pdf:\n  - https://proceedings.example.org/1.pdf", "")
    fixed = copilot(abstracts[4], 1, title="Official Title, Corrected",
                    author="Ada Lovelace1; Alan Turing1; Kurt Goedel")
    report = run_enrich([write_json(tmp_path / "r2.json", [fixed])], papers)
    page = read_page(page_file)
    assert report.applied == [page.id]
    assert page.meta["title"] == "Official Title, Corrected"
    assert page.meta["authors"] == ["Ada Lovelace1", "Alan Turing1", "Kurt Goedel"]
    assert "pdf" not in page.meta["links"]  # removed by the editor: stays removed
    # The affiliations no longer line up with the authors, so the record gives none, and
    # the page's, which were the record's, go rather than sit beside the wrong names.
    assert "affiliations" not in page.meta


def test_a_record_found_again_by_its_id_after_the_list_changed(papers, abstracts, tmp_path):
    """The page keeps its record's id, so a record whose abstract was since rewritten
    still finds it."""
    page_file = page_by_digest(papers)["6"]
    run_enrich([write_json(tmp_path / "r.json", [copilot(abstracts[6], 1)])], papers)
    rewritten = copilot("An entirely rewritten abstract, long enough to be matched: it "
                        "says nothing the page says, in words the page does not use.", 1,
                        title="Retitled")
    run_enrich([write_json(tmp_path / "r2.json", [rewritten])], papers)
    assert read_page(page_file).meta["title"] == "Retitled"


def test_html_in_a_record_becomes_text(papers, abstracts, tmp_path):
    record = copilot(abstracts[7], 1, title="<i>Deep</i> nets &amp; <script>alert(1)</script>",
                     author="Ada <b>Lovelace</b>; Alan\u202eTuring")
    run_enrich([write_json(tmp_path / "r.json", [record])], papers)
    page = read_page(page_by_digest(papers)["7"])
    assert page.meta["title"] == "Deep nets & alert(1)"
    assert page.meta["authors"] == ["Ada Lovelace", "AlanTuring"]
    assert check_paths([papers]) == []


def test_a_record_with_only_some_fields_is_used_for_what_it_has(papers, abstracts, tmp_path):
    record = {"abstract": abstracts[8], "title": "Only A Title"}
    report = run_enrich([write_json(tmp_path / "r.json", [record])], papers)
    page = read_page(page_by_digest(papers)["8"])
    assert report.applied == [page.id]
    assert page.meta["title"] == "Only A Title" and page.meta["authors"] == []
    assert "status" not in page.meta and "paper" not in page.meta["links"]
    assert page.meta["source"]["record"]["id"] == "record 1"


def test_cli_check_dry_run_and_exit_status(papers, abstracts, tmp_path, capsys):
    records = write_json(tmp_path / "r.json", [copilot(abstracts[0], 1)])
    before = files(papers)
    assert main(["enrich", str(records), "--papers", str(papers), "--check"]) == 1
    assert main(["enrich", str(records), "--papers", str(papers), "--dry-run"]) == 0
    err = capsys.readouterr().err
    assert "title: " in err and "'Official Title Number 1'" in err
    assert files(papers) == before
    assert main(["enrich", str(records), "--papers", str(papers)]) == 0
    assert main(["enrich", str(records), "--papers", str(papers), "--check"]) == 0
    decoy = write_json(tmp_path / "d.json", [copilot("A paper about something else "
                                                     "entirely, which none of the pages in "
                                                     "this catalogue describe at all.", 9)])
    assert main(["enrich", str(decoy), "--papers", str(papers)]) == 1
    err = capsys.readouterr().err
    # another venue's file: said as such, beside each record without a page
    assert "record pc9" in err and "none of the 1 records matched a page: is it this " \
        "catalogue's venue and year?" in err
    assert main(["enrich", str(records), "--papers", str(papers)]) == 0
    assert "none of the" not in capsys.readouterr().err
    # a record without an id of its own is named once, by its place
    nameless = [{"title": "T", "abstract": "Another paper about something else entirely, which "
                 "none of the pages in this catalogue describe at all."}]
    assert main(["enrich", str(write_json(tmp_path / "n.json", nameless)), "--papers",
                 str(papers)]) == 1
    err = capsys.readouterr().err
    assert "n.json: record 1: no page" in err and "(record record 1)" not in err


def csv_of(path, rows):
    lines = ["title,authors,abstract"] + [f'"{t}","{a}","{abstract}"' for t, a, abstract in rows]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_a_position_is_no_id_rows_inserted_above_do_not_move_titles(papers, abstracts,
                                                                    tmp_path):
    """A CSV without an id column numbers its rows; a row inserted above renumbers the rest,
    and another file numbers its own from 1: only the abstract may say whose a row is."""
    pages = page_by_digest(papers)
    first = [(f"Title {i}", f"Author {i}", abstracts[i]) for i in range(3)]
    run_enrich([csv_of(tmp_path / "a.csv", first)], papers)
    inserted = [("Title new", "Someone New", abstracts[5]), *first]
    other = csv_of(tmp_path / "b.csv", [("Other file", "Other Author", abstracts[9])])
    report = run_enrich([csv_of(tmp_path / "a.csv", inserted), other], papers)
    assert not report.ambiguous
    for i in range(3):
        assert read_page(pages[str(i)]).title == f"Title {i}"
    assert read_page(pages["5"]).title == "Title new"
    assert read_page(pages["9"]).title == "Other file"


def test_a_title_the_record_gives_later_is_applied(papers, abstracts, tmp_path):
    """A first record without a title leaves the inferred one; a later record with a title
    sets it (the page still holds what the importer wrote)."""
    page_file = page_by_digest(papers)["2"]
    run_enrich([write_json(tmp_path / "r.json", [{"id": "x1", "abstract": abstracts[2],
                                                 "status": "Poster"}])], papers)
    assert read_page(page_file).meta["title_inferred"] is True
    report = run_enrich([write_json(tmp_path / "r2.json", [copilot(abstracts[2], 1, id="x1")])],
                        papers)
    page = read_page(page_file)
    assert page.meta["title"] == "Official Title Number 1" and page.meta["title_inferred"] is False
    assert report.kept == []


def test_a_code_link_the_abstract_gives_stays_when_the_record_stops_giving_it(papers,
                                                                             abstracts,
                                                                             tmp_path):
    page_file = page_by_digest(papers)["0"]
    own = read_page(page_file).links["code"]
    assert own
    run_enrich([write_json(tmp_path / "r.json", [copilot(abstracts[0], 1, github=own[0])])],
               papers)
    run_enrich([write_json(tmp_path / "r2.json", [copilot(abstracts[0], 1, github="")])], papers)
    assert read_page(page_file).links["code"] == own
    assert run_import(SHIPPED_LIST, papers).updated == []


def test_another_files_record_that_lacks_a_field_removes_nothing(papers, abstracts, tmp_path,
                                                                   capsys):
    """A second file (another record, by its id) that gives only the title leaves the
    status, affiliations, track and links the first wrote: only the same record leaving a
    field out says it is gone. The authors stay the first record's to refresh, not an
    editor's. A dry run lists a field a run would remove."""
    page_file = page_by_digest(papers)["3"]
    run_enrich([write_json(tmp_path / "r.json", [copilot(abstracts[3], 1)])], papers)
    first = read_page(page_file).meta
    other = [{"id": "other-7", "title": "Another Source's Title", "abstract": abstracts[3]}]
    run_enrich([write_json(tmp_path / "other.json", other)], papers)
    page = read_page(page_file).meta
    assert page["title"] == "Another Source's Title"
    for key in ("authors", "affiliations", "status", "track"):
        assert page[key] == first[key], key
    assert page["links"] == first["links"]
    # run again, that file still removes nothing (what it keeps from the first is marked
    # carried, not taken for its own), and the page stays byte for byte
    before = files(papers)
    assert run_enrich([tmp_path / "other.json"], papers).applied == []
    assert files(papers) == before
    assert "status" in read_page(page_file).meta["source"]["record"]["carried"]
    # a CSV row is known by its place only: another file's row 1 is no "same record"
    rows = tmp_path / "rows.csv"
    rows.write_text(f'title,abstract,pdf\nT,"{abstracts[3]}",https://other.org/3.pdf\n',
                    encoding="utf-8")
    run_enrich([rows], papers)
    rows.write_text(f'title,abstract\nT,"{abstracts[3]}"\n', encoding="utf-8")
    run_enrich([rows], papers)
    page = read_page(page_file).meta
    assert page["links"]["pdf"] == [*first["links"]["pdf"], "https://other.org/3.pdf"]
    assert page["status"] == first["status"]
    # the first record, corrected, still refreshes the authors it wrote
    fixed = copilot(abstracts[3], 1, author="Ada Lovelace1; Alan Turing1; Kurt Goedel",
                    aff="Oxford; Cambridge 1; Vienna")
    run_enrich([write_json(tmp_path / "r2.json", [fixed])], papers)
    assert read_page(page_file).meta["authors"][-1] == "Kurt Goedel"
    # the same record without its status: the status goes, and a dry run says so first
    gone = copilot(abstracts[3], 1, author="Ada Lovelace1; Alan Turing1; Kurt Goedel",
                   aff="Oxford; Cambridge 1; Vienna", status="", track="")
    path = write_json(tmp_path / "r3.json", [gone])
    assert main(["enrich", str(path), "--papers", str(papers), "--dry-run"]) in (0, 1)
    out = capsys.readouterr()
    assert "status: 'Poster' -> (removed)" in out.err, out.err
    run_enrich([path], papers)
    assert "status" not in read_page(page_file).meta


def test_the_records_affiliations_do_not_go_beside_an_editors_authors(papers, abstracts,
                                                                       tmp_path):
    """An editor's one author is kept over the record's two; the record's two
    affiliations would then name the wrong people and fail `paperlist check`: they are
    left out, and the report says the editor's authors (and so affiliations) were kept."""
    page_file = page_by_digest(papers)["5"]
    edit(page_file, "authors: []", "authors: [Grace Hopper]")
    report = run_enrich([write_json(tmp_path / "r.json", [copilot(abstracts[5], 1)])], papers)
    page = read_page(page_file)
    assert page.meta["authors"] == ["Grace Hopper"] and "affiliations" not in page.meta
    assert page.meta["status"] == "Poster"
    assert sorted(k for _, k in report.kept) == ["affiliations", "authors"]
    assert check_paths([papers]) == []


def test_affiliations_go_with_their_authors_when_another_record_changes_the_authors(
        papers, abstracts, tmp_path):
    """A CSV after Paper Copilot's JSON, giving authors but no affiliations: the page had
    three authors beside the JSON's two affiliations, each the wrong person's ("Grace
    Hopper (Oxford)"), and `paperlist check` failed while the build showed them."""
    page_file = page_by_digest(papers)["2"]
    run_enrich([write_json(tmp_path / "r.json", [copilot(abstracts[2], 1)])], papers)
    rows = tmp_path / "camera.csv"
    rows.write_text("title,authors,abstract\nT,Grace Hopper; Ada Lovelace1; Alan Turing1,"
                    f'"{abstracts[2]}"\n', encoding="utf-8")
    run_enrich([rows], papers)
    page = read_page(page_file).meta
    assert page["authors"] == ["Grace Hopper", "Ada Lovelace1", "Alan Turing1"]
    assert page["affiliations"] == ["", "Oxford", "Cambridge 1"]
    assert check_paths([papers]) == []
    before = files(papers)  # the same file again changes nothing
    run_enrich([rows], papers)
    assert files(papers) == before
    # none of the old authors left: no affiliation is theirs
    rows.write_text(f'title,authors,abstract\nT,Kurt Goedel,"{abstracts[2]}"\n',
                    encoding="utf-8")
    run_enrich([rows], papers)
    page = read_page(page_file).meta
    assert page["authors"] == ["Kurt Goedel"] and "affiliations" not in page
    assert check_paths([papers]) == []


def test_another_source_that_changes_nothing_on_a_page_leaves_it_byte_for_byte(
        papers, abstracts, tmp_path):
    """A CSV correcting one author of many papers rewrote every page (its format and id
    stored as each page's record): a pull request of noise."""
    records = [copilot(abstracts[k], k) for k in (2, 3)]
    run_enrich([write_json(tmp_path / "r.json", records)], papers)
    before = files(papers)
    rows = tmp_path / "camera.csv"
    rows.write_text("title,authors,abstract\n" + "".join(
        f'"{r["title"]}","{r["author"] if k else "Ada Lovelace2; Alan Turing2; Kurt Goedel"}",'
        f'"{r["abstract"]}"\n' for k, r in enumerate(records)), encoding="utf-8")
    run_enrich([rows], papers)
    after = files(papers)
    changed = sorted(name for name in after if after[name] != before[name])
    assert changed == [page_by_digest(papers)["2"].name]
    assert read_page(page_by_digest(papers)["2"]).meta["authors"][-1] == "Kurt Goedel"
    run_enrich([rows], papers)  # again: nothing
    assert files(papers) == after


def test_an_editors_affiliations_follow_their_authors_and_are_never_lost(papers, abstracts,
                                                                          tmp_path):
    """An editor's "Oxford University" stays beside Ada through a CSV that reorders the
    authors and the first record run again; a CSV whose names match none of them leaves
    the editor's authors and affiliations as they were (dropped, before, without a word);
    two authors of one name keep each their own."""
    page_file = page_by_digest(papers)["2"]
    first = write_json(tmp_path / "r.json", [copilot(abstracts[2], 1)])
    run_enrich([first], papers)
    edit(page_file, "- Oxford", "- Oxford University")
    rows = tmp_path / "camera.csv"
    rows.write_text(f'title,authors,abstract\nT,Alan Turing1; Ada Lovelace1,"{abstracts[2]}"\n',
                    encoding="utf-8")
    run_enrich([rows], papers)
    page = read_page(page_file).meta
    assert list(zip(page["authors"], page["affiliations"], strict=True)) == [
        ("Alan Turing1", "Cambridge 1"), ("Ada Lovelace1", "Oxford University")]
    report = run_enrich([first], papers)
    page = read_page(page_file).meta
    assert list(zip(page["authors"], page["affiliations"], strict=True)) == [
        ("Ada Lovelace1", "Oxford University"), ("Alan Turing1", "Cambridge 1")]
    assert [k for _, k in report.kept] == ["affiliations"]
    before = files(papers)
    run_enrich([first], papers)
    assert files(papers) == before and check_paths([papers]) == []
    rows.write_text(f'title,authors,abstract\nT,A. Lovelace; A. Turing,"{abstracts[2]}"\n',
                    encoding="utf-8")
    report = run_enrich([rows], papers)
    page = read_page(page_file).meta
    assert page["affiliations"] == ["Oxford University", "Cambridge 1"]
    assert page["authors"] == ["Ada Lovelace1", "Alan Turing1"]
    assert sorted(k for _, k in report.kept) == ["affiliations", "authors"]


def test_two_authors_of_one_name_keep_each_their_affiliation(papers, abstracts, tmp_path):
    page_file = page_by_digest(papers)["2"]
    run_enrich([write_json(tmp_path / "r.json", [copilot(
        abstracts[2], 1, author="Wei Wang; Wei Wang", aff="Tsinghua; Stanford")])], papers)
    rows = tmp_path / "camera.csv"
    rows.write_text(f'title,authors,abstract\nT,Wei Wang; Wei Wang; Li Na,"{abstracts[2]}"\n',
                    encoding="utf-8")
    run_enrich([rows], papers)
    assert read_page(page_file).meta["affiliations"] == ["Tsinghua", "Stanford", ""]
