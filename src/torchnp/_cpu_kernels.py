"""The best kernel per operation on the CPU (issue 17): one table, ``KERNELS``.

A CPU tensor and a NumPy array share host memory: ``t.numpy()`` is a zero-copy view and
``torch.from_numpy`` wraps NumPy's result without a copy. Where NumPy's kernel is faster
than torch's for an operation at the sizes that matter, the operation runs NumPy's
kernel on that view, and its result is NumPy's own (sort order, NaN placement, bins).
The decisions were measured with ``python benchmarks/kernels.py`` (docs/benchmarks.md);
each row of ``KERNELS`` is ``op -> Kernel(condition, numpy implementation)``, and a
function that uses the table asks :func:`numpy_kernel` and runs the answer, or goes on
with its torch code when the answer is ``None``: always on other devices, while
``torch.compile`` traces (``torchnp.jit``), for tensors that autograd or ``torch.func``
track, and where the row's condition (size, dtype) says torch's kernel wins.
"""

from typing import Callable, NamedTuple

import numpy as _np
import torch

from . import _device, _threaded
from ._array import _KEY_OF_CHAR, _dynamo_compiling, _transforms_active, ndarray

__all__ = ["KERNELS", "Kernel", "NOT_NUMPYS", "host_kernel", "numpy_kernel", "run", "ufunc_kernel"]

_compiling = torch.compiler.is_compiling
# NumPy's floating-point warnings off around the kernels that compute (a decorator: 1.4 us a call,
# `with` costs 3.5 us), as torch's kernels give none (docs/differences.md)
_quiet = _np.errstate(all="ignore")
_Tensor = torch.Tensor
_wrapped = torch._C._functorch.is_functorch_wrapped_tensor

# dtypes whose NumPy kernels are the ones measured (NumPy's native sort/search/BLAS types)
_REAL = frozenset({torch.float64, torch.float32, torch.int64, torch.int32, torch.int16, torch.int8, torch.uint8,
                   torch.uint16, torch.uint32, torch.uint64})
_FLOAT = frozenset({torch.float64, torch.float32})
_BLAS = frozenset({torch.float64, torch.float32, torch.complex128, torch.complex64})
_ANY = _REAL | _BLAS | {torch.bool, torch.float16}


class Kernel(NamedTuple):
    """NumPy's ``run`` is used when every tensor operand has a dtype in ``dtypes``, the
    first one has at least ``min_size`` elements (smaller work: torch's call is cheaper) and
    fewer than ``max_size`` (if given: larger work runs torch's kernel, for a decision that
    flips with size; issue 27) and ``when(context)`` holds for the call's non-tensor
    ``context`` (if ``when`` is given)."""

    min_size: int
    dtypes: frozenset
    run: Callable
    when: Callable = None
    max_size: int = None


def _products_of_equal_operands(spec):
    """An einsum of two operands with the same labels (``ij,ij->i``): an elementwise product
    and a sum, where torch's einsum goes through batched matmul and NumPy's loop does not."""
    ins, arrow, _ = spec.replace(" ", "").partition("->")
    ops = ins.split(",")
    return bool(arrow) and len(ops) == 2 and set(ops[0].replace("...", "")) == set(ops[1].replace("...", ""))


def _matrix_product(spec):
    """einsum subscripts of the product of two matrices, ``ij,jk->ik`` up to the letters, either
    operand possibly transposed (``ij,kj->ik``, ``ji,jk->ik``): the result's rows from the first
    operand, its columns from the second, one label summed."""
    ins, arrow, out = spec.replace(" ", "").partition("->")
    ops = ins.split(",")
    if not arrow or len(ops) != 2 or len(out) != 2 or len(ops[0]) != 2 or len(ops[1]) != 2:
        return False
    (a, b), (i, k) = ops, out
    j = a.replace(i, "", 1)
    return i != k and i in a and k in b and len(j) == 1 and j not in (i, k) and b.replace(k, "", 1) == j \
        and j.isalpha() and i.isalpha() and k.isalpha()


def _einsum_matmul(spec, a, b, order="K"):
    """NumPy's BLAS product for an einsum of two matrices that ``_matrix_product`` accepts: the result
    of ``numpy.matmul`` on the operands (or their transposed views), C-ordered as NumPy's einsum lays
    out the product of two C-contiguous operands, at most one transposed; None (the caller goes on)
    for other layouts or ``order`` (NumPy's einsum may lay the result out otherwise) and for shapes
    einsum rejects (its error is the one to raise)."""
    if order not in ("K", "k", "C", "c") or not (a.flags.c_contiguous and b.flags.c_contiguous):
        return None
    ins, _, out = spec.replace(" ", "").partition("->")
    sa, sb = ins.split(",")
    x, y = a if sa[0] == out[0] else a.T, b if sb[1] == out[1] else b.T
    if x is not a and y is not b:
        return None  # both transposed (``ji,kj->ik``): NumPy's einsum lays the result out in F order
    if x.ndim != 2 or y.ndim != 2 or x.shape[1] != y.shape[0]:
        return None  # einsum's own error, not matmul's
    return _np.matmul(x, y)


def _two_matrices(ndims):
    """matmul's operand ndims: two matrices."""
    return ndims == (2, 2)


def _batch_on_one_thread(ndims):
    """matmul's operand ndims: a stack of matrices and a matrix or stack (no vector), while torch runs
    one thread. The row's decision: set ``when`` to ``_batch`` for NumPy's loop at every thread count."""
    return min(ndims) > 1 and torch.get_num_threads() == 1


def _batch(ndims):
    """matmul's operand ndims: a stack of matrices and a matrix or stack (no vector)."""
    return min(ndims) > 1


def _searchsorted(a, v, side, sorter):
    r = _threaded.searchsorted(a, v, side, sorter) if v.size >= 2 * _threaded.MIN_PART else None
    return _np.searchsorted(a, v, side, sorter) if r is None else r


def _histogram(a, bins, range, density, weights):
    if weights is None and not density and a.size >= 2 * _threaded.MIN_PART:
        r = _threaded.histogram(a, bins, range)  # parts of NumPy's loop on torch's threads
        if r is not None:
            return r
    return _np.histogram(a, bins, range, density, weights)


def _bincount(x, weights, minlength):
    r = _threaded.bincount(x, minlength) if weights is None and x.size >= 2 * _threaded.MIN_PART else None
    return _np.bincount(x, weights, minlength) if r is None else r


def _take(a, idx, axis=None, mode="raise"):
    r = _threaded.take(a, idx, mode) if axis == 0 and idx.size >= 2 * _threaded.MIN_PART else None
    return _np.take(a, idx, axis, mode=mode) if r is None else r  # (parts: _threaded.TAKE_PARTS)


def _einsum(spec, *ops, order="K"):
    r = _threaded.einsum_rows(spec, *ops) if len(ops) == 2 and order in ("K", "k", "C", "c", "A", "a", "F", "f") and \
        ops[0].size >= 2 * _threaded.MIN_PART else None
    return _np.einsum(spec, *ops, order=order) if r is None else r  # (parts: _threaded.EINSUM_PARTS)


def _one_thread(_):
    """torch runs one thread (``torch.set_num_threads(1)``)."""
    return torch.get_num_threads() == 1


def _scatter(a, idx, v):
    a[idx] = v


def _mask(a, m):
    r = _threaded.mask(a, m) if a.size >= 2 * _threaded.MIN_PART else None  # (_threaded.MASK_PARTS)
    return a[m] if r is None else r


def _mask_here(_):
    """torch runs one thread, or ``_threaded.MASK_PARTS`` runs NumPy's selection in parts on its threads."""
    return torch.get_num_threads() == 1 or _threaded.MASK_PARTS


def _norm(x, ord=None, axis=None, keepdims=False):
    """NumPy's ``linalg.norm``; the 2-norm of real vectors along one axis takes NumPy's own steps
    without the copy ``x.conj()`` makes of real data (same bits, one temporary of x's size less:
    the k-means lesson's (8, 2*10^6, 2) norm page-faulted through two such temporaries)."""
    if ord is None and type(axis) is int and x.dtype.kind == "f":
        r = _threaded.norm2(x, axis, keepdims) if x.size >= 2 * _threaded.MIN_PART else None
        if r is not None:
            return r
        return _np.sqrt(_np.add.reduce(x * x, axis=axis, keepdims=keepdims))
    return _np.linalg.norm(x, ord, axis, keepdims)


def _argext(a, axis, keepdims, kind):
    if not keepdims and a.size >= 2 * _threaded.MIN_PART:
        r = _threaded.argext(a, kind, axis)  # NumPy's loop on parts, on torch's threads
        if r is not None:
            return r
    return (_np.argmax if kind == "max" else _np.argmin)(a, axis, keepdims=keepdims)


def _var(a, axes, ddof, keepdims, sqrt, nan):
    if not nan and not keepdims and len(axes) == a.ndim and a.size >= 2 * _threaded.MIN_PART:
        r = _threaded.var(a, ddof, sqrt)  # NumPy's two passes on torch's threads: NumPy's bits
        if r is not None:
            return r
    fn = (_np.nanstd if sqrt else _np.nanvar) if nan else (_np.std if sqrt else _np.var)
    return fn(a, axis=axes, ddof=ddof, keepdims=keepdims)


@_quiet
def _accumulate(uf, a, axis):
    """NumPy's ``uf.accumulate`` along ``axis`` (the two accumulate rows)."""
    return uf.accumulate(a, axis=axis)


# op -> Kernel: the measured decisions (benchmarks/kernels.py; figures in docs/benchmarks.md).
# NumPy's single-threaded kernels, its SIMD ufunc loops, large matmul, dot, solve, det, cholesky,
# lstsq, eigh and svd; inv, the rest of LAPACK, the other FFTs and plain arithmetic: torch.
KERNELS = {
    # NumPy's SIMD sorts (x86-simd-sort, highway) take 0.14-0.46x torch's time from 10^4 elements
    "sort": Kernel(10_000, _REAL, lambda a, axis, kind: _np.sort(a, axis, kind)),
    "argsort": Kernel(10_000, _REAL, lambda a, axis, kind: _np.argsort(a, axis, kind)),
    # introselect: O(n), where torch can only sort
    "partition": Kernel(1_000, _REAL, _np.partition),
    "argpartition": Kernel(1_000, _REAL, lambda a, kth, axis: _np.argpartition(a, kth, axis)),
    "unique": Kernel(10_000, _REAL, _np.unique),
    # NumPy's SIMD argmin/argmax: 0.15-0.45x torch's time on 10^7 elements, 0.25-0.3x along the
    # first axis of (8, 2*10^6) (the k-means lesson), 0.6x on 100 elements (int64 rows of 8: 1.3x)
    "argmax": Kernel(0, _REAL, lambda a, axis, keepdims: _argext(a, axis, keepdims, "max")),
    "argmin": Kernel(0, _REAL, lambda a, axis, keepdims: _argext(a, axis, keepdims, "min")),
    # searchsorted's values (the row's size): NumPy's binary search (in parts on torch's threads from
    # 2^18 values) below ``max_size``, torch's from there: the idle run of issue 27 gave 10^6 values in
    # 10^6 sorted float64 NumPy 247.87 ms on one thread, in parts 124.63, torch's two threads 96.13;
    # both give the same integers (torchnp's torch path maps NaN as NumPy orders it)
    "searchsorted": Kernel(10_000, _REAL, _searchsorted, max_size=100_000),
    # equal bins: NumPy computes each bin index arithmetically, torch searches the edges
    "histogram": Kernel(10_000, _REAL, _quiet(_histogram)),
    "bincount": Kernel(10_000, _REAL, _bincount),
    "take": Kernel(10_000, _ANY, _take),
    # x[idx] and x[idx] = v with one integer array
    "gather": Kernel(10_000, _ANY, lambda a, idx: _take(a, idx, 0)),
    "scatter": Kernel(10_000, _ANY, _scatter),
    "einsum": Kernel(10_000, _BLAS, _quiet(_einsum), _products_of_equal_operands),
    # an einsum that is a product of two matrices (``ij,jk->ik``, an operand transposed): NumPy's dgemm
    # from the matmul row's size, where torch's einsum calls its own bmm (MKL). The idle run of issue 27
    # (2 threads) had 500x500 ``einsum ij,jk->ik`` torch 3.43 ms, torchnp (torch's einsum) 3.83, and the
    # same product as ``dot`` NumPy 2.56, torch's mm 3.55. Not NumPy's einsum bits either way (NumPy's
    # einsum loop takes 23 ms). ``_products.einsum`` asks this row for C-contiguous host operands
    "einsum_matmul": Kernel(250_000, _FLOAT, _quiet(_einsum_matmul), _matrix_product),
    # OpenBLAS's (NumPy's) dgemm beat torch's MKL on this AMD CPU from 500x500 (1.05-1.8x)
    "matmul": Kernel(250_000, _FLOAT, _quiet(_np.matmul), _two_matrices),
    # matmul of a stack (``_products._matmul`` asks this row when an operand has more than 2 axes): NumPy
    # loops over the batch with one gemm each, 0.75-0.9x torch's bmm on one thread; with two threads
    # the loaded machine gave up to 2x torch's time, the idle run of issue 27 0.79x (31x500x500: NumPy
    # 97.05 ms, torch 122.62): measure with `python benchmarks/candidates.py --only batched` idle and
    # flip ``when`` to ``_batch`` if NumPy's loop wins there too
    "batched_matmul": Kernel(250_000, _FLOAT, _quiet(_np.matmul), _batch),
    "dot": Kernel(250_000, _FLOAT, _quiet(_np.dot), lambda ndims: ndims == (2, 2)),
    # NumPy's pocketfft: half torch's time for a real 1-D transform of 10^6 (and 10^7) points;
    # for a complex one 0.8x the time of torch's on one thread (torch's two threads: torch's)
    "rfft": Kernel(10_000, _FLOAT, _quiet(_np.fft.rfft)),
    "fft": Kernel(10_000, _BLAS, _quiet(_np.fft.fft), lambda _: torch.get_num_threads() == 1),
    # LAPACK's symmetric eigensolver and SVD through NumPy: ahead of torch's in each run at 500x500,
    # and at every size below (torch's call costs 10 us and more on an 8x8 matrix): NumPy's bits
    "eigh": Kernel(0, _BLAS, _quiet(_np.linalg.eigh)),
    "svd": Kernel(0, _BLAS, _quiet(_np.linalg.svd)),
    # var/std (and the nan- forms): NumPy's two passes allocate less than torchnp's NumPy-exact
    # torch version (torch's own one-pass var rounds differently), and on small data they are one
    # NumPy call against a dozen torch ones; at every size and dtype NumPy's bits (float16 too,
    # whose steps NumPy rounds to float16, its pairwise sums included)
    "var": Kernel(0, _ANY, _quiet(_var)),
    # cov/corrcoef: NumPy's steps (its mean, dot with the conjugate transpose, multiply by 1/fact;
    # corrcoef divides by the standard deviations row- then column-wise): NumPy's bits at every
    # size (torch's division by fact and its matmul differ in the last place: issue 23)
    "cov": Kernel(0, _ANY, _quiet(_np.cov)),
    "corrcoef": Kernel(0, _ANY, _quiet(_np.corrcoef)),
    # x[mask] with one boolean array: NumPy's compress loop, where torch counts, then gathers; both
    # select the same elements, and from two threads torch's parallel kernels win (issue 27: 10^7
    # elements on 2 idle cores, x[mask] 35.6 ms against NumPy's 50.0, where 23.1 against 45.2)
    "mask": Kernel(10_000, _ANY, _mask, _mask_here),
    # max/min over all axes: NumPy's reduction in parts on torch's threads while
    # ``_threaded.EXTREMA_PARTS`` (``_extrema`` asks this row from 2 * MIN_PART elements); torch's amax else
    "extreme": Kernel(10_000, _REAL, _threaded.extreme, lambda _: _threaded.EXTREMA_PARTS),
    "where": Kernel(10_000, _ANY, _np.where, _one_thread),
    # OpenBLAS's LAPACK through NumPy, with one thread as with two: from 500x500 solve, det, cholesky
    # and NumPy's gelsd (torchnp's own SVD-based lstsq took 1.4x NumPy's time) run in NumPy's
    # time; after a NumPy BLAS call they do not wait for the other library's spinning threads either.
    # Small matrices too: on 8x8 NumPy's det takes 2.8 us, torch's 12 us (solve: 4.5 and 15 us), and
    # the results are NumPy's own bits (NumPy 100 exercises, #47: det of a Cauchy matrix)
    "solve": Kernel(0, _BLAS, _quiet(_np.linalg.solve)),
    "det": Kernel(0, _BLAS, _quiet(_np.linalg.det)),
    "cholesky": Kernel(0, _BLAS, _quiet(lambda a, upper: _np.linalg.cholesky(a, upper=upper))),
    # NumPy's gelsd (OpenBLAS): x, residuals, rank and s with NumPy's bits, 3x the time of raw torch's
    # default gelsy on 2000x100 (idle run of issue 27: 8.74 ms, 2.96), which returns no singular
    # values; torch's gelsd (MKL) returns all four, not NumPy's bits: the price of NumPy's results
    "lstsq": Kernel(0, _BLAS, _quiet(_np.linalg.lstsq)),
    # inv: NumPy's gesv on the identity below 2000x2000 (an 8x8 call is NumPy's few microseconds against
    # torch's inv_ex and its info read; NumPy's bits), torch's from there. Idle runs of issue 27, 2 threads,
    # min of 21, NumPy / torch: 500x500 7.78 / 11.73 ms and 8.02 / 11.75 (an earlier run: 8.85 / 7.89),
    # 700-1400 NumPy faster by 1.05-1.45x, 2000x2000 333.7 / 267.8 and 348.0 / 294.7
    "inv": Kernel(0, _BLAS, _quiet(_np.linalg.inv), max_size=4_000_000),
    # norms and condition numbers of host data: NumPy's bits (its pairwise sums, dot and LAPACK SVD
    # and inverse; torch's orders differ in float32's last place, issue 16), in NumPy's time or less
    # from 8x8 to (8, 1000, 1000) except 2-D Frobenius norms over axis=(0, 1) (3.2 ms, torch 1.2 ms)
    "norm": Kernel(0, _BLAS, _quiet(_norm)),
    "cond": Kernel(0, _BLAS, _quiet(_np.linalg.cond)),
    # ufunc.accumulate (cumsum, cumprod, nancum*, cumulative_*) of float16, float32 and complex
    # host data: NumPy's bits. NumPy's loop rounds each running value to the dtype; torch's CPU
    # cumsum/cumprod carry float16, float32 and complex64 in a wider type (float32 cumsum of 10^6
    # values: 99.6% of the sums differ), at 0.3x NumPy's time (0.96 / 3.3 ms), and round complex
    # products otherwise (complex128 cumprod). float64 and integers: torch's left fold in the dtype
    # gives NumPy's bits, faster (float64 10^6: 0.86 / 3.3 ms)
    "accumulate": Kernel(0, frozenset({torch.float16, torch.float32, torch.complex64, torch.complex128}),
                         _accumulate),
    # the other ufuncs' accumulate (subtract, maximum, divide, ...) of any host data: NumPy's loop,
    # where the engine's scans give other NaN signs (float64 subtract.accumulate)
    "accumulate_other": Kernel(0, _ANY, _accumulate),
    # subtract.reduce, divide.reduce and float16 multiply.reduce of host data: NumPy's own reduce, which
    # rounds each running quotient, and a float16 product between inner loops (_methods.reduce)
    "reduce_other": Kernel(0, _ANY, lambda uf, a, axis, **kw: uf.reduce(a, axis=axis, **kw)),
    # a C-ordered copy of a strided host array (``A.T.copy()``): NumPy's copy loop, the same bytes
    # as torch's clone, in less time from 10^4 elements (28 Nov 15:03 UTC, load 1.2, 2 threads, min of
    # 7 loops, transposed float64, this row / torch's clone: 100x100 10.0 / 11.3 us, 200x200 22.8 /
    # 32.3, 500x500 135 / 188; 50x50 7.6 / 5.8: the hand-over costs more there; 2000x2000 in run.py's
    # idle run: 6.12 ms, NumPy 6.44, torch 6.96)
    "copy": Kernel(10_000, _ANY, lambda a: _np.array(a, order="C")),
}
# Ufuncs (the kernels of torchnp's ufunc objects, ``ufunc_kernel``): NumPy's SIMD loops (AVX-512,
# one thread) took 0.1-0.6x the time of torch's kernel on one thread from 10^5 elements for these
# (comparisons: 0.1-0.3x), and beat its two threads too on the shared 2-core machine; torch keeps
# float64 sin and cos (NumPy's: 2.4x torch's time), float32 exp2 (even) and plain arithmetic
# (memory-bound: even).
KERNELS.update({name: Kernel(10_000, dtypes, _quiet(getattr(_np, name)) if quiet else getattr(_np, name))
                for names, dtypes, quiet in (
    (("exp", "expm1", "log", "log2", "log10", "log1p", "sqrt", "tan", "arcsin", "arccos", "arctan", "sinh", "cosh",
      "tanh", "arcsinh", "arccosh", "arctanh"), _FLOAT, True),
    (("sin", "cos"), frozenset({torch.float32}), True),
    (("exp2",), frozenset({torch.float64}), True),
    (("equal", "not_equal", "less", "less_equal", "greater", "greater_equal"), _REAL, False),  # quiet compares
) for name in names})

# complex divide: NumPy's Smith loop at every size, for NumPy's bits: torch's compiled loop fuses its
# products into FMAs, a last-place rounding away and inf where a part cancels to NumPy's 0 past
# overflow ((-1e250+1.5e250j) / (-1e-250+1.5e-250j): NumPy inf+0j, torch inf+infj; seed 215294188)
KERNELS["divide"] = Kernel(0, frozenset({torch.complex128, torch.complex64}), _quiet(_np.divide))


#: ufuncs whose torchnp answer deliberately differs from NumPy's, so never NumPy's loop: complex
#: expm1 gives C99's special values, as the array API standard specifies (NumPy: nan, numpy#21746)
NOT_NUMPYS = frozenset({"expm1"})

#: floating-point reductions of host data: NumPy's own at every size (its pairwise summation
#: order: its bits, which torch's vectorised order misses in the last place on 2-D axes and long
#: sums). On tiny arrays no slower than torch's call plus the read-back of its 0-d result (§1.3)
INEXACT = frozenset({torch.float16, torch.float32, torch.float64, torch.complex64, torch.complex128})
HOST_REDUCTIONS = {"sum": _np.add.reduce, "prod": _np.multiply.reduce, "nansum": _np.nansum,
                   "nanprod": _np.nanprod, "mean": _np.mean}

_THREADED = {"sum": _threaded.add_reduce, "mean": _threaded.mean}


def host_reduction(name, a, axis=None, keepdims=False):
    """NumPy's reduction ``name`` of the floating-point host array ``a`` (a torchnp array): NumPy's
    scalar, or a tensor sharing NumPy's result array; None where torch's runs (devices, autograd,
    tracing). The host view is the array's cached one (``ndarray._host_array``)."""
    if a._d not in INEXACT or _dynamo_compiling() or not _device.CPU_VALUE_CHECKS:
        return None
    h = a._h  # (the cached view read inline: a callback's sum of NumPy's result, §7)
    if h is None:
        h = a._host_array()
    if h is False or _transforms_active():
        return None
    r = None
    if h.size >= 2 * _threaded.MIN_PART and name in _THREADED and h.dtype.char in "fd":
        r = _THREADED[name](h, axis, keepdims)  # NumPy's loops on torch's threads: NumPy's bits
    if r is None:
        r = HOST_REDUCTIONS[name](h, axis, None, None, keepdims)  # (a, axis, dtype, out, keepdims) in each
    return torch.from_numpy(r) if type(r) is _np.ndarray else r


def numpy_kernel(op, *tensors, context=None):
    """NumPy's implementation of ``op`` for these tensor operands on the CPU, or ``None``
    where torch's kernel is the one to run (see the module docstring)."""
    k = KERNELS[op]
    n = tensors[0].numel()
    if n < k.min_size or _compiling() or (k.when is not None and not k.when(context)) \
            or not _device.CPU_VALUE_CHECKS or (k.max_size is not None and n >= k.max_size):
        return None  # (CPU_VALUE_CHECKS off: tests/test_host_reads.py, the CPU stands in for an accelerator)
    for t in tensors:
        if (t.device.type != "cpu" or t.dtype not in k.dtypes or t.requires_grad or t.is_conj() or t.is_neg()
                or _wrapped(t)):
            return None
    return k.run


def host_kernel(op, arrays, context=None):
    """NumPy's implementation of ``op`` and the cached host views (``ndarray._host_array``) of the
    torchnp arrays ``arrays`` (a ``numpy.ndarray`` is its own), or None: where one is not a host array NumPy may read, has a dtype
    outside the row's, or the first has fewer than the row's ``min_size`` elements. The caller
    wraps NumPy's results with ``_array.host_result``, so the call makes no torch call at all:
    after a large NumPy kernel torch's first call pays 20-70 us of cold caches (measured next to
    a 2 ms einsum: 3-10% of an operation of a few milliseconds)."""
    k = KERNELS[op]
    if (k.when is not None and not k.when(context)) or _dynamo_compiling() or not _device.CPU_VALUE_CHECKS \
            or _transforms_active():
        return None
    views = []
    for a in arrays:
        if type(a) is _np.ndarray:  # host data as NumPy's own (issue 23: SciPy hands callbacks NumPy's arrays)
            if _KEY_OF_CHAR.get(a.dtype.char) not in k.dtypes:
                return None
            views.append(a)
            continue
        if type(a) is not ndarray or a._d not in k.dtypes:
            return None
        h = a._host_array()
        if type(h) is not _np.ndarray:
            return None
        views.append(h)
    if views[0].size < k.min_size or (k.max_size is not None and views[0].size >= k.max_size):
        return None
    return k.run, views


def run(kernel, *args, **kwargs):
    """``kernel`` (from :func:`numpy_kernel`) on the zero-copy NumPy views of the tensor
    arguments; NumPy's result (an array, a scalar, or a tuple of them) as tensors sharing its memory
    (``None`` for a kernel that writes into its first argument)."""
    r = kernel(*[a.numpy() if isinstance(a, torch.Tensor) else a for a in args], **kwargs)
    if r is None:
        return None
    if isinstance(r, (tuple, list)):
        return tuple(torch.from_numpy(_np.asarray(x)) for x in r)
    return torch.from_numpy(_np.asarray(r))


def _run_in_parts(uf, kernel, *args):
    """NumPy's ufunc ``uf`` on parts of the operands on torch's threads (``_threaded.ufunc``: NumPy's
    bits), else ``kernel`` (the row's one NumPy call) as :func:`run` calls it."""
    r = _threaded.ufunc(uf, *[a.numpy() if type(a) is _Tensor else a for a in args])
    return torch.from_numpy(r) if r is not None else run(kernel, *args)


def ufunc_kernel(name, fn, nin):
    """The kernel of torchnp's ufunc ``name``: torch's ``fn``, or NumPy's ufunc where the table
    has a row for ``name`` and the call's largest operand passes it (a tensor first or second;
    smaller calls pay one size check). From ``2 * _threaded.MIN_PART`` elements NumPy's loop runs
    on parts of the operands on torch's threads."""
    k = KERNELS.get(name)
    if k is None:
        return fn
    n = k.min_size
    uf = getattr(_np, name)
    if nin == 1:
        def kernel(x):
            if x.numel() >= n:
                r = numpy_kernel(name, x)
                if r is not None:
                    return run(r, x) if x.numel() < 2 * _threaded.MIN_PART else _run_in_parts(uf, r, x)
            return fn(x)
    else:
        def kernel(x, y):
            t = x if type(x) is _Tensor else y
            if type(t) is _Tensor and t.numel() >= n:
                other = y if t is x else x
                r = numpy_kernel(name, t, *((other,) if type(other) is _Tensor else ()))
                if r is not None:
                    if t.numel() < 2 * _threaded.MIN_PART:
                        return run(r, x, y)
                    return _run_in_parts(uf, r, x, y)
            return fn(x, y)
    kernel.__name__, kernel.__module__ = fn.__name__, getattr(fn, "__module__", None)
    kernel.torch_fn, kernel.numpy_dtypes = fn, k.dtypes  # loops of other dtypes take fn itself
    return kernel
