#!/bin/sh
# Tests of tests/orderwords.sh on a copy of the tree's tables, pages and help: the copy as
# it is must pass; with a word taken out of a page, out of the help, or a word added to a
# table, the script must fail and name that word and file.
set -u
src=$(cd "$(dirname "$0")/../.." && pwd)
script=$src/tests/orderwords.sh
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
fails=0 n=0

fresh() {
    rm -rf "$tmp/t"; mkdir -p "$tmp/t/src/game" "$tmp/t/templates"
    cp -R "$src/docs" "$tmp/t/docs"
    cp "$src/src/game/order_table.c" "$tmp/t/src/game/"
    cp "$src"/templates/help.txt "$src"/templates/help.??.txt "$tmp/t/templates/"
    mkdir -p "$tmp/t/templates/po"
    cp "$src"/templates/po/*.po "$src"/templates/po/orders_pot.py "$tmp/t/templates/po/"
    for f in "$src"/templates/*/help-*.txt; do
        k=$(basename "$(dirname "$f")"); mkdir -p "$tmp/t/templates/$k"; cp "$f" "$tmp/t/templates/$k/"
    done
    for f in "$src"/src/kinds/*/*_kind.c; do
        k=$(basename "$(dirname "$f")"); mkdir -p "$tmp/t/src/kinds/$k"; cp "$f" "$tmp/t/src/kinds/$k/"
    done
}

. "$src/tests/lib/scriptcheck.sh"

fresh; expect "the tree as it is" ""

# a kind's word out of its page: every example line and code span that begins with it
fresh; sed -i -e '/^ *post /d' -e 's/`post[^`]*`/(gone)/g' "$tmp/t/docs/tigerchess.md"
expect "post out of docs/tigerchess.md" "'post' (src/kinds/tigerchess/tigerchess_kind.c) is not in docs/tigerchess.md"

# a generic word out of the shared page and out of the help
fresh; sed -i -e '/^ *claim draw/d' -e 's/`claim draw[^`]*`/(gone)/g' "$tmp/t/docs/orders.md"
expect "claim draw out of docs/orders.md" "'claim draw' (src/game/order_table.c) is not in docs/orders.md"
fresh; sed -i 's/"holiday 5 days"/"a break"/' "$tmp/t/templates/help.txt"
expect "holiday out of help.txt" "'holiday' (src/game/order_table.c) is not in templates/help.txt"
fresh; sed -i 's/^  new chess/  begin chess/' "$tmp/t/templates/chess/help-new.txt"
expect "new out of the help's part from templates/chess/" "'new' (src/game/order_table.c) is not in templates/help.txt"
fresh; sed -i '/{{#each kind_orders}}/d' "$tmp/t/templates/help.txt"
expect "help without the kind's orders" "no longer prints a game's kind_orders"

# a word of another language: out of its catalogue, its page, its help
fresh; sed -i '/^msgctxt "order"$/{n;/^msgid "card"$/{n;s/^msgstr .*/msgstr ""/}}' "$tmp/t/templates/po/fr.po"
expect "card without its French words" "'card' has no words in templates/po/fr.po"
fresh; sed -i '/^msgctxt "order argument"$/{n;/^msgid "random"$/{n;s/^msgstr .*/msgstr ""/}}' "$tmp/t/templates/po/de.po"
expect "random without its German words" "'random' has no words in templates/po/de.po"
fresh; sed -i 's/`Karte`/(gone)/g' "$tmp/t/docs/tempete.md" "$tmp/t/docs/knightmare.md"
expect "Karte out of docs/tempete.md" "'Karte' (de for 'card', src/kinds/tempete/tempete_kind.c) is not in docs/tempete.md"
fresh; sed -i 's/^  aide  /  help  /' "$tmp/t/templates/help.fr.txt"
expect "aide out of help.fr.txt" "'aide' (fr for 'help') is not in templates/help.fr.txt"

# a new word in a kind's table, written nowhere yet
fresh; sed -i 's/^\(static const struct order_word cm_orders\[\] = {\)$/\1\n\t{ "retile", 99, ORDER_ARG_NONE, "retile", NULL, 0 },/' \
    "$tmp/t/src/kinds/chessme/chessme_kind.c"
expect "a new ChessMe word" "'retile' (src/kinds/chessme/chessme_kind.c) is not in docs/chessme.md"
# ... but a word of another table in the same file is not the kind's (not in its help)
fresh; printf '%s\n' 'static const struct order_word other[] = {' \
    '	{ "unrelated", 1, ORDER_ARG_NONE, "x", NULL, 0 },' '};' >> "$tmp/t/src/kinds/chessme/chessme_kind.c"
expect "a word of a table .orders does not name" ""

echo "orderwords: $((n - fails)) of $n passed"
[ "$fails" -eq 0 ]
