"""The docs build with warnings as errors, every example in them runs, and every public
function has a docstring naming the NumPy function it mirrors (issue 10)."""

import doctest
import importlib
import inspect
import pathlib
import subprocess
import sys

import pytest

DOCS = pathlib.Path(__file__).resolve().parent.parent / "docs"
PAGES = sorted(p for p in DOCS.glob("*.md"))

sys.path.insert(0, str(DOCS / "_ext"))
import torchnp_docs  # noqa: E402  (the same public-name rule as the generated API reference)


#: pages whose examples show what host data gives (NumPy scalars, value checks that raise, NumPy's
#: random streams): deselected under --accelerator-rules, where the CPU takes an accelerator's path
HOST_PAGES = {"devices.md", "differences.md", "dtypes.md", "interop.md", "porting.md", "quickstart.md", "random.md"}


@pytest.mark.parametrize("page", [pytest.param(p, marks=pytest.mark.host_rules) if p.name in HOST_PAGES else p
                                  for p in PAGES], ids=lambda p: p.name)
def test_examples_in_page_run_and_print_what_they_show(page):
    # code fences (also indented ones, in lists) end an example's expected output, as a
    # blank line does for doctest
    text = "\n".join("" if line.lstrip().startswith("```") else line for line in page.read_text().splitlines())
    test = doctest.DocTestParser().get_doctest(text, {}, page.name, str(page), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0, f"{runner.failures} example(s) in {page.name} failed (output above)"


def test_sphinx_build_has_no_warnings(tmp_path):
    pytest.importorskip("sphinx", reason="the docs extra is part of the test extra; install .[test]")
    pytest.importorskip("numpydoc", reason="the docs extra is part of the test extra; install .[test]")
    proc = subprocess.run([sys.executable, "-m", "sphinx", "-W", "-q", "-b", "html", str(DOCS), str(tmp_path)],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def _mirrors(doc, obj, name, npname):
    """Does ``doc`` name the NumPy function that ``name`` mirrors?"""
    npmod = importlib.import_module(npname)
    npobj = getattr(npmod, name)
    # aliases (acos -> arccos, amax -> max) may name the function they alias instead
    names = {name, getattr(obj, "__name__", name), getattr(npobj, "__name__", name)}
    targets = [f"{npname}.{n}" for n in names]
    if npname == "numpy.random":  # legacy functions and Generator methods of the same name
        targets += [f"numpy.random.Generator.{n}" for n in names] + [f"numpy.random.RandomState.{n}" for n in names]
    return any(t in doc for t in targets)


def _docstring_problems():
    problems = []
    for modname, npname, _ in torchnp_docs.MODULES:
        npmod = importlib.import_module(npname) if npname else None
        for name, obj in torchnp_docs.public_objects(modname, npname):
            doc = inspect.getdoc(obj) or ""
            where = getattr(obj, "__module__", None) or type(obj).__module__
            if not doc.strip():
                problems.append(f"{modname}.{name} ({where}): no docstring")
            elif npmod is not None and hasattr(npmod, name) and not _mirrors(doc, obj, name, npname):
                problems.append(f"{modname}.{name} ({where}): the docstring does not name {npname}.{name}")
    return problems


#: Known gaps in modules that are still being written (reported to their owners, issue 10);
#: remove an entry when its docstring is fixed.
KNOWN_IN_FLUX = set()


def test_every_public_function_has_a_docstring_naming_what_it_mirrors():
    problems = [p for p in _docstring_problems() if p.split(" ")[0] not in KNOWN_IN_FLUX]
    assert not problems, "\n".join(["public callables with a missing or incomplete docstring:", *problems])


def test_ufunc_docstrings_are_generated_from_the_table():
    import torchnp

    doc = torchnp.sin.__doc__
    assert doc.startswith("Trigonometric sine, element-wise.")
    assert "``torch.sin``" in doc and "numpy.sin : " in doc  # See Also section (numpydoc)


def test_api_reference_lists_the_live_namespace():
    import torchnp

    names = {n for n, _ in torchnp_docs.public_objects("torchnp", "numpy")}
    assert {"sin", "asarray", "grad", "jit", "ndarray", "DeviceMismatchError"} <= names
    assert "float64" not in names and "finfo" not in names  # NumPy's own objects: documented by NumPy
    page = torchnp_docs._api_page("torchnp.linalg", "numpy.linalg", "torchnp.linalg")
    assert ".. autofunction:: norm" in page
    assert torchnp.linalg.norm is not None


def _host_kernel_rows():
    """(first column, whole row) of each row of docs/devices.md's "Which kernel runs on host data" table."""
    section = (DOCS / "devices.md").read_text().split("### Which kernel runs on host data", 1)[1]
    section = section.split("\n#", 1)[0]
    return [(line.split("|")[1], line) for line in section.splitlines() if line.startswith("| ") and "---" not in line][1:]


def _size_words(n):
    """How the table states a row's smallest size (``Kernel.min_size``)."""
    if n == 0:
        return "every size"
    if n >= 10_000 and str(n).rstrip("0") == "1":
        return f"from 10^{len(str(n)) - 1} elements"
    return f"from {n:,} elements".replace(",", " ") if n >= 10_000 else f"from {n} elements"


#: KERNELS rows the table names by what a program writes
_SPELLED = {"gather": "x[idx]", "scatter": "x[idx] = v", "mask": "x[mask]", "accumulate_other": "subtract.accumulate",
            "reduce_other": "subtract.reduce"}


def test_host_kernel_table_names_every_decision_of_the_code():
    """§7 (the best kernel on the host): every row of ``_cpu_kernels.KERNELS`` and every host
    reduction is in the table of docs/devices.md, in a row that states its smallest size, and
    the tiny path's bound is the code's."""
    import re

    from torchnp import _array, _cpu_kernels

    rows = _host_kernel_rows()
    assert len(rows) > 10

    def named(op, row):
        return any(name.rpartition(".")[2] == op or name == _SPELLED.get(op) for name in re.findall(r"`([^`]+)`", row))

    wrong = []
    decisions = [(op, k.min_size) for op, k in _cpu_kernels.KERNELS.items()]
    decisions += [(op, 0) for op in _cpu_kernels.HOST_REDUCTIONS]
    for op, size in decisions:
        mine = [row for first, row in rows if named(op, first)]
        if not any(_size_words(size) in row for row in mine):
            wrong.append(f"{op} ({_size_words(size)}): " + ("; ".join(mine) or "not in the table"))
    assert not wrong, "docs/devices.md's host-kernel table disagrees with the code:\n" + "\n".join(wrong)
    assert any(f"`TINY_HOST` ({_array.TINY_HOST})" in first for first, _ in rows)
