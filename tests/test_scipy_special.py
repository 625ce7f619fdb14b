"""torchnp.scipy.special against SciPy (DESIGN §8.2): SciPy's bits on host data, the torch
implementation within tolerance under the accelerator rules (tests/scipy_support.py)."""

import numpy
import pytest
from hypothesis import given, strategies as st
from hypothesis.extra import numpy as hnp

from scipy_support import call, check_scipy

_VALUES = hnp.arrays(numpy.float64, hnp.array_shapes(max_dims=3, max_side=5),
                     elements=st.floats(-30, 30, allow_subnormal=False) | st.just(float("nan")))
# subnormals: SciPy's gammaln(2.2e-311) is inf, torch's 715.30417 (mpmath: 715.30417): see docs/scipy.md
_DTYPES = st.sampled_from(["float64", "float32", "int64", "int8", "bool"])


@given(x=_VALUES, dtype=_DTYPES)
@pytest.mark.parametrize("name", ["erf", "gammaln"])
def test_unary_real(name, x, dtype):
    with numpy.errstate(invalid="ignore"):
        x = x.astype(dtype)
    # float32 gammaln near its poles: torch's float32 kernel is ~1e-5 relative from SciPy's
    check_scipy(call(f"special.{name}", x), rtol=1e-4 if x.dtype == numpy.float32 else None)


@pytest.mark.parametrize("name", ["erf", "gammaln"])
def test_python_data(name):
    check_scipy(call(f"special.{name}", 0.5))
    check_scipy(call(f"special.{name}", [0.5, 1.5]))
