"""Every public function on a fake accelerator (DESIGN §3.2, §3.5; issue 14 item 5).

Collected only with ``pytest --fake-cuda`` (tests/conftest.py). tests/fake_cuda.py holds the
mode, the table of cases and the checks: the result lives on the fake device with NumPy's
shape and dtype, no host read happens that docs/devices.md does not list, and every mix of
a host operand (CPU torchnp array, numpy.ndarray) with device operands raises
``DeviceMismatchError``. Known failures (tests/fake_cuda_xfail.py: ``CONVERTER`` for device
mixes, ``KNOWN`` with the owning area for the rest) are strict xfails, so they flip when fixed;
``python tests/fake_cuda.py --write-xfail`` then regenerates that file from a fresh run.
"""

import pytest

import fake_cuda as fc
from fake_cuda_xfail import CONVERTER, KNOWN


def _mark(key, known):
    reason = known.get(key)
    return pytest.param(key, marks=pytest.mark.xfail(strict=True, reason=reason)) if reason else key


RUN = [n for n, case in fc.CASES.items() if not isinstance(case, fc.NA)]
MIX = {cid: (name, path, kind) for cid, name, path, kind in fc.mix_cases()}
XFAIL_MIX = {**KNOWN, **dict.fromkeys(CONVERTER, "converter")}  # one reason per known failure


@pytest.mark.parametrize("name", [_mark(n, KNOWN) for n in RUN])
def test_on_fake_cuda(name):
    why = fc.run_case(name)
    assert why is None, f"{name}: {why}"


@pytest.mark.parametrize("cid", [_mark(c, XFAIL_MIX) for c in MIX])
def test_device_mix_raises(cid):
    why = fc.run_mix(*MIX[cid])
    assert why is None, f"{cid}: {why}"


@pytest.mark.parametrize("spelling", ["numpy scalar", "0-d numpy array"])
@pytest.mark.parametrize("name", list(fc.SCALAR_PARAMS))
def test_numpy_scalars_and_0d_arrays_on_fake_cuda(name, spelling):  # §3.3, §1.3 (docs/devices.md)
    with fc.fake_cuda():
        why = fc.run_scalar_param(name, spelling, fc.CUDA)
    assert why is None, f"{name} with a {spelling}: {why}"


@pytest.mark.parametrize("cid", list(fc.UNSIGNED_CASES))
def test_partly_supported_unsigned_on_fake_cuda(cid):  # §2.5: uint16/32/64 where CUDA has few kernels
    why = fc.run_unsigned_case(cid)
    assert why is None, f"{cid}: {why}"


METHOD_MIX = {cid: rest for cid, *rest in fc.method_mix_cases()}


@pytest.mark.parametrize("cid", list(METHOD_MIX))
def test_method_and_operator_mix_raises(cid):  # §3.2, §3.3: ndarray methods and operators
    why = fc.run_method_mix(*METHOD_MIX[cid])
    assert why is None, f"{cid}: {why}"


def test_every_documented_sync_reads():
    """docs/devices.md's table lists no function that does not sync: each row's cases read on the
    fake accelerator (on meta some do not: it prints, draws and checks nothing)."""
    seen = set()
    for name in RUN:
        if fc.documented(name):
            fc.run_case(name, seen=seen)
    rows = {r for r in fc.syncs() if not r.endswith(".*")}
    # rows of functions that cannot run on the fake device at all (torch has no fake sparse kernels)
    rows -= {fc.documented_by(n) for n, case in fc.CASES.items() if isinstance(case, fc.NA)}
    read = {r for r in rows for n in seen if fc.documented_by(n) == r}
    assert rows <= read, f"documented as syncing, but no case reads: {sorted(rows - read)}"


def test_scipy_pipeline_on_fake_cuda():  # issue 25, §8.2: the ported pipeline stays on the device, no host read
    import pathlib
    import sys

    import torch

    import torchnp
    from host_reads import HostReads
    from torchnp.scipy import ndimage, signal, special, stats
    from torchnp.scipy.spatial import distance

    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "examples"))
    import scipy_pipeline

    with fc.fake_cuda():
        image, samples, points = (torchnp.from_torch(torch.empty(s, dtype=torch.float64, device=fc.CUDA))
                                  for s in ((32, 32), (2048,), (20, 2)))
        with HostReads(strict=True, device_only=True):
            got = scipy_pipeline.analyse(torchnp, ndimage, signal, special, stats, distance, image, samples, points)
    for key, value in got.items():
        assert isinstance(value, torchnp.ndarray) and value.device == fc.CUDA, key


def test_ode_fit_pipeline_on_fake_cuda():  # issue 26, §8.2: the ODE fit reads only what docs/devices.md lists
    """examples/ode_fit_pipeline.py on device arrays: the integrator's step control reads its error
    norms on the host (SciPy's loop; docs/devices.md), which the fake device has no data for, so
    the run stops at the first read: it must be solve_ivp's documented one, after the pipeline
    reached it on the device (curve_fit's setup, the model's call). solve_ivp_batch the same."""
    import pathlib
    import sys
    import traceback

    import torch

    import torchnp
    from host_reads import HostReadError, HostReads
    from torchnp.scipy import integrate, optimize

    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "examples"))
    import ode_fit_pipeline

    def reads_in_the_integrator(run):
        with fc.fake_cuda():
            with HostReads(strict=True, device_only=True), pytest.raises(HostReadError) as info:
                run()
        files = [pathlib.Path(f.filename).as_posix() for f in traceback.extract_tb(info.tb)]
        assert any(f.endswith("torchnp/scipy/integrate/_ivp.py") for f in files), files[-3:]

    def pipeline():
        t, y0, observed, p0 = (torchnp.from_torch(torch.empty(s, dtype=torch.float64, device=fc.CUDA))
                               for s in ((30,), (2,), (30,), (2,)))
        ode_fit_pipeline.analyse(torchnp, integrate, optimize, t, y0, observed, p0)

    def batch():
        y0 = torchnp.from_torch(torch.empty((8, 2), dtype=torch.float64, device=fc.CUDA))
        integrate.solve_ivp_batch(lambda t, y: -y, (0.0, 1.0), y0, method="DOP853")

    assert fc.documented("scipy.integrate.solve_ivp")
    reads_in_the_integrator(pipeline)
    reads_in_the_integrator(batch)


def test_sparse_pipeline_on_fake_cuda():  # issue 26: examples/sparse_pipeline.py on the fake accelerator
    """torch's fake tensors have no sparse kernels (tests/scipy_cases/sparse.py), so the sparse
    pipeline cannot finish there: it must stop at torch's missing kernel for the fake sparse
    backend, on the device, without a host read or a silent copy before it."""
    import pathlib
    import sys

    import torchnp
    from host_reads import HostReads

    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "examples"))
    import sparse_pipeline

    data = sparse_pipeline.inputs(n=8, n_nodes=20)
    with fc.fake_cuda():
        arrays = sparse_pipeline.on(data, fc.CUDA)
        assert all(a.device == fc.CUDA for a in arrays.values() if isinstance(a, torchnp.ndarray))
        with HostReads(strict=True, device_only=True), pytest.raises(NotImplementedError, match="Sparse" + fc.BACKEND):
            sparse_pipeline.with_torchnp(data, fc.CUDA)
