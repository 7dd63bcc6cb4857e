"""`skillkit import`: a lorebook file -> skill folders and the report of what was carried."""

from __future__ import annotations

from pathlib import Path

from skillkit.authoring.convert import BookDefaults, Converter, SkillDraft
from skillkit.authoring.importers import MAX_IMPORT_BYTES, read_lorebook
from skillkit.authoring.lorebook import Lorebook
from skillkit.authoring.report import EntryReport, ImportReport
from skillkit.authoring.scene import card_scene, reserved_names
from skillkit.authoring.writer import write_skills
from skillkit.core.errors import InputError
from skillkit.core.paths import display
from skillkit.core.reader import read_bytes


def load(file: Path) -> Lorebook:
    shown = display(file)
    data = read_bytes(file, MAX_IMPORT_BYTES)
    if isinstance(data, int):
        raise InputError(f"the file is {data:,} bytes; skillkit imports at most {MAX_IMPORT_BYTES:,}", shown)
    return read_lorebook(data, shown)


def convert(book: Lorebook, source_name: str,
            reserved: set[str] | None = None) -> tuple[list[SkillDraft], list[EntryReport], BookDefaults]:
    # SillyTavern's defaults, whatever the book says: its card import ignores the book's own
    # `scan_depth` (convertCharacterBook), so the book's value is reported as dropped instead.
    defaults = BookDefaults()
    converter = Converter(source_name, defaults)
    converter.taken.update(reserved or ())
    drafts: list[SkillDraft] = []
    reports: list[EntryReport] = [EntryReport(uid, None, None, None, reason) for uid, reason in book.skipped]
    for entry in book.entries:
        draft, report = converter.convert(entry)
        reports.append(report)
        if draft is not None:
            drafts.append(draft)
    return drafts, reports, defaults


def import_file(file: Path, output: Path, force: bool = False) -> ImportReport:
    """Read, convert, write (all or nothing), and report. InputError / UsageError when it cannot."""
    book = load(file)
    drafts, reports, defaults = convert(book, file.name, reserved_names(output))
    scene = card_scene(book.character, [d.name for d in drafts], output, file.name) if book.character else None
    result = write_skills(drafts, output, force, scene)
    return ImportReport(display(file), book.format, display(output), book.name, tuple(reports),
                        defaults.notes(), book.dropped, result.written, result.replaced, result.diagnostics,
                        result.scene, book.character)
