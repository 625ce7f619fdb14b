"""The ufunc methods ``reduce``, ``accumulate``, ``reduceat`` and ``at`` (§5.2): one reduction engine.

``np.sum``/``prod``/``max``/``min``/``all``/``any`` and the ``nan*`` versions are ``ufunc.reduce`` with
NumPy's defaults, so every reduction of the package runs here. The engine moves the reduced axes
to the end and flattens them into one; a kernel then reduces or scans (``_kernel``) that last
dimension with a fixed number of torch operations, chosen by the ufunc's canonical NumPy name and
the dtype (fused torch reductions and scans, closed forms such as
``subtract.reduce = x0 - sum(rest)``, a boolean-automaton scan for every bool loop and, per bit,
the bitwise ufuncs). Two fallbacks remain: associative ufuncs without a kernel (``gcd``,
``hypot``) use a tree / Hillis-Steele scan of O(log n) torch operations, and the non-associative
ufuncs without a closed form (``power``, ``arctan2``, ``remainder``, ``fmod``, ``floor_divide``,
``nextafter``, ``heaviside``, ``ldexp``, ``float_power``, and complex ``divide``) fold sequentially
(O(n) operations): a sequential order cannot be parallelised exactly.
"""

import math

import numpy as _np
import torch

from .. import _cpu_kernels, _device, _dtypes
from .._array import _dynamo_compiling, _wrap, ndarray
from .._boundary import REDUCTION_SHAPE_ERROR, broadcast_error, device_of, out_tensor, store, tensor, where_mask
from .._convert import NOVALUE as _NOVALUE, checks_data, normalize_axes, normalize_axis
from .._indexing import select
from .._tensors import real_if_needed

_reorderable_cache = {}
_dtype_cache = {}
_LN2 = math.log(2.0)
UNSIGNED_WIDE = (torch.uint16, torch.uint32, torch.uint64)
_SIGNED_OF = {torch.uint16: torch.int16, torch.uint32: torch.int32, torch.uint64: torch.int64}
_SIGN = -(2 ** 63)
_WIDE = {torch.float16: torch.float64, torch.bfloat16: torch.float64, torch.float32: torch.float64,
         torch.complex64: torch.complex128}
#: ufuncs whose identity, combined once more with a reduction's result, changes nothing:
#: NumPy starts from the identity, the fused kernels need not
_NEUTRAL_START = frozenset({"add", "multiply", "logaddexp", "logaddexp2", "logical_and", "logical_or",
                            "logical_xor", "bitwise_and", "bitwise_or", "bitwise_xor"})
_IDEMPOTENT = frozenset({"maximum", "minimum", "fmax", "fmin"})
#: right identities of the non-reorderable closed forms: x op e == x (a skipped element becomes e)
_RIGHT_IDENTITY = {"subtract": 0, "divide": 1}


def _skip_fill(uf, name, dtype):
    """The value a skipped element (a ``where`` mask, ``reduceat``'s and ``at``'s padding) becomes: the
    identity or a right identity. None for complex divide: NumPy's quotient by 1+0j is not the
    numerator once a part is infinite or NaN (its Smith step multiplies that part by 0: (inf+0j) / 1 is
    inf+nanj), so those folds skip the elements instead (their kernel is a sequential fold already)."""
    if name == "divide" and dtype.is_complex:
        return None
    return uf.identity if uf.identity is not None else _RIGHT_IDENTITY.get(name)


def to_ordered(t):
    """int64 tensor ordered as ``t`` (uint16/32/64 have no max/min/sort kernels in torch):
    uint64 with the sign bit flipped maps unsigned order onto signed order exactly."""
    if t.dtype is torch.uint64:
        return t.view(torch.int64) ^ _SIGN
    return t.to(torch.int64)


def from_ordered(r, dtype):
    if dtype is torch.uint64:
        return (r ^ _SIGN).view(torch.uint64)
    return r.to(dtype)


def _canonical(uf):
    return uf._np.__name__  # aliases (true_divide, mod, pow, abs, bitwise_left_shift...) share a kernel


def _reorderable(uf):
    """Whether NumPy lets ``uf.reduce`` regroup (several axes at once): asked of NumPy once."""
    try:
        return _reorderable_cache[uf.__name__]
    except KeyError:
        pass
    ok = uf.identity is not None
    if not ok:
        for t in uf._np.types:
            try:
                with _np.errstate(all="ignore"):
                    uf._np.reduce(_np.ones((1, 1), t[0]), axis=(0, 1))
                ok = True
                break
            except ValueError:
                break
            except TypeError:
                continue
    _reorderable_cache[uf.__name__] = ok
    return ok


def _method_dtype(uf, method, t_dtype, dtype):
    """NumPy's result dtype for ``uf.<method>`` on ``t_dtype`` (asked of NumPy once)."""
    key = (uf.__name__, method, t_dtype, dtype)
    try:
        return _dtype_cache[key]
    except (KeyError, TypeError):
        pass
    probe = _np.ones(2, dtype=_dtypes.TO_NUMPY[t_dtype])
    with _np.errstate(all="ignore"):
        r = getattr(uf._np, method)(probe, dtype=dtype)
    res = _dtypes.to_torch(r.dtype)
    try:
        _dtype_cache[key] = res
    except TypeError:
        pass
    return res


# ---------------------------------------------------------------- kernels on the last dimension
def _to_last(t, axes):
    """``t`` with ``axes`` moved to the end and flattened into one dimension."""
    if len(axes) == 1:
        return t if axes[0] == t.dim() - 1 else t.movedim(axes[0], -1)
    rest = [i for i in range(t.dim()) if i not in axes]
    n = 1
    for a in axes:
        n *= t.shape[a]
    t = t.permute(rest + list(axes))
    return t.reshape(tuple(t.shape[:len(rest)]) + (n,))


def _cols(t, start, stop=None):
    """``t[..., start:stop]`` as ``narrow`` (no Python indexing: it also runs on fake accelerator tensors)."""
    n = t.shape[-1]
    start = start + n if start < 0 else start
    stop = n if stop is None else (stop + n if stop < 0 else stop)
    return t.narrow(-1, start, stop - start)


def _ring(fn, t):
    """``fn`` (sums, products) on uint16/32/64 ``t`` in int64, whose arithmetic wraps as NumPy's
    (torch's CUDA build has no sum, prod, cumsum or cumprod kernel for them, _dtypes.PARTIAL_KERNELS)."""
    if t.dtype is torch.uint64:
        return fn(t.view(torch.int64)).view(torch.uint64)
    if t.dtype in UNSIGNED_WIDE:
        return fn(t.to(torch.int64)).to(t.dtype)
    return fn(t)


def _wrapping(fn, t):
    """``fn`` (sums and differences along the last dimension) on ``t`` in a dtype torch computes it
    exactly as NumPy: uint16/32/64 in int64 (integer arithmetic wraps the same way), complex on the
    real and imaginary parts separately (torch's complex a - b is a + (-1) * b: (0j) - (inf+1j) gives
    a NaN imaginary part)."""
    if t.dtype is torch.uint64:
        return fn(t.view(torch.int64)).view(torch.uint64)
    if t.dtype in UNSIGNED_WIDE:
        return fn(t.to(torch.int64)).to(t.dtype)
    if t.is_complex():
        r = fn(torch.view_as_real(t).movedim(-1, 0)).movedim(0, -1)
        if not r.numel():  # an empty result's strides need not suit view_as_complex
            return r.new_empty(r.shape[:-1], dtype=t.dtype)
        return torch.view_as_complex(r.contiguous())
    return fn(t)


def _first_nan(t, isnan):
    """The first NaN of each row of ``t`` (last dimension), as a column."""
    return t.gather(-1, torch.argmax(isnan.to(torch.uint8), -1, keepdim=True))


def _complex_extreme(t, big, skip_nan):
    """NumPy's complex maximum/minimum (lexicographic) reduction of the last dimension;
    NaN propagates (the first one) unless ``skip_nan`` (fmax/fmin: NaN only where all are)."""
    isnan = torch.isnan(t)
    red = torch.amax if big else torch.amin
    fill = -math.inf if big else math.inf
    re = torch.where(isnan, fill, t.real)
    r = red(re, -1, keepdim=True)
    i = red(torch.where((re == r) & isnan.logical_not(), t.imag, fill), -1, keepdim=True)
    out = torch.complex(r, i)
    if skip_nan:
        out = torch.where(isnan.all(-1, keepdim=True), _cols(t, 0, 1), out)
    else:
        out = torch.where(isnan.any(-1, keepdim=True), _first_nan(t, isnan), out)
    return out.squeeze(-1)


def _complex_extreme_scan(t, big, skip_nan):
    """Running lexicographic maximum/minimum of complex ``t`` (last dimension) without a loop:
    each element's rank in (real, imag) order, a running max of the ranks, a gather."""
    isnan = torch.isnan(t)
    fill = -math.inf if big else math.inf
    re = torch.where(isnan, fill, t.real)
    im = torch.where(isnan, fill, t.imag)
    o1 = torch.argsort(im, dim=-1, stable=True)
    o2 = torch.argsort(re.gather(-1, o1), dim=-1, stable=True)
    order = o1.gather(-1, o2)  # positions in lexicographic order
    n = order.shape[-1]
    rank = torch.empty_like(order).scatter_(-1, order, torch.arange(n, device=t.device).expand_as(order))
    rank = torch.where(isnan, -1 if big else n, rank)  # NaNs never win (handled below)
    best = order.gather(-1, (torch.cummax if big else torch.cummin)(rank, -1).values.clamp(0, n - 1))
    out = t.gather(-1, best)
    if skip_nan:  # NaN only while every element so far is NaN
        return torch.where(torch.cummin(isnan.to(torch.uint8), -1).values.bool(), _cols(t, 0, 1), out)
    return torch.where(torch.cummax(isnan.to(torch.uint8), -1).values.bool(), _first_nan(t, isnan), out)


def _extreme(t, big, scan):
    """max/min (running with ``scan``) of real ``t`` along the last dimension; NaN propagates as in NumPy."""
    if t.dtype in UNSIGNED_WIDE:
        return from_ordered(_extreme(to_ordered(t), big, scan), t.dtype)
    if scan:
        return (torch.cummax if big else torch.cummin)(t, -1).values
    return (torch.amax if big else torch.amin)(t, -1)


def _nan_extreme(t, big, scan):
    """fmax/fmin of a float tensor: NaNs skipped, NaN where every element (so far) is NaN."""
    isnan = torch.isnan(t)
    r = _extreme(torch.where(isnan, -math.inf if big else math.inf, t), big, scan)
    allnan = torch.cummin(isnan.to(torch.uint8), -1).values.bool() if scan else isnan.all(-1)
    return torch.where(allnan, math.nan, r)


def _extremum(uf, t, scan):
    """maximum/minimum/fmax/fmin: real, uint16/32/64 (ordered int64) and complex (lexicographic)."""
    name = _canonical(uf)
    big = name in ("maximum", "fmax")
    skip_nan = name[0] == "f"
    if t.is_complex():
        return (_complex_extreme_scan if scan else _complex_extreme)(t, big, skip_nan)
    if t.is_floating_point() and skip_nan:
        return _nan_extreme(t, big, scan)
    return _extreme(t, big, scan)


_bool_tables = {}


def _bool_table(uf):
    """For x = False / True: what ``acc -> uf(acc, x)`` does on bools, as
    (is constant, constant value, negates): asked of NumPy's own loop once (no tensor involved)."""
    key = uf.__name__
    tab = _bool_tables.get(key)
    if tab is None:
        r = uf._np(_np.array([False, True, False, True]), _np.array([False, False, True, True])).astype(bool).tolist()
        tab = _bool_tables[key] = tuple((lo == hi, hi, lo and not hi) for lo, hi in ((r[0], r[1]), (r[2], r[3])))
    return tab


def _bool_scan(uf, t):
    """Inclusive left scan of any bool -> bool binary ufunc along the last dimension.

    Each element x acts on the running value as a constant, the identity or a negation, so the
    value at k is the value set by the last constant at or before k (the first element counts as
    one), negated once per negating element after it: a running max of positions and a running
    count, no loop over elements.
    """
    (cf, vf, nf), (ct, vt, nt) = _bool_table(uf)
    head = torch.ones_like(_cols(t, 0, 1))
    is_const = torch.cat([head, torch.where(_cols(t, 1), ct, cf)], -1)
    val = torch.cat([_cols(t, 0, 1), torch.where(_cols(t, 1), vt, vf)], -1)
    neg = torch.cat([torch.zeros_like(head), torch.where(_cols(t, 1), nt, nf)], -1)
    pos = torch.arange(t.shape[-1], device=t.device)
    last = torch.cummax(torch.where(is_const, pos, 0), -1).values
    cn = torch.cumsum(neg, -1)
    return val.gather(-1, last) ^ ((cn - cn.gather(-1, last)) & 1).bool()


def _bit_planes(t):
    """Bool tensor ``[..., bits, n]`` of the bits of integer ``t`` ``[..., n]``, and the bit count."""
    bits = t.element_size() * 8
    s = _signed(t)
    shifts = torch.arange(bits, device=t.device).unsqueeze(-1)
    return ((s.unsqueeze(-2) >> shifts) & 1).bool(), bits


def _from_planes(planes, bits, dtype):
    """Integer of dtype ``dtype`` from bool bit planes ``[..., bits]`` (the inverse of ``_bit_planes``)."""
    w = torch.ones((), dtype=torch.int64, device=planes.device) << torch.arange(bits, device=planes.device)
    r = (planes.to(torch.int64) * w).sum(-1)
    if dtype in UNSIGNED_WIDE:
        return r.to(_SIGNED_OF[dtype]).view(dtype)
    return r.to(dtype)


def _bitwise(uf, t, scan):
    """bitwise_and/or/xor of integers: the bool scan of every bit plane."""
    planes, bits = _bit_planes(t)
    if scan:
        r = _bool_scan(uf, planes).movedim(-2, -1)
    else:
        name = _canonical(uf)
        r = planes.all(-1) if name == "bitwise_and" else planes.any(-1) if name == "bitwise_or" else \
            (planes.sum(-1) & 1).bool()
    return _from_planes(r, bits, t.dtype)


def _shift(uf, t, scan):
    """left/right_shift: x0 shifted by the running sum of the counts (a count below 0 or of the
    bit width or more shifts everything out, as NumPy's npy_lshift/npy_rshift)."""
    bits = t.element_size() * 8
    c = _cols(t, 1).to(torch.int64)
    c = torch.where((c < 0) | (c > bits), bits, c)
    total = (torch.cumsum(c, -1) if scan else c.sum(-1, keepdim=True)).clamp_max(bits).to(t.dtype)
    x0 = _cols(t, 0, 1)
    r = uf.kernel((t.dtype, t.dtype))(x0.expand_as(total), total)
    return torch.cat([x0, r], -1) if scan else r.squeeze(-1)


def _ldexp(x, e):
    """``x * 2**e`` for float64 ``x`` and int64 ``e`` in two exact steps (2**e alone may overflow)."""
    h = torch.div(e, 2, rounding_mode="floor")
    return x * torch.exp2(h.to(x.dtype)) * torch.exp2((e - h).to(x.dtype))


def _quotients(t, scan):
    """divide.reduce / divide.accumulate: x0 / (x1 * x2 ...) without the product's overflow or underflow.

    The divisors are split into exponents (summed exactly as integers) and mantissas (their log2, in
    [-1, 0), summed: relative error n * eps, the bound of NumPy's own sequential quotients); zeros,
    infinities and NaNs (where the plain quotient already is NumPy's answer) use x0 / prod.
    Complex: None, the sequential fold of the elementwise kernel (O(n) operations): once a running
    quotient has an infinite or NaN part, NumPy's next quotients follow its own kernel step by step
    ((1+0j) / 0j / 1 is inf+nanj, then nan+nanj; x0 / prod gives inf+nanj), which no closed form does.
    """
    dt = t.dtype
    if dt.is_complex:
        return None
    wide = _WIDE.get(dt, dt)
    w = t.to(wide)
    x0, rest = _cols(w, 0, 1), _cols(w, 1)
    plain = x0 / (torch.cumprod(rest, -1) if scan else rest.prod(-1, keepdim=True))
    if not dt.is_floating_point:
        r = plain
    else:
        m, e = torch.frexp(rest)
        m0, e0 = torch.frexp(x0)
        special = (rest == 0) | torch.isfinite(rest).logical_not()
        cum = (lambda v: torch.cumsum(v, -1)) if scan else (lambda v: v.sum(-1, keepdim=True))
        logm = cum(torch.log2(torch.where(special, 1.0, m.abs())))
        whole = torch.floor(logm)
        neg = cum((m < 0).to(torch.int64)) & 1
        q = m0 / torch.exp2(logm - whole)
        q = _ldexp(torch.where(neg == 1, -q, q), e0.to(torch.int64) - cum(e.to(torch.int64)) - whole.to(torch.int64))
        bad = torch.cummax(special.to(torch.uint8), -1).values.bool() if scan else special.any(-1, keepdim=True)
        r = torch.where(bad | torch.isfinite(x0).logical_not() | (x0 == 0), plain, q)
    r = r.to(dt)
    return torch.cat([_cols(t, 0, 1), r], -1) if scan else r.squeeze(-1)


def _tree(k, t):
    """Reduce the last dimension with an associative kernel: a pairwise tree (O(log n) operations)."""
    while t.shape[-1] > 1:
        n = t.shape[-1]
        half = n // 2
        head = k(_cols(t, 0, half), _cols(t, half, 2 * half))
        t = torch.cat([head, _cols(t, 2 * half)], -1) if n % 2 else head
    return t.squeeze(-1)


def _hillis_steele(k, t):
    """Inclusive scan of the last dimension with an associative kernel (O(log n) operations)."""
    n = t.shape[-1]
    d = 1
    while d < n:
        t = torch.cat([_cols(t, 0, d), k(_cols(t, 0, n - d), _cols(t, d))], -1)
        d *= 2
    return t


def _sequential(k, t, scan, mask=None):
    """Left fold of the last dimension, one kernel call per element: the non-associative ufuncs
    without a closed form. ``mask`` skips elements (they never reach the kernel)."""
    acc = _cols(t, 0, 1)
    parts = [acc]
    for i in range(1, t.shape[-1]):
        x = _cols(t, i, i + 1)
        if mask is None:
            acc = k(acc, x)
        else:  # skipped elements never reach the kernel (integer power would raise on them);
            # uint16/32/64 chosen as their signed views (no CUDA where kernel for them)
            m = _cols(mask, i, i + 1)
            y = torch.where(m, _signed(x), _signed(torch.ones_like(x))).view(x.dtype)
            acc = torch.where(m, _signed(k(acc, y).to(acc.dtype)), _signed(acc)).view(acc.dtype)
        if scan:
            parts.append(acc)
    return torch.cat(parts, -1) if scan else acc.squeeze(-1)


def _logaddexp(uf, t, scan):
    if not t.is_floating_point():
        return None
    base2 = _canonical(uf) == "logaddexp2"
    x = t * _LN2 if base2 else t
    r = torch.logcumsumexp(x, -1) if scan else torch.logsumexp(x, -1)
    return r / _LN2 if base2 else r


def _differences(uf, t, scan):
    """subtract: x0 - (x1 + x2 + ...), running with ``scan`` (exact for integers: wrapping arithmetic);
    a real float scan is the running sum of x0, -x1, -x2... (NumPy's running differences, no partial sum
    of the subtrahends alone that could overflow where NumPy's do not)."""
    if scan and t.is_floating_point():
        return torch.cumsum(torch.cat([_cols(t, 0, 1), -_cols(t, 1)], -1), -1)
    if scan:
        return _wrapping(lambda s: torch.cat([_cols(s, 0, 1), _cols(s, 0, 1) - torch.cumsum(_cols(s, 1), -1)], -1), t)
    return _wrapping(lambda s: s.select(-1, 0) - _cols(s, 1).sum(-1), t)


def _copysign(uf, t, scan):
    """copysign(copysign(x0, x1), x2) is copysign(x0, x2): only the last sign counts."""
    k = uf.kernel((t.dtype, t.dtype))
    if scan:
        return torch.cat([_cols(t, 0, 1), k(_cols(t, 0, 1).expand_as(_cols(t, 1)), _cols(t, 1))], -1)
    return k(t.select(-1, 0), t.select(-1, -1))


#: canonical ufunc name -> kernel(uf, t, scan): reduce (or scan) the last dimension of ``t`` (length >= 1,
#: the loop dtype) with a fixed number of torch operations; None where the dtype has no such kernel
_KERNELS = {
    "add": lambda uf, t, scan: _ring(lambda v: torch.cumsum(v, -1) if scan else v.sum(-1), t),
    "multiply": lambda uf, t, scan: _ring(lambda v: torch.cumprod(v, -1) if scan else v.prod(-1), t),
    "maximum": _extremum, "minimum": _extremum, "fmax": _extremum, "fmin": _extremum,
    "logaddexp": _logaddexp, "logaddexp2": _logaddexp,
    "bitwise_and": _bitwise, "bitwise_or": _bitwise, "bitwise_xor": _bitwise,
    "subtract": _differences,
    "divide": lambda uf, t, scan: _quotients(t, scan),
    "copysign": _copysign,
    "left_shift": _shift, "right_shift": _shift,
}
#: bool loops reduced by one torch call (others: the last value of the bool automaton's scan)
_BOOL_REDUCE = {"maximum": "any", "fmax": "any", "logical_or": "any", "bitwise_or": "any",
                "minimum": "all", "fmin": "all", "logical_and": "all", "bitwise_and": "all",
                "logical_xor": "parity", "not_equal": "parity", "bitwise_xor": "parity"}


#: the sequential folds NumPy computes in the dtype whose fused torch kernels compute otherwise (in a
#: wider dtype, a closed form): their running values are made NumPy's where one leaves the finite range
_RUNNING = frozenset({"add", "subtract", "multiply", "divide"})


def _numpys_running(k, name, t, r):
    """NumPy's running values of a left fold of real floats ``t`` (last dimension), given ``r``, the
    fused kernel's: the same while finite, but NumPy folds in the dtype, one step at a time, so once its
    running value is infinite (or, for products and quotients, zero or NaN) it stays there, whatever a
    wider accumulator or a closed form would give later. Each step ``k(r[j-1], t[j])`` (the elementwise
    kernel, in the dtype) finds the first such value; after it the value keeps its class (a product's or
    quotient's sign flips with each negative operand) until an operand NumPy's kernel turns it into NaN
    with (inf - inf, inf * 0, 0 * inf, inf / inf, 0 / 0, NaN). A fixed number of torch operations."""
    n = t.shape[-1]
    if n < 2:
        return r
    x = _cols(t, 1)
    s = torch.cat([_cols(r, 0, 1), k(_cols(r, 0, n - 1), x)], -1)
    mult = name in ("multiply", "divide")
    hit = torch.isfinite(s).logical_not()
    if mult:
        hit = hit | (s == 0)
    pos = torch.arange(n, device=t.device)
    first = torch.where(hit, pos, n).amin(-1, keepdim=True)  # n: the row never leaves the finite range
    state = s.gather(-1, first.clamp_max(n - 1))
    after = pos > first
    xs = torch.cat([torch.ones_like(_cols(t, 0, 1)), x], -1)  # the operand of each step (none at 0)
    inf = torch.isinf(state)
    if name == "add":
        kill = torch.isinf(xs) & (torch.signbit(xs) != torch.signbit(state))
    elif name == "subtract":
        kill = torch.isinf(xs) & (torch.signbit(xs) == torch.signbit(state))
    elif name == "multiply":
        kill = torch.where(inf, xs == 0, torch.isinf(xs))
    else:
        kill = torch.where(inf, torch.isinf(xs), xs == 0)
    kill = (kill | torch.isnan(xs)) & after
    killed = (torch.cumsum(kill.to(torch.int64), -1) > 0) | torch.isnan(state)
    if mult:
        flips = (torch.cumsum((torch.signbit(xs) & after).to(torch.int64), -1) & 1).bool()
        val = torch.where(torch.signbit(state) ^ flips, -state.abs(), state.abs())
    else:
        val = state.expand_as(r)
    fixed = torch.where(killed, torch.full_like(r, math.nan), val)
    return torch.where(after, fixed, torch.where(pos == first, s, r))


def _kernel(uf, t, scan=False):
    """``uf.reduce`` (or ``uf.accumulate`` with ``scan``) of the last dimension (length >= 1) of ``t``,
    already in the loop dtype: the table's kernel, else a tree / Hillis-Steele scan of the ufunc's own
    elementwise kernel (associative ufuncs, O(log n) operations), else a sequential fold."""
    name = _canonical(uf)
    dt = t.dtype
    if dt is torch.bool:
        how = None if scan else _BOOL_REDUCE.get(name)
        if how is None:
            r = _bool_scan(uf, t)
            return r if scan else r.select(-1, -1)
        return t.any(-1) if how == "any" else t.all(-1) if how == "all" else (t.sum(-1) & 1).bool()
    fn = _KERNELS.get(name)
    if fn is not None and name in _RUNNING and dt.is_floating_point and (scan or name in ("subtract", "divide")):
        # NumPy's order: a sequential fold in the dtype (add/multiply.reduce regroup, and are left alone);
        # float64 sums and products on the CPU already are one (torch's accumulator is the dtype: inf
        # stays inf), not a device's parallel scan (the H200's float64 multiply.accumulate came back
        # finite), nor under its rules
        r = fn(uf, t, True)
        if name == "divide" or dt in _WIDE or t.device.type != "cpu" or not _device.CPU_VALUE_CHECKS:
            r = _numpys_running(uf.kernel((dt, dt)), name, t, r)
        return r if scan else r.select(-1, -1)
    r = None if fn is None else fn(uf, t, scan)
    if r is not None:
        return r
    k = uf.kernel((dt, dt))
    if _reorderable(uf):
        return _hillis_steele(k, t) if scan else _tree(k, t)
    return _sequential(k, t, scan)


# ---------------------------------------------------------------- reduce
_reduce_cache = {}


_AXES = 1 << 32  # the code of a tuple of axes, or of a shape pattern's ndim, in _numpy_reduce_dtype


def _numpy_reduce_dtype(name, torch_dtype, shape, axis, dtype, keepdims, has_initial, initial):
    """NumPy's result dtype of ``numpy.<name>.reduce`` on a stand-in of that dtype and shape pattern."""
    kw = {"initial": initial} if has_initial else {}
    if isinstance(shape, int):  # from a trace (below): the codes back to a shape pattern and axes
        nd, mask = divmod(shape, _AXES)
        shape = tuple((mask >> i) & 1 for i in range(nd))
        if axis is not None and axis >= _AXES:
            axis = tuple(i for i in range(nd) if ((axis - _AXES) >> i) & 1)
    with _np.errstate(all="ignore"):
        res_np = getattr(_np, name).reduce(_np.ones(shape, dtype=_dtypes.TO_NUMPY[torch_dtype]), axis=axis,
                                           dtype=dtype, keepdims=keepdims, **kw)
    return _dtypes.to_torch(_np.asarray(res_np).dtype)


# torch._dynamo.assume_constant_result without importing torch._dynamo (import torchnp stays light): a
# trace runs the function eagerly and keeps its answer (the dtype depends on arguments, never on data)
_numpy_reduce_dtype._dynamo_marked_constant = True


def _reduce_dtype(uf, t, axis, dtype, keepdims, initial):
    """NumPy's result dtype of ``uf.reduce``; NumPy validates on a stand-in of the same dtype with every
    length clipped to 1 (zeros kept): loop/type errors, reorderability, the zero-size error. No data
    is used; the answer is cached per (dtype, shape pattern, arguments)."""
    if isinstance(axis, list):
        axis = tuple(axis)
    shape = tuple(min(n, 1) for n in t.shape)
    key = (uf.__name__, t.dtype, shape, axis, dtype, keepdims, type(initial), initial)
    try:
        return _reduce_cache[key]
    except KeyError:
        pass
    except TypeError:  # unhashable argument: ask NumPy without caching
        key = None
    if _dynamo_compiling():  # a trace that misses the cache asks NumPy once, as a constant of the graph
        # (constants only, and dynamo hands over no tuple: the shape pattern and a tuple axis as bit masks)
        nd, mask = len(shape), 0
        for i, n in enumerate(shape):
            if n:
                mask |= 1 << i
        code = axis if axis is None or isinstance(axis, int) else _AXES + sum(1 << (a % nd) for a in axis)
        res = _numpy_reduce_dtype(uf.__name__, t.dtype, nd * _AXES + mask, code, dtype,
                                  keepdims, initial is not _NOVALUE, None if initial is _NOVALUE else initial)
    else:
        res = _numpy_reduce_dtype(uf.__name__, t.dtype, shape, axis, dtype, keepdims, initial is not _NOVALUE,
                                  initial)
    if key is not None:
        if len(_reduce_cache) > 4096:  # bounded: keys include user values (initial=...)
            _reduce_cache.clear()
        _reduce_cache[key] = res
    return res


def _scalar(value, dtype, device):
    """0-d tensor of ``value`` in ``dtype`` (NumPy's identities such as -1 wrap into unsigned dtypes)."""
    if isinstance(value, bool) or dtype is torch.bool or dtype.is_floating_point or dtype.is_complex:
        return torch.full((), value, dtype=dtype, device=device)
    return torch.tensor(value, device=device).to(dtype)


def reduce(uf, array, axis=0, dtype=None, out=None, keepdims=False, initial=_NOVALUE, where=True):
    """``ufunc.reduce`` (mirrors ``numpy.ufunc.reduce``): the one reduction engine."""
    if uf.nin != 2 or uf.nout != 1:
        raise ValueError("reduce only supported for binary functions")
    t = tensor(array, device_of((array, where)))
    axes = normalize_axes(axis, t.dim()) if axis is not None else tuple(range(t.dim()))
    name = uf.__name__
    # with out= and no dtype NumPy keeps the input's loop and casts into out (add: float sum -> int out)
    if initial is None:
        initial = _NOVALUE  # as NumPy: None means "not given"
    res_dtype = _reduce_dtype(uf, t, axis, dtype, keepdims, initial)
    if initial is not _NOVALUE:  # NumPy converts it with the loop dtype's scalar type (and its errors)
        initial = _dtypes.TO_NUMPY[res_dtype].type(initial).item()
    reorderable = _reorderable(uf)
    start = uf.identity if initial is _NOVALUE else initial
    mask = None
    if where is not True:
        if start is None:
            raise ValueError(f"reduction operation '{name}' does not have an identity, so to use a where mask "
                             "one has to specify 'initial'")
        mask = where_mask(where, t.device, t.shape)  # §3.2: a mask on another device is never moved
    if t.dtype is not res_dtype:
        t = real_if_needed(t, res_dtype).to(res_dtype)  # (NumPy's ComplexWarning: the probe's, above)
    canon = _canonical(uf)
    if canon in ("subtract", "divide") or res_dtype is torch.float16 and canon == "multiply":
        # host data: NumPy's own reduce. Its left fold of subtract/divide rounds each running value (a
        # quotient through the subnormal range: float32 [7e-45, -1, 2, 1.4e-45] is -2, the engine's closed
        # form x0 / prod(rest) -2.5); its float16 product carries float32 within one inner loop and rounds
        # to float16 between them, so layout and mask decide (41 * 41 * 41 * 0 over a (4, 2) axis 0 is NaN,
        # over a (4,) 0). A device keeps the engine's (docs/differences.md)
        host = _cpu_kernels.numpy_kernel("reduce_other", t, *(() if mask is None else (mask,)))
        if host is not None:
            kw = {} if initial is _NOVALUE else {"initial": initial}
            with _np.errstate(all="ignore"):
                r = host(uf._np, t.numpy(), axes, keepdims=keepdims, **kw,
                         **({} if mask is None else {"where": mask.numpy()}))
            return store(torch.from_numpy(_np.asarray(r)), out, shape_error=REDUCTION_SHAPE_ERROR)
    count = 1
    for ax in axes:
        count *= t.shape[ax]
    dev = t.device
    if count == 0 or not axes:
        shape = [1 if i in axes else n for i, n in enumerate(t.shape)]
        r = t if axes else t.clone()
        if count == 0:
            r = torch.empty(shape, dtype=res_dtype, device=dev).copy_(_scalar(start, res_dtype, dev))
        elif start is not None:  # axis=(): each element combined with the identity/initial, as NumPy
            start_t = _scalar(start, res_dtype, dev)
            r = uf.kernel((res_dtype, res_dtype))(start_t, r).to(res_dtype)
            if mask is not None:  # uint16/32/64: no CUDA where kernel, the same bits chosen as signed
                r = torch.where(mask, _signed(r), _signed(start_t)).view(res_dtype)
        if not keepdims and axes:
            r = r.squeeze(axes)
    else:
        if mask is not None:
            # skipped elements become a value that changes nothing: the identity, the initial value of
            # an idempotent ufunc (max/min) or a right identity (x - 0, x / 1)
            fill = start if canon in _IDEMPOTENT and uf.identity is None else _skip_fill(uf, canon, res_dtype)
            if fill is not None:
                t = torch.where(mask, _signed(t), _signed(_scalar(fill, res_dtype, dev))).view(res_dtype)
                mask = None
        x = _to_last(t, axes)
        start_t = None
        if start is not None and (initial is not _NOVALUE or canon not in _NEUTRAL_START):
            start_t = _scalar(start, res_dtype, dev)
        if not reorderable and start_t is not None:  # a sequential fold from the initial value
            x = torch.cat([start_t.expand(x.shape[:-1] + (1,)), x], -1)
            if mask is not None:
                mask = _to_last(mask, axes)
                mask = torch.cat([torch.ones_like(_cols(mask, 0, 1)), mask], -1)
            start_t = None
        if mask is None:
            if res_dtype is torch.float16 and canon == "multiply":
                # NumPy's float16 multiply loop carries the running product in float32, as CUDA's prod
                # does; torch's CPU prod of float16 does not ([41, 41, 41, 0]: inf * 0, NaN for NumPy's 0)
                x = x.to(torch.float32)
            r = _kernel(uf, x)
            if r.dtype is not res_dtype:  # torch's prod of uint64 is int64: the same bits
                r = r.to(res_dtype)
        else:
            r = _sequential(uf.kernel((res_dtype, res_dtype)), x, False, mask)
        if start_t is not None:
            r = uf.kernel((res_dtype, res_dtype))(start_t, r)
        if len(axes) == 1:  # the other dimensions kept their order
            if keepdims:
                r = r.unsqueeze(axes[0])
        else:
            r = r.reshape(tuple(1 if i in axes else n for i, n in enumerate(t.shape)) if keepdims else
                          tuple(n for i, n in enumerate(t.shape) if i not in axes))
    if r.dtype is not res_dtype:
        r = r.to(res_dtype)
    return store(r, out, shape_error=REDUCTION_SHAPE_ERROR)


# ---------------------------------------------------------------- accumulate
def accumulate(uf, array, axis=0, dtype=None, out=None):
    """``ufunc.accumulate`` (mirrors ``numpy.ufunc.accumulate``): a scan kernel of the engine."""
    if uf.nin != 2 or uf.nout != 1:
        raise ValueError("accumulate only supported for binary functions")
    t = tensor(array)
    # NumPy validates on a stand-in (every length clipped to 1): scalar/axis/loop errors, result dtype
    probe = _np.ones(tuple(min(n, 1) for n in t.shape), dtype=_dtypes.TO_NUMPY[t.dtype])
    with _np.errstate(all="ignore"):
        res_dtype = _dtypes.to_torch(uf._np.accumulate(probe, axis=axis, dtype=dtype).dtype)
    if axis is None or isinstance(axis, tuple):
        (axis,) = (0,) if axis is None else axis
    ax = normalize_axis(axis, t.dim())
    t = real_if_needed(t, res_dtype).to(res_dtype) if t.dtype is not res_dtype else t  # (warned: the probe)
    host = _cpu_kernels.numpy_kernel("accumulate" if uf.__name__ in ("add", "multiply") else "accumulate_other", t)
    if t.shape[ax] == 0:
        r = t.clone()
    elif host is not None:  # host data: NumPy's loop (its rounding of each running value)
        r = torch.from_numpy(host(uf._np, t.numpy(), ax))
    else:
        r = _kernel(uf, t.movedim(ax, -1), True).movedim(-1, ax)
    r = r.to(res_dtype) if r.dtype is not res_dtype else r
    return store(r, out, shape_error=REDUCTION_SHAPE_ERROR)


# ---------------------------------------------------------------- reduceat
_SEGMENT = {"add": "sum", "multiply": "prod", "maximum": "amax", "minimum": "amin"}


def _segments(uf, indices, n):
    """Host copy of reduceat's ``indices`` (a parameter, validated on the host as NumPy does):
    the start and the length of every slice (``indices[i] >= indices[i+1]`` gives ``a[indices[i]]``)."""
    if isinstance(indices, ndarray):
        # an accelerator's indices are read on the host (a sync, docs/devices.md): the slice lengths size the gather
        indices = indices._t.cpu().numpy()
    idx = _np.asarray(indices)
    if idx.ndim > 1:
        raise ValueError("setting an array element with a sequence. The requested array would exceed the maximum "
                         "number of dimension of 1.")
    idx = idx.reshape(-1).astype(_np.intp)
    bad = (idx < 0) | (idx >= n)
    if bad.any():
        raise IndexError(f"index {idx[bad.argmax()]} out-of-bounds in {uf.__name__}.reduceat [0, {n})")
    ends = _np.append(idx[1:], n)
    lengths = _np.where(ends > idx, ends - idx, 1)
    return idx, lengths


def _signed(t):
    """``t``, or for uint16/32/64 (no torch index kernels) the signed view of the same bits."""
    return t.view(_SIGNED_OF[t.dtype]) if t.dtype in UNSIGNED_WIDE else t


def _select(x, pos):
    """``x.index_select(-1, pos)``, uint16/32/64 included."""
    return _signed(x).index_select(-1, pos).view(x.dtype)


def reduceat(uf, array, indices, axis=0, dtype=None, out=None):
    """``ufunc.reduceat`` (mirrors ``numpy.ufunc.reduceat``): every slice in one segmented reduction.

    The slices (which may overlap or repeat) are gathered end to end; torch's scatter reductions
    reduce them at once for add/multiply/maximum/minimum, other ufuncs reduce a padded
    ``[slices, longest]`` layout with the engine's kernels (padding skipped).
    """
    if uf.nin != 2 or uf.nout != 1:
        raise ValueError("reduceat only supported for binary functions")
    t = tensor(array, device_of((array, indices)))  # §3.2 before anything is read
    ax = normalize_axis(axis, t.dim())
    n = t.shape[ax]
    # indices on an accelerator, a ufunc NumPy may regroup: no host read; out-of-bounds indices are not
    # checked (torch's kernels assert), NumPy's IndexError under np.errstate(invalid="raise") (§3.5)
    blocks = isinstance(indices, ndarray) and not checks_data(indices._t) and n and _reorderable(uf)
    starts, lengths = (None, None) if blocks else _segments(uf, indices, n)  # NumPy's index errors first
    res = _method_dtype(uf, "reduce", t.dtype, dtype)
    if blocks and not (res.is_complex or res in UNSIGNED_WIDE):
        if indices.ndim > 1:
            raise ValueError("setting an array element with a sequence. The requested array would exceed the "
                             "maximum number of dimension of 1.")
        # NumPy's float16 add/multiply loops carry a slice's running value in float32 (one rounding at
        # the end): so do the blocks (a float16 block of [0, 4, 4, ...] overflows, 0 * inf = NaN for 0)
        wide = torch.float32 if res is torch.float16 and _canonical(uf) in ("add", "multiply") else res
        r = _blocks_reduceat(uf, (real_if_needed(t, wide).to(wide) if t.dtype is not wide else t).movedim(ax, -1),
                             indices._t, wide)
        return store(r.to(res).movedim(-1, ax), out, shape_error=REDUCTION_SHAPE_ERROR)
    if blocks:  # complex and uint16/32/64 loops: the slices' lengths are read (docs/devices.md)
        starts, lengths = _segments(uf, indices, n)
    t = real_if_needed(t, res).to(res) if t.dtype is not res else t
    m = len(starts)
    dev = t.device
    x = t.movedim(ax, -1)
    total = int(lengths.sum())
    st = torch.as_tensor(starts, device=dev)
    ln = torch.as_tensor(lengths, device=dev)
    name = _canonical(uf)
    op = _SEGMENT.get(name)
    if op is not None and (res.is_complex or res is torch.bool or res in UNSIGNED_WIDE) and \
            not (op == "sum" and res.is_complex):
        op = None  # no scatter kernel for these dtypes: the padded layout below
    if m == 0:
        r = x.new_empty(x.shape[:-1] + (0,))
    elif op is not None:
        seg = torch.repeat_interleave(torch.arange(m, device=dev), ln, output_size=total)
        if (starts[1:] > starts[:-1]).all():  # increasing indices: the slices tile a[indices[0]:], a view
            g = x.narrow(-1, int(starts[0]), total)
        else:
            offsets = torch.cumsum(ln, 0) - ln
            g = _select(x, torch.arange(total, device=dev) - offsets.index_select(0, seg) + st.index_select(0, seg))
        r = torch.zeros(g.shape[:-1] + (m,), dtype=res, device=dev)
        if op == "sum":
            r.index_add_(-1, seg, g)
        else:
            r.scatter_reduce_(-1, seg.expand_as(g), g, op, include_self=False)
    else:
        width = int(lengths.max()) if m else 0
        j = torch.arange(width, device=dev)
        valid = j < ln.unsqueeze(-1)  # [m, width]
        # padding repeats the slice's last element and is skipped below
        pos = st.unsqueeze(-1) + torch.minimum(j, ln.unsqueeze(-1) - 1)
        g = _select(x, pos.reshape(-1)).reshape(x.shape[:-1] + (m, width))
        fill = _skip_fill(uf, name, res)
        if width <= 1:  # every slice one element: that element (torch's prod would start from 1: (1+0j) * z)
            r = g.select(-1, 0)
        elif name in _IDEMPOTENT:
            r = _kernel(uf, g)
        elif fill is not None:  # uint16/32/64: no CUDA where kernel, the same bits chosen as signed
            r = _kernel(uf, torch.where(valid, _signed(g), _signed(_scalar(fill, res, dev))).view(res))
        else:
            r = _sequential(uf.kernel((res, res)), g, False, valid.expand_as(g))
        if width > 1:  # a one-element slice is that element (hypot/gcd would start from the identity)
            r = torch.where(ln == 1, _signed(g.select(-1, 0)), _signed(r.to(res))).view(res)
    return store(r.to(res).movedim(-1, ax), out, shape_error=REDUCTION_SHAPE_ERROR)


def _blocks_reduceat(uf, x, indices, res):
    """``reduceat`` of the last dimension of ``x`` for an associative ufunc, its indices on the device and
    never read: every slice is the left-to-right combination of the power-of-two blocks that the bits
    of its length name, the blocks of each size precomputed (O(log n) torch operations, §3.5)."""
    n = x.shape[-1]
    k = uf.kernel((res, res))
    s = indices.reshape(-1).to(torch.int64)
    nxt = torch.cat([_cols(s, 1), torch.full((1,), n, dtype=torch.int64, device=s.device)])
    length = torch.where(nxt > s, nxt - s, 1)  # indices[i] >= indices[i+1] gives a[indices[i]]
    levels, w = [x], 1
    while 2 * w <= n:  # levels[j][..., p] combines x[..., p : p + 2**j]
        prev = levels[-1]
        levels.append(k(_cols(prev, 0, prev.shape[-1] - w), _cols(prev, w)).to(res))
        w *= 2
    acc = have = None
    pos = s
    for j in range(len(levels) - 1, -1, -1):
        bit = ((length >> j) & 1).bool()
        g = _select(levels[j], pos.clamp(0, levels[j].shape[-1] - 1))
        if acc is None:
            acc, have = g, bit
        else:
            acc = torch.where(bit & have, k(acc, g).to(res), torch.where(bit, g, acc))
            have = have | bit
        pos = pos + torch.where(bit, 1 << j, 0)
    return acc


# ---------------------------------------------------------------- at
_SCATTER = {"add": None, "subtract": None, "multiply": "prod", "maximum": "amax", "minimum": "amin"}


def _groups(pos):
    """``pos`` sorted (stably): the order, the sorted positions, each entry's group (distinct position)
    and its rank in the group (how many earlier entries name the same position)."""
    n = pos.numel()
    dev = pos.device
    order = torch.argsort(pos, stable=True)
    sp = pos.index_select(0, order)
    new = torch.cat([torch.ones(1, dtype=torch.bool, device=dev), sp.narrow(0, 1, n - 1) != sp.narrow(0, 0, n - 1)])
    idx = torch.arange(n, device=dev)
    return order, sp, torch.cumsum(new, 0) - 1, idx - torch.cummax(torch.where(new, idx, 0), 0).values


def _grouped_at(uf, flat, pos, vals):
    """``ufunc.at`` for a binary ufunc computed in the target's dtype: the left fold
    ``a[p] op b1 op b2 ...`` of every target at once, on a ``[targets, 1 + most repeats]`` layout (the
    repeats skipped where a target has fewer): one engine reduction where the ufunc has a closed form
    (subtract and divide too: their left folds), else the k-th operands of all targets in the k-th step."""
    dev = flat.device
    kernel = uf.kernel((flat.dtype, flat.dtype))  # resolved before the host read (jit's meta pass stops there)
    order, sp, gid, rank = _groups(pos)
    sv = vals.index_select(0, order)
    # host read (one sync, docs/devices.md): the layout's size, the number of targets and the most repeats
    groups, width = (v + d for v, d in zip(torch.stack([gid.max(), rank.max()]).tolist(), (1, 2)))
    upos = torch.zeros(groups, dtype=torch.int64, device=dev).scatter_(0, gid, sp)
    layout = flat.index_select(0, upos).unsqueeze(-1).repeat(1, width)
    layout.index_put_((gid, rank + 1), sv)
    valid = torch.zeros((groups, width), dtype=torch.bool, device=dev)
    valid.select(1, 0).fill_(True)
    valid.index_put_((gid, rank + 1), torch.ones((), dtype=torch.bool, device=dev))
    name = _canonical(uf)
    fill = _skip_fill(uf, name, layout.dtype)
    if name in _IDEMPOTENT:  # the padding repeats the target's own value
        r = _kernel(uf, layout)
    elif fill is not None:  # (subtract, divide: NumPy's running values past the finite range, _numpys_running)
        r = _kernel(uf, torch.where(valid, layout, _scalar(fill, layout.dtype, dev)))
    else:
        r = _sequential(kernel, layout, False, valid)
    flat.index_copy_(0, upos, r.to(flat.dtype))


def _first_axis_positions(t, indices):
    """Flat positions of ``t[indices]`` for an integer array ``indices`` (the common ``at`` call) with
    no host read but NumPy's bounds check where ``checks_data`` allows it (§3.5). None for any other
    kind of index."""
    if not isinstance(indices, ndarray) or t.dim() == 0:
        return None
    idx = indices._t
    if idx.dtype.is_floating_point or idx.dtype.is_complex or idx.dtype is torch.bool:
        return None
    _device.check_same([t, idx])
    idx = idx.to(torch.int64)
    n = t.shape[0]
    ok = (idx >= -n) & (idx < n)
    if checks_data(ok) and idx.numel() and not bool(ok.all()):  # NumPy's value check (§3.5 policy)
        raise IndexError(f"index {int(idx[ok.logical_not()].reshape(-1)[0])} is out of bounds for axis 0 "
                         f"with size {n}")
    idx = torch.where(idx < 0, idx + n, idx)
    inner = math.prod(t.shape[1:])
    pos = idx.reshape(idx.shape + (1,) * (t.dim() - 1)) * inner
    return pos + torch.arange(inner, device=t.device).reshape(t.shape[1:])


#: bool targets: the scatter reduction computing the ufunc's bool loop on uint8
_BOOL_SCATTER = {"add": "amax", "logical_or": "amax", "bitwise_or": "amax", "maximum": "amax", "fmax": "amax",
                 "multiply": "amin", "logical_and": "amin", "bitwise_and": "amin", "minimum": "amin", "fmin": "amin"}


_at_loop_cache = {}


def _at_loop_is_target(uf, t_dtype, other):
    """Whether NumPy's loop for ``uf.at`` on a ``t_dtype`` target with values of ``other`` (a torch
    dtype, or the type of a Python scalar) computes in the target's dtype (asked of NumPy once:
    a traced graph cannot ask it, jit's meta pass fills the cache)."""
    key = (uf.__name__, t_dtype, other)
    try:
        return _at_loop_cache[key]
    except KeyError:
        pass
    target = _dtypes.TO_NUMPY[t_dtype]
    loop = uf._np.resolve_dtypes((target, other if isinstance(other, type) else _dtypes.TO_NUMPY[other], None))[-1]
    _at_loop_cache[key] = ok = loop == target
    return ok


def at(uf, a, indices, b=None):
    """``ufunc.at`` (mirrors ``numpy.ufunc.at``): unbuffered in place, repeated indices accumulate.

    add/subtract (also complex) are one ``index_put_(accumulate=True)``, multiply/maximum/minimum
    and the bool loops of the logical ufuncs one ``scatter_reduce_``; other binary ufuncs computed in
    the target's dtype one engine reduction of every target's values (``_grouped_at``); unary
    ufuncs and loops in another dtype (NumPy casts back after every application) run one round
    per repeat of the most repeated index. The last two read a count on the host (one sync, docs/devices.md).
    """
    if not isinstance(a, (ndarray, _np.ndarray)):
        raise TypeError("ufunc.at: the first argument must be an array (ufunc.at works in place)")
    if uf.nout != 1:
        raise ValueError("Only single output ufuncs supported at this time")
    if uf.nin == 1 and b is not None:
        raise ValueError("second operand provided when ufunc is unary")
    if uf.nin == 2 and b is None:
        raise ValueError("second operand needed for ufunc")
    t = out_tensor(a, device_of((a, indices, b)), "operand array with iterator write flag set is read-only")  # a numpy.ndarray is written in place on the CPU (§3.3)
    sel = _first_axis_positions(t, indices)
    if sel is None:  # slices, tuples, lists...: the indexing rules of a[indices]
        sel = select(_wrap(torch.arange(t.numel(), device=t.device).reshape(t.shape)), indices)
    pos = sel.reshape(-1)
    flat = t.reshape(-1)  # a view of t when contiguous; otherwise written back below
    vals = None
    if b is not None:
        vals = tensor(b, t.device)  # §3.2: np.add.at(x_dev, i, b_cpu) never moves b
        try:
            vals = torch.broadcast_to(vals, sel.shape).reshape(-1)
        except RuntimeError:
            raise broadcast_error([tuple(vals.shape), tuple(sel.shape)]) from None
        if _dynamo_compiling() or torch._C._is_alias_of(vals, t):  # (a traced graph cannot ask: a clone is free there)
            vals = vals.clone()  # ``b`` views ``a`` (np.add.at(a, i, a[4:])): read it before writing
    name = _canonical(uf)
    weak = type(b) if type(b) in (int, float, complex) else None  # NEP 50: a Python scalar takes a's loop
    same = vals is not None and _at_loop_is_target(uf, t.dtype, weak or vals.dtype)
    if same and t.dtype is torch.bool and name in _BOOL_SCATTER:
        u = flat.to(torch.uint8).scatter_reduce_(0, pos, vals.to(torch.uint8), _BOOL_SCATTER[name])
        flat.copy_(u.bool())
    elif same and name in _SCATTER and t.dtype is not torch.bool and t.dtype not in UNSIGNED_WIDE and \
            (_SCATTER[name] is None or not t.is_complex()):
        v = vals.to(t.dtype)
        if _SCATTER[name] is None:  # repeated indices accumulate: one fused scatter-add
            flat.index_put_((pos,), -v if name == "subtract" else v, accumulate=True)
        else:
            flat.scatter_reduce_(0, pos, v, _SCATTER[name], include_self=True)
    elif same and pos.numel() and t.dtype not in UNSIGNED_WIDE:
        _grouped_at(uf, flat, pos, vals.to(t.dtype))
    elif pos.numel():
        order, _, _, sorted_rank = _groups(pos)
        rank = torch.empty_like(sorted_rank).scatter_(0, order, sorted_rank)
        # host read (one sync, docs/devices.md): the number of rounds is the largest repeat count of an index
        fs = _signed(flat)  # uint16/32/64 have no torch index kernels: their signed views do
        vs = None if vals is None else _signed(vals)
        for r in range(int(rank.max()) + 1):
            m = rank == r
            p = pos[m]
            x = _wrap(fs[p].view(t.dtype))
            y = uf(x) if vals is None else uf(x, _wrap(vs[m].view(vals.dtype)))
            fs[p] = _signed(y._t.to(t.dtype))  # NumPy's ufunc.at casts the result back unsafely
    if not t.is_contiguous() or (not _dynamo_compiling() and flat.data_ptr() != t.data_ptr()):
        t.copy_(flat.view(t.shape))  # (reshape(-1) of a contiguous tensor is a view of it, traced too)
