"""torchnp.scipy.signal against SciPy (DESIGN §8.2): SciPy's bits on host data, the torch
implementation within tolerance under the accelerator rules (tests/scipy_support.py)."""

import numpy
import pytest
import scipy.signal
from hypothesis import given, strategies as st
from hypothesis.extra import numpy as hnp

import torchnp
import torchnp.scipy.signal
from scipy_support import accelerator_rules, call, check_scipy

_MODES = st.sampled_from(["full", "same", "valid"])
_DTYPES = ["float64", "float32", "int64", "int16", "bool", "complex128"]


def _array(draw, shape, dtype):
    x = draw(hnp.arrays(numpy.float64, shape, elements=st.floats(-10, 10, allow_subnormal=False)))
    if dtype.startswith("complex"):
        x = x + 1j * x[..., ::-1]
    elif dtype == "bool":
        x = x > 0
    elif dtype.startswith("int"):
        x = numpy.round(x)
    return x.astype(dtype)


def _tol(*xs):
    # float32: SciPy's direct sums and torch's FFT products round differently (~1e-7 of the largest term)
    return 1e-4 if any(x.dtype in (numpy.float32, numpy.complex64) for x in xs) else 1e-11


@given(data=st.data(), name=st.sampled_from(["convolve", "correlate"]), mode=_MODES,
       method=st.sampled_from(["auto", "direct", "fft"]))
def test_convolve_correlate(data, name, mode, method):  # §8.2: modes, methods, sizes, dtypes
    ndim = data.draw(st.integers(1, 3))
    s1 = data.draw(hnp.array_shapes(min_dims=ndim, max_dims=ndim, max_side=7))
    s2 = data.draw(hnp.array_shapes(min_dims=ndim, max_dims=ndim, max_side=5))
    if mode == "valid" and not (all(a >= b for a, b in zip(s1, s2)) or all(b >= a for a, b in zip(s1, s2))):
        s2 = s1
    x = _array(data.draw, s1, data.draw(st.sampled_from(_DTYPES)))
    y = _array(data.draw, s2, data.draw(st.sampled_from(_DTYPES)))
    check_scipy(call(f"signal.{name}", x, y, mode, method), rtol=_tol(x, y))


@given(data=st.data(), name=st.sampled_from(["fftconvolve", "oaconvolve"]), mode=_MODES)
def test_fftconvolve(data, name, mode):  # §8.2: axes with broadcast dimensions
    ndim = data.draw(st.integers(1, 3))
    s1 = data.draw(hnp.array_shapes(min_dims=ndim, max_dims=ndim, max_side=8))
    axes = None
    if ndim > 1 and data.draw(st.booleans()):
        axes = data.draw(st.lists(st.integers(-ndim, ndim - 1), min_size=1, max_size=ndim,
                                  unique_by=lambda a: a % ndim))
    s2 = [data.draw(st.integers(1, 5)) if axes is None or (i in axes or i - ndim in axes)
          else data.draw(st.sampled_from([1, s1[i]])) for i in range(ndim)]
    if mode == "valid":
        s2 = [min(a, b) for a, b in zip(s1, s2)]
    x = _array(data.draw, s1, data.draw(st.sampled_from(["float64", "float32", "int64", "complex128"])))
    y = _array(data.draw, tuple(s2), data.draw(st.sampled_from(["float64", "float32", "complex128"])))
    check_scipy(call(f"signal.{name}", x, y, mode, axes), rtol=_tol(x, y))


@given(data=st.data(), name=st.sampled_from(["convolve2d", "correlate2d"]), mode=_MODES,
       boundary=st.sampled_from(["fill", "wrap", "symm", "circular", "symmetric", "pad"]))
def test_convolve2d(data, name, mode, boundary):  # §8.2: modes, boundaries, fill values
    s1 = data.draw(hnp.array_shapes(min_dims=2, max_dims=2, max_side=7))
    s2 = data.draw(hnp.array_shapes(min_dims=2, max_dims=2, max_side=5))
    if mode == "valid" and not (all(a >= b for a, b in zip(s1, s2)) or all(b >= a for a, b in zip(s1, s2))):
        s2 = s1
    x = _array(data.draw, s1, data.draw(st.sampled_from(["float64", "int64", "complex128"])))
    y = _array(data.draw, s2, data.draw(st.sampled_from(["float64", "int64", "complex128", "float32"])))
    fill = data.draw(st.sampled_from([0, 1.5, -2]))
    check_scipy(call(f"signal.{name}", x, y, mode, boundary, fill), rtol=_tol(x, y))


_V = numpy.linspace(0.0, 1.0, 6)


@pytest.mark.parametrize("c", [
    call("signal.convolve", _V, _V.reshape(2, 3)), call("signal.convolve", _V, _V, "sideways"),
    call("signal.convolve", _V, _V, method="slow"), call("signal.correlate", _V, _V, "sideways"),
    call("signal.convolve", numpy.ones((2, 3)), numpy.ones((3, 2)), "valid"), call("signal.convolve", 2.0, 3.0),
    call("signal.correlate", 2.0, 3.0 + 1j), call("signal.fftconvolve", _V, _V.reshape(2, 3)),
    call("signal.fftconvolve", numpy.ones((2, 3)), numpy.ones((3, 2)), "valid"),
    call("signal.fftconvolve", numpy.ones((4, 3)), numpy.ones((2, 2)), axes=1),
    call("signal.fftconvolve", numpy.ones((4, 3)), numpy.ones((2, 2)), axes=[]),
    call("signal.fftconvolve", _V, _V, "sideways"), call("signal.fftconvolve", numpy.array([]), _V),
    call("signal.convolve2d", _V, _V), call("signal.convolve2d", numpy.ones((2, 2)), numpy.ones((2, 2)), "x"),
    call("signal.correlate2d", numpy.ones((2, 2)), numpy.ones((2, 2)), boundary="reflect"),
    call("signal.convolve2d", numpy.ones((2, 3)), numpy.ones((3, 2)), "valid"),
], ids=lambda c: c.name)
def test_convolution_bad_arguments(c):  # SciPy's exceptions (and its 0-d products)
    check_scipy(c)


def test_convolve_python_data():
    check_scipy(call("signal.convolve", [1, 2, 3], [0, 1, 0.5]))
    check_scipy(call("signal.correlate2d", [[1, 2], [3, 4]], [[1, 1]], "same", "wrap"))


_WINDOWS = {"boxcar": (), "triang": (), "parzen": (), "bohman": (), "blackman": (), "nuttall": (),
            "blackmanharris": (), "flattop": (), "bartlett": (), "barthann": (), "hamming": (), "hann": (),
            "general_hamming": (0.6,), "kaiser": (8.6,), "gaussian": (2.5,), "general_gaussian": (1.5, 3.0),
            "cosine": (), "exponential": (None, 2.0), "tukey": (0.3,), "lanczos": ()}


@pytest.mark.parametrize("name", sorted(_WINDOWS))
@pytest.mark.parametrize("M", [0, 1, 2, 5, 8, 13])
@pytest.mark.parametrize("sym", [True, False])
def test_windows(name, M, sym):  # §8.2: creation (no array operand), symmetric and periodic
    args = _WINDOWS[name]
    if name == "exponential" and not sym:
        args = (1.0, 2.0)
    if name == "lanczos":
        check_scipy(call(f"signal.windows.{name}", M, sym=sym))
    else:
        check_scipy(call(f"signal.windows.{name}", M, *args, sym=sym))


@pytest.mark.parametrize("alpha", [-1, 0, 0.5, 1, 2])
def test_tukey_alpha(alpha):
    check_scipy(call("signal.windows.tukey", 9, alpha))


@pytest.mark.parametrize("window", [
    "hann", "hamming", "boxcar", "rect", "tri", "blackman", "hann_periodic", "hann_symmetric", "flattop",
    ("kaiser", 4.0), ("tukey", 0.25), ("tukey_periodic", 0.25), "tukey", ("gaussian", 1.5),
    ("general_gaussian", 1.5, 2.0), ("exponential", None, 3.0), "exponential", 8.6, "lanczos", "sinc",
    ("chebwin", 50), "taylor", ("dpss", 2.5), ("kaiser_bessel_derived", 3.0), ("general_cosine", [0.5, 0.5]),
])
@pytest.mark.parametrize("Nx", [1, 7, 16])
@pytest.mark.parametrize("fftbins", [True, False])
def test_get_window(window, Nx, fftbins):
    if window == ("kaiser_bessel_derived", 3.0) and (fftbins or Nx % 2):
        return  # SciPy refuses it (periodic, odd): covered by test_get_window_errors
    check_scipy(call("signal.get_window", window, Nx, fftbins), rtol=1e-11)


@pytest.mark.parametrize("args", [("hann", 0), ("hann", 3.0), ("hann", 4, 1), (object(), 4), ((3,), 4),
                                  ("nope", 4), (("hann", 1), 4), ("kaiser", 4), ("kaiser_bessel_derived", 5)])
def test_get_window_errors(args):
    check_scipy(call("signal.get_window", *args))


def test_windows_bad_length():
    check_scipy(call("signal.windows.hann", -1))
    check_scipy(call("signal.windows.hann", 2.5))
    check_scipy(call("signal.windows.exponential", 5, 1.0))


def test_window_device_keyword():  # SciPy 1.17's device=: created there
    got = torchnp.scipy.signal.windows.hann(8, device="cpu")
    assert isinstance(got, torchnp.ndarray) and got.device.type == "cpu"
    numpy.testing.assert_allclose(got.to_numpy(), scipy.signal.windows.hann(8), rtol=1e-15, atol=1e-16)
    got = torchnp.scipy.signal.get_window("hann", 8, device="cpu")
    numpy.testing.assert_allclose(got.to_numpy(), scipy.signal.get_window("hann", 8), rtol=1e-15, atol=1e-16)
    with accelerator_rules():
        assert torchnp.scipy.signal.windows.kaiser(5, 2.0).device == torchnp.asarray([1.0]).device


# -- linear filters ---------------------------------------------------------------------------
def _filter_case(data):
    order = data.draw(st.integers(1, 6))
    wn = data.draw(st.sampled_from([0.05, 0.2, 0.45, 0.8]))
    ftype = data.draw(st.sampled_from(["butter", "cheby1", "ellip"]))
    args = {"butter": (), "cheby1": (1,), "ellip": (1, 40)}[ftype]
    ba = getattr(scipy.signal, ftype)(order, *args, wn)
    sos = getattr(scipy.signal, ftype)(order, *args, wn, output="sos")
    return ba, sos


def _signal(data, min_len=1, dtypes=("float64", "float32", "int64", "complex128")):
    ndim = data.draw(st.integers(1, 3))
    shape = data.draw(hnp.array_shapes(min_dims=ndim, max_dims=ndim, min_side=1, max_side=4))
    axis = data.draw(st.integers(-ndim, ndim - 1))
    shape = list(shape)
    shape[axis] = data.draw(st.integers(min_len, 80))
    return _array(data.draw, tuple(shape), data.draw(st.sampled_from(dtypes))), axis


# ba-form recursions are ill-conditioned (poles near 1): SciPy's and the scan's rounding differ by
# up to ~1e-9 of the largest value for order 6 (docs/scipy.md); float32 ~1e-5
def _ftol(x):
    return 1e-3 if x.dtype in (numpy.float32, numpy.complex64) else 1e-8


@given(data=st.data())
def test_lfilter(data):  # §8.2: IIR and FIR, axes, zi
    (b, a), _ = _filter_case(data)
    if data.draw(st.booleans()):
        b, a = scipy.signal.firwin(data.draw(st.integers(1, 12)), 0.3), numpy.array([1.0])
    if data.draw(st.booleans()):
        b, a = 2 * b, 2 * a  # a[0] != 1: normalized as SciPy
    x, axis = _signal(data)
    if data.draw(st.booleans()):
        shape = list(x.shape)
        shape[axis] = max(len(a), len(b)) - 1
        if data.draw(st.booleans()):
            shape = [1 if (i != axis % x.ndim and data.draw(st.booleans())) else s for i, s in enumerate(shape)]
        zi = _array(data.draw, tuple(shape), "float64")
        check_scipy(call("signal.lfilter", b, a, x, axis, zi), rtol=_ftol(x))
    else:
        check_scipy(call("signal.lfilter", b, a, x, axis=axis), rtol=_ftol(x))


@given(data=st.data(), padtype=st.sampled_from(["odd", "even", "constant", None]))
def test_filtfilt(data, padtype):  # §8.2: pad types and lengths
    (b, a), sos = _filter_case(data)
    x, axis = _signal(data, min_len=40, dtypes=("float64", "float32", "int64"))
    padlen = data.draw(st.sampled_from([None, 0, 5, 39]))
    check_scipy(call("signal.filtfilt", b, a, x, axis, padtype, padlen), rtol=_ftol(x))
    check_scipy(call("signal.sosfiltfilt", sos, x, axis, padtype, padlen), rtol=_ftol(x))


@given(data=st.data())
def test_sosfilt(data):  # §8.2: sections, zi
    _, sos = _filter_case(data)
    x, axis = _signal(data)
    check_scipy(call("signal.sosfilt", sos, x, axis), rtol=_ftol(x))
    shape = [sos.shape[0]] + list(x.shape)
    shape[1 + axis % x.ndim] = 2
    zi = _array(data.draw, tuple(shape), "float64")
    check_scipy(call("signal.sosfilt", sos, x, axis, zi), rtol=_ftol(x))


@pytest.mark.parametrize("order", [1, 2, 4])
def test_initial_conditions(order):
    b, a = scipy.signal.butter(order, 0.3)
    check_scipy(call("signal.lfilter_zi", b, a))
    check_scipy(call("signal.lfilter_zi", b.astype(numpy.float32), a.astype(numpy.float32)), rtol=1e-5)
    check_scipy(call("signal.sosfilt_zi", scipy.signal.butter(order, 0.3, output="sos")))
    check_scipy(call("signal.lfilter_zi", [1.0, 2.0], [1.0]))


_B, _A = scipy.signal.butter(2, 0.3)
_SOS = scipy.signal.butter(2, 0.3, output="sos")


@pytest.mark.parametrize("c", [
    call("signal.lfilter", [1, 2], [1], numpy.arange(6)), call("signal.lfilter", [[1.0, 2.0]], _A, _V),
    call("signal.lfilter", [], _A, _V), call("signal.lfilter", _B, [[1.0]], _V), call("signal.lfilter", _B, _A, 5.0),
    call("signal.lfilter", _B, _A, _V, zi=numpy.ones(2)), call("signal.lfilter", _B, _A, _V, zi=numpy.ones((3,))),
    call("signal.lfilter", _B, _A, numpy.ones((2, 6)), zi=numpy.ones((2, 3))),
    call("signal.lfilter", _B, _A, _V, axis=1), call("signal.lfilter", [1.0, 2.0], [1.0], 5.0),
    call("signal.filtfilt", _B, _A, _V), call("signal.filtfilt", _B, _A, numpy.ones(20), padtype="wrap"),
    call("signal.filtfilt", _B, _A, numpy.ones(20), method="fast"), call("signal.sosfilt", _SOS[:, :5], _V),
    call("signal.sosfilt", _SOS, numpy.arange(6)), call("signal.sosfilt", _SOS, _V, zi=numpy.ones((2, 6))),
    call("signal.sosfiltfilt", _SOS, _V), call("signal.sosfilt_zi", _SOS[:, :5]),
    call("signal.lfilter_zi", [[1.0]], _A),
], ids=lambda c: c.name)
def test_filter_bad_arguments(c):
    check_scipy(c)


def test_filter_coefficients_from_numpy():  # §3.3: NumPy coefficients beside a torchnp array
    x = numpy.random.default_rng(0).standard_normal(64)
    with accelerator_rules():
        got = torchnp.scipy.signal.lfilter(_B, _A, torchnp.asarray(x))  # CPU: host arrays are no mix there
    numpy.testing.assert_allclose(got.to_numpy(), scipy.signal.lfilter(_B, _A, x), rtol=1e-12)
    got = torchnp.scipy.signal.filtfilt(torchnp.asarray(_B), _A, x)  # host rules: SciPy's own
    numpy.testing.assert_array_equal(got.to_numpy(), scipy.signal.filtfilt(_B, _A, x))


def test_filtfilt_gust_on_host_only():  # method='gust' is SciPy's own on host data; refused on a device
    x = numpy.random.default_rng(0).standard_normal(64)
    got = torchnp.scipy.signal.filtfilt(_B, _A, torchnp.asarray(x), method="gust")
    numpy.testing.assert_array_equal(got.to_numpy(), scipy.signal.filtfilt(_B, _A, x, method="gust"))
    with accelerator_rules(), pytest.raises(TypeError, match="gust"):
        torchnp.scipy.signal.filtfilt(_B, _A, torchnp.asarray(x), method="gust")
