"""Parsing lists: the shipped one, the usual damage, and input that must stop the import."""

from __future__ import annotations

import pytest

from helpers import SHIPPED_LIST, not_short
from paperlist.ingest.listfile import (
    ListError,
    find_venue,
    parse_list,
    parse_list_text,
    venue_suggestion,
)

ABS1 = "We propose FooNet, a method for detecting things in images. It works well."
ABS2 = "We study the sample complexity of learning halfspaces. Our bounds are tight."


def write(tmp_path, data: bytes):
    p = tmp_path / "list.txt"
    p.write_bytes(data)
    return p


def test_shipped_list_has_header_and_19_abstracts():
    parsed = parse_list(SHIPPED_LIST)
    assert parsed.header == "ICML 2026 论文列表"
    assert parsed.venue == "ICML 2026"
    assert len(parsed.paragraphs) == 19
    assert parsed.paragraphs[0].text.startswith("Proactive Recommender Systems (PRSs)")
    assert parsed.paragraphs[0].line == 3
    assert not parsed.duplicates and not parsed.errors


@pytest.mark.parametrize("header, venue", [
    ("ICML 2026 论文列表", "ICML 2026"),
    ("Accepted papers of CoRL 2026", "CoRL 2026"),
    ("ICLR'26 accepted papers", "ICLR 2026"),  # a year as lists often write it
    ("NeurIPS \u201925 orals", "NeurIPS 2025"),
    ("COVID-19 papers", ""),  # '-19' is no year
    ("Conference on Robot Learning 2026", ""),  # no short name: --venue names it
    ("Don't panic '26", ""),
    ("ICML 2026论文列表", "ICML 2026"),  # Chinese after the year, no space
    ("ICML2026论文列表", "ICML 2026"),
    ("第40届NeurIPS 2026会议论文", "NeurIPS 2026"),  # and before the name
    ("Accepted papers, ICML-2026", "ICML 2026"),
    ("ICML\u20132026 papers", "ICML 2026"),  # an en dash
    ("ICLR'26论文", "ICLR 2026"),
    ("ICML 2026x", ""),  # inside a longer word or number
    ("xICML 2026", ""),
    ("ICML 20261", ""),
    ("3DV 2026 accepted papers", "3DV 2026"),  # digits in the name: no venue before
    ("L4DC 2026", "L4DC 2026"),
    ("Robotics: Science and Systems (RSS) 2026", "RSS 2026"),
    ("3D 2026", ""),  # one capital
])
def test_the_venue_a_header_names(header, venue):
    assert find_venue(header) == venue


def test_crlf_bom_tabs_trailing_spaces_and_blank_runs(tmp_path):
    data = ("\ufeffNeurIPS 2025 accepted papers \r\n\r\n\r\n\r\n"
            f"{ABS1}\t \r\n \t\r\n\r\n{ABS2}  \r\n\r\n").encode()
    parsed = parse_list(write(tmp_path, data))
    assert parsed.header == "NeurIPS 2025 accepted papers"
    assert parsed.venue == "NeurIPS 2025"
    assert [p.text for p in parsed.paragraphs] == [ABS1, ABS2]
    assert [p.line for p in parsed.paragraphs] == [5, 8]


def test_hard_wrapped_paragraphs_are_joined(tmp_path):
    text = ("ICLR 2020\n\nWe propose a state-of-the-\nart method for\nsegmenting\n"
            "images.\n\nSecond abstract here,\nwrapped.\n")
    parsed = parse_list_text(text)
    assert [p.text for p in parsed.paragraphs] == [
        "We propose a state-of-the-art method for segmenting images.",
        "Second abstract here, wrapped.",
    ]


def test_exact_duplicates_give_one_paragraph_and_a_warning():
    parsed = parse_list_text(f"ICML 2026\n\n{ABS1}\n\n{ABS2}\n\n{ABS1}\n")
    assert [p.text for p in parsed.paragraphs] == [ABS1, ABS2]
    assert parsed.duplicates == [(7, 3)]


def test_rewrapped_duplicate_is_still_a_duplicate():
    wrapped = ABS1.replace(" a method ", "\na method\n")
    parsed = parse_list_text(f"ICML 2026\n\n{ABS1}\n\n{wrapped}\n")
    assert len(parsed.paragraphs) == 1 and len(parsed.duplicates) == 1


@pytest.mark.parametrize("data, line, words", [
    (b"", 1, "empty"),
    (b"  \n\n\t\n", 1, "empty"),
    (b"ICML 2026 paper list\n\n", 2, "no abstracts"),
    ("ICML 2026\n\nGood abstract.\n\nBad \xff byte".encode("latin-1"), 5, "not valid UTF-8"),
])
def test_bad_files_stop_with_file_line_and_reason(tmp_path, data, line, words):
    path = write(tmp_path, data)
    with pytest.raises(ListError) as err:
        parse_list(path)
    assert err.value.line == line
    assert words in str(err.value)
    assert str(err.value).startswith(f"{path}:{line}: ")
    assert "\n" not in str(err.value)


def test_invalid_utf8_names_the_byte_offset(tmp_path):
    data = b"ICML 2026\n\nabc \xc3\x28 def\n"
    with pytest.raises(ListError, match=r"byte 15 \(0xc3\)"):
        parse_list(write(tmp_path, data))


def test_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(ListError, match="cannot read the list"):
        parse_list(tmp_path / "nope.txt")


def test_control_characters_are_removed_and_giant_paragraphs_reported_not_dropped():
    text = f"ICML 2026\n\n{ABS1}\n\nbad\x00 null\x0cform\n\n{'x' * 30_000}\n\n{ABS2}\n"
    parsed = parse_list_text(text, "l.txt")
    assert [p.text for p in parsed.paragraphs] == [ABS1, "bad null form", ABS2]
    assert [(w.line, w.reason.split(" (")[0]) for w in not_short(parsed.warnings)] == [
        (5, "removed 2 invisible character(s)")]
    assert [(e.line, e.reason.split(" ")[0]) for e in parsed.errors] == [(7, "paragraph")]
    # every paragraph is accounted for: a page or a reported error
    assert len(parsed.paragraphs) + len(parsed.errors) == 4


def test_list_without_header_keeps_every_paragraph():
    long = ABS1 + " " + "More detail. " * 30
    parsed = parse_list_text(f"{long}\n\n{ABS2}\n")
    assert parsed.header == "" and parsed.venue == ""
    assert len(parsed.paragraphs) == 2


def test_a_line_of_invisible_characters_is_a_blank_line():
    text = f"ICML 2026\n\n{ABS1}\n\u200b\n{ABS2}\n\n\ufeff\u200e\n"
    parsed = parse_list_text(text, "l.txt")
    assert [p.text for p in parsed.paragraphs] == [ABS1, ABS2]
    assert not parsed.errors


def test_a_word_hyphenated_across_a_line_break_by_a_pdf_is_joined():
    text = "ICML 2026\n\nWe update dy\x02\nnamically the optimi\u00ad\nzation and stop.\n"
    parsed = parse_list_text(text, "l.txt")
    assert [p.text for p in parsed.paragraphs] == [
        "We update dynamically the optimization and stop."]
    assert [w.line for w in not_short(parsed.warnings)] == [3]


def test_abstracts_one_per_line_without_blank_lines_are_reported():
    """An export with one abstract per line and no blank lines between them: every
    abstract ran into one page, silently. The paragraph is still imported as one (a reader
    decides), and the warning names the lines and the fix."""
    abstracts = [f"We propose Method{n}, which " + "improves the baseline a lot " * 12 + "."
                 for n in range(3)]
    wrapped = ("We propose WrapNet, a method that wraps\nits lines the way an editor "
               "does when a\nparagraph is hard wrapped at eighty columns.")
    parsed = parse_list_text("NeurIPS 2026 paper list\n\n" + "\n".join(abstracts)
                             + "\n\n" + wrapped + "\n", "list.txt")
    assert len(parsed.paragraphs) == 2
    assert [str(w) for w in parsed.warnings] == [
        "list.txt:3: this paragraph has 3 lines, and those on lines 3, 4, 5 are each as "
        "long as an abstract and end a sentence, as in a list with one abstract per line; "
        "it is taken as one abstract. If they are separate abstracts, put a blank line "
        "between them and import again"]


def test_a_paragraph_too_short_for_an_abstract_is_imported_and_reported():
    """"TBD" and "Short." became papers without a word (a note or placeholder in an
    exported list)."""
    one, two = (a + " It is studied on six benchmarks and three tasks." for a in (ABS1, ABS2))
    parsed = parse_list_text(f"ICML 2026\n\n{one}\n\nTBD\n\n{two}\n", "l.txt")
    assert [p.text for p in parsed.paragraphs] == [one, "TBD", two]
    assert [str(w) for w in parsed.warnings] == [
        "l.txt:5: this paragraph has 1 word(s), fewer than any abstract: it is imported as a "
        "paper all the same; if it is not one (a note, a placeholder such as 'TBD'), remove "
        "it from the list"]


def test_a_utf16_list_is_named_as_such(tmp_path):
    listed = tmp_path / "l.txt"
    listed.write_bytes("ICML 2026\n\nWe propose X.\n".encode("utf-16"))
    with pytest.raises(ListError, match=r"l\.txt:1: the list is UTF-16 .* re-save it as UTF-8"):
        parse_list(listed)



def test_a_utf16_list_saved_without_a_byte_order_mark_is_named_as_such(tmp_path):
    """Without its mark it decoded as UTF-8 with a NUL after every letter: 26 warnings of
    removed "invisible characters", repeated by every import, or, with an accented letter,
    "not valid UTF-8"."""
    listed = tmp_path / "l.txt"
    for text in ("ICML 2026\n\nWe propose X.\n", "ICML 2026\n\nWe propose Ünet.\n"):
        listed.write_bytes(text.encode("utf-16-le"))
        with pytest.raises(ListError, match=r"l\.txt:1: the list is UTF-16 \(saved without a "
                           r"byte order mark.* re-save it as UTF-8"):
            parse_list(listed)


def test_an_abstract_a_blank_line_cut_in_two_is_reported():
    """"... a policy that maps" then "glove data to robot hand actions." became two papers
    without a word; both are still imported (a reader decides), the warning says which."""
    cut = parse_list_text(f"ICML 2026\n\n{LONG1} We then train a policy that maps\n\n"
                          "glove data to robot hand actions, and it transfers to three robot "
                          "hands without any further tuning on the target hardware at all."
                          f"\n\n{LONG2}\n", "l.txt")
    assert len(cut.paragraphs) == 3
    assert [str(w) for w in cut.warnings] == [
        "l.txt:5: this paragraph begins in lower case and the one before it (line 3) ends "
        "mid-sentence: a blank line may have cut one abstract in two, imported as two papers. "
        "If so, remove that blank line and import again"]
    # a sentence, a formula or a link ends it; an abstract may begin with a lower-case name
    for first in (f"{LONG1} It ends.", f"{LONG1} Code: https://github.com/a/b",
                  f"{LONG1} in time $O(n)$"):
        fine = parse_list_text(f"ICML 2026\n\n{first}\n\nxLSTM scales up. {LONG2}\n", "l.txt")
        assert fine.warnings == [], first


LONG1 = ("We propose FooNet, a method for detecting small objects in aerial images that "
         "fuses features across scales and beats strong baselines on three benchmarks.")
LONG2 = ("We study the sample complexity of learning halfspaces under label noise and show "
         "that our bounds are tight up to logarithmic factors in the dimension.")


def test_a_header_without_a_blank_line_after_it_is_still_the_header():
    one_line = f"{LONG1} {LONG2}"  # an abstract on one line, longer than any header
    parsed = parse_list_text(f"ICML 2026 论文列表\n{one_line}\n\n{LONG2}\n", "l.txt")
    assert parsed.header == "ICML 2026 论文列表" and parsed.venue == "ICML 2026"
    assert [p.text for p in parsed.paragraphs] == [one_line, LONG2]
    assert parsed.paragraphs[0].line == 2
    (warning,) = parsed.warnings
    assert str(warning).startswith("l.txt:1: no blank line after the header")
    assert "line 2" in str(warning)


def test_a_header_run_into_a_hard_wrapped_abstract_does_not_swallow_it():
    words = LONG1.split()
    wrapped = "\n".join(" ".join(words[k:k + 6]) for k in range(0, len(words), 6))
    text = f"NeurIPS 2026 accepted papers\n{wrapped}\n\n{LONG2}\n"
    parsed = parse_list_text(text, "l.txt")
    assert parsed.header == "NeurIPS 2026 accepted papers" and parsed.venue == "NeurIPS 2026"
    assert [p.text for p in parsed.paragraphs] == [LONG1, LONG2]


def test_an_abstract_whose_first_line_names_a_venue_is_no_header():
    """A headerless list's first abstract, wrapped, its first line naming a venue: the line
    ends mid-sentence and the next goes on in lower case."""
    first = ("We evaluate on NeurIPS 2023 competition datasets and find that\n"
             "our method, a sparse mixture of graph experts, improves accuracy by\n"
             "four points on average while halving the memory that strong\n"
             "baselines need during training and inference.")
    parsed = parse_list_text(f"{first}\n\n{LONG2}\n", "l.txt")
    assert parsed.header == "" and parsed.venue == ""
    assert parsed.paragraphs[0].text == " ".join(first.split("\n"))


def test_a_long_header_ending_in_a_full_stop_stays_the_header():
    header = ("Accepted papers of the Forty-Third International Conference on Machine Learning\n"
              "(ICML 2026), Seoul, as published on the conference website on 1 May 2026.")
    parsed = parse_list_text(f"{header}\n\n{LONG1}\n", "l.txt")
    assert parsed.venue == "ICML 2026" and [p.text for p in parsed.paragraphs] == [LONG1]
    assert not parsed.warnings


def test_a_header_of_several_short_lines_stays_one_header():
    parsed = parse_list_text(f"ICML 2026\nAccepted papers\nMain track\n\n{LONG1}\n", "l.txt")
    assert parsed.header == "ICML 2026 Accepted papers Main track"
    assert [p.text for p in parsed.paragraphs] == [LONG1] and not parsed.warnings


def test_a_header_run_into_a_short_abstract_does_not_swallow_it():
    """Two lines short enough for a header: the abstract under the venue's line is still one
    (review: it became the header's end, the venue found, no word said)."""
    for header in ("NeurIPS 2026 accepted papers", "ICML 2026 论文列表"):
        parsed = parse_list_text(f"{header}\n{LONG1}\n\n{LONG2}\n", "l.txt")
        assert parsed.header == header and [p.text for p in parsed.paragraphs] == [LONG1, LONG2]
        assert "no blank line after the header" in str(parsed.warnings[0])


def test_a_list_without_a_header_whose_first_abstract_is_wrapped_is_all_abstracts():
    cut = LONG1.index(" a method")
    for first in (f"{LONG1[:cut]}\n{LONG1[cut + 1:]}", LONG1):
        parsed = parse_list_text(f"{first}\n\n{LONG2}\n", "l.txt")
        assert parsed.header == "" and [p.text for p in parsed.paragraphs] == [LONG1, LONG2]



@pytest.mark.parametrize(("header", "suggested"), [
    # what the header calls the conference, up to its year: not an unrelated example
    ("Workshop on Robot Learning 2026", "Workshop on Robot Learning 2026"),
    ("TinyML Summit 2027 accepted papers", "TinyML Summit 2027"),
    ("  Robot Learning -  2026: orals", "Robot Learning 2026"),
    ("Robot Learning (2026) \u2014 accepted papers", "Robot Learning 2026"),
    ("# Robot Learning [2026]", "Robot Learning 2026"),
    ("Workshop on Robot Learning 2025-2026", "Workshop on Robot Learning 2025"),
    ("[Robot Learning] 2026", "Robot Learning 2026"),
    ("Robot Learning (July 2026)", "Robot Learning 2026"),
    # nothing to go on: a year alone, no year, no header, a sentence, a page of words
    ("2026 papers", "NeurIPS 2026"),
    ("Accepted papers", "NeurIPS 2026"),
    ("", "NeurIPS 2026"),
    ("In 2026 we accepted these papers", "NeurIPS 2026"),
    ("Accepted papers 2026", "NeurIPS 2026"),
    ("Workshop " * 20 + "2026", "NeurIPS 2026"),
])
def test_a_header_without_a_venue_suggests_its_own_name(header, suggested):
    assert find_venue(header) == ""
    assert venue_suggestion(header) == suggested
