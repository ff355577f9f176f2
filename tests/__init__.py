"""The tests (`make test`, `make quick`) and the helpers they share (browsing, stepping,
helpers...), imported as ``tests.NAME``."""
