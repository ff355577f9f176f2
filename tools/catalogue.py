"""Keep the translation catalogues in step with the code (a development tool: needs Babel,
from the ``test`` extra).

    python -m tools.catalogue update      # extract the messages, merge them into every
                                          # .po (new ones untranslated), compile every .mo
    python -m tools.catalogue init fi     # start a new language: one more .po file
    python -m tools.catalogue check       # list what is untranslated, fuzzy or stale

Messages come from two places: the code (``_()``, ``gettext()``, ``ngettext()``,
``pgettext()`` and the markers ``N_()``/``NC_()`` in ``skitgubbe_core``, ``widgets`` and
``lite`` (the apps' spinner and lists) and ``tools/static_site`` (the static site's words)),
and the data written once in English and shown in the reader's language: the rulebook's
titles and paragraphs, the options' and presets' descriptions, the sources' citations
the templates kept as data in an :class:`~skitgubbe_core.i18n.Messages` mapping (the quiz's
``TEXT``), and the built-in examples' titles, descriptions and
exercises' prompts (``scenarios/*.json``; a
scenario file of your own is shown as written).
"""

from __future__ import annotations

import io
import json
import re
import sys
from datetime import datetime, timezone
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from skitgubbe_core import i18n

ROOT = Path(__file__).resolve().parents[1]

CODE = ("skitgubbe_core", "widgets", "lite", "tools/static_site")
KEYWORDS = {"_": None, "gettext": None, "N_": None, "ngettext": (1, 2),
            "pgettext": ((1, "c"), 2), "NC_": ((1, "c"), 2)}
CREATED = datetime(2026, 12, 1, tzinfo=timezone.utc)
"""A fixed header date, so that the files change only when their messages do."""
FIELD = re.compile(r"\{(\w*)\}")


def _data() -> list[tuple[str, str]]:
    """(message, where) of every piece of data shown translated."""
    from skitgubbe_core import family
    from skitgubbe_core.i18n import Messages
    from skitgubbe_core.rulebook import RULEBOOK
    from skitgubbe_core.rules import EVIDENCE, OPTIONS, PRESETS
    from skitgubbe_core.sources import SOURCES

    found: list[tuple[str, str]] = []
    for rule in RULEBOOK.values():
        found += [(rule.title, f"rulebook {rule.key}"), (rule.summary, f"rulebook {rule.key}")]
    for option in OPTIONS.values():
        found += [(option.title, f"option {option.name}"), (option.summary, f"option {option.name}")]
        found += [(c.description, f"option {option.name}={c.value}")
                  for c in (*option.choices, *option.earlier)]
    for preset in PRESETS.values():
        where = f"preset {preset.name}"
        found += [(preset.title, where), (preset.summary, where), (preset.region, where)]
    found += [(evidence, "evidence") for evidence in EVIDENCE]
    found += [(source.citation, f"source {key}") for key, source in SOURCES.items()]
    found += [(m.what, f"history {m.when}") for m in family.HISTORY]
    for d in family.DISAGREEMENTS:
        found += [(d.point, "disagreement"), (d.readings, "disagreement"),
                  (d.default, "disagreement")]
    for term, language, meaning in family.GLOSSARY:
        found += [(language, f"glossary {term}"), (meaning, f"glossary {term}")]
    for r in family.LINEAGE:
        found += [(r.older, "lineage"), (r.younger, "lineage"), (r.says, "lineage")]
    seen: set[int] = set()  # a mapping imported elsewhere is listed where it is defined
    for module in _modules():
        for name, value in vars(module).items():
            if isinstance(value, Messages) and id(value) not in seen:
                seen.add(id(value))
                found += [(text, f"{module.__name__}.{name}[{key!r}]")
                          for key, text in value.english.items()]
    for path in sorted((ROOT / "skitgubbe_core" / "scenarios").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for key in ("title", "description"):
            if data.get(key):
                found.append((data[key], f"scenarios/{path.name} {key}"))
        for i, item in enumerate(data.get("exercises", [])):
            for key in ("prompt",):
                if item.get(key):
                    found.append((item[key], f"scenarios/{path.name} exercises[{i}].{key}"))
    return found


def _modules() -> list:
    """Every module of the package and the widgets, imported."""
    import importlib
    import pkgutil

    import skitgubbe_core
    import skitgubbe_widgets
    return [importlib.import_module(f"{package.__name__}.{m.name}")
            for package in (skitgubbe_core, skitgubbe_widgets)
            for m in pkgutil.iter_modules(package.__path__) if m.name != "__main__"]


def template() -> Catalog:
    """Every message, freshly extracted."""
    catalog = Catalog(domain=i18n.DOMAIN, project="skitgubbe", creation_date=CREATED,
                      revision_date=CREATED, fuzzy=False)
    for folder in CODE:
        for filename, lineno, message, comments, context in extract_from_dir(
                ROOT / folder, [("**.py", "python")], keywords=KEYWORDS):
            catalog.add(message, locations=[(f"{folder}/{filename}", lineno)],
                        auto_comments=comments, context=context)
    for message, where in _data():
        if message:
            # data has no line number; babel accepts None (its stubs say int)
            catalog.add(message, locations=[(where, None)])  # type: ignore[list-item]
    return catalog


def _po_path(lang: str) -> Path:
    return i18n.LOCALE / lang / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"


def _catalogues() -> list[str]:
    return sorted(p.parent.parent.name for p in i18n.LOCALE.glob(f"*/LC_MESSAGES/{i18n.DOMAIN}.po"))


def _read(lang: str) -> Catalog:
    with _po_path(lang).open("rb") as file:
        return read_po(file, locale=lang)


def compiled(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def _write(lang: str, catalog: Catalog) -> None:
    catalog.revision_date = CREATED
    with _po_path(lang).open("wb") as file:
        write_po(file, catalog, width=96, sort_output=False, ignore_obsolete=True,
                 include_lineno=False)
    _po_path(lang).with_suffix(".mo").write_bytes(compiled(_read(lang)))


def update() -> None:
    fresh = template()
    for lang in _catalogues():
        catalog = _read(lang)
        catalog.update(fresh, no_fuzzy_matching=True)
        _write(lang, catalog)


def init(lang: str) -> None:
    path = _po_path(lang)
    path.parent.mkdir(parents=True, exist_ok=True)
    catalog = template()
    catalog.locale = lang
    _write(lang, catalog)


def _ids(catalog: Catalog) -> set:
    return {(m.id, m.context) for m in catalog if m.id}


def problems(lang: str) -> list[str]:
    """Everything wrong with ``lang``'s catalogue: messages missing from it or no longer
    in the code, untranslated or fuzzy ones, placeholders that differ, a stale .mo."""
    catalog = _read(lang)
    fresh = _ids(template())
    found = []
    for message_id, _context in sorted(fresh - _ids(catalog), key=str):
        found.append(f"not in the catalogue: {message_id!r}")
    for message_id, _context in sorted(_ids(catalog) - fresh, key=str):
        found.append(f"no longer in the code: {message_id!r}")
    for message in catalog:
        if not message.id:
            continue
        # babel keeps a plural's forms as a tuple, a single message as a str
        ids: tuple[str, ...] = tuple(message.id) if isinstance(message.id, tuple) else (
            str(message.id),)
        strings: tuple[str | None, ...] = (tuple(message.string)
                                           if isinstance(message.string, (tuple, list))
                                           else (message.string,))
        if message.fuzzy:
            found.append(f"fuzzy: {ids[0]!r}")
        if not all(strings):
            found.append(f"untranslated: {ids[0]!r}")
            continue
        wanted = set(FIELD.findall(ids[-1])) | set(FIELD.findall(ids[0]))
        for string in filter(None, strings):  # all translated, as checked above
            if set(FIELD.findall(string)) - wanted or (
                    len(ids) == 1 and set(FIELD.findall(string)) != wanted):
                found.append(f"placeholders differ: {ids[0]!r} -> {string!r}")
    mo = _po_path(lang).with_suffix(".mo")
    if not mo.is_file() or mo.read_bytes() != compiled(catalog):
        found.append(f"{mo.relative_to(ROOT)} is stale: run python -m tools.catalogue update")
    return found


def main(argv: list[str]) -> int:
    if argv[:1] == ["update"]:
        update()
    elif argv[:1] == ["init"] and len(argv) == 2:
        init(argv[1])
    elif argv[:1] == ["check"]:
        found = [f"{lang}: {p}" for lang in _catalogues() for p in problems(lang)]
        print("\n".join(found) or "every catalogue is complete")
        return 1 if found else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
