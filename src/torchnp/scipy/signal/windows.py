"""torchnp.scipy.signal.windows: ``scipy.signal.windows`` (DESIGN §8; docs/scipy.md).

Windows are created from Python numbers (no array operand): on the default device, or on
``device=`` (SciPy 1.17's keyword); on a CPU they are SciPy's own. The torch formulas are
SciPy's, in float64. ``get_window`` names the windows SciPy's does; the few without a torch
formula here (``chebwin``, ``taylor``, ``dpss``, ``kaiser_bessel_derived``, ``general_cosine``)
are computed by SciPy from the Python parameters and created on the device from those host
values (a creation, as ``asarray(list)``: no device data is read).
"""

import math
import numbers

import torch

from ... import _device
from ..._convert import as_tensor
from .._dispatch import mirror, module_getattr, scipy_function
from ..fft._basic import _created_on

__all__ = ["boxcar", "triang", "parzen", "bohman", "blackman", "nuttall", "blackmanharris", "flattop",
           "bartlett", "barthann", "hamming", "hann", "general_hamming", "kaiser", "gaussian",
           "general_gaussian", "cosine", "exponential", "tukey", "lanczos", "get_window"]

_F64 = torch.float64


def _len_guards(M):
    if int(M) != M or M < 0:
        raise ValueError("Window length M must be a non-negative integer")
    return M <= 1


def _start(M, sym, xp, device):
    """(device, trivial window or None, extended M, truncate?) as SciPy's _len_guards/_extend."""
    dev = _device.resolve(_created_on(xp, device))
    if _len_guards(M):
        return dev, torch.ones(int(M), dtype=_F64, device=dev), M, False
    return dev, None, (M + 1 if not sym else M), not sym


def _window(formula):
    """A window from ``formula(M, dev, *params)`` on the extended length, SciPy's guards around it."""

    def make(M, sym, xp, device, *params):
        dev, trivial, M, trunc = _start(M, sym, xp, device)
        if trivial is not None:
            return trivial
        w = formula(int(M), dev, *params)
        return w[:-1] if trunc else w

    return make


def _arange(M, dev):
    return torch.arange(M, dtype=_F64, device=dev)


def _cosine_sum(M, dev, a):
    fac = torch.linspace(-math.pi, math.pi, M, dtype=_F64, device=dev)
    w = torch.zeros(M, dtype=_F64, device=dev)
    for k, ak in enumerate(a):
        w = w + ak * torch.cos(k * fac)
    return w


_general_cosine = _window(_cosine_sum)


def _triang(M, dev):
    n = torch.arange(1, (M + 1) // 2 + 1, dtype=_F64, device=dev)
    if M % 2 == 0:
        w = (2 * n - 1.0) / M
        return torch.cat([w, w.flip(0)])
    w = 2 * n / (M + 1.0)
    return torch.cat([w, w[:-1].flip(0)])


def _parzen(M, dev):
    n = _arange(M, dev) - (M - 1) / 2.0
    a = n.abs()
    return torch.where(a <= (M - 1) / 4.0, 1 - 6 * (a / (M / 2.0)) ** 2.0 + 6 * (a / (M / 2.0)) ** 3.0,
                       2 * (1 - a / (M / 2.0)) ** 3.0)


def _bohman(M, dev):
    fac = torch.linspace(-1, 1, M, dtype=_F64, device=dev)[1:-1].abs()
    w = (1 - fac) * torch.cos(math.pi * fac) + 1.0 / math.pi * torch.sin(math.pi * fac)
    zero = torch.zeros(1, dtype=_F64, device=dev)
    return torch.cat([zero, w, zero])


def _bartlett(M, dev):
    n = _arange(M, dev)
    return torch.where(n <= (M - 1) / 2.0, 2.0 * n / (M - 1), 2.0 - 2.0 * n / (M - 1))


def _barthann(M, dev):
    fac = (_arange(M, dev) / (M - 1.0) - 0.5).abs()
    return 0.62 - 0.48 * fac + 0.38 * torch.cos(2 * math.pi * fac)


def _kaiser(M, dev, beta):
    n = _arange(M, dev)
    alpha = (M - 1) / 2.0
    b = torch.tensor(float(beta), dtype=_F64, device=dev)
    return torch.special.i0(b * torch.sqrt(1 - ((n - alpha) / alpha) ** 2.0)) / torch.special.i0(b)


def _gaussian(M, dev, std):
    n = _arange(M, dev) - (M - 1.0) / 2.0
    return torch.exp(-n ** 2 / (2 * std * std))


def _general_gaussian(M, dev, p, sig):
    n = _arange(M, dev) - (M - 1.0) / 2.0
    return torch.exp(-0.5 * (n / sig).abs() ** (2 * p))


def _cosine(M, dev):
    return torch.sin(math.pi / M * (_arange(M, dev) + 0.5))


def _exponential(M, dev, center, tau):
    if center is None:
        center = (M - 1) / 2
    return torch.exp(-(_arange(M, dev) - center).abs() / tau)


def _tukey(M, dev, alpha):
    n = _arange(M, dev)
    width = int(math.floor(alpha * (M - 1) / 2.0))
    n1, n2, n3 = n[0:width + 1], n[width + 1:M - width - 1], n[M - width - 1:]
    w1 = 0.5 * (1 + torch.cos(math.pi * (-1 + 2.0 * n1 / alpha / (M - 1))))
    w3 = 0.5 * (1 + torch.cos(math.pi * (-2.0 / alpha + 1 + 2.0 * n3 / alpha / (M - 1))))
    return torch.cat((w1, torch.ones_like(n2), w3))


def _lanczos(M, dev):
    def right(n, m):
        return torch.sinc(2.0 * torch.arange(n, m, dtype=_F64, device=dev) / (m - 1) - 1.0)

    if M % 2 == 0:
        wh = right(M / 2, M)
        return torch.cat([wh.flip(0), wh])
    wh = right((M + 1) / 2, M)
    return torch.cat([wh.flip(0), torch.ones(1, dtype=_F64, device=dev), wh])


_make = {name: _window(f) for name, f in (
    ("triang", _triang), ("parzen", _parzen), ("bohman", _bohman), ("bartlett", _bartlett),
    ("barthann", _barthann), ("kaiser", _kaiser), ("gaussian", _gaussian), ("general_gaussian", _general_gaussian),
    ("cosine", _cosine), ("exponential", _exponential), ("tukey", _tukey), ("lanczos", _lanczos),
    ("boxcar", lambda M, dev: torch.ones(M, dtype=_F64, device=dev)))}


@mirror("signal.windows")
def boxcar(M, sym=True, *, xp=None, device=None):
    return _make["boxcar"](M, sym, xp, device)


@mirror("signal.windows")
def triang(M, sym=True, *, xp=None, device=None):
    return _make["triang"](M, sym, xp, device)


@mirror("signal.windows")
def parzen(M, sym=True, *, xp=None, device=None):
    return _make["parzen"](M, sym, xp, device)


@mirror("signal.windows")
def bohman(M, sym=True, *, xp=None, device=None):
    return _make["bohman"](M, sym, xp, device)


@mirror("signal.windows")
def blackman(M, sym=True, *, xp=None, device=None):
    return _general_cosine(M, sym, xp, device, (0.42, 0.5, 0.08))


@mirror("signal.windows")
def nuttall(M, sym=True, *, xp=None, device=None):
    return _general_cosine(M, sym, xp, device, (0.3635819, 0.4891775, 0.1365995, 0.0106411))


@mirror("signal.windows")
def blackmanharris(M, sym=True, *, xp=None, device=None):
    return _general_cosine(M, sym, xp, device, (0.35875, 0.48829, 0.14128, 0.01168))


@mirror("signal.windows")
def flattop(M, sym=True, *, xp=None, device=None):
    return _general_cosine(M, sym, xp, device, (0.21557895, 0.41663158, 0.277263158, 0.083578947, 0.006947368))


@mirror("signal.windows")
def bartlett(M, sym=True, *, xp=None, device=None):
    return _make["bartlett"](M, sym, xp, device)


@mirror("signal.windows")
def barthann(M, sym=True, *, xp=None, device=None):
    return _make["barthann"](M, sym, xp, device)


@mirror("signal.windows")
def general_hamming(M, alpha, sym=True, *, xp=None, device=None):
    return _general_cosine(M, sym, xp, device, (alpha, 1.0 - alpha))


@mirror("signal.windows")
def hamming(M, sym=True, *, xp=None, device=None):
    return _general_cosine(M, sym, xp, device, (0.54, 1.0 - 0.54))


@mirror("signal.windows")
def hann(M, sym=True, *, xp=None, device=None):
    return _general_cosine(M, sym, xp, device, (0.5, 1.0 - 0.5))


@mirror("signal.windows")
def kaiser(M, beta, sym=True, *, xp=None, device=None):
    return _make["kaiser"](M, sym, xp, device, beta)


@mirror("signal.windows")
def gaussian(M, std, sym=True, *, xp=None, device=None):
    return _make["gaussian"](M, sym, xp, device, std)


@mirror("signal.windows")
def general_gaussian(M, p, sig, sym=True, *, xp=None, device=None):
    return _make["general_gaussian"](M, sym, xp, device, p, sig)


@mirror("signal.windows")
def cosine(M, sym=True, *, xp=None, device=None):
    return _make["cosine"](M, sym, xp, device)


@mirror("signal.windows")
def exponential(M, center=None, tau=1.0, sym=True, *, xp=None, device=None):
    if sym and center is not None:
        raise ValueError("If sym==True, center must be None.")
    return _make["exponential"](M, sym, xp, device, center, tau)


@mirror("signal.windows")
def tukey(M, alpha=0.5, sym=True, *, xp=None, device=None):
    if alpha >= 1.0 and not _len_guards(M):
        return _general_cosine(M, sym, xp, device, (0.5, 0.5))
    if alpha <= 0 and not _len_guards(M):
        return torch.ones(int(M), dtype=_F64, device=_device.resolve(_created_on(xp, device)))
    return _make["tukey"](M, sym, xp, device, alpha)


@mirror("signal.windows")
def lanczos(M, *, sym=True, xp=None, device=None):
    return _make["lanczos"](M, sym, xp, device)


#: SciPy's window names (get_window): name -> (function, takes parameters: True/False/"OPTIONAL")
_NAMES = {}
for _names, _fn, _args in (
        (("barthann", "brthan", "bth"), "barthann", False), (("bartlett", "bart", "brt"), "bartlett", False),
        (("blackman", "black", "blk"), "blackman", False), (("blackmanharris", "blackharr", "bkh"), "blackmanharris", False),
        (("bohman", "bman", "bmn"), "bohman", False), (("boxcar", "box", "ones", "rect", "rectangular"), "boxcar", False),
        (("chebwin", "cheb"), "chebwin", True), (("cosine", "halfcosine"), "cosine", False), (("dpss",), "dpss", True),
        (("exponential", "poisson"), "exponential", "OPTIONAL"), (("flattop", "flat", "flt"), "flattop", False),
        (("gaussian", "gauss", "gss"), "gaussian", True), (("general cosine", "general_cosine"), "general_cosine", True),
        (("general gaussian", "general_gaussian", "general gauss", "general_gauss", "ggs"), "general_gaussian", True),
        (("general hamming", "general_hamming"), "general_hamming", True), (("hamming", "hamm", "ham"), "hamming", False),
        (("hann", "han"), "hann", False), (("kaiser", "ksr"), "kaiser", True),
        (("kaiser bessel derived", "kaiser_bessel_derived", "kbd"), "kaiser_bessel_derived", True),
        (("lanczos", "sinc"), "lanczos", False), (("nuttall", "nutl", "nut"), "nuttall", False),
        (("parzen", "parz", "par"), "parzen", False), (("taylor", "taylorwin"), "taylor", "OPTIONAL"),
        (("triangle", "triang", "tri"), "triang", False), (("tukey", "tuk"), "tukey", "OPTIONAL")):
    for _n in _names:
        _NAMES[_n] = (_fn, _args)


def window_tensor(window, Nx, fftbins=True, device=None, xp=None):
    """SciPy's ``get_window`` as a float64 tensor on ``device`` (shared by the spectral functions)."""
    if not (Nx > 0 and isinstance(Nx, numbers.Integral)):
        raise ValueError(f"Parameter Nx={Nx!r} is not a positive integer")
    if not isinstance(fftbins, bool):
        raise ValueError(f"Parameter fftbins={fftbins!r} is not of type bool!")
    if not isinstance(window, str | tuple):
        try:
            beta = float(window)
        except Exception as float_exception:
            raise ValueError(f"Parameter window={window!r} must be a tuple, a string or a float!") from float_exception
        return _make["kaiser"](Nx, not fftbins, xp, device, beta)
    if isinstance(window, tuple) and not isinstance(window[0], str):
        raise ValueError(f"First tuple entry of parameter window={window!r} is not a str!")
    sym = not fftbins
    name = window if isinstance(window, str) else window[0]
    if name.endswith("_symmetric"):
        sym, name = True, name[:-10]
    elif name.endswith("_periodic"):
        sym, name = False, name[:-9]
    if name not in _NAMES:
        raise ValueError(f"Invalid window name '{name}' in parameter window={window!r}!")
    fn, has_args = _NAMES[name]
    args = window[1:] if isinstance(window, tuple) else ()
    if args and has_args is False:
        raise ValueError(f"'{name}' does not allow parameters, but window={window!r}!")
    if not args and has_args is True:
        raise ValueError(f"'{name}' must have parameters, but window={window!r}!")
    impl = globals().get(fn) if fn in __all__ else None
    if impl is None:  # computed by SciPy from Python numbers, created on the device (module docstring)
        host = scipy_function("signal.get_window")((fn, *args) if args else fn, Nx, not sym)
        return as_tensor(host, _F64, _device.resolve(_created_on(xp, device)))
    return impl.__wrapped__(Nx, *args, sym=sym, xp=xp, device=_device.resolve(_created_on(xp, device)))


@mirror("signal")
def get_window(window, Nx, fftbins=True, *, xp=None, device=None):
    return window_tensor(window, Nx, fftbins, device, xp)


__getattr__ = module_getattr("signal.windows")
