"""One file through read -> parse -> schema: what every rule and every command starts from."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Mapping

import msgspec

from skillkit.core.diagnostics import Diagnostic, Severity
from skillkit.core.fields import KINDS, SKILL
from skillkit.core.frontmatter import SplitDocument, parse_frontmatter
from skillkit.core.model import Document, Skill, ToolRef, freeze
from skillkit.core.reader import STAND_INS, Stamp, read_text, stamp_of
from skillkit.core.validate import schema_check, schema_diagnostics
from skillkit.core.yamlparse import ParsedYaml, parse_yaml


class SkillDoc(msgspec.Struct, frozen=True):
    """A SKILL.md that parsed into a mapping (its fields may still break rules)."""

    path: str
    file: Path
    split: SplitDocument
    parsed: ParsedYaml
    invalid: frozenset[str] = frozenset()  # top-level keys whose values break the schema
    stamp: Stamp | None = None  # the SKILL.md's status as it was read (core/reader.py)

    @property
    def folder(self) -> Path:
        return self.file.parent

    @property
    def data(self) -> dict[str, Any]:
        return self.parsed.data

    @property
    def body(self) -> str:
        return self.split.body

    def at(self, *path: str | int) -> tuple[int, int]:
        """Where a value is (falls back to its parent)."""
        return self.parsed.where(tuple(path))

    def at_key(self, *path: str | int) -> tuple[int, int]:
        """Where a key is (falls back to its value, then its parent)."""
        return self.parsed.where(tuple(path), at_key=True)


class YamlDoc(msgspec.Struct, frozen=True):
    """A tool, agent, scene or catalog file that parsed into a mapping."""

    kind: str
    path: str
    file: Path
    parsed: ParsedYaml

    @property
    def data(self) -> dict[str, Any]:
        return self.parsed.data

    def at(self, *path: str | int) -> tuple[int, int]:
        return self.parsed.where(tuple(path))

    def at_key(self, *path: str | int) -> tuple[int, int]:
        return self.parsed.where(tuple(path), at_key=True)


def load_skill_doc(file: Path, display: str) -> tuple[SkillDoc | None, list[Diagnostic]]:
    doc, _, findings = load_skill_parts(file, display)
    return doc, findings


def load_skill_parts(file: Path, display: str) -> tuple[SkillDoc | None, SkillDoc | None, list[Diagnostic]]:
    """The document, or when its frontmatter is missing or broken a bare one (no fields; the
    body after the frontmatter, or the whole text when there is none to split off) for the
    rules that read the body and the bundle only; both None when the file cannot be read."""
    source, findings = read_text(file, display)
    if source is None:
        return None, None, findings
    split, parsed, more = parse_frontmatter(source)
    findings.extend(more)
    if split is None or parsed is None or not parsed.ok or not isinstance(parsed.data, dict):
        body = split if split is not None else SplitDocument("", source.text, 1)
        return None, SkillDoc(display, file, body, ParsedYaml(data={}, ok=False), stamp=source.stamp), findings
    diagnostics, invalid = schema_check("skill", parsed, display, split.yaml_text, line_offset=1)
    findings.extend(diagnostics)
    return SkillDoc(display, file, split, parsed, invalid, source.stamp), None, findings


class KnownSkill(msgspec.Struct, frozen=True):
    """A SKILL.md as the command that just wrote it knows it: what load_skill_parts would
    return for it (`doc`, `findings`) while the file's status is still `doc.stamp`. `skillkit
    import` hands these to the lint of what it wrote, which then reads and parses no file
    twice; tests/authoring/test_import_known.py holds that lint gives the same findings."""

    doc: SkillDoc
    findings: tuple[Diagnostic, ...] = ()


Known = Mapping[str, KnownSkill]  # by the file's absolute path (os.path.abspath)


def known_parts(file: Path, display: str, known: Known) -> tuple[SkillDoc, None, list[Diagnostic]] | None:
    """The parts load_skill_parts(file, display) would return, from `known`; None when the
    file is not known, is shown under another path, or changed since (its stamp differs)."""
    absolute = os.path.abspath(file)
    entry = known.get(absolute)
    if entry is None or entry.doc.path != display or entry.doc.stamp is None or absolute in STAND_INS:
        return None
    try:
        status = os.stat(file)  # what read_text's fstat of the opened file would say
    except OSError:
        return None
    if stamp_of(status) != entry.doc.stamp:
        return None
    doc = entry.doc if entry.doc.file == file else msgspec.structs.replace(entry.doc, file=file)  # as the walk spelled it
    return doc, None, list(entry.findings)


def without_yaml_text(doc: SkillDoc) -> SkillDoc:
    """The YAML text is parsed and its rules (invisible-unicode reads it) have run: dropping
    it halves what a worker process sends back. The stamp stays: it says whether the body may
    be left in its file (core/stored_body.lean)."""
    return SkillDoc(doc.path, doc.file, SplitDocument("", doc.split.body, doc.split.body_line), doc.parsed, doc.invalid,
                    doc.stamp)


def load_yaml_doc(kind: str, file: Path, display: str) -> tuple[YamlDoc | None, list[Diagnostic]]:
    source, findings = read_text(file, display)
    if source is None:
        return None, findings
    # A catalog's versions are mapping keys (`1: {...}`): there an integer key is the point
    # (and in a session's `publish`, which holds catalog entries).
    parsed = parse_yaml(source.text, display, scalar_keys=kind in ("catalog", "session"))
    findings.extend(parsed.diagnostics)
    if not parsed.ok:
        return None, findings
    if not isinstance(parsed.data, dict):
        findings.append(Diagnostic(display, 1, 1, KINDS[kind].rule, Severity.ERROR,
                                   f"a {kind} file must be a YAML mapping of fields"))
        return None, findings
    findings.extend(schema_diagnostics(kind, parsed, display))
    return YamlDoc(kind, display, file, parsed), findings


SKILL_DEFAULTS = {f.name: f.default for f in SKILL.fields if f.has_default}


def build_skill(doc: SkillDoc) -> Skill:
    """The model of a skill whose frontmatter passed the schema (defaults filled in). A value a
    profile or `ignore` let through unreported, but that breaks the schema, reads as its default:
    the model's types hold whatever the settings silence."""
    # The field registry's defaults, then what the file says: one source for every default.
    data = {**SKILL_DEFAULTS, "name": doc.folder.name, "description": "",
            **{key: value for key, value in doc.data.items() if key not in doc.invalid}}
    tools = tuple(ToolRef(t["name"], t.get("version"), *doc.at("tools", i)) for i, t in enumerate(data["tools"]))
    return Skill(
        name=data["name"], description=data["description"], body=doc.body, path=doc.path,
        folder=doc.folder, fields=freeze(doc.data),
        when=data["when"],
        triggers=tuple(data["triggers"]),
        secondary_triggers=tuple(data["secondaryTriggers"]),
        trigger_logic=data["triggerLogic"],
        selective_logic=data["selectiveLogic"],
        case_sensitive=data["caseSensitive"],
        match_whole_words=data["matchWholeWords"],
        scan_depth=data["scanDepth"],
        close_when_unmentioned=data["closeWhenUnmentioned"],
        version=data["version"], tools=tools,
        examples=tuple(freeze(e) for e in data["examples"]),
    )


def build_document(doc: YamlDoc) -> Document:
    return Document(doc.kind, doc.path, doc.file, freeze(doc.data), dict(doc.parsed.positions))
