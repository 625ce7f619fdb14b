"""Sparse arrays on a device (DESIGN §8.4; issue 26): SciPy's sparse-array interface over one
torch sparse tensor (``sparse_csr``, ``sparse_csc`` or ``sparse_coo`` by format; ``dia`` keeps
SciPy's ``(data, offsets)``) on the array's device.

Construction follows the data: host data without ``device=`` gives SciPy's own sparse array
(SciPy's results, on the CPU); arrays on an accelerator, ``device=`` (an explicit copy, from
SciPy's sparse arrays too), the accelerator rules and traces give these. ``get()`` /
``to_scipy()`` copy back to SciPy's array of the same format.
"""

import warnings

import numpy as _np
import torch

from ... import _device, _dtypes
from ..._array import _wrap, ndarray
from ..._boundary import tensor
from .._dispatch import placement, scipy_function, _host_views

# torch's one-time note on its CSR/CSC layouts is about torch's API, not SciPy's that these arrays keep
warnings.filterwarnings("ignore", message="Sparse CSR tensor support is in beta state", category=UserWarning)

_NAMES = {"csr": "Compressed Sparse Row", "csc": "Compressed Sparse Column", "coo": "COOrdinate",
          "dia": "DIAgonal"}
_LAYOUT = {"csr": torch.sparse_csr, "csc": torch.sparse_csc, "coo": torch.sparse_coo}


def is_scipy_sparse(x):
    return type(x).__module__.startswith("scipy.sparse")


def device_for(arg, device):
    """The device of a sparse construction, or None where SciPy's own array is made (host data)."""
    if device is not None:
        return _device.resolve(device)
    return placement((arg,), {})


def _indices_coo(t):
    """(rows, cols, values) of a sparse tensor of any layout (no host read: sizes only)."""
    if t.layout == torch.sparse_coo:
        i = t._indices()
        return i[0], i[1], t._values()
    if t.layout == torch.sparse_csr:
        crow, col = t.crow_indices(), t.col_indices()
        rows = torch.repeat_interleave(torch.arange(t.shape[0], device=t.device), torch.diff(crow),
                                       output_size=col.numel())
        return rows, col, t.values()
    ccol, row = t.ccol_indices(), t.row_indices()
    cols = torch.repeat_interleave(torch.arange(t.shape[1], device=t.device), torch.diff(ccol),
                                   output_size=row.numel())
    return row, cols, t.values()


def coo_tensor(rows, cols, values, shape, coalesce=True):
    t = torch.sparse_coo_tensor(torch.stack([rows.long(), cols.long()]), values, shape, check_invariants=False)
    return t.coalesce() if coalesce else t


def to_layout(t, fmt):
    """Tensor ``t`` (any sparse layout, duplicates summed) in format ``fmt``'s layout."""
    want = _LAYOUT[fmt]
    if t.layout == want:
        return t
    if t.layout == torch.sparse_coo:
        t = t.coalesce()
    return {"csr": t.to_sparse_csr, "csc": t.to_sparse_csc, "coo": t.to_sparse_coo}[fmt]()


def _dia_coo(data, offsets, shape):
    """The COO structure of a DIA array: SciPy's data[k, j] sits at (j - offsets[k], j)."""
    m, n = shape
    rows, cols, vals = [], [], []
    j = torch.arange(data.shape[1], device=data.device)
    for k, off in enumerate(offsets):
        lo, hi = max(0, off), min(n, m + off, data.shape[1])
        if lo >= hi:
            continue
        jj = j[lo:hi]
        rows.append(jj - off)
        cols.append(jj)
        vals.append(data[k, lo:hi])
    if not rows:
        e = torch.empty(0, dtype=torch.int64, device=data.device)
        return e, e, data.new_empty(0)
    return torch.cat(rows), torch.cat(cols), torch.cat(vals)


def _wrap_negative(i, n):
    """Negative indices counted from the end (out-of-range ones stay out of range: index_select raises)."""
    return torch.where(i < 0, i + n, i)


class _SparseArray:
    """The device sparse array (one class per format below)."""

    format = None
    _is_array = True
    __array_priority__ = 10.1

    def __new__(cls, arg1, shape=None, dtype=None, copy=False, *, maxprint=None, device=None):
        dev = device_for(arg1, device)
        if dev is None:
            return scipy_function(f"sparse.{cls.__name__}")(_host_views(arg1), shape=shape, dtype=dtype, copy=copy,
                                                              maxprint=maxprint)
        self = object.__new__(cls)
        self._build(arg1, shape, dtype, dev)
        return self

    # -- construction ------------------------------------------------------------------------
    @classmethod
    def _from_tensor(cls, t, dia=None):
        self = object.__new__(cls)
        if cls.format == "dia":
            self._dia = dia
            self._t = None
            self._shape = dia[2]
        else:
            self._t = to_layout(t, cls.format)
            self._shape = tuple(t.shape)
        return self

    def _build(self, arg1, shape, dtype, dev):
        td = None if dtype is None else _dtypes.to_torch(_np.dtype(dtype))
        if self.format == "dia" and isinstance(arg1, tuple) and len(arg1) == 2 and not isinstance(arg1[0], int):
            data = tensor(arg1[0], dev)
            data = data if data.dim() == 2 else data.reshape(1, -1)
            offs = [int(o) for o in _np.atleast_1d(_np.asarray(arg1[1] if not isinstance(arg1[1], ndarray)
                                                               else arg1[1].tolist()))]
            if shape is None:
                raise ValueError("expected a shape argument")
            data = data.to(td) if td is not None else data
            self._dia, self._t, self._shape = (data, offs, tuple(shape)), None, tuple(shape)
            return
        t = self._source_tensor(arg1, shape, dev)
        if td is not None:
            t = t.to(td)
        if self.format == "dia":
            r, c, v = _indices_coo(t)
            m, n = t.shape
            offs = sorted(set((c - r).tolist()))  # the stored diagonals: a data-dependent structure (host read)
            data = torch.zeros((len(offs), n), dtype=t.dtype, device=t.device)
            for k, off in enumerate(offs):
                sel = (c - r) == off
                data[k].index_put_((c[sel],), v[sel], accumulate=True)
            self._dia, self._t, self._shape = (data, offs, (m, n)), None, (m, n)
            return
        self._t = to_layout(t, self.format)
        self._shape = tuple(t.shape)

    def _source_tensor(self, arg1, shape, dev):
        if isinstance(arg1, _SparseArray):
            return arg1._tensor().to(dev)
        if is_scipy_sparse(arg1):  # SciPy's array: an explicit copy to the device (device=)
            coo = arg1.tocoo()
            vals = torch.from_numpy(_np.ascontiguousarray(coo.data)).to(dev)
            rows = torch.from_numpy(coo.row.astype(_np.int64)).to(dev)
            cols = torch.from_numpy(coo.col.astype(_np.int64)).to(dev)
            return coo_tensor(rows, cols, vals, coo.shape)
        if isinstance(arg1, tuple):
            if len(arg1) == 2 and all(isinstance(v, (int, _np.integer)) for v in arg1):
                return torch.sparse_coo_tensor(torch.empty((2, 0), dtype=torch.int64, device=dev),
                                               torch.empty(0, dtype=torch.float64, device=dev), tuple(arg1),
                                               check_invariants=False)
            if len(arg1) == 2:  # (data, (row, col))
                data, (row, col) = arg1
                v, r, c = tensor(data, dev), tensor(row, dev).long(), tensor(col, dev).long()
                if shape is None:  # SciPy infers the shape from the largest indices: a host read
                    shape = (int(r.max()) + 1, int(c.max()) + 1)
                return coo_tensor(r, c, v, tuple(shape))
            if len(arg1) == 3:  # (data, indices, indptr)
                data, indices, indptr = (tensor(a, dev) for a in arg1)
                if shape is None:  # SciPy's: len(indptr) - 1 by the largest index + 1, a host read
                    if indices.numel() == 0:
                        raise ValueError("unable to infer matrix dimensions")
                    major, minor = indptr.shape[0] - 1, int(indices.max()) + 1
                    shape = (minor, major) if self.format == "csc" else (major, minor)
                make = torch.sparse_csc_tensor if self.format == "csc" else torch.sparse_csr_tensor
                t = make(indptr.long(), indices.long(), data, tuple(shape), check_invariants=False)
                return t
            raise TypeError("unrecognized sparse array format")
        dense = tensor(arg1, dev)
        if dense.dim() != 2:
            raise ValueError(f"{self.format}_array expects a 2-d array (1-d and n-d sparse arrays are SciPy's, "
                             "host only)")
        return dense.to_sparse_coo()  # nnz counts the data: a host read on an accelerator (docs/devices.md)

    # -- structure ---------------------------------------------------------------------------
    def _tensor(self):
        """The COO tensor (duplicates summed) of any format."""
        if self.format == "dia":
            data, offs, shape = self._dia
            r, c, v = _dia_coo(data, offs, shape)
            return coo_tensor(r, c, v, shape)
        return self._t if self._t.layout == torch.sparse_coo else self._t.to_sparse_coo().coalesce()

    @property
    def shape(self):
        return self._shape

    @property
    def ndim(self):
        return len(self._shape)

    @property
    def dtype(self):
        t = self._dia[0] if self.format == "dia" else self._t
        return _dtypes.TO_NUMPY[t.dtype]

    @property
    def device(self):
        return (self._dia[0] if self.format == "dia" else self._t).device

    @property
    def nnz(self):
        if self.format == "dia":  # SciPy's count: the stored diagonals' places inside the shape
            data, offs, (m, n) = self._dia
            length = min(data.shape[1], n)
            return sum(max(min(m + off, length) - max(off, 0), 0) for off in offs)
        t = self._t
        return t._nnz() if t.layout == torch.sparse_coo else t.values().numel()

    @property
    def size(self):
        return self.nnz

    @property
    def data(self):
        if self.format == "dia":
            return _wrap(self._dia[0])
        return _wrap(self._t._values() if self._t.layout == torch.sparse_coo else self._t.values())

    @property
    def offsets(self):
        if self.format != "dia":
            raise AttributeError("offsets")
        return _wrap(torch.tensor(self._dia[1], dtype=torch.int32, device=self.device))

    @property
    def indices(self):
        t = self._t
        if t.layout == torch.sparse_csr:
            return _wrap(t.col_indices().to(torch.int32))
        if t.layout == torch.sparse_csc:
            return _wrap(t.row_indices().to(torch.int32))
        raise AttributeError("indices")

    @property
    def indptr(self):
        t = self._t
        if t.layout == torch.sparse_csr:
            return _wrap(t.crow_indices().to(torch.int32))
        if t.layout == torch.sparse_csc:
            return _wrap(t.ccol_indices().to(torch.int32))
        raise AttributeError("indptr")

    @property
    def coords(self):
        if self.format != "coo":
            raise AttributeError("coords")
        return tuple(_wrap(i.to(torch.int32)) for i in self._t._indices())

    @property
    def row(self):
        if self.format != "coo":
            raise AttributeError("row")
        return _wrap(self._t._indices()[0].to(torch.int32))

    @property
    def col(self):
        if self.format != "coo":
            raise AttributeError("col")
        return _wrap(self._t._indices()[1].to(torch.int32))

    def __repr__(self):
        kind = "array" if self._is_array else "matrix"
        diagonals = f" ({len(self._dia[1])} diagonals)" if self.format == "dia" else ""
        return (f"<{_NAMES[self.format]} sparse {kind} of dtype '{self.dtype}'\n\twith {self.nnz} stored elements"
                f"{diagonals} and shape {self.shape}, device='{self.device}'>")

    def __len__(self):
        raise TypeError("sparse array length is ambiguous; use getnnz() or shape[0]")

    def __bool__(self):
        if self.shape == (1, 1):
            return bool(self.toarray()[0, 0])
        raise ValueError("The truth value of an array with more than one element is ambiguous. Use a.any() or a.all().")

    # -- indexing ----------------------------------------------------------------------------
    def __getitem__(self, key):
        """SciPy's indexing of CSR, CSC and COO arrays (and CSR, CSC matrices): ``A[i, j]`` a 0-d
        array, ``A[i]``, ``A[i, cols]``, ``A[:, j]`` a 1-d ``coo_array`` (a 1 x n or n x 1 matrix
        for ``*_matrix``), rows and columns by slices, integer lists or boolean masks an array of
        this format. Selecting rows or columns sizes the result by its stored elements (a host read
        inside torch's ``index_select``); ``A[i, j]`` reads nothing."""
        if self.ndim != 2 or self.format == "dia" or (self.format == "coo" and not self._is_array):
            raise TypeError(f"'{type(self).__name__}' object is not subscriptable")
        key = given = key if isinstance(key, tuple) else (key,)
        if any(k is Ellipsis for k in key):
            at = next(i for i, k in enumerate(key) if k is Ellipsis)
            key = key[:at] + (slice(None),) * (2 - len(key) + 1) + key[at + 1:]
        if len(key) > 2:
            raise IndexError(f"Too many indices for array or tuple index out of range. Key {given} needs "
                             f"{len(key)}D. Array is 2D")
        key = key + (slice(None),) * (2 - len(key))
        (ri, rows), (ci, cols) = (self._axis_index(k, n, axis) for axis, (k, n) in enumerate(zip(key, self.shape)))
        t = self._tensor()
        if ri and ci:  # one element: the sum of its stored entries, on the device
            r, c, v = _indices_coo(t)
            return _wrap(torch.where((r == rows) & (c == cols), v, torch.zeros_like(v)).sum())
        sel = t.index_select(0, rows.reshape(-1)).index_select(1, cols.reshape(-1)).coalesce()
        if self._is_array and (ri or ci):  # SciPy's sparse arrays drop an integer's axis: a 1-d coo_array
            i = sel._indices()[1 if ri else 0]
            t = torch.sparse_coo_tensor(i[None], sel._values(), (sel.shape[1 if ri else 0],), check_invariants=False)
            return _CLASSES[("coo", True)]._from_tensor(t)
        return self._as(self.format, sel)

    def _axis_index(self, k, n, axis):
        """(is an integer, index tensor) of one axis' key (SciPy's errors for the keys it refuses)."""
        dev = self.device
        if isinstance(k, ndarray) and k.ndim == 0:
            k = k._t
        if isinstance(k, (int, _np.integer)) and not isinstance(k, bool):
            if not -n <= k < n:
                raise IndexError(f"index ({k}) out of range")
            return True, torch.tensor(k % n, device=dev)
        if isinstance(k, torch.Tensor) and k.dim() == 0 and not k.is_floating_point():
            return True, _wrap_negative(k.to(dev), n)
        if isinstance(k, slice):
            start, stop, step = k.indices(n)
            return False, start + step * torch.arange(len(range(start, stop, step)), device=dev)
        if isinstance(k, _np.floating):
            raise ValueError("Inexact indices into sparse matrices are not allowed")
        if isinstance(k, float):
            raise IndexError("Index dimension must be 1 or 2. Got 0")
        if k is None:  # (SciPy's new axis: not on the device)
            raise IndexError("only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or "
                             "boolean arrays are valid indices")
        idx = tensor(k, dev) if not (isinstance(k, (list, tuple)) and len(k) == 0) else torch.empty(
            0, dtype=torch.int64, device=dev)
        if idx.dtype == torch.bool:
            if idx.shape != (n,):
                raise IndexError(f"bool index {axis} has shape ({n},) instead of {tuple(idx.shape)}")
            return False, torch.nonzero(idx).reshape(-1)  # the selected count: a host read
        if idx.is_floating_point() or idx.is_complex() or idx.dim() != 1:
            raise IndexError("only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or "
                             "boolean arrays are valid indices")
        return False, _wrap_negative(idx.long(), n)

    # -- conversions -------------------------------------------------------------------------
    def _as(self, fmt, t=None):
        cls = _CLASSES[(fmt, self._is_array)]
        t = self._tensor() if t is None else t
        if fmt == "dia":  # its diagonals are the data's structure (a host read of the offsets)
            return cls(_CLASSES[("coo", self._is_array)]._from_tensor(t), device=t.device)
        return cls._from_tensor(t)

    def asformat(self, format, copy=False):
        if self.ndim == 1 and format not in (None, "coo"):
            self._two_d(f"{format} format")
        if format is None or format == self.format:
            return self.copy() if copy else self
        if format == "dia":
            return _CLASSES[("dia", self._is_array)](self, device=self.device)
        return self._as(format)

    def tocsr(self, copy=False):
        return self.asformat("csr", copy)

    def tocsc(self, copy=False):
        return self.asformat("csc", copy)

    def tocoo(self, copy=False):
        return self.asformat("coo", copy)

    def todia(self, copy=False):
        return self.asformat("dia", copy)

    def toarray(self, order=None, out=None):
        if self.format == "dia":
            return _wrap(self._tensor().to_dense())
        t = self._t
        return _wrap((t.coalesce() if t.layout == torch.sparse_coo else t).to_dense())

    todense = toarray

    def get(self):
        """An explicit copy to the host: SciPy's sparse array of this format (as CuPy's ``get``)."""
        import scipy.sparse

        kind = "array" if self._is_array else "matrix"
        if self.ndim == 1:
            t = self._t.coalesce()
            return scipy.sparse.coo_array((t._values().cpu().numpy(), (t._indices()[0].cpu().numpy(),)),
                                          shape=self.shape)
        r, c, v = (x.cpu().numpy() for x in _indices_coo(self._tensor()))
        coo = getattr(scipy.sparse, f"coo_{kind}")((v, (r, c)), shape=self.shape)
        return coo.asformat(self.format)

    to_scipy = get

    def copy(self):
        if self.format == "dia":
            d, o, s = self._dia
            return type(self)._from_tensor(None, (d.clone(), list(o), s))
        return type(self)._from_tensor(self._t.clone())

    def astype(self, dtype, casting="unsafe", copy=True):
        td = _dtypes.to_torch(_np.dtype(dtype))
        if self.format == "dia":
            d, o, s = self._dia
            return type(self)._from_tensor(None, (d.to(td), list(o), s))
        return type(self)._from_tensor(self._t.to(td))

    def count_nonzero(self, axis=None):
        v = self._tensor()._values()
        return _wrap(torch.count_nonzero(v))

    # -- arithmetic --------------------------------------------------------------------------
    def _map_values(self, fn):
        if self.format == "dia":
            d, o, s = self._dia
            return type(self)._from_tensor(None, (fn(d), list(o), s))
        t = self._t
        if t.layout == torch.sparse_coo:
            return type(self)._from_tensor(torch.sparse_coo_tensor(t._indices(), fn(t._values()), t.shape,
                                                                   check_invariants=False).coalesce())
        make = torch.sparse_csr_tensor if t.layout == torch.sparse_csr else torch.sparse_csc_tensor
        compressed = t.crow_indices() if t.layout == torch.sparse_csr else t.ccol_indices()
        plain = t.col_indices() if t.layout == torch.sparse_csr else t.row_indices()
        return type(self)._from_tensor(make(compressed, plain, fn(t.values()), t.shape, check_invariants=False))

    def __neg__(self):
        return self._map_values(torch.neg)

    def __abs__(self):
        return self._map_values(torch.abs)

    def conj(self, copy=True):
        return self._map_values(torch.conj_physical)

    conjugate = conj

    def power(self, n, dtype=None):
        return self._map_values(lambda v: v ** n)

    @property
    def real(self):
        return self._map_values(lambda v: v.real if v.is_complex() else v)

    @property
    def imag(self):
        return self._map_values(lambda v: v.imag if v.is_complex() else torch.zeros_like(v))

    def _same_device(self, other):
        if other.device != self.device:
            raise _device.mismatch(self.device, other.device)

    def _scalar(self, other):
        return isinstance(other, (int, float, complex, _np.generic)) or (
            isinstance(other, ndarray) and other.ndim == 0)

    def _dense_operand(self, other):
        t = tensor(other, self.device)
        return t

    def _two_d(self, what):
        if self.ndim != 2:
            raise NotImplementedError(f"{what} of a 1-d sparse array on a device: use .toarray() (the 1-d sparse "
                                      "arrays of indexing have shape, nnz, data, coords, toarray, get, sum, @ with a "
                                      "dense vector, scalar * and /, -, abs)")

    def _binary(self, other, op):
        """+/- with a sparse array (sparse result) or a dense one (dense result), as SciPy."""
        self._two_d("+ and -")
        if isinstance(other, _SparseArray):
            self._same_device(other)
            if other.shape != self.shape:
                raise ValueError(f"inconsistent shapes {self.shape} and {other.shape}")
            a, b = self._tensor(), other._tensor()
            dt = torch.promote_types(a.dtype, b.dtype)
            r = (a.to(dt) + (b.to(dt) if op == "add" else -b.to(dt))).coalesce()
            return self._as("csr", r)
        if self._scalar(other):
            if other == 0:
                return self.copy()
            raise NotImplementedError("adding a nonzero scalar to a sparse array is not supported")
        d = self._dense_operand(other)
        dense = self.toarray()._t
        return _wrap(dense + d if op == "add" else dense - d)

    def __add__(self, other):
        return self._binary(other, "add")

    __radd__ = __add__

    def __sub__(self, other):
        return self._binary(other, "sub")

    def __rsub__(self, other):
        return (-self)._binary(other, "add")

    def multiply(self, other):
        """Elementwise product (SciPy's ``multiply``): sparse with a scalar, a sparse or a dense array."""
        if self._scalar(other):
            s = other._t if isinstance(other, ndarray) else other
            return self._map_values(lambda v: v * s)
        self._two_d("multiply")
        if isinstance(other, _SparseArray):
            self._same_device(other)
            a, b = self._tensor(), other._tensor()
            dt = torch.promote_types(a.dtype, b.dtype)
            return self._as("csr", (a.to(dt) * b.to(dt)).coalesce())
        d = self._dense_operand(other)
        if self.format == "dia" and d.dim() <= 2 and 0 not in d.shape and 0 not in self.shape and 1 not in self.shape:
            return self._dia_multiply(d)
        if d.dim() <= 2 and any(k not in (1, s) for k, s in zip(d.shape[::-1], self.shape[::-1])):
            raise ValueError(f"inconsistent shapes {self.shape} and {tuple(d.shape)}")
        a = self._tensor()
        r, c, v = _indices_coo(a)
        full = torch.broadcast_to(d, self.shape)
        return self._as("coo", coo_tensor(r, c, v * full[r, c], self.shape))

    def _dia_multiply(self, d):
        """DIA times a dense array (its rows, columns or the whole shape): DIA with the same diagonals,
        SciPy's ``dia_array.multiply`` (its data's places outside the shape taken modulo the rows, as SciPy's)."""
        data, offs, (m, n) = self._dia
        d2 = d if d.dim() == 2 else d.reshape(1, -1)
        if d2.shape[0] not in (1, m) or d2.shape[1] not in (1, n):
            raise ValueError("inconsistent shapes")
        length = min(data.shape[1], n)
        j = torch.arange(length, device=data.device)
        i = (j - torch.tensor(offs, dtype=torch.int64, device=data.device)[:, None]) % m
        dt = torch.promote_types(data.dtype, d.dtype)
        factor = torch.broadcast_to(d2, (m, n)).to(dt)[i, j]
        return type(self)._from_tensor(None, (data[:, :length].to(dt) * factor, list(offs), (m, n)))

    def __mul__(self, other):
        if self._scalar(other) or self._is_array:
            return self.multiply(other)
        return self @ other  # *_matrix: * is the matrix product

    def __rmul__(self, other):
        if self._scalar(other) or self._is_array:
            return self.multiply(other)
        return self.__rmatmul__(other)

    def __truediv__(self, other):
        if self._scalar(other):
            s = other._t if isinstance(other, ndarray) else other
            return self._map_values(lambda v: v / s)
        raise NotImplementedError("sparse / array: divide dense arrays instead")

    def __matmul__(self, other):
        if self.ndim == 1 and not isinstance(other, _SparseArray) and not self._scalar(other):
            d = self._dense_operand(other)  # a 1-d array @ a dense vector: their dot product
            if d.shape != self.shape:
                raise ValueError(f"dimension mismatch: {self.shape} @ {tuple(d.shape)}")
            t = self._t.coalesce()
            v = t._values()
            dt = torch.promote_types(v.dtype, d.dtype)
            return _wrap((v.to(dt) * d.to(dt)[t._indices()[0]]).sum())
        self._two_d("@")
        if isinstance(other, _SparseArray):
            self._same_device(other)
            if self.shape[1] != other.shape[0]:
                raise ValueError("dimension mismatch")
            a, b = self._tensor(), other._tensor()
            dt = torch.promote_types(a.dtype, b.dtype)
            return self._as("csr", torch.sparse.mm(a.to(dt), b.to(dt)).coalesce())
        if self._scalar(other):
            raise ValueError("Scalar operands are not allowed, use '*' instead")
        d = self._dense_operand(other)
        if d.shape[0] != self.shape[1]:
            raise ValueError(f"dimension mismatch: {self.shape} @ {tuple(d.shape)}")
        a = self._matvec_tensor()
        dt = torch.promote_types(a.dtype, d.dtype)
        return _wrap(a.to(dt) @ d.to(dt))

    def _matvec_tensor(self):
        if self.format == "dia":
            return self._tensor().to_sparse_csr()
        return self._t if self._t.layout != torch.sparse_coo else self._t.to_sparse_csr()

    def __rmatmul__(self, other):  # dense @ sparse = (sparse.T @ dense.T).T
        d = self._dense_operand(other)
        if d.dim() == 1:
            return self.T @ _wrap(d)
        return _wrap((self.T @ _wrap(d.T))._t.T)

    def dot(self, other):
        return self @ other

    def transpose(self, axes=None, copy=False):
        if axes is not None and tuple(axes) != (1, 0):
            raise ValueError("Sparse arrays/matrices do not support an 'axes' parameter because swapping "
                             "dimensions is the only logical permutation.")
        if self.ndim == 1:
            return self.copy()
        t = self._tensor()
        r, c, v = _indices_coo(t)
        out = {"csr": "csc", "csc": "csr"}.get(self.format, self.format)
        return self._as(out, coo_tensor(c, r, v, self.shape[::-1]))

    @property
    def T(self):
        return self.transpose()

    @property
    def H(self):
        return self.transpose().conj()

    def sum(self, axis=None, dtype=None, out=None):
        if self.ndim == 1 and axis in (None, 0, -1):
            return _wrap(self._t._values().sum())
        self._two_d("sum along an axis")
        t = self._tensor()
        r, c, v = _indices_coo(t)
        if axis is None:
            return _wrap(v.sum())
        axis = axis + 2 if axis < 0 else axis
        if axis not in (0, 1):
            raise ValueError("axis out of range")
        n = self.shape[1 - axis]
        idx = c if axis == 0 else r
        s = torch.zeros(n, dtype=v.dtype, device=v.device).index_add_(0, idx, v)
        return _wrap(s if self._is_array else (s[None, :] if axis == 0 else s[:, None]))

    def mean(self, axis=None, dtype=None, out=None):
        s = self.sum(axis)._t
        count = self.shape[0] * self.shape[1] if axis is None else self.shape[axis]
        if not (s.is_floating_point() or s.is_complex()):
            s = s.to(torch.float64)
        return _wrap(s / count)

    def diagonal(self, k=0):
        self._two_d("diagonal")
        m, n = self.shape
        length = max(0, min(m + min(k, 0), n - max(k, 0)))
        r, c, v = _indices_coo(self._tensor())
        d = torch.zeros(length, dtype=v.dtype, device=v.device)
        if length:
            on = (c - r) == k
            pos = torch.where(on, r if k >= 0 else c, 0)  # the element's place along the diagonal
            d.index_add_(0, pos, torch.where(on, v, torch.zeros_like(v)))
        return _wrap(d)

    def trace(self, offset=0):
        return _wrap(self.diagonal(offset)._t.sum())

    def eliminate_zeros(self):
        pass

    def sum_duplicates(self):
        pass

    def getnnz(self, axis=None):
        return self.nnz


def _make(fmt, is_array):
    kind = "array" if is_array else "matrix"
    cls = type(f"{fmt}_{kind}", (_SparseArray,), {"format": fmt, "_is_array": is_array,
                                                   "__doc__": f"SciPy's ``scipy.sparse.{fmt}_{kind}`` on a device "
                                                              f"(docs/scipy.md)."})
    cls.__module__ = "torchnp.scipy.sparse"
    return cls


_CLASSES = {(f, a): _make(f, a) for f in ("csr", "csc", "coo", "dia") for a in (True, False)}
