# lib.sh: what every end-to-end test shares, sourced after mailstack.sh: the assertions of
# tests/lib/assert.sh (pass, fail, check), the test's own directory, and the exit that stops
# the mail stack, keeps the directory when something failed (or MS_KEEP is set), and prints
# the line run.sh reads: "NAME: N passed, N failed". A test sets `name`, calls `e2e_begin
# TAG` (which makes $dir, $stack and $work and sets the traps), and sets stack_up=yes once it
# starts the stack. A test that starts something else defines e2e_cleanup, called first on
# exit.
# e2e_up TAG: the same, with a mail stack: the one tests/e2e/run.sh shares between the tests
# (a domain of the test's own in it), or else one of the test's own.
# body FILE...: what a player reads of the referee's mails (their plain text parts).
# e2e_referee, then poll, latest, answer, turn, has: a game by mail between alice and bob
# (t_tempete, t_chessme), below; e2e_mail, e2e_challenge and e2e_reply write the mails.
# The assertions (pass, fail, check, assert_done) are those of every shell test.
. "$here/../lib/assert.sh"
stack_up=no
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
    assert_done "$name" && [ "$rc" -eq 0 ] && exit 0
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

# e2e_up TAG: e2e_begin TAG, then a mail stack: the one tests/e2e/run.sh shares, if it has
# all the test's users (e2e_join), or else one started in $stack (the test stops there if
# it cannot start).
e2e_up() {
    e2e_begin "$1"
    if e2e_join; then
        pass "mail stack up (shared: $MS_DIR, domain $MS_DOMAIN)"
        return 0
    fi
    stack_up=yes
    mailstack_up "$stack" || { fail "mailstack_up"; exit 1; }
    pass "mail stack up"
}

# e2e_join: joins the stack in $TEMPEST_E2E_STACK (run.sh starts it) and takes the first of
# its further domains that no test has taken (MS_MORE_DOMAINS): every user's mailboxes are
# fresh there, as in a stack of the test's own. $stack is then the shared stack's directory,
# which the test leaves running. Fails, changing nothing, when there is no such stack, it
# does not answer, it lacks one of the test's users (MS_USERS) or has no domain left.
e2e_join() {
    [ -n "${TEMPEST_E2E_STACK:-}" ] && [ -f "$TEMPEST_E2E_STACK/env.sh" ] || return 1
    _e2e_dom=$(
        . "$TEMPEST_E2E_STACK/env.sh" || exit 1
        for u in ${MS_USERS:-referee:refpass alice:alicepass bob:bobpass carol:carolpass}; do
            [ "$(ms_pass "${u%%:*}" 2>/dev/null)" = "${u#*:}" ] || exit 1
        done
        ms_uids "${MS_USER_NAMES%% *}" INBOX >/dev/null 2>&1 || exit 1
        mkdir -p "$MS_DIR/taken" || exit 1
        for d in $MS_MORE_DOMAINS; do
            mkdir "$MS_DIR/taken/$d" 2>/dev/null && { echo "$d"; exit 0; }
        done
        exit 1
    ) || return 1
    mailstack_env "$TEMPEST_E2E_STACK" || return 1
    MS_DOMAIN=$_e2e_dom; export MS_DOMAIN
    stack=$MS_DIR; stack_up=shared
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

# e2e_referee: the referee over plain IMAP and SMTP with the published demo key (the same
# game every run): its data directory $data, its configuration $conf, its netrc in $work.
e2e_referee() {
    data=$work/data; conf=$work/referee.conf
    mkdir -p "$data" && cp "$root/examples/demo.key" "$data/key" && chmod 600 "$data/key"
    printf 'machine %s login referee@%s password %s\n' "$MS_HOST" "$MS_DOMAIN" "$(ms_pass referee)" \
        > "$work/netrc"
    chmod 600 "$work/netrc"
    cat > "$conf" <<EOF
referee_address = referee@$MS_DOMAIN
max_clock_leap_hours = 87600
data_dir = $data
imap_url = $MS_IMAP_URL
smtp_url = $MS_SMTP_URL
netrc_file = $work/netrc
tls_ca_file = $MS_CA
starttls = no
connect_timeout = 5
stall_timeout = 10
EOF
}

poll() {        # poll [ENV=VALUE]: one cron run; its exit status in $prc
    env "$@" "$T" poll -c "$conf" > "$work/poll.out" 2> "$work/poll.err"
    prc=$?
    [ -z "${archive_scan:-}" ] || "$archive_scan"      # archive.sh
}

count() { ms_uids "$1" INBOX | grep -c . ; }

# The newest mail in USER's INBOX, into $work/last-USER.eml and its text last-USER.txt
# (then e2e_read USER, if the test defines it).
latest() {
    n=$(ms_fetch_all "$1" "$work/box-$1") || return 1
    cp "$work/box-$1/$n.eml" "$work/last-$1.eml"
    body "$work/last-$1.eml" > "$work/last-$1.txt"
    if type e2e_read >/dev/null 2>&1; then e2e_read "$1"; fi
}

# e2e_mail WHO DOMAIN SUBJECT BODY ID [HEADER]: on stdout, a mail of WHO@DOMAIN to
# referee@DOMAIN as a mail client writes it: Message-ID <ID@players.test>, HEADER (one
# "Name: value" line, such as In-Reply-To) if given, a Date, plain UTF-8 text; BODY's lines
# are separated by newlines. The one mail writer of the e2e tests.
e2e_mail() {
    printf 'From: %s <%s@%s>\r\nTo: referee@%s\r\n' "$1" "$1" "$2" "$2"
    printf 'Subject: %s\r\nMessage-ID: <%s@players.test>\r\n' "$3" "$5"
    [ -z "${6:-}" ] || printf '%s\r\n' "$6"
    printf 'Date: %s\r\nMIME-Version: 1.0\r\n' "$(LC_ALL=C date '+%a, %d %b %Y %H:%M:%S %z')"
    printf 'Content-Type: text/plain; charset=UTF-8\r\n\r\n'
    printf '%s\n' "$4" | sed 's/$/\r/'
}

# e2e_challenge WHO DOMAIN SUBJECT ID LINE...: on stdout, a first mail of WHO@DOMAIN (no
# reply to anything) whose body is the LINEs, one a line: a challenge ("new chess",
# "opponent bob@DOMAIN", "colour white"). Message-ID <ID@players.test>: the test names it,
# so that mails of several games or runs in one stack stay distinct.
e2e_challenge() {
    _who=$1 _dom=$2 _subj=$3 _id=$4
    shift 4
    e2e_mail "$_who" "$_dom" "$_subj" "$(printf '%s\n' "$@")" "$_id"
}

# e2e_reply WHO DOMAIN FILE BODY [TAG]: on stdout, the answer of WHO@DOMAIN to the referee's
# mail FILE with BODY (lines separated by newlines), as a mail client writes it: Re: its
# subject, In-Reply-To its Message-ID, the old text quoted. Its Message-ID is
# <WHO.N[.TAG]@players.test>, N counted in $seq (TAG: for a test that plays several games
# in one mail stack).
e2e_reply() {
    subj=$(sed -n 's/^Subject: //p' "$3" | head -n 1 | tr -d '\r')
    mid=$(sed -n 's/^Message-ID: //p' "$3" | head -n 1 | tr -d '\r')
    seq=$((seq + 1))
    e2e_mail "$1" "$2" "Re: $subj" "$4" "$1.$seq${5:+.$5}" "In-Reply-To: $mid"
    printf '\r\n> earlier text\r\n'
}

# PLAYER answers their newest mail from the referee with BODY (e2e_reply), over plain SMTP.
answer() {
    latest "$1" || return 1
    e2e_reply "$1" "$MS_DOMAIN" "$work/last-$1.eml" "$2" > "$work/answer.eml"
    ms_send "$1" referee "$work/answer.eml" plain
}

# turn WHO BODY GETS: WHO answers with BODY; after one poll, GETS (alice, bob or both) each
# hold one more mail, read into last-USER.txt. $na and $nb count their mails. (ms_settle
# first: once Postfix has delivered, the counts need no second look.)
turn() {
    answer "$1" "$2" || return 1
    ms_settle && ms_wait_count referee 1 15 >/dev/null || return 1
    poll
    [ "$prc" -eq 0 ] && [ ! -s "$work/poll.err" ] || { cat "$work/poll.err"; return 1; }
    case $3 in alice|both) na=$((na + 1)) ;; esac
    case $3 in bob|both) nb=$((nb + 1)) ;; esac
    ms_settle && ms_wait_count alice "$na" 15 && ms_wait_count bob "$nb" 15 || return 1
    [ "$(count alice)" -eq "$na" ] && [ "$(count bob)" -eq "$nb" ] || return 1
    [ "$3" = bob ] || latest alice || return 1
    [ "$3" = alice ] || latest bob
}

# has USER TEXT: USER's last mail says TEXT, wherever its lines break (a mail's lines are
# broken to fit 78 characters: docs/mail-lines.md), blanks and newlines counted as one.
has() { tr -s ' \n' ' ' < "$work/last-$1.txt" | grep -qF -- "$(printf '%s' "$2" | tr -s ' \n' ' ')"; }

# pgn_ffish USER GAME: the PGN of USER's last mail (a game that ended 1-0), read back by
# ffish (Fairy-Stockfish; tests/perft/ffish/install.sh) with the variants.ini of `tempest
# export-variants`: every move of every stretch, the last one reaching the referee's FEN.
pgn_ffish() {
    sed -n '/^\[Event /,/ 1-0$/p' "$work/last-$1.txt" > "$work/game.pgn"
    "$T" export-variants > "$work/variants.ini"
    fen=$("$T" show -c "$conf" "$2" | sed -n 's/^FEN: //p')
    sh "$root/tests/perft/ffish/install.sh" &&
        (cd "$root/tests/perft/ffish" &&
         node --no-experimental-fetch pgn-readback.js "$work/variants.ini" "$work/game.pgn" "$fen")
}
