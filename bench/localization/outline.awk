# The outline of the class defined on line L: its own line and the `def`/`class` lines inside it, numbered.
# The class's range goes to stderr as "START END" (bookkeeping only).
function indent(s) { match(s, /^[ \t]*/); return RLENGTH }
{ text[NR] = $0 }
END {
    base = indent(text[L]); stop = NR
    for (j = L + 1; j <= NR; j++) {
        if (text[j] ~ /^[ \t]*$/ || text[j] ~ /^[ \t]*[#)\]]/) continue
        if (indent(text[j]) <= base) { stop = j - 1; break }
    }
    print L ": " text[L]
    for (k = L + 1; k <= stop; k++) if (text[k] ~ /^[ \t]*(async[ \t]+)?(def|class)[ \t]/) print k ": " text[k]
    print L, stop > "/dev/stderr"
}
