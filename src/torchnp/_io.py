"""File input and output (``np.save``, ``np.load``, ``np.loadtxt``, ``x.tofile``, ...).

Files are NumPy's own formats: writing copies the array to the host explicitly
and hands it to NumPy's writer; reading parses on the host with NumPy and moves
the result to ``device=`` (default: the default device). So files written by
torchnp are read by NumPy and vice versa, with identical values and dtypes.
Dtypes torch cannot hold (object, str, structured) raise ``TypeError`` (§2.5).
"""

import collections.abc
import os

import numpy as _np

from . import _device, _dtypes
from ._array import _wrap, ndarray
from ._convert import as_tensor

__all__ = ["save", "load", "savez", "savez_compressed", "loadtxt", "savetxt", "genfromtxt",
           "fromfile", "fromstring", "NpzFile"]


def _host(a):
    """A host NumPy array for an array-like (an explicit device->host copy for torchnp arrays)."""
    if isinstance(a, ndarray):
        if a.device.type == "meta":
            raise TypeError("arrays on the 'meta' device hold no data and cannot be written")
        return a.to_numpy()
    return a


def _to_device(arr, device):
    """torchnp array on ``device`` from a host NumPy result (non-arrays pass through)."""
    if isinstance(arr, _np.ndarray):
        # records, str, datetime64: NumPy's array (§2.5); numbers in a non-native byte order load as native ones
        if _dtypes.is_host_only(arr.dtype.newbyteorder("=")) and arr.dtype.kind != "O":
            if device is not None and _device.resolve(device).type != "cpu":
                raise _device.DeviceMismatchError(
                    f"host-only data ({arr.dtype}, a dtype torch cannot hold, §2.5) cannot be loaded onto "
                    f"{_device.resolve(device)}; it lives on the host as a NumPy array")
            return arr
        if arr.dtype.kind == "O":
            raise TypeError("the file holds an object array (dtype('O')), which is unsupported on torchnp: "
                            "load it with numpy.load(..., allow_pickle=True) instead")
        if isinstance(arr, _np.memmap):
            arr = _np.asarray(arr)
        return _wrap(as_tensor(arr, None, device))
    if isinstance(arr, _np.generic):
        return _wrap(as_tensor(arr, None, device))
    if isinstance(arr, ndarray) and device is not None:  # a pickled torchnp array
        return arr.to_device(device)
    return arr


def save(file, arr, allow_pickle=True, *args, **kwargs):
    """Save an array to a ``.npy`` file (mirrors ``numpy.save``)."""
    _np.save(file, _host(arr), allow_pickle, *args, **kwargs)


def _savez(writer, file, args, kwds, allow_pickle=True):
    writer(file, *[_host(a) for a in args], allow_pickle=allow_pickle, **{k: _host(v) for k, v in kwds.items()})


def savez(file, *args, allow_pickle=True, **kwds):
    """Save several arrays into an uncompressed ``.npz`` file (mirrors ``numpy.savez``)."""
    _savez(_np.savez, file, args, kwds, allow_pickle)


def savez_compressed(file, *args, allow_pickle=True, **kwds):
    """Save several arrays into a compressed ``.npz`` file (mirrors ``numpy.savez_compressed``)."""
    _savez(_np.savez_compressed, file, args, kwds, allow_pickle)


class NpzFile(collections.abc.Mapping):
    """The lazy ``.npz`` mapping returned by :func:`load` (mirrors ``numpy.lib.npyio.NpzFile``);
    its members are torchnp arrays on the requested device."""

    def __init__(self, npz, device):
        self._npz = npz
        self._device = device
        self.files = npz.files
        self.fid = npz.fid
        self.allow_pickle = npz.allow_pickle

    def __getitem__(self, key):
        return _to_device(self._npz[key], self._device)

    def __iter__(self):
        return iter(self._npz)

    def __len__(self):
        return len(self._npz)

    def __contains__(self, key):
        return key in self._npz

    def close(self):
        self._npz.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:  # noqa: BLE001 (interpreter shutdown)
            pass

    def __repr__(self):
        return repr(self._npz).replace("NpzFile", "torchnp.NpzFile", 1)


def load(file, mmap_mode=None, allow_pickle=False, fix_imports=True, encoding="ASCII", *,
         max_header_size=10000, device=None):
    """Load arrays or pickled objects from ``.npy``/``.npz`` files (mirrors ``numpy.load``).

    ``device=`` places the result (default: the default device). ``mmap_mode`` is
    accepted; the data are then read from the map into a tensor (torch holds no
    memory maps), so the result does not write back to the file.
    """
    res = _np.load(file, mmap_mode=mmap_mode, allow_pickle=allow_pickle, fix_imports=fix_imports,
                   encoding=encoding, max_header_size=max_header_size)
    if isinstance(res, _np.lib.npyio.NpzFile):
        return NpzFile(res, device)
    return _to_device(res, device)


def _check_dtype(dtype):
    if dtype is not None and not (isinstance(dtype, type) and dtype in (float, int, bool, complex)):
        _dtypes.to_torch(dtype)  # TypeError for dtypes torch cannot hold (§2.5)


def loadtxt(fname, dtype=float, comments="#", delimiter=None, converters=None, skiprows=0, usecols=None,
            unpack=False, ndmin=0, encoding=None, max_rows=None, *, quotechar=None, like=None, device=None):
    """Load data from a text file (mirrors ``numpy.loadtxt``); parsed on the host, placed on ``device``."""
    _check_dtype(dtype)
    res = _np.loadtxt(fname, dtype=dtype, comments=comments, delimiter=delimiter, converters=converters,
                      skiprows=skiprows, usecols=usecols, unpack=unpack, ndmin=ndmin, encoding=encoding,
                      max_rows=max_rows, quotechar=quotechar)
    if unpack and isinstance(res, (list, tuple)):
        return type(res)(_to_device(r, device) for r in res)
    return _to_device(res, device)


def genfromtxt(fname, dtype=float, comments="#", delimiter=None, skip_header=0, skip_footer=0, converters=None,
               missing_values=None, filling_values=None, usecols=None, names=None, excludelist=None,
               deletechars=" !#$%&'()*+,-./:;<=>?@[\\]^{|}~", replace_space="_", autostrip=False,
               case_sensitive=True, defaultfmt="f%i", unpack=None, usemask=False, loose=True,
               invalid_raise=True, max_rows=None, encoding=None, *, ndmin=0, like=None, device=None):
    """Load numeric data from a text file, handling missing values (mirrors ``numpy.genfromtxt``).

    Records (``names=``, ``dtype=None``) and str results are NumPy's own arrays on the host (§2.5);
    masked results raise TypeError.
    """
    if usemask:
        raise TypeError("genfromtxt(usemask=True) returns a masked array, which is unsupported on torchnp")
    _check_dtype(dtype)
    res = _np.genfromtxt(fname, dtype=dtype, comments=comments, delimiter=delimiter, skip_header=skip_header,
                         skip_footer=skip_footer, converters=converters, missing_values=missing_values,
                         filling_values=filling_values, usecols=usecols, names=names, excludelist=excludelist,
                         deletechars=deletechars, replace_space=replace_space, autostrip=autostrip,
                         case_sensitive=case_sensitive, defaultfmt=defaultfmt, unpack=unpack, usemask=usemask,
                         loose=loose, invalid_raise=invalid_raise, max_rows=max_rows, encoding=encoding,
                         ndmin=ndmin)
    if unpack and isinstance(res, (list, tuple)):
        return type(res)(_to_device(r, device) for r in res)
    return _to_device(res, device)


def savetxt(fname, X, fmt="%.18e", delimiter=" ", newline="\n", header="", footer="", comments="# ",
            encoding=None):
    """Save an array to a text file (mirrors ``numpy.savetxt``)."""
    _np.savetxt(fname, _host(X), fmt=fmt, delimiter=delimiter, newline=newline, header=header, footer=footer,
                comments=comments, encoding=encoding)


def fromfile(file, dtype=float, count=-1, sep="", offset=0, *, like=None, device=None):
    """Array from a binary or text file (mirrors ``numpy.fromfile``); read on the host, placed on ``device``."""
    _check_dtype(dtype)
    if isinstance(file, os.PathLike):
        file = os.fspath(file)
    return _to_device(_np.fromfile(file, dtype=dtype, count=count, sep=sep, offset=offset), device)


def fromstring(string, dtype=float, count=-1, *, sep="", like=None, device=None):
    """Array from text data in a string (mirrors ``numpy.fromstring``; text mode only, as NumPy 2)."""
    _check_dtype(dtype)
    arr = _np.fromstring(string, dtype=dtype, count=count, sep=sep)
    # Python data: created on the default device (§3.3), host-only dtypes stay NumPy's (§2.5)
    return _to_device(arr, device if device is not None or _dtypes.is_host_only(arr.dtype) else
                      _device.get_default_device())


def _tofile(self, fid, sep="", format="%s"):
    """Write the array to a file as text or binary (mirrors ``numpy.ndarray.tofile``); a host copy."""
    if isinstance(fid, os.PathLike):
        fid = os.fspath(fid)
    _host(self).tofile(fid, sep=sep, format=format)


def _dump(self, file):
    """Pickle the array to ``file`` (mirrors ``numpy.ndarray.dump``); ``load(allow_pickle=True)`` reads it."""
    import pickle

    if isinstance(file, (str, os.PathLike)):
        with open(file, "wb") as f:
            pickle.dump(self, f, protocol=2)
    else:
        pickle.dump(self, file, protocol=2)


def _dumps(self):
    """The pickle of the array as bytes (mirrors ``numpy.ndarray.dumps``)."""
    import pickle

    return pickle.dumps(self, protocol=2)


ndarray.tofile = _tofile
ndarray.dump = _dump
ndarray.dumps = _dumps
