"""The ported sparse pipeline of examples/sparse_pipeline.py (issue 26; DESIGN §8.2, §8.4): only
the imports change; on host data SciPy's own results; under the accelerator rules (the code a
GPU runs) the iterative solver and the eigensolvers within tolerance of SciPy's, and ``spsolve``
the documented ``TypeError`` (torch has no sparse direct solver for CPU tensors). Its fake-CUDA
run is in tests/test_fake_cuda.py."""

import pathlib
import sys

import numpy
import pytest

import torchnp
from scipy_support import accelerator_rules
from support import DEVICE

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "examples"))
import sparse_pipeline  # noqa: E402

DATA = sparse_pipeline.inputs(n=16, n_nodes=40)  # (small: the eigensolvers are Python loops on a loaded CPU)
EXPECTED = sparse_pipeline.with_scipy(DATA)
#: SciPy's lobpcg differs from itself between two runs at rounding level (its BLAS calls), so
#: its eigenvalues are compared within 1e-12; the smallest Laplacian eigenvalue is 0 (a
#: rounding-level number) and the residual norms are too: absolute floors on their scales
NOT_BITWISE = {"lobpcg values"}
FLOOR = {"eigsh values": 1e-10, "lobpcg values": 1e-8, "cg residual": 1e-10, "spsolve residual": 1e-12}


def _host(v):
    return torchnp.to_numpy(torchnp.asarray(v)) if isinstance(v, torchnp.ndarray) else numpy.asarray(v)


@pytest.mark.host_rules  # SciPy's own bits: host data under the host rules
def test_host_data_gives_scipys_results():
    got = sparse_pipeline.with_torchnp(DATA, "cpu")
    assert got.keys() == EXPECTED.keys()
    for k, v in EXPECTED.items():
        if k in NOT_BITWISE:
            numpy.testing.assert_allclose(_host(got[k]), v, rtol=1e-12, atol=1e-14, err_msg=k)
        else:
            numpy.testing.assert_array_equal(_host(got[k]), v, err_msg=k, strict=True)


@pytest.fixture(scope="module")
def on_device_rules():
    with accelerator_rules():
        return sparse_pipeline.with_torchnp(DATA, DEVICE, direct=False)  # (its own arrays: default device)


@pytest.mark.parametrize("key", sorted(set(EXPECTED) - {"spsolve u", "spsolve residual"}))
def test_accelerator_rules_agree_with_scipy(on_device_rules, key):
    got = on_device_rules[key]
    assert isinstance(got, torchnp.ndarray), f"{key}: {type(got).__name__} (0-d arrays, never host scalars)"
    # eigenvalues within 1e-8 of SciPy's (the eigsh contract), the CG solution within 1e-9
    numpy.testing.assert_allclose(_host(got), EXPECTED[key], rtol=1e-8, atol=FLOOR.get(key, 0), err_msg=key)


def test_spsolve_without_a_direct_solver_names_the_alternatives():
    with accelerator_rules(), pytest.raises(TypeError, match="cg"):
        sparse_pipeline.with_torchnp(DATA, DEVICE)
