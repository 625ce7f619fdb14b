"""scipy.ndimage's spline interpolation as torch ops (SciPy's ``_interpolation.py``; DESIGN §8.2).

As SciPy's ``ni_interpolation.c``: each output point's input coordinate is mapped into the
array by the mode (``map_coordinate``), the ``order + 1`` spline taps per axis are found and
their indices mapped by the spline's boundary mode, and the value is the sum over the taps in
C order of ``coefficient * w_0 * w_1 ...`` (SciPy's B-spline weights), cast to the output with
SciPy's rounding for integers. The prefilter (``spline_filter1d``) is SciPy's recursive filter:
lines of up to ``EXACT_LENGTH`` values run SciPy's recursion step by step (its results bit for
bit); longer lines compute its initial values as SciPy does, and each recursion ``y[i] = x[i] +
z * y[i - 1]`` as the one-sided filter of the powers of the pole ``z`` it amounts to, truncated
where ``|z|**k < 1e-18`` (a convolution on the device instead of a loop along each line).
"""

import itertools
import math
import warnings

import numpy as _np
import torch

from ... import _dtypes
from ..._array import ndarray
from .._dispatch import mirror, scipy_function
from . import _filters
from ._support import F64, Output, as_f64, assign, cast, input_tensor, normalize_axis, normalize_sequence, param, tensor

__all__ = ["spline_filter1d", "spline_filter", "map_coordinates", "affine_transform", "shift", "zoom", "rotate"]

#: SciPy's ``_extend_mode_to_code`` (interpolation: the grid modes are their own)
_MODES = {"nearest": "nearest", "wrap": "wrap", "reflect": "reflect", "grid-mirror": "reflect", "mirror": "mirror",
          "constant": "constant", "grid-wrap": "grid-wrap", "grid-constant": "grid-constant"}
#: the poles of SciPy's ``get_filter_poles``
_POLES = {2: [-0.171572875253809902396622551580603843], 3: [-0.267949192431122706472553658494127633],
          4: [-0.361341225900220177092212841325675255, -0.013725429297339121360331226939128204],
          5: [-0.430575347099973791851434783493520110, -0.043096288203264653822712376822550182]}


def _mode(mode):
    try:
        return _MODES[mode]
    except (KeyError, TypeError):
        raise RuntimeError("boundary mode not supported") from None


# ---------------------------------------------------------------------- prefilter
#: the spline prefilter's initial conditions per mode (SciPy's apply_filter)
_INIT = {"constant": "mirror", "grid-constant": "mirror", "mirror": "mirror", "wrap": "mirror",
         "grid-wrap": "wrap", "nearest": "reflect", "reflect": "reflect"}


def _taps(z):
    """How many powers of pole ``z`` matter: ``|z|**k < 1e-18`` beyond."""
    return int(math.ceil(math.log(1e-18) / math.log(abs(z))))


def _powers(z, n, dev):
    return torch.tensor(z, dtype=F64, device=dev) ** torch.arange(n, dtype=F64, device=dev)


def _one_sided(x, z, causal):
    """``y[i] = sum_k z**k x[i - k]`` (causal) or ``x[i + k]`` (anticausal), zero beyond the line:
    the recursion ``y[i] = x[i] + z * y[i -/+ 1]`` written as a filter of its significant taps."""
    n = x.shape[-1]
    k = min(_taps(z), n - 1)
    w = _powers(z, k + 1, x.device)
    lines = x.reshape(-1, 1, n)
    if causal:
        y = torch.nn.functional.conv1d(torch.nn.functional.pad(lines, (k, 0)), w.flip(0).view(1, 1, -1))
    else:
        y = torch.nn.functional.conv1d(torch.nn.functional.pad(lines, (0, k)), w.view(1, 1, -1))
    return y.reshape(x.shape)


def _causal_init(c, z, init):
    n = c.shape[-1]
    zi = _powers(z, n, c.device)  # z**0 .. z**(n-1)
    if init == "mirror":
        zn1 = z ** (n - 1)
        mid = (zi[1:n - 1] * (c[..., 1:n - 1] + zn1 * c[..., 1:n - 1].flip(-1))).sum(-1) if n > 2 else 0.0
        return (c[..., 0] + zn1 * c[..., n - 1] + mid) / (1 - zn1 * zn1)
    if init == "wrap":
        return (c[..., 0] + (zi[1:] * c[..., 1:].flip(-1)).sum(-1)) / (1 - z ** n)
    zn = z ** n  # reflect
    total = c[..., 0] + zn * c[..., n - 1] + (zi[1:] * (c[..., 1:] + zn * c[..., :n - 1].flip(-1))).sum(-1)
    return c[..., 0] + total * z / (1 - zn * zn)


def _anticausal_init(c, z, init):
    n = c.shape[-1]
    if init == "mirror":
        return (z * c[..., n - 2] + c[..., n - 1]) * z / (z * z - 1)
    if init == "wrap":
        zi = _powers(z, n, c.device)
        return (c[..., n - 1] + (zi[1:] * c[..., :n - 1]).sum(-1)) * z / (z ** n - 1)
    return c[..., n - 1] * (z / (z - 1))


#: lines up to this length are filtered by SciPy's recursion itself, step by step (bit for bit);
#: longer ones by the equivalent one-sided filters (a few convolutions: within ~1e-16 relative)
EXACT_LENGTH = 64


def _recursive_line_filter(c, z, init):
    """SciPy's apply_filter for one pole, step by step along the last axis (SciPy's operations in
    SciPy's order; the reflect initial value as fixed after SciPy 1.17, scipy/scipy#24615)."""
    n = c.shape[-1]
    c = c.clone()
    if init == "mirror":
        zn1 = z ** (n - 1)
        c0 = c[..., 0] + zn1 * c[..., n - 1]
        zi = z
        for i in range(1, n - 1):
            c0 = c0 + zi * (c[..., i] + zn1 * c[..., n - 1 - i])
            zi *= z
        c[..., 0] = c0 / (1 - zn1 * zn1)
    elif init == "wrap":
        c0 = c[..., 0]
        zi = z
        for i in range(1, n):
            c0 = c0 + zi * c[..., n - i]
            zi *= z
        c[..., 0] = c0 / (1 - zi)
    else:
        zn = z ** n
        total = c[..., 0] + zn * c[..., n - 1]
        zi = z
        for i in range(1, n):
            total = total + zi * (c[..., i] + zn * c[..., n - 1 - i])
            zi *= z
        c[..., 0] = c[..., 0] + total * z / (1 - zn * zn)
    for i in range(1, n):
        c[..., i] = c[..., i] + z * c[..., i - 1]
    if init == "mirror":
        c[..., n - 1] = (z * c[..., n - 2] + c[..., n - 1]) * z / (z * z - 1)
    elif init == "wrap":
        cl = c[..., n - 1]
        zi = z
        for i in range(n - 1):
            cl = cl + zi * c[..., i]
            zi *= z
        c[..., n - 1] = cl * (z / (zi - 1))
    else:
        c[..., n - 1] = c[..., n - 1] * (z / (z - 1))
    for i in range(n - 2, -1, -1):
        c[..., i] = z * (c[..., i + 1] - c[..., i])
    return c


def _spline_filter1d_raw(t, order, axis, mode):
    """SciPy's NI_SplineFilter1D (apply_filter) on float64 ``t`` along ``axis``: the gain, then per
    pole the causal pass from SciPy's initial value and the anticausal pass from its end value."""
    n = t.shape[axis]
    if n <= 1 or order < 2:
        return t
    init = _INIT[mode]
    poles = _POLES[order]
    gain = 1.0
    for z in poles:
        gain *= (1.0 - z) * (1.0 - 1.0 / z)
    c = t.movedim(axis, -1) * gain
    for z in poles:
        if n <= EXACT_LENGTH:
            c = _recursive_line_filter(c, z, init)
            continue
        c0 = _causal_init(c, z, init)
        c = _one_sided(torch.cat([c0.unsqueeze(-1), c[..., 1:]], -1), z, True)
        dn = _anticausal_init(c, z, init)
        c = _one_sided(torch.cat([-z * c[..., :n - 1], dn.unsqueeze(-1)], -1), z, False)
    return c.movedim(-1, axis)


def _spline_filter_raw(t, order, mode):
    for axis in range(t.ndim):
        t = _spline_filter1d_raw(t, order, axis, mode)
    return t


def _parts(t, fn):
    """``fn`` on float64 parts: complex inputs by real and imaginary parts, as SciPy."""
    if t.is_complex():
        return torch.complex(fn(as_f64(t.real)), fn(as_f64(t.imag)))
    return fn(as_f64(t))


@mirror("ndimage")
def spline_filter1d(input, order=3, axis=-1, output=_np.float64, mode="mirror"):
    if order < 0 or order > 5:
        raise RuntimeError("spline order not supported")
    t = input_tensor(input)
    out = Output(output, t, complex_output=t.is_complex())
    if order in (0, 1):
        return out.finish(assign(t, out.dtype))
    m = _mode(mode)
    axis = normalize_axis(axis, t.ndim)
    return out.finish(_parts(t, lambda x: _spline_filter1d_raw(x, order, axis, m)))


@mirror("ndimage")
def spline_filter(input, order=3, output=_np.float64, mode="mirror"):
    if order < 2 or order > 5:
        raise RuntimeError("spline order not supported")
    t = input_tensor(input)
    out = Output(output, t, complex_output=t.is_complex())
    m = _mode(mode)
    if t.ndim == 0:
        return out.finish(assign(t, out.dtype))

    real = out.dtype.to_real() if out.is_complex else out.dtype

    def run(x):
        for axis in range(x.ndim):  # SciPy writes each axis' pass into the output
            x = as_f64(Output.cast(out, _spline_filter1d_raw(x, order, axis, m)).to(real)
                       if not out.is_complex else _spline_filter1d_raw(x, order, axis, m).to(real))
        return x

    return out.finish(_parts(t, run))


def _prefiltered(x, order, mode, cval, prefilter, batch_dims=0, dtype=None):
    """SciPy's ``_prepad_for_spline_filter`` and ``spline_filter`` over the axes after
    ``batch_dims``: the coefficients (float64) and the padding ``npad``. SciPy pads the input
    in its own dtype, so the border value is cast to ``dtype`` (NumPy's cast) first."""
    x = as_f64(x)
    if not (prefilter and order > 1):
        return x, 0
    npad = 0
    if mode in ("nearest", "grid-constant"):
        npad = 12
        pad = float(cval)
        if dtype is not None and mode == "grid-constant":
            with _np.errstate(invalid="ignore"), warnings.catch_warnings():
                warnings.simplefilter("ignore")
                pad = float(_np.array(cval).astype(_dtypes.TO_NUMPY[dtype]))
        for ax in range(batch_dims, x.ndim):
            x = _filters.extend(x, ax, npad, npad, "nearest" if mode == "nearest" else "constant", pad)
    for ax in range(batch_dims, x.ndim):
        x = _spline_filter1d_raw(x, order, ax, mode)
    return x, npad


# ---------------------------------------------------------------------- the interpolation core
def map_coordinate(c, n, mode):
    """SciPy's ``map_coordinate``: float64 coordinates ``c`` outside [0, n - 1] mapped by ``mode``."""
    lo, hi = c < 0, c > n - 1
    if mode == "constant":
        return torch.where(lo | hi, -1.0, c)
    if mode == "nearest":
        return c.clamp(0, n - 1)
    if n <= 1:
        return torch.where(lo | hi, 0.0, c)
    if mode == "mirror":
        s = 2 * n - 2
        a = s * torch.trunc(-c / s) + c
        a = torch.where(a <= 1 - n, a + s, -a)
        b = c - s * torch.trunc(c / s)
        b = torch.where(b >= n, s - b, b)
    elif mode == "reflect":
        s = 2 * n
        a = torch.where(c < -s, s * torch.trunc(-c / s) + c, c)
        a = torch.where(a < -n, a + s, torch.where(a > -1e-15, 1e-15, -a) - 1)
        b = c - s * torch.trunc(c / s)
        b = torch.where(b >= n, s - b - 1, b)
    elif mode == "wrap":
        s = n - 1
        a = c + s * (torch.trunc(-c / s) + 1)
        b = c - s * torch.trunc(c / s)
    else:  # grid-wrap
        a = c + n * (torch.trunc((-1 - c) / n) + 1)
        b = c - n * torch.trunc(c / n)
    return torch.where(lo, a, torch.where(hi, b, c))


def _spline_weights(x, order):
    """SciPy's ``get_spline_interpolation_weights`` for float64 coordinates ``x``."""
    x = x - torch.floor(x if order & 1 else x + 0.5)
    y, z = x, 1.0 - x
    if order == 1:
        w = [1.0 - x]
    elif order == 2:
        y = 0.5 - x
        w = [0.5 * y * y, 0.75 - x * x]
    elif order == 3:
        w = [z * z * z / 6.0, (y * y * (y - 2.0) * 3.0 + 4.0) / 6.0, (z * z * (z - 2.0) * 3.0 + 4.0) / 6.0]
    elif order == 4:
        t = x * x
        w2 = t * (t * 0.25 - 0.625) + 115.0 / 192.0
        y1 = 1.0 + x
        w1 = y1 * (y1 * (y1 * (5.0 - y1) / 6.0 - 1.25) + 5.0 / 24.0) + 55.0 / 96.0
        w3 = z * (z * (z * (5.0 - z) / 6.0 - 1.25) + 5.0 / 24.0) + 55.0 / 96.0
        y0 = 0.5 - x
        t0 = y0 * y0
        w = [t0 * t0 / 24.0, w1, w2, w3]
    else:
        t = y * y
        w2 = t * (t * (0.25 - y / 12.0) - 0.5) + 0.55
        t = z * z
        w3 = t * (t * (0.25 - z / 12.0) - 0.5) + 0.55
        y1 = y + 1.0
        w1 = y1 * (y1 * (y1 * (y1 * (y1 / 24.0 - 0.375) + 1.25) - 1.75) + 0.625) + 0.425
        z1 = z + 1.0
        w4 = z1 * (z1 * (z1 * (z1 * (z1 / 24.0 - 0.375) + 1.25) - 1.75) + 0.625) + 0.425
        y0 = 1.0 - x
        t = y0 * y0
        w = [y0 * t * t / 120.0, w1, w2, w3, w4]
    last = torch.ones_like(x)
    for wi in w:
        last = last - wi
    return w + [last]


def interpolate(coeffs, coords, order, mode, cval, npad):
    """SciPy's NI_GeometricTransform / NI_ZoomShift: ``coeffs`` (float64, leading batch dimensions
    allowed before the ``len(coords)`` interpolated ones) at ``coords``, one float64 tensor per
    axis, all broadcastable to the output's shape. Returns float64 of (batch..., output shape)."""
    rank = len(coords)
    shape = coeffs.shape[coeffs.ndim - rank:]
    batch = coeffs.shape[:coeffs.ndim - rank]
    spline_mode = "mirror" if mode in ("constant", "wrap") else mode
    idxs, wts, outside = [], [], []
    constant = None
    for c, n in zip(coords, shape):
        cc = c + npad
        if mode not in ("grid-constant", "nearest"):
            cc = map_coordinate(cc, n, mode)
            bad = ~(cc > -1.0)
            constant = bad if constant is None else constant | bad
            cc = torch.where(bad, 0.0, cc)
        start = torch.floor(cc if order & 1 else cc + 0.5) - order // 2
        taps = [start + ll for ll in range(order + 1)]
        if mode == "grid-constant":
            outside.append([(i < 0) | (i >= n) for i in taps])
            idxs.append([i.clamp(0, n - 1).to(torch.int64) for i in taps])
        else:
            idxs.append([torch.trunc(map_coordinate(i, n, spline_mode)).to(torch.int64) for i in taps])
        wts.append(_spline_weights(cc, order) if order > 0 else None)
    strides = [math.prod(shape[j + 1:]) for j in range(rank)]
    flat = coeffs.reshape(*batch, -1)
    out_shape = torch.broadcast_shapes(*(c.shape for c in coords))
    t = None
    for tap in itertools.product(range(order + 1), repeat=rank):
        lin = sum(idxs[j][tap[j]] * strides[j] for j in range(rank))
        lin = lin.expand(out_shape).reshape(-1)
        v = flat[..., lin].reshape(*batch, *out_shape)
        if mode == "grid-constant":
            cv = outside[0][tap[0]]
            for j in range(1, rank):
                cv = cv | outside[j][tap[j]]
            v = torch.where(cv, float(cval), v)
        if order > 0:
            for j in range(rank):
                v = v * wts[j][tap[j]]
        t = v if t is None else t + v
    if constant is not None:
        t = torch.where(constant.expand(out_shape), float(cval), t)
    return t


def interp_cast(r, dtype):
    """SciPy's CASE_INTERP_OUT: integers rounded half away from zero and clipped to the type's
    range (unsigned: negative values to 0), bool as C's ``(npy_bool)t``, floats cast."""
    if r.dtype == dtype or dtype.is_floating_point or dtype.is_complex:
        return r.to(dtype)
    if dtype == torch.bool:
        return r.trunc() != 0
    info = torch.iinfo(dtype)
    if info.min == 0:
        r = torch.where(r > 0, r + 0.5, 0.0)
    else:
        r = torch.where(r > 0, r + 0.5, r - 0.5)
    clamped = cast(r.clamp(info.min, info.max), dtype)  # C's conversion; int64's maximum as a double is 2**63
    if dtype is torch.int64:  # above it SciPy's build stores the maximum itself (2**63 itself converts)
        return torch.where(r > 2.0 ** 63, info.max, clamped)
    return clamped


class _InterpOutput(Output):
    __slots__ = ()

    def cast(self, r):
        return interp_cast(r, self.dtype)


def _run(t, out, order, mode, cval, prefilter, coords_fn, batch_dims=0, post=None):
    """Prefilter and interpolate ``t`` (complex by parts, cval's parts with them); ``post``
    rearranges the result before it is stored."""
    m = _mode(mode)

    def one(x, cv):
        coeffs, npad = _prefiltered(x, order, m, cv, prefilter, batch_dims, None if t.is_complex() else t.dtype)
        r = interpolate(coeffs, coords_fn(coeffs.shape[batch_dims:], npad), order, m, cv, npad)
        return r if post is None else post(r)

    if t.is_complex():
        c = complex(cval)
        return out.finish(torch.complex(one(as_f64(t.real), c.real), one(as_f64(t.imag), c.imag)))
    return out.finish(one(as_f64(t), cval))


def _check_order(order):
    if order < 0 or order > 5:
        raise RuntimeError("spline order not supported")


@mirror("ndimage")
def map_coordinates(input, coordinates, output=None, order=3, mode="constant", cval=0.0, prefilter=True):
    _check_order(order)
    t = input_tensor(input)
    c = tensor(coordinates, t.device)
    if c.is_complex():
        raise TypeError("Complex type not supported")
    out_shape = tuple(c.shape[1:])
    if t.ndim < 1 or len(out_shape) < 1:
        raise RuntimeError("input and output rank must be > 0")
    if c.shape[0] != t.ndim:
        raise RuntimeError("invalid shape for coordinate array")
    out = _InterpOutput(output, t, shape=out_shape, complex_output=t.is_complex())
    cf = as_f64(c)
    return _run(t, out, order, mode, cval, prefilter, lambda shape, npad: [cf[j] for j in range(t.ndim)])


def _grid(shape, dev):
    """The output's coordinates along each axis, as float64 tensors broadcastable to ``shape``."""
    out = []
    for j, n in enumerate(shape):
        v = torch.arange(n, dtype=F64, device=dev)
        out.append(v.view([-1 if k == j else 1 for k in range(len(shape))]))
    return out


@mirror("ndimage")
def affine_transform(input, matrix, offset=0.0, output_shape=None, output=None, order=3, mode="constant", cval=0.0,
                     prefilter=True):
    _check_order(order)
    t = input_tensor(input)
    if output_shape is None:
        output_shape = tuple(output.shape) if isinstance(output, (ndarray, _np.ndarray)) else t.shape
    output_shape = tuple(output_shape)
    if t.ndim < 1 or len(output_shape) < 1:
        raise RuntimeError("input and output rank must be > 0")
    out = _InterpOutput(output, t, shape=output_shape, complex_output=t.is_complex())
    mt, mh = param(matrix, t.device, F64)
    if mt.ndim not in (1, 2) or mt.shape[0] < 1:
        raise RuntimeError("no proper affine matrix provided")
    nd = t.ndim
    if mt.ndim == 2 and mt.shape[1] == nd + 1 and mt.shape[0] in (nd, nd + 1):
        if mt.shape[0] == nd + 1 and mh is not None:
            exptd = [0] * nd + [1]
            if not _np.all(mh[nd] == exptd):
                raise ValueError(f"Expected homogeneous transformation matrix with shape {mh.shape} for image shape "
                                 f"{tuple(t.shape)}, but bottom row was not equal to {exptd}")
        offset = (mt[:nd, nd], None if mh is None else mh[:nd, nd])  # (device, host) values
        mt, mh = mt[:nd, :nd], (None if mh is None else mh[:nd, :nd])
    if mt.shape[0] != nd:
        raise RuntimeError("affine matrix has wrong number of rows")
    if mt.ndim == 2 and mt.shape[1] != len(output_shape):
        raise RuntimeError("affine matrix has wrong number of columns")
    if isinstance(offset, tuple) and len(offset) == 2 and isinstance(offset[0], torch.Tensor):
        ot, oh = offset
    elif isinstance(offset, ndarray) and offset._t.device.type != "cpu":
        ot, oh = offset._t.to(F64), None
    else:
        ot, oh = param(normalize_sequence(offset, nd), t.device, F64)
    if ot.ndim != 1 or ot.shape[0] < 1:
        raise RuntimeError("no proper offset provided")
    mv = mh.tolist() if mh is not None else mt  # host values: Python floats, else device scalars
    ov = oh.tolist() if oh is not None else ot
    dev = t.device

    def coords(shape, npad):
        g = _grid(output_shape, dev)
        if mt.ndim == 1:  # SciPy's zoom_shift: (k + offset / m) * m
            return [(g[j] + ov[j] / mv[j]) * mv[j] for j in range(nd)]
        res = []
        for h in range(nd):
            acc = torch.full((1,) * len(output_shape), 0.0, dtype=F64, device=dev) + ov[h]
            for ll in range(len(output_shape)):
                acc = acc + g[ll] * mv[h][ll]
            res.append(acc)
        return res

    return _run(t, out, order, mode, cval, prefilter, coords)


@mirror("ndimage")
def shift(input, shift, output=None, order=3, mode="constant", cval=0.0, prefilter=True):
    _check_order(order)
    t = input_tensor(input)
    if t.ndim < 1:
        raise RuntimeError("input and output rank must be > 0")
    out = _InterpOutput(output, t, complex_output=t.is_complex())
    sh = [-float(s) for s in normalize_sequence(shift, t.ndim)]
    dev = t.device
    return _run(t, out, order, mode, cval, prefilter,
                lambda shape, npad: [g + s for g, s in zip(_grid(t.shape, dev), sh)])


@mirror("ndimage")
def zoom(input, zoom, output=None, order=3, mode="constant", cval=0.0, prefilter=True, *, grid_mode=False):
    _check_order(order)
    t = input_tensor(input)
    if t.ndim < 1:
        raise RuntimeError("input and output rank must be > 0")
    zooms = normalize_sequence(zoom, t.ndim)
    output_shape = tuple(int(round(ii * jj)) for ii, jj in zip(t.shape, zooms))
    out = _InterpOutput(output, t, shape=output_shape, complex_output=t.is_complex())
    if all(z == 1 for z in zooms) and prefilter:  # SciPy's early exit: output[...] = input
        return Output.finish(out, assign(t, out.dtype))
    if grid_mode and mode in ("constant", "wrap"):
        warnings.warn(f"It is recommended to use mode = {'grid-constant' if mode == 'constant' else 'grid-wrap'} "
                      f"instead of {mode} when grid_mode is True.", stacklevel=3)
    div = _np.array(output_shape)
    nom = _np.array(t.shape)
    if not grid_mode:
        div -= 1
        nom -= 1
    z = _np.divide(nom, div, out=_np.ones_like(t.shape, dtype=_np.float64), where=div != 0).tolist()
    dev = t.device

    def coords(shape, npad):
        g = _grid(output_shape, dev)
        if grid_mode:
            return [(g[j] + 0.5) * z[j] - 0.5 for j in range(t.ndim)]
        return [g[j] * z[j] for j in range(t.ndim)]

    return _run(t, out, order, mode, cval, prefilter, coords)


def _cosdg_sindg(angle):
    """cos and sin of ``angle`` degrees, exact at multiples of 90 (as SciPy's cosdg/sindg)."""
    a = math.fmod(float(angle), 360.0)
    if a % 90 == 0:
        q = int(round(a / 90)) % 4
        return [1.0, 0.0, -1.0, 0.0][q], [0.0, 1.0, 0.0, -1.0][q]
    try:  # SciPy's own (cephes') values of a Python number, so the rotation matrix is SciPy's bit for bit
        return float(scipy_function("special.cosdg")(a)), float(scipy_function("special.sindg")(a))
    except ImportError:
        r = math.radians(a)
        return math.cos(r), math.sin(r)


@mirror("ndimage")
def rotate(input, angle, axes=(1, 0), reshape=True, output=None, order=3, mode="constant", cval=0.0, prefilter=True):
    t = input_tensor(input)
    ndim = t.ndim
    if ndim < 2:
        raise ValueError("input array should be at least 2D")
    axes = list(axes)
    if len(axes) != 2:
        raise ValueError("axes should contain exactly two values")
    if not all(float(ax).is_integer() for ax in axes):
        raise ValueError("axes should contain only integer values")
    if axes[0] < 0:
        axes[0] += ndim
    if axes[1] < 0:
        axes[1] += ndim
    if axes[0] < 0 or axes[1] < 0 or axes[0] >= ndim or axes[1] >= ndim:
        raise ValueError("invalid rotation plane specified")
    axes.sort()
    c, s = _cosdg_sindg(angle)
    rot = _np.array([[c, s], [-s, c]])
    img_shape = _np.asarray(t.shape)
    in_plane = img_shape[axes]
    if reshape:
        iy, ix = in_plane
        bounds = rot @ [[0, 0, iy, iy], [0, ix, 0, ix]]
        out_plane = (_np.ptp(bounds, axis=1) + 0.5).astype(int)
    else:
        out_plane = img_shape[axes]
    out_center = rot @ ((out_plane - 1) / 2)
    in_center = (in_plane - 1) / 2
    offset = (in_center - out_center).tolist()
    output_shape = img_shape.copy()
    output_shape[axes] = out_plane
    output_shape = tuple(int(v) for v in output_shape)
    _check_order(order)
    out = _InterpOutput(output, t, shape=output_shape, complex_output=t.is_complex())
    # the rotation plane last, the other axes a batch (SciPy rotates plane by plane)
    others = [a for a in range(ndim) if a not in axes]
    perm = others + axes
    moved = t.permute(perm)
    op = tuple(int(v) for v in out_plane)
    dev = t.device
    rl = rot.tolist()

    def coords(shape, npad):
        g = _grid(op, dev)
        res = []
        for h in range(2):
            acc = torch.full((1, 1), 0.0, dtype=F64, device=dev) + offset[h]
            for ll in range(2):
                acc = acc + g[ll] * rl[h][ll]
            res.append(acc)
        return res

    inv = [perm.index(k) for k in range(ndim)]
    return _run(moved, out, order, mode, cval, prefilter, coords, batch_dims=ndim - 2,
                post=lambda r: r.permute(inv))
