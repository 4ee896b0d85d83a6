# archive.sh: the public archive of an end-to-end game, sourced by a test after
# e2e_referee (lib.sh). archive_on sets archive_dir in the referee's configuration, so
# that every poll brings the archive up to date as a cron run would; after each poll
# (lib.sh's poll calls $archive_scan), while game 1 is in play, every page of the archive
# is searched for the secrets of game 1's state file (tests/cli/archive/secrets.pl: its
# salts, lists, decks, piles) and for the phrases of a player's own view ("Your hand",
# tests/cli/archive/private-phrases), and each one found is noted. archive_checks, at the end,
# counts the scans, fails on any secret found, and checks the finished game's page: its
# result and its reveal's commands.

archive_on() {
    site=$work/site
    printf 'archive_dir = %s\n' "$site" >> "$conf"
    archive_scan=archive_scan_now
    : > "$work/archive.leaks"
    : > "$work/archive.scans"
}

archive_scan_now() {
    "$T" show -c "$conf" 1 2>/dev/null | grep -q '^Status: playing' || return 0
    { "$T" show -c "$conf" --json --secrets 1 | perl "$root/tests/cli/archive/secrets.pl"
      cat "$root/tests/cli/archive/private-phrases"; } > "$work/archive.secrets"
    echo scan >> "$work/archive.scans"
    grep -rlFf "$work/archive.secrets" "$site" >> "$work/archive.leaks" 2>/dev/null || :
}

# archive_checks RESULT: the scans found nothing; the last page says RESULT and the reveal
archive_checks() {
    check "the archive: its pages scanned after $(wc -l < "$work/archive.scans") polls of the game in play" \
        [ "$(wc -l < "$work/archive.scans")" -ge 3 ]
    check "the archive: no page of the game in play held a secret of its state" \
        [ ! -s "$work/archive.leaks" ]
    check "the archive: the finished game's page, its result" \
        grep -qF "$1" "$site/game-1.html"
    check "the archive: the finished game's page, the reveal and its checks" \
        grep -q '| sha256sum' "$site/game-1.html"
    check "the archive: the index lists the game" grep -q 'href="game-1.html"' "$site/index.html"
}
