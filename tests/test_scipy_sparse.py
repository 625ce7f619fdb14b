"""torchnp.scipy.sparse and sparse.linalg against SciPy (DESIGN §8.4; issue 26): host data gives
SciPy's own sparse arrays and solvers; device arrays (here: the CPU under the accelerator rules,
or ``device='cpu'`` explicitly) have SciPy's sparse-array interface and solutions within the
solvers' tolerances of SciPy's."""

import contextlib
import re
import warnings

import numpy
import pytest
import scipy.sparse as ss
import scipy.sparse.linalg as ssl
from hypothesis import given, settings, strategies as st

import torchnp as np
from torchnp.scipy import sparse
from torchnp.scipy.sparse import linalg as sl
from scipy_support import accelerator_rules, assert_exact, call, check_scipy
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
    x, info = sl.cg(a, np.ones(3, device="cpu"))  # host data on any default device
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


@pytest.mark.parametrize("name", ["csr_array", "csc_array", "csr_matrix", "csc_matrix"])
def test_compressed_form_without_shape(name):
    # SciPy's csr_array docstring builds a term-document matrix as csr_array((data, indices, indptr), dtype=int):
    # the shape is len(indptr) - 1 by the largest index + 1 (transposed for CSC); the device path raised
    # "unable to infer matrix dimensions". No stored element: SciPy's ValueError
    data, indices, indptr = [1, 1, 1, 1, 1, 1], [0, 1, 0, 2, 3, 1], [0, 3, 6]
    ref = getattr(ss, name)((data, indices, indptr), dtype=int)
    with accelerator_rules():
        got = getattr(sparse, name)((np.asarray(data), np.asarray(indices), np.asarray(indptr)), dtype=int)
        with pytest.raises(ValueError, match="unable to infer matrix dimensions"):
            getattr(sparse, name)((np.asarray([], dtype=float), np.asarray([], dtype=int), np.asarray([0, 0])))
    assert got.shape == ref.shape and got.dtype == ref.dtype and got.format == ref.format
    numpy.testing.assert_array_equal(_dense(got), ref.toarray())


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
        assert isinstance(got, sparse._base._SparseArray) and got.device == np.asarray(0.0).device  # made on the device
        numpy.testing.assert_array_equal(_dense(got), ref.toarray())


@pytest.mark.parametrize("kwargs", [dict(), dict(format="csr", dtype="float32"), dict(density=0.25, rng=5),
                                    dict(density=0.5, data_sampler="arange")])
def test_random_array_on_the_device(kwargs):  # torch's stream, SciPy's format, dtype, count and value range
    kw = dict(kwargs)
    if kw.get("data_sampler") == "arange":
        kw["data_sampler"] = lambda size: numpy.arange(size)
    ref = ss.random_array((6, 8), **kw)
    with accelerator_rules():
        got = sparse.random_array((6, 8), **kw)
        again = sparse.random_array((6, 8), **kw)
    assert isinstance(got, sparse._base._SparseArray)
    assert type(got).__name__ == type(ref).__name__ and got.format == ref.format and got.dtype == ref.dtype
    assert got.shape == ref.shape and got.nnz == ref.nnz  # round(density m n) places, none twice
    values = numpy.sort(got.data.to_numpy())
    if "data_sampler" in kw:
        numpy.testing.assert_array_equal(values, numpy.sort(ref.data))
    else:
        assert ((values >= 0) & (values < 1)).all()
    if "rng" in kw:  # a seed: the same draw twice
        numpy.testing.assert_array_equal(_dense(again), _dense(got))
    for density in (-0.1, 1.5):
        for m in (ss, sparse):
            with pytest.raises(ValueError, match="density expected to be 0 <= density <= 1"), accelerator_rules():
                m.random_array((2, 2), density=density)


def test_construction_without_shape_is_scipys():
    data, row, col = numpy.array([1.0, 2.0]), numpy.array([0, 4]), numpy.array([1, 2])
    ref = ss.coo_array((data, (row, col)))  # the shape from the largest indices
    with accelerator_rules():
        got = sparse.coo_array((np.asarray(data), (np.asarray(row), np.asarray(col))))
    assert got.shape == ref.shape
    numpy.testing.assert_array_equal(_dense(got), ref.toarray())
    for kind in ("dia_array", "dia_matrix"):  # (data, offsets), one diagonal's 1-d data too
        for d, offsets in [(numpy.arange(1.0, 4.0), 1), (numpy.arange(1.0, 7.0).reshape(2, 3), [0, -1])]:
            ref = getattr(ss, kind)((d, offsets), shape=(3, 4))
            with accelerator_rules():
                got = getattr(sparse, kind)((np.asarray(d), offsets), shape=(3, 4))
            assert type(got).__name__ == type(ref).__name__ and got.shape == ref.shape
            numpy.testing.assert_array_equal(_dense(got), ref.toarray())
            numpy.testing.assert_array_equal(got.data.to_numpy(), numpy.atleast_2d(ref.data))
            for m, arg in ((ss, d), (sparse, np.asarray(d))):
                with pytest.raises(ValueError, match="expected a shape argument"), accelerator_rules():
                    getattr(m, kind)((arg, offsets))


_ATTRIBUTES = ("nnz", "size", "ndim", "data", "offsets", "indices", "indptr", "coords", "row", "col")


@pytest.mark.parametrize("kind", [f"{f}_{k}" for f in FORMATS for k in ("array", "matrix")])
def test_attributes_and_repr_are_scipys(kind):  # SciPy's structure arrays, counts and repr (plus the device)
    ref = getattr(ss, kind)(_random(4, 3, 4, density=0.5).tocsr())  # (through CSR: the canonical order, torch's)
    got = getattr(sparse, kind)(ref, device="cpu")
    for name in _ATTRIBUTES:
        if not hasattr(ref, name):
            with pytest.raises(AttributeError):
                getattr(got, name)
            continue
        want, value = getattr(ref, name), getattr(got, name)
        if isinstance(want, tuple):  # coords
            assert len(value) == len(want)
            for v, w in zip(value, want):
                numpy.testing.assert_array_equal(v.to_numpy(), w, strict=True)
        elif isinstance(want, numpy.ndarray):
            numpy.testing.assert_array_equal(value.to_numpy(), want, strict=True, err_msg=name)
        else:
            assert value == want, name
    assert repr(got) == repr(ref)[:-1] + ", device='cpu'>"


@pytest.mark.parametrize("fmt", FORMATS)
def test_astype_mean_and_dense_minus_sparse_are_scipys(fmt):
    ref = _random(7, 3, 4, density=0.5).asformat(fmt)
    got = sparse.coo_array(ref, device="cpu").asformat(fmt)
    for dtype in ("float32", "complex128", "int64"):
        want, value = ref.astype(dtype), got.astype(dtype)
        assert type(value).__name__ == type(want).__name__ and value.dtype == want.dtype
        numpy.testing.assert_array_equal(_dense(value), want.toarray())
    for axis in (None, 0, 1, -1):
        numpy.testing.assert_allclose(numpy.asarray(got.mean(axis=axis).to_numpy()), ref.mean(axis=axis), rtol=1e-15)
    d = numpy.arange(12.0).reshape(3, 4)
    numpy.testing.assert_array_equal((np.asarray(d) - got).to_numpy(), d - ref, strict=True)


def test_one_d_sparse_operations_off_the_device_name_toarray():  # docs/scipy.md: NotImplementedError
    a = sparse.csr_array(_random(8, 3, 4, density=0.5).tocsr(), device="cpu")
    row = a[1]
    assert row.ndim == 1
    for op, what in [(lambda: row @ a, "@"), (lambda: row + row, r"\+ and -"), (lambda: row.multiply(row), "multiply"),
                     (lambda: row.diagonal(), "diagonal")]:
        with pytest.raises(NotImplementedError, match=f"^{what} of a 1-d sparse array on a device: use .toarray()"):
            op()


@pytest.mark.parametrize("fmt", FORMATS)
def test_multiply_by_dense_is_scipys(fmt):  # SciPy's result type and format (DIA keeps its diagonals), values
    ref = _random(6, 3, 4, density=0.5).asformat(fmt)
    got = sparse.coo_array(ref, device="cpu").asformat(fmt)
    for other in (numpy.arange(1.0, 13.0).reshape(3, 4), numpy.arange(1.0, 5.0), numpy.arange(1.0, 4.0)[:, None]):
        want = ref.multiply(other)
        value = got.multiply(np.asarray(other))
        assert type(value).__name__ == type(want).__name__ and value.format == want.format
        numpy.testing.assert_array_equal(_dense(value), want.toarray())
        if fmt == "dia":
            numpy.testing.assert_array_equal(value.offsets.to_numpy(), want.offsets)
            numpy.testing.assert_array_equal(value.data.to_numpy(), want.data)
    for m, a in ((numpy, ref), (np, got)):
        with pytest.raises(ValueError, match="inconsistent shapes"):
            a.multiply(m.ones((2, 4)))


def test_kron_and_stacks():
    a, b = _random(1, 3, 2).tocsr(), _random(2, 2, 4).tocsr()
    da, db = sparse.csr_array(a, device="cpu"), sparse.csr_array(b, device="cpu")
    for got, ref in [(sparse.kron(da, db), ss.kron(a, b)), (sparse.vstack([da, da]), ss.vstack([a, a])),
                     (sparse.hstack([db, db]), ss.hstack([b, b])),
                     (sparse.block_array([[da, None], [None, db]]), ss.block_array([[a, None], [None, b]]))]:
        assert got.shape == ref.shape
        numpy.testing.assert_array_equal(_dense(got), ref.toarray())
    assert sparse.vstack([da, da]).format == ss.vstack([a, a]).format
    # SciPy's block_array docstring: int64 blocks around a None block stay int64 (the zeros took float64)
    ints = [ss.coo_array([[1, 2], [3, 4]]), ss.coo_array([[5], [6]]), ss.coo_array([[7]])]
    ref = ss.block_array([[ints[0], ints[1]], [None, ints[2]]])
    got = sparse.block_array([[sparse.coo_array(ints[0], device="cpu"), sparse.coo_array(ints[1], device="cpu")],
                              [None, sparse.coo_array(ints[2], device="cpu")]])
    assert got.dtype == ref.dtype and got.format == ref.format
    numpy.testing.assert_array_equal(_dense(got), ref.toarray())
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
    zero, zinfo = sl.cg(sparse.csr_array(A, device="cpu"), np.zeros(A.shape[0], device="cpu"))
    assert zinfo == 0 and not zero.to_numpy().any()


def test_linear_operator_on_host_data_is_scipys():  # §8.2: no device operand, SciPy's own operator
    d = numpy.array([[4.0, 1, 0], [1, 3, 1], [0, 1, 2]])
    b = numpy.array([1.0, 2, 3])
    op = sl.LinearOperator(d.shape, matvec=lambda v: d @ numpy.asarray(v))
    assert isinstance(op, ssl.LinearOperator)  # SciPy's own: products with scalars and operators
    numpy.testing.assert_array_equal((2 * op + op).matvec(b), 3 * (d @ b))
    x, info = sl.cg(op, b)
    ref, ref_info = ssl.cg(ssl.aslinearoperator(d), b)
    numpy.testing.assert_array_equal(numpy.asarray(x), ref)
    assert info == ref_info
    with accelerator_rules():  # as on an accelerator: torchnp's operator, the device recurrence
        op = sl.LinearOperator(d.shape, matvec=lambda v: np.asarray(d) @ v)
        assert isinstance(op, sl.LinearOperator) and not isinstance(op, ssl.LinearOperator)
        x, info = sl.cg(op, np.asarray(b))
        assert isinstance(x, np.ndarray) and info == ref_info
        numpy.testing.assert_allclose(x.to_numpy(), ref, rtol=1e-12)


@pytest.mark.parametrize("solver", ["cg", "bicgstab", "gmres", "minres", "lsqr"])
def test_iterative_solvers_read_the_flag_only_until_it_rises(solver):
    # (sparse.linalg's docstring) the host reads the device flag every CHECK_EVERY iterations
    # until it rises, then leaves the loop: a generous maxiter costs no further reads (§3.5)
    from host_reads import HostReads

    A = sparse.csr_array(_poisson(8), device="cpu")
    b = np.ones(A.shape[0], device="cpu")
    reads = []
    for limit in (200, 2000):
        with HostReads() as hr:
            x, info = getattr(sl, solver)(A, b, **{"iter_lim" if solver == "lsqr" else "maxiter": limit})[:2]
        assert (info == 0) if solver != "lsqr" else (info in (1, 2))
        reads.append(len(hr.reads))
    assert reads[0] == reads[1] <= 6, reads


def test_cg_default_maxiter_is_scipys():  # a system CG does not solve: SciPy's 10 n iterations, info = 10 n
    A, b = _system(3, "nonsym")
    ref, info = ssl.cg(A, b, rtol=1e-300)
    got, got_info = sl.cg(sparse.csr_array(A, device="cpu"), np.asarray(b), rtol=1e-300)
    assert got_info == info == 10 * len(b)
    numpy.testing.assert_allclose(got.to_numpy(), ref, rtol=1e-9)


def _slightly_nonsymmetric(n, rel):
    """An SPD matrix S plus c K (K antisymmetric) whose minres(check=True) symmetry test measures
    |s - t| / s = ``rel``, s = |A b|^2, t = b.A(A b): s - t = b.(A^T - A) A b = -2c b.K(S + c K) b."""
    rng = numpy.random.default_rng(1)
    S = _poisson(n).toarray()
    K = numpy.triu(rng.standard_normal(S.shape), 1)
    K = K - K.T
    b = rng.standard_normal(len(S))
    c = rel * ((S @ b) @ (S @ b)) / abs(2 * (b @ K @ S @ b))
    A = S + c * K
    w = A @ b
    assert numpy.isclose(abs(w @ w - b @ (A @ w)) / (w @ w), rel, rtol=0.1)
    return A, b


@pytest.mark.parametrize("kind", ["symmetric", "nonsymmetric", "nonsymmetric preconditioner"])
def test_minres_check_is_scipys(kind):  # check=True: SciPy's symmetry tests and their threshold
    A, b = _system(4, "spd")  # (_poisson's, symmetric)
    kw = {}
    if kind == "nonsymmetric":
        A, b = _slightly_nonsymmetric(4, 2e-5)  # above eps^(1/3) ~ 6e-6, below eps^(1/4) ~ 1.2e-4
    elif kind == "nonsymmetric preconditioner":  # the same test on M: s = |M b|^2, t = b.M(M b)
        kw["M"], b = _slightly_nonsymmetric(4, 2e-5)
    check_scipy(call("sparse.linalg.minres", A, b, check=True, rtol=1e-10, **kw), rtol=1e-7)


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


def _eig_reference(A, k, which):
    """The k wanted eigenvalues of a dense symmetric matrix, ascending (LAPACK's, the exact answer ARPACK
    converges to): the oracle for eigenvalues where SciPy's order or ties need no ARPACK run."""
    ref = numpy.linalg.eigvalsh(A)
    if which == "BE":  # k // 2 from the low end, the rest from the high end (SciPy's documentation)
        return numpy.concatenate([ref[:k // 2], ref[len(ref) - (k - k // 2):]])
    key = {"LA": ref, "SA": -ref, "LM": abs(ref), "SM": -abs(ref)}[which]
    return numpy.sort(ref[numpy.argsort(-key, kind="stable")[:k]])


@settings(max_examples=examples(20), deadline=None)
@given(n=st.integers(12, 60), k=st.integers(1, 6), which=st.sampled_from(["LM", "SM", "LA", "SA", "BE"]),
       seed=st.integers(0, 2 ** 16), vectors=st.booleans(), dense=st.booleans())
def test_eigsh_against_scipy(n, k, which, seed, vectors, dense):
    # eigenvalues of a random symmetric matrix with a spread spectrum (distinct |values|, so which= picks
    # the same ones as SciPy) within 1e-8 of SciPy's ARPACK: sparse arrays on the device path, dense
    # arrays under the accelerator rules (torch path) and under the host rules (SciPy's own bits)
    k = max(k, 2) if which == "BE" else k  # (k=1 'BE': ARPACK's error, test_eigsh_be_and_invariant_subspaces)
    rng = numpy.random.default_rng(seed)
    Q = numpy.linalg.qr(rng.standard_normal((n, n)))[0]
    lam = rng.permutation(numpy.linspace(-3, 5, n) + 0.013)  # no 0, no |a| == |b|
    A = (Q * lam) @ Q.T
    A = (A + A.T) / 2
    v0 = rng.standard_normal(n)  # (ARPACK's start is random otherwise: the host-rule run must repeat it)
    ref = ssl.eigsh(A, k=k, which=which, v0=v0, return_eigenvectors=vectors)
    w_ref = ref[0] if vectors else ref
    numpy.testing.assert_allclose(numpy.sort(w_ref), _eig_reference(A, k, which), rtol=1e-8, atol=1e-12)
    if dense:
        with accelerator_rules(), warnings.catch_warnings():
            warnings.simplefilter("error")  # no warning where SciPy's has none (e.g. torch's about a resized out=)
            got = sl.eigsh(np.asarray(A), k=k, which=which, v0=np.asarray(v0), return_eigenvectors=vectors)
        host = sl.eigsh(np.asarray(A), k=k, which=which, v0=np.asarray(v0), return_eigenvectors=vectors)
        assert_exact(host[0] if vectors else host, w_ref)  # host rules: SciPy's own result
    else:
        got = sl.eigsh(sparse.csr_array(ss.csr_array(A), device="cpu"), k=k, which=which, v0=np.asarray(v0),
                       return_eigenvectors=vectors)
    w = got[0] if vectors else got
    assert isinstance(w, np.ndarray) and w.dtype == w_ref.dtype and w.shape == w_ref.shape
    numpy.testing.assert_allclose(w.to_numpy(), w_ref, rtol=1e-8, atol=1e-10)  # SciPy's order too
    if vectors:  # eigenvectors are SciPy's up to sign: checked as orthonormal eigenvectors
        V = got[1].to_numpy()
        numpy.testing.assert_allclose(numpy.abs(numpy.sum(V * ref[1], axis=0)), 1, atol=1e-6)
        numpy.testing.assert_allclose(A @ V, V * w.to_numpy(), atol=1e-8)


@pytest.mark.parametrize("which", ["LA", "SA"])
def test_eigsh_clustered_laplacian_options(which):
    # the path graph's Laplacian (benchmarks/run.py's eigsh row was one): its extreme eigenvalues are clustered
    # (gaps ~1e-5 at n=400), the hard case for a restarted Lanczos; v0, ncv, tol and maxiter as SciPy's
    n = 400
    g = numpy.ones(n)
    L = ss.diags_array([2 * g, -g[:-1], -g[:-1]], offsets=[0, 1, -1], format="csr")
    v0 = numpy.random.default_rng(1).standard_normal(n)
    d = sparse.csr_array(L, device="cpu")
    ref = ssl.eigsh(L, k=6, which=which, v0=v0, return_eigenvectors=False)
    for kw in ({}, {"v0": np.asarray(v0)}, {"ncv": 40}, {"tol": 1e-10}):
        got = sl.eigsh(d, k=6, which=which, return_eigenvectors=False, **kw).to_numpy()
        numpy.testing.assert_allclose(got, ref, rtol=1e-8 if "tol" not in kw else 1e-7, atol=1e-12, err_msg=str(kw))
    w32 = sl.eigsh(sparse.csr_array(L.astype(numpy.float32), device="cpu"), k=3, which=which)[0]
    assert w32.dtype == numpy.float32  # SciPy's float32 eigenvalues of float32 input
    numpy.testing.assert_allclose(w32.to_numpy(), ssl.eigsh(L.astype(numpy.float32), k=3, which=which)[0],
                                  rtol=1e-4, atol=1e-5)
    with pytest.raises(ValueError):  # SciPy's: ncv must be k<ncv<=n
        ssl.eigsh(L, k=6, ncv=6)
    with pytest.raises(ValueError):
        sl.eigsh(d, k=6, ncv=6)
    with pytest.raises(ValueError):
        sl.eigsh(d, k=6, which="XX")


@pytest.mark.parametrize("which", ["LA", "SA", "BE"])
def test_eigsh_be_and_invariant_subspaces(which):
    # three eigenvalues of multiplicity 10: the Lanczos basis meets an invariant subspace after three
    # steps and goes on from a random vector orthogonal to it (ARPACK's dgetv0), twice in a 20-vector
    # basis; the multiple eigenvalues come out as SciPy's, with orthonormal eigenvectors
    n = 30
    rng = numpy.random.default_rng(0)
    Q = numpy.linalg.qr(rng.standard_normal((n, n)))[0]
    A = (Q * numpy.repeat([1.0, 2.0, 3.0], 10)) @ Q.T
    A = (A + A.T) / 2
    d = sparse.csr_array(ss.csr_array(A), device="cpu")
    for ncv in (None, 30):
        ref = ssl.eigsh(A, k=4, which=which, ncv=ncv, return_eigenvectors=False)
        w, v = sl.eigsh(d, k=4, which=which, ncv=ncv)
        numpy.testing.assert_allclose(w.to_numpy(), numpy.sort(ref), rtol=1e-12, err_msg=str(ncv))
        V = v.to_numpy()
        numpy.testing.assert_allclose(A @ V, V * w.to_numpy(), atol=1e-12)
        numpy.testing.assert_allclose(V.T @ V, numpy.eye(4), atol=1e-12)
        numpy.testing.assert_allclose(sl.eigsh(d, k=4, which=which, ncv=ncv, return_eigenvectors=False).to_numpy(),
                                      ref, rtol=1e-12)  # ARPACK's order
    D = ss.diags_array(numpy.arange(1.0, 41.0)).tocsr()  # start vectors inside invariant subspaces (an
    for v0 in (numpy.r_[1.0, 1.0, 1.0, numpy.zeros(37)], numpy.eye(40)[0]):  # eigenvector: an exact zero step)
        numpy.testing.assert_allclose(sl.eigsh(sparse.csr_array(D, device="cpu"), k=3, which=which,
                                               v0=np.asarray(v0))[0].to_numpy(),
                                      ssl.eigsh(D, k=3, which=which, v0=v0)[0], rtol=1e-12)
    with pytest.raises(ssl.ArpackError) as ref_err:  # ARPACK's error -13, SciPy's message
        ssl.eigsh(A, k=1, which="BE")
    with pytest.raises(ssl.ArpackError) as err:
        sl.eigsh(d, k=1, which="BE")
    assert str(err.value) == str(ref_err.value)


@pytest.mark.parametrize("which", ["LA", "SA", "LM", "BE"])
def test_eigsh_operator_products_within_twice_arpacks(which):
    # ARPACK's basis (ncv = max(2k + 1, 20)) and restart size: on the 20^2 grid Laplacian the device's
    # Lanczos takes at most twice as many operator products as SciPy's ARPACK from the same v0
    g = ss.diags_array([2 * numpy.ones(20), -numpy.ones(19), -numpy.ones(19)], offsets=[0, 1, -1])
    L = ss.csr_array(ss.kronsum(g, g))
    d = sparse.csr_array(L, device="cpu")
    v0 = numpy.random.default_rng(3).standard_normal(400)
    count = [0, 0]

    def ref_matvec(x):
        count[0] += 1
        return L @ x

    def matvec(x):
        count[1] += 1
        return d @ x
    ref = ssl.eigsh(ssl.LinearOperator(L.shape, matvec=ref_matvec, dtype=float), k=6, which=which, v0=v0)
    w, _ = sl.eigsh(sl.LinearOperator(L.shape, matvec=matvec, dtype=float, device="cpu"), k=6, which=which,
                    v0=np.asarray(v0))
    numpy.testing.assert_allclose(w.to_numpy(), ref[0], rtol=1e-10)
    assert 0 < count[1] <= 2 * count[0], count


@pytest.mark.parametrize("maxiter", [1, 2, 3])
def test_eigsh_no_convergence_is_scipys(maxiter):
    # three isolated eigenvalues above a tight cluster: within maxiter restarts of a 20-vector basis
    # SciPy's ARPACK and the device's block Lanczos converge the three (not the cluster), and both
    # raise SciPy's own ArpackNoConvergence, SciPy's message, the converged pairs ascending
    n = 300
    rng = numpy.random.default_rng(0)
    lam = numpy.concatenate([[100.0, 60.0, 30.0], 1 + 1e-4 * numpy.arange(n - 3)])
    Q = numpy.linalg.qr(rng.standard_normal((n, n)))[0]
    A = (Q * lam) @ Q.T
    A = (A + A.T) / 2
    v0 = rng.standard_normal(n)
    kw = dict(k=6, which="LA", maxiter=maxiter, ncv=20, v0=v0)
    with pytest.raises(ssl.ArpackNoConvergence) as ref:
        ssl.eigsh(A, **kw)
    assert sl.ArpackNoConvergence is ssl.ArpackNoConvergence and sl.ArpackError is ssl.ArpackError
    for rules, a in (("host", np.asarray(A)), ("accelerator", np.asarray(A)),
                     ("device sparse", sparse.csr_array(ss.csr_array(A), device="cpu"))):
        for vectors in (True, False):
            with pytest.raises(ssl.ArpackNoConvergence) as got, \
                    (accelerator_rules() if rules == "accelerator" else contextlib.nullcontext()):
                sl.eigsh(a, **dict(kw, v0=np.asarray(v0)), return_eigenvectors=vectors)
            assert str(got.value) == str(ref.value) == (
                f"ARPACK error -1: No convergence ({maxiter + 1} iterations, 3/6 eigenvectors converged)"), rules
            w, V = got.value.eigenvalues, got.value.eigenvectors
            assert isinstance(w, np.ndarray) and w.shape == (3,) and V.shape == (n, 3), rules
            numpy.testing.assert_allclose(w.to_numpy(), ref.value.eigenvalues, rtol=1e-10)
            numpy.testing.assert_allclose(numpy.abs(numpy.sum(V.to_numpy() * ref.value.eigenvectors, axis=0)), 1,
                                          atol=1e-8)
    with pytest.raises(ValueError, match="maxiter must be positive"):
        ssl.eigsh(A, k=6, maxiter=0)
    with pytest.raises(ValueError, match="maxiter must be positive"):
        sl.eigsh(sparse.csr_array(ss.csr_array(A), device="cpu"), k=6, maxiter=0)


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


def _system(n=8, kind="nonsym", seed=0):
    rng = numpy.random.default_rng(seed)
    A = _poisson(n).toarray()
    if kind == "nonsym":
        A = A + numpy.diag(rng.standard_normal(n * n - 1) * 0.5, 1)
    elif kind == "indefinite":
        A = A - 1.5 * numpy.eye(n * n)
    return A, rng.standard_normal(n * n)


@pytest.mark.parametrize("kwargs", [dict(rtol=1e-10), dict(rtol=1e-10, restart=5), dict(maxiter=2),
                                    dict(rtol=1e-9, restart=7, atol=1e-3), dict(rtol=1e-12, x0="ones"),
                                    dict(rtol=1e-10, M="jacobi")])
def test_gmres_against_scipy(kwargs):  # dense operands: SciPy's bits on host data, the device recurrence otherwise
    A, b = _system()
    kw = dict(kwargs)
    if kw.get("x0") == "ones":
        kw["x0"] = numpy.ones(len(b))
    if kw.get("M") == "jacobi":
        kw["M"] = numpy.diag(1 / numpy.diag(A))
    check_scipy(call("sparse.linalg.gmres", A, b, **kw), rtol=1e-8)  # solutions agree to the solver's rtol
    ref, info = ssl.gmres(ss.csr_array(A), b, **kw)
    got, got_info = sl.gmres(sparse.csr_array(ss.csr_array(A), device="cpu"), np.asarray(b),
                             **{k: np.asarray(v) if isinstance(v, numpy.ndarray) else v for k, v in kw.items()})
    assert got_info == info
    numpy.testing.assert_allclose(got.to_numpy(), ref, rtol=1e-8, atol=1e-8 * abs(ref).max())


@pytest.mark.parametrize("callback_type", ["x", "pr_norm", "legacy"])
def test_gmres_callbacks_see_scipys_iterations(callback_type):
    A, b = _system(6)
    seen_ref, seen = [], []
    ref, info = ssl.gmres(A, b, rtol=1e-10, restart=4, maxiter=7, callback=lambda v: seen_ref.append(numpy.copy(v)),
                          callback_type=callback_type)  # (SciPy updates its x in place: copies)
    with accelerator_rules():
        got, got_info = sl.gmres(np.asarray(A), np.asarray(b), rtol=1e-10, restart=4, maxiter=7, callback=seen.append,
                                 callback_type=callback_type)
    assert got_info == info and len(seen) == len(seen_ref)
    numpy.testing.assert_allclose([numpy.asarray(s.to_numpy()) for s in seen], numpy.asarray(seen_ref), rtol=1e-7)
    numpy.testing.assert_allclose(got.to_numpy(), ref, rtol=1e-8)
    with pytest.warns(DeprecationWarning), accelerator_rules():  # SciPy's warning for a callback without a type
        sl.gmres(np.asarray(A), np.asarray(b), callback=lambda r: None)
    with pytest.raises(ValueError), accelerator_rules():
        sl.gmres(np.asarray(A), np.asarray(b), callback=print, callback_type="y")


@pytest.mark.parametrize("kwargs", [dict(rtol=1e-10), dict(rtol=1e-10, shift=0.3), dict(maxiter=3),
                                    dict(rtol=1e-11, x0="ones"), dict(rtol=1e-10, M="jacobi")])
@pytest.mark.parametrize("kind", ["spd", "indefinite"])
def test_minres_against_scipy(kwargs, kind):
    A, b = _system(5, kind)
    kw = dict(kwargs)
    if kw.get("x0") == "ones":
        kw["x0"] = numpy.ones(len(b))
    if kw.get("M") == "jacobi":
        kw["M"] = numpy.diag(1 / numpy.abs(numpy.diag(A)))
    # Lanczos without reorthogonalisation: the rounding of two implementations drifts apart in
    # the middle of the run (SciPy's own sequence is that sensitive), the solutions agree to 1e-7
    check_scipy(call("sparse.linalg.minres", A, b, **kw), rtol=1e-7)
    seen_ref, seen = [], []
    ssl.minres(A, b, callback=seen_ref.append, **kw)
    with accelerator_rules():
        sl.minres(np.asarray(A), np.asarray(b), callback=seen.append,
                  **{k: np.asarray(v) if isinstance(v, numpy.ndarray) else v for k, v in kw.items()})
    assert len(seen) == len(seen_ref)


@pytest.mark.parametrize("kwargs", [dict(), dict(damp=0.5, calc_var=True), dict(iter_lim=3),
                                    dict(atol=1e-10, btol=1e-10, conlim=1e12), dict(x0="ones"), dict(conlim=2.0)])
@pytest.mark.parametrize("shape", [(30, 12), (40, 40)])
def test_lsqr_against_scipy(kwargs, shape):  # (a square system that converges well before n steps)
    rng = numpy.random.default_rng(3)
    A = rng.standard_normal(shape) + numpy.eye(*shape) if shape[0] != shape[1] else \
        0.05 * rng.standard_normal(shape) + 2 * numpy.eye(*shape)
    b = rng.standard_normal(shape[0])
    kw = dict(kwargs)
    if kw.get("x0") == "ones":
        kw["x0"] = numpy.ones(shape[1])
    ref = ssl.lsqr(A, b, **kw)
    host = {k: np.asarray(v) if isinstance(v, numpy.ndarray) else v for k, v in kw.items()}
    assert_exact(sl.lsqr(np.asarray(A), np.asarray(b), **host), ref, "lsqr (host rules)")
    with accelerator_rules():
        dense = sl.lsqr(np.asarray(A), np.asarray(b), **host)
    sparse_ = sl.lsqr(sparse.csr_array(ss.csr_array(A), device="cpu"), np.asarray(b), **host)
    for got in (dense, sparse_):
        assert got[1:3] == ref[1:3]  # istop, itn: SciPy's
        # norm(A), cond(A), norm(x) and var within 1e-7 of SciPy's, x within §8.2's 1e-6 (the iterates of
        # two roundings drift apart at the end of a run stopped at atol=btol=1e-6); the residual norms
        # (r1norm, r2norm; ~0 for a consistent system) on the scale of the stopping test, btol |b| +
        # atol |A| |x|, and arnorm, norm(A^T r), a rounding-level quantity at convergence, on its scale |A| |r|
        for i, rtol in ((0, 1e-6), (5, 1e-7), (6, 1e-7), (8, 1e-7), (9, 1e-7)):
            assert isinstance(got[i], np.ndarray) and got[i].dtype == numpy.asarray(ref[i]).dtype
            numpy.testing.assert_allclose(got[i].to_numpy(), ref[i], rtol=rtol, atol=1e-12, err_msg=str(i))
        for i in (3, 4):
            numpy.testing.assert_allclose(float(got[i]), ref[i], rtol=1e-7,
                                          atol=1e-7 * (numpy.linalg.norm(b) + ref[5] * ref[8]))
        numpy.testing.assert_allclose(float(got[7]), ref[7], rtol=1e-7, atol=1e-7 * ref[5] * numpy.linalg.norm(b))


def test_minres_least_squares_stop_is_scipys():
    # an inconsistent singular system: SciPy stops at test2 = |A r| / (|A| |r|) <= rtol (istop 2, info 0) while
    # test1 stays ~1e-2; b's scale puts SciPy's |A| estimate, sqrt(tnorm2), at exactly 1.0 at that step
    A = 0.125 * numpy.diag(numpy.r_[numpy.linspace(1.0, 2.0, 30), numpy.zeros(3)])
    b = numpy.random.default_rng(0).standard_normal(33) * 0.1860872670766116
    ref, info = ssl.minres(A, b)
    with accelerator_rules():
        got, got_info = sl.minres(np.asarray(A), np.asarray(b))
    assert got_info == info == 0
    numpy.testing.assert_allclose(got.to_numpy(), ref, rtol=1e-6, atol=1e-6 * numpy.abs(ref).max())


def test_lsqr_machine_precision_stop_is_scipys():  # atol = btol = 0: SciPy's istop 4, |r| / (|b| + |A| |x|) <= eps
    rng = numpy.random.default_rng(3)
    A = rng.standard_normal((30, 12)) + numpy.eye(30, 12)
    b = A @ rng.standard_normal(12)  # (a consistent system)
    ref = ssl.lsqr(A, b, atol=0, btol=0, conlim=0)
    assert ref[1] == 4
    with accelerator_rules():
        got = sl.lsqr(np.asarray(A), np.asarray(b), atol=0, btol=0, conlim=0)
    assert got[1:3] == ref[1:3]
    numpy.testing.assert_allclose(got[0].to_numpy(), ref[0], rtol=1e-12)


@pytest.mark.parametrize("name", ["gmres", "minres", "cg", "bicgstab"])
def test_solvers_bad_shapes_raise_scipys_errors(name):
    A, b = _system(3)
    for args in [(A[:, :5], b[:9]), (A, b[:5])]:
        check_scipy(call(f"sparse.linalg.{name}", *args))
    with pytest.raises(ValueError):
        getattr(sl, name)(sparse.csr_array(ss.csr_array(A[:, :5]), device="cpu"), np.asarray(b))
    with pytest.raises(ValueError):
        sl.lsqr(sparse.csr_array(ss.csr_array(A), device="cpu"), np.asarray(b[:4]))
    check_scipy(call("sparse.linalg.lsqr", A, b[:4]))


_BOUND = st.none() | st.integers(-5, 5)
_SLICES = st.builds(slice, _BOUND, _BOUND, st.none() | st.integers(1, 2))
_PLAIN = st.builds(slice, _BOUND, _BOUND)  # (SciPy itself fails on a list with a stepped slice: A[[0], ::2])
_KEYS = st.one_of(
    st.integers(-3, 2), st.slices(3), st.lists(st.integers(-3, 2), max_size=4),
    st.tuples(st.integers(-3, 2), st.integers(-4, 3)), st.tuples(st.integers(-3, 2), _SLICES),
    st.tuples(_SLICES, st.integers(-4, 3)), st.tuples(_PLAIN, st.lists(st.integers(-4, 3), max_size=3)),
    st.tuples(st.lists(st.integers(0, 2), min_size=1, max_size=3), _PLAIN),
    st.lists(st.booleans(), min_size=3, max_size=3).map(numpy.array), st.just(Ellipsis),
    st.tuples(st.just(Ellipsis), st.integers(-4, 3)))


@settings(max_examples=examples(60))
@given(seed=st.integers(0, 2**31), kind=st.sampled_from(["csr_array", "csc_array", "coo_array", "csr_matrix",
                                                           "csc_matrix"]), key=_KEYS)
def test_indexing_against_scipy(seed, kind, key):  # SciPy's result types, shapes and values
    ref = getattr(ss, kind)(_random(seed, 3, 4, density=0.5))
    a = getattr(sparse, kind)(ref, device="cpu")
    want = ref[key]
    got = a[np.asarray(key) if isinstance(key, numpy.ndarray) else key]
    if isinstance(want, numpy.generic):  # A[i, j]: a 0-d array on the device
        assert isinstance(got, np.ndarray) and got.shape == () and got.dtype == want.dtype
        assert float(got) == want
        return
    assert type(got).__name__ == type(want).__name__ and got.shape == want.shape and got.dtype == want.dtype
    numpy.testing.assert_array_equal(_dense(got), want.toarray())
    numpy.testing.assert_array_equal(got.get().toarray(), want.toarray())
    if got.ndim == 1:  # the 1-d rows and columns of sparse arrays: the interface they have on a device
        v = numpy.arange(1.0, want.shape[0] + 1)
        numpy.testing.assert_allclose(float(got @ np.asarray(v)), want @ v)
        numpy.testing.assert_allclose(float(got.sum()), want.sum())
        numpy.testing.assert_array_equal(_dense(-got * 2.0), (-want * 2.0).toarray())
        assert got.nnz == want.nnz and got.T.shape == want.T.shape


def test_indexing_bad_keys_raise_scipys_errors():
    ref = ss.csr_array(_random(1, 3, 4, density=0.5))
    a = sparse.csr_array(ref, device="cpu")
    for key in [3, -4, (0, 4), (1.5, 0), (0, 1.5), 1.5, numpy.float64(2.0), (0, 1, 2), (0, Ellipsis, 1, 2),
                numpy.array([True, False]), (slice(None), numpy.array([True, False, True]))]:
        with pytest.raises((IndexError, ValueError)) as want:  # SciPy's type and message
            ref[key]
        with pytest.raises(type(want.value), match=f"^{re.escape(str(want.value))}$"):
            a[np.asarray(key) if isinstance(key, numpy.ndarray) else key]
    for kind in ("coo_matrix", "dia_array", "dia_matrix"):
        with pytest.raises(TypeError):
            getattr(ss, kind)(ref)[0]
        with pytest.raises(TypeError):
            getattr(sparse, kind)(ref, device="cpu")[0]


@pytest.mark.parametrize("which", ["LA", "SA", "LM"])
def test_eigsh_grid_laplacian_is_scipys(which):
    # benchmarks/run.py's eigsh row at 20^2 nodes: a 2-D grid Laplacian, clustered and with repeated
    # eigenvalues (lam_i + lam_j = lam_j + lam_i), several restarts of the default 128-vector basis; the
    # projected matrix is assembled from Gram-Schmidt's coefficients (issue 26): eigenvalues within 1e-8
    # of SciPy's, orthonormal eigenvectors
    g = ss.diags_array([2 * numpy.ones(20), -numpy.ones(19), -numpy.ones(19)], offsets=[0, 1, -1])
    L = ss.csr_array(ss.kronsum(g, g))
    ref = ssl.eigsh(L, k=6, which=which, return_eigenvectors=False)
    w, v = sl.eigsh(sparse.csr_array(L, device="cpu"), k=6, which=which)
    numpy.testing.assert_allclose(w.to_numpy(), numpy.sort(ref), rtol=1e-8, atol=1e-10)
    V = v.to_numpy()
    numpy.testing.assert_allclose(L @ V, V * w.to_numpy(), atol=1e-6)
    numpy.testing.assert_allclose(V.T @ V, numpy.eye(6), atol=1e-10)
    got = sl.eigsh(sparse.csr_array(L, device="cpu"), k=6, which=which, return_eigenvectors=False)
    numpy.testing.assert_allclose(got.to_numpy(), ref, rtol=1e-8, atol=1e-10)  # SciPy's order too
