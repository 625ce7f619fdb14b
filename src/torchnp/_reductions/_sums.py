"""Sums, products, differences (NumPy "Mathematical functions: sums, products, differences")."""

import torch
from numpy.exceptions import AxisError

from .. import _cpu_kernels, _dtypes
from .._array import _NPA, _wrap, ndarray, numpy_host_array
from .._convert import as_tensor, normalize_axis
from .._ufuncs import add, multiply, not_equal, subtract
from .._ufuncs._methods import _method_dtype
from ._common import NOVALUE, finish, legacy_0d, on_device, tensor

__all__ = ["sum", "prod", "cumsum", "cumprod", "cumulative_sum", "cumulative_prod", "nansum", "nanprod",
           "nancumsum", "nancumprod", "diff", "ediff1d", "gradient", "trapezoid"]

_NANSUM_FAST = (torch.float32, torch.float64)
_AXIS_FAST = (torch.float32, torch.float64, torch.complex64, torch.complex128, torch.int64)
_HALF = torch.float16
_SUM_DT = {}   # input torch dtype -> NumPy's result dtype of sum (filled once per dtype)
_PROD_DT = {}


def _res_dtype(cache, uf, dt):
    r = cache.get(dt)
    if r is None:
        r = cache[dt] = _method_dtype(uf, "reduce", dt, None)
    return r


def _reduction(uf, torch_fn, cache, nan_fill=None):
    """``sum``/``prod`` (and the nan* versions): a fast path for plain calls, else ``uf.reduce``."""
    name = {"add": "sum", "multiply": "prod"}[uf.__name__]
    is_add = uf is add
    # inside func the ufunc is a module global, not a closure cell: torch.compile traces
    # x.sum() (the function bound as a method) only when its cells hold plain values (§6.1)
    if nan_fill is not None:
        name = "nan" + name

    def func(a, axis=None, dtype=None, out=None, keepdims=False, initial=NOVALUE, where=True):
        if type(a) is _NPA:  # host data as NumPy's own: the host reductions below read it (issue 23)
            w = numpy_host_array(a, a.size)
            a = a if w is None else w
        if type(a) is ndarray and axis is None and dtype is None and out is None and initial is NOVALUE \
                and where is True and not keepdims and (is_add or a._d is not _HALF):  # float16 prod: the engine's
            r = _cpu_kernels.host_reduction(name, a)  # floating-point host data: NumPy's bits
            if r is not None:
                return r
            t = a._t  # (after NumPy's: its tiny result need not make a tensor, ``host_result``)
            d = a._d
            res = cache.get(d)
            if res is d and nan_fill is None and d not in _dtypes.PARTIAL:
                return _wrap(torch_fn(t))
            if res is not None and d not in _dtypes.PARTIAL:
                if nan_fill is not None and (t.is_floating_point() or t.is_complex()):
                    t = torch.where(torch.isnan(t), nan_fill, t)
                r = torch_fn(t)
                return _wrap(r if r.dtype is res else r.to(res))
        elif type(a) is ndarray and type(axis) is int and dtype is None and out is None and initial is NOVALUE \
                and where is True and (keepdims is False or keepdims is True) and (is_add or a._d is not _HALF):
            # one int axis (§7): torch reduces along it directly; NaNs are skipped by torch.nansum
            # (measured: nansum over the last axis of (2, 2000, 2000) float64 ~2 ms, against ~16 ms
            # for where(isnan) + sum and ~11 ms for NumPy)
            t = a._t
            nd = t.dim()
            d = a._d
            if -nd <= axis < nd:
                r = _cpu_kernels.host_reduction(name, a, axis, keepdims)
                if r is not None:
                    return _wrap(r) if type(r) is torch.Tensor else r
            if -nd <= axis < nd and d in _AXIS_FAST and cache.get(d) is d:
                if nan_fill is None:
                    return _wrap(torch_fn(t, axis, keepdim=keepdims))
                if is_add and d in _NANSUM_FAST:
                    return _wrap(torch.nansum(t, axis, keepdim=keepdims))
        t = tensor(a)
        if nan_fill is not None and (t.is_floating_point() or t.is_complex()):
            t = torch.where(torch.isnan(t), torch.tensor(nan_fill, dtype=t.dtype, device=t.device), t)
        uf = add if is_add else multiply
        _res_dtype(cache, uf, t.dtype)
        if t.dim() == 0 and axis is not None:
            legacy_0d(axis)
            axis = None
        return uf.reduce(_wrap(t), axis=axis, dtype=dtype, out=out, keepdims=keepdims, initial=initial, where=where)

    func.__name__ = func.__qualname__ = name
    func.__doc__ = f"{'Sum' if uf is add else 'Product'} of array elements over given axes" \
                   f"{' treating NaNs as ' + str(nan_fill) if nan_fill is not None else ''} (mirrors ``numpy.{name}``)."
    return func


sum = _reduction(add, torch.sum, _SUM_DT)  # noqa: A001
prod = _reduction(multiply, torch.prod, _PROD_DT)
nansum = _reduction(add, torch.sum, _SUM_DT, 0)
nanprod = _reduction(multiply, torch.prod, _PROD_DT, 1)


def _accumulation(uf, cache, nan_fill=None, new_api=False):
    """cumsum/cumprod/nancum*/cumulative_*: ``uf.accumulate`` with the dtype rule of ``sum``."""
    base = {"add": "sum", "multiply": "prod"}[uf.__name__]

    def compute(x, axis, dtype, out, include_initial=False):
        # cumsum & co. take one int; cumulative_* also ufunc.accumulate's one-element tuple (NumPy 2.4)
        if isinstance(axis, list) or (isinstance(axis, tuple) and not new_api):
            raise TypeError(f"'{type(axis).__name__}' object cannot be interpreted as an integer")
        t = tensor(x)
        if nan_fill is not None and (t.is_floating_point() or t.is_complex()):
            t = torch.where(torch.isnan(t), torch.tensor(nan_fill, dtype=t.dtype, device=t.device), t)
        if t.dim() == 0 and new_api:
            t = t.reshape(1)  # NumPy's atleast_1d; the axis then goes to accumulate as given
        elif t.dim() == 0 and axis is not None:
            legacy_0d(axis)
            axis = None
        if axis is None:
            if new_api and t.dim() > 1:
                raise ValueError("For arrays which have more than one dimension ``axis`` argument is required.")
            t = t.reshape(-1)
            axis = 0
        res = _dtypes.to_torch(dtype) if dtype is not None else _res_dtype(cache, uf, t.dtype)
        r = uf.accumulate(_wrap(t), axis=axis, dtype=_dtypes.TO_NUMPY[res])._t
        if include_initial:
            if isinstance(axis, tuple):  # NumPy 2.4's _cumulative_func indexes a list with the axis
                raise TypeError("list indices must be integers or slices, not tuple")
            ax = normalize_axis(axis, r.dim())
            shape = list(r.shape)
            shape[ax] = 1
            r = torch.cat([torch.full(shape, uf.identity, dtype=r.dtype, device=r.device), r], dim=ax)
        return finish(r, out)

    if new_api:
        def func(x, /, *, axis=None, dtype=None, out=None, include_initial=False):
            return compute(x, axis, dtype, out, include_initial)
        name = "cumulative_" + base
    else:
        cum = {"add": torch.cumsum, "multiply": torch.cumprod}[uf.__name__] if nan_fill is None else None

        def func(a, axis=None, dtype=None, out=None):
            if cum is not None and type(a) is ndarray and dtype is None and out is None:
                # hot path (§7): what uf.accumulate computes (torch.cumsum / cumprod) once the
                # result dtype is the input's; measured on 10 elements ~10 us -> ~1.5 us
                t = a._t
                if t.dtype in _AXIS_FAST and cache.get(t.dtype) is t.dtype and (
                        axis is None or type(axis) is int and -t.dim() <= axis < t.dim()):
                    if axis is None:
                        t, axis = (t if t.dim() == 1 else t.reshape(-1)), 0
                    host = _cpu_kernels.numpy_kernel("accumulate", t)  # host data: NumPy's bits
                    return _wrap(cum(t, axis) if host is None else torch.from_numpy(host(uf._np, t.numpy(), axis)))
            return compute(a, axis, dtype, out)
        name = ("nancum" if nan_fill is not None else "cum") + base
    func.__name__ = func.__qualname__ = name
    func.__doc__ = f"Cumulative {base} along an axis (mirrors ``numpy.{name}``)."
    return func


cumsum = _accumulation(add, _SUM_DT)
cumprod = _accumulation(multiply, _PROD_DT)
nancumsum = _accumulation(add, _SUM_DT, 0)
nancumprod = _accumulation(multiply, _PROD_DT, 1)
cumulative_sum = _accumulation(add, _SUM_DT, new_api=True)
cumulative_prod = _accumulation(multiply, _PROD_DT, new_api=True)


def diff(a, n=1, axis=-1, prepend=NOVALUE, append=NOVALUE):
    """n-th discrete difference along ``axis`` (mirrors ``numpy.diff``)."""
    if n == 0:
        return _wrap(tensor(a))
    if n < 0:
        raise ValueError("order must be non-negative but got " + repr(n))
    t = tensor(a)
    if t.dim() == 0:
        raise ValueError("diff requires input that is at least one dimensional")
    ax = normalize_axis(axis, t.dim())
    parts = []
    for extra in (prepend, append):
        if extra is NOVALUE:
            parts.append(None)
            continue
        e = on_device(extra, t.device)
        if e.dim() == 0:
            shape = list(t.shape)
            shape[ax] = 1
            e = torch.broadcast_to(e, shape)
        parts.append(e)
    if parts[0] is not None or parts[1] is not None:
        seq = [p for p in (parts[0], t, parts[1]) if p is not None]
        dt = _dtypes.to_torch(_dtypes.np_result_type(*[_dtypes.TO_NUMPY[p.dtype] for p in seq]))
        t = _concat([p.to(dt) for p in seq], ax)
    op = not_equal if t.dtype is torch.bool else subtract
    x = _wrap(t)
    head = (slice(None),) * ax + (slice(1, None),)
    tail = (slice(None),) * ax + (slice(None, -1),)
    for _ in range(n):
        x = op(_wrap(x._t[head]), _wrap(x._t[tail]))
    return x


def _concat(parts, ax):
    """torch.cat with NumPy's concatenate errors (diff's prepend/append)."""
    nd = parts[0].dim()
    if ax >= nd:
        raise AxisError(ax, nd)
    for i, p in enumerate(parts[1:], 1):
        if p.dim() != nd:
            raise ValueError(f"all the input arrays must have same number of dimensions, but the array at index 0 "
                             f"has {nd} dimension(s) and the array at index {i} has {p.dim()} dimension(s)")
    for i, p in enumerate(parts[1:], 1):
        for d in range(nd):
            if d != ax and p.shape[d] != parts[0].shape[d]:
                raise ValueError(f"all the input array dimensions except for the concatenation axis must match "
                                 f"exactly, but along dimension {d}, the array at index 0 has size "
                                 f"{parts[0].shape[d]} and the array at index {i} has size {p.shape[d]}")
    return torch.cat(parts, dim=ax)


def ediff1d(ary, to_end=None, to_begin=None):
    """Differences between consecutive elements of the flattened array (mirrors ``numpy.ediff1d``)."""
    t = tensor(ary).reshape(-1)
    dt = t.dtype
    pieces = []
    for extra, where in ((to_begin, "to_begin"), (to_end, "to_end")):
        if extra is None:
            pieces.append(None)
            continue
        e = on_device(extra, t.device)
        if not _dtypes.np_can_cast(_dtypes.TO_NUMPY[e.dtype], _dtypes.TO_NUMPY[dt], casting="same_kind"):
            raise TypeError(f"dtype of `{where}` must be compatible with input `ary` under the `same_kind` rule.")
        pieces.append(e.reshape(-1).to(dt))
    d = t[1:] - t[:-1] if dt is not torch.bool else t[1:] ^ t[:-1]
    seq = [p for p in (pieces[0], d, pieces[1]) if p is not None]
    return _wrap(torch.cat(seq) if len(seq) > 1 else d)


def trapezoid(y, x=None, dx=1.0, axis=-1):
    """Integrate along ``axis`` with the trapezoidal rule (mirrors ``numpy.trapezoid``)."""
    yt = tensor(y)
    ax = normalize_axis(axis, yt.dim())
    if x is None:
        d = dx if isinstance(dx, (ndarray, float, int)) else _wrap(on_device(dx, yt.device))
    else:
        xt = on_device(x, yt.device)
        if xt.dim() == 1:
            d = _wrap(xt[1:] - xt[:-1])
            shape = [1] * yt.dim()
            shape[ax] = d.shape[0]
            d = d.reshape(shape)
        else:
            d = diff(_wrap(xt), axis=ax)
    y0 = _wrap(yt[(slice(None),) * ax + (slice(1, None),)])
    y1 = _wrap(yt[(slice(None),) * ax + (slice(None, -1),)])
    return add.reduce(multiply(d, add(y0, y1)) / 2.0, axis=ax)


def gradient(f, *varargs, axis=None, edge_order=1):
    """Gradient by second-order central differences (mirrors ``numpy.gradient``)."""
    t = tensor(f)
    nd = t.dim()
    axes = tuple(range(nd)) if axis is None else tuple(
        normalize_axis(a, nd) for a in (axis if isinstance(axis, (tuple, list)) else (axis,)))
    if len(set(axes)) != len(axes):
        raise ValueError("repeated axis")
    na = len(axes)
    if len(varargs) == 0:
        spacings = [1.0] * na
    elif len(varargs) == 1 and as_tensor(varargs[0]).dim() == 0:
        spacings = list(varargs) * na
    elif len(varargs) == na:
        spacings = list(varargs)
    else:
        raise TypeError("invalid number of arguments")
    if edge_order > 2:
        raise ValueError("'edge_order' greater than 2 not supported")
    if t.dtype in (torch.float16, torch.float32, torch.float64, torch.complex64, torch.complex128):
        otype = t.dtype
    else:
        if t.dtype is torch.bool:
            raise TypeError("numpy boolean subtract, the `-` operator, is not supported, "
                            "use the bitwise_xor, the `^` operator, or the logical_xor function instead.")
        otype = torch.float64
        t = t.to(torch.float64)
    results = []
    for ax, sp in zip(axes, spacings):
        n = t.shape[ax]
        if n < edge_order + 1:
            raise ValueError("Shape of array too small to calculate a numerical gradient, "
                             "at least (edge_order + 1) elements are required.")
        s = on_device(sp, t.device)
        if s.dim() == 0:
            h = float(sp) if isinstance(sp, (int, float)) else s.to(otype)
            results.append(_grad_uniform(t, ax, h, edge_order))
        else:
            if s.dim() != 1:
                raise ValueError("distances must be either scalars or 1d")
            if s.shape[0] != n:
                raise ValueError("when 1d, distances must match the length of the corresponding dimension")
            if not (s.is_floating_point() or s.is_complex()):
                s = s.to(torch.float64)
            results.append(_grad_coords(t, ax, s.to(otype) if otype.is_complex else s, edge_order).to(otype))
    if len(results) == 1:
        return _wrap(results[0])
    return tuple(_wrap(r) for r in results)


def _sl(t, ax, start, stop):
    n = t.shape[ax]
    start = start + n if start < 0 else start
    stop = n if stop is None else (stop + n if stop < 0 else stop)
    return t.narrow(ax, start, stop - start)


def _grad_uniform(t, ax, h, edge_order):
    interior = (_sl(t, ax, 2, None) - _sl(t, ax, 0, -2)) / (2.0 * h)
    if edge_order == 1:
        first = (_sl(t, ax, 1, 2) - _sl(t, ax, 0, 1)) / h
        last = (_sl(t, ax, -1, None) - _sl(t, ax, -2, -1)) / h
    else:
        first = (-1.5 * _sl(t, ax, 0, 1) + 2.0 * _sl(t, ax, 1, 2) - 0.5 * _sl(t, ax, 2, 3)) / h
        last = (0.5 * _sl(t, ax, -3, -2) - 2.0 * _sl(t, ax, -2, -1) + 1.5 * _sl(t, ax, -1, None)) / h
    return torch.cat([first, interior, last], dim=ax).to(t.dtype)


def _grad_coords(t, ax, x, edge_order):
    shape = [1] * t.dim()
    shape[ax] = -1
    dx = (x[1:] - x[:-1])
    dx1, dx2 = dx[:-1].reshape(shape), dx[1:].reshape(shape)
    a = -dx2 / (dx1 * (dx1 + dx2))
    b = (dx2 - dx1) / (dx1 * dx2)
    c = dx1 / (dx2 * (dx1 + dx2))
    interior = a * _sl(t, ax, 0, -2) + b * _sl(t, ax, 1, -1) + c * _sl(t, ax, 2, None)
    if edge_order == 1:
        first = (_sl(t, ax, 1, 2) - _sl(t, ax, 0, 1)) / dx[0]
        last = (_sl(t, ax, -1, None) - _sl(t, ax, -2, -1)) / dx[-1]
    else:
        d1, d2 = dx[0], dx[1]
        a0, b0, c0 = -(2.0 * d1 + d2) / (d1 * (d1 + d2)), (d1 + d2) / (d1 * d2), -d1 / (d2 * (d1 + d2))
        first = a0 * _sl(t, ax, 0, 1) + b0 * _sl(t, ax, 1, 2) + c0 * _sl(t, ax, 2, 3)
        d1, d2 = dx[-2], dx[-1]
        a1, b1, c1 = d2 / (d1 * (d1 + d2)), -(d2 + d1) / (d1 * d2), (2.0 * d2 + d1) / (d2 * (d1 + d2))
        last = a1 * _sl(t, ax, -3, -2) + b1 * _sl(t, ax, -2, -1) + c1 * _sl(t, ax, -1, None)
    return torch.cat([first, interior, last], dim=ax)


