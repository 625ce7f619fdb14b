"""torchnp.scipy's dispatch (DESIGN §8): SciPy's layout and signatures, follow the data,
host-only names refused on a device, docs/scipy.md in step with the code."""

import inspect
import re
import subprocess
import sys
from pathlib import Path

import numpy
import pytest
import scipy

import torchnp
import torchnp.scipy
from torchnp.scipy import _dispatch
from scipy_support import accelerator_rules, resolve

DOCS = Path(__file__).resolve().parent.parent / "docs" / "scipy.md"


def _load_all():
    for sub in torchnp.scipy.SUBPACKAGES:
        getattr(torchnp.scipy, sub)
    return dict(_dispatch.DEVICE)


def test_import_torchnp_never_imports_scipy():  # §8.1
    code = "import sys, torchnp; torchnp.asarray([1.0]).sum(); print('scipy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_layout():  # §8.1: both spellings, SciPy's subpackage names
    from torchnp import scipy as s
    import torchnp.scipy.special as sp

    assert s.special is sp is torchnp.scipy.special
    for sub in torchnp.scipy.SUBPACKAGES:
        assert hasattr(scipy, sub) or sub in ("spatial",)
    with pytest.raises(AttributeError):
        torchnp.scipy.no_such_subpackage


def test_every_device_function_has_a_fake_cuda_case():  # §8.2, §7
    import scipy_cases

    missing = sorted(f"scipy.{n}" for n in _load_all() if f"scipy.{n}" not in scipy_cases.CASES)
    assert not missing, f"device functions without a case in tests/scipy_cases/: {missing}"
    extra = sorted(n for n in scipy_cases.CASES if n[len("scipy."):].split("[")[0] not in _dispatch.DEVICE)
    assert not extra, f"cases for functions without a device implementation: {extra}"


def _parameters(fn):
    return [(p.name, p.kind, p.default) for p in inspect.signature(fn).parameters.values()]


@pytest.mark.parametrize("name", sorted(_load_all()))
def test_signature_is_scipys(name):  # §8.1: names, keyword names, defaults
    ours, theirs = _dispatch.DEVICE[name], resolve("scipy", name)
    if name in _dispatch.SIGNATURE_DIFFERS:  # SciPy's own is generic (*args, **kwds): the reason is documented
        assert len(_dispatch.SIGNATURE_DIFFERS[name]) > 20
        return
    if isinstance(theirs, numpy.ufunc):  # SciPy's ufuncs have no Python signature: their arity
        params = [p for p in inspect.signature(ours).parameters.values() if p.default is inspect.Parameter.empty]
        assert len(params) == theirs.nin, f"{name}: {len(params)} operands, SciPy's ufunc takes {theirs.nin}"
        return
    try:
        want = _parameters(theirs)
    except ValueError:
        pytest.skip(f"scipy.{name} has no inspectable signature")
    got = _parameters(ours)
    assert [(n, d if not isinstance(d, numpy.ndarray) else None) for n, _, d in got] == \
           [(n, d if not isinstance(d, numpy.ndarray) else None) for n, _, d in want], f"{name}: {got} != SciPy's {want}"


def test_host_only_name_runs_scipy_on_host_data():  # §8.2, §8.3
    x = numpy.linspace(0.1, 0.9, 5)
    got = torchnp.scipy.special.ndtri(torchnp.asarray(x))  # no device implementation of its own: SciPy's
    assert isinstance(got, torchnp.ndarray)
    numpy.testing.assert_array_equal(got.to_numpy(), scipy.special.ndtri(x), strict=True)


def test_host_only_name_refuses_device_arrays():  # §8.3: a TypeError naming the function and the fix
    x = torchnp.empty(3, device="meta")
    with pytest.raises(TypeError, match=r"torchnp\.scipy\.special\.airy.*x\.to_numpy\(\)"):
        torchnp.scipy.special.airy(x)


def test_unknown_name_is_an_attribute_error():
    with pytest.raises(AttributeError, match="no_such_function"):
        torchnp.scipy.special.no_such_function
    with pytest.raises(AttributeError):
        torchnp.scipy.special._private


def test_device_path_keeps_the_device_and_gives_arrays():  # §8.2 on the meta device (no data at all)
    got = torchnp.scipy.special.erf(torchnp.empty(3, dtype="float32", device="meta"))
    assert got.device.type == "meta" and got.dtype == numpy.float32 and got.shape == (3,)


@pytest.mark.host_rules  # the CPU standing in for a GPU beside the host rules (on a GPU, the rest of the suite)
def test_accelerator_rules_run_the_torch_implementation():  # §7: the code a GPU runs, on the CPU
    x = numpy.linspace(-2, 2, 7)
    with accelerator_rules():
        got = torchnp.scipy.special.erf(0.5)
    assert isinstance(got, torchnp.ndarray) and got.ndim == 0  # 0-d array, not a host scalar
    assert type(torchnp.scipy.special.erf(0.5)) is numpy.float64  # host rules: SciPy's scalar
    numpy.testing.assert_allclose(got.item(), scipy.special.erf(0.5), rtol=1e-15)
    with accelerator_rules():
        numpy.testing.assert_allclose(torchnp.scipy.special.erf(torchnp.asarray(x)).to_numpy(),
                                      scipy.special.erf(x), rtol=1e-14)


def test_autograd_runs_the_torch_implementation():  # gradients flow through the device path
    x = torchnp.asarray([0.3, 0.7], device="cpu")
    g = torchnp.grad(lambda v: torchnp.scipy.special.erf(v).sum())(x)
    numpy.testing.assert_allclose(g.to_numpy(), 2 / numpy.sqrt(numpy.pi) * numpy.exp(-x.to_numpy() ** 2),
                                  rtol=1e-14)


def _documented():
    rows, section = {}, None
    for line in DOCS.read_text().splitlines():
        if line.startswith("### "):
            section = line[4:].strip()
        m = re.match(r"\|\s*`([\w.]+)`\s*\|\s*(yes|host only)\s*\|", line)
        if m and section:
            module = "spatial.distance" if section == "spatial.distance" else section
            rows[f"{module}.{m.group(1)}"] = m.group(2)
    return rows


def test_docs_table_matches_the_code():  # §8.3: docs/scipy.md says what runs on the device
    rows = _documented()
    device = set(_load_all())
    claimed = {n for n, v in rows.items() if v == "yes"}
    assert device - claimed == set(), f"device functions missing from docs/scipy.md: {sorted(device - claimed)}"
    assert claimed - device == set(), f"docs/scipy.md claims a device implementation: {sorted(claimed - device)}"
