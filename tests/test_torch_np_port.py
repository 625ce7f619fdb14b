"""Fixes found by NumPy's own tests (PyTorch's torch_np port, issue 16), each checked against NumPy itself."""

import math
import warnings

import numpy
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import torchnp
from support import COMPLEX, DEVICE, RESULT_DEVICE, accelerator_rules, assert_like_numpy, check, tnp

NAN = float("nan")


# -------------------------------------------------------------- argmax/argmin of complex NaN (§5.1)
@pytest.mark.parametrize("name", ["argmax", "argmin"])
@pytest.mark.parametrize("data", [
    [0, 1, 2, 3, complex(NAN, 0)], [0, 1, 2, complex(0, NAN), 3],
    [complex(NAN, 0), complex(NAN, 2), complex(NAN, 1)], [complex(1, 0), complex(1, NAN), complex(NAN, 1)],
])
def test_complex_argext_finds_the_first_nan(name, data):
    a = numpy.array(data)
    check(name, a)
    check(name, numpy.repeat(a, 129))


@pytest.mark.parametrize("name", ["argmax", "argmin"])
@given(a=hnp.arrays(st.sampled_from(COMPLEX), hnp.array_shapes(min_dims=1, max_dims=2, min_side=1, max_side=5),
                    elements=st.sampled_from([0j, 1 + 1j, 1 - 2j, -1j, complex(NAN, 0), complex(0, NAN), complex(NAN, NAN)])),
       axis=st.sampled_from([None, 0, -1]))
def test_complex_argext_with_nans(name, a, axis):
    check(name, a, axis=axis)


# -------------------------------------------------------------- np.broadcast iterators (§5.1)
@given(shapes=st.lists(hnp.array_shapes(min_dims=0, max_dims=3, max_side=3), min_size=1, max_size=4), nest=st.booleans())
def test_broadcast_iters_like_numpy(shapes, nest):
    try:
        numpy.broadcast_shapes(*shapes)
    except ValueError:
        return
    ref = [numpy.arange(numpy.prod(s), dtype=numpy.int64).reshape(s) for s in shapes]
    mine = [tnp(a) for a in ref]
    make = (lambda m, xs: m.broadcast(m.broadcast(*xs[:1]), *xs[1:])) if nest else (lambda m, xs: m.broadcast(*xs))
    r, b = make(numpy, ref), make(torchnp, mine)
    assert (b.shape, b.numiter) == (r.shape, r.numiter)
    for a, it, rit in zip(mine, b.iters, r.iters):
        assert it.base is a  # NumPy: the array given, not the broadcast view
        assert len(it) == len(rit) and [int(v) for v in it] == [int(v) for v in rit]


def test_broadcast_iters_write_into_the_array():
    a, m = numpy.arange(3), tnp(numpy.arange(3))
    numpy.broadcast(a, numpy.ones((2, 3))).iters[0][[1, 3]] = 7
    torchnp.broadcast(m, tnp(numpy.ones((2, 3)))).iters[0][[1, 3]] = 7
    assert_like_numpy(m, a)


def test_broadcast_rejects_keywords():
    for m in (numpy, torchnp):
        with pytest.raises(ValueError, match="keyword arguments not accepted"):
            m.broadcast(1, x=1)


# -------------------------------------------------------------- statistics (§5.1)
@pytest.mark.parametrize("name", ["var", "std", "nanvar", "nanstd"])
@pytest.mark.parametrize("dtype", ["f", "d", "F", "D"])
@pytest.mark.parametrize("axis", [None, 1])
def test_var_std_dtype_is_the_result_dtype(name, dtype, axis):  # complex dtype= gives a complex result
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", numpy.exceptions.ComplexWarning)
        check(name, numpy.eye(3) + numpy.arange(3), axis=axis, dtype=dtype)


def _warnings_of(f):
    with warnings.catch_warnings(record=True) as w:
        warnings.filterwarnings("always", "", RuntimeWarning)
        r = f()
    return r, [(x.category, str(x.message)) for x in w]


@pytest.mark.parametrize("name", ["median", "nanmedian"])
@pytest.mark.parametrize("shape,axis", [((0,), None), ((1, 1, 0), None), ((1, 1, 0), 0), ((1, 1, 0), 2),
                                        ((0, 3), 0), ((0, 3), 1), ((3, 0), (0, 1))])
def test_median_of_empty_warns_as_numpy(name, shape, axis):
    a = numpy.zeros(shape)
    exp, exp_w = _warnings_of(lambda: getattr(numpy, name)(a, axis=axis))
    got, got_w = _warnings_of(lambda: getattr(torchnp, name)(tnp(a), axis=axis))
    assert_like_numpy(got, exp)
    # NumPy's own answer and warnings on host data; on an accelerator those but NumPy's floating-point
    # ones (torch's kernels give none, docs/differences.md)
    assert got_w == (exp_w if RESULT_DEVICE.type == "cpu" and not accelerator_rules() else
                     [w for w in exp_w if not w[1].startswith("invalid value encountered")])


@pytest.mark.parametrize("name", ["quantile", "nanquantile", "percentile"])
@given(a=hnp.arrays(st.sampled_from([numpy.dtype(bool), numpy.dtype("int16"), numpy.dtype("float64")]),
                    hnp.array_shapes(min_dims=1, max_dims=2, min_side=1, max_side=4)),
       q=st.sampled_from([0, 1, True, False, numpy.array([False, True]), numpy.array([0, 1]), numpy.int8(1), 0.5]),
       method=st.sampled_from(["linear", "lower", "nearest", "inverted_cdf"]))
def test_quantile_integer_q_takes_elements(name, a, q, method):  # NumPy: no interpolation, data dtype kept
    with numpy.errstate(all="ignore"):
        check(name, a, q, method=method)


@pytest.mark.parametrize("name", ["percentile", "nanpercentile", "median", "nanmedian"])
@pytest.mark.parametrize("method", ["linear", "lower"])
@pytest.mark.parametrize("out_shape", [(), (1,), (2,), (1, 1)])
@pytest.mark.parametrize("nan", [False, True])
def test_quantile_out_broadcasts_as_numpy(name, method, out_shape, nan):
    d = numpy.arange(5.0)
    if nan:
        d[1] = numpy.nan
    kw = {} if "median" in name else {"q": 50, "method": method}
    res = []
    for m, x in ((numpy, d), (torchnp, tnp(d))):
        o = m.zeros(out_shape)
        try:
            r = getattr(m, name)(x, out=o, **kw)
        except ValueError:
            res.append(ValueError)
            continue
        assert r is o
        res.append(numpy.asarray(r.to_numpy() if m is torchnp else r).tolist())
    assert repr(res[0]) == repr(res[1])


# -------------------------------------------------------------- non-native byte order: host-only (§2.5)
@pytest.mark.parametrize("dt", [">i4", ">f8", ">c16", "<i4"])
def test_putmask_into_numpy_arrays_writes_them(dt):  # a numpy target (any byte order) is written in place
    for m in (numpy, torchnp):
        x = numpy.array([1, 2, 3], dt)
        m.putmask(x, [True, False, True], -1)
        if m is numpy:
            exp = x
    assert x.dtype == exp.dtype and x.tolist() == exp.tolist() == [-1, 2, -1]


@given(a=hnp.arrays(st.sampled_from([">f8", ">i4", "<f4", ">c16"]), hnp.array_shapes(max_dims=2, max_side=4)),
       lo=st.sampled_from([-0.5, 0, numpy.array(0.25, ">f8")]))
def test_non_native_operands_like_numpy(a, lo):
    with numpy.errstate(all="ignore"):
        exp = numpy.clip(a, lo, 1.5)
        got = torchnp.clip(a, lo, 1.5)
    got = got if isinstance(got, numpy.ndarray) else got.to_numpy()
    numpy.testing.assert_array_equal(got, exp)
    assert got.dtype == exp.dtype


@pytest.mark.parametrize("dtype", [float, int, complex])
@pytest.mark.parametrize("order", ["little", "big"])
def test_frombuffer_and_astype_with_byte_order(dtype, order):
    dt = numpy.dtype(dtype).newbyteorder(order)
    ref = (numpy.arange(28).reshape(4, 7) * 0.75).astype(dt)
    # host data: a non-native byte order is host-only (§2.5), made from device data it is an error
    x = torchnp.asarray(numpy.arange(28).reshape(4, 7) * 0.75, device="cpu").astype(dt)
    got = torchnp.frombuffer(ref.tobytes(), dtype=dt)
    exp = numpy.frombuffer(ref.tobytes(), dtype=dt)
    for g, e in ((x, ref), (got, exp)):
        g = g if isinstance(g, numpy.ndarray) else g.to_numpy()
        assert g.dtype == e.dtype and g.tobytes() == e.tobytes()


# -------------------------------------------------------------- a CPU array as a buffer (§4.3)
@pytest.mark.parametrize("size,offset,strides", [(4, 4, -1), (4, 4, -2), (4, 2, -1), (8, 3, 1), (8, 3, 0),
                                                 ((2, 3), 5, (-2, -3)), (0, 0, 10), (7, 3, 1)])
def test_ndarray_over_an_array_buffer(size, offset, strides):
    res = []
    for m in (numpy, torchnp):
        x = m.asarray(numpy.arange(10), **({"device": "cpu"} if m is torchnp else {}))
        try:
            r = m.ndarray(size, buffer=x, dtype=int, offset=offset * 8, strides=numpy.multiply(strides, 8))
        except ValueError:
            res.append(ValueError)
            continue
        res.append(numpy.asarray(r).tolist())
    assert res[0] == res[1]


def test_frombuffer_of_an_array_shares_memory():
    x, a = torchnp.asarray(numpy.arange(6), device="cpu"), numpy.arange(6)
    for m, buf in ((torchnp, x), (numpy, a)):
        r = m.frombuffer(buf, dtype=numpy.int32, count=4, offset=8)
        r[0] = -1
    assert_like_numpy(x, a, device="cpu")


# -------------------------------------------------------------- np.array's copy= (§5.1)
class _RaiseOnBool:
    def __bool__(self):
        raise ValueError


@given(shape=st.sampled_from([(2, 3), (1, 3), (3,), (2, 1, 2)]), transpose=st.booleans(),
       order=st.sampled_from(["C", "F", "A", "K"]),
       copy=st.sampled_from([False, 0, numpy.False_, None, True, 1, "ALWAYS", "NEVER", "IF_NEEDED"]),
       dtype=st.sampled_from([None, "int64", "float64"]))
def test_array_copy_argument_like_numpy(shape, transpose, order, copy, dtype):
    res = []
    for m in (numpy, torchnp):
        a = m.asarray(numpy.arange(numpy.prod(shape)).reshape(shape))
        a = a.T if transpose else a
        c = getattr(m._CopyMode, copy) if isinstance(copy, str) else copy
        try:
            r = m.array(a, copy=c, order=order, dtype=dtype)
        except ValueError:
            res.append("ValueError")
            continue
        res.append((m.shares_memory(r, a), numpy.asarray(r).tolist(), r.flags.c_contiguous, r.flags.f_contiguous))
    assert res[0] == res[1]


@pytest.mark.parametrize("value", [numpy.float64(1.5), numpy.int8(3), numpy.complex64(1j), numpy.bool_(True), 2.5, 7,
                                   None, [1, 2], (1.5,), range(3)])
def test_array_of_a_scalar_cannot_avoid_a_copy(value):
    assert torchnp._CopyMode is numpy._CopyMode
    for m in (numpy, torchnp):
        for copy in (False, m._CopyMode.NEVER, _RaiseOnBool()):
            with pytest.raises(ValueError):
                m.array(value, copy=copy)


# -------------------------------------------------------------- memory order of creation functions (§5.1)
@pytest.mark.parametrize("make", [
    lambda m: m.zeros((2, 3), order="F"), lambda m: m.ones((2, 3, 4), order="F"), lambda m: m.empty((2, 3), order="F"),
    lambda m: m.full((2, 3), 1.5, order="F"), lambda m: m.full((2, 3), m.arange(3), order="F"),
    lambda m: m.eye(4, 3, k=-1, order="F"), lambda m: m.zeros(3, order="F"), lambda m: m.zeros((2, 3), order="F").copy("A"),
    lambda m: m.array(m.ones((2, 3)), order="F"), lambda m: m.empty((2, 2), order="F").copy(),
    lambda m: m.copy(m.ones((2, 3)), order="F"), lambda m: m.copy(m.ones((2, 3)).T), lambda m: m.copy(m.ones((2, 3)).T, order="A"),
])
def test_fortran_order_creation_like_numpy(make):
    a, b = make(numpy), make(torchnp)
    assert (b.shape, b.strides, b.flags.c_contiguous, b.flags.f_contiguous) == \
        (a.shape, a.strides, a.flags.c_contiguous, a.flags.f_contiguous)


# -------------------------------------------------------------- host memory torch views differently (§3.3, §4.1)
def _misaligned_complex128():
    buf = numpy.zeros(8 * 7, numpy.uint8)
    off = 8 if buf.ctypes.data % 16 == 0 else 0  # 8-aligned (NumPy's need), not 16 (torch's)
    c = buf[off:off + 48].view(numpy.complex128)
    c[:] = numpy.arange(3) + 2j
    return c


def test_complex_operands_aligned_for_numpy_only():  # crashed torch (a segfault on a write into the view)
    c = _misaligned_complex128()
    assert c.ctypes.data % 16 == 8
    for name in ("negative", "conjugate"):
        check(name, c)
    assert_like_numpy(torchnp.add(c, 1j), numpy.add(c, 1j), device="cpu")
    with pytest.raises(ValueError):  # cannot share it: writes would be lost in a copy
        torchnp.from_numpy(c)


@pytest.mark.parametrize("char", ["Q", "q", "L", "l"])
def test_longlong_spellings_as_operands(char):  # 'Q' equals 'L' but torch.from_numpy takes only the latter
    a = numpy.arange(4, dtype=char)
    assert_like_numpy(torchnp.add(a, 1), numpy.add(a, 1), device="cpu")
    x = torchnp.from_numpy(a)
    x[0] = 9
    assert a[0] == 9


@pytest.mark.parametrize("dt", ["g", ">f8", "f8", "c16"])
def test_ndarray_over_a_buffer_of_any_dtype(dt):  # host-only dtypes: NumPy's own array over the memory (§2.5)
    buf = numpy.zeros(64, numpy.uint8)
    exp = numpy.ndarray((2,), dt, buf, offset=16)
    got = torchnp.ndarray((2,), dt, buf, offset=16)
    if numpy.dtype(dt).kind in "fc" and numpy.dtype(dt).isnative and numpy.dtype(dt).itemsize <= 16 and dt != "g":
        assert_like_numpy(got, exp, device="cpu")
    else:
        assert type(got) is numpy.ndarray and got.dtype == exp.dtype
    got[0] = 5
    assert exp[0] == 5  # both over the same memory


@pytest.mark.parametrize("dt", ["f8", "c16", "i4", ">f8", "g"])
def test_ndarray_over_a_buffer_is_host_data_whatever_the_default_device(dt):
    """§3.3: a buffer is host data, so ``ndarray(buffer=...)`` is a CPU array over its memory with
    any default device (the H200 copied it to cuda:0, and refused the host-only dtypes)."""
    buf, ref = numpy.zeros(64, numpy.uint8), numpy.zeros(64, numpy.uint8)
    exp = numpy.ndarray((2,), dt, ref, offset=16)
    with torchnp.device("meta"):
        got = torchnp.ndarray((2,), dt, buf, offset=16)
        cpu_buffer = torchnp.asarray(numpy.arange(10), device="cpu")
        view = torchnp.ndarray(4, buffer=cpu_buffer, dtype=int, offset=32, strides=-8)
    assert type(got) is numpy.ndarray if numpy.dtype(dt) in (">f8", "g") else got.device.type == "cpu"
    got[1] = 5
    exp[1] = 5
    assert buf.tobytes() == ref.tobytes()  # written through to the buffer, as NumPy's
    assert view.device.type == "cpu" and view.tolist() == [4, 3, 2, 1]


# -------------------------------------------------------------- searchsorted on complex (host: NumPy's order)
_CPARTS = st.sampled_from([0.0, 1.0, -1.0, NAN, float("inf")])


@given(a=st.lists(st.builds(complex, _CPARTS, _CPARTS), max_size=8), v=st.lists(st.builds(complex, _CPARTS, _CPARTS), max_size=5),
       side=st.sampled_from(["left", "right"]), use_sorter=st.booleans())
def test_searchsorted_complex_like_numpy(a, v, side, use_sorter):
    a = numpy.array(a, dtype=complex)
    if use_sorter:
        check("searchsorted", a, numpy.array(v, dtype=complex), side=side, sorter=numpy.argsort(a, kind="stable"))
    else:
        check("searchsorted", numpy.sort(a), numpy.array(v, dtype=complex), side=side)


@pytest.mark.parametrize("choices", [(numpy.array(["a", "b"]),), (numpy.array([1.5, 2.5], ">f8"), 3.0),
                                     (numpy.arange(2.0), numpy.array([7, 8], ">i4"))])
def test_choose_method_with_host_only_choices(choices):  # NumPy's choose on the host views (§2.5)
    idx = numpy.array([0, 1]) if len(choices) == 1 else numpy.array([1, 0])
    exp = idx.choose(*choices) if len(choices) > 1 else idx.choose(choices[0])
    got = torchnp.asarray(idx, device="cpu").choose(*choices)  # host data (beside a device array: §2.5's error)
    got = got if isinstance(got, numpy.ndarray) else got.to_numpy()
    numpy.testing.assert_array_equal(got, exp)
    assert got.dtype == exp.dtype


# -------------------------------------------------------------- views at a byte offset torch refuses (§1.2)
_REAL_VIEW = ["int16", "int32", "int64", "float16", "float32", "float64", "uint8", "int8"]


def _byte_view(m, nbytes, offset, dt):
    buf = m.zeros(nbytes + 16, dtype=m.uint8)
    if m is torchnp:
        buf = torchnp.asarray(buf, device=DEVICE)
    return buf, buf[offset:offset + nbytes].view(dt)


def test_unaligned_view_searchsorted():  # test_multiarray.py::test_searchsorted_unaligned_array
    a = numpy.arange(10)
    if RESULT_DEVICE.type != "cpu":
        with pytest.raises(ValueError, match="unaligned"):
            _byte_view(torchnp, 80, 1, numpy.int64)
        return
    (nbuf, exp), (buf, got) = _byte_view(numpy, 80, 1, numpy.int64), _byte_view(torchnp, 80, 1, numpy.int64)
    exp[:] = a
    got[:] = a
    assert_like_numpy(buf, nbuf)  # the writes landed in the bytes
    assert_like_numpy(got.searchsorted(a, "right"), exp.searchsorted(a, "right"))
    assert_like_numpy(tnp(a).searchsorted(got), a.searchsorted(exp))


@given(dt=st.sampled_from(_REAL_VIEW), offset=st.integers(0, 15), n=st.integers(1, 4),
       value=st.integers(0, 100))
def test_view_at_any_byte_offset_like_numpy(dt, offset, n, value):
    """x.view(dtype) at a byte offset that is not a multiple of the itemsize: NumPy's values, and a
    write through the view lands in the original bytes (a zero-copy alias on the CPU)."""
    size = numpy.dtype(dt).itemsize * n
    nbuf, exp = _byte_view(numpy, size, offset, dt)
    nbuf[:] = numpy.arange(nbuf.size, dtype=numpy.uint8)
    if RESULT_DEVICE.type != "cpu" and offset % numpy.dtype(dt).itemsize:
        with pytest.raises(ValueError):
            torchnp.asarray(nbuf, device=DEVICE)[offset:offset + size].view(dt)
        return
    buf = torchnp.asarray(nbuf, device=DEVICE, copy=True)
    got = buf[offset:offset + size].view(dt)
    assert_like_numpy(got, exp)
    got[-1] = value
    exp[-1] = value
    assert_like_numpy(buf, nbuf)
    assert_like_numpy(got + got, exp + exp)


@pytest.mark.parametrize("dt", ["complex64", "complex128"])
def test_unaligned_complex_view_refused(dt):  # torch's complex kernels crash on such memory
    buf = torchnp.zeros(40, dtype=torchnp.uint8, device=DEVICE)
    with pytest.raises(ValueError, match="complex64|complex128"):
        buf[4:36].view(dt)


# -------------------------------------------------------------- settable x.strides (NumPy 2.4, deprecated there; §1.1)
def _set_strides(m, buf, shape, offset, strides):
    r = m.ndarray(shape, dtype=buf.dtype, buffer=buf, offset=offset * buf.itemsize)
    with pytest.warns(DeprecationWarning, match="strides"):
        r.strides = strides
    return r


@pytest.mark.parametrize("shape, offset, strides", [
    ((4,), 4, -8), ((7,), 3, 8), ((4,), 4, -16), ((4,), 2, -8), ((2, 2), 2, (-16, 8)), ((2, 3), 0, (8, 16)),
    ((1,), 0, None), ((1,), 0, "a"), ((1,), 0, (8, 8)), ((), 0, ()), ((0, 3), 9, (-800, 8))])
def test_set_strides_like_numpy(shape, offset, strides):  # test_multiarray.py::TestAttributes::test_set_stridesattr
    nbuf = numpy.arange(10)
    try:
        exp = _set_strides(numpy, nbuf, shape, offset, strides)
    except (TypeError, ValueError) as e:
        with pytest.raises(type(e), match=str(e)[:20]):
            _set_strides(torchnp, torchnp.asarray(nbuf), shape, offset, strides)
        return
    assert_like_numpy(_set_strides(torchnp, torchnp.asarray(nbuf), shape, offset, strides), exp, device="cpu")


@given(shape=hnp.array_shapes(min_dims=1, max_dims=2, max_side=4), offset=st.integers(0, 12),
       strides=st.lists(st.integers(-3, 3), min_size=2, max_size=2))
def test_set_strides_property(shape, offset, strides):
    """Any strides on a window into a 24-element buffer: NumPy's values or its ValueError; positive
    strides make a view (a write reaches the buffer), negative ones a copy (§1.2)."""
    nbuf = numpy.arange(24)
    if offset + math.prod(shape) > nbuf.size:
        return
    strides = tuple(s * 8 for s in strides[:len(shape)])
    buf = torchnp.asarray(nbuf.copy())
    try:
        exp = _set_strides(numpy, nbuf, shape, offset, strides)
    except ValueError:
        with pytest.raises(ValueError):
            _set_strides(torchnp, buf, shape, offset, strides)
        return
    got = _set_strides(torchnp, buf, shape, offset, strides)
    assert_like_numpy(got, exp, device="cpu")
    if exp.size and all(s >= 0 for s in strides):
        got[(0,) * len(shape)] = -1
        exp[(0,) * len(shape)] = -1
        assert_like_numpy(buf, nbuf, device="cpu")


@given(start=st.integers(0, 11), shape=hnp.array_shapes(min_dims=1, max_dims=2, max_side=4),
       strides=st.lists(st.integers(-4, 4), min_size=2, max_size=2))
def test_as_strided_negative_strides(start, shape, strides):
    """NumPy's values where the strides stay inside the memory (negative ones: a copy, §1.2);
    outside it NumPy reads whatever lies there and torchnp raises ValueError."""
    strides = tuple(s * 8 for s in strides[:len(shape)])
    a = numpy.arange(12)[start:]
    lo = sum((n - 1) * s for n, s in zip(shape, strides) if s < 0) // 8
    hi = sum((n - 1) * s for n, s in zip(shape, strides) if s > 0) // 8
    got = lambda: torchnp.lib.stride_tricks.as_strided(torchnp.asarray(numpy.arange(12))[start:], shape, strides)  # noqa: E731
    if 0 in shape or (start + lo >= 0 and start + hi < 12):
        assert_like_numpy(got(), numpy.lib.stride_tricks.as_strided(a, shape, strides), device="cpu")
    else:
        with pytest.raises(ValueError, match="outside"):
            got()
