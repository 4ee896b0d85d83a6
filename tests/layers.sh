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
#
# Inside each folder the orders name (below: src/pipeline, src/game, src/kinds/tempete,
# src/mail, src/store, src/engine, src/render), its files stand in layers too,
# bottom to top: a file may call a function, or include a header, only of a file below
# it (or its own), so that nothing calls back up and no two files depend on each other.
# A name in the order stands for NAME.c and NAME.h; a header that only declares what the
# folder's files share is named with its .h (then NAME.c stands where NAME is named). A
# call is any use, outside comments and strings, of a function another .c file of the
# folder defines (a definition: a line that starts at column 0, is not static, and opens
# a body). A file of the folder that the order leaves out fails until it is placed, and a
# name of the order that no file has fails too, so the order stays the folder's.
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

# The folders ordered inside: "FOLDER: NAME..." (the names may go on over the next lines),
# bottom to top. src/pipeline: the declarations; the mails read ahead (ahead.c, which
# calls only the mail reader); the run's state (run.c) over the files
# that keep one thing each (the poison marks, the held mails, the clock's floor, the
# replay's checks); then the counts and bounces, the digests, consent, the robots' screen,
# the replies and the commit, the tournaments' commit and actions, time's decisions (tick),
# one mail's journey (pipeline.c), the group commit (batch.c), the run's opening (open.c,
# which hands the run pipeline.c's referee action) and the tournament log's replay.
# The other folders: their headers first (declarations), then their files from those
# that call no other file of the folder up to the top ones. src/game: the outcome of a
# mail and the names of sides and seats, the boards, the order words' tables and
# reader, the spelling and its questions of a game, the kind interface, what every
# order shares (apply.c), the card turn's state, then the game, its settings,
# conditional moves, a mail's applying and the referee's acts, the card-turn protocol.
# src/kinds/tempete: its state, a card undone, its effects, a card played, the turn.
# src/mail: the message and its MIME body, the text and its signatures and the
# referee's pasted text, the transports (IMAP: the connection, then fetching, then
# moving). src/store: the JSON reader, the rules and cards, the state, the journal,
# the store, the players, tournaments and ratings. src/engine: the piece notation, the
# variant and its compiled tables, the squares by name, the exchanges and capture chains
# a move makes, the position, the generator, FEN, SAN, the game's end, perft, then the
# compiler over them all (it reads the starting position) and the cards' edits of a variant.
# src/render: the templates and boards, the clock, the views, the archive.
inner='
src/pipeline: ahead.h pipeline.h robots.h replay.h pipeline_int.h tourney.h
    ahead replay poison hold floor run bounce answers digests consent robots tourney_view replies
    commit tourney_commit recover tourney tourney_mail tourney_result tourney_settle tick
    pipeline batch open treplay
src/game: chessclock.h legacy_text.h order.h game.h apply.h cardturn_state.h cardturn_kind.h
    cardturn.h choices.h digest.h kind.h observe.h order_arg.h order_prose.h order_shape.h
    order_words.h spelling.h standing.h board game_event legacy_text names order_shape
    order_table order_words order_arg order_prose outcome observe spelling order kind
    cardturn_state chessclock choices cardturn_choices spelling_game apply standing game
    digest game_settings game_snapshot conditional game_apply game_referee cardturn_kind
    cardturn
src/kinds/tempete: tempete.h tempete_int.h tempete_kind.h tempete_store.h tempete_view.h
    tempete tempete_store tempete_undo tempete_effect tempete_card tempete_turn tempete_kind
    tempete_view
src/mail: charset.h compose.h deliver.h dsn.h fetchparse.h html.h imap.h mbox.h msg.h
    msg_int.h msgtext.h msgtext_int.h net.h imap_int.h outbox.h smtp.h spool.h charset compose
    dsn fetchparse html msg_mime msg mbox msgtext_referee msgtext_sig msgtext net imap
    imap_fetch imap_move outbox smtp spool queue deliver
src/store: cards_load.h jread.h cardturn_json.h rules_load.h standing_json.h store.h other.h
    players.h reminders.h store_kind.h store_int.h tournament_json.h jread cardturn_json
    lasttime other quota quota_counts reminders rules_load cards_load standing_json store_kinds state_json
    store_journal store players tournament_json ratings_json
src/engine: types.h betza.h variant.h tables.h pos.h exchange.h chains.h movegen.h notation.h
    status.h perft.h betza variant tables squares exchange chains pos movegen fen notation
    status perft compile variant_edit
src/render: archive.h board_html.h catalogue.h diagram.h fit.h fsf.h movetext.h quote.h
    template.h cardturn_view.h tournament_view.h undone.h view_extra.h view_clock.h view.h
    language.h view_kind.h view_read.h vocabulary.h board_html catalogue diagram fit fsf quote
    template cardturn_view tournament_view archive_tournament undone movetext view_clock
    view_kinds view_moves view_html view_names archive_index view_pgn view_read view
    view_templates archive_page language vocabulary
'
# LAYERS_INNER, when set, replaces the orders (the script's own tests use it).
inner=${LAYERS_INNER-$inner}

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

# The order inside a folder: every .c and .h file directly in an ordered folder, read twice
# (the definitions, then the calls and includes).
inner_folders=$(printf '%s\n' "$inner" | sed -n 's/^\([^ :]*\):.*/\1/p')
inner_files=$(for d in $inner_folders; do printf '%s\n' "$LAYERS_FILES" | grep "^$d/[^/]*\.[ch]$"; done)
inner_bad=0
if [ -n "$inner_folders" ]; then
    # shellcheck disable=SC2086 # the file names hold no spaces (src/ holds none)
    awk -v spec="$inner" '
    # The order inside a folder: pass=1 reads the definitions, pass=2 the calls and includes.
    BEGIN {
        sq = sprintf("%c", 39)
        lex = "/\\*|//|\"|" sq
        n = split(spec, sl, "\n")
        for (i = 1; i <= n; i++) {
            line = sl[i]
            if (match(line, /^[^ \t:]+:/)) {
                f = substr(line, 1, RLENGTH - 1); line = substr(line, RLENGTH + 1); r[f] = 0
            }
            if (f == "") continue
            k = split(line, w, /[ \t]+/)
            for (j = 1; j <= k; j++) if (w[j] != "") { rank[f "/" w[j]] = ++r[f]; named[++nnamed] = f "/" w[j] }
        }
        n = split(ENVIRON["LAYERS_FILES"], fs, "\n")
        for (i = 1; i <= n; i++) if (fs[i] ~ /\.[ch]$/) exists[fs[i]] = 1
        for (i = 1; i <= n; i++)
            if ((fs[i] ~ /\.[ch]$/) && (folder(fs[i]) in r) && !place(fs[i])) {
                printf "%s: is in %s/ but not in its order: place it in tests/layers.sh\n", fs[i], folder(fs[i])
                bad = 1
            }
        for (i = 1; i <= nnamed; i++)
            if (!((p = named[i]) in exists) && !((p ".c") in exists) && !((p ".h") in exists)) {
                printf "layers.sh: the order of %s/ names %s, which no file is: remove it\n", folder(p), base(p)
                bad = 1
            }
    }
    function folder(p) { sub(/\/[^\/]*$/, "", p); return p }
    function base(p) { sub(/^.*\//, "", p); return p }
    function stem(p) { sub(/\.[ch]$/, "", p); return p }
    # The place of a file in the order of its folder: where its own name stands, else where
    # its stem stands; 0 if the order names neither.
    function place(p) { return (p in rank) ? rank[p] : (stem(p) in rank) ? rank[stem(p)] : 0 }
    # The line without its comments, strings and characters (a comment may run over lines).
    function code(s,   out, c, d) {
        out = ""
        while (s != "") {
            if (incomment) {
                if (!(c = index(s, "*/"))) return out
                s = substr(s, c + 2); incomment = 0; out = out " "
                continue
            }
            if (!match(s, lex)) return out s
            out = out substr(s, 1, RSTART - 1); c = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
            if (c == "//") return out
            if (c == "/*") { incomment = 1; continue }
            while (s != "") {
                d = substr(s, 1, 1); s = substr(s, 2)
                if (d == "\\") s = substr(s, 2)
                else if (d == c) break
            }
            out = out " "
        }
        return out
    }
    FNR == 1 { incomment = 0; pending = "" }
    pass == 1 {
        t = code($0)
        if (FILENAME !~ /\.c$/) next
        if (pending == "" && t ~ /^[A-Za-z_]/ && t !~ /^(static|typedef|extern|enum|union)[^A-Za-z_0-9]/ &&
            match(t, /[A-Za-z_][A-Za-z_0-9]*[ \t]*\(/)) {
            pending = substr(t, RSTART, RLENGTH); sub(/[ \t]*\($/, "", pending)
            t = substr(t, RSTART + RLENGTH)
        }
        if (pending != "" && match(t, /[{;]/)) {
            if (substr(t, RSTART, 1) == "{") def[pending] = FILENAME
            pending = ""
        }
        next
    }
    # dep FROM TO: FROM depends on TO; reported if TO stands above it.
    function dep(from, to, at, what) {
        if (from == to || folder(from) != folder(to)) return
        if (!((from, to) in deps)) { deps[from, to] = 1; ndeps++; dfrom[ndeps] = from; dto[ndeps] = to }
        if (place(from) && place(to) && place(to) > place(from)) {
            printf "%s:%d: %s, which stands above %s in %s/\n", from, at, what, base(from), folder(from)
            bad = 1
        }
    }
    pass == 2 && /^[ \t]*#[ \t]*include/ {
        if (match($0, /"[^"]+"/)) {
            inc = substr($0, RSTART + 1, RLENGTH - 2)
            target = inc ~ /\// ? "src/" inc : folder(FILENAME) "/" inc
        } else if (match($0, /<[^>]+>/) && (("src/" substr($0, RSTART + 1, RLENGTH - 2)) in exists)) {
            inc = substr($0, RSTART + 1, RLENGTH - 2); target = "src/" inc
        } else
            next
        if (target in exists) dep(FILENAME, target, FNR, "include " inc " is " base(target))
        next
    }
    pass == 2 {
        t = code($0)
        if (FILENAME !~ /\.c$/) next
        while (match(t, /[A-Za-z_][A-Za-z_0-9]*/)) {
            id = substr(t, RSTART, RLENGTH); t = substr(t, RSTART + RLENGTH)
            if ((id in def) && def[id] != FILENAME && !((FILENAME, id) in told)) {
                told[FILENAME, id] = 1
                dep(FILENAME, def[id], FNR, "calls " id " of " base(def[id]))
            }
        }
    }
    END {
        for (i = 1; i <= ndeps; i++)
            if ((dto[i], dfrom[i]) in deps && dfrom[i] < dto[i]) {
                printf "%s and %s depend on each other: a circle\n", dfrom[i], dto[i]
                bad = 1
            }
        exit bad
    }
    ' pass=1 $inner_files pass=2 $inner_files || inner_bad=1
fi

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
[ $? -eq 0 ] && [ "$json_bad" -eq 0 ] && [ "$inner_bad" -eq 0 ]
