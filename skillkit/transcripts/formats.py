"""The registry of transcript formats: adding one is a module and a line here.

A format module exports `NAME` (what `Transcript.format` says), `sniff(clue) -> int` (how
strongly the content says it is this format; 0 for "not it") and `read(text, path, warnings)`
(the messages; a value read leniently appends a warning). The strongest sniff wins, ties going
to the earlier format here, so the strengths below are the whole precedence:

  50 `[` first: OpenAI messages (openai)
  40 `{`, a SillyTavern first line and more lines: SillyTavern JSONL (sillytavern)
  30 one JSON object with `messages`: OpenAI (openai)
  20 a SillyTavern first line alone: SillyTavern JSONL (sillytavern)
  10 any other JSON object: OpenAI (openai)
   1 anything else: skillkit's YAML form (yaml_form)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType

import skillkit.transcripts.openai as openai  # (not `from skillkit.transcripts import`: the package
import skillkit.transcripts.sillytavern as sillytavern  # imports this module, through detect)
import skillkit.transcripts.yaml_form as yaml_form
from skillkit.core.diagnostics import Diagnostic
from skillkit.transcripts.clue import Clue
from skillkit.transcripts.model import Message


@dataclass(frozen=True)
class TranscriptFormat:
    name: str
    sniff: Callable[[Clue], int]
    read: Callable[[str, str, list[Diagnostic]], tuple[Message, ...]]


def _format(module: ModuleType) -> TranscriptFormat:
    return TranscriptFormat(module.NAME, module.sniff, module.read)


FORMATS: tuple[TranscriptFormat, ...] = (
    _format(openai),
    _format(sillytavern),
    _format(yaml_form),  # last: it takes anything (strength 1)
)
BY_NAME = {f.name: f for f in FORMATS}


def sniffed(text: str) -> TranscriptFormat:
    """The format the content says it is (never none: the YAML form takes anything)."""
    return strongest(Clue(text))


def strongest(clue: Clue) -> TranscriptFormat:
    """The format whose sniff of `clue` is strongest (ties: the earlier in FORMATS)."""
    strength, _, best = max((f.sniff(clue), -i, f) for i, f in enumerate(FORMATS))
    return best
