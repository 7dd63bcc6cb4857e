"""`secret-leak`: strings shaped like real credentials in a skill's files."""

from __future__ import annotations

from typing import Iterable

from skillkit.core.diagnostics import Severity
from skillkit.core.documents import SkillDoc
from skillkit.core.linkgraph import MARKDOWN_SUFFIXES, skill_texts
from skillkit.rules.base import Hit, RuleContext, skill_rule
from skillkit.rules.secret_shapes import PROVIDER, Found, secrets_in

__all__ = ["secret_leak", "secrets_in", "RULES"]

SHOWN = 8
USED = "a credential in a skill is shared with everyone who installs it; revoke it and read it from the environment"
EXAMPLE = "in an example: if this is a real key, revoke it (the skill shares it); else write a stand-in (`<your-key>`)"
GENERIC = ("if this is a real key, revoke it (the skill shares it with everyone who installs it) and read it "
           "from the environment")


def _is_table_row(text: str, offset: int) -> bool:
    """The line holding `offset` is a Markdown table row (`| key | value |`)."""
    start = text.rfind("\n", 0, offset) + 1
    end = text.find("\n", offset)
    line = text[start:end if end >= 0 else len(text)].strip()
    return line.startswith("|") or line.endswith("|") and line.count("|") >= 2


def severity_of(found: Found, markdown: bool, text: str) -> tuple[Severity, str]:
    """An error only for a provider's own format, or a key block or token that checks out,
    where it would be used (a script, a config file, the frontmatter; for a provider's
    format, any text but an example table). Elsewhere a warning worded for an example."""
    example = markdown and _is_table_row(text, found.offset)
    if found.confidence == PROVIDER:
        return (Severity.WARNING, EXAMPLE) if example else (Severity.ERROR, USED)
    if "`sk-` form" in found.kind:
        return Severity.WARNING, EXAMPLE if markdown else GENERIC
    return (Severity.WARNING, EXAMPLE) if markdown else (Severity.ERROR, USED)


@skill_rule("secret-leak", Severity.ERROR, bodily=True)
def secret_leak(doc: SkillDoc, ctx: RuleContext) -> Iterable[Hit]:
    """A string shaped like a real credential in SKILL.md or any bundled text file.

    A skill is shared: everyone who installs it, and every model that loads it, gets the key.
    Decided as secret scanners (gitleaks, detect-secrets) decide: a provider is named only
    for its own format, and obvious stand-ins are left alone.

    An error: a provider's own format (a prefix only it issues, at the length it issues):
    AWS access key IDs (`AKIA...`, `ASIA...`), GitHub (`ghp_...`, `github_pat_...`), GitLab
    (`glpat-...`), Slack (`xoxb-...`), Stripe live keys (`sk_live_...`, `rk_live_...`),
    Hugging Face (`hf_...`), npm (`npm_...`), PyPI (`pypi-AgEIcHlwaS5vcmc...`), Google API keys
    (`AIza...`), Anthropic
    (`sk-ant-api03-...`) and OpenAI keys (only with OpenAI's own markers: `sk-proj-`,
    `sk-svcacct-`, `sk-admin-`, or `T3BlbkFJ` inside the key); anywhere but an example table.
    Also an error in a script, a config or key file or the frontmatter (where it would be
    used): a private-key block with key material between its BEGIN and END lines, and a JSON
    Web Token whose header decodes to JSON naming an `alg`.

    A warning worded for an example ("if this is a real key, revoke it"): those generic
    forms (key blocks, tokens) inside Markdown (a documentation code sample: vendors' crypto
    tutorials print sample keys), any shape on a Markdown table row (an API reference's
    example values), and an `sk-` key of no one provider (`sk-` + 32 or more letters and
    digits: DashScope, DeepSeek and others issue that form; it is never called OpenAI's).

    Left alone: `XXXX`, `<your-key>`, `sk-...`, `example`, `your...`, runs of one character,
    counting sequences, strings too regular to be generated keys (entropy under 3 bits a
    character), jwt.io's sample token, a BEGIN line with no END line after it (a scanner's
    own pattern, a header quoted in prose), a key block with no key in it, and names that
    merely start like a prefix (`sk-outline-generate`). Generic assignments of high-entropy
    strings to secret-named keys (detect-secrets' keyword plugin) are not flagged: in skills
    they are nearly all placeholders.

    Example: `export GITHUB_TOKEN=ghp_4f9T...` in `scripts/setup.sh`. The message shows only
    the key's first characters. Fix: revoke the key (it has been shared), delete it, and read
    it from the environment (`os.environ["GITHUB_TOKEN"]`) or a secret store."""
    for source, path, text, first_line in skill_texts(doc):
        markdown = source.lower().endswith(MARKDOWN_SUFFIXES) and text is not doc.split.yaml_text
        for found in secrets_in(text):
            line = text.count("\n", 0, found.offset)
            column = found.offset - (text.rfind("\n", 0, found.offset) + 1)
            severity, advice = severity_of(found, markdown, text)
            # Never the secret itself in a report (reports end up in CI logs): its first characters.
            what = found.text if found.kind == "a private key" else f"{found.text[:SHOWN]}..."
            yield Hit(path, first_line + line, column + 1, f"{found.kind} (`{what}`): {advice}", severity)


RULES = (secret_leak,)
