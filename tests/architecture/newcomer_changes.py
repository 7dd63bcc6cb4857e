"""The four changes of tests/architecture/test_newcomer_changes.py, as a newcomer writes them
following ARCHITECTURE.md's recipes: each new module's text, and the lines each edit adds."""

from __future__ import annotations

# A rule (ARCHITECTURE.md, Recipes: a rule), copied from rules/description_short.py.
RULE_ID = "description-placeholder"
RULE_MODULE = "skillkit/rules/description_placeholder.py"
RULE_DOC = '''"""A description that still holds a placeholder: TODO, TBD or FIXME.

    The description is all a model reads when it decides whether to load a skill, and a
    placeholder tells it nothing. Example: `description: TODO say when to use this`. Fix: say
    what the skill does and when to use it."""
'''
RULE_TEXT = f'''"""`description-placeholder`: a description still holding a placeholder (TODO, TBD, FIXME)."""

from __future__ import annotations

import re
from typing import Iterable

from skillkit.core.diagnostics import Severity
from skillkit.core.documents import SkillDoc
from skillkit.rules.base import Hit, RuleContext, skill_rule

PLACEHOLDER = re.compile(r"\\b(TODO|TBD|FIXME)\\b")


@skill_rule("description-placeholder", Severity.WARNING)
def description_placeholder(doc: SkillDoc, ctx: RuleContext) -> Iterable[Hit]:
    {RULE_DOC}    value = doc.data.get("description")
    found = PLACEHOLDER.search(value) if isinstance(value, str) else None
    if found:
        yield Hit(doc.path, *doc.at("description"), f"the description still says {{found.group(1)}}")


RULES = (description_placeholder,)
'''
RULE_CASE = ('CASES["description-placeholder"] = (skill("todo", "name: todo\\ndescription: TODO say when to use '
             'this skill"), [])\n')

# An output format for lint (ARCHITECTURE.md, Recipes: an output format for lint), copied from
# reporters/github.py.
FORMAT = "tsv"
FORMAT_MODULE = "skillkit/reporters/tsv.py"
FORMAT_TEXT = '''"""`--format tsv`: one tab-separated row per diagnostic (path, line, column, severity, rule,
message), the path from the repository's top, for spreadsheets and `cut`."""

from __future__ import annotations

from typing import TextIO

from skillkit.core.paths import shown
from skillkit.core.pipeline import Result
from skillkit.reporters.locations import Locator


def _cell(value: object) -> str:
    # a tab or a line break inside a value would split its row
    return shown(str(value)).replace("\\t", " ").replace("\\n", " ").replace("\\r", " ")


def report(result: Result, out: TextIO, color: bool | None = None) -> None:  # (never coloured)
    locator = Locator()
    for d in result.diagnostics:
        path = locator.from_top(d.path) or locator.absolute(d.path)
        out.write("\\t".join(_cell(v) for v in (path, d.line, d.column, d.severity, d.rule, d.message)) + "\\n")
'''
# The same module as a newcomer might first write it: Rich for the escaping.
FORMAT_TEXT_WITH_RICH = FORMAT_TEXT.replace("from skillkit.core.paths import shown\n",
                                            "from rich.markup import escape as shown\n")

# A transcript format (ARCHITECTURE.md, Recipes: a transcript format), copied from
# transcripts/openai.py.
TRANSCRIPT = "chatlog"
TRANSCRIPT_MODULE = "skillkit/transcripts/chatlog.py"
TRANSCRIPT_TEXT = '''"""A plain-text chat log: one message a line, `ROLE: text`, the role one of SYSTEM, USER,
ASSISTANT or TOOL in capitals (skillkit's YAML form spells its keys in lower case, so the two
never meet); blank lines are skipped."""

from __future__ import annotations

import re

from skillkit.core.diagnostics import Diagnostic
from skillkit.core.errors import InputError
from skillkit.transcripts.clue import Clue
from skillkit.transcripts.limits import MAX_MESSAGES
from skillkit.transcripts.model import Message

NAME = "chatlog"
LINE = re.compile(r"(SYSTEM|USER|ASSISTANT|TOOL): ?(.*)")


def sniff(clue: Clue) -> int:
    """A first line `USER: ...` (any of the four roles) is this format: 5, above the YAML form's 1."""
    return 5 if LINE.fullmatch(clue.first_line) else 0


def read(text: str, path: str, warnings: list[Diagnostic]) -> tuple[Message, ...]:
    messages: list[Message] = []
    for number, line in enumerate(text.split("\\n"), 1):
        if not line.strip():
            continue
        found = LINE.fullmatch(line.rstrip())
        if found is None:
            raise InputError("each line is a message: SYSTEM:, USER:, ASSISTANT: or TOOL:, then its text", path, number)
        if len(messages) == MAX_MESSAGES:
            raise InputError(f"more than {MAX_MESSAGES:,} messages", path, number)
        role = found.group(1).lower()
        messages.append(Message(len(messages), role, found.group(2), line=number))  # type: ignore[arg-type]
    return tuple(messages)
'''
# The same module with a sniff that claims what is not its own: every file, more strongly than any.
TRANSCRIPT_TEXT_GREEDY = TRANSCRIPT_TEXT.replace("return 5 if LINE.fullmatch(clue.first_line) else 0", "return 100")
TRANSCRIPT_FIXTURE = "fixtures/transcripts/chatlog.txt"
TRANSCRIPT_FIXTURE_TEXT = ("SYSTEM: Bob keeps the tavern.\nUSER: Good evening.\nASSISTANT: Welcome to the Drowned Crown!\n"
                           "\nUSER: Will the storm reach us tonight?\nASSISTANT: Best stay inside.\n")
TRANSCRIPT_TEST = "tests/transcripts/test_chatlog.py"
TRANSCRIPT_TEST_TEXT = '''"""The plain-text chat log: one message a line."""

from __future__ import annotations

import pytest

from skillkit.core.errors import InputError
from skillkit.transcripts import load_transcript, parse_transcript
from tests.conftest import FIXTURES


def test_the_fixture_reads_one_message_a_line():
    transcript = load_transcript(FIXTURES / "transcripts" / "chatlog.txt")
    assert transcript.format == "chatlog"
    assert [m.role for m in transcript.messages] == ["system", "user", "assistant", "user", "assistant"]
    assert transcript.messages[3].text == "Will the storm reach us tonight?"
    assert [m.line for m in transcript.messages] == [1, 2, 3, 5, 6]


def test_a_line_that_is_no_message_names_its_line():
    with pytest.raises(InputError) as caught:
        parse_transcript(b"USER: hi\\nASSISTANT: yo\\nand more\\n", "t.txt")
    assert caught.value.line == 3
'''

# A client (ARCHITECTURE.md, Recipes: a client), copied from clients/goose.py.
CLIENT_ID = "acme-agent"
CLIENT_MODULE = "skillkit/clients/acme_agent.py"
CLIENT_FOLDER = ".acme/agent-skills"
CLIENT_ALLOWED_TOOLS = '    allowed_tools=not_supported("Acme Agent documents no `allowed-tools`."),\n'
CLIENT_TEXT = f'''"""Acme Agent (made up, for tests/architecture/test_newcomer_changes.py): `.acme/agent-skills/`
in the project, `~/.acme/agent-skills/` for the user.

Source: https://example.com/acme/skills (made up): a SKILL.md needs `name` and `description`;
every skill's name and description is in the agent's instructions, with no budget.
"""

from skillkit.clients.agent_skills import DESCRIPTION, NAME, SHORT_DESCRIPTION_WARNS
from skillkit.clients.base import Client, ClientProfile, Limits, ListingBudget, Packaging, not_supported

CLIENT = Client(
    id="acme-agent",
    title="Acme Agent",
    summary="A made-up agent that loads skills from a folder of its own.",
    project_folders=("{CLIENT_FOLDER}",),
    user_folders=("~/{CLIENT_FOLDER}",),
    docs="https://example.com/acme/skills",
    keys=(NAME, DESCRIPTION),
    limits=Limits(name_chars=None, description_chars=None, note="None documented."),
    listing=ListingBudget("none", note="Every skill's name and description is in the instructions."),
    packaging=Packaging("folder", "{CLIENT_FOLDER}", carry=""),
    model_invocation=not_supported("Acme Agent documents no key for it."),
    user_invocation=not_supported("Acme Agent documents no key for it."),
{CLIENT_ALLOWED_TOOLS}    profile=ClientProfile("The Agent Skills spec as Acme Agent reads it: the keys it reads are known, "
                          "others are ignored (warning).", own_world=False, severities=(SHORT_DESCRIPTION_WARNS,)),
    skill_files=(),
)
'''
