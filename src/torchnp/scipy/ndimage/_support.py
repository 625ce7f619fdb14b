"""Shared pieces of torchnp.scipy.ndimage's torch implementations (SciPy's ``_ni_support``).

SciPy's ndimage computes every filter in double precision on lines extended by the boundary
mode, then casts to the output's dtype with C's conversion (truncation toward zero for
integers); the helpers here do the same with torch ops on the data's device.
"""

from collections.abc import Iterable
import operator

import numpy as _np
import torch

from ... import _dtypes
from ..._tensors import c_float_to_int, cast_tensor
from ..._array import ndarray
from ..._boundary import on_device, out_tensor, tensor

F64 = torch.float64

#: SciPy's boundary modes of the filters (``_extend_mode_to_code(mode, is_filter=True)``)
FILTER_MODES = {"nearest": "nearest", "wrap": "wrap", "grid-wrap": "wrap", "reflect": "reflect",
                 "grid-mirror": "reflect", "mirror": "mirror", "constant": "constant",
                 "grid-constant": "constant"}


def filter_mode(mode):
    """SciPy's filter mode name (its aliases folded), RuntimeError for others."""
    try:
        return FILTER_MODES[mode]
    except (KeyError, TypeError):
        raise RuntimeError("boundary mode not supported") from None


def input_tensor(input, complex_ok=True):
    """The input's tensor; SciPy's errors for the dtypes its C code refuses."""
    t = tensor(input)
    if t.dtype == torch.float16 or t.dtype == torch.bfloat16:
        raise RuntimeError(f"array type dtype('{_dtypes.TO_NUMPY[t.dtype]}') not supported")
    if not complex_ok and t.is_complex():
        raise TypeError("Complex type not supported")
    return t


def normalize_sequence(value, rank):
    """SciPy's ``_normalize_sequence``: a scalar repeated ``rank`` times, or a sequence of that length."""
    if not isinstance(value, str) and _np.iterable(value):
        out = list(value)
        if len(out) != rank:
            raise RuntimeError("sequence argument must have length equal to input rank")
        return out
    return [value] * rank


def check_axes(axes, ndim):
    """SciPy's ``_check_axes``."""
    if axes is None:
        return tuple(range(ndim))
    if _np.isscalar(axes):
        axes = (operator.index(axes),)
    elif isinstance(axes, Iterable):
        axes = tuple(operator.index(ax) for ax in axes)
        for ax in axes:
            if ax < -ndim or ax > ndim - 1:
                raise ValueError(f"specified axis: {ax} is out of range")
        axes = tuple(ax % ndim if ax < 0 else ax for ax in axes)
    else:
        raise ValueError("axes must be an integer, iterable of integers, or None")
    if len(set(axes)) != len(axes):
        raise ValueError("axes must be unique")
    return axes


def normalize_axis(axis, ndim):
    from numpy.lib.array_utils import normalize_axis_index

    return normalize_axis_index(axis, ndim)


class Output:
    """SciPy's ``_get_output``: the result dtype (a torch dtype) and the array to write, if any."""

    __slots__ = ("dtype", "array", "shape")

    def __init__(self, output, t, shape=None, complex_output=False):
        self.shape = tuple(t.shape) if shape is None else tuple(shape)
        self.array = None
        if output is None:
            dt = _dtypes.TO_NUMPY[t.dtype]
            if complex_output:
                dt = _np.promote_types(dt, _np.complex64)
        elif isinstance(output, (type, _np.dtype)):
            dt = _np.dtype(output)
            if complex_output and dt.kind != "c":
                dt = _np.promote_types(dt, _np.complex64)
        elif isinstance(output, str):
            dt = _np.dtype(output)
            if complex_output and dt.kind != "c":
                raise RuntimeError("output must have complex dtype")
            if not issubclass(dt.type, _np.number):
                raise RuntimeError("output must have numeric dtype")
        else:
            ot = out_tensor(output, t.device) if isinstance(output, (ndarray, _np.ndarray)) else None
            if ot is None:
                raise RuntimeError("output shape not correct")
            if tuple(ot.shape) != self.shape:
                raise RuntimeError("output shape not correct")
            if complex_output and not ot.is_complex():
                raise RuntimeError("output must have complex dtype")
            self.array = output
            dt = _dtypes.TO_NUMPY[ot.dtype]
        if dt == _np.float16 or (dt.kind == "c" and not complex_output and not t.is_complex()):
            raise RuntimeError(f"array type dtype('{dt}') not supported")  # SciPy's C filters
        self.dtype = _dtypes.to_torch(dt)

    @property
    def is_complex(self):
        return self.dtype.is_complex

    def cast(self, r):
        """``r`` (float64 or complex128) as C's conversion to the output dtype: integers truncated
        toward zero (wrapping as the C cast does), bool as the byte ``(unsigned char)r`` is."""
        return cast(r, self.dtype)

    def finish(self, r):
        """The result: ``r`` cast to the output dtype, written into the output array if given."""
        r = self.cast(r)
        if self.array is None:
            return r
        out_tensor(self.array, r.device).copy_(r)
        return self.array


def cast(r, dtype):
    if r.dtype == dtype:
        return r
    if dtype == torch.bool:
        return r.trunc() != 0 if not r.is_complex() else r != 0
    if not dtype.is_floating_point and not dtype.is_complex and r.is_floating_point():
        return c_float_to_int(r, dtype)  # out of range too: SciPy's x86-64 build's values
    return r.to(dtype)


def assign(t, dtype):
    """``t`` cast to ``dtype`` as SciPy's ``output[...] = input`` (its early exits: nothing to filter),
    NumPy's unsafe cast."""
    return cast_tensor(t, dtype, copy=False)


def as_f64(t):
    return t if t.dtype == F64 else t.to(F64)


def param(x, dev, dtype=None):
    """A parameter array (weights, footprint, structure): Python data and host arrays are read on
    the host (``numpy.ndarray``, no device involved: the second value is it); an array on the
    device stays there (the second value None: its values are not known on the host)."""
    if isinstance(x, Param):
        return tuple(x if dtype is None else x.to(dtype))
    if isinstance(x, torch.Tensor):  # from another implementation of this package
        x = x.detach() if x.device.type == "cpu" else x
        return (x if dtype is None else x.to(dtype)), (x.numpy() if x.device.type == "cpu" and dtype is None
                                                        else x.to(dtype).numpy() if x.device.type == "cpu" else None)
    if isinstance(x, ndarray):
        t = x._t
        if t.device != dev:
            on_device(x, dev)  # DeviceMismatchError
        if t.device.type == "cpu":
            a = x.to_numpy()
            return t if dtype is None else t.to(dtype), (a if dtype is None else a.astype(_dtypes.TO_NUMPY[dtype]))
        return (t if dtype is None else t.to(dtype)), None
    if isinstance(x, _np.ndarray) and dev.type != "cpu":
        on_device(x, dev)  # DeviceMismatchError: host data beside the device's
    a = _np.asarray(x) if dtype is None else _np.asarray(x, dtype=_dtypes.TO_NUMPY[dtype])
    if a.dtype == object:
        raise TypeError("parameter arrays must be numeric")
    return torch.as_tensor(a.copy(), device=dev), a


class Param:
    """A parameter array as a tensor on the device (``t``) and, where known there, its host
    values (``h``, a ``numpy.ndarray``; None for a device array): every operation does both."""

    __slots__ = ("t", "h")

    def __init__(self, t, h):
        self.t, self.h = t, h

    def __iter__(self):
        return iter((self.t, self.h))

    def _map(self, ft, fh):
        return Param(ft(self.t), None if self.h is None else fh(self.h))

    shape = property(lambda self: tuple(self.t.shape))
    ndim = property(lambda self: self.t.ndim)

    def is_complex(self):
        return self.t.is_complex()

    def to(self, dtype):
        return self._map(lambda t: t.to(dtype), lambda h: h.astype(_dtypes.TO_NUMPY[dtype]))

    def flip(self):
        return self._map(lambda t: t.flip(tuple(range(t.ndim))), lambda h: _np.ascontiguousarray(h[(slice(None, None, -1),) * h.ndim]))

    def conj(self):
        return self._map(torch.conj_physical, _np.conj)

    @property
    def real(self):
        return self._map(lambda t: t.real if t.is_complex() else t, _np.real)

    @property
    def imag(self):
        return self._map(lambda t: t.imag, _np.imag)

    def unsqueeze(self, ax):
        return self._map(lambda t: t.unsqueeze(ax), lambda h: _np.expand_dims(h, ax))


def pparam(x, dev, dtype=None):
    """:func:`param` as a :class:`Param`."""
    if isinstance(x, Param):
        return x if dtype is None else x.to(dtype)
    return Param(*param(x, dev, dtype))


# ---------------------------------------------------------------------- boundary extension
def ext_index(n, before, after, mode, dev):
    """Indices into a line of length ``n`` extended by ``before``/``after`` values with SciPy's
    filter ``mode`` (NI_ExtendLine), and for 'constant' the mask of positions inside."""
    idx = torch.arange(-before, n + after, device=dev)
    inside = None
    if mode == "constant":
        inside = (idx >= 0) & (idx < n)
        idx = idx.clamp(0, n - 1)
    elif mode == "nearest":
        idx = idx.clamp(0, n - 1)
    elif mode == "wrap":
        idx = idx.remainder(n)
    elif mode == "reflect":
        j = idx.remainder(2 * n)
        idx = torch.where(j >= n, 2 * n - 1 - j, j)
    elif mode == "mirror":
        if n == 1:
            idx = torch.zeros_like(idx)
        else:
            j = idx.remainder(2 * n - 2)
            idx = torch.where(j >= n, 2 * n - 2 - j, j)
    return idx, inside


def extend(t, axis, before, after, mode, cval):
    """``t`` extended along ``axis`` as SciPy's filters extend their lines."""
    if before == 0 and after == 0:
        return t
    n = t.shape[axis]
    if n == 0:
        return t
    idx, inside = ext_index(n, before, after, mode, t.device)
    r = torch.index_select(t, axis, idx)
    if inside is not None:
        shape = [1] * t.ndim
        shape[axis] = -1
        r = torch.where(inside.view(shape), r, torch.as_tensor(cval, dtype=r.dtype, device=r.device))
    return r


def window_offsets(size, origin):
    """Values before and after each output position for a window of ``size`` with ``origin``."""
    before = size // 2 + origin
    return before, size - 1 - before
