"""Signed packs: an OpenSSH signature of the manifest, stored in the pack beside it.

`ssh-keygen -Y sign` (namespace `skillkit`) signs the manifest's bytes; the armored signature
is the pack's second entry, SIGNATURE_NAME. The manifest lists every other file's sha256, so
the signature vouches for the whole pack, and the manifest being byte-identical from the same
sources (and Ed25519 signatures deterministic) keeps a signed pack reproducible too.
Checking: `ssh-keygen -Y find-principals` names who holds the key in an allowed-signers file,
`ssh-keygen -Y verify` proves the signature for that principal. Offline, no keys handled
here: OpenSSH's own tool does the cryptography, as `git` does for SSH-signed commits.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from skillkit.core.errors import InputError, UsageError

SIGNATURE_NAME = "skillkit-manifest.json.sig"
NAMESPACE = "skillkit"
MAX_SIGNATURE = 64 * 1024  # an armored SSH signature is under 1 KB; a bigger entry is not one
CHECK_TIMEOUT = 60         # seconds for one ssh-keygen check (no prompt can happen there)


@dataclass(frozen=True)
class SignatureCheck:
    ok: bool
    signer: str | None  # the principal the allowed-signers file names for the key
    key: str | None     # the key's fingerprint, as ssh-keygen prints it (`ED25519 key SHA256:...`)
    message: str        # what went wrong, for a refused check


def ssh_keygen() -> str:
    found = shutil.which("ssh-keygen")
    if found is None:
        raise UsageError("signing and checking signatures need OpenSSH's ssh-keygen, which is not on PATH "
                         "(Debian: apt-get install openssh-client)")
    return found


def _last_line(text: bytes) -> str:
    lines = [line for line in text.decode("utf-8", "replace").splitlines() if line.strip()]
    return lines[-1].strip() if lines else "no reason given"


def sign(manifest: bytes, key: Path) -> bytes:
    """The armored signature of `manifest` by the private key at `key` (or the agent's key
    for a public key file). A passphrase, if any, is asked by ssh-keygen on the terminal."""
    if not key.is_file():
        raise InputError("no such key file", str(key))
    done = subprocess.run([ssh_keygen(), "-Y", "sign", "-f", str(key), "-n", NAMESPACE], input=manifest,
                          capture_output=True, check=False)
    if done.returncode != 0 or not done.stdout.startswith(b"-----BEGIN SSH SIGNATURE-----"):
        raise InputError(f"cannot sign with this key: {_last_line(done.stderr)}", str(key))
    return done.stdout


def check(manifest: bytes, signature: bytes | None, allowed_signers: Path) -> SignatureCheck:
    """Whether `signature` is a good `skillkit` signature of `manifest` by a key in the file."""
    if not allowed_signers.is_file():
        raise InputError("no such allowed-signers file", str(allowed_signers))
    if signature is None:
        return SignatureCheck(False, None, None, f"the pack is not signed (no {SIGNATURE_NAME}); "
                              "--allowed-signers asks for a signature")
    tool = ssh_keygen()
    with tempfile.TemporaryDirectory(prefix="skillkit-verify-") as folder:
        sig = Path(folder) / SIGNATURE_NAME
        sig.write_bytes(signature)
        found = _run([tool, "-Y", "find-principals", "-s", str(sig), "-f", str(allowed_signers)], b"")
        principals = [p for p in found.stdout.decode("utf-8", "replace").splitlines() if p.strip()]
        if found.returncode != 0 or not principals:
            return SignatureCheck(False, None, None, f"signed by a key that {allowed_signers} does not allow "
                                  f"({_last_line(found.stderr)})")
        failure = "no reason given"
        for principal in principals:
            done = _run([tool, "-Y", "verify", "-f", str(allowed_signers), "-I", principal, "-n", NAMESPACE,
                         "-s", str(sig)], manifest)
            if done.returncode == 0:
                return SignatureCheck(True, principal, _fingerprint(done.stdout + done.stderr), "")
            failure = _last_line(done.stderr or done.stdout)
    return SignatureCheck(False, None, None, f"the signature does not match the manifest ({failure})")


def _run(command: list[str], data: bytes) -> subprocess.CompletedProcess[bytes]:
    try:
        return subprocess.run(command, input=data, capture_output=True, check=False, timeout=CHECK_TIMEOUT)
    except subprocess.TimeoutExpired as exc:
        raise InputError(f"ssh-keygen did not answer within {CHECK_TIMEOUT} s", command[0]) from exc


def _fingerprint(output: bytes) -> str | None:
    """`ED25519 key SHA256:...` from ssh-keygen's `Good "skillkit" signature for X with ED25519 key SHA256:...`."""
    text = output.decode("utf-8", "replace")
    at = text.find(" with ")
    return text[at + 6:].strip().splitlines()[0] if at >= 0 else None
