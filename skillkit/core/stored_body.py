"""A cached skill's body, kept out of lint's cache and read back from its SKILL.md only when a
rule asks for it.

Bodies were nine tenths of the cache (40 MB for 2,000 skills): every cached re-run unpickled
them all, while the rules that read a body run on the skill itself (never cached apart from its
findings) or, among the workspace rules, only on studio skills. So an entry's document holds a
`StoredSplit`: the frontmatter's place without the body. A hit binds it to the digest the
cache's fingerprint has for the SKILL.md now (equal to the entry's, or there is no hit); the
body, when read, is the file's as long as its bytes still hash to that digest. A SKILL.md that
changed since (an editor saving during the run) raises `StaleBody`: the pipeline checks that
workspace again without the cache, never mixing a new body with old findings.
"""

from __future__ import annotations

import hashlib
import time
from pathlib import Path

from skillkit.core.documents import SkillDoc
from skillkit.core.errors import InputError
from skillkit.core.frontmatter import SplitDocument
from skillkit.core.reader import Stamp

_BODY = SplitDocument.__dict__["body"]  # the slot itself: StoredSplit's `body` property shadows it


class StaleBody(Exception):
    """A cached document's SKILL.md no longer holds the bytes its entry was made from."""


class StoredSplit(SplitDocument):
    """A SplitDocument whose body is read from `file` on first use (and kept)."""

    __slots__ = ("file", "digest")
    file: Path | None
    digest: bytes | None

    def __init__(self, yaml_text: str, body_line: int) -> None:  # pylint: disable=super-init-not-called
        # frozen: set through object's own __setattr__, as dataclasses do; the body slot unset
        object.__setattr__(self, "yaml_text", yaml_text)
        object.__setattr__(self, "body_line", body_line)
        object.__setattr__(self, "file", None)
        object.__setattr__(self, "digest", None)

    @property  # type: ignore[override]
    def body(self) -> str:
        try:
            return str(_BODY.__get__(self, StoredSplit))
        except AttributeError:  # not read yet
            text = self._fetch()
            _BODY.__set__(self, text)
            return text

    def _fetch(self) -> str:
        return _read_body(self.file, self.digest)

    def bind(self, file: Path, digest: bytes | None) -> None:
        """Where the body is and the digest its file must still have (the fingerprint's now)."""
        object.__setattr__(self, "file", file)
        object.__setattr__(self, "digest", digest)


class LeanSplit(StoredSplit):
    """A worker's SplitDocument as it is sent back (core/parallel.py): the body, nine tenths of
    what a worker sent and unpickled in the process that reads every result, is left on disk.
    The workspace rules that read a body (studio ones) read it from the SKILL.md, while the
    file's status is still the stamp it was read with; else StaleBody, as for a cached body."""

    __slots__ = ("stamp",)
    stamp: Stamp

    def __init__(self, body_line: int, file: Path, stamp: Stamp) -> None:  # pylint: disable=super-init-not-called
        StoredSplit.__init__(self, "", body_line)  # the YAML text too: its rules have run
        object.__setattr__(self, "file", file)
        object.__setattr__(self, "stamp", stamp)

    def _fetch(self) -> str:
        return _read_stamped_body(self.file, self.stamp)


# A file changed this recently may change again within one tick of a coarse clock (a file
# system that keeps seconds, a kernel's jiffy-grained times) without its stamp showing it: its
# body is kept, as git's index treats an entry as racy when the file is as new as the index.
RACY_NS = 2_000_000_000


def lean(doc: SkillDoc) -> SkillDoc:
    """`doc` as a worker sends it back: its body to be read again if asked (LeanSplit), or kept
    for a stand-in's text (no stamp: nothing on disk holds it) and a file changed just now."""
    if doc.stamp is None or time.time_ns() - doc.stamp[3] < RACY_NS:
        split = SplitDocument("", doc.split.body, doc.split.body_line)
    else:
        split = LeanSplit(doc.split.body_line, doc.file, doc.stamp)
    return SkillDoc(doc.path, doc.file, split, doc.parsed, doc.invalid, doc.stamp)


def stored(doc: SkillDoc) -> SkillDoc:
    """`doc` as a cache entry keeps it: the body left out of what is written (this run still
    has it in memory, unless a worker left it on disk)."""
    split = StoredSplit(doc.split.yaml_text, doc.split.body_line)
    if not isinstance(doc.split, LeanSplit):
        _BODY.__set__(split, doc.split.body)
    return SkillDoc(doc.path, doc.file, split, doc.parsed, doc.invalid)


def bind(doc: SkillDoc, digest: bytes | None) -> None:
    """A document from the cache, told the digest its SKILL.md has now."""
    if isinstance(doc.split, StoredSplit):
        doc.split.bind(doc.file, digest)


def _read_stamped_body(file: Path, stamp: Stamp) -> str:
    from skillkit.core.reader import read_stamped

    try:
        data, now = read_stamped(file)
    except InputError as exc:
        raise StaleBody(str(file)) from exc
    # a stand-in for standard input has no stamp: it is not the file on disk, so stale too
    if isinstance(data, int) or now != stamp:
        raise StaleBody(str(file))
    return _body_of(data, file)


def _read_body(file: Path | None, digest: bytes | None) -> str:
    from skillkit.core.reader import read_bytes

    if file is None or digest is None:
        raise StaleBody("a cached document that no lookup bound")
    try:
        data = read_bytes(file)
    except InputError as exc:
        raise StaleBody(str(file)) from exc
    # the digest is the cache's own (sha256 of the whole file); a stand-in for standard input
    # differs from the file on disk, so it is stale too
    if isinstance(data, int) or hashlib.sha256(data).digest() != digest:
        raise StaleBody(str(file))
    return _body_of(data, file)


def _body_of(data: bytes, file: Path) -> str:
    from skillkit.core.frontmatter import split
    from skillkit.core.reader import decode

    source, _ = decode(data, str(file))
    document = split(source)[0] if source is not None else None
    if document is None:
        raise StaleBody(str(file))
    return document.body
