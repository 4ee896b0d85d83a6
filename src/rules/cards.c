/* cards.c: the card catalogue's names and labels (see cards.h); reading it is the store's
 * (store/cards_load.c). */
#include "rules/cards.h"

#include <stdio.h>

const char *const cards_timing_names[CARD_TIMINGS] = {
	"any", "own", "interception", "reaction", "start_of_turn", "after_loss", "before",
	"instead", "after",
};

const char *cards_timing_name(enum card_timing t)
{
	return (int)t >= 0 && (int)t < CARD_TIMINGS ? cards_timing_names[t] : "?";
}

const char *cards_label(const struct card_catalogue *c, int card, char *buf, int len)
{
	/* the card's name as the rules give it, in every language */
	if (card > 0 && card < CARDS_MAX && c->card[card].name[0])
		return phrase_printf(buf, (size_t)len, "card %d (%s)", card, c->card[card].name);
	return phrase_printf(buf, (size_t)len, "card %d", card);
}
