"""torchnp.fft against numpy.fft (docs/design.md §5.1; dtypes §2.2; devices §3.1)."""

import numpy
import pytest
from hypothesis import given, strategies as st

import torchnp
from support import Compare, DEVICE, arrays, assert_like_numpy, check, tnp

ONE_D = ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft"]
N_D = ["fftn", "ifftn", "rfftn", "irfftn", "fft2", "ifft2", "rfft2", "irfft2"]
REAL_IN = {"rfft", "ihfft", "rfftn", "rfft2"}  # NumPy rejects complex input
NORMS = [None, "backward", "ortho", "forward"]
DTYPES = ["float16", "float32", "float64", "complex64", "complex128", "int64", "int8", "bool"]


def sample(shape, dtype, seed=0):
    rng = numpy.random.default_rng(seed)
    dtype = numpy.dtype(dtype)
    if dtype.kind == "b":
        return rng.integers(0, 2, shape) != 0
    if dtype.kind in "iu":
        return rng.integers(-9, 10, shape).astype(dtype)
    a = rng.standard_normal(shape)
    if dtype.kind == "c":
        a = a + 1j * rng.standard_normal(shape)
    return a.astype(dtype)


def fft_tol(a):
    """Absolute tolerance: eps of the computation times the input's total magnitude.

    float16 input: torchnp transforms it in float32, NumPy rounds its normalization factor to
    float16 (documented difference), so compare at float16 precision.
    """
    kind = a.dtype.kind
    eps = 1e-6 if a.dtype in (numpy.float32, numpy.complex64) else 1e-14
    if a.dtype == numpy.float16:
        eps = 1e-3
    if kind in "biu":
        eps = 1e-14
    return 8 * eps * max(1.0, float(numpy.abs(a.astype(complex)).sum()))


def check_fft(name, a, **kw):
    """check() with FFT tolerances; half-precision output compares at half precision."""
    tol = fft_tol(a)
    exp = None
    with numpy.errstate(all="ignore"):
        try:
            exp = getattr(numpy.fft, name)(a, **kw)
        except Exception:  # noqa: BLE001 - check() compares the exception types
            pass
    if exp is not None and exp.dtype == numpy.float16:
        tol = 1e-2 * max(1.0, float(numpy.abs(exp).max(initial=0)))
    return check(f"fft.{name}", a, **kw, compare=Compare(rtol=0, atol=tol))


# ---------------------------------------------------------------- 1-D
@pytest.mark.parametrize("name", ONE_D)
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("n", [None, 1, 5, 8, 13])
def test_one_d_dtypes_and_n(name, dtype, n):  # §5.1, §2.2: output dtypes as NumPy 2
    a = sample((3, 8), dtype)
    check_fft(name, a, n=n)  # includes NumPy's TypeError for complex/bool input to rfft/ihfft


@pytest.mark.parametrize("name", ONE_D)
@pytest.mark.parametrize("axis", [0, 1, -1, -3, 2])
@pytest.mark.parametrize("norm", NORMS)
def test_one_d_axis_and_norm(name, axis, norm):
    a = sample((4, 6, 5), "float64" if name in REAL_IN else "complex128", seed=1)
    check_fft(name, a, axis=axis, norm=norm)


@given(arrays(dtypes=[numpy.dtype(d) for d in ("float32", "float64", "complex64", "complex128", "int32")],
              min_dims=1, max_dims=3, min_side=1, max_side=6),
       st.sampled_from(ONE_D), st.sampled_from(NORMS), st.data())
def test_one_d_hypothesis(a, name, norm, data):
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
    n = data.draw(st.one_of(st.none(), st.integers(1, 9)))
    if name in ("irfft", "hfft") and n is None and a.shape[axis] == 1:
        n = 2  # the default n would be 0: an error tested elsewhere
    check_fft(name, a, n=n, axis=axis, norm=norm)


@pytest.mark.parametrize("name", ONE_D)
def test_one_d_errors(name):
    a = sample((4,), "complex128")
    check(f"fft.{name}", a, n=0)
    check(f"fft.{name}", a, n=-2)
    with pytest.raises(ValueError, match="Invalid norm value"):
        getattr(torchnp.fft, name)(tnp(a.real), norm="bogus")
    check(f"fft.{name}", a.real, norm="bogus")
    check(f"fft.{name}", a.real, axis=1)  # NumPy: IndexError (AxisError is one)
    if name in ("irfft", "hfft"):  # default n = 2 * (1 - 1) = 0
        check(f"fft.{name}", numpy.ones(1, complex))


def test_invalid_norm_message():
    with pytest.raises(ValueError) as e1:
        numpy.fft.fft(numpy.ones(2), norm="x")
    with pytest.raises(ValueError) as e2:
        torchnp.fft.fft(tnp(numpy.ones(2)), norm="x")
    assert str(e1.value) == str(e2.value)


# ---------------------------------------------------------------- n-D
AXES_S = [  # (axes, s) -- permutations, subsets, repeats, padding and cropping, -1 for "whole axis"
    (None, None), ((0, 2), None), ((2, 0), None), ((-1,), None), ((1, 0, 2), None), ((1, 1), None),
    ((0, 1, 2), (3, 4, 5)), ((2, 0), (6, 2)), ((0, 2), (-1, 8)), ((1,), (7,)), ((), None),
]


AXES_S2 = [((-2, -1), None), ((0, 2), None), ((2, 0), (6, 2)), ((1, 1), None), ((0, 1), (-1, 3))]
N_D_CASES = [(n, ax, s) for n in N_D for ax, s in (AXES_S2 if n.endswith("2") else AXES_S)]


@pytest.mark.parametrize("name,axes,s", N_D_CASES)
@pytest.mark.parametrize("dtype", ["float32", "float64", "complex128", "int64"])
def test_n_d_axes_and_s(name, axes, s, dtype):
    if name in REAL_IN and dtype == "complex128":
        dtype = "float64"
    a = sample((3, 4, 5), dtype, seed=2)
    check_fft(name, a, s=s, axes=axes)


@pytest.mark.parametrize("name", N_D)
@pytest.mark.parametrize("norm", NORMS)
def test_n_d_norm(name, norm):
    a = sample((2, 6, 5), "float64" if name in REAL_IN else "complex128", seed=3)
    check_fft(name, a, norm=norm)


@pytest.mark.parametrize("name", N_D)
def test_n_d_errors(name):
    a = sample((3, 4), "complex128")
    check(f"fft.{name}", a, s=(2, 3, 4), axes=(0, 1))
    check(f"fft.{name}", a, s=(0, 3), axes=(0, 1))
    check(f"fft.{name}", a, axes=(0, 5))
    check(f"fft.{name}", a.real, norm="x")
    if name in REAL_IN:
        check(f"fft.{name}", a)


@pytest.mark.parametrize("name", ["fftn", "rfftn", "irfftn"])
def test_s_without_axes_warns_like_numpy(name):  # NumPy 2 deprecation
    a = sample((3, 4), "complex128" if name != "rfftn" else "float64")
    with pytest.warns(DeprecationWarning):
        numpy.fft.__dict__[name](a, s=(3, 4))
    with pytest.warns(DeprecationWarning):
        r = getattr(torchnp.fft, name)(tnp(a), s=(3, 4))
    assert_like_numpy(r, getattr(numpy.fft, name)(a, s=(3, 4), axes=(0, 1)), atol=1e-12, rtol=0)


# ---------------------------------------------------------------- out=
@pytest.mark.parametrize("name", ["fft", "irfft", "rfftn", "fft2"])  # (NumPy's ifft2 ignores out=)
def test_out(name):
    a = sample((4, 6), "float64" if name == "rfftn" else "complex128")
    exp = getattr(numpy.fft, name)(a)
    out = torchnp.zeros(exp.shape, dtype=exp.dtype, device=DEVICE)
    r = getattr(torchnp.fft, name)(tnp(a), out=out)
    assert r is out
    assert_like_numpy(out, exp, atol=1e-12, rtol=0)
    with pytest.raises(ValueError):  # NumPy: "output array has wrong shape."
        getattr(numpy.fft, name)(a, out=numpy.zeros((9, 9), exp.dtype))
    with pytest.raises(ValueError, match="wrong shape"):
        getattr(torchnp.fft, name)(tnp(a), out=torchnp.zeros((9, 9), dtype=exp.dtype, device=DEVICE))


def test_out_wrong_dtype():
    a = sample((5,), "float64")
    with pytest.raises(TypeError):
        numpy.fft.fft(a, out=numpy.zeros(5))
    with pytest.raises(TypeError):
        torchnp.fft.fft(tnp(a), out=torchnp.zeros(5, device=DEVICE))


# ---------------------------------------------------------------- round trips on the device
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_round_trips(dtype):
    a = tnp(sample((4, 7), dtype))
    F = torchnp.fft
    for back in (F.ifft(F.fft(a)).real, F.irfft(F.rfft(a), n=7), F.irfftn(F.rfftn(a), s=(4, 7), axes=(0, 1)),
                 F.ifftn(F.fftn(a)).real, F.ihfft(F.hfft(F.ihfft(a), n=7)).real):
        assert back.dtype == numpy.dtype(dtype) and str(back.device) == str(a.device)
    numpy.testing.assert_allclose(F.irfft(F.rfft(a), n=7).to_numpy(), a.to_numpy(),
                                  atol=1e-5 if dtype == "float32" else 1e-12)


# ---------------------------------------------------------------- frequencies and shifts
@pytest.mark.parametrize("n", [1, 2, 5, 8, 11])
@pytest.mark.parametrize("d", [1.0, 0.1, 3, numpy.float32(0.25)])
def test_fftfreq(n, d):
    for name in ("fftfreq", "rfftfreq"):
        exp = getattr(numpy.fft, name)(n, d)
        got = getattr(torchnp.fft, name)(n, d, device=DEVICE)
        assert_like_numpy(got, exp, rtol=1e-15, atol=0)
        assert str(got.device) == str(torchnp.asarray(got).device)
        assert got.device == torchnp.zeros(1, device=DEVICE).device


def test_fftfreq_errors_and_default_device():
    check("fft.fftfreq", 0)
    check("fft.rfftfreq", 0)
    assert torchnp.fft.fftfreq(4).device == torchnp.zeros(1).device


@given(arrays(dtypes=[numpy.dtype(d) for d in ("float64", "int16", "complex64", "bool")], min_dims=0, max_dims=3),
       st.data())
def test_shifts(a, data):
    axes = None
    if a.ndim:
        axes = data.draw(st.one_of(st.none(), st.integers(-a.ndim, a.ndim - 1),
                                   st.lists(st.integers(0, a.ndim - 1), min_size=1, unique=True).map(tuple)))
    check("fft.fftshift", a, axes=axes)
    check("fft.ifftshift", a, axes=axes)


def test_shift_bad_axis():
    check("fft.fftshift", numpy.ones((2, 3)), axes=2)
