/* diagram.c: the board as text (see diagram.h).
 *
 * The grid keeps the look it always had; what the grid cannot show (squares beside it,
 * marks, pieces in hand) is listed under it in words, so diagrams of plain chess do not
 * change. Files past z ("aa") widen every column to fit their names. */
#include "render/diagram.h"
#include "render/board_html.h"
#include "game/game.h"

#include <stdio.h>
#include <string.h>

const struct diagram_shape diagram_drawn = { '+', '-', '|', '.', ':' };

/* The diagram's lines are built in place: every reply draws one or two. */
static void rule(const struct diagram_shape *sh, struct buf *out, int w, int files, int cell)
{
	char line[3] = { sh->rule, sh->rule, sh->rule };

	buf_add(out, "   ", (size_t)w);
	buf_add(out, " ", 1);
	buf_add(out, &sh->corner, 1);
	for (int f = 0; f < files; f++)
		buf_add(out, line, (size_t)cell);
	buf_add(out, &sh->rule, 1);
	buf_add(out, &sh->corner, 1);
	buf_add(out, "\n", 1);
}

static void grid(const struct diagram_shape *sh, const struct pos *p, bool black,
		 struct buf *out)
{
	const struct variant *v = p->v;
	int w = v->ranks >= 10 ? 2 : 1, cell = v->files > 26 ? 3 : 2;
	char side[2] = { ' ', sh->side };

	rule(sh, out, w, v->files, cell);
	for (int i = 0; i < v->ranks; i++) {
		int r = black ? i : v->ranks - 1 - i;
		char num[21];
		size_t n = fmt_uint(num, (unsigned)r + 1);
		buf_add(out, "   ", w > (int)n ? (size_t)w - n : 0);   /* right-aligned */
		buf_add(out, num, n);
		buf_add(out, side, 2);
		/* the squares written straight into the row's room, taken once */
		size_t row = (size_t)v->files * (size_t)cell;
		if (!buf_reserve(out, row + 3))
			return;
		char *o = out->s + out->n;
		memset(o, ' ', row);
		for (int k = 0; k < v->files; k++) {
			int f = black ? v->files - 1 - k : k;
			sq_t s = variant_square_at(v, f, r);
			/* right-aligned in its cell */
			o[k * cell + cell - 1] = s == SQ_NONE ? ' ' : p->board[s] ?
				variant_piece_char(v, p->board[s]) :
				variant_square_dark(v, s) ? sh->dark : sh->light;
		}
		o += row;
		*o++ = side[0], *o++ = side[1], *o++ = '\n';
		out->n = (size_t)(o - out->s);
		*o = 0;
	}
	rule(sh, out, w, v->files, cell);
	buf_add(out, "   ", (size_t)w);
	buf_add(out, "  ", 2);
	for (int k = 0; k < v->files; k++) {
		char fn[3];
		variant_file_name(black ? v->files - 1 - k : k, fn);
		size_t len = strlen(fn);
		buf_add(out, "   ", (size_t)cell - len);
		buf_add(out, fn, len);
	}
	buf_str(out, "\n");
}

static bool on_grid(const struct variant *v, sq_t s)
{
	return v->file_of[s] >= 0 && v->file_of[s] < v->files && v->rank_of[s] >= 0 &&
	       v->rank_of[s] < v->ranks;
}

/* "Beside the board: wp1 N, wp2 -" — every such square, empty ones too. */
static void beside(const struct pos *p, struct buf *out)
{
	const struct variant *v = p->v;
	bool any = false;

	for (sq_t s = 0; s < v->nsq; s++) {
		if (on_grid(v, s))
			continue;
		if (!any)
			buf_phrase(out, "Beside the board:");
		buf_printf(out, "%s%s %c", any ? ", " : " ", v->sq_name[s],
			   p->board[s] ? variant_piece_char(v, p->board[s]) : '-');
		any = true;
	}
	if (any)
		buf_str(out, "\n");
}

/* "Marks: N(1) on g1, n(3) on b8" */
static void marks(const struct pos *p, struct buf *out)
{
	const struct variant *v = p->v;
	bool any = false;

	if (!p->nmarked)
		return;
	for (sq_t s = 0; s < v->nsq; s++)
		if (p->board[s] && p->mark[s]) {
			if (!any)
				buf_phrase(out, "Marks:");
			buf_str(out, any ? ", " : " ");
			buf_phrase(out, "%c(%u) on %s", variant_piece_char(v, p->board[s]),
				   (unsigned)p->mark[s], v->sq_name[s]);
			any = true;
		}
	buf_str(out, "\n");
}

/* "In hand: White Q N N; Black n" */
static void hands(const struct pos *p, struct buf *out)
{
	const struct variant *v = p->v;
	bool any = false;

	for (int c = 0; c < 2; c++)
		for (int t = 0; t < v->ntypes; t++)
			any |= p->hand[c][t] != 0;
	if (!any)
		return;
	buf_phrase(out, "In hand:");
	for (int c = 0; c < 2; c++) {
		buf_str(out, c == WHITE ? " " : "; ");
		buf_str(out, side_name(c));
		bool none = true;
		for (int t = 0; t < v->ntypes; t++)
			for (int k = 0; k < p->hand[c][t]; k++, none = false)
				buf_printf(out, " %c", variant_piece_char(v, PIECE_MAKE(t, c)));
		if (none)
			buf_str(out, " -");
	}
	buf_str(out, "\n");
}

/* Under a board whose pieces are not chess's six, the key to its letters (LancerChess's
 * Q is its royal Queen, K its King, who moves as a chess queen). */
static void key(const struct variant *v, struct buf *out)
{
	if (view_chess_pieces(v))
		return;
	buf_phrase(out, "Key:");
	buf_str(out, " ");
	view_piece_key_text(v, out);
	buf_str(out, "\n");
}

void view_board_shaped(const struct diagram_shape *shape, const struct pos *p, int side,
		       struct buf *out)
{
	grid(shape, p, side == BLACK, out);
	key(p->v, out);
	beside(p, out);
	marks(p, out);
	hands(p, out);
}

void view_board(const struct pos *p, int side, struct buf *out)
{
	view_board_shaped(&diagram_drawn, p, side, out);
}
