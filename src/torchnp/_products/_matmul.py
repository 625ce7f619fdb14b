"""``matmul`` and the ``@`` operator (NumPy's gufunc ``(n?,k),(k,m?)->(n?,m?)``)."""

import operator

import numpy as _np
import torch

from .. import _cpu_kernels, _device, _dtypes
from .._array import _NPA, _wrap, host_result, ndarray, result, tiny_host, tiny_view
from .._boundary import beside_subclass, store, tensor, tensors
from .._convert import normalize_axis
from .._ufuncs._ufunc import translate

__all__ = ["matmul"]

_new = object.__new__
# products this large may take NumPy's kernel (the CPU kernel table): they skip the hot path
_NUMPY_FROM = _cpu_kernels.KERNELS["matmul"].min_size
# NumPy's dot of two real 2-D arrays of one dtype calls the same BLAS gemm (or syrk for a @ a.T)
# as its matmul, in half the time; complex outer products (k = 1) differ in the last bit: matmul
_DOT_DTYPES = frozenset({_np.dtype(_np.float64), _np.dtype(_np.float32)})


def _tiny_matmul(h1, h2):
    """NumPy's matmul of the host views ``h1``, ``h2`` of tiny host data (its dot on two matrices of one
    float dtype: the same gemm in half the time), its result and errors."""
    d = h1.dtype
    if d in _DOT_DTYPES and d == h2.dtype and h1.ndim == 2 == h2.ndim:
        try:
            return host_result(_np.dot(h1, h2))
        except ValueError:
            pass  # matmul raises its own message
    return host_result(_np.matmul(h1, h2))


def matmul(x1, x2, /, out=None, *, casting="same_kind", order="K", dtype=None, subok=True, signature=None, axes=None, axis=None):
    """Matrix product of two arrays (mirrors ``numpy.matmul``)."""
    if (type(x1) is _NPA or type(x2) is _NPA) and out is None and dtype is None and axes is None and axis is None:
        h1 = tiny_view(x1)  # a numpy.ndarray is host data as a torchnp array's host view (issue 23)
        if h1 is not None:
            h2 = tiny_view(x2)
            if h2 is not None:
                return _tiny_matmul(h1, h2)
    if type(x1) is ndarray and type(x2) is ndarray and out is None and dtype is None and axes is None and axis is None:
        h1 = tiny_host(x1)
        if h1 is not None:
            h2 = tiny_host(x2)
            if h2 is not None:  # tiny host data: NumPy's matmul, its result and errors (_array.TINY_HOST)
                return _tiny_matmul(h1, h2)
        # hot path (§7): same non-bool dtypes need no promotion; any torch error (0-d operand,
        # core-dimension mismatch, devices, no kernel) takes the general path, which raises NumPy's
        d = x1._d
        if d is x2._d and d is not torch.bool and x1._t.numel() < _NUMPY_FROM and \
                not (_device.multi_device[0] and x1._t.device != x2._t.device):
            try:
                r = torch.matmul(x1._t, x2._t)
            except RuntimeError:
                pass
            else:
                w = _new(ndarray)
                w._t = r
                w._d = d
                w._h = None
                w._b = None
                return w
    a, b = tensors((x1, x2))
    for i, t in enumerate((a, b)):
        if t.dim() == 0:
            raise ValueError(f"matmul: Input operand {i} does not have enough dimensions (has 0, gufunc core with signature (n?,k),(k,m?)->(n?,m?) requires 1)")
    if axis is not None:
        raise TypeError("matmul: axis can only be used with a single shared core dimension, not with the 3 "
                        "distinct ones implied by signature (n?,k),(k,m?)->(n?,m?).")
    if axes is not None:  # the gufunc's axes=: core axes moved last, the result's moved back
        if len(axes) != 3:
            raise ValueError("axes should be a list with an entry for all 3 inputs and outputs; entries for "
                             "outputs can only be omitted if none of them has core axes.")
        core = [_core(ax, t.dim(), i) for i, (ax, t) in enumerate(zip(axes[:2], (a, b)))]
        n_out = (a.dim() > 1) + (b.dim() > 1)  # the (n?, m?) of the result that exist
        a, b = (t.movedim(c, list(range(-len(c), 0))) for t, c in zip((a, b), core))
        r = matmul(_wrap(a), _wrap(b), casting=casting, dtype=dtype)._t
        ro = _core(axes[2], r.dim(), 2, n_out)
        r = r.movedim(list(range(-len(ro), 0)), ro)
        return _store(r, out, casting)
    ka = a.shape[-1]
    kb = b.shape[-2] if b.dim() > 1 else b.shape[0]
    if ka != kb:
        raise ValueError(f"matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature (n?,k),(k,m?)->(n?,m?) (size {kb} is different from {ka})")
    if out is not None and dtype is None:
        h1 = tiny_view(x1)
        h2 = None if h1 is None else tiny_view(x2)
        if h2 is not None:  # tiny host data: NumPy's matmul, its bits as without out= (a fresh result: overlap safe)
            return _store(tensor(_tiny_matmul(h1, h2)), out, casting)
    dt = _dtypes.promote_torch(a.dtype, b.dtype) if dtype is None else _dtypes.to_torch(_np.dtype(dtype))
    if dt is torch.bool:
        r = torch.matmul(a.to(torch.float64 if a.device.type == "cpu" else torch.float32), b.to(torch.float64 if a.device.type == "cpu" else torch.float32)) != 0
    else:
        a2, b2 = a.to(dt), b.to(dt)
        if dt in _dtypes.PARTIAL:  # uint16/32/64: no CUDA mul, products and sums in int64 wrap alike (§2.5)
            a2, b2 = (v.view(torch.int64) if dt is torch.uint64 else v.to(torch.int64) for v in (a2, b2))
        nd = (a2.dim(), b2.dim())
        k = _cpu_kernels.numpy_kernel("matmul" if max(nd) <= 2 else "batched_matmul", a2, b2, context=nd)
        try:
            r = torch.matmul(a2, b2) if k is None else _cpu_kernels.run(k, a2, b2)
        except RuntimeError as exc:
            if "not implemented" not in str(exc):
                raise translate(exc, "matmul", (a2, b2)) from None  # NumPy's broadcast ValueError
            # integer matmul has no kernel on some devices: exact multiply-and-sum instead
            a3 = a2.unsqueeze(-2) if a2.dim() == 1 else a2
            b3 = b2.unsqueeze(-1) if b2.dim() == 1 else b2
            r = (a3.unsqueeze(-1) * b3.unsqueeze(-3)).sum(-2)
            if a2.dim() == 1:
                r = r.squeeze(-2)
            if b2.dim() == 1:
                r = r.squeeze(-1)
        if r.dtype is not dt:  # torch.sum gives int64 for small ints (and uint16/32/64 ran in int64):
            r = r.view(dt) if dt is torch.uint64 else r.to(dt)  # back to NumPy's dtype (wraps alike)
    return _store(r, out, casting)


def _store(r, out, casting):
    return store(r, out, casting, ufunc=_np.matmul, shape_error="matmul: output operand has shape {out}, expected {expected}")


def _core(spec, ndim, i, need=None):
    """Normalised core axes of operand ``i`` (2 for an operand of 2 or more dimensions) from ``axes=``."""
    spec = (spec,) if isinstance(spec, int) else tuple(spec)
    need = min(ndim, 2) if need is None else need
    if len(spec) != need:
        raise _np.exceptions.AxisError(f"matmul: operand {i} has {need} core dimensions, but {len(spec)} "
                                       "dimensions are specified by axes tuple.")
    return [normalize_axis(ax, ndim) for ax in spec]


def _matmul_op(self, other):
    if type(other) is not ndarray and not isinstance(
            other, (ndarray, list, tuple, _np.ndarray, _np.generic, int, float, complex, bool)):
        return NotImplemented
    if type(other) is not _np.ndarray and isinstance(other, _np.ndarray):  # numpy.matrix, ... (§3.3)
        return beside_subclass(operator.matmul, self, other, False)
    return result(matmul(self, other))  # vector @ vector: NumPy's scalar on the host (§1.3)


def _rmatmul_op(self, other):
    if not isinstance(other, (ndarray, list, tuple, _np.ndarray, _np.generic, int, float, complex, bool)):
        return NotImplemented
    if type(other) is not _np.ndarray and isinstance(other, _np.ndarray):
        return beside_subclass(operator.matmul, self, other, True)
    return result(matmul(other, self))


def _imatmul_op(self, other):
    r = matmul(self, other)
    if tuple(r.shape) != tuple(self.shape):
        raise ValueError("inplace matrix multiplication requires the first operand to keep its shape")
    self[...] = r
    return self


ndarray.__matmul__ = _matmul_op
ndarray.__rmatmul__ = _rmatmul_op
ndarray.__imatmul__ = _imatmul_op
