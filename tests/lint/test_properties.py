"""Property tests: arbitrary bytes and arbitrary YAML never make the reader or lint raise or hang."""

from __future__ import annotations

import string
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skillkit.core.diagnostics import Diagnostic
from skillkit.core.frontmatter import parse_frontmatter
from skillkit.core.pipeline import Options, run
from skillkit.rules import RULESET
from skillkit.core.reader import decode
from skillkit.core.yamlparse import parse_yaml

GUARD = settings(max_examples=300, suppress_health_check=[HealthCheck.function_scoped_fixture])

yaml_scalars = st.one_of(
    st.text(alphabet=string.printable + "äß中\u2028\ufeff", max_size=20),
    st.sampled_from(["~", "null", "yes", "1e3", "0x1F", "2024-01-01", "&a x", "*a", "!!binary aGk=", "!!python/object:os.system",
                     "'quoted'", '"dq\\u0041"', "[a, b]", "{k: v}", "|", ">-", "? key", "---", "...", "%YAML 1.1", "- item"]),
)


@st.composite
def yaml_documents(draw: st.DrawFn) -> str:
    lines = []
    for _ in range(draw(st.integers(0, 12))):
        indent = " " * draw(st.integers(0, 6))
        key = draw(st.sampled_from(["name", "description", "when", "triggers", "tools", "examples", "config",
                                    "metadata", "scanDepth", "1", "- ", "? ", "<<", "version", ""]))
        lines.append(f"{indent}{key}: {draw(yaml_scalars)}" if not key.endswith(" ") else f"{indent}{key}{draw(yaml_scalars)}")
    return "\n".join(lines)


def check(found: list[Diagnostic]) -> None:
    for diagnostic in found:
        assert diagnostic.line >= 1 and diagnostic.column >= 1 and diagnostic.message


@GUARD
@given(st.binary(max_size=2048))
def test_reader_and_frontmatter_take_any_bytes(data: bytes) -> None:
    source, found = decode(data, "x/SKILL.md")
    check(found)
    if source is not None:
        _, _, more = parse_frontmatter(source)
        check(more)


@GUARD
@given(yaml_documents())
def test_yaml_parser_takes_any_yaml(text: str) -> None:
    check(parse_yaml(text, "f.yaml").diagnostics)
    check(parse_yaml(text, "f.yaml", scalar_keys=True).diagnostics)


@GUARD
@given(st.one_of(st.binary(max_size=1024), yaml_documents().map(lambda t: f"---\n{t}\n---\nBody\n".encode())),
       st.sampled_from(["skills/demo/SKILL.md", "tools/t.yaml", "agents/a.yaml", "scenes/s.yaml", "catalog.yaml"]))
def test_lint_takes_any_file(tmp_path_factory, data: bytes, relative: str) -> None:
    root = tmp_path_factory.mktemp("ws")
    (root / "skills").mkdir()  # a workspace root (DESIGN 5.1): there tools/, agents/... count
    target = root / relative
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data if relative.endswith(".md") else data.replace(b"---\n", b"", 1))
    result = run([Path(root)], Options(RULESET))
    check(list(result.diagnostics))
