#!/bin/sh
# layers.sh: the include rules between the source folders, checked. Usage: layers.sh [ROOT]
# Scans ROOT/src (default: .) and prints one line per include that crosses the layer picture
# of docs/design.md "Layers"; exits 1 if any is found. Only direct includes are checked.
#
# A file's layer is its folder, except in src/kinds/NAME/: *_store.[ch] are store files,
# *_view.[ch] are render files, every other file there is a game file. src/kinds/registry.[ch]
# is the "registry" layer, the one place besides a kind's own folder that names its headers;
# it sits above store and render, which it hands each kind's parts at start-up (tables
# handed down): neither may include it, only pipeline and cli.
# An include written <a/b.h> is the project's own when src/a/b.h exists (-Isrc serves it
# before the system's folders) and is checked like "a/b.h". Every .c and .h file under src/
# must lie in a folder the table names: a new folder fails the check until it is placed.
# JSON is read in one place: no file but src/store/jread.c calls jansson's readers (the
# getters, the unpacker, the parsers, the iterators); the others read through
# store/jread.h, whose errors name the file and the field. Writing is left to jansson.
set -u
root=${1:-.}
[ -d "$root/src" ] || { echo "layers.sh: $root/src: no such folder" >&2; exit 2; }

# Known exceptions: "file include" pairs that break the picture, each to go as its file is
# restructured (none today). A line that no longer matches is reported too, so the list can
# only shrink.
exceptions='
'

# LAYERS_EXCEPTIONS, when set, replaces the list (the script's own tests use it).
exceptions=${LAYERS_EXCEPTIONS-$exceptions}

cd "$root" || exit 2
# Every file under src/, for the awk script: which ones to place, and which <...> are ours.
LAYERS_FILES=$(find src -type f | LC_ALL=C sort); export LAYERS_FILES
# jansson's readers outside store/jread.c: FILE:LINE: NAME
json_readers='json_(object_get[a-z]*|unpack[a-z_]*|(string|integer|real|number|boolean)_value|string_length|is_(true|false)|array_get|object_iter[a-z_]*|object_foreach[a-z_]*|array_foreach|load[bsf]?|loadfd|load_file|loadb|load_callback)'
printf '%s\n' "$LAYERS_FILES" | grep '\.[ch]$' | grep -v '^src/store/jread\.c$' |
    xargs grep -noE "\\b$json_readers\\b" /dev/null |
    awk -F: '{ printf "%s:%s: reads JSON with %s: only src/store/jread.c reads JSON (use store/jread.h)\n", $1, $2, $3 }' \
    > "${TMPDIR:-/tmp}/layers-json.$$"
json_bad=0
[ -s "${TMPDIR:-/tmp}/layers-json.$$" ] && json_bad=1
cat "${TMPDIR:-/tmp}/layers-json.$$"; rm -f "${TMPDIR:-/tmp}/layers-json.$$"

printf '%s\n' "$LAYERS_FILES" | grep '\.[ch]$' | xargs grep -n '^[[:space:]]*#[[:space:]]*include' /dev/null |
awk -v exceptions="$exceptions" '
# The table: layer -> the layers its files may include (its own layer always allowed).
BEGIN {
    may["util"]     = ""
    may["engine"]   = "util"
    may["rules"]    = "engine util"
    may["game"]     = "rules engine util"
    may["tournament"] = "util"
    may["registry"] = "game rules engine util store render"
    may["store"]    = "tournament game rules engine util config"
    may["mail"]     = "util config"
    may["render"]   = "tournament game rules engine util"
    may["config"]   = "util"
    may["pipeline"] = "registry store mail render config tournament game rules engine util"
    may["cli"]      = "registry store mail render config pipeline tournament game rules engine util"
    # Outside libraries: which files may include them (an extended regex over the path).
    lib["jansson"]  = "^src/store/|^src/kinds/[^/]+/[^/]*_store\\.[ch]$"
    lib["curl"]     = "^src/mail/(net|imap|smtp)\\.[ch]$"
    lib["libetpan"] = "^src/mail/(msg|msg_mime|mbox|charset)\\.[ch]$"
    lib["openssl"]  = "^src/util/crypto\\.[ch]$"
    who["jansson"]  = "src/store/ and src/kinds/*/*_store.[ch]"
    who["curl"]     = "src/mail/net, imap and smtp"
    who["libetpan"] = "src/mail/msg, msg_mime, mbox and charset"
    who["openssl"]  = "src/util/crypto"
    n = split(exceptions, ex, "\n")
    for (i = 1; i <= n; i++) if (ex[i] != "") { known[ex[i]] = 1; used[ex[i]] = 0 }
    bad = 0
    n = split(ENVIRON["LAYERS_FILES"], fs, "\n")
    for (i = 1; i <= n; i++) if (fs[i] != "") { exists[fs[i]] = 1; if (fs[i] ~ /\.[ch]$/) place(fs[i]) }
}
# Fails a file that lies outside every folder of the table: it has no layer to check.
function place(file,   l, d) {
    l = layer(file)
    if (l == "kinds-misplaced")
        printf "%s: is in src/kinds/ but is not the registry: a kind lives in src/kinds/NAME/\n", file
    else if (l == "")
        printf "%s: lies directly in src/: a file belongs in a layer folder\n", file
    else if (!(l in may))
        printf "%s: is in src/%s/, a folder the layer table does not list: name it in tests/layers.sh\n", file, l
    else
        return
    bad = 1
}
function layer(p,   a, k) {
    k = split(p, a, "/")
    if (a[1] != "src" || k < 3) return ""
    if (a[2] != "kinds") return a[2]
    if (k == 3) return (a[3] ~ /^registry\.[ch]$/) ? "registry" : "kinds-misplaced"
    if (a[k] ~ /_store\.[ch]$/) return "store"
    if (a[k] ~ /_view\.[ch]$/) return "render"
    return "game"
}
function kind(p,   a) { split(p, a, "/"); return (a[2] == "kinds" && p ~ /^src\/kinds\/[^\/]+\/./) ? a[3] : "" }
function allowed(from, to,   a, n, i) {
    if (from == to) return 1
    n = split(may[from], a, " ")
    for (i = 1; i <= n; i++) if (a[i] == to) return 1
    return 0
}
function report(file, line, inc, what) {
    if ((file " " inc) in known) { used[file " " inc] = 1; return }
    printf "%s:%s: include %s %s\n", file, line, inc, what
    bad = 1
}
{
    # grep -n output: FILE:LINE:#include ...
    file = $0; sub(/:.*/, "", file)
    rest = substr($0, length(file) + 2)
    line = rest; sub(/:.*/, "", line)
    text = substr(rest, length(line) + 2)
    from = layer(file)
    if (!(from in may)) next            # place() has failed the file already
    if (match(text, /<[^>]+>/) && !(("src/" substr(text, RSTART + 1, RLENGTH - 2)) in exists)) {
        inc = substr(text, RSTART + 1, RLENGTH - 2)
        l = ""
        if (inc == "jansson.h") l = "jansson"
        else if (inc ~ /^curl\//) l = "curl"
        else if (inc ~ /^libetpan\//) l = "libetpan"
        else if (inc ~ /^openssl\//) l = "openssl"
        if (l != "" && file !~ lib[l])
            report(file, line, inc, "crosses layer " from " -> " l " (only " who[l] " may)")
        next
    }
    if (!match(text, /"[^"]+"|<[^>]+>/)) next
    angled = substr(text, RSTART, 1) == "<"
    inc = substr(text, RSTART + 1, RLENGTH - 2)
    # A bare name in quotes is beside the including file; otherwise the path is relative to src/.
    target = (inc ~ /\// || angled) ? "src/" inc : file
    if (inc !~ /\// && !angled) sub(/[^\/]*$/, inc, target)
    to = layer(target)
    if (to == "kinds-misplaced") to = "registry"
    k = kind(target)
    if (k != "" && kind(file) != k && from != "registry") {
        report(file, line, inc, "crosses layer " from " -> kind " k " (only src/kinds/" k "/ and the registry may)")
        next
    }
    if (to != "" && !allowed(from, to))
        report(file, line, inc, "crosses layer " from " -> " to)
}
END {
    for (e in used) if (!used[e]) {
        printf "layers.sh: known exception \"%s\" no longer occurs: remove it from the list\n", e
        bad = 1
    }
    exit bad
}'
[ $? -eq 0 ] && [ "$json_bad" -eq 0 ]
