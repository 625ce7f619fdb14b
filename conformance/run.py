"""Run the official array API conformance suite against torchnp (issue 6).

Usage::

    python conformance/run.py PATH/TO/array-api-tests [--max-examples 100] [--write-results] [-- PYTEST ARGS]

PATH is a checkout of https://github.com/data-apis/array-api-tests with its
``array-api`` submodule, kept outside this project. The run uses
``ARRAY_API_TESTS_MODULE=torchnp.array_api`` and ``conformance/xfails.txt``, where every
entry is preceded by a ``# reason: ...`` line naming a limitation outside
torchnp. It prints pass/fail/skip/xfail counts; ``--write-results`` records them
with the date, suite commit and command in ``conformance/RESULTS.md``.
"""

import argparse
import datetime
import json
import os
import pathlib
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
XFAILS = HERE / "xfails.txt"
TORCH_NP_SECTION = "## NumPy's own tests"


def check_xfails(path=XFAILS):
    """Every xfail id must be preceded by a one-line ``# reason:`` comment."""
    problems, previous = [], ""
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if line.strip() and not line.startswith("#") and not previous.startswith("# reason:"):
            problems.append(f"{path.name}:{number}: {line.strip()} has no '# reason:' line above it")
        previous = line
    return problems


def count_xfails(path=XFAILS):
    return sum(1 for line in path.read_text().splitlines() if line.strip() and not line.startswith("#"))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("suite", type=pathlib.Path, help="checkout of data-apis/array-api-tests")
    parser.add_argument("--max-examples", type=int, default=100)
    parser.add_argument("--write-results", action="store_true")
    argv = list(sys.argv[1:] if argv is None else argv)
    extra = []
    if "--" in argv:  # everything after ``--`` goes to pytest verbatim
        cut = argv.index("--")
        argv, extra = argv[:cut], argv[cut + 1:]
    args = parser.parse_args(argv)
    args.pytest_args = extra
    problems = check_xfails()
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 2
    suite = args.suite.resolve()
    commit = subprocess.run(["git", "-C", str(suite), "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip() or "unknown"
    report = pathlib.Path(tempfile.mkdtemp()) / "report.json"
    # test paths given after ``--`` replace the default (the whole suite)
    paths = [] if any(a.startswith("array_api_tests") for a in args.pytest_args) else ["array_api_tests"]
    cmd = [sys.executable, "-m", "pytest", *paths, f"--max-examples={args.max_examples}",
           f"--xfails-file={XFAILS}", "--disable-deadline", "-q", "-p", "no:cacheprovider",
           "--json-report", f"--json-report-file={report}", *args.pytest_args]
    env = dict(os.environ, ARRAY_API_TESTS_MODULE="torchnp.array_api")
    # every dtype of the standard is tested, uint16/32/64 included (see README.md)
    env.setdefault("ARRAY_API_TESTS_SKIP_DTYPES", "")
    print("running:", " ".join(cmd), f"(in {suite})", flush=True)
    proc = subprocess.run(cmd, cwd=suite, env=env)
    summary = json.loads(report.read_text())["summary"] if report.exists() else {}
    counts = {k: summary.get(k, 0) for k in ("passed", "failed", "skipped", "xfailed", "xpassed", "error")}
    line = ", ".join(f"{v} {k}" for k, v in counts.items())
    print(f"array-api-tests {commit}, max-examples={args.max_examples}: {line}; xfails file: {count_xfails()} entries")
    if args.write_results:
        shown = " ".join(["python conformance/run.py", "PATH/TO/array-api-tests",
                          f"--max-examples {args.max_examples}", *(["--", *args.pytest_args] if args.pytest_args else [])])
        results = HERE / "RESULTS.md"
        # the torch_np section (conformance/torch_np, issue 16) is kept as it is
        text = results.read_text() if results.exists() else ""
        kept = text[text.index(TORCH_NP_SECTION):] if TORCH_NP_SECTION in text else ""
        results.write_text(
            "# Array API conformance results\n\n"
            f"- date: {datetime.date.today().isoformat()}\n"
            f"- suite: data-apis/array-api-tests at commit {commit}\n"
            f"- command: `{shown}`\n"
            f"- counts: {line}\n"
            f"- xfails: {count_xfails()} entries in `conformance/xfails.txt`, each with its reason\n"
            + ("\n" + kept if kept else ""))
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main())
