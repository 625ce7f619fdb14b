"""Fixes found by NumPy's own tests (PyTorch's torch_np port, issue 16), each checked against NumPy itself."""

import numpy
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import torchnp
from support import COMPLEX, assert_like_numpy, check, tnp

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


# -------------------------------------------------------------- np.broadcast iterators (§5.1)
@given(shapes=st.lists(hnp.array_shapes(min_dims=0, max_dims=3, max_side=3), min_size=1, max_size=4), nest=st.booleans())
def test_broadcast_iters_like_numpy(shapes, nest):
    try:
        numpy.broadcast_shapes(*shapes)
    except ValueError:
        return
    ref = [numpy.arange(numpy.prod(s), dtype=numpy.int64).reshape(s) for s in shapes]
    mine = [tnp(a) for a in ref]
    make = (lambda m, xs: m.broadcast(m.broadcast(*xs[:1]), *xs[1:])) if nest else (lambda m, xs: m.broadcast(*xs))
    r, b = make(numpy, ref), make(torchnp, mine)
    assert (b.shape, b.numiter) == (r.shape, r.numiter)
    for a, it, rit in zip(mine, b.iters, r.iters):
        assert it.base is a  # NumPy: the array given, not the broadcast view
        assert len(it) == len(rit) and [int(v) for v in it] == [int(v) for v in rit]


def test_broadcast_iters_write_into_the_array():
    a, m = numpy.arange(3), tnp(numpy.arange(3))
    numpy.broadcast(a, numpy.ones((2, 3))).iters[0][[1, 3]] = 7
    torchnp.broadcast(m, tnp(numpy.ones((2, 3)))).iters[0][[1, 3]] = 7
    assert_like_numpy(m, a)


def test_broadcast_rejects_keywords():
    for m in (numpy, torchnp):
        with pytest.raises(ValueError, match="keyword arguments not accepted"):
            m.broadcast(1, x=1)
