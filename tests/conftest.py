"""Test configuration: the device comes from TORCHNP_DEVICE (DESIGN.md §7).

Hypothesis profiles: "ci" (the default) keeps a fixed seed so runs are reproducible;
``--hypothesis-profile=thorough`` draws fresh random inputs and more of them
(``TORCHNP_MAX_EXAMPLES``, default 500) to find what the fixed seed does not.

``--fake-cuda`` runs tests/test_fake_cuda.py — every public function on a data-less fake
accelerator (tests/fake_cuda.py; DESIGN §3, issue 14) — which is not collected otherwise.

``--accelerator-rules`` runs the suite on the CPU under the rules of an accelerator (DESIGN §7,
§3.5, §1.3; ``accelerator_rules()`` below); tests marked ``host_rules`` are deselected there.
"""

import os

import hypothesis

_SLOW = [hypothesis.HealthCheck.too_slow, hypothesis.HealthCheck.data_too_large]
hypothesis.settings.register_profile(
    "ci", max_examples=int(os.environ.get("TORCHNP_MAX_EXAMPLES", "40")), deadline=None,
    suppress_health_check=_SLOW, derandomize=True)
hypothesis.settings.register_profile(
    "thorough", max_examples=int(os.environ.get("TORCHNP_MAX_EXAMPLES", "500")), deadline=None,
    suppress_health_check=_SLOW, derandomize=False)
hypothesis.settings.load_profile("ci")


def pytest_addoption(parser):
    parser.addoption("--fake-cuda", action="store_true", default=False,
                     help="run every public function on fake-CUDA arrays (tests/test_fake_cuda.py)")
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
    if not config.getoption("--accelerator-rules"):
        return
    keep, host = [], []
    for item in items:
        (host if item.get_closest_marker("host_rules") else keep).append(item)
    if host:
        config.hook.pytest_deselected(items=host)
        items[:] = keep


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "host_rules: tests of host-only behaviour (NumPy's kernels, scalars and random streams on "
                   "host data), deselected by --accelerator-rules")
    if config.getoption("--accelerator-rules"):
        accelerator_rules()
    if config.getoption("--fake-cuda"):
        # the fake accelerator is registered before any test runs autograd: torch's autograd engine
        # sizes its per-device queues once, so a backend registered later fails in backward()
        import fake_cuda

        fake_cuda._register_backend()
