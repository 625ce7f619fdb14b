"""B-splines of ``scipy.interpolate`` (DESIGN §8): ``BSpline`` evaluation (Cox-de Boor on the
interval of each point, vectorized) and ``make_interp_spline`` (the collocation system, with
SciPy's knots and boundary derivatives, solved densely on the device)."""

import functools
import math
import operator

import torch

from ..._array import _wrap
from ..._boundary import on_device, tensor, tensors
from ..._convert import checks_data
from ..._tensors import searchsorted_tensor
from .._dispatch import DEVICE, mirror, mirror_class
from ._base import Mirrored, _to_ours, at_axis, host_method

__all__ = ["BSpline", "make_interp_spline"]

_F64 = torch.float64


def _float(t):
    return t.to(torch.complex128 if t.is_complex() else _F64)


def _der_coefficients(t, c, k, nu):
    """SciPy's ``splder``: the knots, coefficients and degree of the ``nu``-th derivative."""
    for _ in range(nu):
        n = c.shape[0]
        dt = (t[k + 1:n + k] - t[1:n]).reshape((-1,) + (1,) * (c.dim() - 1))
        c = torch.where(dt > 0, (c[1:] - c[:-1]) * k / torch.where(dt > 0, dt, 1), torch.zeros_like(c[1:]))
        t, k = t[1:-1], k - 1
    return t, c, k


def _evaluate(t, c, k, xs, nu=0, extrapolate=True):
    """Values of the spline (t, c, k) (or its ``nu``-th derivative) at the float64 points ``xs``:
    shape (len(xs),) + c.shape[1:]."""
    n = t.shape[0] - k - 1
    if extrapolate == "periodic":
        xs = t[k] + torch.remainder(xs - t[k], t[n] - t[k])
        extrapolate = False
    lo, hi = t[k], t[n]
    if nu > k:
        out = torch.zeros((xs.shape[0], math.prod(c.shape[1:])), dtype=c.dtype, device=c.device)
        return _mask(out, xs, lo, hi, extrapolate).reshape((xs.shape[0],) + tuple(c.shape[1:]))
    t, c, k = _der_coefficients(t, c, k, nu)
    n = t.shape[0] - k - 1
    l = (searchsorted_tensor(t, xs, right=True) - 1).clamp(k, n - 1)
    b = torch.ones((xs.shape[0], 1), dtype=_F64, device=xs.device)
    x = xs.unsqueeze(1)
    for j in range(1, k + 1):
        tl = t[l.unsqueeze(1) + torch.arange(1 - j, 1, device=xs.device)]
        tr = t[l.unsqueeze(1) + torch.arange(1, j + 1, device=xs.device)]
        den = tr - tl
        w = torch.where(den != 0, b / torch.where(den != 0, den, 1), torch.zeros_like(b))
        new = torch.zeros((xs.shape[0], j + 1), dtype=_F64, device=xs.device)
        new[:, :j] += w * (tr - x)
        new[:, 1:] += w * (x - tl)
        b = new
    flat = c.reshape(c.shape[0], -1)
    rows = flat[l.unsqueeze(1) - k + torch.arange(k + 1, device=xs.device)]  # (N, k + 1, R)
    out = (b.to(flat.dtype).unsqueeze(-1) * rows).sum(1)
    return _mask(out, xs, lo, hi, extrapolate).reshape((xs.shape[0],) + tuple(c.shape[1:]))


def _mask(out, xs, lo, hi, extrapolate):
    """NaN where SciPy finds no interval: NaN points, and points outside [lo, hi] unless extrapolating."""
    bad = torch.isnan(xs) if extrapolate else torch.isnan(xs) | (xs < lo) | (xs > hi)
    return torch.where(bad.unsqueeze(-1), torch.full((), float("nan"), dtype=out.dtype, device=out.device), out)


@mirror_class("interpolate")
class BSpline(Mirrored):
    """SciPy's ``scipy.interpolate.BSpline``: ``__call__`` (``nu``, ``extrapolate``, periodic) and
    ``derivative`` on the device; SciPy's other methods on host-built objects."""

    _scipy = "interpolate.BSpline"

    def __init__(self, t, c, k, extrapolate=True, axis=0):
        if self._place((t, c), dict(k=k, extrapolate=extrapolate, axis=axis)) is None:
            return
        tt, tc = tensors((t, c))
        k = operator.index(k)
        tt, tc = tt.to(_F64), _float(tc)
        if tc.dim() < 1:
            raise ValueError("Coefficients must be at least 1-dimensional.")
        axis = axis % tc.dim()
        tc = tc.movedim(axis, 0)
        n = tt.shape[0] - k - 1
        if k < 0:
            raise ValueError("Spline order cannot be negative.")
        if tt.dim() != 1:
            raise ValueError("Knot vector must be one-dimensional.")
        if n < k + 1:
            raise ValueError(f"Need at least {2 * k + 2} knots for degree {k}")
        if checks_data(tt) and bool((torch.diff(tt) < 0).any()):
            raise ValueError("Knots must be in a non-decreasing order.")
        if tc.shape[0] < n:
            raise ValueError("Knots, coefficients and degree are inconsistent.")
        self._set(tt, tc, k, extrapolate if extrapolate == "periodic" else bool(extrapolate), axis)

    def _set(self, t, c, k, extrapolate, axis):
        self.__dict__.update(_t=t, _c=c, k=k, extrapolate=extrapolate, axis=axis, t=_wrap(t),
                             c=_wrap(c.movedim(0, axis) if axis else c))

    @classmethod
    def _on_device(cls, t, c, k, extrapolate=True, axis=0):
        obj = object.__new__(cls)
        obj._set(t, c, k, extrapolate, axis)
        return obj

    @property
    def tck(self):
        return self.t, self.c, self.k

    def _evaluate_flat(self, xs, nu=0, extrapolate=None):
        ext = self.extrapolate if extrapolate is None else extrapolate
        n = self._t.shape[0] - self.k - 1
        return _evaluate(self._t, self._c[:n], self.k, xs.to(_F64), nu, ext)

    @host_method
    def __call__(self, x, nu=0, extrapolate=None):
        tx = on_device(x, self._c.device)
        shape = tuple(tx.shape)
        out = self._evaluate_flat(tx.reshape(-1), nu, extrapolate).reshape(shape + tuple(self._c.shape[1:]))
        return at_axis(out, len(shape), self.axis)

    @host_method
    def antiderivative(self, nu=1):
        t, c, k = _antider_coefficients(self._t, self._c, self.k, nu)
        ext = False if self.extrapolate == "periodic" else self.extrapolate
        return BSpline._on_device(t, c, k, ext, self.axis)

    @host_method
    def integrate(self, a, b, extrapolate=None):
        """The integral over [a, b] (``a``, ``b`` Python numbers, as SciPy's)."""
        if extrapolate is None:
            extrapolate = self.extrapolate
        if extrapolate == "periodic":
            raise TypeError("torchnp.scipy.interpolate.BSpline.integrate with periodic extrapolation runs on "
                            "host-built objects only: build the spline from x.to_numpy() (an explicit copy)")
        a, b, sign = float(a), float(b), 1
        if b < a:
            a, b, sign = b, a, -1
        n = self._t.shape[0] - self.k - 1
        ends = torch.tensor([a, b], dtype=_F64, device=self._c.device)
        if not extrapolate:  # SciPy shrinks the interval to the base interval
            ends = torch.stack([torch.maximum(ends[0], self._t[self.k]), torch.minimum(ends[1], self._t[n])])
        t, c, k = _antider_coefficients(self._t, self._c, self.k, 1)
        vals = _evaluate(t, c[:t.shape[0] - k - 1], k, ends, 0, True if not extrapolate else extrapolate)
        out = vals[1] - vals[0]
        if not extrapolate:  # both ends past one side: the shrunk ends cross; SciPy's splint (1-d
            # coefficients) integrates over nothing, its N-d path evaluates outside the base interval
            crossed = (ends[0] > ends[1]).reshape((1,) * out.dim())
            out = torch.where(crossed, 0.0 if self._c.dim() == 1 else math.nan, out)
        return out * sign

    @host_method
    def derivative(self, nu=1):
        if nu > self.k:
            raise ValueError(f"Order of derivative (n = {nu}) must be <= order of spline (k = {self.k})")
        n = self._t.shape[0] - self.k - 1
        t, c, k = _der_coefficients(self._t, self._c[:n], self.k, nu)
        return BSpline._on_device(t, c, k, self.extrapolate, self.axis)


def _antider_coefficients(t, c, k, nu):
    """SciPy's ``splantider`` (``c`` padded with zeros to ``len(t)``)."""
    pad = t.shape[0] - c.shape[0]
    if pad > 0:
        c = torch.cat([c, torch.zeros((pad,) + tuple(c.shape[1:]), dtype=c.dtype, device=c.device)])
    for _ in range(nu):
        dt = (t[k + 1:] - t[:-k - 1]).reshape((-1,) + (1,) * (c.dim() - 1))
        c = torch.cumsum(c[:-k - 1] * dt, dim=0) / (k + 1)
        c = torch.cat([torch.zeros_like(c[:1]), c, c[-1:].expand((k + 2,) + tuple(c.shape[1:]))])
        t = torch.cat([t[:1], t, t[-1:]])
        k += 1
    return t, c, k


def _knots(x, k):
    """SciPy's ``_not_a_knot``."""
    if k % 2 == 1:
        k2, t = (k + 1) // 2, x
    else:
        k2, t = k // 2, (x[1:] + x[:-1]) / 2
    t = t[k2:-k2]
    return torch.cat([x[:1].expand(k + 1), t, x[-1:].expand(k + 1)])


def _deriv_spec(spec, shape, dev, dt):
    if spec is None:
        return []
    if isinstance(spec, str):
        if spec == "clamped":
            spec = [(1, 0.0)]
        elif spec == "natural":
            spec = [(2, 0.0)]
        else:
            raise ValueError(f"Unknown boundary condition : {spec}")
    try:
        return [(int(o), on_device(v, dev).to(dt).expand(shape)) for o, v in spec]
    except TypeError as e:
        raise ValueError("Derivatives, `bc_type`, should be specified as a pair of iterables of pairs of "
                         "(order, value).") from e


def _interp_spline(x, y, k, t=None, bc_type=None):
    """The device construction on float tensors (``y`` with its axis first): (t, c)."""
    if bc_type is None or bc_type in ("not-a-knot", "periodic"):
        deriv_l = deriv_r = None
    elif isinstance(bc_type, str):
        deriv_l = deriv_r = bc_type
    else:
        try:
            deriv_l, deriv_r = bc_type
        except TypeError as e:
            raise ValueError(f"Unknown boundary condition: {bc_type}") from e
    if x.shape[0] != y.shape[0]:
        raise ValueError(f"Shapes of x {tuple(x.shape)} and y {tuple(y.shape)} are incompatible")
    if checks_data(x):
        if bool((x[1:] == x[:-1]).any()):
            raise ValueError("Expect x to not have duplicates")
        if bool((x[1:] < x[:-1]).any()):
            raise ValueError("Expect x to be a 1D strictly increasing sequence.")
    if k == 0:
        if any(v is not None for v in (t, deriv_l, deriv_r)):
            raise ValueError("Too much info for k=0: t and bc_type can only be None.")
        return torch.cat([x, x[-1:]]), y
    if k == 1 and t is None:
        if not (deriv_l is None and deriv_r is None):
            raise ValueError("Too much info for k=1: bc_type can only be None.")
        return torch.cat([x[:1], x, x[-1:]]), y
    if bc_type == "periodic":
        raise TypeError("torchnp.scipy.interpolate.make_interp_spline: bc_type='periodic' runs on host data "
                        "only: pass x.to_numpy() (an explicit copy) to use SciPy's")
    if t is None:
        t = _knots(x, k) if deriv_l is None and deriv_r is None else \
            torch.cat([x[:1].expand(k), x, x[-1:].expand(k)])
    else:
        t = on_device(t, x.device).to(_F64)
    if k < 0:
        raise ValueError("Expect non-negative k.")
    if t.shape[0] < x.shape[0] + k + 1:
        raise ValueError(f"Got {t.shape[0]} knots, need at least {x.shape[0] + k + 1}.")
    rest = tuple(y.shape[1:])
    left = _deriv_spec(deriv_l, rest, x.device, y.dtype)
    right = _deriv_spec(deriv_r, rest, x.device, y.dtype)
    for spec, where in ((left, "x[0]"), (right, "x[-1]")):
        if not all(0 <= o <= k for o, _ in spec):
            raise ValueError(f"Bad boundary conditions at {where}.")
    n, nt = x.shape[0], t.shape[0] - k - 1
    if nt - n != len(left) + len(right):
        raise ValueError(f"The number of derivatives at boundaries does not match: expected {nt - n}, got "
                         f"{len(left)}+{len(right)}")
    eye = torch.eye(nt, dtype=_F64, device=x.device)
    rows = [_evaluate(t, eye, k, x[:1], o) for o, _ in left] + [_evaluate(t, eye, k, x)] + \
           [_evaluate(t, eye, k, x[-1:], o) for o, _ in right]
    A = torch.cat(rows)
    rhs = torch.cat([v.reshape(1, -1) for _, v in left] + [y.reshape(n, -1)] + [v.reshape(1, -1) for _, v in right])
    c = torch.linalg.solve(A.to(rhs.dtype), rhs)
    return t, c.reshape((nt,) + rest)


def _make_interp_spline(x, y, k=3, t=None, bc_type=None, axis=0, check_finite=True):
    tx, ty = tensors((x, y))
    tx, ty = _float(tx), _float(ty)
    axis = axis % ty.dim()
    k = operator.index(k)
    tt, c = _interp_spline(tx, ty.movedim(axis, 0), k, t, bc_type)
    return BSpline._on_device(tt, c, k, True, axis)


def _device_spline(x, y, k):
    """interp1d's spline kinds on tensors (``y`` with its axis first)."""
    t, c = _interp_spline(x.to(_F64), _float(y), k)
    return BSpline._on_device(t, c, k, True, 0)


_mirrored = mirror("interpolate", "make_interp_spline")(_make_interp_spline)


@functools.wraps(_mirrored)
def make_interp_spline(x, y, k=3, t=None, bc_type=None, axis=0, check_finite=True):
    return _to_ours(_mirrored(x, y, k, t, bc_type, axis, check_finite))  # a torchnp BSpline either way


make_interp_spline._device = _device_spline
DEVICE["interpolate.make_interp_spline"] = make_interp_spline
