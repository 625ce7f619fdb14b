"""The package's import structure (DESIGN §7, issue 14): imports form a DAG, and core never
imports a family.

The imports are read from the source with ``ast``, both those at module level and those made
inside functions (a lazy import still expresses a dependency, so it counts as an edge). What
a module loads by name at run time (``importlib.import_module``: the lazily loaded
``polynomial`` and ``array_api``) is no edge: those modules sit above the namespace that
loads them.
"""

import ast
from pathlib import Path

import pytest

import torchnp

ROOT = Path(torchnp.__file__).parent

#: the core layers of §7: the array object, dtypes, devices, tensor-level rules, conversion, the
#: API boundary, indexing, printing and the bridges. Everything else under torchnp is a family,
#: a submodule or a layer on top (protocols, interop, jit), which core never imports.
CORE = {"_array", "_tensors", "_dtypes", "_device", "_convert", "_boundary", "_indexing", "_printing",
        "_bridges", "_cpu_kernels", "_threaded", "_host_only"}


def package_modules(root=ROOT, package="torchnp"):
    """``{dotted name: (source text, is a package)}`` for every module under ``root``."""
    mods = {}
    for path in sorted(root.rglob("*.py")):
        parts = [package, *path.relative_to(root).with_suffix("").parts]
        is_pkg = parts[-1] == "__init__"
        if is_pkg:
            parts.pop()
        mods[".".join(parts)] = (path.read_text(), is_pkg)
    return mods


def _target(module, is_pkg, level, name):
    if not level:
        return name
    base = module.split(".") if is_pkg else module.split(".")[:-1]
    base = base[:len(base) - (level - 1)]
    return ".".join(base + ([name] if name else []))


def import_edges(mods):
    """``{(importer, imported): "module" or "function"}`` between the modules of ``mods``
    ("module": some import of it runs at import time)."""
    edges = {}

    def add(a, b, top):
        if b in mods and b != a and edges.get((a, b)) != "module":
            edges[(a, b)] = "module" if top else "function"

    def visit(module, is_pkg, node, top):
        for child in ast.iter_child_nodes(node):
            inner = top and not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if isinstance(child, ast.ImportFrom):
                base = _target(module, is_pkg, child.level, child.module)
                for alias in child.names:  # ``from . import x``: x may be a submodule
                    sub = f"{base}.{alias.name}"
                    add(module, sub if sub in mods else base, top)
            elif isinstance(child, ast.Import):
                for alias in child.names:
                    add(module, alias.name, top)
            visit(module, is_pkg, child, inner)

    for module, (source, is_pkg) in mods.items():
        visit(module, is_pkg, ast.parse(source), True)
    return edges


def cycles(nodes, edges):
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    graph = {n: [] for n in nodes}
    for a, b in edges:
        graph[a].append(b)
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def connect(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for n in sorted(nodes):
        if n not in index:
            connect(n)
    return found


def _layer(module):
    """The top-level part of torchnp a module belongs to (``torchnp._ufuncs._ufunc`` -> ``_ufuncs``)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


MODULES = package_modules()
EDGES = import_edges(MODULES)


def test_the_imports_are_read():
    # the reader sees the package's real structure (a guard against a reader that finds nothing)
    assert {"torchnp._array", "torchnp._ufuncs._ufunc", "torchnp.linalg._decomp"} <= set(MODULES)
    assert EDGES[("torchnp._convert", "torchnp._array")] == "module"
    assert "function" in EDGES.values()  # lazy imports are read too
    assert set(CORE) <= {_layer(m) for m in MODULES}


def test_imports_form_a_dag():
    """§7: no two modules import each other, directly or through others (lazy imports count)."""
    found = cycles(MODULES, EDGES)
    lines = []
    for component in found:
        members = set(component)
        lines.append("cycle: " + ", ".join(component))
        lines += [f"    {a} -> {b} ({kind} level)" for (a, b), kind in sorted(EDGES.items())
                  if a in members and b in members]
    assert not found, "\n".join(lines)


def test_core_never_imports_a_family():
    """§7: core (dtypes, devices, the array object, conversion, the boundary, indexing,
    printing) imports only core at module level: families build on it, never the reverse."""
    bad = sorted(f"{a} -> {b}" for (a, b), kind in EDGES.items()
                 if kind == "module" and _layer(a) in CORE and _layer(b) not in CORE)
    assert not bad, "core modules importing a family or a layer above them:\n" + "\n".join(bad)


@pytest.mark.parametrize("sources, expected", [
    ({"p/__init__.py": "", "p/a.py": "from . import b\n", "p/b.py": "def f():\n    from .a import x\n"},
     [["p.a", "p.b"]]),
    ({"p/__init__.py": "from .a import *\n", "p/a.py": "def f():\n    import p\n"}, [["p", "p.a"]]),
    ({"p/__init__.py": "", "p/a.py": "from . import b\n", "p/b.py": "import importlib\n"}, []),
])
def test_the_cycle_finder_finds_cycles(tmp_path, sources, expected):
    for name, text in sources.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    mods = package_modules(tmp_path / "p", "p")
    assert cycles(mods, import_edges(mods)) == expected


#: what ``import torchnp`` leaves unimported (§7, §8.1): SciPy and the other optional libraries; the
#: submodules that torchnp and NumPy import on first use (``torchnp.testing`` imports ``numpy.testing``,
#: ``np.ma``/``char``/``strings``/``rec`` are NumPy's own); torch's compiler stack, which ``torchnp.jit``
#: imports at its first compile; and ``torch._numpy``, which torchnp never uses
NOT_AT_IMPORT = ("scipy", "pandas", "xarray", "dask", "matplotlib", "sklearn", "numpy.testing", "numpy.ma",
                 "numpy.char", "numpy.strings", "numpy.rec", "numpy.polynomial", "torchnp.testing",
                 "torchnp.polynomial", "torchnp.array_api", "torch._dynamo", "torch._inductor", "torch._numpy")


def test_import_torchnp_leaves_optional_and_lazy_modules_unimported():
    import json
    import subprocess
    import sys

    code = ("import json, sys, numpy, torchnp; loaded = sorted(sys.modules); "
            "same = [getattr(torchnp, n) is getattr(numpy, n) for n in ('char', 'strings', 'rec', 'ma')]; "
            "torchnp.testing.assert_array_equal(torchnp.arange(3), [0, 1, 2]); "
            "print(json.dumps([loaded, same, sorted(set(('char', 'ma', 'testing', 'polynomial')) - set(dir(torchnp)))]))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    loaded, same, not_listed = json.loads(out)
    early = sorted(m for m in loaded if any(m == n or m.startswith(n + ".") for n in NOT_AT_IMPORT))
    assert not early, f"import torchnp imported {early}: import them where they are used (§7)"
    assert same == [True] * 4  # §2.5: NumPy's own modules, loaded on first use
    assert not_listed == []  # dir(torchnp) lists the lazily imported names


def test_import_torchnp_keeps_the_users_gc_setting_and_collects_nothing_while_importing():
    # issue 23: the collector is off while importing and the import's objects are frozen; the
    # user's setting (enabled or disabled, thresholds) is as it was, and TORCHNP_GC_FREEZE=0 opts out
    import json
    import os
    import subprocess
    import sys

    code = ("import gc, json, sys; gc.set_threshold(500, 7, 9); {pre}; runs = []; "
            "gc.callbacks.append(lambda phase, info: runs.append(info['generation']) if phase == 'start' else None); "
            "frozen = gc.get_freeze_count(); import torchnp; "
            "print(json.dumps([gc.isenabled(), gc.get_threshold(), runs, gc.get_freeze_count() > frozen]))")
    env = dict(os.environ)
    for pre, enabled in (("pass", True), ("gc.disable()", False)):
        out = subprocess.run([sys.executable, "-c", code.format(pre=pre)], capture_output=True, text=True,
                             check=True, env=env).stdout
        enabled_after, threshold, runs, froze = json.loads(out)
        # no full collection (a young one may run while Python finds the package, before its first line)
        assert [enabled_after, threshold, froze] == [enabled, [500, 7, 9], True] and 2 not in runs
    env["TORCHNP_GC_FREEZE"] = "0"
    out = subprocess.run([sys.executable, "-c", code.format(pre="pass")], capture_output=True, text=True,
                         check=True, env=env).stdout
    enabled_after, threshold, runs, froze = json.loads(out)
    assert [enabled_after, threshold, froze] == [True, [500, 7, 9], False] and 2 not in runs
