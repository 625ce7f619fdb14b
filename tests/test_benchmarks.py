"""The benchmark suite runs (issue 7): a smoke run at tiny sizes, in seconds.

Benchmarks are not tests: nothing here looks at a time, only that every group runs,
produces its table and writes its results file.
"""

import importlib.util
import pathlib

import pytest

RUN = pathlib.Path(__file__).resolve().parent.parent / "benchmarks" / "run.py"


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("torchnp_benchmarks_run", RUN)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_smoke_run_prints_every_group_and_writes_results(bench, tmp_path, capsys):
    results = tmp_path / "RESULTS.md"
    assert bench.main(["--smoke", "--write-results", "--results", str(results)]) == 0
    out = capsys.readouterr().out
    for case in ("| tiny | add |", "| tiny | matmul 4x4 |", "| tiny | zeros(10) |", "| large | cumsum |",
                 "| large | partition |", "| large | scatter x[idx] = v |", "| large | histogram |",
                 "| large | matmul batched 2x4x4 |", "| large | linalg.eigh 4 |", "| large | linalg.lstsq 16x1 |",
                 "| large | fft2 16x16 |",
                 "| lesson | N-body forces |", "| lesson | K-means assign |", "| lesson | Monte Carlo pi |",
                 "| lesson | projection (pinv) |", "| random | uniform |", "| random | integers stream='torch' |",
                 "Issue-3 view", "| torchnp |"):
        assert case in out
    # every case has a torchnp figure and a ratio against raw torch
    rows = [line for line in out.splitlines() if line.startswith(("| tiny", "| large", "| lesson", "| random"))]
    assert len(rows) == 11 + len(bench._large_cases(1000, 16)) + 4 + 6
    assert all("failed" not in r.split("|")[7] and r.split("|")[9].strip().endswith("x") for r in rows)
    text = results.read_text()
    assert "- machine:" in text and "- command: `python benchmarks/run.py --smoke" in text
    assert "## Memory" in text


def test_match_selects_cases(bench, capsys):
    assert bench.main(["--smoke", "--only", "large", "--match", "^linalg"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| large")]
    assert rows and all(r.split("|")[2].strip().startswith("linalg") for r in rows)


def test_table_and_issue3_view_from_results(bench):
    row = {"numpy": 0.2, "torch": 0.1, "torchnp": 0.1, "torchnp.jit": 0.05, "compile_s": 3.0, "notes": {}}
    results = {("lesson", "N-body forces", 2000): row}
    assert "| lesson | N-body forces | 2000 |" in bench.table(results)
    view = bench.issue3_table(results)
    assert "3.0 s" in view and "2.00x" in view and "4.00x" in view


def test_kernel_evidence_script_runs_every_candidate(capsys):
    """benchmarks/kernels.py (the evidence for torchnp._cpu_kernels.KERNELS, issue 17) times every
    candidate pair at a tiny size; nothing looks at the times."""
    path = RUN.parent / "kernels.py"
    spec = importlib.util.spec_from_file_location("torchnp_benchmarks_kernels", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert mod.main(["--sizes", "300", "--rounds", "1"]) == 0  # no --threads: it would stay set
    rows = [line for line in capsys.readouterr().out.splitlines() if line.rstrip().endswith("x")]
    assert len(rows) == len(mod._pairs())
