"""torchnp.scipy.linalg against SciPy (DESIGN §8.2): SciPy's bits on host data, the torch
implementation within tolerance under the accelerator rules (tests/scipy_support.py).

Decompositions whose factors are unique only up to signs or phases (QR, RQ, SVD, eigenvectors)
are compared through their products and invariants on the torch path (LAPACK drivers differ
in those conventions: docs/scipy.md), and exactly on the host path."""

import contextlib
import warnings

import numpy
import pytest
import scipy.linalg
from hypothesis import given, settings, strategies as st

import torchnp
from scipy_support import (ON_CPU, accelerator_rules, assert_close, assert_exact, call, check_scipy, ours,
                           same_error, scipy_result)
from support import DEVICE, examples

_RNG = numpy.random.default_rng(0)
_DT = st.sampled_from(["float64", "float32", "complex128", "int64"])


def _matrix(n, m=None, dtype="float64", seed=0, kind="general"):
    rng = numpy.random.default_rng(seed)
    m = n if m is None else m
    a = rng.uniform(-1, 1, (n, m))
    if numpy.dtype(dtype).kind == "c":
        a = a + 1j * rng.uniform(-1, 1, (n, m))
    if kind == "spd":
        a = a @ a.conj().T + n * numpy.eye(n)
    elif kind == "general" and n == m:
        a = a + n * numpy.eye(n)
    if numpy.dtype(dtype).kind in "iu":
        a = numpy.round(a * 3)
        if kind != "rect":
            a = a + 4 * n * numpy.eye(n, m)
    return a.astype(dtype)


def _tol(dtype):
    return 2e-4 if numpy.dtype(dtype) in (numpy.float32, numpy.complex64) else 1e-10


# ------------------------------------------------------------------ solvers
@settings(max_examples=examples(30), deadline=None)
@given(n=st.integers(1, 5), nrhs=st.sampled_from([None, 1, 3]), dtype=_DT,
       assume_a=st.sampled_from([None, "gen", "sym", "her", "pos", "diagonal", "tridiagonal",
                                 "upper triangular", "lower triangular", "banded"]),
       lower=st.booleans(), transposed=st.booleans(), seed=st.integers(0, 50))
def test_solve(n, nrhs, dtype, assume_a, lower, transposed, seed):
    kind = "spd" if assume_a in ("pos", "sym", "her") else "general"
    a = _matrix(n, dtype=dtype, seed=seed, kind=kind)
    if assume_a == "sym" and numpy.dtype(dtype).kind == "c":
        a = (a + a.T) / 2  # complex symmetric (not Hermitian)
    b = _matrix(n, nrhs or 1, dtype=dtype, seed=seed + 1, kind="rect")
    b = b[:, 0] if nrhs is None else b
    check_scipy(call("linalg.solve", a, b, lower=lower, assume_a=assume_a, transposed=transposed),
                rtol=_tol(dtype))


def test_solve_batches_and_errors():  # SciPy 1.17 broadcasts batches of a and b
    a = numpy.stack([_matrix(3, seed=s) for s in range(4)]).reshape(2, 2, 3, 3)
    check_scipy(call("linalg.solve", a, numpy.ones(3)))
    check_scipy(call("linalg.solve", a, _RNG.uniform(size=(2, 1, 3, 2))))
    check_scipy(call("linalg.solve", a[0, 0], numpy.ones(4)))  # ValueError: incompatible shapes
    check_scipy(call("linalg.solve", numpy.ones((2, 3)), numpy.ones(2)))  # not square
    check_scipy(call("linalg.solve", a[0, 0], numpy.ones(3), assume_a="nonsense"))
    check_scipy(call("linalg.solve", numpy.array([[2.0]]), numpy.array([4.0, 6.0])))  # a 1x1 scales b
    check_scipy(call("linalg.solve", _matrix(3, dtype="complex128"), numpy.ones(3), transposed=True))
    check_scipy(call("linalg.solve", numpy.zeros((2, 2)), numpy.ones(2)), value_check=True)  # singular
    check_scipy(call("linalg.solve", [[3.0, 1.0], [1.0, 2.0]], [1.0, 0.0]))  # Python data


@settings(max_examples=examples(20), deadline=None)
@given(n=st.integers(1, 5), nrhs=st.sampled_from([None, 2]), dtype=_DT, trans=st.sampled_from([0, 1, 2, "T", "C"]),
       lower=st.booleans(), unit=st.booleans(), seed=st.integers(0, 50))
def test_solve_triangular(n, nrhs, dtype, trans, lower, unit, seed):
    a = _matrix(n, dtype=dtype, seed=seed)
    b = _matrix(n, nrhs or 1, dtype=dtype, seed=seed + 1, kind="rect")
    b = b[:, 0] if nrhs is None else b
    check_scipy(call("linalg.solve_triangular", a, b, trans=trans, lower=lower, unit_diagonal=unit),
                rtol=_tol(dtype))


def test_solve_triangular_singular():
    check_scipy(call("linalg.solve_triangular", numpy.triu(numpy.ones((3, 3))) - numpy.eye(3), numpy.ones(3)),
                value_check=True)


@settings(max_examples=examples(20), deadline=None)
@given(n=st.integers(1, 6), l=st.integers(0, 2), u=st.integers(0, 2), nrhs=st.sampled_from([None, 2]),
       dtype=_DT, seed=st.integers(0, 50))
def test_solve_banded(n, l, u, nrhs, dtype, seed):
    ab = _matrix(l + u + 1, n, dtype=dtype, seed=seed, kind="rect")
    ab[u] = ab[u] + 4 * (l + u + 1)  # a dominant diagonal
    b = _matrix(n, nrhs or 1, dtype=dtype, seed=seed + 1, kind="rect")
    b = b[:, 0] if nrhs is None else b
    check_scipy(call("linalg.solve_banded", (l, u), ab, b), rtol=_tol(dtype))


def test_solve_banded_shapes():
    check_scipy(call("linalg.solve_banded", (1, 1), numpy.ones((2, 4)), numpy.ones(4)))
    check_scipy(call("linalg.solve_banded", (1, 0), numpy.ones((2, 4)) * 3, numpy.ones(5)))


@settings(max_examples=examples(20), deadline=None)
@given(n=st.integers(0, 5), dtype=st.sampled_from(["float64", "float32", "complex64", "int64", "float16"]),
       assume_a=st.sampled_from([None, "gen", "diagonal", "upper triangular", "lower triangular", "pos", "sym", "her"]),
       lower=st.booleans(), seed=st.integers(0, 50))
def test_inv(n, dtype, assume_a, lower, seed):
    a = _matrix(n, dtype=dtype, seed=seed, kind="spd" if assume_a in ("pos", "sym", "her") else "general")
    rtol = _tol(dtype) if dtype != "float16" else 1e-3
    if assume_a == "diagonal":
        _check_inv_diagonal(a, lower, rtol)
        return
    check_scipy(call("linalg.inv", a, assume_a=assume_a, lower=lower), rtol=rtol)


def _check_inv_diagonal(a, lower, rtol):
    """SciPy 1.17's inv(a, assume_a="diagonal") inverts the diagonal of a copy of ``a`` and leaves the
    other entries as they were (inv([[2, 5], [7, 4]], assume_a="diagonal") is [[0.5, 5], [7, 0.25]];
    solve(a, eye(2), assume_a="diagonal") is diag(0.5, 0.25)). Its documented contract is that the
    off-diagonal entries are not referenced, so on the device inv(a) is SciPy's inverse of diag(a)
    (docs/scipy.md); host data is SciPy's own."""
    d = numpy.where(numpy.eye(a.shape[-1], dtype=bool), a, 0).astype(a.dtype)
    check_scipy(call("linalg.inv", d, assume_a="diagonal", lower=lower), rtol=rtol)
    c = call("linalg.inv", a, assume_a="diagonal", lower=lower)
    expected, exc = scipy_result(call("linalg.inv", d, assume_a="diagonal", lower=lower))
    if ON_CPU:
        assert_exact(ours(c), scipy_result(c)[0], "linalg.inv (host rules)")
    with accelerator_rules() if ON_CPU else contextlib.nullcontext():
        assert_close(ours(c), expected, rtol, None, "linalg.inv (accelerator rules, the diagonal's inverse)")


def test_inv_diagonal_off_diagonal_entries():  # §8.2: where SciPy 1.17 copies them through
    _check_inv_diagonal(numpy.array([[2.0, 5.0], [7.0, 4.0]]), False, None)
    _check_inv_diagonal(numpy.array([[[2.0, 5.0], [7.0, 4.0]], [[1.0, -1.0], [3.0, 8.0]]]), True, None)


def test_inv_batches_and_errors():
    check_scipy(call("linalg.inv", numpy.stack([_matrix(3, seed=s) for s in range(3)])))
    check_scipy(call("linalg.inv", numpy.ones((2, 3))))
    check_scipy(call("linalg.inv", numpy.ones(3)))
    check_scipy(call("linalg.inv", numpy.ones((3, 3))), value_check=True)
    check_scipy(call("linalg.inv", numpy.array([[1.0, numpy.nan], [0.0, 1.0]])), value_check=True)  # check_finite


@pytest.mark.parametrize("dtype", ["float64", "float32", "complex64", "complex128", "int64"])
def test_det(dtype):
    check_scipy(call("linalg.det", _matrix(4, dtype=dtype)), rtol=_tol(dtype))
    check_scipy(call("linalg.det", numpy.stack([_matrix(3, dtype=dtype, seed=s) for s in range(3)])),
                rtol=_tol(dtype))
    check_scipy(call("linalg.det", numpy.ones((2, 3), dtype)))


@settings(max_examples=examples(20), deadline=None)
@given(m=st.integers(1, 6), n=st.integers(1, 4), nrhs=st.sampled_from([None, 2]),
       dtype=st.sampled_from(["float64", "float32", "complex128"]), cond=st.sampled_from([None, 1e-3]),
       seed=st.integers(0, 50))
def test_lstsq(m, n, nrhs, dtype, cond, seed):
    a = _matrix(m, n, dtype=dtype, seed=seed, kind="rect")
    b = _matrix(m, nrhs or 1, dtype=dtype, seed=seed + 1, kind="rect")
    b = b[:, 0] if nrhs is None else b
    check_scipy(call("linalg.lstsq", a, b, cond=cond), rtol=_tol(dtype), atol=_tol(dtype))


def test_lstsq_rank_deficient_and_errors():
    a = numpy.ones((4, 3))
    check_scipy(call("linalg.lstsq", a, numpy.arange(4.0)), atol=1e-10)
    check_scipy(call("linalg.lstsq", a, numpy.arange(3.0)))
    check_scipy(call("linalg.lstsq", a, numpy.arange(4.0), lapack_driver="nope"))


@settings(max_examples=examples(20), deadline=None)
@given(m=st.integers(1, 5), n=st.integers(1, 5), dtype=st.sampled_from(["float64", "float32", "complex128"]),
       atol=st.sampled_from([None, 0.1]), rtol=st.sampled_from([None, 1e-3]), rank=st.booleans(),
       seed=st.integers(0, 50))
def test_pinv(m, n, dtype, atol, rtol, rank, seed):
    a = _matrix(m, n, dtype=dtype, seed=seed, kind="rect")
    check_scipy(call("linalg.pinv", a, atol=atol, rtol=rtol, return_rank=rank), rtol=_tol(dtype) * 10)


@pytest.mark.parametrize("ord_axis", [(None, None), ("fro", None), (1, None), (numpy.inf, None), (2, None),
                                      ("nuc", None), (-1, None), (None, 0), (3, 1), (1, (0, 1))])
@pytest.mark.parametrize("dtype", ["float64", "float32", "complex128", "int64"])
def test_norm(ord_axis, dtype):
    ord_, axis = ord_axis
    a = _matrix(3, 4, dtype=dtype, kind="rect")
    check_scipy(call("linalg.norm", a, ord_, axis), rtol=_tol(dtype))
    check_scipy(call("linalg.norm", a, ord_, axis, keepdims=True), rtol=_tol(dtype))
    if axis is None and ord_ in (None, 2, 1, numpy.inf):
        check_scipy(call("linalg.norm", a[0], ord_), rtol=_tol(dtype))


# ------------------------------------------------------------------ LU and Cholesky
def _factor_check(c, invariant, rtol=1e-10):
    """Host rules: SciPy's factors exactly. Accelerator rules: SciPy's dtypes and shapes, on the
    device, and ``invariant(ours, scipy's)`` (NumPy arrays) holds."""
    expected, exc = scipy_result(c)
    assert exc is None, exc
    if ON_CPU:
        assert_exact(ours(c), expected, f"{c.name} (host rules)")
    with accelerator_rules() if ON_CPU else warnings.catch_warnings():
        got = ours(c)
    flat_got, flat_exp = _flatten(got), _flatten(expected)
    assert len(flat_got) == len(flat_exp), c.name
    for g, e in zip(flat_got, flat_exp):
        if isinstance(e, numpy.ndarray):
            assert isinstance(g, torchnp.ndarray) and str(g.device).startswith(DEVICE.split(":")[0]), c.name
            assert g.dtype == e.dtype and g.shape == e.shape, f"{c.name}: {g.dtype}{g.shape} != {e.dtype}{e.shape}"
    invariant([g.to_numpy() if isinstance(g, torchnp.ndarray) else g for g in flat_got], flat_exp)


def _flatten(r):
    if isinstance(r, (tuple, list)):
        return [x for v in r for x in _flatten(v)]
    return [r]


def _close(x, y, rtol):
    x, y = numpy.asarray(x), numpy.asarray(y)
    scale = max(1.0, float(numpy.abs(y).max())) if y.size else 1.0
    numpy.testing.assert_allclose(x, y, rtol=rtol, atol=rtol * scale)


@settings(max_examples=examples(20), deadline=None)
@given(m=st.integers(1, 5), n=st.integers(1, 5), dtype=_DT, permute_l=st.booleans(), p_indices=st.booleans(),
       seed=st.integers(0, 50))
def test_lu(m, n, dtype, permute_l, p_indices, seed):
    a = _matrix(m, n, dtype=dtype, seed=seed, kind="rect")
    check_scipy(call("linalg.lu", a, permute_l=permute_l, p_indices=p_indices), rtol=_tol(dtype))


@pytest.mark.parametrize("dtype", ["complex128", "complex64", "float32"])
def test_lu_of_1x1_keeps_the_dtype(dtype):  # SciPy's 1x1 P is of the input's dtype (seed 2278543755)
    check_scipy(call("linalg.lu", numpy.array([[2.0 + 1j]]).astype(dtype)))


@settings(max_examples=examples(20), deadline=None)
@given(n=st.integers(1, 5), nrhs=st.sampled_from([None, 2]), dtype=_DT, trans=st.sampled_from([0, 1, 2]),
       seed=st.integers(0, 50))
def test_lu_factor_and_solve(n, nrhs, dtype, trans, seed):
    a = _matrix(n, dtype=dtype, seed=seed)
    b = _matrix(n, nrhs or 1, dtype=dtype, seed=seed + 1, kind="rect")
    b = b[:, 0] if nrhs is None else b
    check_scipy(call("linalg.lu_factor", a), rtol=_tol(dtype))
    check_scipy(call("linalg.lu_solve", scipy.linalg.lu_factor(a), b, trans=trans), rtol=_tol(dtype))


def test_lu_solve_shapes():
    check_scipy(call("linalg.lu_solve", scipy.linalg.lu_factor(_matrix(3)), numpy.ones(4)))
    check_scipy(call("linalg.lu_factor", _matrix(3, 5, kind="rect")))


@settings(max_examples=examples(20), deadline=None)
@given(n=st.integers(1, 5), nrhs=st.sampled_from([None, 2]), dtype=_DT, lower=st.booleans(), seed=st.integers(0, 50))
def test_cholesky_family(n, nrhs, dtype, lower, seed):
    a = _matrix(n, dtype=dtype, seed=seed, kind="spd")
    b = _matrix(n, nrhs or 1, dtype=dtype, seed=seed + 1, kind="rect")
    b = b[:, 0] if nrhs is None else b
    check_scipy(call("linalg.cholesky", a, lower=lower), rtol=_tol(dtype))
    check_scipy(call("linalg.cho_factor", a, lower=lower), rtol=_tol(dtype))
    check_scipy(call("linalg.cho_solve", scipy.linalg.cho_factor(a, lower=lower), b), rtol=_tol(dtype))


def test_cholesky_errors():
    check_scipy(call("linalg.cholesky", -numpy.eye(3)), value_check=True)  # not positive definite
    check_scipy(call("linalg.cholesky", numpy.ones((2, 3))))
    check_scipy(call("linalg.cho_solve", (numpy.eye(3), False), numpy.ones(4)))
    check_scipy(call("linalg.cho_solve", (numpy.ones((2, 3)), False), numpy.ones(2)))


# ------------------------------------------------------------------ QR, RQ, SVD
def _orthonormal_columns(q, rtol):
    _close(q.conj().T @ q, numpy.eye(q.shape[1]), rtol)


@settings(max_examples=examples(25), deadline=None)
@given(m=st.integers(1, 5), n=st.integers(1, 5), dtype=st.sampled_from(["float64", "float32", "complex128"]),
       mode=st.sampled_from(["full", "economic", "r", "raw"]), pivoting=st.booleans(), seed=st.integers(0, 50))
def test_qr(m, n, dtype, mode, pivoting, seed):
    a = _matrix(m, n, dtype=dtype, seed=seed, kind="rect")
    tol = _tol(dtype)

    def invariant(got, exp):
        if pivoting:
            numpy.testing.assert_array_equal(got[-1], exp[-1])  # the same column order
        ap = a[:, exp[-1]] if pivoting else a
        if mode in ("full", "economic"):
            q, r = got[0], got[1]
            _orthonormal_columns(q, tol)
            _close(q @ r, ap, tol)
            _close(numpy.abs(r), numpy.abs(exp[1]), tol)  # R is unique up to the signs of its rows
        elif mode == "r":
            _close(numpy.abs(got[0]), numpy.abs(exp[0]), tol)
        else:
            _close(got[0], exp[0], tol)  # geqrf's own output: the same algorithm
            _close(got[1], exp[1], tol)
            _close(got[2], exp[2], tol)

    _factor_check(call("linalg.qr", a, mode=mode, pivoting=pivoting), invariant)


def test_qr_mode_error():
    check_scipy(call("linalg.qr", numpy.eye(2), mode="bad"))


@settings(max_examples=examples(20), deadline=None)
@given(m=st.integers(1, 5), n=st.integers(1, 5), dtype=st.sampled_from(["float64", "float32", "complex128"]),
       mode=st.sampled_from(["full", "economic", "r"]), seed=st.integers(0, 50))
def test_rq(m, n, dtype, mode, seed):
    a = _matrix(m, n, dtype=dtype, seed=seed, kind="rect")
    tol = _tol(dtype)

    def invariant(got, exp):
        _close(numpy.abs(got[0]), numpy.abs(exp[0]), tol)  # R up to the signs of its columns
        r = got[0]
        assert numpy.allclose(numpy.tril(r, r.shape[1] - r.shape[0] - 1), 0)  # gerqf's trapezoid
        if mode != "r":
            _close(got[0] @ got[1], a, tol)
            _orthonormal_columns(got[1].conj().T, tol)

    _factor_check(call("linalg.rq", a, mode=mode), invariant)


@settings(max_examples=examples(20), deadline=None)
@given(m=st.integers(1, 5), n=st.integers(1, 5), dtype=st.sampled_from(["float64", "float32", "complex128"]),
       full=st.booleans(), driver=st.sampled_from(["gesdd", "gesvd"]), seed=st.integers(0, 50))
def test_svd(m, n, dtype, full, driver, seed):
    a = _matrix(m, n, dtype=dtype, seed=seed, kind="rect")
    tol = _tol(dtype)

    def invariant(got, exp):
        u, s, vh = got
        _close(s, exp[1], tol)
        k = min(m, n)
        _close((u[:, :k] * s) @ vh[:k], a, tol)
        _orthonormal_columns(u, tol)
        _orthonormal_columns(vh.conj().T, tol)

    _factor_check(call("linalg.svd", a, full_matrices=full, lapack_driver=driver), invariant)
    check_scipy(call("linalg.svd", a, compute_uv=False), rtol=tol)
    check_scipy(call("linalg.svdvals", a), rtol=tol)


def test_svd_of_complex_with_subnormal_parts():  # torch's complex SVD gave NaN beside them (svd_tensor)
    a = numpy.array([[5.6e-42 + 9.5e-42j, 1.9e-42], [-0.31 - 1.2j, 1e-41 - 3e-44j], [1.4e-41, 1.3e-41j]], numpy.complex64)
    check_scipy(call("linalg.svdvals", a), rtol=_tol("complex64"))
    check_scipy(call("linalg.svd", a, compute_uv=False), rtol=_tol("complex64"))


def test_svd_errors():
    check_scipy(call("linalg.svd", numpy.eye(2), lapack_driver="nope"))
    check_scipy(call("linalg.svdvals", numpy.ones(3)))


# ------------------------------------------------------------------ eigenproblems
@settings(max_examples=examples(25), deadline=None)
@given(n=st.integers(1, 5), dtype=st.sampled_from(["float64", "float32", "complex128"]), lower=st.booleans(),
       generalized=st.booleans(), type_=st.sampled_from([1, 2, 3]), only=st.booleans(),
       subset=st.sampled_from([None, (0, 0), (1, 2)]), seed=st.integers(0, 50))
def test_eigh(n, dtype, lower, generalized, type_, only, subset, seed):
    a = _matrix(n, dtype=dtype, seed=seed, kind="spd") - n * numpy.eye(n, dtype=dtype)
    b = _matrix(n, dtype=dtype, seed=seed + 1, kind="spd") if generalized else None
    subset = subset if subset is None or subset[1] < n else None
    tol = _tol(dtype) * 10
    c = call("linalg.eigh", a, b, lower=lower, type=type_, eigvals_only=only, subset_by_index=subset)
    if only:
        check_scipy(c, rtol=tol)
        return
    af = numpy.tril(a) + numpy.tril(a, -1).conj().T if lower else numpy.triu(a) + numpy.triu(a, 1).conj().T
    bf = None if b is None else (numpy.tril(b) + numpy.tril(b, -1).conj().T if lower else
                                  numpy.triu(b) + numpy.triu(b, 1).conj().T)

    def invariant(got, exp):
        w, v = got
        _close(w, exp[0], tol)
        if bf is None:
            _close(af @ v, v * w, tol)
        elif type_ == 1:
            _close(af @ v, bf @ v * w, tol)
        elif type_ == 2:
            _close(af @ bf @ v, v * w, tol)
        else:
            _close(bf @ af @ v, v * w, tol)

    _factor_check(c, invariant)


def test_eigh_errors():
    check_scipy(call("linalg.eigh", numpy.eye(3), subset_by_index=(2, 5)))
    check_scipy(call("linalg.eigh", numpy.eye(3), type=4))
    check_scipy(call("linalg.eigh", numpy.ones((2, 3))))


def test_eigh_subset_by_value():  # a data-dependent count: a host read on the device (docs/devices.md)
    a = numpy.diag([1.0, 2.0, 3.0, 4.0])

    def invariant(got, exp):
        _close(got[0], exp[0], 1e-12)

    _factor_check(call("linalg.eigh", a, subset_by_value=(1.5, 3.5)), invariant)


@settings(max_examples=examples(25), deadline=None)
@given(n=st.integers(1, 5), dtype=st.sampled_from(["float64", "float32", "complex128"]),
       generalized=st.booleans(), left=st.booleans(), right=st.booleans(), seed=st.integers(0, 50))
def test_eig(n, dtype, generalized, left, right, seed):
    a = _matrix(n, dtype=dtype, seed=seed, kind="rect")
    b = _matrix(n, dtype=dtype, seed=seed + 1) if generalized else None
    tol = _tol(dtype) * 100

    def invariant(got, exp):
        w = got[0]
        _same_values(w, exp[0], tol)
        bb = numpy.eye(n) if b is None else b
        i = 1
        if left:
            vl = got[i]
            _close(vl.conj().T @ a, (vl.conj().T * w[:, None]) @ bb, tol)
            _close(numpy.linalg.norm(vl, axis=0), numpy.ones(n), tol)
            i += 1
        if right:
            vr = got[i]
            _close(a @ vr, bb @ vr * w, tol)
            _close(numpy.linalg.norm(vr, axis=0), numpy.ones(n), tol)

    c = call("linalg.eig", a, b, left=left, right=right)
    if not (left or right):
        invariant([_accel(c)], [scipy_result(c)[0]])
    else:
        _factor_check(c, invariant)
    e = scipy.linalg.eigvals(a, b)
    with accelerator_rules():
        w = torchnp.scipy.linalg.eigvals(torchnp.asarray(a, device=DEVICE), None if b is None else
                                         torchnp.asarray(b, device=DEVICE)).to_numpy()
    assert w.dtype == e.dtype
    _same_values(w, e, tol)


def _same_values(w, e, tol):
    """The same multiset of eigenvalues (the order of drivers may differ)."""
    w, rest = numpy.asarray(w), list(numpy.asarray(e))
    for x in w:
        i = int(numpy.argmin(numpy.abs(numpy.asarray(rest) - x)))
        _close(x, rest.pop(i), tol)


def _accel(c):
    with accelerator_rules():
        return ours(c).to_numpy()


def test_eig_homogeneous_and_host_rules():
    a = _matrix(3)
    for c in (call("linalg.eig", a, homogeneous_eigvals=True, right=False),
              call("linalg.eigvals", a, homogeneous_eigvals=True), call("linalg.eigvals", a), call("linalg.eig", a)):
        expected, _ = scipy_result(c)
        if ON_CPU:
            assert_exact(ours(c), expected)
    got = _accel(call("linalg.eigvals", a, homogeneous_eigvals=True))
    assert got.shape == (2, 3) and got.dtype == numpy.complex128
    _same_values(got[0] / got[1], scipy.linalg.eigvals(a), 1e-10)
    check_scipy(call("linalg.eig", numpy.ones((2, 3))))
    for b in (numpy.ones((3, 2)), numpy.eye(2)):  # eigvals checks b as eig does (SciPy's eigvals calls eig)
        check_scipy(call("linalg.eigvals", numpy.eye(3), b))


# ------------------------------------------------------------------ subspaces
@pytest.mark.parametrize("shape,rank", [((4, 3), 3), ((3, 5), 3), ((5, 4), 2), ((3, 3), 0)])
def test_null_space_orth(shape, rank):
    rng = numpy.random.default_rng(1)
    a = rng.uniform(-1, 1, (shape[0], rank)) @ rng.uniform(-1, 1, (rank, shape[1]))

    def nul(got, exp):
        (z,) = got
        _close(a @ z, numpy.zeros((a.shape[0], z.shape[1])), 1e-10)
        _close(z.conj().T @ z, numpy.eye(z.shape[1]), 1e-10)

    def orth(got, exp):
        (q,) = got
        _close(q @ q.conj().T, exp[0] @ exp[0].conj().T, 1e-10)  # the same projector

    _factor_check(call("linalg.null_space", a), nul)
    _factor_check(call("linalg.orth", a), orth)


@pytest.mark.parametrize("na,nb", [(2, 3), (3, 2), (1, 1), (3, 3)])
def test_subspace_angles(na, nb):
    rng = numpy.random.default_rng(na * 7 + nb)
    a, b = rng.uniform(-1, 1, (5, na)), rng.uniform(-1, 1, (5, nb))
    check_scipy(call("linalg.subspace_angles", a, b), rtol=1e-9)
    check_scipy(call("linalg.subspace_angles", a, a), atol=1e-7)  # arcsin of ~1e-16: absolute
    check_scipy(call("linalg.subspace_angles", a, numpy.ones((4, 2))))


# ------------------------------------------------------------------ matrix functions
@settings(max_examples=examples(20), deadline=None)
@given(n=st.integers(1, 6), dtype=st.sampled_from(["float64", "float32", "complex128", "int64", "float16"]),
       scale=st.sampled_from([0.1, 1.0, 5.0]), batch=st.booleans(), seed=st.integers(0, 50))
def test_expm(n, dtype, scale, batch, seed):
    a = (_matrix(n, dtype="complex128" if dtype == "complex128" else "float64", seed=seed, kind="rect") * scale)
    a = (numpy.round(a) if dtype == "int64" else a).astype(dtype)
    a = numpy.stack([a, a.T]) if batch else a
    # expm's Padé/Taylor approximants differ (SciPy: Al-Mohy & Higham; torch: Bader et al.): a few ulps
    # times the condition of the exponential
    check_scipy(call("linalg.expm", a), rtol={"float32": 1e-4, "float16": 1e-3}.get(dtype, 1e-11))


def test_expm_shapes():
    check_scipy(call("linalg.expm", numpy.float64(2.0)))
    check_scipy(call("linalg.expm", numpy.zeros((0, 0))))
    check_scipy(call("linalg.expm", numpy.ones(3)))
    check_scipy(call("linalg.expm", numpy.ones((2, 3))))


@pytest.mark.parametrize("dtype", ["float64", "float32", "int64", "complex64"])
@pytest.mark.parametrize("kind", ["spd", "general", "rotation", "negative"])
@pytest.mark.parametrize("name", ["logm", "sqrtm"])
def test_logm_sqrtm(name, kind, dtype):
    a = {"spd": _matrix(4, kind="spd"), "general": _matrix(4),
         "rotation": numpy.array([[0.0, -1.0], [1.0, 0.0]]) * 2 + numpy.eye(2),
         "negative": numpy.diag([-1.0, 4.0])}[kind]
    a = (numpy.round(a * 2) if dtype == "int64" else a).astype(dtype)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if name == "logm" and dtype == "float32" and kind in ("general", "rotation"):
            # documented difference: SciPy's single-precision Schur form can leave ~1e-8 imaginary noise,
            # above its own cut (1e6 eps of float64), so its result is complex128 (on some machines: the
            # noise is LAPACK's rounding); ours is float64
            expected = scipy.linalg.logm(a)
            if expected.dtype == numpy.complex128:
                assert numpy.abs(expected.imag).max() < 1e-5
                expected = expected.real
            assert expected.dtype == numpy.float64
            with accelerator_rules():
                got = torchnp.scipy.linalg.logm(torchnp.asarray(a, device=DEVICE)).to_numpy()
            assert got.dtype == numpy.float64
            _close(got, expected, 1e-5)
            return
        # the eigendecomposition against SciPy's Schur methods: 1e-9 (docs/scipy.md); single precision 1e-4
        check_scipy(call(f"linalg.{name}", a), rtol=1e-4 if dtype in ("float32", "complex64") else 1e-9)


# ------------------------------------------------------------------ special matrices
@pytest.mark.parametrize("dtype", ["float64", "int64", "complex128", "float32"])
def test_special_matrices(dtype):
    c = (numpy.arange(1, 5) * (1 + 1j if dtype == "complex128" else 1)).astype(dtype)
    r = (numpy.arange(10, 13)).astype(dtype)
    for call_ in (call("linalg.toeplitz", c), call("linalg.toeplitz", c, r), call("linalg.toeplitz", c[:1]),
                  call("linalg.toeplitz", numpy.stack([c, c * 2])), call("linalg.circulant", c),
                  call("linalg.circulant", numpy.stack([c, c * 2])), call("linalg.hankel", c),
                  call("linalg.hankel", c, r), call("linalg.companion", c), call("linalg.companion", c[:1]),
                  call("linalg.companion", numpy.stack([c, c * 2])),
                  call("linalg.block_diag", c.reshape(2, 2), r, c[:1]), call("linalg.block_diag"),
                  call("linalg.block_diag", numpy.ones((2, 2, 2), dtype), c.reshape(2, 2)),
                  call("linalg.block_diag", [], [[1, 2]])):
        check_scipy(call_)


def test_linalg_error_is_numpys():
    assert torchnp.scipy.linalg.LinAlgError is numpy.linalg.LinAlgError is scipy.linalg.LinAlgError


# ------------------------------------------------------------------ batches (SciPy 1.17's _apply_over_batch)
def test_batched_decompositions():
    a = numpy.stack([_matrix(3, seed=s) for s in range(4)]).reshape(2, 2, 3, 3)
    spd = a @ numpy.swapaxes(a, -1, -2)
    for c in (call("linalg.lu_factor", a), call("linalg.cholesky", spd), call("linalg.cho_factor", spd, lower=True),
              call("linalg.svd", a, compute_uv=False), call("linalg.eigh", spd, eigvals_only=True),
              call("linalg.inv", a), call("linalg.det", a), call("linalg.expm", a / 3), call("linalg.lu", a),
              call("linalg.eigvals", a[0])):
        check_scipy(c, rtol=1e-10)

    def qr_ok(got, exp):
        _close(got[0] @ got[1], a, 1e-10)

    def svd_ok(got, exp):
        _close((got[0] * got[1][..., None, :]) @ got[2], a, 1e-10)

    def eigh_ok(got, exp):
        _close(spd @ got[1], got[1] * got[0][..., None, :], 1e-9)

    def eig_ok(got, exp):
        _close(a[0] @ got[1], got[1] * got[0][..., None, :], 1e-9)

    _factor_check(call("linalg.qr", a), qr_ok)
    _factor_check(call("linalg.svd", a), svd_ok)
    _factor_check(call("linalg.eigh", spd), eigh_ok)
    _factor_check(call("linalg.eig", a[0]), eig_ok)


def test_batched_subspaces():
    rng = numpy.random.default_rng(5)
    a = rng.uniform(-1, 1, (2, 4, 2)) @ rng.uniform(-1, 1, (2, 2, 3))  # rank 2 each

    def nul(got, exp):
        _close(a @ got[0], numpy.zeros(exp[0].shape[:-2] + (4, exp[0].shape[-1])), 1e-10)

    _factor_check(call("linalg.null_space", a), nul)
    _factor_check(call("linalg.orth", a), lambda got, exp: _close(got[0] @ numpy.swapaxes(got[0], -1, -2),
                                                                  exp[0] @ numpy.swapaxes(exp[0], -1, -2), 1e-10))


_INF = numpy.array([[1.0, numpy.inf], [0.0, 1.0]])


@pytest.mark.parametrize("c", [
    call("linalg.svdvals", _INF), call("linalg.lu", _INF, p_indices=True), call("linalg.eigh", _INF),
    call("linalg.solve_triangular", _INF, numpy.ones(2)), call("linalg.solve_banded", (0, 1), _INF, numpy.ones(2)),
    call("linalg.solve_banded", (1, 1), numpy.ones((2, 3)), numpy.ones(3)),  # l + u + 1 rows
    call("linalg.eigh", numpy.eye(3), numpy.eye(2)), call("linalg.eig", numpy.eye(3), numpy.eye(2)),  # a and b shapes
    call("linalg.solve_triangular", numpy.ones((2, 3, 4)), numpy.ones((2, 3))),  # a batch of non-square matrices
    call("linalg.eigh", numpy.broadcast_to(numpy.eye(3), (2, 5, 3, 3)), subset_by_index=[1, 3]),  # n is 3, not 5
    call("linalg.solve", numpy.zeros((1, 1)), numpy.ones(1)),  # a singular 1 x 1
], ids=lambda c: c.name)
def test_value_checks_and_messages_are_scipys(c):  # check_finite's and the shape checks' messages
    same_error(c)


def test_value_checks_pass_where_scipys_do():
    with torchnp.errstate(invalid="raise"):
        check_scipy(call("linalg.solve", numpy.array([[2.0]]), numpy.array([3.0])))  # a nonzero 1 x 1
        check_scipy(call("linalg.svdvals", _INF[:1, :1]))
    a = numpy.stack([_matrix(3, seed=s) for s in range(2)])
    check_scipy(call("linalg.solve", a, numpy.ones((2, 3)), assume_a="general"))
    check_scipy(call("linalg.solve_triangular", numpy.ones((2, 3, 4)), numpy.ones((2, 3))))  # a batch not square
    check_scipy(call("linalg.lu", numpy.array([[2.0]]), p_indices=True))  # SciPy's int64 for 1 x 1, int32 else
    check_scipy(call("linalg.lu", numpy.array([[2.0], [3.0]]), p_indices=True))
    spd = numpy.stack([numpy.stack([_matrix(3, seed=s, kind="spd") for s in range(5)])] * 2)  # (2, 5, 3, 3)
    check_scipy(call("linalg.eigh", spd, subset_by_index=[1, 2], eigvals_only=True), rtol=1e-10)
