"""What `skillkit lint` does besides reporting, as ruff does it: --fix / --diff, --statistics,
--show-settings and --stdin-filename. Thin: the fixes themselves are core/fixes.py's."""

from __future__ import annotations

import json
import os
import sys
from collections import Counter
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Callable, Iterator, TextIO

from skillkit.core.diagnostics import Severity
from skillkit.core.options import Options
from skillkit.core.pipeline import Result

MAX_PASSES = 10  # a fix can make room for another (ruff loops the same way)


def fix_until_done(lint: Callable[[], Result]) -> tuple[Result, int]:
    """Apply the fixes, lint again, until nothing more is fixable; the last result and how many
    findings were fixed in all."""
    from skillkit.core.atomic import write_atomic
    from skillkit.core.fixes import plan_fixes

    from skillkit.core import reader

    result, total = lint(), 0
    for _ in range(MAX_PASSES):
        planned = plan_fixes(result.diagnostics)
        if not planned:
            break
        for change in planned:
            path = Path(change.path)
            if os.path.abspath(path) in reader.STAND_INS:  # standard input: fixed in memory, never on disk
                reader.STAND_INS[os.path.abspath(path)] = change.after.encode("utf-8")
            else:
                write_atomic(path, change.after, mode=os.stat(path).st_mode & 0o7777)
            total += change.fixed
        result = lint()
    return result, total


def stand_in_text(path: Path) -> str:
    """The text standard input stands for, after --fix."""
    from skillkit.core.reader import read_bytes

    data = read_bytes(path)
    return data.decode("utf-8", errors="replace") if isinstance(data, bytes) else ""


def print_diff(result: Result, out: TextIO, shown_as: Path | None = None) -> int:
    """The unified diff --fix would apply (standard input's under `shown_as`); how many findings it fixes."""
    import difflib

    from skillkit.core.fixes import plan_fixes

    from skillkit.core.paths import display

    planned = plan_fixes(result.diagnostics)
    for change in planned:
        name = display(shown_as) if shown_as is not None else change.path
        out.writelines(difflib.unified_diff(change.before.splitlines(keepends=True),
                                            change.after.splitlines(keepends=True),
                                            fromfile=f"a/{name}", tofile=f"b/{name}"))
    return sum(change.fixed for change in planned)


def print_statistics(result: Result, out: TextIO, as_json: bool) -> None:
    """One line per rule, most frequent first: count, id, `[*]` when --fix fixes it, summary."""
    from skillkit.core.fixes import FIXERS
    from skillkit.rules import BY_ID

    counts = Counter(d.rule for d in result.diagnostics)
    rows = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    if as_json:
        out.write(json.dumps([{"code": rule, "count": count, "fixable": rule in FIXERS,
                               "message": BY_ID[rule].summary if rule in BY_ID else ""} for rule, count in rows],
                             indent=2) + "\n")
        return
    width = max((len(str(c)) for _, c in rows), default=1)
    ids = max((len(r) for r, _ in rows), default=1)
    for rule, count in rows:
        mark = "[*]" if rule in FIXERS else "   "
        summary = BY_ID[rule].summary if rule in BY_ID else ""
        out.write(f"{count:>{width}}\t{rule:<{ids}}\t{mark} {summary}\n")


def client_ids(values: list[str] | None) -> tuple[str, ...] | None:
    """`--target`'s client ids (comma-separated, repeatable), each checked; None when not given."""
    from skillkit.cli.common import split_ids
    from skillkit.clients import IDS
    from skillkit.core.errors import UsageError
    from skillkit.core.suggest import did_you_mean

    if not values:
        return None
    named = split_ids(values) or frozenset()
    for name in sorted(named):
        if name not in IDS:
            raise UsageError(f"--target: unknown client {name!r}{did_you_mean(name, IDS)}; choose from {', '.join(IDS)}")
    return tuple(i for i in IDS if i in named)  # registry order: the same report whatever the order given


def show_settings(options: Options, out: TextIO) -> None:
    """The settings lint would run with, resolved (command line over settings over defaults)."""
    from skillkit.core.paths import display

    rows = {
        "settings file": display(options.settings_source) if options.settings_source else "(none)",
        "profile": options.profile,
        "select": sorted(options.select) if options.select is not None else "(every rule of the profile)",
        "ignore": sorted(options.ignore),
        "severity": {rule: str(level) for rule, level in sorted(options.severity.items())},
        "strict": options.strict,
        "exclude": list(options.patterns),
        "per-file-ignores": options.settings.get("per-file-ignores", {}),
        "budgets": options.settings.get("budgets", {}),
        "targets": options.settings.get("targets", []),
    }
    for key, value in rows.items():
        shown = value if isinstance(value, str) else json.dumps(value)
        out.write(f"{key:<17}= {shown}\n")


@contextmanager
def standard_input_as(filename: Path) -> Iterator[Path]:
    """Lint standard input as the file `filename`: where it exists, its contents are replaced for
    this run (its workspace still gives context); where it does not, the text is linted in a
    temporary folder of the same names, and findings name `filename`."""
    import tempfile

    from skillkit.core import reader

    data = sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else sys.stdin.read().encode("utf-8")
    if filename.is_file():
        key = os.path.abspath(filename)
        reader.STAND_INS[key] = data
        try:
            yield filename
        finally:
            reader.STAND_INS.pop(key, None)
        return
    with tempfile.TemporaryDirectory(prefix=".skillkit-stdin-") as folder:
        parent = Path(folder) / (filename.resolve().parent.name or "skill")
        parent.mkdir()
        (parent / filename.name).write_bytes(data)
        yield parent / filename.name


def renamed(result: Result, stand_in: Path, filename: Path) -> Result:
    """Findings in a temporary stand-in shown under the name standard input was given."""
    from skillkit.core.paths import display

    if stand_in == filename:
        return result
    shown, wanted = display(stand_in), display(filename)
    return replace(result, diagnostics=tuple(replace(d, path=wanted) if d.path == shown else d
                                             for d in result.diagnostics))


def emit(result: Result, format: str, color: bool | None, out: TextIO, output: Path | None, quiet: bool,
         statistics: bool) -> None:
    """The report (or the statistics) on `out`, or atomically into `output`; `quiet` drops the
    text format's closing summary line."""
    import io

    from skillkit.reporters import REPORTERS
    from skillkit.reporters.text import wants_color

    trim = quiet and format == "text" and not statistics
    # Straight to `out` when it can be: reporters look at it (a terminal, its encoding).
    stream: TextIO = io.StringIO() if output is not None or trim else out
    if statistics:
        print_statistics(result, stream, as_json=format == "json")
    else:
        REPORTERS[format](result, stream, False if output is not None else wants_color(out, color))
    if stream is out:
        return
    text = stream.getvalue()  # type: ignore[attr-defined]
    if trim:  # the summary is the last line
        text = "".join(text.splitlines(keepends=True)[:-1])
    if output is not None:
        from skillkit.core.atomic import write_atomic

        write_atomic(output, text)
    else:
        out.write(text)


def failing(result: Result, strict: bool | None) -> bool:
    return bool(result.count(Severity.ERROR) or (result.count(Severity.WARNING) if strict else
                                                 result.strict_warnings if strict is None else 0))
