"""The `paperlist` command. Every failure is one line: file:line: what is wrong.

Each command is a thin call into the library, so anything the CLI does a script can do
too; this module only turns arguments into paths, and results into output and exit codes."""

from __future__ import annotations

import argparse
import difflib
import os
import shlex
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from paperlist import __version__
from paperlist.enrich.record import RecordError
from paperlist.ingest.importer import (
    SOURCE_DIR,
    catalogue_lists,
    print_import_report,
    retag_pages,
    run_catalogue_import,
    run_import,
    unlisted_pages,
)
from paperlist.ingest.listfile import ListError
from paperlist.model.page import PageError
from paperlist.model.taxonomy import load_taxonomy
from paperlist.structure.scaffold import InitError

DEFAULT_PAPERS = Path("papers")
DESCRIPTION = "Turn a conference's plain-text abstract list into a static site of paper pages."
PAPERS_HELP = "the folder of paper pages (default: %(default)s)"


class CliError(Exception):
    """A bad argument, reported like every other failure: one 'paperlist: error:' line."""


class _DeprecatedAlias(argparse.Action):
    """An old option name that still works, so existing scripts keep running, but says
    which name to use instead."""

    def __init__(self, *args: Any, use: str, **kwargs: Any) -> None:
        self.use = use
        super().__init__(*args, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        print(f"paperlist: warning: {option_string} is deprecated; use {self.use}",
              file=sys.stderr)
        setattr(namespace, self.dest, values)


def _closest(wanted: str, known: list[str]) -> str:
    """The near miss worth suggesting for a typo; '' when nothing is close enough to help."""
    close = difflib.get_close_matches(wanted, known, n=1)
    return close[0] if close else ""


def _page_file(arg: str, papers: Path) -> Path:
    """The page a user means by an id (`prorl`) or a path (`papers/prorl.md`). Ids are
    slugs, so a separator or a .md ending can only mean a path. A typo gets the closest
    page named, so a misspelt id costs one retry rather than a directory listing."""
    if arg.endswith(".md") or "/" in arg or os.sep in arg:
        path = Path(arg)
        if path.is_file():
            return path
        if path.is_dir():
            raise CliError(f"{path}: is a folder; give a paper id or one page file")
        near = _closest(path.stem, sorted(p.stem for p in path.parent.glob("*.md")))
        hint = f" — did you mean '{path.parent / near}.md'?" if near else ""
        raise CliError(f"{path}: no such page file{hint}")
    path = papers / f"{arg}.md"
    if path.is_file():
        return path
    _existing(papers)
    near = _closest(arg, sorted(p.stem for p in papers.glob("*.md")))
    hint = f" — did you mean {near!r}?" if near else ""
    raise CliError(f"no page {arg!r} in {papers}{os.sep}{hint}")


def _existing(papers: Path) -> Path:
    """The pages folder, which must be there: run from elsewhere (inside papers/ itself),
    a command said only that it found no list, or checked a folder that is not there."""
    if not papers.is_dir():
        inside = " (this folder is one: run it from the folder above)" if (
            Path.cwd().name == papers.name and any(Path.cwd().glob("*.md"))) else ""
        raise CliError(f"{papers}{os.sep}: no such folder here{inside}; run paperlist in the "
                       "catalogue's folder (beside its mkdocs.yml), or give the pages folder "
                       "with --papers")
    return papers


def cmd_import(args: argparse.Namespace) -> int:
    papers = Path(args.papers)
    if args.list:
        reports = [run_import(Path(args.list), papers, check=args.check,
                              taxonomy=args.taxonomy, prune=args.prune, venue=args.venue)]
    else:
        lists = catalogue_lists(_existing(papers))
        if not lists:
            raise CliError(f"give the list to import (found in {papers / SOURCE_DIR}: none)")
        if args.venue is not None and len(lists) > 1:
            raise CliError(f"--venue names one list's venue: give the list too (found in "
                           f"{papers / SOURCE_DIR}: {', '.join(p.name for p in lists)})")
        reports = ([run_import(lists[0], papers, check=args.check, taxonomy=args.taxonomy,
                               prune=args.prune, venue=args.venue)] if len(lists) == 1
                   else run_catalogue_import(papers, check=args.check,
                                             taxonomy=args.taxonomy, prune=args.prune))
    status = 0
    for report in reports:
        print_import_report(report, check=args.check, prune=args.prune)
        if args.check and (report.created or report.updated or report.relinked
                           or (args.prune and report.missing_files)):
            where = f" ({report.list_path})" if len(reports) > 1 else ""
            print(f"paperlist: pages and list disagree{where}; run 'paperlist import' to "
                  "update the pages", file=sys.stderr)
            if report.updated and not (report.created or report.relinked):
                # nothing in the paragraphs changed: what is inferred from them did
                print(f"paperlist: the {len(report.updated)} page(s) to update have the same "
                      "paragraphs as the list, so what changed is what is inferred from them: "
                      "the taxonomy was edited, the list's header names another venue, or the "
                      "paperlist installed here is another version than the one that made "
                      "them. Run 'paperlist import' and commit the pages (or install the "
                      "version that made them: a catalogue's CI installs what its "
                      "requirements.txt names)", file=sys.stderr)
            status = 1
        elif not report.ok:
            status = 1
    if not args.list and len(reports) > 1:
        lost = unlisted_pages(papers)
        if lost:
            searched = ", ".join(str(p) for p in catalogue_lists(papers))
            print(f"note: {len(lost)} page(s) have no paragraph in any list (searched "
                  f"{searched}) and are kept as they are: {', '.join(lost)}", file=sys.stderr)
    return status


def cmd_retag(args: argparse.Namespace) -> int:
    changed = retag_pages(Path(args.papers), check=args.check, taxonomy=args.taxonomy)
    verb = "would change" if args.check else "changed"
    print(f"retag: {len(changed)} page(s) {verb}" + (f": {', '.join(changed)}" if changed
                                                    else ""), file=sys.stderr)
    return 1 if (args.check and changed) else 0


def _field_map(value: str) -> dict[str, str]:
    """--fields title=Title,authors=Author Names: our field -> the file's column."""
    from paperlist.enrich.record import settings

    known = list(settings()["csv_columns"])
    out: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in value.split(","))):
        ours, sep, theirs = part.partition("=")
        ours = ours.strip()
        if not sep:
            raise argparse.ArgumentTypeError(f"{part!r}: write FIELD=COLUMN, e.g. title=Title "
                                             "(or FIELD= for no column)")
        if ours not in known:
            near = _closest(ours, known)
            hint = f" — did you mean {near!r}?" if near else ""
            raise argparse.ArgumentTypeError(f"unknown field {ours!r}{hint} (fields: "
                                             f"{', '.join(known)})")
        out[ours] = theirs.strip()
    return out


def cmd_enrich(args: argparse.Namespace) -> int:
    from paperlist.enrich import print_enrich_report, run_enrich

    check = args.check or args.dry_run
    report = run_enrich([Path(s) for s in args.sources], Path(args.papers), fmt=args.format,
                        check=check, fields=args.fields, author_sep=args.author_sep,
                        describe=args.dry_run)
    print_enrich_report(report, check=check, diff=args.dry_run)
    if args.check and report.applied:
        print("paperlist: the pages and the records disagree; run 'paperlist enrich' "
              "to update the pages", file=sys.stderr)
        return 1
    return 1 if report.needs_look else 0


def cmd_explain(args: argparse.Namespace) -> int:
    from paperlist.infer.tags import explain
    from paperlist.model.page import read_page

    page = read_page(_page_file(args.page, Path(args.papers)))
    print(f"{page.id}: {page.title}")
    print(f"tags on the page: {', '.join(page.tags) or '(none)'}")
    print(explain(page.body, load_taxonomy(args.taxonomy)))
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from paperlist.check.checker import find_problems

    problems = find_problems([Path(p) for p in args.paths] or [_existing(Path(args.papers))],
                             taxonomy=args.taxonomy, base=args.base)
    for problem in problems:
        print(problem.annotation() if args.format == "github" else problem)
    if problems:
        print(f"paperlist check: {len(problems)} problem(s)", file=sys.stderr)
        return 1
    print("paperlist check: no problems", file=sys.stderr)  # it ran, and saw nothing wrong
    return 0


def cmd_init(args: argparse.Namespace) -> int:
    from paperlist.ingest.importer import print_import_report
    from paperlist.structure.scaffold import init_catalogue

    result = init_catalogue(Path(args.dir), Path(args.list), repo=args.repo,
                            branch=args.branch, site_url=args.site_url, title=args.title,
                            venue=args.venue)
    print_import_report(result.report, check=False)
    if not result.report.ok:
        print(f"init: {result.site_name!r} in {result.dest}{os.sep}, but the list has the "
              f"errors above: fix them in {result.dest / 'papers' / 'source'}{os.sep}, run "
              f"paperlist import there, then build and push", file=sys.stderr)
        return 1
    note = result.tag_note()
    if note:
        print(note, file=sys.stderr)
    print(f"init: {result.site_name!r} in {result.dest}{os.sep}; next: cd {result.dest} && "
          f"{_this_command()} build, then push it to GitHub (README: Deploy to GitHub Pages)",
          file=sys.stderr)
    print("init: requirements.txt, which the workflows install, pins paperlist at "
          f"{result.pinned[:12]}, the one that made these pages: move the pin, and import "
          "again, to update" if result.pinned else "init: requirements.txt, which the "
          "workflows install, names paperlist's latest main (this paperlist's commit is not "
          "known to be on GitHub): pin a commit there, '...paperlist@<commit>', or its "
          "inference may change under the pages and fail the check", file=sys.stderr)
    return 0


def _this_command() -> str:
    """How to run paperlist again from another folder: the path it was started by (a
    venv's, not on PATH unless the venv is active), else its name."""
    started = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if started is not None and started.name == "paperlist" and len(started.parts) > 1:
        return shlex.quote(str(started.resolve()))
    return "paperlist"


def _mkdocs(*argv: str) -> int:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    return subprocess.call([sys.executable, "-m", "mkdocs", *argv], env=env)


def _config_file(args: argparse.Namespace) -> str:
    """-f's file, which must exist: MkDocs would print its usage and exit 2."""
    if not Path(args.config).is_file():
        raise CliError(f"{args.config}: no such file; run paperlist in the catalogue's folder "
                       "(beside its mkdocs.yml), or give its config with -f")
    return str(args.config)


def cmd_build(args: argparse.Namespace) -> int:
    return _mkdocs("build", "--strict", "-f", _config_file(args), "-d", args.site_dir)


def cmd_serve(args: argparse.Namespace) -> int:
    """`mkdocs serve`, not strict, told to show a page that would fail the build as its
    problems (the rest of the site keeps serving) and, unless --full, to rebuild only what
    an edit of paper pages changes (structure/preview.py); stopping us stops it and all
    it started (util/supervise.py)."""
    from paperlist.mkdocs_plugin.config import SHOW_PROBLEMS_ENV
    from paperlist.structure.preview import FULL_ENV
    from paperlist.util.supervise import run_until_stopped

    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", **{SHOW_PROBLEMS_ENV: "1"})
    if args.full:
        env[FULL_ENV] = "1"
    else:
        env.pop(FULL_ENV, None)
    return run_until_stopped([sys.executable, "-m", "mkdocs", "serve", "-f", _config_file(args),
                              "-a", args.dev_addr], env=env)


def _taxonomy_file(value: str) -> Path:
    """A taxonomy file that loads: a missing or broken one is an argument error, named
    before any work starts."""
    try:
        load_taxonomy(Path(value))
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return Path(value)


def _configured_taxonomy(config_file: Path) -> Path | None:
    """The taxonomy mkdocs.yml's plugin names (mkdocs_plugin/config.py), checked as
    --taxonomy's file is."""
    from paperlist.mkdocs_plugin.config import configured_taxonomy  # MkDocs: only here

    path = configured_taxonomy(config_file)
    if path is None:
        return None
    try:
        load_taxonomy(path)
    except ValueError as e:
        raise CliError(f"{config_file}: the paperlist plugin's taxonomy: {e}") from None
    return path


def _venue_name(value: str) -> str:
    """--venue's text, spaces tidied; an empty one is refused before anything is read."""
    name = " ".join(value.split())
    if not name:
        raise argparse.ArgumentTypeError("give the venue's name, e.g. --venue 'NeurIPS 2026'")
    return name


def _taxonomy_option(s: argparse.ArgumentParser) -> None:
    s.add_argument("--taxonomy", type=_taxonomy_file, default=None, metavar="FILE",
                   help="the taxonomy to tag with (default: the one mkdocs.yml's paperlist "
                        "plugin names with its taxonomy option, else the one shipped with "
                        "paperlist)")


def _config_option(s: argparse.ArgumentParser) -> None:
    s.add_argument("-f", "--config", default="mkdocs.yml", metavar="FILE",
                   help="the MkDocs config file (default: %(default)s)")


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="paperlist", description=DESCRIPTION,
        epilog="Run 'paperlist COMMAND --help' for a command's options.")
    p.add_argument("--version", action="version", version=f"paperlist {__version__}",
                   help="print the version and exit")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND", title="commands")

    def command(name: str, helptext: str) -> argparse.ArgumentParser:
        return sub.add_parser(name, help=helptext, description=helptext[0].upper()
                              + helptext[1:] + ".")

    s = command("import", "create or update one page per paper from an abstract list")
    s.add_argument("list", nargs="?", metavar="LIST",
                   help="the list file (default: every .txt list in PAPERS/source/, each "
                        "with its own pages)")
    s.add_argument("--papers", default=str(DEFAULT_PAPERS), help=PAPERS_HELP)
    s.add_argument("--into", dest="papers", default=argparse.SUPPRESS, help=argparse.SUPPRESS,
                   action=_DeprecatedAlias, use="--papers")
    s.add_argument("--check", action="store_true",
                   help="write no page; exit 1 if the pages and the list disagree")
    s.add_argument("--prune", action="store_true",
                   help="remove the pages whose paragraph is no longer in the list (they are "
                        "listed; without --prune they are kept and reported); a page with "
                        "editors' work (a title, authors, tags, an edited abstract) is kept "
                        "and named with what it holds")
    s.add_argument("--venue", default=None, metavar="TEXT", type=_venue_name,
                   help="the venue of the list's pages, e.g. 'NeurIPS 2026' (default: "
                        "the one its header names); a page an editor gave another keeps it")
    _taxonomy_option(s)
    s.set_defaults(func=cmd_import)

    s = command("init", "make a new catalogue repository for a venue from its abstract list")
    s.add_argument("dir", metavar="DIR", help="the folder to make (new or empty)")
    s.add_argument("--list", required=True, metavar="LIST",
                   help="the venue's abstract list: imported into DIR/papers/, copied to "
                        "DIR/papers/source/")
    s.add_argument("--repo", default=None, metavar="URL",
                   help="the repository it will live in, e.g. https://github.com/owner/name "
                        "(owner/name and git@github.com:owner/name.git are read as that; "
                        "default: in GitHub Actions, the repository the workflow runs in)")
    s.add_argument("--branch", default="main",
                   help="the repository's default branch: edit links open it, Pages deploys "
                        "from it (default: %(default)s)")
    s.add_argument("--site-url", default=None, metavar="URL",
                   help="the site's public URL, scheme included, e.g. "
                        "https://papers.example.org/ (default: in GitHub Actions, its Pages "
                        "URL)")
    s.add_argument("--title", default=None, metavar="TEXT",
                   help="the site's name (default: '<venue> paper catalogue', the venue "
                        "from the list's header)")
    s.add_argument("--venue", default=None, metavar="TEXT", type=_venue_name,
                   help="the papers' venue, e.g. 'TinyML 2027' (default: the one the list's "
                        "header names); later imports of the list keep it")
    s.set_defaults(func=cmd_init)

    s = command("build", "build the site (mkdocs build --strict with the paperlist plugin)")
    _config_option(s)
    s.add_argument("-d", "--site-dir", default="site", metavar="DIR",
                   help="the folder to write the site to (default: %(default)s)")
    s.set_defaults(func=cmd_build)

    s = command("serve", "preview the site, rebuilding it when a page changes")
    _config_option(s)
    s.add_argument("-a", "--dev-addr", default="127.0.0.1:8000", metavar="IP:PORT",
                   help="the address to serve on (default: %(default)s)")
    s.add_argument("--full", action="store_true",
                   help="rebuild the whole site on every change (default: an edit of paper "
                        "pages only rebuilds what shows them)")
    s.set_defaults(func=cmd_serve)

    s = command("check", "validate pages and report every problem as file:line")
    s.add_argument("paths", nargs="*", metavar="PATH",
                   help="page files or folders to check (default: PAPERS)")
    s.add_argument("--papers", default=str(DEFAULT_PAPERS),
                   help="the folder checked when no PATH is given (default: %(default)s)")
    s.add_argument("--format", default="text", choices=("text", "github"),
                   help="text: one 'file:line: what — how to fix' line per problem; github: "
                        "workflow annotations, which a pull request shows on their line "
                        "(default: %(default)s)")
    s.add_argument("--base", default=None, metavar="REF",
                   help="a git revision, e.g. a pull request's base: also report the pages "
                        "of a folder checked that it had and that are gone or renamed while "
                        "their abstracts are still listed (a page's id never changes)")
    _taxonomy_option(s)
    s.set_defaults(func=cmd_check)

    s = command("retag", "re-apply the taxonomy to every page, keeping editors' tags")
    s.add_argument("--papers", default=str(DEFAULT_PAPERS), help=PAPERS_HELP)
    s.add_argument("--check", action="store_true",
                   help="write nothing; exit 1 if tags would change")
    _taxonomy_option(s)
    s.set_defaults(func=cmd_retag)

    s = command("enrich", "bring the official titles, authors, status and links from the "
                "conference's records into the pages")
    s.add_argument("sources", nargs="+", metavar="SOURCE",
                   help="record files: Paper Copilot or OpenReview JSON, a virtual site's "
                        "JSON (and its abstracts file), or CSV/TSV")
    s.add_argument("--papers", default=str(DEFAULT_PAPERS), help=PAPERS_HELP)
    s.add_argument("--format", default="auto",
                   choices=("auto", "papercopilot", "openreview", "virtualsite", "csv"),
                   help="the records' format (default: %(default)s, told from each file)")
    s.add_argument("--fields", type=_field_map, default=None, metavar="FIELD=COLUMN,...",
                   help="CSV columns for our fields, e.g. title=Title,authors=Author Names, "
                        "or status= for none (the fields it does not name: columns found by "
                        "their usual names)")
    s.add_argument("--author-sep", default=None, metavar="TEXT",
                   help="what separates names in a CSV authors cell (default: ;)")
    s.add_argument("--check", action="store_true",
                   help="write nothing; exit 1 if any page would change")
    s.add_argument("--dry-run", action="store_true",
                   help="write nothing; print every change, field by field")
    s.set_defaults(func=cmd_enrich)

    s = command("explain", "why a paper got its tags: scores, phrases, near misses")
    s.add_argument("page", metavar="PAGE",
                   help="a paper id (prorl) or a page file (papers/prorl.md)")
    s.add_argument("--papers", default=str(DEFAULT_PAPERS),
                   help="the folder an id is looked up in (default: %(default)s)")
    _taxonomy_option(s)
    s.set_defaults(func=cmd_explain)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if getattr(args, "taxonomy", False) is None:  # the command tags: as the build does
            args.taxonomy = _configured_taxonomy(Path(getattr(args, "config", "mkdocs.yml")))
        status = args.func(args)
        sys.stdout.flush()  # a closed pipe shows up here, inside the handler below
        return status
    except (CliError, ListError, PageError, RecordError, InitError) as e:
        print(f"paperlist: error: {e}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        # `paperlist explain x | head`: the reader left; say nothing more, like other tools.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
