"""0-d arrays stand in for NumPy scalars (docs/design.md §1.3), differential against NumPy."""

import math
import operator

import numpy
import pytest
from hypothesis import given, strategies as st

import torchnp
from support import DEVICE, SUPPORTED_DTYPES, arrays, assert_like_numpy, tnp

#: NumPy's own scalars from host data and the host view behind them (§1.3): what an accelerator's rules
#: replace by 0-d arrays (support.assert_like_numpy checks those in every other file)
pytestmark = pytest.mark.host_rules


def _same(fn, a):
    """``fn`` gives the same Python result (or exception type) on NumPy's ``a`` and on torchnp."""
    try:
        expected = fn(a)
    except Exception as exc:  # noqa: BLE001 - compare exception types
        with pytest.raises(type(exc)):
            fn(tnp(a))
        return
    got = fn(tnp(a))
    assert type(got) is type(expected), (got, expected)
    assert got == expected or (got != got and expected != expected), (got, expected)


def test_single_element_index_is_a_scalar_or_0d_on_device():  # §1.3
    a = numpy.arange(6.0).reshape(2, 3)
    x = torchnp.asarray(a, device="cpu")
    for got, want in ((x[1, 2], a[1, 2]), (x[-1][0], a[-1][0]), (x[(0, 1)], a[(0, 1)])):
        assert_like_numpy(got, want, device="cpu")  # NumPy's own scalar on the host
    m = torchnp.asarray(a, device="meta")
    for r in (m[1, 2], m[-1][0], m[(0, 1)]):
        assert isinstance(r, torchnp.ndarray) and r.shape == () and r.device.type == "meta"


def test_reduction_without_axis_is_a_scalar_or_0d_on_device():  # §1.3
    a = numpy.arange(5)
    assert_like_numpy(torchnp.add.reduce(torchnp.asarray(a, device="cpu")), numpy.add.reduce(a), device="cpu")
    r = torchnp.add.reduce(torchnp.asarray(a, device="meta"))
    assert isinstance(r, torchnp.ndarray) and r.ndim == 0 and r.device.type == "meta"


def test_scalar_results_behave_as_numpys():  # §1.3: type, repr, isinstance, json
    import json

    a = numpy.array([1.5, 2.5, 4.0])
    x = torchnp.asarray(a, device="cpu")
    for got, want in ((x.sum(), a.sum()), (x[1], a[1]), (torchnp.mean(x), numpy.mean(a)), (x.argmax(), a.argmax()),
                      (torchnp.exp(0.3), numpy.exp(0.3)), (x.max() > 2, a.max() > 2)):
        assert type(got) is type(want) and repr(got) == repr(want)
        assert isinstance(got, float) == isinstance(want, float)
        assert json.dumps(got.item()) == json.dumps(want.item())
    assert json.dumps(x.sum()) == json.dumps(a.sum())


def test_matmul_operator_and_index_conversions_give_scalars():  # §1.3: v @ v, unravel_index(argmax) on the host
    v, m = numpy.arange(3.0), numpy.arange(6).reshape(2, 3)
    x, y = torchnp.asarray(v, device="cpu"), torchnp.asarray(m, device="cpu")
    for got, want in ((x @ x, v @ v), (v @ x, v @ v), (x @ numpy.eye(3) @ x, v @ numpy.eye(3) @ v),
                      (torchnp.unravel_index(y.argmax(), y.shape), numpy.unravel_index(m.argmax(), m.shape)),
                      (torchnp.ravel_multi_index((1, 2), (2, 3)), numpy.ravel_multi_index((1, 2), (2, 3)))):
        assert type(got) is type(want) and repr(got) == repr(want), (got, want)
    assert_like_numpy(torchnp.unravel_index(torchnp.asarray([4, 5], device="cpu"), (2, 3)),
                      numpy.unravel_index(numpy.array([4, 5]), (2, 3)), device="cpu")
    r = torchnp.asarray(v, device="meta") @ torchnp.asarray(v, device="meta")
    assert isinstance(r, torchnp.ndarray) and r.ndim == 0 and r.device.type == "meta"


@given(arrays(SUPPORTED_DTYPES, shape=()))
def test_python_conversions(a):  # §1.3: float(), int(), complex(), bool()
    with numpy.errstate(all="ignore"):
        for fn in (float, int, complex, bool):
            _same(fn, a)


@pytest.mark.parametrize("dtype", SUPPORTED_DTYPES)
def test_operator_index_only_for_integers(dtype):  # §1.3: TypeError otherwise, as NumPy
    a = numpy.array(3).astype(dtype)
    _same(operator.index, a)
    _same(operator.index, numpy.array([3]).astype(dtype))
    if dtype.kind in "iu":
        x = tnp(a)
        assert [10, 11, 12, 13][x] == 13
        assert list(range(x)) == [0, 1, 2]
        assert hex(x) == "0x3"


@pytest.mark.parametrize("shape", [(1,), (1, 1), (2,), (0,)])
def test_conversions_need_0d(shape):  # §1.3: NumPy 2.4 rejects ndim > 0
    a = numpy.ones(shape)
    for fn in (float, int, complex):
        _same(fn, a)


@pytest.mark.parametrize("shape", [(), (1,), (1, 1), (2,), (0,), (2, 2)])
@pytest.mark.parametrize("value", [0, 1])
def test_bool_rules(shape, value):  # §1.3: ValueError for size > 1 and for empty arrays
    _same(bool, numpy.full(shape, value))


def test_complex_to_real_conversions_raise():  # §1.3
    for fn in (float, int):
        _same(fn, numpy.array(1 + 2j))


@pytest.mark.parametrize("spec", [".3f", "", ">10.2e", "d", "x", "+.1%", "g"])
@pytest.mark.parametrize("value", [numpy.float64(2.5), numpy.float32(-0.1), numpy.int64(42), numpy.int8(-7),
                                   numpy.bool_(True), numpy.complex128(1 - 2j)])
def test_format_specs(spec, value):  # §1.3: format(x, ".3f"), f-strings
    _same(lambda v: format(v, spec), numpy.array(value))


def test_format_ndim_gt_0():  # §1.3
    _same(lambda v: format(v, ".3f"), numpy.array([1.5]))
    _same(lambda v: format(v, ""), numpy.array([1.5, 2.0]))


def test_percent_formatting_and_fstrings():  # §1.3
    x = torchnp.asarray(3.75, device=DEVICE)
    n = numpy.float64(3.75)
    assert "%d" % x == "%d" % n
    assert "%.2f" % x == "%.2f" % n
    assert "%s" % x == "%s" % numpy.array(3.75)
    assert f"{x:.1f} {x}" == f"{n:.1f} {numpy.array(3.75)}"
    assert "%x" % torchnp.asarray(255, device=DEVICE) == "ff"


def test_print(capsys):  # §1.3, §1.4
    print(torchnp.asarray(2.5, device=DEVICE), torchnp.asarray(7, device=DEVICE))
    assert capsys.readouterr().out == "2.5 7\n"


@given(arrays(numpy.dtype(x) for x in ("int64", "float64", "int8", "float32", "bool")), st.integers(-3, 3))
def test_comparisons_with_python_numbers(a, k):  # §1.3
    for op in (operator.lt, operator.le, operator.eq, operator.ne, operator.gt, operator.ge):
        for other in (k, k + 0.5):
            assert_like_numpy(op(tnp(a), other), op(a, other))
            assert_like_numpy(op(other, tnp(a)), op(other, a))


def test_0d_in_python_code():  # §1.3: wherever NumPy scalars are used
    x = torchnp.asarray(2.0, device=DEVICE)
    i = torchnp.asarray(3, device=DEVICE)
    assert math.sqrt(x) == math.sqrt(2.0)
    assert math.floor(x) == 2 and math.isfinite(x)
    assert round(float(x), 1) == 2.0
    assert (x < 3) and not (x > 3)
    assert 2 <= x <= 2
    assert [0, 1, 2, 3, 4][i] == 3 and "abcd"[i] == "d"
    assert list(range(i)) == [0, 1, 2]
    assert isinstance(int(i), int) and isinstance(float(x), float)
    assert (1 if torchnp.asarray(True, device=DEVICE) else 0) == 1


@given(arrays(SUPPORTED_DTYPES, shape=()))
def test_item_and_tolist_are_python_scalars(a):  # §1.3
    x = tnp(a)
    assert type(x.item()) is type(a.item()) and (x.item() == a.item())
    assert type(x.tolist()) is type(a.tolist()) and x.tolist() == a.tolist()


@pytest.mark.parametrize("value", [numpy.float64(2.5), numpy.float64(-3.5), numpy.float32(2.567), numpy.float64(1234.5678),
                                   numpy.int64(1234), numpy.int8(-77), numpy.uint8(250)])
def test_round_like_numpy_scalars(value):  # §1.3: round(x) / round(x, n) on 0-d arrays as on NumPy scalars
    x = tnp(value)
    assert round(x) == round(value) and type(round(x)) is int
    for n in (0, 1, 2, -1, -2):
        assert_like_numpy(round(x, n), numpy.asarray(round(value, n)))
    if value.dtype == numpy.float64:
        assert math.trunc(x) == math.trunc(value)
    assert math.floor(x) == math.floor(value) and math.ceil(x) == math.ceil(value)


def test_round_errors():  # §1.3: TypeError where NumPy has no __round__
    for a in (numpy.array([1.5, 2.5]), numpy.array(True), numpy.array(1 + 2j)):
        with pytest.raises(TypeError):
            round(a if a.ndim else a[()])
        with pytest.raises(TypeError):
            round(tnp(a))


def test_elements_hashable_like_numpy_scalars():  # §1.3: dict keys and sets of array elements
    a = numpy.array([3, 1, 3, 2, 3, 1])
    if isinstance(tnp(a)[0], torchnp.ndarray):
        pytest.skip("elements are 0-d arrays here; ndarrays are unhashable as numpy.ndarray (§1.3)")
    def tally(arr):
        counts = {}
        for v in arr:
            counts[v] = counts.get(v, 0) + 1
        return counts
    expected, got = tally(a), tally(tnp(a))
    assert {int(k): n for k, n in got.items()} == {int(k): n for k, n in expected.items()}
    assert got[3] == 3 and hash(tnp(a)[0]) == hash(a[0]) == hash(3)
    f = numpy.array([0.5, 0.25, 0.5])
    assert len(set(tnp(f))) == len(set(f)) == 2 and 0.25 in set(tnp(f))


@pytest.mark.parametrize("a", [numpy.array([3, 1]), numpy.array(2.5), numpy.zeros((2, 0))])
def test_arrays_unhashable_like_numpy(a):  # §1.1: numpy.ndarray sets __hash__ = None, 0-d too
    import collections.abc

    x = tnp(a)
    assert isinstance(x, collections.abc.Hashable) is isinstance(a, collections.abc.Hashable) is False
    with pytest.raises(TypeError):
        hash(a)
    with pytest.raises(TypeError):
        hash(x)


@pytest.mark.parametrize("value", [numpy.int64(2), numpy.int8(3), numpy.uint8(2), numpy.True_, numpy.float64(2.0),
                                   numpy.complex128(1j)])
@pytest.mark.parametrize("seq", [[0, 1], (0, 1), "ab"])
def test_sequence_repetition_like_numpy_scalars(value, seq):  # §1.3: [0] * n where n = x.max()
    x = tnp(numpy.array([value]))[0]
    # a 0-d array on the CPU is NumPy's 0-d array, not a scalar stand-in (§1.3)
    like = numpy.asarray(value) if isinstance(x, torchnp.ndarray) and x.device.type == "cpu" else value
    if like is not value and isinstance(seq, str):
        pytest.skip("str times a 0-d array is NumPy's string ufunc (host-only data, §2.5)")
    for fn in (lambda s: seq * s, lambda s: s * seq):
        try:
            expected = fn(like)
        except TypeError:
            with pytest.raises(TypeError):
                fn(x)
            continue
        got = fn(x)
        if isinstance(expected, numpy.ndarray):
            assert_like_numpy(got, expected)
            continue
        assert type(got) is type(expected) and got == expected, (got, expected)
    lst = list(seq)
    if numpy.issubdtype(value.dtype, numpy.integer) and value.dtype != numpy.bool_:
        lst *= x
        expected = list(seq)
        expected *= like
        if isinstance(expected, numpy.ndarray):
            assert_like_numpy(lst, expected)
        else:
            assert lst == expected == list(seq) * int(value)


@pytest.mark.parametrize("value", [numpy.float64(2.0), numpy.float64(2.5), numpy.float32(-3.0), numpy.int64(7),
                                   numpy.float64(numpy.inf), numpy.float64(numpy.nan)])
def test_is_integer_like_numpy_scalars(value):  # §1.3: (n ** 0.5).is_integer()
    assert tnp(numpy.array([value]))[0].is_integer() is value.is_integer()


def test_is_integer_errors():  # §1.3: only where NumPy scalars have it
    for a in (numpy.array([1.0, 2.0]), numpy.array(True), numpy.array(1 + 0j)):
        with pytest.raises(AttributeError):
            tnp(a).is_integer()


# ---- §1.3 scalar loops: elements of host data read and written through NumPy's view of the memory
@given(arrays(shape=st.integers(1, 6).map(lambda n: (n,))), st.integers(-8, 8), st.data())
def test_element_reads_and_writes_through_the_host_view(a, i, data):  # §1.3, §3.3: NumPy's scalars and errors
    x = torchnp.asarray(a.copy(), device="cpu")
    ref = a.copy()
    for _ in range(2):  # the first read caches the view, the second uses it
        try:
            want = ref[i]
        except IndexError:
            with pytest.raises(IndexError):
                x[i]
            return
        got = x[i]
        assert type(got) is type(want) and (got == want or (got != got and want != want))
    value = data.draw(st.sampled_from([0, 1, -1, 2.5, True, 300, -(2 ** 40), numpy.float32(1.5), 1 + 2j]))
    try:
        ref[i] = value
    except Exception as exc:  # noqa: BLE001 - the same exception type
        with pytest.raises(type(exc)):
            x[i] = value
    else:
        x[i] = value
    numpy.testing.assert_array_equal(x.to_numpy(), ref)
    numpy.testing.assert_array_equal(x._t.numpy(), ref)  # one memory: the tensor sees the write


@given(arrays(shape=st.tuples(st.integers(1, 3), st.integers(1, 3))), st.integers(-3, 3), st.integers(-3, 3))
def test_element_of_2d_host_array(a, i, j):  # §1.3: x[i, j] as NumPy's a[i, j]
    x = torchnp.asarray(a, device="cpu")
    for _ in range(2):
        try:
            want = a[i, j]
        except IndexError:
            with pytest.raises(IndexError):
                x[i, j]
            return
        got = x[i, j]
        assert type(got) is type(want) and (got == want or (got != got and want != want))
    assert_like_numpy(x[i], a[i], device="cpu")  # a row stays an array
    assert_like_numpy(x[i, :], a[i, :], device="cpu")


def test_host_view_follows_in_place_reshapes_and_resizes():  # §1.3: a replaced tensor drops the cached view
    a, x = numpy.arange(6.0), torchnp.arange(6.0, device="cpu")
    assert x[5] == a[5]
    a.shape = x.shape = (2, 3)
    assert_like_numpy(x[1], a[1], device="cpu")
    assert x[1, 2] == a[1, 2]
    a, x = numpy.arange(4.0), torchnp.arange(4.0, device="cpu")
    assert x[3] == a[3]
    a.resize(6, refcheck=False)
    x.resize(6)
    assert type(x[5]) is type(a[5]) and x[5] == a[5]
    x[5] = 7.0
    assert x.sum() == 13.0


def test_host_view_write_is_seen_by_autograd():  # §1.3: a write through the view bumps torch's version
    import torch

    t = torch.arange(3.0)
    w = torch.ones(3, requires_grad=True)
    x = torchnp.from_torch(t)
    y = (w * t).sum()  # saves t for the backward pass
    x[0] = 5.0
    with pytest.raises(RuntimeError, match="modified by an inplace operation"):
        y.backward()


def test_jit_does_not_read_a_cached_host_view():  # §1.3, §6: inside a compiled function elements stay arrays
    x = torchnp.arange(5.0, device="cpu")
    assert x[2] == 2.0  # caches the host view

    @torchnp.jit
    def f(y):
        return y * x[2] + x[1]

    numpy.testing.assert_allclose(f(torchnp.ones(3, device="cpu")).to_numpy(), numpy.ones(3) * 2.0 + 1.0)


@pytest.mark.parametrize("call", [lambda m: m.exp(0.3), lambda m: m.sqrt(m.float64(2.0)), lambda m: m.add(1.5, 2),
                                  lambda m: m.maximum(m.float32(1.5), 2), lambda m: m.sin(3), lambda m: m.logical_not(0.0)])
def test_scalar_only_ufunc_calls_are_numpys(call):  # §1.3, §3.3: host scalars in, NumPy's scalar out
    want, got = call(numpy), call(torchnp)
    assert type(got) is type(want) and got == want


@pytest.mark.parametrize("shape", [(), (3,), (2, 3)])
def test_indexing_after_a_host_reduction(shape):  # §1.3: the host view a reduction caches serves every index
    a = numpy.arange(float(numpy.prod(shape))).reshape(shape)
    x = torchnp.asarray(a.copy(), device="cpu")
    assert x.sum() == a.sum()  # caches the host view, also for 0-d arrays
    for key in [(), (0,) * len(shape), (-1,) * len(shape), (Ellipsis,)]:
        want, got = a[key], x[key]
        if isinstance(want, numpy.ndarray):
            assert_like_numpy(got, want, device="cpu")
        else:
            assert type(got) is type(want) and got == want


def test_a_transform_leaves_no_host_view_decision_behind():  # §1.3: the cached host view is decided eagerly only
    x = torchnp.arange(5.0, device="cpu")
    jac = torchnp.jacobian(lambda y: y * x[2])(torchnp.ones(3, device="cpu"))  # x[2] read under torch.func
    numpy.testing.assert_allclose(jac.to_numpy(), numpy.eye(3) * 2.0)
    assert type(x[3]) is numpy.float64 and x[3] == 3.0
    assert isinstance(x._h, numpy.ndarray)  # the transform cached no "not host data" for later eager reads
