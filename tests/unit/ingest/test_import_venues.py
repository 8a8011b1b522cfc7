"""Several lists in one catalogue: each import sees only its own list's pages."""

from __future__ import annotations

import shutil

import pytest

from helpers import FIXTURES, SHIPPED_LIST
from paperlist.cli import main
from paperlist.ingest.importer import run_import
from paperlist.model.page import read_page

ALPHA = FIXTURES / "venues" / "alpha-2026.txt"
BETA = FIXTURES / "venues" / "beta-2027.txt"
ALPHA_IDS = {"glimmernet", "tiderl", "quillcheck"}
BETA_IDS = {"rivergnn", "hushed", "stridediff"}


def snapshot(folder):
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def venues(folder):
    return {p.stem: read_page(p).meta["venue"] for p in sorted(folder.glob("*.md"))}


@pytest.fixture
def papers(tmp_path):
    """A catalogue of list A, with list B added to papers/source/ and imported."""
    folder = tmp_path / "papers"
    (folder / "source").mkdir(parents=True)
    for src in (ALPHA, BETA):
        shutil.copy(src, folder / "source" / src.name)
    assert run_import(folder / "source" / ALPHA.name, folder).ok
    return folder


def test_second_list_leaves_the_first_lists_pages_byte_identical(papers):
    before = snapshot(papers)
    report = run_import(papers / "source" / BETA.name, papers)
    assert report.ok and set(report.created) == BETA_IDS and report.missing == []
    after = snapshot(papers)
    assert {k: v for k, v in after.items() if k in before} == before  # catalogue.yml too
    assert venues(papers) == {**dict.fromkeys(ALPHA_IDS, "ALPHA 2026"),
                              **dict.fromkeys(BETA_IDS, "BETA 2027")}
    assert b"title: ALPHA 2026 paper list" in after["catalogue.yml"]


def test_prune_on_one_list_never_removes_another_lists_pages(papers):
    run_import(papers / "source" / BETA.name, papers)
    report = run_import(papers / "source" / BETA.name, papers, prune=True)
    assert report.missing == [] and report.others == 3
    assert {p.stem for p in papers.glob("*.md")} == ALPHA_IDS | BETA_IDS


def test_a_paragraph_removed_from_one_list_is_that_lists_to_prune(papers):
    run_import(papers / "source" / BETA.name, papers)
    alpha = papers / "source" / ALPHA.name
    paragraphs = alpha.read_text(encoding="utf-8").split("\n\n")
    alpha.write_text("\n\n".join(p for p in paragraphs if "TideRL" not in p), encoding="utf-8")
    assert run_import(papers / "source" / BETA.name, papers, prune=True).missing == []
    assert (papers / "tiderl.md").exists()
    report = run_import(alpha, papers, prune=True)
    assert report.missing == ["tiderl"] and not (papers / "tiderl.md").exists()
    assert {p.stem for p in papers.glob("*.md")} == (ALPHA_IDS - {"tiderl"}) | BETA_IDS


def test_two_lists_of_one_venue_keep_to_their_own_pages(tmp_path):
    folder = tmp_path / "papers"
    (folder / "source").mkdir(parents=True)
    shutil.copy(ALPHA, folder / "source" / ALPHA.name)
    track = folder / "source" / "alpha-2026-workshop.txt"
    track.write_text(BETA.read_text(encoding="utf-8").replace("BETA 2027", "ALPHA 2026"),
                     encoding="utf-8")
    run_import(folder / "source" / ALPHA.name, folder)
    before = snapshot(folder)
    report = run_import(track, folder, prune=True)
    assert set(report.created) == BETA_IDS and report.missing == [] and report.relinked == []
    assert {k: v for k, v in snapshot(folder).items() if k in before} == before


def test_venue_option_replaces_the_headers(papers):
    report = run_import(papers / "source" / BETA.name, papers, venue="  Beta   Workshop 2027 ")
    assert report.ok
    assert {venues(papers)[i] for i in BETA_IDS} == {"Beta Workshop 2027"}
    assert main(["import", str(papers / "source" / BETA.name), "--papers", str(papers),
                 "--venue", "Beta Workshop 2027", "--check"]) == 0


def test_a_venue_given_later_reaches_the_pages_that_had_none(tmp_path, capsys):
    """A header that names no venue ("Accepted papers") left every page without one: giving
    --venue, or fixing the header, must reach those pages, not only new ones; CI's import
    with no LIST then agrees; a venue an editor set stays theirs."""
    folder = tmp_path / "papers"
    (folder / "source").mkdir(parents=True)
    listing = folder / "source" / BETA.name
    listing.write_text(BETA.read_text(encoding="utf-8").replace("BETA 2027 abstracts",
                                                                 "Accepted papers"),
                       encoding="utf-8")
    assert run_import(listing, folder).ok
    assert set(venues(folder).values()) == {""}
    capsys.readouterr()
    assert main(["import", str(listing), "--papers", str(folder), "--check"]) == 0
    assert "3 abstracts: 0 would create" in capsys.readouterr().err  # no venue to show
    page = folder / "hushed.md"
    page.write_text(page.read_text(encoding="utf-8").replace("venue: ''",
                                                             "venue: Beta 2027 Workshop"),
                    encoding="utf-8")
    report = run_import(listing, folder, venue="Beta Summit 2027")
    assert set(report.updated) == BETA_IDS - {"hushed"}
    assert venues(folder) == {"hushed": "Beta 2027 Workshop", "rivergnn": "Beta Summit 2027",
                              "stridediff": "Beta Summit 2027"}
    assert main(["import", "--check", "--papers", str(folder)]) == 0  # as CI runs it
    # the venue as the import reads it, where a surprise shows
    assert "3 abstracts (Beta Summit 2027): 0 would create" in capsys.readouterr().err
    # the header fixed: the pages that had the list's venue take the new one
    listing.write_text(listing.read_text(encoding="utf-8").replace("Accepted papers",
                                                                   "BETA 2027 papers"),
                       encoding="utf-8")
    assert run_import(listing, folder).ok
    assert venues(folder) == {"hushed": "Beta 2027 Workshop", "rivergnn": "BETA 2027",
                              "stridediff": "BETA 2027"}


def test_a_venue_given_over_the_headers_stays_until_the_header_changes(tmp_path, capsys):
    """--venue over a header that names a venue ("BETA 2027" -> "BETA 2027 Datasets
    Track"): CI's import with no LIST, and check, keep the given venue; a header changed
    since moves the pages to the one it names now, and check says so as import --check
    does."""
    folder = tmp_path / "papers"
    (folder / "source").mkdir(parents=True)
    listing = folder / "source" / BETA.name
    shutil.copy(BETA, listing)
    assert run_import(listing, folder).ok
    assert run_import(listing, folder, venue="BETA 2027 Datasets Track").ok
    assert set(venues(folder).values()) == {"BETA 2027 Datasets Track"}
    assert main(["import", "--check", "--papers", str(folder)]) == 0
    assert main(["check", str(folder)]) == 0
    listing.write_text(BETA.read_text(encoding="utf-8").replace("BETA 2027", "GAMMA 2028"),
                       encoding="utf-8")
    capsys.readouterr()
    assert main(["check", str(folder)]) == 1
    told = capsys.readouterr().out
    assert told.count("the next import would change venue to GAMMA 2028") == 3, told
    assert main(["import", "--check", "--papers", str(folder)]) == 1
    assert run_import(listing, folder).ok
    assert set(venues(folder).values()) == {"GAMMA 2028"}
    assert main(["check", str(folder)]) == 0


def test_a_list_without_a_header_keeps_the_venue_it_was_given(tmp_path):
    """No header line at all: the venue given is recorded all the same, and a paper added
    to the list later gets it."""
    folder = tmp_path / "papers"
    (folder / "source").mkdir(parents=True)
    listing = folder / "source" / BETA.name
    text = BETA.read_text(encoding="utf-8").split("\n\n", 1)[1]  # the abstracts only
    listing.write_text(text, encoding="utf-8")
    assert run_import(listing, folder, venue="Beta Summit 2027").ok
    extra = ("We propose FooBar, a method for detecting rare birds in audio recordings with "
             "a small convolutional network trained on public field recordings of forests.")
    listing.write_text(text.rstrip("\n") + "\n\n" + extra + "\n", encoding="utf-8")
    report = run_import(listing, folder)
    assert len(report.created) == 1 and report.ok
    assert set(venues(folder).values()) == {"Beta Summit 2027"}
    assert not any("names no venue" in str(w) for w in report.warnings)


def test_a_header_edited_to_name_no_venue_keeps_the_catalogues(tmp_path):
    """"ALPHA 2026 paper list" edited to "Accepted papers": the catalogue's only list
    keeps the venue it had (nothing is dropped), and a paper added since gets it too."""
    folder = tmp_path / "papers"
    (folder / "source").mkdir(parents=True)
    listing = folder / "source" / ALPHA.name
    shutil.copy(ALPHA, listing)
    assert run_import(listing, folder).ok
    extra = ("We propose FooBar, a method for detecting rare birds in audio recordings with "
             "a small convolutional network trained on public field recordings of forests.")
    listing.write_text(ALPHA.read_text(encoding="utf-8").replace(
        "ALPHA 2026 paper list", "Accepted papers").rstrip("\n") + "\n\n" + extra + "\n",
        encoding="utf-8")
    report = run_import(listing, folder)
    assert len(report.created) == 1 and not any("no venue" in str(w) for w in report.warnings)
    assert set(venues(folder).values()) == {"ALPHA 2026"}
    assert "venue: ALPHA 2026" in (folder / "catalogue.yml").read_text(encoding="utf-8")
    assert main(["check", str(folder)]) == 0
    assert main(["import", "--check", "--papers", str(folder)]) == 0


def test_venue_option_on_one_of_several_lists_moves_its_pages(papers):
    """With several lists --venue gives the list's pages that have its header's venue the
    one given (the others' pages, and a venue an editor set, stay); check and CI's import
    then agree that nothing more is to change."""
    assert run_import(papers / "source" / BETA.name, papers).ok
    page = papers / "tiderl.md"
    page.write_text(page.read_text(encoding="utf-8").replace("venue: ALPHA 2026",
                                                             "venue: ALPHA 2026 Workshop"),
                    encoding="utf-8")
    report = run_import(papers / "source" / ALPHA.name, papers, venue="Alpha Findings 2026")
    assert set(report.updated) == ALPHA_IDS - {"tiderl"}
    assert venues(papers) == {"glimmernet": "Alpha Findings 2026",
                              "quillcheck": "Alpha Findings 2026",
                              "tiderl": "ALPHA 2026 Workshop",
                              **dict.fromkeys(BETA_IDS, "BETA 2027")}
    assert main(["import", "--check", "--papers", str(papers)]) == 0
    assert main(["check", str(papers)]) == 0


def test_an_empty_venue_is_refused(papers, capsys):
    with pytest.raises(SystemExit):
        main(["import", str(papers / "source" / BETA.name), "--papers", str(papers),
              "--venue", "  "])
    assert "give the venue's name" in capsys.readouterr().err
    assert not (papers / "hushed.md").exists()


def test_venue_option_needs_its_list_when_there_are_several(papers, capsys):
    assert main(["import", "--papers", str(papers), "--venue", "X 2026"]) == 1
    assert "--venue names one list's venue: give the list too" in capsys.readouterr().err


def test_the_same_abstract_in_two_lists_is_named_at_both_and_kept_once(papers):
    shared = ALPHA.read_text(encoding="utf-8").split("\n\n")[2]  # TideRL, line 5 of A
    beta = papers / "source" / BETA.name
    beta.write_text(BETA.read_text(encoding="utf-8").rstrip("\n") + "\n\n" + shared,
                    encoding="utf-8")
    before = (papers / "tiderl.md").read_bytes()
    report = run_import(beta, papers)
    assert report.ok and "tiderl" in report.unchanged and "tiderl" not in report.created
    assert [str(w) for w in report.warnings] == [
        f"{beta}:9: the same abstract is in {papers / 'source' / ALPHA.name}:5; its page "
        f"{papers / 'tiderl.md'} is kept as it is, venue 'ALPHA 2026'. Remove it from one of "
        "the two lists"]
    assert (papers / "tiderl.md").read_bytes() == before


def test_import_check_reads_every_list_and_names_the_one_that_disagrees(papers, capsys):
    run_import(papers / "source" / BETA.name, papers)
    assert main(["import", "--check", "--papers", str(papers)]) == 0
    capsys.readouterr()
    beta = papers / "source" / BETA.name
    beta.write_text(beta.read_text(encoding="utf-8").replace("eight times larger",
                                                             "eight times longer"),
                    encoding="utf-8")
    assert main(["import", "--check", "--papers", str(papers)]) == 1
    err = capsys.readouterr().err
    assert f"pages and list disagree ({beta})" in err
    assert "would update abstract of stridediff (" in err and f"the same, from {beta}:7)" in err
    assert f"({papers / 'source' / ALPHA.name})" not in err


def test_import_without_a_list_imports_each_list_in_turn(tmp_path, capsys):
    folder = tmp_path / "papers"
    (folder / "source").mkdir(parents=True)
    for src in (ALPHA, BETA):
        shutil.copy(src, folder / "source" / src.name)
    assert main(["import", "--papers", str(folder)]) == 0
    assert venues(folder) == {**dict.fromkeys(ALPHA_IDS, "ALPHA 2026"),
                              **dict.fromkeys(BETA_IDS, "BETA 2027")}
    assert (folder / "catalogue.yml").read_text(encoding="utf-8").startswith(
        "title: ALPHA 2026 paper list")


def test_a_page_no_list_has_is_named_once_with_the_lists_searched(papers, capsys):
    run_import(papers / "source" / BETA.name, papers)
    stray = papers / "stray.md"
    digest = read_page(papers / "hushed.md").source_digest
    stray.write_text((papers / "hushed.md").read_text(encoding="utf-8")
                     .replace(digest, "0123456789abcdef")
                     .replace("id: hushed", "id: stray").replace("BETA 2027", "GAMMA 2025")
                     .replace("Federated learning", "Split learning"), encoding="utf-8")
    assert main(["import", "--check", "--papers", str(papers)]) == 0
    err = capsys.readouterr().err
    assert (f"note: 1 page(s) have no paragraph in any list (searched "
            f"{papers / 'source' / ALPHA.name}, {papers / 'source' / BETA.name}) and are kept "
            "as they are: stray") in err
    assert main(["import", "--prune", "--papers", str(papers)]) == 0
    assert stray.exists()


def test_a_list_kept_outside_the_catalogues_source_folder_is_copied_there(papers, tmp_path):
    outside = tmp_path / BETA.name
    shutil.copy(BETA, outside)
    (papers / "source" / BETA.name).unlink()
    checked = run_import(outside, papers, check=True)  # writes nothing: says so instead
    assert [str(w) for w in checked.warnings] == [
        f"{outside}: this list is not in {papers / 'source'}, beside the catalogue's other "
        "lists, so 'paperlist import --check' and the other lists' imports do not know its "
        f"pages; an import copies it there ({papers / 'source' / BETA.name})"]
    assert not (papers / "source" / BETA.name).exists()
    report = run_import(outside, papers)
    assert report.ok and set(report.created) == BETA_IDS and report.warnings == []
    assert report.copied == str(papers / "source" / BETA.name)
    assert (papers / "source" / BETA.name).read_bytes() == BETA.read_bytes()


def test_a_page_whose_venue_an_editor_changed_still_follows_its_corrected_paragraph(papers):
    run_import(papers / "source" / BETA.name, papers)
    page = papers / "tiderl.md"
    page.write_text(page.read_text(encoding="utf-8").replace("venue: ALPHA 2026",
                                                             "venue: ALPHA 2026 Workshop"),
                    encoding="utf-8")
    alpha = papers / "source" / ALPHA.name
    alpha.write_text(alpha.read_text(encoding="utf-8").replace("needs no extra network",
                                                               "needs no additional network"),
                     encoding="utf-8")
    assert run_import(papers / "source" / BETA.name, papers, prune=True).relinked == []
    report = run_import(alpha, papers, prune=True)
    assert [r[0] for r in report.relinked] == ["tiderl"] and report.created == []
    assert report.missing == [] and report.others == 3
    meta = read_page(page).meta
    assert meta["venue"] == "ALPHA 2026 Workshop" and "additional network" in page.read_text()


NEW_PAPER = ("Graph transformers struggle with very large molecules. We propose LatticeFormer, "
             "a sparse attention scheme over molecular lattices that scales linearly with the "
             "number of atoms and improves property prediction on three benchmarks.")


def new_version(text: str) -> str:
    """The list as a corrected download: its first abstract corrected, its third gone, a
    paper added."""
    header, *abstracts = text.rstrip("\n").split("\n\n")
    abstracts[0] += " We release our code and data."
    del abstracts[2]
    return "\n\n".join([header, *abstracts, NEW_PAPER]) + "\n"


def page_of(folder, paragraph: str) -> str:
    return next(p.stem for p in folder.glob("*.md") if read_page(p).body.strip() == paragraph)


@pytest.mark.parametrize("where", ["source", "outside"])
def test_a_new_version_of_a_list_under_another_name_is_refused(tmp_path, where, capsys):
    """A corrected download saved beside the old list (or anywhere) would give the
    corrected abstract a second page and never say the removed one left, with every
    check passing; the import stops, names the list it repeats and how to update that
    one, and writes nothing. Written over the old list, the same text re-links the
    corrected abstract's page and reports the removed one."""
    folder = tmp_path / "papers"
    (folder / "source").mkdir(parents=True)
    old = folder / "source" / SHIPPED_LIST.name
    shutil.copy(SHIPPED_LIST, old)
    assert run_import(old, folder).ok
    abstracts = SHIPPED_LIST.read_text(encoding="utf-8").rstrip("\n").split("\n\n")[1:]
    corrected, removed = page_of(folder, abstracts[0]), page_of(folder, abstracts[2])
    before = snapshot(folder)
    v2 = (folder / "source" if where == "source" else tmp_path) / "icml-2026-v2.txt"
    v2.write_text(new_version(SHIPPED_LIST.read_text(encoding="utf-8")), encoding="utf-8")
    assert main(["import", str(v2), "--papers", str(folder)]) == 1
    err = capsys.readouterr().err
    assert f"{v2}: 17 of its 19 abstracts are also in {old}, a list of the same venue " \
           "(ICML 2026): one of the two is a new version of the other" in err
    assert f"cp {v2} {old}; paperlist import {old}" in err and "Nothing was written" in err
    # the file to delete afterwards only when it sits beside the old one, under its own name
    assert (f"then delete {v2}" in err) == (where == "source")
    assert snapshot(folder) == before
    if where == "source":  # as CI runs it: the check fails too
        assert main(["import", "--check", "--papers", str(folder)]) == 1
        assert "is a new version of the other" in capsys.readouterr().err

    shutil.move(v2, old)
    report = run_import(old, folder)
    assert [r[0] for r in report.relinked] == [corrected] and report.missing == [removed]
    assert len(report.created) == 1 and report.ok


def test_a_list_that_is_a_small_part_of_another_of_its_venue_goes_on(tmp_path):
    """A track's orals (one abstract of the main list, and one of its own) is no new
    version of the main list: imported beside it, with the shared abstract's warning."""
    folder = tmp_path / "papers"
    (folder / "source").mkdir(parents=True)
    shutil.copy(ALPHA, folder / "source" / ALPHA.name)
    assert run_import(folder / "source" / ALPHA.name, folder).ok
    header, glimmer = ALPHA.read_text(encoding="utf-8").split("\n\n")[:2]
    orals = folder / "source" / "alpha-2026-orals.txt"
    orals.write_text("\n\n".join([header, glimmer, NEW_PAPER]) + "\n", encoding="utf-8")
    report = run_import(orals, folder)
    assert report.ok and len(report.created) == 1
    assert any("the same abstract is in" in w.reason for w in report.warnings)


def test_a_list_imported_from_elsewhere_goes_beside_the_others_so_prune_keeps_its_pages(
        tmp_path, capsys):
    """A second list imported from where it was downloaded (as "Import another list" shows)
    is copied into papers/source/: the first list's --prune would otherwise take its pages
    for its own paragraphs that had left, and CI's `import --check` would not know them."""
    folder = tmp_path / "papers"
    (folder / "source").mkdir(parents=True)
    shutil.copy(ALPHA, folder / "source" / ALPHA.name)
    assert main(["import", "--papers", str(folder)]) == 0
    capsys.readouterr()
    assert main(["import", str(BETA), "--papers", str(folder)]) == 0
    copied = folder / "source" / BETA.name
    assert f"note: the list was copied to {copied}" in capsys.readouterr().err
    assert copied.read_bytes() == BETA.read_bytes()
    assert main(["import", "--prune", "--papers", str(folder)]) == 0
    assert "removed" not in capsys.readouterr().err
    assert {p.stem for p in folder.glob("*.md")} == ALPHA_IDS | BETA_IDS
    assert main(["import", "--check", "--papers", str(folder)]) == 0
    # never over another file of that name: said, and nothing copied
    other = tmp_path / "elsewhere" / ALPHA.name
    other.parent.mkdir()
    other.write_text(BETA.read_text(encoding="utf-8").replace("BETA 2027", "GAMMA 2028"),
                     encoding="utf-8")
    before = snapshot(folder)
    assert main(["import", str(other), "--papers", str(folder)]) == 1
    err = capsys.readouterr().err
    assert f"{folder / 'source' / ALPHA.name} is another list of that name" in err
    assert snapshot(folder) == before and (folder / "source" / ALPHA.name).read_bytes() == \
        ALPHA.read_bytes()
    # the same list imported again from where it was downloaded: that list, not a second one
    assert main(["import", str(BETA), "--papers", str(folder)]) == 0
    assert "3 unchanged" in capsys.readouterr().err
    # a list not named .txt goes in as one, where the catalogue's lists are read from
    gamma = tmp_path / "gamma.list"
    gamma.write_text(ALPHA.read_text(encoding="utf-8").replace("ALPHA 2026", "GAMMA 2028")
                     .replace("GlimmerNet", "ShimmerNet"), encoding="utf-8")
    main(["import", str(gamma), "--papers", str(folder)])
    assert (folder / "source" / "gamma.txt").read_bytes() == gamma.read_bytes()


def test_a_list_from_elsewhere_goes_in_with_its_pages_or_not_at_all(tmp_path, monkeypatch):
    """The copy is staged with the pages (review: pages written, then a failed copy left them
    to the only list's --prune); a list read from a pipe is read once."""
    import subprocess
    import sys

    from paperlist.util import atomic

    folder = tmp_path / "papers"
    (folder / "source").mkdir(parents=True)
    shutil.copy(ALPHA, folder / "source" / ALPHA.name)
    assert run_import(folder / "source" / ALPHA.name, folder).ok
    before = snapshot(folder)
    real = atomic._temp_for

    def fails_for_lists(path, data, *args, **kwargs):
        if path.suffix == ".txt":
            raise OSError(28, "No space left on device")
        return real(path, data, *args, **kwargs)

    monkeypatch.setattr(atomic, "_temp_for", fails_for_lists)
    with pytest.raises(OSError):
        run_import(BETA, folder)
    monkeypatch.undo()
    assert snapshot(folder) == before and not list((folder / "source").glob(".*"))
    piped = subprocess.run(
        [sys.executable, "-m", "paperlist.cli", "import", "/dev/stdin", "--papers", str(folder)],
        input=BETA.read_bytes(), capture_output=True)
    assert piped.returncode == 0, piped.stderr
    assert (folder / "source" / "stdin.txt").read_bytes() == BETA.read_bytes()
    assert {p.stem for p in folder.glob("*.md")} == ALPHA_IDS | BETA_IDS


@pytest.mark.parametrize("first_import", [False, True])
def test_a_fork_that_replaces_the_only_list_prunes_the_old_venues_pages(tmp_path,
                                                                        first_import):
    """README: replace the list in papers/source/, then `import --prune` (also after a plain
    `import` first: review)."""
    folder = tmp_path / "papers"
    (folder / "source").mkdir(parents=True)
    shutil.copy(ALPHA, folder / "source" / ALPHA.name)
    assert main(["import", "--papers", str(folder)]) == 0
    (folder / "source" / ALPHA.name).unlink()
    shutil.copy(BETA, folder / "source" / BETA.name)
    if first_import:
        assert main(["import", "--papers", str(folder)]) == 0
    assert main(["import", "--prune", "--papers", str(folder)]) == 0
    assert {p.stem for p in folder.glob("*.md")} == BETA_IDS
    assert set(venues(folder).values()) == {"BETA 2027"}


def test_a_second_list_naming_no_venue_does_not_say_the_site_has_no_name(papers, capsys):
    """The site keeps the first list's name: only the pages of a second list go without."""
    workshop = papers / "source" / "workshop.txt"
    workshop.write_text("Workshop papers\n\n" + BETA.read_text(encoding="utf-8").split(
        "\n\n", 1)[1].replace("RiverGNN", "LakeGNN"), encoding="utf-8")
    assert main(["import", str(workshop), "--papers", str(papers)]) == 0
    err = capsys.readouterr().err
    assert "the header 'Workshop papers' names no venue: its pages have none. Write" in err
