#!/bin/sh
# usage: sh check.sh g_yaml  -- runs one module's programs and prints id | exception (or why dropped)
cd "$(dirname "$0")" && python3 -c "
import sys
sys.path.insert(0, '.')
import importlib, make_dataset
mod = importlib.import_module('programs.' + sys.argv[1])
seen = {}
for p in mod.PROGRAMS:
    seen[p.group] = seen.get(p.group, 0) + 1
    row, why = make_dataset.run(p)
    print(('OK  ' if row else 'BAD ') + p.group + '/' + str(seen[p.group]) + ' | ' + why[:300])
" "$1"
