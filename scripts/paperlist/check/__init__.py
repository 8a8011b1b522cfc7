"""`paperlist check`: every problem of every page, at its line, with the fix."""
