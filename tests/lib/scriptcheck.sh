# tests/lib/scriptcheck.sh: for the tests of a check script (tests/kindtext/run.sh,
# tests/orderwords/run.sh), which run it on a copy of the tree they change. The caller
# sets script (the check), tmp (its copy is $tmp/t), n=0 and fails=0.
#
# expect NAME WANT: the script on the copy must fail with a line holding WANT (or, with
# WANT empty, pass with no output).
expect() {
    n=$((n + 1))
    out=$(sh "$script" "$tmp/t" 2>&1); rc=$?
    if [ -z "$2" ]; then
        [ "$rc" -eq 0 ] && [ -z "$out" ] && return
    else
        [ "$rc" -eq 1 ] && printf '%s\n' "$out" | grep -qF -- "$2" && return
    fi
    echo "FAIL $1 (rc $rc):"; echo "$out"; fails=$((fails + 1))
}
