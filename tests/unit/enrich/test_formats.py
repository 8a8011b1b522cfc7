"""Each format's records read as the conference wrote them, and bad files stop everything
with where and why."""

from __future__ import annotations

import json

import pytest
from enrich_records import copilot, page_by_digest, write_json

from paperlist.enrich import RecordError, run_enrich
from paperlist.enrich.formats import read_sources
from paperlist.model.page import read_page


def test_paper_copilot_semicolons_commas_and_affiliations(tmp_path):
    path = write_json(tmp_path / "pc.json", [
        copilot("x " * 30, 1, aff=";", status="Accept (oral)"),
        copilot("y " * 30, 2, author="Ada Lovelace, Alan Turing, Grace Hopper",
                aff="Oxford, , MIT"),
    ])
    one, two = read_sources([path])
    assert one.authors == ["Ada Lovelace1", "Alan Turing1"]
    assert one.affiliations == []  # ";" says nothing about anyone
    assert one.status == "Oral" and one.track == "main" and one.format == "papercopilot"
    assert two.authors == ["Ada Lovelace", "Alan Turing", "Grace Hopper"]
    assert two.affiliations == ["Oxford", "", "MIT"]


def test_a_single_authors_affiliation_keeps_its_commas(tmp_path):
    """With one author there is nothing to line up: "Weizmann Institute of Science,
    Rehovot, Israel" is theirs whole (split at its commas it matched no one, and was
    dropped: every single-author record with an affiliation in COLT 2019's file)."""
    path = write_json(tmp_path / "pc.json", [
        copilot("x " * 30, 1, author="Ohad Shamir",
                aff="Weizmann Institute of Science, Rehovot, Israel"),
        copilot("y " * 30, 2, author="Ada Lovelace, Alan Turing", aff="Oxford, MIT"),
    ])
    one, two = read_sources([path])
    assert one.authors == ["Ohad Shamir"]
    assert one.affiliations == ["Weizmann Institute of Science, Rehovot, Israel"]
    assert two.affiliations == ["Oxford", "MIT"]


@pytest.mark.parametrize(("decision", "shown"), [
    ("Withdraw", "Withdrawn"), ("Withdrawn Submission", "Withdrawn"),
    ("Accept (oral)", "Oral"), ("Desk Reject", "Desk Rejected"), ("Reject", "Rejected"),
    ("ICLR 2025 Spotlight", "Spotlight"), ("Findings", "Findings")])
def test_a_decision_is_shown_in_the_sites_words(decision, shown):
    """Paper Copilot writes "Withdraw" for ICLR's withdrawn papers."""
    from paperlist.enrich.record import status_name

    assert status_name(decision) == shown


def test_names_pasted_from_cjk_text_are_each_an_author(tmp_path):
    """A full-width comma or an ideographic one separates names (check refuses an author
    holding one), so a record's "张三，李四、王五" is three authors, in a list too."""
    path = write_json(tmp_path / "pc.json", [
        copilot("x " * 30, 1, author="张三，李四、王五", aff="清华，北大、复旦"),
        copilot("y " * 30, 2, author=["Ada Lovelace；Alan Turing", "Grace Hopper"], aff=""),
        copilot("z " * 30, 3, author="Ada Lovelace, Alan Turing, 张三、李四",
                aff="Oxford, Cambridge, 清华、北大"),
        copilot("w " * 30, 4, author="Martin Luther King, Jr.; 张三", aff="Boston, MA; 清华"),
    ])
    one, two, three, four = read_sources([path])
    assert one.authors == ["张三", "李四", "王五"]
    assert one.affiliations == ["清华", "北大", "复旦"]  # split as the names were: aligned
    assert two.authors == ["Ada Lovelace", "Alan Turing", "Grace Hopper"]
    assert three.authors == ["Ada Lovelace", "Alan Turing", "张三", "李四"]
    assert three.affiliations == ["Oxford", "Cambridge", "清华", "北大"]
    assert four.authors == ["Martin Luther King, Jr.", "张三"]  # semicolons: commas are names'
    assert four.affiliations == ["Boston, MA", "清华"]


def test_a_virtual_site_entry_of_two_people_is_two_authors(tmp_path):
    path = write_json(tmp_path / "vs.json", {"results": [
        {"id": 1, "name": "A Title", "abstract": "x " * 30,
         "authors": [{"fullname": "张三，李四", "institution": "清华"},
                     {"fullname": "Ada Lovelace", "institution": "Oxford"}]}]})
    record, = read_sources([path])
    assert record.authors == ["张三", "李四", "Ada Lovelace"]
    assert record.affiliations == []  # whose is 清华 cannot be told: none rather than wrong


def openreview_note(abstract: str, forum: str, v2: bool = True) -> dict:
    content = {"title": "An OpenReview Title", "authors": ["Ada Lovelace", "Alan Turing"],
               "authorids": ["~Ada_Lovelace1", "~Alan_Turing1"], "abstract": abstract,
               "venue": "ICLR 2026 Spotlight", "venueid": "ICLR.cc/2026/Conference",
               "pdf": f"/pdf/{forum}.pdf", "keywords": ["graphs"], "TLDR": "short"}
    if v2:
        content = {k: {"value": v} for k, v in content.items()}
    return {"id": forum, "forum": forum, "content": content}


@pytest.mark.parametrize("shape", ["array", "notes", "jsonl", "v1"])
def test_openreview_notes_in_every_shape(tmp_path, abstracts, papers, shape):
    notes = [openreview_note(abstracts[0], "AbC123", v2=shape != "v1")]
    path = tmp_path / ("notes.jsonl" if shape == "jsonl" else "notes.json")
    if shape == "jsonl":
        notes.append(openreview_note(abstracts[1], "DeF456"))
        path.write_text("\n".join(json.dumps(n) for n in notes) + "\n", encoding="utf-8")
    else:
        write_json(path, {"notes": notes} if shape == "notes" else notes)
    record = read_sources([path])[0]
    assert record.format == "openreview" and record.id == "AbC123"
    assert record.title == "An OpenReview Title" and record.status == "Spotlight"
    assert record.links["paper"] == ["https://openreview.net/forum?id=AbC123"]
    assert record.links["pdf"] == ["https://openreview.net/pdf/AbC123.pdf"]
    report = run_enrich([path], papers)
    page = read_page(page_by_digest(papers)["0"])
    assert page.id in report.applied and page.meta["authors"] == ["Ada Lovelace", "Alan Turing"]


def virtual_record(rid: int, abstract: str | None) -> dict:
    record = {"id": rid, "uid": f"u{rid}", "name": "A Virtual Site Title",
              "authors": [{"fullname": "Ada Lovelace", "institution": "Oxford"},
                          {"fullname": "Alan Turing", "institution": ""}],
              "decision": "Accept (poster)", "eventtype": "Poster",
              "paper_url": "https://openreview.net/forum?id=q1",
              "paper_pdf_url": "https://openreview.net/pdf?id=q1",
              "virtualsite_url": "https://icml.cc/virtual/2026/poster/1", "session": "A",
              "poster_position": "#12"}
    if abstract is not None:
        record["abstract"] = abstract
    return record


def test_virtual_site_with_abstracts_inline_or_in_a_second_file(tmp_path, abstracts, papers):
    inline = write_json(tmp_path / "vs.json", {"results": [virtual_record(1, abstracts[2])]})
    apart = write_json(tmp_path / "vs2.json", {"results": [virtual_record(2, None)]})
    texts = write_json(tmp_path / "abstracts.json", {"2": abstracts[3]})
    one, two = read_sources([inline, texts, apart])
    assert one.format == two.format == "virtualsite"
    assert one.authors == ["Ada Lovelace", "Alan Turing"]
    assert one.affiliations == ["Oxford", ""] and one.status == "Poster"
    assert one.links["paper"] == ["https://openreview.net/forum?id=q1"]
    assert two.abstract == abstracts[3]
    report = run_enrich([inline, texts, apart], papers)
    assert len(report.applied) == 2


def test_csv_by_usual_names_by_field_map_and_tsv(tmp_path, abstracts, papers):
    csv_path = tmp_path / "papers.csv"
    csv_path.write_text('Title,Authors,Abstract,Decision,PDF\n'
                        f'"A CSV Title, With A Comma","Ada Lovelace; Alan Turing","{abstracts[4]}",'
                        'Oral,https://example.org/a.pdf\n', encoding="utf-8")
    record = read_sources([csv_path])[0]
    assert (record.title, record.status, record.id) == ("A CSV Title, With A Comma", "Oral",
                                                        "row 1")
    assert record.authors == ["Ada Lovelace", "Alan Turing"] and record.where.endswith(":2")
    tsv = tmp_path / "papers.tsv"
    tsv.write_text(f"Paper Name\tWho\tText\nA TSV Title\tAda Lovelace | Alan Turing\t"
                   f"{abstracts[5]}\n", encoding="utf-8")
    record = read_sources([tsv], fields={"title": "Paper Name", "authors": "Who",
                                         "abstract": "Text"}, author_sep="|")[0]
    assert record.title == "A TSV Title" and record.authors == ["Ada Lovelace", "Alan Turing"]
    # --fields names the odd columns; the others are found by their usual names as ever
    named = tmp_path / "named.csv"
    named.write_text('Paper Title,Author Names,abstract,code,Title\n'
                     f'Real Title,Ada Lovelace,"{abstracts[5]}",https://github.com/a/b,Other\n',
                     encoding="utf-8")
    record = read_sources([named], fields={"title": "Paper Title", "authors": "Author Names"})[0]
    assert (record.title, record.authors) == ("Real Title", ["Ada Lovelace"])
    assert record.links.get("code") == ["https://github.com/a/b"]
    # FIELD= leaves a field out, even a column of its usual name
    record = read_sources([named], fields={"title": "Paper Title", "code": ""})[0]
    assert record.title == "Real Title" and not record.links.get("code")
    assert len(run_enrich([csv_path], papers).applied) == 1
    # names split as in every format: at commas when there is no semicolon
    commas = tmp_path / "commas.csv"
    commas.write_text('Title,Authors,Affiliations,Abstract\n'
                      f'T,"Bob Tanaka, Łukasz Smith","Kyoto, Warsaw","{abstracts[6]}"\n'
                      f'U,"Ohad Shamir","Weizmann Institute, Rehovot","{abstracts[7]}"\n',
                      encoding="utf-8")
    one, two = read_sources([commas])
    assert one.authors == ["Bob Tanaka", "Łukasz Smith"]
    assert one.affiliations == ["Kyoto", "Warsaw"]
    assert two.affiliations == ["Weizmann Institute, Rehovot"]
    # what a comma leaves of one person is put back: a suffix, a name written last first
    one_person = tmp_path / "one.csv"
    one_person.write_text('Title,Authors,Affiliations,Abstract\n'
                          f'T,"Martin Luther King, Jr.","Morehouse College, Atlanta, USA",'
                          f'"{abstracts[8]}"\n'
                          f'U,"Smith, John",,"{abstracts[9]}"\n', encoding="utf-8")
    king, smith = read_sources([one_person])
    assert king.authors == ["Martin Luther King, Jr."]
    assert king.affiliations == ["Morehouse College, Atlanta, USA"]
    assert smith.authors == ["Smith, John"]


@pytest.mark.parametrize(("name", "text", "where", "reason"), [
    ("bad.json", '[{"abstract": "a",\n  "title": }]', "bad.json:2", "not valid JSON"),
    ("bad.jsonl", '{"abstract": "a"}\n{"abstract": }\n', "bad.jsonl:2", "not valid JSON Lines"),
    ("odd.json", '{"hello": 1}', "odd.json", "found an object with keys 'hello'"),
    ("nums.json", "[1, 2]", "nums.json", "cannot tell the format: found a list of int"),
    ("bad.csv", 'title,abstract\n"unclosed,x\n', "bad.csv:", "not valid CSV"),
    ("noabs.csv", "title,authors\nA,B\n", "noabs.csv:1", "no abstract column"),
    ("wide.csv", "title,abstract\nA,B,C\n", "wide.csv:2", "3 cells but the header has 2"),
    ("latin1.json", None, "latin1.json:1", "not UTF-8"),
    ("long.csv", "title,abstract\n" + "t" * 301 + ",An abstract\n", "long.csv:2",
     "the title is 301 characters, longer than a page takes (300)"),
])
def test_a_file_that_cannot_be_read_stops_everything(tmp_path, papers, name, text, where,
                                                     reason):
    path = tmp_path / name
    if text is None:
        path.write_bytes('[{"abstract": "caf\u00e9"}]'.encode("latin-1"))
    else:
        path.write_text(text, encoding="utf-8")
    good = write_json(tmp_path / "good.json", [copilot("z " * 40, 1)])
    before = {p.name: p.read_bytes() for p in papers.glob("*.md")}
    with pytest.raises(RecordError) as err:
        run_enrich([good, path], papers)
    assert str(err.value).startswith(str(tmp_path / where)) and reason in str(err.value)
    assert {p.name: p.read_bytes() for p in papers.glob("*.md")} == before


def test_a_record_that_is_not_an_object_is_named_by_its_number(tmp_path):
    path = write_json(tmp_path / "pc.json", [copilot("x " * 30, 1), "oops"])
    with pytest.raises(RecordError, match=r"pc\.json: record 2: expected an object"):
        read_sources([path])
