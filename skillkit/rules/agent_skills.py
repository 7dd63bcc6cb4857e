"""The Agent Skills spec: field portability and the body's size and references."""

from __future__ import annotations

from typing import Iterable

from skillkit.core.diagnostics import Severity
from skillkit.core.documents import SkillDoc
from skillkit.core.fields import SKILL
from skillkit.core.fields.skill import BODY_MAX_LINES, BODY_MAX_TOKENS
from skillkit.core.linkgraph import (MARKDOWN_SUFFIXES, SKILL_FILE, SKILL_FOLDER_PREFIXES, Edge, local_target, shown,
                                     skill_graph)
from skillkit.core.markdown import read_markdown
from skillkit.core.suggest import closest
from skillkit.rules.fix_edits import rename_key, tools_list
from skillkit.rules.base import Fix, Hit, RuleContext, skill_rule
from skillkit.tokens.estimate import estimate_tokens


@skill_rule("description-multiline", Severity.WARNING)
def description_multiline(doc: SkillDoc, ctx: RuleContext) -> Iterable[Hit]:
    """A description of more than one line is folded into one by clients, so line breaks the
    author placed (lists, headings) are lost where a model reads it."""
    value = doc.data.get("description")
    if isinstance(value, str) and "\n" in value.strip():
        lines = value.strip().count("\n") + 1
        yield Hit(doc.path, *doc.at("description"), f"`description` has {lines} lines; clients fold it into one")


def _typo_of(field_name: str, value: object, data: dict[str, object]) -> bool:
    """Whether a key near `field_name` stands in for it: the field is not set itself, and the
    value has its shape (a scalar counts for a list field, as `trigger: rain` meant a list).
    `agents: [claude-code, codex]` beside Claude Code's string `agent` is a key of its own."""
    if field_name in data:
        return False
    from jsonschema import Draft202012Validator

    schema = SKILL.field(field_name).schema  # type: ignore[union-attr]
    check = Draft202012Validator(schema)
    return check.is_valid(value) or (schema.get("type") == "array" and check.is_valid([value]))


@skill_rule("unknown-field", Severity.WARNING, fix=Fix(rename_key, safe=False))
def unknown_field(doc: SkillDoc, ctx: RuleContext) -> Iterable[Hit]:
    """A frontmatter key that the profile's worlds do not define.

    The default profile knows every world's fields, Claude Code's documented keys included;
    `agent-skills` and `claude-api` know only the open spec's (where another key is an error:
    the reference validator rejects it); `claude-code` also knows Claude Code's own keys.

    A key one or two edits from a skill field (`trigger` for `triggers`, `desciption`,
    `allowed_tools`) is an error that says which field it likely meant: the field it was meant
    to set is silently unset, and a typo never works in any client. It stays a warning when that
    field is set too (`Name` beside `name`) or the value does not have the field's shape
    (`agents: [claude-code, codex]` is no typo of the string `agent`), and when the field is a
    studio or platform one, the skill holds no other field of that world and it sits in a
    client's own folder or plugin (`trigger:` in a `.claude/skills/` skill is that client's
    key, not the studio's `triggers`). Other unknown keys
    are a warning (clients ignore them; many tools add their own).

    Fix (`skillkit lint --fix --unsafe-fixes`; unsafe): a key one edit from exactly one field,
    which is not set, is renamed to it (`alowed-tools:` -> `allowed-tools:`); with two fields as
    close, or two edits away, there is no fix. Unsafe: the renamed key takes effect, and
    `allowed-tools` restricts what the skill may run where the typo restricted nothing."""
    known = {f.name for f in SKILL.fields if f.world == "all" or f.world in ctx.profile.worlds}
    known |= ctx.profile.extra_keys
    every_field = [f.name for f in SKILL.fields]
    for key in doc.data:
        if key in known:
            continue
        owner = next((f.world for f in SKILL.fields if f.name == key), None)
        if owner:
            yield Hit(doc.path, *doc.at_key(key),
                      f"unknown key `{key}` (a {owner} field, outside the `{ctx.profile.name}` profile)")
        elif (meant := closest(key, every_field)) is not None and _typo_of(meant, doc.data[key], doc.data):
            # a typo of a studio or platform field, in a client's own folder or plugin and a skill of no
            # such field, is that client's own key (`trigger: ...` in a Claude Code plugin): said, not failed
            owner_world = SKILL.field(meant).world  # type: ignore[union-attr]
            uses = owner_world not in ("studio", "platform") or owner_world == ctx.profile.name or any(
                f.world == owner_world for f in SKILL.fields if f.name in doc.data) or not _clients_own(doc)
            yield Hit(doc.path, *doc.at_key(key), f"unknown key `{key}` (did you mean `{meant}`?)",
                      Severity.ERROR if uses else None)
        else:
            yield Hit(doc.path, *doc.at_key(key), f"unknown key `{key}` (not a skill field)")


def _clients_own(doc: SkillDoc) -> bool:
    """Whether only a client loads the skill: it is in a client's own folder or a plugin."""
    from skillkit.core.loading import CLIENTS_OWN, Groups

    group = Groups().of(str(doc.file))
    return group is not None and group.kind in CLIENTS_OWN


@skill_rule("allowed-tools-list", Severity.WARNING, world="agent-skills", fix=Fix(tools_list))
def allowed_tools_list(doc: SkillDoc, ctx: RuleContext) -> Iterable[Hit]:
    """`allowed-tools` is a space-separated string in the Agent Skills spec. Claude Code also
    accepts a YAML list, other clients do not: a list is a portability warning.

    Fix (`skillkit lint --fix`): a list of tool names, none holding a space, on one line
    (`[Read, Grep]`) or as a block of `- name` lines, becomes the string `"Read Grep"`."""
    if isinstance(doc.data.get("allowed-tools"), list):
        yield Hit(doc.path, *doc.at("allowed-tools"),
                  "`allowed-tools` is a YAML list; the spec's form is one space-separated string")


@skill_rule("body-size", Severity.WARNING, world="agent-skills")
def body_size(doc: SkillDoc, ctx: RuleContext) -> Iterable[Hit]:
    """The Agent Skills spec recommends a body under 500 lines and about 5,000 tokens; move
    detail into reference files that load only when needed. Tokens are estimated (ASCII
    characters / 4, one per other character), close enough for "about"; `skillkit render`
    counts exactly."""
    lines = doc.body.count("\n") + (0 if doc.body.endswith("\n") or not doc.body else 1)
    if lines > BODY_MAX_LINES:
        yield Hit(doc.path, doc.split.body_line, 1, f"the body is {lines:,} lines; the spec recommends under {BODY_MAX_LINES}")
    tokens = estimate_tokens(doc.body)
    if tokens > BODY_MAX_TOKENS:
        yield Hit(doc.path, doc.split.body_line, 1,
                  f"the body is about {tokens:,} tokens; the spec recommends under about {BODY_MAX_TOKENS:,}")


def local_links(text: str, first_line: int = 1) -> Iterable[tuple[int, int, str]]:
    """(line, column, target) of a Markdown text's links to local files, outside code: the
    one reading (core/markdown.py), targets decoded and without fragment or query."""
    for link in read_markdown(text, first_line).links:
        target = local_target(link.target)
        if target is not None:
            yield link.line, link.column, target


def _edge_problem(edge: Edge) -> str | None:
    if not edge.exists and edge.target.startswith(".") and not edge.target.startswith(("./", "../")):
        return None  # `[lineage](.dbt-wiki/lineage.md)`: a hidden folder of the user's project, not the skill's
    if edge.rel is None:
        if not edge.exists:
            return f"broken link: `{edge.target}` does not exist (it points outside the skill's folder)"
        return f"`{edge.target}` is outside the skill's folder and does not travel with it"
    if edge.exists:
        return None
    if edge.source == SKILL_FILE or "/" not in edge.source or edge.target.startswith(SKILL_FOLDER_PREFIXES):
        return f"`{edge.target}` does not exist"
    # Written from a nested file, a path meant from the skill's top lands one folder deeper.
    return f"`{edge.target}` does not exist (from `{edge.source}` it points at `{edge.rel}`; links resolve " \
           "from the folder of the file that holds them)"


@skill_rule("references", Severity.WARNING, world="agent-skills", bodily=True)
def references(doc: SkillDoc, ctx: RuleContext) -> Iterable[Hit]:
    """Files the body and the skill's own Markdown files link to exist inside the skill's
    folder, one level deep.

    - A link to a file that is not there is broken wherever the skill is installed. A link in
      `references/details.md` resolves from `references/`: `references/more.md` written there
      points at `references/references/more.md` (write `more.md`, or `{baseDir}/references/more.md`).
    - A link that leaves the skill's folder (`../x.md`) points at a file that does not travel
      with it; when nothing is there either, it is a broken link, and says so.
    - Files under `assets/` are templates and material the skill copies, not instructions:
      their links (placeholders such as `[Screenshot](path/to/screenshot.png)`) are not followed;
      nor are a README's, a changelog's or a licence's (for people browsing the repository).
      An ellipsis (`[the skill](...)`) stands for a link; a missing target in a hidden folder
      (`.dbt-wiki/lineage.md`) is a path of the user's project the skill writes, not its own.
    - Links are checked when the frontmatter is missing or broken too.
    - The spec asks to keep references one level deep from SKILL.md: a linked Markdown file that
      links on to a further Markdown file, one SKILL.md does not link itself, makes a chain a
      model may only partly read (links back to SKILL.md, to pages SKILL.md links too, and to
      images or scripts are no chain).

    Links are read as CommonMark reads them: inline links, images, reference definitions
    (`[r1]: refs/x.md`) and HTML `href` / `src`; code blocks and code spans hold none."""
    graph = skill_graph(doc)
    direct = {e.rel for e in graph.edges_from(SKILL_FILE)}
    for edge in graph.edges:
        problem = _edge_problem(edge)
        if problem is not None:
            yield Hit(doc.path if edge.source == SKILL_FILE else shown(doc, edge.source), edge.line, edge.column, problem)
        elif edge.source == SKILL_FILE and edge.rel is not None and edge.rel.lower().endswith(".md"):
            # a chain: a Markdown file reached only through this one (not back to SKILL.md, not
            # one SKILL.md links itself: that one is one level deep already)
            onward = [e.target for e in graph.edges_from(edge.rel) if e.rel is not None and e.exists
                      and e.rel.lower().endswith(MARKDOWN_SUFFIXES) and e.rel not in direct
                      and e.rel not in (edge.rel, SKILL_FILE)]
            if onward:
                yield Hit(doc.path, edge.line, edge.column,
                          f"`{edge.target}` links on to `{onward[0]}`: keep references one level deep from SKILL.md")


RULES = (description_multiline, unknown_field, allowed_tools_list, body_size, references)
