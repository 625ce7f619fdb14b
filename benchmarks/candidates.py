"""The candidates of issue 27's remaining large cases, timed side by side (issue 27).

    python benchmarks/candidates.py                   # every case, torch's default threads
    python benchmarks/candidates.py --threads 1       # torch on one thread (comparable under load)
    python benchmarks/candidates.py --only inv fft2   # cases whose name contains a word
    python benchmarks/candidates.py --repeats 21

For each case of ``benchmarks/run.py`` that missed 1.05x the faster of NumPy and raw torch in the
idle run of 2026-11-27, the kernels torchnp could run on the same host memory: NumPy's call,
raw torch's call, NumPy's loop in parts on torch's threads (``torchnp._threaded``, NumPy's bits)
where one exists, and torchnp's own call as it routes today. Every round times every candidate of a
case once in a fresh seeded-random order (interleaved), after a warm-up call; a figure is the
minimum over the rounds. The line under each case names the fastest candidate and the row of
``torchnp._cpu_kernels.KERNELS`` (or the constant) that picks it. A candidate named ``torchnp, X``
is torchnp's own call with one switch flipped for that call (``_threaded.PIECES``,
``FIRST_AXIS_PARTS``, ``_extrema.WHOLE``, a row's ``when`` or ``max_size``): the table in
docs/benchmarks.md says which line flips which switch. Timings are not tests: nothing here asserts
a speed. Read them only from a run on an idle machine (the load average is printed).
"""

import argparse
import os
import random
import sys
import time
import warnings

import torchnp as tnp  # first: it sets THP_MEM_ALLOC_ENABLE and OMP_WAIT_POLICY before torch loads

import numpy as np
import torch

from torchnp import _cpu_kernels, _threaded
from torchnp._reductions import _extrema


def _data(shape, seed=0):
    return np.random.default_rng(seed).random(shape)


def _hist_torch(x, bins=100):
    lo, hi = torch.aminmax(x)
    return torch.histc(x, bins, lo.item(), hi.item()).to(torch.int64), torch.linspace(lo.item(), hi.item(), bins + 1,
                                                                                         dtype=x.dtype)


def _var_blocks(block):
    """``_threaded.var`` with squared deviations in blocks of ``block`` elements (``SCRATCH``)."""
    def run(x):
        old, _threaded.SCRATCH = _threaded.SCRATCH, block
        try:
            return _threaded.var(x, 0, True)
        finally:
            _threaded.SCRATCH = old
    return run


def _first_axis_parts(x):
    """``_threaded.mean(x, 0)`` with ``FIRST_AXIS_PARTS`` on."""
    old, _threaded.FIRST_AXIS_PARTS = _threaded.FIRST_AXIS_PARTS, True
    try:
        return _threaded.mean(x, 0)
    finally:
        _threaded.FIRST_AXIS_PARTS = old


def _with(settings, fn):
    """``fn`` run with the module attributes ``settings`` ({(module, name): value}) set, then restored:
    the library's own call with one row of a table flipped."""
    def run(*args):
        old = {k: getattr(*k) for k in settings}
        for (mod, name), v in settings.items():
            setattr(mod, name, v)
        try:
            return fn(*args)
        finally:
            for (mod, name), v in old.items():
                setattr(mod, name, v)
    return run


def _pieces(fn, pieces=(4, 8)):
    """``{"torchnp, PIECES=p": fn with _threaded.PIECES = p}``: NumPy's loops in smaller pieces handed
    to whichever thread is free (NumPy's bits)."""
    return {f"torchnp, PIECES={p}": _with({(_threaded, "PIECES"): p}, fn) for p in pieces}


def _leads(fn, leads=(0.02, 0.05)):
    """``{"torchnp, LEAD=x": fn with _threaded.LEAD = x}``: the calling thread's larger share of the
    pairwise tree (its part starts before a worker's wake-up; NumPy's bits)."""
    return {f"torchnp, LEAD={v}": _with({(_threaded, "LEAD"): v}, fn) for v in leads}


def _on(name, fn):
    """``{"torchnp, NAME": fn with _threaded.NAME = True}``: one switch of ``_threaded`` on."""
    return {f"torchnp, {name}": _with({(_threaded, name): True}, fn)}


def _handover():
    """One ``_threaded._map`` round trip of empty jobs on 2 threads (the hand-over alone), against a
    ThreadPoolExecutor's submit and result, and a plain call: what each part's wake-up costs."""
    from concurrent.futures import ThreadPoolExecutor
    pool = ThreadPoolExecutor(1)
    noop = (lambda a: a)  # noqa: E731
    return {"plain call": lambda: noop(0), "_threaded._map, 2 jobs": lambda: _threaded._map(noop, [0, 1]),
            "ThreadPoolExecutor submit+result": lambda: (pool.submit(noop, 1), noop(0))[0].result()}


_POOLS = []


def _one_blas_thread(fn):
    """``fn`` with NumPy's BLAS (OpenBLAS) on one thread (threadpoolctl; the same LAPACK calls). The
    controller is made once: its library scan is not timed, only the two thread-count calls."""
    def run(*args):
        if not _POOLS:
            from threadpoolctl import ThreadpoolController
            _POOLS.append(ThreadpoolController())
        with _POOLS[0].limit(limits=1, user_api="blas"):
            return fn(*args)
    return run


def _row(op, **changes):
    """``_cpu_kernels.KERNELS[op]`` with ``changes`` (``max_size=1``: torch's kernel at every size)."""
    return {(_cpu_kernels, "KERNELS"): {**_cpu_kernels.KERNELS, op: _cpu_kernels.KERNELS[op]._replace(**changes)}}


def _cases():
    """name -> (inputs() -> NumPy arrays, {candidate: fn(*arrays)}, the rule that decides)."""
    T = torch.from_numpy
    A = tnp.asarray
    sq = lambda s: _data((s, s)) + s * np.eye(s) * 0.01  # noqa: E731 - run.py's matrices
    spd = lambda s: (lambda a: a @ a.T + s * np.eye(s))(_data((s, s)))  # noqa: E731
    cases = {
        "linalg.lstsq 2000x100": (
            lambda: (_data((2000, 100)), _data(2000, 1)),
            {"numpy gelsd": lambda a, b: np.linalg.lstsq(a, b, rcond=None),
             "torch gelsy (x, rank only)": lambda a, b: torch.linalg.lstsq(T(a), T(b)[:, None]),
             "torch gelsd": lambda a, b: torch.linalg.lstsq(T(a), T(b)[:, None], driver="gelsd"),
             "torchnp": lambda a, b: tnp.linalg.lstsq(A(a), A(b), rcond=None)},
            'KERNELS["lstsq"] (NumPy\'s gelsd: NumPy\'s x, residuals, rank and s)'),
    }
    for s in (500, 2000):
        for op, data, np_fn, torch_fn, tnp_fn in (
                ("det", lambda s=s: (sq(s),), np.linalg.det, torch.linalg.det, tnp.linalg.det),
                ("solve", lambda s=s: (sq(s), _data((s, 1), 1)), np.linalg.solve, torch.linalg.solve,
                 tnp.linalg.solve),
                ("cholesky", lambda s=s: (spd(s),), np.linalg.cholesky, torch.linalg.cholesky, tnp.linalg.cholesky)):
            cases[f"linalg.{op} {s}"] = (
                data,
                {"numpy": np_fn, "numpy, OpenBLAS 1 thread": _one_blas_thread(np_fn),
                 "torch": lambda *a, f=torch_fn: f(*map(T, a)), "torchnp": lambda *a, f=tnp_fn: f(*map(A, a)),
                 "torchnp, row max_size=1 (torch's)": _with(_row(op, max_size=1),
                                                            lambda *a, f=tnp_fn: f(*map(A, a)))},
                f'KERNELS["{op}"]: NumPy\'s LAPACK (its bits) at every size; max_size (torch\'s kernel from there) '
                f'gives up NumPy\'s bits for torch\'s MKL')
        cases[f"linalg.inv {s}"] = (
            lambda s=s: (sq(s),),
            {"numpy": np.linalg.inv, "torch": lambda a: torch.linalg.inv(T(a)),
             "torchnp": lambda a: tnp.linalg.inv(A(a))},
            'KERNELS["inv"].max_size (250 000: torch\'s from 500x500)')
    cases.update({
        "histogram 1e7": (
            lambda: (_data(10 ** 7),),
            {"numpy": lambda x: np.histogram(x, 100), "numpy in parts": lambda x: _threaded.histogram(x, 100, None),
             "torch histc": lambda x: _hist_torch(T(x)), "torchnp": lambda x: tnp.histogram(A(x), 100),
             **_pieces(lambda x: tnp.histogram(A(x), 100)),
             **{f"torchnp, HIST_BLOCK=2^{b}": _with({(_threaded, "HIST_BLOCK"): 1 << b},
                                                    lambda x: tnp.histogram(A(x), 100)) for b in (15, 16)}},
            'KERNELS["histogram"] / _threaded.histogram / _threaded.PIECES / _threaded.HIST_BLOCK (torch\'s histc: '
            'other bins at the edges, not NumPy\'s counts)'),
        "hand-over": ((lambda: ()), _handover(), "_threaded._Worker (no switch: the figure for docs/benchmarks.md)"),
        "searchsorted 1e6": (
            lambda: (np.sort(_data(10 ** 6)), _data(10 ** 6, 1)),
            {"numpy": np.searchsorted, "numpy in parts": lambda a, v: _threaded.searchsorted(a, v, "left", None),
             "torch": lambda a, v: torch.searchsorted(T(a), T(v)), "torchnp": lambda a, v: tnp.searchsorted(A(a), A(v))},
            'KERNELS["searchsorted"].max_size (10^6: torch\'s from there) / _threaded.searchsorted'),
        "searchsorted 1e5": (
            lambda: (np.sort(_data(10 ** 5)), _data(10 ** 5, 1)),
            {"numpy": np.searchsorted, "numpy in parts": lambda a, v: _threaded.searchsorted(a, v, "left", None),
             "torch": lambda a, v: torch.searchsorted(T(a), T(v)), "torchnp": lambda a, v: tnp.searchsorted(A(a), A(v))},
            'KERNELS["searchsorted"].max_size'),
        "matmul batched 31x500x500": (
            lambda: (_data((31, 500, 500)), _data((31, 500, 500), 1)),
            {"numpy": np.matmul, "torch": lambda a, b: torch.matmul(T(a), T(b)),
             "torchnp": lambda a, b: tnp.matmul(A(a), A(b))},
            'KERNELS["batched_matmul"].when (_batch_on_one_thread; _batch: NumPy at every thread count)'),
        "rfft 1e6": (
            lambda: (_data(10 ** 6),),
            {"numpy": np.fft.rfft, "torch": lambda x: torch.fft.rfft(T(x)), "torchnp": lambda x: tnp.fft.rfft(A(x)),
             "torchnp, row when=_one_thread (torch's from 2 threads)":
                 _with(_row("rfft", when=_cpu_kernels._one_thread), lambda x: tnp.fft.rfft(A(x)))},
            'KERNELS["rfft"] (NumPy\'s pocketfft, its bits; when=_one_thread as the fft row: torch\'s on threads)'),
        "fft2 2000x2000": (
            lambda: (_data((2000, 2000)),),
            {"numpy": np.fft.fft2, "torch": lambda x: torch.fft.fft2(T(x)),
             "torch fftn as torchnp calls it": lambda x: torch.fft.fftn(T(x), s=[2000, 2000], dim=[0, 1], norm="backward"),
             "torchnp": lambda x: tnp.fft.fft2(A(x))},
            "torch's fftn (no row: NumPy's fft2 is 2x torch's time)"),
        "x.std() 8e6": (
            lambda: (_data(8 * 10 ** 6),),
            {"numpy": np.std, "numpy in parts": lambda x: _threaded.var(x, 0, True),
             **{f"numpy in parts, blocks 2^{b}": _var_blocks(1 << b) for b in (14, 15, 16)},
             "torch": lambda x: torch.std(T(x), correction=0), "torchnp": lambda x: A(x).std(),
             **_pieces(lambda x: A(x).std()), **_leads(lambda x: A(x).std())},
            'KERNELS["var"] / _threaded.var (SCRATCH) / _threaded.PIECES / _threaded.LEAD'),
        "x.mean() 8e6": (
            lambda: (_data(8 * 10 ** 6),),
            {"numpy": np.mean, "numpy in parts": lambda x: _threaded.mean(x),
             "torch": lambda x: torch.mean(T(x)).item(), "torchnp": lambda x: A(x).mean(),
             **_pieces(lambda x: A(x).mean()), **_leads(lambda x: A(x).mean())},
            "HOST_REDUCTIONS / _threaded.mean / _threaded.PIECES / _threaded.LEAD"),
        "x.sum() 8e6": (
            lambda: (_data(8 * 10 ** 6),),
            {"numpy": np.sum, "numpy in parts": lambda x: _threaded.add_reduce(x),
             "torch": lambda x: torch.sum(T(x)).item(), "torchnp": lambda x: A(x).sum(),
             **_pieces(lambda x: A(x).sum()), **_leads(lambda x: A(x).sum())},
            "HOST_REDUCTIONS / _threaded.add_reduce / _threaded.PIECES / _threaded.LEAD"),
        "X.sum(axis=1) 4000x1000": (
            lambda: (_data((4000, 1000)),),
            {"numpy": lambda x: x.sum(axis=1), "numpy in parts": lambda x: _threaded.add_reduce(x, 1),
             "torch": lambda x: T(x).sum(dim=1), "torchnp": lambda x: A(x).sum(axis=1),
             **_pieces(lambda x: A(x).sum(axis=1))},
            "HOST_REDUCTIONS / _threaded.add_reduce (rows) / _threaded.PIECES"),
        "A.mean(axis=0) 2000x2000": (
            lambda: (_data((2000, 2000)),),
            {"numpy": lambda x: x.mean(axis=0), "numpy in parts of columns": _first_axis_parts,
             "torch": lambda x: T(x).mean(dim=0), "torchnp": lambda x: A(x).mean(axis=0),
             "torchnp, FIRST_AXIS_PARTS": _with({(_threaded, "FIRST_AXIS_PARTS"): True}, lambda x: A(x).mean(axis=0)),
             **{f"torchnp, FIRST_AXIS_PARTS, PIECES={p}": _with({(_threaded, "FIRST_AXIS_PARTS"): True,
                                                                (_threaded, "PIECES"): p}, lambda x: A(x).mean(axis=0))
                for p in (4, 8)}},
            "HOST_REDUCTIONS / _threaded.FIRST_AXIS_PARTS (True: parts of the columns) / _threaded.PIECES"),
        "x.max() 8e6": (
            lambda: (_data(8 * 10 ** 6),),
            {"numpy": np.max, "torch.max (raw torch's x.max())": lambda x: torch.max(T(x)),
             "torch.amax": lambda x: torch.amax(T(x)), "torchnp": lambda x: A(x).max(),
             "torchnp, WHOLE max=torch.max": _with({(_extrema, "WHOLE"): {"max": torch.max, "min": torch.min}},
                                                   lambda x: A(x).max()),
             "numpy in parts": _with({(_threaded, "EXTREMA_PARTS"): True}, lambda x: _threaded.extreme(x, "max")),
             **_on("EXTREMA_PARTS", lambda x: A(x).max())},
            "_extrema.WHOLE (torch.amax today; torch.max the call raw torch makes) / _threaded.EXTREMA_PARTS"),
        "einsum ij,ij->i 2000": (
            lambda: (_data((2000, 2000)), _data((2000, 2000), 1)),
            {"numpy": lambda a, b: np.einsum("ij,ij->i", a, b), "torch": lambda a, b: torch.einsum("ij,ij->i", T(a), T(b)),
             "torchnp": lambda a, b: tnp.einsum("ij,ij->i", A(a), A(b)),
             **_on("EINSUM_PARTS", lambda a, b: tnp.einsum("ij,ij->i", A(a), A(b)))},
            'KERNELS["einsum"] (NumPy\'s loop) / _threaded.EINSUM_PARTS (its rows in parts: NumPy\'s bits)'),
        "boolean mask x[x > .5] 1e7": (
            lambda: (_data(10 ** 7),),
            {"numpy": lambda x: x[x > 0.5], "torch": lambda x: (lambda t: t[t > 0.5])(T(x)),
             "torchnp": lambda x: (lambda a: a[a > 0.5])(A(x)),
             **_on("MASK_PARTS", lambda x: (lambda a: a[a > 0.5])(A(x)))},
            'KERNELS["mask"] (when: one thread) / _threaded.MASK_PARTS (NumPy\'s compress in counted parts)'),
        "x[mask] 8e6": (
            lambda: (_data(8 * 10 ** 6), _data(8 * 10 ** 6, 1) > 0.5),
            {"numpy": lambda x, m: x[m], "torch": lambda x, m: T(x)[T(m)], "torchnp": lambda x, m: A(x)[A(m)],
             **_on("MASK_PARTS", lambda x, m: A(x)[A(m)])},
            'KERNELS["mask"] / _threaded.MASK_PARTS'),
        "take 1e7": (
            lambda: (_data(10 ** 7), np.random.default_rng(0).integers(0, 10 ** 7, 10 ** 6)),
            {"numpy": np.take, "torch": lambda x, i: T(x)[T(i)], "torchnp": lambda x, i: tnp.take(A(x), A(i)),
             **_on("TAKE_PARTS", lambda x, i: tnp.take(A(x), A(i)))},
            'KERNELS["take"] / _threaded.TAKE_PARTS (NumPy\'s take in parts of the indices)'),
        "gather x[idx] 1e7": (
            lambda: (_data(10 ** 7), np.random.default_rng(0).integers(0, 10 ** 7, 10 ** 6)),
            {"numpy": lambda x, i: x[i], "torch": lambda x, i: T(x)[T(i)], "torchnp": lambda x, i: A(x)[A(i)],
             **_on("TAKE_PARTS", lambda x, i: A(x)[A(i)])},
            'KERNELS["gather"] / _threaded.TAKE_PARTS (the same switch as take)'),
        "einsum ij,jk->ik 500": (
            lambda: (_data((500, 500)), _data((500, 500), 1)),
            {"numpy einsum": lambda a, b: np.einsum("ij,jk->ik", a, b), "numpy matmul": np.matmul,
             "torch einsum": lambda a, b: torch.einsum("ij,jk->ik", T(a), T(b)),
             "torch mm": lambda a, b: torch.mm(T(a), T(b)),
             "torchnp": lambda a, b: tnp.einsum("ij,jk->ik", A(a), A(b)),
             "torchnp, row einsum_matmul off (torch's einsum)": _with(
                 _row("einsum_matmul", min_size=1 << 62), lambda a, b: tnp.einsum("ij,jk->ik", A(a), A(b)))},
            'KERNELS["einsum_matmul"] (NumPy\'s dgemm from 500x500, as KERNELS["matmul"])'),
    })
    for s in (50, 100, 250, 700, 2000):  # the "copy" row's size: NumPy's copy loop against torch's clone
        cases[f"A.T.copy() {s}x{s}"] = (
            lambda s=s: (_data((s, s)),),
            {"numpy": lambda a: a.T.copy(), "torch": lambda a: T(a).T.contiguous(), "torchnp": lambda a: A(a).T.copy(),
             "torchnp, row copy off (torch's clone)": _with(_row("copy", min_size=1 << 62), lambda a: A(a).T.copy())},
            'KERNELS["copy"].min_size (NumPy\'s copy loop from there; the same bytes either way)')
    cases["fft 1e6"] = (
        lambda: (_data(10 ** 6) + 1j * _data(10 ** 6, 1),),
        {"numpy": np.fft.fft, "torch": lambda x: torch.fft.fft(T(x)), "torchnp": lambda x: tnp.fft.fft(A(x))},
        'KERNELS["fft"] (torch\'s from two threads: the same call as raw torch\'s)')
    for name, np_fn, tnp_fn, torch_fn in (
            ("sum", np.sum, lambda x: tnp.sum(A(x)), lambda x: torch.sum(T(x)).item()),
            ("mean", np.mean, lambda x: tnp.mean(A(x)), lambda x: torch.mean(T(x)).item()),
            ("std", np.std, lambda x: tnp.std(A(x)), lambda x: torch.std(T(x), correction=0).item())):
        cases[f"{name} 1e7"] = (
            lambda: (_data(10 ** 7),),
            {"numpy": np_fn, "torch": torch_fn, "torchnp": tnp_fn, **_pieces(tnp_fn), **_leads(tnp_fn)},
            "HOST_REDUCTIONS / KERNELS[\"var\"] / _threaded.PIECES / _threaded.LEAD")
    return cases


def _time(fn, args):
    t = time.perf_counter()
    r = fn(*args)
    dt = time.perf_counter() - t
    return float("nan") if r is None else dt  # None: the candidate declined (one thread: one NumPy call)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--threads", type=int, help="torch.set_num_threads(N) (default: torch's own)")
    p.add_argument("--repeats", type=int, default=15, help="interleaved rounds (default 15)")
    p.add_argument("--only", nargs="*", help="cases whose name contains one of these words")
    args = p.parse_args(argv)
    warnings.simplefilter("ignore", RuntimeWarning)  # the det of run.py's 500x500 matrices overflows, as in run.py
    if args.threads:
        torch.set_num_threads(args.threads)
        try:  # NumPy's BLAS as many threads as torch
            from threadpoolctl import threadpool_limits
            threadpool_limits(args.threads)
        except ImportError:
            print("threadpoolctl missing: NumPy's BLAS keeps its own thread count")
    print(f"load average {os.getloadavg()}; torch {torch.__version__} threads {torch.get_num_threads()}, "
          f"numpy {np.__version__}, os.cpu_count() {os.cpu_count()}")
    rng = random.Random(0)
    for name, (inputs, cands, rule) in _cases().items():
        if args.only and not any(w in name for w in args.only):
            continue
        data = inputs()
        best = {c: float("inf") for c in cands}
        for fn in cands.values():
            fn(*data)  # warm-up
        for _ in range(args.repeats):
            order = list(cands)
            rng.shuffle(order)
            for c in order:
                t = _time(cands[c], data)
                best[c] = t if t != t else min(best[c], t)
        best = {c: t for c, t in best.items() if t == t}
        fastest = min(best, key=best.get)
        unit, scale = ("us", 1e6) if best[fastest] < 1e-4 else ("ms", 1e3)
        print(f"{name}:  " + "  ".join(f"{c} {best[c] * scale:.2f} {unit}" if c in best else f"{c} n/a"
                                       for c in cands))
        ratio = f"torchnp/fastest {best['torchnp'] / best[fastest]:.2f}; " if "torchnp" in best else ""
        print(f"    fastest: {fastest}; {ratio}rule: {rule}")
        sys.stdout.flush()
        del data


if __name__ == "__main__":
    main()
