"""Grids (``numpy.meshgrid``, ``numpy.mgrid``, ``numpy.ogrid``, ``numpy.indices``, ``numpy.fromfunction``).

Built by torch on the default device or the inputs' device (§3.1).
"""

import math
import operator

import numpy as _np
import torch

from .. import _device, _dtypes
from .._array import _wrap
from .._convert import as_tensor
from ._basic import _shape, arange
from .._tensors import broadcast_shapes

__all__ = ["meshgrid", "mgrid", "ogrid", "indices", "fromfunction"]


def meshgrid(*xi, copy=True, sparse=False, indexing="xy"):
    """Coordinate matrices from coordinate vectors (``numpy.meshgrid``); a tuple of arrays."""
    if indexing not in ("xy", "ij"):
        raise ValueError("Valid values for `indexing` are 'xy' and 'ij'.")
    ts = [as_tensor(x).reshape(-1) for x in xi]
    if len(ts) > 1:
        _device.check_same(ts)
    ndim = len(ts)
    out = [t.reshape((1,) * i + (-1,) + (1,) * (ndim - i - 1)) for i, t in enumerate(ts)]
    if indexing == "xy" and ndim > 1:
        out[0] = out[0].reshape((1, -1) + (1,) * (ndim - 2))
        out[1] = out[1].reshape((-1, 1) + (1,) * (ndim - 2))
    if not sparse:
        shape = broadcast_shapes(*[o.shape for o in out])
        out = [o.expand(shape) for o in out]
    if copy:
        out = [o.clone() for o in out]
    return tuple(_wrap(o) for o in out)


def indices(dimensions, dtype=int, sparse=False, *, device=None):
    """Array representing the indices of a grid (``numpy.indices``)."""
    dimensions = tuple(operator.index(d) for d in dimensions)
    if not sparse:
        _shape(dimensions)  # ValueError for negative dimensions, as NumPy's empty()
    dt = _dtypes.to_torch(dtype)
    dev = _device.resolve(device)
    n = len(dimensions)
    res = []
    for i, d in enumerate(dimensions):
        res.append(torch.arange(max(d, 0), device=dev).to(dt).reshape((1,) * i + (-1,) + (1,) * (n - i - 1)))
    if sparse:
        return tuple(_wrap(r) for r in res)
    if not res:
        return _wrap(torch.empty((0,), dtype=dt, device=dev))
    return _wrap(torch.stack([r.expand(dimensions) for r in res]))


def fromfunction(function, shape, *, dtype=float, like=None, device=None, **kwargs):
    """Array by calling ``function`` on the coordinate arrays (``numpy.fromfunction``)."""
    args = indices(shape, dtype=dtype, device=device)
    return function(*args, **kwargs)


def _is_complex_step(step):
    return isinstance(step, (complex, _np.complexfloating))


class _GridClass:
    """``mgrid`` / ``ogrid``: index tricks mirroring ``numpy.lib.index_tricks.nd_grid``.

    A complex step ``5j`` means "5 points, end point included" (as ``linspace``).
    """

    __slots__ = ("sparse",)

    def __init__(self, sparse):
        self.sparse = sparse

    def __getitem__(self, key):
        if isinstance(key, slice):
            return self._one(key)
        size, num_list = [], [0]
        for k in key:
            start = 0 if k.start is None else k.start
            step = 1 if k.step is None else k.step
            if _is_complex_step(step):
                step = abs(step)
                size.append(int(step))
            else:
                size.append(math.ceil((k.stop - start) / step))
            num_list += [start, k.stop, step]
        typ = _dtypes.np_result_type(*num_list)
        if self.sparse:
            nn = [arange(n, dtype=typ) for n in size]
        else:
            nn = list(indices(size, typ))
        for i, k in enumerate(key):
            start = 0 if k.start is None else k.start
            step = 1 if k.step is None else k.step
            if _is_complex_step(step):
                step = int(abs(step))
                if step != 1:
                    step = (k.stop - start) / float(step - 1)
            nn[i] = nn[i] * step + start
        if self.sparse:
            n = len(size)
            return tuple(_wrap(a._t.reshape((1,) * i + (-1,) + (1,) * (n - i - 1))) for i, a in enumerate(nn))
        return _wrap(torch.stack([a._t for a in nn])) if nn else _wrap(
            torch.empty((0,), dtype=_dtypes.to_torch(typ), device=_device.get_default_device()))

    @staticmethod
    def _one(key):
        start = 0 if key.start is None else key.start
        step = key.step
        if _is_complex_step(step):
            step_float = abs(step)
            step = length = int(step_float)
            if step != 1:
                step = (key.stop - start) / float(step - 1)
            typ = _dtypes.np_result_type(start, key.stop, step_float)
            return arange(0, length, 1, dtype=typ) * step + start
        return arange(start, key.stop, step)

    def __len__(self):
        return 0


mgrid = _GridClass(sparse=False)
ogrid = _GridClass(sparse=True)
