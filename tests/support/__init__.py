"""Test helpers: real processes (redis-server, workers) and waiting on conditions with a deadline."""
