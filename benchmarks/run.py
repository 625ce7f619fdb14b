"""torchnp benchmark suite: NumPy, raw torch, torch._numpy, torchnp eager and torchnp jit
side by side in one process (issues 3 and 7).

    python benchmarks/run.py                      # full suite, table + benchmarks/out/chart.png
    python benchmarks/run.py --device cuda        # torch-based systems on CUDA
    python benchmarks/run.py --only tiny          # one group: tiny | large | lesson | memory
    python benchmarks/run.py --smoke              # seconds: tiny sizes, checks that it runs
    python benchmarks/run.py --write-results      # also rewrite benchmarks/RESULTS.md

Every figure is the median of several runs after a warm-up; tiny-array figures are
per call (microseconds) over many calls. Ratios are against raw torch and NumPy.
Timings are not tests: nothing here asserts a speed.
"""

import argparse
import datetime
import os
import pathlib
import platform
import statistics
import subprocess
import sys
import time

import numpy
import torch

import torchnp

HERE = pathlib.Path(__file__).resolve().parent
SYSTEMS = ("numpy", "torch", "torch._numpy", "torchnp", "torchnp.jit")
G = 6.67e-11

try:
    import torch._numpy as tnp_internal
except ImportError:  # pragma: no cover - older torch
    tnp_internal = None


# ------------------------------------------------------------------ workloads
# Written once against a NumPy-like module ``xp`` (numpy, torch._numpy, torchnp).
def nbody(xp, pos, mass):
    diff = pos[:, None, :] - pos[:, :, None]
    dist = xp.linalg.norm(diff, axis=0)
    direction = diff / dist
    forces = G * mass[:, None] * mass[None, :] / dist**2
    return xp.nansum(direction * forces[None, :, :], axis=2)


def nbody_torch(pos, mass):
    """The lesson's raw torch version."""
    diff = pos[:, None, :] - pos[:, :, None]
    dist = diff.norm(dim=0)
    direction = diff / dist
    forces = G * mass[:, None] * mass[None, :] / dist**2
    return (direction * forces[None, :, :]).nansum(dim=2)


def kmeans_assign(xp, X, means):
    return xp.argmin(xp.linalg.norm(X - means[:, None], axis=2), axis=0)


def kmeans_torch(X, means):
    return torch.argmin(torch.linalg.vector_norm(X - means[:, None], dim=2), dim=0)


def projection(xp, A, y):
    return A @ (xp.linalg.pinv(A) @ y)


def monte_carlo_pi(xp, n):
    x = xp.random.random(n)
    y = xp.random.random(n)
    return 4.0 * xp.mean(x * x + y * y <= 1.0)


def monte_carlo_pi_torch(n, dtype=torch.float64, device="cpu"):
    x = torch.rand(n, dtype=dtype, device=device)
    y = torch.rand(n, dtype=dtype, device=device)
    return 4.0 * torch.mean((x * x + y * y <= 1.0).to(dtype))


# ------------------------------------------------------------------ cases
class Case:
    def __init__(self, group, name, size, build):
        self.group, self.name, self.size, self.build = group, name, size, build


def _data(shape, seed=0):
    return numpy.random.default_rng(seed).random(shape)


def _tiny_cases():
    n = 10
    ops = {
        "add": (lambda m, x, y: (lambda: m.add(x, y))),
        "multiply": (lambda m, x, y: (lambda: m.multiply(x, y))),
        "sin": (lambda m, x, y: (lambda: m.sin(x))),
        "sum": (lambda m, x, y: (lambda: m.sum(x))),
        "mean": (lambda m, x, y: (lambda: m.mean(x))),
        "x[0]": (lambda m, x, y: (lambda: x[0])),
        "x[1:5]": (lambda m, x, y: (lambda: x[1:5])),
        "reshape": (lambda m, x, y: (lambda: x.reshape(2, 5))),
        "where": (lambda m, x, y: (lambda: m.where(x > 0.5, x, y))),
    }
    cases = []
    for name, make in ops.items():
        cases.append(Case("tiny", name, n, _tiny_builder(make, n)))
    cases.append(Case("tiny", "matmul 4x4", 4, _tiny_builder(lambda m, x, y: (lambda: m.matmul(x, y)), (4, 4))))
    cases.append(Case("tiny", "zeros(10)", n, {
        "numpy": lambda dev: (lambda: numpy.zeros(10)),
        "torch": lambda dev: (lambda: torch.zeros(10, dtype=torch.float64, device=dev)),
        "torch._numpy": lambda dev: (lambda: tnp_internal.zeros(10)),
        "torchnp": lambda dev: (lambda: torchnp.zeros(10, device=dev)),
    }))
    return cases


def _tiny_builder(make, shape):
    def for_module(module_getter):
        def build(dev):
            m, x, y = module_getter(dev)
            return make(m, x, y)
        return build

    def np_(dev):
        return numpy, _data(shape, 1), _data(shape, 2)

    def torch_(dev):
        x, y = (torch.from_numpy(_data(shape, s)).to(dev) for s in (1, 2))
        return torch, x, y

    def tnpi(dev):
        return tnp_internal, tnp_internal.asarray(_data(shape, 1)), tnp_internal.asarray(_data(shape, 2))

    def tn(dev):
        return torchnp, torchnp.asarray(_data(shape, 1), device=dev), torchnp.asarray(_data(shape, 2), device=dev)

    return {"numpy": for_module(np_), "torch": for_module(torch_), "torch._numpy": for_module(tnpi),
            "torchnp": for_module(tn)}


def _large_cases(n, m):
    def unary(name, np_f, t_f):
        return Case("large", name, n, {
            "numpy": lambda dev: (lambda x=_data(n): np_f(numpy, x)),
            "torch": lambda dev: (lambda x=torch.from_numpy(_data(n)).to(dev): t_f(x)),
            "torchnp": lambda dev: (lambda x=torchnp.asarray(_data(n), device=dev): np_f(torchnp, x)),
        })
    cases = [
        Case("large", "add", n, {
            "numpy": lambda dev: (lambda x=_data(n), y=_data(n, 1): numpy.add(x, y)),
            "torch": lambda dev: (lambda x=torch.from_numpy(_data(n)).to(dev), y=torch.from_numpy(_data(n, 1)).to(dev): torch.add(x, y)),
            "torchnp": lambda dev: (lambda x=torchnp.asarray(_data(n), device=dev), y=torchnp.asarray(_data(n, 1), device=dev): torchnp.add(x, y)),
        }),
        unary("sin", lambda m, x: m.sin(x), torch.sin),
        unary("exp", lambda m, x: m.exp(x), torch.exp),
        unary("sum", lambda m, x: m.sum(x), torch.sum),
        unary("mean", lambda m, x: m.mean(x), torch.mean),
        unary("sort", lambda m, x: m.sort(x), lambda x: torch.sort(x).values),
        unary("cumsum", lambda m, x: m.cumsum(x), lambda x: torch.cumsum(x, 0)),
        Case("large", f"matmul {m}x{m}", m, {
            "numpy": lambda dev: (lambda a=_data((m, m)): a @ a),
            "torch": lambda dev: (lambda a=torch.from_numpy(_data((m, m))).to(dev): a @ a),
            "torchnp": lambda dev: (lambda a=torchnp.asarray(_data((m, m)), device=dev): a @ a),
        }),
    ]
    return cases


def _lesson_cases(n_body, n_points, n_pi, jit):
    def jitted(fn):
        return torchnp.jit(fn) if jit else None

    nb_jit = jitted(lambda pos, mass: nbody(torchnp, pos, mass))
    km_jit = jitted(lambda X, means: kmeans_assign(torchnp, X, means))
    pi_jit = jitted(lambda n: monte_carlo_pi(torchnp, n))
    pj_jit = jitted(lambda A, y: projection(torchnp, A, y))
    pos, mass = _data((2, n_body)), _data(n_body, 1) + 100
    X, means = numpy.random.default_rng(0).standard_normal((n_points, 2)), numpy.random.default_rng(1).standard_normal((8, 2)) * 2
    A, y = _data((2000, 50)), _data(2000, 3)

    def tn(*arrays, dev):
        return [torchnp.asarray(a, device=dev) for a in arrays]

    def tt(*arrays, dev):
        return [torch.from_numpy(a).to(dev) for a in arrays]

    def ti(*arrays):
        return [tnp_internal.asarray(a) for a in arrays]

    with_jit = lambda f, *arrays: (lambda dev: (lambda a=tn(*arrays, dev=dev): f(*a))) if f else None  # noqa: E731
    return [
        Case("lesson", "N-body forces", n_body, {
            "numpy": lambda dev: (lambda: nbody(numpy, pos, mass)),
            "torch": lambda dev: (lambda a=tt(pos, mass, dev=dev): nbody_torch(*a)),
            "torch._numpy": lambda dev: (lambda a=ti(pos, mass): nbody(tnp_internal, *a)),
            "torchnp": lambda dev: (lambda a=tn(pos, mass, dev=dev): nbody(torchnp, *a)),
            "torchnp.jit": with_jit(nb_jit, pos, mass),
        }),
        Case("lesson", "K-means assign", n_points, {
            "numpy": lambda dev: (lambda: kmeans_assign(numpy, X, means)),
            "torch": lambda dev: (lambda a=tt(X, means, dev=dev): kmeans_torch(*a)),
            "torch._numpy": lambda dev: (lambda a=ti(X, means): kmeans_assign(tnp_internal, *a)),
            "torchnp": lambda dev: (lambda a=tn(X, means, dev=dev): kmeans_assign(torchnp, *a)),
            "torchnp.jit": with_jit(km_jit, X, means),
        }),
        Case("lesson", "Monte Carlo pi", n_pi, {
            "numpy": lambda dev: (lambda: monte_carlo_pi(numpy, n_pi)),
            "torch": lambda dev: (lambda: monte_carlo_pi_torch(n_pi, device=dev)),
            "torchnp": lambda dev: (lambda: monte_carlo_pi(torchnp, n_pi)),
            "torchnp.jit": (lambda dev: (lambda: pi_jit(n_pi))) if pi_jit else None,
        }),
        Case("lesson", "projection (pinv)", 2000, {
            "numpy": lambda dev: (lambda: projection(numpy, A, y)),
            "torch": lambda dev: (lambda a=tt(A, y, dev=dev): a[0] @ (torch.linalg.pinv(a[0]) @ a[1])),
            "torch._numpy": lambda dev: (lambda a=ti(A, y): projection(tnp_internal, *a)),
            "torchnp": lambda dev: (lambda a=tn(A, y, dev=dev): projection(torchnp, *a)),
            "torchnp.jit": with_jit(pj_jit, A, y),
        }),
    ]


# ------------------------------------------------------------------ timing
def _sync(dev):
    if torch.device(dev).type == "cuda":
        torch.cuda.synchronize()


def measure(fn, dev, tiny, repeats):
    """Median seconds per call after a warm-up (tiny cases: per call over a loop)."""
    fn()
    _sync(dev)
    if tiny:
        loops = 2000
        samples = []
        for _ in range(repeats):
            t0 = time.perf_counter()
            for _ in range(loops):
                fn()
            _sync(dev)
            samples.append((time.perf_counter() - t0) / loops)
        return statistics.median(samples), None
    samples = []
    compile_s = None
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        _sync(dev)
        samples.append(time.perf_counter() - t0)
    return statistics.median(samples), compile_s


def run_cases(cases, dev, repeats, progress=sys.stderr):
    results = {}
    total = sum(1 for c in cases for s in SYSTEMS if c.build.get(s) is not None)
    done = 0
    for case in cases:
        row = {}
        for system in SYSTEMS:
            build = case.build.get(system)
            if build is None or (system == "torch._numpy" and (tnp_internal is None or torch.device(dev).type != "cpu")):
                continue
            done += 1
            print(f"[{done:>3}/{total}] {case.group:<7} {case.name:<20} {system:<13}", end="", file=progress, flush=True)
            try:
                t_build = time.perf_counter()
                fn = build(dev)
                if system == "torchnp.jit":
                    fn()  # compile
                    _sync(dev)
                    row["compile_s"] = time.perf_counter() - t_build
                row[system], _ = measure(fn, dev, case.group == "tiny", repeats)
                print(f" {row[system] * (1e6 if case.group == 'tiny' else 1e3):10.3f} {'us' if case.group == 'tiny' else 'ms'}",
                      file=progress, flush=True)
            except Exception as exc:  # noqa: BLE001 - a benchmark reports, it does not stop
                row[system] = None
                print(f" failed: {type(exc).__name__}: {str(exc).splitlines()[0][:80]}", file=progress, flush=True)
        results[(case.group, case.name, case.size)] = row
    return results


def memory_check(n, dev):
    """Peak extra memory of one elementwise op on an n-element float64 array, torchnp vs torch.

    Each system runs in a fresh subprocess; the figure is the growth of the peak resident
    set (CPU) or of torch's peak allocation (CUDA), in units of the result size.
    """
    code = r'''
import resource, sys, torch, numpy, torchnp
n, dev, system = int(sys.argv[1]), sys.argv[2], sys.argv[3]
x = torch.from_numpy(numpy.random.default_rng(0).random(n)).to(dev)
w = torchnp.from_torch(x)
cuda = torch.device(dev).type == "cuda"
def peak():
    return torch.cuda.max_memory_allocated() if cuda else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
torch.sin(x[:10]); torchnp.sin(w[:10])
before = peak()
r = torch.sin(x) if system == "torch" else torchnp.sin(w)
print((peak() - before) / (8 * n))
'''
    out = {}
    for system in ("torch", "torchnp"):
        proc = subprocess.run([sys.executable, "-c", code, str(n), dev, system], capture_output=True, text=True)
        out[system] = float(proc.stdout.strip()) if proc.returncode == 0 else None
    return out


# ------------------------------------------------------------------ report
def _fmt(seconds, tiny):
    if seconds is None:
        return "-"
    return f"{seconds * 1e6:.2f} us" if tiny else f"{seconds * 1e3:.2f} ms"


def table(results):
    head = ["group", "case", "size", *SYSTEMS, "torchnp/torch", "torchnp/numpy", "jit/numpy", "jit compile"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for (group, name, size), row in results.items():
        tiny = group == "tiny"
        tn, tt, tnp_ = row.get("torchnp"), row.get("torch"), row.get("numpy")
        jit = row.get("torchnp.jit")
        ratio = lambda a, b: f"{a / b:.2f}x" if a and b else "-"  # noqa: E731
        cells = [group, name, str(size), *[_fmt(row.get(s), tiny) for s in SYSTEMS],
                 ratio(tn, tt), ratio(tn, tnp_), ratio(jit, tnp_),
                 f"{row['compile_s']:.1f} s" if "compile_s" in row else "-"]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def chart(results, path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    keys = list(results)
    fig, ax = plt.subplots(figsize=(max(8, len(keys) * 0.7), 5))
    width = 0.8 / len(SYSTEMS)
    for i, system in enumerate(SYSTEMS):
        vals = [(results[k].get(system) or float("nan")) / (results[k].get("torch") or float("nan")) for k in keys]
        ax.bar([j + i * width for j in range(len(keys))], vals, width, label=system)
    ax.set_yscale("log")
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.set_xticks([j + 0.4 for j in range(len(keys))])
    ax.set_xticklabels([f"{k[1]}\n({k[0]})" for k in keys], rotation=60, ha="right", fontsize=7)
    ax.set_ylabel("time relative to raw torch (log)")
    ax.set_title("torchnp benchmark suite (lower is better)")
    ax.legend(fontsize=7)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=120)


def machine():
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    gpu = torch.cuda.get_device_name(0) if torch.cuda.is_available() else "none"
    return (f"{cpu}, {os.cpu_count()} cores; GPU: {gpu}; Python {platform.python_version()}, "
            f"torch {torch.__version__}, numpy {numpy.__version__}, torchnp {torchnp.__version__}")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--device", default="cpu")
    p.add_argument("--only", choices=["tiny", "large", "lesson", "memory"])
    p.add_argument("--repeats", type=int, default=7)
    p.add_argument("--smoke", action="store_true", help="tiny sizes, one repeat, no jit: checks that it runs")
    p.add_argument("--no-jit", action="store_true")
    p.add_argument("--n-body", type=int, default=2000)
    p.add_argument("--write-results", action="store_true")
    p.add_argument("--chart", type=pathlib.Path, default=HERE / "out" / "chart.png")
    args = p.parse_args(argv)
    dev = str(torchnp._device.resolve(args.device))
    if args.smoke:
        sizes = dict(n=1000, m=16, n_body=16, n_points=100, n_pi=1000)
        args.repeats, args.no_jit = 1, True
    else:
        sizes = dict(n=10**7, m=2000, n_body=args.n_body, n_points=2_000_000, n_pi=10**7)
    cases = []
    if args.only in (None, "tiny"):
        cases += _tiny_cases()
    if args.only in (None, "large"):
        cases += _large_cases(sizes["n"], sizes["m"])
    if args.only in (None, "lesson"):
        cases += _lesson_cases(sizes["n_body"], sizes["n_points"], sizes["n_pi"], jit=not args.no_jit)
    results = run_cases(cases, dev, args.repeats) if cases else {}
    text = table(results) if results else ""
    print(text)
    mem_text = ""
    if args.only in (None, "memory"):
        mem = memory_check(sizes["n"], dev)
        mem_text = (f"Peak extra memory of `sin` on {sizes['n']} float64 elements, in result sizes: "
                    f"torch {mem['torch']}, torchnp {mem['torchnp']}")
        print(mem_text)
    if results and not args.smoke:
        chart(results, args.chart)
        print(f"chart: {args.chart}")
    if args.write_results:
        cmd = "python benchmarks/run.py " + " ".join(argv if argv is not None else sys.argv[1:])
        (HERE / "RESULTS.md").write_text(
            f"# Benchmark results\n\n- date: {datetime.date.today().isoformat()}\n- machine: {machine()}\n"
            f"- device: {dev}\n- command: `{cmd.strip()}`\n- figures: median of {args.repeats} runs after a warm-up; "
            "tiny cases per call\n\n" + text + "\n\n" + mem_text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
