"""Split a SKILL.md into its YAML frontmatter and Markdown body.

The fences are whole *lines* that read `---`: a `---` inside a value, or a string split on
"---", never closes the frontmatter (the bug that breaks naive readers).
"""

from __future__ import annotations

from dataclasses import dataclass

from skillkit.core.diagnostics import Diagnostic, Severity
from skillkit.core.reader import SourceText
from skillkit.core.rulebase import Finding
from skillkit.core.yamlparse import ParsedYaml, parse_yaml

FENCE = "---"

# What splitting a SKILL.md finds (core/findings.py lists them).
FRONTMATTER_MISSING = Finding("frontmatter-missing", Severity.ERROR, """
        A SKILL.md must start with a `---` line, YAML frontmatter (a mapping of fields), and a
        closing `---` line. Empty files and files without frontmatter are reported here.""")
FRONTMATTER_UNCLOSED = Finding("frontmatter-unclosed", Severity.ERROR, """
        The frontmatter opened by the first `---` line is never closed: no later line is exactly `---`.
        A `---` inside a value does not close it; only a whole line does.""")


@dataclass(frozen=True, slots=True)  # not a Struct: StoredSplit sets its slots with object.__setattr__
class SplitDocument:
    """`yaml_text` starts on line 2 of the file; `body_line` is the body's first line."""

    yaml_text: str
    body: str
    body_line: int


def _is_fence(line: str) -> bool:
    # Trailing blanks are invisible in an editor; treating "--- " as a fence is what authors mean.
    return line.rstrip(" \t") == FENCE


def split(source: SourceText) -> tuple[SplitDocument | None, list[Diagnostic]]:
    text = source.text
    if not text or text.isspace():
        return None, [FRONTMATTER_MISSING.at(source.path, 1, 1,
                                 "the file is empty: a SKILL.md starts with `---`, YAML frontmatter, `---`")]
    # Line by line up to the closing fence only: the body (most of the file) is never split.
    end = text.find("\n")
    if not _is_fence(text if end < 0 else text[:end]):
        return None, [FRONTMATTER_MISSING.at(source.path, 1, 1,
                                 "no frontmatter: the first line of a SKILL.md must be `---`")]
    start = at = end + 1
    index = 1
    while end >= 0:
        end = text.find("\n", at)
        if _is_fence(text[at:] if end < 0 else text[at:end]):
            # Each YAML line keeps its line break, the last one too: `key: |` as the last field
            # then reads the same value (with its final newline) as anywhere else.
            return SplitDocument(text[start:at], "" if end < 0 else text[end + 1:], index + 2), []
        at, index = end + 1, index + 1
    return None, [FRONTMATTER_UNCLOSED.at(source.path, 1, 1,
                             "the frontmatter opened on line 1 is never closed by a `---` line")]


def parse_frontmatter(source: SourceText) -> tuple[SplitDocument | None, ParsedYaml | None, list[Diagnostic]]:
    """Split, then parse the YAML (lines reported as lines of the whole file)."""
    document, findings = split(source)
    if document is None:
        return None, None, findings
    parsed = parse_yaml(document.yaml_text, source.path, line_offset=1)
    findings.extend(parsed.diagnostics)
    if parsed.ok and parsed.data is None:
        findings.append(FRONTMATTER_MISSING.at(source.path, 2, 1,
                                   "the frontmatter is empty: it needs at least `name` and `description`"))
    elif parsed.ok and not isinstance(parsed.data, dict):
        line, col = parsed.where(())
        findings.append(FRONTMATTER_MISSING.at(source.path, line, col,
                                   "the frontmatter must be a YAML mapping of fields (`name: ...`)"))
    return document, parsed, findings
