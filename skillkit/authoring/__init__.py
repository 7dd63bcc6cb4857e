"""Authoring: `skillkit new` (a skill folder from templates) and `skillkit import` (lorebook
entries from SillyTavern World Info files and character cards, as skill folders)."""
