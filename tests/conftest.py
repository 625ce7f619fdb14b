"""Test configuration: the device comes from TORCHNP_DEVICE (DESIGN.md §7).

Hypothesis profiles: "ci" (the default) keeps a fixed seed so runs are reproducible;
``--hypothesis-profile=thorough`` draws fresh random inputs and more of them
(``TORCHNP_MAX_EXAMPLES``, default 500) to find what the fixed seed does not.
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
