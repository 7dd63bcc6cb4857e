"""`plugin-hooks`: a Claude Code plugin's `hooks/hooks.json` in the shape Claude Code reads."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable

from skillkit.core.diagnostics import Severity
from skillkit.core.errors import InputError
from skillkit.core.jsonread import load_json
from skillkit.core.paths import display
from skillkit.core.reader import read_text
from skillkit.core.suggest import closest
from skillkit.rules.base import Hit, RuleContext, WorkspaceView, workspace_rule

HOOKS_FILE = ("hooks", "hooks.json")
# The events Claude Code's hooks reference lists; it adds events now and then, so another
# name is a warning with a did-you-mean, not an error.
EVENTS = ("PreToolUse", "PermissionRequest", "PostToolUse", "PostToolUseFailure", "PostToolBatch", "Notification",
          "UserPromptSubmit", "UserPromptExpansion", "Stop", "StopFailure", "SubagentStart", "SubagentStop",
          "TeammateIdle", "TaskCreated", "TaskCompleted", "PreCompact", "PostCompact", "SessionStart", "SessionEnd",
          "InstructionsLoaded", "ConfigChange", "PermissionDenied", "Elicitation", "ElicitationResult", "Setup")
SHAPE = '{"hooks": {"PreToolUse": [{"matcher": "Write", "hooks": [{"type": "command", "command": "..."}]}]}}'


def _line(text: str, needle: str) -> int:
    at = text.find(needle)
    return 1 if at < 0 else text.count("\n", 0, at) + 1


def _groups(event: str, groups: Any, text: str, path: str) -> Iterable[Hit]:
    """An event's matcher groups: a list of `{matcher?, hooks: [{type, ...}]}`."""
    line = _line(text, f'"{event}"')
    if not isinstance(groups, list):
        yield Hit(path, line, 1, f"`hooks.{event}` must be a list of matcher groups ({SHAPE})")
        return
    for index, group in enumerate(groups):
        handlers = group.get("hooks") if isinstance(group, dict) else None
        if not isinstance(handlers, list):
            yield Hit(path, line, 1, f"`hooks.{event}[{index}]` must be an object whose `hooks` is a list of "
                      f"handlers ({SHAPE})")
            continue
        for number, handler in enumerate(handlers):
            if not isinstance(handler, dict) or not isinstance(handler.get("type"), str):
                yield Hit(path, line, 1, f"`hooks.{event}[{index}].hooks[{number}]` needs a `type` "
                          "(`command`, `prompt`, `http`, ...): Claude Code skips a handler without one")


def check_hooks(text: str, path: str) -> Iterable[Hit]:
    """The findings of one hooks file's text, shown as `path`."""
    try:
        data = load_json(text, path)
    except InputError as exc:
        yield Hit(path, 1, 1, f"not valid JSON: {str(exc).removeprefix(f'{path}: ')}")
        return
    if not isinstance(data, dict):
        yield Hit(path, 1, 1, f"a hooks file is a JSON object with a `hooks` object ({SHAPE})")
        return
    hooks = data.get("hooks")
    line = _line(text, '"hooks"')
    if isinstance(hooks, list):
        yield Hit(path, line, 1, "`hooks` is an array; Claude Code wants an object keyed by event (`PreToolUse`, "
                  f"`PostToolUse`, `SessionStart`, ...), so none of these hooks runs: {SHAPE}")
        return
    if not isinstance(hooks, dict):
        yield Hit(path, line, 1, f"a hooks file needs a `hooks` object keyed by event ({SHAPE})")
        return
    for event, groups in hooks.items():
        if event not in EVENTS:
            meant = closest(event, list(EVENTS))
            hint = f" (did you mean `{meant}`?)" if meant else ""
            yield Hit(path, _line(text, f'"{event}"'), 1, f"`{event}` is no hook event Claude Code knows{hint}: "
                      "its hooks never run", Severity.WARNING)
        yield from _groups(event, groups, text, path)


@workspace_rule("plugin-hooks", Severity.ERROR, world="claude-code")
def plugin_hooks(view: WorkspaceView, ctx: RuleContext) -> Iterable[Hit]:
    """A Claude Code plugin's `hooks/hooks.json` (beside its `.claude-plugin/`) is a JSON
    object whose `hooks` is an object keyed by event, each event a list of matcher groups,
    each group's `hooks` a list of handlers with a `type`.

    Claude Code reads nothing else: `"hooks": [...]` (an array, as some plugins write it) or a
    handler without `type` is skipped, and the plugin installs with hooks that never run.
    An event name Claude Code does not list is a warning with a did-you-mean (new events
    arrive with new versions).

    Example: `{"hooks": [{"event": "PreToolUse", ...}]}`. Fix:
    `{"hooks": {"PreToolUse": [{"matcher": "Write", "hooks": [{"type": "command", "command": "..."}]}]}}`."""
    for plugin in view.plugins:
        file = Path(plugin, *HOOKS_FILE)
        if not file.is_file():
            continue
        shown = display(file)
        try:
            source, _ = read_text(file, shown)
        except InputError:
            source = None
        if source is not None:
            yield from check_hooks(source.text, shown)



RULES = (plugin_hooks,)
