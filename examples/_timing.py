"""Shared timing helper for the examples: median wall time after warm-up."""

import statistics
import time

import torchnp as np


def median_time(fn, *args, repeats=5):
    """Median seconds of ``fn(*args)`` over ``repeats`` runs after one warm-up call."""
    result = fn(*args)
    _sync(result)
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        result = fn(*args)
        _sync(result)
        times.append(time.perf_counter() - t0)
    return statistics.median(times), result


def _sync(result):
    """Wait for the device so that timings cover the work, not just its launch."""
    import torch

    dev = getattr(result, "device", None)  # NumPy's scalars (host results, §1.3) say "cpu"
    if getattr(dev, "type", None) == "cuda":
        torch.cuda.synchronize(dev)


def compare(name, eager, compiled, *args, repeats=5):
    """Print eager vs jit timings (jit's first call = compile time) and return both results."""
    t0 = time.perf_counter()
    first = compiled(*args)
    _sync(first)
    compile_s = time.perf_counter() - t0
    t_eager, r_eager = median_time(eager, *args, repeats=repeats)
    t_jit, r_jit = median_time(compiled, *args, repeats=repeats)
    print(f"{name}: eager {t_eager * 1e3:.2f} ms, jit {t_jit * 1e3:.2f} ms "
          f"({t_eager / t_jit:.1f}x), first call incl. compile {compile_s:.1f} s")
    return r_eager, r_jit
