"""Sphinx configuration for torchnp's documentation."""

import torchnp

project = "torchnp"
author = "torchnp developers"
release = torchnp.__version__
extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "numpydoc",
]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
exclude_patterns = ["_build"]
html_theme = "pydata_sphinx_theme"
html_title = "torchnp"
myst_heading_anchors = 3
numpydoc_show_class_members = False
numpydoc_validation_checks = set()
autosummary_generate = True
suppress_warnings = ["myst.header"]
nitpicky = False
