"""Command line: ``python -m torchnp demo | info | coverage``.

``demo`` runs the N-body force computation of the PyTorch GPU-computing lesson
from one source with NumPy, torchnp eager and ``torchnp.jit`` (on the CPU and, when
present, the GPU), and prints the timings, the compile time and the largest relative
difference from NumPy's result.
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


def _devices(device):
    """The devices of the demo: ``device`` (a name or a comma-separated list), else the CPU and,
    when torch sees one, the GPU."""
    import torch

    from . import _device

    if device:
        return [_device.resolve(d.strip()) for d in device.split(",") if d.strip()]
    return [torch.device("cpu")] + ([torch.device("cuda")] if torch.cuda.is_available() else [])


def demo(n=1000, device=None, repeats=5, seed=0, jit=True, out=sys.stdout):
    """The main job: the lesson's N-body step with NumPy, torchnp eager and ``torchnp.jit``.

    One source (:func:`calculate_forces`) runs on NumPy, then on each device (the CPU, and
    the GPU when present, or ``device``: a name or a comma-separated list) eagerly and
    compiled. Prints median times, speed-ups against NumPy, the compile time of each device
    on its own line, and the largest relative difference from NumPy's result.
    """
    import numpy
    import torch

    import torchnp

    def say(text=""):
        print(text, file=out, flush=True)

    rng = numpy.random.default_rng(seed)
    pos_np = rng.random((2, n))
    mass_np = rng.random(n) + 100
    with numpy.errstate(divide="ignore", invalid="ignore"):
        ref = calculate_forces(numpy, pos_np, mass_np)
        t_np = _median_time(lambda: calculate_forces(numpy, pos_np, mass_np), lambda: None, repeats)
    tiny = numpy.finfo(float).tiny
    say(f"N-body forces, n={n} bodies, result shape {ref.shape}, median of {repeats} runs after a warm-up")
    say("one source for every row: calculate_forces(xp, pos, mass)")
    say(f"{'library':<14}{'device':<10}{'time [ms]':>12}{'vs numpy':>10}{'max rel diff':>14}")

    def row(lib, dev, t, got=None):
        rel = "" if got is None else \
            f"{float(numpy.max(numpy.abs(got - ref) / numpy.maximum(numpy.abs(ref), tiny))):>14.1e}"
        say(f"{lib:<14}{dev:<10}{t * 1e3:>12.3f}{t_np / t:>9.2f}x{rel}")
        return None if got is None else float(rel)

    row("numpy", "cpu", t_np)
    result = {"n": n, "numpy_s": t_np, "rows": []}
    step = (lambda pos, mass: calculate_forces(torchnp, pos, mass))
    for dev in _devices(device):
        pos = torchnp.asarray(pos_np, device=dev)      # explicit host -> device copies
        mass = torchnp.asarray(mass_np, device=dev)

        def sync(dev=dev):
            if dev.type == "cuda":
                torch.cuda.synchronize(dev)

        t_eager = _median_time(lambda: step(pos, mass), sync, repeats)
        rel = row("torchnp", str(dev), t_eager, step(pos, mass).to_numpy())
        result["rows"].append({"system": "torchnp", "device": str(dev), "seconds": t_eager, "max_rel_diff": rel})
        if not jit:
            continue
        say(f"compiling torchnp.jit(calculate_forces) for {dev}...")
        compiled = torchnp.jit(step)
        t0 = time.perf_counter()
        first = compiled(pos, mass)
        sync()
        compile_s = time.perf_counter() - t0
        say(f"jit compile (first call, {dev}): {compile_s:.1f} s")
        t_jit = _median_time(lambda: compiled(pos, mass), sync, repeats)
        rel = row("torchnp.jit", str(dev), t_jit, first.to_numpy())
        result["rows"].append({"system": "torchnp.jit", "device": str(dev), "seconds": t_jit, "max_rel_diff": rel,
                               "compile_s": compile_s})
    # the first device's eager row, under the names earlier callers used
    first_row = result["rows"][0]
    result.update(device=first_row["device"], torchnp_s=first_row["seconds"], max_rel_diff=first_row["max_rel_diff"])
    return result


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
    p_demo = sub.add_parser("demo", help="N-body forces with NumPy, torchnp and torchnp.jit, timed side by side")
    p_demo.add_argument("--n", type=int, default=1000, help="number of bodies (default 1000)")
    p_demo.add_argument("--device", default=None,
                        help="torch device(s), comma-separated (default: cpu, and cuda when torch sees a GPU)")
    p_demo.add_argument("--repeats", type=int, default=5, help="timed runs after one warm-up (default 5)")
    p_demo.add_argument("--no-jit", action="store_true", help="skip torchnp.jit (and its compile time)")
    p_demo.add_argument("--threads", type=int, default=None,
                        help="torch's CPU threads (torch.set_num_threads; default: torch's)")
    sub.add_parser("info", help="versions, devices and defaults")
    p_cov = sub.add_parser("coverage", help="how much of NumPy's public API torchnp covers")
    p_cov.add_argument("--markdown", action="store_true", help="emit Markdown tables (for docs)")
    args = parser.parse_args(argv)
    if args.command == "demo":
        if args.n < 2:
            parser.error("--n must be at least 2")
        if args.threads:
            import torch

            torch.set_num_threads(args.threads)
        demo(args.n, args.device, args.repeats, jit=not args.no_jit)
    elif args.command == "info":
        info()
    else:
        from ._coverage import main as coverage_main

        return coverage_main(["--markdown"] if args.markdown else [])
    return 0


if __name__ == "__main__":
    sys.exit(main())
