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
    assert len(rows) == 11 + len(bench._large_cases(1000, 16)) + len(bench._issue27_cases(1000, 16)) + 4 + 6
    # columns: ..., torchnp (7), torchnp.jit, faster of numpy and torch (9), torchnp/faster, torchnp/torch (11)
    assert all("failed" not in r.split("|")[7] and r.split("|")[11].strip().endswith("x") for r in rows)
    assert all(r.split("|")[10].strip().strip("*").endswith("x") for r in rows)
    for where in (out, results.read_text()):
        assert "threads at start: torch " in where and "os.cpu_count() " in where
        assert "load average at start" in where
        assert "Large cases with torchnp within 1.05x the faster of NumPy and raw torch: " in where
    assert "threads at end: " in out and "load average at end: " in out
    text = results.read_text()
    assert "- machine:" in text and "- command: `python benchmarks/run.py --smoke" in text
    assert "## Memory" in text
    # the std row (--smoke: 10^6 elements), a figure for each system
    row = next(line for line in text.splitlines() if line.startswith("| peak extra memory of x.std() on 10^6 |"))
    assert row.count(" MiB (") == 3 and "failed" not in row


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


ISSUE27 = ("x.std()", "X.sum(axis=1) 32x8", "log(x)", "x.sum()", "x.mean()", "where(m, x, y)", "tanh(x)", "exp(x)",
           "sqrt(x)", "x[mask]", "x < y", "x.argmax()", "x + y", "2.5 * x", "sin(x)", "cumsum(x)", "x.max()",
           "take(x, idx)", "sort(x)", "A @ B 16x16", "A.mean(axis=0) 16x16", "A.T.copy() 16x16")


def _cells(line):
    return [c.strip() for c in line.split("|")[1:-1]]


def test_issue27_group_columns_come_from_the_timings(bench):
    """Issue 27's 22 operations at tiny sizes: every system runs each, and the faster-of-the-two
    column and torchnp's ratio to it are the row's own figures (whatever they are)."""
    import io

    results = bench.run_cases(bench._issue27_cases(1000, 16, (32, 8)), "cpu", 2, "min", progress=io.StringIO())
    assert [k[1] for k in results] == list(ISSUE27)
    lines = bench.table(results).splitlines()
    head = _cells(lines[0])
    col = {name: head.index(name) for name in ("case", "numpy", "torch", "torchnp", "faster of numpy, torch",
                                               "torchnp/faster", "torchnp/torch", "torchnp/numpy")}
    within = 0
    for line, ((group, name, size), r) in zip(lines[2:], results.items()):
        cells = _cells(line)
        assert group == "large" and cells[col["case"]] == name
        assert all(r.get(s) for s in ("numpy", "torch", "torchnp")), (name, r["notes"])
        best = min(r["numpy"], r["torch"])
        ratio = r["torchnp"] / best
        assert cells[col["faster of numpy, torch"]] == \
            f"{best * 1e3:.2f} ms ({'numpy' if r['numpy'] <= r['torch'] else 'torch'})"
        shown = f"{ratio:.2f}x"
        assert cells[col["torchnp/faster"]] == (f"**{shown}**" if ratio > 1.05 else shown)
        assert cells[col["torchnp/torch"]] == f"{r['torchnp'] / r['torch']:.2f}x"
        assert cells[col["torchnp/numpy"]] == f"{r['torchnp'] / r['numpy']:.2f}x"
        within += ratio <= 1.05
    assert f"within 1.05x the faster of NumPy and raw torch: {within} of 22" in bench.target_summary(results)


def test_faster_column_and_summary_from_given_figures(bench):
    results = {
        ("large", "x.std()", 8000000): {"numpy": 0.0284, "torch": 0.0039, "torchnp": 0.0283, "notes": {}},
        ("large", "x.argmax()", 8000000): {"numpy": 0.00215, "torch": 0.0135, "torchnp": 0.00220, "notes": {}},
        ("large", "sort(x)", 8000000): {"numpy": 0.5, "notes": {"torch": "failed: RuntimeError"}},
        ("tiny", "add", 10): {"numpy": 4e-7, "torch": 1.2e-6, "torchnp": 1.1e-6, "notes": {}},
    }
    rows = [_cells(line) for line in bench.table(results).splitlines()[2:6]]
    assert rows[0][8:12] == ["3.90 ms (torch)", "**7.26x**", "7.26x", "1.00x"]
    assert rows[1][8:12] == ["2.15 ms (numpy)", "1.02x", "0.16x", "1.02x"]
    assert rows[2][8:10] == ["500.00 ms (numpy)", "-"]  # no torchnp figure: no ratio
    assert rows[3][8:10] == ["0.40 us (numpy)", "2.75x"]  # tiny: not held to 1.05 (not bold)
    summary = bench.target_summary(results)
    assert summary.startswith("Large cases with torchnp within 1.05x the faster of NumPy and raw torch: 1 of 3; "
                              "over: x.std() (8e6) 7.26x; no ratio (a system failed or did not run): sort(x) (8e6)")


def test_chart_one_panel_per_group_relative_to_the_faster(bench, tmp_path):
    from PIL import Image

    def results(k):
        out = {("tiny", f"op{i}", 10): {"numpy": 1.0, "torch": 2.0, "torchnp": 1.5, "notes": {}} for i in range(k)}
        out.update({("large", f"big{i}", 10**6): {"numpy": 4.0, "torch": 2.0, "torchnp": 3.0, "torch._numpy": 8.0,
                                                   "notes": {}} for i in range(k)})
        return out
    scipy = {("scipy", "linalg.expm", "8^2"): {"scipy": 2.0, "torchnp.scipy host": 2.2, "torchnp.scipy torch": 1.0,
                                               "notes": {}}}
    panels = bench.chart_rows({**results(2), **scipy})
    assert [p[0] for p in panels] == ["tiny", "large", "scipy"]
    tiny, large, sp = panels
    assert tiny[3] == ["numpy", "torch", "torchnp"] and tiny[4][0] == ("op0", {"numpy": 1.0, "torch": 2.0,
                                                                               "torchnp": 1.5})
    assert large[4][1] == ("big1 (1e6)", {"numpy": 2.0, "torch": 1.0, "torch._numpy": 4.0, "torchnp": 1.5})
    assert sp[4][0][1] == {"scipy": 1.0, "torchnp.scipy host": 1.1, "torchnp.scipy torch": 0.5}
    small, big = tmp_path / "small.png", tmp_path / "big.png"
    bench.chart(results(2), small, scipy)
    bench.chart(results(20), big, scipy)
    with Image.open(small) as a, Image.open(big) as b:
        assert a.size[0] == b.size[0] == 1400  # 14 inches at 100 dpi
        assert b.size[1] > a.size[1] + 18 * 2 * 0.3 * 100  # the height grows with the rows
