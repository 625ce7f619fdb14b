"""NumPy's protocols (DESIGN.md §5.3): ``numpy.<func>(x)`` on torchnp arrays runs torchnp.

``__array_ufunc__`` sends ``numpy.sin(x)``, ``numpy.add.reduce(x)`` ... to the torchnp
ufunc of the same name; ``__array_function__`` sends ``numpy.mean(x)``,
``numpy.linalg.solve(a, b)`` ... to the torchnp function of the same name and module.
Results are torchnp arrays on the same device. A NumPy function torchnp lacks raises
TypeError naming it; a ``numpy.ndarray`` mixed into a ufunc raises TypeError as in §3.3.
A ``numpy.ndarray`` mixed into a NumPy *function* with CPU torchnp arrays (as matplotlib
does with ``numpy.broadcast_arrays(host_x, heights)``) runs NumPy's own implementation on
zero-copy host views and returns NumPy's result; with arrays on other devices it raises
TypeError, since that would need a hidden device->host copy.
"""

import numpy as _np

from ._array import ndarray

__all__ = []

_NUMPY_OPERAND = ("a numpy.ndarray cannot be mixed into a torchnp operation (no hidden host->device copy); "
                  "convert it first with torchnp.asarray(a) or torchnp.from_numpy(a)")


def _has_numpy_array(obj, depth=0):
    if isinstance(obj, _np.ndarray):
        return True
    if depth < 3 and isinstance(obj, (list, tuple)):
        return any(_has_numpy_array(o, depth + 1) for o in obj)
    if depth < 3 and isinstance(obj, dict):
        return any(_has_numpy_array(o, depth + 1) for o in obj.values())
    return False


def _submodule(numpy_module):
    import torchnp

    if numpy_module in ("numpy", "numpy._core.multiarray", "numpy._core.umath"):
        return torchnp
    if numpy_module.startswith("numpy."):
        obj = torchnp
        for part in numpy_module.split(".")[1:]:
            obj = getattr(obj, part, None)
            if obj is None:
                return None
        return obj
    return None


def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
    from ._ufuncs import _ufuncs

    ours = _ufuncs.get(ufunc.__name__)
    if ours is None and method == "__call__":  # gufuncs torchnp has as functions: matmul, matvec, vecmat, vecdot
        import torchnp

        ours = getattr(torchnp, ufunc.__name__, None) if ufunc.signature else None
    if ours is None:
        raise TypeError(f"torchnp does not implement the ufunc numpy.{ufunc.__name__} for torchnp arrays")
    # NumPy scalar comparisons (numpy.float64(2) < x) arrive as 0-d numpy arrays: scalars again
    inputs = tuple(i[()] if type(i) is _np.ndarray and i.ndim == 0 else i for i in inputs)
    if _has_numpy_array(inputs) or _has_numpy_array(kwargs.get("out")):
        raise TypeError(_NUMPY_OPERAND)
    impl = ours if method == "__call__" else getattr(ours, method, None)
    if impl is None:
        raise TypeError(f"torchnp does not implement numpy.{ufunc.__name__}.{method}")
    return impl(*inputs, **kwargs)


def __array_function__(self, func, types, args, kwargs):
    module = _submodule(getattr(func, "__module__", "") or "")
    ours = getattr(module, func.__name__, None) if module is not None else None
    if ours is None or ours is func:
        name = f"{getattr(func, '__module__', 'numpy')}.{func.__name__}"
        raise TypeError(f"torchnp does not implement {name} for torchnp arrays; "
                        "convert explicitly with x.to_numpy() to use NumPy's version")
    if _has_numpy_array(args) or _has_numpy_array(kwargs):
        if _all_on_cpu((args, kwargs)) and hasattr(func, "_implementation"):
            # NumPy code (matplotlib, SciPy ...) mixing host arrays with CPU torchnp arrays: no
            # device copy is involved, so run NumPy's own implementation on zero-copy host views
            return func._implementation(*_to_host(args), **_to_host(kwargs))
        raise TypeError(_NUMPY_OPERAND)
    return ours(*args, **kwargs)


def _torchnp_arrays(obj, depth=0):
    if isinstance(obj, ndarray):
        yield obj
    elif depth < 3 and isinstance(obj, (list, tuple)):
        for o in obj:
            yield from _torchnp_arrays(o, depth + 1)
    elif depth < 3 and isinstance(obj, dict):
        for o in obj.values():
            yield from _torchnp_arrays(o, depth + 1)


def _all_on_cpu(obj):
    return all(a._t.device.type == "cpu" for a in _torchnp_arrays(obj))


def _to_host(obj, depth=0):
    """torchnp arrays -> zero-copy numpy views (CPU only), recursing into containers."""
    if isinstance(obj, ndarray):
        return obj.to_numpy()
    if depth < 3 and isinstance(obj, (list, tuple)):
        return type(obj)(_to_host(o, depth + 1) for o in obj)
    if depth < 3 and isinstance(obj, dict):
        return {k: _to_host(v, depth + 1) for k, v in obj.items()}
    return obj


ndarray.__array_ufunc__ = __array_ufunc__
ndarray.__array_function__ = __array_function__
