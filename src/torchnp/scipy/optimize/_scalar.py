"""SciPy's scalar minimizers and root finders, ported line by line (DESIGN §8.4).

``minimize_scalar`` (Brent, golden section, bounded) and ``root_scalar`` (brentq, bisect, Newton,
secant, Halley) iterate on Python numbers, as SciPy's do: each step's decision needs the new
function value, so every evaluation of a device objective reads one scalar on the host
(docs/devices.md). Their iterates are SciPy's exactly wherever the function values are. Powell's
line searches use the same Brent and bounded minimizers.
"""

import cmath
import importlib
import math
import operator
import warnings

from ._result import OptimizeResult


class BracketError(RuntimeError):
    """SciPy's ``BracketError`` (a RuntimeError carrying the last triple in ``data``), where SciPy is not
    installed; ``bracket_error_class`` gives SciPy's own."""


_BRACKET_ERROR = []


def bracket_error_class():
    """SciPy's ``scipy.optimize._optimize.BracketError`` (so ``except`` of SciPy's class catches a failed
    device bracket search), SciPy imported on the first failure only; ``BracketError`` without SciPy."""
    if not _BRACKET_ERROR:
        try:
            cls = importlib.import_module("scipy.optimize._optimize").BracketError
        except (ImportError, AttributeError):
            cls = BracketError
        _BRACKET_ERROR.append(cls)
    return _BRACKET_ERROR[0]


def bracket(func, xa=0.0, xb=1.0, grow_limit=110.0, maxiter=1000):
    """SciPy's ``bracket``: (xa, xb, xc, fa, fb, fc, funcalls) with f(xb) below f(xa), f(xc)."""
    gold, verysmall = 1.618034, 1e-21
    xa, xb = float(xa), float(xb)
    fa, fb = func(xa), func(xb)
    if fa < fb:
        xa, xb, fa, fb = xb, xa, fb, fa
    xc = xb + gold * (xb - xa)
    fc = func(xc)
    funcalls, it = 3, 0
    while fc < fb:
        tmp1 = (xb - xa) * (fb - fc)
        tmp2 = (xb - xc) * (fb - fa)
        val = tmp2 - tmp1
        denom = 2.0 * verysmall if abs(val) < verysmall else 2.0 * val
        w = xb - ((xb - xc) * tmp2 - (xb - xa) * tmp1) / denom
        wlim = xb + grow_limit * (xc - xb)
        if it > maxiter:
            raise RuntimeError("No valid bracket was found before the iteration limit was reached. Consider "
                               "trying different initial points or increasing `maxiter`.")
        it += 1
        if (w - xc) * (xb - w) > 0.0:
            fw = func(w)
            funcalls += 1
            if fw < fc:
                xa, xb, fa, fb = xb, w, fb, fw
                break
            if fw > fb:
                xc, fc = w, fw
                break
            w = xc + gold * (xc - xb)
            fw = func(w)
            funcalls += 1
        elif (w - wlim) * (wlim - xc) >= 0.0:
            w = wlim
            fw = func(w)
            funcalls += 1
        elif (w - wlim) * (xc - w) > 0.0:
            fw = func(w)
            funcalls += 1
            if fw < fc:
                xb, xc = xc, w
                w = xc + gold * (xc - xb)
                fb, fc = fc, fw
                fw = func(w)
                funcalls += 1
        else:
            w = xc + gold * (xc - xb)
            fw = func(w)
            funcalls += 1
        xa, xb, xc, fa, fb, fc = xb, xc, w, fb, fc, fw
    ok = ((fb < fc and fb <= fa) or (fb < fa and fb <= fc)) and (xa < xb < xc or xc < xb < xa) and \
        all(map(math.isfinite, (xa, xb, xc)))
    if not ok:
        e = bracket_error_class()("The algorithm terminated without finding a valid bracket. Consider trying "
                                  "different initial points.")
        e.data = (xa, xb, xc, fa, fb, fc, funcalls)
        raise e
    return xa, xb, xc, fa, fb, fc, funcalls


def _bracket_info(func, brack):
    if brack is None:
        return bracket(func)
    if len(brack) == 2:
        return bracket(func, xa=brack[0], xb=brack[1])
    if len(brack) == 3:
        xa, xb, xc = map(float, brack)
        if xa > xc:
            xc, xa = xa, xc
        if not (xa < xb < xc):
            raise ValueError("Bracketing values (xa, xb, xc) do not fulfill this requirement: (xa < xb) and "
                             "(xb < xc)")
        fa, fb, fc = func(xa), func(xb), func(xc)
        if not (fb < fa and fb < fc):
            raise ValueError("Bracketing values (xa, xb, xc) do not fulfill this requirement: (f(xb) < f(xa)) "
                             "and (f(xb) < f(xc))")
        return xa, xb, xc, fa, fb, fc, 3
    raise ValueError("Bracketing interval must be length 2 or 3 sequence.")


def _scalar_result(x, fval, nit, nfev, maxiter, xtol, disp=0):
    """SciPy's result of Brent's and the golden-section minimizer; with ``disp`` its message printed
    (success) or its ``OptimizeWarning`` (``_print_success_message_or_warn``)."""
    nan = math.isnan(x) or math.isnan(fval)
    success = nit < maxiter and not nan
    if success:
        message = ("\nOptimization terminated successfully;\nThe returned value satisfies the termination "
                   f"criteria\n(using xtol = {xtol} )")
    else:
        message = "NaN result encountered." if nan else "\nMaximum number of iterations exceeded"
    if disp and success:
        print(message)
    elif disp:
        try:
            category = importlib.import_module("scipy.optimize").OptimizeWarning
        except ImportError:
            category = UserWarning
        warnings.warn(message, category, stacklevel=4)
    return OptimizeResult(fun=fval, x=x, nit=nit, nfev=nfev, success=success, message=message)


def _print_row(funcalls, x, fx):
    """A row of SciPy's ``disp`` > 2 table of Brent's and the golden-section minimizer."""
    print(f"{funcalls:^12g} {x:^12.6g} {fx:^12.6g}")


def _print_header():
    print(" ")
    print(f"{'Func-count':^12} {'x':^12} {'f(x)': ^12}")


def _parabola(x, w, v, fx, fw, fv):
    """The parabolic step through (v, w, x) of Brent's method and fminbound: (p, q), the step p / q."""
    tmp1 = (x - w) * (fx - fv)
    tmp2 = (x - v) * (fx - fw)
    p = (x - v) * tmp2 - (x - w) * tmp1
    q = 2.0 * (tmp2 - tmp1)
    return (-p if q > 0.0 else p), abs(q)


def brent(func, brack=None, xtol=1.48e-8, maxiter=500, disp=0, **_):
    """SciPy's ``_minimize_scalar_brent`` (the ``Brent`` class) on Python numbers."""
    if xtol < 0:
        raise ValueError(f"tolerance should be >= 0, got {xtol!r}")
    xa, xb, xc, fa, fb, fc, funcalls = _bracket_info(func, brack)
    mintol, cg = 1.0e-11, 0.3819660
    x = w = v = xb
    fw = fv = fx = fb
    a, b = (xa, xc) if xa < xc else (xc, xa)
    deltax = rat = 0.0
    it = 0
    if disp > 2:
        _print_header()
        _print_row(funcalls, x, fx)
    while it < maxiter:
        tol1 = xtol * abs(x) + mintol
        tol2 = 2.0 * tol1
        xmid = 0.5 * (a + b)
        if abs(x - xmid) < (tol2 - 0.5 * (b - a)):
            break
        if abs(deltax) <= tol1:
            deltax = a - x if x >= xmid else b - x
            rat = cg * deltax
        else:
            p, tmp2 = _parabola(x, w, v, fx, fw, fv)
            dx_temp = deltax
            deltax = rat
            if p > tmp2 * (a - x) and p < tmp2 * (b - x) and abs(p) < abs(0.5 * tmp2 * dx_temp):
                rat = p * 1.0 / tmp2
                u = x + rat
                if (u - a) < tol2 or (b - u) < tol2:
                    rat = tol1 if xmid - x >= 0 else -tol1
            else:
                deltax = a - x if x >= xmid else b - x
                rat = cg * deltax
        if abs(rat) < tol1:
            u = x + tol1 if rat >= 0 else x - tol1
        else:
            u = x + rat
        fu = func(u)
        funcalls += 1
        if fu > fx:
            if u < x:
                a = u
            else:
                b = u
            if fu <= fw or w == x:
                v, w, fv, fw = w, u, fw, fu
            elif fu <= fv or v == x or v == w:
                v, fv = u, fu
        else:
            if u >= x:
                a = x
            else:
                b = x
            v, w, x, fv, fw, fx = w, x, u, fw, fx, fu
        if disp > 2:
            _print_row(funcalls, x, fx)
        it += 1
    return _scalar_result(x, fx, it, funcalls, maxiter, xtol, disp)


SQRT_EPS = 1.4901161193847656e-08  # SciPy's _epsilon: sqrt(float64 eps)


def golden(func, brack=None, xtol=SQRT_EPS, maxiter=5000, disp=0, **_):
    """SciPy's ``_minimize_scalar_golden`` on Python numbers."""
    xa, xb, xc, fa, fb, fc, funcalls = _bracket_info(func, brack)
    gR = 0.61803399
    gC = 1.0 - gR
    x3, x0 = xc, xa
    if abs(xc - xb) > abs(xb - xa):
        x1, x2 = xb, xb + gC * (xc - xb)
    else:
        x2, x1 = xb, xb - gC * (xb - xa)
    f1, f2 = func(x1), func(x2)
    funcalls += 2
    nit = 0
    if disp > 2:
        _print_header()
    for _ in range(maxiter):
        if abs(x3 - x0) <= xtol * (abs(x1) + abs(x2)):
            break
        if f2 < f1:
            x0, x1 = x1, x2
            x2 = gR * x1 + gC * x3
            f1, f2 = f2, func(x2)
        else:
            x3, x2 = x2, x1
            x1 = gR * x2 + gC * x0
            f2, f1 = f1, func(x1)
        funcalls += 1
        if disp > 2:
            _print_row(funcalls, *((x1, f1) if f1 < f2 else (x2, f2)))
        nit += 1
    xmin, fval = (x1, f1) if f1 < f2 else (x2, f2)
    return _scalar_result(xmin, fval, nit, funcalls, maxiter, xtol, disp)


def bounded(func, bounds, xatol=1e-5, maxiter=500, disp=0, **_):
    """SciPy's ``_minimize_scalar_bounded`` (fminbound) on Python numbers; ``disp`` > 2 prints SciPy's
    iteration table (each evaluation's count, point, value and step kind)."""
    if len(bounds) != 2:
        raise ValueError("bounds must have two elements.")
    x1, x2 = bounds
    try:
        x1, x2 = float(x1), float(x2)
    except (TypeError, ValueError):
        x1 = x2 = math.nan
    if not (math.isfinite(x1) and math.isfinite(x2)):
        raise ValueError("Optimization bounds must be finite scalars.")
    if x1 > x2:
        raise ValueError("The lower bound exceeds the upper bound.")
    flag = 0
    sqrt_eps = math.sqrt(2.2e-16)
    golden_mean = 0.5 * (3.0 - math.sqrt(5.0))
    a, b = x1, x2
    fulc = a + golden_mean * (b - a)
    nfc, xf = fulc, fulc
    rat = e = 0.0
    x = xf
    fx = func(x)
    num = 1
    fu = math.inf
    ffulc = fnfc = fx
    xm = 0.5 * (a + b)
    tol1 = sqrt_eps * abs(xf) + xatol / 3.0
    tol2 = 2.0 * tol1
    if disp > 2:
        print(" ")
        print(" Func-count     x          f(x)          Procedure")
        print("%5.0f   %12.6g %12.6g %s" % (1, xf, fx, "       initial"))
    while abs(xf - xm) > (tol2 - 0.5 * (b - a)):
        golden_step = 1
        if abs(e) > tol1:
            golden_step = 0
            p, q = _parabola(xf, nfc, fulc, fx, fnfc, ffulc)
            r, e = e, rat
            if abs(p) < abs(0.5 * q * r) and p > q * (a - xf) and p < q * (b - xf):
                rat = (p + 0.0) / q
                x = xf + rat
                step = "       parabolic"
                if (x - a) < tol2 or (b - x) < tol2:
                    rat = tol1 * (_sign(xm - xf) + ((xm - xf) == 0))
            else:
                golden_step = 1
        if golden_step:
            e = a - xf if xf >= xm else b - xf
            rat = golden_mean * e
            step = "       golden"
        x = xf + (_sign(rat) + (rat == 0)) * max(abs(rat), tol1)
        fu = func(x)
        num += 1
        if disp > 2:
            print("%5.0f   %12.6g %12.6g %s" % (num, x, fu, step))
        if fu <= fx:
            if x >= xf:
                a = xf
            else:
                b = xf
            fulc, ffulc = nfc, fnfc
            nfc, fnfc = xf, fx
            xf, fx = x, fu
        else:
            if x < xf:
                a = x
            else:
                b = x
            if fu <= fnfc or nfc == xf:
                fulc, ffulc = nfc, fnfc
                nfc, fnfc = x, fu
            elif fu <= ffulc or fulc == xf or fulc == nfc:
                fulc, ffulc = x, fu
        xm = 0.5 * (a + b)
        tol1 = sqrt_eps * abs(xf) + xatol / 3.0
        tol2 = 2.0 * tol1
        if num >= maxiter:
            flag = 1
            break
    if math.isnan(xf) or math.isnan(fx) or math.isnan(fu):
        flag = 2
    message = {0: "Solution found.", 1: "Maximum number of function calls reached.",
               2: "NaN result encountered."}[flag]
    return OptimizeResult(fun=fx, status=flag, success=flag == 0, message=message, x=xf, nfev=num, nit=num)


def _sign(v):
    return (v > 0) - (v < 0) if not math.isnan(v) else math.nan


def recover_from_bracket_error(solver, func, brack, **options):
    """SciPy's ``_recover_from_bracket_error``: a failed bracket search as an unsuccessful result."""
    try:
        return solver(func, brack, **options)
    except bracket_error_class() as e:  # (evaluated only when an exception arrives)
        xa, xb, xc, fa, fb, fc, funcalls = e.data
        xs, fs = [xa, xb, xc], [fa, fb, fc]
        if any(map(math.isnan, xs + fs)):
            x, fun = math.nan, math.nan
        else:
            i = min(range(3), key=fs.__getitem__)
            x, fun = xs[i], fs[i]
        return OptimizeResult(fun=fun, nfev=funcalls, x=x, nit=0, success=False, message=str(e))


# -- root finders (SciPy's C brentq/bisect and Python newton) -------------------------------------
CONVERGED, CONVERR, SIGNERR = 0, -2, -1


class NanError(ValueError):
    """SciPy's ``_wrap_nan_raise``: the function returned NaN at ``_x``."""


def _div(p, q):
    """``p / q`` as C and NumPy divide (IEEE 754: a zero divisor gives an infinity or NaN, where
    Python raises ZeroDivisionError)."""
    if q == 0:
        if p == 0 or p != p:
            return math.nan
        return math.copysign(math.inf, p) * math.copysign(1.0, q)
    return p / q


def _cmin(a, b):
    """C's ``MIN(a, b)`` macro (``a < b ? a : b``: the second where either is NaN)."""
    return a if a < b else b


def brentq(f, xa, xb, xtol, rtol, maxiter):
    """SciPy's ``brentq.c``: (root, funcalls, iterations, flag)."""
    return _brent_root(f, xa, xb, xtol, rtol, maxiter, hyperbolic=False)


def brenth(f, xa, xb, xtol, rtol, maxiter):
    """SciPy's ``brenth.c`` (Brent's method with hyperbolic extrapolation): (root, funcalls,
    iterations, flag)."""
    return _brent_root(f, xa, xb, xtol, rtol, maxiter, hyperbolic=True)


def _ends(f, xa, xb):
    """The C solvers' start: f at both ends; a root at an end is the result (two calls, no
    iteration), ends of one sign SciPy's ValueError. Returns (fa, fb, result or None)."""
    fa, fb = f(xa), f(xb)
    if fa == 0:
        return fa, fb, (xa, 2, 0, CONVERGED)
    if fb == 0:
        return fa, fb, (xb, 2, 0, CONVERGED)
    if _signbit(fa) == _signbit(fb):
        raise ValueError("f(a) and f(b) must have different signs")
    return fa, fb, None


def _brent_root(f, xa, xb, xtol, rtol, maxiter, hyperbolic):
    """SciPy's ``brentq.c`` and ``brenth.c``, which differ in their extrapolation step only."""
    xpre, xcur = xa, xb
    xblk = fblk = spre = scur = 0.0
    fpre, fcur, done = _ends(f, xpre, xcur)
    if done:
        return done
    funcalls, it = 2, 0
    for _ in range(maxiter):
        it += 1
        if fpre != 0 and fcur != 0 and _signbit(fpre) != _signbit(fcur):
            xblk, fblk = xpre, fpre
            spre = scur = xcur - xpre
        if abs(fblk) < abs(fcur):
            xpre, xcur, xblk = xcur, xblk, xcur
            fpre, fcur, fblk = fcur, fblk, fcur
        delta = (xtol + rtol * abs(xcur)) / 2
        sbis = (xblk - xcur) / 2
        if fcur == 0 or abs(sbis) < delta:
            return xcur, funcalls, it, CONVERGED
        if abs(spre) > delta and abs(fcur) < abs(fpre):
            if xpre == xblk:  # interpolate
                stry = _div(-fcur * (xcur - xpre), fcur - fpre)
            else:  # extrapolate
                dpre = _div(fpre - fcur, xpre - xcur)
                dblk = _div(fblk - fcur, xblk - xcur)
                if hyperbolic:
                    stry = _div(-fcur * (fblk - fpre), fblk * dpre - fpre * dblk)
                else:
                    stry = _div(-fcur * (fblk * dblk - fpre * dpre), dblk * dpre * (fblk - fpre))
            if 2 * abs(stry) < _cmin(abs(spre), 3 * abs(sbis) - delta):
                spre, scur = scur, stry
            else:
                spre = scur = sbis
        else:
            spre = scur = sbis
        xpre, fpre = xcur, fcur
        xcur += scur if abs(scur) > delta else (delta if sbis > 0 else -delta)
        fcur = f(xcur)
        funcalls += 1
    return xcur, funcalls, it, CONVERR


def ridder(f, xa, xb, xtol, rtol, maxiter):
    """SciPy's ``ridder.c`` (SciPy 1.17's): (root, funcalls, iterations, flag)."""
    tol = xtol + rtol * _cmin(abs(xa), abs(xb))
    fa, fb, done = _ends(f, xa, xb)
    if done:
        return done
    funcalls, it, xn = 2, 0, 0.0
    for _ in range(maxiter):
        it += 1
        dm = 0.5 * (xb - xa)
        xm = xa + dm
        fm = f(xm)
        dn = _div((1.0 if fb - fa > 0 else -1.0) * dm * fm, math.sqrt(fm * fm - fa * fb))
        xn = xm - (1.0 if dn > 0 else -1.0) * _cmin(abs(dn), abs(dm) - 0.5 * tol)
        fn = f(xn)
        funcalls += 2
        if _signbit(fn) != _signbit(fm):
            xa, fa, xb, fb = xn, fn, xm, fm
        elif _signbit(fn) != _signbit(fa):
            xb, fb = xn, fn
        else:
            xa, fa = xn, fn
        tol = xtol + rtol * xn
        if fn == 0.0 or abs(xb - xa) < tol:
            return xn, funcalls, it, CONVERGED
    return xn, funcalls, it, CONVERR


def _signbit(v):
    return math.copysign(1.0, v) < 0


def bisect(f, xa, xb, xtol, rtol, maxiter):
    """SciPy's ``bisect.c``: (root, funcalls, iterations, flag)."""
    fa, fb = f(xa), f(xb)
    funcalls, it = 2, 0
    if fa == 0:
        return xa, funcalls, it, CONVERGED
    if fb == 0:
        return xb, funcalls, it, CONVERGED
    if _signbit(fa) == _signbit(fb):
        raise ValueError("f(a) and f(b) must have different signs")
    dm = xb - xa
    for _ in range(maxiter):
        it += 1
        dm *= 0.5
        xm = xa + dm
        fm = f(xm)
        funcalls += 1
        if _signbit(fm) == _signbit(fa):
            xa = xm
        if fm == 0 or abs(dm) < xtol + rtol * abs(xm):
            return xm, funcalls, it, CONVERGED
    return xa, funcalls, it, CONVERR


def _newton_failure(msg, disp, itr, value):
    """SciPy's ``newton`` on a failure: RuntimeError with ``disp``, else a RuntimeWarning."""
    if disp:
        raise RuntimeError(f"{msg} Failed to converge after {itr + 1} iterations, value is {value}.")
    warnings.warn(msg, RuntimeWarning, stacklevel=4)


def numpy_number(v):
    """Whether ``v`` is a NumPy scalar, not a Python number: newton's iteration from a float32, float16 or
    complex64 start, which SciPy keeps in that type (NumPy's arithmetic and promotion, float64 strong)."""
    return type(v) not in (bool, int, float, complex)


def _cdiv(p, q):
    """``p / q`` as NumPy's scalars divide: for complex numbers NumPy's Smith's algorithm (Python's
    complex division rounds differently), for real ones Python's; a NumPy scalar: NumPy's own."""
    if not (isinstance(p, complex) or isinstance(q, complex)) or numpy_number(p) or numpy_number(q):
        return p / q
    ar, ai, br, bi = p.real, p.imag, q.real, q.imag
    if abs(br) >= abs(bi):
        if br == 0 and bi == 0:  # (NumPy: a complex infinity or NaN)
            return complex(_div(ar, abs(br)), _div(ai, abs(br)))
        rat = bi / br
        scl = 1.0 / (br + bi * rat)
        return complex((ar + ai * rat) * scl, (ai - ar * rat) * scl)
    rat = br / bi
    scl = 1.0 / (bi + br * rat)
    return complex((ar * rat + ai) * scl, (ai * rat - ar) * scl)


def _nonnegative(v):
    """NumPy's ``v >= 0``, for a complex number its lexicographic order (the real part, then the imaginary)."""
    if isinstance(v, complex):
        return v.real > 0 or (v.real == 0 and v.imag >= 0)
    return v >= 0


def newton(func, x0, fprime=None, tol=1.48e-8, maxiter=50, fprime2=None, x1=None, rtol=0.0, disp=False):
    """SciPy's scalar ``newton`` (Newton, Halley or secant), its errors (``disp``) or warnings:
    (root, funcalls, iterations, flag, method). A complex ``x0`` (or complex function values) iterates
    on Python complex numbers, as SciPy's on NumPy's; a NumPy scalar ``x0`` (a float32 or complex64 start)
    on NumPy's scalars, in its type as SciPy's (NumPy's promotion where a value is wider)."""
    if tol <= 0:
        raise ValueError(f"tol too small ({tol:g} <= 0)")
    if maxiter < 1:
        raise ValueError("maxiter must be greater than 0")
    x0 = (x0 if numpy_number(x0) else complex(x0) if isinstance(x0, complex) else float(x0)) * 1.0
    p0 = x0
    funcalls = 0
    p = p0
    if fprime is not None:
        method = "newton"
        for itr in range(maxiter):
            fval = func(p0)
            funcalls += 1
            if fval == 0:
                return p0, funcalls, itr, CONVERGED, method
            fder = fprime(p0)
            funcalls += 1
            if fder == 0:
                _newton_failure("Derivative was zero.", disp, itr, p0)
                return p0, funcalls, itr + 1, CONVERR, method
            newton_step = _cdiv(fval, fder)
            if fprime2:
                fder2 = fprime2(p0)
                funcalls += 1
                method = "halley"
                adj = _cdiv(_cdiv(newton_step * fder2, fder), 2)
                if abs(adj) < 1:
                    newton_step = _cdiv(newton_step, 1.0 - adj)
            p = p0 - newton_step
            if _isclose(p, p0, rtol, tol):
                return p, funcalls, itr + 1, CONVERGED, method
            p0 = p
    else:
        method = "secant"
        if x1 is not None:
            x1 = x1 if numpy_number(x1) else complex(x1) if isinstance(x1, complex) else float(x1)
            if x1 == x0:
                raise ValueError("x1 and x0 must be different")
            p1 = x1
        else:
            eps = 1e-4
            p1 = x0 * (1 + eps)
            p1 += eps if _nonnegative(p1) else -eps
        q0, q1 = func(p0), func(p1)
        funcalls += 2
        if abs(q1) < abs(q0):
            p0, p1, q0, q1 = p1, p0, q1, q0
        for itr in range(maxiter):
            if q1 == q0:
                if p1 != p0:
                    _newton_failure(f"Tolerance of {p1 - p0} reached.", disp, itr, p1)
                return _cdiv(p1 + p0, 2.0), funcalls, itr + 1, CONVERR, method
            if abs(q1) > abs(q0):
                p = _cdiv(_cdiv(-q0, q1) * p1 + p0, 1 - _cdiv(q0, q1))
            else:
                p = _cdiv(_cdiv(-q1, q0) * p0 + p1, 1 - _cdiv(q1, q0))
            if _isclose(p, p1, rtol, tol):
                return p, funcalls, itr + 1, CONVERGED, method
            p0, q0 = p1, q1
            p1 = p
            q1 = func(p1)
            funcalls += 1
    if disp:
        raise RuntimeError(f"Failed to converge after {itr + 1} iterations, value is {p}.")
    return p, funcalls, itr + 1, CONVERR, method


# -- TOMS Algorithm 748 (SciPy's Python TOMS748Solver, on Python numbers) ---------------------------
EPS = 2.220446049250313e-16


def _isclose(a, b, rtol, atol):
    """NumPy's ``isclose`` of two numbers (real or complex)."""
    with_tolerance = abs(a - b) <= atol + rtol * abs(b) and cmath.isfinite(b)
    return with_tolerance or a == b


def _notclose(fs, rtol, atol):
    """SciPy's ``_notclose``: none None or zero, all finite, no two close."""
    return all(fs) and all(map(math.isfinite, fs)) and not any(
        any(_isclose(f, g, rtol, atol) for g in fs[i + 1:]) for i, f in enumerate(fs[:-1]))


def _secant(xvals, fvals):
    x0, x1 = xvals[:2]
    f0, f1 = fvals[:2]
    if f0 == f1:
        return math.nan
    if abs(f1) > abs(f0):
        return _div(_div(-f0, f1) * x1 + x0, 1 - _div(f0, f1))
    return _div(_div(-f1, f0) * x0 + x1, 1 - _div(f1, f0))


def _update_bracket(ab, fab, c, fc):
    """Replace the endpoint of [a, b] whose value has fc's sign; return the discarded one."""
    idx = 0 if _sign(fab[0]) * _sign(fc) > 0 else 1
    rx, rfx = ab[idx], fab[idx]
    fab[idx], ab[idx] = fc, c
    return rx, rfx


def _divided_differences(xvals, fvals, forward=True):
    """SciPy's ``_compute_divided_differences(..., full=False)``: f[a], f[a, b](, f[a, b, c]) (or
    from the last point where ``forward`` is False)."""
    idx = 0 if forward else -1
    row, dd = list(fvals), [fvals[idx]]
    for i in range(1, len(xvals)):
        n = len(row) - 1
        row = [_div(row[j + 1] - row[j], xvals[i + j] - xvals[j]) for j in range(n)]
        dd.append(row[idx])
    return dd


def _inverse_poly_zero(a, b, c, d, fa, fb, fc, fd):
    """Neville's algorithm for the inverse cubic through (fa, a), ..., (fd, d), at 0 (SciPy's
    ``_interpolated_poly``, its NumPy sum of the last row in NumPy's order)."""
    xvals, fvals, x = [fa, fb, fc, fd], [a, b, c, d], 0
    n = len(xvals)
    Q = [[0.0] * n for _ in range(n)]
    D = [[0.0] * n for _ in range(n)]
    for i in range(n):
        Q[i][0] = D[i][0] = fvals[i]
    for k in range(1, n):
        for j in range(n - k):
            alpha = D[k + j][k - 1] - Q[k - 1 + j][k - 1]
            diffik = xvals[j] - xvals[j + k]
            Q[k + j][k] = _div(xvals[k + j] - x, diffik) * alpha
            D[k + j][k] = _div(xvals[j] - x, diffik) * alpha
    total = Q[-1][1]
    for q in Q[-1][2:]:
        total += q
    return total + Q[-1][0]


def _newton_quadratic(ab, fab, d, fd, k):
    """SciPy's ``_newton_quadratic``: k Newton steps on the quadratic through a, b, d."""
    a, b = ab
    fa, fb = fab
    _, B, A = _divided_differences([a, b, d], [fa, fb, fd])
    if A == 0:
        return a - _div(fa, B)
    r = a if _sign(A) * _sign(fa) > 0 else b
    for _ in range(k):
        r1 = r - _div((A * (r - b) + B) * (r - a) + fa, B + A * (2 * r - a - b))
        if not (ab[0] < r1 < ab[1]):
            if ab[0] < r < ab[1]:
                return r
            return sum(ab) / 2.0
        r = r1
    return r


def toms748(f, a, b, xtol, rtol, maxiter, k, disp):
    """SciPy's ``TOMS748Solver.solve``: (root, funcalls, iterations, flag)."""
    calls = 0

    def callf(x):
        nonlocal calls
        fx = f(x)
        calls += 1
        if not math.isfinite(fx):
            raise ValueError(f"Invalid function value: f({x:f}) -> {fx} ")
        return fx

    if k > 100:
        import warnings

        warnings.warn("toms748: Overriding k: ->100", RuntimeWarning, stacklevel=4)
    k = min(max(k, 1), 100)
    ab = [a, b]
    for v in ab:
        if not math.isfinite(v):
            raise ValueError(f"Invalid x value: {v} ")
    fa = callf(a)
    if fa == 0:
        return a, calls, 0, CONVERGED
    fb = callf(b)
    if fb == 0:
        return b, calls, 0, CONVERGED
    if _sign(fb) * _sign(fa) > 0:
        raise ValueError(f"f(a) and f(b) must have different signs, but f({a:e})={fa:e}, f({b:e})={fb:e} ")
    fab = [fa, fb]
    c = _secant(ab, fab)
    if not ab[0] < c < ab[1]:
        c = sum(ab) / 2.0
    fc = callf(c)
    if fc == 0:
        return c, calls, 0, CONVERGED
    d, fd = _update_bracket(ab, fab, c, fc)
    e = fe = None
    iterations = 1
    while True:  # TOMS748Solver.iterate: Algorithm 4.1 (k=1) or 4.2 (k=2) of Alefeld, Potra and Shi
        iterations += 1
        width = ab[1] - ab[0]
        c = None
        for nsteps in range(2, k + 2):
            if _notclose(fab + [fd, fe], rtol=0, atol=32 * EPS):
                c0 = _inverse_poly_zero(ab[0], ab[1], d, e, fab[0], fab[1], fd, fe)
                if ab[0] < c0 < ab[1]:
                    c = c0
            if c is None:
                c = _newton_quadratic(ab, fab, d, fd, nsteps)
            fc = callf(c)
            if fc == 0:
                return c, calls, iterations, CONVERGED
            e, fe = d, fd
            d, fd = _update_bracket(ab, fab, c, fc)
        uix = 0 if abs(fab[0]) < abs(fab[1]) else 1
        u, fu = ab[uix], fab[uix]
        _, A = _divided_differences(ab, fab, forward=uix == 0)
        c = u - _div(2 * fu, A)
        if abs(c - u) > 0.5 * (ab[1] - ab[0]):
            c = sum(ab) / 2.0
        elif _isclose(c, u, EPS, 0):  # c did not move: the values' magnitudes differ vastly, or a root by u
            if math.frexp(fab[uix])[1] < math.frexp(fab[1 - uix])[1] - 50:
                c = (31 * ab[uix] + ab[1 - uix]) / 32
            else:
                mm = 1 if uix == 0 else -1
                c = u + (mm * abs(c) * rtol + mm * xtol)
            if not ab[0] < c < ab[1]:
                c = sum(ab) / 2.0
        fc = callf(c)
        if fc == 0:
            return c, calls, iterations, CONVERGED
        e, fe = d, fd
        d, fd = _update_bracket(ab, fab, c, fc)
        if ab[1] - ab[0] > 0.5 * width:  # the bracket did not shrink enough: bisect
            e, fe = d, fd
            z = sum(ab) / 2.0
            fz = callf(z)
            if fz == 0:
                return z, calls, iterations, CONVERGED
            d, fd = _update_bracket(ab, fab, z, fz)
        if _isclose(ab[0], ab[1], rtol, xtol):
            return sum(ab) / 2.0, calls, iterations, CONVERGED
        if iterations >= maxiter:
            if disp:
                raise RuntimeError(f"Failed to converge after {iterations + 1} iterations, bracket is {ab}")
            return sum(ab) / 2.0, calls, iterations, CONVERR


RTOL = 4 * EPS  # SciPy's default and smallest rtol of the bracketing solvers
_C_SOLVERS = {"bisect": bisect, "ridder": ridder, "brentq": brentq, "brenth": brenth}


def solve_bracket(method, f, a, b, xtol=2e-12, rtol=RTOL, maxiter=100, disp=False, **options):
    """SciPy's ``bisect``, ``ridder``, ``brentq``, ``brenth`` or ``toms748`` (``options``: its ``k``)
    with their argument checks, in SciPy's order and with its messages: (root, funcalls, iterations,
    flag); a convergence failure with ``disp`` is SciPy's RuntimeError. ``f`` raises SciPy's NaN
    error (``_wrap_nan_raise``)."""
    allowed = ("k",) if method == "toms748" else ()
    for name in options:
        if name not in allowed:
            raise TypeError(f"{method}() got an unexpected keyword argument {name!r}")
    if method == "toms748":
        k = options.get("k", 1)
        if xtol <= 0:
            raise ValueError(f"xtol too small ({xtol:g} <= 0)")
        if rtol < RTOL / 4:
            raise ValueError(f"rtol too small ({rtol:g} < {RTOL / 4:g})")
        maxiter = operator.index(maxiter)
        if maxiter < 1:
            raise ValueError("maxiter must be greater than 0")
        if not cmath.isfinite(a):  # (NumPy's isfinite: a complex end reaches SciPy's TypeError of a >= b)
            raise ValueError(f"a is not finite {a}")
        if not cmath.isfinite(b):
            raise ValueError(f"b is not finite {b}")
        if a >= b:
            raise ValueError(f"a and b are not an interval [{a}, {b}]")
        if not k >= 1:
            raise ValueError(f"k too small ({k} < 1)")
        return toms748(f, float(a), float(b), xtol, rtol, maxiter, k, disp)
    maxiter = operator.index(maxiter)
    if xtol <= 0:
        raise ValueError(f"xtol too small ({xtol:g} <= 0)")
    if rtol < RTOL:
        raise ValueError(f"rtol too small ({rtol:g} < {RTOL:g})")
    try:
        a, b = float(a), float(b)  # the C solvers' "d" arguments (a complex end: SciPy's RuntimeError)
    except TypeError:
        raise RuntimeError("Unable to parse arguments") from None
    if maxiter < 0:
        raise ValueError("maxiter must be >= 0")
    r = _C_SOLVERS[method](f, a, b, xtol, rtol, maxiter)
    if r[3] == CONVERR and disp:
        raise RuntimeError(f"Failed to converge after {r[2]} iterations.")
    return r
