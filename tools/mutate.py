"""Mutation testing of torchnp's numeric core, module by module (issue 24; CONTRIBUTING.md
"Mutation testing").

Each module is mutated with mutmut's mutation operators (2.x), one mutant at a time, and only
the tests that cover that module run against each mutant, so a mutant survives exactly when no
covering test notices it. Not part of CI (slow).

    pip install -e ".[dev]"
    nice -n 19 python tools/mutate.py padding          # one module (names: see MODULES)
    nice -n 19 python tools/mutate.py padding kernels  # several, one after the other
    nice -n 19 python tools/mutate.py --limit 120 kernels   # the first 120 mutants only
    nice -n 19 python tools/mutate.py --sample 40 padding   # a seeded random sample of 40 mutants
    nice -n 19 python tools/mutate.py --survivors padding   # rerun only the last run's survivors
    python tools/mutate.py --report                    # scores and survivors of what ran

The default runner is in-process: torch, torchnp and the test modules are imported once, then
every mutant runs in a forked child that executes the mutated module's source and swaps the code
of its functions (boundary twins included) into the live objects, so a mutant costs its tests'
run, not a torch import (~10x faster). ``--mutmut`` runs ``mutmut run`` instead (mutant written
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
    "padding": ("_manipulation/_padding.py", ["tests/test_manipulation.py", "-k", "pad"]),
    "kernels": ("_ufuncs/_kernels.py", ["tests/test_ufuncs.py"]),  # every table row, special values
    "reductions": ("_reductions", ["tests/test_reductions.py", "tests/test_statistics.py",
                                   "tests/test_correctness.py"]),
    "sorting": ("_sorting", ["tests/test_sorting.py", "tests/test_indexing_routines.py"]),
    "linalg": ("linalg", ["tests/test_linalg.py", "tests/test_products.py"]),
    "creation": ("_creation", ["tests/test_creation.py"]),
}


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
    """(mutation id, mutated source) for every mutant mutmut makes of ``file``."""
    import mutmut

    source = file.read_text()
    ids = mutmut.list_mutations(mutmut.Context(source=source, filename=str(file)))
    for mid in ids:
        ctx = mutmut.Context(source=source, mutation_id=mid, filename=str(file))
        mutated, n = mutmut.mutate(ctx)
        if n:
            yield mid, mutated


def _module_name(file):
    return ".".join(file.relative_to(ROOT / "src").with_suffix("").parts).removesuffix(".__init__")


def _swap(old, new):
    """Give live function ``old`` the code of ``new`` (False where their closures differ)."""
    if old.__code__.co_freevars != new.__code__.co_freevars:
        return False
    old.__code__, old.__defaults__, old.__kwdefaults__ = new.__code__, new.__defaults__, new.__kwdefaults__
    return True


def _apply(modname, file, source):
    """Run the mutated ``source`` as module ``modname`` and move it into the live module: functions
    (and methods) keep their identity and take the new code; other globals are rebound."""
    import gc

    from torchnp import _boundary

    mod = sys.modules[modname]
    ns = {"__name__": modname, "__package__": mod.__package__, "__file__": str(file), "__spec__": mod.__spec__,
          "__builtins__": __builtins__}
    exec(compile(source, str(file), "exec"), ns)  # noqa: S102 - the mutant under test
    swapped = set()
    for k, v in ns.items():
        old = mod.__dict__.get(k)
        if isinstance(v, types.FunctionType) and isinstance(old, types.FunctionType):
            if _swap(old, v):
                swapped.add(old)
                continue
        if isinstance(v, type) and isinstance(old, type):
            for a, f in vars(v).items():
                g = vars(old).get(a)
                if isinstance(f, types.FunctionType) and isinstance(g, types.FunctionType) and _swap(g, f):
                    swapped.add(g)
            continue
        if not k.startswith("__"):
            mod.__dict__[k] = v
    for o in gc.get_objects():  # the boundary's wrappers call a keyword-flattened twin of the code
        if isinstance(o, types.FunctionType) and getattr(o, "_boundary", False) and \
                getattr(o, "__wrapped__", None) in swapped and "_impl" in o.__globals__:
            twin = _boundary._flat_twin(o.__wrapped__)
            o.__globals__["_impl"] = twin or o.__wrapped__


def _pytest_args(tests):
    return ["-x", "-q", "-p", "no:cacheprovider", "--hypothesis-seed=0", "-W", "ignore", "--no-header",
            "--tb=no", *tests]


def fast(name, limit=None, sample=None, survivors=False):
    """Every mutant of module ``name`` (or a seeded random ``sample`` of them) in a forked child of
    one warmed-up process."""
    import pytest
    import torch

    torch.set_num_threads(1)  # forked children: no OpenMP pool inherited mid-flight
    path, tests = MODULES[name]
    sys.path.insert(0, str(ROOT / "src"))
    sys.path.insert(0, str(ROOT / "tests"))
    os.chdir(ROOT)
    t0 = time.time()
    with open(os.devnull, "w") as null:
        out, sys.stdout = sys.stdout, null
        try:
            rc = pytest.main(_pytest_args(tests))
        finally:
            sys.stdout = out
    base = time.time() - t0
    if rc != 0:
        raise SystemExit(f"{name}: the covering tests fail without mutations (exit {rc})")
    timeout = max(30.0, 10 * base)
    results = {"module": path, "tests": tests, "baseline_s": round(base, 1), "mutants": []}
    todo = [(file, mid, mutated) for file in _files(path) for mid, mutated in _mutants(file)]
    results["total_mutants"] = len(todo)
    if sample is not None and sample < len(todo):
        import random

        keep = set(random.Random(0).sample(range(len(todo)), sample))  # the same sample every run
        todo = [m for i, m in enumerate(todo) if i in keep]
        results["sample"] = sample
    if survivors:  # only the mutants the last run left alive (after adding tests)
        last = json.loads((ROOT / ".mutation" / f"{name}.json").read_text())
        alive = {m["diff"] for m in last["mutants"] if m["status"] == "survived"}
        todo = [m for m in todo if _diff(m[0].read_text(), m[2]) in alive]
        done = [m for m in last["mutants"] if m["status"] != "survived"]
        results.update({k: last[k] for k in ("total_mutants", "sample") if k in last})
        results["mutants"] = done
    for file, mid, mutated in todo[:limit]:
        modname = _module_name(file)
        if True:
            pid = os.fork()
            if pid == 0:  # the child: apply, test, report by exit status
                try:
                    os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
                    os.dup2(os.open(os.devnull, os.O_WRONLY), 2)
                    try:
                        _apply(modname, file, mutated)
                    except BaseException:  # noqa: BLE001 - the mutant breaks the module itself
                        os._exit(3)
                    os._exit(0 if pytest.main(_pytest_args(tests)) == 0 else 1)
                finally:
                    os._exit(4)
            start, status = time.time(), None
            while status is None:
                wpid, st = os.waitpid(pid, os.WNOHANG)
                if wpid:
                    code = os.waitstatus_to_exitcode(st)
                    status = {0: "survived", 1: "killed", 3: "killed (module)"}.get(code, f"error {code}")
                elif time.time() - start > timeout:
                    os.kill(pid, signal.SIGKILL)
                    os.waitpid(pid, 0)
                    status = "timeout"
                else:
                    time.sleep(0.05)
            results["mutants"].append({"file": str(file.relative_to(ROOT)), "line": mid.line_number + 1,
                                       "index": mid.index, "code": mid.line.strip(), "status": status,
                                       "diff": _diff(file.read_text(), mutated)})
            print(f"{status:16} {file.name}:{mid.line_number + 1} {mid.line.strip()[:70]}", flush=True)
            _save(name, results)  # after every mutant: an interrupted run keeps what it did
    _save(name, results)
    return results


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
        of = f" (a sample of {r['total_mutants']})" if len(st) < r.get("total_mutants", len(st)) else ""
        print(f"{r['module']}: {killed}/{len(st)}{of} killed ({100 * killed / max(len(st), 1):.1f}%), "
              f"survived {st.count('survived')}, timeout {st.count('timeout')}, "
              f"errors {sum(s.startswith('error') for s in st)} (tests: {' '.join(r['tests'])})")
        for m in rows[f.stem][2]:
            print(f"    survived {m['file']}:{m['line']}: {m['diff'].strip()}")
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


def main(argv):
    if argv == ["--report"]:
        summary()
        if (ROOT / ".mutmut-cache").exists():
            report()
        return 0
    use_mutmut = "--mutmut" in argv
    survivors = "--survivors" in argv
    argv = [a for a in argv if a != "--survivors"]
    opts = {"--limit": None, "--sample": None}
    for opt in opts:
        if opt in argv:
            i = argv.index(opt)
            opts[opt] = int(argv[i + 1])
            argv = argv[:i] + argv[i + 2:]
    limit, sample = opts["--limit"], opts["--sample"]
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
            fast(name, limit, sample, survivors)
    if not use_mutmut:
        summary()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
