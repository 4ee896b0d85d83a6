#!/bin/sh
# t_languages.sh: a whole game by mail between a French and an English player, each mail
# in its reader's language with none of the other's stock phrases; the French order words
# and piece letters; the referee's French mails pasted back set aside; a German player's
# mails; a French Tempête player's card; a third language from files alone, its order
# words too; then every kind's golden game with every player in French, in German and in
# English, every mail scanned for the other languages' stock phrases and English words
# (tests/cli/langgaps.txt: what is known to remain, and why). All under the C locale: the
# catalogues need none (docs/orders.md "Languages", docs/design.md "Languages").
. tests/cli/lib.sh
export TEMPEST_NOW=2026-11-05T12:00:00Z LC_ALL=C
unset LANG LANGUAGE
tmp=$(mktemp -d)
[ -n "${KEEP:-}" ] && echo "t_languages: keeping $tmp"
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
cli_referee "$tmp"
: > "$tmp/all.mbox"
# French sets a no-break space before a colon (templates/po/fr.po's X-Tempest-Space-Before)
nb=$(printf '\302\240')

# every translation holds its English template's tags and parts, each as often
tags() { grep -o '{{[^}]*}}' "$1" | sort | uniq -c; }
for f in $(find "$TEMPEST_TEMPLATES_DIR" -name '*.??.txt'); do
	en=${f%.??.txt}.txt
	[ "$(tags "$f")" = "$(tags "$en")" ] && pass ||
		fail "${f#"$TEMPEST_TEMPLATES_DIR"/}: not the tags of ${en#"$TEMPEST_TEMPLATES_DIR"/}"
done

# mail FROM SUBJECT BODY: processed; its replies kept for the language check, and in $out
# decoded (subjects and quoted-printable text)
mail() {
	cli_mail "$1" "$2" "$3" > "$tmp/m"
	run "$T" process -c "$tmp/conf" "$tmp/m"
	printf '%s\n' "$out" > "$tmp/last"
	cat "$tmp/last" >> "$tmp/all.mbox"
	out=$(python3 tests/cli/langcheck.py --text "$tmp/last")
}

# gameno: the game the last mail's first reply is about
gameno() { printf '%s\n' "$out" | sed -n 's/^Subject: \[tempest \([0-9]*\) .*/\1/p' | head -n 1; }

# token N ADDRESS: the reply token of ADDRESS in game N, from the referee's mails so far
token() {
	python3 tests/cli/langcheck.py --text "$tmp/all.mbox" |
		awk -v to="$2" -v g="$1" '$1 == "To:" { hit = index($0, to) > 0 }
			hit && $1 == "Subject:" && $3 == g "]" { next }
			hit && $1 == "Subject:" && $2 == "[tempest" && $3 == g { t = $4 }
			END { sub(/\]$/, "", t); print t }'
}

# the challenge sets the challenger's language: its own reply is French already
mail alice@example.org "nouvelle partie" "new chess\nopponent bob@example.org\ncolour white\nlangue fr"
expect_out "the challenge answered in French" "Votre défi est parti."
expect_out "the invitation in English" "alice@example.org challenges you"
grep -q '"language": "fr"' "$tmp/data/players.json" && pass || fail "the language kept in players.json"
mail bob@example.org "Re: [tempest 1 $BT] invitation" "accept"
expect_out "started, for alice" "La partie 1 (Échecs) a commencé. Vous jouez les Blancs"
expect_out "started, for bob" "Game 1 (Chess) has begun. You play Black"

# a French piece letter: C is the knight
mail alice@example.org "Re: [tempest 1 $WT] partie 1" "Cf3"
expect_out "alice's move, in French" "Votre coup 1. Nf3 est enregistré."
expect_out "bob hears of it in English" "White played 1. Nf3."
expect_out "the time control in French" "Temps (30 jours pour 10 coups)${nb}: il vous reste 30 jours"

# each refusal in its sender's language, the engine's reason included
mail bob@example.org "Re: [tempest 1 $BT] game 1" "Nf9"
expect_out "bob's refusal in English" "'Nf9': 'f9' is not a square"
mail bob@example.org "Re: [tempest 1 $BT] game 1" "e5"
mail alice@example.org "Re: [tempest 1 $WT] partie 1" "e5"
expect_out "alice's refusal in French" "'e5'${nb}: aucune pièce à vous (pion) ne peut aller en e5"
case $out in *"Nothing in your mail"*) fail "alice's refusal in English" ;; *) pass ;; esac

# a move with a French draw offer: the note in each reader's language
mail alice@example.org "Re: [tempest 1 $WT] partie 1" "d4\nproposer nulle"
expect_out "the offer, for alice" "Les Blancs proposent la nulle."
expect_out "the offer, for bob" "White offers you a draw"
mail bob@example.org "Re: [tempest 1 $BT] game 1" "decline draw\nexd4"
expect_out "declined, for alice" "Les Noirs refusent la nulle."
expect_out "declined, for bob" "Black declines the draw offer."

# the referee's French help pasted back under a move: the move is played, the help unread
help='Pendant une partie, répondez à mon dernier courriel à son sujet (le code\nentre crochets dans l'"'"'objet prouve que la réponse vient de vous) avec :\n  nulle                      proposer la nulle (aussi "proposer nulle")\n  accepter nulle / refuser nulle\n  abandon                    (aussi "abandonner")\n  historique                 la partie en PGN'
mail alice@example.org "Re: [tempest 1 $WT] partie 1" "Dxd4\n\nMerci pour l'aide !\n\n$help"
expect_out "the move above the pasted help is played" "Lu dans votre courriel${nb}: Dxd4 (et 1 ligne laissée de côté comme de la prose)."
case $out in *"est terminée"*|*"pas été appliqué"*) fail "the pasted French help was read" ;; *) pass ;; esac

# a player's words are quoted as written, never translated: a refused order that reads as
# a French word ("carte"), and a message that is one of the referee's own phrases
mail alice@example.org "Re: [tempest 1 $WT] partie 1" "card 999"
expect_out "the refused line quoted as written" "ligne 1${nb}: card 999"
case $out in *"carte 999"*) fail "the player's 'card 999' translated" ;; *) pass ;; esac
mail alice@example.org "Re: [tempest 1 $WT] partie 1" "message White offers a draw."
expect_out "the message relayed as written" '"White offers a draw."'
case $out in *"Blancs proposent"*) fail "the player's message translated" ;; *) pass ;; esac

# French resignation: the end in each language
mail bob@example.org "Re: [tempest 1 $BT] game 1" "Nc6"
mail alice@example.org "Re: [tempest 1 $WT] partie 1" "abandon"
expect_out "over, for alice" "La partie 1 est terminée${nb}: 0-1, abandon."
expect_out "over, for bob" "Game 1 is over: 0-1, resignation."

# a French invited player: a refusal above the pasted French invitation (its "accepter"
# line) never starts the game
mail carol@example.org "langue" "langue fr\naide"
expect_out "a language in a mail about no game: the help in it" "J'arbitre des parties d'échecs"
mail alice@example.org "nouvelle partie" "new chess\nopponent carol@example.org"
expect_out "carol's invitation in French" "alice@example.org vous défie"
invitation='Pour jouer, répondez à ce courriel avec le mot\n\n  accepter\n\nseul sur sa ligne. Pour refuser, répondez "refuser". Gardez l'"'"'objet\ntel quel : le code entre crochets me dit que la réponse vient de vous.'
ct=$(token 2 carol@example.org)
mail carol@example.org "Re: [tempest 2 $ct] invitation" "refuser\n\nDésolée, pas ce mois-ci.\n\n$invitation"
case $out in *"commence"*|*"begins"*) fail "the pasted French invitation started the game" ;; *) pass ;; esac
expect_out "carol's refusal read" "ne sera pas jouée"

# German: every mail (S is the knight), the German order words read
mail dave@example.org "neue Partie" "neue Partie chess\nGegner erin@example.org\nFarbe Weiß\nSprache de"
expect_out "the challenge in German" "Ihre Herausforderung ist unterwegs."
mail erin@example.org "Re: [tempest 3 $(token 3 erin@example.org)] invitation" "accept"
expect_out "the start in German" "Partie 3 (Schach) hat begonnen. Sie spielen Weiß"
dt=$(token 3 dave@example.org)
mail dave@example.org "Re: [tempest 3 $dt] Partie 3" "Sf3"
expect_out "the German move mail" "Ihr Zug 1. Nf3 ist eingetragen."
mail erin@example.org "Re: [tempest 3 $(token 3 erin@example.org)] game 3" "e5"
mail dave@example.org "Re: [tempest 3 $dt] Partie 3" "Sf9"
expect_out "the German refusal mail" "Nichts aus Ihrer Mail wurde auf Partie 3 angewandt"
expect_out "its reason in German" "'Nf9': 'f9' ist kein Feld"
mail dave@example.org "Re: [tempest 3 $dt] Partie 3" "d4\nRemis anbieten"
expect_out "a German draw offer read" "Weiß bietet Remis an."
mail erin@example.org "Re: [tempest 3 $(token 3 erin@example.org)] game 3" "help"
case $out in *'"Remis annehmen"'*) fail "an English player told the German words" ;; *) pass ;; esac
mail dave@example.org "Re: [tempest 3 $dt] Partie 3" "Hilfe"
expect_out "the German help" "Remis anbieten / Remis annehmen / Remis ablehnen"
mail erin@example.org "Re: [tempest 3 $(token 3 erin@example.org)] game 3" "Nc6"
mail dave@example.org "Re: [tempest 3 $dt] Partie 3" "aufgeben"
expect_out "a German resignation" "Partie 3 ist beendet: 0-1, Aufgabe."

# the clock's mails: a reminder, then the loss on time, each in its reader's language
printf 'reminders = 2h\n' >> "$tmp/conf"
mail alice@example.org "nouvelle partie" "new chess\nopponent bob@example.org\ncolour white\ntime 1 day per move"
n=$(gameno)
mail bob@example.org "Re: [tempest $n $(token $n bob@example.org)] invitation" "accept"
expect_out "the time control in French" "Temps (1 jour par coup)${nb}: il vous reste 1 jour"
tick() {
	TEMPEST_NOW=$1 run "$T" tick -c "$tmp/conf"
	printf '%s\n' "$out" > "$tmp/last"
	cat "$tmp/last" >> "$tmp/all.mbox"
	out=$(python3 tests/cli/langcheck.py --text "$tmp/last")
}
tick 2026-11-06T10:30:00Z
expect_out "alice's reminder in French" "Ceci est un rappel${nb}: une partie vous attend."
expect_out "what is due, in French" "votre coup (il reste 1 heure 30 minutes)"
tick 2026-11-06T12:30:00Z
expect_out "the loss on time, for alice" "La partie $n est terminée${nb}: 0-1, perte au temps."
expect_out "the loss on time, for bob" "Game $n is over: 0-1, time forfeit."

# a third language without code: a catalogue and one template in a copy of templates/
cp -R "$TEMPEST_TEMPLATES_DIR" "$tmp/tpl"
printf 'msgid "Black"\nmsgstr "las negras"\n\nmsgctxt "order"\nmsgid "offer draw"\nmsgstr "ofrezco tablas"\n' \
	> "$tmp/tpl/po/es.po"
sed -e 's/^Your move {{last_move}} is recorded\.$/Su jugada {{last_move}} queda anotada./' \
    -e 's/^{{to_move}} is to move\.$/Juegan {{to_move}}./' "$tmp/tpl/moved.txt" > "$tmp/tpl/moved.es.txt"
mail frank@example.org "nueva partida" "new chess\nopponent gina@example.org\ncolour white\nlanguage es"
n=$(gameno)
mail gina@example.org "Re: [tempest $n $(token $n gina@example.org)] invitation" "accept"
cli_game_mail $n frank@example.org "$(token $n frank@example.org)" "Cf3\nOfrezco tablas" > "$tmp/m"
TEMPEST_TEMPLATES_DIR=$tmp/tpl run "$T" process -c "$tmp/conf" "$tmp/m"
printf '%s\n' "$out" > "$tmp/last"
out=$(python3 tests/cli/langcheck.py --text "$tmp/last")
expect_out "Spanish from files alone: the template" "Su jugada 1. Nf3 queda anotada."
expect_out "Spanish from files alone: the catalogue" "Juegan las negras (gina@example.org)."
expect_out "Spanish from files alone: its order word read" "White offers you a draw"
# ... and not without its file: the same line is prose to a referee without it
cli_mail frank@example.org "Re: [tempest $n $(token $n frank@example.org)] game $n" "Ofrezco tablas" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
expect_out "without es.po, no Spanish order words" "I found no order in your mail"

# a French Tempête player: "carte 54" above the move plays the card; "card 999" is quoted as
# written; the help's examples in French (docs/orders.md "Languages")
tg=$tmp/tempete-fr
mkdir -p "$tg/data"
cp tests/golden/tempete/key "$tg/data/key"
chmod 600 "$tg/data/key"
printf 'referee_address = referee@tempest.example\nmax_clock_leap_hours = 87600\ndata_dir = %s/data\nmax_replies_per_sender = 10000\n' "$tg" > "$tg/conf"
python3 -c 'import json, sys; json.dump({"format": 1, "players": {a: [{"at": 1793000000,
"key": "seed." + a, "kind": "language", "language": "fr"}] for a in sys.argv[2:]}},
open(sys.argv[1], "w"))' "$tg/data/players.json" alice@example.org bob@example.org
awk '/^From alice@example.org Mon Nov  2 13:00/ { exit } { print }' tests/golden/tempete/in.mbox > "$tg/setup.mbox"
run "$T" process -c "$tg/conf" "$tg/setup.mbox"
printf '%s\n' "$out" > "$tg/last"
out=$(python3 tests/cli/langcheck.py --text "$tg/last")
expect_out "the French hand" "Votre main${nb}: carte 54, carte 29"
expect_out "the cards drawn, with their article" "Vous avez tiré la carte 54 (votre numéro 1)"
# tmail FROM BODY: a mail of that game, its replies decoded in $out
tmail() {
	cli_mail "$1" "Re: [tempest 1 $WT] partie 1" "$2" > "$tg/m"
	run "$T" process -c "$tg/conf" "$tg/m"
	printf '%s\n' "$out" > "$tg/last"
	out=$(python3 tests/cli/langcheck.py --text "$tg/last")
}
tmail alice@example.org "card 999\ne4"
expect_out "card 999 quoted as written" "ligne 1${nb}: card 999"
tmail alice@example.org "aide"
expect_out "the French help's card example, from the hand" "par exemple : carte 54"
tmail alice@example.org "carte 54\ne4"
expect_out "carte 54 plays card 54" "Lu dans votre courriel${nb}: carte 54; e4"
case $out in *"carte 54, carte 29"*) fail "card 54 still in the hand" ;; *) pass ;; esac

# every kind in each language: each golden game played again with every player's
# language set beforehand; in French and German every mail of its reader's language, with
# none of another's stock phrases nor an English word outside the known gaps
# (tests/cli/langgaps.txt), none over 78 characters a line (FENs aside); in English every
# mail English, and the same scan finds English in each of them when it looks for French
for lang in fr de en; do
	for c in tempete chessme knightmare perplexichess tigerchess chess-game; do
		g=$tmp/golden-$c-$lang
		mkdir -p "$g/data"
		cp "tests/golden/$c/key" "$g/data/key"
		chmod 600 "$g/data/key"
		printf 'referee_address = referee@tempest.example\nmax_clock_leap_hours = 87600\nreferee_name = Tempest referee\ndata_dir = %s/data\nmax_replies_per_sender = 10000\n' \
			"$g" > "$g/conf"
		addrs=$(sed -n 's/^From: .*<\([^>]*\)>.*/\1/p; s/^From: \([^ <]*@[^ ]*\)$/\1/p' \
			"tests/golden/$c/in.mbox" | sort -u)
		python3 -c 'import json, sys; json.dump({"format": 1, "players": {a: [{"at": 1793000000,
"key": "seed." + a, "kind": "language", "language": sys.argv[2]}] for a in sys.argv[3:]}},
open(sys.argv[1], "w"))' "$g/data/players.json" "$lang" $addrs
		TEMPEST_MARK_UNTRANSLATED=1 "$T" process -c "$g/conf" "tests/golden/$c/in.mbox" \
			> "$g/out.mbox" 2> "$g/err" || fail "golden $c in $lang: the run fails"
		# a phrase without a msgstr is marked (⟦...⟧): none may be left
		python3 tests/cli/langcheck.py --text "$g/out.mbox" | grep -o '⟦[^⟧]*' | sort -u |
			head -5 > "$g/marked"
		[ -s "$g/marked" ] && fail "golden $c in $lang: phrases without a msgstr: $(cat "$g/marked")" ||
			pass
		LANGCHECK_LINES=1 python3 tests/cli/langcheck.py "$(printf "%s=$lang " $addrs)" \
			"$g/out.mbox" tests/cli/langgaps.txt > "$g/check"
		n=$(grep -c '^ok' "$g/check")
		# what is left in English, each line once, and the known gaps met
		grep '^bad\|^  english:' "$g/check" | sort -u | head -8 |
			while read -r line; do echo "  $c ($lang): $line"; done
		grep '^gap' "$g/check" | while read -r line; do echo "  $c ($lang): known $line"; done
		grep -q '^bad' "$g/check" && fail "golden $c in $lang: a mail not in $lang" ||
			{ [ "$n" -ge 10 ] && pass || fail "golden $c in $lang: only $n mails"; }
		python3 tests/golden/linewidth.py "$g/out.mbox" > "$g/width" && pass ||
			fail "golden $c in $lang: lines over 78 characters: $(head -n 2 "$g/width")"
		[ "$lang" = en ] || continue
		python3 tests/cli/langcheck.py "*=fr" "$g/out.mbox" > "$g/asfr"
		[ "$(grep -c '^ok' "$g/asfr")" -eq 0 ] && pass ||
			fail "golden $c in English: the scan finds no English in a mail"
	done
done

# what has no msgstr is found: a catalogue without one entry marks it in the mail
cp -R "$TEMPEST_TEMPLATES_DIR" "$tmp/tpl2"
sed -i '/^msgid "Your password for this game is set."$/{n;s/^msgstr .*/msgstr ""/}' \
	"$tmp/tpl2/po/fr.po"
cli_mail alice@example.org "Re: [tempest 1 $WT] partie 1" "password sesame" > "$tmp/m"
TEMPEST_MARK_UNTRANSLATED=1 TEMPEST_TEMPLATES_DIR=$tmp/tpl2 run "$T" process -c "$tmp/conf" "$tmp/m"
out=$(printf '%s\n' "$out" > "$tmp/last"; python3 tests/cli/langcheck.py --text "$tmp/last")
expect_out "an untranslated phrase is marked" "⟦Your password for this game is set.⟧"
TEMPEST_TEMPLATES_DIR=$tmp/tpl2 run "$T" process -n -c "$tmp/conf"
expect_out "tempest -n counts it" "fr.po: 1 of"

# every mail: its reader's language, none of another's stock phrases
python3 tests/cli/langcheck.py "alice@example.org=fr carol@example.org=fr dave@example.org=de" \
	"$tmp/all.mbox" tests/cli/langgaps.txt > "$tmp/check"
n=$(grep -c '^ok' "$tmp/check")
grep '^bad' "$tmp/check" | while read -r line; do echo "  $line"; done
grep -q '^bad' "$tmp/check" && fail "a mail with another language's phrases" || pass
[ "$n" -ge 20 ] && pass || fail "only $n mails checked"
cli_done t_languages
