"""str/repr exactly as NumPy prints them (docs/design.md §1.4)."""

import numpy
import pytest
from hypothesis import given, strategies as st

import torchnp
from support import DEVICE, SUPPORTED_DTYPES, arrays, tnp

_SPECIAL = [
    numpy.array([numpy.nan, numpy.inf, -numpy.inf, -0.0, 0.0, 1e-20, 1e20]),
    numpy.array([-0.0]),
    numpy.array(-0.0),
    numpy.array([1 + 2j, numpy.nan - 1j, -0.0 + numpy.inf * 1j], dtype=numpy.complex64),
    numpy.array([[1.123456789, 2.0], [3e-5, 4e5]]),
    numpy.arange(2000),
    numpy.arange(3000.0).reshape(30, 100),
    numpy.arange(2 * 3 * 4).reshape(2, 3, 4),
    numpy.linspace(0, 1, 1500).reshape(3, 500).astype(numpy.float32),
    numpy.zeros((0, 3)),
    numpy.zeros((2, 0, 4), dtype=numpy.int8),
    numpy.array([], dtype=numpy.complex128),
    numpy.array([True, False]),
    numpy.array(True),
    numpy.array(7, dtype=numpy.uint8),
    numpy.array([1, 2], dtype=numpy.uint16),
    numpy.array([2**40, -5]),
    numpy.array([0.1, 0.25], dtype=numpy.float16),
    numpy.array([[[1.5]]]),
    numpy.array([2**63, 1], dtype=numpy.uint64),  # §2.5: partly supported dtypes still print
    numpy.arange(3000, dtype=numpy.uint32).reshape(3, 1000),
    numpy.array([7], dtype=numpy.uint16),
]


def _same_text(a, *extra, **kw):
    x = tnp(a)
    if x.device.type != "cpu":
        # §1.4: repr adds the device; str has no device
        assert repr(x) == repr(a)[:-1] + f", device='{x.device}')"
    else:
        assert repr(x) == repr(a)
    assert str(x) == str(a)
    assert torchnp.array_str(x, *extra, **kw) == numpy.array_str(a, *extra, **kw)
    assert torchnp.array2string(x, *extra, **kw) == numpy.array2string(a, *extra, **kw)


@pytest.mark.parametrize("a", _SPECIAL, ids=range(len(_SPECIAL)))
def test_special_values_and_shapes(a):  # §1.4: nan/inf, -0.0, complex, empty, summarization
    _same_text(a)


@given(arrays(SUPPORTED_DTYPES, max_dims=3, max_side=6))
def test_repr_str_all_dtypes(a):  # §1.4: every supported dtype, 0-d..3-d
    _same_text(a)


@pytest.mark.parametrize("opts", [{"precision": 3}, {"threshold": 5}, {"suppress": True}, {"linewidth": 20},
                                  {"edgeitems": 1, "threshold": 3}, {"floatmode": "fixed", "precision": 2},
                                  {"sign": "+"}])
def test_printoptions(opts):  # §1.4: set_printoptions / printoptions / get_printoptions
    a = numpy.array([[1e-9, 1.23456789, -3.0, 100.5, 7.0, 8.0, 9.25]])
    with torchnp.printoptions(**opts):
        assert torchnp.get_printoptions()[next(iter(opts))] == opts[next(iter(opts))]
        _same_text(a)
    saved = torchnp.get_printoptions()
    try:
        torchnp.set_printoptions(**opts)
        assert numpy.get_printoptions() == torchnp.get_printoptions()
        _same_text(a)
    finally:
        torchnp.set_printoptions(**saved)
    assert torchnp.get_printoptions() == saved


def test_array_repr_str_arguments():  # §1.4
    a = numpy.array([1e-9, 1.23456789, 1e3])
    x = tnp(a)
    for args in ((None, 3, True), (10, None, None), (None, 1, False)):
        rep = torchnp.array_repr(x, *args)
        exp = numpy.array_repr(a, *args)
        assert rep == (exp if x.device.type == "cpu" else exp[:-1] + f", device='{x.device}')")
        assert torchnp.array_str(x, *args) == numpy.array_str(a, *args)
    assert torchnp.array2string(x, precision=2, separator=", ", prefix="x") == \
        numpy.array2string(a, precision=2, separator=", ", prefix="x")
    assert torchnp.array_repr([1, 2]) == numpy.array_repr(numpy.array([1, 2])).replace(")", "") + \
        ("" if torchnp.asarray([1]).device.type == "cpu" else f", device='{torchnp.asarray([1]).device}'") + ")"


def test_non_cpu_repr_adds_device_meta_placeholder():  # §1.4: meta device holds no values
    x = torchnp.ones((2, 3), dtype=numpy.float32, device="meta")
    assert repr(x) == "array(<no data>, shape=(2, 3), dtype=float32, device='meta')"
    assert str(x) == "array(<no data>, shape=(2, 3), dtype=float32)"
    assert torchnp.array2string(x) == str(x)
    assert repr(torchnp.ones((), device="meta")) == "array(<no data>, shape=(), dtype=float64, device='meta')"


def test_printing_does_not_change_the_array():  # §1.4
    x = torchnp.arange(5.0, device=DEVICE)
    v = x[1:]
    repr(v), str(v)
    v[0] = 9
    assert float(x[1]) == 9.0


@given(arrays(SUPPORTED_DTYPES, min_dims=1, max_dims=3, max_side=9), st.integers(0, 40), st.integers(1, 3))
def test_summarization(a, threshold, edgeitems):  # §1.4: only the shown edges are copied to the host
    with torchnp.printoptions(threshold=threshold, edgeitems=edgeitems, linewidth=60):
        _same_text(a)
