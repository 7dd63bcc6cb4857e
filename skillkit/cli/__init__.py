"""The Typer layer: one thin module per command. Options in, core call, reporter, exit code."""
