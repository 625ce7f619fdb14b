"""NumPy's loops on torch's threads (src/torchnp/_threaded.py, issue 27, §7.1): NumPy's exact bits.

The parts are made small (``MIN_PART``, ``SCRATCH``) so that small arrays take the threaded path,
and torch's thread count varies (the number of parts), with NumPy itself as the oracle.
"""

import re

import numpy
import pytest
import torch
from hypothesis import given, strategies as st

import torchnp as np
from torchnp import _threaded

pytestmark = pytest.mark.host_rules  # NumPy's host kernels: not run under the accelerator rules


@pytest.fixture(scope="module")
def small_parts():
    threads = torch.get_num_threads()
    with pytest.MonkeyPatch.context() as m:
        m.setattr(_threaded, "MIN_PART", 16)
        m.setattr(_threaded, "SCRATCH", 128)
        yield
    torch.set_num_threads(threads)


def same(got, want):
    got = numpy.asarray(got)
    assert type(got) is not numpy.ndarray or got.dtype == want.dtype
    assert numpy.asarray(got).shape == numpy.shape(want)
    assert numpy.asarray(got).tobytes() == numpy.asarray(want).tobytes(), (got, want)


def same_whole_reductions(a, x):
    """sum, mean, std and var over all axes of torchnp's ``a`` have NumPy's bits on ``x``."""
    same(a.sum(), x.sum())
    same(np.mean(a), numpy.mean(x))
    same(a.std(), x.std())
    if x.size > 1:
        same(a.var(ddof=1), x.var(ddof=1))


def data(draw, shape, dtype):
    n = int(numpy.prod(shape))
    rng = numpy.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    x = rng.standard_normal(n) * 10.0 ** rng.uniform(-4, 4, n) + draw(st.sampled_from([0.0, 1e3]))
    return x.astype(dtype).reshape(shape)


shapes = st.one_of(st.tuples(st.integers(1, 3000)),
                   st.tuples(st.integers(1, 90), st.integers(1, 90)),
                   st.tuples(st.integers(1, 9), st.integers(1, 20), st.integers(1, 40)))


@given(st.data(), shapes, st.sampled_from(["float64", "float32"]), st.integers(2, 4))
def test_sums_and_means_are_numpys_bits(small_parts, d, shape, dtype, threads):
    torch.set_num_threads(threads)
    x = data(d.draw, shape, dtype)
    a = np.asarray(x)
    same(a.sum(), x.sum())
    same(np.mean(a), numpy.mean(x))
    for axis in (0, -1):
        for keepdims in (False, True):
            same(a.sum(axis=axis, keepdims=keepdims), x.sum(axis=axis, keepdims=keepdims))
            same(a.mean(axis=axis, keepdims=keepdims), x.mean(axis=axis, keepdims=keepdims))


@given(st.data(), shapes, st.sampled_from(["float64", "float32"]), st.integers(2, 4),
       st.sampled_from([0, 1, 0.5]))
def test_var_and_std_are_numpys_bits(small_parts, d, shape, dtype, threads, ddof):
    torch.set_num_threads(threads)
    x = data(d.draw, shape, dtype)
    a = np.asarray(x)
    if x.size - ddof > 0:
        same(a.var(ddof=ddof), x.var(ddof=ddof))
        same(np.std(a, ddof=ddof), numpy.std(x, ddof=ddof))


@given(st.data(), st.integers(1, 3000), st.sampled_from(["float64", "float32", "int64", "int16"]),
       st.integers(2, 4), st.sampled_from(["nan", "ties", "plain"]))
def test_argmax_argmin_are_numpys(small_parts, d, n, dtype, threads, kind):
    torch.set_num_threads(threads)
    x = data(d.draw, (n,), "float64")
    if kind == "ties":
        x = numpy.round(x / numpy.abs(x).max() * 3)  # few distinct values: ties across the parts
    if dtype.startswith("int"):
        x = numpy.clip(numpy.nan_to_num(x), -1000, 1000)
    x = x.astype(dtype)
    if kind == "nan" and x.dtype.kind == "f":
        x[d.draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=3))] = numpy.nan
    a = np.asarray(x)
    same(a.argmax(), x.argmax())
    same(np.argmin(a), numpy.argmin(x))


# NumPy's loops run from the table's 10^4 elements (_cpu_kernels.KERNELS; torch's kernel below)
large_shapes = st.one_of(st.tuples(st.integers(10_000, 40_000)),
                         st.tuples(st.integers(100, 200), st.integers(100, 200)))


@given(st.data(), large_shapes, st.integers(2, 4), st.sampled_from(["log", "exp", "tanh", "sqrt", "arctan"]))
def test_unary_loops_in_parts_are_numpys_bits(small_parts, d, shape, threads, name):
    torch.set_num_threads(threads)
    x = numpy.abs(data(d.draw, shape, d.draw(st.sampled_from(["float64", "float32"]))))
    same(getattr(np, name)(np.asarray(x)), getattr(numpy, name)(x))


@given(st.data(), st.integers(2, 4), st.sampled_from(["less", "greater_equal", "equal"]),
       st.sampled_from(["same", "row", "column", "scalar"]))
def test_comparisons_in_parts_broadcast_as_numpy(small_parts, d, threads, name, other):
    torch.set_num_threads(threads)
    x = data(d.draw, (d.draw(st.integers(100, 200)), d.draw(st.integers(100, 200))), "float64")
    y = {"same": lambda: numpy.round(x), "row": lambda: x[:1], "column": lambda: x[:, :1],
         "scalar": lambda: 0.5}[other]()
    ty = np.asarray(y) if type(y) is numpy.ndarray else y
    same(getattr(np, name)(np.asarray(x), ty), getattr(numpy, name)(x, y))
    same(getattr(np, name)(ty, np.asarray(x)), getattr(numpy, name)(y, x))


def test_one_thread_is_one_numpy_call(small_parts, monkeypatch):
    """``torch.set_num_threads(1)``: no parts, so no pool (the rule holds on one thread too)."""
    torch.set_num_threads(1)
    monkeypatch.setattr(_threaded, "_map", None)  # any threaded call would fail
    x = numpy.random.default_rng(0).random((150, 100))
    a = np.asarray(x)
    same(a.sum(), x.sum())
    same(a.std(), x.std())
    same(np.log(a), numpy.log(x))
    same(a.argmax(), x.argmax())
    torch.set_num_threads(2)


def test_a_forked_child_gets_a_new_pool(small_parts):
    """A forked child has none of the parent's worker threads (``os.register_at_fork``)."""
    import multiprocessing

    torch.set_num_threads(2)
    x = numpy.random.default_rng(0).random(4000)
    same(np.asarray(x).sum(), x.sum())  # the parent's pool exists
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(1) as pool:
        assert pool.apply(_child_sum, (x,)) == x.sum()


def _child_sum(x):
    _threaded.MIN_PART = 16
    torch.set_num_threads(2)
    return float(np.asarray(x).sum())


@given(st.data(), st.tuples(st.integers(1, 30), st.integers(1, 40), st.integers(1, 5)), st.integers(2, 4),
       st.sampled_from([0, 1, 2, -1]), st.booleans())
def test_argext_along_an_axis_and_norms_are_numpys(small_parts, d, shape, threads, axis, nan):
    """The k-means lesson's steps: ``argmin(norm(X - means[:, None], axis=2), axis=0)``."""
    torch.set_num_threads(threads)
    x = data(d.draw, shape, "float64")
    if nan:
        x[tuple(d.draw(st.integers(0, s - 1)) for s in shape)] = numpy.nan
    a = np.asarray(x)
    same(np.linalg.norm(a, axis=axis), numpy.linalg.norm(x, axis=axis))
    same(np.argmin(a, axis=axis), numpy.argmin(x, axis=axis))
    same(a.argmax(axis=axis), x.argmax(axis=axis))


@given(st.data(), st.integers(2, 4), st.integers(1, 3000), st.sampled_from(["float64", "float32", "int64"]))
def test_searchsorted_histogram_bincount_in_parts_are_numpys(small_parts, d, threads, n, dtype):
    torch.set_num_threads(threads)
    x = data(d.draw, (n,), "float64")
    x = (x if dtype != "int64" else numpy.clip(numpy.abs(x), 0, 5000)).astype(dtype)
    a = np.asarray(x)
    # searchsorted, histogram and bincount run NumPy's loops from the table's 10^4 elements
    big, nbig = numpy.tile(x, 10_000 // n + 1), np.asarray(numpy.tile(x, 10_000 // n + 1))
    edges = numpy.sort(x[: d.draw(st.integers(1, n))])
    side = d.draw(st.sampled_from(["left", "right"]))
    same(np.searchsorted(np.asarray(edges), nbig, side), numpy.searchsorted(edges, big, side))
    bins = d.draw(st.integers(1, 300))
    rng = d.draw(st.sampled_from([None, (float(x.min()), float(x.max()) + 1.0)]))
    for got, want in zip(np.histogram(nbig, bins, rng), numpy.histogram(big, bins, rng)):
        same(got, want)
    if dtype == "int64":
        minlength = d.draw(st.integers(0, 6000))
        same(np.bincount(nbig, minlength=minlength), numpy.bincount(big, minlength=minlength))
    del a


@pytest.mark.parametrize("special", [numpy.nan, numpy.inf])
def test_histogram_in_parts_of_data_with_nan_or_inf_raises_numpys_error(small_parts, special):
    """The range comes from the parts' min and max (issue 27); a NaN or infinity in any part makes
    NumPy's own call raise its message."""
    torch.set_num_threads(2)
    x = numpy.random.default_rng(0).random(20_000)
    x[15_000] = special
    with pytest.raises(ValueError) as want:
        numpy.histogram(x, 10)
    with pytest.raises(ValueError, match=re.escape(str(want.value))):
        np.histogram(np.asarray(x), 10)
    assert _threaded.histogram(x, 10, None) is None


@given(st.data(), st.one_of(st.tuples(st.integers(1, 300), st.integers(1, 90)),
                            st.tuples(st.integers(1, 30), st.integers(1, 9), st.integers(1, 20))),
       st.sampled_from(["float64", "float32"]), st.integers(2, 4))
def test_first_axis_sums_in_parts_of_columns_are_numpys_bits(small_parts, d, shape, dtype, threads):
    """``FIRST_AXIS_PARTS`` (issue 27: the switch the idle measurement decides): NumPy adds the rows
    in order for each column, so parts of at least 8 columns on threads keep its bits."""
    torch.set_num_threads(threads)
    x = data(d.draw, shape, dtype)
    with pytest.MonkeyPatch.context() as m:
        m.setattr(_threaded, "FIRST_AXIS_PARTS", True)
        for keepdims in (False, True):
            got = _threaded.add_reduce(x, 0, keepdims)
            if got is not None:
                same(got, numpy.add.reduce(x, axis=0, keepdims=keepdims))
            a = np.asarray(x)
            same(a.sum(axis=0, keepdims=keepdims), x.sum(axis=0, keepdims=keepdims))
            same(a.mean(axis=0, keepdims=keepdims), x.mean(axis=0, keepdims=keepdims))


@given(st.data(), shapes, st.sampled_from(["float64", "float32"]), st.integers(2, 4), st.integers(2, 5))
def test_pieces_handed_out_to_free_threads_are_numpys_bits(small_parts, d, shape, dtype, threads, pieces):
    """``PIECES`` (issue 27: the switch the idle measurement decides): more pieces than threads, each
    taken by whichever thread is free, are still nodes of NumPy's tree, rows, columns or parts of an
    elementwise loop, so the results keep NumPy's bits."""
    torch.set_num_threads(threads)
    x = data(d.draw, shape, dtype)
    a = np.asarray(x)
    with pytest.MonkeyPatch.context() as m:
        m.setattr(_threaded, "PIECES", pieces)
        m.setattr(_threaded, "FIRST_AXIS_PARTS", True)
        same_whole_reductions(a, x)
        for axis in (0, -1):
            same(a.sum(axis=axis), x.sum(axis=axis))
            same(a.mean(axis=axis, keepdims=True), x.mean(axis=axis, keepdims=True))
        big = numpy.abs(numpy.tile(x.reshape(-1), 10_000 // x.size + 1))
        same(np.log(np.asarray(big)), numpy.log(big))
        try:
            wanted = numpy.histogram(big, 17)
        except ValueError as exc:  # two float32 values 1.5e-4 apart: too many bins for them (seed 1707647348)
            with pytest.raises(ValueError, match=re.escape(str(exc))):
                np.histogram(np.asarray(big), 17)
            return
        for got, want in zip(np.histogram(np.asarray(big), 17), wanted):
            same(got, want)


def test_map_hands_pieces_to_threads_in_order_and_raises_a_pieces_error(small_parts):
    """``_map(fn, args, threads)``: the results in the arguments' order; an exception in any piece
    reaches the caller."""
    assert _threaded._map(lambda i: i * i, list(range(23)), 3) == [i * i for i in range(23)]

    def fail_at_7(i):
        if i == 7:
            raise ZeroDivisionError("piece 7")
        return i

    with pytest.raises(ZeroDivisionError, match="piece 7"):
        _threaded._map(fail_at_7, list(range(12)), 2)
    assert _threaded._map(lambda i: -i, list(range(5)), 2) == [0, -1, -2, -3, -4]  # the pool still works


def _edge_data(d, n):
    """float64 values drawn from NumPy's own bin edges (values at an edge are where the index
    arithmetic needs NumPy's corrections), a quarter of them on an edge or one ulp beside it."""
    x = data(d.draw, (n,), "float64")
    bins = d.draw(st.integers(1, 300))
    edges = numpy.histogram_bin_edges(x, bins)
    rng = numpy.random.default_rng(d.draw(st.integers(0, 2**32 - 1)))
    at = rng.integers(0, n, n // 4)
    x[at] = numpy.nextafter(edges[rng.integers(0, bins + 1, at.size)], rng.choice([-numpy.inf, 0, numpy.inf], at.size))
    return x, bins


@given(st.data(), st.integers(2, 4), st.integers(1, 3000), st.sampled_from([128, 1000, 1 << 16]),
       st.sampled_from([None, "inside", "outside"]))
def test_histogram_blocks_are_numpys_counts(small_parts, d, threads, n, block, rng):
    """``HIST_BLOCK`` (issue 27: the switch the idle measurement decides): torchnp's copy of NumPy's
    equal-bin loop in its own blocks bins every element as NumPy does, at the edges and one ulp
    beside them too, with the range of the data or of the caller (values outside dropped, NaN and
    infinities among them), so the counts and edges are NumPy's."""
    torch.set_num_threads(threads)
    x, bins = _edge_data(d, n)
    if rng is not None:
        lo, hi = numpy.quantile(x, [0.2, 0.7]) if rng == "inside" else (x.min() - 1.0, x.max() + 1.0)
        rng = (float(lo), float(hi) if d.draw(st.booleans()) else float(lo))
        x[:: 97] = numpy.nan
        x[1:: 89] = -numpy.inf
    big = numpy.tile(x, 10_000 // n + 1)
    with pytest.MonkeyPatch.context() as m:
        m.setattr(_threaded, "HIST_BLOCK", block)
        got = _threaded.histogram(big, bins, rng)
        assert got is not None
        for g, w in zip(got, numpy.histogram(big, bins, rng)):
            same(g, w)
        for g, w in zip(np.histogram(np.asarray(big), bins, rng), numpy.histogram(big, bins, rng)):
            same(g, w)
        with pytest.raises(ValueError) as want:
            numpy.histogram(big, bins, (1.0, 0.0))
        with pytest.raises(ValueError, match=re.escape(str(want.value))):
            np.histogram(np.asarray(big), bins, (1.0, 0.0))


@given(st.data(), st.integers(2, 4), st.integers(1, 3000), st.sampled_from(["float64", "int32", "complex128"]),
       st.sampled_from(["raise", "wrap", "clip"]), st.integers(0, 2))
def test_take_in_parts_is_numpys(small_parts, d, threads, n, dtype, mode, extra_axes):
    """``TAKE_PARTS`` (issue 27: the switch the idle measurement decides): ``take`` along the first axis
    and ``x[idx]`` in parts of the indices are NumPy's gather, and the first out-of-bounds index
    raises NumPy's IndexError."""
    torch.set_num_threads(threads)
    x = data(d.draw, (n,) + (3,) * extra_axes, "float64")
    x = (x * 1000).astype(dtype) if dtype == "int32" else (x + 1j * x[::-1] if dtype == "complex128" else x)
    m = 2 * (5_000 + d.draw(st.integers(0, 1500)))
    idx = numpy.random.default_rng(d.draw(st.integers(0, 2**32 - 1))).integers(
        -n if mode == "raise" else -3 * n, n if mode == "raise" else 3 * n, m)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(_threaded, "TAKE_PARTS", True)
        got = _threaded.take(x, idx, mode)
        assert got is not None
        same(got, numpy.take(x, idx, 0, mode=mode))
        same(np.take(np.asarray(x), np.asarray(idx), axis=0, mode=mode), numpy.take(x, idx, 0, mode=mode))
        two = idx.reshape(-1, 2)[:, ::-1].copy()
        same(np.take(np.asarray(x), np.asarray(two), mode=mode), numpy.take(x, two, mode=mode))
        if mode == "raise":
            same(np.asarray(x)[np.asarray(idx)], x[idx])
        bad = idx.copy()
        bad[d.draw(st.integers(0, m - 1))] = n + 5
        bad[-1] = -n - 7
        with pytest.raises(IndexError) as want:
            numpy.take(x, bad, 0)
        with pytest.raises(IndexError, match=re.escape(str(want.value))):
            _threaded.take(x, bad, "raise")
        with pytest.raises(IndexError, match=re.escape(str(want.value))):
            np.take(np.asarray(x), np.asarray(bad), axis=0)


@given(st.data(), st.integers(2, 4), st.tuples(st.integers(1, 200), st.integers(1, 300)),
       st.sampled_from(["float64", "float32", "complex128"]), st.sampled_from(["ij,ij->i", "ba,ba->b", "ij,ij->j"]))
def test_einsum_rows_in_parts_are_numpys_bits(small_parts, d, threads, shape, dtype, spec):
    """``EINSUM_PARTS`` (issue 27: the switch the idle measurement decides): ``ij,ij->i`` of two
    same-shape matrices in parts of the rows is each row's NumPy einsum loop: NumPy's bits (other
    subscripts: one NumPy call)."""
    torch.set_num_threads(threads)
    a, b = data(d.draw, shape, "float64"), data(d.draw, shape, "float64")
    if dtype == "complex128":
        a, b = a + 1j * b, b - 0.5j * a
    a, b = a.astype(dtype), b.astype(dtype)
    big = lambda t: numpy.tile(t, (10_000 // t.size + 1, 1))  # noqa: E731 - NumPy's loop from 10^4 elements
    with pytest.MonkeyPatch.context() as m:
        m.setattr(_threaded, "EINSUM_PARTS", True)
        got = _threaded.einsum_rows(spec, a, b)
        assert (got is None) == (spec == "ij,ij->j" or min(_threaded.parts(a.size), a.shape[0]) < 2)
        if got is not None:
            same(got, numpy.einsum(spec, a, b))
        same(np.einsum(spec, np.asarray(big(a)), np.asarray(big(b))), numpy.einsum(spec, big(a), big(b)))


@given(st.data(), st.integers(2, 4), shapes, st.sampled_from(["float64", "int32", "bool"]))
def test_mask_in_parts_is_numpys_selection(small_parts, d, threads, shape, dtype):
    """``MASK_PARTS`` (issue 27: the switch the idle measurement decides): ``x[mask]`` in parts, each
    part's count first, then its ``compress`` into its place: NumPy's elements in NumPy's order, at any
    thread count (the ``mask`` row then runs NumPy's from two threads too)."""
    torch.set_num_threads(threads)
    x = data(d.draw, shape, "float64")
    m = x > d.draw(st.sampled_from([-numpy.inf, 0.0, 1.0, numpy.inf]))
    x = x.astype(dtype) if dtype != "bool" else x < 0.5
    reps = (10_000 // x.size + 1,) + (1,) * (x.ndim - 1)
    big, bigm = numpy.tile(x, reps), numpy.tile(m, reps)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(_threaded, "MASK_PARTS", True)
        got = _threaded.mask(x, m)
        assert (got is None) == (_threaded.parts(x.size) < 2)
        if got is not None:
            same(got, x[m])
        same(np.asarray(big)[np.asarray(bigm)], big[bigm])
        if x.ndim > 1:  # a mask of the leading axes: one NumPy call
            same(np.asarray(big)[np.asarray(bigm[..., 0])], big[bigm[..., 0]])


@given(st.data(), st.integers(2, 4), shapes, st.sampled_from(["float64", "float32", "int64", "uint8"]),
       st.sampled_from([None, "nan", "inf"]), st.sampled_from(["max", "min"]))
def test_extrema_in_parts_are_numpys(small_parts, d, threads, shape, dtype, special, kind):
    """``EXTREMA_PARTS`` (issue 27: the switch the idle measurement decides): max/min over all axes as
    NumPy's reduction of parts and then of the parts' values: NumPy's value and scalar type, NaN
    wherever a part holds one."""
    torch.set_num_threads(threads)
    x = data(d.draw, shape, "float64")
    x = (x * 100).astype(dtype) if dtype[0] in "iu" else x.astype(dtype)
    if special and dtype[0] == "f":
        x.reshape(-1)[d.draw(st.integers(0, x.size - 1))] = numpy.nan if special == "nan" else \
            (-numpy.inf if kind == "min" else numpy.inf)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(_threaded, "EXTREMA_PARTS", True)
        from torchnp._reductions import _extrema
        mp.setattr(_extrema, "_PARTS_FROM", 32)
        want = getattr(x, kind)()
        got = _threaded.extreme(x, kind)
        assert got is not None or _threaded.parts(x.size) < 2
        if got is not None:
            same(got, want)
        same(getattr(np.asarray(x), kind)(), want)
        same(getattr(np, kind)(np.asarray(x)), want)


@given(st.data(), shapes, st.sampled_from(["float64", "float32"]), st.integers(2, 4),
       st.sampled_from([0.01, 0.05, 0.2, 0.6]))
def test_a_leading_first_part_keeps_numpys_bits(small_parts, d, shape, dtype, threads, lead):
    """``LEAD`` (issue 27: the switch the idle measurement decides): the calling thread's larger run of
    the tree's nodes, the workers' smaller ones, all nodes of NumPy's tree in order: NumPy's bits."""
    torch.set_num_threads(threads)
    x = data(d.draw, shape, dtype)
    a = np.asarray(x)
    groups = _threaded._lead_groups([5, 3, 8, 1, 1, 9, 2, 4, 7, 6, 2, 2, 3, 1, 1, 8], threads)
    assert [i for g in groups for i in g] == list(range(16)) and all(len(g) for g in groups)
    with pytest.MonkeyPatch.context() as m:
        m.setattr(_threaded, "LEAD", lead)
        same_whole_reductions(a, x)
