"""A session file (DESIGN 4.9) -> a `SessionSpec`, or an InputError at file:line:column.

YAML goes through the core's event parser (positions, no alias expansion, duplicate keys
refused). JSON is read with `json` (a machine-written session of 50,000 calls is JSON, and ten
times faster that way); its positions are computed only when something must be pointed at.
The checks mirror the generated schema (`schemas/session.schema.json`, which lint applies),
but run as plain code: jsonschema costs seconds on a session of that size.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from skillkit.core.diagnostics import Severity
from skillkit.core.errors import InputError
from skillkit.core.fields.session import CALL_SHAPES, PUBLISH_ACTION, SESSION, TURN
from skillkit.core.jsonread import load_json
from skillkit.core.positions import dotted
from skillkit.core.reader import read_whole_text
from skillkit.core.yamlparse import ParsedYaml, parse_yaml
from skillkit.platform.inputs import At, Record, _record
from skillkit.platform.versions import parse_version

JsonPath = tuple[str | int, ...]
# The same limit as a transcript's (skillkit/transcripts/limits.py), written here: importing that
# package would load every transcript reader with it.
MAX_SESSION_BYTES = 64 * 1024 * 1024
TOP_KEYS = tuple(f.name for f in SESSION.fields)
TURN_KEYS = tuple(TURN["properties"])
PUBLISH_KEYS = tuple(PUBLISH_ACTION["properties"])
STATES = tuple(PUBLISH_ACTION["properties"]["state"]["enum"])


def _edits(a: str, b: str) -> int:
    """Levenshtein distance (insertions, deletions, substitutions)."""
    row = list(range(len(b) + 1))
    for i, char in enumerate(a, 1):
        previous, row[0] = row[0], i
        for j, other in enumerate(b, 1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, previous + (char != other))
    return row[-1]


# A suggestion is for a name a person typed: a longer word, or more options than this, gets
# none rather than a distance costing the product of their lengths (a 100 KB key took 11.6 s).
SUGGEST_MAX_LENGTH = 64
SUGGEST_MAX_OPTIONS = 1000


def did_you_mean(word: str, options: Iterable[str]) -> str:
    """"; did you mean `x`?" for the option one or two edits from `word`, case aside (else "");
    bounded: no suggestion for a word over SUGGEST_MAX_LENGTH characters, options of another
    length by more than two left out before any distance is computed."""
    if len(word) > SUGGEST_MAX_LENGTH:
        return ""
    near = [option for _, option in zip(range(SUGGEST_MAX_OPTIONS), options)
            if abs(len(option) - len(word)) <= 2 and len(option) <= SUGGEST_MAX_LENGTH]
    scored = sorted((_edits(word.lower(), option.lower()), option) for option in near)
    if scored and scored[0][0] <= 2 and scored[0][0] < len(word):
        return f"; did you mean `{scored[0][1]}`?"
    return ""


class Reuse(NamedTuple):
    """Where a call's output was carried forward from: call `call` (from 0) of turn `turn` (from
    1), or, `external` set, from outside this session (its label)."""

    turn: int | None
    call: int | None
    external: str | None = None


class Call(NamedTuple):
    """One call the model made. A named tuple: a session holds 50,000 of them, and a frozen
    dataclass costs three times as much to build."""

    kind: str                         # "load" or "tool"
    name: str
    input: Mapping[str, Any] | None
    reuses: Reuse | None = None       # its output was carried forward from there
    supplied: bool = True             # False: the handler did not report supplying its output


@dataclass(frozen=True, slots=True)
class Published:
    """One catalog entry a turn publishes; None where it says nothing (the entry is kept)."""

    name: str
    kind: str | None
    state: str | None
    versions: tuple[tuple[object, Record], ...]
    path: JsonPath                    # where it is in the file (positions are looked up on demand)


@dataclass(frozen=True, slots=True)
class Turn:
    calls: tuple[Call, ...]
    publish: tuple[Published, ...]
    retry: bool
    replay: int | None = None         # the earlier turn this one replays


@dataclass(frozen=True)
class SessionSpec:
    path: str
    agent: str | None
    session: bool
    tool_calls: int | None
    turns: tuple[Turn, ...]
    # Where a path of the file is: computed on demand (a JSON file is parsed for positions only
    # when something must be pointed at).
    locate: Callable[..., At] = field(default=lambda *path: (1, 1), compare=False, repr=False)

    @property
    def agent_at(self) -> At:
        return self.locate("agent")


class _Locator:
    """Positions on demand: a YAML parse has them; a JSON file is parsed for them only when asked."""

    def __init__(self, text: str, path: str, parsed: ParsedYaml | None) -> None:
        self.text, self.path, self.parsed = text, path, parsed

    def __call__(self, *path: str | int, at_key: bool = False) -> At:
        if self.parsed is None:
            self.parsed = parse_yaml(self.text, self.path, scalar_keys=True)  # JSON is YAML flow syntax
        return self.parsed.where(tuple(path), at_key=at_key)

    def fail(self, path: JsonPath, problem: str, at_key: bool = False) -> InputError:
        line, column = self(*path, at_key=at_key)
        return InputError(f"{dotted(path) if path else 'the session'}: {problem}", self.path, line, column)


def _data(text: str, shown: str, json_form: bool) -> tuple[Any, _Locator]:
    if json_form:
        return load_json(text, shown, "not a session: invalid JSON"), _Locator(text, shown, None)
    parsed = parse_yaml(text, shown, scalar_keys=True)  # `publish` versions are mapping keys, as in a catalog
    errors = [d for d in parsed.diagnostics if d.severity == Severity.ERROR]
    if errors or not parsed.ok:
        first = errors[0] if errors else None
        problem = first.message if first else "invalid YAML"
        if problem.startswith("more than"):  # the YAML reader's node limit: JSON has none
            problem += " (write a session this long as JSON, which skillkit reads without that limit)"
        raise InputError(f"not a session: {problem}", shown,
                         first.line if first else None, first.column if first else None)
    return parsed.data, _Locator(text, shown, parsed)


def _keys(value: Mapping[str, Any], allowed: tuple[str, ...], path: JsonPath, where: _Locator) -> None:
    for key in value:
        if key not in allowed:
            raise where.fail((*path, key), f"unknown key `{key}`{did_you_mean(str(key), allowed)} "
                             f"(known: {', '.join(allowed)})", at_key=True)


def _mapping(value: Any, path: JsonPath, where: _Locator, what: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise where.fail(path, f"must be {what}")
    return value


def _name(value: Any, path: JsonPath, where: _Locator) -> str:
    if not isinstance(value, str) or not value.strip():
        raise where.fail(path, "must be a name (a non-blank string)")
    return value


def _quick(raw: Any) -> Call | None:
    """The shapes nearly every call has, checked without building a path (50,000 calls a session)."""
    if type(raw) is not dict:
        return None
    size = len(raw)
    load = raw.get("load")
    if size == 1 and type(load) is str and load.strip():
        return Call("load", load, None)
    tool = raw.get("tool")
    if type(tool) is not str or not tool.strip():
        return None
    if size == 1:
        return Call("tool", tool, None)
    given = raw.get("input")
    return Call("tool", tool, given) if size == 2 and type(given) is dict else None


REUSE_SHAPES = "must be `{turn: N, call: I}` (call I, from 0, of turn N) or `{external: LABEL}` (from outside " \
               "this session)"


def _index(value: Any, least: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= least


def _reuse(raw: Any, path: JsonPath, where: _Locator) -> Reuse:
    if not isinstance(raw, Mapping) or set(raw) not in ({"turn", "call"}, {"external"}):
        raise where.fail(path, REUSE_SHAPES)
    if "external" in raw:
        return Reuse(None, None, _name(raw["external"], (*path, "external"), where))
    for key, least in (("turn", 1), ("call", 0)):
        if not _index(raw[key], least):
            raise where.fail((*path, key), f"must be an integer >= {least}")
    return Reuse(raw["turn"], raw["call"])


def _output(raw: Mapping[str, Any], path: JsonPath, where: _Locator) -> tuple[Reuse | None, bool]:
    """A call's `reuses` and `supplied`, as the handler reported its output."""
    reuses = _reuse(raw["reuses"], (*path, "reuses"), where) if "reuses" in raw else None
    supplied = raw.get("supplied", True)
    if not isinstance(supplied, bool):
        raise where.fail((*path, "supplied"), "must be true or false")
    return reuses, supplied


def _call(raw: Any, path: JsonPath, where: _Locator) -> Call:
    if not isinstance(raw, Mapping) or not ({"load", "tool"} & set(raw)) or {"load", "tool"} <= set(raw):
        raise where.fail(path, f"{CALL_SHAPES}, not both or neither")
    if "load" in raw:
        _keys(raw, ("load", "input", "reuses", "supplied"), path, where)
        if "input" in raw and raw["input"] != {}:
            raise where.fail((*path, "input"), "a load is a call through invokeAction with an empty input "
                             "object: `input` is `{}` or left out")
        return Call("load", _name(raw["load"], (*path, "load"), where), None, *_output(raw, path, where))
    _keys(raw, ("tool", "input", "reuses", "supplied"), path, where)
    given = raw.get("input")
    if "input" in raw and not isinstance(given, Mapping):  # written empty (`input:`) is no mapping either
        raise where.fail((*path, "input"), "must be a mapping of the tool's arguments")
    return Call("tool", _name(raw["tool"], (*path, "tool"), where), given, *_output(raw, path, where))


def _published(name: Any, raw: Any, path: JsonPath, where: _Locator) -> Published:
    entry = _mapping(raw, path, where, "a catalog entry: `{kind?, state?, versions}`")
    _keys(entry, PUBLISH_KEYS, path, where)
    kind = entry.get("kind")
    if "kind" in entry:
        _name(kind, (*path, "kind"), where)
    state = entry.get("state")
    if "state" in entry and state not in STATES:
        raise where.fail((*path, "state"), f"must be one of {', '.join(STATES)}")
    versions = entry.get("versions", ())
    if isinstance(versions, Mapping):
        listed = []
        for key, record in versions.items():
            if parse_version(key) is None:
                raise where.fail((*path, "versions", key), "is not a version (an integer >= 1 or a semantic "
                                 "version)", at_key=True)
            if record is not None and not isinstance(record, Mapping):
                raise where.fail((*path, "versions", key), "must be a mapping (the version's record) or empty")
            listed.append((key, _record(record, where, *path, "versions", key)))
        return Published(str(name), kind, state, tuple(listed), path)
    if not isinstance(versions, (list, tuple)):
        raise where.fail((*path, "versions"), "must be a list of versions or a mapping of version -> record")
    for index, value in enumerate(versions):
        if parse_version(value) is None or isinstance(value, str) and value.isdigit():
            raise where.fail((*path, "versions", index), "is not a version (an integer >= 1 or a semantic version)")
    return Published(str(name), kind, state, tuple((value, Record()) for value in versions), path)


def _turn(raw: Any, index: int, where: _Locator) -> Turn:
    path: JsonPath = ("turns", index)
    turn = _mapping(raw, path, where, "a mapping: `{calls: [...], publish?: {...}, retry?: true, replay?: N}`")
    _keys(turn, TURN_KEYS, path, where)
    calls = turn.get("calls", [])
    if not isinstance(calls, list):
        raise where.fail((*path, "calls"), "must be a list of calls")
    publish = _mapping(turn.get("publish", {}), (*path, "publish"), where, "a mapping of action name -> entry")
    retry = turn.get("retry", False)
    if not isinstance(retry, bool):
        raise where.fail((*path, "retry"), "must be true or false")
    replay = turn.get("replay")
    if "replay" in turn and (isinstance(replay, bool) or not isinstance(replay, int) or not 1 <= replay <= index):
        raise where.fail((*path, "replay"), f"must be the number of an earlier turn (1 to {index})" if index else
                         "must be the number of an earlier turn, and this is the first")
    return Turn(tuple(_quick(c) or _call(c, (*path, "calls", i), where) for i, c in enumerate(calls)),
                tuple(_published(n, e, (*path, "publish", n), where) for n, e in publish.items()), retry, replay)


def parse_session(data: Any, shown: str, where: _Locator) -> SessionSpec:
    top = _mapping(data, (), where, "a mapping with `agent` and `turns`")
    _keys(top, TOP_KEYS, (), where)
    agent = top.get("agent")
    if "agent" in top:  # written empty (`agent:`) names no agent: that is no name
        _name(agent, ("agent",), where)
    if "description" in top and not isinstance(top["description"], str):
        raise where.fail(("description",), "must be a string")
    session = top.get("session", True)
    if not isinstance(session, bool):
        raise where.fail(("session",), "must be true or false")
    limits = _mapping(top.get("limits", {}), ("limits",), where, "a mapping: `{tool_calls: N}`")
    _keys(limits, ("tool_calls",), ("limits",), where)
    tool_calls = limits.get("tool_calls")
    if "tool_calls" in limits and (isinstance(tool_calls, bool) or not isinstance(tool_calls, int) or tool_calls < 0):
        raise where.fail(("limits", "tool_calls"), "must be an integer >= 0")
    if "turns" not in top:
        raise where.fail((), "`turns` is required: the turns in order, each with its `calls`")
    turns = top["turns"]
    if not isinstance(turns, list):
        raise where.fail(("turns",), "must be a list of turns")
    parsed = tuple(_turn(t, i, where) for i, t in enumerate(turns))
    _check_reuses(parsed, where)
    return SessionSpec(shown, agent, session, tool_calls, parsed, where)


def _check_reuses(turns: tuple[Turn, ...], where: _Locator) -> None:
    """Every `reuses: {turn, call}` names a call the file holds. Whether that output may be
    reused (an earlier turn's, committed) is the run's to say: `reuse_out_of_scope`."""
    for number, turn in enumerate(turns):
        for index, call in enumerate(turn.calls):
            reuse = call.reuses
            if reuse is None or reuse.external is not None:
                continue
            path = ("turns", number, "calls", index, "reuses")
            if reuse.turn > len(turns):  # type: ignore[operator]
                raise where.fail((*path, "turn"), f"there is no turn {reuse.turn}: the session has {len(turns)}")
            calls = len(turns[reuse.turn - 1].calls)  # type: ignore[operator]
            if reuse.call >= calls:  # type: ignore[operator]
                raise where.fail((*path, "call"), f"turn {reuse.turn} has no call {reuse.call}: its calls are "
                                 f"numbered from 0" + (f" to {calls - 1}" if calls else ", and it has none"))


def read_session(file: Path, shown: str) -> SessionSpec:
    """Read, parse and check one session file; InputError (exit 2) when it cannot be used."""
    source = read_whole_text(file, shown, MAX_SESSION_BYTES, "session")
    json_form = file.suffix.lower() == ".json"
    value, where = _data(source.text, shown, json_form)
    return parse_session(value, shown, where)


def session_from_data(data: Any, shown: str = "session") -> SessionSpec:
    """A SessionSpec from bare data (no positions): what the property tests feed."""
    return parse_session(data, shown, _Locator("", shown, ParsedYaml()))
