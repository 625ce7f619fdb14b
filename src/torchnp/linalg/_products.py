"""Array-API style products of ``numpy.linalg``: matmul, outer, cross, vecdot, tensordot,
matrix_transpose, diagonal, trace."""

import math

import numpy as _np
import torch

from .. import _dtypes
from .._array import _wrap
from .._convert import normalize_axis
from ._common import tensor, tensors
from .._tensors import broadcast_shapes, read_only_view

__all__ = ["matmul", "outer", "cross", "vecdot", "tensordot", "matrix_transpose", "diagonal", "trace"]


def _promoted(*xs):
    ts = tensors(xs)
    dt = _dtypes.to_torch(_dtypes.np_result_type(*[_dtypes.TO_NUMPY[t.dtype] for t in ts]))
    return [t.to(dt) for t in ts], dt


def matmul(x1, x2, /):
    """Matrix product (mirrors ``numpy.linalg.matmul``)."""
    from .._products._matmul import matmul as _matmul

    return _matmul(x1, x2)


def outer(x1, x2, /):
    """Outer product of two 1-D vectors (mirrors ``numpy.linalg.outer``)."""
    (a, b), _ = _promoted(x1, x2)
    if a.dim() != 1 or b.dim() != 1:
        raise ValueError(f"Input arrays must be one-dimensional, but they are x1.ndim={a.dim()} and x2.ndim={b.dim()}.")
    return _wrap(a.unsqueeze(-1) * b)


def cross(x1, x2, /, *, axis=-1):
    """Cross product of 3-vectors (mirrors ``numpy.linalg.cross``)."""
    (a, b), _ = _promoted(x1, x2)
    n1 = a.shape[normalize_axis(axis, a.dim())]
    n2 = b.shape[normalize_axis(axis, b.dim())]
    if n1 != 3 or n2 != 3:
        raise ValueError("Both input arrays must be (arrays of) 3-dimensional vectors, "
                         f"but they are {n1} and {n2} dimensional instead.")
    a, b = torch.movedim(a, axis, -1), torch.movedim(b, axis, -1)
    try:
        a, b = torch.broadcast_tensors(a, b)
    except RuntimeError:
        raise ValueError("shape mismatch: objects cannot be broadcast to a single shape") from None
    dt = a.dtype
    if dt is torch.bool:
        raise TypeError("numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, "
                        "the `^` operator, or the logical_xor function instead.")
    if dt in _dtypes.PARTIAL:  # uint16/32/64 have no torch kernels: the int64 bits wrap alike
        a, b = (a.view(torch.int64), b.view(torch.int64)) if dt is torch.uint64 else (a.to(torch.int64), b.to(torch.int64))
    a0, a1, a2 = a.unbind(-1)
    b0, b1, b2 = b.unbind(-1)
    r = torch.stack((a1 * b2 - a2 * b1, a2 * b0 - a0 * b2, a0 * b1 - a1 * b0), -1)
    if r.dtype is not dt:
        r = r.view(dt) if dt is torch.uint64 else r.to(dt)
    return _wrap(torch.movedim(r, -1, axis))


def vecdot(x1, x2, /, *, axis=-1):
    """Vector dot product ``sum(conj(x1) * x2, axis)`` (mirrors ``numpy.linalg.vecdot``)."""
    (a, b), dt = _promoted(x1, x2)
    if a.dim() == 0 or b.dim() == 0:
        raise ValueError("vecdot: Input operand does not have enough dimensions")
    n1, n2 = a.shape[-1 if axis == -1 else axis], b.shape[-1 if axis == -1 else axis]
    if n1 != n2:
        raise ValueError(f"vecdot: Input operand 1 has a mismatch in its core dimension 0, with gufunc "
                         f"signature (n),(n)->() (size {n2} is different from {n1})")
    a, b = torch.movedim(a, axis, -1), torch.movedim(b, axis, -1)
    try:
        broadcast_shapes(a.shape[:-1], b.shape[:-1])
    except RuntimeError:
        raise ValueError("operands could not be broadcast together") from None
    if dt is torch.bool:
        return _wrap((a & b).any(-1))
    if dt in _dtypes.PARTIAL:  # uint16/32/64: no CUDA mul/sum kernels; products and sums in int64 wrap alike (§2.5)
        a, b = (a.view(torch.int64), b.view(torch.int64)) if dt is torch.uint64 else (a.to(torch.int64), b.to(torch.int64))
        r = (a * b).sum(-1)
        return _wrap(r.view(dt) if dt is torch.uint64 else r.to(dt))
    return _wrap((a.conj() * b).sum(-1).to(dt))


def tensordot(x1, x2, /, *, axes=2):
    """Tensor dot product over ``axes`` (mirrors ``numpy.linalg.tensordot``)."""
    (a, b), dt = _promoted(x1, x2)
    if isinstance(axes, int) or hasattr(axes, "__index__"):
        n = int(axes)  # NumPy's last n axes of a with the first n of b (none for n <= 0: an outer product),
        xa, xb = list(range(-n, 0)), list(range(n))  # compared pair by pair: an axis past either
        if any(a.shape[i] != b.shape[j] for i, j in zip(xa, xb)):  # operand's last is NumPy's IndexError
            raise ValueError("shape-mismatch for sum")
        dims = ([i + a.dim() for i in xa], xb)
    else:
        xa, xb = axes
        xa = [xa] if isinstance(xa, int) else list(xa)
        xb = [xb] if isinstance(xb, int) else list(xb)
        if len(xa) != len(xb) or any(a.shape[i] != b.shape[j] for i, j in zip(xa, xb)):
            raise ValueError("shape-mismatch for sum")
        dims = (xa, xb)
    from .._products._matmul import matmul as _matmul

    # NumPy's method: transpose + reshape to one matrix product (exact for ints and bools on every device)
    ka, kb = [normalize_axis(k, a.dim()) for k in dims[0]], [normalize_axis(k, b.dim()) for k in dims[1]]
    fa = [i for i in range(a.dim()) if i not in ka]
    fb = [i for i in range(b.dim()) if i not in kb]
    k = math.prod(a.shape[i] for i in ka)
    am = a.permute(fa + ka).reshape(math.prod(a.shape[i] for i in fa), k)
    bm = b.permute(kb + fb).reshape(k, math.prod(b.shape[i] for i in fb))
    r = _matmul(_wrap(am), _wrap(bm))._t
    return _wrap(r.reshape([a.shape[i] for i in fa] + [b.shape[i] for i in fb]))


def matrix_transpose(x, /):
    """Transpose of the last two axes (mirrors ``numpy.linalg.matrix_transpose``)."""
    t = tensor(x)
    if t.dim() < 2:
        raise ValueError(f"Input array must be at least 2-dimensional, but it is {t.dim()}")
    return _wrap(t.transpose(-2, -1))


def diagonal(x, /, *, offset=0):
    """Diagonals of the last two axes (mirrors ``numpy.linalg.diagonal``)."""
    t = tensor(x)
    if t.dim() < 2:
        raise ValueError("diag requires an array of at least two dimensions")
    return _wrap(read_only_view(torch.diagonal(t, offset, -2, -1)))  # NumPy's read-only view


def trace(x, /, *, offset=0, dtype=None):
    """Sum of the diagonals of the last two axes (mirrors ``numpy.linalg.trace``)."""
    t = tensor(x)
    if t.dim() < 2:
        raise ValueError("diag requires an array of at least two dimensions")
    d = torch.diagonal(t, offset, -2, -1)
    if dtype is not None:
        res = _np.dtype(dtype)
    else:  # NumPy's sum rule: small integers and bools accumulate in the default integer
        k = _dtypes.TO_NUMPY[t.dtype]
        res = _np.dtype(_np.uint64 if k.kind == "u" else _np.int64) if k.kind in "biu" else k
    rdt = _dtypes.to_torch(res)
    acc = torch.int64 if rdt in _dtypes.PARTIAL else rdt
    return _wrap(d.to(acc).sum(-1).to(rdt))
