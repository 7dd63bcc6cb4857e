"""How values cross to and from the worker pool (core/parallel.py), kept out of the domain types.

The pool pickles what it sends and what comes back; the types themselves carry no pickling
hooks (no `__reduce__`), so a reader of `Diagnostic` or `SkillDoc` sees only what they mean.
What the pool needs is registered here, once, with `copyreg` (the table pickle and
multiprocessing's pickler both consult before a type's own reduction):

- `Diagnostic` and `SplitDocument` as constructor calls: a frozen slots dataclass otherwise
  unpickles through dataclasses' Python-level `__setstate__`, slower for the thousands a run
  sends back. A `StoredSplit` (a body read on first use) goes as the plain SplitDocument it
  stands for.
- `LeanSplit` without its body: the process reading every result reads a body again only if a
  workspace rule asks (core/stored_body.py says when).
- `Registry` by name: a rule's check function was replaced by its `Rule` when decorated, so it
  cannot be pickled by reference; the worker imports the registry from `source` instead.

lint's cache holds no pickle (core/cache_format.py)."""

from __future__ import annotations

import copyreg
import importlib
from typing import Any

from skillkit.core.diagnostics import Diagnostic
from skillkit.core.frontmatter import SplitDocument
from skillkit.core.rulebase import Registry
from skillkit.core.stored_body import LeanSplit, StoredSplit


def registry_at(source: str) -> Registry:
    """The registry a `Registry.source` names (`"skillkit.rules:RULESET"`)."""
    module, _, attribute = source.partition(":")
    registry = getattr(importlib.import_module(module), attribute)
    assert isinstance(registry, Registry)
    return registry


def _diagnostic(d: Diagnostic) -> tuple[Any, ...]:
    return Diagnostic, (d.path, d.line, d.column, d.rule, d.severity, d.message)


def _split(s: SplitDocument) -> tuple[Any, ...]:
    return SplitDocument, (s.yaml_text, s.body, s.body_line)


def _lean(s: LeanSplit) -> tuple[Any, ...]:
    return LeanSplit, (s.body_line, s.file, s.stamp)


def _registry(r: Registry) -> tuple[Any, ...]:
    return registry_at, (r.source,)


copyreg.pickle(Diagnostic, _diagnostic)
copyreg.pickle(SplitDocument, _split)
copyreg.pickle(StoredSplit, _split)
copyreg.pickle(LeanSplit, _lean)
copyreg.pickle(Registry, _registry)
