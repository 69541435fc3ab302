"""ValueErrors with look-alike messages: date formats, unpacking, array truth values, locale decimals."""

from programs import P

PROGRAMS = [
    # --- the strptime/to_datetime format does not describe the data (field order / separators)
    P(
        "strptime_wrong_format",
        "datetime",
        "ISO dates parsed with a European format",
        "ValueError",
        r"""
# file: bookings.py
from dates import parse_day

for raw in ["2024-03-14", "2024-03-15"]:
    print(parse_day(raw).strftime("%A"))
# file: dates.py
from datetime import datetime

FORMAT = "%d/%m/%Y"


def parse_day(text):
    return datetime.strptime(text, FORMAT).date()
""",
    ),
    P(
        "strptime_wrong_format",
        "pandas",
        "US dates read with a day-first format",
        "ValueError",
        r"""
import io

import pandas as pd

CSV = "order,placed\n1,03/25/2024\n2,04/02/2024\n"


def load_orders(text):
    df = pd.read_csv(io.StringIO(text))
    df["placed"] = pd.to_datetime(df["placed"], format="%d/%m/%Y")
    return df


print(load_orders(CSV).placed.dt.month.tolist())
""",
    ),
    P(
        "strptime_wrong_format",
        "datetime",
        "log timestamps with a different separator",
        "ValueError",
        r"""
from datetime import datetime

LOG = '''2024-05-02T08:15:00 INFO start
2024-05-02T08:15:07 WARN slow disk'''


class LogLine:
    TS_FORMAT = "%Y-%m-%d %H:%M:%S"

    def __init__(self, line):
        stamp, self.level, self.message = line.split(" ", 2)
        self.when = datetime.strptime(stamp, self.TS_FORMAT)


lines = [LogLine(x) for x in LOG.splitlines()]
print((lines[-1].when - lines[0].when).seconds)
""",
    ),
    # --- the data carries more than the format: fractional seconds, a 'Z', a time part
    P(
        "strptime_unconverted_data",
        "datetime",
        "timestamps with milliseconds",
        "ValueError",
        r"""
from datetime import datetime

EVENTS = ["2024-06-01 12:00:00", "2024-06-01 12:00:03.250"]


def parse(ts):
    return datetime.strptime(ts, "%Y-%m-%d %H:%M:%S")


print([parse(e).second for e in EVENTS])
""",
    ),
    P(
        "strptime_unconverted_data",
        "datetime",
        "UTC 'Z' suffix from an API",
        "ValueError",
        r"""
# file: sync.py
import json

from clock import since

payload = json.loads('{"items": [{"id": 1, "updated": "2024-07-09T10:11:12Z"}]}')
for item in payload["items"]:
    print(item["id"], since(item["updated"]))
# file: clock.py
from datetime import datetime

NOW = datetime(2024, 7, 10, 0, 0, 0)


def since(stamp):
    return NOW - datetime.strptime(stamp, "%Y-%m-%dT%H:%M:%S")
""",
    ),
    P(
        "strptime_unconverted_data",
        "datetime",
        "birth dates exported with a time part",
        "ValueError",
        r"""
import csv
import io
from datetime import date, datetime

DATA = "name,born\nIda,1990-04-12 00:00:00\n"


def age(born, today=date(2024, 1, 1)):
    return today.year - born.year - ((today.month, today.day) < (born.month, born.day))


for row in csv.DictReader(io.StringIO(DATA)):
    print(row["name"], age(datetime.strptime(row["born"], "%Y-%m-%d").date()))
""",
    ),
    # --- iterating a dict yields keys; the loop unpacks them as (key, value) pairs
    P(
        "dict_iter_without_items",
        "core",
        "totals per department",
        "ValueError",
        r"""
budget = {"sales": 1200, "hr": 300, "ops": 950}


def report(totals):
    lines = []
    for dept, amount in totals:
        lines.append(f"{dept:>8}: {amount}")
    return "\n".join(lines)


print(report(budget))
""",
    ),
    P(
        "dict_iter_without_items",
        "core",
        "environment overrides applied",
        "ValueError",
        r"""
# file: boot.py
from overrides import apply

settings = {"debug": "0", "workers": "2"}
print(apply(settings, {"DEBUG": "1", "WORKERS": "8"}))
# file: overrides.py
def apply(settings, env):
    out = dict(settings)
    for name, value in env:
        out[name.lower()] = value
    return out
""",
    ),
    P(
        "dict_iter_without_items",
        "core",
        "two-letter codes unpacked as pairs",
        "AssertionError",
        r"""
LANGS = {"en": "English", "de": "German", "fr": "French"}


def options(langs):
    return [f"<option value='{code}'>{name}</option>" for code, name in langs]


html = options(LANGS)
assert "English" in html[0], html[0]
""",
    ),
    # --- str.split without maxsplit on a value that itself contains the separator
    P(
        "split_without_maxsplit",
        "core",
        "key=value lines with '=' in the value",
        "ValueError",
        r"""
from pathlib import Path

Path(".env").write_text("USER=app\nDSN=postgres://h/db?sslmode=require\n")


def read_env(path):
    env = {}
    for line in Path(path).read_text().splitlines():
        key, value = line.split("=")
        env[key] = value
    return env


print(read_env(".env"))
""",
    ),
    P(
        "split_without_maxsplit",
        "core",
        "log lines with colons in the message",
        "ValueError",
        r"""
# file: triage.py
from logparse import parse_line

LOG = ["ERROR: disk full", "WARN: retry: attempt 2 of 5"]
print([parse_line(x) for x in LOG])
# file: logparse.py
def parse_line(line):
    level, message = line.split(": ")
    return {"level": level, "message": message}
""",
    ),
    P(
        "split_without_maxsplit",
        "core",
        "HTTP header with a date value",
        "ValueError",
        r"""
RAW = '''Host: example.test
Content-Type: text/html
Date: Tue, 15 Nov 2024 08:12:31 GMT'''


class Headers(dict):
    @classmethod
    def parse(cls, raw):
        h = cls()
        for line in raw.splitlines():
            name, value = line.split(":")
            h[name.strip().lower()] = value.strip()
        return h


print(Headers.parse(RAW)["date"])
""",
    ),
    # --- an array used where Python needs one bool
    P(
        "numpy_truth_value",
        "numpy",
        "threshold check on a window of readings",
        "ValueError",
        r"""
import numpy as np


def alarm(window, limit):
    if window > limit:
        return "ALARM"
    return "ok"


readings = np.array([20.1, 20.4, 35.2, 20.3])
print(alarm(readings[1:3], 30.0))
""",
    ),
    P(
        "numpy_truth_value",
        "numpy",
        "validating a weight vector",
        "ValueError",
        r"""
# file: train.py
import numpy as np

from checks import validate_weights

w = np.array([0.2, 0.5, 0.3])
validate_weights(w)
print("weights ok")
# file: checks.py
import numpy as np


def validate_weights(w):
    if not np.isclose(w.sum(), 1.0) or w < 0:
        raise ValueError("weights must be non-negative and sum to 1")
""",
    ),
    P(
        "numpy_truth_value",
        "numpy",
        "mask combined with 'and'",
        "ValueError",
        r"""
import numpy as np


class Image:
    def __init__(self, pixels):
        self.pixels = np.asarray(pixels)

    def midtones(self):
        mask = self.pixels > 50 and self.pixels < 200
        return self.pixels[mask]


img = Image([[10, 120], [220, 90]])
print(img.midtones())
""",
    ),
    # --- pandas filters joined with and/or instead of &/|
    P(
        "pandas_and_or",
        "pandas",
        "customers filtered with 'and'",
        "ValueError",
        r"""
import pandas as pd

df = pd.DataFrame({"age": [25, 41, 37], "country": ["SE", "NO", "SE"]})


def swedes_over(df, age):
    return df[(df.age > age) and (df.country == "SE")]


print(swedes_over(df, 30))
""",
    ),
    P(
        "pandas_and_or",
        "pandas",
        "orders flagged with 'or'",
        "ValueError",
        r"""
# file: flags.py
import pandas as pd

from rules import suspicious

orders = pd.DataFrame({"amount": [20, 5000, 75], "new_account": [False, False, True]})
print(suspicious(orders))
# file: rules.py
def suspicious(orders):
    return orders[(orders["amount"] > 1000) or orders["new_account"]]
""",
    ),
    P(
        "pandas_and_or",
        "pandas",
        "'not' on a boolean column",
        "ValueError",
        r"""
import pandas as pd


class Inventory:
    def __init__(self, frame):
        self.frame = frame

    def sellable(self):
        return self.frame[not self.frame["discontinued"]]


inv = Inventory(pd.DataFrame({"sku": ["a", "b"], "discontinued": [False, True]}))
print(inv.sellable())
""",
    ),
    # --- a reduction drops the axis, so the result no longer broadcasts against the array
    P(
        "numpy_keepdims",
        "numpy",
        "row-normalising a matrix",
        "ValueError",
        r"""
import numpy as np


def normalise_rows(m):
    return m / m.sum(axis=1)


counts = np.array([[1, 3], [2, 2], [5, 5]])
print(normalise_rows(counts))
""",
    ),
    P(
        "numpy_keepdims",
        "numpy",
        "centering features per sample",
        "ValueError",
        r"""
# file: features.py
import numpy as np

from prep import center

batch = np.arange(12, dtype=float).reshape(4, 3)
print(center(batch))
# file: prep.py
def center(x):
    means = x.mean(axis=1)
    return x - means
""",
    ),
    P(
        "numpy_keepdims",
        "numpy",
        "softmax over the last axis",
        "ValueError",
        r"""
import numpy as np


def softmax(logits):
    shifted = logits - logits.max(axis=-1)
    e = np.exp(shifted)
    return e / e.sum(axis=-1)


print(softmax(np.array([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]])))
""",
    ),
    # --- numbers written with a decimal comma handed to Decimal/float
    P(
        "decimal_locale_comma",
        "decimal",
        "prices from a Swedish receipt",
        "InvalidOperation",
        r"""
from decimal import Decimal

RECEIPT = ["Mjolk 12,90", "Bröd 34,50"]


def total(lines):
    return sum(Decimal(line.rsplit(" ", 1)[1]) for line in lines)


print(total(RECEIPT))
""",
    ),
    P(
        "decimal_locale_comma",
        "csv",
        "semicolon csv with decimal commas",
        "ValueError",
        r"""
# file: measure.py
import csv
import io

from units import to_metres

DATA = "item;length_cm\nshelf;80,5\nboard;120,0\n"
rows = csv.DictReader(io.StringIO(DATA), delimiter=";")
print([to_metres(r["length_cm"]) for r in rows])
# file: units.py
def to_metres(cm):
    return float(cm) / 100
""",
    ),
    P(
        "decimal_locale_comma",
        "pandas",
        "German export summed as numbers",
        "TypeError",
        r"""
import io

import pandas as pd

CSV = "monat;umsatz\nJan;1200,50\nFeb;980,25\n"


def yearly(text):
    df = pd.read_csv(io.StringIO(text), sep=";")
    return df["umsatz"].sum() / 2


print(yearly(CSV))
""",
    ),
    # --- epoch milliseconds treated as seconds
    P(
        "epoch_millis_as_seconds",
        "datetime",
        "JS timestamps from a browser event",
        "ValueError",
        r"""
import json
from datetime import datetime, timezone

EVENT = json.loads('{"type": "click", "ts": 1717236000123}')


def event_time(event):
    return datetime.fromtimestamp(event["ts"], tz=timezone.utc)


print(event_time(EVENT).isoformat())
""",
    ),
    P(
        "epoch_millis_as_seconds",
        "pandas",
        "kafka message times grouped by day",
        "ValueError",
        r"""
# file: consume.py
import pandas as pd

from times import to_frame

msgs = [{"offset": 1, "timestamp": 1717236000123}, {"offset": 2, "timestamp": 1717236000456}]
print(to_frame(msgs))
# file: times.py
import pandas as pd


def to_frame(msgs):
    df = pd.DataFrame(msgs)
    df["day"] = pd.to_datetime(df["timestamp"], unit="s").dt.date
    return df.groupby("day").offset.count()
""",
    ),
    P(
        "epoch_millis_as_seconds",
        "time",
        "expiry of a token in ms",
        "ValueError",
        r"""
import time
from datetime import datetime


class Token:
    def __init__(self, value, expires_at):
        self.value = value
        self.expires_at = expires_at

    def expires(self):
        return datetime.fromtimestamp(self.expires_at)


tok = Token("abc", int(time.time() * 1000) + 3600_000)
print("expires", tok.expires())
""",
    ),
    # --- writing floats into an integer numpy array truncates them
    P(
        "numpy_int_array_truncates",
        "numpy",
        "normalising counts in place",
        "_UFuncOutputCastingError",
        r"""
import numpy as np


def to_fractions(counts):
    counts /= counts.sum()
    return counts


print(to_fractions(np.array([3, 1, 4])))
""",
    ),
    P(
        "numpy_int_array_truncates",
        "numpy",
        "probabilities stored in a zeros array",
        "ZeroDivisionError",
        r"""
# file: model.py
import numpy as np

from probs import perplexity

p = np.zeros(3, dtype=int)
for i, v in enumerate([0.5, 0.3, 0.2]):
    p[i] = v
print(perplexity(p))
# file: probs.py
import math


def perplexity(p):
    total = sum(p.tolist())
    return 2 ** (-sum(float(x) * math.log2(x) for x in p if x) / total)
""",
    ),
    P(
        "numpy_int_array_truncates",
        "numpy",
        "gamma correction of pixel values",
        "AssertionError",
        r"""
import numpy as np


def gamma(img, g):
    out = np.empty_like(img)
    out[:] = (img / 255) ** g
    return out


pixels = np.array([0, 64, 128, 255])
result = gamma(pixels, 0.5)
assert result[1] > 0, f"dark pixels went black: {result}"
""",
    ),
]
