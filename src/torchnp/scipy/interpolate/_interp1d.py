"""``scipy.interpolate.interp1d`` (DESIGN §8): SciPy's own object on host data; on the device
``searchsorted`` and gathers (linear, nearest, nearest-up, previous, next) or a spline through
``make_interp_spline`` (zero, slinear, quadratic, cubic, integer orders)."""

import numpy as _np
import torch

from ..._array import _wrap
from ..._boundary import on_device, tensors
from ..._convert import checks_data
from ..._tensors import searchsorted_tensor
from .._dispatch import mirror_class
from ._base import Mirrored, host_method

__all__ = ["interp1d"]

_F64 = torch.float64
_SPLINE_KINDS = {"zero": 0, "slinear": 1, "quadratic": 2, "cubic": 3}


def _do_extrapolate(fill_value):
    return isinstance(fill_value, str) and fill_value == "extrapolate"


def _inexact(t):
    return t if t.is_floating_point() or t.is_complex() else t.to(_F64)


@mirror_class("interpolate")
class interp1d(Mirrored):
    """SciPy's ``scipy.interpolate.interp1d``. Out-of-range values raise on host data
    (``bounds_error``); on the device that value check is skipped (§3.5) and they get
    ``fill_value``."""

    _scipy = "interpolate.interp1d"

    def __init__(self, x, y, kind="linear", axis=-1, copy=True, bounds_error=None, fill_value=_np.nan,
                 assume_sorted=False):
        kw = dict(kind=kind, axis=axis, copy=copy, bounds_error=bounds_error, fill_value=fill_value,
                  assume_sorted=assume_sorted)
        if self._place((x, y), kw) is None:
            return
        order = None
        if kind in _SPLINE_KINDS:
            order, kind = _SPLINE_KINDS[kind], "spline"
        elif isinstance(kind, int):
            order, kind = kind, "spline"
        elif kind not in ("linear", "nearest", "nearest-up", "previous", "next"):
            raise NotImplementedError(f"{kind} is unsupported: Use fitpack routines for other types.")
        tx, ty = tensors((x, y))
        if ty.dim() == 0:
            raise ValueError("the y array must have at least one dimension.")
        axis = axis % ty.dim()
        if tx.dim() != 1:
            raise ValueError("the x array must have exactly one dimension.")
        if not assume_sorted:
            tx, ind = torch.sort(tx, stable=True)
            ty = torch.index_select(ty, axis, ind)
        ty = _inexact(ty)
        minval = 1 if order is None else order + 1
        if tx.shape[0] < minval:
            raise ValueError(f"x and y arrays must have at least {minval} entries")
        self.__dict__.update(_tx=tx, _ty=ty.movedim(axis, 0), axis=axis, bounds_error=bounds_error, copy=copy,
                             _kind=kind, x=_wrap(tx), y=_wrap(ty))
        if kind == "spline":
            from ._bspline import make_interp_spline

            self._spline = make_interp_spline._device(tx, self._ty, order)
        if kind in ("previous", "next") and _do_extrapolate(fill_value):
            self._no_raise()
            last = self._ty[-1] if kind == "previous" else self._ty[0]
            nan = torch.full_like(last, float("nan"))
            fill_value = (nan, last) if kind == "previous" else (last, nan)
        self._set_fill(fill_value)

    def _no_raise(self):
        if self.bounds_error:
            raise ValueError("Cannot extrapolate and raise at the same time.")
        self.bounds_error = False

    def _set_fill(self, fill_value):
        if _do_extrapolate(fill_value):
            self._no_raise()
            self._extrapolate = True
        else:
            dev, rest = self._tx.device, tuple(self._ty.shape[1:])
            if isinstance(fill_value, tuple) and len(fill_value) == 2:
                below = on_device(fill_value[0], dev)
                above = on_device(fill_value[1], dev)
            else:
                below = above = on_device(fill_value, dev)
            for v, name in ((below, "fill_value"), (above, "fill_value")):
                try:
                    torch.broadcast_shapes(tuple(v.shape), rest or (1,))
                    ok = len(v.shape) <= len(rest or (1,))
                except RuntimeError:
                    ok = False
                if not ok:
                    raise ValueError(f"{name} must be broadcastable to {rest or (1,)}")
            self._below, self._above = below, above
            self._extrapolate = False
            if self.bounds_error is None:
                self.bounds_error = True
        self.fill_value = fill_value

    def _values(self, xn):
        x, y, kind = self._tx, self._ty, self._kind
        n = x.shape[0]
        if kind == "spline":
            return self._spline._evaluate_flat(xn)
        if kind in ("nearest", "nearest-up"):
            half = x / 2.0
            bds = half[1:] + half[:-1]
            i = searchsorted_tensor(bds, xn, right=kind == "nearest-up").clamp(0, n - 1)
            return y[i]
        if kind in ("previous", "next"):
            ind = 0 if kind == "previous" else 1
            shift = torch.nextafter(x, torch.full_like(x, -float("inf") if ind == 0 else float("inf")))
            i = searchsorted_tensor(shift, xn, right=kind == "next").clamp(1 - ind, n - ind)
            return y[i + ind - 1]
        hi = searchsorted_tensor(x, xn).clamp(1, n - 1)
        lo = hi - 1
        x_lo, x_hi = x[lo], x[hi]
        extra = (1,) * (y.dim() - 1)
        slope = (y[hi] - y[lo]) / (x_hi - x_lo).reshape(x_lo.shape + extra)
        return slope * (xn - x_lo).reshape(x_lo.shape + extra) + y[lo]

    @host_method
    def __call__(self, x):
        xn = _inexact(on_device(x, self._tx.device))
        shape = tuple(xn.shape)
        flat = xn.reshape(-1)
        y = self._values(flat)
        if not self._extrapolate:
            below, above = flat < self._tx[0], flat > self._tx[-1]
            if self.bounds_error and checks_data(flat):
                for mask, word, edge in ((below, "below", 0), (above, "above", -1)):
                    if bool(mask.any()):
                        v = flat[int(torch.argmax(mask.to(torch.int8)))]
                        raise ValueError(f"A value ({float(v)}) in x_new is {word} the interpolation range's "
                                         f"{'minimum' if edge == 0 else 'maximum'} value "
                                         f"({float(self._tx[edge])}).")
            extra = (1,) * (y.dim() - 1)
            dt = y.dtype  # SciPy writes the fill values into y_new
            fb = self._below.to(dt).expand(y.shape[1:]) if y.dim() > 1 else self._below.to(dt).reshape(())
            fa = self._above.to(dt).expand(y.shape[1:]) if y.dim() > 1 else self._above.to(dt).reshape(())
            y = torch.where(below.reshape(below.shape + extra), fb, y)
            y = torch.where(above.reshape(above.shape + extra), fa, y)
        y = y.reshape(shape + tuple(self._ty.shape[1:]))
        if self.axis != 0 and shape != ():
            nx, ny = len(shape), self._ty.dim() - 1
            order = list(range(nx, nx + self.axis)) + list(range(nx)) + list(range(nx + self.axis, nx + ny))
            y = y.permute(order)
        return y
