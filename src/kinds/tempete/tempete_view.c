/* tempete_view.c: the template variables of a Tempete game for one reader. The only place
 * where the protocol's state becomes text for a mail: before the end it reads the
 * reader's own secrets (list, hand, squares) and public facts only; after the end it adds
 * the reveal (both lists, salts, numbers, draws, squares). */
#include <stdio.h>
#include <string.h>

#include "kinds/tempete/tempete.h"
#include "kinds/tempete/tempete_view.h"
#include "render/cardturn_view.h"
#include "render/fit.h"
#include "render/view.h"
#include "util/buf.h"
#include "util/commit.h"

static const char *side(int c)
{
	return side_name(c);
}

static void card_list(const struct game *g, const int *cards, int n, struct buf *b)
{
	for (int i = 0; i < n; i++) {
		char label[96];
		buf_printf(b, "%s%s", i ? ", " : "", cards_label(g->cat, cards[i], label, sizeof label));
	}
	if (!n)
		buf_str(b, N_("none"));
}

static void set_buf(struct tctx *c, const char *name, struct buf *b)
{
	tctx_set(c, name, "%s", b->s ? b->s : "");
	buf_free(b);
}

/* The public record: cards played, marks, captured pieces, commitments. */
static void public_view(const struct game *g, struct tctx *c)
{
	const struct tempete *tp = g->kstate;
	struct buf b = { 0 };

	for (int i = 0; i < tp->nplays; i++) {
		struct tctx *it = tctx_item(c, "tp_plays");
		char label[96];
		if (!it)
			break;
		tctx_set(it, "by", "%s", side(tp->plays[i].by));
		tctx_set(it, "card", "%s", cards_label(g->cat, tp->plays[i].card, label, sizeof label));
		char how[64];
		tctx_set(it, "how", "%s", phrase_word(how, sizeof how, "card played as",
						      tp->plays[i].how));
		tctx_set(it, "detail", "%s", tp->plays[i].detail);
	}
	for (int i = 0; i < tp->nmarks; i++) {
		struct tctx *it = tctx_item(c, "tp_marks");
		if (!it)
			break;
		tctx_set(it, "square", "%s", tp->marks[i].square[0] ? tp->marks[i].square :
			 N_("the game"));
		tctx_set(it, "label", "%s", tp->marks[i].label);
		tctx_set(it, "card", "%d", tp->marks[i].card);
	}
	for (int s = 0; s < 2; s++) {
		char lost[TP_LOST_MAX + 1], dead[TP_LOST_MAX + 1];
		snprintf(lost, sizeof lost, "%.*s", tp->nlost[s], tp->lost[s]);
		snprintf(dead, sizeof dead, "%.*s", tp->ndead[s], tp->dead[s]);
		buf_str(&b, s ? "; " : "");
		buf_phrase(&b, "%s lost %s", side(s), tp->nlost[s] ? lost : N_("nothing"));
		if (tp->ndead[s])
			buf_phrase(&b, ", dead %s", dead);
	}
	set_buf(c, "tp_captured", &b);
	tctx_set(c, "tp_n", "%d", tp->n);
	/* the cards agreed at the challenge, as ranges ("1-10 12-21 23-70") */
	for (int i = 0; i < tp->n; i++) {
		int j = i;
		while (j + 1 < tp->n && tp->cards[j + 1] == tp->cards[j] + 1)
			j++;
		buf_printf(&b, "%s%d", i ? " " : "", tp->cards[i]);
		if (j > i)
			buf_printf(&b, "-%d", tp->cards[j]);
		i = j;
	}
	set_buf(c, "tp_cards", &b);
	/* examples that are valid whatever N: numbers spread over 1..N, cards in use */
	if (tp->n >= 5) {
		for (int i = 1; i <= 5; i++)
			buf_printf(&b, "%s%d", i > 1 ? " " : "", i * tp->n / 5);
		set_buf(c, "tp_example_numbers", &b);
		buf_printf(&b, "%d %d %d", tp->cards[tp->n / 2], tp->cards[0], tp->cards[tp->n - 1]);
		set_buf(c, "tp_example_list", &b);
	}
	tctx_set(c, "tp_hand_white", "%d", tp->nhand[WHITE]);
	tctx_set(c, "tp_hand_black", "%d", tp->nhand[BLACK]);
	tctx_phrase(c, "tp_hands", tp->nhand[WHITE] == 1 ? F_("White holds %d card, Black %d.") :
		    F_("White holds %d cards, Black %d."), tp->nhand[WHITE], tp->nhand[BLACK]);
	if (tp->ct.expect != CT_SETUP) {
		char commit[65];
		tempete_commitment(tp, g->id, WHITE, commit);
		tctx_set(c, "tp_commit_white", "%s", commit);
		tempete_commitment(tp, g->id, BLACK, commit);
		tctx_set(c, "tp_commit_black", "%s", commit);
	}
}

/* What only reader r knows: their hand, their list, the cards they just drew. */
static void private_view(const struct game *g, int r, struct tctx *c, bool show_list)
{
	const struct tempete *tp = g->kstate;
	struct buf b = { 0 };
	char expect[256];

	card_list(g, tp->hand[r], tp->nhand[r], &b);
	set_buf(c, "tp_hand", &b);
	if (tp->nhand[r])       /* an example of "card N" the reader could write */
		tctx_set(c, "tp_card_example", "%d", tp->hand[r][0]);
	if (tp->njust_drew[r]) {
		for (int i = 0; i < tp->njust_drew[r]; i++) {
			int k = tp->ndrawn[r] - tp->njust_drew[r] + i;
			char label[96];
			buf_str(&b, i ? ", " : "");
			buf_phrase(&b, "%s (your number %d)",
				   cards_label(g->cat, tp->drawn_card[r][k], label, sizeof label),
				   tp->drawn_number[r][k]);
		}
		set_buf(c, "tp_drew", &b);
	}
	tctx_set(c, "tp_numbers_left", "%d", tempete_available(tp, r, NULL));
	/* an interception to answer is not a move: the subject says so */
	if (tp->ct.expect == CT_ANSWER && tp->ct.to == r)
		tctx_set(c, "tp_answer_due", "yes");
	cardturn_view_subject(g, r, c);
	/* the player's own bookkeeping: what they sent (those `numbers random` chose too) */
	for (int i = 0; i < tp->nsent[r]; i++)
		buf_printf(&b, "%s%d", i ? " " : "", tp->sent[r][i]);
	set_buf(c, "tp_sent", &b);
	for (int i = 0; i < tp->nbarred[r]; i++)
		buf_printf(&b, "%s%d", i ? " " : "", tp->barred[r][i]);
	set_buf(c, "tp_barred", &b);
	cardturn_expect_text(g, r, expect, sizeof expect);
	phrase_capital(expect, sizeof expect);          /* the mail's sentence */
	tctx_set(c, "tp_expect", "%s", expect);
	if (show_list && tp->has_list[r]) {
		for (int i = 0; i < tp->n; i++)
			buf_printf(&b, "%s%d:%d", i % 10 ? "  " : i ? "\n  " : "  ", i + 1, tp->list[r][i]);
		set_buf(c, "tp_list", &b);
		if (tp->list_by_referee[r])     /* a list the player sent is theirs: no word */
			tctx_set(c, "tp_list_by", "%s", N_("made by the referee"));
	}
	for (int i = 0; i < tp->nsecrets; i++)
		if (tp->secrets[i].by == r && !tp->secrets[i].used) {
			buf_str(&b, b.n ? ", " : "");
			buf_phrase(&b, "%s (card %d)", tp->secrets[i].square, tp->secrets[i].card);
		}
	set_buf(c, "tp_my_squares", &b);
	if (tp->ct.expect == CT_SETUP) {
		tctx_set(c, "tp_setup", "yes");
		if (!tp->has_list[r])
			tctx_set(c, "tp_owe_list", "yes");
		if (!tp->opening[r])
			tctx_set(c, "tp_owe_numbers", "yes");
	}
}

/* After the end: everything, with the means to check it. */
static void reveal(const struct game *g, struct tctx *c)
{
	const struct tempete *tp = g->kstate;

	tctx_set(c, "tp_reveal", "yes");
	for (int s = 0; s < 2; s++) {
		struct tctx *it = tctx_item(c, "tp_sides");
		struct buf b = { 0 }, cmd = { 0 };
		char commit[65], hex[2 * TP_SALT + 1];
		if (!it)
			return;
		tctx_set(it, "side", "%s", side(s));
		for (int i = 0; i < tp->n; i++)
			buf_printf(&b, "%s%d", i ? " " : "", tp->list[s][i]);
		set_buf(it, "list", &b);
		crypto_hex(tp->salt[s], TP_SALT, hex);
		tctx_set(it, "salt", "%s", hex);
		tempete_commitment(tp, g->id, s, commit);
		tctx_set(it, "commitment", "%s", commit);
		tempete_commit_text(tp, g->id, s, &b);
		commit_check_command(b.s, 17, FIT_WIDTH, &cmd);
		buf_free(&b);
		set_buf(it, "check", &cmd);
		for (int i = 0; i < tp->nsent[s]; i++)
			buf_printf(&b, "%s%d", i ? " " : "", tp->sent[s][i]);
		if (!b.n)
			buf_str(&b, N_("none"));
		set_buf(it, "sent", &b);
		for (int i = 0; i < tp->ndrawn[s]; i++)
			buf_printf(&b, "%s%d->%d", i ? " " : "", tp->drawn_number[s][i], tp->drawn_card[s][i]);
		set_buf(it, "drawn", &b);
		/* card 57: the number the opponent of s could no longer send, and the card s took */
		for (int i = 0; i < tp->nbarred[1 - s]; i++) {
			int n = tp->barred[1 - s][i];
			buf_printf(&b, "%s%d->%d", i ? " " : "", n, n >= 1 && n <= tp->n ? tp->list[s][n - 1] : 0);
		}
		if (!b.n)
			buf_str(&b, N_("none"));
		set_buf(it, "taken", &b);
		for (int i = 0; i < tp->nsecrets; i++)
			if (tp->secrets[i].by == s) {
				buf_str(&b, b.n ? ", " : "");
				buf_phrase(&b, "%s (card %d)", tp->secrets[i].square, tp->secrets[i].card);
			}
		if (!b.n)
			buf_str(&b, N_("none"));
		set_buf(it, "squares", &b);
	}
	/* rule 10: every card played came from the hand, checked when it was played */
	tctx_nphrase(c, "tp_entitlement", (unsigned long)tp->nplays, "every card played was in its "
		     "player's hand when played (checked at the time): %d card, no forfeit", "every "
		     "card played was in its player's hand when played (checked at the time): %d "
		     "cards, no forfeit", tp->nplays);
}

/* The set-up and deal mails show the reader's own list too. */
static void tp_view(const struct game *g, const struct reply *r, int reader, struct tctx *c)
{
	if (!g->kstate)
		return;
	tctx_set(c, "tp", "yes");
	public_view(g, c);
	if (reader == WHITE || reader == BLACK)
		private_view(g, reader, c, r->kind == REPLY_SETUP || r->kind == REPLY_DEALT);
	if (g->status == GAME_OVER)
		reveal(g, c);
}

/* The cards played, for the game master's terminal. */
static void tp_summary(const struct game *g, struct buf *out)
{
	const struct tempete *tp = g->kstate;

	if (!tp->nplays)        /* no list to announce */
		buf_phrase(out, "Cards: %d in use; White holds %d, Black %d; none played yet.",
			   tp->n, tp->nhand[WHITE], tp->nhand[BLACK]);
	else
		buf_phrase(out, "Cards: %d in use; White holds %d, Black %d; %d played:", tp->n,
			   tp->nhand[WHITE], tp->nhand[BLACK], tp->nplays);
	buf_str(out, "\n");
	for (int i = 0; i < tp->nplays; i++)
		buf_printf(out, "  turn %d, %s: card %d (%s) %s\n", tp->plays[i].turn,
			   color_name_lc(tp->plays[i].by), tp->plays[i].card, tp->plays[i].how,
			   tp->plays[i].detail);
}

/* The variables view sets (and the items of its lists), for the kind's parts of the
 * templates (templates/tempete/). */
static const char *const tp_names[] = {
	"tp", "tp_n", "tp_setup", "tp_owe_list", "tp_owe_numbers", "tp_expect", "tp_hand",
	"tp_drew", "tp_numbers_left", "tp_sent", "tp_barred", "tp_answer_due", "ct_mated", "tp_cards",
	"tp_example_numbers", "tp_example_list", "tp_list", "tp_list_by", "tp_my_squares",
	"tp_plays", "tp_marks", "tp_captured", "tp_hand_white", "tp_hand_black", "tp_hands",
	"tp_commit_white", "tp_commit_black", "tp_reveal", "tp_sides", "tp_entitlement",
	"tp_card_example",
	"by", "card", "how", "detail", "square", "label", "side", "list", "salt",
	"commitment", "check", "sent", "drawn", "taken", "squares", NULL,
};

/* The help's "card 23" as a card of the reader's hand: one they could play. */
static void tp_example(const struct game *g, int reader, const struct order_word *w, char *out,
		       size_t len)
{
	const struct tempete *tp = g->kstate;
	int r = reader >= 0 && reader < g->nseats ? g->seat[reader].side : -1;

	if ((r == WHITE || r == BLACK) && tp->nhand[r] && !strcmp(w->words, "card"))
		snprintf(out, len, "card %d", tp->hand[r][0]);
}

const struct kind_view kind_tempete_view = {
	.view = tp_view,
	.example = tp_example,
	.summary = tp_summary,
	.names = tp_names,
};
