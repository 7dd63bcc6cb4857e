"""Reporters: one module each, one dict to pick from. Only `text` touches Rich."""

from __future__ import annotations

from typing import Callable, TextIO

from skillkit.core.pipeline import Result

Reporter = Callable[[Result, TextIO, "bool | None"], None]


def _text(result: Result, out: TextIO, color: bool | None) -> None:
    from skillkit.reporters.text import report
    report(result, out, color)


def _json(result: Result, out: TextIO, color: bool | None) -> None:
    from skillkit.reporters.json import report
    report(result, out)


def _sarif(result: Result, out: TextIO, color: bool | None) -> None:
    from skillkit.reporters.sarif import report
    report(result, out)


def _github(result: Result, out: TextIO, color: bool | None) -> None:
    from skillkit.reporters.github import report
    report(result, out)


# Each entry imports its module on use: a pre-commit run pays only for the format it prints.
REPORTERS: dict[str, Reporter] = {"text": _text, "json": _json, "sarif": _sarif, "github": _github}
