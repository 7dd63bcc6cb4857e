"""The shapes `secret-leak` looks for, and the stand-ins it leaves alone (rules/secret_leak.py).

Two kinds of shape, as secret scanners (gitleaks, detect-secrets) tell them apart:
- a provider's own format: a prefix only that provider issues (`ghp_`, `glpat-`, `AKIA`,
  `sk-ant-api03-`, OpenAI's `sk-proj-` or its `T3BlbkFJ` marker), of the length it issues;
  such a string is a credential of that provider, whatever surrounds it;
- a generic form: a private-key block with key material between its BEGIN and END lines, a
  JSON Web Token whose header decodes to JSON naming an `alg`, an `sk-` key of no one
  provider (DashScope, DeepSeek, Moonshot and others issue `sk-` + 32 hex characters).
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import re
from collections import Counter
from functools import cache
from typing import Iterable, NamedTuple

# Each pattern: a fixed prefix, bounded possessive runs, and look-arounds that keep it from
# starting or ending inside a longer run. One attempt per run, no backtracking: linear time
# on any input (tests/lint/test_content_rules.py feeds 100 KB adversarial strings). Each
# starts with its literal, the look-behind after it: a pattern that starts with a literal is
# searched for at memchr speed, one that starts with a look-behind is tried at every position.
PROVIDER = "provider"
GENERIC = "generic"
SHAPES: tuple[tuple[str, str, str, str], ...] = (
    ("AKIA", PROVIDER, "an AWS access key ID", r"AKIA(?<![A-Za-z0-9]AKIA)[A-Z0-9]{16}+(?![A-Za-z0-9])"),
    ("ASIA", PROVIDER, "an AWS temporary access key ID", r"ASIA(?<![A-Za-z0-9]ASIA)[A-Z0-9]{16}+(?![A-Za-z0-9])"),
    ("gh", PROVIDER, "a GitHub token", r"gh(?<![A-Za-z0-9_]gh)[pousr]_[A-Za-z0-9]{36,251}+(?![A-Za-z0-9_])"),
    ("github_pat", PROVIDER, "a GitHub fine-grained token",
     r"github_pat_(?<![A-Za-z0-9_]github_pat_)[A-Za-z0-9_]{50,251}+(?![A-Za-z0-9_])"),
    ("glpat", PROVIDER, "a GitLab token", r"glpat-(?<![A-Za-z0-9_-]glpat-)[A-Za-z0-9_-]{20,64}+(?![A-Za-z0-9_-])"),
    ("xox", PROVIDER, "a Slack token", r"xox(?<![A-Za-z0-9_-]xox)[bpars]-[A-Za-z0-9-]{10,250}+(?![A-Za-z0-9_-])"),
    ("live", PROVIDER, "a Stripe live key", r"sk_live_(?<![A-Za-z0-9_]sk_live_)[A-Za-z0-9]{20,250}+(?![A-Za-z0-9_])"),
    ("live", PROVIDER, "a Stripe live key", r"rk_live_(?<![A-Za-z0-9_]rk_live_)[A-Za-z0-9]{20,250}+(?![A-Za-z0-9_])"),
    ("hf", PROVIDER, "a Hugging Face token", r"hf_(?<![A-Za-z0-9_]hf_)[A-Za-z]{34}+(?![A-Za-z0-9_])"),
    ("npm", PROVIDER, "an npm token", r"npm_(?<![A-Za-z0-9_]npm_)[A-Za-z0-9]{36}+(?![A-Za-z0-9_])"),
    ("pypi", PROVIDER, "a PyPI token",
     r"pypi-(?<![A-Za-z0-9_-]pypi-)AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,250}+(?![A-Za-z0-9_-])"),
    ("AIza", PROVIDER, "a Google API key", r"AIza(?<![A-Za-z0-9_]AIza)[A-Za-z0-9_-]{35}+(?![A-Za-z0-9_-])"),
    ("sk", PROVIDER, "an Anthropic API key",
     r"sk-ant-(?<![A-Za-z0-9_-]sk-ant-)[a-z]{2,8}+[0-9]{2}+-[A-Za-z0-9_-]{80,250}+(?![A-Za-z0-9_-])"),
    # OpenAI's own markers: the project, service-account and admin prefixes, or `T3BlbkFJ`
    # (base64 of "OpenAI") inside the key (legacy `sk-` + 20 + T3BlbkFJ + 20).
    ("sk", PROVIDER, "an OpenAI API key",
     r"sk-(?<![A-Za-z0-9_-]sk-)(?:proj|svcacct|admin)-[A-Za-z0-9_-]{40,250}+(?![A-Za-z0-9_-])"),
    ("sk", PROVIDER, "an OpenAI API key",
     r"sk-(?<![A-Za-z0-9_-]sk-)[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}(?![A-Za-z0-9_-])"),
    ("sk", GENERIC, "an API key in the `sk-` form several providers issue",
     r"sk-(?<![A-Za-z0-9_-]sk-)(?!ant-|proj-|svcacct-|admin-)[A-Za-z0-9]{32,250}+(?![A-Za-z0-9_-])"),
    ("eyJ", GENERIC, "a JSON Web Token",
     r"eyJ(?<![A-Za-z0-9_-]eyJ)[A-Za-z0-9_-]{8,4000}+\.eyJ[A-Za-z0-9_-]{8,4000}+\.[A-Za-z0-9_-]{16,4000}+"),
    ("PRIVATE KEY", GENERIC, "a private key", r"-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----"),
)
# Which families a text may hold, in two passes instead of one per prefix: every `-` and
# every `_` is looked at once (a literal first character: a fast scan), and the prefix that
# ends there named by a look-behind. The rest have a character prose rarely holds: one
# memchr for it, then the mark from there on. The two letters before a `_` are looked at first:
# code is full of underscores (`snake_case`), and one look-behind turns most of them away.
DASHED = re.compile(r"-(?<=[ktbparsi]-)(?:(?<=sk-)(?P<sk>)|(?<=glpat-)(?P<glpat>)|(?<=xox[bpars]-)(?P<xox>)"
                    r"|(?<=pypi-)(?P<pypi>))")
UNDERSCORED = re.compile(r"_(?<=(?:h[pousrf]|at|ve|pm)_)"
                         r"(?:(?<=gh[pousr]_)(?P<gh>)|(?<=github_pat_)(?P<github_pat>)|(?<=[sr]k_live_)(?P<live>)"
                         r"|(?<=hf_)(?P<hf>)|(?<=npm_)(?P<npm>))")
GATED = tuple((mark, gate, mark.index(gate)) for mark, gate in (("eyJ", "J"), ("PRIVATE KEY", "V")))
# AWS's and Google's marks start alike: one search for `A` (a literal: memchr speed) names all
# three, where a gate each (`K`, `S`, `z`: common letters) cost two scans of the text apiece.
# The look-ahead keeps a match to the `A` (`AKIASIA` holds both).
A_MARKS = re.compile(r"A(?=(KIA|SIA|Iza))")
KEY_END = r"-----END [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----"
KEY_REACH = 16384  # how far after its BEGIN line a key block's END line may be
KEY_RUN = r"[A-Za-z0-9+/=]{16,}"  # a piece of a key's base64 (lines are 64 characters)
KEY_MATERIAL = 64  # base64 characters a real key block holds at least (gitleaks asks as many)
PLACEHOLDER = r"(?i)x{4}|example|sample|your|dummy|fake|placeholder|redacted|changeme|replace|123456|abcdef|(.)\1{5}"
PREFIX = (r"^(?:AKIA|ASIA|AIza|gh[pousr]_|github_pat_|glpat-|xox[bpars]-|[sr]k_live_|hf_|npm_|pypi-AgEIcHlwaS5vcmc"
          r"|sk-ant-[a-z0-9]+-"
          r"|sk-(?:proj-|svcacct-|admin-)?|eyJ)")


class Found(NamedTuple):
    offset: int
    kind: str        # "an AWS access key ID"
    confidence: str  # PROVIDER or GENERIC
    text: str


@cache
def _compiled(pattern: str) -> re.Pattern[str]:
    # Compiled on first use: most runs meet no key-shaped string, and every run imports this.
    return re.compile(pattern)


def _entropy(text: str) -> float:
    counts = Counter(text)
    return -sum(n / len(text) * math.log2(n / len(text)) for n in counts.values())


def _decoded(part: str) -> str | None:
    try:
        return base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)).decode("utf-8")
    except (ValueError, binascii.Error, UnicodeDecodeError):
        return None


def _jwt_stand_in(token: str) -> bool:
    """Not a token (the header is no JSON naming an `alg`), or jwt.io's sample and its like,
    whose payload holds `John Doe`, `1234567890`, `example`..."""
    header, payload = token.split(".")[:2]
    try:
        data = json.loads(_decoded(header) or "")
    except ValueError:
        return True
    if not isinstance(data, dict) or "alg" not in data:
        return True
    return bool(re.search(r"john doe|jane doe|1234567890|example|test|demo", _decoded(payload) or "", re.I))


def _key_stand_in(text: str, end: int) -> bool:
    """A BEGIN line with no END line after it (a scanner's own pattern, a header quoted in
    prose), or a block with no key in it (`...`): gitleaks asks 64 characters of key."""
    closing = _compiled(KEY_END).search(text, end, end + KEY_REACH)
    if closing is None:
        return True
    material = sum(len(run) for run in _compiled(KEY_RUN).findall(text, end, closing.start()))
    return material < KEY_MATERIAL


def is_placeholder(kind: str, secret: str, text: str, end: int) -> bool:
    """Obvious stand-ins: `XXXX`, `example`, `your...`, runs of one character, counting
    sequences, too little randomness for a generated key; a key block with no key in it; a
    JSON Web Token that is none, or a sample."""
    if kind == "a private key":
        return _key_stand_in(text, end)
    if kind == "a JSON Web Token" and _jwt_stand_in(secret):
        return True
    variable = _compiled(PREFIX).sub("", secret)
    if _compiled(PLACEHOLDER).search(variable):
        return True
    if kind == "a Hugging Face token":  # letters only, by format: both cases, as generated
        if variable.islower() or variable.isupper():
            return True
    elif not re.search(r"[0-9]", variable) or not re.search(r"[A-Za-z]", variable):
        return True
    return _entropy(variable) < 3.0


def _present(text: str) -> set[str | None]:
    present: set[str | None] = {match.lastgroup for match in DASHED.finditer(text)} if "-" in text else set()
    if "_" in text:
        present |= {match.lastgroup for match in UNDERSCORED.finditer(text)}
    present |= {"A" + match.group(1) for match in A_MARKS.finditer(text)}
    for mark, gate, offset in GATED:
        at = text.find(gate)
        if at >= 0 and text.find(mark, max(at - offset, 0)) >= 0:
            present.add(mark)
    return present


def secrets_in(text: str) -> Iterable[Found]:
    """Each credential-shaped string of `text` that is not a placeholder, in shape order."""
    present = _present(text)
    if not present:
        return
    taken: set[int] = set()  # one finding a string: OpenAI's shapes are tried before the generic `sk-`
    for family, confidence, kind, pattern in SHAPES:
        if family in present:
            for match in _compiled(pattern).finditer(text):
                if match.start() not in taken and not is_placeholder(kind, match.group(0), text, match.end()):
                    taken.add(match.start())
                    yield Found(match.start(), kind, confidence, match.group(0))
