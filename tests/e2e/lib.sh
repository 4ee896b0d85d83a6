# lib.sh: what every end-to-end test shares, sourced after mailstack.sh: the counts (pass,
# fail, check), the test's own directory, and the exit that stops the mail stack, keeps the
# directory when something failed (or MS_KEEP is set), and prints the line run.sh reads:
# "NAME: N passed, N failed". A test sets `name`, calls `e2e_begin TAG` (which makes $dir,
# $stack and $work and sets the traps), and sets stack_up=yes once it starts the stack. A
# test that starts something else defines e2e_cleanup, called first on exit.
# body FILE...: what a player reads of the referee's mails (their plain text parts).
passed=0; failed=0; stack_up=no

pass() { passed=$((passed + 1)); echo "ok   $*"; }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }
check() {
    desc=$1; shift
    if "$@"; then pass "$desc"; else fail "$desc"; fi
}
# queued CONF: how many replies wait in the outbox of the referee CONF configures (single
# files and spooled records alike); $T is the referee's binary.
queued() { "$T" send --dry-run -c "$1" | grep -c ' -> '; }

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

# The text of mails as their reader sees them: the subject and the plain text (the
# text/plain part of a multipart mail), quoted-printable or base64 decoded.
body() {
    perl -MMIME::QuotedPrint -MMIME::Base64 -0777 -ne '
        s/\r\n/\n/g;
        my ($h, $b) = split /\n\n/, $_, 2;
        my ($s) = $h =~ /^Subject: (.*)$/mi;
        my @parts = ([$h, $b]);
        if ($h =~ /^Content-Type:\s*multipart\/[^;]*;.*?boundary="?([^";\n]+)"?/msi) {
            my $bd = quotemeta $1;
            my @chunks = split /^--$bd(?:--)?[ \t]*$/m, $b;
            shift @chunks;                  # the preamble
            @parts = map { s/^\n//; [split /\n\n/, $_, 2] } grep { /\S/ } @chunks;
        }
        print "Subject: $s\n\n";
        for my $p (@parts) {
            my ($ph, $pb) = @$p;
            next if !defined $pb || $ph =~ /^Content-Type:/mi && $ph !~ /^Content-Type:\s*text\/plain/mi;
            $pb = decode_qp($pb) if $ph =~ /^Content-Transfer-Encoding:\s*quoted-printable/mi;
            $pb = decode_base64($pb) if $ph =~ /^Content-Transfer-Encoding:\s*base64/mi;
            print $pb;
        }' "$@"
}
