"""torchnp.linalg against numpy.linalg (docs/design.md §5.1, §2.2 dtypes, §3 devices).

Decompositions with sign/phase freedom (eig, eigh, svd, qr) are checked by reconstruction,
orthogonality and invariants compared with NumPy -- never by element equality.
"""

import math
import re

import numpy
import pytest
from hypothesis import given, strategies as st
from numpy.exceptions import AxisError

import torchnp
from support import (accelerator_rules, arrays, assert_like_numpy, check, Compare, DEVICE, host, raises_like,
                     RESULT_DEVICE, tnp)

LA = torchnp.linalg
NLA = numpy.linalg
INEXACT = ["float32", "float64", "complex64", "complex128"]
ALL = INEXACT + ["int64", "int32", "bool"]


# ---------------------------------------------------------------- inputs and tolerances
def rand_matrix(shape, dtype, cond=10.0, seed=0, hermitian_pd=False):
    """Random matrices with prescribed 2-norm condition number (singular values log-spaced)."""
    rng = numpy.random.default_rng(seed)
    dtype = numpy.dtype(dtype)
    *batch, m, n = shape
    if dtype.kind in "biu":
        if dtype.kind == "b":  # unit upper triangular: full rank
            return numpy.triu(rng.integers(0, 2, size=shape) != 0, 1) | numpy.eye(m, n, dtype=bool)
        a = rng.integers(-4, 5, size=shape)
        if m == n:
            a = a + 12 * numpy.eye(n, dtype=int)
        return a.astype(dtype)
    cplx = dtype.kind == "c"

    def unitary(k):
        z = rng.standard_normal(tuple(batch) + (k, k))
        if cplx:
            z = z + 1j * rng.standard_normal(z.shape)
        return numpy.linalg.qr(z)[0]

    k = min(m, n)
    s = numpy.logspace(0, -math.log10(cond), k) if k else numpy.zeros(0)
    u = unitary(m)
    if hermitian_pd:
        a = (u * s) @ numpy.conj(numpy.swapaxes(u, -1, -2))
    else:
        a = (u[..., :, :k] * s) @ unitary(n)[..., :k, :]
    return a.astype(dtype)


def eps(dtype):
    dtype = numpy.dtype(dtype)
    return numpy.finfo(dtype).eps if dtype.kind in "fc" else numpy.finfo(numpy.float64).eps


def assert_close(actual, expected, tol, check_dtype=True):
    """Same type/shape/dtype as NumPy and max|a - e| <= tol * max(1, max|e|)."""
    if isinstance(expected, numpy.generic) and RESULT_DEVICE.type == "cpu" and not accelerator_rules():  # §1.3
        assert type(actual) is type(expected), (type(actual), type(expected))
        actual = torchnp.asarray(actual, device="cpu")
    assert isinstance(actual, torchnp.ndarray), type(actual)
    assert actual.device == RESULT_DEVICE or isinstance(expected, numpy.generic)
    got, exp = actual.to_numpy(), numpy.asarray(expected)
    assert got.shape == exp.shape, (got.shape, exp.shape)
    if check_dtype:
        assert got.dtype == exp.dtype, (got.dtype, exp.dtype)
    if exp.size:
        scale = max(1.0, float(numpy.max(numpy.abs(exp))))
        err = float(numpy.max(numpy.abs(got.astype(numpy.complex128) - exp)))
        assert err <= tol * scale, f"max error {err:.3g} > {tol * scale:.3g}"


def assert_same_spectrum(got, exp, tol):
    """Same eigenvalues per matrix, in any order (each one close to one of the other set)."""
    assert got.shape == exp.shape
    g, e = got.reshape(-1, got.shape[-1]), exp.reshape(-1, exp.shape[-1])
    for gi, ei in zip(g, e):
        d = numpy.abs(gi[:, None] - ei[None, :])
        scale = max(1.0, numpy.abs(ei).max(initial=0))
        assert d.min(axis=0).max(initial=0) <= tol * scale and d.min(axis=1).max(initial=0) <= tol * scale


def H(a):
    return numpy.conj(numpy.swapaxes(a, -1, -2))


def assert_orthonormal_columns(q, tol):
    k = q.shape[-1]
    eye = numpy.broadcast_to(numpy.eye(k), q.shape[:-2] + (k, k))
    numpy.testing.assert_allclose(H(q) @ q, eye, atol=tol)


CASES = [  # (shape, cond) -- well- and ill-conditioned, batched
    ((4, 4), 10.0), ((3, 5, 5), 10.0), ((2, 1, 3, 3), 1e3), ((6, 6), 1e6), ((1, 1), 1.0), ((0, 0), 1.0),
]


def cond_ok(dtype, cond):
    return numpy.dtype(dtype).kind in "biu" or cond * eps(dtype) < 1e-3


def dtype_cases(dtypes, cases):
    """(dtype, shape, cond) triples whose condition number the dtype can resolve."""
    return [(d, s, c) for d in dtypes for s, c in cases if cond_ok(d, c)]


# ---------------------------------------------------------------- namespace
def test_namespace_complete_and_linalgerror_is_numpys():  # §5.1
    assert set(NLA.__all__) <= set(dir(LA))
    assert LA.LinAlgError is NLA.LinAlgError
    assert issubclass(LA.LinAlgError, ValueError)


# ---------------------------------------------------------------- solve / inv / det
@pytest.mark.parametrize("dtype,shape,cond", dtype_cases(ALL, CASES))
def test_inv_det_slogdet(dtype, shape, cond):  # §5.1, §2.2
    a = rand_matrix(shape, dtype, cond)
    n = shape[-1]
    tol = 50 * max(n, 1) * eps(dtype) * cond
    assert_close(LA.inv(tnp(a)), NLA.inv(a), tol)
    assert_close(LA.det(tnp(a)), NLA.det(a), tol)
    sign, logdet = LA.slogdet(tnp(a))
    esign, elogdet = NLA.slogdet(a)
    assert type(LA.slogdet(tnp(a))).__name__ == "SlogdetResult"
    assert_close(sign, esign, 1e-3)
    assert_close(logdet, elogdet, tol)
    r = LA.slogdet(tnp(a))
    assert r.sign is r[0] and r.logabsdet is r[1]


@pytest.mark.parametrize("dtype,shape,cond", dtype_cases(ALL, CASES[:5]))
def test_solve(dtype, shape, cond):  # §5.1
    a = rand_matrix(shape, dtype, cond)
    n = shape[-1]
    rng = numpy.random.default_rng(1)
    tol = 50 * n * eps(dtype) * cond
    for bshape in [(n,), shape[:-1] + (2,), (n, 3), (2,) + shape[:-1] + (1,)]:
        b = rng.standard_normal(bshape).astype(a.dtype if a.dtype.kind in "fc" else "float64")
        assert_close(LA.solve(tnp(a), tnp(b)), NLA.solve(a, b), tol)


def test_solve_matrix_rhs_is_never_a_batch_of_vectors():  # NumPy 2: b is a vector only when 1-D
    a = rand_matrix((3, 3, 3), "float64")
    b = numpy.arange(9.0).reshape(3, 3)
    assert_close(LA.solve(tnp(a), tnp(b)), NLA.solve(a, b), 1e-12)


@pytest.mark.parametrize("name", ["solve", "inv"])
@pytest.mark.parametrize("dtype", ["float32", "float64", "complex128", "int64"])
def test_singular_raises_linalgerror(name, dtype):  # §5.1
    a = numpy.array([[[1, 2], [2, 4]], [[1, 0], [0, 1]]], dtype=dtype)
    args = (a, numpy.ones(2, dtype)) if name == "solve" else (a,)
    exc = check(f"linalg.{name}", *args)
    assert isinstance(exc, NLA.LinAlgError)
    raises_like(NLA.LinAlgError, getattr(LA, name), *[tnp(x) for x in args], match="Singular matrix")


@pytest.mark.parametrize("name", ["inv", "det", "slogdet", "eig", "eigvals", "eigh", "eigvalsh", "cholesky"])
@pytest.mark.parametrize("shape", [(3,), (2, 3), (2, 4, 3), ()])
def test_square_and_ndim_errors(name, shape):  # §5.1
    exc = check(f"linalg.{name}", numpy.ones(shape))
    assert isinstance(exc, NLA.LinAlgError)
    with pytest.raises(NLA.LinAlgError, match=str(exc).split(".")[0]):
        getattr(LA, name)(tnp(numpy.ones(shape)))


@pytest.mark.parametrize("name", ["inv", "det", "svd", "qr", "cholesky", "eigvals", "pinv", "solve"])
def test_float16_is_unsupported_like_numpy(name):  # §5.1: TypeError as NumPy
    a = numpy.eye(2, dtype=numpy.float16)
    args = (a, a) if name == "solve" else (a,)
    exc = check(f"linalg.{name}", *args)
    assert isinstance(exc, TypeError)


def test_solve_shape_errors():
    check("linalg.solve", numpy.eye(3), numpy.ones(4))
    check("linalg.solve", numpy.eye(3), numpy.ones((2, 3)))
    check("linalg.solve", numpy.ones((2, 3, 3)), numpy.ones((4, 3, 1)))


# ---------------------------------------------------------------- cholesky
@pytest.mark.parametrize("dtype", INEXACT)
@pytest.mark.parametrize("upper", [False, True])
@pytest.mark.parametrize("shape,cond", [((4, 4), 10.0), ((2, 3, 3), 1e3), ((0, 0), 1.0)])
def test_cholesky(dtype, upper, shape, cond):
    a = rand_matrix(shape, dtype, cond, hermitian_pd=True)
    # garbage in the unread triangle: NumPy reads only the lower (upper=True: upper) one
    junk = numpy.triu(numpy.ones(shape, dtype), 1) * 7
    a = a + (junk.swapaxes(-1, -2) if upper else junk)
    tol = 100 * eps(dtype) * cond
    assert_close(LA.cholesky(tnp(a), upper=upper), NLA.cholesky(a, upper=upper), tol)
    if not upper:  # NumPy's default: the lower factor
        assert_close(LA.cholesky(tnp(a)), NLA.cholesky(a), tol)


@pytest.mark.parametrize("upper", [False, True])
def test_cholesky_not_positive_definite(upper):
    a = numpy.array([[1.0, 2.0], [2.0, 1.0]])
    check("linalg.cholesky", a, upper=upper)
    raises_like(NLA.LinAlgError, LA.cholesky, tnp(a), upper=upper, match="Matrix is not positive definite")


# ---------------------------------------------------------------- eigen
@pytest.mark.parametrize("dtype", ALL)
@pytest.mark.parametrize("kind", ["real_spectrum", "complex_spectrum"])
@pytest.mark.parametrize("shape", [(4, 4), (2, 3, 3), (1, 1)])
def test_eig(dtype, kind, shape):
    n = shape[-1]
    if kind == "real_spectrum":  # similar to a diagonal matrix with distinct real eigenvalues
        p = rand_matrix(shape, "float64", 10.0, seed=3)
        a = p @ (numpy.arange(1, n + 1)[:, None] * numpy.linalg.inv(p))
        if numpy.dtype(dtype).kind in "biu":
            a = numpy.triu(rand_matrix(shape, "int64"))  # triangular: exact real eigenvalues
    else:
        a = rand_matrix(shape, "float64", seed=4)
        if n > 1:
            a[..., 0, 1], a[..., 1, 0] = 5.0, -5.0  # a rotation-like block
    if numpy.dtype(dtype).kind == "b":
        a = numpy.triu(numpy.ones(shape)) != 0
    a = a.astype(dtype)
    w, v = LA.eig(tnp(a))
    ew, ev = NLA.eig(a)
    assert type(LA.eig(tnp(a))).__name__ == "EigResult"
    assert w.dtype == ew.dtype and v.dtype == ev.dtype  # real only when NumPy is
    tol = 1e4 * eps(dtype)
    assert_same_spectrum(w.to_numpy(), ew, tol)
    wn, vn = w.to_numpy(), v.to_numpy()
    scale = max(1.0, numpy.abs(a).max())
    numpy.testing.assert_allclose(a.astype(vn.dtype) @ vn, vn * wn[..., None, :], atol=tol * scale * n)
    assert LA.eigvals(tnp(a)).dtype == NLA.eigvals(a).dtype
    assert_same_spectrum(LA.eigvals(tnp(a)).to_numpy(), ew, tol)


def test_eig_rejects_nonfinite():
    a = numpy.array([[1.0, numpy.nan], [0.0, 1.0]])
    for name in ("eig", "eigvals"):
        exc = check(f"linalg.{name}", a)
        assert isinstance(exc, NLA.LinAlgError)


@pytest.mark.parametrize("dtype,shape,cond", dtype_cases(ALL, [((4, 4), 10.0), ((2, 3, 3), 1e4), ((0, 0), 1.0)]))
@pytest.mark.parametrize("UPLO", ["L", "U", "u"])
def test_eigh(dtype, UPLO, shape, cond):
    a = rand_matrix(shape, "complex128" if "complex" in dtype else "float64", cond, hermitian_pd=True)
    if numpy.dtype(dtype).kind in "biu":
        a = rand_matrix(shape, dtype)
        a = a + a.swapaxes(-1, -2)
    if numpy.dtype(dtype).kind == "b":
        a = numpy.eye(shape[-1], dtype=bool) | numpy.zeros(shape, bool)
    a = a.astype(dtype)
    w, v = LA.eigh(tnp(a), UPLO=UPLO)
    ew, ev = NLA.eigh(a, UPLO=UPLO)
    tol = 200 * max(shape[-1], 1) * eps(dtype)
    assert_close(w, ew, tol)
    assert_close(LA.eigvalsh(tnp(a), UPLO=UPLO), NLA.eigvalsh(a, UPLO=UPLO), tol)
    vn = v.to_numpy()
    assert vn.dtype == ev.dtype and vn.shape == ev.shape
    assert_orthonormal_columns(vn, tol * 10)
    full = numpy.tril(a) + H(numpy.tril(a, -1)) if UPLO == "L" else numpy.triu(a) + H(numpy.triu(a, 1))
    scale = max(1, numpy.abs(a).max(initial=0))
    numpy.testing.assert_allclose(full @ vn, vn * w.to_numpy()[..., None, :], atol=tol * scale * 10)


def test_eigh_bad_uplo():
    check("linalg.eigh", numpy.eye(2), UPLO="X")
    check("linalg.eigvalsh", numpy.eye(2), UPLO="X")


# ---------------------------------------------------------------- SVD
SVD_SHAPES = [(4, 4), (5, 3), (3, 5), (2, 4, 3), (2, 1, 3, 4), (0, 3), (3, 0)]


@pytest.mark.parametrize("dtype", ALL)
@pytest.mark.parametrize("shape", SVD_SHAPES)
@pytest.mark.parametrize("full_matrices", [True, False])
def test_svd(dtype, shape, full_matrices):
    a = rand_matrix(shape, dtype, cond=1e3)
    u, s, vh = LA.svd(tnp(a), full_matrices=full_matrices)
    eu, es, evh = NLA.svd(a, full_matrices=full_matrices)
    assert type(LA.svd(tnp(a))).__name__ == "SVDResult"
    tol = 100 * max(shape) * eps(dtype)
    assert_close(s, es, tol)  # invariant: singular values
    un, vhn = u.to_numpy(), vh.to_numpy()
    assert (un.shape, un.dtype, vhn.shape, vhn.dtype) == (eu.shape, eu.dtype, evh.shape, evh.dtype)
    assert_orthonormal_columns(un, tol)
    assert_orthonormal_columns(H(vhn), tol)
    k = min(shape[-2:])
    recon = (un[..., :, :k] * s.to_numpy()[..., None, :]) @ vhn[..., :k, :]
    numpy.testing.assert_allclose(recon, a, atol=tol * max(1, numpy.abs(a).max() if a.size else 1))
    assert_close(LA.svd(tnp(a), compute_uv=False), NLA.svd(a, compute_uv=False), tol)
    assert_close(LA.svdvals(tnp(a)), NLA.svdvals(a), tol)


@pytest.mark.parametrize("dtype", INEXACT)
def test_svd_hermitian(dtype):
    a = rand_matrix((2, 4, 4), dtype, 1e2, hermitian_pd=True)
    a = a - 0.05 * numpy.eye(4, dtype=dtype)  # indefinite: negative eigenvalues too
    u, s, vh = LA.svd(tnp(a), hermitian=True)
    eu, es, evh = NLA.svd(a, hermitian=True)
    tol = 1000 * eps(dtype)
    assert_close(s, es, tol)
    assert_close(LA.svd(tnp(a), compute_uv=False, hermitian=True), NLA.svd(a, compute_uv=False, hermitian=True), tol)
    numpy.testing.assert_allclose((u.to_numpy() * s.to_numpy()[..., None, :]) @ vh.to_numpy(), a, atol=tol)
    assert u.dtype == eu.dtype and vh.dtype == evh.dtype


# ---------------------------------------------------------------- QR
@pytest.mark.parametrize("dtype", ALL)
@pytest.mark.parametrize("shape", [(4, 4), (5, 3), (3, 5), (2, 4, 3), (0, 3)])
@pytest.mark.parametrize("mode", ["reduced", "complete"])
def test_qr(dtype, shape, mode):
    a = rand_matrix(shape, dtype, cond=1e3)
    q, r = LA.qr(tnp(a), mode=mode)
    eq, er = NLA.qr(a, mode=mode)
    assert type(LA.qr(tnp(a))).__name__ == "QRResult"
    qn, rn = q.to_numpy(), r.to_numpy()
    assert (qn.shape, qn.dtype, rn.shape, rn.dtype) == (eq.shape, eq.dtype, er.shape, er.dtype)
    tol = 100 * max(shape) * eps(dtype)
    assert_orthonormal_columns(qn, tol)
    numpy.testing.assert_array_equal(rn, numpy.triu(rn))
    numpy.testing.assert_allclose(qn @ rn, a, atol=tol * max(1, numpy.abs(a).max() if a.size else 1))
    # invariant: |diag(R)|
    d = numpy.abs(numpy.diagonal(rn, axis1=-2, axis2=-1))
    numpy.testing.assert_allclose(d, numpy.abs(numpy.diagonal(er, axis1=-2, axis2=-1)), atol=tol * 10)


@pytest.mark.parametrize("dtype", ["float32", "float64", "complex128", "int64"])
@pytest.mark.parametrize("shape", [(4, 4), (5, 3), (3, 5), (2, 4, 3)])
def test_qr_r_and_raw(dtype, shape):
    a = rand_matrix(shape, dtype)
    tol = 100 * max(shape) * eps(dtype)
    r, er = LA.qr(tnp(a), mode="r"), NLA.qr(a, mode="r")
    assert r.shape == er.shape and r.dtype == er.dtype
    numpy.testing.assert_allclose(numpy.abs(r.to_numpy()), numpy.abs(er), atol=tol * 10)
    h, tau = LA.qr(tnp(a), mode="raw")
    eh, etau = NLA.qr(a, mode="raw")
    # raw is LAPACK's geqrf output, which fixes the Householder signs: equal to NumPy's
    assert_close(h, eh, tol * 10)
    assert_close(tau, etau, tol * 10)


def test_qr_bad_mode():
    check("linalg.qr", numpy.eye(2), mode="bogus")
    check("linalg.qr", numpy.ones(3))


# ---------------------------------------------------------------- least squares, pinv, rank
LSTSQ_SHAPES = [((6, 3), 3), ((3, 6), 3), ((6, 4), 2), ((4, 4), 4), ((5, 1), 1)]


# single precision rank-deficient inputs: see test_lstsq_single_precision_rank
@pytest.mark.parametrize("dtype,shape,rank", [(d, s, r) for d in ("float32", "float64", "complex64", "complex128",
                                                                  "int64") for s, r in LSTSQ_SHAPES
                                              if d == "float64" or d == "complex128" or r == min(s)])
@pytest.mark.parametrize("bdim", [1, 2])
def test_lstsq(dtype, shape, rank, bdim):
    m, n = shape
    a = rand_matrix((m, rank), "complex128" if "complex" in dtype else "float64", seed=5) @ \
        rand_matrix((rank, n), "complex128" if "complex" in dtype else "float64", seed=6)
    if numpy.dtype(dtype).kind == "i":
        a = rand_matrix(shape, dtype)
    a = a.astype(dtype)
    b = numpy.random.default_rng(7).standard_normal((m,) if bdim == 1 else (m, 2)).astype(
        dtype if dtype != "int64" else "float64")
    x, res, rk, s = LA.lstsq(tnp(a), tnp(b))
    ex, eres, erk, es = NLA.lstsq(a, b)
    tol = 1e3 * eps(dtype)
    assert_close(x, ex, tol)
    assert_close(res, eres, tol * 10)
    assert_close(s, es, tol)
    assert int(rk) == int(erk)
    assert_like_numpy(rk, erk)


@pytest.mark.parametrize("dtype", ["float32", "complex64"])
def test_lstsq_single_precision_rank(dtype):
    # a rank-2 matrix exact in single precision (integer entries, dependent columns)
    c = numpy.random.default_rng(8).integers(-3, 4, (6, 2))
    a = numpy.concatenate([c, c[:, :1] + c[:, 1:], 2 * c[:, 1:]], axis=1).astype(dtype)
    if dtype == "complex64":
        a = a * (1 + 2j)
    b = numpy.arange(6.0).astype(dtype)
    x, res, rk, s = LA.lstsq(tnp(a), tnp(b))
    ex, eres, erk, es = NLA.lstsq(a, b)
    assert int(rk) == int(erk) == 2 and res.shape == eres.shape == (0,)
    assert x.dtype == numpy.dtype(dtype)
    numpy.testing.assert_allclose(x.to_numpy(), ex, atol=1e-4 * numpy.abs(ex).max())


def test_lstsq_errors_and_rcond():
    check("linalg.lstsq", numpy.ones((3, 2)), numpy.ones(4))
    check("linalg.lstsq", numpy.ones((2, 3, 2)), numpy.ones(3))
    a = numpy.diag([1.0, 1e-3, 1e-9])
    b = numpy.ones(3)
    for rcond in (None, 1e-6, 1e-2, -1):
        x, res, rk, s = LA.lstsq(tnp(a), tnp(b), rcond=rcond)
        ex, eres, erk, es = NLA.lstsq(a, b, rcond=rcond)
        assert int(rk) == int(erk)
        assert_close(x, ex, 1e-9)


@pytest.mark.parametrize("dtype", ALL)
@pytest.mark.parametrize("shape", [(4, 4), (5, 3), (2, 3, 5), (0, 3)])
def test_pinv(dtype, shape):
    a = rand_matrix(shape, dtype, cond=1e2)
    tol = 1e3 * eps(dtype)
    assert_close(LA.pinv(tnp(a)), NLA.pinv(a), tol)
    if numpy.dtype(dtype).kind in "fc":
        assert_close(LA.pinv(tnp(a), rtol=None), NLA.pinv(a, rtol=None), tol)
    assert_close(LA.pinv(tnp(a), rcond=0.05), NLA.pinv(a, rcond=0.05), tol)  # cuts small singular values
    assert_close(LA.pinv(tnp(a), rtol=0.05), NLA.pinv(a, rtol=0.05), tol)
    if shape[-1] == shape[-2]:
        h = rand_matrix(shape, dtype, hermitian_pd=True) if dtype != "bool" else numpy.eye(4, dtype=bool)
        assert_close(LA.pinv(tnp(h), hermitian=True), NLA.pinv(h, hermitian=True), tol)
    with pytest.raises(ValueError):
        LA.pinv(tnp(a), rcond=0.1, rtol=0.1)


@pytest.mark.parametrize("dtype", ["float32", "float64", "complex128", "int64"])
def test_matrix_rank(dtype):
    a = numpy.stack([rand_matrix((5, 2), "float64", seed=s) @ rand_matrix((2, 4), "float64", seed=s + 9)
                     for s in range(3)])
    if dtype == "int64":
        a = numpy.array([[1, 2, 3], [2, 4, 6], [0, 0, 1]])
    a = a.astype(dtype)
    check("linalg.matrix_rank", a)
    check("linalg.matrix_rank", a, tol=0.5)
    check("linalg.matrix_rank", a, rtol=0.5)
    check("linalg.matrix_rank", numpy.zeros(4, dtype))
    check("linalg.matrix_rank", numpy.arange(4).astype(dtype))
    sym = (a[..., :3, :3] + numpy.swapaxes(a[..., :3, :3], -1, -2)).astype(dtype)
    check("linalg.matrix_rank", sym, hermitian=True)
    with pytest.raises(ValueError):
        LA.matrix_rank(tnp(a), tol=1, rtol=1)


# ---------------------------------------------------------------- powers and chains
@pytest.mark.parametrize("dtype", ["int64", "int8", "float32", "float64", "complex128", "bool"])
@pytest.mark.parametrize("n", [0, 1, 2, 3, 5, 13, -1, -3])
def test_matrix_power(dtype, n):
    a = numpy.array([[[1, 1], [1, 0]], [[2, 0], [1, 1]]], dtype=dtype)
    # integer entries: products exact; negative n: an inverse, a few ulps (float32 128 of them: 1e-5)
    check("linalg.matrix_power", a, n,
          compare=Compare(rtol=128 * numpy.finfo(numpy.float32).eps if dtype == "float32" else None))


def test_matrix_power_errors():
    check("linalg.matrix_power", numpy.eye(2), 2.0)
    check("linalg.matrix_power", numpy.ones((2, 3)), 2)
    check("linalg.matrix_power", numpy.zeros((2, 2)), -1)  # singular


@pytest.mark.parametrize("shapes", [[(3, 4), (4, 5)], [(4,), (4, 6), (6, 2), (2, 3)], [(5,), (5, 2), (2,)],
                                    [(2, 9), (9, 3), (3, 7), (7, 1)], [(3, 4), (4,)]])
@pytest.mark.parametrize("dtype", ["float64", "float32", "int64", "complex128"])
def test_multi_dot(shapes, dtype):
    rng = numpy.random.default_rng(2)
    arrs = [rng.integers(-3, 4, s).astype(dtype) for s in shapes]
    check("linalg.multi_dot", arrs, compare=Compare(rtol=0, atol=0))  # small integer entries: exact in every dtype
    exp = NLA.multi_dot(arrs)
    if numpy.ndim(exp):
        out = torchnp.zeros(numpy.shape(exp), dtype=exp.dtype, device=DEVICE)
        res = LA.multi_dot([tnp(x) for x in arrs], out=out)
        assert res is out
        assert_like_numpy(out, exp, rtol=0, atol=0)


def test_multi_dot_errors():
    check("linalg.multi_dot", [numpy.ones(2)])
    check("linalg.multi_dot", [numpy.ones((2, 2)), numpy.ones((2, 2, 2)), numpy.ones((2, 2))])


def test_tensorsolve_tensorinv():
    rng = numpy.random.default_rng(3)
    a = (numpy.eye(6) * 4 + rng.standard_normal((6, 6)) * 0.1).reshape(6, 2, 3)
    b = rng.standard_normal(6)
    assert_close(LA.tensorsolve(tnp(a), tnp(b)), NLA.tensorsolve(a, b), 1e-12)
    a2 = a.transpose(1, 2, 0)
    assert_close(LA.tensorsolve(tnp(a2), tnp(b), axes=(0, 1)), NLA.tensorsolve(a2, b, axes=(0, 1)), 1e-12)
    assert_close(LA.tensorinv(tnp(a), ind=1), NLA.tensorinv(a, ind=1), 1e-12)
    a3 = (numpy.eye(24) * 3 + rng.standard_normal((24, 24))).reshape(4, 6, 8, 3)
    assert_close(LA.tensorinv(tnp(a3)), NLA.tensorinv(a3), 1e-10)
    check("linalg.tensorinv", a, ind=0)
    check("linalg.tensorsolve", numpy.ones((2, 3, 4)), numpy.ones(2))


# ---------------------------------------------------------------- norms
VEC_ORDS = [None, 2, 1, 0, -1, -2, 3, 0.5, numpy.inf, -numpy.inf]
MAT_ORDS = [None, "fro", "nuc", 1, -1, 2, -2, numpy.inf, -numpy.inf]


def norm_tol(dtype):
    return 1e3 * eps(dtype) if numpy.dtype(dtype).kind in "fc" else 1e-12


@given(arrays(dtypes=[numpy.dtype(d) for d in ("float32", "float64", "complex128", "int32", "bool", "float16")],
              min_dims=1, max_dims=3, min_side=1, max_side=4),
       st.sampled_from(VEC_ORDS), st.booleans(), st.data())
def test_norm_vector_hypothesis(a, ord, keepdims, data):
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
    with numpy.errstate(all="ignore"):
        exp = NLA.norm(a, ord, axis, keepdims)
    tol = 3e-2 if a.dtype == numpy.float16 else norm_tol(a.dtype)
    got = LA.norm(tnp(a), ord, axis, keepdims)
    assert got.dtype == exp.dtype and got.shape == exp.shape
    numpy.testing.assert_allclose(numpy.asarray(host(got)), exp, rtol=tol, atol=tol)


@given(arrays(dtypes=[numpy.dtype(d) for d in ("float32", "float64", "complex64", "int64")],
              min_dims=2, max_dims=4, min_side=1, max_side=4),
       st.sampled_from(MAT_ORDS), st.booleans(), st.data())
def test_norm_matrix_hypothesis(a, ord, keepdims, data):
    axes = data.draw(st.lists(st.integers(-a.ndim, a.ndim - 1), min_size=2, max_size=2,
                              unique_by=lambda i: i % a.ndim))
    with numpy.errstate(all="ignore"):
        exp = NLA.norm(a, ord, tuple(axes), keepdims)
    got = LA.norm(tnp(a), ord, tuple(axes), keepdims)
    assert got.dtype == exp.dtype and got.shape == exp.shape
    tol = norm_tol(a.dtype)
    numpy.testing.assert_allclose(numpy.asarray(host(got)), exp, rtol=tol, atol=tol * max(1, numpy.abs(a).max()))


@pytest.mark.parametrize("dtype,tiny", [("complex64", 7.2e-42), ("complex128", 4e-320)])
def test_svd_of_complex_with_subnormal_parts(dtype, tiny):
    # torch's complex SVD (its CPU LAPACK) gave NaN beside a subnormal part (norm 'nuc' of a complex64
    # matrix with 7.2e-42 entries; a fresh seed): the parts are scaled and those below the normal range flushed
    a = numpy.array([[5.6 + 9.5j, 1.9 + 2.6j], [-0.31e42 / 7.2 - 1.2e42j / 7.2, 10.5 - 0.03j], [14.1 + 4.7j, 13 - 9.3j]])
    a = (a * tiny).astype(dtype)
    a[1, 0] = -0.31392282 - 1.2083186j
    stack = numpy.stack([a, a * 2, numpy.array(tiny, dtype) * numpy.ones((3, 2), dtype)])
    for ord in ("nuc", 2):
        check("linalg.norm", a, ord, compare=Compare(rtol=norm_tol(dtype), atol=0))
    check("linalg.svdvals", stack, compare=Compare(rtol=norm_tol(dtype), atol=norm_tol(dtype)))
    assert_like_numpy(LA.svd(tnp(stack))[1], numpy.linalg.svd(stack)[1], norm_tol(dtype), norm_tol(dtype))


@pytest.mark.parametrize("shape", [(5,), (3, 4), (2, 3, 4), ()])
@pytest.mark.parametrize("ord", [None, 2, "fro", 1, numpy.inf, "nuc", -2])
@pytest.mark.parametrize("keepdims", [False, True])
def test_norm_axis_none(shape, ord, keepdims):
    a = numpy.arange(1, math.prod(shape) + 1, dtype=float).reshape(shape) - 3.5
    check("linalg.norm", a, ord, None, keepdims, compare=Compare(rtol=1e-12))


def test_norm_errors():
    a = numpy.ones((2, 3, 4))
    check("linalg.norm", a, axis=(0, 1, 2))
    check("linalg.norm", a, axis=(1, 1))
    check("linalg.norm", a, axis=(1, -2))
    check("linalg.norm", a, axis=3)
    check("linalg.norm", a, axis="x")
    check("linalg.norm", a, ord="fro", axis=0)
    check("linalg.norm", a, ord=3, axis=(0, 1))
    check("linalg.norm", a, ord=2)
    check("linalg.norm", numpy.ones((0, 3)), ord=-numpy.inf, axis=0)
    with pytest.raises(AxisError):
        LA.norm(tnp(a), axis=3)


def test_norm_empty_inf_is_zero():  # NumPy's initial=0
    check("linalg.norm", numpy.ones((0, 3)), ord=numpy.inf, axis=0)
    check("linalg.norm", numpy.ones((0, 3)), ord=1, axis=(0, 1))


@pytest.mark.parametrize("dtype", ["float64", "float32", "complex128"])
@pytest.mark.parametrize("k", [1, 2, 3, 8, 33])
def test_norm_short_leading_axis(dtype, k):  # the fast slice-by-slice path (issue 7's N-body)
    a = numpy.random.default_rng(k).standard_normal((k, 17, 13)).astype(dtype)
    for axis in (0, 1, -1):
        for keepdims in (False, True):
            check("linalg.norm", a, None, axis, keepdims, compare=Compare(rtol=1e3 * eps(dtype)))


def test_norm_overflows_like_numpy():
    a = numpy.array([[1e200, 1e200], [1.0, 1.0]])
    check("linalg.norm", a)
    check("linalg.norm", a, axis=0)
    check("linalg.norm", a, axis=1)


@given(arrays(dtypes=[numpy.dtype(d) for d in ("float64", "complex128", "int64", "float32")],
              min_dims=0, max_dims=3, min_side=1, max_side=4),
       st.sampled_from([2, 1, 0, numpy.inf, -numpy.inf, 3, -1]), st.booleans(), st.data())
def test_vector_norm_hypothesis(a, ord, keepdims, data):
    axis = None
    if a.ndim:
        axis = data.draw(st.one_of(st.none(), st.integers(0, a.ndim - 1),
                                   st.lists(st.integers(0, a.ndim - 1), min_size=1, unique=True).map(tuple)))
    with numpy.errstate(all="ignore"):
        exp = NLA.vector_norm(a, axis=axis, keepdims=keepdims, ord=ord)
    got = LA.vector_norm(tnp(a), axis=axis, keepdims=keepdims, ord=ord)
    assert got.dtype == exp.dtype and got.shape == exp.shape
    numpy.testing.assert_allclose(numpy.asarray(host(got)), exp, rtol=norm_tol(a.dtype), atol=norm_tol(a.dtype))


@pytest.mark.parametrize("ord", ["fro", "nuc", 1, -1, 2, -2, numpy.inf, -numpy.inf])
def test_matrix_norm(ord):
    a = rand_matrix((2, 3, 4), "float64", cond=30)
    check("linalg.matrix_norm", a, ord=ord, compare=Compare(rtol=1e-12))
    check("linalg.matrix_norm", a, ord=ord, keepdims=True, compare=Compare(rtol=1e-12))


@pytest.mark.parametrize("p", [None, "fro", "nuc", 1, -1, 2, -2, numpy.inf, -numpy.inf])
@pytest.mark.parametrize("dtype", ["float64", "float32", "complex128", "int64"])
def test_cond(p, dtype):
    a = rand_matrix((3, 4, 4), dtype, cond=1e3) if dtype != "int64" else rand_matrix((3, 4, 4), dtype)
    check("linalg.cond", a, p, compare=Compare(rtol=1e5 * eps(dtype)))
    singular = numpy.array([[[1.0, 2.0], [2.0, 4.0]], [[1.0, 0.0], [0.0, 1.0]]], dtype=dtype)
    if p not in (None, 2, -2, "nuc"):  # SVD-based ratios of a singular matrix are rounding noise
        check("linalg.cond", singular, p, compare=Compare(rtol=1e5 * eps(dtype)))


# NumPy's own bits on the CPU (issue 16: torch's float32 accumulation and SVD differ in the last place;
# test_linalg.py::TestNormSingle::test_axis and ::TestCond::test_sq_cases); a tolerance elsewhere
def _exact_on_cpu(dtype):
    return 0 if RESULT_DEVICE.type == "cpu" and not accelerator_rules() else 1e3 * eps(dtype)


def test_norm_and_cond_float32_are_numpys():
    b = numpy.arange(1, 25, dtype=numpy.float32).reshape(2, 3, 4)
    for ord in (None, "fro", 2, -2):
        check("linalg.norm", b, ord, (0, 1), compare=Compare(rtol=_exact_on_cpu(b.dtype), atol=0))
    a = numpy.array([[1 + 2j, 2 + 3j], [3 + 4j, 4 + 5j]], dtype=numpy.complex64)
    for p in (None, 2, -2, 1, "fro"):
        check("linalg.cond", a, p, compare=Compare(rtol=_exact_on_cpu(a.dtype), atol=0))
    check("linalg.svdvals", a, compare=Compare(rtol=_exact_on_cpu(a.dtype), atol=0))


@given(arrays(dtypes=[numpy.dtype(d) for d in ("float32", "complex64", "float64")], min_dims=2, max_dims=3,
              min_side=1, max_side=4), st.sampled_from(MAT_ORDS), st.data())
def test_norm_and_cond_bits_like_numpy(a, ord, data):
    axes = tuple(data.draw(st.lists(st.integers(-a.ndim, a.ndim - 1), min_size=2, max_size=2,
                                    unique_by=lambda i: i % a.ndim)))
    tol = _exact_on_cpu(a.dtype)
    check("linalg.norm", a, ord, axes, compare=Compare(rtol=tol, atol=tol * max(1, numpy.abs(a).max())))
    check("linalg.norm", a, ord if ord in (None, 2) else None, -1,
          compare=Compare(rtol=tol, atol=tol * max(1, numpy.abs(a).max())))
    if a.shape[-1] == a.shape[-2] and ord != "nuc":
        with numpy.errstate(all="ignore"):
            singular = numpy.linalg.matrix_rank(a).min() < a.shape[-1]
        # NumPy's Frobenius norm squares the entries, which underflow below sqrt(tiny): cond of
        # [[1.2e-38]] float32 is NumPy's 0, the exact 1 from torch's scaled norm (accelerator rules)
        underflow = numpy.any((a != 0) & (numpy.abs(a) < numpy.sqrt(numpy.finfo(a.dtype).tiny)))
        if not singular and not underflow:  # near-singular inverses: rounding noise amplified
            check("linalg.cond", a, ord, compare=Compare(rtol=tol or 1e5 * eps(a.dtype)))


def test_cond_errors():
    check("linalg.cond", numpy.ones((0, 0)))
    check("linalg.cond", numpy.ones((2, 3)), 1)
    check("linalg.cond", numpy.array([[numpy.nan, 1.0], [1.0, 1.0]]), 1)


# ---------------------------------------------------------------- array-API products
@given(arrays(dtypes=[numpy.dtype(d) for d in ("float64", "int32", "complex128", "bool")], min_dims=1, max_dims=1),
       arrays(dtypes=[numpy.dtype(d) for d in ("float32", "int64", "uint8")], min_dims=1, max_dims=1))
def test_outer(a, b):
    check("linalg.outer", a, b)


def test_outer_needs_vectors():
    check("linalg.outer", numpy.ones((2, 2)), numpy.ones(2))


@pytest.mark.parametrize("dtype", ["float64", "int64", "complex128", "float32"])
@pytest.mark.parametrize("s1,s2,axis", [((3,), (3,), -1), ((4, 3), (3,), -1), ((3, 5), (3, 5), 0),
                                        ((2, 3, 1), (1, 3, 4), 1), ((2,), (3,), -1), ((3, 2), (2, 3), 0)])
def test_cross(dtype, s1, s2, axis):
    rng = numpy.random.default_rng(0)
    check("linalg.cross", rng.integers(-5, 5, s1).astype(dtype), rng.integers(-5, 5, s2).astype(dtype), axis=axis)


@pytest.mark.parametrize("dtype", ["float64", "int64", "complex128", "float32", "bool"])
@pytest.mark.parametrize("s1,s2,axis", [((3,), (3,), -1), ((4, 3), (3,), -1), ((3, 5), (3, 5), 0),
                                        ((2, 3), (4, 1, 3), -1), ((2,), (3,), -1)])
def test_vecdot(dtype, s1, s2, axis):
    rng = numpy.random.default_rng(0)
    a = (rng.integers(-5, 5, s1) + (1j * rng.integers(-5, 5, s1) if dtype == "complex128" else 0)).astype(dtype)
    check("linalg.vecdot", a, rng.integers(-5, 5, s2).astype(dtype), axis=axis)


@pytest.mark.parametrize("s1,s2,axes", [((3, 4, 5), (4, 5, 2), 2), ((3, 4), (4, 2), 1), ((2, 3), (4,), 0),
                                        ((3, 4, 5), (5, 3, 2), ((0, 2), (1, 0))), ((3, 4), (5, 4), 1),
                                        # an integer axes equal to an operand's dimension (every axis of it
                                        # contracted) and one above it (NumPy's ValueError)
                                        ((3, 4), (3, 4), 2), ((3,), (3, 2), 1), ((2, 3, 4), (3, 4), 2),
                                        ((3,), (3,), 2), ((3, 3), (3,), 2), ((3,), (3, 3), 2), ((2, 3), (3,), 2),
                                        ((3, 4), (2,), -1)])  # NumPy's IndexError, ValueError, an outer product
@pytest.mark.parametrize("dtype", ["float64", "int64", "complex64"])
def test_tensordot(s1, s2, axes, dtype):
    rng = numpy.random.default_rng(0)
    check("linalg.tensordot", rng.integers(-5, 5, s1).astype(dtype), rng.integers(-5, 5, s2).astype(dtype),
          axes=axes, compare=Compare(rtol=0, atol=0))  # small integer entries: exact in every dtype


@given(arrays(min_dims=0, max_dims=4, max_side=4), st.integers(-3, 3))
def test_transpose_diagonal_trace(a, offset):
    check("linalg.matrix_transpose", a)
    check("linalg.diagonal", a, offset=offset)
    check("linalg.trace", a, offset=offset)


def test_trace_dtype_and_matmul():
    a = numpy.arange(12, dtype=numpy.int8).reshape(3, 2, 2)
    check("linalg.trace", a, dtype=numpy.float32)
    check("linalg.matmul", a, a)
    check("linalg.matmul", numpy.ones(3), numpy.ones(3))
    check("linalg.matmul", numpy.ones(3), 2.0)


def test_results_stay_on_device():  # §3.1
    a = tnp(rand_matrix((3, 3), "float64"))
    for r in (LA.inv(a), LA.det(a), LA.norm(a), LA.svd(a).S, LA.eigh(a @ a.T).eigenvalues, LA.qr(a).Q):
        assert str(r.device) == str(a.device)


def test_numpy_operands_are_host_data():  # §3.3: used on the host, refused beside a device
    assert_like_numpy(LA.inv(2 * numpy.eye(2)), numpy.linalg.inv(2 * numpy.eye(2)), device="cpu")
    assert_like_numpy(LA.solve(torchnp.asarray(2 * numpy.eye(2), device="cpu"), numpy.ones(2)),
                      numpy.linalg.solve(2 * numpy.eye(2), numpy.ones(2)), device="cpu")
    with pytest.raises(torchnp.DeviceMismatchError):
        LA.solve(torchnp.eye(2, device="meta"), numpy.ones(2))


def test_mixed_devices_raise():  # §3.2 (the 'meta' device stands in for a second device)
    a = tnp(numpy.eye(2))
    b = torchnp.asarray(numpy.ones(2), device="meta")
    with pytest.raises(torchnp.DeviceMismatchError):
        LA.solve(a, b)
    with pytest.raises(torchnp.DeviceMismatchError):
        LA.outer(b, a[0])


@pytest.mark.parametrize("mode,np_mode", [("full", "reduced"), ("f", "reduced"), ("economic", "raw"), ("e", "raw")])
def test_qr_deprecated_modes(mode, np_mode):
    a = rand_matrix((4, 3), "float64")
    with pytest.warns(DeprecationWarning) as exp_rec:
        exp = NLA.qr(a, mode=mode)
    with pytest.warns(DeprecationWarning) as rec:
        got = LA.qr(tnp(a), mode=mode)
    # NumPy's message and stacklevel (the caller's line; found by mutation testing)
    assert str(rec[0].message) == str(exp_rec[0].message) and rec[0].filename == exp_rec[0].filename == __file__
    if np_mode == "reduced":
        numpy.testing.assert_allclose(got[0].to_numpy() @ got[1].to_numpy(), a, atol=1e-12)
        assert got[0].shape == exp[0].shape
    else:  # LAPACK's geqrf output, as NumPy's
        assert_close(got, exp, 1e-12)


def test_vecdot_default_axis_is_the_last():
    """``linalg.vecdot``'s default ``axis=-1`` on 3-d operands (found by mutation testing: the
    tests passed ``axis`` or used shapes where another axis gives the same)."""
    rng = numpy.random.default_rng(1)
    check("linalg.vecdot", rng.integers(-5, 5, (2, 3, 3)).astype("float64"), rng.integers(-5, 5, (2, 3, 3)).astype("float64"))


# ---------------------------------------------------------------- mutation survivors (issue 24, seed 2 sample)
def test_vecdot_scalar_operand_and_axis_minus_two():
    """A 0-d operand beside a vector is NumPy's ValueError (not torch's IndexError), and
    ``axis=-2`` reads each operand's second-to-last axis (non-square operands)."""
    for args in [(numpy.float64(2.0), numpy.ones(3)), (numpy.ones(3), numpy.float64(2.0)),
                 (numpy.array(2.0), numpy.array(3.0))]:
        exc = check("linalg.vecdot", *args)
        assert isinstance(exc, ValueError)
    rng = numpy.random.default_rng(2)
    a, b = rng.integers(-5, 5, (3, 4)).astype("float64"), rng.integers(-5, 5, (3, 4)).astype("float64")
    check("linalg.vecdot", a, b, axis=-2)
    check("linalg.vecdot", a, b[:2], axis=-2)  # core sizes 3 and 2: NumPy's ValueError


def test_cross_dimension_message_is_numpys():
    for s1, s2 in [((2,), (3,)), ((3,), (4,)), ((2, 5), (3, 5))]:
        exc = check("linalg.cross", numpy.ones(s1), numpy.ones(s2))
        assert isinstance(exc, ValueError)
        raises_like(ValueError, LA.cross, tnp(numpy.ones(s1)), tnp(numpy.ones(s2)), match=re.escape(str(exc)))


@pytest.mark.parametrize("ord", [None, 2])
def test_norm_over_an_empty_leading_axis(ord):
    """A 2-norm over an empty non-last axis: NumPy's zeros (the slice-by-slice path needs a slice)."""
    for shape, axis in [((0, 3), 0), ((0, 4, 2), 0), ((2, 0, 3), 1)]:
        for keepdims in (False, True):
            check("linalg.norm", numpy.ones(shape), ord, axis, keepdims)
            check("linalg.vector_norm", numpy.ones(shape), axis=axis, keepdims=keepdims)


@pytest.mark.parametrize("da,db", [("float64", "float32"), ("int64", "float32"), ("complex128", "float32"),
                                   ("float32", "float32"), ("float32", "complex64")])
def test_mixed_precision_operands_take_numpys_dtype(da, db):
    """NumPy computes in double unless every operand is single precision: a float64, complex128 or
    integer operand before a float32 one gives float64 (complex128)."""
    a = rand_matrix((3, 3), da) if da != "int64" else rand_matrix((3, 3), "int64")
    b = numpy.random.default_rng(3).standard_normal(3).astype(db)
    for name in ("solve", "lstsq"):
        exp = NLA.solve(a, b) if name == "solve" else NLA.lstsq(a, b)[0]
        got = LA.solve(tnp(a), tnp(b)) if name == "solve" else LA.lstsq(tnp(a), tnp(b))[0]
        assert_close(got, exp, 1e3 * eps(exp.dtype))


def test_lstsq_of_non_finite_data_is_numpys_linalgerror():
    """lstsq does not check its input for NaN first; LAPACK's (or torch's) SVD fails:
    NumPy's LinAlgError and message."""
    a = numpy.full((3, 3), numpy.nan)
    with numpy.errstate(all="ignore"):
        exc = check("linalg.lstsq", a, numpy.ones(3))
    assert isinstance(exc, NLA.LinAlgError)
    raises_like(NLA.LinAlgError, LA.lstsq, tnp(a), tnp(numpy.ones(3)), match=re.escape(str(exc)))


def test_lstsq_of_non_finite_data_raises_where_the_svd_returns_nans(monkeypatch):
    """Off the host rules lstsq reads the SVD's finiteness with its rank: CUDA's SVD of non-finite
    data returns NaNs where the CPU's raises (the H200 run, 2026-11-28), so the torch path raises
    NumPy's LinAlgError itself (§2.4). The CPU's SVD is made to answer as CUDA's."""
    import torch
    from torchnp import _device

    monkeypatch.setattr(_device, "CPU_VALUE_CHECKS", False)
    svd = torch.linalg.svd

    def cuda_like_svd(t, full_matrices=True):
        if bool(torch.isfinite(t).all()):
            return svd(t, full_matrices=full_matrices)
        u, s, vh = svd(torch.zeros_like(t), full_matrices=full_matrices)
        return u.fill_(math.nan), s.fill_(math.nan), vh.fill_(math.nan)
    monkeypatch.setattr(torch.linalg, "svd", cuda_like_svd)
    a = numpy.array([[1.0, numpy.inf], [0.0, 1.0], [2.0, 1.0]])
    with numpy.errstate(all="ignore"):
        exc = check("linalg.lstsq", a, numpy.ones(3))
    assert isinstance(exc, NLA.LinAlgError)
    raises_like(NLA.LinAlgError, LA.lstsq, torchnp.asarray(a, device="cpu"), torchnp.ones(3, device="cpu"),
                match=re.escape(str(exc)))
    good = numpy.array([[1.0, 2.0], [0.0, 1.0], [2.0, 1.0]])
    x, res, rank, s = LA.lstsq(torchnp.asarray(good, device="cpu"), torchnp.ones(3, device="cpu"))
    ex, eres, erank, es = numpy.linalg.lstsq(good, numpy.ones(3))
    assert_like_numpy(x, ex, check_dtype=False)
    assert int(rank) == erank
