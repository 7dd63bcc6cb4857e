"""What lint's YAML reader makes of a drafted frontmatter, known without parsing it.

`yamlemit.frontmatter` writes a fixed shape: comment lines, then one `key: value` line per
field, each value a scalar or a flow list of scalars on that line. So where each key and value
starts, and what it reads as, follows from the values and their written forms: lint's parser
(core/yamlparse.py, libyaml events) would only find it again, which was the largest part of
linting what `skillkit import` wrote. `tests/authoring/test_import_known.py` holds this to the
parser on every draft of a large book and on generated values; any value of another shape
(a float, a nested list, a key YAML would not read as itself) is left to the parser (None).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from skillkit.authoring.yamlemit import scalar
from skillkit.core.frontmatter import SplitDocument
from skillkit.core.yamlparse import JsonPath, ParsedYaml

FIRST_YAML_LINE = 2  # the file's line 1 is the opening `---`


def drafted_yaml(split: SplitDocument, fields: Mapping[str, Any]) -> ParsedYaml | None:
    """parse_yaml(split.yaml_text, path, line_offset=1) for a frontmatter `yamlemit.frontmatter`
    wrote from `fields`, or None when a value is not of the shapes worked out here."""
    lines = split.yaml_text.split("\n")[:-1]  # each YAML line ends with its newline
    first = len(lines) - len(fields)  # the comment lines come first
    if first < 0 or not fields or any(not line.startswith("#") for line in lines[:first]):
        return None
    data: dict[str, Any] = {}
    positions: dict[JsonPath, tuple[int, int]] = {(): (first + FIRST_YAML_LINE, 1)}
    keys: dict[JsonPath, tuple[int, int]] = {}
    for index, (key, value) in enumerate(fields.items()):
        number, lead = first + index + FIRST_YAML_LINE, f"{key}: "
        if not isinstance(key, str) or scalar(key) != key or not lines[first + index].startswith(lead):
            return None  # a key YAML would read as something else, or not the line written
        keys[(key,)] = (number, 1)
        column = len(lead) + 1
        positions[(key,)] = (number, column)
        if isinstance(value, (list, tuple)):
            if not all(isinstance(item, str) for item in value):
                return None
            at = column + 1  # past `[`
            for item_index, item in enumerate(value):
                positions[(key, item_index)] = (number, at)
                at += len(scalar(item)) + len(", ")
            data[key] = list(value)
        elif isinstance(value, (str, bool, int)):  # (bool is an int: `true`, `false`)
            data[key] = value
        else:
            return None
    return ParsedYaml(data=data, positions=positions, key_positions=keys)
