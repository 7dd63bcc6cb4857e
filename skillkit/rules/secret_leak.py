"""`secret-leak`: strings shaped like real credentials in a skill's files."""

from __future__ import annotations

import base64
import math
import re
from collections import Counter
from functools import cache
from typing import Iterable

from skillkit.core.diagnostics import Severity
from skillkit.core.documents import SkillDoc
from skillkit.core.linkgraph import skill_texts
from skillkit.rules.base import Hit, RuleContext, skill_rule

# Each pattern: a fixed prefix, one bounded possessive run, and look-arounds that keep it from
# starting or ending inside a longer run. One attempt per run, no backtracking: linear time
# on any input (tests/lint/test_content_rules.py feeds 100 KB adversarial strings). Each
# starts with its literal, the look-behind after it (widened by the literal): a pattern that
# starts with a look-behind is tried at every position, one that starts with a literal is
# searched for at memchr speed, twenty times faster on real text.
SHAPES: tuple[tuple[str, str, str], ...] = (
    ("AKIA", "an AWS access key ID", r"AKIA(?<![A-Za-z0-9]AKIA)[A-Z0-9]{16}+(?![A-Za-z0-9])"),
    ("gh", "a GitHub token", r"gh(?<![A-Za-z0-9_]gh)[pousr]_[A-Za-z0-9]{36,251}+(?![A-Za-z0-9_])"),
    ("github_pat", "a GitHub fine-grained token",
     r"github_pat_(?<![A-Za-z0-9_]github_pat_)[A-Za-z0-9_]{50,251}+(?![A-Za-z0-9_])"),
    ("glpat", "a GitLab token", r"glpat-(?<![A-Za-z0-9_-]glpat-)[A-Za-z0-9_-]{20,64}+(?![A-Za-z0-9_-])"),
    ("xox", "a Slack token", r"xox(?<![A-Za-z0-9_-]xox)[bpars]-[A-Za-z0-9-]{10,250}+(?![A-Za-z0-9_-])"),
    ("live", "a Stripe live key", r"sk_live_(?<![A-Za-z0-9_]sk_live_)[A-Za-z0-9]{20,250}+(?![A-Za-z0-9_])"),
    ("live", "a Stripe live key", r"rk_live_(?<![A-Za-z0-9_]rk_live_)[A-Za-z0-9]{20,250}+(?![A-Za-z0-9_])"),
    ("sk", "an Anthropic API key",
     r"sk-ant-(?<![A-Za-z0-9_-]sk-ant-)[a-z0-9]{2,12}+-[A-Za-z0-9_-]{32,250}+(?![A-Za-z0-9_-])"),
    ("sk", "an OpenAI API key",
     r"sk-(?<![A-Za-z0-9_-]sk-)(?!ant-)[A-Za-z0-9_-]{20,250}+(?![A-Za-z0-9_-])"),
    ("eyJ", "a JSON Web Token",
     r"eyJ(?<![A-Za-z0-9_-]eyJ)[A-Za-z0-9_-]{8,4000}+\.eyJ[A-Za-z0-9_-]{8,4000}+\.[A-Za-z0-9_-]{16,4000}+"),
    ("PRIVATE KEY", "a private key", r"-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----"),
)
# Which families a text may hold, in two passes instead of one per prefix: every `-` and
# every `_` is looked at once (a literal first character: a fast scan), and the prefix that
# ends there named by a look-behind. The rest have a character prose rarely holds: one
# memchr for it, then the mark from there on.
# The one-character look-behind first: most `-` start a list item or join two words, and
# fail it at once instead of trying every family's prefix.
DASHED = re.compile(r"-(?<=[ktbpars]-)(?:(?<=sk-)(?P<sk>)|(?<=glpat-)(?P<glpat>)|(?<=xox[bpars]-)(?P<xox>))")
UNDERSCORED = re.compile(r"_(?:(?<=gh[pousr]_)(?P<gh>)|(?<=github_pat_)(?P<github_pat>)|(?<=[sr]k_live_)(?P<live>))")
GATED = tuple((mark, gate, mark.index(gate)) for mark, gate in (("AKIA", "K"), ("eyJ", "J"), ("PRIVATE KEY", "V")))
KEY_BODY = r"[A-Za-z0-9+/=]{40}"  # a line of a key's base64, within KEY_REACH characters of the header
KEY_REACH = 600
PLACEHOLDER = r"(?i)x{4}|example|sample|your|dummy|fake|placeholder|redacted|changeme|replace|123456|abcdef|(.)\1{5}"
PREFIX = (r"^(?:AKIA|gh[pousr]_|github_pat_|glpat-|xox[bpars]-|[sr]k_live_|sk-ant-[a-z0-9]+-"
          r"|sk-(?:proj-|svcacct-|admin-)?|eyJ)")
SHOWN = 8


@cache
def _compiled(pattern: str) -> re.Pattern[str]:
    # Compiled on first use: most runs meet no key-shaped string, and every run imports this.
    return re.compile(pattern)


def _entropy(text: str) -> float:
    counts = Counter(text)
    return -sum(n / len(text) * math.log2(n / len(text)) for n in counts.values())


def _jwt_is_an_example(token: str) -> bool:
    """jwt.io's sample and its like decode to `John Doe`, `1234567890`, `example`..."""
    payload = token.split(".")[1]
    try:
        decoded = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)).decode("utf-8", "replace")
    except ValueError:
        return False
    return bool(re.search(r"john doe|jane doe|1234567890|example|test|demo", decoded, re.I))


def is_placeholder(kind: str, secret: str, text: str, end: int) -> bool:
    """Obvious stand-ins: `XXXX`, `example`, `your...`, runs of one character, counting
    sequences, too little randomness for a generated key; a key block with no key in it."""
    if kind == "a private key":
        return _compiled(KEY_BODY).search(text, end, end + KEY_REACH) is None
    if kind == "a JSON Web Token" and _jwt_is_an_example(secret):
        return True
    variable = _compiled(PREFIX).sub("", secret)
    if _compiled(PLACEHOLDER).search(variable):
        return True
    if not re.search(r"[0-9]", variable) or not re.search(r"[A-Za-z]", variable):
        return True
    return _entropy(variable) < 3.0


def secrets_in(text: str) -> Iterable[tuple[int, str, str]]:
    """(offset, kind, matched text) of each credential-shaped string that is not a placeholder."""
    present = {match.lastgroup for match in DASHED.finditer(text)} if "-" in text else set()
    if "_" in text:
        present |= {match.lastgroup for match in UNDERSCORED.finditer(text)}
    for mark, gate, offset in GATED:
        at = text.find(gate)
        if at >= 0 and text.find(mark, max(at - offset, 0)) >= 0:
            present.add(mark)
    if not present:
        return
    for family, kind, pattern in SHAPES:
        if family in present:
            for match in _compiled(pattern).finditer(text):
                if not is_placeholder(kind, match.group(0), text, match.end()):
                    yield match.start(), kind, match.group(0)


@skill_rule("secret-leak", Severity.ERROR)
def secret_leak(doc: SkillDoc, ctx: RuleContext) -> Iterable[Hit]:
    """A string shaped like a real credential in SKILL.md or any bundled text file.

    A skill is shared: everyone who installs it, and every model that loads it, gets the key.
    Found: private-key blocks (`-----BEGIN ... PRIVATE KEY-----` with a key in them), AWS access
    key IDs (`AKIA...`), GitHub (`ghp_...`, `github_pat_...`), GitLab (`glpat-...`), Slack
    (`xoxb-...`), Stripe live (`sk_live_...`, `rk_live_...`), OpenAI (`sk-...`, `sk-proj-...`)
    and Anthropic (`sk-ant-...`) API keys, and JSON Web Tokens. Obvious placeholders are left
    alone: `XXXX`, `<your-key>`, `sk-...`, `example`, runs of one character, counting sequences,
    strings too regular to be generated keys, jwt.io's sample token, a key block with no key.

    Example: `export OPENAI_API_KEY=sk-proj-4f9T...` in `scripts/setup.sh`. The message shows
    only the key's first characters. Fix: revoke the key (it has been shared), delete it, and
    read it from the environment (`os.environ["OPENAI_API_KEY"]`) or a secret store."""
    for _source, path, text, first_line in skill_texts(doc):
        for offset, kind, secret in secrets_in(text):
            line = text.count("\n", 0, offset)
            column = offset - (text.rfind("\n", 0, offset) + 1)
            # Never the secret itself in a report (reports end up in CI logs): its first characters.
            what = secret if kind == "a private key" else f"{secret[:SHOWN]}..."
            yield Hit(path, first_line + line, column + 1,
                      f"{kind} (`{what}`): a credential in a skill is shared with everyone who "
                      "installs it; revoke it and read it from the environment")


RULES = (secret_leak,)
