"""Groups around smaller libraries: pint, ruamel.yaml, tomlkit, python-dotenv, tenacity, jsonpatch/jsonpointer,
phonenumbers, yarl."""

from programs import P

U_OFFSET = "https://github.com/hgrecco/pint/issues/698"
U_REGISTRY = "https://github.com/hgrecco/pint/issues/581"
U_PLAIN = "https://github.com/hgrecco/pint/issues/901"
U_DUPKEY = "https://github.com/oveee92/vaulti/issues/4"
U_RUAMEL = "https://github.com/danijar/crafter/pull/22"
U_DOTENV = "https://github.com/interviewstreet/hiring-agent/issues/356"
U_RETRY = "https://github.com/jd/tenacity/issues/185"
U_POINTER = "https://github.com/stefankoegl/python-json-pointer/issues/42"
U_REPLACE = "https://github.com/flipkart-incubator/zjsonpatch/issues/65"
U_PHONE = "https://github.com/daviddrysdale/python-phonenumbers/issues/300"
U_YBUILD = "https://github.com/aio-libs/yarl/issues/242"
U_YJOIN = "https://github.com/aio-libs/yarl/issues/12"

PROGRAMS = [
    # arithmetic on an offset temperature unit (degC/degF) instead of a delta unit
    P(
        "pint_offset_unit_arithmetic",
        "pint",
        "reading built by multiplying a number with ureg.degC",
        "OffsetUnitCalculusError",
        U_OFFSET,
        {
            "oven_log.py": """
            from units import ureg

            readings = [180.5, 182.0, 179.25]
            temps = [r * ureg.degC for r in readings]
            print(max(temps))
        """,
            "units.py": """
            import pint

            ureg = pint.UnitRegistry()
        """,
        },
    ),
    P(
        "pint_offset_unit_arithmetic",
        "pint",
        "average of two Celsius quantities by adding them",
        "OffsetUnitCalculusError",
        U_OFFSET,
        {
            "weather.py": """
            import pint

            ureg = pint.UnitRegistry()
            Q_ = ureg.Quantity

            t850 = Q_(18.8, "degC")
            td850 = Q_(16.5, "degC")
            print((t850 + td850) / 2)
        """,
        },
    ),
    P(
        "pint_offset_unit_arithmetic",
        "pint",
        "scaling a Fahrenheit setpoint by a factor",
        "OffsetUnitCalculusError",
        U_OFFSET,
        {
            "thermostat.py": """
            from control import boosted

            print(boosted("68 degF", 1.1))
        """,
            "control.py": """
            import pint

            ureg = pint.UnitRegistry()


            def boosted(setpoint, factor):
                target = ureg.Quantity(setpoint)
                return (target * factor).to("degC")
        """,
        },
    ),
    # quantities created by two different UnitRegistry objects combined
    P(
        "pint_quantities_from_two_registries",
        "pint",
        "sensor and report modules each build a UnitRegistry",
        "ValueError",
        U_REGISTRY,
        {
            "daily_total.py": """
            from report import ureg as report_ureg
            from sensors import read_distance

            total = 0 * report_ureg.meter
            for leg in ["a", "b"]:
                total = total + read_distance(leg)
            print(total)
        """,
            "sensors.py": """
            import pint

            ureg = pint.UnitRegistry()


            def read_distance(leg):
                return {"a": 120.0, "b": 80.5}[leg] * ureg.meter
        """,
            "report.py": """
            import pint

            ureg = pint.UnitRegistry()
        """,
        },
    ),
    P(
        "pint_quantities_from_two_registries",
        "pint",
        "helper builds a registry inside the function it is called from",
        "ValueError",
        U_REGISTRY,
        {
            "speeding.py": """
            import pint

            ureg = pint.UnitRegistry()
            SPEED_LIMIT = ureg("100 kph")


            def too_fast(meters, seconds, limit):
                ureg = pint.UnitRegistry()
                speed = (meters * ureg.meter) / (seconds * ureg.second)
                return speed - limit


            print(too_fast(5000, 120, SPEED_LIMIT))
        """,
        },
    ),
    P(
        "pint_quantities_from_two_registries",
        "pint",
        "class keeps its own registry attribute",
        "ValueError",
        U_REGISTRY,
        {
            "recipe.py": """
            import pint

            from pantry import Pantry

            ureg = pint.UnitRegistry()
            pantry = Pantry()
            needed = 250 * ureg.gram
            print(pantry.stock("flour") - needed)
        """,
            "pantry.py": """
            import pint


            class Pantry:
                def __init__(self):
                    self.ureg = pint.UnitRegistry()
                    self.items = {"flour": 1.2 * self.ureg.kilogram}

                def stock(self, name):
                    return self.items[name]
        """,
        },
    ),
    # bare number mixed with a dimensioned quantity
    P(
        "pint_plain_number_with_quantity",
        "pint",
        "duty-cycle formula adds a plain number to volts",
        "DimensionalityError",
        U_PLAIN,
        {
            "boost.py": """
            from circuit import duty_cycle

            print(duty_cycle(turns=2))
        """,
            "circuit.py": """
            from pint import UnitRegistry

            ureg = UnitRegistry()
            V_DROP = 1 * ureg.V
            V_IN_MIN = 4 * ureg.V
            V_OUT = 180 * ureg.V


            def duty_cycle(turns):
                return (V_OUT + V_DROP) / (turns * V_IN_MIN) + V_OUT + 1
        """,
        },
    ),
    P(
        "pint_plain_number_with_quantity",
        "pint",
        "alarm threshold compared as a bare number",
        "ValueError",
        U_PLAIN,
        {
            "pressure_alarm.py": """
            import pint

            ureg = pint.UnitRegistry()
            MAX_BAR = 8

            readings = [6.5 * ureg.bar, 9.1 * ureg.bar]
            alarms = [r for r in readings if r > MAX_BAR]
            print(alarms)
        """,
        },
    ),
    P(
        "pint_plain_number_with_quantity",
        "pint",
        "margin added as a float to a length",
        "DimensionalityError",
        U_PLAIN,
        {
            "cut_list.py": """
            from parts import board_length

            print([board_length(w) for w in (0.6, 0.9)])
        """,
            "parts.py": """
            import pint

            ureg = pint.UnitRegistry()
            SAW_KERF = 0.003


            def board_length(width_m):
                return width_m * ureg.meter + SAW_KERF
        """,
        },
    ),
    # the config file itself defines one key twice
    P(
        "config_file_duplicate_key",
        "ruamel.yaml",
        "YAML settings file repeats a top-level key",
        "DuplicateKeyError",
        U_DUPKEY,
        {
            "load_settings.py": """
            from pathlib import Path

            from ruamel.yaml import YAML

            Path("settings.yaml").write_text(
                "database: app.db\\nworkers: 4\\nlog_level: info\\nworkers: 8\\n"
            )
            settings = YAML(typ="safe").load(Path("settings.yaml"))
            print(settings["workers"])
        """,
        },
    ),
    P(
        "config_file_duplicate_key",
        "ruamel.yaml",
        "nested mapping in a deployment file repeats a key",
        "DuplicateKeyError",
        U_DUPKEY,
        {
            "deploy.py": """
            from manifest import load_manifest

            m = load_manifest('''
            service:
              name: api
              ports:
                http: 8080
                metrics: 9100
                http: 8081
            ''')
            print(m["service"]["ports"])
        """,
            "manifest.py": """
            import textwrap

            from ruamel.yaml import YAML


            def load_manifest(text):
                return YAML().load(textwrap.dedent(text))
        """,
        },
    ),
    P(
        "config_file_duplicate_key",
        "tomlkit",
        "pyproject-style TOML file defines the same key twice",
        "KeyAlreadyPresent",
        U_DUPKEY,
        {
            "bump_version.py": """
            from pathlib import Path

            import tomlkit

            Path("project.toml").write_text(
                '[project]\\nname = "demo"\\nversion = "1.0.0"\\nlicense = "MIT"\\nversion = "1.0.1"\\n'
            )
            doc = tomlkit.parse(Path("project.toml").read_text())
            print(doc["project"]["version"])
        """,
        },
    ),
    # the module-level ruamel.yaml functions removed in 0.18
    P(
        "ruamel_removed_module_functions",
        "ruamel.yaml",
        "ruamel.yaml.load with RoundTripLoader",
        "AttributeError",
        U_RUAMEL,
        {
            "read_recipe.py": """
            from config_io import read_config

            print(read_config("recipe.yaml"))
        """,
            "config_io.py": """
            from pathlib import Path

            import ruamel.yaml


            def read_config(path):
                Path(path).write_text("name: bread\\nflour_g: 500\\n")
                with open(path) as fh:
                    return ruamel.yaml.load(fh, Loader=ruamel.yaml.RoundTripLoader)
        """,
        },
    ),
    P(
        "ruamel_removed_module_functions",
        "ruamel.yaml",
        "ruamel.yaml.safe_load on a string",
        "AttributeError",
        U_RUAMEL,
        {
            "parse_inventory.py": """
            import ruamel.yaml as yaml

            TEXT = "hosts:\\n  - web1\\n  - web2\\n"
            inventory = yaml.safe_load(TEXT)
            print(inventory["hosts"])
        """,
        },
    ),
    P(
        "ruamel_removed_module_functions",
        "ruamel.yaml",
        "ruamel.yaml.dump with RoundTripDumper",
        "AttributeError",
        U_RUAMEL,
        {
            "save_state.py": """
            from state import save

            save({"step": 3, "done": ["fetch", "parse"]})
        """,
            "state.py": """
            import ruamel.yaml


            def save(data):
                text = ruamel.yaml.dump(data, Dumper=ruamel.yaml.RoundTripDumper)
                with open("state.yaml", "w") as fh:
                    fh.write(text)
        """,
        },
    ),
    # load_dotenv runs after a module already read os.environ at import
    P(
        "dotenv_loaded_after_settings_import",
        "os",
        "settings module reads DB_URL at import, main loads .env afterwards",
        "KeyError",
        U_DOTENV,
        {
            "app.py": """
            from dotenv import load_dotenv

            from settings import DB_URL

            load_dotenv()
            print("connecting to", DB_URL)
        """,
            "settings.py": """
            import os

            DB_URL = os.environ["DB_URL"]
        """,
            ".env": """
            DB_URL=sqlite:///app.db
        """,
        },
    ),
    P(
        "dotenv_loaded_after_settings_import",
        "os",
        "class attribute on Config evaluated before main() loads .env",
        "KeyError",
        U_DOTENV,
        {
            "cli.py": """
            from dotenv import load_dotenv

            from mailbot.config import Config


            def main():
                load_dotenv()
                print("token", Config.API_TOKEN[:4])


            if __name__ == "__main__":
                main()
        """,
            "mailbot/__init__.py": "",
            "mailbot/config.py": """
            import os


            class Config:
                API_TOKEN = os.environ["MAILBOT_TOKEN"]
                RETRIES = int(os.environ.get("MAILBOT_RETRIES", "3"))
        """,
            ".env": """
            MAILBOT_TOKEN=tok_live_12345
        """,
        },
    ),
    P(
        "dotenv_loaded_after_settings_import",
        "os",
        "client object built at import of the service module",
        "KeyError",
        U_DOTENV,
        {
            "sync.py": """
            import services.storage as storage
            from dotenv import load_dotenv

            load_dotenv()
            print(storage.client.bucket)
        """,
            "services/__init__.py": "",
            "services/storage.py": """
            import os


            class Client:
                def __init__(self, bucket, key):
                    self.bucket, self.key = bucket, key


            client = Client(os.environ["BUCKET"], os.environ["BUCKET_KEY"])
        """,
            ".env": """
            BUCKET=backups
            BUCKET_KEY=abc123
        """,
        },
    ),
    # caller expects the original exception but tenacity raises RetryError
    P(
        "tenacity_retry_error_not_reraised",
        "tenacity",
        "fallback catches ConnectionError around a retried fetch",
        "RetryError",
        U_RETRY,
        {
            "prices.py": """
            from client import fetch_price

            try:
                price = fetch_price("EURUSD")
            except ConnectionError:
                price = 1.08
            print(price)
        """,
            "client.py": """
            from tenacity import retry, stop_after_attempt


            @retry(stop=stop_after_attempt(3))
            def fetch_price(symbol):
                raise ConnectionError(f"quote server down for {symbol}")
        """,
        },
    ),
    P(
        "tenacity_retry_error_not_reraised",
        "tenacity",
        "parser retried on ValueError, caller handles ValueError",
        "RetryError",
        U_RETRY,
        {
            "ingest.py": """
            from parsing import parse_amount

            rows = ["12.50", "n/a"]
            total = 0.0
            for raw in rows:
                try:
                    total += parse_amount(raw)
                except ValueError:
                    print("skipping", raw)
            print(total)
        """,
            "parsing.py": """
            from tenacity import retry, retry_if_exception_type, stop_after_attempt


            @retry(retry=retry_if_exception_type(ValueError), stop=stop_after_attempt(2))
            def parse_amount(raw):
                return float(raw)
        """,
        },
    ),
    P(
        "tenacity_retry_error_not_reraised",
        "tenacity",
        "Retrying() loop around a flaky write, caller expects OSError",
        "RetryError",
        U_RETRY,
        {
            "uploader.py": """
            from tenacity import Retrying, stop_after_attempt


            def flaky_write(path):
                raise OSError(28, "No space left on device", path)


            def upload(path):
                for attempt in Retrying(stop=stop_after_attempt(2)):
                    with attempt:
                        flaky_write(path)


            try:
                upload("/backups/db.tar")
            except OSError as exc:
                print("disk full:", exc)
        """,
        },
    ),
    # JSON pointer written without its leading slash
    P(
        "json_pointer_missing_leading_slash",
        "jsonpointer",
        "patch op path written as a bare field name",
        "JsonPointerException",
        U_POINTER,
        {
            "rename_user.py": """
            import jsonpatch

            user = {"name": "Ada", "email": "ada@example.com"}
            patch = jsonpatch.JsonPatch([{"op": "replace", "path": "name", "value": "Ada L."}])
            print(patch.apply(user))
        """,
        },
    ),
    P(
        "json_pointer_missing_leading_slash",
        "jsonpointer",
        "resolve_pointer with a dotted-style relative path",
        "JsonPointerException",
        U_POINTER,
        {
            "read_port.py": """
            from lookup import get_setting

            CONFIG = {"server": {"port": 8080, "host": "0.0.0.0"}}
            print(get_setting(CONFIG, "server/port"))
        """,
            "lookup.py": """
            from jsonpointer import resolve_pointer


            def get_setting(doc, path):
                return resolve_pointer(doc, path)
        """,
        },
    ),
    P(
        "json_pointer_missing_leading_slash",
        "jsonpointer",
        "patch built from a field list by string formatting",
        "JsonPointerException",
        U_POINTER,
        {
            "scrub.py": """
            from patches import removal_patch

            record = {"id": 1, "ssn": "123-45-6789", "dob": "1990-01-01"}
            print(removal_patch(["ssn", "dob"]).apply(record))
        """,
            "patches.py": """
            import jsonpatch


            def removal_patch(fields):
                return jsonpatch.JsonPatch([{"op": "remove", "path": f"{field}"} for field in fields])
        """,
        },
    ),
    # replace/remove on a member the document does not have
    P(
        "json_patch_target_missing",
        "jsonpatch",
        "replace on an optional field absent from the document",
        "JsonPatchPathNotFound",
        U_REPLACE,
        {
            "update_profile.py": """
            import jsonpatch

            profile = {"name": "Grace"}
            ops = [{"op": "replace", "path": "/nickname", "value": "Amazing Grace"}]
            print(jsonpatch.apply_patch(profile, ops))
        """,
        },
    ),
    P(
        "json_patch_target_missing",
        "jsonpatch",
        "diff computed against one document applied to another",
        "JsonPatchPathNotFound",
        U_REPLACE,
        {
            "sync_docs.py": """
            import jsonpatch

            from store import current, edited, remote

            patch = jsonpatch.make_patch(current(), edited())
            print(patch.apply(remote()))
        """,
            "store.py": """
            def current():
                return {"title": "Draft", "tags": ["a"], "summary": "old"}


            def edited():
                return {"title": "Draft", "tags": ["a"]}


            def remote():
                return {"title": "Draft", "tags": ["a"]}
        """,
        },
    ),
    P(
        "json_patch_target_missing",
        "jsonpatch",
        "replace of an array index past the end",
        "JsonPatchPathNotFound",
        U_REPLACE,
        {
            "playlist.py": """
            from jsonpatch import JsonPatch

            playlist = {"tracks": ["intro", "theme"]}
            swap_third = JsonPatch([{"op": "replace", "path": "/tracks/2", "value": "outro"}])
            print(swap_third.apply(playlist))
        """,
        },
    ),
    # national-format numbers parsed without a default region
    P(
        "phonenumber_parsed_without_region",
        "phonenumbers",
        "UK number in national format, region None",
        "NumberParseException",
        U_PHONE,
        {
            "contact_card.py": """
            from phones import normalise

            print(normalise("020 7946 0958"))
        """,
            "phones.py": """
            import phonenumbers


            def normalise(raw, region=None):
                number = phonenumbers.parse(raw, region)
                return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)
        """,
        },
    ),
    P(
        "phonenumber_parsed_without_region",
        "phonenumbers",
        "CSV import loop without country column",
        "NumberParseException",
        U_PHONE,
        {
            "import_contacts.py": """
            import csv
            import io

            import phonenumbers

            DATA = "name,phone\\nAda,+44 20 7946 0958\\nLinus,030 901820\\n"
            for row in csv.DictReader(io.StringIO(DATA)):
                num = phonenumbers.parse(row["phone"])
                print(row["name"], phonenumbers.is_valid_number(num))
        """,
        },
    ),
    P(
        "phonenumber_parsed_without_region",
        "phonenumbers",
        "country name passed where a region code is expected",
        "NumberParseException",
        U_PHONE,
        {
            "signup_form.py": """
            from validation import validate_phone

            print(validate_phone("0151 23456789", country="Germany"))
        """,
            "validation.py": """
            import phonenumbers


            def validate_phone(raw, country):
                return phonenumbers.is_possible_number(phonenumbers.parse(raw, country))
        """,
        },
    ),
    # URL.build with a host and a path lacking the leading slash
    P(
        "yarl_build_relative_path_with_host",
        "yarl",
        "API endpoint built with path='api/v1/users'",
        "ValueError",
        U_YBUILD,
        {
            "endpoints.py": """
            from yarl import URL


            def users_url(host):
                return URL.build(scheme="https", host=host, path="api/v1/users")


            print(users_url("service.example"))
        """,
        },
    ),
    P(
        "yarl_build_relative_path_with_host",
        "yarl",
        "path taken from config without a slash",
        "ValueError",
        U_YBUILD,
        {
            "health.py": """
            from urls import health_url

            print(health_url({"host": "10.0.0.5", "port": 8500, "health_path": "v1/health"}))
        """,
            "urls.py": """
            from yarl import URL


            def health_url(cfg):
                return URL.build(scheme="http", host=cfg["host"], port=cfg["port"], path=cfg["health_path"])
        """,
        },
    ),
    P(
        "yarl_build_relative_path_with_host",
        "yarl",
        "authority= form with a relative path",
        "ValueError",
        U_YBUILD,
        {
            "webhook_url.py": """
            from yarl import URL

            AUTH = "hooks.example:8443"
            print(URL.build(scheme="https", authority=AUTH, path="incoming/orders", query={"v": "2"}))
        """,
        },
    ),
    # appending a segment that starts with '/' to a yarl URL
    P(
        "yarl_append_segment_with_leading_slash",
        "yarl",
        "base / '/users'",
        "ValueError",
        U_YJOIN,
        {
            "client.py": """
            from api import endpoint

            print(endpoint("/users"))
        """,
            "api.py": """
            from yarl import URL

            BASE = URL("https://api.example/v2")


            def endpoint(path):
                return BASE / path
        """,
        },
    ),
    P(
        "yarl_append_segment_with_leading_slash",
        "yarl",
        "joinpath with absolute-looking parts",
        "ValueError",
        U_YJOIN,
        {
            "storage_links.py": """
            from yarl import URL

            bucket = URL("https://storage.example/buckets/photos")
            print(bucket.joinpath("/2024", "beach.jpg"))
        """,
        },
    ),
    P(
        "yarl_append_segment_with_leading_slash",
        "yarl",
        "endpoint names from a mapping start with '/'",
        "ValueError",
        U_YJOIN,
        {
            "status_check.py": """
            from routes import ROUTES, build

            for name in ROUTES:
                print(name, build(name))
        """,
            "routes.py": """
            from yarl import URL

            ROOT = URL("http://localhost:9000")
            ROUTES = {"status": "/status", "metrics": "/metrics"}


            def build(name):
                return ROOT / ROUTES[name]
        """,
        },
    ),
]
