"""paperlist: a conference's abstract list as a searchable, editable static-site catalogue."""

from pathlib import Path

__version__ = "0.1.0"

#: Files shipped inside the package: the taxonomy and schemas (data/), the site's scripts
#: and styles (assets/). Every module finds them here, whatever subpackage it is in.
DATA_DIR = Path(__file__).resolve().parent / "data"
ASSETS_DIR = Path(__file__).resolve().parent / "assets"
