"""Test configuration: the device comes from TORCHNP_DEVICE (DESIGN.md §7)."""

import os

import hypothesis

hypothesis.settings.register_profile(
    "ci", max_examples=int(os.environ.get("TORCHNP_MAX_EXAMPLES", "40")), deadline=None,
    suppress_health_check=[hypothesis.HealthCheck.too_slow, hypothesis.HealthCheck.data_too_large],
    derandomize=True)
hypothesis.settings.load_profile("ci")
