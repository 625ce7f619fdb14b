"""Bridges to NumPy, torch and DLPack (docs/design.md §4): zero-copy where memory allows."""

import numpy as _np
import torch

from . import _device, _dtypes
from ._array import _wrap, ndarray
from ._convert import as_tensor
from ._tensors import from_host, mark, read_only

__all__ = ["from_numpy", "to_numpy", "from_torch", "from_dlpack", "asnumpy"]


def from_numpy(a, *, device=None):
    """Array sharing memory with the ``numpy.ndarray`` ``a`` (CPU); a copy with ``device=`` elsewhere (§4.1)."""
    if not isinstance(a, (_np.ndarray, _np.generic)):
        raise TypeError(f"from_numpy() expects a numpy.ndarray, got {type(a).__name__}")
    a = _np.asarray(a)
    dev = _device.resolve(device if device is not None else "cpu")
    if _dtypes.is_host_only(a.dtype):  # NumPy's own array is the host array (§2.5)
        if dev.type != "cpu":
            raise _device.DeviceMismatchError(
                f"from_numpy(device={str(dev)!r}): {a.dtype!r} is host-only data (a dtype torch cannot hold, §2.5)")
        return a
    td = _dtypes.to_torch(a.dtype)
    if a.dtype.char != _dtypes.TO_NUMPY[td].char:  # 'Q' (ulonglong) equals 'L': torch takes only the latter
        a = a.view(_dtypes.TO_NUMPY[td])
    if dev.type == "cpu":
        if any(s < 0 for s in a.strides):
            raise ValueError("from_numpy() cannot share memory with a negatively-strided NumPy array; "
                             "use torchnp.asarray(a.copy()) or torchnp.array(a)")
        if a.dtype.byteorder not in "=|":
            raise TypeError("from_numpy() needs native byte order to share memory; use torchnp.array(a)")
        if _dtypes.misaligned_complex(a):
            raise ValueError(f"from_numpy() cannot share {a.dtype} memory not aligned to {a.dtype.itemsize} bytes "
                             "(torch's complex types need it); use torchnp.array(a)")
        if not a.flags.writeable:  # shared read-only, as NumPy's own views of it
            return _wrap(from_host(a, None, dev, False))
        return _wrap(torch.from_numpy(a))
    return _wrap(as_tensor(a, None, dev))


def to_numpy(x):
    """A ``numpy.ndarray`` from ``x``: shares memory on the CPU, copies from other devices (§4.2)."""
    if isinstance(x, ndarray):
        return x.to_numpy()
    if isinstance(x, _np.ndarray):
        return x
    return _np.asarray(x)


asnumpy = to_numpy


def from_torch(t):
    """Array sharing memory with ``torch.Tensor`` ``t`` (any device, §4.4)."""
    if not isinstance(t, torch.Tensor):
        raise TypeError(f"from_torch() expects a torch.Tensor, got {type(t).__name__}")
    _dtypes.to_numpy(t.dtype)
    _device.note_device(t.device)
    return _wrap(t)


def from_dlpack(x, /, *, device=None, copy=None):
    """Array from any DLPack producer (``numpy.from_dlpack``): zero-copy unless ``device=``
    names another device or ``copy=True``; ``copy=False`` raises ``BufferError`` when a copy is needed."""
    if isinstance(x, ndarray):
        t = x._t
        if t.device.type == "cpu" and not t.requires_grad and not torch.compiler.is_compiling():
            # through the capsule, as NumPy: the result holds the array (its refcount; read-only state kept)
            state = read_only(t)
            t = mark(torch.from_dlpack(x), state) if state else torch.from_dlpack(x)
    elif isinstance(x, torch.Tensor):
        t = x
    else:
        if not hasattr(x, "__dlpack__"):
            raise TypeError(f"from_dlpack() expects an object with __dlpack__, got {type(x).__name__}")
        t = torch.from_dlpack(x)
    _dtypes.to_numpy(t.dtype)
    copied = False
    if isinstance(x, _np.ndarray) and not x.flags.writeable and not copy:
        t = mark(t, True)  # NumPy returns a read-only view of read-only memory
    if device is not None:
        dev = _device.resolve(device)
        if dev != t.device:
            if copy is False:
                raise BufferError(f"from_dlpack(copy=False): moving from '{t.device}' to '{dev}' needs a copy")
            t = t.to(dev)
            copied = True
    if copy and not copied:
        t = t.clone()
    _device.note_device(t.device)
    return _wrap(t)
