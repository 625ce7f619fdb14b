"""SciPy 1.17's vectorized ``newton`` (``_array_newton``: Newton, Halley and secant steps on every
element of an array ``x0`` at once) in torch on the array's device (DESIGN §8.4; docs/scipy.md).

SciPy's boolean-mask updates are ``torch.where`` selections (the same arithmetic on the selected
elements); its stopping tests (``fval.any()``, ``nz_der.any()``, ``failures[nz_der].any()``) are
computed on the device and read on the host together, once per evaluation of ``func``/``fprime``
(docs/devices.md), and the end's warnings and errors read their flags once.
"""

import collections
import warnings

import torch

from ..._array import _wrap
from ..._boundary import tensor

_Result = collections.namedtuple("result", ("root", "converged", "zero_der"))


def _call(f, p, args):
    out = f(_wrap(p), *args)
    t = tensor(out, p.device)
    return t if t.shape == p.shape else torch.broadcast_to(t, p.shape)


def _any(*flags):
    """The host's one read of several device flags (``any`` of each)."""
    return torch.stack([f.any() for f in flags]).tolist()


def _promoted(p, q):
    """``p`` in NumPy's ``result_type(p, q, float64)`` (SciPy's cast before each update)."""
    dt = torch.promote_types(torch.promote_types(p.dtype, q.dtype), torch.float64)
    return p if p.dtype == dt else p.to(dt)


def array_newton(func, x0, fprime, args, tol, maxiter, fprime2, full_output):
    """SciPy's ``_array_newton`` on the tensor ``x0``: the roots (or SciPy's ``result`` namedtuple)."""
    p = x0.clone()
    failures = torch.ones(p.shape, dtype=torch.bool, device=p.device)
    nz_der = torch.ones_like(failures)
    p1 = None
    if fprime is not None:
        for _ in range(maxiter):
            fval = _call(func, p, args)
            (anything,) = _any(fval != 0)
            if not anything:  # every value 0: all roots found
                failures = fval != 0
                break
            fder = _call(fprime, p, args)
            nz_der = fder != 0
            safe = torch.where(nz_der, fder, 1)
            dp = fval / safe
            if fprime2 is not None:
                fder2 = _call(fprime2, p, args)
                dp = dp / (1.0 - 0.5 * dp * fder2 / safe)
            p = _promoted(p, dp)
            p = torch.where(nz_der, p - dp, p)
            failures = torch.where(nz_der, dp.abs() >= tol, failures)
            (unconverged,) = _any(failures & nz_der)  # (no nonzero derivative: nothing moved, SciPy stops too)
            if not unconverged:
                break
    else:
        dx = torch.finfo(torch.float64).eps ** 0.33
        step = torch.tensor(dx, dtype=torch.float64, device=p.device)  # (two Python scalars: float32)
        # (SciPy's dx a NumPy float64: a float32 or complex64 p scaled in float64; NumPy's p >= 0: for complex
        # numbers the lexicographic order, as torchnp's)
        p1 = _promoted(p, step) * (1 + dx) + torch.where((_wrap(p) >= 0)._t, step, -step)
        q0, q1 = _call(func, p, args), _call(func, p1, args)
        active = torch.ones_like(failures)
        for _ in range(maxiter):
            nz_der = q1 != q0
            dp = (q1 * (p1 - p)) / torch.where(nz_der, q1 - q0, 1)
            new = torch.where(nz_der, p1 - dp, _promoted(_promoted(p, p1), dp))
            new = torch.where(~nz_der & active, (p1 + new) / 2.0, new)
            new_failures = torch.where(nz_der, dp.abs() >= tol, failures)
            some_der, unconverged = _any(nz_der, new_failures & nz_der)
            if not some_der:  # every secant flat
                p = (p1 + p) / 2.0
                break
            p, failures = new, new_failures
            active = active & nz_der
            if not unconverged:
                break
            p1, p = p, p1
            q0 = q1
            q1 = _call(func, p1, args)
    zero_der = ~nz_der & failures
    some_zero, some_failed = _any(zero_der, failures)  # the end's reads: SciPy's warnings and error
    if some_zero:
        if fprime is None:
            moved = zero_der & (p1 != p)
            if bool(moved.any()):
                rms = float(torch.sqrt(torch.sum(torch.where(moved, (p1 - p).abs() ** 2, 0))))
                warnings.warn(f"RMS of {rms:g} reached", RuntimeWarning, stacklevel=3)
        else:
            warnings.warn(f"{'all' if bool(zero_der.all()) else 'some'} derivatives were zero", RuntimeWarning,
                          stacklevel=3)
    elif some_failed:
        everything = bool(failures.all())
        msg = f"{'all' if everything else 'some'} failed to converge after {maxiter:d} iterations"
        if everything:
            raise RuntimeError(msg)
        warnings.warn(msg, RuntimeWarning, stacklevel=3)
    if full_output:
        return _Result(_wrap(p), _wrap(~failures), _wrap(zero_der))
    return _wrap(p)
