"""index_parity.py: it finds no difference where the two bundles agree, and names the ones
it is shown (its figures at 30,000 papers are not tests)."""

from __future__ import annotations

import gzip
import json
import pickle

from helpers import FIXTURES, js_package

HOSTILE = json.loads((FIXTURES / "search" / "hostile-pages.json").read_text(encoding="utf-8"))


def test_the_same_pages_indexed_both_ways_differ_in_nothing(tmp_path, monkeypatch, capsys):
    import index_parity

    launcher = js_package("pagefind").parent / ".bin" / "pagefind"  # 1.6: the rules ours follow
    monkeypatch.setenv("PAGEFIND_BINARY_PATH", str(launcher))
    pages = tmp_path / "pages.pkl"
    pages.write_bytes(pickle.dumps(HOSTILE))
    assert index_parity.main(["--pages", str(pages), "--work", str(tmp_path / "w")]) == 0
    out = capsys.readouterr().out
    assert f"{len(HOSTILE)} pages" in out and "differences: none" in out
    assert "peak MiB" in out and "CPU s" in out


def test_a_difference_is_named(tmp_path, monkeypatch, capsys):
    import index_parity

    monkeypatch.setenv("PAGEFIND_BINARY_PATH",
                       str(js_package("pagefind").parent / ".bin" / "pagefind"))
    pages = tmp_path / "pages.pkl"
    pages.write_bytes(pickle.dumps(HOSTILE))
    index_parity.main(["--pages", str(pages), "--work", str(tmp_path / "w")])
    capsys.readouterr()
    theirs = index_parity.decode(tmp_path / "w" / "pagefind")
    ours_dir = tmp_path / "w" / "ours"
    fragment = next((ours_dir / "fragment").glob("*.pf_fragment"))
    raw = gzip.decompress(fragment.read_bytes())
    data = json.loads(raw[12:])
    data["content"] = data["content"].replace(" ", "  ", 1).replace("  ", " x ", 1)
    fragment.write_bytes(gzip.compress(raw[:12] + json.dumps(data).encode()))
    diffs = index_parity.compare(theirs, index_parity.decode(ours_dir))
    assert diffs["fragment content"] == 1
    assert data["url"] in capsys.readouterr().out
