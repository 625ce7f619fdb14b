"""torchnp.random (docs/design.md §5.4): NumPy's random API, following the data.

On the CPU the numbers are NumPy's, bit for bit: ``default_rng(seed)`` draws with
``numpy.random.default_rng(seed)``'s generator, ``RandomState(seed)`` with NumPy's, and
the legacy module-level functions (``seed``, ``rand``, ``randn``, ``randint``, ``choice``,
``shuffle``, ``normal``, ..., ``get_state``/``set_state``) with NumPy's global
``RandomState`` itself, so ``torchnp.random.seed(s)`` is ``numpy.random.seed(s)``. Results
are CPU torchnp arrays sharing NumPy's memory, and a draw without ``size`` is NumPy's own
scalar (§1.3). On an accelerator draws are made on the device by torch's generators
(fast; other numbers), unless NumPy's stream is asked for: ``default_rng(seed,
stream="numpy")`` per generator, :func:`set_stream` (or ``TORCHNP_RANDOM_STREAM``)
globally. Inside ``torchnp.jit`` torch's generator draws; ``seed(s)`` also seeds torch's
global generators, which compiled code draws from. See docs/random.md.
"""

import numpy as _np
import torch as _torch

from numpy.random import MT19937, PCG64, PCG64DXSM, SFC64, BitGenerator, Philox

from ._generator import Generator, RandomState, SeedSequence, default_rng, _METHODS
from ._stream import get_stream, set_stream

_LEGACY = tuple(n for n in _np.random.__all__ if callable(getattr(_np.random.RandomState, n, None))
                and n != "seed") + ("ranf", "sample")

#: NumPy's bit generators, re-exported: ``default_rng(PCG64(7))``, ``Generator(PCG64(7))`` and
#: ``RandomState(MT19937(7))`` draw from them on the CPU (and take their seed on devices).
BIT_GENERATORS = ("BitGenerator", "MT19937", "PCG64", "PCG64DXSM", "Philox", "SFC64")

__all__ = ["Generator", "RandomState", "SeedSequence", "default_rng", "seed", "get_bit_generator",
           "set_bit_generator", "set_stream", "get_stream", *BIT_GENERATORS, *dict.fromkeys(_LEGACY)]

#: the global RandomState: NumPy's own global one on the host, torch's generators on devices
_global = RandomState(_numpy=_np.random.mtrand._rand)


def seed(seed=None):
    """Reseed the global RandomState (``numpy.random.seed``, which it is on the host) and
    torch's global generators (what ``torchnp.jit`` code draws from)."""
    _global.seed(seed)
    if seed is not None:
        _torch.manual_seed(_global._seed)


def get_bit_generator():
    """The bit generator of the global RandomState (``numpy.random.get_bit_generator``)."""
    return _np.random.get_bit_generator()


def set_bit_generator(bitgen):
    """Set the bit generator of the global RandomState (``numpy.random.set_bit_generator``)."""
    _np.random.set_bit_generator(bitgen)


def _legacy(name):
    method = getattr(RandomState, name)

    def func(*args, **kwargs):
        return getattr(_global, name)(*args, **kwargs)

    func.__name__ = name
    func.__qualname__ = name
    func.__doc__ = ((method.__doc__ or "").rstrip() +
                    f"\n\nThe legacy ``numpy.random.{name}``: drawn from the global :class:`RandomState`.")
    try:
        import inspect

        sig = inspect.signature(method)
        func.__signature__ = sig.replace(parameters=list(sig.parameters.values())[1:])
    except (TypeError, ValueError):
        pass
    return func


globals().update({_n: _legacy(_n) for _n in _LEGACY})


import numpy.random as _numpy_mirror  # noqa: E402
from .._host_only import mirror_getattr as _mirror_getattr  # noqa: E402

__getattr__ = _mirror_getattr(__name__, _numpy_mirror)  # NumPy's private names; a clear AttributeError otherwise
del _mirror_getattr
