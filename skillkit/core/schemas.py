"""Generated artifacts: JSON Schemas and the field reference, plus the validators lint uses.

The committed files under schemas/ are what the linter loads, so a test that regenerates
them and compares (`skillkit schema --check`) is what keeps code and files in step.
"""

from __future__ import annotations

import json
import re
from functools import cache
from typing import TYPE_CHECKING, Any

from skillkit.core.fields import KINDS
from skillkit.core.resources import data_dir

if TYPE_CHECKING:
    from jsonschema.protocols import Validator

FIELD_DOC = "fields.skill.md"


def schema_text(kind_name: str) -> str:
    return json.dumps(KINDS[kind_name].json_schema(), indent=2, ensure_ascii=False) + "\n"


def field_doc_text() -> str:
    import jinja2  # only `skillkit schema` needs it; keep it off lint's start-up path

    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(data_dir("templates"))),
                             keep_trailing_newline=True, autoescape=False)
    template = env.get_template("fields.skill.md.j2")
    return template.render(kinds=list(KINDS.values()), dumps=lambda v: json.dumps(v, ensure_ascii=False))


def generated() -> dict[str, str]:
    """Every generated file under schemas/, by file name."""
    from skillkit.core.fields.reports import REPORTS, report_schema

    files = {KINDS[name].schema_id(): schema_text(name) for name in KINDS}
    for stem in REPORTS:  # what the commands print for machines
        files[f"{stem}.schema.json"] = json.dumps(report_schema(stem), indent=2, ensure_ascii=False) + "\n"
    files[FIELD_DOC] = field_doc_text()
    return files


# Our patterns hold `$` only as an anchor (never escaped, never inside a class).
_END_ANCHOR = re.compile(r"(?<!\\)\$")


@cache
def _ecma_pattern(pattern: str) -> re.Pattern[str]:
    """JSON Schema patterns are ECMA-262 regexes, where `$` (no `m` flag) is the end of the text.
    Python's `$` also matches before a final newline, which let `name: |` (`"c\\n"`) pass."""
    return re.compile(_END_ANCHOR.sub(r"\\Z", pattern))


def _pattern(validator: Any, pattern: str, instance: Any, schema: dict[str, Any]) -> Any:
    from jsonschema import ValidationError

    if validator.is_type(instance, "string") and not _ecma_pattern(pattern).search(instance):
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


def _integer(checker: Any, instance: Any) -> bool:
    """YAML tells `2` from `2.0`: a float where an integer belongs (`version: 1.0`, which an
    author likely meant as a version string) is a type error, never silently taken as 1."""
    return isinstance(instance, int) and not isinstance(instance, bool)


@cache
def validator(kind_name: str) -> Validator:
    """One prebuilt Draft 2020-12 validator per kind (building it is the expensive part)."""
    from jsonschema import Draft202012Validator, validators

    path = data_dir("schemas") / KINDS[kind_name].schema_id()
    schema: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    strict = validators.extend(Draft202012Validator, validators={"pattern": _pattern},
                               type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", _integer))
    return strict(schema)  # type: ignore[no-any-return]
