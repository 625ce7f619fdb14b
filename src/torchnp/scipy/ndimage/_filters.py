"""scipy.ndimage's filters as torch ops (SciPy's ``_filters.py``; DESIGN §8.2).

As SciPy's C code: each line is extended by the boundary mode (``_support.extend``), the
1-D filters run in double precision (correlations as ``conv1d``, minima and maxima over
``unfold`` windows), separable filters run one axis at a time with the result cast to the
output's dtype between passes, and the n-D minimum, maximum and rank filters work in the
input's dtype, the border value cast to it.
"""

import functools
import inspect
import itertools
import numbers
import operator

import numpy as _np
import torch

from ... import _dtypes
from .._dispatch import mirror
from ._support import (F64, FILTER_MODES, Output, Param, as_f64, assign, pparam, cast, check_axes, extend, filter_mode,
                       input_tensor, normalize_axis, normalize_sequence, param, window_offsets)

__all__ = ["correlate1d", "convolve1d", "correlate", "convolve", "gaussian_filter1d", "gaussian_filter",
           "uniform_filter1d", "uniform_filter", "minimum_filter1d", "maximum_filter1d", "minimum_filter",
           "maximum_filter", "rank_filter", "median_filter", "percentile_filter", "sobel", "prewitt",
           "laplace", "gaussian_laplace", "gaussian_gradient_magnitude", "generic_laplace",
           "generic_gradient_magnitude"]

_EPS = float(_np.finfo(float).eps)
_ORIGIN_1D = ("Invalid origin; origin must satisfy -(len(weights) // 2) <= origin <= "
              "(len(weights)-1) // 2")
_ORIGIN_ND = ("Invalid origin; origin must satisfy -(weights.shape[k] // 2) <= origin[k] <= "
              "(weights.shape[k]-1) // 2")


def _invalid_origin(origin, lenw):
    return (origin < -(lenw // 2)) or (origin > (lenw - 1) // 2)


# ---------------------------------------------------------------------- 1-D kernels (float64)
def _lines(t, axis):
    """``t`` with ``axis`` last, as (lines, 1, length) for conv1d, and how to undo it."""
    moved = t.movedim(axis, -1)
    shape = moved.shape
    return moved.reshape(-1, 1, shape[-1]), lambda r: r.reshape(shape).movedim(-1, axis)


def _symmetry(w):
    """NI_Correlate1D's test: 1 for symmetric odd weights, -1 for antisymmetric, else 0."""
    k = len(w)
    if not k & 1:
        return 0
    c = k // 2
    if all(abs(w[c + i] - w[c - i]) <= _EPS for i in range(1, c + 1)):
        return 1
    if all(abs(w[c + i] + w[c - i]) <= _EPS for i in range(1, c + 1)):
        return -1
    return 0


def corr1d(t, w, axis, mode, cval, origin, w_host=None):
    """SciPy's NI_Correlate1D on a float64 tensor, in its order of operations (bit for bit where
    the weights are known on the host, ``w_host``: its symmetric and antisymmetric sums)."""
    if t.numel() == 0:
        return t.clone()
    k = w.shape[0]
    size1 = k // 2
    size2 = k - size1 - 1
    before, after = window_offsets(k, origin)
    moved = t.movedim(axis, -1)
    n = moved.shape[-1]
    ext = extend(moved, -1, before, after, mode, cval)

    def line(j):  # iline[ll + j] for every ll
        return ext[..., size1 + j:size1 + j + n]

    wk = [float(v) for v in w_host] if w_host is not None else w
    sym = _symmetry(wk) if w_host is not None else 0
    if sym:
        acc = line(0) * wk[size1]
        for j in range(-size1, 0):
            acc = acc + ((line(j) + line(-j)) if sym > 0 else (line(j) - line(-j))) * wk[size1 + j]
    else:
        acc = line(size2) * wk[size1 + size2]
        for j in range(-size1, size2):
            acc = acc + line(j) * wk[size1 + j]
    return acc.movedim(-1, axis)


def _window1d(t, size, axis, mode, cval, origin):
    """The extended lines' windows: (..., length, size) views along ``axis`` moved last."""
    before, after = window_offsets(size, origin)
    moved = t.movedim(axis, -1)
    return extend(moved, -1, before, after, mode, cval).unfold(-1, size, 1)


def _complex_parts(fn, t, w, cval):
    """SciPy's ``_complex_via_real_components``: a complex correlation as real ones (float64);
    ``fn(x, weights, cval)`` with a :class:`Param` of real weights."""
    tr, ti = (t.real, t.imag) if t.is_complex() else (t, None)
    wr, wi = (w.real.to(F64), w.imag.to(F64)) if w.is_complex() else (w.to(F64), None)
    cr, ci = (complex(cval).real, complex(cval).imag)
    if ti is not None and wi is not None:
        re = fn(as_f64(tr), wr, cr) - fn(as_f64(ti), wi, ci)
        im = fn(as_f64(tr), wi, cr) + fn(as_f64(ti), wr, ci)
    elif ti is not None:
        re, im = fn(as_f64(tr), wr, cr), fn(as_f64(ti), wr, ci)
    else:
        if isinstance(cval, complex) or _np.iscomplexobj(cval):
            raise ValueError("Cannot provide a complex-valued cval when the input is real.")
        re, im = fn(as_f64(tr), wr, cval), fn(as_f64(tr), wi, cval)
    return torch.complex(re, im)


# ---------------------------------------------------------------------- correlate / convolve
def corr1d_any(t, w, axis, mode, cval, origin):
    """A 1-D correlation of any input and weights (a :class:`Param`): float64, or complex128 by
    real parts."""
    if t.is_complex() or w.is_complex():
        return _complex_parts(lambda x, wk, c: corr1d(x, wk.t, axis, mode, c, origin, wk.h), t, w, cval)
    w = w.to(F64)
    return corr1d(as_f64(t), w.t, axis, mode, cval, origin, w.h)


@mirror("ndimage")
def correlate1d(input, weights, axis=-1, output=None, mode="reflect", cval=0.0, origin=0):
    t = input_tensor(input)
    w = pparam(weights, t.device)
    cplx = t.is_complex() or w.is_complex()
    if w.is_complex():
        w = w.conj().to(torch.complex128)
    out = Output(output, t, complex_output=cplx)
    if not cplx:
        w = w.to(F64)
    if w.ndim != 1 or w.shape[0] < 1:
        raise RuntimeError("no filter weights given")
    axis = normalize_axis(axis, t.ndim)
    if _invalid_origin(origin, w.shape[0]):
        raise ValueError(_ORIGIN_1D)
    return out.finish(corr1d_any(t, w, axis, filter_mode(mode), cval, origin))


@mirror("ndimage")
def convolve1d(input, weights, axis=-1, output=None, mode="reflect", cval=0.0, origin=0):
    t = input_tensor(input)
    w = pparam(weights, t.device)
    if w.ndim == 0:
        raise IndexError("too many indices for array: array is 0-dimensional, but 1 were indexed")
    w = w.flip()
    origin = -origin
    if not w.shape[0] & 1:
        origin -= 1
    if w.is_complex():
        w = w.conj()
    return correlate1d.__wrapped__(t, w, axis, output, mode, cval, origin)


def _corr_nd(t, w, mode, cval, origins):
    """SciPy's NI_Correlate on float64 (``w`` a :class:`Param`): the sum over the weights in C
    order, those of magnitude <= DBL_EPSILON left out (multiplied by zero for device weights)."""
    if t.numel() == 0:
        return t.clone()
    ext = nd_extend(t, w.shape, origins, mode, cval)
    wt, wh = w
    if wh is None:
        wt = torch.where(wt.abs() > _EPS, wt, 0.0)
    acc = torch.zeros_like(t)
    for pos, sl in taps(w.shape, t.shape):
        if wh is None:
            acc = acc + wt[pos] * ext[sl]
        elif abs(wh[pos]) > _EPS:
            acc = acc + float(wh[pos]) * ext[sl]
    return acc


def _correlate_or_convolve(input, weights, output, mode, cval, origin, convolution, axes):
    t = input_tensor(input)
    w = pparam(weights, t.device)
    if t.is_complex() or w.is_complex():
        if w.is_complex() and not convolution:
            w = w.conj()
        out = Output(output, t, complex_output=True)
        axes_ = check_axes(axes, t.ndim)
        w, origins = _nd_weights(t, w.to(torch.complex128) if w.is_complex() else w.to(F64), axes_, origin,
                                 convolution)
        m = _single_mode(mode)
        return out.finish(_complex_parts(lambda x, wk, c: _corr_nd(x, wk, m, c, origins), t, w, cval))
    axes_ = check_axes(axes, t.ndim)
    w, origins = _nd_weights(t, w.to(F64), axes_, origin, convolution)
    out = Output(output, t)
    return out.finish(_corr_nd(as_f64(t), w, _single_mode(mode), cval, origins))


def _single_mode(mode):
    if not isinstance(mode, str) and _np.iterable(mode):
        raise RuntimeError("A sequence of modes is not supported")
    return filter_mode(mode)


def expand_footprint(ndim, axes, fp, name="footprint"):
    if len(axes) < ndim:
        if fp.ndim != len(axes):
            raise RuntimeError(f"{name}.ndim ({fp.ndim}) must match len(axes) ({len(axes)})")
        for ax in range(ndim):
            if ax not in axes:
                fp = fp.unsqueeze(ax)
    return fp


def expand_origin(ndim, axes, origin):
    origins = normalize_sequence(origin, len(axes))
    if len(axes) < ndim:
        full = [0] * ndim
        for o, ax in zip(origins, axes):
            full[ax] = o
        origins = full
    return [int(o) for o in origins]


def _nd_weights(t, w, axes, origin, convolution):
    w = expand_footprint(t.ndim, axes, w, "weights")
    origins = expand_origin(t.ndim, axes, origin)
    wshape = [k for k in w.shape if k > 0]
    if len(wshape) != t.ndim:
        raise RuntimeError(f"weights.ndim ({len(wshape)}) must match len(axes) ({len(axes)})")
    if convolution:
        w = w.flip()
        for i in range(len(origins)):
            origins[i] = -origins[i]
            if not w.shape[i] & 1:
                origins[i] -= 1
    for o, k in zip(origins, wshape):
        if _invalid_origin(o, k):
            raise ValueError(_ORIGIN_ND)
    return w, origins


@mirror("ndimage")
def correlate(input, weights, output=None, mode="reflect", cval=0.0, origin=0, *, axes=None):
    return _correlate_or_convolve(input, weights, output, mode, cval, origin, False, axes)


@mirror("ndimage")
def convolve(input, weights, output=None, mode="reflect", cval=0.0, origin=0, *, axes=None):
    return _correlate_or_convolve(input, weights, output, mode, cval, origin, True, axes)


# ---------------------------------------------------------------------- gaussian
def gaussian_kernel1d(sigma, order, radius):
    """SciPy's ``_gaussian_kernel1d`` (computed on the host from the Python parameters, bit for bit)."""
    if order < 0:
        raise ValueError("order must be non-negative")
    exponent_range = _np.arange(order + 1)
    sigma2 = sigma * sigma
    x = _np.arange(-radius, radius + 1)
    phi_x = _np.exp(-0.5 / sigma2 * x ** 2)
    phi_x = phi_x / phi_x.sum()
    if order == 0:
        return phi_x
    q = _np.zeros(order + 1)
    q[0] = 1
    D = _np.diag(exponent_range[1:], 1)
    P = _np.diag(_np.ones(order) / -sigma2, -1)
    Q_deriv = D + P
    for _ in range(order):
        q = Q_deriv.dot(q)
    q = (x[:, None] ** exponent_range).dot(q)
    return q * phi_x


def _gaussian_weights(sigma, order, truncate, radius, dev):
    sd = float(sigma)
    lw = int(truncate * sd + 0.5)
    if radius is not None:
        lw = radius
    if not isinstance(lw, numbers.Integral) or lw < 0:
        raise ValueError("Radius must be a nonnegative integer.")
    k = gaussian_kernel1d(sigma, order, lw)[::-1].copy()
    return Param(torch.as_tensor(k, dtype=F64, device=dev), k)


@mirror("ndimage")
def gaussian_filter1d(input, sigma, axis=-1, order=0, output=None, mode="reflect", cval=0.0, truncate=4.0, *,
                      radius=None):
    t = input_tensor(input)
    w = _gaussian_weights(sigma, order, truncate, radius, t.device)
    return correlate1d.__wrapped__(t, w, axis, output, mode, cval, 0)


def _separable(t, out, passes, one):
    """Run ``one(cur, *p)`` for each pass, casting to the output dtype between passes (SciPy
    writes each pass into ``output``); no pass: the input assigned to the output (NumPy's cast)."""
    cur = t
    for p in passes:
        cur = out.cast(one(cur, *p))
    if not passes:
        cur = assign(cur, out.dtype)
    return out.finish(cur)


@mirror("ndimage")
def gaussian_filter(input, sigma, order=0, output=None, mode="reflect", cval=0.0, truncate=4.0, *, radius=None,
                    axes=None):
    t = input_tensor(input)
    out = Output(output, t)
    axes = check_axes(axes, t.ndim)
    n = len(axes)
    orders, sigmas = normalize_sequence(order, n), normalize_sequence(sigma, n)
    modes, radii = normalize_sequence(mode, n), normalize_sequence(radius, n)
    passes = [(axes[i], sigmas[i], orders[i], modes[i], radii[i]) for i in range(n) if sigmas[i] > 1e-15]

    def one(cur, axis, s, o, m, r):
        w = _gaussian_weights(s, o, truncate, r, cur.device)
        return corr1d_any(cur, w, axis, filter_mode(m), cval, 0)

    return _separable(t, out, passes, one)


# ---------------------------------------------------------------------- uniform
def _uniform1d(t, size, axis, mode, cval, origin):
    ones = torch.ones(size, dtype=F64, device=t.device)
    return corr1d(t, ones, axis, mode, cval, origin, _np.ones(size)) / size


def _uniform_any(t, size, axis, mode, cval, origin):
    if t.is_complex():
        c = complex(cval)
        return torch.complex(_uniform1d(as_f64(t.real), size, axis, mode, c.real, origin),
                             _uniform1d(as_f64(t.imag), size, axis, mode, c.imag, origin))
    return _uniform1d(as_f64(t), size, axis, mode, cval, origin)


@mirror("ndimage")
def uniform_filter1d(input, size, axis=-1, output=None, mode="reflect", cval=0.0, origin=0):
    t = input_tensor(input)
    axis = normalize_axis(axis, t.ndim)
    if size < 1:
        raise RuntimeError("incorrect filter size")
    out = Output(output, t, complex_output=t.is_complex())
    if (size // 2 + origin < 0) or (size // 2 + origin >= size):
        raise ValueError("invalid origin")
    return out.finish(_uniform_any(t, size, axis, filter_mode(mode), cval, origin))


@mirror("ndimage")
def uniform_filter(input, size=3, output=None, mode="reflect", cval=0.0, origin=0, *, axes=None):
    t = input_tensor(input)
    out = Output(output, t, complex_output=t.is_complex())
    axes = check_axes(axes, t.ndim)
    n = len(axes)
    sizes, origins, modes = normalize_sequence(size, n), normalize_sequence(origin, n), normalize_sequence(mode, n)
    passes = [(axes[i], sizes[i], origins[i], modes[i]) for i in range(n) if sizes[i] > 1]

    return _separable(t, out, passes, lambda cur, axis, s, o, m: _uniform_any(cur, int(s), axis, filter_mode(m),
                                                                              cval, o))


# ---------------------------------------------------------------------- minimum / maximum
def _minmax1d(t, size, axis, mode, cval, origin, minimum):
    win = _window1d(t, size, axis, mode, cval, origin)
    r = win.amin(-1) if minimum else win.amax(-1)
    return r.movedim(-1, axis)


def _minmax_filter1d(input, size, axis, output, mode, cval, origin, minimum):
    t = input_tensor(input, complex_ok=False)
    axis = normalize_axis(axis, t.ndim)
    if size < 1:
        raise RuntimeError("incorrect filter size")
    out = Output(output, t)
    if (size // 2 + origin < 0) or (size // 2 + origin >= size):
        raise ValueError("invalid origin")
    m = filter_mode(mode)
    if t.numel() == 0:
        return out.finish(as_f64(t))
    return out.finish(_minmax1d(as_f64(t), size, axis, m, cval, origin, minimum))


@mirror("ndimage")
def minimum_filter1d(input, size, axis=-1, output=None, mode="reflect", cval=0.0, origin=0):
    return _minmax_filter1d(input, size, axis, output, mode, cval, origin, True)


@mirror("ndimage")
def maximum_filter1d(input, size, axis=-1, output=None, mode="reflect", cval=0.0, origin=0):
    return _minmax_filter1d(input, size, axis, output, mode, cval, origin, False)


def typed_cval(cval, dtype, dev):
    """``(_type)cval``: the border value as SciPy's n-D filters cast it to the input's type."""
    return cast(torch.tensor(float(cval), dtype=F64, device=dev), dtype)


def nd_extend(t, fshape, origins, mode, cval):
    ext = t
    for ax, (k, o) in enumerate(zip(fshape, origins)):
        ext = extend(ext, ax, *window_offsets(k, o), mode, cval)
    return ext


def taps(fshape, shape):
    """(position, slices) for every position of a window of ``fshape`` over an extended array."""
    for pos in itertools.product(*(range(k) for k in fshape)):
        yield pos, tuple(slice(p, p + n) for p, n in zip(pos, shape))


def minmax_nd(t, fp, structure, mode, cval, origins, minimum, fp_host=None):
    """SciPy's NI_MinOrMaxFilter: the minimum (maximum) over the footprint of ``input[i + k]``, or
    with a structure of ``input[i + k] - s[k]`` (``+ s[k]``), the border value cast to the
    input's type. Without a structure the values are the input's; with one, SciPy adds the
    first tap in double precision and the others in the input's type (``bool`` as ``unsigned
    char``, wrapping as C does), comparing in double: so does this (the first tap of a footprint
    on the device found there)."""
    dt = t.dtype
    if t.numel() == 0:
        return t.clone() if structure is None else as_f64(t)
    if structure is None:
        cv = typed_cval(cval, dt, t.device)
        ext = nd_extend(t, fp.shape, origins, mode, cv)
        if dt == torch.bool:
            fill = torch.tensor(minimum, device=t.device)
        elif dt.is_floating_point:
            fill = torch.tensor(float("inf") if minimum else float("-inf"), dtype=dt, device=t.device)
        else:
            info = torch.iinfo(dt)
            fill = torch.tensor(info.max if minimum else info.min, dtype=dt, device=t.device)
        acc = None
        for pos, sl in taps(fp.shape, t.shape):
            v = ext[sl] if fp_host is not None else torch.where(fp[pos], ext[sl], fill)
            if fp_host is not None and not fp_host[pos]:
                continue
            acc = v if acc is None else (torch.minimum(acc, v) if minimum else torch.maximum(acc, v))
        return acc
    typ = torch.uint8 if dt == torch.bool else dt  # npy_bool is an unsigned char
    work = t.to(typ)
    ss = structure.to(F64)
    ss = -ss if minimum else ss
    ext = nd_extend(work, fp.shape, origins, mode, typed_cval(cval, typ, t.device))
    fill = torch.tensor(float("inf") if minimum else float("-inf"), dtype=F64, device=t.device)
    acc = None
    seen = torch.zeros((), dtype=torch.bool, device=t.device)  # a footprint tap came before this one
    for pos, sl in taps(fp.shape, t.shape):
        if fp_host is not None and not fp_host[pos]:
            continue
        v = ext[sl]
        if fp_host is not None and acc is None:
            val = as_f64(v) + ss[pos]  # SciPy's first tap: in double
        else:
            if typ.is_floating_point:
                val = as_f64(v + ss[pos].to(typ))
            else:
                val = as_f64((v.to(torch.int64) + cast(ss[pos], typ).to(torch.int64)).to(typ))
            if fp_host is None:  # the first tap of a footprint known on the device only
                val = torch.where(fp[pos], torch.where(seen, val, as_f64(v) + ss[pos]), fill)
                seen = seen | fp[pos]
        acc = val if acc is None else (torch.minimum(acc, val) if minimum else torch.maximum(acc, val))
    return acc


def _check_footprint(fp, origins, ndim, axes):
    """SciPy's checks of a footprint expanded to ``ndim`` dimensions and of its origins."""
    fshape = [k for k in fp.shape if k > 0]
    if len(fshape) != ndim:
        raise RuntimeError(f"footprint.ndim ({fp.ndim}) must match len(axes) ({len(axes)})")
    for o, k in zip(origins, fshape):
        if (k // 2 + o < 0) or (k // 2 + o >= k):
            raise ValueError("invalid origin")


def _min_or_max_filter(input, size, footprint, structure, output, mode, cval, origin, minimum, axes=None):
    if size is not None and footprint is not None:
        import warnings

        warnings.warn("ignoring size because footprint is set", UserWarning, stacklevel=4)
    t = input_tensor(input)
    dev = t.device
    fp = fp_host = s = None
    if structure is None:
        if footprint is None:
            if size is None:
                raise RuntimeError("no footprint provided")
            separable = True
        else:
            fp, fp_host = param(footprint, dev, torch.bool)
            if fp_host is not None and not fp_host.any():
                raise ValueError("All-zero footprint is not supported.")
            if fp_host is not None and fp_host.all():
                size, fp, separable = fp_host.shape, None, True
            else:
                separable = False
    else:
        s, _ = param(structure, dev, F64)
        separable = False
        if footprint is None:
            fp, fp_host = torch.ones(s.shape, dtype=torch.bool, device=dev), _np.ones(s.shape, bool)
        else:
            fp, fp_host = param(footprint, dev, torch.bool)
    if t.is_complex():
        raise TypeError("Complex type not supported")
    out = Output(output, t)
    axes = check_axes(axes, t.ndim)
    n = len(axes)
    if separable:
        origins, sizes, modes = normalize_sequence(origin, n), normalize_sequence(size, n), normalize_sequence(mode, n)
        passes = [(axes[i], int(sizes[i]), origins[i], filter_mode(modes[i])) for i in range(n) if sizes[i] > 1]
        for _, sz, o, _ in passes:
            if (sz // 2 + o < 0) or (sz // 2 + o >= sz):
                raise ValueError("invalid origin")
        if t.numel() == 0:
            return _separable(t, out, [], None)
        return _separable(t, out, passes, lambda cur, a, sz, o, m: _minmax1d(as_f64(cur), sz, a, m, cval, o, minimum))
    fp, fp_host = expand_footprint(t.ndim, axes, Param(fp, fp_host))
    origins = expand_origin(t.ndim, axes, origin)
    _check_footprint(fp, origins, t.ndim, axes)
    if s is not None:
        if s.ndim != n:
            raise RuntimeError("structure array has incorrect shape")
        s = expand_footprint(t.ndim, axes, Param(s, None), "structure").t
    if not isinstance(mode, str) and _np.iterable(mode):
        raise RuntimeError("A sequence of modes is not supported for non-separable footprints")
    m = filter_mode(mode)
    return out.finish(minmax_nd(t, fp, s, m, cval, origins, minimum, fp_host))


@mirror("ndimage")
def minimum_filter(input, size=None, footprint=None, output=None, mode="reflect", cval=0.0, origin=0, *,
                   axes=None):
    return _min_or_max_filter(input, size, footprint, None, output, mode, cval, origin, True, axes)


@mirror("ndimage")
def maximum_filter(input, size=None, footprint=None, output=None, mode="reflect", cval=0.0, origin=0, *,
                   axes=None):
    return _min_or_max_filter(input, size, footprint, None, output, mode, cval, origin, False, axes)


# ---------------------------------------------------------------------- rank filters
def _rank_filter(input, rank, size, footprint, output, mode, cval, origin, operation, axes):
    if size is not None and footprint is not None:
        import warnings

        warnings.warn("ignoring size because footprint is set", UserWarning, stacklevel=4)
    t = input_tensor(input, complex_ok=False)
    dev = t.device
    axes = check_axes(axes, t.ndim)
    n = len(axes)
    if footprint is None:
        if size is None:
            raise RuntimeError("no footprint or filter size provided")
        sizes = normalize_sequence(size, n)
        fp_host = _np.ones(sizes, dtype=bool)
        fp = torch.ones(tuple(sizes), dtype=torch.bool, device=dev)
    else:
        fp, fp_host = param(footprint, dev, torch.bool)
    fp, fp_host = expand_footprint(t.ndim, axes, Param(fp, fp_host))
    origins = expand_origin(t.ndim, axes, origin)
    if not isinstance(mode, str) and _np.iterable(mode):
        modes = normalize_sequence(mode, n)
        full = ["constant"] * t.ndim
        for mm, ax in zip(modes, axes):
            full[ax] = mm
        mode = full
    _check_footprint(fp, origins, t.ndim, axes)
    # the filter size: known on the host for host footprints, else a device value (no read)
    filter_size = int(fp_host.sum()) if fp_host is not None else fp.sum()
    if operation == "median":
        rank = filter_size // 2
    elif operation == "percentile":
        percentile = rank
        if percentile < 0.0:
            percentile += 100.0
        if percentile < 0 or percentile > 100:
            raise RuntimeError("invalid percentile")
        if percentile == 100.0:
            rank = filter_size - 1
        elif fp_host is not None:
            rank = int(float(filter_size) * percentile / 100.0)
        else:
            rank = (filter_size.to(F64) * percentile / 100.0).floor().to(torch.int64)
    if isinstance(rank, int):
        if rank < 0:
            rank += filter_size
    else:
        rank = torch.where(rank < 0, rank + filter_size, rank)
    if fp_host is not None and (rank < 0 or rank >= filter_size):
        raise RuntimeError("rank not within filter footprint size")
    # (the footprint as a Param: its host values known, and not a NumPy array beside device data)
    if isinstance(rank, int) and fp_host is not None and rank == 0:
        return _min_or_max_filter(t, None, Param(fp, fp_host), None, output, mode, cval, origins, True, None)
    if isinstance(rank, int) and fp_host is not None and rank == filter_size - 1:
        return _min_or_max_filter(t, None, Param(fp, fp_host), None, output, mode, cval, origins, False, None)
    out = Output(output, t)
    if not isinstance(mode, str) and _np.iterable(mode):
        raise RuntimeError("A sequence of modes is not supported by non-separable rank filters")
    m = filter_mode(mode)
    if t.numel() == 0:
        return out.finish(t)
    if t.ndim == 1 and fp_host is not None and fp_host.all() and (
            _window_fits(t.shape[0], fp_host.size, origins[0]) or t.shape[0] == 1):
        # SciPy's 1-D rank filter: cval in the data's type (int64 for integers)
        wd = torch.int64 if not t.dtype.is_floating_point else t.dtype
        cv = typed_cval(cval, wd, dev)
        work = t.to(wd)
    else:
        work, cv = t, typed_cval(cval, t.dtype, dev)
    return out.finish(_rank_nd(work, fp, fp_host, rank, m, cv, origins))


def _rank_nd(t, fp, fp_host, rank, mode, cv, origins):
    """The ``rank``-th smallest value over the footprint (NI_RankFilter). A host footprint picks
    its positions on the host; a device one puts the others last (the largest value) and the
    rank, a device value then, is gathered."""
    dt = t.dtype
    work = t.to(torch.uint8) if dt == torch.bool else t
    ext = nd_extend(work, fp.shape, origins, mode, cv.to(work.dtype))
    if fp_host is not None:
        vals = torch.stack([ext[sl] for pos, sl in taps(fp.shape, t.shape) if fp_host[pos]], dim=-1)
        return vals.kthvalue(rank + 1, dim=-1).values.to(dt)
    big = torch.tensor(float("inf") if work.dtype.is_floating_point else torch.iinfo(work.dtype).max,
                       dtype=work.dtype, device=t.device)
    vals = torch.stack([torch.where(fp[pos], ext[sl], big) for pos, sl in taps(fp.shape, t.shape)], dim=-1)
    srt = vals.sort(dim=-1).values
    r = torch.as_tensor(rank, device=t.device).expand(*vals.shape[:-1], 1)
    return torch.gather(srt, -1, r).squeeze(-1).to(dt)


def _window_fits(n, k, origin):
    """SciPy's test for its 1-D rank filter (``lim2 >= 0``; else its n-D one, or for a single value
    its own case): the window's part after its centre, ``(k - 1) // 2 - origin``, fits in ``n``."""
    return n >= (k - 1) // 2 - origin


def _reads_past(mode, n, k, origin):
    """Whether SciPy's 1-D rank filter (scipy/ndimage/src/_rank_filter_1d.cpp) reads past an input of
    ``n`` values for a window of ``k`` at ``origin``: it takes the window's values beyond the ends from
    the input itself, by the mode, which has too few of them where the window is longer than the input."""
    if not _window_fits(n, k, origin):  # SciPy's n-D filter runs, or its case of a single value
        return False
    lim = (k - 1) // 2 - origin
    mode = filter_mode(mode)
    if mode == "reflect":
        return k - lim - 1 >= n
    if mode == "mirror":
        return k - lim >= n or lim >= n
    if mode == "wrap":
        return n - lim - (2 if k % 2 == 0 else 0) - 2 * origin < 0
    return False


#: the dtypes SciPy's 1-D rank filter works in, writing the output as that type whatever its dtype
_RANK_1D_TYPES = (_np.dtype(_np.float32), _np.dtype(_np.float64), _np.dtype(_np.int64))


_signature = functools.cache(inspect.signature)  # SciPy's three functions, resolved once


def _rank_filter_on_host(scipy_filter, *args, **kwargs):
    """SciPy's rank filter on host data. Where SciPy's filter of a 1-D input would be wrong (a window
    that reads past the input, :func:`_reads_past`; a footprint with zeros, which it ignores; an output
    of another dtype than a float32, float64 or int64 input, which it writes as the input's type, past
    the end of a narrower one), SciPy's n-D filter of the 1 x n view: the values its 1-D filter gives
    where it is right."""
    try:
        bound = _signature(scipy_filter).bind(*args, **kwargs)
        bound.apply_defaults()
        a = bound.arguments
        x, mode, output = _np.asarray(a["input"]), a["mode"], a["output"]
        if x.ndim != 1 or check_axes(a["axes"], 1) not in ((0,), (-1,)) or mode not in FILTER_MODES:
            raise ValueError
        fp = (_np.ones(normalize_sequence(a["size"], 1), dtype=bool) if a["footprint"] is None
              else _np.asarray(a["footprint"], dtype=bool))
        (origin,) = [operator.index(o) for o in _np.ravel(a["origin"])]
        array_output = isinstance(output, _np.ndarray)
        out_dtype = output.dtype if array_output else x.dtype if output is None else _np.dtype(output)
        if fp.ndim != 1 or not 0 <= fp.size // 2 + origin < fp.size or (array_output and output.ndim != 1):
            raise ValueError
    except (TypeError, ValueError, RuntimeError):  # SciPy's own call: its answer or its error
        return scipy_filter(*args, **kwargs)
    own_output = out_dtype == x.dtype or x.dtype not in _RANK_1D_TYPES
    if fp.all() and own_output and not _reads_past(mode, x.shape[0], fp.size, origin):
        return scipy_filter(*args, **kwargs)
    if a["footprint"] is None:
        a["size"] = None
    a.update(input=x[None], footprint=fp[None], origin=(0, origin), axes=None)
    if array_output:
        a["output"] = output[None]
    r = scipy_filter(**a)
    return output if array_output else r[0]


@mirror("ndimage", host=_rank_filter_on_host)
def rank_filter(input, rank, size=None, footprint=None, output=None, mode="reflect", cval=0.0, origin=0, *,
                axes=None):
    rank = operator.index(rank)
    return _rank_filter(input, rank, size, footprint, output, mode, cval, origin, "rank", axes)


@mirror("ndimage", host=_rank_filter_on_host)
def median_filter(input, size=None, footprint=None, output=None, mode="reflect", cval=0.0, origin=0, *,
                  axes=None):
    return _rank_filter(input, 0, size, footprint, output, mode, cval, origin, "median", axes)


@mirror("ndimage", host=_rank_filter_on_host)
def percentile_filter(input, percentile, size=None, footprint=None, output=None, mode="reflect", cval=0.0,
                      origin=0, *, axes=None):
    return _rank_filter(input, percentile, size, footprint, output, mode, cval, origin, "percentile", axes)


# ---------------------------------------------------------------------- derivatives
def _edge(input, axis, output, mode, cval, smooth):
    t = input_tensor(input)
    axis = normalize_axis(axis, t.ndim)
    out = Output(output, t)
    modes = normalize_sequence(mode, t.ndim)
    dev = t.device
    d = torch.tensor([-1.0, 0.0, 1.0], dtype=F64, device=dev)
    s = torch.tensor(smooth, dtype=F64, device=dev)
    cur = out.cast(corr1d(as_f64(t), d, axis, filter_mode(modes[axis]), cval, 0, [-1.0, 0.0, 1.0]))
    for ii in range(t.ndim):
        if ii != axis:
            cur = out.cast(corr1d(as_f64(cur), s, ii, filter_mode(modes[ii]), cval, 0, smooth))
    return out.finish(cur)


@mirror("ndimage")
def prewitt(input, axis=-1, output=None, mode="reflect", cval=0.0):
    return _edge(input, axis, output, mode, cval, [1.0, 1.0, 1.0])


@mirror("ndimage")
def sobel(input, axis=-1, output=None, mode="reflect", cval=0.0):
    return _edge(input, axis, output, mode, cval, [1.0, 2.0, 1.0])


def _generic_laplace(t, derivative2, output, mode, cval, axes):
    out = Output(output, t)
    axes = check_axes(axes, t.ndim)
    if not axes:
        return out.finish(assign(t, out.dtype))
    modes = normalize_sequence(mode, len(axes))
    # uint16/32/64 (no torch kernels) summed as their signed views, whose sums wrap to the same bits
    acc = _dtypes.as_signed(out.cast(derivative2(t, axes[0], out.dtype, modes[0], cval)))
    for ii in range(1, len(axes)):
        acc = acc + _dtypes.as_signed(out.cast(derivative2(t, axes[ii], out.dtype, modes[ii], cval)))
    return out.finish(acc.view(out.dtype))


def _np_dtype(dtype):
    return _dtypes.TO_NUMPY[dtype]


@mirror("ndimage")
def laplace(input, output=None, mode="reflect", cval=0.0, *, axes=None):
    t = input_tensor(input)

    def derivative2(x, axis, dtype, m, c):
        w = torch.tensor([1.0, -2.0, 1.0], dtype=F64, device=x.device)
        return corr1d(as_f64(x), w, axis, filter_mode(m), c, 0, [1.0, -2.0, 1.0])

    return _generic_laplace(t, derivative2, output, mode, cval, axes)


@mirror("ndimage")
def gaussian_laplace(input, sigma, output=None, mode="reflect", cval=0.0, *, axes=None, **kwargs):
    t = input_tensor(input)
    axes_ = check_axes(axes, t.ndim)
    sig = normalize_sequence(sigma, len(axes_))
    if len(axes_) < t.ndim:
        full = [0] * t.ndim
        for s_, ax in zip(sig, axes_):
            full[ax] = s_
        sig = full

    def derivative2(x, axis, dtype, m, c):
        order = [0] * x.ndim
        order[axis] = 2
        return gaussian_filter.__wrapped__(x, sig, order, _np_dtype(dtype), m, c, **kwargs)

    return _generic_laplace(t, derivative2, output, mode, cval, axes)


@mirror("ndimage")
def gaussian_gradient_magnitude(input, sigma, output=None, mode="reflect", cval=0.0, *, axes=None, **kwargs):
    t = input_tensor(input)
    out = Output(output, t)
    axes = check_axes(axes, t.ndim)
    if not axes:
        return out.finish(assign(t, out.dtype))
    modes = normalize_sequence(mode, len(axes))

    def derivative(axis, m):
        order = [0] * t.ndim
        order[axis] = 1
        return gaussian_filter.__wrapped__(t, sigma, order, _np_dtype(out.dtype), m, cval, **kwargs)

    acc = _dtypes.as_signed(derivative(axes[0], modes[0]))  # (uint16/32/64 as in _generic_laplace)
    acc = acc * acc
    for ii in range(1, len(axes)):
        d = _dtypes.as_signed(derivative(axes[ii], modes[ii]))
        acc = acc + d * d
    acc = acc.view(out.dtype)
    if acc.dtype.is_floating_point or acc.dtype.is_complex:
        r = torch.sqrt(acc)
    else:
        r = torch.sqrt(acc.to(F64))
    return out.finish(r)


# ---------------------------------------------------------------------- generic derivatives (callables)
def _callable_output(t, output):
    """The output array a user's derivative writes into (a torchnp array on the input's device)."""
    import torchnp

    out = Output(output, t)
    if out.array is not None:
        return out.array
    return torchnp.zeros(tuple(t.shape), dtype=_np_dtype(out.dtype), device=t.device)


def _generic_sum(input, derivative, output, mode, cval, extra_arguments, extra_keywords, axes, squared):
    """The sum over ``axes`` of the user's ``derivative`` (of its squares and their root where
    ``squared``), called as SciPy calls it: the first into the output array, the others with its dtype."""
    import torchnp

    extra_keywords = {} if extra_keywords is None else extra_keywords
    t = input_tensor(input)
    x = torchnp.asarray(input) if not isinstance(input, torch.Tensor) else torchnp.from_torch(t)
    out = _callable_output(t, output)
    axes = check_axes(axes, t.ndim)
    if not axes:
        out[...] = x
        return out
    modes = normalize_sequence(mode, len(axes))
    derivative(x, axes[0], out, modes[0], cval, *extra_arguments, **extra_keywords)
    if squared:
        torchnp.multiply(out, out, out)
    for ii in range(1, len(axes)):
        tmp = derivative(x, axes[ii], out.dtype, modes[ii], cval, *extra_arguments, **extra_keywords)
        if squared:
            torchnp.multiply(tmp, tmp, tmp)
        torchnp.add(out, tmp, out=out)
    if squared:
        torchnp.sqrt(out, out, casting="unsafe")
    return out


@mirror("ndimage")
def generic_laplace(input, derivative2, output=None, mode="reflect", cval=0.0, extra_arguments=(),
                    extra_keywords=None, *, axes=None):
    return _generic_sum(input, derivative2, output, mode, cval, extra_arguments, extra_keywords, axes, False)


@mirror("ndimage")
def generic_gradient_magnitude(input, derivative, output=None, mode="reflect", cval=0.0, extra_arguments=(),
                               extra_keywords=None, *, axes=None):
    return _generic_sum(input, derivative, output, mode, cval, extra_arguments, extra_keywords, axes, True)
