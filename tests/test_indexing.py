"""Indexing and assignment through indices (docs/design.md §1.2), differential against NumPy."""

import warnings

import numpy
import pytest
from hypothesis import given, strategies as st
from hypothesis.extra import numpy as hnp

import torchnp
from support import DEVICE, SUPPORTED_DTYPES, arrays, assert_like_numpy, outcome, raises_like, tnp


def _key_for_torchnp(key):
    """The same key with NumPy arrays replaced by torchnp arrays on DEVICE."""
    if isinstance(key, tuple):
        return tuple(_key_for_torchnp(k) for k in key)
    if isinstance(key, numpy.ndarray):
        return tnp(key)
    return key


def _same_getitem(a, key):
    x = tnp(a, copy=True)
    try:
        expected = a[key]
    except Exception as exc:  # noqa: BLE001 - compare exception types
        raises_like(type(exc), x.__getitem__, _key_for_torchnp(key))  # (index values: a value check, §3.5)
        return
    got = x[_key_for_torchnp(key)]
    assert_like_numpy(got, expected)  # one element: NumPy's scalar on the host (§1.3)


def _same_setitem(a, key, value):
    x = tnp(a, copy=True)
    expected = a.copy()
    try:
        expected[key] = value
    except Exception as exc:  # noqa: BLE001
        raises_like(type(exc), x.__setitem__, _key_for_torchnp(key), _key_for_torchnp(value))
        return
    x[_key_for_torchnp(key)] = _key_for_torchnp(value)
    assert_like_numpy(x, expected)


# ---------------------------------------------------------------- views (§1.2)
def test_positive_step_slices_are_views_both_ways():  # §1.2
    a = torchnp.arange(20.0, device=DEVICE).reshape(4, 5)
    v = a[1:3, ::2]
    v[0, 1] = -7.0
    assert float(a[1, 2]) == -7.0
    a[2, 4] = 99.0
    assert float(v[1, 2]) == 99.0
    assert v.base is not None
    assert a.base is None or a.base.shape != v.shape


def test_basic_index_forms_are_views():  # §1.2
    a = torchnp.zeros((3, 4), device=DEVICE)
    for key in (0, (1,), (Ellipsis, 1), (None, 2), (slice(1, None), None, slice(None, None, 3))):
        v = a[key]
        v[...] = 5
        ref = numpy.zeros((3, 4))
        ref[key] = 5
        assert_like_numpy(a, ref)
        a[...] = 0


def test_negative_step_is_copy_documented():  # §1.2: negative steps cannot be views in torch
    a = torchnp.arange(5, device=DEVICE)
    r = a[::-1]
    assert_like_numpy(r, numpy.arange(5)[::-1])
    r[0] = 100
    assert_like_numpy(a, numpy.arange(5))


@pytest.mark.parametrize("key", [slice(None, None, -1), slice(8, 1, -3), slice(1, 7, -2), slice(None, 2, -2),
                                 (slice(None), slice(None, None, -2))])
def test_setitem_negative_steps_write_into_x(key):  # §1.2: x[::-1] = y writes into x
    a = numpy.arange(40).reshape(10, 4) if isinstance(key, tuple) else numpy.arange(10)
    shape = a[key].shape
    _same_setitem(a, key, numpy.arange(numpy.prod(shape), dtype=numpy.int64).reshape(shape) * 10)
    _same_setitem(a, key, -1)


def test_setitem_masks_fancy_mixed():  # §1.2
    a = numpy.arange(24, dtype=numpy.float32).reshape(2, 3, 4)
    _same_setitem(a, a > 10, 0.5)
    _same_setitem(a, a > 10, numpy.arange(13, dtype=numpy.float32))
    _same_setitem(a, (numpy.array([1, 0]), slice(None), numpy.array([3, 0])), numpy.arange(3, dtype=numpy.float32))
    _same_setitem(a, (Ellipsis, numpy.array([0, 2])), 7)
    _same_setitem(a, (0, None, numpy.array([True, False, True])), numpy.array([[1.0], [2.0]]))
    _same_setitem(a, (slice(None), [0, 2], slice(1, 3)), numpy.array([1.0, 2.0]))
    _same_setitem(a, numpy.array([True, False]), -1)
    _same_setitem(a, ..., numpy.arange(4.0))


def test_setitem_casts_like_numpy():  # §1.2: dtype casting on assignment
    _same_setitem(numpy.arange(5), slice(1, 3), 2.7)  # float -> int truncates
    _same_setitem(numpy.arange(5, dtype=numpy.int8), slice(None), numpy.array([300, 1, 2, 3, 4], dtype=numpy.int64))
    _same_setitem(numpy.zeros(3), 0, True)
    _same_setitem(numpy.zeros(3, dtype=bool), 1, 5)
    with pytest.warns(numpy.exceptions.ComplexWarning):
        x = tnp(numpy.zeros(2))
        x[:] = tnp(numpy.array([1 + 2j, 3j]))
    assert_like_numpy(x, numpy.array([1.0, 0.0]))


@pytest.mark.parametrize("dtype,value", [("int8", 200), ("uint8", -1), ("int64", 2**63), ("int16", -(2**15) - 1),
                                         ("uint8", 2**70)])
def test_setitem_python_int_overflow(dtype, value):  # §1.2, NEP 50: OverflowError as NumPy 2
    a = numpy.zeros(3, dtype=dtype)
    with pytest.raises(OverflowError):
        a[0] = value
    x = tnp(a)
    with pytest.raises(OverflowError):
        x[0] = value
    with pytest.raises(OverflowError):
        x[x == 0] = value


def test_setitem_complex_into_real_is_typeerror():  # §1.2
    _same_setitem(numpy.zeros(3), 0, 1 + 2j)


def test_setitem_shape_mismatch_is_valueerror():  # §1.2
    _same_setitem(numpy.zeros((3, 4)), 0, numpy.ones(3))
    _same_setitem(numpy.zeros((3, 4)), slice(None, None, -1), numpy.ones((2, 4)))
    _same_setitem(numpy.zeros(5), numpy.array([0, 1]), numpy.ones(3))


# ---------------------------------------------------------------- errors (§1.2, §5.1)
@pytest.mark.parametrize("key", [
    5, -6, (0, 0), 1.0, numpy.float64(1.0), "a", (1, Ellipsis, Ellipsis), numpy.array([1.0]),
    numpy.array([True, False]), numpy.array([0, 9]), numpy.array(7), [0, 9], slice(None, None, 0), (None, 7),
    numpy.array([[True, False, True, False, True]]),
    2**70, -(2**70), slice(None, None, 2**70), slice(None, None, -(2**70)), slice(2**70, None, -1), slice(-(2**70), 2**70),
    slice(1.0, 3), slice(None, 3.5), slice(True, 3), slice(numpy.int64(-1), None, numpy.int8(-2)),
])
@pytest.mark.filterwarnings("ignore:Truncating the start/stop/step of slice")  # torch's note on huge bounds
def test_getitem_errors(key):  # §1.2: IndexError (ValueError for zero step) as NumPy
    _same_getitem(numpy.arange(5), key)


@pytest.mark.parametrize("key", [[0, 7], [-6], ([1, 2], [0, 5])])
def test_python_sequence_indices_are_checked_on_the_host(key):  # §3.5: Python data, no device read
    """A list index is host data: its bounds are checked before it is uploaded, so an accelerator
    (``meta`` here: any read of its data raises) gets NumPy's IndexError, never a device-side assert."""
    a = numpy.zeros((5, 5)) if isinstance(key, tuple) else numpy.zeros(5)
    with pytest.raises(IndexError) as np_exc:
        a[key]
    x = torchnp.zeros(a.shape, device="meta")
    with pytest.raises(IndexError, match=str(np_exc.value).split(" with size")[0].replace("[", r"\[")):
        x[key]
    with pytest.raises(IndexError):
        torchnp.add.at(x, key, 1.0)
    assert x[[0, 4]].shape == a[[0, 4]].shape


def test_index_error_messages():  # §1.2: NumPy's wording
    x = torchnp.arange(5, device=DEVICE)
    with pytest.raises(IndexError, match="index 5 is out of bounds for axis 0 with size 5"):
        x[5]
    with pytest.raises(IndexError, match="too many indices for array: array is 1-dimensional, but 2 were indexed"):
        x[0, 0]
    with pytest.raises(IndexError, match="only integers, slices"):
        x[1.0]
    with pytest.raises(IndexError, match="boolean index did not match indexed array along axis 0; size of axis is 5 "
                                         "but size of corresponding boolean axis is 2"):
        x[torchnp.asarray([True, False], device=DEVICE)]
    with pytest.raises(IndexError, match="too many indices for array: array is 0-dimensional, but 1 were indexed"):
        torchnp.asarray(3, device=DEVICE)[0]


def test_0d_indexing():  # §1.2, §1.3
    for key in ((), Ellipsis, None, (None, Ellipsis), numpy.array(True), numpy.array(False)):
        _same_getitem(numpy.array(3.5), key)
    _same_setitem(numpy.array(3.5), (), 1.0)
    _same_setitem(numpy.array(3.5), Ellipsis, 2.0)


def test_numpy_array_as_index():  # §3.3: host data indexes host arrays; beside a device it raises
    a = numpy.arange(5)
    x = torchnp.asarray(a, device="cpu")
    assert_like_numpy(x[numpy.array([0, 3])], a[numpy.array([0, 3])], device="cpu")
    assert_like_numpy(x[a > 2], a[a > 2], device="cpu")
    assert_like_numpy(x[numpy.int64(2)], a[numpy.int64(2)], device="cpu")
    with pytest.raises(torchnp.DeviceMismatchError, match="to_device"):
        torchnp.arange(5, device="meta")[numpy.array([0, 1])]


def test_index_with_0d_and_list_and_scalar_types():  # §1.2
    a = numpy.arange(12).reshape(3, 4)
    _same_getitem(a, numpy.array(1))
    _same_getitem(a, [2, 0])
    _same_getitem(a, ([0, 1], [1, 2]))
    _same_getitem(a, (numpy.int8(1), numpy.uint8(2)))
    _same_getitem(a, (True,))
    _same_getitem(a, (slice(numpy.int64(1), None), numpy.int32(-1)))


# ---------------------------------------------------------------- hypothesis (§1.2)
@st.composite
def _basic_case(draw):
    a = draw(arrays(SUPPORTED_DTYPES, min_dims=0, max_dims=3, min_side=0, max_side=5))
    key = draw(hnp.basic_indices(a.shape, allow_newaxis=True, allow_ellipsis=True))
    return a, key


@given(_basic_case())
def test_hypothesis_basic_getitem(case):  # §1.2
    _same_getitem(*case)


@given(_basic_case(), st.booleans())
def test_hypothesis_basic_setitem(case, scalar):  # §1.2
    a, key = case
    target = a[key]
    value = a.flat[0] if scalar and a.size else numpy.flip(numpy.asarray(target)).copy()
    _same_setitem(a, key, value)


@st.composite
def _advanced_case(draw):
    a = draw(arrays(SUPPORTED_DTYPES, min_dims=1, max_dims=3, min_side=1, max_side=5))
    kind = draw(st.sampled_from(["int", "bool", "mixed"]))
    if kind == "int":
        key = draw(hnp.integer_array_indices(a.shape, result_shape=hnp.array_shapes(min_dims=1, max_dims=2, max_side=3)))
    elif kind == "bool":
        k = draw(st.integers(1, a.ndim))
        key = draw(hnp.arrays(numpy.bool_, a.shape[:k]))
    else:
        idx = draw(hnp.arrays(numpy.int64, draw(hnp.array_shapes(min_dims=1, max_dims=2, max_side=3)),
                              elements=st.integers(-a.shape[-1], a.shape[-1] - 1)))
        key = (Ellipsis, idx) if draw(st.booleans()) or a.ndim == 1 else (slice(None, None, draw(st.sampled_from([1, 2, -1]))), idx)
    return a, key


@given(_advanced_case())
def test_hypothesis_advanced_getitem(case):  # §1.2
    _same_getitem(*case)


@given(_advanced_case())
def test_hypothesis_advanced_setitem(case):  # §1.2 (scalar values: repeated indices stay deterministic)
    a, key = case
    _same_setitem(a, key, a.flat[-1])


@given(arrays(SUPPORTED_DTYPES, min_dims=1, max_dims=2, min_side=1, max_side=5), st.data())
def test_hypothesis_mask_setitem_with_values(a, data):  # §1.2: boolean mask with an array of values
    mask = data.draw(hnp.arrays(numpy.bool_, a.shape))
    values = data.draw(hnp.arrays(a.dtype, (int(mask.sum()),), elements=st.just(a.flat[0])))
    _same_setitem(a, mask, values)


@pytest.mark.parametrize("key", [[], ([],), (slice(None), []), [True, False, True, False, True], (Ellipsis, None),
                                 (None, Ellipsis, None), True, False, (True, 0), numpy.array([[0, 1], [2, 3]])])
def test_getitem_edge_keys(key):  # §1.2: empty lists are integer indices, list masks, 0-d booleans
    _same_getitem(numpy.arange(5), key)
    if not (isinstance(key, list) and key and type(key[0]) is bool):
        _same_getitem(numpy.arange(10).reshape(2, 5), key)


def test_fancy_shape_mismatch_message():  # §1.2
    x = tnp(numpy.arange(6).reshape(2, 3))
    _same_getitem(numpy.arange(6).reshape(2, 3), ([0, 1], [0, 1, 2]))
    with pytest.raises(IndexError, match=r"shape mismatch: indexing arrays could not be broadcast together with "
                                         r"shapes \(2,\) \(3,\)"):
        x[[0, 1], [0, 1, 2]]


@pytest.mark.parametrize("shape,key", [
    ((2, 1, 0), (Ellipsis, [1], slice(None))), ((2, 3), (slice(0, 0), [5])), ((2, 0, 3), (Ellipsis, [5])),
    ((2, 3), ([], [5])), ((2, 3), (numpy.zeros(2, bool), [5])), ((2, 3), (numpy.zeros((0, 1), int), [5])),
    ((2, 3), ([], 5)), ((0, 2), ([1],))])
def test_out_of_bounds_index_selecting_nothing(shape, key):
    # §1.2: NumPy checks index arrays unless they broadcast to an empty shape, even where the
    # selection is empty through another axis (torch writes nothing and checks nothing)
    key = tuple(numpy.array(k, dtype=int) if type(k) is list else k for k in key)
    _same_getitem(numpy.zeros(shape), key)
    _same_setitem(numpy.zeros(shape), key, 1.0)


@pytest.mark.parametrize("src,dst", [(slice(None, -1), slice(1, None)), (slice(1, None), slice(None, -1)),
                                     (slice(None), slice(None, None, -1)), (slice(None, 2), slice(3, None))])
def test_setitem_from_overlapping_view(src, dst):  # §1.2: NumPy reads the source before writing
    a = numpy.arange(5.0)
    x = tnp(a)
    x[dst] = x[src]
    a[dst] = a[src]
    assert_like_numpy(x, a)
    m = numpy.arange(9).reshape(3, 3)
    y = tnp(m)
    y[...] = y.T
    m[...] = m.T.copy()
    assert_like_numpy(y, m)


@pytest.mark.parametrize("dtype", ["float64", "int32", "bool", "float16", "complex64", "uint8"])
@pytest.mark.parametrize("value", [numpy.array([3]), [1], (1,), [1, 2], numpy.array([[2]]), "2.5", "a", None, "7", 1e10, float("nan"),
                                   float("inf"), -1.5])
def test_setitem_single_element_values(dtype, value):  # §1.2: sequences into one element, strings, None, specials
    with numpy.errstate(all="ignore"):
        _same_setitem(numpy.zeros(3, dtype=dtype), 1, value)
        _same_setitem(numpy.zeros((2, 2), dtype=dtype), (0, numpy.int64(1)), value)


def test_setitem_leading_ones_are_dropped():  # §1.2: NumPy strips leading length-1 dims of the value
    _same_setitem(numpy.arange(5.0), slice(1, 2), numpy.ones((1, 1)))
    _same_setitem(numpy.array(1.0), Ellipsis, numpy.array([2.0]))
    _same_setitem(numpy.arange(5.0), slice(1, 3), numpy.ones((1, 1, 2)))


def test_index_on_other_device_is_mismatch():  # §3.2: indices never move between devices
    x = torchnp.arange(5, device=DEVICE)
    idx = torchnp.asarray([1, 2], device="meta")
    with pytest.raises(torchnp.DeviceMismatchError):
        x[idx]
    with pytest.raises(torchnp.DeviceMismatchError):
        x[idx] = 0


@st.composite
def _mixed_case(draw):
    """Any mix of ints, slices (any step), None, one Ellipsis, integer and boolean arrays."""
    shape = draw(hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=4))
    a = numpy.arange(int(numpy.prod(shape)), dtype=numpy.float64).reshape(shape)
    key, dim, ellipsis = [], 0, False
    for _ in range(draw(st.integers(0, len(shape) + 1))):
        n = shape[dim] if dim < len(shape) else 0
        kinds = ["slice", "none"] + (["ellipsis"] if not ellipsis else []) + (["int", "ints", "mask"] if n else [])
        kind = draw(st.sampled_from(kinds))
        if kind == "int":
            item = draw(st.integers(-n, n - 1))
        elif kind == "slice":
            bound = st.none() | st.integers(-n - 2, n + 2)
            item = slice(draw(bound), draw(bound), draw(st.sampled_from([None, 1, 2, 3, -1, -2, -3])))
        elif kind == "none":
            item = None
        elif kind == "ellipsis":
            item, ellipsis = Ellipsis, True
        elif kind == "ints":
            item = draw(hnp.arrays(numpy.int64, draw(st.integers(0, 3)), elements=st.integers(-n, n - 1)))
        else:
            item = draw(hnp.arrays(numpy.bool_, n))
        key.append(item)
        dim += kind not in ("none", "ellipsis")
    return a, tuple(key)


@given(_mixed_case())
def test_hypothesis_mixed_getitem(case):  # §1.2: NumPy's placement of advanced dims, negative steps, errors
    _same_getitem(*case)


@given(_mixed_case())
def test_hypothesis_mixed_setitem(case):  # §1.2 (unique values only where indices cannot repeat)
    a, key = case
    fancy = any(isinstance(k, numpy.ndarray) and k.dtype != bool for k in key)
    try:
        shape = a[key].shape
    except Exception:  # noqa: BLE001
        shape = ()
    value = -7.0 if fancy else -1.0 - numpy.arange(int(numpy.prod(shape))).reshape(shape)
    _same_setitem(a, key, value)


@pytest.mark.parametrize("dtype", ["uint16", "uint32", "uint64"])
def test_partly_supported_unsigned(dtype):  # §2.5: uint16/32/64 index and assign exactly (no kernel gaps)
    a = numpy.arange(12, dtype=dtype).reshape(3, 4)
    top = numpy.iinfo(dtype).max
    for key in (1, (slice(None), 0), a > 5, ([0, 2],), (slice(None, None, -1), 1), (Ellipsis, [True, False, True, False])):
        _same_getitem(a, key)
        _same_setitem(a, key, top)
        _same_setitem(a, key, 3.7)
        _same_setitem(a, key, numpy.asarray(top // 3 * 2, dtype=dtype))
    for value in (-1, top + 1, 2**70):
        _same_setitem(a, (0, 0), value)


def _swap_and_snapshot(xp, a, i, j):
    """Idioms that rely on one element being a value (NumPy's scalar), not a view."""
    a = a.copy()
    a[i], a[j] = a[j], a[i]                        # tuple swap
    snap = a[i]
    a[i] = -7
    tmp = a[j]
    a[j] = a[i]
    a[i] = tmp                                     # three-line swap
    seen = list(a)                                 # iterating a 1-D array yields values
    a[:] = 0
    return a, snap, seen


@given(st.integers(2, 6).flatmap(lambda n: st.tuples(
    hnp.arrays(numpy.float64, n, elements=st.floats(-9, 9)), st.integers(0, n - 1), st.integers(0, n - 1))))
def test_one_element_is_a_value_not_a_view(case):  # §1.3 (NumPy returns a scalar: a copy)
    a, i, j = case
    want = _swap_and_snapshot(numpy, a, i, j)
    got = _swap_and_snapshot(torchnp, tnp(a), i, j)
    assert_like_numpy(got[0], want[0])
    assert_like_numpy(got[1], want[1])
    assert [float(v) for v in got[2]] == [float(v) for v in want[2]]


def test_element_copies_and_ellipsis_views():  # §1.2, §1.3
    for xp, arr in ((numpy, numpy.arange(6.0).reshape(2, 3)), (torchnp, tnp(numpy.arange(6.0).reshape(2, 3)))):
        a = arr.copy()
        e, f, g = a[1, 2], a[(0, 1)], a[numpy.int64(1)][0]
        z = xp.asarray(4.0) if xp is numpy else torchnp.asarray(4.0, device=DEVICE)
        scalar, view = z[()], z[...]
        a[:] = -1
        z[...] = 9
        assert (float(e), float(f), float(g)) == (5.0, 1.0, 3.0)
        assert float(scalar) == 4.0 and float(view) == 9.0  # a[()] is a value; a[...] stays a view


class _TupleSubclass(tuple):
    pass


# §1.2 a tuple subclass (a namedtuple too) is a multi-dimensional index, as in NumPy (issue 16)
@pytest.mark.parametrize("key", [_TupleSubclass(([1], [1])), _TupleSubclass((1, slice(None))),
                                 _TupleSubclass((Ellipsis, [0, 2])), (_TupleSubclass(([1], [1])),)])
def test_tuple_subclass_index(key):
    a = numpy.arange(4 * 5 * 3).reshape(4, 5, 3)
    assert_like_numpy(tnp(a)[key], a[key])
    x = tnp(a)
    x[key] = -1
    a[key] = -1
    assert_like_numpy(x, a)


@given(st.data())
def test_namedtuple_index(data):
    import collections

    a = numpy.arange(4 * 5).reshape(4, 5)
    Index = collections.namedtuple("Index", "i j")
    i = data.draw(st.one_of(st.integers(-4, 3), st.lists(st.integers(-4, 3), min_size=1, max_size=3)))
    j = data.draw(st.one_of(st.integers(-5, 4), st.slices(5)))
    key = Index(i, j)
    assert_like_numpy(tnp(a)[key], a[key])


# §1.2 a nested sequence that is no integer array (ellipses, slices) is NumPy's IndexError (issue 16)
@pytest.mark.parametrize("key", [((Ellipsis,) * 2,), ((Ellipsis,) * 3,), ([Ellipsis, Ellipsis],), ([slice(1)],),
                                 (Ellipsis, Ellipsis)])
def test_bad_nested_index(key):
    a = numpy.arange(10)
    with pytest.raises(IndexError):
        a[key]
    with pytest.raises(IndexError):
        tnp(a)[key]
    with pytest.raises(IndexError):
        a[key] = 1
    with pytest.raises(IndexError):
        tnp(a)[key] = 1


_REPEATED_KEYS = [  # (target, key, value): integer index arrays that write an element more than once
    (numpy.arange(8), (numpy.array([0, 7, 2, 2]),), numpy.array([2, 5, 9, 1])),
    (numpy.arange(12).reshape(3, 4), (numpy.array([0, 2, 0]),), numpy.arange(12).reshape(3, 4)[:, ::-1]),
    (numpy.arange(12).reshape(3, 4), (numpy.array([0, 2, 0]), slice(None, None, -1)), numpy.arange(12).reshape(3, 4)),
    (numpy.arange(12).reshape(3, 4), (numpy.array([1, 1, -2]), numpy.array([3, -1, 0])), numpy.array([4, 5, 6])),
    (numpy.arange(24).reshape(2, 3, 4), (numpy.array([1, 1]), slice(None), numpy.array([3, 3])),
     numpy.arange(6).reshape(2, 3)),
    (numpy.arange(24).reshape(2, 3, 4), (slice(None), numpy.array([[0, 0], [2, 0]]), 1), numpy.arange(8).reshape(2, 2, 2)),
    (numpy.arange(12).reshape(3, 4).T, (numpy.array([3, 3, 0]),), numpy.array([7, 8, 9])),  # non-contiguous target
]


@pytest.mark.parametrize("dt", ["float64", "int32", "uint16", "uint64"])
def test_repeated_indices_write_numpys_last_value_in_any_write_order(monkeypatch, dt):
    """``x[idx] = v``, ``x.flat[idx] = v`` and put_along_axis with an element written more than once:
    NumPy's writes run in order, the last wins. CUDA's index_put_ applies them in no set order (the
    H200 run: uint16/32/64 ``x[idx] = v``), so off the host rules every write to an element carries its
    last value; tested with the writes applied first-wins (``support.FirstWriteWins``), under CUDA's
    kernels for uint16/32/64 (§1.2, §2.5, §3.5)."""
    from torchnp import _device
    from torchnp._dtypes import PartialKernels
    from support import FirstWriteWins

    monkeypatch.setattr(_device, "CPU_VALUE_CHECKS", False)

    def on_cpu(a):
        return torchnp.asarray(a, device="cpu") if isinstance(a, numpy.ndarray) else a
    for a, key, v in _REPEATED_KEYS:
        a, v = a.astype(dt), v.astype(dt)
        expected = a.copy()
        expected[key] = v
        x = torchnp.asarray(a.copy(), device="cpu")
        with PartialKernels(), FirstWriteWins():
            x[tuple(on_cpu(k) for k in key)] = on_cpu(v)
        assert_like_numpy(x, expected, device="cpu", err_msg=str(key))
    i, v = numpy.array([[0, 0], [1, 1], [3, 3]]), numpy.array([[5, 6], [7, 8], [9, 10]], dt)
    for axis, target in ((1, numpy.arange(12, dtype=dt).reshape(3, 4)), (None, numpy.arange(6, dtype=dt))):
        expected = target.copy()
        numpy.put_along_axis(expected, i if axis else i.ravel(), v if axis else v.ravel(), axis)
        x = torchnp.asarray(target.copy(), device="cpu")
        with PartialKernels(), FirstWriteWins():
            torchnp.put_along_axis(x, on_cpu(i if axis else i.ravel()), on_cpu(v if axis else v.ravel()), axis)
        assert_like_numpy(x, expected, device="cpu", err_msg=f"put_along_axis, axis={axis}")
    expected = numpy.arange(6, dtype=dt)
    expected.flat[[1, 1, 2]] = numpy.array([4, 5, 6], dt)
    x = torchnp.arange(6, dtype=dt, device="cpu")
    with PartialKernels(), FirstWriteWins():
        x.flat[on_cpu(numpy.array([1, 1, 2]))] = on_cpu(numpy.array([4, 5, 6], dt))
    assert_like_numpy(x, expected, device="cpu", err_msg="flat")


def test_repeated_indices_beyond_torchs_cpu_grain_write_numpys_last_value():
    """On host data too: torch's CPU index_put_ splits more than 32768 writes over threads, which then
    apply a repeated index in any order (10^6 writes to ``x[idx, 1]`` of 10 rows on two threads left
    about half the rows not NumPy's); writes in any order give NumPy's values (§1.2, §3.3)."""
    from support import FirstWriteWins

    rng = numpy.random.default_rng(5)
    idx, vals = rng.integers(0, 100, 40000), numpy.arange(40000.0)
    expected = numpy.zeros((100, 2))
    expected[idx, 1] = vals
    x = torchnp.zeros((100, 2), device="cpu")
    with FirstWriteWins():
        x[torchnp.asarray(idx, device="cpu"), 1] = torchnp.asarray(vals, device="cpu")
    assert_like_numpy(x, expected, device="cpu")
    expected = numpy.zeros(100)
    numpy.put(expected, idx, vals)
    x = torchnp.zeros(100, device="cpu")
    with FirstWriteWins():
        torchnp.put(x, torchnp.asarray(idx, device="cpu"), torchnp.asarray(vals, device="cpu"))
    assert_like_numpy(x, expected, device="cpu")


_VALUES = [numpy.array([1.5]), numpy.float64(1.5), numpy.complex128(1j), numpy.array([300]), numpy.array([1j]), [1.5],
           [1 + 0j], [2, 300], [1.5, 300.0], [float("nan"), 1], [2**64 - 1, 0], [-1, 0], (300, 1), 1j, 2, 0.5, 300, -1,
           float("nan"), float("inf"), 2**70, -2**63, numpy.int64(-1), numpy.uint64(7), True, numpy.array([True])]
_KEYS = [0, slice(None), numpy.array([0, 1]), numpy.array([True, False, True]), (Ellipsis,), slice(0, 2)]


@pytest.mark.parametrize("dtype", ["int64", "int8", "uint8", "uint64", "float32", "float64", "float16", "bool",
                                   "complex64"])
@pytest.mark.parametrize("key", _KEYS, ids=repr)
def test_assigned_python_numbers_convert_as_numpys(dtype, key):
    """§1.2: ``a[key] = value`` converts Python numbers as NumPy does, also inside lists: complex into a
    real array TypeError, an integer out of bounds OverflowError, NaN into integers ValueError, an int
    past int64 into floats a float (torchnp wrapped [2, 300] to [2, 44] in uint8, dropped [1 + 0j]'s
    part, and 2**70 raised torch's ValueError); arrays and NumPy scalars by NumPy's cast."""
    for value in _VALUES:
        a, b = numpy.zeros(3, dtype), torchnp.zeros(3, dtype, device=DEVICE)
        tkey = torchnp.asarray(key, device=DEVICE) if isinstance(key, numpy.ndarray) else key
        tvalue = torchnp.asarray(value, device=DEVICE) if isinstance(value, numpy.ndarray) else value
        with warnings.catch_warnings():
            warnings.simplefilter("error", numpy.exceptions.ComplexWarning)  # the imaginary part dropped: as NumPy
            warnings.simplefilter("ignore", RuntimeWarning)  # (a NumPy NaN cast to an integer)
            want = outcome(lambda: (a.__setitem__(key, value), a.tolist())[1])
            got = outcome(lambda: (b.__setitem__(tkey, tvalue), b.tolist())[1])
        assert got == want, f"a[{key!r}] = {value!r} ({dtype})"
