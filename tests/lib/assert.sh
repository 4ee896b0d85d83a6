# assert.sh: the one dialect of assertions of the shell tests, sourced by tests/cli/lib.sh
# and tests/e2e/lib.sh (POSIX sh). A test counts its checks with these and ends with one
# line that the runners (tests/cli/run.sh, tests/e2e/run.sh) read: "NAME: N passed, N failed".
#   pass [DESC]         a check passed; shown as "ok   DESC" when DESC is given
#   fail DESC           a check failed: "FAIL DESC", then assert_context (the CLI tests
#                       define it to show the last command's exit status and output)
#   check DESC CMD...   pass DESC or fail DESC, as CMD succeeds or not
#   assert_done NAME    the closing line; true when nothing failed
passed=0
failed=0

pass() {
	passed=$((passed + 1))
	if [ $# -gt 0 ]; then echo "ok   $*"; fi
	return 0
}

fail() {
	failed=$((failed + 1))
	echo "FAIL $*"
	assert_context
	return 0
}

check() {
	_assert_desc=$1
	shift
	if "$@"; then pass "$_assert_desc"; else fail "$_assert_desc"; fi
}

# What a failure shows beyond its description: nothing, unless the test's library says.
assert_context() { :; }

assert_done() {
	echo "$1: $passed passed, $failed failed"
	[ "$failed" -eq 0 ]
}
