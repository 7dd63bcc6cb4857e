"""What pack and verify tell machines (`--format json`, never through Rich): the functions of
reporters/pack_text.py, by the same names, as JSON documents."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from skillkit.pack.agent_skills import Exported
    from skillkit.pack.build import Packed
    from skillkit.pack.targets import Placed
    from skillkit.pack.verify import Verified


def packed(result: Packed, out: TextIO, color: bool | None = None) -> None:
    """`pack --format json`: what was written, its sha256 and size, and every file in it."""
    manifest = result.manifest
    payload = {"wrote": result.output.as_posix(), "sha256": result.sha256, "size": result.size,
               "name": manifest.name, "version": manifest.version,
               "skills": len(manifest.skills), "files": [f.as_json() for f in manifest.files]}
    out.write(json.dumps(payload, indent=2, ensure_ascii=False) + "\n")


def exported(results: list[Exported], out: TextIO, color: bool | None = None) -> None:
    """`pack --target agent-skills --format json`: each .skill written, its sha256 and what changed."""
    from skillkit.pack.build import hash_file

    uploads = []
    for item in results:
        sha256, size, _ = hash_file(item.output)
        uploads.append({"name": item.name, "wrote": item.output.as_posix(), "sha256": sha256, "size": size,
                        "files": item.files, "keptUnderMetadata": list(item.reduction.moved),
                        "converted": list(item.reduction.converted),
                        "dropped": [{"field": key, "why": why} for key, why in item.reduction.dropped]})
    out.write(json.dumps({"wrote": uploads}, indent=2, ensure_ascii=False) + "\n")


def placed(results: list[Placed], out: TextIO, color: bool | None = None) -> None:
    """`pack --target CLIENT --format json`: each skill folder written and what changed."""
    folders = [{"name": item.name, "wrote": item.output.as_posix(), "files": item.files,
                "keptUnderMetadata": list(item.reduction.moved), "converted": list(item.reduction.converted),
                "dropped": [{"field": key, "why": why} for key, why in item.reduction.dropped],
                "spelled": list(item.reduction.spelled), "rewrote": list(item.rewrote),
                "unsaid": [{"intent": intent, "why": why} for intent, why in item.reduction.unsaid]}
               for item in results]
    out.write(json.dumps({"wrote": folders}, indent=2, ensure_ascii=False) + "\n")


def verified(result: Verified, out: TextIO, color: bool | None = None, quiet: bool = False) -> None:
    manifest = result.manifest
    check = result.signature
    payload: dict[str, Any] = {
        "pack": result.path, "ok": result.ok,
        "name": manifest.name if manifest else None, "version": manifest.version if manifest else None,
        "files": len(manifest.files) if manifest else None,
        "signed": result.signed,
        "signer": check.signer if check is not None and check.ok else None,
        "signerKey": check.key if check is not None and check.ok else None,
        "problems": [p.as_json() for p in result.problems],
    }
    out.write(json.dumps(payload, indent=2, ensure_ascii=False) + "\n")

