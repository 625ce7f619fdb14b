"""``scipy.fft``'s discrete Fourier transforms, shifts and frequencies on torchnp arrays.

The device path is torchnp.fft's implementation (``torch.fft`` on the array's device, NumPy 2's
dtypes, which are SciPy's but for float16, computed in float32: float16/float32 -> complex64, integers and bool -> complex128); this
module adds SciPy's signatures (``overwrite_x``, ``workers``, ``plan``; ``xp``/``device`` of the
frequencies) and SciPy's argument checks.
"""

import operator
import os

import torch

from ... import fft as _npfft
from ..._boundary import tensor
from ..._convert import normalize_axis
from .._dispatch import mirror

__all__ = ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft", "fft2", "ifft2", "fftn", "ifftn", "rfft2",
           "irfft2", "rfftn", "irfftn", "hfft2", "ihfft2", "hfftn", "ihfftn", "fftshift", "ifftshift", "fftfreq",
           "rfftfreq"]

_NORMS = (None, "backward", "ortho", "forward")


def check_options(norm, workers, plan=None):
    """SciPy's checks of ``norm``, ``workers`` and ``plan`` (the transforms' common keywords);
    ``overwrite_x`` is a hint SciPy may ignore, and so does torch."""
    if plan is not None:
        raise NotImplementedError("Passing a precomputed plan is not yet supported by scipy.fft functions")
    if norm not in _NORMS:
        raise ValueError(f'Invalid norm value {norm!r}, should be "backward", "ortho" or "forward"')
    if workers is not None:
        w = operator.index(workers)
        if w == 0:
            raise ValueError("workers must not be zero")
        if w < -(os.cpu_count() or 1):
            raise ValueError(f"workers value out of range; got {w}, must not be less than {-(os.cpu_count() or 1)}")


def check_points(n):
    if n is not None and operator.index(n) < 1:
        raise ValueError(f"invalid number of data points ({n}) specified")


def _operand(x, real_input=False):
    """The tensor SciPy transforms: float16 computed in float32 (SciPy's irfft of float16 gives
    float32 where NumPy's gives float16); complex refused where SciPy wants a real sequence."""
    t = tensor(x)
    if real_input and t.is_complex():
        raise TypeError("x must be a real sequence")
    return t.to(torch.float32) if t.dtype == torch.float16 else t


def _one_d(name, real_input=False):
    np_transform = getattr(_npfft, name)

    def impl(x, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, *, plan=None):
        check_options(norm, workers, plan)
        check_points(n)
        t = _operand(x, real_input)
        return np_transform(t, n, axis, norm)

    impl.__name__ = impl.__qualname__ = name
    impl.__doc__ = f"``scipy.fft.{name}``: torchnp.fft.{name} with SciPy's keywords."
    return mirror("fft")(impl)


def _n_d(name, default_axes, real_input=False):
    np_transform = getattr(_npfft, name)

    def impl(x, s=None, axes=default_axes, norm=None, overwrite_x=False, workers=None, *, plan=None):
        check_options(norm, workers, plan)
        t = _operand(x, real_input)
        if s is not None:
            s = [operator.index(v) for v in ((s,) if not hasattr(s, "__len__") else s)]
            for v in s:
                check_points(v)
            if axes is None:  # SciPy: the last len(s) axes (NumPy 2 deprecates axes=None with s)
                axes = tuple(range(-len(s), 0))
        if axes is not None:
            axes = tuple(axes) if hasattr(axes, "__len__") else (axes,)
            if len({operator.index(a) % max(t.dim(), 1) for a in axes}) != len(axes):
                raise ValueError("all axes must be unique")
        return np_transform(t, s, axes, norm)

    impl.__name__ = impl.__qualname__ = name
    impl.__doc__ = f"``scipy.fft.{name}``: torchnp.fft.{name} with SciPy's keywords."
    return mirror("fft")(impl)


fft = _one_d("fft")
ifft = _one_d("ifft")
rfft = _one_d("rfft", real_input=True)
irfft = _one_d("irfft")
hfft = _one_d("hfft")
ihfft = _one_d("ihfft", real_input=True)
fft2 = _n_d("fft2", (-2, -1))
ifft2 = _n_d("ifft2", (-2, -1))
rfft2 = _n_d("rfft2", (-2, -1), real_input=True)
irfft2 = _n_d("irfft2", (-2, -1))
fftn = _n_d("fftn", None)
ifftn = _n_d("ifftn", None)
rfftn = _n_d("rfftn", None, real_input=True)
irfftn = _n_d("irfftn", None)


def _hermitian(name, default_axes, transform, real_input):
    """SciPy's n-D Hermitian transforms (NumPy has none): ``torch.fft.hfftn``/``ihfftn``, whose
    conventions (``s``, the halved last axis, norms) are SciPy's."""

    def impl(x, s=None, axes=default_axes, norm=None, overwrite_x=False, workers=None, *, plan=None):
        check_options(norm, workers, plan)
        t = _operand(x, real_input)
        if not (t.dtype.is_floating_point or t.is_complex()):
            t = t.to(torch.float64)
        if s is not None:
            s = [operator.index(v) for v in ((s,) if not hasattr(s, "__len__") else s)]
            for v in s:
                check_points(v)
            if axes is None:
                axes = tuple(range(-len(s), 0))
        axes = tuple(range(t.dim())) if axes is None else tuple(axes) if hasattr(axes, "__len__") else (axes,)
        axes = tuple(normalize_axis(a, t.dim()) for a in axes)
        if len(set(axes)) != len(axes):
            raise ValueError("all axes must be unique")
        if s is not None and len(s) != len(axes):
            raise ValueError("when given, axes and shape arguments have to be of the same length")
        if s is None:
            for a in axes:
                check_points(t.shape[a])
            if not real_input and t.shape[axes[-1]] == 1:  # SciPy's default output length there: 1
                s = [t.shape[a] for a in axes[:-1]] + [1]
        return transform(t, s=s, dim=axes, norm=norm or "backward")

    impl.__name__ = impl.__qualname__ = name
    impl.__doc__ = f"``scipy.fft.{name}`` through ``torch.fft.{transform.__name__}``."
    return mirror("fft")(impl)


hfft2 = _hermitian("hfft2", (-2, -1), torch.fft.hfftn, False)
ihfft2 = _hermitian("ihfft2", (-2, -1), torch.fft.ihfftn, True)
hfftn = _hermitian("hfftn", None, torch.fft.hfftn, False)
ihfftn = _hermitian("ihfftn", None, torch.fft.ihfftn, True)


@mirror("fft")
def fftshift(x, axes=None):
    """``scipy.fft.fftshift``: torchnp.fft.fftshift."""
    return _npfft.fftshift(x, axes)


@mirror("fft")
def ifftshift(x, axes=None):
    """``scipy.fft.ifftshift``: torchnp.fft.ifftshift."""
    return _npfft.ifftshift(x, axes)


def _created_on(xp, device):
    if xp is not None and getattr(xp, "__name__", "") not in ("torchnp", "numpy"):
        raise ValueError(f"torchnp.scipy creates torchnp arrays: xp={xp!r} is not supported")
    return device


@mirror("fft")
def fftfreq(n, d=1.0, *, xp=None, device=None):
    """``scipy.fft.fftfreq``: torchnp.fft.fftfreq, created on ``device`` (default: the default device)."""
    return _npfft.fftfreq(n, d, _created_on(xp, device))


@mirror("fft")
def rfftfreq(n, d=1.0, *, xp=None, device=None):
    """``scipy.fft.rfftfreq``: torchnp.fft.rfftfreq, created on ``device`` (default: the default device)."""
    return _npfft.rfftfreq(n, d, _created_on(xp, device))
