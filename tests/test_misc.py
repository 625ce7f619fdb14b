"""The rest of the main namespace against NumPy (§5.1): rounding, complex parts, closeness,
predicates, metadata, memory overlap, bits, formatting, emath, sinc/i0/unwrap, polynomials,
windows and small helpers."""

import io

import numpy
import pytest
from hypothesis import given, strategies as st
from hypothesis.extra import numpy as hnp

import torchnp
from support import (Compare, BOOL, COMPLEX, FLOAT, INTEGER, NUMERIC, REAL, accelerator_rules, arrays, assert_like_numpy,
                     check, DEVICE, tnp)

pytestmark = pytest.mark.filterwarnings("ignore:overflow encountered in cast:RuntimeWarning")  # 1e300 -> float16

ALL = BOOL + NUMERIC
_SPECIAL = st.sampled_from([0.0, -0.0, 1.5, -2.5, 0.125, 1e300, numpy.nan, numpy.inf, -numpy.inf])


def special_arrays(dtypes=FLOAT + COMPLEX):
    def for_dtype(dt):
        el = _SPECIAL if dt.kind == "f" else st.builds(complex, _SPECIAL, _SPECIAL)
        return hnp.arrays(dt, hnp.array_shapes(min_dims=0, max_dims=2, max_side=4), elements=el)
    return st.sampled_from(list(dtypes)).flatmap(for_dtype)


# rounding
@given(arrays(ALL), st.integers(-3, 3))
def test_round(a, decimals):
    if a.dtype.kind in "iu" and decimals < 0:
        a = a.clip(-100, 100).astype(a.dtype)
    check("round", a, decimals)
    check("around", a, decimals=decimals)
    check("fix", a)


def test_round_float16_overflows_as_numpy():
    # §1.1: NumPy scales float16 in float16: round(66, 3) is 66 * 1000 = inf, 10 ** 5 is inf itself
    # (nan or inf everywhere); the halves of the scaled values round in float16 (fresh draw, seed 3980469628)
    a = numpy.array([66, 0.1, 0, -3, 65504, 1.2345, 0.0005, 6e-8, numpy.inf, -numpy.inf, numpy.nan, -0.0, 3.2e4],
                    numpy.float16)
    with numpy.errstate(all="ignore"):
        for decimals in range(-6, 7):
            check("round", a, decimals)
    check("round", numpy.array(66, numpy.float16), 3)


def test_round_halves_and_ints():
    check("round", numpy.array([0.5, 1.5, 2.5, -0.5, -1.5, 0.25, 0.35]), 1)
    check("round", numpy.array([15, 25, -15, -25, 123], numpy.int16), -1)
    check("round", numpy.array([5, 15, 125], numpy.int8), -5)
    out = tnp(numpy.zeros(2))
    assert torchnp.round(tnp(numpy.array([1.26, 2.5])), 1, out) is out
    assert_like_numpy(tnp(numpy.array([1.26, 2.5])).round(1), numpy.array([1.26, 2.5]).round(1))


# complex parts and predicates
@given(arrays(ALL), st.booleans())
def test_complex_parts(a, deg):
    check("real", a)
    check("imag", a)
    check("angle", a, deg)
    check("iscomplex", a)
    check("isreal", a)
    check("real_if_close", a)
    assert torchnp.iscomplexobj(tnp(a)) == numpy.iscomplexobj(a)
    assert torchnp.isrealobj(tnp(a)) == numpy.isrealobj(a)


def test_complex_predicates_on_python_objects():
    for obj in (1, 1.0, 1j, [1, 2j], [1.0], numpy.complex64(1)):
        assert torchnp.iscomplexobj(obj) == numpy.iscomplexobj(obj)
    assert torchnp.real(1 + 2j) == 1.0 and torchnp.imag(1 + 2j) == 2.0
    check("real_if_close", numpy.array([1 + 1e-15j, 2]))
    x = tnp(numpy.array([1 + 2j]))
    torchnp.real(x)[...] = 5  # real of an array is a view, as NumPy
    assert x.tolist() == [5 + 2j]


@given(special_arrays(), st.booleans())
def test_nan_to_num_and_infs(a, copy):
    check("nan_to_num", a)
    check("nan_to_num", a, nan=-1.0, posinf=7.0, neginf=-7.0)
    x = tnp(a)
    r = torchnp.nan_to_num(x, copy=copy)
    if a.ndim:  # a 0-d input gives NumPy's scalar (§1.3), never the array itself
        assert (r is x) == (not copy)
    assert_like_numpy(r, numpy.nan_to_num(a))
    if a.dtype.kind == "f":
        check("isposinf", a)
        check("isneginf", a)
    else:
        check("isposinf", a)  # TypeError for complex, as NumPy
    check("nan_to_num", numpy.arange(3))


@given(special_arrays(FLOAT + COMPLEX), st.booleans())
def test_nan_to_num_with_array_values(a, copy):  # NumPy copies array fill values in, broadcast to the array
    fills = [numpy.full(a.shape[-1:], 3.5), numpy.array(-2.0), numpy.ones((2,) + a.shape)]
    for kw in ({"nan": fills[0]}, {"posinf": fills[1], "neginf": fills[0]}, {"nan": fills[2]}):
        expected = a.copy()
        try:
            expected = numpy.nan_to_num(expected, copy=copy, **kw)
        except ValueError:
            with pytest.raises(ValueError):
                torchnp.nan_to_num(tnp(a), copy=copy, **{k: tnp(v) for k, v in kw.items()})
            continue
        x = tnp(a)
        r = torchnp.nan_to_num(x, copy=copy, **{k: tnp(v) for k, v in kw.items()})
        assert_like_numpy(r, expected)
        if not copy and a.ndim:
            assert r is x


# closeness and equality
@given(special_arrays(FLOAT + COMPLEX), st.data())
def test_isclose_allclose(a, data):
    b = data.draw(special_arrays([data.draw(st.sampled_from(FLOAT + COMPLEX))]))
    b = a if data.draw(st.booleans()) else b
    try:
        numpy.broadcast_shapes(a.shape, b.shape)
    except ValueError:
        b = a.copy()
    for kw in ({}, {"equal_nan": True}, {"rtol": 0.1, "atol": 1.0}):
        check("isclose", a, b, **kw)
        assert torchnp.allclose(tnp(a), tnp(b), **kw) == numpy.allclose(a, b, **kw)
    assert torchnp.array_equal(tnp(a), tnp(b)) == numpy.array_equal(a, b)
    assert torchnp.array_equal(tnp(a), tnp(b), equal_nan=True) == numpy.array_equal(a, b, equal_nan=True)
    assert torchnp.array_equiv(tnp(a), tnp(b)) == numpy.array_equiv(a, b)


@given(arrays(INTEGER + BOOL, max_side=3), arrays(INTEGER + BOOL, max_side=3))
def test_isclose_ints_and_scalars(a, b):
    check("isclose", a, a)
    check("isclose", a, 1)
    check("isclose", 1.0, a)
    assert torchnp.array_equal(tnp(a), tnp(b)) == numpy.array_equal(a, b)
    assert torchnp.array_equiv(tnp(a), tnp(b)) == numpy.array_equiv(a, b)
    assert torchnp.array_equiv(tnp(a), [1]) == numpy.array_equiv(a, [1])


@pytest.mark.parametrize("y", [0.5, 2, numpy.nan, numpy.inf, 1 + 1j, numpy.float64(0.5)])
@pytest.mark.parametrize("equal_nan", [False, True])
def test_isclose_number_beside_an_array_off_the_default_device(y, equal_nan):  # §3.2, issue 23
    """A number's tolerance stays a number: it was a 0-d array on the default device (meta here),
    which met the operand's device."""
    a = numpy.array([0.5, numpy.nan, numpy.inf, 1.0, 2.0])
    x = tnp(a)
    with torchnp.device("meta"):
        got = torchnp.isclose(x, y, atol=numpy.float64(0.1), equal_nan=equal_nan)
    with numpy.errstate(invalid="ignore"):
        assert_like_numpy(got, numpy.isclose(a, y, atol=numpy.float64(0.1), equal_nan=equal_nan))


def test_isclose_errors():
    check("isclose", numpy.ones(2), numpy.ones(3))
    with pytest.raises(ValueError):
        torchnp.allclose(tnp(numpy.ones(2)), tnp(numpy.ones(3)))


# metadata
@pytest.mark.parametrize("obj", [1, 1.5, [1, 2], [[1], [2]], (), numpy.float32(1), "s", None, {}])
def test_scalar_shape_predicates(obj):
    assert torchnp.isscalar(obj) == numpy.isscalar(obj)
    assert torchnp.iterable(obj) == numpy.iterable(obj)
    if obj is not None and not isinstance(obj, (str, dict)):
        assert torchnp.shape(obj) == numpy.shape(obj)
        assert torchnp.ndim(obj) == numpy.ndim(obj)
        assert torchnp.size(obj) == numpy.size(obj)


@given(arrays(ALL, min_dims=1), st.data())
def test_shape_ndim_size(a, data):
    x = tnp(a)
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
    assert torchnp.shape(x) == numpy.shape(a) and torchnp.ndim(x) == numpy.ndim(a)
    assert torchnp.size(x) == numpy.size(a) and torchnp.size(x, axis) == numpy.size(a, axis)
    assert torchnp.size(x, (0, axis)) == numpy.size(a, (0, axis)) if axis % a.ndim else True
    assert not torchnp.isscalar(x[()] if a.ndim == 0 else x)
    assert torchnp.iterable(x) and not torchnp.iterable(tnp(numpy.float64(1)))
    with pytest.raises(numpy.exceptions.AxisError):
        torchnp.size(x, a.ndim)


def test_memory_sharing():
    a = numpy.arange(24.0).reshape(4, 6)
    x = tnp(a)
    views = {"all": (slice(None), slice(None)), "row0": (0,), "row1": (1,), "even": (slice(None), slice(0, None, 2)),
             "odd": (slice(None), slice(1, None, 2)), "col": (slice(None), 3), "none": (slice(0, 0),)}
    for n1, k1 in views.items():
        for n2, k2 in views.items():
            assert torchnp.shares_memory(x[k1], x[k2]) == numpy.shares_memory(a[k1], a[k2]), (n1, n2)
            assert torchnp.may_share_memory(x[k1], x[k2]) == numpy.may_share_memory(a[k1], a[k2]), (n1, n2)
    assert not torchnp.shares_memory(x, x.copy())
    assert not torchnp.may_share_memory(x, tnp(a))


def test_memory_sharing_with_numpy_operands():  # §3.3: a CPU array and a NumPy view of it share memory
    x = torchnp.arange(24.0).reshape(4, 6)
    if x.device.type != "cpu":
        pytest.skip("host memory only")
    a = numpy.asarray(x)  # zero-copy (§4.3)
    for k1, k2 in [((0,), (0,)), ((0,), (1,)), ((slice(None), 0), (slice(None), 1)), ((slice(1, 3),), (2,))]:
        for fn in ("shares_memory", "may_share_memory"):
            want = getattr(numpy, fn)(a[k1], a[k2])
            assert getattr(torchnp, fn)(x[k1], a[k2]) == want and getattr(torchnp, fn)(a[k1], x[k2]) == want
            assert getattr(numpy, fn)(a[k1], x[k2]) == want, (fn, k1, k2)  # via __array_function__
    assert not torchnp.may_share_memory(x, a.copy()) and not torchnp.shares_memory(a.copy(), x)


# bits and number formatting
@given(arrays(INTEGER + BOOL, min_dims=1), st.sampled_from(["big", "little"]), st.data())
def test_packbits_unpackbits(a, order, data):
    axis = data.draw(st.sampled_from([None] + list(range(-a.ndim, a.ndim))))
    check("packbits", a, axis=axis, bitorder=order)
    u = (a.astype(numpy.int64) % 256).astype(numpy.uint8)
    # (NumPy pads an empty input with uninitialised bits when count > 0: compare only defined cases)
    count = data.draw(st.sampled_from([None, 0, 3, 20, -2] if u.size else [None, 0, -2]))
    check("unpackbits", u, axis=axis, bitorder=order, count=count)


def test_bits_errors():
    assert isinstance(check("packbits", numpy.ones(3)), TypeError)
    assert isinstance(check("unpackbits", numpy.ones(3, numpy.int16)), TypeError)
    assert isinstance(check("packbits", numpy.ones(3, int), axis=2), numpy.exceptions.AxisError)
    assert isinstance(check("unpackbits", numpy.ones(3, numpy.uint8), count=-30), ValueError)
    assert isinstance(check("packbits", numpy.ones(3, int), bitorder="middle"), ValueError)


@given(st.integers(-300, 300), st.sampled_from([None, 8, 12]), st.integers(2, 36), st.integers(0, 3))
def test_number_repr(n, width, base, padding):
    try:
        expected = numpy.binary_repr(n, width)
    except ValueError:  # width too small for a negative number: the same error
        with pytest.raises(ValueError):
            torchnp.binary_repr(n, width)
    else:
        assert torchnp.binary_repr(n, width) == expected
    assert torchnp.binary_repr(tnp(numpy.int64(n))) == numpy.binary_repr(n)
    assert torchnp.base_repr(n, base, padding) == numpy.base_repr(n, base, padding)


# emath (scimath): complex outside the real domain
@given(arrays(REAL + COMPLEX, max_side=4, elements=None), st.sampled_from(
    ["sqrt", "log", "log2", "log10", "arccos", "arcsin", "arctanh"]))
def test_emath_unary(a, name):
    single = a.dtype in (numpy.float16, numpy.complex64)  # float16: ~1 ulp; complex64: near branch cuts
    check("emath." + name, a, compare=Compare(rtol=1e-3 if single else None, atol=1e-3 if single else None))


@given(st.sampled_from(FLOAT + INTEGER), st.data())
def test_emath_power_logn(dt, data):
    el = st.integers(-3 if dt.kind == "i" else 0, 3).map(dt.type) if dt.kind in "iu" else st.sampled_from([-2.0, -0.5, 0.5, 2.0, 3.0])
    x = data.draw(hnp.arrays(dt, 4, elements=el))
    p = data.draw(st.sampled_from([2, -1, 0.5, numpy.array([1, -2, 2, 0])]))
    tol = 1e-3 if dt == numpy.float16 else None
    check("emath.power", x, p, compare=Compare(rtol=tol, atol=tol))
    check("emath.logn", 2, x, compare=Compare(rtol=tol, atol=tol))
    check("emath.logn", x, 3.0, compare=Compare(rtol=tol, atol=tol))
    check("emath.sqrt", -4)


# special functions
@given(arrays(REAL + COMPLEX, max_side=4))
def test_sinc_i0(a):
    tol = 1e-2 if a.dtype in (numpy.float16,) else 1e-5 if a.dtype in (numpy.float32, numpy.complex64) else 1e-12
    check("sinc", a.clip(-50, 50) if a.dtype.kind != "c" else a / 100, compare=Compare(rtol=tol, atol=tol))
    if a.dtype.kind == "c":
        assert isinstance(check("i0", a), TypeError)
    else:
        check("i0", (a % 20).astype(a.dtype) if a.dtype.kind in "iu" else a.clip(-20, 20),
              compare=Compare(rtol=tol, atol=0))


def test_i0_float16_overflow():  # §2.3: NumPy's float16 exp(|x|) overflows from 11.09, where I0 < 65504
    a = numpy.array([11.0, 11.08, 11.09, 11.1, 12.0, 13.0, -12.0, 8.0, numpy.nan, numpy.inf], numpy.float16)
    check("i0", a, compare=Compare(rtol=1e-2, atol=0))
    check("i0", numpy.tile(a, 7), compare=Compare(rtol=1e-2, atol=0))  # above the tiny host path (64)


def _unwrap_compare(a, tol, **kw):
    """unwrap's tolerance: ``tol`` (float16/float32); under the accelerator rules also the running
    correction's rounding (docs/devices.md): a device's ``cumsum`` carries it in float32 (a parallel
    scan) where NumPy rounds each of the n - 1 running sums S to the dtype, each within half an ulp
    <= eps/2 |S|, and the sum with ``a`` rounds once more in each (eps |result|): within
    eps * n * max(|S|, |result|), S being NumPy's result minus ``a``."""
    if tol is None or not accelerator_rules():
        return Compare(rtol=tol, atol=tol)
    with numpy.errstate(all="ignore"):
        r = numpy.unwrap(a, **kw).astype(numpy.float64)
    n = a.shape[kw.get("axis", -1)]
    big = numpy.abs(numpy.concatenate([(r - a).ravel(), r.ravel()]))
    big = big[numpy.isfinite(big)]  # an infinite result is compared as such (never an infinite atol)
    return Compare(rtol=tol, atol=tol + numpy.finfo(a.dtype).eps * n * (big.max() if big.size else 0.0))


@given(arrays(FLOAT + INTEGER, min_dims=1, min_side=1), st.data())
def test_unwrap(a, data):
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
    tol = 1e-2 if a.dtype == numpy.float16 else 1e-4 if a.dtype == numpy.float32 else None
    check("unwrap", a, axis=axis, compare=_unwrap_compare(a, tol, axis=axis))
    check("unwrap", a, discont=4.0, axis=axis, compare=_unwrap_compare(a, tol, discont=4.0, axis=axis))
    if a.dtype.kind in "iu":
        check("unwrap", a, axis=axis, period=6)
        check("unwrap", a, axis=axis, period=7)
    else:
        check("unwrap", a, axis=axis, period=360.0, compare=_unwrap_compare(a, tol, axis=axis, period=360.0))
    check("unwrap", numpy.zeros((0, 2)), axis=0)
    check("unwrap", a > 0, axis=axis)


def test_unwrap_float16_running_correction():
    # §2.3: NumPy adds unwrap's corrections with a float16 cumsum, rounding each running sum to float16:
    # host data give its bits (the running correction -6.28, -69.1, -0.0625 here; torch's cumsum,
    # carried in float32, gave -0.03125), a device within the running sums' ulps (_unwrap_compare)
    a = numpy.array([0, 4, 66, 0], numpy.float16)
    check("unwrap", a, compare=_unwrap_compare(a, 0.0))
    b = numpy.stack([a, a[::-1], a * 3]).T
    check("unwrap", b, axis=0, compare=_unwrap_compare(b, 0.0, axis=0))


# polynomials
_COEF = st.sampled_from([numpy.dtype("int64"), numpy.dtype("float64"), numpy.dtype("float32"), numpy.dtype("complex128")]
                        ).flatmap(lambda d: hnp.arrays(d, st.integers(1, 5), elements=st.integers(-4, 4).map(d.type)))


@given(_COEF, _COEF, arrays(FLOAT + INTEGER, max_side=4, elements=None))
def test_poly_arithmetic(p, q, x):
    single = numpy.float32 in (p.dtype, q.dtype) or x.dtype.kind == "f" and x.dtype.itemsize < 8
    eps = float(numpy.finfo(numpy.float16 if x.dtype == numpy.float16 else numpy.float32 if single
                            else numpy.float64).eps)
    # Horner's rule with |x| < 5, integer coefficients |c| <= 4: 2 * degree ulps of sum |c| |x|^i (< 3200)
    tol = 16 * eps * 3200
    check("polyadd", p, q)
    check("polysub", p, q)
    check("polymul", p, q)
    check("polyder", p)
    check("polyder", p, 2)
    check("polyint", p)
    check("polyint", p, 2, [1.0, 2.0])
    check("polyval", p, (x % 5).astype(x.dtype), compare=Compare(rtol=tol, atol=tol))
    if q[0] != 0:
        # synthetic division by q[0] (|q[0]| >= 1): each quotient digit a few ulps of the growing remainders
        grow = max(1.0, float(numpy.abs(p).max())) * (1 + float(numpy.abs(q).max()) / abs(q[0])) ** len(p)
        check("polydiv", p, q, compare=Compare(rtol=16 * eps, atol=16 * eps * grow))


def test_poly_errors():
    assert isinstance(check("polyder", numpy.ones(3), -1), ValueError)
    assert isinstance(check("polyint", numpy.ones(3), -1), ValueError)
    assert isinstance(check("polyint", numpy.ones(3), 3, [1.0, 2.0]), ValueError)
    assert isinstance(check("roots", numpy.ones((2, 2))), ValueError)
    assert isinstance(check("poly", numpy.ones((2, 3))), ValueError)
    assert isinstance(check("polyfit", numpy.ones(3), numpy.ones(4), 1), TypeError)
    assert isinstance(check("polyfit", numpy.ones(3), numpy.ones(3), -1), ValueError)


def _sorted(v):
    v = numpy.asarray(v)
    return v[numpy.lexsort((v.imag.round(6), v.real.round(6)))] if v.size else v


@pytest.mark.parametrize("coeffs", [[1, -3, 2], [1, 0, 1], [0, 0, 1, -1, 0, 0], [2.0], [0, 0], [1, -6, 11, -6],
                                    [1j, 2, 1 - 1j], numpy.array([1, -3, 2], numpy.float32)])
def test_roots_poly(coeffs):
    r, e = torchnp.roots(tnp(numpy.asarray(coeffs))), numpy.roots(coeffs)
    assert r.dtype == e.dtype and r.shape == e.shape
    # simple roots of small integer polynomials (condition numbers below ~10): eigenvalues of the
    # companion matrix agree to a few hundred ulps of the result dtype (CPU: bit for bit, one LAPACK)
    eps = float(numpy.finfo(e.dtype).eps)
    scale = max(1.0, float(numpy.abs(e).max())) if e.size else 1.0
    numpy.testing.assert_allclose(_sorted(r.to_numpy()), _sorted(e), rtol=0, atol=256 * eps * scale)
    check("poly", e, compare=Compare(rtol=256 * eps, atol=256 * eps * scale ** e.size))
    check("poly", numpy.array([[1.0, 2.0], [3.0, 4.0]]))
    check("poly", numpy.array([[0.0, -1.0], [1.0, 0.0]]))  # complex eigenvalues of a real matrix: real
    check("poly", numpy.array([[1, 2], [3, 4]]))
    check("poly", numpy.array([[1j, 2], [3, 4]]))
    check("poly", numpy.eye(3, dtype=numpy.float32))
    check("poly", numpy.array([1, 2, 3]))
    assert torchnp.poly(tnp(numpy.zeros(0))) == numpy.poly(numpy.zeros(0))


@given(st.integers(0, 3), st.booleans(), st.sampled_from([None, "w", "2d"]))
def test_polyfit(deg, full, mode):
    rng = numpy.random.default_rng(deg)
    x = numpy.linspace(-1, 1, 9)
    y = rng.standard_normal(9) if mode != "2d" else rng.standard_normal((9, 2))
    w = numpy.linspace(1, 2, 9) if mode == "w" else None
    if full:  # (c, residuals, rank, singular values) as arrays, rcond as NumPy's float64 scalar
        got = torchnp.polyfit(tnp(x), tnp(y), deg, None, True, None if w is None else tnp(w))
        exp = numpy.polyfit(x, y, deg, None, True, w)
        assert_like_numpy(got[:4], exp[:4], rtol=1e-13, atol=1e-13)  # as `fit` below
        assert type(got[4]) is type(exp[4]) and got[4] == exp[4]
    else:
        # least squares on a Vandermonde matrix of 9 points in [-1, 1], degree <= 3 (condition < 20):
        # a few hundred ulps (another device's lstsq driver differs in the last bits)
        fit = Compare(rtol=1e-13, atol=1e-13)
        check("polyfit", x, y, deg, None, full, w, compare=fit)
        check("polyfit", x, y, deg, None, False, w, True, compare=fit)
        check("polyfit", x, y, deg, cov="unscaled", compare=fit)


def test_polyfit_rank_warning():
    with pytest.warns(numpy.exceptions.RankWarning):
        torchnp.polyfit(tnp(numpy.ones(5)), tnp(numpy.arange(5.0)), 3)


def test_poly1d():
    c, d = [1.0, 2.0, 3.0], [2, -1]
    p, q = torchnp.poly1d(tnp(numpy.array(c))), torchnp.poly1d(d)
    P, Q = numpy.poly1d(c), numpy.poly1d(d)
    for mine, ref in [(p + q, P + Q), (p - q, P - Q), (p * q, P * Q), (p * 2, P * 2), (-p, -P), (p ** 2, P ** 2),
                      (p.deriv(), P.deriv()), (p.integ(), P.integ()), (p.integ(2, 1.0), P.integ(2, 1.0))]:
        assert isinstance(mine, torchnp.poly1d)
        assert_like_numpy(mine.coeffs, ref.coeffs)
    qq, rr = p / q
    QQ, RR = P / Q
    assert_like_numpy(qq.coeffs, QQ.coeffs)
    assert_like_numpy(rr.coeffs, RR.coeffs)
    assert_like_numpy(p(tnp(numpy.arange(3.0))), P(numpy.arange(3.0)))
    assert p.order == P.order and len(p) == len(P) and p[1] == P[1] and p[7] == P[7]
    # NumPy's repr; off the CPU with the coefficients' device, as an array's repr says it (§1.4)
    assert str(p) == str(P) and repr(p) == repr(P)[:-1] + (f", device='{DEVICE}')" if DEVICE != "cpu" else ")")
    assert p == torchnp.poly1d(c) and p != q
    assert_like_numpy(torchnp.poly1d([1, 2], r=True).coeffs, numpy.poly1d([1, 2], r=True).coeffs)
    assert_like_numpy(torchnp.poly1d([0, 0, 1, 2]).coeffs, numpy.poly1d([0, 0, 1, 2]).coeffs)
    numpy.testing.assert_allclose(numpy.sort(q.roots.to_numpy()), numpy.sort(Q.roots))
    p[4] = 5
    P[4] = 5
    assert_like_numpy(p.coeffs, P.coeffs)
    with pytest.raises(ValueError):
        torchnp.poly1d([[1, 2]])


# windows and small helpers
@pytest.mark.parametrize("name", ["bartlett", "blackman", "hamming", "hanning"])
@pytest.mark.parametrize("M", [-1, 0, 1, 2, 5, 8])
def test_windows(name, M):
    check(name, M, compare=Compare(atol=1e-14))
    check("kaiser", M, 5.0, compare=Compare(atol=1e-12, rtol=1e-12))


def test_require_bufsize_info():
    a = numpy.arange(6.0).reshape(2, 3)
    for req in (None, "C", ["F"], "A", ["W", "O"], "E"):
        r = torchnp.require(tnp(a), numpy.float32, req)
        e = numpy.require(a, numpy.float32, req)
        assert_like_numpy(r, e)
        assert r.flags.c_contiguous == e.flags.c_contiguous and r.flags.f_contiguous == e.flags.f_contiguous
    for bad in (["C", "F"],):
        with pytest.raises(ValueError):
            torchnp.require(tnp(a), requirements=bad)
    with pytest.raises(KeyError):
        torchnp.require(tnp(a), requirements="Z")
    old = torchnp.getbufsize()
    assert torchnp.setbufsize(16384) == old and torchnp.getbufsize() == 16384
    torchnp.setbufsize(old)
    buf = io.StringIO()
    torchnp.info(torchnp.sort, output=buf)
    assert "sort" in buf.getvalue()


def test_chkfinite_astype_scalars():
    check("asarray_chkfinite", numpy.array([1.0, numpy.nan]))
    check("asarray_chkfinite", numpy.array([1.0, 2.0]))
    check("astype", numpy.arange(3), numpy.float32)
    assert torchnp.True_ is numpy.True_ and torchnp.ScalarType == numpy.ScalarType
    assert torchnp.typename("d") == numpy.typename("d")
    assert torchnp.isfortran(tnp(numpy.ones((2, 3))).T) == numpy.isfortran(numpy.ones((2, 3)).T)


def test_broadcast_object():
    a, b = numpy.arange(3), numpy.arange(2.0).reshape(2, 1)
    mine, ref = torchnp.broadcast(tnp(a), tnp(b)), numpy.broadcast(a, b)
    assert (mine.shape, mine.nd, mine.ndim, mine.size, mine.numiter) == (ref.shape, ref.nd, ref.ndim, ref.size, ref.numiter)
    assert [tuple(float(v) for v in t) for t in mine] == [tuple(float(v) for v in t) for t in ref]
    assert mine.index == ref.index == 6
    mine.reset()
    assert mine.index == 0
    assert torchnp.broadcast(mine, tnp(a)).numiter == 3
    with pytest.raises(ValueError):
        torchnp.broadcast(tnp(numpy.arange(2)), tnp(numpy.arange(3)))


def test_show_config_runs_and_reports_numpy_too(capsys):  # numpy.show_config: torchnp, torch, then NumPy's own
    torchnp.show_config()
    printed = capsys.readouterr().out
    numpy.show_config()
    assert capsys.readouterr().out in printed and "torch" in printed
    info = torchnp.show_config(mode="dicts")
    assert info["numpy"] == numpy.show_config(mode="dicts") and info["torch"]["version"]
    for mod in (numpy, torchnp):
        with pytest.raises(AttributeError):
            mod.show_config(mode="x")
    assert torchnp.get_include() == numpy.get_include()


def test_show_config_from_a_source_tree(monkeypatch):  # the GPU machine ran torchnp uninstalled (PYTHONPATH)
    import importlib.metadata

    def missing(name):
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "version", missing)
    assert torchnp.show_config(mode="dicts")["torchnp"]["version"] == torchnp.__version__


def test_core_records_like_numpy():  # NumPy 100 exercises, #91: np.core.records on host data (§2.5)
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        rows = [("Hello", 2.5, 3), ("World", 3.6, 2)]
        want = numpy.core.records.fromarrays(numpy.array(rows).T, names="col1, col2, col3", formats="S8, f8, i8")
        got = torchnp.core.records.fromarrays(torchnp.array(rows).T, names="col1, col2, col3", formats="S8, f8, i8")
    assert repr(got) == repr(want)
