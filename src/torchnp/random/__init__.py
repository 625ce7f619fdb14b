"""torchnp.random (DESIGN.md §5.4): NumPy's random API, generated on torch devices.

``default_rng(seed, device=...)`` gives a :class:`Generator`; the legacy
module-level functions (``seed``, ``rand``, ``randn``, ``randint``, ``choice``,
``shuffle``, ``normal``, ...) use one global :class:`RandomState` per process,
which keeps one torch generator per device. Numbers are drawn on the device
where the result lives and are reproducible under a seed on a given device;
the streams do not match NumPy's bits. ``seed(s)`` also seeds torch's global
generators, which code compiled by ``torchnp.jit`` draws from.
"""

import torch as _torch

from numpy.random import MT19937, PCG64, PCG64DXSM, SFC64, BitGenerator, Philox

from ._generator import Generator, RandomState, SeedSequence, default_rng, _DISTRIBUTIONS

_LEGACY = (
    "rand", "randn", "randint", "random_integers", "random_sample", "random", "ranf", "sample",
    "choice", "shuffle", "permutation", "bytes", "standard_normal", "standard_exponential",
    "standard_gamma", "multinomial", "dirichlet", "multivariate_normal", "get_state", "set_state",
) + tuple(_DISTRIBUTIONS)

#: NumPy's bit generators, re-exported: ``default_rng(PCG64(7))``, ``Generator(PCG64(7))`` and
#: ``RandomState(MT19937(7))`` take their seed; the numbers themselves come from torch.
BIT_GENERATORS = ("BitGenerator", "MT19937", "PCG64", "PCG64DXSM", "Philox", "SFC64")

__all__ = ["Generator", "RandomState", "SeedSequence", "default_rng", "seed", *BIT_GENERATORS, *_LEGACY]

_global = RandomState()


def seed(seed=None):
    """Reseed the global RandomState (``numpy.random.seed``) and torch's global generators."""
    _global.seed(seed)
    if seed is not None:
        _torch.manual_seed(_global._seed)


def _legacy(name):
    method = getattr(RandomState, name)

    def func(*args, **kwargs):
        return getattr(_global, name)(*args, **kwargs)

    func.__name__ = name
    func.__qualname__ = name
    func.__doc__ = ((method.__doc__ or "").rstrip() +
                    f"\n\nThe legacy ``numpy.random.{name}``: drawn from the global :class:`RandomState`.")
    try:
        func.__signature__ = method.__signature__.replace(parameters=list(method.__signature__.parameters.values())[1:])
    except AttributeError:
        pass
    return func


globals().update({_n: _legacy(_n) for _n in _LEGACY})
