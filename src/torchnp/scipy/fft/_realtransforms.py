"""``scipy.fft``'s discrete cosine and sine transforms (types 1-4) on torchnp arrays, computed
with ``torch.fft`` on the array's device: each type is the real or imaginary part of one FFT of
length 2N (2N-2 for DCT-I, 2N+2 for DST-I) of the input, zero-padded or with twiddle factors.
SciPy's dtypes: float16/float32 -> float32, complex64 stays, integers and bool -> float64;
complex input transforms its real and imaginary parts.
"""

import math
import operator

import torch

from ..._boundary import tensor
from ..._convert import normalize_axis
from .._dispatch import mirror
from ._basic import check_options, check_points

__all__ = ["dct", "idct", "dst", "idst", "dctn", "idctn", "dstn", "idstn"]

_INVERSE_TYPE = {1: 1, 2: 3, 3: 2, 4: 4}


def _twiddle(num, den, start, step, t):
    """exp(-i*pi*(start + step*k)/den) for k in range(num), complex dtype of real ``t``."""
    k = torch.arange(num, device=t.device, dtype=t.dtype)
    return torch.polar(torch.ones_like(k), (start + step * k) * (-math.pi / den))


def _unscaled(x, kind, kind_type):
    """SciPy's unnormalized DCT/DST of real ``x`` along its last axis."""
    N = x.shape[-1]
    if kind == "dct":
        if kind_type == 1:
            return torch.fft.rfft(torch.cat((x, x[..., 1:-1].flip(-1)), -1))[..., :N].real
        if kind_type == 2:
            return 2 * (_twiddle(N, 2 * N, 0, 1, x) * torch.fft.rfft(x, n=2 * N)[..., :N]).real
        if kind_type == 3:
            c = torch.full((N,), 2.0, dtype=x.dtype, device=x.device)
            c[0] = 1.0
            return torch.fft.fft(x * c * _twiddle(N, 2 * N, 0, 1, x), n=2 * N)[..., :N].real
        z = torch.fft.fft(x * _twiddle(N, 2 * N, 0, 1, x), n=2 * N)[..., :N]
        return 2 * (_twiddle(N, 4 * N, 1, 2, x) * z).real
    if kind_type == 1:
        return -2 * torch.fft.rfft(torch.nn.functional.pad(x, (1, 0)), n=2 * N + 2)[..., 1:N + 1].imag
    if kind_type == 2:
        return -2 * (_twiddle(N, 2 * N, 1, 1, x) * torch.fft.rfft(x, n=2 * N)[..., 1:N + 1]).imag
    if kind_type == 3:
        d = torch.full((N,), 2.0, dtype=x.dtype, device=x.device)
        d[-1] = 1.0
        z = torch.nn.functional.pad(x * d * _twiddle(N, 2 * N, 1, 1, x), (1, 0))
        return -torch.fft.fft(z, n=2 * N)[..., :N].imag
    z = torch.fft.fft(x * _twiddle(N, 2 * N, 0, 1, x), n=2 * N)[..., :N]
    return -2 * (_twiddle(N, 4 * N, 1, 2, x) * z).imag


def _edges(kind, kind_type, N):
    """(input, output) indices SciPy's ``orthogonalize`` scales by sqrt(2) and 1/sqrt(2)."""
    if kind == "dct":
        return {1: ([0, N - 1], [0, N - 1]), 2: ([], [0]), 3: ([0], [])}.get(kind_type, ([], []))
    return {2: ([], [N - 1]), 3: ([N - 1], [])}.get(kind_type, ([], []))


def _scaled_edges(x, idx, factor):
    if not idx:
        return x
    w = torch.ones(x.shape[-1], dtype=x.dtype, device=x.device)
    w[idx] = factor
    return x * w


def _transform_last(x, kind, kind_type, norm, inverse, orthogonalize):
    """The (inverse) transform of real ``x`` along its last axis, normalized as SciPy does."""
    N = x.shape[-1]
    if inverse:
        kind_type = _INVERSE_TYPE[kind_type]
    if kind == "dct" and kind_type == 1 and N < 2:
        raise RuntimeError("zero-length FFT requested")
    M = 2 * (N - 1) if (kind, kind_type) == ("dct", 1) else 2 * (N + 1) if kind_type == 1 else 2 * N
    norm = norm or "backward"
    ortho = norm == "ortho" if orthogonalize is None else orthogonalize
    pre, post = _edges(kind, kind_type, N) if ortho else ([], [])
    y = _unscaled(_scaled_edges(x, pre, math.sqrt(2)), kind, kind_type)
    y = _scaled_edges(y, post, 1 / math.sqrt(2))
    if norm == "ortho":
        return y * (1 / math.sqrt(M))
    if (norm == "forward") != inverse:  # forward transform with norm="forward", inverse with "backward"
        return y * (1 / M)
    return y


def _work(t):
    """The tensor in SciPy's computation dtype (float32 for float16/float32, complex kept)."""
    if t.is_complex():
        return t
    if t.dtype in (torch.float16, torch.bfloat16, torch.float32):
        return t.to(torch.float32)
    return t.to(torch.float64)


def _along(t, kind, kind_type, n, axis, norm, inverse, orthogonalize):
    axis = normalize_axis(axis, t.dim()) if t.dim() else axis
    if t.dim() == 0:
        raise IndexError("tuple index out of range")
    x = t.movedim(axis, -1)
    if n is not None:
        N = x.shape[-1]
        x = x[..., :n] if n <= N else torch.nn.functional.pad(x, (0, n - N))
    if x.shape[-1] < 1:
        raise ValueError(f"invalid number of data points ({x.shape[-1]}) specified")
    if x.is_complex():
        y = torch.complex(_transform_last(x.real, kind, kind_type, norm, inverse, orthogonalize),
                          _transform_last(x.imag, kind, kind_type, norm, inverse, orthogonalize))
    else:
        y = _transform_last(x, kind, kind_type, norm, inverse, orthogonalize)
    return y.movedim(-1, axis)


def _check_type(kind_type):
    if kind_type not in (1, 2, 3, 4):
        raise ValueError("invalid DCT type")
    return kind_type


def _one_d(name, kind, inverse):
    def impl(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, orthogonalize=None):
        check_options(norm, workers)
        _check_type(type)
        check_points(n)
        t = _work(tensor(x))
        return _along(t, kind, type, None if n is None else operator.index(n), axis, norm, inverse,
                      orthogonalize)

    impl.__name__ = impl.__qualname__ = name
    impl.__doc__ = f"``scipy.fft.{name}`` through ``torch.fft`` (module docstring)."
    return mirror("fft")(impl)


def _n_d(name, kind, inverse, keyword_only_orthogonalize=False):
    def impl(x, type=2, s=None, axes=None, norm=None, overwrite_x=False, workers=None, orthogonalize=None):
        check_options(norm, workers)
        _check_type(type)
        t = _work(tensor(x))
        if s is not None:
            s = [operator.index(v) for v in ((s,) if not hasattr(s, "__len__") else s)]
        if axes is None:
            axes = list(range(t.dim())) if s is None else list(range(-len(s), 0))
        else:
            axes = [operator.index(a) for a in ((axes,) if not hasattr(axes, "__len__") else axes)]
        axes = [normalize_axis(a, t.dim()) for a in axes]
        if len(set(axes)) != len(axes):
            raise ValueError("all axes must be unique")
        if s is None:
            s = [None] * len(axes)
        elif len(s) != len(axes):
            raise ValueError("when given, axes and shape arguments have to be of the same length")
        for n in s:
            if n is not None and n < 1:
                raise ValueError(f"invalid number of data points ({s}) specified")
        for n, a in zip(s, axes):
            t = _along(t, kind, type, n, a, norm, inverse, orthogonalize)
        return t

    if keyword_only_orthogonalize:  # SciPy's dctn makes orthogonalize keyword-only
        def impl2(x, type=2, s=None, axes=None, norm=None, overwrite_x=False, workers=None, *,
                  orthogonalize=None):
            return impl(x, type, s, axes, norm, overwrite_x, workers, orthogonalize)
        fn = impl2
    else:
        fn = impl
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"``scipy.fft.{name}`` through ``torch.fft``, one axis after another (module docstring)."
    return mirror("fft")(fn)


dct = _one_d("dct", "dct", False)
idct = _one_d("idct", "dct", True)
dst = _one_d("dst", "dst", False)
idst = _one_d("idst", "dst", True)
dctn = _n_d("dctn", "dct", False, keyword_only_orthogonalize=True)
idctn = _n_d("idctn", "dct", True)
dstn = _n_d("dstn", "dst", False)
idstn = _n_d("idstn", "dst", True)
