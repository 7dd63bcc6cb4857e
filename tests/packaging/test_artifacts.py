"""Derived files are generated from the registries; a committed copy that drifts fails here."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile

import pytest
from jsonschema import Draft202012Validator

from skillkit.core.artifacts import HOOK_MANIFEST, hook_manifest_text, schema_dir_files
from skillkit.rules import RULESET
from tests.conftest import REPO


@pytest.mark.parametrize("name", sorted(schema_dir_files(RULESET)))
def test_committed_schema_dir_matches_the_registry(name):
    committed = (REPO / "schemas" / name).read_text(encoding="utf-8")
    assert committed == schema_dir_files(RULESET)[name], f"schemas/{name} drifted: run `skillkit schema`"


def test_hook_manifest_matches_the_code():
    assert (REPO / HOOK_MANIFEST).read_text(encoding="utf-8") == hook_manifest_text()


@pytest.mark.parametrize("path", sorted((REPO / "schemas").glob("*.schema.json")), ids=lambda p: p.name)
def test_generated_schemas_are_valid_draft_2020_12(path):
    Draft202012Validator.check_schema(json.loads(path.read_text(encoding="utf-8")))


def test_schema_check_command(cli, tmp_path):
    assert cli("schema", "--check", cwd=REPO).code == 0
    assert cli("schema", "--dir", tmp_path / "out").code == 0
    stale = tmp_path / "out" / "skill.schema.json"
    stale.write_text("{}\n")
    outcome = cli("schema", "--check", "--dir", tmp_path / "out")
    assert outcome.code == 1 and "skill.schema.json" in outcome.stderr


def test_python_dash_m_and_version():
    done = subprocess.run([sys.executable, "-m", "skillkit", "--version"], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and done.stdout.startswith("skillkit ")


@pytest.mark.slow
def test_wheel_carries_schemas_and_templates(tmp_path):
    """An installed skillkit finds schemas/ and templates/ without the source tree."""
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(REPO)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    wheel = next(tmp_path.glob("*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    for name in schema_dir_files(RULESET):
        assert f"skillkit/_data/schemas/{name}" in names
    assert any(n.startswith("skillkit/_data/templates/") for n in names)
    # Installed into a folder of its own, not a venv: a venv made from inside a venv (even with
    # --system-site-packages) loses the outer one's packages. PYTHONPATH puts the wheel's copy
    # first; the dependencies come from the environment running the tests, venv or not.
    target = tmp_path / "installed"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), str(wheel)],
                   check=True)
    env = {**os.environ, "PYTHONPATH": str(target)}
    skill = tmp_path / "ws" / "demo"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: demo\ndescription: Installed check.\n---\nBody.\n")
    done = subprocess.run([sys.executable, "-m", "skillkit", "lint", str(skill.parent)], capture_output=True, text=True,
                          cwd=tmp_path, env=env, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    located = subprocess.run([sys.executable, "-c", "import skillkit; from skillkit.core.resources import data_dir; "
                              "print(skillkit.__file__); print(data_dir('schemas'))"],
                             capture_output=True, text=True, cwd=tmp_path, env=env, check=True).stdout
    assert located.startswith(str(target)) and "_data" in located and str(REPO) not in located


def test_the_skill_model_defaults_are_the_field_registrys():
    """The registry is the one source of defaults; the model's own must not drift from it."""
    import dataclasses

    from skillkit.core.fields import SKILL
    from skillkit.core.model import Skill

    attribute = {"secondaryTriggers": "secondary_triggers", "triggerLogic": "trigger_logic",
                 "selectiveLogic": "selective_logic", "caseSensitive": "case_sensitive",
                 "matchWholeWords": "match_whole_words", "scanDepth": "scan_depth",
                 "closeWhenUnmentioned": "close_when_unmentioned"}
    model = {f.name: f.default for f in dataclasses.fields(Skill)}
    for field in SKILL.fields:
        name = attribute.get(field.name, field.name)
        if field.has_default and name in model:
            default = tuple(field.default) if isinstance(field.default, list) else field.default
            assert model[name] == default, field.name
