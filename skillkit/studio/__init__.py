"""The studio world: which skills are on in a turn, and the prompt they make."""
