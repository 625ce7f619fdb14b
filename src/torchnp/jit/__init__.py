"""torchnp.jit: compile NumPy-style functions with ``torch.compile`` (docs/design.md §6).

``@torchnp.jit`` turns a function written with torchnp into fused kernels
(C++/OpenMP on the CPU, Triton on CUDA). Arguments and results are torchnp
arrays (also nested in tuples, lists and dicts) and Python scalars.

How it works: the wrapper swaps torchnp arrays for their tensors at the
boundary and compiles an inner function that re-wraps them, so dynamo traces
torchnp's own Python code down to torch operations. torchnp resolves dtypes
and kernels once per dtype combination and caches them; before the first
compilation for a new input signature the function is run once on data-free
``meta`` copies of the inputs to fill those caches, so that tracing never has
to ask NumPy about dtypes. (Python side effects in the function, such as
appending to a list, therefore happen once more on that first call.)
"""

import functools
import os
import re
from dataclasses import dataclass, field

import numpy as _np
import torch
import torch.utils._pytree as pytree

from .. import _device
from .._array import _wrap, ndarray
from . import _operators

__all__ = ["jit", "explain", "JitError", "JitExplanation"]


class JitError(RuntimeError):
    """torch.compile could not compile the function as asked (the reason is in the message)."""


@dataclass
class JitExplanation:
    """What ``torch.compile`` made of a function: graphs, breaks and why."""

    graph_count: int
    graph_break_count: int
    break_reasons: list = field(default_factory=list)
    op_count: int = 0

    def __str__(self):
        lines = [f"graphs: {self.graph_count}, graph breaks: {self.graph_break_count}, ops: {self.op_count}"]
        lines += [f"  break {i + 1}: {r}" for i, r in enumerate(self.break_reasons)]
        return "\n".join(lines)


_NUMPY_ARG = ("a numpy.ndarray cannot be passed to a torchnp.jit function (no hidden host->device copy); "
              "convert it first with torchnp.asarray(a) or torchnp.from_numpy(a)")


def _unwrap_args(args, kwargs):
    """Arrays -> tensors (structure kept); §3.2/§3.3 checks at the boundary."""
    leaves = pytree.tree_leaves((args, kwargs))
    devices = set()
    for leaf in leaves:
        if isinstance(leaf, ndarray):
            devices.add(leaf._t.device)
        elif isinstance(leaf, _np.ndarray):
            raise TypeError(_NUMPY_ARG)
    if len(devices) > 1:
        raise _device.mismatch(*devices)
    unwrap = lambda x: x._t if isinstance(x, ndarray) else x  # noqa: E731
    return pytree.tree_map(unwrap, (args, kwargs)), devices


def _rewrap(tree):
    return pytree.tree_map(lambda x: _wrap(x) if isinstance(x, torch.Tensor) else x, tree)


def _signature(targs):
    """What forces a new compilation: the structure and each tensor's dtype and device."""
    leaves, spec = pytree.tree_flatten(targs)
    return (str(spec), tuple((x.dtype, x.device, x.dim()) if isinstance(x, torch.Tensor)
                             else (type(x), x if isinstance(x, (bool, str, type(None))) else None) for x in leaves))


def _resolve_pass(fn, targs):
    """Run ``fn`` once on meta copies so every dtype/kernel cache it needs is filled."""
    meta = pytree.tree_map(
        lambda x: torch.empty_like(x, device="meta") if isinstance(x, torch.Tensor) else x, targs)
    args, kwargs = _rewrap(meta)
    try:
        with _device.device("meta"):
            fn(*args, **kwargs)
    except Exception:  # noqa: BLE001 - data-dependent code cannot run on meta; compile reports it
        pass


def _inner_for(fn):
    def inner(*targs, **tkwargs):
        args, kwargs = _rewrap((targs, tkwargs))
        out = fn(*args, **kwargs)
        return pytree.tree_map(lambda x: x._t if isinstance(x, ndarray) else x, out)
    inner.__name__ = getattr(fn, "__name__", "inner")
    inner.__qualname__ = getattr(fn, "__qualname__", inner.__name__)
    # one code object per user function: dynamo caches per code object, so sharing one across
    # every jitted function recompiled it each time and failed after recompile_limit (8) functions
    # (callables without a code object -- functools.partial, instances -- get a fresh one each)
    key = getattr(fn, "__code__", None)
    code = _INNER_CODES.get(key) if key is not None else None
    if code is None:
        name = inner.__name__ if inner.__name__.isidentifier() else "inner"
        code = inner.__code__.replace(co_name=name)
        if key is not None:
            _INNER_CODES[key] = code
    inner.__code__ = code
    return inner


_INNER_CODES = {}  # user function's code -> the code object of its ``inner`` wrapper


_DATA_DEPENDENT = ("data-dependent", "data dependent", "item()", "Tensor.item", "generic_jump",
                   "__bool__", "symbolic", "Dynamic control flow", "guard on data", "unbacked")


_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _user_line(text):
    """The innermost frame of user code in dynamo's 'from user code' trace, as 'file:line: code'."""
    # a frame line, then (for code read from a file) its source line indented by 4+ spaces
    frames = re.findall(r'File "([^"]+)", line (\d+), in \S+(?:\n {4,}(\S.*))?', text.split("from user code:")[-1])
    user = [f for f in frames if not os.path.abspath(f[0]).startswith(_PACKAGE_DIR)]
    if not user:
        return None
    path, line, code = user[-1]
    return f"{os.path.basename(path)}:{line}" + (f": {code.strip()}" if code else "")


def _explain_failure(fn, exc):
    reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    name = getattr(fn, "__qualname__", repr(fn))
    text = str(exc)
    where = _user_line(text)
    if any(k in text for k in _DATA_DEPENDENT):
        reason = "control flow depends on array values" + (f" at {where}" if where else "")
        hint = (" A Python `if`/`while`, `bool()`, `float()` or `int()` on array values needs the data "
                "while tracing (data-dependent control flow), which one graph cannot hold. Rewrite it with "
                "torchnp.where(condition, x, y) to choose values elementwise (or torch.cond for real "
                "branching), or use torchnp.jit(fn, fullgraph=False) to let torch.compile split the "
                "function there (graph breaks, slower).")
    else:
        reason += f" (at {where})" if where else ""
        hint = (" Use torchnp.jit.explain(fn)(*args) to see where it breaks, or "
                "torchnp.jit(fn, fullgraph=False) to allow graph breaks.")
    return JitError(f"torchnp.jit(fullgraph=True) cannot compile '{name}' into one graph: {reason}.{hint}")


class _Jitted:
    """A compiled torchnp function; call it like the original."""

    def __init__(self, fn, fullgraph, dynamic, mode, backend, options):
        functools.update_wrapper(self, fn)
        self._fn = fn
        self._fullgraph = fullgraph
        self._resolved = set()
        self._scalar_values = {}  # argument position / name -> the Python numbers seen there
        kwargs = {"fullgraph": fullgraph, "dynamic": dynamic, "backend": backend}
        if mode is not None:
            kwargs["mode"] = mode
        if options is not None:
            kwargs["options"] = options
        _operators.install()
        self._compiled = torch.compile(_inner_for(fn), **kwargs)

    def _prepare(self, args, kwargs):
        (targs, tkwargs), devices = _unwrap_args(args, kwargs)
        for where, value in list(enumerate(args)) + list(kwargs.items()):
            if type(value) in (int, float, complex):
                seen = self._scalar_values.setdefault(where, set())
                if len(seen) < 3:
                    seen.add(value)
        sig = _signature((targs, tkwargs))
        if sig not in self._resolved:
            _resolve_pass(self._fn, (targs, tkwargs))
            self._resolved.add(sig)
        return targs, tkwargs

    def __call__(self, *args, **kwargs):
        targs, tkwargs = self._prepare(args, kwargs)
        try:
            out = self._compiled(*targs, **tkwargs)
        except torch._dynamo.exc.Unsupported as exc:
            raise _explain_failure(self._fn, exc) from exc
        except torch._dynamo.exc.UserError as exc:
            raise _explain_failure(self._fn, exc) from exc
        except torch._dynamo.exc.FailOnRecompileLimitHit as exc:
            raise self._recompile_error() from exc
        return _rewrap(out)

    def _recompile_error(self):
        name = getattr(self._fn, "__qualname__", repr(self._fn))
        changing = [f"argument {w + 1}" if isinstance(w, int) else f"argument {w!r}"
                    for w, seen in self._scalar_values.items() if len(seen) > 1]
        why = (f"the Python number passed as {', '.join(changing)} changes between calls, and a Python "
               "number is compiled in as a constant (one compilation per value). Pass it as a 0-d array, "
               "np.asarray(value), to make it an input of one compiled graph"
               if changing else "its inputs keep changing (dtypes, devices, numbers of dimensions or Python "
               "values); see docs/jit.md, 'Recompilation'")
        return JitError(f"torchnp.jit: '{name}' was recompiled until torch.compile's recompile limit: {why}.")

    def explain(self, *args, **kwargs):
        """``JitExplanation`` for a call with these arguments."""
        targs, tkwargs = self._prepare(args, kwargs)
        return _explanation(self._fn, targs, tkwargs)

    def __repr__(self):
        return f"<torchnp.jit of {getattr(self._fn, '__qualname__', self._fn)!r}>"


def _explanation(fn, targs, tkwargs):
    """Compile with a recording backend and read dynamo's graph-break counters."""
    from torch._dynamo.utils import counters

    _operators.install()
    graphs = []

    def record(gm, example_inputs):
        graphs.append(gm)
        return gm.forward

    # dynamo caches compiled frames per code object (the user's too): explain must trace
    # from scratch, so it resets those caches; jitted functions recompile on their next call
    torch._dynamo.reset()
    counters.clear()
    torch.compile(_inner_for(fn), backend=record)(*targs, **tkwargs)
    breaks = counters["graph_break"]
    reasons = [str(r).strip().splitlines()[0] for r in breaks]
    ops = sum(1 for g in graphs for n in g.graph.nodes if n.op in ("call_function", "call_method"))
    return JitExplanation(len(graphs), sum(breaks.values()), reasons, ops)


def jit(fn=None, *, fullgraph=True, dynamic=None, mode=None, backend="inductor", options=None):
    """Compile a function written with torchnp through ``torch.compile``.

    Usable as ``@torchnp.jit``, ``@torchnp.jit(fullgraph=False, ...)`` or
    ``torchnp.jit(fn, ...)``. ``fullgraph=True`` (the default) insists on one
    graph and explains what prevents it; ``fullgraph=False`` falls back to graph
    breaks. ``dynamic``, ``mode``, ``backend`` and ``options`` are passed to
    ``torch.compile``. Python scalar arguments are specialised per value as in
    ``torch.compile``.
    """
    if fn is None:
        return functools.partial(jit, fullgraph=fullgraph, dynamic=dynamic, mode=mode,
                                 backend=backend, options=options)
    if not callable(fn):
        raise TypeError(f"torchnp.jit expects a callable, got {type(fn).__name__}")
    return _Jitted(fn, fullgraph, dynamic, mode, backend, options)


def explain(fn):
    """``explain(fn)(*args)`` -> :class:`JitExplanation` (graphs, breaks and their reasons).

    It traces from scratch, so it clears torch.compile's caches: jitted functions
    recompile on their next call.
    """
    target = fn._fn if isinstance(fn, _Jitted) else fn

    def run(*args, **kwargs):
        (targs, tkwargs), _ = _unwrap_args(args, kwargs)
        _resolve_pass(target, (targs, tkwargs))
        return _explanation(target, targs, tkwargs)
    return run


jit.explain = explain
jit.JitError = JitError
