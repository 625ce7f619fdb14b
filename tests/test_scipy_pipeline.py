"""The ported SciPy pipeline of examples/scipy_pipeline.py (issue 25; DESIGN §8.2): only the
imports change; on host data SciPy's own results, bit for bit; under the accelerator rules (the
code a GPU runs) within 1e-9 of SciPy's. Its fake-CUDA run is in tests/test_fake_cuda.py."""

import pathlib
import sys

import numpy
import pytest

import torchnp
from scipy_support import accelerator_rules

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "examples"))
import scipy_pipeline  # noqa: E402

DATA = scipy_pipeline.inputs(size=64, n=2048, n_points=30)
EXPECTED = scipy_pipeline.with_scipy(DATA)


def _host(v):
    return torchnp.to_numpy(torchnp.asarray(v)) if isinstance(v, torchnp.ndarray) else numpy.asarray(v)


def test_host_data_gives_scipys_bits():
    got = scipy_pipeline.with_torchnp(DATA, "cpu")
    assert got.keys() == EXPECTED.keys()
    for k, v in EXPECTED.items():
        numpy.testing.assert_array_equal(_host(got[k]), v, err_msg=k, strict=True)


@pytest.mark.parametrize("key", sorted(EXPECTED))
def test_accelerator_rules_agree_with_scipy(key):
    with accelerator_rules():
        got = scipy_pipeline.with_torchnp(DATA, "cpu")[key]
    assert isinstance(got, torchnp.ndarray), f"{key}: {type(got).__name__} (0-d arrays, never host scalars)"
    numpy.testing.assert_allclose(_host(got), EXPECTED[key], rtol=1e-9, atol=1e-12, err_msg=key)
