"""The project's tools: the static site, the catalogue, the API reference, the options' types,
the widgets' ids and the tests' times; each run as ``python -m tools.NAME``."""
