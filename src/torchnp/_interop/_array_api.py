"""``torchnp.__array_namespace_info__()``: the array API inspection object (docs/design.md §5.3).

Array API consumers (scikit-learn with ``array_api_dispatch=True``, SciPy with
``SCIPY_ARRAY_API=1``, array-api-compat) ask it for the default device, the default
dtypes and the dtypes a device holds. Dtypes are NumPy dtype objects (§2.1).
"""

import numpy as _np
import torch

from .. import _device, _dtypes

__all__ = ["__array_namespace_info__"]

_KINDS = {
    "bool": ("bool",),
    "signed integer": ("int8", "int16", "int32", "int64"),
    # uint16/32/64: torch has few kernels for them; torchnp computes the array API's operations
    # through int64 or on the int64 view of the same bits (conformance/README.md, §2.5)
    "unsigned integer": ("uint8", "uint16", "uint32", "uint64"),
    "real floating": ("float32", "float64"),
    "complex floating": ("complex64", "complex128"),
}
_KINDS["integral"] = _KINDS["signed integer"] + _KINDS["unsigned integer"]
_KINDS["numeric"] = _KINDS["integral"] + _KINDS["real floating"] + _KINDS["complex floating"]


class Info:
    """The object returned by ``torchnp.__array_namespace_info__()`` (array API 2023.12+)."""

    __module__ = "torchnp"

    def capabilities(self):
        return {"boolean indexing": True, "data-dependent shapes": True, "max dimensions": 64}

    def default_device(self):
        return _device.get_default_device()

    def default_dtypes(self, *, device=None):
        if device is not None:
            _device.resolve(device)  # validate it
        real = _np.dtype(_dtypes.TO_NUMPY[_dtypes.default_float()])
        cplx = _np.dtype("complex64" if real == _np.float32 else "complex128")
        return {"real floating": real, "complex floating": cplx,
                "integral": _np.dtype("int64"), "indexing": _np.dtype("int64")}

    def dtypes(self, *, device=None, kind=None):
        if device is not None:
            _device.resolve(device)
        if kind is None:
            names = _KINDS["bool"] + _KINDS["numeric"]
        else:
            kinds = kind if isinstance(kind, tuple) else (kind,)
            names = []
            for k in kinds:
                if k not in _KINDS:
                    raise ValueError(f"unsupported kind: {k!r}")
                names += [n for n in _KINDS[k] if n not in names]
        return {n: _np.dtype(n) for n in names}

    def devices(self):
        devs = [torch.device("cpu")]
        if torch.cuda.is_available():
            devs += [torch.device("cuda", i) for i in range(torch.cuda.device_count())]
        mps = getattr(torch.backends, "mps", None)
        if mps is not None and mps.is_available():
            devs.append(torch.device("mps"))
        return devs

    def __repr__(self):
        return "torchnp.__array_namespace_info__()"


_INFO = Info()


def __array_namespace_info__():
    """Inspection utilities of the array API standard for torchnp."""
    return _INFO
