"""The session reader and the generated schema lint applies accept the same files: the reader's
checks are plain code (jsonschema costs seconds on a long session), so they are held to the
schema here, over random near-valid documents. (The reader checks one thing more, which no
schema can say: that a `replay` names an earlier turn.)"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from skillkit.core.errors import InputError
from skillkit.core.schemas import validator
from skillkit.platform.session_file import session_from_data

junk = st.sampled_from([None, True, 0, -1, 3, "", " ", "x", "1.2.0", "01", [], {}, [1], {"a": 1}])


def mostly(valid: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Valid six times in seven, so that whole documents are often valid and often barely not."""
    return st.one_of(*[valid] * 6, junk)


def keys(required: dict[str, Any], optional: dict[str, Any], stray: str) -> st.SearchStrategy[Any]:
    valid = st.fixed_dictionaries(required, optional=optional)
    return st.one_of(*[valid] * 6, st.fixed_dictionaries({**required, stray: junk}, optional=optional), junk)


name = mostly(st.sampled_from(["a", "s", "t"]))
version = mostly(st.sampled_from([1, 2, "1.0.0"]))
call = st.one_of(
    keys({"load": name}, {"input": st.sampled_from([{}, {"n": 1}])}, "lod"),
    keys({"tool": name}, {"input": mostly(st.just({"n": 1}))}, "load"),
    st.dictionaries(st.sampled_from(["load", "tool", "input", "lod"]), name, max_size=3),
)
record = mostly(st.one_of(st.none(), st.fixed_dictionaries({}, optional={
    "modelName": name, "tools": st.just([{"name": "t"}])})))
entry = keys({}, {"kind": mostly(st.sampled_from(["tool", "skill"])),
                  "state": mostly(st.sampled_from(["enabled", "disabled", "deleted"])),
                  "versions": mostly(st.one_of(st.lists(version, max_size=3), st.dictionaries(
                      mostly(st.sampled_from(["1", "2", "1.0.0"])).filter(lambda k: isinstance(k, str)), record,
                      max_size=2)))}, "extra")
turn = keys({}, {"calls": mostly(st.lists(call, max_size=3)),
                 "publish": mostly(st.dictionaries(st.sampled_from(["s", "t"]), entry, max_size=2)),
                 "retry": mostly(st.booleans())}, "extra")
document = keys({"turns": mostly(st.lists(turn, max_size=3))}, {
    "agent": name, "description": mostly(st.just("d")), "session": mostly(st.booleans()),
    "limits": keys({}, {"tool_calls": mostly(st.integers(0, 5))}, "other")}, "sesion")


def reader_accepts(data: Any) -> bool:
    try:
        session_from_data(data)
    except InputError:
        return False
    return True


@settings(max_examples=800)
@given(document)
def test_the_reader_accepts_exactly_what_the_schema_accepts(data):
    assert reader_accepts(data) == validator("session").is_valid(data), data
