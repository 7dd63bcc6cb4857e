"""Every SARIF log the suite produces is checked against the official SARIF 2.1.0 schema
(tests/data/sarif-schema-2.1.0.json, see tests/data/README.md): run_cli calls `check_run`."""

from __future__ import annotations

import functools
import json
import os
from pathlib import Path
from typing import Any, Sequence

SCHEMA = Path(__file__).resolve().parent / "data" / "sarif-schema-2.1.0.json"


@functools.lru_cache(maxsize=1)
def _validator() -> Any:
    from jsonschema import Draft4Validator

    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    return Draft4Validator(schema, format_checker=Draft4Validator.FORMAT_CHECKER)


def validate_sarif(text: str) -> dict[str, Any]:
    """The log, after it passed the official schema (raises jsonschema's ValidationError)."""
    log = json.loads(text)
    _validator().validate(log)
    return log  # type: ignore[no-any-return]


def check_run(args: Sequence[str | os.PathLike[str]], stdout: str, cwd: Path | None) -> None:
    """When a command line asked lint for SARIF, validate what it wrote (stdout or -o FILE)."""
    words = [str(a) for a in args]
    asked = any(w in ("--format", "-f") and words[i + 1:i + 2] == ["sarif"] for i, w in enumerate(words)) or \
        "--format=sarif" in words
    if not asked:
        return
    target = next((words[i + 1] for i, w in enumerate(words[:-1]) if w in ("-o", "--output", "--output-file")), None)
    if target is not None:
        path = Path(target) if os.path.isabs(target) or cwd is None else cwd / target
        if path.is_file():
            validate_sarif(path.read_text(encoding="utf-8"))
        return
    if stdout.strip():
        validate_sarif(stdout)
