"""Reporters: one module per output format of a command, chosen through that command's registry
in reporters/formats.py. Only the text formats touch Rich."""
