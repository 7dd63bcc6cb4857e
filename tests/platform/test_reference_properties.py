"""Property tests: the platform rules read files whose shape lint has not vouched for (lint runs
them beside the schema rules), so any data must give diagnostics, never an exception; and
versions order as semver.org says."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from skillkit.platform.inputs import from_data
from skillkit.platform.resolve import analyse
from skillkit.platform.versions import Version, latest, parse_version

NAMES = st.sampled_from(["a", "b", "fetch", "x y", ""])
VERSIONS = st.one_of(st.none(), st.integers(-1, 4), st.sampled_from(["1.0.0", "1.0.0-rc.1", "2", "bad", "01"]),
                     st.booleans(), st.floats(allow_nan=False, allow_infinity=False))
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-2, 5), st.text(max_size=4), NAMES)
REF = st.one_of(SCALARS, st.fixed_dictionaries({"name": NAMES | SCALARS}, optional={
    "version": VERSIONS, "preload": st.booleans() | SCALARS}))
REFS = st.one_of(SCALARS, st.lists(REF, max_size=4))
RECORD = st.one_of(SCALARS, st.fixed_dictionaries({}, optional={"modelName": NAMES | SCALARS, "tools": REFS}))
KINDS = st.sampled_from(["skill", "tool", "agent", "http"]) | SCALARS
STATES = st.sampled_from(["enabled", "disabled", "deleted", "odd"]) | SCALARS
VERSION_LISTS = st.one_of(st.lists(VERSIONS, max_size=3), SCALARS,
                          st.dictionaries(st.sampled_from(["1", "2", "1.0.0", "x"]), RECORD, max_size=3))
ACTION = st.one_of(SCALARS, st.fixed_dictionaries({"kind": KINDS}, optional={"state": STATES, "versions": VERSION_LISTS}))
SKILL = st.fixed_dictionaries({}, optional={"name": NAMES | SCALARS, "version": VERSIONS, "tools": REFS})
TOOL = st.fixed_dictionaries({}, optional={"name": NAMES | SCALARS, "version": VERSIONS, "modelName": NAMES | SCALARS})
AGENT = st.fixed_dictionaries({}, optional={"name": NAMES | SCALARS, "handler": st.sampled_from(["agent", "http"]),
                                            "tools": REFS, "skills": REFS})
CATALOG = st.fixed_dictionaries({}, optional={"actions": st.one_of(SCALARS, st.dictionaries(NAMES, ACTION,
                                                                                          max_size=4))})


@settings(max_examples=400)
@given(st.lists(SKILL, max_size=4), st.lists(TOOL, max_size=3), st.lists(AGENT, max_size=3), CATALOG | SCALARS)
def test_any_workspace_data_gives_diagnostics_never_an_exception(skills, tools, agents, catalog):
    sources = from_data([(f"skills/{i}/SKILL.md", s) for i, s in enumerate(skills)],
                        [("tool", f"tools/{i}.yaml", t) for i, t in enumerate(tools)]
                        + [("agent", f"agents/{i}.yaml", a) for i, a in enumerate(agents)]
                        + [("catalog", "catalog.yaml", catalog)])
    resolution = analyse(sources)
    assert resolution.lock_data()["lockVersion"] == 1
    assert isinstance(resolution.as_json()["agents"], list)
    assert resolution == analyse(sources)  # deterministic


@given(st.one_of(st.none(), st.booleans(), st.integers(), st.text(), st.floats()))
def test_parse_version_never_raises(value):
    version = parse_version(value)
    assert version is None or isinstance(version, Version)


SEMVER_ORDER = ["1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2",
                "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0", "1.2.0", "1.10.0", "2.0.0-rc.1", "2.0.0"]


def test_semantic_versions_order_by_precedence_a_prerelease_below_its_release():
    parsed = [parse_version(v) for v in SEMVER_ORDER]
    assert sorted(reversed(parsed)) == parsed  # the example list of semver.org, section 11, and more
    assert latest(frozenset(parsed)) == parse_version("2.0.0")


@given(st.permutations(SEMVER_ORDER))
def test_semver_order_does_not_depend_on_the_order_given(order):
    assert [str(v) for v in sorted(parse_version(v) for v in order)] == SEMVER_ORDER


def test_integer_versions_and_their_text_are_one_version():
    assert parse_version(3) == parse_version("3") and parse_version(10) > parse_version(9)
    assert parse_version(0) is None and parse_version(True) is None and parse_version("01") is None
    assert parse_version("1.0.0-01") is None  # semver: no leading zeros in numeric identifiers


def test_build_metadata_is_part_of_the_identity_not_the_precedence():
    plain, build = parse_version("1.0.0"), parse_version("1.0.0+build.5")
    assert plain != build and plain.key == build.key
    assert sorted([build, plain]) == [plain, build]  # ties order by text: deterministic
