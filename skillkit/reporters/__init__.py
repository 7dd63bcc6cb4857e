"""Reporters: one module per output format of a command, chosen through that command's registry
in reporters/formats.py. Only the text formats touch Rich."""

from skillkit.reporters.formats import LINT

# lint's reporters by format name, for code that looked them up here (the registry is LINT)
REPORTERS = {entry.name: entry for entry in LINT}
