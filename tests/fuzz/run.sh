#!/bin/sh
# Runs each fuzz target for a while, its corpus seeded from the project's own test inputs.
# Usage: run.sh SECONDS FUZZ_BIN...   (make check-fuzz: a few seconds each; check-long: more)
# A crash, a leak, a sanitizer report or a timeout fails the run; libFuzzer writes the input
# that did it to build/fuzz/crash-TARGET-*, which `TARGET FILE` replays.
set -u
secs=$1; shift
out=build/fuzz/work
TEMPEST_RULES_DIR=$(pwd)/rules
export TEMPEST_RULES_DIR
# the leak checker needs ptrace, which some sandboxes refuse; LSan is on where it works
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export ASAN_OPTIONS

seed() {        # seed TARGET CORPUS_DIR: the test inputs that suit the target
    case $1 in
    fuzz_msg|fuzz_html)
        cp tests/mail/corpus/*.eml tests/reading/cases/*.eml "$2"/ ;;
    fuzz_orders)
        cp tests/mail/corpus/*.eml tests/reading/cases/*.eml "$2"/
        # every order word (the generic table's and each kind's) alone on a line, and
        # followed by one word: a shape check that reads a word before counting them
        # crashes on these at once (a mail "place" alone once stopped every run)
        sed -n 's/^[[:space:]]*{ "\([a-z][a-z ]*\)", .*/\1/p' src/game/order_table.c \
            src/kinds/*/*_kind.c | sort -u | while IFS= read -r w; do
            f=$(printf '%s' "$w" | tr ' ' _)
            printf '%s\n' "$w" > "$2/word-$f"
            printf '%s x\n' "$w" > "$2/word-$f-x"
        done ;;
    fuzz_state)
        i=0
        for f in tests/fixtures/*/*.json tests/golden/*/expected/*.json; do
            i=$((i + 1)); cp "$f" "$2/state$i.json"
        done ;;
    fuzz_template)
        cp templates/*.txt "$2"/
        for f in templates/*/*.txt; do cp "$f" "$2/$(basename "$(dirname "$f")")-${f##*/}"; done ;;
    fuzz_catalogue)
        cp templates/po/*.po templates/po/*.pot "$2"/
        i=0
        for f in tests/golden/*/out.mbox; do
            i=$((i + 1)); head -c 2000 "$f" > "$2/mail$i"
        done ;;
    fuzz_config)
        cp config/tempest.conf.example "$2"/
        for f in tests/cli/*.conf; do [ -e "$f" ] && cp "$f" "$2"/; done ;;
    fuzz_fen)
        # the first byte picks the variant (fuzz_fen.c): 0 chess, 1 lancer
        i=0
        for pair in 0:tests/perft/chess.epd 1:tests/perft/lancer.epd; do
            b=${pair%%:*}; f=${pair#*:}
            grep -v '^#' "$f" | sed 's/ *;.*//' | while IFS= read -r fen; do
                [ -n "$fen" ] || continue
                i=$((i + 1))
                { printf "\\00$b"; printf '%s' "$fen"; } > "$2/fen$b-$i"
            done
        done ;;
    esac
}

# one BIN: runs one target and prints its result ("ok" or "FAIL" first).
one() {
    name=$(basename "$1")
    corpus=$out/$name
    rm -rf "$corpus"; mkdir -p "$corpus"
    seed "$name" "$corpus"
    log=$out/$name.log
    "$1" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
        -artifact_prefix="build/fuzz/crash-$name-" -print_final_stats=1 "$corpus" >"$log" 2>&1
    rc=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    if [ "$rc" -ne 0 ]; then
        echo "FAIL $name (exit $rc): see $log"; grep -m 20 -E 'ERROR|SUMMARY|runtime error|==[0-9]+==' "$log"
    else
        echo "ok   $name: ${runs:-?} inputs in ${secs}s, $(ls "$corpus" | wc -l) in the corpus"
    fi
}

# Each target runs for the same time: FUZZ_JOBS at a time (default: the number of cores),
# each on a corpus, a log and crash files of its own; the results in the order given.
jobs=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}
mkdir -p "$out"
res=$(mktemp -d) || exit 2
trap 'rm -rf "$res"' EXIT
n=0
for bin in "$@"; do
    one "$bin" > "$res/$n" 2>&1 &
    n=$((n + 1))
    [ $((n % jobs)) -ne 0 ] || wait
done
wait
failed=0; i=0
while [ "$i" -lt "$n" ]; do
    cat "$res/$i"
    grep -q '^FAIL' "$res/$i" && failed=$((failed + 1))
    i=$((i + 1))
done
echo "fuzz: $((n - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
