"""torchnp as an array API namespace (docs/design.md §5.3): what ``x.__array_namespace__()`` returns.

The main namespace follows NumPy: a scalar result from host data is NumPy's own scalar
(``np.sum(x)`` is ``np.float64``, §1.3). The array API standard wants 0-d arrays there, so
this namespace is torchnp with each function's NumPy-scalar results given back as 0-d CPU
arrays (as ``array_api_compat.numpy`` does for NumPy). Everything else is torchnp's own
object: the same arrays, dtypes, devices and errors.
"""

import types as _types

import numpy as _np

import torchnp as _tn
from torchnp._array import _wrap, ndarray
from torchnp._ufuncs import ufunc as _ufunc

__array_api_version__ = _tn.__array_api_version__


def _as_array(r):
    if isinstance(r, _np.generic) and not _tn._dtypes.is_host_only(r.dtype):
        import torch

        return _wrap(torch.from_numpy(_np.asarray(r)))
    if type(r) is tuple:
        return tuple(_as_array(v) for v in r)
    if isinstance(r, tuple) and hasattr(r, "_fields"):
        return type(r)(*(_as_array(v) for v in r))
    return r


def _array_results(fn):
    def f(*args, **kwargs):
        return _as_array(fn(*args, **kwargs))

    f.__name__ = f.__qualname__ = getattr(fn, "__name__", "function")
    f.__doc__ = fn.__doc__
    f.__wrapped__ = fn
    return f


def _namespace(module, into):
    for name in dir(module):
        if name.startswith("_"):
            continue
        obj = getattr(module, name)
        if isinstance(obj, _types.FunctionType) or isinstance(obj, _ufunc):
            into[name] = _array_results(obj)
        elif not isinstance(obj, _types.ModuleType):
            into[name] = obj


_namespace(_tn, globals())
linalg = _types.ModuleType("torchnp.array_api.linalg", _tn.linalg.__doc__)
_namespace(_tn.linalg, vars(linalg))
fft = _types.ModuleType("torchnp.array_api.fft", _tn.fft.__doc__)
_namespace(_tn.fft, vars(fft))
ndarray = ndarray
__array_namespace_info__ = _tn.__array_namespace_info__
