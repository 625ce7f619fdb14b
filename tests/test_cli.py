"""The command line (issue 2): `python -m torchnp demo|info|coverage`."""

import io
import re
import subprocess
import sys

import torchnp
from torchnp.__main__ import demo, info, main


def test_demo_runs_the_nbody_comparison_and_agrees_with_numpy():
    out = io.StringIO()
    result = demo(n=64, device="cpu", repeats=2, out=out)
    text = out.getvalue()
    assert "numpy" in text and "torchnp" in text and "n=64" in text
    assert result["max_rel_diff"] < 1e-10
    assert result["numpy_s"] > 0 and result["torchnp_s"] > 0


def test_demo_command_line_options():
    proc = subprocess.run([sys.executable, "-m", "torchnp", "demo", "--n", "32", "--device", "cpu", "--repeats", "1"],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert re.search(r"max relative difference torchnp vs numpy: \S+", proc.stdout)
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
