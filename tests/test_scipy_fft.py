"""torchnp.scipy.fft against SciPy (DESIGN §8.2): SciPy's bits on host data, the torch
implementation within tolerance under the accelerator rules (tests/scipy_support.py)."""

import contextlib

import numpy
import pytest
import scipy.fft
from hypothesis import given, strategies as st
from hypothesis.extra import numpy as hnp

import torchnp
import torchnp.scipy.fft
from scipy_support import ON_CPU, accelerator_rules, assert_close, assert_exact, call, check_scipy, ours, scipy_result

_REAL = ["float64", "float32", "int64", "bool", "float16"]
_ANY = _REAL + ["complex128", "complex64"]
_NORMS = st.sampled_from([None, "backward", "ortho", "forward"])


def _data(draw, dtypes, min_dims=1, max_dims=3, min_side=1, max_side=6):
    dtype = draw(st.sampled_from(dtypes))
    shape = draw(hnp.array_shapes(min_dims=min_dims, max_dims=max_dims, min_side=min_side, max_side=max_side))
    x = draw(hnp.arrays(numpy.float64, shape, elements=st.floats(-10, 10, allow_subnormal=False)))
    if dtype.startswith("complex"):
        x = x + 1j * x[..., ::-1]
    return x.astype(dtype)


def _tol(x):
    # float16 inputs are computed in float32 (complex64): SciPy's pocketfft and torch's FFT round differently
    return 1e-4 if x.dtype in (numpy.float16, numpy.float32, numpy.complex64) else None


@given(data=st.data(), name=st.sampled_from(["fft", "ifft", "rfft", "irfft", "hfft", "ihfft"]), norm=_NORMS)
def test_one_d(data, name, norm):  # §8.2
    x = _data(data.draw, _REAL if name in ("rfft", "ihfft") else _ANY)
    axis = data.draw(st.integers(-x.ndim, x.ndim - 1))
    n = data.draw(st.none() | st.integers(2, 9))
    if name in ("irfft", "hfft") and n is None and x.shape[axis] == 1:
        n = 2  # SciPy's default n = 2*(m-1) = 0 is an error, tested below
    check_scipy(call(f"fft.{name}", x, n, axis, norm, workers=data.draw(st.sampled_from([None, 1, -1]))),
                rtol=_tol(x))


@given(data=st.data(), name=st.sampled_from(["fft2", "ifft2", "rfft2", "irfft2", "fftn", "ifftn", "rfftn", "irfftn",
                                             "hfft2", "ihfft2", "hfftn", "ihfftn"]), norm=_NORMS)
def test_n_d(data, name, norm):  # §8.2
    x = _data(data.draw, _REAL if name.startswith(("rfft", "ihfft")) else _ANY, min_dims=2, min_side=2)
    kwargs = {}
    if data.draw(st.booleans()):
        axes = data.draw(st.lists(st.integers(-x.ndim, x.ndim - 1), min_size=1, max_size=x.ndim,
                                  unique_by=lambda a: a % x.ndim))
        kwargs["axes"] = axes
        if data.draw(st.booleans()):
            kwargs["s"] = [data.draw(st.integers(2, 7)) for _ in axes]
    elif data.draw(st.booleans()):
        kwargs["s"] = [data.draw(st.integers(2, 7)) for _ in range(2)]  # SciPy: the last len(s) axes
    check_scipy(call(f"fft.{name}", x, norm=norm, **kwargs), rtol=_tol(x))


@given(data=st.data(), name=st.sampled_from(["dct", "idct", "dst", "idst"]), kind_type=st.sampled_from([1, 2, 3, 4]),
       norm=_NORMS, orthogonalize=st.sampled_from([None, True, False]))
def test_dct_dst(data, name, kind_type, norm, orthogonalize):  # §8.2: types 1-4, every norm, orthogonalize
    x = _data(data.draw, _ANY, min_side=2)
    axis = data.draw(st.integers(-x.ndim, x.ndim - 1))
    n = data.draw(st.none() | st.integers(2, 9))
    c = call(f"fft.{name}", x, kind_type, n, axis, norm, orthogonalize=orthogonalize)
    if x.dtype.kind == "c" and orthogonalize is not None and orthogonalize != (norm == "ortho"):
        _check_complex_parts(c, rtol=_tol(x))
        return
    check_scipy(c, rtol=_tol(x))


@pytest.mark.parametrize("name", ["dct", "idct", "dst", "idst"])
@pytest.mark.parametrize("kind_type", [1, 2, 3, 4])
@pytest.mark.parametrize("norm, orthogonalize", [(None, True), ("ortho", False), ("forward", True)])
def test_dct_dst_complex_orthogonalize(name, kind_type, norm, orthogonalize):  # §8.2: where SciPy drops it
    x = numpy.array([1.0, 1.0, 1.0, 2.0]) + 1j * numpy.array([0.5, -1.0, 3.0, 1.0])
    _check_complex_parts(call(f"fft.{name}", x, kind_type, norm=norm, orthogonalize=orthogonalize), rtol=None)


def _check_complex_parts(c, rtol):
    """SciPy 1.17 transforms complex input as its real and imaginary parts, as documented, but drops
    ``orthogonalize`` there (scipy/fft/_pocketfft/realtransforms.py ``_r2r`` does not pass it on, so it
    follows ``norm == "ortho"``): dct([1, 1, 1] + 0j, 1, orthogonalize=True) is [4, 0, 0], the real
    input's [3.414, 0, 0.586]. The device transform follows the definition (docs/scipy.md), so its
    oracle is SciPy's transforms of the two parts; host data is SciPy's own."""
    x = c.args[0]
    expected, _ = scipy_result(c)
    if ON_CPU:
        assert_exact(ours(c), expected, f"{c.name} (host rules)")
    parts = [scipy_result(call(c.name, part, *c.args[1:], **c.kwargs))[0] for part in (x.real, x.imag)]
    with accelerator_rules() if ON_CPU else contextlib.nullcontext():
        assert_close(ours(c), (parts[0] + 1j * parts[1]).astype(expected.dtype), rtol, None, f"{c.name} (parts)")


@given(data=st.data(), name=st.sampled_from(["dctn", "idctn", "dstn", "idstn"]), kind_type=st.sampled_from([1, 2, 3, 4]),
       norm=_NORMS)
def test_dctn_dstn(data, name, kind_type, norm):  # §8.2
    x = _data(data.draw, _ANY, min_dims=2, min_side=2)
    kwargs = {}
    if data.draw(st.booleans()):
        kwargs["axes"] = data.draw(st.lists(st.integers(-x.ndim, x.ndim - 1), min_size=1, max_size=x.ndim,
                                            unique_by=lambda a: a % x.ndim))
    if data.draw(st.booleans()):
        kwargs["s"] = [data.draw(st.integers(2, 7)) for _ in kwargs.get("axes", range(x.ndim))]
    check_scipy(call(f"fft.{name}", x, kind_type, norm=norm, **kwargs), rtol=_tol(x))


@pytest.mark.parametrize("name", ["fftshift", "ifftshift"])
@pytest.mark.parametrize("axes", [None, 0, (0, 1), -1])
def test_shifts(name, axes):
    check_scipy(call(f"fft.{name}", numpy.arange(12.0).reshape(3, 4), axes))
    check_scipy(call(f"fft.{name}", [1.0, 2.0, 3.0]))


@pytest.mark.parametrize("name", ["fftfreq", "rfftfreq"])
@pytest.mark.parametrize("n", [1, 4, 7])
def test_frequencies(name, n):
    check_scipy(call(f"fft.{name}", n, 0.1))
    check_scipy(call(f"fft.{name}", n))
    check_scipy(call(f"fft.{name}", 4.5))  # SciPy's ValueError


@pytest.mark.parametrize("name", ["fftfreq", "rfftfreq"])
def test_frequencies_device_keyword(name):  # SciPy 1.17's device=: created there, torchnp's array
    expected = getattr(scipy.fft, name)(8, 0.5)
    for device in ("cpu", torchnp.asarray([1.0]).device):
        got = getattr(torchnp.scipy.fft, name)(8, 0.5, device=device)
        assert isinstance(got, torchnp.ndarray) and got.device == torchnp.asarray([1.0], device=device).device
        numpy.testing.assert_array_equal(got.to_numpy(), expected, strict=True)
    got = getattr(torchnp.scipy.fft, name)(8, 0.5, xp=torchnp, device="cpu")
    numpy.testing.assert_array_equal(got.to_numpy(), expected, strict=True)
    with pytest.raises(ValueError):
        getattr(torchnp.scipy.fft, name)(8, device="cpu", xp=object())


_X = numpy.linspace(0, 1, 6)


@pytest.mark.parametrize("c", [
    call("fft.fft", _X, norm="sideways"), call("fft.fft", _X, plan=object()), call("fft.fft", _X, workers=0),
    call("fft.fft", _X, n=0), call("fft.rfft", _X + 1j), call("fft.ihfft", _X + 1j), call("fft.fft", _X, axis=2),
    call("fft.irfft", _X[:1]), call("fft.fft", numpy.array([])), call("fft.fft2", _X.reshape(2, 3), axes=(0, 0)),
    call("fft.dct", _X, type=5), call("fft.dct", _X, n=0), call("fft.dct", _X[:1], 1), call("fft.dst", _X[:1], 1),
    call("fft.idct", _X[:1], 1), call("fft.dct", _X, norm="sideways"), call("fft.dct", _X, axis=1),
    call("fft.dctn", _X.reshape(2, 3), axes=(0, 0)), call("fft.dctn", _X.reshape(2, 3), s=(0, 2)),
    call("fft.dct", numpy.array([])), call("fft.dst", _X, workers=0), call("fft.ihfft2", _X.reshape(2, 3) + 1j),
    call("fft.hfftn", _X.reshape(6, 1)), call("fft.hfft2", _X.reshape(2, 3), axes=(1, 1)),
], ids=lambda c: c.name)
def test_bad_arguments(c):  # SciPy's exception types
    check_scipy(c)


def test_python_data_and_integers():
    check_scipy(call("fft.fft", [1, 2, 3]))
    check_scipy(call("fft.dct", [1, 2, 3], 3))
    check_scipy(call("fft.dstn", [[1, 2], [3, 4]], 4))


def test_next_fast_len_is_scipys():  # a host function on sizes: SciPy's own, whatever the device
    for target in (1, 7, 97, 1021):
        assert torchnp.scipy.fft.next_fast_len(target) == scipy.fft.next_fast_len(target)
        assert torchnp.scipy.fft.next_fast_len(target, real=True) == scipy.fft.next_fast_len(target, True)
    with pytest.raises(ValueError):
        torchnp.scipy.fft.next_fast_len(-1)


def test_autograd_through_dct():  # the torch implementation serves gradients
    x = torchnp.asarray([0.3, 0.7, 1.1], device="cpu")
    g = torchnp.grad(lambda v: torchnp.scipy.fft.dct(v, norm="ortho").sum())(x)
    basis = scipy.fft.dct(numpy.eye(3), norm="ortho", axis=1)
    numpy.testing.assert_allclose(g.to_numpy(), basis.sum(axis=1), rtol=1e-12)


def test_float32_stays_single():  # SciPy keeps float32 -> complex64 / float32
    x = numpy.linspace(0, 1, 8, dtype=numpy.float32)
    with accelerator_rules():
        assert torchnp.scipy.fft.fft(torchnp.asarray(x)).dtype == numpy.complex64
        assert torchnp.scipy.fft.dct(torchnp.asarray(x)).dtype == numpy.float32


@pytest.mark.parametrize("name", ["fft2", "ifft2", "rfft2", "irfft2", "hfft2", "ihfft2"])
def test_2d_transforms_take_the_last_two_axes_of_a_batch(name):  # (3, 4, 5): axes (-2, -1), not (1, ...)
    x = numpy.random.default_rng(0).standard_normal((3, 4, 5))
    if name in ("irfft2", "hfft2"):
        x = x + 1j * numpy.random.default_rng(1).standard_normal((3, 4, 5))
    check_scipy(call(f"fft.{name}", x))


def test_dctn_bad_shape_message_is_scipys():
    c = call("fft.dctn", numpy.ones((3, 4)), s=[0, 4])
    _, exc = scipy_result(c)
    for rules in [contextlib.nullcontext, accelerator_rules] if ON_CPU else [contextlib.nullcontext]:
        with rules(), pytest.raises(type(exc)) as info:
            ours(c)
        assert str(info.value) == str(exc)
