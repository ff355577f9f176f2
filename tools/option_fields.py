"""Write ``skitgubbe_core/option_fields.py`` from the rule options' one declaration,
``OPTIONS`` in ``skitgubbe_core/rules.py``: a ``Literal`` type per option (its choices and
earlier readings; ``YesNo`` for every yes/no option) and a frozen dataclass of one field
per option with that type and the option's default, which :class:`~skitgubbe_core.rules.Rules`
extends. A misspelt value in ``rules.x == "..."`` is then a type error (mypy --strict).

    python -m tools.option_fields          # rewrite the module (``make option-fields``)
    python -m tools.option_fields --check  # exit 1 if it is stale

``tests/test_code_health.py`` fails while the module differs from what this writes.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from skitgubbe_core.rules import OPTIONS, Option

ROOT = Path(__file__).resolve().parents[1]
TARGET = ROOT / "skitgubbe_core" / "option_fields.py"

HEADER = '''"""The rule options as types and fields, derived from their one declaration
(``OPTIONS`` in ``rules.py``) by ``tools/option_fields.py`` (``make option-fields``): do not
edit. ``tests/test_code_health.py`` fails while this file is stale."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

'''

_WIDTH = 100


def type_name(option: Option) -> str:
    """The option's ``Literal`` type's name: ``YesNo``, or the name in CamelCase."""
    if values(option) == ("no", "yes"):
        return "YesNo"
    return "".join(part[:1].upper() + part[1:] for part in option.name.split("_"))


def values(option: Option) -> tuple[str, ...]:
    """Every value a rule may hold: the choices, then the earlier readings."""
    return tuple(c.value for c in (*option.choices, *option.earlier))


def _literal(name: str, vals: tuple[str, ...]) -> str:
    line = f"{name} = Literal[{', '.join(repr(v).replace(chr(39), chr(34)) for v in vals)}]"
    if len(line) <= _WIDTH:
        return line
    inner = "".join(f'    "{v}",\n' for v in vals)
    return f"{name} = Literal[\n{inner}]"


def source() -> str:
    """The module's text, from ``OPTIONS`` as it is now."""
    types: dict[str, str] = {}
    for option in OPTIONS.values():
        types.setdefault(type_name(option), _literal(type_name(option), values(option)))
    fields = "".join(f'    {o.name}: {type_name(o)} = "{o.default}"\n' for o in OPTIONS.values())
    return (HEADER + "\n".join(types.values()) + "\n\n\n@dataclass(frozen=True)\n"
            "class OptionFields:\n"
            '    """Every rule option, with its type and default: the fields of ``Rules``."""\n\n'
            + fields)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the module is stale")
    args = parser.parse_args(argv)
    text = source()
    if args.check:
        stale = not TARGET.exists() or TARGET.read_text(encoding="utf-8") != text
        if stale:
            print(f"{TARGET.relative_to(ROOT)} is stale: run make option-fields")
        return int(stale)
    TARGET.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
