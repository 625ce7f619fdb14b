"""torchnp.scipy.signal against SciPy (DESIGN §8.2): SciPy's bits on host data, the torch
implementation within tolerance under the accelerator rules (tests/scipy_support.py)."""

import contextlib
import functools
import math
import warnings

import mpmath

import numpy
import pytest
import scipy.signal
from hypothesis import given, strategies as st
from hypothesis.extra import numpy as hnp

import torchnp
import torchnp.scipy.signal
from scipy_support import ON_CPU, accelerator_rules, assert_close, assert_exact, call, check_scipy, ours, scipy_result

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


def _conv_atol(x, y):
    # an FFT product rounds at ~eps of the largest term any output can have, min(sum|x| max|y|,
    # max|x| sum|y|) (every output is bounded by it): where the exact result is 0 SciPy's FFT gives noise
    # of that size (3.7e-17 from fftconvolve([[1, 1]], [[1, 0, 0, 0, 0]], "same")), torch's another, so
    # the absolute tolerance is rtol of that bound, not of the largest output
    ax, ay = numpy.abs(x), numpy.abs(y)
    bound = min(float(ax.sum()) * float(ay.max(initial=0)), float(ax.max(initial=0)) * float(ay.sum()))
    return _tol(x, y) * bound or None


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
    reference = None
    if method == "fft" and x.dtype == y.dtype == bool:
        # SciPy casts its FFT's rounding noise to bool (a 1e-17 where the sum is 0 is True): the
        # device path's oracle is the exact sum, SciPy's direct method on the 0/1 values as float64
        # (its direct method takes no bool) (fresh seed 3460813545)
        reference = lambda expected: getattr(scipy.signal, name)(  # noqa: E731
            x.astype(float), y.astype(float), mode, "direct").astype(bool)
    check_scipy(call(f"signal.{name}", x, y, mode, method), rtol=_tol(x, y), atol=_conv_atol(x, y),
                reference=reference)


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
    check_scipy(call(f"signal.{name}", x, y, mode, axes), rtol=_tol(x, y), atol=_conv_atol(x, y))


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
    check_scipy(call(f"signal.{name}", x, y, mode, boundary, fill), rtol=_tol(x, y),
                atol=_conv2d_atol(x, y, boundary, fill))


def _conv2d_atol(x, y, boundary, fill):
    # as _conv_atol, for the first operand padded by the boundary (its fill value too): a valid output
    # that cancels the large terms but one of 1e-255 is exact in SciPy's direct sums, FFT noise here
    m = max(float(numpy.abs(x).max(initial=0)), abs(fill) if boundary in ("fill", "pad") else 0.0)
    return _tol(x, y) * m * float(numpy.abs(y).sum()) or None


@pytest.mark.parametrize("name", ["convolve2d", "correlate2d"])
@pytest.mark.parametrize("fill", [1.5, -2.7])
def test_convolve2d_integer_fill(name, fill):  # §8.2: SciPy casts fillvalue to the result type (1.5 -> 1)
    check_scipy(call(f"signal.{name}", numpy.array([[0, 3]]), numpy.array([[1, 2]]), "full", "fill", fill))
    check_scipy(call(f"signal.{name}", numpy.array([[0, 3]]), numpy.array([[1.0, 2.0]]), "same", "fill", fill))


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
    call("signal.convolve", numpy.array([]), _V), call("signal.convolve", _V, numpy.array([]), method="fft"),
    call("signal.convolve2d", _V, _V), call("signal.convolve2d", numpy.ones((2, 2)), numpy.ones((2, 2)), "x"),
    call("signal.correlate2d", numpy.ones((2, 2)), numpy.ones((2, 2)), boundary="reflect"),
    call("signal.convolve2d", numpy.ones((2, 3)), numpy.ones((3, 2)), "valid"),
], ids=lambda c: c.name)
def test_convolution_bad_arguments(c):  # SciPy's exceptions (and its 0-d products)
    check_scipy(c)


@pytest.mark.parametrize("name", ["convolve2d", "correlate2d"])
def test_convolve2d_defaults(name):  # mode "full", boundary "fill" with SciPy's fillvalue 0
    a = numpy.arange(12.0).reshape(3, 4) - 5
    check_scipy(call(f"signal.{name}", a, numpy.array([[1.0, -2.0], [0.5, 3.0]])))


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


def _zf_tol(b, a, x, axis, zi):
    """lfilter's final state zf[i] = sum_j b[i+1+j] x[T-1-j] - a[i+1+j] y[T-1-j] (b, a over a[0];
    zi's tail added exactly while T < m): a sum of the last inputs and outputs, so it carries their
    error, rtol max|y| (y's own tolerance) times sum|a[1:]|, and the sums' rounding, within rtol
    times sum|b[1:]| max|x|, however small zf is after the terms cancel or decay (butter(1, 0.45)
    on an impulse of 12: zf 3.6e-13 from y ~ 0.46, an FFT's 4e-18 in y's tail 1.2e-5 of zf)."""
    y = float(numpy.abs(scipy.signal.lfilter(b, a, x, axis, zi)[0]).max())
    norm = lambda c: float(numpy.abs(numpy.asarray(c[1:]) / a[0]).sum())  # noqa: E731
    return _ftol(x) * (norm(a) * y + norm(b) * float(numpy.abs(x).max())) or None  # all zeros: the default


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
        check_scipy(call("signal.lfilter", b, a, x, axis, zi), rtol=_ftol(x), atol=(None, _zf_tol(b, a, x, axis, zi)))
    else:
        check_scipy(call("signal.lfilter", b, a, x, axis=axis), rtol=_ftol(x))


def test_lfilter_final_state_after_decay():  # zf 3.6e-13 from O(1) terms: _zf_tol's bound, not zf's own scale
    b, a = scipy.signal.butter(1, 0.45)
    x, zi = numpy.eye(1, 12)[0], numpy.zeros(1)
    check_scipy(call("signal.lfilter", b, a, x, -1, zi), rtol=_ftol(x), atol=(None, _zf_tol(b, a, x, -1, zi)))


@pytest.mark.parametrize("zi", [False, True])
@pytest.mark.parametrize("axis", [-1, 0])
def test_lfilter_fir(zi, axis):  # a = [1]: SciPy's FIR sums (the convolution path), with and without zi
    b = scipy.signal.firwin(5, 0.3)
    x = numpy.sin(numpy.arange(30.0)).reshape(2, 15) if axis == -1 else numpy.cos(numpy.arange(30.0)).reshape(15, 2)
    if zi:
        z = numpy.linspace(-1.0, 1.0, 8).reshape((2, 4) if axis == -1 else (4, 2))
        check_scipy(call("signal.lfilter", b, [1.0], x, axis, z), rtol=1e-12)
    else:
        check_scipy(call("signal.lfilter", b, [1.0], x, axis=axis), rtol=1e-12)


@given(data=st.data(), padtype=st.sampled_from(["odd", "even", "constant", None]))
def test_filtfilt(data, padtype):  # §8.2: pad types and lengths
    (b, a), sos = _filter_case(data)
    x, axis = _signal(data, min_len=40, dtypes=("float64", "float32", "int64"))
    padlen = data.draw(st.sampled_from([None, 0, 5, 39]))
    # a (b, a) form of order 6 and up is ill-conditioned (why SciPy offers sos): two libraries' roundings
    # part by a few 1e-8 there (ellip of order 6: 3.3e-8; seed 847134857), within §8.2's 1e-6
    ba_tol = max(_ftol(x), 1e-6) if len(a) > 6 else _ftol(x)
    check_scipy(call("signal.filtfilt", b, a, x, axis, padtype, padlen), rtol=ba_tol)
    check_scipy(call("signal.sosfiltfilt", sos, x, axis, padtype, padlen), rtol=_ftol(x))


@given(data=st.data())
def test_sosfilt(data):  # §8.2: sections, zi
    _, sos = _filter_case(data)
    x, axis = _signal(data)
    check_scipy(call("signal.sosfilt", sos, x, axis), rtol=_ftol(x))
    shape = [sos.shape[0]] + list(x.shape)
    shape[1 + axis % x.ndim] = 2
    zi = _array(data.draw, tuple(shape), "float64")
    # zf is the state after the last sample, a sum of terms of the size of the outputs: its error is
    # rtol of the largest output or state, not of itself (after an impulse through a pole at 0.08 the
    # state is 4.5e-12 and the scans' rounding, ~1e-16 of the output, is 5e-7 of it)
    y, zf = scipy.signal.sosfilt(sos, x, axis, zi)
    scale = max(float(numpy.abs(y).max(initial=0)), float(numpy.abs(zf).max(initial=0)))
    check_scipy(call("signal.sosfilt", sos, x, axis, zi), rtol=_ftol(x), atol=_ftol(x) * scale or None)


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


# -- spectral analysis ------------------------------------------------------------------------
_SPEC_WINDOWS = st.sampled_from(["hann", "hann_periodic", "hamming", ("tukey", 0.25), "boxcar", ("kaiser", 6.0),
                                 "blackman"])


def _segmenting(data, n):
    nperseg = data.draw(st.integers(1, max(1, min(n, 40))))
    noverlap = data.draw(st.none() | st.integers(0, nperseg - 1))
    nfft = data.draw(st.none() | st.integers(nperseg, nperseg + 9))
    return nperseg, noverlap, nfft


def _spec_signal(data, dtypes=("float64", "float32", "int64", "complex128")):
    x, axis = _signal(data, min_len=2, dtypes=dtypes)
    return x, axis, x.shape[axis]


def _stol(x):
    return 1e-4 if x.dtype in (numpy.float32, numpy.complex64) else 1e-10


def _floor(x, power=2):
    # absolute floor: where the signal is constant (hypothesis draws such data), detrended segments
    # are rounding noise, ~1e-32 in SciPy and exactly 0 here; the floor scales with the input
    return _stol(x) * max(1.0, float(numpy.abs(x).max(initial=0))) ** power


@given(data=st.data(), window=_SPEC_WINDOWS, detrend=st.sampled_from(["constant", "linear", False]),
       scaling=st.sampled_from(["density", "spectrum"]), average=st.sampled_from(["mean", "median"]))
def test_welch_csd(data, window, detrend, scaling, average):  # §8.2: segmentation, windows, detrend, scaling
    x, axis, n = _spec_signal(data)
    nperseg, noverlap, nfft = _segmenting(data, n)
    kw = dict(window=window, nperseg=nperseg, noverlap=noverlap, nfft=nfft, detrend=detrend, scaling=scaling,
              axis=axis, average=average, return_onesided=data.draw(st.booleans()))
    with numpy.errstate(all="ignore"):
        check_scipy(call("signal.welch", x, 2.0, **kw), rtol=_stol(x), atol=_floor(x))
        y = _array(data.draw, x.shape, data.draw(st.sampled_from(["float64", "complex128"])))
        # the floor of a cross spectrum: the coarser of the two dtypes, times both magnitudes
        floor = max(_stol(x), _stol(y)) * max(1.0, float(numpy.abs(x).max())) * max(1.0, float(numpy.abs(y).max()))
        check_scipy(call("signal.csd", x, y, **kw), rtol=max(_stol(x), _stol(y)), atol=floor)


@given(data=st.data(), window=_SPEC_WINDOWS)
def test_periodogram_coherence(data, window):
    x, axis, n = _spec_signal(data, dtypes=("float64", "float32", "int64"))
    nfft = data.draw(st.none() | st.integers(1, n + 5))
    check_scipy(call("signal.periodogram", x, 10.0, window, nfft, data.draw(st.sampled_from(["constant", False])),
                     axis=axis, scaling=data.draw(st.sampled_from(["density", "spectrum"]))), rtol=_stol(x),
                atol=_floor(x))
    # coherence is a ratio: on constant data, single segments or detrended boxcar DC bins both sides
    # are rounding noise (0/0), so it is checked on random signals, several segments, no detrending
    rng = numpy.random.default_rng(data.draw(st.integers(0, 2**32 - 1)))
    shape = list(x.shape)
    shape[axis] = max(n, 12)
    x = rng.standard_normal(shape).astype(x.dtype if x.dtype.kind == "f" else "float64")
    y = rng.standard_normal(shape)
    nperseg, noverlap, nfft = _segmenting(data, shape[axis] // 3)
    with numpy.errstate(all="ignore"):
        check_scipy(call("signal.coherence", x, y, 1.0, window, nperseg, noverlap, nfft, False, axis=axis),
                    rtol=1e-8 if x.dtype == numpy.float64 else 1e-3)


@given(data=st.data(), window=_SPEC_WINDOWS, mode=st.sampled_from(["psd", "complex", "magnitude", "angle", "phase"]))
def test_spectrogram(data, window, mode):
    x, axis, n = _spec_signal(data)
    nperseg, noverlap, nfft = _segmenting(data, n)
    if mode in ("angle", "phase"):  # angles of rounding noise (constant or detrended data) are arbitrary
        x = numpy.random.default_rng(data.draw(st.integers(0, 2**32 - 1))).standard_normal(x.shape).astype(
            x.dtype if x.dtype.kind in "fc" else "float64")
    detrend = data.draw(st.sampled_from(["constant", "linear", False])) if mode not in ("angle", "phase") else False
    c = call("signal.spectrogram", x, 1.0, window, nperseg, noverlap, nfft, axis=axis, mode=mode, detrend=detrend)
    if mode in ("angle", "phase"):
        _check_angles(c, 1e-6)
        return
    check_scipy(c, rtol=_stol(x), atol=_floor(x, 1 if mode in ("complex", "magnitude") else 2))


def _check_angles(c, tol):
    """Angles are defined modulo 2 pi: the DC and Nyquist bins are real, so the sign of their zero
    imaginary part (rounding noise) puts them at pi or -pi, and 'phase' unwraps from there. The
    frequencies and times as SciPy's, the angles within ``tol`` (times pi) and 8 of their ulps of
    SciPy's modulo 2 pi; host data is SciPy's own."""
    expected, _ = scipy_result(c)
    if ON_CPU:
        assert_exact(ours(c), expected, f"{c.name} (host rules)")
    with accelerator_rules() if ON_CPU else contextlib.nullcontext():
        got = ours(c)
    assert_close(got[:2], expected[:2], None, None, f"{c.name} (accelerator rules)")
    g, e = got[2].to_numpy(), expected[2]
    assert g.dtype == e.dtype and g.shape == e.shape, f"{g.dtype}{g.shape} != SciPy's {e.dtype}{e.shape}"
    wrapped = numpy.angle(numpy.exp(1j * (g.astype(numpy.float64) - e)))
    # and a few ulps: 'phase' unwraps along the times with a running sum of corrections, which SciPy's
    # NumPy rounds to float32 at each step and torch's scan does not, so the ulps are those of the
    # largest partial sum, up to the line's largest phase plus pi (an unwrapped float32 phase near 20
    # rad has ulps of 1.9e-6; 200 random float32 signals needed up to 4 ulps), plus the FFT's rounding,
    # relative to the segment's largest bin, as an angle of each bin (a small bin's angle moves most:
    # 3.3e-6 from SciPy's in a float32 segment of 34 values, thorough seed 3525940812)
    eps = numpy.finfo(e.dtype).eps
    line = numpy.abs(e).max(axis=-1, keepdims=True) + numpy.pi if c.kwargs.get("mode") == "phase" else numpy.abs(e)
    z = numpy.abs(scipy_result(c._replace(kwargs={**c.kwargs, "mode": "complex"}))[0][2])
    axis = c.kwargs.get("axis", -1)
    with numpy.errstate(divide="ignore"):  # SciPy's frequency axis: the data's (less one counted from the end)
        bins = 4 * eps * z.max(axis=axis if axis >= 0 else axis - 1, keepdims=True) / z
    bound = tol * numpy.pi + 8 * eps * line + bins
    assert (numpy.abs(wrapped) <= bound).all(), numpy.abs(wrapped).max()


@given(data=st.data(), window=_SPEC_WINDOWS, boundary=st.sampled_from(["zeros", "even", "odd", "constant", None]))
def test_stft(data, window, boundary):
    x, axis, n = _spec_signal(data)
    nperseg, noverlap, _ = _segmenting(data, n)
    nperseg = min(nperseg, n)
    check_scipy(call("signal.stft", x, 1.0, window, nperseg, noverlap, boundary=boundary,
                     padded=data.draw(st.booleans()), axis=axis,
                     scaling=data.draw(st.sampled_from(["spectrum", "psd"]))), rtol=_stol(x), atol=_floor(x, 1))


@given(data=st.data(), kind=st.sampled_from(["linear", "constant", "l", "c"]))
def test_detrend(data, kind):
    x, axis = _signal(data, dtypes=("float64", "float32", "int64", "complex128"))
    n = x.shape[axis]
    bp = data.draw(st.sampled_from([0, [n // 2], sorted({n // 3, 2 * n // 3})]))
    check_scipy(call("signal.detrend", x, axis, kind, bp), atol=1e-10 * max(1.0, numpy.abs(x).max()) *
                (1e5 if x.dtype in (numpy.float32,) else 1))


@given(data=st.data())
def test_hilbert(data):
    x, axis = _signal(data, dtypes=("float64", "float32", "int64"))
    check_scipy(call("signal.hilbert", x, data.draw(st.none() | st.integers(1, 90)), axis), rtol=_stol(x))


@pytest.mark.parametrize("c", [
    call("signal.welch", _V, nperseg=0), call("signal.welch", _V, nperseg=4, noverlap=4),
    call("signal.welch", _V, nperseg=4, nfft=3), call("signal.welch", _V, nperseg=4, average="mode"),
    call("signal.welch", _V, nperseg=4, scaling="power"), call("signal.welch", _V, window=numpy.ones(4), nperseg=3),
    call("signal.welch", numpy.array([])), call("signal.csd", numpy.ones((2, 8)), numpy.ones((3, 8)), nperseg=4),
    call("signal.csd", numpy.ones((0, 8)), numpy.ones((3, 8))), call("signal.periodogram", numpy.array([])),
    call("signal.periodogram", _V, window=numpy.ones(3)), call("signal.spectrogram", _V, mode="db"),
    call("signal.spectrogram", _V, window=numpy.ones((2, 2))), call("signal.spectrogram", _V, window=numpy.ones(8)),
    call("signal.stft", _V, nperseg=4, scaling="density"), call("signal.stft", _V, nperseg=4, boundary="wrap"),
    call("signal.stft", _V, nperseg=4, noverlap=4), call("signal.detrend", _V, type="quadratic"),
    call("signal.detrend", _V, bp=[9]), call("signal.hilbert", _V + 1j), call("signal.hilbert", _V, 0),
    call("signal.welch", _V, nperseg=4, detrend="cubic"),
], ids=lambda c: c.name)
def test_spectral_bad_arguments(c):
    check_scipy(c)


# -- resampling, smoothing, peaks ---------------------------------------------------------------
@given(data=st.data(), window=st.sampled_from([None, "hann", ("kaiser", 4.0)]), domain=st.sampled_from(["time", "freq"]))
def test_resample(data, window, domain):  # §8.2: up and down, even and odd lengths, windows
    x, axis = _signal(data, dtypes=("float64", "float32", "int64", "complex128"))
    num = data.draw(st.integers(1, 100))
    if domain == "freq":
        x = numpy.fft.fft(x, axis=axis)
    check_scipy(call("signal.resample", x, num, None, axis, window, domain), rtol=_stol(x), atol=_floor(x, 1))


def test_resample_time_points():
    x = numpy.random.default_rng(0).standard_normal(20)
    check_scipy(call("signal.resample", x, 31, numpy.linspace(0, 2, 20)))
    check_scipy(call("signal.resample", x, 31, window=numpy.hanning(20)))
    for num in (-1, -5):  # SciPy's ValueError (torch's RuntimeError on the device before)
        check_scipy(call("signal.resample", x, num))
        check_scipy(call("signal.resample", x + 1j, num))


@given(data=st.data(), padtype=st.sampled_from(["constant", "mean", "median", "minimum", "maximum"]))
def test_resample_poly(data, padtype):
    x, axis = _signal(data, dtypes=("float64", "float32", "int64", "complex128"))
    up, down = data.draw(st.integers(1, 6)), data.draw(st.integers(1, 6))
    if padtype in ("minimum", "maximum") and x.dtype.kind == "c":
        padtype = "mean"
    kw = {"cval": data.draw(st.sampled_from([None, 0.0, 1.5]))} if padtype == "constant" else {}
    window = data.draw(st.sampled_from([("kaiser", 5.0), "hamming", None]))
    if window is None:
        window = numpy.ones(data.draw(st.integers(1, 9))) / 3
    check_scipy(call("signal.resample_poly", x, up, down, axis, window, padtype, **kw), rtol=_stol(x),
                atol=_floor(x, 1))


def test_resample_poly_with_a_complex_window_is_complex():  # SciPy's upfirdn: NumPy's result type
    # (the device cast the window to the signal's real dtype: its imaginary part dropped, torch's warning)
    w = numpy.array([1 + 1j, 2, 1 - 1j]) / 3
    check_scipy(call("signal.resample_poly", numpy.arange(10.0), 3, 2, window=w), rtol=1e-12, atol=1e-13)


@given(data=st.data(), ftype=st.sampled_from(["iir", "fir"]), zero_phase=st.booleans())
def test_decimate(data, ftype, zero_phase):
    q = data.draw(st.integers(2, 5))
    x, axis = _signal(data, min_len=60, dtypes=("float64", "float32", "int64"))
    n = data.draw(st.none() | st.integers(2, 6)) if ftype == "iir" else None
    check_scipy(call("signal.decimate", x, q, n, ftype, axis, zero_phase), rtol=_ftol(x), atol=_floor(x, 1))


@given(data=st.data())
def test_medfilt(data):
    ndim = data.draw(st.integers(1, 3))
    shape = data.draw(hnp.array_shapes(min_dims=ndim, max_dims=ndim, max_side=7))
    x = _array(data.draw, shape, data.draw(st.sampled_from(["float64", "float32", "int64", "int16"])))
    ks = data.draw(st.none() | st.sampled_from([1, 3, 5]) | st.lists(st.sampled_from([1, 3, 5]), min_size=ndim,
                                                                     max_size=ndim))
    with warnings_ignored():
        check_scipy(call("signal.medfilt", x, ks))


@contextlib.contextmanager
def warnings_ignored():  # SciPy's UserWarnings (kernel larger than the signal, ...) are SciPy's to test
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@given(data=st.data(), mode=st.sampled_from(["interp", "mirror", "constant", "nearest", "wrap"]))
def test_savgol_filter(data, mode):
    x, axis = _signal(data, dtypes=("float64", "float32", "int64"))
    n = x.shape[axis]
    window_length = data.draw(st.integers(1, max(1, min(n, 11)) if mode == "interp" else 11))
    polyorder = data.draw(st.integers(0, window_length - 1))
    deriv = data.draw(st.integers(0, 2))
    delta = data.draw(st.sampled_from([1.0, 0.5]))
    reference = None
    if mode == "interp" and window_length // 2:
        reference = functools.partial(_savgol_edges_by_mpmath, x, window_length, polyorder, deriv, delta, axis)
    check_scipy(call("signal.savgol_filter", x, window_length, polyorder, deriv, delta, axis, mode, 0.25),
                rtol=1e-4 if x.dtype == numpy.float32 else 1e-9, atol=_floor(x, 1) * 10, reference=reference)


@functools.lru_cache(maxsize=None)
def _savgol_edge_maps(window_length, polyorder, deriv, delta):
    """The interp edges' linear maps (the fitted polynomial's deriv-th derivative at the first/last halflen
    positions, from the window's samples) by mpmath at 50 digits, rounded to float64 at the end."""
    with mpmath.workdps(50):
        i = [mpmath.mpf(k) for k in range(window_length)]
        V = mpmath.matrix([[p ** j for j in range(polyorder + 1)] for p in i])
        fit = mpmath.inverse(V.T * V) * V.T  # the least-squares fit (V has full column rank)
        h = window_length // 2

        def at(points):
            D = mpmath.matrix([[math.perm(j, deriv) * p ** (j - deriv) if j >= deriv else 0
                                for j in range(polyorder + 1)] for p in points])
            m = D * fit / mpmath.mpf(delta) ** deriv
            return numpy.array([[float(m[r, c]) for c in range(window_length)] for r in range(len(points))])

        return at(i[:h]), at(i[window_length - h:])


def _savgol_edges_by_mpmath(x, window_length, polyorder, deriv, delta, axis, expected):
    """mpmath decides interp's edges: SciPy's polyfit of an edge window is as inexact as its Vandermonde
    is ill-conditioned (savgol_filter([0, 1, 1, 1, 1, 1, 1, 1, 1], 9, 8)[0] is -3.4e-13, exactly 0;
    up to 3e-8 off for window 11, deriv 2 on unit data), the device's maps are within 1e-10
    (docs/scipy.md). The interior is SciPy's own savgol_coeffs on both sides."""
    left, right = _savgol_edge_maps(window_length, polyorder, deriv, delta)
    h = window_length // 2
    d = numpy.moveaxis(x.astype(numpy.float64), axis, -1)
    e = numpy.moveaxis(numpy.array(expected), axis, -1)
    e[..., :h] = d[..., :window_length] @ left.T
    e[..., e.shape[-1] - h:] = d[..., d.shape[-1] - window_length:] @ right.T
    return numpy.moveaxis(e, -1, axis).astype(expected.dtype)


def test_find_peaks():  # the data-dependent result: read on the host (docs/devices.md)
    x = numpy.sin(numpy.linspace(0, 20, 200)) + 0.1 * numpy.random.default_rng(0).standard_normal(200)
    for kw in ({}, {"height": 0.5, "distance": 5}, {"prominence": 0.3, "width": 2, "rel_height": 0.7},
               {"threshold": 0.01, "plateau_size": 1}, {"height": (0.2, 0.9), "wlen": 11, "prominence": 0.1}):
        check_scipy(call("signal.find_peaks", x, **kw))
        expected = scipy.signal.find_peaks(x, **kw)[1]
        with accelerator_rules():
            got = torchnp.scipy.signal.find_peaks(torchnp.asarray(x), **kw)[1]
        assert sorted(got) == sorted(expected)
        for k in expected:
            assert isinstance(got[k], torchnp.ndarray)
            numpy.testing.assert_array_equal(got[k].to_numpy(), expected[k])


_X20 = numpy.linspace(0, 1, 20)


@pytest.mark.parametrize("c", [
    call("signal.resample", _X20, 10, domain="space"), call("signal.resample", _X20, 10, window=numpy.ones(3)),
    call("signal.resample_poly", _X20, 1.5, 2), call("signal.resample_poly", _X20, 2, 0),
    call("signal.resample_poly", _X20, 2, 3, padtype="mean", cval=1.0), call("signal.resample_poly", _X20, 2, 3,
                                                                             padtype="zero"),
    call("signal.resample_poly", _X20, 2, 3, window=numpy.ones((2, 2))), call("signal.resample_poly", _X20, 2, 2),
    call("signal.decimate", _X20 * numpy.ones((2, 1)), 2, ftype="fancy"), call("signal.decimate", _X20, 2.5),
    call("signal.medfilt", _X20, 4), call("signal.medfilt", _X20.astype(bool)), call("signal.medfilt", 2.0),
    call("signal.savgol_filter", _X20, 5, 2, mode="reflect"), call("signal.savgol_filter", _X20, 21, 2),
    call("signal.savgol_filter", _X20, 5, 5),
], ids=lambda c: c.name)
def test_resampling_bad_arguments(c):
    with warnings_ignored():
        check_scipy(c)


@given(data=st.data(), window=_SPEC_WINDOWS, onesided=st.booleans(), boundary=st.booleans(),
       scaling=st.sampled_from(["spectrum", "psd"]))
def test_istft(data, window, onesided, boundary, scaling):  # §8.2: the round trip of stft, and SciPy's own on any Zxx
    x, axis = _signal(data, min_len=8, dtypes=("float64", "float32", "complex128"))
    n = x.shape[axis]
    nperseg = data.draw(st.integers(2, min(n, 24)))
    noverlap = data.draw(st.integers(0, nperseg - 1))
    if x.dtype.kind == "c":
        onesided = False
    _, _, Z = scipy.signal.stft(x, 1.0, window, nperseg, noverlap, return_onesided=onesided,
                                boundary="zeros" if boundary else None, axis=axis)
    with warnings_ignored():
        check_scipy(call("signal.istft", Z, 2.0, window, nperseg, noverlap, input_onesided=onesided,
                         boundary=boundary, time_axis=-1, freq_axis=axis - 1 if axis < 0 else axis,
                         scaling=scaling), rtol=_stol(x), atol=_floor(x, 1))


def test_istft_defaults_and_axes():  # scaling "spectrum" by default; time first, two batch axes after the frequencies
    x = numpy.sin(numpy.arange(6 * 40.0) / 3).reshape(2, 3, 40)
    _, _, Z = scipy.signal.stft(x, nperseg=8)  # (2, 3, 5, T)
    check_scipy(call("signal.istft", Z), rtol=1e-10, atol=1e-12)
    check_scipy(call("signal.istft", numpy.moveaxis(Z, (-1, -2), (0, 1)), time_axis=0, freq_axis=1),
                rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("name", ["welch", "csd", "spectrogram"])
def test_complex_input_warnings_are_scipys(name):  # spectrogram's UserWarning on switching to two-sided
    x = numpy.exp(1j * numpy.arange(32.0) / 4)  # spectra (SciPy 1.17's welch and csd switch silently)
    args = (x, x) if name == "csd" else (x,)

    def messages(module, make):
        with warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("always")
            getattr(module, name)(*[make(a) for a in args], nperseg=8)
        return [(w.category, str(w.message)) for w in seen]

    ref = messages(scipy.signal, numpy.asarray)
    assert (name == "spectrogram") == bool(ref)
    for rules in [contextlib.nullcontext, accelerator_rules] if ON_CPU else [contextlib.nullcontext]:
        with rules():
            assert messages(torchnp.scipy.signal, torchnp.asarray) == ref


@pytest.mark.parametrize("c", [
    call("signal.istft", _V), call("signal.istft", numpy.ones((5, 4)), time_axis=0, freq_axis=0),
    call("signal.istft", numpy.ones((5, 4)), nperseg=0), call("signal.istft", numpy.ones((5, 4)), nperseg=8, nfft=4),
    call("signal.istft", numpy.ones((5, 4)), noverlap=8), call("signal.istft", numpy.ones((5, 4)), scaling="x"),
    call("signal.istft", numpy.ones((5, 4)), window=numpy.ones(3)),
    call("signal.istft", numpy.ones((5, 4)), window=numpy.ones((8, 1))),
], ids=lambda c: c.name)
def test_istft_bad_arguments(c):
    check_scipy(c)


def test_filter_design_is_scipys_on_the_host():  # §8.3: design functions are host only (SciPy's own)
    b, a = torchnp.scipy.signal.butter(4, 0.2)
    eb, ea = scipy.signal.butter(4, 0.2)
    numpy.testing.assert_array_equal(b.to_numpy(), eb)
    numpy.testing.assert_array_equal(a.to_numpy(), ea)
    numpy.testing.assert_array_equal(torchnp.scipy.signal.windows.dpss(16, 2.5).to_numpy(),
                                     scipy.signal.windows.dpss(16, 2.5))
    x = torchnp.empty(8, device="meta")  # an accelerator array: the explicit fix is named
    with pytest.raises(TypeError, match=r"signal\.sosfreqz.*to_numpy"):
        torchnp.scipy.signal.sosfreqz(x)
