"""Bridges to NumPy, torch and DLPack (DESIGN §4): zero-copy where memory allows.

Memory sharing is a CPU property (NumPy memory is host memory), so these tests use
'cpu' explicitly where they check sharing; device copies use torch's 'meta' device.
"""

import pickle

import numpy
import pytest
import torch
from hypothesis import given

import torchnp
from support import DEVICE, SUPPORTED_DTYPES, arrays, assert_like_numpy, tnp

SHARE_DTYPES = ["bool", "int8", "int32", "int64", "uint8", "uint16", "uint64", "float16", "float32", "float64",
                "complex64", "complex128"]


# -- §4.1 from_numpy ----------------------------------------------------------------------------
@pytest.mark.parametrize("dt", SHARE_DTYPES)
def test_from_numpy_shares_memory(dt):  # §4.1: a write on either side is seen in the other
    a = numpy.zeros((2, 3), dtype=dt)
    x = torchnp.from_numpy(a)
    assert x.device.type == "cpu" and x.dtype == a.dtype and x.shape == a.shape
    x[0, 1] = 1
    assert a[0, 1] == 1
    a[1, 2] = 1
    assert bool(x[1, 2] == 1)


def test_from_numpy_views_and_scalars():  # §4.1
    a = numpy.arange(12.0).reshape(3, 4)
    x = torchnp.from_numpy(a[:, 1::2])
    x[...] = -1
    assert (a[:, 1::2] == -1).all() and a[0, 0] == 0
    assert torchnp.from_numpy(numpy.float32(2.5)).dtype == numpy.float32


def test_from_numpy_device_copies():  # §4.1: with device= it copies to that device
    a = numpy.arange(4.0)
    m = torchnp.from_numpy(a, device="meta")
    assert m.device.type == "meta" and m.shape == (4,) and m.dtype == numpy.float64
    d = torchnp.from_numpy(a, device=DEVICE)
    assert_like_numpy(d, a)


@pytest.mark.parametrize("host_only", [numpy.array(["a"]), numpy.zeros(2, dtype=object)], ids=repr)
def test_from_numpy_host_only_is_the_numpy_array(host_only):  # §2.5: NumPy's own array is the host array
    assert torchnp.from_numpy(host_only) is host_only
    with pytest.raises(torchnp.DeviceMismatchError):
        torchnp.from_numpy(host_only, device="meta")


@pytest.mark.parametrize("bad,exc", [([1, 2], TypeError), (numpy.arange(3)[::-1], ValueError)], ids=repr)
def test_from_numpy_errors(bad, exc):  # §2.5 unsupported dtypes; negative strides cannot be shared
    with pytest.raises(exc):
        torchnp.from_numpy(bad)


def test_from_numpy_read_only_shared_read_only():  # §4.1 with NumPy's WRITEABLE flag (issue 16)
    a = numpy.arange(3)
    a.flags.writeable = False
    x = torchnp.from_numpy(a)
    assert numpy.shares_memory(numpy.asarray(x), a) and not x.flags.writeable
    with pytest.raises(ValueError, match="^assignment destination is read-only$"):
        x[0] = 1  # as NumPy refuses ``a[0] = 1``
    assert_like_numpy(torchnp.asarray(a, device=DEVICE), a)


# -- §4.2 to_numpy / x.to_numpy() / x.get() ------------------------------------------------------
@pytest.mark.parametrize("how", ["to_numpy", "method", "get", "asnumpy"])
@pytest.mark.parametrize("dt", SHARE_DTYPES)
def test_to_numpy_shares_memory_on_cpu(how, dt):  # §4.2
    x = torchnp.zeros(4, dtype=dt, device="cpu")
    a = {"to_numpy": torchnp.to_numpy, "method": lambda v: v.to_numpy(), "get": lambda v: v.get(),
         "asnumpy": torchnp.asnumpy}[how](x)
    assert isinstance(a, numpy.ndarray) and a.dtype == numpy.dtype(dt)
    a[1] = 1
    assert bool(x[1] == 1)
    x[2] = 1
    assert a[2] == 1


@given(arrays(SUPPORTED_DTYPES))
def test_to_numpy_values(a):  # §4.2: same values and dtype on any device (a copy off the CPU)
    x = tnp(a)
    got = x.to_numpy()
    assert got.dtype == a.dtype and got.shape == a.shape
    numpy.testing.assert_array_equal(got, a)
    if x.device.type != "cpu":
        got[...] = 0  # a copy: the device array is unchanged
        numpy.testing.assert_array_equal(x.to_numpy(), a)


def test_to_numpy_of_views():  # §4.2 views (transposed, sliced, conjugated, negated) convert correctly
    base = numpy.arange(12.0).reshape(3, 4) + 1j
    x = tnp(base)
    for got, exp in ((x.T, base.T), (x[:, ::2], base[:, ::2]), (torchnp.conjugate(x), base.conj()),
                     (-x, -base), (x[1], base[1])):
        numpy.testing.assert_array_equal(got.to_numpy(), exp)


def test_to_numpy_meta_raises():  # §4.2: meta arrays hold no data
    with pytest.raises(TypeError):
        torchnp.zeros(2, device="meta").to_numpy()


# -- §4.3 numpy.asarray(x) ------------------------------------------------------------------------
def test_numpy_asarray_zero_copy_on_cpu():  # §4.3
    x = torchnp.arange(5.0, device="cpu")
    a = numpy.asarray(x)
    assert isinstance(a, numpy.ndarray) and a.dtype == numpy.float64
    a[0] = 42
    assert float(x[0]) == 42
    assert numpy.shares_memory(numpy.asarray(x), numpy.asarray(x))
    assert numpy.asarray(x, dtype=numpy.float32).dtype == numpy.float32
    c = numpy.array(x, copy=True)
    c[1] = -1
    assert float(x[1]) == 1
    assert_like_numpy(torchnp.asarray(numpy.asarray(x[1:])), numpy.asarray([1.0, 2, 3, 4]), device="cpu")


def test_numpy_asarray_non_cpu_raises():  # §4.3: no hidden device->host copy
    m = torchnp.zeros(3, device="meta")
    with pytest.raises(TypeError) as info:
        numpy.asarray(m)
    assert "to_numpy()" in str(info.value)


# -- §4.4 torch and DLPack -----------------------------------------------------------------------
def test_from_torch_and_tensor_share_memory():  # §4.4
    t = torch.zeros(3, dtype=torch.float32, device=DEVICE)
    x = torchnp.from_torch(t)
    assert x.dtype == numpy.float32 and x.device == t.device
    x[0] = 5
    assert float(t[0]) == 5
    t[1] = 7
    assert float(x[1]) == 7
    assert x.tensor is t
    y = torchnp.arange(3, device=DEVICE)
    y.tensor[2] = 9
    assert int(y[2]) == 9


def test_from_torch_errors():  # §4.4, §2.5
    with pytest.raises(TypeError):
        torchnp.from_torch(numpy.zeros(2))
    with pytest.raises(TypeError, match="bfloat16"):
        torchnp.from_torch(torch.zeros(2, dtype=torch.bfloat16))


@pytest.mark.parametrize("dt", ["bool", "int8", "int64", "uint8", "float32", "float64", "complex128"])
def test_dlpack_protocol(dt):  # §4.4: __dlpack__ / __dlpack_device__ consumed by NumPy and torch zero-copy
    x = torchnp.zeros(3, dtype=dt, device="cpu")
    assert x.__dlpack_device__() == (1, 0)  # kDLCPU
    a = numpy.from_dlpack(x)
    assert a.dtype == numpy.dtype(dt)
    x[0] = 1
    assert a[0] == 1
    t = torch.from_dlpack(x)
    t[1] = 1
    assert bool(x[1] == 1)
    dev = tnp(numpy.zeros(2, dtype=dt))
    assert dev.__dlpack_device__() == torch.zeros(1, device=DEVICE).__dlpack_device__()


@pytest.mark.parametrize("source", ["numpy", "torch", "torchnp"])
def test_from_dlpack_zero_copy(source):  # §4.4: verified by a write
    a = numpy.zeros(4, dtype=numpy.float32)
    t = torch.zeros(4, dtype=torch.float32)
    x = torchnp.zeros(4, dtype="float32", device="cpu")
    src = {"numpy": a, "torch": t, "torchnp": x}[source]
    y = torchnp.from_dlpack(src)
    assert isinstance(y, torchnp.ndarray) and y.dtype == numpy.float32 and y.shape == (4,)
    y[2] = 3
    assert float(numpy.asarray(src)[2] if source != "torchnp" else src[2]) == 3
    c = torchnp.from_dlpack(src, copy=True)
    c[3] = 8
    assert float(y[3]) == 0
    m = torchnp.from_dlpack(src, device="meta")
    assert m.device.type == "meta" and m.shape == (4,)
    with pytest.raises(BufferError):
        torchnp.from_dlpack(src, device="meta", copy=False)
    assert torchnp.from_dlpack(src, device="cpu").device.type == "cpu"


def test_from_dlpack_errors():  # §4.4
    with pytest.raises(TypeError):
        torchnp.from_dlpack([1, 2])


# -- pickling keeps dtype, values and device -------------------------------------------------------
@given(arrays(SUPPORTED_DTYPES))
def test_pickle_round_trip(a):  # §1.1/§4: dtype, values and device survive pickle
    x = tnp(a)
    for proto in (2, pickle.HIGHEST_PROTOCOL):
        y = pickle.loads(pickle.dumps(x, protocol=proto))
        assert isinstance(y, torchnp.ndarray) and y.device == x.device
        assert_like_numpy(y, a)


def test_pickle_views_and_independence():  # a round trip is a copy, views pickle their own values
    x = tnp(numpy.arange(12).reshape(3, 4))
    v = x[:, 1::2]
    y = pickle.loads(pickle.dumps(v))
    assert_like_numpy(y, numpy.arange(12).reshape(3, 4)[:, 1::2])
    y[0, 0] = -5
    assert int(x[0, 1]) == 1


@pytest.mark.parametrize("stream", [1, -1, 0])
def test_dlpack_stream_on_cpu(stream):  # §4.4: NumPy's RuntimeError for a stream on the CPU
    with pytest.raises(RuntimeError):
        numpy.arange(5).__dlpack__(stream=stream)
    x = torchnp.arange(5, device="cpu")
    with pytest.raises(RuntimeError):
        x.__dlpack__(stream=stream)
    assert_like_numpy(torchnp.from_dlpack(x), numpy.arange(5), device="cpu")  # host data stays (§4.4)


def test_dlpack_capsules_hold_the_array_as_numpys():
    """§4: a DLPack capsule of an array, and an array made from it, keep the array alive as NumPy's
    do (the torch_np port's test_dunder_dlpack_refcount / test_from_dlpack_refcount)."""
    import sys

    def counts(xp):
        x = xp.arange(5, device="cpu")  # host memory (NumPy's capsule semantics)
        alone = sys.getrefcount(x)
        y = x.__dlpack__()
        with_capsule = sys.getrefcount(x)
        del y
        after = sys.getrefcount(x)
        z = xp.from_dlpack(x)
        with_view = sys.getrefcount(x)
        z[0] = 7  # the view writes into x's memory
        del z
        return alone, with_capsule, after, with_view, sys.getrefcount(x), int(x[0])

    assert counts(torchnp) == counts(numpy)
