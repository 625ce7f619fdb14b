"""The array object (DESIGN.md §1): ``torchnp.ndarray`` wraps exactly one tensor.

Results are built through :func:`_wrap`, the one fast private constructor.
This module is core and imports no layer above it (§7: imports form a DAG); the layers
that build on it attach what they implement: indexing beyond the fast paths below
(``_getitem``/``_setitem``, ``flatiter.__setitem__``) by ``_indexing``, ``repr``/``str`` by
``_printing``, operators (``+``, ``<``, ``@`` ...) by ``_ufuncs`` from its table,
``__array_namespace__`` and NumPy's protocols by ``_protocols``, and reduction/manipulation
methods by ``_methods`` once the families exist.
"""

import functools
import math
import operator
import sys
import types
import warnings
import weakref

import numpy as _np
import torch

from . import _device, _dtypes
from ._tensors import MARKED, RO as _RO, VIEW as _VIEW, WARN as _WARN, cast_tensor, from_host, mark, \
    normalize_axis, reshape_tensor

__all__ = ["ndarray"]

_new = object.__new__
_setattr = object.__setattr__
_TYPE = type  # ndarray.view has a parameter of that name
_compiling = torch.compiler.is_compiling
#: Dynamo folds this to True while it traces; eagerly one call returning False (``is_compiling``
#: costs three): the jit traces through Dynamo, so it is the check that matters on hot paths
_dynamo_compiling = torch.compiler.is_dynamo_compiling
#: whether a torch.func transform (grad, vmap, jacrev: tensors wrapped per level) is running
_transforms_active = torch._C._are_functorch_transforms_active
_bump_version = torch._C._increment_version
#: torch dtype -> NumPy's scalar type (§1.3)
_NP_SCALAR = {t: d.type for t, d in _dtypes.TO_NUMPY.items()}
#: values ``x[i] = v`` writes through the host view: Python's and NumPy's scalars of torch's dtypes
_SCALAR_VALUES = frozenset({float, int, bool, complex, *_NP_SCALAR.values()})


class ndarray:
    """An N-dimensional array living on a torch device (mirrors ``numpy.ndarray``).

    ``ndarray(shape, dtype=float, buffer=None, offset=0, strides=None,
    order=None, *, device=None)`` allocates uninitialised memory as NumPy
    does; most code creates arrays with :func:`torchnp.asarray` and friends.
    """

    # the tensor and its dtype (read on every hot path, §7); ``_h``, set on first use by a scalar
    # index, the NumPy view of host data (§1.3: scalar loops read elements through it); ``_b``, set
    # only where known, NumPy's ``base`` (§1.2; else found from the tensor); ``_f``, set only by
    # ``setflags(align=False)`` (issue 16: owners and fast-path views carry no extra state)
    __slots__ = ("_t", "_d", "_h", "_b", "_f", "__weakref__")
    __array_priority__ = 1000
    __class_getitem__ = classmethod(types.GenericAlias)  # ndarray[Any, dtype[float64]] in annotations

    def __new__(cls, shape, dtype=float, buffer=None, offset=0, strides=None, order=None, *, device=None):
        shape = (operator.index(shape),) if not isinstance(shape, (tuple, list)) else tuple(operator.index(s) for s in shape)
        if buffer is None:
            if strides is not None:
                raise ValueError("strides can only be given together with a buffer")
            t = torch.empty(shape, dtype=_dtypes.to_torch(dtype), device=_device.resolve(device))
            if order == "F" and t.dim() > 1:
                t = t.permute(tuple(range(t.dim() - 1, -1, -1))).contiguous().permute(tuple(range(t.dim() - 1, -1, -1)))
            return _wrap(t)
        t = _from_buffer(shape, _np.dtype(dtype), buffer, operator.index(offset), strides, order, device)
        if isinstance(t, _np.ndarray):  # host-only dtypes: NumPy's array (§2.5)
            return t
        a = _wrap(t)
        if t.device.type == "cpu" and t._base is None:
            a._b = buffer  # NumPy's base: the buffer object
        return a

    # -- attributes (§1.1) --
    @property
    def tensor(self):
        """The underlying ``torch.Tensor`` (shares memory, §4.4)."""
        return self._t

    @property
    def shape(self):
        return tuple(self._t.shape)

    @shape.setter
    def shape(self, value):
        t = reshape_tensor(self._t, _normalize_shape(value))
        if t is not self._t and not t._is_view():  # reshape had to copy
            raise AttributeError("Incompatible shape for in-place modification. Use `.reshape()` to make a copy "
                                 "with the desired shape.")
        self._set_tensor(t)

    def _references(self):
        refs = sys.getrefcount(self)
        return refs

    def _set_tensor(self, t):
        """Replace the tensor in place (``shape =``, ``dtype =``, ``resize``): the cached host view goes with it."""
        self._t = t
        self._d = t.dtype
        try:
            del self._h
        except AttributeError:
            pass

    @property
    def dtype(self):
        return _dtypes.TO_NUMPY[self._d]

    @dtype.setter
    def dtype(self, value):
        """Reinterpret the memory in place as ``value`` (NumPy's ``x.dtype = ...``: ``view``'s rules)."""
        v = self.view(value)
        if not isinstance(v, ndarray):  # a host-only dtype (§2.5) cannot be held by this array
            raise TypeError(f"torchnp cannot reinterpret an array as {_np.dtype(value)!r} in place (a host-only "
                            "dtype, §2.5); use x.to_numpy().view(...)")
        self._set_tensor(v._t)

    @property
    def ndim(self):
        return self._t.dim()

    @property
    def size(self):
        return self._t.numel()

    @property
    def itemsize(self):
        return self._t.element_size()

    @property
    def nbytes(self):
        return self._t.numel() * self._t.element_size()

    @property
    def strides(self):
        n = self._t.element_size()
        return tuple(s * n for s in self._t.stride())

    @property
    def device(self):
        return self._t.device

    @property
    def T(self):
        t = self._t
        n = t.dim()
        # t.t() / t.view_as(t): ~0.8 us, against ~1.8 us for a permute and ~2.4 us for t.view(t.shape)
        r = t.t() if n == 2 else t.view_as(t) if n < 2 else t.permute(tuple(range(n - 1, -1, -1)))
        a = _new(ndarray)
        a._t = r
        a._d = self._d
        return a

    @property
    def mT(self):
        if self._t.dim() < 2:
            raise ValueError("matrix transpose with ndim < 2 is undefined")
        return view_of(self, self._t.transpose(-2, -1))

    @property
    def real(self):
        t = self._t
        return view_of(self, t.real) if t.is_complex() else self  # a view; of real data the array itself, as NumPy

    @real.setter
    def real(self, value):
        self.real[...] = value

    @property
    def imag(self):
        t = self._t
        if t.is_complex():
            return view_of(self, t.imag)  # a view, as NumPy
        return _wrap(mark(torch.zeros_like(t), _RO))  # NumPy: a new read-only array of zeros

    @imag.setter
    def imag(self, value):
        if not self._t.is_complex():
            raise TypeError("array does not have imaginary part to set")
        self.imag[...] = value

    @property
    def base(self):
        """The array (or other object) whose memory this one views, as NumPy's ``base``: the
        owner of the data, ``x[...].base is x`` (§1.2); None for an array owning its data."""
        try:
            return self._b
        except AttributeError:
            pass
        t = self._t
        b = t._base
        if b is None:
            if not getattr(t, "_tnp", 0) & _VIEW:
                return None
            b = getattr(t, "_tnp_root", None)  # a root aliasing another array's memory
            if b is None:
                return None
        return _owner(b)

    @property
    def flat(self):
        """A 1-D iterator/indexer over the array in C order (``numpy.ndarray.flat``)."""
        return flatiter(self)

    @flat.setter
    def flat(self, value):
        writeable(self, "array is read-only")
        flatiter(self)[...] = value

    @property
    def flags(self):
        return _Flags(self._t, self)

    def setflags(self, write=None, align=None, uic=None):
        """Set the WRITEABLE, ALIGNED and WRITEBACKIFCOPY flags (``numpy.ndarray.setflags``)."""
        flags = _Flags(self._t, self)
        if write is not None:
            flags.writeable = write
        if align is not None:
            flags.aligned = align
        if uic is not None:
            flags.writebackifcopy = uic

    @property
    def data(self):
        return memoryview(self.to_numpy())

    # -- conversion to Python scalars (§1.3) --
    def item(self, *args):
        """Copy one element to a Python scalar (``numpy.ndarray.item``); a host sync."""
        t = self._t
        if not args:
            if t.numel() != 1:
                raise ValueError("can only convert an array of size 1 to a Python scalar")
            return t.item()
        idx = args[0] if len(args) == 1 and isinstance(args[0], tuple) else args
        idx = tuple(operator.index(i) for i in idx)
        if len(idx) == 1 and t.dim() != 1:  # a flat index
            n = t.numel()
            if not -n <= idx[0] < n:
                raise IndexError(f"index {idx[0]} is out of bounds for size {n}")
            return t.reshape(-1)[idx[0]].item()
        if len(idx) != t.dim():
            raise ValueError("incorrect number of indices for array")
        for axis, (i, n) in enumerate(zip(idx, t.shape)):
            if not -n <= i < n:
                raise IndexError(f"index {i} is out of bounds for axis {axis} with size {n}")
        return t[idx].item()

    def _scalar(self, kind):
        t = self._t
        if t.dim() != 0:  # NumPy 2.4 expired the ndim > 0 deprecation
            raise TypeError("only 0-dimensional arrays can be converted to Python scalars")
        return kind(t.item())

    def __float__(self):
        if self._t.is_complex():
            raise TypeError("float() argument must be a string or a real number, not 'complex'")
        return self._scalar(float)

    def __int__(self):
        if self._t.is_complex():
            raise TypeError("int() argument must be a string, a bytes-like object or a real number, not 'complex'")
        return self._scalar(int)

    def __complex__(self):
        return self._scalar(complex)

    def __index__(self):
        t = self._t
        if t.dim() != 0 or t.is_floating_point() or t.is_complex() or t.dtype is torch.bool:
            raise TypeError("only integer scalar arrays can be converted to a scalar index")
        return t.item()

    def __round__(self, ndigits=None):
        """``round(x)`` for 0-d arrays, as for NumPy scalars: a Python int, or a 0-d array with ``ndigits``."""
        t = self._t
        if t.dim() or t.dtype is torch.bool or t.is_complex():
            raise TypeError("type torchnp.ndarray doesn't define __round__ method")
        if ndigits is None:
            return round(t.item())  # host data, like int(x)
        ndigits = operator.index(ndigits)
        if t.is_floating_point():
            return _wrap(torch.round(t, decimals=ndigits))
        return _wrap(torch.tensor(round(t.item(), ndigits), dtype=t.dtype, device=t.device))

    def __trunc__(self):
        """``math.trunc(x)`` for 0-d floating arrays, as for ``numpy.float64``."""
        t = self._t
        if t.dim() or not t.is_floating_point():
            raise TypeError("type torchnp.ndarray doesn't define __trunc__ method")
        return math.trunc(t.item())

    def is_integer(self):
        """``x.is_integer()`` for 0-d real arrays, as for NumPy's float and integer scalars
        (§1.3); a Python bool, so host data by nature."""
        t = self._t
        if t.dim() or t.dtype is torch.bool or t.is_complex():
            raise AttributeError("'ndarray' object has no attribute 'is_integer'")
        return True if not t.is_floating_point() else float(t.item()).is_integer()

    def __bool__(self):
        t = self._t
        if t.numel() == 1:
            return bool(t.item())
        if t.numel() == 0:
            raise ValueError("The truth value of an empty array is ambiguous. Use `array.size > 0` to check that an array is not empty.")
        raise ValueError("The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()")

    def __len__(self):
        if self._t.dim() == 0:
            raise TypeError("len() of unsized object")
        return self._t.shape[0]

    def __iter__(self):
        if self._t.dim() == 0:
            raise TypeError("iteration over a 0-d array")
        t = self._t
        if t.dim() == 1:  # NumPy yields scalars (§1.3): NumPy's own on the host, 0-d copies elsewhere
            if _host_values(t):
                return map(_NP_SCALAR[t.dtype], t.tolist())
            return map(_wrap, t.clone().unbind(0))
        return map(_wrap, t.unbind(0))

    def __contains__(self, value):
        r = self == value
        # returns host data: a sync by nature; a foreign value compares by identity (False)
        return bool(r._t.any()) if isinstance(r, ndarray) else bool(r)

    def __format__(self, spec):
        if self._t.dim() == 0:
            return format(self._t.item(), spec)
        if spec:
            raise TypeError("unsupported format string passed to torchnp.ndarray.__format__")
        return str(self)

    # unhashable like numpy.ndarray, 0-d ones too (collections.abc.Hashable says False); NumPy
    # scalars (§1.3 scalar results from CPU arrays) are the hashable values
    __hash__ = None

    # -- bridges (§4) --
    def to_numpy(self):
        """A ``numpy.ndarray``: shares memory for CPU arrays, a copy otherwise (§4.2)."""
        t = self._t
        if t.device.type != "cpu":
            if t.device.type == "meta":
                raise TypeError("arrays on the 'meta' device hold no data and cannot be converted to NumPy")
            t = t.cpu()
            return t.detach().resolve_conj().resolve_neg().numpy()
        h = t.detach().resolve_conj().resolve_neg().numpy()
        if MARKED[0] and not tensor_writeable(self._t):  # NumPy's view of a read-only array is read-only
            h.flags.writeable = False
        return h

    get = to_numpy

    def __array__(self, dtype=None, copy=None):
        t = self._t
        if t.device.type != "cpu":
            raise _device.HostCopyError(
                f"cannot convert a torchnp array on device '{t.device}' to a NumPy array implicitly "
                "(no hidden device->host copy); call x.to_numpy() or x.get() to copy it to the host.")
        out = self.to_numpy()
        if dtype is not None and _np.dtype(dtype) != out.dtype:
            return out.astype(dtype)
        if copy:
            return out.copy()
        return out

    @property
    def __array_interface__(self):
        """NumPy's array interface of a CPU array (its memory, zero-copy, §3.3, §4.3); arrays on
        other devices have none (``numpy.asarray`` then reaches ``__array__``, which says why)."""
        t = self._t
        if t.device.type != "cpu":
            raise AttributeError("__array_interface__: only CPU arrays expose host memory; use x.to_numpy()")
        return self.to_numpy().__array_interface__

    @property
    def __array_struct__(self):
        """NumPy's C array interface of a CPU array (a capsule on its memory, zero-copy)."""
        if self._t.device.type != "cpu":
            raise AttributeError("__array_struct__: only CPU arrays expose host memory; use x.to_numpy()")
        return self.to_numpy().__array_struct__

    def __buffer__(self, flags):
        """The buffer protocol (Python 3.12+): ``memoryview(x)`` of a CPU array, read-only as NumPy's."""
        return memoryview(self.__array__())

    def to_device(self, device, /, *, stream=None):
        """Return the array on ``device`` (an explicit copy when it differs, §3.4)."""
        dev = _device.resolve(device)
        t = self._t
        return _wrap(t if t.device == dev else t.to(dev))

    def __dlpack__(self, *, stream=None, max_version=None, dl_device=None, copy=None):
        t = self._t.detach().resolve_conj().resolve_neg()
        if stream is not None and t.device.type == "cpu":  # DLPack: no streams on the CPU (NumPy's error type)
            raise RuntimeError("stream must be None for arrays on the CPU")
        kwargs = {"stream": stream}
        if max_version is not None:
            kwargs["max_version"] = max_version
        if dl_device is not None:
            kwargs["dl_device"] = dl_device
        if copy is not None:
            kwargs["copy"] = copy
        return t.__dlpack__(**kwargs)

    def __dlpack_device__(self):
        return self._t.__dlpack_device__()

    # -- pickling keeps dtype and device; the data is NumPy's array, pickled as NumPy pickles it
    # (its flags and base on loading are NumPy's: issue 16) --
    def __reduce__(self):
        return (_rebuild, (self.to_numpy(), str(self._t.device)))

    def __copy__(self):
        return _wrap(self._t.clone())

    def __deepcopy__(self, memo):
        return _wrap(self._t.clone())

    # -- thin methods --
    def copy(self, order="C"):
        """A copy on the same device in memory ``order`` 'C', 'F', 'A' or 'K' (``numpy.ndarray.copy``)."""
        t = self._t
        if order is None:  # NumPy's order converter reads None as 'C' here
            order = "C"
        if order == "K":
            return _wrap(t.clone())  # torch keeps the layout of dense arrays, as NumPy
        if order == "A":
            order = "F" if _Flags(t).f_contiguous and not t.is_contiguous() else "C"
        if order == "F":
            rev = tuple(range(t.dim() - 1, -1, -1))
            return _wrap(t.permute(rev).contiguous().permute(rev))
        if order != "C":
            raise ValueError(f"order must be one of 'C', 'F', 'A', or 'K' (got {order!r})")
        return _wrap(t.clone(memory_format=torch.contiguous_format))

    def astype(self, dtype, order="K", casting="unsafe", subok=True, copy=True, *, device=None):
        """The array cast to ``dtype`` under ``casting`` (``numpy.ndarray.astype``)."""
        t = self._t
        if device is not None:
            dev = _device.resolve(device)
            if dev != t.device:
                t = t.to(dev)
        try:
            td = _dtypes.to_torch(dtype)
        except _dtypes.HostOnlyData:  # str, datetime64, object ...: NumPy's own array on the host (§2.5)
            if t.device.type != "cpu":
                raise _device.DeviceMismatchError(
                    f"astype({dtype!r}): host-only data (a dtype torch cannot hold, §2.5) cannot be made from an "
                    f"array on {t.device} implicitly; move it first with x.to_device('cpu')") from None
            return _np.asarray(t.numpy()).astype(dtype, order, casting, subok, copy)
        r = cast_tensor(t, td, casting=casting, copy=copy)
        return self if r is self._t else _wrap(r)  # copy=False and nothing to do: self, as NumPy

    def fill(self, value):
        """Fill with a scalar value (``numpy.ndarray.fill``): converted as ``x[...] = value``."""
        self[...] = value

    def tolist(self):
        """Nested Python lists of Python scalars (``numpy.ndarray.tolist``); host data."""
        return self.to_numpy().tolist()

    def tobytes(self, order="C"):
        """The raw bytes (``numpy.ndarray.tobytes``); host data."""
        return self.to_numpy().tobytes(order)

    def view(self, dtype=None, type=None):
        """A new array on the same memory, optionally reinterpreted as ``dtype`` and as an
        ``ndarray`` subclass ``type`` (``numpy.ndarray.view``)."""
        if type is None and isinstance(dtype, _TYPE) and issubclass(dtype, ndarray):
            dtype, type = None, dtype  # x.view(SubClass)
        if type is not None and type is not ndarray:
            if not (isinstance(type, _TYPE) and issubclass(type, ndarray)):
                raise ValueError("Type must be a sub-type of ndarray type")
            base = self.view(dtype)
            sub = _new(type)  # as NumPy's view: the subclass's __new__ is not called
            sub._t, sub._d, sub._b = base._t, base._d, base.base
            if callable(getattr(type, "__array_finalize__", None)):
                sub.__array_finalize__(self)
            return sub
        t = self._t
        if dtype is None or dtype is ndarray:
            return view_of(self, t.view(t.shape))
        try:
            dt = _dtypes.to_torch(dtype)
        except _dtypes.HostOnlyData:  # e.g. rows as void records (unique rows): NumPy's view of the memory (§2.5)
            if t.device.type != "cpu":
                raise _device.DeviceMismatchError(
                    f"view({dtype!r}): host-only data (a dtype torch cannot hold, §2.5) cannot view memory on "
                    f"{t.device}; move the array first with x.to_device('cpu')") from None
            return self.to_numpy().view(dtype)
        old, new = t.element_size(), dt.itemsize
        if old != new:
            if t.dim() == 0:
                raise ValueError("Changing the dtype of a 0d array is only supported if the itemsize is unchanged")
            if t.stride(-1) != 1 and t.shape[-1] != 1:
                raise ValueError("To change to a dtype of a different size, the last axis must be contiguous")
            if (t.shape[-1] * old) % new:
                raise ValueError("When changing to a larger dtype, its size must be a divisor of the total size "
                                 "in bytes of the last axis of the array.")
        r = t.view(dt)
        if not traced() and r._base is None:  # torch's dtype views are no autograd views: carry the flags
            mark(_alias_root(t, r), _bits(t) | _VIEW)
        return view_of(self, r)

    def reshape(self, *shape, order="C", copy=None):
        """A view with a new shape when possible, else a copy (``numpy.ndarray.reshape``)."""
        s = shape[0] if len(shape) == 1 else shape
        # hot path unless a bool is among the sizes (torch takes True as 1; NumPy raises TypeError)
        if order == "C" and copy is None and type(s) is not bool and not (
                type(s) is tuple and (True in s or False in s) and bool in map(type, s)):
            try:  # hot path (§7): torch parses unpacked ints faster than a tuple
                r = self._t.reshape(*shape)
            except (RuntimeError, TypeError):
                pass  # the slow path below raises NumPy's error
            else:
                a = _new(ndarray)
                a._t = r
                a._d = self._d
                return a
        if len(shape) == 1:
            shape = shape[0]
        elif not shape:
            raise TypeError("reshape() takes exactly 1 argument (0 given)")
        if order == "A":  # Fortran order for Fortran-contiguous arrays, as NumPy
            order = "F" if _Flags(self._t).f_contiguous and not self._t.is_contiguous() else "C"
        return view_of(self, reshape_tensor(self._t, shape, order, copy))

    def resize(self, *new_shape, refcheck=True):
        """Change shape and size in place, zero-filling (``numpy.ndarray.resize``)."""
        refs = sys.getrefcount(self)
        refcheck = operator.index(refcheck)  # NumPy's TypeError for a non-integer
        if new_shape in ((), (None,)):  # NumPy: no new shape leaves the array as it is
            return
        if len(new_shape) == 1 and isinstance(new_shape[0], (tuple, list)):
            new_shape = new_shape[0]
        shape = _normalize_shape(new_shape)
        if any(s < 0 for s in shape):
            raise ValueError("negative dimensions not allowed")
        n = math.prod(shape)
        if n != self._t.numel() and refcheck:  # NumPy's refusals when the memory is reallocated
            if self._t._is_view():
                raise ValueError("cannot resize this array: it does not own its data")
            self._set_tensor(self._t)  # drops the cached host view, a user of the memory of its own
            if refs > _lone_references() or _storage_users(self._t) > 2:
                raise ValueError("cannot resize an array that references or is referenced\nby another object in "
                                 "this way.\nUse the np.resize function to get a new resized copy or\n set "
                                 "refcheck=False to disable this check")
        flat = self._t.reshape(-1)
        out = torch.zeros(n, dtype=flat.dtype, device=flat.device)
        if not tensor_writeable(self._t):  # NumPy reallocates and keeps the flag
            mark(out, _RO)
        k = min(n, flat.numel())
        out[:k] = flat[:k]
        self._set_tensor(out.view(shape))

    def ravel(self, order="C"):
        """A flattened view when possible, else a copy (``numpy.ndarray.ravel``)."""
        t = self._t
        if order == "K" or order == "A":
            if order == "K":  # memory order: axes by decreasing stride
                t = t.permute(sorted(range(t.dim()), key=lambda d: -t.stride(d)))
                return view_of(self, t.reshape(-1))
            order = "F" if _Flags(t).f_contiguous and not t.is_contiguous() else "C"
        return self.reshape(-1, order=order)

    def flatten(self, order="C"):
        """A flattened copy (``numpy.ndarray.flatten``)."""
        return _wrap(self.ravel(order)._t.clone())

    def transpose(self, *axes):
        """A view with axes permuted (``numpy.ndarray.transpose``): ``()``, ``None``, a tuple or ints."""
        t = self._t
        if not axes or (len(axes) == 1 and axes[0] is None):
            return self.T
        if len(axes) == 1 and isinstance(axes[0], (tuple, list)):
            axes = axes[0]
        if len(axes) != t.dim():
            raise ValueError("axes don't match array")
        axes = tuple(normalize_axis(a, t.dim()) for a in axes)
        if len(set(axes)) != len(axes):
            raise ValueError("repeated axis in transpose")
        return view_of(self, t.permute(*axes))

    def swapaxes(self, axis1, axis2):
        """A view with two axes interchanged (``numpy.ndarray.swapaxes``)."""
        n = self._t.dim()
        return view_of(self, self._t.transpose(_axis(axis1, n, "axis1"), _axis(axis2, n, "axis2")))

    def squeeze(self, axis=None):
        """A view without length-1 axes (``numpy.ndarray.squeeze``)."""
        t = self._t
        if axis is None:
            return view_of(self, t.squeeze())
        axes = tuple(normalize_axis(a, t.dim()) for a in (axis if isinstance(axis, tuple) else (axis,)))
        if len(set(axes)) != len(axes):
            raise ValueError("duplicate value in 'axis'")
        for a in axes:
            if t.shape[a] != 1:
                raise ValueError("cannot select an axis to squeeze out which has size not equal to one")
        return view_of(self, t.squeeze(tuple(axes)) if axes else t.view_as(t))

    def __getitem__(self, key):
        tk = type(key)
        if tk is int or tk is tuple:
            # §1.3 scalar loops: an element of host data is NumPy's scalar, read through NumPy's view of
            # the memory (as fast as NumPy; NumPy's IndexError out of bounds)
            try:
                h = self._h
            except AttributeError:
                h = self._host_view(key)
            if h is not None and _device.CPU_VALUE_CHECKS and not _dynamo_compiling():
                if tk is int:
                    if h.ndim == 1:
                        return h[key]
                elif len(key) == h.ndim and (not key or type(key[0]) is int and type(key[-1]) is int):
                    r = h[key]
                    if type(r) is not _np.ndarray:
                        return r
        t = self._t
        if tk is int or (tk is slice and (key.step is None or (type(key.step) is int and 0 < key.step < 2**62))):
            try:
                r = t[key]
            except Exception:  # noqa: BLE001 - the general path below raises NumPy's error
                pass
            else:
                if tk is int and t.dim() == 1:
                    return element(r)
                a = _new(ndarray)  # _wrap inlined: the hot path of §7
                a._t = r
                a._d = self._d
                return a
        elif tk is tuple and _basic_tuple(key):
            try:
                r = t[key]
            except Exception:  # noqa: BLE001 - the general path below raises NumPy's error
                pass
            else:
                return element_value(r, key)
        return _getitem(self, key)

    def __setitem__(self, key, value):
        if type(key) is int and type(value) in _SCALAR_VALUES:
            try:
                h = self._h
            except AttributeError:
                h = self._host_view(key)
            if h is not None and _device.CPU_VALUE_CHECKS and not _dynamo_compiling() and h.ndim == 1:
                h[key] = value  # NumPy's own cast and errors (§1.3, host data behaves as NumPy's)
                _bump_version(self._t)  # as a torch write would: autograd sees the change
                return
        _setitem(self, key, value)

    def _host_array(self):
        """NumPy's view of this host array (cached in ``_h``), or None for data NumPy may not read
        here (devices, autograd, tracing, lazy conjugates; §1.3): kernels on host data use it."""
        try:
            return self._h
        except AttributeError:
            pass
        if _dynamo_compiling() or _transforms_active() or not _device.CPU_VALUE_CHECKS:
            return None  # a passing state (a trace, a torch.func transform, a test mode): nothing cached
        t = self._t
        h = None
        if _host_values(t) and not t.is_conj() and not t.is_neg() and t.dtype in _NP_SCALAR:
            h = t.numpy()
            if MARKED[0] and _bits(t):  # NumPy itself refuses writes through it (issue 16)
                bits = _bits(t)
                if bits & _WARN:
                    return None  # writes take the general path, which warns
                if bits & _RO:
                    h.flags.writeable = False
        self._h = h
        return h

    def _host_view(self, key):
        """NumPy's view of this host array for scalar indexing (cached in ``_h``), None otherwise;
        nothing is cached unless ``key`` picks one element."""
        t = self._t
        nd = t.dim()
        if not (nd == 1 if type(key) is int else nd and len(key) == nd and all(type(k) is int for k in key)):
            return None
        return self._host_array()

    def __delitem__(self, key):
        raise ValueError("cannot delete array elements")


def _basic_tuple(key):
    """Whether a tuple key holds only ints, positive-step slices, ``None`` and ``...``:
    there torch's indexing is NumPy's (a view), so it can skip the general path."""
    ellipsis = False
    for k in key:
        tp = type(k)
        if tp is int or k is None:
            continue
        if tp is slice and (k.step is None or type(k.step) is int and 0 < k.step < 2**62):
            continue
        if k is Ellipsis and not ellipsis:  # torch accepts several, NumPy raises
            ellipsis = True
            continue
        return False
    return True


def _host_values(t):
    """Whether tensor ``t``'s values may become NumPy scalars (§1.3): it is on the CPU, and
    neither torch.compile nor autograd / torch.func is tracing it (there results stay arrays)."""
    # (dynamo cannot trace the transforms check: it comes after the compiling one)
    return t.is_cpu and _device.CPU_VALUE_CHECKS and not t.requires_grad and not _dynamo_compiling() \
        and not _transforms_active()


def element(t):
    """One element ``t`` (a 0-d tensor) as a result (§1.3): NumPy's own scalar from host data;
    on an accelerator (no hidden sync), while tracing, or under autograd a 0-d array holding a
    copy (a value, never a view: a later write to the array must not change it)."""
    if _host_values(t):
        return _NP_SCALAR[t.dtype](t.item())
    return _wrap(t.clone())


def element_value(r, key):
    """§1.3: a key that selects one element gives NumPy's scalar (a value, never a view of the
    array); ``x[...]`` stays a view."""
    if r.dim() == 0 and not any(k is Ellipsis for k in (key if type(key) is tuple else (key,))):
        return element(r)
    return _wrap(r)


#: ``a[key]`` and ``a[key] = value`` beyond the fast paths of ``ndarray.__getitem__``/``__setitem__``:
#: the indexing engine, installed by ``_indexing`` when it loads (it builds on this module, §7)
_getitem = _setitem = None


def result(a):
    """A function result ``a`` under §1.3: a 0-d host array becomes NumPy's scalar."""
    if type(a) is ndarray:
        t = a._t
        if t.dim() == 0 and _host_values(t):
            return _NP_SCALAR[a._d](t.item())
        return a
    if type(a) is tuple or isinstance(a, tuple) and hasattr(a, "_fields"):
        items = [result(v) for v in a]
        return type(a)(*items) if hasattr(a, "_fields") else tuple(items)
    return a


def _storage_users(t):
    """How many tensors (and storage handles) use ``t``'s memory: 2 when ``t`` is the only one."""
    return torch._C._storage_Use_Count(t.untyped_storage()._cdata)


@functools.cache
def _lone_references():
    """``sys.getrefcount(self)`` at the start of a method called on an array one name refers to
    (CPython's count depends on the version: measured once)."""
    lone = _wrap(torch.zeros(0))
    return lone._references()


def _wrap(t):
    """The one fast private constructor: a new ndarray around tensor ``t``."""
    a = _new(ndarray)
    a._t = t
    a._d = t.dtype
    return a


# -- NumPy's per-array flags WRITEABLE and _warn_on_write, and ``base`` (issue 16, §1.2) --
# torch has no read-only tensors. A read-only array holds a fresh root tensor on the same memory
# (``_alias``) that carries the flag bits in its ``_tnp`` attribute; every view torch makes of it
# (indexing, reshape, transpose, the families' views) names that root as its ``_base``, so views
# of a read-only array are read-only at no cost on the fast paths, while views made earlier keep
# their own root (NumPy's per-array flag). Write paths ask ``writeable`` (nothing to read but a
# global until some array was marked).
READ_ONLY = "assignment destination is read-only"  # NumPy's message for x[k] = v, fill, copyto
OUT_READ_ONLY = "output array is read-only"  # ... for out= arrays
_WARN_MESSAGE = ("Numpy has detected that you (may be) writing to an array with\noverlapping memory from "
                 "np.broadcast_arrays. If this is intentional\nset the WRITEABLE flag True or make a copy "
                 "immediately before writing.")


class _Alias(torch.autograd.Function):
    """The identity on the same memory, in the autograd graph, as a new root tensor (not a view)."""

    @staticmethod
    def forward(ctx, t):
        return t.detach()

    @staticmethod
    def backward(ctx, g):
        return g


def _bits(t):
    """The flag bits of tensor ``t``: those of its root (views share them, see above)."""
    b = t._base
    return getattr(t if b is None else b, "_tnp", 0)


def tensor_writeable(t):
    """Whether a torchnp array on tensor ``t`` may be written (NumPy's WRITEABLE flag)."""
    return not MARKED[0] or not _bits(t) & _RO


def writeable(a, message=READ_ONLY):
    """Raise NumPy's ``ValueError(message)`` when array ``a`` is read-only; warn once (NumPy's
    DeprecationWarning) for an array of ``np.broadcast_arrays`` (``_warn_on_write``). Not checked
    while Dynamo traces (flags are not carried there: docs/differences.md)."""
    if MARKED[0]:
        t = a._t
        b = t._base
        bits = getattr(t if b is None else b, "_tnp", 0)  # _bits inlined: every write path asks
        if not bits or _dynamo_compiling():
            return
        if bits & _RO:
            raise ValueError(message)
        if bits & _WARN:
            warnings.warn(_WARN_MESSAGE, DeprecationWarning, stacklevel=3)
            _retag(a, bits & ~_WARN)


def traced():
    """Whether flags cannot be carried (Dynamo tracing, a torch.func transform): documented."""
    return _dynamo_compiling() or _transforms_active()


def _retag(a, bits):
    """Give array ``a`` a fresh root tensor on its memory carrying flag ``bits``: views made from
    it later share the bits; views made earlier keep theirs (NumPy's per-array flags)."""
    t = a._t
    if traced():
        raise NotImplementedError("torchnp cannot change the flags of an array inside jit or a torch.func "
                                  "transform (torch tensors have no read-only flag); do it outside")
    owns = _owns(a)
    r = _Alias.apply(t) if t.requires_grad else t.detach()
    if owns:
        _register(t, a)  # views made earlier still name this array as their base
        _register(r, a)
    else:
        _alias_root(t, r)
        bits |= _VIEW
        if hasattr(a, "_b"):  # a base recorded: views of it collapse through ``a`` to it
            _register(r, _collapse(a, type(a)))
    if bits:
        mark(r, bits)
    a._set_tensor(r)


def read_only_view(t, base=None, warn=False):
    """A read-only array viewing tensor ``t`` (NumPy's read-only views: ``broadcast_to``,
    ``diagonal``), or with ``warn`` a writable one that warns at its first write (NumPy's
    ``_warn_on_write``: ``broadcast_arrays``); ``base``: the array viewed. Inside jit, a torch.func
    transform or for arrays that require grad, a plain view (docs/differences.md)."""
    if traced() or t.requires_grad or not tensor_writeable(t):
        return _wrap(t)
    r = mark(_alias_root(t, t.detach()), (_WARN if warn else _RO) | _VIEW)
    a = _wrap(r)
    if isinstance(base, ndarray):
        b = _view_base(base)  # views of it find the same through the root ``_alias_root`` names
        if b is not None:
            a._b = b
    return a


def _alias_root(t, r):
    """``r``, a new root tensor on ``t``'s memory: ``base`` of arrays on it (and on its views),
    where none is recorded, resolves through ``t``'s root."""
    b = t._base
    r._tnp_root = t if b is None and not getattr(t, "_tnp", 0) & _VIEW else getattr(t, "_tnp_root", None) \
        if b is None else b
    return r


def _register(root, owner):
    """Record ``owner`` as what views of tensor ``root`` name as their ``base`` (weakly where it
    can be: ``bytes`` and other buffers cannot refer back to the tensor)."""
    ref = getattr(root, "_tnp_owner", None)
    if ref is None or ref() is not owner:
        try:
            root._tnp_owner = weakref.ref(owner)
        except TypeError:
            root._tnp_owner = lambda: owner


def _owner(root):
    """``base`` of a view of root tensor ``root`` with none recorded: the object registered for
    it, else that of the root it aliases, else a new array on it (registered, so
    ``v.base is v.base`` while it lives)."""
    ref = getattr(root, "_tnp_owner", None)
    o = None if ref is None else ref()
    if o is None:
        src = getattr(root, "_tnp_root", None)
        if src is not None:
            return _owner(src)
        o = _wrap(root)
        _register(root, o)
    return o


def _collapse(parent, kind):
    """NumPy's base for a view of ``parent`` of type ``kind``: the first owner of the data up the
    chain of bases, stopping at an object of another type (PyArray_SetBaseObject)."""
    while isinstance(parent, ndarray) and not _owns(parent):
        b = parent.base
        if b is None or type(b) is not kind:
            break
        parent = b
    return parent


def view_of(parent, t):
    """A new array on tensor ``t``, a view of array ``parent``'s memory: its ``base`` is the
    owner of the data (NumPy: ``x[...].base is x``); a copy (``t`` not a view) has none."""
    a = _wrap(t)
    if not traced() and (t._base is not None or getattr(t, "_tnp", 0) & _VIEW):
        b = _view_base(parent)
        if b is not None:
            a._b = b
    return a


def _view_base(parent):
    """NumPy's ``base`` for a view of array ``parent`` (of ``parent``'s type, as NumPy's views);
    None where ``parent`` is a view whose base its tensor gives (the view's tensor gives the same,
    then: resolved when read, so a later setflags of the owner is seen)."""
    if _owns(parent):
        _register(parent._t, parent)  # fast-path views of it find it too
        return parent
    if not hasattr(parent, "_b"):
        return None
    return _collapse(parent, type(parent))


def _owns(a):
    """NumPy's OWNDATA flag of array ``a``."""
    t = a._t
    if t._base is not None or getattr(t, "_tnp", 0) & _VIEW:
        return False
    return not hasattr(a, "_b")  # memory of another object: frombuffer, asarray(numpy array), unpickled


def _may_write(a):
    """NumPy's ``_IsWriteable``: whether ``a``'s WRITEABLE flag may be set."""
    base = a.base
    if base is None or _owns(a):
        return True
    while isinstance(base, (ndarray, _np.ndarray)):
        arr, base = base, base.base
        if arr.flags.writeable:
            return True
        if base is None or arr.flags.owndata:
            return False
    try:
        return not memoryview(base).readonly
    except Exception:  # noqa: BLE001 - NumPy: a base without a writable buffer is not writable
        return False


def _from_buffer(shape, np_dtype, buffer, offset, strides, order, device):
    """``ndarray(shape, dtype, buffer, offset, strides)``: a view of a host buffer as NumPy makes it.

    NumPy itself validates the buffer size and strides; the result shares the buffer's
    memory on the CPU (writable buffers) and is copied to any other device.
    """
    if isinstance(buffer, ndarray):  # its memory through the zero-copy NumPy view (CPU only: __array__)
        buffer = buffer.__array__()
    host = _np.ndarray(shape, np_dtype, buffer=buffer, offset=offset, strides=strides, order=order)
    if _dtypes.is_host_only(host.dtype):
        if _device.resolve(device).type != "cpu":
            raise _device.DeviceMismatchError(f"ndarray(dtype={np_dtype!r}): host-only data (§2.5) lives on the host")
        return host
    dev = _device.resolve(device)
    share = dev.type == "cpu" and all(st >= 0 for st in host.strides)
    return from_host(host, None, dev, False if share else True)  # copy=False: a view of the buffer, or ValueError


def _rebuild(host, device):
    dev = _device.resolve(device)
    if dev.type != "cpu":
        return _wrap(torch.from_numpy(host).to(dev))
    return from_numpy_array(host)


def from_numpy_array(host, base=None):
    """A CPU array sharing NumPy array ``host``'s memory (which torch can view), read-only when
    ``host`` is, its ``base`` NumPy's for the same view: ``base``, else ``host``'s own base or
    ``host`` (issue 16)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # torch warns on read-only memory
        t = torch.from_numpy(host)
    if not host.flags.writeable:
        mark(t, _RO | _VIEW)
    a = _wrap(t)
    a._b = base if base is not None else host if host.base is None else host.base
    return a


def _axis(axis, ndim, name):
    """``axis`` normalized, with NumPy's ``axis1: ...`` prefix on AxisError."""
    try:
        return normalize_axis(axis, ndim)
    except _np.exceptions.AxisError:
        raise _np.exceptions.AxisError(operator.index(axis), ndim, name) from None


def _normalize_shape(shape):
    if isinstance(shape, (tuple, list)):
        return tuple(operator.index(s) for s in shape)
    return (operator.index(shape),)


class _Flags:
    """``ndarray.flags`` (NumPy's ``flagsobj``): the contiguities of tensor ``t``, and the
    WRITEABLE/ALIGNED flags of array ``a``, settable as NumPy's (issue 16)."""

    __slots__ = ("_t", "_a")

    def __init__(self, t, a=None):
        _setattr(self, "_t", t)
        _setattr(self, "_a", a)

    @property
    def c_contiguous(self):
        return self._t.is_contiguous()

    @property
    def f_contiguous(self):
        t = self._t
        return t.dim() <= 1 and t.is_contiguous() or t.permute(tuple(range(t.dim() - 1, -1, -1))).is_contiguous()

    @property
    def owndata(self):
        return _owns(self._a)

    @property
    def writeable(self):
        return tensor_writeable(self._t)

    @writeable.setter
    def writeable(self, value):
        a = self._a
        bits = _bits(a._t)
        if value:
            if not _may_write(a):  # asked even of a writeable array, as NumPy
                raise ValueError("cannot set WRITEABLE flag to True of this array")
            if bits & (_RO | _WARN):
                _retag(a, bits & _VIEW)
        elif not bits & _RO:
            _retag(a, (bits | _RO) & ~_WARN)

    @property
    def _warn_on_write(self):
        raise AttributeError("attribute '_warn_on_write' of 'numpy._core.multiarray.flagsobj' objects is not readable")

    @_warn_on_write.setter
    def _warn_on_write(self, value):
        if not value:
            raise ValueError("cannot clear '_warn_on_write', set writeable True to clear this private flag")
        bits = _bits(self._a._t)
        if not bits & (_RO | _WARN):
            _retag(self._a, bits | _WARN)

    @property
    def aligned(self):
        a = self._a
        if a is not None:
            try:
                return a._f
            except AttributeError:
                pass
        return True

    @aligned.setter
    def aligned(self, value):
        if value:
            try:
                del self._a._f
            except AttributeError:
                pass
        else:
            self._a._f = False

    @property
    def writebackifcopy(self):
        return False

    @writebackifcopy.setter
    def writebackifcopy(self, value):
        if value:
            raise ValueError("cannot set WRITEBACKIFCOPY flag to True")

    @property
    def behaved(self):
        return self.aligned and self.writeable

    # NumPy's combined flags, from the two contiguities
    fortran = f_contiguous

    @property
    def forc(self):
        return self.f_contiguous or self.c_contiguous

    @property
    def fnc(self):
        return self.f_contiguous and not self.c_contiguous

    @property
    def carray(self):
        return self.c_contiguous and self.behaved

    @property
    def farray(self):
        # NumPy tests (ALIGNED | WRITEABLE | F_CONTIGUOUS) for any bit set, so this is "not C-contiguous"
        return not self.c_contiguous

    _KEYS = {"C_CONTIGUOUS": "c_contiguous", "C": "c_contiguous", "CONTIGUOUS": "c_contiguous",
             "F_CONTIGUOUS": "f_contiguous", "F": "f_contiguous", "FORTRAN": "f_contiguous",
             "OWNDATA": "owndata", "O": "owndata", "WRITEABLE": "writeable", "W": "writeable",
             "ALIGNED": "aligned", "A": "aligned", "WRITEBACKIFCOPY": "writebackifcopy", "X": "writebackifcopy",
             "BEHAVED": "behaved", "B": "behaved", "CARRAY": "carray", "CA": "carray", "FARRAY": "farray",
             "FA": "farray", "FNC": "fnc", "FORC": "forc"}

    def __getitem__(self, key):
        if key not in self._KEYS:  # NumPy's keys are upper case
            raise KeyError("Unknown flag")
        return getattr(self, self._KEYS[key])

    def __setitem__(self, key, value):
        if key not in ("W", "WRITEABLE", "A", "ALIGNED", "X", "WRITEBACKIFCOPY"):  # NumPy's settable ones
            raise KeyError("Unknown flag")
        setattr(self, self._KEYS[key], value)

    def __setattr__(self, name, value):
        if name not in ("_t", "_a", "writeable", "aligned", "writebackifcopy", "_warn_on_write"):
            raise AttributeError(f"attribute '{name}' of 'numpy._core.multiarray.flagsobj' objects is not writable")
        _setattr(self, name, value)

    def __eq__(self, other):
        return isinstance(other, _Flags) and repr(self) == repr(other)

    __hash__ = None

    def __repr__(self):
        warn = "  (with WARN_ON_WRITE=True)" if MARKED[0] and _bits(self._t) & _WARN else ""
        return "\n".join(f"  {k.upper()} : {getattr(self, k)}" + (warn if k == "writeable" else "") for k in
                         ("c_contiguous", "f_contiguous", "owndata", "writeable", "aligned", "writebackifcopy")) + "\n"


class flatiter:
    """``x.flat``: a 1-D iterator/indexer over the array in C order (``numpy.flatiter``)."""

    __slots__ = ("base",)

    def __init__(self, base):
        self.base = base

    def __delitem__(self, key):
        raise TypeError("Cannot delete iterator elements")

    def _over(self):
        """The array iterated (``broadcast.iters`` iterate a broadcast view of their ``base``)."""
        return self.base

    def __len__(self):
        return self._over().size

    def __iter__(self):
        return iter(self._over().ravel())

    def __getitem__(self, key):
        return self._over().ravel()[key]

    def __array__(self, dtype=None, copy=None):
        return self.base.ravel().__array__(dtype)

    def copy(self):
        return self.base.flatten()

    def __repr__(self):
        return f"<torchnp.flatiter over {self.base!r}>"

