"""The ndarray object: attributes (docs/design.md §1.1) and thin methods (§1.1, §5.1), against NumPy."""

import copy
import pickle

import numpy
import pytest
import torch
from hypothesis import given, strategies as st
from hypothesis.extra import numpy as hnp

import torchnp
from support import DEVICE, SUPPORTED_DTYPES, accelerator_rules, arrays, assert_like_numpy, tnp


def _same(fn, a, compare=assert_like_numpy):
    """``fn`` on NumPy's ``a`` and on a torchnp copy agree (values, or the exception type)."""
    a = numpy.asarray(a)  # a torchnp copy of a NumPy scalar is a 0-d array: compare with one
    try:
        expected = fn(a)
    except Exception as exc:  # noqa: BLE001 - compare exception types
        with pytest.raises(type(exc)):
            fn(tnp(a))
        return None
    got = fn(tnp(a))
    compare(got, expected)
    return got


def _eq(got, expected):
    assert got == expected, (got, expected)


# ---------------------------------------------------------------- §1.1 attributes
def test_wraps_exactly_one_tensor():  # §1.1
    x = torchnp.zeros(3, device=DEVICE)
    assert not isinstance(x, torch.Tensor) and not issubclass(torchnp.ndarray, torch.Tensor)
    assert "_t" in torchnp.ndarray.__slots__
    # one tensor; the other slots cache its dtype for the hot path (§7), once a scalar index
    # reads host data NumPy's view of the same memory (§1.3), and for views the array they were
    # made from (``base``, §1.2), and how an array NumPy made on tiny host data makes its tensor on
    # first use -- never a second tensor
    assert [s for s in torchnp.ndarray.__slots__ if s != "__weakref__"] == ["_t", "_d", "_h", "_b", "_p"]
    assert type(x[1:]._b) is torchnp.ndarray and x._b is None
    assert [type(getattr(x, s)) for s in ("_t", "_d")] == [torch.Tensor, torch.dtype]
    assert not hasattr(x, "__dict__")
    x[1] = 5.0
    assert x[1] == 5.0 and x._t[1].item() == 5.0  # one memory: a write through either shows in both
    if x._t.is_cpu and not accelerator_rules():  # (no host view where the CPU stands in for a device)
        assert numpy.shares_memory(x._host_array(), x._t.numpy())
    assert isinstance(x.tensor, torch.Tensor)


@pytest.mark.parametrize("make", [
    lambda x: x + 1, lambda x: x + x.astype(numpy.float32), lambda x: torchnp.sin(x), lambda x: x > 0.5,
    lambda x: x.reshape(2, 3), lambda x: x[0], lambda x: x[1:], lambda x: x[:, None], lambda x: x.sum(),
    lambda x: x.mean(), lambda x: torchnp.where(x > 0, x, 0.0), lambda x: x @ x.T, lambda x: x.view(numpy.int64),
    lambda x: x.astype(numpy.int8) + 1, lambda x: torchnp.floor_divide(x.astype(numpy.uint8), 3),
])
def test_cached_dtype_is_the_tensor_dtype(make):  # §1.1, §7: the hot path's dtype cache never drifts
    x = torchnp.arange(6.0, device=DEVICE).reshape(2, 3)
    for _ in range(2):  # first call (kernel built) and cached call
        r = make(x)
        if isinstance(r, numpy.generic):  # a scalar result from host data (§1.3) carries no cache
            continue
        assert r._d is r._t.dtype
        assert r.dtype == numpy.dtype(str(r._t.dtype).removeprefix("torch."))
    x.shape = (3, 2)
    x.resize((2, 2), refcheck=False)
    assert x._d is x._t.dtype


@given(arrays(SUPPORTED_DTYPES, max_dims=4))
def test_metadata_attributes(a):  # §1.1
    x = tnp(a)
    for name in ("shape", "dtype", "ndim", "size", "itemsize", "nbytes", "strides"):
        assert getattr(x, name) == getattr(a, name), name
    assert type(x.shape) is tuple and all(type(s) is int for s in x.shape)
    assert x.dtype is a.dtype or x.dtype == a.dtype
    assert x.device.type == torch.device(DEVICE).type


@given(arrays(SUPPORTED_DTYPES, min_dims=1, max_dims=3, min_side=1), st.data())
def test_strides_of_views_and_transposes(a, data):  # §1.1: strides in bytes, incl. views
    x = tnp(a)
    assert x.T.strides == a.T.strides
    key = data.draw(hnp.basic_indices(a.shape, allow_ellipsis=False).filter(
        lambda k: all(not isinstance(s, slice) or s.step is None or s.step > 0
                      for s in (k if isinstance(k, tuple) else (k,)))))
    v, w = a[key], x[key]
    # NumPy reports any stride for axes of length <= 1; compare the others
    assert [s for s, n in zip(w.strides, w.shape) if n > 1] == [s for s, n in zip(v.strides, v.shape) if n > 1]


@given(arrays(SUPPORTED_DTYPES, max_dims=4))
def test_T_and_mT(a):  # §1.1: mT raises ValueError for ndim < 2
    _same(lambda v: v.T, a)
    _same(lambda v: v.mT, a)


@pytest.mark.parametrize("dtype", SUPPORTED_DTYPES)
def test_real_imag(dtype):  # §1.1
    a = (numpy.arange(6).reshape(2, 3) * (1 + 2j if dtype.kind == "c" else 1)).astype(dtype)
    _same(lambda v: v.real, a)
    _same(lambda v: v.imag, a)


def test_real_imag_are_settable_views():  # §1.1
    a = numpy.array([1 + 2j, 3 - 4j])
    x = tnp(a)
    x.real[0] = 10.0
    x.imag = torchnp.asarray([7.0, 8.0], device=DEVICE)
    a.real[0] = 10.0
    a.imag = [7.0, 8.0]
    assert_like_numpy(x, a)
    x.real = 0
    a.real = 0
    assert_like_numpy(x, a)
    r = x.real
    r[1] = 5
    assert float(x.real[1]) == 5.0
    y = tnp(numpy.zeros(3))
    y.real = 2
    assert_like_numpy(y, numpy.full(3, 2.0))
    with pytest.raises(TypeError):
        numpy.zeros(3).imag = 1
    with pytest.raises(TypeError):
        y.imag = 1


def test_flat():  # §1.1: iterate, index, assign
    a = numpy.arange(12.0).reshape(3, 4)
    for src in (a, a.T, a[:, ::2]):
        x = tnp(src)
        assert len(x.flat) == len(src.flat)
        assert [float(v) for v in x.flat] == [float(v) for v in src.flat]
        for key in (3, -1, slice(1, 7, 2), [0, 5], Ellipsis):
            assert_like_numpy(x.flat[key], src.flat[key])
        for key, value in ((2, -1.0), (slice(None, None, 3), 9.0), ([1, 4], numpy.array([5.0, 6.0]))):
            expected = src.copy()
            expected.flat[key] = value
            x.flat[key] = tnp(value) if isinstance(value, numpy.ndarray) else value
            src = expected
        assert_like_numpy(x, src)
    assert_like_numpy(tnp(a).flat.copy(), a.flat.copy())
    assert tnp(a).flat.base is not None


@pytest.mark.parametrize("key", [Ellipsis, slice(1, 5), [0, 1, 2, 3], 2, numpy.array([True, False] * 3)])
@pytest.mark.parametrize("value", [[1.0, 2.0], numpy.arange(8.0), 7, numpy.array([5.0]), [[3.0, 4.0, 5.0]]])
def test_flat_assignment_repeats_value(key, value):  # §1.1: NumPy cycles/truncates the value over the selection
    for src in (numpy.zeros((2, 3)), numpy.zeros((3, 2)).T):
        def assign(v):
            v = v.copy() if isinstance(v, numpy.ndarray) else v
            v.flat[key if isinstance(v, numpy.ndarray) else _key(key)] = \
                value if isinstance(v, numpy.ndarray) or not isinstance(value, numpy.ndarray) else tnp(value)
            return v
        _same(assign, src)
    a, x = numpy.zeros(5), tnp(numpy.zeros(5))
    a.flat = [1, 2]
    x.flat = [1, 2]
    assert_like_numpy(x, a)


def _key(k):
    return tnp(k) if isinstance(k, numpy.ndarray) else k
    with pytest.raises(IndexError):
        tnp(a).flat[12]


def test_base():  # §1.1: views have a base, fresh arrays have None
    x = torchnp.arange(10, device=DEVICE)
    assert x.base is None
    assert torchnp.zeros((2, 2), device=DEVICE).base is None
    for v in (x[1:5], x.reshape(2, 5), x[None], x.T, x.view()):
        assert v.base is not None
        assert v.base.tensor.data_ptr() == x.tensor.data_ptr()
    assert x.copy().base is None and x[[1, 2]].base is None


def test_ndarray_constructor():  # §1.1
    for args, kw in (((2, 3),), {}), ((4,), {"dtype": numpy.int8}), (((),), {"dtype": "f4"}), (((0, 2),), {"dtype": bool}):
        e = numpy.ndarray(*args, **kw)
        x = torchnp.ndarray(*args, **kw, device=DEVICE)
        assert type(x) is torchnp.ndarray and x.shape == e.shape and x.dtype == e.dtype
    assert torchnp.ndarray(3).dtype == numpy.float64
    with pytest.raises(TypeError):
        torchnp.ndarray((2,), dtype="U3")


def test_device_attribute():  # §1.1, §3.1
    x = torchnp.ones(2, device=DEVICE)
    assert isinstance(x.device, torch.device) and x.device.type == torch.device(DEVICE).type
    assert x.to_device("meta").device.type == "meta"
    assert x[1:].device == x.device and x.T.device == x.device


# ---------------------------------------------------------------- thin methods
@pytest.mark.filterwarnings("ignore::numpy.exceptions.ComplexWarning")
@given(arrays(SUPPORTED_DTYPES), st.sampled_from(SUPPORTED_DTYPES), st.sampled_from(["unsafe", "same_kind", "safe", "equiv", "no"]))
def test_astype(a, dtype, casting):  # §1.1 methods, §2.5
    with numpy.errstate(all="ignore"):
        if dtype.kind in "iub" and a.dtype.kind in "fc":
            a = numpy.clip(a.real, -100, 100).astype(a.dtype)  # float -> int outside the range is undefined
        _same(lambda v: v.astype(dtype, casting=casting), a)


def test_astype_copy():  # §1.1
    x = torchnp.arange(3, device=DEVICE)
    assert x.astype(numpy.int64, copy=False) is x
    assert x.astype(numpy.int64) is not x
    c = x.astype(numpy.int64)
    c[0] = 99
    assert int(x[0]) == 0
    assert_like_numpy(x.astype(numpy.int64, copy=False), numpy.arange(3))


@given(arrays(SUPPORTED_DTYPES, min_dims=0, max_dims=3, min_side=2), st.sampled_from(["C", "F", "A", "K"]), st.booleans())
def test_copy_orders(a, order, transposed):  # §1.1: values and NumPy's strides for each memory order
    src = a.T if transposed else a
    x = tnp(a).T if transposed else tnp(a)
    c, e = x.copy(order), src.copy(order)
    assert_like_numpy(c, e)
    assert c.strides == e.strides


def test_copy_is_independent():  # §1.1
    x = torchnp.arange(4, device=DEVICE)
    for c in (x.copy(), copy.copy(x), copy.deepcopy(x)):
        c[0] = 7
        assert int(x[0]) == 0 and int(c[0]) == 7
    assert x.T.copy().flags.c_contiguous


@given(hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=4), st.data())
def test_reshape(shape, data):  # §1.1: reshape forms and errors as NumPy
    a = numpy.arange(int(numpy.prod(shape))).reshape(shape)
    n = a.size
    target = data.draw(st.sampled_from([(n,), (-1,), (1, -1), (n, 1), (-1, 1, 1), (2, -1), (-1, -1), (n + 1,),
                                        (3, 0), (0, -1), (-2,)]))
    order = data.draw(st.sampled_from(["C", "F", "A"]))
    _same(lambda v: v.reshape(target, order=order), a)
    _same(lambda v: v.reshape(*target), a)
    _same(lambda v: v.T.reshape(target, order=order), a)


def test_reshape_messages_and_views():  # §1.1
    x = torchnp.arange(6, device=DEVICE)
    with pytest.raises(ValueError, match=r"cannot reshape array of size 6 into shape \(4,\)"):
        x.reshape(4)
    with pytest.raises(ValueError, match=r"cannot reshape array of size 6 into shape \(4,5\)"):
        x.reshape(4, 5)
    with pytest.raises(ValueError):
        x.reshape(2, 3, order="X")
    v = x.reshape(2, 3)
    v[0, 0] = 42
    assert int(x[0]) == 42
    with pytest.raises(TypeError):
        x.reshape(2.0, 3)


@given(arrays(SUPPORTED_DTYPES, max_dims=3), st.sampled_from(["C", "F", "A", "K"]))
def test_ravel_flatten(a, order):  # §1.1
    _same(lambda v: v.ravel(order), a)
    _same(lambda v: v.flatten(order), a)
    _same(lambda v: v.T.ravel(order), a)


def test_flatten_copies_ravel_views():  # §1.1
    x = torchnp.arange(4, device=DEVICE).reshape(2, 2)
    f = x.flatten()
    f[0] = 9
    assert int(x[0, 0]) == 0
    r = x.ravel()
    r[0] = 9
    assert int(x[0, 0]) == 9


@pytest.mark.parametrize("args", [(), (None,), ((1, 0, 2),), (1, 0, 2), ((2, 0, 1),), ((-1, 0, 1),), ((0, 1),),
                                  ((0, 0, 1),), ((0, 1, 3),), (0, 1, 2, 3), ([2, 1, 0],)])
def test_transpose(args):  # §1.1: axes forms and errors
    _same(lambda v: v.transpose(*args), numpy.arange(24).reshape(2, 3, 4))


@pytest.mark.parametrize("a1,a2", [(0, 1), (-1, 0), (2, 2), (0, 3), (-4, 1), (1.0, 0)])
def test_swapaxes(a1, a2):  # §1.1
    _same(lambda v: v.swapaxes(a1, a2), numpy.arange(24).reshape(2, 3, 4))


@pytest.mark.parametrize("axis", [None, 0, 2, -1, (0, 2), (0, 0), 1, 4, (0, 1)])
def test_squeeze(axis):  # §1.1: axis errors as NumPy
    _same(lambda v: v.squeeze(axis), numpy.arange(3).reshape(1, 3, 1))
    _same(lambda v: v.squeeze(), numpy.zeros((1, 0, 1)))


@pytest.mark.parametrize("dtype", SUPPORTED_DTYPES)
@pytest.mark.parametrize("value", [3, -1.5, True, 2 + 1j, 300, [1, 300], [], (1, 2), numpy.array([3]),
                                   numpy.array([1, 2])], ids=repr)
def test_fill(dtype, value):  # §1.1; a sequence: NumPy's errors by dtype (bool: its truth), torchnp's were ValueError
    def fill(v):
        v = v.copy()
        v.fill(value)
        return v
    with numpy.errstate(all="ignore"):
        _same(fill, numpy.zeros((2, 3), dtype=dtype))


def test_fill_with_0d_array():  # §1.1
    x = torchnp.zeros(3, device=DEVICE)
    x.fill(torchnp.asarray(2.5, device=DEVICE))
    assert_like_numpy(x, numpy.full(3, 2.5))


@given(arrays(SUPPORTED_DTYPES, min_dims=1))
def test_item_forms(a):  # §1.3, §1.1
    x = tnp(a)
    for args in ((0,), (-1,), (a.size,), (tuple(0 for _ in a.shape),), tuple(-1 for _ in a.shape), (0, 0, 0, 0)):
        try:
            expected = a.item(*args)
        except Exception as exc:  # noqa: BLE001
            with pytest.raises(type(exc)):
                x.item(*args)
            continue
        got = x.item(*args)
        assert type(got) is type(expected) and (got == expected)
    _same(lambda v: v.item(), a, _eq)


@given(arrays(SUPPORTED_DTYPES, max_dims=3))
def test_tolist(a):  # §1.1
    _same(lambda v: v.tolist(), a, _eq)


@pytest.mark.parametrize("src,dst", [("int64", "float64"), ("int32", "float32"), ("float32", "int32"), ("uint8", "int8"),
                                     ("int16", "float16"), ("complex64", "int64"), ("bool", "uint8"), ("int32", "int16"),
                                     ("float64", "int8"), ("int8", "bool")])
def test_view_dtype(src, dst):  # §1.1: same-size dtypes (others differ: see report)
    a = numpy.arange(8).astype(src).reshape(2, 4)
    _same(lambda v: v.view(dst), a)
    _same(lambda v: v.view(), a)


@pytest.mark.parametrize("dst", ["int16", "int64", "float32", "uint8"])
def test_view_dtype_errors(dst):  # §1.1: ValueError as NumPy for impossible reinterpretations
    for a in (numpy.array(3, numpy.int32), numpy.arange(6, dtype=numpy.int32).reshape(2, 3).T,
              numpy.arange(3, dtype=numpy.int8), numpy.arange(6, dtype=numpy.int8)[::2], numpy.arange(4, dtype=numpy.int16)):
        _same(lambda v: v.view(dst), a)


def test_view_shares_memory():  # §1.1
    x = torchnp.zeros(2, dtype=numpy.int64, device=DEVICE)
    v = x.view(numpy.float64)
    v[0] = 1.0
    assert int(x[0]) == numpy.float64(1.0).view(numpy.int64)


@given(arrays(SUPPORTED_DTYPES, max_dims=3))
def test_len_iter_contains_bool(a):  # §1.1, §1.3
    _same(len, a, _eq)
    _same(lambda v: [e.tolist() for e in v], a, _eq)
    if a.size:
        _same(lambda v: v.flat[0] in v, a, _eq)
    _same(lambda v: 12345 in v, a, _eq)
    _same(lambda v: None in v, a, _eq)
    _same(lambda v: "x" in v, a, _eq)
    _same(bool, a, _eq)


def test_array_protocol():  # §4.3 (CPU) / §1.1
    x = torchnp.arange(3.0, device=DEVICE)
    if x.device.type == "cpu":
        h = numpy.asarray(x)
        assert h.dtype == numpy.float64 and h.tolist() == [0.0, 1.0, 2.0]
        assert numpy.asarray(x, dtype=numpy.float32).dtype == numpy.float32
        h[0] = 5
        assert float(x[0]) == 5.0
    else:
        with pytest.raises(TypeError, match="to_numpy"):
            numpy.asarray(x)


@pytest.mark.parametrize("dtype", SUPPORTED_DTYPES)
def test_pickle_roundtrip_keeps_dtype_and_device(dtype):  # §1.1, §3.1
    a = numpy.arange(6).reshape(2, 3).astype(dtype)
    x = tnp(a)
    y = pickle.loads(pickle.dumps(x))
    assert type(y) is torchnp.ndarray and y.device == x.device
    assert_like_numpy(y, a)
    z = pickle.loads(pickle.dumps(x.T))
    assert_like_numpy(z, a.T)


def test_hash_and_weakref():  # §1.1: unhashable like numpy.ndarray
    import weakref

    x = torchnp.zeros(2, device=DEVICE)
    with pytest.raises(TypeError):
        hash(x)
    assert weakref.ref(x)() is x


@pytest.mark.parametrize("shape", [(3, 2), 6, (-1,), (4,), (1, 6, 1)])
@pytest.mark.parametrize("transposed", [False, True])
def test_shape_setter(shape, transposed):  # §1.1: in-place reshape, AttributeError when a copy is needed
    def set_shape(v):
        v = v.T if transposed else v
        v.shape = shape
        return v
    _same(set_shape, numpy.arange(6).reshape(2, 3))


@pytest.mark.parametrize("new_shape", [(3, 4), (2,), 5, (0,), (2, 3)])
def test_resize_in_place(new_shape):  # §1.1 methods: zero-filled, C order
    def resize(v):
        v = v.copy()
        v.resize(new_shape, refcheck=False)
        return v
    _same(resize, numpy.arange(6.0).reshape(2, 3))
    _same(lambda v: v.copy().resize(*(new_shape if isinstance(new_shape, tuple) else (new_shape,)), refcheck=False),
          numpy.arange(6.0), lambda g, e: _eq(g, e))


def test_generic_alias_for_annotations():  # §1.1: ndarray[...] works in type hints, as numpy.ndarray[...]
    from typing import Any

    alias = torchnp.ndarray[Any, numpy.dtype[numpy.float64]]
    assert alias.__origin__ is torchnp.ndarray


def test_constructor_with_buffer_offset_strides_matches_numpy():  # §1.1: ndarray(shape, dtype, buffer, ...)
    buf = bytearray(numpy.arange(12, dtype=numpy.int32).tobytes())
    for kwargs in ({}, {"offset": 8}, {"strides": (8, 4)}, {"order": "F"}):
        shape = (2, 2) if kwargs else (3, 4)
        expected = numpy.ndarray(shape, numpy.int32, buffer=buf, **kwargs)
        got = torchnp.ndarray(shape, numpy.int32, buffer=buf, device="cpu", **kwargs)
        numpy.testing.assert_array_equal(got.to_numpy(), expected)
        assert got.dtype == expected.dtype
    view = torchnp.ndarray((3,), numpy.int32, buffer=buf, device="cpu")
    view[0] = 99                                   # a writable buffer is shared, as in NumPy
    assert numpy.frombuffer(buf, numpy.int32)[0] == 99
    with pytest.raises(TypeError):                 # NumPy's error for a too-small buffer
        numpy.ndarray((100,), numpy.int32, buffer=buf)
    with pytest.raises(TypeError):
        torchnp.ndarray((100,), numpy.int32, buffer=buf, device="cpu")
    assert torchnp.ndarray((2, 3), order="F", device="cpu").strides == numpy.ndarray((2, 3), order="F").strides


# §5.1 ndarray.clip's own signature: min and max both optional, by position or name (issue 16)
@pytest.mark.parametrize("args,kwargs", [((3,), {}), ((), {}), ((), {"max": 3}), ((None, 3), {}), ((3, 6), {}),
                                         ((), {"min": 2, "max": 7}), ((), {"a_min": 3})])
def test_clip_method_signature(args, kwargs):
    a = numpy.array([1, 5, 9])
    try:
        expected = a.clip(*args, **kwargs)
    except TypeError:
        with pytest.raises(TypeError):
            tnp(a).clip(*args, **kwargs)
        return
    assert_like_numpy(tnp(a).clip(*args, **kwargs), expected)


@given(arrays(SUPPORTED_DTYPES[1:10], min_dims=1), st.integers(0, 5))
def test_clip_method_one_bound(a, lo):
    assert_like_numpy(tnp(a).clip(lo), a.clip(lo))
    assert_like_numpy(tnp(a).clip(max=lo), a.clip(max=lo))


@pytest.mark.parametrize("args", [(None,), ()])
def test_resize_without_shape_keeps_array(args):  # §5.1: NumPy's a.resize(None) / a.resize() are no-ops
    a = numpy.arange(6.0).reshape(2, 3)
    x = tnp(a)
    assert x.resize(*args) is None and a.resize(*args) is None
    assert_like_numpy(x, a)


@pytest.mark.parametrize("args,kwargs", [(("hi",), {}), ((-1,), {}), ((4, -1), {}), ((), {"refcheck": "hi"}),
                                         ((), {"order": 1}), ((2, 2), {"refcheck": False})])
def test_resize_bad_arguments(args, kwargs):  # §5.1: NumPy's exception types
    a = numpy.eye(3)
    try:
        a.resize(*args, **kwargs)
    except Exception as exc:  # noqa: BLE001 - the type is compared
        with pytest.raises(type(exc)):
            tnp(numpy.eye(3)).resize(*args, **kwargs)
    else:
        x = tnp(numpy.eye(3))
        x.resize(*args, **kwargs)
        assert_like_numpy(x, a)


# §5.1 ndarray.choose takes the choices as one sequence or as several arguments (issue 16)
@given(st.integers(1, 4), st.integers(1, 5), st.sampled_from(["raise", "clip", "wrap"]), st.data())
def test_choose_method_varargs(n, size, mode, data):
    idx = numpy.array(data.draw(st.lists(st.integers(0, n - 1), min_size=size, max_size=size)))
    choices = [numpy.arange(size) * 10 + k for k in range(n)]
    expected = idx.choose(*choices, mode=mode) if n > 1 else idx.choose(choices, mode=mode)
    got = tnp(idx).choose(*[tnp(c) for c in choices], mode=mode) if n > 1 else tnp(idx).choose([tnp(c) for c in choices], mode=mode)
    assert_like_numpy(got, expected)
    assert_like_numpy(tnp(idx).choose([tnp(c) for c in choices]), idx.choose(choices))


# §1.1 ndarray.flags: NumPy's combined flags and keys (torch_np suite, issue 16)
_FLAG_KEYS = ["C", "F", "O", "W", "A", "X", "B", "CA", "FA", "FNC", "FORC", "BEHAVED", "CARRAY", "FARRAY",
              "C_CONTIGUOUS", "F_CONTIGUOUS", "OWNDATA", "ALIGNED", "WRITEABLE", "WRITEBACKIFCOPY"]


@pytest.mark.parametrize("make", [lambda a: a, numpy.asfortranarray, lambda a: a[:, ::2], lambda a: a[0], lambda a: a.T])
def test_flags_like_numpy(make):
    a = make(numpy.arange(12.0).reshape(3, 4))
    x = make(tnp(numpy.arange(12.0).reshape(3, 4)))
    if make is numpy.asfortranarray:
        x = torchnp.asfortranarray(tnp(numpy.arange(12.0).reshape(3, 4)))
    for key in _FLAG_KEYS:
        if key not in ("O", "OWNDATA"):  # views differ (negative steps, §1.2), not checked here
            assert x.flags[key] == a.flags[key], key
    for name in ("c_contiguous", "f_contiguous", "fortran", "forc", "fnc", "carray", "farray", "behaved"):
        assert getattr(x.flags, name) == getattr(a.flags, name), name
    for key in ("c", "fnc", "Q"):
        with pytest.raises(KeyError):
            a.flags[key]
        with pytest.raises(KeyError):
            x.flags[key]


@pytest.mark.parametrize("target", [lambda m: m.ones(3), lambda m: m.ones(3).flat])
@pytest.mark.parametrize("key", [1, slice(1, 2)])
def test_item_deletion_errors(target, key):  # §5.1: NumPy's exception types and messages
    with pytest.raises(Exception) as expected:
        del target(numpy)[key]
    with pytest.raises(type(expected.value), match=str(expected.value)):
        del target(torchnp)[key]
def test_view_as_host_only_dtype_is_numpys_view():  # §2.5: unique rows through a void view (100 exercises)
    a = numpy.array([[0, 1, 1], [1, 0, 0], [0, 1, 1], [1, 1, 0]])
    x = torchnp.asarray(a, device="cpu")
    rows = numpy.dtype((numpy.void, a.dtype.itemsize * a.shape[1]))
    got, want = x.view(rows), a.view(rows)
    assert type(got) is numpy.ndarray and got.dtype == want.dtype and got.shape == want.shape
    assert numpy.shares_memory(got, x)  # zero-copy (§3.3)
    _, gi = torchnp.unique(got, return_index=True)
    _, wi = numpy.unique(want, return_index=True)
    assert_like_numpy(x[gi], a[wi], device="cpu")
    with pytest.raises(torchnp.DeviceMismatchError):
        torchnp.asarray(a, device="meta").view(rows)


class _Named:
    """An ndarray subclass as NumPy users write one (the NumPy 100 exercises, #63)."""

    @staticmethod
    def make(base):
        class Named(base):
            def __new__(cls, array, name="no name"):
                obj = numpy.asarray(array).view(cls) if base is numpy.ndarray else torchnp.asarray(array).view(cls)
                obj.name = name
                return obj

            def __array_finalize__(self, obj):
                if obj is None:
                    return
                self.name = getattr(obj, "name", "no name")
        return Named


def test_view_as_subclass_like_numpy():  # numpy.ndarray.view(type): same memory, __array_finalize__ called
    want = _Named.make(numpy.ndarray)(numpy.arange(10.0), "range_10")
    Named = _Named.make(torchnp.ndarray)
    got = Named(torchnp.arange(10.0, device=DEVICE), "range_10")
    assert isinstance(got, Named) and isinstance(got, torchnp.ndarray) and got.name == want.name
    numpy.testing.assert_array_equal(got.to_numpy(), numpy.asarray(want))
    plain = torchnp.arange(4.0, device=DEVICE)
    v = plain.view(Named)
    assert type(v) is Named and v.name == "no name"  # from __array_finalize__(plain)
    v[1] = 7.0
    assert plain[1] == 7.0  # one memory
    assert type(plain.view(torchnp.int64, Named)) is Named
    for bad in (int, list):
        with pytest.raises(ValueError, match="sub-type of ndarray"):
            numpy.arange(3.0).view(numpy.float64, bad)
        with pytest.raises(ValueError, match="sub-type of ndarray"):
            plain.view(torchnp.float64, bad)


def test_subclass_setitem_override_like_numpy():  # NumPy 100 exercises, #85: a symmetric array
    def make(mod):
        class Symmetric(mod.ndarray):
            def __setitem__(self, index, value):
                i, j = index
                super().__setitem__((i, j), value)
                super().__setitem__((j, i), value)
        z = mod.asarray(numpy.arange(25).reshape(5, 5))
        s = mod.asarray(z + z.T - mod.diag(z.diagonal())).view(Symmetric)
        s[2, 3] = 42
        return s
    want, got = make(numpy), make(torchnp)
    assert str(got) == str(want)
    numpy.testing.assert_array_equal(got.to_numpy(), want)


@pytest.mark.parametrize("src,dst", [("uint8", "<i2"), ("uint8", "int32"), ("float64", "int64"), ("int32", "float32"),
                                     ("int16", "int8"), ("float32", "complex64")])
def test_dtype_setter_like_numpy(src, dst):  # x.dtype = ...: an in-place view (scipy lecture notes, advanced NumPy)
    a = numpy.arange(1, 9, dtype=src).reshape(2, -1)
    x = tnp(a)
    try:
        a.dtype = dst
    except ValueError:
        with pytest.raises(ValueError):
            x.dtype = dst
        return
    x.dtype = dst
    assert_like_numpy(x, a)
    x[0, 0] = 5
    a[0, 0] = 5
    assert_like_numpy(x, a)


@pytest.mark.parametrize("make", [
    lambda m: (m.arange(6.0)[1:], None),  # a view: does not own its data
    lambda m: (lambda a: (a, a))(m.arange(3.0)),  # a second name for the array
    lambda m: (lambda a: (a, a[:2]))(m.arange(3.0)),  # a view of it is alive
    lambda m: (m.arange(3.0), None),  # the only reference: resized
])
def test_resize_refcheck_like_numpy(make):  # numpy.ndarray.resize(refcheck=True) refuses shared arrays
    def run(m):
        x, keep = make(m)
        try:
            x.resize(5)
        except ValueError as exc:
            return type(exc), str(exc).split(":")[0]
        return x.tolist(), keep is not None
    assert run(torchnp) == run(numpy)
    x, keep = make(torchnp)
    x.resize(5, refcheck=False) if not x._t._is_view() else None  # refcheck=False skips the count, as NumPy


@pytest.mark.parametrize("make", [lambda v: v[1:], lambda v: v.reshape(-1), lambda v: v.T, lambda v: v[1:, None][:, 0],
                                  lambda v: v.view()])
def test_a_view_of_a_view_keeps_only_the_owner_alive(make):
    """§1.2: NumPy collapses a chain of views to the owner of the data when it makes a view, so the
    intermediate views of `y = y[1:]` in a loop are freed; torchnp's `base` is the same object."""
    import gc
    import weakref

    def chain(xp):
        x = xp.arange(6.0, device="cpu")
        first = make(x)
        second = make(first)
        gone = weakref.ref(first)
        del first
        gc.collect()
        return gone() is None, second.base is x

    assert chain(torchnp) == chain(numpy)
