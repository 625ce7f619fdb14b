"""Array manipulation routines vs NumPy (DESIGN §5.1: signatures, dtypes, errors; §1.2 views;
§2.3 promotion; §3.2/§3.3 operands)."""

import re

import numpy
import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy.exceptions import AxisError

import torchnp
from support import examples, Compare, DEVICE, RESULT_DEVICE, SUPPORTED_DTYPES, arrays, assert_like_numpy, check, tnp

small = settings(max_examples=examples(20))


def shares(x, y):
    """Both torchnp arrays use the same storage (a view, §1.2)."""
    return x.tensor.untyped_storage().data_ptr() == y.tensor.untyped_storage().data_ptr()


# ------------------------------------------------------------------ shape (§1.2 views)
@small
@given(arrays(SUPPORTED_DTYPES, min_dims=1), st.data())
def test_reshape_ravel_transpose(a, data):
    check("reshape", a, (-1,))
    check("reshape", a, a.shape[::-1])
    check("ravel", a)
    check("ravel", a, order=data.draw(st.sampled_from(["C", "F", "K"])))
    check("transpose", a)
    check("permute_dims", a, tuple(data.draw(st.permutations(range(a.ndim)))))
    check("transpose", a.T)  # non-contiguous input


@small
@given(arrays(min_dims=1, max_dims=4), st.data())
def test_axes_moves(a, data):
    n = a.ndim
    ax = st.integers(-n - 1, n)
    check("moveaxis", a, data.draw(ax), data.draw(ax))
    check("swapaxes", a, data.draw(ax), data.draw(ax))
    check("rollaxis", a, data.draw(ax), data.draw(st.integers(-n - 1, n + 1)))
    check("expand_dims", a, data.draw(st.integers(-n - 2, n + 1)))
    check("expand_dims", a, (0, data.draw(st.integers(-n - 2, n + 1))))
    check("squeeze", a)
    check("squeeze", a, data.draw(ax))


def test_views_share_memory():  # §1.2
    x = torchnp.arange(24, device=DEVICE).reshape(2, 3, 4)
    for v in (torchnp.reshape(x, (6, 4)), torchnp.transpose(x), torchnp.moveaxis(x, 0, -1),
              torchnp.swapaxes(x, 0, 2), torchnp.expand_dims(x, 1), torchnp.squeeze(x[:1]),
              torchnp.broadcast_to(x[0, 0], (5, 4)), torchnp.ravel(x), torchnp.atleast_3d(x),
              torchnp.split(x, 2)[1], torchnp.unstack(x)[1], torchnp.rollaxis(x, 2)):
        assert shares(v, x)
    y = torchnp.reshape(x, (6, 4))
    y[0, 0] = 100
    assert int(x[0, 0, 0]) == 100
    torchnp.transpose(x)[3, 2, 1] = -7
    assert int(x[1, 2, 3]) == -7


def test_shape_errors():
    a = numpy.ones((2, 3))
    check("reshape", a, (4, 2))            # ValueError
    check("reshape", a, (-1, -1))
    check("moveaxis", a, 2, 0)             # AxisError
    check("moveaxis", a, (0, 1), 0)        # ValueError
    check("swapaxes", a, 0, 5)
    check("squeeze", a, 0)                 # ValueError: size not one
    check("squeeze", a, 3)
    check("expand_dims", a, (0, 0))        # repeated axis
    check("expand_dims", a, 4)
    check("transpose", a, (0,))
    check("transpose", a, (0, 0))
    check("rollaxis", a, 0, 4)
    with pytest.raises(AxisError):
        torchnp.squeeze(tnp(a), 5)


@small
@given(arrays(min_dims=0, max_dims=3), st.data())
def test_broadcast(a, data):
    shape = tuple(data.draw(st.sampled_from([1, s])) if data.draw(st.booleans()) else s for s in a.shape)
    extra = tuple(data.draw(st.lists(st.integers(1, 3), max_size=2)))
    check("broadcast_to", a, extra + a.shape)
    b = numpy.ones(shape, dtype=numpy.float32)
    check("broadcast_arrays", a, b)
    assert torchnp.broadcast_shapes(a.shape, shape, extra + (1,) * a.ndim) == \
        numpy.broadcast_shapes(a.shape, shape, extra + (1,) * a.ndim)


def test_broadcast_errors():
    check("broadcast_to", numpy.ones(3), (4,))
    check("broadcast_to", numpy.ones(3), (-1,))
    check("broadcast_to", numpy.ones((2, 3)), (3,))
    check("broadcast_arrays", numpy.ones(3), numpy.ones(4))


@given(st.lists(arrays(max_dims=3), min_size=1, max_size=3))
@small
def test_atleast(arrs):
    for name in ("atleast_1d", "atleast_2d", "atleast_3d"):
        check(name, arrs[0])
        check(name, *arrs)


# ------------------------------------------------------------------ joining (§2.3)
@small
@given(st.data(), st.integers(1, 3))
def test_concatenate_stack(data, nd):
    shape = data.draw(st.lists(st.integers(0, 3), min_size=nd, max_size=nd))
    axis = data.draw(st.integers(-nd, nd - 1))
    arrs = []
    for _ in range(data.draw(st.integers(1, 3))):
        s = list(shape)
        s[axis] = data.draw(st.integers(0, 3))
        arrs.append(data.draw(arrays(shape=tuple(s))))
    check("concatenate", arrs, axis=axis)
    check("concat", arrs, axis=axis)
    check("concatenate", arrs, axis=None)
    check("concatenate", arrs, axis=axis, dtype=numpy.complex128)
    same = [data.draw(arrays(shape=tuple(shape))) for _ in range(len(arrs))]
    check("stack", same, axis=data.draw(st.integers(-nd - 1, nd)))
    for name in ("vstack", "hstack", "dstack", "column_stack"):
        check(name, same)


def test_concatenate_promotion_and_errors():  # §2.3
    i32 = numpy.arange(3, dtype=numpy.int32)
    f32 = numpy.ones(2, dtype=numpy.float32)
    r = check("concatenate", [i32, f32])
    assert r.dtype == numpy.float64
    check("concatenate", [numpy.ones((2, 2)), numpy.ones((2, 3))])  # ValueError, dimension 1
    with pytest.raises(ValueError, match="along dimension 1, the array at index 0 has size 2 and the array at "
                                         "index 1 has size 3"):
        torchnp.concatenate([tnp(numpy.ones((2, 2))), tnp(numpy.ones((2, 3)))])
    check("concatenate", [numpy.ones((2, 2)), numpy.ones(2)])
    check("concatenate", [numpy.ones(2)], axis=1)         # AxisError
    check("concatenate", [numpy.float64(1), numpy.float64(2)])
    check("concatenate", [])
    check("concatenate", [numpy.ones(2), numpy.ones(2)], dtype=numpy.int64)  # same_kind: TypeError
    check("concatenate", [numpy.ones(2), numpy.ones(2)], dtype=numpy.int64, casting="unsafe")
    check("concatenate", [numpy.ones(2, numpy.int8), numpy.ones(2, numpy.uint8)], dtype=numpy.int8,
          casting="safe")
    check("stack", [numpy.ones(2), numpy.ones(3)])
    check("stack", [numpy.ones(2)], axis=2)
    check("stack", [])
    out = torchnp.zeros(4, dtype=numpy.float32, device=DEVICE)
    r = torchnp.concatenate([tnp(numpy.ones(2)), tnp(numpy.zeros(2))], out=out)
    assert r is out
    assert_like_numpy(out, numpy.array([1, 1, 0, 0], numpy.float32))
    with pytest.raises(TypeError):
        torchnp.concatenate([tnp(numpy.ones(2))], out=out, dtype=float)
    check("concatenate", [[1, 2], [3.5]])  # lists are array-likes


def test_operand_rules():  # §3.3, §3.2
    x = torchnp.ones(3, device=DEVICE)
    h = torchnp.ones(3, device="cpu")  # host data mixes with CPU arrays, zero-copy (§3.3)
    assert_like_numpy(torchnp.concatenate([h, numpy.arange(3.0)]), numpy.concatenate([numpy.ones(3), numpy.arange(3.0)]),
                      device="cpu")
    assert_like_numpy(torchnp.reshape(numpy.ones(3), (3, 1)), numpy.ones((3, 1)), device="cpu")
    assert_like_numpy(torchnp.where(h > 0, numpy.arange(3.0), 0.0), numpy.arange(3.0), device="cpu")
    meta = torchnp.ones(3, device="meta")
    for call in (lambda: torchnp.concatenate([meta, numpy.ones(3)]), lambda: torchnp.where(meta > 0, numpy.ones(3), 0.0)):
        with pytest.raises(torchnp.DeviceMismatchError):  # ... and never moves to a device implicitly
            call()
    r = torchnp.concatenate([x, [1, 2]])
    assert r.device == x.device
    meta = torchnp.ones(3, device="meta")
    with pytest.raises(torchnp.DeviceMismatchError):
        torchnp.concatenate([torchnp.ones(3, device="cpu"), meta])
    with pytest.raises(torchnp.DeviceMismatchError):
        torchnp.stack([torchnp.ones(3, device="cpu"), meta])
    with pytest.raises(torchnp.DeviceMismatchError):
        torchnp.where(torchnp.ones(3, device="cpu") > 0, meta, 0.0)


def deep(obj):
    """NumPy arrays inside nested lists/tuples -> torchnp arrays on DEVICE."""
    if isinstance(obj, (numpy.ndarray, numpy.generic)):
        return tnp(obj)
    if isinstance(obj, (list, tuple)):
        return type(obj)(deep(v) for v in obj)
    return obj


def check_block(arg):
    try:
        exp = numpy.block(arg)
    except Exception as exc:  # noqa: BLE001 - same exception type
        with pytest.raises(type(exc)):
            torchnp.block(deep(arg))
        return
    assert_like_numpy(torchnp.block(deep(arg)), exp)


def test_block():
    a, b = numpy.eye(2), numpy.zeros((2, 3))
    c, d = numpy.ones((1, 2), numpy.int32), numpy.full((1, 3), 7.0)
    check_block([[a, b], [c, d]])
    check_block([a, b[:, :2]])
    check_block([1, 2, 3])
    check_block([[1, 2], [3, 4]])
    check_block([numpy.ones(2), 5])
    check_block(numpy.float64(3))
    check_block([[a], [c]])
    check_block([[[a]], [[c]]])
    check_block([])                     # ValueError: empty list
    check_block([[a], c])               # ValueError: mismatched depths
    check_block((a, b))                 # TypeError: tuples
    check_block([[a, c]])               # ValueError: shapes


@small
@given(arrays(min_dims=1), st.data())
def test_unstack(a, data):
    check("unstack", a, axis=data.draw(st.integers(-a.ndim - 1, a.ndim)))


# ------------------------------------------------------------------ splitting
@small
@given(arrays(min_dims=1, max_side=6), st.data())
def test_split(a, data):
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
    n = data.draw(st.integers(1, 4))
    check("array_split", a, n, axis=axis)
    check("split", a, n, axis=axis)   # ValueError when not divisible
    idx = data.draw(st.lists(st.integers(-7, 7), max_size=3))
    check("split", a, idx, axis=axis)
    check("array_split", a, idx, axis=axis)
    for name in ("hsplit", "vsplit", "dsplit"):
        check(name, a, n)
        check(name, a, idx)


def test_split_errors():
    check("split", numpy.arange(5), 0)
    check("split", numpy.arange(5), 2, axis=1)
    check("split", numpy.float64(1), 2)
    check("hsplit", numpy.float64(1), 2)
    check("split", numpy.arange(6), tnp(numpy.array([2, 3])).to_numpy())


# ------------------------------------------------------------------ tiling
@small
@given(arrays(SUPPORTED_DTYPES), st.data())
def test_tile_repeat(a, data):
    check("tile", a, data.draw(st.integers(0, 3)))
    check("tile", a, tuple(data.draw(st.lists(st.integers(0, 3), max_size=4))))
    check("repeat", a, data.draw(st.integers(0, 3)))
    if a.ndim:
        axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
        check("repeat", a, data.draw(st.integers(0, 3)), axis=axis)
        reps = numpy.array(data.draw(st.lists(st.integers(0, 3), min_size=a.shape[axis], max_size=a.shape[axis])),
                           dtype=numpy.int64)
        check("repeat", a, reps, axis=axis)
        check("repeat", a, reps.tolist(), axis=axis)


def test_tile_repeat_errors():
    check("tile", numpy.arange(3), -1)
    check("repeat", numpy.arange(3), -1)
    check("repeat", numpy.arange(2), [1, 2, 3])
    check("repeat", numpy.arange(2), [-1, 2])
    check("repeat", numpy.arange(2), 2, axis=1)
    assert shares(torchnp.tile(tnp(numpy.arange(3)), 1), tnp(numpy.arange(3))) is False


# ------------------------------------------------------------------ adding / removing
@small
@given(arrays(min_dims=1, max_side=5), st.data())
def test_delete_insert_append(a, data):
    axis = data.draw(st.sampled_from([None] + list(range(-a.ndim, a.ndim))))
    n = a.size if axis is None else a.shape[axis]
    idx = data.draw(st.integers(-n - 1, n + 1))
    check("delete", a, idx, axis=axis)
    check("delete", a, slice(data.draw(st.integers(-3, 3)), None, data.draw(st.sampled_from([1, 2, -1]))), axis=axis)
    lst = data.draw(st.lists(st.integers(-n, max(n - 1, -n)), max_size=3)) if n else []
    check("delete", a, lst, axis=axis)
    check("delete", a, numpy.array(data.draw(st.lists(st.booleans(), min_size=n, max_size=n)), dtype=bool),
          axis=axis)
    check("insert", a, data.draw(st.integers(-n - 1, n + 1)), 7, axis=axis)
    check("insert", a, lst, 5, axis=axis)
    check("insert", a, [data.draw(st.integers(-n, n))], 3, axis=axis)
    check("append", a, a, axis=axis)


def test_insert_blocks():
    a = numpy.arange(6).reshape(2, 3)
    check("insert", a, 1, [7, 8], axis=1)
    check("insert", a, [1], [[7], [8]], axis=1)
    check("insert", a, [0, 2], [[7], [8]], axis=1)
    check("insert", a, 1, 5.5)
    check("insert", numpy.arange(3), [0, 0, 3], [9, 8, 7])
    check("insert", numpy.arange(3), slice(0, 2), [9, 8])
    check("insert", numpy.arange(3), numpy.array([True, False, True]), 4)
    for dtype in ("int8", "uint8", "int64", "float32", "bool"):  # NumPy's array(values, dtype=arr.dtype):
        for v in (300, -1, 1j, float("nan"), float("inf"), [1, 300], [1j], 1.5):  # 300 into int8 was 44, 1j 0
            check("insert", numpy.zeros(3, dtype), 1, v)
    check("insert", a, 5, 1, axis=1)              # IndexError
    check("insert", a, 1, 1, axis=2)              # AxisError
    check("delete", a, 5, axis=1)                 # IndexError
    check("delete", a, [True, False], axis=1)     # ValueError
    check("append", a, numpy.ones(3, numpy.float32), axis=1)  # ValueError: ndim
    check("insert", numpy.arange(5), [1, 2], [1, 2, 3])       # ValueError: values shape


@small
@given(arrays(min_dims=0, max_dims=3), st.lists(st.integers(0, 5), max_size=3))
def test_resize(a, shape):
    check("resize", a, tuple(shape))


def test_resize_errors():
    check("resize", numpy.arange(3), (-1, 2))
    check("resize", numpy.arange(3), 7)
    check("resize", numpy.zeros(0), 3)


@small
@given(arrays(SUPPORTED_DTYPES, min_dims=1, max_dims=3,
              elements=st.integers(0, 1)), st.sampled_from(["f", "b", "fb", "bf", "FB"]), st.data())
def test_trim_zeros(a, trim, data):
    check("trim_zeros", a, trim)
    check("trim_zeros", a, trim, axis=data.draw(st.integers(-a.ndim, a.ndim - 1)))


def test_trim_zeros_errors():
    check("trim_zeros", numpy.array([0, 1, 0]), "x")
    check("trim_zeros", numpy.array([0, 1, 0]), axis=1)
    check("trim_zeros", numpy.zeros((2, 2)))


@settings(max_examples=examples(30))
@given(st.one_of(arrays(SUPPORTED_DTYPES, min_dims=0, max_dims=3, elements=st.integers(0, 1)),
                 arrays(SUPPORTED_DTYPES[1:], min_dims=0, max_dims=3, elements=st.integers(0, 3))), st.data())
def test_unique(a, data):
    flags = {k: data.draw(st.booleans()) for k in ("return_index", "return_inverse", "return_counts")}
    check("unique", a, **flags)
    if a.ndim:
        axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
        if a.dtype.kind != "c" and a.size:
            check("unique", a, axis=axis, **flags)
    res = torchnp.unique_all(tnp(a))
    exp = numpy.unique_all(a)
    assert type(res).__name__ == "UniqueAllResult"
    assert_like_numpy(tuple(res), tuple(exp))
    assert_like_numpy(tuple(torchnp.unique_counts(tnp(a))), tuple(numpy.unique_counts(a)))
    assert_like_numpy(torchnp.unique_inverse(tnp(a)).inverse_indices, numpy.unique_inverse(a).inverse_indices)
    assert_like_numpy(torchnp.unique_values(tnp(a)), numpy.sort(numpy.unique_values(a)))


def test_unique_nan_and_axis():
    f = numpy.array([numpy.nan, 1.0, numpy.nan, 1.0, -0.5])
    check("unique", f, return_index=True, return_inverse=True, return_counts=True)
    check("unique", f, equal_nan=False)
    check("unique", f, equal_nan=False, return_counts=True)
    m = numpy.array([[1, 0, 0], [1, 0, 0], [2, 3, 4], [0, 9, 9]])
    check("unique", m, axis=0, return_index=True, return_inverse=True, return_counts=True)
    check("unique", m, axis=1, return_inverse=True)
    check("unique", m, axis=2)
    check("unique", numpy.zeros(0))


# ------------------------------------------------------------------ rearranging
@small
@given(arrays(SUPPORTED_DTYPES, min_dims=0), st.data())
def test_flip_roll_rot90(a, data):
    n = a.ndim
    check("flip", a)
    check("flip", a, data.draw(st.integers(-n - 1, n)))
    check("fliplr", a)
    check("flipud", a)
    check("roll", a, data.draw(st.integers(-7, 7)))
    if n:
        axes = data.draw(st.lists(st.integers(-n, n - 1), min_size=1, max_size=3))
        shifts = data.draw(st.lists(st.integers(-7, 7), min_size=len(axes), max_size=len(axes)))
        check("roll", a, tuple(shifts), axis=tuple(axes))
        check("roll", a, shifts[0], axis=tuple(axes))
    check("roll", a, 1, axis=n)  # AxisError
    ax = (data.draw(st.integers(-3, 3)), data.draw(st.integers(-3, 3)))
    check("rot90", a, data.draw(st.integers(-5, 5)), axes=ax)


def test_rot90_errors():
    check("rot90", numpy.ones((2, 2)), 1, (0,))
    check("rot90", numpy.ones((2, 2)), 1, (1, 1))


# ------------------------------------------------------------------ padding
PAD_DTYPES = [numpy.dtype(d) for d in ("int16", "uint8", "float32", "float64", "complex128")]
MODES = ["constant", "edge", "linear_ramp", "maximum", "mean", "median", "minimum", "reflect", "symmetric",
         "wrap"]


@settings(max_examples=examples(40))
@given(arrays(PAD_DTYPES,
              min_dims=1, max_dims=3, min_side=1, max_side=4), st.sampled_from(MODES), st.data())
def test_pad(a, mode, data):
    width = data.draw(st.sampled_from([
        data.draw(st.integers(0, 9)),
        (data.draw(st.integers(0, 9)), data.draw(st.integers(0, 9))),
        tuple((data.draw(st.integers(0, 9)), data.draw(st.integers(0, 5))) for _ in range(a.ndim)),
    ]))
    kw = {}
    if mode == "constant":
        kw = data.draw(st.sampled_from([{}, {"constant_values": 3}, {"constant_values": (1, 2)}]))
    elif mode == "linear_ramp":
        kw = data.draw(st.sampled_from([{}, {"end_values": 5}, {"end_values": (-2, 7)}]))
    elif mode in ("maximum", "minimum", "mean", "median"):
        kw = data.draw(st.sampled_from([{}, {"stat_length": 1}, {"stat_length": (2, 3)}]))
    elif mode in ("reflect", "symmetric"):
        kw = data.draw(st.sampled_from([{}, {"reflect_type": "odd"}]))
    rtol = 1e-4 if a.dtype == numpy.float32 else None
    atol = 1e-3 if rtol else None
    if kw.get("reflect_type") == "odd" and a.dtype.kind == "f" and a.size:
        # odd reflection is 2 * edge - x, again for every period: a small value that cancels two
        # large ones is exact to a few ulps of the largest, not of itself (seed 1608302705; float32
        # too: seed 1414213562, 1e4-sized values, a difference of 0.006 = 3 ulps of 2e4)
        expected = numpy.pad(a, width, mode=mode, **kw)
        atol = 8 * numpy.finfo(a.dtype).eps * float(numpy.abs(expected).max(initial=0.0))
    check("pad", a, width, mode=mode, **kw, compare=Compare(rtol=rtol, atol=atol))


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("n", [1, 2, 5])
def test_pad_every_mode_and_width(mode, n):
    """Every mode on sizes 1, 2 and 5 with widths beyond one period on both sides, each option of
    the mode, and a 2-d array (found by mutation testing: 40 drawn examples left modes untried)."""
    a = numpy.array([3.0, -1.0, 4.0, 1.5, -5.0][:n])
    b = numpy.arange(float(2 * n)).reshape(2, n) ** 2
    opts = {"constant": [{}, {"constant_values": (7, -2)}], "linear_ramp": [{}, {"end_values": (5, -3)}],
            "reflect": [{}, {"reflect_type": "odd"}], "symmetric": [{}, {"reflect_type": "odd"}],
            "maximum": [{}, {"stat_length": 2}, {"stat_length": (1, 3)}, {"stat_length": 0}],
            "minimum": [{}, {"stat_length": 2}, {"stat_length": (1, 3)}, {"stat_length": 0}],
            "median": [{}, {"stat_length": 2}, {"stat_length": (3, 4)}], "mean": [{}, {"stat_length": (1, 4)}],
            }.get(mode, [{}])
    for kw in opts:
        for width in ((0, 3), (4, 1), (2 * n + 3, n + 1)):
            check("pad", a, width, mode=mode, **kw)
            check("pad", numpy.round(a * 3).astype(numpy.int16), width, mode=mode, **kw)
        check("pad", b, ((1, 2), (3, 1)), mode=mode, **kw)


def test_pad_callable_mode_and_errors():
    def fill(vector, width, axis, kwargs):
        vector[:width[0]] = 10 * axis + kwargs.get("v", 1)
        if width[1]:
            vector[-width[1]:] = -1 - axis

    a = numpy.arange(12.0).reshape(3, 4)
    for width in (1, (2, 1), ((1, 0), (0, 2))):
        check("pad", a, width, fill)
        check("pad", a, width, fill, v=5)
        check("pad", a[0], width if isinstance(width, int) else width[0], fill)
    with pytest.raises(ValueError, match="^can't extend empty axis 0 using modes other than 'constant' or 'empty'$"):
        torchnp.pad(tnp(numpy.zeros((0, 2))), 1, mode="edge")
    check("pad", numpy.zeros((0, 2)), 1, mode="edge")


@pytest.mark.parametrize("dtype", ["int8", "uint8", "int64", "float32", "bool", "complex64"])
def test_pad_constant_python_values_as_numpys(dtype):
    # NumPy writes the constant as a NumPy scalar: through int() into signed integers (300 into int8:
    # OverflowError, NaN: ValueError; torchnp wrote 44 and INT_MIN), wrapping into unsigned ones; a
    # Python int past int64 as Python's (2**70 raised AttributeError)
    for v in (300, -1, float("nan"), float("inf"), 2**70, 1.5, (1, 300)):
        check("pad", numpy.zeros(2, dtype), 1, constant_values=v)


@pytest.mark.parametrize("mode", ["maximum", "minimum", "median"])
@pytest.mark.parametrize("stat_length", [None, 1, 2, (3, 2)])
def test_pad_complex_statistics(mode, stat_length):
    """Complex max/min in NumPy's lexicographic order (first NaN wins), median of the lexicographic
    sort (its last value where that is a NaN): torch has no complex amax/amin/sort."""
    nan = numpy.nan
    rows = numpy.array([[1 + 1j, 3 - 1j, 3 + 0j, 2, 1 - 5j],
                        [1 + 1j, complex(nan, 0), 3 + 0j, 2, 1 - 5j],
                        [complex(1, nan), 3 - 1j, complex(nan, 1), 2, -4 + 2j],
                        [2 - 1j, 2 + 1j, 2 + 0j, -7 + 9j, 2 + 1j]])
    for a in (rows, rows.T.copy(), rows[1:2, :4]):
        check("pad", a, ((1, 2), (2, 3)), mode=mode, stat_length=stat_length)


@pytest.mark.parametrize("mode, key, value", [
    ("constant", "constant_values", numpy.array([[1.7, 2.0], [3.0, 4.0]])),
    ("constant", "constant_values", numpy.array(5)),
    ("constant", "constant_values", numpy.array([-1, 2])),
    ("constant", "constant_values", numpy.array([[1], [2]])),
    ("constant", "constant_values", numpy.ones((3, 2))),            # ValueError: does not broadcast
    ("linear_ramp", "end_values", numpy.array([[1, 2], [3, 4]])),
])
def test_pad_with_array_values(mode, key, value):  # §3.5: fill values stay on the array's device, no host read
    a = numpy.arange(6).reshape(2, 3)
    try:
        expected = numpy.pad(a, (1, 2), mode=mode, **{key: value})
    except ValueError as exc:
        with pytest.raises(ValueError, match=re.escape(str(exc))):
            torchnp.pad(tnp(a), (1, 2), mode=mode, **{key: tnp(value)})
        return
    assert_like_numpy(torchnp.pad(tnp(a), (1, 2), mode=mode, **{key: tnp(value)}), expected)


def test_pad_empty_and_callable_and_errors():
    a = numpy.arange(6.0).reshape(2, 3)
    r = torchnp.pad(tnp(a), 2, mode="empty")
    assert r.shape == numpy.pad(a, 2, mode="empty").shape and r.dtype == a.dtype
    assert_like_numpy(r[2:4, 2:5], a)

    def padder(vector, pad_width, iaxis, kwargs):
        vector[:pad_width[0]] = kwargs.get("padder", 10)
        if pad_width[1]:
            vector[-pad_width[1]:] = kwargs.get("padder", 10)

    check("pad", a, 2, padder)
    check("pad", a, (1, 2), padder, padder=-3)
    check("pad", a, 2, mode="nope")                                # ValueError
    check("pad", a, 2, mode="edge", constant_values=3)              # ValueError
    check("pad", a, -1)                                             # ValueError
    check("pad", a, ((1, 2), (3, 4), (5, 6)))                       # ValueError: broadcast
    check("pad", numpy.zeros((0, 2)), 1, mode="edge")              # ValueError: empty axis
    check("pad", numpy.zeros((0, 2)), 1)                            # fine with constant
    check("pad", numpy.zeros((0, 2)), ((0, 0), (1, 1)), mode="wrap")
    check("pad", a, 1, mode="maximum", stat_length=0)               # ValueError
    check("pad", numpy.arange(1.0), 3, mode="reflect")
    check("pad", numpy.array([1, 2], numpy.int8), 2, constant_values=1.7)


# ------------------------------------------------------------------ functional
def test_apply_along_axis_over_axes():
    a = numpy.arange(24.0).reshape(2, 3, 4)
    for axis in (0, 1, -1):
        r2 = torchnp.apply_along_axis(lambda v: v[::2] * 2, axis, tnp(a))
        assert_like_numpy(r2, numpy.apply_along_axis(lambda v: v[::2] * 2, axis, a))
        r3 = torchnp.apply_along_axis(lambda v: torchnp.stack([v, v]), axis, tnp(a))
        assert_like_numpy(r3, numpy.apply_along_axis(lambda v: numpy.stack([v, v]), axis, a))
        r4 = torchnp.apply_along_axis(lambda v: v[0], axis, tnp(a))
        assert_like_numpy(r4, numpy.apply_along_axis(lambda v: v[0], axis, a))
    with pytest.raises(AxisError):
        torchnp.apply_along_axis(lambda v: v, 3, tnp(a))
    keep = torchnp.apply_over_axes(lambda x, ax: torchnp.flip(x, ax)[:1] if ax == 0 else x, tnp(a), [0, 2])
    exp = numpy.apply_over_axes(lambda x, ax: numpy.flip(x, ax)[:1] if ax == 0 else x, a, [0, 2])
    assert_like_numpy(keep, exp)
    r = torchnp.apply_over_axes(lambda x, ax: torchnp.take(x, 0, axis=ax), tnp(a), (1, -1))
    assert_like_numpy(r, numpy.apply_over_axes(lambda x, ax: numpy.take(x, 0, axis=ax), a, (1, -1)))


def test_vectorize_frompyfunc():
    def f(x, y):
        return x * 2 + y if x > 1 else x - y

    a, b = numpy.arange(6).reshape(2, 3), numpy.array([0.5, 1.0, 2.0])
    assert_like_numpy(torchnp.vectorize(f)(tnp(a), tnp(b)), numpy.vectorize(f)(a, b))
    assert_like_numpy(torchnp.vectorize(f)(tnp(a), 3), numpy.vectorize(f)(a, 3))
    assert_like_numpy(torchnp.vectorize(f, otypes=[numpy.float32])(tnp(a), 1),
                      numpy.vectorize(f, otypes=[numpy.float32])(a, 1))
    vf = torchnp.vectorize(lambda x, p: x ** p, excluded={"p"})
    assert_like_numpy(vf(tnp(a), p=2), numpy.vectorize(lambda x, p: x ** p, excluded={"p"})(a, p=2))
    two = torchnp.vectorize(lambda x: (x, x * 1.5))(tnp(a))
    assert_like_numpy(two, numpy.vectorize(lambda x: (x, x * 1.5))(a))
    assert torchnp.vectorize(f)(tnp(a), tnp(b)).device == tnp(a).device
    with pytest.raises(ValueError):
        torchnp.vectorize(f)(tnp(numpy.zeros(0)), 1)
    m = numpy.arange(12.0).reshape(3, 4)
    for sig, fn in (("(n),(n)->()", lambda u, v: (u * v).sum()), ("(n)->(),(n)", lambda u, v=None: (u[0], u[::-1]))):
        nin = sig.split("->")[0].count("(")
        targs, nargs = (tnp(m), tnp(m[0]))[:nin], (m, m[0])[:nin]
        assert_like_numpy(torchnp.vectorize(fn, signature=sig)(*targs), numpy.vectorize(fn, signature=sig)(*nargs))
    with pytest.raises(ValueError):
        torchnp.vectorize(lambda u, v: u, signature="(n),(n)->(n)")(tnp(m), tnp(numpy.ones(3)))


def test_frompyfunc_is_numpys_ufunc():  # §2.5: object results are host-only data, NumPy's own array
    def add(x, y):
        return x + y

    a, b = numpy.arange(6).reshape(2, 3), numpy.array([0.5, 1.0, 2.0])
    g, want = torchnp.frompyfunc(add, 2, 1), numpy.frompyfunc(add, 2, 1)
    assert (g.nin, g.nout, g.nargs, g.identity) == (want.nin, want.nout, want.nargs, want.identity)
    assert torchnp.frompyfunc(add, 2, 1, identity=0).identity == 0
    if RESULT_DEVICE.type != "cpu":  # device data: a TypeError naming the explicit copy, no host read
        with pytest.raises(TypeError, match="to_numpy"):
            g(tnp(a), tnp(b))
        return
    for got, exp in ((g(tnp(a), tnp(b)), want(a, b)), (g.reduce(tnp(a), axis=1), want.reduce(a, axis=1)),
                     (g.accumulate(tnp(b), dtype=object), want.accumulate(b, dtype=object)),
                     (g.outer(tnp(b), tnp(b)), want.outer(b, b)), (g(tnp(b), 1), want(b, 1))):
        assert type(got) is numpy.ndarray and got.dtype == object
        assert got.shape == exp.shape and all(type(u) is type(v) and u == v for u, v in zip(got.flat, exp.flat))
    assert g(2, 3) == want(2, 3) == 5


def test_vectorize_host_only_data():  # §2.5: str/object inputs or output types run NumPy's vectorize
    words, objs = numpy.array(["a", "bbb", "cc"]), numpy.empty(3, dtype=object)
    objs[:] = [[1, 2], [3], [4, 5, 6]]
    for fn, args, kw in ((len, (words,), {}), (len, (objs,), {}), (len, (["x", "yy"],), {}),
                         (str.upper, (words,), {"otypes": [str]}), (lambda s, n: s[:n] + "!", (words, numpy.arange(3)), {}),
                         (lambda x: str(x), (numpy.arange(3),), {"otypes": "U"})):
        want = numpy.vectorize(fn, **kw)(*args)
        got = torchnp.vectorize(fn, **kw)(*(torchnp.asarray(a, device="cpu") if a.dtype.kind in "iu" else a
                                            for a in map(numpy.asarray, args)))
        if want.dtype.kind in "UO":
            assert type(got) is numpy.ndarray and got.dtype == want.dtype
            numpy.testing.assert_array_equal(got, want)
        else:
            assert_like_numpy(got, want, device="cpu")


def test_ndenumerate_ndindex_nditer():
    a = numpy.arange(6, dtype=numpy.int16).reshape(2, 3)
    got = list(torchnp.ndenumerate(tnp(a)))
    exp = list(numpy.ndenumerate(a))
    assert [i for i, _ in got] == [i for i, _ in exp]
    assert [v for _, v in got] == [v for _, v in exp] and type(got[0][1]) is type(exp[0][1])
    assert list(torchnp.ndindex(2, 3)) == list(numpy.ndindex(2, 3))
    assert list(torchnp.ndindex((2, 1))) == list(numpy.ndindex((2, 1)))
    vals = [int(v) for v in torchnp.nditer(tnp(a))]
    assert vals == [int(v) for v in numpy.nditer(a)]
    b = numpy.array([10, 20, 30])
    pairs = [(int(x), int(y)) for x, y in torchnp.nditer([tnp(a), tnp(b)])]
    assert pairs == [(int(x), int(y)) for x, y in numpy.nditer([a, b])]
    it = torchnp.nditer(tnp(a), flags=["multi_index"])
    idx = []
    while not it.finished:
        idx.append(it.multi_index)
        it.iternext()
    nit = numpy.nditer(a, flags=["multi_index"])
    nidx = []
    while not nit.finished:
        nidx.append(nit.multi_index)
        nit.iternext()
    assert idx == nidx
    with pytest.raises(ValueError):
        torchnp.nditer([tnp(a), tnp(numpy.ones(2))])
    # readwrite iteration writes through 0-d views, as in NumPy's tutorial loop
    x, e = tnp(a), a.copy()
    for v in torchnp.nditer(x, op_flags=["readwrite"]):
        v[...] = 2 * v
    for v in numpy.nditer(e, op_flags=["readwrite"]):
        v[...] = 2 * v
    assert_like_numpy(x, e)
    it, nit = torchnp.nditer(x, flags=["multi_index"], op_flags=["writeonly"]), numpy.nditer(e, flags=["multi_index"],
                                                                                         op_flags=["writeonly"])
    for i in (it, nit):
        while not i.finished:
            i[0] = i.multi_index[1] - i.multi_index[0]
            i.iternext()
    assert_like_numpy(x, e)
    with pytest.raises(ValueError):  # a broadcast operand cannot be written
        torchnp.nditer([tnp(b), tnp(a)], op_flags=[["readwrite"], ["readonly"]])


def test_vectorize_output_dtype_from_first_call():
    # NumPy: without otypes, the first output fixes the dtype and later outputs are cast
    def g(a):
        return 1.5 if a else 0

    a = numpy.array([0, 1, 2])
    assert_like_numpy(torchnp.vectorize(g)(tnp(a)), numpy.vectorize(g)(a))
    h = lambda v: (v, v / 2)  # noqa: E731
    assert_like_numpy(torchnp.vectorize(h)(tnp(a)), numpy.vectorize(h)(a))


@pytest.mark.parametrize("sig,fn", [("(n),(n)->()", lambda x, y: x - y), ("(n),(n)->(n)", lambda x, y: (x - y).sum()),
                                    ("(n),(n)->(n)", lambda x, y: x[:2])])
def test_vectorize_signature_checks_output_core_dims(sig, fn):
    # a pyfunc whose output does not have the signature's core dimensions raises as in NumPy
    a, b = numpy.arange(6).reshape(2, 3), numpy.arange(3)
    with pytest.raises(ValueError):
        numpy.vectorize(fn, signature=sig)(a, b)
    with pytest.raises(ValueError):
        torchnp.vectorize(fn, signature=sig)(tnp(a), tnp(b))


def test_nditer_allocates_none_operand():
    # "100 NumPy exercises" #62: nditer([A, B, None]) allocates the output operand
    a, b = numpy.arange(3).reshape(3, 1), numpy.arange(3, dtype=numpy.int8).reshape(1, 3)
    results = []
    for mod, x, y in ((numpy, a, b), (torchnp, tnp(a), tnp(b))):
        it = mod.nditer([x, y, None])
        for p, q, r in it:
            r[...] = p + q
        results.append(it.operands[2])
    assert_like_numpy(results[1], results[0])


@pytest.mark.parametrize("order", ["K", "C", "F", "A"])
@pytest.mark.parametrize("view", ["c", "t", "f", "perm3"])
def test_nditer_order_multi_index_external_loop(order, view):
    # iteration order (memory order for 'K'), multi_index paired with the yielded value,
    # and external_loop chunks as NumPy gives them
    base = numpy.arange(24.0)
    a = {"c": base.reshape(4, 6), "t": base.reshape(4, 6).T, "f": numpy.asfortranarray(base.reshape(4, 6)),
         "perm3": base.reshape(2, 3, 4).transpose(1, 2, 0)}[view]
    x = tnp(a) if view != "f" else torchnp.asfortranarray(tnp(base.reshape(4, 6)))
    assert [float(v) for v in torchnp.nditer(x, order=order)] == [float(v) for v in numpy.nditer(a, order=order)]
    it, nit = torchnp.nditer(x, flags=["multi_index"], order=order), numpy.nditer(a, flags=["multi_index"], order=order)
    assert [(it.multi_index, float(v)) for v in it] == [(nit.multi_index, float(v)) for v in nit]
    got = [v.tolist() for v in torchnp.nditer(x, flags=["external_loop"], order=order)]
    assert got == [v.tolist() for v in numpy.nditer(a, flags=["external_loop"], order=order)]


# ------------------------------------------------------------------ numpy.lib.stride_tricks (§5.1)
@pytest.mark.parametrize("shape,window,kw", [
    ((10,), 3, {}), ((4, 6), (2, 3), {}), ((4, 6), 3, dict(axis=1)), ((4, 6), (2, 2), dict(axis=(1, 1))),
    ((4, 6), (0,), dict(axis=0)), ((3, 4, 5), (2, 2), dict(axis=(-1, 0))),
])
def test_sliding_window_view(shape, window, kw):
    a = numpy.arange(numpy.prod(shape), dtype=float).reshape(shape)
    x = tnp(a)
    r = torchnp.lib.stride_tricks.sliding_window_view(x, window, **kw)
    assert_like_numpy(r, numpy.lib.stride_tricks.sliding_window_view(a, window, **kw))
    if r.size:
        assert shares(r, x)  # a view, as in NumPy (§1.2)


@pytest.mark.parametrize("window,kw", [(7, dict(axis=0)), (-1, dict(axis=0)), (2, {}), ((2,), dict(axis=(0, 1))),
                                       (2, dict(axis=2))])
def test_sliding_window_view_errors(window, kw):
    a = numpy.zeros((4, 6))
    with pytest.raises(Exception) as expected:
        numpy.lib.stride_tricks.sliding_window_view(a, window, **kw)
    with pytest.raises(expected.type, match=str(expected.value)[:20].replace("(", ".").replace("`", ".")):
        torchnp.lib.stride_tricks.sliding_window_view(tnp(a), window, **kw)


def test_as_strided_and_lib_namespace():
    a = numpy.arange(10)
    x = tnp(a)
    assert_like_numpy(torchnp.lib.stride_tricks.as_strided(x[1:], shape=(3, 3), strides=(8, 8)),
                      numpy.lib.stride_tricks.as_strided(a[1:], shape=(3, 3), strides=(8, 8)))
    assert_like_numpy(torchnp.lib.stride_tricks.as_strided(x), a)
    with pytest.raises(ValueError, match="itemsize"):
        torchnp.lib.stride_tricks.as_strided(x, shape=(2,), strides=(4,))
    from torchnp.lib.stride_tricks import broadcast_to, sliding_window_view  # noqa: F401
    assert torchnp.lib.scimath is torchnp.emath
    assert torchnp.lib.NumpyVersion("2.4.0") > "2.0.0"


def test_row_stack_deprecated_alias():  # §5.1: NumPy 2 warns that row_stack is deprecated
    a = numpy.arange(3.0)
    with pytest.warns(DeprecationWarning, match="row_stack"):
        expected = numpy.row_stack([a, a])
    with pytest.warns(DeprecationWarning, match="row_stack"):
        got = torchnp.row_stack([tnp(a), tnp(a)])
    assert_like_numpy(got, expected)


@pytest.mark.parametrize("make", [lambda a: a, lambda a: a[::2], lambda a: a.T, lambda a: a[1:, ::-1], lambda a: a[:0],
                                  lambda a: a.reshape(-1)[3:7]])
def test_lib_array_utils_matches_numpy(make):  # numpy.lib.array_utils
    base = numpy.arange(24.0).reshape(4, 6)
    view = make(base)
    x = make(torchnp.asarray(base, device=DEVICE)) if view.strides and all(s >= 0 for s in view.strides) \
        else torchnp.asarray(view, device=DEVICE)  # negative steps copy in torchnp (§1.2): same span
    lo, hi = numpy.lib.array_utils.byte_bounds(view)
    tlo, thi = torchnp.lib.array_utils.byte_bounds(x)
    assert thi - tlo == hi - lo
    assert torchnp.lib.array_utils.normalize_axis_index(-1, 3) == numpy.lib.array_utils.normalize_axis_index(-1, 3)
    assert torchnp.lib.array_utils.normalize_axis_tuple((0, -1), 3) == (0, 2)
    with pytest.raises(numpy.exceptions.AxisError):
        torchnp.lib.array_utils.normalize_axis_index(3, 3)


# §5.1 moveaxis takes any sequence of axes (a range too) with NumPy's messages (issue 16)
@pytest.mark.parametrize("source,destination", [(range(2), [1, 0]), (range(2), range(1, 3)), ([0, 0], [1, 2]),
                                                (0, 3), (0.5, 1), ((0, 1), (2,))])
def test_moveaxis_sequences(source, destination):
    a = numpy.zeros((1, 2, 3))
    exc = check("moveaxis", a, source, destination)
    if isinstance(exc, Exception):
        with pytest.raises(type(exc), match=re.escape(str(exc))):
            torchnp.moveaxis(tnp(a), source, destination)


@given(arrays(min_dims=1, max_dims=4), st.data())
def test_moveaxis_range(a, data):
    k = data.draw(st.integers(0, a.ndim))
    dst = data.draw(st.permutations(range(a.ndim))).__getitem__(slice(k))
    check("moveaxis", a, range(k), dst)


# §5.1 joining functions take sequences, not generators, with NumPy's TypeError (issue 16)
@pytest.mark.parametrize("name", ["vstack", "hstack", "stack", "dstack", "column_stack", "concatenate"])
@pytest.mark.parametrize("make", [lambda: (numpy.ones(2) for _ in range(2)), lambda: [], lambda: iter([numpy.ones(2)])])
def test_joining_needs_a_sequence(name, make):
    exc = check(name, make())
    if isinstance(exc, Exception):
        with pytest.raises(type(exc), match=re.escape(str(exc))):
            getattr(torchnp, name)(make())


@pytest.mark.parametrize("mode", ["mean", "median"])
@pytest.mark.parametrize("dtype", [numpy.complex64, numpy.complex128, numpy.float32])
def test_pad_mean_median_keep_the_dtype(mode, dtype):
    """mean/median pad statistics are computed in the array's own floating or complex dtype, never
    through float64 (found by mutation testing: a complex mean taken as float64 lost the imaginary
    part and no test padded complex data with mode="mean")."""
    a = numpy.array([[1 + 2j, -3 + 0.5j, 2 - 1j, 0.25 + 4j], [5 - 2j, 1 + 1j, -1 - 1j, 3 + 0j]]).astype(dtype)
    for width, stat_length in ((((1, 2), (2, 1)), None), (3, 2), ((2, 3), (1, 3))):
        check("pad", a, width, mode=mode, stat_length=stat_length)
