/* tigerchess_view.c: what a mail of a TigerChess game shows: the commitment to the dice
 * before the game, the dice and their seed once it begins, the deployment (who posts
 * next, on which squares), and the game points of the result. */
#include <stdio.h>
#include <string.h>

#include "kinds/tigerchess/tigerchess.h"
#include "kinds/tigerchess/tigerchess_view.h"
#include "render/fit.h"
#include "render/view.h"
#include "util/buf.h"
#include "util/commit.h"
#include "util/crypto.h"

static const char *warlord(int side)
{
	return tc_side(side);
}

static void dice_text(const struct game *g, const struct tigerchess *tc, struct buf *b)
{
	char commit[65], text[160];

	tc_commitment(tc, g->id, commit);
	if (g->status == GAME_INVITED) {
		buf_phrase(b, "The dice are cast: the commitment to their seed is\n  %s\n(the SHA-256 "
			   "of the line \"tempest-dice-1 game %d seed SEED\"); seed and dice are\nshown "
			   "when the game begins.", commit, g->id);
		buf_str(b, "\n");
		if (tc->agreed_open) {
			buf_phrase(b, "Deployment: Open, as the challenge proposes (rule 17).");
			buf_str(b, "\n");
		}
		return;
	}
	tc_commit_text(tc, g->id, text, sizeof text);
	text[strcspn(text, "\n")] = 0;
	if (tc->die)
		buf_phrase(b, "Rule 17: the die shows %d: the %s variation.", tc->die,
			   tc->variation == TC_COUNTDOWN ? "Countdown" :
			   tc->variation == TC_DRAGON ? "Dragon" : "Symmetrical");
	else
		buf_phrase(b, "Rule 17: the players agreed to the Open variation.");
	buf_str(b, "\n");
	if (tc->tiger)
		buf_phrase(b, "Rule 17a: the dice show %d and %d: a double, the TigerVariation is "
			   "played.", tc->dice[0], tc->dice[1]);
	else
		buf_phrase(b, "Rule 17a: the dice show %d and %d: no double, no TigerVariation.",
			   tc->dice[0], tc->dice[1]);
	buf_str(b, "\n");
	buf_phrase(b, "Deployment: %s.", tc_variation_name(tc));
	buf_str(b, "\n");
	/* a command rather than the line itself: the line (92 characters) fits no mail line,
	 * the command goes over several (docs/mail-lines.md) */
	struct buf cmd = { 0 };
	size_t n = strlen(text);
	text[n] = '\n', text[n + 1] = 0;       /* the line hashed ends with its newline */
	commit_check_command(text, 2, FIT_WIDTH, &cmd);
	buf_phrase(b, "Check the dice: this command\n  %s\nprints %s,\nthe commitment sent before "
		   "the game began.", cmd.s ? cmd.s : "", commit);
	buf_str(b, "\n");
	buf_free(&cmd);
}

/* Who posts next and where, or the points once the game is over. */
static void progress_text(const struct game *g, const struct tigerchess *tc, struct buf *b)
{
	int next = tc_next(tc), owner = tc_owner(tc);
	bool his = owner == next;

	if (g->status == GAME_OVER) {
		int pts[2];
		tc_points(tc, game_pos(g), g->result, g->termination, pts);
		buf_phrase(b, "Game points: Bengal %d, Siberian %d.", pts[WHITE], pts[BLACK]);
		buf_str(b, "\n");
		return;
	}
	if (g->status != GAME_PLAYING || next < 0)
		return;
	if (tc->stage == TC_GUARDS) {
		if (his)
			buf_phrase(b, "Next: the %s Warlord posts his Royal Guard to a wing of the "
				   "Palace:\n\"guard c\", \"guard d\", \"guard e\" or \"guard f\".",
				   warlord(next));
		else
			buf_phrase(b, "Next: the %s Warlord posts the %s Royal Guard to a wing of the "
				   "Palace:\n\"guard c\", \"guard d\", \"guard e\" or \"guard f\".",
				   warlord(next), warlord(owner));
		buf_str(b, "\n");
		return;
	}
	uint64_t m = tc_allowed(tc, g->v);
	int n = 0, numeral = 1;
	for (int k = 0; k < tc->nposted; k++)
		numeral += tc_poster[k] == owner;
	if (his)
		buf_phrase(b, "Next: the %s Warlord posts his Swordsman %d (\"post SQUARE\") on one "
			   "of:", warlord(next), numeral);
	else
		buf_phrase(b, "Next: the %s Warlord posts the %s Swordsman %d (\"post SQUARE\") on "
			   "one of:", warlord(next), warlord(owner), numeral);
	for (int s = 0; s < 64; s++)
		if (m >> s & 1)
			buf_printf(b, "%s%c%d", n++ % 16 ? " " : "\n  ", 'a' + s % 8, s / 8 + 1);
	buf_str(b, "\n  ");
	buf_nphrase(b, (unsigned long)n, "(%d square)", "(%d squares)", n);
	buf_str(b, "\n");
}

/* During the deployment the turn follows the postings (S B B S S B B S), not the side to
 * move of the position, which stays the Bengal's (White's) until the engagement. */
static void deployment_turn(const struct game *g, const struct tigerchess *tc, int reader,
			    struct tctx *c)
{
	int next = tc_next(tc);

	if (g->status != GAME_PLAYING || next < 0)
		return;
	tctx_set(c, "your_turn", "%s", reader == next ? "yes" : "");
	char who[PUBLIC_NAME_MAX] = "";
	if (next < g->nseats)
		view_seat_text(g, next, reader, who, sizeof who);
	tctx_phrase(c, "to_move", "The %s Warlord (%s)", warlord(next), who);
}

/* The deployment as rule 6 asks it recorded, in the seed's abbreviations: "Deployment
 * (TigerCountdown): SG to the E wing, BG to the D wing; SS i c6, BS i f4, ...". Empty
 * before the first posting. */
static void deployment_record(const struct tigerchess *tc, struct buf *out)
{
	int numeral[2] = { 0, 0 };
	static const char *const roman[] = { "i", "ii", "iii", "iv" };
	const char *sep = "";

	if (tc->guard[BLACK] < 0 && tc->nposted == 0)
		return;
	buf_phrase(out, "Deployment (%s):", tc_variation_name(tc));
	for (int side = BLACK; side >= WHITE && tc->tiger; side--)      /* the Siberian first */
		if (tc->guard[side] >= 0) {
			buf_printf(out, "%s ", sep);
			buf_phrase(out, "%cG to the %c wing", side == WHITE ? 'B' : 'S',
				   'C' + tc->guard[side]);
			sep = ",";
		}
	if (tc->tiger && tc->nposted)
		sep = ";";
	for (int k = 0; k < tc->nposted; k++) {
		int side = tc_poster[k], n = numeral[side]++;
		buf_printf(out, "%s %cS %s %s", sep, side == WHITE ? 'B' : 'S', roman[n & 3],
			   tc->posted[k]);
		sep = ",";
	}
}

/* The deployment before the moves of the engagement, in the move list (the PGN has it
 * through tc_pgn_comment). */
static void record_deployment(const struct tigerchess *tc, struct tctx *c)
{
	struct buf rec = { 0 }, out = { 0 };

	deployment_record(tc, &rec);
	if (!rec.s)
		return;
	const char *moves = tctx_get(c, "moves");
	bool none = !strcmp(moves, N_("(none yet)"));
	buf_printf(&out, "{%s}%s%s", rec.s, !none && *moves ? " " : "", none ? "" : moves);
	tctx_set(c, "moves", "%s", out.s);
	buf_free(&rec);
	buf_free(&out);
}

/* A comment before the first move: the PGN's position is the deployed one. */
static void tc_pgn_comment(const struct game *g, struct buf *out)
{
	deployment_record(g->kstate, out);
}

static void tc_view(const struct game *g, const struct reply *r, int reader, struct tctx *c)
{
	const struct tigerchess *tc = g->kstate;
	struct buf b = { 0 };

	(void)r;
	if (!tc)
		return;
	deployment_turn(g, tc, reader, c);
	record_deployment(tc, c);
	dice_text(g, tc, &b);
	size_t dice = b.n;
	progress_text(g, tc, &b);
	while (b.n && b.s[b.n - 1] == '\n')  /* the template ends the line */
		b.s[--b.n] = 0;
	tctx_set(c, "tc", "1");
	tctx_set(c, "tc_text", "%s", b.s ? b.s : "");
	if (b.n > dice && tc->stage != TC_ENGAGED)     /* who posts what, where */
		tctx_set(c, "tc_next", "%s", b.s + dice);
	buf_free(&b);
	if (g->status != GAME_INVITED) {        /* the seed revealed: how the casts follow */
		char hex[2 * TC_SEED + 1];
		crypto_hex(tc->seed, sizeof tc->seed, hex);
		tctx_set(c, "tc_seed", "%s", hex);
		tctx_set(c, "tc_casts", "%s", tc->die ? "1 9 17" : "1 9");
	}
}

static void tc_summary(const struct game *g, struct buf *out)
{
	const struct tigerchess *tc = g->kstate;

	if (!tc)
		return;
	if (g->status != GAME_INVITED)
		buf_phrase(out, "Deployment: %s (die %d, dice %d %d)", tc_variation_name(tc),
			   tc->die, tc->dice[0], tc->dice[1]);
	if (g->status != GAME_INVITED)
		buf_str(out, "\n");
	progress_text(g, tc, out);
}

/* The variables view sets, for the kind's parts of the templates (templates/tigerchess/). */
static const char *const tc_names[] = {
	"tc", "tc_text", "tc_next", "tc_seed", "tc_casts", NULL,
};

const struct kind_view kind_tigerchess_view = {
	.view = tc_view,
	.summary = tc_summary,
	.board_html = tc_board_html,
	.board_text = tc_board_text,
	.look = &tc_look,
	.step_words = tc_step_words,
	.pgn_comment = tc_pgn_comment,
	.names = tc_names,
};
