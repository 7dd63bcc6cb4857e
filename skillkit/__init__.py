"""skillkit: lint, simulate, render, resolve and pack skills for chat and agent models."""

__version__ = "0.1.0"
