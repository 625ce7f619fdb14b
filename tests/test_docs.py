"""The docs build with warnings as errors, and every example in them runs (issue 10)."""

import doctest
import pathlib
import subprocess
import sys

import pytest

DOCS = pathlib.Path(__file__).resolve().parent.parent / "docs"
PAGES = sorted(p for p in DOCS.glob("*.md"))


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_examples_in_page_run_and_print_what_they_show(page):
    # code fences end an example's expected output, as a blank line does for doctest
    text = "\n".join("" if line.startswith("```") else line for line in page.read_text().splitlines())
    test = doctest.DocTestParser().get_doctest(text, {}, page.name, str(page), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0, f"{runner.failures} example(s) in {page.name} failed (output above)"


def test_sphinx_build_has_no_warnings(tmp_path):
    pytest.importorskip("sphinx", reason="the docs extra is part of the test extra; install .[test]")
    proc = subprocess.run([sys.executable, "-m", "sphinx", "-W", "-q", "-b", "html", str(DOCS), str(tmp_path)],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
