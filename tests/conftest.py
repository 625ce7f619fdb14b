"""Test configuration: the device comes from TORCHNP_DEVICE (docs/design.md §7).

Hypothesis profiles: "ci" (the default, 40 examples per property: CI's blocking passes) and
``thorough`` (``--hypothesis-profile=thorough``: 500; ``TORCHNP_MAX_EXAMPLES`` sets either);
explicit caps scale with the profile (``support.examples``). A run draws fresh examples from one
seed, printed in the header and the summary ("hypothesis seed: N"), when it is given one
(``--hypothesis-seed=N`` or ``TORCHNP_HYPOTHESIS_SEED=N``), ``TORCHNP_FRESH_EXAMPLES=1`` (a new
seed) or the thorough profile; the same seed draws the same examples again, so a failure
reproduces (issue 24; `.ci/run` gives its passes one, unless ``TORCHNP_DERANDOMIZE=1``). Without
any of them (a plain ``pytest``) the ci profile is derandomized: the same examples every run.

``--fake-cuda`` runs tests/test_fake_cuda.py — every public function on a data-less fake
accelerator (tests/fake_cuda.py; DESIGN §3, issue 14) — which is not collected otherwise.

``--accelerator-rules`` runs the suite on the CPU under the rules of an accelerator (DESIGN §7,
§3.5, §1.3; ``accelerator_rules()`` below); tests marked ``host_rules`` are deselected there.
"""

import contextlib
import os
import random

import hypothesis
import pytest

_SLOW = [hypothesis.HealthCheck.too_slow, hypothesis.HealthCheck.data_too_large]
hypothesis.settings.register_profile(
    "ci", max_examples=int(os.environ.get("TORCHNP_MAX_EXAMPLES", "40")), deadline=None,
    suppress_health_check=_SLOW, derandomize=os.environ.get("TORCHNP_FRESH_EXAMPLES") != "1")
hypothesis.settings.register_profile(
    "thorough", max_examples=int(os.environ.get("TORCHNP_MAX_EXAMPLES", "500")), deadline=None,
    suppress_health_check=_SLOW, derandomize=False)
hypothesis.settings.load_profile("ci")


def pytest_addoption(parser):
    parser.addoption("--fake-cuda", action="store_true", default=False,
                     help="run every public function on fake-CUDA arrays (tests/test_fake_cuda.py)")
    parser.addoption("--partial-kernels", action="store_true", default=False,
                     help="every test under torchnp._dtypes.PartialKernels: torch operators on uint16/32/64 "
                          "raise where torch's CUDA build has no kernel (the CPU has more), as on a GPU")
    parser.addoption("--accelerator-rules", action="store_true", default=False,
                     help="run on the CPU the code an accelerator runs: NumPy's host kernels, value checks "
                          "and scalars off, torch's random stream (tests marked host_rules are deselected)")


def pytest_ignore_collect(collection_path, config):
    if collection_path.name == "test_fake_cuda.py" and not config.getoption("--fake-cuda"):
        return True
    return None


def accelerator_rules():
    """The CPU takes the accelerator's path (DESIGN §7's last point): torchnp's CPU stand-in seams,
    set once for the session. ``_device.CPU_VALUE_CHECKS = False``: no NumPy host kernels
    (``_cpu_kernels``), no tiny-array NumPy path, NumPy's value checks only under
    ``np.errstate(invalid="raise")`` (§3.5), 0-d arrays instead of NumPy scalars (§1.3);
    ``random._stream.HOST = SYNC_FREE = ()``: torch's generator draws on the CPU, and the
    parameter checks that read data are skipped as on a device (§5.4)."""
    from torchnp import _device
    from torchnp.random import _stream

    _device.CPU_VALUE_CHECKS = False
    _stream.HOST = ()
    _stream.SYNC_FREE = ()


def pytest_collection_modifyitems(config, items):
    from support import ON_ACCELERATOR

    rules = config.getoption("--accelerator-rules")
    if not (rules or ON_ACCELERATOR):
        return
    keep, host = [], []
    for item in items:
        # torchnp.scipy's tests run both rule sets themselves (scipy_support.check_scipy and the
        # accelerator_rules() blocks): their torch paths are tested in the normal pass already.
        # On a real accelerator (TORCHNP_DEVICE=cuda) host_rules tests are the CPU pass's.
        own_rules = rules and item.path.name.startswith("test_scipy_")
        host_data = ON_ACCELERATOR and item.get_closest_marker("host_data")
        (host if item.get_closest_marker("host_rules") or own_rules or host_data else keep).append(item)
    if host:
        config.hook.pytest_deselected(items=host)
        items[:] = keep


@pytest.hookimpl(tryfirst=True)  # before hypothesis's plugin reads --hypothesis-seed
def pytest_configure(config):
    _seed(config)
    config.addinivalue_line(
        "markers", "host_rules: tests of host-only behaviour (NumPy's kernels, scalars and random streams on "
                   "host data), deselected by --accelerator-rules and on a real accelerator (TORCHNP_DEVICE=cuda)")
    config.addinivalue_line(
        "markers", "host_data: programs that mix host data with default-device arrays (DeviceMismatchError "
                   "on an accelerator by design, §3.3), deselected on a real accelerator (TORCHNP_DEVICE=cuda)")
    if config.getoption("--accelerator-rules"):
        accelerator_rules()
    if config.getoption("--fake-cuda"):
        # the fake accelerator is registered before any test runs autograd: torch's autograd engine
        # sizes its per-device queues once, so a backend registered later fails in backward()
        import fake_cuda

        fake_cuda._register_backend()


def _seed(config):
    """One seed per run: --hypothesis-seed, else TORCHNP_HYPOTHESIS_SEED, else a fresh one (chosen by
    the controller; xdist workers inherit it through the environment)."""
    seed = config.getoption("hypothesis_seed", None) or os.environ.get("TORCHNP_HYPOTHESIS_SEED")
    if seed is None and os.environ.get("TORCHNP_FRESH_EXAMPLES") != "1" \
            and config.getoption("hypothesis_profile", None) != "thorough":
        return  # the derandomized ci profile, the same examples every run
    if seed is None:
        seed = str(random.SystemRandom().randrange(2 ** 32))
    os.environ["TORCHNP_HYPOTHESIS_SEED"] = str(seed)
    config.option.hypothesis_seed = str(seed)
    # a derandomized profile ignores the seed (hypothesis derives each test's examples from its name):
    # a seed means fresh draws, so the ci profile is registered again without derandomize
    hypothesis.settings.register_profile("ci", hypothesis.settings.get_profile("ci"), derandomize=False)
    if hypothesis.settings.get_current_profile_name() == "ci":
        hypothesis.settings.load_profile("ci")


def pytest_report_header(config):
    seed = os.environ.get("TORCHNP_HYPOTHESIS_SEED")
    if seed is None:
        return ["hypothesis: derandomized (the same examples every run; TORCHNP_FRESH_EXAMPLES=1 draws fresh ones)"]
    return [f"hypothesis seed: {seed} (the same examples again: --hypothesis-seed={seed}), profile "
            f"{hypothesis.settings.get_current_profile_name()}"]


def pytest_terminal_summary(terminalreporter):
    """The seed again at the end (``-q`` hides the header): what reproduces a failure."""
    seed = os.environ.get("TORCHNP_HYPOTHESIS_SEED")
    if seed is None:
        return
    terminalreporter.write_line(f"hypothesis seed: {seed} (reproduce: pytest --hypothesis-seed={seed} ...)")


@pytest.fixture(autouse=True)
def _partial_kernels(request):
    """``--partial-kernels``: the test runs as torch's CUDA kernels would run it on uint16/32/64
    (docs/devices.md, "On a real GPU"); with ``--accelerator-rules`` the code a GPU runs, on the CPU,
    with CUDA's unordered writes to repeated indices (``support.FirstWriteWins``)."""
    if not request.config.getoption("--partial-kernels"):
        yield
        return
    from support import FirstWriteWins
    from torchnp import _device
    from torchnp._dtypes import PartialKernels

    # under the accelerator rules repeated indices are written in CUDA's unspecified order too (the
    # CPU's kernel writes few elements in order: host data keeps it); not around torchnp.jit's tests:
    # torch.compile traces a function mode, and its Tensor.__eq__(t, Ellipsis) (NotImplemented) broke
    # their one-graph checks (index_array, ix_, triu_indices; fresh seed 1039319799's clean clone)
    first_wins = not _device.CPU_VALUE_CHECKS and request.node.path.name != "test_jit.py"
    with PartialKernels(), FirstWriteWins() if first_wins else contextlib.nullcontext():
        yield
