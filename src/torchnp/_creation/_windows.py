"""Window functions (NumPy docs: "Window functions"): bartlett, blackman, hamming, hanning,
kaiser, made on the default device in float64 as NumPy's."""

import operator

import numpy as _np
import torch

from .. import _device
from .._array import _wrap

__all__ = ["bartlett", "blackman", "hamming", "hanning", "kaiser"]


def _window_n(M):
    """(symmetric sample positions n = 1-M, 3-M, ..., M-1 as float64 on the default device, M) or a trivial window."""
    M = operator.index(M) if not isinstance(M, float) else M
    dev = _device.resolve(None)
    if M < 1:
        return None, _wrap(torch.zeros(0, dtype=torch.float64, device=dev))
    if M == 1:
        return None, _wrap(torch.ones(1, dtype=torch.float64, device=dev))
    return torch.arange(1 - M, M, 2, dtype=torch.float64, device=dev), M


def _cosine_window(coeffs):
    def window(M):
        n, M = _window_n(M)
        if n is None:
            return M
        r = torch.full_like(n, coeffs[0])
        for k, c in enumerate(coeffs[1:], 1):
            r = r + c * torch.cos(k * _np.pi * n / (M - 1))
        return _wrap(r)
    return window


hanning = _cosine_window((0.5, 0.5))
hanning.__name__ = "hanning"
hanning.__doc__ = "Hanning window (mirrors ``numpy.hanning``)."
hamming = _cosine_window((0.54, 0.46))
hamming.__name__ = "hamming"
hamming.__doc__ = "Hamming window (mirrors ``numpy.hamming``)."
blackman = _cosine_window((0.42, 0.5, 0.08))
blackman.__name__ = "blackman"
blackman.__doc__ = "Blackman window (mirrors ``numpy.blackman``)."


def bartlett(M):
    """Bartlett (triangular) window (mirrors ``numpy.bartlett``)."""
    n, M = _window_n(M)
    if n is None:
        return M
    return _wrap(torch.where(n <= 0, 1 + n / (M - 1), 1 - n / (M - 1)))


def kaiser(M, beta):
    """Kaiser window (mirrors ``numpy.kaiser``)."""
    n, M = _window_n(M)
    if n is None:
        return M
    k = torch.arange(0, M, dtype=torch.float64, device=n.device)
    alpha = (M - 1) / 2.0
    b = torch.as_tensor(beta, dtype=torch.float64, device=n.device)
    return _wrap(torch.special.i0(b * torch.sqrt(1 - ((k - alpha) / alpha) ** 2.0)) / torch.special.i0(b))
