"""Where a command reads from and writes to, alike in every command: a file argument `-` is
standard input, `-o FILE` receives the report atomically (`-o -`: standard output)."""

from __future__ import annotations

import contextlib
import io
import os
import sys
from pathlib import Path
from typing import Iterator, TextIO

from skillkit.cli.common import STDIN

STDIN_SHOWN = "<stdin>"  # how messages name standard input read for a file argument
_CHUNK = 1 << 16


def is_stdin(path: Path | str | None) -> bool:
    return path is not None and os.fspath(path) == STDIN


def to_stdout(output: Path | None) -> bool:
    """No `-o`, or `-o -`: the report goes to standard output."""
    return output is None or os.fspath(output) == STDIN


def copy_capped(source: io.BufferedIOBase | io.RawIOBase, target: io.BufferedIOBase, limit: int) -> None:
    """At most `limit + 1` bytes from `source`, chunk by chunk (never the whole stream first):
    one byte over is enough for the reader to say the input is over its limit."""
    left = limit + 1
    while left > 0:
        chunk = source.read(min(_CHUNK, left))
        if not chunk:
            return
        target.write(chunk)
        left -= len(chunk)


def read_capped(limit: int) -> bytes:
    """Standard input's bytes, at most `limit` + 1 of them (read in chunks, never all first):
    one byte over is enough for the reader to say it is over its limit."""
    buffer = io.BytesIO()
    source = getattr(sys.stdin, "buffer", None)
    if source is not None:
        copy_capped(source, buffer, limit)
    else:  # a text stream (tests, embedding): its text as UTF-8
        buffer.write(sys.stdin.read(limit + 1).encode("utf-8"))
    return buffer.getvalue()


@contextlib.contextmanager
def readable(path: Path, limit: int) -> Iterator[Path]:
    """`path`, or for `-` a private temporary file holding standard input (at most `limit` + 1
    bytes), which every reader opens, caps and names (`<stdin>`) as it would a file."""
    if not is_stdin(path):
        yield path
        return
    import tempfile

    from skillkit.core.paths import STANDS_FOR

    with tempfile.TemporaryDirectory(prefix="skillkit-stdin-") as folder:  # 0700: private
        copy = Path(folder) / "stdin"
        source = getattr(sys.stdin, "buffer", None)
        with open(copy, "xb") as target:
            if source is not None:
                copy_capped(source, target, limit)
            else:
                target.write(read_capped(limit))
        key = os.path.abspath(copy)
        STANDS_FOR[key] = STDIN_SHOWN
        try:
            yield copy
        finally:
            STANDS_FOR.pop(key, None)


@contextlib.contextmanager
def report_to(output: Path | None) -> Iterator[TextIO]:
    """The stream a report is written to: standard output, or for `-o FILE` a buffer written to
    FILE atomically once the report is whole (a failure half-way writes nothing)."""
    if to_stdout(output):
        yield sys.stdout
        return
    buffer = io.StringIO()
    yield buffer
    from skillkit.core.atomic import write_atomic

    write_atomic(output, buffer.getvalue())  # type: ignore[arg-type]


def color_for(output: Path | None, color: bool | None) -> bool | None:
    """A report written to a file is never coloured; on standard output --color decides."""
    return color if to_stdout(output) else False
