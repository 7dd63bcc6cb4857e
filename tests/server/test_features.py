"""Hover, completion, code actions, links, definitions, symbols, settings and cross-file
updates, each through the real server over stdio on a copy of the example workspace."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types

from tests.conftest import WORKSPACE
from tests.server import lsp_helpers as lsp

pytestmark = pytest.mark.asyncio

TYPO = "---\nname: typo\ndesciption: A skill with a typo'd key.\n---\nDo the thing.\n"


@pytest_lsp.fixture(config=lsp.SERVER)
async def client(lsp_client: pytest_lsp.LanguageClient):
    yield
    await lsp_client.shutdown_session()


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    target = tmp_path / "ws"
    shutil.copytree(WORKSPACE, target)
    (target / "skills" / "typo").mkdir()
    (target / "skills" / "typo" / "SKILL.md").write_text(TYPO, encoding="utf-8")
    return target


def doc(file: Path) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri=lsp.uri(file))


async def test_hover_on_a_key_shows_the_field_and_on_a_suppression_the_rule(client, ws):
    await lsp.start(client, [ws])
    weather = ws / "skills" / "weather" / "SKILL.md"
    lsp.open_file(client, weather)
    found = await client.text_document_hover_async(types.HoverParams(doc(weather), types.Position(5, 3)))
    assert "scanDepth" in found.contents.value and "default: `2`" in found.contents.value
    assert "studio" in found.contents.value
    hushed = ws / "skills" / "summarize" / "SKILL.md"
    text = hushed.read_text(encoding="utf-8").replace("\n---\n", "  # skillkit: ignore[body-blank]\n---\n", 1)
    lsp.open_file(client, hushed, text)
    line = text.split("\n").index(next(x for x in text.split("\n") if "ignore[body-blank]" in x))
    column = text.split("\n")[line].index("body-blank") + 2
    found = await client.text_document_hover_async(types.HoverParams(doc(hushed), types.Position(line, column)))
    assert found.contents.value.startswith("**`body-blank`**")


async def test_hover_on_a_finding_shows_its_rule(client, ws):
    await lsp.start(client, [ws])
    typo = ws / "skills" / "typo" / "SKILL.md"
    lsp.open_file(client, typo)
    await lsp.published(client, [typo])
    found = await client.text_document_hover_async(types.HoverParams(doc(typo), types.Position(2, 2)))
    assert "did you mean `description`" in found.contents.value and "unknown-field" in found.contents.value


async def test_completion_of_keys_values_skills_tools_and_links(client, ws):
    await lsp.start(client, [ws])
    weather = ws / "skills" / "weather" / "SKILL.md"
    text = weather.read_text(encoding="utf-8").replace("scanDepth: 2\n", "scanDepth: 2\nsel\nwhen: \n")
    lsp.open_file(client, weather, text)
    keys = await client.text_document_completion_async(types.CompletionParams(doc(weather), types.Position(6, 3)))
    labels = {i.label for i in keys.items}
    assert "selectiveLogic" in labels and "caseSensitive" in labels and "scanDepth" not in labels  # written already
    assert next(i for i in keys.items if i.label == "selectiveLogic").documentation.value.startswith("**`selectiveLogic`")
    values = await client.text_document_completion_async(types.CompletionParams(doc(weather), types.Position(7, 6)))
    assert {i.label for i in values.items} == {"always", "mentioned", "picked"}

    scene = ws / "scenes" / "tavern.yaml"
    lsp.open_file(client, scene, "skills: [greeting, ]\n")
    found = await client.text_document_completion_async(types.CompletionParams(doc(scene), types.Position(0, 19)))
    assert {"weather", "sword", "pdf-tables"} <= {i.label for i in found.items}

    agent = ws / "agents" / "account-reviewer.yaml"
    lines = agent.read_text(encoding="utf-8").split("\n")
    lsp.open_file(client, agent, "\n".join(lines))
    at = next(i for i, x in enumerate(lines) if "name: get_account_activity" in x)
    tools = await client.text_document_completion_async(types.CompletionParams(doc(agent), types.Position(at, 12)))
    assert "get_account_activity" in {i.label for i in tools.items}
    versions = await client.text_document_completion_async(types.CompletionParams(doc(agent), types.Position(at + 1, 13)))
    assert {"1", "2"} <= {i.label for i in versions.items}
    names = await client.text_document_completion_async(types.CompletionParams(
        doc(agent), types.Position(next(i for i, x in enumerate(lines) if "{name: summarize}" in x), 12)))
    assert "review-activity" in {i.label for i in names.items}

    tables = ws / "skills" / "pdf-tables" / "SKILL.md"
    body = tables.read_text(encoding="utf-8") + "See [the script](\n"
    lsp.open_file(client, tables, body)
    last = len(body.split("\n")) - 2
    links = await client.text_document_completion_async(types.CompletionParams(doc(tables), types.Position(last, 17)))
    assert {"scripts/extract.py", "references/REFERENCE.md"} <= {i.label for i in links.items}


async def test_code_actions_rename_suppress_and_fix(client, ws):
    await lsp.start(client, [ws])
    typo = ws / "skills" / "typo" / "SKILL.md"
    lsp.open_file(client, typo)
    finding = next(d for d in (await lsp.published(client, [typo]))[typo] if d.code == "unknown-field")
    found = await client.text_document_code_action_async(types.CodeActionParams(
        doc(typo), finding.range, types.CodeActionContext(diagnostics=[finding])))
    titles = [a.title for a in found]
    assert titles[0] == "Rename `desciption` to `description`" and found[0].is_preferred
    assert "Suppress `unknown-field` on this line" in titles and "Suppress `unknown-field` in this file" in titles
    [edit] = found[0].edit.changes[lsp.uri(typo)]
    line = TYPO.split("\n")[2]
    assert edit.range.start.line == edit.range.end.line == 2  # the least edit: the missing letter
    assert line[:edit.range.start.character] + edit.new_text + line[edit.range.end.character:] == \
        "description: A skill with a typo'd key."
    hush = next(a for a in found if a.title == "Suppress `unknown-field` on this line").edit.changes[lsp.uri(typo)][0]
    assert hush.new_text == "  # skillkit: ignore[unknown-field]" and hush.range.start.line == 2

    bom = ws / "skills" / "bom"
    bom.mkdir()
    (bom / "SKILL.md").write_text("\ufeff---\nname: bom\ndescription: With a mark.\n---\nBody.\n", encoding="utf-8")
    lsp.open_file(client, bom / "SKILL.md")
    mark = next(d for d in (await lsp.published(client, [bom / "SKILL.md"]))[bom / "SKILL.md"]
                if d.code == "byte-order-mark")
    found = await client.text_document_code_action_async(types.CodeActionParams(
        doc(bom / "SKILL.md"), mark.range, types.CodeActionContext(diagnostics=[mark])))
    fix = found[0]
    assert fix.is_preferred and fix.title.startswith("Fix `byte-order-mark`")
    [edit] = fix.edit.changes[lsp.uri(bom / "SKILL.md")]
    assert edit.new_text == "" and (edit.range.start.character, edit.range.end.character) == (0, 1)


async def test_body_suppression_goes_above_the_line(client, ws):
    await lsp.start(client, [ws])
    skill = ws / "skills" / "greeting" / "SKILL.md"
    text = "---\nname: greeting\ndescription: Greets.\n---\n# Hi\n\nSay hi to {{stranger}}.\n"
    lsp.open_file(client, skill, text)
    found = (await lsp.published(client, [skill]))[skill]
    macro = next(d for d in found if d.code == "macro-unanswered")
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        doc(skill), macro.range, types.CodeActionContext(diagnostics=[macro])))
    [hush] = [a for a in actions if a.title.startswith("Suppress")]
    [edit] = hush.edit.changes[lsp.uri(skill)]
    assert edit.new_text.strip() == "<!-- skillkit: ignore[macro-unanswered] -->" and edit.range.start.line == 6


async def test_links_definitions_and_symbols(client, ws):
    await lsp.start(client, [ws])
    tables = ws / "skills" / "pdf-tables" / "SKILL.md"
    lsp.open_file(client, tables)
    links = await client.text_document_document_link_async(types.DocumentLinkParams(doc(tables)))
    assert [lsp.path(link.target) for link in links] == [ws / "skills" / "pdf-tables" / "references" / "REFERENCE.md"]
    line = tables.read_text(encoding="utf-8").split("\n")[links[0].range.start.line]
    assert line[links[0].range.start.character:links[0].range.end.character] == "references/REFERENCE.md"

    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(doc(tables)))
    assert [s.name for s in symbols] == ["PDF tables"]

    scene = ws / "scenes" / "tavern.yaml"
    lsp.open_file(client, scene)
    found = await client.text_document_definition_async(types.DefinitionParams(doc(scene), types.Position(0, 21)))
    assert lsp.path(found.uri) == ws / "skills" / "weather" / "SKILL.md"
    agent = ws / "agents" / "account-reviewer.yaml"
    lines = agent.read_text(encoding="utf-8").split("\n")
    lsp.open_file(client, agent)
    tool_line = next(i for i, x in enumerate(lines) if "name: get_account_activity" in x)
    found = await client.text_document_definition_async(types.DefinitionParams(doc(agent), types.Position(tool_line, 14)))
    assert lsp.path(found.uri) == ws / "tools" / "get_account_activity.yaml"
    skill_line = next(i for i, x in enumerate(lines) if "{name: summarize}" in x)
    found = await client.text_document_definition_async(types.DefinitionParams(
        doc(agent), types.Position(skill_line, lines[skill_line].index("summarize") + 2)))
    assert lsp.path(found.uri) == ws / "skills" / "summarize" / "SKILL.md"


async def test_a_cross_file_rule_updates_when_another_file_changes(client, ws):
    """name-unique: renaming one skill to another's name reports both; the open other file is
    published again without being touched."""
    await lsp.start(client, [ws])
    sword, lore = ws / "skills" / "sword" / "SKILL.md", ws / "skills" / "lore" / "SKILL.md"
    lsp.open_file(client, sword)
    lsp.open_file(client, lore)
    await lsp.published(client, [sword, lore])
    text = sword.read_text(encoding="utf-8").replace("name: sword", "name: lore")
    lsp.change(client, sword, text, 2)
    for _ in range(10):
        found = await lsp.next_publish(client, lore)
        if any(d.code == "name-unique" for d in found):
            break
    assert any(d.code == "name-unique" for d in found)
    lsp.change(client, sword, sword.read_text(encoding="utf-8"), 3)
    for _ in range(10):
        found = await lsp.next_publish(client, lore)
        if not any(d.code == "name-unique" for d in found):
            break
    assert not any(d.code == "name-unique" for d in found)


async def test_deleting_a_linked_skill_reports_the_scene(client, ws):
    await lsp.start(client, [ws])
    scene = ws / "scenes" / "tavern.yaml"
    lsp.open_file(client, scene)
    assert not (await lsp.published(client, [scene]))[scene]
    shutil.rmtree(ws / "skills" / "lore")
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[types.FileEvent(
        uri=lsp.uri(ws / "skills" / "lore" / "SKILL.md"), type=types.FileChangeType.Deleted)]))
    found = await lsp.next_publish(client, scene)
    assert [d.code for d in found] == ["scene-links"] and "'lore'" in found[0].message


async def test_settings_apply_and_are_read_again_when_saved(client, ws):
    await lsp.start(client, [ws], settings={"select": ["unknown-field"]})
    typo, weather = ws / "skills" / "typo" / "SKILL.md", ws / "skills" / "weather" / "SKILL.md"
    lsp.open_file(client, typo)
    assert [d.code for d in (await lsp.published(client, [typo]))[typo]] == ["unknown-field"]  # only the selected
    settings = ws / "skillkit.yaml"
    settings.write_text(settings.read_text(encoding="utf-8") + "per-file-ignores:\n  skills/typo/SKILL.md: [unknown-field]\n",
                        encoding="utf-8")
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[types.FileEvent(
        uri=lsp.uri(settings), type=types.FileChangeType.Changed)]))
    assert await lsp.next_publish(client, typo) == []
    del weather


async def test_utf8_positions_when_the_client_asks(client, ws):
    result = await lsp.start(client, [ws], encodings=[types.PositionEncodingKind.Utf8])
    assert result.capabilities.position_encoding == types.PositionEncodingKind.Utf8
    skill = ws / "skills" / "typo" / "SKILL.md"
    text = "---\nname: typo\ndescription: Ünïcödé 😀 first\nwhen: sometimes\n---\nBody.\n"
    lsp.open_file(client, skill, text)
    found = (await lsp.published(client, [skill]))[skill]
    when = next(d for d in found if d.code == "trigger-fields")
    assert (when.range.start.line, when.range.start.character, when.range.end.character) == (3, 6, 15)


async def test_a_huge_or_broken_file_is_answered(client, ws):
    await lsp.start(client, [ws])
    skill = ws / "skills" / "typo" / "SKILL.md"
    lsp.open_file(client, skill, "---\nname: [\n" + "x" * (2 * 1024 * 1024))
    found = (await lsp.published(client, [skill]))[skill]
    assert [d.code for d in found] == ["file-too-large"]
    for method in (client.text_document_hover_async(types.HoverParams(doc(skill), types.Position(1, 3))),
                   client.text_document_completion_async(types.CompletionParams(doc(skill), types.Position(1, 3))),
                   client.text_document_code_action_async(types.CodeActionParams(
                       doc(skill), found[0].range, types.CodeActionContext(diagnostics=found)))):
        await method  # answered, not raised
