# Print the whole Python function (or class) around line L of a file: back to the nearest `def`/`class` line
# indented less than line L (or on L itself), forward to the last line before the code dedents to that level.
# The printed range goes to stderr as "START END" (the benchmark's bookkeeping; the agent sees stdout only).
function indent(s) { match(s, /^[ \t]*/); return RLENGTH }
{ text[NR] = $0 }
END {
    if (L > NR) L = NR
    start = 0
    for (i = L; i >= 1; i--) {
        if (text[i] ~ /^[ \t]*(async[ \t]+)?(def|class)[ \t]/ && (i == L || indent(text[i]) < limit(L))) { start = i; break }
    }
    if (start == 0) { start = (L > 20 ? L - 20 : 1); stop = (L + 20 < NR ? L + 20 : NR) }
    else {
        base = indent(text[start]); stop = NR; body = 0
        for (j = start + 1; j <= NR; j++) {
            if (text[j] ~ /^[ \t]*$/ || text[j] ~ /^[ \t]*#/) continue
            if (!body && text[j] ~ /^[ \t]*[)\]]/) continue
            if (text[j - 1] ~ /:[ \t]*(#.*)?$/) body = 1
            if (indent(text[j]) <= base) { stop = j - 1; break }
        }
        while (stop > start && text[stop] ~ /^[ \t]*$/) stop--
    }
    for (k = start; k <= stop; k++) print text[k]
    print start, stop > "/dev/stderr"
}
function limit(n,    m) { m = n; while (m > 1 && text[m] ~ /^[ \t]*$/) m--; return indent(text[m]) }
