"""Special matrices of ``scipy.linalg`` (DESIGN §8): built by indexing on the operands' device."""

import torch

from ... import _dtypes
from .._dispatch import mirror
from ._basic import tensors_of

__all__ = ["block_diag", "toeplitz", "circulant", "hankel", "companion"]


@mirror("linalg")
def block_diag(*arrs):
    ts = tensors_of(*arrs) if arrs else tensors_of([])
    ts = [t.reshape((1,) * (2 - t.dim()) + t.shape) if t.dim() < 2 else t for t in ts]
    batch = torch.broadcast_shapes(*[t.shape[:-2] for t in ts])
    dt = _dtypes.to_torch(_dtypes.np_result_type(*[_dtypes.TO_NUMPY[t.dtype] for t in ts]))
    rows, cols = sum(t.shape[-2] for t in ts), sum(t.shape[-1] for t in ts)
    out = torch.zeros(batch + (rows, cols), dtype=dt, device=ts[0].device)
    r = c = 0
    for t in ts:
        out[..., r:r + t.shape[-2], c:c + t.shape[-1]] = t
        r, c = r + t.shape[-2], c + t.shape[-1]
    return out


def _diagonals(c, r):
    """``A[..., i, j] = c[..., i - j]`` below the diagonal, ``r[..., j - i]`` on and above it."""
    i = torch.arange(c.shape[-1], device=c.device)[:, None]
    j = torch.arange(r.shape[-1], device=c.device)[None, :]
    vals = torch.cat([c.flip(-1), r[..., 1:]], dim=-1)  # vals[len(c) - 1 + j - i]
    return vals[..., c.shape[-1] - 1 + j - i]


@mirror("linalg")
def toeplitz(c, r=None):
    c, r = (tensors_of(c) + [None]) if r is None else tensors_of(c, r)
    c = c.reshape(1) if c.dim() == 0 else c
    r = c.conj() if r is None else (r.reshape(1) if r.dim() == 0 else r)
    batch = torch.broadcast_shapes(c.shape[:-1], r.shape[:-1])
    dt = _dtypes.to_torch(_dtypes.np_result_type(_dtypes.TO_NUMPY[c.dtype], _dtypes.TO_NUMPY[r.dtype]))
    c = c.to(dt).expand(batch + c.shape[-1:])
    r = r.to(dt).expand(batch + r.shape[-1:])
    return _diagonals(c, r).resolve_conj()


@mirror("linalg")
def circulant(c):
    (c,) = tensors_of(c)
    c = c.reshape(1) if c.dim() == 0 else c
    n = c.shape[-1]
    i = torch.arange(n, device=c.device)
    return c[..., (i[:, None] - i[None, :]) % n]


@mirror("linalg")
def hankel(c, r=None):
    c, r = (tensors_of(c) + [None]) if r is None else tensors_of(c, r)
    r = torch.zeros_like(c) if r is None else r
    if c.dim() > 1 or r.dim() > 1:
        import warnings

        warnings.warn("Beginning in SciPy 1.19, multidimensional input will be treated as a batch, not "
                      "`ravel`ed. To preserve the existing behavior and silence this warning, `ravel` "
                      "arguments before passing them to `hankel`.", FutureWarning, stacklevel=3)
    c, r = c.reshape(-1), r.reshape(-1)
    dt = _dtypes.to_torch(_dtypes.np_result_type(_dtypes.TO_NUMPY[c.dtype], _dtypes.TO_NUMPY[r.dtype]))
    vals = torch.cat([c.to(dt), r[1:].to(dt)])
    i = torch.arange(c.shape[0], device=c.device)[:, None]
    j = torch.arange(r.shape[0], device=c.device)[None, :]
    return vals[i + j]


@mirror("linalg")
def companion(a):
    (a,) = tensors_of(a)
    a = a.reshape(1) if a.dim() == 0 else a
    n = a.shape[-1]
    if n < 2:
        raise ValueError("The length of `a` along the last axis must be at least 2.")
    if not (a.is_floating_point() or a.is_complex()):
        a = a.to(torch.float64)
    first = -a[..., 1:] / (1.0 * a[..., :1])
    c = torch.zeros(a.shape[:-1] + (n - 1, n - 1), dtype=first.dtype, device=a.device)
    c[..., 0, :] = first
    idx = torch.arange(1, n - 1, device=a.device)
    c[..., idx, idx - 1] = 1
    return c
