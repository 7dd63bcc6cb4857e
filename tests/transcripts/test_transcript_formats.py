"""The transcript format registry: every format module is registered, and each has a fixture
that detects as it (so adding a format is one module, one registry line and one fixture)."""

from __future__ import annotations

import importlib
import pkgutil

import skillkit.transcripts
from skillkit.transcripts import load_transcript
from skillkit.transcripts.clue import Clue
from skillkit.transcripts.formats import BY_NAME, FORMATS
from tests.conftest import FIXTURES


def _format_modules() -> list[str]:
    names = []
    for info in pkgutil.iter_modules(skillkit.transcripts.__path__):
        module = importlib.import_module(f"skillkit.transcripts.{info.name}")
        if hasattr(module, "NAME"):
            names.append(module.NAME)
    return names


def test_every_format_module_is_registered_once():
    assert sorted(_format_modules()) == sorted(f.name for f in FORMATS)
    assert len(BY_NAME) == len(FORMATS)


def test_each_format_has_a_fixture_that_detects_as_it():
    detected = {load_transcript(path).format for path in (FIXTURES / "transcripts").iterdir()}
    assert set(BY_NAME) <= detected


def test_the_yaml_form_takes_what_no_other_format_claims():
    clue = Clue("no format at all")
    assert [f.name for f in FORMATS if f.sniff(clue) > 0] == ["yaml"]
