"""What a transcript format's `sniff` looks at: the text from its first non-blank character, its
first non-blank line, and the whole text read as JSON (parsed once, on first use, so a YAML file
is never parsed as JSON). Nothing here copies the text: a 55 MiB transcript was split and
stripped whole before its shape was checked (one copy each)."""

from __future__ import annotations

import json
import re
from functools import cached_property
from typing import Any

NOT_JSON = object()  # `whole` when the text is not one JSON value
_NONSPACE = re.compile(r"\S")


class Clue:
    def __init__(self, text: str) -> None:
        self.text = text
        found = _NONSPACE.search(text)
        self.start = found.start() if found else len(text)  # where the content begins
        self._end = text.find("\n", self.start)  # where its first line ends (-1: it is the last)
        self.first_line = text[self.start:self._end if self._end != -1 else len(text)].strip()

    def starts_with(self, prefix: str) -> bool:
        """Whether the content (leading blanks aside) starts with `prefix`."""
        return self.text.startswith(prefix, self.start)

    @cached_property
    def whole(self) -> Any:
        """The text as one JSON value, or NOT_JSON."""
        if not (self.starts_with("{") or self.starts_with("[")):
            return NOT_JSON
        try:
            # a copy only when blanks lead (JSON's own blanks are fewer than str.isspace's)
            return json.loads(self.text[self.start:] if self.start else self.text)
        except (ValueError, RecursionError):
            return NOT_JSON

    @cached_property
    def several_lines(self) -> bool:
        """Whether anything but blanks follows the first line."""
        return self._end != -1 and _NONSPACE.search(self.text, self._end) is not None
