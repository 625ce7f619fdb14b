"""uint16/32/64 with only the torch kernels every device has (§2.5; docs/devices.md, "On a real GPU").

torch's CUDA build dispatches these "barebones" unsigned types only in copies and casts, fills,
``eq``/``ne``, ``cat``, ``unique`` and ``item`` (``torchnp._dtypes.PARTIAL_KERNELS``); its CPU has
more (``sort``, ``where``, ``mul``, ``sum``, ``prod``, ``cumsum``, bitwise ops). The first GPU run
failed where torchnp used one of the CPU's. Each test here runs the code an accelerator runs
(``CPU_VALUE_CHECKS`` off, §7) under ``_dtypes.PartialKernels``, which raises as CUDA does for
every other operator on these dtypes, and compares the values with NumPy's: a regression shows on
the CPU. ``pytest --fake-cuda`` runs the same functions on the fake accelerator
(tests/fake_cuda.py ``UNSIGNED_CASES``), ``--partial-kernels`` any test file under the mode.
"""

import numpy
import pytest
import torch

import torchnp
from support import FirstWriteWins, assert_like_numpy, check, tnp
from torchnp import _device
from torchnp._dtypes import PARTIAL_KERNELS, PartialKernels

DTYPES = ["uint16", "uint32", "uint64"]


@pytest.fixture
def device_kernels(monkeypatch):
    """The accelerator's code path (no NumPy host kernels, §7) under CUDA's kernels for these dtypes,
    repeated indices written in CUDA's unspecified order (``support.FirstWriteWins``)."""
    monkeypatch.setattr(_device, "CPU_VALUE_CHECKS", False)
    with PartialKernels(), FirstWriteWins():
        yield


def _data(dt):
    big = numpy.iinfo(dt).max  # values above the signed maximum: a signed or wrapped result shows
    a = numpy.array([3, big, 1, big - 1, 0, 3, 7, 2], dt)
    b = numpy.array([2, 5, big, 1, 3, 3, 1, 9], dt)
    return a, b


MASK = numpy.array([True, False, True, False, True, True, False, False])
IDX = numpy.array([0, 7, 2, 2])

#: name -> the arguments of numpy.<name>/torchnp.<name> from (a, b)
FUNCTIONS = {
    "sum": lambda a, b: (a,), "prod": lambda a, b: (a,), "cumsum": lambda a, b: (a,), "cumprod": lambda a, b: (a,),
    "max": lambda a, b: (a,), "min": lambda a, b: (a,), "argmax": lambda a, b: (a,), "argmin": lambda a, b: (a,),
    "ptp": lambda a, b: (a,), "any": lambda a, b: (a,), "all": lambda a, b: (a,), "mean": lambda a, b: (a,),
    "median": lambda a, b: (a,), "count_nonzero": lambda a, b: (a,), "nonzero": lambda a, b: (a,),
    "where": lambda a, b: (MASK, a, b), "select": lambda a, b: ([MASK], [a]), "clip": lambda a, b: (a, 1, 5),
    "sort": lambda a, b: (a,), "unique": lambda a, b: (a,), "lexsort": lambda a, b: ((a, b),),
    "searchsorted": lambda a, b: (numpy.sort(a), b), "isin": lambda a, b: (a, b),
    "intersect1d": lambda a, b: (a, b), "union1d": lambda a, b: (a, b), "setxor1d": lambda a, b: (a, b),
    "setdiff1d": lambda a, b: (a, b), "take": lambda a, b: (a, IDX), "compress": lambda a, b: (MASK, a),
    "extract": lambda a, b: (MASK, a), "repeat": lambda a, b: (a, 2), "flip": lambda a, b: (a,),
    "roll": lambda a, b: (a, 3), "diff": lambda a, b: (a,), "concatenate": lambda a, b: ((a, b),),
    "pad": lambda a, b: (a, 2), "tile": lambda a, b: (a, 2), "tril": lambda a, b: (a.reshape(2, 4),),
    "triu": lambda a, b: (a.reshape(2, 4),), "diag": lambda a, b: (a,), "delete": lambda a, b: (a, 2),
    "insert": lambda a, b: (a, 2, 5), "trim_zeros": lambda a, b: (a,), "trace": lambda a, b: (a.reshape(2, 4),),
    "matmul": lambda a, b: (a.reshape(2, 4), b.reshape(4, 2)), "dot": lambda a, b: (a, b),
    # vecdot: a fresh draw (seed 1414213562) found CUDA's missing unsigned mul there (uint8 with uint16)
    "vecdot": lambda a, b: (a.reshape(2, 4), b.reshape(2, 4)), "linalg.vecdot": lambda a, b: (a, b.astype("uint8")),
    "take_along_axis": lambda a, b: (a, numpy.argsort(a, kind="stable"), 0),
    "maximum": lambda a, b: (a, b), "minimum": lambda a, b: (a, b), "fmax": lambda a, b: (a, b),
    "add": lambda a, b: (a, b), "subtract": lambda a, b: (a, b), "multiply": lambda a, b: (a, b),
    "floor_divide": lambda a, b: (a, b | 1), "remainder": lambda a, b: (a, b | 1), "power": lambda a, b: (a, b % 3),
    "bitwise_and": lambda a, b: (a, b), "bitwise_or": lambda a, b: (a, b), "bitwise_xor": lambda a, b: (a, b),
    "invert": lambda a, b: (a,), "left_shift": lambda a, b: (a, b % 8), "right_shift": lambda a, b: (a, b % 8),
    "less": lambda a, b: (a, b), "less_equal": lambda a, b: (a, b), "greater": lambda a, b: (a, b),
    "equal": lambda a, b: (a, b), "not_equal": lambda a, b: (a, b), "square": lambda a, b: (a,),
    "sign": lambda a, b: (a,), "true_divide": lambda a, b: (a, b | 1), "array_equal": lambda a, b: (a, b),
    "histogram": lambda a, b: (a % 10, 3), "bincount": lambda a, b: (a % 10,),
    "floor": lambda a, b: (a,), "ceil": lambda a, b: (a,), "trunc": lambda a, b: (a,),
    "isnan": lambda a, b: (a,), "isinf": lambda a, b: (a,), "isfinite": lambda a, b: (a,),
    "reciprocal": lambda a, b: (b | 1,),  # 1 at 1, 0 elsewhere (C's 1 / x)
}


@pytest.mark.parametrize("dt", DTYPES)
@pytest.mark.parametrize("name", list(FUNCTIONS))
def test_functions_with_every_devices_kernels(name, dt, device_kernels):  # §2.5, §7
    a, b = _data(dt)
    check(name, *FUNCTIONS[name](a, b))


def _put(ns, x, *args, fn, **kw):
    getattr(ns, fn)(x, *args, **kw)
    return x


def _setitem(ns, x, key, v):
    x[key] = v
    return x


#: in-place writes and ufunc methods: name -> call(namespace, a, b, mask, indices) on copies (the
#: mask and indices on the test device: host data beside device arrays would raise, §3.3)
WRITES = {
    "put": lambda ns, a, b, m, i: _put(ns, a, i, b[:4], fn="put"),
    "place": lambda ns, a, b, m, i: _put(ns, a, m, b[:2], fn="place"),
    "putmask": lambda ns, a, b, m, i: _put(ns, a, m, b, fn="putmask"),
    "copyto": lambda ns, a, b, m, i: _put(ns, a, b, where=m, fn="copyto"),
    "fill_diagonal": lambda ns, a, b, m, i: _put(ns, a.reshape(2, 4), 9, fn="fill_diagonal"),
    "x[idx] = v": lambda ns, a, b, m, i: _setitem(ns, a, i, b[:4]),
    "x[mask] = v": lambda ns, a, b, m, i: _setitem(ns, a, m, b[:4]),
    "x[idx]": lambda ns, a, b, m, i: a[i],
    "x[mask]": lambda ns, a, b, m, i: a[m],
    "add.at": lambda ns, a, b, m, i: _put(ns.add, a, i, b[:4], fn="at"),
    "maximum.reduce": lambda ns, a, b, m, i: ns.maximum.reduce(a),
    "add.accumulate": lambda ns, a, b, m, i: ns.add.accumulate(a),
    "multiply.reduce": lambda ns, a, b, m, i: ns.multiply.reduce(a),
    "sum(where=)": lambda ns, a, b, m, i: ns.sum(a, where=m),
    "max(where=, initial=)": lambda ns, a, b, m, i: ns.max(a, where=m, initial=1),
    "prod(axis=(), where=)": lambda ns, a, b, m, i: ns.prod(a, axis=(), where=m, initial=2),
    "add.reduceat": lambda ns, a, b, m, i: ns.add.reduceat(a, [0, 5, 2, 7]),
    "maximum.reduceat": lambda ns, a, b, m, i: ns.maximum.reduceat(a, [0, 5, 2, 7]),
    "bitwise_or.reduceat": lambda ns, a, b, m, i: ns.bitwise_or.reduceat(a, [0, 5, 2, 7]),
    # no identity: the padded layout's masked left fold (_methods._sequential)
    "power.reduceat": lambda ns, a, b, m, i: ns.power.reduceat(a % 4, [0, 5, 2, 7]),
    "floor_divide.reduceat": lambda ns, a, b, m, i: ns.floor_divide.reduceat(a, [0, 5, 2, 7]),
    "partition": lambda ns, a, b, m, i: ns.sort(ns.partition(a, 3)),
    "argsort": lambda ns, a, b, m, i: ns.argsort(a, kind="stable"),
    "astype": lambda ns, a, b, m, i: a.astype("float64"),
}


@pytest.mark.parametrize("dt", DTYPES)
@pytest.mark.parametrize("name", list(WRITES))
def test_writes_and_methods_with_every_devices_kernels(name, dt, device_kernels):  # §2.5, §7
    a, b = _data(dt)
    with numpy.errstate(all="ignore"):
        expected = WRITES[name](numpy, a.copy(), b.copy(), MASK, IDX)
    got = WRITES[name](torchnp, tnp(a), tnp(b), tnp(MASK), tnp(IDX))
    assert_like_numpy(got, expected, err_msg=name)


@pytest.mark.parametrize("dt", [torch.uint16, torch.uint32, torch.uint64])
def test_partial_kernels_raise_as_cuda_does(dt):
    """The emulation itself: torch's CUDA build has no sort, where, mul, prod, index or index_put
    kernel for these dtypes (the first GPU run's failures), and has copies, casts, fills, eq and cat."""
    t = torch.tensor([3, 1, 2], dtype=torch.int64).to(dt)
    i = torch.tensor([0, 2])
    with PartialKernels():
        for missing in (lambda: t.sort(), lambda: torch.where(t == 1, t, t), lambda: t * t, lambda: t.prod(),
                        lambda: t[i], lambda: t.clone().index_put_((i,), t[:2].clone()), lambda: t.cumsum(0),
                        lambda: t.max(), lambda: t & t, lambda: t < t, lambda: t % t):
            with pytest.raises(NotImplementedError, match="not implemented for 'UInt"):
                missing()
        assert bool((t.clone() == t).all())
        assert torch.cat([t, t]).dtype is dt and t.to(torch.float64).dtype is torch.float64
        assert torch.full((2,), 5, dtype=dt).dtype is dt and t.view(torch.int64 if dt is torch.uint64 else
                                                                   torch.int32 if dt is torch.uint32 else torch.int16).sort()
    assert {"copy_", "_to_copy", "fill_", "eq", "ne", "cat"} <= PARTIAL_KERNELS
    assert not {"sort", "where", "mul", "prod", "sum", "cumsum", "index", "index_put_"} & PARTIAL_KERNELS


# -- the other difference of CUDA's kernels the first GPU run found (docs/differences.md) ---------------
@pytest.mark.parametrize("dt", ["float32", "float64"])
@pytest.mark.parametrize("name", ["maximum", "minimum"])
@pytest.mark.parametrize("n", [5, 500])  # NumPy's loop on tiny host data, torch's kernel above it
def test_maximum_minimum_keep_numpys_zero(name, dt, n):  # §2: NumPy keeps the second of equal operands
    a = numpy.resize(numpy.array([0.0, -0.0, 1.0, -0.0, 0.0], dt), n)
    b = numpy.resize(numpy.array([-0.0, 0.0, 1.0, -0.0, 0.0], dt), n)
    for x, y in ((a, b), (b, a), (a, numpy.array(-0.0, dt)), (numpy.array(0.0, dt), b)):
        expected = getattr(numpy, name)(x, y)
        got = torchnp.asnumpy(getattr(torchnp, name)(tnp(x), tnp(y)))
        numpy.testing.assert_array_equal(numpy.signbit(got), numpy.signbit(expected))
        numpy.testing.assert_array_equal(got, expected)



@pytest.mark.parametrize("device_rules", [False, True])
@pytest.mark.parametrize("x", [[3, 0, 3, 5], [2**63, 1], [1, 2**64 - 1]], ids=["small", "sign-bit", "max"])
def test_bincount_of_uint64_as_numpys(x, device_rules, monkeypatch):  # §2.5: NumPy 2.4 casts uint64 to intp
    """NumPy counts uint64 (no TypeError): its cast to intp makes values from 2**63 up negative, a ValueError."""
    if device_rules:
        monkeypatch.setattr(_device, "CPU_VALUE_CHECKS", False)
    a = numpy.array(x, "uint64")
    check("bincount", a)
    check("bincount", a, weights=numpy.linspace(0.5, 2, a.size), minlength=7)
