"""The settings kind as the registry completes it: the keys of an option group (`budgets`) are
the options the rules declare in their own modules (`Option`, core/rulebase.py), so a rule's
setting is written once, beside the rule, and the settings schema and field docs follow it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from skillkit.core.fields.base import DocumentKind
from skillkit.core.fields.workspace_kinds import OPTION_GROUP, SETTINGS

if TYPE_CHECKING:
    from skillkit.core.rulebase import Registry


def settings_kind(registry: Registry) -> DocumentKind:
    """SETTINGS with the option group's properties from the registry's options, keys sorted."""
    options = registry.options
    for path in options:
        if len(path) != 2 or path[0] != OPTION_GROUP:
            raise ValueError(f"a rule option lives under `{OPTION_GROUP}.<key>`, not at {'.'.join(path)}")
    properties = {path[1]: options[path].schema for path in sorted(options)}
    fields = tuple(msgspec.structs.replace(f, schema={**f.schema, "properties": properties}) if f.name == OPTION_GROUP else f
                   for f in SETTINGS.fields)
    return msgspec.structs.replace(SETTINGS, fields=fields)


def completed_kinds(registry: Registry) -> dict[str, DocumentKind]:
    """Every kind, the settings one completed from the registry: what `skillkit schema` writes."""
    from skillkit.core.fields import KINDS

    return {name: settings_kind(registry) if name == SETTINGS.name else kind for name, kind in KINDS.items()}
