"""The job key of the tests: set for every test (tests/conftest.py) and every process a test starts."""

from __future__ import annotations

from shared.jobs.signing import JobSigner

__all__ = ["SIGNER", "TEST_JOB_KEY"]

TEST_JOB_KEY = "tests-job-key-" + "5" * 32
SIGNER = JobSigner(TEST_JOB_KEY.encode(), expiry_seconds=3600)
