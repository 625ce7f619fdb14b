"""Run PyTorch's port of NumPy's test suite (test/torch_np) against torchnp and NumPy (issue 16).

Usage::

    python conformance/torch_np/run.py PATH/TO/torch_np [--target both|torchnp|numpy]
        [--out DIR] [-- PYTEST ARGS]

PATH is PyTorch 2.6.0's ``test/torch_np`` folder, kept outside this project (README.md says
how to get it). Each target runs the suite with ``torch_np_alias`` (the plugin beside this
file) putting it in place of ``torch._numpy``; the outcomes go to ``DIR/<target>.json``.
With both outcome files present, the runner prints the comparison: the tests NumPy passes
and torchnp does not, per file, and with ``--list`` their ids.
"""

import argparse
import collections
import json
import os
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
SRC = HERE.parent.parent / "src"


def run(suite, target, out, pytest_args):
    """Run the suite once with ``target`` as torch._numpy; write ``out/<target>.json``."""
    env = dict(os.environ, TORCH_NP_TARGET=target, TORCH_NP_OUTCOMES=str(out / f"{target}.json"))
    env["PYTHONPATH"] = os.pathsep.join([str(HERE), str(SRC), env.get("PYTHONPATH", "")])
    cmd = [sys.executable, "-m", "pytest", "-p", "torch_np_alias", "-p", "no:cacheprovider",
           "-p", "no:randomly", "--runxfail", "--continue-on-collection-errors", "-q", "--tb=line", "-rN", *pytest_args]
    print("+", f"TORCH_NP_TARGET={target}", " ".join(cmd), flush=True)
    return subprocess.call(cmd, cwd=suite, env=env)


def compare(out, show_ids):
    """Print the counts and the tests NumPy passes but torchnp does not, grouped by file."""
    numpy = json.loads((out / "numpy.json").read_text())
    torchnp = json.loads((out / "torchnp.json").read_text())
    counts = {name: collections.Counter(d.values()) for name, d in (("numpy", numpy), ("torchnp", torchnp))}
    for name, c in counts.items():
        print(f"{name}: {sum(c.values())} tests, {c['passed']} passed, {c['failed']} failed, {c['skipped']} skipped")
    target = sorted(k for k, v in numpy.items() if v == "passed" and torchnp.get(k) != "passed")
    extra = sorted(k for k, v in torchnp.items() if v == "passed" and numpy.get(k) != "passed")
    print(f"NumPy passes, torchnp does not: {len(target)}")
    for path, n in collections.Counter(k.split("::")[0] for k in target).most_common():
        print(f"  {n:4d}  {path}")
    if show_ids:
        reasons_file = out / "torchnp.reasons.json"
        reasons = json.loads(reasons_file.read_text()) if reasons_file.exists() else {}
        for k in target:
            print(k, "--", reasons.get(k, torchnp.get(k, "not collected")))
    print(f"torchnp passes, NumPy does not (torch._numpy-only behaviour): {len(extra)}")
    return target


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("suite", type=pathlib.Path, help="PyTorch's test/torch_np folder")
    parser.add_argument("--target", choices=("both", "torchnp", "numpy", "none"), default="both",
                        help="which runs to make ('none': only compare existing outcome files)")
    parser.add_argument("--out", type=pathlib.Path, default=pathlib.Path("torch_np_outcomes"),
                        help="folder for the outcome files (default ./torch_np_outcomes)")
    parser.add_argument("--list", action="store_true", help="print the ids of the tests to fix")
    args, rest = parser.parse_known_args(argv)
    pytest_args = rest[1:] if rest[:1] == ["--"] else rest
    suite, out = args.suite.resolve(), args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    targets = {"both": ("numpy", "torchnp"), "none": ()}.get(args.target, (args.target,))
    for target in targets:
        run(suite, target, out, pytest_args)
    if (out / "numpy.json").exists() and (out / "torchnp.json").exists():
        compare(out, args.list)


if __name__ == "__main__":
    main()
