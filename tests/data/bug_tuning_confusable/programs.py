# ruff: noqa: E501 — programs are data
"""Whole small programs, written by hand one by one (not filled from templates like bug_pairs' snippets), grouped by
root cause. Most groups come in pairs that raise the same exception type for different reasons (the confusions a
debugger has to tell apart); SINGLETONS are root causes with one run only (a novel bug: nothing of the same cause
is stored, so advice must not be shown)."""

GROUPS: dict[str, list[str]] = {
    "index_off_by_one": [
        "prices = [3, 4, 5]\ntotal = 0\nfor i in range(len(prices) + 1):\n    total += prices[i]\nprint(total)\n",
        "def last(items):\n    return items[len(items)]\n\n\nprint(last(['a', 'b']))\n",
        "class Ring:\n    def __init__(self, slots):\n        self.slots = slots\n\n    def walk(self):\n        i = 0\n        while i <= len(self.slots):\n            print(self.slots[i])\n            i += 1\n\n\nRing([1, 2]).walk()\n",
    ],
    "index_empty_result": [
        "scores = [1, 5, 7]\nbest = [s for s in scores if s > 100][0]\nprint(best)\n",
        "import re\n\n\ndef first_id(text):\n    found = re.findall(r'id=(\\d+)', text)\n    return found[0]\n\n\nprint(first_id('no ids here'))\n",
        "def pick(rows, name):\n    hits = [r for r in rows if r['name'] == name]\n    return hits[0]['value']\n\n\nprint(pick([{'name': 'a', 'value': 1}], 'zz'))\n",
    ],
    "key_missing_config": [
        "config = {'host': 'localhost', 'debug': True}\nport = config['port']\nprint(port)\n",
        'import json\n\nsettings = json.loads(\'{"name": "svc", "retries": 3}\')\n\n\ndef timeout():\n    return settings[\'timeout\'] * 2\n\n\nprint(timeout())\n',
        "class App:\n    def __init__(self, options):\n        self.options = options\n\n    def db_url(self):\n        return self.options['database_url']\n\n\nprint(App({'env': 'dev'}).db_url())\n",
    ],
    "key_json_int_keys": [
        "import json\n\ncounts = {1: 'one', 2: 'two'}\nloaded = json.loads(json.dumps(counts))\nprint(loaded[1])\n",
        "import json\n\n\ndef roundtrip(cache):\n    blob = json.dumps(cache)\n    back = json.loads(blob)\n    return back[cache_key]\n\n\ncache_key = 42\nprint(roundtrip({42: 'answer'}))\n",
        "import json\nfrom pathlib import Path\n\nPath('state.json').write_text(json.dumps({7: [1, 2]}))\nstate = json.loads(Path('state.json').read_text())\nfor user_id in (7,):\n    print(state[user_id])\n",
    ],
    "unbound_method_call": [
        "class Parser:\n    def parse(self, text):\n        return text.split()\n\n\nprint(Parser.parse('a b'))\n",
        "class Counter:\n    def __init__(self):\n        self.n = 0\n\n    def add(self, k):\n        self.n += k\n\n\nCounter.add(5)\n",
        "class Model:\n    def predict(self, x, scale):\n        return x * scale\n\n\nresult = Model.predict(3, 2)\nprint(result)\n",
    ],
    "yaml_load_no_loader": [
        "import yaml\n\ndata = yaml.load('a: 1')\nprint(data)\n",
        "import yaml\n\n\ndef read_config(path):\n    with open(path) as fh:\n        return yaml.load(fh)\n\n\nopen('cfg.yaml', 'w').write('k: v\\n')\nprint(read_config('cfg.yaml'))\n",
        "import yaml\n\n\nclass Loader:\n    def parse(self, text):\n        return yaml.load(text)\n\n\nprint(Loader().parse('- x\\n- y'))\n",
    ],
    "none_inplace_method": [
        "names = ['b', 'a']\nnames = names.sort()\nprint(names[0])\n",
        "def collect(values):\n    out = []\n    out = out.append(values[0])\n    out.append(values[1])\n    return out\n\n\ncollect([1, 2])\n",
        "opts = {'a': 1}\nopts = opts.update({'b': 2})\nprint(opts.get('a'))\n",
    ],
    "none_missing_return": [
        "def load(n):\n    rows = list(range(n))\n\n\nrows = load(3)\nprint(len(rows))\n",
        "def normalise(text):\n    text = text.strip().lower()\n\n\nprint(normalise('  Hi  ').split())\n",
        "class Repo:\n    def find(self, key):\n        if key == 'x':\n            return {'id': 1}\n\n\nprint(Repo().find('y')['id'])\n",
    ],
    "none_re_match": [
        "import re\n\nm = re.match(r'(\\d+)-(\\d+)', 'abc')\nprint(m.group(1))\n",
        "import re\n\n\ndef version(s):\n    return re.search(r'v(\\d+)\\.(\\d+)', s).groups()\n\n\nprint(version('release'))\n",
        "import re\n\npattern = re.compile(r'^user:(\\w+)$')\nfor line in ['admin', 'user:bob']:\n    print(pattern.match(line).group(1))\n",
    ],
    "none_decorator_no_return": [
        "def logged(fn):\n    def wrapper(*a):\n        print('call')\n        return fn(*a)\n\n\n@logged\ndef add(x, y):\n    return x + y\n\n\nprint(add(1, 2))\n",
        "import functools\n\n\ndef retry(fn):\n    @functools.wraps(fn)\n    def inner():\n        return fn()\n\n\n@retry\ndef ping():\n    return 'pong'\n\n\nping()\n",
        "def register(func):\n    HANDLERS.append(func)\n\n\nHANDLERS = []\n\n\n@register\ndef on_start():\n    return 1\n\n\non_start()\n",
    ],
    "recursion_no_base_case": [
        "def fact(n):\n    return n * fact(n - 1)\n\n\nprint(fact(5))\n",
        "def depth(node):\n    return 1 + depth(node)\n\n\ndepth({'child': None})\n",
        "def fib(n):\n    if n == 1:\n        return 1\n    return fib(n - 1) + fib(n - 2)\n\n\nprint(fib(5))\n",
    ],
    "recursion_property_self": [
        "class User:\n    def __init__(self, name):\n        self.name = name\n\n    @property\n    def name(self):\n        return self.name\n\n    @name.setter\n    def name(self, value):\n        self.name = value\n\n\nUser('ann')\n",
        "class Proxy:\n    def __getattr__(self, item):\n        return getattr(self.target, item)\n\n\nProxy().size\n",
        "class Temp:\n    @property\n    def celsius(self):\n        return self.celsius\n\n\nprint(Temp().celsius)\n",
    ],
    "coroutine_not_awaited": [
        "import asyncio\n\n\nasync def fetch():\n    await asyncio.sleep(0)\n    return {'ok': True}\n\n\nresult = fetch()\nprint(result['ok'])\n",
        "import asyncio\n\n\nasync def count():\n    return [1, 2, 3]\n\n\ndef main():\n    items = count()\n    return len(items)\n\n\nmain()\n",
        "import asyncio\n\n\nclass Client:\n    async def get(self):\n        return 'body'\n\n\nbody = Client().get()\nprint(body.upper())\n",
    ],
    "nested_event_loop": [
        "import asyncio\n\n\nasync def inner():\n    return 1\n\n\nasync def outer():\n    return asyncio.run(inner())\n\n\nasyncio.run(outer())\n",
        "import asyncio\n\n\nasync def job():\n    return 2\n\n\nasync def main():\n    loop = asyncio.get_event_loop()\n    return loop.run_until_complete(job())\n\n\nasyncio.run(main())\n",
        "import asyncio\n\n\ndef sync_helper():\n    return asyncio.run(asyncio.sleep(0))\n\n\nasync def handler():\n    sync_helper()\n\n\nasyncio.run(handler())\n",
    ],
    "str_plus_int": [
        "count = 3\nprint('items: ' + count)\n",
        "def label(n):\n    return 'row-' + n\n\n\nlabel(7)\n",
        "class Report:\n    total = 12\n\n    def line(self):\n        return 'total=' + self.total\n\n\nReport().line()\n",
    ],
    "int_parse_text": [
        "value = int('12a')\n",
        "def parse_age(s):\n    return int(s)\n\n\nfor raw in ['33', 'unknown']:\n    parse_age(raw)\n",
        "import sys\n\nline = 'width=abc'\nwidth = int(line.split('=')[1])\n",
    ],
    "unpack_count": [
        "a, b = (1, 2, 3)\n",
        "def split_pair(s):\n    key, value = s.split(':')\n    return key, value\n\n\nsplit_pair('a:b:c')\n",
        "rows = [(1, 2, 3)]\nfor x, y in rows:\n    print(x, y)\n",
    ],
    "dict_changed_during_iteration": [
        "cache = {'a': 1, 'b': 2}\nfor k in cache:\n    if cache[k] > 1:\n        del cache[k]\n",
        "def prune(index):\n    for name in index.keys():\n        index[name + '_old'] = index[name]\n\n\nprune({'x': 1})\n",
        "class Registry:\n    def __init__(self):\n        self.items = {'a': 0}\n\n    def expand(self):\n        for key, v in self.items.items():\n            self.items[key * 2] = v\n\n\nRegistry().expand()\n",
    ],
    "json_decode_empty": [
        "import json\n\ndata = json.loads('')\n",
        "import json\nfrom pathlib import Path\n\nPath('out.json').write_text('')\n\n\ndef load_state():\n    with open('out.json') as fh:\n        return json.load(fh)\n\n\nload_state()\n",
        "import json\n\nresponse_body = '   '\npayload = json.loads(response_body)\n",
    ],
    "file_not_found": [
        "with open('data/input.csv') as fh:\n    print(fh.read())\n",
        "from pathlib import Path\n\n\ndef read_settings():\n    return Path('conf/settings.ini').read_text()\n\n\nread_settings()\n",
        "import csv\n\n\nclass Importer:\n    def rows(self, path):\n        with open(path, newline='') as fh:\n            return list(csv.reader(fh))\n\n\nImporter().rows('missing.csv')\n",
    ],
    "mean_of_empty": [
        "values = []\navg = sum(values) / len(values)\n",
        "def mean(xs):\n    return sum(xs) / len(xs)\n\n\nprint(mean([x for x in [1, 2] if x > 5]))\n",
        "class Stats:\n    def __init__(self):\n        self.samples = []\n\n    def average(self):\n        return sum(self.samples) / len(self.samples)\n\n\nStats().average()\n",
    ],
    "module_attribute_typo": [
        "import math\n\nprint(math.sqroot(4))\n",
        "import os\n\n\ndef cwd():\n    return os.getcurrentdir()\n\n\ncwd()\n",
        "import json\n\nclass Saver:\n    def save(self, obj):\n        return json.dump_string(obj)\n\n\nSaver().save({})\n",
    ],
    "unhashable_key": [
        "seen = {}\nseen[[1, 2]] = True\n",
        "def group(rows):\n    out = {}\n    for r in rows:\n        out.setdefault(r['tags'], []).append(r)\n    return out\n\n\ngroup([{'tags': ['a']}])\n",
        "unique = set()\nfor point in [[0, 1], [1, 2]]:\n    unique.add(point)\n",
    ],
    "strptime_format": [
        "from datetime import datetime\n\nd = datetime.strptime('2024-13-01', '%Y-%m-%d')\n",
        "from datetime import datetime\n\n\ndef parse(ts):\n    return datetime.strptime(ts, '%Y/%m/%d')\n\n\nparse('2024-01-05')\n",
        "import datetime as dt\n\nstamp = dt.datetime.strptime('05.01.2024 10:00', '%d.%m.%Y')\n",
    ],
    "unbound_local": [
        "counter = 0\n\n\ndef bump():\n    counter += 1\n\n\nbump()\n",
        "def total(items):\n    for it in items:\n        acc = acc + it\n    return acc\n\n\ntotal([1, 2])\n",
        "def status(flag):\n    if flag:\n        msg = 'on'\n    return msg\n\n\nstatus(False)\n",
    ],
    "regex_unbalanced": [
        "import re\n\npat = re.compile('(abc')\n",
        "import re\n\n\ndef find_prices(text):\n    return re.findall(r'\\$(\\d+', text)\n\n\nfind_prices('$5')\n",
        "import re\n\nparts = re.split('[,;', 'a,b;c')\n",
    ],
    "sort_mixed_types": [
        "vals = [3, '1', 2]\nvals.sort()\n",
        "def top(scores):\n    return max(scores)\n\n\ntop([10, 'n/a', 7])\n",
        "rows = [('b', 2), ('a', None)]\nprint(sorted(rows, key=lambda r: r[1]))\n",
    ],
    "write_bytes_text_mode": [
        "with open('out.bin', 'w') as fh:\n    fh.write(b'\\x00\\x01')\n",
        "import io\n\nbuf = io.StringIO()\nbuf.write('ok'.encode())\n",
        "def dump(path, blob):\n    with open(path, 'w') as out:\n        out.write(blob)\n\n\ndump('x.dat', bytes(3))\n",
    ],
    "pd_missing_column": [
        "import pandas as pd\n\ndf = pd.DataFrame({'price': [1, 2]})\nprint(df['cost'].sum())\n",
        "import pandas as pd\n\n\ndef revenue(frame):\n    return frame['qty'] * frame['unit_price']\n\n\nrevenue(pd.DataFrame({'qty': [1], 'price': [2.0]}))\n",
        "import pandas as pd\n\nsales = pd.DataFrame({'region': ['n', 's'], 'amount': [1, 2]})\nprint(sales.groupby('Region').sum())\n",
    ],
    "np_shape_mismatch_add": [
        "import numpy as np\n\na = np.ones(3)\nb = np.ones(4)\nprint(a + b)\n",
        "import numpy as np\n\n\ndef blend(x, y):\n    return 0.5 * x + 0.5 * y\n\n\nblend(np.zeros((2, 3)), np.zeros((3, 2)))\n",
        "import numpy as np\n\nweights = np.array([0.2, 0.8])\nfeatures = np.ones((5, 3))\nscore = features * weights\n",
    ],
}

SINGLETONS: dict[str, str] = {
    "overflow_exp": "import math\n\nprint(math.exp(1000))\n",
    "stop_iteration_next": "it = iter([])\nfirst = next(it)\n",
    "module_not_installed": "import fancy_missing_lib\n",
    "struct_buffer_size": "import struct\n\nstruct.unpack('<I', b'\\x00\\x01')\n",
    "math_domain_sqrt": "import math\n\n\ndef dist(v):\n    return math.sqrt(v)\n\n\ndist(-4)\n",
    "generator_len": "def gen():\n    yield 1\n\n\nprint(len(gen()))\n",
    "abstract_not_implemented": "class Base:\n    def run(self):\n        raise NotImplementedError\n\n\nBase().run()\n",
    "mkdir_exists": "import os\n\nos.mkdir('build')\nos.mkdir('build')\n",
    "list_remove_missing": "queue = ['a', 'b']\nqueue.remove('c')\n",
    "pop_empty_list": "stack = []\n\n\ndef top():\n    return stack.pop()\n\n\ntop()\n",
    "enum_bad_value": "from enum import Enum\n\n\nclass Color(Enum):\n    RED = 1\n\n\nColor(5)\n",
    "tuple_item_assign": "point = (1, 2)\npoint[0] = 5\n",
    "decimal_invalid": "from decimal import Decimal\n\nprice = Decimal('12,50')\n",
    "open_directory": "import os\n\nos.makedirs('logs', exist_ok=True)\nopen('logs').read()\n",
    "assert_invariant": "def withdraw(balance, amount):\n    assert amount <= balance, 'overdraft'\n    return balance - amount\n\n\nwithdraw(5, 10)\n",
    "call_non_callable_int": "total = 5\nprint(total(3))\n",
}
