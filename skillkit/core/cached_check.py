"""lint's cache as a checker wrapper (core/checkers.py): a skill whose folder hashes as it did
when its entry was made is that entry (core/cache.py says when); the rest go to the checker
it wraps, and their entries are written once they are checked."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Sequence

import msgspec

from skillkit.core.cache import Fingerprint, LintCache, fingerprint_folder
from skillkit.core.check import Checker, SourceFile, Tick
from skillkit.core.checked import Checked
from skillkit.core.stored_body import bind, stored

if TYPE_CHECKING:
    from skillkit.core.parallel import Workers


def fingerprint_folders(folders: list[str]) -> list[Fingerprint]:
    """Each folder's fingerprint (what a worker process is handed)."""
    return [fingerprint_folder(folder) for folder in folders]


@dataclass(frozen=True)
class Fingerprints:
    """Skill folders fingerprinted over the worker pool, when there is one and enough of them:
    a first run's cache has no entry to compare with, and hashing every file of every skill in
    one process cost more than checking them in two (core/cache.lookup)."""

    workers: Workers | None

    def __call__(self, folders: list[str]) -> list[Fingerprint]:
        if self.workers is None:
            return fingerprint_folders(folders)
        return [print_ for batch in self.workers.map_batches(fingerprint_folders, folders) for print_ in batch]


@dataclass(frozen=True)
class Cached:
    """`inner` for the skills the cache has no usable entry for, the entries for the rest.
    Built for one workspace's cache and called once: it saves the cache when done."""

    inner: Checker
    cache: LintCache
    fingerprints: Callable[[list[str]], list[Fingerprint]]
    tick: Tick

    def __call__(self, files: Sequence[SourceFile]) -> list[Checked]:
        out: list[Checked | None] = [None] * len(files)
        pending: list[tuple[int, str, Fingerprint | None]] = []  # None: no entry to compare with
        for index, source in enumerate(files):  # (the collector is paused for the run: see pipeline.run)
            name = f"{source.file}\0{source.shown}"
            hit = self._hit(source, name)
            if isinstance(hit, Checked):
                out[index] = hit
            else:
                pending.append((index, name, hit))
        self.tick(len(files) - len(pending))  # the hits at once: each took a stat per file, no progress to show
        checked, prints = self._checked([files[index] for index, _, _ in pending], [now for _, _, now in pending])
        for (index, name, _), print_, result in zip(pending, prints, checked, strict=True):
            out[index] = result
            kept = result if result.doc is None else msgspec.structs.replace(result, doc=stored(result.doc))
            self.cache.put(name, print_, kept)
        self.cache.save()
        return out  # type: ignore[return-value]  (every place filled: a hit, or checked)

    def _checked(self, todo: list[SourceFile], nows: list[Fingerprint | None]
                 ) -> tuple[list[Checked], list[Fingerprint]]:
        """`todo` checked, each folder fingerprinted first where there was no entry to compare
        it with (taken before the check reads the files: a skill edited meanwhile misses next
        time). The first few go first, here (too few to fork for): the pool, forked for the
        rest, inherits what checking them warmed, as core/parallel.WARM has it do."""
        from skillkit.core.parallel import WARM

        head = WARM if len(todo) > 2 * WARM else 0
        checked: list[Checked] = []
        prints: list[Fingerprint] = []
        for part, fingerprints in ((slice(0, head), fingerprint_folders), (slice(head, None), self.fingerprints)):
            sources, now = todo[part], nows[part]
            taken = iter(fingerprints([self.cache.folder_of(s.file) for s, n in zip(sources, now) if n is None]))
            prints.extend(n if n is not None else next(taken) for n in now)
            checked.extend(self.inner(sources) if sources else ())
        return checked, prints

    def _hit(self, source: SourceFile, name: str) -> Checked | Fingerprint | None:
        """The entry for `source` when it can be used as it is; else the folder's fingerprint
        now, or None when there is no entry to compare it with."""
        hit, fingerprint = self.cache.lookup(name, source.file)
        if hit is None or fingerprint is None or (hit.rules is None and source.reported):
            return fingerprint
        if hit.doc is not None:  # its body is read from the file if a rule asks (core/stored_body.py)
            bind(hit.doc, fingerprint.content(source.file.name))
        return hit if source.reported else msgspec.structs.replace(hit, rules=None)
