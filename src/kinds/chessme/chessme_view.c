/* chessme_view.c: the template variables of a ChessMe game for one reader: the diagram
 * of the occupied area with a margin, from the reader's side, with the tiles listed by
 * square; the reader's own hand (never the opponent's), the sizes of both piles, the
 * captured tiles, the commitments to the piles and, after the end, their reveal with the
 * command that checks each. */
#include <stdio.h>
#include <string.h>

#include "game/kind.h"
#include "kinds/chessme/chessme_game.h"
#include "kinds/chessme/chessme_view.h"
#include "render/fit.h"
#include "render/view.h"
#include "util/buf.h"
#include "util/commit.h"
#include "util/crypto.h"

static void set_buf(struct tctx *c, const char *name, struct buf *b)
{
	tctx_set(c, name, "%s", b->s ? b->s : "");
	buf_free(b);
}

struct box {
	int minx, maxx, miny, maxy;
};

/* The tiles' box with a margin of one square: every square a move may end on. */
static struct box box_of(const struct cm_pos *p)
{
	struct box b = { p->p[0].x, p->p[0].x, p->p[0].y, p->p[0].y };

	for (int i = 1; i < p->n; i++) {
		b.minx = p->p[i].x < b.minx ? p->p[i].x : b.minx;
		b.maxx = p->p[i].x > b.maxx ? p->p[i].x : b.maxx;
		b.miny = p->p[i].y < b.miny ? p->p[i].y : b.miny;
		b.maxy = p->p[i].y > b.maxy ? p->p[i].y : b.maxy;
	}
	b.minx--, b.maxx++, b.miny--, b.maxy++;
	return b;
}

/* The file part of a square's name. */
static void file_of(int x, char *out, size_t len)
{
	char sq[CM_SQ_MAX];
	size_t n = 0;

	cm_square_name(x, 1, sq);
	while (sq[n] && sq[n] != '1')
		n++;
	snprintf(out, len, "%.*s", (int)n, sq);
}

/* Columns first..last of the diagram (below), its file names under them. */
static void diagram_band(const struct cm_pos *p, int side, const struct box *b, int w, int lw,
			 int first, int last, struct buf *out)
{
	char f[16];

	for (int row = 0; row <= b->maxy - b->miny; row++) {
		int y = side ? b->miny + row : b->maxy - row;
		buf_printf(out, "%*d ", lw, y);
		for (int col = first; col <= last; col++) {
			int x = side ? b->maxx - col : b->minx + col, i = cm_at(p, x, y);
			char ch = i < 0 ? '.' : p->p[i].color ? (char)(p->p[i].type + 32) : p->p[i].type;
			buf_printf(out, "%*c", w, ch);
		}
		buf_str(out, "\n");
	}
	buf_printf(out, "%*s ", lw, "");
	for (int col = first; col <= last; col++) {
		file_of(side ? b->maxx - col : b->minx + col, f, sizeof f);
		buf_printf(out, "%*s", w, f);
	}
	buf_str(out, "\n");
}

/* The diagram: White's tiles in capitals, Black's in small letters, '.' an empty square;
 * White reads it with rank numbers growing upwards, Black from the other side. The grid
 * is the box the tiles occupy; a box wider than a mail's line (FIT_WIDTH) is drawn in
 * bands of files, left to right, one under the other, each with its file names. */
static void diagram(const struct cm_pos *p, int side, struct buf *out)
{
	struct box b = box_of(p);
	int w = 2, lw = 1, ncols = b.maxx - b.minx + 1, band;
	char f[16], r[16];

	for (int x = b.minx; x <= b.maxx; x++) {
		file_of(x, f, sizeof f);
		w = (int)strlen(f) + 1 > w ? (int)strlen(f) + 1 : w;
	}
	for (int y = b.miny; y <= b.maxy; y++) {
		snprintf(r, sizeof r, "%d", y);
		lw = (int)strlen(r) > lw ? (int)strlen(r) : lw;
	}
	band = (FIT_WIDTH - lw - 1) / w;
	band = band < 1 ? 1 : band;
	for (int first = 0; first < ncols; first += band) {
		int last = first + band < ncols ? first + band - 1 : ncols - 1;
		if (first)
			buf_str(out, "\n");
		diagram_band(p, side, &b, w, lw, first, last, out);
	}
}

static void tiles(const struct cm_pos *p, int c, struct buf *out)
{
	char sq[CM_SQ_MAX];
	bool any = false;

	for (int i = 0; i < p->n; i++)
		if (p->p[i].color == c) {
			buf_printf(out, " %c%s", p->p[i].type, cm_square_name(p->p[i].x, p->p[i].y, sq));
			any = true;
		}
	if (!any)
		buf_str(out, " " N_("none"));
}

static void letters(const char *l, int n, struct buf *out)
{
	for (int i = 0; i < n; i++)
		buf_printf(out, "%s%c", i ? " " : "", l[i]);
	if (!n)
		buf_str(out, N_("none"));
}

/* Both piles revealed, with the bytes committed to and the command that checks each. */
static void reveal(const struct game *g, const struct chessme *cm, struct buf *out)
{
	buf_str(out, "\n");
	buf_phrase(out, "The piles, as shuffled at the start (check each commitment with the "
		   "command below it):");
	buf_str(out, "\n");
	for (int c = 0; c < 2; c++) {
		struct buf text = { 0 }, cmd = { 0 };
		char hex[2 * CM_SALT + 1], commit[65];
		chessme_commit_text(cm, g->id, c, &text);
		commit_check_command(text.s, 2, FIT_WIDTH, &cmd);
		chessme_commitment(cm, g->id, c, commit);
		crypto_hex(cm->salt[c], CM_SALT, hex);
		char pile[CM_TILES + 1];
		snprintf(pile, sizeof pile, "%.*s", CM_TILES, cm->order[c]);
		buf_phrase(out, "%s's pile: %s (salt %s)", side_name(c), pile, hex);
		buf_printf(out, "\n  %s\n  %s\n", commit, cmd.s);
		buf_free(&text);
		buf_free(&cmd);
	}
	struct buf h[2] = { { 0 } };
	letters(cm->pos.hand[0], cm->pos.nhand[0], &h[0]);
	letters(cm->pos.hand[1], cm->pos.nhand[1], &h[1]);
	buf_phrase(out, "Hands at the end: White %s; Black %s", h[0].s ? h[0].s : "",
		   h[1].s ? h[1].s : "");
	buf_str(out, "\n");
	buf_free(&h[0]);
	buf_free(&h[1]);
}

/* What the reader may know: their own hand and draw, both piles' sizes, the captured
 * tiles, the commitments. */
static void info(const struct game *g, const struct chessme *cm, int side, struct buf *out)
{
	const struct cm_pos *p = &cm->pos;

	buf_phrase(out, "White:");
	tiles(p, 0, out);
	buf_str(out, "\n");
	buf_phrase(out, "Black:");
	tiles(p, 1, out);
	buf_str(out, "\n");
	if ((side == 0 || side == 1) && cm->dealt) {
		if (cm->drew[side] && g->status == GAME_PLAYING && p->side != side) {
			buf_phrase(out, "You drew a %s.", cm_piece_name(cm->drew[side]));
			buf_str(out, "\n");
		}
		buf_phrase(out, "Your hand:");
		buf_str(out, " ");
		letters(p->hand[side], p->nhand[side], out);
		buf_str(out, "\n");
	}
	buf_nphrase(out, (unsigned long)chessme_pile(cm, 0), "Piles: White %d tile, Black %d. In "
		    "hand: White %d, Black %d.", "Piles: White %d tiles, Black %d. In hand: White %d, "
		    "Black %d.", chessme_pile(cm, 0), chessme_pile(cm, 1), p->nhand[0], p->nhand[1]);
	buf_str(out, "\n");
	struct buf cap[2] = { { 0 } };
	letters(p->captured[0], p->ncaptured[0], &cap[0]);
	letters(p->captured[1], p->ncaptured[1], &cap[1]);
	buf_phrase(out, "Captured: White's %s; Black's %s", cap[0].s ? cap[0].s : "",
		   cap[1].s ? cap[1].s : "");
	buf_str(out, "\n");
	buf_free(&cap[0]);
	buf_free(&cap[1]);
	if (cm->dealt) {
		char w[65], b[65];
		chessme_commitment(cm, g->id, 0, w);
		chessme_commitment(cm, g->id, 1, b);
		/* the hashes under the label, not after it: a line fits 78 (fit.h) */
		buf_phrase(out, "Piles committed:");
		buf_str(out, "\n  ");
		buf_phrase(out, "White %s", w);
		buf_str(out, "\n  ");
		buf_phrase(out, "Black %s", b);
		buf_str(out, "\n");
	}
	if (g->status == GAME_PLAYING && (side == 0 || side == 1) && p->side == side) {
		char move[32], place[64];
		cm_turn_example(p, move, sizeof move, place, sizeof place);
		if (place[0])
			buf_phrase(out, "Your move: one line; then, if you like, a placement on the "
				   "next, for example \"%s\", then \"place %s\".", move, place);
		else
			buf_phrase(out, "Your move: one line, for example \"%s\".", move);
		buf_str(out, "\n");
	}
	if (g->status == GAME_OVER && cm->dealt)
		reveal(g, cm, out);
}

/* A PGN record that claims no chess position: PGN has no unbounded grid and no
 * placements, so the game holds no move and no [FEN], its moves are words in a comment
 * (pgn-extract reads it), and [Variant] names the game (docs/chessme.md, the record). */
static void pgn(const struct game *g, struct buf *out)
{
	struct buf moves = { 0 }, text = { 0 };
	char date[16] = "????.??.??", wn[PUBLIC_NAME_MAX], bn[PUBLIC_NAME_MAX];

	if (strlen(g->created) >= 10)
		snprintf(date, sizeof date, "%.4s.%.2s.%.2s", g->created, g->created + 5, g->created + 8);
	view_movetext(g, 0, &moves);
	/* the players as the public names them: a PGN travels (view_board_players) */
	seat_public(g, 0, wn, sizeof wn);
	seat_public(g, 1, bn, sizeof bn);
	buf_printf(out, "[Event \"tempest game %d\"]\n[Site \"By email\"]\n[Date \"%s\"]\n"
		   "[Round \"-\"]\n[White \"%s\"]\n[Black \"%s\"]\n[Result \"%s\"]\n"
		   "[Variant \"%s\"]\n", g->id, date, pgn_tag_text(wn), pgn_tag_text(bn),
		   g->result, g->v->name);
	if (g->status == GAME_OVER)
		buf_printf(out, "[Termination \"%s\"]\n", strstr(g->termination, "time") ?
			   "time forfeit" : "normal");
	buf_str(out, "\n");
	buf_printf(&text, "{ChessMe, which PGN cannot write (an unbounded grid; X@sq places a tile "
		   "from the hand): %s} %s", moves.s ? moves.s : "no move", g->result);
	size_t col = 0;                 /* PGN's lines of at most 79 characters */
	for (char *w = strtok(text.s, " "); w; w = strtok(NULL, " ")) {
		size_t n = strlen(w);
		buf_str(out, !col ? "" : col + 1 + n > 79 ? "\n" : " ");
		col = !col || col + 1 + n > 79 ? n : col + 1 + n;
		buf_str(out, w);
	}
	buf_str(out, "\n");
	buf_free(&moves);
	buf_free(&text);
}

/* A turn the reader could write (on their turn; otherwise the one they could write if it
 * were theirs now), for the examples of the help and the start mail. */
static void examples(const struct game *g, int reader, struct tctx *c)
{
	const struct chessme *cm = g->kstate;
	struct cm_pos p = cm->pos;
	char move[32], place[64];

	if (reader < 0 || reader >= g->nseats || !cm->dealt || g->status != GAME_PLAYING)
		return;
	p.side = g->seat[reader].side;
	cm_turn_example(&p, move, sizeof move, place, sizeof place);
	tctx_set(c, "cm_move_example", "%s", move);
	tctx_set(c, "cm_place_tile", "%s", place);
}

static void cm_help(const struct game *g, int reader, struct tctx *c)
{
	examples(g, reader, c);
}

/* The help's "place N d1" as a tile the reader holds, on a square it may go to after a
 * legal move of theirs. */
static void cm_example(const struct game *g, int reader, const struct order_word *w, char *out,
		       size_t len)
{
	const struct chessme *cm = g->kstate;
	struct cm_pos p = cm->pos;
	char move[32], place[64];

	if (reader < 0 || reader >= g->nseats || !cm->dealt || g->status != GAME_PLAYING ||
	    strcmp(w->words, "place"))
		return;
	p.side = g->seat[reader].side;
	cm_turn_example(&p, move, sizeof move, place, sizeof place);
	if (place[0])
		snprintf(out, len, "place %s", place);
}

static void cm_view(const struct game *g, const struct reply *r, int reader, struct tctx *c)
{
	const struct chessme *cm = g->kstate;
	int side = reader >= 0 && reader < g->nseats ? g->seat[reader].side : -1;
	struct buf b = { 0 };
	char text[1024];

	(void)r;
	tctx_set(c, "cm", "yes");
	examples(g, reader, c);
	diagram(&cm->pos, side == 1 ? 1 : 0, &b);
	set_buf(c, "board", &b);
	cm_pos_text(&cm->pos, g->status == GAME_OVER, text, sizeof text);
	tctx_set(c, "fen", "%s", text);
	if (g->status == GAME_PLAYING && cm_in_check(&cm->pos, cm->pos.side))
		tctx_set(c, "check", "%s", side_name(cm->pos.side));
	info(g, cm, side, &b);
	set_buf(c, "cm_info", &b);
	pgn(g, &b);
	set_buf(c, "pgn", &b);
}

/* `tempest show`: the position from White's side and the public facts. */
static void cm_summary(const struct game *g, struct buf *out)
{
	const struct chessme *cm = g->kstate;
	char text[1024];

	buf_str(out, "\n");
	diagram(&cm->pos, 0, out);
	cm_pos_text(&cm->pos, g->status == GAME_OVER, text, sizeof text);
	buf_printf(out, "Position: %s\n", text);
	info(g, cm, -1, out);
}

/* The variables view sets, for the kind's parts of the templates (templates/chessme/). */
static const char *const cm_names[] = {
	"cm", "cm_info", "cm_move_example", "cm_place_tile", NULL,
};

const struct kind_view kind_chessme_view = {
	.view = cm_view,
	.help = cm_help,
	.example = cm_example,
	.summary = cm_summary,
	.own_board = true,
	.pgn = pgn,
	.names = cm_names,
};
