"""The import's shortcuts held to the plain way beside them (ARCHITECTURE.md, Speed):

- the YAML of a drafted frontmatter known from its values (authoring/drafted.py) is what lint's
  parser reads from its text;
- lint handed the documents the import's check made (core/documents.KnownSkill) reports exactly
  what lint reading the files from disk reports, and reads a file again when it changed since;
- the emitter's and the text report's one-search fast paths change what the per-character ways do.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from skillkit.authoring import yamlemit
from skillkit.authoring.drafted import drafted_yaml
from skillkit.authoring.importing import convert
from skillkit.authoring.importers import from_json
from skillkit.authoring.writer import _check, _landed, write_skills
from skillkit.core.documents import KnownSkill, known_parts, load_skill_parts
from skillkit.core.frontmatter import parse_frontmatter
from skillkit.core.paths import shown, shown_unchanged
from skillkit.core import check
from skillkit.core.pipeline import Options, run
from skillkit.core.reader import decode, stamp_of
from skillkit.reporters.import_text import _plain
from skillkit.rules import RULESET

WORDS = ["storm", "tavern", "Crown", "yes", "null", "1e3", "2001-12-14", "a: b", "x #y", "[list]", "{map}",
         "quote\"d", "back\\slash", "tab\there", "王国", "🐉 dragon", "\u2028sep", "\x1besc", "  padded ",
         "/\\bswords?\\b/i", "/(a+)+/", "", "-", "~", "on", "NO", "0x1f", ".inf", "'single'"]
text = st.one_of(st.sampled_from(WORDS), st.text(max_size=30))


def _book(count: int, seed: int = 5) -> dict:
    """A World Info book shaped like the benchmark's: titles and keys in English and Chinese,
    regex and secondary keys, constant and disabled entries, tricky strings."""
    rng = random.Random(seed)
    entries = {}
    for uid in range(count):
        keys = [rng.choice(WORDS) for _ in range(rng.randint(0, 4))]
        entries[str(uid)] = {"uid": uid, "key": keys, "keysecondary": [rng.choice(WORDS)] if uid % 5 == 0 else [],
                             "comment": rng.choice(WORDS + [""]) + f" {uid}" * (uid % 3),
                             "content": f"{rng.choice(WORDS)} text of entry {uid}\n" * rng.randint(1, 3),
                             "constant": uid % 11 == 0, "selective": uid % 5 == 0, "selectiveLogic": uid % 4,
                             "disable": uid % 13 == 0, "probability": 100 if uid % 7 else 40,
                             "scanDepth": None if uid % 3 else uid % 4, "caseSensitive": uid % 6 == 0 or None}
    return {"entries": entries}


def _drafts(count: int):
    drafts, _, _ = convert(from_json(_book(count), "book.json"), "book.json")
    return drafts


def _parsed(draft_text: str):
    source, _ = decode(draft_text.encode("utf-8"), "x")
    assert source is not None
    return parse_frontmatter(source)


def test_drafted_yaml_is_what_the_parser_reads_for_every_draft_of_a_book() -> None:
    drafts = _drafts(300)
    assert len(drafts) > 200
    for draft in drafts:
        document, parsed, _ = _parsed(draft.text)
        known = drafted_yaml(document, draft.fields)
        assert known is not None, draft.text
        assert known == parsed, draft.text
        assert list(known.positions) == list(parsed.positions) and list(known.data) == list(parsed.data)


@settings(max_examples=300)
@given(st.dictionaries(st.sampled_from(["name", "description", "when", "triggers", "secondaryTriggers",
                                         "scanDepth", "caseSensitive", "probability", "weight"]),
                       st.one_of(text, st.lists(text, max_size=5), st.integers(-10**6, 10**6), st.booleans(),
                                 st.floats(allow_nan=False, allow_infinity=False)), min_size=1),
       st.lists(text, max_size=2))
def test_drafted_yaml_matches_the_parser_on_any_values(fields: dict, header: list[str]) -> None:
    try:
        head = yamlemit.frontmatter(fields, header)
    except (AssertionError, ValueError):
        return  # the emitter refuses what would not read back: nothing is written
    document, parsed, _ = _parsed(head + "body\n")
    known = drafted_yaml(document, fields)
    if known is not None:  # None: a shape left to the parser (a float)
        assert known == parsed
    if any(isinstance(v, float) and not isinstance(v, bool) for v in fields.values()):
        assert known is None


def _landed_import(tmp_path: Path, count: int = 120) -> tuple[Path, dict[str, KnownSkill]]:
    output = tmp_path / "ws" / "skills"
    drafts = _drafts(count)
    checked = _check(drafts, output)
    write_skills(drafts, output, False)
    return output, _landed(checked, output, {})


def test_lint_given_the_known_documents_reports_what_lint_from_disk_reports(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    output, known = _landed_import(tmp_path)
    assert len(known) > 80
    from_disk = run([output.parent], Options(RULESET))
    read = []
    monkeypatch.setattr(check, "load_skill_parts", lambda file, shown_as: read.append(file) or
                        load_skill_parts(file, shown_as))
    given_known = run([output.parent], Options(RULESET), known=known)
    assert not [file for file in read if os.path.abspath(file) in known]  # the known were not read again
    assert given_known.diagnostics == from_disk.diagnostics
    assert given_known.files == from_disk.files
    assert [s.name for w in given_known.workspaces for s in w.skills] == \
        [s.name for w in from_disk.workspaces for s in w.skills]
    for file in known:  # and each known document is what reading the file gives
        doc, bare, found = load_skill_parts(Path(file), known[file].doc.path)
        assert (doc, bare, found) == known_parts(Path(file), known[file].doc.path, known)


def test_worker_processes_find_the_known_documents(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    output, known = _landed_import(tmp_path)
    from_disk = run([output.parent], Options(RULESET))
    monkeypatch.setenv("SKILLKIT_JOBS", "2")  # forked inside the run: they inherit what it was handed
    assert run([output.parent], Options(RULESET), known=known).diagnostics == from_disk.diagnostics
    assert check._KNOWN == {}  # and nothing of it outlives the run


def test_a_known_file_changed_since_is_read_again(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    output, known = _landed_import(tmp_path, 40)
    changed = Path(next(iter(known)))
    changed.write_text("---\nname: Not A Name\n---\nbody\n", encoding="utf-8")
    assert known_parts(changed, known[str(changed)].doc.path, known) is None
    given_known = run([output.parent], Options(RULESET), known=known).diagnostics
    assert given_known == run([output.parent], Options(RULESET)).diagnostics
    assert any(d.path == known[str(changed)].doc.path and d.rule == "name-format" for d in given_known)
    shown_elsewhere = known[str(next(p for p in known if p != str(changed)))]
    assert known_parts(shown_elsewhere.doc.file, "another/path/SKILL.md", known) is None


def test_the_import_reports_what_lint_reports_of_what_it_wrote(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    output = tmp_path / "ws" / "skills"
    result = write_skills(_drafts(120), output, False)
    mine = set(result.written)
    assert result.diagnostics == tuple(d for d in run([output.parent], Options(RULESET)).diagnostics
                                       if d.path in mine)


def test_a_forced_import_stamps_the_files_it_replaced(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    output = tmp_path / "ws" / "skills"
    drafts = _drafts(60)
    write_skills(drafts, output, False)
    result = write_skills(drafts, output, True)
    assert result.replaced
    mine = set(result.written)
    assert result.diagnostics == tuple(d for d in run([output.parent], Options(RULESET)).diagnostics
                                       if d.path in mine)
    stamps = {str(f): stamp_of(os.stat(f)) for f in output.glob("*/SKILL.md")}
    assert all(stamp[2] > 0 for stamp in stamps.values())


def test_the_one_search_fast_paths_agree_with_each_character() -> None:
    # every character where the sets change (controls, C1, surrogates, separators, BOM, the
    # top of the BMP and of Unicode), and a sample of the rest
    edges = [*range(0x00, 0x3000), *range(0xD700, 0xE100), *range(0xFE00, 0x10100), *range(0x10FF00, 0x110000)]
    for code in edges + random.Random(3).sample(range(0x110000), 20_000):
        char = chr(code)
        assert (yamlemit._NOT_AS_IS.search(char) is None) == (yamlemit._escape(char) == char and char not in '\\"')
        assert (yamlemit._NOT_PRINTABLE.search(char) is None) == yamlemit._printable(char)


@given(st.lists(st.text(max_size=12), max_size=6))
def test_a_report_line_is_each_part_made_safe(parts: list[str]) -> None:
    styled = [(part, "") for part in parts]
    assert _plain(styled) == "".join(shown(part) for part in parts)
    assert shown_unchanged("".join(parts)) == all(shown(part) == part for part in parts)
