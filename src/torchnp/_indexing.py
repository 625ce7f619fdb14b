"""Indexing (docs/design.md §1.2): NumPy's rules on top of torch's.

Basic indexing (ints, positive-step slices, ``...``, ``None``) returns views.
Negative steps cannot be views in torch: they are served from a flipped copy,
and assignments through them are written back into the array.

``ndarray.__getitem__``/``__setitem__`` keep their fast paths in ``_array``; their general
path (:func:`getitem`, :func:`setitem`) and ``flatiter.__setitem__`` are installed from here
at import: the array object is core and does not import this module (§7).
"""

import math
import operator
import re

import numpy as _np
import torch

from . import _cpu_kernels, _device, _dtypes, _tensors
from . import _array
from ._array import _basic_tuple, _wrap, element_value, flatiter, ndarray
from ._boundary import host_tensor, operand, tensor
from ._convert import as_tensor
from ._device import checks_data
from ._tensors import cast_tensor

_VALID = ("only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) "
          "and integer or boolean arrays are valid indices")


def index_error(exc, t, key):
    """NumPy's wording for torch's IndexError."""
    msg = str(exc)
    if "out of bounds for dimension" in msg:
        return IndexError(msg.replace("dimension", "axis"))
    if "too many indices" in msg:
        return IndexError(f"too many indices for array: array is {t.dim()}-dimensional, but more were indexed")
    if "invalid index of a 0-dim tensor" in msg:
        return IndexError("too many indices for array: array is 0-dimensional, but 1 were indexed")
    if "indexing tensors could not be broadcast together" in msg:
        shapes = re.findall(r"\[([\d, ]*)\]", msg)
        return IndexError("shape mismatch: indexing arrays could not be broadcast together with shapes " + "".join(
            "(" + ",".join(d.strip() for d in sh.split(",") if d.strip()) + ("," if sh.count(",") == 0 and sh else "") + ") "
            for sh in shapes))
    return IndexError(msg)


def _convert_item(item, dev):
    """One element of an index key -> something torch accepts; plus its kind."""
    tp = type(item)
    if tp is int or tp is slice or item is None or item is Ellipsis:
        return item
    if tp is bool:
        return item
    if isinstance(item, ndarray):
        t = item._t
        if t.device != dev:
            raise _device.mismatch(dev, t.device)
        if t.dtype is torch.bool:
            return t
        if t.is_floating_point() or t.is_complex():
            raise IndexError("arrays used as indices must be of integer (or boolean) type")
        if t.dim() == 0:
            # on the host a view (basic indexing); on an accelerator a copy, without a sync (docs/devices.md)
            return t.item() if t.device.type == "cpu" and _device.CPU_VALUE_CHECKS else t
        return t if t.dtype in (torch.int64, torch.int32) else t.to(torch.int64)
    if isinstance(item, _np.ndarray):  # host data indexes host arrays zero-copy (§3.3)
        return _convert_item(_wrap(host_tensor(item)), dev)
    if isinstance(item, (_np.integer, _np.bool_)):
        return item.item()
    if isinstance(item, (list, tuple)):
        on_host = dev.type != "cpu"  # Python data: its bounds are checked on the host, no sync (§3.5)
        try:
            t = as_tensor(item, None, _device.CPU if on_host else dev)
        except TypeError:  # None, strings, ragged lists: not an index array for NumPy either
            raise IndexError(_VALID) from None
        if t.is_floating_point() or t.is_complex():
            if t.numel():
                raise IndexError(_VALID)  # NumPy's wording for a list (an array gets another)
            t = t.to(torch.int64)  # NumPy reads an empty sequence as intp
        if on_host and t.dtype is not torch.bool and t.dim():
            return t.to(torch.int64)  # (uploaded in _normalize_key after the check)
        return _convert_item(_wrap(t.to(dev)), dev)
    if isinstance(item, (float, _np.floating, complex)):
        raise IndexError(_VALID)
    try:
        return operator.index(item)
    except TypeError:
        raise IndexError(_VALID) from None


def _normalize_key(t, key, check=False):
    """A NumPy key -> ``(torch key, flips, advanced)``; validates like NumPy.

    Negative-step slices are rewritten as positive ones. Without advanced (array)
    indices the key addresses the original array and ``flips`` lists the *result*
    dims to reverse; with them, ``flips`` lists the *array* dims to reverse first.
    """
    if not isinstance(key, tuple):
        key = (key,)  # a tuple subclass is a multi-dimensional index too, as in NumPy
    dev = t.device
    items = [_convert_item(k, dev) for k in key]
    consumed = 0
    advanced = False
    for it in items:
        if it is None or it is Ellipsis or type(it) is bool:
            continue
        if isinstance(it, torch.Tensor):
            advanced = advanced or it.dim() > 0 or it.dtype is torch.bool
            consumed += it.dim() if it.dtype is torch.bool else 1
        else:
            consumed += 1
    ndim = t.dim()
    if consumed > ndim:
        raise IndexError(f"too many indices for array: array is {ndim}-dimensional, but {consumed} were indexed")
    if sum(1 for it in items if it is Ellipsis) > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    flips = []
    dim = 0  # array dim the item indexes
    rdim = 0  # result dim it produces (meaningful without advanced indices)
    out = []
    first_rdim = None  # result dim of the first integer or 0-d index array
    for it in items:
        if first_rdim is None and (type(it) is int or isinstance(it, torch.Tensor)):
            first_rdim = rdim
        if it is Ellipsis:
            dim += ndim - consumed
            rdim += ndim - consumed
        elif it is None or type(it) is bool:
            rdim += 1
        elif isinstance(it, torch.Tensor):
            if it.dtype is torch.bool:
                empty = False
                for j in range(it.dim()):
                    if it.shape[j] != t.shape[dim + j]:
                        if it.shape[j] == 0:  # NumPy: an empty boolean axis selects nothing from any axis
                            empty = True
                            continue
                        raise IndexError(
                            f"boolean index did not match indexed array along axis {dim + j}; size of axis is "
                            f"{t.shape[dim + j]} but size of corresponding boolean axis is {it.shape[j]}")
                dim += it.dim()
                if empty:  # torch wants matching shapes: the mask's (empty) integer indices instead
                    idx = [torch.zeros(0, dtype=torch.int64, device=it.device) for _ in range(it.dim())]
                    out.extend(idx[:-1])
                    it = idx[-1]
            else:
                if it.device != dev:  # a Python sequence's indices, on the host: checked without a sync
                    n = t.shape[dim]
                    if it.numel() and bool(((it >= n) | (it < -n)).any()):
                        _out_of_bounds(it, dim, n, items)
                    it = it.to(dev)
                elif (check or dev.type != "cpu") and it.numel() and checks_data(it):
                    # NumPy's IndexError needs the data. The CPU kernel checks bounds itself, except
                    # when the result is empty (``check``: see getitem); on an accelerator torch's
                    # kernels assert bounds asynchronously, and this sync runs only under
                    # np.errstate(invalid="raise") (§3.5, docs/devices.md)
                    n = t.shape[dim]
                    if bool(((it >= n) | (it < -n)).any()):
                        _out_of_bounds(it, dim, n, items)
                dim += 1
        elif type(it) is slice:
            n = t.shape[dim]
            step = 1 if it.step is None else operator.index(it.step)
            if step == 0:
                raise ValueError("slice step cannot be zero")
            if step < 0:
                start, stop, step = it.indices(n)
                count = len(range(start, stop, step))
                if advanced:  # the same elements, ascending, in the reversed array
                    it = slice(n - 1 - start, n - 1 - stop, min(-step, max(n, 1)))
                    flips.append(dim)
                elif count:  # the same elements, ascending, in the array; reversed afterwards
                    it = slice(start + step * (count - 1), start + 1, min(-step, n))
                    flips.append(rdim)
                else:
                    it = slice(0, 0)
            elif it.step is not None or not all(type(v) in (int, type(None)) for v in (it.start, it.stop)):
                it = slice(None if it.start is None else operator.index(it.start),
                           None if it.stop is None else operator.index(it.stop),
                           min(step, max(n, 1)))  # torch overflows on huge steps
            dim += 1
            rdim += 1
        else:
            n = t.shape[dim]
            if not -n <= it < n:
                raise IndexError(f"index {it} is out of bounds for axis {dim} with size {n}")
            dim += 1
        out.append(it)
    extra = None
    if advanced:
        # NumPy treats integers next to index arrays as advanced indices (they decide where
        # the broadcast dimensions go); torch applies them first: make them 1-element tensors.
        out = [torch.full((1,), it, dtype=torch.int64, device=dev) if type(it) is int
               else it.reshape(1) if isinstance(it, torch.Tensor) and it.dim() == 0 and it.dtype is not torch.bool
               else it for it in out]
        extra = _empty_ellipsis_between(out, ndim - consumed)
        if extra is not None:
            out[extra[0]] = None
            extra = extra[1]
    elif any(isinstance(it, torch.Tensor) for it in out):
        # 0-d index arrays on an accelerator (on the CPU they are ints already): torch would read
        # each on the host to index with an int. As 1-element index arrays (the ints too, so that
        # they stay together) they give one broadcast dim of size 1 -- where they stand if they are
        # adjacent, else first -- squeezed afterwards: no sync (§3.5), but a copy, not a view.
        pos = [i for i, it in enumerate(out) if type(it) is int or isinstance(it, torch.Tensor)]
        out = [torch.full((1,), it, dtype=torch.int64, device=dev) if type(it) is int
               else it.reshape(1) if isinstance(it, torch.Tensor) else it for it in out]
        extra = first_rdim if pos[-1] - pos[0] == len(pos) - 1 else 0
    return tuple(out), flips, advanced, extra


def _out_of_bounds(it, dim, n, items):
    """NumPy's IndexError for index array ``it`` on axis ``dim`` -- unless the index arrays
    broadcast to an empty shape: then NumPy indexes nothing and checks nothing."""
    shapes = [(int(k.count_nonzero()),) if k.dtype is torch.bool else k.shape
              for k in items if isinstance(k, torch.Tensor) and (k.dim() or k.dtype is torch.bool)]
    try:
        if math.prod(torch.broadcast_shapes(*shapes)) == 0:
            return
    except RuntimeError:  # torch raises NumPy's shape mismatch afterwards
        pass
    bad = it[(it >= n) | (it < -n)][0].item()
    raise IndexError(f"index {bad} is out of bounds for axis {dim} with size {n}")


def _empty_slice(t, tkey):
    """Whether a slice of normalized key ``tkey`` selects nothing from ``t``."""
    width = t.dim() - sum(k.dim() if isinstance(k, torch.Tensor) and k.dtype is torch.bool else 1
                          for k in tkey if k is not None and k is not Ellipsis)
    dim = 0
    for k in tkey:
        if k is Ellipsis:
            dim += width
        elif type(k) is slice:
            if not len(range(*k.indices(t.shape[dim]))):
                return True
            dim += 1
        elif k is not None:
            dim += k.dim() if isinstance(k, torch.Tensor) and k.dtype is torch.bool else 1
    return False


def _empty_ellipsis_between(out, width):
    """NumPy counts a zero-width ``...`` between index arrays as a separation (the broadcast
    dims go first); torch does not. Returns (position of the ``...``, result dim of the
    ``None`` that replaces it) -- that dim is squeezed out afterwards -- or None."""
    if width:
        return None
    adv = [i for i, it in enumerate(out) if isinstance(it, torch.Tensor)]
    try:
        pos = out.index(Ellipsis)
    except ValueError:
        return None
    if not adv or not adv[0] < pos < adv[-1]:
        return None
    k = max(1 if out[i].dtype is torch.bool else out[i].dim() for i in adv)
    return pos, k + sum(1 for it in out[:pos] if not isinstance(it, torch.Tensor))


def getitem(a, key):
    """``a[key]`` beyond the fast path of ``ndarray.__getitem__`` (§1.2, §1.3)."""
    return element_value(select(a, key), key, a._d)


def select(a, key):
    """The tensor of ``a[key]`` (a view where NumPy's is one), before §1.3 makes one element a
    scalar: for implementations that index arrays and keep working on tensors."""
    t = a._t
    tkey, flips, advanced, extra = _normalize_key(t, key)
    if flips and advanced:
        t = _flip(t, flips)
    k = None
    if len(tkey) == 1 and type(tkey[0]) is torch.Tensor:  # x[idx], x[mask]: NumPy's loops on the CPU
        k = _cpu_kernels.numpy_kernel("mask", t, tkey[0]) if tkey[0].dtype is torch.bool else \
            _cpu_kernels.numpy_kernel("gather", tkey[0], t)
    if k is not None:
        return _cpu_kernels.run(k, t, tkey[0])
    try:
        if advanced and t.dtype in _SIGNED:  # uint16/32/64: CUDA has no index kernel; gather the same bits as signed
            r = t.view(_SIGNED[t.dtype])[tkey].view(t.dtype)
        else:
            r = t[tkey]
    except IndexError as exc:
        raise index_error(exc, t, key) from None
    if advanced and r.numel() == 0 and _device.checks_data(t):
        _normalize_key(a._t, key, check=True)  # torch gathered nothing and so checked nothing (§3.5)
    if extra is not None:
        r = r.squeeze(extra)
    return _flip(r, flips) if flips and not advanced else r


def _int_array_key(tkey):
    """Whether a normalized key is one integer array (``x[idx]``: NumPy's take along axis 0)."""
    return len(tkey) == 1 and type(tkey[0]) is torch.Tensor and tkey[0].dtype is not torch.bool


def _flip(t, dims):
    """``t.flip(dims)``, also for uint16/32/64 (no torch kernel: flip the same bits as signed)."""
    if t.dtype in _SIGNED:
        return t.view(_SIGNED[t.dtype]).flip(dims).view(t.dtype)
    return t.flip(dims)


def _python_scalar(value, t):
    """Python scalar ``value`` as NumPy assigns it into ``t``'s dtype (host-only work, no sync)."""
    dt = t.dtype
    tp = type(value)
    if dt is torch.bool:
        return bool(value)
    if t.is_complex():
        return complex(value) if tp is int else value  # (an int past int64: torch cannot take it as is)
    if tp is complex:
        raise TypeError("float() argument must be a string or a real number, not 'complex'" if t.is_floating_point()
                        else "int() argument must be a string, a bytes-like object or a real number, not 'complex'")
    if t.is_floating_point():
        if tp is int:
            value = float(value)  # NumPy's conversion (OverflowError past float64's range)
        if dt is not torch.float64 and tp is not bool:
            # NumPy rounds (to inf on overflow) where torch's fill_ would raise; a CPU-only cast
            value = float(torch.tensor(float(value), dtype=torch.float64).to(dt))
        return value
    if tp is float:
        value = int(value)  # ValueError for nan, OverflowError for inf, as NumPy
    elif tp is bool:
        return value
    info = _np.iinfo(_dtypes.TO_NUMPY[dt])
    if not info.min <= value <= info.max:
        raise OverflowError(f"Python integer {value} out of bounds for {_dtypes.TO_NUMPY[dt]}")
    return value


_PY_NUMBERS = frozenset({bool, int, float, complex})
_REALS = frozenset({bool, int, float})
_INTS = frozenset({bool, int})


def check_python_numbers(value, t):
    """NumPy's errors for a list or tuple of Python numbers written into ``t``'s dtype, each number
    converted as :func:`_python_scalar` (complex into a real dtype: TypeError; NaN or inf into
    integers, an integer out of bounds: ValueError or OverflowError). None where the plain cast of the
    values is NumPy's; else the values converted one by one, as a tensor of their shape."""
    if type(value) not in (list, tuple) or t.is_complex() or t.dtype is torch.bool:
        return None
    types = set(map(type, value))  # a flat list of real numbers (the common case) needs no array to check
    if t.is_floating_point():
        if types <= _REALS and (int not in types or -2**63 <= min(value) and max(value) < 2**63):
            return None
    elif types <= _INTS and value:
        info = _np.iinfo(_dtypes.TO_NUMPY[t.dtype])
        if info.min <= min(value) and max(value) <= min(info.max, 2**63 - 1):  # (past int64: one by one)
            return None
    try:
        obj = _np.asarray(value, dtype=object)
    except ValueError:
        return None
    flat = obj.reshape(-1).tolist()
    types = set(map(type, flat))
    if not flat or not types <= _PY_NUMBERS:
        return None  # NumPy scalars or arrays inside: NumPy's cast, as the plain path
    lo, hi = (0, 0) if complex in types else (min(flat), max(flat))
    plain = complex not in types and -2**63 <= lo and hi < 2**63  # (NumPy's asarray keeps these exact)
    if plain and not t.is_floating_point():
        info = _np.iinfo(_dtypes.TO_NUMPY[t.dtype])
        plain = info.min <= lo and hi <= info.max and (float not in types or all(map(math.isfinite, flat)))
    if plain:
        return None
    # complex, NaN, inf, out of bounds or past int64: NumPy's conversion one by one (its first error)
    return torch.tensor([_python_scalar(x, t) for x in flat], dtype=t.dtype, device=t.device).reshape(obj.shape)


def _value_tensor(value, t, numbers=True):
    if isinstance(value, ndarray):
        v = value._t
        if v.device != t.device:
            raise _device.mismatch(t.device, v.device)
    elif type(value) in (int, float, bool, complex):
        return _python_scalar(value, t)
    elif isinstance(value, str) or value is None:
        # NumPy parses strings ('1.5') and reads None as nan for floats; its scalar type raises otherwise
        return _python_scalar(_dtypes.TO_NUMPY[t.dtype].type(value).item(), t)
    else:
        v = check_python_numbers(value, t) if numbers else None
        if v is not None:
            return v
        v = operand(value, t.device)
        if not isinstance(v, torch.Tensor):
            return v
        if v.device != t.device:  # host data written into an accelerator array (§3.3)
            raise _device.mismatch(t.device, v.device)
    if v.dtype is not t.dtype:
        v = cast_tensor(v, t.dtype)
    return v


_compiling = torch.compiler.is_compiling


def _shares_memory(v, t):
    """Whether value ``v`` overlaps target ``t`` (then it is read before writing, as NumPy does).
    Under torch.compile, functionalization already reads before writing (and storages are opaque)."""
    return not _compiling() and v.untyped_storage().data_ptr() == t.untyped_storage().data_ptr()


def _is_element_key(key, ndim):
    """Whether ``key`` selects one element by integers (NumPy's scalar-assignment path)."""
    items = key if type(key) is tuple else (key,)
    if len(items) != ndim:
        return False
    for k in items:
        if isinstance(k, ndarray):
            if k.ndim or k.dtype.kind not in "iu":
                return False
        elif isinstance(k, (bool, _np.bool_)) or not isinstance(k, (int, _np.integer)):
            return False
    return True


def _sequence_into_element(value, v, t):
    """NumPy's scalar assignment of a sequence: bool() for bool arrays, errors otherwise."""
    if t.dtype is torch.bool:
        if isinstance(value, (list, tuple)):
            return bool(value)  # Python truthiness of the sequence, as NumPy
        if v.numel() == 1:
            return v.reshape(())
    if t.is_complex() or (not t.is_floating_point() and isinstance(value, (list, tuple))):
        kind = "complex" if t.is_complex() else "int"
        raise TypeError(f"{kind}() argument must be a string or a real number, not '{type(value).__name__}'")
    raise ValueError("setting an array element with a sequence.")


_SIGNED = _dtypes.SAME_BITS
#: ``x[idx] = v`` on host data with NumPy's loop (``_cpu_kernels.host_kernel``): integer index
#: arrays; array values, or the scalars ``x[i] = v`` writes through the host view
_INT_KEYS = frozenset({torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8, torch.uint16,
                       torch.uint32, torch.uint64})


def _signed(t, v):
    """uint16/32/64 lack torch's index_put/masked_fill kernels (§2.5): write the same bits
    through a view as the signed type of the same size."""
    dt = _SIGNED[t.dtype]
    if isinstance(v, torch.Tensor):
        return t.view(dt), v.view(dt)
    if type(v) is int:
        bits = t.element_size() * 8
        v = v - (1 << bits) if v >= 1 << (bits - 1) else v
    return t.view(dt), v


#: torch's CPU kernels split at least this many elements over threads (``at::internal::GRAIN_SIZE``)
_CPU_GRAIN = 32768


def last_write_positions(idx):
    """For each write of the 1-D index tensor ``idx``, the position of the last write to the same
    index. Values gathered by it make every write to an index carry NumPy's last value (its writes
    run in order), so the order a device applies them in cannot change the result: CUDA's
    ``index_put_`` applies repeated indices in no set order (the H200 run, 2026-11-28), torch's CPU
    kernel too once it splits them over threads. A stable sort and a scatter of positions: no
    data-dependent shape, no host read (§3.5)."""
    order = torch.argsort(idx, stable=True)
    s = idx[order]
    new_group = torch.ones_like(s, dtype=torch.bool)
    new_group[1:] = s[1:] != s[:-1]
    group = torch.cumsum(new_group, 0) - 1
    pos = torch.arange(s.numel(), device=s.device)
    last = torch.zeros_like(pos).scatter_reduce_(0, group, pos, "amax")  # each group's last sorted position
    return torch.empty_like(order).scatter_(0, order, order[last[group]])


def writes_in_any_order(dev, n):
    """Whether ``n`` writes by index on ``dev`` may land in any order: on an accelerator and under its
    rules always, on the CPU once torch's kernel splits them over threads."""
    return n > 1 and (dev.type != "cpu" or not _device.CPU_VALUE_CHECKS or n >= _CPU_GRAIN)


def last_values(t, tkey, v):
    """The values ``t[tkey] = v`` writes, each the last one NumPy writes to its element: ``v``
    broadcast to the selection where integer index arrays repeat an element of ``t``
    (``last_write_positions``), else ``v`` itself. The element of each write is found by indexing
    each dim's coordinates (stride-0 views): selection-sized gathers, no host read (§3.5)."""
    arrays = [k for k in tkey if isinstance(k, torch.Tensor) and k.dtype is not torch.bool]
    if not arrays or not isinstance(v, torch.Tensor) or v.numel() < 2 or (
            t.device.type == "cpu" and _device.CPU_VALUE_CHECKS
            and torch.broadcast_shapes(*(k.shape for k in arrays)).numel() * t.numel() < _CPU_GRAIN):
        return v
    lin, stride = None, 1
    for d in range(t.dim() - 1, -1, -1):
        shape = [1] * t.dim()
        shape[d] = -1
        c = torch.arange(t.shape[d], device=t.device).view(shape).expand(t.shape)[tkey] * stride
        lin = c if lin is None else lin + c
        stride *= t.shape[d]
    if not writes_in_any_order(t.device, lin.numel()):
        return v
    try:
        vb = torch.broadcast_to(v, lin.shape)
    except RuntimeError:  # the write itself raises NumPy's error
        return v
    return vb.reshape(-1)[last_write_positions(lin.reshape(-1))].view(lin.shape)


def setitem(a, key, value):
    """``a[key] = value`` with NumPy's casting, broadcasting and errors (§1.2)."""
    if type(key) is ndarray and key._d in _INT_KEYS:
        hk = _cpu_kernels.host_kernel("scatter", (key, a) if type(value) in _array._SCALAR_VALUES else (key, a, value))
        if hk is not None:  # host data: NumPy's assignment (its casts, bounds, overlap and read-only errors)
            hkey, h, *hv = hk[1]
            hk[0](h, hkey, hv[0] if hv else value)
            _array._written(a)  # as a torch write would
            return
    t = a._t
    if _tensors.READ_ONLY:
        _tensors.check_write(t)
    # (a sequence into one element is NumPy's error of its own, _sequence_into_element)
    v = _value_tensor(value, t, type(value) not in (list, tuple) or not _is_element_key(key, t.dim()))
    if t.dtype in _SIGNED:
        t, v = _signed(t, v)
    tk = type(key)
    if tk is int or tk is slice and key.step is None or tk is tuple and _basic_tuple(key):
        # fast path: here torch's rules are NumPy's
        if type(v) is torch.Tensor:
            if _shares_memory(v, t):
                v = v.clone()  # overlapping memory (x[1:] = x[:-1]): NumPy reads before writing
            if v.dim() and _is_element_key(key, t.dim()):
                v = _sequence_into_element(value, v, t)
        try:
            t[key] = v
            return
        except Exception:  # noqa: BLE001 - the general path below raises NumPy's error
            pass
    if isinstance(v, torch.Tensor):
        if v.dim() and _is_element_key(key, t.dim()):
            v = _sequence_into_element(value, v, t)
        if isinstance(v, torch.Tensor) and _shares_memory(v, t):
            v = v.clone()  # overlapping memory (x[1:] = x[:-1]): NumPy reads before writing
    tkey, flips, advanced, extra = _normalize_key(t, key)
    k = _cpu_kernels.numpy_kernel("scatter", tkey[0], t, *((v,) if isinstance(v, torch.Tensor) else ())) \
        if not flips and _int_array_key(tkey) else None
    if k is not None:
        _cpu_kernels.run(k, t, tkey[0], v)
        return
    try:
        if extra is not None and isinstance(v, torch.Tensor):
            shape = list((t.flip(flips) if flips else t)[tkey].shape)
            del shape[extra]
            while v.dim() > len(shape) and v.shape[0] == 1:
                v = v[0]
            v = torch.broadcast_to(v, shape).unsqueeze(extra)
        if not flips:
            t[tkey] = last_values(t, tkey, v) if advanced else v
        elif advanced:
            tf = t.flip(flips)
            tf[tkey] = last_values(tf, tkey, v)
            t.copy_(tf.flip(flips))
        else:  # a view of the elements in ascending order: write the value reversed
            target = t[tkey]
            if isinstance(v, torch.Tensor):
                while v.dim() > target.dim() and v.shape[0] == 1:
                    v = v[0]  # NumPy drops leading length-1 dims of the value
                v = torch.broadcast_to(v, target.shape).flip(flips)
            target[...] = v
        if advanced and (t.numel() == 0 or _empty_slice(t, tkey)) and checks_data(t):
            _normalize_key(t, key, check=True)  # torch wrote nothing and so checked nothing (§3.5)
    except RuntimeError as exc:
        msg = str(exc)
        if "shape mismatch" in msg or "must match" in msg or "expand" in msg or "broadcast" in msg:
            vshape = tuple(v.shape) if isinstance(v, torch.Tensor) else ()
            target = tuple((t.flip(flips) if advanced else t)[tkey].shape)
            raise ValueError(f"could not broadcast input array from shape {vshape} into shape {target}") from None
        raise
    except IndexError as exc:
        raise index_error(exc, t, key) from None


# -- the engine of ndarray's and flatiter's indexing (§1.2, §1.3), installed below
def _flat_setitem(self, key, value):
    """``x.flat[key] = value`` (``numpy.flatiter``)."""
    t = self.base._t
    if _tensors.READ_ONLY:
        _tensors.check_write(t, "underlying array is read-only")
    flat = _wrap(t.view(-1) if t.is_contiguous() else t.reshape(-1).clone())
    if not (type(value) in (int, float, bool, complex) or isinstance(value, _np.generic)):
        # NumPy flattens the value and repeats or truncates it to the selection
        target = select(flat, key)
        v = tensor(value, t.device)  # host data beside an accelerator raises (§3.2, §3.3)
        if isinstance(key, (int, _np.integer)) and v.dim():
            raise ValueError("Error setting single item of array.")
        v = v.reshape(-1)
        n = target.numel()
        if v.numel() and v.numel() != n:
            v = v.repeat(-(-n // v.numel()))[:n]
        value = _wrap(v.reshape(target.shape) if v.numel() == n else v)
    flat[key] = value
    if not t.is_contiguous():
        t.copy_(flat._t.view(t.shape))


_array._getitem, _array._setitem = getitem, setitem  # the general path of x[key] and x[key] = value
flatiter.__setitem__ = _flat_setitem
