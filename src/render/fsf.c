/* fsf.c: see fsf.h. The format's keys are Fairy-Stockfish's (src/variants.ini there):
 * a section inherits chess and overrides what differs. Chess's six piece types are
 * renamed to the variant's letters ("king = q", "rook = t") or removed ("knight = -");
 * a piece that moves as one of the engine's own types is that type ("fersAlfil = m"),
 * which every release reads, Debian 12's 11.1 included; any other piece is a
 * customPieceN with its Betza text, which only Fairy-Stockfish 13.1 and later read. */
#include "render/fsf.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/betza.h"

/* Fairy-Stockfish's own piece types (11.1's src/piece.cpp), by the moves they make; the
 * first four are chess's, which a section that does not use them removes. */
static const struct { const char *betza, *name; } builtin[] = {
	{ "N", "knight" }, { "B", "bishop" }, { "R", "rook" }, { "Q", "queen" },
	{ "F", "fers" }, { "W", "wazir" }, { "A", "alfil" }, { "FA", "fersAlfil" },
	{ "K", "commoner" }, { "KN", "centaur" }, { "BN", "archbishop" }, { "RN", "chancellor" },
	{ "QN", "amazon" }, { "BW", "dragonHorse" },
};
#define NBUILTIN (sizeof builtin / sizeof builtin[0])
#define NCHESS 4                /* knight, bishop, rook, queen: chess's own */

/* Does piece p move as the engine's type b, whatever the order its Betza is written in? */
static bool moves_as(const struct piece_def *p, size_t b)
{
	struct betza want;
	struct err e;

	return betza_parse(builtin[b].betza, &want, &e) == 0 && betza_same(&want, &p->powers);
}

#define CUSTOM_MAX 25           /* customPiece1 .. customPiece25 */

/* What the format cannot say about the board and its squares, or NULL. */
static const char *board_obstacle(const struct variant *v)
{
	if (v->nsq != v->files * v->ranks)
		return "squares off the grid (reserves, palaces), which the format has not";
	if (v->files > 12 || v->ranks > 10)
		return "a board larger than Fairy-Stockfish's 12 x 10";
	for (int s = 0; s < v->nsq; s++)
		if (v->sq_flags[s])
			return "squares with rules of their own (entry, reserve), which the format has not";
	return NULL;
}

/* A piece whose one power is a leap (x,y) that leaves the board from every square
 * (Knightmare's Frozen piece, (15,15)): it never moves, which the format says with an
 * empty Betza text. */
static bool immobile(const struct variant *v, const char *betza)
{
	int x, y, n = 0;

	if (sscanf(betza, "(%d,%d)%n", &x, &y, &n) != 2 || betza[n])
		return false;
	x = abs(x), y = abs(y);
	return (x >= v->files || y >= v->ranks) && (y >= v->files || x >= v->ranks);
}

/* What the format cannot say about piece type p, or NULL. */
static const char *piece_obstacle(const struct variant *v, const struct piece_def *p)
{
	const struct pawn_rules *pw = &p->pawn;

	if (strchr(p->betza, '(') && !immobile(v, p->betza))
		return "a piece leaping as a pair of numbers, which Fairy-Stockfish's Betza has not";
	if (p->nchain_dir)
		return "draughts-style capture chains, which the format has not";
	if (p->immune)
		return "a piece that may not be captured, which the format has not";
	if (p->royal && strcmp(p->betza, "K"))
		return "a royal piece that does not move as a King";
	if (!pw->is_pawn)
		return NULL;
	if (strcmp(p->betza, "fmWfcF"))
		return "a pawn that does not move as chess's";
	if (pw->exchange)
		return "promotion by exchange with a waiting piece, which the format has not";
	if (!(pw->double_step_ranks & 2u) || !pw->en_passant)
		return "a pawn's double step or en passant unlike chess's";
	if (!pw->promotion_ranks || pw->promotion_ranks & (pw->promotion_ranks - 1))
		return "promotion on more than one rank";
	return NULL;
}

static const char *castling_obstacle(const struct variant *v)
{
	int partners = 0;

	for (int t = 0; t < v->ntypes; t++)
		partners += v->type[t].castling_partner;
	if (v->ncastle && partners != 1)
		return "castling with more than one kind of partner";
	for (int i = 0; i < v->ncastle; i++) {
		const struct castling_def *c = &v->castle[i];
		int dir = v->file_of[c->royal_to] > v->file_of[c->royal_from] ? 1 : -1;
		if (v->file_of[c->partner_to] != v->file_of[c->royal_to] - dir ||
		    v->rank_of[c->royal_to] != v->rank_of[c->royal_from] ||
		    v->file_of[c->royal_from] != v->file_of[v->castle[0].royal_from])
			return "a castling whose partner does not land beside the royal piece";
	}
	return NULL;
}

/* Adds reason o (if any, and not said yet) to why. */
static void add(char *why, size_t len, const char *o)
{
	size_t n = strlen(why);

	if (o && !strstr(why, o))
		snprintf(why + n, len - n, "%s%s", n ? "; " : "", o);
}

/* Every reason v cannot be written, in why ("" if none). */
static void obstacles(const struct variant *v, char *why, size_t len)
{
	int royals = 0, pawns = 0, custom = 0;

	why[0] = 0;
	add(why, len, board_obstacle(v));
	for (int t = 0; t < v->ntypes; t++) {
		add(why, len, piece_obstacle(v, &v->type[t]));
		royals += v->type[t].royal;
		pawns += v->type[t].pawn.is_pawn;
		custom += !v->type[t].royal && !v->type[t].pawn.is_pawn;
	}
	if (royals != 1)
		add(why, len, royals ? "more than one royal piece" : "no royal piece");
	if (pawns > 1)
		add(why, len, "more than one kind of pawn");
	if (custom > CUSTOM_MAX)
		add(why, len, "more pieces than the format's 25 custom pieces");
	add(why, len, castling_obstacle(v));
}

/* The piece lines: chess's types renamed or removed, the others custom pieces. */
static void pieces(const struct variant *v, struct buf *out)
{
	bool used[NBUILTIN] = { false }, taken[TYPE_MAX] = { false };
	bool pawn = false, king = false, immobile_used = false;
	int custom = 0;

	for (int t = 0; t < v->ntypes; t++) {
		const struct piece_def *p = &v->type[t];
		char c = (char)tolower((unsigned char)p->letter);
		if (p->royal || p->pawn.is_pawn) {
			buf_printf(out, "%s = %c\n", p->royal ? "king" : "pawn", c);
			king |= p->royal, pawn |= p->pawn.is_pawn, taken[t] = true;
			continue;
		}
		for (size_t b = 0; b < NBUILTIN && !taken[t]; b++)
			if (!used[b] && moves_as(p, b)) {
				buf_printf(out, "%s = %c\n", builtin[b].name, c);
				used[b] = taken[t] = true;
			}
		if (!taken[t] && !immobile_used && immobile(v, p->betza)) {
			buf_printf(out, "# %c leaps %s, off the board: it never moves\nimmobile = %c\n",
				   c, p->betza, c);
			immobile_used = taken[t] = true;
		}
	}
	for (size_t b = 0; b < NCHESS; b++)
		if (!used[b])
			buf_printf(out, "%s = -\n", builtin[b].name);
	if (!pawn)
		buf_str(out, "pawn = -\n");
	for (int t = 0; t < v->ntypes; t++) {
		const struct piece_def *p = &v->type[t];
		if (taken[t])
			continue;
		if (immobile(v, p->betza))
			buf_printf(out, "# %c leaps %s, off the board: it never moves\n",
				   tolower((unsigned char)p->letter), p->betza);
		buf_printf(out, "customPiece%d = %c:%s\n", ++custom, tolower((unsigned char)p->letter),
			   immobile(v, p->betza) ? "" : p->betza);
	}
}

/* Does v need a piece no type of the engine's own moves as (a customPiece)? */
static bool needs_custom(const struct variant *v)
{
	bool used[NBUILTIN] = { false }, immobile_used = false;

	for (int t = 0; t < v->ntypes; t++) {
		const struct piece_def *p = &v->type[t];
		bool found = p->royal || p->pawn.is_pawn;
		for (size_t b = 0; b < NBUILTIN && !found; b++)
			if (!used[b] && moves_as(p, b))
				used[b] = found = true;
		if (!found && !immobile_used && immobile(v, p->betza))
			immobile_used = found = true;
		if (!found)
			return true;
	}
	return false;
}

/* Promotion: its rank and choices; a choice bound to a square colour is written as open
 * on every square, which the reader may allow where the referee does not. */
static void promotion(const struct variant *v, struct buf *out)
{
	for (int t = 0; t < v->ntypes; t++) {
		const struct pawn_rules *pw = &v->type[t].pawn;
		bool colour = false;
		if (!pw->is_pawn)
			continue;
		int rank = __builtin_ctz(pw->promotion_ranks) + 1;
		if (rank != v->ranks)
			buf_printf(out, "promotionRank = %d\n", rank);
		buf_str(out, "promotionPieceTypes = ");
		for (int i = 0; i < pw->npromo; i++) {
			buf_printf(out, "%c", tolower((unsigned char)v->type[pw->promo[i].type].letter));
			colour |= pw->promo[i].colour_of != SQ_NONE;
		}
		buf_str(out, "\n");
		buf_printf(out, "doubleStep = %s\n", pw->double_step_ranks ? "true" : "false");
		if (colour)
			buf_str(out, "# approximated: a promotion choice bound to the colour of the "
				"promotion square\n# is open on every square here\n");
		if (pw->double_step_ranks & 1u)
			buf_str(out, "# approximated: a pawn put on its first rank (by a card) may "
				"step two squares\n# there, which the format cannot say\n");
	}
}

static void castling(const struct variant *v, struct buf *out)
{
	char f[3];

	if (!v->ncastle) {
		buf_str(out, "castling = false\n");
		return;
	}
	variant_file_name(v->file_of[v->castle[0].royal_from], f);
	buf_printf(out, "castlingKingFile = %s\n", f);
	if (v->rank_of[v->castle[0].royal_from] != 0)
		buf_printf(out, "castlingRank = %d\n", v->rank_of[v->castle[0].royal_from] + 1);
	for (int i = 0; i < v->ncastle; i++) {
		const struct castling_def *c = &v->castle[i];
		bool h_side = v->file_of[c->royal_to] > v->file_of[c->royal_from];
		variant_file_name(v->file_of[c->royal_to], f);
		buf_printf(out, "castling%sFile = %s\n", h_side ? "Kingside" : "Queenside", f);
	}
	for (int t = 0; t < v->ntypes; t++)
		if (v->type[t].castling_partner)
			buf_printf(out, "castlingRookPiece = %c\n", tolower((unsigned char)v->type[t].letter));
}

int fsf_section(const struct variant *v, struct buf *out, char *why, size_t len)
{
	obstacles(v, why, len);
	if (why[0])
		return -1;
	buf_printf(out, "# %s\n", v->title);
	if (needs_custom(v))    /* configurable pieces came with Fairy-Stockfish 13.1 */
		buf_str(out, "# its customPiece lines need Fairy-Stockfish 13.1 or later (ffish 0.7);\n"
			"# 11.1 (Debian 12) cannot load this section\n");
	buf_printf(out, "[%s:chess]\n", v->name);
	if (v->files != 8)
		buf_printf(out, "maxFile = %d\n", v->files);
	if (v->ranks != 8)
		buf_printf(out, "maxRank = %d\n", v->ranks);
	if (v->protocol[0] || v->boards > 1)
		buf_printf(out, "# the moves of one board only: what the %s game adds\n# (cards, "
			   "transfers, rule changes) the format cannot say; the referee's\n# PGN "
			   "cuts a board where it happens\n", v->protocol[0] ? v->protocol : v->title);
	pieces(v, out);
	buf_printf(out, "startFen = %s\n", v->setup);
	promotion(v, out);
	castling(v, out);
	if (v->draws.claim_plies != 100)
		buf_printf(out, "nMoveRule = %d\n", v->draws.claim_plies / 2);
	return 0;
}
