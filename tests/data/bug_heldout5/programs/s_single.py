"""Singletons: causes with no same-cause sibling in the set. Most sit next to a group on purpose (same exception
type or a near-identical message, a different mistake)."""

from programs import P

U_CLASSATTR = "https://github.com/python/mypy/issues/7524"
U_CIRCULAR = "https://github.com/google/python-fire/issues/42"
U_ISLICE = "https://github.com/rhuygen/textualog/issues/1"
U_REPLACE = "https://github.com/ericvsmith/dataclasses/issues/74"
U_SUPERCELL = "https://github.com/alexhagen/jdc/issues/7"
U_TIMESUB = "https://github.com/KerkhoffTechnologies/django-connectwise/pull/182"
U_PARTIAL = "https://github.com/ceph/ceph/pull/33432"
U_WAIT = "https://github.com/twisteroidambassador/ptadapter/issues/12"
U_TRANSFORMER = "https://github.com/lark-parser/lark/issues/157"
U_ADDICT = "https://github.com/mewwts/addict/issues/109"
U_RESTVAL = "https://github.com/tteon/seocho/issues/140"
U_DIGITS = "https://github.com/Mathics3/mathics-core/pull/941"
U_FINDSPEC = "https://github.com/zarr-developers/numcodecs/issues/596"
U_TEMPLATE = "https://github.com/JudgmentLabs/judgeval/pull/772"
U_UNPACKNONE = "https://github.com/haddocking/arctic3d/issues/48"

PROGRAMS = [
    # next to mixin_super_call_without_base_method / dict_accessed_as_attribute (AttributeError)
    P(
        "instance_attribute_accessed_on_class",
        "core",
        "attribute set in __init__ read on the class",
        "AttributeError",
        U_CLASSATTR,
        {
            "client.py": """
            class Settings:
                retries = 3

                def __init__(self):
                    self.timeout = 10


            def request(url):
                return f"GET {url} (timeout={Settings.timeout}s, retries={Settings.retries})"


            print(request("https://api.example/status"))
        """,
        },
    ),
    # next to the ValueError groups
    P(
        "json_circular_reference",
        "json",
        "tree with parent back-references dumped to JSON",
        "ValueError",
        U_CIRCULAR,
        {
            "org_chart.py": """
            import json


            def node(name, parent=None):
                n = {"name": name, "parent": parent, "reports": []}
                if parent is not None:
                    parent["reports"].append(n)
                return n


            ceo = node("Dana")
            node("Eli", ceo)
            print(json.dumps(ceo))
        """,
        },
    ),
    P(
        "islice_negative_index",
        "itertools",
        "last lines of a log taken with islice(..., -5, None)",
        "ValueError",
        U_ISLICE,
        {
            "tail.py": """
            from itertools import islice

            with open("app.log", "w") as fh:
                fh.writelines(f"line {i}\\n" for i in range(20))

            with open("app.log") as fh:
                for line in islice(fh, -5, None):
                    print(line, end="")
        """,
        },
    ),
    P(
        "dataclass_replace_init_false_field",
        "dataclasses",
        "dataclasses.replace with a field declared init=False",
        "ValueError",
        U_REPLACE,
        {
            "requests_log.py": """
            import itertools
            from dataclasses import dataclass, field, replace

            _ids = itertools.count(1)


            @dataclass
            class Request:
                path: str
                request_id: int = field(init=False)

                def __post_init__(self):
                    self.request_id = next(_ids)


            original = Request("/login")
            retry = replace(original, path="/login", request_id=original.request_id)
            print(retry)
        """,
        },
    ),
    # RuntimeError next to the concurrency groups
    P(
        "zero_arg_super_outside_class",
        "core",
        "method defined outside the class and attached later uses super()",
        "RuntimeError",
        U_SUPERCELL,
        {
            "patching.py": """
            class Base:
                def greet(self):
                    return "hello"


            class Child(Base):
                pass


            def greet(self):
                return super().greet().upper()


            Child.greet = greet
            print(Child().greet())
        """,
        },
    ),
    # TypeError unsupported operand, near the TypeError groups
    P(
        "time_objects_subtracted",
        "datetime",
        "shift length computed as end - start on datetime.time",
        "TypeError",
        U_TIMESUB,
        {
            "timesheet.py": """
            from datetime import time

            SHIFTS = [("mon", time(9, 0), time(17, 30)), ("tue", time(8, 0), time(12, 0))]

            for day, start, end in SHIFTS:
                print(day, end - start)
        """,
        },
    ),
    # missing positional argument, next to map_over_pairs_instead_of_starmap
    P(
        "partial_as_method_not_bound",
        "functools",
        "functools.partial stored as a class attribute and called as a method",
        "TypeError",
        U_PARTIAL,
        {
            "formatter.py": """
            from functools import partial


            def fmt_money(self, value, currency):
                return f"{value:.2f} {currency} ({self.locale})"


            class Invoice:
                locale = "pt_PT"
                money = partial(fmt_money, currency="EUR")

                def total_line(self, total):
                    return self.money(total)


            print(Invoice().total_line(12.5))
        """,
        },
    ),
    # next to gather_given_list_not_unpacked
    P(
        "asyncio_wait_given_coroutines",
        "asyncio",
        "asyncio.wait given bare coroutines",
        "TypeError",
        U_WAIT,
        {
            "checks_async.py": """
            import asyncio


            async def check(name):
                await asyncio.sleep(0)
                return name


            async def main():
                done, pending = await asyncio.wait([check("db"), check("cache")], timeout=1)
                print(sorted(t.result() for t in done))


            asyncio.run(main())
        """,
        },
    ),
    # lark again, a different mistake than grammar_does_not_allow_whitespace
    P(
        "lark_transformer_method_name_mismatch",
        "lark",
        "Transformer method named after a rule alias that does not exist",
        "TypeError",
        U_TRANSFORMER,
        {
            "price_calc.py": """
            from lark import Lark, Transformer

            GRAMMAR = r\"\"\"
            ?start: expr
            ?expr: NUMBER -> number
                 | expr "+" NUMBER -> plus
            %import common.NUMBER
            %ignore " "
            \"\"\"


            class Evaluate(Transformer):
                def number(self, items):
                    return float(items[0])

                def add(self, items):
                    return items[0] + float(items[1])


            tree = Lark(GRAMMAR, parser="lalr").parse("2 + 3")
            print(Evaluate().transform(tree) * 1.2)
        """,
        },
    ),
    P(
        "addict_missing_key_returns_empty_dict",
        "addict",
        "misspelt key on an addict.Dict yields an empty Dict",
        "TypeError",
        U_ADDICT,
        {
            "shipping.py": """
            from addict import Dict

            order = Dict({"weight_kg": 2.5, "destination": {"country": "NO"}})
            RATES = {"NO": 11.0}

            cost = order.weigth_kg * RATES[order.destination.country]
            print(cost)
        """,
        },
    ),
    # 'NoneType' has no attribute 'strip', next to xml_empty_element_text_none
    P(
        "csv_short_row_restval_none",
        "csv",
        "DictReader fills a short row's missing fields with None",
        "AttributeError",
        U_RESTVAL,
        {
            "contacts.py": """
            import csv
            import io

            DATA = "name,email,phone\\nAna,ana@example.org,555-0101\\nBo,bo@example.org\\n"

            for row in csv.DictReader(io.StringIO(DATA)):
                print(row["name"], row["phone"].strip())
        """,
        },
    ),
    P(
        "int_str_digits_limit",
        "core",
        "str() of a huge integer factorial",
        "ValueError",
        U_DIGITS,
        {
            "big_number.py": """
            import math

            n = math.factorial(2000)
            print("digits:", len(str(n)))
        """,
        },
    ),
    # 'NoneType' has no attribute, next to the None groups
    P(
        "find_spec_module_missing",
        "importlib",
        "plugin loader uses find_spec(...).loader for an uninstalled module",
        "AttributeError",
        U_FINDSPEC,
        {
            "load_plugins.py": """
            import importlib.util


            def plugin_path(name):
                spec = importlib.util.find_spec(name)
                return spec.origin if spec.loader else None


            for name in ["json", "fancy_exporter"]:
                print(name, plugin_path(name))
        """,
        },
    ),
    P(
        "string_template_dollar_amount",
        "string",
        "string.Template with a literal $ amount",
        "ValueError",
        U_TEMPLATE,
        {
            "invoice_mail.py": """
            from string import Template

            BODY = Template("Hi $name, your plan costs $9.99 per month.")
            print(BODY.substitute(name="Ravi"))
        """,
        },
    ),
    # TypeError about NoneType, next to which_not_found_none
    P(
        "lookup_returns_none_unpacked",
        "core",
        "tuple-returning lookup returns None when nothing matches",
        "TypeError",
        U_UNPACKNONE,
        {
            "geo.py": """
            CITIES = {"oslo": (59.91, 10.75), "lima": (-12.05, -77.04)}


            def coords(city):
                for name, latlon in CITIES.items():
                    if name == city.lower():
                        return latlon


            lat, lon = coords("Quito")
            print(lat, lon)
        """,
        },
    ),
]
