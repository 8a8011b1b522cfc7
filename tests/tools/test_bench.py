"""The scale benchmark runs end to end at a small size (its large sizes are not tests)."""

from __future__ import annotations

import json
import subprocess
import sys

from helpers import TOOLS


def test_bench_prints_the_table_and_writes_json(tmp_path):
    out = tmp_path / "bench.json"
    result = subprocess.run(
        [sys.executable, str(TOOLS / "bench.py"), "--papers", "19", "--runs", "1",
         "--no-browser", "--json", str(out)], capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    assert "build ratio ours/plain" in result.stdout and "N=19" in result.stdout
    assert "import --check again s (fields cached)" in result.stdout
    [row] = json.loads(out.read_text())
    assert row["n"] == 19 and row["metrics"]["papers"] == 19
    assert row["metrics"]["import_s"] > 0 and row["metrics"]["import_check_cached_s"] > 0
    for variant in ("paperlist", "stock", "plain"):
        m = row["metrics"][variant]
        assert m["build_runs"] == 1 and m["build_s"] > 0 and m["build_cpu_s"] > 0
        assert m["paper_page_bytes"] > 10_000
    # ours answers search from Pagefind, so Material's own index holds no paper
    assert (row["metrics"]["paperlist"]["search_index_json_bytes"]
            < row["metrics"]["stock"]["search_index_json_bytes"] / 3)
    parts = row["metrics"]["paperlist"]["parts"]
    assert parts["paper pages"]["files"] == 19 and "bytes / tar / disk" in result.stdout
    for got in parts.values():  # a tar entry is a 512-byte header and whole 512-byte blocks
        assert got["tar"] >= got["bytes"] + 512 * got["files"] and got["tar"] % 512 == 0


def test_real_abstracts_come_first_and_generated_ones_top_them_up(tmp_path):
    import benchdata

    jsonl = tmp_path / "papers.jsonl"
    jsonl.write_text(json.dumps({"title": "T", "abstract": "We study  soft\u00adhyphens.\n"})
                     + "\n" + json.dumps({"abstract": ""}) + "\n", encoding="utf-8")
    listed = tmp_path / "list.txt"
    listed.write_text("Old venue\n\nFirst real\nabstract.\n\nSecond one.\n", encoding="utf-8")
    first = tmp_path / "first.txt"
    first.write_text(benchdata.real_list([jsonl, listed]), encoding="utf-8")
    paragraphs = benchdata.make_list(10, first).split("\n\n")
    assert paragraphs[1:4] == ["We study softhyphens.", "First real abstract.", "Second one."]
    assert len(paragraphs) == 11 and all(p.strip() for p in paragraphs)
    assert benchdata.make_list(2, first).rstrip("\n").split("\n\n")[1:] == paragraphs[1:3]
    assert benchdata.make_list(10, first) == benchdata.make_list(10, first)  # seeded


def test_bench_preview_times_an_edit_through_the_fast_path(tmp_path):
    out = tmp_path / "preview.json"
    result = subprocess.run(
        [sys.executable, str(TOOLS / "bench_preview.py"), "--papers", "19", "--edits", "1",
         "--json", str(out)], capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    assert "| 19 |" in result.stdout and "fast path not used" not in result.stdout
    [row] = json.loads(out.read_text())
    assert row["papers"] == 19 and row["fast_path_used"]
    assert len(row["fast_s_all"]) == 1 and len(row["full_s_all"]) == 1


def test_the_counting_server_counts_search_files_as_sent_and_as_a_host_gzips_them(tmp_path):
    import gzip
    import urllib.request

    import bench

    worker = b"self.onmessage = () => {};\n" * 400  # text: GitHub Pages sends it gzipped
    chunk = gzip.compress(b"pagefind index chunk " * 300, mtime=0)  # gzip already: as is
    for path, data in (("assets/paperlist/search-worker.js", worker),
                       ("pagefind/index/en_1.pf_index", chunk),
                       ("assets/paperlist/discovery.css", b"a{}" * 1000),  # every page's
                       ("papers/x/index.html", b"<p>page</p>" * 100)):   # not search
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_bytes(data)
    server, url, counter = bench.serve(tmp_path)
    try:
        counter["bytes"] = counter["wire"] = 0
        for path in ("assets/paperlist/search-worker.js?v=1", "pagefind/index/en_1.pf_index",
                     "assets/paperlist/discovery.css", "papers/x/"):
            with urllib.request.urlopen(f"{url}/{path}") as response:
                response.read()
    finally:
        server.shutdown()
    assert counter["bytes"] == len(worker) + len(chunk)
    assert counter["wire"] == len(gzip.compress(worker, 6, mtime=0)) + len(chunk)
    assert counter["wire"] < counter["bytes"] / 2
