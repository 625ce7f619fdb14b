"""What users see of an array whose tensor is made on first use (issue 23, §7 hot path).

On tiny host data NumPy's kernel runs and its result becomes a torchnp array without a tensor
(``host_result``; ``4 * x``), as do views of such arrays (``_lazy_view``; ``y[1:]``) and
``asarray`` of a small ``numpy.ndarray`` (``numpy_host_array``). Such an array must look and
behave as any other array: its type, ``__class__``, ``isinstance``, repr, pickling, copying
and weak references are those of an array holding its tensor, and match NumPy's for NumPy's
arrays (the oracle). These tests pin that, whatever mechanism makes the tensor lazily.
"""

import copy
import pickle
import weakref

import numpy
import pytest
import torch

import torchnp
from support import DEVICE

pytestmark = [pytest.mark.skipif(torch.device(DEVICE).type != "cpu", reason="lazy tensors exist on host data"),
              pytest.mark.host_rules]


def _cases():
    """(name, make) pairs: make(module) builds the array with the module (NumPy or torchnp)."""
    return [
        ("result", lambda m: 4 * m.asarray([1.5, -2.0, 3.25])),
        ("view of result", lambda m: (4 * m.asarray([1.5, -2.0, 3.25, 7.0]))[1:]),
        ("view of view", lambda m: (4 * m.asarray([1.5, -2.0, 3.25, 7.0, 0.5]))[1:][::2]),
        ("reshaped result", lambda m: (m.asarray([1, 2, 3, 4, 5, 6]) + 1).reshape(2, 3)),
        ("asarray of numpy", lambda m: m.asarray(numpy.array([[1.0, 2.0], [3.0, 4.0]]))),
        ("complex result", lambda m: m.asarray([1 + 2j, -0.5j]) * 2),
    ]


CASES = _cases()
IDS = [c[0] for c in CASES]


def _lazy(make):
    """The torchnp array of a case; asserts it has no tensor yet (the state under test)."""
    a = make(torchnp)
    assert a._p is not None, "the case must make an array without its tensor"
    return a


@pytest.mark.parametrize("name, make", CASES, ids=IDS)
def test_type_and_class_as_numpys(name, make):
    a, e = _lazy(make), make(numpy)
    assert (type(a) is torchnp.ndarray) == (type(e) is numpy.ndarray) == True
    assert a.__class__ is torchnp.ndarray and e.__class__ is numpy.ndarray
    assert isinstance(a, torchnp.ndarray) and isinstance(e, numpy.ndarray)
    assert type(a).__name__ == type(e).__name__ == "ndarray"
    t = a.tensor  # the tensor made: the type stays the same
    assert type(t) is torch.Tensor and type(a) is torchnp.ndarray and a.__class__ is torchnp.ndarray


@pytest.mark.parametrize("name, make", CASES, ids=IDS)
def test_repr_str_and_values_as_numpys(name, make):
    a, e = _lazy(make), make(numpy)
    assert repr(a) == repr(e)
    assert str(a) == str(e)
    assert (a.shape, a.dtype, a.strides, a.ndim, a.size) == (e.shape, e.dtype, e.strides, e.ndim, e.size)
    numpy.testing.assert_array_equal(a.to_numpy(), e)


@pytest.mark.parametrize("name, make", CASES, ids=IDS)
def test_pickle_and_copy_as_numpys(name, make):
    a, e = _lazy(make), make(numpy)
    for got, exp in [(pickle.loads(pickle.dumps(a)), pickle.loads(pickle.dumps(e))),
                     (copy.copy(a), copy.copy(e)), (copy.deepcopy(a), copy.deepcopy(e))]:
        assert type(got) is torchnp.ndarray and type(exp) is numpy.ndarray
        assert (got.shape, got.dtype) == (exp.shape, exp.dtype)
        numpy.testing.assert_array_equal(got.to_numpy(), exp)


@pytest.mark.parametrize("name, make", CASES, ids=IDS)
def test_weakref_and_unknown_attribute_as_numpys(name, make):
    a, e = _lazy(make), make(numpy)
    assert weakref.ref(a)() is a and weakref.ref(e)() is e
    with pytest.raises(AttributeError) as got:
        a.no_such_attribute
    with pytest.raises(AttributeError) as exp:
        e.no_such_attribute
    assert got.value.name == exp.value.name == "no_such_attribute"  # (NumPy's message names
    assert str(got.value).split(" object ")[1] == str(exp.value).split(" object ")[1]  # 'numpy.ndarray')


@pytest.mark.parametrize("name, make", CASES, ids=IDS)
def test_tensor_shares_memory_with_numpys_view(name, make):
    """The tensor made on first use is the memory NumPy's view reads: a write through either is
    seen by the other, as NumPy's views of one buffer."""
    a = _lazy(make)
    e = make(numpy)
    t = a.tensor
    t.view(-1)[0] = 42 if not t.is_complex() else 42 + 1j
    e.reshape(-1)[0] = 42 if e.dtype.kind != "c" else 42 + 1j
    numpy.testing.assert_array_equal(a.to_numpy(), e)
