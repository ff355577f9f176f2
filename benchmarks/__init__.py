"""Scripts that print figures (not timed tests), each run as ``python -m benchmarks.NAME``."""
