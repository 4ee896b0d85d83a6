#!/bin/sh
# orderwords.sh [ROOT]: every order word of the code's order tables is written for the
# players. The generic table (src/game/order.c, `keywords[]`) must appear in the shared
# orders page (docs/orders.md) and in the help mail (templates/help.txt, with the kinds'
# parts it shows, templates/KIND/help-*.txt); each kind's table
# (src/kinds/K/K_kind.c, the `struct order_word` table its `struct kind` names as `.orders`)
# in its own page (docs/K.md; plain chess has none of its own). The help of a game prints
# its kind's `.orders` table itself (view_order_usage() in src/render/view.c writes each
# entry's words), so a kind's word is in the help once it is in that table; the check
# makes sure the words it reads are the table `.orders` names, and that the help template
# still prints the kind's orders.
# A word counts as written when it begins a code span (`card 23`) or an indented example
# line; in the help, when it begins an indented line or follows a quote or a slash.
# Words are extracted as tests/fuzz/run.sh does. Prints each missing word; exit 1 if any.
set -u
root=${1:-.}
cd "$root" || exit 2
fails=0

words() {    # words FILE [TABLE]: the order words of FILE's table TABLE (all tables if none)
    if [ -n "${2:-}" ]; then
        awk -v t="$2" '$0 ~ "struct order_word " t "\\[\\] = \\{" { on = 1; next }
                       on && /^\};/ { on = 0 } on' "$1"
    else
        cat "$1"
    fi | sed -n 's/^[[:space:]]*{ "\([a-z][a-z ]*\)", .*/\1/p' | sort -u
}

in_page() {  # in_page WORD FILE
    grep -qiE -- "\`$1([ \`]|\$)|^ {4,}$1( |\$)" "$2"
}

in_help() {  # in_help WORD: in the help, or in a kind's part of it (templates/KIND/help-*.txt),
             # in English (a translation, help-NAME.LL.txt, does not stand in for it)
    for f in templates/*/help-*.txt; do
        case $f in *.??.txt) ;; *) [ -f "$f" ] && cat "$f" ;; esac
    done | cat templates/help.txt - 2>/dev/null |
        grep -qiE -- "(^ +|\"|/ )$1( |\"|\$|\))"
}

missing() { echo "orderwords: $*"; fails=$((fails + 1)); }

for w in $(words src/game/order.c | tr ' ' '_'); do
    w=$(printf '%s' "$w" | tr _ ' ')
    in_page "$w" docs/orders.md || missing "'$w' (src/game/order.c) is not in docs/orders.md"
    in_help "$w" || missing "'$w' (src/game/order.c) is not in templates/help.txt"
done

grep -q '{{#each kind_orders}}' templates/help.txt ||
    missing "templates/help.txt no longer prints a game's kind_orders"

for f in src/kinds/*/*_kind.c; do
    k=$(basename "$(dirname "$f")")
    table=$(sed -n 's/^[[:space:]]*\.orders = \([a-z_]*\),.*/\1/p' "$f")
    [ -n "$table" ] || continue
    page=docs/$k.md
    [ -f "$page" ] || { missing "$f has orders but no page $page"; continue; }
    [ -n "$(words "$f" "$table")" ] || missing "$f: no words read from its table $table"
    for w in $(words "$f" "$table" | tr ' ' '_'); do
        w=$(printf '%s' "$w" | tr _ ' ')
        in_page "$w" "$page" || missing "'$w' ($f) is not in $page"
    done
done
[ "$fails" -eq 0 ] || exit 1
