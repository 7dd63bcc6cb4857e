"""Release packs: a reproducible zip of a workspace, its verification and safe extraction,
and the Agent Skills export (`.skill` zips).

A pack is a zip whose first entry is `skillkit-manifest.json` (MANIFEST_NAME): canonical JSON
that lists every other entry with the sha256 of its uncompressed bytes, its size and whether it
is executable, the pack's name and version, every skill's name and version, and the resolved
references of each workspace. Every other entry is a workspace file, relative to its root,
in sorted order. Nothing here prints or exits: skillkit/cli/pack.py does.
"""

from __future__ import annotations

MANIFEST_NAME = "skillkit-manifest.json"
FORMAT = "skillkit-pack"
FORMAT_VERSION = 1
