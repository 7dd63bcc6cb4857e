"""Size limits for transcripts: a hostile or accidental file costs bounded time and memory."""

from __future__ import annotations

# Real chats are a few MB; a 2,000-turn roleplay export is about 5 MB.
MAX_TRANSCRIPT_BYTES = 64 * 1024 * 1024
MAX_MESSAGES = 200_000
