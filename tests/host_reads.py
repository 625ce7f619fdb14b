"""Counting host reads (DESIGN §3.5): what would stall an accelerator.

``HostReads()`` is a context manager: a ``TorchDispatchMode`` that records every torch
operation whose result a device can only deliver by synchronising with the host —
a scalar read (``.item()``, ``bool(t)``, ``int(t)``: ``aten._local_scalar_dense``),
data-dependent output shapes (``nonzero``, boolean-mask indexing, ``unique``,
``masked_select``, ``repeat_interleave`` with tensor counts, ``bincount``), whole-tensor
comparisons returning a Python bool (``equal``, ``allclose``), copies from a device to the
CPU — plus the tensor methods that read data on the host without dispatching an operator
on a CPU tensor (``.tolist()``, ``.numpy()``, ``.cpu()``), patched for
the duration of the context: each is one read on every device (the device-to-host copy one of
them dispatches on an accelerator is that read, not a second one). ``reads`` lists
``(what, detail)`` in order.

``strict=True`` raises ``HostReadError`` at the first read (fake-CUDA runs, where there is
no data to read anyway, so the failure names the read instead of torch's fake-tensor error).
``device_only=True`` counts reads of non-CPU tensors only (there, CPU tensors are host data).

``documented_syncs()`` parses the table of docs/devices.md that lists the functions
allowed to sync, so the documentation and the tests cannot drift.
"""

import pathlib
import re

import torch
from torch.utils._python_dispatch import TorchDispatchMode

aten = torch.ops.aten

#: operators whose result needs the device's data on the host (a synchronisation)
SYNC_OPS = {
    aten._local_scalar_dense.default: "scalar read",
    aten.is_nonzero.default: "scalar read",
    aten.equal.default: "whole-tensor comparison",
    aten.allclose.default: "whole-tensor comparison",
    aten.nonzero.default: "data-dependent shape",
    aten.argwhere.default: "data-dependent shape",
    aten.masked_select.default: "data-dependent shape",
    aten._unique2.default: "data-dependent shape",
    aten.unique_dim.default: "data-dependent shape",
    aten.unique_consecutive.default: "data-dependent shape",
    aten.repeat_interleave.Tensor: "data-dependent shape",
    aten.repeat_interleave.self_Tensor: "data-dependent shape",
    aten.bincount.default: "data-dependent shape",
}


class HostReadError(RuntimeError):
    """A host read where DESIGN §3.5 allows none."""


def _is_cpu(d):
    return torch.device(d).type == "cpu"


class HostReads(TorchDispatchMode):
    """Record (or, ``strict``, refuse) host reads made by torch calls inside the context."""

    def __init__(self, strict=False, device_only=False):
        super().__init__()
        self.strict, self.device_only = strict, device_only
        self.reads = []
        self._saved = {}
        self._inside = False  # within a patched method (its own read counted once)

    def _hit(self, what, detail):
        self.reads.append((what, detail))
        if self.strict:
            raise HostReadError(f"host read: {what} ({detail})")

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if self._inside:  # the operators of a patched method's read (counted as that read)
            return func(*args, **kwargs)
        why = SYNC_OPS.get(func)
        if why is not None and func in (aten.repeat_interleave.Tensor, aten.repeat_interleave.self_Tensor) \
                and kwargs.get("output_size") is not None:
            why = None  # the caller knows the length
        if why is None and func is aten.index.Tensor:
            if any(i is not None and i.dtype in (torch.bool, torch.uint8) for i in args[1]):
                why = "data-dependent shape (boolean mask)"
        if why is None and func in (aten._to_copy.default, aten.copy_.default):
            src = args[1] if func is aten.copy_.default else args[0]
            dst = args[0].device if func is aten.copy_.default else kwargs.get("device", src.device)
            if not _is_cpu(src.device) and _is_cpu(dst):
                why = "device-to-host copy"
        if why is not None and self.device_only:
            flat = [a for a in list(args) + list(kwargs.values()) for a in (a if isinstance(a, (list, tuple)) else [a])]
            if all(_is_cpu(a.device) for a in flat if isinstance(a, torch.Tensor)):
                why = None
        if why is not None:
            self._hit(str(func.overloadpacket.__name__), why)
        return func(*args, **kwargs)

    # Python-level reads that do not dispatch on CPU tensors
    def _patch(self):
        mode = self
        T = torch.Tensor

        def wrap(name):
            orig = getattr(T, name)
            self._saved[name] = orig

            def method(t, *a, **k):
                if mode._inside:  # called by another patched method: its read, counted there
                    return orig(t, *a, **k)
                if not (mode.device_only and _is_cpu(t.device)):
                    mode._hit(f"Tensor.{name}", "host copy")
                # the read is this one: the device-to-host copy it dispatches on an accelerator
                # (``tolist``/``cpu`` of a CUDA tensor) is not a second one
                mode._inside = True
                try:
                    return orig(t, *a, **k)
                finally:
                    mode._inside = False

            setattr(T, name, method)

        wrap("tolist")
        wrap("numpy")
        wrap("cpu")  # a no-op on CPU tensors, a device-to-host copy elsewhere

    def __enter__(self):
        self._patch()
        return super().__enter__()

    def __exit__(self, *exc):
        for name, orig in self._saved.items():
            setattr(torch.Tensor, name, orig)
        self._saved.clear()
        return super().__exit__(*exc)


_DOC = pathlib.Path(__file__).resolve().parent.parent / "docs" / "devices.md"
_ROW = re.compile(r"^\|\s*`([^`]+)`")


def documented_syncs():
    """{name: reason} from the table under '## Functions that synchronise' in docs/devices.md."""
    text = _DOC.read_text()
    section = text.split("## Functions that synchronise", 1)[1].split("\n## ", 1)[0]
    out = {}
    for line in section.splitlines():
        m = _ROW.match(line)
        if m and not line.startswith("|---"):
            out[m.group(1)] = line.split("|")[2].strip()
    return out
