"""Benchmarks: figures and ratios against a baseline measured in the same run."""
