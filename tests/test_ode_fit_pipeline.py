"""The ported ODE-fit pipeline of examples/ode_fit_pipeline.py (issue 26; DESIGN §8.2): only the
imports change; on host data SciPy's own results, bit for bit; under the accelerator rules (the
code a GPU runs: torchnp's DOP853 and curve_fit with autograd Jacobians) within the fit's
tolerances of SciPy's. Its fake-CUDA run is in tests/test_fake_cuda.py."""

import pathlib
import sys

import numpy
import pytest

import torchnp
from scipy_support import accelerator_rules

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "examples"))
import ode_fit_pipeline  # noqa: E402

DATA = ode_fit_pipeline.inputs(n=30)
EXPECTED = ode_fit_pipeline.with_scipy(DATA)

# relative tolerance, absolute floor: SciPy's curve_fit differentiates the ODE solution by finite
# differences (MINPACK's, relative step 1.5e-8), torchnp's by autograd: the fitted parameters agree
# within the fit's tolerance (xtol 1e-8 in leastsq's scaled units), pcov's standard errors within
# the finite differences' ~1e-6; what is computed from the parameters inherits their difference
TOLERANCE = {"popt": (1e-6, 0), "perr": (1e-4, 0), "robust x": (1e-6, 0), "residual rms": (1e-6, 0),
             "trajectory": (0, 1e-5), "first crossing": (1e-6, 0)}


def _host(v):
    return torchnp.to_numpy(torchnp.asarray(v)) if isinstance(v, torchnp.ndarray) else numpy.asarray(v)


@pytest.mark.host_rules  # SciPy's own bits: host data under the host rules
def test_host_data_gives_scipys_bits():
    got = ode_fit_pipeline.with_torchnp(DATA, "cpu")
    assert got.keys() == EXPECTED.keys() == TOLERANCE.keys()
    for k, v in EXPECTED.items():
        numpy.testing.assert_array_equal(_host(got[k]), v, err_msg=k, strict=True)


@pytest.fixture(scope="module")
def on_accelerator_rules():
    with accelerator_rules():
        return ode_fit_pipeline.with_torchnp(DATA, "cpu")


@pytest.mark.parametrize("key", sorted(TOLERANCE))
def test_accelerator_rules_agree_with_scipy(on_accelerator_rules, key):
    got = on_accelerator_rules[key]
    assert isinstance(got, torchnp.ndarray), f"{key}: {type(got).__name__} (0-d arrays, never host scalars)"
    assert got.shape == numpy.shape(EXPECTED[key]) and got.dtype == EXPECTED[key].dtype
    rtol, atol = TOLERANCE[key]
    numpy.testing.assert_allclose(_host(got), EXPECTED[key], rtol=rtol, atol=atol, err_msg=key)
