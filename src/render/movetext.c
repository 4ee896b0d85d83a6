/* movetext.c: a board's move record as a reader reads it (movetext.h): the moves
 * numbered, the edits of cards and of the referee in words, what an interception took
 * back left out. */
#include "render/movetext.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/pos.h"
#include "game/game.h"
#include "render/undone.h"
#include "render/view.h"
#include "util/phrase.h"
#include "util/buf.h"

/* An edit of the board ("@remove e4", "@place N e4", "@side w", "@fen ...", "@rule N
 * NW") in the words a player reads in the move record: a card's in a card game, else
 * neutral (a Perplexichess transfer, a board's kings leaving it, a Flexichess rule). */
void movetext_edit_words(const char *op, bool cards, char *out, size_t len)
{
	char piece = 0, square[16] = "", side = 0, betza[96];
	unsigned mark = 0;

	const char *colour;

	if (!strncmp(op, "fen ", 4) && cards)
		phrase_printf(out, len, "a card restores the position before it");
	else if (!strncmp(op, "fen ", 4))
		phrase_printf(out, len, "the referee restores the position before it");
	else if (sscanf(op, "remove %15s", square) == 1 && cards)
		phrase_printf(out, len, "a card removes the piece on %s", square);
	else if (sscanf(op, "remove %15s", square) == 1)
		phrase_printf(out, len, "the piece on %s leaves the board", square);
	else if (sscanf(op, "place %c %15s", &piece, square) == 2) {
		colour = isupper((unsigned char)piece) ? NC_("colour", "White") : NC_("colour", "Black");
		if (cards)
			phrase_printf(out, len, "a card puts a %s %c on %s", colour,
				      toupper((unsigned char)piece), square);
		else
			phrase_printf(out, len, "a %s %c is put on %s", colour,
				      toupper((unsigned char)piece), square);
	} else if (sscanf(op, "side %c", &side) == 1)
		phrase_printf(out, len, "%s to move", side_name(side == 'w' ? WHITE : BLACK));
	else if (sscanf(op, "mark %15s %u", square, &mark) == 2 && mark == MARK_SHIELD)
		phrase_printf(out, len, "the piece on %s may not be captured", square);
	else if (sscanf(op, "mark %15s %u", square, &mark) == 2 && mark)
		phrase_printf(out, len, "the piece on %s is marked", square);
	else if (sscanf(op, "mark %15s %u", square, &mark) == 2)
		phrase_printf(out, len, "the piece on %s is no longer shielded", square);
	else if (sscanf(op, "rule %c %95s", &piece, betza) == 2 && strstr(op, " immune"))
		phrase_printf(out, len, "from now on %c moves as %s and may not be captured", piece,
			      betza);
	else if (sscanf(op, "rule %c %95s", &piece, betza) == 2)
		phrase_printf(out, len, "from now on %c moves as %s", piece, betza);
	else
		str_copy(out, len, op);
}

/* The move the subject names: the last one made, shown or taken back. */
static int note_last(struct movetext *mt, int side, unsigned number, const char *entry)
{
	mt->last_number = (int)number;
	mt->last_side = side;
	str_copy(mt->last, sizeof mt->last, entry);
	return 0;
}

/* The move number before a move of `side`, where the record needs one ("12. ", "12... "
 * after a comment, " " within a move). */
static void move_number(struct movetext *mt, int side, unsigned number)
{
	if (side == WHITE || mt->first || mt->after_comment) {
		if (!mt->first)
			buf_add(mt->out, " ", 1);
		buf_uint(mt->out, number);
		buf_str(mt->out, side == WHITE ? ". " : "... ");
	} else {
		buf_add(mt->out, " ", 1);
	}
}

/* A move, numbered: the record's and the subject's. */
static int movetext_move(struct movetext *mt, int side, unsigned number, const char *entry)
{
	move_number(mt, side, number);
	buf_str(mt->out, entry);
	mt->first = mt->after_comment = false;
	return note_last(mt, side, number, entry);
}

/* A run of changes of the side to move, written once the entry after it comes: what it
 * changed ("{Black to move}"), or nothing when it gives the move back to the side that had
 * it (a move played as edits, then its turn going on). */
static void side_flush(struct movetext *mt)
{
	if (!mt->side_run)
		return;
	if (mt->side_to != mt->side_from) {
		buf_str(mt->out, mt->first ? "{" : " {");
		buf_phrase(mt->out, "%s to move", side_name(mt->side_to));
		buf_str(mt->out, "}");
		mt->first = false;
	}
	mt->after_comment = true;
	mt->side_run = false;
}

/* "@side w" or "@side b": right after a move taken back, its side's turn passes without
 * a move ("--", as PGN readers write a null move); else the side to move changes. */
static void side_entry(struct movetext *mt, const struct pos *before, const char *entry)
{
	int to = entry[6] == 'w' ? WHITE : BLACK;

	if (mt->after_restore && (int)before->side != to) {
		side_flush(mt);
		move_number(mt, before->side, before->fullmove);
		buf_str(mt->out, "--");
		mt->first = mt->after_comment = false;
		return;
	}
	if (!mt->side_run)
		mt->side_from = before->side;
	mt->side_run = true;
	mt->side_to = to;
}

int movetext_entry(const struct pos *before, const char *entry, void *arg)
{
	struct movetext *mt = arg;
	char fixed[SAN_MAX];
	const char *shown = undone_shown(mt->undone ? mt->undone[mt->at++] : 0, entry, fixed,
					 sizeof fixed);
	bool after_restore = mt->after_restore;

	mt->after_restore = !shown && !strncmp(entry, "@fen ", 5);
	if (!shown)     /* taken back: not shown, yet still the move the subject names */
		return entry[0] == '@' ? 0 : note_last(mt, before->side, before->fullmove, entry);
	entry = shown;
	if (!strncmp(entry, "@deploy ", 8))
		return 0;               /* the pieces posted before play: the start, not a move */
	if (!strncmp(entry, "@side ", 6) && strlen(entry) == 7) {
		mt->after_restore = after_restore;
		side_entry(mt, before, entry);
		mt->after_restore = false;
		return 0;
	}
	side_flush(mt);
	if (!strncmp(entry, "@turn ", 6))       /* a kind's own turn (ChessMe): as written */
		entry += 6;
	else if (entry[0] == '@') {
		char what[160];
		movetext_edit_words(entry + 1, mt->cards, what, sizeof what);
		buf_printf(mt->out, "%s{%s}", mt->first ? "" : " ", what);
		mt->first = false;
		mt->after_comment = true;
		return 0;
	}
	return movetext_move(mt, before->side, before->fullmove, entry);
}

/* A board of plain moves (no edit, nothing taken back) numbered without playing them:
 * each move hands the turn over, and Black's ends a move number, so the sides and numbers
 * follow from the position now, counted back (game_walk plays the whole game, for each
 * reply). false: the board needs the walk. */
static bool movetext_plain(const struct game *g, int b, struct movetext *mt)
{
	const struct board *bd = &g->board[b];
	const struct pos *now = bd->pos;

	if (!now || mt->undone)
		return false;
	for (int i = 0; i < bd->nmoves; i++)
		if (bd->moves[i][0] == '@')
			return false;
	int side = bd->nmoves % 2 ? COLOR_OTHER(now->side) : now->side;
	unsigned blacks = (unsigned)(side == WHITE ? bd->nmoves / 2 : (bd->nmoves + 1) / 2);
	unsigned number = now->fullmove - blacks;
	for (int i = 0; i < bd->nmoves; i++) {
		movetext_move(mt, side, number, bd->moves[i]);
		number += side == BLACK;
		side = COLOR_OTHER(side);
	}
	return true;
}

/* The board's moves into out; *mt then holds its last move: number, side and SAN (side
 * -1: none). */
static void movetext_walk(const struct game *g, int b, struct buf *out, struct movetext *mt)
{
	unsigned char *undone = g->cat ? undone_flags(g, b) : NULL;    /* cards take back */

	*mt = (struct movetext){ .out = out, .first = true, .last_side = -1, .cards = g->cat != NULL,
				 .undone = undone };
	if (!movetext_plain(g, b, mt))
		game_walk(g, b, movetext_entry, mt);
	side_flush(mt);
	mt->undone = NULL;
	free(undone);
}

void view_movetext(const struct game *g, int b, struct buf *out)
{
	struct movetext mt;

	movetext_walk(g, b, out, &mt);
}

void view_movetext_last(const struct game *g, int b, struct buf *out, struct view_last *last)
{
	struct movetext mt;

	movetext_walk(g, b, out, &mt);
	*last = (struct view_last){ .number = mt.last_number, .side = mt.last_side };
	str_copy(last->san, sizeof last->san, mt.last);
}
