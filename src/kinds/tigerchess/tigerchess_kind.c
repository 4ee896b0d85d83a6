/* tigerchess_kind.c: TigerChess by mail as a game kind (kind.h): the challenge's
 * agreement to Open, the dice, the deployment orders and who posts next, the moves of the
 * engagement with the occupation of a Palace, and the state hash. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/notation.h"
#include "game/apply.h"
#include "game/kind.h"
#include "kinds/tigerchess/tigerchess.h"
#include "kinds/tigerchess/tigerchess_kind.h"
#include "util/crypto.h"

static const struct order_word tc_orders[] = {
	{ "deployment", ORDER_DEPLOYMENT, ORDER_ARG_WORD, "deployment open", NULL, 0, "open" },
	{ "post", ORDER_POST, ORDER_ARG_REST, "post c6", NULL, 0, NULL },
	{ "guard", ORDER_GUARD, ORDER_ARG_WORD, "guard e", NULL, 0, NULL },
};

static void *tc_state_new(void)
{
	return calloc(1, sizeof(struct tigerchess));
}

static void tc_state_copy(void *dst, const void *src)
{
	memcpy(dst, src, sizeof(struct tigerchess));
}

/* "deployment open" in the challenge proposes the Open variation; accepting the challenge
 * agrees to it (rule 17). The seed is fixed now, its commitment goes out with the
 * invitation, and the dice are cast from it. */
static int tc_create(struct game *g, const struct orders *o, const uint8_t *key, size_t klen,
		     int *line, char *why, size_t wlen)
{
	struct tigerchess *tc = g->kstate;

	if (!key) {
		snprintf(why, wlen, "a game of TigerChess starts with a challenge");
		return -1;
	}
	for (size_t i = 0; o && i < o->n; i++)
		if (o->o[i].kind == ORDER_DEPLOYMENT) {
			*line = o->o[i].lineno;
			if (strcmp(o->o[i].arg, "open")) {
				snprintf(why, wlen, "players may agree only to the Open variation "
					 "(rule 17): \"deployment open\"");
				return -1;
			}
			tc->agreed_open = true;
		}
	tc_seed(tc, key, klen, g->id);
	tc_cast(tc);
	return 0;
}

/* TigerVariation 3: "All clock times are doubled", from the first posting on. */
static void tc_started(struct game *g, const uint8_t *key, size_t klen)
{
	const struct tigerchess *tc = g->kstate;

	(void)key, (void)klen;
	if (tc->tiger)
		chessclock_scale(&g->clock.tc, 2);
}

static enum game_phase tc_phase(const struct game *g)
{
	const struct tigerchess *tc = g->kstate;

	return tc->stage == TC_ENGAGED ? PHASE_PLAY : PHASE_DEPLOYMENT;
}

/* "deployment open": the challenge's proposal, agreed by its acceptance (rule 17). */
static bool tc_challenge_order(int k)
{
	return k == ORDER_DEPLOYMENT;
}

static const char *tc_order_refused(const struct game *g, int seat, const struct order *od)
{
	const struct tigerchess *tc = g->kstate;

	(void)seat;
	if (tc_challenge_order(od->kind))
		return "the deployment variation is agreed in the challenge";
	if (g->status != GAME_PLAYING && od->kind >= ORDER_KIND_FIRST)
		return "";              /* apply_playing says why */
	if (tc->stage == TC_ENGAGED && (od->kind == ORDER_POST || od->kind == ORDER_GUARD))
		return "the deployment phase is over";
	if (tc->stage != TC_ENGAGED && (od->kind == ORDER_MOVE || od->kind == ORDER_OFFER_DRAW ||
					od->kind == ORDER_CLAIM_DRAW || od->kind == ORDER_CONDITIONAL))
		return "the deployment phase comes first: the Swordsmen are not all posted";
	if (tc->stage == TC_POSTING && od->kind == ORDER_GUARD)
		return "the Royal Guards are posted";
	return NULL;
}

static bool tc_handles(int k)
{
	return k == ORDER_POST || k == ORDER_GUARD || k == ORDER_MOVE;
}

/* The edited position becomes the board's next entry ("@deploy"), so that a refused mail
 * takes it back with everything else. */
static int commit_pos(struct apply_state *a, const struct order *od, const struct pos *p)
{
	char op[FEN_MAX + 8];
	struct err e;

	memcpy(op, "@deploy ", 8);
	pos_to_fen(p, op + 8, sizeof op - 8);
	if (game_op(a->g, op, &e) < 0)
		return apply_error(a, od, "%s", e.msg);
	return 0;
}

static int do_guard(struct apply_state *a, const struct order *od)
{
	struct tigerchess *tc = a->g->kstate;
	struct pos p = *game_pos(a->g);
	char why[160];

	int owner = tc_owner(tc);

	if (tc_next(tc) != a->me)
		return apply_error(a, od, "the %s Warlord posts his Royal Guard first",
				   tc_next(tc) == BLACK ? "Siberian" : "Bengal");
	if (tc_post_guard(tc, &p, owner, od->arg, why, sizeof why) < 0)
		return apply_error(a, od, "%s", why);
	apply_principal(a, "guard");
	snprintf(a->detail, sizeof a->detail, "%c", 'c' + tc->guard[owner]);   /* the wing */
	apply_note(a, "The %s Royal Guard is posted to the %c wing of his Palace; the King's "
		   "Lancer carries the Standard.", owner == WHITE ? "Bengal" : "Siberian",
		   'C' + tc->guard[owner]);
	return commit_pos(a, od, &p);
}

/* "post c6" or, where one player posts twice running (rule 18), "post f4 b3". */
static int do_post(struct apply_state *a, const struct order *od)
{
	struct tigerchess *tc = a->g->kstate;
	struct pos p = *game_pos(a->g);
	char args[ORDER_ARG_MAX], *save = NULL, why[160];
	int n = 0;

	snprintf(args, sizeof args, "%s", od->arg);
	for (char *w = strtok_r(args, " ,", &save); w; w = strtok_r(NULL, " ,", &save), n++) {
		const char *mine = tc_owner(tc) == WHITE ? "BS" : "SS";
		if (!strcmp(w, mine)) {
			n--;            /* "post SS c6": the seed's abbreviation, no posting */
			continue;
		}
		if (!strncmp(w, mine, 2) && w[2] == '-')
			w += 3;         /* "post SS-c6" */
		if (tc->stage != TC_POSTING)
			return apply_error(a, od, tc->stage == TC_GUARDS ? "the Royal Guards are "
					   "posted first" : "every Swordsman is posted");
		int owner = tc_owner(tc);
		if (tc_next(tc) != a->me)
			return apply_error(a, od, "the next Swordsman is the %s Warlord's to post",
					   tc_next(tc) == BLACK ? "Siberian" : "Bengal");
		if (tc_post(tc, &p, w, why, sizeof why) < 0)
			return apply_error(a, od, "%s", why);
		apply_note(a, "%s Swordsman %d posted on %s.", owner == WHITE ? "Bengal" : "Siberian",
			   (tc->nposted + 1) / 2, tc->posted[tc->nposted - 1]);
		size_t at = strlen(a->detail);  /* the event's squares, as `show` lists them */
		snprintf(a->detail + at, sizeof a->detail - at, "%s%s", at ? " " : "",
			 tc->posted[tc->nposted - 1]);
	}
	if (!n)
		return apply_error(a, od, "post which square? e.g. \"post c6\"");
	apply_principal(a, "post");
	if (tc->stage == TC_ENGAGED) {
		chessclock_engage(&a->g->clock);        /* rule 11: the engagement time is added */
		apply_note(a, "The deployment phase is over: the Bengal Warlord moves first.");
	}
	return commit_pos(a, od, &p);
}

/* Has a Standard Bearer just occupied the opposing Palace (TigerVariation 4)? */
static bool occupied(const struct pos *p, int side)
{
	const struct variant *v = p->v;
	int e = variant_type_by_letter(v, 'E');

	for (int s = 0; s < v->nsq && e >= 0; s++)
		if ((v->sq_flags[s] & SQF_ENTRY) && pos_at(p, (sq_t)s) == PIECE_MAKE(e, side))
			return true;
	return false;
}

/* The seed's abbreviations ("BKL-f3") read as SAN. */
static const char *tc_move_text(const struct game *g, const struct pos *p, const char *in,
				char *buf, size_t len, char *why, size_t wlen)
{
	(void)g;
	return tc_abbrev_move(p, in, buf, len, why, wlen);
}

/* A move of the engagement: as every game's, then the occupation of a Palace. */
static int do_move(struct apply_state *a, const struct order *od)
{
	struct game *g = a->g;
	struct pos *p = game_pos(g);
	struct move m;
	struct err e;
	char san[SAN_MAX];

	if (a->moved)
		return apply_error(a, od, "one move per mail");
	if ((int)p->side != a->me)
		return apply_error(a, od, "it is not your turn: the %s Warlord is to move",
				   p->side == WHITE ? "Bengal" : "Siberian");
	if (apply_move_checks(a, od) < 0)
		return -1;
	char written[ORDER_ARG_MAX], why[160];
	const char *text = a->canonical ? od->arg :
			   tc_move_text(g, p, od->arg, written, sizeof written, why, sizeof why);
	char spelled[ORDER_ARG_MAX];
	if (!text)
		return apply_error(a, od, "%s", why);
	if (!(text = apply_spelled(a, od, p, text, spelled, sizeof spelled)))
		return -1;
	if (notation_parse(p, text, &m, &e) < 0)
		return apply_error(a, od, "%s", e.msg);
	notation_san(p, m, san, sizeof san);
	if (game_op(g, san, &e) < 0)
		return apply_error(a, od, "%s", e.msg);
	a->moved = true;
	apply_principal(a, "move");
	snprintf(a->detail, sizeof a->detail, "%s", san);
	apply_after_move(a);
	if (occupied(game_pos(g), a->me)) {
		apply_finish(a, a->me == WHITE ? "1-0" : "0-1", "occupation of the Palace");
		apply_note(a, "The %s Standard Bearer occupies the opposing Palace.",
			   a->me == WHITE ? "Bengal" : "Siberian");
		return 0;
	}
	apply_end_by_status(a);
	return 0;
}

static int tc_apply(struct apply_state *a, const struct orders *o)
{
	for (size_t i = 0; i < o->n; i++) {
		const struct order *od = &o->o[i];
		int rc = 0;
		if (od->kind == ORDER_GUARD)
			rc = do_guard(a, od);
		else if (od->kind == ORDER_POST)
			rc = do_post(a, od);
		else if (od->kind == ORDER_MOVE)
			rc = do_move(a, od);
		if (rc < 0)
			return -1;
	}
	return 0;
}

static enum clock_charge tc_clock_charge(const char *event)
{
	if (!strcmp(event, "move"))
		return CLOCK_TURN;
	return !strcmp(event, "post") || !strcmp(event, "guard") ? CLOCK_CHARGE : CLOCK_FREE;
}

static unsigned tc_expected(const struct game *g, enum clock_window *window)
{
	const struct tigerchess *tc = g->kstate;
	int next = tc_next(tc);

	(void)window;
	if (g->status != GAME_PLAYING)
		return 0;
	return next >= 0 ? 1u << next : 1u << game_pos(g)->side;
}

/* Rule 11: out of deployment time, a Warlord "may not make any further postings", his
 * opponent posts the rest; when the opponent has lapsed too, nobody is left to post and
 * the loss on time applies (docs/tigerchess.md, "TigerChess by mail"). */
static int tc_time_out(struct game *g, int seat, char *note, size_t len)
{
	struct tigerchess *tc = g->kstate;

	if (tc->stage == TC_ENGAGED || tc->lapsed[1 - seat])
		return 0;
	tc->lapsed[seat] = true;
	snprintf(note, len, "The %s Warlord's deployment time has run out: he may post no more; "
		 "the %s Warlord posts the rest of his personnel.", seat == WHITE ? "Bengal" :
		 "Siberian", seat == WHITE ? "Siberian" : "Bengal");
	return 1;
}

/* Rules 13-16: the game points beside the result, Bengal's first. */
static const char *tc_result_text(const struct game *g, char *buf, size_t len)
{
	int pts[2];

	tc_points(g->kstate, game_pos(g), g->result, g->termination, pts);
	snprintf(buf, len, "%s, points %d-%d", g->result, pts[WHITE], pts[BLACK]);
	return buf;
}

static const char *tc_expect_text(const struct game *g, int seat, char *buf, size_t len)
{
	const struct tigerchess *tc = g->kstate;
	int next = tc_next(tc);

	if (g->status != GAME_PLAYING)
		return snprintf(buf, len, "the game is over"), buf;
	if (next < 0)
		return snprintf(buf, len, (int)game_pos(g)->side == seat ? "your move" :
				"wait for your opponent's move"), buf;
	if (next != seat)
		return snprintf(buf, len, "wait: the %s Warlord %s", next == WHITE ? "Bengal" :
				"Siberian", tc->stage == TC_GUARDS ? "posts his Royal Guard" :
				"posts a Swordsman"), buf;
	if (tc_owner(tc) != seat)
		return snprintf(buf, len, "post for your opponent: \"%s\"", tc->stage == TC_GUARDS ?
				"guard WING" : "post SQUARE"), buf;
	if (tc->stage == TC_GUARDS)
		return snprintf(buf, len, "post your Royal Guard: \"guard c\", d, e or f"), buf;
	return snprintf(buf, len, "post your Swordsman %d: \"post SQUARE\"",
			(tc->nposted + 2) / 2), buf;
}

static const char *tc_owes(const struct game *g)
{
	const struct tigerchess *tc = g->kstate;

	return tc->stage == TC_ENGAGED ? NULL : tc->stage == TC_GUARDS ? "Royal Guard" :
	       "Swordsman";
}

static void tc_hash_text(const struct game *g, struct buf *out)
{
	const struct tigerchess *tc = g->kstate;
	char hex[2 * TC_SEED + 1];

	crypto_hex(tc->seed, sizeof tc->seed, hex);
	buf_printf(out, "tigerchess-state-1\nseed %s open %d die %d dice %d %d\n", hex,
		   tc->agreed_open, tc->die, tc->dice[0], tc->dice[1]);
	buf_printf(out, "stage %d guards %d %d posted", tc->stage, tc->guard[0], tc->guard[1]);
	for (int k = 0; k < tc->nposted; k++)
		buf_printf(out, " %s", tc->posted[k]);
	if (tc->lapsed[0] || tc->lapsed[1])
		buf_printf(out, " lapsed %d %d", tc->lapsed[0], tc->lapsed[1]);
	buf_str(out, "\n");
}

/* The seed is the referee's secret until the invited player accepts. */
static bool tc_secret_state(const struct game *g)
{
	return g->status == GAME_INVITED;
}

const struct kind kind_tigerchess = {
	.name = "tigerchess",
	.orders = tc_orders,
	.norders = sizeof tc_orders / sizeof tc_orders[0],
	.no_such_order = "a game of %s has no deployment phase",
	.state_new = tc_state_new,
	.state_copy = tc_state_copy,
	.state_size = sizeof(struct tigerchess),
	.state_free = free,
	.create = tc_create,
	.started = tc_started,
	.phase = tc_phase,
	.order_refused = tc_order_refused,
	.apply = tc_apply,
	.handles = tc_handles,
	.clock_charge = tc_clock_charge,
	.expected = tc_expected,
	.expect_text = tc_expect_text,
	.time_out = tc_time_out,
	.result_text = tc_result_text,
	.move_text = tc_move_text,
	.owes = tc_owes,
	.hash_text = tc_hash_text,
	.secret_state = tc_secret_state,
	.choices = tc_choices,
};
