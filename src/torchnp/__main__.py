"""Command line: ``python -m torchnp demo | info | coverage``.

``demo`` runs the N-body force computation of the PyTorch GPU-computing lesson
once with NumPy and once with torchnp, from the same source code, and prints
the timings and the largest relative difference between the two results.
"""

import argparse
import statistics
import sys
import time

G = 6.67e-11


def calculate_forces(xp, pos, mass):
    """Force on each of n bodies in 2-D (shape (2, n)), written once for NumPy and torchnp."""
    diff = pos[:, None, :] - pos[:, :, None]          # diff[:, i, j] = pos_j - pos_i, (2, n, n)
    dist = xp.linalg.norm(diff, axis=0)               # (n, n)
    direction = diff / dist
    forces = G * mass[:, None] * mass[None, :] / dist**2
    return xp.nansum(direction * forces[None, :, :], axis=2)  # (2, n); i == j gives nan


def _median_time(fn, sync, repeats, warmup=1):
    for _ in range(warmup):
        fn()
    sync()
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        sync()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def demo(n=1000, device=None, repeats=5, seed=0, out=sys.stdout):
    import numpy
    import torch

    import torchnp

    dev = torchnp.get_default_device() if device is None else torchnp._device.resolve(device)
    rng = numpy.random.default_rng(seed)
    pos_np = rng.random((2, n))
    mass_np = rng.random(n) + 100
    pos = torchnp.asarray(pos_np, device=dev)       # explicit host -> device copies
    mass = torchnp.asarray(mass_np, device=dev)

    def sync():
        if dev.type == "cuda":
            torch.cuda.synchronize(dev)

    with numpy.errstate(divide="ignore", invalid="ignore"):
        ref = calculate_forces(numpy, pos_np, mass_np)
        t_np = _median_time(lambda: calculate_forces(numpy, pos_np, mass_np), lambda: None, repeats)
    res = calculate_forces(torchnp, pos, mass)
    t_tn = _median_time(lambda: calculate_forces(torchnp, pos, mass), sync, repeats)
    got = res.to_numpy()
    rel = float(numpy.max(numpy.abs(got - ref) / numpy.maximum(numpy.abs(ref), numpy.finfo(float).tiny)))
    rows = [("numpy", "cpu", t_np), ("torchnp", str(dev), t_tn)]
    print(f"N-body forces, n={n} bodies, result shape {tuple(res.shape)}, median of {repeats} runs after warm-up", file=out)
    print(f"{'library':<10}{'device':<10}{'n':>8}{'time [ms]':>14}{'vs numpy':>10}", file=out)
    for lib, d, t in rows:
        print(f"{lib:<10}{d:<10}{n:>8}{t * 1e3:>14.3f}{t_np / t:>9.2f}x", file=out)
    print(f"max relative difference torchnp vs numpy: {rel:.3e}", file=out)
    return {"n": n, "device": str(dev), "numpy_s": t_np, "torchnp_s": t_tn, "max_rel_diff": rel}


def info(out=sys.stdout):
    import numpy
    import torch

    import torchnp

    print(f"torchnp {torchnp.__version__}", file=out)
    print(f"torch   {torch.__version__}", file=out)
    print(f"numpy   {numpy.__version__}", file=out)
    devices = ["cpu"]
    if torch.cuda.is_available():
        devices += [f"cuda:{i} ({torch.cuda.get_device_name(i)})" for i in range(torch.cuda.device_count())]
    mps = getattr(torch.backends, "mps", None)
    if mps is not None and mps.is_available():
        devices.append("mps")
    print(f"devices torch sees: {', '.join(devices)}", file=out)
    print(f"default device: {torchnp.get_default_device()}", file=out)
    print(f"default float dtype: {torchnp.get_default_float_dtype()}", file=out)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m torchnp", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p_demo = sub.add_parser("demo", help="N-body forces with NumPy and torchnp, timed side by side")
    p_demo.add_argument("--n", type=int, default=1000, help="number of bodies (default 1000)")
    p_demo.add_argument("--device", default=None, help="torch device (default: torchnp's default device)")
    p_demo.add_argument("--repeats", type=int, default=5, help="timed runs after one warm-up (default 5)")
    sub.add_parser("info", help="versions, devices and defaults")
    p_cov = sub.add_parser("coverage", help="how much of NumPy's public API torchnp covers")
    p_cov.add_argument("--markdown", action="store_true", help="emit Markdown tables (for docs)")
    args = parser.parse_args(argv)
    if args.command == "demo":
        if args.n < 2:
            parser.error("--n must be at least 2")
        demo(args.n, args.device, args.repeats)
    elif args.command == "info":
        info()
    else:
        from ._coverage import main as coverage_main

        return coverage_main(["--markdown"] if args.markdown else [])
    return 0


if __name__ == "__main__":
    sys.exit(main())
