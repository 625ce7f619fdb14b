"""Which generator draws (docs/design.md §5.4, §1.3, §3.3): NumPy's on the host, torch's on devices.

``stream`` is ``"auto"`` (the default: NumPy's generator when the draw lands on the CPU,
torch's generator on an accelerator), ``"numpy"`` (NumPy's generator everywhere: drawn on
the host, copied to the device) or ``"torch"`` (torch's generator everywhere, the CPU
included). A generator's own ``stream=`` wins over the global setting
(:func:`set_stream`, or the ``TORCHNP_RANDOM_STREAM`` environment variable at import).
Inside ``torch.compile`` (``torchnp.jit``) torch's generator always draws.
"""

import os

import numpy as _np
import torch

from .. import _dtypes
from .._array import _wrap, ndarray
from .._convert import as_tensor

__all__ = ["set_stream", "get_stream"]

STREAMS = ("auto", "numpy", "torch")

#: device types where ``"auto"`` means NumPy's stream (a test seam: emptied, the CPU takes
#: the accelerator path, so its values can be read)
HOST = ("cpu",)
#: device types whose data the parameter checks read for free (also a test seam)
SYNC_FREE = ("cpu",)
_memo = (None, None, False)  # the last (device, HOST, answer): torch.device.type costs ~1 us a call


def on_host(dev):
    """Whether draws landing on ``dev`` use NumPy's stream under ``"auto"``."""
    global _memo
    memo = _memo  # one read of a tuple: thread-safe
    if dev is memo[0] and HOST is memo[1]:
        return memo[2]
    answer = dev.type in HOST
    _memo = (dev, HOST, answer)
    return answer


def check(stream, allow_none=True):
    """``stream`` if it names a stream (None: follow the global setting), else NumPy-style ValueError."""
    if stream in STREAMS or (stream is None and allow_none):
        return stream
    raise ValueError(f"stream must be one of {', '.join(map(repr, STREAMS))}, got {stream!r}")


_setting = [check(os.environ.get("TORCHNP_RANDOM_STREAM", "auto"), False)]


def set_stream(stream):
    """Set the global random stream: ``"auto"`` (NumPy's on the CPU, torch's on accelerators),
    ``"numpy"`` (NumPy's numbers on every device, drawn on the host and copied) or ``"torch"``
    (torch's generator on every device). Generators made with ``stream=`` keep theirs."""
    _setting[0] = check(stream, False)


def get_stream():
    """The global random stream set by :func:`set_stream` (``"auto"`` by default)."""
    return _setting[0]


def call(fn, name, dev, on_host, args, kwargs):
    """``fn(*args, **kwargs)`` — a method of NumPy's generator — for a draw landing on ``dev``
    (``on_host``: its type is in :data:`HOST`).

    torchnp arrays are handed to NumPy as NumPy arrays: zero-copy on the CPU, an explicit
    host copy of device arrays under ``stream="numpy"``. What NumPy writes in place (the
    array given to ``shuffle``, ``out=``) is copied back to the device.
    """
    if not kwargs and name != "shuffle":
        for v in args:
            if isinstance(v, ndarray):
                break
        else:  # nothing to convert: the per-call path of scalar loops
            return result(fn(*args), dev, on_host, True)
    back = []

    def host(v, inplace=False):
        if not isinstance(v, ndarray):
            return v
        h = v.to_numpy()
        if inplace and v._t.device.type != "cpu":
            back.append((v, h))
        return h

    args = [host(v, name == "shuffle" and i == 0) for i, v in enumerate(args)]
    if "x" in kwargs and name == "shuffle":
        kwargs["x"] = host(kwargs["x"], True)
    out = kwargs.get("out")
    if out is not None:
        kwargs["out"] = host(out, True)
    res = fn(*args, **kwargs)
    for v, h in back:
        v._t.copy_(torch.from_numpy(h))
    if out is not None:
        return out
    return result(res, dev, on_host, "dtype" not in kwargs)


def result(res, dev, on_host, default_dtype):
    """NumPy's result as torchnp returns it on ``dev``: arrays wrapped (zero-copy on the CPU,
    copied to a device), host-only dtypes left as NumPy's arrays (§2.5); scalars as NumPy
    returns them on the host, 0-d arrays on an accelerator (§1.3). Under the float32 opt-in
    (§2.2), float64 draws made without ``dtype=`` are rounded to float32."""
    if isinstance(res, _np.ndarray):
        if res.dtype.kind not in "biufc":
            return res
        if default_dtype and res.dtype == _np.float64 and _dtypes.default_float() is torch.float32:
            res = res.astype(_np.float32)
        if on_host and res.flags.writeable:
            try:
                return _wrap(torch.from_numpy(res))  # NumPy's fresh result, shared
            except (TypeError, ValueError):
                pass
        return _wrap(as_tensor(res, None, dev))
    if on_host or res is None or isinstance(res, (bytes, list)):
        return res
    return _wrap(as_tensor(_np.asarray(res), None, dev))
