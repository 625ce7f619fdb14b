"""Fake CUDA: run torchnp's public API on ``cuda`` arrays without a GPU (DESIGN §3, issue 14 item 5).

torch's ``FakeTensorMode`` creates ``cuda`` tensors on a CPU-only build: they carry a
device, a shape and a dtype but no data, so any host read fails. ``fake_cuda()`` enters
that mode (and makes ``cuda`` torchnp's default device inside it); ``CASES`` has one entry
per public function of ``torchnp``, ``linalg``, ``fft``, ``random``, ``testing`` and per
ufunc method, with representative arguments. ``run_case`` calls it on fake-CUDA arrays and
returns what went wrong (``None`` when: the result lives on ``cuda:0`` with NumPy's shape
and dtype, and no host read happened that docs/devices.md does not list); ``run_mix``
checks that every cpu/cuda mix of its array operands raises ``DeviceMismatchError``.

``python tests/fake_cuda.py`` prints the figures (cases run, passed, failed, with reasons).

A function missing from ``CASES`` fails ``test_fake_cuda.py::test_every_public_function_has_a_case``.
"""

import contextlib
import re
import inspect
import logging
import warnings

import numpy
import torch
from torch._subclasses.fake_tensor import FakeTensorMode, unset_fake_temporarily
from torch.utils import _pytree as pytree
from torch.utils._python_dispatch import TorchDispatchMode

import torchnp
from torchnp._dtypes import PartialKernels
from host_reads import HostReadError, HostReads, documented_syncs

#: The fake accelerator. A CPU-only torch links no CUDA device guard, and the Python bindings
#: of indexing, ``~``, ``copy_``, ``Tensor.to`` and autograd take one before any dispatch mode
#: sees the call ("PyTorch is not linked with support for cuda devices"), so fake ``cuda``
#: tensors cannot get through torchnp. torch's PrivateUse1 backend with a Python device
#: guard is the same kind of device for everything torchnp does — a non-CPU device whose
#: data the host cannot read — so the fake tensors live there, renamed ``fakecuda``.
BACKEND = "fakecuda"
CUDA = None  # torch.device(BACKEND, 0), once registered (only in fake-CUDA runs: it is process-wide)
META = torch.device("meta")
TARGET = [None]  # the device of the run in progress: CUDA, or META (run_case(..., meta=True))


def _register_backend():
    global CUDA
    if torch._C._get_privateuse1_backend_name() != BACKEND:
        from torch.utils import backend_registration as br

        class Module(br._DummyBackendModule):
            def is_available(self):  # no real device: the fake mode must not run constants on it
                return False

        br._setup_privateuseone_for_python_backend(BACKEND, backend_module=Module())
        _meta_kernels()
    CUDA = torch.device(BACKEND, 0)


_LIBS = []


def _meta_kernels():
    """Meta kernels (shape and dtype only) for the samplers torch gives none, so that the fake mode
    can run the random functions using them: ``binomial`` and ``_sample_dirichlet`` draw one value
    per element of their first argument."""
    lib = torch.library.Library("aten", "IMPL")
    _LIBS.append(lib)  # the registration lives as long as the library object
    for op in ("binomial", "_sample_dirichlet"):
        if not torch._C._dispatch_has_kernel_for_dispatch_key(f"aten::{op}", "Meta"):
            lib.impl(op, lambda x, *a, **k: torch.empty_like(x), "Meta")


class _NoGenerator(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = dict(kwargs or {})
        if kwargs.get("generator") is not None:
            kwargs["generator"] = None
        return func(*args, **kwargs)


class _HostData(TorchDispatchMode):
    """Operations on host data only (real CPU tensors, CPU factories) run for real: on a machine with
    a GPU the host's data is there to read (a parameter validated on the host before its upload,
    §3.5); the fake mode would fake CPU tensors too and refuse every such read."""

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        leaves = pytree.tree_leaves((args, kwargs))
        if all(type(a) is torch.Tensor and a.device.type == "cpu" for a in leaves if isinstance(a, torch.Tensor)) \
                and all(a.type == "cpu" for a in leaves if isinstance(a, torch.device)):
            with unset_fake_temporarily():
                return func(*args, **kwargs)
        return func(*args, **kwargs)


# -- the mode ----------------------------------------------------------------------------------
@contextlib.contextmanager
def fake_cuda():
    """FakeTensorMode with the fake accelerator as torchnp's default device.

    Two constructors make real data on the device before the fake mode sees it, which the
    Python backend cannot hold (a real CUDA build can): ``torch.tensor``/``torch.as_tensor``
    with ``device=`` make the tensor on the CPU and upload it (``Tensor.to``, which the fake
    mode handles), and ``torch.Generator(device=...)``, which needs a C++ generator hook, is a
    CPU generator, dropped from the random operators (the fake mode draws nothing, and its
    reference kernels take no generator).
    """
    _register_backend()
    saved = {"Generator": torch.Generator, "tensor": torch.tensor, "as_tensor": torch.as_tensor}

    class Generator(saved["Generator"]):
        def __new__(cls, device="cpu"):
            return saved["Generator"]()

    def factory(name):
        def make(data, *a, device=None, **k):
            t = saved[name](data, *a, **k)
            if device is not None and torch.device(device).type == BACKEND:
                return t.to(device)
            return t if device is None else saved[name](t, device=device)
        return make

    mode = FakeTensorMode(allow_non_fake_inputs=True)
    logging.getLogger("torch._subclasses.fake_tensor").setLevel(logging.CRITICAL)
    torch.Generator, torch.tensor, torch.as_tensor = Generator, factory("tensor"), factory("as_tensor")
    try:
        # innermost: torch's CUDA build has few kernels for uint16/32/64 (torchnp._dtypes.PARTIAL_KERNELS),
        # the fake device none at all, so it raises where CUDA would
        with mode, _NoGenerator(), _HostData(), torchnp.device(CUDA), PartialKernels({BACKEND}):
            yield mode
    finally:
        torch.Generator, torch.tensor, torch.as_tensor = saved["Generator"], saved["tensor"], saved["as_tensor"]


# -- argument builders -------------------------------------------------------------------------
class Arr:
    """An array argument: NumPy values for the oracle, a data-less tensor of that shape and
    dtype for the fake device. ``kind``: "rand" (0.1..0.9), "idx" (ints 0..2), "spd" (a
    symmetric positive definite matrix), "inc" (increasing), "bool", "pos" (ints 1..3)."""

    def __init__(self, shape, dtype="float64", kind=None):
        self.shape, self.dtype = tuple(shape), numpy.dtype(dtype)
        self.kind = kind or {"b": "bool", "i": "idx", "u": "idx"}.get(self.dtype.kind, "rand")

    def numpy(self, seed):
        rng = numpy.random.default_rng(seed)
        if self.kind == "bool":
            return rng.random(self.shape) < 0.5
        if self.kind in ("idx", "pos"):
            lo = 1 if self.kind == "pos" else 0
            return rng.integers(lo, lo + 3, self.shape).astype(self.dtype)
        x = rng.uniform(0.1, 0.9, self.shape)
        if self.kind == "inc":
            x = numpy.sort(x, axis=-1)
        if self.kind == "spd":
            x = x @ numpy.swapaxes(x, -1, -2) + 3 * numpy.eye(self.shape[-1])
        if self.dtype.kind == "c":
            x = x + 1j * rng.uniform(0.1, 0.9, self.shape)
        return x.astype(self.dtype)

    def __repr__(self):
        return f"Arr({self.shape}, {self.dtype})"


A = Arr((3, 4))
V = Arr((6,))
M = Arr((3, 3), kind="spd")
C = Arr((3, 4), "complex128")
I = Arr((4,), "int64")  # noqa: E741 - index-like ints 0..2
IA = Arr((3, 4), "int64")
PA = Arr((3, 4), "int64", "pos")
B = Arr((3, 4), "bool")
U8 = Arr((3, 4), "uint8")


class Case:
    def __init__(self, *args, **kwargs):
        self.args, self.kwargs, self.call, self.oracle, self.mix = args, kwargs, None, True, True
        self.cpu_reads = None

    def via(self, call):
        """``call(func, *args, **kwargs)`` replaces ``func(*args, **kwargs)`` (methods)."""
        self.call = call
        return self

    def reads_on_cpu(self, why):
        """The CPU path reads values by design (free there); the device path is another."""
        self.cpu_reads = why
        return self

    def nomix(self):
        """Reads only metadata (dtypes, memory): arrays on two devices are no mix."""
        self.mix = False
        return self

    def own(self):
        """A torchnp-only function (no NumPy oracle): only the device of the result is checked."""
        self.oracle = False
        return self


class NA:
    """No array operand or a host-only API (files, printing options, dtype queries): not run on the device."""

    def __init__(self, why):
        self.why = why


def c(*args, **kwargs):
    return Case(*args, **kwargs)


def _arrays(obj, path=()):
    """Paths of the ``Arr`` leaves in nested args."""
    if isinstance(obj, Arr):
        yield path
    elif isinstance(obj, (list, tuple)):
        for i, v in enumerate(obj):
            yield from _arrays(v, path + (i,))
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from _arrays(v, path + (k,))


def _build(obj, make, path=()):
    if isinstance(obj, Arr):
        return make(obj, path)
    if isinstance(obj, (list, tuple)):
        return type(obj)(_build(v, make, path + (i,)) for i, v in enumerate(obj))
    if isinstance(obj, dict):
        return {k: _build(v, make, path + (k,)) for k, v in obj.items()}
    return obj


def _np_leaf(a, path):
    return a.numpy(hash(path) % 1000)


def _fake_leaf(a, path, device=None):
    t = torch.empty(a.shape, dtype=torchnp._dtypes.to_torch(a.dtype), device=device or TARGET[0] or CUDA)
    return torchnp.from_torch(t)


# -- the table: one entry per public function --------------------------------------------------
_KEEP_HOST = "a host API: no array operand"
_IO = "file I/O reads the data on the host by nature (documented)"

CASES = {
    # creation
    "arange": c(5), "array": c([1.0, 2.0]), "asarray": c(A), "asanyarray": c(A), "ascontiguousarray": c(A),
    "asfortranarray": c(A), "asarray_chkfinite": c(A), "astype": c(A, "float32"), "copy": c(A),
    "empty": c((3, 4)), "empty_like": c(A), "eye": c(3), "full": c((3, 4), 2.0), "full_like": c(A, 2.0),
    "identity": c(3), "ones": c((3, 4)), "ones_like": c(A), "zeros": c((3, 4)), "zeros_like": c(A),
    "linspace": c(0.0, 1.0, 5), "logspace": c(0.0, 1.0, 5), "geomspace": c(1.0, 8.0, 4),
    "tri": c(3), "tril": c(A), "triu": c(A), "vander": c(V), "diag": c(V), "diagflat": c(V),
    "indices": c((2, 3)), "fromfunction": c(lambda i, j: i + j, (2, 3)),
    "fromiter": c(range(4), "float64"),
    "frombuffer": NA("a view of a host buffer, on the CPU by design (like from_numpy, §4.1)"),
    "fromstring": c("1 2", sep=" "), "require": c(A), "meshgrid": c(V, V), "mask_indices": c(3, numpy.triu),
    "from_dlpack": NA("takes a DLPack capsule (a bridge, §4.4)"), "from_numpy": NA("a bridge: host data by definition (§4.1)"),
    "from_torch": c().via(lambda f: f(torch.empty(3, 4, device=TARGET[0]))).own(), "to_numpy": NA("an explicit host copy (§4.2)"), "asnumpy": NA("an explicit host copy (§4.2)"),
    "bartlett": c(5), "blackman": c(5), "hamming": c(5), "hanning": c(5), "kaiser": c(5, 2.0),
    "diag_indices": c(3), "diag_indices_from": c(M), "tril_indices": c(3), "triu_indices": c(3),
    "tril_indices_from": c(M), "triu_indices_from": c(M),
    # shape and manipulation
    "append": c(V, V), "atleast_1d": c(A), "atleast_2d": c(V), "atleast_3d": c(A), "block": c([A, A]),
    "broadcast_arrays": c(A, Arr((4,))), "broadcast_to": c(Arr((4,)), (3, 4)),
    "column_stack": c((V, V)), "concat": c([A, A]), "concatenate": c([A, A]), "dsplit": c(Arr((2, 2, 4)), 2),
    "dstack": c((A, A)), "expand_dims": c(A, 0), "flip": c(A), "fliplr": c(A), "flipud": c(A), "hsplit": c(A, 2),
    "hstack": c((A, A)), "moveaxis": c(A, 0, 1), "permute_dims": c(A), "ravel": c(A), "reshape": c(A, (4, 3)),
    "resize": c(A, (2, 7)), "roll": c(A, 1), "rollaxis": c(A, 1), "rot90": c(A), "row_stack": c((A, A)),
    "split": c(V, 3), "array_split": c(V, 4), "squeeze": c(Arr((1, 3))), "stack": c([A, A]), "swapaxes": c(A, 0, 1),
    "tile": c(A, 2), "transpose": c(A), "matrix_transpose": c(A), "unstack": c(A), "vsplit": c(A, 3),
    "vstack": c((A, A)), "trim_zeros": c(V), "pad": c(A, 1), "delete": c(V, 1), "insert": c(V, 1, 2.0),
    "repeat": c(V, 2), "diagonal": c(M), "ediff1d": c(V), "diff": c(A), "copyto": c(A, A), "shape": c(A),
    "ndim": c(A), "size": c(A), "place": c(A, B, [1.0]), "put": c(V, I, 1.0), "put_along_axis": c(A, Arr((1, 4), "int64"), 1.0, 0),
    "putmask": c(A, B, 1.0), "fill_diagonal": c(M, 1.0), "choose": c(Arr((4,), "int64"), [Arr((4,)), Arr((4,)), Arr((4,))]),
    "compress": c([True, False, True], A, axis=0), "extract": c(B, A), "select": c([B, B], [A, A]),
    "take": c(V, I), "take_along_axis": c(A, IA, 1), "where": c(B, A, A), "nonzero": c(A), "argwhere": c(A),
    "flatnonzero": c(A), "ix_": c(I, I), "ravel_multi_index": c((I, I), (3, 3)), "unravel_index": c(I, (3, 3)),
    "apply_along_axis": c(lambda v: v * 2, 0, A), "apply_over_axes": c(lambda a, ax: a.sum(axis=ax, keepdims=True) if hasattr(a, "sum") else a, A, [0]),
    "piecewise": c(V, [Arr((6,), "bool")], [1.0, 2.0]),
    # sorting, searching, sets
    "sort": c(A), "argsort": c(A), "partition": c(V, 2), "argpartition": c(V, 2), "lexsort": c((V, V)),
    "searchsorted": c(Arr((6,)), V), "sort_complex": c(V), "argmax": c(A, axis=0), "argmin": c(A, axis=0),
    "nanargmax": c(A, axis=0), "nanargmin": c(A, axis=0), "count_nonzero": c(A, axis=0),
    "unique": c(V), "unique_all": c(V), "unique_counts": c(V), "unique_inverse": c(V), "unique_values": c(V),
    "intersect1d": c(V, V), "union1d": c(V, V), "setdiff1d": c(V, V), "setxor1d": c(V, V), "isin": c(V, V),
    # reductions and statistics
    "all": c(A, axis=0), "any": c(A, axis=0), "amax": c(A, axis=0), "amin": c(A, axis=0), "max": c(A, axis=0),
    "min": c(A, axis=0), "nanmax": c(A, axis=0), "nanmin": c(A, axis=0), "ptp": c(A, axis=0), "sum": c(A, axis=0),
    "prod": c(A, axis=0), "nansum": c(A, axis=0), "nanprod": c(A, axis=0), "mean": c(A, axis=0),
    "nanmean": c(A, axis=0), "std": c(A, axis=0), "var": c(A, axis=0), "nanstd": c(A, axis=0), "nanvar": c(A, axis=0),
    "median": c(A, axis=0), "nanmedian": c(A, axis=0), "average": c(A, axis=0, weights=Arr((3,))),
    "quantile": c(A, 0.3, axis=0), "nanquantile": c(A, 0.3, axis=0), "percentile": c(A, 30.0, axis=0),
    "nanpercentile": c(A, 30.0, axis=0), "cumsum": c(A, axis=0), "cumprod": c(A, axis=0), "nancumsum": c(A, axis=0),
    "nancumprod": c(A, axis=0), "cumulative_sum": c(A, axis=0), "cumulative_prod": c(A, axis=0),
    "corrcoef": c(A), "cov": c(A), "correlate": c(V, Arr((3,))), "convolve": c(V, Arr((3,))),
    "histogram": c(V, 4, range=(0.0, 1.0)), "histogram2d": c(V, V, 4, range=[[0.0, 1.0], [0.0, 1.0]]),
    "histogramdd": c(Arr((6, 2)), 4, range=[(0.0, 1.0), (0.0, 1.0)]), "histogram_bin_edges": c(V, 4, range=(0.0, 1.0)),
    "bincount": c(I, minlength=3), "digitize": c(V, Arr((4,), kind="inc")),
    "trapezoid": c(A), "gradient": c(V), "interp": c(V, Arr((6,)), V), "unwrap": c(V), "trace": c(M),
    # products
    "dot": c(A, Arr((4, 2))), "vdot": c(V, V), "inner": c(A, A), "outer": c(V, V), "matmul": c(A, Arr((4, 2))),
    "tensordot": c(A, Arr((4, 2)), 1), "kron": c(M, M), "cross": c(Arr((3,)), Arr((3,))),
    "einsum": c("ij,jk->ik", A, Arr((4, 2))), "einsum_path": c("ij,jk->ik", A, Arr((4, 2))).nomix(),
    "matvec": c(A, Arr((4,))), "vecmat": c(Arr((3,)), A), "vecdot": c(A, A),
    # elementwise helpers that are functions
    "angle": c(C), "around": c(A), "round": c(A), "fix": c(A), "clip": c(A, 0.2, 0.8), "i0": c(A), "imag": c(C),
    "real": c(C), "iscomplex": c(C), "isreal": c(C), "iscomplexobj": c(C), "isrealobj": c(A), "isneginf": c(A),
    "isposinf": c(A), "nan_to_num": c(A), "real_if_close": c(C), "sinc": c(A), "isclose": c(A, A),
    "allclose": c(A, A), "array_equal": c(A, A), "array_equiv": c(A, A), "isfortran": c(A),
    "may_share_memory": c(A, A).nomix(), "shares_memory": c(A, A).nomix(), "isscalar": c(A), "iterable": c(A),
    "packbits": c(U8), "unpackbits": c(U8), "min_scalar_type": c(A), "result_type": c(A, A).nomix(),
    "common_type": c(A, A).nomix(),
    # polynomials
    "poly": c(Arr((3,))), "polyadd": c(V, V), "polysub": c(V, V), "polymul": c(V, V), "polydiv": c(V, Arr((3,))),
    "polyder": c(V), "polyint": c(V), "polyval": c(V, V), "polyfit": c(V, V, 2), "roots": c(V),
    # autodiff and jit
    "grad": c().own().via(lambda f: f(lambda x: (x * x).sum())(torchnp.ones(3))),
    "value_and_grad": c().own().via(lambda f: f(lambda x: (x * x).sum())(torchnp.ones(3))[1]),
    "jacobian": c().own().via(lambda f: f(lambda x: x * x)(torchnp.ones(3))),
    "hessian": c().own().via(lambda f: f(lambda x: (x * x).sum())(torchnp.ones(3))),
    "jit": NA("compiles with torch.compile; a fake-mode trace inside a fake mode is not meaningful"),
    # printing and host APIs
    "array2string": c(A), "array_repr": c(A), "array_str": c(A),
    "base_repr": NA(_KEEP_HOST), "binary_repr": NA(_KEEP_HOST), "can_cast": NA(_KEEP_HOST),
    "format_float_positional": NA(_KEEP_HOST), "format_float_scientific": NA(_KEEP_HOST),
    "get_default_device": NA(_KEEP_HOST), "get_default_float_dtype": NA(_KEEP_HOST), "get_printoptions": NA(_KEEP_HOST),
    "getbufsize": NA(_KEEP_HOST), "geterr": NA(_KEEP_HOST), "geterrcall": NA(_KEEP_HOST), "info": NA(_KEEP_HOST),
    "isdtype": NA(_KEEP_HOST), "issubdtype": NA(_KEEP_HOST), "mintypecode": NA(_KEEP_HOST), "obj2sctype": NA(_KEEP_HOST),
    "printoptions": NA(_KEEP_HOST), "promote_types": NA(_KEEP_HOST), "sctype2char": NA(_KEEP_HOST),
    "set_default_device": NA(_KEEP_HOST), "set_default_float_dtype": NA(_KEEP_HOST), "set_printoptions": NA(_KEEP_HOST),
    "setbufsize": NA(_KEEP_HOST), "seterr": NA(_KEEP_HOST), "seterrcall": NA(_KEEP_HOST), "typename": NA(_KEEP_HOST),
    "broadcast_shapes": NA(_KEEP_HOST), "show_config": NA(_KEEP_HOST), "show_runtime": NA(_KEEP_HOST),
    "get_include": NA(_KEEP_HOST), "frompyfunc": NA("wraps a Python function on host objects"),
    "fromfile": NA(_IO), "fromregex": NA(_IO), "genfromtxt": NA(_IO), "load": NA(_IO), "loadtxt": NA(_IO), "save": NA(_IO),
    "savetxt": NA(_IO), "savez": NA(_IO), "savez_compressed": NA(_IO),
    "asmatrix": NA("NumPy's own: numpy.matrix is NumPy-only host data (§2.5); a device array raises HostCopyError"),
    "bmat": NA("NumPy's own: numpy.matrix is NumPy-only host data (§2.5)"),
    # linalg
    "linalg.cholesky": c(M), "linalg.cond": c(M), "linalg.cross": c(Arr((3,)), Arr((3,))), "linalg.det": c(M),
    "linalg.diagonal": c(M), "linalg.eig": c(M), "linalg.eigh": c(M), "linalg.eigvals": c(M), "linalg.eigvalsh": c(M),
    "linalg.inv": c(M), "linalg.lstsq": c(Arr((4, 3)), Arr((4,))), "linalg.matmul": c(A, Arr((4, 2))),
    "linalg.matrix_norm": c(M), "linalg.matrix_power": c(M, 3), "linalg.matrix_rank": c(M),
    "linalg.matrix_transpose": c(A), "linalg.multi_dot": c([A, Arr((4, 2)), Arr((2, 2))]), "linalg.norm": c(A),
    "linalg.outer": c(V, V), "linalg.pinv": c(A), "linalg.qr": c(A), "linalg.slogdet": c(M), "linalg.solve": c(M, Arr((3,))),
    "linalg.svd": c(A), "linalg.svdvals": c(A), "linalg.tensordot": c(A, Arr((4, 2)), axes=1),
    "linalg.tensorinv": c().via(lambda f: f(torchnp.eye(4).reshape(4, 2, 2), ind=1)),
    "linalg.tensorsolve": c(M, Arr((3,))), "linalg.trace": c(M), "linalg.vecdot": c(A, A), "linalg.vector_norm": c(A),
    # fft
    "fft.fftfreq": c(8), "fft.rfftfreq": c(8), "fft.fftshift": c(A), "fft.ifftshift": c(A),
    # random (module-level legacy functions; the Generator is covered by random's own tests)
    "random.beta": c(2.0, 3.0, size=(3, 4)), "random.binomial": c(5, 0.3, size=(3, 4)),
    "random.bytes": NA("returns Python bytes: host data by definition"), "random.chisquare": c(2.0, size=(3, 4)),
    "random.choice": c(5, size=(3, 4)), "random.default_rng": NA("returns a Generator object (no array)"),
    "random.dirichlet": c([1.0, 2.0, 3.0], size=4), "random.exponential": c(size=(3, 4)),
    "random.f": c(2.0, 3.0, size=(3, 4)), "random.gamma": c(2.0, size=(3, 4)), "random.geometric": c(0.3, size=(3, 4)),
    "random.get_state": NA("returns the generator state on the host (NumPy's tuple)"), "random.gumbel": c(size=(3, 4)),
    "random.hypergeometric": c(5, 4, 3, size=(3, 4)), "random.laplace": c(size=(3, 4)), "random.logistic": c(size=(3, 4)),
    "random.lognormal": c(size=(3, 4)), "random.logseries": c(0.5, size=(3, 4)),
    "random.multinomial": c(5, [0.2, 0.3, 0.5], size=4), "random.multivariate_normal": c([0.0, 0.0], [[1.0, 0.0], [0.0, 1.0]], size=4),
    "random.negative_binomial": c(5, 0.3, size=(3, 4)), "random.noncentral_chisquare": c(2.0, 1.0, size=(3, 4)),
    "random.noncentral_f": c(2.0, 3.0, 1.0, size=(3, 4)), "random.normal": c(size=(3, 4)), "random.pareto": c(2.0, size=(3, 4)),
    "random.permutation": c(V), "random.poisson": c(size=(3, 4)), "random.power": c(2.0, size=(3, 4)),
    "random.rand": c(3, 4), "random.randint": c(0, 5, size=(3, 4)), "random.randn": c(3, 4), "random.random": c(size=(3, 4)),
    "random.random_integers": c(1, 5, size=(3, 4)), "random.random_sample": c(size=(3, 4)), "random.ranf": c(size=(3, 4)),
    "random.rayleigh": c(size=(3, 4)), "random.sample": c(size=(3, 4)), "random.seed": NA("seeds the host-side state"),
    "random.get_stream": NA("returns a Python string"), "random.set_stream": NA("sets a Python setting"),
    "random.get_bit_generator": NA("returns NumPy's host-side bit generator"),
    "random.set_bit_generator": NA("sets NumPy's host-side bit generator"),
    "random.set_state": NA("sets the host-side state"), "random.shuffle": c(V), "random.standard_cauchy": c(size=(3, 4)),
    "random.standard_exponential": c(size=(3, 4)), "random.standard_gamma": c(2.0, size=(3, 4)),
    "random.standard_normal": c(size=(3, 4)), "random.standard_t": c(3.0, size=(3, 4)), "random.triangular": c(0.0, 0.5, 1.0, size=(3, 4)),
    "random.uniform": c(size=(3, 4)), "random.vonmises": c(0.0, 1.0, size=(3, 4)), "random.wald": c(1.0, 1.0, size=(3, 4)),
    "random.weibull": c(2.0, size=(3, 4)), "random.zipf": c(2.0, size=(3, 4)),
}

for _n in ("fft", "ifft", "rfft", "irfft", "hfft", "ihfft"):
    CASES["fft." + _n] = c(V)
for _n in ("fft2", "ifft2", "rfft2", "irfft2", "fftn", "ifftn", "rfftn", "irfftn"):
    CASES["fft." + _n] = c(A)

# numpy.testing compares values on the host by design (documented as syncing)
for _n in ("assert_allclose", "assert_almost_equal", "assert_approx_equal", "assert_array_almost_equal",
           "assert_array_almost_equal_nulp", "assert_array_equal", "assert_array_less", "assert_array_max_ulp",
           "assert_equal"):
    CASES["testing." + _n] = c(A, A).nomix()  # copies both operands to the host by design
CASES["testing.assert_array_compare"] = c(numpy.less_equal, A, A).nomix()
for _n in ("assert_", "assert_no_gc_cycles", "assert_no_warnings", "assert_raises", "assert_raises_regex",
           "assert_string_equal", "assert_warns", "break_cycles", "build_err_msg", "decorate_methods", "measure",
           "print_assert_equal", "run_threaded", "tempdir", "temppath"):
    CASES["testing." + _n] = NA("test tooling with no array operand")

# emath: NumPy's dtype rule reads the values (complex where an input leaves the real domain)
for _n in ("sqrt", "log", "log2", "log10", "arccos", "arcsin", "arctanh"):
    CASES["emath." + _n] = c(A)
CASES["emath.logn"] = c(2.0, A)
CASES["emath.power"] = c(A, 2.0)
CASES["lib.stride_tricks.as_strided"] = c(A, (2, 2), (32, 8))
CASES["lib.stride_tricks.sliding_window_view"] = c(V, 3)
CASES["lib.stride_tricks.broadcast_arrays"] = c(A, Arr((4,))).own()  # NumPy 2 keeps these two in numpy only
CASES["lib.stride_tricks.broadcast_to"] = c(Arr((4,)), (3, 4)).own()
CASES["lib.stride_tricks.broadcast_shapes"] = NA(_KEEP_HOST)
CASES["lib.array_utils.byte_bounds"] = c(A).own()
CASES["lib.array_utils.normalize_axis_index"] = NA(_KEEP_HOST)
CASES["lib.array_utils.normalize_axis_tuple"] = NA(_KEEP_HOST)

# -- ufuncs and their methods ------------------------------------------------------------------
_INT_UFUNCS = {"bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_not", "bitwise_invert", "bitwise_count",
               "bitwise_left_shift", "bitwise_right_shift", "left_shift", "right_shift", "invert", "gcd", "lcm"}
_SPECIAL = {"ldexp": c(A, IA), "frexp": c(A), "modf": c(A), "divmod": c(A, A)}


try:  # torchnp.scipy's device functions (§8): one table per SciPy subpackage, tests/scipy_cases/
    import scipy_cases
except ImportError:  # SciPy is an optional extra
    scipy_cases = None
else:
    CASES.update(scipy_cases.CASES)


def _ufuncs():
    return sorted(n for n in dir(torchnp) if isinstance(getattr(torchnp, n), torchnp.ufunc))


def _method(m):
    return lambda u, *a, **k: getattr(u, m)(*a, **k)


for _n in _ufuncs():
    _u = getattr(torchnp, _n)
    _x = IA if _n in _INT_UFUNCS else A
    _v = Arr((6,), "int64") if _n in _INT_UFUNCS else V
    CASES[_n] = _SPECIAL.get(_n) or (c(_x) if _u.nin == 1 else c(_x, _x))
    if _u.nin == 2 and _u.nout == 1:
        CASES[_n + ".reduce"] = c(_x, axis=0).via(_method("reduce"))
        CASES[_n + ".accumulate"] = c(_x, axis=0).via(_method("accumulate"))
        CASES[_n + ".outer"] = c(_v, _v).via(_method("outer"))
        CASES[_n + ".reduceat"] = c(_v, I).via(_method("reduceat"))
        CASES[_n + ".at"] = c(_v, I, Arr((4,), _v.dtype)).via(_method("at"))
    elif _u.nin == 1 and _u.nout == 1:
        CASES[_n + ".at"] = c(_v, I).via(_method("at"))

# host reads named in issue 14 that the per-function cases above do not reach
CASES["add.reduceat[host indices]"] = c(V, [0, 3, 1, 5]).via(_method("reduceat"))  # indices checked on the host
CASES["maximum.reduceat[host indices]"] = c(V, [0, 3, 1, 5]).via(_method("reduceat"))
for _n in ("add", "maximum", "multiply", "logical_or"):  # associative: power-of-two blocks, indices never read
    CASES[_n + ".reduceat[device indices]"] = c(A, I, axis=1).via(_method("reduceat"))
CASES["bitwise_or.reduceat[device indices]"] = c(IA, I, axis=1).via(_method("reduceat"))
for _n in ("add", "subtract", "multiply", "maximum", "minimum"):  # scatter kernels: no sync (docs/devices.md)
    CASES[_n + ".at[scatter]"] = c(V, I, Arr((4,))).via(_method("at"))
CASES["power[int ** int]"] = c(IA, PA)
CASES["ndarray[int array]"] = c(A, I).via(lambda f, a, i: a[i])
CASES["ndarray[0-d index]"] = c(A, Arr((), "int64")).via(lambda f, a, i: a[i]).reads_on_cpu(
    "on the CPU a 0-d index array is read as an int, so the result is a view as in NumPy")
CASES["ndarray[bool mask]"] = c(A, B).via(lambda f, a, m: a[m])
CASES["ndarray[int array] = v"] = c(A, I).via(lambda f, a, i: a.__setitem__(i, 1.0))
CASES["repeat[counts]"] = c(V, Arr((6,), "int64"))
CASES["repeat[host counts]"] = c(V, [1, 2, 0, 3, 1, 1])
CASES["histogram[bins from data]"] = c(V, 4)
CASES["histogram[bins rule]"] = c(V, "auto")
CASES["median[no axis]"] = c(A)
CASES["quantile[array q]"] = c(A, Arr((2,)), axis=0)
CASES["digitize[right]"] = c(V, Arr((4,), kind="inc"), True)
CASES["insert[array values]"] = c(V, I, Arr((4,)))
CASES["delete[array index]"] = c(V, I)
CASES["cov[weights]"] = c(A, fweights=Arr((4,), "int64", "pos"), aweights=Arr((4,)))
CASES["quantile[weights]"] = c(A, 0.3, axis=0, method="inverted_cdf", weights=Arr((3,)))
# array parameters beside the operands (keywords included): each checked for device mixes, none read
CASES["compress[device condition]"] = c(Arr((3,), "bool"), A, axis=0)
CASES["poly[matrix]"] = c(M)
CASES["poly[complex roots]"] = c(Arr((3,), "complex128"))
CASES["partition[array kth]"] = c(V, Arr((2,), "int64"))
CASES["argpartition[array kth]"] = c(V, Arr((2,), "int64"))
CASES["partition[list kth]"] = c(V, [1, 3])
CASES["histogram[array bins]"] = c(V, Arr((4,), kind="inc"))
CASES["histogramdd[array bins]"] = c(Arr((6, 2)), bins=[Arr((4,), kind="inc"), Arr((3,), kind="inc")])
CASES["digitize[array bins]"] = c(V, Arr((4,), kind="inc"))
CASES["pad[array constant]"] = c(A, 1, constant_values=Arr(()))
# sizes read on the host (NumPy converts them to Python ints): host values there are no mix (docs/devices.md)
CASES["pad[array pad_width]"] = c(A, Arr((2, 2), "int64", "pos")).nomix()
CASES["split[array indices]"] = c(V, Arr((2,), "int64", "pos")).nomix()
CASES["array_split[array indices]"] = c(V, Arr((2,), "int64", "pos")).nomix()
CASES["take[scalar index]"] = c(A, 1, axis=1)
CASES["digitize[scalar x]"] = c(0.5, Arr((4,), kind="inc"))
CASES["choose[scalar index]"] = c(1, [Arr((4,)), Arr((4,))])
CASES["choose[list index]"] = c([0, 1, 1, 0], [Arr((4,)), Arr((4,))])
CASES["full_like[array fill]"] = c(A, Arr((4,)))
CASES["isclose[array tolerances]"] = c(A, 0.5, rtol=Arr((4,)), atol=Arr(()))
CASES["diff[prepend, append]"] = c(A, prepend=Arr((3, 1)), append=Arr((3, 2)))
CASES["ediff1d[to_begin, to_end]"] = c(V, to_end=Arr((2,)), to_begin=Arr((1,)))
CASES["sum[where]"] = c(A, axis=0, where=B)
CASES["mean[where]"] = c(A, axis=0, where=B)
CASES["max[where, initial]"] = c(A, axis=0, where=B, initial=0.0)
CASES["add[where, out]"] = c(A, A, where=B, out=Arr((3, 4)))
CASES["sin[out]"] = c(A, out=Arr((3, 4)))
CASES["cumsum[out]"] = c(A, axis=0, out=Arr((3, 4)))
CASES["take[out]"] = c(V, I, out=Arr((4,)))
CASES["clip[array bounds]"] = c(A, Arr((4,)), Arr((3, 1)))
CASES["searchsorted[sorter]"] = c(V, Arr((3,)), sorter=Arr((6,), "int64"))
CASES["quantile[array q, out]"] = c(A, Arr((2,)), axis=0, out=Arr((2, 4)))
CASES["interp[left, right]"] = c(V, Arr((6,), kind="inc"), V, left=Arr(()), right=Arr(()))
CASES["nan_to_num[array nan]"] = c(A, nan=Arr(()))
CASES["einsum[three operands]"] = c("ij,jk,k->i", A, Arr((4, 2)), Arr((2,)))
CASES["where[one array]"] = c(B, A, 0.0)
CASES["average[weights, returned]"] = c(A, axis=1, weights=Arr((4,)), returned=True)
CASES["cov[y]"] = c(A, Arr((3, 4)))
CASES["linalg.solve[batch]"] = c(Arr((2, 3, 3), kind="spd"), Arr((2, 3, 1)))
CASES["put[array values]"] = c(V, I, Arr((4,)))
CASES["fill_diagonal[array values]"] = c(M, Arr((3,)))
CASES["copyto[where]"] = c(A, Arr((4,)), where=B)
CASES["bincount[weights]"] = c(I, Arr((4,)), minlength=3)
CASES["random.hypergeometric[array parameters]"] = c(Arr((3, 4), "int64", "pos"), 4, 3, size=(3, 4))
CASES["linalg.matrix_rank[1-d]"] = c(V)
CASES["linalg.inv[batch]"] = c(Arr((2, 3, 3), kind="spd"))
CASES["linalg.cholesky[errstate]"] = c(M).via(lambda f, m: _with_errstate(f, m))


# Generator and RandomState methods with array parameters (issue 14): drawn on the parameters'
# device; their value checks read nothing there (§3.5). ``cls`` is numpy's or torchnp's class.
def _rng_method(method):
    return lambda cls, *a, **k: getattr(cls(numpy.random.PCG64(0)) if cls.__name__ == "Generator"
                                        else cls(0), method)(*a, **k)


_RNG_ARGS = {  # valid array parameters (NumPy, the oracle, checks the values)
    "a": Arr((3,), kind="pos"), "b": Arr((3,), kind="pos"), "df": Arr((3,), kind="pos"),
    "dfnum": Arr((3,), kind="pos"), "dfden": Arr((3,), kind="pos"), "nonc": Arr((3,)), "shape": Arr((3,), kind="pos"),
    "n": Arr((3,), "int64", "pos"), "p": Arr((3,)), "left": Arr((3,)), "mode": 1.0, "right": 2.0,
    "ngood": Arr((3,), "int64", "pos"), "nbad": Arr((3,), "int64", "pos"), "nsample": 1,
}
for _cls in ("Generator", "RandomState"):
    for _n, (_params, *_rest) in torchnp.random._generator._DISTRIBUTIONS.items():
        _args = [_RNG_ARGS.get(k, Arr((3,), kind="pos") if k not in ("loc", "mu", "low", "mean") else Arr((3,)))
                 for k, _ in _params]
        if _args:
            _key = f"random.{_cls}.{_n}" + ("[array parameters]" if _n == "hypergeometric" else "")
            CASES[_key] = c(*_args).via(_rng_method(_n))
    CASES[f"random.{_cls}.standard_gamma"] = c(Arr((3,), kind="pos")).via(_rng_method("standard_gamma"))
    CASES[f"random.{_cls}.multinomial[pvals]"] = c(5, Arr((2, 3))).via(_rng_method("multinomial")).own()
    CASES[f"random.{_cls}.dirichlet"] = c(Arr((3,), kind="pos"), size=2).via(_rng_method("dirichlet"))
    CASES[f"random.{_cls}.multivariate_normal"] = c(Arr((3,)), M).via(_rng_method("multivariate_normal"))
    CASES[f"random.{_cls}.choice[a]"] = c(V, size=4).via(_rng_method("choice"))
    CASES[f"random.{_cls}.choice[p]"] = c(3, size=4, p=Arr((3,))).via(_rng_method("choice")).own()
    CASES[f"random.{_cls}.choice[p, replace=False]"] = c(3, size=2, replace=False, p=Arr((3,))).via(
        _rng_method("choice")).own()
    CASES[f"random.{_cls}.permutation"] = c(V).via(_rng_method("permutation"))
    CASES[f"random.{_cls}.shuffle"] = c(V).via(_rng_method("shuffle"))
CASES["random.Generator.integers"] = c(Arr((3,), "int64"), Arr((3,), "int64", "pos")).via(_rng_method("integers")).own()
for _cls in ("Generator", "RandomState"):  # the legacy generator refuses an array n (NumPy's TypeError)
    CASES[f"random.{_cls}.multinomial"] = c(Arr((3,), "int64", "pos"), [0.2, 0.8]).via(_rng_method("multinomial"))
CASES["random.RandomState.randint"] = c(Arr((3,), "int64"), Arr((3,), "int64", "pos")).via(_rng_method("randint")).own()
CASES["random.Generator.permuted"] = c(A, axis=1).via(_rng_method("permuted"))
CASES["random.Generator.multivariate_hypergeometric"] = c(Arr((3,), "int64", "pos"), 2).via(
    _rng_method("multivariate_hypergeometric"))
CASES["random.Generator.multivariate_hypergeometric[count]"] = c(Arr((3,), "int64", "pos"), 2, method="count").via(
    _rng_method("multivariate_hypergeometric"))


def _with_errstate(f, *args):
    """``np.errstate(invalid="raise")`` restores NumPy's value checks on an accelerator (§3.5)."""
    with numpy.errstate(invalid="raise"):
        return f(*args)


# -- NumPy scalars and 0-d NumPy arrays beside device arrays (§3.3, §1.3; docs/devices.md) -------
#: name -> (kind, value, call(xp, x, s)) with ``x`` a (3, 4) float64 array and ``s`` the value as a
#: NumPy scalar or a 0-d NumPy array. A NumPy scalar mixes with any device. A 0-d NumPy array is a
#: host array where NumPy takes an array ("array": DeviceMismatchError beside a device), and a host
#: number where NumPy converts it to one, or reads it as a size ("number": accepted on any device).
def _setitem(f, x, key):
    x[key] = 1
    return x


#: uint16/32/64 on the fake accelerator (docs/devices.md, "On a real GPU"): torch's CUDA build has
#: kernels for them only in copies, fills, ``eq``/``ne``, ``cat`` and ``unique`` (the fake mode raises
#: elsewhere, ``PartialKernels``), so these run on signed views of the same bits or in int64; the
#: values are checked on the CPU under the same kernels (tests/test_partial_kernels.py)
UNSIGNED_CASES = {}
for _dt in ("uint16", "uint32", "uint64"):
    _u, _u2, _ui = Arr((3, 4), _dt), Arr((4,), _dt), Arr((4,), "int64")
    _table = {
        "sort": c(_u), "argsort": c(_u), "where": c(B, _u, _u), "prod": c(_u, axis=0), "sum": c(_u),
        "cumsum": c(_u, axis=1), "cumprod": c(_u, axis=1), "multiply": c(_u, _u), "maximum": c(_u, _u),
        "max": c(_u, axis=0), "min": c(_u), "argmax": c(_u, axis=0), "less": c(_u, _u), "equal": c(_u, _u),
        "bitwise_and": c(_u, _u), "remainder": c(_u, _u), "floor_divide": c(_u, _u), "reciprocal": c(_u),
        "put": c(_u2, _ui, 1), "place": c(_u, B, [1]), "putmask": c(_u, B, _u), "take": c(_u2, _ui),
        "unique": c(_u2), "roll": c(_u, 1), "tril": c(_u), "median": c(_u, axis=0), "matmul": c(_u, Arr((4, 2), _dt)),
        "delete": c(_u2, 1), "insert": c(_u2, 1, 5), "select": c([B], [_u]), "any": c(_u), "all": c(_u, axis=0),
        "searchsorted": c(_u2, _u2), "isin": c(_u2, _u2), "intersect1d": c(_u2, _u2), "flip": c(_u), "repeat": c(_u2, 2),
        "concatenate": c([_u, _u]), "clip": c(_u, 1, 2), "partition": c(_u2, 1), "lexsort": c((_u2, _u2)),
        "take_along_axis": c(_u, IA, 1), "x[idx]": c(_u2, _ui).via(lambda f, x, i: x[i]),
        "x[idx] = 1": c(_u2, _ui).via(_setitem), "x[mask] = 1": c(_u, B).via(_setitem),
    }
    for _name, _case in _table.items():
        UNSIGNED_CASES[f"{_name}[{_dt}]"] = _case


def run_unsigned_case(cid):
    """``run_case`` of ``UNSIGNED_CASES[cid]`` (an operator or indexing case: ``copy`` with ``.via``)."""
    name = cid.split("[")[0] if not cid.startswith("x[") else "copy"
    return run_case(name, UNSIGNED_CASES[cid])


SCALAR_PARAMS = {
    "x + s": ("array", 0.5, lambda xp, x, s: x + s),
    "x * s": ("array", 0.5, lambda xp, x, s: x * s),
    "x ** s": ("array", 2.0, lambda xp, x, s: x ** s),
    "x < s": ("array", 0.5, lambda xp, x, s: x < s),
    "x += s": ("array", 0.5, lambda xp, x, s: x.__iadd__(s)),
    "s + x": ("array", 0.5, lambda xp, x, s: s + x),
    "s * x": ("array", 0.5, lambda xp, x, s: s * x),
    "add(x, s)": ("array", 0.5, lambda xp, x, s: xp.add(x, s)),
    "maximum(s, x)": ("array", 0.5, lambda xp, x, s: xp.maximum(s, x)),
    "heaviside": ("array", 0.5, lambda xp, x, s: xp.heaviside(x - 0.5, s)),
    "float_power": ("array", 2.0, lambda xp, x, s: xp.float_power(x, s)),
    "where": ("array", 0.5, lambda xp, x, s: xp.where(x > 0.5, x, s)),
    "clip": ("array", 0.3, lambda xp, x, s: xp.clip(x, s, 0.8)),
    "ndarray.clip": ("array", 0.3, lambda xp, x, s: x.clip(max=s)),
    "full_like": ("array", 2.0, lambda xp, x, s: xp.full_like(x, s)),
    "copyto": ("array", 2.0, lambda xp, x, s: xp.copyto(x, s) or x),
    "x[0] = s": ("array", 2.0, lambda xp, x, s: x.__setitem__(0, s) or x),
    "put": ("array", 2.0, lambda xp, x, s: xp.put(x, [0, 5], s) or x),
    "putmask": ("array", 2.0, lambda xp, x, s: xp.putmask(x, x > 0.5, s) or x),
    "quantile": ("array", 0.3, lambda xp, x, s: xp.quantile(x, s, axis=0)),
    "nanpercentile": ("array", 30.0, lambda xp, x, s: xp.nanpercentile(x, s, axis=1)),
    "nan_to_num": ("array", 2.0, lambda xp, x, s: xp.nan_to_num(x, nan=s)),
    "pad": ("array", 2.0, lambda xp, x, s: xp.pad(x, 1, constant_values=s)),
    "isclose": ("array", 0.5, lambda xp, x, s: xp.isclose(x, 0.5, atol=s)),
    "interp": ("array", 0.0, lambda xp, x, s: xp.interp(x, [0.2, 0.6], [1.0, 2.0], left=s)),
    "insert": ("array", 2.0, lambda xp, x, s: xp.insert(x, 1, s, axis=1)),
    "append": ("array", 2.0, lambda xp, x, s: xp.append(x, s)),
    "searchsorted": ("array", 0.5, lambda xp, x, s: xp.searchsorted(xp.sort(x[0]), s)),
    "isin": ("array", 0.5, lambda xp, x, s: xp.isin(x, s)),
    "diff[prepend]": ("array", 0.5, lambda xp, x, s: xp.diff(x, prepend=s)),
    "polyval": ("array", 0.5, lambda xp, x, s: xp.polyval(x[0], s)),
    "select": ("array", 2.0, lambda xp, x, s: xp.select([x > 0.5], [x], s)),
    "outer": ("array", 2.0, lambda xp, x, s: xp.outer(x[0], s)),
    "kron": ("array", 2.0, lambda xp, x, s: xp.kron(x, s)),
    "take": ("array", 1, lambda xp, x, s: xp.take(x, s, axis=1)),
    "x[s]": ("array", 1, lambda xp, x, s: x[s]),
    "repeat": ("array", 2, lambda xp, x, s: xp.repeat(x, s, axis=0)),
    "random.normal": ("array", 2.0, lambda xp, x, s: xp.random.default_rng(0).normal(x, s)),
    "linspace": ("array", 2.0, lambda xp, x, s: xp.linspace(x, s, 3)),
    "geomspace": ("array", 2.0, lambda xp, x, s: xp.geomspace(x, s, 3)),
    "unwrap[period]": ("array", 2.0, lambda xp, x, s: xp.unwrap(x, period=s)),
    "add.at[values]": ("array", 2.0, lambda xp, x, s: xp.add.at(x, ([0, 1], [1, 1]), s) or x),
    "ldexp": ("array", 2, lambda xp, x, s: xp.ldexp(x, s)),
    "einsum": ("array", 2.0, lambda xp, x, s: xp.einsum("ij,->ij", x, s)),
    "argpartition[kth]": ("array", 2, lambda xp, x, s: xp.argpartition(x, s)),
    "round[decimals]": ("number", 1, lambda xp, x, s: xp.round(x, s)),
    "ndarray.round": ("number", 1, lambda xp, x, s: x.round(s)),
    "std[ddof]": ("number", 1, lambda xp, x, s: xp.std(x, axis=0, ddof=s)),
    "sum[axis]": ("number", 1, lambda xp, x, s: xp.sum(x, axis=s)),
    "max[initial]": ("number", 0.95, lambda xp, x, s: xp.max(x, axis=0, initial=s)),
    "ndarray.fill": ("number", 2.0, lambda xp, x, s: x.fill(s) or x),
    "cumsum[axis]": ("number", 1, lambda xp, x, s: xp.cumsum(x, axis=s)),
    "expand_dims": ("number", 0, lambda xp, x, s: xp.expand_dims(x, s)),
    "tile": ("number", 2, lambda xp, x, s: xp.tile(x, s)),
    "roll": ("number", 1, lambda xp, x, s: xp.roll(x, s)),
    "fft.fft[n]": ("number", 4, lambda xp, x, s: xp.fft.fft(x, n=s)),
    "linalg.norm[ord]": ("number", 2, lambda xp, x, s: xp.linalg.norm(x[0], ord=s)),
    "histogram[range]": ("number", 0.0, lambda xp, x, s: xp.histogram(x, 4, range=(s, 1.0))),
    "pad[pad_width]": ("number", 1, lambda xp, x, s: xp.pad(x, s)),
    "array_split[sections]": ("number", 2, lambda xp, x, s: xp.array_split(x, s, axis=1)),
    "histogram[bins]": ("number", 3, lambda xp, x, s: xp.histogram(x, s, range=(0.0, 1.0))),
    "add.reduce[initial]": ("number", 2.0, lambda xp, x, s: xp.add.reduce(x, axis=0, initial=s)),
    "trace[offset]": ("number", 1, lambda xp, x, s: xp.trace(x, s)),
    "diff[n]": ("number", 2, lambda xp, x, s: xp.diff(x, n=s)),
    "tril[k]": ("number", 1, lambda xp, x, s: xp.tril(x, s)),
    "linalg.matrix_power[n]": ("number", 2, lambda xp, x, s: xp.linalg.matrix_power(x[:, :3], s)),
}


def scalar_param_values(value):
    """The value as a NumPy scalar and as a 0-d NumPy array."""
    a = numpy.asarray(value)
    return {"numpy scalar": a[()], "0-d numpy array": a}


def run_scalar_param(name, spelling, device):
    """None when ``SCALAR_PARAMS[name]`` on a ``device`` array with the value spelled ``spelling``
    does what docs/devices.md says (the result on ``device``, or DeviceMismatchError), else why not."""
    kind, value, call = SCALAR_PARAMS[name]
    s = scalar_param_values(value)[spelling]
    x = torchnp.from_torch(torch.empty((3, 4), dtype=torch.float64, device=device))
    refuse = kind == "array" and spelling == "0-d numpy array"
    try:
        with warnings.catch_warnings(), HostReads(strict=True, device_only=True):
            warnings.simplefilter("ignore")
            got = call(torchnp, x, s)
    except torchnp.DeviceMismatchError:
        return None if refuse else "raised DeviceMismatchError for a host number"
    except HostReadError as exc:
        return f"a host read: {exc}"
    except Exception as exc:  # noqa: BLE001
        return f"raised {type(exc).__name__}: {str(exc).splitlines()[0][:120]}"
    if refuse:
        return "accepted a 0-d numpy.ndarray beside a device array (host data: DeviceMismatchError)"
    return "; ".join(_on_device_of(got, device)) or None


def _on_device_of(got, device):
    if isinstance(got, (tuple, list)):
        return [p for g in got for p in _on_device_of(g, device)]
    if not isinstance(got, torchnp.ndarray):
        return [f"{type(got).__name__} instead of an array on {device}"]
    return [] if got.device == torch.device(device) else [f"result on {got.device}, not {device}"]


#: submodules of the public API, besides torchnp itself
SUBMODULES = ("linalg", "fft", "random", "testing", "emath", "lib.stride_tricks", "lib.array_utils")
#: their names are their ``__all__`` (what they import is not their API)
_BY_ALL = ("emath", "lib.stride_tricks", "lib.array_utils")


def public_functions():
    """Every public callable of torchnp and its SUBMODULES (functions and ufuncs)."""
    names = []
    for prefix in ("",) + SUBMODULES:
        mod = resolve(prefix, torchnp) if prefix else torchnp
        for n in (mod.__all__ if prefix in _BY_ALL else dir(mod)):
            o = getattr(mod, n)
            if not n.startswith("_") and (inspect.isfunction(o) or isinstance(o, torchnp.ufunc)):
                names.append(f"{prefix}.{n}" if prefix else n)
    return sorted(names)


def resolve(name, mod):
    """The object case ``name`` calls in namespace ``mod`` (``add.at`` -> ``add``, ``linalg.solve[batch]``
    -> ``linalg.solve``, ``lib.stride_tricks`` -> that module). ``scipy.<sub>.<name>`` cases call
    SciPy's function for the oracle (``mod`` NumPy) and torchnp.scipy's for torchnp (§8)."""
    base = name.split("[")[0]
    if base.startswith("scipy."):
        import importlib

        sub, _, rest = base[len("scipy."):].partition(".")
        obj = importlib.import_module(("scipy." if mod is numpy else "torchnp.scipy.") + sub)
        for part in rest.split("."):
            obj = getattr(obj, part)
        return obj
    prefix = next((p for p in SUBMODULES if base == p or base.startswith(p + ".")), None)
    parts = prefix.split(".") if prefix else []
    rest = base[len(prefix) + 1:] if prefix else base
    if rest:
        parts.append(rest.split(".")[0])
    obj = mod
    for part in parts:
        obj = getattr(obj, part)
    return obj


def _call(name, mod, case, args, kwargs):
    f = resolve(name, mod)
    if case.call is not None:
        return case.call(f, *args, **kwargs)
    return f(*args, **kwargs)


# -- running a case ----------------------------------------------------------------------------
def numpy_result(name, case):
    """NumPy's answer (or the exception it raises) for the case."""
    args = _build(case.args, _np_leaf)
    kwargs = _build(case.kwargs, _np_leaf)
    try:
        with warnings.catch_warnings(), numpy.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            return _call(name, numpy, case, args, kwargs), None
    except Exception as exc:  # noqa: BLE001 - the oracle's exception type is compared
        return None, exc


def _compare(got, exp, where="result"):
    """Problems between a fake-CUDA result and NumPy's (device, shape, dtype)."""
    if isinstance(exp, (tuple, list)):
        if not isinstance(got, (tuple, list)) or len(got) != len(exp):
            return [f"{where}: {type(got).__name__} instead of a {len(exp)}-sequence"]
        return [p for i, (g, e) in enumerate(zip(got, exp)) for p in _compare(g, e, f"{where}[{i}]")]
    if hasattr(exp, "_asdict") or isinstance(exp, (numpy.ndarray, numpy.generic)):
        if hasattr(exp, "_asdict"):  # namedtuples of arrays
            return _compare(tuple(got), tuple(exp), where)
        if not isinstance(got, torchnp.ndarray):
            return [f"{where}: {type(got).__name__} instead of an array on the fake accelerator (a host read?)"]
        out = []
        if got.device != (TARGET[0] or CUDA):
            out.append(f"{where}: on {got.device}, not {TARGET[0] or CUDA}")
        e = numpy.asarray(exp)
        if tuple(got.shape) != e.shape:
            out.append(f"{where}: shape {tuple(got.shape)} != NumPy's {e.shape}")
        if got.dtype != e.dtype:
            out.append(f"{where}: dtype {got.dtype} != NumPy's {e.dtype}")
        return out
    return []


def _on_device(got, where="result"):
    if isinstance(got, (tuple, list)):
        return [p for i, g in enumerate(got) for p in _on_device(g, f"{where}[{i}]")]
    if isinstance(got, torchnp.ndarray) and got.device != (TARGET[0] or CUDA):
        return [f"{where}: on {got.device}, not {TARGET[0] or CUDA}"]
    return []


SYNCS = None


def syncs():
    global SYNCS
    if SYNCS is None:
        SYNCS = documented_syncs()
    return SYNCS


def documented_by(name):
    """The row of docs/devices.md's sync table that lists case ``name`` (None if none): by name
    (``bincount`` covers ``bincount[weights]``; ``random.Generator.zipf`` is ``random.zipf``), by
    module (``testing.*``), or for a ufunc method (``add.at``) by the method's row (``ufunc.at``);
    a case with a bracketed variant (``add.reduceat[host indices]``) only by its own name."""
    name = re.sub(r"^random\.(Generator|RandomState)\.", "random.", name)
    for row in (name, name.split("[")[0], name.split(".")[0] + ".*"):
        if row in syncs():
            return row  # a function listed by its bare name syncs in every variant
    head, _, method = name.partition(".")
    if "[" not in name and isinstance(getattr(torchnp, head, None), torchnp.ufunc) and "ufunc." + method in syncs():
        return "ufunc." + method
    return None


def documented(name):
    """Whether docs/devices.md lists case ``name`` as syncing (:func:`documented_by`)."""
    return documented_by(name) is not None


def _warm_up(name, case):
    """The same call on real CPU arrays first: torchnp probes its kernels once per dtype on tiny
    CPU tensors, which inside the fake mode would have no data."""
    try:
        with warnings.catch_warnings(), numpy.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            _call(name, torchnp, case, *_build((case.args, case.kwargs),
                                              lambda a, p: torchnp.asarray(a.numpy(0), device="cpu")))
    except Exception:  # noqa: BLE001 - only the caches matter here
        pass


#: what data-less ``meta`` tensors raise when their values are asked for (a host read there)
_META_READS = ("meta tensors", "meta tensor", "hold no data")


@contextlib.contextmanager
def _target(meta):
    """The run's device: the fake accelerator, or ``meta`` (torch's own data-less device: no fake
    mode, so every host read raises or is counted)."""
    TARGET[0] = META if meta else CUDA
    try:
        if meta:
            with torchnp.device(META):
                yield
        else:
            with fake_cuda():
                yield
    finally:
        TARGET[0] = None


def run_case(name, case=None, meta=False, seen=None):
    """None if the case passes on fake CUDA (on ``meta`` with ``meta=True``), else a one-line
    reason. ``seen``, a set, collects the names of the cases that read on the host."""
    case = case or CASES[name]
    if isinstance(case, NA):
        return None
    expected, np_exc = numpy_result(name, case) if case.oracle else (None, None)
    _warm_up(name, case)
    reads = HostReads(strict=True, device_only=True)
    with _target(meta):
        args = _build(case.args, _fake_leaf)
        kwargs = _build(case.kwargs, _fake_leaf)
        try:
            with reads, warnings.catch_warnings():
                warnings.simplefilter("ignore")
                got = _call(name, torchnp, case, args, kwargs)
        except HostReadError:
            got = None
        except Exception as exc:  # noqa: BLE001 - reported as the failure
            if meta and any(m in str(exc) for m in _META_READS):
                reads.reads.append((type(exc).__name__, str(exc).splitlines()[0][:80]))
            if reads.reads:
                got = None
            elif np_exc is not None and isinstance(exc, type(np_exc)):
                return None
            else:
                return f"raised {type(exc).__name__}: {str(exc).splitlines()[0][:160]}" + (
                    f" (NumPy raised {type(np_exc).__name__})" if np_exc else "")
        if reads.reads:
            if seen is not None:
                seen.add(name)
            if documented(name):
                return None
            what, why = reads.reads[0]
            return f"undocumented host read: {what} ({why})"
        if np_exc is not None:
            return f"returned, but NumPy raised {type(np_exc).__name__}: {np_exc}"
        problems = _compare(got, expected) if case.oracle else _on_device(got)
        return "; ".join(problems) if problems else None


def mix_cases():
    """(case id, name, leaf path, kind) for every array operand of every multi-array case."""
    for name, case in CASES.items():
        if isinstance(case, NA) or not case.mix:
            continue
        paths = list(_arrays((case.args, case.kwargs)))
        if len(paths) < 2:
            continue
        for p in paths:
            for kind in ("cpu", "numpy"):
                yield f"{name}-{'.'.join(map(str, p))}-{kind}", name, p, kind


def run_mix(name, path, kind, meta=False):
    """None if the call with the operand at ``path`` on the host raises DeviceMismatchError (the
    others on the fake accelerator, or on ``meta`` with ``meta=True``)."""
    case = CASES[name]

    def leaf(a, p):
        if p == path:
            return _fake_leaf(a, p, torch.device("cpu")) if kind == "cpu" else a.numpy(0)
        return _fake_leaf(a, p)

    _warm_up(name, case)
    with _target(meta):
        args, kwargs = _build((case.args, case.kwargs), leaf)
        return _expect_mismatch(lambda: _call(name, torchnp, case, args, kwargs),
                                f"a host operand with {'meta' if meta else 'cuda'} operands")


def _expect_mismatch(call, what):
    """None if ``call()`` raises DeviceMismatchError before any host read, else what happened."""
    try:
        with warnings.catch_warnings(), HostReads(strict=True, device_only=True):
            warnings.simplefilter("ignore")
            call()
    except torchnp.DeviceMismatchError:
        return None
    except HostReadError as exc:
        return f"a host read before the device check: {exc}"
    except Exception as exc:  # noqa: BLE001
        return f"raised {type(exc).__name__}, not DeviceMismatchError: {str(exc).splitlines()[0][:120]}"
    return f"silently accepted {what}"


# -- ndarray methods and operators: every mix of a host array and a device array raises ----------
_SQ, _SQI, _MASK = Arr((4, 4)), Arr((4, 4), "int64"), Arr((4, 4), "bool")
_BINARY = ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "matmul")
_INT_BINARY = ("and", "or", "xor", "lshift", "rshift")


def _dunder(op):
    return lambda x, y: getattr(x, f"__{op}__")(y)


#: name -> (receiver, other operand, call(receiver, other)); the receiver is ``x``
METHOD_MIXES = {}
for _op in _BINARY + _INT_BINARY:
    _a = _SQI if _op in _INT_BINARY else _SQ
    for _form in (_op, "r" + _op, "i" + _op):
        METHOD_MIXES[f"__{_form}__"] = (_a, _a, _dunder(_form))
for _op in ("lt", "le", "gt", "ge", "eq", "ne", "divmod", "rdivmod"):
    METHOD_MIXES[f"__{_op}__"] = (_SQ, _SQ, _dunder(_op))
METHOD_MIXES.update({
    "x[int array]": (_SQ, Arr((3,), "int64"), lambda x, y: x[y]),
    "x[bool mask]": (_SQ, _MASK, lambda x, y: x[y]),
    "x[int array, int array]": (_SQ, Arr((3,), "int64"), lambda x, y: x[y, y]),
    "x[int array] = 1.0": (_SQ, Arr((3,), "int64"), lambda x, y: x.__setitem__(y, 1.0)),
    "x[bool mask] = 1.0": (_SQ, _MASK, lambda x, y: x.__setitem__(y, 1.0)),
    "x[0] = array": (_SQ, Arr((4,)), lambda x, y: x.__setitem__(0, y)),
    "x[:] = array": (_SQ, _SQ, lambda x, y: x.__setitem__(slice(None), y)),
    "clip[min]": (_SQ, _SQ, lambda x, y: x.clip(y)),
    "clip[max]": (_SQ, Arr((4,)), lambda x, y: x.clip(None, y)),
    "clip[out]": (_SQ, _SQ, lambda x, y: x.clip(0.2, 0.8, out=y)),
    "put[indices]": (_SQ, Arr((3,), "int64"), lambda x, y: x.put(y, 1.0)),
    "put[values]": (_SQ, Arr((2,)), lambda x, y: x.put([0, 5], y)),
    "take": (_SQ, Arr((3,), "int64"), lambda x, y: x.take(y)),
    "take[out]": (_SQ, Arr((3,)), lambda x, y: x.take([0, 1, 2], out=y)),
    "choose": (Arr((4,), "int64"), Arr((4,)), lambda x, y: x.choose([y, y, y])),
    "compress": (_SQ, Arr((4,), "bool"), lambda x, y: x.compress(y, axis=0)),
    "searchsorted": (Arr((6,), kind="inc"), Arr((3,)), lambda x, y: x.searchsorted(y)),
    "searchsorted[sorter]": (Arr((6,)), Arr((6,), "int64"), lambda x, y: x.searchsorted(0.5, sorter=y)),
    "repeat": (Arr((4,)), Arr((4,), "int64"), lambda x, y: x.repeat(y)),
    "dot": (_SQ, _SQ, lambda x, y: x.dot(y)),
    "dot[out]": (_SQ, _SQ, lambda x, y: x.dot(x, out=y)),
    "fill[0-d array]": (_SQ, Arr(()), lambda x, y: x.fill(y)),
    "partition[kth]": (Arr((6,)), Arr((2,), "int64"), lambda x, y: x.partition(y)),
    "argpartition[kth]": (Arr((6,)), Arr((2,), "int64"), lambda x, y: x.argpartition(y)),
    "argmax[out]": (_SQ, Arr((4,), "int64"), lambda x, y: x.argmax(axis=0, out=y)),
    "argmin[out]": (_SQ, Arr((4,), "int64"), lambda x, y: x.argmin(axis=0, out=y)),
    "round[out]": (_SQ, _SQ, lambda x, y: x.round(out=y)),
    "trace[out]": (_SQ, Arr(()), lambda x, y: x.trace(out=y)),
    "cumsum[out]": (_SQ, _SQ, lambda x, y: x.cumsum(axis=0, out=y)),
    "cumprod[out]": (_SQ, _SQ, lambda x, y: x.cumprod(axis=0, out=y)),
})
for _m in ("sum", "prod", "mean", "std", "var", "max", "min", "all", "any"):
    _extra = {"initial": 0.0} if _m in ("max", "min") else {}
    METHOD_MIXES[f"{_m}[where]"] = (_SQ, _MASK, lambda x, y, m=_m, e=_extra: getattr(x, m)(axis=0, where=y, **e))
    METHOD_MIXES[f"{_m}[out]"] = (_SQ, Arr((4,), "bool" if _m in ("all", "any") else "float64"),
                                  lambda x, y, m=_m: getattr(x, m)(axis=0, out=y))


#: a ``numpy.ndarray`` receiver runs NumPy's own method: these never reach torchnp's protocols with
#: the device array, so NumPy's own error (or its own Python code's ``bool()``) is what happens
_NUMPY_OWN = {
    "[out]": "NumPy's C methods refuse a non-NumPy out= themselves (TypeError)",
    "fill[0-d array]": "NumPy's fill refuses a non-NumPy value itself (ValueError)",
    "searchsorted[sorter]": "NumPy parses sorter itself (TypeError)",
    "clip[out]": "NumPy's internal clip ufunc, which torchnp does not define: TypeError naming it (docs/devices.md)",
    "mean[where]": "NumPy's Python _mean calls bool() on the device count of where= (a read by design), then mismatches",
    "std[where]": "the same (NumPy's _var)",
    "var[where]": "the same (NumPy's _var)",
}


def method_mix_cases():
    """(case id, name, host side, kind): the other operand on the host (``x_dev.m(y_host)``) or
    the receiver (``x_host.m(y_dev)``); host arrays as CPU torchnp arrays or ``numpy.ndarray``s
    (a NumPy receiver runs NumPy's method or operator, which reaches torchnp through NumPy's
    protocols; except ``_NUMPY_OWN``). A 0-d NumPy value for ``fill`` is a number
    (docs/devices.md): no mix."""
    for name in METHOD_MIXES:
        for side in ("other", "receiver"):
            for kind in ("cpu", "numpy"):
                if kind == "numpy" and (name == "fill[0-d array]" if side == "other" else
                                        name in _NUMPY_OWN or name.endswith("[out]")):
                    continue
                yield f"{name}-{side}-{kind}", name, side, kind


def run_method_mix(name, side, kind, meta=False):
    """None if the mix raises DeviceMismatchError, else what happened."""
    rx, ry, call = METHOD_MIXES[name]

    def host(a):
        return a.numpy(0) if kind == "numpy" else torchnp.asarray(a.numpy(0), device="cpu")

    with _target(meta):
        x = host(rx) if side == "receiver" else _fake_leaf(rx, ())
        y = host(ry) if side == "other" else _fake_leaf(ry, ())
        return _expect_mismatch(lambda: call(x, y), "a mix of host and device arrays")


def owner(name, why=""):
    """Who fixes a failure outside this table's scope (issue 14 splits the work)."""
    if "no fake impl or Meta kernel" in why or "Could not run 'aten::empty_strided'" in why:
        return "fake mode: torch has no meta kernel for an operator used (runs on real devices only)"
    if name.startswith("random."):
        return "random/ (another developer)"
    if name.split("-")[0].rsplit(".", 1)[-1] in ("at", "reduceat", "reduce", "accumulate", "outer"):
        return "ufunc methods, _ufuncs/_methods.py (another developer)"
    return None


def main(argv=()):
    """Print the figures; ``--write-xfail`` regenerates tests/fake_cuda_xfail.py from them."""
    names = list(CASES)
    na = [n for n in names if isinstance(CASES[n], NA)]
    fails = {n: why for n in names if n not in na for why in [run_case(n)] if why}
    ran = len(names) - len(na)
    print(f"public functions: {len(public_functions())}; cases: {len(names)} ({len(na)} host-only, not run); "
          f"run on the fake device: {ran}; pass: {ran - len(fails)}; fail: {len(fails)}")
    for n, why in sorted(fails.items()):
        print(f"  FAIL {n}: {why}")
    mixes = list(mix_cases())
    mfails = {cid: why for cid, n, p, kind in mixes for why in [run_mix(n, p, kind)] if why}
    print(f"device mixes: {len(mixes)}; raise DeviceMismatchError: {len(mixes) - len(mfails)}; other: {len(mfails)}")
    for cid, why in sorted(mfails.items()):
        print(f"  MIX {cid}: {why}")
    for meta in (False, True):
        where = "meta" if meta else "fake device"
        methods = list(method_mix_cases())
        bad = {cid: why for cid, n, side, kind in methods for why in [run_method_mix(n, side, kind, meta)] if why}
        print(f"ndarray method/operator mixes on {where}: {len(methods)}; raise DeviceMismatchError: "
              f"{len(methods) - len(bad)}")
        for cid, why in sorted(bad.items()):
            print(f"  MIX {cid}: {why}")
    seen = set()
    ran = [n for n in names if n not in na]
    mfail = {n: why for n in ran for why in [run_case(n, meta=True, seen=seen)] if why}
    print(f"on meta: {len(ran)} cases; pass: {len(ran) - len(mfail)}; host reads: {len(seen)} "
          f"(documented: {sum(map(documented, seen))})")
    for n, why in sorted(mfail.items()):
        print(f"  META {n}: {why}")
    if "--write-xfail" in argv:
        converter = sorted(c for c, why in mfails.items() if not owner(c, why))
        known = {n: f"{owner(n, why) or 'not fixed yet'}: {why}" for n, why in fails.items()}
        known.update({c: f"{owner(c, why)}: {why}" for c, why in mfails.items() if owner(c, why)})
        lines = ['"""Known fake-CUDA failures (generated by `python tests/fake_cuda.py --write-xfail`; strict xfails).',
                 "",
                 "CONVERTER: device mixes the operand converter gets wrong (a host operand silently accepted,",
                 "or another exception than DeviceMismatchError): fixed by the converter's owner, in one list.",
                 'KNOWN: other failures, with the area that owns the fix."""', "",
                 "CONVERTER = frozenset({"] + [f"    {c!r}," for c in converter] + ["})", "", "KNOWN = {"] + \
                [f"    {k!r}: {v[:150]!r}," for k, v in sorted(known.items())] + ["}", ""]
        import pathlib

        (pathlib.Path(__file__).parent / "fake_cuda_xfail.py").write_text("\n".join(lines))


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
