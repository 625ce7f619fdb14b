"""Shared helpers of the manipulation family: operands, promotion, axes."""

import numpy as _np
import torch

from .. import _device, _dtypes
from .._array import _wrap, ndarray
from .._boundary import casting_rule, on_device, out_tensor, store, tensor, tensors  # noqa: F401
from .._convert import as_tensor, cast_tensor, checks_data, normalize_axes, normalize_axis  # noqa: F401
from .._tensors import int_tuple

__all__ = []

def np_dtype(t):
    return _dtypes.TO_NUMPY[t.dtype]


def common_dtype(ts, extra=()):
    """torch dtype NumPy's ``result_type`` gives the arrays ``ts`` (plus dtypes/weak scalars ``extra``)."""
    first = ts[0].dtype
    if not extra and all(t.dtype is first for t in ts):
        return first
    return _dtypes.to_torch(_dtypes.np_result_type(*[np_dtype(t) for t in ts], *extra))


def check_casting(ts, dtype, casting):
    """TypeError (NumPy's message) unless every tensor casts to ``dtype`` under ``casting``."""
    if casting_rule(casting) == "unsafe":
        return
    dst = _dtypes.TO_NUMPY[dtype]
    for t in ts:
        src = np_dtype(t)
        if not _dtypes.np_can_cast(src, dst, casting):
            raise TypeError(f"Cannot cast array data from {src!r} to {dst!r} according to the rule {casting!r}")


def store_out(r, out, name="out"):
    """Write result tensor ``r`` into torchnp array ``out`` (shape must match), return ``out``."""
    return store(r, out, shape_error="Output array is the wrong shape")


def wrap_all(ts):
    return tuple(_wrap(t) for t in ts)


def index_tensor(x, dev):
    """Integer index tensor (int64) for ``x`` (take/put/choose); TypeError for float arrays as NumPy."""
    t = on_device(x, dev)
    if (t.is_floating_point() or t.is_complex()) and isinstance(x, (ndarray, _np.ndarray)):
        raise TypeError(f"Cannot cast array data from {np_dtype(t)!r} to dtype('int64') according to the rule "
                        "'same_kind'")
    if t.dtype is not torch.int64:  # lists of floats are truncated, as NumPy's unsafe list conversion
        t = t.to(torch.int64)
    return t


def check_bounds(idx, n, axis):
    """IndexError as NumPy's for indices outside [-n, n).

    NumPy's error needs a look at the data: on the CPU, or on an accelerator under
    ``np.errstate(invalid="raise")`` (a sync; otherwise torch's kernels assert there,
    §3.5). Not in a compiled graph, which cannot raise on data: there torch's own bounds
    check raises.
    """
    if idx.numel() == 0 or not checks_data(idx):
        return
    bad = (idx >= n) | (idx < -n)
    if bool(bad.any()):
        v = int(idx[bad].reshape(-1)[0])
        if axis is None:
            raise IndexError(f"index {v} is out of bounds for size {n}")
        raise IndexError(f"index {v} is out of bounds for axis {axis} with size {n}")


shape_tuple = int_tuple
