"""`skillkit server`: the language server, for editors."""

from __future__ import annotations

import typer


def server(
    stdio: bool = typer.Option(True, "--stdio/--no-stdio", help="Talk LSP on standard input and output (the "
                               "only transport; accepted because editors pass it)."),
) -> None:
    """Run the language server (LSP 3.17) on standard input and output, for an editor to start.

    It reports what `skillkit lint` reports as you type (the workspace's settings apply), and
    adds hover documentation for fields and rules, completion of keys, values, skill and tool
    names and bundled files, the fixes and suppressions as code actions, links and go to
    definition. The README's "Editors" section sets it up in VS Code, Neovim, Helix and Zed.

    Exit 0 when the client ends the session; 2 when standard input is a terminal (a person,
    not an editor, started it)."""
    import sys

    from skillkit.core.errors import UsageError

    if not stdio:
        raise UsageError("skillkit server talks over standard input and output only: drop --no-stdio")
    if sys.stdin.isatty():
        raise UsageError("skillkit server is started by an editor, which talks LSP on its standard input; "
                         "see the README's \"Editors\" section")
    from skillkit.server import serve

    serve()
