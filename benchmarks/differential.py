"""The differential of benchmarks/differential.md: skillkit lint on public repositories nobody
tuned it to, every error and warning put in a class and each class judged true or false,
beside the peers' counts on the same checkouts.

Run: python benchmarks/differential.py --repos DIR [--peers]
DIR holds one checkout per repository of _peers.REPOSITORIES, named owner+name. Prints
Markdown: the repositories (discovery recall: every SKILL.md git tracks is checked, or left
out for a reason no client contradicts), skillkit's findings by class with the verdict, and
with --peers each peer's errors and warnings per repository.
"""

from __future__ import annotations

import argparse
import collections
import json
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _peers import REPOSITORIES, checkout, install_peers, measured, skillkit_argv  # noqa: E402

# (rule, a piece of the message or "") -> (class, verdict, why). The first that matches wins.
CLASSES: tuple[tuple[str, str, str, bool, str], ...] = (
    ("references", "links on to", "a page reached only through another", True,
     "the spec and Anthropic's guide: keep references one level deep (Claude may read nested files partly)"),
    ("references", "broken link", "a link outside the skill to nothing", True, "the target does not exist"),
    ("references", "outside the skill", "a link outside the skill", True,
     "the target exists here but does not travel with the skill (an install copies the folder)"),
    ("references", "does not exist", "a link inside the skill to nothing", True, "the target does not exist"),
    ("remote-exec", "", "a download piped into a shell or iex", True,
     "the command runs what it downloads, unchecked (read as a shell reads it)"),
    ("agent-skills-fields", "must be a string", "metadata holds a list or mapping", True,
     "the spec's metadata maps strings to strings; agnix (AS-016) and the reference validator refuse it too"),
    ("agent-skills-fields", "", "metadata typed by YAML (true, 1.0)", True, "clients read it differently"),
    ("allowed-tools-list", "", "allowed-tools as a YAML list", True, "the spec's form is one string"),
    ("unknown-field", "did you mean", "a key one edit from a field", True, "a typo of a field (a warning when that "
     "field is of a world the skill does not use)"),
    ("unknown-field", "", "a key no world defines", True, "unknown keys are a warning by contract"),
    ("body-size", "", "a body over 500 lines or 5,000 tokens", True, "the spec's recommendation"),
    ("invisible-unicode", "", "an invisible format character", True,
     "a reviewer cannot see it (zero-width spaces in scraped documentation, one before a fence)"),
    ("xml-tags", "", "angle brackets in a description", True, "claude.ai's upload refuses < and >"),
    ("name-folder", "", "name differs from its folder", True,
     "the spec requires them equal; agnix, skillcheck, skillsaw and skills-ref say so too"),
    ("description-multiline", "", "a description of several lines", True, "clients fold it"),
    ("secret-leak", "", "a key-shaped example in documentation", True,
     "a warning worded for an example (a vendor's sample key, an API reference's example value)"),
    ("tool-reference", "", "a platform field in a plugin's skill", True,
     "the value breaks the platform's field; a warning there (the skill is a client's, not a platform action)"),
    ("examples-format", "", "a platform field in a plugin's skill", True, "as tool-reference"),
    ("name-format", "is required", "name missing", True,
     "the spec and most clients require it (agnix AS-002, skills-ref and skillcheck agree)"),
    ("name-format", "", "name not of a-z, 0-9, -", True, "the spec's form (skillcheck agrees)"),
    ("fence-unclosed", "", "a fence that never closes", True,
     "CommonMark closes a fence at the first fence of its kind: a nested one ends it, the rest reads as code"),
    ("skill-nested", "", "a SKILL.md inside another skill", True, "clients do not load it"),
    ("upload-limits", "", "over claude.ai's upload limits", True, "200 files, 30 MB"),
    ("frontmatter-missing", "", "a SKILL.md with no frontmatter", True,
     "not a valid skill file (skillcheck and agnix report them too); a build fragment is also said to be "
     "loaded by no client"),
    ("body-length", "", "a platform skill's body over 65,536 characters", True, "the platform's limit"),
    ("yaml-syntax", "", "frontmatter that does not parse", True, "every YAML reader refuses it"),
    ("plugin-hooks", "", "a hook event Claude Code does not know", True, "its hooks never run"),
)


def classify(diagnostic: dict) -> tuple[str, bool, str]:
    for rule, piece, name, verdict, why in CLASSES:
        if diagnostic["rule"] == rule and piece in diagnostic["message"]:
            return name, verdict, why
    return f"{diagnostic['rule']} (unclassified)", False, "not reviewed: counted false until it is"


def recall(folder: Path) -> tuple[int, int, collections.Counter]:
    """(tracked SKILL.md files, those checked, why each other one was left out)."""
    listed = subprocess.run(["git", "-C", str(folder), "ls-files", "-z"], capture_output=True).stdout
    tracked = {p for p in listed.decode("utf-8", "surrogateescape").split("\0") if p.rsplit("/", 1)[-1] == "SKILL.md"}
    shown = subprocess.run([sys.executable, "-m", "skillkit", "lint", "--show-files", "--format", "json", "."],
                           cwd=folder, capture_output=True, text=True)
    data = json.loads(shown.stdout)
    left = {o["path"]: o["reason"] for o in data["left_out"]}
    why: collections.Counter = collections.Counter()
    for path in tracked - set(data["files"]):
        reason = left.get(path) or next((r for p, r in left.items() if p.endswith("/") and path.startswith(p)),
                                        "NOT FOUND")
        why[reason.split(" (")[0].split(":")[0]] += 1
    return len(tracked), len(tracked & set(data["files"])), why


def peer_counts(name: str, out: bytes) -> tuple[int, int]:
    """(errors, warnings) a peer reported, read from its JSON."""
    try:
        data = json.loads(out or b"null")
    except ValueError:
        return -1, -1
    if name == "skills-ref":
        return sum(len(v) for v in data.values()) if isinstance(data, dict) else -1, 0
    if name == "skillcheck":
        items = [d for r in data.get("results", []) for d in r.get("diagnostics", [])]
    elif name == "skillsaw":
        items = data.get("violations", [])
    else:
        items = data.get("diagnostics", []) if isinstance(data, dict) else []
    severity = [str(d.get("severity") or d.get("level")).lower() for d in items]
    return severity.count("error"), severity.count("warning")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repos", type=Path, required=True)
    parser.add_argument("--peers", action="store_true", help="install the peers and count their findings too")
    args = parser.parse_args()
    classes: dict[tuple[str, str, str], list[int]] = collections.defaultdict(lambda: [0, 0])
    rows = []
    for name, commit, kind in REPOSITORIES:
        folder = checkout(args.repos, name)
        if not folder.is_dir():
            rows.append(f"| {name} | `{commit[:12]}` | {kind} | not found | | |")
            continue
        _, _, out = measured(skillkit_argv(), folder)
        found = [d for d in json.loads(out)["diagnostics"] if d["severity"] in ("error", "warning")]
        for d in found:
            label, verdict, why = classify(d)
            classes[(d["rule"], d["severity"], label)][0 if verdict else 1] += 1
        tracked, checked, why_out = recall(folder)
        out_text = ", ".join(f"{n} {r}" for r, n in why_out.items()) or "none"
        errors = sum(d["severity"] == "error" for d in found)
        rows.append(f"| {name} | `{commit[:12]}` | {kind} | {tracked} | {checked} (left out: {out_text}) | "
                    f"{errors} / {len(found) - errors} |")
    print("| repository | commit | kind | SKILL.md tracked | checked by skillkit | errors / warnings |")
    print("|---|---|---|---|---|---|")
    print("\n".join(rows))
    print("\n| rule | severity | class | true | false | why |\n|---|---|---|---|---|---|")
    whys = {(r, label): why for r, _, label, _, why in CLASSES}
    totals = collections.Counter()
    for (rule, severity, label), (true, false) in sorted(classes.items()):
        totals[(severity, True)] += true
        totals[(severity, False)] += false
        print(f"| {rule} | {severity} | {label} | {true} | {false} | {whys.get((rule, label), '')} |")
    for severity in ("error", "warning"):
        all_of = totals[(severity, True)] + totals[(severity, False)]
        share = 100 * totals[(severity, False)] / all_of if all_of else 0.0
        print(f"\n{severity}s: {all_of}, false: {totals[(severity, False)]} ({share:.2f}%)")
    if args.peers:
        with tempfile.TemporaryDirectory(prefix="skillkit-peers-") as scratch:
            peers = install_peers(Path(scratch) / "venv")
            print("\n| repository | " + " | ".join(p.name for p in peers) + " |\n|---|" + "---|" * len(peers))
            for name, _, _ in REPOSITORIES:
                folder = checkout(args.repos, name)
                if not folder.is_dir():
                    continue
                cells = []
                for peer in peers:
                    if peer.argv is None:
                        cells.append("not installed")
                        continue
                    _, _, out = measured(peer.argv, folder)
                    errors, warnings = peer_counts(peer.name, out)
                    cells.append("no JSON" if errors < 0 else f"{errors} / {warnings}")
                print(f"| {name} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
