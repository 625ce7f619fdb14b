"""Window functions, ``require``, ``broadcast``, ufunc buffer-size settings and
``info``: small main-namespace names NumPy code uses."""

import operator

import numpy as _np
import torch

from .. import _device
from .._array import _wrap, flatiter, ndarray
from .._convert import asarray

__all__ = ["bartlett", "blackman", "hamming", "hanning", "kaiser", "require",
           "getbufsize", "setbufsize", "info", "broadcast"]

info = _np.info  # prints documentation (host text)

_bufsize = [8192]


def getbufsize():
    """Size of the ufunc buffer (``numpy.getbufsize``); torch kernels do not use it."""
    return _bufsize[0]


def setbufsize(size):
    """Set the ufunc buffer size (``numpy.setbufsize``); accepted and recorded, torch does not use it."""
    size = operator.index(size)
    if size < 0:
        raise ValueError("buffer size must be non-negative")
    old, _bufsize[0] = _bufsize[0], size
    return old


def _window_n(M):
    """(symmetric sample positions n = 1-M, 3-M, ..., M-1 as float64 on the default device, M) or a trivial window."""
    M = operator.index(M) if not isinstance(M, float) else M
    dev = _device.resolve(None)
    if M < 1:
        return None, _wrap(torch.zeros(0, dtype=torch.float64, device=dev))
    if M == 1:
        return None, _wrap(torch.ones(1, dtype=torch.float64, device=dev))
    return torch.arange(1 - M, M, 2, dtype=torch.float64, device=dev), M


def _cosine_window(coeffs):
    def window(M):
        n, M = _window_n(M)
        if n is None:
            return M
        r = torch.full_like(n, coeffs[0])
        for k, c in enumerate(coeffs[1:], 1):
            r = r + c * torch.cos(k * _np.pi * n / (M - 1))
        return _wrap(r)
    return window


hanning = _cosine_window((0.5, 0.5))
hanning.__name__ = "hanning"
hanning.__doc__ = "Hanning window (mirrors ``numpy.hanning``)."
hamming = _cosine_window((0.54, 0.46))
hamming.__name__ = "hamming"
hamming.__doc__ = "Hamming window (mirrors ``numpy.hamming``)."
blackman = _cosine_window((0.42, 0.5, 0.08))
blackman.__name__ = "blackman"
blackman.__doc__ = "Blackman window (mirrors ``numpy.blackman``)."


def bartlett(M):
    """Bartlett (triangular) window (mirrors ``numpy.bartlett``)."""
    n, M = _window_n(M)
    if n is None:
        return M
    return _wrap(torch.where(n <= 0, 1 + n / (M - 1), 1 - n / (M - 1)))


def kaiser(M, beta):
    """Kaiser window (mirrors ``numpy.kaiser``)."""
    n, M = _window_n(M)
    if n is None:
        return M
    k = torch.arange(0, M, dtype=torch.float64, device=n.device)
    alpha = (M - 1) / 2.0
    b = torch.as_tensor(beta, dtype=torch.float64, device=n.device)
    return _wrap(torch.special.i0(b * torch.sqrt(1 - ((k - alpha) / alpha) ** 2.0)) / torch.special.i0(b))


_REQ = {"C": "C", "C_CONTIGUOUS": "C", "CONTIGUOUS": "C", "F": "F", "F_CONTIGUOUS": "F",
        "FORTRAN": "F", "A": "A", "ALIGNED": "A", "W": "W", "WRITEABLE": "W", "O": "O",
        "OWNDATA": "O", "E": "E", "ENSUREARRAY": "E"}


def require(a, dtype=None, requirements=None, *, like=None):
    """Array satisfying the requirements (mirrors ``numpy.require``; tensors are always aligned and writeable)."""
    if requirements is None:
        reqs = set()
    else:
        if isinstance(requirements, str):
            requirements = [requirements]
        try:
            reqs = {_REQ[r.upper()] for r in requirements}
        except KeyError as exc:
            raise KeyError(f"{exc.args[0]!r} is not a valid requirement") from None
    if "C" in reqs and "F" in reqs:
        raise ValueError("Cannot specify both C and Fortran contiguous.")
    arr = asarray(a, dtype=dtype)
    t = arr._t
    if "C" in reqs and not t.is_contiguous():
        t = t.contiguous()
    elif "F" in reqs and not (t.dim() < 2 or t.mT.is_contiguous()) and t.dim() >= 2:
        perm = list(range(t.dim() - 1, -1, -1))
        t = t.permute(perm).contiguous().permute(perm)
    elif "O" in reqs and t is arr._t:
        t = t.clone()
    return arr if t is arr._t else _wrap(t)


class broadcast:
    """Object mimicking broadcasting of its arguments against each other (mirrors ``numpy.broadcast``).

    Iterating yields tuples of 0-d arrays (one Python-level step per element, as NumPy's iterator).
    """

    def __init__(self, *args, **kwargs):
        if kwargs:
            raise ValueError("keyword arguments not accepted.")
        ts, bases = [], []
        for a in args:
            ts.extend([_wrap(t) for t in a._sources] if isinstance(a, broadcast) else [a])
            bases.extend(a._bases if isinstance(a, broadcast) else [a])
        if len(ts) > 64:
            raise ValueError("Need at least 0 and at most 64 array objects.")
        from .._boundary import tensors

        ts = tensors(ts) if ts else []
        try:
            shape = tuple(torch.broadcast_shapes(*[t.shape for t in ts]))
        except RuntimeError:
            try:  # NumPy's own message, from the shapes alone
                _np.broadcast(*[_np.broadcast_to(_np.zeros(()), tuple(t.shape)) for t in ts])
            except ValueError as exc:
                raise exc from None
            raise
        self._tensors = [_wrap(t.expand(shape)) for t in ts]
        # the iterators' ``base`` is the array given (NumPy's), not the broadcast view
        self._bases = [b if isinstance(b, (ndarray, _np.ndarray)) else _wrap(t) for b, t in zip(bases, ts)]
        self._sources = ts
        self.shape = shape
        self.index = 0

    @property
    def nd(self):
        return len(self.shape)

    ndim = nd

    @property
    def numiter(self):
        return len(self._tensors)

    @property
    def size(self):
        n = 1
        for s in self.shape:
            n *= s
        return n

    @property
    def iters(self):
        return tuple(_BroadcastIter(b, x, t) for b, x, t in zip(self._bases, self._tensors, self._sources))

    def reset(self):
        self.index = 0

    def __iter__(self):
        return self

    def __next__(self):
        if self.index >= self.size:
            raise StopIteration
        i = self.index
        self.index += 1
        return tuple(x.flat[i] for x in self._tensors)


class _BroadcastIter(flatiter):
    """``broadcast.iters[i]``: iterates the broadcast view, ``base`` is the array given (``numpy.flatiter``)."""

    __slots__ = ("_view", "_source")

    def __init__(self, base, view, source):
        super().__init__(base)
        self._view, self._source = view, source

    def _over(self):
        return self._view

    def __setitem__(self, key, value):
        # writes land in the given array at the element each broadcast position reads
        t = self._source
        pos = torch.arange(t.numel(), device=t.device).reshape(t.shape).expand(self._view.shape).reshape(-1)
        flatiter(_wrap(t))[_wrap(pos)[key]] = value
