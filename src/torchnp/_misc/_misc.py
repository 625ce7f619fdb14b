"""NumPy's "Miscellaneous routines": performance tuning (getbufsize, setbufsize), memory
ranges (may_share_memory, shares_memory), ``info`` and ``iterable``; and its utilities
``show_config``, ``show_runtime``, ``get_include`` (about NumPy, torch and torchnp)."""

import operator

import numpy as _np
import torch

from .. import _device
from .._array import ndarray

__all__ = ["getbufsize", "setbufsize", "may_share_memory", "shares_memory", "info", "iterable", "show_config",
           "show_runtime", "get_include"]

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


def show_config(mode="stdout"):
    """Build configuration (mirrors ``numpy.show_config``): torchnp's and torch's, then NumPy's,
    which torchnp uses for host data. ``mode='dicts'`` returns them as a dict."""
    import sys
    from importlib.metadata import PackageNotFoundError, version

    try:
        own = version("torchnp")
    except PackageNotFoundError:  # run from a source tree (PYTHONPATH), not installed: the package's own
        own = sys.modules[__name__.split(".")[0]].__version__
    info = {"torchnp": {"version": own, "default device": str(_device.get_default_device())},
            "torch": {"version": torch.__version__, "cuda": torch.cuda.is_available(),
                      "threads": torch.get_num_threads(), "config": torch.__config__.show()},
            "numpy": _np.show_config(mode="dicts")}
    if mode == "dicts":
        return info
    if mode != "stdout":
        raise AttributeError("Invalid `mode`, use one of: stdout, dicts")
    print(f"torchnp {info['torchnp']['version']} (default device: {info['torchnp']['default device']})")
    print(f"torch {torch.__version__}:\n{info['torch']['config']}")
    _np.show_config()


def show_runtime():
    """Runtime report (mirrors ``numpy.show_runtime``): NumPy's, then torch's devices and threads."""
    _np.show_runtime()
    print(f"torch {torch.__version__}: {torch.get_num_threads()} threads, cuda available: {torch.cuda.is_available()}")


def get_include():
    """NumPy's C header directory (``numpy.get_include``): torchnp has no C API of its own."""
    return _np.get_include()


def iterable(y):
    """True if ``iter(y)`` works (mirrors ``numpy.iterable``)."""
    try:
        iter(y)
    except TypeError:
        return False
    return True


def _extent(t):
    """Byte range [lo, hi) a tensor touches in its storage."""
    n = t.element_size()
    base = t.storage_offset() * n
    if t.numel() == 0:
        return base, base
    lo = base + sum(min(0, (s - 1) * st) for s, st in zip(t.shape, t.stride())) * n
    hi = base + sum(max(0, (s - 1) * st) for s, st in zip(t.shape, t.stride())) * n + n
    return lo, hi


def _same_storage(t1, t2):
    return t1.device == t2.device and t1.untyped_storage().data_ptr() == t2.untyped_storage().data_ptr()


def _host_views(a, b):
    """Zero-copy NumPy views of ``a`` and ``b`` when one is a NumPy array and neither is an
    array on an accelerator (host data, §3.3: NumPy arrays and CPU arrays may share one
    memory), else None (two torchnp arrays: compared by their tensors)."""
    if not (isinstance(a, _np.ndarray) or isinstance(b, _np.ndarray)):
        return None
    views = []
    for x in (a, b):
        if isinstance(x, ndarray):
            if x._t.device.type != "cpu":
                return None
            x = x.to_numpy()
        views.append(x)
    return views


def may_share_memory(a, b, /, max_work=None):
    """Whether two arrays might share memory, by memory bounds (mirrors ``numpy.may_share_memory``)."""
    views = _host_views(a, b)
    if views is not None:  # NumPy's answer on the host memory (sklearn's copy=True relies on it)
        return _np.may_share_memory(*views, max_work=max_work)
    if not (isinstance(a, ndarray) and isinstance(b, ndarray)):
        return False
    t1, t2 = a._t, b._t
    if not _same_storage(t1, t2) or t1.numel() == 0 or t2.numel() == 0:
        return False
    (l1, h1), (l2, h2) = _extent(t1), _extent(t2)
    return l1 < h2 and l2 < h1


def _byte_offsets(t):
    """Every byte offset ``t`` touches (index metadata, computed on the CPU)."""
    off = torch.tensor([t.storage_offset()], dtype=torch.int64)
    for s, st in zip(t.shape, t.stride()):
        off = (off.unsqueeze(-1) + torch.arange(s, dtype=torch.int64) * st).reshape(-1)
    n = t.element_size()
    return (off.unsqueeze(-1) * n + torch.arange(n)).reshape(-1)


def shares_memory(a, b, /, max_work=None):
    """Whether two arrays share memory, exactly (mirrors ``numpy.shares_memory``).

    The exact answer enumerates the byte offsets of both views (index metadata on the host).
    """
    views = _host_views(a, b)
    if views is not None:
        return _np.shares_memory(*views, max_work=max_work)
    if not may_share_memory(a, b):
        return False
    t1, t2 = a._t, b._t
    if t1.is_contiguous() or t2.is_contiguous():
        return True
    if max_work == 0:
        raise _np.exceptions.TooHardError("Exceeded max_work")
    return bool(torch.isin(_byte_offsets(t1), _byte_offsets(t2)).any())
