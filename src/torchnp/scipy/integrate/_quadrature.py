"""The integrals of samples of ``scipy.integrate`` (DESIGN §8): ``trapezoid``, ``simpson``,
``cumulative_trapezoid``, ``romb`` as SciPy's formulas in torch, with SciPy's dtypes."""

import torch

from ..._boundary import tensor, tensors
from ..._tensors import normalize_axis
from .._dispatch import mirror

__all__ = ["trapezoid", "simpson", "cumulative_trapezoid", "romb"]

_F64 = torch.float64


def _inexact(t):
    return t if t.is_floating_point() or t.is_complex() else t.to(_F64)


def _samples(y, x):
    """``y`` (and ``x``) as tensors on one device, integers in float64 (SciPy's ``/ 2.0``)."""
    if x is None:
        return _inexact(tensor(y)), None
    ty, tx = tensors((y, x))
    return _inexact(ty), tx


def _spacing(ty, tx, dx, axis):
    """SciPy's ``d``: ``dx``, or the differences of ``x`` (1-D: along ``axis``; else broadcast)."""
    if tx is None:
        return dx
    if tx.dim() == 1:
        d = tx[1:] - tx[:-1]
        shape = [1] * ty.dim()
        shape[axis] = -1
        return d.reshape(shape)
    return torch.diff(tx.expand(ty.shape), dim=axis)


@mirror("integrate")
def trapezoid(y, x=None, dx=1.0, axis=-1):
    ty, tx = _samples(y, x)
    axis = normalize_axis(axis, ty.dim())
    d = _spacing(ty, tx, dx, axis)
    n = ty.shape[axis]
    mid = ty.narrow(axis, 1, max(n - 1, 0)) + ty.narrow(axis, 0, max(n - 1, 0))
    r = (d * mid / 2.0).sum(axis)
    return r.to(ty.dtype)  # SciPy sums in y's (floating) result type


@mirror("integrate")
def cumulative_trapezoid(y, x=None, dx=1.0, axis=-1, initial=None):
    ty, tx = _samples(y, x)
    axis = normalize_axis(axis, ty.dim())
    if tx is None:
        d = dx
    else:
        if tx.dim() != 1 and tx.dim() != ty.dim():
            raise ValueError("If given, shape of x must be 1-D or the same as y.")
        d = _spacing(ty, tx, dx, axis)
        if d.shape[axis] != ty.shape[axis] - 1:
            raise ValueError("If given, length of x along axis must be the same as y.")
    n = ty.shape[axis]
    res = torch.cumsum(d * (ty.narrow(axis, 1, max(n - 1, 0)) + ty.narrow(axis, 0, max(n - 1, 0))) / 2.0, axis)
    if initial is not None:
        if initial != 0:
            raise ValueError("`initial` must be `None` or `0`.")
        shape = list(res.shape)
        shape[axis] = 1
        res = torch.cat([torch.full(shape, initial, dtype=res.dtype, device=res.device), res], axis)
    return res


def _basic_simpson(ty, stop, d, axis):
    """Composite Simpson over the intervals [0, stop] (``stop`` even) along the last axis."""
    y0, y1, y2 = ty[..., 0:stop:2], ty[..., 1:stop + 1:2], ty[..., 2:stop + 2:2]
    if not isinstance(d, torch.Tensor):
        return (y0 + 4.0 * y1 + y2).sum(-1) * (d / 3.0)
    h0, h1 = d[..., 0:stop:2].to(_F64), d[..., 1:stop + 1:2].to(_F64)
    hsum, hprod = h0 + h1, h0 * h1
    zero = torch.zeros((), dtype=_F64, device=ty.device)
    h0divh1 = torch.where(h1 != 0, h0 / torch.where(h1 != 0, h1, 1), zero)
    inv = torch.where(h0divh1 != 0, 1.0 / torch.where(h0divh1 != 0, h0divh1, 1), zero)
    ratio = torch.where(hprod != 0, hsum / torch.where(hprod != 0, hprod, 1), zero)
    return (hsum / 6.0 * (y0 * (2.0 - inv) + y1 * (hsum * ratio) + y2 * (2.0 - h0divh1))).sum(-1)


def _safe_div(num, den):
    return torch.where(den != 0, num / torch.where(den != 0, den, 1), torch.zeros_like(den))


@mirror("integrate")
def simpson(y, x=None, *, dx=1.0, axis=-1):
    ty, tx = _samples(y, x)
    axis = normalize_axis(axis, ty.dim())
    n = ty.shape[axis]
    if tx is not None:
        if tx.dim() != 1 and tx.dim() != ty.dim():
            raise ValueError("If given, shape of x must be 1-D or the same as y.")
        if tx.shape[axis if tx.dim() > 1 else 0] != n:
            raise ValueError("If given, length of x along axis must be the same as y.")
        tx = tx.movedim(axis, -1) if tx.dim() > 1 else tx
    ty = ty.movedim(axis, -1)
    d = None if tx is None else torch.diff(tx, dim=-1)
    if n % 2:
        return _basic_simpson(ty, n - 2, dx if d is None else d, axis)
    if n == 2:
        s = ty[..., -1] + ty[..., -2]
        if d is None:
            return 0.5 * dx * s
        last = d[..., -1]  # x's spacing: 0-d for 1-d x, which torch's promotion would not let widen s
        return 0.5 * last * s.to(torch.promote_types(s.dtype, last.dtype))  # (SciPy's NumPy promotes)
    # SciPy adds the last interval in place into _basic_simpson's result: without x an array of y's
    # dtype where y has more than one dimension (float32 stays float32), a NumPy scalar promoted to
    # float64 for 1-d y; with x its spacings are float64 already
    keep = ty.dtype if d is None and ty.dim() > 1 else None
    ty = ty.to(torch.promote_types(ty.dtype, _F64))  # SciPy's float64 spacings are NumPy scalars
    result = _basic_simpson(ty, n - 3, dx if d is None else d, axis)
    if d is None:
        h = [torch.tensor(dx, dtype=_F64, device=ty.device)] * 2
    else:
        h = [d[..., -2].to(_F64), d[..., -1].to(_F64)]
    alpha = _safe_div(2 * h[1] ** 2 + 3 * h[0] * h[1], 6 * (h[1] + h[0]))
    beta = _safe_div(h[1] ** 2 + 3.0 * h[0] * h[1], 6 * h[0])
    eta = _safe_div(1 * h[1] ** 3, 6 * h[0] * (h[0] + h[1]))
    result = result + alpha * ty[..., -1] + beta * ty[..., -2] - eta * ty[..., -3]
    return result if keep is None else result.to(keep)


@mirror("integrate")
def romb(y, dx=1.0, axis=-1, show=False):
    """Romberg's Richardson table on ``2**k + 1`` samples (``show`` prints on host data only)."""
    ty = _inexact(tensor(y))
    axis = normalize_axis(axis, ty.dim())
    ty = ty.movedim(axis, -1).to(torch.promote_types(ty.dtype, _F64))  # times SciPy's float64 h
    ninterv = ty.shape[-1] - 1
    n, k = 1, 0
    while n < ninterv:
        n, k = n << 1, k + 1
    if n != ninterv:
        raise ValueError("Number of samples must be one plus a non-negative power of 2.")
    h = ninterv * torch.tensor(dx, dtype=_F64, device=ty.device)
    R = {(0, 0): (ty[..., 0] + ty[..., -1]) / 2.0 * h}
    start = stop = step = ninterv
    for i in range(1, k + 1):
        start >>= 1
        R[(i, 0)] = 0.5 * (R[(i - 1, 0)] + h * ty[..., start:stop:step].sum(-1))
        step >>= 1
        for j in range(1, i + 1):
            prev = R[(i, j - 1)]
            R[(i, j)] = prev + (prev - R[(i - 1, j - 1)]) / ((1 << (2 * j)) - 1)
        h = h / 2.0
    return R[(k, k)]

