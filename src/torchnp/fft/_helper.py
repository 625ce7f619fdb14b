"""Frequencies and shifts (mirrors ``numpy.fft.fftfreq``, ``rfftfreq``, ``fftshift``, ``ifftshift``)."""

import operator

import numpy as _np
import torch

from .. import _device, _dtypes
from .._array import _wrap, ndarray
from .._convert import normalize_axes
from .._boundary import tensor

__all__ = ["fftfreq", "rfftfreq", "fftshift", "ifftshift"]


def _freqs(ints, n, d, dtype=None):
    """``ints * (1.0 / (n * d))`` in ``dtype`` (default: the default float, float64 unless opted out, §2.2)."""
    if isinstance(d, ndarray):
        d = d._t
    val = 1.0 / (n * d)
    tdt = _dtypes.default_float() if dtype is None else _dtypes.to_torch(dtype)
    return _wrap(ints.to(tdt) * val)


def _length(n):
    """NumPy's check of fftfreq's ``n``: an int or NumPy integer (2.5 is a ValueError)."""
    if not isinstance(n, (int, _np.integer)):
        raise ValueError("n should be an integer")
    if type(n) is bool:  # NumPy's np.empty(n) rejects it
        raise TypeError(f"expected a sequence of integers or a single integer, got '{n}'")
    return operator.index(n)


def fftfreq(n, d=1.0, device=None, *, dtype=None):
    """Sample frequencies of ``fft`` (mirrors ``numpy.fft.fftfreq``), created on ``device``.

    ``dtype`` (a real floating dtype) is the array API keyword; NumPy has no such keyword.
    """
    n = _length(n)
    dev = _device.resolve(device)
    N = (n - 1) // 2 + 1
    ints = torch.cat((torch.arange(0, N, device=dev), torch.arange(-(n // 2), 0, device=dev)))
    return _freqs(ints, n, d, dtype)


def rfftfreq(n, d=1.0, device=None, *, dtype=None):
    """Sample frequencies of ``rfft`` (mirrors ``numpy.fft.rfftfreq``), created on ``device``.

    ``dtype`` (a real floating dtype) is the array API keyword; NumPy has no such keyword.
    """
    n = _length(n)
    return _freqs(torch.arange(0, n // 2 + 1, device=_device.resolve(device)), n, d, dtype)


def _shift(x, axes, sign):
    t = tensor(x)
    axes = normalize_axes(axes, t.dim())
    if not axes:  # NumPy's roll(x, [], ()) fails this way
        raise ValueError("not enough values to unpack (expected 2, got 0)")
    return _wrap(torch.roll(t, [sign * (t.shape[a] // 2) for a in axes], axes))


def fftshift(x, axes=None):
    """Shift the zero-frequency term to the centre (mirrors ``numpy.fft.fftshift``)."""
    return _shift(x, axes, 1)


def ifftshift(x, axes=None):
    """Inverse of ``fftshift`` (mirrors ``numpy.fft.ifftshift``)."""
    return _shift(x, axes, -1)
