"""Functional programming and iteration helpers (NumPy docs: "Functional programming",
"Iterating over arrays"): apply_along_axis, apply_over_axes, vectorize, frompyfunc,
ndenumerate, ndindex, nditer.

These call Python functions per element or per slice: they are Python loops, as in
NumPy, and element-wise ones (vectorize, frompyfunc, ndenumerate) copy the data to
the host once to hand Python scalars to the function.
"""

import numpy as _np
import torch
from numpy import ndindex  # index tuples only: pure Python, no data

from .. import _dtypes
from .._array import _wrap, ndarray
from .._convert import as_tensor
from ._common import normalize_axis, tensor, tensors

__all__ = ["apply_along_axis", "apply_over_axes", "vectorize", "frompyfunc", "ndenumerate",
           "ndindex", "nditer"]


def apply_along_axis(func1d, axis, arr, *args, **kwargs):
    """Apply ``func1d`` to 1-D slices along ``axis`` (``numpy.apply_along_axis``); a Python loop."""
    t = tensor(arr)
    nd = t.dim()
    axis = normalize_axis(axis, nd)
    moved = torch.movedim(t, axis, -1)
    outer = tuple(moved.shape[:-1])
    if 0 in outer:
        raise ValueError("Cannot apply_along_axis when any iteration dimensions are 0")
    results = []
    for ind in ndindex(outer):
        r = func1d(_wrap(moved[ind]), *args, **kwargs)
        results.append(as_tensor(r, None, t.device))
    first = results[0]
    res = torch.stack([r.to(first.dtype) for r in results]).reshape(outer + tuple(first.shape))
    # the function's output axes go where ``axis`` was
    k = first.dim()
    perm = list(range(axis)) + list(range(len(outer), len(outer) + k)) + list(range(axis, len(outer)))
    return _wrap(res.permute(*perm))


def apply_over_axes(func, a, axes):
    """Apply ``func(a, axis)`` repeatedly over ``axes`` (``numpy.apply_over_axes``)."""
    from ._shape import expand_dims

    val = _wrap(tensor(a))
    n = val.ndim
    if _np.ndim(axes) == 0 if not isinstance(axes, ndarray) else axes.ndim == 0:
        axes = (axes,)
    for axis in axes:
        axis = int(axis)
        if axis < 0:
            axis = n + axis
        res = func(val, axis)
        res = res if isinstance(res, ndarray) else _wrap(as_tensor(res, None, val.device))
        if res.ndim == val.ndim:
            val = res
        else:
            res = expand_dims(res, axis)
            if res.ndim == val.ndim:
                val = res
            else:
                raise ValueError("function is not returning an array of the correct shape")
    return val


def _host_elements(ts):
    """Python scalars of the broadcast inputs (one host copy each)."""
    shape = tuple(_np.broadcast_shapes(*[tuple(t.shape) for t in ts]))
    lists = [t.expand(shape).reshape(-1).cpu().tolist() for t in ts]
    return shape, lists


def _loop(func, args, nout, otypes, dev):
    ts = tensors(list(args))
    if dev is None:
        dev = ts[0].device if ts else None
    shape, lists = _host_elements(ts)
    outs = [func(*vals) for vals in zip(*lists)] if lists else []
    if nout == 1:
        cols = [outs]
    else:
        cols = [[o[i] for o in outs] for i in range(nout)] if outs else [[] for _ in range(nout)]
    res = []
    for i, col in enumerate(cols):
        dt = None if not otypes else _dtypes.to_torch(otypes[i])
        if not col and dt is None:
            raise ValueError("cannot call `vectorize` on size 0 inputs unless `otypes` is set")
        r = as_tensor(col, dt, dev).reshape(shape) if col else torch.empty(shape, dtype=dt, device=dev)
        res.append(_wrap(r))
    return res[0] if nout == 1 else tuple(res)


class vectorize:
    """Generalized function class (``numpy.vectorize``): a Python loop calling ``pyfunc``
    on Python scalars of the broadcast inputs; results are torchnp arrays on their device."""

    def __init__(self, pyfunc=_np._NoValue, otypes=None, doc=None, excluded=None, cache=False, signature=None):
        if pyfunc is not _np._NoValue and not callable(pyfunc):
            raise TypeError(f"'{type(pyfunc).__name__}' object is not callable")
        if signature is not None:
            from numpy.lib._function_base_impl import _parse_gufunc_signature  # parses text only

            self._in_and_out_core_dims = _parse_gufunc_signature(signature)
        self.pyfunc = pyfunc
        self.cache = cache
        self.signature = signature
        if isinstance(otypes, str):
            otypes = list(otypes)
        if otypes is not None:
            for t in otypes:
                _dtypes.to_torch(t)
        self.otypes = otypes
        self.excluded = set(excluded) if excluded is not None else set()
        self.__doc__ = pyfunc.__doc__ if doc is None and pyfunc is not _np._NoValue else doc

    def __call__(self, *args, **kwargs):
        if self.pyfunc is _np._NoValue:
            return type(self)(args[0], self.otypes, self.__doc__, self.excluded, self.cache, self.signature)
        func = self.pyfunc
        excluded = self.excluded
        names = [k for k in kwargs if k not in excluded]
        inds = [i for i in range(len(args)) if i not in excluded]
        if len(names) != len(kwargs) or len(inds) != len(args):
            fixed_args, fixed_kw = list(args), dict(kwargs)

            def inner(*vals):
                for i, v in zip(inds, vals):
                    fixed_args[i] = v
                fixed_kw.update(zip(names, vals[len(inds):]))
                return func(*fixed_args, **fixed_kw)
            vec_args = [args[i] for i in inds] + [kwargs[k] for k in names]
        else:
            vec_args = list(args) + list(kwargs.values())
            if kwargs:
                def inner(*vals):
                    return func(*vals[:len(args)], **dict(zip(names, vals[len(args):])))
            else:
                inner = func
        if not vec_args:
            return func(*args, **kwargs)
        if self.signature is not None:
            return self._vectorize_call_with_signature(inner, vec_args)
        nout = len(self.otypes) if self.otypes else None
        if nout is None:
            ts = tensors(vec_args)
            first = inner(*[t.reshape(-1)[0].item() for t in ts]) if all(t.numel() for t in ts) else None
            nout = len(first) if isinstance(first, tuple) else 1
        return _loop(inner, vec_args, nout, self.otypes, None)


    def _vectorize_call_with_signature(self, func, args):
        """Generalized-ufunc loop: ``func`` gets torchnp arrays holding the core dimensions."""
        in_core, out_core = self._in_and_out_core_dims
        if len(args) != len(in_core):
            raise TypeError(f"wrong number of positional arguments: expected {len(in_core)}, got {len(args)}")
        ts = tensors(args)
        sizes = {}
        loops = []
        for t, core in zip(ts, in_core):
            nc = len(core)
            if t.dim() < nc:
                raise ValueError(f"{t.dim()}-dimensional argument does not have enough dimensions for all core "
                                 f"dimensions {core!r}")
            for name, size in zip(core, t.shape[t.dim() - nc:]):
                if sizes.setdefault(name, size) != size:
                    raise ValueError(f"inconsistent size for core dimension {name!r}: {size} vs {sizes[name]}")
            loops.append(tuple(t.shape[:t.dim() - nc]))
        loop = tuple(_np.broadcast_shapes(*loops))
        views = [t.expand(loop + tuple(t.shape[t.dim() - len(c):])) for t, c in zip(ts, in_core)]
        results = []
        for ind in ndindex(loop):
            r = func(*[_wrap(v[ind]) for v in views])
            r = r if isinstance(r, tuple) else (r,)
            if len(r) != len(out_core):
                raise ValueError(f"wrong number of outputs from pyfunc: expected {len(out_core)}, got {len(r)}")
            results.append([as_tensor(o, None, ts[0].device) for o in r])
        if not results:
            raise ValueError("cannot call `vectorize` with a signature including new output dimensions on "
                             "size 0 inputs")
        outs = []
        for i, core in enumerate(out_core):
            dt = _dtypes.to_torch(self.otypes[i]) if self.otypes else results[0][i].dtype
            col = torch.stack([r[i].to(dt) for r in results])
            outs.append(_wrap(col.reshape(loop + tuple(col.shape[1:]))))
        return outs[0] if len(outs) == 1 else tuple(outs)


class _PyUfunc:
    """Result of :func:`frompyfunc`: a Python-loop ufunc returning torchnp arrays."""

    def __init__(self, func, nin, nout, identity):
        self._func, self.nin, self.nout, self.identity = func, nin, nout, identity
        self.nargs = nin + nout
        self.__name__ = f"{getattr(func, '__name__', '?')} (vectorized)"

    def __call__(self, *args):
        if len(args) != self.nin:
            raise TypeError(f"{self.__name__} takes {self.nin} positional arguments but {len(args)} were given")
        return _loop(self._func, args, self.nout, None, None)

    def __repr__(self):
        return f"<ufunc '{self.__name__}'>"


def frompyfunc(func, /, nin, nout, *, identity=None):
    """A ufunc-like callable from a Python function (``numpy.frompyfunc``); a Python loop.
    NumPy returns object arrays; torchnp infers a numeric dtype from the results."""
    if not callable(func):
        raise TypeError("function must be callable")
    return _PyUfunc(func, nin, nout, identity)


class ndenumerate:
    """Multidimensional index iterator yielding ``(index, value)`` (``numpy.ndenumerate``);
    values are NumPy scalars from one host copy of the array."""

    def __init__(self, arr):
        t = tensor(arr)
        self._shape = tuple(t.shape)
        self._host = t.cpu().resolve_conj().numpy()  # one explicit host copy
        self._it = iter(ndindex(self._shape))

    def __iter__(self):
        return self

    def __next__(self):
        ind = next(self._it)
        return ind, self._host[ind]


class nditer:
    """Basic read iteration over one or more broadcast arrays in C order (``numpy.nditer``).

    Each step yields 0-d torchnp arrays (a tuple for several operands). Only
    read-only iteration is supported; ``op_flags`` asking for writes raise.
    """

    def __init__(self, op, flags=None, op_flags=None, op_dtypes=None, order="K", casting="safe",
                 op_axes=None, itershape=None, buffersize=0):
        single = not isinstance(op, (list, tuple))
        ops = [op] if single else list(op)
        flat_flags = [f for fl in (op_flags or []) for f in (fl if isinstance(fl, (list, tuple)) else [fl])]
        if any(f in ("readwrite", "writeonly") for f in flat_flags):
            raise NotImplementedError("nditer write iteration is unsupported on torchnp; use array operations")
        if op_axes is not None or itershape is not None:
            raise NotImplementedError("nditer(op_axes=..., itershape=...) is unsupported on torchnp")
        ts = tensors(ops)
        if op_dtypes is not None:
            dts = op_dtypes if isinstance(op_dtypes, (list, tuple)) else [op_dtypes] * len(ts)
            ts = [t if d is None else t.to(_dtypes.to_torch(d)) for t, d in zip(ts, dts)]
        shape = tuple(_np.broadcast_shapes(*[tuple(t.shape) for t in ts]))
        self._flat = [t.expand(shape).reshape(-1) for t in ts]
        self._single = single
        self.shape = shape
        self.ndim = len(shape)
        self.itersize = 1
        for s in shape:
            self.itersize *= s
        self.operands = tuple(_wrap(t) for t in ts)
        self._flags = set(flags or ())
        self.iterindex = 0
        self.finished = self.itersize == 0

    @property
    def value(self):
        i = self.iterindex
        vals = tuple(_wrap(f[i]) for f in self._flat)
        return vals[0] if self._single else vals

    @property
    def multi_index(self):
        if "multi_index" not in self._flags:
            raise ValueError("Iterator is not tracking a multi-index")
        return tuple(int(v) for v in _np.unravel_index(self.iterindex, self.shape))

    def __iter__(self):
        return self

    def __next__(self):
        if self.finished:
            raise StopIteration
        v = self.value
        self.iternext()
        return v

    def iternext(self):
        self.iterindex += 1
        if self.iterindex >= self.itersize:
            self.finished = True
            self.iterindex = self.itersize - 1 if self.itersize else 0
            return False
        return True

    def __len__(self):
        return self.itersize

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return None

    def close(self):
        pass

    def reset(self):
        self.iterindex = 0
        self.finished = self.itersize == 0
