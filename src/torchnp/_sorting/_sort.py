"""Sorting and searching: sort, argsort, lexsort, partition, argpartition, searchsorted, sort_complex.

Every sort is stable (torch's stable sort), whatever ``kind`` says: NumPy's
unstable kinds may order ties differently; a stable order is always one NumPy
could return. On the CPU, above a size threshold, NumPy's own kernels run instead
(``_cpu_kernels``): a stable kind stays stable; an unstable ``argsort`` then gives
NumPy's exact order. NaNs sort to the end as in NumPy; complex arrays sort
lexicographically (real part, then imaginary part), as NumPy does, through two
stable passes because torch has no complex sort.
"""

import operator

import numpy as _np
import torch

from .. import _cpu_kernels, _dtypes, _tensors
from .._array import _wrap, ndarray, result
from .._boundary import tensor as tensor_of, tensors
from .._convert import as_tensor, checks_data, normalize_axis
from .._tensors import searchsorted_tensor

__all__ = ["sort", "argsort", "lexsort", "partition", "argpartition", "searchsorted", "sort_complex"]



_I64_MIN = -(2 ** 63)


def ring_int64(t):
    """uint16/32/64 (few torch kernels, §2.5) as int64 with the same +, -, *, == (exact; uint64 reinterpreted)."""
    return t.view(torch.int64) if t.dtype is torch.uint64 else t.to(torch.int64)


def from_ring_int64(r, dtype):
    """Back from :func:`ring_int64` to ``dtype`` (wrapping as NumPy); other dtypes pass through."""
    if r.dtype is dtype:
        return r
    return r.view(torch.uint64) if dtype is torch.uint64 else r.to(dtype)


def sort_key(t):
    """A tensor ordered as ``t`` that torch can sort, gather and search (maps partly supported uints to int64)."""
    if t.dtype is torch.uint64:
        return t.view(torch.int64) ^ _I64_MIN  # flips the sign bit: keeps unsigned order
    return t.to(torch.int64) if t.dtype in _dtypes.PARTIAL else t


def _check_order(order, kind):
    """NumPy's checks of ``order`` and ``kind``; returns whether ``kind`` asks for a stable sort.

    NumPy matches sort kinds by their first letter, case-insensitively ('q'uick, 'h'eap,
    'm'erge, 's'table).
    """
    if order is not None:
        raise ValueError("Cannot specify order when the array has no fields.")
    if kind is None:
        return False
    if not isinstance(kind, str):
        raise TypeError(f"sort kind must be str, not {type(kind).__name__}")
    if kind[:1].lower() not in ("q", "h", "m", "s"):
        raise ValueError(f"sort kind must be one of 'quick', 'heap', or 'stable' (got '{kind}')")
    return kind[0] in "msMS"


def _check_select(kind, order):
    """NumPy's checks of partition's ``kind`` and ``order``."""
    if not isinstance(kind, str):
        raise TypeError(f"select kind must be str, not {type(kind).__name__}")
    if kind != "introselect":
        raise ValueError(f"select kind must be 'introselect' (got '{kind}')")
    _check_order(order, None)


def _prepare(a, axis, zero_d_as_1d=False):
    t = tensor_of(a)
    if zero_d_as_1d and t.dim() == 0:  # NumPy's argsort/argpartition treat a 0-d array as 1-d
        t = t.reshape(1)
    if axis is None:
        return t.reshape(-1), 0
    if t.dim() == 0:
        raise _np.exceptions.AxisError(axis, 0)
    return t, normalize_axis(axis, t.dim())


def argsort_tensor(t, dim, descending=False, stable=True):
    """Argsort of ``t`` along ``dim``: NaNs last, complex lexicographic; stable, or (``stable=False``)
    on the CPU NumPy's default sort, which orders ties its own way (torch's order stays stable)."""
    if t.is_complex():
        # NumPy's order: [R + Rj, R + nanj, nan + Rj, nan + nanj], each lexicographic
        idx = argsort_tensor(t.imag, dim, descending)
        idx = idx.gather(dim, argsort_tensor(t.real.gather(dim, idx), dim, descending))
        nan_class = (torch.isnan(t.imag).to(torch.int8) + 2 * torch.isnan(t.real).to(torch.int8)).gather(dim, idx)
        return idx.gather(dim, argsort_tensor(nan_class, dim, descending))
    k = None if descending else _cpu_kernels.numpy_kernel("argsort", t)
    if k is not None:
        return _cpu_kernels.run(k, t, dim, "stable" if stable else None)
    return torch.sort(sort_key(t), dim=dim, stable=True, descending=descending)[1]


def sort_tensor(t, dim, descending=False, stable=True):
    """Sorted copy of ``t`` along ``dim`` (NaNs last, complex lexicographic).

    Sorted *values* of equal keys are indistinguishable (up to the sign of zero and NaN
    payloads, whose order NumPy leaves unspecified too), so ``stable=False`` lets torch
    use its faster unstable sort.
    """
    if t.is_complex():
        return t.gather(dim, argsort_tensor(t, dim, descending))
    k = None if descending else _cpu_kernels.numpy_kernel("sort", t)
    if k is not None:
        return _cpu_kernels.run(k, t, dim, "stable" if stable else None)
    if t.dtype in _dtypes.SAME_BITS:  # uint16/32/64: no CUDA sort; the bits with the sign flipped sort alike
        r = torch.sort(_dtypes.ordered_bits(t), dim=dim, stable=stable, descending=descending)[0]
        return _dtypes.from_ordered_bits(r, t.dtype)
    return torch.sort(t, dim=dim, stable=stable, descending=descending)[0]


def sort(a, axis=-1, kind=None, order=None, *, stable=None, descending=False):
    """Return a sorted copy of an array (mirrors ``numpy.sort``; ``descending`` as the array API)."""
    t, dim = _prepare(a, axis)  # host-only data (records, strings) raises first: NumPy sorts it (§2.5)
    stable_kind = _check_order(order, kind)
    return _wrap(sort_tensor(t, dim, descending, stable=bool(stable) or stable_kind))


def argsort(a, axis=-1, kind=None, order=None, *, stable=None, descending=False):
    """Indices that would sort an array (mirrors ``numpy.argsort``; stable except on the CPU, where
    large arrays without ``stable``/``kind="stable"`` get NumPy's default sort and its order of ties)."""
    t, dim = _prepare(a, axis, True)  # host-only data first (§2.5)
    _check_order(order, kind)
    return _wrap(argsort_tensor(t, dim, descending, stable=bool(stable) or kind in ("stable", "mergesort")))


def _sort_inplace(self, axis=-1, kind=None, order=None, *, stable=None):
    """Sort the array in place (``numpy.ndarray.sort``); returns None."""
    operator.index(axis)  # in place there is no flattened axis=None: NumPy's TypeError
    if _tensors.READ_ONLY:
        _tensors.check_write(self._t, "sort array is read-only")
    self._t.copy_(sort(self, axis, kind, order, stable=stable)._t)


ndarray.sort = _sort_inplace


def sort_complex(a):
    """Sort a complex array by real part, then imaginary part (mirrors ``numpy.sort_complex``)."""
    t = sort(a)._t
    if t.is_complex():
        return _wrap(t)
    char = _dtypes.TO_NUMPY[t.dtype].char
    return _wrap(t.to(torch.complex64 if char in "bhBH" else torch.complex128))


def lexsort(keys, axis=-1):
    """Indirect stable sort on several keys, the last key primary (mirrors ``numpy.lexsort``)."""
    if isinstance(keys, (list, tuple)):
        ts = tensors(keys) if keys else []
        if len({tuple(k.shape) for k in ts}) > 1:
            raise ValueError("all keys need to be the same shape")
    else:
        ts = list(tensor_of(keys).unbind(0)) if tensor_of(keys).dim() else [tensor_of(keys)]
    if not ts:
        raise TypeError("need sequence of keys with len > 0 in lexsort")
    ts = [sort_key(k) for k in ts]
    t0 = ts[0]
    if t0.dim() == 0:
        if axis not in (-1, 0):
            raise _np.exceptions.AxisError(axis, 0)
        return result(_wrap(torch.zeros((), dtype=torch.int64, device=t0.device)))  # §1.3: NumPy's scalar
    dim = normalize_axis(axis, t0.dim())
    idx = argsort_tensor(t0, dim)
    for k in ts[1:]:
        idx = idx.gather(dim, argsort_tensor(k.gather(dim, idx), dim))
    return _wrap(idx)


def _kth(kth, n, dev):
    """NumPy's checks of ``kth``: host data (ints, lists) on the host; an array is an operand on the
    array's device (§3.2), read only where ``checks_data`` allows (§3.5: on an accelerator the
    partition is a full sort, right for every ``kth``)."""
    if isinstance(kth, (bool, _np.bool_)):
        raise ValueError("Booleans unacceptable as partition index")
    if isinstance(kth, int):
        ks = [kth]
    elif isinstance(kth, (ndarray, _np.ndarray)):
        kt = tensor_of(kth, dev)
        if kt.dtype is torch.bool:
            raise ValueError("Booleans unacceptable as partition index")
        if kt.is_floating_point() or kt.is_complex():
            raise TypeError("Partition index must be integer")
        if not checks_data(kt):
            return
        ks = kt.reshape(-1).tolist()
    else:
        k = _np.asarray(kth)
        if k.dtype.kind == "b":
            raise ValueError("Booleans unacceptable as partition index")
        if k.dtype.kind not in "iu":
            raise TypeError("Partition index must be integer")
        ks = k.reshape(-1).tolist()
    for k in ks:
        if not -n <= k < n:
            raise ValueError(f"kth(={k}) out of bounds ({n})")


def _host_kth(kth):
    """``kth`` for NumPy's kernel (already validated by :func:`_kth`)."""
    return kth if isinstance(kth, int) else tensor_of(kth).cpu().numpy()


def _partitioned(op, a, kth, axis, kind, order):
    """``numpy.<op>`` (``"partition"`` or ``"argpartition"``): NumPy's introselect on the CPU,
    elsewhere a full sort (a stable argsort for the indices), which is a valid partition."""
    indices = op == "argpartition"
    t, dim = _prepare(a, axis, indices)  # host-only data first (§2.5)
    _check_select(kind, order)
    if t.numel():
        _kth(kth, t.shape[dim], t.device)
    k = _cpu_kernels.numpy_kernel(op, t)
    if k is not None:
        return _wrap(_cpu_kernels.run(k, t, _host_kth(kth), dim))
    return _wrap(argsort_tensor(t, dim) if indices else sort_tensor(t, dim))


def partition(a, kth, axis=-1, kind="introselect", order=None):
    """Partitioned copy (mirrors ``numpy.partition``): NumPy's introselect on the CPU, elsewhere
    fully sorted, which is a valid partition."""
    return _partitioned("partition", a, kth, axis, kind, order)


def argpartition(a, kth, axis=-1, kind="introselect", order=None):
    """Indices that partition an array (mirrors ``numpy.argpartition``; NumPy's introselect on the CPU,
    elsewhere a full stable argsort)."""
    return _partitioned("argpartition", a, kth, axis, kind, order)


def _partition_inplace(self, kth, axis=-1, kind="introselect", order=None):
    """Partition the array in place (``numpy.ndarray.partition``); returns None."""
    operator.index(axis)
    if _tensors.READ_ONLY:
        _tensors.check_write(self._t, "partition array is read-only")
    self._t.copy_(partition(self, kth, axis, kind, order)._t)


ndarray.partition = _partition_inplace


def searchsorted(a, v, side="left", sorter=None):
    """Indices where ``v`` would be inserted to keep ``a`` sorted (mirrors ``numpy.searchsorted``)."""
    if side not in ("left", "right"):
        raise ValueError(f"side must be 'left' or 'right' (got {side!r})")
    ta, tv = tensors((a, v))
    if ta.dim() != 1:
        raise ValueError("object too deep for desired array" if ta.dim() > 1 else "object of too small depth for desired array")
    dt = _dtypes.promote_torch(ta.dtype, tv.dtype)
    k = _cpu_kernels.numpy_kernel("searchsorted", tv, ta) if sorter is None else None
    if k is not None:
        return _wrap(_cpu_kernels.run(k, ta, tv, side, None))
    if dt.is_complex:
        if ta.device.type != "cpu":
            raise TypeError("searchsorted on complex arrays is unsupported on torchnp off the CPU (torch has no "
                            "complex ordering)")
        # on the host NumPy's kernel: its lexicographic (real, imag) order, NaNs last
        st = None if sorter is None else tensor_of(sorter, ta.device).resolve_conj().resolve_neg()
        return _wrap(_cpu_kernels.run(lambda a, b, s: _np.searchsorted(a, b, side, s), ta.resolve_conj().resolve_neg(),
                                      tv.resolve_conj().resolve_neg(), st))
    ta, tv = sort_key(ta.to(dt)), sort_key(tv.to(dt))
    if dt is torch.bool:
        ta, tv = ta.to(torch.int8), tv.to(torch.int8)
    if sorter is not None:
        ts = tensor_of(sorter, ta.device)
        if ts.is_floating_point() or ts.is_complex() or ts.dtype is torch.bool:
            raise TypeError("sorter must only contain integers")
        if tuple(ts.shape) != tuple(ta.shape):
            raise ValueError("sorter.size must equal a.size")
        # NumPy's value check (§3.5: on accelerators only under np.errstate(invalid="raise"), docs/devices.md)
        if checks_data(ts) and bool(((ts < 0) | (ts >= ts.shape[0])).any()):
            raise ValueError("Sorter index out of range.")
        ta = ta[ts.to(torch.int64)]
    if dt.is_floating_point and ta.device.type == "cpu" and checks_data(ta) and not bool(torch.isnan(ta).any()) \
            and not bool(torch.isnan(tv).any()):
        # host data without NaN (two host reads of flags, §3.5: the CPU's values are at hand): torch's
        # search alone is NumPy's answer, without the NaN mapping's five passes (issue 27)
        return _wrap(searchsorted_tensor(ta, tv, right=side == "right"))
    if dt.is_floating_point:
        # NumPy orders NaN after +inf: map to a key torch compares the same way
        big = torch.tensor(float("inf"), dtype=dt, device=ta.device)
        nan_a, nan_v = torch.isnan(ta), torch.isnan(tv)
        n_fin = (~nan_a).sum()
        r = searchsorted_tensor(torch.where(nan_a, big, ta), torch.where(nan_v, big, tv),
                               right=side == "right")
        # values that are NaN go before (left) or after (right) the NaNs of ``a``
        nan_pos = (n_fin if side == "left" else torch.tensor(ta.shape[0], device=ta.device)).to(r.dtype)
        finite_r = torch.minimum(r, n_fin.to(r.dtype)) if side == "right" else r
        return _wrap(torch.where(nan_v, nan_pos, torch.where(torch.isinf(tv) & (tv > 0), finite_r, r)))
    return _wrap(searchsorted_tensor(ta, tv, right=side == "right"))
