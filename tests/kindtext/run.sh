#!/bin/sh
# Tests of tests/kindtext.sh on a copy of the tree's templates and kinds' views: the copy as
# it is must pass; a kind's variable, a kind's name (accented too) or a part named after a
# kind in a shared template must fail, naming the file, the line and what it found.
set -u
src=$(cd "$(dirname "$0")/../.." && pwd)
script=$src/tests/kindtext.sh
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
fails=0 n=0

fresh() {
    rm -rf "$tmp/t"; mkdir -p "$tmp/t/src/render"
    cp -R "$src/templates" "$tmp/t/templates"
    cp "$src/src/render/view_templates.c" "$tmp/t/src/render/"
    for d in "$src"/src/kinds/*/; do
        k=$(basename "$d"); mkdir -p "$tmp/t/src/kinds/$k"
        for f in "$d"*_view.c; do [ -f "$f" ] && cp "$f" "$tmp/t/src/kinds/$k/"; done
    done
}

. "$src/tests/lib/scriptcheck.sh"

fresh; expect "the tree as it is" ""
fresh; printf '{{#if km_hand}}\n{{km_hand}}\n{{/if}}\n' >> "$tmp/t/templates/status.txt"
expect "a kind's variable in status.txt" "templates/status.txt:$(($(wc -l < "$src/templates/status.txt") + 1)): the kind variable km_hand"
fresh; printf 'Your squares: {{#each tp_marks}}{{square}}{{/each}}\n' >> "$tmp/t/templates/moved.txt"
expect "a kind's list in moved.txt" "the kind variable tp_marks"
fresh; sed -i '1s/$/ (Tempête)/' "$tmp/t/templates/over.txt"
expect "a kind's name, accented, in over.txt" "templates/over.txt:1: the kind tempete"
fresh; printf '{{> tigerchess-dice}}\n' >> "$tmp/t/templates/started.txt"
expect "a part named after a kind" "the kind tigerchess"
fresh; printf 'Subject: x\n\n{{px_score}}\n' > "$tmp/t/templates/moved.fr.txt"
expect "a translation holding a kind's variable" "templates/moved.fr.txt:3: the kind variable px_score"
# a kind's own folder may name anything
fresh; printf 'Knightmare: {{km_hand}}\n' >> "$tmp/t/templates/knightmare/moved-turn.txt"
expect "a kind's folder names its kind" ""

echo "kindtext: $((n - fails)) of $n passed"
[ "$fails" -eq 0 ]
