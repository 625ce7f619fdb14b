"""Devices (DESIGN §3): default device, device=, DeviceMismatchError, numpy operands, explicit moves.

Mixed-device errors use torch's ``meta`` device, so they run in CI without a GPU
(meta arrays hold no data: only shapes, dtypes and errors are checked).
"""

import os
import subprocess
import sys

import numpy
import pytest
import torch

import torchnp
import fake_cuda as fc
from support import DEVICE, assert_like_numpy, tnp

OTHER = "meta"


def _x():
    return torchnp.arange(3.0, device=DEVICE)


def _m(shape=3, dtype=None):
    return torchnp.zeros(shape, dtype=dtype, device=OTHER)


# -- §3.1 the default device -------------------------------------------------------------------
def _default_in_subprocess(env_value):
    env = {k: v for k, v in os.environ.items() if k != "TORCHNP_DEVICE"}
    if env_value is not None:
        env["TORCHNP_DEVICE"] = env_value
    code = "import torchnp; print(torchnp.get_default_device()); print(torchnp.zeros(2).device)"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout.split()


def test_default_device_from_env_var():  # §3.1: TORCHNP_DEVICE first
    assert _default_in_subprocess("meta") == ["meta", "meta"]


def test_default_device_without_env_var():  # §3.1: cuda if available, else cpu
    expected = "cuda:0" if torch.cuda.is_available() else "cpu"
    assert _default_in_subprocess(None) == [expected, expected]


def test_set_default_device_and_context():  # §3.1
    before = torchnp.get_default_device()
    with torchnp.device(OTHER) as d:
        assert d.type == OTHER
        assert torchnp.get_default_device().type == OTHER
        assert torchnp.zeros(2).device.type == OTHER
        assert torchnp.asarray([1, 2]).device.type == OTHER
        assert torchnp.arange(3).device.type == OTHER
        with torchnp.device("cpu"):
            assert torchnp.ones(1).device.type == "cpu"
        assert torchnp.ones(1).device.type == OTHER
    assert torchnp.get_default_device() == before
    torchnp.set_default_device(OTHER)
    try:
        assert torchnp.empty(2).device.type == OTHER
        assert torchnp.get_default_device() == torch.device(OTHER)
    finally:
        torchnp.set_default_device(before)
    assert torchnp.get_default_device() == before
    assert torchnp.device("cpu") == "cpu" and torchnp.device("cpu") == torch.device("cpu")
    assert "cpu" in repr(torchnp.device("cpu"))


def test_context_restores_on_error():  # §3.1
    before = torchnp.get_default_device()
    with pytest.raises(KeyError):
        with torchnp.device(OTHER):
            raise KeyError
    assert torchnp.get_default_device() == before


def test_bad_device_name():  # §3.1
    with pytest.raises((ValueError, RuntimeError)):
        torchnp.zeros(2, device="not-a-device")


@pytest.mark.parametrize("spelling", ["cpu", torch.device("cpu"), torchnp.device("cpu")], ids=repr)
def test_device_spellings(spelling):  # §3.1: strings, torch.device, torchnp.device
    assert torchnp.zeros(1, device=spelling).device == torch.device("cpu")


def test_x_device_attribute():  # §3.1
    x = tnp(numpy.ones(2))
    assert isinstance(x.device, torch.device)
    assert str(x.device) == str(torchnp.asarray(x).device)
    assert _m().device.type == "meta"


# -- §3.2 mixed devices raise DeviceMismatchError ---------------------------------------------
def _mismatch(fn):
    with pytest.raises(torchnp.DeviceMismatchError) as info:
        fn()
    msg = str(info.value)
    assert "meta" in msg and str(torch.device(DEVICE).type) in msg, msg
    assert "to_device" in msg, msg
    assert isinstance(info.value, ValueError)


MIXED = {
    "x+m": lambda x, m: x + m,
    "m+x": lambda x, m: m + x,
    "x*m": lambda x, m: x * m,
    "x<m": lambda x, m: x < m,
    "x@m": lambda x, m: x @ m,
    "add": lambda x, m: torchnp.add(x, m),
    "add(out=)": lambda x, m: torchnp.add(x, x, out=m),
    "maximum": lambda x, m: torchnp.maximum(m, x),
    "iadd": lambda x, m: x.__iadd__(m),
    "asarray([x, m])": lambda x, m: torchnp.asarray([x, m]),
    "array([[x], [m]])": lambda x, m: torchnp.array([[x], [m]]),
    "setitem slice": lambda x, m: x.__setitem__(slice(None), m),
    "setitem 0-d": lambda x, m: x.__setitem__(0, m[0]),
    "setitem mask": lambda x, m: x.__setitem__(x > 0, m[:2]),
    "meta setitem": lambda x, m: m.__setitem__(slice(None), x),
    "linspace": lambda x, m: torchnp.linspace(x, m, 3),
    "meshgrid": lambda x, m: torchnp.meshgrid(x, m),
    "full_like": lambda x, m: torchnp.full_like(x, m),
}


@pytest.mark.parametrize("name", list(MIXED))
def test_device_mismatch(name):  # §3.2: nothing moves implicitly
    _mismatch(lambda: MIXED[name](_x(), _m()))


def test_device_mismatch_is_value_error():  # §3.2
    assert issubclass(torchnp.DeviceMismatchError, ValueError)


# -- §3.3 numpy.ndarray operands are host data: zero-copy on the CPU, a mismatch on a device -----
NP_MIXED = {  # name -> f(namespace, x, a): the same code under numpy and torchnp
    "x + a": lambda xp, x, a: x + a,
    "a + x": lambda xp, x, a: a + x,
    "x * a": lambda xp, x, a: x * a,
    "a < x": lambda xp, x, a: a < x,
    "add(x, a)": lambda xp, x, a: xp.add(x, a),
    "add(a, x)": lambda xp, x, a: xp.add(a, x),
    "multiply(x, a)": lambda xp, x, a: xp.multiply(x, a),
    "x += a": lambda xp, x, a: x.__iadd__(a),
    "x @ a": lambda xp, x, a: x @ a,
    "x[a > 1]": lambda xp, x, a: x[a > 1.5],
    "x[int index]": lambda xp, x, a: x[a.astype(int) - 1],
    "x[:] = a": lambda xp, x, a: x.__setitem__(slice(None), a) or x,
    "concatenate": lambda xp, x, a: xp.concatenate([x, a]),
    "stack": lambda xp, x, a: xp.stack([a, x]),
    "where": lambda xp, x, a: xp.where(a > 1.5, x, a),
    "sum(out=)": lambda xp, x, a: xp.sum(xp.stack([x, x]), axis=0, out=a),
    "take": lambda xp, x, a: xp.take(x, a.astype(int) - 1),
    "dot": lambda xp, x, a: xp.dot(a, x),
    "linalg.norm": lambda xp, x, a: xp.linalg.norm(x - a),
    "sort": lambda xp, x, a: xp.sort(a * x),
    "clip": lambda xp, x, a: xp.clip(x, a, 2.5),
    "fft": lambda xp, x, a: xp.fft.fft(a + x),
    "interp": lambda xp, x, a: xp.interp(x, xp.sort(a), a),
}


@pytest.mark.parametrize("name", list(NP_MIXED))
def test_numpy_operands_on_the_host(name):  # §3.3: host arrays with CPU arrays give NumPy's results
    values = numpy.array([2.0, 1.0, 3.0])
    expected = NP_MIXED[name](numpy, values.copy(), values.copy())
    got = NP_MIXED[name](torchnp, torchnp.asarray(values.copy(), device="cpu"), values.copy())
    if isinstance(got, numpy.ndarray):  # out= a numpy.ndarray: written in place and returned, as NumPy
        assert got.dtype == expected.dtype
        numpy.testing.assert_array_equal(got, expected)
        return
    assert_like_numpy(got, expected, device="cpu")


@pytest.mark.parametrize("name", list(NP_MIXED))
def test_numpy_operands_beside_a_device_raise(name):  # §3.3: host data never moves implicitly
    with pytest.raises(torchnp.DeviceMismatchError) as info:
        NP_MIXED[name](torchnp, _m(), numpy.array([2.0, 1.0, 3.0]))
    msg = str(info.value)
    assert "meta" in msg and "cpu" in msg and "to_device" in msg, msg


def test_numpy_operand_is_zero_copy():  # §3.3: never copied
    a = numpy.arange(6.0)
    x = torchnp.zeros(6, device="cpu")
    torchnp.add(a, 1.0, out=a)  # a numpy.ndarray out= is written in place
    numpy.testing.assert_array_equal(a, numpy.arange(6.0) + 1)
    v = torchnp.asarray(a)
    assert v.device.type == "cpu"  # host data stays on the host
    a[0] = 42.0
    assert float(v[0]) == 42.0
    r = x + a
    assert r.device.type == "cpu"


@pytest.mark.parametrize("value", [2, 2.5, True, 1j, [1, 2, 3], (1.0, 2.0, 3.0), [[1], [2]], numpy.float32(2),
                                   numpy.int8(3)], ids=repr)
def test_python_values_follow_the_array(value):  # §3.3: created on the other operand's device
    for dev in (DEVICE, OTHER):
        x = torchnp.ones(3, device=dev)
        for r in (x + value, value + x, torchnp.add(x, value), torchnp.multiply(value, x), x < value):
            assert r.device.type == torch.device(dev).type
        if dev == DEVICE:
            a = numpy.ones(3)
            with numpy.errstate(all="ignore"):
                assert_like_numpy(x + value, a + numpy.asarray(value) if isinstance(value, (list, tuple)) else a + value)


def test_setitem_python_values_on_meta():  # §3.3
    m = _m((2, 3))
    m[0] = [1, 2, 3]
    m[:, 1] = 5.0
    assert m.shape == (2, 3) and m.device.type == "meta"


# -- §3.4 explicit moves -------------------------------------------------------------------
def test_explicit_moves():  # §3.4
    x = _x()
    m = x.to_device(OTHER)
    assert m.device.type == OTHER and m.shape == x.shape and m.dtype == x.dtype
    m2 = torchnp.asarray(x, device=OTHER)
    assert m2.device.type == OTHER and m2.dtype == x.dtype
    assert x.to_device(x.device) is not None and x.to_device(x.device).device == x.device
    back = torchnp.zeros(3, device="cpu").to_device(DEVICE)
    assert back.device == torchnp.asarray(back, device=DEVICE).device
    assert torchnp.asarray([x, x], device=OTHER).device.type == OTHER  # explicit device= moves all
    assert torchnp.array(x, device=OTHER).device.type == OTHER
    assert x.astype("float32", device=OTHER).device.type == OTHER
    with pytest.raises(ValueError):
        torchnp.asarray(x, device=OTHER, copy=False)
    # the moved array is independent of the original's device
    y = x.to_device(DEVICE)
    assert_like_numpy(y, numpy.arange(3.0))


def test_results_stay_on_device():  # §3.1: results live on the operands' device
    m = _m((2, 3), "float32")
    for r in (m + m, m * 2, -m, m.T, m[0], m.sum() if hasattr(m, "sum") else m, torchnp.sqrt(m), m.reshape(3, 2)):
        assert r.device.type == OTHER
    assert (m + m).dtype == numpy.float32 and (m + m).shape == (2, 3)
    assert (m.astype("int8") + 1).dtype == numpy.int8
    assert (m.astype("int64") + m).dtype == numpy.float64  # §2.3 on any device


# -- §3.6 the default device is per thread ----------------------------------------------------
def test_default_device_is_per_thread():  # §3.6
    import threading

    barrier = threading.Barrier(4)
    seen = {}

    def work(i):
        dev = OTHER if i % 2 else "cpu"
        with torchnp.device(dev):
            barrier.wait()  # every thread is inside its own context now
            seen[i] = (torchnp.zeros(2).device.type, torch.device(dev).type)
        barrier.wait()
        seen[i] += (torchnp.get_default_device(),)

    before = torchnp.get_default_device()
    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for got, want, after in seen.values():
        assert got == want and after == before
    assert torchnp.get_default_device() == before


def test_set_default_device_does_not_leak_into_other_threads():  # §3.6
    import threading

    before = torchnp.get_default_device()
    got = []
    t = threading.Thread(target=lambda: (torchnp.set_default_device(OTHER), got.append(torchnp.zeros(1).device)))
    t.start()
    t.join()
    assert got[0].type == torch.device(OTHER).type
    assert torchnp.get_default_device() == before and torchnp.zeros(1).device == before


def test_one_device_object_entered_in_nested_and_interleaved_blocks():  # §3.6
    ctx = torchnp.device(OTHER)
    before = torchnp.get_default_device()
    with ctx:
        with torchnp.device("cpu"):
            with ctx:
                assert torchnp.zeros(1).device.type == torch.device(OTHER).type
            assert torchnp.zeros(1).device.type == "cpu"
        assert torchnp.zeros(1).device.type == torch.device(OTHER).type
    assert torchnp.get_default_device() == before


@pytest.mark.parametrize("call", [
    lambda a, m: a[m.astype(int)],                   # NumPy asks the index for its host data
    lambda a, m: a[m > 0],
    lambda a, m: a.__setitem__(m.astype(int), 1.0),
    lambda a, m: numpy.asarray(m),
], ids=["a[x_dev int]", "a[x_dev mask]", "a[x_dev] = v", "numpy.asarray"])
def test_numpy_asking_for_device_data(call):  # §3.3, §4.3: a TypeError and a DeviceMismatchError
    with pytest.raises(torchnp.DeviceMismatchError) as info:
        call(numpy.arange(3.0), _m())
    assert isinstance(info.value, TypeError) and "meta" in str(info.value) and "to_numpy" in str(info.value)


IN_PLACE_MIXED = {  # §3.2/§3.3: every operand of an in-place routine or ufunc method is checked
    "put(a, i_dev, v)": lambda a, m: torchnp.put(a, m.astype(int), 1.0),
    "put(x_dev, i, v)": lambda a, m: torchnp.put(m, a.astype(int), 1.0),
    "place(a, mask_dev, v)": lambda a, m: torchnp.place(a, m > 0, [1.0]),
    "putmask(x_dev, mask, v)": lambda a, m: torchnp.putmask(m, a > 0, 1.0),
    "copyto(a, x_dev)": lambda a, m: torchnp.copyto(a, m),
    "copyto(x_dev, a, where=)": lambda a, m: torchnp.copyto(m, 1.0, where=a > 0),
    "put_along_axis(x_dev, i, v)": lambda a, m: torchnp.put_along_axis(m, a.astype(int), 1.0, 0),
    "take_along_axis(x_dev, i)": lambda a, m: torchnp.take_along_axis(m, a.astype(int), 0),
    "fill_diagonal(a2d, v_dev)": lambda a, m: torchnp.fill_diagonal(a.reshape(1, 3), m),
    "add.at(a, i, b_dev)": lambda a, m: torchnp.add.at(a, [0, 1, 2], m),
    "add.at(x_dev, i, b)": lambda a, m: torchnp.add.at(m, [0, 1, 2], a),
    "sin.at(a, i_dev)": lambda a, m: torchnp.sin.at(a, m.astype(int)),
    "add.reduceat(a, i_dev)": lambda a, m: torchnp.add.reduceat(a, m.astype(int)),
    "add.reduceat(x_dev, i)": lambda a, m: torchnp.add.reduceat(m, a.astype(int)),
    "add.reduce(x_dev, where=)": lambda a, m: torchnp.add.reduce(m, where=a > 0),
    "extract(cond, x_dev)": lambda a, m: torchnp.extract(a > 0, m),
    "insert(x_dev, i, v)": lambda a, m: torchnp.insert(m, a.astype(int), 1.0),
    "delete(x_dev, i)": lambda a, m: torchnp.delete(m, a.astype(int)),
    "ix_(a, x_dev)": lambda a, m: torchnp.ix_(a.astype(int), m.astype(int)),
    "repeat(x_dev, counts)": lambda a, m: torchnp.repeat(m, a.astype(int)),
    "piecewise(x_dev, [cond])": lambda a, m: torchnp.piecewise(m, [a > 0], [1.0, 2.0]),
    "x_dev.flat[i] = a": lambda a, m: m.flat.__setitem__([0, 1, 2], a),
    "apply_along_axis(f -> a, x_dev)": lambda a, m: torchnp.apply_along_axis(lambda v: a, 0, m.reshape(3, 1)),
    "pad(x_dev, constant_values=a)": lambda a, m: torchnp.pad(m, 1, constant_values=a[:1]),
    "nan_to_num(x_dev, nan=a)": lambda a, m: torchnp.nan_to_num(m, nan=a),
    "partition(x_dev, kth=a)": lambda a, m: torchnp.partition(m, a.astype(int)),
    "around(x_dev, out=a)": lambda a, m: torchnp.around(m, out=a),
}


@pytest.mark.parametrize("name", list(IN_PLACE_MIXED))
@pytest.mark.parametrize("host", ["numpy", "cpu"])
def test_every_operand_is_checked(name, host):  # §3.2, §3.3
    a = numpy.array([0.0, 1.0, 2.0])
    _mismatch_any = torchnp.asarray(a, device="cpu") if host == "cpu" else a
    with pytest.raises(torchnp.DeviceMismatchError):
        IN_PLACE_MIXED[name](_mismatch_any, _m())


def test_ufunc_at_writes_a_numpy_target_in_place():  # §3.3: host data, zero-copy on the CPU
    for name, args in [("add", ([0, 0, 2], numpy.array([1.0, 2.0, 3.0]))), ("negative", ([0, 0, 1],)),
                       ("arctan2", ([1, 1], 2.0))]:
        a, expected = numpy.arange(1.0, 4.0), numpy.arange(1.0, 4.0)
        getattr(numpy, name).at(expected, *args)
        assert getattr(torchnp, name).at(a, *args) is None
        numpy.testing.assert_array_equal(a, expected)


OUT_CALLS = {  # name -> (f(xp, x, out), out shape, out dtype): the same code under numpy and torchnp
    "sin": (lambda xp, x, o: xp.sin(x, out=o), (2, 3), "float64"),
    "sum": (lambda xp, x, o: xp.sum(x, axis=0, out=o), (3,), "float64"),
    "std": (lambda xp, x, o: xp.std(x, axis=0, out=o), (3,), "float64"),
    "nanmax": (lambda xp, x, o: xp.nanmax(x, axis=0, out=o), (3,), "float64"),
    "median": (lambda xp, x, o: xp.median(x, axis=0, out=o), (3,), "float64"),
    "percentile": (lambda xp, x, o: xp.percentile(x, 50.0, axis=0, out=o), (3,), "float64"),
    "argmax": (lambda xp, x, o: xp.argmax(x, axis=0, out=o), (3,), "int64"),
    "cumsum": (lambda xp, x, o: xp.cumsum(x, axis=0, out=o), (2, 3), "float64"),
    "clip": (lambda xp, x, o: xp.clip(x, 0.2, 0.5, out=o), (2, 3), "float64"),
    "around": (lambda xp, x, o: xp.around(x, 1, out=o), (2, 3), "float64"),
    "fix": (lambda xp, x, o: xp.fix(x * 3, out=o), (2, 3), "float64"),
    "isposinf": (lambda xp, x, o: xp.isposinf(x, out=o), (2, 3), "bool"),
    "matmul": (lambda xp, x, o: xp.matmul(x, x.T, out=o), (2, 2), "float64"),
    "concatenate": (lambda xp, x, o: xp.concatenate([x, x], out=o), (4, 3), "float64"),
    "take": (lambda xp, x, o: xp.take(x, [0, 4], out=o), (2,), "float64"),
    "linalg.multi_dot": (lambda xp, x, o: xp.linalg.multi_dot([x, x.T, x], out=o), (2, 3), "float64"),
    "add.reduce": (lambda xp, x, o: xp.add.reduce(x, axis=0, out=o), (3,), "float64"),
    "add.accumulate": (lambda xp, x, o: xp.add.accumulate(x, axis=0, out=o), (2, 3), "float64"),
}


@pytest.mark.parametrize("name", list(OUT_CALLS))
def test_out_is_a_checked_operand(name):  # §3.3: a numpy.ndarray out= is written in place on the CPU, refused beside a device
    f, shape, dtype = OUT_CALLS[name]
    x = numpy.arange(6.0).reshape(2, 3) / 7
    expected, got = numpy.zeros(shape, dtype), numpy.zeros(shape, dtype)
    f(numpy, x, expected)
    assert f(torchnp, torchnp.asarray(x, device="cpu"), got) is got
    numpy.testing.assert_allclose(got, expected, rtol=1e-12)
    for out in (numpy.zeros(shape, dtype), torchnp.zeros(shape, dtype=dtype, device="cpu")):
        with pytest.raises(torchnp.DeviceMismatchError):
            f(torchnp, torchnp.zeros((2, 3), device="meta"), out)
    with pytest.raises(torchnp.DeviceMismatchError):
        f(torchnp, torchnp.asarray(x, device="cpu"), torchnp.zeros(shape, dtype=dtype, device="meta"))


# -- §3.3 NumPy scalars and 0-d NumPy arrays beside arrays on a device ----------------------
# tests/fake_cuda.py SCALAR_PARAMS: a NumPy scalar mixes with any device; a 0-d numpy.ndarray is
# host data where NumPy takes an array, a host number where NumPy converts it or reads a size
_SPELLINGS = ("numpy scalar", "0-d numpy array")


@pytest.mark.parametrize("spelling", _SPELLINGS)
@pytest.mark.parametrize("name", list(fc.SCALAR_PARAMS))
def test_numpy_scalars_and_0d_arrays_beside_a_device(name, spelling):  # §3.3, §1.3 (meta: no data to read)
    why = fc.run_scalar_param(name, spelling, torch.device(OTHER))
    assert why is None, f"{name} with a {spelling}: {why}"


@pytest.mark.parametrize("spelling", _SPELLINGS)
@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.host_rules) if n.startswith("random.") else n
                                  for n in fc.SCALAR_PARAMS])  # (random: NumPy's stream on the host, §5.4)
def test_numpy_scalars_and_0d_arrays_on_the_host(name, spelling):  # §3.3: host data gives NumPy's results
    _, value, call = fc.SCALAR_PARAMS[name]
    a = numpy.random.default_rng(7).uniform(0.1, 0.9, (3, 4))
    s = fc.scalar_param_values(value)[spelling]
    with numpy.errstate(all="ignore"):
        expected = call(numpy, a.copy(), s)
    got = call(torchnp, torchnp.asarray(a.copy(), device="cpu"), s)
    assert_like_numpy(got, expected, device="cpu")


# -- §3.2 every cpu/meta mix raises, for the functions and the ndarray methods and operators --
_MIX = {cid: rest for cid, *rest in fc.mix_cases()}
_METHOD_MIX = {cid: rest for cid, *rest in fc.method_mix_cases()}


@pytest.mark.parametrize("cid", list(_MIX))
def test_every_function_mix_raises_on_meta(cid):  # §3.2, §3.3: tests/fake_cuda.py's cases on meta
    why = fc.run_mix(*_MIX[cid], meta=True)
    assert why is None, f"{cid}: {why}"


@pytest.mark.parametrize("cid", list(_METHOD_MIX))
def test_every_method_and_operator_mix_raises_on_meta(cid):  # §3.2, §3.3
    why = fc.run_method_mix(*_METHOD_MIX[cid], meta=True)
    assert why is None, f"{cid}: {why}"


# sizes read on the host (docs/devices.md): NumPy arrays there are host values on any device
SIZE_ARRAYS = {
    "reshape": lambda xp, x: xp.reshape(x, numpy.array([2, 3])),
    "ndarray.reshape": lambda xp, x: x.reshape(numpy.array([3, -1])),
    "broadcast_to": lambda xp, x: xp.broadcast_to(x, numpy.array([2, 6])),
    "tile": lambda xp, x: xp.tile(x, numpy.array([2, 1])),
    "roll": lambda xp, x: xp.roll(x, numpy.array([2])),
    "roll[axis]": lambda xp, x: xp.roll(x.reshape(2, 3), numpy.array([1, 2]), axis=(0, 1)),
    "resize": lambda xp, x: xp.resize(x, numpy.array([4, 2])),
    "zeros_like[shape]": lambda xp, x: xp.zeros_like(x, shape=numpy.array([3, 2])),
    "full_like[shape]": lambda xp, x: xp.full_like(x, 2.0, shape=numpy.array([3, 2])),
    "pad": lambda xp, x: xp.pad(x, numpy.array([1, 2])),
    "array_split": lambda xp, x: xp.array_split(x, numpy.array([2, 4])),
    "transpose": lambda xp, x: xp.transpose(x.reshape(2, 3), numpy.array([1, 0])),
}


@pytest.mark.parametrize("name", list(SIZE_ARRAYS))
def test_size_arguments_as_numpy_arrays(name):  # §3.3: host values, as NumPy reads them
    a = numpy.arange(6.0)
    assert_like_numpy(SIZE_ARRAYS[name](torchnp, torchnp.asarray(a, device="cpu")), SIZE_ARRAYS[name](numpy, a),
                      device="cpu")
    got = SIZE_ARRAYS[name](torchnp, _m(6))
    for r in got if isinstance(got, list) else [got]:
        assert r.device.type == OTHER
