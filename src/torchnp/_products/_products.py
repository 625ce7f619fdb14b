"""Vector, matrix and tensor products: dot, vdot, inner, outer, tensordot, einsum,
einsum_path, kron, cross, trace, diagonal, vecdot, matvec, vecmat.

Contractions go through ``torch.einsum`` in the NumPy result dtype. Where torch
has no kernel for a dtype (bool everywhere, integers on CUDA) an exact
broadcast-multiply-and-sum fallback computes the same contraction. Error
messages for bad subscripts/shapes come from NumPy itself, asked about the
shapes only (zero-strided dummy arrays, no data).
"""

import operator
import warnings

import numpy as _np
import torch
from numpy.exceptions import AxisError

from .. import _cpu_kernels, _dtypes
from .._array import _wrap, host_result, ndarray, tiny_view
from .._boundary import DOT_OUT_ERROR, casting_rule, out_tensor, store
from .._convert import cast_tensor, check_order, normalize_axis
from .._boundary import tensor as tensor_of, tensors
from .._sorting._sort import from_ring_int64, ring_int64
from .._tensors import broadcast_shapes, laid_out, read_only_view

__all__ = ["dot", "vdot", "inner", "outer", "tensordot", "einsum", "einsum_path", "kron", "cross",
           "trace", "diagonal", "vecdot", "matvec", "vecmat", "matrix_transpose"]

_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"  # NumPy's sublist labels 0..51


def _np_dt(t):
    return _dtypes.TO_NUMPY[t.dtype]


def _result_dtype(ts, dtype=None):
    return _dtypes.to_torch(_np.dtype(dtype) if dtype is not None else _dtypes.np_result_type(*[_np_dt(t) for t in ts]))


def _dummy(t):
    """A data-free NumPy stand-in with ``t``'s shape and dtype (for NumPy's own error messages)."""
    return _np.broadcast_to(_np.zeros((), _np_dt(t)), tuple(t.shape))


def _numpy_error(name, args, ts):
    """Run NumPy's ``name`` on data-free stand-ins; return its exception (None if it accepts them)."""
    it = iter(ts)
    try:
        with warnings.catch_warnings(), _np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            getattr(_np, name)(*[_dummy(next(it)) if a is _OPERAND else a for a in args])
    except Exception as exc:  # noqa: BLE001 - NumPy's own exception is the one to raise
        return exc
    return None


_OPERAND = object()
#: array types whose host data NumPy's kernels read (a numpy.ndarray is host data, issue 23)
_HOST_ARRAYS = (ndarray, _np.ndarray)


def _tiny_host(arrays):
    """NumPy's views of ``arrays`` where all are tiny host data, torchnp arrays or ``numpy.ndarray``
    (``_array.TINY_HOST``: NumPy's product runs, its bits and its errors, no torch call), else None."""
    views = []
    for a in arrays:
        h = tiny_view(a)
        if h is None:
            return None
        views.append(h)
    return views


# ------------------------------------------------------------------ einsum
def _label(s):
    """An einsum sublist label, checked as NumPy does (0..51 are 'A'..'Z', 'a'..'z')."""
    try:
        i = operator.index(s)
    except TypeError:
        raise TypeError("each subscript must be either an integer or an ellipsis") from None
    if not 0 <= i < len(_LETTERS):
        raise ValueError("subscript is not within the valid range [0, 52)")
    return i


def _sublist_to_str(args):
    ops, subs = list(args[0::2]), list(args[1::2])
    out = None
    if len(args) % 2:
        out = args[-1]
        ops = ops[:-1]

    def conv(sub):
        return "".join("..." if s is Ellipsis else _LETTERS[_label(s)] for s in sub)
    spec = ",".join(conv(s) for s in subs) + ("" if out is None else "->" + conv(out))
    return spec, ops


def _fallback_einsum(spec, ts):
    """Exact einsum by broadcasting and summing (for dtypes torch's einsum cannot take)."""
    ins, out = spec.split("->")
    terms = ins.split(",")
    ndims = [t.dim() for t in ts]
    n_ell = max([nd - len(term.replace("...", "")) for term, nd in zip(terms, ndims) if "..." in term] + [0])
    free = [c for c in _LETTERS if c not in spec][:n_ell]
    views, labels = [], []
    for term, t in zip(terms, ts):
        if "..." in term:
            k = t.dim() - len(term.replace("...", ""))
            term = term.replace("...", "".join(free[n_ell - k:]))
        lab = list(term)
        i = 0
        while i < len(lab):  # a repeated label takes the diagonal
            if lab[i] in lab[i + 1:]:
                j = lab.index(lab[i], i + 1)
                t = torch.diagonal(t, dim1=i, dim2=j).movedim(-1, i)
                lab.pop(j)
            else:
                i += 1
        views.append(t)
        labels.append(lab)
    out = out.replace("...", "".join(free))
    allidx = list(out) + sorted({c for lab in labels for c in lab} - set(out))
    prod = None
    for t, lab in zip(views, labels):
        perm = [lab.index(c) for c in allidx if c in lab]
        t = t.permute(perm)
        present = [c for c in allidx if c in lab]
        it = iter(t.shape)
        sizes = {c: next(it) for c in present}
        t = t.reshape([sizes.get(c, 1) for c in allidx])
        prod = t if prod is None else prod * t
    if len(allidx) > len(out):
        prod = prod.sum(dim=tuple(range(len(out), len(allidx))), dtype=prod.dtype)
    return prod


def _normalize_spec(spec, ts):
    spec = spec.replace(" ", "")
    if "->" not in spec:  # implicit output: labels seen once, sorted; ellipsis dims first
        ins = spec.replace("...", "")
        once = [c for c in set(ins.replace(",", "")) if ins.count(c) == 1]
        # NumPy orders the implicit output by code point: uppercase before lowercase
        spec = spec + "->" + ("..." if "..." in spec else "") + "".join(sorted(once))
    return spec


_SMALL_INTS = frozenset({torch.int8, torch.int16, torch.int32, torch.uint8})


def einsum_tensor(spec, ts, dt):
    ts = [cast_tensor(t, dt, copy=False) for t in ts]
    if dt is torch.bool:
        ts = [t.to(torch.int64) for t in ts]
    elif dt in _dtypes.PARTIAL or dt in _SMALL_INTS:
        # uint16/32/64 (§2.5) and the integers torch's einsum sums only as int64: exact in
        # int64's ring arithmetic, wrapped back to ``dt`` as NumPy's own loop wraps
        return from_ring_int64(einsum_tensor(spec, [ring_int64(t) for t in ts], torch.int64), dt)
    try:
        r = torch.einsum(spec, *ts)
    except RuntimeError as exc:
        if "not implemented" not in str(exc) and "not supported" not in str(exc):
            raise
        r = _fallback_einsum(_normalize_spec(spec, ts), ts)
    return r != 0 if dt is torch.bool else r.to(dt)


def _labels(term, ndim):
    """The label of each axis of an einsum operand: its letter, or for the axes ``...`` stands for
    a negative number counting them from the right (as they broadcast)."""
    if "..." not in term:
        return list(term)
    head, tail = term.split("...")
    n = ndim - len(head) - len(tail)
    return list(head) + list(range(-n, 0)) + list(tail)


def _einsum_layout(r, spec, ts, order):
    """Result ``r`` in einsum's memory ``order``, as NumPy's (unoptimized) iterator lays it out:
    'A' is 'F' when every operand is Fortran-contiguous, 'K' orders the output axes by the operands'
    strides (npyiter_find_best_axis_ordering: from the innermost axis, a stable insertion sort
    where an operand with both strides nonzero decides and conflicts keep C order). A view of an
    operand stays that view, as in NumPy."""
    n = r.dim()
    base = r._base
    if n < 2 or base is not None and any(base is t or base is t._base for t in ts):
        return r
    order = order.upper()
    if order == "A":
        order = "F" if all(t.dim() < 2 or t.permute(tuple(range(t.dim() - 1, -1, -1))).is_contiguous()
                           for t in ts) else "C"
    if order != "K":
        return laid_out(r, tuple(range(n)) if order == "C" else tuple(range(n - 1, -1, -1)))
    ins, out = _normalize_spec(spec, ts).split("->")
    terms = [_labels(term, t.dim()) for term, t in zip(ins.split(","), ts)]
    out = _labels(out, n)
    seen = {lab for term in terms for lab in term}
    axes = out + sorted(seen - set(out), key=lambda lab: (isinstance(lab, str), lab))
    strides = []  # per iterator axis: each operand's stride along it (0: absent or length 1)
    for lab in axes:
        row = []
        for term, t in zip(terms, ts):
            row.append(sum(t.stride(d) for d, x in enumerate(term) if x == lab and t.shape[d] != 1))
        strides.append(row)
    perm = list(range(len(axes) - 1, -1, -1))  # innermost first
    for i0 in range(1, len(perm)):
        ax0, pos = perm[i0], i0
        for i1 in range(i0 - 1, -1, -1):
            ambiguous, swap = True, False
            for s0, s1 in zip(strides[ax0], strides[perm[i1]]):
                if s0 and s1:
                    swap = abs(s1) > abs(s0) and (swap or ambiguous)
                    ambiguous = False
            if not ambiguous:
                if not swap:
                    break
                pos = i1
        perm.insert(pos, perm.pop(i0))
    return laid_out(r, tuple(ax for ax in reversed(perm) if ax < n))


def _store(r, out):
    return store(r, out, shape_error="output array has wrong shape {out}, expected {expected}")


def einsum(*operands, out=None, optimize=False, dtype=None, order="K", casting="safe"):
    """Einstein summation (mirrors ``numpy.einsum``; ``optimize`` is accepted, torch plans the contraction)."""
    if not operands:
        raise ValueError("No input operands")
    check_order(order)
    casting_rule(casting)
    if isinstance(operands[0], str):
        spec, ops = operands[0], list(operands[1:])
    elif len(operands) < 2:
        raise ValueError("must provide at least an operand and a subscripts list to einsum")
    else:
        spec, ops = _sublist_to_str(operands)
    if out is None and dtype is None and casting == "safe" and not optimize:
        hs = _tiny_host(ops)
        if hs is not None:  # tiny host data: NumPy's einsum loop, its bits and errors
            return host_result(_np.einsum(spec, *hs, order=order))
    if out is None and dtype is None and len(ops) == 2:
        hk = _cpu_kernels.host_kernel("einsum", ops, context=spec)
        if hk is not None and hk[1][0].dtype == hk[1][1].dtype:  # host data: NumPy's loop, no torch call
            return host_result(hk[0](spec, *hk[1], order=order))
        hk = _cpu_kernels.host_kernel("einsum_matmul", ops, context=spec)
        if hk is not None and hk[1][0].dtype == hk[1][1].dtype:  # a product of two matrices: NumPy's BLAS
            r = hk[0](spec, *hk[1], order=order)
            if r is not None:
                return host_result(r)
    ts = tensors(ops)
    if dtype is not None:
        for t in ts:
            if not _dtypes.np_can_cast(_np_dt(t), _np.dtype(dtype), casting):
                raise TypeError(f"Cannot cast array data from {_np_dt(t)!r} to {_np.dtype(dtype)!r} according to the rule {casting!r}")
    dt = _result_dtype(ts, dtype)
    k = _cpu_kernels.numpy_kernel("einsum", *ts, context=spec) if all(t.dtype is dt for t in ts) else None
    if k is not None:
        return _store(_cpu_kernels.run(k, spec, *ts, order=order), out)
    try:
        r = einsum_tensor(spec, ts, dt)
    except (RuntimeError, ValueError, IndexError) as exc:
        if isinstance(exc, torch.OutOfMemoryError):
            raise
        # NumPy's own error for these subscripts and shapes: its einsum validates them before computing
        # (einsum_path's checks differ: it gives IndexError for "->" on a 1-d operand)
        err = _numpy_error("einsum", [spec] + [_OPERAND] * len(ts), ts)
        raise (err or exc) from None
    if out is not None and isinstance(out, ndarray) and not _dtypes.np_can_cast(_dtypes.TO_NUMPY[dt], out.dtype, casting):
        raise TypeError(f"Iterator requested dtype could not be cast from {_dtypes.TO_NUMPY[dt]!r} to {out.dtype!r}, "
                        f"the operand {len(ts)} dtype, according to the rule {casting!r}")
    return _store(r if out is not None else _einsum_layout(r, spec, ts, order), out)


def einsum_path(*operands, optimize="greedy", einsum_call=False):
    """Contraction order for an einsum (``numpy.einsum_path``, answered by NumPy from the shapes only)."""
    if einsum_call:
        raise NotImplementedError("einsum_path(einsum_call=True) is internal to NumPy")
    if isinstance(operands[0], str):
        args = [operands[0]] + [_dummy(t) for t in tensors(operands[1:])]
    else:
        spec, ops = _sublist_to_str(operands)
        args = [spec] + [_dummy(t) for t in tensors(ops)]
    return _np.einsum_path(*args, optimize=optimize)


# ------------------------------------------------------------------ contractions
def _contract(name, a, b, dims_a, dims_b, out=None):
    """Sum over ``dims_a`` of ``a`` against ``dims_b`` of ``b``; free axes of ``a`` then of ``b``."""
    la = _LETTERS[:a.dim()]
    lb = list(_LETTERS[a.dim():a.dim() + b.dim()])
    for i, j in zip(dims_a, dims_b):
        lb[j] = la[i]
    lb = "".join(lb)
    res = "".join(c for i, c in enumerate(la) if i not in dims_a) + "".join(c for j, c in enumerate(lb) if j not in dims_b)
    dt = _result_dtype((a, b))
    return _store(einsum_tensor(f"{la},{lb}->{res}", (a, b), dt), out)


def _scalar_product(a, b, out):
    from .._ufuncs import multiply
    return multiply(_wrap(a), _wrap(b), out=out) if out is not None else multiply(_wrap(a), _wrap(b))


def _shapes_error(name, a, b):
    return _numpy_error(name, [_OPERAND, _OPERAND], (a, b))


def dot(a, b, out=None):
    """Dot product of two arrays (mirrors ``numpy.dot``)."""
    if out is None:
        hs = _tiny_host((a, b))
        if hs is not None:  # tiny host data: NumPy's dot (its summation order: its bits, issue 23)
            return host_result(_np.dot(*hs))
    if out is None and (type(a) is ndarray and type(b) is ndarray and a._d is b._d or (
            type(a) in _HOST_ARRAYS and type(b) in _HOST_ARRAYS and a.dtype == b.dtype)):
        hk = _cpu_kernels.host_kernel("dot", (a, b), context=(a.ndim, b.ndim))
        if hk is not None:  # host data: NumPy's gemm, no torch call
            return host_result(hk[0](*hk[1]))
    ta, tb = tensors((a, b))
    if out is not None:
        ot = out_tensor(out, ta.device, DOT_OUT_ERROR)  # NumPy's dot refuses a read-only out so
        if ot.dtype is not _result_dtype((ta, tb)) or not ot.is_contiguous():
            raise ValueError(DOT_OUT_ERROR)
    if ta.dim() == 0 or tb.dim() == 0:
        return _scalar_product(ta, tb, out)
    db = 0 if tb.dim() == 1 else tb.dim() - 2
    if ta.shape[-1] != tb.shape[db]:
        raise _shapes_error("dot", ta, tb)
    if out is not None:
        hs = _tiny_host((a, b))
        if hs is not None:  # tiny host data: NumPy's dot, its bits as without out= (a fresh result: overlap safe)
            return _store(tensor_of(_np.asarray(_np.dot(*hs))), out)
    k = _cpu_kernels.numpy_kernel("dot", ta, tb, context=(ta.dim(), tb.dim())) if ta.dtype is tb.dtype else None
    if k is not None:
        return _store(_cpu_kernels.run(k, ta, tb), out)
    return _contract("dot", ta, tb, (ta.dim() - 1,), (db,), out)


def inner(a, b, /):
    """Inner product over the last axes (mirrors ``numpy.inner``)."""
    hs = _tiny_host((a, b))
    if hs is not None:  # tiny host data: NumPy's inner, its bits
        return host_result(_np.inner(*hs))
    ta, tb = tensors((a, b))
    if ta.dim() == 0 or tb.dim() == 0:
        return _scalar_product(ta, tb, None)
    if ta.shape[-1] != tb.shape[-1]:
        raise _shapes_error("inner", ta, tb)
    return _contract("inner", ta, tb, (ta.dim() - 1,), (tb.dim() - 1,))


def vdot(a, b, /):
    """Dot product of flattened arrays, conjugating the first (mirrors ``numpy.vdot``)."""
    hs = _tiny_host((a, b))
    if hs is not None:  # tiny host data: NumPy's vdot, its bits
        return host_result(_np.vdot(*hs))
    ta, tb = tensors((a, b))
    ta, tb = ta.reshape(-1), tb.reshape(-1)
    if ta.shape != tb.shape:
        raise ValueError("vectors have different lengths")
    if ta.is_complex():
        ta = ta.conj().resolve_conj()
    return _contract("vdot", ta, tb, (0,), (0,))


def outer(a, b, out=None):
    """Outer product of two (flattened) vectors (mirrors ``numpy.outer``)."""
    ta, tb = tensors((a, b))
    return _contract("outer", ta.reshape(-1), tb.reshape(-1), (), (), out)


def tensordot(a, b, axes=2):
    """Sum products over the given axes (mirrors ``numpy.tensordot``, same axis rules and errors)."""
    ta, tb = tensors((a, b))
    try:
        iter(axes)
    except TypeError:
        n = operator.index(axes)
        axes_a, axes_b = list(range(-n, 0)), list(range(0, n))
    else:
        axes_a, axes_b = axes
    axes_a = list(axes_a) if isinstance(axes_a, (list, tuple)) else [axes_a]
    axes_b = list(axes_b) if isinstance(axes_b, (list, tuple)) else [axes_b]
    if len(axes_a) != len(axes_b):
        raise ValueError("shape-mismatch for sum")
    for k in range(len(axes_a)):
        ia, ib = operator.index(axes_a[k]), operator.index(axes_b[k])
        if not (-ta.dim() <= ia < ta.dim() and -tb.dim() <= ib < tb.dim()):
            raise IndexError("tuple index out of range")
        if ta.shape[ia] != tb.shape[ib]:
            raise ValueError("shape-mismatch for sum")
        axes_a[k], axes_b[k] = ia % ta.dim(), ib % tb.dim()
    return _contract("tensordot", ta, tb, tuple(axes_a), tuple(axes_b))


def kron(a, b):
    """Kronecker product (mirrors ``numpy.kron``)."""
    ta, tb = tensors((a, b))
    nd = max(ta.dim(), tb.dim())
    ta = ta.reshape((1,) * (nd - ta.dim()) + tuple(ta.shape))
    tb = tb.reshape((1,) * (nd - tb.dim()) + tuple(tb.shape))
    dt = _result_dtype((ta, tb))
    ea = ta.to(dt).reshape([s for d in ta.shape for s in (d, 1)])
    eb = tb.to(dt).reshape([s for d in tb.shape for s in (1, d)])
    if dt in _dtypes.PARTIAL:  # exact in int64's ring arithmetic (§2.5)
        ea, eb = ring_int64(ea), ring_int64(eb)
    r = ea & eb if dt is torch.bool else ea * eb
    return _wrap(from_ring_int64(r, dt).reshape([x * y for x, y in zip(ta.shape, tb.shape)]))


_GUFUNCS = {  # name: (signature, einsum spec, core dims of x1, of x2, of the output, contracted axis of x1, of x2)
    "vecdot": ("(n),(n)->()", "...i,...i->...", 1, 1, 0, -1, -1),
    "matvec": ("(m,n),(n)->(m)", "...ij,...j->...i", 2, 1, 1, -1, -1),
    "vecmat": ("(n),(n,m)->(m)", "...i,...ij->...j", 1, 2, 1, -1, -2),
}


def _core_axes(spec, ncore, ndim):
    spec = (spec,) if isinstance(spec, int) else tuple(spec)
    if len(spec) != ncore:
        raise ValueError(f"axes item has {len(spec)} entries, but the core dimensions require {ncore}")
    return [normalize_axis(a, ndim) for a in spec]


def _gufunc(name):
    sig, spec, need1, need2, nout, k1, k2 = _GUFUNCS[name]

    def func(x1, x2, /, out=None, *, axes=None, axis=None, keepdims=False, casting="same_kind",
             order="K", dtype=None, subok=True, signature=None):
        t1, t2 = tensors((x1, x2))
        for i, (t, need) in enumerate(((t1, need1), (t2, need2))):
            if t.dim() < need:
                raise ValueError(f"{name}: Input operand {i} does not have enough dimensions (has {t.dim()}, "
                                 f"gufunc core with signature {sig} requires {need})")
        if axis is not None:
            if axes is not None:
                raise TypeError("cannot specify both 'axis' and 'axes'")
            if nout or need1 != 1 or need2 != 1:
                raise TypeError(f"{name}: axis can only be used with a single shared core dimension, not with the "
                                f"2 distinct ones implied by signature {sig}.")
            axes = [(axis,), (axis,)]
        out_axes = None
        if axes is not None:  # move the core axes to the end, as the kernel expects
            t1 = t1.movedim(_core_axes(axes[0], need1, t1.dim()), list(range(-need1, 0)))
            t2 = t2.movedim(_core_axes(axes[1], need2, t2.dim()), list(range(-need2, 0)))
            out_axes = axes[2] if len(axes) > 2 else None
        if t1.shape[k1] != t2.shape[k2]:
            raise ValueError(f"{name}: Input operand 1 has a mismatch in its core dimension 0, with gufunc "
                             f"signature {sig} (size {t2.shape[k2]} is different from {t1.shape[k1]})")
        dt = _result_dtype((t1, t2), dtype)
        if name != "matvec" and t1.is_complex():
            t1 = t1.conj().resolve_conj()
        try:
            r = einsum_tensor(spec, (t1, t2), dt)
        except RuntimeError as exc:
            if isinstance(exc, torch.OutOfMemoryError):
                raise
            raise _numpy_error(name, [_OPERAND, _OPERAND], (t1, t2)) or exc from None
        if nout and out_axes is not None:
            r = r.movedim(-1, _core_axes(out_axes, 1, r.dim())[0])
        if keepdims:
            if nout:
                raise ValueError(f"{name}: keepdims can only be used for gufuncs whose outputs have no core dimensions")
            r = r.unsqueeze(r.dim() if axis is None else normalize_axis(axis, r.dim() + 1))
        return _store(r, out)
    func.__name__ = func.__qualname__ = name
    func.__doc__ = f"Generalized ufunc ``{sig}`` (mirrors ``numpy.{name}``; x1 conjugated as NumPy; axes/axis/keepdims)."
    return func


vecdot = _gufunc("vecdot")
matvec = _gufunc("matvec")
vecmat = _gufunc("vecmat")


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    """Cross product of (arrays of) 2- or 3-vectors (mirrors ``numpy.cross``)."""
    if axis is not None:
        axisa = axisb = axisc = axis
    ta, tb = tensors((a, b))
    ta = ta.movedim(normalize_axis_msg(axisa, ta.dim(), "axisa"), -1)
    tb = tb.movedim(normalize_axis_msg(axisb, tb.dim(), "axisb"), -1)
    if ta.shape[-1] not in (2, 3) or tb.shape[-1] not in (2, 3):
        raise ValueError("incompatible dimensions for cross product\n(dimension must be 2 or 3)")
    if ta.shape[-1] == 2 or tb.shape[-1] == 2:
        warnings.warn("Arrays of 2-dimensional vectors are deprecated. Use arrays of 3-dimensional vectors "
                      "instead. (deprecated in NumPy 2.0)", DeprecationWarning, stacklevel=2)
    dt = _result_dtype((ta, tb))
    if dt is torch.bool:
        raise TypeError("numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, "
                        "the `^` operator, or the logical_xor function instead.")
    ta, tb = ta.to(dt), tb.to(dt)
    if dt in _dtypes.PARTIAL:  # exact in int64's ring arithmetic (§2.5)
        ta, tb = ring_int64(ta), ring_int64(tb)
    try:
        batch = broadcast_shapes(ta.shape[:-1], tb.shape[:-1])
    except RuntimeError:
        raise ValueError("shape mismatch: objects cannot be broadcast to a single shape") from None
    a0, a1 = ta[..., 0], ta[..., 1]
    b0, b1 = tb[..., 0], tb[..., 1]
    if ta.shape[-1] == 2 and tb.shape[-1] == 2:
        return _wrap(from_ring_int64((a0 * b1 - a1 * b0).expand(batch).clone(), dt))
    zero = torch.zeros((), dtype=ta.dtype, device=ta.device)
    a2 = ta[..., 2] if ta.shape[-1] == 3 else zero
    b2 = tb[..., 2] if tb.shape[-1] == 3 else zero
    r = torch.stack([(a1 * b2 - a2 * b1).expand(batch), (a2 * b0 - a0 * b2).expand(batch),
                     (a0 * b1 - a1 * b0).expand(batch)], -1)
    return _wrap(from_ring_int64(r, dt).movedim(-1, normalize_axis_msg(axisc, r.dim(), "axisc")))


def normalize_axis_msg(axis, ndim, prefix):
    try:
        return normalize_axis(axis, ndim)
    except AxisError:
        raise AxisError(axis, ndim, prefix) from None


def _diag_axes(t, axis1, axis2):
    if t.dim() < 2:
        raise ValueError("diag requires an array of at least two dimensions")
    a1, a2 = normalize_axis(axis1, t.dim()), normalize_axis(axis2, t.dim())
    if a1 == a2:
        raise ValueError("axis1 and axis2 cannot be the same")
    return a1, a2


def diagonal(a, offset=0, axis1=0, axis2=1):
    """Specified diagonals, as a read-only view (mirrors ``numpy.diagonal``)."""
    t = tensor_of(a)
    a1, a2 = _diag_axes(t, axis1, axis2)
    return _wrap(read_only_view(torch.diagonal(t, operator.index(offset), a1, a2)))


def _sum_dtype(t):
    """NumPy's default accumulator of ``sum`` for ``t``'s dtype (small ints widen to the platform int)."""
    if t.dtype is torch.bool or (not t.is_floating_point() and not t.is_complex() and t.element_size() < 8):
        return torch.uint64 if _np_dt(t).kind == "u" else torch.int64
    return t.dtype


def trace(a, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    """Sum along diagonals (mirrors ``numpy.trace``)."""
    t = tensor_of(a)
    a1, a2 = _diag_axes(t, axis1, axis2)
    d = torch.diagonal(t, operator.index(offset), a1, a2)
    dt = _dtypes.to_torch(dtype) if dtype is not None else _sum_dtype(t)
    acc = torch.int64 if dt in _dtypes.PARTIAL else dt
    r = cast_tensor(d, acc, copy=False).sum(-1) if acc is not torch.bool else d.any(-1)
    return _store(r.to(dt), out)


def matrix_transpose(x, /):
    """Transpose of the last two axes, a view (mirrors ``numpy.matrix_transpose``)."""
    t = tensor_of(x)
    if t.dim() < 2:
        raise ValueError(f"Input array must be at least 2-dimensional, but it is {t.dim()}")
    return _wrap(t.transpose(-2, -1))
