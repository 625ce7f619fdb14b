"""Callgrind instructions per call of the issue-23 callback cases, torchnp against NumPy (DESIGN §7).

Instruction counts are exact on a loaded machine (timings are not). The script reruns itself
under ``valgrind --tool=callgrind --instr-atstart=no``: instrumentation is switched on after the
imports (client requests from a small C helper compiled with ``gcc`` into a temporary folder),
each case runs warm-up calls, its counters are zeroed, ``--number`` calls run and the counters
are dumped; the count per call is the dump's total over ``--number``.

    python benchmarks/percall.py                     # the per-call cases
    python benchmarks/percall.py --trimmed           # and the trimmed lecture example (all 23 cases once)
    python benchmarks/percall.py --only rosen "4 * x"
    python benchmarks/percall.py --torch             # and raw torch's tensors (DESIGN §7's hot-path bound)

Needs valgrind (with its headers, ``valgrind/callgrind.h``) and gcc.
"""

import argparse
import ctypes
import gc
import glob
import os
import subprocess
import sys
import tempfile

HELPER = r"""
#include <valgrind/callgrind.h>
void cg_start(void) { CALLGRIND_START_INSTRUMENTATION; }
void cg_zero(void) { CALLGRIND_ZERO_STATS; }
void cg_dump(const char *s) { CALLGRIND_DUMP_STATS_AT(s); }
"""


def rosenbrock(m):
    def f(x):  # the lecture's (scipy-lectures plot_gradient_descent.py)
        y = 4 * x
        y[0] += 1
        y[1:] += 3
        return m.sum(.5 * (1 - y[:-1]) ** 2 + (y[1:] - y[:-1] ** 2) ** 2)
    return f


def quadratic(m):
    def f(x):
        x = m.asarray(x)
        y = x.copy()
        y *= m.power(.02, m.arange(2))
        return .33 * m.sum(y ** 2)
    return f


def _element_update(m):
    def f(y):
        y[0] += 1
    return f


def _slice_update(m):
    def f(y):
        y[1:] += 3
    return f


def _slice_assign(m):
    def f(y):
        y[1:-1] = 2.0
    return f


#: name -> (make(m) -> function of one argument, make the argument(m))
CASES = {
    "rosen": (rosenbrock, lambda m: m.array([1.6, 1.1])),
    "rosen (numpy.ndarray arg)": (rosenbrock, lambda m: __import__("numpy").array([1.6, 1.1])),
    "quad": (quadratic, lambda m: m.array([1.6, 1.1])),
    "4 * x": (lambda m: lambda x: 4 * x, lambda m: m.array([1.6, 1.1])),
    "x * 4": (lambda m: lambda x: x * 4, lambda m: m.array([1.6, 1.1])),
    "x ** 2": (lambda m: lambda x: x ** 2, lambda m: m.array([1.6, 1.1])),
    "x - x": (lambda m: lambda x: x - x, lambda m: m.array([1.6, 1.1])),
    "x[0]": (lambda m: lambda x: x[0], lambda m: m.array([1.6, 1.1])),
    "x[1:]": (lambda m: lambda x: x[1:], lambda m: m.array([1.6, 1.1])),
    "x[1:] (result)": (lambda m: lambda x: x[1:], lambda m: 4 * m.array([1.6, 1.1])),
    "x[0, 1:]": (lambda m: lambda x: x[0, 1:], lambda m: m.ones((2, 3))),
    "y[0] += 1": (_element_update, lambda m: m.array([1.6, 1.1])),
    "y[1:] += 3": (_slice_update, lambda m: m.array([1.6, 1.1, 0.5])),
    "y[1:-1] = 2.0": (_slice_assign, lambda m: m.array([1.6, 1.1, 0.5])),
    "sum(x)": (lambda m: lambda x: m.sum(x), lambda m: m.array([1.6, 1.1])),
}


#: cases raw torch cannot run as written (a NumPy argument; ``x.copy()``, torch's ``clone``)
NOT_TORCH = ("rosen (numpy.ndarray arg)", "quad")


def raw_torch():
    """The cases' namespace over raw torch tensors (float64, as torchnp's), for ``--torch``."""
    import types

    import torch
    return types.SimpleNamespace(array=lambda v: torch.tensor(v, dtype=torch.float64), asarray=torch.as_tensor,
                                 ones=lambda s: torch.ones(s, dtype=torch.float64), sum=torch.sum,
                                 power=torch.pow, arange=torch.arange)


def measure(lib, label, fn, arg, number, warmup=50):
    for _ in range(warmup):
        fn(arg)
    gc.collect()
    calls = range(number)
    lib.cg_zero()
    for _ in calls:
        fn(arg)
    lib.cg_dump(label.encode())


def trimmed(lib, m, label):
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
    import test_lectures_gradient_descent as lecture
    for case, what in lecture.CASES:  # warm-up: every path once
        lecture.run(m, case, lecture.WHAT[what])
    gc.collect()
    lib.cg_zero()
    for case, what in lecture.CASES:
        lecture.run(m, case, lecture.WHAT[what])
    lib.cg_dump(label.encode())


def inner(args, helper):
    import numpy
    import torchnp
    lib = ctypes.CDLL(helper)
    lib.cg_dump.argtypes = [ctypes.c_char_p]
    libraries = (("numpy", numpy), ("torchnp", torchnp)) + ((("torch", raw_torch()),) if args.torch else ())
    lib.cg_start()
    for name, (make, make_arg) in CASES.items():
        if args.only and name not in args.only:
            continue
        for tag, m in libraries:
            if tag != "torch" or name not in NOT_TORCH:
                measure(lib, f"{tag}|{name}", make(m), make_arg(m), args.number)
    if args.trimmed:
        for tag, m in (("numpy", numpy), ("torchnp", torchnp)):
            trimmed(lib, m, f"{tag}|trimmed example")


def totals(path):
    label, total = None, None
    with open(path) as f:
        for line in f:
            if line.startswith("desc: Trigger: Client Request: "):
                label = line.split("Client Request: ", 1)[1].strip()
            elif line.startswith("totals:") or line.startswith("summary:"):
                total = int(line.split()[1])
    return label, total


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--number", type=int, default=200, help="calls per case (default 200)")
    p.add_argument("--trimmed", action="store_true", help="also the trimmed lecture example, once per library")
    p.add_argument("--torch", action="store_true", help="also raw torch tensors (the hot-path bound of DESIGN §7)")
    p.add_argument("--only", nargs="*", default=None, help="case names")
    p.add_argument("--keep", default=None, help="copy callgrind's dumps to this folder (for callgrind_annotate)")
    p.add_argument("--inner", default=None, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.inner:
        return inner(args, args.inner)
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "cg.c")
        with open(src, "w") as f:
            f.write(HELPER)
        helper = os.path.join(tmp, "libcg.so")
        subprocess.run(["gcc", "-O1", "-shared", "-fPIC", "-o", helper, src], check=True)
        cmd = ["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={tmp}/cg.out",
               sys.executable, os.path.abspath(__file__), "--inner", helper, "--number", str(args.number)]
        if args.trimmed:
            cmd.append("--trimmed")
        if args.torch:
            cmd.append("--torch")
        if args.only:
            cmd += ["--only", *args.only]
        subprocess.run(cmd, check=True, stderr=subprocess.DEVNULL)
        counts = {}
        if args.keep:
            import shutil
            os.makedirs(args.keep, exist_ok=True)
            for path in glob.glob(f"{tmp}/cg.out*"):
                shutil.copy(path, args.keep)
        for path in sorted(glob.glob(f"{tmp}/cg.out*"), key=lambda q: int(q.rsplit(".", 1)[1]) if q[-1].isdigit() else 0):
            label, total = totals(path)
            if label and "|" in label:
                tag, name = label.split("|", 1)
                counts.setdefault(name, {})[tag] = total
    torch_head = f" {'torch':>12} {'/torch':>6}" if args.torch else ""
    print(f"{'case':28} {'NumPy':>12} {'torchnp':>12} {'ratio':>6}{torch_head}   (instructions per call)")
    for name, c in counts.items():
        n = 1 if name == "trimmed example" else args.number
        a, b = c["numpy"] / n, c["torchnp"] / n
        unit = (lambda v: f"{v / 1e6:11.1f}M") if n == 1 else (lambda v: f"{v / 1e3:11.1f}k")
        raw = f" {unit(c['torch'] / n)} {b / (c['torch'] / n):6.2f}" if "torch" in c else ""
        print(f"{name:28} {unit(a)} {unit(b)} {b / a:6.2f}{raw}")
    return counts


if __name__ == "__main__":
    main()
