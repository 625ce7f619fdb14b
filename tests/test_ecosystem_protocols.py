"""NumPy's protocols on torchnp arrays (issue 8): ``numpy.<function>(x)`` and
``numpy.<ufunc>(x)`` run torchnp (§5.3), ``numpy.asarray`` (§4.3), numpy operands (§3.3),
and the array API namespace (§5.3)."""

import pickle
import subprocess
import sys

import numpy
import scipy.special as scipy_special
import pytest
import torch

import torchnp
from support import DEVICE, assert_like_numpy, tnp

RNG = numpy.random.default_rng(0)
A = RNG.standard_normal((4, 4)) + 4 * numpy.eye(4)
B = RNG.standard_normal((4, 3))
V = RNG.standard_normal(4)
I = numpy.array([[3, 1, 2], [0, 5, 4]])


def _same_device(r):
    for v in (r if isinstance(r, tuple) else (r,)):
        assert isinstance(v, torchnp.ndarray), type(v)
        assert str(v.device) == str(torch.device(DEVICE))


# (name, callable taking the namespace, args as NumPy arrays)
FUNCTIONS = [
    ("mean", lambda m, a: m.mean(a), (A,)),
    ("mean axis", lambda m, a: m.mean(a, axis=0), (A,)),
    ("sum keepdims", lambda m, a: m.sum(a, axis=1, keepdims=True), (A,)),
    ("std ddof", lambda m, a: m.std(a, ddof=1), (A,)),
    ("argmin", lambda m, a: m.argmin(a, axis=1), (A,)),
    ("cumsum", lambda m, a: m.cumsum(a), (I,)),
    ("concatenate", lambda m, a, b: m.concatenate([a, b], axis=1), (A, B)),
    ("stack", lambda m, a: m.stack([a, a], axis=-1), (A,)),
    ("where", lambda m, a: m.where(a > 0, a, 0.0), (A,)),
    ("reshape", lambda m, a: m.reshape(a, (2, 8)), (A,)),
    ("transpose", lambda m, a: m.transpose(a), (B,)),
    ("sort", lambda m, a: m.sort(a, axis=0), (I,)),
    ("dot", lambda m, a, b: m.dot(a, b), (A, B)),
    ("tensordot", lambda m, a, b: m.tensordot(a, b, axes=1), (A, B)),
    ("einsum", lambda m, a, b: m.einsum("ij,jk->ik", a, b), (A, B)),
    ("linalg.norm", lambda m, a: m.linalg.norm(a), (A,)),
    ("linalg.norm axis", lambda m, a: m.linalg.norm(a, axis=0), (B,)),
    ("linalg.solve", lambda m, a, v: m.linalg.solve(a, v), (A, V)),
    ("linalg.inv", lambda m, a: m.linalg.inv(a), (A,)),
    ("fft.fft", lambda m, v: m.fft.fft(v), (V,)),
    ("fft.rfft2", lambda m, a: m.fft.rfft2(a), (A,)),
    ("ones_like", lambda m, a: m.ones_like(a), (B,)),
]


@pytest.mark.parametrize("name,f,args", FUNCTIONS, ids=[f[0] for f in FUNCTIONS])
def test_numpy_function_dispatches_to_torchnp(name, f, args):
    # §5.3: numpy.<function>(torchnp array) runs torchnp and returns a torchnp array on the same device
    expected = f(numpy, *args)
    actual = f(numpy, *[tnp(a) for a in args])
    _same_device(actual)
    assert_like_numpy(actual, expected, rtol=1e-10, atol=1e-12)


UFUNCS = [
    ("sin", lambda a, b: numpy.sin(a)),
    ("add", lambda a, b: numpy.add(a, b)),
    ("add scalar", lambda a, b: numpy.add(a, 2.5)),
    ("add dtype", lambda a, b: numpy.add(a, b, dtype=numpy.float32)),
    ("divmod", lambda a, b: numpy.divmod(a, b)),
    ("add.reduce", lambda a, b: numpy.add.reduce(a, axis=0)),
    ("maximum.accumulate", lambda a, b: numpy.maximum.accumulate(a, axis=1)),
    ("multiply.outer", lambda a, b: numpy.multiply.outer(a[0], b[:, 0])),
    ("matmul", lambda a, b: numpy.matmul(a, b)),  # a gufunc in NumPy, a function in torchnp
    ("operator", lambda a, b: a @ b - 1),
]


@pytest.mark.parametrize("name,f", UFUNCS, ids=[u[0] for u in UFUNCS])
def test_numpy_ufunc_dispatches_to_torchnp(name, f):
    # §5.3 and §5.2: ufunc calls and methods through __array_ufunc__
    expected = f(A, A.T.copy())
    actual = f(tnp(A), tnp(A.T.copy()))
    _same_device(actual)
    assert_like_numpy(actual, expected, rtol=1e-6 if name == "add dtype" else 1e-12)


def test_numpy_ufunc_out_and_at_write_into_torchnp_array():
    # §5.2: out= and ufunc.at through the protocol write into the torchnp array
    x, expected = tnp(A), A.copy()
    r = numpy.multiply(x, 2.0, out=x)
    numpy.multiply(expected, 2.0, out=expected)
    assert r is x
    numpy.add.at(x, [0, 0, 2], 1.0)
    numpy.add.at(expected, [0, 0, 2], 1.0)
    assert_like_numpy(x, expected)


def test_numpy_lib_stride_tricks_dispatches_to_torchnp():
    # §5.3: numpy.lib.stride_tricks functions reach torchnp.lib.stride_tricks
    r = numpy.lib.stride_tricks.sliding_window_view(tnp(V), 2)
    assert isinstance(r, torchnp.ndarray)
    assert_like_numpy(r, numpy.lib.stride_tricks.sliding_window_view(V, 2))


@pytest.mark.parametrize("call", [
    lambda x: numpy.datetime_as_string(x),
    lambda x: numpy.isnat(x),
    lambda x: scipy_special.erf(x),
    lambda x: numpy.isnat(x.astype("M8[s]")),
], ids=["datetime_as_string", "isnat", "scipy.special.erf", "isnat(datetime)"])
def test_functions_torchnp_lacks_run_numpy_on_the_host(call):
    # §5.3, §3.3: on CPU arrays, NumPy's own implementation on zero-copy views (NumPy's result or error)
    try:
        expected = call(V.copy())
    except Exception as exc:  # noqa: BLE001 - the same exception type is expected
        with pytest.raises(type(exc)):
            call(torchnp.asarray(V, device="cpu"))
        return
    got = call(torchnp.asarray(V, device="cpu"))
    if isinstance(got, torchnp.ndarray):
        assert_like_numpy(got, expected, device="cpu")
    else:
        numpy.testing.assert_array_equal(got, expected)


@pytest.mark.parametrize("call", [lambda x: numpy.datetime_as_string(x), lambda x: scipy_special.erf(x)],
                         ids=["datetime_as_string", "erf"])
def test_functions_torchnp_lacks_raise_on_a_device(call):
    # §5.3: off the CPU it would be a hidden device->host copy: TypeError naming the function
    name = call.__code__.co_names[-1]
    with pytest.raises(TypeError, match=name):
        call(torchnp.asarray(V, device="meta"))


UFUNCS_MIXED = [
    lambda x, a: numpy.add(x, a),
    lambda x, a: numpy.add(a, x),
    lambda x, a: numpy.add(x, 1.0, out=a),
]


@pytest.mark.parametrize("call", UFUNCS_MIXED, ids=["ufunc", "ufunc-reflected", "ufunc-out"])
def test_numpy_ndarray_mixed_into_ufunc_on_the_host(call):
    # §3.3: host data with CPU arrays: NumPy's values, zero-copy (out= writes the numpy.ndarray)
    a, expected_out = V.copy(), V.copy()
    got = call(torchnp.asarray(V, device="cpu"), a)
    expected = call(V.copy(), expected_out)
    if isinstance(got, numpy.ndarray):
        assert got is a
        numpy.testing.assert_array_equal(got, expected)
    else:
        assert_like_numpy(got, expected, device="cpu")


@pytest.mark.parametrize("call", UFUNCS_MIXED, ids=["ufunc", "ufunc-reflected", "ufunc-out"])
def test_numpy_ndarray_mixed_into_ufunc_on_a_device_raises(call):
    # §3.3: no hidden host->device copy; the message names both places and the fix
    with pytest.raises(torchnp.DeviceMismatchError, match="to_device"):
        call(torchnp.asarray(V, device="meta"), V.copy())


FUNCTIONS_MIXED = [
    lambda x, a: numpy.concatenate([x, a]),
    lambda x, a: numpy.dot(a, x),
    lambda x, a: numpy.broadcast_arrays(a, x),
]


@pytest.mark.parametrize("call", FUNCTIONS_MIXED, ids=["concatenate", "dot", "broadcast_arrays"])
def test_numpy_function_mixing_host_and_cpu_arrays(call):
    # §3.3: libraries such as matplotlib call NumPy functions on host arrays mixed with CPU
    # torchnp arrays: torchnp's implementation runs on the host data zero-copy, NumPy's values
    x = torchnp.asarray(V, device="cpu")
    got, expected = call(x, V.copy()), call(V.copy(), V.copy())
    assert_like_numpy(list(got) if isinstance(got, tuple) else got,
                      list(expected) if isinstance(expected, tuple) else expected, device="cpu")


@pytest.mark.parametrize("call", FUNCTIONS_MIXED, ids=["concatenate", "dot", "broadcast_arrays"])
def test_numpy_function_mixing_host_and_device_arrays_raises(call):
    # §3.3: off the CPU it would be a hidden host->device copy
    with pytest.raises(torchnp.DeviceMismatchError, match="to_device"):
        call(torchnp.asarray(V, device="meta"), V.copy())


def test_numpy_asarray_is_zero_copy_on_cpu():
    # §4.3: __array__ shares memory for CPU arrays
    x = torchnp.asarray([1.0, 2.0, 3.0], device="cpu")
    a = numpy.asarray(x)
    assert isinstance(a, numpy.ndarray) and a.dtype == numpy.float64
    a[0] = 10.0
    assert float(x[0]) == 10.0
    assert numpy.shares_memory(a, x.to_numpy())
    assert numpy.asarray(x, dtype=numpy.float32).dtype == numpy.float32
    assert not numpy.shares_memory(numpy.array(x, copy=True), a)


def test_numpy_asarray_refuses_non_cpu_arrays():
    # §4.3: no hidden device->host copy; 'meta' stands in for any non-CPU device on CPU-only CI
    x = torchnp.asarray([1.0, 2.0], device="meta")
    with pytest.raises(TypeError, match="to_numpy"):
        numpy.asarray(x)
    # protocols still run on the device
    r = numpy.sin(x)
    assert isinstance(r, torchnp.ndarray) and r.device.type == "meta" and r.shape == (2,)
    r = numpy.mean(x)
    assert isinstance(r, torchnp.ndarray) and r.device.type == "meta"


@pytest.mark.parametrize("dtype", ["float32", "float64", "int16", "uint8", "bool", "complex64"])
def test_pickle_keeps_dtype_device_and_values(dtype):
    a = (numpy.arange(12).reshape(3, 4) % 3).astype(dtype)
    x = tnp(a)
    y = pickle.loads(pickle.dumps(x[:, 1:]))
    assert isinstance(y, torchnp.ndarray) and y.device == x.device
    assert_like_numpy(y, a[:, 1:])


def test_pickle_across_processes():
    # a torchnp array pickled here is rebuilt in a fresh interpreter with dtype and device
    x = tnp(numpy.linspace(0, 1, 5, dtype=numpy.float32))
    code = ("import pickle, sys; x = pickle.loads(sys.stdin.buffer.read()); "
            "print(type(x).__module__, x.dtype, x.device, x.sum() * 2)")
    out = subprocess.run([sys.executable, "-c", code], input=pickle.dumps(x), capture_output=True, timeout=120)
    assert out.returncode == 0, out.stderr.decode()
    assert out.stdout.decode().split() == ["torchnp._array", "float32", str(x.device), "5.0"]


def test_array_namespace_and_info():
    # §5.3: __array_namespace__ and the array API inspection utilities
    x = tnp(A)
    assert x.__array_namespace__() is torchnp
    info = torchnp.__array_namespace_info__()
    assert info.default_device() == torchnp.get_default_device()
    assert info.default_dtypes()["real floating"] == numpy.float64  # §2.2
    assert info.default_dtypes()["indexing"] == numpy.int64
    assert set(info.dtypes(kind="real floating")) == {"float32", "float64"}
    assert set(info.dtypes(kind=("bool", "complex floating"))) == {"bool", "complex64", "complex128"}
    assert "int64" in info.dtypes() and all(isinstance(d, numpy.dtype) for d in info.dtypes().values())
    assert torch.device("cpu") in info.devices()
    caps = info.capabilities()
    assert caps["boolean indexing"] and caps["data-dependent shapes"]
    with pytest.raises(ValueError):
        info.dtypes(kind="strings")


def test_array_api_compat_finds_torchnp():
    compat = pytest.importorskip("array_api_compat", reason="array-api-compat is in the test extra")
    x = tnp(A)
    assert compat.array_namespace(x) is torchnp
    assert compat.is_array_api_obj(x)
    assert compat.device(x) == x.device
