"""Fixes found by NumPy's own tests (PyTorch's torch_np port, issue 16), each checked against NumPy itself."""

import numpy
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import torchnp
from support import COMPLEX, check

NAN = float("nan")


# -------------------------------------------------------------- argmax/argmin of complex NaN (§5.1)
@pytest.mark.parametrize("name", ["argmax", "argmin"])
@pytest.mark.parametrize("data", [
    [0, 1, 2, 3, complex(NAN, 0)], [0, 1, 2, complex(0, NAN), 3],
    [complex(NAN, 0), complex(NAN, 2), complex(NAN, 1)], [complex(1, 0), complex(1, NAN), complex(NAN, 1)],
])
def test_complex_argext_finds_the_first_nan(name, data):
    a = numpy.array(data)
    check(name, a)
    check(name, numpy.repeat(a, 129))


@pytest.mark.parametrize("name", ["argmax", "argmin"])
@given(a=hnp.arrays(st.sampled_from(COMPLEX), hnp.array_shapes(min_dims=1, max_dims=2, min_side=1, max_side=5),
                    elements=st.sampled_from([0j, 1 + 1j, 1 - 2j, -1j, complex(NAN, 0), complex(0, NAN), complex(NAN, NAN)])),
       axis=st.sampled_from([None, 0, -1]))
def test_complex_argext_with_nans(name, a, axis):
    check(name, a, axis=axis)
