"""Indexing routines vs NumPy (DESIGN §5.1: signatures, dtypes, exception types; §2.3 promotion
in where/select/choose; §3.2/§3.3 operands; §7 hot path of where)."""

import re
import warnings

import numpy
import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

import torchnp
from support import (arrays, assert_like_numpy, check, convert_args, DEVICE, examples, NUMERIC, raises_like,
                     SUPPORTED_DTYPES, tnp)

small = settings(max_examples=examples(20))


def check_inplace(name, a, *args, **kw):
    """Run an in-place NumPy routine and torchnp's on copies; compare the targets (or the errors)."""
    na = a.copy()
    ta = tnp(a)
    targs = [tnp(x) if isinstance(x, numpy.ndarray) else x for x in args]
    tkw = {k: tnp(x) if isinstance(x, numpy.ndarray) else x for k, x in kw.items()}
    try:
        getattr(numpy, name)(na, *args, **kw)
    except Exception as exc:  # noqa: BLE001 - same exception type
        raises_like(type(exc), getattr(torchnp, name), ta, *targs, **tkw)
        return
    assert getattr(torchnp, name)(ta, *targs, **tkw) is None
    assert_like_numpy(ta, na)


# ------------------------------------------------------------------ take / put
@small
@given(arrays(SUPPORTED_DTYPES, min_dims=1), st.data())
def test_take(a, data):
    axis = data.draw(st.sampled_from([None] + list(range(-a.ndim, a.ndim))))
    n = a.size if axis is None else a.shape[axis]
    idx = numpy.array(data.draw(st.lists(st.integers(-n - 2, n + 2), max_size=4)), dtype=numpy.int64)
    for mode in ("raise", "wrap", "clip") if n else ("raise",):  # NumPy's wrap/clip loop forever on n == 0
        check("take", a, idx, axis=axis, mode=mode)
        check("take", a, idx.reshape(-1, 1) if idx.size else idx, axis=axis, mode=mode)
    check("take", a, data.draw(st.integers(-n - 1, n)), axis=axis)


def test_take_errors_and_out():
    a = numpy.arange(6.0).reshape(2, 3)
    check("take", a, [1.0])                 # a list: converted unsafely, as NumPy
    check("take", a, numpy.array([1.0]))    # TypeError: float index array
    check("take", a, [7])                   # IndexError
    check("take", a, [1], axis=2)           # AxisError
    check("take", numpy.zeros(0), [0])
    raises_like(IndexError, torchnp.take, tnp(a), [7], match="index 7 is out of bounds for axis 0 with size 6")
    out = torchnp.zeros(2, dtype=numpy.float64, device=DEVICE)
    assert torchnp.take(tnp(a), [5, 0], out=out) is out
    assert_like_numpy(out, numpy.take(a, [5, 0]))
    assert_like_numpy(tnp(a).take([1, 2], axis=1), a.take([1, 2], axis=1))


@small
@given(arrays(SUPPORTED_DTYPES, min_dims=1, min_side=1), st.data())
def test_take_put_along_axis(a, data):
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
    shape = list(a.shape)
    shape[axis] = data.draw(st.integers(0, 4))
    shape = [s if data.draw(st.booleans()) or i == axis else 1 for i, s in enumerate(shape)]
    n = a.shape[axis]
    idx = numpy.array(data.draw(st.lists(st.integers(-n, n - 1), min_size=int(numpy.prod(shape)),
                                         max_size=int(numpy.prod(shape)))), dtype=numpy.int64).reshape(shape)
    check("take_along_axis", a, idx, axis)
    check("take_along_axis", a, idx.ravel(), None)
    # put: unique positions along the axis so that NumPy's write order cannot matter
    perm = numpy.argsort(numpy.random.default_rng(0).random(a.shape), axis=axis)
    vals = numpy.ones_like(a)
    check_inplace("put_along_axis", a, perm, vals, axis)


def test_along_axis_errors():
    a = numpy.arange(6).reshape(2, 3)
    check("take_along_axis", a, numpy.array([[1.0]]), 0)   # IndexError
    check("take_along_axis", a, numpy.array([1]), 0)        # ValueError: ndim
    check("take_along_axis", a, numpy.array([[1]]), 2)      # AxisError
    check("take_along_axis", a, numpy.array([[5]]), 1)      # IndexError
    check("take_along_axis", a, numpy.array([[1]]), None)   # ValueError
    check_inplace("put_along_axis", a, numpy.array([[1]]), 9, None)


@small
@given(arrays(NUMERIC, min_dims=1, min_side=1), st.data())
def test_put_place_putmask(a, data):
    n = a.size
    ind = numpy.array(data.draw(st.lists(st.integers(-n, n - 1), max_size=n, unique_by=lambda i: i % n)))
    v = numpy.arange(1, data.draw(st.integers(1, 4)) + 1).astype(a.dtype)
    check_inplace("put", a, ind, v)
    check_inplace("put", a, ind + 3 * n, v, mode="wrap")
    check_inplace("put", a, ind + 3 * n, v, mode="clip")
    check_inplace("put", a, numpy.array([n]), v)                    # IndexError
    mask = numpy.array(data.draw(st.lists(st.booleans(), min_size=n, max_size=n))).reshape(a.shape)
    check_inplace("place", a, mask, v)
    check_inplace("putmask", a, mask, v)
    check_inplace("place", a.T, mask.T, v)                           # non-contiguous target
    check_inplace("putmask", a.T, mask.T, v)
    check_inplace("copyto", a, v[:1])
    check_inplace("copyto", a, v[:1], where=mask)


@pytest.mark.parametrize("name, args", [
    ("put", (numpy.array([0, 5]), numpy.array([7.0, 8.0]))),
    ("place", (numpy.arange(6).reshape(2, 3) % 2 == 0, numpy.array([9.0]))),
    ("putmask", (numpy.arange(6).reshape(2, 3) > 2, numpy.array([1.0, 2.0]))),
    ("copyto", (numpy.array([3.0, 4.0, 5.0]),)),
    ("put_along_axis", (numpy.array([[1], [2]]), numpy.array([[7.0], [8.0]]), 1)),
    ("fill_diagonal", (6.0,)),
])
def test_inplace_routines_write_a_numpy_target_in_place(name, args):  # §3.3: host data, zero-copy on the CPU
    a, expected = numpy.arange(6.0).reshape(2, 3), numpy.arange(6.0).reshape(2, 3)
    getattr(numpy, name)(expected, *args)
    assert getattr(torchnp, name)(a, *args) is None
    numpy.testing.assert_array_equal(a, expected)
    meta = [torchnp.asarray(x, device="meta") if isinstance(x, numpy.ndarray) else x for x in args]
    if any(isinstance(x, torchnp.ndarray) for x in meta):  # §3.2: a host target beside device operands
        with pytest.raises(torchnp.DeviceMismatchError):
            getattr(torchnp, name)(numpy.arange(6.0).reshape(2, 3), *meta)


_WRITTEN = [numpy.array([1.5]), numpy.float64(1.5), numpy.complex128(1j), numpy.array([3]), numpy.array([300]),
            numpy.array([True]), numpy.array([1j]), numpy.array([1.5], numpy.float32), [1.5], [1 + 0j], [2, 300],
            1j, 2, 0.5, 300, -1, float("nan")]


@pytest.mark.parametrize("name", ["put", "place", "putmask", "fill_diagonal"])
@pytest.mark.parametrize("dtype", ["int64", "int8", "uint8", "float32", "float64", "bool", "complex128"])
@pytest.mark.parametrize("value", _WRITTEN, ids=repr)
def test_written_values_convert_as_numpys(name, dtype, value):
    # NumPy converts Python numbers as its assignment does (complex into a real array: TypeError, 300 into
    # uint8: OverflowError, NaN into integers: ValueError) and arrays by a cast, which place and putmask
    # require to be safe (TypeError); torchnp cast everything, unsafely: 300 became 44, 1j became 0
    a = numpy.zeros((2, 2), dtype)
    args = {"put": (numpy.array([0, 3]),), "place": (a == 0,), "putmask": (a == 0,), "fill_diagonal": ()}[name]
    with warnings.catch_warnings():
        warnings.simplefilter("error", numpy.exceptions.ComplexWarning)  # the imaginary part dropped: as NumPy
        warnings.simplefilter("ignore", RuntimeWarning)  # (NaN cast to an integer)
        check_inplace(name, a, *args, value)


def test_inplace_errors():
    a = numpy.arange(4.0)
    check_inplace("place", a, numpy.array([True, False, True, False]), numpy.array([]))  # ValueError
    check_inplace("place", a, numpy.array([True, False]), numpy.array([1.0]))             # ValueError
    check_inplace("putmask", a, numpy.array([True, False]), numpy.array([1.0]))
    check_inplace("copyto", numpy.arange(4), numpy.array([1.5]))                           # TypeError
    check_inplace("copyto", numpy.arange(4), 1.5)                                          # TypeError
    check_inplace("copyto", numpy.arange(4.0), 1)
    check_inplace("copyto", numpy.arange(4), numpy.array([1.5]), casting="unsafe")
    check_inplace("copyto", numpy.arange(4.0), numpy.ones(3))                              # ValueError
    check_inplace("copyto", numpy.arange(4.0), numpy.ones(4), where=numpy.ones(4))        # TypeError
    with pytest.raises(TypeError):
        torchnp.put([1, 2], [0], [3])
    with pytest.raises(torchnp.DeviceMismatchError):  # §3.3: a host target beside device data
        torchnp.copyto(numpy.zeros(3), torchnp.ones(3, device="meta"))
    with pytest.raises(torchnp.DeviceMismatchError):  # §3.3: host data does not move to a device
        torchnp.copyto(torchnp.zeros(3, device="meta"), numpy.ones(3))
    y = torchnp.zeros(3, device="cpu")
    torchnp.copyto(y, numpy.ones(3))  # on the host it is used as it is
    assert_like_numpy(y, numpy.ones(3), device="cpu")
    x = tnp(numpy.zeros(3))
    x.put([0, 2], [5, 6])  # method forwarding
    assert_like_numpy(x, numpy.array([5.0, 0, 6]))


@small
@given(st.data())
def test_choose(data):
    n = data.draw(st.integers(1, 4))
    shape = tuple(data.draw(st.lists(st.integers(1, 3), max_size=2)))
    a = numpy.array(data.draw(st.lists(st.integers(-1, n), min_size=int(numpy.prod(shape)),
                                       max_size=int(numpy.prod(shape))))).reshape(shape)
    choices = [data.draw(arrays(NUMERIC, shape=shape[i % 2:] if shape else ())) for i in range(n)]
    for mode in ("raise", "wrap", "clip"):
        check("choose", a, choices, mode=mode)
    assert_like_numpy(tnp(numpy.clip(a, 0, n - 1)).choose([tnp(c) for c in choices]),
                      numpy.asarray(numpy.clip(a, 0, n - 1)).choose(choices))


@small
@given(arrays(SUPPORTED_DTYPES, min_dims=1), st.data())
def test_compress_extract(a, data):
    axis = data.draw(st.sampled_from([None] + list(range(-a.ndim, a.ndim))))
    n = a.size if axis is None else a.shape[axis]
    cond = numpy.array(data.draw(st.lists(st.booleans(), max_size=n + 2)), dtype=bool)
    check("compress", a, cond, axis=axis)   # IndexError when a True lies past the end
    cond = numpy.array(data.draw(st.lists(st.booleans(), min_size=a.size, max_size=a.size)),
                       dtype=bool).reshape(a.shape)
    check("extract", cond, a)
    check("extract", cond.astype(numpy.int8), a)


def test_compress_errors():
    check("compress", numpy.ones((2, 2), bool), numpy.arange(4))
    check("compress", [True], numpy.arange(4), axis=1)


# ------------------------------------------------------------------ select / piecewise / where
@small
@given(arrays(NUMERIC, min_dims=1), st.data())
def test_select(a, data):
    conds = [a > 0, a.real < 1] if a.dtype.kind == "c" else [a > 0, a < 1]
    other = data.draw(arrays(NUMERIC, shape=a.shape))
    default = data.draw(st.sampled_from([0, 1.5, numpy.array(2, numpy.int8), -1j]))
    check("select", conds, [a, other], default)
    check("select", conds[:1], [3], default)


def test_select_errors():
    x = numpy.arange(4)
    check("select", [x > 1], [x, x])                       # ValueError
    check("select", [], [])                                # ValueError
    check("select", [x], [x])                              # TypeError: non-bool condition
    check("select", [x > 1], [x], default=[1, 2])         # ValueError: shapes


def test_piecewise():
    x = numpy.linspace(-2.5, 2.5, 6)
    check("piecewise", x, [x < 0, x >= 0], [-1, 1])
    cases = [(lambda v: -v), (lambda v: v)]
    assert_like_numpy(torchnp.piecewise(tnp(x), [tnp(x < 0), tnp(x >= 0)], cases),
                      numpy.piecewise(x, [x < 0, x >= 0], cases))
    assert_like_numpy(torchnp.piecewise(tnp(x), [tnp(x < 0)], [lambda v, k: v * k, 7.0], 3),
                      numpy.piecewise(x, [x < 0], [lambda v, k: v * k, 7.0], 3))
    assert_like_numpy(torchnp.piecewise(tnp(x), tnp(x > 1), [2, 3]), numpy.piecewise(x, x > 1, [2, 3]))
    with pytest.raises(ValueError):
        torchnp.piecewise(tnp(x), [tnp(x < 0)], [1, 2, 3])
    with pytest.raises(ValueError):
        numpy.piecewise(x, [x < 0], [1, 2, 3])


WHERE_KINDS = st.sampled_from(["array", 0, 1.5, True, -2j])


@settings(max_examples=examples(40))
@given(arrays(SUPPORTED_DTYPES, min_dims=0), st.data())
def test_where(a, data):  # §2.3: NEP 50 weak Python scalars
    cond = data.draw(arrays([numpy.dtype(bool), numpy.dtype("int8"), numpy.dtype("float32")], shape=a.shape))
    y = data.draw(WHERE_KINDS)
    if y == "array":
        y = data.draw(arrays(SUPPORTED_DTYPES, shape=a.shape[1:]))
    check("where", cond, a, y)
    check("where", cond, y, a)
    check("where", cond, y, y)
    check("where", a)  # one argument: nonzero (ValueError for 0-d)


def test_where_errors_and_lists():
    x = numpy.arange(3.0)
    check("where", x > 1, x, numpy.ones(4))   # ValueError: broadcast
    with pytest.raises(ValueError):
        torchnp.where(tnp(x) > 1, tnp(x))
    with pytest.raises(ValueError):
        numpy.where(x > 1, x)
    assert_like_numpy(torchnp.where([True, False, True], tnp(x), [7, 8, 9]),
                      numpy.where([True, False, True], x, [7, 8, 9]))


# ------------------------------------------------------------------ nonzero family
@small
@given(arrays(SUPPORTED_DTYPES))
def test_nonzero_argwhere(a):
    b = (a != 0) if a.dtype.kind != "b" else a
    for x in (a, b):
        check("nonzero", x)
        check("argwhere", x)
        check("flatnonzero", x)
    if a.ndim:
        assert_like_numpy(tnp(a).nonzero(), a.nonzero())


# ------------------------------------------------------------------ index arithmetic
@small
@given(st.lists(st.integers(1, 4), min_size=1, max_size=3), st.data())
def test_ravel_unravel(dims, data):
    size = int(numpy.prod(dims))
    flat = numpy.array(data.draw(st.lists(st.integers(-1, size), max_size=5)), dtype=numpy.int64)
    for order in ("C", "F"):
        check("unravel_index", flat, dims, order=order)   # ValueError when out of range
        ok = numpy.clip(flat, 0, size - 1)
        multi = numpy.unravel_index(ok, dims, order=order)
        check("ravel_multi_index", multi, dims, order=order)
        shifted = tuple(m + 1 for m in multi)
        check("ravel_multi_index", shifted, dims, order=order)  # ValueError
        check("ravel_multi_index", shifted, dims, mode="wrap", order=order)
        check("ravel_multi_index", shifted, dims, mode="clip", order=order)
    check("unravel_index", int(flat[0]) if flat.size else 0, dims)


def test_index_arithmetic_errors():
    check("ravel_multi_index", (numpy.array([1]),), (2, 3))              # ValueError: length
    check("ravel_multi_index", (numpy.array([1.0]), numpy.array([1.0])), (2, 3))  # TypeError
    check("unravel_index", numpy.array([1.0]), (2, 3))                    # TypeError
    check("unravel_index", 3, (2, 3), order="X")


@pytest.mark.parametrize("n,k,m", [(3, 0, None), (4, 1, None), (4, -1, 3), (2, 5, 6), (0, 0, None)])
def test_tri_diag_indices(n, k, m):
    for name in ("tril_indices", "triu_indices"):
        assert_like_numpy(getattr(torchnp, name)(n, k, m), getattr(numpy, name)(n, k, m))
    a = numpy.ones((n, m or n))
    check("tril_indices_from", a, k)
    check("triu_indices_from", a, k)
    assert_like_numpy(torchnp.diag_indices(n), numpy.diag_indices(n))
    assert_like_numpy(torchnp.diag_indices(n, 3), numpy.diag_indices(n, 3))
    check("diag_indices_from", numpy.ones((n, n, n)))
    mf = lambda x, k: torchnp.where(torchnp.ones(x.shape, dtype=bool, device=x.device), x, 0)  # noqa: E731
    assert_like_numpy(torchnp.mask_indices(n, mf, k), numpy.mask_indices(n, lambda x, k: x, k))


def test_tri_diag_errors():
    check("tril_indices_from", numpy.ones(3))
    check("diag_indices_from", numpy.ones(3))
    check("diag_indices_from", numpy.ones((2, 3)))


def test_ix_():
    a = numpy.arange(12).reshape(3, 4)
    assert_like_numpy(torchnp.ix_([0, 2], [1, 3]), numpy.ix_([0, 2], [1, 3]))
    assert_like_numpy(torchnp.ix_(tnp(numpy.array([True, False, True])), []),
                      numpy.ix_(numpy.array([True, False, True]), []))
    idx = torchnp.ix_([0, 2], [1, 3])
    assert_like_numpy(tnp(a)[idx], a[numpy.ix_([0, 2], [1, 3])])
    with pytest.raises(ValueError):
        torchnp.ix_([[0, 1]])


def test_r_c_s_():
    a = numpy.array([1, 2, 3])
    ta = tnp(a)
    cases = [
        (lambda m, x: m.r_[x, 0, 0, x]), (lambda m, x: m.r_[-1:1:6j, [0] * 3, 5, 6]),
        (lambda m, x: m.r_[0:5]), (lambda m, x: m.r_[0:5, 2.5]), (lambda m, x: m.r_["-1", x[None], x[None]]),
        (lambda m, x: m.r_["0,2", x, x]), (lambda m, x: m.r_["0,2,0", x, x]), (lambda m, x: m.r_["1,2,0", x, x]),
        (lambda m, x: m.c_[x, x]), (lambda m, x: m.c_[x[None], 0, 0, x[None]]), (lambda m, x: m.c_[0:3, x]),
    ]
    for f in cases:
        assert_like_numpy(f(torchnp, ta), f(numpy, a))
    assert torchnp.s_[1:2, ::3] == numpy.s_[1:2, ::3]
    assert torchnp.index_exp[1:2] == numpy.index_exp[1:2]
    with pytest.raises(ValueError):
        torchnp.r_[ta, "0"]


@pytest.mark.parametrize("shape,wrap", [((3, 3), False), ((5, 3), False), ((5, 3), True), ((3, 5), False),
                                        ((3, 3, 3), False), ((4, 2), True)])
@pytest.mark.parametrize("val", [7, [1, 2], 2.5])
def test_fill_diagonal(shape, wrap, val):
    a = numpy.zeros(shape, dtype=numpy.int32)
    check_inplace("fill_diagonal", a, val, wrap=wrap)
    check_inplace("fill_diagonal", a.T.copy().T, val, wrap=wrap)


def test_fill_diagonal_errors():
    check_inplace("fill_diagonal", numpy.zeros(3), 1)
    check_inplace("fill_diagonal", numpy.zeros((2, 3, 3)), 1)


def test_forwarded_methods():  # ndarray methods that NumPy has for these routines
    a = numpy.arange(12).reshape(3, 4)
    x = tnp(a)
    assert_like_numpy(x.compress([True, False, True], axis=0), a.compress([True, False, True], axis=0))
    assert_like_numpy(x.repeat(2, axis=1), a.repeat(2, axis=1))
    assert_like_numpy(x.take([0, -1], axis=1), a.take([0, -1], axis=1))
    assert_like_numpy(x.nonzero(), a.nonzero())
    assert_like_numpy(x.swapaxes(0, 1), a.swapaxes(0, 1))
    i = numpy.array([0, 1, 0])
    assert_like_numpy(tnp(i).choose([tnp(a[0, :3]), tnp(a[1, :3])]), i.choose([a[0, :3], a[1, :3]]))


@pytest.mark.parametrize("dst,src", [(slice(1, None), slice(None, -1)), (slice(None, -1), slice(1, None)),
                                     (slice(None), slice(None, None, -1))])
def test_copyto_overlapping_views(dst, src):
    # copyto(x[1:], x[:-1]) (a shift) reads the source as if buffered, as in NumPy
    a = numpy.arange(6.0)
    x = tnp(a)
    numpy.copyto(a[dst], a[src])
    torchnp.copyto(x[dst], x[src])
    assert_like_numpy(x, a)


@pytest.mark.parametrize("name,args", [("place", lambda a: (a > 3, a[:2])), ("put", lambda a: ([0, 1], a[4:])),
                                       ("putmask", lambda a: (a > 3, a[::-1]))])
def test_inplace_routines_with_values_viewing_the_target(name, args):
    # the values are a view of the array being written: NumPy reads them before writing
    a = numpy.arange(6.0)
    x = tnp(a)
    getattr(numpy, name)(a, *args(a))
    getattr(torchnp, name)(x, *args(x))
    assert_like_numpy(x, a)


# §2.5 uint16/32/64 have no torch index_put/gather/index_select kernels: the routines write and
# read the same bits as signed (torch_np suite: uint16 put, issue 16)
_WIDE_UNSIGNED = ["uint16", "uint32", "uint64"]
_MOVERS = {
    "put": lambda m, a: m.put(a, [0, 2], [5, 2**15 + 7]),
    "place": lambda m, a: m.place(a, a == 0, [7]),
    "put_along_axis": lambda m, a: m.put_along_axis(a, m.asarray([1, 2]), 9, None),
    "put_along_axis0": lambda m, a: m.put_along_axis(a.reshape(1, 4), m.asarray([[1, 2]]), 9, 1),
    "compress": lambda m, a: m.compress([1, 0, 1], a),
    "choose": lambda m, a: m.choose([0, 1, 0, 1], [a, a[::-1]]),
    "take": lambda m, a: m.take(a, [3, 0]),
}


@pytest.mark.parametrize("dtype", _WIDE_UNSIGNED)
@pytest.mark.parametrize("name", sorted(_MOVERS))
def test_wide_unsigned_data_movement(name, dtype):
    a = numpy.array([1, 0, 3, 2**15 + 1], dtype=dtype)
    x = tnp(a)
    expected, got = _MOVERS[name](numpy, a), _MOVERS[name](torchnp, x)
    assert_like_numpy(x, a)
    if expected is not None:
        assert_like_numpy(got, expected)


@given(st.sampled_from(_WIDE_UNSIGNED), st.lists(st.integers(0, 2**16 - 1), min_size=1, max_size=8), st.data())
def test_put_wide_unsigned(dtype, values, data):
    a = numpy.array(values, dtype=dtype)
    ind = data.draw(st.lists(st.integers(-len(values), len(values) - 1), max_size=6))
    v = data.draw(st.lists(st.integers(0, 2**16 - 1), min_size=1, max_size=3))
    x = tnp(a)
    numpy.put(a, ind, v)
    torchnp.put(x, ind, v)
    assert_like_numpy(x, a)


# §5.1 ravel_multi_index / unravel_index: NumPy's ValueErrors for sizes beyond intp and zero dims
_HALF = numpy.iinfo(numpy.intp).max // 2


@pytest.mark.parametrize("args,kwargs", [
    ((([0], [0]), (_HALF, 2)), {}), ((([0], [0]), (_HALF + 1, 2)), {}), ((([0], [0]), (_HALF + 1, 2)), {"order": "F"}),
    ((numpy.zeros((3, 1), dtype=numpy.intp), (2, 1, 0)), {"mode": "clip"}),
    ((numpy.zeros((3, 1), dtype=numpy.intp), (2, 1, 0)), {"mode": "wrap"}),
    ((numpy.zeros((3, 1), dtype=numpy.intp), (2, 1, 0)), {}),
    ((numpy.zeros((3, 0), dtype=numpy.intp), (2, 1, 0)), {"mode": "wrap"}),
])
def test_ravel_multi_index_limits(args, kwargs):
    exc = check("ravel_multi_index", *args, **kwargs)
    if isinstance(exc, Exception):
        with pytest.raises(type(exc), match=re.escape(str(exc))):
            torchnp.ravel_multi_index(*convert_args(args), **kwargs)


@pytest.mark.parametrize("shape", [(2**32 - 1, 2**31 + 1), (2**31, 2**31), (3, 4)])
def test_unravel_index_limits(shape):
    check("unravel_index", 1, shape)


def test_where_and_nonzero_above_the_tiny_path():
    """where's scalar plan under the float32 default, its broadcast error's message, and nonzero
    of the dtypes torch has no nonzero kernel for (uint16/32/64), on arrays above the tiny host
    path (found by mutation testing)."""
    c = numpy.resize(numpy.array([True, False, False, True, True]), 70)
    with torchnp.default_float_dtype(torchnp.float32):
        assert_like_numpy(torchnp.where(tnp(c), 1.5, -2.0), numpy.where(c, 1.5, -2.0).astype(numpy.float32))
    assert_like_numpy(torchnp.where(tnp(c), 1.5, -2.0), numpy.where(c, 1.5, -2.0))
    with pytest.raises(ValueError, match=re.escape("operands could not be broadcast together with shapes "
                                                   "(70,) (70,) (71,)")):
        torchnp.where(tnp(c), tnp(numpy.ones(70)), tnp(numpy.ones(71)))
    for dt in ("uint16", "uint32", "uint64", "int8", "float32"):
        a = numpy.resize(numpy.array([0, 3, 0, 0, 7, 1], dt), (7, 12))
        check("nonzero", a)
        check("flatnonzero", a)
        check("argwhere", a)


def test_where_hot_path_mixed_dtypes_keep_numpy_promotion():
    """where's cached hot path (no cast when torch.where already gives NumPy's dtype) with arrays of
    two dtypes above the tiny host path: float32 with int64 is float64 in NumPy, float32 in torch
    (found by mutation testing: `_fast_plan` answering yes there)."""
    c = numpy.resize(numpy.array([True, False, True]), 70)
    for dx, dy in (("float32", "int64"), ("float32", "int32"), ("int8", "uint8"), ("float64", "float32"),
                   ("int32", "int32")):
        x = numpy.arange(70).astype(dx)
        y = (-numpy.arange(70)).astype(dy) if dy[0] != "u" else numpy.arange(70).astype(dy)
        for _ in range(2):  # the second call takes the cached plan
            assert_like_numpy(torchnp.where(tnp(c), tnp(x), tnp(y)), numpy.where(c, x, y))


def test_where_hot_path_is_taken(monkeypatch):
    """§7 "Hot path": ``where(c, x, y)`` of a bool array with an array of the result's dtype and an
    array or Python scalar that needs no cast runs ``torch.where`` (or, from the kernel table's size
    on host data, NumPy's ``where``) without the general path: counted by the calls into
    ``_searching._where`` (a scalar ``y`` is cached by its first call, so counted from the second);
    NumPy's values every time. A tiny ``numpy.ndarray`` condition with a Python scalar is NumPy's
    ``where`` alone under host rules (issue 23). Found by mutation testing: mutants that disabled
    the hot path gave the same values and no test noticed."""
    from support import accelerator_rules
    from torchnp import _cpu_kernels
    from torchnp._sorting import _searching

    general = []
    real = _searching._where
    monkeypatch.setattr(_searching, "_where", lambda *a: general.append(a) or real(*a))
    ran = []
    real_run = _cpu_kernels.run
    monkeypatch.setattr(_cpu_kernels, "run", lambda *a, **k: ran.append(a[0]) or real_run(*a, **k))
    c = numpy.resize(numpy.array([True, False, True, True]), 70)
    for dt in ("float64", "float32", "float16", "int64", "int32", "int8", "uint8", "bool", "complex128"):
        x = numpy.resize(numpy.arange(1, 8).astype(dt), 70)
        y = (x[::-1] * 3).astype(dt) if dt != "bool" else ~x
        got = torchnp.where(tnp(c), tnp(x), tnp(y))
        assert not general, (dt, "array y")
        assert_like_numpy(got, numpy.where(c, x, y), rtol=0, atol=0)
    for dt, ys in (("float64", (2.5, 0.0, -3.0, 7)), ("float32", (2.5, 0.0, 1e30)), ("int64", (3, -2**40)),
                   ("int16", (3, -5)), ("uint8", (0, 200))):
        x = numpy.resize(numpy.arange(1, 8).astype(dt), 70)
        for yv in ys:
            torchnp.where(tnp(c), tnp(x), yv)  # the first call caches the scalar
            general.clear()
            got = torchnp.where(tnp(c), tnp(x), yv)
            assert not general, (dt, yv)
            assert_like_numpy(got, numpy.where(c, x, yv), rtol=0, atol=0)
    # a -0.0 y is never cached (it equals 0.0 as a dict key): the general path keeps its sign
    x = numpy.resize(numpy.arange(1.0, 8.0), 70)
    assert_like_numpy(torchnp.where(tnp(c), tnp(x), -0.0), numpy.where(c, x, -0.0), rtol=0, atol=0)
    n = _cpu_kernels.KERNELS["where"].min_size  # NumPy's kernel on host data (host rules) while torch runs one thread
    big_c = numpy.resize(c, n)
    big = numpy.arange(n, dtype=numpy.float64)
    ran.clear()
    general.clear()
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        got = torchnp.where(tnp(big_c), tnp(big), tnp(-big))
    finally:
        torch.set_num_threads(threads)
    assert_like_numpy(got, numpy.where(big_c, big, -big), rtol=0, atol=0)
    assert not general
    assert len(ran) == (0 if accelerator_rules() else 1)
    small = numpy.array([True, False, True, False, False])
    from torchnp import _device
    for xv, yv in ((1.5, numpy.arange(5.0)), (numpy.arange(5), -3), (2, 7.5)):
        general.clear()
        got = torchnp.where(small, xv, yv)  # host data: the CPU's rules, also on a machine with a GPU
        assert len(general) == (0 if _device.CPU_VALUE_CHECKS else 1), (xv, yv)
        assert_like_numpy(got, numpy.where(small, xv, yv), rtol=0, atol=0)


def test_where_makes_python_data_on_the_conditions_device():
    """§3.3: Python data (lists, scalars) in ``where`` is made on the computation's device, the
    condition's: on torch's data-less ``meta`` device (it runs in CI without an accelerator) the
    result is a meta array of NumPy's dtype and shape (found by mutation testing: the general path
    making Python data on the default device went unnoticed on the CPU)."""
    c = numpy.array([[True, False, True], [False, False, True]])
    m = torchnp.asarray(c, device="meta")
    for x, y in (([1.0, 2.0, 3.0], [4, 5, 6]), (1.5, [[4], [5]]), ([1, 2, 3], 2.5), (1.5, -2), (3, 7),
                 (numpy.float32(1.5), 7), (True, [1j, 2j, 3j])):
        got = torchnp.where(m, x, y)
        want = numpy.where(c, x, y)
        assert got.device.type == "meta", (x, y)
        assert (got.dtype, got.shape) == (want.dtype, want.shape), (x, y)


@pytest.mark.parametrize("n", [5, 70])
def test_where_python_scalar_out_of_the_result_range(n):
    """NumPy casts a Python scalar operand of ``where`` to the result dtype: an int out of range wraps
    (int8 300 is 44, uint64 -1 is 2**64-1), a float overflows to inf with NumPy's RuntimeWarning,
    an int beyond 64 bits is its OverflowError; on either side, below and above the tiny host path
    (found beside a mutation sample: torch's RuntimeError/OverflowError/ValueError before)."""
    c = numpy.resize(numpy.array([True, False, True]), n)
    for v, dt in ((300, "int8"), (-129, "int8"), (-1, "uint64"), (2**64 - 1, "int64"), (2**40, "int32"),
                  (2**70, "int64"), (1e300, "float32"), (70000.0, "float16"), (1e300, "complex64"),
                  (2**53 + 1, "float32"), (-1, "uint8")):
        arr = numpy.resize(numpy.arange(1, 8).astype(dt), n)
        for args in ((v, arr), (arr, v)):
            targs = [tnp(a) if isinstance(a, numpy.ndarray) else a for a in args]
            for _ in range(2):  # the second call meets the hot path's scalar cache
                try:
                    with warnings.catch_warnings(record=True) as expected_w:
                        warnings.simplefilter("always")
                        want = numpy.where(c, *args)
                except OverflowError as exc:
                    with pytest.raises(OverflowError, match=re.escape(str(exc))):
                        torchnp.where(tnp(c), *targs)
                    continue
                with warnings.catch_warnings(record=True) as got_w:
                    warnings.simplefilter("always")
                    got = torchnp.where(tnp(c), *targs)
                assert_like_numpy(got, want, rtol=0, atol=0)
                assert [(w.category, str(w.message)) for w in got_w] == \
                    [(w.category, str(w.message)) for w in expected_w], (v, dt)


@pytest.mark.parametrize("dtype", ["float64", "int32", "uint16", "uint64"])
def test_put_repeated_indices_do_not_depend_on_the_devices_write_order(monkeypatch, dtype):
    """NumPy's put writes in order (the last write to a repeated index wins); CUDA's index_put_
    applies duplicates in an unspecified order (the H200 run gave uint16 [0] for NumPy's [1]). Off
    the host rules every write to an index carries its last value, so the outcome cannot depend on
    the order: tested with the writes applied first-wins (``support.FirstWriteWins``, §5.1)."""
    from torchnp import _device
    from support import FirstWriteWins

    monkeypatch.setattr(_device, "CPU_VALUE_CHECKS", False)
    a = numpy.arange(6, dtype=dtype)
    x = torchnp.asarray(a.copy(), device="cpu")  # (not a's memory: asarray would share it)
    numpy.put(a, [1, -5, 3, 1, 3], [7, 8, 9, 10])
    with FirstWriteWins():
        torchnp.put(x, [1, -5, 3, 1, 3], [7, 8, 9, 10])
    assert_like_numpy(x, a, device="cpu")
