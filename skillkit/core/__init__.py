"""The shared pipeline every command uses: read -> parse -> validate -> model.

Nothing in here prints or exits; it returns values and diagnostics.
"""
