"""YAML text -> plain data plus the line and column of every key and value.

Built from the parser's event stream rather than `yaml.safe_load`, for three reasons:
- aliases are reported where they are used and never expanded, so an alias bomb costs
  nothing (`safe_load` would build the exponential structure);
- duplicate and non-string keys are reported at the key instead of silently merged;
- every node keeps its position, which is what lets a schema error point at file:line:column.
The events come from libyaml's C parser when it is installed (ten times faster).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Any, Iterator

import yaml
from yaml.events import (AliasEvent, DocumentStartEvent, MappingEndEvent, MappingStartEvent,
                         ScalarEvent, SequenceEndEvent, SequenceStartEvent)

from skillkit.core.diagnostics import Diagnostic, Severity
from skillkit.core.rulebase import Finding
from skillkit.core.yamlsimple import LOADER, simple_mapping

# What parsing YAML finds (core/findings.py lists them).
YAML_SYNTAX = Finding("yaml-syntax", Severity.ERROR, """
        The YAML does not parse; the diagnostic is at the parser's line and column. Also reported:
        more than one YAML document, nesting deeper than 64 levels, more than 100,000 nodes.""")
YAML_ALIAS = Finding("yaml-alias", Severity.ERROR, """
        YAML aliases (`*name`) are not allowed in skill files. They are reported where they are used
        and never expanded, so an alias bomb costs nothing; write the value out instead.""")
YAML_DUPLICATE_KEY = Finding("yaml-duplicate-key", Severity.ERROR, """
        A key appears twice in one mapping. Most YAML readers keep the later value silently; the
        author almost always meant something else.""")
YAML_KEY_TYPE = Finding("yaml-key-type", Severity.ERROR, """
        A mapping key is not a string (`1: x`, `true: x`, `[a]: x`). Field names are strings; quote the key.""")

try:  # libyaml's bare C parser: the same events as yaml.parse without building a loader
    from yaml._yaml import CParser as _EventParser  # (constructor, resolver) for each document
except ImportError:  # pragma: no cover - PyYAML built without libyaml
    from yaml import SafeLoader as _EventParser  # type: ignore[assignment]


def _events(text: str) -> Iterator[yaml.Event]:
    parser = _EventParser(text)
    try:
        while parser.check_event():
            yield parser.get_event()
    finally:
        parser.dispose()

JsonPath = tuple[str | int, ...]
MAX_DEPTH = 64
MAX_NODES = 100_000
_SCALARS = LOADER


@dataclass(slots=True)
class ParsedYaml:
    """`data` is None when the text is empty or broken; `positions[path]` is where a value
    starts, `key_positions[path]` where the key of a mapping entry starts."""

    data: Any = None
    positions: dict[JsonPath, tuple[int, int]] = field(default_factory=dict)
    key_positions: dict[JsonPath, tuple[int, int]] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    ok: bool = True

    def where(self, path: JsonPath, at_key: bool = False) -> tuple[int, int]:
        """The closest known position for `path`: the key or value itself, else its parent."""
        table = self.key_positions if at_key else self.positions
        probe = tuple(path)
        while True:
            if probe in table:
                return table[probe]
            if at_key and probe in self.positions:
                return self.positions[probe]
            if not probe:
                return (1, 1)
            probe = probe[:-1]


class _Frame:
    __slots__ = ("container", "path", "pending_key", "seen")

    def __init__(self, container: dict[str, Any] | list[Any], path: JsonPath) -> None:
        self.container = container
        self.path = path
        self.pending_key: object = _NO_KEY
        self.seen: set[str] = set()


_NO_KEY = object()
_SKIP = object()  # the key was unusable: drop its value


# YAML also breaks lines at NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR; editors, GitHub and
# every reporter count only \n, \r\n and \r, so marks are recounted from their character index
# whenever the text holds one of these (the common text keeps the parser's own counts).
_YAML_ONLY_BREAKS = ("\x85", "\u2028", "\u2029")
_EDITOR_BREAK = re.compile(r"\r\n|\r|\n")


class _EditorLines:
    """Character index -> 1-based editor line and column."""

    __slots__ = ("starts",)

    def __init__(self, text: str) -> None:
        self.starts = [0] + [m.end() for m in _EDITOR_BREAK.finditer(text)]

    def at(self, index: int) -> tuple[int, int]:
        line = bisect_right(self.starts, index)
        return line, index - self.starts[line - 1] + 1


def editor_lines(text: str) -> _EditorLines | None:
    """A recount table when YAML's line numbers would differ from an editor's, else None."""
    return _EditorLines(text) if any(c in text for c in _YAML_ONLY_BREAKS) else None


def mark_position(mark: Any, line_offset: int, lines: _EditorLines | None = None) -> tuple[int, int]:
    if lines is not None and mark.index is not None:
        line, column = lines.at(mark.index)
        return line + line_offset, column
    return mark.line + 1 + line_offset, mark.column + 1


def _mark(event: yaml.Event, line_offset: int, lines: _EditorLines | None = None) -> tuple[int, int]:
    return mark_position(event.start_mark, line_offset, lines)


_STR_TAG = "tag:yaml.org,2002:str"


def _scalar_value(event: ScalarEvent) -> Any:
    tag = event.tag
    if tag is None or tag == "!":
        if event.style:  # quoted, literal or folded: always a string, nothing to resolve
            return event.value
        tag = _SCALARS.resolve(yaml.ScalarNode, event.value, event.implicit)
        if tag == _STR_TAG:  # the common case: skip the constructor machinery
            return event.value
    node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style)
    return _SCALARS.construct_object(node, deep=True)


def _short_tag(tag: str | None) -> str:
    return (tag or "").replace("tag:yaml.org,2002:", "!!")


def _constructor_problem(exc: Exception) -> str:
    if isinstance(exc, yaml.YAMLError):
        return str(getattr(exc, "problem", None) or exc)
    if isinstance(exc, (ValueError, OverflowError)) and str(exc):
        return str(exc)
    return "the value does not fit the tag"


class _Builder:
    def __init__(self, path: str, line_offset: int, scalar_keys: bool,
                 lines: _EditorLines | None = None) -> None:
        self.path, self.offset = path, line_offset
        self.lines = lines
        self.scalar_keys = scalar_keys
        self.out = ParsedYaml()
        self.stack: list[_Frame] = []
        self.nodes = 0
        self.documents = 0

    def report(self, at: tuple[int, int], message: str, finding: Finding = YAML_SYNTAX) -> None:
        self.out.diagnostics.append(finding.at(self.path, at[0], at[1], message))

    def place(self, value: Any, at: tuple[int, int]) -> JsonPath | None:
        """Put a finished value into the open container; returns its path (None when dropped)."""
        if not self.stack:
            self.out.data = value
            self.out.positions[()] = at
            return ()
        frame = self.stack[-1]
        if isinstance(frame.container, list):
            child = frame.path + (len(frame.container),)
            frame.container.append(value)
            self.out.positions[child] = at
            return child
        if frame.pending_key is _NO_KEY:
            self.take_key(frame, value, at)
            return None
        key, frame.pending_key = frame.pending_key, _NO_KEY
        if key is _SKIP:
            return None
        child = frame.path + (key,)  # type: ignore[operator]
        frame.container[key] = value  # type: ignore[index]
        self.out.positions[child] = at
        return child

    def take_key(self, frame: _Frame, key: Any, at: tuple[int, int]) -> None:
        if self.scalar_keys and isinstance(key, (int, float)) and not isinstance(key, bool):
            key = str(key)
        if not isinstance(key, str):
            shown = ("a mapping" if isinstance(key, dict) else "a list" if isinstance(key, list)
                     else "null" if key is None else str(key).lower() if isinstance(key, bool) else repr(key))
            self.report(at, f"keys must be strings; this key is {shown} (quote it)", YAML_KEY_TYPE)
            frame.pending_key = _SKIP
            return
        if key in frame.seen:
            self.report(at, f"duplicate key {key!r}: the later value silently replaces the earlier one",
                        YAML_DUPLICATE_KEY)
        frame.seen.add(key)
        frame.pending_key = key
        self.out.key_positions[frame.path + (key,)] = at

    def feed(self, event: yaml.Event) -> None:
        kind = type(event)
        if kind is ScalarEvent:  # by far the most common: checked first, without isinstance chains
            self.count(event)
            at = _mark(event, self.offset, self.lines)
            try:
                value = _scalar_value(event)
            except Exception as exc:  # noqa: BLE001 - an explicit tag's constructor can raise anything
                # (`!!timestamp nope`: AttributeError, `!!bool x`: KeyError, `!!binary`: binascii.Error)
                self.report(at, f"cannot read this value as {_short_tag(event.tag)}: {_constructor_problem(exc)}"
                            if event.tag not in (None, "!") else
                            f"cannot read this value: {_constructor_problem(exc)}")
                value = event.value
            self.place(value, at)
        elif kind is MappingStartEvent or kind is SequenceStartEvent:
            self.count(event)
            at = _mark(event, self.offset, self.lines)
            if len(self.stack) >= MAX_DEPTH:
                self.report(at, f"nested deeper than {MAX_DEPTH} levels")
                raise _Stop
            container: dict[str, Any] | list[Any] = {} if kind is MappingStartEvent else []
            frame_path = self.place(container, at)
            self.stack.append(_Frame(container, frame_path if frame_path is not None else ("<key>",)))
        elif kind is MappingEndEvent or kind is SequenceEndEvent:
            self.stack.pop()
        elif kind is AliasEvent:
            self.count(event)
            at = _mark(event, self.offset, self.lines)
            self.report(at, f"YAML alias *{event.anchor}: skillkit does not expand aliases (an alias bomb would); "
                            "write the value out", YAML_ALIAS)
            self.place(None, at)
        elif kind is DocumentStartEvent:
            self.documents += 1
            if self.documents > 1:
                self.report(_mark(event, self.offset, self.lines), "more than one YAML document; only the first is read")
                raise _Stop

    def count(self, event: yaml.Event) -> None:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            self.report(_mark(event, self.offset, self.lines), f"more than {MAX_NODES:,} YAML nodes")
            raise _Stop


class _Stop(Exception):
    """Ends the event loop early; the reason is already a diagnostic."""


def parse_yaml(text: str, path: str, line_offset: int = 0, scalar_keys: bool = False) -> ParsedYaml:
    """Parse one YAML document. `line_offset` shifts reported lines (frontmatter starts on
    line 2); `scalar_keys` reads number keys as their text instead of reporting them."""
    simple = simple_mapping(text, line_offset)  # most frontmatter (core/yamlsimple.py)
    if simple is not None:
        data, positions, key_positions = simple
        return ParsedYaml(data, positions, key_positions)
    lines = editor_lines(text)
    builder = _Builder(path, line_offset, scalar_keys, lines)
    try:
        for event in _events(text):
            builder.feed(event)
    except _Stop:
        builder.out.ok = False
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        at = mark_position(mark, line_offset, lines) if mark else (1 + line_offset, 1)
        problem = exc.problem or exc.context or "invalid YAML"
        builder.report(at, f"YAML syntax error: {problem}")
        builder.out.ok = False
    except yaml.YAMLError as exc:
        builder.report((1 + line_offset, 1), f"YAML syntax error: {exc}")
        builder.out.ok = False
    except RecursionError:  # the event parser is iterative; kept so no input can end in a traceback
        builder.report((1 + line_offset, 1), "YAML nested too deeply")
        builder.out.ok = False
    if not builder.out.ok:
        builder.out.data = None
    return builder.out
