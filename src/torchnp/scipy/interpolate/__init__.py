"""torchnp.scipy.interpolate: ``scipy.interpolate`` on torchnp arrays (DESIGN §8; docs/scipy.md).

Built from host data, an interpolator holds SciPy's own object (its methods return SciPy's values
as CPU torchnp arrays); built from arrays on an accelerator it holds tensors there and evaluates
with torch. SciPy's other names run on host data only.
"""

from .._dispatch import module_getattr
from ._bspline import BSpline, make_interp_spline
from ._interp1d import interp1d
from ._ppoly import Akima1DInterpolator, CubicSpline, PchipInterpolator, PPoly
from ._rgi import RegularGridInterpolator, interpn

__all__ = ["interp1d", "CubicSpline", "PchipInterpolator", "Akima1DInterpolator", "PPoly", "BSpline",
           "make_interp_spline", "RegularGridInterpolator", "interpn"]

__getattr__ = module_getattr("interpolate")
