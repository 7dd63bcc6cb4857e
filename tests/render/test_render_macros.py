"""Macros: `{{name}}` answers from the variables; what nothing answers is stripped."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skillkit.triggers import macros


def test_variables_answer_and_unknown_macros_are_stripped() -> None:
    text = "Hello {{user}}, I am {{ char }}. {{mood}}Ready."
    assert macros.render(text, {"user": "Alice", "char": "Bob"}) == "Hello Alice, I am Bob. Ready."


def test_user_and_char_are_variables_like_any_other() -> None:
    assert macros.render("{{user}}/{{char}}", {}) == "/"
    assert macros.render("{{user}}", {"user": "Ann"}) == "Ann"


def test_values_render_as_text_and_booleans_as_javascript_writes_them() -> None:
    assert macros.render("{{a}} {{b}} {{c}} {{d}}", {"a": 3, "b": 2.0, "c": True, "d": 1.5}) == "3 2 true 1.5"


def test_rendering_is_one_pass() -> None:
    # A value holding a macro is not expanded again: nothing can make rendering loop.
    assert macros.render("{{a}}", {"a": "{{a}}{{a}}"}) == "{{a}}{{a}}"


def test_names_are_case_sensitive() -> None:
    assert macros.render("{{User}}", {"user": "Ann"}) == ""


def test_unanswered_lists_what_renders_as_nothing() -> None:
    found = macros.unanswered("a {{x}} b {{ y }} {{x}}", {"y": 1})
    assert [(u.name, u.offset) for u in found] == [("x", 2), ("x", 18)]


def test_text_without_macros_is_returned_unchanged() -> None:
    assert macros.render("no braces { here }", {"x": 1}) == "no braces { here }"


@pytest.mark.parametrize("raw, expected", [("user=Ann", ("user", "Ann")), ("x=a=b", ("x", "a=b")),
                                           (" mood =", ("mood", ""))])
def test_var_assignments(raw: str, expected: tuple[str, str]) -> None:
    assert macros.parse_assignment(raw) == expected


@pytest.mark.parametrize("raw", ["user", "=Ann", "{a}=1"])
def test_bad_var_assignments(raw: str) -> None:
    with pytest.raises(ValueError):
        macros.parse_assignment(raw)


@given(st.text(), st.dictionaries(st.text(max_size=5), st.one_of(st.text(), st.integers(), st.booleans())))
def test_any_text_renders_without_error_and_leaves_no_answered_macro(text: str, variables: dict) -> None:
    rendered = macros.render(text, variables)
    assert isinstance(rendered, str)
    assert len(macros.render(rendered, {})) <= len(rendered)


@given(st.text())
def test_any_var_argument_parses_or_raises_value_error(raw: str) -> None:
    try:
        name, _ = macros.parse_assignment(raw)
    except ValueError:
        return
    assert name and "{" not in name
