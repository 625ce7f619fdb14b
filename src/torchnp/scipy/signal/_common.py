"""Helpers shared by torchnp.scipy.signal's device implementations (dtypes, FFT sizes, axes)."""

import numpy as _np
import torch

from ... import _dtypes

_FLOAT_OF = {torch.float16: torch.float32, torch.bfloat16: torch.float32}


def np_dtype(t):
    return _dtypes.TO_NUMPY[t.dtype]


def result_dtype(*ts):
    """NumPy's result type of tensors ``ts`` as a torch dtype."""
    return _dtypes.to_torch(_np.result_type(*(np_dtype(t) for t in ts)))


def inexact(t, at_least=None):
    """``t`` as SciPy computes with it: integers and bool in float64, float16 in float32,
    float32/float64/complex kept (then promoted with ``at_least``)."""
    dt = t.dtype
    if not (dt.is_floating_point or dt.is_complex):
        dt = torch.float64
    dt = _FLOAT_OF.get(dt, dt)
    if at_least is not None:
        dt = torch.promote_types(dt, at_least)
    return t if t.dtype == dt else t.to(dt)


def inexact_pair(a, b):
    """Both operands in their common inexact dtype (SciPy's FFT-based computations)."""
    a, b = inexact(a), inexact(b)
    dt = torch.promote_types(a.dtype, b.dtype)
    return a.to(dt), b.to(dt)


def next_fast_len(n, real=True):
    """The smallest 5-smooth (2, 3, 5) size >= n: pure Python on sizes, the FFT sizes SciPy picks
    differ only in their factor 7 and 11 choices, which change no value beyond rounding."""
    if n <= 6:
        return max(n, 1)
    best = 2 ** (n - 1).bit_length()
    p5 = 1
    while p5 < best:
        p35 = p5
        while p35 < best:
            m = p35
            while m < n:
                m *= 2
            best = min(best, m)
            p35 *= 3
        p5 *= 5
    return best


def fft_convolve(a, b, axes):
    """Full linear convolution of inexact tensors ``a`` and ``b`` (same ndim, other axes broadcast)
    along ``axes``, through one FFT of a fast size."""
    if not axes:
        return a * b
    shape = [a.shape[i] + b.shape[i] - 1 for i in axes]
    fshape = [next_fast_len(n) for n in shape]
    if a.is_complex() or b.is_complex():
        r = torch.fft.ifftn(torch.fft.fftn(a, fshape, axes) * torch.fft.fftn(b, fshape, axes), fshape, axes)
    else:
        r = torch.fft.irfftn(torch.fft.rfftn(a, fshape, axes) * torch.fft.rfftn(b, fshape, axes), fshape, axes)
    return r[tuple(slice(0, shape[axes.index(i)]) if i in axes else slice(None) for i in range(r.dim()))]


def centered(t, newshape):
    """SciPy's ``_centered``: the middle ``newshape`` part of ``t``."""
    start = [(c - n) // 2 for c, n in zip(t.shape, newshape)]
    return t[tuple(slice(s, s + n) for s, n in zip(start, newshape))]
