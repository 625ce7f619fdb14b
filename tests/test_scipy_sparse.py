"""torchnp.scipy.sparse and sparse.linalg against SciPy (DESIGN §8.4; issue 26): host data gives
SciPy's own sparse arrays and solvers; device arrays (here: the CPU under the accelerator rules,
or ``device='cpu'`` explicitly) have SciPy's sparse-array interface and solutions within the
solvers' tolerances of SciPy's."""

import numpy
import pytest
import scipy.sparse as ss
import scipy.sparse.linalg as ssl
from hypothesis import given, settings, strategies as st

import torchnp as np
from torchnp.scipy import sparse
from torchnp.scipy.sparse import linalg as sl
from scipy_support import accelerator_rules
from support import examples

FORMATS = ["csr", "csc", "coo", "dia"]


def _random(seed, m, n, density=0.3, dtype="float64"):
    return ss.random_array((m, n), density=density, rng=seed, dtype=dtype, format="coo")


def _dense(x):
    return x.toarray().to_numpy() if isinstance(x, sparse._base._SparseArray) else numpy.asarray(
        x.toarray() if hasattr(x, "toarray") else x.to_numpy() if isinstance(x, np.ndarray) else x)


def test_host_data_gives_scipys_own():  # §8.2: SciPy's results on host data
    d = numpy.array([[4.0, 1, 0], [1, 3, 1], [0, 1, 2]])
    a = sparse.csr_array(np.asarray(d))
    assert type(a) is ss.csr_array
    x, info = sl.cg(a, np.ones(3))
    ref, ref_info = ssl.cg(ss.csr_array(d), numpy.ones(3))
    numpy.testing.assert_array_equal(x.to_numpy(), ref)
    assert info == ref_info


@settings(max_examples=examples(25))
@given(seed=st.integers(0, 2**31), m=st.integers(1, 7), n=st.integers(1, 7), fmt=st.sampled_from(FORMATS),
       dtype=st.sampled_from(["float64", "float32", "complex128"]))
def test_interface_against_scipy(seed, m, n, fmt, dtype):
    ref = _random(seed, m, n, dtype=dtype).asformat(fmt)
    a = getattr(sparse, f"{fmt}_array")(ref, device="cpu")  # SciPy's array, copied explicitly
    assert a.format == fmt and a.shape == ref.shape and a.dtype == ref.dtype
    numpy.testing.assert_array_equal(_dense(a), ref.toarray())
    numpy.testing.assert_array_equal(a.get().toarray(), ref.toarray())
    assert type(a.get()) is type(ref)
    v = numpy.random.default_rng(seed).standard_normal(n)
    tol = 1e-5 if dtype == "float32" else 1e-12
    numpy.testing.assert_allclose((a @ np.asarray(v)).to_numpy(), ref @ v, rtol=tol, atol=tol)
    numpy.testing.assert_allclose((np.asarray(v[:m] if m <= n else numpy.resize(v, m)) @ a).to_numpy(),
                                  (v[:m] if m <= n else numpy.resize(v, m)) @ ref, rtol=tol, atol=tol)
    for got, want in [(a.T, ref.T), (-a, -ref), (abs(a), abs(ref)), (a * 2.5, ref * 2.5), (a + a, ref + ref),
                      (a - a, ref - ref), (a.multiply(a), ref.multiply(ref)), (a.tocsr(), ref.tocsr()),
                      (a.tocoo(), ref.tocoo()), (a.tocsc(), ref.tocsc())]:
        assert got.shape == want.shape
        numpy.testing.assert_allclose(_dense(got), want.toarray(), rtol=tol, atol=tol)
    assert a.T.format == ref.T.format
    for axis in (None, 0, 1, -1):
        numpy.testing.assert_allclose(numpy.asarray(a.sum(axis=axis).to_numpy()), ref.sum(axis=axis), rtol=tol, atol=tol)
    for k in (-1, 0, 1):
        numpy.testing.assert_allclose(a.diagonal(k).to_numpy(), ref.diagonal(k), rtol=tol)
    if m == n:  # (SciPy's own dia @ dia fails on a matrix with <= 1 stored diagonal: the oracle goes through csr)
        want = ref.tocsr() @ ref.tocsr()
        numpy.testing.assert_allclose((a @ a).toarray().to_numpy(), want.toarray(), rtol=tol, atol=tol)


def test_construction_forms():
    with accelerator_rules():  # host data under the accelerator rules: the device classes on the CPU
        data, row, col = np.asarray([1.0, 2.0, 3.0]), np.asarray([0, 0, 1]), np.asarray([0, 0, 2])
        coo = sparse.coo_array((data, (row, col)), shape=(2, 3))
        csr = sparse.csr_array((np.asarray([1.0, 2.0]), np.asarray([0, 2]), np.asarray([0, 1, 2])), shape=(2, 3))
        empty = sparse.csr_array((3, 4))
    ref = ss.coo_array((numpy.array([1.0, 2.0, 3.0]), (numpy.array([0, 0, 1]), numpy.array([0, 0, 2]))), shape=(2, 3))
    numpy.testing.assert_array_equal(_dense(coo), ref.toarray())  # duplicates summed, as SciPy's toarray
    numpy.testing.assert_array_equal(_dense(csr), ss.csr_array((numpy.array([1.0, 2.0]), numpy.array([0, 2]),
                                                                 numpy.array([0, 1, 2])), shape=(2, 3)).toarray())
    assert empty.shape == (3, 4) and empty.nnz == 0


@pytest.mark.parametrize("fmt", [None, "csr", "coo", "dia"])
def test_creation_functions(fmt):
    cases = [
        (lambda m: m.diags_array([[1.0, 2, 3], [4.0, 5]], offsets=[0, 1], format=fmt), {}),
        (lambda m: m.diags([[1.0, 2], [4.0, 5, 6]], [-1, 0], shape=(3, 3), format=fmt), {}),
        (lambda m: m.eye_array(3, 4, k=1, format=fmt), {}),
        (lambda m: m.eye(4, k=-2, format=fmt), {}),
        (lambda m: m.identity(3, format=fmt), {}),
    ]
    for make, _ in cases:
        ref = make(ss)
        with accelerator_rules():
            got = make(sparse)
        assert got.format == ref.format and got.shape == ref.shape and got.dtype == ref.dtype
        assert type(got).__name__ == type(ref).__name__
        numpy.testing.assert_array_equal(_dense(got), ref.toarray())


def test_kron_and_stacks():
    a, b = _random(1, 3, 2).tocsr(), _random(2, 2, 4).tocsr()
    da, db = sparse.csr_array(a, device="cpu"), sparse.csr_array(b, device="cpu")
    for got, ref in [(sparse.kron(da, db), ss.kron(a, b)), (sparse.vstack([da, da]), ss.vstack([a, a])),
                     (sparse.hstack([db, db]), ss.hstack([b, b])),
                     (sparse.block_array([[da, None], [None, db]]), ss.block_array([[a, None], [None, b]]))]:
        assert got.shape == ref.shape
        numpy.testing.assert_array_equal(_dense(got), ref.toarray())
    assert sparse.vstack([da, da]).format == ss.vstack([a, a]).format
    with pytest.raises(ValueError):
        sparse.vstack([da, db])


def _poisson(n):
    main, off = 4.0 * numpy.ones(n * n), -numpy.ones(n * n - 1)
    off[n - 1::n] = 0
    return ss.diags_array([main, off, off, -numpy.ones(n * n - n), -numpy.ones(n * n - n)],
                          offsets=[0, 1, -1, n, -n], format="csr")


@pytest.mark.parametrize("solver", ["cg", "bicgstab"])
@pytest.mark.parametrize("x0", [None, "ones"])
def test_iterative_solvers_stop_where_scipy_does(solver, x0):  # the frozen iterate is SciPy's
    A = _poisson(12)
    b = numpy.random.default_rng(0).standard_normal(A.shape[0])
    start = None if x0 is None else numpy.ones(A.shape[0])
    ref, info = getattr(ssl, solver)(A, b, x0=start, rtol=1e-8)
    got, got_info = getattr(sl, solver)(sparse.csr_array(A, device="cpu"), np.asarray(b),
                                        x0=None if start is None else np.asarray(start), rtol=1e-8)
    assert got_info == info == 0
    numpy.testing.assert_allclose(got.to_numpy(), ref, rtol=1e-9, atol=1e-12)
    # the iteration count: with a callback each iteration is visible, as SciPy's
    seen_ref, seen = [], []
    getattr(ssl, solver)(A, b, rtol=1e-8, callback=lambda x: seen_ref.append(1))
    getattr(sl, solver)(sparse.csr_array(A, device="cpu"), np.asarray(b), rtol=1e-8, callback=lambda x: seen.append(1))
    assert len(seen) == len(seen_ref)


def test_iterative_solver_maxiter_info_and_preconditioner():
    A = _poisson(10)
    b = numpy.ones(A.shape[0])
    ref, info = ssl.cg(A, b, maxiter=5)
    got, got_info = sl.cg(sparse.csr_array(A, device="cpu"), np.asarray(b), maxiter=5)
    assert got_info == info == 5
    numpy.testing.assert_allclose(got.to_numpy(), ref, rtol=1e-12)
    M = ss.diags_array(1 / A.diagonal())
    ref, _ = ssl.cg(A, b, M=M, rtol=1e-10)
    got, _ = sl.cg(sparse.csr_array(A, device="cpu"), np.asarray(b), M=sparse.csr_array(M, device="cpu"), rtol=1e-10)
    numpy.testing.assert_allclose(got.to_numpy(), ref, rtol=1e-9)
    op = sl.LinearOperator(A.shape, matvec=lambda v: sparse.csr_array(A, device="cpu") @ v, device="cpu")
    got, _ = sl.cg(op, np.asarray(b), rtol=1e-10)
    numpy.testing.assert_allclose(got.to_numpy(), ssl.cg(A, b, rtol=1e-10)[0], rtol=1e-9)
    zero, zinfo = sl.cg(sparse.csr_array(A, device="cpu"), np.zeros(A.shape[0]))
    assert zinfo == 0 and not zero.to_numpy().any()


@pytest.mark.parametrize("which", ["LA", "SA", "LM"])
def test_eigsh(which):
    A = _poisson(8)
    ref_w, ref_v = ssl.eigsh(A, k=4, which=which)
    w, v = sl.eigsh(sparse.csr_array(A, device="cpu"), k=4, which=which)
    numpy.testing.assert_allclose(w.to_numpy(), ref_w, rtol=1e-8)
    # the Poisson matrix has repeated eigenvalues: eigenvectors are SciPy's up to a rotation in each
    # eigenspace, so they are checked as eigenvectors (A v = v w, orthonormal)
    V = v.to_numpy()
    numpy.testing.assert_allclose(A @ V, V * w.to_numpy(), atol=1e-6)
    numpy.testing.assert_allclose(V.T @ V, numpy.eye(4), atol=1e-8)
    numpy.testing.assert_allclose(sl.eigsh(sparse.csr_array(A, device="cpu"), k=3, which=which,
                                           return_eigenvectors=False).to_numpy(),
                                  ssl.eigsh(A, k=3, which=which, return_eigenvectors=False), rtol=1e-8)


def test_expm_multiply_norm_spsolve():
    A = _poisson(6) * -0.05
    b = numpy.linspace(0, 1, A.shape[0])
    d = sparse.csr_array(A, device="cpu")
    numpy.testing.assert_allclose(sl.expm_multiply(d, np.asarray(b)).to_numpy(), ssl.expm_multiply(A, b),
                                  rtol=1e-12, atol=1e-14)
    for ord in (None, "fro", 1, -1, numpy.inf, -numpy.inf):
        numpy.testing.assert_allclose(float(sl.norm(d, ord)), ssl.norm(A, ord), rtol=1e-13)
    numpy.testing.assert_allclose(sl.norm(d, axis=0).to_numpy(), ssl.norm(A, axis=0), rtol=1e-13)
    with pytest.raises(TypeError, match="get"):  # no sparse direct solver for CPU tensors in torch
        sl.spsolve(d, np.asarray(b))


def test_bad_input_and_device_mix():
    d = sparse.csr_array(_random(3, 3, 3), device="cpu")
    with pytest.raises(ValueError):
        ssl.cg(_random(3, 3, 4).tocsr(), numpy.ones(3))
    with pytest.raises(ValueError):
        sl.cg(sparse.csr_array(_random(3, 3, 4), device="cpu"), np.ones(3))
    with pytest.raises(ValueError):
        d @ np.ones(5)
    with pytest.raises(ValueError):
        d + sparse.csr_array(_random(4, 2, 2), device="cpu")
    with pytest.raises(np.DeviceMismatchError):  # a dense operand on another device (§3.2)
        d @ np.empty(3, device="meta")
    with pytest.raises(np.DeviceMismatchError):
        sl.cg(d, np.empty(3, device="meta"))
