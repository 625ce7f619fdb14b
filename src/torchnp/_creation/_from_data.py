"""Arrays from host data (``numpy.fromiter``, ``numpy.frombuffer``).

These read Python/host memory by nature; the result is created on the CPU
(``frombuffer`` shares the buffer) or copied to ``device=`` (§3.4).
"""

import operator

import numpy as _np
import torch

from .. import _device, _dtypes
from .._array import _wrap, from_numpy_view, ndarray, shareable
from .._convert import as_tensor

__all__ = ["fromiter", "frombuffer"]


def fromiter(iter, dtype, count=-1, *, like=None, device=None):
    """1-D array from an iterable (``numpy.fromiter``); ``dtype`` is required as in NumPy."""
    dt = _dtypes.to_torch(dtype)  # TypeError for unsupported dtypes before consuming the iterator
    host = _np.fromiter(iter, dtype=_dtypes.TO_NUMPY[dt], count=operator.index(count))
    return _wrap(as_tensor(host, None, _device.resolve(device)))  # Python data: the default device (§3.3)


def frombuffer(buffer, dtype=None, count=-1, offset=0, *, like=None, device=None):
    """1-D array over a buffer (``numpy.frombuffer``).

    Shares the buffer's memory on the CPU, read-only when the buffer is (``bytes``), and its
    ``base`` is the buffer, as NumPy's; ``device=`` copies.
    """
    source = buffer
    if isinstance(buffer, ndarray):  # its memory through the zero-copy NumPy view (CPU only: __array__)
        buffer = buffer.__array__()
    dt = torch.float64 if dtype is None else _dtypes.to_torch(dtype)  # bytes are read as float64, always
    host = _np.frombuffer(buffer, dtype=_dtypes.TO_NUMPY[dt], count=operator.index(count),
                          offset=operator.index(offset))
    dev = _device.resolve("cpu" if device is None else device)
    if dev.type == "cpu" and shareable(host):
        return from_numpy_view(host, source)
    return _wrap(torch.from_numpy(host.copy()).to(dev))
