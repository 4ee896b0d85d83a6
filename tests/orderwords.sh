#!/bin/sh
# orderwords.sh [ROOT]: every order word of the code's order tables is written for the
# players. The generic table (src/game/order_table.c, `keywords[]`) must appear in the shared
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
# Words are extracted as tests/fuzz/run.sh does.
# Then the same in every other language the referee writes (each templates/po/LL.po): every
# order word and every word an order reads after its own (templates/po/orders.pot, made
# from the same tables) has its words there (msgctxt "order", "order argument"), and the
# first of them, the one the mails show, is in the docs page beside the English word and,
# for the generic ones, in the help of that language (templates/help.LL.txt).
# Prints each missing word; exit 1 if any.
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

for w in $(words src/game/order_table.c | tr ' ' '_'); do
    w=$(printf '%s' "$w" | tr _ ' ')
    in_page "$w" docs/orders.md || missing "'$w' (src/game/order_table.c) is not in docs/orders.md"
    in_help "$w" || missing "'$w' (src/game/order_table.c) is not in templates/help.txt"
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
# translated LL CTX WORD: the first of the words catalogue LL gives WORD in context CTX
translated() {
    awk -v ctx="msgctxt \"$2\"" -v id="msgid \"$3\"" '
        $0 == ctx { c = 1; next }
        c && $0 == id { i = 1; c = 0; next }
        i && /^msgstr "/ { sub(/^msgstr "/, ""); sub(/"$/, ""); sub(/\|.*/, ""); print; exit }
        { c = 0; i = 0 }' "templates/po/$1.po"
}

# in_text WORD FILE...: WORD begins a code span, an indented line, a quoted text or what
# follows a slash (exact case)
in_text() {
    it_word=$1
    shift
    cat "$@" 2>/dev/null |
        grep -qE -- "(\`|^ +|\"|/ )$(printf '%s' "$it_word" | sed 's/[.[\*^$]/\\&/g')( |\"|\`|\$|\))"
}

python3 templates/po/orders_pot.py . > "${TMPDIR:-/tmp}/orderwords.$$"
for po in templates/po/*.po; do
    [ -f "$po" ] || continue
    ll=$(basename "$po" .po)
    for ctx in order "order argument"; do
        awk -v ctx="msgctxt \"$ctx\"" '$0 == ctx { on = 1; next }
            on && /^msgid "/ { sub(/^msgid "/, ""); sub(/"$/, ""); print } { on = 0 }' \
            "${TMPDIR:-/tmp}/orderwords.$$" | while IFS= read -r w; do
            t=$(translated "$ll" "$ctx" "$w")
            if [ -z "$t" ]; then
                echo "orderwords: '$w' has no words in $po (msgctxt \"$ctx\")"
                continue
            fi
            [ "$ctx" = order ] || continue
            for f in $(grep -l "{ \"$w\"," src/game/order_table.c src/kinds/*/*_kind.c); do
                case $f in src/game/*) page=docs/orders.md help=templates/help.$ll.txt ;;
                           *) k=$(basename "$(dirname "$f")"); page=docs/$k.md; help= ;; esac
                in_text "$t" "$page" ||
                    echo "orderwords: '$t' ($ll for '$w', $f) is not in $page"
                # the help with the kinds' parts of it in that language
                [ -z "$help" ] || [ ! -f "$help" ] ||
                    in_text "$t" "$help" templates/*/help-*."$ll".txt ||
                    echo "orderwords: '$t' ($ll for '$w') is not in $help"
            done
        done
    done
done > "${TMPDIR:-/tmp}/orderwords-ll.$$"
rm -f "${TMPDIR:-/tmp}/orderwords.$$"
if [ -s "${TMPDIR:-/tmp}/orderwords-ll.$$" ]; then
    sort -u "${TMPDIR:-/tmp}/orderwords-ll.$$"
    fails=$((fails + 1))
fi
rm -f "${TMPDIR:-/tmp}/orderwords-ll.$$"
[ "$fails" -eq 0 ] || exit 1
