"""Building matrices (NumPy docs: "Building matrices"): diag, diagflat, tri, tril, triu, vander.

Built with torch on the input's device; masks instead of per-dtype kernels so
every supported dtype works.
"""

import operator

import numpy as _np
import torch

from .. import _device, _dtypes
from .._array import _wrap
from .._tensors import read_only_view
from .._convert import as_tensor
from ._basic import _shape

__all__ = ["diag", "diagflat", "tri", "tril", "triu", "vander"]


def diag(v, k=0):
    """Extract a diagonal or construct a diagonal array (``numpy.diag``)."""
    t = as_tensor(v)
    k = operator.index(k)
    if t.dim() == 1:
        n = t.shape[0] + abs(k)
        out = torch.zeros((n, n), dtype=t.dtype, device=t.device)
        out.diagonal(k).copy_(t)
        return _wrap(out)
    if t.dim() == 2:
        return _wrap(read_only_view(t.diagonal(k)))  # NumPy's read-only view
    raise ValueError("Input must be 1- or 2-d.")


def diagflat(v, k=0):
    """2-D array with the flattened input as a diagonal (``numpy.diagflat``)."""
    return diag(_wrap(as_tensor(v).reshape(-1)), k)


def _tri_mask(N, M, k, device):
    N, M = _shape((N, M))
    return torch.ones((N, M), dtype=torch.bool, device=device).tril(k)


def tri(N, M=None, k=0, dtype=float, *, like=None, device=None):
    """Ones at and below the ``k``-th diagonal (``numpy.tri``)."""
    N = max(operator.index(N), 0)
    M = N if M is None else max(operator.index(M), 0)
    dt = _dtypes.default_float() if dtype is float else _dtypes.to_torch(dtype)
    return _wrap(_tri_mask(N, M, operator.index(k), _device.resolve(device)).to(dt))


def _triangle(m, k, upper):
    t = as_tensor(m)
    if t.dim() == 0:
        raise ValueError("input array must be at least 1-d")  # NumPy: tri() of no dimensions
    k = operator.index(k)
    rows, cols = (t.shape[-2], t.shape[-1]) if t.dim() > 1 else (t.shape[0], t.shape[0])
    mask = _tri_mask(rows, cols, k - 1 if upper else k, t.device)
    if upper:
        mask = ~mask
    s = _dtypes.as_signed(t)  # uint16/32/64: no CUDA where kernel, the same bits as signed
    return _wrap(torch.where(mask, s, torch.zeros((), dtype=s.dtype, device=t.device)).view(t.dtype))


def tril(m, k=0):
    """Lower triangle of an array (``numpy.tril``); stacks use the last two axes."""
    return _triangle(m, k, False)


def triu(m, k=0):
    """Upper triangle of an array (``numpy.triu``); stacks use the last two axes."""
    return _triangle(m, k, True)


def vander(x, N=None, increasing=False):
    """Vandermonde matrix (``numpy.vander``)."""
    t = as_tensor(x)
    if t.dim() != 1:
        raise ValueError("x must be a one-dimensional array or sequence.")
    N = t.shape[0] if N is None else operator.index(N)
    if N < 0:
        raise ValueError("negative dimensions are not allowed")
    dt = _dtypes.to_torch(_dtypes.np_promote_types(_dtypes.TO_NUMPY[t.dtype], _np.int64))
    cols = torch.ones((t.shape[0], N), dtype=dt, device=t.device)
    if N > 1:
        cols[:, 1:] = t.to(dt).unsqueeze(1)
        cols = torch.cumprod(cols, dim=1)  # x**0, x**1, ... as NumPy's multiply.accumulate
    return _wrap(cols if increasing else cols.flip(1))
