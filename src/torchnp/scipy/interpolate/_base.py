"""The one pattern of torchnp.scipy.interpolate's classes (DESIGN §8.2): an object holds SciPy's
own object when built from host data (its methods run SciPy's, arrays come back as CPU torchnp
arrays) or tensors on the data's device (its methods run torch there)."""

import torch

from ... import _device
from ..._array import _wrap, ndarray
from ..._boundary import to_host
from .._dispatch import _from_scipy, placement, scipy_function

__all__ = ["Mirrored", "host_method", "at_axis"]


def at_axis(out, nd, axis):
    """Values at points of ``nd`` dimensions, shaped ``(*points, *value dims)``, with the points'
    dimensions moved to ``axis`` of the value dimensions, where SciPy's interpolators put them."""
    if axis == 0:
        return out
    order = list(range(out.dim()))
    return out.permute(order[nd:nd + axis] + order[:nd] + order[nd + axis:])


def _refuse_device(args, kwargs):
    for a in (*args, *kwargs.values()):
        if isinstance(a, ndarray) and a._t.device.type != "cpu":
            raise _device.mismatch(torch.device("cpu"), a._t.device)


def _to_ours(r):
    """SciPy's result of a method: arrays as torchnp arrays, SciPy's interpolators as ours."""
    if isinstance(r, Mirrored):
        return r
    cls = _WRAPPERS.get(type(r).__name__)
    if cls is not None:
        obj = object.__new__(cls)
        obj._host = r
        return obj
    return _from_scipy(r)


#: SciPy class name -> our class (PPoly.derivative returns a PPoly, BSpline.derivative a BSpline)
_WRAPPERS = {}


class Mirrored:
    """Base of the mirrored classes: ``_host`` is SciPy's object, or None on the device."""

    _host = None
    _scipy = None  # "interpolate.CubicSpline"

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        _WRAPPERS[cls.__name__] = cls

    def _place(self, args, kwargs):
        """None after building SciPy's object from host data; else the device to build on."""
        dev = placement(args, kwargs)
        if dev is None:
            self._host = scipy_function(self._scipy)(*to_host(args), **to_host(kwargs))
        return dev

    def __getattr__(self, name):
        host = self.__dict__.get("_host")
        if host is None or name.startswith("__"):
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        value = getattr(host, name)
        if callable(value):
            def method(*args, **kwargs):
                _refuse_device(args, kwargs)
                return _to_ours(value(*to_host(args), **to_host(kwargs)))
            return method
        return _from_scipy(value)

    def __repr__(self):
        where = "SciPy's object on host data" if self._host is not None else "on the device"
        return f"<torchnp.scipy.{self._scipy} ({where})>"


def host_method(fn):
    """A method that runs SciPy's on a host-held object, else ``fn`` (tensors in, tensors out)."""
    name = fn.__name__

    def method(self, *args, **kwargs):
        if self._host is not None:
            _refuse_device(args, kwargs)
            return _to_ours(getattr(self._host, name)(*to_host(args), **to_host(kwargs)))
        r = fn(self, *args, **kwargs)
        return _wrap(r) if isinstance(r, torch.Tensor) else r

    method.__name__ = name
    method.__doc__ = fn.__doc__
    return method
