# lib.sh: what every end-to-end test shares, sourced after mailstack.sh: the counts (pass,
# fail, check), the test's own directory, and the exit that stops the mail stack, keeps the
# directory when something failed (or MS_KEEP is set), and prints the line run.sh reads:
# "NAME: N passed, N failed". A test sets `name`, calls `e2e_begin TAG` (which makes $dir,
# $stack and $work and sets the traps), and sets stack_up=yes once it starts the stack. A
# test that starts something else defines e2e_cleanup, called first on exit.
passed=0; failed=0; stack_up=no

pass() { passed=$((passed + 1)); echo "ok   $*"; }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }
check() {
    desc=$1; shift
    if "$@"; then pass "$desc"; else fail "$desc"; fi
}

e2e_on_exit() {
    rc=$?
    trap - EXIT INT TERM HUP
    if type e2e_cleanup >/dev/null 2>&1; then e2e_cleanup; fi
    if [ "$stack_up" = yes ] && [ -f "$stack/.mailstack" ]; then
        mailstack_down "$stack" || fail "stopping the stack on exit"
    fi
    if [ "$failed" -eq 0 ] && [ "$rc" -eq 0 ] && [ -z "${MS_KEEP:-}" ]; then
        rm -rf "$dir"
    else
        logs=""; [ -d "$stack/log" ] && logs=" (server logs in $stack/log)"
        echo "$name: kept $dir for inspection$logs"
    fi
    echo "$name: $passed passed, $failed failed"
    [ "$failed" -eq 0 ] && [ "$rc" -eq 0 ] && exit 0
    exit 1
}

# e2e_begin TAG: a fresh directory for the test ($dir, with $stack and $work in it).
e2e_begin() {
    dir=$(ms_tempdir "$1") || { echo "$name: 0 passed, 1 failed"; exit 1; }
    stack=$dir/stack; work=$dir/work
    mkdir "$work" || exit 1
    trap e2e_on_exit EXIT
    trap 'fail "interrupted by a signal"; exit 1' INT TERM HUP
}
