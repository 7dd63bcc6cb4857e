"""The ids of checked rules (skillkit/rules/) that code below the rules also reports or names:
the core's fallback for an unknown skill key, and the studio's, the pack's and the CLI's own
reports of what those rules check. One place, so a rule's id is spelt once outside its module
(tests/lint/test_finding_ids.py holds every one to the registry)."""

UNKNOWN_FIELD = "unknown-field"    # rules/agent_skills.py: a skill key no profile knows
SCENE_LINKS = "scene-links"        # rules/scenes.py: a scene's links (studio/scene.py reads them too)
PRESET_SLOTS = "preset-slots"      # rules/rendered_prompt.py: a preset's slots (the studio render reports them)
REFERENCES = "references"          # rules/agent_skills.py: a body's links (the pack's preflight checks them)
NAME_UNIQUE = "name-unique"        # rules/naming.py: one name per client scope
