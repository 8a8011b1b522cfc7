"""The `paperlist` command. Every failure is one line: file:line: what is wrong."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

from paperlist import __version__
from paperlist.ingest.importer import print_report, retag_pages, run_import
from paperlist.ingest.listfile import ListError
from paperlist.model.page import PageError

DEFAULT_PAPERS = Path("papers")
SOURCE_DIR = "source"


def _default_list(papers: Path) -> Path:
    """The list shipped with the catalogue: the one .txt file in papers/source/."""
    lists = sorted((papers / SOURCE_DIR).glob("*.txt"))
    if len(lists) != 1:
        found = ", ".join(str(p) for p in lists) or "none"
        raise SystemExit(f"paperlist: error: give the list to import (found in "
                         f"{papers / SOURCE_DIR}: {found})")
    return lists[0]


def cmd_import(args: argparse.Namespace) -> int:
    papers = Path(args.into)
    list_path = Path(args.list) if args.list else _default_list(papers)
    report = run_import(list_path, papers, check=args.check)
    print_report(report, check=args.check)
    if args.check and (report.created or report.updated):
        print("paperlist: pages and list disagree; run 'paperlist import' to update the pages",
              file=sys.stderr)
        return 1
    return 0 if report.ok else 1


def cmd_retag(args: argparse.Namespace) -> int:
    changed = retag_pages(Path(args.papers), check=args.check)
    verb = "would change" if args.check else "changed"
    print(f"retag: {len(changed)} page(s) {verb}" + (f": {', '.join(changed)}" if changed
                                                    else ""), file=sys.stderr)
    return 1 if (args.check and changed) else 0


def cmd_explain(args: argparse.Namespace) -> int:
    from paperlist.infer.tags import explain
    from paperlist.model.page import read_page

    path = Path(args.papers) / f"{args.id}.md"
    if not path.exists():
        print(f"paperlist: error: {path}: no such page", file=sys.stderr)
        return 1
    page = read_page(path)
    print(f"{page.id}: {page.title}")
    print(f"tags on the page: {', '.join(page.tags) or '(none)'}")
    print(explain(page.body))
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from paperlist.check.checker import check_paths

    problems = check_paths([Path(p) for p in args.paths] or [Path(args.papers)])
    for problem in problems:
        print(problem)
    if problems:
        print(f"paperlist check: {len(problems)} problem(s)", file=sys.stderr)
        return 1
    return 0


def _mkdocs(*argv: str) -> int:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    return subprocess.call([sys.executable, "-m", "mkdocs", *argv], env=env)


def cmd_build(args: argparse.Namespace) -> int:
    return _mkdocs("build", "--strict", "-f", args.config, "-d", args.site_dir)


def cmd_serve(args: argparse.Namespace) -> int:
    return _mkdocs("serve", "-f", args.config, "-a", args.dev_addr)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="paperlist", description=__doc__)
    p.add_argument("--version", action="version", version=f"paperlist {__version__}")
    sub = p.add_subparsers(dest="command", required=True)

    s = sub.add_parser("import", help="create or update papers/<id>.md from an abstract list")
    s.add_argument("list", nargs="?", help="the list file (default: the one in papers/source/)")
    s.add_argument("--into", default=str(DEFAULT_PAPERS), help="pages folder (default papers)")
    s.add_argument("--check", action="store_true",
                   help="write nothing; exit 1 if the pages and the list disagree")
    s.set_defaults(func=cmd_import)

    s = sub.add_parser("retag", help="re-apply the taxonomy to every page, keeping editors' tags")
    s.add_argument("--papers", default=str(DEFAULT_PAPERS))
    s.add_argument("--check", action="store_true",
                   help="write nothing; exit 1 if tags would change")
    s.set_defaults(func=cmd_retag)

    s = sub.add_parser("explain", help="why a paper got its tags: scores, phrases, near misses")
    s.add_argument("id")
    s.add_argument("--papers", default=str(DEFAULT_PAPERS))
    s.set_defaults(func=cmd_explain)

    s = sub.add_parser("check", help="validate pages; report every problem as file:line")
    s.add_argument("paths", nargs="*", help="pages or folders (default: papers/)")
    s.add_argument("--papers", default=str(DEFAULT_PAPERS))
    s.set_defaults(func=cmd_check)

    for name, func, helptext in (("build", cmd_build, "build the site (mkdocs build --strict)"),
                                 ("serve", cmd_serve, "preview with live reload")):
        s = sub.add_parser(name, help=helptext)
        s.add_argument("-f", "--config", default="mkdocs.yml")
        if name == "build":
            s.add_argument("-d", "--site-dir", default="site")
        else:
            s.add_argument("-a", "--dev-addr", default="127.0.0.1:8000")
        s.set_defaults(func=func)
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except (ListError, PageError) as e:
        print(f"paperlist: error: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
