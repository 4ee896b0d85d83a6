#!/bin/sh
# A mail over max_message_size is refused from its headers, in bounded memory: from an
# mbox (the reader skips to the next "From " line, holding no more than the limit), from
# standard input and from a file of one message, whether its text is in lines or in one
# line of 20 MB. Each run is made under `ulimit -v` (100 MB of address space, about four
# times what the binary needs for a small mail): reading the 20 MB mail whole took about
# 300 MB. With max_message_size = 1 MB, each answer must say the mail's exact size, go to
# its sender, and the mails after it in the mbox must be answered too.
. tests/cli/lib.sh
export TEMPEST_NOW=2026-11-05T12:00:00Z
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
LIMIT_KB=100000

# a fresh referee where alice and bob play game 1: a stranger's refusal would not be sent
# (docs/sysadmin.md, "Robots and strangers")
fresh() {
	rm -rf "$tmp/r"
	cli_referee "$tmp/r" "max_message_size = 1048576"
	"$T" new -c "$tmp/r/conf" chess alice@example.org bob@example.org > /dev/null 2>&1
}

# big NAME LINE-WIDTH: $tmp/NAME.eml, a 20 MB text part from alice (lines of LINE-WIDTH
# characters; 0: a single line)
big() {
	{ cli_eml alice@example.org big "e4"
	  if [ "$2" -eq 0 ]; then head -c 20000000 /dev/zero | tr '\0' 'x'
	  else head -c 20000000 /dev/zero | tr '\0' 'x' | fold -w "$2"; fi
	  printf '\n'; } > "$tmp/$1.eml"
}

# bounded CMD...: run under the address-space limit
bounded() {
	run sh -c "ulimit -v $LIMIT_KB && exec \"\$@\"" sh "$@"
}

# the refusal of $tmp/NAME.eml, with its exact size, to alice
expect_refused() {
	size=$(wc -c < "$tmp/$1.eml")
	expect_rc "$1: exit status" 0
	expect_out "$1: refused with its size" "your mail is $size bytes, more than the 1048576 I read"
	expect_out "$1: to the sender" "To: alice@example.org"
}

big lines 76
big oneline 0

# an mbox: a help before, the 20 MB mail, a help after
for shape in lines oneline; do
	fresh
	{ cli_mail bob@example.org "before" "help"
	  printf 'From alice@example.org Thu Nov  5 10:30:00 2026\n'
	  cat "$tmp/$shape.eml"; printf '\n'
	  cli_mail carol@example.org "after" "help"; } > "$tmp/in.mbox"
	bounded "$T" process -c "$tmp/r/conf" "$tmp/in.mbox"
	expect_refused "$shape"
	expect_out "$shape: the mail before it answered" "To: bob@example.org"
	expect_out "$shape: the mail after it answered" "To: carol@example.org"
	# processed again: the refused mail is known (its key is its Message-ID)
	bounded "$T" process -c "$tmp/r/conf" "$tmp/in.mbox"
	[ -z "$out" ] && pass || fail "$shape: the mbox processed again answers nothing"
done

# standard input, and a file of one message
fresh
bounded "$T" process -c "$tmp/r/conf" - < "$tmp/lines.eml"
expect_refused lines
fresh
bounded "$T" process -c "$tmp/r/conf" "$tmp/oneline.eml"
expect_refused oneline

# no Message-ID: the key is the header block's hash and the size; the same mail again is
# known, a mail with the same headers and another size is not
fresh
grep -v '^Message-ID' "$tmp/lines.eml" > "$tmp/noid.eml"
bounded "$T" process -c "$tmp/r/conf" "$tmp/noid.eml"
expect_refused noid
bounded "$T" process -c "$tmp/r/conf" "$tmp/noid.eml"
[ -z "$out" ] && pass || fail "no Message-ID: the same mail again is known"
{ cat "$tmp/noid.eml"; echo more; } > "$tmp/noid2.eml"
bounded "$T" process -c "$tmp/r/conf" "$tmp/noid2.eml"
expect_refused noid2

# a mail just under the limit is read as usual
fresh
{ cli_eml alice@example.org hello help
  head -c 1000000 /dev/zero | tr '\0' ' ' | fold -w 76; } > "$tmp/near.eml"
bounded "$T" process -c "$tmp/r/conf" "$tmp/near.eml"
expect_out "under the limit: answered" "To: alice@example.org"
case $out in *"more than the"*) fail "under the limit: not refused for its size" ;; *) pass ;; esac

cli_done t_bigmail
