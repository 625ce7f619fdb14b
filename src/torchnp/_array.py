"""The array object (DESIGN.md §1): ``torchnp.ndarray`` wraps exactly one tensor.

Results are built through :func:`_wrap`, the one fast private constructor.
Operators (``+``, ``<``, ``@`` ...) are attached by ``_ufuncs`` from its table,
and reduction/manipulation methods by ``_methods`` once the families exist.
"""

import operator

import numpy as _np
import torch

from . import _device, _dtypes

__all__ = ["ndarray"]

_new = object.__new__


class ndarray:
    """An N-dimensional array living on a torch device (mirrors ``numpy.ndarray``).

    ``ndarray(shape, dtype=float, buffer=None, offset=0, strides=None,
    order=None, *, device=None)`` allocates uninitialised memory as NumPy
    does; most code creates arrays with :func:`torchnp.asarray` and friends.
    """

    __slots__ = ("_t", "__weakref__")
    __array_priority__ = 1000

    def __new__(cls, shape, dtype=float, buffer=None, offset=0, strides=None, order=None, *, device=None):
        if buffer is not None or strides is not None:
            raise NotImplementedError("torchnp.ndarray(buffer=..., strides=...) is unsupported; use torchnp.frombuffer or torchnp.asarray")
        shape = (operator.index(shape),) if not isinstance(shape, (tuple, list)) else tuple(operator.index(s) for s in shape)
        t = torch.empty(shape, dtype=_dtypes.to_torch(dtype), device=_device.resolve(device))
        return _wrap(t)

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
        self._t = self._t.view(_normalize_shape(value))

    @property
    def dtype(self):
        return _dtypes.TO_NUMPY[self._t.dtype]

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
        return _wrap(t.permute(*range(t.dim() - 1, -1, -1))) if t.dim() > 1 else _wrap(t)

    @property
    def mT(self):
        if self._t.dim() < 2:
            raise ValueError("matrix transpose with ndim < 2 is undefined")
        return _wrap(self._t.transpose(-2, -1))

    @property
    def real(self):
        t = self._t
        return _wrap(torch.view_as_real(t)[..., 0] if t.is_complex() else t)

    @real.setter
    def real(self, value):
        self.real[...] = value

    @property
    def imag(self):
        t = self._t
        if t.is_complex():
            return _wrap(torch.view_as_real(t)[..., 1])
        return _wrap(torch.zeros_like(t))

    @imag.setter
    def imag(self, value):
        if not self._t.is_complex():
            raise TypeError("array does not have imaginary part to set")
        self.imag[...] = value

    @property
    def base(self):
        b = self._t._base
        return None if b is None else _wrap(b)

    @property
    def flat(self):
        return flatiter(self)

    @property
    def flags(self):
        return _Flags(self._t)

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
        if len(args) == 1 and not isinstance(args[0], tuple):
            idx = operator.index(args[0])
            n = t.numel()
            if not -n <= idx < n:
                raise IndexError(f"index {idx} is out of bounds for size {n}")
            return t.reshape(-1)[idx].item()
        idx = args[0] if len(args) == 1 else args
        return t[tuple(operator.index(i) for i in idx)].item()

    def _scalar(self, kind):
        t = self._t
        if t.numel() != 1:
            raise TypeError("only length-1 arrays can be converted to Python scalars")
        if t.dim() > 0:
            import warnings

            warnings.warn(
                "Conversion of an array with ndim > 0 to a scalar is deprecated, and will error in future. "
                "Ensure you extract a single element from your array before performing this operation. "
                "(Deprecated NumPy 1.25.)", DeprecationWarning, stacklevel=3)
        return kind(t.reshape(()).item())

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
        return map(_wrap, self._t.unbind(0))

    def __contains__(self, value):
        return bool((self == value).any())

    def __format__(self, spec):
        if self._t.dim() == 0:
            return format(self._t.item(), spec)
        if spec:
            raise TypeError("unsupported format string passed to torchnp.ndarray.__format__")
        return str(self)

    __hash__ = None

    # -- printing (§1.4) --
    def __repr__(self):
        from ._printing import array_repr

        return array_repr(self)

    def __str__(self):
        from ._printing import array_str

        return array_str(self)

    # -- bridges (§4) --
    def to_numpy(self):
        """A ``numpy.ndarray``: shares memory for CPU arrays, a copy otherwise (§4.2)."""
        t = self._t
        if t.device.type != "cpu":
            if t.device.type == "meta":
                raise TypeError("arrays on the 'meta' device hold no data and cannot be converted to NumPy")
            t = t.cpu()
        return t.detach().resolve_conj().resolve_neg().numpy()

    get = to_numpy

    def __array__(self, dtype=None, copy=None):
        t = self._t
        if t.device.type != "cpu":
            raise TypeError(
                f"cannot convert a torchnp array on device '{t.device}' to a NumPy array implicitly "
                "(no hidden device->host copy); call x.to_numpy() or x.get() to copy it to the host.")
        out = self.to_numpy()
        if dtype is not None and _np.dtype(dtype) != out.dtype:
            return out.astype(dtype)
        if copy:
            return out.copy()
        return out

    def to_device(self, device, /, *, stream=None):
        """Return the array on ``device`` (an explicit copy when it differs, §3.4)."""
        dev = _device.resolve(device)
        t = self._t
        return _wrap(t if t.device == dev else t.to(dev))

    def __dlpack__(self, *, stream=None, max_version=None, dl_device=None, copy=None):
        t = self._t.detach().resolve_conj().resolve_neg()
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

    def __array_namespace__(self, /, *, api_version=None):
        if api_version not in (None, "2021.12", "2022.12", "2023.12", "2024.12"):
            raise ValueError(f"Unrecognized array API version: {api_version!r}")
        import torchnp

        return torchnp

    # -- pickling keeps dtype and device --
    def __reduce__(self):
        return (_rebuild, (self.to_numpy().copy(), str(self._t.device)))

    def __copy__(self):
        return _wrap(self._t.clone())

    def __deepcopy__(self, memo):
        return _wrap(self._t.clone())

    # -- thin methods --
    def copy(self, order="C"):
        return _wrap(self._t.clone(memory_format=torch.contiguous_format))

    def astype(self, dtype, order="K", casting="unsafe", subok=True, copy=True, *, device=None):
        from ._convert import cast_tensor

        t = self._t
        if device is not None:
            dev = _device.resolve(device)
            if dev != t.device:
                t = t.to(dev)
        return _wrap(cast_tensor(t, _dtypes.to_torch(dtype), casting=casting, copy=copy))

    def fill(self, value):
        self._t.fill_(value._t if isinstance(value, ndarray) else value)

    def tolist(self):
        return self.to_numpy().tolist()

    def tobytes(self, order="C"):
        return self.to_numpy().tobytes(order)

    def view(self, dtype=None, type=None):
        if dtype is None or dtype is ndarray:
            return _wrap(self._t.view(self._t.shape))
        return _wrap(self._t.view(_dtypes.to_torch(dtype)))

    def reshape(self, *shape, order="C", copy=None):
        if len(shape) == 1:
            shape = shape[0]
        if order == "C" and copy is None:
            try:
                return _wrap(self._t.reshape(shape))
            except (RuntimeError, TypeError):
                pass  # the slow path below raises NumPy's error
        from ._convert import reshape_tensor

        return _wrap(reshape_tensor(self._t, shape, order, copy))

    def resize(self, *new_shape, refcheck=True):
        if len(new_shape) == 1 and isinstance(new_shape[0], (tuple, list)):
            new_shape = new_shape[0]
        shape = _normalize_shape(new_shape)
        flat = self._t.reshape(-1)
        n = 1
        for s in shape:
            n *= s
        out = torch.zeros(n, dtype=flat.dtype, device=flat.device)
        k = min(n, flat.numel())
        out[:k] = flat[:k]
        self._t = out.view(shape)

    def ravel(self, order="C"):
        return self.reshape(-1, order=order)

    def flatten(self, order="C"):
        return _wrap(self.reshape(-1, order=order)._t.clone())

    def transpose(self, *axes):
        t = self._t
        if not axes or (len(axes) == 1 and axes[0] is None):
            return self.T
        if len(axes) == 1 and isinstance(axes[0], (tuple, list)):
            axes = axes[0]
        from ._convert import normalize_axes

        axes = normalize_axes(axes, t.dim())
        if sorted(axes) != list(range(t.dim())):
            raise ValueError("axes don't match array")
        return _wrap(t.permute(*axes))

    def swapaxes(self, axis1, axis2):
        from ._convert import normalize_axis

        n = self._t.dim()
        return _wrap(self._t.transpose(normalize_axis(axis1, n), normalize_axis(axis2, n)))

    def squeeze(self, axis=None):
        t = self._t
        if axis is None:
            return _wrap(t.squeeze())
        from ._convert import normalize_axes

        axes = normalize_axes(axis if isinstance(axis, (tuple, list)) else (axis,), t.dim())
        for a in axes:
            if t.shape[a] != 1:
                raise ValueError("cannot select an axis to squeeze out which has size not equal to one")
        return _wrap(t.squeeze(tuple(axes)) if axes else t)

    def __getitem__(self, key):
        t = self._t
        tk = type(key)
        if tk is int or (tk is slice and (key.step is None or (type(key.step) is int and key.step > 0))):
            try:
                return _wrap(t[key])
            except IndexError as exc:
                from ._indexing import index_error

                raise index_error(exc, t, key) from None
        from ._indexing import getitem

        return getitem(self, key)

    def __setitem__(self, key, value):
        from ._indexing import setitem

        setitem(self, key, value)


def _wrap(t):
    """The one fast private constructor: a new ndarray around tensor ``t``."""
    a = _new(ndarray)
    a._t = t
    return a


def _rebuild(host, device):
    return _wrap(torch.from_numpy(host).to(_device.resolve(device)))


def _normalize_shape(shape):
    if isinstance(shape, (tuple, list)):
        return tuple(operator.index(s) for s in shape)
    return (operator.index(shape),)


class _Flags:
    """The few ``ndarray.flags`` entries that have meaning on torch."""

    __slots__ = ("_t",)

    def __init__(self, t):
        self._t = t

    @property
    def c_contiguous(self):
        return self._t.is_contiguous()

    @property
    def f_contiguous(self):
        t = self._t
        return t.dim() <= 1 and t.is_contiguous() or t.permute(*range(t.dim() - 1, -1, -1)).is_contiguous()

    @property
    def owndata(self):
        return self._t._base is None

    writeable = True
    aligned = True
    writebackifcopy = False

    def __getitem__(self, key):
        names = {"C_CONTIGUOUS": "c_contiguous", "C": "c_contiguous", "F_CONTIGUOUS": "f_contiguous",
                 "F": "f_contiguous", "OWNDATA": "owndata", "WRITEABLE": "writeable", "W": "writeable",
                 "ALIGNED": "aligned", "A": "aligned", "WRITEBACKIFCOPY": "writebackifcopy"}
        return getattr(self, names[key.upper()])

    def __repr__(self):
        return "\n".join(f"  {k.upper()} : {getattr(self, k)}" for k in
                         ("c_contiguous", "f_contiguous", "owndata", "writeable", "aligned", "writebackifcopy"))


class flatiter:
    """``x.flat``: a 1-D iterator/indexer over the array in C order (``numpy.flatiter``)."""

    __slots__ = ("base", "_index")

    def __init__(self, base):
        self.base = base
        self._index = 0

    def __len__(self):
        return self.base.size

    def __iter__(self):
        return iter(self.base.ravel())

    def __getitem__(self, key):
        return self.base.ravel()[key]

    def __setitem__(self, key, value):
        base = self.base
        t = base._t
        if t.is_contiguous():
            _wrap(t.view(-1))[key] = value
        else:
            flat = _wrap(t.reshape(-1).clone())
            flat[key] = value
            t.copy_(flat._t.view(t.shape))

    def __array__(self, dtype=None, copy=None):
        return self.base.ravel().__array__(dtype)

    def copy(self):
        return self.base.flatten()

    def __repr__(self):
        return f"<torchnp.flatiter over {self.base!r}>"
