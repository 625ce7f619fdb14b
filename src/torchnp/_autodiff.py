"""Autodiff for NumPy-style code: ``grad``, ``value_and_grad``, ``jacobian``, ``hessian``.

Functions written with torchnp are differentiated with torch's autograd. Eagerly the
arguments become leaf tensors that require gradients (this also differentiates
through ``torchnp.jit`` functions); inside a compiled function the ``torch.func``
transforms are used, so ``torchnp.jit(torchnp.grad(f))`` compiles too. Gradients come
back as torchnp arrays with the input's dtype and device.
"""

import re

import numpy as _np
import torch
import torch.utils._pytree as pytree

from ._array import _wrap, ndarray

__all__ = ["grad", "value_and_grad", "jacobian", "hessian"]

_NUMPY_ARG = ("a numpy.ndarray cannot be differentiated by torchnp (no hidden host->device copy); "
              "convert it first with torchnp.asarray(a) or torchnp.from_numpy(a)")


def _argnums(argnums, nargs):
    nums = (argnums,) if isinstance(argnums, int) else tuple(argnums)
    for n in nums:
        if not -nargs <= n < nargs:
            raise ValueError(f"argnums {argnums} out of range for a function called with {nargs} positional arguments")
    return tuple(n % nargs for n in nums)


def _check_inputs(args, nums, what):
    for a in pytree.tree_leaves(args):
        if isinstance(a, _np.ndarray):
            raise TypeError(_NUMPY_ARG)
    for n in nums:
        for leaf in pytree.tree_leaves(args[n]):
            t = leaf._t if isinstance(leaf, ndarray) else None
            if t is None:
                raise TypeError(f"{what} differentiates with respect to torchnp arrays; argument {n} is "
                                f"{type(leaf).__name__}")
            if not (t.is_floating_point() or t.is_complex()):
                raise TypeError(f"{what} requires floating-point or complex inputs, but argument {n} has dtype "
                                f"{_np.dtype(str(t.dtype).replace('torch.', ''))}; convert it with "
                                ".astype(float) first")


def _tensors(tree):
    return pytree.tree_map(lambda x: x._t if isinstance(x, ndarray) else x, tree)


def _arrays(tree):
    return pytree.tree_map(lambda x: _wrap(x) if isinstance(x, torch.Tensor) else x, tree)


def _scalar_output(out, what):
    value = out[0] if isinstance(out, tuple) else out
    if not isinstance(value, ndarray):
        raise TypeError(f"{what} needs a function returning a torchnp array, got {type(value).__name__}")
    if value._t.numel() != 1 or value._t.dim() != 0:
        raise TypeError(f"{what} is only defined for functions with a scalar (0-d) output; the output had "
                        f"shape {value.shape}. Use torchnp.jacobian for non-scalar outputs.")
    return value


def _translate(exc, what):
    msg = str(exc)
    if "modified by an inplace operation" in msg:
        m = re.search(r"output \d+ of (\w+?)(?:Backward\d*)?,", msg)
        op = m.group(1).lower() if m else "an operation"
        return RuntimeError(
            f"{what}: an in-place operation (x[...] = v, x += v or out=) overwrote a value that the gradient "
            f"needs: the result of {op}. Build a new array instead (e.g. torchnp.where(mask, v, x)).")
    if "leaf Variable that requires grad" in msg:
        return RuntimeError(
            f"{what}: an in-place operation (x[...] = v, x += v or out=) modified an argument being "
            "differentiated. Work on a copy (x = x.copy()) or build a new array instead.")
    return exc


def _eager_grad(f, args, kwargs, nums, has_aux, what):
    """Gradients by classic autograd: leaf copies of the differentiated arguments."""
    targs = list(_tensors(args))
    leaves = []
    for n in nums:
        req = pytree.tree_map(lambda t: t.detach().requires_grad_(True), targs[n])
        targs[n] = req
        leaves.append(req)
    with torch.enable_grad():
        try:
            out = f(*_arrays(tuple(targs)), **kwargs)
            value = _scalar_output(out, what)
            flat, spec = zip(*[pytree.tree_flatten(leaf) for leaf in leaves])
            inputs = [t for group in flat for t in group]
            grads = torch.autograd.grad(value._t, inputs, allow_unused=True)
        except RuntimeError as exc:
            raise _translate(exc, what) from exc
    grads = [torch.zeros_like(i) if g is None else g for g, i in zip(grads, inputs)]
    result, pos = [], 0
    for group, sp in zip(flat, spec):
        result.append(pytree.tree_unflatten([_wrap(g) for g in grads[pos:pos + len(group)]], sp))
        pos += len(group)
    value = _wrap(value._t.detach())
    aux = _arrays(pytree.tree_map(lambda t: t.detach() if isinstance(t, torch.Tensor) else t,
                                  _tensors(out[1]))) if has_aux else None
    return value, result, aux


def _compiled_grad(f, args, kwargs, nums, has_aux, what):
    """Gradients by torch.func (used while torch.compile traces, e.g. jit(grad(f)))."""
    targs = _tensors(args)

    def inner(*ts):
        out = f(*_arrays(ts), **kwargs)
        value = _scalar_output(out, what)
        if has_aux:
            return value._t, (value._t, _tensors(out[1]))
        return value._t, (value._t,)

    grads, packed = torch.func.grad(inner, argnums=nums, has_aux=True)(*targs)
    return _wrap(packed[0]), [_arrays(g) for g in grads], (_arrays(packed[1]) if has_aux else None)


def _run_grad(f, args, kwargs, argnums, has_aux, what):
    nums = _argnums(argnums, len(args))
    _check_inputs(args, nums, what)
    engine = _compiled_grad if torch.compiler.is_compiling() else _eager_grad
    value, grads, aux = engine(f, args, kwargs, nums, has_aux, what)
    g = grads[0] if isinstance(argnums, int) else tuple(grads)
    return value, g, aux


def grad(f, argnums=0, has_aux=False):
    """Gradient of a scalar-valued torchnp function (like ``jax.grad``).

    ``grad(f)(x, ...)`` returns d f / d x as a torchnp array (a tuple for a tuple
    ``argnums``); with ``has_aux=True`` ``f`` returns ``(value, aux)`` and the result
    is ``(gradient, aux)``.
    """
    def grad_f(*args, **kwargs):
        _, g, aux = _run_grad(f, args, kwargs, argnums, has_aux, "torchnp.grad")
        return (g, aux) if has_aux else g
    grad_f.__name__ = f"grad({getattr(f, '__name__', 'f')})"
    return grad_f


def value_and_grad(f, argnums=0, has_aux=False):
    """``(f(x), grad(f)(x))`` in one evaluation; with ``has_aux``: ``((value, aux), gradient)``."""
    def vg(*args, **kwargs):
        value, g, aux = _run_grad(f, args, kwargs, argnums, has_aux, "torchnp.value_and_grad")
        return ((value, aux), g) if has_aux else (value, g)
    vg.__name__ = f"value_and_grad({getattr(f, '__name__', 'f')})"
    return vg


def _functional(transform, f, argnums, what):
    def wrapped(*args, **kwargs):
        nums = _argnums(argnums, len(args))
        _check_inputs(args, nums, what)
        targs = _tensors(args)

        def inner(*ts):
            out = f(*_arrays(ts), **kwargs)
            if not isinstance(out, ndarray):
                raise TypeError(f"{what} needs a function returning a torchnp array, got {type(out).__name__}")
            return out._t
        try:
            res = transform(inner, argnums=nums[0] if isinstance(argnums, int) else nums)(*targs)
        except RuntimeError as exc:
            raise _translate(exc, what) from exc
        return _arrays(res)
    wrapped.__name__ = f"{what.split('.')[-1]}({getattr(f, '__name__', 'f')})"
    return wrapped


def jacobian(f, argnums=0):
    """Jacobian of an array-valued torchnp function: shape ``out.shape + x.shape`` (``jax.jacrev``)."""
    return _functional(torch.func.jacrev, f, argnums, "torchnp.jacobian")


def _hessian_transform(inner, argnums):
    return torch.func.jacrev(torch.func.jacrev(inner, argnums=argnums), argnums=argnums)


def hessian(f, argnums=0):
    """Hessian of a scalar-valued torchnp function: shape ``x.shape + x.shape``."""
    def checked(*args, **kwargs):
        out = f(*args, **kwargs)
        _scalar_output(out, "torchnp.hessian")
        return out
    checked.__name__ = getattr(f, "__name__", "f")
    return _functional(_hessian_transform, checked, argnums, "torchnp.hessian")
