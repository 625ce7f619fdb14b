"""torchnp.scipy: SciPy's functions on torchnp arrays, following the data (DESIGN §8).

One subpackage per SciPy subpackage, with SciPy's names, signatures, defaults, result
types and exceptions. Host data (CPU torchnp arrays, NumPy arrays, Python data on a CPU
default device) runs SciPy's own function on zero-copy NumPy views: SciPy's exact results.
Arrays on an accelerator run a torch implementation on their device; a SciPy function
without one raises ``TypeError`` for them, naming the explicit fix (docs/scipy.md).

Subpackages load on first use (``from torchnp import scipy``, ``torchnp.scipy.special``,
``import torchnp.scipy.ndimage as ndi``); SciPy itself is imported only when a function
runs on host data (``pip install "torchnp[scipy]"``).
"""

import importlib

#: SciPy's subpackages mirrored here (each a module of this package)
SUBPACKAGES = ("special", "stats", "ndimage", "signal", "fft", "linalg", "spatial", "interpolate", "integrate", "optimize")

__all__ = list(SUBPACKAGES)


def __getattr__(name):
    if name in SUBPACKAGES:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module 'torchnp.scipy' has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(SUBPACKAGES))
