"""Every ufunc, declared once: NumPy name -> torch callable (docs/design.md §7).

Metadata (nin, nout, identity, dtype loops, errors) comes from NumPy's ufunc
of the same name. ``reduce``/``accumulate`` name torch's fused reduction when
one exists; others fall back to a generic fold in ``_methods``.
"""

import torch

from . import _kernels as k

#: name -> (torch callable, reduce, accumulate)
UFUNCS = {
    # arithmetic
    "add": (torch.add, "sum", "cumsum"),
    "subtract": (torch.sub, None, None),
    "multiply": (torch.mul, "prod", "cumprod"),
    "divide": (torch.true_divide, None, None),
    "true_divide": (torch.true_divide, None, None),
    "floor_divide": (k.floor_divide, None, None),
    "remainder": (k.remainder, None, None),
    "mod": (k.remainder, None, None),
    "fmod": (k.fmod, None, None),
    "divmod": (k.divmod_, None, None),
    "negative": (torch.neg, None, None),
    "positive": (k.identity, None, None),  # torch.positive returns its input: NumPy's is a new array
    "absolute": (torch.abs, None, None),
    "abs": (torch.abs, None, None),
    "fabs": (torch.abs, None, None),
    "sign": (k.sign, None, None),
    "reciprocal": (torch.reciprocal, None, None),
    "conjugate": (torch.conj_physical, None, None),
    "conj": (torch.conj_physical, None, None),
    "gcd": (k.gcd, None, None),
    "lcm": (k.lcm, None, None),
    "heaviside": (k.heaviside, None, None),
    "maximum": (torch.maximum, "amax", "cummax"),
    "minimum": (torch.minimum, "amin", "cummin"),
    "fmax": (torch.fmax, None, None),
    "fmin": (torch.fmin, None, None),
    # powers, exponentials, logarithms
    "power": (torch.pow, None, None),
    "pow": (torch.pow, None, None),
    "float_power": (torch.pow, None, None),  # loops are float64/complex128 already
    "square": (torch.square, None, None),
    "sqrt": (torch.sqrt, None, None),
    "cbrt": (k.cbrt, None, None),
    "exp": (torch.exp, None, None),
    "exp2": (torch.exp2, None, None),
    "expm1": (torch.expm1, None, None),
    "log": (torch.log, None, None),
    "log2": (torch.log2, None, None),
    "log10": (torch.log10, None, None),
    "log1p": (k.log1p, None, None),  # subnormals: x itself, as NumPy
    "logaddexp": (k.logaddexp, "logsumexp", "logcumsumexp"),
    "logaddexp2": (k.logaddexp2, None, None),
    # trigonometric and hyperbolic
    "sin": (torch.sin, None, None), "cos": (torch.cos, None, None), "tan": (torch.tan, None, None),
    "arcsin": (torch.asin, None, None), "arccos": (torch.acos, None, None), "arctan": (torch.atan, None, None),
    "asin": (torch.asin, None, None), "acos": (torch.acos, None, None), "atan": (torch.atan, None, None),
    "arctan2": (torch.atan2, None, None), "atan2": (torch.atan2, None, None),
    "hypot": (torch.hypot, None, None),
    "sinh": (k.sinh, None, None), "cosh": (k.cosh, None, None), "tanh": (torch.tanh, None, None),
    "arcsinh": (torch.asinh, None, None), "arccosh": (torch.acosh, None, None), "arctanh": (torch.atanh, None, None),
    "asinh": (torch.asinh, None, None), "acosh": (torch.acosh, None, None), "atanh": (torch.atanh, None, None),
    "degrees": (torch.rad2deg, None, None), "radians": (torch.deg2rad, None, None),
    "rad2deg": (torch.rad2deg, None, None), "deg2rad": (torch.deg2rad, None, None),
    # rounding
    "floor": (torch.floor, None, None), "ceil": (torch.ceil, None, None),
    "trunc": (torch.trunc, None, None), "rint": (torch.round, None, None),
    # comparison
    "equal": (torch.eq, None, None), "not_equal": (torch.ne, None, None),
    "less": (torch.lt, None, None), "less_equal": (torch.le, None, None),
    "greater": (torch.gt, None, None), "greater_equal": (torch.ge, None, None),
    # logical
    "logical_and": (torch.logical_and, "all", None),
    "logical_or": (torch.logical_or, "any", None),
    "logical_xor": (torch.logical_xor, None, None),
    "logical_not": (torch.logical_not, None, None),
    # bitwise
    "bitwise_and": (torch.bitwise_and, None, None),
    "bitwise_or": (torch.bitwise_or, None, None),
    "bitwise_xor": (torch.bitwise_xor, None, None),
    "invert": (torch.bitwise_not, None, None),
    "bitwise_not": (torch.bitwise_not, None, None),
    "bitwise_invert": (torch.bitwise_not, None, None),
    "left_shift": (k.left_shift, None, None),
    "right_shift": (k.right_shift, None, None),
    "bitwise_left_shift": (k.left_shift, None, None),
    "bitwise_right_shift": (k.right_shift, None, None),
    "bitwise_count": (k.bitwise_count, None, None),
    # floating-point tests and manipulation
    "isnan": (torch.isnan, None, None), "isinf": (torch.isinf, None, None),
    "isfinite": (torch.isfinite, None, None), "signbit": (torch.signbit, None, None),
    "copysign": (torch.copysign, None, None), "nextafter": (k.nextafter, None, None),
    "spacing": (k.spacing, None, None), "frexp": (torch.frexp, None, None),
    "ldexp": (k.ldexp, None, None), "modf": (k.modf, None, None),
}

#: name -> {loop dtype name or kind -> torch callable}: where the row's callable lacks NumPy's
#: semantics for one kind of loop (chosen once, when the kernel is resolved)
SPECIAL = {
    "absolute": {"b": k.identity}, "abs": {"b": k.identity},
    # torch.conj_physical of real data returns its input: NumPy's is a new array (issue 16)
    **{name: {kind: k.identity for kind in "biuf"} for name in ("conjugate", "conj")},
    # integers: a copy (torch.floor of uint16/32/64 has no CUDA kernel, _dtypes.PARTIAL_KERNELS)
    **{name: {"b": k.identity, "u": k.identity} for name in ("floor", "ceil", "trunc")},
    "isnan": {"u": k.all_false}, "isinf": {"u": k.all_false},
    "rint": {"c": k.complex_rint}, "reciprocal": {"c": k.complex_reciprocal, "i": k.int_reciprocal,
                                              "u": k.unsigned_reciprocal},
    "add": {"c": k.complex_add}, "subtract": {"c": k.complex_subtract}, "negative": {"c": k.complex_negative},
    "fmod": {"f": k.float_fmod},
    "remainder": {"f": k.float_remainder}, "mod": {"f": k.float_remainder},
    "divmod": {"f": k.float_divmod},
    "power": {"i": k.int_power, "c": k.complex_power, "float16": k.float_power_, "float32": k.float_power_},
    "pow": {"i": k.int_power, "c": k.complex_power, "float16": k.float_power_, "float32": k.float_power_},
    "float_power": {"c": k.complex_power},
    "less": {"c": k.complex_compare(False, False)},
    "less_equal": {"c": k.complex_compare(False, True)},
    "greater": {"c": k.complex_compare(True, False)},
    "greater_equal": {"c": k.complex_compare(True, True)},
    "maximum": {"c": k.complex_extremum(True, True), "float16": k.half_maximum, "float32": k.float_maximum,
                "float64": k.float_maximum},
    "minimum": {"c": k.complex_extremum(False, True), "float16": k.half_minimum, "float32": k.float_minimum,
                "float64": k.float_minimum},
    "fmax": {"c": k.complex_extremum(True, False)},
    "fmin": {"c": k.complex_extremum(False, False)},
}

#: uint64 loops torch has no kernel for (computed on the int64 view of the same bits), and
#: complex loops where torch's kernel misses NumPy's / C99's special values
_EXTRA = {
    "equal": {"uint64": k.u64_compare(torch.eq)}, "not_equal": {"uint64": k.u64_compare(torch.ne)},
    "less": {"uint64": k.u64_compare(torch.lt)}, "less_equal": {"uint64": k.u64_compare(torch.le)},
    "greater": {"uint64": k.u64_compare(torch.gt)}, "greater_equal": {"uint64": k.u64_compare(torch.ge)},
    "maximum": {"uint64": k.u64_extremum(torch.gt)}, "minimum": {"uint64": k.u64_extremum(torch.lt)},
    "fmax": {"uint64": k.u64_extremum(torch.gt)}, "fmin": {"uint64": k.u64_extremum(torch.lt)},
    "absolute": {"uint64": k.identity}, "abs": {"uint64": k.identity}, "sign": {"uint64": k.u64_sign},
    "logical_and": {"uint64": k.u64_logical(torch.logical_and)},
    "logical_or": {"uint64": k.u64_logical(torch.logical_or)},
    "logical_xor": {"uint64": k.u64_logical(torch.logical_xor)},
    "logical_not": {"uint64": k.u64_logical(torch.logical_not)},
    "floor_divide": {"uint64": k.u64_floor_divide}, "remainder": {"uint64": k.u64_remainder},
    "mod": {"uint64": k.u64_remainder}, "fmod": {"uint64": k.u64_remainder}, "divmod": {"uint64": k.u64_divmod},
    "right_shift": {"uint64": k.u64_right_shift}, "bitwise_right_shift": {"uint64": k.u64_right_shift},
    "power": {"uint64": k.u64_power}, "pow": {"uint64": k.u64_power},
    "acos": {"c": k.complex_acos}, "arccos": {"c": k.complex_acos},
    "expm1": {"c": k.complex_expm1}, "log1p": {"c": k.complex_log1p},
}
for _name, _row in _EXTRA.items():
    SPECIAL.setdefault(_name, {}).update(_row)
del _name, _row

#: Python operator -> (ufunc name, reflected?)
OPERATORS = {
    "__add__": ("add", False), "__radd__": ("add", True),
    "__sub__": ("subtract", False), "__rsub__": ("subtract", True),
    "__mul__": ("multiply", False), "__rmul__": ("multiply", True),
    "__truediv__": ("true_divide", False), "__rtruediv__": ("true_divide", True),
    "__floordiv__": ("floor_divide", False), "__rfloordiv__": ("floor_divide", True),
    "__mod__": ("remainder", False), "__rmod__": ("remainder", True),
    "__divmod__": ("divmod", False), "__rdivmod__": ("divmod", True),
    "__pow__": ("power", False), "__rpow__": ("power", True),
    "__and__": ("bitwise_and", False), "__rand__": ("bitwise_and", True),
    "__or__": ("bitwise_or", False), "__ror__": ("bitwise_or", True),
    "__xor__": ("bitwise_xor", False), "__rxor__": ("bitwise_xor", True),
    "__lshift__": ("left_shift", False), "__rlshift__": ("left_shift", True),
    "__rshift__": ("right_shift", False), "__rrshift__": ("right_shift", True),
    "__eq__": ("equal", False), "__ne__": ("not_equal", False),
    "__lt__": ("less", False), "__le__": ("less_equal", False),
    "__gt__": ("greater", False), "__ge__": ("greater_equal", False),
}
INPLACE = {
    "__iadd__": "add", "__isub__": "subtract", "__imul__": "multiply",
    "__itruediv__": "true_divide", "__ifloordiv__": "floor_divide", "__imod__": "remainder",
    "__ipow__": "power", "__iand__": "bitwise_and", "__ior__": "bitwise_or",
    "__ixor__": "bitwise_xor", "__ilshift__": "left_shift", "__irshift__": "right_shift",
}
UNARY_OPERATORS = {"__neg__": "negative", "__pos__": "positive", "__abs__": "absolute", "__invert__": "invert"}
