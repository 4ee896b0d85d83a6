/* board.c: a game's seats and boards: who sits where, and each board's position derived
 * from its start and its list of moves, edits and rule changes (game.h). */
#include "game/game.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/zpack.h"

int game_add_seat(struct game *g, int side, int board, const char *role, const char *address)
{
	if (g->nseats == SEATS_MAX)
		return -1;
	if (g->nseats == g->seat_cap) {
		int cap = g->seat_cap ? 2 * g->seat_cap : 2;
		struct seat *s = realloc(g->seat, (size_t)(cap < SEATS_MAX ? cap : SEATS_MAX) *
					 sizeof *s);
		if (!s)
			return -1;
		g->seat = s;
		g->seat_cap = cap < SEATS_MAX ? cap : SEATS_MAX;
	}
	struct seat *st = &g->seat[g->nseats];
	memset(st, 0, sizeof *st);
	st->side = side;
	st->board = board;
	snprintf(st->role, sizeof st->role, "%s", role);
	snprintf(st->address, sizeof st->address, "%s", address ? address : "");
	return g->nseats++;
}

int game_seat_of(const struct game *g, const char *address)
{
	for (int i = 0; i < g->nseats; i++)
		if (!strcasecmp(g->seat[i].address, address))
			return i;
	return -1;
}

int game_mover(const struct game *g, int b, int c)
{
	int any = -1;

	for (int i = 0; i < g->nseats; i++) {
		if (g->seat[i].side != c)
			continue;
		if (g->seat[i].board == b)
			return i;
		if (g->seat[i].board < 0 && any < 0)
			any = i;
	}
	return any;
}

/* "@rule N BETZA [immune]": the board's own copy of the rules, with piece N's new powers
 * (and whether it may be captured: a card's continuing effect). */
static int rule_change(struct pos *p, struct variant **own, const char *op, struct err *e)
{
	char letter, betza[128], word[16];
	int n = sscanf(op, "@rule %c %127s %15s", &letter, betza, word);

	if (n < 2 || (n == 3 && strcmp(word, "immune")))
		return err_set(e, "'%s' is not a rule change", op);
	if (!*own && !(*own = variant_clone(p->v, e)))
		return -1;
	if (variant_set_powers(*own, letter, betza, e) < 0 ||
	    ((*own)->type[variant_type_by_letter(*own, letter)].immune != (n == 3) &&
	     variant_set_immune(*own, letter, n == 3, e) < 0))
		return -1;
	p->v = *own;            /* same squares, same keys: the position stands as it is */
	return 0;
}

/* Entry i of the board's list, a move, resolved to m: kept for the walks to come (memory
 * short: they read the SAN again). */
static void remember_move(struct board *bd, int i, struct move m)
{
	if (i != bd->nresolved)
		return;
	if (bd->nresolved == bd->resolved_cap) {
		int cap = bd->resolved_cap ? 2 * bd->resolved_cap : 32;
		struct move *a = realloc(bd->resolved, (size_t)cap * sizeof *a);
		if (!a)
			return;
		bd->resolved = a;
		bd->resolved_cap = cap;
	}
	bd->resolved[bd->nresolved++] = m;
}

/* A move in SAN, or an edit operation (see game.h); `own` is the board's own rules. *m:
 * the move it resolved to (an edit: none, zero). */
static int apply_one(struct pos *p, struct variant **own, const char *op, struct move *m,
		     struct err *e)
{
	struct undo u;
	char sq[8], pc;
	sq_t s;

	*m = (struct move){ 0 };
	if (!strncmp(op, "@rule ", 6))
		return rule_change(p, own, op, e);
	if (op[0] != '@') {
		if (notation_parse(p, op, m, e) < 0)
			return -1;
		pos_make(p, *m, &u);
		return 0;
	}
	if (sscanf(op, "@remove %7s", sq) == 1 && (s = variant_square_named(p->v, sq, strlen(sq))) != SQ_NONE) {
		pos_edit_remove(p, s);
		return 0;
	}
	if (sscanf(op, "@place %c %7s", &pc, sq) == 2 &&
	    (s = variant_square_named(p->v, sq, strlen(sq))) != SQ_NONE &&
	    variant_type_by_letter(p->v, pc) >= 0) {
		pos_edit_place(p, s, PIECE_MAKE(variant_type_by_letter(p->v, pc),
						isupper((unsigned char)pc) ? WHITE : BLACK));
		return 0;
	}
	unsigned mk;
	if (sscanf(op, "@mark %7s %u", sq, &mk) == 2 && mk <= 255 &&
	    (s = variant_square_named(p->v, sq, strlen(sq))) != SQ_NONE && pos_at(p, s)) {
		pos_set_mark(p, s, (uint8_t)mk);        /* a card's shield on one piece */
		return 0;
	}
	if (!strncmp(op, "@turn ", 6)) {        /* a turn the kind keeps on its own position */
		pos_edit_side(p, COLOR_OTHER(p->side));
		return 0;
	}
	if (!strcmp(op, "@side w") || !strcmp(op, "@side b")) {
		pos_edit_side(p, op[6] == 'w' ? WHITE : BLACK);
		return 0;
	}
	if (!strncmp(op, "@fen ", 5))
		return pos_from_fen(p, *own ? *own : p->v, op + 5, e);
	if (!strncmp(op, "@deploy ", 8))        /* pieces posted before play (TigerChess) */
		return pos_from_fen(p, *own ? *own : p->v, op + 8, e);
	return err_set(e, "'%s' is not an operation", op);
}

int game_park(struct game *g)
{
	for (int b = 0; b < g->nboards; b++) {
		struct board *bd = &g->board[b];
		void *packed = bd->pos ? zpack(bd->pos, sizeof *bd->pos) : NULL;
		if (bd->pos && !packed)
			return -1;
		if (packed) {
			free(bd->pos);
			bd->pos = NULL;
			bd->parked = packed;
		}
	}
	return 0;
}

int game_unpark(struct game *g)
{
	for (int b = 0; b < g->nboards; b++) {
		struct board *bd = &g->board[b];
		if (!bd->parked)
			continue;
		if (!(bd->pos = malloc(sizeof *bd->pos)))
			return -1;
		zunpack(bd->parked, bd->pos, sizeof *bd->pos);
		free(bd->parked);
		bd->parked = NULL;
	}
	return 0;
}

int board_set_start(struct board *bd, const char *fen)
{
	char *copy = fen && *fen ? strndup(fen, FEN_MAX - 1) : NULL;

	if (fen && *fen && !copy)
		return -1;
	free(bd->start_fen);
	bd->start_fen = copy;
	return 0;
}

const char *board_start_text(const struct board *bd)
{
	return bd->start_fen ? bd->start_fen : "";
}

static const char *board_start(const struct game *g, int b)
{
	return g->board[b].start_fen ? g->board[b].start_fen : g->v->setup;
}

int game_load_position(struct game *g, const struct variant *v, struct err *e)
{
	g->v = v;
	if (g->nboards < 1 || g->nboards > BOARDS_MAX)
		return err_set(e, "game %d: %d boards", g->id, g->nboards);
	for (int b = 0; b < g->nboards; b++)
		if (board_reload(g, b, e) < 0)
			return -1;
	return 0;
}

int board_reload(struct game *g, int b, struct err *e)
{
	struct board *bd = &g->board[b];
	struct move m;

	free(bd->pos);
	free(bd->parked);
	bd->parked = NULL;
	variant_free(bd->rules);
	bd->rules = NULL;
	bd->nresolved = 0;
	/* zeroed: what no piece or ply uses stays zero, and packs to nothing (game_park) */
	if (!(bd->pos = calloc(1, sizeof *bd->pos)))
		return err_set(e, "out of memory");
	if (pos_from_fen(bd->pos, g->v, board_start(g, b), e) < 0)
		return err_prefix(e, "game %d: board %d: start position: ", g->id, b + 1), -1;
	for (int i = 0; i < bd->nmoves; i++) {
		if (apply_one(bd->pos, &bd->rules, bd->moves[i], &m, e) < 0)
			return err_prefix(e, "game %d: board %d: stored move %d: ", g->id, b + 1,
					  i + 1), -1;
		remember_move(bd, i, m);
	}
	return 0;
}

int board_op(struct game *g, int b, const char *op, struct err *e)
{
	struct board *bd = &g->board[b];
	struct move m;
	char **mv, *copy;

	if (apply_one(bd->pos, &bd->rules, op, &m, e) < 0)
		return -1;
	if (!(mv = realloc(bd->moves, (size_t)(bd->nmoves + 1) * sizeof *mv)) ||
	    !(copy = strdup(op))) {
		if (mv)
			bd->moves = mv;
		return err_set(e, "out of memory");
	}
	bd->moves = mv;
	bd->moves[bd->nmoves++] = copy;
	remember_move(bd, bd->nmoves - 1, m);
	return 0;
}

int game_op(struct game *g, const char *op, struct err *e)
{
	return board_op(g, 0, op, e);
}

int game_walk(const struct game *g, int b, int (*each)(const struct pos *before,
						       const char *entry, void *arg), void *arg)
{
	const struct board *bd = &g->board[b];
	struct pos *p = malloc(sizeof *p);
	struct variant *own = NULL;
	struct move m;
	struct undo u;
	struct err e;
	int rc = 0, last_rule = -1;

	if (!p || pos_from_fen(p, g->v, board_start(g, b), &e) < 0) {
		free(p);
		return -1;
	}
	for (int i = 0; i < bd->nmoves; i++)
		if (!strncmp(bd->moves[i], "@rule ", 6))
			last_rule = i;
	for (int i = 0; i < bd->nmoves && rc == 0; i++) {
		rc = each(p, bd->moves[i], arg);
		/* from the last change of the board's rules on, they are the board's own, built
		 * when it was loaded: compiling a variant's tables is the dearest thing here */
		if (rc == 0 && i == last_rule && bd->rules)
			p->v = bd->rules;
		else if (rc == 0 && i < bd->nresolved && bd->moves[i][0] != '@')
			pos_make(p, bd->resolved[i], &u);
		else if (rc == 0 && apply_one(p, &own, bd->moves[i], &m, &e) < 0)
			rc = -1;
	}
	free(p);
	variant_free(own);
	return rc < 0 ? -1 : 0;
}

void board_truncate_moves(struct board *b, int n)
{
	while (b->nmoves > n)
		free(b->moves[--b->nmoves]);
	if (b->nresolved > b->nmoves)
		b->nresolved = b->nmoves;
}

void game_truncate_moves(struct game *g, int n)
{
	board_truncate_moves(&g->board[0], n);
}

