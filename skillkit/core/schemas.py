"""Generated artifacts: JSON Schemas and the field reference, plus the validators lint uses.

The committed files under schemas/ are what the linter loads, so a test that regenerates
them and compares (`skillkit schema --check`) is what keeps code and files in step.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
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
    files = {KINDS[name].schema_id(): schema_text(name) for name in KINDS}
    files[FIELD_DOC] = field_doc_text()
    return files


def drift(folder: Path) -> list[str]:
    """File names whose committed copy in `folder` differs from what the registry generates."""
    stale = []
    for name, text in generated().items():
        target = folder / name
        if not target.is_file() or target.read_text(encoding="utf-8") != text:
            stale.append(name)
    known = set(generated())
    stale.extend(sorted(p.name for p in folder.glob("*.schema.json") if p.name not in known))
    return stale


@cache
def validator(kind_name: str) -> Validator:
    """One prebuilt Draft 2020-12 validator per kind (building it is the expensive part)."""
    from jsonschema import Draft202012Validator

    path = data_dir("schemas") / KINDS[kind_name].schema_id()
    schema: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return Draft202012Validator(schema)
