"""The best kernel per CPU operation (issue 17, torchnp._cpu_kernels.KERNELS).

Above a row's size threshold a CPU operation runs NumPy's kernel on the zero-copy host
view. Tested at such sizes, with NaNs, signed zeros and ties: the result is NumPy's (the
oracle), and equals what torch's kernel gives (the table switched off) wherever NumPy's
semantics fix the answer (sorted values, stable orders, NaN placement, counts, gathers).
On other devices, while torch.compile traces (§6.2) and for tensors autograd tracks the
table answers ``None``: torch's kernel runs (§3: nothing moves to the host).
"""

from unittest import mock

import numpy
import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

import torchnp
import torchnp._cpu_kernels as kernels
from support import DEVICE, assert_like_numpy, tnp

pytestmark = pytest.mark.skipif(torch.device(DEVICE).type != "cpu", reason="the kernel table serves the CPU")

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
    # a product of equal operands is NumPy's einsum loop
    "einsum": (lambda a: [torchnp.einsum(s, a.reshape(-1, 100), a.reshape(-1, 100)[::-1]) for s in EINSUMS],
               lambda a: [numpy.einsum(s, a.reshape(-1, 100), a.reshape(-1, 100)[::-1]) for s in EINSUMS], False),
}
EINSUMS = ("ij,ij->i", "ij,ij->j", "ij,ij->", "ij,ij->ji")


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("dtype", DTYPES)
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_numpy_kernel_gives_numpys_result_and_torchs(name, dtype, seed):
    tn_call, np_call, bit_identical = CASES[name]
    a = _values(seed, dtype)
    with mock.patch.object(kernels, "run", wraps=kernels.run) as ran:
        got = tn_call(tnp(a))
    assert ran.called == (name != "einsum" or dtype.startswith("float"))  # NumPy's kernel ran
    assert_like_numpy(got, np_call(a), rtol=0, atol=0)
    if bit_identical:
        _same(got, torch_kernels(tn_call, tnp(a)))


@pytest.mark.parametrize("dtype", DTYPES)
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), kth=st.integers(-N, N - 1))
def test_partition_is_numpys_introselect(dtype, seed, kth):
    a = _values(seed, dtype)
    with mock.patch.object(kernels, "run", wraps=kernels.run) as ran:
        assert_like_numpy(torchnp.partition(tnp(a), kth), numpy.partition(a, kth), rtol=0, atol=0)
    assert ran.called
    assert_like_numpy(torchnp.argpartition(tnp(a), [kth, 0]), numpy.argpartition(a, [kth, 0]))


@pytest.mark.parametrize("dtype", DTYPES)
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), side=st.sampled_from(["left", "right"]))
def test_searchsorted_and_bincount(dtype, seed, side):
    a = numpy.sort(_values(seed, dtype))
    v = _values(seed + 1, dtype)
    with mock.patch.object(kernels, "run", wraps=kernels.run) as ran:
        got = torchnp.searchsorted(tnp(a), tnp(v), side)
    assert ran.called
    assert_like_numpy(got, numpy.searchsorted(a, v, side))
    _same(got, torch_kernels(torchnp.searchsorted, tnp(a), tnp(v), side))
    if numpy.dtype(dtype).kind != "f":
        x = numpy.abs(v.astype(numpy.int64))
        w = _values(seed, "float64")
        for args in ((x,), (x, w)):
            got = torchnp.bincount(*map(tnp, args), minlength=5)
            assert_like_numpy(got, numpy.bincount(*args, minlength=5), rtol=0, atol=0)


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_scatter_matches_numpy_and_torch(seed):
    rng = numpy.random.default_rng(seed)
    a = rng.random((N, 3))
    idx = rng.permutation(N)[: N // 2] - N // 4  # distinct indices, some negative
    v = rng.random((N // 2, 3))
    expected = a.copy()
    expected[idx] = v
    x = tnp(a)
    with mock.patch.object(kernels, "run", wraps=kernels.run) as ran:
        x[tnp(idx)] = tnp(v)
    assert ran.called
    assert_like_numpy(x, expected, rtol=0, atol=0)
    y = tnp(a)
    torch_kernels(y.__setitem__, tnp(idx), tnp(v))
    _same(x, y)


@pytest.mark.parametrize("name", ["var", "std", "nanvar", "nanstd"])
@pytest.mark.parametrize("dtype", ["float64", "float32"])
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), axis=st.sampled_from([None, 0, 1, (0, 1)]), ddof=st.sampled_from([0, 1, 2.5]),
       keepdims=st.booleans())
def test_variances_are_numpys(name, dtype, seed, axis, ddof, keepdims):
    a = _values(seed, dtype).reshape(-1, 150)
    a = a if name.startswith("nan") else numpy.where(numpy.isfinite(a), a, 1.5)
    with mock.patch.object(kernels, "run", wraps=kernels.run) as ran:
        got = getattr(torchnp, name)(tnp(a), axis=axis, ddof=ddof, keepdims=keepdims)
    assert ran.called
    assert_like_numpy(got, getattr(numpy, name)(a, axis=axis, ddof=ddof, keepdims=keepdims), rtol=0, atol=0)


def test_large_matmul_is_numpys_and_small_stays_torchs():
    side = int(kernels.KERNELS["matmul"].min_size ** 0.5)
    rng = numpy.random.default_rng(0)
    a, b = rng.random((side, side)), rng.random((side, 7))
    assert_like_numpy(tnp(a) @ tnp(b), a @ b, rtol=0, atol=0)
    assert_like_numpy(torchnp.matmul(tnp(a), tnp(b.astype(numpy.float32))), a @ b.astype(numpy.float32), rtol=0, atol=0)
    assert kernels.numpy_kernel("matmul", torch.from_numpy(a[:10]), torch.from_numpy(b), context=(2, 2)) is None
    big = torch.from_numpy(a).expand(3, side, side)
    assert kernels.numpy_kernel("matmul", big, big, context=(3, 3)) is None  # batched: torch's bmm


@pytest.mark.parametrize("dtype", ["float64", "float32"])
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.sampled_from([None, N // 2, N + 7]),
       norm=st.sampled_from([None, "ortho", "forward"]))
def test_rfft_is_numpys(dtype, seed, n, norm):
    a = numpy.random.default_rng(seed).random(N).astype(dtype)
    with mock.patch.object(kernels, "run", wraps=kernels.run) as ran:
        got = torchnp.fft.rfft(tnp(a), n, norm=norm)
    assert ran.called
    assert_like_numpy(got, numpy.fft.rfft(a, n, norm=norm), rtol=0, atol=0)


@pytest.mark.parametrize("dtype", ["float64", "complex128"])
def test_eigh_and_svd_are_numpys(dtype):
    side = int(max(kernels.KERNELS["eigh"].min_size, kernels.KERNELS["svd"].min_size) ** 0.5)
    rng = numpy.random.default_rng(0)
    a = rng.random((side, side)).astype(dtype)
    a = a + a.conj().T
    with mock.patch.object(kernels, "run", wraps=kernels.run) as ran:
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
