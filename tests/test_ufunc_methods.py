"""The ufunc methods reduce, accumulate, outer, at, reduceat (DESIGN.md §5.2): differential
tests against NumPy for the binary ufuncs of the table, over dtypes, shapes, axes and options.
"""

import os

import numpy
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from numpy.exceptions import AxisError

import torchnp
from torchnp._ufuncs._table import UFUNCS

from support import tolerance, SUPPORTED_DTYPES, assert_like_numpy, tnp

BINARY = sorted({getattr(numpy, n).__name__ for n in UFUNCS
                 if getattr(numpy, n).nin == 2 and getattr(numpy, n).nout == 1})
# NumPy 2.4 bug: float power/arctan2 reduce along the innermost axis computes x[0] op x[-1];
# the reference below therefore always reduces a non-innermost axis (NumPy's generic loop)
# per-ufunc example count (the table has ~100 rows); TORCHNP_UFUNC_EXAMPLES raises it for stress runs
_FEW = settings(max_examples=int(os.environ.get("TORCHNP_UFUNC_EXAMPLES", min(settings().max_examples, 12))))


def _tol(*dtypes):
    return tolerance(dtypes, 256)


def _elements(dt, name):
    if dt.kind == "f":
        return st.floats(-4, 4, width=dt.itemsize * 8)
    if dt.kind == "c":
        return st.complex_numbers(max_magnitude=3, width=dt.itemsize * 8)
    if dt.kind in "iu":
        return st.integers(max(numpy.iinfo(dt).min, -4), min(numpy.iinfo(dt).max, 6))
    return None


def _same(np_call, tn_call, *dtypes):
    """Run both; same result (values, dtype, shape) or the same exception type."""
    try:
        with numpy.errstate(all="ignore"):
            expected = np_call()
    except Exception as exc:  # noqa: BLE001 - compare exception types
        with pytest.raises(type(exc)):
            tn_call()
        return None
    actual = tn_call()
    out_dt = [numpy.asarray(expected).dtype]
    assert_like_numpy(actual, expected, *_tol(*dtypes, *out_dt))
    return actual


def _np_reduce(uf, x, axis, **kw):
    """NumPy's reduce with the reduced axis kept off the innermost position (see the note above)."""
    if isinstance(axis, int) and x.ndim:
        axis = axis % x.ndim
        if "where" in kw and kw["where"] is not True:
            kw["where"] = numpy.asarray(kw["where"])[..., None]
        out = uf.reduce(numpy.stack([x, x], axis=-1), axis=axis, **kw)
        return out[..., 0] if out.ndim > 1 else out[0]  # out[0]: NumPy's scalar, as reduce(x) gives
    return uf.reduce(x, axis=axis, **kw)


@pytest.mark.parametrize("name", [n for n in BINARY if n != "ldexp"])  # ldexp.reduce: known gap (report)
@_FEW
@given(data=st.data())
def test_reduce_matches_numpy(name, data):
    """reduce with axis int/tuple/None, keepdims, dtype, initial, where (§5.2)."""
    dt = data.draw(st.sampled_from(SUPPORTED_DTYPES))
    x = data.draw(hnp.arrays(dt, hnp.array_shapes(min_dims=1, max_dims=3, min_side=0, max_side=4),
                             elements=_elements(dt, name)))
    axis = data.draw(st.one_of(st.none(), st.integers(-x.ndim, x.ndim - 1),
                               st.lists(st.integers(0, x.ndim - 1), unique=True, max_size=x.ndim).map(tuple)))
    kw = {"keepdims": data.draw(st.booleans())}
    if data.draw(st.booleans()):
        kw["initial"] = data.draw(st.sampled_from([1, 2, 0, True]))
    if data.draw(st.integers(0, 3)) == 0:
        kw["where"] = data.draw(hnp.arrays(numpy.bool_, x.shape[-1:]))
    if data.draw(st.integers(0, 4)) == 0:
        kw["dtype"] = data.draw(st.sampled_from(["float64", "int64", "float32", "complex128"]))
    uf_np, uf_tn = getattr(numpy, name), getattr(torchnp, name)
    tkw = dict(kw)
    if "where" in tkw:
        tkw["where"] = tnp(tkw["where"])
    _same(lambda: _np_reduce(uf_np, x, axis, **kw), lambda: uf_tn.reduce(tnp(x), axis=axis, **tkw), dt)


@pytest.mark.parametrize("name", ["add", "multiply", "maximum", "minimum", "logical_and", "logical_or",
                                  "subtract", "divide", "bitwise_xor", "fmax", "logaddexp", "power"])
def test_reduce_special_values_and_defaults(name):
    """Default axis=0, NaN propagation (maximum vs fmax), out=, empty axes."""
    x = numpy.array([[1.0, numpy.nan, 3.0], [-2.0, 5.0, numpy.inf], [0.5, 2.0, -1.0]])
    uf_np, uf_tn = getattr(numpy, name), getattr(torchnp, name)
    _same(lambda: _np_reduce(uf_np, x, 0), lambda: uf_tn.reduce(tnp(x)), "float64")
    _same(lambda: uf_np.reduce(x, axis=()), lambda: uf_tn.reduce(tnp(x), axis=()), "float64")
    _same(lambda: uf_np.reduce(x[:, :0], axis=1), lambda: uf_tn.reduce(tnp(x)[:, :0], axis=1), "float64")
    _same(lambda: uf_np.reduce(x[:0], axis=0), lambda: uf_tn.reduce(tnp(x)[:0], axis=0), "float64")
    o_tn = tnp(numpy.zeros(3))
    try:
        with numpy.errstate(all="ignore"):
            expected = _np_reduce(uf_np, x, 1).astype(numpy.float64)
    except TypeError:
        return
    r = uf_tn.reduce(tnp(x), axis=1, out=o_tn)
    assert r is o_tn
    assert_like_numpy(o_tn, expected)


def test_reduce_errors():
    """Same exception types as NumPy for invalid reductions."""
    x = numpy.arange(6.0).reshape(2, 3)
    cases = [
        ("maximum", lambda m, a: m.maximum.reduce(a[:0], axis=0)),                      # empty, no identity
        ("subtract", lambda m, a: m.subtract.reduce(a, axis=(0, 1))),                   # not reorderable
        ("add", lambda m, a: m.add.reduce(a, axis=2)),                                  # AxisError
        ("add", lambda m, a: m.add.reduce(a, axis=(0, 0))),                             # duplicate axis
        ("sin", lambda m, a: m.sin.reduce(a)),                                          # not binary
        ("minimum", lambda m, a: m.minimum.reduce(a, where=a > 2)),                    # where without initial
        ("equal", lambda m, a: m.equal.reduce(a.astype(numpy.int32) if m is numpy else a.astype("int32"))),
        ("bitwise_or", lambda m, a: m.bitwise_or.reduce(a)),                           # no float loop
        ("divmod", lambda m, a: m.divmod.reduce(a)),                                    # two outputs
    ]
    for name, call in cases:
        with pytest.raises(Exception) as np_exc:
            call(numpy, x)
        with pytest.raises(type(np_exc.value)):
            call(torchnp, tnp(x))
    with pytest.raises(AxisError):
        torchnp.add.reduce(tnp(x), axis=-3)
    with pytest.raises(ValueError, match="zero-size array to reduction operation maximum which has no identity"):
        torchnp.maximum.reduce(tnp(x)[:0])


@pytest.mark.parametrize("name", BINARY)
@_FEW
@given(data=st.data())
def test_accumulate_matches_numpy(name, data):
    dt = data.draw(st.sampled_from(SUPPORTED_DTYPES))
    x = data.draw(hnp.arrays(dt, hnp.array_shapes(min_dims=1, max_dims=3, min_side=0, max_side=4),
                             elements=_elements(dt, name)))
    axis = data.draw(st.integers(-x.ndim, x.ndim - 1))
    dtype = data.draw(st.sampled_from([None, None, "float64", "int64"]))
    uf_np, uf_tn = getattr(numpy, name), getattr(torchnp, name)
    _same(lambda: uf_np.accumulate(x, axis=axis, dtype=dtype), lambda: uf_tn.accumulate(tnp(x), axis=axis, dtype=dtype),
          dt)


def test_accumulate_out_nan_and_errors():
    x = numpy.array([[1.0, numpy.nan, 3.0], [4.0, -1.0, 0.5]])
    for name in ("maximum", "fmin", "add", "multiply", "logaddexp", "subtract"):
        _same(lambda: getattr(numpy, name).accumulate(x, axis=1),
              lambda: getattr(torchnp, name).accumulate(tnp(x), axis=1), "float64")
    assert_like_numpy(torchnp.add.accumulate(tnp(x[0]), axis=None), numpy.add.accumulate(x[0], axis=None))
    assert_like_numpy(torchnp.add.accumulate(tnp(x), axis=(1,)), numpy.add.accumulate(x, axis=(1,)))
    o_np, o_tn = numpy.zeros((2, 3)), tnp(numpy.zeros((2, 3)))
    numpy.add.accumulate(x, out=o_np)
    assert torchnp.add.accumulate(tnp(x), out=o_tn) is o_tn
    assert_like_numpy(o_tn, o_np)
    for call in (lambda m, a: m.add.accumulate(a, axis=2), lambda m, a: m.add.accumulate(a[0, 0]),
                 lambda m, a: m.sin.accumulate(a), lambda m, a: m.add.accumulate(a, axis=None),
                 lambda m, a: m.add.accumulate(a, axis=(0, 1)), lambda m, a: m.equal.accumulate(a)):
        with pytest.raises(Exception) as np_exc:
            call(numpy, x)
        with pytest.raises(type(np_exc.value)):
            call(torchnp, tnp(x))


@pytest.mark.parametrize("name", ["add", "subtract", "multiply", "power", "maximum", "arctan2", "less",
                                  "bitwise_and", "logical_xor", "hypot", "divmod", "left_shift"])
@_FEW
@given(data=st.data())
def test_outer_matches_numpy(name, data):
    dts = [data.draw(st.sampled_from(SUPPORTED_DTYPES)) for _ in range(2)]
    a, b = (data.draw(hnp.arrays(dt, hnp.array_shapes(min_dims=0, max_dims=2, max_side=3),
                                 elements=_elements(dt, name))) for dt in dts)
    _same(lambda: getattr(numpy, name).outer(a, b), lambda: getattr(torchnp, name).outer(tnp(a), tnp(b)), *dts)


def test_outer_unary_raises():
    with pytest.raises(ValueError):
        numpy.sin.outer(numpy.ones(2), numpy.ones(2))
    with pytest.raises(ValueError):
        torchnp.sin.outer(tnp(numpy.ones(2)), tnp(numpy.ones(2)))


_AT_INDICES = [
    lambda n: numpy.array([0, 1, 1, 0, n - 1, 1]),
    lambda n: numpy.array([n - 1, -1, 0]),
    lambda n: slice(None, None, 2),
    lambda n: 1,
    lambda n: [0, 0, 0],
]


@pytest.mark.parametrize("name", ["add", "subtract", "multiply", "maximum", "minimum", "divide", "power",
                                  "bitwise_or", "logaddexp", "fmax", "negative", "square", "invert", "sqrt"])
@pytest.mark.parametrize("dtype", ["int32", "float64", "float32", "bool", "uint8", "complex128"])
@pytest.mark.parametrize("index", range(len(_AT_INDICES)))
def test_at_matches_numpy(name, dtype, index):
    """ufunc.at works in place; repeated indices accumulate (unbuffered), as NumPy."""
    a = numpy.array([3, 1, 4, 1, 5, 9]).astype(dtype)
    idx = _AT_INDICES[index](len(a))
    uf_np, uf_tn = getattr(numpy, name), getattr(torchnp, name)
    count = len(numpy.arange(6)[idx]) if not isinstance(idx, int) else 1
    b = numpy.array([2, 3, 1, 2, 1, 2][:count]).astype(dtype) if count > 1 else numpy.array(2).astype(dtype)
    args_np = (idx,) if uf_np.nin == 1 else (idx, b)
    a_np, a_tn = a.copy(), tnp(a)
    idx_tn = tnp(idx) if isinstance(idx, numpy.ndarray) else idx  # §3.3: indices are torchnp arrays too
    args_tn = (idx_tn,) if uf_np.nin == 1 else (idx_tn, tnp(b))
    try:
        with numpy.errstate(all="ignore"):
            uf_np.at(a_np, *args_np)
    except Exception as exc:  # noqa: BLE001
        with pytest.raises(type(exc)):
            uf_tn.at(a_tn, *args_tn)
        return
    assert uf_tn.at(a_tn, *args_tn) is None
    assert_like_numpy(a_tn, a_np, *_tol(dtype))


def test_at_multidimensional_scalars_views_and_errors():
    a = numpy.arange(12.0).reshape(3, 4)
    for name, idx, b in [("add", (numpy.array([0, 0, 2]), numpy.array([1, 1, 3])), 1.5),
                         ("multiply", (slice(None), 0), numpy.array([2.0, 3.0, 4.0])),
                         ("maximum", ([0, 0], [1, 1]), numpy.array([100.0, 50.0])),
                         ("subtract", numpy.array([1, 1]), numpy.array([1.0, 2.0, 3.0, 4.0]))]:
        a_np, a_tn = a.copy(), tnp(a)
        getattr(numpy, name).at(a_np, idx, b)
        idx_tn = tuple(tnp(i) if isinstance(i, numpy.ndarray) else i for i in idx) if isinstance(idx, tuple) else \
            tnp(idx) if isinstance(idx, numpy.ndarray) else idx
        getattr(torchnp, name).at(a_tn, idx_tn, tnp(b) if isinstance(b, numpy.ndarray) else b)
        assert_like_numpy(a_tn, a_np)
    # through a non-contiguous view: writes reach the parent
    a_np, a_tn = a.copy(), tnp(a)
    numpy.add.at(a_np.T, [0, 0, 1], 1.0)
    torchnp.add.at(a_tn.T, [0, 0, 1], 1.0)
    assert_like_numpy(a_tn, a_np)
    # int target with a float operand: NumPy casts the result back (unsafe)
    i_np, i_tn = numpy.arange(4), tnp(numpy.arange(4))
    numpy.add.at(i_np, [0, 0, 3], 1.5)
    torchnp.add.at(i_tn, [0, 0, 3], 1.5)
    assert_like_numpy(i_tn, i_np)
    for call in (lambda m, x: m.add.at(x, [0]), lambda m, x: m.negative.at(x, [0], 1.0),
                 lambda m, x: m.add.at(x, [7], 1.0), lambda m, x: m.add.at(x, [0, 1], [1.0, 2.0, 3.0]),
                 lambda m, x: m.divmod.at(x, [0], 1.0)):
        with pytest.raises(Exception) as np_exc:
            call(numpy, a.copy())
        with pytest.raises(type(np_exc.value)):
            call(torchnp, tnp(a))


@pytest.mark.parametrize("name", ["add", "multiply", "maximum", "minimum", "subtract", "logical_or", "bitwise_xor",
                                  "fmin", "divide"])
@_FEW
@given(data=st.data())
def test_reduceat_matches_numpy(name, data):
    dt = data.draw(st.sampled_from(SUPPORTED_DTYPES))
    x = data.draw(hnp.arrays(dt, hnp.array_shapes(min_dims=1, max_dims=2, min_side=1, max_side=5),
                             elements=_elements(dt, name)))
    axis = data.draw(st.integers(-x.ndim, x.ndim - 1))
    n = x.shape[axis]
    idx = data.draw(st.lists(st.integers(0, n), min_size=1, max_size=6))  # n itself is out of range
    dtype = data.draw(st.sampled_from([None, None, "float64"]))
    uf_np, uf_tn = getattr(numpy, name), getattr(torchnp, name)

    def ref():
        # per segment via the axis-safe reference reduce, so NumPy's innermost-axis bug cannot leak in
        r = uf_np.reduceat(x, idx, axis=axis, dtype=dtype)
        if name in ("subtract", "divide"):
            parts = []
            for j, s in enumerate(idx):
                e = idx[j + 1] if j + 1 < len(idx) else n
                seg = numpy.take(x, range(s, e), axis=axis) if s < e else numpy.take(x, [s], axis=axis)
                parts.append(numpy.expand_dims(_np_reduce(uf_np, seg, axis, dtype=dtype), axis))
            r = numpy.concatenate(parts, axis=axis).astype(r.dtype)
        return r

    _same(ref, lambda: uf_tn.reduceat(tnp(x), idx, axis=axis, dtype=dtype), dt)


def test_reduceat_out():
    x = numpy.arange(8.0)
    o_np, o_tn = numpy.zeros(3), tnp(numpy.zeros(3))
    numpy.add.reduceat(x, [0, 4, 5], out=o_np)
    assert torchnp.add.reduceat(tnp(x), [0, 4, 5], out=o_tn) is o_tn
    assert_like_numpy(o_tn, o_np)


def test_reduce_dtype_defaults_to_out():
    """NumPy computes in out's dtype when dtype is not given (int8 sums do not wrap into a float64 out)."""
    x = numpy.array([100, 100, 100], dtype=numpy.int8)
    o_np, o_tn = numpy.zeros((), numpy.float64), tnp(numpy.zeros((), numpy.float64))
    numpy.add.reduce(x, out=o_np)
    torchnp.add.reduce(tnp(x), out=o_tn)
    assert_like_numpy(o_tn, o_np)


@pytest.mark.parametrize("name,in_dt,out_dt", [("add", "float64", "int64"), ("logical_and", "float64", "float64"),
                                               ("add", "int8", "float32"), ("maximum", "float32", "float64")])
def test_reduce_computes_in_out_dtype(name, in_dt, out_dt):
    x = numpy.array([[1.5, 2.5], [1.5, 4.0], [0.0, 1.0]]).astype(in_dt)
    o_np, o_tn = numpy.zeros(2, out_dt), tnp(numpy.zeros(2, out_dt))
    getattr(numpy, name).reduce(x, axis=0, out=o_np)
    assert getattr(torchnp, name).reduce(tnp(x), axis=0, out=o_tn) is o_tn
    assert_like_numpy(o_tn, o_np)


@pytest.mark.parametrize("name", ["add", "multiply", "maximum", "power"])
def test_at_with_values_viewing_the_target(name):
    # §5.2: b is a view of a (np.add.at(a, i, a[3:])): read before writing, as NumPy does
    a = numpy.arange(1.0, 7.0)
    x = tnp(a)
    getattr(numpy, name).at(a, [0, 1, 1], a[3:])
    getattr(torchnp, name).at(x, [0, 1, 1], x[3:])
    assert_like_numpy(x, a)
