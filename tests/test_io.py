"""File I/O (docs/design.md §5.1): files written by torchnp are read by NumPy and vice versa.

Every format is round-tripped in both directions (torchnp -> NumPy, NumPy -> torchnp,
and torchnp -> torchnp) for several dtypes, including complex and bool, comparing
values, dtypes and shapes with NumPy itself.
"""

import io

import numpy
import pytest
from hypothesis import given

import torchnp as tnp
from support import DEVICE, SUPPORTED_DTYPES, arrays, assert_like_numpy

DTYPES = SUPPORTED_DTYPES + [numpy.dtype("uint16"), numpy.dtype("uint32"), numpy.dtype("uint64")]


def sample(dtype, shape=(3, 4)):
    rs = numpy.random.RandomState(0)
    dt = numpy.dtype(dtype)
    if dt.kind == "b":
        return rs.rand(*shape) > 0.5
    if dt.kind in "iu":
        info = numpy.iinfo(dt)
        return rs.randint(max(info.min, -1000), min(info.max, 1000), size=shape).astype(dt)
    if dt.kind == "c":
        return (rs.randn(*shape) + 1j * rs.randn(*shape)).astype(dt)
    return rs.randn(*shape).astype(dt)


def on_device(a):
    return tnp.asarray(a, device=DEVICE)


def dev():
    return tnp.asarray(0, device=DEVICE).device


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
def test_npy_both_directions(tmp_path, dtype):  # §5.1
    a = sample(dtype)
    tnp.save(tmp_path / "t.npy", on_device(a))
    back = numpy.load(tmp_path / "t.npy")
    assert back.dtype == a.dtype and back.shape == a.shape
    numpy.testing.assert_array_equal(back, a)
    numpy.save(tmp_path / "n.npy", a)
    got = tnp.load(tmp_path / "n.npy", device=DEVICE)
    assert got.device == dev()
    assert_like_numpy(got, a, rtol=0, atol=0)
    assert_like_numpy(tnp.load(tmp_path / "t.npy", device=DEVICE), a, rtol=0, atol=0)


def test_npy_file_objects_extension_and_mmap(tmp_path):  # §5.1
    a = sample("float32", (5,))
    buf = io.BytesIO()
    tnp.save(buf, on_device(a))
    buf.seek(0)
    numpy.testing.assert_array_equal(numpy.load(buf), a)
    tnp.save(str(tmp_path / "noext"), on_device(a))  # NumPy appends .npy
    assert (tmp_path / "noext.npy").exists()
    for mode in ("r", "c", "r+"):
        assert_like_numpy(tnp.load(tmp_path / "noext.npy", mmap_mode=mode, device=DEVICE), a, rtol=0, atol=0)
    numpy.save(tmp_path / "f.npy", numpy.asfortranarray(sample("int16")))
    assert_like_numpy(tnp.load(tmp_path / "f.npy", device=DEVICE), sample("int16"), rtol=0, atol=0)
    numpy.save(tmp_path / "be.npy", a.astype(">f4"))  # big-endian file from NumPy
    assert_like_numpy(tnp.load(tmp_path / "be.npy", device=DEVICE), a, rtol=0, atol=0)
    assert_like_numpy(tnp.load(tmp_path / "be.npy"), a, rtol=0, atol=0)
    numpy.save(tmp_path / "s.npy", numpy.float64(2.5))
    assert_like_numpy(tnp.load(tmp_path / "s.npy", device=DEVICE), numpy.load(tmp_path / "s.npy"))
    tnp.save(tmp_path / "list.npy", [[1, 2], [3, 4]])
    numpy.testing.assert_array_equal(numpy.load(tmp_path / "list.npy"), [[1, 2], [3, 4]])


@pytest.mark.parametrize("writer", ["savez", "savez_compressed"])
def test_npz_both_directions(tmp_path, writer):  # §5.1
    arrs = {d.name: sample(d) for d in DTYPES}
    pos = sample("complex64", (2,))
    getattr(tnp, writer)(tmp_path / "t.npz", on_device(pos), **{k: on_device(v) for k, v in arrs.items()})
    with numpy.load(tmp_path / "t.npz") as f:
        assert sorted(f.files) == sorted(["arr_0", *arrs])
        numpy.testing.assert_array_equal(f["arr_0"], pos)
        for k, v in arrs.items():
            assert f[k].dtype == v.dtype
            numpy.testing.assert_array_equal(f[k], v)
    getattr(numpy, writer)(tmp_path / "n.npz", pos, **arrs)
    for path in ("n.npz", "t.npz"):
        with tnp.load(tmp_path / path, device=DEVICE) as f:
            assert isinstance(f, tnp.NpzFile)
            assert sorted(f.files) == sorted(f.keys()) == sorted(["arr_0", *arrs])
            assert "arr_0" in f and len(f) == len(arrs) + 1
            assert_like_numpy(f["arr_0"], pos, rtol=0, atol=0)
            for k, v in arrs.items():
                assert f[k].device == dev()
                assert_like_numpy(f[k], v, rtol=0, atol=0)
            assert set(dict(f.items())) == set(f.files)


def test_pickle_policy_and_object_arrays(tmp_path):  # §2.5, §5.1
    obj = numpy.array([{"a": 1}, None], dtype=object)
    numpy.save(tmp_path / "o.npy", obj, allow_pickle=True)
    with pytest.raises(ValueError):  # allow_pickle=False by default, as NumPy
        numpy.load(tmp_path / "o.npy")
    with pytest.raises(ValueError):
        tnp.load(tmp_path / "o.npy")
    with pytest.raises(TypeError, match="object"):
        tnp.load(tmp_path / "o.npy", allow_pickle=True)
    with pytest.raises(Exception) as np_exc:
        numpy.save(tmp_path / "o2.npy", obj, allow_pickle=False)
    with pytest.raises(np_exc.type):
        tnp.save(tmp_path / "o2.npy", obj, allow_pickle=False)
    with pytest.raises(FileNotFoundError):
        tnp.load(tmp_path / "missing.npy")


def test_dump_and_dumps(tmp_path):  # §5.1: ndarray.dump pickles; load(allow_pickle=True) reads it back
    x = on_device(sample("int32"))
    x.dump(tmp_path / "d.pkl")
    back = tnp.load(tmp_path / "d.pkl", allow_pickle=True, device=DEVICE)
    assert isinstance(back, tnp.ndarray) and back.device == dev()
    assert_like_numpy(back, sample("int32"), rtol=0, atol=0)
    import pickle

    assert_like_numpy(pickle.loads(x.dumps()), sample("int32"), rtol=0, atol=0)


TEXT_DTYPES = [numpy.dtype(d) for d in ("float64", "float32", "int64", "int32", "uint8", "complex128")]


@pytest.mark.parametrize("dtype", TEXT_DTYPES, ids=str)
def test_text_both_directions(tmp_path, dtype):  # §5.1
    a = sample(dtype)
    fmt = "%d" if dtype.kind in "iu" else "%.18e"
    tnp.savetxt(tmp_path / "t.txt", on_device(a), fmt=fmt, delimiter=",", header="h")
    numpy.savetxt(tmp_path / "n.txt", a, fmt=fmt, delimiter=",", header="h")
    assert (tmp_path / "t.txt").read_text() == (tmp_path / "n.txt").read_text()
    expected = numpy.loadtxt(tmp_path / "n.txt", dtype=dtype, delimiter=",")
    got = tnp.loadtxt(tmp_path / "n.txt", dtype=dtype, delimiter=",", device=DEVICE)
    assert got.device == dev()
    assert_like_numpy(got, expected, rtol=0, atol=0)
    if dtype.kind != "c":
        assert_like_numpy(tnp.genfromtxt(tmp_path / "t.txt", dtype=dtype, delimiter=",", device=DEVICE),
                          numpy.genfromtxt(tmp_path / "n.txt", dtype=dtype, delimiter=","), rtol=0, atol=0)


def test_loadtxt_options_like_numpy():  # §5.1
    text = "# c\n1,2,3\n4,5,6\n7,8,9\n"
    for kw in [{}, {"usecols": (0, 2)}, {"skiprows": 2}, {"max_rows": 2, "skiprows": 1}, {"ndmin": 2, "usecols": 1},
               {"dtype": int}, {"dtype": bool}]:
        expected = numpy.loadtxt(io.StringIO(text), delimiter=",", **kw)
        assert_like_numpy(tnp.loadtxt(io.StringIO(text), delimiter=",", device=DEVICE, **kw), expected)
    expected = numpy.loadtxt(io.StringIO(text), delimiter=",", unpack=True)
    got = tnp.loadtxt(io.StringIO(text), delimiter=",", unpack=True, device=DEVICE)
    assert_like_numpy(list(got), list(expected))
    for host_only in [{"dtype": "U3"}, {"dtype": [("a", "f8"), ("b", "f8"), ("c", "f8")]}]:  # §2.5: NumPy's arrays
        got = tnp.loadtxt(io.StringIO(text), delimiter=",", **host_only)
        expected = numpy.loadtxt(io.StringIO(text), delimiter=",", **host_only)
        assert type(got) is numpy.ndarray and got.dtype == expected.dtype
        numpy.testing.assert_array_equal(got, expected)
    with pytest.raises(ValueError):
        numpy.loadtxt(io.StringIO("1,2\n3\n"), delimiter=",")
    with pytest.raises(ValueError):
        tnp.loadtxt(io.StringIO("1,2\n3\n"), delimiter=",")


def test_genfromtxt_missing_values_like_numpy():  # §5.1
    text = "1,2,3\n4,,6\n7,8,\n"
    for kw in [{}, {"filling_values": -1}, {"usecols": (0, 1)}, {"skip_header": 1}, {"dtype": numpy.float32}]:
        expected = numpy.genfromtxt(io.StringIO(text), delimiter=",", **kw)
        assert_like_numpy(tnp.genfromtxt(io.StringIO(text), delimiter=",", device=DEVICE, **kw), expected)


@pytest.mark.parametrize("kw", [{"names": True}, {"names": True, "dtype": None, "encoding": "utf-8"},
                                {"dtype": None, "encoding": "utf-8"}, {"dtype": str}])
def test_genfromtxt_records_and_str_are_numpys_arrays(kw):  # §2.5: host-only results, file read once
    text = "name,age,height\nann,31,1.62\nbob,25,1.80\n"
    expected = numpy.genfromtxt(io.StringIO(text), delimiter=",", **kw)
    got = tnp.genfromtxt(io.StringIO(text), delimiter=",", **kw)
    assert type(got) is numpy.ndarray and got.dtype == expected.dtype
    assert repr(got) == repr(expected)  # NaN fields of records compare unequal


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
def test_tofile_fromfile_binary_both_directions(tmp_path, dtype):  # §5.1
    a = sample(dtype)
    on_device(a).tofile(tmp_path / "t.bin")
    assert (tmp_path / "t.bin").read_bytes() == a.tobytes()
    numpy.testing.assert_array_equal(numpy.fromfile(tmp_path / "t.bin", dtype=dtype), a.ravel())
    a.tofile(tmp_path / "n.bin")
    got = tnp.fromfile(tmp_path / "n.bin", dtype=dtype, device=DEVICE)
    assert got.device == dev()
    assert_like_numpy(got, numpy.fromfile(tmp_path / "n.bin", dtype=dtype), rtol=0, atol=0)
    assert_like_numpy(tnp.fromfile(str(tmp_path / "n.bin"), dtype=dtype, count=3, offset=a.itemsize, device=DEVICE),
                      numpy.fromfile(tmp_path / "n.bin", dtype=dtype, count=3, offset=a.itemsize), rtol=0, atol=0)


def test_tofile_text_and_fromstring(tmp_path):  # §5.1
    a = sample("float64", (6,))
    on_device(a).tofile(tmp_path / "t.txt", sep=",", format="%.6f")
    a.tofile(tmp_path / "n.txt", sep=",", format="%.6f")
    assert (tmp_path / "t.txt").read_text() == (tmp_path / "n.txt").read_text()
    assert_like_numpy(tnp.fromfile(tmp_path / "t.txt", sep=",", device=DEVICE), numpy.fromfile(tmp_path / "n.txt", sep=","))
    with open(tmp_path / "h.bin", "wb") as fh:
        on_device(sample("int16")).tofile(fh)
    numpy.testing.assert_array_equal(numpy.fromfile(tmp_path / "h.bin", dtype="int16"), sample("int16").ravel())
    for s, kw in [("1 2 3", {"sep": " "}), ("1,2,3,4", {"sep": ",", "dtype": numpy.int32}), ("1 2 3", {"sep": " ", "count": 2})]:
        assert_like_numpy(tnp.fromstring(s, device=DEVICE, **kw), numpy.fromstring(s, **kw))
    with pytest.raises(Exception) as np_exc:
        numpy.fromstring("\x01\x02", dtype=numpy.uint8)
    with pytest.raises(np_exc.type):
        tnp.fromstring("\x01\x02", dtype=numpy.uint8)


@given(arrays(dtypes=SUPPORTED_DTYPES, max_side=4))
def test_hypothesis_npy_roundtrip(a):  # §5.1
    buf = io.BytesIO()
    tnp.save(buf, on_device(a))
    buf.seek(0)
    back = numpy.load(buf)
    assert back.dtype == a.dtype and back.shape == a.shape
    numpy.testing.assert_array_equal(back, a)
    buf = io.BytesIO()
    numpy.save(buf, a)
    buf.seek(0)
    assert_like_numpy(tnp.load(buf, device=DEVICE), a, rtol=0, atol=0)
