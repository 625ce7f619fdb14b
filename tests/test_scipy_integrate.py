"""torchnp.scipy.integrate against SciPy (DESIGN §8.2): SciPy's bits on host data, the torch
implementation within tolerance under the accelerator rules (tests/scipy_support.py)."""

import numpy
import pytest
from hypothesis import given, settings, strategies as st
from hypothesis.extra import numpy as hnp

import torchnp
from scipy_support import call, check_scipy
from support import examples

_DT = st.sampled_from(["float64", "float32", "int64", "complex128"])


def _samples(shape, dtype, seed):
    rng = numpy.random.default_rng(seed)
    y = rng.uniform(-2, 2, shape)
    if numpy.dtype(dtype).kind == "c":
        y = y + 1j * rng.uniform(-2, 2, shape)
    return (numpy.round(y * 3) if numpy.dtype(dtype).kind == "i" else y).astype(dtype)


def _tol(dtype):
    return 1e-5 if numpy.dtype(dtype) == numpy.float32 else None


@settings(max_examples=examples(40), deadline=None)
@given(shape=hnp.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=7), dtype=_DT,
       xkind=st.sampled_from([None, "1d", "nd", "dx"]), axis=st.integers(-3, 2), seed=st.integers(0, 99))
@pytest.mark.parametrize("name", ["trapezoid", "simpson", "cumulative_trapezoid"])
def test_sample_integrals(name, shape, dtype, xkind, axis, seed):
    y = _samples(shape, dtype, seed)
    axis = axis % y.ndim
    n = y.shape[axis]
    kw = {"axis": axis}
    if xkind == "1d":
        kw["x"] = numpy.sort(numpy.random.default_rng(seed).uniform(0, 3, n))
    elif xkind == "nd":
        kw["x"] = numpy.sort(numpy.random.default_rng(seed).uniform(0, 3, shape), axis=axis)
    elif xkind == "dx":
        kw["dx"] = 0.25
    check_scipy(call(f"integrate.{name}", y, **kw), rtol=_tol(dtype), atol=1e-12 if _tol(dtype) is None else None)


@pytest.mark.parametrize("initial", [None, 0, 0.0, 1.0])
def test_cumulative_trapezoid_initial(initial):
    y = numpy.arange(6.0).reshape(2, 3)
    check_scipy(call("integrate.cumulative_trapezoid", y, initial=initial))
    check_scipy(call("integrate.cumulative_trapezoid", y, x=numpy.ones(4)))  # ValueError
    check_scipy(call("integrate.cumulative_trapezoid", y, x=numpy.ones((2, 2, 3))))


@pytest.mark.parametrize("shape", [(4,), (4, 1), (6, 2, 3)])
@pytest.mark.parametrize("dtype", ["float32", "float16", "int64"])
def test_simpson_even_count_dtype(shape, dtype):  # §8.2: SciPy's in-place sum keeps float32 for n-d y
    y = numpy.arange(numpy.prod(shape)).reshape(shape).astype(dtype)
    check_scipy(call("integrate.simpson", y, axis=0), rtol=_tol(dtype) or (1e-3 if dtype == "float16" else None))
    check_scipy(call("integrate.simpson", y, x=numpy.arange(shape[0], dtype="float32"), axis=0), rtol=1e-5)


def test_simpson_errors_and_python_data():
    check_scipy(call("integrate.simpson", numpy.ones(4), x=numpy.ones(3)))
    check_scipy(call("integrate.simpson", [1.0, 2.0, 4.0, 8.0]))
    check_scipy(call("integrate.trapezoid", [1, 2, 4]))
    check_scipy(call("integrate.simpson", numpy.ones(4, "float32"), x=numpy.arange(4, dtype="float32")))


@settings(max_examples=examples(30), deadline=None)
@given(k=st.integers(0, 5), dtype=_DT, dx=st.sampled_from([1.0, 0.1]), batch=st.booleans(), seed=st.integers(0, 99))
def test_romb(k, dtype, dx, batch, seed):
    y = _samples((3, 2 ** k + 1) if batch else (2 ** k + 1,), dtype, seed)
    atol = (1e-5 if dtype == "float32" else 1e-12) * 4 * dx * 2 ** k  # sums of a few ulps near zero
    check_scipy(call("integrate.romb", y, dx=dx), atol=atol)
    yt = numpy.ascontiguousarray(y.T)  # SciPy's sums follow the memory layout: the same one on both sides
    check_scipy(call("integrate.romb", yt, dx=dx, axis=0), atol=atol)


def test_romb_sample_count():
    check_scipy(call("integrate.romb", numpy.ones(6)))


def test_quad_is_host_only():  # §8.3: Python callables run on the host
    assert torchnp.scipy.integrate.quad(lambda t: t * t, 0, 1)[0] == pytest.approx(1 / 3)


def test_simpson_of_two_float32_samples_with_float64_x_is_float64():
    """Issue 24 (fresh seed 2319352946): two samples and a 1-d float64 ``x``: SciPy's
    ``0.5 * dx * (y0 + y1)`` promotes float32 ``y`` to float64; torch's promotion kept float32 for
    the 0-d spacing (both rule sets, check_scipy)."""
    y = numpy.array([[1.5], [-0.25]], numpy.float32)
    check_scipy(call("integrate.simpson", y, x=numpy.array([0.125, 2.5]), axis=0))
