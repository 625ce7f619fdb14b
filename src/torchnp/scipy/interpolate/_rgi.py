"""``RegularGridInterpolator`` and ``interpn`` (DESIGN §8): linear and nearest interpolation on a
rectilinear grid, as SciPy's ``_evaluate_linear``/``_evaluate_nearest`` (the 2**ndim corners of
each point's cell), on the data's device. SciPy's spline methods run on host data only."""

import itertools

import numpy as _np
import torch

from ..._array import _wrap
from ..._boundary import on_device, tensor, tensors
from ..._convert import checks_data
from ..._tensors import searchsorted_tensor
from .._dispatch import mirror, mirror_class
from ._base import Mirrored, host_method

__all__ = ["RegularGridInterpolator", "interpn"]

_F64 = torch.float64
_ALL = ("linear", "nearest", "slinear", "cubic", "quintic", "pchip")


def _device_method(method, where):
    if method not in _ALL:
        raise ValueError(f"Method '{method}' is not defined")
    if method not in ("linear", "nearest"):
        raise TypeError(f"torchnp.scipy.interpolate.{where}: method={method!r} runs on host data only: pass "
                        "x.to_numpy() (an explicit copy) to use SciPy's (docs/scipy.md)")
    return method


@mirror_class("interpolate")
class RegularGridInterpolator(Mirrored):
    """SciPy's ``scipy.interpolate.RegularGridInterpolator``; on the device ``linear`` and
    ``nearest``, ascending grids (the order is a value check on host data only, §3.5)."""

    _scipy = "interpolate.RegularGridInterpolator"

    def __init__(self, points, values, method="linear", bounds_error=True, fill_value=_np.nan, *, solver=None,
                 solver_args=None):
        kw = dict(method=method, bounds_error=bounds_error, fill_value=fill_value, solver=solver,
                  solver_args=solver_args)
        if self._place((points, values), kw) is None:
            return
        _device_method(method, "RegularGridInterpolator")
        if solver is not None or solver_args:
            raise ValueError(f"method = {method!r} does not accept the 'solver' argument. Got  solver = {solver} "
                             f"and with arguments {solver_args}.")
        ts = tensors((*points, values))
        grid, tv = [g.to(_F64) for g in ts[:-1]], ts[-1]
        for i, g in enumerate(grid):
            if g.dim() != 1:
                raise ValueError(f"The points in dimension {i} must be 1-dimensional")
            if checks_data(g) and g.numel() > 1 and not bool((torch.diff(g) > 0).all()):
                raise ValueError(f"The points in dimension {i} must be strictly ascending or descending")
        if not (tv.is_floating_point() or tv.is_complex()):
            tv = tv.to(_F64)
        if len(grid) > tv.dim():
            raise ValueError(f"There are {len(grid)} point arrays, but values has {tv.dim()} dimensions")
        for i, g in enumerate(grid):
            if tv.shape[i] != g.shape[0]:
                raise ValueError(f"There are {g.shape[0]} points and {tv.shape[i]} values in dimension {i}")
        if fill_value is not None:
            fdt = _np.asarray(fill_value).dtype
            from ... import _dtypes

            if not _np.can_cast(fdt, _dtypes.TO_NUMPY[tv.dtype], casting="same_kind"):
                raise ValueError("fill_value must be either 'None' or of a type compatible with values")
        self.__dict__.update(_grid=grid, _values=tv, method=method, bounds_error=bounds_error,
                             fill_value=fill_value, grid=tuple(_wrap(g) for g in grid), values=_wrap(tv))

    @host_method
    def __call__(self, xi, method=None, *, nu=None):
        method = _device_method(self.method if method is None else method, "RegularGridInterpolator")
        if nu is not None:
            raise ValueError("Can only compute derivatives for methods ('slinear', 'cubic', 'quintic'), got "
                             f"method = {method!r}.")
        grid, values = self._grid, self._values
        ndim = len(grid)
        x = _coords(xi, ndim, values.device)
        if x.shape[-1] != ndim:
            raise ValueError(f"The requested sample points xi have dimension {x.shape[-1]} but this "
                             f"RegularGridInterpolator has dimension {ndim}")
        shape = tuple(x.shape[:-1])
        x = x.reshape(-1, ndim).to(_F64)
        nans = torch.isnan(x).any(-1)
        oob = torch.zeros(x.shape[0], dtype=torch.bool, device=x.device)
        for d, g in enumerate(grid):
            oob = oob | (x[:, d] < g[0]) | (x[:, d] > g[-1])
        if self.bounds_error and checks_data(oob) and bool(oob.any()):
            d = next(i for i, g in enumerate(grid) if bool(((x[:, i] < g[0]) | (x[:, i] > g[-1])).any()))
            raise ValueError(f"One of the requested xi is out of bounds in dimension {d}")
        idx, dist = [], []
        for d, g in enumerate(grid):
            i = searchsorted_tensor(g, x[:, d], right=True)
            i = (i - 1).clamp(0, max(g.shape[0] - 2, 0))
            span = g[(i + 1).clamp(max=g.shape[0] - 1)] - g[i]
            idx.append(i)
            dist.append(torch.where(span != 0, (x[:, d] - g[i]) / torch.where(span != 0, span, 1), 0.0))
        extra = (1,) * (values.dim() - ndim)
        if method == "nearest":
            result = values[tuple(torch.where(y <= 0.5, i, i + 1) for i, y in zip(idx, dist))]
        else:
            result = torch.zeros((), dtype=_F64, device=x.device)
            for corner in itertools.product((0, 1), repeat=ndim):
                w = torch.ones(x.shape[0], dtype=_F64, device=x.device)
                at = []
                for d, bit in enumerate(corner):
                    w = w * (dist[d] if bit else 1 - dist[d])
                    at.append(idx[d] + bit)
                result = result + values[tuple(at)] * w.reshape(w.shape + extra)
        if not self.bounds_error and self.fill_value is not None:
            fill = torch.tensor(self.fill_value, device=x.device).to(result.dtype)
            result = torch.where(oob.reshape(oob.shape + extra), fill, result)
        result = torch.where(nans.reshape(nans.shape + extra),
                             torch.full((), float("nan"), device=x.device).to(result.dtype), result)
        return result.reshape(shape + tuple(values.shape[ndim:]))


def _coords(xi, ndim, dev):
    """SciPy's ``_ndim_coords_from_arrays``: a tuple of arrays is broadcast and stacked last."""
    if isinstance(xi, tuple) and len(xi) > 1 or (isinstance(xi, tuple) and len(xi) == 1 and ndim == 1):
        ts = [on_device(v, dev) for v in xi]
        ts = torch.broadcast_tensors(*ts)
        return torch.stack(ts, -1)
    t = on_device(xi, dev)
    if t.dim() == 1:  # SciPy's reshape(-1, ndim): one point of ndim coordinates is a batch of one
        if t.shape[0] % ndim:
            raise ValueError(f"cannot reshape array of size {t.shape[0]} into shape (-1, {ndim})")
        return t.reshape(-1, ndim)
    if t.dim() == 0 or (ndim == 1 and t.shape[-1] != 1):
        t = t.unsqueeze(-1)
    return t


@mirror("interpolate")
def interpn(points, values, xi, method="linear", bounds_error=True, fill_value=_np.nan):
    _device_method(method, "interpn")
    ndim = len(points)
    tv = tensor(values)
    if tv.dim() < ndim:
        raise ValueError(f"There are {ndim} point arrays, but values has {tv.dim()} dimensions")
    interp = RegularGridInterpolator(points, values, method=method, bounds_error=bounds_error,
                                     fill_value=fill_value)
    return interp(xi)._t
