"""Test configuration: the device comes from TORCHNP_DEVICE (docs/design.md §7).

Hypothesis profiles: "ci" (the default) keeps a fixed seed so runs are reproducible;
``--hypothesis-profile=thorough`` draws fresh random inputs and more of them
(``TORCHNP_MAX_EXAMPLES``, default 500) to find what the fixed seed does not.

``--fake-cuda`` runs tests/test_fake_cuda.py — every public function on a data-less fake
accelerator (tests/fake_cuda.py; DESIGN §3, issue 14) — which is not collected otherwise.
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


def pytest_ignore_collect(collection_path, config):
    if collection_path.name == "test_fake_cuda.py" and not config.getoption("--fake-cuda"):
        return True
    return None


def pytest_configure(config):
    if config.getoption("--fake-cuda"):
        # the fake accelerator is registered before any test runs autograd: torch's autograd engine
        # sizes its per-device queues once, so a backend registered later fails in backward()
        import fake_cuda

        fake_cuda._register_backend()
