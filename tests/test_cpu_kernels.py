"""The best kernel per CPU operation (issue 17, torchnp._cpu_kernels.KERNELS).

Above a row's size threshold a CPU operation runs NumPy's kernel on the zero-copy host
view. Tested at such sizes, with NaNs, signed zeros and ties: the result is NumPy's (the
oracle), and equals what torch's kernel gives (the table switched off) wherever NumPy's
semantics fix the answer (sorted values, stable orders, NaN placement, counts, gathers).
On other devices, while torch.compile traces (§6.2) and for tensors autograd tracks the
table answers ``None``: torch's kernel runs (§3: nothing moves to the host).
"""

import math
import re
from unittest import mock

import numpy
import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

import torchnp
import torchnp._cpu_kernels as kernels
import torchnp._threaded as _threaded
from torchnp._array import TINY_HOST
from support import examples, DEVICE, assert_like_numpy, tnp

pytestmark = [pytest.mark.skipif(torch.device(DEVICE).type != "cpu", reason="the kernel table serves the CPU"),
              # NumPy's kernels, loops and views on host data (§7 best kernel): what the accelerator rules turn off
              pytest.mark.host_rules]

N = 3 * max(k.min_size for op, k in kernels.KERNELS.items() if op != "matmul")  # above these thresholds
DTYPES = ["float64", "float32", "int64", "int32", "int16", "uint8"]


def _values(seed, dtype, n=N):
    """n values of ``dtype`` with many ties; floats also get NaNs, infinities and both zeros."""
    rng = numpy.random.default_rng(seed)
    dtype = numpy.dtype(dtype)
    if dtype.kind == "f":
        a = rng.integers(-50, 50, n).astype(dtype) / 4
        special = numpy.array([numpy.nan, -0.0, 0.0, numpy.inf, -numpy.inf], dtype)
        a[rng.integers(0, n, n // 20)] = special[rng.integers(0, len(special), n // 20)]
        return a
    info = numpy.iinfo(dtype)
    return rng.integers(max(info.min, -1000), min(info.max, 1000), n, endpoint=True).astype(dtype)


def torch_kernels(fn, *args, **kwargs):
    """``fn(*args, **kwargs)`` with the table switched off: torch's kernels, as before the table."""
    with mock.patch.object(kernels, "numpy_kernel", lambda op, *ts: None):
        return fn(*args, **kwargs)


def _bits(x):
    """Exact content of a result (the bytes: tells -0.0 from 0.0 and NaN from NaN payloads alike)."""
    a = numpy.ascontiguousarray(x.to_numpy() if isinstance(x, torchnp.ndarray) else x)
    return a.dtype, a.shape, a.tobytes()


class _numpy_ran:
    """``with _numpy_ran() as ran: ...``; ``ran.called``: NumPy's kernel ran, through ``run``
    (tensor operands), ``_run_in_parts`` (a ufunc loop on parts on torch's threads) or
    ``host_kernel`` (host arrays, no torch call). ``ran.call_count``: how many NumPy calls the
    library made; a ``run`` inside ``_run_in_parts`` (its one-call fallback: one torch thread,
    as under tools/mutate.py, or a shape the parts cannot follow) is the same call, counted once."""

    def __enter__(self):
        real_host, real_run, real_parts = kernels.host_kernel, kernels.run, kernels._run_in_parts
        self.hosts, self.runs, self.parts, self._inside = [], 0, 0, 0

        def host(*args, **kwargs):
            r = real_host(*args, **kwargs)
            self.hosts.append(r is not None)
            return r

        def run(*args, **kwargs):
            self.runs += not self._inside
            return real_run(*args, **kwargs)

        def parts(*args, **kwargs):
            self.parts += 1
            self._inside += 1
            try:
                return real_parts(*args, **kwargs)
            finally:
                self._inside -= 1

        self._patches = [mock.patch.object(kernels, "run", run), mock.patch.object(kernels, "host_kernel", host),
                         mock.patch.object(kernels, "_run_in_parts", parts)]
        for p in self._patches:
            p.__enter__()
        return self

    def __exit__(self, *exc):
        for p in reversed(self._patches):
            p.__exit__(*exc)

    @property
    def called(self):
        return self.call_count > 0

    @property
    def call_count(self):
        return self.runs + self.parts + sum(self.hosts)


def _same(a, b):
    if isinstance(a, tuple):
        assert len(a) == len(b)
        for x, y in zip(a, b):
            _same(x, y)
        return
    assert _bits(a) == _bits(b)


CASES = {
    # name: (torchnp call, NumPy call, results equal torch's kernel bit for bit)
    "sort": (lambda a: torchnp.sort(a), lambda a: numpy.sort(a), False),  # -0.0/0.0: order unspecified
    "sort stable": (lambda a: torchnp.sort(a, stable=True), lambda a: numpy.sort(a, stable=True), True),
    "argsort": (lambda a: torchnp.argsort(a), lambda a: numpy.argsort(a), False),  # NumPy's order of ties
    "argsort stable": (lambda a: torchnp.argsort(a, kind="stable"), lambda a: numpy.argsort(a, stable=True), True),
    "unique": (lambda a: torchnp.unique(a, return_index=True, return_inverse=True, return_counts=True),
               lambda a: numpy.unique(a, return_index=True, return_inverse=True, return_counts=True), True),
    "histogram": (lambda a: torchnp.histogram(a[torchnp.isfinite(a)] if a.dtype.kind == "f" else a, 37),
                  lambda a: numpy.histogram(a[numpy.isfinite(a)] if a.dtype.kind == "f" else a, 37), True),
    "take": (lambda a: torchnp.take(a, torchnp.arange(-N, N, 3)), lambda a: numpy.take(a, numpy.arange(-N, N, 3)),
             True),
    "gather": (lambda a: a[torchnp.arange(N - 1, -N, -2)], lambda a: a[numpy.arange(N - 1, -N, -2)], True),
    # NumPy's first index of the extreme (NaN first where there is one), flat and along each axis
    "argmin/argmax": (lambda a: [torchnp.argmin(a), torchnp.argmax(a), torchnp.argmin(a.reshape(-1, 100), axis=0),
                                 torchnp.argmax(a.reshape(-1, 100), axis=1, keepdims=True)],
                      lambda a: [numpy.argmin(a), numpy.argmax(a), numpy.argmin(a.reshape(-1, 100), axis=0),
                                 numpy.argmax(a.reshape(-1, 100), axis=1, keepdims=True)], False),
    # a C-ordered copy of strided data: NumPy's copy loop, C-contiguous as NumPy's
    "copy": (lambda a: (a.reshape(-1, 100).T.copy(), a[::-3].copy(), a.reshape(-1, 100).T.copy(order="A")),
             lambda a: (a.reshape(-1, 100).T.copy(), a[::-3].copy(), a.reshape(-1, 100).T.copy(order="A")), True),
    # a product of equal operands is NumPy's einsum loop
    "einsum": (lambda a: [torchnp.einsum(s, a.reshape(-1, 100), a.reshape(-1, 100)[::-1]) for s in EINSUMS],
               lambda a: [numpy.einsum(s, a.reshape(-1, 100), a.reshape(-1, 100)[::-1]) for s in EINSUMS], False),
}
EINSUMS = ("ij,ij->i", "ij,ij->j", "ij,ij->", "ij,ij->ji")


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("dtype", DTYPES)
@settings(max_examples=examples(3), deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_numpy_kernel_gives_numpys_result_and_torchs(name, dtype, seed):
    tn_call, np_call, bit_identical = CASES[name]
    a = _values(seed, dtype)
    with _numpy_ran() as ran:
        got = tn_call(tnp(a))
    assert ran.called == (name != "einsum" or dtype.startswith("float"))  # NumPy's kernel ran
    assert_like_numpy(got, np_call(a), rtol=0, atol=0)
    if bit_identical:
        _same(got, torch_kernels(tn_call, tnp(a)))


def test_strided_copy_is_c_ordered_as_numpys():
    """§7 (row ``copy``): NumPy's copy loop keeps NumPy's layout (C order, its strides) and dtype."""
    a = _values(0, "float32").reshape(-1, 100)
    for key in ((slice(None), slice(None)), (slice(None, None, 2), slice(None, None, -1))):
        got, want = tnp(a)[key].T.copy(), a[key].T.copy()
        assert got.strides == want.strides and got.flags.c_contiguous and got.flags.owndata
        assert_like_numpy(got, want, rtol=0, atol=0)


@pytest.mark.parametrize("dtype", DTYPES)
@settings(max_examples=examples(3), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), kth=st.integers(-N, N - 1))
def test_partition_is_numpys_introselect(dtype, seed, kth):
    a = _values(seed, dtype)
    with _numpy_ran() as ran:
        assert_like_numpy(torchnp.partition(tnp(a), kth), numpy.partition(a, kth), rtol=0, atol=0)
    assert ran.called
    assert_like_numpy(torchnp.argpartition(tnp(a), [kth, 0]), numpy.argpartition(a, [kth, 0]))


@pytest.mark.parametrize("dtype", DTYPES)
@settings(max_examples=examples(3), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), side=st.sampled_from(["left", "right"]))
def test_searchsorted_and_bincount(dtype, seed, side):
    a = numpy.sort(_values(seed, dtype))
    v = _values(seed + 1, dtype)[: kernels.KERNELS["searchsorted"].max_size - 1]  # (torch's search from max_size)
    with _numpy_ran() as ran:
        got = torchnp.searchsorted(tnp(a), tnp(v), side)
    assert ran.called
    assert_like_numpy(got, numpy.searchsorted(a, v, side))
    _same(got, torch_kernels(torchnp.searchsorted, tnp(a), tnp(v), side))
    if numpy.dtype(dtype).kind != "f":
        x = numpy.abs(v.astype(numpy.int64))
        w = _values(seed, "float64")[: x.size]
        for args in ((x,), (x, w)):
            got = torchnp.bincount(*map(tnp, args), minlength=5)
            assert_like_numpy(got, numpy.bincount(*args, minlength=5), rtol=0, atol=0)


@settings(max_examples=examples(5), deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_scatter_matches_numpy_and_torch(seed):
    rng = numpy.random.default_rng(seed)
    a = rng.random((N, 3))
    idx = rng.permutation(N)[: N // 2] - N // 4  # distinct indices, some negative
    v = rng.random((N // 2, 3))
    expected = a.copy()
    expected[idx] = v
    x = tnp(a)
    with _numpy_ran() as ran:
        x[tnp(idx)] = tnp(v)
    assert ran.called
    assert_like_numpy(x, expected, rtol=0, atol=0)
    y = tnp(a)
    torch_kernels(y.__setitem__, tnp(idx), tnp(v))
    _same(x, y)


@pytest.mark.parametrize("name", ["var", "std", "nanvar", "nanstd"])
@pytest.mark.parametrize("dtype", ["float64", "float32"])
@settings(max_examples=examples(3), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), axis=st.sampled_from([None, 0, 1, (0, 1)]), ddof=st.sampled_from([0, 1, 2.5]),
       keepdims=st.booleans())
def test_variances_are_numpys(name, dtype, seed, axis, ddof, keepdims):
    a = _values(seed, dtype).reshape(-1, 150)
    a = a if name.startswith("nan") else numpy.where(numpy.isfinite(a), a, 1.5)
    with _numpy_ran() as ran:
        got = getattr(torchnp, name)(tnp(a), axis=axis, ddof=ddof, keepdims=keepdims)
    assert ran.called
    assert_like_numpy(got, getattr(numpy, name)(a, axis=axis, ddof=ddof, keepdims=keepdims), rtol=0, atol=0)


def test_large_matmul_is_numpys_and_small_stays_torchs(monkeypatch):
    side = int(kernels.KERNELS["matmul"].min_size ** 0.5)
    rng = numpy.random.default_rng(0)
    a, b = rng.random((side, side)), rng.random((side, 7))
    assert_like_numpy(tnp(a) @ tnp(b), a @ b, rtol=0, atol=0)
    assert_like_numpy(torchnp.matmul(tnp(a), tnp(b.astype(numpy.float32))), a @ b.astype(numpy.float32), rtol=0, atol=0)
    assert kernels.numpy_kernel("matmul", torch.from_numpy(a[:10]), torch.from_numpy(b), context=(2, 2)) is None
    big = torch.from_numpy(a).expand(3, side, side)
    monkeypatch.setattr(torch, "get_num_threads", lambda: 2)
    assert kernels.numpy_kernel("batched_matmul", big, big, context=(3, 3)) is not None  # batched, two threads: NumPy's loop


@pytest.mark.parametrize("dtype", ["float64", "float32"])
@settings(max_examples=examples(3), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.sampled_from([None, N // 2, N + 7]),
       norm=st.sampled_from([None, "ortho", "forward"]))
def test_rfft_is_numpys(dtype, seed, n, norm):
    a = numpy.random.default_rng(seed).random(N).astype(dtype)
    with _numpy_ran() as ran:
        got = torchnp.fft.rfft(tnp(a), n, norm=norm)
    assert ran.called
    assert_like_numpy(got, numpy.fft.rfft(a, n, norm=norm), rtol=0, atol=0)


@pytest.mark.parametrize("dtype", ["float64", "complex128"])
def test_eigh_and_svd_are_numpys(dtype):
    side = int(max(kernels.KERNELS["eigh"].min_size, kernels.KERNELS["svd"].min_size) ** 0.5)
    rng = numpy.random.default_rng(0)
    a = rng.random((side, side)).astype(dtype)
    a = a + a.conj().T
    with _numpy_ran() as ran:
        assert_like_numpy(tuple(torchnp.linalg.eigh(tnp(a), "U")), tuple(numpy.linalg.eigh(a, "U")), rtol=0, atol=0)
        assert_like_numpy(tuple(torchnp.linalg.svd(tnp(a), full_matrices=False)),
                          tuple(numpy.linalg.svd(a, full_matrices=False)), rtol=0, atol=0)
        assert_like_numpy(torchnp.linalg.svd(tnp(a), compute_uv=False), numpy.linalg.svd(a, compute_uv=False),
                          rtol=0, atol=0)
    assert ran.call_count == 3


def test_errors_are_numpys():
    a = numpy.arange(N, dtype=numpy.float64)
    for call in (lambda m, x: x[m.arange(N + 1)], lambda m, x: m.take(x, m.arange(N + 1)),
                 lambda m, x: m.bincount(m.arange(N) - 1), lambda m, x: m.partition(x, N)):
        with pytest.raises(Exception) as expected:
            call(numpy, a)
        with pytest.raises(expected.type, match=str(expected.value).split("(")[0].strip()):
            call(torchnp, tnp(a))


def test_table_answers_none_where_torch_must_run(monkeypatch):
    big = torch.arange(N, dtype=torch.float64)
    assert kernels.numpy_kernel("sort", big) is not None
    assert kernels.numpy_kernel("sort", big[:10]) is None  # below the threshold
    assert kernels.numpy_kernel("sort", big.to("meta")) is None  # not on the CPU
    assert kernels.numpy_kernel("sort", big.clone().requires_grad_()) is None  # autograd tracks it
    assert kernels.numpy_kernel("sort", big.to(torch.bfloat16)) is None  # no NumPy dtype
    m = big.reshape(-1, 100)
    assert kernels.numpy_kernel("einsum", m, m, context="ij,ij->i") is not None
    assert kernels.numpy_kernel("einsum", m, m.T, context="ij,jk->ik") is None  # a matmul: torch's BLAS
    monkeypatch.setattr(kernels, "_compiling", lambda: True)  # torch.compile traces (§6.2)
    assert kernels.numpy_kernel("sort", big) is None


def test_numpy_kernel_reads_the_tensor_in_place_and_returns_numpys_memory():
    x = tnp(_values(0, "float64"))
    seen = {}

    def spy(a, *args):
        seen["shares"] = numpy.shares_memory(a, x.to_numpy())
        return numpy.take(a, *args)

    r = kernels.run(spy, x._t, numpy.arange(3), 0)
    assert seen["shares"] and isinstance(r, torch.Tensor) and tuple(r.shape) == (3,)


def test_autograd_still_flows_through_large_sorts():
    x = torchnp.asarray(numpy.random.default_rng(1).permutation(N) * 0.5)  # no ties: one gradient
    g = torchnp.grad(lambda a: torchnp.sum(torchnp.sort(a) * torchnp.arange(N)))(x)
    expected = numpy.empty(N)
    expected[numpy.argsort(x.to_numpy())] = numpy.arange(N)
    assert_like_numpy(g, expected)


# ---------------------------------------------------------------- ufuncs, masks, where, BLAS/LAPACK (issue 17)
UNARY = sorted(op for op in kernels.KERNELS
               if isinstance(getattr(numpy, op, None), numpy.ufunc) and getattr(numpy, op).nin == 1)
COMPARISONS = ["equal", "not_equal", "less", "less_equal", "greater", "greater_equal"]


@pytest.mark.parametrize("name", UNARY)
@pytest.mark.parametrize("dtype", ["float64", "float32"])
@settings(max_examples=examples(2), deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_routed_ufuncs_give_numpys_bits(name, dtype, seed):
    """§5.2 / issue 17: a large CPU ufunc call on a routed loop is NumPy's own loop (NaNs, infinities,
    signed zeros and out-of-domain values included), silent as torch's kernels are; a loop the table
    leaves to torch (float64 sin) still runs torch's kernel."""
    a = _values(seed, dtype) * numpy.asarray(0.37, dtype)  # many values inside (-1, 1) and outside
    routed = kernels.KERNELS[name].dtypes.__contains__(getattr(torch, dtype))
    with _numpy_ran() as ran, numpy.errstate(all="raise"):
        got = getattr(torchnp, name)(tnp(a))  # torchnp's ufuncs never warn or raise on values
    assert ran.called == routed
    with numpy.errstate(all="ignore"):
        expected = getattr(numpy, name)(a)
    assert_like_numpy(got, expected, rtol=None if not routed else 0, atol=None if not routed else 0)
    if routed:
        _same(got, expected)


@pytest.mark.parametrize("name", COMPARISONS)
@pytest.mark.parametrize("dtype", DTYPES)
@settings(max_examples=examples(2), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), scalar=st.sampled_from([0, 3, -1.5, 300, float("nan")]))
def test_routed_comparisons_are_numpys(name, dtype, seed, scalar):
    a, b = _values(seed, dtype), _values(seed + 1, dtype)
    f, uf = getattr(torchnp, name), getattr(numpy, name)
    with _numpy_ran() as ran:
        got = [f(tnp(a), tnp(b)), f(tnp(a), scalar), f(scalar, tnp(a)), f(tnp(a), tnp(b[:1]))]
    assert ran.call_count >= 3
    for g, e in zip(got, [uf(a, b), uf(a, scalar), uf(scalar, a), uf(a, b[:1])]):
        assert_like_numpy(g, e)


@pytest.mark.parametrize("dtype", ["complex128", "complex64"])
@pytest.mark.parametrize("n", [65, 3000, 2**19])  # past the tiny path; 2^19: on parts on torch's threads
@settings(max_examples=examples(2), deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_complex_divide_is_numpys_loop(dtype, n, seed):
    """Complex divide of host data is NumPy's loop at every size, bit for bit: parts huge, tiny,
    about 1, zero, infinite or NaN. torch's loop fused products into FMAs: a last-place rounding away,
    and (-1e250+1.5e250j) / (-1e-250+1.5e-250j) gave inf+infj for NumPy's inf+0j (seed 215294188)."""
    e = 30 if dtype == "complex64" else 250
    parts = numpy.array([0.0, -0.0, 1.0, -0.75, 1.5, 10.0 ** e, -1.5 * 10.0 ** e, 10.0 ** -e, -1.5 * 10.0 ** -e,
                         numpy.inf, -numpy.inf, numpy.nan])
    rng = numpy.random.default_rng(seed)
    a, b = numpy.empty(n, dtype), numpy.empty(n, dtype)
    for v in (a.real, a.imag, b.real, b.imag):
        v[...] = rng.choice(parts, n)
    a[:2], b[:2] = [-1.0 * 10.0 ** e + 1.5j * 10.0 ** e] * 2, [-1.0 * 10.0 ** -e + 1.5j * 10.0 ** -e, 1.5 + 1.0j]
    with numpy.errstate(all="ignore"):
        expected = [numpy.divide(a, b), numpy.divide(a, b[:1]), numpy.divide(a[0], b)]
    got = [torchnp.divide(tnp(a), tnp(b)), tnp(a) / tnp(b[:1]), a[0] / tnp(b)]
    for g, x in zip(got, expected):
        _same(g, x)


def test_routed_ufuncs_keep_out_where_and_operators():
    a = _values(0, "float64")
    out = tnp(numpy.full(N, 7.0))
    w = a > 0
    with _numpy_ran() as ran:
        r = torchnp.exp(tnp(a), out=out, where=tnp(w))
        x = tnp(a)
        x **= 1  # an operator on the same path
        cmp = x >= 0.25
    assert r is out and ran.call_count == 2
    _same(out, numpy.exp(a, out=numpy.full(N, 7.0), where=w))
    _same(cmp, a >= 0.25)


@pytest.mark.parametrize("dtype", ["float64", "int32", "bool", "complex128"])
@settings(max_examples=examples(3), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), shape=st.sampled_from([(N,), (N // 100, 100)]), threads=st.sampled_from([1, 2]))
def test_boolean_mask_and_where_are_numpys(dtype, seed, shape, threads):
    """NumPy's loops while torch runs one thread, torch's parallel kernels from two (issue 27):
    NumPy's elements either way."""
    rng = numpy.random.default_rng(seed)
    a = (rng.random(shape) * 100).astype(dtype)
    m = rng.random(shape) < 0.3
    x = tnp(a)
    before = torch.get_num_threads()
    torch.set_num_threads(threads)
    try:
        with _numpy_ran() as ran:
            got = [x[tnp(m)], x[tnp(m[:, 0] if len(shape) == 2 else m)], torchnp.where(tnp(m), x, x[::-1].copy())]
    finally:
        torch.set_num_threads(before)
    # _threaded.MASK_PARTS: both masks are NumPy's at every thread count (x's shape in parts)
    in_parts = 2 if _threaded.MASK_PARTS else 0
    assert ran.call_count == (3 if threads == 1 else in_parts)
    for g, e in zip(got, [a[m], a[m[:, 0] if len(shape) == 2 else m], numpy.where(m, a, a[::-1])]):
        assert_like_numpy(g, e, rtol=0, atol=0)
        _same(g, e)
    with pytest.raises(IndexError, match="boolean index did not match indexed array along axis 0"):
        x[tnp(m.reshape(-1)[:-1])]


def _square(side, seed=0, spd=False):
    a = numpy.random.default_rng(seed).random((side, side))
    return a @ a.T + side * numpy.eye(side) if spd else a + numpy.eye(side)


def test_lapack_through_numpy_is_numpys():
    """solve, det, cholesky (both triangles) and lstsq from the rows' size: NumPy's LAPACK calls,
    bit for bit, with NumPy's LinAlgError."""
    side = max(8, int(max(kernels.KERNELS[op].min_size for op in ("solve", "det", "cholesky")) ** 0.5))
    a, s = _square(side), _square(side, 1, spd=True)
    b, b2 = numpy.random.default_rng(2).random(side), numpy.random.default_rng(3).random((side, 3))
    tall = numpy.random.default_rng(4).random((4 * side, side // 4))
    tall[:, 1] = tall[:, 0]  # rank-deficient: no residuals, NumPy's rank
    r = numpy.random.default_rng(5).random(4 * side)
    calls = [
        lambda m, a, s, b, b2, t, r: m.linalg.solve(a, b), lambda m, a, s, b, b2, t, r: m.linalg.solve(a, b2),
        lambda m, a, s, b, b2, t, r: m.linalg.det(a), lambda m, a, s, b, b2, t, r: m.linalg.cholesky(s),
        lambda m, a, s, b, b2, t, r: m.linalg.cholesky(s, upper=True),
        lambda m, a, s, b, b2, t, r: tuple(m.linalg.lstsq(a, b2, rcond=None)),
        lambda m, a, s, b, b2, t, r: tuple(m.linalg.lstsq(t, r, rcond=-1)),
        lambda m, a, s, b, b2, t, r: tuple(m.linalg.lstsq(t[:, 2:], r, rcond=None)),
    ]
    for call in calls:
        with _numpy_ran() as ran:
            got = call(torchnp, *map(tnp, (a, s, b, b2, tall, r)))
        assert ran.called
        expected = call(numpy, a, s, b, b2, tall, r)
        assert_like_numpy(got, expected, rtol=0, atol=0)
        _same(tuple(map(numpy.asarray, got)) if isinstance(got, tuple) else numpy.asarray(got),
              tuple(map(numpy.asarray, expected)) if isinstance(expected, tuple) else numpy.asarray(expected))
    singular = a.copy()
    singular[1] = singular[0]
    with pytest.raises(numpy.linalg.LinAlgError, match="Singular matrix"):
        torchnp.linalg.solve(tnp(singular), tnp(b))
    with pytest.raises(numpy.linalg.LinAlgError, match="Matrix is not positive definite"):
        torchnp.linalg.cholesky(tnp(-s))


def test_products_through_numpy_are_numpys(monkeypatch):
    """dot and matmul of two matrices from the row's size; a batch of matmuls at every thread
    count (NumPy loops over it; the idle run of 2026-11-27 had it 0.88x torch's two threads)."""
    side = int(kernels.KERNELS["dot"].min_size ** 0.5)
    rng = numpy.random.default_rng(0)
    a, b = rng.random((side, side)), rng.random((side, side)).astype(numpy.float32)
    batch, batch2 = rng.random((3, side, side)), rng.random((side, 5))
    with _numpy_ran() as ran:
        got = [torchnp.dot(tnp(a), tnp(a)), torchnp.dot(tnp(b), tnp(b)), tnp(a) @ tnp(a)]
    assert ran.call_count == 3
    for g, e in zip(got, [numpy.dot(a, a), numpy.dot(b, b), a @ a]):
        _same(g, e)
    big = torch.from_numpy(batch)
    monkeypatch.setattr(torch, "get_num_threads", lambda: 2)
    assert kernels.numpy_kernel("batched_matmul", big, big, context=(3, 3)) is not None  # NumPy's loop, also on 2 threads
    assert kernels.numpy_kernel("batched_matmul", big, big, context=(3, 1)) is None  # a stack times a vector: torch's
    monkeypatch.setattr(torch, "get_num_threads", lambda: 1)
    with _numpy_ran() as ran:
        got = torchnp.matmul(tnp(batch), tnp(batch2))
    assert ran.called
    _same(got, numpy.matmul(batch, batch2))


@pytest.mark.parametrize("dtype", ["complex128", "complex64", "float64"])
@settings(max_examples=examples(3), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.sampled_from([None, N // 2, N + 7]),
       norm=st.sampled_from([None, "ortho", "forward"]))
def test_fft_is_numpys_on_one_torch_thread(dtype, seed, n, norm):
    rng = numpy.random.default_rng(seed)
    a = (rng.random(N) + (1j * rng.random(N) if dtype.startswith("complex") else 0)).astype(dtype)
    with _numpy_ran() as ran, \
            mock.patch.object(torch, "get_num_threads", lambda: 1):
        got = torchnp.fft.fft(tnp(a), n, norm=norm)
    assert ran.called
    _same(got, numpy.fft.fft(a, n, norm=norm))
    assert kernels.numpy_kernel("fft", torch.from_numpy(a)) is (None if torch.get_num_threads() > 1 else
                                                                  kernels.KERNELS["fft"].run)


# ---------------------------------------------------------------- tiny host arrays (TINY_HOST)
TINY_UNARY = ["sin", "exp", "tanh", "sqrt", "log", "negative", "absolute", "sign", "floor", "isnan", "square"]
TINY_BINARY = ["add", "subtract", "multiply", "true_divide", "floor_divide", "power", "maximum", "greater",
               "arctan2", "bitwise_and", "logical_xor", "remainder", "gcd"]
TINY_DTYPES = ["float64", "float32", "int64", "int32", "uint8", "uint64", "bool", "complex128"]


def _tiny_values(seed, dtype, n):
    if dtype == "bool":
        return numpy.random.default_rng(seed).random(n) > 0.5
    if dtype == "complex128":
        rng = numpy.random.default_rng(seed)
        return _values(seed, "float64", n) + 1j * rng.integers(-3, 3, n)
    return _values(seed, dtype, n)


def _numpy_or_error(fn, *args):
    try:
        with numpy.errstate(all="ignore"):
            return fn(*args), None
    except Exception as exc:  # noqa: BLE001 - the oracle's error is the expected one
        return None, exc


@pytest.mark.parametrize("dtype", TINY_DTYPES)
@settings(max_examples=examples(8), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(0, TINY_HOST),
       name=st.sampled_from(TINY_UNARY + TINY_BINARY), scalar=st.sampled_from([None, 3, -2, 0.5]))
def test_tiny_host_ufuncs_are_numpys(dtype, seed, n, name, scalar):
    """§3.3, issue 17: a ufunc on host arrays of at most TINY_HOST elements is NumPy's own loop on
    their host views: NumPy's bits, dtype and errors; the result keeps its host view, shares memory
    with its tensor, and a chain of such calls stays on that path."""
    a = _tiny_values(seed, dtype, n)
    b = _tiny_values(seed + 1, dtype, n)
    f, uf = getattr(torchnp, name), getattr(numpy, name)
    args = (a,) if name in TINY_UNARY else (a, b if scalar is None else scalar)
    expected, error = _numpy_or_error(uf, *args)
    with numpy.errstate(all="ignore"):
        if error is not None:
            with pytest.raises(type(error)):
                f(*[torchnp.asarray(x) if isinstance(x, numpy.ndarray) else x for x in args])
            return
        got = f(*[torchnp.asarray(x) if isinstance(x, numpy.ndarray) else x for x in args])
        _same(got, expected)
        host = got._h
        assert type(host) is numpy.ndarray  # NumPy's result is the host view
        if n:
            got.tensor.fill_(0)  # one memory: a write through the tensor shows in NumPy's view
            assert not host.any()
        chained = torchnp.negative(torchnp.add(torchnp.asarray(a), torchnp.asarray(a))) if dtype != "bool" else None
    if chained is not None:
        with numpy.errstate(all="ignore"):
            _same(chained, numpy.negative(a + a))


def test_tiny_host_ufuncs_warn_and_raise_as_numpy():
    """NumPy's loop, NumPy's floating-point errors: warnings, np.errstate and FloatingPointError
    (docs/differences.md, "Floating-point errors")."""
    zero = torchnp.asarray(numpy.zeros(3))
    with numpy.errstate(divide="warn"), pytest.warns(RuntimeWarning, match="divide by zero encountered in log"):
        torchnp.log(zero)
    with torchnp.errstate(divide="ignore"):
        _same(torchnp.log(zero), numpy.full(3, -numpy.inf))
    with torchnp.errstate(invalid="raise"), pytest.raises(FloatingPointError, match="invalid value"):
        torchnp.sqrt(torchnp.asarray([-1.0]))


def test_tiny_host_ufuncs_of_0d_arrays_are_numpys_scalars():
    """§1.3: 0-d host arrays give NumPy's scalar, of NumPy's type."""
    for got, expected in [(torchnp.add(torchnp.asarray(1.5), torchnp.asarray(2.0)), numpy.add(numpy.asarray(1.5), 2.0)),
                          (torchnp.sin(torchnp.asarray(numpy.float32(0.5))), numpy.sin(numpy.float32(0.5))),
                          (torchnp.asarray(3) * 2, numpy.asarray(3) * 2)]:
        assert type(got) is type(expected) and got == expected


def test_tiny_path_keeps_autograd_and_devices():
    """The tiny path never serves data NumPy may not read: a tensor that turned on requires_grad
    after its host view was found (through ``x.tensor``), arrays inside torch.func transforms and
    arrays on another device (results of those inherit ``_h is False``)."""
    x = torchnp.asarray([0.5, 1.0])
    torchnp.sin(x)  # finds the host view
    x.tensor.requires_grad_(True)
    y = torchnp.sin(x)
    assert y.tensor.grad_fn is not None
    y.tensor.sum().backward()
    numpy.testing.assert_allclose(x.tensor.grad.numpy(), numpy.cos([0.5, 1.0]))
    g = torchnp.grad(lambda v: torchnp.sum(torchnp.sin(v) * v))(torchnp.asarray([0.5, 1.0]))
    numpy.testing.assert_allclose(g.to_numpy(), numpy.cos([0.5, 1.0]) * [0.5, 1.0] + numpy.sin([0.5, 1.0]))
    m = torchnp.ones(3, device="meta")
    r = torchnp.add(torchnp.sin(m), 1.0)
    assert r.device.type == "meta" and r._host_array() is False
    assert torchnp.sin(r)._h is False  # known off the host: the result of an array known off it


@pytest.mark.parametrize("maker", ["zeros", "ones", "empty"])
@pytest.mark.parametrize("dtype", [None, "int32", "complex64", "bool"])
@pytest.mark.parametrize("n", [0, 1, TINY_HOST, TINY_HOST + 1])
def test_tiny_creation_is_numpys_array(maker, dtype, n):
    """empty/zeros/ones on the CPU: NumPy's dtype and values; a tiny one is NumPy's array held as
    the host view (one memory with the tensor)."""
    got = getattr(torchnp, maker)(n, dtype=dtype, device="cpu")
    expected = getattr(numpy, maker)(n, dtype=dtype)
    if maker != "empty":
        _same(got, expected)
    assert got.dtype == expected.dtype and got.shape == expected.shape
    if n <= TINY_HOST:
        assert type(got._h) is numpy.ndarray
        got[...] = 1
        assert (got._h == 1).all() and bool((got.tensor == 1).all())


@pytest.mark.parametrize("name", sorted(kernels.NOT_NUMPYS))
def test_ufuncs_that_differ_from_numpy_on_purpose_never_take_the_tiny_path(name):
    """Where torchnp's answer deliberately differs from NumPy's (complex expm1's C99 special values,
    as the array API standard specifies), a tiny host array gets the same answer as a large one."""
    inf, nan = numpy.inf, numpy.nan
    z = numpy.array([complex(inf, 0), complex(-inf, inf), complex(inf, inf), complex(-inf, nan),
                     complex(nan, 0), 0j, 1 + 1j])
    large = numpy.tile(z, TINY_HOST // len(z) + 1)
    tiny_result = getattr(torchnp, name)(torchnp.asarray(z)).to_numpy()
    large_result = getattr(torchnp, name)(torchnp.asarray(large)).to_numpy()[:len(z)]
    _same(tiny_result, large_result)
    assert numpy.isinf(tiny_result[0].real) and tiny_result[0].imag == 0  # C99: expm1(inf + 0j) = inf + 0j


_SLICES = st.builds(slice, st.none() | st.integers(-12, 12), st.none() | st.integers(-12, 12),
                    st.none() | st.integers(1, 4))


@pytest.mark.parametrize("dtype", TINY_DTYPES)
@settings(max_examples=examples(10), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(0, TINY_HOST), key=_SLICES,
       shape=st.sampled_from([(-1,), (1, -1), (-1, 1), (-2, 1, 1)]))
def test_tiny_host_views_are_numpys(dtype, seed, n, key, shape):
    """§1.2, issue 17: ``x[slice]`` and ``x.reshape`` of host arrays of at most TINY_HOST elements
    are NumPy's views (its values, shape, dtype and base, chains collapsed to the owner); one memory
    with the array both ways, through NumPy's and torch's write paths; the tensor made on first use
    is a torch view of the array's tensor."""
    a = _tiny_values(seed, dtype, n)
    x = torchnp.asarray(a.copy())
    for v, e in [(x[key], a[key]), (x.reshape(*shape), a.reshape(*shape)), (x.reshape(shape), a.reshape(shape))]:
        _same(v, e)
        assert type(v._h) is numpy.ndarray and v.base is x and (e.base is a)
        assert v[1:].base is x and e[1:].base is a  # a view of a view: base is the owner, as NumPy's
        assert v.tensor._base is x.tensor  # the torch view, made now
    v, e = x[key], a[key]
    if e.size:
        v[0] = a[0]  # through NumPy's scalar write
        e[0] = a[0]
        torchnp.copyto(v, torchnp.flip(v))  # through torch's
        numpy.copyto(e, numpy.flip(e))
        _same(x, a)
    x[...] = a[::-1]  # the array's writes show in the view
    a[...] = a[::-1].copy()
    _same(v, e)


_ACCUMULATIONS = {
    "cumsum": lambda m, a, axis: m.cumsum(a, axis), "cumprod": lambda m, a, axis: m.cumprod(a, axis),
    "nancumsum": lambda m, a, axis: m.nancumsum(a, axis), "nancumprod": lambda m, a, axis: m.nancumprod(a, axis),
    "cumulative_sum": lambda m, a, axis: m.cumulative_sum(a, axis=0 if axis is None else axis),
    "add.accumulate": lambda m, a, axis: m.add.accumulate(a, 0 if axis is None else axis),
    "multiply.accumulate": lambda m, a, axis: m.multiply.accumulate(a, 0 if axis is None else axis),
    "subtract.accumulate": lambda m, a, axis: m.subtract.accumulate(a, 0 if axis is None else axis),
}


@pytest.mark.parametrize("dtype", ["float16", "float32", "complex64", "float64", "complex128", "int32"])
@settings(max_examples=examples(10), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), shape=st.sampled_from([(1,), (7,), (1000,), (33, 40), (3, 1, 500)]),
       name=st.sampled_from(sorted(_ACCUMULATIONS)), axis=st.sampled_from([None, 0, -1]))
def test_accumulations_of_host_data_are_numpys_bits(dtype, seed, shape, name, axis):
    """§7, §3.3: cumsum, cumprod, their nan- and cumulative_ forms and ufunc.accumulate of host data
    are NumPy's bits: its loop rounds every running value to the dtype, where torch's CPU kernels
    carry float16, float32 and complex64 in a wider type (a float32 cumsum of 1000 values: most of
    its sums differ in the last place)."""
    rng = numpy.random.default_rng(seed)
    n = math.prod(shape)
    a = rng.standard_normal(n) * 10.0 ** rng.integers(-3, 3, n)
    if numpy.dtype(dtype).kind == "c":
        a = a + 1j * rng.standard_normal(n)
    if "prod" in name:
        a = 1 + a / 1000  # running products stay in range
    a = a.astype(dtype).reshape(shape) if dtype != "int32" else rng.integers(-9, 9, shape).astype(dtype)
    if a.dtype.kind == "f" and n > 3:
        a.flat[rng.integers(0, n, 2)] = numpy.nan
    if name.startswith("cumulative") and axis is None and a.ndim > 1:
        axis = 0
    with numpy.errstate(all="ignore"):
        expected = _ACCUMULATIONS[name](numpy, a, axis)
    _same(_ACCUMULATIONS[name](torchnp, torchnp.asarray(a.copy()), axis), expected)


_BASIC_PARTS = st.integers(-4, 3) | _SLICES | st.none() | st.just(Ellipsis)


@pytest.mark.parametrize("dtype", ["float64", "int16", "complex128", "bool"])
@settings(max_examples=examples(20), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), shape=st.sampled_from([(2, 3), (3, 1, 2), (4, 4), (1, 0)]),
       key=st.lists(_BASIC_PARTS, max_size=4).map(tuple), of_result=st.booleans())
def test_tiny_host_tuple_views_are_numpys(dtype, seed, shape, key, of_result):
    """§1.2, §7 (issue 23): ``x[0, 1:]``, ``x[..., 1]``, ``x[None, 1]`` -- a tuple of ints,
    positive-step slices, ``None`` and ``...`` -- on tiny host data, and on NumPy's result of an
    earlier operation (``y = 4 * x``), is NumPy's view or scalar: values, type, base, NumPy's
    IndexError; one memory with the array both ways; the tensor made on first use is a torch view
    of the array's tensor."""
    a = _tiny_values(seed, dtype, math.prod(shape)).reshape(shape).copy()
    x = torchnp.asarray(a.copy())
    if of_result:
        x, a = torchnp.positive(x) if dtype != "bool" else x, a.copy()
    expected, error = _numpy_or_error(lambda u: u[key], a)
    if error is not None:
        with pytest.raises(type(error)):
            x[key]
        return
    v = x[key]
    _same(v, expected)
    if not isinstance(expected, numpy.ndarray):
        assert type(v) is type(expected)  # NumPy's scalar
        return
    assert type(v._h) is numpy.ndarray and v.base is x and expected.base is a
    if expected.size:
        first = (0,) * expected.ndim
        v[first] = a.flat[-1]  # through NumPy's write, seen by the array
        expected[first] = a.flat[-1]
        _same(x, a)
    x[...] = a[::-1, ...]  # the array's writes show in the view
    a[...] = a[::-1, ...].copy()
    _same(v, expected)
    assert v.tensor.shape == expected.shape and (v.tensor._base is x.tensor or not expected.size)


def test_tiny_host_views_keep_numpys_write_flags():
    """A view made before ``setflags(write=False)`` stays writeable, one made after is read-only,
    as NumPy's (the torch view is made from the tensor the array held when the view was made)."""
    a = numpy.arange(6.0)
    x = torchnp.asarray(a.copy())
    before, before_2d = x[1:4], x.reshape(2, 3)
    expected = [a[1:4], a.reshape(2, 3)]
    x.setflags(write=False)
    a.setflags(write=False)
    after, after_2d = x[1:4], x.reshape(2, 3)
    expected += [a[1:4], a.reshape(2, 3)]
    assert [v.flags.writeable for v in (before, before_2d, after, after_2d)] == \
        [v.flags.writeable for v in expected] == [True, True, False, False]
    before[0] = 7.0
    before_2d += 1.0
    numpy.testing.assert_array_equal(x.to_numpy(), [1.0, 8.0, 3.0, 4.0, 5.0, 6.0])
    for v in (after, after_2d):
        with pytest.raises(ValueError, match="read-only"):
            v[0] = 1.0
        with pytest.raises(ValueError, match="read-only"):
            v += 1.0


_OPERATORS = ["+", "-", "*", "/", "//", "%", "**", "&", "|", "^", "<<", "==", "<", "divmod"]


def _apply(op, p, q):
    return divmod(p, q) if op == "divmod" else eval(f"p {op} q")  # noqa: S307 - the operator under test


@pytest.mark.host_rules
@pytest.mark.parametrize("dtype", TINY_DTYPES)
@settings(max_examples=examples(12), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(0, TINY_HOST), op=st.sampled_from(_OPERATORS),
       other=st.sampled_from(["array", "result", 3, -2, 0.5, 300]), reflected=st.booleans())
def test_tiny_host_operators_are_numpys(dtype, seed, n, op, other, reflected):
    """Issue 23 (§7 tiny host path): operators between tiny host arrays whose NumPy view is known
    (found before, or NumPy's result of an earlier operation) and arrays or Python scalars, either
    side, give NumPy's bits, dtype (NEP 50) and errors; divmod its pair."""
    a, b = _tiny_values(seed, dtype, n), _tiny_values(seed + 1, dtype, n)
    x = torchnp.asarray(a)
    x._host_array()  # the host view known, as after any earlier tiny operation
    if other == "array":
        y, e = torchnp.asarray(b), b
        y._host_array()
    elif other == "result":  # NumPy's result without a tensor (``host_result``)
        y, e = torchnp.positive(torchnp.asarray(b)) if dtype != "bool" else torchnp.asarray(b), b
    else:
        y = e = other
    p, q, pe, qe = (y, x, e, a) if reflected else (x, y, a, e)
    expected, error = _numpy_or_error(lambda u, v: _apply(op, u, v), pe, qe)
    with numpy.errstate(all="ignore"):
        if error is not None:
            with pytest.raises(type(error)):
                _apply(op, p, q)
            return
        got = _apply(op, p, q)
        if op != "divmod":
            _same(got, expected)
            return
        for g, x in zip(got, expected):  # divmod: the ufunc's general path (torch's kernel; its NaNs
            assert g.dtype == x.dtype  # carry torch's payload), NumPy's pair of values
            numpy.testing.assert_array_equal(g.to_numpy(), x)


@pytest.mark.host_rules
@pytest.mark.parametrize("dtype", ["float64", "int32", "complex128"])
def test_views_of_numpys_results_are_numpys_views(dtype):
    """Issue 23: a view of NumPy's result on tiny host data, made before that result has a tensor
    (``y = 4 * x; y[1:]``), is NumPy's view: values, base (chains collapsed to the owner), one
    memory both ways; its tensor, made on first use, is a torch view of the result's tensor, and a
    write through it bumps that tensor's version as a torch write would."""
    a = _tiny_values(7, dtype, 6)
    y, e = 4 * torchnp.asarray(a), 4 * a
    assert y._p is False  # NumPy's result, no tensor yet
    v, ev = y[1:], e[1:]
    w, ew = v[:3], ev[:3]
    assert y._p is False  # the views made none
    _same(v, ev)
    _same(w, ew)
    assert (v.base is y, w.base is y) == (ev.base is e, ew.base is e) == (True, True)
    v[0] = a[0]  # through NumPy's scalar write, the view first
    ev[0] = a[0]
    w += 1  # NumPy's in-place loop on the view of the view
    ew += 1
    _same(y, e)
    version = y.tensor._version
    assert v.tensor._base is y.tensor and w.tensor._base is y.tensor
    v[1:] = v[:-1].copy()  # the view's write after the base's tensor exists: its version moves
    ev[1:] = ev[:-1].copy()
    assert y.tensor._version > version
    y[...] = 0  # the base's writes show in the views
    e[...] = 0
    _same(w, ew)
    _same(y, e)


@pytest.mark.host_rules
def test_view_of_numpys_result_after_its_shape_changed():
    """A view made before its base was reshaped in place (``shape =``) keeps NumPy's view: the
    base's tensor then is another shape, so the view's tensor is made over the memory it views."""
    y, e = torchnp.asarray([1.0, 2.0, 3.0, 4.0]) * 2, numpy.array([1.0, 2.0, 3.0, 4.0]) * 2
    v, ev = y[1:3], e[1:3]
    y.shape = (2, 2)
    e.shape = (2, 2)
    _same(v, ev)
    assert v.tensor.tolist() == ev.tolist()
    v[0] = -1.0
    ev[0] = -1.0
    _same(y, e)


@pytest.mark.parametrize("n", list(range(0, 5)) + [TINY_HOST - 1, TINY_HOST, TINY_HOST + 1, 1000])
def test_arange_of_a_count_is_numpys(n):
    """Issue 23: ``arange(n)`` (a callback's ``np.arange(ndim)``) is NumPy's values and dtype; a tiny
    one on the host keeps NumPy's array as its host view and has its tensor (as the general path)."""
    got, expected = torchnp.arange(n), numpy.arange(n)
    _same(got, expected)
    if 0 < n <= TINY_HOST and torch.device(DEVICE).type == "cpu":
        assert type(got._h) is numpy.ndarray and got._p is None  # NumPy's array and its tensor
    for args, kw in [((n,), {"dtype": "float32"}), ((True,), {}), ((1, n), {}), ((n,), {"step": 2})]:
        _same(torchnp.arange(*args, **kw), numpy.arange(*args, **kw))


@pytest.mark.host_rules
def test_sum_of_numpys_result_makes_no_tensor():
    """Issue 23: ``np.sum(y ** 2)`` on tiny host data is NumPy's sum of NumPy's result; the
    result gets no tensor (torch.from_numpy costs more than the sum)."""
    a = numpy.array([1.6, 1.1])
    y = torchnp.asarray(a) ** 2
    got = torchnp.sum(y)
    assert type(got) is numpy.float64 and got == numpy.sum(a ** 2)
    assert y._p is False


@pytest.mark.host_rules
@pytest.mark.parametrize("dtype", TINY_DTYPES + ["float16", "int8", "complex64"])
@pytest.mark.parametrize("source", ["array", "result", "view"])
def test_square_operator_on_tiny_host_data_is_numpys_square(dtype, source):
    """Issue 23 (§7 tiny host path): ``x ** 2`` of tiny host data is NumPy's ``x ** 2``, which NumPy
    evaluates as ``square(x)`` (its fast_scalar_power, every dtype: bool gives int8): bits, dtype and
    shape, on an array holding its tensor, on NumPy's result and on a view of one; NaNs, infinities,
    signed zeros and integer wrap-around included."""
    a = _tiny_values(3, dtype if dtype not in ("float16", "int8", "complex64") else
                     {"float16": "float32", "int8": "int32", "complex64": "complex128"}[dtype], 20).astype(dtype)
    if dtype.startswith("int"):
        a[:3] = [numpy.iinfo(dtype).max, numpy.iinfo(dtype).min, -1]
    x = torchnp.asarray(a.copy())
    x._host_array()  # the host view known, as after any earlier tiny operation
    e = a
    if source == "result":
        x, e = torchnp.positive(x) if dtype != "bool" else x, a
    elif source == "view":
        x, e = (torchnp.positive(x) if dtype != "bool" else x)[2:-3:2], a[2:-3:2]
    expected, error = _numpy_or_error(lambda u: u ** 2, e)
    with numpy.errstate(all="ignore"):
        got = x ** 2
    assert got._p is False  # NumPy's result, no tensor made
    _same(got, expected)
    assert got.tensor.numpy().tobytes() == expected.tobytes()  # its tensor, made on first use: NumPy's memory


@pytest.mark.host_rules
@pytest.mark.parametrize("dtype", ["bool", "int8", "uint8", "int64", "float16", "float32", "float64", "complex128"])
def test_square_operator_on_0d_host_data_is_numpys_scalar(dtype):
    """Issue 24 (fresh seed 3516567738, test_array_api's test_pow): ``x ** 2`` of a 0-d host array is
    NumPy's scalar, as NumPy's ``x ** 2`` (its square) and torchnp's ``square(x)`` and ``x ** 3`` give
    (§1.3); the square path wrapped that scalar as an array's host data, which failed on first use."""
    a = numpy.array(3, dtype=dtype)
    for source in (a, -a if dtype != "bool" else a):
        x = torchnp.asarray(source.copy())
        expected = source ** 2
        got = x ** 2
        assert type(got) is type(expected), f"{type(got)} != {type(expected)}"
        assert got.tobytes() == expected.tobytes()


@pytest.mark.host_rules
@pytest.mark.parametrize("dtype", ["float64", "int32", "complex128"])
@pytest.mark.parametrize("key", [slice(1, None), slice(None, -1), slice(1, -1), slice(None, None, 2), (slice(1, 3),),
                                 (Ellipsis, slice(2, None))])
@pytest.mark.parametrize("value", ["scalar", "result", "view", "array", "numpy"])
@pytest.mark.parametrize("target", ["array", "result"])
def test_tiny_host_slice_assignment_is_numpys(dtype, key, value, target):
    """Issue 23 (§7): ``y[slice] = v`` on tiny host data (the host views of ``y`` and of a torchnp ``v``
    read inline) is NumPy's assignment: values, casts, broadcasting, overlapping source (``y[1:] =
    y[:-1]``: read before written); a tensor the array already holds sees the write (its version
    moves, as a torch write would), NumPy's result without a tensor gets none."""
    a = _tiny_values(11, dtype, 6)
    e = 4 * a
    y = 4 * torchnp.asarray(a) if target == "result" else torchnp.asarray(4 * a)
    if target == "array":
        version = y.tensor._version
        y._host_array()
    sources = {"scalar": (2.5 if dtype != "int32" else 7, 2.5 if dtype != "int32" else 7),
               "result": (y[:-1] * 2, e[:-1] * 2), "view": (y[:-1], e[:-1]),
               "array": (torchnp.asarray(a[::-1].copy()), a[::-1].copy()), "numpy": (a[:2].copy(), a[:2].copy())}
    v, ev = sources[value]
    if isinstance(key, slice) and value in ("result", "view") and key != slice(1, None):
        v, ev = v[:1], ev[:1]  # broadcast one value
    expected, error = _numpy_or_error(lambda: e.__setitem__(key, ev))
    if error is not None:
        with pytest.raises(type(error)):
            y[key] = v
        return
    y[key] = v
    if target == "result":
        assert y._p is False
    _same(y, e)
    if target == "array":
        assert y.tensor._version > version
        assert y.tensor.tolist() == e.tolist()


@pytest.mark.host_rules
def test_tiny_host_writes_keep_numpys_errors_and_flags():
    """Issue 23 (§7): the inlined write paths keep NumPy's refusals: a read-only array or view raises
    NumPy's ValueError for ``y[i] = s``, ``y[1:] = v`` and ``y += s``; an in-place operator whose
    result cannot be cast to the array's dtype raises NumPy's casting error (a TypeError)."""
    a = numpy.arange(4.0)
    for make in (lambda: torchnp.asarray(a.copy()), lambda: 4 * torchnp.asarray(a)):
        y = make()
        y.setflags(write=False)
        v = y[1:]
        e = 4 * a
        e.setflags(write=False)
        ev = e[1:]
        for target, etarget in ((y, e), (v, ev)):
            for write in (lambda z: z.__setitem__(0, 1.0), lambda z: z.__setitem__(slice(1, None), 1.0),
                          lambda z: z.__setitem__(slice(1, None), z[:-1]), lambda z: z.__iadd__(1.0)):
                _, error = _numpy_or_error(write, etarget)
                assert type(error) is ValueError
                with pytest.raises(ValueError, match="read-only"):
                    write(target)
    i, ei = torchnp.arange(4), numpy.arange(4)
    i._host_array()
    for op in ("__iadd__", "__imul__", "__itruediv__"):
        _, error = _numpy_or_error(lambda z: getattr(z, op)(1.5), ei)
        with pytest.raises(type(error)):
            getattr(i, op)(1.5)
    _same(i, ei)


_MATMUL_SHAPES = [((3, 4), (4, 2)), ((4,), (4, 3)), ((2, 4), (4,)), ((5,), (5,)), ((2, 3, 4), (4, 1)),
                  ((1, 2, 2), (3, 2, 2)), ((3, 4), (5, 2)), ((3,), (4,)), ((), (3,))]


@pytest.mark.parametrize("shapes", _MATMUL_SHAPES, ids=str)
@pytest.mark.parametrize("dtypes", [("float64", "float64"), ("float32", "float64"), ("int64", "int32"),
                                    ("bool", "bool"), ("complex128", "float32"), ("uint8", "int8")], ids=str)
def test_tiny_host_matmul_is_numpys(shapes, dtypes):
    """Issue 17: matmul and ``@`` of tiny host arrays are NumPy's: its bits, dtype, scalar for
    vector @ vector (§1.3) and its errors."""
    rng = numpy.random.default_rng(0)
    a, b = ((rng.random(s) * 8 - 3).astype(d) for s, d in zip(shapes, dtypes))
    expected, error = _numpy_or_error(numpy.matmul, a, b)
    for op in (torchnp.matmul, lambda p, q: p @ q):
        if error is not None:
            with pytest.raises(type(error), match=re.escape(str(error)) if shapes != ((), (3,)) else None):
                op(torchnp.asarray(a), torchnp.asarray(b))
            continue
        got = op(torchnp.asarray(a), torchnp.asarray(b))
        assert type(got) is (torchnp.ndarray if type(expected) is numpy.ndarray else type(expected))
        _same(got, expected)


@pytest.mark.parametrize("dtype", TINY_DTYPES)
@settings(max_examples=examples(10), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(0, TINY_HOST), y=st.sampled_from(["array", 2, -1.5]))
def test_tiny_host_where_is_numpys(dtype, seed, n, y):
    """Issue 17: where on tiny host arrays is NumPy's: its bits and dtype (NEP 50 for a Python y)."""
    a = _tiny_values(seed, dtype, n)
    b = _tiny_values(seed + 1, dtype, n) if y == "array" else y
    c = _tiny_values(seed + 2, "bool", n)
    expected, error = _numpy_or_error(numpy.where, c, a, b)
    args = [torchnp.asarray(c), torchnp.asarray(a), torchnp.asarray(b) if y == "array" else b]
    if error is not None:
        with pytest.raises(type(error)):
            torchnp.where(*args)
        return
    _same(torchnp.where(*args), expected)


@settings(max_examples=examples(60), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), dims=st.tuples(*[st.integers(0, 8)] * 3),
       dtype=st.sampled_from(["float64", "float32"]), form=st.sampled_from(["b", "a.T", "a.T.copy()"]))
def test_tiny_host_real_matmul_has_numpys_matmul_bits(seed, dims, dtype, form):
    """Real 2-D tiny products take NumPy's dot (same gemm/syrk as its matmul, half the call): the
    bits of ``numpy.matmul``, for a @ a.T too."""
    m, k, p = dims
    rng = numpy.random.default_rng(seed)
    a = (rng.standard_normal((m, k)) * 10.0 ** rng.integers(-5, 5)).astype(dtype)
    b = {"b": rng.standard_normal((k, p)).astype(dtype), "a.T": a.T, "a.T.copy()": a.T.copy()}[form]
    _same(torchnp.matmul(torchnp.asarray(a), torchnp.asarray(b)), numpy.matmul(a, b))


@settings(max_examples=examples(40), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(1, 6), dtype=st.sampled_from(["float32", "float64", "complex64"]),
       name=st.sampled_from(["dot", "matmul"]), into=st.sampled_from(["fresh", "b", "numpy"]))
def test_tiny_host_products_with_out_are_numpys(seed, n, dtype, name, into):
    """dot and matmul of tiny host data with ``out=`` give the bits they give without it, NumPy's
    (``np.dot(a, b, out=b)`` equals ``np.dot(a, b)`` in NumPy: PyTorch's port of NumPy's
    test_dot_out_mem_overlap, float32 3x3; torch's order differed in the last place), into a fresh
    array, into an operand (overlap) and into a numpy.ndarray (§3.3, §7)."""
    rng = numpy.random.default_rng(seed)
    a, b = (rng.standard_normal((n, n)).astype(dtype) for _ in range(2))
    fn, tfn = getattr(numpy, name), getattr(torchnp, name)
    expected = fn(a, b)
    ta, tb = torchnp.asarray(a), torchnp.asarray(b.copy())
    out = {"fresh": torchnp.empty((n, n), dtype=dtype), "b": tb, "numpy": numpy.empty((n, n), dtype=dtype)}[into]
    got = tfn(ta, tb, out=out)
    assert got is out
    _same(out, expected)
    assert numpy.array_equal(expected, fn(a, b, out=b if into == "b" else numpy.empty_like(b)))  # NumPy's own


@settings(max_examples=examples(40), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(1, TINY_HOST), dtype=st.sampled_from(["float32", "float64"]),
       name=st.sampled_from(["sin", "exp", "tanh", "arctan", "cbrt", "power", "arctan2", "modf", "frexp"]),
       into=st.sampled_from(["fresh", "operand", "numpy"]))
def test_tiny_host_ufuncs_with_out_are_numpys(seed, n, dtype, name, into):
    """A ufunc on tiny host data with ``out=`` gives the bits it gives without it, NumPy's loop
    (docs/differences.md, accuracy: host arrays of up to 64 elements): into a fresh array, into
    its operand (overlap) and into a numpy.ndarray; it returns ``out`` and bumps its version (§7)."""
    rng = numpy.random.default_rng(seed)
    f, tf = getattr(numpy, name), getattr(torchnp, name)
    args = [(rng.random(n) * 4).astype(dtype) for _ in range(f.nin)]
    expected = f(*args)
    expected = expected if isinstance(expected, tuple) else (expected,)
    targs = [torchnp.asarray(a.copy()) for a in args]
    make = {"fresh": torchnp.empty, "numpy": numpy.empty}.get(into)
    outs = tuple(targs[0] if into == "operand" and e.dtype == args[0].dtype and i == 0 else
                 (make or torchnp.empty)(n, dtype=e.dtype) for i, e in enumerate(expected))
    versions = [o._t._version for o in outs if type(o) is torchnp.ndarray]
    got = tf(*targs, out=outs if f.nout > 1 else outs[0])
    assert all(g is o for g, o in zip(got if f.nout > 1 else (got,), outs))
    _same(outs, expected)
    assert all(o._t._version > v for o, v in zip([o for o in outs if type(o) is torchnp.ndarray], versions))


def test_host_kernels_run_numpy_without_a_torch_op():
    """einsum, lstsq and ``x[idx] = v`` on host arrays call NumPy's kernel on the arrays' cached
    host views and wrap its results lazily (``host_kernel``): not one torch op, NumPy's results
    bit for bit; the assignment still bumps the tensor's version counter, as a torch write would."""
    from torch.utils._python_dispatch import TorchDispatchMode

    class Ops(TorchDispatchMode):
        seen = []

        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            Ops.seen.append(func)
            return func(*args, **(kwargs or {}))

    rng = numpy.random.default_rng(0)
    a, c = rng.random((N // 10, 10)), rng.random((N // 10, 10))
    idx, v = rng.integers(-N // 10, N // 10, N), rng.random((N, 10))
    idx2, idx3 = rng.integers(0, N // 10, N // 2), rng.integers(0, N // 10, N // 2)
    x, y, i, w, y0, j, k = tnp(a.copy()), tnp(c), tnp(idx), tnp(v), tnp(c[:, 0]), tnp(idx2), tnp(idx3)
    for arr in (x, y, i, w, y0, j, k):
        arr._host_array()
    version = x._t._version
    with Ops():
        got = [torchnp.einsum("ij,ij->i", x, y), torchnp.linalg.lstsq(x, y0, rcond=None)]
        x[i] = w
        x[j] = 0.25  # a Python number as the value
        x[k] = numpy.float32(0.5)  # a NumPy scalar
    assert Ops.seen == []
    expected = [numpy.einsum("ij,ij->i", a, c), numpy.linalg.lstsq(a, c[:, 0], rcond=None)]
    a[idx] = v
    a[idx2] = 0.25
    a[idx3] = numpy.float32(0.5)
    _same(got[0], expected[0])
    _same(tuple(map(numpy.asarray, got[1])), tuple(map(numpy.asarray, expected[1])))
    _same(x, a)
    assert x._t._version > version


@pytest.mark.parametrize("dtype", ["float64", "float32"])
@settings(max_examples=examples(20), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), shape=st.sampled_from([(7,), (5, 3), (4, 3, 2), (2, 1000)]),
       axis=st.integers(-3, 2), keepdims=st.booleans())
def test_vector_norm_along_an_axis_is_numpys(dtype, seed, shape, axis, keepdims):
    """linalg.norm(x, axis=int) of real host data: NumPy's bits and AxisError (the kernel skips the
    copy NumPy's x.conj() makes of real data)."""
    a = (numpy.random.default_rng(seed).standard_normal(shape) * 1e3).astype(dtype)
    expected, error = _numpy_or_error(lambda: numpy.linalg.norm(a, axis=axis, keepdims=keepdims))
    if error is not None:
        with pytest.raises(type(error)):
            torchnp.linalg.norm(tnp(a), axis=axis, keepdims=keepdims)
        return
    _same(torchnp.linalg.norm(tnp(a), axis=axis, keepdims=keepdims), expected)


def test_host_linalg_and_dot_run_numpy_without_a_torch_op():
    """solve, det, cholesky (both triangles) and 2-D dot from the rows' sizes on host arrays: NumPy's
    LAPACK/BLAS calls on the cached host views, no torch op, NumPy's bits and errors."""
    from torch.utils._python_dispatch import TorchDispatchMode

    class Ops(TorchDispatchMode):
        seen = []

        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            Ops.seen.append(func)
            return func(*args, **(kwargs or {}))

    side = int(kernels.KERNELS["dot"].min_size ** 0.5)
    a, s = _square(side), _square(side, 1, spd=True)
    b = numpy.random.default_rng(2).random((side, 2))
    arrays = [tnp(v) for v in (a, s, b)]
    for arr in arrays:
        arr._host_array()
    x, y, z = arrays
    with Ops():
        got = [torchnp.linalg.solve(x, z), torchnp.linalg.det(x), torchnp.linalg.cholesky(y),
               torchnp.linalg.cholesky(y, upper=True), torchnp.dot(x, y)]
        with pytest.raises(numpy.linalg.LinAlgError, match="Matrix is not positive definite"):
            torchnp.linalg.cholesky(x)
    assert Ops.seen == []
    expected = [numpy.linalg.solve(a, b), numpy.linalg.det(a), numpy.linalg.cholesky(s),
                numpy.linalg.cholesky(s, upper=True), numpy.dot(a, s)]
    for g, e in zip(got, expected):
        assert type(g) is (torchnp.ndarray if type(e) is numpy.ndarray else type(e))
        _same(g, e)


@pytest.mark.parametrize("dtype", ["float64", "float32", "int64"])
@pytest.mark.parametrize("nan", [False, True])
def test_searchsorted_from_the_rows_max_size_is_torchs_search_with_numpys_integers(monkeypatch, dtype, nan):
    """Issue 27: from ``KERNELS["searchsorted"].max_size`` values torch's search runs (host data
    without NaN: torch.searchsorted alone; with NaN: NumPy's order, NaN last), and the indices are
    NumPy's, ties, infinities and signed zeros included."""
    monkeypatch.setitem(kernels.KERNELS, "searchsorted", kernels.KERNELS["searchsorted"]._replace(max_size=N))
    v = _values(1, dtype)
    a = numpy.sort(_values(2, dtype, N // 3))
    if not nan and v.dtype.kind == "f":
        v, a = numpy.nan_to_num(v, nan=1.5), numpy.sort(numpy.nan_to_num(a, nan=-2.25))
    assert kernels.numpy_kernel("searchsorted", torch.from_numpy(v), torch.from_numpy(a)) is None
    assert kernels.numpy_kernel("searchsorted", torch.from_numpy(v[:N - 1]), torch.from_numpy(a)) is not None
    for side in ("left", "right"):
        _same(torchnp.searchsorted(tnp(a), tnp(v), side), numpy.searchsorted(a, v, side))


@pytest.mark.parametrize("dtype", ["float64", "float32", "complex128"])
def test_inv_is_numpys_below_the_rows_max_size_and_torchs_from_it(dtype):
    """Issue 27: ``linalg.inv`` of host data below ``KERNELS["inv"].max_size`` elements is NumPy's
    gesv (its bits), from there torch's inverse (NumPy's values to rounding); a singular matrix is
    NumPy's LinAlgError on both sides."""
    side = int(kernels.KERNELS["inv"].max_size ** 0.5)
    rng = numpy.random.default_rng(0)
    for n in (8, side - 1, side):
        a = (rng.random((n, n)) + n * numpy.eye(n)).astype(dtype)
        uses_numpy = kernels.host_kernel("inv", (tnp(a),)) is not None
        assert uses_numpy == (n * n < kernels.KERNELS["inv"].max_size)
        got = torchnp.linalg.inv(tnp(a))
        if uses_numpy:
            _same(got, numpy.linalg.inv(a))
        else:
            assert_like_numpy(got, numpy.linalg.inv(a), rtol=1e-5 if dtype == "float32" else 1e-12)
        singular = numpy.zeros((n, n), dtype)
        with pytest.raises(numpy.linalg.LinAlgError, match="Singular matrix"):
            torchnp.linalg.inv(tnp(singular))
    stack = (rng.random((3, 4, 4)) + 4 * numpy.eye(4)).astype(dtype)
    _same(torchnp.linalg.inv(tnp(stack)), numpy.linalg.inv(stack))


@pytest.mark.parametrize("spec, shapes", [
    ("ij,jk->ik", ((600, 500), (500, 300))), ("ab,cb->ac", ((500, 600), (300, 600))),
    ("ji,jk->ik", ((500, 600), (500, 300))), ("ij,ik->jk", ((500, 600), (500, 300))),
    ("ji,kj->ik", ((500, 600), (300, 500))),  # both transposed: NumPy's einsum lays it out in F order
])
@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_einsum_of_a_matrix_product_is_numpys_blas_product_in_einsums_layout(spec, shapes, dtype):
    """Row ``einsum_matmul`` (issue 27): an einsum that multiplies two host matrices of 500x500 or more
    is ``numpy.matmul`` of the operands or their transposed views (NumPy's dgemm, bit for bit), in the
    memory layout NumPy's einsum gives, and its values are NumPy's einsum's to the sum's rounding."""
    rng = numpy.random.default_rng(0)
    a, b = (rng.standard_normal(s).astype(dtype) for s in shapes)
    want = numpy.einsum(spec, a, b)
    got = torchnp.einsum(spec, tnp(a), tnp(b))
    n = shapes[0][0] if spec.startswith("j") else shapes[0][1]  # the summed length
    eps = numpy.finfo(dtype).eps
    # a reordered sum of n products: n ulps of sum |a_ij b_jk| (tests/support: the operation's condition)
    bound = n * eps * numpy.einsum(spec, numpy.abs(a).astype("float64"), numpy.abs(b).astype("float64"))
    assert got.dtype == want.dtype and got.shape == want.shape
    assert (numpy.abs(numpy.asarray(got).astype("float64") - want) <= bound).all()
    assert numpy.asarray(got).flags.c_contiguous == want.flags.c_contiguous
    assert numpy.asarray(got).flags.f_contiguous == want.flags.f_contiguous
    if want.flags.c_contiguous:  # the row ran: NumPy's BLAS product, its bits
        ins, out = spec.split("->")
        sa, sb = ins.split(",")
        blas = numpy.matmul(a if sa[0] == out[0] else a.T, b if sb[1] == out[1] else b.T)
        assert numpy.asarray(got).tobytes() == blas.tobytes()


def test_einsum_matmul_row_keeps_einsums_errors_and_small_products_on_torch():
    """Shapes einsum rejects raise einsum's ValueError and message (not matmul's); below the matmul
    row's 500x500 the product stays torch's einsum (the row's size)."""
    rng = numpy.random.default_rng(1)
    a, b = rng.random((600, 500)), rng.random((400, 600))
    with pytest.raises(ValueError) as want:
        numpy.einsum("ij,jk->ik", a, b)
    with pytest.raises(ValueError, match=re.escape(str(want.value))):
        torchnp.einsum("ij,jk->ik", tnp(a), tnp(b))
    m = torch.ones(100, 100, dtype=torch.float64)
    assert kernels.numpy_kernel("einsum_matmul", m, m, context="ij,jk->ik") is None  # 10^4 < 250 000
    big = torch.ones(500, 500, dtype=torch.float64)
    assert kernels.numpy_kernel("einsum_matmul", big, big, context="ij,jk->ik") is not None
    assert kernels.numpy_kernel("einsum_matmul", big, big, context="ij,jk->ki") is None  # not (rows, columns)
    assert kernels.numpy_kernel("einsum_matmul", big, big, context="ij,ij->i") is None


# ---------------------------------------------------------------- numpy.ndarray operands are host data (issue 23)
_ROUTED = sorted(op for op in kernels.KERNELS if isinstance(getattr(numpy, op, None), numpy.ufunc))
_HOST_UFUNCS = sorted(set(_ROUTED + TINY_UNARY + TINY_BINARY))
_KINDS = ["numpy", "torchnp", "numpy-torchnp", "torchnp-numpy", "numpy-scalar", "scalar-numpy"]


def _promised_bits(name, n, dtype, kinds):
    """Where docs/devices.md ("Which kernel runs on host data") promises NumPy's loop: operands of at most
    TINY_HOST elements (the tiny path; a ufunc torchnp answers differently excepted), and the ufunc
    rows of ``KERNELS`` from their ``min_size`` on loops of their dtypes."""
    if n <= TINY_HOST:
        return name not in kernels.NOT_NUMPYS
    k = kernels.KERNELS.get(name)
    return k is not None and n >= k.min_size and getattr(torch, dtype) in k.dtypes and (
        k.max_size is None or n < k.max_size)


@settings(max_examples=examples(40), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), name=st.sampled_from(_HOST_UFUNCS),
       n=st.one_of(st.integers(0, TINY_HOST + 2), st.integers(TINY_HOST + 3, 9_999), st.integers(10_000, 10_050)),
       dtype=st.sampled_from(["float64", "float32", "int64", "int32", "uint8"]), kinds=st.sampled_from(_KINDS))
def test_numpy_operands_are_host_data(seed, name, n, dtype, kinds):
    """Issue 23 (§3.3, §7): a ``numpy.ndarray`` operand (what SciPy hands a model: ``np.exp(-b * x)``
    inside ``curve_fit``) is host data as a torchnp array's host view is: at every size where the
    table says NumPy's loop (tiny operands, the ufunc rows from 10^4 elements) the result is NumPy's
    bits, alone, beside a torchnp array or a scalar, either side; elsewhere NumPy's values to rounding."""
    uf, f = getattr(numpy, name), getattr(torchnp, name)
    a = _values(seed, dtype, n) * numpy.asarray(0.37 if dtype[0] == "f" else 1, dtype)
    b = _values(seed + 1, dtype, n)
    first, _, second = kinds.partition("-")
    if uf.nin == 1:
        args, got_args = (a,), (a if first == "numpy" else torchnp.asarray(a),)
    else:
        second = second or first
        pick = {"numpy": lambda v: v, "torchnp": torchnp.asarray, "scalar": lambda v: 3}
        args = tuple(3 if k == "scalar" else v for k, v in ((first, a), (second, b)))
        got_args = (pick[first](a), pick[second](b))
    expected, error = _numpy_or_error(uf, *args)
    with numpy.errstate(all="ignore"):
        if error is not None:
            with pytest.raises(type(error)):
                f(*got_args)
            return
        got = f(*got_args)
    if _promised_bits(name, n, dtype, kinds):
        _same(got, expected)
    else:
        assert_like_numpy(got, expected)


def test_numpy_operands_of_any_layout_are_numpys_on_the_tiny_path():
    """Issue 23: reversed, strided, read-only, byte-swapped and 0-d ``numpy.ndarray`` operands take
    NumPy's loop as they are: NumPy's bits, a torchnp array (NumPy's scalar for 0-d), NumPy's dtype."""
    base = numpy.linspace(-3, 3, 41)
    ro = base.copy()
    ro.flags.writeable = False
    cases = [base[::-1], base[::3], ro, base.astype(">f8"), base.reshape(41, 1)[:, 0], numpy.float64(0.5) * base[:1]]
    with numpy.errstate(all="ignore"):
        for a in cases:
            for name in ("exp", "log1p", "sqrt", "tanh"):
                got = getattr(torchnp, name)(a)
                assert type(got) is torchnp.ndarray
                _same(got, getattr(numpy, name)(a))
            _same(torchnp.multiply(a, torchnp.asarray(base[:a.size])), numpy.multiply(a, base[:a.size]))
            _same(torchnp.asarray(base[:a.size]) - a, base[:a.size] - a)
            _same(a ** 2.5 * torchnp.asarray(base[:a.size]), a ** 2.5 * base[:a.size])
        zero_d = numpy.asarray(0.25)
        for got, expected in [(torchnp.exp(zero_d), numpy.exp(zero_d)), (torchnp.add(zero_d, 1), numpy.add(zero_d, 1))]:
            assert type(got) is type(expected) and got == expected


_HOST_CALLS = {  # name: (torchnp call, NumPy call, operands), each promised NumPy's bits on host data (docs/devices.md)
    "sum": (torchnp.sum, numpy.sum, 1), "mean": (torchnp.mean, numpy.mean, 1), "prod": (torchnp.prod, numpy.prod, 1),
    "nansum": (torchnp.nansum, numpy.nansum, 1), "sum axis 0": (lambda a: torchnp.sum(a, 0), lambda a: numpy.sum(a, 0), 1),
    "dot": (torchnp.dot, numpy.dot, 2), "inner": (torchnp.inner, numpy.inner, 2), "vdot": (torchnp.vdot, numpy.vdot, 2),
    "matmul": (torchnp.matmul, numpy.matmul, 2),
    "einsum": (lambda a, b: torchnp.einsum("i,i->i", a, b), lambda a, b: numpy.einsum("i,i->i", a, b), 2),
    "where": (lambda a, b: torchnp.where(a > 0, a, b), lambda a, b: numpy.where(a > 0, a, b), 2),
}


@settings(max_examples=examples(30), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), name=st.sampled_from(sorted(_HOST_CALLS)), n=st.integers(1, TINY_HOST),
       dtype=st.sampled_from(["float64", "float32"]), kinds=st.sampled_from(["numpy", "numpy-torchnp", "torchnp-numpy"]))
def test_numpy_operands_of_reductions_and_products_are_numpys(seed, name, n, dtype, kinds):
    """Issue 23: a ``numpy.ndarray`` operand of the host reductions (``sum``, ``mean``, ... at every size)
    and of the tiny products and ``where`` (at most TINY_HOST elements) is host data: NumPy's bits,
    alone or beside a torchnp array (SciPy's line search hands the objective NumPy's arrays)."""
    f, g, nin = _HOST_CALLS[name]
    rng = numpy.random.default_rng(seed)
    args = [rng.standard_normal(n).astype(dtype) for _ in range(nin)]
    first, _, second = kinds.partition("-")
    kinds = [first, second or first][:nin]
    got = f(*[torchnp.asarray(a) if k == "torchnp" else a for a, k in zip(args, kinds)])
    _same(got, g(*args))


@pytest.mark.parametrize("n", [4, 9, 100, 1000, 10_000, 100_000])
def test_host_reductions_and_lapack_of_numpy_operands_are_numpys(n):
    """Issue 23: the host reductions of a ``numpy.ndarray`` are NumPy's at every size (its pairwise sums),
    the LAPACK rows (``inv``, ``solve``, ``det``) of one are NumPy's LAPACK, as for torchnp arrays."""
    a = numpy.random.default_rng(n).standard_normal(n)
    for f, g in [(torchnp.sum, numpy.sum), (torchnp.mean, numpy.mean), (torchnp.nansum, numpy.nansum)]:
        _same(f(a), g(a))
    k = max(2, int(n ** 0.5) // 4)
    m = a[:k * k].reshape(k, k) + k * numpy.eye(k)
    for f, g, args in [(torchnp.linalg.inv, numpy.linalg.inv, (m,)), (torchnp.linalg.det, numpy.linalg.det, (m,)),
                       (torchnp.linalg.solve, numpy.linalg.solve, (m, a[:k]))]:
        _same(f(*args), g(*args))


@pytest.mark.host_rules
@pytest.mark.parametrize("a", [numpy.array([8.75 + 2j, 3.25 + 0j]), numpy.array([-0.0, -numpy.inf, 3.25])])
def test_pow_half_on_tiny_host_data_is_numpys_operator(a):
    """Issue 24 (fresh seed 2319352946): NumPy's ``a ** 0.5`` is its sqrt (fast_scalar_power), whose
    bits differ from ``power(a, 0.5)`` (complex 3.25 ** 0.5 in the last place; sqrt(-0.0) is -0.0):
    tiny host data gives NumPy's operator's bits (§7 tiny host path)."""
    x = torchnp.asarray(a)
    x._host_array()
    with numpy.errstate(all="ignore"):
        expected, got = a ** 0.5, x ** 0.5
    _same(got, expected)
