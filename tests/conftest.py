"""Test configuration: the device comes from TORCHNP_DEVICE (DESIGN.md §7).

``--fake-cuda`` runs tests/test_fake_cuda.py — every public function on a data-less fake
accelerator (tests/fake_cuda.py; DESIGN §3, issue 14) — which is not collected otherwise.
"""

import os

import hypothesis

hypothesis.settings.register_profile(
    "ci", max_examples=int(os.environ.get("TORCHNP_MAX_EXAMPLES", "40")), deadline=None,
    suppress_health_check=[hypothesis.HealthCheck.too_slow, hypothesis.HealthCheck.data_too_large],
    derandomize=True)
hypothesis.settings.load_profile("ci")


def pytest_addoption(parser):
    parser.addoption("--fake-cuda", action="store_true", default=False,
                     help="run every public function on fake-CUDA arrays (tests/test_fake_cuda.py)")


def pytest_ignore_collect(collection_path, config):
    if collection_path.name == "test_fake_cuda.py" and not config.getoption("--fake-cuda"):
        return True
    return None
