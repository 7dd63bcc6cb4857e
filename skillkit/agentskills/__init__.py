"""Agent Skills views: the `<available_skills>` listing and the listing budgets clients apply."""
