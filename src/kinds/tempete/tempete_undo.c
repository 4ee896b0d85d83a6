/* tempete_undo.c: a card undone (seed 000: an interception's card 32, 42 or 52 disables
 * the card played with the move, a take-back undoes the turn): what the card added to a
 * hand, took from a list or gave as a secret square, taken back, and said. Below both the
 * playing of a card (tempete_card.c) and its effects (tempete_effect.c), which undo.
 * Internal to the Tempête kind's folder (tempete_int.h). */
#include <stdio.h>
#include <string.h>

#include "kinds/tempete/tempete_int.h"

static void drop_one(int *a, int *n, int x)
{
	for (int i = *n - 1; i >= 0; i--)
		if (a[i] == x) {
			memmove(&a[i], &a[i + 1], (size_t)(*n - i - 1) * sizeof a[0]);
			(*n)--;
			return;
		}
}

/* The secret square a card gave, forgotten: the other record's index follows. */
static void drop_secret(struct tempete *tp, int k)
{
	memmove(&tp->secrets[k - 1], &tp->secrets[k], (size_t)(tp->nsecrets - k) * sizeof tp->secrets[0]);
	tp->nsecrets--;
	for (int s = 0; s < 2; s++)
		if (tp->record[s].secret > k)
			tp->record[s].secret--;
}

int tp_undo_card(struct tempete *tp, int slot, const char *why, char *said, size_t len)
{
	struct tp_record *r = &tp->record[slot];

	said[0] = 0;
	if (!r->play || r->turn != tp->turn || r->play > tp->nplays)
		return 0;
	struct tp_play *p = &tp->plays[r->play - 1];
	int by = p->by, other = 1 - by;
	/* card 34 takes a card played in the open: it may be named; 57's choice is secret */
	char one[256];

	if (r->added && !r->barred)
		phrase_cat(said, len, "; ", phrase_printf(one, sizeof one, "card %d leaves %s's hand "
							  "again", r->added, side_name(by)));
	if (r->added)
		drop_one(tp->hand[by], &tp->nhand[by], r->added);
	if (r->barred) {
		drop_one(tp->barred[other], &tp->nbarred[other], r->barred);
		phrase_cat(said, len, "; ", phrase_printf(one, sizeof one, "the card it took from %s's "
							  "list leaves their hand, and %s may send "
							  "number %d again", side_name(by), side_name(other),
							  r->barred));
	}
	if (r->secret && r->secret <= tp->nsecrets) {
		drop_secret(tp, r->secret);
		phrase_cat(said, len, "; ", N_("the square it gave the referee is void"));
	}
	p->void_ = true;
	phrase_cat(p->detail, sizeof p->detail, " ", phrase_printf(one, sizeof one, "[undone: %s]", why));
	int card = p->card;
	*r = (struct tp_record){ 0 };
	return card;
}

void tp_note_undone(struct apply_state *a, int card, const char *said)
{
	if (card && said[0])
		apply_note(a, "Undone with card %d: %s.", card, said);
}

int tp_disable_record(struct tempete *tp, int slot, int by_card, char *said, size_t len)
{
	char why[40];

	phrase_printf(why, sizeof why, "disabled by card %d", by_card);
	return tp_undo_card(tp, slot, why, said, len);
}
