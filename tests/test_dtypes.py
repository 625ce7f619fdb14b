"""Data types and promotion vs NumPy (DESIGN §2.1-§2.5)."""

import itertools
import operator
import warnings

import numpy
import pytest
from hypothesis import given, strategies as st
from hypothesis.extra import numpy as hnp

import torchnp
from support import DEVICE, accelerator_rules, arrays, assert_like_numpy, tnp

ALL = [numpy.dtype(n) for n in ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
                                "uint64", "float16", "float32", "float64", "complex64", "complex128")]
PARTIAL = {numpy.dtype(n) for n in ("uint16", "uint32", "uint64")}  # few torch kernels (§2.5)
PAIRS = list(itertools.product(ALL, ALL))
SCALARS = [True, 3, -2, 2.5, 1 + 2j]
IDS = [f"{a}-{b}" for a, b in PAIRS]


# -- §2.1 NumPy's dtype objects are the vocabulary ---------------------------------------
NAMES = ["bool_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16", "float32",
         "float64", "complex64", "complex128", "intp", "uintp", "int_", "double", "single", "half", "dtype", "finfo",
         "iinfo", "issubdtype", "generic", "number", "integer", "signedinteger", "unsignedinteger", "inexact",
         "floating", "complexfloating"]


@pytest.mark.parametrize("name", NAMES)
def test_numpy_objects_are_reexported(name):  # §2.1
    assert getattr(torchnp, name) is getattr(numpy, name)


@pytest.mark.parametrize("dt", ALL, ids=str)
def test_array_dtype_is_numpy_dtype(dt):  # §2.1
    x = torchnp.zeros(3, dtype=dt, device=DEVICE)
    assert type(x.dtype) is type(numpy.dtype(dt))
    assert x.dtype == numpy.dtype(str(dt)) and x.dtype == dt.type and x.dtype.type is dt.type
    assert x.itemsize == dt.itemsize
    assert torchnp.dtype(dt.str) == dt
    assert torchnp.issubdtype(x.dtype, numpy.number) == numpy.issubdtype(dt, numpy.number)
    if dt.kind in "fc":
        assert torchnp.finfo(x.dtype) == numpy.finfo(dt)
    elif dt.kind in "iu":
        assert torchnp.iinfo(x.dtype).max == numpy.iinfo(dt).max


def test_dtype_spellings():  # §2.1
    assert torchnp.dtype("f4") == numpy.float32
    assert torchnp.asarray([1], dtype="f4").dtype == numpy.dtype("float32")
    assert torchnp.asarray([1], dtype=torchnp.float32).dtype == numpy.float32
    assert torchnp.asarray([1], dtype=float).dtype == numpy.float64
    assert torchnp.asarray([1], dtype="complex64").dtype.kind == "c"
    assert torchnp.finfo(torchnp.float32).eps == numpy.finfo(numpy.float32).eps
    assert torchnp.issubdtype(torchnp.asarray([1]).dtype, torchnp.integer)


# -- §2.2 defaults -------------------------------------------------------------------------
@pytest.mark.parametrize("value", [1.5, 2, True, 1j, [1.0, 2], [1, 2], [True], [1j, 1]], ids=repr)
def test_python_defaults(value):  # §2.2
    assert torchnp.asarray(value, device=DEVICE).dtype == numpy.asarray(value).dtype


# -- §2.3 promotion: the functions ------------------------------------------------------
@pytest.mark.parametrize("a,b", PAIRS, ids=IDS)
def test_promote_and_result_type_pairs(a, b):  # §2.3 every pair of supported dtypes
    assert torchnp.promote_types(a, b) == numpy.promote_types(a, b)
    assert torchnp.result_type(a, b) == numpy.result_type(a, b)
    x, y = torchnp.zeros(1, dtype=a, device=DEVICE), torchnp.zeros((), dtype=b, device=DEVICE)
    assert torchnp.result_type(x, y) == numpy.result_type(numpy.zeros(1, a), numpy.zeros((), b))
    assert torchnp.result_type(a.type, b.str) == numpy.result_type(a.type, b.str)


@pytest.mark.parametrize("dt", ALL, ids=str)
@pytest.mark.parametrize("scalar", SCALARS, ids=repr)
def test_result_type_weak_scalars(dt, scalar):  # §2.3 NEP 50: Python scalars are weak
    assert torchnp.result_type(dt, scalar) == numpy.result_type(dt, scalar)
    assert torchnp.result_type(scalar, torchnp.zeros(2, dtype=dt, device=DEVICE)) == \
        numpy.result_type(scalar, numpy.zeros(2, dt))
    assert torchnp.result_type(numpy.zeros((), dt)[()], scalar) == numpy.result_type(numpy.zeros((), dt)[()], scalar)


@given(st.lists(st.one_of(st.sampled_from(ALL), st.sampled_from(SCALARS)), min_size=1, max_size=4))
def test_result_type_many(args):  # §2.3 any mix of dtypes and weak scalars
    assert torchnp.result_type(*args) == numpy.result_type(*args)


def test_result_type_errors():  # §2.3, §2.5
    with pytest.raises(ValueError):
        torchnp.result_type()
    # host-only answers are NumPy's (§2.5)
    assert torchnp.result_type(numpy.int8, "U3") == numpy.result_type(numpy.int8, "U3")
    assert torchnp.promote_types("S1", "u1") == numpy.promote_types("S1", "u1")
    assert torchnp.result_type(numpy.zeros(2, "f4"), 1.0) == numpy.result_type(numpy.zeros(2, "f4"), 1.0)
    assert torchnp.result_type(1, 2.0) == numpy.result_type(1, 2.0)
    assert torchnp.result_type(float, numpy.float32) == numpy.result_type(float, numpy.float32)


# -- §2.3 promotion: actual arithmetic on arrays -------------------------------------
OPS = [operator.add, operator.sub, operator.mul, operator.truediv, operator.floordiv, operator.mod, operator.pow,
       operator.and_, operator.lt, operator.eq]


def _compare(op, xa, ya, xt, yt, partial):
    """torchnp result of ``op`` equals NumPy's (dtype and values), or both raise; TypeError is
    accepted only where a partly supported dtype is involved (§2.5: never a wrong answer)."""
    with numpy.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            exp = op(xa, ya)
        except Exception as e:  # noqa: BLE001
            with pytest.raises((type(e), TypeError)):
                op(xt, yt)
            return
        try:
            got = op(xt, yt)
        except TypeError:
            assert partial, f"{op.__name__}: TypeError for fully supported dtypes"
            return
    assert_like_numpy(got, numpy.asarray(exp), err_msg=op.__name__)


@pytest.mark.parametrize("a,b", PAIRS, ids=IDS)
def test_arithmetic_dtype_pairs(a, b):  # §2.3 via operators, §2.5 partial dtypes raise TypeError
    xa = numpy.array([1, 0, 3, 2], dtype=a)
    ya = numpy.array([1, 1, 2, 0], dtype=b)
    xt, yt = tnp(xa), tnp(ya)
    partial = a in PARTIAL or b in PARTIAL or (a.kind == "c" or b.kind == "c")  # complex order: no torch kernel
    for op in OPS:
        _compare(op, xa, ya, xt, yt, partial and (op in (operator.lt,) or a in PARTIAL or b in PARTIAL))


@pytest.mark.parametrize("dt", ALL, ids=str)
@pytest.mark.parametrize("scalar", SCALARS, ids=repr)
def test_arithmetic_weak_scalars(dt, scalar):  # §2.3: float32 * 2.5 -> float32 etc.
    xa = numpy.array([1, 2, 3], dtype=dt)
    xt = tnp(xa)
    for op in (operator.add, operator.sub, operator.mul, operator.truediv, operator.floordiv, operator.mod):
        partial = dt in PARTIAL
        _compare(op, xa, scalar, xt, scalar, partial)
        _compare(op, scalar, xa, scalar, xt, partial)


def test_design_examples():  # §2.3 the examples named in DESIGN
    assert (torchnp.ones(2, dtype="int64") + torchnp.ones(2, dtype="float32")).dtype == numpy.float64
    assert (torchnp.ones(2, dtype="uint8") + torchnp.ones(2, dtype="int8")).dtype == numpy.int16
    assert (torchnp.ones(2, dtype="float32") * 2.5).dtype == numpy.float32
    assert (torchnp.ones(2, dtype="int8") + 1).dtype == numpy.int8


def test_weak_scalar_overflow():  # §2.3 NEP 50: a Python int out of range for the array dtype raises
    with pytest.raises(OverflowError):
        numpy.ones(2, dtype="int8") + 300
    with pytest.raises(OverflowError):
        torchnp.ones(2, dtype="int8", device=DEVICE) + 300


# -- §2.4 integer wraparound, floor division and modulo -----------------------------------
INTS = [numpy.dtype(n) for n in ("int8", "int16", "int32", "int64", "uint8")]


@given(st.sampled_from(INTS).flatmap(lambda dt: st.tuples(
    hnp.arrays(dt, st.integers(1, 6), elements=st.integers(numpy.iinfo(dt).min, numpy.iinfo(dt).max)),
    st.sampled_from([dt]))))
def test_integer_wraparound(data):  # §2.4
    a, dt = data
    b = a[::-1].copy()
    for op in (operator.add, operator.sub, operator.mul, operator.neg):
        with numpy.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            exp = op(a) if op is operator.neg else op(a, b)
        got = op(tnp(a)) if op is operator.neg else op(tnp(a), tnp(b))
        assert_like_numpy(got, exp, err_msg=op.__name__)


def test_wraparound_examples():  # §2.4
    for dt, v, d in (("int8", 127, 1), ("uint8", 0, -1), ("int64", 2**63 - 1, 1), ("int16", -32768, -1)):
        a = numpy.array([v], dtype=dt)
        with numpy.errstate(all="ignore"):
            exp = a + numpy.array([d], dtype=dt) if dt != "uint8" else a - numpy.array([1], dtype=dt)
        got = tnp(a) + tnp(numpy.array([d], dtype=dt)) if dt != "uint8" else tnp(a) - tnp(numpy.array([1], dtype=dt))
        assert_like_numpy(got, exp)


@given(st.sampled_from(INTS + [numpy.dtype("float32"), numpy.dtype("float64")]).flatmap(
    lambda dt: hnp.arrays(dt, st.just((2, 8)), elements=st.integers(-20, 20) if dt.kind == "i" else
                          st.integers(0, 20) if dt.kind == "u" else st.sampled_from([-7.5, -3.0, -1.0, -0.0, 0.0, 1.0,
                                                                                      2.5, 3.0, 7.0]))))
def test_floor_divide_and_mod(ab):  # §2.4: floor semantics, x//0 == 0 and x%0 == 0 for ints, inf/nan for floats
    a, b = ab
    xa, xb = tnp(a), tnp(b)
    with numpy.errstate(all="ignore"):
        assert_like_numpy(xa // xb, a // b)
        assert_like_numpy(xa % xb, a % b)
        assert_like_numpy(torchnp.floor_divide(xa, xb), numpy.floor_divide(a, b))
        assert_like_numpy(torchnp.remainder(xa, xb), numpy.remainder(a, b))
        assert_like_numpy(list(divmod(xa, xb)), list(divmod(a, b)))
        if a.dtype.kind == "f":
            assert_like_numpy(xa / xb, a / b)  # no exception: inf / nan as NumPy


def test_division_by_zero_examples():  # §2.4
    i = numpy.array([-7, 7, 0])
    f = numpy.array([-1.0, 1.0, 0.0])
    with numpy.errstate(all="ignore"):
        assert_like_numpy(tnp(i) // 0, i // 0)
        assert_like_numpy(tnp(i) % 0, i % 0)
        assert_like_numpy(tnp(f) / 0.0, f / 0.0)
        assert_like_numpy(tnp(f) // 0.0, f // 0.0)
        assert_like_numpy(tnp(i) / 0, i / 0)
    assert_like_numpy(tnp(numpy.array([-7, 7])) // tnp(numpy.array([2, -2])), numpy.array([-4, -4]))


# -- §2.5 host-only dtypes: NumPy's own arrays on the host ---------------------------------
HOST_ONLY = ["U3", "S2", object, "M8[s]", "m8[s]", [("a", "i4"), ("b", "f8")], "V8"]
if numpy.dtype(numpy.longdouble) != numpy.dtype(numpy.float64):
    HOST_ONLY.append(numpy.longdouble)

ENTRY_POINTS = {  # name -> f(namespace, dtype): the same code under numpy and torchnp
    "asarray": lambda xp, d: xp.asarray([1, 2], dtype=d),
    "array": lambda xp, d: xp.array([1, 2], dtype=d),
    "zeros": lambda xp, d: xp.zeros(3, dtype=d),
    "ones": lambda xp, d: xp.ones(3, d),
    "empty": lambda xp, d: xp.zeros_like(xp.empty(3, dtype=d)),
    "full": lambda xp, d: xp.full(3, 1, dtype=d),
    "zeros_like": lambda xp, d: xp.zeros_like(xp.ones(2), dtype=d),
    "arange": lambda xp, d: xp.arange(3, dtype=d),
    "linspace": lambda xp, d: xp.linspace(0, 1, 3, dtype=d),
    "eye": lambda xp, d: xp.eye(2, dtype=d),
    "astype": lambda xp, d: xp.ones(2).astype(d),
    "asarray(numpy)": lambda xp, d: xp.asarray(numpy.zeros(2, dtype=d)),
    "fromiter": lambda xp, d: xp.fromiter([], dtype=d),
    "frombuffer": lambda xp, d: xp.frombuffer(bytearray(16), dtype=d),
    "dtype=": lambda xp, d: xp.add(xp.ones(2), 1, dtype=d),
}


def _outcome(fn):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return fn()
    except Exception as exc:  # noqa: BLE001 - compared with NumPy's
        return exc


@pytest.mark.parametrize("entry", list(ENTRY_POINTS))
@pytest.mark.parametrize("dt", HOST_ONLY, ids=str)
def test_host_only_dtypes_are_numpy_arrays(entry, dt):  # §2.5: exactly NumPy's result (or its exception)
    expected = _outcome(lambda: ENTRY_POINTS[entry](numpy, dt))
    with torchnp.device("cpu"):  # host data (the entry points' arange etc.); beside a device: the test below
        got = _outcome(lambda: ENTRY_POINTS[entry](torchnp, dt))
    if isinstance(expected, Exception):
        assert isinstance(got, type(expected)), (got, expected)
        return
    assert type(got) is numpy.ndarray, type(got)
    assert got.dtype == expected.dtype and got.shape == expected.shape
    if got.dtype.kind not in "OV":  # empty()'s object/void contents are not comparable
        numpy.testing.assert_array_equal(got, expected)


@pytest.mark.parametrize("dt", HOST_ONLY, ids=str)
def test_host_only_dtypes_beside_a_device_raise(dt):  # §2.5: no implicit device->host copy
    m = torchnp.ones(2, device="meta")
    for fn in (lambda: m.astype(dt), lambda: torchnp.zeros_like(m, dtype=dt),
               lambda: torchnp.concatenate([numpy.zeros(2, dtype=dt), m]),
               lambda: torchnp.from_numpy(numpy.zeros(2, dtype=dt), device="meta")):
        with pytest.raises(torchnp.DeviceMismatchError):
            fn()


def test_non_native_byte_order_dtype_is_host_only():  # §2.5: a dtype torch holds only natively
    assert torchnp.asarray(numpy.arange(2, dtype=">i4")).dtype == numpy.int32  # existing data converts exactly
    for make in (lambda m: m.zeros(3, dtype=">i4"), lambda m: m.array([1, 2], ">f8"),
                 lambda m: m.asarray(numpy.arange(3.0)).astype(">f4")):
        got, exp = make(torchnp), make(numpy)  # asking for the dtype gives NumPy's array, its bytes as asked
        assert type(got) is numpy.ndarray and got.dtype == exp.dtype and got.tobytes() == exp.tobytes()


# -- §2.3 casting helpers ----------------------------------------------------------------------
@pytest.mark.parametrize("a,b", PAIRS, ids=IDS)
def test_can_cast(a, b):  # §2.3
    for casting in ("no", "equiv", "safe", "same_kind", "unsafe"):
        assert torchnp.can_cast(a, b, casting) == numpy.can_cast(a, b, casting)
    assert torchnp.can_cast(torchnp.zeros(1, dtype=a, device=DEVICE), b) == numpy.can_cast(numpy.zeros(1, a), b)


def test_can_cast_python_scalar_typeerror():  # NEP 50: as NumPy 2
    with pytest.raises(TypeError):
        numpy.can_cast(1, numpy.int8)
    with pytest.raises(TypeError):
        torchnp.can_cast(1, numpy.int8)


@pytest.mark.parametrize("value", [0, 1, 255, 256, -1, -129, 2**40, 2**63, 1.5, -1e300, 1e40, 1j, True,
                                   numpy.float32(1.0), numpy.int64(3)], ids=repr)
def test_min_scalar_type(value):  # §2.3
    assert torchnp.min_scalar_type(value) == numpy.min_scalar_type(value)
    if not isinstance(value, int) or -2**63 <= value < 2**63:
        assert torchnp.min_scalar_type(torchnp.asarray(value, device=DEVICE)) == \
            numpy.min_scalar_type(numpy.asarray(value))
    assert torchnp.min_scalar_type(torchnp.asarray([1, 2], device=DEVICE)) == numpy.min_scalar_type(numpy.asarray([1, 2]))


@given(st.lists(st.sampled_from(ALL), max_size=3))
def test_common_type(dts):  # TypeError for bool as NumPy
    arrs = [numpy.zeros(1, d) for d in dts]
    try:
        exp = numpy.common_type(*arrs)
    except TypeError:
        with pytest.raises(TypeError):
            torchnp.common_type(*[tnp(a) for a in arrs])
        return
    assert torchnp.common_type(*[tnp(a) for a in arrs]) is exp


KINDS = ["bool", "signed integer", "unsigned integer", "integral", "real floating", "complex floating", "numeric",
         numpy.float32, ("integral", numpy.complex64), "nonsense", 3]


@pytest.mark.parametrize("kind", KINDS, ids=repr)
@pytest.mark.parametrize("dt", ALL, ids=str)
def test_isdtype(dt, kind):  # array API isdtype as NumPy's (ValueError/TypeError for bad kinds)
    try:
        exp = numpy.isdtype(dt, kind)
    except Exception as e:  # noqa: BLE001
        with pytest.raises(type(e)):
            torchnp.isdtype(dt, kind)
        return
    assert torchnp.isdtype(dt, kind) == exp
    assert torchnp.isdtype(torchnp.zeros(1, dtype=dt, device=DEVICE).dtype, kind) == exp


@given(arrays())
def test_astype_roundtrip_all_dtypes(a):  # §2.1 astype to every supported dtype gives NumPy's dtype and values
    x = tnp(a)
    for dt in ALL:
        if dt in PARTIAL and a.dtype.kind == "f" or (dt.kind in "iub" and a.dtype.kind in "fc"):
            continue  # float -> int of out-of-range values is undefined in NumPy and torch alike
        with warnings.catch_warnings(), numpy.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            exp = a.astype(dt)
            got = x.astype(dt)
        assert_like_numpy(got, exp, err_msg=f"{a.dtype}->{dt}")


# -- §2.1 NumPy's dtype aliases ('q' longlong, 'Q' ulonglong: equal to int64 'l' / uint64 'L', another char and
# scalar type); torch has one int64, the array keeps the dtype asked for (issue 16, test_scalar_ctors.py)
@pytest.mark.parametrize("t1", [numpy.byte, numpy.short, numpy.intc, numpy.int_, numpy.longlong, numpy.ubyte])
@pytest.mark.parametrize("t2", [numpy.longlong, numpy.ulonglong, None])
def test_array_from_scalar_keeps_the_type(t1, t2):  # TestArrayFromScalar::test_integers_*_np_longlong
    for make in ("array", "asarray"):
        exp = getattr(numpy, make)(t1(2), dtype=t2)
        got = getattr(torchnp, make)(t1(2), dtype=t2, device=DEVICE)
        assert got.dtype.type is exp.dtype.type and got.dtype.char == exp.dtype.char
        assert_like_numpy(got, exp)


def _spell(char, how):
    return {"char": char, "type": numpy.dtype(char).type, "dtype": numpy.dtype(char), "name": numpy.dtype(char).type.__name__}[how]


ALIAS_OPS = {  # the operations that keep NumPy's alias in torchnp, as in NumPy
    "array": lambda m, a, d: m.array(a, dtype=d), "asarray": lambda m, a, d: m.asarray(a, dtype=d),
    "astype": lambda m, a, d: m.asarray(a).astype(d), "full": lambda m, a, d: m.full(a.shape, 3, dtype=d),
    "arange": lambda m, a, d: m.arange(a.size, dtype=d), "zeros_like": lambda m, a, d: m.zeros_like(m.asarray(a, dtype=d)),
    "view": lambda m, a, d: m.asarray(a).view(d), "slice": lambda m, a, d: m.asarray(a, dtype=d)[1:],
    "reshape": lambda m, a, d: m.asarray(a, dtype=d).reshape(-1), "T": lambda m, a, d: m.asarray(a, dtype=d).T,
    "copy": lambda m, a, d: m.asarray(a, dtype=d).copy(), "element": lambda m, a, d: m.asarray(a, dtype=d).reshape(-1)[0],
    "add": lambda m, a, d: m.asarray(a, dtype=d) + m.asarray(a, dtype=d),
    "add_canonical": lambda m, a, d: m.asarray(a, dtype=d) + m.asarray(a),
    "canonical_add": lambda m, a, d: m.asarray(a) + m.asarray(a, dtype=d),
    "floor_divide_canonical": lambda m, a, d: m.asarray(a, dtype=d) // m.asarray(a).clip(1, None),
    "multiply_int": lambda m, a, d: m.asarray(a, dtype=d) * 3, "negative": lambda m, a, d: -m.asarray(a, dtype=d),
    "equal": lambda m, a, d: m.asarray(a, dtype=d) == 1, "sqrt": lambda m, a, d: m.sqrt(m.asarray(a, dtype=d)),
}


@pytest.mark.parametrize("op", sorted(ALIAS_OPS))
@given(a=hnp.arrays(numpy.uint8, hnp.array_shapes(min_dims=1, max_dims=2, min_side=1, max_side=4)),
       char=st.sampled_from(["q", "Q", "l", "L"]), how=st.sampled_from(["char", "type", "dtype", "name"]))
def test_dtype_aliases_like_numpy(op, a, char, how):
    """The dtype char, scalar type, repr and values NumPy reports for arrays of 'q'/'Q' and results
    of operations on them."""
    a = a.astype(numpy.int64)
    d = _spell(char, how)
    with numpy.errstate(all="ignore"):
        exp = ALIAS_OPS[op](numpy, a, d)
    with torchnp.device(DEVICE):  # (a NumPy operand is host data, §3.3: on an accelerator, its copy there)
        got = ALIAS_OPS[op](torchnp, a if DEVICE == "cpu" else tnp(a), d)
    assert_like_numpy(got, exp)
    assert (got.dtype.char, got.dtype.type) == (exp.dtype.char, exp.dtype.type)
    if isinstance(exp, numpy.ndarray) and DEVICE == "cpu":
        assert repr(got) == repr(exp) and got.to_numpy().dtype.char == exp.dtype.char
        if exp.size and not accelerator_rules():  # (an element is a 0-d array there, §1.3)
            assert type(got.reshape(-1)[0]) is type(exp.reshape(-1)[0])


def test_dtype_alias_in_place_changes_keep_it():
    x = torchnp.arange(6, dtype="q", device=DEVICE)
    x.shape = (2, 3)
    assert x.dtype.char == "q"
    x.dtype = numpy.ulonglong
    assert x.dtype.char == "Q"


def test_dtype_alias_survives_the_writeable_flag():
    """setflags swaps the array's tensor for a read-only alias: NumPy's 'q' stays, as NumPy's."""
    for xp in (numpy, torchnp):
        x = xp.arange(3, dtype=xp.longlong)
        x.setflags(write=False)
        assert x.dtype.char == "q" and x.dtype.type is numpy.longlong
        x.setflags(write=True)
        assert x.dtype.char == "q"
