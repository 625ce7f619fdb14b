"""Mutation testing of torchnp's numeric core, module by module (issue 24; CONTRIBUTING.md
"Mutation testing").

Each module is mutated with mutmut's mutation operators (2.x), one mutant at a time, and only
the tests that execute the mutated line run against each mutant (coverage with one context per
test maps lines to tests in one baseline run), so a mutant survives exactly when no covering test
notices it; a mutant on a line no test executes survives without a run (a test gap). Not part of
CI (slow).

    pip install -e ".[dev]"
    nice -n 19 python tools/mutate.py padding          # one module (names: see MODULES)
    nice -n 19 python tools/mutate.py padding kernels  # several, one after the other
    nice -n 19 python tools/mutate.py --limit 120 kernels   # the first 120 mutants only
    nice -n 19 python tools/mutate.py --sample 50 padding   # a seeded random sample of 50 mutants
    nice -n 19 python tools/mutate.py --sample 50 --seed 3 padding   # another seed, another sample
    nice -n 19 python tools/mutate.py --survivors padding   # rerun only the last run's survivors
    python tools/mutate.py --report                    # scores and survivors of what ran
    nice -n 19 python tools/mutate.py --check _reductions/_sums.py:125 tests/test_reductions.py -k nan
                                 # every mutant of one line against the given tests (no baseline)

The default runner is in-process: torch, torchnp and the test modules are imported once, then
every mutant runs in a forked child that executes the mutated module's source and swaps the code
of its functions (boundary twins included) into the live objects, so a mutant costs its tests'
run, not a torch import (~10x faster), and of those tests only the ones that execute its line,
quickest first, with ``-x``. ``--mutmut`` runs ``mutmut run`` instead (mutant written
into the source file, a fresh ``pytest`` per mutant; results in ``.mutmut-cache``).

Results: ``.mutation/<module>.json`` (ignored by git); surviving mutants are either killed by a new
test or listed, with the reason they are equivalent, in tests/mutation/survivors.md.
"""

import json
import os
import pathlib
import signal
import sqlite3
import subprocess
import sys
import time
import types

ROOT = pathlib.Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "torchnp"
PY = sys.executable

#: name -> (path under src/torchnp, pytest arguments selecting the tests that cover it)
MODULES = {
    "padding": ("_manipulation/_padding.py", ["tests/test_manipulation.py", "tests/test_jit.py", "-k", "pad"]),  # + np.jit of pad
    "kernels": ("_ufuncs/_kernels.py", ["tests/test_ufuncs.py"]),  # every table row, special values
    "reductions": ("_reductions", ["tests/test_reductions.py", "tests/test_statistics.py", "tests/test_histograms.py",
                                   "tests/test_correctness.py"]),
    "sorting": ("_sorting", ["tests/test_sorting.py", "tests/test_indexing_routines.py"]),
    "linalg": ("linalg", ["tests/test_linalg.py", "tests/test_products.py", "tests/test_cpu_kernels.py"]),  # + host kernels
    "creation": ("_creation", ["tests/test_creation.py"]),
    "scipy-special": ("scipy/special", ["tests/test_scipy_special.py"]),  # torchnp.scipy's most numeric
    # the other numeric torchnp.scipy subpackages (issue 24 item 5), each with the test files that
    # exercise it (their cases live in tests/scipy_cases/<name>.py, imported by those files)
    "scipy-sparse": ("scipy/sparse", ["tests/test_scipy_sparse.py"]),
    "scipy-sparse-linalg": ("scipy/sparse/linalg.py", ["tests/test_scipy_sparse.py"]),  # the solvers alone
    "scipy-sparse-base": ("scipy/sparse/_base.py", ["tests/test_scipy_sparse.py"]),  # the arrays alone
    "scipy-optimize": ("scipy/optimize", ["tests/test_scipy_optimize.py", "tests/test_scipy_optimize_scalar.py"]),
    "scipy-integrate": ("scipy/integrate", ["tests/test_scipy_integrate.py", "tests/test_scipy_integrate_options.py",
                                            "tests/test_scipy_integrate_stiff.py", "tests/test_scipy_ivp.py"]),
    "scipy-signal": ("scipy/signal", ["tests/test_scipy_signal.py"]),
    "scipy-linalg": ("scipy/linalg", ["tests/test_scipy_linalg.py"]),
    "scipy-ndimage": ("scipy/ndimage", ["tests/test_scipy_ndimage.py"]),
    "scipy-stats": ("scipy/stats", ["tests/test_scipy_stats.py"]),
    "scipy-interpolate": ("scipy/interpolate", ["tests/test_scipy_interpolate.py"]),
    "scipy-spatial": ("scipy/spatial", ["tests/test_scipy_spatial.py"]),
    "scipy-fft": ("scipy/fft", ["tests/test_scipy_fft.py"]),
}


#: the rule sets each module's tests run under: the host's (NumPy's kernels on host data, the tiny
#: host path) and an accelerator's on the CPU (conftest's --accelerator-rules: torch's own paths,
#: which host data never reaches); a mutant is killed when a test fails under either
RULES = {"host": [], "accelerator": ["--accelerator-rules"]}


def runner(tests):
    """The command mutmut runs per mutant: the covering tests, stopping at the first failure, on the
    CI hypothesis profile with a fixed seed (a mutant must not survive by the luck of the draw)."""
    args = " ".join(tests)
    return (f"{PY} -m pytest -x -q -p no:cacheprovider --hypothesis-seed=0 "
            f"-W ignore {args}")


def _files(path):
    p = SRC / path
    return [p] if p.is_file() else sorted(f for f in p.rglob("*.py"))


def _mutants(file):
    """The mutation ids of every mutant mutmut makes of ``file`` (cheap: nothing is mutated yet)."""
    import mutmut

    return mutmut.list_mutations(mutmut.Context(source=file.read_text(), filename=str(file)))


def _mutated(file, mid):
    """The source of ``file`` with mutant ``mid`` applied (mutmut parses the file per mutant, so only
    the mutants that run are made)."""
    import mutmut

    mutated, n = mutmut.mutate(mutmut.Context(source=file.read_text(), mutation_id=mid, filename=str(file)))
    return mutated if n else None


def _module_name(file):
    return ".".join(file.relative_to(ROOT / "src").with_suffix("").parts).removesuffix(".__init__")


def _nested(old, new, pairs):
    """Pair the code objects nested in code ``old`` (inner functions, lambdas) with their mutated
    twins in ``new``, by position and name: ``pairs[id(old code)] = (old code, new code)``."""
    olds = [c for c in old.co_consts if isinstance(c, types.CodeType)]
    news = [c for c in new.co_consts if isinstance(c, types.CodeType)]
    if [c.co_name for c in olds] == [c.co_name for c in news]:
        for o, n in zip(olds, news):
            pairs[id(o)] = (o, n)
            _nested(o, n, pairs)


def _swap(old, new, pairs=None):
    """Give live function ``old`` the code of ``new`` (False where their closures differ); the code
    nested in it is paired in ``pairs`` (closures a factory made at import take it later)."""
    if old.__code__.co_freevars != new.__code__.co_freevars:
        return False
    if pairs is not None:
        _nested(old.__code__, new.__code__, pairs)
    for oc, nc in zip(old.__closure__ or (), new.__closure__ or ()):  # a decorator's wrapper: the
        try:                                                          # function it wraps takes the mutant
            o, n = oc.cell_contents, nc.cell_contents
        except ValueError:  # an empty cell
            continue
        if isinstance(o, types.FunctionType) and isinstance(n, types.FunctionType):
            if o is not old:
                _swap(o, n, pairs)
        elif n is not new and o is not n:  # a value a factory computed for its closure (`cum = ... if
            oc.cell_contents = n           # nan_fill is None else None`): the mutated factory's value
    old.__code__, old.__defaults__, old.__kwdefaults__ = new.__code__, new.__defaults__, new.__kwdefaults__
    return True


def _apply(modname, file, source):
    """Run the mutated ``source`` as module ``modname`` and move it into the live module: functions
    (and methods) keep their identity and take the new code; other globals are rebound."""
    import gc

    from torchnp import _boundary

    import importlib

    gc.unfreeze()  # `import torchnp` freezes what it made (gc.freeze): its closures and the boundary's
    # wrappers are then missing from gc.get_objects() below; a module the tests import lazily
    # (torchnp.scipy.linalg: torchnp.scipy's __getattr__) is imported now, so that it takes the mutant
    mod = sys.modules.get(modname) or importlib.import_module(modname)
    ns = {"__name__": modname, "__package__": mod.__package__, "__file__": str(file), "__spec__": mod.__spec__,
          "__builtins__": __builtins__}
    exec(compile(source, str(file), "exec"), ns)  # noqa: S102 - the mutant under test
    swapped, pairs = set(), {}
    for k, v in ns.items():
        old = mod.__dict__.get(k)
        if isinstance(v, types.FunctionType) and isinstance(old, types.FunctionType):
            if _swap(old, v, pairs):
                swapped.add(old)
                for a in set(old.__dict__) - set(v.__dict__):  # what a decorator hung on it (a mutant may
                    del old.__dict__[a]                       # drop the decorator: trace_constant's mark)
                old.__dict__.update(v.__dict__)
                continue
        if isinstance(v, type) and isinstance(old, type) and not hasattr(v, "_fields"):  # a namedtuple: rebound
            for a, attr in vars(v).items():  # methods, static and class methods, properties
                for f, g in zip(_methods(attr), _methods(vars(old).get(a))):
                    if f is not None and g is not None and _swap(g, f, pairs):
                        swapped.add(g)
            continue
        if not k.startswith("__"):
            mod.__dict__[k] = v
    for o in gc.get_objects():  # closures made at import (a factory's kernels) take the mutated inner code
        if isinstance(o, types.FunctionType) and id(o.__code__) in pairs:
            old_code, new_code = pairs[id(o.__code__)]
            if o.__code__ is old_code and o.__code__.co_freevars == new_code.co_freevars:
                o.__code__ = new_code
                swapped.add(o)  # a factory's function behind the boundary: its wrapper's twin is remade
    for o in gc.get_objects():  # the boundary's wrappers call a keyword-flattened twin of the code
        if isinstance(o, types.FunctionType) and getattr(o, "_boundary", False) and \
                _wraps_any(getattr(o, "__wrapped__", None), swapped) and "_impl" in o.__globals__:
            twin = _boundary._flat_twin(o.__wrapped__)
            o.__globals__["_impl"] = twin or o.__wrapped__
            _wrapper_defaults(o, o.__wrapped__)


def _wraps_any(fn, functions):
    """Whether ``fn`` or a function it wraps (its ``__wrapped__`` chain: a decorator's wrapper
    around a module's function) is one of ``functions``."""
    for _ in range(8):
        if fn is None:
            return False
        if fn in functions:
            return True
        fn = getattr(fn, "__wrapped__", None)
    return False


def _methods(attr):
    """The functions a class attribute holds: a plain method, a static or class method's function,
    a property's getter, setter and deleter (in that order; absent ones as None)."""
    if isinstance(attr, types.FunctionType):
        return [attr]
    if isinstance(attr, (staticmethod, classmethod)):
        fs = [attr.__func__]
    elif isinstance(attr, property):
        fs = [attr.fget, attr.fset, attr.fdel]
    else:
        return []
    return [f if isinstance(f, types.FunctionType) else None for f in fs]  # a builtin's: None


def _wrapper_defaults(wrapper, impl):
    """Give a boundary wrapper the defaults of its mutated implementation: the wrapper carries the
    signature's defaults from import time (``_boundary.declare``) and always passes them, so a
    mutated default reaches the code only through the wrapper, as it would in a fresh import of
    the mutated source. Only where the wrapper has exactly the implementation's parameters (an
    implementation that shows another ``__signature__`` keeps its wrapper). A decorator's wrapper
    (``*args, **kwargs``, ``__wrapped__``) shows the function it wraps: its defaults are read there."""
    import inspect

    if "__signature__" not in impl.__dict__:
        impl = inspect.unwrap(impl)
    wc, ic = wrapper.__code__, impl.__code__
    n = ic.co_argcount + ic.co_kwonlyargcount
    if (wc.co_argcount, wc.co_kwonlyargcount, wc.co_varnames[:n]) != (ic.co_argcount, ic.co_kwonlyargcount,
                                                                       ic.co_varnames[:n]):
        return
    if len(wrapper.__defaults__ or ()) != len(impl.__defaults__ or ()) or \
            set(wrapper.__kwdefaults__ or {}) != set(impl.__kwdefaults__ or {}):
        return
    wrapper.__defaults__ = impl.__defaults__
    wrapper.__kwdefaults__ = dict(impl.__kwdefaults__) if impl.__kwdefaults__ else None
    named = wrapper.__globals__.get("_defaults")  # what _host_call leaves out for NumPy's own defaults
    if isinstance(named, dict):
        pos = ic.co_varnames[:ic.co_argcount]
        named.update(zip(pos[len(pos) - len(impl.__defaults__ or ()):], impl.__defaults__ or ()))
        named.update(impl.__kwdefaults__ or {})


def _fresh_test_modules(rule):
    """Under a rule set other than the host's, forget the test modules the parent imported (under
    host rules) so the session imports them again: their module-level constants read the rule set
    at import (``ON_CPU = ... and not accelerator_rules()`` in tests/test_statistics.py), and a
    module imported under host rules expects host behaviour (NumPy's warnings) from the torch path."""
    if rule == "host":
        return
    tests = str(ROOT / "tests")
    for k, m in list(sys.modules.items()):
        f = getattr(m, "__file__", None) or ""
        if f.startswith(tests) and pathlib.Path(f).name.startswith("test_"):
            del sys.modules[k]


def _pytest_args(tests, rule="host"):
    return ["-x", "-q", "-p", "no:cacheprovider", "--hypothesis-seed=0", "-W", "ignore", "--no-header",
            "--tb=no", *RULES[rule], *tests]


def _baseline(tests, files, rule):
    """The covering tests under ``rule`` and coverage: (exit status, line -> tests map, durations)."""
    import pytest

    _fresh_test_modules(rule)
    cov = _Coverage(files)
    with open(os.devnull, "w") as null:
        out, sys.stdout = sys.stdout, null
        cov.cov.start()
        try:
            rc = pytest.main(_pytest_args(tests, rule), plugins=[cov])
        finally:
            cov.cov.stop()
            sys.stdout = out
    for nodeid, why in cov.failed:
        print(f"baseline ({rule} rules) FAILED {nodeid}:\n{why}", file=sys.stderr)
    return int(rc), cov.lines(), cov.durations


def _baseline_forked(tests, files, rule):
    """``_baseline`` in a forked child: a rule set's session state (--accelerator-rules flips
    torchnp's CPU flags for good) must not reach the parent the mutants fork from."""
    import tempfile

    fd, tmp = tempfile.mkstemp(suffix=".json")
    os.close(fd)
    pid = os.fork()
    if pid == 0:
        try:
            rc, lines, durations = _baseline(tests, files, rule)
            pathlib.Path(tmp).write_text(json.dumps(
                {"rc": rc, "durations": durations,
                 "lines": {f: {str(n): sorted(ids) for n, ids in by.items()} for f, by in lines.items()}}))
        finally:
            os._exit(0)
    os.waitpid(pid, 0)
    r = json.loads(pathlib.Path(tmp).read_text() or '{"rc": 99}')
    os.unlink(tmp)
    if r["rc"] not in (0, 5):
        return r["rc"], {}, {}
    return 0, {f: {int(n): set(ids) for n, ids in by.items()} for f, by in r.get("lines", {}).items()}, \
        r.get("durations", {})


class _Coverage:
    """pytest plugin: the baseline run under coverage with one context per test (its node id), and
    each test's duration; ``lines[file][line]`` is then the set of tests that execute the line."""

    def __init__(self, files):
        import coverage

        self.files = [str(f) for f in files]
        self.cov = coverage.Coverage(data_file=None, include=self.files, config_file=False)
        self.durations = {}
        self.failed = []  # (node id, the failure's last lines): why a baseline fails

    def pytest_runtest_protocol(self, item, nextitem):
        self.cov.switch_context(item.nodeid)

    def pytest_runtest_logreport(self, report):
        self.durations[report.nodeid] = self.durations.get(report.nodeid, 0.0) + report.duration
        if report.failed:
            self.failed.append((report.nodeid, str(report.longrepr)[-3000:]))

    def lines(self):
        data = self.cov.get_data()
        out = {}
        for f in self.files:
            by_line = data.contexts_by_lineno(f) if f in data.measured_files() else {}
            out[f] = {line: {c for c in ctx if c} for line, ctx in by_line.items()}
        return out


class _Select:
    """pytest plugin: keep only the collected tests in ``ids``, quickest first (``-x`` then stops a
    killed mutant at its cheapest failing test)."""

    def __init__(self, ids, durations):
        self.ids, self.durations = ids, durations

    def pytest_collection_modifyitems(self, config, items):
        items[:] = sorted((i for i in items if i.nodeid in self.ids),
                          key=lambda i: self.durations.get(i.nodeid, 0.0))


def _statements(source):
    """(first line, last line, node, enclosing function or None) of every statement's own lines:
    a compound statement's header (decorators and signature for a ``def``), a simple statement's
    whole extent."""
    import ast

    out = []

    def visit(node, func):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.stmt):
                first = min([child.lineno] + [d.lineno for d in getattr(child, "decorator_list", [])])
                body = getattr(child, "body", None)
                last = body[0].lineno - 1 if body and isinstance(body, list) else child.end_lineno
                out.append((first, max(first, last), child, func))
            visit(child, child if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
                  else func)

    visit(ast.parse(source), None)
    return out


def _import_lines(files):
    """The lines of ``files`` that run when their modules are executed (functions called at import:
    tables a module computes once, as special's ``_borwein``), from a forked child that executes
    each source anew under coverage, as ``_apply`` does: ``{str(file): set of lines}``."""
    import tempfile

    fd, tmp = tempfile.mkstemp(suffix=".json")
    os.close(fd)
    pid = os.fork()
    if pid == 0:
        try:
            import coverage

            cov = coverage.Coverage(data_file=None, include=[str(f) for f in files], config_file=False)
            cov.start()
            for f in files:
                mod = sys.modules.get(_module_name(f))
                ns = {"__name__": _module_name(f), "__package__": getattr(mod, "__package__", None),
                      "__file__": str(f), "__spec__": getattr(mod, "__spec__", None), "__builtins__": __builtins__}
                try:
                    exec(compile(f.read_text(), str(f), "exec"), ns)  # noqa: S102 - the module's own source
                except BaseException:  # noqa: BLE001 - a module that cannot run twice: no import lines
                    pass
            cov.stop()
            data = cov.get_data()
            pathlib.Path(tmp).write_text(json.dumps({f: sorted(data.lines(f) or ()) for f in data.measured_files()}))
        finally:
            os._exit(0)
    os.waitpid(pid, 0)
    text = pathlib.Path(tmp).read_text()
    os.unlink(tmp)
    return {f: set(v) for f, v in (json.loads(text) if text else {}).items()}


def _select(file, line, lines, statements, at_import=()):
    """The tests to run against a mutant of ``line``: those that execute the mutated statement (for
    a ``def`` line, a default or a decorator: those that execute the function's body); ``None`` for
    module- and class-level code (run at import: the whole selection); an empty set where no test
    executes it (a test gap: the mutant survives without a run)."""
    import ast

    hits = lines.get(str(file), {})
    inner = None
    for first, last, node, func in statements:  # innermost: the latest-starting statement that holds it
        if first <= line <= last and (inner is None or first >= inner[0]):
            inner = (first, last, node, func)
    if inner is None:
        return None
    first, last, node, func = inner
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        first, last = node.body[0].lineno, node.end_lineno
    elif func is None:
        return None
    sel = set().union(*(hits.get(n, set()) for n in range(first, last + 1)))
    if not sel and any(n in at_import for n in range(first, last + 1)):
        return None  # a function the module calls at import (no test's context): the whole selection
    return sel


def fast(name, limit=None, sample=None, survivors=False, seed=0):
    """Every mutant of module ``name`` (or a seeded random ``sample`` of them) in a forked child of
    one warmed-up process."""
    import pytest
    import torch

    torch.set_num_threads(1)  # forked children: no OpenMP pool inherited mid-flight
    path, tests = MODULES[name]
    sys.path.insert(0, str(ROOT / "src"))
    sys.path.insert(0, str(ROOT / "tests"))
    os.chdir(ROOT)
    files = _files(path)
    t0 = time.time()
    with open(os.devnull, "w") as null:  # import torchnp and the test modules once, run nothing
        out, sys.stdout = sys.stdout, null
        try:
            pytest.main(["--collect-only", *_pytest_args(tests)])
        finally:
            sys.stdout = out
    # every session runs in its own forked child of this clean process: a session leaves state
    # (caches, warning registries) that the other rule set's session must not meet
    rc, host_lines, host_durations = _baseline_forked(tests, files, "host")
    if rc != 0:
        raise SystemExit(f"{name}: the covering tests fail without mutations (exit {rc})")
    rc, acc_lines, acc_durations = _baseline_forked(tests, files, "accelerator")
    if rc != 0:
        raise SystemExit(f"{name}: the covering tests fail under --accelerator-rules (exit {rc})")
    base = time.time() - t0
    lines = {"host": host_lines, "accelerator": acc_lines}
    durations = {"host": host_durations, "accelerator": acc_durations}
    ntests = sum(len(d) for d in durations.values())
    collect = max(0.0, base - sum(sum(d.values()) for d in durations.values())) / 2  # per session
    statements = {f: _statements(f.read_text()) for f in files}
    at_import = _import_lines(files)
    print(f"{name}: baseline {base:.1f} s under coverage, {ntests} tests (both rule sets), "
          f"collection {collect:.1f} s", flush=True)
    results = {"module": path, "tests": tests, "baseline_s": round(base, 1), "mutants": [],
               "selection": "per line (coverage contexts)"}
    todo = [(file, mid) for file in files for mid in _mutants(file)]
    results["total_mutants"] = len(todo)
    if sample is not None and sample < len(todo):
        import random

        keep = set(random.Random(seed).sample(range(len(todo)), sample))  # the same sample every run of a seed
        todo = [m for i, m in enumerate(todo) if i in keep]
        results["sample"], results["seed"] = sample, seed
    if survivors:  # only the mutants the last run left alive (after adding tests)
        last = json.loads((ROOT / ".mutation" / f"{name}.json").read_text())
        alive = {m["diff"] for m in last["mutants"] if m["status"] == "survived"}
        lines_alive = {(m["file"], m["line"]) for m in last["mutants"] if m["status"] == "survived"}
        todo = [(f, mid) for f, mid in todo if (str(f.relative_to(ROOT)), mid.line_number + 1) in lines_alive
                and _diff(f.read_text(), _mutated(f, mid) or "") in alive]
        done = [m for m in last["mutants"] if m["status"] != "survived"]
        results.update({k: last[k] for k in ("total_mutants", "sample", "seed") if k in last})
        results["mutants"] = done
    for file, mid in todo[:limit]:
        mutated = _mutated(file, mid)
        if mutated is None:
            continue
        modname = _module_name(file)
        line = mid.line_number + 1
        ids = {}
        for rule in RULES:
            sel = _select(file, line, lines[rule], statements[file], at_import.get(str(file), ()))
            sel = set(durations[rule]) if sel is None else sel
            if sel:
                ids[rule] = sel
        count = sum(len(v) for v in ids.values())
        t1 = time.time()
        if not ids:  # no test executes the mutated line under either rule set: a test gap, no run
            status = "survived"
        else:
            status = "survived"
            for rule, sel in ids.items():  # one forked child per rule set; the host's first
                timeout = max(30.0, 3 * collect + 10 * sum(durations[rule].get(i, 0.0) for i in sel))
                status = _run_mutant(modname, file, mutated, tests, rule, sel, durations[rule], timeout)
                if status == "no tests":
                    status = "survived"
                if status != "survived":
                    break
        results["mutants"].append({"file": str(file.relative_to(ROOT)), "line": line,
                                   "index": mid.index, "code": mid.line.strip(), "status": status,
                                   "tests": count, "seconds": round(time.time() - t1, 1),
                                   "diff": _diff(file.read_text(), mutated)})
        print(f"{status:16} {count:5} tests {time.time() - t1:6.1f} s  {file.name}:{line} "
              f"{mid.line.strip()[:60]}", flush=True)
        _save(name, results)  # after every mutant: an interrupted run keeps what it did
    _save(name, results)
    return results


def _run_mutant(modname, file, mutated, tests, rule, ids, durations, timeout):
    """Mutant ``mutated`` of ``file`` against tests ``ids`` under ``rule`` in a forked child:
    "survived", "killed", "killed (module)" (the mutated module does not even load), "timeout",
    "no tests" (every selected test deselected under this rule set: the mutant lives on)."""
    import pytest

    pid = os.fork()
    if pid == 0:  # the child: apply, test, report by exit status
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
            os.dup2(os.open(os.devnull, os.O_WRONLY), 2)
            _fresh_test_modules(rule)
            try:
                _apply(modname, file, mutated)
            except BaseException:  # noqa: BLE001 - the mutant breaks the module itself
                os._exit(3)
            plugins = [] if ids is None else [_Select(ids, durations)]
            rc = pytest.main(_pytest_args(tests, rule), plugins=plugins)
            # 5: no test ran (test_scipy_* files run both rule sets themselves and are deselected
            # under --accelerator-rules): not a kill
            os._exit(0 if rc == 0 else 5 if rc == pytest.ExitCode.NO_TESTS_COLLECTED else 1)
        finally:
            os._exit(4)
    start = time.time()
    while True:
        wpid, st = os.waitpid(pid, os.WNOHANG)
        if wpid:
            code = os.waitstatus_to_exitcode(st)
            return {0: "survived", 1: "killed", 3: "killed (module)", 5: "no tests"}.get(code, f"error {code}")
        if time.time() - start > timeout:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            return "timeout"
        time.sleep(0.05)


def _save(name, results):
    out_dir = ROOT / ".mutation"
    out_dir.mkdir(exist_ok=True)
    (out_dir / f"{name}.json").write_text(json.dumps(results, indent=1))


def _diff(a, b):
    import difflib

    return "".join(l for l in difflib.unified_diff(a.splitlines(True), b.splitlines(True), n=0)
                   if l[:1] in "+-" and l[:3] not in ("+++", "---"))


def summary():
    """Scores per module from ``.mutation/*.json``: killed (timeouts count as killed) / all."""
    rows = {}
    for f in sorted((ROOT / ".mutation").glob("*.json")):
        r = json.loads(f.read_text())
        st = [m["status"] for m in r["mutants"]]
        killed = sum(s.startswith("killed") or s == "timeout" for s in st)
        rows[f.stem] = (killed, len(st), [m for m in r["mutants"] if m["status"] == "survived"])
        of = f" (a sample of {r['total_mutants']}, seed {r.get('seed', 0)})" \
            if len(st) < r.get("total_mutants", len(st)) else ""
        print(f"{r['module']}: {killed}/{len(st)}{of} killed ({100 * killed / max(len(st), 1):.1f}%), "
              f"survived {st.count('survived')}, timeout {st.count('timeout')}, "
              f"errors {sum(s.startswith('error') for s in st)} (tests: {' '.join(r['tests'])})")
        for m in rows[f.stem][2]:
            gap = " (no test runs the line)" if m.get("tests") == 0 else ""
            print(f"    survived{gap} {m['file']}:{m['line']}: {m['diff'].strip()}")
    return rows


def run(name):
    path, tests = MODULES[name]
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    cmd = ["mutmut", "run", "--paths-to-mutate", str(pathlib.Path("src/torchnp") / path),
           "--tests-dir", "tests", "--runner", runner(tests), "--simple-output", "--no-progress"]
    print("$", " ".join(cmd[:5]), "...", flush=True)
    return subprocess.call(cmd, cwd=ROOT, env=env)


def report():
    """Per file: mutants killed / all (the score), survivors and timeouts, from mutmut's cache."""
    db = ROOT / ".mutmut-cache"
    if not db.exists():
        print("no .mutmut-cache: run a module first")
        return {}
    con = sqlite3.connect(db)
    rows = con.execute("""select SourceFile.filename, Mutant.status, count(*) from Mutant
                          join Line on Mutant.line = Line.id join SourceFile on Line.sourcefile = SourceFile.id
                          group by SourceFile.filename, Mutant.status""").fetchall()
    scores = {}
    for fname, status, n in rows:
        scores.setdefault(fname, {})[status] = n
    for fname, st in sorted(scores.items()):
        done = sum(v for k, v in st.items() if k != "untested")
        killed = st.get("ok_killed", 0)
        print(f"{fname}: {killed}/{done} killed ({100 * killed / max(done, 1):.1f}%), "
              f"survived {st.get('bad_survived', 0)}, timeout {st.get('bad_timeout', 0)}, "
              f"suspicious {st.get('ok_suspicious', 0)}, untested {st.get('untested', 0)}")
    return scores


def check(where, tests):
    """Every mutant of one line (``where``: ``path/under/src/torchnp.py:line``) applied as a run
    applies it, against ``tests`` (pytest arguments) under both rule sets, without the baseline: the
    check that a new test kills a survivor. Prints each mutant's diff and status per rule set."""
    import pytest
    import torch

    torch.set_num_threads(1)
    path, line = where.rsplit(":", 1)
    file, line = SRC / path, int(line)
    sys.path.insert(0, str(ROOT / "src"))
    sys.path.insert(0, str(ROOT / "tests"))
    os.chdir(ROOT)
    with open(os.devnull, "w") as null:
        out, sys.stdout = sys.stdout, null
        try:
            pytest.main(["--collect-only", *_pytest_args(tests)])
        finally:
            sys.stdout = out
    alive = 0
    for mid in _mutants(file):
        if mid.line_number + 1 != line:
            continue
        mutated = _mutated(file, mid)
        if mutated is None:
            continue
        status = {}
        for rule in RULES:
            status[rule] = _run_mutant(_module_name(file), file, mutated, tests, rule, None, {}, 600.0)
        alive += all(s in ("survived", "no tests") for s in status.values())
        print(f"{status}  {path}:{line}\n{_diff(file.read_text(), mutated)}", flush=True)
    return 1 if alive else 0


def main(argv):
    if argv[:1] == ["--check"]:  # --check path:line tests...
        return check(argv[1], argv[2:])
    if argv == ["--report"]:
        summary()
        if (ROOT / ".mutmut-cache").exists():
            report()
        return 0
    use_mutmut = "--mutmut" in argv
    survivors = "--survivors" in argv
    argv = [a for a in argv if a != "--survivors"]
    opts = {"--limit": None, "--sample": None, "--seed": 0}
    for opt in opts:
        if opt in argv:
            i = argv.index(opt)
            opts[opt] = int(argv[i + 1])
            argv = argv[:i] + argv[i + 2:]
    limit, sample, seed = opts["--limit"], opts["--sample"], opts["--seed"]
    argv = [a for a in argv if a != "--mutmut"]
    unknown = [a for a in argv if a not in MODULES]
    if not argv or unknown:
        print(__doc__)
        print("modules:", ", ".join(MODULES))
        return 2
    for name in argv:
        if use_mutmut:
            run(name)
            report()
        else:
            fast(name, limit, sample, survivors, seed)
    if not use_mutmut:
        summary()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
