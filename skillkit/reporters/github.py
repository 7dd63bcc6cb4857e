"""`--format github`: GitHub Actions workflow commands, one per diagnostic, escaped as the
runner expects (data: % CR LF; properties also : and ,)."""

from __future__ import annotations

from typing import TextIO

from skillkit.core.diagnostics import Severity
from skillkit.core.paths import shown
from skillkit.core.pipeline import Result
from skillkit.reporters.locations import Locator

LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def escape_data(text: str) -> str:
    # CR and LF as the runner wants them; every other control character made visible (an ESC
    # in a folder name must not reach the log viewer's terminal emulation).
    return shown(text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A"))


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def report(result: Result, out: TextIO, color: bool | None = None) -> None:  # (never coloured)
    locator = Locator()  # the runner places annotations by the path from the repository's top
    for d in result.diagnostics:
        props = ",".join(f"{k}={escape_property(str(v))}" for k, v in (
            ("file", locator.from_top(d.path) or locator.absolute(d.path)), ("line", d.line), ("col", d.column), ("title", f"skillkit {d.rule}")))
        out.write(f"::{LEVEL[d.severity]} {props}::{escape_data(d.message)}\n")
