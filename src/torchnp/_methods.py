"""``ndarray`` methods that are module functions in NumPy (``x.sum()`` is ``np.sum(x)``).

Declared once: method name -> the namespace function it forwards to. Methods
whose function is not (yet) in the namespace are simply not attached.
"""

import types

from ._array import ndarray

_FORWARDED = (
    "sum", "prod", "mean", "std", "var", "min", "max", "argmin", "argmax", "all", "any",
    "cumsum", "cumprod", "clip", "round", "nonzero", "sort", "argsort", "partition",
    "argpartition", "searchsorted", "dot", "trace", "diagonal", "conj", "conjugate",
    "repeat", "take", "put", "compress", "choose",
)  # tofile/dump/dumps have no namespace function: _io attaches them to ndarray itself


#: methods whose array is the function's second argument (``a.compress(c)`` is ``np.compress(c, a)``)
_ARRAY_SECOND = frozenset({"compress"})


_NAMESPACE = {}  # method name -> namespace function, filled by attach()


def _forwarder(name, func, second=False):
    # the function is looked up in a module-level dict at call time, not held in a closure:
    # torch.compile can then trace it (a closure cell's content has no source, §6.1)
    if second:
        def method(self, first, /, *args, **kwargs):
            return _NAMESPACE[name](first, self, *args, **kwargs)
    else:
        def method(self, *args, **kwargs):
            return _NAMESPACE[name](self, *args, **kwargs)
    method.__name__ = func.__name__
    method.__doc__ = f"Same as ``torchnp.{func.__name__}(self, ...)``."
    return method


#: what a function's closure cells may hold for torch.compile to trace it bound as a method
#: (a cell's content has no source there: dynamo builds plain values and functions only)
_PLAIN = (str, bool, int, float, type(None), dict, types.FunctionType, types.BuiltinFunctionType)


def attach(namespace):
    for name in _FORWARDED:
        func = namespace.get(name)
        if func is not None and not hasattr(ndarray, name):
            _NAMESPACE[name] = func
            if type(func) is types.FunctionType and name not in _ARRAY_SECOND and \
                    all(isinstance(c.cell_contents, _PLAIN) for c in func.__closure__ or ()):
                # the function binds as the method itself (its first parameter is the array):
                # ``x.sum()`` costs one call, not a forwarder frame plus a call (§7)
                setattr(ndarray, name, func)
            else:
                setattr(ndarray, name, _forwarder(name, func, name in _ARRAY_SECOND))
