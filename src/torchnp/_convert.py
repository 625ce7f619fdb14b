"""Turning Python objects into tensors, and the shared argument helpers.

``as_tensor`` is the one conversion path used by ``asarray``/``array`` (creation);
operands of operations go through ``_boundary`` (the host-data rule of §3.3).
"""

import enum
import operator
import warnings

import numpy as _np
import torch
from numpy.exceptions import AxisError

from . import _device, _dtypes
from ._array import _wrap, ndarray


class _NoValueType(enum.Enum):
    """The "argument not given" default (NumPy's ``numpy._NoValue``). An enum member because
    torch.compile can hold one where a function's defaults have no source (``x.sum()`` on an
    array made inside a jitted function, §6.1); it cannot hold NumPy's sentinel there."""

    NOVALUE = "<no value>"

    def __repr__(self):
        return "<no value>"


NOVALUE = _NoValueType.NOVALUE
_CPU = torch.device("cpu")

__all__ = []


def _from_host(arr, dtype, device, copy):
    """Tensor from a numpy.ndarray: zero-copy on the CPU when no cast is needed. torch cannot share
    byte-swapped, negatively strided, read-only or unaligned memory: those are copied, and with
    ``copy=False`` NumPy 2's ValueError says so (a silent copy would lose later writes)."""
    if arr.dtype.byteorder not in "=|" and arr.dtype.newbyteorder("=") in _dtypes.TO_TORCH:
        if copy is False:
            raise ValueError("Unable to avoid copy while creating an array as requested.")
        arr = arr.astype(arr.dtype.newbyteorder("="))
        copy = None
    src = _dtypes.to_torch(arr.dtype)
    if arr.dtype.num != _dtypes.TO_NUMPY[src].num:
        arr = arr.view(_dtypes.TO_NUMPY[src])  # e.g. 'Q' (ulonglong) -> 'L': torch knows only the canonical one
    if any(s < 0 for s in arr.strides) or not arr.flags.writeable or not arr.flags.aligned \
            or _dtypes.misaligned_complex(arr):
        if copy is False:
            raise ValueError("Unable to avoid copy while creating an array as requested.")
        arr = arr.copy()
        copy = None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        t = torch.from_numpy(arr)
    target = src if dtype is None else dtype
    if t.device != device or target is not src:
        if copy is False:
            raise ValueError("Unable to avoid copy while creating an array as requested.")
        return cast_tensor(t.to(device), target)
    return t.clone() if copy else t


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


#: tests/test_host_reads.py turns CPU value checks off to count host reads as on an accelerator
#: (then neither NumPy's value checks nor §1.3's NumPy scalars read CPU data)
CPU_VALUE_CHECKS = True


def checks_data(t):
    """Whether NumPy's data-dependent errors and warnings (singular matrix, index out of
    bounds, ...) may read tensor ``t`` on the host (DESIGN §3.5): on the CPU, yes; on an
    accelerator only under ``np.errstate(invalid="raise")`` (each check is then a sync;
    otherwise skipped, docs/devices.md); never while torch.compile traces a graph, which
    cannot branch on data, nor on ``meta`` tensors (the jit's dtype-resolution pass)."""
    if t.device.type == "cpu":
        return CPU_VALUE_CHECKS and not torch.compiler.is_compiling()
    return not (t.is_meta or torch.compiler.is_compiling()) and _np.geterr()["invalid"] == "raise"


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


def cast_tensor(t, dtype, casting="unsafe", copy=True):
    """``t`` cast to torch ``dtype`` under NumPy's casting rule (a copy unless copy=False and no cast)."""
    if dtype is None or dtype is t.dtype:
        return t.clone() if copy else t
    if casting != "unsafe" and not _dtypes.can_cast_torch(t.dtype, dtype, casting):
        raise TypeError(
            f"Cannot cast array data from {_dtypes.TO_NUMPY[t.dtype]!r} to "
            f"{_dtypes.TO_NUMPY[dtype]!r} according to the rule {casting!r}")
    if t.is_complex() and not dtype.is_complex:
        if dtype is torch.bool:
            return t != 0  # NumPy: true when either part is nonzero, no warning
        warnings.warn("Casting complex values to real discards the imaginary part",
                      _np.exceptions.ComplexWarning, stacklevel=3)
        t = t.real
    if dtype is torch.float16 and t.dtype is torch.float64:
        return _float64_to_float16(t)
    if t.is_floating_point() and not (dtype.is_floating_point or dtype.is_complex or dtype is torch.bool):
        return _float_to_int(t, dtype)
    return t.to(dtype)


def _float_to_int(t, dtype):
    """Float -> integer cast with NumPy's results, also out of range (where C leaves it undefined
    and NumPy gives what x86 does): torch's own cast agrees except float64 -> uint8, which NumPy
    makes through int32."""
    if dtype is torch.uint8 and t.dtype is torch.float64:
        return t.to(torch.int32).to(dtype)
    if dtype not in _dtypes.PARTIAL:
        return t.to(dtype)
    try:
        return t.to(dtype)
    except (RuntimeError, NotImplementedError):
        pass
    # no float -> uint16/32/64 kernel on this device: through int64. Values from 2**63 up are shifted
    # into int64's range and the shift added back with int64 wrap-around, which leaves uint64's bit
    # pattern (NumPy: 1e19 -> 10000000000000000000, not 2**63)
    if dtype is torch.uint64:
        big = t >= 2.0**63
        low = torch.where(big, t - 2.0**63, t).to(torch.int64)
        return torch.where(big, low + torch.iinfo(torch.int64).min, low).to(dtype)
    return t.to(torch.int64).to(dtype)


def _float64_to_float16(t):
    """float64 -> float16 rounded once, as NumPy (torch goes through float32, rounding twice:
    1 + 2**-11 + 2**-40 became 1.0). The float64 is first rounded *to odd* at float32's precision
    on its bit pattern (the 29 bits float32 drops are cleared; the lowest kept bit is set when any
    was nonzero), so the float32 step is exact and float32 -> float16 rounds as float64 would."""
    b = t.view(torch.int64)
    low = b & 0x1FFFFFFF
    odd = b ^ low
    low.neg_().bitwise_right_shift_(34).bitwise_and_(0x20000000)  # bit 29 where low != 0 (in place)
    return odd.bitwise_or_(low).view(torch.float64).to(torch.float16)


def check_order(order, allowed="CFAK"):
    """NumPy's validation of an ``order=`` argument (creation from a shape allows only 'C' and 'F')."""
    if order is None:
        return
    if not isinstance(order, str):
        raise TypeError(f"order must be str, not {type(order).__name__}")
    if order.upper() not in ("C", "F", "A", "K"):
        raise ValueError(f"order must be one of 'C', 'F', 'A', or 'K' (got {order!r})")
    if order.upper() not in allowed:
        raise ValueError("only 'C' or 'F' order is permitted")


def normalize_axis(axis, ndim):
    """``axis`` as a non-negative int, AxisError (NumPy's message) when out of range."""
    try:
        a = operator.index(axis)
    except TypeError:
        raise TypeError(f"'{type(axis).__name__}' object cannot be interpreted as an integer") from None
    if not -ndim <= a < ndim:
        raise AxisError(a, ndim)
    return a + ndim if a < 0 else a


def normalize_axes(axes, ndim):
    """A tuple of normalized axes; ValueError on repeats as NumPy."""
    if axes is None:
        return tuple(range(ndim))
    if not isinstance(axes, (tuple, list)):
        axes = (axes,)
    out = tuple(normalize_axis(a, ndim) for a in axes)
    if len(set(out)) != len(out):
        raise ValueError("repeated axis")
    return out


def reshape_tensor(t, shape, order="C", copy=None):
    """NumPy's reshape on a tensor: ValueError with NumPy's message, order 'C'/'F'/'A'."""
    if isinstance(shape, (tuple, list, torch.Size)):
        if any(isinstance(s, (bool, _np.bool_)) for s in shape):  # NumPy takes no bools as sizes
            raise TypeError("an integer is required")
        shape = tuple(operator.index(s) for s in shape)
    else:
        if isinstance(shape, (bool, _np.bool_)):
            raise TypeError(f"expected a sequence of integers or a single integer, got '{shape}'")
        shape = (operator.index(shape),)
    n = t.numel()
    known, unknown = 1, 0
    for s in shape:
        if s < 0:  # NumPy 2 takes any negative size as the unknown dimension
            unknown += 1
        else:
            known *= s
    if unknown > 1:
        raise ValueError("can only specify one unknown dimension")
    if (unknown == 0 and known != n) or (unknown == 1 and (known == 0 or n % known)):
        raise ValueError(f"cannot reshape array of size {n} into shape {_shape_str(shape)}")
    if unknown:
        shape = tuple(n // known if s < 0 else s for s in shape)
    if order in ("C", "A", None):
        out = t.reshape(shape)
    elif order == "F":
        rev = t.permute(tuple(range(t.dim() - 1, -1, -1))).reshape(shape[::-1])
        out = rev.permute(tuple(range(rev.dim() - 1, -1, -1)))
    elif order == "K":
        raise ValueError("order 'K' is not permitted for reshaping")
    else:
        raise ValueError("order must be one of 'C', 'F', 'A', or 'K' (got %r)" % (order,))
    if copy:
        return out.clone()
    if copy is False and out.data_ptr() != t.data_ptr() and n:
        raise ValueError("Unable to avoid creating a copy while reshaping.")
    return out


def _shape_str(shape):
    if len(shape) == 1 and shape[0] >= 0:
        return f"({shape[0]},)"
    return "(" + ",".join("newaxis" if s < 0 else str(s) for s in shape) + ")"


def asarray(a, dtype=None, order=None, *, device=None, copy=None, like=None):
    """Convert the input to an array (``numpy.asarray``); see DESIGN.md §3.4 for ``device=``."""
    if type(a) is ndarray and dtype is None and device is None and not copy:
        return a
    return _wrap(as_tensor(a, _dtypes.to_torch(dtype), device, copy))
