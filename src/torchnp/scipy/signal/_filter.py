"""``scipy.signal``'s linear filters (lfilter, lfilter_zi, filtfilt, sosfilt, sosfilt_zi,
sosfiltfilt) on the device.

An IIR filter is a linear recurrence. SciPy's transposed direct form II with initial state ``zi``
is ``Y = (B X + Zi) / A`` (``a`` normalized to ``a[0] = 1``, ``Zi`` the polynomial of ``zi``): the
FIR part is one FFT product, the all-pole part ``1 / A`` a cascade of first-order recursions
``y[t] = u[t] + p y[t-1]``, one per root ``p`` of ``a`` (closed form for the one or two poles of
an ``sos`` section; the companion matrix's eigenvalues for more, see ``_poles``), each a prefix
scan (``log2(len(x))`` doubling steps) on the device. The companion form's
matrix powers would grow for poles near 1 and lose digits; the first-order scans stay as accurate
as SciPy's recursion. FIR filters (``len(a) == 1``) are one FFT product.
Values SciPy checks by reading them (``a[0] != 0``, ``sos[:, 3] == 1``) are not read on a device
(§3.5).
"""

import torch

from ... import _dtypes
from ..._boundary import tensors
from ..._convert import normalize_axis
from .._dispatch import mirror
from ._common import fft_convolve, result_dtype

__all__ = ["lfilter", "lfilter_zi", "filtfilt", "sosfilt", "sosfilt_zi", "sosfiltfilt"]


def _coefficients(b, a, dt):
    """``b`` and ``a`` in ``dt``, normalized by ``a[0]`` and zero-padded to one length."""
    b, a = b.to(dt), a.to(dt)
    b, a = b / a[0], a / a[0]
    n = max(a.shape[0], b.shape[0])
    return torch.nn.functional.pad(b, (0, n - b.shape[0])), torch.nn.functional.pad(a, (0, n - a.shape[0]))


def _first_order(u, p):
    """``y[t] = u[t] + p y[t-1]`` along the last axis (a prefix scan: ``log2(T)`` doubling steps,
    ``p``'s powers by squaring; ``|p| < 1`` keeps every term bounded)."""
    T, d, P = u.shape[-1], 1, p
    while d < T:
        u = torch.cat((u[..., :d], u[..., d:] + P * u[..., :-d]), dim=-1)
        P = P * P
        d *= 2
    return u


def _poles(a):
    """The roots of normalized ``a``: on the device in closed form for one or two poles (every
    ``sos`` section); for more, the eigenvalues of the companion matrix, which torch computes on the
    host for CUDA tensors, so the m x m coefficient matrix (never the signal) is read there
    explicitly (docs/devices.md)."""
    m = a.shape[0] - 1
    ct = torch.complex64 if a.dtype in (torch.float32, torch.complex64) else torch.complex128
    if m == 1:
        return -a[1:].to(ct)
    if m == 2:  # z**2 + a1 z + a2: the stable quadratic formula (no cancellation), a2 / q for the other root
        a1, a2 = a[1].to(ct), a[2].to(ct)
        d = torch.sqrt(a1 * a1 - 4 * a2)
        d = torch.where((a1.conj() * d).real >= 0, d, -d)
        q = -(a1 + d) / 2
        safe = torch.where(q == 0, torch.ones_like(q), q)
        return torch.stack((q, torch.where(q == 0, torch.zeros_like(q), a2 / safe)))
    comp = torch.diag(torch.ones(m - 1, dtype=a.dtype, device=a.device), -1)
    comp = torch.cat((-a[None, 1:], comp[1:]), dim=0)
    return torch.linalg.eigvals(comp.cpu()).to(device=a.device, dtype=ct)


def _all_pole(u, a):
    """``y`` with ``a * y = u`` (a[0] = 1) along the last axis: one first-order scan per pole."""
    if a.shape[0] == 1:
        return u
    poles = _poles(a)
    y = u.to(poles.dtype)
    for k in range(poles.shape[0]):
        y = _first_order(y, poles[k])
    return y if (u.is_complex() or a.is_complex()) else y.real


def _tail(t, m):
    """The last ``m`` samples of ``t`` newest first, zeros before the start: (..., m)."""
    T = t.shape[-1]
    tail = t[..., max(T - m, 0):].flip(-1)
    return torch.nn.functional.pad(tail, (0, m - tail.shape[-1]))


def _iir_last(b, a, x, zi):
    """y (and the final state) of the filter along the last axis of ``x``; ``zi`` (..., m) or None.

    SciPy's transposed direct form II with initial state ``zi`` is ``Y = (B X + Zi) / A`` (``Zi``
    the polynomial of ``zi``): the FIR part is one FFT product, the all-pole part a cascade of
    first-order recursions over the roots of ``a`` (each a stable prefix scan; the companion form's
    powers would grow for poles near 1). The final state is, with ``j = 0 .. m-1-i``,
    ``zf[i] = sum_j b[i+1+j] x[T-1-j] - a[i+1+j] y[T-1-j]`` plus ``zi[i+T]`` while ``i + T < m``.
    """
    m = b.shape[0] - 1
    if m == 0:
        return b[0] * x, x.new_zeros(x.shape[:-1] + (0,))
    T = x.shape[-1]
    u = fft_convolve(x, b.reshape((1,) * (x.dim() - 1) + (-1,)), [x.dim() - 1])[..., :T]
    if zi is not None:
        zi = zi.expand(x.shape[:-1] + (m,))
        u = u + torch.nn.functional.pad(zi, (0, T - m))[..., :T] if T >= m else u + zi[..., :T]
    y = _all_pole(u, a)
    idx = torch.arange(m, device=x.device)
    k = idx[:, None] + idx[None, :] + 1  # (i, j) -> coefficient index i + 1 + j
    hankel = lambda c: torch.where(k <= m, c[k.clamp(max=m)], c.new_zeros(()))  # noqa: E731
    zf = _tail(x, m) @ hankel(b).mT - _tail(y, m) @ hankel(a).mT
    if zi is not None and T < m:
        zf = zf + torch.nn.functional.pad(zi[..., T:], (0, T))
    return y, zf


def _zi_shape(zi, x, axis, m):
    expected = list(x.shape)
    expected[axis] = m
    if zi.dim() != x.dim():
        raise ValueError(f"Dimensions of parameters x and zi must match, but x.ndim={x.dim()!r}, "
                         f"zi.ndim={zi.dim()!r}!")
    if tuple(zi.shape) != tuple(expected) and any(
            not (z == e or (k != axis and z == 1)) for k, (z, e) in enumerate(zip(zi.shape, expected))):
        raise ValueError(f"Unexpected shape for parameter zi: expected {tuple(expected)}, found {tuple(zi.shape)}.")
    return zi.expand(expected)


def _lfilter(b, a, x, axis, zi):
    """lfilter on tensors: (y, zf or None)."""
    if not (b.dim() == 1 and b.numel() > 0):
        raise ValueError(f"Parameter b is not a non-empty 1d array, since b.shape={tuple(b.shape)!r}!")
    if not (a.dim() == 1 and a.numel() > 0):
        raise ValueError(f"Parameter a is not a non-empty 1d array, since a.shape={tuple(a.shape)!r}!")
    if x.dim() == 0:
        raise ValueError("x must be at least 1-D" if a.shape[0] == 1 else "selected axis is out of range")
    axis = normalize_axis(axis, x.dim())
    ins = (b, a, x) if zi is None else (b, a, x, zi)
    dt = result_dtype(*ins)
    if not (dt.is_floating_point or dt.is_complex) or dt in (torch.float16, torch.bfloat16):
        if a.shape[0] == 1:
            raise NotImplementedError(f"Parameter's dtypes produced result type '{_np_name(dt)}', which is not "
                                      "supported!")
        dt = torch.float64
    b, a = _coefficients(b, a, dt)
    m = b.shape[0] - 1
    if zi is not None:
        zi = _zi_shape(zi, x, axis, m).to(dt).movedim(axis, -1)
    xt = x.to(dt).movedim(axis, -1)
    if m == 0:  # (FIR filters take the recursion too, with zero poles: its direct sums keep the final
        y, zf = b[0] * xt, xt.new_zeros(xt.shape[:-1] + (0,))  # state as exact as SciPy's, an FFT did not)
    else:
        y, zf = _iir_last(b, a, xt, zi)
    return y.movedim(-1, axis), (None if zi is None else zf.movedim(-1, axis))


def _np_name(dt):
    return _dtypes.TO_NUMPY[dt].name


@mirror("signal")
def lfilter(b, a, x, axis=-1, zi=None):
    b, a, x, *zt = tensors((b, a, x) if zi is None else (b, a, x, zi))
    zt = zt[0] if zt else None
    b, a = torch.atleast_1d(b), torch.atleast_1d(a)
    y, zf = _lfilter(b, a, x, axis, zt)
    return y if zi is None else (y, zf)


def _lfilter_zi(b, a):
    b, a = torch.atleast_1d(b), torch.atleast_1d(a)
    if b.dim() != 1:
        raise ValueError("Numerator b must be 1-D.")
    if a.dim() != 1:
        raise ValueError("Denominator a must be 1-D.")
    dt = result_dtype(a, b)
    if not (dt.is_floating_point or dt.is_complex):
        dt = torch.float64
    b, a = _coefficients(b, a, dt)  # a[0] == 0 (SciPy strips leading zeros) is a value: not read (§3.5)
    m = a.shape[0] - 1
    if m == 0:
        return a.new_zeros(0)
    companion_t = torch.diag(torch.ones(m - 1, dtype=dt, device=a.device), -1).mT
    companion_t = torch.cat((-a[1:, None], companion_t[:, 1:]), dim=1)  # companion(a).T
    # solve_ex: no singularity check, which would read the device's info flag (§3.5)
    return torch.linalg.solve_ex(torch.eye(m, dtype=dt, device=a.device) - companion_t, b[1:] - a[1:] * b[0])[0]


@mirror("signal")
def lfilter_zi(b, a):
    b, a = tensors((b, a))
    return _lfilter_zi(b, a)


def _axis_slice(t, start=None, stop=None, axis=-1):
    idx = [slice(None)] * t.dim()
    idx[axis] = slice(start, stop)
    return t[tuple(idx)]


def _extend(x, n, padtype, axis):
    """SciPy's odd_ext / even_ext / const_ext of ``x`` by ``n`` along ``axis``."""
    if n < 1:
        return x
    left, right = _axis_slice(x, 1, n + 1, axis).flip(axis), _axis_slice(x, -n - 1, -1, axis).flip(axis)
    first, last = _axis_slice(x, 0, 1, axis), _axis_slice(x, -1, None, axis)
    if padtype == "even":
        return torch.cat((left, x, right), dim=axis)
    if padtype == "odd":
        return torch.cat((2 * first - left, x, 2 * last - right), dim=axis)
    return torch.cat((first.expand_as(left), x, last.expand_as(right)), dim=axis)


def _validate_pad(padtype, padlen, x, axis, ntaps):
    if padtype not in ["even", "odd", "constant", None]:
        raise ValueError(f"Unknown value '{padtype}' given to padtype. padtype must be 'even', 'odd', "
                         "'constant', or None.")
    if padtype is None:
        padlen = 0
    edge = ntaps * 3 if padlen is None else padlen
    if x.shape[axis] <= edge:
        raise ValueError(f"The length of the input vector x must be greater than padlen, which is {edge}.")
    ext = _extend(x, edge, padtype, axis) if padtype is not None and edge > 0 else x
    return edge, ext


@mirror("signal")
def filtfilt(b, a, x, axis=-1, padtype="odd", padlen=None, method="pad", irlen=None):
    b, a, x = tensors((b, a, x))
    b, a = torch.atleast_1d(b), torch.atleast_1d(a)
    if method not in ["pad", "gust"]:
        raise ValueError("method must be 'pad' or 'gust'.")
    if method == "gust":
        raise TypeError("torchnp.scipy.signal.filtfilt has no device implementation of method='gust': "
                        "use method='pad', or pass x.to_numpy() (an explicit copy to the host) for SciPy's own.")
    if x.dim() == 0:
        raise ValueError("selected axis is out of range")
    axis = normalize_axis(axis, x.dim())
    edge, ext = _validate_pad(padtype, padlen, x, axis, max(a.shape[0], b.shape[0]))
    zi = _lfilter_zi(b, a)
    shape = [1] * x.dim()
    shape[axis] = zi.numel()
    zi = zi.reshape(shape)
    y, _ = _lfilter(b, a, ext, axis, zi * _axis_slice(ext, None, 1, axis))
    y, _ = _lfilter(b, a, y.flip(axis), axis, zi * _axis_slice(y, -1, None, axis))
    y = y.flip(axis)
    return _axis_slice(y, edge, -edge, axis) if edge > 0 else y


def _validate_sos(sos):
    sos = torch.atleast_2d(sos)
    if sos.dim() != 2:
        raise ValueError("sos array must be 2D")
    n_sections, m = sos.shape
    if m != 6:
        raise ValueError("sos array must be shape (n_sections, 6)")
    return sos, n_sections  # sos[:, 3] == 1 is a value check: not read on a device (§3.5)


def _sosfilt(sos, x, axis, zi):
    if x.dim() == 0:
        raise ValueError("x must be at least 1-D")
    sos, n = _validate_sos(sos)
    axis_n = normalize_axis(axis, x.dim())
    zshape = list(x.shape)
    zshape[axis_n] = 2
    zshape = tuple([n] + zshape)
    dt = result_dtype(*((sos, x) if zi is None else (sos, x, zi)))
    if not (dt.is_floating_point or dt.is_complex) or dt in (torch.float16, torch.bfloat16):
        raise NotImplementedError(f"input type '{_np_name(dt)}' not supported")
    if zi is not None and tuple(zi.shape) != zshape:
        raise ValueError(f"Invalid zi shape. With axis={axis!r}, an input with shape {tuple(x.shape)!r}, and an sos "
                         f"array with {n} sections, zi must have shape {zshape!r}, got {tuple(zi.shape)!r}.")
    y = x.to(dt).movedim(axis_n, -1)
    sos = sos.to(dt)
    zfs = []
    for k in range(n):
        z = None if zi is None else zi[k].to(dt).movedim(axis_n, -1)
        y, zf = _iir_last(*_coefficients(sos[k, :3], sos[k, 3:], dt), y, z)
        zfs.append(zf.movedim(-1, axis_n))
    y = y.movedim(-1, axis_n)
    return y, (torch.stack(zfs) if zi is not None else None)


@mirror("signal")
def sosfilt(sos, x, axis=-1, zi=None):
    if zi is None:
        sos, x = tensors((sos, x))
        return _sosfilt(sos, x, axis, None)[0]
    sos, x, zi = tensors((sos, x, zi))
    return _sosfilt(sos, x, axis, zi)


def _sosfilt_zi(sos):
    if sos.dim() != 2 or sos.shape[1] != 6:
        raise ValueError("sos must be shape (n_sections, 6)")
    if not (sos.dtype.is_floating_point or sos.dtype.is_complex):
        sos = sos.to(torch.float64)
    zis, scale = [], 1.0
    for k in range(sos.shape[0]):
        b, a = sos[k, :3], sos[k, 3:]
        zis.append(scale * _lfilter_zi(b, a))
        scale = scale * (b.sum() / a.sum())
    return torch.stack(zis).to(sos.dtype)


@mirror("signal")
def sosfilt_zi(sos):
    (sos,) = tensors((sos,))
    return _sosfilt_zi(sos)


@mirror("signal")
def sosfiltfilt(sos, x, axis=-1, padtype="odd", padlen=None):
    sos, x = tensors((sos, x))
    sos, n = _validate_sos(sos)
    if x.dim() == 0:
        raise ValueError("x must be at least 1-D")
    axis = normalize_axis(axis, x.dim())
    ntaps = None
    if padlen is None and padtype is not None:
        # SciPy's default pad length counts the sections whose last coefficients are zero: a value
        # read (one sync, docs/devices.md); an explicit padlen= avoids it
        ntaps = 2 * n + 1 - int(torch.minimum((sos[:, 2] == 0).sum(), (sos[:, 5] == 0).sum()))
    return _sosfiltfilt(sos, x, axis, padtype, padlen, ntaps)


def _sosfiltfilt(sos, x, axis, padtype, padlen, ntaps):
    n = sos.shape[0]
    edge, ext = _validate_pad(padtype, padlen, x, axis, ntaps if ntaps is not None else 2 * n + 1)
    zi = _sosfilt_zi(sos)
    shape = [1] * x.dim()
    shape[axis] = 2
    zi = zi.reshape([n] + shape)
    y, _ = _sosfilt(sos, ext, axis, zi * _axis_slice(ext, None, 1, axis))
    y, _ = _sosfilt(sos, y.flip(axis), axis, zi * _axis_slice(y, -1, None, axis))
    y = y.flip(axis)
    return _axis_slice(y, edge, -edge, axis) if edge > 0 else y
