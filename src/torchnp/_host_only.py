"""Host-only data (docs/design.md §2.5): NumPy's own names for dtypes torch cannot hold.

Strings, bytes, objects, datetimes, records and masked arrays live on the host as NumPy's
arrays, so their functions and modules are NumPy's own objects. So does ``numpy.matrix`` (a
NumPy-only ``ndarray`` subclass): ``matrix``, ``asmatrix`` and ``bmat`` are NumPy's, and give
NumPy's matrix (sharing memory with a CPU torchnp array, as with a NumPy array). Given CPU torchnp arrays
they work on zero-copy host views (``__array__``, ``__array_function__``); given arrays on
an accelerator they raise, since that would need a hidden device->host copy.
"""

from numpy import (  # noqa: F401
    busday_count, busday_offset, busdaycalendar, datetime_as_string, datetime_data, fromregex,
    is_busday, isnat, recarray, record, matrix, asmatrix, bmat,
)

__all__ = ["busday_count", "busday_offset", "busdaycalendar", "datetime_as_string", "datetime_data",
           "fromregex", "is_busday", "isnat", "recarray", "record", "matrix", "asmatrix", "bmat"]

#: NumPy's own modules, ``torchnp.char`` is ``numpy.char`` and so on: imported on first use, as
#: NumPy imports them (``torchnp.__getattr__``; ``numpy.ma`` alone took ~12 ms of ``import torchnp``)
MODULES = ("char", "strings", "rec", "ma")


def mirror_getattr(module_name, numpy_module):
    """A module ``__getattr__`` (PEP 562) for torchnp's mirror ``module_name`` of ``numpy_module``:
    a private name torchnp does not define (``np.linalg._umath_linalg``) is NumPy's own object, as
    the other NumPy-only objects here; anything else is an AttributeError saying what exists."""
    def __getattr__(name):
        if name.startswith("_") and not name.startswith("__"):
            try:
                return getattr(numpy_module, name)
            except AttributeError:
                pass
        hint = (f"; {numpy_module.__name__}.{name} exists, but torchnp does not provide it (see docs/differences.md)"
                if not name.startswith("_") and hasattr(numpy_module, name) else "")
        raise AttributeError(f"module {module_name!r} has no attribute {name!r}{hint}")

    __getattr__.__qualname__ = f"{module_name}.__getattr__"
    return __getattr__
