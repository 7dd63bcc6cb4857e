"""The agent platform's world: the catalog of actions and versions, skill and tool references,
tool merging when skills load, and the lock file (`skillkit resolve`)."""
