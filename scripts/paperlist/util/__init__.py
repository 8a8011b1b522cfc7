"""Helpers with no paperlist knowledge: work on the other core, atomic writes, text
primitives (URLs, plurals, control characters)."""
