"""Products against NumPy: dot, vdot, inner, outer, tensordot, einsum, kron, cross, trace,
diagonal, vecdot/matvec/vecmat (§5.1; dtype promotion §2.3)."""

import warnings

import numpy
import pytest
import torch
from hypothesis import given, strategies as st
from hypothesis.extra import numpy as hnp

import torchnp
from support import BOOL, COMPLEX, FLOAT, INTEGER, assert_like_numpy, check, tnp
from torchnp._products import _products

DTYPES = BOOL + INTEGER + FLOAT + COMPLEX


def small(dt, shape):
    """Arrays with small integer-valued entries: exact in every dtype, so results match bit for bit."""
    el = st.booleans() if dt.kind == "b" else st.integers(0 if dt.kind == "u" else -3, 3).map(dt.type)
    return hnp.arrays(dt, shape, elements=el)


def pair(shape_a, shape_b):
    return st.tuples(st.sampled_from(DTYPES), st.sampled_from(DTYPES)).flatmap(
        lambda d: st.tuples(small(d[0], shape_a), small(d[1], shape_b)))


@st.composite
def dot_pair(draw):
    n, m, k, b = (draw(st.integers(0, 3)) for _ in range(4))
    sa, sb = draw(st.sampled_from([((), (m,)), ((k,), ()), ((k,), (k,)), ((n, k), (k,)), ((k,), (k, m)),
                                   ((n, k), (k, m)), ((b, n, k), (k, m)), ((n, k), (b, k, m))]))
    return draw(pair(sa, sb))


# §5.1 dot / inner / vdot / outer / kron, dtypes as NumPy (§2.3)
@given(dot_pair())
def test_dot_family(ab):
    a, b = ab
    check("dot", a, b)
    check("outer", a, b)
    check("kron", a, b)
    if a.ndim and b.ndim:
        check("inner", a, b.swapaxes(-1, -2) if b.ndim > 1 else b)
    if a.size == b.size and a.dtype != bool and b.dtype != bool:
        check("vdot", a, b.reshape(a.shape))


def test_dot_errors_and_out():
    a = numpy.arange(6.0).reshape(2, 3)
    assert isinstance(check("dot", a, a), ValueError)
    assert isinstance(check("inner", a, a.T), ValueError)
    assert isinstance(check("vdot", a, a[0]), ValueError)
    out = tnp(numpy.zeros((2, 2)))
    r = torchnp.dot(tnp(a), tnp(a.T), out=out)
    assert r is out
    assert_like_numpy(out, a @ a.T)
    assert_like_numpy(torchnp.vdot(tnp(numpy.array([1j, 2])), tnp(numpy.array([1j, 1]))),
                      numpy.vdot(numpy.array([1j, 2]), numpy.array([1j, 1])))


# §5.1 tensordot: int, pair of ints, pair of sequences
@given(pair((2, 3, 4), (4, 3, 2)), st.sampled_from([0, 1, 2, ([1], [1]), (1, 1), ([1, 2], [1, 0]), ([-1], [0]),
                                                       ((0, 1, 2), (2, 1, 0))]))
def test_tensordot(ab, axes):
    a, b = ab
    if axes in (1, 2):
        b = b.transpose(2, 1, 0)
    check("tensordot", a, b, axes)


@pytest.mark.parametrize("axes", [1, 3, ([0], [0, 1]), ([5], [0])])
def test_tensordot_errors(axes):
    check("tensordot", numpy.ones((2, 3)), numpy.ones((2, 3)), axes)


# §5.1 einsum: explicit, implicit, ellipsis, traces, diagonals, sublist form, optimize=
SPECS = [
    ("ij,jk->ik", [(2, 3), (3, 4)]), ("ij,jk", [(2, 3), (3, 4)]), ("ii", [(3, 3)]), ("ii->i", [(3, 3)]),
    ("ij->ji", [(2, 3)]), ("ij", [(2, 3)]), ("ji", [(2, 3)]), ("i,i", [(3,), (3,)]), ("i,j->ij", [(2,), (3,)]),
    ("...ij,...jk->...ik", [(2, 2, 3), (3, 4)]), ("...i,...i", [(2, 3), (3,)]), ("i...->...", [(2, 3, 4)]),
    ("bij,bjk->bik", [(2, 2, 3), (2, 3, 2)]), ("ijk->", [(2, 3, 2)]), ("iij->j", [(2, 2, 3)]),
    ("ij,ij,ij->i", [(2, 3)] * 3), ("Ab,bC->AC", [(2, 3), (3, 2)]), ("i,i->", [(0,), (0,)]),
    ("a...,...b", [(2, 3), (3, 2)]), ("...", [(2, 3)]), (",i->i", [(), (3,)]),
]


@pytest.mark.parametrize("spec,shapes", SPECS)
@given(data=st.data())
def test_einsum(spec, shapes, data):
    dts = data.draw(st.lists(st.sampled_from(DTYPES), min_size=len(shapes), max_size=len(shapes)))
    ops = [data.draw(small(dt, s)) for dt, s in zip(dts, shapes)]
    check("einsum", spec, *ops)
    check("einsum", spec, *ops, optimize=True)
    # the exact fallback used where torch has no kernel (integers on CUDA, bool) agrees too
    ints = [o.real.astype(numpy.int64) for o in ops]
    ts = [torch.from_numpy(o) for o in ints]
    full = _products._normalize_spec(spec, ts)
    numpy.testing.assert_array_equal(_products._fallback_einsum(full, ts).numpy(),
                                     numpy.einsum(full, *ints))


def test_einsum_output_order():  # test_einsum.py::TestEinsum::test_output_order (gh-16415)
    a, b = numpy.ones((2, 3, 5), order="F"), numpy.ones((4, 3), order="F")
    for order in "afckAFCK":
        exp = numpy.einsum("...ft,mf->...mt", a, b, order=order)
        got = torchnp.einsum("...ft,mf->...mt", tnp(a, order="K"), tnp(b, order="K"), order=order)
        assert_like_numpy(got, exp)
        assert got.strides == exp.strides, order


def _laid_out(a, order, transposed):
    a = numpy.asarray(a, order=order)
    return a.T.copy(order=order).T if transposed and a.ndim > 1 else a


@pytest.mark.parametrize("spec,shapes", [s for s in SPECS if len(s[1]) <= 2])
@given(layouts=st.lists(st.tuples(st.sampled_from("CF"), st.booleans()), min_size=2, max_size=2),
       order=st.sampled_from("CFAK"))
def test_einsum_order_lays_out_as_numpy(spec, shapes, layouts, order):
    """§5.1 einsum(order=): NumPy's result strides for C/F/transposed operands (its unoptimized
    iterator's layout for 'K'; views of an operand stay views)."""
    ops = [_laid_out(numpy.arange(numpy.prod(s), dtype=numpy.float64).reshape(s), o, tr)
           for s, (o, tr) in zip(shapes, layouts)]
    exp = numpy.einsum(spec, *ops, order=order)
    got = torchnp.einsum(spec, *[tnp(x, order="K") for x in ops], order=order)
    assert_like_numpy(got, exp)
    if isinstance(exp, numpy.ndarray):
        assert got.strides == exp.strides


def test_einsum_sublist_dtype_out_path():
    a, b = numpy.arange(6.0).reshape(2, 3), numpy.arange(12).reshape(3, 4)
    check("einsum", a, [0, 1], b, [1, 2], [0, 2])
    check("einsum", a, [Ellipsis, 1], b, [1, Ellipsis])
    check("einsum", "ij,jk", a.astype(numpy.int32), b, dtype=numpy.float32, casting="same_kind")
    check("einsum", "ij,jk", a, b, dtype=numpy.int8)  # TypeError under casting='safe', as NumPy
    out = tnp(numpy.zeros((2, 4)))
    assert torchnp.einsum("ij,jk", tnp(a), tnp(b), out=out) is out
    assert_like_numpy(out, a @ b)
    assert torchnp.einsum_path("ij,jk", tnp(a), tnp(b)) == numpy.einsum_path("ij,jk", a, b)
    assert torchnp.einsum_path("ij,jk", tnp(a), tnp(b), optimize="optimal")[0] == \
        numpy.einsum_path("ij,jk", a, b, optimize="optimal")[0]


@pytest.mark.parametrize("spec,shapes", [("ij,jk", [(2, 3), (2, 3)]), ("ij->k", [(2, 3)]), ("ij,j", [(2, 3)]),
                                         ("i->ii", [(3,)]), ("ij", [(3,)])])
def test_einsum_errors(spec, shapes):
    check("einsum", spec, *[numpy.ones(s) for s in shapes])


# §5.1 cross: 3-vectors, 2-vectors (deprecated in NumPy 2, still works), axisa/axisb/axisc/axis
@given(st.sampled_from([((3,), (3,)), ((4, 3), (3,)), ((2, 3), (2, 2)), ((2,), (2,)), ((5, 2), (2,)),
                        ((3, 2), (3, 2))]), st.data())
def test_cross(shapes, data):
    dts = data.draw(st.lists(st.sampled_from(INTEGER + FLOAT + COMPLEX), min_size=2, max_size=2))
    a, b = (data.draw(small(dt, s)) for dt, s in zip(dts, shapes))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        check("cross", a, b)
        if a.ndim == 2:
            check("cross", a.T, b.T if b.ndim == 2 else b, axisa=0, axisb=0 if b.ndim == 2 else -1, axisc=0)
            check("cross", a.T, b.T if b.ndim == 2 else b, axis=0) if b.ndim == 2 else None


def test_cross_warnings_and_errors():
    with pytest.warns(DeprecationWarning):
        torchnp.cross(tnp(numpy.array([1, 2])), tnp(numpy.array([3, 4])))
    assert isinstance(check("cross", numpy.ones(4), numpy.ones(3)), ValueError)
    assert isinstance(check("cross", numpy.ones(3), numpy.ones(3), axisa=2), numpy.exceptions.AxisError)
    assert isinstance(check("cross", numpy.ones(3, bool), numpy.ones(3, bool)), TypeError)
    assert isinstance(check("cross", numpy.ones((2, 3)), numpy.ones((3, 3))), ValueError)


# §5.1 trace / diagonal (sum dtype: small ints widen as NumPy)
@pytest.mark.filterwarnings("ignore::numpy.exceptions.ComplexWarning")
@given(st.sampled_from(DTYPES).flatmap(lambda d: small(d, st.sampled_from([(3, 3), (2, 4), (2, 3, 4), (0, 2)]))),
       st.integers(-3, 3), st.data())
def test_trace_diagonal(a, offset, data):
    ax1, ax2 = data.draw(st.permutations(range(-a.ndim, a.ndim)).map(lambda p: p[:2]))
    check("trace", a, offset, ax1, ax2)
    check("diagonal", a, offset, ax1, ax2)
    check("trace", a, offset, dtype=numpy.float32)


def test_trace_diagonal_errors():
    for name in ("trace", "diagonal"):
        assert isinstance(check(name, numpy.ones(3)), ValueError)
        assert isinstance(check(name, numpy.ones((2, 2)), 0, 0, 0), ValueError)
        assert isinstance(check(name, numpy.ones((2, 2)), 0, 0, 2), numpy.exceptions.AxisError)
    x = tnp(numpy.arange(9.0).reshape(3, 3))
    assert torchnp.shares_memory(x.diagonal(), x)  # a view, as NumPy


# §5.1 vecdot / matvec / vecmat (NumPy 2 gufuncs; conjugate first operand as NumPy)
@given(st.sampled_from([("vecdot", (2, 3), (3,)), ("vecdot", (3,), (4, 3)), ("matvec", (2, 3), (3,)),
                        ("matvec", (4, 2, 3), (1, 3)), ("vecmat", (3,), (3, 2)), ("vecmat", (2, 3), (2, 3, 4))]),
       st.data())
def test_gufunc_products(case, data):
    name, sa, sb = case
    dts = data.draw(st.lists(st.sampled_from(INTEGER + FLOAT + COMPLEX), min_size=2, max_size=2))
    a, b = (data.draw(small(dt, s)) for dt, s in zip(dts, (sa, sb)))
    if a.dtype.kind == "c":
        a = a + 1j * a[::-1] if a.ndim == 1 else a
    check(name, a, b)


@pytest.mark.parametrize("name,sa,sb", [("vecdot", (3,), (2,)), ("matvec", (3,), (3,)), ("vecmat", (2,), (3, 2)),
                                        ("vecdot", (2, 3), (4, 3))])
def test_gufunc_errors(name, sa, sb):
    assert isinstance(check(name, numpy.ones(sa), numpy.ones(sb)), ValueError)


def test_methods_forward():
    a = numpy.arange(9.0).reshape(3, 3)
    x = tnp(a)
    assert_like_numpy(x.dot(x), a.dot(a))
    assert_like_numpy(x.trace(offset=1), a.trace(offset=1))
    assert_like_numpy(x.diagonal(1), a.diagonal(1))
    assert_like_numpy(x @ x, a @ a)


@given(st.sampled_from(DTYPES).flatmap(lambda d: small(d, hnp.array_shapes(min_dims=0, max_dims=4, max_side=3))))
def test_matrix_transpose(a):
    check("matrix_transpose", a)  # ValueError below 2-D, as NumPy


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
@pytest.mark.parametrize("dt", ["uint16", "uint32", "uint64"])  # §2.5: exact through int64's ring arithmetic
def test_partial_unsigned(dt):
    big = numpy.iinfo(dt).max
    a = numpy.array([[3, big, 1], [big - 1, 0, 3]], dt)
    check("dot", a, a.T)
    check("einsum", "ij,kj->ik", a, a)
    check("outer", a, a)
    check("kron", a, a)
    check("trace", a)
    check("cross", a, a[::-1])
    check("cross", a[:, :2], a[::-1])


def test_gufunc_axes_axis_keepdims():
    a, b = numpy.arange(12.0).reshape(3, 4), numpy.arange(12.0).reshape(4, 3)
    check("vecdot", a, b.T, axis=0)
    check("vecdot", a, b.T, axis=0, keepdims=True)
    check("vecdot", a, b.T, keepdims=True)
    check("vecdot", a, b, axes=[(0,), (1,)])
    m = numpy.arange(24.0).reshape(2, 3, 4)
    check("matvec", m, numpy.arange(3.0), axes=[(0, 1), (0,), (0,)])
    check("vecmat", numpy.arange(2.0), m, axes=[(0,), (0, 1), (-1,)])
    assert isinstance(check("matvec", m, numpy.arange(3.0), axis=0), TypeError)
    assert isinstance(check("vecdot", a, b.T, axis=2), numpy.exceptions.AxisError)


@pytest.mark.parametrize("name", ["dot", "matmul", "einsum"])
def test_out_on_another_device_raises_device_mismatch(name):  # §3.2: out= is never written across devices
    a = torchnp.ones((2, 2), device="cpu")
    out = torchnp.empty((2, 2), device="meta")
    call = {"dot": lambda: torchnp.dot(a, a, out=out), "matmul": lambda: torchnp.matmul(a, a, out=out),
            "einsum": lambda: torchnp.einsum("ij,jk->ik", a, a, out=out)}[name]
    with pytest.raises(torchnp.DeviceMismatchError):
        call()
    host = numpy.empty((2, 2))  # a numpy.ndarray out= is host data: written in place on the CPU (§3.3)
    assert torchnp.dot(a, a, out=host) is host
    numpy.testing.assert_array_equal(host, numpy.dot(numpy.ones((2, 2)), numpy.ones((2, 2))))
    with pytest.raises(torchnp.DeviceMismatchError):
        torchnp.dot(torchnp.ones((2, 2), device="meta"), torchnp.ones((2, 2), device="meta"), out=host)


# §2.4/§5.1 einsum on small integers: NumPy's dtype, wrapping like NumPy's loop (torch's einsum
# sums them only as int64); sublist labels 0..51 as NumPy's 'A'..'Z', 'a'..'z' (issue 16)
@pytest.mark.parametrize("dtype", ["int8", "int16", "int32", "uint8"])
@pytest.mark.parametrize("spec,shapes", [("i->", [(5,)]), ("...i->...", [(2, 3, 4)]), ("i,i", [(3,), (3,)]),
                                         ("ij,jk", [(2, 3), (3, 2)]), ("ii->i", [(3, 3)])])
def test_einsum_small_integers(dtype, spec, shapes):
    ops = [numpy.full(s, 100, dtype=dtype) + numpy.arange(numpy.prod(s), dtype=dtype).reshape(s) for s in shapes]
    check("einsum", spec, *ops)


@given(st.sampled_from(["int8", "int16", "int32", "uint8"]), st.data())
def test_einsum_small_integers_wrap(dtype, data):
    info = numpy.iinfo(dtype)
    a, b = (data.draw(hnp.arrays(dtype, (3, 4), elements=st.integers(info.min, info.max))) for _ in range(2))
    check("einsum", "ij,ij->i", a, b)
    check("einsum", "ij,kj", a, b)


@pytest.mark.parametrize("sub", [[0, 26], [26, 0], [0, 51], [20, 27], [0, 52], [-1, 5], [0.5, 1]])
def test_einsum_sublist_labels(sub):
    a = numpy.arange(6.0).reshape(2, 3)
    check("einsum", a, sub)
    check("einsum", a, sub, [sub[1]] if isinstance(sub[1], int) else [1])


# §5.1 matmul's gufunc axes= (core axes of each operand and of the result) and axis= error (issue 16)
@pytest.mark.parametrize("axes", [[(-2, -1), (-1, -2), (1, 2)], [(-2, -1), (-1, -2), (0, 1)], [(0, 1), (0, 2), (-2, -1)],
                                  [(0,), (1, 2), (0, 1)], [(-2, -1), (-1, -2)], [(0, 5), (1, 2), (0, 1)]])
def test_matmul_axes(axes):
    a = numpy.arange(3 * 4 * 5).reshape(3, 4, 5)
    check("matmul", a, a, axes=axes)


@pytest.mark.parametrize("axes", [[(1, 0), 0, 0], [(1, 0), (0,), (0,)], [(0, 2), 0, (1,)], [(1, 0), 0, (0, 1)]])
def test_matmul_axes_vector(axes):
    check("matmul", numpy.arange(3 * 4 * 5).reshape(3, 4, 5), numpy.arange(3), axes=axes)
    check("matmul", numpy.arange(4), numpy.arange(3 * 4 * 5).reshape(3, 4, 5), axes=[axes[1], axes[0], axes[2]])


def test_matmul_axis_is_type_error():
    assert isinstance(check("matmul", numpy.ones((2, 2)), numpy.ones((2, 2)), axis=0), TypeError)


@given(st.permutations([0, 1, 2]), st.permutations([0, 1, 2]), st.permutations([0, 1, 2]))
def test_matmul_axes_permutations(p1, p2, p3):
    a = numpy.arange(24.0).reshape(2, 3, 4).transpose(p1)
    b = numpy.arange(24.0).reshape(2, 4, 3).transpose(p2)
    core = [tuple(p.index(i) for i in (1, 2)) for p in (p1, p2, p3)]
    check("matmul", a, b, axes=core)


def test_matmul_batch_mismatch():  # NumPy's ValueError, not torch's RuntimeError
    check("matmul", numpy.ones((2, 3, 4)), numpy.ones((3, 4, 5)))


def test_tensordot_contracts_every_axis():
    """tensordot with an integer ``axes`` equal to the operands' dimension: a full contraction to
    a 0-d result (found by mutation testing: ``n >= a.ndim`` raising passed every test)."""
    a = numpy.arange(12.0).reshape(3, 4)
    check("tensordot", a, a - 5, axes=2)
    check("tensordot", a[0], a[1], axes=1)
    check("tensordot", a, a.reshape(3, 4, 1), axes=2)
    check("tensordot", a, a, axes=3)  # more axes than dimensions: NumPy's ValueError
