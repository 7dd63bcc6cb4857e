"""Skill names: the rule `new` enforces and the names `import` makes from entry titles."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skillkit.authoring.names import MAX_NAME, name_problem, slugify, unique_name

VALID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


@pytest.mark.parametrize("name, reason", [
    ("", "cannot be empty"),
    ("x" * 65, "at most 64 characters"),
    ("Weather", "lower-case: try 'weather'"),
    ("my_skill", "only a-z, 0-9 and '-' (found '_'); try 'my-skill'"),
    ("../escape", "only a-z, 0-9 and '-'"),
    ("-weather", "cannot start or end with '-'"),
    ("weather-", "cannot start or end with '-'"),
    ("rainy--day", "doubled hyphen"),
    ("café", "only a-z, 0-9 and '-' (found 'é'); try 'cafe'"),
])
def test_an_invalid_name_says_why(name: str, reason: str) -> None:
    problem = name_problem(name)
    assert problem is not None and reason in problem


@pytest.mark.parametrize("name", ["a", "weather", "pdf-tables", "x" * 64, "1984", "yes"])
def test_valid_names_pass(name: str) -> None:
    assert name_problem(name) is None


@pytest.mark.parametrize("text, slug", [
    ("Sword of Dawn", "sword-of-dawn"),
    ("Меч Рассвета", "mech-rassveta"),
    ("Ἀθῆνα", "athina"),
    ("Straße nach Łódź", "strasse-nach-lodz"),
    ("Ｆｕｌｌｗｉｄｔｈ", "fullwidth"),
    ("  --The  Old__King--  ", "the-old-king"),
    ("東京", "dongjing"),
    ("café", "cafe"),
    ("😀", "grinning"),
    ("!!!", ""),
])
def test_slugify_transliterates_and_cleans(text: str, slug: str) -> None:
    assert slugify(text) == slug


def test_slugify_cuts_long_titles_at_a_hyphen() -> None:
    slug = slugify("the " * 30)
    assert len(slug) <= MAX_NAME and slug.endswith("the") and VALID.match(slug)


def test_unique_name_counts_up_and_stays_short() -> None:
    assert unique_name("sword", set()) == "sword"
    assert unique_name("sword", {"sword", "sword-2"}) == "sword-3"
    long = "x" * 64
    assert unique_name(long, {long}) == "x" * 62 + "-2"


@given(st.text(max_size=200))
def test_slugify_gives_a_valid_name_or_nothing(text: str) -> None:
    slug = slugify(text)
    assert slug == "" or (VALID.match(slug) and len(slug) <= MAX_NAME and name_problem(slug) is None)


@given(st.text(alphabet="ab-", min_size=1, max_size=70), st.sets(st.text(alphabet="ab-", max_size=70), max_size=20))
def test_unique_name_is_valid_and_free(seed: str, taken: set[str]) -> None:
    base = slugify(seed) or "entry"
    name = unique_name(base, taken)
    assert name not in taken and name_problem(name) is None
