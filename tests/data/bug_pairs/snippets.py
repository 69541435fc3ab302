# ruff: noqa: E501 — snippet bodies are data, one line each
"""Broken snippets by root cause: each group lists one or more bodies that fail for the same reason, often
through a different library (the "wrapping library"). Placeholders are filled per variant by make_dataset.py:
{v} {w} {u} variable names, {k} {j} string keys/names, {f} a user function name, {n} a small number.

Bodies start at column 0; make_dataset.py wraps them in a call site (module level, function, method, nested).
"""

GROUPS: dict[str, list[str]] = {
    # ---------------------------------------------------------------- numpy
    "np_matmul_inner_dim": [
        "import numpy as np\n{v} = np.ones(({n}, {n} + 1))\n{w} = np.ones(({n}, {n} + 1))\n{u} = {v} @ {w}",
        "import numpy as np\n{v} = np.random.default_rng(0).random(({n}, 3))\n{u} = np.matmul({v}, {v})",
        "import numpy as np\n{v} = np.zeros(({n}, 5))\n{w} = np.zeros(({n}, 2))\n{u} = np.dot({v}, {w})",
        "import numpy as np\nfrom scipy import linalg\n{v} = np.eye({n} + 1)[:, :2]\n{u} = np.linalg.multi_dot([{v}, {v}, {v}.T])",
    ],
    "np_broadcast": [
        "import numpy as np\n{v} = np.arange({n})\n{w} = np.arange({n} + 1)\n{u} = {v} + {w}",
        "import numpy as np\n{v} = np.ones(({n}, 3))\n{w} = np.ones(({n}, 4))\n{u} = np.multiply({v}, {w})",
        "import numpy as np\n{v} = np.zeros({n})\n{v}[:] = np.ones({n} + 2) * 3",
        "import numpy as np\nimport pandas as pd\n{v} = pd.Series(range({n})).to_numpy()\n{u} = np.where({v} > 1, {v}, np.zeros({n} + 3))",
    ],
    "np_reshape_size": [
        "import numpy as np\n{v} = np.arange({n} * 3)\n{u} = {v}.reshape(({n}, 4))",
        "import numpy as np\n{v} = np.zeros({n} * 2 + 1)\n{u} = np.reshape({v}, (-1, 2))",
        "import numpy as np\nimport pandas as pd\n{v} = pd.DataFrame({{'{k}': range({n} * 3 + 1)}})\n{u} = {v}['{k}'].values.reshape({n}, 3)",
    ],
    "np_index_out_of_bounds": [
        "import numpy as np\n{v} = np.arange({n})\n{u} = {v}[{n} + 5]",
        "import numpy as np\n{v} = np.zeros(({n}, 2))\n{v}[{n}, 0] = 1.0",
        "import numpy as np\n{v} = np.ones({n})\n{u} = np.take({v}, [0, {n} + 2])",
    ],
    "np_too_many_indices": [
        "import numpy as np\n{v} = np.arange({n})\n{u} = {v}[0, 1]",
        "import numpy as np\n{v} = np.linspace(0, 1, {n})\n{u} = {v}[:, 0]",
        "import numpy as np\nimport pandas as pd\n{v} = pd.Series(range({n})).values\n{u} = {v}[1:, :2]",
    ],
    "np_string_to_float": [
        "import numpy as np\n{v} = np.array(['1.5', '{k}', '3'])\n{u} = {v}.astype(float)",
        "import numpy as np\n{v} = ['{k}', '2.0']\n{u} = np.asarray({v}, dtype=np.float64)",
        "import numpy as np\nimport io\n{u} = np.loadtxt(io.StringIO('1,2\\n{k},4'), delimiter=',')",
        "import numpy as np\n{v} = np.array(['0.1', 'n/a'])\n{u} = np.mean({v}.astype('float32'))",
    ],
    "np_truth_ambiguous": [
        "import numpy as np\n{v} = np.arange({n})\nif {v} > 1:\n    print('{k}')",
        "import numpy as np\n{v} = np.ones({n})\n{w} = np.zeros({n})\n{u} = {v} and {w}",
        "import numpy as np\n{v} = np.array([1, 2, {n}])\n{u} = bool({v} == 2)",
        "import numpy as np\n{v} = np.arange({n})\n{u} = [x for x in range(3) if {v} >= x]",
    ],
    "np_concat_dim_mismatch": [
        "import numpy as np\n{v} = np.ones(({n}, 2))\n{w} = np.ones(({n}, 3))\n{u} = np.concatenate([{v}, {w}], axis=0)",
        "import numpy as np\n{v} = np.zeros((2, {n}))\n{w} = np.zeros((2, {n} + 1))\n{u} = np.vstack([{v}, {w}])",
        "import numpy as np\n{v} = np.zeros(({n}, 1))\n{u} = np.concatenate(({v}, np.zeros(({n} + 1, 1))), axis=1)",
    ],
    "np_singular_matrix": [
        "import numpy as np\n{v} = np.ones(({n}, {n}))\n{u} = np.linalg.inv({v})",
        "import numpy as np\n{v} = np.zeros((3, 3))\n{u} = np.linalg.solve({v}, np.ones(3))",
        "import numpy as np\n{v} = np.array([[1.0, 2.0], [2.0, 4.0]])\n{u} = np.linalg.inv({v} @ {v}.T)",
    ],
    "np_sample_larger_than_population": [
        "import numpy as np\n{v} = np.random.default_rng(0)\n{u} = {v}.choice({n}, size={n} + 4, replace=False)",
        "import numpy as np\n{u} = np.random.choice(range({n}), {n} * 3, replace=False)",
        "import numpy as np\n{v} = np.arange({n})\n{u} = np.random.default_rng(1).choice({v}, {n} + 1, replace=False)",
    ],
    "np_axis_out_of_bounds": [
        "import numpy as np\n{v} = np.ones(({n}, 2))\n{u} = {v}.sum(axis=2)",
        "import numpy as np\n{v} = np.zeros({n})\n{u} = np.mean({v}, axis=1)",
        "import numpy as np\n{v} = np.ones((2, {n}))\n{u} = np.argmax({v}, axis=3)",
        "import numpy as np\n{v} = np.ones(({n}, 2))\n{u} = np.expand_dims({v}, axis=5)",
    ],
    "np_inhomogeneous_sequence": [
        "import numpy as np\n{v} = [[1, 2], [3]]\n{u} = np.array({v}, dtype=float)",
        "import numpy as np\n{v} = [[0.5] * {n}, [0.5] * ({n} + 1)]\n{u} = np.asarray({v})",
        "import numpy as np\n{v} = np.zeros(3)\n{v}[0] = [1, 2]",
    ],
    "np_isnan_object": [
        "import numpy as np\n{v} = np.array(['a', None, '{k}'], dtype=object)\n{u} = np.isnan({v})",
        "import numpy as np\n{v} = np.array(['{k}', 'x'])\n{u} = np.isnan({v}).any()",
        "import numpy as np\nimport pandas as pd\n{v} = pd.Series(['{k}', None]).to_numpy()\n{u} = np.isinf({v})",
    ],
    # ---------------------------------------------------------------- pandas
    "pd_missing_column": [
        "import pandas as pd\n{v} = pd.DataFrame({{'id': [1, 2], 'value': [3, 4]}})\n{u} = {v}['{k}']",
        "import pandas as pd\n{v} = pd.DataFrame({{'a': range({n})}})\n{u} = {v}.loc[:, '{k}']",
        "import pandas as pd\nimport io\n{v} = pd.read_csv(io.StringIO('x,y\\n1,2'))\n{u} = {v}['{k}'].mean()",
        "import pandas as pd\n{v} = pd.DataFrame({{'x': [1]}})\n{u} = {v}.sort_values('{k}')",
    ],
    "pd_columns_not_in_index": [
        "import pandas as pd\n{v} = pd.DataFrame({{'a': [1], 'b': [2]}})\n{u} = {v}[['a', '{k}']]",
        "import pandas as pd\n{v} = pd.DataFrame({{'x': range({n})}})\n{u} = {v}.drop(columns=['{k}'])",
        "import pandas as pd\n{v} = pd.DataFrame({{'x': range({n})}})\n{u} = {v}[['{k}', '{j}']]",
    ],
    "pd_merge_missing_key": [
        "import pandas as pd\n{v} = pd.DataFrame({{'id': [1]}})\n{w} = pd.DataFrame({{'key': [1]}})\n{u} = pd.merge({v}, {w}, on='{k}')",
        "import pandas as pd\n{v} = pd.DataFrame({{'{j}': [1]}})\n{w} = pd.DataFrame({{'{j}': [1]}})\n{u} = {v}.merge({w}, left_on='{k}', right_on='{j}')",
        "import pandas as pd\n{v} = pd.DataFrame({{'a': [1]}})\n{u} = {v}.join(pd.DataFrame({{'b': [2]}}), on='{k}')",
    ],
    "pd_length_mismatch_assign": [
        "import pandas as pd\n{v} = pd.DataFrame({{'a': range({n})}})\n{v}['{k}'] = list(range({n} + 1))",
        "import pandas as pd\n{v} = pd.DataFrame({{'a': range({n})}})\n{v}['{k}'] = [0] * ({n} - 1)",
        "import pandas as pd\nimport numpy as np\n{v} = pd.DataFrame(index=range({n}))\n{v}['{k}'] = np.zeros({n} * 2)",
    ],
    "pd_to_datetime_unparseable": [
        "import pandas as pd\n{u} = pd.to_datetime('{k}-not-a-date')",
        "import pandas as pd\n{v} = pd.Series(['2021-01-01', 'tomorrow-{k}'])\n{u} = pd.to_datetime({v})",
        "import pandas as pd\n{v} = pd.DataFrame({{'{k}': ['2020-02-30']}})\n{u} = pd.to_datetime({v}['{k}'])",
    ],
    "pd_int_cast_nan": [
        "import pandas as pd\nimport numpy as np\n{v} = pd.Series([1.0, np.nan, {n}])\n{u} = {v}.astype(int)",
        "import pandas as pd\n{v} = pd.DataFrame({{'{k}': [1.0, None]}})\n{u} = {v}['{k}'].astype('int64')",
        "import pandas as pd\nimport io\n{v} = pd.read_csv(io.StringIO('{k}\\n1\\n\\n3'), skip_blank_lines=False)\n{u} = {v}.astype({{'{k}': int}})",
    ],
    "pd_groupby_agg_missing": [
        "import pandas as pd\n{v} = pd.DataFrame({{'g': [1, 1], 'x': [1, 2]}})\n{u} = {v}.groupby('g').agg({{'{k}': 'sum'}})",
        "import pandas as pd\n{v} = pd.DataFrame({{'g': [1], 'x': [2]}})\n{u} = {v}.groupby('g')[['{k}']].mean()",
        "import pandas as pd\n{v} = pd.DataFrame({{'a': range({n})}})\n{u} = {v}.groupby('{k}').size()",
    ],
    "pd_iloc_out_of_bounds": [
        "import pandas as pd\n{v} = pd.DataFrame({{'a': range({n})}})\n{u} = {v}.iloc[{n} + 3]",
        "import pandas as pd\n{v} = pd.Series(range({n}))\n{u} = {v}.iloc[{n}]",
        "import pandas as pd\n{v} = pd.DataFrame({{'a': [1]}})\n{u} = {v}.iloc[0, {n}]",
    ],
    "pd_series_truth_ambiguous": [
        "import pandas as pd\n{v} = pd.DataFrame({{'{k}': range({n})}})\nif {v}['{k}'] > 1:\n    pass",
        "import pandas as pd\n{v} = pd.Series([1, 2])\n{u} = {v}[({v} > 0) and ({v} < 3)]",
        "import pandas as pd\n{v} = pd.DataFrame({{'a': [True, False]}})\n{u} = 'yes' if {v} else 'no'",
    ],
    "pd_dataframe_unequal_lengths": [
        "import pandas as pd\n{u} = pd.DataFrame({{'{k}': [1, 2], '{j}': [1]}})",
        "import pandas as pd\n{v} = {{'{k}': list(range({n})), 'other': list(range({n} + 2))}}\n{u} = pd.DataFrame({v})",
        "import pandas as pd\n{v} = pd.DataFrame.from_dict({{'{k}': [1], '{j}': [1, 2, 3]}})",
    ],
    "pd_str_accessor_non_string": [
        "import pandas as pd\n{v} = pd.Series([1, 2, {n}])\n{u} = {v}.str.upper()",
        "import pandas as pd\n{v} = pd.DataFrame({{'{k}': [1.5, 2.5]}})\n{u} = {v}['{k}'].str.contains('1')",
    ],
    "pd_dt_accessor_non_datetime": [
        "import pandas as pd\n{v} = pd.Series(['2021-01-01', '2021-02-01'])\n{u} = {v}.dt.year",
        "import pandas as pd\n{v} = pd.DataFrame({{'{k}': [1, 2]}})\n{u} = {v}['{k}'].dt.month",
    ],
    "pd_merge_dtype_mismatch": [
        "import pandas as pd\n{v} = pd.DataFrame({{'{k}': [1, 2]}})\n{w} = pd.DataFrame({{'{k}': ['1', '2']}})\n{u} = {v}.merge({w}, on='{k}')",
        "import pandas as pd\n{v} = pd.DataFrame({{'{k}': ['a']}})\n{w} = pd.DataFrame({{'{k}': [1]}})\n{u} = pd.merge({v}, {w}, on='{k}', how='left')",
    ],
    "pd_reindex_duplicate_labels": [
        "import pandas as pd\n{v} = pd.Series([1, 2], index=['{k}', '{k}'])\n{u} = {v}.reindex(['{k}', 'b'])",
        "import pandas as pd\n{v} = pd.DataFrame({{'a': [1, 2]}}, index=[0, 0])\n{u} = {v}.reindex(range({n}))",
    ],
    "pd_dataframe_no_attribute": [
        "import pandas as pd\n{v} = pd.DataFrame({{'a': [1]}})\n{u} = {v}.{k}",
        "import pandas as pd\n{v} = pd.DataFrame({{'a': [1]}})\n{u} = {v}.as_matrix()",
        "import pandas as pd\n{v} = pd.DataFrame({{'x': [1]}})\n{u} = {v}.append({v})",
    ],
    "pd_query_undefined_name": [
        "import pandas as pd\n{v} = pd.DataFrame({{'a': [1, 2]}})\n{u} = {v}.query('{k} > 1')",
        "import pandas as pd\n{v} = pd.DataFrame({{'a': range({n})}})\n{u} = {v}.eval('a + {k}')",
    ],
    "pd_pivot_duplicate_entries": [
        "import pandas as pd\n{v} = pd.DataFrame({{'i': [1, 1], 'c': ['x', 'x'], 'v': [1, 2]}})\n{u} = {v}.pivot(index='i', columns='c', values='v')",
        "import pandas as pd\n{v} = pd.Series([1, 2], index=pd.MultiIndex.from_tuples([('a', '{k}'), ('a', '{k}')]))\n{u} = {v}.unstack()",
    ],
    # ---------------------------------------------------------------- builtins and stdlib
    "dict_missing_key": [
        "{v} = {{'id': 1, 'name': 'x'}}\n{u} = {v}['{k}']",
        "import json\n{v} = json.loads('{{\"a\": 1}}')\n{u} = {v}['{k}'] * 2",
        "{v} = dict(a=1)\n{w} = [{v}]\n{u} = [r['{k}'] for r in {w}]",
        "import collections\n{v} = collections.OrderedDict(a=1)\n{u} = {v}['{k}']",
    ],
    "env_var_missing": [
        "import os\n{u} = os.environ['{K}_TOKEN']",
        "import os\n{v} = os.environ\n{u} = {v}['{K}_URL'].rstrip('/')",
    ],
    "json_decode_empty_or_invalid": [
        "import json\n{u} = json.loads('')",
        "import json, io\n{u} = json.load(io.StringIO(\"{{'{k}': 1}}\"))",
        "import json\n{v} = '{{\"{k}\": 1,}}'\n{u} = json.loads({v})",
        "import requests\n{v} = requests.models.Response()\n{v}._content = b'<html>{k}</html>'\n{u} = {v}.json()",
    ],
    "json_not_serializable": [
        "import json\n{u} = json.dumps({{'{k}': {{1, 2}}}})",
        "import json, datetime\n{u} = json.dumps({{'{k}': datetime.datetime(2020, 1, {n})}})",
        "import json, io\n{v} = io.StringIO()\njson.dump(object(), {v})",
        "import json\nimport numpy as np\n{u} = json.dumps({{'{k}': np.int64({n})}})",
    ],
    "file_not_found": [
        "{v} = open('{k}_{n}.txt')",
        "from pathlib import Path\n{u} = Path('data/{k}.json').read_text()",
        "import pandas as pd\n{u} = pd.read_csv('input/{k}.csv')",
        "import numpy as np\n{u} = np.loadtxt('{k}_{n}.dat')",
    ],
    "regex_no_match_none_group": [
        "import re\n{v} = re.match(r'(\\d+)-{k}', 'abc')\n{u} = {v}.group(1)",
        "import re\n{u} = re.search(r'{k}=(\\w+)', 'nothing here').group(1)",
        "import regex\n{u} = regex.match(r'(?P<x>{k})', 'zzz').group('x')",
    ],
    "none_not_subscriptable": [
        "{v} = {{'a': 1}}.get('{k}')\n{u} = {v}[0]",
        "def {f}(x):\n    x.sort()\n{u} = {f}([3, 1])[0]",
        "import re\n{u} = re.match('{k}', 'other')[0]",
    ],
    "str_concat_int": [
        "{v} = '{k}' + {n}",
        "{v} = 'count: '\n{v} += {n}",
        "{v} = ['{k}', {n}]\n{u} = ''.join({v}) + 1",
    ],
    "unsupported_operand_int_str": [
        "{v} = {n} + '{k}'",
        "{v} = [1, 2, '{k}']\n{u} = sum({v})",
        "{v} = {{'a': '{n}'}}\n{u} = {v}['a'] * 2 - 1",
    ],
    "missing_positional_argument": [
        "def {f}(a, b):\n    return a + b\n{u} = {f}({n})",
        "class {K}:\n    def __init__(self, {k}, {j}):\n        self.{k} = {k}\n{u} = {K}(1)",
        "import functools\ndef {f}(x, y):\n    return x\n{u} = functools.partial({f})(1)",
    ],
    "user_function_unexpected_kwarg": [
        "def {f}(a, b=1):\n    return a\n{u} = {f}(1, {k}=2)",
        "class {K}:\n    def __init__(self, a):\n        self.a = a\n{u} = {K}(a=1, {k}=2)",
        "import dataclasses\n@dataclasses.dataclass\nclass {K}:\n    a: int\n{u} = {K}(a=1, {k}=3)",
    ],
    "library_unexpected_kwarg": [
        "import json\n{u} = json.dumps({{'{k}': 1}}, indentation=2)",
        "import pandas as pd, io\n{u} = pd.read_csv(io.StringIO('a;b'), seperator=';')",
        "import numpy as np\n{u} = np.zeros({n}, dtype=float, fill_value=1)",
        "import yaml\n{u} = yaml.safe_load('a: 1', Loader=yaml.FullLoader)",
    ],
    "int_parse_invalid_literal": [
        "{v} = '{k}'\n{u} = int({v})",
        "{v} = '3.5'\n{u} = int({v}) + {n}",
        "{v} = ['1', '2', 'x{k}']\n{u} = [int(t) for t in {v}]",
        "import pandas as pd\n{u} = pd.Series(['1', '{k}']).astype(int)",
    ],
    "list_index_out_of_range": [
        "{v} = [1, 2]\n{u} = {v}[{n} + 2]",
        "{v} = []\n{u} = {v}[0]",
        "{v} = '{k}'.split(',')\n{u} = {v}[1]",
    ],
    "infinite_recursion": [
        "def {f}(x):\n    return {f}(x + 1)\n{f}(0)",
        "class {K}:\n    @property\n    def {k}(self):\n        return self.{k}\n{u} = {K}().{k}",
        "def {f}(n):\n    return n * {f}(n - 1)\n{u} = {f}({n})",
    ],
    "zero_division": [
        "{v} = []\n{u} = sum({v}) / len({v})",
        "{v} = 0\n{u} = {n} // {v}",
        "{v} = {{'total': 0}}\n{u} = {n} % {v}['total']",
    ],
    "unpack_too_many_values": [
        "{v}, {w} = (1, 2, {n})",
        "{v} = {{'a': 1, 'b': 2}}\nfor {k}, {j} in {v}.items():\n    x, y, z = ({k}, {j}, 1, 2)",
        "{v} = '{k}=1=2'\n{w}, {u} = {v}.split('=')",
    ],
    "unpack_not_enough_values": [
        "{v}, {w}, {u} = (1, 2)",
        "{v} = '{k}'\n{w}, {u} = {v}.split(':')",
        "{v} = {{'{k}': 1}}\nfor a, b in {v}.items():\n    x, y, z = a, b",
    ],
    "unhashable_list": [
        "{v} = {{[1, 2]: '{k}'}}",
        "{v} = set()\n{v}.add(['{k}'])",
        "{v} = {{}}\n{w} = ['{k}', {n}]\n{v}[{w}] = 1",
    ],
    "module_not_found": [
        "import {k}_missing_pkg",
        "from {k}_helpers import {f}",
        "import importlib\n{u} = importlib.import_module('{k}_plugin')",
    ],
    "import_name_missing": [
        "from json import {k}_loads",
        "from collections import Mapping",
        "from numpy import {k}_array",
    ],
    "dict_changed_during_iteration": [
        "{v} = {{'a': 1, 'b': 2}}\nfor key in {v}:\n    {v}['{k}' + key] = 0",
        "{v} = {{i: i for i in range({n})}}\nfor key in {v}:\n    del {v}[key]",
        "{v} = {{i: i for i in range({n})}}\nfor key, val in {v}.items():\n    {v}.pop(key)",
    ],
    "shadowed_builtin_not_callable": [
        "str = '{k}'\n{u} = str({n})",
        "list = [1, 2]\n{u} = list(range({n}))",
        "{v} = '{k}'\n{u} = {v}()",
    ],
    "strptime_format_mismatch": [
        "import datetime\n{u} = datetime.datetime.strptime('2021-13-01', '%Y-%m-%d')",
        "from datetime import datetime\n{v} = '01/02/2021'\n{u} = datetime.strptime({v}, '%Y-%m-%d')",
        "import time\n{u} = time.strptime('{k}', '%H:%M')",
    ],
    "sqlite_no_such_table": [
        "import sqlite3\n{v} = sqlite3.connect(':memory:')\n{v}.execute('SELECT * FROM {k}')",
        "import sqlite3\n{v} = sqlite3.connect(':memory:').cursor()\n{v}.execute('INSERT INTO {k} VALUES (1)')",
        "import sqlite3\nimport pandas as pd\n{v} = sqlite3.connect(':memory:')\n{u} = pd.read_sql('SELECT id FROM {k}', {v})",
    ],
    "sqlite_wrong_bindings": [
        "import sqlite3\n{v} = sqlite3.connect(':memory:')\n{v}.execute('CREATE TABLE t (a, b)')\n{v}.execute('INSERT INTO t VALUES (?, ?)', (1,))",
        "import sqlite3\n{v} = sqlite3.connect(':memory:')\n{v}.execute('SELECT ?', (1, 2, {n}))",
    ],
    "subprocess_nonzero_exit": [
        "import subprocess\nsubprocess.run(['false'], check=True)",
        "import subprocess\nsubprocess.check_call(['sh', '-c', 'exit {n}'])",
        "import subprocess\n{u} = subprocess.check_output(['ls', '/nonexistent_{k}'], stderr=subprocess.DEVNULL)",
    ],
    "stop_iteration_empty": [
        "{v} = iter([])\n{u} = next({v})",
        "{v} = (x for x in range({n}) if x > 100)\n{u} = next({v})",
    ],
    "module_has_no_attribute": [
        "import json\n{u} = json.loadz('{{}}')",
        "import numpy as np\n{u} = np.arrays([1, 2])",
        "import math\n{u} = math.sqroot({n})",
        "import os\n{u} = os.path.joinpath('a', '{k}')",
    ],
    "tuple_item_assignment": [
        "{v} = (1, 2, 3)\n{v}[0] = {n}",
        "{v} = {{'shape': (2, 3)}}\n{v}['shape'][1] = {n}",
    ],
    "unicode_decode": [
        "{v} = b'\\xff\\xfe{k}'\n{u} = {v}.decode('utf-8')",
        "from pathlib import Path\nimport tempfile\n{v} = Path(tempfile.mkdtemp()) / '{k}.txt'\n{v}.write_bytes(b'\\x80abc')\n{u} = {v}.read_text(encoding='utf-8')",
        "import pandas as pd, io\n{u} = pd.read_csv(io.BytesIO(b'a\\n\\xff\\xfe'), encoding='utf-8')",
    ],
    "none_has_no_attribute": [
        "def {f}():\n    pass\n{u} = {f}().{k}",
        "{v} = {{'a': None}}\n{u} = {v}['a'].strip()",
        "{v} = [3, 1].sort()\n{u} = {v}.append(2)",
    ],
    # ---------------------------------------------------------------- pydantic
    "pydantic_missing_field": [
        "from pydantic import BaseModel\nclass {K}(BaseModel):\n    {k}: int\n    name: str\n{u} = {K}(name='x')",
        "from pydantic import BaseModel\nclass {K}(BaseModel):\n    {k}: str\n{u} = {K}.model_validate({{}})",
        "from pydantic import TypeAdapter\nfrom typing import TypedDict\nclass {K}(TypedDict):\n    {k}: int\n{u} = TypeAdapter({K}).validate_python({{}})",
    ],
    "pydantic_wrong_type": [
        "from pydantic import BaseModel\nclass {K}(BaseModel):\n    {k}: int\n{u} = {K}({k}='abc')",
        'from pydantic import BaseModel\nclass {K}(BaseModel):\n    {k}: float\n{u} = {K}.model_validate_json(\'{{"{k}": "x"}}\')',
        "from pydantic import TypeAdapter\n{u} = TypeAdapter(list[int]).validate_python(['1', '{k}'])",
    ],
    "pydantic_extra_forbidden": [
        "from pydantic import BaseModel, ConfigDict\nclass {K}(BaseModel):\n    model_config = ConfigDict(extra='forbid')\n    a: int = 1\n{u} = {K}({k}=2)",
        "from pydantic import BaseModel, ConfigDict\nclass {K}(BaseModel):\n    model_config = ConfigDict(extra='forbid')\n{u} = {K}.model_validate({{'{k}': 1}})",
    ],
    "pydantic_frozen_assignment": [
        "from pydantic import BaseModel, ConfigDict\nclass {K}(BaseModel):\n    model_config = ConfigDict(frozen=True)\n    {k}: int = 1\n{u} = {K}()\n{u}.{k} = 2",
        "from pydantic import BaseModel, Field\nclass {K}(BaseModel):\n    {k}: int = Field(1, frozen=True)\n{u} = {K}()\n{u}.{k} = {n}",
    ],
    # ---------------------------------------------------------------- yaml
    "yaml_mapping_values_not_allowed": [
        "import yaml\n{u} = yaml.safe_load('{k}: a: b')",
        "import yaml\n{v} = 'key: value: {n}'\n{u} = yaml.load({v}, Loader=yaml.SafeLoader)",
        "import yaml, io\n{u} = list(yaml.safe_load_all(io.StringIO('a: 1\\n{k}: x: y')))",
    ],
    "yaml_safe_load_python_tag": [
        "import yaml\n{u} = yaml.safe_load('!!python/object:{k}.{K} {{}}')",
        "import yaml\n{u} = yaml.safe_load('x: !!python/tuple [1, {n}]')",
    ],
    "yaml_cannot_represent": [
        "import yaml\nclass {K}:\n    pass\n{u} = yaml.safe_dump({{'{k}': {K}()}})",
        "import yaml\nimport numpy as np\n{u} = yaml.safe_dump({{'{k}': np.float64(1.5)}})",
    ],
    "yaml_bad_indentation": [
        "import yaml\n{u} = yaml.safe_load('{k}:\\n  - a\\n - b')",
        "import yaml\n{u} = yaml.safe_load('a:\\n  b: 1\\n c: {n}')",
    ],
    # ---------------------------------------------------------------- jinja2
    "jinja_undefined_variable": [
        "from jinja2 import Environment, StrictUndefined\n{u} = Environment(undefined=StrictUndefined).from_string('{{{{ {k} }}}}').render()",
        "import jinja2\n{v} = jinja2.Template('{{{{ {k}.name }}}}', undefined=jinja2.StrictUndefined)\n{u} = {v}.render({j}=1)",
    ],
    "jinja_syntax_error": [
        "from jinja2 import Template\n{u} = Template('{{% if {k} %}}x')",
        "from jinja2 import Environment\n{u} = Environment().from_string('{{{{ {k} }}')",
    ],
    "jinja_template_not_found": [
        "from jinja2 import Environment, FileSystemLoader\n{u} = Environment(loader=FileSystemLoader('templates')).get_template('{k}.j2')",
        "from jinja2 import Environment, DictLoader\n{u} = Environment(loader=DictLoader({{}})).get_template('{k}.html')",
    ],
    # ---------------------------------------------------------------- jsonschema
    "jsonschema_required_property": [
        "import jsonschema\njsonschema.validate({{}}, {{'type': 'object', 'required': ['{k}']}})",
        "from jsonschema import Draft7Validator\nDraft7Validator({{'required': ['{k}', '{j}']}}).validate({{'{j}': 1}})",
    ],
    "jsonschema_wrong_type": [
        "import jsonschema\njsonschema.validate({{'{k}': 'x'}}, {{'properties': {{'{k}': {{'type': 'integer'}}}}}})",
        "import jsonschema\njsonschema.validate([1, 'a'], {{'type': 'array', 'items': {{'type': 'number'}}}})",
    ],
    "jsonschema_invalid_schema": [
        "import jsonschema\njsonschema.validate({{}}, {{'type': '{k}'}})",
        "from jsonschema import Draft7Validator\nDraft7Validator.check_schema({{'type': {n}}})",
    ],
    # ---------------------------------------------------------------- networkx
    "nx_no_path": [
        "import networkx as nx\n{v} = nx.Graph()\n{v}.add_nodes_from(['{k}', '{j}'])\n{u} = nx.shortest_path({v}, '{k}', '{j}')",
        "import networkx as nx\n{v} = nx.DiGraph([(1, 2), (3, 4)])\n{u} = nx.dijkstra_path({v}, 1, 4)",
    ],
    "nx_node_not_found": [
        "import networkx as nx\n{v} = nx.path_graph({n})\n{u} = nx.shortest_path({v}, 0, 99)",
        "import networkx as nx\n{v} = nx.Graph([('a', 'b')])\n{u} = list(nx.bfs_edges({v}, '{k}'))",
    ],
    "nx_graph_has_cycle": [
        "import networkx as nx\n{v} = nx.DiGraph([(1, 2), (2, 1)])\n{u} = list(nx.topological_sort({v}))",
        "import networkx as nx\n{v} = nx.DiGraph([('{k}', '{j}'), ('{j}', '{k}')])\n{u} = nx.dag_longest_path({v})",
    ],
    # ---------------------------------------------------------------- scipy
    "scipy_curve_fit_maxfev": [
        "import numpy as np\nfrom scipy.optimize import curve_fit\ndef {f}(x, a, b):\n    return a * np.exp(b * x)\n{u} = curve_fit({f}, np.arange(10.0), np.sin(np.arange(10.0)) * 1e3, maxfev={n})",
        "import numpy as np\nfrom scipy import optimize\n{u} = optimize.curve_fit(lambda x, a, b, c: a * np.sin(b * x + c), np.linspace(0, 1, 20), np.random.default_rng(0).random(20), maxfev={n})",
    ],
    "scipy_interpolation_out_of_range": [
        "import numpy as np\nfrom scipy.interpolate import interp1d\n{v} = interp1d(np.arange({n}), np.arange({n}))\n{u} = {v}({n} + 10)",
        "from scipy import interpolate\n{v} = interpolate.interp1d([0, 1, 2], [0, 1, 4])\n{u} = {v}([-1, 0.5])",
    ],
    "scipy_sparse_dimension_mismatch": [
        "from scipy import sparse\n{v} = sparse.eye({n})\n{u} = {v} @ sparse.eye({n} + 1)",
        "import numpy as np\nfrom scipy.sparse import csr_matrix\n{v} = csr_matrix(np.ones(({n}, 2)))\n{u} = {v}.dot(np.ones(3))",
    ],
    # ---------------------------------------------------------------- sympy
    "sympy_sympify_error": [
        "import sympy\n{u} = sympy.sympify('{k} +* 2')",
        "from sympy.parsing.sympy_parser import parse_expr\n{u} = parse_expr('x === {n}')",
    ],
    "sympy_expression_to_float": [
        "import sympy\n{v} = sympy.Symbol('{k}')\n{u} = float({v} + 1)",
        "import sympy, math\n{v} = sympy.symbols('x y')\n{u} = math.sqrt({v}[0] * {n})",
    ],
    # ---------------------------------------------------------------- requests (no network: local refusals)
    "requests_missing_schema": [
        "import requests\n{u} = requests.get('example.com/{k}')",
        "import requests\n{v} = requests.Session()\n{u} = {v}.post('localhost:8000/{k}', json={{}})",
        "import requests\n{u} = requests.Request('GET', '{k}.internal/api').prepare()",
    ],
    "requests_connection_refused": [
        "import requests\n{u} = requests.get('http://127.0.0.1:9/{k}', timeout=2)",
        "import requests\n{v} = requests.Session()\n{u} = {v}.get('http://localhost:1/api/{k}', timeout=2)",
    ],
    "requests_raise_for_status": [
        "import requests\n{v} = requests.models.Response()\n{v}.status_code = 404\n{v}.url = 'http://x/{k}'\n{v}.raise_for_status()",
        "import requests\n{v} = requests.Response()\n{v}.status_code = 500\n{v}.reason = 'Server Error'\n{v}.url = 'http://api/{k}'\n{v}.raise_for_status()",
    ],
    # ---------------------------------------------------------------- click / typer
    "click_missing_option": [
        "import click\n@click.command()\n@click.option('--{k}', required=True)\ndef {f}({k}):\n    pass\n{f}.main(args=[], standalone_mode=False)",
        "import typer\n{v} = typer.Typer()\n@{v}.command()\ndef {f}({k}: str = typer.Option(...)):\n    pass\nimport typer.main\ntyper.main.get_command({v}).main(args=[], standalone_mode=False)",
    ],
    "click_bad_parameter_type": [
        "import click\n@click.command()\n@click.option('--{k}', type=int)\ndef {f}({k}):\n    pass\n{f}.main(args=['--{k}', 'abc'], standalone_mode=False)",
        "import typer, typer.main\n{v} = typer.Typer()\n@{v}.command()\ndef {f}({k}: int = 1):\n    pass\ntyper.main.get_command({v}).main(args=['--{k}', 'x'], standalone_mode=False)",
    ],
    # ---------------------------------------------------------------- attrs / cattrs
    "attrs_validator_type": [
        "import attrs\n@attrs.define\nclass {K}:\n    {k}: int = attrs.field(validator=attrs.validators.instance_of(int))\n{u} = {K}('{n}')",
        "import attr\n@attr.s\nclass {K}:\n    {k} = attr.ib(validator=attr.validators.instance_of(str))\n{u} = {K}({n})",
    ],
    "cattrs_structure_error": [
        "import attrs, cattrs\n@attrs.define\nclass {K}:\n    {k}: int\n{u} = cattrs.structure({{'{k}': 'abc'}}, {K})",
        "import attrs, cattrs\n@attrs.define\nclass {K}:\n    {k}: int\n    {j}: str\n{u} = cattrs.Converter().structure({{'{j}': 'x'}}, {K})",
    ],
    # ---------------------------------------------------------------- dateutil, toml, rich, regex
    "dateutil_unknown_format": [
        "from dateutil import parser\n{u} = parser.parse('{k} soon')",
        "import dateutil.parser\n{u} = dateutil.parser.isoparse('20-1-{k}')",
    ],
    "toml_decode_error": [
        "import toml\n{u} = toml.loads('{k} = ')",
        "import tomllib\n{u} = tomllib.loads('[{k}\\nx = 1')",
        "import toml\n{u} = toml.loads('a = {n}\\na = 2')",
    ],
    "rich_markup_error": [
        "from rich.console import Console\nConsole().print('[/bold]{k}')",
        "from rich.text import Text\n{u} = Text.from_markup('{k} [/red]')",
    ],
    "regex_compile_error": [
        "import re\n{u} = re.compile('[{k}')",
        "import re\n{u} = re.findall('({k}', 'text')",
        "import regex\n{u} = regex.compile('({k}')",
    ],
}

# the library each group is about (the first third-party import when there is one)
LIBRARY = {
    "np": "numpy", "pd": "pandas", "pydantic": "pydantic", "yaml": "pyyaml", "jinja": "jinja2",
    "jsonschema": "jsonschema", "nx": "networkx", "scipy": "scipy", "sympy": "sympy", "requests": "requests",
    "click": "click", "attrs": "attrs", "cattrs": "cattrs", "dateutil": "python-dateutil", "toml": "toml",
    "rich": "rich", "regex": "regex",
}  # fmt: skip


def library_of(group: str) -> str:
    return LIBRARY.get(group.split("_", 1)[0], "stdlib")
