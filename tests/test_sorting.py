"""Sorting, searching and sets against NumPy (§5.1: signatures, dtypes, exceptions)."""

import re

import numpy
import pytest
from hypothesis import given, strategies as st
from hypothesis.extra import numpy as hnp

import torchnp
from support import BOOL, COMPLEX, DEVICE, ON_ACCELERATOR, FLOAT, INTEGER, REAL, arrays, assert_like_numpy, check, raises_like, tnp

# small values with ties and NaNs, so stability and NaN placement matter
_TIES = st.sampled_from([0.0, 1.0, -1.0, 2.5, numpy.nan, numpy.inf, -numpy.inf])


def tie_arrays(dtypes=REAL + BOOL, **kw):
    def for_dtype(dt):
        if dt.kind == "f":
            el = _TIES
        elif dt.kind == "c":
            el = st.builds(complex, _TIES, _TIES)
        elif dt.kind == "b":
            el = st.booleans()
        else:
            el = st.integers(-3, 3) if dt.kind == "i" else st.integers(0, 5)
        return hnp.arrays(dt, hnp.array_shapes(min_dims=kw.get("min_dims", 1), max_dims=3, min_side=0, max_side=6),
                          elements=el)
    return st.sampled_from(list(dtypes)).flatmap(for_dtype)


def _axis(a, data):
    return data.draw(st.sampled_from([None] + list(range(-a.ndim, a.ndim))))


# §5.1 sort / argsort: stable, NaNs last, complex lexicographic
@given(tie_arrays(REAL + BOOL + COMPLEX), st.data())
def test_sort_argsort(a, data):
    axis = _axis(a, data)
    check("sort", a, axis=axis, kind="stable")
    check("sort", a, axis, None)  # default kind: a stable order is a valid NumPy answer for values
    check("argsort", a, axis=axis, kind="stable")
    check("argsort", a, axis=axis, stable=True)


@given(tie_arrays(REAL + COMPLEX))
def test_ndarray_sort_in_place(a):
    x = tnp(a)
    assert x.sort() is None  # ndarray.sort sorts in place as NumPy
    a.sort(kind="stable")
    assert_like_numpy(x, a)


def test_sort_descending_array_api():
    x = tnp(numpy.array([3, 1, 2, 1]))
    assert torchnp.sort(x, descending=True).tolist() == [3, 2, 1, 1]
    assert torchnp.argsort(x, descending=True, stable=True).tolist() == [0, 2, 1, 3]


@pytest.mark.parametrize("kw,exc", [({"axis": 3}, numpy.exceptions.AxisError), ({"order": "x"}, ValueError),
                                    ({"kind": "bogus"}, ValueError)])
def test_sort_errors(kw, exc):
    a = numpy.arange(6).reshape(2, 3)
    for name in ("sort", "argsort"):
        assert isinstance(check(name, a, **kw), exc)
    assert isinstance(check("sort", numpy.float64(1.0)), numpy.exceptions.AxisError)
    check("argsort", numpy.float64(1.0))  # NumPy treats a 0-d array as 1-d here
    check("argsort", numpy.float64(1.0), 3)
    check("argpartition", numpy.float64(1.0), 0)
    check("partition", numpy.float64(1.0), 0)
    check("searchsorted", numpy.arange(2), 1, "left", numpy.array([0.0, 1.0]))


@pytest.mark.parametrize("name", ["sort", "argsort", "partition", "argpartition"])
def test_sort_order_of_structured_records(name):  # §2.5: host-only records are sorted by NumPy, order= included
    recs = numpy.array([("b", 2.0, 1), ("a", 2.0, 3), ("c", -1.0, 2)], dtype=[("s", "U2"), ("m", "f8"), ("k", "i4")])
    args = (recs, 1) if "partition" in name else (recs,)
    for order in ("m", ["m", "s"], "k", "bogus"):
        expected = _outcome(lambda: getattr(numpy, name)(*args, order=order))
        got = _outcome(lambda: getattr(torchnp, name)(*args, order=order))
        if isinstance(expected, Exception):
            assert type(got) is type(expected) and str(got) == str(expected), (got, expected)
        elif expected.dtype.kind == "V":  # the records stay NumPy's array
            assert type(got) is numpy.ndarray and got.dtype == expected.dtype
            numpy.testing.assert_array_equal(got, expected)
        else:  # indices are a CPU torchnp array (§3.3)
            assert_like_numpy(got, expected, device="cpu")


def _outcome(fn):
    try:
        return fn()
    except Exception as exc:  # noqa: BLE001 - compared with NumPy's
        return exc


@given(tie_arrays(REAL + BOOL + COMPLEX, min_dims=1), st.data())
def test_sort_complex_and_lexsort(a, data):
    if a.dtype.kind != "b":
        check("sort_complex", a.ravel())
    b = data.draw(hnp.arrays(a.dtype, a.shape, elements=st.sampled_from([0, 1, 2]).map(a.dtype.type)))
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
    check("lexsort", (a, b), axis)
    check("lexsort", numpy.stack([b, a]), axis)


def test_lexsort_errors():
    assert isinstance(check("lexsort", [numpy.arange(2), numpy.arange(3)]), ValueError)
    assert isinstance(check("lexsort", (numpy.arange(2),), 4), numpy.exceptions.AxisError)


def _assert_partitioned(got, a, kth, axis, what):
    """NumPy as the oracle of a partition (§5.1: any valid partition is NumPy-conformant): ``got`` is
    a permutation of ``a`` along ``axis`` (NumPy's sort of both agree), every kth element is NumPy's
    sorted value there, everything left of it is <= it and everything right of it >= it (NaNs last)."""
    ref = numpy.sort(a, axis=axis)
    numpy.testing.assert_array_equal(numpy.sort(got, axis=axis), ref, err_msg=f"{what}: not a permutation")
    g, r = numpy.moveaxis(got, axis, -1), numpy.moveaxis(ref, axis, -1)
    n = g.shape[-1]
    for k in kth:
        k = k % n
        kv = r[..., k:k + 1]
        numpy.testing.assert_array_equal(g[..., k:k + 1], kv, err_msg=f"{what}: kth={k} is not NumPy's value")
        left, right = g[..., :k], g[..., k + 1:]
        if a.dtype.kind == "f":
            ok_left = (left <= kv) | numpy.isnan(kv)
            ok_right = (right >= kv) | numpy.isnan(right)
        else:
            ok_left, ok_right = left <= kv, right >= kv
        assert ok_left.all(), f"{what}: an element left of kth={k} is greater than it"
        assert ok_right.all(), f"{what}: an element right of kth={k} is less than it"


# §5.1 partition / argpartition
@given(tie_arrays(REAL + BOOL, min_dims=1), st.data())
def test_partition(a, data):
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
    n = a.shape[axis]
    if n == 0:
        check("partition", a, 0, axis)
        check("argpartition", a, 0, axis)
        return
    kth = data.draw(st.lists(st.integers(-n, n - 1), min_size=1, max_size=3))
    exp, iexp = numpy.partition(a, kth, axis=axis), numpy.argpartition(a, kth, axis=axis)
    p = torchnp.partition(tnp(a), kth, axis=axis)
    assert p.dtype == exp.dtype and p.shape == exp.shape
    _assert_partitioned(p.to_numpy(), a, kth, axis, "partition")
    ip = torchnp.argpartition(tnp(a), kth, axis=axis)
    assert ip.dtype == iexp.dtype and ip.shape == iexp.shape
    idx = ip.to_numpy()
    numpy.testing.assert_array_equal(numpy.sort(idx, axis=axis), numpy.sort(iexp, axis=axis))  # a permutation
    _assert_partitioned(numpy.take_along_axis(a, idx, axis), a, kth, axis, "argpartition")
    x = tnp(a)
    assert x.partition(kth, axis=axis) is None  # in place, as ndarray.partition
    _assert_partitioned(x.to_numpy(), a, kth, axis, "ndarray.partition")


@pytest.mark.parametrize("kth", [3, -4, [0, 5], 1.5, True, numpy.bool_(False), [1.0], numpy.array([0, 3]),
                                 numpy.array([1.5]), numpy.array(True)], ids=repr)
def test_partition_errors(kth):
    a = numpy.arange(3.0)
    # an array kth is an operand on the array's device (§3.2); on an accelerator an integer one is
    # not read for NumPy's bounds check (the partition is a full sort there, docs/differences.md)
    unread = ON_ACCELERATOR and isinstance(kth, numpy.ndarray) and kth.dtype.kind in "iu"
    tkth = tnp(kth) if isinstance(kth, numpy.ndarray) else kth
    for name in ("partition", "argpartition"):
        try:
            getattr(numpy, name)(a, kth)
        except Exception as exc:  # noqa: BLE001 - the same exception type as NumPy
            if unread:
                getattr(torchnp, name)(tnp(a), tkth)
                continue
            raises_like(type(exc), getattr(torchnp, name), tnp(a), tkth)
        else:
            raise AssertionError(f"NumPy accepts {kth!r}")


# §5.1 searchsorted, incl. NaN/inf order, side and sorter
@given(tie_arrays(REAL + BOOL, min_dims=1), tie_arrays(REAL + BOOL, min_dims=0), st.sampled_from(["left", "right"]))
def test_searchsorted(a, v, side):
    a = a.ravel()
    check("searchsorted", numpy.sort(a), v, side)
    sorter = numpy.argsort(a, kind="stable")
    check("searchsorted", a, v, side, sorter)


def test_searchsorted_errors():
    check("searchsorted", numpy.ones((2, 2)), 1.0)
    check("searchsorted", numpy.arange(3), 1, "middle")
    if torchnp.asarray(0, device=DEVICE).device.type == "cpu":  # NumPy's kernel on the host
        check("searchsorted", numpy.array([1j, 2j]), 1j)
    else:
        with pytest.raises(TypeError):  # torch has no complex ordering: a clear error
            torchnp.searchsorted(tnp(numpy.array([1j, 2j])), 1j)


def test_searchsorted_complex_off_the_cpu_message():
    """searchsorted of complex data off the CPU (torch has no complex ordering): the TypeError and
    message docs/differences.md documents, on torch's data-less ``meta`` device (it runs in CI without
    an accelerator), for a scalar or an array ``v``, either side, with a sorter; the CPU gives NumPy's
    indices (found by mutation testing: no test reached the message)."""
    a = numpy.array([1j, 2j, 1 + 0j, 2 - 1j])
    msg = "searchsorted on complex arrays is unsupported on torchnp off the CPU (torch has no complex ordering)"
    m = torchnp.asarray(a, device="meta")
    for v, kw in ((1j, {}), (torchnp.asarray(a[:2], device="meta"), {"side": "right"}),
                  (2j, {"sorter": torchnp.asarray(numpy.argsort(a), device="meta")})):
        with pytest.raises(TypeError, match=f"^{re.escape(msg)}$"):
            torchnp.searchsorted(m, v, **kw)
    s = numpy.sort(a)
    for side in ("left", "right"):
        assert_like_numpy(torchnp.searchsorted(torchnp.asarray(s, device="cpu"), torchnp.asarray(a, device="cpu"),
                                               side=side), numpy.searchsorted(s, a, side=side), device="cpu")


# §5.1 set routines
_SET = st.sampled_from(INTEGER + FLOAT + BOOL)


def _set_elements(dt):
    if dt.kind == "f":
        return _TIES
    return st.booleans() if dt.kind == "b" else st.integers(0, 4).map(dt.type)


def set_arrays():
    shapes = hnp.array_shapes(min_dims=0, max_dims=2, min_side=0, max_side=6)
    return st.tuples(_SET, _SET).flatmap(lambda d: st.tuples(
        hnp.arrays(d[0], shapes, elements=_set_elements(d[0])), hnp.arrays(d[1], shapes, elements=_set_elements(d[1]))))


@given(set_arrays(), st.booleans())
def test_set_routines(ab, invert):
    a, b = ab
    check("intersect1d", a, b)
    check("intersect1d", a, b, False, True)
    check("union1d", a, b)
    check("setdiff1d", a, b)
    check("setxor1d", a, b)
    check("isin", a, b, invert=invert)
    ua, ub = numpy.unique(a), numpy.unique(b)
    check("intersect1d", ua, ub, True, True)
    check("setdiff1d", ua, ub, True)
    check("setxor1d", ua, ub, True)
    check("isin", a, b, kind="sort")
    check("isin", a, b, kind="table")  # NumPy raises ValueError for float arrays; so must we


@pytest.mark.parametrize("dt", ["float64", "int64", "bool"])
def test_set_routines_large(dt):
    # above the CPU kernel table's size (issue 17): the set routines share unique's one implementation
    # (issue 14), NumPy's kernel on the CPU and torch's elsewhere: first-occurrence indices, NaNs as one
    rng = numpy.random.default_rng(0)
    a, b = (rng.integers(0, 300, 20_000).astype(dt) for _ in range(2))
    if dt == "float64":
        a[::7], b[::11] = numpy.nan, numpy.nan
    check("intersect1d", a, b, False, True)
    check("union1d", a, b)
    check("setdiff1d", a, b)
    check("setxor1d", a, b)
    check("unique", a, True, True, True)


@given(arrays(COMPLEX, max_side=4), arrays(COMPLEX, max_side=4))
def test_isin_complex(a, b):
    check("isin", a, b)
    check("isin", a, b, invert=True)


def test_isin_bad_kind():
    assert isinstance(check("isin", numpy.arange(3), numpy.arange(2), kind="x"), ValueError)


def test_sorting_keeps_device():  # §3.1
    x = tnp(numpy.array([2.0, 1.0]))
    for r in (torchnp.sort(x), torchnp.argsort(x), torchnp.union1d(x, x), torchnp.isin(x, x)):
        assert r.device == x.device


@pytest.mark.parametrize("dt", ["uint16", "uint32", "uint64"])  # §2.5: partly supported by torch, exact here
def test_partial_unsigned(dt):
    big = numpy.iinfo(dt).max
    a = numpy.array([3, big, 1, big - 1, 0, 3], dt)
    check("sort", a)
    check("argsort", a, kind="stable")
    check("lexsort", (a, a[::-1]))
    check("searchsorted", numpy.sort(a), a, "right")
    check("isin", a, a[:2])
    for name in ("intersect1d", "union1d", "setdiff1d", "setxor1d"):
        check(name, a, a[1:3])


# §5.1 NumPy matches sort kinds by their first letter, case-insensitively (torch_np suite, issue 16)
@pytest.mark.parametrize("kind", ["quick", "heap", "merge", "Quicksort", "HEAPSORT", "s", "x", "", 3])
@pytest.mark.parametrize("func", ["sort", "argsort"])
def test_sort_kind_first_letter(func, kind):
    a = numpy.array([3, 1, 2, 1])
    exc = check(func, a, kind=kind)
    if isinstance(exc, Exception):  # NumPy's message too
        with pytest.raises(type(exc), match=re.escape(str(exc))):
            getattr(torchnp, func)(tnp(a), kind=kind)


@pytest.mark.parametrize("kind", ["introselect", "quick", 3])
@pytest.mark.parametrize("func", ["partition", "argpartition"])
def test_partition_kind(func, kind):
    a = numpy.array([3, 1, 2, 1])
    exc = check(func, a, 1, kind=kind)
    if isinstance(exc, Exception):
        with pytest.raises(type(exc), match=re.escape(str(exc))):
            getattr(torchnp, func)(tnp(a), 1, kind=kind)


@given(tie_arrays(REAL + BOOL), st.sampled_from(["q", "h", "m", "s", "Q", "H", "M", "S"]), st.data())
def test_sort_kind_values(a, kind, data):
    check("sort", a, axis=_axis(a, data), kind=kind + "ort")


# §5.1 unique sorts as NumPy (complex: [R + Rj, R + nanj, nan + Rj, nan + nanj]) and, with
# equal_nan, keeps one NaN for every complex value with a NaN part (torch_np suite, issue 16)
def test_unique_complex_nans():
    a = numpy.array([2.0 - 1j, numpy.nan, 1.0 + 1j, complex(0.0, numpy.nan), complex(1.0, numpy.nan)])
    check("unique", a, return_index=True, return_inverse=True, return_counts=True)
    check("unique", a, equal_nan=False)


@given(hnp.arrays(numpy.complex128, st.integers(0, 8),
                  elements=st.builds(complex, st.sampled_from([0.0, 1.0, numpy.nan]), st.sampled_from([0.0, -1.0, numpy.nan]))),
       st.booleans())
def test_unique_complex_with_nans(a, equal_nan):
    check("unique", a, return_index=True, return_inverse=True, return_counts=True, equal_nan=equal_nan)


@pytest.mark.parametrize("shape,axis", [((2, 0), 0), ((2, 0), 1), ((0, 3), 0), ((0, 3), 1), ((0, 2, 0, 3), 2)])
def test_unique_axis_empty(shape, axis):
    check("unique", numpy.empty(shape), axis=axis, return_index=True, return_inverse=True, return_counts=True)


@pytest.mark.parametrize("method,args", [("sort", ()), ("partition", (2,))])
@pytest.mark.parametrize("axis", [None, 0, -1, 1.0])
def test_inplace_sort_axis(method, args, axis):  # §5.1: in place, axis=None is NumPy's TypeError
    a = numpy.array([[3.0, 1, 2, 5, 4], [9, 8, 7, 6, 0]])
    x = tnp(a)
    try:
        getattr(a, method)(*args, axis=axis)
    except Exception as exc:  # noqa: BLE001 - the type is compared
        with pytest.raises(type(exc)):
            getattr(x, method)(*args, axis=axis)
        return
    getattr(x, method)(*args, axis=axis)
    if method == "sort":
        assert_like_numpy(x, a)


# §5.1/§3.5 searchsorted's sorter: NumPy's TypeError/ValueError, out-of-range entries checked on the CPU
@pytest.mark.parametrize("sorter", [[1.1], [1, 2, 3, 4], [1, 2, 3, 4, 5, 6], [0, 1, 2, 3, 5], [-1, 0, 1, 2, 3],
                                    [4, 0, -1, 2, 3], [2, 1, 3, 4, 0]])
def test_searchsorted_sorter_errors(sorter):
    a = numpy.array([5, 2, 1, 3, 4])
    exc = check("searchsorted", a, numpy.array([0, 3, 9]), sorter=sorter)  # (value checks: under np.errstate
    if isinstance(exc, Exception):                                           # on accelerators, §3.5)
        raises_like(type(exc), torchnp.searchsorted, tnp(a), tnp(numpy.array([0, 3, 9])), sorter=sorter,
                    match=re.escape(str(exc)))


def test_unique_family_fields_and_nans():
    """unique_values/counts/inverse/all (the Array API's): NumPy's field names and values, NaNs
    kept apart (equal_nan=False), above the tiny host path (found by mutation testing: no test
    called unique_values or read a field by name)."""
    a = numpy.resize(numpy.array([3.0, numpy.nan, -1.0, 3.0, numpy.nan, 0.0, -0.0, 2.5]), 80)
    def values(x):  # sorted on torchnp, NumPy's hash order for integers (docs/differences.md)
        assert_like_numpy(torchnp.unique_values(tnp(x)), numpy.sort(numpy.unique_values(x)))

    values(a)
    check("unique_counts", a.reshape(8, 10))
    one_nan = numpy.where(numpy.isnan(a), 7.5, a)  # which of several NaNs NumPy's inverse names is unspecified
    one_nan[3] = numpy.nan
    for x in (one_nan, one_nan.reshape(8, 10), numpy.resize(numpy.array([5, -2, 5, 7, 0, -2], numpy.int16), 70)):
        values(x)
        for name, fields in (("unique_counts", ("values", "counts")),
                             ("unique_inverse", ("values", "inverse_indices")),
                             ("unique_all", ("values", "indices", "inverse_indices", "counts"))):
            expected, actual = getattr(numpy, name)(x), getattr(torchnp, name)(tnp(x))
            for f in fields:
                assert_like_numpy(getattr(actual, f), getattr(expected, f), err_msg=f"{name}.{f}")


def test_stable_sort_of_many_ties():
    """kind="stable"/stable=True keep equal keys in input order (torch's CPU sort is not stable
    unless asked, on 20000 ties it reorders them)."""
    x = numpy.random.default_rng(0).integers(0, 3, 20000)
    check("argsort", x, kind="stable")
    check("argsort", x, stable=True)
    check("argsort", x.reshape(100, 200), axis=0, kind="stable")


def test_inplace_partition_default_axis_and_errors():
    """ndarray.partition partitions the last axis in place by default, against NumPy's sort; NumPy's
    messages for a boolean kth and a bad searchsorted side; lexsort of 0-d keys."""
    rng = numpy.random.default_rng(5)
    a = rng.integers(-50, 50, (6, 15))
    for kth in (0, 4, 14, [2, 9]):
        x = tnp(a)
        assert x.partition(kth) is None
        got = numpy.asarray(x.tolist())
        want = numpy.sort(a, axis=-1)
        for k in numpy.atleast_1d(kth):
            numpy.testing.assert_array_equal(got[:, k], want[:, k])
            assert (got[:, :k] <= got[:, k:k + 1]).all() and (got[:, k + 1:] >= got[:, k:k + 1]).all()
        numpy.testing.assert_array_equal(numpy.sort(got, axis=-1), want)
    with pytest.raises(ValueError, match="^Booleans unacceptable as partition index$"):
        torchnp.partition(tnp(a), True)
    with pytest.raises(ValueError, match="^" + re.escape("side must be 'left' or 'right' (got 'up')") + "$"):
        torchnp.searchsorted(tnp(numpy.arange(5)), 2, side="up")
    check("searchsorted", numpy.arange(5), 2, side="up")
    for axis in (-1, 0, 1):
        check("lexsort", (numpy.array(3),), axis=axis)


@pytest.mark.parametrize("side", ["left", "right"])
def test_searchsorted_infinities_and_nans_with_sorter(side):
    """NumPy orders NaN after +inf: a +inf value searched from the right stops before the NaNs of
    ``a`` (the sorter's path maps NaN to +inf; found by mutation testing)."""
    a = numpy.array([numpy.nan, 1.0, numpy.inf, -numpy.inf, numpy.nan, 3.0])
    v = numpy.array([numpy.inf, -numpy.inf, numpy.nan, 2.0, 3.0, 1.0])
    s = numpy.argsort(a)
    assert_like_numpy(torchnp.searchsorted(tnp(a), tnp(v), side=side, sorter=tnp(s)),
                      numpy.searchsorted(a, v, side=side, sorter=s))
