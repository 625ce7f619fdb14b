"""NumPy's legacy polynomial API (``numpy.lib.polynomial``): polyval, polyfit, poly,
roots, polyder, polyint, polyadd, polysub, polymul, polydiv and the ``poly1d`` class.

Computed with torch on the coefficients' device. Functions whose result size or
dtype depends on the values (``roots``, ``polydiv``'s remainder trimming,
``poly``'s real/complex choice, ``poly1d``'s leading-zero trimming) make the
host syncs NumPy's semantics require.
"""

import warnings

import numpy as _np
import torch

from . import _dtypes
from . import _ufuncs as _u
from ._array import _wrap, ndarray
from ._boundary import tensor as tensor_of, tensors
from ._sorting._sort import argsort_tensor
from ._tensors import svd_tensor

__all__ = ["polyval", "polyfit", "poly", "roots", "polyder", "polyint", "polyadd", "polysub",
           "polymul", "polydiv", "poly1d"]


def _coeffs(p):
    if isinstance(p, poly1d):
        return p.coeffs._t
    if isinstance(p, torch.Tensor):
        return p
    t = tensor_of(p)
    return t.reshape(1) if t.dim() == 0 else t


def _ret(t, truepoly):
    return poly1d(_wrap(t)) if truepoly else _wrap(t)


def _is_poly(*ps):
    return any(isinstance(p, poly1d) for p in ps)


def _front_pad(t, n, dtype):
    return torch.cat([torch.zeros(n, dtype=dtype, device=t.device), t]) if n > 0 else t


def _add_like(a1, a2, op):
    t1, t2 = _coeffs(a1), _coeffs(a2)
    if t1.dim() > 1 or t2.dim() > 1:
        return None
    diff = t2.shape[0] - t1.shape[0]
    t1, t2 = _front_pad(t1, diff, t1.dtype), _front_pad(t2, -diff, t2.dtype)
    return _ret(op(_wrap(t1), _wrap(t2))._t, _is_poly(a1, a2))


def polyadd(a1, a2):
    """Sum of two polynomials (mirrors ``numpy.polyadd``)."""
    return _add_like(a1, a2, _u.add)


def polysub(a1, a2):
    """Difference of two polynomials (mirrors ``numpy.polysub``)."""
    return _add_like(a1, a2, _u.subtract)


def _convolve_full(t1, t2):
    dt = _dtypes.promote_torch(t1.dtype, t2.dtype)
    acc = torch.int64 if dt is torch.bool else dt
    prod = t1.to(acc).unsqueeze(1) * t2.to(acc).unsqueeze(0)
    n, m = t1.shape[0], t2.shape[0]
    idx = (torch.arange(n, device=t1.device).unsqueeze(1) + torch.arange(m, device=t1.device)).reshape(-1)
    r = torch.zeros(max(n + m - 1, 0), dtype=acc, device=t1.device).index_add_(0, idx, prod.reshape(-1))
    return r != 0 if dt is torch.bool else r


def polymul(a1, a2):
    """Product of two polynomials (mirrors ``numpy.polymul``)."""
    t1, t2 = tensors((_wrap(_coeffs(a1)), _wrap(_coeffs(a2))))
    # NumPy trims leading zeros first (through poly1d): a data-dependent size
    t1, t2 = poly1d(_wrap(t1)).coeffs._t, poly1d(_wrap(t2)).coeffs._t
    return _ret(_convolve_full(t1, t2), _is_poly(a1, a2))


def polyder(p, m=1):
    """Derivative of order ``m`` (mirrors ``numpy.polyder``)."""
    m = int(m)
    if m < 0:
        raise ValueError("Order of derivative must be positive (see polyint)")
    val = _wrap(_coeffs(p))
    for _ in range(m):
        n = val.shape[0] - 1
        val = _u.multiply(val[:-1], _wrap(torch.arange(max(n, 0), 0, -1, device=val._t.device)))
    return _ret(val._t, _is_poly(p))


def polyint(p, m=1, k=None):
    """Antiderivative of order ``m`` with integration constants ``k`` (mirrors ``numpy.polyint``)."""
    m = int(m)
    if m < 0:
        raise ValueError("Order of integral must be positive (see polyder)")
    val = _wrap(_coeffs(p))
    dev = val._t.device
    kt = torch.zeros(m, dtype=torch.float64, device=dev) if k is None else tensor_of(k, dev).reshape(-1)
    if kt.shape[0] == 1 and m > 1:
        kt = kt[0] * torch.ones(m, dtype=torch.float64, device=dev)
    if kt.shape[0] < m:
        raise ValueError("k must be a scalar or a rank-1 array of length 1 or >m.")
    for i in range(m):
        y = _u.true_divide(val, _wrap(torch.arange(val.shape[0], 0, -1, device=dev)))
        dt = _dtypes.to_torch(_dtypes.np_result_type(y.dtype, _dtypes.TO_NUMPY[kt.dtype]))
        val = _wrap(torch.cat([y._t.to(dt), kt[i:i + 1].to(dt)]))
    return _ret(val._t, _is_poly(p))


def polyval(p, x):
    """Evaluate a polynomial at ``x`` by Horner's scheme (mirrors ``numpy.polyval``)."""
    pt = _coeffs(p)
    if isinstance(x, poly1d):
        y = poly1d([0])
        for i in range(pt.shape[0]):
            y = y * x + _wrap(pt[i])
        return y
    xa = x if isinstance(x, ndarray) else _wrap(tensor_of(x, pt.device))
    y = _wrap(torch.zeros_like(xa._t))
    for i in range(pt.shape[0]):
        y = _u.add(_u.multiply(y, xa), _wrap(pt[i]))
    return y


def _eigvals(a):
    """Eigenvalues, real when every imaginary part is zero (NumPy's rule; a host sync)."""
    if a.dtype is torch.float16:
        raise TypeError("array type float16 is unsupported in linalg")
    w = torch.linalg.eigvals(a)
    if not a.is_complex() and bool((w.imag == 0).all()):
        return w.real
    return w


def poly(seq_of_zeros):
    """Coefficients of the polynomial with the given roots (mirrors ``numpy.poly``)."""
    t = tensor_of(seq_of_zeros)
    t = t.reshape(1) if t.dim() == 0 else t
    real_matrix = False
    if t.dim() == 2 and t.shape[0] == t.shape[1] and t.shape[0] != 0:
        # a real matrix's eigenvalues come in exact conjugate pairs, so NumPy's check below always
        # finds its polynomial real: no need to read them (§3.5)
        real_matrix = not t.is_complex()
        if t.dtype is torch.float16:
            raise TypeError("array type float16 is unsupported in linalg")
        t = torch.linalg.eigvals(t if t.is_floating_point() or t.is_complex() else t.to(torch.float64))
    elif t.dim() == 1:
        t = t.to(_dtypes.to_torch(_np.mintypecode(_dtypes.TO_NUMPY[t.dtype].char)))
    else:
        raise ValueError("input must be 1d or non-empty square 2d array.")
    if t.shape[0] == 0:
        return 1.0
    a = torch.ones(1, dtype=t.dtype, device=t.device)
    for i in range(t.shape[0]):
        a = _convolve_full(a, torch.stack([torch.ones((), dtype=t.dtype, device=t.device), -t[i]]))
    if a.is_complex() and real_matrix:
        a = a.real.clone()
    elif a.is_complex():
        r = t.to(torch.complex128)
        s1 = r.gather(0, argsort_tensor(r, 0))
        rc = r.conj().resolve_conj()
        s2 = rc.gather(0, argsort_tensor(rc, 0))
        if bool((s1 == s2).all()):  # host sync: real result for conjugate-pair roots, as NumPy
            a = a.real.clone()
    return _wrap(a)


def roots(p):
    """Roots of a polynomial via its companion matrix (mirrors ``numpy.roots``)."""
    t = _coeffs(p)
    if t.dim() != 1:
        raise ValueError("Input must be a rank-1 array.")
    non_zero = torch.nonzero(t).reshape(-1).tolist()  # host sync: the result size depends on the data
    if not non_zero:
        return _wrap(torch.zeros(0, dtype=torch.float64, device=t.device))
    trailing = t.shape[0] - non_zero[-1] - 1
    t = t[non_zero[0]:non_zero[-1] + 1]
    if not (t.is_floating_point() or t.is_complex()):
        t = t.to(torch.float64)
    n = t.shape[0]
    if n > 1:
        a = torch.diag(torch.ones(n - 2, dtype=t.dtype, device=t.device), -1)
        a[0, :] = -t[1:] / t[0]
        r = _eigvals(a)
    else:
        r = torch.zeros(0, dtype=torch.float64, device=t.device)
    return _wrap(torch.cat([r, torch.zeros(trailing, dtype=r.dtype, device=r.device)]))


def polydiv(u, v):
    """Quotient and remainder of polynomial division (mirrors ``numpy.polydiv``)."""
    tu, tv = tensors((_wrap(_coeffs(u)), _wrap(_coeffs(v))))
    tu, tv = (t.to(_dtypes.to_torch(_dtypes.np_result_type(_dtypes.TO_NUMPY[t.dtype], 0.0))) for t in (tu, tv))  # u + 0.0
    dt = _dtypes.promote_torch(tu.dtype, tv.dtype)
    m, n = tu.shape[0] - 1, tv.shape[0] - 1
    scale = (1.0 / tv[0]).to(dt)  # in v's precision, as NumPy
    tu, tv = tu.to(dt), tv.to(dt)
    q = torch.zeros(max(m - n + 1, 1), dtype=dt, device=tu.device)
    r = tu.clone()
    for k in range(m - n + 1):
        d = scale * r[k]
        q[k] = d
        r[k:k + n + 1] -= d * tv
    # host sync: NumPy trims leading (near-)zeros of the remainder, a data-dependent size
    while r.shape[0] > 1 and bool(torch.isclose(r[0], torch.zeros((), dtype=dt, device=r.device), rtol=1e-14, atol=1e-8)):
        r = r[1:]
    truepoly = _is_poly(u, v)
    return (_ret(q, truepoly), _ret(r, truepoly))


def _vander(x, n):
    return x.unsqueeze(1) ** torch.arange(n - 1, -1, -1, device=x.device, dtype=x.dtype)


def polyfit(x, y, deg, rcond=None, full=False, w=None, cov=False):
    """Least-squares polynomial fit (mirrors ``numpy.polyfit``; SVD solve as NumPy's lstsq)."""
    order = int(deg) + 1
    tx, ty = tensors((x, y))
    ft = _dtypes.to_torch(_dtypes.np_result_type(_dtypes.TO_NUMPY[tx.dtype], 0.0))
    tx, ty = tx.to(ft), ty.to(_dtypes.to_torch(_dtypes.np_result_type(_dtypes.TO_NUMPY[ty.dtype], 0.0)))
    if deg < 0:
        raise ValueError("expected deg >= 0")
    if tx.dim() != 1:
        raise TypeError("expected 1D vector for x")
    if tx.numel() == 0:
        raise TypeError("expected non-empty vector for x")
    if ty.dim() < 1 or ty.dim() > 2:
        raise TypeError("expected 1D or 2D array for y")
    if tx.shape[0] != ty.shape[0]:
        raise TypeError("expected x and y to have same length")
    if rcond is None:
        rcond = tx.shape[0] * _np.finfo(_dtypes.TO_NUMPY[ft]).eps
    dt = _dtypes.promote_torch(ft, ty.dtype)
    lhs, rhs = _vander(tx, order).to(dt), ty.to(dt)
    if w is not None:
        tw = tensor_of(w, tx.device).to(torch.float64)
        if tw.dim() != 1:
            raise TypeError("expected a 1-d array for weights")
        if tw.shape[0] != ty.shape[0]:
            raise TypeError("expected w and y to have the same length")
        lhs = lhs * tw.unsqueeze(1).to(dt)
        rhs = rhs * (tw.unsqueeze(1) if rhs.dim() == 2 else tw).to(dt)
    scale = torch.sqrt((lhs * lhs.conj()).real.sum(0))
    lhs = lhs / scale
    u_, s, vh = svd_tensor(lhs, full_matrices=False)
    big = s > rcond * s.max()
    sinv = torch.where(big, 1 / torch.where(big, s, torch.ones_like(s)), torch.zeros_like(s))
    r2 = rhs if rhs.dim() == 2 else rhs.unsqueeze(1)
    c = vh.mT.conj() @ (sinv.unsqueeze(1).to(dt) * (u_.mT.conj() @ r2))
    rank = int(big.sum())  # host sync: NumPy warns on (and returns) the rank
    resid_full = ((r2 - lhs @ c).abs() ** 2).sum(0)
    resids = resid_full if (rank == order and tx.shape[0] > order) else resid_full[:0]
    if rhs.dim() == 1:
        c, resids = c[:, 0], resids
    c = (c.mT / scale).mT if c.dim() == 2 else c / scale
    if rank != order and not full:
        warnings.warn("Polyfit may be poorly conditioned", _np.exceptions.RankWarning, stacklevel=2)
    if full:
        return _wrap(c), _wrap(resids), _wrap(big.sum().to(torch.int32)), _wrap(s), _np.float64(rcond)
    if cov:
        vbase = torch.linalg.inv(lhs.mT.conj() @ lhs) / torch.outer(scale, scale)
        if cov == "unscaled":
            fac = torch.ones((), dtype=vbase.dtype, device=vbase.device)
        else:
            if tx.shape[0] <= order:
                raise ValueError("the number of data points must exceed order to scale the covariance matrix")
            fac = resids / (tx.shape[0] - order)
        if rhs.dim() == 1:
            return _wrap(c), _wrap(vbase * fac)
        return _wrap(c), _wrap(vbase.unsqueeze(-1) * fac)
    return _wrap(c)


class poly1d:
    """A one-dimensional polynomial class (mirrors ``numpy.poly1d``); coefficients live on the device."""

    __hash__ = None

    def __init__(self, c_or_r, r=False, variable=None):
        if isinstance(c_or_r, poly1d):
            self._variable = c_or_r._variable
            self._coeffs = c_or_r._coeffs
            if variable is not None:
                self._variable = variable
            return
        if r:
            c_or_r = poly(c_or_r)
        t = tensor_of(c_or_r) if not isinstance(c_or_r, float) else torch.tensor([c_or_r], dtype=torch.float64)
        t = t.reshape(1) if t.dim() == 0 else t
        if t.dim() > 1:
            raise ValueError("Polynomial must be 1d only.")
        nz = torch.nonzero(t).reshape(-1)
        first = int(nz[0]) if nz.numel() else t.shape[0]  # host sync: leading zeros are trimmed
        t = t[first:]
        if t.shape[0] == 0:
            t = torch.zeros(1, dtype=t.dtype, device=t.device)
        self._coeffs = _wrap(t)
        self._variable = variable or "x"

    @property
    def coeffs(self):
        return self._coeffs

    c = coef = coefficients = coeffs

    @property
    def variable(self):
        return self._variable

    @property
    def order(self):
        return self._coeffs.shape[0] - 1

    o = order

    @property
    def roots(self):
        return roots(self._coeffs)

    r = roots

    def __array__(self, t=None, copy=None):
        return _np.asarray(self._coeffs, dtype=t)

    def __repr__(self):
        vals = repr(self._coeffs)[6:-1]
        return f"poly1d({vals})"

    def __str__(self):
        return str(_np.poly1d(self._coeffs.to_numpy(), variable=self._variable))

    def __len__(self):
        return self.order

    def __call__(self, val):
        return polyval(self._coeffs, val)

    def __neg__(self):
        return poly1d(-self._coeffs)

    def __pos__(self):
        return self

    def __mul__(self, other):
        if _np.isscalar(other):
            return poly1d(self._coeffs * other)
        return poly1d(polymul(self._coeffs, _coeffs(poly1d(other))))

    __rmul__ = __mul__

    def __add__(self, other):
        return poly1d(polyadd(self._coeffs, _coeffs(poly1d(other))))

    __radd__ = __add__

    def __sub__(self, other):
        return poly1d(polysub(self._coeffs, _coeffs(poly1d(other))))

    def __rsub__(self, other):
        return poly1d(polysub(_coeffs(poly1d(other)), self._coeffs))

    def __pow__(self, val):
        if not _np.isscalar(val) or int(val) != val or val < 0:
            raise ValueError("Power to non-negative integers only.")
        res = poly1d([1])
        for _ in range(val):
            res = res * self
        return res

    def __truediv__(self, other):
        if _np.isscalar(other):
            return poly1d(self._coeffs / other)
        return polydiv(self, poly1d(other))

    def __rtruediv__(self, other):
        return polydiv(poly1d(other), self)

    def __eq__(self, other):
        if not isinstance(other, poly1d):
            return NotImplemented
        a, b = self._coeffs._t, other._coeffs._t
        return a.shape == b.shape and bool((a == b).all())

    def __ne__(self, other):
        if not isinstance(other, poly1d):
            return NotImplemented
        return not self.__eq__(other)

    def __getitem__(self, val):
        ind = self.order - val
        if val > self.order or val < 0:
            return _wrap(torch.zeros((), dtype=self._coeffs._t.dtype, device=self._coeffs._t.device))
        return self._coeffs[ind]

    def __setitem__(self, key, val):
        if key < 0:
            raise ValueError("Does not support negative powers.")
        t = self._coeffs._t
        if key > self.order:
            t = torch.cat([torch.zeros(key - self.order, dtype=t.dtype, device=t.device), t])
        t = t.clone()
        t[t.shape[0] - 1 - key] = tensor_of(val, t.device).to(t.dtype)
        self._coeffs = _wrap(t)

    def __iter__(self):
        return iter(self._coeffs)

    def integ(self, m=1, k=0):
        """Antiderivative (``numpy.poly1d.integ``)."""
        return poly1d(polyint(self._coeffs, m=m, k=k))

    def deriv(self, m=1):
        """Derivative (``numpy.poly1d.deriv``)."""
        return poly1d(polyder(self._coeffs, m=m))
