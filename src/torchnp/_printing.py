"""Printing (DESIGN.md §1.4): NumPy's own formatter on a host copy.

``str``/``repr`` must read exactly as NumPy prints the same values, so the
values are copied to the host (printing returns host data) and formatted by
NumPy with the active ``numpy`` print options; ``set_printoptions`` and
``printoptions`` are NumPy's and apply to both. Non-CPU arrays add
``, device='cuda:0'`` to ``repr``.
"""

import numpy as _np

from numpy import get_printoptions, printoptions, set_printoptions  # noqa: F401

__all__ = ["array_repr", "array_str", "array2string", "set_printoptions", "get_printoptions",
           "printoptions", "format_float_positional", "format_float_scientific"]

from numpy import format_float_positional, format_float_scientific  # noqa: E402,F401


def _host(a):
    t = a._t
    if t.device.type == "meta":
        return None
    return a.to_numpy()


def _placeholder(a):
    return f"array(<no data>, shape={a.shape}, dtype={a.dtype}"


def array_repr(arr, max_line_width=None, precision=None, suppress_small=None):
    """Mirror of ``numpy.array_repr``."""
    from ._convert import asarray

    a = asarray(arr)
    host = _host(a)
    dev = a._t.device
    if host is None:
        return _placeholder(a) + f", device='{dev}')"
    text = _np.array_repr(host, max_line_width, precision, suppress_small)
    if dev.type != "cpu":
        text = text[:-1] + f", device='{dev}')"
    return text


def array_str(a, max_line_width=None, precision=None, suppress_small=None):
    """Mirror of ``numpy.array_str``."""
    from ._convert import asarray

    a = asarray(a)
    host = _host(a)
    if host is None:
        return _placeholder(a) + ")"
    return _np.array_str(host, max_line_width, precision, suppress_small)


def array2string(a, *args, **kwargs):
    """Mirror of ``numpy.array2string``."""
    from ._convert import asarray

    host = _host(asarray(a))
    return _np.array2string(host, *args, **kwargs)
