"""`skillkit server`: a Language Server (LSP 3.17, stdio) over lint's core.

One module per concern: the state of the workspaces and open documents (state.py, over
core/live.py), diagnostics, hover, completion, code actions, navigation, the client's
settings, positions in the client's encoding. pygls and lsprotocol are imported only here,
when the server starts: `skillkit lint` never loads them."""

from __future__ import annotations


def serve() -> None:
    """Answer LSP on standard input and output until the client says exit."""
    from skillkit.server.app import build

    build().start_io()
