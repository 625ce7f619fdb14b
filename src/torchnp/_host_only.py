"""Host-only data (docs/design.md §2.5): NumPy's own names for dtypes torch cannot hold.

Strings, bytes, objects, datetimes, records and masked arrays live on the host as NumPy's
arrays, so their functions and modules are NumPy's own objects. Given CPU torchnp arrays
they work on zero-copy host views (``__array__``, ``__array_function__``); given arrays on
an accelerator they raise, since that would need a hidden device->host copy.
"""

from numpy import (  # noqa: F401
    busday_count, busday_offset, busdaycalendar, datetime_as_string, datetime_data, fromregex,
    is_busday, isnat, recarray, record,
)

__all__ = ["busday_count", "busday_offset", "busdaycalendar", "datetime_as_string", "datetime_data",
           "fromregex", "is_busday", "isnat", "recarray", "record"]

#: NumPy's own modules, ``torchnp.char`` is ``numpy.char`` and so on: imported on first use, as
#: NumPy imports them (``torchnp.__getattr__``; ``numpy.ma`` alone took ~12 ms of ``import torchnp``)
MODULES = ("char", "strings", "rec", "ma")
