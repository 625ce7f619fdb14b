"""Fake-CUDA cases of torchnp.scipy (DESIGN §8.2; tests/fake_cuda.py): one module per SciPy
subpackage, each a ``CASES`` dict ``"scipy.<sub>.<name>" -> c(args...)`` built from
tests/fake_cuda.py's ``Arr``/``c``. Every function with a device implementation
(``torchnp.scipy._dispatch.DEVICE``) has a case (tests/test_scipy_dispatch.py)."""

import importlib

import scipy  # noqa: F401 - without SciPy (an optional extra) there is no oracle: ImportError

SUBPACKAGES = ("special", "stats", "ndimage", "signal", "fft", "linalg", "spatial", "interpolate", "integrate", "optimize")

CASES = {}
for _sub in SUBPACKAGES:
    try:
        _mod = importlib.import_module(f"scipy_cases.{_sub}")
    except ModuleNotFoundError as exc:
        if exc.name != f"scipy_cases.{_sub}":
            raise
        continue
    CASES.update(_mod.CASES)
