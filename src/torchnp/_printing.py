"""Printing (docs/design.md §1.4): NumPy's own formatter on a host copy.

``str``/``repr`` must read exactly as NumPy prints the same values, so the
values are copied to the host (printing returns host data) and formatted by
NumPy with the active ``numpy`` print options; ``set_printoptions`` and
``printoptions`` are NumPy's and apply to both. Non-CPU arrays add
``, device='cuda:0'`` to ``repr``.
"""

import numpy as _np
import torch

from . import _dtypes
from ._array import _wrap, ndarray
from ._convert import asarray

from numpy import get_printoptions, printoptions, set_printoptions  # noqa: F401

__all__ = ["array_repr", "array_str", "array2string", "set_printoptions", "get_printoptions",
           "printoptions", "format_float_positional", "format_float_scientific"]

from numpy import format_float_positional, format_float_scientific  # noqa: E402,F401


def _host(a):
    t = a._t
    if t.device.type == "meta":
        return None
    return a.to_numpy()


def _edges(t):
    """For an array NumPy will summarize: only the items it shows (plus one elided item per
    long axis), gathered on the device, so printing a huge GPU array copies kilobytes."""
    opts = _np.get_printoptions()
    if t.numel() <= opts["threshold"]:
        return None
    e = opts["edgeitems"]
    for d, n in enumerate(t.shape):
        if n > 2 * e + 1:
            keep = torch.cat([torch.arange(e + 1), torch.arange(n - e, n)]).to(t.device)
            t = _dtypes.as_signed(t).index_select(d, keep).view(t.dtype)  # uint16/32/64: no CUDA kernel
    return t if t.numel() != 0 else None


def _format(func, a, args):
    """``func`` (numpy.array_repr / array_str) on a host copy of ``a``: the whole array, or
    its summarized edges (then formatted with threshold 0, and the true shape put back)."""
    t = a._t
    small = _edges(t)
    if small is None or small.shape == t.shape:
        return func(a.to_numpy(), *args)
    host = _wrap(small).to_numpy()
    with _np.printoptions(threshold=0):
        text = func(host, *args)
    old = f"shape={tuple(host.shape)}"
    k = text.rfind(old)
    return text if k < 0 else text[:k] + f"shape={tuple(t.shape)}" + text[k + len(old):]


def _placeholder(a):
    return f"array(<no data>, shape={a.shape}, dtype={a.dtype}"


def array_repr(arr, max_line_width=None, precision=None, suppress_small=None):
    """Mirror of ``numpy.array_repr``; non-CPU arrays add ``, device='...'`` (§1.4)."""
    a = asarray(arr)
    dev = a._t.device
    if dev.type == "meta":
        return _placeholder(a) + f", device='{dev}')"
    text = _format(_np.array_repr, a, (max_line_width, precision, suppress_small))
    if dev.type != "cpu":
        text = text[:-1] + f", device='{dev}')"
    return text


def array_str(a, max_line_width=None, precision=None, suppress_small=None):
    """Mirror of ``numpy.array_str``."""
    a = asarray(a)
    if a._t.device.type == "meta":
        return _placeholder(a) + ")"
    return _format(_np.array_str, a, (max_line_width, precision, suppress_small))


def array2string(a, *args, **kwargs):
    """Mirror of ``numpy.array2string``."""
    a = asarray(a)
    host = _host(a)
    if host is None:
        return _placeholder(a) + ")"
    return _np.array2string(host, *args, **kwargs)


# ndarray's repr/str (§1.4): attached here, since the array object does not import this module (§7)
def __repr__(self):
    return array_repr(self)


def __str__(self):
    return array_str(self)


ndarray.__repr__ = __repr__
ndarray.__str__ = __str__
