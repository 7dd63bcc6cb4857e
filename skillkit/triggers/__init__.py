"""Trigger matching (ARCHITECTURE.md, Contracts: triggers): JavaScript regex triggers
translated for the `regex` module (jsregex), plain lorebook keys (plain), a turn's scan text
(scan), and the matcher that scans each message once for every skill (matcher, session) with
its straightforward oracle (reference); macros (`{{user}}`, scene variables), replaced in
triggers before they match and in prompt text when the studio renders it."""
