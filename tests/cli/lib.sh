# lib.sh: what the command-line tests share (POSIX sh): the assertions of
# tests/lib/assert.sh (pass, fail, check), the checks of a command's result below (run, then
# expect_rc, expect_out, expect_err), and mails written as a referee reads them (cli_eml,
# cli_mail; a mail in a game, cli_game_eml and cli_game_mail; the token it needs,
# cli_token). Source it from the worktree's root, and end with `cli_done NAME`. $T is the
# binary under test.
. tests/lib/assert.sh

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

# A failed check shows the last command run: its exit status, stdout and stderr.
assert_context() {
	[ -n "${rc+set}" ] || return 0
	echo "  exit $rc; stdout: $(printf '%s' "${out:-}" | head -c 600)" >&2
	echo "  stderr: $(printf '%s' "${err:-}" | head -c 600)" >&2
}

# The former dialect's words fail loudly, so that a script merged in it is not read as
# passing: docs/testing.md ("Writing a shell test") has the sed that converts it.
ok() { fail "'ok' is the former dialect: convert the script (docs/testing.md)"; }
bad() { fail "'bad' is the former dialect: convert the script (docs/testing.md): ${1:-}"; }

# expect_rc WHAT N
expect_rc() {
	if [ "$rc" -eq "$2" ]; then pass; else fail "$1: exit status $rc, want $2"; fi
}

# flat TEXT: TEXT with each run of blanks and newlines as one blank, so that a phrase is
# found wherever a mail's lines break (they fit 78 characters: docs/mail-lines.md)
flat() { printf '%s' "$1" | tr -s ' \n' ' '; }

# expect_out WHAT TEXT: stdout contains TEXT (wherever its lines break)
expect_out() {
	case $(flat "$out") in *"$(flat "$2")"*) pass ;; *) fail "$1: stdout lacks '$2'" ;; esac
}

# expect_err WHAT TEXT: stderr contains TEXT
expect_err() {
	case $err in *"$2"*) pass ;; *) fail "$1: stderr lacks '$2'" ;; esac
}

# expect_no_sanitizer WHAT: no AddressSanitizer / UBSan report on stderr
expect_clean() {
	case $err in *"Sanitizer"*|*"runtime error"*) fail "$1: sanitizer report" ;; *) pass ;; esac
}

# cli_journal FILE: a game journal's three lists (the mails, the Message-IDs sent, the
# events), each in its order, as one line of hashes. The file interleaves them as each
# commit appended its entries: a batch processed again one mail at a time (after a run died
# within it) appends the same lists in other groups.
cli_journal() {
	for k in mail sent event; do grep "^{\"$k\":" "$1" | sha256sum | cut -c1-16; done | tr '\n' ' '
	grep -cv '^{"\(mail\|sent\|event\)":' "$1"
}

cli_done() {
	[ -n "${cli_tmp:-}" ] && rm -rf "$cli_tmp"
	assert_done "$1"
}

# --- a referee and its players, for the tests that play by mail (the demo key, so that
# game 1's tokens are WT and BT below)
WT=vb5v64h6; BT=ezap3rhf
cli_n=0

# cli_eml FROM SUBJECT BODY [HEADER]: one mail as a file holds it, on stdout (BODY's \n end
# lines; HEADER, one more header line), with a Message-ID of its own, dated 5 Nov 2026 at
# the hour cli_hour (10) and a minute counted from its number
cli_eml() {
	cli_n=$((cli_n + 1))
	printf 'From: %s\nTo: referee@tempest.example\nSubject: %s\n' "$1" "$2"
	printf 'Date: Thu, 5 Nov 2026 %02d:%02d:00 +0000\nMessage-ID: <m%d.%s>\n' "${cli_hour:-10}" \
		$((cli_n % 60)) "$cli_n" "$1"
	[ -z "${4:-}" ] || printf '%s\n' "$4"
	printf 'MIME-Version: 1.0\nContent-Type: text/plain; charset=UTF-8\n\n%b\n' "$3"
}

# cli_mail FROM SUBJECT BODY: the same in mbox form (its "From " line first, a blank line
# last), for an mbox of several mails
cli_mail() {
	printf 'From %s Thu Nov  5 %02d:%02d:00 2026\n' "$1" "${cli_hour:-10}" $(((cli_n + 1) % 60))
	cli_eml "$1" "$2" "$3"
	echo
}

# cli_game_eml GAME FROM TOKEN BODY [HEADER]: a mail in game GAME from FROM, answering the
# referee (its subject tagged "[tempest GAME TOKEN]", the tag the referee reads), as a
# file holds it; cli_game_mail GAME FROM TOKEN BODY: the same in mbox form
cli_game_eml() {
	cli_eml "$2" "Re: [tempest $1 $3] game $1" "$4" "${5:-}"
}
cli_game_mail() {
	cli_mail "$2" "Re: [tempest $1 $3] game $1" "$4"
}

# cli_token GAME ADDRESS: the token in the subject of the referee's first mail to ADDRESS
# about game GAME in $out (empty if there is none)
cli_token() {
	decoded | awk -v a="To: $2" '/^From referee@/ { on = 0 } $0 == a { on = 1 } on' |
		sed -n "s/^Subject: .*\[tempest $1 \([a-z0-9]*\)\].*/\1/p" | head -n 1
}

# cli_referee DIR [LINE...]: a data directory DIR/data with the demo key, and DIR/conf
# naming it, with the configuration lines given
cli_referee() {
	mkdir -p "$1/data"
	cp examples/demo.key "$1/data/key"
	chmod 600 "$1/data/key"
	cli_dir=$1
	shift
	printf 'referee_address = referee@tempest.example\ndata_dir = %s/data\n' "$cli_dir" > "$cli_dir/conf"
	for line in "$@"; do printf '%s\n' "$line" >> "$cli_dir/conf"; done
	# the tests' clocks leap days between runs (TEMPEST_NOW) as a referee run by cron
	# never does: the guard against a clock that leaps (max_clock_leap_hours) is
	# t_clock.sh's to test
	grep -q '^max_clock_leap_hours' "$cli_dir/conf" ||
		echo 'max_clock_leap_hours = 87600' >> "$cli_dir/conf"
}

# cli_game CONF: alice (White) challenges bob, who accepts: game 1 begins
cli_game() {
	cli_mail alice@example.org "new game" "new chess\nopponent bob@example.org\ncolour white" \
		> "$cli_dir/game.mbox"
	cli_mail bob@example.org "Re: [tempest 1 $BT] invitation" "accept" >> "$cli_dir/game.mbox"
	run "$T" process -c "$1" "$cli_dir/game.mbox"
	expect_out "game 1 begins" "game 1 begins"
}

# decoded: $out without CRs, with quoted-printable's soft line breaks joined, and without
# the HTML parts (the board drawn as a table, then the text part again: t_html.sh reads
# those)
decoded() {
	printf '%s\n' "$out" | tr -d '\r' |
		awk '/^Content-Type: text\/html/ { skip = 1 } /^--=_tempest_/ { skip = 0 } !skip' |
		sed -e ':a' -e '/=$/{N;s/=\n//;ba' -e '}'
}

# The number of replies queued in the outbox of the referee configured by CONF (single
# files and spooled records alike).
cli_queued() {
  "$T" send --dry-run -c "$1" | grep -c ' -> '
}

# ffish_reads WHAT PGN FEN COUNT: ffish (Fairy-Stockfish as npm's ffish; installed by
# tests/perft/ffish/install.sh) reads every game of the file PGN with the variants.ini of
# `tempest export-variants`: every move of the movetext, the last game reaching FEN ('-':
# not compared). COUNT is what it reports, a shell pattern: "2 games, 3 moves", "* moves".
ffish_reads() {
	cli_tmp=${cli_tmp:-$(mktemp -d)}
	[ -s "$cli_tmp/variants.ini" ] || "$T" export-variants > "$cli_tmp/variants.ini"
	if ! sh tests/perft/ffish/install.sh > "$cli_tmp/npm.out" 2>&1; then
		fail "$1: ffish is not installed: $(tail -3 "$cli_tmp/npm.out")"
		return
	fi
	want="ok: $4, $3"
	[ "$3" = - ] && want="ok: $4"
	got=$(cd tests/perft/ffish && node --no-experimental-fetch pgn-readback.js \
		"$cli_tmp/variants.ini" "$2" "$3" 2>&1)
	case $got in $want) pass ;; *) fail "$1: ffish reads the PGN back: $got" ;; esac
}

# cli_chromium NAME: headless Chromium (CHROME) for the script NAME, which fails at once
# without it; cli_chrome URL ARGS...: Chromium on a local file, its profile in $tmp,
# nothing kept; cli_shot URL NAME WIDTH HEIGHT: a screenshot into $tmp/NAME.png, not empty
cli_chromium() {
	CHROME=$(command -v chromium || command -v chromium-browser || true)
	[ -n "$CHROME" ] && return 0
	echo "$1: no chromium (apt-get install chromium)"; echo "$1: 0 passed, 1 failed"; exit 1
}
cli_chrome() {
	u=$1; shift
	timeout 90 "$CHROME" --headless=new --no-sandbox --disable-gpu --hide-scrollbars \
		--user-data-dir="$tmp/profile" --no-first-run "$@" "file://$u" 2>/dev/null
}
cli_shot() {
	cli_chrome "$1" --window-size="$3,$4" --screenshot="$tmp/$2.png" > /dev/null
	[ "$(wc -c < "$tmp/$2.png" 2>/dev/null || echo 0)" -gt 10000 ] && pass ||
		fail "$2: a screenshot"
}
