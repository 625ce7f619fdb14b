"""The coverage report (``python -m torchnp coverage``, issue 4): it runs, its claims are true,
and the unsupported table only names things torchnp really lacks."""

import importlib
import io
import types

import numpy
import pytest

import torchnp
from torchnp import _coverage


@pytest.mark.parametrize("module", _coverage.MODULES)
def test_claims_are_true(module):
    c = _coverage.coverage(module)
    tn = importlib.import_module(module.replace("numpy", "torchnp", 1))
    np_mod = importlib.import_module(module)
    assert c["total"] == len(c["present"]) + len(c["missing"]) + len(c["unsupported"])
    for name in c["present"]:  # every name claimed present really is an attribute
        assert hasattr(tn, name), name
        assert hasattr(np_mod, name), name
    for name in c["missing"] + list(c["unsupported"]):
        assert not hasattr(tn, name), name
    for name, why in c["unsupported"].items():
        assert why and "\n" not in why
    public = {n for n in dir(np_mod) if not n.startswith("_") and n not in _coverage.NOT_API}
    counted = set(c["present"]) | set(c["missing"]) | set(c["unsupported"])
    assert counted <= public
    for name in public - counted:  # only submodules are left out, each reported
        assert isinstance(getattr(np_mod, name), types.ModuleType), name
        assert (name in c["submodules"]) != (name in c["unsupported_submodules"]), name
    for name, ok in c["submodules"].items():
        assert ok == hasattr(tn, name)
    assert c["percent"] == pytest.approx(100.0 * len(c["present"]) / c["total"])


def test_unsupported_table_names_numpy_names():
    public = set(dir(numpy)) | set(dir(numpy.random))
    assert set(_coverage.UNSUPPORTED) <= public
    assert set(_coverage.NOT_API) <= public


def test_report_text_and_markdown():
    buf = io.StringIO()
    cs = _coverage.report(buf)
    text = buf.getvalue()
    for c in cs:
        assert f"{c['module']}: {len(c['present'])}/{c['total']}" in text
    assert "unsupported: memmap" in text
    assert "unsupported submodule: numpy.f2py:" in text
    buf = io.StringIO()
    _coverage.report(buf, markdown=True)
    md = buf.getvalue()
    assert md.startswith("| NumPy module |") and "| `numpy.fft` |" in md


def test_main(capsys):
    assert _coverage.main(["--module", "numpy.fft"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("numpy.fft:") and "numpy.random" not in out
    assert _coverage.main(["coverage", "--markdown"]) == 0
    assert "| `numpy` |" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        _coverage.main(["--module", "numpy.ma"])


def test_issue4_families_complete():  # 100% of the sorting/products/"rest" families of issue 4
    names = """sort argsort lexsort partition argpartition searchsorted intersect1d union1d setdiff1d setxor1d isin
    dot vdot inner outer matmul tensordot einsum einsum_path kron cross trace diagonal around round fix real imag
    conj angle nan_to_num isclose allclose array_equal array_equiv iscomplexobj isrealobj iscomplex isreal isscalar
    shape ndim size may_share_memory shares_memory can_cast result_type promote_types min_scalar_type common_type
    finfo iinfo iterable packbits unpackbits binary_repr base_repr emath""".split()
    assert [n for n in names if not hasattr(torchnp, n)] == []


def test_emath_and_exceptions_importable():
    import importlib

    assert importlib.import_module("torchnp.emath") is torchnp.emath
    assert importlib.import_module("torchnp.exceptions").AxisError is numpy.exceptions.AxisError


@pytest.mark.parametrize("name,words", [("memmap", "file"), ("nested_iters", "iterator")])
def test_unsupported_names_raise_attributeerror_saying_why(name, words):
    # DESIGN: never silently different; `np.ma.masked_where` in ported code says why it fails
    assert not hasattr(torchnp, name)
    with pytest.raises(AttributeError, match=words):
        getattr(torchnp, name)
    with pytest.raises(AttributeError, match="no attribute 'no_such_name'"):
        torchnp.no_such_name


@pytest.mark.parametrize("name", ["char", "strings", "rec", "ma", "busday_count", "isnat", "datetime_as_string",
                                  "recarray", "fromregex", "matrix", "asmatrix", "bmat"])
def test_host_only_names_are_numpys_own(name):  # §2.5: NumPy's modules and functions for host-only data
    assert getattr(torchnp, name) is getattr(numpy, name)
