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
	return c == WHITE ? "White" : "Black";
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
		buf_str(b, "none");
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
	if (!n)
		buf_str(b, "  none\n");
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
	const char *kind = t >= 0 ? g->v->type[t].name : "piece";
	char shown = pc == PIECE_NONE ? f->letter : variant_piece_char(p->v, pc);

	buf_printf(b, "the %s%s%s on %s", pc == PIECE_NONE ? "" : side(PIECE_COLOR(pc)),
		   pc == PIECE_NONE ? "" : " ", kind, f->square);
	if (f->verb == EFFECT_TRANSFORM)
		buf_printf(b, ", now a %s (shown %c), moves as %s", f->name, shown, f->betza);
	else
		buf_printf(b, " is frozen (shown %c): it may not move", shown);
}

/* One term of the challenge for the invitation: a label padded to line up with the
 * invitation's others ("Game:", "White:"), and its value. */
static void term(struct tctx *c, const char *label, const char *what)
{
	struct tctx *it = tctx_item(c, "kind_terms");

	if (!it)
		return;
	tctx_set(it, "label", "%-10s", label);
	tctx_set(it, "what", "%s", what);
}

/* Every term agreed at the challenge, which the invited player accepts: the sets, the
 * budgets (a handicap when they differ), the cards set aside unseen. */
static void terms(const struct knightmare *km, struct tctx *c)
{
	static const char *const divided[] = { "", "one set", "two sets", "three sets", "four sets" };
	char what[128];

	if (km->sets == KM_COMMON)
		snprintf(what, sizeof what, "one common deck for both");
	else if (km->sets == 0)
		snprintf(what, sizeof what, "personal sets: each builds from a whole set");
	else
		snprintf(what, sizeof what, "%s, divided at random", divided[km->sets]);
	term(c, "Cards:", what);
	if (km->sets != KM_COMMON) {
		if (km->budget[WHITE] == km->budget[BLACK])
			snprintf(what, sizeof what, "%d points each", km->budget[WHITE]);
		else
			snprintf(what, sizeof what, "%d points for White, %d for Black (a handicap)",
				 km->budget[WHITE], km->budget[BLACK]);
		term(c, "Decks:", what);
	}
	if (km->extra)
		snprintf(what, sizeof what, "%d cards, unseen, before %s", km->extra,
			 km->sets == KM_COMMON ? "shuffling" : "dividing");
	else
		snprintf(what, sizeof what, "none");
	if (km->sets)                   /* personal sets: nothing is divided, nothing set aside */
		term(c, "Set aside:", what);
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
		tctx_set(it, "how", "%s", km->plays[i].how);
		tctx_set(it, "detail", "%s%s", km->plays[i].detail, km->plays[i].void_ ? " (no longer in force)" : "");
	}
	for (int i = 0; i < km->neffects; i++) {
		const struct km_effect *f = &km->effects[i];
		buf_printf(&b, "%s%s of %s: ", b.n ? "; " : "", cards_label(g->cat, f->card, label, sizeof label),
			   side(f->by));
		if (f->verb == EFFECT_TRANSFORM || f->verb == EFFECT_FREEZE)
			held_piece(g, f, &b);
		else if (f->verb == EFFECT_SHIELD)
			buf_printf(&b, "the piece on %s may not be captured", f->square);
		else if (f->verb == EFFECT_IMMUNE)
			buf_printf(&b, "no %c may be captured%s", f->letter, f->suspended ? " (suspended)" : "");
		else
			buf_printf(&b, "every %c %s %s%s", f->letter, f->verb == EFFECT_GAIN ? "also moves as" :
				   "moves only as", f->betza, f->suspended ? " (suspended)" : "");
	}
	set_buf(c, "km_effects", &b);
	buf_printf(&b, "White lost %s%s%s; Black lost %s%s%s", km->lost[0][0] ? km->lost[0] : "nothing",
		   km->dead[0][0] ? ", dead " : "", km->dead[0], km->lost[1][0] ? km->lost[1] : "nothing",
		   km->dead[1][0] ? ", dead " : "", km->dead[1]);
	set_buf(c, "km_captured", &b);
	for (int s = 0; s < 2; s++) {
		int from = km->sets == KM_COMMON ? 0 : s;
		tctx_set(c, s ? "km_hand_black" : "km_hand_white", "%d", km->nhand[s]);
		tctx_set(c, s ? "km_left_black" : "km_left_white", "%d", km->ndeck[from] - km->drawn[from]);
	}
	tctx_set(c, "km_budgets", km->budget[0] == km->budget[1] ? "%d points each" :
		 "White %d points, Black %d", km->budget[0], km->budget[1]);
	tctx_set(c, "km_sets", "%s", km->sets == 0 ? "personal sets: each builds from a whole set" :
		 km->sets == KM_COMMON ? "one common deck for both" :
		 km->sets == 1 ? "one set, divided at random" : "several sets, divided at random");
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
	expect[0] = (char)toupper((unsigned char)expect[0]);    /* the mail's sentence */
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
		buf_printf(out, "Cards: White holds %d (%d in the deck), Black %d (%d); none "
			   "played yet.\n", km->nhand[WHITE], km->ndeck[WHITE] - km->drawn[WHITE],
			   km->nhand[BLACK], km->ndeck[BLACK] - km->drawn[BLACK]);
	else
		buf_printf(out, "Cards: White holds %d (%d in the deck), Black %d (%d); %d played:\n",
			   km->nhand[WHITE], km->ndeck[WHITE] - km->drawn[WHITE], km->nhand[BLACK],
			   km->ndeck[BLACK] - km->drawn[BLACK], km->nplays);
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
	"km_hand_black", "km_left_white", "km_left_black", "km_common", "km_commit_white",
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
