"""`skillkit pack`, `skillkit verify`, `skillkit unpack`: release packs, thin over skillkit.pack."""

from __future__ import annotations

import enum
import sys
from pathlib import Path
from typing import Optional

import typer

from skillkit.cli.common import COLOR_OPTION, CONFIG_OPTION, Color, format_option, output_option, progress_bar


def _target_names() -> dict[str, str]:
    """`zip`, then every client id of the registry (`agent-skills` among them)."""
    from skillkit.clients import IDS

    return {"zip": "zip", **{client.replace("-", "_"): client for client in IDS}}


Target = enum.Enum("Target", _target_names(), type=str)  # type: ignore[misc]


class VerifyFormat(str, enum.Enum):
    text = "text"
    json = "json"


def pack(
    workspace: Path = typer.Argument(Path("."), help="The workspace folder. Default: the current folder."),
    output: Path = output_option("The pack file to write; with --target CLIENT, the folder that receives each "
                                 "skill as that client reads it (`<name>.skill` uploads for agent-skills and "
                                 "claude-api)", required=True),
    target: Target = typer.Option(Target.zip, "--target", "-t", case_sensitive=False,
                                  help="zip: one reproducible pack with its manifest; agent-skills: .skill "
                                  "uploads for claude.ai and other Agent Skills clients; a client id "
                                  "(claude-code, codex, opencode, ...): each skill in the folder that client "
                                  "loads, its keys and intents spelled the client's way, its limits checked."),
    config: Optional[Path] = CONFIG_OPTION,
    sign: Optional[Path] = typer.Option(None, "--sign", metavar="KEY",
                                        help="Sign the manifest with this OpenSSH private key (`ssh-keygen -Y sign`, "
                                        "namespace skillkit); the signature is stored in the pack."),
    format: VerifyFormat = format_option(VerifyFormat.text, "text for people; json (what was written, its sha256 "
                                         "and files) for machines"),
    color: Color = COLOR_OPTION,
) -> None:
    """Pack a workspace into a reproducible release zip (or .skill uploads, or skill folders for a client).

    The workspace is linted (its own settings and profile) and its references resolved
    first; any error refuses the pack and nothing is written. Entries are the workspace's
    files less `__pycache__`, `*.pyc`, `.DS_Store`, `node_modules`, `.git`, earlier packs,
    the settings' `exclude` and every `.skillignore` (gitignore syntax). Links are refused.
    The pack's first entry, `skillkit-manifest.json`, lists each file's sha256. The same
    sources give the same bytes: times are SOURCE_DATE_EPOCH (or 1980-01-01), modes 0644/0755.
    `--sign KEY` adds `skillkit-manifest.json.sig`, an OpenSSH signature of the manifest (an
    Ed25519 key signs deterministically, so a signed pack is reproducible too).

    `--target CLIENT` writes each skill as that client reads it: under the folder it loads
    (`.claude/skills/<name>/` for claude-code, `.agents/skills/<name>/` for codex,
    `.opencode/skills/<name>/` for opencode, ...), with the keys it reads, each intent in its
    spelling (`disable-model-invocation: true` becomes Codex's `policy.allow_implicit_invocation:
    false` in `agents/openai.yaml`), other keys kept under `metadata` or dropped, all reported.
    The client's limits are checked as lint's `client-limit` (`lint --target CLIENT`); a
    skill folder that already exists is never written over.

    Exit 0 written, 1 refused (workspace errors, a client's limit, a link, a file changed while
    packing), 2 usage errors and paths that cannot be read or written.

    Examples: `skillkit pack -o dist/skills.zip`,
    `skillkit pack fixtures/workspace --target agent-skills -o dist/skills/`,
    `skillkit pack fixtures/workspace --target codex -o dist/codex/`.
    """
    from skillkit.cli.common import print_diagnostics_to_stderr

    if sign is not None and target is not Target.zip:
        raise typer.BadParameter(f"--sign signs a zip pack's manifest; --target {target.value} has none",
                                 param_hint="--sign")
    clients = None if target in (Target.zip, Target.agent_skills) else (target.value,)
    prepared = _prepared(workspace, config, clients)
    if prepared.errors:
        print_diagnostics_to_stderr(list(prepared.errors))
        typer.echo(f"skillkit: pack refused: {len(prepared.errors)} error(s) in the workspace; nothing was written",
                   err=True)
        raise typer.Exit(1)
    if prepared.packing:  # lint cannot list these: only the pack leaves files out
        print_diagnostics_to_stderr(list(prepared.packing))
    if prepared.diagnostics:
        lister = "skillkit lint" + (f" --target {target.value}" if clients else "")
        typer.echo(f"note: {len(prepared.diagnostics)} warning(s) or info(s) in the workspace; "
                   f"`{lister}` lists them", err=True)
    tick, close = progress_bar("Packing")
    try:
        _write(prepared, output, target.value, sign, format is VerifyFormat.json, color, tick)
    finally:
        close()
    raise typer.Exit(0)


def _prepared(workspace: Path, config: Optional[Path], clients: Optional[tuple[str, ...]]):  # type: ignore[no-untyped-def]
    from skillkit.pack.preflight import prepare

    tick, close = progress_bar("Checking")
    try:
        return prepare(workspace, config, tick, targets=clients)
    finally:
        close()


def _write(prepared, output: Path, target: str, sign: Optional[Path], as_json: bool,  # type: ignore[no-untyped-def]
           color: Color, tick) -> None:
    """Write what `--target` asks for and report it."""
    from skillkit.clients import BY_ID
    from skillkit.pack import report

    if target == "zip":
        from skillkit.pack.build import build_pack
        from skillkit.pack.signing import sign as ssh_sign

        key = sign
        signer = (lambda manifest: ssh_sign(manifest, key)) if key is not None else None
        packed = build_pack(prepared, output, tick, signer)
        report.packed_json(packed, sys.stdout) if as_json else report.packed(packed, sys.stdout, color.flag())
    elif BY_ID[target].packaging.form == "upload":
        from skillkit.pack.agent_skills import export_skills

        exported = export_skills(prepared, output, tick)
        report.exported_json(exported, sys.stdout) if as_json else report.exported(exported, sys.stdout, color.flag())
    else:
        from skillkit.pack.targets import write_for_client

        placed = write_for_client(prepared, output, BY_ID[target], tick)
        report.placed_json(placed, sys.stdout) if as_json else report.placed(placed, sys.stdout, color.flag())


def verify(
    file: Path = typer.Argument(..., help="The pack (zip) to check."),
    format: VerifyFormat = format_option(VerifyFormat.text, "text for people; json for machines"),
    allowed_signers: Optional[Path] = typer.Option(None, "--allowed-signers", metavar="FILE",
                                                   help="Require the manifest signed by a key in this OpenSSH "
                                                   "allowed-signers file (`principal ssh-ed25519 AAAA...` lines)."),
    color: Color = COLOR_OPTION,
) -> None:
    """Check every entry of a pack against its manifest.

    Each file's sha256, size and executable bit must match, nothing may be missing or extra;
    unsafe names, links and zip-bomb sizes are refused before anything is decompressed.
    With `--allowed-signers FILE` the manifest's signature must be good and by a key the file
    allows (`ssh-keygen -Y find-principals` and `-Y verify`), and the signer is named; a pack
    without a signature is then refused. Without it, signed and unsigned packs both verify.

    Exit 0 the pack matches its manifest, 1 any mismatch (each one named), 2 a file that is
    not a zip or not a skillkit pack, or cannot be opened.

    Examples: `skillkit verify dist/skills.zip`, `skillkit verify dist/skills.zip --format json`,
    `skillkit verify dist/skills.zip --allowed-signers .github/allowed_signers`.
    """
    from skillkit.pack import report
    from skillkit.pack.verify import verify_pack

    tick, close = progress_bar("Verifying")
    try:
        result = verify_pack(file, progress=tick, allowed_signers=allowed_signers)
    finally:
        close()
    if format is VerifyFormat.json:
        report.verified_json(result, sys.stdout)
    else:
        report.verified_text(result, sys.stdout, color.flag())
    raise typer.Exit(0 if result.ok else 1)


def unpack(
    file: Path = typer.Argument(..., help="The pack (zip) to unpack."),
    dest: Path = typer.Argument(..., help="The folder to recreate the workspace in; made if missing."),
    force: bool = typer.Option(False, "--force", help="Replace DEST when it exists and is not empty (never the "
                               "current folder or one above it, the home folder, / or a checkout)."),
    color: Color = COLOR_OPTION,
) -> None:
    """Verify a pack, then recreate its workspace tree in DEST.

    Nothing is written unless the whole pack verifies. Names that would leave DEST (absolute,
    `..`, drive letters, backslashes), links and absurd sizes or compression ratios are
    refused. Files are written into a temporary folder beside DEST, renamed into place at the
    end. The manifest itself is not written into DEST.

    Exit 0 unpacked, 1 the pack does not verify (each problem named on stderr), 2 usage
    errors: DEST is a non-empty folder without --force (or one --force must not replace), a
    file or a link; or FILE is not a pack or cannot be opened.

    Examples: `skillkit unpack dist/skills.zip release/`, `skillkit unpack dist/skills.zip release/ --force`.
    """
    from skillkit.pack import report
    from skillkit.pack.unpack import unpack_pack

    tick, close = progress_bar("Unpacking")
    try:
        result = unpack_pack(file, dest, force, progress=tick)
    finally:
        close()
    if not result.verified.ok:
        report.problem_lines(result.verified.problems, sys.stderr, color.flag())
        typer.echo(f"skillkit: unpack refused: {file} does not verify; nothing was written", err=True)
        raise typer.Exit(1)
    report.unpacked(result, sys.stdout, color.flag())
    raise typer.Exit(0)
