#!/bin/sh
# The previous release (the commit on the first line of bench/base, or $BENCH_BASE_COMMIT;
# "none" skips it) built from git in a scratch tree, DIR/src (git archive: the repository's
# own list of work trees is left alone), so that every bench times it beside this build in
# the same run. Prints the path of its tempest, or nothing (and says why on standard
# error) when there is no such commit or it does not build.
# Usage: bench/base.sh DIR
set -u
dir=$1
commit=${BENCH_BASE_COMMIT:-$(sed -n '1s/^\([0-9a-f]\{7,40\}\).*/\1/p' bench/base 2>/dev/null)}
[ -n "$commit" ] && [ "$commit" != none ] || exit 0
if ! git rev-parse -q --verify "$commit^{commit}" > /dev/null 2>&1; then
    echo "bench: the previous release $commit is not in this repository: not timed" >&2
    exit 0
fi
mkdir -p "$dir/src" &&
    git archive "$commit" | tar -x -C "$dir/src" &&
    make -s -C "$dir/src" -j2 tempest > "$dir/build.log" 2>&1 ||
    { echo "bench: could not build the previous release ($commit); see $dir/build.log" >&2; exit 0; }
echo "$dir/src/tempest"
