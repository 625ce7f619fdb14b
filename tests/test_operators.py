"""Python operators on ndarray (docs/design.md §1, §2.3 NEP 50, §2.4, §5.2), differential against NumPy."""

import operator
import re
import warnings

import numpy
import pytest
from hypothesis import given, strategies as st

import torchnp
from support import BOOL, COMPLEX, DEVICE, FLOAT, INTEGER, arrays, assert_like_numpy, tnp

BINARY = [operator.add, operator.sub, operator.mul, operator.truediv, operator.floordiv, operator.mod, operator.pow,
          operator.and_, operator.or_, operator.xor, operator.lshift, operator.rshift, operator.lt, operator.le,
          operator.eq, operator.ne, operator.gt, operator.ge, divmod]
INPLACE = [operator.iadd, operator.isub, operator.imul, operator.itruediv, operator.ifloordiv, operator.imod,
           operator.ipow, operator.iand, operator.ior, operator.ixor, operator.ilshift, operator.irshift]
UNARY = [operator.neg, operator.pos, operator.invert, abs]


def _run(op, *args):
    """(result, None) or (None, exception type) with NumPy's floating-point warnings silenced."""
    with numpy.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        try:
            return op(*args), None
        except Exception as exc:  # noqa: BLE001 - compare exception types
            return None, type(exc)


def _ulps(expected, n):
    """``n`` machine epsilons of ``expected``'s dtype (0 for integers, bool: exact)."""
    dt = numpy.asarray(expected[0] if isinstance(expected, tuple) else expected).dtype
    return n * float(numpy.finfo(dt).eps) if dt.kind in "fc" else 0.0


#: pow: torch's and NumPy's pow (exp(y log x) in libm vs. MKL) differ by up to ~100 ulps in single
#: precision (the default 64 is for one correctly rounded-ish libm call)
_POW_ULPS = 128


def _same(op, np_args, tn_args, rtol=None):
    expected, exc = _run(op, *np_args)
    if rtol == "pow":
        rtol = _ulps(expected, _POW_ULPS) if exc is None and op in (operator.pow, operator.ipow) else None
    if exc is not None:
        with pytest.raises(exc):
            op(*tn_args)
        return
    got = op(*tn_args)
    if isinstance(expected, tuple):
        assert isinstance(got, tuple) and len(got) == len(expected)
        for g, e in zip(got, expected):
            assert_like_numpy(g, e, rtol=rtol)  # 0-d results: NumPy's scalars (§1.3)
    else:
        assert_like_numpy(got, expected, rtol=rtol)


def _safe_values(a, op):
    """Keep shifts and integer powers in the range where NumPy defines them."""
    if op in (operator.lshift, operator.rshift, operator.ilshift, operator.irshift) and a.dtype.kind in "iu":
        return numpy.abs(a % (8 * a.dtype.itemsize)).astype(a.dtype)
    if op in (operator.pow, operator.ipow) and a.dtype.kind in "iu":
        return numpy.abs(a % 4).astype(a.dtype)
    return a


_DTYPES = BOOL + INTEGER + FLOAT + COMPLEX


@pytest.mark.parametrize("op", BINARY)
@given(a=arrays(_DTYPES, shape=(2, 3)), b=arrays(_DTYPES, shape=(3,)))
def test_binary_array_array(op, a, b):  # §2.3 promotion, §2.4 integer semantics, broadcasting
    a, b = _safe_values(a, op), _safe_values(b, op)
    _same(op, (a, b), (tnp(a), tnp(b)), rtol="pow")


@pytest.mark.parametrize("op", BINARY)
@given(a=arrays(_DTYPES, shape=(4,)), s=st.sampled_from([0, 1, 2, 3, -2, 7, 1.5, -0.25, 2.0, True, False, 1 + 1j, 300, -129]),
       reflected=st.booleans())
def test_binary_with_python_scalars_both_sides(op, a, s, reflected):  # §2.3 NEP 50 weak scalars
    a = _safe_values(a, op)
    if op in (operator.lshift, operator.rshift) and type(s) is int:
        s = abs(s) % 8
    if op is operator.pow and type(s) is int and reflected and a.dtype.kind in "iu":
        a = numpy.abs(a % 3).astype(a.dtype)
    args = ((s, a), (s, tnp(a))) if reflected else ((a, s), (tnp(a), s))
    _same(op, *args, rtol="pow")


@pytest.mark.parametrize("op", UNARY)
@given(a=arrays(_DTYPES, max_dims=2))
def test_unary(op, a):  # §1: - + ~ abs (bool negative is a TypeError as NumPy)
    _same(op, (a,), (tnp(a),))


@pytest.mark.parametrize("op", INPLACE)
@given(a=arrays(_DTYPES, shape=(2, 3)), b=st.one_of(arrays(_DTYPES, shape=(3,)), st.sampled_from([2, 1.5, True, 1j, -3])))
def test_inplace_same_kind_casting(op, a, b):  # §5.2: in-place ops cast with 'same_kind' as NumPy
    a = _safe_values(a, op)
    if isinstance(b, numpy.ndarray):
        b = _safe_values(b, op)
        tb = tnp(b)
    else:
        tb = b
        if op in (operator.ilshift, operator.irshift) and type(b) is int:
            b = tb = abs(b)
    x = tnp(a)
    expected, exc = _run(op, a.copy(), b)
    if exc is not None:
        with pytest.raises(exc):
            op(x, tb)
        return
    r = op(x, tb)
    assert r is x  # in place: the same object, with its dtype kept
    assert_like_numpy(x, expected, rtol=_ulps(expected, _POW_ULPS) if op is operator.ipow else None)


@pytest.mark.parametrize("n", [3, 100])  # the tiny path and the general one (fresh draw, seed 1414213562)
def test_inplace_power_checks_casting_before_values(n):  # §5.2: NumPy rejects out='s cast before the data
    a = numpy.ones(n, dtype=bool)
    with pytest.raises(TypeError) as expected:
        a **= -3
    x = torchnp.ones(n, dtype=bool, device=DEVICE)
    with pytest.raises(type(expected.value), match=re.escape(str(expected.value))):
        x **= -3
    assert_like_numpy(x, numpy.ones(n, dtype=bool))


def test_inplace_int_plus_float_is_ufunc_type_error():  # §5.2
    x = torchnp.arange(3, device=DEVICE)
    with pytest.raises(TypeError, match="Cannot cast ufunc 'add' output from dtype\\('float64'\\) to dtype\\('int64'\\) "
                                        "with casting rule 'same_kind'"):
        x += 1.5
    assert_like_numpy(x, numpy.arange(3))


def test_inplace_writes_through_views():  # §1.2 + in-place operators
    x = torchnp.zeros((3, 4), device=DEVICE)
    v = x[1:, ::2]
    v += 5
    ref = numpy.zeros((3, 4))
    ref[1:, ::2] += 5
    assert_like_numpy(x, ref)


def test_nep50_examples():  # §2.3 examples from the contract
    i64 = tnp(numpy.arange(3))
    f32 = tnp(numpy.ones(3, dtype=numpy.float32))
    assert (i64 + f32).dtype == numpy.float64
    assert (tnp(numpy.ones(2, numpy.uint8)) + tnp(numpy.ones(2, numpy.int8))).dtype == numpy.int16
    assert (f32 * 2.5).dtype == numpy.float32
    assert (2.5 * f32).dtype == numpy.float32
    assert (tnp(numpy.ones(2, numpy.int8)) + 3).dtype == numpy.int8
    with pytest.raises(OverflowError):
        tnp(numpy.ones(2, numpy.int8)) + 300


def test_integer_overflow_wraps_and_division_by_zero():  # §2.4
    a = numpy.array([127, -128, 5], dtype=numpy.int8)
    _same(operator.add, (a, a), (tnp(a), tnp(a)))
    z = numpy.array([0, 0, 0], dtype=numpy.int8)
    for op in (operator.floordiv, operator.mod, divmod):
        _same(op, (a, z), (tnp(a), tnp(z)))
    f = numpy.array([1.0, -1.0, 0.0])
    _same(operator.truediv, (f, 0.0), (tnp(f), 0.0))


def test_matmul_operator():  # §1 operators: @ and its reflected/in-place forms
    a = numpy.arange(6.0).reshape(2, 3)
    b = numpy.arange(12).reshape(3, 4)
    _same(operator.matmul, (a, b), (tnp(a), tnp(b)))
    _same(operator.matmul, (a, a), (tnp(a), tnp(a)))
    _same(operator.matmul, (a, [1, 2, 3]), (tnp(a), [1, 2, 3]))
    _same(operator.matmul, ([1, 2], a), ([1, 2], tnp(a)))
    _same(operator.matmul, (a, 2), (tnp(a), 2))
    sq = numpy.arange(4.0).reshape(2, 2)
    x = tnp(sq)
    x @= tnp(sq)
    assert_like_numpy(x, sq @ sq)


def test_mixed_sequences():  # §3.3: lists and tuples are accepted
    a = numpy.arange(3)
    _same(operator.add, (a, [1, 2, 3]), (tnp(a), [1, 2, 3]))
    _same(operator.sub, ((1, 2, 3), a), ((1, 2, 3), tnp(a)))
    _same(operator.eq, (a, [0, 5, 2]), (tnp(a), [0, 5, 2]))


def test_numpy_operand_is_host_data():  # §3.3: zero-copy on the CPU, a mismatch beside a device
    assert_like_numpy(torchnp.arange(3, device="cpu") + numpy.arange(3), numpy.arange(3) * 2, device="cpu")
    with pytest.raises(torchnp.DeviceMismatchError, match="to_device"):
        torchnp.arange(3, device="meta") + numpy.arange(3)


def test_shape_mismatch_is_valueerror():  # §5.1
    a, b = numpy.zeros((2, 3)), numpy.zeros(4)
    for op in (operator.add, operator.lt, operator.iadd):
        _same(op, (a, b), (tnp(a), tnp(b)))


class _Other:
    """A foreign type with reflected operators: torchnp must return NotImplemented."""

    def __radd__(self, other):
        return "radd"

    def __rsub__(self, other):
        return "rsub"

    def __rmatmul__(self, other):
        return "rmatmul"

    def __rlshift__(self, other):
        return "rlshift"

    def __eq__(self, other):
        return "eq"

    def __gt__(self, other):
        return "gt"

    __hash__ = object.__hash__


def test_unknown_types_return_notimplemented():  # §1: other libraries' reflected ops run
    x = torchnp.arange(3, device=DEVICE)
    o = _Other()
    assert x + o == "radd"
    assert x - o == "rsub"
    assert x @ o == "rmatmul"
    assert x << o == "rlshift"
    assert (x == o) == "eq"
    assert (x < o) == "gt"
    y = x
    y += o
    assert y == "radd"
    assert x.__iadd__(o) is NotImplemented
    assert x.__add__(o) is NotImplemented
    assert x.__radd__(o) is NotImplemented
    with pytest.raises(TypeError):
        x + object()
    with pytest.raises(TypeError):
        object() * x


def test_0d_operands():  # §1.3: 0-d arrays mix with Python scalars
    x = torchnp.asarray(3, device=DEVICE)
    assert_like_numpy(x * 2.5, numpy.array(3) * 2.5)  # NumPy's scalars on the host (§1.3)
    assert_like_numpy(2 ** x, 2 ** numpy.array(3))
    assert_like_numpy(divmod(7, x)[1], divmod(7, numpy.array(3))[1])


@pytest.mark.parametrize("op", BINARY)
@pytest.mark.parametrize("scalar", [numpy.float32(2.5), numpy.float64(-1.5), numpy.int8(3), numpy.int64(2), numpy.uint8(7),
                                    numpy.bool_(True), numpy.complex64(1 - 1j)])
@pytest.mark.parametrize("dtype", ["float32", "int16", "uint8", "bool"])
def test_numpy_scalars_both_sides(op, scalar, dtype):  # §2.3: NumPy scalars are not weak; either side works
    a = numpy.arange(1, 4).astype(dtype)
    _same(op, (a, scalar), (tnp(a), scalar), rtol="pow")
    _same(op, (scalar, a), (scalar, tnp(a)), rtol="pow")


@pytest.mark.parametrize("other", [None, "x", b"x"])
def test_eq_ne_with_none_and_strings_are_elementwise(other):  # §5.1: NumPy compares elementwise
    a = numpy.arange(6.0).reshape(2, 3)
    for fn in (lambda x: x == other, lambda x: x != other, lambda x: other == x, lambda x: other != x):
        assert_like_numpy(fn(tnp(a)), fn(a))
    assert bool(tnp(a)[0, 0] == other) is bool(a[0, 0] == other)


# §1.3/§3.3 a 0-d array on the CPU is NumPy's 0-d array (scalars are NumPy's own): times a
# list or tuple it multiplies elementwise, both ways (issue 16; was list repetition)
@given(st.integers(-3, 3) | st.floats(-3, 3), st.lists(st.integers(-5, 5), min_size=0, max_size=4), st.booleans())
def test_0d_array_times_sequence(value, seq, as_tuple):
    if torchnp.asarray(0, device=DEVICE).device.type != "cpu":
        pytest.skip("on an accelerator a 0-d array stands for a NumPy scalar (§1.3)")
    seq = tuple(seq) if as_tuple else seq
    a = numpy.asarray(value)
    assert_like_numpy(tnp(a) * seq, a * seq)
    assert_like_numpy(seq * tnp(a), seq * a)
