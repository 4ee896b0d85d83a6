/* test_chessme.c: ChessMe (seed 004) rules as exact lists on hand-made positions: the
 * adjacency rule, the king's restriction, pawns, every placement rule, promotion to a
 * captured tile only, mate and stalemate; square names far from the start; the move
 * reader; the game by mail through the kind (placements, hands, piles, the reveal). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "enginetest.h"
#include "game/game.h"
#include "gametest.h"
#include "kinds/chessme/chessme_game.h"
#include "kinds/registry.h"
#include "render/fit.h"
#include "render/view.h"
#include "render/view_kind.h"
#include "store/store.h"
#include "util/commit.h"

static const uint8_t key[CRYPTO_HASH_LEN] = "0123456789abcdef0123456789abcde";
static struct variant *cmv;
static int serial;

static struct cm_pos pos(const char *text)
{
	struct cm_pos p;
	char why[256];

	if (!CHECK(cm_pos_read(&p, text, why, sizeof why) == 0))
		check_context("%s: %s", text, why);
	return p;
}

/* The legal moves in coordinates, sorted, one string. */
static const char *moves(const struct cm_pos *p)
{
	static struct cm_move m[CM_MOVES];
	static char out[16384];
	char list[CM_MOVES][48];
	int n = cm_legal_moves(p, m, CM_MOVES);
	size_t at = 0;

	for (int i = 0; i < n; i++)
		cm_move_coord(&m[i], list[i], sizeof list[i]);
	qsort(list, (size_t)n, sizeof list[0], (int (*)(const void *, const void *))strcmp);
	out[0] = 0;
	for (int i = 0; i < n; i++)
		at += (size_t)snprintf(out + at, sizeof out - at, "%s%s", i ? " " : "", list[i]);
	return out;
}

/* The moves of the piece on `from` only. */
static const char *moves_from(const struct cm_pos *p, const char *from)
{
	static char out[4096];
	char all[16384], *save = NULL;
	size_t at = 0, fl = strlen(from);

	snprintf(all, sizeof all, "%s", moves(p));
	out[0] = 0;
	for (char *t = strtok_r(all, " ", &save); t; t = strtok_r(NULL, " ", &save))
		if (!strncmp(t, from, fl) && (t[fl] == '-' || (t[fl] >= 'a' && t[fl] <= 'z')))
			at += (size_t)snprintf(out + at, sizeof out - at, "%s%s", at ? " " : "", t);
	return out;
}

static const char *places(const struct cm_pos *p, int c)
{
	static char out[4096];
	struct cm_place pl[128];
	char sq[CM_SQ_MAX], list[128][32];
	int n = cm_placements(p, c, pl, 128);
	size_t at = 0;

	for (int i = 0; i < n; i++)
		snprintf(list[i], sizeof list[i], "%c@%s", pl[i].type, cm_square_name(pl[i].x, pl[i].y, sq));
	qsort(list, (size_t)n, sizeof list[0], (int (*)(const void *, const void *))strcmp);
	out[0] = 0;
	for (int i = 0; i < n; i++)
		at += (size_t)snprintf(out + at, sizeof out - at, "%s%s", i ? " " : "", list[i]);
	return out;
}

static void names(void)
{
	static const struct { int x, y; const char *name; } t[] = {
		{ 0, 1, "a1" }, { 4, 0, "e0" }, { 4, -3, "e-3" }, { -1, 2, "-a2" }, { -2, -1, "-b-1" },
		{ 25, 8, "z8" }, { 26, 10, "aa10" }, { 27, 1, "ab1" }, { 51, 1, "az1" }, { 52, 1, "ba1" },
		{ -27, 1, "-aa1" }, { 34, 31, "ai31" }, { 701, 5, "zz5" }, { 702, 5, "aaa5" },
	};
	char sq[CM_SQ_MAX];
	int x, y;

	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		CHECK_STR(cm_square_name(t[i].x, t[i].y, sq), t[i].name);
		CHECK_INT(cm_square_read(t[i].name, &x, &y), strlen(t[i].name));
		CHECK(x == t[i].x && y == t[i].y);
	}
	CHECK_INT(cm_square_read("E4", &x, &y), 2);
	CHECK_INT(cm_square_read("e", &x, &y), 0);
	CHECK_INT(cm_square_read("4", &x, &y), 0);
	CHECK_INT(cm_square_read("--a1", &x, &y), 0);
	CHECK_INT(cm_square_read("e99999999", &x, &y), 0);
}

/* The start: kings e1 and e6, pawns c..f on 2 and 5; White's ten moves. */
static void start(void)
{
	struct cm_pos p;
	char text[512];

	cm_start(&p);
	cm_pos_text(&p, true, text, sizeof text);
	CHECK_STR(text, "w Ke1,Pc2,Pd2,Pe2,Pf2,ke6,pc5,pd5,pe5,pf5 - - - -");
	/* the king: sideways to d1 and f1 (beside the pawns), forwards d2..f2 are own pawns;
	 * the pawns one step, each new square touching a neighbour */
	CHECK_STR(moves(&p), "c2c3 d2d3 e1d1 e1f1 e2e3 f2f3");
}

/* The adjacency rule: a move that leaves the piece touching nothing is refused; the
 * piece's own former square does not count. */
static void adjacency(void)
{
	struct cm_pos p = pos("w Ke1,Nc3,ke9 - - - -");

	/* the knight may land only beside the king; the king only beside the knight */
	CHECK_STR(moves_from(&p, "c3"), "c3d1 c3e2");
	CHECK_STR(moves_from(&p, "e1"), "e1d2");
	p = pos("w Ke1,Ra1,ke8 - - - -");
	/* the rook: b1..d1 touch only... b1 touches a1? no (a1 is the rook itself): d1 touches
	 * e1; along the a-file nothing touches anything but a2 (a1 left) */
	CHECK_STR(moves_from(&p, "a1"), "a1d1");
	p = pos("w Ke1,Ra1,ke8,pa5 - - - -");
	CHECK_STR(moves_from(&p, "a1"), "a1a4 a1a5 a1d1");       /* a4 touches a5; a5 is a capture */
	/* a far capture needs no neighbour */
	p = pos("w Ke1,Ba1,ke9,ph8 - - - -");
	CHECK_STR(moves_from(&p, "a1"), "a1g7 a1h8");        /* g7 touches h8 */
}

/* The king: sideways or forwards; backwards only to capture; never into check. */
static void king(void)
{
	struct cm_pos p = pos("w Ke4,Pd4,Pf4,Pd5,Pe5,Pf5,Pd3,Pe3,Pf3,ka9 - - - -");

	CHECK_STR(moves_from(&p, "e4"), "");            /* surrounded by its own */
	p = pos("w Ke4,Pd3,Pe3,Pf3,ka9 - - - -");
	/* d5, e5, f5 touch nothing but the king's own square, which it leaves */
	CHECK_STR(moves_from(&p, "e4"), "e4d4 e4f4");
	p = pos("w Ke4,pd3,Pe3,Pf3,Pe6,ka9 - - - -");
	/* backwards only to capture (d3); forwards where e6 is a neighbour */
	CHECK_STR(moves_from(&p, "e4"), "e4d3 e4d4 e4d5 e4e5 e4f4 e4f5");
	p = pos("b ke5,Pd4,Pe4,Pf4,Ka1 - - - -");        /* Black's forward is down */
	/* captures ahead; d5 and f5 are attacked by the pawn on e4; e6 is backwards */
	CHECK_STR(moves_from(&p, "e5"), "e5d4 e5e4 e5f4");
	/* into check: d6, e6, f6 touch the rook on e7, but the rook on a6 sweeps rank 6 */
	p = pos("w Ke5,Pd4,Pf4,Re7,kh6,ra6 - - - -");
	CHECK_STR(moves_from(&p, "e5"), "e5d5 e5f5");
}

static void pawns(void)
{
	struct cm_pos p = pos("w Ke1,Pe2,Pd3,pe3,pf3,ke9 - - - -");

	/* no double step, no straight capture, diagonal captures only */
	CHECK_STR(moves_from(&p, "e2"), "e2f3");
	CHECK_STR(moves_from(&p, "d3"), "d3d4");            /* e4 is empty: no diagonal step */
	p = pos("w Ke1,Pa2,ke9 - - - -");
	CHECK_STR(moves_from(&p, "a2"), "");                /* a3 touches nothing */
	p = pos("b Ke1,pe7,pd6,ke9 - - - -");
	CHECK_STR(moves_from(&p, "e7"), "e7e6");
}

/* Promotion: only on the enemy king's rank, only to a tile of one's own side that the
 * opponent captured; the plain move too; a capture onto that rank as well. */
static void promotion(void)
{
	struct cm_pos p = pos("w Ke1,Pe5,Pd5,ka6,pf6 - - - -");

	CHECK_STR(moves_from(&p, "e5"), "e5e6 e5f6");       /* nothing captured: no promotion */
	p = pos("w Ke1,Pe5,Pd5,ka6,pf6 - - RPN -");
	CHECK_STR(moves_from(&p, "e5"), "e5e6 e5e6=N e5e6=R e5f6 e5f6=N e5f6=R");
	p = pos("w Ke1,Pe5,Pd5,ka7,pf6 - - RN -");
	CHECK_STR(moves_from(&p, "e5"), "e5e6 e5f6");       /* the king stands on rank 7 */
	struct cm_move m = { 4, 5, 4, 6, 'R' };
	p = pos("w Ke1,Pe5,Pd5,ka6,pf6 - - RN -");
	cm_make(&p, &m);
	char text[512];
	cm_pos_text(&p, true, text, sizeof text);
	CHECK_STR(text, "w Ke1,Re6,Pd5,ka6,pf6 - - NP -");
	/* a king moving onto a rank with enemy pawns promotes nothing */
	p = pos("b Ke1,Pe5,ka6,pf6 - - RN -");
	m = (struct cm_move){ 0, 6, 1, 5, 0 };
	cm_make(&p, &m);
	cm_pos_text(&p, true, text, sizeof text);
	CHECK_STR(text, "b Ke1,Pe5,kb5,pf6 - - RN -");
}

/* Placements: a pawn beside one's own pawn, another tile just behind one, on a free
 * square; none with no pawn on the table; Black's "behind" is up. */
static void placements(void)
{
	struct cm_pos p = pos("w Ke1,Pc2,Pd2,Pf3,ke6,pe5 PBN - - -");

	CHECK_STR(places(&p, 0), "B@c1 B@d1 B@f2 N@c1 N@d1 N@f2 P@b2 P@e2 P@e3 P@g3");
	p = pos("w Ke1,Pc2,ke6,pc1 Q - - -");
	CHECK_STR(places(&p, 0), "");                       /* c1 is taken */
	p = pos("w Ke1,Nc2,ke6 QP - - -");
	CHECK_STR(places(&p, 0), "");                       /* no pawn of one's own */
	p = pos("b Ke1,pc5,ke6 - RP - -");
	CHECK_STR(places(&p, 1), "P@b5 P@d5 R@c6");
	char why[256];
	struct cm_place pl;
	p = pos("w Ke1,Pc2,ke6 BN - - -");
	CHECK_INT(cm_place_read(&p, 0, "B c1", &pl, why, sizeof why), 0);
	CHECK_INT(cm_place_read(&p, 0, "bishop c1", &pl, why, sizeof why), 0);
	CHECK_INT(cm_place_read(&p, 0, "Q c1", &pl, why, sizeof why), -1);
	CHECK_STR(why, "you hold no Queen");
	CHECK_INT(cm_place_read(&p, 0, "B d1", &pl, why, sizeof why), -1);
	CHECK_HAS(why, "just behind one of your pawns");
	CHECK_INT(cm_place_read(&p, 0, "N e1", &pl, why, sizeof why), -1);
	CHECK_STR(why, "e1 is not free");
	p = pos("w Ke1,Pc2,ke6 P - - -");
	CHECK_INT(cm_place_read(&p, 0, "P c1", &pl, why, sizeof why), -1);
	CHECK_HAS(why, "beside one of your pawns");
	/* placing a pawn on the enemy king's rank promotes nothing */
	p = pos("w Ke1,Pc6,ke6 P - R -");
	CHECK_INT(cm_place_read(&p, 0, "P d6", &pl, why, sizeof why), 0);
	cm_place(&p, 0, &pl);
	char text[256];
	cm_pos_text(&p, true, text, sizeof text);
	CHECK_STR(text, "w Ke1,Pc6,Pd6,ke6 - - R -");
}

/* Mate, stalemate: the side to move has no move (a placement never counts). */
static void ends(void)
{
	/* Black's king on e6 walled by its pawns can move nowhere forward; a rook checks */
	struct cm_move m[8];
	struct cm_pos p = pos("b Ke1,Ra6,Rb7,ke6,pd5,pe5,pf5 - - - -");
	CHECK(cm_in_check(&p, 1));
	CHECK_INT(cm_legal_moves(&p, m, 8), 0);             /* mate: f6/d6 on the a6 rook's rank,
							     * backwards only to capture */
	p = pos("b Ke1,Rb7,ke6,pd5,pe5,pf5,Ra7 - - - -");
	CHECK(!cm_in_check(&p, 1));
	CHECK_STR(moves(&p), "d5d4 e5e4 e6d6 e6f6 f5f4");
	p = pos("b Ke1,Rb6,Pe7,ke6,pd5,pe5,pf5 - - - -");  /* b6 rook: d6,f6 attacked */
	CHECK(cm_in_check(&p, 1));
	/* stalemate: d6, e6, f6 attacked, d7 and f7 touch nothing; no check */
	p = pos("b Ke1,Ra6,ke7 - - - -");
	CHECK(!cm_in_check(&p, 1));
	CHECK_STR(moves(&p), "");
}

/* A piece thirty squares away: its name, its moves and the position text. */
static void far(void)
{
	struct cm_pos p = pos("w Ke1,Pe2,Rai30,ke6,pai31,pe5 - - - -");
	char text[512];

	/* ai29 touches nothing once the rook has left ai30 */
	CHECK_STR(moves_from(&p, "ai30"), "ai30ah30 ai30ai31 ai30aj30");
	cm_pos_text(&p, true, text, sizeof text);
	CHECK_STR(text, "w Ke1,Rai30,Pe2,ke6,pe5,pai31 - - - -");
}

static void reader(void)
{
	struct cm_pos p = pos("w Ke1,Nb1,Nd1,Pc2,Pd2,Pe2,ke6,pd5 - - R -");
	struct cm_move m;
	char why[2048], co[64], san[64];
	static const struct { const char *in, *want; } ok[] = {
		{ "Nbc3", "b1c3" }, { "Nb1c3", "b1c3" }, { "b1c3", "b1c3" }, { "Ndc3", "d1c3" },
		{ "nd1c3", "d1c3" }, { "e3", "e2e3" }, { "e2e3", "e2e3" }, { "Nbc3+!", "b1c3" },
		{ "Ke1f1", "e1f1" }, { "Kf1", "e1f1" },
	};

	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
		if (!CHECK_INT(cm_move_read(&p, ok[i].in, &m, why, sizeof why), 0))
			check_context("%s: %s", ok[i].in, why);
		cm_move_coord(&m, co, sizeof co);
		CHECK_STR(co, ok[i].want);
	}
	CHECK_INT(cm_move_read(&p, "Nc3", &m, why, sizeof why), -1);
	CHECK_STR(why, "'Nc3' is ambiguous: Nbc3 or Ndc3");
	CHECK_INT(cm_move_read(&p, "Nb1-c3", &m, why, sizeof why), -1);
	CHECK_HAS(why, "without '-' between its squares");
	CHECK_INT(cm_move_read(&p, "O-O", &m, why, sizeof why), -1);
	CHECK_STR(why, "ChessMe has no castling");
	CHECK_INT(cm_move_read(&p, "e4", &m, why, sizeof why), -1);
	CHECK_STR(why, "'e4': a pawn steps one square forward: ChessMe has no double step");
	CHECK_INT(cm_move_read(&p, "Nbb", &m, why, sizeof why), -1);
	CHECK_HAS(why, "'Nbb' is not a legal move here; yours are: ");
	/* promotion spellings, and SAN out with the check mark */
	p = pos("w Ke1,Pe5,Pd5,ka6,pf6 - - RN -");
	static const char *const promo[] = { "e6=R", "e6R", "e6(R)", "e6/r", "e5e6=R" };
	for (size_t i = 0; i < sizeof promo / sizeof promo[0]; i++) {
		CHECK_INT(cm_move_read(&p, promo[i], &m, why, sizeof why), 0);
		CHECK_INT(m.promo, 'R');
	}
	CHECK_INT(cm_move_read(&p, "e6", &m, why, sizeof why), 0);
	CHECK_INT(m.promo, 0);
	CHECK_INT(cm_move_read(&p, "e6=R", &m, why, sizeof why), 0);
	cm_move_san(&p, &m, san, sizeof san);
	CHECK_STR(san, "e6=R#");         /* a5, b5 touch nothing; b6 is attacked */
	/* a far file, a file left of a, a negative rank */
	p = pos("w Ke1,Ra1,P-a2,ke6,p-b1 - - - -");
	CHECK_INT(cm_move_read(&p, "Rx-b1", &m, why, sizeof why), 0);      /* across -a1 */
	cm_move_san(&p, &m, san, sizeof san);
	CHECK_STR(san, "Rx-b1");
	CHECK_INT(cm_move_read(&p, "-a2x-b1", &m, why, sizeof why), -1);
	p = pos("w Ke1,Pa0,ke6,p-b1 - - - -");
	CHECK_INT(cm_move_read(&p, "axb1", &m, why, sizeof why), -1);
	p = pos("w Ke1,P-a0,ke6,p-b1,pa1 - - - -");
	CHECK_INT(cm_move_read(&p, "-axa1", &m, why, sizeof why), 0);
	cm_move_san(&p, &m, san, sizeof san);
	CHECK_STR(san, "-axa1");
}

/* A move that names no legal move gets ChessMe's own reason (seed "Déplacer une pièce",
 * "Promotion d'un pion"), not the list of the legal moves, where one can be told. */
static void reasons(void)
{
	static const struct { const char *pos, *in, *why; } t[] = {
		{ "w Ke1,Pc2,Pd2,Pe2,Pf2,ke6,pc5,pd5,pe5,pf5 NPN PPN - -", "Nb1",
		  "'Nb1': you have no knight on the table" },
		{ "w Ke1,Pd4,Pe2,ke6,pe5,pd5 - - - -", "dxe5=Q",
		  "'dxe5=Q': a pawn is exchanged only on the rank of the enemy king, not on e5" },
		{ "w Ke1,Pd5,ka6,pe6 - - - -", "dxe6=Q",
		  "'dxe6=Q': a pawn is exchanged only for a tile of yours the opponent has captured" },
		{ "w Ke1,Pd5,ka6,pe6 - - R -", "dxe6=Q",
		  "'dxe6=Q': a pawn is exchanged only for a tile of yours the opponent has captured" },
		{ "w Ke1,Pd2,Pe2,ke6,pe5 - - - -", "dxe3",
		  "'dxe3': there is nothing to capture on e3" },
		{ "w Ke1,Pd2,Pe2,ke6,pe5 - - - -", "Kd1e0",
		  "'Kd1e0': no king of yours stands on d1" },
		{ "w Ke1,Pd2,Pe2,ke6,pe5 - - - -", "Ke0",
		  "'Ke0': the king steps back to e0 only to capture" },
		{ "w Ke1,Pd2,Pe2,ke6,pe5 - - - -", "Kxe2",
		  "'Kxe2': e2 is occupied by your own pawn" },
		{ "w Ke1,Ra1,Pd2,Pe2,ke6,pe5 - - - -", "Ra4",
		  "'Ra4': a4 touches no tile: a move that captures nothing ends beside another "
		  "tile (by a side or a corner)" },
		{ "w Ke1,Pd2,Pe2,ke6,bb4 - - - -", "d3",
		  "'d3' would leave your king in check" },
		{ "w Ke1,Pd2,ke6,pe5 - - - -", "Nc3",
		  "'Nc3': you have no knight on the table" },
		{ "w Ke1,Nb1,Pd2,ke6,pe5 - - - -", "Nb4",
		  "'Nb4': no knight of yours can go to b4; yours are:" },
		{ "w Kd1,Pd2,Pe2,ke6,pe5 - - - -", "e2e3=R",
		  "'e2e3=R': a pawn is exchanged only on the rank of the enemy king, not on e3" },
	};
	struct cm_move m;
	char why[2048];

	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		struct cm_pos p = pos(t[i].pos);
		check_context("%s: %s", t[i].pos, t[i].in);
		CHECK_INT(cm_move_read(&p, t[i].in, &m, why, sizeof why), -1);
		if (strstr(t[i].why, "yours are:"))
			CHECK_HAS(why, t[i].why);
		else
			CHECK_STR(why, t[i].why);
	}
	check_context(NULL);
}

/* No move or placement past the last square that has a name, and no position in which a
 * king could be taken: `tempest moves` lists the legal moves only. */
static void limits(void)
{
	struct cm_pos p = pos("w Ke1,Pe2,Reqxe5,Peqxe4,ke6,pe5 - - - -");	/* eqxe: x = 100000 */
	struct cm_pos q;
	char why[256];

	CHECK_STR(moves_from(&p, "eqxe5"), "eqxe5e5 eqxe5eqxd5 eqxe5f5");
	p = pos("w Ke1,Peqxe2,ke6,pe5 P - - -");
	CHECK_STR(places(&p, 0), "P@eqxd2");
	CHECK_INT(cm_pos_read(&q, "w Ke1,Qe5,ke6 - - - -", why, sizeof why), -1);
	CHECK_STR(why, "the side not to move is in check: no game reaches that position");
	CHECK_INT(cm_pos_read(&q, "b Ke1,Qe5,ke6 - - - -", why, sizeof why), 0);
}

/* A mail from seat `seat` (its token); the number of errors (0: applied). */
static int mail(struct game *g, int seat, const char *text, struct outcome *out)
{
	struct order_line lines[8];
	char *copy = strdup(text), *save = NULL;
	size_t n = 0;
	struct orders o;
	struct sender s = { .now = 1800000000 };
	struct err e;

	for (char *l = strtok_r(copy, "\n", &save); l && n < 8; l = strtok_r(NULL, "\n", &save))
		lines[n].lineno = (int)n + 1, lines[n].text = l, n++;
	test_order_parse(lines, n, "chessme", &o, &e);
	snprintf(s.address, sizeof s.address, "%s", g->seat[seat].address);
	snprintf(s.msg_key, sizeof s.msg_key, "m%d", ++serial);
	game_token(key, sizeof key, g->id, seat, s.tag_token);
	outcome_free(out);
	memset(out, 0, sizeof *out);
	if (!CHECK(game_apply(g, key, sizeof key, &s, &o, out, &e) == 0))
		check_context("%s", e.msg);
	orders_free(&o);
	free(copy);
	return (int)out->nerrors;
}

/* alice (White) challenges bob, who accepts: the piles are shuffled and the hands dealt. */
static struct game *accepted(void)
{
	struct game *g = game_new();
	struct outcome out = { 0 };
	struct order_line l[3] = { { 1, "new chessme" }, { 2, "opponent bob@x.org" },
				   { 3, "colour white" } };
	struct orders o;
	struct sender s = { .address = "alice@x.org", .msg_key = "c1", .now = 1800000000 };
	struct err e;

	g->k = kind_find("chessme");
	test_order_parse(l, 3, "chessme", &o, &e);
	CHECK(game_challenge(g, 3, cmv, key, sizeof key, &s, &o, &out, &e) == 0);
	orders_free(&o);
	CHECK_INT(mail(g, BLACK, "accept", &out), 0);
	CHECK_INT(g->status, GAME_PLAYING);
	outcome_free(&out);
	return g;
}

/* The deal: each pile the eleven tiles, three of them in hand, the commitment the bytes'
 * SHA-256; the same on replay (the referee's key). */
static void deal(void)
{
	struct game *g = accepted(), *h = accepted();
	struct chessme *cm = g->kstate;
	char c1[65], c2[65];

	for (int c = 0; c < 2; c++) {
		int count[128] = { 0 };
		for (int i = 0; i < CM_TILES; i++)
			count[(int)cm->order[c][i]]++;
		CHECK(count['Q'] == 1 && count['R'] == 2 && count['B'] == 2 && count['N'] == 2 &&
		      count['P'] == 4);
		CHECK_INT(cm->pos.nhand[c], 3);
		CHECK(!memcmp(cm->pos.hand[c], cm->order[c], 3));
		CHECK_INT(chessme_pile(cm, c), 8);
	}
	CHECK(!memcmp(cm->order, ((struct chessme *)h->kstate)->order, sizeof cm->order));
	CHECK(memcmp(cm->order[0], cm->order[1], CM_TILES) || memcmp(cm->salt[0], cm->salt[1], CM_SALT));
	struct buf b = { 0 };
	chessme_commit_text(cm, 3, WHITE, &b);
	CHECK(!strncmp(b.s, "tempest-chessme-pile-1 game 3 white\n", 36));
	commit_hash(b.s, b.n, c1);
	chessme_commitment(cm, 3, WHITE, c2);
	CHECK_STR(c1, c2);
	buf_free(&b);
	game_free(g);
	game_free(h);
}

/* A piece thirty squares away: moved by mail, kept in the state file (the hash the same
 * after the round trip), drawn in the diagram with its file and rank. */
static void far_game(void)
{
	struct game *g = accepted();
	struct chessme *cm = g->kstate;
	struct outcome out = { 0 };
	char why[256], h1[HASH_HEX], h2[HASH_HEX];
	struct err e;

	CHECK(cm_pos_read(&cm->pos, "w Ke1,Rai30,Pe2,ke6,pe5,pai31,pah31 NP - - -", why, sizeof why) == 0);
	CHECK_INT(mail(g, WHITE, "Rxai31\nplace N e1", &out), 1);      /* e1: the king's */
	CHECK_HAS(out.nerrors ? out.errors[0].reason : "", "e1 is not free");
	CHECK_INT(mail(g, WHITE, "Rai29", &out), 1);                    /* touches nothing */
	CHECK_HAS(out.nerrors ? out.errors[0].reason : "", "ai29 touches no tile");
	CHECK_INT(mail(g, WHITE, "Rxai31\nplace P d2", &out), 0);
	CHECK_STR(g->board[0].moves[0], "@turn Rxai31 P@d2");
	CHECK_INT(mail(g, BLACK, "ah30", &out), 0);
	CHECK_STR(g->board[0].moves[1], "@turn ah30");
	game_hash(g, h1);
	char *text = store_game_to_json(g);
	struct game *back = NULL;
	CHECK(store_game_from_json(text, "t.json", &back, &e) == 0);
	CHECK(back && game_load_position(back, cmv, &e) == 0);
	game_hash(back, h2);
	CHECK_STR(h2, h1);
	CHECK_HAS(text, "Rai31");
	char pos[512];
	cm_pos_text(&((struct chessme *)back->kstate)->pos, true, pos, sizeof pos);
	CHECK_HAS(pos, "w Ke1,Rai31,Pd2,Pe2,ke6,pe5,pah30 ");
	/* the diagram: files c..aj, ranks 0..32, the rook on ai31 */
	struct reply r = { .kind = REPLY_MOVED, .to = WHITE };
	struct tctx *c = tctx_new();
	view_kind_part(kind_of(g))->view(g, &r, WHITE, c);
	const char *board = tctx_get(c, "board");
	CHECK_HAS(board, "32   .");
	CHECK_HAS(board, "31   .");
	CHECK_HAS(board, "  R  .\n");
	CHECK_HAS(board, " ah ai aj\n");
	/* 34 files of 3 columns: two bands, c..aa then ab..aj, each line within 78 */
	CHECK_HAS(board, "  y  z aa\n\n32   .");
	CHECK_HAS(board, "\n    ab ac ad");
	for (const char *l = board; l && *l;) {
		const char *nl = strchr(l, '\n');
		size_t n = nl ? (size_t)(nl - l) : strlen(l);
		CHECK(n <= FIT_WIDTH);
		l = nl ? nl + 1 : NULL;
	}
	CHECK_HAS(tctx_get(c, "cm_info"), "White: Ke1 Rai31 Pd2 Pe2\nBlack: Ke6 Pe5 Pah30\n");
	CHECK_HAS(tctx_get(c, "cm_info"), "Your hand: ");
	tctx_free(c);
	free(text);
	game_free(back);
	game_free(g);
	outcome_free(&out);
}

/* A square left of the a-file written with a typographic minus (U+2212, an en dash), as a
 * word processor or a phone puts it: read as '-' (docs/orders.md, "Spellings"). */
static void typographic_minus(void)
{
	static const char *const spellings[] = { "Rx\xe2\x88\x92" "b1", "Rx\xe2\x80\x93" "b1" };

	for (size_t i = 0; i < sizeof spellings / sizeof spellings[0]; i++) {
		struct game *g = accepted();
		struct chessme *cm = g->kstate;
		struct outcome out = { 0 };
		char why[256];
		check_context("'%s'", spellings[i]);
		CHECK(cm_pos_read(&cm->pos, "w Ke1,Ra1,P-a2,ke6,p-b1 - - - -", why, sizeof why) == 0);
		CHECK_INT(mail(g, WHITE, spellings[i], &out), 0);
		CHECK_STR(g->board[0].nmoves ? g->board[0].moves[0] : "", "@turn Rx-b1");
		outcome_free(&out);
		game_free(g);
	}
	check_context(NULL);
	/* a pair from a score sheet: a turn is no board move to compare it with */
	struct game *g = accepted();
	struct outcome out = { 0 };
	CHECK_INT(mail(g, WHITE, "d3", &out), 0);
	CHECK_INT(mail(g, BLACK, "1. d3 d4", &out), 1);
	CHECK_HAS(out.nerrors ? out.errors[0].reason : "", "was no plain move");
	CHECK_INT(g->board[0].nmoves, 1);
	outcome_free(&out);
	game_free(g);
}

/* A line on `place` is a placement, read or refused with the whole mail: a slip never lets
 * the move through without its placement (whose tile and draw would be lost). */
static void slips(void)
{
	static const char *const slip[] = {
		"e3\nplace N d1x", "e3\nplace N on d1", "e3\nplace X d1",
		"e3\nplace N d12345678901234567890", "e3\nplace N", "e3\nplace",
	};
	struct game *g = accepted();
	struct chessme *cm = g->kstate;
	struct outcome out = { 0 };
	char why[256];

	CHECK(cm_pos_read(&cm->pos, "w Ke1,Pd2,Pe2,P-a2,ke8,pe7 NP - - -", why, sizeof why) == 0);
	for (size_t i = 0; i < sizeof slip / sizeof slip[0]; i++) {
		check_context("%s", slip[i]);
		CHECK_INT(mail(g, WHITE, slip[i], &out), 1);
		CHECK_INT(g->board[0].nmoves, 0);
		CHECK_INT(cm->pos.side, WHITE);
	}
	check_context(NULL);
	CHECK_INT(mail(g, WHITE, "e3\nplace", &out), 1);
	CHECK_HAS(out.nerrors ? out.errors[0].reason : "", "write it as: place N d1");
	/* a typographic minus or an en dash before a square is the '-' of ChessMe's squares */
	CHECK(cm_pos_read(&cm->pos, "w Kb1,Pa2,P-a2,kb8,pb7 N - - -", why, sizeof why) == 0);
	CHECK_INT(mail(g, WHITE, "\xe2\x88\x92" "a3\nplace N \xe2\x80\x93" "a2", &out), 0);
	if (CHECK_INT(g->board[0].nmoves, 1))
		CHECK_STR(g->board[0].moves[0], "@turn -a3 N@-a2");
	game_free(g);
	outcome_free(&out);
}

int main(void)
{
	kinds_register();
	cmv = test_variant("chessme");
	typographic_minus();
	names();
	start();
	adjacency();
	king();
	pawns();
	promotion();
	placements();
	ends();
	far();
	reader();
	reasons();
	limits();
	deal();
	far_game();
	slips();
	variant_free(cmv);
	return check_done();
}
