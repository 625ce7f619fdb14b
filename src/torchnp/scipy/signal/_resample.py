"""``scipy.signal``'s resampling and smoothing (resample, resample_poly, decimate, medfilt,
savgol_filter) and ``find_peaks`` on the device.

Filter coefficients that depend only on Python numbers (``firwin`` taps of ``resample_poly`` and
``decimate``, ``cheby1`` sections of ``decimate``, ``savgol_coeffs`` and the edge-fit matrices of
``savgol_filter``) are SciPy's designs, computed on the host from those numbers and created on the
signal's device (a creation, as ``asarray(list)``: no device data is read); the filtering runs on
the device.
"""

import math
import operator
import warnings

import numpy as _np
import torch

from ..._array import _wrap
from ..._boundary import tensor
from ..._convert import as_tensor, normalize_axis
from .. import _dispatch
from .._dispatch import mirror
from ._common import fft_convolve
from ._filter import _sosfilt, _sosfiltfilt
from .windows import window_tensor

__all__ = ["resample", "resample_poly", "decimate", "medfilt", "savgol_filter", "find_peaks"]


def _design(name, *args, **kwargs):
    """SciPy's filter design ``scipy.signal.<name>`` on Python numbers (host), as a NumPy array."""
    return _np.asarray(_dispatch.scipy_function(f"signal.{name}")(*args, **kwargs))


# -- resample ----------------------------------------------------------------------------------
@mirror("signal")
def resample(x, num, t=None, axis=0, window=None, domain="time"):
    if domain not in ("time", "freq"):
        raise ValueError(f"Parameter domain={domain!r} not in ('time', 'freq')!")
    xt = tensor(x)
    if not (xt.dtype.is_floating_point or xt.is_complex()):
        xt = xt.to(torch.float64)
    elif xt.dtype == torch.float16:
        xt = xt.to(torch.float32)
    if xt.dim() > 1:
        xt = xt.movedim(axis, -1)
    n_x = xt.shape[-1]
    if num < 0:  # SciPy's errors from its FFT calls (very negative counts: an IndexError there)
        raise ValueError("negative dimensions are not allowed" if xt.is_complex() else
                         f"invalid number of data points ({min(num, n_x) // 2 + 1}) specified")
    s_fac = n_x / num
    m = min(num, n_x)
    m2 = m // 2 + 1
    real = xt.dtype.to_real() if xt.is_complex() else xt.dtype
    if window is None:
        W = None
    elif callable(window):
        W = tensor(window(_wrap(torch.fft.fftfreq(n_x, dtype=torch.float64, device=xt.device))), xt.device)
    elif hasattr(window, "shape"):
        if tuple(window.shape) != (n_x,):
            raise ValueError(f"window.shape={tuple(window.shape)!r} != ({n_x},), i.e., window length is not equal "
                             "to number of frequency bins!")
        W = tensor(window, xt.device).clone()
    else:
        W = torch.fft.fftshift(window_tensor(window, n_x, device=xt.device))
    if domain == "time" and not xt.is_complex():
        X = torch.fft.rfft(xt)
        if W is not None:
            n_X = X.shape[-1]
            W = W.clone()
            W[1:n_X] += W[-n_X + 1:].flip(0) if n_X > 1 else W[1:n_X]
            W[1:n_X] /= 2
            X = X * W[:n_X].to(X.real.dtype)  # SciPy's in-place X *= W keeps X's dtype
        X = X[..., :m2]
        if m % 2 == 0 and num != n_x:
            f = torch.ones(X.shape[-1], dtype=real, device=X.device)
            f[m // 2] = 2 if num < n_x else 0.5
            X = X * f
        x_r = torch.fft.irfft(X / s_fac, n=num)
    else:
        X = torch.fft.fft(xt) if domain == "time" else xt
        if W is not None:
            X = X * W
        Y = X.new_zeros(X.shape[:-1] + (num,))
        Y[..., :m2] = X[..., :m2]
        if m2 < m:
            Y[..., m2 - m:] = X[..., m2 - m:]
        if m % 2 == 0:
            if num < n_x:
                Y[..., -m // 2] += X[..., -m // 2]
            elif n_x < num:
                Y[..., m // 2] /= 2
                Y[..., num - m // 2] = Y[..., m // 2]
        x_r = torch.fft.ifft(Y / s_fac, n=num)
    if x_r.dim() > 1:
        x_r = x_r.movedim(-1, axis)
    if t is not None:
        tt = tensor(t, xt.device)
        return x_r, tt[0] + (tt[1] - tt[0]) * s_fac * torch.arange(num, device=xt.device)
    return x_r


# -- upfirdn and resample_poly -----------------------------------------------------------------
def _output_len(len_h, in_len, up, down):
    return ((len_h + (in_len - 1) * up) - 1) // down + 1


def _upfirdn_last(h, x, up, down, cval=0.0):
    """SciPy's upfirdn (mode 'constant') along the last axis: upsample, FIR filter, downsample."""
    n_in = x.shape[-1]
    if up > 1:
        u = x.new_zeros(x.shape[:-1] + ((n_in - 1) * up + 1,))
        u[..., ::up] = x
    else:
        u = x
    y = fft_convolve(u, h.reshape((1,) * (u.dim() - 1) + (-1,)).to(u.dtype), [u.dim() - 1])
    y = y[..., ::down][..., :_output_len(h.shape[0], n_in, up, down)]
    if cval != 0:  # the constant outside the signal, through each output's polyphase branch
        k = torch.arange(y.shape[-1], device=y.device)
        j = torch.arange(h.shape[0], device=y.device)
        # full response to cval everywhere minus the part that falls on the signal's own samples
        pos = k[:, None] * down - j[None, :]  # upsampled input index each tap reads
        on_grid = torch.remainder(pos, up) == 0
        outside = on_grid & ((pos < 0) | (pos > (n_in - 1) * up))
        y = y + cval * (outside.to(h.dtype) * h).sum(-1).to(y.dtype)
    return y


_PAD_FUNCS = ("mean", "median", "minimum", "maximum")


@mirror("signal")
def resample_poly(x, up, down, axis=0, window=("kaiser", 5.0), padtype="constant", cval=None):
    xt = tensor(x)
    if up != int(up):
        raise ValueError("up must be an integer")
    if down != int(down):
        raise ValueError("down must be an integer")
    up, down = int(up), int(down)
    if up < 1 or down < 1:
        raise ValueError("up and down must be >= 1")
    if cval is not None and padtype != "constant":
        raise ValueError("cval has no effect when padtype is ", padtype)
    g = math.gcd(up, down)
    up //= g
    down //= g
    if up == down == 1:
        return xt.clone()
    axis = normalize_axis(axis, xt.dim())
    n_in = xt.shape[axis]
    n_out = n_in * up
    n_out = n_out // down + bool(n_out % down)
    inexact = xt.dtype.is_floating_point or xt.is_complex()
    if isinstance(window, list) or hasattr(window, "shape"):
        h = tensor(window, xt.device).clone()
        if h.dim() > 1:
            raise ValueError("window must be 1-D")
        half_len = (h.numel() - 1) // 2
    else:
        max_rate = max(up, down)
        half_len = 10 * max_rate
        h = as_tensor(_design("firwin", 2 * half_len + 1, 1.0 / max_rate, window=window),
                      (xt.real.dtype if xt.is_complex() else xt.dtype) if inexact else torch.float64, xt.device)
    h = h * up
    n_pre_pad = down - half_len % down
    n_post_pad = 0
    n_pre_remove = (half_len + n_pre_pad) // down
    while _output_len(h.shape[0] + n_pre_pad + n_post_pad, n_in, up, down) < n_out + n_pre_remove:
        n_post_pad += 1
    h = torch.nn.functional.pad(h, (n_pre_pad, n_post_pad))
    n_pre_remove_end = n_pre_remove + n_out
    if padtype not in _PAD_FUNCS and padtype != "constant":
        if padtype in ("wrap", "edge", "smooth", "symmetric", "reflect", "antisymmetric", "antireflect", "line"):
            raise TypeError(f"torchnp.scipy.signal.resample_poly has no device implementation of padtype={padtype!r}: "
                            "use 'constant', 'mean', 'median', 'minimum' or 'maximum', or pass x.to_numpy() (an "
                            "explicit copy to the host) for SciPy's own.")
        raise ValueError("padtype must be one of: maximum, mean, median, minimum, constant, wrap, edge, smooth, "
                         "symmetric, reflect, antisymmetric, antireflect, line")
    work = xt if inexact else xt.to(torch.float64)
    work = work.movedim(axis, -1)
    background = None
    if padtype in _PAD_FUNCS:
        if padtype == "mean":
            background = work.mean(-1, keepdim=True)
        elif work.is_complex():  # NumPy's lexicographic order of complex values (torch sorts no complex)
            import torchnp

            fn = {"median": torchnp.median, "minimum": torchnp.min, "maximum": torchnp.max}[padtype]
            background = fn(_wrap(work), axis=-1, keepdims=True)._t
        elif padtype == "median":
            s = work.sort(-1).values
            n = s.shape[-1]
            background = s[..., n // 2: n // 2 + 1] if n % 2 else (s[..., n // 2 - 1:n // 2] + s[..., n // 2:n // 2 + 1]) / 2
        else:
            background = (work.amin if padtype == "minimum" else work.amax)(-1, keepdim=True)
        work = work - background
    ct = torch.promote_types(h.dtype, work.dtype)  # SciPy's upfirdn: NumPy's result type (a complex window too)
    y = _upfirdn_last(h.to(ct), work.to(ct), up, down, 0.0 if cval is None else cval)
    y = y[..., n_pre_remove:n_pre_remove_end]
    if background is not None:
        y = y + background
    out_dt = torch.promote_types(h.dtype, xt.dtype) if inexact else torch.float64
    return y.to(out_dt).movedim(-1, axis)


# -- decimate ----------------------------------------------------------------------------------
@mirror("signal")
def decimate(x, q, n=None, ftype="iir", axis=-1, zero_phase=True):
    xt = tensor(x)
    q = operator.index(q)
    if n is not None:
        n = operator.index(n)
    dt = xt.dtype if (xt.dtype.is_floating_point or xt.is_complex()) and xt.dtype != torch.float16 else torch.float64
    axis = normalize_axis(axis, xt.dim())
    sl = [slice(None)] * xt.dim()
    if ftype == "fir":
        if n is None:
            n = 2 * (10 * q)
        b = as_tensor(_design("firwin", n + 1, 1.0 / q, window="hamming"), dt, xt.device)
        if zero_phase:
            return resample_poly.__wrapped__(xt, 1, q, axis=axis, window=b)
        n_out = xt.shape[axis] // q + bool(xt.shape[axis] % q)
        y = _upfirdn_last(b, xt.to(dt).movedim(axis, -1), 1, q).movedim(-1, axis)
        sl[axis] = slice(None, n_out, None)
        return y[tuple(sl)]
    if ftype != "iir":
        if isinstance(ftype, str):
            raise ValueError("invalid ftype")
        raise TypeError("torchnp.scipy.signal.decimate has no device implementation of an `dlti` ftype: use "
                        "'iir' or 'fir', or pass x.to_numpy() (an explicit copy to the host) for SciPy's own.")
    sos_host = _design("cheby1", 8 if n is None else n, 0.05, 0.8 / q, output="sos")
    sos = as_tensor(sos_host, dt, xt.device)
    if zero_phase:
        ntaps = 2 * sos_host.shape[0] + 1 - min((sos_host[:, 2] == 0).sum(), (sos_host[:, 5] == 0).sum())
        y = _sosfiltfilt(sos, xt, axis, "odd", None, ntaps)  # host coefficients: SciPy's pad length, no read
    else:
        y = _sosfilt(sos, xt, axis, None)[0]
    sl[axis] = slice(None, None, q)
    return y[tuple(sl)]


# -- medfilt -----------------------------------------------------------------------------------
@mirror("signal")
def medfilt(volume, kernel_size=None):
    v = tensor(volume)
    if v.dim() == 0:
        v = v.reshape(1)
    if v.dtype == torch.bool or v.is_complex() or v.dtype in (torch.float16, torch.bfloat16):
        raise ValueError(f"dtype={_npname(v)} is not supported by medfilt")  # integers, float32, float64
    if kernel_size is None:
        kernel_size = [3] * v.dim()
    ks = _np.asarray(kernel_size)
    if ks.shape == ():
        ks = _np.repeat(ks, v.dim())
    ks = [int(k) for k in ks]
    for k in ks:
        if k % 2 != 1:
            raise ValueError("Each element of kernel_size should be odd.")
    if any(k > s for k, s in zip(ks, v.shape)):
        warnings.warn("kernel_size exceeds volume extent: the volume will be zero-padded.", stacklevel=3)
    pad = []
    for k in reversed(ks):
        pad += [k // 2, k // 2]
    p = torch.nn.functional.pad(v, pad)  # zeros outside, as SciPy's rank filter in 'constant' mode
    w = p
    for d, k in enumerate(ks):
        w = w.unfold(d, k, 1)
    w = w.reshape(tuple(v.shape) + (-1,))
    return w.sort(-1).values[..., w.shape[-1] // 2]  # odd kernels: the middle sample, exactly


def _npname(t):
    from ... import _dtypes
    return _dtypes.TO_NUMPY[t.dtype]


# -- savgol_filter -----------------------------------------------------------------------------
def _edge_matrices(window_length, polyorder, deriv, delta):
    """SciPy's _fit_edges_polyfit as two linear maps (host, from Python numbers): the polynomial
    fitted to the first/last ``window_length`` samples, its ``deriv``-th derivative at the
    first/last ``window_length // 2`` positions. The positions are centred and the Vandermonde's columns
    scaled to unit norm (the same polynomials and derivatives, a far better conditioned fit: within 1e-10
    of mpmath's maps on unit data where SciPy's own polyfit is up to 3e-8 off, docs/scipy.md)."""
    halflen = window_length // 2
    i = _np.arange(window_length, dtype=float) - (window_length - 1) / 2
    V = _np.vander(i, polyorder + 1, increasing=True)
    scale = _np.sqrt((V * V).sum(0))
    fit = _np.linalg.pinv(V / scale) / scale[:, None]  # (polyorder + 1, window_length)

    def at(points):
        D = _np.zeros((len(points), polyorder + 1))
        for j in range(deriv, polyorder + 1):
            D[:, j] = math.perm(j, deriv) * points ** (j - deriv)
        return D @ fit / delta ** deriv

    return at(i[:halflen]), at(i[window_length - halflen:])


def _pad_index(n, before, after, mode, device):
    i = torch.arange(-before, n + after, device=device)
    if mode == "nearest":
        return i.clamp(0, n - 1)
    if mode == "wrap":
        return torch.remainder(i, n)
    if mode == "mirror":
        if n == 1:
            return torch.zeros_like(i)
        m = torch.remainder(i, 2 * (n - 1))
        return torch.where(m < n, m, 2 * (n - 1) - m)
    return i  # constant: masked by the caller


@mirror("signal")
def savgol_filter(x, window_length, polyorder, deriv=0, delta=1.0, axis=-1, mode="interp", cval=0.0):
    if mode not in ["mirror", "constant", "nearest", "interp", "wrap"]:
        raise ValueError("mode must be 'mirror', 'constant', 'nearest' 'wrap' or 'interp'.")
    xt = tensor(x)
    if xt.dtype not in (torch.float64, torch.float32):
        xt = xt.to(torch.float64)
    coeffs = _design("savgol_coeffs", window_length, polyorder, deriv=deriv, delta=delta)
    axis = normalize_axis(axis, xt.dim())
    if mode == "interp" and window_length > xt.shape[axis]:
        raise ValueError("If mode is 'interp', window_length must be less than or equal to the size of x.")
    d = xt.movedim(axis, -1)
    n, L = d.shape[-1], coeffs.shape[0]
    # ndimage.convolve1d: weights reversed, origin -(L even)
    w = torch.as_tensor(coeffs[::-1].copy(), dtype=d.dtype, device=d.device)
    # correlate: y[i] = sum_j w_rev[j] x[i + j - c], c = L // 2 (origin shifted by one for even L)
    before, after = L // 2, L - 1 - L // 2
    if L % 2 == 0:
        before, after = before - 1, after + 1
    idx = _pad_index(n, before, after, "constant" if mode == "interp" else mode, d.device)
    padded = d[..., idx.clamp(0, n - 1)]
    if mode in ("constant", "interp"):
        inside = (idx >= 0) & (idx < n)
        padded = torch.where(inside, padded, torch.as_tensor(0.0 if mode == "interp" else cval, dtype=d.dtype,
                                                             device=d.device))
    y = (padded.unfold(-1, L, 1) * w).sum(-1)
    if mode == "interp":
        left, right = _edge_matrices(window_length, polyorder, deriv, delta)
        halflen = window_length // 2
        if halflen:
            lt = torch.as_tensor(left, dtype=d.dtype, device=d.device)
            rt = torch.as_tensor(right, dtype=d.dtype, device=d.device)
            y = torch.cat((d[..., :window_length] @ lt.mT, y[..., halflen:n - halflen],
                           d[..., n - window_length:] @ rt.mT), -1)
    return y.movedim(-1, axis)


# -- find_peaks ----------------------------------------------------------------------------------
@mirror("signal")
def find_peaks(x, height=None, threshold=None, distance=None, prominence=None, width=None, wlen=None,
               rel_height=0.5, plateau_size=None):
    """The peaks' number depends on the data: the signal (and array conditions) are read on the
    host, SciPy's own algorithm runs there, and the indices and properties are created on the
    signal's device (docs/devices.md)."""
    xt = tensor(x)
    dev = xt.device

    def host(v):
        if v is None or isinstance(v, (int, float)):
            return v
        if isinstance(v, (tuple, list)):
            return type(v)(host(e) for e in v)
        return tensor(v, dev).cpu().numpy()  # a read on the host (docs/devices.md)

    peaks, props = _dispatch.scipy_function("signal.find_peaks")(
        xt.cpu().numpy(), host(height), host(threshold), distance, host(prominence), host(width), wlen, rel_height,
        host(plateau_size))
    return (torch.as_tensor(peaks, device=dev),
            {k: _wrap(torch.as_tensor(v, device=dev)) for k, v in props.items()})
