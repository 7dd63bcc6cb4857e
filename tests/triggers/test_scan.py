"""The scan text of a turn (ARCHITECTURE.md, Contracts: triggers): newest first, each message
after U+0001, joined by newlines."""

from __future__ import annotations

from skillkit.triggers.scan import Unit, scan_text, window


def chain(*texts: str) -> Unit:
    unit = None
    for i, text in enumerate(texts):
        unit = Unit(i, i, text, unit, i)
    assert unit is not None
    return unit


def test_newest_first_joined_as_lorebook_engines_join():
    top = chain("oldest", "", "newest")
    assert scan_text(top, 3) == "\x01newest\n\x01\n\x01oldest"   # an empty message keeps its slot
    assert scan_text(top, 1) == "\x01newest"


def test_depth_beyond_the_history_scans_all_of_it():
    assert scan_text(chain("a", "b"), 50) == "\x01b\n\x01a"


def test_nothing_to_scan():
    assert scan_text(None, 3) == ""
    assert scan_text(chain("a"), 0) == ""
    assert window(chain("a", "b"), 0) == []
