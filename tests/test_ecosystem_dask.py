"""Dask arrays whose chunks and ``_meta`` are torchnp arrays (issue 8), compared with the
same Dask workloads on NumPy chunks, on the local scheduler and on a
``dask.distributed.LocalCluster`` with 2 worker processes (pickling across processes).
Registration with Dask's dispatch is in ``torchnp/_interop/_dask.py``."""

import pathlib
import pickle
import subprocess
import sys

import numpy
import pytest

import torch

import torchnp
from support import DEVICE, assert_like_numpy, tnp

da = pytest.importorskip("dask.array", reason="Dask is optional: pip install 'torchnp[dask]' (in the test extra)")
import dask  # noqa: E402

RNG = numpy.random.default_rng(1)
A = RNG.standard_normal((12, 10))
B = RNG.standard_normal((10, 6))
CH = (5, 4)  # uneven chunks on purpose


def _workloads(m, a, b):
    """name -> dask array; ``m`` is the array namespace of the chunks (numpy or torchnp)."""
    return {
        "add": a + 1.5 * a.T.T,
        "ufunc sin": numpy.sin(a),
        "ufunc via da": da.exp(a / 4) - da.maximum(a, 0),
        "sum": a.sum(),
        "sum axis": a.sum(axis=0),
        "mean": a.mean(axis=1),
        "std": a.std(),
        "std axis": a.std(axis=0, ddof=1),
        "var": a.var(axis=1),
        "min": a.min(),
        "max axis": a.max(axis=1),
        "argmin": a.argmin(),
        "argmin axis0": a.argmin(axis=0),
        "argmax axis1": a.argmax(axis=1),
        "matmul": a @ b,
        "tensordot": da.tensordot(a, b, axes=(1, 0)),
        "einsum": da.einsum("ij,ij->i", a, a),
        "slice": a[2:11:3, ::2],
        "fancy": a[[0, 5, 3]],
        "concatenate": da.concatenate([a, a[:4]], axis=0),
        "stack": da.stack([a, a * 2], axis=1),
        "rechunk": a.rechunk((3, 10)).T,
        "map_blocks": a.map_blocks(lambda blk: m.cumsum(blk, axis=1), dtype=a.dtype),
        "reshape": a.reshape(3, 4, 10),
        "where": da.where(a > 0, a, 0),
    }


def _dask_of(m, arr):
    if m is numpy:
        return da.from_array(arr, chunks=CH)
    return da.from_array(tnp(arr), chunks=CH, asarray=False)


def _expected():
    with dask.config.set(scheduler="synchronous"):
        work = _workloads(numpy, _dask_of(numpy, A), _dask_of(numpy, B))
        return dict(zip(work, dask.compute(*work.values())))


EXPECTED = {}


def _check(name, got):
    if not EXPECTED:
        EXPECTED.update(_expected())
    exp = EXPECTED[name]
    if isinstance(got, (numpy.ndarray, numpy.generic)) and name.startswith("arg") and torch.device(DEVICE).type == "cpu":
        # dask's arg-reductions combine chunks in structured (vals, arg) arrays: host-only data
        # (§2.5), so on the host their last step is NumPy's own and gives NumPy's array (or scalar,
        # under --accelerator-rules too: NumPy computed it)
        numpy.testing.assert_array_equal(got, exp)
        return
    if not isinstance(exp, numpy.generic):
        assert isinstance(got, torchnp.ndarray), f"{name}: {type(got)}"
        assert str(got.device) == str(tnp(A).device)
    assert_like_numpy(got, exp, rtol=1e-10, atol=1e-12, err_msg=name)  # a scalar: NumPy's on the host (§1.3)


def test_from_array_keeps_torchnp_chunks_and_meta():
    x = tnp(A)
    d = da.from_array(x, chunks=CH, asarray=False)
    assert isinstance(d._meta, torchnp.ndarray) and d._meta.ndim == 2
    assert d.dtype == numpy.float64 and d.shape == A.shape
    blocks = [blk.compute(scheduler="synchronous") for blk in d.to_delayed().ravel()]
    assert len(blocks) == 9 and all(isinstance(b, torchnp.ndarray) for b in blocks)
    for derived in (d + 1, numpy.sin(d), d.sum(axis=0), d @ d.T, d[1:3], d.rechunk((6, 10))):
        assert isinstance(derived._meta, torchnp.ndarray), derived
    # without asarray=False Dask keeps torchnp too: torchnp has __array_function__
    assert isinstance(da.from_array(x, chunks=CH)._meta, torchnp.ndarray)


@pytest.mark.parametrize("name", list(_workloads(numpy, _dask_of(numpy, A), _dask_of(numpy, B))))
def test_workloads_local_scheduler(name):
    work = _workloads(torchnp, _dask_of(torchnp, A), _dask_of(torchnp, B))
    (got,) = dask.compute(work[name], scheduler="synchronous")
    _check(name, got)


def test_threaded_scheduler_and_persist():
    d = _dask_of(torchnp, A)
    centred = (d - d.mean(axis=0)).persist(scheduler="threads")
    got = centred.std(axis=0).compute(scheduler="threads")
    assert isinstance(got, torchnp.ndarray)
    numpy.testing.assert_allclose(got.to_numpy(), (A - A.mean(axis=0)).std(axis=0), rtol=1e-12)


def test_registration_is_lazy_and_runs_when_dask_is_imported_later():
    # import torchnp never imports dask; importing dask.array afterwards registers torchnp
    code = ("import sys, torchnp; assert 'dask' not in sys.modules; import dask.array as da; "
            "from torchnp._interop import _dask; assert _dask._done; "
            "x = torchnp.asarray([[3.0, 1.0], [2.0, 4.0]], device='cpu'); "
            "d = da.from_array(x, chunks=1, asarray=False); "
            "print(d.argmin(axis=0).compute(scheduler='synchronous').tolist(), type(da.__loader__).__name__)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["[1,", "0]", "SourceFileLoader"]


def test_pickle_round_trip_in_another_process():
    # what Dask workers do: unpickle (fresh interpreter), compute, pickle back
    x = tnp(A[:3].astype(numpy.float32))
    code = ("import pickle, sys; x = pickle.loads(sys.stdin.buffer.read()); "
            "sys.stdout.buffer.write(pickle.dumps(x * 2))")
    out = subprocess.run([sys.executable, "-c", code], input=pickle.dumps(x), capture_output=True, timeout=120)
    assert out.returncode == 0, out.stderr.decode()
    y = pickle.loads(out.stdout)
    assert isinstance(y, torchnp.ndarray) and y.device == x.device
    assert_like_numpy(y, A[:3].astype(numpy.float32) * 2)


@pytest.fixture(scope="module")
def client():
    distributed = pytest.importorskip("dask.distributed", reason="pip install 'torchnp[dask]' (in the test extra)")
    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None,
                                  worker_dashboard_address=None, silence_logs=40) as cluster:
        with distributed.Client(cluster) as c:
            yield c


@pytest.mark.host_rules  # the workers are other processes: --accelerator-rules sets this process's state only
def test_workloads_on_local_cluster_with_two_processes(client):
    import distributed

    work = _workloads(torchnp, _dask_of(torchnp, A), _dask_of(torchnp, B))
    futures = client.compute(list(work.values()))
    distributed.wait(futures, timeout=120)  # a worker that cannot unpickle a task would otherwise hang
    results = client.gather(futures)
    for name, got in zip(work, results):
        _check(name, got)
    # the chunks were really computed in both worker processes
    kinds = client.run(lambda: (type(sys.modules.get("torchnp")).__name__, "dask.array" in sys.modules))
    assert len(kinds) == 2 and all(v == ("module", True) for v in kinds.values())


def test_nbody_example_on_local_cluster(client):
    example = pathlib.Path(__file__).resolve().parent.parent / "examples" / "dask_nbody.py"
    sys.path.insert(0, str(example.parent))
    try:
        import dask_nbody
    finally:
        sys.path.pop(0)
    client.upload_file(str(example))  # the workers import the example's functions by name
    forces, expected = dask_nbody.main(n=300, chunk=100, client=client, timeout=120)
    assert isinstance(forces, torchnp.ndarray) and str(forces.device) == str(tnp(A).device)
    numpy.testing.assert_allclose(forces.to_numpy(), expected, rtol=1e-9, atol=1e-20)


def test_device_is_kept(client):
    # §3.1: chunks stay on their device; on CUDA CI this checks one device per worker too
    d = _dask_of(torchnp, A)
    got = client.compute(d.map_blocks(lambda blk: blk * 0 + 1, dtype=d.dtype).sum()).result(timeout=120)
    assert str(got.device) == str(tnp(A).device) and float(got) == A.size
