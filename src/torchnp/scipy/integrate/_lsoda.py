"""``odeint`` on the device (DESIGN §8.4; issue 26): an integrator switching between a nonstiff and
a stiff method in the spirit of LSODA (Petzold 1983), which SciPy's ``odeint`` runs.

It starts nonstiff with Dormand-Prince 5(4) (``_ivp``'s RK45, SciPy's steps) and tests each accepted
step for stiffness as Hairer's DOPRI5 does: ``h |f(y7) - f(y6)| / |y7 - y6|`` estimates ``h`` times the
dominant eigenvalue along the step; above 3.25 (the edge of the method's stability region) the step
is limited by stability, not accuracy, and after 15 such steps (6 nonstiff steps reset the count)
the integration goes on with the BDF integrator (``_bdf``, SciPy's NDF orders 1 to 5) from the
current state and step. In the stiff mode the Jacobian is refreshed every 20 steps (LSODA's rule)
and bounds the spectral radius by ``min(|J|_1, |J|_inf)``: when ``h`` times that bound stays below 1
(the explicit method would be stable with the stiff method's step) for 5 steps, the integration
goes back to the nonstiff method. Outputs at ``t`` come from each step's interpolant.

Critical times (``tcrit``) cut the interval into pieces: no step crosses one (the solvers' bound),
and the integration restarts there in the current mode (a new initial step), as a right-hand side
may be discontinuous or singular there. ``hmin`` bounds both solvers' steps from below, and a failed
step at ``hmin`` ends the integration with LSODA's istate (-4: error test; -5: Newton iteration). A
step below the spacing of ``t`` ends it with LSODA's "Excess work done" (-1), as LSODA, which has no
such limit, goes on with steps that no longer move ``t`` (``t + h = t``) until ``mxstep`` runs out.

Host reads: those of the two integrators (docs/devices.md), one per accepted nonstiff step (the
stiffness estimate) and one per new Jacobian in the stiff mode (the norm bound).
"""

import math
import warnings

import torch

from ..._array import _wrap
from ._bdf import BdfSolver
from ._ivp import TABLEAUS, _Solver

STIFF_LIMIT, STIFF_STEPS, NONSTIFF_RESET = 3.25, 15, 6
JAC_EVERY, BACK_STEPS = 20, 5
MESSAGES = {2: "Integration successful.",
            1: "Nothing was done; the integration time was 0.",
            -1: "Excess work done on this call (perhaps wrong Dfun type).",
            -2: "Excess accuracy requested (tolerances too small).",
            -3: "Illegal input detected (internal error).",
            -4: "Repeated error test failures (internal error).",
            -5: "Repeated convergence failures (perhaps bad Jacobian or tolerances).",
            -6: "Error weight became zero during problem."}
EPS = 2.220446049250313e-16  # LSODA's uround


def _stiffness(solver):
    """Hairer's estimate of ``h`` times the dominant eigenvalue over the last RK45 step (stages 6 and
    7: the derivatives at ``y6`` and at the new state ``y7``): one host read."""
    K, h = solver.K, solver.t - solver.t_old
    y6 = solver.y_old + h * (K[..., :5] @ solver.W["A"][5, :5])
    num = torch.linalg.vector_norm(K[..., 6] - K[..., 5])
    den = torch.linalg.vector_norm(solver.y - y6)
    return abs(h) * float(torch.where(den > 0, num / torch.where(den > 0, den, 1.0), 0.0).detach())


def _bound(J):
    """An upper bound of the spectral radius of ``J``: one host read."""
    return float(torch.minimum(torch.linalg.matrix_norm(J, 1), torch.linalg.matrix_norm(J, math.inf)).detach())


def odeint_on_device(rhs, y, times, rtol, atol, jac, h0=0.0, hmax=0.0, mxstep=0, full_output=0, hmin=0.0,
                     tcrit=(), newton_rtol=None, weights=None):
    """``odeint``'s outputs at ``times`` (host floats, monotonic) for the state ``y`` (1-d, float64):
    ``(y_out of shape (len(times), n), info, istate)``. ``tcrit`` (host floats): the integration
    never steps past a critical time inside the interval; it stops there and starts afresh (a new
    initial step, the current method), as LSODA's ``itask=4`` never steps past ``tcrit``. ``hmin``:
    no step shorter (but one ending at a critical time or the end), and a failed step at ``hmin``
    ends the integration (LSODA's istate -4, or -5 for the stiff method's Newton iteration).
    ``weights``: odeint's (rtol, atol) tensors where LSODA's checks before each step can fail (a zero
    ``atol`` or a tiny ``rtol``): a zero error weight ends it with istate -6, too much accuracy with -2
    (one host read per step then)."""
    t0, tf = times[0], times[-1]
    first = t0_count(times)
    outs = [y] * first  # SciPy's driver copies y0 to the rows at t0 and calls LSODA from the next
    info = {"rows": [None] * (len(times) - 1), "imxer": -1}  # row k - 1: the call ending at output k
    if tf == t0:  # nothing to integrate: every output is y0 (LSODA: "Nothing was done"), no row set
        info["imxer"] = 0
        return torch.stack(outs), info, 1
    direction = 1.0 if tf > t0 else -1.0
    bounds = sorted({c for c in tcrit if direction * (c - t0) > 0 and direction * (tf - c) > 0},
                    key=lambda c: direction * c) + [tf]
    max_step = hmax or math.inf

    def make(mode, t, state, bound, h):
        if mode == 1:
            s = _Solver(rhs, t, state, bound, TABLEAUS["RK45"], rtol, atol, max_step, h, False)
            s.hmin = hmin
            return s
        return BdfSolver(rhs, t, state, bound, rtol, atol, max_step, h, False, jac,
                         initial_step=_Solver._initial_step, newton_rtol=newton_rtol, hmin=hmin)

    solver, mode = make(1, t0, y, bounds[0], min(abs(h0), abs(bounds[0] - t0)) if h0 else None), 1
    piece = done_nfe = done_nje = nst = 0
    tsw, stiff_count, nonstiff_count, back_count, stiff_steps = t0, 0, 0, 0, 0
    rho, seen = None, None
    i, in_interval, istate = first, 0, 2
    limit = mxstep or 500

    failed_tolsf = 0.0

    def record():
        t_old = getattr(solver, "t_old", None)  # None: no step taken
        info["rows"][i - 1] = {"hu": 0.0 if t_old is None else abs(solver.t - t_old), "tcur": solver.t,
                               "tolsf": failed_tolsf,
                               "tsw": tsw, "nst": nst, "nfe": done_nfe + solver.nfev,
                               "nje": done_nje + getattr(solver, "njev", 0),
                               "nqu": 5 if mode == 1 else getattr(solver, "order_used", 1), "mused": mode}

    while i < len(times):
        solver.step()
        if solver.status == "failed":  # at hmin: LSODA's istate (-4, -5); a step below t's spacing (10 ulps):
            istate = solver.failure or -1  # LSODA goes on with steps that no longer move t (t + h = t) until
            if istate == -1:  # mxstep runs out ("Excess work done", that many steps in the failed row)
                nst += limit - in_interval
            break
        nst += 1
        in_interval += 1
        sol = None
        while i < len(times) and direction * (times[i] - solver.t) <= 0:
            sol = sol or solver.dense_output()
            outs.append(sol(times[i]))
            record()
            i, in_interval = i + 1, 0
        if i >= len(times):
            break
        if in_interval >= limit:
            istate = -1
            break
        if weights is not None:  # LSODA's checks before a step: error weights, then the accuracy asked
            ewt = weights[0] * solver.y.detach().abs() + weights[1]
            zero, tolsf = torch.stack([(ewt <= 0).any().to(torch.float64),
                                       EPS * (solver.y.detach().abs() / ewt).max()]).tolist()
            if zero or tolsf > 0.01:
                istate = -6 if zero else -2
                failed_tolsf = 0.0 if zero else 200.0 * tolsf  # (LSODA reports the -2 factor in tolsf)
                break
        if solver.status == "finished":  # a critical time: the next piece starts there, afresh
            piece += 1
            done_nfe += solver.nfev
            done_nje += getattr(solver, "njev", 0)
            solver = make(mode, solver.t, solver.y, bounds[piece], None)
            stiff_steps, back_count, seen = 0, 0, None
            continue
        switch = False
        if mode == 1:
            if _stiffness(solver) > STIFF_LIMIT:
                nonstiff_count, stiff_count = 0, stiff_count + 1
                switch = stiff_count >= STIFF_STEPS
            else:
                nonstiff_count += 1
                if nonstiff_count >= NONSTIFF_RESET:
                    stiff_count = 0
        else:
            stiff_steps += 1
            if stiff_steps % JAC_EVERY == 0:
                solver.refresh_jacobian()
            if solver.J is not seen:
                rho, seen = _bound(solver.J), solver.J
            back_count = back_count + 1 if abs(solver.t - solver.t_old) * rho < 1 else 0
            switch = back_count >= BACK_STEPS
        if switch:
            done_nfe += solver.nfev
            done_nje += getattr(solver, "njev", 0)
            h = min(abs(solver.t - solver.t_old), abs(bounds[piece] - solver.t))
            h = max(h, min(hmin, abs(bounds[piece] - solver.t)))
            tsw = solver.t
            mode = 3 - mode
            solver = make(mode, solver.t, solver.y, bounds[piece], h)
            stiff_steps, back_count, seen = 0, 0, None
            stiff_count = nonstiff_count = 0
    if i < len(times):  # SciPy's row of the failed output: the state reached; the later rows are
        outs.append(solver.y)  # left unset (uninitialized memory): NaN here
        record()
        outs += [torch.full_like(y, math.nan)] * (len(times) - i - 1)
        if istate in (-4, -5):  # LSODA's imxer: the largest weighted error's component of the step failed
            big, at = solver.weighted_error.detach().abs().max(0)  # at hmin (1-based; 0 where all vanish): one read
            info["imxer"] = int(at) + 1 if float(big) > 0 else 0
    return torch.stack(outs), info, istate


def t0_count(times):
    """How many output times equal the first (SciPy's ``t0count``)."""
    return next((k for k, v in enumerate(times) if v != times[0]), len(times))


def workspace(n, ml, mu, mxordn, mxords, banded):
    """LSODA's ``lenrw`` and ``leniw`` (the work array lengths it reports): its Adams and BDF history
    arrays (orders capped at 12 and 5, 0 for the default), the iteration matrix (full or banded) and
    three vectors."""
    mxordn = min(mxordn or 12, 12)
    mxords = min(mxords or 5, 5)
    matrix = ((2 * max(ml, 0) + max(mu, 0) + 1) * n if banded else n * n) + 2
    return max(20 + (mxordn + 1) * n, 20 + (mxords + 1) * n + matrix) + 3 * n, 20 + n


def illegal_input(y, times, tolsf=0.0):
    """LSODA's "Illegal input detected" on the first call: SciPy's output rows, ``y0`` up to the first
    output time after the start (the state returned by the refused call), the rest unset (NaN); the
    refused call's info row: LSODA's zeros (``tolsf``: its too-much-accuracy factor)."""
    first = t0_count(times)
    rows = min(first + 1, len(times))
    out = [y] * rows + [torch.full_like(y, math.nan)] * (len(times) - rows)
    info = {"rows": [None] * (len(times) - 1), "imxer": -1}
    if first < len(times):
        info["rows"][first - 1] = dict.fromkeys(("hu", "tcur", "tsw", "nst", "nfe", "nje", "nqu", "mused"), 0)
        info["rows"][first - 1]["tolsf"] = tolsf
    return torch.stack(out), info, -3


FLOAT_KEYS = ("hu", "tcur", "tolsf", "tsw")
INT_KEYS = ("nst", "nfe", "nje", "nqu")


def infodict(info, istate, like, lenrw, leniw):
    """odeint's ``infodict`` with SciPy's keys, shapes (one row per output time after the first) and
    dtypes, its arrays on ``like``'s device. Rows SciPy leaves unset (uninitialized memory: the rows of
    repeated start times, those after a failed call, all where nothing was done): NaN (float) or 0 (int)."""
    rows = info["rows"]

    def column(k, dt, fill):
        return _wrap(torch.tensor([fill if r is None else r[k] for r in rows], dtype=dt, device=like.device))

    out = {k: column(k, torch.float64, math.nan) for k in FLOAT_KEYS}
    out.update({k: column(k, torch.int32, 0) for k in INT_KEYS})
    done = istate != 1  # (where nothing was done SciPy's driver reads none of LSODA's outputs)
    out.update(imxer=info["imxer"], lenrw=lenrw if done else 0, leniw=leniw if done else 0,
               mused=column("mused", torch.int32, 0), message=MESSAGES[istate])
    return out


def warn_message(istate):
    """``printmessg``: SciPy's warning with the message of a successful call."""
    from scipy.integrate import ODEintWarning

    warnings.warn(MESSAGES[istate], ODEintWarning, stacklevel=3)


def warn_failure(istate):
    from scipy.integrate import ODEintWarning  # noqa: F401 - only on failure, and SciPy's class

    warnings.warn(f"{MESSAGES[istate]} Run with full_output = 1 to get quantitative information.", ODEintWarning,
                  stacklevel=3)
