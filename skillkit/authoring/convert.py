"""One lorebook entry -> one skill (or a reason to skip it), and what was kept and dropped.

The rules follow SillyTavern's World Info engine, so the skill switches on when the entry
would have been inserted: secondary keys count only when the entry is `selective`; a
constant entry is always on; an entry with no keys, or a scan depth of 0, never matches the
chat (it becomes `when: picked`, so its text is still there for the model to open).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from collections.abc import Mapping
from typing import Any

from skillkit.authoring.dropped import dropped_fields
from skillkit.authoring.lorebook import SourceEntry
from skillkit.authoring.names import MAX_NAME, slugify, unique_name
from skillkit.authoring.report import Dropped, EntryReport, Kept
from skillkit.authoring.values import clean_text, flag, js_truthy, number, one_line, text_list, whole_number
from skillkit.authoring.yamlemit import frontmatter
from skillkit.core.errors import InputError

LOGIC = {0: "andAny", 1: "notAll", 2: "notAny", 3: "andAll"}
ST_SCAN_DEPTH = 2  # SillyTavern's default World Info scan depth (also skillkit's default)
MAX_DESCRIPTION = 1024
# Keys an entry may hold: real entries hold a handful, every one becomes a trigger (a ceiling in
# code: past it the lorebook is refused, exit 2).
MAX_KEYS = 1_000
NAME_WORDS = 6       # a name from the text's opening words, when there is no title or key
NAME_FROM_TEXT = 40  # ... and no longer than a title would be
REGEX_KEY = re.compile(r"^\s*/.+/[gimsuy]*\s*$", re.DOTALL)
# `{{random::a::b}}`, `{{roll:d6}}`: SillyTavern's function macros; skillkit answers only `{{name}}`.
_APOSTROPHES = re.compile(r"['\u2019\u02bc]")
# Found in two linear steps: every `{{...}}` without inner braces, then those holding a character
# a plain `{{name}}` cannot (one regex with two lazy runs around that character was quadratic).
MACRO = re.compile(r"\{\{([^{}]*)\}\}")
_NOT_A_NAME = re.compile(r"[^\w\s-]")


def function_macros(text: str) -> list[str]:
    return [m.group(0) for m in MACRO.finditer(text) if _NOT_A_NAME.search(m.group(1))]


@dataclass(frozen=True)
class SkillDraft:
    name: str
    text: str  # the whole SKILL.md
    # The frontmatter's values, which the text reads back as (yamlemit checks it while writing)
    fields: Mapping[str, Any] | None = None


@dataclass
class BookDefaults:
    """What an entry gets when it leaves a setting to the lorebook (null in the file)."""

    scan_depth: int = ST_SCAN_DEPTH
    scan_depth_from: str = "SillyTavern's default World Info scan depth"
    used: set[str] = field(default_factory=set)  # which defaults some entry took

    def notes(self) -> tuple[str, ...]:
        out = []
        if "scanDepth" in self.used:
            out.append(f"scanDepth {self.scan_depth} ({self.scan_depth_from}) for entries that leave it "
                       "to the lorebook")
        if "caseSensitive" in self.used:
            out.append("caseSensitive false (SillyTavern's default) for entries that leave it to the lorebook")
        if "matchWholeWords" in self.used:
            out.append("matchWholeWords false (SillyTavern's default) for entries that leave it to the lorebook")
        return tuple(out)


@dataclass
class _Work:
    """The report of one entry while it is being built."""

    entry: SourceEntry
    kept: list[Kept] = field(default_factory=list)
    dropped: list[Dropped] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def label(self, name: str) -> str:
        return self.entry.label(name)


class Converter:
    """Converts the entries of one lorebook; remembers the names already given."""

    def __init__(self, source: str, defaults: BookDefaults) -> None:
        self.source = source
        self.defaults = defaults
        self.taken: set[str] = set()
        self.counters: dict[str, int] = {}

    def convert(self, entry: SourceEntry) -> tuple[SkillDraft | None, EntryReport]:
        work = _Work(entry, dropped=list(entry.dropped), notes=list(entry.notes))
        fields = entry.fields
        title = next((one_line(text) for _, text in entry.titles if one_line(text)), None)

        def skip(reason: str) -> tuple[None, EntryReport]:
            return None, EntryReport(entry.uid, title, None, None, reason, notes=tuple(work.notes))

        if flag(fields.get("disable")) is True:
            return skip(f"disabled in the lorebook (`{work.label('disable')}`)")
        raw = fields.get("content")
        if raw is not None and not isinstance(raw, str):  # not "empty": say what the file holds
            return skip(f"its `{work.label('content')}` is not text ({type(raw).__name__}): nothing to import")
        decorators, body = _split_decorators(clean_text(raw) if isinstance(raw, str) else "")
        if "@@dont_activate" in decorators:
            return skip("`@@dont_activate`: SillyTavern never switches it on")
        if not body.strip():
            return skip("its content is empty: as a skill it would add nothing")
        for line in decorators:
            if line != "@@activate":
                work.dropped.append(Dropped("content", line, "a decorator skillkit does not run; left out of the body"))

        keys = self._keys(work, "key")
        secondary = self._keys(work, "keysecondary")
        if secondary and not js_truthy(fields.get("selective")):
            # As SillyTavern matches the entry as stored; its editor turns `selective` on for
            # every entry it shows (and saves that), so an entry edited there would keep them.
            state = "missing" if "selective" not in fields else "off"
            work.dropped.append(Dropped(work.label("keysecondary"), secondary,
                                        f"`{work.label('selective')}` is {state}, so SillyTavern ignores "
                                        "secondary keys (until its World Info editor shows the entry, "
                                        "which turns `selective` on)"))
            secondary = []
        constant = flag(fields.get("constant")) is True or "@@activate" in decorators
        settings: dict[str, Any] = {}
        if constant:
            when = "always"
            work.kept.append(Kept(work.label("constant") if "@@activate" not in decorators else "@@activate",
                                  True, "when: always", "on in every turn of a scene that links it"))
            self._unused_keys(work, keys, secondary, "the skill is always on, so its keys are not needed")
        elif not keys:
            when = "picked"
            work.notes.append("it has no keys, so the chat never switches it on: imported as `when: picked` "
                              "(the model can open it)")
            self._unused_keys(work, [], secondary, "without primary keys they gate nothing")
        else:
            depth, depth_kept = self._scan_depth(work)
            if depth == 0:
                when = "picked"
                work.dropped.append(Dropped(depth_kept.source, depth_kept.value,
                                            "scans no message: SillyTavern reaches it only through recursion"))
                self._unused_keys(work, keys, secondary, "scanDepth 0 scans no message, so they never match: "
                                  "imported as `when: picked` (the model can open it)")
            else:
                when = "mentioned"
                settings = self._triggers(work, keys, secondary, depth, depth_kept)
        settings.update(self._probability(work))
        work.dropped.extend(dropped_fields(fields, work.label))
        work.kept.append(Kept(work.label("content"), f"{len(body):,} characters", "body"))
        macros = sorted(set(function_macros(body)))
        if macros:
            work.notes.append(f"SillyTavern macros skillkit does not run: {', '.join(macros[:5])} "
                              "(rendering replaces a macro that nothing answers with nothing)")

        name = self._name(work, keys, body)
        description = self._description(work, title, keys, when)
        header = [f"imported by skillkit from {self.source}, entry {entry.uid}" + (f" ({title})" if title else "")]
        fields_out = {"name": name, "description": description, "when": when, **settings}
        # read back with every other draft's before anything is written (writer._check)
        text = frontmatter(fields_out, header, check=False) + body.strip("\n") + "\n"
        report = EntryReport(entry.uid, title, name, when, None, tuple(work.kept), tuple(work.dropped),
                             tuple(work.notes))
        return SkillDraft(name, text, fields_out), report

    def _keys(self, work: _Work, name: str) -> list[str]:
        value = work.entry.fields.get(name)
        if isinstance(value, list) and len(value) > MAX_KEYS:
            # 700,000 keys of a 7 MB lorebook made a 424 MB, 87 s import: refused, before any copy
            raise InputError(f"entry {work.entry.uid}: `{work.label(name)}` holds {len(value):,} keys; "
                             f"skillkit imports at most {MAX_KEYS:,} an entry")
        keys, problems = text_list(value)
        work.notes.extend(f"`{work.label(name)}`: {p}" for p in problems)
        return keys

    def _unused_keys(self, work: _Work, keys: list[str], secondary: list[str], why: str) -> None:
        if keys:
            work.dropped.append(Dropped(work.label("key"), keys, why))
        if secondary:
            work.dropped.append(Dropped(work.label("keysecondary"), secondary, why))

    def _setting(self, work: _Work, name: str) -> bool:
        """caseSensitive / matchWholeWords: the entry's own value, else the lorebook default (off)."""
        raw = work.entry.fields.get(name)
        value = flag(raw)
        if value == "invalid":
            work.notes.append(f"`{work.label(name)}` is {raw!r}, not true, false or null: read as null")
            value = None
        if value is None:
            self.defaults.used.add(name)
            work.kept.append(Kept(work.label(name), None, f"{name}: false", "the lorebook default"))
            return False
        work.kept.append(Kept(work.label(name), value, f"{name}: {str(value).lower()}"))
        return bool(value)

    def _scan_depth(self, work: _Work) -> tuple[int, Kept]:
        raw = work.entry.fields.get("scanDepth")
        depth = whole_number(raw)
        if raw is not None and (depth is None or depth < 0):
            work.notes.append(f"`{work.label('scanDepth')}` is {raw!r}, not a whole number >= 0: read as null")
            depth = None
        if depth is None:
            self.defaults.used.add("scanDepth")
            return self.defaults.scan_depth, Kept(work.label("scanDepth"), None,
                                                  f"scanDepth: {self.defaults.scan_depth}", "the lorebook default")
        return depth, Kept(work.label("scanDepth"), raw, f"scanDepth: {depth}")

    def _triggers(self, work: _Work, keys: list[str], secondary: list[str], depth: int,
                  depth_kept: Kept) -> dict[str, Any]:
        regexes = sum(1 for k in keys + secondary if REGEX_KEY.match(k))
        note = f"{regexes} JavaScript regex key{'s' if regexes != 1 else ''}, kept as written" if regexes else ""
        work.kept.append(Kept(work.label("key"), keys, "triggers", note))
        out: dict[str, Any] = {"triggers": keys}
        if secondary:
            work.kept.append(Kept(work.label("keysecondary"), secondary, "secondaryTriggers"))
            raw = work.entry.fields.get("selectiveLogic")
            number_ = whole_number(raw)
            logic = LOGIC.get(number_) if number_ is not None else None
            if logic is None:
                logic = "andAny"
                if raw is not None:
                    work.notes.append(f"`{work.label('selectiveLogic')}` is {raw!r}, not 0-3: read as 0 (andAny)")
            work.kept.append(Kept(work.label("selectiveLogic"), raw, f"selectiveLogic: {logic}"))
            out["secondaryTriggers"] = secondary
            out["selectiveLogic"] = logic
        if self._setting(work, "caseSensitive"):
            out["caseSensitive"] = True
        if self._setting(work, "matchWholeWords"):
            out["matchWholeWords"] = True
        out["scanDepth"] = depth
        work.kept.append(depth_kept)
        return out

    def _probability(self, work: _Work) -> dict[str, Any]:
        fields = work.entry.fields
        chance = number(fields.get("probability"))
        if chance is None or chance == 100 or flag(fields.get("useProbability")) is False:
            return {}
        work.kept.append(Kept(work.label("probability"), chance, f"probability: {chance}",
                              "kept, never used by a skill: it is on every time its triggers match"))
        return {"probability": chance}

    def _name(self, work: _Work, keys: list[str], body: str) -> str:
        """From the title, else the first plain key, else the text's first words; never a bare
        number (an entry's uid says nothing of what it holds)."""
        plain = [k for k in keys if not REGEX_KEY.match(k)]
        opening = " ".join(body.split()[:NAME_WORDS])
        candidates = [*work.entry.titles, *((work.label("key"), k) for k in plain),
                      (work.label("content"), opening)]
        for source, candidate in candidates:
            base = slugify(_APOSTROPHES.sub("", candidate), NAME_FROM_TEXT if source == work.label("content")
                           else MAX_NAME)
            if base and not base.replace("-", "").isdigit():
                work.kept.insert(0, Kept(source, one_line(candidate), "name"))
                if source == work.label("content"):
                    work.notes.append(f"no usable title or key for a name: named after its first words ({base})")
                break
        else:
            base = "lore-entry"
            work.notes.append(f"no usable title, key or text for a name: named `{base}`")
        name = unique_name(base, self.taken, self.counters)
        if name != base:
            work.notes.append(f"`{base}` is taken by another entry: named `{name}`")
        self.taken.add(name)
        return name

    def _description(self, work: _Work, title: str | None, keys: list[str], when: str) -> str:
        if title:
            return _clip(title)
        if when == "always":
            text = "Lorebook entry that is always on."
        elif when == "picked":
            text = "Lorebook entry for the model to open when it needs it."
        else:
            shown = ", ".join(one_line(k) for k in keys[:8]) + (", ..." if len(keys) > 8 else "")
            text = f"Lorebook entry that switches on when the chat mentions: {shown}."
        work.notes.append("it has no title: the description is generated")
        return _clip(text)


def _clip(text: str) -> str:
    if len(text) <= MAX_DESCRIPTION:
        return text
    cut = text[: MAX_DESCRIPTION - 1]
    return (cut.rsplit(" ", 1)[0] if " " in cut[-80:] else cut) + "…"


def _split_decorators(content: str) -> tuple[list[str], str]:
    """Leading `@@name` lines (SillyTavern and Character Card V3 decorators) and the rest."""
    if not content.startswith("@@"):
        return [], content
    lines = content.split("\n")
    count = 0
    while count < len(lines) and lines[count].startswith("@@"):
        count += 1
    return [line.strip() for line in lines[:count]], "\n".join(lines[count:])
