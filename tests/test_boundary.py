"""The API boundary (docs/design.md §7, §2.5, §3.3): every public function goes through it.

A function is declared once; ``_boundary.declare`` (run at import) gives it a wrapper with
the implementation's exact signature that routes host-only data to NumPy and scalar results
to NumPy's scalars. These tests walk the public namespace so that a function added later
without the boundary fails here.
"""

import importlib
import inspect
import pkgutil
import types

import numpy
import pytest

import torchnp
from torchnp import _boundary
from torchnp._ufuncs import ufunc

from support import assert_like_numpy

def _lib_modules():
    """Every public module of ``torchnp.lib`` (``lib.scimath`` is ``emath``), found, not listed."""
    found = [importlib.import_module(f"torchnp.lib.{m.name}") for m in pkgutil.iter_modules(torchnp.lib.__path__)
             if not m.name.startswith("_")]
    found += [v for k, v in vars(torchnp.lib).items() if isinstance(v, types.ModuleType) and not k.startswith("_")]
    return list({id(m): m for m in found}.values())


SUBMODULES = [torchnp, torchnp.linalg, torchnp.fft, torchnp.random, torchnp.emath, *_lib_modules()]


def _public_functions():
    for mod in SUBMODULES:
        for name in dir(mod):
            obj = getattr(mod, name)
            if name.startswith("_") or not callable(obj) or isinstance(obj, type):
                continue
            if isinstance(obj, types.FunctionType) and (obj.__module__ or "").startswith("torchnp"):
                yield f"{mod.__name__}.{name}", obj


FUNCTIONS = dict(_public_functions())


def test_the_walk_finds_the_namespace():
    assert len(FUNCTIONS) > 300 and "torchnp.sum" in FUNCTIONS and "torchnp.linalg.solve" in FUNCTIONS
    assert {"torchnp.lib.stride_tricks", "torchnp.lib.array_utils"} <= {m.__name__ for m in SUBMODULES}


@pytest.mark.parametrize("mod", SUBMODULES, ids=lambda m: m.__name__)
def test_no_public_callable_escapes_the_walk(mod):  # §7: torchnp's callables are declared functions or ufuncs
    escaped = []
    for name in dir(mod):
        obj = getattr(mod, name)
        if name.startswith("_") or not callable(obj) or isinstance(obj, (type, ufunc, types.FunctionType)):
            continue
        owner = getattr(obj, "__module__", None) or type(obj).__module__ or ""
        if owner.split(".")[0] != "numpy":  # NumPy's own objects (datetime functions, §2.1) stay NumPy's
            escaped.append(name)
    assert not escaped, f"{mod.__name__}: callables that bypass the boundary's declarations: {escaped}"


@pytest.mark.parametrize("name", sorted(FUNCTIONS))
def test_every_public_function_goes_through_the_boundary(name):  # §7
    fn = FUNCTIONS[name]
    assert getattr(fn, "_boundary", False), f"{name} bypasses the boundary (not declared)"
    assert name in _boundary.DECLARED
    decl = _boundary.DECLARED[name]
    assert inspect.signature(fn) == inspect.signature(decl.impl)  # the implementation's exact signature
    assert set(decl.kinds) == set(inspect.signature(fn).parameters)  # every parameter has a declared kind
    assert set(decl.kinds.values()) <= set(_boundary.PARAMETER_KINDS.values()) | {"option"}


CASTING_FUNCTIONS = sorted(n for n, d in _boundary.DECLARED.items() if "casting" in d.kinds and d.numpy is not None)


def test_casting_functions_are_declared():  # §7: the declarations name the casting= parameters
    assert {"torchnp.einsum", "torchnp.concatenate", "torchnp.stack"} <= set(CASTING_FUNCTIONS)


@pytest.mark.parametrize("name", CASTING_FUNCTIONS)
@pytest.mark.parametrize("casting", ["bogus", 3, "SAFE"])
def test_bad_casting_is_refused_at_the_boundary(name, casting):  # §7: NumPy's exception before any work
    fn, np_fn = FUNCTIONS[name], _boundary.DECLARED[name].numpy
    n_arrays = sum(1 for p in inspect.signature(fn).parameters.values()
                   if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)) or 1
    args = {"torchnp.einsum": ("ij->i", numpy.ones((2, 2))), "torchnp.can_cast": (numpy.float64, numpy.int8)}.get(
        name, [[numpy.ones((2, 2))]] * n_arrays)
    with pytest.raises(Exception) as want:  # noqa: PT011 - the type is NumPy's, compared below
        np_fn(*args, casting=casting)
    with pytest.raises(want.type):
        fn(*args, casting=casting)


def test_ufuncs_are_objects_with_the_boundary_inside():  # §5.2: ufuncs convert through _boundary.operand
    ufuncs = [getattr(torchnp, n) for n in dir(torchnp) if isinstance(getattr(torchnp, n), ufunc)]
    assert len(ufuncs) > 80
    for uf in ufuncs:
        assert isinstance(uf, ufunc)


@pytest.mark.parametrize("name", ["sum", "mean", "std", "max", "argmax", "median", "percentile", "dot", "vdot",
                                  "trace", "ptp", "average", "count_nonzero", "interp", "linalg.norm",
                                  "linalg.det"])
def test_scalar_results_are_numpy_scalars(name):  # §1.3: the same type NumPy returns, on the host
    a = numpy.array([[3.0, 1.0], [2.0, 5.0]])
    args = {"percentile": (a, 30.0), "dot": (a[0], a[1]), "vdot": (a[0], a[1]), "interp": (2.5, [1.0, 3.0], [0.0, 1.0])}
    np_args = args.get(name, (a,))
    # host data (lists too: they would be built on the default device, where §1.3's scalars are 0-d arrays)
    tn_args = tuple(torchnp.asarray(v, device="cpu") if isinstance(v, (numpy.ndarray, list)) else v for v in np_args)
    resolve = lambda mod: eval(f"mod.{name}", {"mod": mod})  # noqa: E731
    expected = resolve(numpy)(*np_args)
    got = resolve(torchnp)(*tn_args)
    assert_like_numpy(got, expected, device="cpu")


def test_scalar_results_with_out_return_out():  # §1.3: out= is given back, a 0-d array as NumPy's
    out = torchnp.zeros((), device="cpu")
    r = torchnp.sum(torchnp.arange(4.0, device="cpu"), out=out)
    assert r is out and r.ndim == 0 and float(r) == 6.0


def test_scalar_results_stay_arrays_on_a_device():  # §1.3: no hidden sync
    m = torchnp.ones(3, device="meta")
    for r in (m.sum(), torchnp.mean(m), m[0], torchnp.sin(m[0]), torchnp.linalg.norm(m)):
        assert isinstance(r, torchnp.ndarray) and r.ndim == 0 and r.device.type == "meta"


def test_host_only_data_runs_numpys_function():  # §2.5
    labels = numpy.array(["Hare", "Lynx", "Hare"])
    for name, args in [("unique", (labels,)), ("sort", (labels,)), ("concatenate", ((labels, labels),)),
                       ("where", (labels == "Hare", labels, "x")), ("full", (2, "ab"))]:
        got, expected = getattr(torchnp, name)(*args), getattr(numpy, name)(*args)
        assert type(got) is numpy.ndarray and got.dtype == expected.dtype
        numpy.testing.assert_array_equal(got, expected)


def test_compiled_wrappers_are_kept_between_runs(tmp_path, monkeypatch):
    # §7 (import cost): the generated wrappers' byte code is kept as Python keeps a module's .pyc;
    # what is read back is exactly what compiling the same source gives, and nothing else is read
    import marshal
    import sys

    path = tmp_path / "_boundary.wrappers"
    monkeypatch.setattr(_boundary, "_compiled_cache_path", lambda: str(path))
    monkeypatch.setattr(_boundary, "_COMPILED_NEW", ["compiled in this run"])
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    _boundary.save_compiled()
    assert not path.exists()  # PYTHONDONTWRITEBYTECODE: nothing written
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    _boundary.save_compiled()
    kept = _boundary._load_compiled()
    assert kept.keys() == _boundary._COMPILED_USED and len(kept) > 100
    assert all(code == compile(src, "<torchnp boundary>", "exec") for src, code in kept.items())
    for junk in (b"not marshal data", marshal.dumps({"def _w(): pass": "not code", 1: 2}), marshal.dumps([1])):
        path.write_bytes(junk)
        assert _boundary._load_compiled() == {}
