"""Read-only arrays and view identity (issue 16; DESIGN §1.2 views, §3.3 host data, §4 bridges),
differential against NumPy: ``flags.writeable``/``setflags`` and NumPy's refusals, views of a
read-only array are read-only while views made earlier keep their flag, every write path raises
NumPy's ValueError where NumPy raises, the host bridges keep the flag, and ``base`` is NumPy's
object (``x[...].base is x``)."""

import pickle
import warnings

import numpy
import pytest
from hypothesis import given, strategies as st

import torchnp
from support import DEVICE, arrays, assert_like_numpy, tnp
from test_out_where_casting import CALLS

CPU = DEVICE == "cpu"
cpu_only = pytest.mark.skipif(not CPU, reason="host memory (§3.3)")


def _pair(a):
    """NumPy array ``a`` and a torchnp copy of it, both made read-only."""
    x = tnp(a)
    a.setflags(write=False)
    x.setflags(write=False)
    return a, x


def _outcome(fn, *args):
    """What ``fn(*args)`` did: ("raised", type, message) or ("ok",)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            fn(*args)
    except Exception as exc:  # noqa: BLE001 - compared with NumPy's
        return ("raised", type(exc), str(exc))
    return ("ok",)


# ---------------------------------------------------------------- the failing examples first
def test_fill_readonly():  # NumPy's test_fill_readonly (gh-22922): was an AttributeError (no setflags)
    for m in (numpy, torchnp):
        a = m.zeros(11)
        a.setflags(write=False)
        with pytest.raises(ValueError, match="^assignment destination is read-only$"):
            a.fill(0)
        assert a.flags.writeable is False and a.flags["WRITEABLE"] is False and a.flags["W"] is False


def test_writeable_flag_settable():  # was "'_Flags' object attribute 'writeable' is read-only"
    a, x = numpy.arange(5), torchnp.arange(5, device=DEVICE)
    for arr in (a, x):
        arr.flags.writeable = False
        with pytest.raises(ValueError, match="^assignment destination is read-only$"):
            arr[0] = 3
        arr.flags["WRITEABLE"] = True
        arr[0] = 5
    assert_like_numpy(x, a)
    assert repr(x.flags) == repr(a.flags)
    for b, y in (_pair(numpy.arange(6.0).reshape(2, 3)), _pair(numpy.arange(6.0).reshape(2, 3).T)):
        keys = ("CA", "FA", "B", "FORC", "FNC", "C", "F", "W", "A", "X")  # (tnp copies: OWNDATA differs)
        assert [y.flags[k] for k in keys] == [b.flags[k] for k in keys]  # NumPy's combined flags too


def test_setflags_arguments():  # NumPy's setflags(write=, align=, uic=) and its refusals
    a, x = numpy.arange(6.0), torchnp.arange(6.0, device=DEVICE)
    for call in (lambda v: v.setflags(write=0), lambda v: v.setflags(None, False), lambda v: v.setflags(uic=False),
                 lambda v: v.setflags(uic=True), lambda v: v.setflags(write="a"), lambda v: v.setflags(True, True),
                 lambda v: v.flags.__setitem__("C", False), lambda v: setattr(v.flags, "c_contiguous", False)):
        assert _outcome(call, x)[:2] == _outcome(call, a)[:2]
        assert (x.flags.writeable, x.flags.aligned) == (a.flags.writeable, a.flags.aligned)
    assert _outcome(lambda v: v.setflags(uic=True), x) == _outcome(lambda v: v.setflags(uic=True), a)


def test_writeable_true_refused_where_base_is_read_only():  # NumPy's _IsWriteable
    a, x = _pair(numpy.arange(6.0))
    va, vx = a[1:], x[1:]
    for v in (va, vx):
        with pytest.raises(ValueError, match="^cannot set WRITEABLE flag to True of this array$"):
            v.flags.writeable = True
    a.setflags(write=True)
    x.setflags(write=True)
    va.setflags(write=True)  # now a base is writeable: allowed
    vx.setflags(write=True)
    vx[0] = va[0] = 9.0
    assert_like_numpy(x, a)


def test_warn_on_write():  # NumPy's test_warnonwrite: one DeprecationWarning at the first write
    for m in (numpy, torchnp):
        a = m.arange(10)
        a.flags._warn_on_write = True
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            a[1] = 10
            a[2] = 10
        assert len(w) == 1 and w[0].category is DeprecationWarning
        with pytest.raises(ValueError, match="cannot clear '_warn_on_write'"):
            a.flags._warn_on_write = False


def test_broadcast_arrays_warn_on_write():
    for m in (numpy, torchnp):
        b, _ = m.broadcast_arrays(m.arange(3.0), m.ones((2, 1)))
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            b[0, 0] = 5.0
        assert [x.category for x in w] == [DeprecationWarning]


@pytest.mark.parametrize("make", [
    lambda m: m.eye(3).diagonal(), lambda m: m.diagonal(m.eye(3)), lambda m: m.diag(m.eye(3)),
    lambda m: m.linalg.diagonal(m.eye(3)), lambda m: m.broadcast_to(m.arange(3), (2, 3)),
    lambda m: m.lib.stride_tricks.sliding_window_view(m.arange(5), 2),
    lambda m: m.lib.stride_tricks.as_strided(m.arange(5), writeable=False), lambda m: m.arange(3.0).imag,
], ids=["diagonal-method", "diagonal", "diag", "linalg.diagonal", "broadcast_to", "sliding_window_view",
        "as_strided", "imag-of-real"])
def test_read_only_results(make):  # NumPy's test_diagonal_view_notwriteable and friends
    a, x = make(numpy), make(torchnp)
    assert (x.flags.writeable, x.flags.owndata) == (a.flags.writeable, a.flags.owndata)
    assert x.flags.writeable is False
    assert _outcome(lambda v: v.__setitem__(..., 0), x) == _outcome(lambda v: v.__setitem__(..., 0), a)
    assert x[...].flags.writeable is False  # and so are views of it


def test_putmask_read_only():  # NumPy's TestPutmask.test_writeable
    for m in (numpy, torchnp):
        a = m.arange(5)
        a.flags.writeable = False
        with pytest.raises(ValueError, match="^putmask: output array is read-only$"):
            m.putmask(a, a >= 2, 3)


# ---------------------------------------------------------------- views: NumPy's per-array flag
def _m(v):
    return numpy if isinstance(v, numpy.ndarray) else torchnp


VIEWS = {
    "slice": lambda v: v[1:], "int": lambda v: v[0], "ellipsis": lambda v: v[...], "none": lambda v: v[None],
    "tuple": lambda v: v[0, 1:], "step": lambda v: v[:, ::2], "reshape": lambda v: v.reshape(3, 2),
    "ravel": lambda v: v.ravel(), "T": lambda v: v.T, "transpose": lambda v: v.transpose(1, 0),
    "swapaxes": lambda v: v.swapaxes(0, 1), "squeeze": lambda v: v[None].squeeze(), "view": lambda v: v.view(),
    "real": lambda v: v.real, "np.reshape": lambda v: _m(v).reshape(v, -1), "np.transpose": lambda v: _m(v).transpose(v),
    "np.expand_dims": lambda v: _m(v).expand_dims(v, 0), "np.split": lambda v: _m(v).split(v, 2)[1],
    "np.atleast_3d": lambda v: _m(v).atleast_3d(v),
    "mT": lambda v: v.mT, "view-dtype": lambda v: v.view(numpy.int64),
}


@pytest.mark.parametrize("how", VIEWS)
def test_views_of_read_only_are_read_only(how):
    a = numpy.arange(6.0).reshape(2, 3)
    x = tnp(a)
    early_a, early_x = VIEWS[how](a), VIEWS[how](x)
    a.setflags(write=False)
    x.setflags(write=False)
    va, vx = VIEWS[how](a), VIEWS[how](x)
    assert vx.flags.writeable is va.flags.writeable is False
    # made earlier: keeps its own flag (True, except ``real`` of real data: the array itself)
    assert early_x.flags.writeable is early_a.flags.writeable is (how != "real")
    for v, ref in ((early_x, early_a), (vx, va)):
        assert _outcome(lambda w: w.__setitem__(..., 7), v) == _outcome(lambda w: w.__setitem__(..., 7), ref)
    assert_like_numpy(x, a)


def test_views_made_while_read_only_stay_read_only():
    a, x = _pair(numpy.arange(6.0))
    va, vx = a[2:], x[2:]
    a.setflags(write=True)
    x.setflags(write=True)
    assert vx.flags.writeable is va.flags.writeable is False
    assert x[2:].flags.writeable is a[2:].flags.writeable is True


# ---------------------------------------------------------------- every write path
WRITES = {
    "setitem int": lambda m, v: v.__setitem__(0, 1), "setitem slice": lambda m, v: v.__setitem__(slice(0, 2), 1),
    "setitem empty": lambda m, v: v.__setitem__(slice(0, 0), 1), "setitem mask": lambda m, v: v.__setitem__(v > 100, 1),
    "setitem fancy": lambda m, v: v.__setitem__([0, 1], 1), "setitem ...": lambda m, v: v.__setitem__(..., 1),
    "setitem 0-d": lambda m, v: v[0:1].reshape(()).__setitem__((), 1),
    "fill": lambda m, v: v.fill(0), "iadd": lambda m, v: v.__iadd__(1), "imul": lambda m, v: v.__imul__(2),
    "sort": lambda m, v: v.sort(), "partition": lambda m, v: v.partition(1), "put": lambda m, v: v.put(0, 1),
    "np.put": lambda m, v: m.put(v, [0], [1]), "np.copyto": lambda m, v: m.copyto(v, 1),
    "np.copyto where": lambda m, v: m.copyto(v, 1, where=False), "np.putmask": lambda m, v: m.putmask(v, v > 1, 0),
    "np.place": lambda m, v: m.place(v, v > 1, [0]), "np.put_along_axis": lambda m, v: m.put_along_axis(v, m.asarray([0]), 1.0, 0),
    "np.fill_diagonal": lambda m, v: m.fill_diagonal(v.reshape(2, 3), 0), "real=": lambda m, v: setattr(v, "real", 1),
    "flat=": lambda m, v: setattr(v, "flat", 1), "flat[i]=": lambda m, v: v.flat.__setitem__(0, 1),
    "shape=": lambda m, v: setattr(v, "shape", (2, 3)), "dtype=": lambda m, v: setattr(v, "dtype", m.int64),
    "np.sort": lambda m, v: m.sort(v), "np.add out": lambda m, v: m.add(v, 1, out=v),
    "np.sin out": lambda m, v: m.sin(v, out=v), "where=False": lambda m, v: m.add(v, 1, out=v, where=False),
    "np.cumsum out": lambda m, v: m.cumsum(v, out=v), "clip out": lambda m, v: v.clip(0, 1, out=v),
    "np.round out": lambda m, v: m.round(v, out=v), "np.nan_to_num copy=False": lambda m, v: m.nan_to_num(v, copy=False),
    "np.matmul out": lambda m, v: m.matmul(m.ones((2, 1)), m.ones((1, 3)), out=v.reshape(2, 3)),
    "add.reduce out": lambda m, v: m.add.reduce(v.reshape(2, 3), out=v[:3]),
    "divmod out": lambda m, v: m.divmod(v, 2, out=(v, m.zeros(6))),
    "random.shuffle": lambda m, v: m.random.shuffle(v), "rng.shuffle": lambda m, v: m.random.default_rng(0).shuffle(v),
    "copyto from": lambda m, v: m.copyto(m.zeros(6), v), "astype": lambda m, v: v.astype(int),
    "require W": lambda m, v: m.require(v, requirements="W").__setitem__(0, 1),
    "require": lambda m, v: m.require(v).__setitem__(0, 1),
}


@pytest.mark.parametrize("path", WRITES)
def test_write_paths(path):  # NumPy's ValueError and message exactly where NumPy raises
    a, x = _pair(numpy.arange(6.0))
    expected = _outcome(WRITES[path], numpy, a)
    assert _outcome(WRITES[path], torchnp, x) == expected
    assert_like_numpy(x, a)


# torchnp raises where NumPy 2.4 writes into read-only memory (docs/differences.md)
NUMPY_WRITES_READ_ONLY = {
    "ufunc.at": lambda m, v: m.negative.at(v, [0]), "concatenate out": lambda m, v: m.concatenate([v], out=v),
}


@pytest.mark.parametrize("path", NUMPY_WRITES_READ_ONLY)
def test_writes_numpy_lets_through_raise(path):
    a, x = _pair(numpy.arange(6.0))
    assert _outcome(NUMPY_WRITES_READ_ONLY[path], numpy, a) == ("ok",)  # NumPy's bug: remove from here once fixed
    with pytest.raises(ValueError, match="^output array is read-only$"):
        NUMPY_WRITES_READ_ONLY[path](torchnp, x)


@pytest.mark.parametrize("name", CALLS)
def test_read_only_out_every_family(name):  # the boundary's one out= handler (§7)
    call, shape, dtype = CALLS[name]
    a, x = numpy.asarray(numpy.arange(1.0, 7.0).reshape(2, 3)), None
    out_a = numpy.zeros(shape, dtype)
    out_x = tnp(out_a)
    out_a.setflags(write=False)
    out_x.setflags(write=False)
    x = tnp(a)
    expected = _outcome(call, numpy, a, out_a)
    assert expected[0] == "raised"
    assert _outcome(call, torchnp, x, out_x)[:2] == expected[:2]


# ---------------------------------------------------------------- the property over view chains
_KEYS = st.sampled_from([slice(None), slice(1, None), slice(None, None, 2), 0, -1, None, Ellipsis, (Ellipsis, None)])
_STEPS = st.lists(st.one_of(
    st.tuples(st.just("view"), st.integers(0, 7), _KEYS),
    st.tuples(st.sampled_from(["ro", "rw", "write", "T", "reshape"]), st.integers(0, 7), st.just(None))),
    min_size=1, max_size=12)


@given(arrays(shape=(4, 3)), _STEPS)
def test_view_chains_property(a, steps):
    """After any chain of views and setflags, each write raises exactly where NumPy raises and
    writes where NumPy writes; flags, owndata and base identity follow NumPy's."""
    nps, tns = [a.copy()], [tnp(a)]
    for op, i, key in steps:
        i %= len(nps)
        na, ta = nps[i], tns[i]
        if op == "view":
            try:
                nps.append(na[key])
            except IndexError:
                with pytest.raises(IndexError):
                    ta[key]
                continue
            tns.append(ta[key])
            if isinstance(nps[-1], numpy.generic):  # one element: a scalar, no view
                nps.pop()
                tns.pop()
        elif op == "T":
            nps.append(na.T)
            tns.append(ta.T)
        elif op == "reshape":
            if not numpy.shares_memory(na.reshape(-1), na):
                continue  # NumPy's copy is a view of a hidden copy (not owning its data): no semantics of its own
            nps.append(na.reshape(-1))
            tns.append(ta.reshape(-1))
        elif op in ("ro", "rw"):
            write = op == "rw"
            assert _outcome(lambda v: v.setflags(write=write), ta)[:2] == \
                _outcome(lambda v: v.setflags(write=write), na)[:2]
        else:
            assert _outcome(lambda v: v.__setitem__(..., 7), ta) == _outcome(lambda v: v.__setitem__(..., 7), na)
        assert_like_numpy(tns[0], nps[0])
    for na, ta in zip(nps, tns):
        assert ta.flags.writeable is na.flags.writeable
        if numpy.shares_memory(na, nps[0]):  # a view (NumPy's copies in reshape are views of a copy)
            assert ta.flags.owndata is na.flags.owndata
            assert (ta.base is None) == (na.base is None)
            if na.base is not None:  # the owner's memory (the owner itself where known: docs/differences.md)
                assert numpy.shares_memory(ta.base.to_numpy(), tns[0].to_numpy())


# ---------------------------------------------------------------- view identity (§1.2)
def test_base_identity():  # NumPy's test_ellipsis_index_2 and the rules of PyArray_SetBaseObject
    for m in (numpy, torchnp):
        x = m.arange(6.0)
        assert x.base is None and x[...] is not x and x[...].base is x
        assert x[None].base is x and x[::2].base is x and x.view().base is x and x.reshape(2, 3).T.base is x
        assert x[...][...].base is x  # a view of a view names the owner
        assert x.copy().base is None


@cpu_only
def test_frombuffer_base():  # NumPy's test_array_base_obj0
    for m in (numpy, torchnp):
        a = m.arange(10)
        assert m.frombuffer(a).base is a
        data = b"\x00" * 16
        v = m.frombuffer(data, "B")
        assert v.base is data and not v.flags.writeable
        with pytest.raises(ValueError, match="^cannot set WRITEABLE flag to True of this array$"):
            v.setflags(write=True)
        buf = bytearray(16)
        w = m.frombuffer(buf, "B")
        w.setflags(write=False)
        w.setflags(write=True)  # a writable buffer: allowed
        w[0] = 7
        assert buf[0] == 7


@cpu_only
@pytest.mark.parametrize("copy", [True, False, None])
def test_array_interface_base(copy):  # NumPy's test_array_interfaces
    base_arr = numpy.arange(10)

    class ArrayLike:
        __array_interface__ = base_arr.__array_interface__

    obj = ArrayLike()
    for m in (numpy, torchnp):
        r = m.array(obj, copy=copy)
        assert r.base is (None if copy else obj)


# ---------------------------------------------------------------- host bridges (§3.3, §4)
@cpu_only
def test_asarray_read_only_numpy_zero_copy():  # was a silent copy (a later write through NumPy lost)
    a = numpy.arange(4.0)
    a.setflags(write=False)
    for copy in (None, False):
        x = torchnp.asarray(a, copy=copy)
        expected = numpy.asarray(a, copy=copy)
        assert x.flags.writeable is expected.flags.writeable is False
        assert numpy.shares_memory(x.to_numpy(), a) and x.base is a
        with pytest.raises(ValueError, match="^assignment destination is read-only$"):
            x[0] = 1
        with pytest.raises(ValueError, match="^output array is read-only$"):
            torchnp.add(x, 1, out=x)
    assert torchnp.asarray(a, copy=True).flags.writeable is numpy.asarray(a, copy=True).flags.writeable
    assert not torchnp.transpose(a).flags.writeable  # a view of read-only host data (§3.3), as NumPy's


@cpu_only
def test_numpy_views_of_read_only_arrays():  # numpy.asarray, __array_interface__, __array_struct__
    a, x = _pair(numpy.arange(4.0))
    h = numpy.asarray(x)
    assert h.flags.writeable is False and numpy.shares_memory(h, x.to_numpy())
    with pytest.raises(ValueError, match="read-only"):
        h[0] = 1
    assert x.__array_interface__["data"][1] is a.__array_interface__["data"][1] is True

    class MyArr:
        __array_struct__ = x.__array_struct__

    assert numpy.asarray(MyArr()).flags.writeable is False
    assert torchnp.asarray(MyArr()).flags.writeable is False
    x.setflags(write=True)
    assert numpy.asarray(x).flags.writeable


@cpu_only
@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
@pytest.mark.parametrize("writeable", [True, False])
def test_pickle_flags(protocol, writeable):  # NumPy's test_writeable_pickle: the flag and base as NumPy's
    a = numpy.arange(1000)
    x = tnp(a)
    a.setflags(write=writeable)
    x.setflags(write=writeable)
    ra, rx = pickle.loads(pickle.dumps(a, protocol)), pickle.loads(pickle.dumps(x, protocol))
    assert_like_numpy(rx, ra)
    assert rx.flags.writeable is ra.flags.writeable
    assert type(rx.base) is type(ra.base) or isinstance(ra.base, numpy.ndarray)


@cpu_only
def test_from_dlpack_and_from_numpy_read_only():  # issue 16: was a writable alias of read-only memory
    a = numpy.arange(3.0)
    a.setflags(write=False)
    for x in (torchnp.from_dlpack(a), torchnp.from_numpy(a)):
        assert not x.flags.writeable and numpy.shares_memory(x.to_numpy(), a)
        with pytest.raises(ValueError, match="^assignment destination is read-only$"):
            x[0] = 1.0


# ---------------------------------------------------------------- the rest of NumPy's flag rules
def test_resize_keeps_read_only():  # NumPy reallocates (refcheck=False) and keeps WRITEABLE False
    a, x = _pair(numpy.arange(6.0))
    a.resize(3, refcheck=False)
    x.resize(3, refcheck=False)
    assert_like_numpy(x, a)
    assert x.flags.writeable is a.flags.writeable is False
    assert _outcome(lambda v: v.__setitem__(0, 1), x) == _outcome(lambda v: v.__setitem__(0, 1), a)


def test_read_only_arrays_are_read_as_any():  # reads, copies and computations are unaffected
    a, x = _pair(numpy.arange(6.0).reshape(2, 3))
    for fn in (lambda m, v: v[0], lambda m, v: v[1:, ::2], lambda m, v: m.add(v, v), lambda m, v: v.sum(axis=0),
               lambda m, v: v.copy(), lambda m, v: m.array(v), lambda m, v: v.astype(m.float32), lambda m, v: v @ v.T):
        assert_like_numpy(fn(torchnp, x), fn(numpy, a))
    for fn in (lambda m, v: v.copy(), lambda m, v: m.array(v), lambda m, v: v.astype(m.float32), lambda m, v: m.add(v, 1)):
        assert fn(torchnp, x).flags.writeable is fn(numpy, a).flags.writeable is True


def test_autodiff_through_read_only_views():  # flags are not carried under autograd (docs/differences.md)
    x = torchnp.arange(3.0, device=DEVICE)
    g = torchnp.grad(lambda v: (torchnp.broadcast_to(v, (2, 3)) * torchnp.diagonal(torchnp.eye(3) * v)).sum())(x)
    assert_like_numpy(g, 2 * 2 * numpy.arange(3.0))


@given(arrays(shape=(3, 3)))
def test_read_only_values_property(a):  # a read-only array computes and views as NumPy's
    a, y = _pair(a)
    for fn in (lambda m, v: v.T[1:], lambda m, v: m.diagonal(v), lambda m, v: v.reshape(-1)[::2], lambda m, v: v * 2,
               lambda m, v: m.broadcast_to(v[0], (2, 3)), lambda m, v: m.squeeze(v[None])):
        expected, actual = fn(numpy, a), fn(torchnp, y)
        assert_like_numpy(actual, expected)
        assert actual.flags.writeable is expected.flags.writeable


# every function of one array: a view of a read-only array is read-only, a new array writable, as
# NumPy's (flip, fliplr, flipud, rot90: copies on torchnp, §1.2 negative steps)
ONE_ARRAY = ["positive", "conj", "conjugate", "clip", "round", "around", "copy", "absolute", "real", "imag",
             "squeeze", "ravel", "transpose", "atleast_1d", "atleast_2d", "atleast_3d", "asarray", "asanyarray",
             "ascontiguousarray", "asfortranarray", "array", "diagonal", "diag", "matrix_transpose", "trace",
             "sort", "nan_to_num", "real_if_close", "fix", "rint", "floor", "negative", "sign", "cumsum",
             "expand_dims", "moveaxis", "swapaxes", "rollaxis", "roll", "tril", "triu", "unique", "copy",
             "require", "ediff1d", "trim_zeros", "isfinite", "hsplit", "vsplit", "array_split", "unstack", "split"]
_ARGS = {"expand_dims": (0,), "moveaxis": (0, 1), "swapaxes": (0, 1), "rollaxis": (1,), "roll": (1,),
         "hsplit": (3,), "vsplit": (2,), "array_split": (2,), "split": (2,)}


@pytest.mark.parametrize("name", sorted(set(ONE_ARRAY)))
@pytest.mark.parametrize("dtype", ["float64", "int64", "complex128"])
def test_function_results_writeable_like_numpy(name, dtype):  # positive/conj/clip() returned their input
    a, x = _pair(numpy.arange(1, 7).reshape(2, 3).astype(dtype))
    args = _ARGS.get(name, ())
    try:
        expected = getattr(numpy, name)(a, *args)
    except (TypeError, ValueError):
        return
    actual = getattr(torchnp, name)(x, *args)
    es = expected if isinstance(expected, (tuple, list)) else (expected,)
    rs = actual if isinstance(actual, (tuple, list)) else (actual,)
    for e, r in zip(es, rs):
        if isinstance(e, numpy.ndarray):
            assert_like_numpy(r, e)
            assert r.flags.writeable is e.flags.writeable
            if e.flags.writeable and e.size:  # a new array: writing to it leaves the input alone
                r[...] = 0
                assert_like_numpy(x, a)
