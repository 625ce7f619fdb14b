"""NumPy's rules on tensors, below the array object (§7): host data to tensors, casts,
shapes, axes and memory order. Nothing here knows ``ndarray``: the array object and every
family build on these; ``_convert`` turns Python objects and arrays into tensors with them.
"""

import operator
import warnings

import numpy as _np
import torch
from numpy.exceptions import AxisError

from . import _device, _dtypes

__all__ = []


# ---------------------------------------------------------------- NumPy's WRITEABLE flag (§1.2)
#: set once any array was made read-only or warn-on-write (DESIGN §1.2, NumPy's WRITEABLE flag): until
#: then no write path looks further, so the flags cost nothing where they are never used (§7 hot paths)
READ_ONLY = False
#: NumPy's warning for a write into a warn-on-write array (``broadcast_arrays``' results, ``flags._warn_on_write``)
WARN_ON_WRITE = ("Numpy has detected that you (may be) writing to an array with\noverlapping memory from "
                 "np.broadcast_arrays. If this is intentional\nset the WRITEABLE flag True or make a copy "
                 "immediately before writing.")


def read_only(t):
    """The write state of the array holding tensor ``t``: True (read-only), ``'warn'`` (warn on the
    first write) or a false value (writeable). The state lives on an alias root (:func:`mark`),
    the tensor itself or the root torch records as the ``_base`` of every view made from it."""
    s = getattr(t, "_tnp_ro", None)
    if s is None:
        b = t._base
        if b is not None:
            s = getattr(b, "_tnp_ro", None)
    return s


def check_write(t, msg="assignment destination is read-only"):
    """Raise NumPy's ValueError ``msg`` if tensor ``t``'s array is read-only; warn once if it is
    warn-on-write. Write paths call it only once ``READ_ONLY`` is set."""
    s = read_only(t)
    if s:
        if s is True:
            raise ValueError(msg)
        root = t if getattr(t, "_tnp_ro", None) is not None else t._base
        root._tnp_ro = False  # NumPy warns once, then the array is plainly writeable
        warnings.warn(WARN_ON_WRITE, DeprecationWarning, stacklevel=3)


def alias_of(t):
    """The root tensor of the view that alias root ``t`` (:func:`mark`) stands for; None otherwise."""
    return getattr(t, "_tnp_root", None)


def mark(t, state):
    """An alias root of ``t``'s memory carrying write ``state`` (see :func:`read_only`).

    ``detach`` gives a tensor that torch does not count as a view, so the views made from it name
    it as their ``_base``; it shares memory and version counter with ``t``. Autograd's graph and
    traces cannot go through it, so arrays that those track keep torch's (writeable) semantics."""
    if t.requires_grad or torch.compiler.is_dynamo_compiling() or torch._C._are_functorch_transforms_active():
        raise ValueError("torchnp cannot change the WRITEABLE flag of an array that autograd, a torch.func "
                         "transform or the jit tracks (docs/differences.md)")
    r = t.detach()
    r._tnp_ro = state
    root = t._base
    r._tnp_root = alias_of(t) if root is None else root
    if state:
        global READ_ONLY
        READ_ONLY = True
    return r


def read_only_view(t, state=True):
    """Tensor ``t`` (a fresh view: ``diagonal``, ``broadcast_to``) as NumPy makes it, read-only (or
    warn-on-write: ``state='warn'``), except where autograd or a trace tracks it: there torch's
    writeable view is kept (docs/differences.md)."""
    if t.requires_grad or torch.compiler.is_dynamo_compiling() or torch._C._are_functorch_transforms_active():
        return t
    return mark(t, state)


def warn_on_write_view(t):
    """Tensor ``t`` as ``broadcast_arrays`` gives it: writeable, warning on the first write (NumPy)."""
    return read_only_view(t, "warn")


def from_host(arr, dtype, device, copy):
    """Tensor from a numpy.ndarray: zero-copy on the CPU when no cast is needed (a read-only array's
    memory through a read-only alias, :func:`mark`). torch cannot share byte-swapped, negatively
    strided or unaligned memory: those are copied, and with ``copy=False`` NumPy 2's ValueError
    says so (a silent copy would lose later writes)."""
    if arr.dtype.byteorder not in "=|" and arr.dtype.newbyteorder("=") in _dtypes.TO_TORCH:
        if copy is False:
            raise ValueError("Unable to avoid copy while creating an array as requested.")
        arr = arr.astype(arr.dtype.newbyteorder("="))
        copy = None
    src = _dtypes.to_torch(arr.dtype)
    if arr.dtype.num != _dtypes.TO_NUMPY[src].num:
        arr = arr.view(_dtypes.TO_NUMPY[src])  # e.g. 'Q' (ulonglong) -> 'L': torch knows only the canonical one
    if any(s < 0 for s in arr.strides) or not arr.flags.aligned or _dtypes.misaligned_complex(arr):
        if copy is False:
            raise ValueError("Unable to avoid copy while creating an array as requested.")
        arr = arr.copy()
        copy = None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        t = torch.from_numpy(arr)
    target = src if dtype is None else dtype
    if t.device != device or target is not src:
        if copy is False:
            raise ValueError("Unable to avoid copy while creating an array as requested.")
        return cast_tensor(t.to(device), target)
    if copy:
        return t.clone()
    return t if arr.flags.writeable else mark(t, True)


def view_as_dtype(t, dtype):
    """``t`` reinterpreted as torch ``dtype`` (sizes already checked by NumPy's rules). torch
    refuses a byte offset that is not a multiple of the new itemsize (``uint8[1:].view(int64)``);
    NumPy allows it. On the CPU the view is made through NumPy's (zero-copy: writes land in ``t``'s
    bytes, x86 reads unaligned data); complex data (torch crashes on it) and other devices raise."""
    if (t.storage_offset() * t.element_size()) % dtype.itemsize == 0:
        return t.view(dtype)
    np_dtype = _dtypes.TO_NUMPY[dtype]
    if t.device.type != "cpu" or dtype.is_complex or t.is_conj() or t.is_neg():
        raise ValueError(f"cannot view this array as {np_dtype}: its data start "
                         f"{t.storage_offset() * t.element_size()} bytes into its memory, not a multiple of "
                         f"{dtype.itemsize} (unaligned views are zero-copy on the CPU for real dtypes only); "
                         "copy the array first")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        return torch.from_numpy(t.detach().numpy().view(np_dtype))


def over_storage(src, host):
    """A tensor over CPU tensor ``src``'s storage where ``host`` (a NumPy view into that memory) lies,
    so the whole memory stays the array's extent (``x.strides =`` checks against it, as NumPy checks
    the buffer's); None where torch's element strides cannot say it."""
    storage = src.untyped_storage()
    item = host.itemsize
    start = host.ctypes.data - storage.data_ptr()
    end = start + sum((n - 1) * s for n, s in zip(host.shape, host.strides)) + item
    if start < 0 or end > storage.nbytes() or start % item or any(s % item or s < 0 for s in host.strides) \
            or host.size == 0 or _dtypes.misaligned_complex(host):
        return None  # not inside that memory (a copy made on the way), or not expressible
    dt = _dtypes.to_torch(host.dtype)
    return torch.empty(0, dtype=dt).set_(storage, start // item, host.shape, [s // item for s in host.strides])


def laid_out(t, perm):
    """``t`` with its axes in memory in order ``perm`` (outermost first; reversed axes: Fortran
    order): ``t`` itself where it already is, else a copy so laid out, which owns its memory
    (NumPy's ``OWNDATA``: a fresh buffer, not a view of a temporary)."""
    if t.permute(perm).is_contiguous():
        return t
    return empty_laid_out(t.shape, perm, t.dtype, t.device).copy_(t)


def empty_laid_out(shape, perm, dtype, device):
    """An uninitialised tensor of ``shape`` owning memory with its axes in order ``perm``
    (outermost first; ``fortran_order(n)``: column-major)."""
    strides, step = [0] * len(shape), 1
    for ax in reversed(perm):
        strides[ax] = step
        step *= max(int(shape[ax]), 1)
    return torch.empty_strided(tuple(shape), strides, dtype=dtype, device=device)


def fortran_order(ndim):
    """The axis order of column-major (Fortran) memory: the axes reversed."""
    return tuple(range(ndim - 1, -1, -1))


def strided(t, shape, strides):
    """A tensor over ``t``'s memory from its first element with ``shape`` and byte ``strides``
    (NumPy's ``as_strided``). torch counts strides in elements and has no negative ones: a stride
    that is not a multiple of the itemsize raises ValueError; negative strides give a copy of the
    values NumPy reads there, as negative-step slices do (§1.2)."""
    item = t.element_size()
    if any(s % item for s in strides):
        raise ValueError(f"strides {tuple(strides)} must be multiples of the itemsize ({item}) on torchnp "
                         "(torch counts strides in elements)")
    el = [s // item for s in strides]
    neg = [d for d, (n, s) in enumerate(zip(shape, el)) if s < 0 and n > 1]
    offset = t.storage_offset() + sum((shape[d] - 1) * el[d] for d in neg)
    end = offset + sum((n - 1) * abs(s) for n, s in zip(shape, el)) + 1
    if 0 not in shape and (offset < 0 or end * item > t.untyped_storage().nbytes()):
        raise ValueError(f"shape {tuple(shape)} with strides {tuple(strides)} reaches outside the array's memory: "
                         "NumPy reads whatever lies there, torch refuses")
    r = t.as_strided(shape, [abs(s) for s in el], offset)
    return r.flip(neg) if neg else r


def set_strides(t, strides):
    """``x.strides = strides`` (deprecated in NumPy 2.4, with its checks and errors): ``t`` restrided
    over the same memory, whose extent is the storage's (see ``strided`` for torch's limits)."""
    warnings.warn("Setting the strides on a NumPy array has been deprecated in NumPy 2.4.\nAs an alternative, "
                  "you can create a new view using np.lib.stride_tricks.as_strided.", DeprecationWarning, stacklevel=3)
    try:
        strides = tuple(map(operator.index, strides if isinstance(strides, (tuple, list)) else (strides,)))
    except TypeError:
        raise TypeError("invalid strides") from None
    if len(strides) != t.dim():
        raise ValueError(f"strides must be  same length as shape ({t.dim()})")
    item = t.element_size()
    shape = tuple(t.shape)
    lower = sum((n - 1) * s for n, s in zip(shape, strides) if s < 0)
    upper = sum((n - 1) * s for n, s in zip(shape, strides) if s > 0) + item
    start = t.storage_offset() * item
    if 0 not in shape and (start + lower < 0 or start + upper > t.untyped_storage().nbytes()):
        raise ValueError("strides is not compatible with available memory")
    return strided(t, shape, strides)


def cast_tensor(t, dtype, casting="unsafe", copy=True):
    """``t`` cast to torch ``dtype`` under NumPy's casting rule (a copy unless copy=False and no cast)."""
    if dtype is None or dtype is t.dtype:
        return t.clone() if copy else t
    if casting != "unsafe" and not _dtypes.can_cast_torch(t.dtype, dtype, casting):
        raise TypeError(
            f"Cannot cast array data from {_dtypes.TO_NUMPY[t.dtype]!r} to "
            f"{_dtypes.TO_NUMPY[dtype]!r} according to the rule {casting!r}")
    if t.is_complex() and not dtype.is_complex:
        if dtype is torch.bool:
            return t != 0  # NumPy: true when either part is nonzero, no warning
        warnings.warn("Casting complex values to real discards the imaginary part",
                      _np.exceptions.ComplexWarning, stacklevel=3)
        t = t.real
    if dtype is torch.float16 and t.dtype is torch.float64:
        return _float64_to_float16(t)
    if t.is_floating_point() and not (dtype.is_floating_point or dtype.is_complex or dtype is torch.bool):
        return _float_to_int(t, dtype)
    return t.to(dtype)


def real_if_needed(t, dtype):
    """``t`` for a cast to torch ``dtype``: a complex ``t``'s real part for a real (not bool) dtype, as
    NumPy's unsafe cast (callers give NumPy's ComplexWarning where NumPy does; torch's own cast would
    add a UserWarning of its own)."""
    return t.real if t.is_complex() and not dtype.is_complex and dtype is not torch.bool else t


def _float_to_int(t, dtype):
    """Float -> integer cast with NumPy's results, also out of range (where C leaves it undefined
    and NumPy gives what x86 does): torch's own cast agrees except float64 -> uint8, which NumPy
    makes through int32."""
    if t.device.type != "cpu" or not _device.CPU_VALUE_CHECKS:
        return _float_to_int_as_x86(t, dtype)
    if dtype is torch.uint8 and t.dtype is torch.float64:
        return t.to(torch.int32).to(dtype)
    if dtype not in _dtypes.PARTIAL:
        return t.to(dtype)
    try:
        return t.to(dtype)
    except (RuntimeError, NotImplementedError):
        pass
    # no float -> uint16/32/64 kernel on this device: through int64. Values from 2**63 up are shifted
    # into int64's range and the shift added back with int64 wrap-around, which leaves uint64's bit
    # pattern (NumPy: 1e19 -> 10000000000000000000, not 2**63)
    if dtype is torch.uint64:
        big = t >= 2.0**63
        low = torch.where(big, t - 2.0**63, t).to(torch.int64)
        return torch.where(big, low + torch.iinfo(torch.int64).min, low).to(dtype)
    return t.to(torch.int64).to(dtype)


def _truncated(t, bits):
    """x86's ``cvttsd2si`` into a signed integer of ``bits`` bits: the truncated value where it
    fits, the type's minimum (the "integer indefinite" value) elsewhere, NaN included."""
    lim = 2.0 ** (bits - 1)
    tr = torch.trunc(t)
    fits = (tr >= -lim) & (tr < lim)
    wide = torch.int64 if bits == 64 else torch.int32
    return torch.where(fits, torch.where(fits, tr, 0).to(wide), -(2 ** (bits - 1)))


def _float_to_int_as_x86(t, dtype):
    """NumPy's float -> integer cast, out of range too, from elementwise operations that mean the
    same on every device (CUDA's own conversion saturates: the GPU runs gave inf -> int8 as -1,
    NumPy 0). NumPy's x86 casts: int8/int16/uint8/uint16/int32 through a 32-bit conversion,
    int64 (and uint32 from float16) through a 64-bit one, each wrapped to the target's bits;
    uint32 from float32/float64 as NumPy's vector loop (values from 2**31 shifted down and the
    top bit flipped back); uint64 likewise from 2**63. docs/differences.md, "Devices"."""
    if dtype is torch.uint64 or (dtype is torch.uint32 and t.dtype is not torch.float16):
        bits = 64 if dtype is torch.uint64 else 32
        big = t >= 2.0 ** (bits - 1)
        low = _truncated(torch.where(big, t - 2.0 ** (bits - 1), t), bits)
        return torch.where(big, low ^ -(2 ** (bits - 1)), low).to(dtype)
    if dtype in (torch.int64, torch.uint32):
        return _truncated(t, 64).to(dtype)
    return _truncated(t, 32).to(dtype)


def c_float_to_int(t, dtype):
    """C's ``(type)value`` of floats ``t``, as gcc compiles it for x86-64 (SciPy's C loops; C leaves
    values out of range undefined): NumPy's x86 cast (:func:`_float_to_int_as_x86`) but for uint32,
    the low bits of the 64-bit conversion; the same values on every device."""
    if dtype is torch.uint32:
        return _truncated(t, 64).to(dtype)
    return _float_to_int_as_x86(t, dtype)


def _float64_to_float16(t):
    """float64 -> float16 rounded once, as NumPy (torch goes through float32, rounding twice:
    1 + 2**-11 + 2**-40 became 1.0). The float64 is first rounded *to odd* at float32's precision
    on its bit pattern (the 29 bits float32 drops are cleared; the lowest kept bit is set when any
    was nonzero), so the float32 step is exact and float32 -> float16 rounds as float64 would."""
    b = t.view(torch.int64)
    low = b & 0x1FFFFFFF
    odd = b ^ low
    low.neg_().bitwise_right_shift_(34).bitwise_and_(0x20000000)  # bit 29 where low != 0 (in place)
    return odd.bitwise_or_(low).view(torch.float64).to(torch.float16)


def searchsorted_tensor(sorted_sequence, values, **kwargs):
    """``torch.searchsorted`` on contiguous operands: torch warns (once per program) of a strided one,
    which torchnp's callers meet with sorted rows of a transposed matrix or a column of a 2-D array."""
    return torch.searchsorted(sorted_sequence.contiguous(), values.contiguous(), **kwargs)


def scale_by_power_of_two(t, e):
    """``t * 2**e`` exactly (but for results out of range), for integer tensors ``e`` up to float64's
    whole exponent range: two factors of half the power each, so that neither overflows (2**1038
    does in float64, 2**140 in float32)."""
    half = torch.div(e, 2, rounding_mode="floor")
    return torch.ldexp(torch.ldexp(t, half), e - half)


def exponent_of_largest(t, dims):
    """The binary exponent of the largest finite magnitude of ``t`` over ``dims`` (kept), 0 where
    that is 0 or not finite: ``scale_by_power_of_two(t, -e)`` brings it into [0.5, 1)."""
    top = t.abs().amax(dim=dims, keepdim=True)
    e = torch.frexp(top).exponent
    return torch.where(torch.isfinite(top) & (top > 0), e, 0)


def svd_tensor(t, full_matrices=True, compute_uv=True):
    """``torch.linalg.svd`` (``svdvals`` without ``compute_uv``) of a stack of matrices. A complex
    stack is scaled by a power of two per matrix and its parts below the normal range flushed to 0
    first: torch's complex SVD (its CPU LAPACK) returns NaN or inf where a part is subnormal (a
    complex64 entry of 7e-42 beside 0.31), and the flushed parts move the singular values by less
    than sqrt(m n) times the smallest normal number, after scaling the largest part to [0.5, 1)."""
    e = None
    if t.is_complex() and t.numel():
        parts = torch.view_as_real(t.resolve_conj().resolve_neg())
        e = exponent_of_largest(parts, (-3, -2, -1))
        parts = scale_by_power_of_two(parts, -e)
        parts = torch.where(parts.abs() < torch.finfo(parts.dtype).tiny, 0.0, parts)
        t = torch.view_as_complex(parts.contiguous())
        e = e[..., 0, 0]  # one per matrix, beside its singular values
    if not compute_uv:
        s = torch.linalg.svdvals(t)
        return s if e is None else scale_by_power_of_two(s, e)
    u, s, vh = torch.linalg.svd(t, full_matrices=full_matrices)
    return (u, s, vh) if e is None else (u, scale_by_power_of_two(s, e), vh)


def evenly_spaced(s, e, num, endpoint=True):
    """NumPy's ``linspace`` arithmetic on tensors ``s`` and ``e`` (one dtype and device; samples along a
    new first axis): ``s + i * step``, or ``i / div * delta`` where a step underflows to 0 (NumPy
    divides first there: the edges of [0, 5e-324]), the endpoint ``e`` itself; (samples, step)."""
    dev = s.device
    div = (num - 1) if endpoint else num
    delta = e - s
    real = s.dtype.to_real() if s.dtype.is_complex else s.dtype
    i = torch.arange(num, dtype=real, device=dev).to(s.dtype).reshape((num,) + (1,) * delta.dim())
    if div > 0:
        # the divisor a tensor on the device: CUDA divides by a Python number as ``a * (1 / b)``
        # (linspace(0, 49, 50) was 0.9999999999999999 at 1 on the H200, docs/devices.md)
        div_t = torch.full((), div, dtype=real, device=dev)
        step = delta / div_t
        y = torch.where((step == 0).any(), i / div_t * delta, i * step)  # (a 0-d selector: no host sync)
    else:
        step = torch.full_like(delta, float("nan"))
        y = i * delta
    y = y + s
    if endpoint and num > 1:
        y[-1] = e
    return y, step


def check_order(order, allowed="CFAK"):
    """NumPy's validation of an ``order=`` argument (creation from a shape allows only 'C' and 'F')."""
    if order is None:
        return
    if not isinstance(order, str):
        raise TypeError(f"order must be str, not {type(order).__name__}")
    if order.upper() not in ("C", "F", "A", "K"):
        raise ValueError(f"order must be one of 'C', 'F', 'A', or 'K' (got {order!r})")
    if order.upper() not in allowed:
        raise ValueError("only 'C' or 'F' order is permitted")


def normalize_axis(axis, ndim):
    """``axis`` as a non-negative int, AxisError (NumPy's message) when out of range."""
    try:
        a = operator.index(axis)
    except TypeError:
        raise TypeError(f"'{type(axis).__name__}' object cannot be interpreted as an integer") from None
    if not -ndim <= a < ndim:
        raise AxisError(a, ndim)
    return a + ndim if a < 0 else a


def normalize_axes(axes, ndim):
    """A tuple of normalized axes; ValueError on repeats as NumPy."""
    if axes is None:
        return tuple(range(ndim))
    if not isinstance(axes, (tuple, list)):
        axes = (axes,)
    out = tuple(normalize_axis(a, ndim) for a in axes)
    if len(set(out)) != len(out):
        raise ValueError("repeated axis")
    return out


def int_tuple(x):
    """A size-like argument (a shape, ``reps``, shifts) as a tuple of Python ints: one int, or a
    sequence of them. A 1-D NumPy array is such a sequence: host data, read as NumPy reads it."""
    if isinstance(x, (tuple, list, torch.Size)) or (type(x) is _np.ndarray and x.ndim == 1):
        return tuple(operator.index(s) for s in x)
    return (operator.index(x),)


def ravel_tensor(t, order="C"):
    """``t`` flattened as NumPy's ``ravel``: a view when ``t`` is contiguous in ``order`` (C, F, A,
    K), else a contiguous copy (torch's reshape would keep a strided view, which NumPy never returns)."""
    if order not in ("C", "F", "A", "K"):
        return reshape_tensor(t, -1, order)  # NumPy's error for the order
    rev = tuple(range(t.dim() - 1, -1, -1))
    if order == "A":  # Fortran order for Fortran-contiguous arrays, as NumPy
        order = "F" if t.dim() > 1 and not t.is_contiguous() and t.permute(rev).is_contiguous() else "C"
    if order == "K":  # memory order: axes by decreasing stride
        p = t.permute(sorted(range(t.dim()), key=lambda d: -t.stride(d)))
    else:
        p = t.permute(rev) if order == "F" else t
    r = p.reshape(-1)
    return r if p.is_contiguous() else r.contiguous()  # a copy owns its memory (no _base)


def reshape_tensor(t, shape, order="C", copy=None):
    """NumPy's reshape on a tensor: ValueError with NumPy's message, order 'C'/'F'/'A'."""
    if isinstance(shape, (tuple, list, torch.Size)):
        if any(isinstance(s, (bool, _np.bool_)) for s in shape):  # NumPy takes no bools as sizes
            raise TypeError("an integer is required")
    elif isinstance(shape, (bool, _np.bool_)):
        raise TypeError(f"expected a sequence of integers or a single integer, got '{shape}'")
    shape = int_tuple(shape)
    n = t.numel()
    known, unknown = 1, 0
    for s in shape:
        if s < 0:  # NumPy 2 takes any negative size as the unknown dimension
            unknown += 1
        else:
            known *= s
    if unknown > 1:
        raise ValueError("can only specify one unknown dimension")
    if (unknown == 0 and known != n) or (unknown == 1 and (known == 0 or n % known)):
        raise ValueError(f"cannot reshape array of size {n} into shape {shape_str(shape)}")
    if unknown:
        shape = tuple(n // known if s < 0 else s for s in shape)
    if order in ("C", "A", None):
        out = t.reshape(shape)
    elif order == "F":
        rev = t.permute(tuple(range(t.dim() - 1, -1, -1))).reshape(shape[::-1])
        out = rev.permute(tuple(range(rev.dim() - 1, -1, -1)))
    elif order == "K":
        raise ValueError("order 'K' is not permitted for reshaping")
    else:
        raise ValueError("order must be one of 'C', 'F', 'A', or 'K' (got %r)" % (order,))
    if copy:
        return out.clone()
    if copy is False and out.data_ptr() != t.data_ptr() and n:
        raise ValueError("Unable to avoid creating a copy while reshaping.")
    return out


def shape_str(shape):
    """A shape as NumPy writes it in its messages (``(3,)``, ``(2,newaxis)`` for an unknown size)."""
    if len(shape) == 1 and shape[0] >= 0:
        return f"({shape[0]},)"
    return "(" + ",".join("newaxis" if s < 0 else str(s) for s in shape) + ")"


def broadcast_shapes(*shapes):
    """``torch.broadcast_shapes`` (a tuple; its RuntimeError) in plain Python: torch's goes through
    its reference implementation and costs ~11 us a call, this ~1 us; Dynamo traces both."""
    ndim = 0
    for s in shapes:  # plain loops: Dynamo traces no generator given to max()
        if len(s) > ndim:
            ndim = len(s)
    out = [1] * ndim
    for s in shapes:
        off = ndim - len(s)
        for i, n in enumerate(s):
            m = out[off + i]
            if m == 1:
                out[off + i] = n
            elif n != 1 and n != m:
                raise RuntimeError(f"Shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is "
                                   f"between {m} and {n}")
    return tuple(out)
