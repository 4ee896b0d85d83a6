#!/bin/sh
# The figures the benches wrote (bench/lib.sh, figure()), one line each, beside their
# bounds and the previous release's, measured in the same run: a figure outside its bound
# is marked, and so is one more than 10% worse than the previous release's.
# Usage: bench/table.sh FIGURES [RELEASE-NAME]     (FIGURES: NAME|UNIT|SENSE|BOUND|THIS|RELEASE|NOISE lines)
set -u
[ -s "$1" ] || exit 0
echo
echo "make bench: each figure, its bound, and the previous release (${2:-none}) in the same run"
awk -F'|' '
function num(x) { return x == "-" || x == "" ? "" : x + 0 }
function show(v, unit) {
    if (v == "") return "-"
    if (unit == "" && v == int(v)) return sprintf("%d", v)
    return sprintf(v >= 100 ? "%.0f%s" : v >= 10 ? "%.1f%s" : "%.2f%s", v, unit)
}
BEGIN { printf "%-46s %12s %12s %12s  %s\n", "figure", "bound", "this build", "release", "" }
{
    name = $1; unit = $2; sense = $3; bound = num($4); v = num($5); b = num($6); noise = $7 + 0
    mark = ""
    if (bound != "" && v != "" && ((sense == "high" && v < bound) || (sense == "low" && v > bound)))
        mark = "OUTSIDE ITS BOUND"
    if (b != "" && v != "" && b > 0 && (v - b > noise || b - v > noise)) {
        worse = sense == "high" ? (b - v) / b : (v - b) / b
        if (worse > 0.10)
            mark = (mark ? mark "; " : "") sprintf("%.0f%% WORSE than the release", 100 * worse)
    }
    printf "%-46s %12s %12s %12s  %s\n", name, bound == "" ? "-" : (sense == "high" ? ">= " : "<= ") show(bound, unit),
           show(v, unit), show(b, unit), mark
}' "$1"
