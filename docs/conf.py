"""Sphinx configuration for torchnp's documentation.

Build (warnings are errors): ``python -m sphinx -W -b html docs docs/_build/html``.
The API reference, the supported-API table and the benchmark page are generated
from the installed package at build time by ``_ext/torchnp_docs.py``.
"""

import pathlib
import sys

import torchnp

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "_ext"))

project = "torchnp"
author = "torchnp developers"
release = torchnp.__version__
extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "numpydoc",
    "torchnp_docs",
]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
exclude_patterns = ["_build", "_generated"]

html_theme = "pydata_sphinx_theme"
html_title = "torchnp"
myst_heading_anchors = 3
numpydoc_show_class_members = False
numpydoc_validation_checks = set()
autosummary_generate = False
autosummary_ignore_module_all = False
suppress_warnings = ["myst.header"]
nitpicky = False
# ~500 generated pages: a collapsed sidebar keeps the per-page navigation cheap to render
html_theme_options = {"collapse_navigation": True, "navigation_depth": 2, "show_nav_level": 1,
                      "secondary_sidebar_items": ["page-toc"]}
