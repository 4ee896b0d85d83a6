/* tempete_card.c: playing a card (seed 000, rules 6 to 11): the checks of hand, timing and
 * one card per turn and side, the special cards (12/28 secret squares, 34, 57), the
 * effects, and the announcement. Internal to the Tempête kind's folder (tempete_int.h). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "kinds/tempete/tempete_int.h"

static const char *side(int c)
{
	return side_name(c);
}

const struct card_info *tp_info(const struct apply_state *a, int card)
{
	return &a->g->cat->card[card > 0 && card < CARDS_MAX ? card : 0];
}

bool tp_timing_ok(enum card_timing t, const char *how)
{
	if (!strcmp(how, "move"))
		return t == CARD_ANY || t == CARD_OWN || t == CARD_START_OF_TURN || t == CARD_AFTER_LOSS;
	if (!strcmp(how, "interception"))
		return t == CARD_ANY || t == CARD_INTERCEPTION || t == CARD_REACTION;
	return t == CARD_ANY || t == CARD_OWN || t == CARD_REACTION;         /* answer */
}

static const char *timing_rule(enum card_timing t)
{
	switch (t) {
	case CARD_OWN: return "with your own move";
	case CARD_INTERCEPTION: return "only as an interception";
	case CARD_REACTION: return "only in reply to a card (as an answer or an interception)";
	case CARD_START_OF_TURN: return "at the start of your own turn";
	case CARD_AFTER_LOSS: return "in your turn after you lost a piece other than a pawn";
	default: return "at any time";
	}
}

/* Checks and spends the card; records its play. Returns the play's index or -1. */
static int play_card(struct apply_state *a, const struct turn_msg *t, const char *how)
{
	struct tempete *tp = a->g->kstate;
	const struct card_info *ci = tp_info(a, t->card_no);
	int me = a->me;
	bool own_turn = strcmp(how, "interception") != 0;

	bool used = false;              /* the game's list of cards (rule 2) */
	for (int i = 0; i < tp->n && !used; i++)
		used = tp->cards[i] == t->card_no;
	if (!used)
		return apply_error(a, t->card, "there is no card %d in this game", t->card_no);
	if (!tp_in_hand(tp, me, t->card_no))
		return apply_error(a, t->card, "card %d is not in your hand", t->card_no);
	/* a card that replies to cards may intercept only a move that carried one (an answer
	 * always replies to the interception's card) */
	if (!tp_timing_ok(ci->timing, how) ||
	    (ci->timing == CARD_REACTION && !own_turn && !tp->ct.card_own[1 - me]))
		return apply_error(a, t->card, "card %d is played %s", t->card_no, timing_rule(ci->timing));
	if (own_turn ? tp->ct.card_own[me] : tp->ct.card_opp[me])
		return apply_error(a, t->card, "you have played a card in this turn already: one on "
				   "your own turn and one on your opponent's, at most");
	if (ci->continuing >= 0 && t->continuing && !ci->continuing)
		return apply_error(a, t->card, "card %d has no continuing effect", t->card_no);
	if (tp->nplays == TP_PLAYS_MAX)
		return apply_error(a, t->card, "too many cards played in this game");
	tp_remove_from_hand(tp, me, t->card_no);
	if (own_turn)
		tp->ct.card_own[me] = true;
	else
		tp->ct.card_opp[me] = true;
	struct tp_play *p = &tp->plays[tp->nplays];
	memset(p, 0, sizeof *p);
	p->by = me, p->card = t->card_no, p->turn = tp->turn;
	snprintf(p->how, sizeof p->how, "%s", how);
	struct tp_record *r = &tp->record[own_turn ? TP_REC_TURN : TP_REC_INTERCEPTION];
	*r = (struct tp_record){ .turn = tp->turn, .play = tp->nplays + 1 };
	return tp->nplays++;
}

bool tp_regular_card(const struct apply_state *a, const struct turn_msg *t)
{
	int known = tp_info(a, t->card_no)->continuing;

	return known >= 0 ? known == 0 : !t->continuing;
}

/* Card 34: a card the opponent played during your last turn or his. */
static int retrieve(struct apply_state *a, const struct turn_msg *t, char *note, size_t len)
{
	struct tempete *tp = a->g->kstate;
	int other = 1 - a->me;

	if (!t->take)
		return apply_error(a, t->card, "card 34: say which card it takes ('take 23')");
	for (int i = tp->nplays - 1; i >= 0; i--) {
		const struct tp_play *p = &tp->plays[i];
		if (p->by == other && p->card == t->take->number && strcmp(p->how, "kept") &&
		    (p->turn == tp->turn - 1 || p->turn == tp->turn - 2)) {
			tp->hand[a->me][tp->nhand[a->me]++] = p->card;
			tp->record[TP_REC_TURN].added = p->card;
			phrase_printf(note, len, "takes card %d into their hand", p->card);
			return 0;
		}
	}
	for (int i = tp->nplays - 1; i >= 0; i--)
		if (tp->plays[i].by == other && tp->plays[i].card == t->take->number &&
		    !strcmp(tp->plays[i].how, "kept") && tp->plays[i].turn >= tp->turn - 2)
			return apply_error(a, t->take, "%s kept card %d: it went back to their hand",
					   side(other), t->take->number);
	return apply_error(a, t->take, "%s did not play card %d during your last turn or theirs",
			   side(other), t->take->number);
}

/* Card 57: a card not yet played from your own list; the opponent may no longer send
 * its number. */
static int recover(struct apply_state *a, const struct turn_msg *t, char *note, size_t len)
{
	struct tempete *tp = a->g->kstate;
	int me = a->me, other = 1 - me;

	if (tp->lost_turn[me] != tp->turn - 1)
		return apply_error(a, t->card, "card 57 is played in the turn after you lost a piece "
				   "other than a pawn to a regular move, and you did not");
	if (!t->choose)
		return apply_error(a, t->card, "card 57: say which card of your list you take ('choose 23')");
	int card = t->choose->number, pos = -1;
	for (int i = 0; i < tp->n; i++)
		if (tp->list[me][i] == card)
			pos = i + 1;
	if (pos < 0)
		return apply_error(a, t->choose, "card %d is not in this game's list", card);
	for (int i = 0; i < tp->nsent[other]; i++)
		if (tp->sent[other][i] == pos)
			return apply_error(a, t->choose, "you have drawn card %d already", card);
	for (int i = 0; i < tp->nplays; i++)
		if (tp->plays[i].by == me && tp->plays[i].card == card)
			return apply_error(a, t->choose, "you have played card %d before", card);
	tp->hand[me][tp->nhand[me]++] = card;
	tp->barred[other][tp->nbarred[other]++] = pos;
	tp->record[TP_REC_TURN].added = card;
	tp->record[TP_REC_TURN].barred = pos;
	phrase_printf(note, len, "takes a card from their list; %s may no longer send number %d",
		      side(other), pos);
	return 0;
}

/* Cards 12 and 28: the square goes to the referee, in secret. */
static int secret_square(struct apply_state *a, const struct turn_msg *t)
{
	struct tempete *tp = a->g->kstate;
	const struct variant *v = a->g->v;

	if (!t->square)
		return apply_error(a, t->card, "card %d: give the referee your square ('square e4')",
				   t->card_no);
	if (variant_square_named(v, t->square->arg, strlen(t->square->arg)) == SQ_NONE)
		return apply_error(a, t->square, "'%s' is not a square", t->square->arg);
	if (tp->nsecrets == TP_SECRETS_MAX)
		return apply_error(a, t->square, "too many secret squares");
	struct tp_secret *s = &tp->secrets[tp->nsecrets++];
	tp->record[tp->plays[tp->nplays - 1].how[0] == 'i' ? TP_REC_INTERCEPTION :
		   TP_REC_TURN].secret = tp->nsecrets;
	s->by = a->me, s->card = t->card_no, s->turn = tp->turn, s->used = false;
	snprintf(s->square, sizeof s->square, "%s", t->square->arg);
	for (char *c = s->square; *c; c++)
		*c = (char)tolower((unsigned char)*c);
	return 0;
}

/* "secret e4": using the square given earlier; the referee checks it. */
int tp_use_secret(struct apply_state *a, const struct turn_msg *t)
{
	struct tempete *tp = a->g->kstate;

	for (int i = 0; i < tp->nsecrets; i++) {
		struct tp_secret *s = &tp->secrets[i];
		if (s->by == a->me && !s->used && !strcasecmp(s->square, t->secret->arg)) {
			s->used = true;
			apply_note(a, "%s uses the square given to the referee with card %d: %s.",
				   side(a->me), s->card, s->square);
			return 0;
		}
	}
	return apply_error(a, t->secret, "%s is not a square you gave the referee (with card 12 "
			   "or 28) and have not used yet", t->secret->arg);
}

/* Plays the card of a mail (checks, specials, effects); `how` is move, interception or
 * answer. The announcement goes to the note both players read. */
int tp_card_turn(struct apply_state *a, const struct turn_msg *t, const char *how,
		     bool effects_now)
{
	struct tempete *tp = a->g->kstate;
	char special[256] = "", edits[600] = "", label[96];
	int idx;

	if (t->take && (!t->card || tp_info(a, t->card_no)->special != SPECIAL_RETRIEVE))
		return apply_error(a, t->take, "'take' goes with card 34");
	if (t->choose && (!t->card || tp_info(a, t->card_no)->special != SPECIAL_RECOVER))
		return apply_error(a, t->choose, "'choose' goes with card 57");
	if (t->square && (!t->card || tp_info(a, t->card_no)->special != SPECIAL_SECRET_SQUARE))
		return apply_error(a, t->square, "'square' goes with card 12 or 28");
	if (!t->card) {
		if (t->neffects)
			return apply_error(a, t->effects[0], "an effect belongs to a card ('card 23')");
		return 0;
	}
	if ((idx = play_card(a, t, how)) < 0)
		return -1;
	const struct card_info *ci = tp_info(a, t->card_no);
	int rc = 0;
	if (ci->special == SPECIAL_RETRIEVE)
		rc = retrieve(a, t, special, sizeof special);
	else if (ci->special == SPECIAL_RECOVER)
		rc = recover(a, t, special, sizeof special);
	else if (ci->special == SPECIAL_SECRET_SQUARE) {
		rc = secret_square(a, t);
		phrase_printf(special, sizeof special, "gives the referee a square, in secret");
	}
	if (rc < 0)
		return -1;
	int eff = 0;
	if (effects_now && t->neffects)
		eff = tp_effects(a, t, tp_regular_card(a, t), edits, sizeof edits);
	if (eff < 0)
		return -1;
	struct tp_play *p = &tp->plays[idx];
	cards_label(a->g->cat, t->card_no, label, sizeof label);
	p->detail[0] = 0;
	phrase_cat(p->detail, sizeof p->detail, "", special);
	phrase_cat(p->detail, sizeof p->detail, "; ", edits);
	if (eff == 1)
		phrase_cat(p->detail, sizeof p->detail, "", N_(" (no effect: a card may not capture a "
							   "king or mate by itself)"));
	p->void_ = eff == 1;
	/* whether its effect continues is news for the opponent: it changes the rules of
	 * check and mate (seed 002, the Checkmate Rule) */
	bool continues = ci->continuing > 0 || (ci->continuing < 0 && t->continuing);
	apply_note(a, "%s plays %s%s%s%s%s.", side(a->me), label, continues ? N_(" (continuing)") : "",
		   strcmp(how, "move") ? (strcmp(how, "answer") ? N_(" to intercept") : N_(" in answer")) :
		   "", p->detail[0] ? ": " : "", p->detail);
	return 0;
}


int tp_keep_allowed(struct apply_state *a, const struct turn_msg *t)
{
	const struct tempete *tp = a->g->kstate;

	if (!t->keep && !t->discard)
		return 0;
	if (tp->disabled)
		return apply_error(a, t->first, "your card was disabled by card %d and stays spent: "
				   "it cannot be kept or discarded; make a normal move",
				   tp->intercepted_by_card);
	if (tp->move_parts != 2 || tp->hit_part != 1)
		return apply_error(a, t->first, "'keep' and 'discard' answer an interception of the "
				   "first part of a double move (cards 18 and 50)");
	return 0;
}
