"""What a transcript format's `sniff` looks at: the text, its first non-blank line, and the
whole text read as JSON (parsed once, on first use, so a YAML file is never parsed as JSON)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

NOT_JSON = object()  # `whole` when the text is not one JSON value


@dataclass
class Clue:
    stripped: str  # the text without its leading blanks
    first_line: str = field(init=False)

    def __post_init__(self) -> None:
        self.first_line = self.stripped.split("\n", 1)[0].strip()

    @cached_property
    def whole(self) -> Any:
        """The text as one JSON value, or NOT_JSON."""
        if not self.stripped.startswith(("{", "[")):
            return NOT_JSON
        try:
            return json.loads(self.stripped)
        except (ValueError, RecursionError):
            return NOT_JSON

    @cached_property
    def several_lines(self) -> bool:
        return "\n" in self.stripped.rstrip()
