"""From an abstract list to pages: parsing the list, and importing it without ever
undoing an editor's change."""
