"""Adapters for the ecosystem (issue 8): array API inspection, Dask.

Dask registration is lazy and costs nothing at ``import torchnp``: if ``dask.array`` is
already imported it runs now, otherwise a post-import hook runs it right after
``dask.array`` finishes importing (in the client and in every worker process, which
import torchnp when they unpickle a torchnp array). ``register_dask()`` runs it
explicitly. torchnp never imports dask itself.
"""

import importlib.abc
import importlib.util
import sys

from ._array_api import __array_namespace_info__  # noqa: F401

__all__ = ["__array_namespace_info__"]


#: the complete ``torchnp`` namespace, given by :func:`install` (it imports this package, §7)
_torchnp = None


def register_dask():
    """Register torchnp arrays as a Dask chunk type (done automatically; idempotent)."""
    from ._dask import register

    register(_torchnp)


class _Loader(importlib.abc.Loader):
    """Runs the real loader of ``dask.array``, then :func:`register_dask`."""

    def __init__(self, loader):
        self._loader = loader

    def create_module(self, spec):
        return self._loader.create_module(spec)

    def exec_module(self, module):
        module.__spec__.loader = module.__loader__ = self._loader  # leave no trace once loaded
        self._loader.exec_module(module)
        try:
            register_dask()
        except Exception as exc:  # never break ``import dask.array``
            import warnings

            warnings.warn(f"torchnp could not register with Dask ({exc!r}); "
                          "call torchnp._interop.register_dask() to see the error", RuntimeWarning)


class _DaskHook(importlib.abc.MetaPathFinder):
    """Post-import hook for ``dask.array``; removes itself after the first use."""

    def find_spec(self, name, path=None, target=None):
        if name != "dask.array":
            return None
        _remove_hook()
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.loader is not None:
            spec.loader = _Loader(spec.loader)
        return spec


_hook = _DaskHook()


def _remove_hook():
    try:
        sys.meta_path.remove(_hook)
    except ValueError:
        pass


def install(namespace):
    """Register with Dask now if ``dask.array`` is imported, else when it is (called by
    ``torchnp/__init__.py`` with the complete namespace)."""
    global _torchnp
    _torchnp = namespace
    if "dask.array" in sys.modules:
        register_dask()
    elif _hook not in sys.meta_path:
        sys.meta_path.insert(0, _hook)
