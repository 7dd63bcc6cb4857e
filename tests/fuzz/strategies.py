"""Hypothesis strategies that mutate each fixture kind, and the targets they are fed to.

Four kinds of mutation: raw bytes (flips, inserts of hostile tokens, cuts, repeats), YAML
structure (random trees of tricky scalars, tags and anchors, written as frontmatter or a YAML
transcript), JSON structure (lorebooks, transcripts and manifests with random values), and zip
structure (a real pack with entries renamed, recompressed, truncated or its bytes flipped).

Every target runs under `guarded`: a time limit (SIGALRM) and a cap on peak RSS growth, and
whatever it does with the input must end in a value, a finding or skillkit's own InputError
(for commands: exit 0, 1 or 2 and never a traceback). `benchmarks/fuzz_long.py` runs the same
TARGETS for minutes.
"""

from __future__ import annotations

import contextlib
import io
import json
import resource
import shutil
import signal
import tempfile
import warnings
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator

from hypothesis import strategies as st

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "fixtures"
SECONDS = 2.0
MAX_GROWTH_MB = 200

TOKENS = [b"\x00", b"\xff", b"\xc3", b"\r", b"\r\n", "\u2028".encode(), "\u0085".encode(), b"\x1b[2J",
          b"!!timestamp nope", b"!!bool x", b"!!binary ", b"&a ", b"*a", b"<<: *a", b"---\n", b"...\n",
          b"[", b"{", b"]", b"}", b'"', b"'", b"\\", b"#", b": ", b"- ", b"\t", b"\n" * 3,
          b"9" * 400, b"[" * 300, b"{{char}}", b"/(a|aa)+$/", b"](x", b"<a"]


class GuardTripped(AssertionError):
    """The target ran over its time or memory guard."""


def _alarm(_signum: int, _frame: object) -> None:
    raise GuardTripped(f"over {SECONDS} s")


@contextlib.contextmanager
def guarded(seconds: float = SECONDS) -> Iterator[None]:
    """Fail when the body takes longer than `seconds` or grows peak RSS by MAX_GROWTH_MB."""
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    grown = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    if grown > MAX_GROWTH_MB:
        raise GuardTripped(f"peak RSS grew by {grown:.0f} MB")


# --- byte mutations ----------------------------------------------------------------------

@st.composite
def mutated(draw: st.DrawFn, seed: bytes) -> bytes:
    data = bytearray(seed)
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, len(data)))
        kind = draw(st.sampled_from(["flip", "token", "cut", "repeat", "bytes"]))
        if kind == "flip" and data:
            at = min(at, len(data) - 1)
            data[at] ^= 1 << draw(st.integers(0, 7))
        elif kind == "token":
            data[at:at] = draw(st.sampled_from(TOKENS))
        elif kind == "cut":
            del data[at:at + draw(st.integers(1, 64))]
        elif kind == "repeat":
            piece = bytes(data[at:at + draw(st.integers(1, 16))])
            data[at:at] = piece * draw(st.integers(1, 200))
        else:
            data[at:at] = draw(st.binary(min_size=1, max_size=16))
    return bytes(data)


def seed_bytes(relative: str) -> bytes:
    return (FIXTURES / relative).read_bytes()


# --- YAML and JSON structure -------------------------------------------------------------

SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True),
    st.text(max_size=20), st.sampled_from(["yes", "no", "~", "2024-01-01", "0x1F", "1e9", ".inf", "=",
                                          "\u2028", "a\u0085b", "\x1b]0;t\x07", "{{user}}", "/(\\w|\\d)+$/"]))
JSON_VALUES = st.recursive(SCALARS.filter(lambda v: not (isinstance(v, float) and v != v)),
                           lambda inner: st.one_of(st.lists(inner, max_size=5),
                                                   st.dictionaries(st.text(max_size=8), inner, max_size=5)),
                           max_leaves=30)
YAML_TAGS = ["", "!!str ", "!!int ", "!!bool ", "!!float ", "!!timestamp ", "!!binary ", "!!null ", "!!set ",
             "!!omap ", "!custom ", "&anchor "]


@st.composite
def yaml_text(draw: st.DrawFn) -> str:
    """A mapping of a few keys (skill fields among them) with tagged, quoted or nested values."""
    keys = draw(st.lists(st.sampled_from(["name", "description", "when", "triggers", "scanDepth", "metadata",
                                          "x", "version", "allowed-tools"]) | st.text(min_size=1, max_size=6),
                         min_size=1, max_size=6))
    lines = []
    for key in keys:
        tag = draw(st.sampled_from(YAML_TAGS))
        value = draw(JSON_VALUES)
        body = json.dumps(value, ensure_ascii=draw(st.booleans()))
        if draw(st.booleans()) and isinstance(value, str):
            body = value.replace("\n", " ")
        lines.append(f"{json.dumps(key) if draw(st.booleans()) else key}: {tag}{body}")
    if draw(st.booleans()):
        lines.append("y: *anchor")
    return "\n".join(lines) + "\n"


@st.composite
def lorebook_json(draw: st.DrawFn) -> bytes:
    entries = draw(st.lists(st.fixed_dictionaries(
        {"key": st.lists(st.text(max_size=10), max_size=3), "content": st.text(max_size=40)},
        optional={"comment": st.text(max_size=10), "uid": st.integers(), "selective": st.booleans(),
                  "keysecondary": JSON_VALUES, "extensions": JSON_VALUES, "order": JSON_VALUES}), max_size=5))
    shape = draw(st.sampled_from(["dict", "list", "card", "raw"]))
    if shape == "dict":
        value: Any = {"entries": {str(i): e for i, e in enumerate(entries)}}
    elif shape == "list":
        value = {"entries": [{**e, "keys": e["key"]} for e in entries]}
    elif shape == "card":
        value = {"spec": "chara_card_v2", "data": {"name": draw(st.text(max_size=10)),
                                                    "character_book": {"entries": entries}}}
    else:
        value = draw(JSON_VALUES)
    return json.dumps(value).encode()


@st.composite
def transcript_json(draw: st.DrawFn) -> bytes:
    message = st.fixed_dictionaries({"role": st.sampled_from(["user", "assistant", "system", "tool", "x"])},
                                    optional={"content": st.one_of(st.text(max_size=40), st.none(),
                                                                   st.lists(JSON_VALUES, max_size=4), JSON_VALUES),
                                              "tool_calls": JSON_VALUES, "name": JSON_VALUES})
    return json.dumps(draw(st.lists(message, max_size=6))).encode()


# --- zip structure -----------------------------------------------------------------------

_PACK: list[bytes] = []


def pack_seed() -> bytes:
    """A real pack of the example workspace, built once per process."""
    if not _PACK:
        from tests.conftest import run_cli

        with tempfile.TemporaryDirectory() as folder:
            out = Path(folder) / "p.zip"
            shutil.copytree(FIXTURES / "workspace", Path(folder) / "w")
            assert run_cli("pack", Path(folder) / "w", "-o", out).code == 0
            _PACK.append(out.read_bytes())
    return _PACK[0]


@st.composite
def zip_mutation(draw: st.DrawFn) -> bytes:
    source = zipfile.ZipFile(io.BytesIO(pack_seed()))
    out = io.BytesIO()
    with warnings.catch_warnings(), zipfile.ZipFile(out, "w") as target:
        warnings.simplefilter("ignore")  # "Duplicate name": two entries of one name are the point
        for info in source.infolist():
            data = source.read(info)
            action = draw(st.sampled_from(["keep"] * 4 + ["rename", "drop", "twice", "recompress", "grow"]))
            name = info.filename
            if action == "drop":
                continue
            if action == "rename":
                name = draw(st.sampled_from(["../x", "/abs", "a\\b", "c:/x", "a\x1b[2J", "a/../../b", "CON",
                                             "x" * 300, name + "/", name.upper()]))
            if action == "grow":
                data = data + data[:64] * draw(st.integers(1, 50))
            compress = zipfile.ZIP_STORED if action == "recompress" else zipfile.ZIP_DEFLATED
            target.writestr(zipfile.ZipInfo(name, info.date_time), data, compress_type=compress)
            if action == "twice":
                target.writestr(zipfile.ZipInfo(name, info.date_time), data)
    raw = bytearray(out.getvalue())
    if draw(st.booleans()):
        for _ in range(draw(st.integers(1, 4))):
            at = draw(st.integers(0, len(raw) - 1))
            raw[at] ^= 1 << draw(st.integers(0, 7))
    if draw(st.booleans()):
        del raw[draw(st.integers(0, len(raw))):]
    return bytes(raw)


# --- targets -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Target:
    name: str
    strategy: Any
    check: Callable[[Any], None]


def _input_errors_only(run: Callable[[], Any]) -> None:
    from skillkit.core.errors import InputError

    with guarded():
        try:
            run()
        except InputError:
            pass


def read_skill(data: bytes) -> None:
    from skillkit.core.frontmatter import parse_frontmatter
    from skillkit.core.reader import decode
    from skillkit.core.validate import schema_diagnostics

    def run() -> None:
        source, _ = decode(data, "SKILL.md")
        if source is not None:
            _, parsed, _ = parse_frontmatter(source)
            if parsed is not None and parsed.ok and isinstance(parsed.data, dict):
                schema_diagnostics("skill", parsed, "SKILL.md")

    _input_errors_only(run)


def read_yaml(text: str) -> None:
    from skillkit.core.yamlparse import parse_yaml

    _input_errors_only(lambda: parse_yaml(text, "x.yaml"))


def read_transcript(data: bytes) -> None:
    from skillkit.transcripts.detect import parse_transcript

    _input_errors_only(lambda: parse_transcript(data, "chat"))


def read_lorebook(data: bytes) -> None:
    from skillkit.authoring.importers import read_lorebook as read

    _input_errors_only(lambda: read(data, "book"))


def read_pack(data: bytes) -> None:
    from skillkit.pack.verify import verify_pack

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "p.zip"
        path.write_bytes(data)
        _input_errors_only(lambda: verify_pack(path))


def read_lock(data: bytes) -> None:
    from skillkit.platform.lock import read_lock as read

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "skillkit.lock"
        path.write_bytes(data)
        _input_errors_only(lambda: read(path, "skillkit.lock"))


def command(args: Callable[[Path], list[str]], write: Callable[[Path, Any], None]) -> Callable[[Any], None]:
    """A check that writes the input into a fresh folder and runs the real CLI in process."""
    def check(value: Any) -> None:
        from tests.conftest import run_cli

        with tempfile.TemporaryDirectory() as folder:
            root = Path(folder)
            write(root, value)
            with guarded(SECONDS * 2):
                out = run_cli(*args(root), cwd=root)
            assert out.code in (0, 1, 2), (out.code, out.stderr[-1000:])
            assert "internal error" not in out.stderr and "Traceback" not in out.stderr, out.stderr[-1000:]
    return check


def _skill_file(root: Path, data: bytes) -> None:
    (root / "skills" / "s").mkdir(parents=True)
    (root / "skills" / "s" / "SKILL.md").write_bytes(data)


def _file(name: str) -> Callable[[Path, bytes], None]:
    def write(root: Path, data: bytes) -> None:
        (root / name).write_bytes(data if isinstance(data, bytes) else data.encode("utf-8", "surrogatepass"))
        _skill_file(root, b"---\nname: s\ndescription: d\nwhen: always\n---\nBody.\n")
    return write


def _workspace_file(name: str) -> Callable[[Path, bytes], None]:
    """The example workspace with `name` replaced by the fuzzed bytes (settings, ignore files)."""
    def write(root: Path, data: bytes) -> None:
        import shutil

        shutil.copytree(REPO / "fixtures" / "workspace", root, dirs_exist_ok=True)
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
    return write


def frontmatter(text: str) -> bytes:
    return f"---\n{text}---\nBody.\n".encode("utf-8", "surrogatepass")


SKILL_SEED = "workspace/skills/lore/SKILL.md"
TARGETS = [
    Target("skill bytes", mutated(seed_bytes(SKILL_SEED)), read_skill),
    Target("skill YAML", yaml_text().map(frontmatter), read_skill),
    Target("YAML text", yaml_text(), read_yaml),
    Target("transcript bytes", mutated(seed_bytes("transcripts/openai.json")), read_transcript),
    Target("transcript JSONL bytes", mutated(seed_bytes("transcripts/tavern.jsonl")), read_transcript),
    Target("transcript YAML bytes", mutated(seed_bytes("transcripts/activation.yaml")), read_transcript),
    Target("transcript JSON", transcript_json(), read_transcript),
    Target("lorebook bytes", mutated(seed_bytes("import/worldinfo.json")), read_lorebook),
    Target("card PNG bytes", mutated(seed_bytes("import/card-v2.png")), read_lorebook),
    Target("lorebook JSON", lorebook_json(), read_lorebook),
    Target("pack zip", zip_mutation(), read_pack),
    Target("lint a skill", mutated(seed_bytes(SKILL_SEED)), command(lambda r: ["lint", str(r)], _skill_file)),
    Target("lint YAML", yaml_text().map(frontmatter), command(lambda r: ["lint", str(r)], _skill_file)),
    Target("simulate", transcript_json(), command(lambda r: ["simulate", "chat.json", "--skills", "skills"],
                                                  _file("chat.json"))),
    Target("lock bytes", mutated(seed_bytes("workspace/skillkit.lock")), read_lock),
    Target("settings bytes", mutated(seed_bytes("workspace/skillkit.yaml")),
           command(lambda r: ["lint", "."], _workspace_file("skillkit.yaml"))),
    Target("ignore file bytes", mutated(b"*.tmp\n!keep.tmp\nskills/**/draft/\n[abc]?.md\n"),
           command(lambda r: ["lint", "."], _workspace_file("skills/.skillignore"))),
    Target("session bytes", mutated(seed_bytes("workspace/sessions/review.yaml")),
           command(lambda r: ["session", "sessions/review.yaml"], _workspace_file("sessions/review.yaml"))),
    Target("render", transcript_json(), command(lambda r: ["render", "chat.json", "--skills", "skills"],
                                                _file("chat.json"))),
    Target("import", lorebook_json(), command(lambda r: ["import", "book.json", "-o", "out"], _file("book.json"))),
    Target("unpack", zip_mutation(), command(lambda r: ["unpack", "p.zip", "dest"], _file("p.zip"))),
]
