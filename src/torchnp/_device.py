"""Devices (docs/design.md §3): where arrays live, and the error for mixing them.

The default device is, in order: ``TORCHNP_DEVICE``, else ``cuda`` when torch
sees one, else ``cpu``. Nothing is ever moved between devices implicitly.
The default and ``with torchnp.device(...)`` are per thread (§3.6): a thread starts
with the process's initial default, whatever another thread has set.
"""

import os
import threading

import numpy as _np
import torch

__all__ = ["DeviceMismatchError", "set_default_device", "get_default_device", "device"]


#: the host's device, one object for every module (a constant compares faster than a new device)
CPU = torch.device("cpu")


class DeviceMismatchError(ValueError):
    """Operands live on different devices; torchnp never moves data implicitly."""


class HostCopyError(DeviceMismatchError, TypeError):
    """NumPy asked for the data of an array on an accelerator (``numpy.asarray(x_gpu)``,
    ``numpy_array[x_gpu]``): host data meeting device data (§3.3), and the TypeError NumPy's
    callers expect for an object without a host array (§4.3)."""


#: becomes [True] once any non-CPU device is used; until then mixed-device checks are skipped
multi_device = [False]


def note_device(dev):
    """Record that ``dev`` is in use (enables the mixed-device checks of §3.2)."""
    if dev.type != "cpu":
        multi_device[0] = True
    return dev


def _normalize(d):
    """A torch.device with an explicit index for indexed backends ('cuda' -> 'cuda:0')."""
    if isinstance(d, device):
        d = d._device
    dev = note_device(d if isinstance(d, torch.device) else torch.device(d))
    if dev == CPU:
        return CPU  # one object: hot paths test `dev is CPU`
    if dev.index is None and dev.type not in ("cpu", "meta"):
        mod = getattr(torch, dev.type, None)
        if mod is not None and hasattr(mod, "current_device") and mod.is_available():
            dev = torch.device(dev.type, mod.current_device())
    return dev


def _initial_default():
    env = os.environ.get("TORCHNP_DEVICE")
    if env:
        return _normalize(env)
    if torch.cuda.is_available():
        return _normalize("cuda")
    return CPU


_resolved = {}  # user spelling -> torch.device


def get_default_device():
    """The device new arrays are created on (in this thread, §3.6)."""
    return _state.device


def set_default_device(d):
    """Set the device new arrays are created on in this thread (``'cpu'``, ``'cuda'``, ``'cuda:1'``,
    ``torch.device``; §3.1, §3.6)."""
    _state.device = _normalize(d)


def resolve(d):
    """torch.device for a ``device=`` argument; ``None`` means the default device."""
    if d is None:
        return _state.device
    try:
        return _resolved[d]
    except (KeyError, TypeError):
        pass
    t = getattr(d, "_t", None)  # a torchnp array (its module builds on this one, §7): the device it is on
    if isinstance(t, torch.Tensor):
        return t.device
    try:
        dev = _normalize(d)
    except (RuntimeError, TypeError) as exc:
        raise ValueError(f"unknown device {d!r}: {exc}") from None
    try:
        _resolved[d] = dev
    except TypeError:
        pass
    return dev


class device:
    """A torchnp device; also a context manager that makes it the default.

    ``with torchnp.device("cuda"): x = torchnp.zeros(3)`` creates ``x`` on CUDA.
    """

    __slots__ = ("_device",)

    def __init__(self, d="cpu"):
        self._device = _normalize(d)

    def __enter__(self):
        st = _state
        st.saved = st.saved + (st.device,)  # per thread: one object may be entered in several threads
        st.device = self._device
        return self._device

    def __exit__(self, *exc):
        st = _state
        st.device = st.saved[-1]
        st.saved = st.saved[:-1]

    def __eq__(self, other):
        try:
            return self._device == _normalize(other)
        except (RuntimeError, TypeError):
            return NotImplemented

    def __hash__(self):
        return hash(self._device)

    def __repr__(self):
        return f"torchnp.device({str(self._device)!r})"

    type = property(lambda self: self._device.type)
    index = property(lambda self: self._device.index)


class _State(threading.local):
    """This thread's default device and the devices saved by entered ``with device(...)`` blocks
    (§3.6). Class attributes are what a new thread starts with."""

    device = None
    saved = ()


#: set after ``device`` exists, since ``_normalize`` checks for it
_State.device = _initial_default()
_state = _State()


def mismatch(*devices_):
    """The DeviceMismatchError for operands on ``devices_`` (§3.2)."""
    names = sorted({str(d) for d in devices_})
    return DeviceMismatchError(
        f"operands live on different devices ({', '.join(names)}); torchnp never "
        f"moves data implicitly. Move one explicitly, e.g. x.to_device('{names[0]}') "
        f"or torchnp.asarray(x, device='{names[0]}')."
    )


def check_same(tensors):
    """Raise DeviceMismatchError unless the tensors among ``tensors`` share one device; return it
    (other items, such as Python scalars, are skipped; None when there is no tensor)."""
    dev = None
    for t in tensors:
        if isinstance(t, torch.Tensor):
            if dev is None:
                dev = t.device
            elif t.device != dev:
                raise mismatch(dev, t.device)
    return dev


#: tests/test_host_reads.py and ``pytest --accelerator-rules`` turn this off so that the CPU runs
#: an accelerator's code (DESIGN §7): NumPy's value checks only under ``np.errstate(invalid="raise")``
#: (§3.5), 0-d arrays for §1.3's NumPy scalars, no NumPy host kernels or tiny-array NumPy path
CPU_VALUE_CHECKS = True


def checks_data(t):
    """Whether NumPy's data-dependent errors and warnings (singular matrix, index out of
    bounds, ...) may read tensor ``t`` on the host (DESIGN §3.5): on the CPU, yes; on an
    accelerator only under ``np.errstate(invalid="raise")`` (each check is then a sync;
    otherwise skipped, docs/devices.md); never while torch.compile traces a graph, which
    cannot branch on data, nor on ``meta`` tensors (the jit's dtype-resolution pass)."""
    if t.device.type == "cpu" and CPU_VALUE_CHECKS:
        return not torch.compiler.is_compiling()
    # an accelerator, or the CPU standing in for one (``CPU_VALUE_CHECKS`` off)
    return not (t.is_meta or torch.compiler.is_compiling()) and _np.geterr()["invalid"] == "raise"
