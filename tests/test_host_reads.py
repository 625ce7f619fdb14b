"""No hidden host reads (DESIGN §3.5), counted on the CPU by tests/host_reads.py.

Every case of tests/fake_cuda.py runs on real CPU arrays with NumPy's value checks off
(``_device.CPU_VALUE_CHECKS``, as on an accelerator) under the dispatch-level counter:
a function that reads data on the host must be in docs/devices.md's table. Also: the table
of cases covers every public function, the documented list names real cases, and the
accelerator rules (checks skipped) give NumPy's values on the CPU.
"""

import numpy
import pytest
import torch

import torchnp
from torchnp import _device
import fake_cuda as fc
from fake_cuda_xfail import KNOWN
from host_reads import HostReadError, HostReads, documented_syncs
from support import DEVICE, assert_like_numpy

RUN = [n for n, case in fc.CASES.items() if not isinstance(case, fc.NA)]
KNOWN = {n: why for n, why in KNOWN.items() if not why.startswith("fake mode:")}  # the CPU has the kernels


@pytest.fixture
def accelerator_rules(monkeypatch):
    """NumPy's value checks and scalars skipped on the CPU too, and torch's random stream used, as
    on an accelerator (§3.5, §1.3, §5.4)."""
    from torchnp.random import _stream

    monkeypatch.setattr(_device, "CPU_VALUE_CHECKS", False)
    monkeypatch.setattr(_stream, "HOST", ())


def test_every_public_function_has_a_case():
    missing = sorted(set(fc.public_functions()) - set(fc.CASES))
    assert not missing, f"add these to tests/fake_cuda.py CASES: {missing}"


def test_no_known_device_mix_or_host_read_failure():  # issue 14: 0 silent or mistyped mixes, 0 undocumented reads
    import fake_cuda_xfail as xf

    assert not xf.CONVERTER, f"device mixes the converter gets wrong: {sorted(xf.CONVERTER)}"
    bad = {k: why for k, why in xf.KNOWN.items() if "host read" in why or "DeviceMismatchError" in why or
           "silently accepted" in why or k.endswith(("-cpu", "-numpy"))}
    assert not bad, f"known device-mix or host-read failures: {bad}"


def test_documented_syncs_are_cases():
    docs = documented_syncs()
    assert "nonzero" in docs and "testing.*" in docs
    methods = {"ufunc." + n.split(".", 1)[1] for n in fc.CASES if n.count(".") == 1 and "[" not in n}
    unknown = sorted(n for n in docs if n not in fc.CASES and not n.endswith(".*") and n not in methods)
    assert not unknown, f"docs/devices.md lists unknown functions: {unknown}"


def test_counter_sees_host_reads():
    t = torch.arange(4.0)
    for read in (lambda: t[1].item(), lambda: bool(t[1] > 0), lambda: t.tolist(), lambda: t.numpy(),
                 lambda: t.cpu(), lambda: t.nonzero(), lambda: t[t > 1], lambda: torch.unique(t),
                 lambda: torch.equal(t, t)):
        with HostReads() as hr:
            read()
        assert hr.reads, read
    with HostReads() as hr:
        (t * 2 + 1).sum(0)
        t[torch.tensor([0, 2])]
    assert hr.reads == []
    with pytest.raises(HostReadError), HostReads(strict=True):
        t.sum().item()



@pytest.mark.parametrize("name", ["tolist", "cpu"])
def test_counter_counts_a_device_tensors_read_once(name):
    # on an accelerator ``tolist``/``cpu`` dispatch a device-to-host copy: one read, not two (the GPU
    # run of 2026-11-28 counted BDF's per-step reads twice); ``meta`` stands in for the device
    with HostReads() as hr, pytest.raises(NotImplementedError, match="meta"):
        getattr(torch.ones(3, device="meta"), name)()
    assert hr.reads == [(f"Tensor.{name}", "host copy")]
    with HostReads() as hr, pytest.raises(NotImplementedError, match="meta"):
        torch.ones(3, device="meta").to("cpu")  # a copy by itself is still counted
    assert hr.reads == [("_to_copy", "device-to-host copy")]

def _cpu_args(case):
    return fc._build((case.args, case.kwargs), lambda a, p: torchnp.asarray(a.numpy(hash(p) % 1000), device="cpu"))


@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.xfail(strict=False, reason=KNOWN[n]))
                                  if n in KNOWN else n for n in RUN])
def test_no_undocumented_host_read(name, accelerator_rules):
    case = fc.CASES[name]
    if fc.documented(name):
        pytest.skip("documented in docs/devices.md as syncing")
    if case.cpu_reads:
        pytest.skip(case.cpu_reads)
    args, kwargs = _cpu_args(case)
    raised = None
    with numpy.errstate(all="ignore"), HostReads() as hr:
        try:
            fc._call(name, torchnp, case, args, kwargs)
        except Exception as exc:  # noqa: BLE001 - compared with NumPy's below
            raised = exc
    assert not hr.reads, f"{name}: host reads {hr.reads[:3]} (not listed in docs/devices.md)"
    if raised is not None:  # an error case (e.g. RandomState.multinomial's array n): NumPy's exception type
        _, expected = fc.numpy_result(name, case)
        assert expected is not None, f"{name}: torchnp raised {raised!r} where NumPy returns a result"
        assert isinstance(raised, type(expected)), f"{name}: {type(raised).__name__}, NumPy {type(expected).__name__}"


@pytest.mark.parametrize("name", RUN)
def test_on_meta(name):
    """Every case on torch's data-less ``meta`` device (§3.5): any host read raises there, so a read
    docs/devices.md does not list fails, as do a result off the device or NumPy's shape or dtype
    missed. The same cases on the fake accelerator: tests/test_fake_cuda.py."""
    why = fc.run_case(name, meta=True)
    assert why is None, f"{name}: {why}"


# the paths taken on accelerators, checked against NumPy on the CPU
@pytest.mark.parametrize("key", [0, 1, -1, (1, 0), (slice(None), 1), (1, slice(None, None, -1)), (Ellipsis, 2),
                                 (None, 1), (1, 1, 1), (slice(None), 1, 0)])
def test_0d_index_arrays_without_sync(key, monkeypatch, accelerator_rules):
    a = numpy.arange(24.0).reshape(2, 3, 4)
    real = torchnp._indexing._convert_item

    def as_device(item, dev):  # what a 0-d index array stays as on an accelerator
        if isinstance(item, torchnp.ndarray) and item.ndim == 0 and item.dtype.kind in "iu":
            return item._t
        return real(item, dev)

    monkeypatch.setattr(torchnp._indexing, "_convert_item", as_device)
    key = key if isinstance(key, tuple) else (key,)
    tkey = tuple(torchnp.asarray(numpy.array(k), device="cpu") if type(k) is int else k for k in key)
    with HostReads() as hr:
        got = torchnp.asarray(a, device="cpu")[tkey]
    assert not hr.reads
    assert_like_numpy(got, numpy.asarray(a[tuple(numpy.array(k) if type(k) is int else k for k in key)]), device="cpu")


@pytest.mark.parametrize("call", [
    lambda np, x: np.histogram(x, 5),
    lambda np, x: np.histogram(x * 0 + 2, 3),
    lambda np, x: np.histogram_bin_edges(x, 4),
    lambda np, x: np.digitize(x, np.asarray([0.2, 0.5, 0.7])),
    lambda np, x: np.digitize(x, np.asarray([0.7, 0.5, 0.2]), right=True),
    lambda np, x: np.insert(x, np.asarray([1, 4, 4]), np.asarray([7.0, 8.0, 9.0])),
    lambda np, x: np.insert(x, np.asarray([2]), np.asarray([7.0, 8.0])),
    lambda np, x: np.insert(x, np.asarray(0), 7.0),
    lambda np, x: np.median(x),
    lambda np, x: np.quantile(x, np.asarray([0.2, 0.9])),
    lambda np, x: np.choose(np.asarray([0, 1, 1, 0, 1, 0]), [x, -x]),
], ids=lambda f: "")
def test_accelerator_paths_match_numpy(call, accelerator_rules):
    x = numpy.random.default_rng(3).uniform(0, 1, 6)
    expected = call(numpy, x)
    with HostReads() as hr:  # (on the test device: the calls' own np.asarray(list) go to the default one)
        got = call(torchnp, torchnp.asarray(x, device=DEVICE))
    assert not hr.reads
    # results stay arrays, as on an accelerator (§1.3)
    assert_like_numpy(got, numpy.asarray(expected) if isinstance(expected, numpy.generic) else expected)


def test_place_without_sync(accelerator_rules):
    a = numpy.arange(8.0)
    m = a % 3 == 0
    numpy.place(a, m, [10.0, 20.0])
    t = torchnp.arange(8.0, device="cpu")
    with HostReads() as hr:
        torchnp.place(t, torchnp.asarray(numpy.arange(8.0) % 3 == 0, device="cpu"), [10.0, 20.0])
    assert not hr.reads
    assert_like_numpy(t, a, device="cpu")


def test_errstate_restores_numpy_errors_on_accelerators():
    """§3.5: on an accelerator NumPy's value checks run only under np.errstate(invalid='raise')."""
    class T:  # stands for a tensor on an accelerator
        device = torch.device("meta")
        is_meta = False

    assert not _device.checks_data(T())
    with numpy.errstate(invalid="raise"):
        assert _device.checks_data(T())
    assert _device.checks_data(torch.zeros(1)) is _device.CPU_VALUE_CHECKS  # the CPU: yes, unless it stands in
