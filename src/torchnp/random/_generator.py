"""``Generator`` and ``RandomState`` on torch devices (docs/design.md §5.4).

Numbers are drawn by torch kernels on the device where the result lives, from a
``torch.Generator`` per device seeded from the user's seed (mixed by NumPy's
``SeedSequence``; only the seed is computed on the host). Streams are
reproducible under a seed on a given device but do **not** match NumPy's bits,
nor each other across devices.

Inside ``torch.compile`` (``torchnp.jit``) a ``torch.Generator`` cannot be
traced, so compiled code draws from torch's global generator instead
(``torchnp.random.seed(s)`` also seeds it, so jitted code is reproducible too).

Distributions are declared as rows of ``_DISTRIBUTIONS`` (name, parameters,
constraints, sampler); the methods are built from the rows once at import.
Invalid *array* parameters are rejected as NumPy does, which reads one bool
back from the device (skipped while compiling); Python-scalar parameters are
checked on the host with no sync.
"""

import hashlib
import inspect
import math
import operator
import os
import pickle
import warnings

import numpy as _np
import torch
from numpy.random import SeedSequence

from .. import _device, _dtypes, _tensors
from .._device import CPU as _CPU
from .._array import _wrap, ndarray
from .._boundary import out_tensor, store
from .._convert import as_tensor, checks_data, normalize_axis
from .._tensors import searchsorted_tensor, svd_tensor
from . import _stream

__all__ = ["Generator", "RandomState", "default_rng", "SeedSequence"]

_compiling = torch.compiler.is_compiling
_SCALARS = (int, float, bool, _np.integer, _np.floating, _np.bool_)
_REQUIRED = object()
_ARRAYS = (ndarray, _np.ndarray)


# ---------------------------------------------------------------- seeding
def _seed_state(seed):
    """(SeedSequence, 63-bit int seed) for int / None / sequence / SeedSequence / BitGenerator / Generator."""
    if isinstance(seed, _np.random.Generator):
        seed = seed.bit_generator
    if isinstance(seed, SeedSequence):
        ss = seed
    elif isinstance(seed, _np.random.BitGenerator):
        if isinstance(seed.seed_seq, SeedSequence):
            ss = seed.seed_seq
        else:  # seeded the legacy way: mix its state, without drawing from it (that stream is NumPy's)
            ss = SeedSequence(int.from_bytes(hashlib.blake2b(pickle.dumps(seed.state), digest_size=16).digest(), "little"))
    else:
        if isinstance(seed, ndarray):
            seed = seed.tolist()  # a seed is host metadata
        ss = SeedSequence(seed)
    return ss, int(ss.generate_state(1, _np.uint64)[0]) >> 1


# ---------------------------------------------------------------- primitives
_CHUNK = 1 << 18  # elements per independently seeded block of a large CPU draw
_pool = []  # the thread pool of _blocks, made on first use
if hasattr(os, "register_at_fork"):
    # a forked child has none of the parent's threads: it must make its own pool, not wait on those
    os.register_at_fork(after_in_child=_pool.clear)


def _blocks(g, shape, dev, dt, fill):
    """A fresh tensor filled by ``fill(tensor, generator)``.

    torch's CPU generator draws serially (one core). A draw of more than one ``_CHUNK`` on
    the CPU is split into blocks of ``_CHUNK`` elements, each drawn by its own generator
    seeded from ``g``, and the blocks are filled in parallel by torch's intra-op threads
    (measured: 10^7 float64 uniforms in 25 ms on 2 cores, against 49 ms serially; NumPy
    49 ms). The values depend only on ``g``'s state and the size, not on the thread count.
    """
    try:
        t = torch.empty(shape, device=dev, dtype=dt)
    except (torch.OutOfMemoryError, RuntimeError) as exc:  # NumPy's exception type (issue 16)
        raise MemoryError(f"Unable to allocate an array with shape {tuple(shape)} and data type "
                          f"{_dtypes.TO_NUMPY[dt]}: {exc}") from None
    n = t.numel()
    if n <= _CHUNK or t.device.type != "cpu" or _compiling():
        fill(t, g)
        return t
    blocks = t.view(-1).split(_CHUNK)
    seeds = torch.randint(0, 2**62, (len(blocks),), generator=g).tolist()  # a CPU tensor: no sync
    workers = torch.get_num_threads()
    if workers > 1 and not _pool:
        from concurrent.futures import ThreadPoolExecutor

        _pool.append(ThreadPoolExecutor(workers - 1, thread_name_prefix="torchnp-random"))

    def run(i):
        for j in range(i, len(blocks), workers):  # torch kernels release the GIL
            fill(blocks[j], torch.Generator().manual_seed(seeds[j]))

    futures = [_pool[0].submit(run, i) for i in range(1, workers)] if workers > 1 else []
    run(0)
    for f in futures:
        f.result()
    return t


def _uniform(t, g):
    t.uniform_(generator=g)


def _normal(t, g):
    t.normal_(generator=g)


def _exponential(t, g):
    t.exponential_(generator=g)


def _u(g, shape, dev, dt):
    """Uniform on [0, 1)."""
    return _blocks(g, shape, dev, dt, _uniform)


_QUARTER_EPS = {t: torch.finfo(t).eps / 4 for t in (torch.float16, torch.bfloat16, torch.float32, torch.float64)}


def _u_open(g, shape, dev, dt):
    """Uniform on (0, 1): torch.rand's grid shifted by half a step."""
    return _blocks(g, shape, dev, dt, _uniform).add_(_QUARTER_EPS[dt])


def _n(g, shape, dev, dt):
    return _blocks(g, shape, dev, dt, _normal)


def _e(g, shape, dev, dt):
    return _blocks(g, shape, dev, dt, _exponential)


def _affine(x, loc, scale):
    """``loc + scale * x`` in place on the fresh sample ``x`` (skipping identity parameters)."""
    if type(scale) is not float or scale != 1.0:
        x = x.mul_(scale)
    if type(loc) is not float or loc != 0.0:
        x = x.add_(loc)
    return x


def _full(p, shape, dev, dt):
    if isinstance(p, torch.Tensor):
        return p.to(dt).expand(shape).contiguous()
    return torch.full(shape, p, device=dev, dtype=dt)


def _gam(g, shape, dev, dt, a):
    a = _full(a, shape, dev, dt)
    return torch.where(a == 0, 0.0, torch._standard_gamma(a, generator=g))


def _chisq(g, shape, dev, dt, df):
    return 2.0 * _gam(g, shape, dev, dt, df * 0.5)


def _poisson(g, shape, dev, dt, lam):
    return torch.poisson(_full(lam, shape, dev, dt), generator=g)


def _beta(g, shape, dev, dt, a, b):
    conc = torch.stack([_full(a, shape, dev, dt), _full(b, shape, dev, dt)], -1)
    return torch._sample_dirichlet(conc, generator=g)[..., 0]


def _rejection(n, dev, dt, propose):
    """Vectorised rejection sampling of ``n`` values.

    ``propose(index)`` returns (values, accepted) for the pending flat indices.
    The number of rounds depends on the data: one host sync per round.
    """
    out = torch.empty(n, device=dev, dtype=dt)
    pending = torch.arange(n, device=dev)
    while pending.numel():  # data-dependent loop (rejection sampling): host sync per round
        vals, ok = propose(pending)
        out[pending[ok]] = vals[ok]
        pending = pending[~ok]
    return out


def _flat(p, shape, dev, dt):
    return _full(p, shape, dev, dt).reshape(-1)


def _vonmises(g, shape, dev, dt, mu, kappa):
    n = math.prod(shape)
    k = _flat(kappa, shape, dev, dt)
    r = 1 + torch.sqrt(1 + 4 * k * k)
    rho = (r - torch.sqrt(2 * r)) / (2 * k)
    s = torch.where(k < 1e-5, 1 / k + k, (1 + rho * rho) / (2 * rho))

    def propose(idx):
        m = idx.numel()
        z = torch.cos(math.pi * _u(g, (m,), dev, dt))
        ss, kk = s[idx], k[idx]
        w = (1 + ss * z) / (ss + z)
        y = kk * (ss - w)
        v = _u_open(g, (m,), dev, dt)
        ok = (y * (2 - y) - v >= 0) | (torch.log(y / v) + 1 - y >= 0)
        return w, ok

    w = _rejection(n, dev, dt, propose) if n else torch.empty(0, device=dev, dtype=dt)
    res = torch.acos(w.clamp(-1, 1))
    res = torch.where(_u(g, (n,), dev, dt) < 0.5, -res, res)
    res = torch.where(k < 1e-8, math.pi * (2 * _u(g, (n,), dev, dt) - 1), res)
    res = torch.where(k > 1e6, _n(g, (n,), dev, dt) / torch.sqrt(k), res)  # NumPy's wrapped-normal limit
    res = res + _flat(mu, shape, dev, dt)
    mod = torch.remainder(res + math.pi, 2 * math.pi) - math.pi
    return mod.reshape(shape)


def _zipf(g, shape, dev, dt, a):
    n = math.prod(shape)
    am1 = _flat(a, shape, dev, dt) - 1
    b = torch.pow(2.0, am1)

    def propose(idx):
        m = idx.numel()
        u = 1 - _u(g, (m,), dev, dt)
        v = _u(g, (m,), dev, dt)
        a1, bb = am1[idx], b[idx]
        x = torch.floor(torch.pow(u, -1 / a1))
        t = torch.pow(1 + 1 / x, a1)
        ok = (x >= 1) & (x < 2.0 ** 62) & (v * x * (t - 1) / (bb - 1) <= t / bb)
        return x, ok

    return _rejection(n, dev, dt, propose).reshape(shape)


def _logseries(g, shape, dev, dt, p):
    p = _full(p, shape, dev, dt)
    r = torch.log1p(-p)
    v = _u_open(g, shape, dev, dt)
    q = -torch.expm1(r * _u(g, shape, dev, dt))
    k = torch.floor(1 + torch.log(v) / torch.log(q)).clamp_min(1)
    k = torch.where(v <= q * q, k, torch.where(v >= q, 1.0, 2.0))
    return torch.where(v >= p, 1.0, k)


def _hypergeometric(g, shape, dev, dt, ngood, nbad, nsample, rounds=None):
    good = _full(ngood, shape, dev, dt)
    total = good + _full(nbad, shape, dev, dt)
    ns = _full(nsample, shape, dev, dt)
    flip = ns > total / 2  # draw the smaller of nsample and total - nsample
    ns = torch.where(flip, total - ns, ns)
    # the number of sequential draws is data: a bound the caller knows on the host (``rounds``),
    # else computed on the host from Python numbers, else read from the parameter arrays (one
    # sync on an accelerator, docs/devices.md); extra rounds draw nothing (``active`` is False)
    if rounds is not None:
        pass
    elif not any(isinstance(p, torch.Tensor) for p in (ngood, nbad, nsample)):
        rounds = int(min(nsample, ngood + nbad - nsample)) if ns.numel() else 0
    else:
        rounds = int(ns.max()) if ns.numel() else 0
    count = torch.zeros(shape, device=dev, dtype=dt)
    left_good, left = good.clone(), total.clone()
    for i in range(rounds):
        active = ns > i
        pick = active & (_u(g, shape, dev, dt) * left < left_good)
        count += pick
        left_good -= pick.to(dt)
        left -= active.to(dt)
    return torch.where(flip, good - count, count)


def _wald(g, shape, dev, dt, mean, scale):
    mean = _full(mean, shape, dev, dt)
    y = _n(g, shape, dev, dt)
    y = mean * y * y
    x = mean + mean / (2 * scale) * (y - torch.sqrt(4 * scale * y + y * y))
    u = _u(g, shape, dev, dt)
    return torch.where(u <= mean / (mean + x), x, mean * mean / x)


def _triangular(g, shape, dev, dt, left, mode, right):
    base = right - left
    ratio = (mode - left) / base
    u = _u(g, shape, dev, dt)
    lo = left + torch.sqrt(u * (mode - left) * base)
    hi = right - torch.sqrt((1 - u) * (right - mode) * base)
    return torch.where(u <= ratio, lo, hi)


def _ncchisq(g, shape, dev, dt, df, nonc):
    return _chisq(g, shape, dev, dt, df + 2 * _poisson(g, shape, dev, dt, nonc * 0.5))


def _weibull(g, shape, dev, dt, a):
    a = _full(a, shape, dev, dt)
    return torch.where(a == 0, 0.0, torch.pow(_e(g, shape, dev, dt), 1 / a))


def _geometric(g, shape, dev, dt, p):
    return torch.ceil(torch.log1p(-_u(g, shape, dev, dt)) / torch.log1p(-_full(p, shape, dev, dt))).clamp_min(1)


def _negbin(g, shape, dev, dt, n, p):
    return _poisson(g, shape, dev, dt, _gam(g, shape, dev, dt, n) * ((1 - p) / p))


def _binomial(g, shape, dev, dt, n, p):
    return torch.binomial(torch.floor(_full(n, shape, dev, dt)), _full(p, shape, dev, dt), generator=g)


# constraints, as NumPy names them: (test that finds a bad value, message suffix)
def _not(x):
    return ~x if isinstance(x, torch.Tensor) else not x


_NONNEG = (lambda x: x < 0, "{} < 0")
_POS = (lambda x: x <= 0, "{} <= 0")
_P01 = (lambda x: _not((x >= 0) & (x <= 1)), "{} < 0, {} > 1 or {} is NaN")
_P01_OPEN = (lambda x: _not((x > 0) & (x <= 1)), "{} <= 0, {} > 1 or {} contains NaNs")
_P0_1OPEN = (lambda x: _not((x >= 0) & (x < 1)), "{} < 0, {} >= 1 or {} is NaN")
_GT1 = (lambda x: _not(x > 1), "{} <= 1 or {} is NaN")
_POISSON = (lambda x: _not(x >= 0), "{} < 0 or {} is NaN")
_NONE = None

_F, _I = "float", "int"

#: name -> (parameters with defaults, constraints, sampler, result kind, what NumPy documents)
_DISTRIBUTIONS = {
    "normal": ((("loc", 0.0), ("scale", 1.0)), (_NONE, _NONNEG),
               lambda g, s, d, t, loc, scale: _affine(_n(g, s, d, t), loc, scale), _F, "Normal (Gaussian)"),
    "uniform": ((("low", 0.0), ("high", 1.0)), (_NONE, _NONE),
                lambda g, s, d, t, lo, hi: _affine(_u(g, s, d, t), lo, hi - lo), _F, "uniform on [low, high)"),
    "exponential": ((("scale", 1.0),), (_NONNEG,), lambda g, s, d, t, sc: _affine(_e(g, s, d, t), 0.0, sc), _F, "exponential"),
    "gamma": ((("shape", _REQUIRED), ("scale", 1.0)), (_NONNEG, _NONNEG),
              lambda g, s, d, t, k, sc: _gam(g, s, d, t, k) * sc, _F, "Gamma"),
    "beta": ((("a", _REQUIRED), ("b", _REQUIRED)), (_POS, _POS), _beta, _F, "Beta"),
    "chisquare": ((("df", _REQUIRED),), (_POS,), _chisq, _F, "chi-square"),
    "f": ((("dfnum", _REQUIRED), ("dfden", _REQUIRED)), (_POS, _POS),
          lambda g, s, d, t, a, b: (_chisq(g, s, d, t, a) / a) / (_chisq(g, s, d, t, b) / b), _F, "F (Fisher-Snedecor)"),
    "standard_t": ((("df", _REQUIRED),), (_POS,),
                   lambda g, s, d, t, df: _n(g, s, d, t) / torch.sqrt(_chisq(g, s, d, t, df) / df), _F, "Student's t"),
    "standard_cauchy": ((), (), lambda g, s, d, t: _n(g, s, d, t) / _n(g, s, d, t), _F, "standard Cauchy"),
    "lognormal": ((("mean", 0.0), ("sigma", 1.0)), (_NONE, _NONNEG),
                  lambda g, s, d, t, m, sg: _affine(_n(g, s, d, t), m, sg).exp_(), _F, "log-normal"),
    "laplace": ((("loc", 0.0), ("scale", 1.0)), (_NONE, _NONNEG),
                lambda g, s, d, t, loc, sc: _affine(_e(g, s, d, t) - _e(g, s, d, t), loc, sc), _F, "Laplace"),
    "logistic": ((("loc", 0.0), ("scale", 1.0)), (_NONE, _NONNEG),
                 lambda g, s, d, t, loc, sc: _affine(torch.logit(_u_open(g, s, d, t)), loc, sc), _F, "logistic"),
    "gumbel": ((("loc", 0.0), ("scale", 1.0)), (_NONE, _NONNEG),
               lambda g, s, d, t, loc, sc: _affine(-torch.log(-torch.log(_u_open(g, s, d, t))), loc, sc), _F, "Gumbel"),
    "weibull": ((("a", _REQUIRED),), (_NONNEG,), _weibull, _F, "Weibull"),
    "pareto": ((("a", _REQUIRED),), (_POS,), lambda g, s, d, t, a: torch.expm1(_e(g, s, d, t) / a), _F, "Pareto II (Lomax)"),
    "power": ((("a", _REQUIRED),), (_POS,),
              lambda g, s, d, t, a: torch.pow(-torch.expm1(-_e(g, s, d, t)), 1 / a), _F, "power"),
    "rayleigh": ((("scale", 1.0),), (_NONNEG,), lambda g, s, d, t, sc: sc * torch.sqrt(2 * _e(g, s, d, t)), _F, "Rayleigh"),
    "vonmises": ((("mu", _REQUIRED), ("kappa", _REQUIRED)), (_NONE, _NONNEG), _vonmises, _F, "von Mises"),
    "wald": ((("mean", _REQUIRED), ("scale", _REQUIRED)), (_POS, _POS), _wald, _F, "Wald (inverse Gaussian)"),
    "triangular": ((("left", _REQUIRED), ("mode", _REQUIRED), ("right", _REQUIRED)), (_NONE, _NONE, _NONE),
                   _triangular, _F, "triangular"),
    "noncentral_chisquare": ((("df", _REQUIRED), ("nonc", _REQUIRED)), (_POS, _NONNEG), _ncchisq, _F,
                             "noncentral chi-square"),
    "noncentral_f": ((("dfnum", _REQUIRED), ("dfden", _REQUIRED), ("nonc", _REQUIRED)), (_POS, _POS, _NONNEG),
                     lambda g, s, d, t, a, b, nc: (_ncchisq(g, s, d, t, a, nc) * b) / (_chisq(g, s, d, t, b) * a),
                     _F, "noncentral F"),
    "poisson": ((("lam", 1.0),), (_POISSON,), _poisson, _I, "Poisson"),
    "binomial": ((("n", _REQUIRED), ("p", _REQUIRED)), (_NONNEG, _P01), _binomial, _I, "binomial"),
    "negative_binomial": ((("n", _REQUIRED), ("p", _REQUIRED)), (_POS, _P01_OPEN), _negbin, _I, "negative binomial"),
    "geometric": ((("p", _REQUIRED),), (_P01_OPEN,), _geometric, _I, "geometric"),
    "hypergeometric": ((("ngood", _REQUIRED), ("nbad", _REQUIRED), ("nsample", _REQUIRED)),
                       (_NONNEG, _NONNEG, _NONNEG), _hypergeometric, _I, "hypergeometric"),
    "logseries": ((("p", _REQUIRED),), (_P0_1OPEN,), _logseries, _I, "logarithmic series"),
    "zipf": ((("a", _REQUIRED),), (_GT1,), _zipf, _I, "Zipf"),
}

#: the four Generator methods with ``dtype=`` (float32 or float64) and ``out=``
_STANDARD = {
    "random": ((), _u, "uniform on [0, 1)"),
    "standard_normal": ((), _n, "standard normal"),
    "standard_exponential": ((), _e, "standard exponential"),
    "standard_gamma": ((("shape", _REQUIRED),), _gam, "standard Gamma"),
}

_EXTRA_CHECKS = {  # relations between parameters, as NumPy checks them
    "uniform": lambda p: [(p[1] - p[0] < 0, "high - low < 0"),
                          (_nonfinite(p[1] - p[0]), "high - low range exceeds valid bounds")],
    "triangular": lambda p: [(p[0] > p[1], "left > mode"), (p[1] > p[2], "mode > right"),
                             (p[0] == p[2], "left == right")],
    "hypergeometric": lambda p: [(p[0] + p[1] < p[2], "ngood + nbad < nsample")],
    "poisson": lambda p: [(p[0] > 9.2233720064847708e18 - 10 * math.sqrt(9.2233720064847708e18), "lam value too large")],
}


def _nonfinite(x):
    return ~torch.isfinite(x) if isinstance(x, torch.Tensor) else not math.isfinite(x)


def _size_tuple(size):
    if isinstance(size, (tuple, list)):
        shape = tuple(operator.index(s) for s in size)
    else:
        shape = (operator.index(size),)
    if any(s < 0 for s in shape):
        raise ValueError("negative dimensions are not allowed")
    return shape


def _any(cond):
    """Whether a (possibly tensor) condition holds anywhere, for NumPy's parameter checks.

    On the CPU a tensor is read (free). On an accelerator the check would stall the device
    (§3.5): it runs only under ``np.errstate(invalid="raise")``, else invalid device
    parameters give unspecified draws (docs/devices.md). Host parameters are checked on the
    host before they are uploaded, so this concerns arrays already on the device.
    """
    if isinstance(cond, torch.Tensor):
        if not checks_data(cond):
            return False  # meta or compiling: no data to validate
        if cond.device.type not in _stream.SYNC_FREE and _np.geterr()["invalid"] != "raise":
            return False
        return bool(cond.any())
    return bool(cond)


def _host_tensor(v, dev):
    """A parameter as a tensor: torchnp arrays stay where they are; host data (lists, NumPy
    arrays) is converted on the CPU, to be validated there before :func:`_to` uploads it."""
    return as_tensor(v, None, None if isinstance(v, ndarray) else _CPU)


def _to(v, dev):
    return v.to(dev) if isinstance(v, torch.Tensor) and v.device != dev else v


class _Base:
    """Shared machinery: per-device torch generators, parameter handling, the distributions."""

    def __init__(self, seed=None, *, device=None, stream=None):
        self._device = None if device is None else _device.resolve(device)
        self._stream = _stream.check(stream)
        self._reseed(seed)

    def _reseed(self, seed):
        # mixed lazily inside torch.compile, which cannot trace SeedSequence; eagerly otherwise,
        # so that a bad seed raises NumPy's error here, not at the first draw (issue 16)
        self._seed_arg, self._state, self._np_gen = seed, None, None
        self._gens = {}
        if not _compiling():
            self._state = _seed_state(seed)

    @property
    def _np(self):
        """NumPy's generator of the same seed: it draws whatever lands on the host (§5.4)."""
        if self._np_gen is None:
            self._np_gen = self._make_numpy()
        return self._np_gen

    def _route(self, device, values):
        """(device, whether it is the host) of a draw that NumPy's generator makes, or None when
        torch's draws: ``stream="auto"`` means NumPy's for a draw landing on the CPU, torch's elsewhere."""
        if _compiling():
            return None
        stream = self._stream or _stream._setting[0]
        if stream == "torch":
            return None
        dev = (self._device or _device.get_default_device()) if device is None else None
        for v in values:
            if isinstance(v, _ARRAYS):
                dev = None
                break
        if dev is None:
            dev = self._dev(device, values)
        if _stream.on_host(dev):
            return dev, True
        if stream == "numpy" and dev.type != "meta":
            return dev, False
        return None  # meta holds no data: shapes only, and no stream is consumed (jit's dtype pass runs there)

    @property
    def _ss(self):
        if self._state is None:
            self._state = _seed_state(self._seed_arg)
        return self._state[0]

    @property
    def _seed(self):
        if self._state is None:
            self._state = _seed_state(self._seed_arg)
        return self._state[1]

    def _gen(self, dev):
        if _compiling() or dev.type == "meta":
            return None  # torch.Generator cannot be traced: compiled code uses torch's global generator
        try:
            return self._gens[dev]
        except KeyError:
            pass
        try:
            g = torch.Generator(device=dev)
            g.manual_seed(self._seed)
        except RuntimeError:  # no generator object for the device (fake CUDA on a CPU build): torch's default
            g = None
        self._gens[dev] = g
        return g

    def _dev(self, device, arrays=()):
        """The device of a draw: ``device=``, else that of the array arguments (NumPy arrays are
        on the host, §3.3), else the generator's, else the default device. Nothing is moved
        implicitly: torchnp arrays elsewhere raise DeviceMismatchError (§3.2)."""
        devs = [a._t.device for a in arrays if isinstance(a, ndarray)]
        if device is not None:
            dev = _device.resolve(device)
        elif devs:
            dev = devs[0]
        elif any(isinstance(a, _np.ndarray) for a in arrays):
            return _CPU
        else:
            return self._device if self._device is not None else _device.get_default_device()
        for d in devs:
            if d != dev:
                raise _device.mismatch(d, dev)
        if device is None and dev.type != "cpu" and any(isinstance(a, _np.ndarray) for a in arrays):
            raise _device.mismatch(_CPU, dev)
        return dev

    def _params(self, values, names, constraints, size, device, dt, extra_check=None):
        """(device, output shape, parameters as floats or tensors of dtype ``dt`` on the device).

        Host parameters are validated on the host, then uploaded (§3.5)."""
        dev = self._dev(device, values)
        out, shapes = [], []
        for v in values:
            if isinstance(v, _SCALARS):
                out.append(float(v))
                continue
            t = _host_tensor(v, dev)
            if t.is_complex():
                raise TypeError("Cannot cast array data from dtype('complex128') to dtype('float64') according to the rule 'safe'")
            t = t.to(dt)
            out.append(t)
            shapes.append(tuple(t.shape))
        if not _compiling():
            for v, name, c in zip(out, names, constraints):
                if c is not None and _any(c[0](v)):
                    raise ValueError(c[1].format(name, name, name))
        if any(isinstance(v, torch.Tensor) and v.device == dev for v in out):
            out = [_to(v, dev) for v in out]  # with device arrays, relations are checked on the device
        if extra_check is not None and not _compiling():
            for cond, msg in extra_check(out):
                if _any(cond):
                    raise OverflowError(msg) if msg.startswith("high - low r") else ValueError(msg)
        return dev, _out_shape(size, shapes), [_to(v, dev) for v in out]

    @property
    def device(self):
        """The device results go to when no array argument or ``device=`` says otherwise."""
        return self._device if self._device is not None else _device.get_default_device()


def _broadcast(shapes):
    """NumPy's broadcast of shapes (pure Python: cheap on the sampling path); None if incompatible."""
    n = max(map(len, shapes), default=0)
    out = [1] * n
    for sh in shapes:
        for i, d in enumerate(sh, n - len(sh)):
            if d != 1:
                if out[i] != 1 and out[i] != d:
                    return None
                out[i] = d
    return tuple(out)


def _out_shape(size, shapes):
    bshape = _broadcast(shapes) if shapes else ()
    if bshape is None:
        raise ValueError("shape mismatch: objects cannot be broadcast to a single shape")
    if size is None:
        return bshape
    shape = _size_tuple(size)
    if not bshape:
        return shape
    full = _broadcast([shape, bshape])
    if full is None:
        raise ValueError(f"shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between "
                         f"arg 0 with shape {shape} and arg 1 with shape {bshape}.")
    if full != shape:
        raise ValueError(f"Output size {shape} is not compatible with broadcast dimensions of inputs {full}.")
    return shape


def _bind(name, names, defaults, args, kwargs, extra=("size",)):
    """Positional/keyword arguments -> list of values (no inspect on the hot path)."""
    allnames = names + extra
    if len(args) > len(allnames):
        raise TypeError(f"{name}() takes at most {len(allnames)} positional arguments ({len(args)} given)")
    vals = list(args) + list(defaults[len(args):])
    for k, v in kwargs.items():
        try:
            i = allnames.index(k)
        except ValueError:
            raise TypeError(f"{name}() got an unexpected keyword argument '{k}'") from None
        if i < len(args):
            raise TypeError(f"{name}() got multiple values for argument '{k}'")
        vals[i] = v
    for n, v in zip(allnames, vals):
        if v is _REQUIRED:
            raise TypeError(f"{name}() missing required positional argument: '{n}'")
    return vals


def _signature(params, extra):
    P = inspect.Parameter
    ps = [P("self", P.POSITIONAL_OR_KEYWORD)]
    ps += [P(n, P.POSITIONAL_OR_KEYWORD, **({} if d is _REQUIRED else {"default": d})) for n, d in params]
    ps += [P(n, P.POSITIONAL_OR_KEYWORD, default=d) for n, d in extra]
    ps.append(P("device", P.KEYWORD_ONLY, default=None))
    return inspect.Signature(ps)


def _distribution(name, params, constraints, draw, kind, what):
    names = tuple(n for n, _ in params)
    defaults = tuple(d for _, d in params) + (None,)
    extra_check = _EXTRA_CHECKS.get(name)

    def method(self, *args, device=None, **kwargs):
        vals = _bind(name, names, defaults, args, kwargs)
        dt = _dtypes.default_float()
        dev, shape, ps = self._params(vals[:-1], names, constraints, vals[-1], device, dt, extra_check)
        if dev.type == "meta":  # no data: the shape and dtype are the result (some samplers have no meta kernel)
            return _wrap(torch.empty(shape, device=dev, dtype=torch.int64 if kind == _I else dt))
        t = draw(self._gen(dev), shape, dev, dt, *ps)
        if t.shape != shape:
            t = t.expand(shape)
        return _wrap(t.to(torch.int64) if kind == _I else t)

    method.__name__ = name
    method.__qualname__ = f"Generator.{name}"
    method.__signature__ = _signature(params, (("size", None),))
    method.__doc__ = (f"Draw samples from the {what} distribution (mirrors ``numpy.random.Generator.{name}``).\n\n"
                      f"Parameters broadcast as in NumPy; ``size=None`` with scalar parameters gives a 0-d array.\n"
                      f"Results are {'int64' if kind == _I else 'float64 (the default float)'}, drawn on the device "
                      "of the array parameters, else ``device=``, else the generator's device.\n"
                      "The stream does not match NumPy's bits (docs/design.md §5.4).")
    return method


def _standard(name, params, draw, what, with_dtype):
    names = tuple(n for n, _ in params)
    defaults = tuple(d for _, d in params) + (None, None, None)
    extra = ("size", "dtype", "out") if with_dtype else ("size",)
    constraints = (_NONNEG,) * len(params)

    def method(self, *args, device=None, **kwargs):
        vals = _bind(name, names, defaults, args, kwargs, extra)
        size, dtype, out = (vals[len(names):] + [None, None])[:3]
        dt = _dtypes.default_float() if dtype is None else _dtypes.to_torch(dtype)
        if dt not in (torch.float32, torch.float64):
            raise TypeError(f"Unsupported dtype {_np.dtype(_dtypes.TO_NUMPY[dt])!r} for {name}")
        if out is not None:
            if size is not None and _size_tuple(size) != out.shape:
                raise ValueError("size must match out.shape when used together")
            if out._t.dtype is not dt:
                raise TypeError(f"Supplied output array has the wrong type. Expected {_dtypes.TO_NUMPY[dt]}, got {out.dtype}")
            device, size = out._t.device, out.shape
        dev, shape, ps = self._params(vals[:len(names)], names, constraints, size, device, dt)
        return store(draw(self._gen(dev), shape, dev, dt, *ps), out)

    method.__name__ = name
    method.__signature__ = _signature(params, tuple((n, None) for n in extra))
    method.__doc__ = (f"Draw samples from the {what} distribution (mirrors ``numpy.random.Generator.{name}``).\n\n"
                      + ("``dtype`` is float64 (default) or float32; ``out=`` is filled in place. " if with_dtype else "")
                      + "The stream does not match NumPy's bits (docs/design.md §5.4).")
    return method


def _randint64(g, shape, dev, low, top):
    """int64 uniform on [low, top] (inclusive; torch's exclusive bound cannot reach 2**63)."""
    if top == 2 ** 63 - 1:
        return torch.empty(shape, dtype=torch.int64, device=dev).random_(low, None, generator=g)
    return torch.randint(low, top + 1, shape, generator=g, device=dev)


def _int_bounds(dt):
    if dt is torch.bool:
        return 0, 1
    info = _np.iinfo(_dtypes.TO_NUMPY[dt])
    return int(info.min), int(info.max)


class _Common(_Base):
    """Methods shared by Generator and RandomState."""

    def _randint(self, low, high, size, dtype, endpoint, device, name="integers"):
        if high is None:
            low, high = 0, low
        dt = _dtypes.to_torch(dtype)
        if dt.is_floating_point or dt.is_complex:
            raise TypeError(f"Unsupported dtype {_dtypes.TO_NUMPY[dt]!r} for {name}")
        lo_b, hi_b = _int_bounds(dt)
        npname = _dtypes.TO_NUMPY[dt].name
        dev = self._dev(device, (low, high))
        if isinstance(low, _SCALARS) and isinstance(high, _SCALARS):
            low, high = int(low), int(high)
            top = high if endpoint else high - 1
            if low < lo_b:
                raise ValueError(f"low is out of bounds for {npname}")
            if top > hi_b:
                raise ValueError(f"high is out of bounds for {npname}")
            if low > top:
                raise ValueError("low > high" if endpoint else "low >= high")
            shape = () if size is None else _size_tuple(size)
            g = self._gen(dev)
            if dt is torch.uint64 and top > 2 ** 63 - 1:
                # draw in int64 offset by 2**63, then flip the sign bit into uint64
                t = _randint64(g, shape, dev, low - 2 ** 63, top - 2 ** 63)
                return _wrap((t ^ torch.iinfo(torch.int64).min).view(torch.uint64))
            return _wrap(_randint64(g, shape, dev, low, top).to(dt))
        lo_t = _host_tensor(low, dev).to(torch.int64)  # host bounds are checked on the host (§3.5)
        hi_t = _host_tensor(high, dev).to(torch.int64)
        top_t = hi_t if endpoint else hi_t - 1
        if not _compiling():
            if _any(lo_t < lo_b):
                raise ValueError(f"low is out of bounds for {npname}")
            if _any(top_t > hi_b):
                raise ValueError(f"high is out of bounds for {npname}")
        if lo_t.device != top_t.device:
            lo_t, hi_t, top_t = _to(lo_t, dev), _to(hi_t, dev), _to(top_t, dev)
        if not _compiling() and _any(lo_t > top_t):
            raise ValueError("low > high" if endpoint else "low >= high")
        lo_t, top_t = _to(lo_t, dev), _to(top_t, dev)
        shape = _out_shape(size, [tuple(lo_t.shape), tuple(hi_t.shape)])
        r = torch.randint(0, 2 ** 62, shape, generator=self._gen(dev), device=dev)
        # modulo bias is below range / 2**62: negligible for ranges up to ~2**40
        return _wrap((lo_t + r % (top_t - lo_t + 1)).to(dt))

    def _permutation_index(self, n, dev):
        return torch.randperm(max(n, 0), generator=self._gen(dev), device=dev)  # permutation(-1) is empty, as arange(-1)

    def permutation(self, x, axis=0):
        """Randomly permute a sequence, or return a permuted range (``numpy.random.Generator.permutation``)."""
        if isinstance(x, (int, _np.integer)):
            dev = self._dev(None)
            return _wrap(self._permutation_index(int(x), dev))
        t = as_tensor(x, None, None if isinstance(x, ndarray) else self._dev(None))
        if t.dim() == 0:
            from numpy.exceptions import AxisError

            raise AxisError(axis, 0)
        ax = normalize_axis(axis, t.dim())
        return _wrap(t.index_select(ax, self._permutation_index(t.shape[ax], t.device)))

    def shuffle(self, x, axis=0):
        """Shuffle an array (or a list) in place along ``axis`` (``numpy.random.Generator.shuffle``)."""
        if isinstance(x, list):
            idx = self._permutation_index(len(x), _CPU).tolist()  # a list is host data
            x[:] = [x[i] for i in idx]
            return None
        if not isinstance(x, ndarray):
            raise TypeError("shuffle() expects a torchnp.ndarray or a list (an in-place shuffle)")
        t = x._t
        if t.dim() == 0:
            raise TypeError("len() of unsized object")
        if _tensors.READ_ONLY:
            _tensors.check_write(t, "array is read-only")
        ax = normalize_axis(axis, t.dim())
        t.copy_(t.index_select(ax, self._permutation_index(t.shape[ax], t.device)))
        return None

    def _choice(self, a, size, replace, p, axis, shuffle, legacy=False):
        arr = None
        if isinstance(a, (int, _np.integer)):
            pop = int(a)
            if pop < 0 or (pop == 0 and (size is None or math.prod(_size_tuple(size)) != 0)):
                raise ValueError("a must be a positive integer unless no samples are taken")
            dev = self._dev(None, (p,))
        else:
            arr = as_tensor(a, None, self._dev(None, (a, p)))
            if arr.dim() == 0:
                raise ValueError("a must be 1-dimensional or an integer" if legacy else
                                 "a must be a sequence or an integer, not a 0-d array")
            if legacy and arr.dim() != 1:
                raise ValueError("a must be 1-dimensional")
            axis = normalize_axis(axis, arr.dim())
            pop = arr.shape[axis]
            dev = arr.device
        shape = () if size is None else _size_tuple(size)
        k = math.prod(shape)
        if pop == 0 and k != 0:
            raise ValueError("a cannot be empty unless no samples are taken")
        g = self._gen(dev)
        if p is not None:
            if isinstance(p, ndarray):
                pt = p._t.to(torch.float64)
                if pt.device != dev:
                    raise _device.mismatch(pt.device, dev)
            else:
                pt = torch.as_tensor(_np.asarray(p, dtype=_np.float64))  # host data: validated on the host
            if pt.dim() != 1:
                raise ValueError("p must be 1-dimensional")
            if pt.shape[0] != pop:
                raise ValueError("a and p must have same size")
            # NumPy validates probabilities: reading back two bools is the price
            if _any(pt < 0) or _any(torch.isnan(pt)):
                raise ValueError("Probabilities are not non-negative")
            if _any(torch.abs(pt.sum() - 1) > math.sqrt(_np.finfo(_np.float64).eps)):
                raise ValueError("Probabilities do not sum to 1. See Notes section of docstring for more information.")
            if not replace and _any((pt > 0).sum() < k):
                raise ValueError("Fewer non-zero entries in p than size")
            pt = _to(pt, dev)
        if not replace and k > pop:
            raise ValueError("Cannot take a larger sample than population when replace is False")
        if replace:
            if p is None:
                idx = torch.randint(0, max(pop, 1), (k,), generator=g, device=dev)
            else:
                cdf = torch.cumsum(pt, 0)
                cdf = cdf / cdf[-1]
                u = torch.rand((k,), generator=g, device=dev, dtype=torch.float64)
                idx = searchsorted_tensor(cdf, u, right=True).clamp_max(pop - 1)
        elif p is None:
            idx = torch.randperm(pop, generator=g, device=dev)[:k]
        else:
            keys = torch.empty(pop, device=dev, dtype=torch.float64).exponential_(generator=g) / pt
            idx = torch.topk(keys, k, largest=False, sorted=True).indices
        if arr is None:
            return _wrap(idx.reshape(shape))
        taken = arr.index_select(axis, idx)
        return _wrap(taken.reshape(arr.shape[:axis] + shape + arr.shape[axis + 1:]))

    def multinomial(self, n, pvals, size=None, *, device=None):
        """Draw from a multinomial distribution (mirrors ``numpy.random.Generator.multinomial``); int64."""
        dt = torch.float64
        dev = self._dev(device, (n, pvals))
        pv = _host_tensor(pvals, dev).to(dt)  # host parameters are validated on the host (§3.5)
        nt = n if isinstance(n, _SCALARS) else _host_tensor(n, dev).to(dt)
        if pv.dim() == 0:
            raise ValueError("pvals must have at least 1 dimension")
        if not _compiling():
            if _any(nt < 0):
                raise ValueError("n < 0")
            if _any(_not((pv >= 0) & (pv <= 1))):
                raise ValueError("pvals < 0, pvals > 1 or pvals contains NaNs")
            if _any(pv[..., :-1].sum(-1) > 1.0 + 1e-12):
                raise ValueError("sum(pvals[:-1]) > 1.0")
        pv, nt = _to(pv, dev), _to(nt, dev)
        kdim = pv.shape[-1]
        shapes = [tuple(pv.shape[:-1])] + ([tuple(nt.shape)] if isinstance(nt, torch.Tensor) else [])
        shape = _out_shape(size, shapes)
        if dev.type == "meta":
            return _wrap(torch.empty(shape + (kdim,), device=dev, dtype=torch.int64))
        g = self._gen(dev)
        rem_n = _full(nt, shape, dev, dt).floor()
        rem_p = torch.ones(shape, device=dev, dtype=dt)
        cols = []
        for j in range(kdim - 1):
            pj = pv[..., j].expand(shape)
            prob = torch.where(rem_p > 0, (pj / rem_p).clamp(0, 1), 0.0)
            x = torch.binomial(rem_n, prob.contiguous(), generator=g)
            cols.append(x)
            rem_n = rem_n - x
            rem_p = rem_p - pj
        cols.append(rem_n)
        return _wrap(torch.stack(cols, -1).to(torch.int64))

    def dirichlet(self, alpha, size=None, *, device=None):
        """Draw from the Dirichlet distribution (mirrors ``numpy.random.Generator.dirichlet``)."""
        dt = _dtypes.default_float()
        dev = self._dev(device, (alpha,))
        al = _host_tensor(alpha, dev).to(dt)
        if al.dim() != 1:
            raise ValueError("alpha must be a one-dimensional sequence of floats" if al.dim() == 0 else
                             "object too deep for desired array")
        if not _compiling() and _any(_not(al >= 0)):
            raise ValueError("alpha < 0")
        al = _to(al, dev)
        shape = (() if size is None else _size_tuple(size)) + (al.shape[0],)
        g = self._gen(dev)
        x = _gam(g, shape, dev, dt, al)
        s = x.sum(-1, keepdim=True)
        return _wrap(torch.where(s > 0, x / s, 0.0))

    def multivariate_normal(self, mean, cov, size=None, check_valid="warn", tol=1e-8, *, method="svd", device=None):
        """Draw from a multivariate normal distribution (``numpy.random.Generator.multivariate_normal``).

        The factorisation (``method`` 'svd', 'eigh' or 'cholesky') and ``check_valid`` run where
        ``cov`` is: on the host for host data (then uploaded), on the device for a device array,
        where the check costs a sync and so runs only under ``np.errstate(invalid="raise")`` (§3.5).
        """
        dt = _dtypes.default_float()
        dev = self._dev(device, (mean, cov))
        m = _host_tensor(mean, dev).to(dt)
        c = _host_tensor(cov, dev).to(dt)
        if m.dim() != 1:
            raise ValueError("mean must be 1 dimensional")
        if c.dim() != 2 or c.shape[0] != c.shape[1]:
            raise ValueError("cov must be 2 dimensional and square")
        if m.shape[0] != c.shape[0]:
            raise ValueError("mean and cov must have same length")
        if method not in ("svd", "eigh", "cholesky"):
            raise ValueError("method must be one of {'eigh', 'svd', 'cholesky'}")
        shape = (() if size is None else _size_tuple(size)) + (m.shape[0],)
        x = _n(self._gen(dev), shape, dev, dt).reshape(-1, m.shape[0])
        if method == "cholesky":
            factor = torch.linalg.cholesky(c)
        else:
            if method == "svd":
                u, s, vh = svd_tensor(c)
            else:
                s, u = torch.linalg.eigh(c)
            if check_valid != "ignore" and not _compiling():
                if check_valid not in ("warn", "raise"):
                    raise ValueError("check_valid must equal 'warn', 'raise', or 'ignore'")
                if method == "svd":
                    psd = not _any(~torch.isclose((vh.T * s) @ vh, c, rtol=tol, atol=tol))
                else:
                    psd = not _any(s < -tol)
                if not psd:
                    if check_valid == "warn":
                        warnings.warn("covariance is not symmetric positive-semidefinite.", RuntimeWarning, stacklevel=2)
                    else:
                        raise ValueError("covariance is not symmetric positive-semidefinite.")
            factor = u * torch.sqrt(s.abs() if method == "eigh" else s)
        return _wrap((_to(m, dev) + x @ _to(factor, dev).T).reshape(shape))

    def bytes(self, length):
        """Return ``length`` random bytes (``numpy.random.Generator.bytes``); host data."""
        dev = _CPU
        t = torch.randint(0, 256, (operator.index(length),), generator=self._gen(dev), device=dev, dtype=torch.uint8)
        return t.numpy().tobytes()


for _name, (_params_, _cons, _draw, _kind, _what) in _DISTRIBUTIONS.items():
    setattr(_Common, _name, _distribution(_name, _params_, _cons, _draw, _kind, _what))


class Generator(_Common):
    """Container of random streams (mirrors ``numpy.random.Generator``, docs/design.md §5.4).

    ``Generator(seed=None, *, device=None, stream=None)``: ``seed`` is an int, a sequence of
    ints, a ``SeedSequence``, a NumPy ``BitGenerator`` or ``Generator``, or None (fresh OS
    entropy); a bad seed raises NumPy's error here. Results go to ``device=`` of the call,
    else the device of array arguments (NumPy arrays are on the host), else the generator's
    ``device`` (else the default device). A draw landing on the CPU is made by NumPy's own
    generator of the same seed (``numpy.random.default_rng(seed)``): NumPy's numbers and
    scalars, bit for bit. On an accelerator torch's generator draws on the device, unless
    ``stream="numpy"`` (NumPy's numbers, drawn on the host and copied); ``stream="torch"``
    uses torch's generator on the CPU too (see :func:`torchnp.random.set_stream`).
    """

    def _make_numpy(self):
        seed = self._seed_arg
        if isinstance(seed, _np.random.Generator):
            return seed
        if isinstance(seed, _np.random.BitGenerator):
            return _np.random.Generator(seed)
        return _np.random.Generator(_np.random.PCG64(self._ss))  # numpy.random.default_rng(seed)

    @property
    def bit_generator(self):
        """NumPy's bit generator behind the host stream (``numpy.random.Generator.bit_generator``)."""
        return self._np.bit_generator

    def __repr__(self):
        return f"Generator({type(self.bit_generator).__name__}, device={str(self.device)!r})"

    def integers(self, low, high=None, size=None, dtype=_np.int64, endpoint=False, *, device=None):
        """Random integers in [low, high) or [low, high] (``numpy.random.Generator.integers``)."""
        return self._randint(low, high, size, dtype, endpoint, device)

    def choice(self, a, size=None, replace=True, p=None, axis=0, shuffle=True):
        """Random sample from ``a`` (``numpy.random.Generator.choice``).

        Validating ``p`` reads back a few bools, as NumPy raises on bad probabilities.
        """
        return self._choice(a, size, replace, p, axis, shuffle)

    def permuted(self, x, *, axis=None, out=None):
        """Shuffle every slice along ``axis`` independently (``numpy.random.Generator.permuted``)."""
        t = as_tensor(x, None, None if isinstance(x, ndarray) else self._dev(None))
        g = self._gen(t.device)
        if axis is None:
            flat = t.reshape(-1)
            res = flat[torch.randperm(flat.numel(), generator=g, device=t.device)].reshape(t.shape)
        else:
            ax = normalize_axis(axis, t.dim())
            keys = torch.rand(t.shape, generator=g, device=t.device)
            res = torch.take_along_dim(t, torch.argsort(keys, dim=ax), dim=ax)
        if out is not None:
            out_tensor(out, res.device, "out is read-only")  # NumPy's message, before any other check
        return store(res, out, shape_error="out must have the same shape as x")

    def multivariate_hypergeometric(self, colors, nsample, size=None, method="marginals", *, device=None):
        """``nsample`` draws without replacement from an urn holding ``colors[i]`` balls of color
        ``i``: the count of each color, int64 (mirrors
        ``numpy.random.Generator.multivariate_hypergeometric``). ``colors`` on a device stay there,
        never read on the host (their values checked as other array parameters', §3.5). Both
        methods draw the same distribution; here both go color by color (NumPy's ``'marginals'``
        algorithm), so ``'count'`` needs no memory per ball."""
        if method not in ("count", "marginals"):
            raise ValueError('method must be "count" or "marginals".')
        dev = self._dev(device, (colors,))
        on_dev = isinstance(colors, ndarray)
        counts = colors._t if on_dev else _np.asarray(colors)
        kind = _dtypes.TO_NUMPY[counts.dtype].kind if on_dev else counts.dtype.kind
        bad = "colors must be a one-dimensional sequence of nonnegative integers not exceeding 9223372036854775807."
        if counts.ndim != 1 or (counts.shape[0] and (kind not in "iu" or (not on_dev and counts.min() < 0))):
            raise ValueError(bad)
        nsample = operator.index(nsample)
        if nsample < 0:
            raise ValueError("nsample must be nonnegative.")
        dt = torch.float64
        if on_dev:  # NumPy's checks read the values: see _any (§3.5)
            total = counts.sum().to(dt)
            if not _compiling() and _any(counts < 0):
                raise ValueError(bad)
            if not _compiling() and _any(total < nsample):
                raise ValueError("nsample > sum(colors)")
            rounds = nsample  # bounds every color's draws without a read of the counts
            ncolors, counts = counts.shape[0], list(counts.to(dt).unbind(0))
        else:
            total = int(counts.sum())
            if nsample > total:
                raise ValueError("nsample > sum(colors)")
            rounds = min(nsample, total - nsample)
            ncolors, counts = counts.shape[0], counts.tolist()
        shape = _out_shape(size, [()])
        if dev.type == "meta":
            return _wrap(torch.empty(shape + (ncolors,), device=dev, dtype=torch.int64))
        g = self._gen(dev)
        left = torch.full(shape, float(nsample), device=dev, dtype=dt)
        out = []
        for c in counts[:-1]:
            x = _hypergeometric(g, shape, dev, dt, c, total - c, left, rounds)
            out.append(x)
            left, total = left - x, total - c
        if ncolors:
            out.append(left)
        res = torch.stack(out, -1) if out else torch.zeros(shape + (0,), device=dev, dtype=dt)
        return _wrap(res.to(torch.int64))

    def spawn(self, n_children):
        """Independent child generators (``numpy.random.Generator.spawn``)."""
        return [Generator(g, device=self._device, stream=self._stream) for g in self._np.spawn(n_children)]


for _name, (_params_, _draw, _what) in _STANDARD.items():
    setattr(Generator, _name, _standard(_name, _params_, _draw, _what, True))


def default_rng(seed=None, *, device=None, stream=None):
    """A new :class:`Generator` (mirrors ``numpy.random.default_rng``); a Generator passes through.

    On the CPU its numbers are ``numpy.random.default_rng(seed)``'s; ``device=`` and
    ``stream=`` ("auto", "numpy", "torch") as for :class:`Generator`."""
    if isinstance(seed, Generator):
        if device is None and stream is None:
            return seed
        seed = seed._np  # a view of the same stream on another device or stream, as NumPy shares it
    return Generator(seed, device=device, stream=stream)


class RandomState(_Common):
    """The legacy random state (mirrors ``numpy.random.RandomState``, docs/design.md §5.4).

    ``RandomState(seed=None, *, device=None, stream=None)``. A draw landing on the CPU is made
    by NumPy's own ``numpy.random.RandomState(seed)`` (the module-level functions use NumPy's
    global one, so ``torchnp.random.seed(s)`` is ``numpy.random.seed(s)``): NumPy's numbers,
    scalars, errors and ``get_state``/``set_state`` formats, bit for bit. On an accelerator
    torch's generator draws on the device (unless ``stream="numpy"``); there ``get_state()``
    returns ``{'bit_generator': 'torchnp', 'seed': int, 'state': {device: uint8 array}}``
    (torch's generator states), which ``set_state`` also takes.
    """

    def __init__(self, seed=None, *, device=None, stream=None, _numpy=None):
        self._given_np, self._seeded = _numpy, False  # _numpy: NumPy's global RandomState, kept as it is
        super().__init__(seed, device=device, stream=stream)

    def _reseed(self, seed):
        if not _compiling():  # NumPy validates the seed here (NumPy's error types)
            if isinstance(seed, ndarray):
                seed = seed.to_numpy()
            if self._given_np is None:
                self._given_np = _np.random.RandomState(seed)
            elif self._seeded:
                self._given_np.seed(seed)
        self._seeded = True
        super()._reseed(seed)
        self._np_gen = self._given_np

    def _make_numpy(self):
        self._given_np = _np.random.RandomState(self._seed_arg)
        return self._given_np

    def __repr__(self):
        return f"RandomState(MT19937, device={str(self.device)!r})"

    def seed(self, seed=None):
        """Reseed (``numpy.random.RandomState.seed``): NumPy's generator and the device generators."""
        self._reseed(seed)

    def get_state(self, legacy=True):
        """The state (``numpy.random.RandomState.get_state``): NumPy's where the generator's draws
        are NumPy's, torch's generator states on an accelerator (see the class docstring)."""
        if self._route(None, ()) is not None:
            return self._np.get_state(legacy=legacy)
        return {"bit_generator": "torchnp", "seed": self._seed,
                "state": {str(d): g.get_state().numpy().copy() for d, g in self._gens.items() if g is not None}}

    def set_state(self, state):
        """Restore a state returned by :meth:`get_state` (``numpy.random.RandomState.set_state``)."""
        if not isinstance(state, dict) or state.get("bit_generator") != "torchnp":
            return self._np.set_state(state)
        self._state = (SeedSequence(int(state["seed"])), int(state["seed"]))
        self._gens = {}
        for name, s in state["state"].items():
            dev = torch.device(name)
            g = torch.Generator(device=dev)
            g.set_state(torch.from_numpy(_np.asarray(s, dtype=_np.uint8).copy()))
            self._gens[dev] = g

    def rand(self, *args, device=None):
        """Uniform [0, 1) floats of shape ``args`` (``numpy.random.rand``); float64."""
        return self.random_sample(args if args else None, device=device)

    def randn(self, *args, device=None):
        """Standard normal floats of shape ``args`` (``numpy.random.randn``); float64."""
        return self.standard_normal(args if args else None, device=device)

    def randint(self, low, high=None, size=None, dtype=int, *, device=None):
        """Random integers in [low, high) (``numpy.random.randint``)."""
        return self._randint(low, high, size, dtype, False, device, "randint")

    def random_integers(self, low, high=None, size=None, *, device=None):
        """Random integers in [low, high] (deprecated ``numpy.random.random_integers``)."""
        warnings.warn("This function is deprecated. Please call randint(1, {} + 1) instead".format(low if high is None else high),
                      DeprecationWarning, stacklevel=2)
        if high is None:
            low, high = 1, low
        return self._randint(low, high, size, int, True, device)

    def choice(self, a, size=None, replace=True, p=None):
        """Random sample from ``a`` (``numpy.random.choice``)."""
        return self._choice(a, size, replace, p, 0, True, legacy=True)

    def multinomial(self, n, pvals, size=None, *, device=None):
        """Draw from a multinomial distribution (``numpy.random.RandomState.multinomial``); int64.
        The legacy generator takes one number of trials ``n`` (NumPy's TypeError for arrays)."""
        if isinstance(n, (list, tuple)):
            raise TypeError("an integer is required")
        if isinstance(n, _ARRAYS) and n.ndim:
            raise TypeError("only 0-dimensional arrays can be converted to Python scalars")
        return _Common.multinomial(self, n, pvals, size, device=device)

    def tomaxint(self, size=None, *, device=None):
        """Random integers in [0, ``sys.maxsize``] (``numpy.random.RandomState.tomaxint``)."""
        return self._randint(0, 2 ** 63 - 1, size, _np.int64, True, device, "tomaxint")

    def permutation(self, x):
        """Permute a sequence or return a permuted range (``numpy.random.permutation``)."""
        return _Common.permutation(self, x)

    def shuffle(self, x):
        """Shuffle in place along the first axis (``numpy.random.shuffle``)."""
        return _Common.shuffle(self, x)


for _name, (_params_, _draw, _what) in _STANDARD.items():
    setattr(RandomState, _name if _name != "random" else "random_sample",
            _standard(_name, _params_, _draw, _what, False))
RandomState.random = RandomState.ranf = RandomState.sample = RandomState.random_sample


# ---------------------------------------------------------------- routing (§5.4)
def _routed(name, impl):
    """``impl`` (torch's generator) behind the stream choice: a draw that lands on the host
    (or any draw under ``stream="numpy"``) is made by NumPy's generator's own method."""

    def method(self, *args, device=None, **kwargs):
        if not kwargs and device is None and self._np_gen is not None:
            # the per-call path of scalar loops (rng.random(), np.random.rand()): NumPy's
            # generator on the generator's device when it is the host, with nothing to convert
            dev = self._device or _device.get_default_device()
            for v in args:
                if isinstance(v, _ARRAYS):
                    break
            else:
                if _stream.on_host(dev) and (self._stream or _stream._setting[0]) != "torch" and not _compiling():
                    res = getattr(self._np_gen, name)(*args)
                    return _stream.result(res, dev, True, True) if isinstance(res, _np.ndarray) else res
        route = self._route(device, args + tuple(kwargs.values()) if kwargs else args)
        if route is None:
            if device is not None:
                kwargs["device"] = device
            return impl(self, *args, **kwargs)
        return _stream.call(getattr(self._np, name), name, *route, args, kwargs)

    method.__name__, method.__qualname__, method.__module__ = impl.__name__, impl.__qualname__, impl.__module__
    method.__doc__ = (impl.__doc__ or "").replace("The stream does not match NumPy's bits (docs/design.md §5.4).", _STREAM_DOC)
    if "docs/design.md §5.4" not in method.__doc__:
        method.__doc__ = method.__doc__.rstrip() + "\n\n" + _STREAM_DOC
    try:
        method.__signature__ = inspect.signature(impl)
    except (TypeError, ValueError):
        pass
    return method


_STREAM_DOC = ("On the CPU NumPy's own generator draws (the same numbers and scalars as NumPy under the "
               "same seed); on an accelerator torch's, on the device, unless ``stream='numpy'`` (docs/design.md §5.4).")

#: NumPy's public methods, discovered from NumPy itself; each has a torch implementation here
_METHODS = {cls: sorted(n for n in dir(npcls) if not n.startswith("_") and n not in ("bit_generator", "seed", "spawn",
                                                                                    "get_state", "set_state"))
            for cls, npcls in ((Generator, _np.random.Generator), (RandomState, _np.random.RandomState))}
for _cls, _names in _METHODS.items():
    for _name in _names:
        setattr(_cls, _name, _routed(_name, getattr(_cls, _name)))
RandomState.ranf = RandomState.sample = RandomState.random_sample  # NumPy's module-level aliases
