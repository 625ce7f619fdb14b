"""Statistics (mean/var/std/median/average/quantiles/cov/corrcoef and nan* versions) against NumPy (§5.1, §2.3)."""

import re
import warnings

import numpy
import pytest
import torch
from hypothesis import assume, given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import torchnp
from support import (accelerator_rules, arrays, assert_like_numpy, check, Compare, COMPLEX, DEVICE, FLOAT, INTEGER,
                     NUMERIC, raised, raises_like, REAL, tnp)

METHODS = ["inverted_cdf", "averaged_inverted_cdf", "closest_observation", "interpolated_inverted_cdf",
           "hazen", "weibull", "linear", "median_unbiased", "normal_unbiased", "lower", "higher",
           "midpoint", "nearest"]
ON_CPU = torch.device(DEVICE).type == "cpu" and not accelerator_rules()  # host data (value-dependent warnings)


def tol(a):
    """Statistics of at most 64 values (means, variances, quantiles, covariances): reordered sums of
    up to 64 (squared, centred) terms, ~n ulps of max |a| (squared: variances) in the result dtype;
    float16 rounds every step of NumPy's formulas (20 ulps of max |a|)."""
    big = 1 + float(numpy.abs(a).max(initial=0))
    if a.dtype == numpy.float16:
        return Compare(rtol=2e-2, atol=2e-2 * big)
    if a.dtype in (numpy.float32, numpy.complex64):
        return Compare(rtol=1e-4, atol=1e-4 * big)
    eps = float(numpy.finfo(numpy.float64).eps)
    return Compare(rtol=1024 * eps, atol=1024 * eps * big ** 2)


@st.composite
def array_axis(draw, dtypes=NUMERIC, tuples=True, min_side=1, max_dims=3):
    a = draw(arrays(dtypes, max_dims=max_dims, max_side=4, min_side=min_side))
    nd = a.ndim
    choices = [st.none()]
    if nd:
        choices.append(st.integers(-nd, nd - 1))
        if tuples:
            choices.append(st.lists(st.integers(0, nd - 1), min_size=1, max_size=nd, unique=True).map(tuple))
    return a, draw(st.one_of(*choices))


def quiet(fn):
    """Run ``fn`` with NumPy's RuntimeWarnings (empty slices, dof <= 0) silenced on both sides."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        return fn()


# -------------------------------------------------------------- mean / var / std
@pytest.mark.parametrize("name", ["mean", "var", "std", "nanmean", "nanvar", "nanstd"])
@given(data=array_axis(), keepdims=st.booleans())
def test_moments(name, data, keepdims):
    a, axis = data
    quiet(lambda: check(name, a, axis=axis, keepdims=keepdims, compare=tol(a)))


@pytest.mark.parametrize("name", ["var", "std", "nanvar", "nanstd"])
@given(data=array_axis(REAL + COMPLEX, max_dims=2), ddof=st.integers(0, 2))
def test_ddof_and_correction(name, data, ddof):
    # §2.3: var/std of complex input are real; ddof as NumPy (dof <= 0 -> inf/nan with a warning)
    a, axis = data
    quiet(lambda: check(name, a, axis=axis, ddof=ddof, compare=tol(a)))
    quiet(lambda: check(name, a, axis=axis, correction=ddof, compare=tol(a)))


def test_ddof_and_correction_together_raise():
    check("var", numpy.ones(3), ddof=1, correction=1)


@pytest.mark.parametrize("dtype", ["int8", "uint8", "bool", "int64", "float16", "float32", "complex64"])
def test_result_dtypes(dtype):
    # §2.3: mean of ints -> float64, var of complex -> float, float16 stays float16
    a = numpy.arange(6).reshape(2, 3).astype(dtype)
    for name in ("mean", "var", "std", "median", "average"):
        check(name, a)  # compares dtypes; median of bool raises TypeError in both


@pytest.mark.parametrize("name", ["mean", "var", "std"])
@given(a=arrays(REAL, min_dims=1, max_dims=2, min_side=1, max_side=4), data=st.data())
def test_where_and_dtype(name, a, data):
    where = a > data.draw(st.sampled_from([-1000, 0]))
    quiet(lambda: check(name, a, where=where, compare=tol(a)))
    quiet(lambda: check(name, a, axis=-1, where=where, dtype=numpy.float64, compare=tol(a.astype(numpy.float64))))


def test_var_with_mean_argument():
    a = numpy.arange(12.0).reshape(3, 4)
    m = numpy.mean(a, axis=1, keepdims=True)
    check("var", a, axis=1, mean=m)
    check("std", a, axis=1, mean=m, ddof=1)


@pytest.mark.parametrize("name", ["mean", "var", "nanmean", "median"])
def test_empty_gives_nan_with_warning(name):
    a = numpy.zeros((0,))
    with pytest.warns(RuntimeWarning):
        expected = getattr(numpy, name)(a)
    if name == "nanmean" and not ON_CPU:  # its empty-slice test counts values: host only (docs/devices.md)
        got = getattr(torchnp, name)(tnp(a))
    else:
        with pytest.warns(RuntimeWarning):
            got = getattr(torchnp, name)(tnp(a))
    assert_like_numpy(got, expected)


def test_all_nan_slices_warn_and_give_nan():
    a = numpy.array([[numpy.nan, numpy.nan], [1.0, numpy.nan]])
    for name in ("nanmean", "nanmedian", "nanvar"):
        with pytest.warns(RuntimeWarning):
            expected = getattr(numpy, name)(a, axis=1)
        if ON_CPU:  # the warning needs the values on the host: CPU only (documented)
            with pytest.warns(RuntimeWarning):
                got = getattr(torchnp, name)(tnp(a), axis=1)
        else:
            got = getattr(torchnp, name)(tnp(a), axis=1)
        assert_like_numpy(got, expected)


def test_nan_propagation():
    a = numpy.array([[1.0, numpy.nan, 3.0], [4.0, 5.0, 6.0]])
    for name in ("mean", "var", "std", "median", "percentile"):
        args = (50,) if name == "percentile" else ()
        for axis in (None, 0, 1):
            check(name, a, *args, axis=axis)
    for name in ("nanmean", "nanvar", "nanstd", "nanmedian"):
        for axis in (None, 0, 1):
            check(name, a, axis=axis)


# -------------------------------------------------------------- median / quantiles
@pytest.mark.parametrize("name, dtypes", [("median", REAL + COMPLEX), ("nanmedian", REAL + COMPLEX)])
@given(data=st.data(), keepdims=st.booleans())
def test_median(name, dtypes, data, keepdims):
    # complex median: lexicographic middle values as NumPy
    a, axis = data.draw(array_axis(dtypes))
    check(name, a, axis=axis, keepdims=keepdims, compare=tol(a))


def _complex_with_nans(draw, shape, dtype):
    re = draw(hnp.arrays(numpy.int8, shape, elements=st.integers(-2, 2)))
    im = draw(hnp.arrays(numpy.int8, shape, elements=st.integers(-2, 2)))
    kind = draw(hnp.arrays(numpy.int8, shape, elements=st.integers(0, 5)))
    a = (re + 1j * im).astype(dtype)
    a[kind == 0] = complex(numpy.nan, 1)  # a NaN in either part makes the value NaN
    a[kind == 1] = complex(2, numpy.nan)
    return a


@given(data=st.data(), dtype=st.sampled_from(COMPLEX), keepdims=st.booleans())
def test_complex_nanmedian(data, dtype, keepdims):
    """Issue 23: nanmedian of complex data (NaN in either part skipped; ties in lexicographic order) and
    its all-NaN slices, which NumPy fills with the slice's last value on its one-dimensional path
    (axis=None, every axis, 1-d data) and nan+0j on its masked-array path (shorter slices of n-d data)."""
    shape = data.draw(hnp.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=4))
    a = _complex_with_nans(data.draw, shape, dtype)
    if data.draw(st.booleans()):
        a[..., 0] = complex(1, numpy.nan)  # some all-NaN slices
        a[..., 1:] = numpy.nan if data.draw(st.booleans()) else a[..., 1:]
    axes = [None, *range(a.ndim), tuple(range(a.ndim))] + ([(0, a.ndim - 1)] if a.ndim > 2 else [])
    axis = data.draw(st.sampled_from(axes))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # All-NaN slice encountered
        check("nanmedian", a, axis=axis, keepdims=keepdims)


@pytest.mark.parametrize("axis", [None, 0, 1])
def test_complex_nanmedian_long_slices(axis):
    """Slices of 600 values or more take NumPy's one-dimensional path: an all-NaN slice gives its last
    value (the masked-array path of shorter slices gives nan+0j); the warning on host data (§3.5)."""
    a = numpy.full((2, 700), complex(3, numpy.nan))
    a[0, ::3] = 1 + 2j
    a[1, -1] = complex(numpy.nan, 5)
    a2 = numpy.ascontiguousarray(a.T)
    for x, ax in ((a, axis), (a2, None if axis is None else 1 - axis)):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            expected = numpy.nanmedian(x, axis=ax)
        warned = bool(caught) and ON_CPU and not accelerator_rules()
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            got = torchnp.nanmedian(tnp(x), axis=ax)
        assert bool(caught) == warned
        assert_like_numpy(got, expected)
        if numpy.ndim(expected):  # which NaN (the parts' values): assert_like_numpy treats every NaN alike
            numpy.testing.assert_array_equal(got.to_numpy().view(numpy.float64),
                                             numpy.asarray(expected).view(numpy.float64))


@pytest.mark.parametrize("method", METHODS)
@given(data=array_axis(REAL, max_dims=2), q=st.one_of(st.floats(0, 1), st.lists(st.floats(0, 1), min_size=1,
                                                                                   max_size=3)),
       keepdims=st.booleans())
def test_quantile_every_method(method, data, q, keepdims):
    a, axis = data
    q = numpy.array(q) if isinstance(q, list) else q
    check("quantile", a, q, axis=axis, method=method, keepdims=keepdims, compare=tol(a))
    check("percentile", a, numpy.asarray(q) * 100 if isinstance(q, numpy.ndarray) else q * 100, axis=axis,
          method=method, compare=tol(a))


@pytest.mark.parametrize("method", METHODS)
def test_nanquantile_every_method(method):
    a = numpy.array([[3.0, numpy.nan, 1.0, 7.0, 2.5], [numpy.nan, 4.0, numpy.nan, -1.0, 0.0],
                     [5.0, 5.0, 6.0, 9.0, 1.0]])
    for axis in (None, 0, 1):
        for q in (0.0, 0.3, 0.5, numpy.array([0.1, 0.75, 1.0])):
            check("nanquantile", a, q, axis=axis, method=method)
            check("nanpercentile", a, q * 100, axis=axis, method=method)


@given(a=arrays(REAL, min_dims=1, max_dims=2, min_side=1, max_side=5), data=st.data())
def test_quantile_weights(a, data):
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
    w = data.draw(arrays([numpy.dtype("float64")], shape=a.shape, elements=st.floats(0.1, 5)))
    q = data.draw(st.sampled_from([0.0, 0.25, 0.5, 1.0, numpy.array([0.2, 0.9])]))
    check("quantile", a, q, axis=axis, method="inverted_cdf", weights=w)
    w1 = w.reshape(-1)[:a.shape[axis]]
    check("percentile", a, q * 100, axis=axis, method="inverted_cdf", weights=w1)


@pytest.mark.parametrize("name", ["quantile", "nanquantile", "percentile", "nanpercentile"])
def test_weighted_quantile_of_nans(name):
    """``inverted_cdf`` with weights on data with NaNs: a slice holding one is NaN (quantile), its NaNs
    are left out (nanquantile): NumPy's values on the host and on the torch path (weights of the
    data's shape: NumPy's nanquantile raises an IndexError for 1-d weights of a 2-d array)."""
    a = numpy.array([[1.0, numpy.nan, 3.0, 0.5], [2.0, 1.0, 0.5, 3.0], [numpy.nan, 4.0, -1.0, 2.0]])
    w = numpy.array([[1.0, 2.0, 1.0, 1.0], [3.0, 1.0, 1.0, 2.0], [0.5, 1.0, 2.0, 1.0]])
    q = numpy.array([0.0, 0.25, 0.5, 0.75, 1.0]) * (100 if "percentile" in name else 1)
    for axis in (1, -1):
        check(name, a, q, axis=axis, method="inverted_cdf", weights=w)
        check(name, a, q[2], axis=axis, method="inverted_cdf", weights=w, keepdims=True)
    big, wbig = numpy.tile(a, (1, 30)), numpy.tile(w, (1, 30))  # beyond the tiny host path
    check(name, big, q, axis=1, method="inverted_cdf", weights=wbig)


def test_quantile_errors():
    a = numpy.arange(5.0)
    check("quantile", a, 1.5)
    check("percentile", a, -1)
    check("quantile", a, 0.5, method="bogus")
    check("quantile", a, 0.5, method="linear", weights=numpy.ones(5))
    check("quantile", a, 0.5, method="inverted_cdf", weights=-numpy.ones(5))
    check("quantile", a + 1j, 0.5)
    check("quantile", a, 0.5, axis=1)
    check("quantile", a, numpy.ones((2, 2)) / 2)


def test_quantile_out_and_interpolation_alias():
    a = numpy.arange(12.0).reshape(3, 4)
    out = torchnp.zeros((2, 4), device=DEVICE)
    r = torchnp.quantile(tnp(a), [0.25, 0.5], axis=0, out=out)
    assert r is out
    assert_like_numpy(out, numpy.quantile(a, [0.25, 0.5], axis=0))
    with pytest.warns(DeprecationWarning):
        r = torchnp.percentile(tnp(a), 40, interpolation="lower")
    assert_like_numpy(r, numpy.percentile(a, 40, method="lower"))


# -------------------------------------------------------------- average
@given(data=array_axis(REAL + COMPLEX, tuples=False, max_dims=2), returned=st.booleans(), keepdims=st.booleans())
def test_average(data, returned, keepdims):
    a, axis = data
    check("average", a, axis=axis, returned=returned, keepdims=keepdims, compare=tol(a))
    w = numpy.arange(1, a.size + 1, dtype=numpy.float64).reshape(a.shape)
    check("average", a, axis=axis, weights=w, returned=returned, keepdims=keepdims, compare=tol(a.astype(complex)))
    if axis is not None:
        w1 = numpy.arange(1, a.shape[axis] + 1, dtype=numpy.int32)
        check("average", a, axis=axis, weights=w1, returned=returned, compare=tol(a.astype(complex)))


def test_average_errors():
    a = numpy.arange(6.0).reshape(2, 3)
    check("average", a, weights=numpy.ones(3))  # TypeError: axis must be given
    check("average", a, axis=1, weights=numpy.ones(2))  # ValueError: length mismatch
    check("average", a, axis=1, weights=numpy.ones((1, 3)))  # ValueError: shape mismatch
    check("average", a, axis=1, weights=numpy.array([1.0, -1.0, 0.0]))  # ZeroDivisionError
    check("average", a, axis=(0, 1), weights=numpy.ones((2, 3)))


# -------------------------------------------------------------- cov / corrcoef
@given(m=arrays(REAL + COMPLEX, min_dims=1, max_dims=2, min_side=2, max_side=5), rowvar=st.booleans(),
       bias=st.booleans(), ddof=st.sampled_from([None, 0, 2]))
def test_cov(m, rowvar, bias, ddof):
    n_obs = m.shape[0] if (m.ndim == 2 and not rowvar) else m.shape[-1]
    # complex data over a zero divisor: NumPy's inf+infj vs torchnp's inf+nanj (docs/differences.md)
    assume(not (m.dtype.kind == "c" and ddof is not None and ddof >= n_obs))
    t = tol(m.astype(numpy.complex128))
    quiet(lambda: check("cov", m, rowvar=rowvar, bias=bias, ddof=ddof, compare=t))


@given(m=arrays(REAL, shape=(3, 5)), data=st.data())
def test_cov_weights_and_y(m, data):
    fw = data.draw(arrays([numpy.dtype("int64")], shape=(5,), elements=st.integers(1, 4)))
    aw = data.draw(arrays([numpy.dtype("float64")], shape=(5,), elements=st.floats(0.5, 2)))
    t = tol(m.astype(numpy.float64))
    quiet(lambda: check("cov", m, fweights=fw, compare=t))
    quiet(lambda: check("cov", m, aweights=aw, ddof=0, compare=t))
    quiet(lambda: check("cov", m, fweights=fw, aweights=aw, compare=t))
    quiet(lambda: check("cov", m[0], m[1], compare=t))
    single = Compare(rtol=1e-3, atol=1e-2 * (1 + float(numpy.abs(m).max()) ** 2))  # float32 products
    quiet(lambda: check("cov", m, dtype=numpy.float32, compare=single))


def test_cov_errors():
    check("cov", numpy.ones((2, 2, 2)))
    check("cov", numpy.ones((2, 3)), fweights=numpy.ones(3) * 1.5)
    check("cov", numpy.ones((2, 3)), fweights=numpy.ones(4, dtype=int))


def test_cov_messages_and_checked_weights():
    """cov of m and y with different sample counts: NumPy's concatenate message; weights under
    ``np.errstate(invalid="raise")`` (where the torch path checks values too, §3.5): NumPy's values
    for weights that sum to more than zero, its ZeroDivisionError for weights summing to zero."""
    m, y = numpy.arange(6.0).reshape(2, 3), numpy.arange(8.0).reshape(2, 4)
    with pytest.raises(ValueError) as want:
        numpy.cov(m, y)
    with pytest.raises(ValueError, match=f"^{re.escape(str(want.value))}$"):
        torchnp.cov(tnp(m), tnp(y))
    x = numpy.array([[1.0, 2.0, 4.0, 7.0], [0.5, -1.0, 3.0, 2.0]])
    with numpy.errstate(invalid="raise"):
        for kw in ({"fweights": numpy.array([1, 2, 0, 3])}, {"aweights": numpy.array([0.5, 0.0, 2.0, 1.0])},
                   {"fweights": numpy.array([2, 1, 1, 1]), "aweights": numpy.array([1.0, 3.0, 0.5, 0.25])}):
            assert_like_numpy(torchnp.cov(tnp(x), **{k: tnp(v) for k, v in kw.items()}), numpy.cov(x, **kw),
                              rtol=1e-14)
        with pytest.raises(ZeroDivisionError):
            numpy.cov(x, aweights=numpy.zeros(4))
        with pytest.raises(ZeroDivisionError, match="^Weights sum to zero, can't be normalized$"):
            torchnp.cov(tnp(x), aweights=tnp(numpy.zeros(4)))


@given(m=arrays(FLOAT[1:] + INTEGER, shape=(3, 6), elements=None), rowvar=st.booleans())
def test_corrcoef(m, rowvar):
    # cov / (std std), clipped to [-1, 1]: cancellation in the centred products costs up to ~n ulps of
    # the largest |m|^2 relative to the variances; 256 ulps of the result dtype (float64 for integers)
    eps = float(numpy.finfo(numpy.result_type(m.dtype, numpy.float64) if m.dtype.kind != "f" else m.dtype).eps)
    quiet(lambda: check("corrcoef", m, rowvar=rowvar, compare=Compare(rtol=256 * eps, atol=256 * eps)))


def test_corrcoef_has_numpys_signature():
    """NumPy 2.4 removed corrcoef's ``bias=`` and ``ddof=`` (no-ops, deprecated since 1.10): either is
    NumPy's TypeError, its message too, on the host and on the torch path (which ignored them)."""
    x = numpy.array([[1.0, 2.0, 4.0, 3.0], [2.0, 1.0, 0.5, 3.0]])
    for kw in ({"ddof": 1}, {"bias": True}, {"ddof": 0}, {"bias": False}):
        with pytest.raises(TypeError) as want:
            numpy.corrcoef(x, **kw)
        raises_like(TypeError, torchnp.corrcoef, tnp(x), match=f"^{re.escape(str(want.value))}$", **kw)
    check("corrcoef", x, None, False)


def test_corrcoef_complex_and_y():
    x = numpy.array([1 + 2j, 3 - 1j, 0.5 + 0j, 2 + 2j])
    y = numpy.array([2.0, 1.0, 4.0, 3.0])
    check("corrcoef", x, y)
    check("corrcoef", y)


def _same_bits(actual, expected):
    assert type(actual) is (torchnp.ndarray if isinstance(expected, numpy.ndarray) else type(expected))
    got = actual.to_numpy() if isinstance(actual, torchnp.ndarray) else numpy.asarray(actual)
    assert got.dtype == numpy.asarray(expected).dtype and got.shape == numpy.shape(expected)
    assert got.tobytes() == numpy.asarray(expected).tobytes(), (got, expected)


@pytest.mark.host_rules  # NumPy's kernel and bits on host data (_cpu_kernels rows)
@given(m=arrays([numpy.dtype(d) for d in ("float64", "float32", "int64", "complex128")], min_dims=1, max_dims=2,
                min_side=2, max_side=6), data=st.data(), rowvar=st.booleans())
def test_cov_corrcoef_bits_on_host(m, data, rowvar):
    # issue 23: np.corrcoef(a, b)[0, 1] printed -0.9179248480315343 where NumPy prints ...41;
    # host data runs NumPy's kernel (_cpu_kernels), so the bits are NumPy's
    y = data.draw(arrays([m.dtype], shape=m.shape)) if data.draw(st.booleans()) else None
    host = {"device": "cpu"}
    args = (m,) if y is None else (m, y)
    targs = tuple(torchnp.asarray(a, **host) for a in args)
    with warnings.catch_warnings(), numpy.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        for name in ("cov", "corrcoef"):
            try:
                expected = getattr(numpy, name)(*args, rowvar=rowvar)
            except Exception as exc:  # noqa: BLE001 - the same exception type as NumPy's
                with pytest.raises(type(exc)):
                    getattr(torchnp, name)(*targs, rowvar=rowvar)
                continue
            _same_bits(getattr(torchnp, name)(*targs, rowvar=rowvar), expected)
        w = numpy.arange(1, m.shape[-1 if rowvar or m.ndim == 1 else 0] + 1)
        _same_bits(torchnp.cov(targs[0], rowvar=rowvar, fweights=torchnp.asarray(w, **host),
                               aweights=torchnp.asarray(w / 2.0, **host)),
                   numpy.cov(m, rowvar=rowvar, fweights=w, aweights=w / 2.0))


@pytest.mark.host_rules  # NumPy's kernel and bits on host data (_cpu_kernels rows)
def test_corrcoef_of_the_issue_prints_numpys_digits():
    a = numpy.array([1.0, 2.5, 3.7, 4.1, 5.9, 6.2, 7.3])
    b = numpy.array([9.1, 7.7, 7.9, 5.2, 4.4, 4.9, 1.3])
    assert repr(torchnp.corrcoef(torchnp.asarray(a, device="cpu"), torchnp.asarray(b, device="cpu"))[0, 1]) == \
        repr(numpy.corrcoef(a, b)[0, 1])


@pytest.mark.parametrize("name", ["quantile", "nanquantile", "percentile", "median", "nanmedian", "mean", "var",
                                  "nanmean", "average"])
@pytest.mark.parametrize("shape", [(3, 0), (0, 3), (0,)])
def test_empty_inputs(name, shape):
    # empty reductions: nan with a warning, IndexError/ZeroDivisionError or an empty result, as NumPy
    a = numpy.zeros(shape)
    args = (0.5,) if "quantile" in name else (50,) if "percentile" in name else ()
    for axis in [None] + list(range(a.ndim)):
        quiet(lambda: check(name, a, *args, axis=axis))


def test_mixed_devices_raise():
    # §3.2: weights/masks/sample points on another device are never moved implicitly
    a = tnp(numpy.arange(4.0))
    other = "meta" if torch.device(DEVICE).type != "meta" else "cpu"
    w = torchnp.asarray([1.0, 2.0, 3.0, 4.0], device=other)
    calls = [lambda: torchnp.average(a, weights=w), lambda: torchnp.sum(a, where=w > 0),
             lambda: torchnp.mean(a, where=w > 0), lambda: torchnp.histogram(a, weights=w),
             lambda: torchnp.interp(a, w, w), lambda: torchnp.quantile(a, 0.5, method="inverted_cdf", weights=w),
             lambda: torchnp.cov(a, w), lambda: torchnp.convolve(a, w)]
    for call in calls:
        with pytest.raises(torchnp.DeviceMismatchError):
            call()


@pytest.mark.parametrize("func", ["quantile", "percentile", "nanquantile", "nanpercentile"])
@pytest.mark.parametrize("method", ["inverted_cdf", "averaged_inverted_cdf", "closest_observation",
                                    "interpolated_inverted_cdf", "hazen", "weibull", "linear", "median_unbiased",
                                    "normal_unbiased", "lower", "higher", "midpoint", "nearest"])
def test_quantile_integer_q_and_infinite_data(func, method):
    """Integer q takes elements (percentile's Python int q: a float32 result for float32 data) (NumPy: integer data keeps its dtype, an infinite element is not
    interpolated into NaN), discrete methods never interpolate (0 * inf), every method (found by
    mutation testing: q's integer kind and inverted_cdf's discreteness were never observable)."""
    scale = 100 if "percentile" in func else 1
    ints = numpy.array([[7, -3, 12, 0, 5], [2, 2, 9, -8, 1]])
    infs = numpy.array([1.0, numpy.inf, 3.0, -2.0, numpy.inf, -numpy.inf, 0.5])
    with numpy.errstate(invalid="ignore"):  # (float32/float16 data: a Python int q is weak, NumPy's weak_q)
        for a in (ints, infs, infs.astype(numpy.float32), ints.astype(numpy.float16)):
            for q in (0, scale, 37, [0, scale], [scale, 0, scale], 0.7 * scale, [0.3 * scale, scale]):
                check(func, a, q, method=method)
        check(func, ints, scale, axis=1, method=method)
        check(func, ints, [0, scale], axis=0, method=method, keepdims=True)


@pytest.mark.parametrize("func", ["quantile", "percentile", "nanquantile", "nanpercentile"])
def test_quantile_with_cudas_division(monkeypatch, func):
    """percentile's q / 100 is NumPy's correctly rounded quotient under the accelerator rules with
    CUDA's division by a Python number (``q * (1 / 100)``, ``support.CudaScalarDivision``): the H200
    took the next element for percentile(ints, 70, method='inverted_cdf') (7 for NumPy's 5) (§5.1)."""
    from torchnp import _device
    from support import CudaScalarDivision

    monkeypatch.setattr(_device, "CPU_VALUE_CHECKS", False)
    scale = 100 if "percentile" in func else 1
    ints = numpy.array([[7, -3, 12, 0, 5], [2, 2, 9, -8, 1]])
    infs = numpy.array([1.0, numpy.inf, 3.0, -2.0, numpy.inf, -numpy.inf, 0.5])
    with numpy.errstate(invalid="ignore"), CudaScalarDivision():
        for method in ("inverted_cdf", "averaged_inverted_cdf", "closest_observation", "linear", "hazen",
                       "nearest", "lower", "higher", "midpoint"):
            for a in (ints, infs):
                for q in (0.7 * scale, [0.3 * scale, 0.9 * scale, scale]):
                    got = getattr(torchnp, func)(torchnp.asarray(a, device="cpu"), q, method=method)
                    assert_like_numpy(got, getattr(numpy, func)(a, q, method=method), rtol=0, atol=0, device="cpu",
                                      err_msg=f"{method} {q} {a.dtype}")


@pytest.mark.host_rules  # NumPy's own answer on host data: its divide's floating-point warning needs NumPy's errstate
@pytest.mark.parametrize("func", ["median", "nanmedian"])
def test_median_of_empty_warns_exactly_as_numpy(func):
    """median/nanmedian of no data under NumPy's default errstate: NumPy's warnings, no more and no
    fewer ("Mean of empty slice", then "invalid value encountered in divide" where the result is
    not empty), its NaN, dtype and shape."""
    for a, kw in ((numpy.zeros(0), {}), (numpy.zeros((0, 3)), {"axis": 0}), (numpy.zeros((2, 0)), {"axis": 1}),
                  (numpy.zeros((2, 0)), {"axis": 0}), (numpy.zeros(0, numpy.float32), {}),
                  (numpy.zeros((0, 3), numpy.int64), {"axis": 0})):
        with warnings.catch_warnings(record=True) as expected_w, numpy.errstate(all="warn"):
            warnings.simplefilter("always")
            expected = getattr(numpy, func)(a, **kw)
        with warnings.catch_warnings(record=True) as actual_w, numpy.errstate(all="warn"):
            warnings.simplefilter("always")
            actual = getattr(torchnp, func)(tnp(a), **kw)
        assert_like_numpy(actual, expected)
        assert [(w.category, str(w.message)) for w in actual_w] == [(w.category, str(w.message)) for w in expected_w]


@pytest.mark.parametrize("func", ["median", "nanmedian"])
def test_median_of_empty_warns_as_numpy(func):
    """median/nanmedian of no data: NumPy's NaN and its RuntimeWarning, the result's dtype and shape."""
    for a, kw in ((numpy.zeros(0), {}), (numpy.zeros((0, 3)), {"axis": 0}), (numpy.zeros((2, 0)), {"axis": 1}),
                  (numpy.zeros(0, numpy.float32), {})):
        with warnings.catch_warnings(record=True) as expected_w:
            warnings.simplefilter("always")
            with numpy.errstate(invalid="ignore"):
                expected = getattr(numpy, func)(a, **kw)
        with warnings.catch_warnings(record=True) as actual_w:
            warnings.simplefilter("always")
            with numpy.errstate(invalid="ignore"):
                actual = getattr(torchnp, func)(tnp(a), **kw)
        assert_like_numpy(actual, expected)
        want = {(w.category, str(w.message)) for w in expected_w}
        got = {(w.category, str(w.message)) for w in actual_w}
        assert want <= got, (want, got)


@pytest.mark.parametrize("name", ["var", "std", "nanvar", "nanstd"])
def test_var_ddof_as_numpy_scalar_or_0d_array(name):
    """``ddof`` given as a NumPy scalar or 0-d array is read as the number it holds (NumPy's values
    and float64, not a result promoted by the scalar)."""
    a = numpy.array([[1.0, 2.5, 4.0, -3.0], [0.5, 7.0, 2.0, 2.0]], dtype=numpy.float32)
    for ddof in (numpy.int64(1), numpy.array(2), numpy.float64(0.5), numpy.int8(1)):
        check(name, a, ddof=ddof)
        check(name, a.astype(numpy.float64), axis=1, ddof=ddof)
        check(name, a.astype(numpy.int32), axis=0, ddof=ddof)
    for ddof in (numpy.array(2), numpy.array(0.5)):  # a torchnp 0-d array (on the default device)
        for axis in (None, 1):
            assert_like_numpy(getattr(torchnp, name)(tnp(a), axis=axis, ddof=tnp(ddof)),
                              getattr(numpy, name)(a, axis=axis, ddof=ddof))


def test_std_out_casting_and_nanmean_where_false():
    """std's ``out=`` follows sqrt's same-kind rule (float64 into float32 allowed, into int64
    NumPy's casting TypeError); nanmean with ``where=False`` (no element taken): NumPy's NaN and
    its RuntimeWarning."""
    a = numpy.array([[1.0, 2.5, 4.0], [0.5, 7.0, numpy.nan]])
    for out_dtype in (numpy.float32, numpy.float64, numpy.int64):
        want_out, got_out = numpy.zeros(3, out_dtype), tnp(numpy.zeros(3, out_dtype))
        try:  # NumPy under its default errstate (``raised`` retries under invalid="raise", where the
            numpy.std(a, axis=0, out=want_out)  # NaN's FloatingPointError comes first: the H200 run)
            want = None
        except TypeError as exc:
            want = exc
        if want is None:
            torchnp.std(tnp(a), axis=0, out=got_out)
            assert_like_numpy(got_out, want_out)
        else:
            raises_like(type(want), torchnp.std, tnp(a), axis=0, out=got_out)
    for where in (False, numpy.array([False, False, False])):
        with pytest.warns(RuntimeWarning):
            want = numpy.nanmean(a, axis=1, where=where)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)  # the warning reads the count: host only (documented)
            assert_like_numpy(torchnp.nanmean(tnp(a), axis=1, where=where), want)


@pytest.mark.parametrize("shape", [(0,), (0, 3), (2, 0)])
def test_mean_of_empty_warns_numpys_message(shape):
    """The mean of no elements (axis=None): NumPy's RuntimeWarning and its message, "Mean of empty
    slice" (found by mutation testing: the tests checked the warning's type only; torchnp's message
    ended in a period that NumPy 2.4's has not)."""
    a = numpy.zeros(shape)
    with warnings.catch_warnings(record=True) as want, numpy.errstate(all="ignore"):
        warnings.simplefilter("always")
        numpy.mean(a)
    with warnings.catch_warnings(record=True) as got, numpy.errstate(all="ignore"):
        warnings.simplefilter("always")
        torchnp.mean(tnp(a))
    first = [(w.category, str(w.message)) for w in want][:1]
    assert first == [(RuntimeWarning, "Mean of empty slice")]
    assert first[0] in [(w.category, str(w.message)) for w in got]


@pytest.mark.parametrize("name", ["quantile", "percentile"])
def test_weighted_quantile_shape_errors_as_numpy(name):
    """Weights whose shape is not the data's: NumPy's exception type and message for each axis
    (found by mutation testing: no test reached the message of the wrong-length 1-d weights).
    Not nanquantile: NumPy 2.4's raises an IndexError for 1-d weights of a 2-d array (its bug).
    With axis=None NumPy raises a TypeError (torchnp raised this ValueError: fixed)."""
    a = numpy.arange(6.0).reshape(2, 3)
    for w in (numpy.ones(2), numpy.ones((3, 2)), numpy.ones(3)):
        for axis in (1, -1, 0, (0, 1), None):
            try:
                getattr(numpy, name)(a, 0.5, axis=axis, method="inverted_cdf", weights=w)
            except (TypeError, ValueError) as e:
                raises_like(type(e), getattr(torchnp, name), tnp(a), 0.5, axis=axis, method="inverted_cdf",
                            weights=tnp(w), match=f"^{re.escape(str(e))}$")
            else:
                check(name, a, 0.5, axis=axis, method="inverted_cdf", weights=w)
