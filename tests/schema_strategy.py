"""Hypothesis strategies that generate JSON documents from our JSON Schemas.

Covers the keywords ``skitgubbe_core.schema`` uses (hypothesis-jsonschema would do
this, but it does not run on current hypothesis).  Documents follow the schema's
shape; with ``valid_only=False`` a value is sometimes replaced by any JSON value, so
the reader also sees shapes the schema forbids.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from skitgubbe_core.schema import _DEFS, _inline

JSON_LEAVES = (st.none() | st.booleans() | st.integers(-2**70, 2**70)
               | st.floats(allow_nan=False) | st.text(max_size=12))
ANY_JSON = st.recursive(JSON_LEAVES, lambda inner: st.lists(inner, max_size=4)
                        | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                        max_leaves=12)
WORDS = ("A", "B", "C", "D", "play", "pick up", "turn", "slough", "pass", "7D", "10♥", "TH",
         "QS", "S", "H", "skitgubbe", "mattis", "koira", "atlanta", "mas", ":", " ")


def _text(schema: dict) -> st.SearchStrategy:
    if "pattern" in schema:
        pattern = schema["pattern"]
        return st.from_regex(pattern, fullmatch=True).filter(
            lambda t: len(t) <= schema.get("maxLength", 10**9))
    low, high = schema.get("minLength", 0), min(schema.get("maxLength", 30), 30)
    words = st.lists(st.sampled_from(WORDS), min_size=1, max_size=4).map(" ".join)
    return (words | st.text(min_size=low, max_size=high)).filter(
        lambda t: low <= len(t) <= schema.get("maxLength", 10**9))


def from_schema(schema: dict, valid_only: bool = True) -> st.SearchStrategy:
    """Documents of ``schema`` (inlined: no ``$ref`` left)."""
    schema = _inline(schema, _DEFS)

    def build(node: dict) -> st.SearchStrategy:
        strategy = _build(node)
        return strategy if valid_only else (strategy | ANY_JSON)

    def _build(node: dict) -> st.SearchStrategy:
        if "const" in node:
            return st.just(node["const"])
        if "enum" in node:
            return st.sampled_from(node["enum"])
        if "then" in node:  # a scenario's start: a deal or a position
            return build(node["then"]) | build(node["else"])
        for key in ("oneOf", "anyOf"):
            if key in node and "type" not in node:
                return st.one_of([build(option) for option in node[key]])
        kind = node.get("type")
        if kind == "object":
            return _object(node)
        if kind == "array":
            items = build(node.get("items", {"type": "string"}))
            return st.lists(items, min_size=node.get("minItems", 0),
                            max_size=min(node.get("maxItems", 6), 6))
        if kind == "string":
            return _text(node)
        if kind == "integer":
            return st.integers(node.get("minimum", -2**70), node.get("maximum", 2**70))
        if kind == "boolean":
            return st.booleans()
        if kind == "null":
            return st.none()
        return ANY_JSON

    def _object(node: dict) -> st.SearchStrategy:
        properties = node.get("properties", {})
        required = set(node.get("required", ()))
        for option in node.get("anyOf", ()):
            required |= set(option.get("required", ())[:1])
        extra = node.get("additionalProperties", False)

        @st.composite
        def document(draw) -> dict[str, Any]:
            data = {}
            for key, sub in properties.items():
                if key in required or draw(st.booleans()):
                    data[key] = draw(build(sub))
            if extra:
                names = st.sampled_from(("A", "B", "C", "D")) | _text(
                    node.get("propertyNames", {"maxLength": 8}))
                size = min(node.get("maxProperties", 4), 4)
                low = min(node.get("minProperties", 0), size)
                data.update(draw(st.dictionaries(names, build(extra), min_size=low,
                                                 max_size=size)))
            return data

        return document()

    return build(schema)


def json_paths(data, here: tuple = ()):
    """Every path into ``data`` (keys and indexes), the root's ``()`` first."""
    yield here
    if isinstance(data, dict):
        for key, value in data.items():
            yield from json_paths(value, here + (key,))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from json_paths(value, here + (i,))
