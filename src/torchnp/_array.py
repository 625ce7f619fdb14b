"""The array object (docs/design.md §1): ``torchnp.ndarray`` wraps exactly one tensor.

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
import re
import sys
import types

import numpy as _np
import torch

from . import _device, _dtypes
from . import _tensors
from ._tensors import (alias_of, cast_tensor, from_host, mark, normalize_axis, over_storage, ravel_tensor, read_only,
                       read_only_view, reshape_tensor, set_strides, view_as_dtype)

__all__ = ["ndarray"]

_new = object.__new__
if tuple(int(v) for v in re.findall(r"\d+", torch.__version__)[:2]) < (2, 13):
    def _new(cls):  # dynamo before torch 2.13 cannot trace the bare builtin, only this call (torchnp.jit)
        return object.__new__(cls)
_NPA = _np.ndarray
_from_numpy = torch.from_numpy
#: NumPy's dtype char -> the dtype key ``_d`` of an array holding it (NumPy's 'q'/'Q' kept, §2.1)
_KEY_OF_CHAR = {**{d.char: t for d, t in _dtypes.TO_TORCH.items()}, **_dtypes.ALIASES}
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

    # the tensor and its dtype (read on every hot path, §7); ``_h``, the NumPy view of host data,
    # found on first use (§1.3 scalar indexing and NumPy's kernels on tiny arrays read through it):
    # None until then, False where NumPy may not read the data (a device, autograd); ``_b``, the
    # object a view or a bridge's array was made from (``base``, collapsed to the owner as NumPy's),
    # None for an array that owns its data. An array NumPy made on host data (``host_result``,
    # ``_lazy_view``) has no ``_t`` until its first use (``__getattr__``); ``_p`` says how to make it
    __slots__ = ("_t", "_d", "_h", "_b", "_p", "__weakref__")
    __array_priority__ = 1000
    __class_getitem__ = classmethod(types.GenericAlias)  # ndarray[Any, dtype[float64]] in annotations

    def __new__(cls, shape, dtype=float, buffer=None, offset=0, strides=None, order=None, *, device=None):
        shape = (operator.index(shape),) if not isinstance(shape, (tuple, list)) else tuple(operator.index(s) for s in shape)
        if buffer is None:
            if strides is not None:
                raise ValueError("strides can only be given together with a buffer")
            dt, dev = _dtypes.to_torch(dtype), _device.resolve(device)
            if order == "F" and len(shape) > 1:
                return _wrap(_tensors.empty_laid_out(shape, _tensors.fortran_order(len(shape)), dt, dev))
            return _wrap(torch.empty(shape, dtype=dt, device=dev))
        t = _from_buffer(shape, _np.dtype(dtype), buffer, operator.index(offset), strides, order, device)
        return t if isinstance(t, (_np.ndarray, ndarray)) else _wrap(t)  # host-only dtypes: NumPy's array (§2.5)

    # -- attributes (§1.1) --
    def __getattr__(self, name):
        # reached only for a name the slots and the class lack, or an unset slot: ``_t`` of an
        # array NumPy computed or viewed (``host_result``, ``_lazy_view``), made on its first use
        if name == "_t":
            p = self._p
            if p is False:  # NumPy's result: the tensor sharing its memory
                t = _host_tensor(self._h)
            elif p is None:  # a racing thread made it (it sets ``_t`` before ``_p``)
                return self._t
            else:  # a view: the torch view of the tensor it was made from, as the torch path makes it
                t, arg = p[0], p[1]  # (kept: the view holds that tensor anyway, and a racing thread makes the same)
                if type(t) is not torch.Tensor:  # a view of NumPy's result ``t`` made before its tensor
                    # (``_lazy_view``): that array's tensor now, unless it has been given another since
                    # (``_set_tensor``), then one over the memory it had (p[2], its NumPy array then)
                    h = p[2]
                    t = t._t
                    if not (t.data_ptr() == h.ctypes.data and tuple(t.shape) == h.shape and h.itemsize and tuple(
                            t.stride()) == tuple(s // h.itemsize for s in h.strides) and t.dtype is _host_tensor(
                            h[:0]).dtype) or (_tensors.READ_ONLY and h.flags.writeable and read_only(t)):
                        t = _host_tensor(h)  # (made read-only since the view was made: the view stays writeable)
                t = t.reshape(arg) if type(arg) is list else t[arg]
            self._t = t
            if p is False:
                self._p = None  # holds its tensor now (``_written`` bumps it)
            return t
        if name == "_p":  # an array made without it holds its tensor (``_wrap`` and the inlined constructors)
            return None
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}", name=name, obj=self)

    @property
    def tensor(self):
        """The underlying ``torch.Tensor`` (shares memory, §4.4)."""
        t = self._t
        self._h = None  # found again at the next use: the caller may turn on its requires_grad
        return t

    @property
    def shape(self):
        return tuple(self._t.shape)

    @shape.setter
    def shape(self, value):
        t = reshape_tensor(self._t, _normalize_shape(value))
        if t is not self._t and not t._is_view():  # reshape had to copy
            raise AttributeError("Incompatible shape for in-place modification. Use `.reshape()` to make a copy "
                                 "with the desired shape.")
        self._set_tensor(t, self._d)

    def _references(self):
        refs = sys.getrefcount(self)
        return refs

    def _set_tensor(self, t, d=None):
        """Replace the tensor in place (``shape =``, ``dtype =``, ``resize``) and its dtype key ``d`` (default
        the tensor's): the cached host view goes with it."""
        self._t = t
        self._d = t.dtype if d is None else d
        self._h = None
        self._p = None

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
        self._set_tensor(v._t, v._d)

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

    @strides.setter
    def strides(self, value):
        self._set_tensor(set_strides(self._t, value), self._d)

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
        a._h = None
        b = self._b  # base (§1.2), collapsed to the owner as NumPy's (a view keeps no chain alive)
        a._b = b if type(b) is type(self) and self._t._base is not None else self
        return a

    @property
    def mT(self):
        if self._t.dim() < 2:
            raise ValueError("matrix transpose with ndim < 2 is undefined")
        return _view(self._t.transpose(-2, -1), self)

    @property
    def real(self):
        t = self._t
        return _view(t.real, self) if t.is_complex() else self  # a view; NumPy's real array itself

    @real.setter
    def real(self, value):
        self.real[...] = value

    @property
    def imag(self):
        t = self._t
        if t.is_complex():
            return _view(t.imag, self)  # a view, as NumPy
        return _wrap(read_only_view(torch.zeros_like(t)))  # NumPy's read-only zeros

    @imag.setter
    def imag(self, value):
        if not self._t.is_complex():
            raise TypeError("array does not have imaginary part to set")
        self.imag[...] = value

    @property
    def base(self):
        """The object whose memory this array views, None when it owns its data (``numpy.ndarray.base``):
        as NumPy, the first owner of the data along the chain of views of one type (``x[1:][1:].base is x``)."""
        b = self._raw_base()
        kind = type(b)  # NumPy's view has its parent's type (torchnp's indexing gives ndarray)
        while isinstance(b, ndarray):  # NumPy's collapse (PyArray_SetBaseObject), done when read
            nxt = b._raw_base()
            if nxt is None or type(nxt) is not kind:
                break
            b = nxt
        return b

    def _raw_base(self):
        """The object this array was made from (its parent view, or a bridge's buffer), None when it owns its data."""
        t = self._t
        b = self._b
        root = t._base
        if root is None:
            root = alias_of(t)
            if root is None:  # torch says the tensor owns its memory: a bridge's buffer, or no base
                return None if isinstance(b, ndarray) and not _within(t, b._t) else b  # (a reshape that copied)
        if b is None:  # a view made by a function: an array over the tensor it views, kept for identity
            b = self._b = _wrap(root)
        return b

    @property
    def flat(self):
        """A 1-D iterator/indexer over the array in C order (``numpy.ndarray.flat``)."""
        return flatiter(self)

    @flat.setter
    def flat(self, value):
        if _tensors.READ_ONLY:
            _tensors.check_write(self._t, "array is read-only")  # NumPy's message here (flat[k] = v: "underlying ...")
        flatiter(self)[...] = value

    @property
    def flags(self):
        return _Flags(self._t, self)

    def setflags(self, write=None, align=None, uic=None):
        """Set the WRITEABLE, ALIGNED and WRITEBACKIFCOPY flags (``numpy.ndarray.setflags``)."""
        if uic:
            raise ValueError("cannot set WRITEBACKIFCOPY flag to True")
        if align is not None and not align:
            raise ValueError("torchnp arrays are always aligned (torch tensors are): setflags(align=False) "
                             "is not supported (docs/differences.md)")
        if write is not None:
            if write:
                if not self._may_write():
                    raise ValueError("cannot set WRITEABLE flag to True of this array")
                self._set_write_state(False)
            else:
                self._set_write_state(True)

    def _may_write(self):
        """Whether the WRITEABLE flag may be set (NumPy's ``_IsWriteable``): the array owns its data,
        or some array it was made from is writeable, or the final base is a writable buffer."""
        if self._raw_base() is None:
            return True
        b = self.base  # NumPy walks the collapsed bases: a view made earlier in between has no say
        while isinstance(b, ndarray):
            if not read_only(b._t):
                return True
            if b._raw_base() is None:  # an owner that is not writeable
                return False
            b = b.base
        if isinstance(b, _np.ndarray):
            return b.flags.writeable
        try:
            return not memoryview(b).readonly
        except TypeError:
            return False

    def _set_write_state(self, state):
        """Make this array read-only (``state`` True), warn on its first write (``'warn'``) or writable
        (False): its tensor becomes an alias root of the same memory that carries the state, so views
        made from it later inherit it through torch's ``_base`` and views made earlier keep their own
        (NumPy's per-array flag), at no cost to arrays that never were read-only."""
        t = self._t
        if (read_only(t) or False) == state:
            return
        self._set_tensor(mark(t, state), self._d)

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
            h = t.cpu().detach().resolve_conj().resolve_neg().numpy()  # a copy: writeable, as NumPy's copies
        else:
            h = t.detach().resolve_conj().resolve_neg().numpy()
            if _tensors.READ_ONLY:
                h = _host_flags(h, read_only(t))
        return h if type(self._d) is not _dtypes.DtypeAlias else h.view(self._d.numpy)  # 'q' as asked (§2.1)

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
        # the capsule keeps this array alive (NumPy's refcount semantics): torch keeps the Python
        # object of the alias (``detach``), and its attributes, while the capsule or its consumer holds it
        t._tnp_owner = self
        return t.__dlpack__(**kwargs)

    def __dlpack_device__(self):
        return self._t.__dlpack_device__()

    def __buffer__(self, flags):
        """The buffer protocol (``memoryview(x)``, Python 3.12+) of a CPU array, read-only when the array is."""
        if self._t.device.type != "cpu":
            raise BufferError("only CPU arrays expose host memory; use x.to_numpy()")
        return memoryview(self.to_numpy())

    @property
    def __array_struct__(self):
        """NumPy's C array interface of a CPU array (zero-copy, with its WRITEABLE flag, §4.3)."""
        if self._t.device.type != "cpu":
            raise AttributeError("__array_struct__: only CPU arrays expose host memory; use x.to_numpy()")
        return self.to_numpy().__array_struct__

    # -- pickling keeps dtype, device and, as NumPy's own pickles, what NumPy keeps of the flags --
    def __reduce_ex__(self, protocol):
        # the NumPy array is pickled by NumPy under the same protocol (protocol 5 keeps read-only)
        return (_rebuild, (self.to_numpy(), str(self._t.device)))

    def __copy__(self):
        return _wrap(self._t.clone())

    def __deepcopy__(self, memo):
        return _wrap(self._t.clone())

    # -- thin methods --
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
        if order in ("F", "C", "A") and r.dim() > 1:  # the memory order asked for ('K', torch's: the source's)
            if order == "A":
                order = "F" if _Flags(t).f_contiguous and not t.is_contiguous() else "C"
            r = _tensors.laid_out(r, _tensors.fortran_order(r.dim()) if order == "F" else tuple(range(r.dim())))
        # copy=False and nothing to do: self, as NumPy; else NumPy's dtype asked for ('q', §2.1)
        return self if r is self._t else _labelled(_wrap(r), _dtypes.alias_of(dtype))

    def fill(self, value):
        """Fill with a scalar value (``numpy.ndarray.fill``): converted as ``x[...] = value``."""
        if type(value) is _np.ndarray and value.ndim == 0:
            value = value[()]  # a scalar parameter: NumPy reads a 0-d array as its number, on any device
        elif isinstance(value, (list, tuple)):  # NumPy's conversion of a sequence to one element
            dt = self._t.dtype
            if dt is torch.bool:
                value = bool(value)
            elif dt.is_complex:
                raise TypeError(f"must be real number, not {type(value).__name__}")
            elif not dt.is_floating_point:
                raise TypeError("int() argument must be a string, a bytes-like object or a real number, "
                                f"not '{type(value).__name__}'")
            else:
                raise ValueError("setting an array element with a sequence.")
        elif isinstance(value, _np.ndarray) or (isinstance(value, ndarray) and value.ndim):
            if self._t.dtype is torch.bool and value.size == 1:
                value = value.reshape(())  # (NumPy's bool() of a one-element array)
            elif self._t.dtype.is_complex:
                raise TypeError("only 0-dimensional arrays can be converted to Python scalars")
            else:
                raise ValueError("setting an array element with a sequence.")
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
            sub._t, sub._d, sub._b = base._t, base._d, self
            sub._h = None
            if callable(getattr(type, "__array_finalize__", None)):
                sub.__array_finalize__(self)
            return sub
        t = self._t
        if dtype is None or dtype is ndarray:
            return _labelled(_view(t.view(t.shape), self), self._d)
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
        r = view_as_dtype(t, dt)
        if _tensors.READ_ONLY and read_only(t):  # torch does not count a dtype view as a view (no _base)
            r = mark(r, read_only(t))
        return _labelled(_view(r, self), _dtypes.alias_of(dtype))

    def reshape(self, *shape, order="C", copy=None):
        """A view with a new shape when possible, else a copy (``numpy.ndarray.reshape``)."""
        if order == "C" and copy is None and shape:
            sizes = shape[0] if type(shape[0]) is tuple and len(shape) == 1 else shape
            # hot path (§7) for Python int sizes only (torch takes True as 1 where NumPy raises
            # TypeError); torch parses unpacked ints faster than a tuple
            if sizes and type(sizes[0]) is int and type(sizes[-1]) is int and (
                    len(sizes) < 3 or bool not in map(type, sizes)):
                h = tiny_host(self)
                if h is not None and h.flags.c_contiguous:
                    try:  # tiny host data: NumPy's view (C-contiguous: torch's reshape is a view too)
                        v = h.reshape(sizes)
                    except ValueError:
                        pass  # the slow path below raises NumPy's error
                    else:
                        return _lazy_view(self, v, list(v.shape))
                try:
                    r = self._t.reshape(*sizes)
                except RuntimeError:
                    pass  # the slow path below raises NumPy's error
                else:
                    a = _new(ndarray)
                    a._t = r
                    a._d = self._d
                    a._h = None
                    b = self._b  # base (§1.2), collapsed as NumPy's; the base of a copy reads None (``_raw_base``)
                    a._b = b if type(b) is type(self) and self._t._base is not None else self
                    return a
        if len(shape) == 1:
            shape = shape[0]
        elif not shape:
            raise TypeError("reshape() takes exactly 1 argument (0 given)")
        if order == "A":  # Fortran order for Fortran-contiguous arrays, as NumPy
            order = "F" if _Flags(self._t).f_contiguous and not self._t.is_contiguous() else "C"
        return _view(reshape_tensor(self._t, shape, order, copy), self)

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
            if self._raw_base() is not None:
                raise ValueError("cannot resize this array: it does not own its data")
            self._set_tensor(self._t)  # drops the cached host view, a user of the memory of its own
            if refs > _lone_references() or _storage_users(self._t) > 2:
                raise ValueError("cannot resize an array that references or is referenced\nby another object in "
                                 "this way.\nUse the np.resize function to get a new resized copy or\n set "
                                 "refcheck=False to disable this check")
        flat = self._t.reshape(-1)
        out = torch.zeros(shape, dtype=flat.dtype, device=flat.device)
        k = min(n, flat.numel())
        out.view(-1)[:k] = flat[:k]
        state = read_only(self._t) if _tensors.READ_ONLY else None
        self._set_tensor(out, self._d)
        if state:  # NumPy resizes read-only arrays too, and keeps the flag
            self._set_write_state(state)

    def ravel(self, order="C"):
        """A flattened view when the array is contiguous in ``order``, else a copy (``numpy.ravel``)."""
        r = ravel_tensor(self._t, order)
        return _view(r, self) if r._base is not None else _wrap(r)

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
        return _view(t.permute(*axes), self)

    def swapaxes(self, axis1, axis2):
        """A view with two axes interchanged (``numpy.ndarray.swapaxes``)."""
        n = self._t.dim()
        return _view(self._t.transpose(_axis(axis1, n, "axis1"), _axis(axis2, n, "axis2")), self)

    def squeeze(self, axis=None):
        """A view without length-1 axes (``numpy.ndarray.squeeze``)."""
        t = self._t
        if axis is None:
            return _view(t.squeeze(), self) if 1 in t.shape else self  # nothing to squeeze: NumPy gives the array
        axes = tuple(normalize_axis(a, t.dim()) for a in (axis if isinstance(axis, tuple) else (axis,)))
        if len(set(axes)) != len(axes):
            raise ValueError("duplicate value in 'axis'")
        for a in axes:
            if t.shape[a] != 1:
                raise ValueError("cannot select an axis to squeeze out which has size not equal to one")
        return _view(t.squeeze(tuple(axes)), self) if axes else self

    def __getitem__(self, key):
        tk = type(key)
        if tk is int or tk is tuple:
            # §1.3 scalar loops: an element of host data is NumPy's scalar, read through NumPy's view of
            # the memory (as fast as NumPy; NumPy's IndexError out of bounds)
            h = self._h
            if h is None:
                h = self._host_view(key)
            if type(h) is _NPA and _device.CPU_VALUE_CHECKS and not _dynamo_compiling():
                if tk is int:
                    if h.ndim == 1:
                        return h[key]
                elif len(key) == h.ndim and (not key or type(key[0]) is int and type(key[-1]) is int):
                    r = h[key]
                    if type(r) is not _np.ndarray:
                        return r
        if tk is slice and (key.step is None or (type(key.step) is int and 0 < key.step < 2**62)) or (
                tk is tuple and _basic_tuple(key)):
            h = self._h  # tiny_host inlined (§7: x[1:], x[0, 1:] in a callback loop)
            if h is None and self._t.numel() <= TINY_HOST:
                h = self._host_array()
            if type(h) is _NPA and h.size <= TINY_HOST and _device.CPU_VALUE_CHECKS and not _dynamo_compiling():
                v = h[key]
                if type(v) is not _NPA:
                    return v  # NumPy's scalar (a tuple of ints)
                w = _new(ndarray)  # tiny host data: NumPy's view (_lazy_view inlined, §7: one frame less)
                w._d = self._d
                w._h = v
                p = self._p
                if p is False or p is not None and type(p[0]) is not torch.Tensor:
                    w._b = self if p is False else self._b  # a view of NumPy's result (see _lazy_view)
                    w._p = (self, key, h)
                    return w
                t = self._t
                b = self._b
                w._b = b if type(b) is ndarray and t._base is not None else self
                w._p = (t, key)
                return w
        t = self._t
        if tk is int or (tk is slice and (key.step is None or (type(key.step) is int and 0 < key.step < 2**62))):
            try:
                r = t[key]
            except Exception:  # noqa: BLE001 - the general path below raises NumPy's error
                pass
            else:
                if tk is int and t.dim() == 1:
                    return element(r, self._d)
                a = _new(ndarray)  # _wrap inlined: the hot path of §7
                a._t = r
                a._d = self._d
                a._h = None
                b = self._b  # base (§1.2), collapsed to the owner as NumPy's (a view keeps no chain alive)
                a._b = b if type(b) is type(self) and self._t._base is not None else self
                return a
        elif tk is tuple and _basic_tuple(key):
            try:
                r = t[key]
            except Exception:  # noqa: BLE001 - the general path below raises NumPy's error
                pass
            else:
                r = element_value(r, key, self._d)
                if type(r) is ndarray:
                    r._b = _parent(self)  # base (§1.2)
                return r
        r = _getitem(self, key)
        if type(r) is ndarray and r._t._base is not None and not _dynamo_compiling() and _within(r._t, t):
            r._b = _parent(self)  # a view's base (§1.2); copies have none (Dynamo cannot trace storage pointers)
        return r

    def __setitem__(self, key, value):
        if type(key) is int and type(value) in _SCALAR_VALUES:
            h = self._h
            if h is None:
                h = self._host_view(key)
            if type(h) is _NPA and _device.CPU_VALUE_CHECKS and not _dynamo_compiling() and h.ndim == 1:
                h[key] = value  # NumPy's own cast and errors (§1.3, host data behaves as NumPy's)
                if self._p is not False:  # (NumPy's result without a tensor: nothing to bump, no call)
                    _written(self)
                return
        elif type(key) is slice or type(key) is tuple and _basic_tuple(key):
            tv = type(value)
            if tv is ndarray or tv in _SCALAR_VALUES or tv is _NPA:
                h = self._h  # tiny_host inlined where the host view is known (y[1:] = ... in a callback, §7)
                if type(h) is not _NPA or h.size > TINY_HOST or not _device.CPU_VALUE_CHECKS or _dynamo_compiling():
                    h = tiny_host(self)  # tiny host data (x[1:] = y, x[1:-1] = 2.0): NumPy's assignment, its
                if h is not None:  # casts, broadcasting, overlap (read before writing) and errors (§7)
                    v = value
                    if tv is ndarray:
                        v = value._h
                        if type(v) is not _NPA or v.size > TINY_HOST:
                            v = tiny_host(value)
                    elif tv is _NPA:  # a tiny numpy.ndarray of a dtype torch holds: host data as NumPy's (issue 23)
                        v = tiny_numpy(value)
                    if v is not None:
                        h[key] = v
                        if self._p is not False:
                            _written(self)
                        return
        _setitem(self, key, value)

    def _host_array(self):
        """NumPy's view of this host array (cached in ``_h``), or False for data NumPy may not read
        here (devices, autograd, tracing, lazy conjugates; §1.3): kernels on host data use it."""
        h = self._h
        if h is not None:
            return h
        if _dynamo_compiling() or _transforms_active() or not _device.CPU_VALUE_CHECKS:
            return False  # a passing state (a trace, a torch.func transform, a test mode): nothing cached
        t = self._t
        h = False
        if _host_values(t) and not t.is_conj() and not t.is_neg() and t.dtype in _NP_SCALAR:
            h = t.numpy() if self._d is t.dtype else t.numpy().view(_dtypes.TO_NUMPY[self._d])
            if _tensors.READ_ONLY:  # NumPy itself refuses writes into a read-only array's host view;
                s = read_only(t)  # warn-on-write arrays take the general path, which warns once
                h = False if s == "warn" else _host_flags(h, s)
        self._h = h
        return h

    def _host_view(self, key):
        """NumPy's view of this host array for scalar indexing (cached in ``_h``, False where NumPy
        may not read it), None where ``key`` does not pick one element (then nothing is cached)."""
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


def element(t, d=None):
    """One element ``t`` (a 0-d tensor) as a result (§1.3): NumPy's own scalar from host data;
    on an accelerator (no hidden sync), while tracing, or under autograd a 0-d array holding a
    copy (a value, never a view: a later write to the array must not change it). ``d``: the dtype
    key of the array it comes from (NumPy's 'q'/'Q' are kept, §2.1)."""
    if _host_values(t):
        return _NP_SCALAR[d if type(d) is _dtypes.DtypeAlias and d.torch is t.dtype else t.dtype](t.item())
    return _labelled(_wrap(t.clone()), d)


def element_value(r, key, d=None):
    """§1.3: a key that selects one element gives NumPy's scalar (a value, never a view of the
    array); ``x[...]`` stays a view. ``d`` as for :func:`element`."""
    if r.dim() == 0 and not any(k is Ellipsis for k in (key if type(key) is tuple else (key,))):
        return element(r, d)
    return _labelled(_wrap(r), d)


#: ``a[key]`` and ``a[key] = value`` beyond the fast paths of ``ndarray.__getitem__``/``__setitem__``:
#: the indexing engine, installed by ``_indexing`` when it loads (it builds on this module, §7)
_getitem = _setitem = None


def result(a):
    """A function result ``a`` under §1.3: a 0-d host array becomes NumPy's scalar."""
    if type(a) is ndarray:
        h = a._h
        if type(h) is _NPA and h.ndim:  # (NumPy's result on tiny host data stays without a tensor)
            return a
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
    a._h = None
    a._b = None
    a._p = None
    return a


def host_result(r):
    """NumPy's result ``r`` computed on host data (a fresh array: native byte order, aligned): a
    new ndarray sharing its memory, kept as its host view, and NumPy's scalar as it is (§1.3).
    The tensor is made on first use (``ndarray.__getattr__``): a tiny result NumPy computed and
    NumPy reads next never pays ``torch.from_numpy`` (~0.6 us, half of a tiny call)."""
    if type(r) is not _NPA:
        return r
    a = _new(ndarray)
    a._d = _KEY_OF_CHAR[r.dtype.char]
    a._h = r
    a._b = None
    a._p = False
    return a


#: host data of at most this many elements runs NumPy's own code, where a call is mostly overhead
#: (the one bound of the tiny host path, §7): ufuncs (10 float64: NumPy's add 0.45 us against
#: torch's 1.3 us, sin 0.45 against 1.2 us; float64 sin loses from ~100 elements), ``empty``/
#: ``zeros``/``ones``/``arange`` on the CPU, ``x[1:5]`` and ``x.reshape(2, 5)`` (NumPy's view 0.1-0.2 us,
#: torch's ~1 us; ``_lazy_view``), ``matmul``, ``dot``, ``inner``, ``vdot``, ``einsum``, ``where``, ``copy``,
#: in-place operators, scalar-first ufuncs and ``apply_along_axis`` (``tiny_host``). Results are NumPy's own, warnings
#: included (docs/differences.md); their tensors are made only when a torch kernel reads them
TINY_HOST = 64


def tiny_host(a):
    """NumPy's view of array ``a`` where NumPy's kernel runs on it instead of torch's: host data of
    at most ``TINY_HOST`` elements, outside traces and test modes; None otherwise."""
    h = a._h
    if h is None:
        if a._t.numel() > TINY_HOST:
            return None  # not looked up: a larger array need not pay for it
        h = a._host_array()
    if type(h) is _NPA and h.size <= TINY_HOST and _device.CPU_VALUE_CHECKS and not _dynamo_compiling():
        return h
    return None


def tiny_numpy(x, bound=TINY_HOST):
    """``x``, a plain ``numpy.ndarray`` operand, where NumPy's kernel runs on it as on a torchnp array's
    host view (:func:`tiny_host`): host data (§3.3) of a dtype torch holds with at most ``bound``
    elements, outside traces, transforms and test modes; None otherwise (the caller checks the type)."""
    if x.size <= bound and x.dtype.char in _KEY_OF_CHAR and _device.CPU_VALUE_CHECKS and not _dynamo_compiling() \
            and not _transforms_active():
        return x
    return None


def numpy_host_array(x, bound=TINY_HOST):
    """``asarray(x)`` of a plain ``numpy.ndarray`` ``x`` of host data that torch views as it is (native
    byte order, aligned, no negative strides, writeable), of at most ``bound`` elements: a torchnp array
    whose host view is NumPy's view of ``x`` and whose tensor (``torch.from_numpy``, zero-copy as the
    general path's) is made on first use (``_p`` False, as ``host_result``'s); None where the general path
    must run (empty arrays too: a view of one must be a torch view of its tensor, whose data pointer an
    empty tensor lacks). A callback's ``x = np.asarray(x)`` on SciPy's arrays then costs one NumPy view,
    and the host reductions see NumPy's array (issue 23, §7)."""
    if 0 < x.size <= bound and x.dtype.byteorder in "=|" and x.flags.writeable and x.flags.aligned \
            and _device.CPU_VALUE_CHECKS and not _dynamo_compiling() and not _transforms_active():
        key = _KEY_OF_CHAR.get(x.dtype.char)
        if key is None or any(s < 0 for s in x.strides) or _dtypes.misaligned_complex(x):
            return None
        a = _new(ndarray)
        a._d = key
        a._h = x.view()  # (a view: x's later shape or dtype assignments do not reach the array)
        a._b = None
        a._p = False
        return a
    return None


def tiny_view(x):
    """NumPy's view of an array operand on the tiny host path: :func:`tiny_host` of a torchnp array,
    :func:`tiny_numpy` of a ``numpy.ndarray`` (host data as NumPy's own, issue 23); None otherwise."""
    tp = type(x)
    if tp is ndarray:
        return tiny_host(x)
    return tiny_numpy(x) if tp is _NPA else None


def _written(a):
    """After a write through the host view of array ``a``: bump the version of its tensor, as a torch
    write would (autograd's saved tensors see it; once: a bare tensor is iterated, +1 per row). NumPy's
    result without a tensor yet (``_p`` False) has none to bump and gets none (``torch.from_numpy``
    and its release cost more than NumPy's tiny write); a lazy view bumps the tensor it views (a
    view shares its base's counter), without making its own."""
    p = a._p
    if p is None:
        _bump_version((a._t,))
        return
    while p is not False:  # a view: the tensor it views, found up its chain of views made lazily
        t = p[0]  # (``_lazy_view``), once the array at the top has one
        if type(t) is torch.Tensor:
            _bump_version((t,))
            return
        p = t._p
        if p is None:
            _bump_version((t._t,))
            return


def _lazy_view(a, v, arg):
    """A view of host array ``a`` whose NumPy view is ``v`` (§1.2: ``base`` as NumPy's), with its
    tensor made on first use from the tensor ``a`` holds now: ``t.reshape(arg)`` for a shape (a
    list), ``t[arg]`` for an index (an int, a slice or a tuple of them: the torch view of the same
    memory, as the torch path makes it)."""
    w = _new(ndarray)
    w._d = a._d
    w._h = v
    p = a._p
    if p is False or p is not None and type(p[0]) is not torch.Tensor:
        # NumPy's result without its tensor (``host_result``: y = 4 * x; y[1:]), or a view of one made
        # so: no tensor is made for it now (``torch.from_numpy``: more than NumPy's view); the view's
        # comes from a's on first use (``__getattr__``). Base as NumPy's: the owner of the data
        w._b = a if p is False else a._b
        w._p = (a, arg, a._h)
        return w
    t = a._t
    b = a._b  # _parent inlined
    w._b = b if type(b) is type(a) and t._base is not None else a
    w._p = (t, arg)
    return w


def _host_tensor(h):
    """The tensor sharing the memory of NumPy's array ``h`` (NumPy's 'Q' read as torch's uint64)."""
    try:
        return _from_numpy(h)
    except TypeError:  # NumPy's 'Q' (ulonglong, equal to uint64): torch takes the canonical char only
        return _from_numpy(h.view(_np.uint64))


def _within(t, u):
    """Whether tensor ``t``'s data lie in tensor ``u``'s memory (an array over another's buffer)."""
    s = u.untyped_storage()
    return s.data_ptr() <= t.data_ptr() < s.data_ptr() + max(s.nbytes(), 1)


def _view(t, a):
    """A new ndarray around ``t``, a view of array ``a``'s memory, whose ``base`` is ``a`` (§1.2);
    were ``t`` a copy after all, its base reads None (``_raw_base``)."""
    v = _new(ndarray)
    v._t = t
    v._d = t.dtype
    v._h = None
    v._b = _parent(a)
    return v


def _parent(a):
    """The base a view made from array ``a`` records: ``a``'s own base where ``a`` is a view of an
    array of its type (NumPy collapses a chain of views of one type to the owner when it makes the
    view, so views made in a loop keep nothing else alive), else ``a``."""
    b = a._b
    return b if type(b) is type(a) and a._t._base is not None else a


def _host_flags(h, state):
    """NumPy view ``h`` of a host array with write ``state`` made read-only or warn-on-write as the array."""
    if state is True:
        h.flags.writeable = False
    elif state:
        h.flags._warn_on_write = True
    return h


def _from_buffer(shape, np_dtype, buffer, offset, strides, order, device):
    """``ndarray(shape, dtype, buffer, offset, strides)``: a view of a host buffer as NumPy makes it.

    NumPy itself validates the buffer size and strides; the result shares the buffer's
    memory on the CPU (writable buffers) and is copied to any other device. A buffer is host
    data: without ``device=`` the result is on the CPU, whatever the default device (§3.3).
    """
    source = buffer
    src = buffer._t if isinstance(buffer, ndarray) else None
    if src is not None:  # its memory through the zero-copy NumPy view (CPU only: __array__)
        buffer = buffer.__array__()
    host = _np.ndarray(shape, np_dtype, buffer=buffer, offset=offset, strides=strides, order=order)
    dev = _device.resolve(device) if device is not None else _device.CPU
    if _dtypes.is_host_only(host.dtype):
        if dev.type != "cpu":
            raise _device.DeviceMismatchError(f"ndarray(dtype={np_dtype!r}): host-only data (§2.5) lives on the host")
        return host
    if src is not None and dev.type == "cpu" and host.flags.writeable and (t := over_storage(src, host)) is not None:
        a = _wrap(t)  # over the buffer's whole memory (its extent, for x.strides =)
        a._b = source
        return a
    if dev.type == "cpu" and shareable(host):
        return from_numpy_view(host, source)  # the buffer's memory, read-only when the buffer is
    return from_host(host, None, dev, True)


def _rebuild(host, device):
    dev = _device.resolve(device)
    if dev.type != "cpu":
        a = _wrap(torch.from_numpy(host).to(dev))
    else:
        a = from_numpy_view(host, host.base if host.base is not None and not isinstance(host.base, _np.ndarray)
                            else None)
    return _labelled(a, _dtypes.alias_of(host.dtype))


def shareable(host):
    """Whether torch can view NumPy array ``host``'s memory: native byte order, aligned, no negative strides."""
    return host.dtype.isnative and host.flags.aligned and all(st >= 0 for st in host.strides) \
        and not _dtypes.misaligned_complex(host) and host.dtype.newbyteorder("=") in _dtypes.TO_TORCH


def from_numpy_view(host, base):
    """An array over NumPy array ``host``'s memory (zero-copy, read-only when ``host`` is, §4.1),
    whose ``base`` is ``base`` (the object the memory came from; None: the array owns it)."""
    import warnings
    canonical = _dtypes.TO_NUMPY[_dtypes.to_torch(host.dtype)]
    if host.dtype.char != canonical.char:  # e.g. 'Q' (ulonglong, equal to 'L'): torch takes only the canonical one
        host = host.view(canonical)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # torch warns on read-only memory: the flag guards it
        t = torch.from_numpy(host)
    if not host.flags.writeable:
        t = mark(t, True)
    a = _wrap(t)
    if base is not None:
        a._b = base
    return a


def _labelled(a, key):
    """New array ``a`` keyed by dtype key ``key`` (NumPy's 'q' where asked, a ``DtypeAlias``, §2.1)
    when it holds that key's torch dtype; ``a`` as it is for None or a torch dtype."""
    if type(key) is _dtypes.DtypeAlias and a._t.dtype is key.torch:
        a._d = key
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
    """``ndarray.flags`` (``numpy.ndarray.flags``): the entries that have meaning on torch; WRITEABLE
    (and ``_warn_on_write``) may be set, as in NumPy."""

    __slots__ = ("_t", "_a")

    def __init__(self, t, a=None):
        self._t = t
        self._a = a

    @property
    def c_contiguous(self):
        return self._t.is_contiguous()

    @property
    def f_contiguous(self):
        t = self._t
        return t.dim() <= 1 and t.is_contiguous() or t.permute(tuple(range(t.dim() - 1, -1, -1))).is_contiguous()

    @property
    def owndata(self):
        a = self._a
        return self._t._base is None if a is None else a._raw_base() is None

    @property
    def writeable(self):
        return not read_only(self._t)

    @writeable.setter
    def writeable(self, value):
        self._a.setflags(write=bool(value))

    def _set_warn_on_write(self, value):
        if not value:  # NumPy: only setting WRITEABLE clears it
            raise ValueError("cannot clear '_warn_on_write', set writeable True to clear this private flag")
        if read_only(self._t) is not True:
            self._a._set_write_state("warn")

    _warn_on_write = property(None, _set_warn_on_write)  # NumPy's flag is write-only too
    aligned = True
    writebackifcopy = False

    @property
    def behaved(self):  # aligned and writeable
        return self.writeable

    # NumPy's combined flags, from the two contiguities
    fortran = f_contiguous

    @property
    def forc(self):
        return self.f_contiguous or self.c_contiguous

    @property
    def fnc(self):
        return self.f_contiguous and not self.c_contiguous

    @property
    def carray(self):  # C_CONTIGUOUS and BEHAVED: a read-only array is no CARRAY (NumPy)
        return self.c_contiguous and self.writeable

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
        """``flags['WRITEABLE'] = v`` (also ``'W'``, ``'ALIGNED'``, ``'WRITEBACKIFCOPY'``), as ``setflags``."""
        name = self._KEYS.get(key) if isinstance(key, str) else None
        if name not in ("writeable", "aligned", "writebackifcopy"):
            raise KeyError("Unknown flag")
        self._a.setflags(**{{"writeable": "write", "aligned": "align", "writebackifcopy": "uic"}[name]: bool(value)})

    def __repr__(self):
        return "".join(f"  {k.upper()} : {getattr(self, k)}\n" for k in
                       ("c_contiguous", "f_contiguous", "owndata", "writeable", "aligned", "writebackifcopy"))


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

