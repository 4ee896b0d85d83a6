# lib.sh: assertions for the command-line tests (POSIX sh). Source it, call the checks,
# end with `cli_done NAME`. $T is the binary under test.
cli_passed=0
cli_failed=0

# run CMD...: runs it, keeping stdout, stderr and the exit status in $out, $err, $rc.
run() {
	cli_tmp=${cli_tmp:-$(mktemp -d)}
	"$@" >"$cli_tmp/out" 2>"$cli_tmp/err"
	rc=$?
	out=$(cat "$cli_tmp/out")
	err=$(cat "$cli_tmp/err")
}

# run_in FILE CMD...: as run, with FILE on standard input.
run_in() {
	cli_tmp=${cli_tmp:-$(mktemp -d)}
	cli_in=$1
	shift
	"$@" <"$cli_in" >"$cli_tmp/out" 2>"$cli_tmp/err"
	rc=$?
	out=$(cat "$cli_tmp/out")
	err=$(cat "$cli_tmp/err")
}

ok() {
	cli_passed=$((cli_passed + 1))
}

bad() {
	cli_failed=$((cli_failed + 1))
	echo "FAIL: $1" >&2
	echo "  exit $rc; stdout: $(printf '%s' "$out" | head -c 600)" >&2
	echo "  stderr: $(printf '%s' "$err" | head -c 600)" >&2
}

# expect_rc WHAT N
expect_rc() {
	if [ "$rc" -eq "$2" ]; then ok; else bad "$1: exit status $rc, want $2"; fi
}

# expect_out WHAT TEXT: stdout contains TEXT
expect_out() {
	case $out in *"$2"*) ok ;; *) bad "$1: stdout lacks '$2'" ;; esac
}

# expect_err WHAT TEXT: stderr contains TEXT
expect_err() {
	case $err in *"$2"*) ok ;; *) bad "$1: stderr lacks '$2'" ;; esac
}

# expect_no_sanitizer WHAT: no AddressSanitizer / UBSan report on stderr
expect_clean() {
	case $err in *"Sanitizer"*|*"runtime error"*) bad "$1: sanitizer report" ;; *) ok ;; esac
}

cli_done() {
	[ -n "${cli_tmp:-}" ] && rm -rf "$cli_tmp"
	echo "$1: $cli_passed passed, $cli_failed failed"
	[ "$cli_failed" -eq 0 ]
}
