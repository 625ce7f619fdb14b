"""Basic operations (shape, ndim, size), changing array shape, transpose-like operations, changing
number of dimensions (NumPy docs: "Array manipulation routines"). These return views where NumPy does."""

import operator

import numpy as _np
import torch

from .._array import _wrap, flatiter, ndarray
from .._boundary import array as _arr
from .._convert import reshape_tensor
from ._common import int_tuple, normalize_axes, normalize_axis, shape_tuple, tensor, tensors
from .._tensors import broadcast_shapes, ravel_tensor, read_only_view, warn_on_write_view

__all__ = [
    "reshape", "ravel", "moveaxis", "rollaxis", "swapaxes", "transpose", "permute_dims",
    "expand_dims", "squeeze", "atleast_1d", "atleast_2d", "atleast_3d", "broadcast_to",
    "broadcast_arrays", "broadcast_shapes", "broadcast", "shape", "ndim", "size",
]


def reshape(a, /, shape, order="C", *, copy=None):
    """Give a new shape to an array without changing its data (``numpy.reshape``); a view when possible."""
    return _wrap(reshape_tensor(tensor(a), shape, order, copy))


def ravel(a, order="C"):
    """Return a contiguous flattened array (``numpy.ravel``); a view when possible."""
    return _wrap(ravel_tensor(tensor(a), order))


def _axes_arg(axes, ndim, argname):
    """NumPy's ``normalize_axis_tuple`` (any sequence, a range too; errors name the argument),
    written here because torch.compile cannot trace NumPy's own (§6)."""
    if type(axes) not in (tuple, list):
        try:
            axes = [operator.index(axes)]
        except TypeError:
            pass
    out = []
    for ax in axes:  # a non-sequence raises NumPy's TypeError here
        ax = operator.index(ax)
        if not -ndim <= ax < ndim:
            raise _np.exceptions.AxisError(ax, ndim, argname)
        out.append(ax % ndim)
    if len(set(out)) != len(out):
        raise ValueError(f"repeated axis in `{argname}` argument")
    return tuple(out)


def moveaxis(a, source, destination):
    """Move axes of an array to new positions (``numpy.moveaxis``); a view."""
    t = tensor(a)
    n = t.dim()
    src = _axes_arg(source, n, "source")
    dst = _axes_arg(destination, n, "destination")
    if len(src) != len(dst):
        raise ValueError("`source` and `destination` arguments must have the same number of elements")
    return _wrap(torch.movedim(t, src, dst))


def rollaxis(a, axis, start=0):
    """Roll ``axis`` backwards until it lies before ``start`` (``numpy.rollaxis``); a view."""
    t = tensor(a)
    n = t.dim()
    axis = normalize_axis(axis, n)
    if not -n <= start <= n:
        raise _np.exceptions.AxisError(f"'start' arg requires {-n} <= start < {n + 1}, but {start} was passed in")
    if start < 0:
        start += n
    if axis < start:
        start -= 1
    if axis == start:
        return _wrap(t[...])
    axes = list(range(n))
    axes.remove(axis)
    axes.insert(start, axis)
    return _wrap(t.permute(*axes))


def swapaxes(a, axis1, axis2):
    """Interchange two axes of an array (``numpy.swapaxes``); a view."""
    t = tensor(a)
    n = t.dim()
    return _wrap(t.transpose(normalize_axis(axis1, n), normalize_axis(axis2, n)))


def transpose(a, axes=None):
    """Permute the dimensions of an array (``numpy.transpose``); a view."""
    t = tensor(a)
    if axes is None:
        return _wrap(t.permute(tuple(range(t.dim() - 1, -1, -1))))
    axes = int_tuple(axes)  # also a 1-D NumPy array of axes (host data)
    if len(axes) != t.dim():
        raise ValueError("axes don't match array")
    return _wrap(t.permute(*normalize_axes(axes, t.dim())))


def permute_dims(a, axes=None):
    """Array API spelling of :func:`transpose` (``numpy.permute_dims``)."""
    return transpose(a, axes)


def expand_dims(a, axis):
    """Insert new axes at positions ``axis`` (``numpy.expand_dims``); a view."""
    t = tensor(a)
    if not isinstance(axis, (tuple, list)):
        axis = (axis,)
    out_ndim = len(axis) + t.dim()
    axes = normalize_axes(axis, out_ndim)
    it = iter(t.shape)
    shape = tuple(1 if d in axes else next(it) for d in range(out_ndim))
    return _wrap(t.view(shape))  # inserting length-1 axes is always a view


def squeeze(a, axis=None):
    """Remove axes of length one (``numpy.squeeze``); a view, or the array itself when nothing is removed."""
    if isinstance(a, ndarray):
        return a.squeeze(axis)
    t = tensor(a)
    if axis is None:
        return _wrap(t.squeeze())
    axes = normalize_axes(axis, t.dim())
    for d in axes:
        if t.shape[d] != 1:
            raise ValueError("cannot select an axis to squeeze out which has size not equal to one")
    return _wrap(t.squeeze(axes) if axes else t[...])


def _atleast(arys, nd):
    res = []
    for a in arys:
        t = tensor(a)
        if t.dim() < nd:
            if nd == 3 and t.dim() == 2:
                t = t.unsqueeze(-1)
            elif nd == 3 and t.dim() == 1:
                t = t[None, :, None]
            else:
                t = t.reshape((1,) * (nd - t.dim()) + tuple(t.shape))
        res.append(_wrap(t))
    return res[0] if len(res) == 1 else tuple(res)


def atleast_1d(*arys):
    """View inputs as arrays with at least one dimension (``numpy.atleast_1d``)."""
    return _atleast(arys, 1)


def atleast_2d(*arys):
    """View inputs as arrays with at least two dimensions (``numpy.atleast_2d``)."""
    return _atleast(arys, 2)


def atleast_3d(*arys):
    """View inputs as arrays with at least three dimensions (``numpy.atleast_3d``)."""
    return _atleast(arys, 3)


def _shape_str(s):
    return "(" + ",".join(str(v) for v in s) + ("," if len(s) == 1 else "") + ")"


def broadcast_to(array, shape, subok=False):
    """Broadcast an array to a new shape (``numpy.broadcast_to``); a read-only view, as NumPy's."""
    t = tensor(array)
    shape = shape_tuple(shape)
    if any(s < 0 for s in shape):
        raise ValueError("all elements of broadcast shape must be non-negative")
    if len(shape) < t.dim():
        raise ValueError(f"input operand has more dimensions than allowed by the axis remapping")
    tail = tuple(t.shape)
    full = shape[len(shape) - len(tail):] if tail else ()
    if any(s != f and s != 1 for s, f in zip(tail, full)):
        raise ValueError(
            f"operands could not be broadcast together with remapped shapes [original->remapped]: "
            f"{_shape_str(tail)}  and requested shape {_shape_str(shape)}")
    return _wrap(read_only_view(t.expand(shape)))


def broadcast_shapes(*args):
    """The shape of broadcasting arrays of the given shapes (``numpy.broadcast_shapes``)."""
    return _np.broadcast_shapes(*args)  # shapes only: metadata


def broadcast_arrays(*args, subok=False):
    """Broadcast arrays against each other (``numpy.broadcast_arrays``); a tuple of views that,
    as NumPy's, warn (DeprecationWarning) on their first write once any of them was broadcast."""
    ts = tensors(args)
    shp = _np.broadcast_shapes(*[tuple(t.shape) for t in ts])
    if all(tuple(t.shape) == shp for t in ts):
        return tuple(_wrap(t) for t in ts)
    return tuple(_wrap(warn_on_write_view(t.expand(shp))) for t in ts)


def shape(a):
    """Shape of an array-like (mirrors ``numpy.shape``)."""
    return a.shape if isinstance(a, ndarray) else _arr(a).shape


def ndim(a):
    """Number of dimensions (mirrors ``numpy.ndim``)."""
    return a.ndim if isinstance(a, ndarray) else _arr(a).ndim


def size(a, axis=None):
    """Number of elements, or the length along ``axis`` (mirrors ``numpy.size``)."""
    a = a if isinstance(a, ndarray) else _arr(a)
    if axis is None:
        return a.size
    if isinstance(axis, tuple):
        return _np.prod([a.shape[normalize_axis(ax, a.ndim)] for ax in axis], dtype=int).item()
    return a.shape[normalize_axis(axis, a.ndim)]


class broadcast:
    """Object mimicking broadcasting of its arguments against each other (mirrors ``numpy.broadcast``).

    Iterating yields tuples of 0-d arrays (one Python-level step per element, as NumPy's iterator).
    """

    def __init__(self, *args, **kwargs):
        if kwargs:
            raise ValueError("keyword arguments not accepted.")
        ts, bases = [], []
        for a in args:
            ts.extend([_wrap(t) for t in a._sources] if isinstance(a, broadcast) else [a])
            bases.extend(a._bases if isinstance(a, broadcast) else [a])
        if len(ts) > 64:
            raise ValueError("Need at least 0 and at most 64 array objects.")
        ts = tensors(ts) if ts else []
        try:
            shape = tuple(broadcast_shapes(*[t.shape for t in ts]))
        except RuntimeError:
            try:  # NumPy's own message, from the shapes alone
                _np.broadcast(*[_np.broadcast_to(_np.zeros(()), tuple(t.shape)) for t in ts])
            except ValueError as exc:
                raise exc from None
            raise
        self._tensors = [_wrap(t.expand(shape)) for t in ts]
        # the iterators' ``base`` is the array given (NumPy's), not the broadcast view
        self._bases = [b if isinstance(b, (ndarray, _np.ndarray)) else _wrap(t) for b, t in zip(bases, ts)]
        self._sources = ts
        self.shape = shape
        self.index = 0

    @property
    def nd(self):
        return len(self.shape)

    ndim = nd

    @property
    def numiter(self):
        return len(self._tensors)

    @property
    def size(self):
        n = 1
        for s in self.shape:
            n *= s
        return n

    @property
    def iters(self):
        return tuple(_BroadcastIter(b, x, t) for b, x, t in zip(self._bases, self._tensors, self._sources))

    def reset(self):
        self.index = 0

    def __iter__(self):
        return self

    def __next__(self):
        if self.index >= self.size:
            raise StopIteration
        i = self.index
        self.index += 1
        return tuple(x.flat[i] for x in self._tensors)


class _BroadcastIter(flatiter):
    """``broadcast.iters[i]``: iterates the broadcast view, ``base`` is the array given (``numpy.flatiter``)."""

    __slots__ = ("_view", "_source")

    def __init__(self, base, view, source):
        super().__init__(base)
        self._view, self._source = view, source

    def _over(self):
        return self._view

    def __setitem__(self, key, value):
        # writes land in the given array at the element each broadcast position reads
        t = self._source
        pos = torch.arange(t.numel(), device=t.device).reshape(t.shape).expand(self._view.shape).reshape(-1)
        flatiter(_wrap(t))[_wrap(pos)[key]] = value
