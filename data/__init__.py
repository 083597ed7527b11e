"""Map, unit and scenario data shipped with Warboard, as JSON files beside this module.

Each file's source and licence are in ``data/README.md``. Nothing here knows any rules: the loaders in
``rules/`` read these files and validate them.
"""

import json
from functools import cache
from importlib import resources
from typing import Any


@cache
def load_json(relative_path: str) -> Any:
    """Parse a packaged data file, e.g. ``load_json("risk/classic.json")``; parsed once per process."""
    text = resources.files(__name__).joinpath(relative_path).read_text(encoding="utf-8")
    return json.loads(text)
