"""Turning Python objects into tensors, and the shared argument helpers.

``as_tensor`` is the one conversion path used by ``asarray``/``array`` (creation);
operands of operations go through ``_boundary`` (the host-data rule of §3.3).
"""

import enum

import numpy as _np
import torch

from . import _device, _dtypes
from ._array import _labelled, _wrap, ndarray, numpy_host_array
from ._device import CPU as _CPU, checks_data  # noqa: F401  (checks_data: the argument helpers' one import path)
from ._tensors import (cast_tensor, check_order, from_host as _from_host, normalize_axes,  # noqa: F401
                       normalize_axis, reshape_tensor)


class _NoValueType(enum.Enum):
    """The "argument not given" default (NumPy's ``numpy._NoValue``). An enum member because
    torch.compile can hold one where a function's defaults have no source (``x.sum()`` on an
    array made inside a jitted function, §6.1); it cannot hold NumPy's sentinel there."""

    NOVALUE = "<no value>"

    def __repr__(self):
        return "<no value>"


NOVALUE = _NoValueType.NOVALUE

__all__ = []


def _infer_host(obj, dtype):
    """numpy.ndarray for a nested list/tuple/scalar, with NumPy's inference."""
    np_dtype = None if dtype is None else _dtypes.TO_NUMPY[dtype]
    try:
        arr = _np.asarray(obj, dtype=np_dtype)
    except OverflowError:
        raise
    if arr.dtype.kind not in "biufc":
        raise _dtypes._unsupported(arr.dtype)  # host-only data (§2.5): the boundary runs NumPy
    if dtype is None and arr.dtype == _np.float64 and _dtypes.default_float() is torch.float32:
        arr = arr.astype(_np.float32)
    return arr


def _iter_ndarrays(obj):
    for item in obj:
        if isinstance(item, ndarray):
            yield item
        elif isinstance(item, (list, tuple)):
            yield from _iter_ndarrays(item)


def _contains_ndarray(obj):
    for item in obj:
        if isinstance(item, ndarray):
            return True
        if isinstance(item, (list, tuple)) and _contains_ndarray(item):
            return True
    return False


def as_tensor(obj, dtype=None, device=None, copy=None):
    """A tensor for ``obj`` (the engine of ``asarray``).

    ``dtype`` is a torch dtype or None; ``device`` anything ``device=`` accepts,
    None meaning: the device of ``obj`` if it is an array, else the default.
    """
    if isinstance(obj, ndarray):
        t = obj._t
        dev = t.device if device is None else _device.resolve(device)
        if dev != t.device:
            if copy is False:
                raise ValueError("Unable to avoid copy while creating an array as requested.")
            t = t.to(dev)
            copy = False
        if dtype is not None and dtype is not t.dtype:
            if copy is False:
                raise ValueError("Unable to avoid copy while creating an array as requested.")
            return cast_tensor(t, dtype)
        return t.clone() if copy else t
    dev = _device.resolve(device)
    tp = type(obj)
    if tp is float or tp is int or tp is bool or tp is complex:
        if copy is False:
            raise ValueError("Unable to avoid copy while creating an array as requested.")
        if dtype is None or dtype.is_floating_point or dtype.is_complex or tp is bool:
            via_numpy = dtype is None and tp is int and not -(2**63) <= obj < 2**63
        else:  # into integers, NumPy's conversion and errors (nan: ValueError, 300 -> int8: OverflowError)
            via_numpy = tp is not int or dtype is not torch.int64 or not -(2**63) <= obj < 2**63
        if via_numpy:
            return _from_host(_infer_host(obj, dtype), None, dev, None)
        return torch.tensor(obj, dtype=dtype or _dtypes.python_scalar_dtype(obj), device=dev)
    if isinstance(obj, torch.Tensor):
        _dtypes.to_numpy(obj.dtype)
        _device.note_device(obj.device)
        t = obj if device is None else obj.to(dev)
        if dtype is not None and dtype is not t.dtype:
            return cast_tensor(t, dtype)
        return t.clone() if copy else t
    if isinstance(obj, (_np.ndarray, _np.generic)):  # host data stays on the host unless device= (§3.3)
        return _from_host(_np.asarray(obj), dtype, _CPU if device is None else dev, copy)
    if isinstance(obj, (list, tuple)):
        if copy is False:
            raise ValueError("Unable to avoid copy while creating an array as requested.")
        if _contains_ndarray(obj):
            return _stack_nested(obj, dtype, device)
        if torch.compiler.is_compiling():
            return _traced_list(obj, dtype, dev)
        return _from_host(_infer_host(obj, dtype), None, dev, None)
    if hasattr(obj, "__dlpack__") and not hasattr(obj, "__array__"):
        return as_tensor(torch.from_dlpack(obj), dtype, device, copy)
    if isinstance(obj, (range, memoryview, bytearray, bytes)) or hasattr(obj, "__array__") or hasattr(obj, "__array_interface__"):
        arr = _np.asarray(obj)
        if arr.dtype.kind not in "biufc":
            raise _dtypes._unsupported(arr.dtype)
        return _from_host(arr, dtype, _CPU if device is None and not isinstance(obj, range) else dev, copy)
    if hasattr(obj, "__dlpack__"):
        return as_tensor(torch.from_dlpack(obj), dtype, device, copy)
    arr = _infer_host(obj, dtype)
    return _from_host(arr, None, dev, None)


_KIND_ORDER = (bool, int, float, complex)


def _scalar_kind(obj):
    """The widest Python scalar type in a nested list (NumPy's inference: bool < int < float < complex;
    None for no scalars at all)."""
    kind = None
    for item in obj:
        k = _scalar_kind(item) if isinstance(item, (list, tuple)) else type(item)
        if k is None:
            continue
        if k not in _KIND_ORDER:
            raise TypeError(f"cannot convert a list holding {k.__name__} to a torchnp array inside a jitted function")
        if kind is None or _KIND_ORDER.index(k) > _KIND_ORDER.index(kind):
            kind = k
    return kind


def _traced_list(obj, dtype, dev):
    """A nested list of Python scalars while torch.compile traces (§6.1): NumPy's dtype
    inference in plain Python, then ``torch.tensor`` (dynamo cannot trace ``numpy.asarray``)."""
    if dtype is None:
        dtype = _dtypes.python_scalar_dtype((_scalar_kind(obj) or float)(0))  # [] is float64, as in NumPy
    return torch.tensor(obj, dtype=dtype, device=dev)


def _stack_nested(obj, dtype, device):
    """Lists holding torchnp arrays: stack on the device instead of via the host.

    Without ``device=`` the arrays must share one device (§3.2) and the other
    items are created there (§3.3); with ``device=`` everything moves there (§3.4).
    """
    if device is None:
        devs = [item._t.device for item in _iter_ndarrays(obj)]
        for d in devs[1:]:
            if d != devs[0]:
                raise _device.mismatch(devs[0], d)
        device = devs[0]
    dev = _device.resolve(device)
    parts = [as_tensor(item, None, dev) for item in obj]
    shapes = {tuple(p.shape) for p in parts}
    if len(shapes) != 1:
        raise ValueError(
            "setting an array element with a sequence. The requested array has an inhomogeneous "
            f"shape after 1 dimensions. The detected shape was ({len(parts)},) + inhomogeneous part.")
    common = _dtypes.to_torch(_dtypes.np_result_type(*[_dtypes.TO_NUMPY[p.dtype] for p in parts]))
    _device.check_same(parts)
    t = torch.stack([p.to(common) for p in parts])
    return t if dtype is None else cast_tensor(t, dtype)


def asarray(a, dtype=None, order=None, *, device=None, copy=None, like=None):
    """Convert the input to an array (``numpy.asarray``); see docs/design.md §3.4 for ``device=``."""
    if dtype is None and device is None and not copy:
        if type(a) is ndarray:
            return a
        if type(a) is _np.ndarray:  # tiny host data: NumPy's view, its tensor made on first use (§7)
            r = numpy_host_array(a)
            if r is not None:
                return r
    return keep_alias(wrap_host(a, as_tensor(a, _dtypes.to_torch(dtype), device, copy)), dtype, a)


def wrap_host(obj, t):
    """Tensor ``t``, made from ``obj``, as an array. Over the memory of a host object (one with the
    array interface or a buffer, or a read-only NumPy array), its ``base`` is that object, as
    NumPy's (``np.array(obj, copy=False).base is obj``); the WRITEABLE flag then follows it."""
    a = _wrap(t)
    if isinstance(obj, _np.ndarray):
        if obj.flags.writeable:  # the common case stays as cheap as it was: NumPy's arrays own their memory
            return a
    elif not (hasattr(obj, "__array_interface__") or hasattr(obj, "__array_struct__")
              or isinstance(obj, (memoryview, bytearray, bytes))) or isinstance(obj, ndarray):
        return a
    if t.is_cpu and t.numel() and _np.asarray(obj).__array_interface__["data"][0] == t.data_ptr():
        a._b = obj
    return a


def keep_alias(a, dtype, data=None, equal_keeps=False):
    """New array ``a`` reporting the NumPy dtype alias ('q', ``longlong``; §2.1) that ``dtype`` names,
    or without ``dtype`` the one ``data`` (what ``a`` was made from) holds; with ``equal_keeps``
    (``numpy.array``) an array ``data`` of a dtype equal to ``dtype`` keeps its own."""
    if dtype is None or equal_keeps and isinstance(data, (ndarray, _np.ndarray)) and data.dtype == dtype:
        if isinstance(data, ndarray):
            key = data._d
        elif isinstance(data, (_np.ndarray, _np.generic)):
            key = _dtypes.ALIASES.get(data.dtype.char)
        else:
            return a  # Python data
    else:
        key = _dtypes.alias_of(dtype)
    return a if key is None else _labelled(a, key)
