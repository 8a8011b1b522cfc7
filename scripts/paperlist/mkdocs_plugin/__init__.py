"""The MkDocs integration: the only package that imports MkDocs or Material."""

from paperlist.mkdocs_plugin.plugin import PaperlistPlugin

__all__ = ["PaperlistPlugin"]
