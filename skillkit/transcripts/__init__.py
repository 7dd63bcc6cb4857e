"""Chat transcripts: OpenAI-style JSON, SillyTavern chat JSONL and skillkit's YAML form, read
into one model (messages with their tool calls, continue and swipe events)."""

from skillkit.transcripts.detect import load_transcript, parse_transcript
from skillkit.transcripts.model import Event, Message, ToolCall, Transcript

__all__ = ["Event", "Message", "ToolCall", "Transcript", "load_transcript", "parse_transcript"]
