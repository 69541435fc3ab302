"""Groups in parsing and configuration libraries: a grammar that does not account for whitespace (lark,
parsimonious), pydantic v2 validating an ORM-style object without from_attributes, a new key set on an OmegaConf
config in struct mode."""

from programs import P

U_GRAMMARWS = "https://github.com/lark-parser/lark/issues/174"
U_FROMATTR = "https://github.com/pydantic/pydantic/pull/5985"
U_STRUCT = "https://github.com/astra-vision/MonoScene/issues/89"

PROGRAMS = [
    # the grammar has no rule or %ignore for the spaces/newlines real input contains
    P(
        "grammar_does_not_allow_whitespace",
        "lark",
        "key = value config lines parsed by a LALR grammar",
        "UnexpectedCharacters",
        U_GRAMMARWS,
        {
            "conf_parser.py": """
            from lark import Lark

            GRAMMAR = r\"\"\"
            start: setting+
            setting: NAME "=" NUMBER
            NAME: /[a-z_]+/
            NUMBER: /[0-9]+/
            \"\"\"

            parser = Lark(GRAMMAR, parser="lalr")
            print(parser.parse("width = 640").pretty())
        """,
        },
    ),
    P(
        "grammar_does_not_allow_whitespace",
        "lark",
        "calculator grammar loaded from a .lark file",
        "UnexpectedCharacters",
        U_GRAMMARWS,
        {
            "calc.py": """
            from pathlib import Path

            from lark import Lark

            Path("calc.lark").write_text(
                "?start: sum\\n"
                "?sum: product | sum \\"+\\" product -> add\\n"
                "?product: NUMBER | product \\"*\\" NUMBER -> mul\\n"
                "%import common.NUMBER\\n"
            )


            def evaluate(expr):
                parser = Lark(Path("calc.lark").read_text())
                return parser.parse(expr)


            print(evaluate("2*3+4"))
            print(evaluate("2 * 3"))
        """,
        },
    ),
    P(
        "grammar_does_not_allow_whitespace",
        "parsimonious",
        "parsimonious grammar given a line that still ends in a newline",
        "IncompleteParseError",
        U_GRAMMARWS,
        {
            "route_table.py": """
            from routes import parse_route

            with open("routes.txt", "w") as fh:
                fh.write("GET:/users\\nPOST:/users\\n")

            with open("routes.txt") as fh:
                for line in fh:
                    print(parse_route(line))
        """,
            "routes.py": """
            from parsimonious.grammar import Grammar

            ROUTE = Grammar(r'''
            route  = method ":" path
            method = "GET" / "POST" / "DELETE"
            path   = ~"/[a-z/]*"
            ''')


            def parse_route(text):
                tree = ROUTE.parse(text)
                return tree.children[0].text, tree.children[2].text
        """,
        },
    ),
    # pydantic v2 validating an attribute-style object without from_attributes
    P(
        "pydantic_from_attributes_not_enabled",
        "pydantic",
        "model_validate(orm_row) on a model without from_attributes",
        "ValidationError",
        U_FROMATTR,
        {
            "api.py": """
            from pydantic import BaseModel

            from orm import load_user


            class UserOut(BaseModel):
                id: int
                email: str


            print(UserOut.model_validate(load_user(7)).model_dump())
        """,
            "orm.py": """
            class UserRow:
                def __init__(self, id, email):
                    self.id = id
                    self.email = email

                def __repr__(self):
                    return f"UserRow(id={self.id})"


            def load_user(user_id):
                return UserRow(user_id, f"user{user_id}@example.org")
        """,
        },
    ),
    P(
        "pydantic_from_attributes_not_enabled",
        "pydantic",
        "nested field holding a plain object",
        "ValidationError",
        U_FROMATTR,
        {
            "invoice_api.py": """
            from dataclasses import dataclass

            from pydantic import BaseModel, ConfigDict


            class Address:
                def __init__(self, city, country):
                    self.city = city
                    self.country = country

                def __repr__(self):
                    return f"Address({self.city!r})"


            class AddressOut(BaseModel):
                city: str
                country: str


            class InvoiceOut(BaseModel):
                model_config = ConfigDict(frozen=True)
                number: str
                billing: AddressOut


            print(InvoiceOut(number="2024-17", billing=Address("Lyon", "FR")))
        """,
        },
    ),
    P(
        "pydantic_from_attributes_not_enabled",
        "pydantic",
        "TypeAdapter(list[Model]).validate_python over query results",
        "ValidationError",
        U_FROMATTR,
        {
            "report.py": """
            from collections import namedtuple

            from pydantic import BaseModel, TypeAdapter

            Row = namedtuple("Row", "sku qty")


            class Line(BaseModel):
                sku: str
                qty: int


            rows = [Row("A1", 2), Row("B7", 1)]
            lines = TypeAdapter(list[Line]).validate_python(rows)
            print(sum(line.qty for line in lines))
        """,
        },
    ),
    # OmegaConf struct mode refuses keys that are not in the schema
    P(
        "omegaconf_struct_mode_new_key",
        "omegaconf",
        "optimizer key added to a struct config",
        "ConfigAttributeError",
        U_STRUCT,
        {
            "train.py": """
            from omegaconf import OmegaConf

            from conf import load_config

            cfg = load_config()
            cfg.optimizer.warmup_steps = 500
            print(OmegaConf.to_yaml(cfg))
        """,
            "conf.py": """
            from omegaconf import OmegaConf

            BASE = {"model": {"name": "tiny"}, "optimizer": {"lr": 0.001, "name": "adam"}}


            def load_config():
                cfg = OmegaConf.create(BASE)
                OmegaConf.set_struct(cfg, True)
                return cfg
        """,
        },
    ),
    P(
        "omegaconf_struct_mode_new_key",
        "omegaconf",
        "structured config from a dataclass read with an extra key",
        "ConfigAttributeError",
        U_STRUCT,
        {
            "evaluate.py": """
            from dataclasses import dataclass

            from omegaconf import OmegaConf


            @dataclass
            class EvalConfig:
                checkpoint: str = "last.ckpt"
                batch_size: int = 32


            cfg = OmegaConf.structured(EvalConfig)
            print("fp16:", cfg.fp16)
        """,
        },
    ),
    P(
        "omegaconf_struct_mode_new_key",
        "omegaconf",
        "command-line override for a key the struct config lacks",
        "ConfigKeyError",
        U_STRUCT,
        {
            "launch.py": """
            from omegaconf import OmegaConf

            defaults = OmegaConf.create({"data": {"root": "/data", "workers": 4}, "seed": 0})
            OmegaConf.set_struct(defaults, True)
            overrides = OmegaConf.from_dotlist(["data.shuffle=true", "seed=3"])
            cfg = OmegaConf.merge(defaults, overrides)
            print(cfg.data.shuffle, cfg.seed)
        """,
        },
    ),
]
