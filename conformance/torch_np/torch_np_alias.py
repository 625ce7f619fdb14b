"""pytest plugin: run PyTorch's port of NumPy's tests (test/torch_np) against torchnp or NumPy.

Loaded with ``-p torch_np_alias`` (``conformance/torch_np`` on ``sys.path``). At import,
before the suite's conftest.py is collected, it puts the target module in place of
``torch._numpy`` and ``torch._numpy.testing`` (environment variable
``TORCH_NP_TARGET``: ``torchnp``, the default, or ``numpy`` for the reference run), and turns
``unittest.expectedFailure`` into a no-op so that every test runs plainly instead of being
hidden behind torch._numpy's own xfail marks. The suite's ties to torch._numpy and NumPy 1
(``torch._numpy._util``, ``np.AxisError``, ``numpy.linalg.linalg``) get the NumPy 2 names,
the same for both targets. With ``TORCH_NP_OUTCOMES=FILE`` it writes
one JSON object ``{nodeid: "passed" | "failed" | "skipped"}`` after the session, and beside it
(``FILE`` ending ``.reasons.json``) the first exception line of each failure.
"""

import importlib
import importlib.abc
import json
import os
import sys
import types
import unittest

import numpy
import torch

TARGET = os.environ.get("TORCH_NP_TARGET", "torchnp")
if TARGET not in ("torchnp", "numpy"):
    raise ValueError(f"TORCH_NP_TARGET must be 'torchnp' or 'numpy', not {TARGET!r}")

_module = importlib.import_module(TARGET)
sys.modules["torch._numpy"] = _module
torch._numpy = _module  # `import torch._numpy as np` reads the attribute
for _sub in ("testing", "linalg", "fft", "random"):
    sys.modules["torch._numpy." + _sub] = importlib.import_module(f"{TARGET}.{_sub}")


class _NoOtherSubmodules(importlib.abc.MetaPathFinder):
    """Any other ``torch._numpy.X`` (torch._numpy's private modules, which a few files import)
    is missing under both targets: without this, Python would load a second copy of the
    target's own files under that name (a second ``ndarray`` class, breaking later tests)."""

    def find_spec(self, name, path, target=None):
        if name.startswith("torch._numpy.") and name not in sys.modules:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None


sys.meta_path.insert(0, _NoOtherSubmodules())

# The suite's ties to its original target and to NumPy 1, answered alike for both targets.
_util = types.ModuleType("torch._numpy._util")
_util.normalize_axis_tuple = numpy.lib.array_utils.normalize_axis_tuple
_util.normalize_axis_index = numpy.lib.array_utils.normalize_axis_index
sys.modules["torch._numpy._util"] = _util
if not hasattr(_module, "AxisError"):
    _module.AxisError = numpy.exceptions.AxisError
sys.modules.setdefault("numpy.linalg.linalg", numpy.linalg._linalg)

# torch._numpy's xfail marks (unittest.expectedFailure, also behind
# common_utils.xpassIfTorchDynamo_np) describe torch._numpy, not the target.
unittest.expectedFailure = lambda func: func

_outcomes = {}
_reasons = {}  # nodeid -> first exception line of a failure


def pytest_report_header(config):
    return f"torch._numpy is {TARGET} {getattr(_module, '__version__', '')} ({_module.__file__})"


def _reason(report):
    """The last line of the failure's traceback (the exception), for reading the comparison."""
    text = str(report.longreprtext)
    lines = [ln[1:].strip() for ln in text.splitlines() if ln.startswith("E ")] or text.strip().splitlines()[-1:]
    return lines[0][:300] if lines else ""


def pytest_runtest_logreport(report):
    if report.when == "call" or report.outcome != "passed":
        previous = _outcomes.get(report.nodeid)
        if previous != "failed":
            _outcomes[report.nodeid] = report.outcome
            if report.outcome == "failed":
                _reasons[report.nodeid] = _reason(report)


def pytest_collectreport(report):
    if report.outcome == "failed":
        _outcomes[report.nodeid] = "failed"
        _reasons[report.nodeid] = _reason(report)


def pytest_sessionfinish(session):
    path = os.environ.get("TORCH_NP_OUTCOMES")
    if path:
        with open(path, "w") as f:
            json.dump(_outcomes, f, indent=0, sort_keys=True)
        with open(path[:-5] + ".reasons.json" if path.endswith(".json") else path + ".reasons", "w") as f:
            json.dump(_reasons, f, indent=0, sort_keys=True)
