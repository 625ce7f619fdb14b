"""The command line (issue 2): `python -m torchnp demo|info|coverage`."""

import io
import re
import subprocess
import sys

import torchnp
from torchnp.__main__ import demo, info, main


def test_demo_runs_numpy_eager_and_jit_and_agrees_with_numpy():
    """Issue 17: NumPy, torchnp eager and torchnp.jit rows; "compiling..." before the compile
    time, on its own line; each torchnp row's largest relative difference from NumPy's result."""
    out = io.StringIO()
    result = demo(n=64, device="cpu", repeats=2, out=out)
    lines = out.getvalue().splitlines()
    assert "n=64" in lines[0]
    systems = [line.split()[0] for line in lines[3:] if line.split()[1:2] == ["cpu"]]
    assert systems == ["numpy", "torchnp", "torchnp.jit"]
    compiling = next(i for i, line in enumerate(lines) if line.startswith("compiling torchnp.jit"))
    assert re.fullmatch(r"jit compile \(first call, cpu\): \d+\.\d s", lines[compiling + 1])
    assert lines[compiling + 2].startswith("torchnp.jit")
    assert [r["system"] for r in result["rows"]] == ["torchnp", "torchnp.jit"]
    assert all(r["max_rel_diff"] < 1e-10 for r in result["rows"])
    assert result["numpy_s"] > 0 and result["torchnp_s"] > 0 and result["rows"][1]["compile_s"] > 0


def test_demo_devices_default_to_cpu_and_the_gpu_when_present():
    from torchnp.__main__ import _devices

    import torch

    assert [str(d) for d in _devices(None)] == ["cpu"] + (["cuda"] if torch.cuda.is_available() else [])
    assert [str(d) for d in _devices("cpu, meta")] == ["cpu", "meta"]


def test_demo_command_line_options():
    proc = subprocess.run([sys.executable, "-m", "torchnp", "demo", "--n", "32", "--device", "cpu", "--repeats", "1",
                           "--no-jit", "--threads", "1"], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert re.search(r"^torchnp +cpu +\S+ +\S+x +\S+$", proc.stdout, re.M)
    assert "compiling" not in proc.stdout
    bad = subprocess.run([sys.executable, "-m", "torchnp", "demo", "--n", "1"], capture_output=True, text=True)
    assert bad.returncode != 0


def test_info_prints_versions_devices_and_defaults():
    out = io.StringIO()
    info(out)
    text = out.getvalue()
    assert f"torchnp {torchnp.__version__}" in text
    assert "torch " in text and "numpy " in text
    assert f"default device: {torchnp.get_default_device()}" in text
    assert "default float dtype: float64" in text


def test_coverage_command_runs(capsys):
    assert main(["coverage"]) in (0, None)
    assert "numpy" in capsys.readouterr().out
