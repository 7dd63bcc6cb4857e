"""Pack, verify and unpack speed on a generated 1,000-skill workspace, against plain `zipfile`.

Baselines, in the same run, over exactly the files the pack holds:
- write: `zipfile.ZipFile(out, "w", ZIP_DEFLATED).write(file, name)` for every file (what a
  release script without skillkit does: no manifest, no hashing, machine-dependent bytes);
- read: `ZipFile.testzip()` (decompress and CRC-check every entry);
- extract: `ZipFile.extractall()`.
skillkit's pack adds the lint and resolve pass (timed apart), two hashing passes and the
manifest; verify adds sha256 per entry; unpack verifies in full, then extracts and hashes again.

Run: python benchmarks/bench_pack.py [--skills 1000] [--runs 3]
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Callable

WORDS = ("pack release verify manifest digest archive skill agent tool scene trigger budget token prompt "
         "review report extract table summary policy ticket branch commit deploy cache index").split()


def sentence(rng: random.Random, words: int = 12) -> str:
    text = " ".join(rng.choice(WORDS) for _ in range(words))
    return text[0].upper() + text[1:] + "."


def generate(root: Path, count: int, seed: int = 11) -> None:
    """`count` skills (a third each studio, platform and Agent Skills), every fifth with a script
    and a reference file; plus settings and a `.skillignore`."""
    rng = random.Random(seed)
    root.mkdir(parents=True, exist_ok=True)
    (root / "skillkit.yaml").write_text("name: bench-pack\nversion: 1.0.0\n", encoding="utf-8")
    (root / ".skillignore").write_text("*.tmp\n", encoding="utf-8")
    for index in range(count):
        name = f"skill-{index:04d}"
        folder = root / "skills" / name
        folder.mkdir(parents=True)
        extra = ["when: mentioned", f"triggers: [{rng.choice(WORDS)}]"] if index % 3 == 0 else (
            [f"version: {rng.randint(1, 5)}"] if index % 3 == 1 else ["license: MIT"])
        body = "\n".join(sentence(rng, 16) for _ in range(rng.randint(10, 40)))
        (folder / "SKILL.md").write_text(
            f"---\nname: {name}\ndescription: {sentence(rng, 14)}\n" + "\n".join(extra) + f"\n---\n{body}\n",
            encoding="utf-8")
        if index % 5 == 0:
            (folder / "scripts").mkdir()
            script = folder / "scripts" / "run.py"
            script.write_text("#!/usr/bin/env python3\n" + "\n".join(f"# {sentence(rng)}" for _ in range(30)) + "\n",
                              encoding="utf-8")
            script.chmod(0o755)
            (folder / "references").mkdir()
            (folder / "references" / "REFERENCE.md").write_text(
                "\n\n".join(sentence(rng, 30) for _ in range(40)) + "\n", encoding="utf-8")


def best(runs: int, work: Callable[[], object]) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skills", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    os.environ.setdefault("SOURCE_DATE_EPOCH", "1700000000")

    from skillkit.pack.build import build_pack
    from skillkit.pack.excludes import collect
    from skillkit.pack.preflight import prepare
    from skillkit.pack.unpack import unpack_pack
    from skillkit.pack.verify import verify_pack

    with tempfile.TemporaryDirectory() as scratch:
        base = Path(scratch)
        workspace = base / "workspace"
        generate(workspace, args.skills)
        files = collect(workspace)
        source_bytes = sum(f.file.stat().st_size for f in files)
        pack, plain = base / "pack.zip", base / "plain.zip"

        def plain_write() -> None:
            with zipfile.ZipFile(plain, "w", zipfile.ZIP_DEFLATED) as archive:
                for file in files:
                    archive.write(file.file, file.path)

        def plain_read() -> None:
            with zipfile.ZipFile(plain) as archive:
                assert archive.testzip() is None

        def plain_extract() -> None:
            shutil.rmtree(base / "plain-out", ignore_errors=True)
            with zipfile.ZipFile(plain) as archive:
                archive.extractall(base / "plain-out")

        def unpack() -> None:
            shutil.rmtree(base / "out", ignore_errors=True)
            assert unpack_pack(pack, base / "out").files == len(files)

        prepared = prepare(workspace, None)
        assert not prepared.errors, prepared.errors[:3]
        timings = {
            "lint + resolve (pack's check)": (best(args.runs, lambda: prepare(workspace, None)), None),
            "pack: write the zip": (best(args.runs, lambda: build_pack(prepared, pack)),
                                    best(args.runs, plain_write)),
            "verify": (best(args.runs, lambda: verify_pack(pack)), best(args.runs, plain_read)),
            "unpack (verify + extract)": (best(args.runs, unpack), best(args.runs, plain_extract)),
        }
        first = pack.read_bytes()
        build_pack(prepared, pack)
        assert pack.read_bytes() == first, "two packs of the same sources differ"

        print(f"{args.skills:,} skills, {len(files):,} files, {source_bytes:,} bytes of sources; "
              f"best of {args.runs} runs; Python {sys.version.split()[0]}")
        print(f"{'step':<32}{'skillkit':>12}{'zipfile':>12}{'ratio':>8}")
        for step, (ours, baseline) in timings.items():
            base_text = f"{baseline * 1000:10.1f}ms" if baseline else f"{'-':>12}"
            ratio = f"{ours / baseline:7.2f}x" if baseline else f"{'-':>8}"
            print(f"{step:<32}{ours * 1000:10.1f}ms{base_text}{ratio}")
        total = timings["lint + resolve (pack's check)"][0] + timings["pack: write the zip"][0]
        print(f"{'skillkit pack, end to end':<32}{total * 1000:10.1f}ms")
        print(f"size: pack {pack.stat().st_size:,} bytes, plain zip {plain.stat().st_size:,} bytes "
              f"({pack.stat().st_size / plain.stat().st_size:.2f}x; the pack holds its manifest, deflate level 9)")


if __name__ == "__main__":
    main()
