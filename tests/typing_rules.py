"""Never run: ``mypy --strict`` (``make lint``) checks this file, so that the rule options'
fields keep the ``Literal`` types derived from their declaration
(``skitgubbe_core/option_fields.py``).  Each line below is wrong, and its ``type: ignore``
must be needed: were the fields plain ``str``, mypy would report the ignore as unused."""

from __future__ import annotations

from skitgubbe_core.rules import Rules


def _wrong_values(rules: Rules) -> None:
    _ = rules.pick_up == "lowets"  # type: ignore[comparison-overlap]  # misspelt value
    Rules(must_beat="maybe")  # type: ignore[arg-type]  # not a reading of must_beat
