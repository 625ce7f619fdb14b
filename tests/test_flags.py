"""Read-only arrays, NumPy's WRITEABLE flag and view identity (issue 16; DESIGN §1.2 views,
§3.3 host data, §4 bridges), each compared with NumPy itself: the same steps run on NumPy and
on torchnp must raise the same error (type and message) or give the same values and flags.
"""

import pickle
import warnings

import numpy
import pytest
from hypothesis import given, strategies as st

import torchnp
from support import DEVICE, accelerator_rules, assert_like_numpy, tnp


def _outcome(f):
    """What ``f()`` does: ('raise', type, message) or ('ok', None, None)."""
    try:
        f()
    except Exception as e:  # noqa: BLE001 - the outcome is compared with NumPy's
        return ("raise", type(e), str(e))
    return ("ok", None, None)


def _pair(shape=(3, 4), dtype="float64", read_only=True, device=None):
    """The same array in NumPy and in torchnp (on ``device``, default DEVICE), both made read-only if asked."""
    a = numpy.arange(numpy.prod(shape), dtype=dtype).reshape(shape).copy()
    x = tnp(a) if device is None else torchnp.asarray(a.copy(), device=device)
    if read_only:
        a.setflags(write=False)
        x.setflags(write=False)
    return a, x


# ---------------------------------------------------------------- the failing examples first
def test_fill_readonly():  # torch_np suite TestAttributes::test_fill_readonly (gh-22922)
    for xp in (numpy, torchnp):
        a = xp.zeros(11)
        a.setflags(write=False)
        with pytest.raises(ValueError, match="read-only"):
            a.fill(0)


def test_ellipsis_index_base():  # torch_np suite test_indexing::test_ellipsis_index_2 (§1.2)
    x = torchnp.asarray([[1, 2, 3], [4, 5, 6], [7, 8, 9]], device=DEVICE)
    assert x[...] is not x and x[...].base is x


# ---------------------------------------------------------------- every write path (NumPy's messages)
WRITES = {
    "setitem int": lambda xp, a: a.__setitem__(0, 1),
    "setitem scalar": lambda xp, a: a.__setitem__((0, 1), 1.0),
    "setitem slice": lambda xp, a: a.__setitem__(slice(0, 2), 1),
    "setitem fancy": lambda xp, a: a.__setitem__(([0], [1]), 1),
    "setitem mask": lambda xp, a: a.__setitem__(a > 2, 0),
    "iadd": lambda xp, a: a.__iadd__(1),
    "imul": lambda xp, a: a.__imul__(2),
    "ufunc out": lambda xp, a: xp.add(a, 1, out=a),
    "reduction out": lambda xp, a: xp.sum(xp.ones((2, 4)), axis=0, out=a[0]),
    "cumsum out": lambda xp, a: xp.cumsum(xp.ones((3, 4)), axis=0, out=a),
    "clip out": lambda xp, a: xp.clip(a, 0, 1, out=a),
    "matmul out": lambda xp, a: xp.matmul(xp.ones((3, 2)), xp.ones((2, 4)), out=a),
    "dot out": lambda xp, a: xp.dot(xp.ones((3, 2)), xp.ones((2, 4)), out=a),
    "fill": lambda xp, a: a.fill(0),
    "sort": lambda xp, a: a.sort(),
    "partition": lambda xp, a: a.partition(1),
    "put": lambda xp, a: a.put(0, 1),
    "np.put": lambda xp, a: xp.put(a, [0, 1], 5),
    "place": lambda xp, a: xp.place(a, a > 1, 0),
    "putmask": lambda xp, a: xp.putmask(a, a > 1, 0),
    "copyto": lambda xp, a: xp.copyto(a, 1),
    "put_along_axis": lambda xp, a: xp.put_along_axis(a, xp.zeros((3, 1), dtype=int), 1, axis=1),
    "fill_diagonal": lambda xp, a: xp.fill_diagonal(a, 0),
    "ufunc.at": lambda xp, a: xp.add.at(a, [0], 1),
    "flat": lambda xp, a: a.flat.__setitem__(0, 1),
    "real =": lambda xp, a: setattr(a, "real", 1),
    "shuffle": lambda xp, a: xp.random.shuffle(a),
    "Generator.shuffle": lambda xp, a: xp.random.default_rng(0).shuffle(a),
    "Generator.permuted out": lambda xp, a: xp.random.default_rng(0).permuted(xp.ones((3, 4)), out=a),
    "row view setitem": lambda xp, a: a[1].__setitem__(0, 7),
    "transpose view iadd": lambda xp, a: a.T.__iadd__(1),
    "shape =": lambda xp, a: setattr(a, "shape", (4, 3)),  # allowed on read-only arrays, as NumPy
    "resize": lambda xp, a: a.resize(12, refcheck=False),  # allowed too
    # were silent writes into a read-only array, or other messages (the ro branch's findings)
    "nan_to_num copy=False": lambda xp, a: xp.nan_to_num(a, copy=False),
    "flat =": lambda xp, a: setattr(a, "flat", 1),
    "require W": lambda xp, a: xp.require(a, requirements="W").__setitem__(0, 7),
    "view of a read-only NumPy operand": lambda xp, a: xp.transpose(numpy.asarray(a)).__setitem__(0, 7),
}
#: write paths through NumPy's own view of the array: host data only (a device array's is an explicit copy, §3.4)
ON_THE_HOST = {"view of a read-only NumPy operand"}


@pytest.mark.parametrize("read_only", [True, False])
@pytest.mark.parametrize("name", list(WRITES))
def test_write_paths(name, read_only):
    """Each write path raises NumPy's ValueError (and message) on a read-only array, and writes
    the same values as NumPy into a writeable one."""
    a, x = _pair(read_only=read_only, device="cpu" if name in ON_THE_HOST else None)
    expected, got = _outcome(lambda: WRITES[name](numpy, a)), _outcome(lambda: WRITES[name](torchnp, x))
    assert got == expected
    if expected[0] == "ok" and "shuffle" not in name and "permuted" not in name:
        assert_like_numpy(x, a, device=x.device)
    assert x.flags.writeable == a.flags.writeable


@pytest.mark.parametrize("name", ["fill", "setitem slice", "iadd", "ufunc out", "sort", "copyto"])
def test_readonly_data_untouched(name):  # a refused write leaves the values as they were
    a, x = _pair()
    with pytest.raises(ValueError):
        WRITES[name](torchnp, x)
    assert_like_numpy(x, a)


def test_numpy_out_readonly():  # §3.3: a read-only numpy.ndarray given as out= is refused as NumPy does
    a = numpy.zeros(3)
    a.setflags(write=False)
    x = torchnp.ones(3, device="cpu")
    with pytest.raises(ValueError, match="^output array is read-only$"):
        torchnp.add(x, 1, out=a)


# ---------------------------------------------------------------- views inherit the flag; earlier views keep theirs
VIEWS = {
    "slice": lambda xp, a: a[1:],
    "int": lambda xp, a: a[0],
    "ellipsis": lambda xp, a: a[...],
    "newaxis": lambda xp, a: a[None],
    "tuple": lambda xp, a: a[1:, ::2],
    "fancy (copy)": lambda xp, a: a[[0, 1]],
    "mask (copy)": lambda xp, a: a[a > 2],
    "reshape": lambda xp, a: a.reshape(4, 3),
    "np.reshape": lambda xp, a: xp.reshape(a, (2, 6)),
    "ravel": lambda xp, a: a.ravel(),
    "np.ravel": lambda xp, a: xp.ravel(a),
    "flatten (copy)": lambda xp, a: a.flatten(),
    "copy": lambda xp, a: a.copy(),
    "T": lambda xp, a: a.T,
    "transpose": lambda xp, a: a.transpose(),
    "np.transpose": lambda xp, a: xp.transpose(a),
    "swapaxes": lambda xp, a: a.swapaxes(0, 1),
    "moveaxis": lambda xp, a: xp.moveaxis(a, 0, 1),
    "squeeze": lambda xp, a: a[None].squeeze(),
    "expand_dims": lambda xp, a: xp.expand_dims(a, 0),
    "atleast_3d": lambda xp, a: xp.atleast_3d(a),
    "view": lambda xp, a: a.view(),
    "view dtype": lambda xp, a: a.view(xp.int64),
    "real": lambda xp, a: a.real,
    "imag of real": lambda xp, a: a.imag,
    "split": lambda xp, a: xp.split(a, 3)[0],
    "asarray": lambda xp, a: xp.asarray(a),
    "array (copy)": lambda xp, a: xp.array(a),
    "astype copy=False": lambda xp, a: a.astype(a.dtype, copy=False),
    "ascontiguousarray": lambda xp, a: xp.ascontiguousarray(a),
    "diagonal": lambda xp, a: a.diagonal(),
    "np.diagonal": lambda xp, a: xp.diagonal(a),
    "np.diag": lambda xp, a: xp.diag(a),
    "linalg.diagonal": lambda xp, a: xp.linalg.diagonal(a),
    "broadcast_to": lambda xp, a: xp.broadcast_to(a, (2, 3, 4)),
    "sliding_window_view": lambda xp, a: xp.lib.stride_tricks.sliding_window_view(a, 2, axis=1),
    "sliding_window_view writeable": lambda xp, a: xp.lib.stride_tricks.sliding_window_view(a, 2, axis=1,
                                                                                            writeable=True),
    "as_strided": lambda xp, a: xp.lib.stride_tricks.as_strided(a, (2, 2), (8, 8)),
    "as_strided readonly": lambda xp, a: xp.lib.stride_tricks.as_strided(a, (2, 2), (8, 8), writeable=False),
}


@pytest.mark.parametrize("read_only", [True, False])
@pytest.mark.parametrize("name", list(VIEWS))
def test_view_flags(name, read_only):  # §1.2: views and functions returning views have NumPy's flags
    a, x = _pair(read_only=read_only)
    expected, got = _outcome(lambda: VIEWS[name](numpy, a)), _outcome(lambda: VIEWS[name](torchnp, x))
    assert got == expected
    if expected[0] == "ok":
        v, w = VIEWS[name](numpy, a), VIEWS[name](torchnp, x)
        assert w.flags.writeable == v.flags.writeable
        assert w.flags.owndata == v.flags.owndata
        assert _outcome(lambda: w.__setitem__(..., 0))[0] == _outcome(lambda: v.__setitem__(..., 0))[0]


def test_earlier_views_keep_their_flag():  # NumPy's flag is per array
    for xp in (numpy, torchnp):
        a = xp.arange(6.0)
        before = a[1:]
        a.setflags(write=False)
        after = a[1:]
        before[0] = 10.0  # the view made earlier stays writeable: the write shows in ``a``
        assert a[1] == 10.0 and not after.flags.writeable
        a.setflags(write=True)
        assert not after.flags.writeable  # made while ``a`` was read-only: stays read-only
        after.setflags(write=True)  # allowed now: its base is writeable again
        after[0] = 11.0
        assert a[1] == 11.0


@pytest.mark.parametrize("steps", [
    ["ro base", "view", "w view"],            # a view of a read-only owner cannot be made writeable
    ["view", "ro base", "w view"],            # ... but one made before, of a writeable base, can
    ["view", "ro view", "w view"],
    ["ro base", "w base"],                     # an owner always can
    ["view", "ro base", "ro view", "w base", "w view"],
])
def test_set_writeable_rules(steps):  # NumPy's _IsWriteable: any writeable base is enough
    def run(xp):
        out = []
        a = xp.arange(5.0)
        v = None
        for s in steps:
            if s == "view":
                v = a[1:]
            else:
                target = a if s.endswith("base") else v
                out.append(_outcome(lambda: target.setflags(write=s.startswith("w"))))
                out.append((a.flags.writeable, v is not None and v.flags.writeable))
        return out
    assert run(torchnp) == run(numpy)


@pytest.mark.parametrize("make", [lambda v: v[None], lambda v: v[::2], lambda v: v[...][1:], lambda v: v.T.reshape(-1)])
def test_set_writeable_through_an_earlier_view(make):  # NumPy asks the collapsed bases: the owner, not
    def run(xp):                                      # the writeable view in between (was allowed)
        a = xp.zeros((4, 3))
        w = make(a[:])  # a view of a view made while the owner was writeable
        a.setflags(write=False)
        return _outcome(lambda: w.setflags(write=True)), w.flags.writeable
    assert run(torchnp) == run(numpy)


def test_set_writeable_through_a_subclass_view():  # torch_np suite test_writeable_any_base: NumPy's
    def run(xp):                                    # collapse stops at a view of another type
        class Sub(xp.ndarray):
            pass
        arr = xp.arange(10)
        view2 = arr.view(Sub)[...]
        arr.flags.writeable = False
        view2.flags.writeable = False
        return _outcome(lambda: setattr(view2.flags, "writeable", True)), view2.flags.writeable, type(view2.base)
    (got, writeable, _), (expected, np_writeable, _) = run(torchnp), run(numpy)
    assert (got, writeable) == (expected, np_writeable)


def test_flags_object():  # ndarray.flags: WRITEABLE settable by attribute and key, the rest not
    for xp in (numpy, torchnp):
        a = xp.arange(3.0)
        a.flags.writeable = False
        assert a.flags["WRITEABLE"] is False and a.flags["W"] is False and a.flags.behaved is False
        a.flags["WRITEABLE"] = True
        assert a.flags.writeable is True
        v = a[1:]
        a.flags.writeable = False
        w = a[1:]
    a, x = numpy.arange(3.0), torchnp.arange(3.0, device=DEVICE)
    for f in (lambda b: setattr(b.flags, "c_contiguous", True), lambda b: b.flags.__setitem__("C", True),
              lambda b: b.flags.__setitem__("X", True), lambda b: b.setflags(uic=True),
              lambda b: setattr(b.flags, "foo", 1)):
        assert _outcome(lambda: f(x))[:2] == _outcome(lambda: f(a))[:2]
    a.setflags(write=False)
    x.setflags(write=False)
    assert repr(x.flags) == repr(a.flags)
    for b, y in (_pair((2, 3)), _pair((3, 2))):  # NumPy's combined flags of read-only arrays (CARRAY needs BEHAVED)
        for v, w in ((b, y), (b.T, y.T), (b[:, ::2], y[:, ::2])):
            keys = ("CA", "FA", "B", "FORC", "FNC", "C", "F", "W")
            assert [w.flags[k] for k in keys] == [v.flags[k] for k in keys]


def test_warn_on_write():  # torch_np suite TestFlag::test_warnonwrite: one DeprecationWarning, then writes
    for xp in (numpy, torchnp):
        a = xp.arange(10)
        a.flags._warn_on_write = True
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            a[1] = 10
            a[2] = 10
            a[3:5] = 1
        assert len(w) == 1 and w[0].category is DeprecationWarning
        assert a[1] == 10
        with pytest.raises(ValueError, match="^cannot clear '_warn_on_write', set writeable True to clear this private flag$"):
            a.flags._warn_on_write = False  # NumPy never lets it be cleared this way


def test_broadcast_arrays_warn_once():  # NumPy: writeable, but the first write warns
    for xp in (numpy, torchnp):
        b = xp.broadcast_arrays(xp.arange(3), xp.ones((2, 1)))
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always", DeprecationWarning)
            b[0][0, 0] = 5
        assert [x.category for x in w] == [DeprecationWarning]
        same = xp.broadcast_arrays(xp.ones(2), xp.ones(2))  # nothing broadcast: the inputs, writeable
        same[0][0] = 2


# ---------------------------------------------------------------- base identity (§1.2)
def test_base_identity():
    for xp in (numpy, torchnp):
        x = xp.arange(12.0)
        assert x.base is None and x.flags.owndata
        for v in (x[1:], x[...], x[2:][1:], x.reshape(3, 4), x.reshape(3, 4)[1], x.reshape(3, 4).T, x.view(),
                  x[None], x.reshape(3, 4)[1:, 1]):
            assert v.base is x and not v.flags.owndata


def test_base_of_bridges():  # NumPy's frombuffer / array(obj, copy=False) keep the object as base
    x = torchnp.arange(10.0, device="cpu")
    assert torchnp.frombuffer(x).base is x
    assert isinstance(torchnp.frombuffer(b"\x00" * 8, "u1").base, bytes)
    base_arr = numpy.arange(10)

    class ArrayLike:
        __array_interface__ = base_arr.__array_interface__

    arr = ArrayLike()
    for copy, val in [(True, None), (False, arr), (None, arr)]:
        assert torchnp.array(arr, copy=copy).base is val


# ---------------------------------------------------------------- host bridges (§3.3, §4)
def test_asarray_readonly_numpy_zero_copy():  # was a silent copy; NumPy shares memory, read-only
    a = numpy.arange(4.0)
    a.setflags(write=False)
    for copy in (None, False):
        x = torchnp.asarray(a, copy=copy)
        assert numpy.shares_memory(numpy.asarray(x), a) and not x.flags.writeable
        with pytest.raises(ValueError, match="^assignment destination is read-only$"):
            x[0] = 1.0
        with pytest.raises(ValueError, match="^cannot set WRITEABLE flag to True of this array$"):
            x.setflags(write=True)  # the memory is NumPy's, read-only
    assert torchnp.asarray(a, copy=True).flags.writeable


def test_numpy_views_of_readonly_arrays():  # numpy.asarray(x) / __array_interface__ / __array_struct__
    x = torchnp.arange(4.0, device="cpu")
    x.setflags(write=False)
    for h in (numpy.asarray(x), x.to_numpy(), numpy.array(x, copy=False)):
        assert not h.flags.writeable
    assert x.__array_interface__["data"][1] is True
    assert numpy.asarray(x, dtype=numpy.float32).flags.writeable  # a copy
    y = torchnp.arange(4.0, device="cpu")
    assert numpy.asarray(y).flags.writeable and y.__array_interface__["data"][1] is False

    class MyArr:
        __array_struct__ = x.__array_struct__

    assert not numpy.asarray(MyArr()).flags.writeable


@pytest.mark.parametrize("buffer", [b"\x00" * 16, bytearray(16)])
def test_frombuffer_flags(buffer):  # torch_np suite test_writeable_from_buffer / _from_readonly
    v, w = numpy.frombuffer(buffer, "u1"), torchnp.frombuffer(buffer, "u1")
    assert w.flags.writeable == v.flags.writeable
    assert _outcome(lambda: w.setflags(write=True)) == _outcome(lambda: v.setflags(write=True))
    w.setflags(write=False)
    assert not w.flags.writeable


def test_from_dlpack_readonly():  # was a writable alias of read-only memory
    a = numpy.arange(3.0)
    a.setflags(write=False)
    x = torchnp.from_dlpack(a)
    assert not x.flags.writeable and numpy.shares_memory(numpy.asarray(x), a)
    assert torchnp.from_dlpack(a, copy=True).flags.writeable


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
@pytest.mark.parametrize("read_only", [True, False])
def test_pickle_flags(protocol, read_only):  # NumPy's pickles: protocol 5 keeps read-only, the others not
    a = numpy.arange(1000)
    x = torchnp.arange(1000, device="cpu")
    if read_only:
        a.setflags(write=False)
        x.setflags(write=False)
    u, v = pickle.loads(pickle.dumps(a, protocol)), pickle.loads(pickle.dumps(x, protocol))
    assert v.flags.writeable == u.flags.writeable
    assert type(v.base) is type(u.base) or isinstance(u.base, numpy.ndarray)
    assert_like_numpy(v, u, device="cpu")


# ---------------------------------------------------------------- property: view chains and writes
_KEYS = st.sampled_from([slice(None), slice(1, None), slice(None, None, 2), 0, -1, Ellipsis, None,
                         (slice(None), 0), (Ellipsis, slice(1, 3)), (0, slice(None, None, 2))])
_STEPS = st.lists(st.one_of(
    st.tuples(st.just("index"), _KEYS),
    st.tuples(st.sampled_from(["ravel", "T", "view", "squeeze", "real", "flatten", "readonly", "writeable"]),
              st.none())), max_size=6)
_WRITE = st.sampled_from(["setitem", "iadd", "fill", "out", "copyto", "setflag"])


def _apply(xp, root, steps, write):
    """Follow ``steps`` from ``root`` (a chain of views, with flag changes on the way), then ``write``
    into the last array: each step's outcome and the last array's flags, as a comparable list."""
    arrays, log = [root], []
    for op, key in steps:
        cur = arrays[-1]
        if op in ("readonly", "writeable"):
            log.append(_outcome(lambda: cur.setflags(write=op == "writeable")))
            continue
        try:
            nxt = {"index": lambda: cur[key], "ravel": cur.ravel, "T": lambda: cur.T, "view": cur.view,
                   "squeeze": cur.squeeze, "real": lambda: cur.real, "flatten": cur.flatten}[op]()
        except IndexError:
            log.append("IndexError")
            continue
        if not isinstance(nxt, (numpy.ndarray, torchnp.ndarray)) or (
                op == "index" and xp is torchnp and accelerator_rules() and nxt.ndim == 0
                and not (key is Ellipsis or (type(key) is tuple and Ellipsis in key))):
            log.append("scalar")  # (one element: a 0-d array holding a copy on an accelerator, §1.3)
            continue
        arrays.append(nxt)
        log.append((nxt.shape, nxt.flags.writeable))
    last = arrays[-1]
    f = {"setitem": lambda: last.__setitem__(..., 7), "iadd": lambda: last.__iadd__(1),
         "fill": lambda: last.fill(3), "out": lambda: xp.add(last, 1, out=last),  # (NumPy 2.4.6 bug: in-place
         # negative(v, out=v) on a view with 64-byte steps reads contiguous memory; add is right)
         "copyto": lambda: xp.copyto(last, 5), "setflag": lambda: last.setflags(write=True)}[write]
    log.append(_outcome(f))
    log.append([a.flags.writeable for a in arrays])
    return log


@given(shape=st.sampled_from([(4,), (3, 4), (2, 3, 2), (1, 3)]), steps=_STEPS, write=_WRITE,
       ro_root=st.booleans())
def test_view_chain_property(shape, steps, write, ro_root):
    """After ``setflags(write=False)`` anywhere along a chain of views, each write raises exactly
    where NumPy raises (same message) and writes what NumPy writes where NumPy writes."""
    a, x = _pair(shape, read_only=ro_root)
    assert _apply(torchnp, x, steps, write) == _apply(numpy, a, steps, write)
    assert_like_numpy(x, a)


def test_read_only_needs_no_data():  # §3.5: the flag is metadata; checking it reads no device data
    x = torchnp.zeros((2, 3), device="meta")
    x.setflags(write=False)
    assert not x[0].flags.writeable and not x.T.flags.writeable
    for f in (lambda: x.__setitem__(0, 1.0), lambda: x.fill(1.0), lambda: torchnp.add(x, 1, out=x)):
        with pytest.raises(ValueError, match="read-only"):
            f()


def test_jit_write_into_read_only():  # §6: a compiled write into a read-only array never writes
    r = torchnp.arange(5.0, device=DEVICE)
    r.setflags(write=False)

    def h(x):
        x[0] = 1.0
        return x

    with pytest.raises(ValueError, match="^assignment destination is read-only$"):
        torchnp.jit(h, fullgraph=False, backend="eager")(r)  # the write runs eagerly: NumPy's error
    with pytest.raises((ValueError, torchnp.jit.JitError)):
        torchnp.jit(h)(r)  # fullgraph=True: JitError where one graph cannot hold the raise
    assert_like_numpy(r, numpy.arange(5.0))


FORTRAN = {  # §1.2: memory order asked for is a fresh buffer the array owns, as NumPy's
    "array order=F": lambda xp, a: xp.array(a, order="F"),
    "array list order=F": lambda xp, a: xp.array([[1, 2, 3], [4, 5, 6]], order="F"),
    "asfortranarray": lambda xp, a: xp.asfortranarray(a),
    "asfortranarray of F": lambda xp, a: xp.asfortranarray(xp.asfortranarray(a)),
    "copy order=F": lambda xp, a: xp.copy(a, order="F"),
    "method copy order=F": lambda xp, a: a.copy(order="F"),
    "method copy order=A of F": lambda xp, a: xp.asfortranarray(a).copy(order="A"),
    "ones order=F": lambda xp, a: xp.ones((3, 4, 2), order="F"),
    "zeros order=F": lambda xp, a: xp.zeros((3, 4), order="F"),
    "full order=F": lambda xp, a: xp.full((3, 4), 7.0, order="F"),
    "eye order=F": lambda xp, a: xp.eye(3, 4, order="F"),
    "require F": lambda xp, a: xp.require(a, requirements="F"),
    "astype order=F": lambda xp, a: a.astype(xp.float32, order="F"),
    "astype of F": lambda xp, a: xp.asfortranarray(a).astype(xp.float32),
    "astype order=C of F": lambda xp, a: xp.asfortranarray(a).astype(xp.float32, order="C"),
    "zeros_like order=F": lambda xp, a: xp.zeros_like(a, order="F"),
    "ones_like of F": lambda xp, a: xp.ones_like(xp.asfortranarray(a)),
    "full_like of F": lambda xp, a: xp.full_like(xp.asfortranarray(a), 2.0),
    "ones_like of F other shape": lambda xp, a: xp.ones_like(xp.asfortranarray(a), shape=(4, 3)),
    "ones_like of F other ndim": lambda xp, a: xp.ones_like(xp.asfortranarray(a), shape=(4, 3, 1)),
    "zeros_like of F order=C": lambda xp, a: xp.zeros_like(xp.asfortranarray(a), order="C"),
}


@pytest.mark.parametrize("name", list(FORTRAN))
def test_memory_order_flags(name):  # issue 23: np.array(Z, order='F').flags['OWNDATA'] was False
    f = FORTRAN[name]
    a = numpy.arange(12.0).reshape(3, 4)
    expected = f(numpy, a)
    actual = f(torchnp, tnp(a))
    for flag in ("OWNDATA", "C_CONTIGUOUS", "F_CONTIGUOUS", "WRITEABLE"):
        assert actual.flags[flag] == expected.flags[flag], flag
    assert (actual.base is None) == (expected.base is None)
    assert actual.strides == expected.strides
    numpy.testing.assert_array_equal(actual.to_numpy(), expected)
