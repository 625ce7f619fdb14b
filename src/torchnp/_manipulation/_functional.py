"""Functional programming and iteration helpers (NumPy docs: "Functional programming",
"Iterating over arrays"): apply_along_axis, apply_over_axes, vectorize, frompyfunc,
ndenumerate, ndindex, nditer.

These call Python functions per element or per slice: they are Python loops, as in
NumPy, and element-wise ones (vectorize, ndenumerate) copy the data to
the host once to hand Python scalars to the function.
"""

import numpy as _np
import torch
from numpy import ndindex  # index tuples only: pure Python, no data

from .. import _dtypes
from .._array import _lazy_view, _wrap, host_result, ndarray
from .._boundary import run_on_host
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
    m = _wrap(moved)
    mh = m._host_array() if t.device.type == "cpu" else False
    if type(mh) is _np.ndarray:  # host data: NumPy's slices (views) and NumPy's assembly, as numpy's loop
        results = []
        views = [m] + [None] * len(outer)  # the views of the current index's prefixes, made once each
        prev = ()
        for ind in ndindex(outer):
            k = 0
            while k < len(prev) and prev[k] == ind[k]:
                k += 1  # the leading indices unchanged since the last slice: their views are kept
            for d in range(k, len(ind)):  # NumPy's view of the slice; its tensor made only if torch reads it
                u = views[d]
                views[d + 1] = _lazy_view(u, u._h[ind[d]], ind[d])
            prev = ind
            r = func1d(views[-1], *args, **kwargs)
            hr = r._host_array() if type(r) is ndarray else r
            if hr is False:  # a result NumPy may not read (autograd, another device): torch assembles
                results = [tensor(x, t.device) for x in results + [r]]
                return _stack(results, outer, axis, t.device, moved, func1d, args, kwargs, ind)
            results.append(hr)
        first = _np.asanyarray(results[0])
        buff = _np.zeros(outer + first.shape, first.dtype)
        for ind, r in zip(ndindex(outer), results):
            buff[ind] = r
        k = first.ndim
        perm = list(range(axis)) + list(range(len(outer), len(outer) + k)) + list(range(axis, len(outer)))
        r = buff.transpose(perm)
        return r if _dtypes.is_host_only(r.dtype) else host_result(r)  # host-only results: NumPy's array (§2.5)
    results = []
    for ind in ndindex(outer):
        r = func1d(_wrap(moved[ind]), *args, **kwargs)
        results.append(tensor(r, t.device))  # a host array returned beside device data raises (§3.2)
    return _assemble(results, outer, axis)


def _stack(results, outer, axis, dev, moved, func1d, args, kwargs, done):
    """The rest of apply_along_axis's loop after slice ``done`` on torch's path, then its assembly."""
    started = False
    for ind in ndindex(outer):
        if started:
            results.append(tensor(func1d(_wrap(moved[ind]), *args, **kwargs), dev))
        started = started or ind == done
    return _assemble(results, outer, axis)


def _assemble(results, outer, axis):
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
        res = res if isinstance(res, ndarray) else _wrap(tensor(res, val.device))
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
        self._host = False  # host-only output types (str, object, ...): NumPy's vectorize (§2.5)
        if otypes is not None:
            for t in otypes:
                try:
                    _dtypes.to_torch(t)
                except _dtypes.HostOnlyData:
                    self._host = True
        self.otypes = otypes
        self.excluded = set(excluded) if excluded is not None else set()
        self.__doc__ = pyfunc.__doc__ if doc is None and pyfunc is not _np._NoValue else doc

    def __call__(self, *args, **kwargs):
        if self.pyfunc is _np._NoValue:
            return type(self)(args[0], self.otypes, self.__doc__, self.excluded, self.cache, self.signature)
        if not self._host:
            try:
                return self._call(args, kwargs)
            except _dtypes.HostOnlyData:  # str/object/datetime inputs or results: NumPy's loop (§2.5)
                pass
        vec = _np.vectorize(self.pyfunc, self.otypes, self.__doc__, self.excluded or None, self.cache, self.signature)
        return run_on_host(vec, args, kwargs, "vectorize", host_only=True)

    def _call(self, args, kwargs):
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
        otypes = self.otypes
        if nout is None:
            ts = tensors(vec_args)
            first = inner(*[t.reshape(-1)[0].item() for t in ts]) if all(t.numel() for t in ts) else None
            nout = len(first) if isinstance(first, tuple) else 1
            if first is not None:  # NumPy: the first output's dtype is the output dtype (cast the rest)
                outs = first if isinstance(first, tuple) else (first,)
                otypes = [_dtypes.TO_NUMPY[as_tensor(o, None, ts[0].device).dtype] for o in outs]
        return _loop(inner, vec_args, nout, otypes, None)


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
            r = [as_tensor(o, None, ts[0].device) for o in r]
            for o, core in zip(r, out_core):
                if o.dim() < len(core):
                    raise ValueError(f"{o.dim()}-dimensional argument does not have enough dimensions for all "
                                     f"core dimensions {core!r}")
                if o.dim() > len(core):
                    raise ValueError("setting an array element with a sequence.")
                for name, size in zip(core, o.shape):
                    if sizes.setdefault(name, size) != size:
                        raise ValueError(f"inconsistent size for core dimension {name!r}: {size} vs {sizes[name]}")
            results.append(r)
        if not results:
            raise ValueError("cannot call `vectorize` with a signature including new output dimensions on "
                             "size 0 inputs")
        outs = []
        for i, core in enumerate(out_core):
            dt = _dtypes.to_torch(self.otypes[i]) if self.otypes else results[0][i].dtype
            col = torch.stack([r[i].to(dt) for r in results])
            outs.append(_wrap(col.reshape(loop + tuple(col.shape[1:]))))
        return outs[0] if len(outs) == 1 else tuple(outs)


def frompyfunc(func, /, nin, nout, **identity):
    """NumPy's own ufunc object (``numpy.frompyfunc``): its results are object arrays, host-only data
    (§2.5). torchnp arrays reach it through ``__array_ufunc__``: host data as NumPy's views (NumPy's
    results, its ``reduce``/``accumulate``/``outer``/``at``), device data a ``TypeError`` naming it."""
    return _np.frompyfunc(func, nin, nout, **identity)  # identity= only if given: NumPy tells None from absent


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


def _is_f_contig(t):
    return t.dim() < 2 or t.permute(tuple(range(t.dim() - 1, -1, -1))).is_contiguous()


class nditer:
    """Iteration over one or more broadcast arrays (``numpy.nditer``).

    Each step yields 0-d torchnp arrays that are views of the operands (a tuple for
    several operands), so ``x[...] = v`` writes through with ``op_flags=["readwrite"]``.
    ``order`` ('K' memory order, 'C', 'F', 'A') and the ``multi_index`` and
    ``external_loop`` flags work as in NumPy; ``op_axes`` and ``itershape`` raise.
    """

    def __init__(self, op, flags=None, op_flags=None, op_dtypes=None, order="K", casting="safe",
                 op_axes=None, itershape=None, buffersize=0):
        single = not isinstance(op, (list, tuple))
        ops = [op] if single else list(op)
        if op_flags and all(isinstance(f, str) for f in op_flags):
            per_op = [list(op_flags)] * len(ops)
        else:
            per_op = [list(f) if isinstance(f, (list, tuple)) else [f] for f in (op_flags or [[]] * len(ops))]
        writable = [any(f in ("readwrite", "writeonly") for f in fl) for fl in per_op]
        if op_axes is not None or itershape is not None:
            raise NotImplementedError("nditer(op_axes=..., itershape=...) is unsupported on torchnp")
        given = [o for o in ops if o is not None]
        ts = tensors(given) if given else []
        if len(given) < len(ops):  # NumPy allocates None operands: broadcast shape, promoted dtype
            if not ts:
                raise ValueError("At least one iterator operand must be non-NULL")
            shp = tuple(_np.broadcast_shapes(*[tuple(t.shape) for t in ts]))
            dt = _dtypes.to_torch(_dtypes.np_result_type(*[_dtypes.TO_NUMPY[t.dtype] for t in ts]))
            it_ts = iter(ts)
            ts = [torch.empty(shp, dtype=dt, device=ts[0].device) if o is None else next(it_ts) for o in ops]
            writable = [w or o is None for w, o in zip(writable, ops)]
        if op_dtypes is not None:
            dts = op_dtypes if isinstance(op_dtypes, (list, tuple)) else [op_dtypes] * len(ts)
            if any(w and d is not None for w, d in zip(writable, dts)):
                raise NotImplementedError("nditer: writing through op_dtypes (buffered casting) is unsupported "
                                          "on torchnp; use array operations")
            ts = [t if d is None else t.to(_dtypes.to_torch(d)) for t, d in zip(ts, dts)]
        shape = tuple(_np.broadcast_shapes(*[tuple(t.shape) for t in ts]))
        for t, w in zip(ts, writable):
            if w and tuple(t.shape) != shape:
                raise ValueError(f"non-broadcastable output operand with shape {tuple(t.shape)} doesn't match "
                                 f"the broadcast shape {shape}")
        self._flags = set(flags or ())
        if "external_loop" in self._flags and "multi_index" in self._flags:
            raise ValueError("Iterator flag EXTERNAL_LOOP cannot be used if an index or multi-index is being tracked")
        exp = [t.expand(shape) for t in ts]
        perm = self._axis_order(exp, order, len(shape))
        self._perm = perm
        self._views = [t.permute(perm) for t in exp]  # views: writes reach the operands
        ishape = [shape[p] for p in perm]
        outer = len(ishape)
        self._external = "external_loop" in self._flags
        if self._external:  # coalesce the inner axes whose strides chain, as NumPy does
            outer = max(len(ishape) - 1, 0)
            while outer > 0 and all(v.stride(outer - 1) == v.stride(outer) * ishape[outer]
                                    or ishape[outer - 1] == 1 for v in self._views):
                outer -= 1
        self._ishape = ishape[:outer]
        self._single = single
        self.shape = shape
        self.ndim = len(shape)
        self.itersize = 1
        for n in shape:
            self.itersize *= n
        self._nsteps = 0 if self.itersize == 0 else 1
        for n in self._ishape:
            self._nsteps *= n
        self.operands = tuple(_wrap(t) for t in ts)
        self.iterindex = 0
        self._started = False
        self.finished = self._nsteps == 0

    @staticmethod
    def _axis_order(exp, order, ndim):
        """Axes from outermost to innermost for ``order`` (NumPy's 'K': by the operands' strides)."""
        perm = list(range(ndim))
        if order == "C" or ndim < 2:
            return perm
        if order == "F":
            return perm[::-1]
        if order == "A":
            fortran = all(_is_f_contig(t) for t in exp) and not all(t.is_contiguous() for t in exp)
            return perm[::-1] if fortran else perm

        def inner_first(a, b):  # does axis a (now outside b) have the smaller strides?
            swap = False
            for t in exp:
                sa, sb = abs(t.stride(a)), abs(t.stride(b))
                if sa and sb and t.shape[a] > 1 and t.shape[b] > 1:
                    if sa < sb:
                        swap = True
                    elif sa > sb:
                        return False
            return swap

        for i in range(1, ndim):  # stable insertion sort; ambiguous pairs keep C order
            j = i
            while j > 0 and inner_first(perm[j - 1], perm[j]):
                perm[j - 1], perm[j] = perm[j], perm[j - 1]
                j -= 1
        return perm

    def _index(self):
        j, i = [], self.iterindex
        for n in reversed(self._ishape):
            i, r = divmod(i, n)
            j.append(r)
        return tuple(reversed(j))

    @property
    def value(self):
        j = self._index()
        if self._external:
            vals = tuple(_wrap(v[j].reshape(-1)) for v in self._views)
        else:
            vals = tuple(_wrap(v[j]) for v in self._views)
        return vals[0] if self._single else vals

    def __getitem__(self, i):
        """The current value of operand ``i`` (``it[0]``), a view."""
        vals = self.value
        return (vals,)[i] if self._single else vals[i]

    def __setitem__(self, i, value):
        """``it[0] = v`` writes into operand ``i`` at the current position."""
        self[i][...] = value

    @property
    def multi_index(self):
        if "multi_index" not in self._flags:
            raise ValueError("Iterator is not tracking a multi-index")
        idx = [0] * self.ndim
        for p, v in zip(self._perm, self._index()):
            idx[p] = v
        return tuple(idx)

    def __iter__(self):
        return self

    def __next__(self):
        # NumPy's order: the first call yields the current element, later calls advance first
        if self._started:
            self.iternext()
        self._started = True
        if self.finished:
            raise StopIteration
        return self.value

    def iternext(self):
        self.iterindex += 1
        if self.iterindex >= self._nsteps:
            self.finished = True
            self.iterindex = self._nsteps - 1 if self._nsteps else 0
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
        self._started = False
        self.finished = self._nsteps == 0
