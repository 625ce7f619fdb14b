"""torchnp.testing: NumPy's assertions, accepting torchnp arrays on any device.

Each assertion copies torchnp arrays to the host explicitly (``x.to_numpy()``,
also inside lists, tuples and dicts) and delegates to ``numpy.testing``, so
failure messages are NumPy's own. Arrays on the ``meta`` device hold no data
and raise ``TypeError``.
"""

import functools

import numpy.testing as _npt

from .._array import ndarray
from .._creation import arange as _arange, empty as _empty
from .._dtypes import float32 as _float32

#: assertion name -> how many leading positional arguments are arrays to compare
_ASSERTIONS = {
    "assert_allclose": 2, "assert_array_equal": 2, "assert_array_almost_equal": 2,
    "assert_equal": 2, "assert_almost_equal": 2, "assert_array_less": 2,
    "assert_approx_equal": 2, "assert_array_max_ulp": 2, "assert_array_almost_equal_nulp": 2,
    "assert_array_compare": 3, "print_assert_equal": 3,
}
_ARRAY_KEYWORDS = ("actual", "desired", "x", "y", "a", "b")

#: re-exported unchanged: they compare no arrays
_PASSTHROUGH = (
    "assert_", "assert_raises", "assert_raises_regex", "assert_warns", "assert_no_warnings",
    "assert_string_equal", "assert_no_gc_cycles", "suppress_warnings", "clear_and_catch_warnings",
    "SkipTest", "KnownFailureException", "IgnoreException", "TestCase", "tempdir", "temppath",
    "break_cycles", "HAS_REFCOUNT", "IS_PYPY", "verbose", "measure", "decorate_methods",
    "run_threaded", "build_err_msg",
)
_PASSTHROUGH = tuple(n for n in _PASSTHROUGH if hasattr(_npt, n))

__all__ = [*_ASSERTIONS, *_PASSTHROUGH]


def _host(x):
    """A host copy of every torchnp array in ``x`` (recursing into lists, tuples and dicts)."""
    if isinstance(x, ndarray):
        if x.device.type == "meta":
            raise TypeError("arrays on the 'meta' device hold no data and cannot be compared; "
                            "create them on a real device")
        return x.to_numpy()
    if isinstance(x, (list, tuple)):
        items = [_host(v) for v in x]
        if type(x) in (list, tuple):
            return type(x)(items)
        # namedtuples (and other sequence subclasses): NumPy compares them item by item
        return type(x)._make(items) if hasattr(type(x), "_make") else type(x)(items)
    if isinstance(x, dict):
        return {k: _host(v) for k, v in x.items()}
    return x


def _wrap_assertion(name, n_arrays):
    np_func = getattr(_npt, name)

    @functools.wraps(np_func)
    def func(*args, **kwargs):
        __tracebackhide__ = True  # noqa: F841 (pytest shows the caller's line)
        args = [_host(a) if i < n_arrays else a for i, a in enumerate(args)]
        for k in _ARRAY_KEYWORDS:
            if k in kwargs:
                kwargs[k] = _host(kwargs[k])
        return np_func(*args, **kwargs)

    func.__doc__ = (f"``numpy.testing.{name}`` on host copies of torchnp arrays (any device).\n\n"
                    + (np_func.__doc__ or ""))
    func.__module__ = __name__
    return func


globals().update({_n: _wrap_assertion(_n, _k) for _n, _k in _ASSERTIONS.items() if hasattr(_npt, _n)})
globals().update({_n: getattr(_npt, _n) for _n in _PASSTHROUGH})
__all__ = [n for n in __all__ if n in globals()]


def _gen_alignment_data(dtype=None, type="binary", max_size=24):
    """Arrays at several offsets and sizes, aliased or not (``numpy.testing._gen_alignment_data``,
    which NumPy's own scalar-math tests import): yields ``(out, in, message)`` for
    ``type='unary'`` and ``(out, in1, in2, message)`` for ``'binary'``, as torchnp arrays."""
    dtype = _float32 if dtype is None else dtype
    for o in range(3):
        for s in range(o + 2, max(o + 3, max_size)):
            def inp():
                return _arange(s, dtype=dtype)[o:]
            out = _empty((s,), dtype=dtype)[o:]
            if type == "unary":
                fmt = "unary offset=(%d, %d), size=%d, dtype=%r, %s"
                yield out, inp(), fmt % (o, o, s, dtype, "out of place")
                d = inp()
                yield d, d, fmt % (o, o, s, dtype, "in place")
                yield out[1:], inp()[:-1], fmt % (o + 1, o, s - 1, dtype, "out of place")
                yield out[:-1], inp()[1:], fmt % (o, o + 1, s - 1, dtype, "out of place")
                yield inp()[:-1], inp()[1:], fmt % (o, o + 1, s - 1, dtype, "aliased")
                yield inp()[1:], inp()[:-1], fmt % (o + 1, o, s - 1, dtype, "aliased")
            if type == "binary":
                fmt = "binary offset=(%d, %d, %d), size=%d, dtype=%r, %s"
                yield out, inp(), inp(), fmt % (o, o, o, s, dtype, "out of place")
                d = inp()
                yield d, d, inp(), fmt % (o, o, o, s, dtype, "in place1")
                d = inp()
                yield d, inp(), d, fmt % (o, o, o, s, dtype, "in place2")
                yield out[1:], inp()[:-1], inp()[:-1], fmt % (o + 1, o, o, s - 1, dtype, "out of place")
                yield out[:-1], inp()[1:], inp()[:-1], fmt % (o, o + 1, o, s - 1, dtype, "out of place")
                yield out[:-1], inp()[:-1], inp()[1:], fmt % (o, o, o + 1, s - 1, dtype, "out of place")
                yield inp()[1:], inp()[:-1], inp()[:-1], fmt % (o + 1, o, o, s - 1, dtype, "aliased")
                yield inp()[:-1], inp()[1:], inp()[:-1], fmt % (o, o + 1, o, s - 1, dtype, "aliased")
                yield inp()[:-1], inp()[:-1], inp()[1:], fmt % (o, o, o + 1, s - 1, dtype, "aliased")


import numpy.testing as _numpy_mirror  # noqa: E402
from .._host_only import mirror_getattr as _mirror_getattr  # noqa: E402

__getattr__ = _mirror_getattr(__name__, _numpy_mirror)  # NumPy's private names; a clear AttributeError otherwise
del _mirror_getattr
