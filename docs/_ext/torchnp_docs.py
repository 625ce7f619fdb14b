"""Sphinx extension: pages generated from the live torchnp package at build time.

On ``config-inited`` (before Sphinx lists the pages and autosummary writes its\nstubs) it writes (all
ignored by git):

- ``docs/api/<module>.rst``: one autosummary listing per public module (``torchnp``,
  ``torchnp.linalg``, ``torchnp.fft``, ``torchnp.random``, ``torchnp.testing``,
  ``torchnp.jit``), built from ``dir(module)``: a function added to the package
  appears in the reference without editing the docs. Objects that torchnp
  re-exports unchanged from NumPy (dtype classes, ``finfo``, exceptions, ...)
  are left out: their docstrings are NumPy's, documented by NumPy;
- ``docs/_generated/coverage.md`` (included, not a page): ``python -m torchnp coverage --markdown``;
- ``docs/_generated/benchmarks.md`` (+ ``chart.png``; paths are relative to ``docs/benchmarks.md``, which includes it): ``benchmarks/RESULTS.md`` and
  ``benchmarks/out/chart.png`` when they exist, else how to produce them.
"""

import importlib
import inspect
import io
import pathlib
import re
import shutil
import types

import numpy

ROOT = pathlib.Path(__file__).resolve().parents[2]

#: (module, NumPy module it mirrors, title)
MODULES = (
    ("torchnp", "numpy", "The torchnp namespace"),
    ("torchnp.linalg", "numpy.linalg", "torchnp.linalg"),
    ("torchnp.fft", "numpy.fft", "torchnp.fft"),
    ("torchnp.random", "numpy.random", "torchnp.random"),
    ("torchnp.testing", "numpy.testing", "torchnp.testing"),
    ("torchnp.jit", None, "torchnp.jit"),
)

UFUNCS = "Universal functions (ufunc objects)"
#: family module prefix -> section title (namespace page), in display order
FAMILIES = (
    ("torchnp._array", "The array object"),
    ("torchnp._dtypes", "Data types"),
    ("torchnp._device", "Devices"),
    ("torchnp._bridges", "Bridges to NumPy, torch and DLPack"),
    ("torchnp._convert", "Bridges to NumPy, torch and DLPack"),
    ("torchnp._creation", "Array creation"),
    ("torchnp._ufuncs._ufunc", UFUNCS),
    ("torchnp._ufuncs", "Elementwise functions"),
    ("torchnp._reductions", "Reductions, statistics, histograms"),
    ("torchnp._manipulation", "Array manipulation and indexing routines"),
    ("torchnp._sorting", "Sorting, searching, counting, sets"),
    ("torchnp._products", "Products"),
    ("torchnp._mathematical", "Mathematical functions"),
    ("torchnp._logic", "Logic functions"),
    ("torchnp._poly", "Polynomials"),
    ("torchnp._autodiff", "Automatic differentiation"),
    ("torchnp.jit", "Compilation"),
    ("torchnp._io", "Input and output"),
    ("torchnp._printing", "Printing"),
    ("torchnp._protocols", "Protocols and interoperability"),
    ("torchnp._interop", "Protocols and interoperability"),
    ("torchnp._misc", "Miscellaneous routines"),
)
OTHER = "Other functions"


def _is_reexport(obj, name, npmod):
    """True for objects torchnp takes unchanged from NumPy (documented by NumPy)."""
    if npmod is not None and getattr(npmod, name, object()) is obj:
        return True
    mod = getattr(obj, "__module__", None) or ""
    return not isinstance(mod, str) or not mod.startswith("torchnp")


def public_objects(modname, npname):
    """``[(name, obj)]``: the module's public callables that torchnp defines itself."""
    mod = importlib.import_module(modname)
    if not isinstance(mod, types.ModuleType):  # pragma: no cover
        return []
    npmod = importlib.import_module(npname) if npname else None
    names = getattr(mod, "__all__", None) if modname != "torchnp" else None
    names = sorted(set(names if names is not None else dir(mod)))
    out = []
    for name in names:
        if name.startswith("_"):
            continue
        obj = getattr(mod, name, None)
        if obj is None or isinstance(obj, types.ModuleType) or not callable(obj):
            continue
        if _is_reexport(obj, name, npmod):
            continue
        out.append((name, obj))
    return out


def _family(obj):
    from torchnp import ufunc

    if isinstance(obj, ufunc):
        return UFUNCS
    mod = getattr(obj, "__module__", "") or ""
    for prefix, title in FAMILIES:
        if mod == prefix or mod.startswith(prefix + "."):
            return title
    return OTHER


def _api_page(modname, npname, title):
    mod = importlib.import_module(modname)
    objs = public_objects(modname, npname)
    lines = [title, "=" * len(title), "", f".. currentmodule:: {modname}", ""]
    if npname:
        lines += [f"Public callables of ``{modname}``, mirroring ``{npname}``; this list is generated "
                  "from the package at build time. Objects re-exported unchanged from NumPy "
                  "(dtype classes, ``finfo``, ``iinfo``, exception classes, ...) are documented by NumPy.", ""]
    groups = {}
    if modname == "torchnp":
        for name, obj in objs:
            groups.setdefault(_family(obj), []).append(name)
        order = list(dict.fromkeys(t for _, t in FAMILIES))
        sections = [(t, groups[t]) for t in order if t in groups]
    else:
        sections = [(None, [n for n, _ in objs])]
    for sub, names in sections:
        if sub:
            lines += [sub, "-" * len(sub), ""]
        # a summary table linking to the entries below it, then the entries: one page per
        # module keeps the build fast (hundreds of pages cost minutes with this theme)
        lines += [".. autosummary::", "   :nosignatures:", ""] + [f"   {n}" for n in names] + [""]
        for n in names:
            directive = "autoclass" if inspect.isclass(getattr(mod, n)) else "autofunction"
            lines += [f".. {directive}:: {n}", ""]
    return "\n".join(lines)


def _coverage_page():
    from torchnp import _coverage

    buf = io.StringIO()
    _coverage.report(buf, markdown=True)
    return buf.getvalue()


def _benchmark_page(out_dir):
    results = ROOT / "benchmarks" / "RESULTS.md"
    chart = ROOT / "benchmarks" / "out" / "chart.png"
    parts = []
    if results.exists():
        text = results.read_text()
        # demote headings: the including page has the title
        text = "\n".join("#" + line if line.startswith("#") else line for line in text.splitlines())
        parts.append(re.sub(r"!\[([^\]]*)\]\(([^)\s]+)\)", lambda m: _copied_image(m, out_dir), text))
    else:
        parts.append("```{note}\nNo `benchmarks/RESULTS.md` was present when these pages were built. "
                     "Produce it with `python benchmarks/run.py --write-results` (add `--device cuda` "
                     "on a GPU) and rebuild the docs.\n```")
    target = out_dir / "chart.png"
    if chart.exists():
        shutil.copyfile(chart, target)
        parts.append("## Chart\n\nTime of each system relative to the faster of NumPy and raw torch, one panel per "
                     "group (log scale, lower is better; this build's `benchmarks/out/chart.png`):\n\n"
                     "```{image} _generated/chart.png\n:alt: benchmark chart\n:width: 100%\n```")
    else:
        if target.exists():
            target.unlink()
        parts.append("No chart (`benchmarks/out/chart.png`) was present at build time; "
                     "`python benchmarks/run.py` draws it.")
    return "\n\n".join(parts) + "\n"


def _copied_image(match, out_dir):
    """An image that RESULTS.md links (relative to benchmarks/): copied next to the page, or dropped."""
    alt, name = match.group(1), match.group(2)
    source = ROOT / "benchmarks" / name
    if not source.is_file():
        return f"(image `{name}` was not present at build time)"
    shutil.copyfile(source, out_dir / source.name)
    return f"![{alt}](_generated/{source.name})"


def _write(path, text):
    if not path.exists() or path.read_text() != text:
        path.write_text(text)


def generate(app, config=None):
    src = pathlib.Path(app.srcdir)
    api = src / "api"
    api.mkdir(exist_ok=True)
    for modname, npname, title in MODULES:
        _write(api / f"{modname}.rst", _api_page(modname, npname, title))
    out = src / "_generated"
    out.mkdir(exist_ok=True)
    _write(out / "coverage.md", _coverage_page())
    _write(out / "benchmarks.md", _benchmark_page(out))


def _ufunc_signature(app, what, name, obj, options, signature, return_annotation):
    """Autosummary tables treat ufunc objects as data; Sphinx 9 then crashes on the
    signature numpydoc reads from their docstring (IndexError). Answer first, with no
    signature (``()`` is a result that Sphinx ignores)."""
    from torchnp import ufunc

    if what == "data" and isinstance(obj, ufunc):
        return ()
    return None


def setup(app):
    app.connect("autodoc-process-signature", _ufunc_signature, priority=100)
    # on config-inited: before Sphinx lists the source files and autosummary writes its stubs
    app.connect("config-inited", generate)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
