"""scipy.ndimage's Fourier-domain filters as torch ops (SciPy's ``_fourier.py``; DESIGN §8.2).

SciPy's ``ni_fourier.c`` multiplies each element of a Fourier transform by a product of
per-axis tables; the tables are computed here as SciPy computes them (Python floats, from the
Python parameters and the shape) and the product runs on the device, in SciPy's order.
"""

import math

import numpy as _np
import torch

from ... import _dtypes
from .._dispatch import mirror
from ._support import F64, input_tensor, normalize_axis, normalize_sequence, out_tensor

__all__ = ["fourier_gaussian", "fourier_uniform", "fourier_shift"]


def _frequencies(dim, full):
    """SciPy's table order: 0 .. dim - 1 along a real transform's axis (``full``), else the FFT's."""
    return list(range(dim)) if full else list(range((dim + 1) // 2)) + list(range(-(dim // 2), 0))


def _output(output, t, complex_only):
    """SciPy's ``_get_output_fourier`` (``_complex``): the result dtype and the array to write."""
    kinds = (_np.complex64, _np.complex128) if complex_only else (_np.complex64, _np.complex128, _np.float32,
                                                                    _np.float64)
    if output is None:
        dt = _dtypes.TO_NUMPY[t.dtype]
        keep = (_np.complex64, _np.complex128) if complex_only else (_np.complex64, _np.complex128, _np.float32)
        return _dtypes.to_torch(dt if dt.type in keep else _np.dtype(_np.complex128 if complex_only else _np.float64)), None
    if type(output) is type:
        if output not in kinds:
            raise RuntimeError("output type not supported")
        return _dtypes.to_torch(_np.dtype(output)), None
    if tuple(output.shape) != tuple(t.shape):
        raise RuntimeError("output shape not correct")
    return out_tensor(output, t.device).dtype, output


def _finish(r, dtype, array):
    r = r.to(dtype)
    if array is None:
        return r
    out_tensor(array, r.device).copy_(r)
    return array


def _table(t, axis, n, values):
    """The product over the axes of their tables (1.0 for axes of length 1), as SciPy multiplies."""
    factor = None
    for hh in range(t.ndim):
        dim = t.shape[hh]
        if dim <= 1:
            continue
        tab = torch.tensor(values(hh, dim, hh == axis and n >= 0), dtype=F64, device=t.device)
        tab = tab.view([-1 if k == hh else 1 for k in range(t.ndim)])
        factor = 1.0 * tab if factor is None else factor * tab
    return factor


def _filter(input, params, n, axis, output, table):
    t = input_tensor(input)
    dtype, array = _output(output, t, False)
    axis = normalize_axis(axis, t.ndim)
    if t.is_complex() and not dtype.is_complex:
        raise RuntimeError("data type not supported")  # SciPy's C: a complex input into a real output
    params = [float(p) for p in normalize_sequence(params, t.ndim)]
    factor = _table(t, axis, n, lambda hh, dim, full: table(params[hh], dim, n if full else dim, full))
    x = t.to(torch.complex128) if t.is_complex() else t.to(F64)
    r = x if factor is None else (x * factor if not x.is_complex() else torch.complex(x.real * factor,
                                                                                      x.imag * factor))
    return _finish(r, dtype, array)


@mirror("ndimage")
def fourier_gaussian(input, sigma, n=-1, axis=-1, output=None):
    def table(sigma, dim, shape, full):
        p = sigma * math.pi / float(shape)
        p = -2.0 * p * p
        return [0.0 if abs(p * k * k) > 50.0 else math.exp(p * k * k) for k in _frequencies(dim, full)]

    return _filter(input, sigma, n, axis, output, table)


@mirror("ndimage")
def fourier_uniform(input, size, n=-1, axis=-1, output=None):
    def table(size, dim, shape, full):
        tmp = math.pi * size / shape
        return [1.0 if k == 0 else (math.sin(tmp * k) / (tmp * k) if tmp > 0.0 else 0.0)
                for k in _frequencies(dim, full)]

    return _filter(input, size, n, axis, output, table)


@mirror("ndimage")
def fourier_shift(input, shift, n=-1, axis=-1, output=None):
    t = input_tensor(input)
    dtype, array = _output(output, t, True)
    axis = normalize_axis(axis, t.ndim)
    shifts = [float(s) for s in normalize_sequence(shift, t.ndim)]
    phase = torch.zeros((1,) * t.ndim, dtype=F64, device=t.device)
    for hh in range(t.ndim):
        dim = t.shape[hh]
        if dim <= 1:
            continue
        full = hh == axis and n >= 0
        s = -2.0 * math.pi * shifts[hh] / float(n if full else dim)
        tab = torch.tensor([s * k for k in _frequencies(dim, full)], dtype=F64, device=t.device)
        phase = phase + tab.view([-1 if k == hh else 1 for k in range(t.ndim)])
    cost, sint = torch.cos(phase), torch.sin(phase)
    if t.is_complex():
        re, im = t.real.to(F64), t.imag.to(F64)
        r = torch.complex(re * cost - im * sint, re * sint + im * cost)
    else:
        x = t.to(F64)
        r = torch.complex(x * cost, x * sint)
    return _finish(r, dtype, array)
