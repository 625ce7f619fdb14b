"""Piecewise polynomials of ``scipy.interpolate`` (DESIGN §8): ``PPoly`` and the interpolators
built on it (``CubicSpline``, ``PchipInterpolator``, ``Akima1DInterpolator``). On the device the
coefficients ``c`` (k, m, ...) and breakpoints ``x`` (m + 1,) are tensors; evaluation finds the
interval with ``searchsorted`` and sums the local powers as SciPy's ``_ppoly.evaluate``."""

import math

import numpy as _np
import torch

from ..._array import _wrap, ndarray
from ..._boundary import on_device, tensor, tensors
from ..._convert import checks_data
from ..._tensors import searchsorted_tensor
from .._dispatch import mirror_class
from ._base import Mirrored, at_axis, host_method

__all__ = ["PPoly", "CubicSpline", "PchipInterpolator", "Akima1DInterpolator"]

_F64 = torch.float64


def _float_dtype(t):
    return torch.complex128 if t.is_complex() else _F64


def prepare_input(x, y, axis):
    """SciPy's ``prepare_input``: x float64 1-D strictly increasing (a value check), y float64 or
    complex128 with ``axis`` moved first; returns x, dx, y, axis."""
    tx, ty = tensors((x, y))
    if tx.is_complex():
        raise ValueError("`x` must contain real values.")
    tx = tx.to(_F64)
    ty = ty.to(_float_dtype(ty))
    axis = axis % ty.dim() if ty.dim() else 0
    if tx.dim() != 1:
        raise ValueError("`x` must be 1-dimensional.")
    if tx.shape[0] < 2:
        raise ValueError("`x` must contain at least 2 elements.")
    if tx.shape[0] != ty.shape[axis]:
        raise ValueError(f"The length of `y` along `axis`={axis} doesn't match the length of `x`")
    dx = torch.diff(tx)
    if checks_data(dx) and not bool((dx > 0).all()):
        raise ValueError("`x` must be strictly increasing sequence.")
    return tx, dx, ty.movedim(axis, 0), axis


def _poch_factors(n, nu, dtype, device):
    """``poch(arange(n, 0, -1), nu)``: the falling factors of the derivative of each power."""
    return torch.tensor([math.prod(range(a, a + nu)) for a in range(n, 0, -1)], dtype=dtype, device=device)


class _Pieces:
    """The tensor state and algorithms of a PPoly on the device."""

    def _set(self, c, x, extrapolate, axis):
        self.__dict__.update(_c=c, _x=x, extrapolate=extrapolate, axis=axis)
        self.__dict__.update(c=_wrap(c), x=_wrap(x))

    def _evaluate(self, xs, nu, extrapolate):
        """The values (or ``nu``-th derivatives) at the float64 points ``xs`` (1-D): (len, ...)."""
        c, bp = self._c, self._x
        if nu < 0:
            return _anti(c, bp, -nu)._evaluate(xs, 0, extrapolate)
        k, m = c.shape[0], c.shape[1]
        if extrapolate == "periodic":
            xs = bp[0] + torch.remainder(xs - bp[0], bp[-1] - bp[0])
            extrapolate = False
        i = (searchsorted_tensor(bp, xs, right=True) - 1).clamp(0, m - 1)
        s = xs - bp[i]
        flat = c.reshape(k, m, -1)[:, i]  # (k, len, rest)
        res = torch.zeros(flat.shape[1:], dtype=c.dtype, device=c.device)
        z = torch.ones_like(s)
        for kp in range(nu, k):  # SciPy's sum of the powers of s (evaluate_poly1)
            pref = math.prod(range(kp, kp - nu, -1)) if nu else 1
            res = res + flat[k - kp - 1] * (z * pref).unsqueeze(-1)
            z = z * s
        inside = (xs >= bp[0]) & (xs <= bp[-1]) if not extrapolate else torch.ones_like(xs, dtype=torch.bool)
        bad = ~inside | torch.isnan(xs)
        res = torch.where(bad.unsqueeze(-1), torch.full((), float("nan"), dtype=res.dtype, device=res.device), res)
        return res.reshape((xs.shape[0],) + c.shape[2:])

    def _call(self, x, nu=0, extrapolate=None):
        if extrapolate is None:
            extrapolate = self.extrapolate
        tx = on_device(x, self._c.device)
        shape = tuple(tx.shape)
        out = self._evaluate(tx.reshape(-1).to(_F64), nu, extrapolate)
        return at_axis(out.reshape(shape + tuple(self._c.shape[2:])), len(shape), self.axis)

    def _derivative_c(self, nu):
        c = self._c
        if nu == 0:
            return c.clone()
        if nu < 0:
            return _anti(c, self._x, -nu)._c
        if nu > c.shape[0] - 1:
            return torch.zeros_like(c[:1])
        c2 = c[:-nu]
        f = _poch_factors(c2.shape[0], nu, _F64, c.device).reshape((-1,) + (1,) * (c2.dim() - 1))
        return c2 * f

    def _integrate(self, a, b, extrapolate=None):
        if extrapolate is None:
            extrapolate = self.extrapolate
        sign = 1
        a, b = float(a), float(b)
        if b < a:
            a, b, sign = b, a, -1
        F = _anti(self._c, self._x, 1)
        if extrapolate == "periodic":
            xs, xe = float(self._x[0]), float(self._x[-1])  # host reads of the two ends (periodic only)
            period = xe - xs
            n_periods, left = divmod(b - a, period)
            total = (F._at(xe, False) - F._at(xs, False)) * n_periods
            a = xs + (a - xs) % period
            b = a + left
            if b <= xe:
                total = total + F._at(b, False) - F._at(a, False)
            else:
                total = total + F._at(xe, False) - F._at(a, False) + F._at(xs + left + a - xe, False) - \
                    F._at(xs, False)
            return total * sign
        return (F._at(b, extrapolate) - F._at(a, extrapolate)) * sign

    def _at(self, v, extrapolate):
        return self._evaluate(torch.tensor([v], dtype=_F64, device=self._c.device), 0, extrapolate)[0]


def _anti(c, bp, nu):
    """The ``nu``-th antiderivative (zero at ``bp[0]``, continuous), as a bare _Pieces."""
    k, m = c.shape[0], c.shape[1]
    for _ in range(nu):
        f = _poch_factors(k, 1, _F64, c.device).reshape((-1,) + (1,) * (c.dim() - 1))
        c = torch.cat([c / f, torch.zeros_like(c[:1])])
        k += 1
        # continuity: each piece's constant is the previous pieces' integrals over their lengths
        h = torch.diff(bp).reshape((m,) + (1,) * (c.dim() - 2))
        powers = torch.stack([h ** (k - 1 - j) for j in range(k)])  # (k, m, ...)
        full = (c * powers).sum(0)  # each piece's value at its right end (constant term 0)
        const = torch.cat([torch.zeros_like(full[:1]), torch.cumsum(full, 0)[:-1]])
        c = torch.cat([c[:-1], const.unsqueeze(0)])
    p = _Pieces()
    p.__dict__.update(_c=c, _x=bp, extrapolate=True, axis=0)
    return p


@mirror_class("interpolate")
class PPoly(Mirrored, _Pieces):
    """SciPy's ``scipy.interpolate.PPoly`` (piecewise polynomial in the power basis)."""

    _scipy = "interpolate.PPoly"

    def __init__(self, c, x, extrapolate=None, axis=0):
        if self._place((c, x), dict(extrapolate=extrapolate, axis=axis)) is None:
            return
        tc, tx = tensors((c, x))
        tc = tc.to(_float_dtype(tc))
        if tc.dim() < 2:
            raise ValueError("Coefficients array must be at least 2-dimensional.")
        if not 0 <= axis < tc.dim() - 1:
            raise ValueError(f"axis={axis} must be between 0 and {tc.dim() - 1}")
        if tx.dim() != 1:
            raise ValueError("x must be 1-dimensional")
        if tx.shape[0] < 2:
            raise ValueError("at least 2 breakpoints are needed")
        if axis:  # c is (..., k, m, ...) with k at ``axis``: SciPy rolls k and m to the front
            tc = tc.movedim(axis + 1, 0).movedim(axis + 1, 0)
        if tc.shape[1] != tx.shape[0] - 1:
            raise ValueError("number of coefficients != len(x)-1")
        self._set(tc, tx.to(_F64), True if extrapolate is None else extrapolate, axis)

    @classmethod
    def _on_device(cls, c, x, extrapolate, axis):
        obj = object.__new__(cls)
        obj._set(c, x, extrapolate, axis)
        return obj

    @host_method
    def __call__(self, x, nu=0, extrapolate=None):
        return self._call(x, nu, extrapolate)

    @host_method
    def derivative(self, nu=1):
        ext = self.extrapolate
        return PPoly._on_device(self._derivative_c(nu), self._x, ext, self.axis)

    @host_method
    def antiderivative(self, nu=1):
        ext = False if self.extrapolate == "periodic" else self.extrapolate
        return PPoly._on_device(_anti(self._c, self._x, nu)._c if nu > 0 else self._derivative_c(-nu), self._x,
                                ext, self.axis)

    @host_method
    def integrate(self, a, b, extrapolate=None):
        return self._integrate(a, b, extrapolate)


def _hermite(x, dx, y, dydx):
    """SciPy's CubicHermiteSpline coefficients (4, m, ...) from the values and slopes at the nodes."""
    dxr = dx.reshape((dx.shape[0],) + (1,) * (y.dim() - 1))
    slope = torch.diff(y, dim=0) / dxr
    t = (dydx[:-1] + dydx[1:] - 2 * slope) / dxr
    return torch.stack([t / dxr, (slope - dydx[:-1]) / dxr - t, dydx[:-1], y[:-1]])


def _validate_bc(bc_type, y, expected_shape):
    if isinstance(bc_type, str):
        if bc_type == "periodic" and checks_data(y):
            if not bool(torch.allclose(y[0], y[-1], rtol=1e-15, atol=1e-15)):
                raise ValueError(f"The first and last `y` point along axis 0 must be identical (within machine "
                                 f"precision) when bc_type='periodic'.")
        bc_type = (bc_type, bc_type)
    else:
        if len(bc_type) != 2:
            raise ValueError("`bc_type` must contain 2 elements to specify start and end conditions.")
        if "periodic" in [b for b in bc_type if isinstance(b, str)]:
            raise ValueError("'periodic' `bc_type` is defined for both curve ends and cannot be used with other "
                             "boundary conditions.")
    out = []
    for bc in bc_type:
        if isinstance(bc, str):
            if bc == "clamped":
                out.append((1, torch.zeros(expected_shape, dtype=y.dtype, device=y.device)))
            elif bc == "natural":
                out.append((2, torch.zeros(expected_shape, dtype=y.dtype, device=y.device)))
            elif bc in ("not-a-knot", "periodic"):
                out.append(bc)
            else:
                raise ValueError(f"bc_type={bc} is not allowed.")
        else:
            try:
                order, value = bc
            except Exception as e:
                raise ValueError("A specified derivative value must be given in the form (order, value).") from e
            if order not in (1, 2):
                raise ValueError("The specified derivative order must be 1 or 2.")
            value = on_device(value, y.device)
            if tuple(value.shape) != tuple(expected_shape):
                raise ValueError(f"`deriv_value` shape {tuple(value.shape)} is not the expected one "
                                 f"{tuple(expected_shape)}.")
            if value.is_complex():
                y = y.to(torch.complex128)
            out.append((order, value.to(y.dtype)))
    return out, y


def _spline_slopes(x, dx, y, bc):
    """SciPy's CubicSpline system for the slopes at the nodes, solved densely."""
    n = x.shape[0]
    dxr = dx.reshape((dx.shape[0],) + (1,) * (y.dim() - 1))
    slope = torch.diff(y, dim=0) / dxr
    dt, dev = y.dtype, y.device
    if n == 2:
        bc = [(1, slope[0]) if b in ("not-a-knot", "periodic") else b for b in bc]
    if n == 3 and bc[0] == "not-a-knot" and bc[1] == "not-a-knot":
        A = torch.zeros((3, 3), dtype=_F64, device=dev)
        A[0, 0] = A[0, 1] = A[2, 1] = A[2, 2] = 1
        A[1, 0], A[1, 1], A[1, 2] = dx[1], 2 * (dx[0] + dx[1]), dx[0]
        b = torch.stack([2 * slope[0], 3 * (dxr[0] * slope[1] + dxr[1] * slope[0]), 2 * slope[1]])
        return torch.linalg.solve(A.to(dt), b.reshape(3, -1)).reshape(b.shape)
    if n == 3 and bc[0] == "periodic":
        t = (slope / dxr).sum(0) / (1.0 / dxr).sum(0)
        return t.expand((n,) + y.shape[1:]).clone()
    if bc[0] == "periodic":  # cyclic system on the nodes 0..n-2 (s[n-1] = s[0])
        m = n - 1
        i = torch.arange(m, device=dev)
        hp, hn = dx[(i - 1) % m], dx[i]
        A = torch.zeros((m, m), dtype=_F64, device=dev)
        A[i, i] = 2 * (hp + hn)
        A[i, (i + 1) % m] += hp
        A[i, (i - 1) % m] += hn
        shape = (m,) + (1,) * (y.dim() - 1)
        b = 3 * (hn.reshape(shape) * slope[(i - 1) % m] + hp.reshape(shape) * slope[i])
        s = torch.linalg.solve(A.to(dt), b.reshape(m, -1)).reshape(b.shape)
        return torch.cat([s, s[:1]])
    A = torch.zeros((n, n), dtype=_F64, device=dev)
    i = torch.arange(1, n - 1, device=dev)
    A[i, i] = 2 * (dx[:-1] + dx[1:])
    A[i, i + 1] = dx[:-1]
    A[i, i - 1] = dx[1:]
    first = 3 * (dxr[1:] * slope[:-1] + dxr[:-1] * slope[1:])
    start, end = bc
    if start == "not-a-knot":
        d = x[2] - x[0]
        A[0, 0], A[0, 1] = dx[1], d
        b0 = ((dxr[0] + 2 * d) * dxr[1] * slope[0] + dxr[0] ** 2 * slope[1]) / d
    elif start[0] == 1:
        A[0, 0] = 1
        b0 = start[1].expand(y.shape[1:])
    else:
        A[0, 0], A[0, 1] = 2 * dx[0], dx[0]
        b0 = -0.5 * start[1] * dx[0] ** 2 + 3 * (y[1] - y[0])
    if end == "not-a-knot":
        d = x[-1] - x[-3]
        A[-1, -1], A[-1, -2] = dx[-2], d
        b1 = (dxr[-1] ** 2 * slope[-2] + (2 * d + dxr[-1]) * dxr[-2] * slope[-1]) / d
    elif end[0] == 1:
        A[-1, -1] = 1
        b1 = end[1].expand(y.shape[1:])
    else:
        A[-1, -1], A[-1, -2] = 2 * dx[-1], dx[-1]
        b1 = 0.5 * end[1] * dx[-1] ** 2 + 3 * (y[-1] - y[-2])
    b = torch.cat([b0.unsqueeze(0).to(dt), first, b1.unsqueeze(0).to(dt)])
    return torch.linalg.solve(A.to(dt), b.reshape(n, -1)).reshape(b.shape)


@mirror_class("interpolate")
class CubicSpline(PPoly):
    """SciPy's ``scipy.interpolate.CubicSpline`` (bc_type not-a-knot, natural, clamped, periodic,
    or (order, value) pairs); the slopes' banded system is solved densely on the device."""

    _scipy = "interpolate.CubicSpline"

    def __init__(self, x, y, axis=0, bc_type="not-a-knot", extrapolate=None):
        if self._place((x, y), dict(axis=axis, bc_type=bc_type, extrapolate=extrapolate)) is None:
            return
        tx, dx, ty, axis = prepare_input(x, y, axis)
        bc, ty = _validate_bc(bc_type, ty, ty.shape[1:])
        if extrapolate is None:
            extrapolate = "periodic" if bc[0] == "periodic" else True
        s = torch.zeros_like(ty) if ty.numel() == 0 else _spline_slopes(tx, dx, ty, bc)
        self._set(_hermite(tx, dx, ty, s), tx, extrapolate, axis)


def _pchip_slopes(x, dx, y):
    """SciPy's PchipInterpolator._find_derivatives (Fritsch-Butland, one-sided three-point ends)."""
    hk = dx.reshape((dx.shape[0],) + (1,) * (y.dim() - 1))
    mk = torch.diff(y, dim=0) / hk
    if y.shape[0] == 2:
        return torch.cat([mk, mk])
    smk = torch.sign(mk)
    condition = (smk[1:] != smk[:-1]) | (mk[1:] == 0) | (mk[:-1] == 0)
    w1 = 2 * hk[1:] + hk[:-1]
    w2 = hk[1:] + 2 * hk[:-1]
    whmean = (w1 / torch.where(condition, 1, mk[:-1]) + w2 / torch.where(condition, 1, mk[1:])) / (w1 + w2)
    inner = torch.where(condition, torch.zeros_like(whmean), 1.0 / torch.where(condition, 1, whmean))

    def edge(h0, h1, m0, m1):
        d = ((2 * h0 + h1) * m0 - h0 * m1) / (h0 + h1)
        d = torch.where(torch.sign(d) != torch.sign(m0), torch.zeros_like(d), d)
        return torch.where((torch.sign(m0) != torch.sign(m1)) & (d.abs() > 3 * m0.abs()), 3 * m0, d)

    first = edge(hk[0], hk[1], mk[0], mk[1])
    last = edge(hk[-1], hk[-2], mk[-1], mk[-2])
    return torch.cat([first.unsqueeze(0), inner, last.unsqueeze(0)])


@mirror_class("interpolate")
class PchipInterpolator(PPoly):
    """SciPy's ``scipy.interpolate.PchipInterpolator`` (monotone cubic, real data)."""

    _scipy = "interpolate.PchipInterpolator"

    def __init__(self, x, y, axis=0, extrapolate=None):
        if self._place((x, y), dict(axis=axis, extrapolate=extrapolate)) is None:
            return
        tx, dx, ty, axis = prepare_input(x, y, axis)
        if ty.is_complex():
            raise ValueError("`PchipInterpolator` only works with real values for `y`. If you are trying to "
                             "use the real components of the passed array, use `np.real` on the array before "
                             "passing to `PchipInterpolator`.")
        s = _pchip_slopes(tx, dx, ty)
        self._set(_hermite(tx, dx, ty, s), tx, True if extrapolate is None else extrapolate, axis)


def _akima_slopes(x, dx, y, method):
    """SciPy's Akima1DInterpolator slopes ('akima', or 'makima' with the modified weights)."""
    n = x.shape[0]
    dxr = dx.reshape((n - 1,) + (1,) * (y.dim() - 1))
    m = torch.diff(y, dim=0) / dxr
    if n == 2:
        return torch.cat([m, m])
    mm = 2.0 * m[0] - m[1]
    mmm = 2.0 * mm - m[0]
    mp = 2.0 * m[-1] - m[-2]
    mpp = 2.0 * mp - m[-1]
    m1 = torch.cat([mmm[None], mm[None], m, mp[None], mpp[None]])  # (n + 3, ...)
    t = 0.5 * (m1[3:] + m1[:-3])
    dm = torch.abs(torch.diff(m1, dim=0))
    if method == "makima":
        pm = torch.abs(m1[1:] + m1[:-1])
        f1, f2 = dm[2:] + 0.5 * pm[2:], dm[:-2] + 0.5 * pm[:-2]
    else:
        f1, f2 = dm[2:], dm[:-2]
    f12 = f1 + f2
    big = f12 > 1e-9 * f12.max()  # SciPy's break_mult times the largest weight of all
    weighted = m1[1:-2] + (f2 / torch.where(big, f12, 1)) * (m1[2:-1] - m1[1:-2])
    return torch.where(big, weighted, t)


@mirror_class("interpolate")
class Akima1DInterpolator(PPoly):
    """SciPy's ``scipy.interpolate.Akima1DInterpolator`` (``method='akima'`` or ``'makima'``)."""

    _scipy = "interpolate.Akima1DInterpolator"

    def __init__(self, x, y, axis=0, *, method="akima", extrapolate=None):
        if self._place((x, y), dict(axis=axis, method=method, extrapolate=extrapolate)) is None:
            return
        if method not in ("akima", "makima"):
            raise NotImplementedError(f"`method`={method} is unsupported.")
        tx, dx, ty, axis = prepare_input(x, y, axis)
        if ty.is_complex():
            raise ValueError("Complex data is not supported by Akima1DInterpolator")
        s = _akima_slopes(tx, dx, ty, method)
        self._set(_hermite(tx, dx, ty, s), tx, False if extrapolate is None else extrapolate, axis)
