"""Ufuncs as objects (docs/design.md §5.2, §2.3, §2.4, §7): differential tests against NumPy.

The per-ufunc tests are generated from the table (``_table.UFUNCS``): every row is
drawn over every supported dtype (and mixed pairs), broadcasting shapes, values and
Python scalars; where NumPy raises, torchnp must raise the same exception type.
"""

import math
import operator
import os
import re

import numpy
import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import torchnp
from torchnp._ufuncs._table import UFUNCS

from support import (accelerator_rules, ON_ACCELERATOR, arrays, assert_like_numpy, check, COMPLEX, DEVICE, examples, raised, raises_like,
                     Compare, host, SUPPORTED_DTYPES, tnp, tolerance)

ALL = sorted(UFUNCS)
UNARY = [n for n in ALL if getattr(numpy, n).nin == 1]
BINARY = [n for n in ALL if getattr(numpy, n).nin == 2]
# per-ufunc example count (the table has ~100 rows); TORCHNP_UFUNC_EXAMPLES raises it for stress runs
_FEW = settings(max_examples=int(os.environ.get("TORCHNP_UFUNC_EXAMPLES", examples(15))))


def _tol(dtypes):
    """(rtol, atol) for results computed in the loosest of ``dtypes`` (float16/complex64 looser)."""
    return tolerance(dtypes, 64)


def _elements(dt, name):
    if dt.kind == "f":
        lim = 20 if name in ("power", "pow", "float_power", "ldexp") else (60 if dt == numpy.float16 else 1e3)
        return st.floats(-lim, lim, width=dt.itemsize * 8)
    if dt.kind == "c":
        lim = 20 if "pow" in name else 1e3
        return st.complex_numbers(max_magnitude=lim, width=dt.itemsize * 8)
    if dt.kind in "iu" and name in ("left_shift", "right_shift", "bitwise_left_shift", "bitwise_right_shift", "ldexp"):
        info = numpy.iinfo(dt)
        return st.integers(max(info.min, -3), min(info.max, 70))
    return None


def _signed_zeros_match(actual, expected, err_msg):
    """-0.0 and 0.0 differ (allclose cannot see it): the sign of every zero result is NumPy's."""
    for a, e in zip(actual if isinstance(actual, tuple) else (actual,),
                    expected if isinstance(expected, tuple) else (expected,)):
        e = numpy.asarray(e)
        if e.dtype.kind == "f":
            zero = e == 0
            numpy.testing.assert_array_equal(numpy.signbit(a.to_numpy()[zero]), numpy.signbit(e[zero]),
                                             err_msg=f"sign of zero: {err_msg}")


def _compare(name, np_args, tn_args, dtypes, signed_zeros=False):
    uf_np, uf_tn = getattr(numpy, name), getattr(torchnp, name)
    try:
        with numpy.errstate(all="ignore"):
            expected = uf_np(*np_args)
    except Exception as exc:  # noqa: BLE001 - compare exception types
        raises_like(type(exc), uf_tn, *tn_args)
        return
    actual = uf_tn(*tn_args)
    outs = expected if isinstance(expected, tuple) else (expected,)
    rtol, atol = _tol(list(dtypes) + [numpy.asarray(e).dtype for e in outs])
    if name in ("spacing", "nextafter"):
        rtol = atol = 0  # exact by definition
    err_msg = f"{name}{tuple(str(d) for d in dtypes)}"
    assert_like_numpy(actual, expected, rtol, atol, err_msg=err_msg)
    if signed_zeros:
        _signed_zeros_match(actual, expected, err_msg)


# ---------------------------------------------------------------- every row of the table
@pytest.mark.parametrize("name", ALL)
@_FEW
@given(data=st.data())
def test_every_ufunc_matches_numpy(name, data):
    """§5.2/§2.3: values, dtype and shape as NumPy for all dtypes, mixed pairs, broadcasting."""
    nin = getattr(numpy, name).nin
    shapes = data.draw(hnp.mutually_broadcastable_shapes(num_shapes=nin, max_dims=3, max_side=4)).input_shapes
    dtypes = [data.draw(st.sampled_from(SUPPORTED_DTYPES)) for _ in range(nin)]
    if nin == 2 and data.draw(st.booleans()):
        dtypes[1] = dtypes[0]  # same-dtype pairs: the common case, the fast path
    args = [data.draw(hnp.arrays(dt, sh, elements=_elements(dt, name))) for dt, sh in zip(dtypes, shapes)]
    _compare(name, args, [tnp(a) for a in args], dtypes)
    # the same values above the tiny host path (_array.TINY_HOST = 64: NumPy's own loop below it), so
    # torch's kernels meet them too (found by mutation testing: a wrong cbrt kernel passed)
    big = [numpy.broadcast_to(a, (65,) + a.shape).copy() for a in args]
    _compare(name, big, [tnp(a) for a in big], dtypes)


_SCALARS = st.one_of(st.booleans(), st.integers(-300, 300), st.floats(-50, 50),
                     st.complex_numbers(max_magnitude=20))


@pytest.mark.parametrize("name", BINARY)
@_FEW
@given(data=st.data())
def test_python_scalars_are_weak(name, data):
    """§2.3 (NEP 50): a Python scalar on either side takes the array's dtype kind; out-of-range ints raise."""
    dt = data.draw(st.sampled_from(SUPPORTED_DTYPES))
    a = data.draw(hnp.arrays(dt, hnp.array_shapes(min_dims=0, max_dims=2, max_side=4), elements=_elements(dt, name)))
    s = data.draw(_SCALARS)
    if name in ("left_shift", "right_shift", "bitwise_left_shift", "bitwise_right_shift", "ldexp") and type(s) is int:
        s = s % 9
    np_args, tn_args = ((a, s), (tnp(a), s)) if data.draw(st.booleans()) else ((s, a), (s, tnp(a)))
    _compare(name, np_args, tn_args, [dt])


# ---------------------------------------------------------------- special values
_FLOAT_SPECIAL = [numpy.nan, numpy.inf, -numpy.inf, -0.0, 0.0, 1.0, -1.0, 0.5, -2.5, 1e-310, 1e300, -1e300, 3.0]
_INT_SPECIAL = {dt: [numpy.iinfo(dt).min, numpy.iinfo(dt).max, 0, -1, 1, 7] if numpy.iinfo(dt).min else
                [0, 1, 7, numpy.iinfo(dt).max] for dt in ("int8", "int16", "int32", "int64", "uint8")}


_ZERO_ORDER_FREE = {"maximum", "minimum", "fmax", "fmin"}


@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
def test_special_float_values(name, dtype):
    """§2.4: nan, +-inf, -0.0, subnormals, huge values, division by zero give NumPy's results."""
    with numpy.errstate(all="ignore"):
        v = numpy.array(_FLOAT_SPECIAL, dtype=dtype)
    if getattr(numpy, name).nin == 1:
        _compare(name, [v], [tnp(v)], [dtype], signed_zeros=True)
    else:
        a, b = numpy.meshgrid(v, v)
        if name in ("ldexp",):
            b = numpy.arange(-6, 7).reshape(1, -1).repeat(len(v), 0)[:, :len(v)].astype(numpy.int32)
        # max/min of +0.0 and -0.0: NumPy's own loops pick either (it differs between its dtypes)
        _compare(name, [a, b], [tnp(a), tnp(b)], [dtype], signed_zeros=name not in _ZERO_ORDER_FREE)


@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize("dtype", sorted(_INT_SPECIAL))
def test_special_integer_values(name, dtype):
    """§2.4: integer wraparound, floor division/remainder by zero (0 as NumPy), min // -1, extremes."""
    v = numpy.array(_INT_SPECIAL[dtype], dtype=dtype)
    if getattr(numpy, name).nin == 1:
        _compare(name, [v], [tnp(v)], [dtype])
        return
    a, b = numpy.meshgrid(v, v)
    if "shift" in name or name == "ldexp":
        b = numpy.abs(b) % 70 if dtype != "uint8" else b % 70
        b = b.astype(dtype) if name != "ldexp" else b.astype(numpy.int32)
    if name in ("power", "pow"):
        b = numpy.abs(b % 5).astype(dtype)
    _compare(name, [a, b], [tnp(a), tnp(b)], [dtype])


@pytest.mark.parametrize("name", ["sqrt", "log", "exp", "sin", "arctanh", "absolute", "sign", "reciprocal",
                                  "add", "multiply", "divide", "equal", "isnan", "isinf", "isfinite", "maximum",
                                  "minimum", "fmax", "fmin", "less", "greater_equal", "power", "square", "rint"])
@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
def test_special_complex_values(name, dtype):
    """Complex values with zeros, nan and ordering ties (NumPy's lexicographic order for max/less)."""
    v = numpy.array([0j, 1 + 0j, 1 + 1j, 1 - 1j, -1 + 0j, 2j, complex(numpy.nan, 0), complex(0, numpy.nan), 3 + 4j],
                    dtype=dtype)
    if getattr(numpy, name).nin == 1:
        _compare(name, [v], [tnp(v)], [dtype])
    else:
        a, b = numpy.meshgrid(v, v)
        _compare(name, [a, b], [tnp(a), tnp(b)], [dtype])


@pytest.mark.parametrize("n", [3, 64, 65, 200])  # both sides of the tiny host path (_array.TINY_HOST = 64)
@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
@pytest.mark.parametrize("name", ["power", "float_power"])
def test_complex_zero_to_any_power(n, dtype, name):
    """npy_cpow: 0**b is 1 for b == 0, 0 where b.real > 0, nan+nanj for every other b (torch: inf+nanj)."""
    exps = numpy.array([-1 + 0j, -2 + 0j, -0.5 + 0j, -1 + 1j, 1j, -1j, 0.5 + 1j, 2 - 3j, 0.5 + 0j, 2 + 0j, 0j,
                        complex(numpy.nan, 0), complex(0, numpy.nan), complex(1, numpy.nan), complex(numpy.inf, 0),
                        complex(numpy.inf, 1)], dtype=dtype)
    for zero in (0j, complex(-0.0, 0.0), complex(0.0, -0.0)):
        base = numpy.full(n, zero, dtype=dtype)
        for e in exps:
            for args in ((base, numpy.full(n, e, dtype=dtype)), (base, e)):
                for make in (tnp, lambda a: torchnp.asarray(a, device="cpu", copy=True)):
                    with numpy.errstate(all="ignore"):
                        expected = getattr(numpy, name)(*args)
                    got = getattr(torchnp, name)(*(make(v) if isinstance(v, numpy.ndarray) else v for v in args))
                    assert_like_numpy(got, expected, err_msg=f"{name}({zero!r}, {e!r}) n={n}",
                                      device=None if make is tnp else "cpu")


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
def test_complex_integer_exponents_like_numpy(dtype):
    """npy_cpow's integer exponents below 100 multiply repeatedly: the NaN parts of non-finite bases
    and the last bits of finite ones follow that product order (above the tiny host path, 81 x 15)."""
    inf, nan = numpy.inf, numpy.nan
    base = numpy.array([0.5 + 0.75j, -1.25 + 0.5j, 1 + 1j, 0.9 - 0.1j, complex(nan, 0), complex(0, nan),
                        complex(inf, 0), complex(0, inf), complex(inf, 1), complex(1, -inf), 1 + 0j, -2 + 0j, 1j],
                       dtype=dtype)
    exps = numpy.array([1, 2, 3, 4, 5, 7, 50, 99, 100, -1, -2, -3, -7, -99, 2.5], dtype=dtype)
    a, b = numpy.meshgrid(base, exps)
    _compare("power", [a, b], [tnp(a), tnp(b)], [dtype])


@pytest.mark.parametrize("n", [1, 3, 4, 8, 17, 100])
@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
def test_complex_negative_keeps_signed_zeros(dtype, n):
    """§2.4, issue 23: NumPy's -(a+0j) is -a-0j, part by part; torch's vectorised complex neg
    (8 or more complex64, 4 or more complex128) computes 0 - z and loses the sign of a zero part."""
    v = numpy.array([1 + 0j, -0.0 + 0j, complex(0.0, -0.0), complex(-0.0, -0.0), 2j, complex(numpy.inf, 0)],
                    dtype=dtype)
    a = numpy.resize(v, n)
    expected = numpy.negative(a).view(a.real.dtype)  # the parts, zeros' signs included
    for got in (torchnp.negative(tnp(a)), -tnp(a), torchnp.negative(tnp(a), out=torchnp.empty_like(tnp(a)))):
        parts = got.to_numpy().view(a.real.dtype)
        numpy.testing.assert_array_equal(parts, expected)
        numpy.testing.assert_array_equal(numpy.signbit(parts), numpy.signbit(expected))


def test_integer_negative_power_raises():
    """NumPy: 'Integers to negative integer powers are not allowed.' (ValueError), array or scalar exponent."""
    a = numpy.array([2, 3], dtype=numpy.int32)
    for exp in (numpy.array([1, -1], dtype=numpy.int32), -2):
        with pytest.raises(ValueError):
            numpy.power(a, exp)
        raises_like(ValueError, torchnp.power, tnp(a), tnp(exp) if isinstance(exp, numpy.ndarray) else exp,
                    match="negative integer powers")


# ---------------------------------------------------------------- the interface (§5.2)
@pytest.mark.parametrize("name", ALL)
def test_attributes_match_numpy(name):
    """nin, nout, nargs, identity, __name__, repr, and the loops torch can hold."""
    u, n = getattr(torchnp, name), getattr(numpy, name)
    assert isinstance(u, torchnp.ufunc)
    assert (u.nin, u.nout, u.nargs, u.__name__) == (n.nin, n.nout, n.nargs, n.__name__)
    assert u.identity == n.identity or (u.identity != u.identity and n.identity != n.identity)
    assert repr(u) == repr(n)
    assert set(u.types) <= set(n.types) and u.ntypes == len(u.types) > 0
    assert u.signature is None and n.signature is None


def test_out_positional_keyword_and_tuple():
    a = numpy.linspace(-3, 3, 12).reshape(3, 4)
    b = numpy.arange(1, 5, dtype=numpy.float64)
    for call in (lambda m, x, y, o: m.add(x, y, o), lambda m, x, y, o: m.add(x, y, out=o),
                 lambda m, x, y, o: m.add(x, y, out=(o,))):
        o_np, o_tn = numpy.zeros((3, 4)), tnp(numpy.zeros((3, 4)))
        r_np, r_tn = call(numpy, a, b, o_np), call(torchnp, tnp(a), tnp(b), o_tn)
        assert r_tn is o_tn
        assert_like_numpy(o_tn, o_np)
    # two outputs: positional and keyword tuple
    q_np, r_np = numpy.zeros((3, 4)), numpy.zeros((3, 4))
    q_tn, r_tn = tnp(q_np), tnp(r_np)
    res = torchnp.divmod(tnp(a), tnp(b), q_tn, r_tn)
    numpy.divmod(a, b, q_np, r_np)
    assert res[0] is q_tn and res[1] is r_tn
    assert_like_numpy((q_tn, r_tn), (q_np, r_np))
    f_tn, i_tn = tnp(numpy.zeros(12)), tnp(numpy.zeros(12))
    torchnp.modf(tnp(a.ravel()), out=(f_tn, i_tn))
    assert_like_numpy((f_tn, i_tn), numpy.modf(a.ravel()))
    # out into a wider dtype (same_kind allows float32 -> float64); into int it is NumPy's casting error
    o32 = numpy.zeros(4, numpy.float64)
    o32_tn = tnp(o32)
    torchnp.sin(tnp(b.astype(numpy.float32)), out=o32_tn)
    assert_like_numpy(o32_tn, numpy.sin(b.astype(numpy.float32), out=o32), *_tol(["float32"]))
    with pytest.raises(numpy._core._exceptions._UFuncOutputCastingError):
        numpy.sin(b, out=numpy.zeros(4, numpy.int64))
    with pytest.raises(numpy._core._exceptions._UFuncOutputCastingError, match="Cannot cast ufunc 'sin' output"):
        torchnp.sin(tnp(b), out=tnp(numpy.zeros(4, numpy.int64)))
    with pytest.raises(ValueError):
        torchnp.add(tnp(a), tnp(b), out=tnp(numpy.zeros(4)))
    with pytest.raises(TypeError):
        torchnp.add(tnp(a), tnp(b), tnp(numpy.zeros((3, 4))), out=tnp(numpy.zeros((3, 4))))


@given(data=st.data())
def test_where_with_out(data):
    """where= writes only where True; the rest of out= keeps its values."""
    shape = data.draw(hnp.array_shapes(max_dims=2, max_side=5))
    a = data.draw(hnp.arrays(numpy.float64, shape, elements=st.floats(-10, 10)))
    b = data.draw(hnp.arrays(numpy.float64, shape[-1:], elements=st.floats(-10, 10)))
    mask = data.draw(hnp.arrays(numpy.bool_, shape[-1:]))
    name = data.draw(st.sampled_from(["add", "multiply", "maximum", "arctan2", "divmod"]))
    if name == "divmod":
        b = numpy.where(b == 0, 1.5, b)
        o_np = (numpy.full(shape, 7.0), numpy.full(shape, -7.0))
        o_tn = tuple(tnp(o) for o in o_np)
    else:
        o_np = numpy.full(shape, 7.0)
        o_tn = tnp(o_np)
    getattr(numpy, name)(a, b, out=o_np, where=mask)
    getattr(torchnp, name)(tnp(a), tnp(b), out=o_tn, where=tnp(mask))
    assert_like_numpy(o_tn, o_np)
    u_np = numpy.full(shape, 7.0)
    u_tn = tnp(u_np)
    numpy.negative(a, out=u_np, where=mask.tolist())
    torchnp.negative(tnp(a), out=u_tn, where=mask.tolist())
    assert_like_numpy(u_tn, u_np)


@pytest.mark.parametrize("kw", [
    {"dtype": numpy.float32}, {"dtype": "float64"}, {"dtype": numpy.int64}, {"dtype": numpy.int8},
    {"casting": "no"}, {"casting": "equiv"}, {"casting": "safe"}, {"casting": "unsafe"},
    {"dtype": numpy.int8, "casting": "unsafe"}, {"dtype": numpy.float16, "casting": "same_kind"},
    {"signature": (None, None, numpy.float64)}, {"signature": "dd->d"}, {"signature": "ii->i"},
    {"signature": ("f", "f", "f")}, {"signature": "ll->l", "casting": "unsafe"},
    {"dtype": "float64", "signature": "dd->d"},
    # a host-only dtype is host data (§2.5): NumPy's TypeError on the host, beside arrays on an
    # accelerator DeviceMismatchError by design (§3.3; the first GPU run's 36 failures of this test)
    pytest.param({"dtype": "U5"}, marks=pytest.mark.host_data, id="dtype=U5"),
])
@pytest.mark.parametrize("pair", [("int16", "int16"), ("int8", "float32"), ("float64", "float64"),
                                  ("uint8", "int8"), ("bool", "bool"), ("complex64", "float64")])
@pytest.mark.parametrize("name", ["add", "multiply", "arctan2", "bitwise_and", "maximum", "true_divide"])
def test_dtype_casting_signature(name, pair, kw):
    """dtype=, casting=, signature= select NumPy's loop, or raise NumPy's exception type."""
    a = numpy.array([[1, 2, 3], [4, 5, 6]]).astype(pair[0])
    b = numpy.array([3, 1, 2]).astype(pair[1])
    _kw_compare(name, [a, b], kw)


def _kw_compare(name, args, kw):
    try:
        with numpy.errstate(all="ignore"):
            expected = getattr(numpy, name)(*args, **kw)
    except Exception as exc:  # noqa: BLE001
        with pytest.raises(type(exc)):
            getattr(torchnp, name)(*[tnp(a) for a in args], **kw)
        return
    actual = getattr(torchnp, name)(*[tnp(a) for a in args], **kw)
    outs = expected if isinstance(expected, tuple) else (expected,)
    assert_like_numpy(actual, expected, *_tol([a.dtype for a in args] + [o.dtype for o in outs]))


@pytest.mark.parametrize("kw", [{"order": "C"}, {"order": "k"}, {"order": None}, {"order": "Q"}, {"order": 1},
                                {"subok": True}, {"axis": 0}, {"foo": 1}, {"where": True, "order": "A"}])
@pytest.mark.parametrize("name", ["add", "sin", "divmod", "clip"])
def test_call_keywords_are_numpys(name, kw):
    """§5.2: the keywords a ufunc call takes, and NumPy's error for others (TypeError naming the
    keyword; ValueError / TypeError for a bad ``order``)."""
    args = {"add": 2, "sin": 1, "divmod": 2, "clip": 3}[name]
    try:
        with numpy.errstate(all="ignore"):
            getattr(numpy, name)(*[numpy.arange(3.0)] * args, **kw)
    except Exception as exc:  # noqa: BLE001
        with pytest.raises(type(exc), match=re.escape(str(exc))):
            getattr(torchnp, name)(*[torchnp.arange(3.0, device=DEVICE)] * args, **kw)
        return
    _kw_compare(name, [numpy.arange(3.0)] * args, kw)


@pytest.mark.parametrize("name", ["add", "sin", "divmod", "maximum", "isnan", "ldexp"])
def test_call_signature_is_numpys(name):  # §5.2: introspection sees NumPy's signature
    import inspect

    assert inspect.signature(getattr(torchnp, name)) == inspect.signature(getattr(numpy, name))


@pytest.mark.parametrize("kw", [{"dtype": numpy.float32}, {"casting": "no"}, {"dtype": numpy.int8},
                                {"signature": "f->f"}, {"dtype": numpy.complex64}])
@pytest.mark.parametrize("dtype", ["int8", "float64", "float32", "bool"])
@pytest.mark.parametrize("name", ["sin", "negative", "sqrt", "invert", "isnan", "modf"])
def test_unary_dtype_casting(name, dtype, kw):
    _kw_compare(name, [numpy.array([0, 1, 2, 3]).astype(dtype)], kw)


def test_no_loop_raises_numpy_exception_type():
    """§5.1: a dtype without a loop raises NumPy's UFuncTypeError (a TypeError) naming the ufunc."""
    cases = [("bitwise_and", ["float64", "float64"]), ("negative", ["bool"]), ("gcd", ["float32", "int8"]),
             ("invert", ["complex64"]), ("left_shift", ["float16", "int8"]), ("positive", ["bool"]),
             ("floor", ["complex128"]), ("isnan", ["bool"])]
    for name, dts in cases:
        args = [numpy.ones(2, dt) for dt in dts]
        try:
            getattr(numpy, name)(*args)
        except TypeError as exc:
            with pytest.raises(type(exc), match=name):
                getattr(torchnp, name)(*[tnp(a) for a in args])
        else:
            assert_like_numpy(getattr(torchnp, name)(*[tnp(a) for a in args]), getattr(numpy, name)(*args))
    assert issubclass(torchnp._ufuncs.UFuncTypeError, numpy._core._exceptions.UFuncTypeError)


def test_broadcast_error_is_numpys():
    """Shape mismatch: ValueError 'operands could not be broadcast together with shapes ...'."""
    a, b = numpy.ones((2, 3)), numpy.ones(4)
    with pytest.raises(ValueError) as np_exc:
        numpy.add(a, b)
    for f in (torchnp.add, torchnp.arctan2, torchnp.maximum, torchnp.divmod, torchnp.left_shift):
        with pytest.raises(ValueError, match="operands could not be broadcast together with shapes"):
            f(tnp(a.astype(numpy.int64)), tnp(b.astype(numpy.int64)))
    with pytest.raises(ValueError) as tn_exc:
        torchnp.add(tnp(a), tnp(b))
    assert str(tn_exc.value) == str(np_exc.value)
    with pytest.raises(ValueError):
        tnp(a) + tnp(b)
    mask = numpy.array([True, False, True, True])
    with pytest.raises(ValueError):
        numpy.add(a, a, out=numpy.zeros((2, 3)), where=mask)
    with pytest.raises(ValueError, match="could not be broadcast"):
        torchnp.add(tnp(a), tnp(a), out=tnp(numpy.zeros((2, 3))), where=tnp(mask))


def test_bad_operands():
    """§3.3: numpy.ndarray operands are host data (a mismatch beside a device); wrong arity is TypeError."""
    assert_like_numpy(torchnp.add(torchnp.ones(1, device="cpu"), numpy.ones(1)), numpy.full(1, 2.0), device="cpu")
    with pytest.raises(torchnp.DeviceMismatchError, match="to_device"):
        torchnp.add(torchnp.ones(1, device="meta"), numpy.ones(1))
    with pytest.raises(TypeError):
        torchnp.add(tnp([1.0]))
    with pytest.raises(TypeError):
        torchnp.sin(tnp([1.0]), tnp([1.0]), tnp([1.0]))
    with pytest.raises(TypeError):
        torchnp.add(tnp([1.0]), "a")
    # host-only operands NumPy has no loop for raise NumPy's exception on a device too (§2.5; the
    # H200's DeviceMismatchError); a loop NumPy has stays a DeviceMismatchError (§3.3)
    for other in ("a", numpy.array(["a", "b"])):
        expected = raised(numpy.add, numpy.ones(1), other)
        got = raised(torchnp.add, torchnp.ones(1, device="meta"), other)
        assert type(got) is type(expected) and str(got) == str(expected), (got, expected)
    with pytest.raises(torchnp.DeviceMismatchError, match="host-only"):
        torchnp.add(torchnp.ones(1, device="meta"), numpy.array([1.0], dtype=object))
    with pytest.raises(OverflowError):
        numpy.add(numpy.ones(2, numpy.int8), 300)
    with pytest.raises(OverflowError):
        torchnp.add(tnp(numpy.ones(2, numpy.int8)), 300)


def test_operators_are_the_ufuncs():
    """`x + y` and np.add(x, y) are one path (§7); reflected and in-place operators as NumPy."""
    a = numpy.array([[1, -2, 3], [4, 5, -6]], dtype=numpy.int32)
    b = numpy.array([2, 3, 4], dtype=numpy.int16)
    ops = [operator.add, operator.sub, operator.mul, operator.truediv, operator.floordiv, operator.mod,
           operator.pow, operator.and_, operator.or_, operator.xor, operator.lshift, operator.rshift,
           operator.eq, operator.ne, operator.lt, operator.le, operator.gt, operator.ge, divmod]
    for op in ops:
        assert_like_numpy(op(tnp(a), tnp(b)), op(a, b), err_msg=str(op))
        assert_like_numpy(op(3, tnp(b)), op(3, b), err_msg=str(op))
        assert_like_numpy(op(tnp(a), 2), op(a, 2), err_msg=str(op))
    for op in (operator.neg, operator.pos, operator.abs, operator.invert):
        assert_like_numpy(op(tnp(a)), op(a))
    for op in (operator.iadd, operator.imul, operator.ifloordiv, operator.ilshift):
        x_np, x_tn = a.copy(), tnp(a)
        r = op(x_tn, tnp(b))
        assert r is x_tn
        assert_like_numpy(x_tn, op(x_np, b))
    x_tn = tnp(a)
    with pytest.raises(numpy._core._exceptions._UFuncOutputCastingError):
        x_tn += 1.5  # NumPy: float64 result cannot be written into int32 with same_kind


def test_errstate_and_seterr_are_accepted():
    """Floating-point error handling is NumPy's own state; torch's kernels never raise on fp errors
    (documented), NumPy's loops on tiny host arrays do as NumPy does (_array.TINY_HOST)."""
    from torchnp._array import TINY_HOST

    old = torchnp.geterr()
    assert old == numpy.geterr()
    n = TINY_HOST + 1
    with torchnp.errstate(divide="raise", invalid="ignore"):
        assert torchnp.geterr()["divide"] == "raise"
        r = torchnp.divide(tnp(numpy.ones(n)), tnp(numpy.zeros(n)))  # torch's kernel: no FloatingPointError
        with pytest.raises(FloatingPointError) as expected:
            numpy.divide(numpy.ones(1), numpy.zeros(1))
        if not accelerator_rules():  # host data (§3.3): NumPy's loop on tiny arrays
            with pytest.raises(FloatingPointError, match=str(expected.value)):
                torchnp.divide(torchnp.asarray(numpy.ones(1)), torchnp.asarray(numpy.zeros(1)))
    assert_like_numpy(r, numpy.full(n, numpy.inf))
    prev = torchnp.seterr(all="ignore")
    assert prev == old
    torchnp.seterr(**old)
    assert torchnp.geterrcall() is None or callable(torchnp.geterrcall())
    torchnp.seterrcall(None)
    assert torchnp.errstate is numpy.errstate


def test_device_of_results():
    """§3.1: results stay on the operands' device; scalars join the array's device."""
    x = tnp(numpy.arange(4.0))
    for r in (torchnp.add(x, 1), torchnp.add(2.0, x), torchnp.sin(x), torchnp.divmod(x, 3)[1],
              torchnp.add([1.0, 2.0, 3.0, 4.0], x)):
        assert r.device == x.device
    assert str(torchnp.add(1, 2).device) == str(torchnp.get_default_device())


# ---------------------------------------------------------------- clip
@given(data=st.data())
def test_clip_matches_numpy(data):
    """numpy.clip(a, a_min, a_max, out=None, *, min=, max=): arrays or scalars as bounds, None, broadcasting."""
    dt = data.draw(st.sampled_from([numpy.dtype(d) for d in ("int8", "int32", "int64", "uint8", "float32",
                                                              "float64", "float16", "bool")]))
    shape = data.draw(hnp.array_shapes(min_dims=0, max_dims=2, max_side=4))
    a = data.draw(hnp.arrays(dt, shape, elements=_elements(dt, "clip")))
    lo = data.draw(st.one_of(st.none(), st.integers(-5, 5), st.floats(-5, 5),
                             hnp.arrays(dt, shape[-1:], elements=_elements(dt, "clip"))))
    hi = data.draw(st.one_of(st.none(), st.integers(0, 9), st.floats(0, 9)))
    kw_form = data.draw(st.booleans())
    np_args = ((a,), {"min": lo, "max": hi}) if kw_form else ((a, lo, hi), {})
    tn_args = ((tnp(a),), {"min": tnp(lo) if isinstance(lo, numpy.ndarray) else lo, "max": hi}) if kw_form else \
        ((tnp(a), tnp(lo) if isinstance(lo, numpy.ndarray) else lo, hi), {})
    try:
        with numpy.errstate(all="ignore"):
            expected = numpy.clip(*np_args[0], **np_args[1])
    except Exception as exc:  # noqa: BLE001
        with pytest.raises(type(exc)):
            torchnp.clip(*tn_args[0], **tn_args[1])
        return
    assert_like_numpy(torchnp.clip(*tn_args[0], **tn_args[1]), expected, *_tol([dt]))


def test_clip_out_nan_and_errors():
    a = numpy.array([-2.0, numpy.nan, 0.5, 3.0])
    o_np, o_tn = numpy.zeros(4), tnp(numpy.zeros(4))
    numpy.clip(a, 0, 1, out=o_np)
    assert torchnp.clip(tnp(a), 0, 1, out=o_tn) is o_tn
    assert_like_numpy(o_tn, o_np)
    assert_like_numpy(torchnp.clip(tnp(a), tnp(numpy.array([0.0, 0, 1, 2])), 1.0),
                      numpy.clip(a, numpy.array([0.0, 0, 1, 2]), 1.0))
    assert_like_numpy(torchnp.clip(tnp(a), 2, 1), numpy.clip(a, 2, 1))  # min > max: max wins as NumPy
    with pytest.raises(ValueError):
        numpy.clip(a, 0, 1, min=0)
    with pytest.raises(ValueError, match="forbidden"):
        torchnp.clip(tnp(a), 0, 1, min=0)
    with pytest.raises(TypeError):
        numpy.clip(a, 0)
    with pytest.raises(TypeError):
        torchnp.clip(tnp(a), 0)
    assert_like_numpy(torchnp.clip(tnp(a)), numpy.clip(a))
    assert_like_numpy(tnp(a).clip(0, 1), a.clip(0, 1))


def test_fast_path_results_are_fresh_arrays():
    """The fast path returns new arrays (never aliases an input) and keeps the tensor type exact."""
    x = tnp(numpy.array([True, False]))
    y = torchnp.absolute(x)
    y[0] = False
    assert bool(x[0])
    assert type(torchnp.sin(tnp([1.0]))._t) is torch.Tensor
    assert DEVICE


def test_no_torch_kernel_is_a_clear_type_error():
    """§2.5: a dtype torch supports only partly raises TypeError naming ufunc, dtype and device
    on an accelerator; host data runs NumPy's own loop (§3.3): NumPy's answer."""
    from torchnp._array import TINY_HOST

    values = numpy.arange(5, 5 + 2 * (TINY_HOST + 1), 2, dtype=numpy.uint64)
    a = torchnp.asarray(values, device=DEVICE if DEVICE != "cpu" else "meta")
    with pytest.raises(TypeError, match=r"gcd.*uint64.*device"):
        torchnp.gcd(a, a)
    a = torchnp.asarray(values, device=DEVICE)
    assert_like_numpy(torchnp.add(a, a), values + values)  # wrapping ops do run
    host = numpy.array([5, 7], dtype=numpy.uint64)  # host data: NumPy's own loop (§3.3)
    if accelerator_rules() and not ON_ACCELERATOR:  # the CPU stands in for an accelerator: torch's kernels only
        with pytest.raises(TypeError, match=r"gcd.*uint64.*device"):
            torchnp.gcd(torchnp.asarray(host), 21)
        return
    # host arrays (explicitly: on a GPU the default device is not the host) run NumPy's loop
    assert_like_numpy(torchnp.gcd(torchnp.asarray(host, device="cpu"), 21), numpy.gcd(host, 21), device="cpu")
    assert_like_numpy(torchnp.gcd(torchnp.asarray(values, device="cpu"), 21), numpy.gcd(values, 21), device="cpu")


def test_resolve_dtypes_is_numpys():
    f8 = numpy.dtype("f8")
    assert torchnp.add.resolve_dtypes((f8, int, None)) == numpy.add.resolve_dtypes((f8, int, None))


def test_uint64_loops_on_int64_bits():
    """uint64 has no torch kernels for these: computed on the int64 view of the bits (§2.5, issue 6)."""
    from support import check

    big = numpy.array([0, 1, 7, 2**63 - 1, 2**63, 2**63 + 5, 2**64 - 1], dtype=numpy.uint64)
    a, b = numpy.meshgrid(big, big)
    a, b = a.ravel(), b.ravel()
    for name in ("less", "less_equal", "greater", "greater_equal", "equal", "not_equal", "maximum", "minimum",
                 "floor_divide", "remainder", "fmod", "right_shift", "power", "fmax", "fmin",
                 "logical_and", "logical_or", "logical_xor"):
        y = b % numpy.uint64(70) if name == "right_shift" else b
        check(name, a, y)
    for name in ("absolute", "sign", "logical_not"):
        check(name, big)
    check("divmod", a, b)
    check("clip", big, numpy.uint64(3), numpy.uint64(2**63 + 1))
    signed = numpy.array([-1, 0, 5, 2**63 - 1], dtype=numpy.int64)
    for name in ("less", "greater_equal", "equal", "not_equal"):  # NumPy's exact mixed uint64/int64 loops
        check(name, big[:4], signed)
        check(name, signed, big[-4:])



# §5.1 clip on complex arrays: NumPy's lexicographic complex order, NaN propagating (issue 16)
def test_clip_complex():
    a = numpy.array([1 + 2j, 3 - 1j, 0j, complex(numpy.nan, 1), 2 + 5j, complex(1, numpy.nan)])
    check("clip", a, 1 + 1j, 2 + 0j)
    check("clip", a, numpy.full(6, 1 + 1j), 2 + 3j)
    check("clip", a, None, 1 + 0j)


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
@pytest.mark.parametrize("repeat", [1, 20])
def test_complex_reciprocal_is_numpys_loop(dtype, repeat):
    # Smith's division of 1 as NumPy's loop: reciprocal(8.55e-43+0j) in complex64 is inf-0j (torch's
    # conj(z)/|z|^2 underflowed to nan; seed 225495841), 0j gives nan+nanj; every bit and sign of zero
    inf, nan = numpy.inf, numpy.nan
    z = numpy.array([8.55e-43, 0j, complex(inf, 0), complex(0, inf), 3 + 4j, 1e30 + 1e30j, complex(nan, 1),
                     1e-20 + 3e-45j, 2e-45 + 1e-44j, complex(-0.0, -0.0), complex(inf, inf), complex(-inf, nan),
                     1e300 + 1e-300j, -2.5e-310 + 1j] * repeat, dtype=dtype)
    with numpy.errstate(all="ignore"):
        expected = numpy.reciprocal(z)
    got = host(torchnp.reciprocal(tnp(z)))
    for part in (numpy.real, numpy.imag):
        numpy.testing.assert_array_equal(part(got), part(expected))
        numpy.testing.assert_array_equal(numpy.signbit(part(got)), numpy.signbit(part(expected)))


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
def test_complex_log1p_with_a_subnormal_part(dtype):
    # torch's complex log1p is nan beside a subnormal part (log1p(8.55e-43+1e-310j)); NumPy's loop
    # (log of hypot(1 + x, y)) loses the small real parts, so mpmath is the oracle (a few ulps)
    import mpmath

    tiny = float(numpy.finfo(dtype).smallest_subnormal) * 7
    z = numpy.array([8.55e-43 + 1j * tiny, -1 + 1j * tiny, 0.5 - 1j * tiny, tiny + 0.5j, -tiny + 3e-10j, 1e3 + 1j * tiny,
                     -2 + 1j * tiny, 1e-20 + 1j * tiny, complex(tiny, -tiny)] * 8, dtype=dtype)
    got = host(torchnp.log1p(tnp(z)))
    with mpmath.workdps(40):
        exact = numpy.array([complex(mpmath.log1p(mpmath.mpc(float(v.real), float(v.imag)))) for v in z]).astype(dtype)
    numpy.testing.assert_allclose(got, exact, rtol=8 * numpy.finfo(dtype).eps, atol=0)


def test_clip_complex_ties_and_nan_bounds():
    # NumPy's loop takes the bound on ties (0j for -0j) and compares with macros that ignore NaN
    # (clip(2, nanj, 1j) is 1j); every combination, signs of zero included
    nan = numpy.nan
    values = numpy.array([complex(0, -0.0), complex(-0.0, 0), 0j, complex(nan, 0), complex(0, nan), 1j,
                          complex(-0.0, 1), -1j, 2 + 0j])
    x, lo, hi = (v.ravel() for v in numpy.meshgrid(values, values, values, indexing="ij"))
    with numpy.errstate(all="ignore"):
        expected = numpy.clip(x, lo, hi)
    got = host(torchnp.clip(tnp(x), tnp(lo), tnp(hi)))
    for part in (numpy.real, numpy.imag):
        numpy.testing.assert_array_equal(part(got), part(expected))
        numpy.testing.assert_array_equal(numpy.signbit(part(got)), numpy.signbit(part(expected)))


@given(arrays(COMPLEX, min_dims=1), st.complex_numbers(max_magnitude=100), st.complex_numbers(max_magnitude=100))
def test_clip_complex_values(a, lo, hi):
    check("clip", a, lo, hi)


@pytest.mark.parametrize("name", ["positive", "conj", "conjugate", "clip"])
@pytest.mark.parametrize("dtype", ["float64", "int64", "bool", "complex128"])
@pytest.mark.parametrize("n", [5, 500])
def test_identity_like_functions_return_new_arrays(name, dtype, n):
    """NumPy's positive/conj of real data/clip() give a new array (torch.positive and conj_physical
    return their input: a write to the result reached the input, issue 16)."""
    a = (numpy.arange(n) % 3).astype(dtype)
    x = tnp(a)
    fn = getattr(torchnp, name)
    try:
        expected = getattr(numpy, name)(a)
    except TypeError as exc:  # positive of bool: NumPy's UFuncTypeError
        with pytest.raises(type(exc)):
            fn(x)
        return
    r = fn(x)
    assert_like_numpy(r, expected)
    assert numpy.shares_memory(a, expected) is False
    r[...] = 1
    assert_like_numpy(x, a)


def _above_tiny(values):
    """``values`` repeated past the tiny host path (_array.TINY_HOST = 64), so torch's kernels (the
    hand-written ones of _ufuncs/_kernels.py) run, not NumPy's own loop."""
    from torchnp._array import TINY_HOST

    values = numpy.asarray(values)
    return numpy.resize(values, max(values.size, TINY_HOST + 1))


@pytest.mark.parametrize("dtype", ["int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"])
def test_bitwise_count_every_bit_pattern(dtype):
    """bitwise_count's SWAR popcount on every bit position and the dtype's extremes (found by
    mutation testing: shifting a partial sum the wrong way passed 40 drawn small values)."""
    info = numpy.iinfo(dtype)
    rng = numpy.random.default_rng(3)
    bits = [numpy.array(1, dtype).__lshift__(k) for k in range(info.bits)]  # one bit, every position
    runs = [numpy.array(info.max, dtype) >> k for k in range(info.bits)]  # k ones, every length
    a = numpy.concatenate([numpy.array(bits + runs, dtype), numpy.array([0, info.min, info.max], dtype),
                           rng.integers(info.min, info.max, 200, dtype=dtype, endpoint=True)])
    _compare("bitwise_count", [_above_tiny(a)], [tnp(_above_tiny(a))], [a.dtype])


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
def test_complex_sign_every_case(dtype):
    """NumPy's complex sign z/|z| on the kernel's path: zero, unit, finite, infinite and NaN parts."""
    inf, nan = numpy.inf, numpy.nan
    parts = [0.0, -0.0, 1.0, -1.0, 0.6, -0.8, 3.0, -4.0, 1e-30, 7e20, inf, -inf, nan]
    a = numpy.array([complex(r, i) for r in parts for i in parts], dtype)
    a = numpy.concatenate([a, numpy.array([0.6 + 0.8j, -0.6 - 0.8j, 1j, -1j], dtype)])
    _compare("sign", [_above_tiny(a)], [tnp(_above_tiny(a))], [a.dtype])


def test_uint64_loops_on_torch_path():
    """The uint64 loops torch lacks (_kernels.py's u64_*: int64 bits, exact): every operand range,
    operands of 2**63 and above, divisors of 2**63 and above, shifts of 64 and beyond, wrapping
    powers, mixed uint64/int64 comparisons and Python ints beyond int64, above the tiny host path."""
    rng = numpy.random.default_rng(7)
    top = numpy.uint64(2**63)
    special = numpy.array([0, 1, 2, 3, 7, 2**32, 2**63 - 1, 2**63, 2**63 + 1, 2**64 - 2, 2**64 - 1],
                          numpy.uint64)
    big = rng.integers(0, 2**64 - 1, 60, dtype=numpy.uint64, endpoint=True)
    small = rng.integers(0, 40, 60, dtype=numpy.uint64)
    a = numpy.concatenate([special, big, small, big | top])
    b = numpy.concatenate([special[::-1], small, big, big >> numpy.uint64(3)])
    u = [numpy.dtype(numpy.uint64)] * 2
    for name in ("floor_divide", "remainder", "fmod", "divmod", "equal", "not_equal", "less", "less_equal",
                 "greater", "greater_equal", "maximum", "minimum", "fmax", "fmin", "logical_and",
                 "logical_or", "logical_xor"):
        _compare(name, [a, b], [tnp(a), tnp(b)], u)
        _compare(name, [b, a], [tnp(b), tnp(a)], u)
    shifts = numpy.arange(a.size, dtype=numpy.uint64) % numpy.uint64(70)
    _compare("right_shift", [a, shifts], [tnp(a), tnp(shifts)], u)
    exps = numpy.arange(a.size, dtype=numpy.uint64) % numpy.uint64(67)
    bases = numpy.resize(numpy.array([0, 1, 2, 3, 5, 2**32 + 1, 2**63 + 3, 2**64 - 1], numpy.uint64), a.size)
    _compare("power", [bases, exps], [tnp(bases), tnp(exps)], u)
    _compare("power", [a, numpy.uint64(3)], [tnp(a), numpy.uint64(3)], u)
    for name in ("logical_not", "sign", "absolute"):
        _compare(name, [a], [tnp(a)], u[:1])
    signed = numpy.resize(numpy.array([-1, 0, 5, -2**63, 2**63 - 1, -7], numpy.int64), a.size)
    for name in ("equal", "less", "less_equal", "greater", "greater_equal"):
        _compare(name, [a, signed], [tnp(a), tnp(signed)], [a.dtype, signed.dtype])
        _compare(name, [signed, a], [tnp(signed), tnp(a)], [signed.dtype, a.dtype])
        for scalar in (2**63, 2**64 - 1, 2**63 - 1, 0):  # Python ints: weak, beyond int64 too (NEP 50)
            _compare(name, [a, scalar], [tnp(a), scalar], [a.dtype])
            _compare(name, [scalar, a], [scalar, tnp(a)], [a.dtype])
    for scalar in (2**63 + 5, 2**64 - 1, 3):
        _compare("floor_divide", [a, scalar], [tnp(a), scalar], [a.dtype])
        _compare("remainder", [scalar, a], [scalar, tnp(a)], [a.dtype])


@pytest.mark.parametrize("dtype, exponent", [("float32", 1.3), ("float32", 0.1), ("float16", 1.1),
                                             ("float16", 2.7)])
def test_float_power_rounds_a_python_exponent(dtype, exponent):
    """power(float16/32 array, Python float) takes the exponent rounded to the array's dtype (NEP 50
    weak scalar), as NumPy; torch would keep it in double precision. The rounding moves the result
    by up to ~45 ulps on large bases, so this check allows 2 ulps (NumPy and torch's pow loops)."""
    info = numpy.finfo(dtype)
    a = _above_tiny(numpy.array([2.0 ** k for k in range(1, int(numpy.log2(info.max) / 3))] + [0.5, 3.0, 1e3],
                                dtype))
    with numpy.errstate(all="ignore"):
        expected = numpy.power(a, exponent)
    assert_like_numpy(torchnp.power(tnp(a), exponent), expected, rtol=2 * float(info.eps), atol=0)


def test_uint64_kernels_themselves():
    """The u64_* kernels called on torch tensors, against NumPy: a kernel that breaks on the
    dispatcher's probe would be replaced by the host fallback on CPU and hide (found by mutation
    testing: a true division in u64_power passed every ufunc test)."""
    from torchnp._ufuncs import _kernels

    rng = numpy.random.default_rng(11)
    a = numpy.concatenate([numpy.array([0, 1, 2, 2**63 - 1, 2**63, 2**64 - 1], numpy.uint64),
                           rng.integers(0, 2**64 - 1, 30, dtype=numpy.uint64, endpoint=True)])
    b = numpy.resize(numpy.array([1, 2, 3, 5, 2**63, 2**63 + 7, 2**64 - 1, 64, 70, 0], numpy.uint64), a.size)
    e = numpy.arange(a.size, dtype=numpy.uint64) % numpy.uint64(66)
    t = lambda x: torch.from_numpy(x)  # noqa: E731 - CPU tensors, the kernels' own input

    def same(actual, expected):
        numpy.testing.assert_array_equal(actual.numpy(), expected)
        assert actual.numpy().dtype == expected.dtype

    with numpy.errstate(all="ignore"):
        q, r = _kernels.u64_divmod(t(a), t(b))
        same(q, numpy.floor_divide(a, b))
        same(r, numpy.remainder(a, b))
        same(_kernels.u64_floor_divide(t(a), t(b)), numpy.floor_divide(a, b))
        same(_kernels.u64_remainder(t(a), t(b)), numpy.remainder(a, b))
        same(_kernels.u64_right_shift(t(a), t(e)), numpy.right_shift(a, e))
        same(_kernels.u64_power(t(a), t(e)), numpy.power(a, e))
        same(_kernels.u64_power(t(b), 3), numpy.power(b, numpy.uint64(3)))
        same(_kernels.u64_extremum(torch.gt)(t(a), t(b)), numpy.maximum(a, b))
        same(_kernels.u64_extremum(torch.lt)(t(a), t(b)), numpy.minimum(a, b))
        same(_kernels.u64_sign(t(a)), numpy.sign(a))
        for op, ref in ((torch.lt, numpy.less), (torch.ge, numpy.greater_equal), (torch.eq, numpy.equal)):
            same(_kernels.u64_compare(op)(t(a), t(b)), ref(a, b))
            same(_kernels.u64_compare(op)(t(a), 2**63), ref(a, 2**63))
        same(_kernels.u64_logical(torch.logical_xor)(t(a), t(b)), numpy.logical_xor(a, b))
        s = numpy.resize(numpy.array([-1, -(2**63), 0, 5, 2**63 - 1, -7], numpy.int64), a.size)
        for op, ref in ((torch.lt, numpy.less), (torch.ge, numpy.greater_equal), (torch.ne, numpy.not_equal)):
            same(_kernels.u64_compare(op)(t(s), t(a)), ref(s, a))  # a negative int64 is below every uint64
            same(_kernels.u64_compare(op)(t(a), t(s)), ref(a, s))
            for inf in (numpy.inf, -numpy.inf):  # a Python int beyond uint64 compares as a float (NEP 50)
                same(_kernels.u64_compare(op)(t(a), inf), ref(a, inf))
                same(_kernels.u64_compare(op)(inf, t(a)), ref(inf, a))


@pytest.mark.parametrize("dtype", ["float16", "float32"])
def test_float_power_of_big_python_ints(dtype):
    """A Python int exponent (or base) of a float16/32 power is NumPy's weak scalar: rounded to the
    array's dtype first (16777217 is 2**24 in float32, so a negative base gives a positive power),
    inf beyond its range, NumPy's OverflowError beyond float64; torch took the int as it was (the
    odd exponent's sign) or raised its own errors beyond int64 or float16 (found by mutation
    testing). 120 elements, past the tiny host path."""
    x = numpy.tile(numpy.array([0.99999994, 1.0000001, 0.5, -1.0000001, 3.0, -2.0, 0.0, -0.75], dtype), 15)
    eps = float(numpy.finfo(dtype).eps)
    with numpy.errstate(all="ignore"):
        for b in (16777217, -16777217, 2049, 2**200, -(2**200), 2**1100, True):
            check("power", x, b, compare=Compare(rtol=4 * eps, atol=0))
        for base in (16777217, -16777217, 2**200, 2**1100):
            check("power", base, x[:40].astype(dtype) * 2, compare=Compare(rtol=4 * eps, atol=0))


def test_uint64_compared_with_python_ints_beyond_it():
    """A Python int beyond uint64 on either side of a comparison with uint64 data: NumPy's answer
    (the int as a float, NEP 50); with the int on the left torchnp raised torch's TypeError (found
    by mutation testing). 100 elements, past the tiny host path."""
    a = numpy.arange(100, dtype=numpy.uint64) * numpy.uint64(2**57)
    for name in ("less", "less_equal", "greater", "greater_equal", "equal", "not_equal"):
        for v in (2**70, -(2**70)):
            check(name, v, a)
            check(name, a, v)


def test_complex_power_of_underflowing_powers():
    """A negative integer power of a complex number whose positive power underflows to 0: NumPy's
    1/(0+0j), inf+nanj (Smith's reciprocal at a zero, ``_smith_reciprocal``; found by mutation
    testing), and a power that overflows: nan+nanj. 120 elements, past the tiny host path."""
    a = numpy.tile(numpy.array([1e-200 + 0j, 1e-170 + 1e-170j, 1e200 + 0j, -1e-180 + 0j, 2 + 1j, 1e-160j]), 20)
    for n in (-2, -3, -1):
        with numpy.errstate(all="ignore"):
            want = numpy.power(a, complex(n))
        got = torchnp.power(tnp(a), complex(n)).to_numpy()
        for part in ("real", "imag"):  # part by part: a complex NaN test would take inf+nanj for nan+nanj
            numpy.testing.assert_allclose(getattr(got, part), getattr(want, part),
                                          rtol=4 * float(numpy.finfo(float).eps), atol=0)


def test_cbrt_float64_within_an_ulp_of_numpy():
    """float64 cbrt on torch's path (pow then one Newton step, ``_kernels.cbrt``; 1000 elements, past
    the tiny host path, and the kernel itself) is within 1 ulp of NumPy's correctly rounded cbrt,
    from subnormals to 1e300 (pow alone is ~100 ulps off; a wrong Newton step ~30; found by mutation
    testing: the suite's relative tolerance let a 4 in place of the step's 3 through)."""
    from torchnp._ufuncs import _kernels

    rng = numpy.random.default_rng(5)
    x = rng.standard_normal(1000) * 10.0 ** rng.integers(-300, 300, 1000)
    x[:4] = [5e-324, -2.5e-310, 8.0, -27.0]
    want = numpy.cbrt(x).view(numpy.int64)
    for got in (torchnp.cbrt(tnp(x)).to_numpy(), _kernels.cbrt(torch.from_numpy(x)).numpy()):
        assert got.dtype == numpy.float64
        assert int(numpy.abs(got.view(numpy.int64) - want).max()) <= 1


def test_complex_extremum_kernels_themselves():
    """maximum/minimum (NaN propagates) and fmax/fmin (NaN ignored) of complex data: the kernels
    called on torch tensors, against NumPy (a kernel that breaks on the dispatcher's probe falls back
    to the host on the CPU and hides; found by mutation testing), and the ufuncs past the tiny path."""
    from torchnp._ufuncs import _kernels

    nan = numpy.nan
    a = numpy.array([1 + 1j, 1 + 2j, 2 + 0j, complex(nan, 0), 3 + 1j, complex(0, nan), complex(nan, nan), -1j, 0j])
    b = numpy.array([1 + 2j, 1 + 1j, 1 + 5j, 1 + 0j, complex(nan, 1), complex(nan, 0), 2 + 2j, -1j, -0j])
    a, b = numpy.tile(a, 10), numpy.tile(b, 10)
    rows = [(True, True, numpy.maximum), (False, True, numpy.minimum), (True, False, numpy.fmax),
            (False, False, numpy.fmin)]
    for greater, nan_from_a, ref in rows:
        for x, y in ((a, b), (b, a)):
            want = ref(x, y)
            got = _kernels.complex_extremum(greater, nan_from_a)(torch.from_numpy(x), torch.from_numpy(y))
            numpy.testing.assert_array_equal(got.numpy(), want)
            assert_like_numpy(getattr(torchnp, ref.__name__)(tnp(x), tnp(y)), want, rtol=0, atol=0)


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
def test_complex_expm1_special_values(dtype):
    """Complex expm1 at infinities and NaNs is C99's ``cexp(z) - 1`` (NumPy's own exp minus one is
    the oracle; NumPy's expm1 gives NaN there, docs/differences.md), ``z`` itself at zeros, NumPy's
    expm1 elsewhere: 90 elements, past the tiny host path, so torch's kernel runs."""
    inf, nan = numpy.inf, numpy.nan
    z = numpy.array([complex(-inf, 0), complex(-inf, 1), complex(-inf, 3), complex(inf, 0), complex(nan, 0),
                     complex(nan, nan), complex(1, nan), complex(-inf, nan), complex(inf, nan),
                     complex(-inf, inf), complex(inf, inf), complex(0.5, inf), 0j, 1e-3 + 2e-3j, -0.5 + 1j],
                    dtype=dtype)
    z = numpy.tile(z, 6)
    finite = numpy.isfinite(z) & (z != 0)
    with numpy.errstate(all="ignore"):
        want = numpy.where(finite, numpy.expm1(z), numpy.where(z == 0, z, numpy.exp(z) - 1))
    got = torchnp.expm1(tnp(z)).to_numpy()
    assert got.dtype == want.dtype
    numpy.testing.assert_array_equal(got[~finite], want[~finite])
    eps = float(numpy.finfo(dtype).eps)
    numpy.testing.assert_allclose(got[finite], want[finite], rtol=4 * eps, atol=0)


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
def test_log1p_of_subnormals_on_torch_kernels(dtype):
    """log1p(x) rounds to x for subnormal x: exactly NumPy's. 100 elements, past the tiny-array
    path, so torch's kernel runs on the CPU too (its CPU log1p gives 0 at -5e-324; issue 24)."""
    fi = numpy.finfo(dtype)
    x = numpy.tile(numpy.array([fi.smallest_subnormal, -fi.smallest_subnormal, fi.tiny / 3, -fi.tiny / 3,
                                fi.tiny, -fi.tiny, 0.0, -0.0], dtype=dtype), 13)[:100]
    check("log1p", x, compare=Compare(rtol=0, atol=0))


@pytest.mark.parametrize("dtype", ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"])
def test_integer_reciprocal_kernel_is_numpys_without_a_float_cast(dtype):
    """reciprocal's integer loops run a kernel of comparisons (NumPy's 1 / x: x at 1 and -1, 0
    elsewhere, at 0 the x86 cast of inf), not torch's float reciprocal cast back: CUDA's cast of
    inf clamps (int8 0 gave -1 on the GPU run of 2026-11-28). The kernel on the CPU stands in."""
    from torchnp._ufuncs import _table

    kinds = _table.SPECIAL["reciprocal"]
    kernel = kinds.get(dtype, kinds.get(numpy.dtype(dtype).kind))
    assert kernel is not None
    info = numpy.iinfo(dtype)
    v = numpy.array([info.min, info.max, 0, 1, 2, 7] + ([-1, -2] if info.min else []), dtype=dtype)
    with numpy.errstate(all="ignore"):
        want = numpy.reciprocal(v)
    got = kernel(torch.from_numpy(v))
    numpy.testing.assert_array_equal(got.numpy(), want)
    assert got.numpy().dtype == want.dtype


def test_python_scalar_operands_become_tensors_on_the_arrays_device():
    """A Python scalar a torch kernel will not take (logical_and's ``other``) becomes a 0-d tensor on
    the operands' device, not the CPU's: CUDA's logical_and/or/xor refuse a CPU 0-d tensor beside a
    0-d device array (DeviceMismatchError on the GPU run of 2026-11-28). The meta device stands in."""
    from torchnp._ufuncs import _ufunc

    seen = []

    def fn(a, b):
        seen.append((a.device.type, b.device.type))
        return torch.logical_and(a, b)

    kernel = _ufunc._generic_kernel(fn, (None, ("scalar", torch.bool, False, False, torch.bool)), (None,), 1)
    kernel(torch.ones((), dtype=torch.bool, device="meta"), False)
    assert seen == [("meta", "meta")]
    assert_like_numpy(torchnp.logical_and(tnp(numpy.array(True)), False), numpy.logical_and(numpy.array(True), False))


def test_float16_weak_scalars_are_float16_under_cudas_kernels(monkeypatch):
    """A Python number beside float16 data is NumPy's weak float16 (NEP 50), rounded before torch's
    kernel: CUDA's add/sub/mul/div compute with its float32 value (``support.CudaHalfScalars``), so
    the H200's float16 ``unwrap([-1, 53])`` ended at -3.5 for NumPy's -3.5625 (54 + pi: 57.16 for
    NumPy's 57.12) (§2.3)."""
    from torchnp import _device
    from support import CudaHalfScalars

    monkeypatch.setattr(_device, "CPU_VALUE_CHECKS", False)
    x = numpy.array([54.0, 1.0, 1000.0, 3.0, -7.5, 0.001], numpy.float16)
    calls = [lambda m, v: v + math.pi, lambda m, v: m.add(v, 0.1), lambda m, v: v * 0.1, lambda m, v: v - 0.3,
             lambda m, v: v / 0.3, lambda m, v: 0.1 - v, lambda m, v: 0.3 / v, lambda m, v: m.subtract(v, -math.pi),
             lambda m, v: m.multiply(3, v)]
    with CudaHalfScalars():
        for i, call in enumerate(calls):
            assert_like_numpy(call(torchnp, torchnp.asarray(x, device="cpu")), call(numpy, x), rtol=0, atol=0,
                              device="cpu", err_msg=str(i))
        assert_like_numpy(torchnp.unwrap(torchnp.asarray(numpy.array([-1.0, 53.0], numpy.float16), device="cpu")),
                          numpy.unwrap(numpy.array([-1.0, 53.0], numpy.float16)), rtol=0, atol=0, device="cpu")
