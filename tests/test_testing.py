"""torchnp.testing (docs/design.md §5.1): NumPy's assertions on torchnp arrays from any device.

Each case runs ``numpy.testing.<name>`` on NumPy inputs and ``torchnp.testing.<name>``
on the same inputs as torchnp arrays on DEVICE (also mixed with NumPy arrays, scalars
and nested lists): both must pass, or both must fail with the same exception type
and the same message.
"""

import warnings

import numpy
import pytest
from hypothesis import given
from hypothesis import strategies as st

import torchnp as tnp
from support import DEVICE, arrays

T = tnp.testing


def _outcome(func, *args, **kwargs):
    try:
        func(*args, **kwargs)
    except Exception as exc:  # noqa: BLE001 - compared below
        return type(exc), str(exc)
    return None


def _t(a):
    return tnp.asarray(numpy.asarray(a), device=DEVICE)


def compare(name, a, b, *rest, convert=(True, True), **kwargs):
    """NumPy's outcome on (a, b) equals torchnp's on the converted inputs, message included."""
    expected = _outcome(getattr(numpy.testing, name), a, b, *rest, **kwargs)
    ta = _t(a) if convert[0] else a
    tb = _t(b) if convert[1] else b
    got = _outcome(getattr(T, name), ta, tb, *rest, **kwargs)
    assert got == expected
    return expected


X = numpy.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
CASES = [
    ("assert_allclose", X, X + 1e-9, {}), ("assert_allclose", X, X + 1e-3, {}),
    ("assert_allclose", X, X + 1e-3, {"rtol": 1e-2}), ("assert_allclose", X, X + 0.5, {"atol": 0.1, "err_msg": "hi"}),
    ("assert_allclose", numpy.array([numpy.nan, 1.0]), numpy.array([numpy.nan, 1.0]), {}),
    ("assert_allclose", numpy.array([numpy.nan, 1.0]), numpy.array([numpy.nan, 1.0]), {"equal_nan": False}),
    ("assert_allclose", X, X[:1], {}), ("assert_allclose", X, X.astype(numpy.float32), {"strict": True}),
    ("assert_array_equal", X, X.copy(), {}), ("assert_array_equal", X, X[::-1], {}),
    ("assert_array_equal", numpy.arange(4), numpy.arange(5), {}), ("assert_array_equal", numpy.arange(3), 1, {}),
    ("assert_array_equal", numpy.array([1 + 2j, 3]), numpy.array([1 + 2j, 3]), {}),
    ("assert_array_equal", numpy.array([True, False]), numpy.array([True, True]), {"verbose": False}),
    ("assert_array_almost_equal", X, X + 1e-7, {}), ("assert_array_almost_equal", X, X + 1e-3, {"decimal": 4}),
    ("assert_equal", X, X.copy(), {}), ("assert_equal", X, X + 1, {}), ("assert_equal", numpy.float64(2.0), 2.0, {}),
    ("assert_almost_equal", 1.0, 1.0 + 1e-8, {}), ("assert_almost_equal", X, X + 1e-5, {}),
    ("assert_array_less", X, X + 1, {}), ("assert_array_less", X, X, {}),
    ("assert_array_less", numpy.array([1.0, numpy.inf]), numpy.array([2.0, numpy.inf]), {}),
    ("assert_approx_equal", 1.0, 1.0 + 1e-9, {}), ("assert_approx_equal", 1.0, 1.001, {"significant": 4}),
    ("assert_array_max_ulp", numpy.float32([1.0, 2.0]), numpy.float32([1.0, 2.0]) + numpy.float32(1e-7), {}),
    ("assert_array_max_ulp", numpy.array([1.0, 2.0]), numpy.array([1.0, 2.1]), {"maxulp": 4}),
    ("assert_array_almost_equal_nulp", numpy.array([1.0, 2.0]), numpy.array([1.0, 2.0]), {}),
    ("assert_array_almost_equal_nulp", numpy.array([1.0, 2.0]), numpy.array([1.0, 2.1]), {}),
]


@pytest.mark.parametrize("name,a,b,kw", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_assertions_like_numpy(name, a, b, kw):  # §5.1
    compare(name, a, b, **kw)


@pytest.mark.parametrize("convert", [(True, False), (False, True)])
def test_mixed_with_numpy_arrays_scalars_and_lists(convert):  # §5.1
    compare("assert_allclose", X, X + 1e-3, convert=convert)
    compare("assert_array_equal", X, X, convert=convert)
    compare("assert_array_equal", X, X.tolist(), convert=(convert[0], False))
    compare("assert_equal", numpy.float64(3.0), 3.0, convert=convert)


def test_nested_containers():  # §5.1: torchnp arrays inside lists, tuples and dicts
    a, b = numpy.arange(3), numpy.arange(3) + 1
    for nested_np, nested_t in [
        ([a, b], [_t(a), _t(b)]),
        ((a, {"k": b}), (_t(a), {"k": _t(b)})),
        ({"x": [a, 1.5]}, {"x": [_t(a), 1.5]}),
    ]:
        assert _outcome(T.assert_equal, nested_t, nested_np) is None
        assert _outcome(T.assert_equal, nested_t, nested_np) == _outcome(numpy.testing.assert_equal, nested_np, nested_np)
    assert _outcome(T.assert_equal, [_t(a)], [b]) == _outcome(numpy.testing.assert_equal, [a], [b])


def test_keyword_arguments():  # §5.1
    assert _outcome(T.assert_allclose, actual=_t(X), desired=X + 1) == \
        _outcome(numpy.testing.assert_allclose, actual=X, desired=X + 1)
    assert _outcome(T.assert_array_equal, x=_t(X), y=X, err_msg="m") == \
        _outcome(numpy.testing.assert_array_equal, x=X, y=X, err_msg="m")


def test_meta_device_raises_type_error():  # §5.1
    m = tnp.empty(3, device="meta")
    with pytest.raises(TypeError, match="meta"):
        T.assert_allclose(m, numpy.zeros(3))
    with pytest.raises(TypeError, match="meta"):
        T.assert_equal([m], [numpy.zeros(3)])


def test_passthrough_helpers():  # §5.1
    with T.assert_raises(ValueError):
        raise ValueError("x")
    with T.assert_raises_regex(ValueError, "bad thing"):
        raise ValueError("a bad thing")
    T.assert_raises(ZeroDivisionError, lambda: 1 / 0)
    with pytest.raises(AssertionError):
        with T.assert_raises(ValueError):
            pass
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # numpy 2.4 deprecates assert_warns
        with T.assert_warns(UserWarning):
            warnings.warn("w", UserWarning)
    with T.assert_no_warnings():
        pass
    with pytest.raises(AssertionError):
        with T.assert_no_warnings():
            warnings.warn("w", UserWarning)
    T.assert_string_equal("abc", "abc")
    with pytest.raises(AssertionError):
        T.assert_string_equal("abc", "abd")
    assert T.assert_raises is numpy.testing.assert_raises


@given(arrays(max_side=4), st.booleans())
def test_hypothesis_array_equal_and_allclose(a, perturb):  # §5.1
    b = a.copy()
    if perturb and b.size:
        b.flat[0] = b.flat[0] + 1 if b.dtype.kind != "b" else not b.flat[0]
    with numpy.errstate(all="ignore"):
        compare("assert_array_equal", a, b)
        if a.dtype.kind in "fc":
            compare("assert_allclose", a, b, rtol=1e-3)
            compare("assert_array_almost_equal", a, b)


# §5.1 arrays inside namedtuples are compared, as numpy.testing does (torch_np suite, issue 16)
def test_namedtuple_of_arrays():
    import collections

    Pair = collections.namedtuple("Pair", "a b")
    x, y = numpy.arange(3.0), numpy.arange(2)
    tnp.testing.assert_equal(Pair(_t(x), _t(y)), Pair(x, y))
    with pytest.raises(AssertionError):
        numpy.testing.assert_equal(Pair(x + 1, y), Pair(x, y))
    with pytest.raises(AssertionError):
        tnp.testing.assert_equal(Pair(_t(x + 1), _t(y)), Pair(x, y))


@pytest.mark.parametrize("kind", ["unary", "binary"])
@pytest.mark.parametrize("dtype", ["float32", "int16", "complex128"])
def test_gen_alignment_data_like_numpy(kind, dtype):  # NumPy's scalar-math tests import it
    ours = list(tnp.testing._gen_alignment_data(dtype=numpy.dtype(dtype), type=kind, max_size=6))
    theirs = list(numpy.testing._gen_alignment_data(dtype=numpy.dtype(dtype), type=kind, max_size=6))
    assert len(ours) == len(theirs)
    for o, t in zip(ours, theirs):
        assert o[-1] == t[-1]
        for a, b in zip(o[:-1], t[:-1]):
            assert a.shape == b.shape and a.dtype == b.dtype
        for a, b in zip(o[1:-1], t[1:-1]):  # inputs (the output arrays are uninitialised)
            assert isinstance(a, tnp.ndarray)
            numpy.testing.assert_array_equal(a.to_numpy(), b)
        if kind == "binary" and "in place" in t[-1]:  # the same array object twice
            k = 1 if t[-1].endswith("in place1") else 2
            assert (o[0] is o[k]) == (t[0] is t[k])
