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

import msgspec

from skillkit.core.diagnostics import Severity
from skillkit.core.options import Options
from skillkit.core.pipeline import Result
from skillkit.core.rulebase import Fix

MAX_PASSES = 10  # a fix can make room for another (ruff loops the same way)


def run_fixes(unsafe: bool) -> dict[str, Fix]:
    """The fixes this run makes: the rules' safe ones, and with --unsafe-fixes every one."""
    from skillkit.core.fixes import usable
    from skillkit.rules import RULESET

    return usable(RULESET.fixes, unsafe)


def fix_until_done(lint: Callable[[], Result], unsafe: bool = False) -> tuple[Result, int]:
    """Apply the fixes, lint again, until nothing more is fixable; the last result and how many
    findings were fixed in all."""
    from skillkit.core.fix_write import write_fix
    from skillkit.core.fixes import plan_fixes

    from skillkit.core import reader

    result, total, fixes = lint(), 0, run_fixes(unsafe)
    skipped: dict[str, str] = {}  # path -> why it was left alone (changed meanwhile, a link): not tried again
    for _ in range(MAX_PASSES):
        planned = [change for change in plan_fixes(result.diagnostics, fixes) if change.path not in skipped]
        if not planned:
            break
        for change in planned:
            path = Path(change.path)
            if os.path.abspath(path) in reader.STAND_INS:  # standard input: fixed in memory, never on disk
                reader.STAND_INS[os.path.abspath(path)] = change.after.encode("utf-8")
            elif (why := write_fix(change)) is not None:
                skipped[change.path] = why
                continue
            total += change.fixed
        result = lint()
    notes = tuple(f"{path}: not fixed: {why}" for path, why in sorted(skipped.items()))
    return msgspec.structs.replace(result, notes=result.notes + notes), total


def stand_in_text(path: Path) -> str:
    """The text standard input stands for, after --fix."""
    from skillkit.core.reader import read_bytes

    data = read_bytes(path)
    return data.decode("utf-8", errors="replace") if isinstance(data, bytes) else ""


def print_diff(result: Result, out: TextIO, shown_as: Path | None = None, unsafe: bool = False) -> int:
    """The unified diff --fix would apply (standard input's under `shown_as`); how many findings it fixes."""
    import difflib

    from skillkit.core.fixes import plan_fixes

    from skillkit.core.paths import display

    planned = plan_fixes(result.diagnostics, run_fixes(unsafe))
    for change in planned:
        name = display(shown_as) if shown_as is not None else change.path
        out.writelines(difflib.unified_diff(change.before.splitlines(keepends=True),
                                            change.after.splitlines(keepends=True),
                                            fromfile=f"a/{name}", tofile=f"b/{name}"))
    return sum(change.fixed for change in planned)


def print_statistics(result: Result, out: TextIO, as_json: bool, unsafe: bool = False) -> None:
    """One line per rule, most frequent first: count, id, `[*]` when --fix fixes it (`[-]` when
    only --unsafe-fixes would), summary."""
    from skillkit.rules import BY_ID, RULESET

    counts = Counter(d.rule for d in result.diagnostics)
    rows = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    fixes, made = RULESET.fixes, run_fixes(unsafe)
    if as_json:
        out.write(json.dumps([{"code": rule, "count": count, "fixable": rule in made,
                               "unsafeFix": rule in fixes and not fixes[rule].safe,
                               "message": BY_ID[rule].summary if rule in BY_ID else ""} for rule, count in rows],
                             indent=2) + "\n")
        return
    width = max((len(str(c)) for _, c in rows), default=1)
    ids = max((len(r) for r, _ in rows), default=1)
    for rule, count in rows:
        mark = "[*]" if rule in made else "[-]" if rule in fixes else "   "
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
    """Every settings key lint would run with, resolved (command line over settings over
    defaults), in the field registry's order, so that a key added there is shown here too."""
    from skillkit.core.fields import KINDS
    from skillkit.core.paths import display

    resolved: dict[str, object] = {
        "profile": options.profile,
        "select": sorted(options.select) if options.select is not None else "(every rule of the profile)",
        "ignore": sorted(options.ignore),
        "severity": {rule: str(level) for rule, level in sorted(options.severity.items())},
        "strict": options.strict,
        "exclude": list(options.patterns),
        "respect-gitignore": options.respect_gitignore,
        "cache-dir": _cache_dir(options),
        "targets": options.settings.get("targets", []),
    }
    source = display(options.settings_source) if options.settings_source else "(none)"
    rows: list[tuple[str, object]] = [("settings file", source)]
    for field in KINDS["settings"].fields:
        default = field.default if field.has_default else "(not set)"
        rows.append((field.name, resolved.get(field.name, options.settings.get(field.name, default))))
    width = max(len(key) for key, _ in rows) + 1
    for key, value in rows:
        shown = value if isinstance(value, str) else json.dumps(value)
        out.write(f"{key:<{width}}= {shown}\n")


def _cache_dir(options: Options) -> str:
    """The `cache-dir` setting as given, or where the cache goes without it."""
    from skillkit.core.cache_place import cache_root
    from skillkit.core.paths import display

    configured = options.settings.get("cache-dir")
    if isinstance(configured, str):
        return configured
    root = options.settings_source.parent if options.settings_source is not None else None
    return f"(not set: {display(cache_root(root, options.settings, options.settings_source))})"


def check_stdin_paths(paths: list[str] | None, stdin_filename: Path | None) -> None:
    """`lint --stdin-filename F -` (editors and ruff pass the `-`) or `lint --stdin-filename F`;
    `-` alone, or beside other paths, cannot say which file standard input is."""
    from skillkit.core.errors import UsageError

    from skillkit.cli.common import STDIN

    given = list(paths or ())
    if stdin_filename is not None:
        if given and given != [STDIN]:
            raise UsageError("--stdin-filename lints standard input alone: give no PATH, or `-`")
    elif STDIN in given:
        raise UsageError("`-` (standard input) needs --stdin-filename PATH: the file it stands for decides what "
                         "it is (a SKILL.md, a scene, an agent) and the workspace that gives it context")


@contextmanager
def standard_input_as(filename: Path) -> Iterator[Path]:
    """Lint standard input as the file `filename`: where it exists, its contents are replaced for
    this run (its workspace still gives context); where it does not, the text is linted in a
    temporary folder of the same names, and findings name `filename`."""
    import tempfile

    from skillkit.core import reader

    data = reader.read_standard_input(reader.MAX_FILE_BYTES)  # capped while reading, as a file is
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
    return msgspec.structs.replace(result, diagnostics=tuple(replace(d, path=wanted) if d.path == shown else d
                                             for d in result.diagnostics))


def emit(result: Result, format: str, color: bool | None, out: TextIO, output: Path | None, quiet: bool,
         statistics: bool, unsafe: bool = False) -> None:
    """The report (or the statistics) on `out`, or atomically into `output`; `quiet` drops the
    text format's closing summary line."""
    import io

    from skillkit.reporters.formats import LINT
    from skillkit.reporters.registry import load
    from skillkit.reporters.text import wants_color

    trim = quiet and format == "text" and not statistics
    # Straight to `out` when it can be: reporters look at it (a terminal, its encoding).
    stream: TextIO = io.StringIO() if output is not None or trim else out
    if statistics:
        print_statistics(result, stream, as_json=format == "json", unsafe=unsafe)
    else:
        load(LINT, format)(result, stream, False if output is not None else wants_color(out, color))
    if stream is out:
        return
    text = stream.getvalue()  # type: ignore[attr-defined]
    if trim:  # the summary is the last line
        text = "".join(text.splitlines(keepends=True)[:-1])
    if output is not None:
        from skillkit.core.atomic import write_atomic

        write_atomic(output, text)
    else:
        from skillkit.reporters.terminal import unescaped

        unescaped(out).write(text)  # escaped already, as it was drawn (its colours are skillkit's)


def failing(result: Result, strict: bool | None) -> bool:
    return bool(result.count(Severity.ERROR) or (result.count(Severity.WARNING) if strict else
                                                 result.strict_warnings if strict is None else 0))
