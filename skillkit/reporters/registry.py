"""A command's output formats, as data: the `--format` choices are built from its registry
(reporters/formats.py), and the command prints by looking the chosen name up, never by if/elif.

A `Reporter` names its module and function rather than holding the function: the module is
imported only when its format is chosen (a pre-commit run of `lint` never loads Rich, which
only the text formats use)."""

from __future__ import annotations

import enum
import importlib
from collections.abc import Callable
from typing import Any

import msgspec


class Reporter(msgspec.Struct, frozen=True):
    name: str  # the --format value
    module: str  # imported on use
    machine: bool  # json, sarif, github, html: never through Rich, paths relative to the repository's top
    function: str = "report"  # the module's function; its signature is the command's (reporters/formats.py)

    def load(self, function: str | None = None) -> Callable[..., Any]:
        """The module's `function` (by default the entry's own)."""
        return getattr(importlib.import_module(self.module), function or self.function)


def choices(name: str, reporters: tuple[Reporter, ...]) -> type[enum.Enum]:
    """The `--format` enum of a command: a str Enum of the registry's names, in its order (the
    order `--help` lists them). A member's name is its value with `-` as `_`."""
    return enum.Enum(name, [(r.name.replace("-", "_"), r.name) for r in reporters], type=str)  # type: ignore[return-value]


def reporter(reporters: tuple[Reporter, ...], name: str) -> Reporter:
    """The registered reporter of that name (the CLI's enum lets through only these)."""
    for entry in reporters:
        if entry.name == name:
            return entry
    raise KeyError(name)


def load(reporters: tuple[Reporter, ...], name: str) -> Callable[..., Any]:
    """The function printing format `name`."""
    return reporter(reporters, name).load()
