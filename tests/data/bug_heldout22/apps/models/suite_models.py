from __future__ import annotations

from typing import Literal, Optional, Union

import pytest
from models import ValidationError, dump, field, load, model, schema


@model
class Address:
    street: str
    city: str
    zip_code: str = field(alias="zip", default="")


@model
class Tag:
    name: str
    weight: float = 1.0


@model
class User:
    name: str
    age: int
    email: Optional[str] = None  # noqa: UP045
    address: Address | None = None
    tags: list[Tag] = field(default_factory=list)
    roles: list[str] = field(default_factory=list)
    scores: dict[str, int] = field(default_factory=dict)
    kind: Literal["admin", "member"] = "member"
    user_id: int = field(alias="id", default=0)


@model
class Point:
    xy: tuple[int, int]
    labels: tuple[str, ...] = ()


@model
class Reading:
    value: Union[int, str]  # noqa: UP007
    unit: str | None = None


def test_load_simple() -> None:
    user = load(User, {"name": "ann", "age": 31})
    assert (user.name, user.age, user.email, user.address, user.kind) == ("ann", 31, None, None, "member")


def test_defaults_are_not_shared() -> None:
    first = load(User, {"name": "a", "age": 1})
    second = load(User, {"name": "b", "age": 2})
    first.roles.append("x")
    first.scores["x"] = 1
    assert second.roles == [] and second.scores == {}


def test_nested_model() -> None:
    user = load(User, {"name": "ann", "age": 31, "address": {"street": "1 Main St", "city": "Oslo", "zip": "0150"}})
    assert user.address == Address("1 Main St", "Oslo", "0150")


def test_list_of_models() -> None:
    user = load(User, {"name": "ann", "age": 31, "tags": [{"name": "a"}, {"name": "b", "weight": 2}]})
    assert user.tags == [Tag("a", 1.0), Tag("b", 2.0)]
    assert isinstance(user.tags[1].weight, float)


def test_optional_accepts_none() -> None:
    user = load(User, {"name": "ann", "age": 31, "email": None, "address": None})
    assert user.email is None and user.address is None


def test_optional_checks_value() -> None:
    with pytest.raises(ValidationError) as info:
        load(User, {"name": "ann", "age": 31, "email": 5})
    assert str(info.value) == "email: expected str, got int"


def test_required_field_missing() -> None:
    with pytest.raises(ValidationError) as info:
        load(User, {"name": "ann"})
    assert info.value.path == "age"
    assert info.value.message == "field required"


def test_none_for_required() -> None:
    with pytest.raises(ValidationError, match="expected int, got NoneType"):
        load(User, {"name": "ann", "age": None})


def test_bool_is_not_int() -> None:
    with pytest.raises(ValidationError, match="age: expected int, got bool"):
        load(User, {"name": "ann", "age": True})


def test_alias_in_and_out() -> None:
    user = load(User, {"name": "ann", "age": 31, "id": 7})
    assert user.user_id == 7
    out = dump(user)
    assert out["id"] == 7 and "user_id" not in out


def test_unknown_field() -> None:
    with pytest.raises(ValidationError, match=r"unknown fields \['user_id'\]"):
        load(User, {"name": "ann", "age": 31, "user_id": 7})


def test_error_path_in_nested_list() -> None:
    with pytest.raises(ValidationError) as info:
        load(User, {"name": "ann", "age": 31, "tags": [{"name": "a"}, {"name": "b", "weight": "heavy"}]})
    assert info.value.path == "tags[1].weight"


def test_error_path_in_nested_model() -> None:
    with pytest.raises(ValidationError) as info:
        load(User, {"name": "ann", "age": 31, "address": {"street": "x"}})
    assert str(info.value) == "address.city: field required"


def test_dict_values_checked() -> None:
    user = load(User, {"name": "ann", "age": 31, "scores": {"math": 3}})
    assert user.scores == {"math": 3}
    with pytest.raises(ValidationError) as info:
        load(User, {"name": "ann", "age": 31, "scores": {"math": "3"}})
    assert info.value.path == "scores.math"


def test_literal() -> None:
    assert load(User, {"name": "ann", "age": 31, "kind": "admin"}).kind == "admin"
    with pytest.raises(ValidationError, match=r"kind: expected one of \['admin', 'member'\], got 'root'"):
        load(User, {"name": "ann", "age": 31, "kind": "root"})


def test_union_tries_each_variant() -> None:
    assert load(Reading, {"value": 3}).value == 3
    assert load(Reading, {"value": "high", "unit": "C"}).value == "high"
    with pytest.raises(ValidationError, match="value: no variant matched: expected int, got float; expected str"):
        load(Reading, {"value": 2.5})


def test_tuples() -> None:
    point = load(Point, {"xy": [1, 2], "labels": ["a", "b", "c"]})
    assert point.xy == (1, 2) and point.labels == ("a", "b", "c")
    with pytest.raises(ValidationError, match=r"xy: expected 2 items, got 3"):
        load(Point, {"xy": [1, 2, 3]})


def test_dump_roundtrip() -> None:
    data = {
        "name": "ann",
        "age": 31,
        "email": "a@example.org",
        "address": {"street": "1 Main St", "city": "Oslo", "zip": "0150"},
        "tags": [{"name": "a", "weight": 1.5}],
        "roles": ["x"],
        "scores": {"m": 1},
        "kind": "admin",
        "id": 3,
    }
    assert dump(load(User, data)) == data


def test_schema() -> None:
    assert schema(User) == {
        "name": "str",
        "age": "int",
        "email": "str | None",
        "address": "Address | None",
        "tags": "list[Tag]",
        "roles": "list[str]",
        "scores": "dict[str, int]",
        "kind": "Literal['admin', 'member']",
        "id": "int",
    }
