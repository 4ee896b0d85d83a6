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
	return side == WHITE ? "Bengal" : "Siberian";
}

static void dice_text(const struct game *g, const struct tigerchess *tc, struct buf *b)
{
	char commit[65], text[160];

	tc_commitment(tc, g->id, commit);
	if (g->status == GAME_INVITED) {
		buf_printf(b, "The dice are cast: the commitment to their seed is\n  %s\n"
			   "(the SHA-256 of the line \"tempest-dice-1 game %d seed SEED\"); seed and "
			   "dice are\nshown when the game begins.\n%s", commit, g->id, tc->agreed_open ?
			   "Deployment: Open, as the challenge proposes (rule 17).\n" : "");
		return;
	}
	tc_commit_text(tc, g->id, text, sizeof text);
	text[strcspn(text, "\n")] = 0;
	if (tc->die)
		buf_printf(b, "Rule 17: the die shows %d: the %s variation.\n", tc->die,
			   tc->variation == TC_COUNTDOWN ? "Countdown" :
			   tc->variation == TC_DRAGON ? "Dragon" : "Symmetrical");
	else
		buf_str(b, "Rule 17: the players agreed to the Open variation.\n");
	buf_printf(b, "Rule 17a: the dice show %d and %d: %s.\nDeployment: %s.\n", tc->dice[0],
		   tc->dice[1], tc->tiger ? "a double, the TigerVariation is played" :
		   "no double, no TigerVariation", tc_variation_name(tc));
	/* a command rather than the line itself: the line (92 characters) fits no mail line,
	 * the command goes over several (docs/mail-lines.md) */
	struct buf cmd = { 0 };
	size_t n = strlen(text);
	text[n] = '\n', text[n + 1] = 0;       /* the line hashed ends with its newline */
	commit_check_command(text, 2, FIT_WIDTH, &cmd);
	buf_printf(b, "Check the dice: this command\n  %s\nprints %s,\nthe commitment sent "
		   "before the game began.\n", cmd.s ? cmd.s : "", commit);
	buf_free(&cmd);
}

/* Who posts next and where, or the points once the game is over. */
static void progress_text(const struct game *g, const struct tigerchess *tc, struct buf *b)
{
	int next = tc_next(tc), owner = tc_owner(tc);
	const char *whose = owner == next ? "his" : owner == WHITE ? "the Bengal" : "the Siberian";

	if (g->status == GAME_OVER) {
		int pts[2];
		tc_points(tc, game_pos(g), g->result, g->termination, pts);
		buf_printf(b, "Game points: Bengal %d, Siberian %d.\n", pts[WHITE], pts[BLACK]);
		return;
	}
	if (g->status != GAME_PLAYING || next < 0)
		return;
	if (tc->stage == TC_GUARDS) {
		buf_printf(b, "Next: the %s Warlord posts %s Royal Guard to a wing of the Palace:\n"
			   "\"guard c\", \"guard d\", \"guard e\" or \"guard f\".\n", warlord(next), whose);
		return;
	}
	uint64_t m = tc_allowed(tc, g->v);
	int n = 0, numeral = 1;
	for (int k = 0; k < tc->nposted; k++)
		numeral += tc_poster[k] == owner;
	buf_printf(b, "Next: the %s Warlord posts %s Swordsman %d (\"post SQUARE\") on one of:",
		   warlord(next), whose, numeral);
	for (int s = 0; s < 64; s++)
		if (m >> s & 1)
			buf_printf(b, "%s%c%d", n++ % 16 ? " " : "\n  ", 'a' + s % 8, s / 8 + 1);
	buf_printf(b, "\n  (%d squares)\n", n);
}

static void tc_view(const struct game *g, const struct reply *r, int reader, struct tctx *c)
{
	const struct tigerchess *tc = g->kstate;
	struct buf b = { 0 };

	(void)r, (void)reader;
	if (!tc)
		return;
	dice_text(g, tc, &b);
	progress_text(g, tc, &b);
	while (b.n && b.s[b.n - 1] == '\n')  /* the template ends the line */
		b.s[--b.n] = 0;
	tctx_set(c, "tc", "1");
	tctx_set(c, "tc_text", "%s", b.s ? b.s : "");
	buf_free(&b);
}

static void tc_summary(const struct game *g, struct buf *out)
{
	const struct tigerchess *tc = g->kstate;

	if (!tc)
		return;
	if (g->status != GAME_INVITED)
		buf_printf(out, "Deployment: %s (die %d, dice %d %d)\n", tc_variation_name(tc),
			   tc->die, tc->dice[0], tc->dice[1]);
	progress_text(g, tc, out);
}

/* The variables view sets, for the kind's parts of the templates (templates/tigerchess/). */
static const char *const tc_names[] = {
	"tc", "tc_text", NULL,
};

const struct kind_view kind_tigerchess_view = {
	.view = tc_view,
	.summary = tc_summary,
	.names = tc_names,
};
