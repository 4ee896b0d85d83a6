#!/bin/sh
# kindtext.sh [ROOT]: the shared templates speak of no kind (docs/design.md, "Templates").
# Every file directly in ROOT/templates/ (a mail's shared template, NAME.txt, and its
# translations, NAME.LL.txt) must hold no kind's name and no kind's variable: a kind's
# text lives in templates/KIND/. The kinds are the folders of src/kinds/, but for the
# generic one, chess, whose name is the word every game is played in ("I referee chess
# games"); accents are folded first (Tempête is tempete). A kind's variables are the
# names its view registers (the `*_names[]` table of src/kinds/K/K_view.c) that the
# shared ones (shared_names[] in src/render/view_templates.c) are not. Prints each
# finding as FILE:LINE: what; exit 1 if any.
set -u
root=${1:-.}
cd "$root" || exit 2

# the quoted names of the C table NAME[] in FILE
table() {
    awk -v t="$2" 'index($0, t "[] = {") { on = 1; next } on && /^};/ { on = 0 } on' "$1" |
        grep -o '"[a-z_0-9]*"' | tr -d '"' | sort -u
}

shared=$(table src/render/view_templates.c shared_names)
kinds=""
vars=""
for d in src/kinds/*/; do
    k=$(basename "$d")
    [ "$k" = chess ] || kinds="$kinds $k"
    for f in "$d"*_view.c; do
        [ -f "$f" ] || continue
        for v in $(sed -n 's/^static const char \*const \([a-z_]*_names\)\[\] = {$/\1/p' "$f"); do
            vars="$vars $(table "$f" "$v")"
        done
    done
done
kindvars=$(printf '%s\n' $vars | sort -u | grep -vxF "$(printf '%s\n' $shared)")
[ -n "$kinds" ] && [ -n "$kindvars" ] || { echo "kindtext: no kinds or no kind variables found" >&2; exit 2; }

fails=0
for f in templates/*.txt; do
    folded=$(sed 's/[êéèë]/e/g; s/[ÊÉÈË]/E/g' "$f")
    for k in $kinds; do
        printf '%s\n' "$folded" | grep -niw -- "$k" | sed "s|^\([0-9]*\):.*|$f:\1: the kind $k|"
    done
    # the names in its tags: {{name}}, {{#if name}}, {{#each name}}, {{> name}}
    grep -no '{{[^}]*}}' "$f" | sed 's/{{[#/]*\(if\|each\|>\*\|>\)* *\([A-Za-z0-9_-]*\) *}}/\2/' |
        while IFS=: read -r line name; do
            printf '%s\n' "$kindvars" | grep -qxF -- "$name" && echo "$f:$line: the kind variable $name"
        done
done > "${TMPDIR:-/tmp}/kindtext.$$"
if [ -s "${TMPDIR:-/tmp}/kindtext.$$" ]; then
    cat "${TMPDIR:-/tmp}/kindtext.$$"; fails=1
fi
rm -f "${TMPDIR:-/tmp}/kindtext.$$"

exit "$fails"
