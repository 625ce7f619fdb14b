"""Import time (issue 23 §3): `import torchnp` against `import torch` and `import numpy`.

Each round starts fresh interpreters, interleaved: one imports torch and NumPy and then times
`import torchnp` alone (torchnp's own part, the issue's <= 0.15 s target), and three time a
whole `import torch`, `import torchnp` and `import numpy` from the shell's view. Medians over the
rounds. Bytecode caches are written first and kept (`PYTHONDONTWRITEBYTECODE` is dropped from the
children's environment): an installed package has its `.pyc` files, and without them each run
compiles torchnp's ~90 modules again (about 0.16 s on the development machine).

    python benchmarks/import_time.py [--rounds 9]
"""

import argparse
import os
import statistics
import subprocess
import sys
import time

OWN_PART = "import time, torch, numpy; t = time.perf_counter(); import torchnp; print(time.perf_counter() - t)"


def run(code, env):
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True, text=True).stdout
    return time.perf_counter() - t0, out


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=9)
    args = p.parse_args(argv)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    run("import torchnp", env)  # writes the bytecode caches
    times = {"torchnp's own part": [], "import torch": [], "import torchnp": [], "import numpy": []}
    for _ in range(args.rounds):
        times["torchnp's own part"].append(float(run(OWN_PART, env)[1]))
        for module in ("torch", "torchnp", "numpy"):
            times[f"import {module}"].append(run(f"import {module}", env)[0])
    print(f"median of {args.rounds} fresh processes each, interleaved; load average {os.getloadavg()[0]:.2f}")
    for name, ts in times.items():
        print(f"{name:20s} {statistics.median(ts) * 1e3:8.1f} ms   (min {min(ts) * 1e3:.1f})")


if __name__ == "__main__":
    main()
