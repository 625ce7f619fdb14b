"""``scipy.signal``'s spectral analysis (periodogram, welch, csd, coherence, spectrogram, stft)
and ``detrend``, ``hilbert`` on the device: segments are strided views (``Tensor.unfold``) of the
signal, detrended, windowed and transformed by one batched ``torch.fft`` call, then scaled,
averaged (mean, or median with SciPy's bias) and returned with SciPy's frequencies and times.
"""

import operator
import warnings

import numpy as _np
import torch

from ... import _dtypes
from ..._array import _wrap
from ..._boundary import tensor, tensors
from ..._convert import normalize_axis
from .._dispatch import mirror, scipy_function as _dispatch_scipy
from ._common import np_dtype
from ._filter import _extend
from .windows import window_tensor

__all__ = ["periodogram", "welch", "csd", "coherence", "spectrogram", "stft", "istft", "detrend", "hilbert"]


def _dt(np_dt):
    return _dtypes.to_torch(_np.dtype(np_dt))


# -- detrend -----------------------------------------------------------------------------------
def _detrend_last(d, kind):
    """SciPy's detrend along the last axis (no breakpoints) of an inexact tensor."""
    if kind in ("constant", "c"):
        return d - d.mean(-1, keepdim=True)
    n = d.shape[-1]
    t = torch.arange(1, n + 1, dtype=d.real.dtype if d.is_complex() else d.dtype, device=d.device) / n
    tc = t - t.mean()
    denom = (tc * tc).sum()
    dm = d.mean(-1, keepdim=True)
    slope = ((d - dm) * tc).sum(-1, keepdim=True) / torch.where(denom > 0, denom, torch.ones_like(denom))
    return d - dm - slope * tc


@mirror("signal")
def detrend(data, axis=-1, type="linear", bp=0, overwrite_data=False):
    if type not in ["linear", "l", "constant", "c"]:
        raise ValueError("Trend type must be 'linear' or 'constant'.")
    (t,) = tensors((data,))
    axis = normalize_axis(axis, t.dim())
    if type in ("constant", "c"):  # SciPy's data - mean(data): integers give float64
        r = t if (t.dtype.is_floating_point or t.is_complex()) else t.to(torch.float64)
        return r - r.mean(axis, keepdim=True)
    N = t.shape[axis]
    if t.dtype not in (torch.float32, torch.float64, torch.complex64, torch.complex128):
        t = t.to(torch.float64)
    points = sorted(set([0, N] + [operator.index(b) for b in _np.atleast_1d(_np.asarray(bp)).ravel()]))
    if any(b > N for b in points):
        raise ValueError("Breakpoints must be less than length of data along given axis.")
    d = t.movedim(axis, -1)
    pieces = [_detrend_last(d[..., lo:hi], "linear") for lo, hi in zip(points[:-1], points[1:])]
    return torch.cat(pieces, -1).movedim(-1, axis) if pieces else d.movedim(-1, axis)


# -- hilbert -----------------------------------------------------------------------------------
@mirror("signal")
def hilbert(x, N=None, axis=-1):
    t = tensor(x)
    if t.is_complex():
        raise ValueError("x must be real.")
    if N is None:
        N = t.shape[normalize_axis(axis, t.dim())]
    if N <= 0:
        raise ValueError("N must be positive.")
    axis = normalize_axis(axis, t.dim())
    if t.dtype == torch.float16:
        t = t.to(torch.float32)
    elif not t.dtype.is_floating_point:
        t = t.to(torch.float64)
    Xf = torch.fft.fft(t, N, dim=axis).movedim(axis, -1)
    h = torch.zeros(N, dtype=t.dtype, device=t.device)
    h[0] = 1.0
    if N % 2 == 0:
        h[1:N // 2] = 2.0
        h[N // 2] = 1.0
    else:
        h[1:(N + 1) // 2] = 2.0
    return torch.fft.ifft(Xf * h, dim=-1).movedim(-1, axis)


# -- the segments' spectra ---------------------------------------------------------------------
def _window(window, nperseg, input_length, dev, check_length=True):
    """SciPy's _triage_segments: (window tensor float64 or the user's, nperseg)."""
    if isinstance(window, (str, tuple)):
        if nperseg is None:
            nperseg = 256
        if nperseg > input_length:
            warnings.warn(f"nperseg = {nperseg:d} is greater than input length  = {input_length:d}, using "
                          f"nperseg = {input_length:d}", stacklevel=4)
            nperseg = input_length
        return window_tensor(window, nperseg, device=dev), nperseg
    win = tensor(window, dev)
    if win.dim() != 1:
        raise ValueError("window must be 1-D")
    if check_length and input_length < win.shape[-1]:
        raise ValueError("window is longer than input signal")
    if nperseg is None:
        nperseg = win.shape[0]
    elif nperseg != win.shape[0]:
        raise ValueError("value specified for nperseg is different from length of window")
    return win, nperseg


def _detrend_func(detrend, axis):
    if detrend is False or detrend is None or (not callable(detrend) and not detrend):
        return lambda d: d
    if not callable(detrend):
        if detrend not in ("linear", "l", "constant", "c"):
            raise ValueError("Trend type must be 'linear' or 'constant'.")
        return lambda d: _detrend_last(d, detrend)

    def user(d):  # the user's function gets and returns torchnp arrays (SciPy's: NumPy arrays)
        d = _wrap(d)
        if axis != -1:
            from ... import moveaxis
            return tensor(moveaxis(detrend(moveaxis(d, -1, axis)), axis, -1))
        return tensor(detrend(d))

    return user


def _segments(x, win, detrend_func, nperseg, noverlap, nfft, sides):
    """SciPy's _fft_helper on the last axis: (..., segments, frequencies)."""
    step = nperseg - noverlap
    seg = x.unfold(-1, nperseg, step)
    seg = detrend_func(seg)
    seg = win * seg
    if sides == "twosided":
        return torch.fft.fft(seg, n=nfft)
    return torch.fft.rfft(seg.real if seg.is_complex() else seg, n=nfft)


def _out_dtype(x, y):
    """The NumPy dtype of SciPy's spectra of ``x`` and ``y`` (None: the same data)."""
    return _np.result_type(np_dtype(x), *(() if y is None else (np_dtype(y),)), _np.complex64)


def _empty_result(x, y, axis):
    """SciPy's check that ``x`` and ``y`` (None: the same data) broadcast but along ``axis``; the
    float64 empty array SciPy returns where one of them is empty (None where neither is)."""
    if y is None:
        return torch.empty(tuple(x.shape), dtype=torch.float64, device=x.device) if x.numel() == 0 else None
    xo, yo = list(x.shape), list(y.shape)
    xo.pop(axis)
    yo.pop(axis)
    try:
        outer = _np.broadcast_shapes(tuple(xo), tuple(yo))
    except ValueError as e:
        raise ValueError("x and y cannot be broadcast together.") from e
    if x.numel() and y.numel():
        return None
    shape = _np.moveaxis(_np.empty(outer + (min(x.shape[axis], y.shape[axis]),)), -1, axis).shape
    return torch.empty(shape, dtype=torch.float64, device=x.device)


def _one_sided(p, nfft, dtype):
    """A one-sided spectrum's power: every frequency but 0 (and the Nyquist one of an even ``nfft``) twice."""
    m = torch.full((p.shape[-1],), 2.0, dtype=dtype, device=p.device)
    m[0] = 1.0
    if nfft % 2 == 0:
        m[-1] = 1.0
    return p * m


def _freqs(sides, nfft, fs, device):
    return (torch.fft.fftfreq if sides == "twosided" else torch.fft.rfftfreq)(
        nfft, 1 / fs, dtype=torch.float64, device=device)


def _nperseg(nperseg):
    """``nperseg`` as an integer (None stays None); SciPy's ValueError unless positive."""
    if nperseg is None:
        return None
    nperseg = int(nperseg)
    if nperseg < 1:
        raise ValueError("nperseg must be a positive integer")
    return nperseg


def _nfft_noverlap(nfft, noverlap, nperseg, default_nfft):
    """SciPy's stft/istft ``nfft`` (None: ``default_nfft``) and ``noverlap`` (None: half a segment),
    checked against ``nperseg``."""
    if nfft is None:
        nfft = default_nfft
    elif nfft < nperseg:
        raise ValueError("nfft must be greater than or equal to nperseg.")
    else:
        nfft = int(nfft)
    noverlap = nperseg // 2 if noverlap is None else int(noverlap)
    if noverlap >= nperseg:
        raise ValueError("noverlap must be less than nperseg.")
    return nfft, noverlap


def _helper(x, y, fs, window, nperseg, noverlap, nfft, detrend, return_onesided, scaling, axis, mode,
            boundary=None, padded=False):
    """SciPy's _spectral_helper on tensors (``y is None``: the same data)."""
    if mode not in ["psd", "stft"]:
        raise ValueError(f"Unknown value for mode {mode}, must be one of: {{'psd', 'stft'}}")
    if boundary not in ("even", "odd", "constant", "zeros", None):
        raise ValueError(f"Unknown boundary option '{boundary}', must be one of: "
                         f"{['even', 'odd', 'constant', 'zeros', None]}")
    same = y is None
    axis = int(axis)
    outdtype = _out_dtype(x, y)
    e = _empty_result(x, y, axis)
    if e is not None:
        return e, e, e
    x = x.movedim(axis, -1)
    if not same:
        y = y.movedim(axis, -1) if y.dim() > 1 else y
        n = max(x.shape[-1], y.shape[-1])
        x = torch.nn.functional.pad(x, (0, n - x.shape[-1]))
        y = torch.nn.functional.pad(y, (0, n - y.shape[-1]))
    win, nperseg = _window(window, _nperseg(nperseg), x.shape[-1], x.device)
    nfft, noverlap = _nfft_noverlap(nfft, noverlap, nperseg, nperseg)
    nstep = nperseg - noverlap
    if boundary is not None:
        x = _zero_ext(x, nperseg // 2) if boundary == "zeros" else _extend(x, nperseg // 2, boundary, -1)
        if not same:
            y = _zero_ext(y, nperseg // 2) if boundary == "zeros" else _extend(y, nperseg // 2, boundary, -1)
    if padded:
        nadd = -(x.shape[-1] - nperseg) % nstep % nperseg
        x = torch.nn.functional.pad(x, (0, nadd))
        if not same:
            y = torch.nn.functional.pad(y, (0, nadd))
    detrend_func = _detrend_func(detrend, axis)
    work = _dt(outdtype)
    real_work = work.to_real()
    win = win.to(real_work if not win.is_complex() else work)
    x = x.to(work if x.is_complex() else real_work)
    if not same:
        y = y.to(work if y.is_complex() else real_work)
    if scaling == "density":
        scale = 1.0 / (fs * (win * win).sum())
    elif scaling == "spectrum":
        scale = 1.0 / win.sum() ** 2
    else:
        raise ValueError(f"Unknown scaling: {scaling!r}")
    if mode == "stft":
        scale = torch.sqrt(scale)
    sides = "twosided"
    if return_onesided:
        if x.is_complex() or (not same and y.is_complex()):
            warnings.warn("Input data is complex, switching to return_onesided=False", stacklevel=4)
        else:
            sides = "onesided"
    freqs = _freqs(sides, nfft, fs, x.device)
    result = _segments(x, win, detrend_func, nperseg, noverlap, nfft, sides)
    if not same:
        result = result.conj() * _segments(y, win, detrend_func, nperseg, noverlap, nfft, sides)
    elif mode == "psd":
        result = result.conj() * result
    result = result * scale
    if sides == "onesided" and mode == "psd":
        result = _one_sided(result, nfft, real_work)
    time = torch.arange(nperseg / 2, x.shape[-1] - nperseg / 2 + 1, nperseg - noverlap, dtype=torch.float64,
                        device=x.device) / float(fs)
    if boundary is not None:
        time = time - nperseg / 2 / fs
    result = result.to(work)
    if same and mode != "stft":
        result = result.real
    if axis < 0:
        axis -= 1
    return freqs, time, result.movedim(-1, axis)  # (..., segments, freqs): SciPy's moveaxis(-1, axis)


def _zero_ext(x, n):
    return torch.nn.functional.pad(x, (n, n))


@mirror("signal")
def spectrogram(x, fs=1.0, window=("tukey_periodic", 0.25), nperseg=None, noverlap=None, nfft=None,
                detrend="constant", return_onesided=True, scaling="density", axis=-1, mode="psd"):
    modes = ["psd", "complex", "magnitude", "angle", "phase"]
    if mode not in modes:
        raise ValueError(f"unknown value for mode {mode}, must be one of {modes}")
    (t,) = tensors((x,))
    n = t.shape[axis]
    if nperseg is None and isinstance(window, (str, tuple)):
        nperseg = 256
    if isinstance(window, (str, tuple)) and nperseg > n:
        warnings.warn(f"nperseg = {nperseg:d} is greater than input length  = {n:d}, using nperseg = {n:d}",
                      stacklevel=3)
        nperseg = n
    win, nperseg = _window(window, nperseg, n, t.device)
    if noverlap is None:
        noverlap = nperseg // 8
    f, tt, S = _helper(t, None, fs, win, nperseg, noverlap, nfft, detrend, return_onesided, scaling, axis,
                       "psd" if mode == "psd" else "stft")
    if mode == "magnitude":
        S = S.abs()
    elif mode in ("angle", "phase"):
        S = S.angle() if S.is_complex() else torch.where(S < 0, torch.pi, 0.0).to(S.dtype)
        if mode == "phase":
            from ... import unwrap
            S = tensor(unwrap(_wrap(S), axis=axis - 1 if axis < 0 else axis))
    return f, tt, S


@mirror("signal")
def stft(x, fs=1.0, window="hann_periodic", nperseg=256, noverlap=None, nfft=None, detrend=False,
         return_onesided=True, boundary="zeros", padded=True, axis=-1, scaling="spectrum"):
    if scaling == "psd":
        scaling = "density"
    elif scaling != "spectrum":
        raise ValueError(f"Parameter scaling={scaling!r} not in ['spectrum', 'psd']!")
    (t,) = tensors((x,))
    return _helper(t, None, fs, window, nperseg, noverlap, nfft, detrend, return_onesided, scaling, axis, "stft",
                   boundary, padded)


def _median_bias(n):
    ii_2 = 2 * _np.arange(1.0, (n - 1) // 2 + 1)
    return 1 + _np.sum(1.0 / (ii_2 + 1) - 1.0 / ii_2)


def _csd(x, y, fs, window, nperseg, noverlap, nfft, detrend, return_onesided, scaling, axis, average):
    """SciPy's csd on tensors (``y is None``: the same data): (freqs, Pxy)."""
    axis = int(axis)
    same = y is None
    e = _empty_result(x, y, axis)
    if e is not None:
        return e, e
    out_dtype = _out_dtype(x, y)
    n = x.shape[axis] if same else max(x.shape[axis], y.shape[axis])
    if isinstance(window, (str, tuple)):
        nperseg = int(nperseg) if nperseg is not None else 256
        if nperseg < 1:
            raise ValueError(f"Parameter nperseg={nperseg!r} is not a positive integer!")
        if n < nperseg:
            warnings.warn(f"nperseg={nperseg!r} is greater than signal length max(len(x), len(y)) = {n}, "
                          f"using nperseg = {n}", stacklevel=4)
            nperseg = n
        win = window_tensor(window, nperseg, device=x.device)
    else:
        win = tensor(window, x.device)
        if nperseg is None:
            nperseg = len(win)
    if nperseg != len(win):
        raise ValueError(f"nperseg={nperseg!r} does not equal len(win)={len(win)!r}")
    nfft = int(nfft) if nfft is not None else nperseg
    if nfft < nperseg:
        raise ValueError(f"nfft={nfft!r} must be greater than or equal to nperseg={nperseg!r}!")
    noverlap = int(noverlap) if noverlap is not None else nperseg // 2
    if noverlap >= nperseg:
        raise ValueError(f"noverlap={noverlap!r} must be less than nperseg={nperseg!r}!")
    if x.is_complex() and return_onesided:
        return_onesided = False
    if scaling not in ("spectrum", "density"):
        raise ValueError(f"Parameter scaling={scaling!r} not in {{'spectrum': 'magnitude', 'density': 'psd'}}!")
    if return_onesided and not same and y.is_complex():  # SciPy's ShortTimeFFT refuses it
        raise ValueError("Complex-valued `x` not allowed for self.fft_mode='onesided''! Set property `fft_mode` "
                         "to 'twosided' or 'centered'.")
    sides = "onesided" if return_onesided else "twosided"
    xt = x.movedim(axis, -1)
    yt = None if same else y.movedim(axis, -1)
    if not same:
        xt = torch.nn.functional.pad(xt, (0, n - xt.shape[-1]))
        yt = torch.nn.functional.pad(yt, (0, n - yt.shape[-1]))
    work = torch.complex128
    real = torch.float64
    win = win.to(work if win.is_complex() else real)
    xt = xt.to(work if xt.is_complex() else real)
    scale = 1.0 / (fs * (win.abs() ** 2).sum()) if scaling == "density" else 1.0 / win.sum().abs() ** 2
    detrend_func = _detrend_func(detrend, axis)
    nseg = (n - noverlap) // (nperseg - noverlap)
    X = _segments(xt[..., :(nseg - 1) * (nperseg - noverlap) + nperseg], win, detrend_func, nperseg, noverlap, nfft,
                  sides)
    if same:
        P = (X.conj() * X).real
    else:
        yt = yt.to(work if yt.is_complex() else real)
        Y = _segments(yt[..., :(nseg - 1) * (nperseg - noverlap) + nperseg], win, detrend_func, nperseg, noverlap,
                      nfft, sides)
        P = X.conj() * Y
    P = P * scale
    if sides == "onesided":
        P = _one_sided(P, nfft, real)
    P = P.movedim(-2, -1)  # (..., freqs, segments)
    if P.shape[-1] > 1:
        if average == "median":
            bias = _median_bias(P.shape[-1])
            if P.is_complex():
                P = torch.complex(_np_median(P.real), _np_median(P.imag)) / bias
            else:
                P = _np_median(P) / bias
        elif average == "mean":
            P = P.mean(-1)
        else:
            raise ValueError(f"Parameter average={average!r} must be 'median' or 'mean'!")
    else:
        P = P.reshape(P.shape[:-1])
    P = P.to(_dt(out_dtype)) if P.is_complex() else P.to(_dt(out_dtype).to_real())
    freqs = _freqs(sides, nfft, fs, x.device)
    if same:
        P = P.real if P.is_complex() else P
    return freqs, P.movedim(-1, axis) if P.dim() > 1 else P


def _np_median(t):
    """NumPy's median along the last axis (the mean of the two middle values for even counts)."""
    s = t.sort(-1).values
    n = s.shape[-1]
    return s[..., n // 2] if n % 2 else (s[..., n // 2 - 1] + s[..., n // 2]) / 2


@mirror("signal")
def csd(x, y, fs=1.0, window="hann_periodic", nperseg=None, noverlap=None, nfft=None, detrend="constant",
        return_onesided=True, scaling="density", axis=-1, average="mean"):
    same = y is x
    xt, yt = tensors((x, y))
    return _csd(xt, None if same else yt, fs, window, nperseg, noverlap, nfft, detrend, return_onesided, scaling,
                axis, average)


@mirror("signal")
def welch(x, fs=1.0, window="hann_periodic", nperseg=None, noverlap=None, nfft=None, detrend="constant",
          return_onesided=True, scaling="density", axis=-1, average="mean"):
    (t,) = tensors((x,))
    f, P = _csd(t, None, fs, window, nperseg, noverlap, nfft, detrend, return_onesided, scaling, axis, average)
    return f, P.real if P.is_complex() else P


@mirror("signal")
def periodogram(x, fs=1.0, window="boxcar", nfft=None, detrend="constant", return_onesided=True,
                scaling="density", axis=-1):
    (t,) = tensors((x,))
    if t.numel() == 0:
        e = torch.empty(tuple(t.shape), dtype=torch.float64, device=t.device)
        return e, e
    if window is None:
        window = "boxcar"
    n = t.shape[axis]
    if nfft is None or nfft == n:
        nperseg = n
    elif nfft > n:
        nperseg = n
    else:
        t = t.narrow(normalize_axis(axis, t.dim()), 0, nfft)
        nperseg, nfft = nfft, None
    if not isinstance(window, (str, tuple)) and hasattr(window, "shape") and _np.prod(window.shape) != nperseg:
        raise ValueError("the size of the window must be the same size of the input on the specified axis")
    f, P = _csd(t, None, fs, window, nperseg, 0, nfft, detrend, return_onesided, scaling, axis, "mean")
    return f, P.real if P.is_complex() else P


@mirror("signal")
def coherence(x, y, fs=1.0, window="hann_periodic", nperseg=None, noverlap=None, nfft=None, detrend="constant",
              axis=-1):
    xt, yt = tensors((x, y))
    args = (fs, window, nperseg, noverlap, nfft, detrend, True, "density", axis, "mean")
    f, Pxx = _csd(xt, None, *args)
    _, Pyy = _csd(yt, None, *args)
    _, Pxy = _csd(xt, yt, *args)
    return f, Pxy.abs() ** 2 / Pxx.real / Pyy.real


@mirror("signal")
def istft(Zxx, fs=1.0, window="hann_periodic", nperseg=None, noverlap=None, nfft=None, input_onesided=True,
          boundary=True, time_axis=-1, freq_axis=-2, scaling="spectrum"):
    Z = tensor(Zxx)
    if not Z.is_complex():  # SciPy's Zxx + 0j
        Z = Z.to(torch.complex64 if Z.dtype in (torch.float32, torch.float16) else torch.complex128)
    freq_axis, time_axis = int(freq_axis), int(time_axis)
    if Z.dim() < 2:
        raise ValueError("Input stft must be at least 2d!")
    if freq_axis == time_axis:
        raise ValueError("Must specify differing time and frequency axes!")
    nseg = Z.shape[time_axis]
    n_default = 2 * (Z.shape[freq_axis] - 1) if input_onesided else Z.shape[freq_axis]
    nperseg = n_default if nperseg is None else _nperseg(nperseg)
    nfft, noverlap = _nfft_noverlap(nfft, noverlap, nperseg,
                                    nperseg if (input_onesided and nperseg == n_default + 1) else n_default)
    nstep = nperseg - noverlap
    if time_axis != Z.dim() - 1 or freq_axis != Z.dim() - 2:
        freq_axis = freq_axis + Z.dim() if freq_axis < 0 else freq_axis
        time_axis = time_axis + Z.dim() if time_axis < 0 else time_axis
        outer = [a for a in range(Z.dim()) if a not in (time_axis, freq_axis)]
        Z = Z.permute(outer + [freq_axis, time_axis])
    host_win = None
    if isinstance(window, str) or type(window) is tuple:
        win = window_tensor(window, nperseg, device=Z.device)
        host_win = _np.asarray(_dispatch_scipy("signal.get_window")(window, nperseg))
    else:
        win = tensor(window, Z.device)
        if win.dim() != 1:
            raise ValueError("window must be 1-D")
        if win.shape[0] != nperseg:
            raise ValueError(f"window must have length of {nperseg}")
    xsubs = (torch.fft.irfft if input_onesided else torch.fft.ifft)(Z, n=nfft, dim=-2)[..., :nperseg, :]
    win = win.to(xsubs.dtype if not xsubs.is_complex() else xsubs.real.dtype)
    if scaling == "spectrum":
        xsubs = xsubs * win.sum()
    elif scaling == "psd":
        xsubs = xsubs * torch.sqrt(fs * (win ** 2).sum())
    else:
        raise ValueError(f"Parameter scaling={scaling!r} not in ['spectrum', 'psd']!")
    outputlength = nperseg + (nseg - 1) * nstep
    idx = (torch.arange(nseg, device=Z.device)[:, None] * nstep + torch.arange(nperseg, device=Z.device)).reshape(-1)
    frames = (xsubs * win[:, None]).movedim(-1, -2)  # (..., nseg, nperseg)
    batch = frames.shape[:-2]
    x = frames.new_zeros((int(_np.prod(batch)) if batch else 1, outputlength))
    x.index_add_(1, idx, frames.reshape(x.shape[0], -1))
    x = x.reshape(tuple(batch) + (outputlength,))
    norm = win.new_zeros(outputlength).index_add_(0, idx, (win ** 2).repeat(nseg))
    if boundary:
        x = x[..., nperseg // 2:-(nperseg // 2)]
        norm = norm[..., nperseg // 2:-(nperseg // 2)]
    if host_win is not None:  # SciPy's NOLA check, from the window's host values (no device read)
        hn = _np.zeros(outputlength)
        for ii in range(nseg):
            hn[ii * nstep:ii * nstep + nperseg] += host_win ** 2
        if boundary:
            hn = hn[nperseg // 2:-(nperseg // 2)]
        if _np.sum(hn > 1e-10) != len(hn):
            warnings.warn("NOLA condition failed, STFT may not be invertible." +
                          (" Possibly due to missing boundary" if not boundary else ""), stacklevel=3)
    x = x / torch.where(norm > 1e-10, norm, torch.ones_like(norm))
    if input_onesided:
        x = x.real if x.is_complex() else x
    if x.dim() > 1 and time_axis != Z.dim() - 1:
        if freq_axis < time_axis:
            time_axis -= 1
        x = x.movedim(-1, time_axis)
    time = torch.arange(x.shape[0], dtype=torch.float64, device=Z.device) / float(fs)
    return time, x
