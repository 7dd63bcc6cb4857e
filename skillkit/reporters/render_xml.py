"""`render --format agent-skills-xml`: the <available_skills> listing as skills-ref to-prompt prints
it (agentskills/listing.py makes it), for the linked skills alone: no turn is rendered."""

from __future__ import annotations

import sys
from typing import Sequence, TextIO

from skillkit.core.model import Skill


def listing(linked: Sequence[Skill], context: int | None, out: TextIO, quiet: bool) -> None:
    """The listing on `out`; on stderr, a note for each client that would not show it in full."""
    from skillkit.agentskills.listing_budgets import client_listings
    from skillkit.agentskills.listing import available_skills_xml

    out.write(available_skills_xml(linked))
    for client in () if quiet else client_listings(linked, context):
        if not client.fits:
            names = [*(s.name for s in client.shortened), *client.without_description, *client.left_out]
            sys.stderr.write(f"skillkit: note: {client.client} would not show this listing in full "
                             f"({client.wanted:,} {client.unit} for {client.limit:,}): {', '.join(names)}\n")
