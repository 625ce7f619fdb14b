"""``out=``, ``where=`` and ``casting=`` through the boundary's one handler of each (DESIGN §7,
§3.2, §3.3), differential against NumPy: every family that writes an ``out=`` array (ufuncs,
reductions, ufunc methods, products, manipulation, fft, linalg, random) with a good ``out``,
one of another dtype, one of another shape, and a NumPy array as ``out`` on the CPU."""

import warnings

import numpy
import pytest
from hypothesis import given, strategies as st

import torchnp
from support import DEVICE, arrays, assert_like_numpy, tnp

_A = numpy.arange(1.0, 7.0).reshape(2, 3)
_C = _A + 1j

#: name -> (NumPy call with its ``out``, shape and dtype of a fitting ``out``)
CALLS = {
    "add": (lambda m, a, out: m.add(a, 1.5, out=out), (2, 3), "float64"),
    "sin": (lambda m, a, out: m.sin(a, out=out), (2, 3), "float64"),
    "divmod": (lambda m, a, out: m.divmod(a, 2.0, out=(out, m.zeros_like(out) if out is not None else None))[0],
               (2, 3), "float64"),
    "sum": (lambda m, a, out: m.sum(a, axis=0, out=out), (3,), "float64"),
    "mean": (lambda m, a, out: m.mean(a, axis=1, out=out), (2,), "float64"),
    "max": (lambda m, a, out: m.max(a, axis=1, out=out), (2,), "float64"),
    "std": (lambda m, a, out: m.std(a, axis=0, out=out), (3,), "float64"),
    "add.reduce": (lambda m, a, out: m.add.reduce(a, axis=1, out=out), (2,), "float64"),
    "add.accumulate": (lambda m, a, out: m.add.accumulate(a, axis=1, out=out), (2, 3), "float64"),
    "cumsum": (lambda m, a, out: m.cumsum(a, axis=0, out=out), (2, 3), "float64"),
    "einsum": (lambda m, a, out: m.einsum("ij->j", a, out=out), (3,), "float64"),
    "matmul": (lambda m, a, out: m.matmul(a, a.T, out=out), (2, 2), "float64"),
    "concatenate": (lambda m, a, out: m.concatenate([a, a], out=out), (4, 3), "float64"),
    "take": (lambda m, a, out: m.take(a, [0, 2], out=out), (2,), "float64"),
    "clip": (lambda m, a, out: m.clip(a, 2, 4, out=out), (2, 3), "float64"),
    "fft.fft": (lambda m, a, out: m.fft.fft(a, out=out), (2, 3), "complex128"),
    "linalg.multi_dot": (lambda m, a, out: m.linalg.multi_dot([a, a.T, a], out=out), (2, 3), "float64"),
    "dot": (lambda m, a, out: m.dot(a, a.T, out=out), (2, 2), "float64"),
}
#: NumPy's accumulate iterates an out= with an extra length-1 axis as if broadcasting the other way;
#: torchnp raises its ValueError (docs/differences.md)
_ACCEPTS_EXTRA_AXIS = {"add.accumulate", "cumsum"}


def _outcome(fn):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with numpy.errstate(all="ignore"):
                return fn(), None
    except Exception as exc:  # noqa: BLE001 - compare exception types
        return None, type(exc)


def _same(np_fn, tn_fn, np_out, tn_out):
    want, err = _outcome(np_fn)
    if err is not None:
        with pytest.raises(err):
            with warnings.catch_warnings(), numpy.errstate(all="ignore"):
                warnings.simplefilter("ignore")
                tn_fn()
        return
    got, terr = _outcome(tn_fn)
    assert terr is None, f"NumPy answers, torchnp raises {terr}"
    assert got is tn_out  # out= is returned itself
    host = tn_out if isinstance(tn_out, numpy.ndarray) else tn_out.to_numpy()
    numpy.testing.assert_allclose(host, np_out, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("name", CALLS)
@pytest.mark.parametrize("variant", ["fitting", "int64", "float32", "shape"])
def test_out_like_numpy(name, variant):  # §7: one out= handler, NumPy's casting and shape rules
    call, shape, dtype = CALLS[name]
    if variant == "shape":
        if name in _ACCEPTS_EXTRA_AXIS:
            with pytest.raises(ValueError):
                call(torchnp, tnp(_A), torchnp.zeros(shape + (1,), device=DEVICE))
            return
        shape = shape + (1,)
    elif variant != "fitting":
        dtype = variant
    np_out = numpy.zeros(shape, dtype)
    tn_out = tnp(np_out)
    a = _A
    _same(lambda: call(numpy, a, np_out), lambda: call(torchnp, tnp(a), tn_out), np_out, tn_out)


@pytest.mark.skipif(not DEVICE.startswith("cpu"), reason="a NumPy out= array is host data: CPU computations only (§3.3)")
@pytest.mark.parametrize("name", CALLS)
def test_numpy_array_as_out_on_the_cpu(name):  # §3.3: written in place, zero-copy
    call, shape, dtype = CALLS[name]
    np_out, host_out = numpy.zeros(shape, dtype), numpy.zeros(shape, dtype)
    _same(lambda: call(numpy, _A, np_out), lambda: call(torchnp, tnp(_A), host_out), np_out, host_out)


@pytest.mark.parametrize("name", CALLS)
def test_out_on_another_device_raises(name):  # §3.2: never an implicit move
    call, shape, dtype = CALLS[name]
    other = "meta" if not DEVICE.startswith("meta") else "cpu"
    with pytest.raises(torchnp.DeviceMismatchError):
        call(torchnp, tnp(_A), torchnp.zeros(shape, dtype=dtype, device=other))


def test_read_only_numpy_out_raises():  # NumPy's ValueError for a read-only output
    out = numpy.zeros((2, 3))
    out.flags.writeable = False
    with pytest.raises(ValueError):
        numpy.add(_A, 1.0, out=out)
    if DEVICE.startswith("cpu"):
        with pytest.raises(ValueError):
            torchnp.add(tnp(_A), 1.0, out=out)


@pytest.mark.parametrize("casting", ["no", "equiv", "safe", "same_kind", "unsafe", "bogus", 3])
@pytest.mark.parametrize("call", [lambda m, a, c: m.add(a, 1, casting=c),
                                  lambda m, a, c: m.add(a, 1, out=m.zeros(a.shape, "int32"), casting=c),
                                  lambda m, a, c: m.einsum("ij->i", a, casting=c, dtype="float32"),
                                  lambda m, a, c: m.concatenate([a, a], dtype="int16", casting=c)])
def test_casting_like_numpy(casting, call):  # §7: one casting= check, NumPy's exceptions
    a = _A.astype("int64")
    want, err = _outcome(lambda: call(numpy, a, casting))
    if err is not None:
        with pytest.raises(err):
            call(torchnp, tnp(a), casting)
    else:
        assert_like_numpy(call(torchnp, tnp(a), casting), want)


@given(arrays(shape=(2, 3)), st.lists(st.booleans(), min_size=3, max_size=3))
def test_where_masks_like_numpy(a, mask):  # §7: one where= handler for ufuncs and reductions
    m = numpy.array(mask)
    out = numpy.full(a.shape, 7, a.dtype)
    with numpy.errstate(all="ignore"):
        want = numpy.add(a, a, out=out.copy(), where=m)
        want_sum = numpy.add.reduce(a, axis=1, where=m)
    tn_out = tnp(out)
    with numpy.errstate(all="ignore"):
        got = torchnp.add(tnp(a), tnp(a), out=tn_out, where=tnp(m))
        got_sum = torchnp.add.reduce(tnp(a), axis=1, where=tnp(m))
    assert got is tn_out
    assert_like_numpy(got, want)
    assert_like_numpy(got_sum, want_sum)


@pytest.mark.parametrize("where", [numpy.ones(3), numpy.ones(4, bool), [[True], [False], [True]]])
def test_bad_where_masks_raise_like_numpy(where):  # NumPy's TypeError / ValueError
    for call in (lambda m, a, w: m.add(a, 1.0, out=m.zeros((2, 3)), where=w),
                 lambda m, a, w: m.sum(a, axis=1, where=w), lambda m, a, w: m.mean(a, where=w)):
        want, err = _outcome(lambda: call(numpy, _A, where))
        assert err is not None
        with pytest.raises(err):
            call(torchnp, tnp(_A), tnp(where))


def test_where_mask_on_another_device_raises():  # §3.2
    other = "meta" if not DEVICE.startswith("meta") else "cpu"
    mask = torchnp.ones(3, dtype=bool, device=other)
    for call in (lambda: torchnp.add(tnp(_A), 1.0, out=tnp(_A), where=mask),
                 lambda: torchnp.sum(tnp(_A), axis=1, where=mask), lambda: torchnp.mean(tnp(_A), where=mask)):
        with pytest.raises(torchnp.DeviceMismatchError):
            call()
