"""torchnp.scipy.sparse: ``scipy.sparse`` on torchnp arrays (DESIGN §8.4; docs/scipy.md).

Sparse arrays backed by torch sparse tensors on the array's device (``csr_array``,
``csc_array``, ``coo_array``, ``dia_array`` and the ``*_matrix`` names), with SciPy's
sparse-array interface. Host data without ``device=`` gives SciPy's own sparse arrays (SciPy's
results); ``device=`` copies explicitly (SciPy's arrays included), and ``x.get()`` /
``x.to_scipy()`` copy back. SciPy's other names run on host data only.
"""

import numpy as _np
import torch

from ... import _device, _dtypes
from ..._array import ndarray
from ..._boundary import tensor
from .._dispatch import DEVICE, SIGNATURE_DIFFERS, module_getattr, scipy_function, _host_views
from ._base import _CLASSES, _SparseArray, coo_tensor, device_for, is_scipy_sparse

csr_array, csc_array, coo_array, dia_array = (_CLASSES[(f, True)] for f in ("csr", "csc", "coo", "dia"))
csr_matrix, csc_matrix, coo_matrix, dia_matrix = (_CLASSES[(f, False)] for f in ("csr", "csc", "coo", "dia"))

__all__ = ["csr_array", "csc_array", "coo_array", "dia_array", "csr_matrix", "csc_matrix", "coo_matrix", "dia_matrix",
           "issparse", "isspmatrix", "diags_array", "diags", "eye_array", "eye", "identity", "spdiags", "kron",
           "hstack", "vstack", "block_array", "random_array", "linalg"]

_DEVICE_KW = "SciPy's signature plus a keyword-only device= (the explicit copy of host data to a device, §3.4)"
for _c in (csr_array, csc_array, coo_array, dia_array, csr_matrix, csc_matrix, coo_matrix, dia_matrix):
    DEVICE[f"sparse.{_c.__name__}"] = _c
    SIGNATURE_DIFFERS[f"sparse.{_c.__name__}"] = _DEVICE_KW
_UNSET = object()


def issparse(x):
    """SciPy's ``scipy.sparse.issparse``: SciPy's sparse arrays and these."""
    return isinstance(x, _SparseArray) or (is_scipy_sparse(x) and hasattr(x, "tocoo"))


def isspmatrix(x):
    """SciPy's ``scipy.sparse.isspmatrix``: the ``*_matrix`` kinds."""
    return (isinstance(x, _SparseArray) and not x._is_array) or (is_scipy_sparse(x) and type(x).__name__.endswith(
        "_matrix"))


def _host(name, *args, **kwargs):
    from .._dispatch import _from_scipy

    return _from_scipy(scipy_function(f"sparse.{name}")(*_host_views(args), **_host_views(kwargs)))


def _result(t, fmt, default, is_array=True, dia=None):
    fmt = fmt or default
    cls = _CLASSES[(fmt, is_array)]
    if fmt == "dia":
        return cls(_CLASSES[("coo", is_array)]._from_tensor(t), device=t.device)
    return cls._from_tensor(t)


def _dtype(dtype, default):
    return default if dtype is _UNSET or dtype is None else _dtypes.to_torch(_np.dtype(dtype))


def diags_array(diagonals, /, *, offsets=0, shape=None, format=None, dtype=_UNSET, device=None):
    """SciPy's ``scipy.sparse.diags_array`` (``device=``: where to make it)."""
    return _diags_entry("diags_array", diagonals, offsets, shape, format, dtype, device)


def _diags_entry(name, diagonals, offsets, shape, format, dtype, device):
    """``diags_array`` and ``diags``: SciPy's on host data, else made on the device."""
    dev = device_for(diagonals, device)
    if dev is None:
        kw = {} if dtype is _UNSET else {"dtype": dtype}
        return _host(name, diagonals, offsets=offsets, shape=shape, format=format, **kw)
    return _diags(diagonals, offsets, shape, format, dtype, dev, name == "diags_array")


def _diags(diagonals, offsets, shape, format, dtype, dev, is_array):
    scalar_diag = _np.isscalar(offsets) or (isinstance(offsets, ndarray) and offsets.ndim == 0)
    if scalar_diag:
        diagonals, offsets = [diagonals], [int(offsets)]
    offsets = [int(o) for o in offsets]
    diags_t = [tensor(d, dev).reshape(-1) for d in diagonals]
    if len(diags_t) != len(offsets):
        raise ValueError("Different number of diagonals and offsets.")
    if shape is None:
        m = len(diags_t[0]) + abs(offsets[0])
        shape = (m, m)
    m, n = shape
    rows, cols, vals = [], [], []
    common = diags_t[0].dtype
    for d in diags_t[1:]:
        common = torch.promote_types(common, d.dtype)
    dt = _dtype(dtype, common)
    for d, k in zip(diags_t, offsets):
        length = max(0, min(m - max(-k, 0), n - max(k, 0)))
        if d.numel() == 1:
            d = d.expand(length)
        elif d.numel() < length:
            raise ValueError(f"Diagonal length (index {offsets.index(k)}: {d.numel()} at offset {k}) does not agree "
                             f"with array size ({m}, {n}).")
        i = torch.arange(length, device=dev)
        rows.append(i + max(-k, 0))
        cols.append(i + max(k, 0))
        vals.append(d[:length].to(dt))
    t = coo_tensor(torch.cat(rows), torch.cat(cols), torch.cat(vals), (m, n))
    return _result(t, format, "dia", is_array)


def diags(diagonals, offsets=0, shape=None, format=None, dtype=_UNSET, *, device=None):
    """SciPy's ``scipy.sparse.diags`` (a ``dia_matrix`` by default)."""
    return _diags_entry("diags", diagonals, offsets, shape, format, dtype, device)


def _eye(m, n, k, dtype, format, dev, is_array):
    n = m if n is None else n
    length = max(0, min(m - max(-k, 0), n - max(k, 0)))
    i = torch.arange(length, device=dev)
    td = _dtypes.to_torch(_np.dtype(dtype))
    t = coo_tensor(i + max(-k, 0), i + max(k, 0), torch.ones(length, dtype=td, device=dev), (m, n))
    return _result(t, format, "dia", is_array)


def _creation_device(device):
    dev = device_for(None, device) if device is not None else placement_default()
    return dev


def placement_default():
    from .._dispatch import placement

    return placement((), {})


def _eye_entry(name, m, n, k, dtype, format, device, is_array):
    """``eye_array``, ``eye`` and ``identity``: SciPy's on host data, else made on the device."""
    dev = _creation_device(device)
    if dev is None:
        return _host(name, m, n, k=k, dtype=dtype, format=format) if name != "identity" else _host(
            name, m, dtype=dtype, format=format)
    return _eye(m, n, k, dtype, format, dev, is_array)


def eye_array(m, n=None, *, k=0, dtype=float, format=None, device=None):
    """SciPy's ``scipy.sparse.eye_array`` (made on the default device, or ``device=``)."""
    return _eye_entry("eye_array", m, n, k, dtype, format, device, True)


def eye(m, n=None, k=0, dtype=float, format=None, *, device=None):
    """SciPy's ``scipy.sparse.eye`` (a ``dia_matrix`` by default)."""
    return _eye_entry("eye", m, n, k, dtype, format, device, False)


def identity(n, dtype="d", format=None, *, device=None):
    """SciPy's ``scipy.sparse.identity`` (a ``dia_matrix`` by default)."""
    return _eye_entry("identity", n, n, 0, dtype, format, device, False)


def spdiags(data, diags, m=None, n=None, format=None, *, device=None):
    """SciPy's ``scipy.sparse.spdiags``: ``data``'s rows on the diagonals ``diags`` (a ``dia_matrix``)."""
    dev = device_for(data, device)
    if dev is None:
        return _host("spdiags", data, diags, m, n, format=format)
    d = tensor(data, dev)
    if m is None and n is None:
        raise ValueError("expected a shape argument")
    if n is None:
        m, n = m
    return dia_matrix((d, diags), shape=(m, n), device=dev).asformat(format)


def _sparse_operands(mats):
    for a in mats:
        if isinstance(a, _SparseArray):
            return a.device, a._is_array
    return None, True


def _as_device_sparse(a, dev):
    if isinstance(a, _SparseArray):
        if a.device != dev:
            raise _device.mismatch(dev, a.device)
        return a._tensor()
    t = tensor(a, dev)
    return t.to_sparse_coo().coalesce() if t.layout == torch.strided else t


def kron(A, B, format=None):
    """SciPy's ``scipy.sparse.kron`` (a ``bsr`` array by default in SciPy: ``csr`` on a device)."""
    dev, is_array = _sparse_operands((A, B))
    if dev is None:
        return _host("kron", A, B, format=format)
    a, b = _as_device_sparse(A, dev), _as_device_sparse(B, dev)
    ai, av = a._indices(), a._values()
    bi, bv = b._indices(), b._values()
    m2, n2 = b.shape
    rows = (ai[0][:, None] * m2 + bi[0][None, :]).reshape(-1)
    cols = (ai[1][:, None] * n2 + bi[1][None, :]).reshape(-1)
    dt = torch.promote_types(av.dtype, bv.dtype)
    vals = (av.to(dt)[:, None] * bv.to(dt)[None, :]).reshape(-1)
    t = coo_tensor(rows, cols, vals, (a.shape[0] * m2, a.shape[1] * n2))
    return _result(t, format, "csr", is_array)


def _stack(blocks, axis, format, dtype):
    dev, is_array = _sparse_operands(blocks)
    parts = [_as_device_sparse(b, dev) for b in blocks]
    other = 1 - axis
    if len({p.shape[other] for p in parts}) != 1:
        raise ValueError(f"blocks[0,:] has incompatible row dimensions." if axis == 1 else
                         "blocks[:,0] has incompatible column dimensions.")
    rows, cols, vals, offset = [], [], [], 0
    dt = parts[0].dtype
    for p in parts[1:]:
        dt = torch.promote_types(dt, p.dtype)
    if dtype is not None:
        dt = _dtypes.to_torch(_np.dtype(dtype))
    for p in parts:
        i, v = p._indices(), p._values()
        rows.append(i[0] + (offset if axis == 0 else 0))
        cols.append(i[1] + (offset if axis == 1 else 0))
        vals.append(v.to(dt))
        offset += p.shape[axis]
    shape = (offset, parts[0].shape[1]) if axis == 0 else (parts[0].shape[0], offset)
    t = coo_tensor(torch.cat(rows), torch.cat(cols), torch.cat(vals), shape)
    formats = {getattr(b, "format", None) for b in blocks}  # SciPy keeps csr (or csc) blocks' format, else coo
    same = formats.pop() if len(formats) == 1 else None
    return _result(t, format, same if same in ("csr", "csc") else "coo", is_array)


def hstack(blocks, format=None, dtype=None):
    """SciPy's ``scipy.sparse.hstack``."""
    if _sparse_operands(blocks)[0] is None:
        return _host("hstack", blocks, format=format, dtype=dtype)
    return _stack(blocks, 1, format, dtype)


def vstack(blocks, format=None, dtype=None):
    """SciPy's ``scipy.sparse.vstack``."""
    if _sparse_operands(blocks)[0] is None:
        return _host("vstack", blocks, format=format, dtype=dtype)
    return _stack(blocks, 0, format, dtype)


def block_array(blocks, *, format=None, dtype=None):
    """SciPy's ``scipy.sparse.block_array`` (``None`` blocks are zeros)."""
    flat = [b for row in blocks for b in row if b is not None]
    dev, is_array = _sparse_operands(flat)
    if dev is None:
        return _host("block_array", blocks, format=format, dtype=dtype)
    heights = [next((b.shape[0] for b in row if b is not None), None) for row in blocks]
    widths = [next((row[j].shape[1] for row in blocks if row[j] is not None), None) for j in range(len(blocks[0]))]
    if None in heights or None in widths:
        raise ValueError("blocks[:,j] is all None: its size is unknown")
    # the zero blocks take the given blocks' common dtype: SciPy's result dtype ignores the None blocks
    zero = _np.result_type(*(b.dtype for b in flat)) if dtype is None else dtype
    rows = []
    for i, row in enumerate(blocks):
        parts = [b if b is not None else coo_array((heights[i], widths[j]), dtype=zero, device=dev)
                 for j, b in enumerate(row)]
        rows.append(_stack(parts, 1, "coo", dtype))
    return _stack(rows, 0, format or "coo", dtype)


def random_array(shape, *, density=0.01, format="coo", dtype=None, rng=None, data_sampler=None, random_state=None,
                 device=None):
    """SciPy's ``scipy.sparse.random_array``; on a device drawn with torch's generator there (positions
    without replacement, uniform values in [0, 1)): not SciPy's stream."""
    dev = _creation_device(device)
    if dev is None:
        return _host("random_array", shape, density=density, format=format, dtype=dtype, rng=rng,
                     data_sampler=data_sampler, random_state=random_state)
    m, n = shape
    if density < 0 or density > 1:
        raise ValueError("density expected to be 0 <= density <= 1")
    k = int(round(density * m * n))
    g = torch.Generator(device=dev)
    seed = rng if isinstance(rng, int) else random_state if isinstance(random_state, int) else None
    if seed is not None:
        g.manual_seed(seed)
    else:
        g.seed()
    pos = torch.randperm(m * n, generator=g, device=dev)[:k]
    td = _dtypes.to_torch(_np.dtype(dtype or "float64"))
    vals = torch.rand(k, generator=g, device=dev, dtype=td) if data_sampler is None else tensor(data_sampler(size=k),
                                                                                                 dev).to(td)
    t = coo_tensor(pos // n, pos % n, vals, (m, n))
    return _result(t, format, "coo", True)


for _f in (diags_array, diags, eye_array, eye, identity, spdiags, random_array):
    DEVICE[f"sparse.{_f.__name__}"] = _f
    SIGNATURE_DIFFERS[f"sparse.{_f.__name__}"] = "SciPy's signature plus a keyword-only device= (where to make it)"
for _f in (kron, hstack, vstack, block_array):
    DEVICE[f"sparse.{_f.__name__}"] = _f

from . import linalg  # noqa: E402  (after the arrays it works on)

__getattr__ = module_getattr("sparse")
