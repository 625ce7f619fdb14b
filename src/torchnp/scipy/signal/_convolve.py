"""``scipy.signal``'s convolutions (convolve, correlate, fftconvolve, oaconvolve, convolve2d,
correlate2d) on the device: every one is a ``torch.fft`` product (SciPy's ``method='fft'``), its
mode applied as SciPy's ``_apply_conv_mode``. Integer and bool operands are transformed in float64
and rounded back to SciPy's integer (or bool) result, exact while the sums of products stay
below 2**50 (docs/scipy.md).
"""

import torch

from ..._boundary import tensor, tensors
from .._dispatch import mirror
from ._common import centered, fft_convolve, inexact_pair, result_dtype

__all__ = ["convolve", "correlate", "fftconvolve", "oaconvolve", "convolve2d", "correlate2d"]

_MODES = ("full", "valid", "same")


def _swap_needed(mode, s1, s2, axes=None):
    if mode != "valid" or not s1:
        return False
    axes = range(len(s1)) if axes is None else axes
    ok1 = all(s1[i] >= s2[i] for i in axes)
    ok2 = all(s2[i] >= s1[i] for i in axes)
    if not (ok1 or ok2):
        raise ValueError("For 'valid' mode, one must be at least as large as the other in every dimension")
    return not ok1


def _reverse_conj(t, axes=None):
    t = t.flip(list(range(t.dim())) if axes is None else list(axes))
    return t.conj() if t.is_complex() else t


def _apply_mode(r, s1, s2, mode, axes):
    if mode == "full":
        return r
    if mode == "same":
        return centered(r, s1)
    return centered(r, [s1[a] - s2[a] + 1 if a in axes else r.shape[a] for a in range(r.dim())])


def _to_result(r, dt):
    """The float64 (complex) FFT result as SciPy's ``result_type`` of the operands."""
    if dt.is_floating_point or dt.is_complex:
        return r.to(dt)
    r = torch.round(r.real if r.is_complex() else r)
    if dt == torch.bool:
        return r != 0
    return r.to(torch.int64).to(dt)  # through int64: integer results wrap as SciPy's direct sums


def _check_mode(mode, message="Acceptable mode flags are 'valid', 'same', or 'full'."):
    if mode not in _MODES:
        raise ValueError(message)


@mirror("signal")
def convolve(in1, in2, mode="full", method="auto"):
    a, b = tensors((in1, in2))
    if a.dim() == b.dim() == 0:
        return a * b
    if a.dim() != b.dim():
        raise ValueError("volume and kernel should have the same dimensionality")
    if _swap_needed(mode, a.shape, b.shape):
        a, b = b, a
    if method not in ("auto", "direct", "fft"):
        raise ValueError("Acceptable method flags are 'auto', 'direct', or 'fft'.")
    _check_mode(mode, f"Acceptable mode flags are 'valid', 'same', or 'full', not mode={mode}")
    if a.numel() == 0 or b.numel() == 0:  # SciPy's errors: its FFT path indexes the empty shape
        if method == "fft":
            raise IndexError("index 0 is out of bounds for axis 0 with size 0")
        raise ValueError("zero-size array to reduction operation maximum which has no identity")
    _check_direct_bool(a, b, mode, method)
    dt = result_dtype(a, b)
    fa, fb = inexact_pair(a, b)
    axes = list(range(a.dim()))
    return _to_result(_apply_mode(fft_convolve(fa, fb, axes), a.shape, b.shape, mode, axes), dt)


def _check_direct_bool(a, b, mode, method):
    """SciPy's direct sums (its choice for small operands under method='auto') have no bool loop
    beyond NumPy's 1-D ``convolve``: ValueError('Unsupported type'), as SciPy raises."""
    if method == "fft" or a.dtype != torch.bool or b.dtype != torch.bool:
        return
    if a.dim() == 1 and (mode in ("full", "valid") or a.numel() >= b.numel()):
        return
    raise ValueError("Unsupported type")


@mirror("signal")
def correlate(in1, in2, mode="full", method="auto"):
    a, b = tensors((in1, in2))
    if a.dim() == b.dim() == 0:
        return a * (b.conj() if b.is_complex() else b)
    if a.dim() != b.dim():
        raise ValueError("in1 and in2 should have the same dimensionality")
    _check_mode(mode)
    if method not in ("auto", "direct", "fft"):
        raise ValueError("Acceptable method flags are 'auto', 'direct', or 'fft'.")
    if a.numel() and b.numel():
        _check_direct_bool(a, b, mode, method)
    if method == "direct" and mode == "same" and a.dim() == 1 and a.numel() < b.numel():
        # SciPy's direct route swaps the operands for 'same' (np.correlate refuses the shorter first)
        return _correlate_direct_swapped_same(a, b)
    return convolve.__wrapped__(a, _reverse_conj(b), mode, method)


def _correlate_direct_swapped_same(a, b):
    full = correlate.__wrapped__(b, a, "full", "fft")
    return centered(_reverse_conj(full), a.shape)


def _freq_axes(a, b, mode, axes):
    s1, s2 = a.shape, b.shape
    if axes is None:
        axes = list(range(a.dim()))
    else:
        axes = [axes] if not hasattr(axes, "__len__") else list(axes)
        if not axes:
            raise ValueError("when provided, axes cannot be empty")
        axes = [ax + a.dim() if ax < 0 else ax for ax in axes]
        if any(ax < 0 or ax >= a.dim() for ax in axes):
            raise ValueError("axes exceeds dimensionality of input")
        if len(set(axes)) != len(axes):
            raise ValueError("all axes must be unique")
    axes = [ax for ax in axes if s1[ax] != 1 and s2[ax] != 1]
    if not all(s1[ax] == s2[ax] or s1[ax] == 1 or s2[ax] == 1 for ax in range(a.dim()) if ax not in axes):
        raise ValueError(f"incompatible shapes for in1 and in2: {tuple(s1)} and {tuple(s2)}")
    if _swap_needed(mode, s1, s2, axes):
        a, b = b, a
    return a, b, axes


@mirror("signal")
def fftconvolve(in1, in2, mode="full", axes=None):
    a, b = tensors((in1, in2))
    if a.dim() == b.dim() == 0:
        return a * b
    if a.dim() != b.dim():
        raise ValueError("in1 and in2 should have the same dimensionality")
    if a.numel() == 0 or b.numel() == 0:
        return torch.zeros(0, dtype=torch.float64, device=a.device)
    a, b = inexact_pair(a, b)
    a, b, axes = _freq_axes(a, b, mode, axes)
    _check_mode(mode, "acceptable mode flags are 'valid', 'same', or 'full'")
    return _apply_mode(fft_convolve(a, b, axes), a.shape, b.shape, mode, axes)


@mirror("signal")
def oaconvolve(in1, in2, mode="full", axes=None):
    """One FFT product (the values of SciPy's overlap-add blocks, within rounding)."""
    return fftconvolve.__wrapped__(in1, in2, mode, axes)


_BOUNDARIES = {"fill": "fill", "pad": "fill", "wrap": "wrap", "circular": "wrap", "symm": "symm",
               "symmetric": "symm"}


def _padded_index(n, before, after, kind, device):
    i = torch.arange(-before, n + after, device=device)
    if kind == "wrap":
        return torch.remainder(i, n)
    m = torch.remainder(i, 2 * n)
    return torch.where(m < n, m, 2 * n - 1 - m)


def _conv2d(in1, in2, mode, boundary, fillvalue, flip, name):
    a, b = tensors((in1, in2))
    if not a.dim() == b.dim() == 2:
        raise ValueError(f"{name} inputs must both be 2-D arrays")
    swapped = _swap_needed(mode, a.shape, b.shape)
    if swapped:
        a, b = b, a
    if mode not in _MODES:
        raise ValueError("Acceptable mode flags are 'valid', 'same', or 'full'.")
    if boundary not in _BOUNDARIES:
        raise ValueError("Acceptable boundary flags are 'fill', 'circular' (or 'wrap'), and 'symmetric' "
                         "(or 'symm').")
    fill = tensor(fillvalue, a.device)
    if fill.dim() != 0:
        raise ValueError("fillvalue must be scalar or an array with one element")
    dt = result_dtype(a, b)
    if not dt.is_complex:  # SciPy casts fillvalue to the result type: 1.5 pads integer data with 1
        fill = (fill.real if fill.is_complex() else fill).to(dt)
    kernel = b.conj() if (not flip and b.is_complex()) else b
    if not flip:
        kernel = kernel.flip((0, 1))
    fa, fk = inexact_pair(a, kernel)
    kh, kw = b.shape
    if mode == "valid":
        r = _apply_mode(fft_convolve(fa, fk, [0, 1]), a.shape, b.shape, "valid", [0, 1])
    else:
        kind = _BOUNDARIES[boundary]
        if kind == "fill":
            padded = torch.nn.functional.pad(fa, (kw - 1, kw - 1, kh - 1, kh - 1)) if not fa.is_complex() else \
                torch.complex(*(torch.nn.functional.pad(p, (kw - 1, kw - 1, kh - 1, kh - 1)) for p in (fa.real, fa.imag)))
            mask = torch.ones(a.shape, dtype=torch.bool, device=a.device)
            mask = torch.nn.functional.pad(mask, (kw - 1, kw - 1, kh - 1, kh - 1))
            padded = torch.where(mask, padded, fill.to(padded.dtype) if not fill.is_complex() or padded.is_complex()
                                 else fill.real.to(padded.dtype))
        else:
            rows = _padded_index(a.shape[0], kh - 1, kh - 1, kind, a.device)
            cols = _padded_index(a.shape[1], kw - 1, kw - 1, kind, a.device)
            padded = fa[rows][:, cols]
        full = centered(fft_convolve(padded, fk, [0, 1]), [a.shape[0] + kh - 1, a.shape[1] + kw - 1])
        r = full if mode == "full" else _same_2d(full, a.shape, b.shape, flip)
    if swapped and not flip:
        r = r.flip((0, 1))
    return _to_result(r, dt)


def _same_2d(full, s1, s2, flip):
    # SciPy's _convolve2d centres 'same' on the kernel's middle element: (k - 1) // 2 into the full
    # result for a convolution, k // 2 for a correlation (whose kernel is flipped)
    r0 = (s2[0] - 1) // 2 if flip else s2[0] // 2
    c0 = (s2[1] - 1) // 2 if flip else s2[1] // 2
    return full[r0:r0 + s1[0], c0:c0 + s1[1]]


@mirror("signal")
def convolve2d(in1, in2, mode="full", boundary="fill", fillvalue=0):
    return _conv2d(in1, in2, mode, boundary, fillvalue, True, "convolve2d")


@mirror("signal")
def correlate2d(in1, in2, mode="full", boundary="fill", fillvalue=0):
    return _conv2d(in1, in2, mode, boundary, fillvalue, False, "correlate2d")
