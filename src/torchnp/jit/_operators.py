"""Teach ``torch.compile`` the ``@``, ``@=`` and ``~`` operators on torchnp arrays (§6.1).

Dynamo (torch 2.13) traces ``x + y`` on a Python object by calling its ``__add__``, but
has no rule for ``operator.matmul``, ``operator.imatmul`` and ``operator.invert`` on
objects that are not tensors: ``A @ x`` inside a jitted function was a graph break.
:func:`install` adds those three rules to dynamo's builtin-operator handlers, for
torchnp arrays only: they call the array's own ``__matmul__`` / ``__rmatmul__`` /
``__imatmul__`` / ``__invert__``, which dynamo then traces like any other method.
Every other operand keeps torch's own behaviour (the rule answers ``None``, which
makes dynamo try its next handler). A torch that already knows these operators
(``BuiltinVariable.call_matmul`` exists) is left untouched.
"""

from .._array import ndarray

_installed = []


def _is_array(var):
    from torch._dynamo.variables.user_defined import UserDefinedObjectVariable

    return isinstance(var, UserDefinedObjectVariable) and var.python_type() is ndarray


def _call_matmul(self, tx, a, b):
    if _is_array(a):
        return a.call_method(tx, "__matmul__", [b], {})
    if _is_array(b):
        return b.call_method(tx, "__rmatmul__", [a], {})
    return None


def _call_imatmul(self, tx, a, b):
    if _is_array(a):
        return a.call_method(tx, "__imatmul__", [b], {})
    return _call_matmul(self, tx, a, b)


def _call_invert(self, tx, a):
    if _is_array(a):
        return a.call_method(tx, "__invert__", [], {})
    return None


def install():
    """Add the rules to dynamo once (before the first torchnp.jit compilation)."""
    if _installed:
        return
    from torch._dynamo.variables.builtin import BuiltinVariable

    for name, rule in (("call_matmul", _call_matmul), ("call_imatmul", _call_imatmul),
                       ("call_invert", _call_invert)):
        if not hasattr(BuiltinVariable, name):
            setattr(BuiltinVariable, name, rule)
    _installed.append(True)
