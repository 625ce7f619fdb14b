"""The ufunc objects, made once at import from ``_table.UFUNCS`` (§5.2; §7: declared, not
hand-written). A module of their own so that the family's functions (``clip``) use them
without importing the package that re-exports them."""

import numpy as _np

from .. import _cpu_kernels
from . import _table
from ._ufunc import make

#: NumPy's ufunc name -> torchnp ufunc
UFUNCS = {}
_by_numpy = {}  # aliases (abs/absolute, pow/power, ...) are one object, as in NumPy
for _name, (_fn, _red, _acc) in _table.UFUNCS.items():
    _np_uf = getattr(_np, _name)
    if _np_uf not in _by_numpy:
        # on the CPU, large operands may run NumPy's loop instead (the table of _cpu_kernels, issue 17)
        _fn = _cpu_kernels.ufunc_kernel(_np_uf.__name__, _fn, _np_uf.nin)
        _by_numpy[_np_uf] = make(_np_uf.__name__, _fn, reduce=_red, accumulate=_acc,
                                 special=_table.SPECIAL.get(_name), np_ufunc=_np_uf)
    UFUNCS[_name] = _by_numpy[_np_uf]
