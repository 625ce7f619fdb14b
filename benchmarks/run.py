"""torchnp benchmark suite: NumPy, raw torch, torch._numpy, torchnp eager and torchnp jit
side by side in one process (issues 3, 7 and 27).

    python benchmarks/run.py                      # full suite: table, issue-3 view, memory, chart
    python benchmarks/run.py --write-results      # also rewrite benchmarks/RESULTS.md (+ results.png)
    python benchmarks/run.py --only tiny          # one group (--help lists them): tiny, large, issue27, ...
    python benchmarks/run.py --device cuda        # torch-based systems on CUDA
    python benchmarks/run.py --smoke              # seconds: tiny sizes, checks that it runs (CI)

Every row also gets the faster of NumPy and raw torch and torchnp's time over it (issue 27's
target on large cases: at most 1.05x); the chart draws every system's time relative to it.

Systems are measured *interleaved*: each round times every system once (in a rotating
order), so load from other processes hits them alike. A figure is the median (``--stat``)
over the rounds after a warm-up; tiny-array figures are per call (microseconds) over a
loop of calls. Ratios are against raw torch and NumPy. jit figures exclude compilation,
which is reported separately (first call). Timings are not tests: nothing here asserts a speed.
"""

import argparse
import datetime
import gc
import math
import os
import pathlib
import platform
import random
import re
import shutil
import statistics
import subprocess
import sys
import time
import weakref

import torchnp  # first, as in a ported program: it sets THP_MEM_ALLOC_ENABLE and OMP_WAIT_POLICY before torch loads

import numpy
import torch

from torchnp.__main__ import G, calculate_forces

HERE = pathlib.Path(__file__).resolve().parent
SYSTEMS = ("numpy", "torch", "torch._numpy", "torchnp", "torchnp.jit")

try:
    import torch._numpy as tnp_internal
except ImportError:  # pragma: no cover - older torch
    tnp_internal = None


# ------------------------------------------------------------------ workloads
# Written once against a NumPy-like module ``xp`` (numpy, torch._numpy, torchnp).
# the N-body step of `python -m torchnp demo`, written once for any NumPy-like module
nbody = calculate_forces


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


class JitCase:
    """``torchnp.jit(fn)`` (one graph, the default); where torch.compile cannot make one
    graph, ``torchnp.jit(fn, fullgraph=False)`` and a note saying so."""

    def __init__(self, fn):
        self.fn, self.compiled, self.note = fn, torchnp.jit(fn), None

    def compile(self, *args):
        """Compile for ``args`` (the first call); returns the seconds the successful compile took."""
        from torchnp.jit import JitError

        t0 = time.perf_counter()
        try:
            self.compiled(*args)
        except JitError as exc:
            self.note = "fullgraph=False (graph breaks: " + str(exc).split(": ", 1)[-1].split(" (at")[0] + ")"
            self.compiled = torchnp.jit(self.fn, fullgraph=False)
            t0 = time.perf_counter()
            self.compiled(*args)
        return time.perf_counter() - t0


class _Bound:
    """A jitted case bound to its arguments: ``fn()`` runs it, ``fn.compile()`` compiles it."""

    def __init__(self, jitted, *args):
        self.jitted, self.args = jitted, args

    def __call__(self):
        return self.jitted.compiled(*self.args)

    def compile(self):
        return self.jitted.compile(*self.args)

    @property
    def note(self):
        return self.jitted.note


# ------------------------------------------------------------------ cases
class Case:
    def __init__(self, group, name, size, build, notes=None):
        self.group, self.name, self.size, self.build = group, name, size, build
        self.notes = notes or {}  # system -> a note printed under the table


def _data(shape, seed=0):
    return numpy.random.default_rng(seed).random(shape)


def _tiny_cases():
    n = 10
    ops = {
        "add": (lambda m, x, y: (lambda: m.add(x, y))),
        "multiply": (lambda m, x, y: (lambda: m.multiply(x, y))),
        "sin": (lambda m, x, y: (lambda: m.sin(x))),
        # NumPy's sum/mean of host data is a scalar, and so is torchnp's (§1.3): the raw-torch
        # reference reads its 0-d result back as a host value too (on the CPU; devices keep 0-d arrays)
        "sum": (lambda m, x, y: (lambda: m.sum(x).item()) if m is torch and x.is_cpu else (lambda: m.sum(x))),
        "mean": (lambda m, x, y: (lambda: m.mean(x).item()) if m is torch and x.is_cpu else (lambda: m.mean(x))),
        # NumPy's x[0] is a scalar, a copy; torch's t[0] is a view, which torchnp must not return
        # (§1.3: a view would change when x is written). The raw-torch reference is the copy.
        "x[0]": (lambda m, x, y: (lambda: x[0].clone()) if m is torch else (lambda: x[0])),
        "x[1:5]": (lambda m, x, y: (lambda: x[1:5])),
        "reshape": (lambda m, x, y: (lambda: x.reshape(2, 5))),
        "where": (lambda m, x, y: (lambda: m.where(x > 0.5, x, y))),
    }
    cases = []
    for name, make in ops.items():
        notes = {"torch": "t[0].clone(): one element as a value, as NumPy's x[0] (a plain t[0] is a view)"} \
            if name == "x[0]" else {"torch": f"torch.{name}(t).item(): the result as a host value, as NumPy's "
                                             f"{name} (and torchnp's, §1.3) is a scalar"} \
            if name in ("sum", "mean") else None
        cases.append(Case("tiny", name, n, _tiny_builder(make, n), notes))
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


def _ints(n, high, seed=0):
    return numpy.random.default_rng(seed).integers(0, high, n)


def _large(name, size, data, fn, torch_fn, internal=False, notes=None):
    """A large case: ``data()`` -> NumPy inputs; ``fn(xp, *inputs)`` for NumPy, torchnp (and
    torch._numpy where ``internal``: the cases of issue 7); ``torch_fn(*tensors)`` the raw-torch
    spelling of the same computation. Every system gets the same NumPy arrays (zero-copy on the
    CPU): no system gains or loses by where its copy of the inputs landed (alignment, huge pages),
    which moved single figures by 5-10% between otherwise identical calls. ``notes``: system -> what
    its cell computes where the spellings differ (printed under the table)."""
    cache = []  # weak references to the inputs of the running case (freed with the case's calls)

    def inputs():
        arrays = [r() for r in cache]
        if not arrays or any(a is None for a in arrays):
            arrays = list(data())
            cache[:] = [weakref.ref(a) for a in arrays]
        return arrays

    def on(convert, call):
        return lambda dev: (lambda a=[convert(x, dev) for x in inputs()]: call(*a))
    build = {
        "numpy": on(lambda x, dev: x, lambda *a: fn(numpy, *a)),
        "torch": on(lambda x, dev: torch.from_numpy(x).to(dev), torch_fn),
        "torchnp": on(lambda x, dev: torchnp.asarray(x, device=dev), lambda *a: fn(torchnp, *a)),
    }
    if internal:
        build["torch._numpy"] = on(lambda x, dev: tnp_internal.asarray(x), lambda *a: fn(tnp_internal, *a))
    return Case("large", name, size, build, notes)


def _lstsq_torch(a, c):
    """NumPy's lstsq in raw torch: x, residuals, rank and the singular values (``driver='gelsd'``, the
    SVD-based LAPACK driver NumPy calls; torch's default ``gelsy`` returns no singular values). CUDA has
    only ``gels`` (x alone, full rank assumed): there the closest spelling is torch's default."""
    return torch.linalg.lstsq(a, c[:, None], driver="gelsd" if a.device.type == "cpu" else None)


_LSTSQ_NOTE = ("torch.linalg.lstsq(a, b, driver='gelsd') on the CPU: NumPy's four results (x, residuals, rank, "
               "singular values) from the SVD-based driver NumPy calls (NumPy: OpenBLAS's dgelsd; torch: MKL's); "
               "torch's default driver gelsy (QR with pivoting) returns no singular values")


def _scatter(xp, x, i, v):
    x[i] = v
    return x


def _scatter_torch(x, i, v):
    x[i] = v
    return x


def _hist_torch(x, bins=100):
    """NumPy's histogram on [min, max] with equal bins, spelled in raw torch (torch.histc: float counts)."""
    lo, hi = torch.aminmax(x)
    return torch.histc(x, bins, lo.item(), hi.item()).to(torch.int64), torch.linspace(lo.item(), hi.item(), bins + 1,
                                                                                         dtype=x.dtype)


def _large_cases(n, m, small_n=None, small_m=None):
    """Large CPU work (issue 17): elementwise, reductions, sorting and searching, indexing,
    products, linalg at ``small_m`` and ``m``, fft. ``n`` elements (10^7) for cheap passes,
    ``small_n`` (10^6) where one call of n would take seconds."""
    k = small_n or max(n // 10, 1)
    sm = small_m or max(m // 4, 2)
    nd = lambda size, seed=0: (lambda: (_data(size, seed),))  # noqa: E731
    two = lambda size: (lambda: (_data(size), _data(size, 1)))  # noqa: E731
    spd = lambda s: (lambda: ((lambda a: a @ a.T + s * numpy.eye(s))(_data((s, s))),))  # noqa: E731
    sq = lambda s: (lambda: (_data((s, s)) + s * numpy.eye(s) * 0.01,))  # noqa: E731
    b = max(m // 64, 2)  # batch of the batched matmul
    w = max(sm // 5, 1)  # columns of the least-squares problem
    cases = [
        _large("add", n, two(n), lambda xp, x, y: xp.add(x, y), torch.add, internal=True),
        _large("sin", n, nd(n), lambda xp, x: xp.sin(x), torch.sin, internal=True),
        _large("exp", n, nd(n), lambda xp, x: xp.exp(x), torch.exp, internal=True),
        _large("sum", n, nd(n), lambda xp, x: xp.sum(x), torch.sum, internal=True),
        _large("mean", n, nd(n), lambda xp, x: xp.mean(x), torch.mean, internal=True),
        _large("std", n, nd(n), lambda xp, x: xp.std(x), lambda x: torch.std(x, correction=0)),
        _large("var", n, nd(n), lambda xp, x: xp.var(x), lambda x: torch.var(x, correction=0)),
        _large("cumsum", n, nd(n), lambda xp, x: xp.cumsum(x), lambda x: torch.cumsum(x, 0), internal=True),
        _large("where", n, two(n), lambda xp, x, y: xp.where(x > 0.5, x, y), lambda x, y: torch.where(x > 0.5, x, y)),
        _large("boolean mask x[x > .5]", n, nd(n), lambda xp, x: x[x > 0.5], lambda x: x[x > 0.5]),
        _large("gather x[idx]", n, lambda: (_data(n), _ints(k, n)), lambda xp, x, i: x[i], lambda x, i: x[i]),
        _large("take", n, lambda: (_data(n), _ints(k, n)), lambda xp, x, i: xp.take(x, i), lambda x, i: x[i]),
        _large("scatter x[idx] = v", n, lambda: (_data(n), _ints(k, n), _data(k, 1)), _scatter, _scatter_torch),
        _large("sort", n, nd(n), lambda xp, x: xp.sort(x), lambda x: torch.sort(x).values, internal=True),
        _large("argsort", k, nd(k), lambda xp, x: xp.argsort(x), lambda x: torch.sort(x, stable=True).indices),
        _large("partition", n, nd(n), lambda xp, x: xp.partition(x, n // 2),
               lambda x: torch.sort(x).values),  # torch has no selection: a full sort is its partition
        _large("unique", k, lambda: (_ints(k, k // 10).astype(numpy.float64),), lambda xp, x: xp.unique(x),
               torch.unique),
        _large("searchsorted", k, lambda: (numpy.sort(_data(k)), _data(k, 1)),
               lambda xp, a, v: xp.searchsorted(a, v), torch.searchsorted),
        _large("histogram", n, nd(n), lambda xp, x: xp.histogram(x, 100), _hist_torch),
        _large("bincount", n, lambda: (_ints(n, 1000),), lambda xp, x: xp.bincount(x), torch.bincount),
        _large(f"matmul {m}x{m}", m, lambda: (_data((m, m)),), lambda xp, a: a @ a, lambda a: a @ a, internal=True),
        _large(f"dot {sm}x{sm}", sm, lambda: (_data((sm, sm)), _data((sm, sm), 1)), lambda xp, a, c: xp.dot(a, c),
               torch.mm),
        _large(f"matmul batched {b}x{sm}x{sm}", b, lambda: (_data((b, sm, sm)), _data((b, sm, sm), 1)),
               lambda xp, a, c: xp.matmul(a, c), torch.matmul),
        _large(f"einsum ij,jk->ik {sm}", sm, lambda: (_data((sm, sm)), _data((sm, sm), 1)),
               lambda xp, a, c: xp.einsum("ij,jk->ik", a, c), lambda a, c: torch.einsum("ij,jk->ik", a, c)),
        _large(f"einsum ij,ij->i {m}", m, lambda: (_data((m, m)), _data((m, m), 1)),
               lambda xp, a, c: xp.einsum("ij,ij->i", a, c), lambda a, c: torch.einsum("ij,ij->i", a, c)),
    ]
    for s in (sm, m):
        cases += [
            _large(f"linalg.solve {s}", s, lambda s=s: (sq(s)()[0], _data((s, 1), 1)),
                   lambda xp, a, c: xp.linalg.solve(a, c), torch.linalg.solve),
            _large(f"linalg.inv {s}", s, sq(s), lambda xp, a: xp.linalg.inv(a), torch.linalg.inv),
            _large(f"linalg.det {s}", s, sq(s), lambda xp, a: xp.linalg.det(a), torch.linalg.det),
            _large(f"linalg.cholesky {s}", s, spd(s), lambda xp, a: xp.linalg.cholesky(a), torch.linalg.cholesky),
        ]
    cases += [
        _large(f"linalg.eigh {sm}", sm, spd(sm), lambda xp, a: xp.linalg.eigh(a), torch.linalg.eigh),
        _large(f"linalg.svd {sm}", sm, sq(sm), lambda xp, a: xp.linalg.svd(a), torch.linalg.svd),
        _large(f"linalg.lstsq {m}x{w}", m, lambda: (_data((m, w)), _data(m, 1)),
               lambda xp, a, c: xp.linalg.lstsq(a, c, rcond=None), _lstsq_torch, notes={"torch": _LSTSQ_NOTE}),
        _large("fft", k, lambda: (_data(k) + 1j * _data(k, 1),), lambda xp, x: xp.fft.fft(x), torch.fft.fft),
        _large("rfft", k, nd(k), lambda xp, x: xp.fft.rfft(x), torch.fft.rfft),
        _large(f"fft2 {m}x{m}", m, lambda: (_data((m, m)),), lambda xp, x: xp.fft.fft2(x), torch.fft.fft2),
    ]
    return cases


def _issue27_cases(n, m, rows=None):
    """Issue 27's 22 large operations, spelled as a new user writes them: ``n`` float64 elements
    (8x10^6), ``m`` x ``m`` matrices (2000x2000), ``rows`` (4000x1000) for the row sums. Group
    ``large``: with the cases of ``_large_cases`` they are the cases held to 1.05x the faster of
    NumPy and raw torch (the ``faster`` column)."""
    rows = rows or (2 * m, max(m // 2, 1))
    k = max(n // 10, 1)  # indices of take
    nd = lambda size, seed=0: (lambda: (_data(size, seed),))  # noqa: E731
    two = lambda size: (lambda: (_data(size), _data(size, 1)))  # noqa: E731
    masked = lambda: (lambda x: (x, x > 0.5))(_data(n))  # noqa: E731 - x and a precomputed mask
    mat = f"{m}x{m}"
    return [
        _large("x.std()", n, nd(n), lambda xp, x: x.std(), lambda x: torch.std(x, correction=0)),
        _large(f"X.sum(axis=1) {rows[0]}x{rows[1]}", rows[0] * rows[1], nd(rows), lambda xp, x: x.sum(axis=1),
               lambda x: x.sum(dim=1)),
        _large("log(x)", n, nd(n), lambda xp, x: xp.log(x), torch.log),
        _large("x.sum()", n, nd(n), lambda xp, x: x.sum(), torch.sum),
        _large("x.mean()", n, nd(n), lambda xp, x: x.mean(), torch.mean),
        _large("where(m, x, y)", n, lambda: (_data(n) > 0.5, _data(n, 1), _data(n, 2)),
               lambda xp, c, x, y: xp.where(c, x, y), torch.where),
        _large("tanh(x)", n, nd(n), lambda xp, x: xp.tanh(x), torch.tanh),
        _large("exp(x)", n, nd(n), lambda xp, x: xp.exp(x), torch.exp),
        _large("sqrt(x)", n, nd(n), lambda xp, x: xp.sqrt(x), torch.sqrt),
        _large("x[mask]", n, masked, lambda xp, x, c: x[c], lambda x, c: x[c]),
        _large("x < y", n, two(n), lambda xp, x, y: x < y, lambda x, y: x < y),
        _large("x.argmax()", n, nd(n), lambda xp, x: x.argmax(), torch.argmax),
        _large("x + y", n, two(n), lambda xp, x, y: x + y, lambda x, y: x + y),
        _large("2.5 * x", n, nd(n), lambda xp, x: 2.5 * x, lambda x: 2.5 * x),
        _large("sin(x)", n, nd(n), lambda xp, x: xp.sin(x), torch.sin),
        _large("cumsum(x)", n, nd(n), lambda xp, x: xp.cumsum(x), lambda x: torch.cumsum(x, 0)),
        _large("x.max()", n, nd(n), lambda xp, x: x.max(), torch.max),
        _large("take(x, idx)", n, lambda: (_data(n), _ints(k, n)), lambda xp, x, i: xp.take(x, i),
               lambda x, i: x[i]),
        _large("sort(x)", n, nd(n), lambda xp, x: xp.sort(x), lambda x: torch.sort(x).values),
        _large(f"A @ B {mat}", m, lambda: (_data((m, m)), _data((m, m), 1)), lambda xp, a, c: a @ c,
               lambda a, c: a @ c),
        _large(f"A.mean(axis=0) {mat}", m, nd((m, m)), lambda xp, a: a.mean(axis=0), lambda a: a.mean(dim=0)),
        # NumPy's copy of a transposed view is C-ordered; torch's clone keeps the strides, contiguous() does not
        _large(f"A.T.copy() {mat}", m, nd((m, m)), lambda xp, a: a.T.copy(), lambda a: a.T.contiguous()),
    ]


_RANDOM_DRAWS = {  # name: (NumPy-like generator method call, raw torch call)
    "uniform": (lambda g, n: g.random(n), lambda g, n, d: torch.rand(n, dtype=torch.float64, generator=g, device=d)),
    "normal": (lambda g, n: g.standard_normal(n),
               lambda g, n, d: torch.randn(n, dtype=torch.float64, generator=g, device=d)),
    "integers": (lambda g, n: g.integers(0, 100, n), lambda g, n, d: torch.randint(0, 100, (n,), generator=g, device=d)),
}


def _random_cases(sizes, dev):
    """Random draws (DESIGN §5.4): NumPy's generator, torch's, and torchnp on the device's default
    stream (the CPU: NumPy's own generator; an accelerator: torch's) and on the other stream
    (``stream='torch'`` on the CPU; ``stream='numpy'`` elsewhere: drawn on the host, copied)."""
    other = "torch" if torch.device(dev).type == "cpu" else "numpy"
    cases = []
    for n in sizes:
        for name, (draw, tdraw) in _RANDOM_DRAWS.items():
            for stream in (None, other):
                cases.append(Case("random", name if stream is None else f"{name} stream={stream!r}", n, {
                    "numpy": lambda dev, draw=draw, n=n: (lambda g=numpy.random.default_rng(0): draw(g, n)),
                    "torch": lambda dev, tdraw=tdraw, n=n: (
                        lambda g=torch.Generator(device=dev).manual_seed(0): tdraw(g, n, dev)),
                    "torchnp": lambda dev, draw=draw, n=n, stream=stream: (
                        lambda g=torchnp.random.default_rng(0, device=dev, stream=stream): draw(g, n)),
                }))
    return cases


#: the SciPy group's systems (DESIGN §8): SciPy on NumPy arrays; torchnp.scipy on CPU torchnp arrays
#: (the host rules: SciPy's own function on zero-copy views, so the difference is the dispatch); and
#: torchnp.scipy's torch implementation on the benchmark's device (on the CPU under the accelerator
#: rules: the code a GPU runs)
SCIPY_SYSTEMS = ("scipy", "torchnp.scipy host", "torchnp.scipy torch")


def _torch_path(fn):
    """``fn`` under the accelerator rules (``_device.CPU_VALUE_CHECKS`` off): the torch implementation."""
    from torchnp import _device

    def call():
        saved, _device.CPU_VALUE_CHECKS = _device.CPU_VALUE_CHECKS, False
        try:
            return fn()
        finally:
            _device.CPU_VALUE_CHECKS = saved
    return call


def _scipy_cases(sizes):
    """SciPy's workloads (issue 25): the same NumPy inputs for every system (zero-copy on the CPU)."""
    rng = numpy.random.default_rng(0)
    image, signal_ = rng.random((sizes["image"],) * 2), rng.standard_normal(sizes["signal"])
    kernel = rng.standard_normal(sizes["kernel"])
    points, matrix = rng.random((sizes["points"], 3)), rng.standard_normal((sizes["matrix"],) * 2) / sizes["matrix"]
    specs = [
        ("ndimage.gaussian_filter", f"{sizes['image']}^2", "ndimage", "gaussian_filter", (image, 4.0)),
        ("signal.fftconvolve", f"{sizes['signal']}*{sizes['kernel']}", "signal", "fftconvolve", (signal_, kernel)),
        ("spatial.distance.cdist", f"{sizes['points']}^2x3", "spatial.distance", "cdist", (points, points)),
        ("signal.welch", str(sizes["welch"]), "signal", "welch", (rng.standard_normal(sizes["welch"]),)),
        ("linalg.expm", f"{sizes['matrix']}^2", "linalg", "expm", (matrix,)),
    ]
    cases = []
    for name, size, module, fname, args in specs:
        def build(system, module=module, fname=fname, args=args):
            import importlib

            def make(dev):
                if system == "scipy":
                    f = getattr(importlib.import_module("scipy." + module), fname)
                    return lambda: f(*args)
                f = getattr(importlib.import_module("torchnp.scipy." + module), fname)
                on = "cpu" if system == "torchnp.scipy host" else dev
                # (gaussian_filter's sigma stays a number: a 0-d device array would be a host read, §3.5)
                a = [torchnp.asarray(x, device=on) if isinstance(x, numpy.ndarray) else x for x in args]
                call = lambda: f(*a)  # noqa: E731
                return _torch_path(call) if system == "torchnp.scipy torch" and on == "cpu" else call
            return make
        cases.append(Case("scipy", name, size, {s: build(s) for s in SCIPY_SYSTEMS}))
    return cases


#: issue 26's L-BFGS-B row with torchnp's autograd (jac=None) on the device path; SciPy given the gradient
AUTOGRAD_ROW = "optimize.minimize (L-BFGS-B, autograd, 100 it)"


def _pipelines(np_, sp, dev, n):
    """Issue 26's workloads written once against a NumPy-like module and a SciPy-like package; each
    returns a zero-argument callable doing a fixed amount of work (fixed iteration counts)."""
    sparse, optimize, integrate = sp.sparse, sp.optimize, sp.integrate
    kw = {} if dev is None else {"device": dev}  # torchnp's device code: sparse arrays made there explicitly
    m = n["poisson"]
    e = np_.ones(m * m) if sp.__name__ == "scipy" else np_.ones(m * m, device=dev or "cpu")
    off = e[:-1].copy()
    off[m - 1::m] = 0
    poisson = sparse.diags_array([4 * e, -off, -off, -e[:-m], -e[:-m]], offsets=[0, 1, -1, m, -m], format="csr", **kw)
    # the Laplacian of a 2-D grid graph (s x s nodes, 4-neighbour edges): a path graph's largest eigenvalues are
    # spaced ~1e-7 apart at 10^4 nodes, where SciPy's ARPACK (which='LA') runs for minutes; the grid's ~1e-3
    s = math.isqrt(n["graph"])
    g = e[:s * s].copy() if s * s <= m * m else np_.ones(s * s)
    right, down = g[:-1].copy(), g[:-s]
    right[s - 1::s] = 0  # (no edge from a grid row's last node to the next row's first)
    deg = 0 * g
    deg[:-1] += right
    deg[1:] += right
    deg[:-s] += down
    deg[s:] += down
    lap = sparse.diags_array([deg, -right, -right, -down, -down], offsets=[0, 1, -1, s, -s], format="csr", **kw)
    rng = numpy.random.default_rng(0)

    def arr(a):
        return a if sp.__name__ == "scipy" else np_.asarray(a, device=dev or "cpu")
    x0 = arr(rng.uniform(0.5, 1.5, n["params"]))

    def rosen(x):
        return np_.sum(100.0 * (x[1:] - x[:-1] ** 2) ** 2 + (1 - x[:-1]) ** 2)

    def rosen_grad(x):  # SciPy's needs the gradient written out; torchnp's device path takes autograd
        g_ = np_.zeros_like(x)
        g_[1:-1] = 200 * (x[1:-1] - x[:-2] ** 2) - 400 * x[1:-1] * (x[2:] - x[1:-1] ** 2) - 2 * (1 - x[1:-1])
        g_[0] = -400 * x[0] * (x[1] - x[0] ** 2) - 2 * (1 - x[0])
        g_[-1] = 200 * (x[-1] - x[-2] ** 2)
        return g_
    xs = arr(numpy.linspace(0, 4, n["points"]))
    ys = arr(2.5 * numpy.exp(-1.3 * numpy.linspace(0, 4, n["points"])) + 0.5 + 0.05 * rng.standard_normal(n["points"]))

    def model(x, a, b, c):
        return a * np_.exp(-b * x) + c
    states = n["states"]
    y0 = arr(rng.standard_normal(states))
    y0b = arr(rng.standard_normal(2 * n["batch"]))

    def chain(t, y):  # a damped chain of oscillators: neighbours coupled
        d = -0.1 * y
        d[1:] += 0.5 * y[:-1]
        d[:-1] -= 0.5 * y[1:]
        return d

    def oscillators(t, y):  # 10^4 independent 2-state systems, stacked (one vectorised right-hand side)
        q, p = y[0::2], y[1::2]
        return np_.stack([p, -q - 0.1 * p], axis=1).reshape(-1)
    # L-BFGS-B, fairly: every system given the gradient written out (on host data torchnp.scipy runs SciPy's own,
    # which calls the torchnp gradient); then torchnp's device path with jac=None (torch's autograd) against SciPy
    # with its written-out gradient (SciPy has no autograd; _scipy26_cases leaves torchnp's host path out there)
    autograd_jac = rosen_grad if sp.__name__ == "scipy" else None
    return {
        "sparse.linalg.cg (Poisson, 200 it)": lambda: sparse.linalg.cg(poisson, e, rtol=1e-12, maxiter=200),
        "sparse.linalg.eigsh (grid Laplacian, k=6)": lambda: sparse.linalg.eigsh(lap, k=6, which="LA"),
        "optimize.minimize (L-BFGS-B, jac given, 100 it)": lambda: optimize.minimize(
            rosen, x0, jac=rosen_grad, method="L-BFGS-B", options={"maxiter": 100}),
        AUTOGRAD_ROW: lambda: optimize.minimize(rosen, x0, jac=autograd_jac, method="L-BFGS-B",
                                                options={"maxiter": 100}),
        "optimize.curve_fit": lambda: optimize.curve_fit(model, xs, ys, p0=[1.0, 1.0, 1.0]),
        "integrate.solve_ivp (chain)": lambda: integrate.solve_ivp(chain, (0.0, 10.0), y0, rtol=1e-6),
        "integrate.solve_ivp (batch)": lambda: integrate.solve_ivp(oscillators, (0.0, 10.0), y0b, rtol=1e-6),
    }


def _scipy26_cases(sizes):
    """Issue 26's workloads: SciPy on NumPy arrays, torchnp.scipy on host data (SciPy's own), and
    torchnp.scipy's device code (on the CPU under the accelerator rules)."""
    import importlib

    import scipy
    import torchnp.scipy as tsp

    for sub in ("sparse", "sparse.linalg", "optimize", "integrate"):
        importlib.import_module("scipy." + sub)
    n = sizes["pipelines"]
    names = list(_pipelines(numpy, scipy, None, dict(n, poisson=2, graph=4, params=4, points=8, states=4, batch=2)))
    cases = []
    for name in names:
        def build(system, name=name):
            def make(dev):
                if system == "scipy":
                    return _pipelines(numpy, scipy, None, n)[name]
                if system == "torchnp.scipy host":  # CPU torchnp arrays: SciPy's own objects and solvers
                    return _pipelines(torchnp, tsp, None, n)[name]
                if dev == "cpu":
                    return _torch_path(_torch_path(lambda: _pipelines(torchnp, tsp, dev, n))()[name])
                return _pipelines(torchnp, tsp, dev, n)[name]
            return make
        size = {"sparse.linalg.cg": f"{n['poisson']}^2 unknowns",
                "sparse.linalg.eigsh": f"{math.isqrt(n['graph'])}^2 nodes",
                "optimize.minimize": f"{n['params']} params", "optimize.curve_fit": f"{n['points']} points",
                "integrate.solve_ivp (chain)": f"{n['states']} states"}
        label = next((v for k, v in size.items() if name.startswith(k)), f"{n['batch']} x 2 states")
        notes, systems = None, SCIPY_SYSTEMS
        if name == AUTOGRAD_ROW:  # on host data without jac SciPy's own L-BFGS-B takes finite differences
            systems = ("scipy", "torchnp.scipy torch")
            notes = {"torchnp.scipy host": "not run: host data runs SciPy's own L-BFGS-B, which without jac takes "
                                           "finite differences (the row above gives every system the gradient)"}
        cases.append(Case("scipy", name, label, {s: build(s) for s in systems}, notes))
    return cases


def scipy_table(results):
    rows = [(k, r) for k, r in results.items() if k[0] == "scipy"]
    if not rows:
        return ""
    lines = ["| case | size | SciPy | torchnp.scipy (host: SciPy's) | torchnp.scipy (torch path) | host/SciPy | "
             "torch path/SciPy |", "|---|---|---|---|---|---|---|"]
    notes = []
    for (group, name, size), r in rows:
        sp, host, tp = (r.get(s) for s in SCIPY_SYSTEMS)
        for s, why in r["notes"].items():
            notes.append(f"{name} / {s}: {why}")
        lines.append(f"| {name} | {size} | {_fmt(sp, False)} | {_fmt(host, False)} | {_fmt(tp, False)} | "
                     f"{_ratio(host, sp)} | {_ratio(tp, sp)} |")
    if notes:
        lines += ["", "Notes:", ""] + [f"- {n}" for n in notes]
    return "\n".join(lines)


def _lesson_cases(n_body, n_points, n_pi, jit, n_proj=2000):
    def jitted(fn):
        return JitCase(fn) if jit else None

    nb_jit = jitted(lambda pos, mass: nbody(torchnp, pos, mass))
    km_jit = jitted(lambda X, means: kmeans_assign(torchnp, X, means))
    pi_jit = jitted(lambda n: monte_carlo_pi(torchnp, n))
    pj_jit = jitted(lambda A, y: projection(torchnp, A, y))
    pos, mass = _data((2, n_body)), _data(n_body, 1) + 100
    X, means = numpy.random.default_rng(0).standard_normal((n_points, 2)), numpy.random.default_rng(1).standard_normal((8, 2)) * 2
    A, y = _data((n_proj, 50)), _data(n_proj, 3)

    def tn(*arrays, dev):
        return [torchnp.asarray(a, device=dev) for a in arrays]

    def tt(*arrays, dev):
        return [torch.from_numpy(a).to(dev) for a in arrays]

    def ti(*arrays):
        return [tnp_internal.asarray(a) for a in arrays]

    with_jit = lambda f, *arrays: (lambda dev: _Bound(f, *tn(*arrays, dev=dev))) if f else None  # noqa: E731
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
            "torch._numpy": lambda dev: (lambda: monte_carlo_pi(tnp_internal, n_pi)),
            "torchnp": lambda dev: (lambda: monte_carlo_pi(torchnp, n_pi)),
            "torchnp.jit": (lambda dev: _Bound(pi_jit, n_pi)) if pi_jit else None,
        }),
        Case("lesson", "projection (pinv)", n_proj, {
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


def _sample(fn, dev, loops):
    """Seconds per call over ``loops`` calls, with Python's garbage collector paused (as timeit
    does: a collection would land on whichever system happens to allocate the triggering object)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        t0 = time.perf_counter()
        for _ in range(loops):
            fn()
        _sync(dev)
        return (time.perf_counter() - t0) / loops
    finally:
        if enabled:
            gc.enable()


def measure_case(fns, dev, repeats, loops, stat):
    """Per-system figure (seconds per call) with the systems interleaved round by round.

    ``fns``: system -> zero-argument callable, already built and warmed up. A system that
    raises during a round is dropped from the case (its error is returned).
    """
    samples = {s: [] for s in fns}
    errors = {}
    order = list(fns)
    shuffle = random.Random(0).shuffle
    for r in range(repeats):
        # a fresh order each round: no system always runs first, nor always right after the same one
        # (a plain rotation ran torchnp right after raw torch in two rounds of three, and a call
        # right after another library's large kernel starts on cold caches)
        shuffle(order)
        for system in list(order):
            if system in errors:
                continue
            try:
                samples[system].append(_sample(fns[system], dev, loops))
            except Exception as exc:  # noqa: BLE001 - a benchmark reports, it does not stop
                errors[system] = exc
    agg = min if stat == "min" else statistics.median
    return {s: agg(v) for s, v in samples.items() if v and s not in errors}, errors


def _why(exc):
    return f"{type(exc).__name__}: {str(exc).splitlines()[0][:100]}" if str(exc) else type(exc).__name__


_SAMPLE_S = 0.05  # a non-tiny sample lasts at least this long (calls per sample: up to 20)
_SLOW_S = 0.3  # a case whose fastest system takes longer than this per call gets fewer rounds


def run_cases(cases, dev, repeats, stat="median", loops=1000, progress=sys.stderr, match=None):
    """results: (group, case, size) -> {system: seconds, 'compile_s': s, 'notes': {system: text}}."""
    results = {}
    cases = [c for c in cases if match is None or re.search(match, c.name)]
    on_cpu = torch.device(dev).type == "cpu"
    for i, case in enumerate(cases, 1):
        tiny = case.group == "tiny"
        row, notes, fns, warm = {}, dict(case.notes), {}, []
        print(f"[{i:>2}/{len(cases)}] {case.group:<7} {case.name:<20}", end="", file=progress, flush=True)
        for system in [*SYSTEMS, *(s for s in case.build if s not in SYSTEMS)]:
            build = case.build.get(system)
            if build is None:
                continue
            if system == "torch._numpy" and (tnp_internal is None or not on_cpu):
                continue
            try:
                fn = build(dev)
                if system == "torchnp.jit":
                    row["compile_s"] = fn.compile()
                    _sync(dev)
                    if fn.note:
                        notes[system] = fn.note
                t0 = time.perf_counter()
                fn()  # warm-up
                _sync(dev)
                warm.append(time.perf_counter() - t0)
                fns[system] = fn
            except Exception as exc:  # noqa: BLE001
                notes[system] = "failed: " + _why(exc)
        # a case of a few milliseconds is timed over several calls per sample (the same count for
        # every system), so that one scheduling hiccup on a shared machine does not make a figure
        case_loops = loops if tiny else max(1, min(20, int(_SAMPLE_S / max(min(warm, default=1.0), 1e-6))))
        # a case of seconds per call gets fewer rounds (at least 5): the suite stays within minutes
        case_repeats = repeats if tiny or min(warm, default=0.0) < _SLOW_S else min(repeats, max(5, repeats // 3))
        figures, errors = measure_case(fns, dev, case_repeats, case_loops, stat)
        for system, exc in errors.items():
            notes[system] = "failed: " + _why(exc)
        row.update(figures)
        row["notes"] = notes
        results[(case.group, case.name, case.size)] = row
        unit, scale = ("us", 1e6) if tiny else ("ms", 1e3)
        shown = "  ".join(f"{s} {row[s] * scale:.3g}" if s in row else f"{s} n/a" for s in case.build
                          if case.build[s] is not None)
        print(f" {unit}: {shown}", file=progress, flush=True)
    return results


# ------------------------------------------------------------------ memory
_PROBE_PRELUDE = r'''
import os, resource, sys
import numpy, torch, torchnp

def rss():  # resident now (bytes)
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")

def reset_peak():  # VmHWM := VmRSS (Linux >= 4.0); False where unsupported
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
        return True
    except OSError:
        return False

def peak():  # the high-water mark (bytes): CUDA's allocator's, else this process's own
    if cuda:
        return torch.cuda.max_memory_allocated()
    try:  # this process's own high-water mark (ru_maxrss would include the parent's: it survives exec)
        with open("/proc/self/status") as f:
            return next(int(line.split()[1]) * 1024 for line in f if line.startswith("VmHWM:"))
    except (OSError, StopIteration):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
'''

# the probes run in a fresh subprocess each: the prelude's helpers, then the measurement
_MEMORY_CODE = _PROBE_PRELUDE + r'''
n, dev, system = int(sys.argv[1]), sys.argv[2], sys.argv[3]
cuda = torch.device(dev).type == "cuda"

data = [numpy.random.default_rng(s).random(n) for s in (0, 1)]
if system == "numpy":
    x, y = data
    ops = {"sin": lambda: numpy.sin(x), "add": lambda: numpy.add(x, y)}
elif system == "torch":
    x, y = (torch.from_numpy(a).to(dev) for a in data)
    ops = {"sin": lambda: torch.sin(x), "add": lambda: torch.add(x, y)}
else:
    x, y = (torchnp.asarray(a, device=dev) for a in data)
    ops = {"sin": lambda: torchnp.sin(x), "add": lambda: torchnp.add(x, y)}
for op in ops.values():  # warm-up: libraries loaded, kernels resolved, allocator initialised
    r = op()
del r
out = []
for name, op in ops.items():
    if cuda:
        torch.cuda.synchronize(); torch.cuda.reset_peak_memory_stats(); before = torch.cuda.memory_allocated()
    elif reset_peak():
        before = rss()
    else:
        before = peak()  # fallback: high-water mark so far (under-reports if it was set by a freed temporary)
    r = op()
    if cuda:
        torch.cuda.synchronize()
    grew = peak() - before
    out.append(f"{name}={grew / (8 * n):.3f}")
    del r
print(" ".join(out))
'''


def memory_check(n, dev):
    """Peak extra memory of an elementwise op (``sin``, ``add``) on n-element float64 arrays.

    Each system runs in a fresh subprocess. The figure is the growth of the peak resident set
    over the resident set just before the op (CPU: the peak is reset through
    ``/proc/self/clear_refs``), or of torch's peak allocation (CUDA), in units of the result
    size: 1.00 means the op allocated its result and nothing else.
    """
    systems = ("numpy", "torch", "torchnp") if torch.device(dev).type == "cpu" else ("torch", "torchnp")
    # concurrently: each figure is its own process's resident set, not a time
    procs = {s: subprocess.Popen([sys.executable, "-c", _MEMORY_CODE, str(n), dev, s], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True) for s in systems}
    out = {}
    for system, proc in procs.items():
        stdout, stderr = proc.communicate()
        if proc.returncode == 0 and stdout.strip():
            out[system] = dict(kv.split("=") for kv in stdout.split())
        else:
            out[system] = {"error": (stderr.strip().splitlines() or ["?"])[-1]}
    return out


def memory_text(mem, n):
    lines = [f"Peak extra memory of one elementwise op on {n} float64 elements, in result sizes "
             "(fresh subprocess per system; 1.00 = the result only):", "",
             "| system | sin(x) | add(x, y) |", "|---|---|---|"]
    for system, r in mem.items():
        if "error" in r:
            lines.append(f"| {system} | failed: {r['error'][:80]} | |")
        else:
            lines.append(f"| {system} | {r.get('sin', '-')} | {r.get('add', '-')} |")
    return "\n".join(lines)


_STD_MEMORY_CODE = _PROBE_PRELUDE + r'''
n, system = int(sys.argv[1]), sys.argv[2]
cuda = False

x = numpy.random.default_rng(0).random(n)
if system == "numpy":
    a, std = x, lambda a: a.std()
elif system == "torch":
    a, std = torch.from_numpy(x), lambda a: torch.std(a, correction=0)
else:
    a, std = torchnp.asarray(x), lambda a: a.std()
can_reset = reset_peak()
# warm-up (libraries loaded, kernels resolved): the whole array where the peak can be reset after it,
# else a slice, so that the warm-up does not set the high-water mark
float(std(a if can_reset else a[:1000]))
if can_reset:
    reset_peak()
    before = rss()
else:
    before = peak()  # the high-water mark with x allocated
float(std(a))
print(peak() - before, x.nbytes, "reset" if can_reset else "hwm")
'''


def std_memory_check(n):
    """Peak extra memory of ``x.std()`` on n float64 elements (issue 27): NumPy, raw torch and
    torchnp, each in a fresh subprocess, one after another (NumPy's two-pass std needs a temporary
    the size of x: running them together would take three copies of the machine's memory at once).

    The figure is the growth of the subprocess's own peak resident set (``VmHWM``) over its
    resident set with ``x`` allocated and the call warmed up. ``tracemalloc`` would see NumPy's
    buffers but not torch's CPU allocator, hence the resident set.
    """
    out = {}
    for system in ("numpy", "torch", "torchnp"):
        proc = subprocess.run([sys.executable, "-c", _STD_MEMORY_CODE, str(n), system], capture_output=True,
                              text=True)
        if proc.returncode == 0 and proc.stdout.strip():
            grew, nbytes, how = proc.stdout.split()
            out[system] = {"bytes": int(grew), "x_bytes": int(nbytes), "how": how}
        else:
            out[system] = {"error": (proc.stderr.strip().splitlines() or [f"exit {proc.returncode}"])[-1]}
    return out


def _mem_cell(r):
    if "error" in r:
        return f"failed: {r['error'][:80]}"
    return f"{r['bytes'] / 2**20:.0f} MiB ({r['bytes'] / r['x_bytes']:.2f} x)"


def std_memory_text(mem, n):
    ok = {s: r for s, r in mem.items() if "error" not in r}
    ratio = "-"
    if "numpy" in ok and "torchnp" in ok:
        a, b = ok["torchnp"]["bytes"], ok["numpy"]["bytes"]
        ratio = f"{a / b:.2f}x" if b > 0 else ("1.00x" if a == b else "-")
    exp = f"10^{len(str(n)) - 1}" if n > 0 and str(n).strip("0") == "1" else str(n)
    how = {r["how"] for r in ok.values()}
    lines = [f"| measurement | numpy | torch | torchnp | torchnp/numpy |", "|---|---|---|---|---|",
             f"| peak extra memory of x.std() on {exp} | {_mem_cell(mem['numpy'])} | {_mem_cell(mem['torch'])} | "
             f"{_mem_cell(mem['torchnp'])} | {ratio} |", "",
             f"Peak resident set of a fresh subprocess per system during one `x.std()` of {n} float64 elements, "
             "minus its resident set with x allocated and one warm-up call made; in MiB and in sizes of x "
             "(1.00 x: one temporary as large as x). "
             + ("The peak was reset before the call (/proc/self/clear_refs)." if how == {"reset"} else
                "Where the peak could not be reset, the high-water mark before the call is the baseline.")]
    return "\n".join(lines)


# ------------------------------------------------------------------ report
def _fmt(seconds, tiny):
    if seconds is None:
        return "n/a"
    return f"{seconds * 1e6:.2f} us" if tiny else f"{seconds * 1e3:.2f} ms"


def _ratio(a, b):
    return f"{a / b:.2f}x" if a and b else "-"


#: the target of issue 27: torchnp within this factor of the faster of NumPy and raw torch on large cases
TARGET = 1.05
#: the groups held to TARGET (the large operations on host data)
TARGET_GROUPS = ("large",)


def faster(row):
    """(system, seconds) of the faster of NumPy and raw torch in a result row; (None, None) if neither ran."""
    timed = [(row[s], s) for s in ("numpy", "torch") if row.get(s)]
    if not timed:
        return None, None
    seconds, system = min(timed)
    return system, seconds


def to_faster(row):
    """torchnp's time over the faster of NumPy and raw torch (None where either side is missing)."""
    _, best = faster(row)
    tn = row.get("torchnp")
    return tn / best if tn and best else None


def table(results):
    head = ["group", "case", "size", *SYSTEMS, "faster of numpy, torch", "torchnp/faster", "torchnp/torch",
            "torchnp/numpy", "jit/numpy", "jit compile"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    notes = []
    for (group, name, size), row in results.items():
        tiny = group == "tiny"
        tn, tt, tnp_, jit = row.get("torchnp"), row.get("torch"), row.get("numpy"), row.get("torchnp.jit")
        cells = []
        for s in SYSTEMS:
            cell = _fmt(row.get(s), tiny) if s in row or s in row["notes"] else "-"
            if s in row["notes"]:
                notes.append(f"{name} / {s}: {row['notes'][s]}")
                cell += f" [{len(notes)}]"
            cells.append(cell)
        best_system, best = faster(row)
        ratio = to_faster(row)
        ratio_cell = "-" if ratio is None else f"{ratio:.2f}x"
        if ratio is not None and group in TARGET_GROUPS and ratio > TARGET:
            ratio_cell = f"**{ratio_cell}**"  # over the target: bold
        best_cell = "-" if best is None else f"{_fmt(best, tiny)} ({best_system})"
        lines.append("| " + " | ".join([group, name, str(size), *cells, best_cell, ratio_cell, _ratio(tn, tt),
                                         _ratio(tn, tnp_), _ratio(jit, tnp_),
                                         f"{row['compile_s']:.1f} s" if "compile_s" in row else "-"]) + " |")
    if notes:
        lines += ["", "Notes:", ""] + [f"[{i}] {n}" for i, n in enumerate(notes, 1)]
    return "\n".join(lines)


def target_summary(results):
    """One paragraph: how many large cases are within TARGET of the faster of NumPy and raw torch, and
    which are not (their ratios, worst first)."""
    ratios = [(to_faster(r), k[1], k[2]) for k, r in results.items() if k[0] in TARGET_GROUPS]
    if not ratios:
        return ""
    missing = [_case_label("large", name, size) for ratio, name, size in ratios if ratio is None]
    over = sorted(((ratio, name, size) for ratio, name, size in ratios if ratio is not None and ratio > TARGET),
                  reverse=True)
    within = sum(1 for ratio, _, _ in ratios if ratio is not None and ratio <= TARGET)
    text = (f"Large cases with torchnp within {TARGET:.2f}x the faster of NumPy and raw torch: "
            f"{within} of {len(ratios)}")
    if over:
        text += "; over: " + ", ".join(f"{_case_label('large', name, size)} {ratio:.2f}x" for ratio, name, size in over)
    if missing:
        text += "; no ratio (a system failed or did not run): " + ", ".join(missing)
    if over:
        worst = over[0][0]
    else:
        worst = max((ratio for ratio, _, _ in ratios if ratio is not None), default=None)
    if worst is not None:
        text += f". Largest ratio: {worst:.2f}x."
    return text


def issue3_table(results):
    """The issue-3 view: lesson workloads with NumPy, torchnp eager and torchnp jit."""
    rows = [(k, r) for k, r in results.items() if k[0] == "lesson" and k[1] in ("N-body forces", "K-means assign")]
    if not rows:
        return ""
    lines = ["| workload | size | NumPy | torchnp eager | torchnp jit | jit compile (first call) | "
             "eager speed-up vs NumPy | jit speed-up vs NumPy |", "|---|---|---|---|---|---|---|---|"]
    for (group, name, size), r in rows:
        np_, ea, ji = r.get("numpy"), r.get("torchnp"), r.get("torchnp.jit")
        sp = lambda a: f"{np_ / a:.2f}x" if a and np_ else "-"  # noqa: E731
        lines.append(f"| {name} | {size} | {_fmt(np_, False)} | {_fmt(ea, False)} | {_fmt(ji, False)} | "
                     f"{'%.1f s' % r['compile_s'] if 'compile_s' in r else '-'} | {sp(ea)} | {sp(ji)} |")
    return "\n".join(lines)


#: the chart's panels: group -> title (in this order; a group with no timed case is left out)
PANELS = {
    "tiny": "Tiny calls (10 elements; per call)",
    "large": "Large operations (host data)",
    "lesson": "Lesson workloads",
    "random": "Random draws",
    "scipy": "SciPy (torchnp.scipy)",
}
_COLORS = {"numpy": "#4C72B0", "torch": "#DD8452", "torch._numpy": "#8C8C8C", "torchnp": "#C44E52",
           "torchnp.jit": "#55A868", "scipy": "#8172B3", "torchnp.scipy host": "#937860",
           "torchnp.scipy torch": "#DA8BC3"}


def _size_label(size):
    if isinstance(size, int) and size >= 10**4:
        mantissa, exp = f"{size:e}".split("e")
        mantissa = mantissa.rstrip("0").rstrip(".")
        return f"{mantissa}e{int(exp)}" if len(mantissa) <= 3 else f"{size:,}"
    return str(size)


def _case_label(group, name, size):
    """A case's name with its size where the name does not already give it (tiny: always 10)."""
    return name if group == "tiny" or str(size) in name else f"{name} ({_size_label(size)})"


def chart_rows(results):
    """The chart's data: [(group, title, reference, systems, [(label, {system: time / reference})])].

    A row's reference is the faster of NumPy and raw torch (SciPy's time in the SciPy group); a
    case without one is left out."""
    panels = []
    for group, title in PANELS.items():
        keys = [k for k in results if k[0] == group]
        systems = SCIPY_SYSTEMS if group == "scipy" else SYSTEMS
        rows = []
        for key in keys:
            row = results[key]
            ref = row.get("scipy") if group == "scipy" else faster(row)[1]
            if not ref:
                continue
            rows.append((_case_label(*key), {s: row[s] / ref for s in systems if row.get(s)}))
        present = [s for s in systems if any(s in r for _, r in rows)]
        if rows:
            panels.append((group, title, "SciPy" if group == "scipy" else "the faster of NumPy and raw torch",
                           present, rows))
    return panels


def chart(results, path, scipy_results=None):
    """One panel per group, a row per case, one horizontal bar per system: its time relative to
    the faster of NumPy and raw torch (SciPy in the SciPy panel), on a log axis, with lines at
    1.0 and at the target 1.05; torchnp's ratio is written beside its bar. 14 inches wide at
    100 dpi (1400 px), 10-pt names, the height grows with the rows."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib import ticker

    panels = chart_rows({**results, **(scipy_results or {})})
    if not panels:
        return
    bar = 0.1  # inches per bar (10 px)
    heights = [len(rows) * (len(systems) * bar + 0.12) + 0.9 for _, _, _, systems, rows in panels]
    with plt.rc_context({"font.size": 10, "axes.titlesize": 11, "legend.fontsize": 10}):
        fig, axes = plt.subplots(len(panels), 1, figsize=(14, sum(heights) + 0.3), layout="constrained",
                                 gridspec_kw={"height_ratios": heights}, squeeze=False)
        for ax, (group, title, ref, systems, rows) in zip(axes[:, 0], panels):
            k = len(systems)
            width = 0.8 / k
            values = [v for _, r in rows for v in r.values()]
            for i, system in enumerate(systems):
                ys = [j + (i - (k - 1) / 2) * width for j in range(len(rows))]
                vals = [r.get(system, float("nan")) for _, r in rows]
                ax.barh(ys, vals, height=width, color=_COLORS.get(system), label=system)
                if system in ("torchnp", "torchnp.scipy host"):  # its ratio beside the bar; over the target: bold
                    for y, v in zip(ys, vals):
                        if v == v:
                            over = group in TARGET_GROUPS and v > TARGET
                            ax.text(v * 1.02, y, f"{v:.2f}", va="center", fontsize=9,
                                    fontweight="bold" if over else "normal", color="#A00000" if over else "black")
            lo, hi = min(values + [1.0]), max(values + [TARGET])
            ax.set_xscale("log")
            ax.set_xlim(lo / 1.3, hi * 1.5)
            ax.axvline(1.0, color="black", linewidth=1.0)
            ax.axvline(TARGET, color="black", linewidth=0.8, linestyle="--")
            ax.set_yticks(range(len(rows)))
            ax.set_yticklabels([label for label, _ in rows])
            ax.set_ylim(len(rows) - 0.5, -0.5)  # first case on top
            ax.xaxis.set_major_locator(ticker.LogLocator(base=10, subs=(1.0, 2.0, 5.0)))
            ax.xaxis.set_major_formatter(ticker.FuncFormatter(lambda v, _: f"{v:g}"))
            ax.xaxis.set_minor_formatter(ticker.NullFormatter())
            ax.grid(axis="x", which="major", color="#dddddd", linewidth=0.6)
            ax.set_axisbelow(True)
            ax.set_title(f"{title}: time relative to {ref} (log; lower is better; lines at 1 and {TARGET})",
                         loc="left")
            ax.set_xlabel(f"time / time of {ref}", fontsize=9)
            ax.legend(loc="upper left", bbox_to_anchor=(1.005, 1.0), frameon=False)
        path.parent.mkdir(parents=True, exist_ok=True)
        fig.savefig(path, dpi=100)
        plt.close(fig)


def _load():
    try:
        return "%.2f %.2f %.2f" % os.getloadavg()
    except OSError:
        return "?"


def thread_settings():
    """The threads the run uses: torch's intra-op (and inter-op) threads, every thread pool
    threadpoolctl finds (NumPy's BLAS among them), the CPU count and the thread variables set."""
    parts = [f"torch {torch.get_num_threads()} intra-op / {torch.get_num_interop_threads()} inter-op threads"]
    try:
        from threadpoolctl import threadpool_info

        pools = [f"{p['internal_api']} ({p['user_api']}, {pathlib.Path(p['filepath']).name}) {p['num_threads']}"
                 for p in threadpool_info()]
        parts.append("thread pools (threadpoolctl): " + (", ".join(pools) or "none"))
    except ImportError:
        parts.append("NumPy's BLAS threads: ? (threadpoolctl not installed)")
    parts.append(f"os.cpu_count() {os.cpu_count()}")
    env = [f"{v}={os.environ[v]}" for v in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS",
                                             "OMP_WAIT_POLICY") if v in os.environ]
    parts.append("environment: " + (", ".join(env) or "no thread variables set"))
    return "; ".join(parts)


def machine():
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    gpu = torch.cuda.get_device_name(0) if torch.cuda.is_available() else "none"
    try:  # NumPy's BLAS threads beside torch's (docs/benchmarks.md, "Threads")
        from threadpoolctl import threadpool_info

        blas = ", ".join(f"{p['internal_api']} {p.get('version') or ''} {p['num_threads']} threads"
                         for p in threadpool_info() if p["user_api"] == "blas")
    except ImportError:
        blas = "?"
    return (f"{cpu}, {os.cpu_count()} cores ({platform.system()} {platform.release()}); GPU: {gpu}; "
            f"Python {platform.python_version()}, torch {torch.__version__} ({torch.get_num_threads()} intra-op "
            f"threads), numpy {numpy.__version__} (BLAS: {blas}), torchnp {torchnp.__version__}; "
            f"THP_MEM_ALLOC_ENABLE={os.environ.get('THP_MEM_ALLOC_ENABLE', 'unset')}")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--device", default="cpu", help="device of the torch-based systems (cpu, cuda, ...)")
    p.add_argument("--only", choices=["tiny", "large", "issue27", "lesson", "random", "issue3", "memory", "scipy"],
                   help="one group (issue3: N-body and K-means with NumPy, torchnp eager and jit; issue27: "
                        "issue 27's 22 large operations, a part of the large group)")
    p.add_argument("--repeats", type=int, default=None, help="rounds per case (default: 31 tiny, 15 otherwise)")
    p.add_argument("--match", default=None, help="only the cases whose name matches this regular expression")
    p.add_argument("--stat", choices=["median", "min"], default="median", help="aggregate over rounds")
    p.add_argument("--threads", type=int, default=None,
                   help="threads of torch and of NumPy's BLAS alike (torch.set_num_threads, threadpoolctl; "
                        "default: each library's own)")
    p.add_argument("--smoke", action="store_true", help="tiny sizes, few repeats, no jit, no chart: checks that it runs")
    p.add_argument("--no-jit", action="store_true", help="skip the torchnp.jit system")
    p.add_argument("--cold-compile", action="store_true",
                   help="compile without torch's on-disk caches (compile times of a first-ever run)")
    p.add_argument("--n-body", type=int, default=2000)
    p.add_argument("--std-memory", type=int, default=None, metavar="N",
                   help="peak extra memory of x.std() on N float64 elements, NumPy / torch / torchnp, one fresh "
                        "subprocess each (part of the memory group; default 10^8, 10^6 with --smoke; 0 skips it)")
    p.add_argument("--write-results", action="store_true", help="rewrite benchmarks/RESULTS.md and benchmarks/results.png")
    p.add_argument("--results", type=pathlib.Path, default=HERE / "RESULTS.md", help=argparse.SUPPRESS)
    p.add_argument("--chart", type=pathlib.Path, default=HERE / "out" / "chart.png")
    args = p.parse_args(argv)
    numpy.seterr(all="ignore")  # N-body divides by zero on the diagonal, as in the lesson
    if args.threads:
        torch.set_num_threads(args.threads)
        try:
            from threadpoolctl import threadpool_limits

            threadpool_limits(args.threads, user_api="blas")  # for the whole run
        except ImportError:
            print("threadpoolctl missing: NumPy's BLAS keeps its threads", file=sys.stderr)
    if args.cold_compile:
        import torch._inductor.config as inductor_config

        inductor_config.force_disable_caches = True
    dev = str(torchnp._device.resolve(args.device))
    loops = 1000
    if args.smoke:
        sizes = dict(n=1000, m=16, n27=1000, rows=(32, 8), n_std=10**6, n_body=16, n_points=100, n_pi=1000, n_proj=100, n_memory=10**6, n_random=(1000,),
                     scipy=dict(image=64, signal=1000, kernel=31, points=50, welch=4096, matrix=8,
                                pipelines=dict(poisson=8, graph=64, params=20, points=100, states=10, batch=10)))
        reps = dict(tiny=2, other=2)
        loops, args.no_jit = 20, True
    else:
        sizes = dict(n=10**7, m=2000, n27=8 * 10**6, rows=(4000, 1000), n_std=10**8, n_body=args.n_body, n_points=2_000_000, n_pi=10**7, n_proj=2000, n_memory=10**7,
                     n_random=(10**6, 10**7),
                     scipy=dict(image=4096, signal=10**6, kernel=1001, points=5000, welch=10**7, matrix=512,
                                pipelines=dict(poisson=1000, graph=10**4, params=10**4, points=10**6, states=10**3,
                                               batch=10**4)))
        reps = dict(tiny=31, other=15)  # many rounds: this shared 2-core machine has bursts of noise
    if args.repeats:
        reps = dict(tiny=args.repeats, other=args.repeats)
    if args.std_memory is not None:
        sizes["n_std"] = args.std_memory
    started, load0, threads0 = datetime.datetime.now(datetime.timezone.utc), _load(), thread_settings()
    print(f"threads at start: {threads0}\nload average at start: {load0}", flush=True)
    results = {}
    if args.only in (None, "tiny"):
        results.update(run_cases(_tiny_cases(), dev, reps["tiny"], args.stat, loops, match=args.match))
    if args.only in (None, "large"):
        results.update(run_cases(_large_cases(sizes["n"], sizes["m"]), dev, reps["other"], args.stat,
                                 match=args.match))
    if args.only in (None, "large", "issue27"):
        results.update(run_cases(_issue27_cases(sizes["n27"], sizes["m"], sizes["rows"]), dev, reps["other"],
                                 args.stat, match=args.match))
    if args.only in (None, "lesson", "issue3"):
        lessons = _lesson_cases(sizes["n_body"], sizes["n_points"], sizes["n_pi"], jit=not args.no_jit,
                                n_proj=sizes["n_proj"])
        if args.only == "issue3":
            lessons = [c for c in lessons if c.name in ("N-body forces", "K-means assign")]
            for c in lessons:
                c.build = {s: b for s, b in c.build.items() if s in ("numpy", "torchnp", "torchnp.jit")}
        results.update(run_cases(lessons, dev, reps["other"], args.stat, match=args.match))
    if args.only in (None, "random"):
        results.update(run_cases(_random_cases(sizes["n_random"], dev), dev, reps["other"], args.stat, match=args.match))
    scipy_results = {}
    if args.only in (None, "scipy"):
        try:
            import scipy  # noqa: F401 - the SciPy group needs the optional extra
        except ImportError:
            print("SciPy missing: no scipy group", file=sys.stderr)
        else:
            scipy_results = run_cases(_scipy_cases(sizes["scipy"]) + _scipy26_cases(sizes["scipy"]), dev,
                                      reps["other"], args.stat, match=args.match)
    sp_text = scipy_table(scipy_results)
    text = table(results) if results else ""
    summary = target_summary(results)
    i3 = issue3_table(results)
    print(text)
    if summary:
        print("\n" + summary)
    if i3:
        print("\nIssue-3 view (lesson workloads, compile time separate):\n\n" + i3)
    if sp_text:
        print("\nSciPy (torchnp.scipy, DESIGN §8):\n\n" + sp_text)
    mem_text = ""
    if args.only in (None, "memory"):
        mem_text = memory_text(memory_check(sizes["n_memory"], dev), sizes["n_memory"])
        if sizes["n_std"]:
            mem_text += "\n\n" + std_memory_text(std_memory_check(sizes["n_std"]), sizes["n_std"])
        print("\n" + mem_text)
    load1, threads1 = _load(), thread_settings()
    print(f"\nthreads at end: {threads1}\nload average at end: {load1}")
    if (results or scipy_results) and not args.smoke:
        chart(results, args.chart, scipy_results)
        print(f"chart: {args.chart}")
    if args.write_results:
        cmd = "python benchmarks/run.py " + " ".join(argv if argv is not None else sys.argv[1:])
        png = ""
        if (results or scipy_results) and not args.smoke:
            shutil.copyfile(args.chart, args.results.parent / "results.png")
            png = "\n![time of each system relative to the faster of NumPy and raw torch](results.png)\n"
        body = [f"# Benchmark results\n",
                f"- date: {started:%Y-%m-%d %H:%M} UTC (load average at start {load0}, at end {load1})",
                f"- machine: {machine()}",
                f"- threads at start: {threads0}",
                f"- threads at end: {threads1}" if threads1 != threads0 else "- threads at end: the same",
                f"- device: {dev}",
                f"- command: `{cmd.strip()}`",
                f"- figures: {args.stat} over {reps['tiny']} (tiny, per call over {loops}-call loops) / "
                f"{reps['other']} (others; a case under {_SAMPLE_S * 1e3:.0f} ms is timed per call over up to 20 calls "
                f"per sample) interleaved rounds (a seeded-random order per round) after a warm-up; jit figures exclude compilation "
                f"({'cold: torch compile caches disabled' if args.cold_compile else 'compile with torch on-disk caches as found'})",
                "", text]
        if summary:
            body += ["", summary]
        if i3:
            body += ["", "## Issue-3 view: N-body and K-means, compile time separate", "", i3]
        if sp_text:
            body += ["", "## SciPy: SciPy, torchnp.scipy on host data, torchnp.scipy's torch path", "", sp_text]
        if mem_text:
            body += ["", "## Memory", "", mem_text]
        args.results.write_text("\n".join(body) + "\n" + png)
        print(f"results: {args.results}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
