#!/bin/sh
# Tests of tests/layers.sh on small trees made in a temporary folder: each forbidden include
# must be named with its file and line, whether written "a/b.h" or <a/b.h>; a file in a
# folder the table does not list must be named until the table lists it; a clean tree must
# pass. Inside an ordered folder, a call or an include of a file above, and two files that
# depend on each other, must be named; a file left out of the order and a name of the order
# that no file has too.
set -u
LAYERS_EXCEPTIONS=''; export LAYERS_EXCEPTIONS
LAYERS_INNER=''; export LAYERS_INNER
script=$(cd "$(dirname "$0")/.." && pwd)/layers.sh
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
fails=0 n=0

# put FILE LINE...: writes a file of the fake tree.
put() { f=$tmp/t/$1; shift; mkdir -p "$(dirname "$f")"; printf '%s\n' "$@" >"$f"; }

clean_tree() {
    rm -rf "$tmp/t"
    put src/util/err.h '#include <stdio.h>'
    put src/util/crypto.c '#include "util/err.h"' '#include <openssl/evp.h>'
    put src/engine/pos.h '#include "util/err.h"'
    put src/rules/rules.h '#include "engine/pos.h"'
    put src/game/game.h '#include "rules/rules.h"' '#include "engine/pos.h"'
    put src/kinds/chess/chess.h '#include "game/game.h"'
    put src/kinds/chess/chess_store.c '#include "chess.h"' '#include "store/store.h"' '#include <jansson.h>'
    put src/kinds/chess/chess_view.c '#include "kinds/chess/chess.h"' '#include "game/game.h"'
    put src/kinds/registry.c '#include "kinds/chess/chess.h"' '#include "kinds/chess/chess_store.h"'
    put src/kinds/registry.h '#include "game/game.h"'
    put src/kinds/registry.c '#include "store/store_kind.h"' '#include "render/view_kind.h"'
    put src/store/store.c '#include "store/store_kind.h"' '#include "config/config.h"' '#include <jansson.h>'
    put src/mail/imap.c '#include <curl/curl.h>' '#include "config/config.h"'
    put src/mail/msg.c '#include <libetpan/libetpan.h>'
    put src/mail/msgtext.h '#include "util/err.h"'
    put src/kinds/chess/chess_store.h '#include "kinds/chess/chess.h"'
    put src/render/view.c '#include "render/view_kind.h"' '#include "game/game.h"'
    put src/pipeline/pipeline.c '#include "store/store.h"' '#include "mail/msg.h"' '#include "render/view.h"' \
        '#include "kinds/registry.h"'
    put src/cli/main.c '#include "pipeline/pipeline.h"' '#include "store/store.h"' '#include "kinds/registry.h"'
}

# expect_ok NAME: the tree must pass with no output.
expect_ok() {
    n=$((n + 1))
    out=$(sh "$script" "$tmp/t" 2>&1) && [ -z "$out" ] && return
    echo "FAIL $1: clean tree rejected:"; echo "$out"; fails=$((fails + 1))
}

# expect_bad NAME FILE LINE...: adds the lines to FILE, and the script must fail with exactly
# the expected message.
expect_bad() {
    name=$1 want=$2; shift 2
    ${tree:-clean_tree}; put "$@"
    n=$((n + 1))
    out=$(sh "$script" "$tmp/t" 2>&1) && { echo "FAIL $name: accepted"; fails=$((fails + 1)); return; }
    [ "$out" = "$want" ] && return
    echo "FAIL $name:"; echo "  want: $want"; echo "  got:  $out"; fails=$((fails + 1))
}

clean_tree; expect_ok clean

expect_bad game-mail 'src/game/game.c:2: include mail/msgtext.h crosses layer game -> mail' \
    src/game/game.c '#include "game/game.h"' '#include "mail/msgtext.h"'
expect_bad engine-game 'src/engine/pos.c:1: include game/game.h crosses layer engine -> game' \
    src/engine/pos.c '#include "game/game.h"'
expect_bad render-store 'src/render/view_clock.c:1: include store/store.h crosses layer render -> store' \
    src/render/view_clock.c '#include "store/store.h"'
expect_bad pipeline-cli 'src/pipeline/tick.c:1: include cli/cli.h crosses layer pipeline -> cli' \
    src/pipeline/tick.c '#include "cli/cli.h"'
expect_bad jansson-game 'src/game/order.c:3: include jansson.h crosses layer game -> jansson (only src/store/ and src/kinds/*/*_store.[ch] may)' \
    src/game/order.c '#include <stdio.h>' '' '#include <jansson.h>'
expect_bad jansson-cli 'src/cli/main.c:1: include jansson.h crosses layer cli -> jansson (only src/store/ and src/kinds/*/*_store.[ch] may)' \
    src/cli/main.c '#include <jansson.h>'
expect_bad curl-msg 'src/mail/msg.c:1: include curl/curl.h crosses layer mail -> curl (only src/mail/net, imap and smtp may)' \
    src/mail/msg.c '#include <curl/curl.h>'
expect_bad etpan-imap 'src/mail/imap.c:1: include libetpan/libetpan.h crosses layer mail -> libetpan (only src/mail/msg, msg_mime, mbox and charset may)' \
    src/mail/imap.c '#include <libetpan/libetpan.h>'
expect_bad openssl-fs 'src/util/fsutil.c:1: include openssl/evp.h crosses layer util -> openssl (only src/util/crypto may)' \
    src/util/fsutil.c '#include <openssl/evp.h>'
expect_bad kind-game 'src/kinds/chess/chess_apply.c:1: include kinds/chess/chess_store.h crosses layer game -> store' \
    src/kinds/chess/chess_apply.c '#include "kinds/chess/chess_store.h"'
expect_bad kind-jansson 'src/kinds/chess/chess.c:1: include jansson.h crosses layer game -> jansson (only src/store/ and src/kinds/*/*_store.[ch] may)' \
    src/kinds/chess/chess.c '#include <jansson.h>'
expect_bad kind-outside 'src/store/store.c:1: include kinds/chess/chess_store.h crosses layer store -> kind chess (only src/kinds/chess/ and the registry may)' \
    src/store/store.c '#include "kinds/chess/chess_store.h"'
expect_bad kind-other 'src/kinds/tempete/tempete.c:1: include kinds/chess/chess.h crosses layer game -> kind chess (only src/kinds/chess/ and the registry may)' \
    src/kinds/tempete/tempete.c '#include "kinds/chess/chess.h"'
expect_bad kind-loose 'src/kinds/chess.c: is in src/kinds/ but is not the registry: a kind lives in src/kinds/NAME/' \
    src/kinds/chess.c '#include <stdio.h>'
expect_bad kind-loose-bare 'src/kinds/chess.h: is in src/kinds/ but is not the registry: a kind lives in src/kinds/NAME/' \
    src/kinds/chess.h '/* no include at all */'
expect_bad game-registry 'src/game/game.c:1: include kinds/registry.h crosses layer game -> registry' \
    src/game/game.c '#include "kinds/registry.h"'
# Store and render are handed the kinds' parts (tables handed down): no arrow back up to the
# registry, from their folders or from a kind's store and view files.
expect_bad store-registry 'src/store/store.c:1: include kinds/registry.h crosses layer store -> registry' \
    src/store/store.c '#include "kinds/registry.h"'
expect_bad render-registry 'src/render/view_html.c:2: include kinds/registry.h crosses layer render -> registry' \
    src/render/view_html.c '#include "render/view.h"' '#include "kinds/registry.h"'
expect_bad kind-view-registry 'src/kinds/chess/chess_view.c:1: include kinds/registry.h crosses layer render -> registry' \
    src/kinds/chess/chess_view.c '#include "kinds/registry.h"'
expect_bad angle-store-registry 'src/store/store.c:1: include kinds/registry.h crosses layer store -> registry' \
    src/store/store.c '#include <kinds/registry.h>'

# <a/b.h> is the project's own header when src/a/b.h exists (-Isrc): checked the same way.
expect_bad angle-game-mail 'src/game/game.c:2: include mail/msgtext.h crosses layer game -> mail' \
    src/game/game.c '#include "game/game.h"' '#include <mail/msgtext.h>'
expect_bad angle-engine-game 'src/engine/pos.c:1: include game/game.h crosses layer engine -> game' \
    src/engine/pos.c '#include <game/game.h>'
expect_bad angle-kind-outside 'src/store/store.c:1: include kinds/chess/chess_store.h crosses layer store -> kind chess (only src/kinds/chess/ and the registry may)' \
    src/store/store.c '#include <kinds/chess/chess_store.h>'
# ... and a <...> that names no file under src/ is the system's.
clean_tree; put src/game/game.c '#include <sys/types.h>' '#include <game/none.h>'; expect_ok angle-system

# A file in a folder the table does not list fails, with or without includes, and so does
# one directly in src/ ...
expect_bad unlisted 'src/web/page.c: is in src/web/, a folder the layer table does not list: name it in tests/layers.sh' \
    src/web/page.c '#include "util/err.h"'
expect_bad unlisted-bare 'src/web/page.h: is in src/web/, a folder the layer table does not list: name it in tests/layers.sh' \
    src/web/page.h '/* no include at all */'
expect_bad top-level 'src/main.c: lies directly in src/: a file belongs in a layer folder' \
    src/main.c '#include "cli/cli.h"'
# ... until the table names the folder; then its includes are checked like any other's.
sed 's|^\( *\)may\["cli"\].*|&\n\1may["web"] = "util"|' "$script" > "$tmp/layers-web.sh"
placed() {
    n=$((n + 1))
    clean_tree; put src/store/store.h '#include "util/err.h"'; put src/web/page.c "$@"
    sh "$tmp/layers-web.sh" "$tmp/t" 2>&1
}
out=$(placed '#include "util/err.h"') ||
    { echo "FAIL unlisted-named: a named folder is still refused:"; echo "$out"; fails=$((fails + 1)); }
out=$(placed '#include <store/store.h>') &&
    { echo "FAIL unlisted-named-bad: web -> store accepted"; fails=$((fails + 1)); }
[ "$out" = 'src/web/page.c:1: include store/store.h crosses layer web -> store' ] ||
    { echo "FAIL unlisted-named-bad: got: $out"; fails=$((fails + 1)); }

# A known exception silences its include, and one that no longer occurs is reported.
clean_tree; put src/game/order.c '#include "mail/msgtext.h"'
LAYERS_EXCEPTIONS='src/game/order.c mail/msgtext.h'; expect_ok exception
clean_tree
expect_bad stale-exception 'layers.sh: known exception "src/game/order.c mail/msgtext.h" no longer occurs: remove it from the list' \
    src/game/order.c '#include "game/game.h"'
LAYERS_EXCEPTIONS=''
# JSON is read only by src/store/jread.c: a jansson reader anywhere else is named, in the
# store as in a kind's store file; jread.c itself may, and writers may be called anywhere
# jansson may be included.
expect_bad json-get 'src/store/state_json.c:3: reads JSON with json_object_get: only src/store/jread.c reads JSON (use store/jread.h)' \
    src/store/state_json.c '#include <jansson.h>' '/* reads */' '	json_t *v = json_object_get(o, "id");'
expect_bad json-unpack 'src/kinds/chess/chess_store.c:1: reads JSON with json_unpack: only src/store/jread.c reads JSON (use store/jread.h)' \
    src/kinds/chess/chess_store.c 'if (json_unpack(o, "{s:i}", "n", &n)) return -1;'
expect_bad json-value 'src/store/rules_load.c:1: reads JSON with json_integer_value: only src/store/jread.c reads JSON (use store/jread.h)' \
    src/store/rules_load.c 'n = json_integer_value(v);'
clean_tree; put src/store/jread.c '#include <jansson.h>' 'v = json_object_get(o, k);' 'json_array_foreach(a, i, x) {}'
put src/store/state_json.c '#include <jansson.h>' 'json_object_set_new(o, "id", json_integer(1));'
expect_ok json-jread-and-writers
# A header named without a folder is the one beside the including file.
clean_tree; put src/game/order.c '#include "order.h"'; expect_ok beside

# Inside a folder: src/pipeline ordered as its declarations, then low, mid, top and pipeline.
# mid.c calls low.c's function (its definition over two lines), top.c both; a comment, a
# string and a static function of the same name are no calls.
LAYERS_INNER='src/pipeline: shared.h
    low mid top pipeline'
inner_tree() {
    clean_tree
    put src/pipeline/shared.h '#include "util/err.h"' 'int low_get(void);' 'int mid_get(int a, int b);' \
        'int top_run(void);'
    put src/pipeline/low.h '#include "pipeline/shared.h"'
    put src/pipeline/low.c '#include "pipeline/low.h"' '#include "shared.h"' \
        '/* low_get is called by mid_get (mid.c): a comment names it, it calls nothing */' \
        'int low_get(void)' '{' '	return 1;' '}'
    put src/pipeline/mid.c '#include "pipeline/low.h"' 'int mid_get(int a,' '	    int b)' '{' \
        '	return low_get() + a + b;' '}'
    put src/pipeline/top.h '#include "pipeline/shared.h"'
    put src/pipeline/top.c '#include "pipeline/top.h"' '#include "pipeline/low.h"' \
        'static int twice(int x) { return 2 * x; }' 'int top_run(void)' '{' \
        '	const char *s = "top_run calls mid_get";' '' '	return twice(mid_get(low_get(), 1)) + !s;' '}'
}
tree=inner_tree
inner_tree; expect_ok inner-clean
expect_bad inner-call-up 'src/pipeline/low.c:6: calls mid_get of mid.c, which stands above low.c in src/pipeline/
src/pipeline/low.c and src/pipeline/mid.c depend on each other: a circle' \
    src/pipeline/low.c '#include "pipeline/shared.h"' '' 'int low_get(void)' '{' '	int n = 1;' \
    '	return n + mid_get(0, 0);' '}'
expect_bad inner-call-up-far 'src/pipeline/mid.c:4: calls top_run of top.c, which stands above mid.c in src/pipeline/
src/pipeline/mid.c and src/pipeline/top.c depend on each other: a circle' \
    src/pipeline/mid.c 'int mid_get(int a, int b)' '{' '	/* top_run: not here */' '	return top_run() + a + b;' '}'
# a use without a call (the function handed on) depends on it as much
expect_bad inner-address-up 'src/pipeline/low.c:3: calls top_run of top.c, which stands above low.c in src/pipeline/
src/pipeline/low.c and src/pipeline/top.c depend on each other: a circle' \
    src/pipeline/low.c 'int low_get(void)' '{' '	int (*f)(void) = top_run;' '	return f != 0;' '}'
expect_bad inner-include-up 'src/pipeline/low.c:2: include pipeline/top.h is top.h, which stands above low.c in src/pipeline/' \
    src/pipeline/low.c '#include "pipeline/shared.h"' '#include "pipeline/top.h"' 'int low_get(void)' '{' \
    '	return 1;' '}'
expect_bad inner-include-beside 'src/pipeline/mid.c:1: include top.h is top.h, which stands above mid.c in src/pipeline/' \
    src/pipeline/mid.c '#include "top.h"' 'int mid_get(int a, int b)' '{' '	return a + b;' '}'
expect_bad inner-include-angle 'src/pipeline/mid.c:1: include pipeline/top.h is top.h, which stands above mid.c in src/pipeline/' \
    src/pipeline/mid.c '#include <pipeline/top.h>' 'int mid_get(int a, int b)' '{' '	return a + b;' '}'
# a declarations header stands at the ground: it includes nothing above it
expect_bad inner-header-up 'src/pipeline/shared.h:2: include pipeline/low.h is low.h, which stands above shared.h in src/pipeline/
src/pipeline/low.h and src/pipeline/shared.h depend on each other: a circle' \
    src/pipeline/shared.h '#include "util/err.h"' '#include "pipeline/low.h"' 'int low_get(void);'
expect_bad inner-unplaced 'src/pipeline/extra.c: is in src/pipeline/ but not in its order: place it in tests/layers.sh' \
    src/pipeline/extra.c 'int extra(void);'
LAYERS_INNER='src/pipeline: shared.h low mid gone top pipeline'
expect_bad inner-stale 'layers.sh: the order of src/pipeline/ names gone, which no file is: remove it' \
    src/pipeline/low.c 'int low_get(void)' '{' '	return 1;' '}'
# Several folders ordered at once, one of them a kind's (src/kinds/NAME/, below src/kinds/):
# each is checked against its own order, and a call between two folders is no matter of
# either order.
LAYERS_INNER='src/pipeline: shared.h
    low mid top pipeline
src/kinds/chess: chess.h chess_store chess_view'
kind_tree() {
    inner_tree
    put src/kinds/chess/chess_view.c '#include "kinds/chess/chess.h"' 'int chess_view_name(void)' '{' \
        '	return 1;' '}'
    put src/pipeline/top.c '#include "pipeline/top.h"' 'int top_run(void)' '{' \
        '	return chess_view_name();' '}'
}
tree=kind_tree
kind_tree; expect_ok inner-folders-clean
expect_bad inner-kind-call-up 'src/kinds/chess/chess_store.c:4: calls chess_view_name of chess_view.c, which stands above chess_store.c in src/kinds/chess/' \
    src/kinds/chess/chess_store.c '#include "chess.h"' 'int chess_store_name(void)' '{' \
    '	return chess_view_name();' '}'
tree=clean_tree LAYERS_INNER=''

if [ "$fails" -ne 0 ]; then echo "layers: $fails of $n tests failed"; exit 1; fi
echo "layers: $n tests passed"
