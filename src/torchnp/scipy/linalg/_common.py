"""Operands and SciPy's dtype and shape rules shared by torchnp.scipy.linalg (DESIGN §8)."""

import numpy as _np
import torch
from numpy.linalg import LinAlgError

from ... import _dtypes
from ..._boundary import tensors
from ..._convert import checks_data
from ...linalg._common import check_info, mH, mT  # noqa: F401 - NumPy's info rule (§3.5), shared

_INEXACT = {("f", False): torch.float32, ("f", True): torch.float64,
            ("c", False): torch.complex64, ("c", True): torch.complex128}


def lapack_dtype(*ts):
    """SciPy's ``_ensure_dtype_cdsz``: the operands' result type as a LAPACK type (integers and
    bools in float64, float16 in float32, single stays single)."""
    dt = _np.result_type(*[_dtypes.TO_NUMPY[t.dtype] for t in ts])
    if dt.kind not in "fc":
        return torch.float64
    return _INEXACT[(dt.kind, _np.finfo(dt).bits >= 64)]


def operands(*xs, dtype=None):
    """The array operands as tensors on one device (§3.2), cast to their LAPACK type."""
    ts = tensors(xs)
    dt = dtype or lapack_dtype(*ts)
    return [t.to(dt) for t in ts]


def check_finite_values(check_finite, *ts):
    """SciPy's ``_asarray_validated``: ValueError for infs or NaNs — a value check, skipped on
    accelerators (§3.5)."""
    for t in ts:
        if check_finite and t.numel() and checks_data(t) and not bool(torch.isfinite(t).all()):
            raise ValueError("array must not contain infs or NaNs")


def square(t, name="a"):
    if t.dim() < 2:
        raise ValueError(f"Expected at least ndim=2, got {name}1.ndim={t.dim()}")
    if t.shape[-1] != t.shape[-2]:
        raise ValueError(f"Expected square matrix, got {name}1.shape={tuple(t.shape)}")


def at_least_2d(t, name="a"):
    if t.dim() < 2:
        raise ValueError(f"expected at least 2-D array, got {t.dim()}-D {name}")


def hermitian_from(t, lower, conj=True):
    """The symmetric (Hermitian with ``conj``) matrix that LAPACK reads from one triangle."""
    tri = torch.tril(t) if lower else torch.triu(t)
    off = torch.tril(t, -1) if lower else torch.triu(t, 1)
    other = mH(off) if conj else mT(off)
    if conj and t.is_complex():
        d = torch.diagonal(tri, dim1=-2, dim2=-1)
        tri = tri - torch.diag_embed(1j * d.imag)
    return tri + other


def rhs(tb, n, a_shape, name="b"):
    """``b`` as a stack of columns (a 1-D ``b`` is one column); whether it was 1-D."""
    vec = tb.dim() == 1
    if vec:
        tb = tb.unsqueeze(-1)
    if tb.dim() == 0 or tb.shape[-2] != n:
        raise ValueError(f"incompatible shapes: a1.shape={tuple(a_shape)} and {name}1.shape={tuple(tb.shape)}")
    return tb, vec


def broadcast_batch(ta, tb):
    batch = torch.broadcast_shapes(ta.shape[:-2], tb.shape[:-2])
    return ta.expand(batch + ta.shape[-2:]), tb.expand(batch + tb.shape[-2:])


def singular(info, message="A singular matrix detected."):
    check_info(info, message)


__all__ = ["LinAlgError"]
