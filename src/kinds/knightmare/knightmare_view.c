/* knightmare_view.c: the template variables of a Knightmare game for one reader. The only
 * place where the kind's state becomes text for a mail: before the end it reads the
 * reader's own half, deck and hand and public facts only; after the end it adds the
 * reveal (both halves, deck orders, salts, and the command that checks each commitment). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "kinds/knightmare/knightmare.h"
#include "kinds/knightmare/knightmare_view.h"
#include "render/cardturn_view.h"
#include "render/fit.h"
#include "render/view.h"
#include "util/buf.h"
#include "util/commit.h"

static const char *side(int c)
{
	return side_name(c);
}

static void set_buf(struct tctx *c, const char *name, struct buf *b)
{
	tctx_set(c, name, "%s", b->s ? b->s : "");
	buf_free(b);
}

static void numbers(const int *a, int n, struct buf *b)
{
	for (int i = 0; i < n; i++)
		buf_printf(b, "%s%d", i ? " " : "", a[i]);
	if (!n)
		buf_str(b, N_("none"));
}

/* One card as a player needs it: its number, name, points, when and what it does. */
static void card_line(const struct game *g, int card, struct buf *b)
{
	const struct card_info *ci = &g->cat->card[card];

	buf_printf(b, "  %3d %-18s %3d%s  %-12s %s\n", card, ci->name, ci->points, ci->unique ? "*" : " ",
		   cards_timing_name(ci->timing), ci->effect);
}

static void card_lines(const struct game *g, const int *cards, int n, struct buf *b)
{
	for (int i = 0; i < n; i++)
		card_line(g, cards[i], b);
	if (!n) {
		buf_str(b, "  ");
		buf_str(b, N_("none"));
		buf_str(b, "\n");
	}
}

/* A piece a card transformed or froze, said with the kind it was and the letter the
 * board shows for it (no bare U or Z): "the White Knight on b1, now a Griffin (shown U),
 * moves as NF". */
static void held_piece(const struct game *g, const struct km_effect *f, struct buf *b)
{
	const struct pos *p = game_pos(g);
	sq_t s = variant_square_named(p->v, f->square, strlen(f->square));
	piece_t pc = s == SQ_NONE ? PIECE_NONE : pos_at(p, s);
	int t = variant_type_by_letter(g->v, f->orig);
	char kind[64];
	char shown = pc == PIECE_NONE ? f->letter : variant_piece_char(p->v, pc);
	const char *colour = pc == PIECE_NONE ? NULL : PIECE_COLOR(pc) == WHITE ?
			     NC_("colour", "White") : NC_("colour", "Black");

	phrase_word(kind, sizeof kind, NULL, t >= 0 ? g->v->type[t].name : "piece");
	if (f->verb == EFFECT_TRANSFORM && colour)
		buf_phrase(b, "the %s %s on %s, now a %s (shown %c), moves as %s", colour, kind,
			   f->square, f->name, shown, f->betza);
	else if (f->verb == EFFECT_TRANSFORM)
		buf_phrase(b, "the %s on %s, now a %s (shown %c), moves as %s", kind, f->square, f->name,
			   shown, f->betza);
	else if (colour)
		buf_phrase(b, "the %s %s on %s is frozen (shown %c): it may not move", colour, kind,
			   f->square, shown);
	else
		buf_phrase(b, "the %s on %s is frozen (shown %c): it may not move", kind, f->square,
			   shown);
}

/* One term of the challenge for the invitation: a label padded to line up with the
 * invitation's others ("Game:", "White:"), and its value. */
static void term(struct tctx *c, const char *label, const char *what)
{
	struct tctx *it = tctx_item(c, "kind_terms");

	if (!it)
		return;
	tctx_phrase(it, "label", "%-10s", label);       /* padded as the language writes it */
	tctx_set(it, "what", "%s", what);
}

/* Every term agreed at the challenge, which the invited player accepts: the sets, the
 * budgets (a handicap when they differ), the cards set aside unseen. */
static void terms(const struct knightmare *km, struct tctx *c)
{
	static const char *const divided[] = {
		"", N_("one set, divided at random"), N_("two sets, divided at random"),
		N_("three sets, divided at random"), N_("four sets, divided at random"),
	};
	char what[160];

	if (km->sets == KM_COMMON)
		phrase_printf(what, sizeof what, "one common deck for both");
	else if (km->sets == 0)
		phrase_printf(what, sizeof what, "personal sets: each builds from a whole set");
	else
		snprintf(what, sizeof what, "%s", divided[km->sets]);
	term(c, N_("Cards:"), what);
	if (km->sets != KM_COMMON) {
		if (km->budget[WHITE] == km->budget[BLACK])
			phrase_printf(what, sizeof what, "%d points each", km->budget[WHITE]);
		else
			phrase_printf(what, sizeof what, "%d points for White, %d for Black (a handicap)",
				      km->budget[WHITE], km->budget[BLACK]);
		term(c, N_("Decks:"), what);
	}
	if (km->extra && km->sets == KM_COMMON)
		phrase_nprintf(what, sizeof what, (unsigned long)km->extra, "%d card, unseen, before "
			       "shuffling", "%d cards, unseen, before shuffling", km->extra);
	else if (km->extra)
		phrase_nprintf(what, sizeof what, (unsigned long)km->extra, "%d card, unseen, before "
			       "dividing", "%d cards, unseen, before dividing", km->extra);
	else
		phrase_printf(what, sizeof what, "none");
	if (km->sets)                   /* personal sets: nothing is divided, nothing set aside */
		term(c, N_("Set aside:"), what);
}

/* The continuing effect on a kind that a later one replaces whole (seed 002,
 * "Conflicts": between continuing cards the last played takes precedence; `powers`
 * gives a kind new powers in place of all it had): its index, or -1. The earlier card
 * stays in play, and is in force again if the later one ends. */
static int overridden_by(const struct knightmare *km, int i)
{
	const struct km_effect *f = &km->effects[i];

	if (f->verb != EFFECT_GAIN && f->verb != EFFECT_POWERS)
		return -1;
	for (int j = km->neffects - 1; j > i; j--) {
		const struct km_effect *later = &km->effects[j];
		if (later->verb == EFFECT_POWERS && later->letter == f->letter && !later->suspended)
			return j;
	}
	return -1;
}

/* The cards in force, in a sentence each: what they do, suspended or overridden. */
static void effects_text(const struct game *g, const struct knightmare *km, struct buf *out)
{
	struct buf b = *out;
	char label[96];

	for (int i = 0; i < km->neffects; i++) {
		const struct km_effect *f = &km->effects[i];
		buf_str(&b, b.n ? "; " : "");
		buf_phrase(&b, "%s of %s:", cards_label(g->cat, f->card, label, sizeof label),
			   side(f->by));
		buf_str(&b, " ");
		if (f->verb == EFFECT_TRANSFORM || f->verb == EFFECT_FREEZE)
			held_piece(g, f, &b);
		else if (f->verb == EFFECT_SHIELD)
			buf_phrase(&b, "the piece on %s may not be captured", f->square);
		else if (f->verb == EFFECT_IMMUNE)
			buf_phrase(&b, "no %c may be captured", f->letter);
		else if (f->verb == EFFECT_GAIN)
			buf_phrase(&b, "every %c also moves as %s", f->letter, f->betza);
		else
			buf_phrase(&b, "every %c moves only as %s", f->letter, f->betza);
		if (f->suspended && f->verb != EFFECT_SHIELD && f->verb != EFFECT_TRANSFORM &&
		    f->verb != EFFECT_FREEZE)
			buf_str(&b, N_(" (suspended)"));
		int over = overridden_by(km, i);
		if (over >= 0 && !f->suspended) {
			buf_str(&b, " ");
			buf_phrase(&b, "(overridden by %s)",
				   cards_label(g->cat, km->effects[over].card, label, sizeof label));
		}
	}
	*out = b;
}

static void public_view(const struct game *g, struct tctx *c)
{
	const struct knightmare *km = g->kstate;
	struct buf b = { 0 };
	char label[96];

	for (int i = 0; i < km->nplays; i++) {
		struct tctx *it = tctx_item(c, "km_plays");
		if (!it)
			break;
		tctx_set(it, "by", "%s", side(km->plays[i].by));
		tctx_set(it, "card", "%s", cards_label(g->cat, km->plays[i].card, label, sizeof label));
		char how[64];
		tctx_set(it, "how", "%s", phrase_word(how, sizeof how, "card played as",
						      km->plays[i].how));
		tctx_set(it, "detail", "%s%s", km->plays[i].detail, km->plays[i].void_ ?
			 N_(" (no longer in force)") : "");
	}
	effects_text(g, km, &b);
	set_buf(c, "km_effects", &b);
	for (int s = 0; s < 2; s++) {
		buf_str(&b, s ? "; " : "");
		buf_phrase(&b, "%s lost %s", side(s), km->lost[s][0] ? km->lost[s] : N_("nothing"));
		if (km->dead[s][0])
			buf_phrase(&b, ", dead %s", km->dead[s]);
	}
	set_buf(c, "km_captured", &b);
	int left[2];
	for (int s = 0; s < 2; s++) {
		int from = km->sets == KM_COMMON ? 0 : s;
		left[s] = km->ndeck[from] - km->drawn[from];
		tctx_set(c, s ? "km_hand_black" : "km_hand_white", "%d", km->nhand[s]);
		tctx_set(c, s ? "km_left_black" : "km_left_white", "%d", left[s]);
	}
	/* the hands in a sentence, "card" or "cards" as White's count asks */
	tctx_phrase(c, "km_hands", km->nhand[WHITE] == 1 ?
		    F_("White holds %d card and has %d to draw; Black holds %d and has %d.") :
		    F_("White holds %d cards and has %d to draw; Black holds %d and has %d."),
		    km->nhand[WHITE], left[WHITE], km->nhand[BLACK], left[BLACK]);
	if (km->budget[0] == km->budget[1])
		tctx_phrase(c, "km_budgets", "%d points each", km->budget[0]);
	else
		tctx_phrase(c, "km_budgets", "White %d points, Black %d", km->budget[0], km->budget[1]);
	tctx_set(c, "km_sets", "%s", km->sets == 0 ? N_("personal sets: each builds from a whole set") :
		 km->sets == KM_COMMON ? N_("one common deck for both") :
		 km->sets == 1 ? N_("one set, divided at random") : N_("several sets, divided at random"));
	terms(km, c);
	if (km->sets == KM_COMMON)
		tctx_set(c, "km_common", "yes");
	if (km->extra)
		tctx_set(c, "km_extra", "%d", km->extra);
	if (km->ct.expect != CT_SETUP) {
		char commit[65];
		knightmare_commitment(km, g->id, km->sets == KM_COMMON ? km->nold : WHITE, commit);
		tctx_set(c, "km_commit_white", "%s", commit);
		knightmare_commitment(km, g->id, BLACK, commit);
		tctx_set(c, "km_commit_black", "%s", commit);
	}
}

/* What only reader r knows: their half, their deck, their hand and what they drew. */
static void private_view(const struct game *g, int r, struct tctx *c)
{
	const struct knightmare *km = g->kstate;
	struct buf b = { 0 };
	char expect[256];

	tctx_set(c, "km_budget", "%d", km->budget[r]);
	if (km->ct.expect == CT_SETUP && !km->has_deck[r]) {
		card_lines(g, km->half[r], km->nhalf[r], &b);
		set_buf(c, "km_half", &b);
	}
	if (km->has_deck[r]) {
		/* as built, sorted: its order once shuffled is what the player may not know */
		int sorted[KM_DECK_MAX];
		memcpy(sorted, km->deck[r], sizeof sorted);
		knightmare_sort(sorted, km->ndeck[r]);
		numbers(sorted, km->ndeck[r], &b);
		set_buf(c, "km_deck", &b);
		tctx_set(c, "km_deck_points", "%d", knightmare_points(g->cat, km->deck[r], km->ndeck[r]));
	}
	if (km->ct.expect != CT_SETUP) {
		card_lines(g, km->hand[r], km->nhand[r], &b);
		set_buf(c, "km_hand", &b);
		if (km->nhand[r])       /* an example of "card N" the reader could write */
			tctx_set(c, "km_card_example", "%d", km->hand[r][0]);
		int from = km->sets == KM_COMMON ? 0 : r;
		tctx_set(c, "km_left", "%d", km->ndeck[from] - km->drawn[from]);
	}
	if (km->njust_drew[r]) {
		numbers(km->just_drew[r], km->njust_drew[r], &b);
		set_buf(c, "km_drew", &b);
	}
	if (km->ct.expect == CT_ANSWER && km->ct.to == r)
		tctx_set(c, "km_answer_due", "yes");
	cardturn_view_subject(g, r, c);
	cardturn_expect_text(g, r, expect, sizeof expect);
	phrase_capital(expect, sizeof expect);          /* the mail's sentence */
	tctx_set(c, "km_expect", "%s", expect);
}

/* After the end: both halves and every order committed to (each deck, or a common deck's
 * orders), their salts, and each commitment's check. */
static void reveal(const struct game *g, struct tctx *c)
{
	const struct knightmare *km = g->kstate;
	struct buf b = { 0 };
	struct km_deckorder o;

	tctx_set(c, "km_reveal", "yes");
	for (int k = 0; knightmare_order(km, k, &o); k++) {
		struct tctx *it = tctx_item(c, "km_sides");
		struct buf cmd = { 0 };
		char commit[65], hex[2 * DECK_SALT + 1];
		if (!it)
			return;
		tctx_set(it, "side", "%s", o.label);
		if (km->sets != KM_COMMON) {
			numbers(km->half[k], km->nhalf[k], &b);
			set_buf(it, "half", &b);
		}
		numbers(o.cards, o.n, &b);
		set_buf(it, "deck", &b);
		crypto_hex(o.salt, DECK_SALT, hex);
		tctx_set(it, "salt", "%s", hex);
		knightmare_commitment(km, g->id, k, commit);
		tctx_set(it, "commitment", "%s", commit);
		knightmare_commit_text(km, g->id, k, &b);
		commit_check_command(b.s, 17, FIT_WIDTH, &cmd);
		set_buf(it, "check", &cmd);
		buf_free(&b);
	}
	numbers(km->aside, km->naside, &b);
	set_buf(c, "km_aside", &b);
}

static void km_view(const struct game *g, const struct reply *r, int reader, struct tctx *c)
{
	(void)r;
	if (!g->kstate)
		return;
	tctx_set(c, "km", "yes");
	public_view(g, c);
	if (reader == WHITE || reader == BLACK)
		private_view(g, reader, c);
	if (g->status == GAME_OVER)
		reveal(g, c);
}

static void km_summary(const struct game *g, struct buf *out)
{
	const struct knightmare *km = g->kstate;

	if (!km->nplays)        /* no list to announce */
		buf_phrase(out, "Cards: White holds %d (%d in the deck), Black %d (%d); none played "
			   "yet.", km->nhand[WHITE], km->ndeck[WHITE] - km->drawn[WHITE],
			   km->nhand[BLACK], km->ndeck[BLACK] - km->drawn[BLACK]);
	else
		buf_phrase(out, "Cards: White holds %d (%d in the deck), Black %d (%d); %d played:",
			   km->nhand[WHITE], km->ndeck[WHITE] - km->drawn[WHITE], km->nhand[BLACK],
			   km->ndeck[BLACK] - km->drawn[BLACK], km->nplays);
	buf_str(out, "\n");
	for (int i = 0; i < km->nplays; i++)
		buf_printf(out, "  turn %d, %s: card %d (%s) %s\n", km->plays[i].turn,
			   color_name_lc(km->plays[i].by), km->plays[i].card, km->plays[i].how,
			   km->plays[i].detail);
}

/* The variables view sets (and the items of its lists), for the kind's parts of the
 * templates (templates/knightmare/). */
static const char *const km_names[] = {
	"km", "km_half", "km_budget", "km_budgets", "km_sets", "km_extra", "km_deck",
	"km_deck_points", "km_hand", "km_drew", "km_left", "km_hand_white",
	"km_hand_black", "km_hands", "km_left_white", "km_left_black", "km_common", "km_commit_white",
	"km_commit_black", "km_effects", "km_captured", "km_plays", "km_expect",
	"km_answer_due", "ct_mated", "km_reveal", "km_sides", "km_aside", "by", "card", "how",
	"detail", "side", "half", "deck", "salt", "commitment", "check", "km_card_example", NULL,
};

/* The help's "card 23" and "redraw 7" as a card of the reader's hand. */
static void km_example(const struct game *g, int reader, const struct order_word *w, char *out,
		       size_t len)
{
	const struct knightmare *km = g->kstate;
	int r = reader >= 0 && reader < g->nseats ? g->seat[reader].side : -1;

	if ((r == WHITE || r == BLACK) && km->nhand[r] &&
	    (!strcmp(w->words, "card") || !strcmp(w->words, "redraw")))
		snprintf(out, len, "%s %d", w->words, km->hand[r][0]);
}

const struct kind_view kind_knightmare_view = {
	.view = km_view,
	.example = km_example,
	.summary = km_summary,
	.names = km_names,
};
