"""YAML: implicit typing of unquoted scalars, empty documents, dump/safe_load mismatch, int keys."""

from programs import P

PROGRAMS = [
    # --- unquoted YAML 1.1 booleans: no/yes/on/off become True/False
    P(
        "yaml_norway_bool",
        "yaml",
        "country table keyed by ISO code",
        "KeyError",
        r"""
# file: report.py
from shipping import load_rates

rates = load_rates()
for code in ["SE", "DK", "NO", "FI"]:
    print(code, rates.lookup(code))
# file: shipping.py
import yaml

RATES = '''
zones:
  SE: 4.5
  DK: 5.0
  NO: 7.25
  FI: 5.5
'''


class RateTable:
    def __init__(self, zones):
        self.zones = {str(k).upper(): v for k, v in zones.items()}

    def lookup(self, code):
        return self.zones[code.upper()]


def load_rates():
    return RateTable(yaml.safe_load(RATES)["zones"])
""",
    ),
    P(
        "yaml_norway_bool",
        "yaml",
        "feature switches read from yaml",
        "AttributeError",
        r"""
import yaml

CONFIG = '''
features:
  search: on
  export: off
  beta_ui: "on"
'''


def switch_state(value):
    return value.strip().lower() == "on"


def enabled_features(text):
    features = yaml.safe_load(text)["features"]
    return [name for name, state in features.items() if switch_state(state)]


print(enabled_features(CONFIG))
""",
    ),
    P(
        "yaml_norway_bool",
        "yaml",
        "answer options loaded for a survey",
        "TypeError",
        r"""
# file: survey/run.py
import sys

sys.path.insert(0, ".")
from survey.questions import load_questions

for q in load_questions():
    print(q.render())
# file: survey/__init__.py
# file: survey/questions.py
from dataclasses import dataclass

import yaml

DOC = '''
- text: Did the delivery arrive on time?
  options: [yes, no, partly]
- text: Would you order again?
  options: [yes, no]
'''


@dataclass
class Question:
    text: str
    options: list

    def render(self):
        return self.text + " (" + " / ".join(self.options) + ")"


def load_questions():
    return [Question(**item) for item in yaml.safe_load(DOC)]
""",
    ),
    # --- unquoted scalars that look like numbers: versions become floats, times become sexagesimal ints
    P(
        "yaml_number_like_string",
        "yaml",
        "python versions in a CI matrix",
        "AttributeError",
        r"""
import yaml

MATRIX = '''
python:
  - 3.9
  - 3.10
  - 3.11
'''


def parse_version(v):
    major, minor = v.split(".")
    return int(major), int(minor)


def matrix_jobs(text):
    versions = yaml.safe_load(text)["python"]
    return sorted(parse_version(v) for v in versions)


print(matrix_jobs(MATRIX))
""",
    ),
    P(
        "yaml_number_like_string",
        "yaml",
        "opening hours of a shop",
        "ValueError",
        r"""
# file: hours.py
from datetime import datetime

from schedule import load_schedule

for day, (start, end) in load_schedule().items():
    opens = datetime.strptime(str(start), "%H:%M")
    closes = datetime.strptime(str(end), "%H:%M")
    print(day, (closes - opens).seconds // 3600, "hours")
# file: schedule.py
import yaml

TEXT = '''
monday: [09:30, 17:00]
saturday: [10:00, 14:30]
'''


def load_schedule():
    return yaml.safe_load(TEXT)
""",
    ),
    P(
        "yaml_number_like_string",
        "yaml",
        "release tags compared",
        "AssertionError",
        r"""
import yaml

RELEASES = '''
current: 1.10
previous: 1.9
'''


def newer(a, b):
    pa = [int(x) for x in str(a).split(".")]
    pb = [int(x) for x in str(b).split(".")]
    return pa > pb


def check_release(text):
    data = yaml.safe_load(text)
    assert newer(data["current"], data["previous"]), f"{data['current']} is not newer than {data['previous']}"
    return data["current"]


print("releasing", check_release(RELEASES))
""",
    ),
    # --- an empty YAML document loads as None
    P(
        "yaml_empty_doc_none",
        "yaml",
        "settings file left empty",
        "TypeError",
        r"""
# file: main.py
from settings import Settings

s = Settings.from_file("settings.yaml")
print(s.get("timeout", 30))
# file: settings.py
from pathlib import Path

import yaml


class Settings:
    def __init__(self, data):
        self.data = data

    @classmethod
    def from_file(cls, path):
        return cls(yaml.safe_load(Path(path).read_text()))

    def get(self, key, default=None):
        return self.data[key] if key in self.data else default
# file: settings.yaml
# all values use their defaults
""",
    ),
    P(
        "yaml_empty_doc_none",
        "yaml",
        "plugin manifest without entries",
        "AttributeError",
        r"""
from pathlib import Path

import yaml


def load_plugins(path):
    manifest = yaml.safe_load(Path(path).read_text())
    return [name for name, spec in manifest.get("plugins", {}).items() if spec.get("enabled")]


Path("plugins.yml").write_text("---\n")
print(load_plugins("plugins.yml"))
""",
    ),
    P(
        "yaml_empty_doc_none",
        "yaml",
        "merging user overrides",
        "TypeError",
        r"""
# file: cli.py
from pathlib import Path

from conf import merged

Path("defaults.yaml").write_text("workers: 4\nlog_level: info\n")
Path("override.yaml").write_text("\n")
print(merged("defaults.yaml", "override.yaml"))
# file: conf.py
import yaml


def read(path):
    with open(path) as fh:
        return yaml.safe_load(fh)


def merged(base_path, override_path):
    result = dict(read(base_path))
    result.update(**read(override_path))
    return result
""",
    ),
    # --- yaml.dump writes python/* tags that yaml.safe_load refuses
    P(
        "yaml_dump_vs_safe_load",
        "yaml",
        "checkpoint of a job state",
        "ConstructorError",
        r"""
import yaml


class JobState:
    def __init__(self, step, loss):
        self.step = step
        self.loss = loss


def save(state, path):
    with open(path, "w") as fh:
        yaml.dump(state, fh)


def restore(path):
    with open(path) as fh:
        return yaml.safe_load(fh)


save(JobState(120, 0.31), "ckpt.yaml")
print(restore("ckpt.yaml").step)
""",
    ),
    P(
        "yaml_dump_vs_safe_load",
        "yaml",
        "bounding boxes stored as tuples",
        "ConstructorError",
        r"""
# file: boxes.py
from store import read_boxes, write_boxes

write_boxes({"cat": (10, 20, 64, 48), "dog": (80, 12, 40, 40)})
for label, box in read_boxes().items():
    print(label, box)
# file: store.py
import yaml

PATH = "boxes.yaml"


def write_boxes(boxes):
    with open(PATH, "w") as fh:
        fh.write(yaml.dump(boxes))


def read_boxes():
    with open(PATH) as fh:
        return yaml.safe_load(fh.read())
""",
    ),
    P(
        "yaml_dump_vs_safe_load",
        "yaml",
        "enum member in exported config",
        "ConstructorError",
        r"""
import enum

import yaml


class Level(enum.Enum):
    LOW = 1
    HIGH = 2


def export(cfg):
    return yaml.dump(cfg, default_flow_style=False)


def import_(text):
    return yaml.safe_load(text)


text = export({"name": "pump-3", "alarm": Level.HIGH})
print(import_(text)["alarm"])
""",
    ),
    # --- YAML mapping keys written as numbers load as ints, looked up with strings
    P(
        "yaml_int_keys_str_lookup",
        "yaml",
        "floor plan looked up from argv",
        "KeyError",
        r"""
import sys

import yaml

PLAN = '''
floors:
  1: [reception, cafe]
  2: [sales, support]
  3: [engineering]
'''


def rooms_on(floor):
    plan = yaml.safe_load(PLAN)["floors"]
    return plan[floor]


print(rooms_on(sys.argv[1]))
""",
        "2",
    ),
    P(
        "yaml_int_keys_str_lookup",
        "yaml",
        "http status messages table",
        "KeyError",
        r"""
# file: server.py
from messages import message_for

for line in ["GET /a 200", "GET /b 404", "POST /c 500"]:
    method, path, status = line.split()
    print(path, message_for(status))
# file: messages.py
import yaml

TABLE = yaml.safe_load('''
200: OK
404: Not Found
500: Server Error
''')


def message_for(status):
    return TABLE[status]
""",
    ),
    P(
        "yaml_int_keys_str_lookup",
        "yaml",
        "tax brackets by year from a form",
        "KeyError",
        r"""
import yaml


class TaxTable:
    def __init__(self, text):
        self.by_year = yaml.safe_load(text)

    def rate(self, year, income):
        for limit, rate in self.by_year[year]:
            if income <= limit:
                return rate
        return self.by_year[year][-1][1]


table = TaxTable('''
2023: [[10000, 0.1], [50000, 0.2], [1000000000, 0.4]]
2024: [[12000, 0.1], [55000, 0.2], [1000000000, 0.4]]
''')
form = {"year": "2024", "income": "41000"}
print(table.rate(form["year"], int(form["income"])))
""",
    ),
]
