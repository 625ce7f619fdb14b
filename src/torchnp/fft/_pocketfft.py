"""Discrete Fourier transforms (mirrors ``numpy.fft``) computed by ``torch.fft`` on the array's device.

The fourteen transforms are rows of two tables (1-D and n-D); the factories below give them
NumPy's signatures. Output dtypes follow NumPy 2: float32/float16 -> complex64, float64 and
integers -> complex128, inverse real transforms of complex64 -> float32.
"""

import operator
import warnings

import numpy as _np
import torch

from .. import _cpu_kernels, _dtypes
from .._array import _wrap, ndarray
from .._convert import normalize_axis
from .._boundary import store, tensor

__all__ = ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft", "fftn", "ifftn", "rfftn", "irfftn",
           "fft2", "ifft2", "rfft2", "irfft2"]

_NORMS = ("backward", "ortho", "forward")
#: NumPy's gufunc behind its FFTs: its out= casting error names it (output 2: after the data and the factor)
_FFT_UFUNC = getattr(getattr(_np.fft, "_pocketfft_umath", None), "fft", None)
C2C, R2C, C2R = "c2c", "r2c", "c2r"

#: 1-D transforms: name -> (kind, torch function, inverse?)
_ONE_D = {
    "fft": (C2C, torch.fft.fft, False),
    "ifft": (C2C, torch.fft.ifft, True),
    "rfft": (R2C, torch.fft.rfft, False),
    "irfft": (C2R, torch.fft.irfft, True),
    "hfft": (C2R, torch.fft.hfft, False),
    "ihfft": (R2C, torch.fft.ihfft, True),
}
#: n-D transforms: name -> (kind, torch function, inverse?, default axes, 1-D steps (name of last axis, others))
_N_D = {
    "fftn": (C2C, torch.fft.fftn, False, None, ("fft", "fft")),
    "ifftn": (C2C, torch.fft.ifftn, True, None, ("ifft", "ifft")),
    "rfftn": (R2C, torch.fft.rfftn, False, None, ("rfft", "fft")),
    "irfftn": (C2R, torch.fft.irfftn, True, None, ("irfft", "ifft")),
    "fft2": (C2C, torch.fft.fftn, False, (-2, -1), ("fft", "fft")),
    "ifft2": (C2C, torch.fft.ifftn, True, (-2, -1), ("ifft", "ifft")),
    "rfft2": (R2C, torch.fft.rfftn, False, (-2, -1), ("rfft", "fft")),
    "irfft2": (C2R, torch.fft.irfftn, True, (-2, -1), ("irfft", "ifft")),
}

_REAL_OF = {torch.complex64: torch.float32, torch.complex128: torch.float64}
_COMPLEX_OF = {torch.float32: torch.complex64, torch.float64: torch.complex128}


def _norm(norm, spaced):
    if norm is None:
        return "backward"
    if norm not in _NORMS:
        sp = " " if spaced else ""  # NumPy spells this message two ways
        raise ValueError(f'Invalid norm value {norm}; should be "backward",{sp}"ortho" or "forward".')
    return norm


def _tensor(a):
    try:
        return tensor(a)
    except TypeError:
        if _np.ndim(a) == 0:  # a string, None, ...: NumPy makes a 0-d array and fails on its last axis
            raise IndexError("tuple index out of range") from None
        raise


@_dtypes.trace_constant
def _c2r_dtype(dt):
    np_dt = _dtypes.TO_NUMPY[dt]
    return _dtypes.to_torch(_np.result_type(_np.dtype(np_dt.char.lower()) if dt.is_complex else np_dt, 1.0))


@_dtypes.trace_constant
def _complex_dtype(dt):
    return _dtypes.to_torch(_np.result_type(_dtypes.TO_NUMPY[dt], 1j))


def _input(t, kind, name):
    """(tensor cast for torch, NumPy's output torch dtype) for a transform of ``kind``."""
    dt = t.dtype
    if kind == C2R:
        out = _c2r_dtype(dt)
        work = torch.float64 if out is torch.float64 else torch.float32
        return t.to(_COMPLEX_OF[work]), out
    if kind == R2C and dt.is_complex:
        raise TypeError(f"ufunc '{name}' not supported for the input types, and the inputs could not be "
                        "safely coerced to any supported types according to the casting rule ''safe''")
    out = _complex_dtype(dt)
    if dt.is_complex:
        return t, out
    return t.to(_REAL_OF[out]), out


def _finish(r, out_dt, out):
    if r.dtype is not out_dt:
        r = r.to(out_dt)
    r = r.resolve_conj()  # itself unless a lazy conjugate (unconditional: traceable, §6.1)
    return store(r, out, "same_kind", ufunc=_FFT_UFUNC, index=2, shape_error="output array has wrong shape.")


def _check_n(n):
    if n < 1:
        raise ValueError(f"Invalid number of FFT data points ({n}) specified.")


def _one_d(name):
    kind, fn, inverse = _ONE_D[name]

    def run(t, n, axis, norm):
        """Transform tensor ``t`` (already cast) along normalized ``axis``."""
        if n is None:
            n = 2 * (t.shape[axis] - 1) if kind == C2R else t.shape[axis]
        else:
            n = operator.index(n)
        _check_n(n)
        return fn(t, n=n, dim=axis, norm=norm)

    spaced = inverse or name == "hfft"

    def transform(a, n=None, axis=-1, norm=None, out=None):
        raw = _tensor(a)
        axis = normalize_axis(axis, raw.dim())
        _check_n(operator.index(n) if n is not None else 2 * (raw.shape[axis] - 1) if kind == C2R
                 else raw.shape[axis])  # NumPy's order of checks: n, norm, dtype
        norm = _norm(norm, spaced)
        t, out_dt = _input(raw, kind, name)
        k = _cpu_kernels.numpy_kernel(name, t) if name in _cpu_kernels.KERNELS else None
        if k is not None:
            return _finish(_cpu_kernels.run(k, t, n, axis, norm), out_dt, out)
        return _finish(run(t, n, axis, norm), out_dt, out)

    transform.__name__ = transform.__qualname__ = name
    transform.__doc__ = f"Mirror of ``numpy.fft.{name}(a, n=None, axis=-1, norm=None, out=None)``, on torch."
    transform._run = run
    return transform


def _cook_nd_args(t, s, axes, invreal):
    """NumPy's ``_cook_nd_args``: normalized (s, axes), with its deprecation warnings."""
    shapeless = s is None
    if shapeless:
        s = list(t.shape) if axes is None else [t.shape[normalize_axis(ax, t.dim())] for ax in axes]
    s = list(s)
    if axes is None:
        if not shapeless:
            warnings.warn("`axes` should not be `None` if `s` is not `None` (Deprecated in NumPy 2.0). In a "
                          "future version of NumPy, this will raise an error and `s[i]` will correspond to the "
                          "size along the transformed axis specified by `axes[i]`. To retain current behaviour, "
                          "pass a sequence [0, ..., k-1] to `axes` for an array of dimension k.",
                          DeprecationWarning, stacklevel=3)
        axes = list(range(-len(s), 0))
    axes = [normalize_axis(ax, t.dim()) for ax in axes]
    if len(s) != len(axes):
        raise ValueError("Shape and axes have different lengths.")
    if invreal and shapeless:
        s[-1] = (t.shape[axes[-1]] - 1) * 2
    if None in s:
        warnings.warn("Passing an array containing `None` values to `s` is deprecated in NumPy 2.0 and will "
                      "raise an error in a future version of NumPy. To use the default behaviour of the "
                      "corresponding 1-D transform, pass the value matching the default for its `n` parameter. "
                      "To use the default behaviour for every axis, the `s` argument can be omitted.",
                      DeprecationWarning, stacklevel=3)
    s = [t.shape[ax] if n == -1 else n for n, ax in zip(s, axes)]
    return s, axes


def _n_d(name):
    kind, fn, inverse, default_axes, (last_step, other_step) = _N_D[name]

    def transform(a, s=None, axes=default_axes, norm=None, out=None):
        raw = _tensor(a)
        s, axes = _cook_nd_args(raw, s, axes, kind == C2R)
        if not axes:
            if kind != C2C:  # NumPy indexes s[-1] / axes[-1]
                raise IndexError("list index out of range")
            return _finish(raw, raw.dtype, out)  # NumPy returns the input unchanged
        if None in s:  # deprecated: None means the 1-D default along that axis
            s = [(2 * (raw.shape[ax] - 1) if kind == C2R and i == len(s) - 1 else t.shape[ax]) if n is None else n
                 for i, (n, ax) in enumerate(zip(s, axes))]
        s = [operator.index(n) for n in s]
        _check_n(s[0] if kind == C2R else s[-1])  # NumPy's order: first 1-D step's n, norm, dtype, the rest
        norm = _norm(norm, inverse)
        t, out_dt = _input(raw, kind, name)
        for n in s:
            _check_n(n)
        if len(set(axes)) == len(axes):
            r = fn(t, s=s, dim=axes, norm=norm)
        else:  # repeated axes: NumPy's sequence of 1-D transforms
            last, other = TRANSFORMS[last_step]._run, TRANSFORMS[other_step]._run
            r = t
            if kind == C2R:
                for n, ax in zip(s[:-1], axes[:-1]):
                    r = other(r, n, ax, norm)
                r = last(r, s[-1], axes[-1], norm)
            else:
                r = last(r, s[-1], axes[-1], norm)
                for n, ax in zip(reversed(s[:-1]), reversed(axes[:-1])):
                    r = other(r, n, ax, norm)
        return _finish(r, out_dt, out)

    transform.__name__ = transform.__qualname__ = name
    transform.__doc__ = (f"Mirror of ``numpy.fft.{name}(a, s=None, axes={default_axes}, norm=None, out=None)``, "
                         "on torch.")
    return transform


TRANSFORMS = {name: _one_d(name) for name in _ONE_D}
TRANSFORMS.update({name: _n_d(name) for name in _N_D})
globals().update(TRANSFORMS)
