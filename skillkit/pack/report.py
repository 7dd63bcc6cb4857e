"""What pack, verify and unpack tell people (Rich text) and machines (JSON, never through Rich)."""

from __future__ import annotations

import json
from typing import Any, TextIO

from skillkit.core.paths import shown
from skillkit.pack.agent_skills import Exported
from skillkit.pack.build import Packed
from skillkit.pack.safety import Problem
from skillkit.pack.targets import Placed
from skillkit.pack.unpack import Unpacked
from skillkit.pack.verify import Verified
from skillkit.reporters.text import console_for, plural, wants_color


class Printer:
    """Lines with an optional style: through Rich when colour is wanted (a terminal, unless
    NO_COLOR; or --color always), written plainly otherwise, so piped output pays no Rich import."""

    def __init__(self, out: TextIO, color: bool | None) -> None:
        self.out = out
        self.console = None
        if wants_color(out, color):
            self.console = console_for(out, True)

    def print(self, *parts: str | tuple[str, str]) -> None:
        """Each part is text, or (text, style); one line, whatever names from the pack it quotes
        (a manifest's name, an entry's path): control characters are shown escaped."""
        parts = tuple(shown(p) if isinstance(p, str) else (shown(p[0]), p[1]) for p in parts)
        if self.console is None:
            self.out.write("".join(p if isinstance(p, str) else p[0] for p in parts) + "\n")
            return
        from rich.text import Text

        line = Text()
        for part in parts:
            line.append(*(part,) if isinstance(part, str) else part)
        self.console.print(line)


def title(name: str | None, version: str | int | None) -> str:
    """`NAME VERSION: ` to put before a count, or nothing for a pack without a name."""
    if name is None:
        return ""
    return f"{name}: " if version is None else f"{name} {version}: "


def packed(result: Packed, out: TextIO, color: bool | None) -> None:
    manifest = result.manifest
    printer = Printer(out, color)
    printer.print((f"packed {title(manifest.name, manifest.version)}{plural(len(manifest.files), 'file')}, "
                   f"{plural(len(manifest.skills), 'skill')} -> {result.output.as_posix()} ({result.size:,} bytes)",
                   "green"))
    printer.print(f"sha256 {result.sha256}")
    if result.signed:
        printer.print("signed: the manifest's signature is in skillkit-manifest.json.sig")


def exported(results: list[Exported], out: TextIO, color: bool | None) -> None:
    printer = Printer(out, color)
    for item in results:
        printer.print((f"wrote {item.output.as_posix()} ({plural(item.files, 'file')})", "green"))
        reduction = item.reduction
        if reduction.moved:
            printer.print(f"  kept under metadata: {', '.join(reduction.moved)}")
        if reduction.converted:
            printer.print(f"  rewritten to the spec's form: {', '.join(reduction.converted)}")
        if reduction.dropped:
            printer.print((f"  dropped: {', '.join(f'{key} ({why})' for key, why in reduction.dropped)}", "yellow"))


def placed(results: list[Placed], out: TextIO, color: bool | None) -> None:
    """`pack --target CLIENT`: each skill folder written, and what was changed for the client."""
    printer = Printer(out, color)
    for item in results:
        printer.print((f"wrote {item.output.as_posix()}/ ({plural(item.files, 'file')})", "green"))
        reduction = item.reduction
        if reduction.moved:
            printer.print(f"  kept under metadata: {', '.join(reduction.moved)}")
        for line in reduction.spelled:
            printer.print(f"  {line}")
        if item.rewrote:
            printer.print(f"  wrote {', '.join(item.rewrote)}")
        if reduction.converted:
            printer.print(f"  rewritten to the client's form: {', '.join(reduction.converted)}")
        for why, keys in _by_reason(reduction.dropped):
            printer.print((f"  dropped ({why}): {', '.join(keys)}", "yellow"))
        for intent, why in reduction.unsaid:
            printer.print((f"  cannot say {intent}: {why}", "yellow"))


def _by_reason(dropped: tuple[tuple[str, str], ...]) -> list[tuple[str, list[str]]]:
    """Dropped keys grouped by why, in the order each reason first comes."""
    groups: dict[str, list[str]] = {}
    for key, why in dropped:
        groups.setdefault(why, []).append(key)
    return list(groups.items())


def placed_json(results: list[Placed], out: TextIO) -> None:
    """`pack --target CLIENT --format json`: each skill folder written and what changed."""
    folders = [{"name": item.name, "wrote": item.output.as_posix(), "files": item.files,
                "keptUnderMetadata": list(item.reduction.moved), "converted": list(item.reduction.converted),
                "dropped": [{"field": key, "why": why} for key, why in item.reduction.dropped],
                "spelled": list(item.reduction.spelled), "rewrote": list(item.rewrote),
                "unsaid": [{"intent": intent, "why": why} for intent, why in item.reduction.unsaid]}
               for item in results]
    out.write(json.dumps({"wrote": folders}, indent=2, ensure_ascii=False) + "\n")


def problem_lines(problems: tuple[Problem, ...], out: TextIO, color: bool | None) -> None:
    printer = Printer(out, color)
    for problem in problems:
        printer.print((f"{problem.path or '(pack)'}:", "bold"), (f" {problem.kind}:", "red"), f" {problem.message}")


def verified_text(result: Verified, out: TextIO, color: bool | None) -> None:
    problem_lines(result.problems, out, color)
    printer = Printer(out, color)
    if result.ok and result.manifest is not None:
        manifest = result.manifest
        printer.print((f"ok: {title(manifest.name, manifest.version)}{plural(len(manifest.files), 'file')} "
                       f"match the manifest of {result.path}", "green"))
        printer.print(signed_line(result))
    else:
        refused = ("its signature is refused" if all(p.kind == "signature" for p in result.problems)
                   else "the pack does not match its manifest")
        printer.print((f"{result.path}: {plural(len(result.problems), 'problem')}; {refused}", "bold red"))


def signed_line(result: Verified) -> str:
    check = result.signature
    if check is not None and check.ok:
        return f"signed by {check.signer}" + (f" ({check.key})" if check.key else "")
    return "signed, signature not checked (no --allowed-signers)" if result.signed else "not signed"


def verified_json(result: Verified, out: TextIO) -> None:
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


def unpacked(result: Unpacked, out: TextIO, color: bool | None) -> None:
    manifest = result.verified.manifest
    name = title(manifest.name, manifest.version) if manifest else ""
    Printer(out, color).print((f"unpacked {name}{plural(result.files, 'file')} into {result.dest.as_posix()}",
                               "green"))


def packed_json(result: Packed, out: TextIO) -> None:
    """`pack --format json`: what was written, its sha256 and size, and every file in it."""
    manifest = result.manifest
    payload = {"wrote": result.output.as_posix(), "sha256": result.sha256, "size": result.size,
               "name": manifest.name, "version": manifest.version,
               "skills": len(manifest.skills), "files": [f.as_json() for f in manifest.files]}
    out.write(json.dumps(payload, indent=2, ensure_ascii=False) + "\n")


def exported_json(results: list[Exported], out: TextIO) -> None:
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
