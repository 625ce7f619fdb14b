"""Fake-CUDA cases of torchnp.scipy (DESIGN §8.2; tests/fake_cuda.py): one module per SciPy
subpackage, each a ``CASES`` dict ``"scipy.<sub>.<name>" -> c(args...)`` built from
tests/fake_cuda.py's ``Arr``/``c`` (every module of this package is loaded). Every function with a device implementation
(``torchnp.scipy._dispatch.DEVICE``) has a case (tests/test_scipy_dispatch.py)."""

import importlib
import pkgutil

import scipy  # noqa: F401 - without SciPy (an optional extra) there is no oracle: ImportError

CASES = {}
for _info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):  # one module per subpackage (or part)
    CASES.update(importlib.import_module(f"scipy_cases.{_info.name}").CASES)
