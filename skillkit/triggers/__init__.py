"""Trigger matching: JavaScript regex triggers translated for the `regex` module (jsregex)."""
