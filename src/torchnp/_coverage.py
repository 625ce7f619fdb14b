"""Coverage of NumPy's public API by torchnp (``python -m torchnp coverage``).

Rule for "public NumPy names" of a module M (``numpy``, ``numpy.linalg``,
``numpy.fft``, ``numpy.random``), measured against the installed NumPy:

1. every name in ``dir(M)`` that does not start with ``_``;
2. minus submodules (attributes that are modules, e.g. ``numpy.linalg``; they
   are reported on their own line, those that cannot exist on torch in
   ``UNSUPPORTED_SUBMODULES`` with a reason, and the four above get their own table);
3. minus NumPy's tooling that is not array API: ``NOT_API`` (``test``,
   ``show_config``, ...).

Each remaining name is *present* when ``torchnp`` (or the matching torchnp
submodule) has an attribute of that name, else *unsupported* when it is in
``UNSUPPORTED`` (things torch cannot hold: datetimes, strings, objects, record
and masked arrays, ...; each with a one-line reason), else *missing*.
Percentages are reported two ways: present / all public names (the headline),
and present / (public names - unsupported).
"""

import argparse
import importlib
import sys
import types
import warnings

import numpy

__all__ = ["NOT_API", "UNSUPPORTED", "UNSUPPORTED_SUBMODULES", "MODULES", "coverage", "report", "main"]

MODULES = ("numpy", "numpy.linalg", "numpy.fft", "numpy.random")

#: NumPy tooling, not part of the array API (excluded from the counts).
NOT_API = {
    "test": "NumPy's own pytest runner",
    "show_config": "NumPy build configuration",
    "show_runtime": "NumPy runtime/CPU-feature report",
    "get_include": "path to NumPy's C headers",
}


#: Names that cannot exist on torch, with the reason (one table, DESIGN §2.5).
UNSUPPORTED = {
    "memmap": "a file-backed host buffer; torch tensors on devices cannot map files",
    "nested_iters": "exposes NumPy's C iterator internals (nditer pairs)",
    "geterrcall": "torch raises no floating-point errors, so there is nothing to call back",
    "seterrcall": "torch raises no floating-point errors, so there is nothing to call back",
}

#: NumPy submodules that cannot exist on torch (or are NumPy internals), with the reason.
UNSUPPORTED_SUBMODULES = {
    "ctypeslib": "ctypes pointers into host memory; device tensors have no ctypes view",
    "f2py": "Fortran wrapper generator for host code",
    "lib": "NumPy's implementation package (its public functions are at top level)",
    "typing": "static type aliases for NumPy's own classes",
}

_SUBMODULE_OF_TORCHNP = {"numpy": "torchnp", "numpy.linalg": "torchnp.linalg",
                         "numpy.fft": "torchnp.fft", "numpy.random": "torchnp.random"}


def _public(mod):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        names, subs = [], []
        for n in dir(mod):
            if n.startswith("_") or n in NOT_API:
                continue
            try:
                obj = getattr(mod, n)
            except AttributeError:
                continue
            (subs if isinstance(obj, types.ModuleType) else names).append(n)
    return sorted(names), sorted(subs)


def coverage(module="numpy"):
    """Coverage of one NumPy module: a dict with ``present``, ``missing``,
    ``unsupported`` (name -> reason), ``submodules`` (name -> bool), ``total``,
    ``percent`` and ``percent_supportable``."""
    np_mod = importlib.import_module(module)
    tn_mod = importlib.import_module(_SUBMODULE_OF_TORCHNP[module])
    names, subs = _public(np_mod)
    present = [n for n in names if hasattr(tn_mod, n)]
    unsupported = {n: UNSUPPORTED[n] for n in names if n in UNSUPPORTED and not hasattr(tn_mod, n)}
    missing = [n for n in names if not hasattr(tn_mod, n) and n not in unsupported]
    total = len(names)
    supportable = total - len(unsupported)
    return {
        "module": module, "present": present, "missing": missing, "unsupported": unsupported,
        "submodules": {s: hasattr(tn_mod, s) for s in subs if s not in UNSUPPORTED_SUBMODULES or hasattr(tn_mod, s)},
        "unsupported_submodules": {s: UNSUPPORTED_SUBMODULES[s] for s in subs
                                   if s in UNSUPPORTED_SUBMODULES and not hasattr(tn_mod, s)},
        "total": total,
        "percent": 100.0 * len(present) / total if total else 100.0,
        "percent_supportable": 100.0 * len(present) / supportable if supportable else 100.0,
    }


def _text(c, stream):
    w = stream.write
    w(f"{c['module']}: {len(c['present'])}/{c['total']} public names ({c['percent']:.1f}%); "
      f"{c['percent_supportable']:.1f}% of the {c['total'] - len(c['unsupported'])} supportable on torch\n")
    if c["missing"]:
        w(f"  missing ({len(c['missing'])}): " + ", ".join(c["missing"]) + "\n")
    for n, why in c["unsupported"].items():
        w(f"  unsupported: {n}: {why}\n")
    if c["submodules"]:
        w("  submodules: " + ", ".join(f"{s} ({'yes' if ok else 'no'})" for s, ok in c["submodules"].items()) + "\n")
    for n, why in c["unsupported_submodules"].items():
        w(f"  unsupported submodule: {c['module']}.{n}: {why}\n")


def _markdown(cs, stream):
    w = stream.write
    w("| NumPy module | present | public names | coverage | coverage of supportable | missing |\n")
    w("|---|---:|---:|---:|---:|---|\n")
    for c in cs:
        miss = ", ".join(f"`{n}`" for n in c["missing"]) or "-"
        w(f"| `{c['module']}` | {len(c['present'])} | {c['total']} | {c['percent']:.1f}% | "
          f"{c['percent_supportable']:.1f}% | {miss} |\n")
    w("\n| unsupported name | module | reason |\n|---|---|---|\n")
    for c in cs:
        for n, why in c["unsupported"].items():
            w(f"| `{n}` | `{c['module']}` | {why} |\n")
        for n, why in c["unsupported_submodules"].items():
            w(f"| `{c['module']}.{n}` (submodule) | `{c['module']}` | {why} |\n")
    subs = [f"`{c['module']}.{n}`: {'yes' if ok else 'no'}" for c in cs for n, ok in c["submodules"].items()]
    if subs:
        w("\nSubmodules: " + ", ".join(subs) + "\n")


def report(stream=sys.stdout, markdown=False, modules=MODULES):
    """Print the coverage of ``modules`` (text, or a Markdown table for docs); returns the coverage dicts."""
    cs = [coverage(m) for m in modules]
    if markdown:
        _markdown(cs, stream)
    else:
        for c in cs:
            _text(c, stream)
    return cs


def main(argv=None):
    """Command line: ``python -m torchnp coverage [--markdown] [--module numpy.fft ...]``."""
    parser = argparse.ArgumentParser(prog="python -m torchnp coverage",
                                     description="How much of NumPy's public API torchnp covers.")
    parser.add_argument("--markdown", action="store_true", help="emit Markdown tables (for docs/)")
    parser.add_argument("--module", action="append", choices=MODULES,
                        help="restrict to these NumPy modules (repeatable)")
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["coverage"]:
        argv = argv[1:]
    args = parser.parse_args(argv)
    report(sys.stdout, markdown=args.markdown, modules=tuple(args.module or MODULES))
    return 0


if __name__ == "__main__":
    sys.exit(main())
