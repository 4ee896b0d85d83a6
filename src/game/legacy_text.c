/* legacy_text.c: see legacy_text.h. Every termination an earlier release could write is
 * one of the phrases below, or a game master's reason, which stays as written. */
#include "game/legacy_text.h"

#include <stdio.h>
#include <string.h>

#include "util/phrase.h"

/* The terminations without arguments, as phrases (their msgid is the English). */
static const char *const fixed[] = {
	N_("checkmate"), N_("stalemate"), N_("resignation"), N_("draw agreed"),
	N_("threefold repetition (claimed)"), N_("fifty-move rule (claimed)"),
	N_("time forfeit"), N_("time forfeit, but the opponent cannot mate"),
	N_("draw: neither side can mate"),
	N_("draw: seventy-five moves without a capture or pawn move"),
	N_("draw: the same position five times"), N_("challenge withdrawn"),
	N_("invitation declined"), N_("the challenge lapsed unanswered"), N_("adjudication"),
	N_("occupation of the Palace"), N_("resignation by the grand strategist"),
};

void legacy_termination(char *termination, size_t len)
{
	char english[128];
	int a, b, n = 0;

	if (!*termination || phrase_has(termination))
		return;
	for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
		if (!strcmp(phrase_english(fixed[i], english, sizeof english), termination)) {
			phrase_fit(termination, len, fixed[i]);
			return;
		}
	if (sscanf(termination, "boards won %d-%d%n", &a, &b, &n) == 2 && !termination[n])
		phrase_printf(termination, len, "boards won %d-%d", a, b);
	else if (sscanf(termination, "time called, %d pieces to %d%n", &a, &b, &n) == 2 &&
		 !termination[n])
		phrase_printf(termination, len, "time called, %d pieces to %d", a, b);
}
