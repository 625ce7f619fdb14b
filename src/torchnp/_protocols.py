"""NumPy's protocols (docs/design.md §5.3, §3.3): ``numpy.<func>(x)`` on torchnp arrays runs torchnp.

``__array_ufunc__`` sends ``numpy.sin(x)``, ``numpy.add.reduce(x)`` ... to the torchnp
ufunc of the same name; ``__array_function__`` sends ``numpy.mean(x)``,
``numpy.linalg.solve(a, b)`` ... to the torchnp function of the same name and module.
Results are torchnp arrays on the same device; ``numpy.ndarray`` operands are host data
(zero-copy on the CPU, DeviceMismatchError beside accelerator arrays).

A ufunc or function torchnp does not define (``scipy.special.erf(x)``, a NumPy function
torchnp lacks) runs NumPy's own implementation when every torchnp array involved is on the
CPU: on zero-copy host views, its array results wrapped back as CPU torchnp arrays (host-only
dtypes stay NumPy arrays, §2.5). On another device it raises TypeError naming the function,
since that would need a hidden device->host copy.

NumPy's input-conversion functions give ``numpy.ndarray`` on host data (§5.3, §4.3): library code
calls them to get a NumPy array out of what user code returned, then hands it to compiled code
(SciPy's L-BFGS-B: ``numpy.atleast_1d(grad(x))``, then Fortran). ``numpy.asarray``,
``asanyarray``, ``ascontiguousarray``, ``asfortranarray``, ``asarray_chkfinite``, ``require`` and
``array`` already return one (they reach ``__array__``); ``atleast_1d``/``2d``/``3d`` ("convert
inputs to arrays with at least N dimensions", NumPy's implementation: ``asanyarray`` and a
reshape) are the ones NumPy dispatches, so for CPU torchnp arrays they run NumPy's
implementation on zero-copy views too. On other devices they run torchnp (device arrays).
"""

import numpy as _np

from ._array import ndarray
from ._boundary import _torchnp_arrays as _arrays, run_on_host as _on_host
from ._ufuncs import _ufuncs

__all__ = []

#: the complete ``torchnp`` namespace (its declared functions), given by ``attach``: the namespace
#: imports this module, so this module does not import it (§7: imports form a DAG)
_torchnp = None


def _submodule(numpy_module):
    if numpy_module in ("numpy", "numpy._core.multiarray", "numpy._core.umath"):
        return _torchnp
    if numpy_module.startswith("numpy."):
        obj = _torchnp
        for part in numpy_module.split(".")[1:]:
            obj = getattr(obj, part, None)
            if obj is None:
                return None
        return obj
    return None


def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
    ours = _ufuncs.get(ufunc.__name__) if isinstance(ufunc, _np.ufunc) and _is_numpys(ufunc) else None
    if ours is None and method == "__call__" and _is_numpys(ufunc):  # gufuncs torchnp has as functions: matmul, ...
        ours = getattr(_torchnp, ufunc.__name__, None) if ufunc.signature else None
    impl = None
    if ours is not None:
        impl = ours if method == "__call__" else getattr(ours, method, None)
    if impl is None:
        what = f"{ufunc.__name__}" if method == "__call__" else f"{ufunc.__name__}.{method}"
        return _on_host(getattr(ufunc, method), inputs, kwargs, f"the ufunc {what}")
    if ufunc in _COMPARISONS:
        # NumPy hands a scalar's comparison (numpy.float64(2) < x) over as a 0-d numpy array: a scalar
        # again, which mixes with any device (§3.3). Other ufuncs get NumPy scalars as they are, so
        # there a 0-d numpy array is host data like any numpy.ndarray (DeviceMismatchError beside a device).
        inputs = tuple(i[()] if type(i) is _np.ndarray and i.ndim == 0 else i for i in inputs)
    return impl(*inputs, **kwargs)


_COMPARISONS = frozenset((_np.less, _np.less_equal, _np.greater, _np.greater_equal, _np.equal, _np.not_equal))


def _is_numpys(ufunc):
    """Whether ``ufunc`` is NumPy's own ufunc of that name (not SciPy's ``erf``, say)."""
    return getattr(_np, ufunc.__name__, None) is ufunc


#: NumPy's conversion functions that NumPy dispatches: NumPy's implementation on host data (above)
_CONVERTERS = frozenset((_np.atleast_1d, _np.atleast_2d, _np.atleast_3d))


def __array_function__(self, func, types, args, kwargs):
    if func in _CONVERTERS and all(a._t.device.type == "cpu" for a in _arrays(args)):
        return func._implementation(*args, **kwargs)  # numpy.ndarray views (asanyarray -> __array__)
    module = _submodule(getattr(func, "__module__", "") or "")
    ours = getattr(module, func.__name__, None) if module is not None else None
    if ours is None or ours is func:
        return _on_host(getattr(func, "_implementation", func), args, kwargs,
                        f"{getattr(func, '__module__', 'numpy')}.{func.__name__}")
    return ours(*args, **kwargs)


def __array_namespace__(self, /, *, api_version=None):
    if api_version not in (None, "2021.12", "2022.12", "2023.12", "2024.12"):
        raise ValueError(f"Unrecognized array API version: {api_version!r}")
    return _torchnp.array_api  # the NumPy namespace with 0-d arrays for scalar results (§5.3, §1.3), loaded lazily


def attach(namespace):
    """Give ``ndarray`` NumPy's protocols, answered from ``namespace``: the ``torchnp`` module,
    once complete (its ``__init__`` calls this last)."""
    global _torchnp
    _torchnp = namespace
    ndarray.__array_ufunc__ = __array_ufunc__
    ndarray.__array_function__ = __array_function__
    ndarray.__array_namespace__ = __array_namespace__
