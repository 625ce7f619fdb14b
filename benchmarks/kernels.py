"""Which kernel is faster on the CPU, NumPy's or torch's, per operation and size (issue 17).

    python benchmarks/kernels.py                 # every op in torchnp._cpu_kernels.KERNELS and the candidates
    python benchmarks/kernels.py --only sort     # one op
    python benchmarks/kernels.py --sizes 1e4 1e6 # other sizes

The evidence behind the table ``torchnp._cpu_kernels.KERNELS``: for each operation, torch's
kernel (as torchnp calls it) and NumPy's kernel on the zero-copy view of the same CPU tensor,
timed interleaved (alternating rounds, the fastest round of each). A ratio numpy/torch below 1 means
NumPy's kernel wins at that size. Timings are not tests: nothing here asserts a speed.
"""

import argparse
import gc
import os
import sys
import time

os.environ.setdefault("THP_MEM_ALLOC_ENABLE", "1")  # as torchnp sets it before torch loads (src/torchnp/__init__.py)

import numpy  # noqa: E402
import torch  # noqa: E402


def _data(n, seed=0):
    return torch.from_numpy(numpy.random.default_rng(seed).random(n))


def _ints(n, high, seed=0):
    return torch.from_numpy(numpy.random.default_rng(seed).integers(0, high, n))


def _square(n):
    """A well-conditioned n x n matrix with about ``n`` elements in total (n is an element count)."""
    s = max(int(round(n ** 0.5)), 2)
    a = numpy.random.default_rng(0).random((s, s))
    return torch.from_numpy(a @ a.T + s * numpy.eye(s))


def _batch(n, seed=0):
    """31 square matrices of about ``n / 31`` elements each (the batched product of run.py)."""
    s = max(int(round((n / 31) ** 0.5)), 2)
    return _data((31, s, s), seed)


def _tall(n):
    """A least-squares matrix of about ``n`` elements: 4s x s/5 for s = sqrt(n) (run.py's 2000x100 at 4 * 10^6 / 16)."""
    s = max(int(round(n ** 0.5)), 5)
    return _data((4 * s, s // 5))


def _pairs():
    """op -> (inputs(n), torch kernel(*tensors), NumPy kernel(*arrays)); n: elements of the main input."""
    def hist_torch(x):
        lo, hi = torch.aminmax(x)
        edges = torch.linspace(lo.item(), hi.item(), 101, dtype=x.dtype)
        idx = torch.clamp(torch.bucketize(x, edges, right=True) - 1, max=99)
        return torch.zeros(101, dtype=torch.int64).scatter_add_(0, idx, torch.ones_like(idx))

    def scatter_t(x, i, v):
        x[i] = v

    def scatter_n(x, i, v):
        x[i] = v

    return {
        "sort": (lambda n: (_data(n),), lambda x: torch.sort(x)[0], lambda x: numpy.sort(x)),
        "sort stable": (lambda n: (_data(n),), lambda x: torch.sort(x, stable=True)[0],
                        lambda x: numpy.sort(x, kind="stable")),
        "sort int64": (lambda n: (_ints(n, n),), lambda x: torch.sort(x)[0], lambda x: numpy.sort(x)),
        "argsort (stable)": (lambda n: (_data(n),), lambda x: torch.sort(x, stable=True)[1],
                             lambda x: numpy.argsort(x, kind="stable")),
        "partition": (lambda n: (_data(n),), lambda x: torch.sort(x)[0], lambda x: numpy.partition(x, len(x) // 2)),
        "unique": (lambda n: (_ints(n, max(n // 10, 1)).double(),), lambda x: torch.unique(x),
                   lambda x: numpy.unique(x)),
        "searchsorted": (lambda n: (torch.sort(_data(n))[0], _data(n, 1)), torch.searchsorted, numpy.searchsorted),
        "histogram": (lambda n: (_data(n),), hist_torch, lambda x: numpy.histogram(x, 100)),
        "bincount": (lambda n: (_ints(n, 1000),), torch.bincount, numpy.bincount),
        "take": (lambda n: (_data(n), _ints(n // 10 or 1, n)), lambda x, i: x[i], lambda x, i: numpy.take(x, i)),
        "gather x[idx]": (lambda n: (_data(n), _ints(n // 10 or 1, n)), lambda x, i: x[i], lambda x, i: x[i]),
        "scatter x[idx] = v": (lambda n: (_data(n), _ints(n // 10 or 1, n), _data(n // 10 or 1, 1)), scatter_t,
                               scatter_n),
        "std": (lambda n: (_data(n),), lambda x: torch.std(x, correction=0), numpy.std),
        "einsum ij,ij->i": (lambda n: (_square(n), _square(n)), lambda a, b: torch.einsum("ij,ij->i", a, b),
                            lambda a, b: numpy.einsum("ij,ij->i", a, b)),
        "matmul": (lambda n: (_square(n),), lambda a: a @ a, lambda a: a @ a),
        "matmul batched": (lambda n: (_batch(n), _batch(n, 1)), torch.matmul, numpy.matmul),
        "solve": (lambda n: (_square(n), _square(n)[:, :1].clone()), torch.linalg.solve, numpy.linalg.solve),
        "inv": (lambda n: (_square(n),), torch.linalg.inv, numpy.linalg.inv),
        "det": (lambda n: (_square(n),), torch.linalg.det, numpy.linalg.det),
        "cholesky": (lambda n: (_square(n),), torch.linalg.cholesky, numpy.linalg.cholesky),
        "eigh": (lambda n: (_square(n),), torch.linalg.eigh, numpy.linalg.eigh),
        "lstsq": (lambda n: (_tall(n), _data(max(int(round(n ** 0.5)), 2) * 4, 1)),
                  lambda a, b: torch.linalg.lstsq(a, b[:, None], driver="gelsd"),
                  lambda a, b: numpy.linalg.lstsq(a, b, rcond=None)),
        "svd": (lambda n: (_square(n),), torch.linalg.svd, numpy.linalg.svd),
        "fft": (lambda n: (_data(n),), torch.fft.fft, numpy.fft.fft),
        "boolean mask x[m]": (lambda n: (_data(n), _data(n, 1) > 0.5), lambda x, m: x[m], lambda x, m: x[m]),
        "where": (lambda n: (_data(n) > 0.5, _data(n), _data(n, 1)), torch.where, numpy.where),
        **{f"{name} {str(dt)[6:]}": (lambda n, dt=dt: (_data(n).to(dt),), fn, nfn)
           for name, (fn, nfn) in _UFUNCS.items() for dt in (torch.float64, torch.float32)},
        **{f"{name} scalar {str(dt)[6:]}": (lambda n, dt=dt: (_ints(n, 100).to(dt),), lambda x, fn=fn: fn(x, 50),
                                      lambda x, nfn=nfn: nfn(x, 50))
           for name, (fn, nfn) in _COMPARISONS.items() for dt in (torch.float64, torch.float32, torch.int64)},
        # ufunc calls on tiny host arrays (_cpu_kernels.TINY_UFUNC; --sizes 10 64 100): at these sizes
        # wrapping NumPy's result with torch.from_numpy is not free, so NumPy's side includes it
        **{f"tiny {name}": (lambda n, nin=nin: tuple(_data(n, s) for s in range(nin)), fn,
                            lambda *xs, nfn=nfn: torch.from_numpy(nfn(*xs)))
           for name, (fn, nfn, nin) in _TINY.items()},
    }


# elementwise candidates: torchnp's ufunc kernel (torch) and NumPy's ufunc of the same name
_UFUNCS = {name: (getattr(torch, tname), getattr(numpy, name)) for name, tname in {
    "exp": "exp", "exp2": "exp2", "expm1": "expm1", "log": "log", "log2": "log2", "log10": "log10",
    "log1p": "log1p", "sqrt": "sqrt", "sin": "sin", "cos": "cos", "tan": "tan", "arcsin": "asin",
    "arccos": "acos", "arctan": "atan", "sinh": "sinh", "cosh": "cosh", "tanh": "tanh", "arcsinh": "asinh",
    "arctanh": "atanh"}.items()}
_COMPARISONS = {name: (getattr(torch, tname), getattr(numpy, name)) for name, tname in {
    "greater": "gt", "less_equal": "le", "equal": "eq"}.items()}


_TINY = {"add": (torch.add, numpy.add, 2), "multiply": (torch.mul, numpy.multiply, 2),
         "greater": (torch.gt, numpy.greater, 2), "sin": (torch.sin, numpy.sin, 1),
         "exp": (torch.exp, numpy.exp, 1), "sqrt": (torch.sqrt, numpy.sqrt, 1)}


def _time(fn, args, target=0.05):
    gc.disable()
    try:
        t0 = time.perf_counter()
        fn(*args)
        once = time.perf_counter() - t0
        loops = max(1, min(10_000, int(target / max(once, 1e-7))))
        t0 = time.perf_counter()
        for _ in range(loops):
            fn(*args)
        return (time.perf_counter() - t0) / loops
    finally:
        gc.enable()


def compare(op, n, rounds):
    """(torch seconds, NumPy seconds): the fastest of ``rounds`` alternating rounds on the same data
    (the minimum: on a shared machine, the round least disturbed by other processes)."""
    make, t_fn, n_fn = _pairs()[op]
    ts = make(n)
    arrays = [t.numpy() for t in ts]  # zero-copy views
    tt, tn = [], []
    for r in range(rounds):
        pair = [(tt, t_fn, ts), (tn, n_fn, arrays)]  # wrapping NumPy's result: free
        for out, fn, args in (pair if r % 2 else pair[::-1]):
            out.append(_time(fn, args))
    return min(tt), min(tn)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--only", nargs="*", help="ops (default: all)")
    p.add_argument("--sizes", nargs="*", type=float, default=[1e3, 1e4, 1e5, 1e6, 1e7],
                   help="element counts of the main input (matrices: n elements, sqrt(n) x sqrt(n))")
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--threads", type=int, default=None,
                   help="threads of torch and of NumPy's BLAS alike (as run.py --threads; default: each library's own)")
    p.add_argument("--max-seconds", type=float, default=1.0, help="skip larger sizes of an op once a call takes this")
    args = p.parse_args(argv)
    ops = args.only or list(_pairs())
    if args.threads:
        torch.set_num_threads(args.threads)
        from threadpoolctl import threadpool_limits

        threadpool_limits(args.threads, user_api="blas")
    print(f"torch {torch.__version__} ({torch.get_num_threads()} threads), numpy {numpy.__version__}")
    try:
        from threadpoolctl import threadpool_info

        for lib in threadpool_info():
            print(f"  {lib['internal_api']} {lib.get('version')} {lib['num_threads']} threads "
                  f"{lib.get('architecture', '')} ({lib['prefix']})")
    except ImportError:
        pass
    print(f"{'op':<22}{'n':>10}{'torch ms':>12}{'numpy ms':>12}{'numpy/torch':>13}")
    for op in ops:
        for n in args.sizes:
            n = int(n)
            tt, tn = compare(op, n, args.rounds)
            print(f"{op:<22}{n:>10}{tt * 1e3:>12.3f}{tn * 1e3:>12.3f}{tn / tt:>12.2f}x", flush=True)
            if max(tt, tn) > args.max_seconds:
                break
    return 0


if __name__ == "__main__":
    sys.exit(main())
