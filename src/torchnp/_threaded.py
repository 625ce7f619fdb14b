"""NumPy's loops on torch's threads: NumPy's exact results at multi-core speed (issue 27, §7.1).

NumPy's loops run on one thread; torch's kernels on ``torch.get_num_threads()``. An elementwise
result does not depend on how the array is split, and NumPy's pairwise sum of ``n`` contiguous
elements splits them at ``n / 2`` rounded down to a multiple of 8 until blocks of 128, so each
node of that tree is ``numpy.add.reduce`` of its slice. NumPy releases the GIL in its loops: its
own loops, run on parts of an array in a pool of ``torch.get_num_threads()`` threads (this one
and ``threads - 1`` workers), give NumPy's bits in torch's time. One thread (``torch.set_num_threads(1)``)
or a part under ``MIN_PART`` elements: one NumPy call, as before.
"""

import itertools
import os
import threading

import numpy as _np
import torch

__all__ = ["MIN_PART", "PIECES", "SCRATCH", "LEAD", "HIST_BLOCK", "TAKE_PARTS", "EINSUM_PARTS", "parts", "ufunc",
           "add_reduce", "mean", "var", "argext", "norm2", "searchsorted", "bincount", "histogram", "take",
           "einsum_rows", "MASK_PARTS", "EXTREMA_PARTS", "mask", "extreme"]

#: elements per thread below which a loop runs on this thread alone: a part of 2^17 float64
#: elements takes 0.1-0.3 ms in NumPy's loops, the hand-over to a waiting worker 7-20 us
MIN_PART = 1 << 17
#: sums along the first axis of a C-contiguous array in parts of its columns (NumPy adds the rows in
#: order, each column alone, so a part of the columns has the same bits): on, from the idle run of
#: ``python benchmarks/candidates.py --repeats 21`` (28 Nov 2026, load 0.96, 2 threads) on A.mean(axis=0)
#: of 2000x2000: in parts 2.04 ms, one NumPy call 2.69 (torch 1.67); with one thread 1.79 / 1.75
FIRST_AXIS_PARTS = True
#: pieces per thread of the sums, means, var/std, elementwise loops and histograms in parts (issue 27): 1
#: gives each thread one equal part (the first on this thread, a worker's from its wake-up on); more
#: hands out ``PIECES * threads`` smaller pieces in order to whichever thread is free, so a worker that
#: wakes late, or a part slower than the other (its data not in cache), leaves less of the loop to one
#: thread. The pieces are nodes of NumPy's pairwise tree, rows, columns or parts of an elementwise
#: loop: NumPy's bits either way (tests/test_threaded.py). 1 until an idle run of ``python
#: benchmarks/candidates.py --only sum mean std`` shows the pieces faster (docs/benchmarks.md)
PIECES = 1
#: elements per block of the squared deviations of ``var``: a scratch buffer per thread (1 MiB of
#: float64; smaller blocks cost more Python between NumPy's loops than they save: 8.4 ms for x.std()
#: of 8*10^6 elements in blocks of 2^13, 4.4 ms in blocks of 2^17, torch's one-pass std 4.9 ms)
SCRATCH = 1 << 17
#: the calling thread's extra share of a pairwise sum over all axes (``sum``/``mean``/``var``/``std``):
#: it starts its part at once, a worker only after its wake-up (a ``_map`` round trip of empty jobs took
#: 39 us of wall clock and 16 us of CPU on 2 threads at load 3, 28 Nov; a ThreadPoolExecutor's 53 / 20),
#: so with equal parts a core idles at the end. With ``LEAD`` > 0 the tree is cut 3 levels deeper and
#: the calling thread takes the first nodes up to ``1 / threads + LEAD`` of the elements, the workers
#: the rest in equal runs of nodes (nodes of NumPy's tree: NumPy's bits). 0 until an idle run of
#: ``python benchmarks/candidates.py --only sum mean std`` (``torchnp, LEAD=x``) shows a gain. The idle
#: run of 28 Nov 04:58 UTC (load 0.22) showed none: LEAD=0.02 won x.mean() (1.60 against 1.73 ms) and
#: mean 1e7 (2.15 / 2.28) and lost x.std() (5.23 / 5.00) and std 1e7 (7.36 / 6.85); the hand-over
#: round trip there was 33 us (ThreadPoolExecutor 48 us)
LEAD = 0.0
#: elements per block of torchnp's own copy of NumPy's equal-bin loop in ``histogram`` (float64 data and
#: edges): NumPy's index arithmetic step by step (subtract, divide, multiply, truncate, the two edge
#: corrections), each into a buffer made once per thread, where NumPy's ``histogram`` allocates four
#: temporaries per block of 65 536 and checks the range even where the range is the data's own: the same
#: bin for every element, so the same counts. 0: ``numpy.histogram`` on each part (today's). Waits for the
#: idle run (``python benchmarks/candidates.py --only histogram``: ``torchnp, HIST_BLOCK=2^b``). 2^16
#: (idle run of ``python benchmarks/candidates.py --repeats 21 [--threads 1]``, 28 Nov 2026 04:58 UTC, load 0.22/0.58): histogram of 10^7 on 2 threads 45.04 ms against 47.46 with numpy.histogram on each part
#: (2^15 51.73; NumPy 64.18, torch's histc 35.42 without NumPy's counts); on 1 thread 64.28 / 64.07
HIST_BLOCK = 1 << 16
#: ``take`` (and ``x[idx]``) along the first axis in parts of the indices on threads (NumPy's gather: the
#: same elements, the first bad index raises NumPy's IndexError). Off until an idle run shows it faster
#: (``torchnp, TAKE_PARTS`` in ``benchmarks/candidates.py --only take``). On (idle run of ``python benchmarks/candidates.py --repeats 21 [--threads 1]``, 28 Nov 2026 04:58 UTC, load 0.22/0.58):
#: take of 10^7 5.72 ms against one NumPy call's 10.03 (torch 14.33), x[idx] 6.10 against 9.90; on 1
#: thread 9.82 / 9.74 and 9.37 / 9.14
TAKE_PARTS = True
#: ``einsum`` of two same-shape C-contiguous matrices summed along the second axis (``ij,ij->i``) in parts
#: of the rows on threads (each row is NumPy's own loop: its bits). Off until an idle run shows it faster
#: (``torchnp, EINSUM_PARTS`` in ``benchmarks/candidates.py --only einsum``). On (idle run of ``python benchmarks/candidates.py --repeats 21 [--threads 1]``, 28 Nov 2026 04:58 UTC, load 0.22/0.58):
#: ij,ij->i of 2000x2000 1.92 ms against one NumPy call's 2.09 (NumPy alone 1.83, torch 2.80); on 1
#: thread 2.03 / 2.03
EINSUM_PARTS = True
#: ``x[mask]`` with a boolean array of ``x``'s shape in parts on threads: each part's count
#: (``count_nonzero``), then each part's ``compress`` into its place in the result (NumPy's selection:
#: the same elements in the same order). On one thread NumPy's loop took 38 ms of CPU for 8*10^6 float64
#: where torch's two threads took 65 ms of CPU together (28 Nov, loaded machine: CPU time, not wall
#: clock). With it on, the ``mask`` row runs NumPy's at every thread count. Off until an idle run shows
#: it faster (``torchnp, MASK_PARTS`` in ``benchmarks/candidates.py --only mask``). On (idle run of ``python benchmarks/candidates.py --repeats 21 [--threads 1]``, 28 Nov 2026 04:58 UTC, load 0.22/0.58):
#: x[x > .5] of 10^7 16.56 ms against 41.69 (NumPy 47.70, torch 43.59), x[mask] of 8*10^6 11.01 against
#: 27.14; on 1 thread 53.08 / 53.31 and 36.01 / 35.82
MASK_PARTS = True
#: ``max``/``min`` over all axes of a C-contiguous real array as NumPy's ``maximum.reduce`` /
#: ``minimum.reduce`` of parts on threads, then of the parts' values (a maximum does not depend on the
#: order: NaN wins in either). NumPy's SIMD loop took 1.95 ms of CPU for 8*10^6 float64, torch's amax
#: on two threads 5.5 ms of CPU together (28 Nov, loaded machine). Off until an idle run shows it
#: faster (``torchnp, EXTREMA_PARTS`` in ``benchmarks/candidates.py --only max``). Kept off by
#: (idle run of ``python benchmarks/candidates.py --repeats 21 [--threads 1]``, 28 Nov 2026 04:58 UTC, load 0.22/0.58): x.max() of 8*10^6 2.20 ms against torch.amax's 2.12; on 1 thread 1.99 / 1.92
EXTREMA_PARTS = False


class _Worker:
    """A thread that runs one call at a time, handed over by two locks: a round trip takes 7-18 us
    where a ThreadPoolExecutor's submit and result take 30-80 us (2 idle cores)."""

    def __init__(self):
        self._go, self._done = threading.Lock(), threading.Lock()
        self._go.acquire()
        self._done.acquire()
        self._job = self._result = None
        threading.Thread(target=self._loop, daemon=True, name="torchnp-numpy").start()

    def _loop(self):
        while True:
            self._go.acquire()
            fn, arg = self._job
            try:
                self._result = (fn(arg), None)
            except BaseException as e:  # raised again on the calling thread
                self._result = (None, e)
            self._job = None
            self._done.release()

    def start(self, fn, arg):
        self._job = (fn, arg)
        self._go.release()

    def wait(self):
        self._done.acquire()
        (r, e), self._result = self._result, None
        return r, e


_workers = []
_busy = threading.Lock()  # one caller at a time uses the workers; another runs its loop alone


def _reset_workers():
    global _workers, _busy
    _workers, _busy = [], threading.Lock()


# a forked child has none of the parent's worker threads
os.register_at_fork(after_in_child=_reset_workers)


def parts(n):
    """How many threads share a loop over ``n`` elements: torch's intra-op thread count, at most
    one per ``MIN_PART`` elements."""
    return min(torch.get_num_threads(), n // MIN_PART)


def _map(fn, args, threads=None):
    """``[fn(a) for a in args]``, the first on this thread and the others on worker threads (all
    on this thread while another thread uses the workers). With ``threads`` fewer than the
    arguments, that many threads take the arguments in order, each the next one not yet taken."""
    n = len(args)
    if threads is not None and threads < n:
        out = [None] * n
        take = itertools.count().__next__  # one C call: atomic under the GIL

        def loop(_):
            i = take()
            while i < n:
                out[i] = fn(args[i])
                i = take()

        _map(loop, [None] * threads)
        return out
    if not _busy.acquire(blocking=False):
        return [fn(a) for a in args]
    try:
        while len(_workers) < len(args) - 1:
            _workers.append(_Worker())
        for w, a in zip(_workers, args[1:]):
            w.start(fn, a)
        try:
            first = fn(args[0])
        finally:
            done = [w.wait() for w in _workers[:len(args) - 1]]
    finally:
        _busy.release()
    for _, e in done:
        if e is not None:
            raise e
    return [first] + [r for r, _ in done]


def _bounds(n, k):
    """``k`` nearly equal ranges covering ``range(n)``, as (start, stop) pairs."""
    return [(n * i // k, n * (i + 1) // k) for i in range(k)]


def ufunc(uf, *args):
    """``uf(*args)`` (NumPy arrays and scalars) computed in parts along the result's first axis, or
    None where one call is the way: few elements, or a shape the parts cannot follow."""
    big = max((a for a in args if type(a) is _np.ndarray), key=lambda a: a.size)
    k = parts(big.size)
    if k < 2 or big.ndim == 0:
        return None
    shape = big.shape
    split = []
    for a in args:
        if type(a) is _np.ndarray and a.ndim == len(shape) and a.shape[0] == shape[0]:
            if a.shape != shape:
                return None  # broadcast along a later axis: one call
            split.append(True)
        elif type(a) is _np.ndarray and a.ndim == len(shape) and a.shape[0] != 1:
            return None
        else:
            split.append(False)  # a scalar, or an operand broadcast along the first axis
    if shape[0] < k:
        return None
    # the result's dtype: NumPy's own promotion, from a call on empty parts
    with _np.errstate(all="ignore"):
        dt = uf(*[a[:0] if s else a for a, s in zip(args, split)]).dtype
    out = _np.empty(shape, dt)

    def part(bounds):
        lo, hi = bounds
        with _np.errstate(all="ignore"):
            uf(*[a[lo:hi] if s else a for a, s in zip(args, split)], out=out[lo:hi])

    _map(part, _bounds(shape[0], min(k * PIECES, shape[0])), k)
    return out


def _frontier(n, k):
    """The nodes of NumPy's pairwise-summation tree of ``n`` elements ``k`` levels down (fewer where
    a node has at most 128 elements), in order, as (start, size, depth) triples."""
    nodes = [(0, n, 0)]
    for _ in range(k):
        nxt = []
        for s, m, d in nodes:
            if m <= 128:
                nxt.append((s, m, d))
            else:
                m2 = m // 2
                m2 -= m2 % 8
                nxt += [(s, m2, d + 1), (s + m2, m - m2, d + 1)]
        nodes = nxt
    return nodes


def _fold(nodes, values):
    """The root's value from its frontier nodes' values, added as NumPy's tree adds them."""
    stack = []
    for (_, _, d), v in zip(nodes, values):
        # a node completes its parent's right half when the stack's top is its left sibling
        while stack and stack[-1][0] == d:
            d, v = d - 1, stack.pop()[1] + v
        stack.append((d, v))
    return stack[0][1]


def _levels(k):
    return max(k - 1, 0).bit_length()


def _tree(h, leaf):
    """The pairwise sum of the contiguous 1-d array ``h`` with ``leaf(start, stop)`` giving each
    frontier node's sum, the nodes spread over ``parts`` threads; None for one thread."""
    k = parts(h.size)
    if k < 2:
        return None
    if LEAD > 0 and PIECES == 1:
        nodes = _frontier(h.size, _levels(k) + 3)
        groups = _lead_groups([m for _, m, _ in nodes], k)
        values = _map(lambda g: [leaf(nodes[i][0], nodes[i][0] + nodes[i][1]) for i in g], groups)
        return _fold(nodes, [v for vs in values for v in vs])
    nodes = _frontier(h.size, _levels(k * PIECES))
    return _fold(nodes, _map(lambda node: leaf(node[0], node[0] + node[1]), nodes, k))


def _lead_groups(sizes, k):
    """``k`` runs of consecutive node indices: the first with at least ``1 / k + LEAD`` of the
    elements (at least one node, and one node left for each other run), the others about equal."""
    total, n = sum(sizes), len(sizes)
    goal, acc, first = total * (1 / k + LEAD), 0, 0
    while first < n - (k - 1) and (first == 0 or acc < goal):
        acc += sizes[first]
        first += 1
    rest = n - first
    cuts = [first + rest * i // (k - 1) for i in range(k)]
    return [range(0, first)] + [range(cuts[i], cuts[i + 1]) for i in range(k - 1)]


def _contiguous_flat(h):
    return h.reshape(-1) if h.flags.c_contiguous else None


def add_reduce(h, axis=None, keepdims=False):
    """``numpy.add.reduce(h, axis, keepdims=keepdims)`` of a floating-point array, NumPy's bits:
    the pairwise tree of the flat array (``axis=None``) or rows on threads (the last axis of a
    C-contiguous array), parts of the columns (the first axis) where ``FIRST_AXIS_PARTS``; None
    where one NumPy call is the way."""
    if not h.flags.c_contiguous or h.size == 0:
        return None
    if axis is None or (h.ndim == 1 and axis in (0, -1)):
        flat = h.reshape(-1)
        s = _tree(flat, lambda lo, hi: _np.add.reduce(flat[lo:hi]))
        if s is None or not keepdims:
            return s
        return _np.full((1,) * h.ndim, s, h.dtype)
    if axis in (h.ndim - 1, -1) and h.ndim >= 2:
        rows = h.reshape(-1, h.shape[-1])
        k = min(parts(h.size), rows.shape[0])
        if k < 2:
            return None
        out = _np.empty(rows.shape[0], h.dtype)

        def part(bounds):
            lo, hi = bounds
            _np.add.reduce(rows[lo:hi], axis=1, out=out[lo:hi])

        _map(part, _bounds(rows.shape[0], min(k * PIECES, rows.shape[0])), k)
        return out.reshape(h.shape[:-1] + ((1,) if keepdims else ()))
    if FIRST_AXIS_PARTS and axis in (0, -h.ndim) and h.ndim >= 2:
        cols = h.reshape(h.shape[0], -1)
        # parts of at least 8 columns: a part of one column would be a strided 1-d sum, which NumPy adds
        # pairwise, not in row order
        k = min(parts(h.size), cols.shape[1] // 8)
        if k < 2:
            return None
        out = _np.empty(cols.shape[1], h.dtype)

        def part(bounds):
            lo, hi = bounds
            _np.add.reduce(cols[:, lo:hi], axis=0, out=out[lo:hi])

        _map(part, _bounds(cols.shape[1], min(k * PIECES, cols.shape[1] // 8)), k)
        return out.reshape(((1,) if keepdims else ()) + h.shape[1:])
    return None


def mean(h, axis=None, keepdims=False):
    """``numpy.mean(h, axis, keepdims=keepdims)`` of a float32/float64 array: NumPy's sum (as
    :func:`add_reduce`) over the count, divided as NumPy's ``_mean`` divides; None for one call."""
    s = add_reduce(h, axis, keepdims)
    if s is None:
        return None
    n = _np.intp(h.size if axis is None else h.shape[axis])
    if type(s) is _np.ndarray:
        return _np.true_divide(s, n, out=s, casting="unsafe", subok=False)
    return s.dtype.type(s / n)


def var(h, ddof, sqrt):
    """``numpy.var``/``numpy.std`` of all of a contiguous float32/float64 array: NumPy's two passes
    (the mean as NumPy's pairwise sum divided by the count, then the pairwise sum of the squared
    deviations) on threads, each squaring ``SCRATCH`` elements at a time into its own buffer, so
    no temporary of the array's size; None where one NumPy call is the way."""
    flat = _contiguous_flat(h)
    if flat is None or h.dtype.kind != "f" or h.dtype.itemsize < 4:
        return None
    n = _np.intp(flat.size)
    if parts(n) < 2 or n - ddof <= 0:
        return None
    # NumPy's _var: a keepdims sum divided in place by the count, subtracted from every element
    m = _np.full(1, _tree(flat, lambda lo, hi: _np.add.reduce(flat[lo:hi])), h.dtype)
    _np.true_divide(m, n, out=m, casting="unsafe")

    def squares(lo, hi):
        buf = _np.empty(min(SCRATCH, hi - lo), h.dtype)
        # the subtree of [lo, hi) down to nodes of at most SCRATCH elements: same tree as NumPy's
        nodes = _split_to(hi - lo, SCRATCH)
        values = []
        for s0, size, _ in nodes:
            b = buf[:size]
            _np.subtract(flat[lo + s0:lo + s0 + size], m, out=b)
            _np.multiply(b, b, out=b)
            values.append(_np.add.reduce(b))
        return _fold(nodes, values)

    with _np.errstate(all="ignore"):
        ss = _tree(flat, squares)
        r = ss.dtype.type(ss / _np.maximum(n - ddof, 0))
        return r.dtype.type(_np.sqrt(r)) if sqrt else r


def _split_to(n, size):
    """The frontier of the pairwise tree of ``n`` elements where every node has at most ``size``
    elements (``size`` >= 128), as (start, size, depth) triples."""
    out = []
    todo = [(0, n, 0)]
    while todo:
        s, m, d = todo.pop()
        if m <= size:
            out.append((s, m, d))
        else:
            m2 = m // 2
            m2 -= m2 % 8
            todo += [(s + m2, m - m2, d + 1), (s, m2, d + 1)]
    return out


def argext(h, kind, axis=None):
    """``numpy.argmax(h, axis)`` / ``argmin`` of a C-contiguous real array: NumPy's loop on parts.
    All axes: the first part holding the extreme (the first NaN, as NumPy) wins; one axis: parts
    along another axis; None for one call."""
    fn = _np.argmax if kind == "max" else _np.argmin
    k = parts(h.size) if h.flags.c_contiguous else 0
    if k < 2:
        return None
    if axis is None:
        flat = h.reshape(-1)
        idx = _map(lambda b: b[0] + fn(flat[b[0]:b[1]]), _bounds(flat.size, k))
        best = idx[0]
        for i in idx[1:]:
            v, b = flat[i], flat[best]
            if b != b:
                break
            if v != v or (v > b if kind == "max" else v < b):
                best = i
        return _np.intp(best)
    axis %= h.ndim
    along = h.ndim - 1 if axis != h.ndim - 1 else 0  # the axis the parts follow
    if h.ndim < 2 or h.shape[along] < k:
        return None
    out = _np.empty(h.shape[:axis] + h.shape[axis + 1:], _np.intp)
    out_along = along if along < axis else along - 1

    def part(bounds):
        at, out_at = [slice(None)] * h.ndim, [slice(None)] * out.ndim
        at[along], out_at[out_along] = slice(*bounds), slice(*bounds)
        fn(h[tuple(at)], axis=axis, out=out[tuple(out_at)])

    _map(part, _bounds(h.shape[along], k))
    return out


def norm2(x, axis, keepdims):
    """NumPy's 2-norm of real ``x`` along ``axis``, ``sqrt(add.reduce(x * x, axis))``, each step on
    parts on threads (NumPy's bits); None for one call."""
    sq = ufunc(_np.multiply, x, x)
    if sq is None:
        return None
    s = add_reduce(sq, axis, keepdims)
    if s is None:
        s = _np.add.reduce(sq, axis=axis, keepdims=keepdims)
    del sq
    r = ufunc(_np.sqrt, s) if type(s) is _np.ndarray else None
    return r if r is not None else _np.sqrt(s)


def searchsorted(a, v, side, sorter):
    """``numpy.searchsorted(a, v, side, sorter)`` with the values ``v`` in parts on threads (each
    value's index does not depend on the others); None for one call."""
    k = parts(v.size) if type(v) is _np.ndarray and v.flags.c_contiguous else 0
    if k < 2:
        return None
    flat = v.reshape(-1)
    out = _np.empty(flat.size, _np.intp)

    def part(bounds):
        lo, hi = bounds
        out[lo:hi] = _np.searchsorted(a, flat[lo:hi], side, sorter)

    _map(part, _bounds(flat.size, k))
    return out.reshape(v.shape)


def bincount(x, minlength):
    """Unweighted ``numpy.bincount(x, minlength=minlength)``: counts of parts on threads, added
    (integer counts: NumPy's exact answer); None for one call."""
    k = parts(x.size) if x.ndim == 1 else 0
    if k < 2:
        return None
    counts = _map(lambda b: _np.bincount(x[b[0]:b[1]]), _bounds(x.size, k))
    out = _np.zeros(max(minlength, *(len(c) for c in counts)), _np.intp)
    for c in counts:
        out[:len(c)] += c
    return out


def histogram(a, bins, range):
    """Unweighted ``numpy.histogram(a, bins, range)`` with an integer ``bins``: NumPy's equal-bin
    loop on parts on threads with the edges NumPy derives from the whole array (its min and max
    where ``range`` is None), the counts added; None for one call."""
    k = parts(a.size)
    if k < 2 or type(bins) is not int or bins < 1:
        return None
    flat = a.reshape(-1)
    bounds = _bounds(flat.size, k * PIECES)
    given = range is not None  # a range of the caller's: NumPy drops the values outside it
    if range is None:  # NumPy's a.min() and a.max(), each on parts (two passes over a, on the threads)
        ext = _map(lambda b: (flat[b[0]:b[1]].min(), flat[b[0]:b[1]].max()), bounds, k)
        lo, hi = _np.minimum.reduce([e[0] for e in ext]), _np.maximum.reduce([e[1] for e in ext])
        if not (_np.isfinite(lo) and _np.isfinite(hi)):
            return None  # NumPy's own call raises its message
        range = (lo, hi)
    if HIST_BLOCK and flat.dtype == _np.float64 and all(float(r) == r for r in range):
        edges = _np.histogram_bin_edges(flat[:0], bins, range)  # NumPy's edges of that range
        first, last = edges[0], edges[-1]  # NumPy's first and last edge (linspace keeps both ends)
        if edges.dtype == _np.float64:
            counts = _map(lambda b: _equal_bins(flat, b, bins, edges, first, last, given), bounds, k)
            for c in counts[1:]:
                counts[0] += c
            return counts[0], edges
    results = _map(lambda b: _np.histogram(flat[b[0]:b[1]], bins, range), bounds, k)
    counts = results[0][0]
    for c, _ in results[1:]:
        counts += c
    return counts, results[0][1]


def _blocks(lo, hi, size):
    return [(i, min(i + size, hi)) for i in range(lo, hi, size)]


def take(a, idx, mode):
    """``numpy.take(a, idx, axis=0, mode=mode)`` in parts of the (C-contiguous) indices on threads, each
    part in blocks of ``SCRATCH`` indices written into the result (NumPy buffers ``out=`` for
    ``mode='raise'``: a block's buffer stays in cache); None for one call. The parts and blocks go in
    order, so the first out-of-bounds index raises NumPy's error, as one call does."""
    if not TAKE_PARTS or type(idx) is not _np.ndarray or not idx.flags.c_contiguous or a.ndim == 0:
        return None
    k = parts(idx.size * max(1, a[0:1].size))
    if k < 2:
        return None
    flat = idx.reshape(-1)
    out = _np.empty((flat.size,) + a.shape[1:], a.dtype)

    def part(bounds):
        for lo, hi in _blocks(*bounds, SCRATCH):
            _np.take(a, flat[lo:hi], 0, out=out[lo:hi], mode=mode)

    _map(part, _bounds(flat.size, min(k * PIECES, flat.size)), k)
    return out.reshape(idx.shape + a.shape[1:])


def einsum_rows(spec, a, b):
    """``numpy.einsum(spec, a, b)`` for ``ij,ij->i`` (any two letters) of two C-contiguous matrices of one
    shape and dtype, in parts of the rows on threads (each row NumPy's own loop: its bits); None for one
    call."""
    if not EINSUM_PARTS:
        return None
    ins, _, out_labels = spec.replace(" ", "").partition("->")
    ops = ins.split(",")
    if len(ops) != 2 or ops[0] != ops[1] or len(ops[0]) != 2 or out_labels != ops[0][0] or ops[0][0] == ops[0][1]:
        return None
    if type(a) is not _np.ndarray or type(b) is not _np.ndarray or a.ndim != 2 or a.shape != b.shape \
            or a.dtype != b.dtype or not (a.flags.c_contiguous and b.flags.c_contiguous):
        return None
    k = min(parts(a.size), a.shape[0])
    if k < 2:
        return None
    out = _np.empty(a.shape[0], _np.einsum(spec, a[:0], b[:0]).dtype)

    def part(bounds):
        lo, hi = bounds
        with _np.errstate(all="ignore"):
            _np.einsum(spec, a[lo:hi], b[lo:hi], out=out[lo:hi])

    _map(part, _bounds(a.shape[0], min(k * PIECES, a.shape[0])), k)
    return out


def _equal_bins(flat, bounds, n, edges, first, last, check_range):
    """NumPy's equal-bin counting loop (``numpy/lib/_histograms_impl.py``, ``histogram``'s fast path)
    over ``flat[bounds[0]:bounds[1]]`` of float64 data with float64 ``edges``, in blocks of
    ``HIST_BLOCK`` with one set of buffers: the index of every element as NumPy computes it, so NumPy's
    counts."""
    lo, hi = bounds
    size = min(HIST_BLOCK, hi - lo)
    f = _np.empty(size)
    e = _np.empty(size)
    idx = _np.empty(size, _np.intp)
    m = _np.empty(size, bool)
    # edges[i + 1] for i < n - 1; +inf for the last bin, which keeps its right edge (NumPy's
    # ``indices != n - 1``: no value passes +inf, the range being finite)
    upper = edges[1:].copy()
    upper[-1] = _np.inf
    denom = last - first
    counts = _np.zeros(n, _np.intp)
    for s0, s1 in _blocks(lo, hi, size):
        x = flat[s0:s1]
        if check_range:
            keep = (x >= first)
            keep &= (x <= last)
            if not _np.logical_and.reduce(keep):
                x = x[keep]
        c = x.size
        fb, eb, ib, mb = f[:c], e[:c], idx[:c], m[:c]
        _np.subtract(x, first, out=fb)
        _np.divide(fb, denom, out=fb)
        _np.multiply(fb, n, out=fb)
        _np.copyto(ib, fb, casting="unsafe")  # astype(intp): truncation
        _np.minimum(ib, n - 1, out=ib)  # indices[indices == n] -= 1 (no index exceeds n)
        _np.take(edges, ib, out=eb)
        _np.less(x, eb, out=mb)
        _np.subtract(ib, mb, out=ib)
        _np.take(upper, ib, out=eb)
        _np.greater_equal(x, eb, out=mb)
        _np.add(ib, mb, out=ib)
        counts += _np.bincount(ib, minlength=n)
    return counts


def mask(a, m):
    """``a[m]`` for a boolean ``m`` of ``a``'s shape, both C-contiguous: each part's count on threads,
    then each part's ``numpy.compress`` into its place (NumPy's elements, in order); None for one
    call."""
    if not MASK_PARTS or type(m) is not _np.ndarray or m.dtype != bool or a.shape != m.shape \
            or not (a.flags.c_contiguous and m.flags.c_contiguous):
        return None
    k = parts(a.size)
    if k < 2:
        return None
    fa, fm = a.reshape(-1), m.reshape(-1)
    bounds = _bounds(fa.size, k)
    starts = list(itertools.accumulate(_map(lambda b: int(_np.count_nonzero(fm[b[0]:b[1]])), bounds),
                                       initial=0))
    out = _np.empty(starts[-1], a.dtype)

    def part(i):
        lo, hi = bounds[i]
        _np.compress(fm[lo:hi], fa[lo:hi], out=out[starts[i]:starts[i + 1]])

    _map(part, list(range(k)))
    return out


def extreme(h, kind):
    """``numpy.max(h)`` / ``numpy.min(h)`` of a C-contiguous real array (NumPy's scalar): NumPy's
    reduction of parts on threads, then of the parts' values; None for one call."""
    if not EXTREMA_PARTS or h.dtype.kind not in "fiu" or not h.flags.c_contiguous:
        return None
    k = parts(h.size)
    if k < 2:
        return None
    fn = _np.maximum if kind == "max" else _np.minimum
    flat = h.reshape(-1)
    return fn.reduce(_np.array(_map(lambda b: fn.reduce(flat[b[0]:b[1]]), _bounds(flat.size, k)), h.dtype))
