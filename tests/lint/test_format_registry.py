"""Lint's `--format` choices and its reporters are one list: a format added to one and not the
other is either refused by the command line or a reporter nobody can reach."""

from __future__ import annotations

from skillkit.cli.lint import Format
from skillkit.reporters import REPORTERS


def test_every_format_has_its_reporter_and_every_reporter_its_format():
    assert [member.value for member in Format] == list(REPORTERS)
