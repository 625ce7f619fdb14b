"""torchnp: NumPy-compatible arrays on PyTorch devices.

``import torchnp as np`` and existing NumPy code runs on a GPU (or on the CPU
through NumPy's or torch's kernels, whichever is faster) with NumPy's results. The contract is docs/design.md; the
layout follows NumPy's documentation sections:

- ``_array``            the ndarray object (§1)
- ``_dtypes``           dtypes and promotion (§2); ``_dtype_routines``: result_type, can_cast, ... on arrays
- ``_device``           devices (§3)
- ``_bridges``          NumPy / torch / DLPack bridges (§4)
- ``_creation``         array creation routines, window functions
- ``_ufuncs``           elementwise functions as ufunc objects (§5.2), binary operations
- ``_reductions``       sums, products, extrema, truth-value reductions, statistics, histograms
- ``_manipulation``     shape, joining, splitting, rearranging, indexing routines
- ``_sorting``          sorting, searching, counting, sets
- ``_products``         dot, matmul, einsum, ...
- ``_mathematical``     mathematical functions that are not ufuncs (rounding, convolve, interp, ...)
- ``_logic``            logic functions that are not ufuncs (isclose, array_equal, type tests, ...)
- ``_poly``             the legacy polynomial API (poly1d, polyfit, ...)
- ``_misc``             NumPy's "Miscellaneous routines" (buffer size, memory ranges)
- ``_boundary``         the API boundary: operand rules (§3.3), host-only data (§2.5)
- ``_host_only``        NumPy's own names for host-only dtypes (§2.5)
- ``linalg``, ``fft``, ``random``, ``testing``, ``emath``: submodules (§5.1)
- ``jit``               torch.compile for NumPy-style code (§6)
"""

import gc as _gc
import math as _math
import os as _os
import sys as _sys

# Large CPU results on transparent huge pages, as NumPy does for its own arrays (§7, issue 7):
# torch reads this once, at its first large CPU allocation. Without it every fresh 10^7-element
# float64 result costs ~20000 page faults (measured: x*x 45 ms against NumPy's 11 ms; 11 ms
# with it). Set THP_MEM_ALLOC_ENABLE=0 in the environment to opt out.
_os.environ.setdefault("THP_MEM_ALLOC_ENABLE", "1")
# torch's OpenMP threads sleep between parallel regions instead of spinning (issue 27): on host data
# NumPy's loops (on torchnp's own threads, _threaded) and torch's kernels take turns, and a pool
# that spins for a while after each torch kernel holds the cores NumPy's next loop needs (2 idle
# cores: x.sum() of 8*10^6 took 2.17 ms after a torch call, 1.49 ms with sleeping threads; torch's
# own kernels the same). OpenMP reads it when torch loads: set OMP_WAIT_POLICY to opt out.
if "torch" not in _sys.modules:
    _os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

__version__ = "0.1.0"
__array_api_version__ = "2024.12"

# Garbage collection during the import (issue 23): torch's and torchnp's modules make ~250k
# long-lived objects, whose allocation triggered 2-3 full collections while importing (one in
# torchnp's own part: ~110 ms on an idle machine) and which every later full collection of the
# program rescans. The collector is off while importing (the import makes no garbage cycles
# of its own: 70 objects), and what the import made is frozen (``gc.freeze``, as for a server
# that forks: never scanned again; torch's import leaves ~7000 garbage objects there); the
# user's setting (enabled or not, thresholds) is as it was. TORCHNP_GC_FREEZE=0 opts out of
# the freeze.
_gc_enabled = _gc.isenabled()
_gc.disable()
try:
    from ._dtypes import *  # noqa: F401,F403
    from ._device import *  # noqa: F401,F403
    from ._array import ndarray, flatiter  # noqa: F401
    from ._dtype_routines import *  # noqa: F401,F403
    from ._convert import asarray  # noqa: F401
    from ._bridges import *  # noqa: F401,F403
    from ._printing import *  # noqa: F401,F403
    from ._creation import *  # noqa: F401,F403
    from ._ufuncs import *  # noqa: F401,F403
    from ._reductions import *  # noqa: F401,F403
    from ._manipulation import *  # noqa: F401,F403
    from ._sorting import *  # noqa: F401,F403
    from ._products import *  # noqa: F401,F403
    from ._mathematical import *  # noqa: F401,F403
    from ._logic import *  # noqa: F401,F403
    from ._poly import *  # noqa: F401,F403
    from ._misc import *  # noqa: F401,F403
    from ._io import *  # noqa: F401,F403
    from ._autodiff import *  # noqa: F401,F403
    from ._protocols import *  # noqa: F401,F403
    from ._host_only import *  # noqa: F401,F403
    from . import _host_only
    from . import emath, linalg, fft, random  # noqa: F401  (testing: on first use, below)
    from . import lib  # noqa: F401
    from .jit import jit  # noqa: F401

    newaxis = None
    pi = _math.pi
    e = _math.e
    inf = float("inf")
    nan = float("nan")
    euler_gamma = 0.5772156649015329
    little_endian = True

    from . import _boundary as _b  # noqa: E402
    import numpy as _numpy  # noqa: E402

    # Every public function goes through the boundary (§7, §2.5), resolved once here; then the
    # ndarray methods are made from the same functions.
    _b.declare(globals(), "torchnp", _numpy, [n for n in list(globals()) if not n.startswith("_")])
    for _sub, _np_sub in ((linalg, _numpy.linalg), (fft, _numpy.fft), (random, _numpy.random), (emath, _numpy.emath),
                          (lib.stride_tricks, _numpy.lib.stride_tricks), (lib.array_utils, _numpy.lib.array_utils)):
        _b.declare(vars(_sub), _sub.__name__, _np_sub,  # a submodule's public names: its __all__
                   getattr(_sub, "__all__", None) or [n for n in list(vars(_sub)) if not n.startswith("_")])
    del _sub, _np_sub
    _b.save_compiled()  # the generated wrappers' byte code, for the next import (as Python's .pyc files)

    from . import _methods as _m  # noqa: E402
    from . import _protocols as _p  # noqa: E402

    _m.attach(globals())
    _p.attach(_sys.modules[__name__])  # NumPy's protocols answer from the complete namespace (§5.3)

    from ._interop import __array_namespace_info__, install as _install_interop  # noqa: E402,F401  (issue 8)

    _install_interop(_sys.modules[__name__])  # Dask: registers now, or installs the lazy hook
    if _os.environ.get("TORCHNP_GC_FREEZE", "1") != "0":
        _gc.freeze()
finally:
    if _gc_enabled:
        _gc.enable()
del _gc_enabled


#: submodules imported on first use, as NumPy imports its own (``import torchnp`` stays short):
#: torchnp's ``testing`` (it imports ``numpy.testing``), ``polynomial`` (it compiles NumPy's
#: series modules), ``array_api`` and ``scipy``; NumPy's own ``char``, ``strings``, ``rec``, ``ma`` (§2.5)
_LAZY = {"testing": "torchnp.testing", "polynomial": "torchnp.polynomial", "array_api": "torchnp.array_api",
         "scipy": "torchnp.scipy",  # the optional SciPy mirror (§8): SciPy itself loads on a first host call
         **{_name: f"numpy.{_name}" for _name in _host_only.MODULES}}


def __getattr__(name):
    """The lazily imported submodules (``_LAZY``); a NumPy name torchnp does not have:
    AttributeError that says why (docs/differences.md)."""
    if name in _LAZY:
        import importlib

        module = globals()[name] = importlib.import_module(_LAZY[name])
        return module
    if name == "core":  # NumPy 2's deprecated alias of its implementation package: NumPy's own (host data, §2.5)
        return _numpy.core
    from ._coverage import UNSUPPORTED, UNSUPPORTED_SUBMODULES

    why = UNSUPPORTED.get(name) or UNSUPPORTED_SUBMODULES.get(name)
    if why is None:
        raise AttributeError(f"module 'torchnp' has no attribute {name!r}")
    raise AttributeError(f"torchnp.{name} is not supported: {why} (see docs/differences.md)")


def __dir__():
    return sorted(set(globals()) | set(_LAZY))
