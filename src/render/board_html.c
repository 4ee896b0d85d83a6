/* board_html.c: a mail's HTML part (board_html.h): the reader's board as a table, above
 * the text part in a <pre>.
 *
 * Mail clients are harsh on HTML: webmail drops <style> and <head>, some clients drop
 * classes, Outlook ignores CSS widths on cells. So everything is inline style on a plain
 * table, cells sized by their content and an explicit width and height (given once a
 * row and once a column, on the labels), colours as
 * background-color, no images, no script. Each square carries its name and its piece in
 * data attributes, which a test reads back from the DOM a browser builds. */
#include "render/board_html.h"

#include <stdio.h>
#include <string.h>

#include "engine/notation.h"

#define LIGHT      "#f0d9b5"
#define DARK       "#b58863"
#define LIGHT_LAST "#cdd26a"
#define DARK_LAST  "#aaa23a"
#define FOREST_LABEL "#e8f0e0"  /* names on the forest green around a whole board */
/* The grid's size and centring, said once a row and once a column (label_in says how) */
#define ROW "<tr align=\"center\">"
#define RANK_SIZE " height=\"40\""
#define FILE_SIZE " width=\"40\""

/* The figurine of an orthodox piece (White's, Black's) as an HTML character reference,
 * by the letter orthodox chess gives it: plain ASCII survives every transfer encoding. */
static const char *figurine(char letter, int colour)
{
	static const struct { char letter; const char *white, *black; } f[] = {
		{ 'K', "&#9812;", "&#9818;" }, { 'Q', "&#9813;", "&#9819;" }, { 'R', "&#9814;", "&#9820;" },
		{ 'B', "&#9815;", "&#9821;" }, { 'N', "&#9816;", "&#9822;" }, { 'P', "&#9817;", "&#9823;" },
	};

	for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
		if (f[i].letter == letter)
			return colour == WHITE ? f[i].white : f[i].black;
	return NULL;
}

const char *board_html_figurine(char letter, int colour)
{
	return figurine(letter, colour);
}

bool view_chess_pieces(const struct variant *v)
{
	static const struct { char letter; const char *name; } orthodox[] = {
		{ 'K', "King" }, { 'Q', "Queen" }, { 'R', "Rook" }, { 'B', "Bishop" },
		{ 'N', "Knight" }, { 'P', "Pawn" },
	};

	for (int t = 0; t < v->ntypes; t++) {
		bool known = false;
		for (size_t i = 0; i < sizeof orthodox / sizeof orthodox[0]; i++)
			known |= v->type[t].letter == orthodox[i].letter &&
				 !strcmp(v->type[t].name, orthodox[i].name);
		if (!known)
			return false;
	}
	return true;
}

void board_html_escape(const char *s, struct buf *out)
{
	while (*s) {
		size_t run = strcspn(s, "<>&\"");     /* copied as it is, in one piece */
		buf_add(out, s, run);
		s += run;
		switch (*s) {
		case '<': buf_str(out, "&lt;"); break;
		case '>': buf_str(out, "&gt;"); break;
		case '&': buf_str(out, "&amp;"); break;
		case '"': buf_str(out, "&quot;"); break;
		default: return;
		}
		s++;
	}
}

/* One square: its colour as an HTML attribute, which every mail client keeps (its size
 * is its row's and its column's, the table's style gives the pieces' size); its name and
 * piece for a DOM reader; `bg` (NULL: the grid's light or dark) and the piece's mark as
 * the kind writes it (NULL or "": none), which also goes in data-mark. */
/* The bytes of a square's markup but its name's, its colour's and its mark's. */
#define CELL_MAX 160
/* A literal at o, which moves past it. */
#define PUT(lit) (memcpy(o, lit, sizeof lit - 1), o += sizeof lit - 1)

/* s at o (a name, a colour, a figurine: a few bytes), which moves past it. */
static char *put(char *o, const char *s)
{
	while (*s)
		*o++ = *s++;
	return o;
}

static void cell(const struct pos *p, sq_t s, bool figurines, bool last, const char *bg,
		 const char *mark, bool sized, struct buf *out)
{
	const struct variant *v = p->v;
	piece_t pc = p->board[s];
	bool dark = variant_square_dark(v, s);
	char letter = pc ? variant_piece_char(v, pc) : 0;
	const char *fig = pc && figurines ? figurine((char)(letter & ~0x20), PIECE_COLOR(pc)) : NULL;
	const char *name = variant_square_name(v, s), *colour = bg && !last ? bg :
			   dark ? (last ? DARK_LAST : DARK) : (last ? LIGHT_LAST : LIGHT);
	bool marked = pc && mark && *mark;

	/* written straight into the room taken once: 64 squares a board, two boards a mail,
	 * each a dozen pieces */
	size_t need = CELL_MAX + strlen(name) + strlen(colour);
	if ((out->failed || out->n + need >= out->cap) && !buf_reserve(out, need))
		return;
	char *o = out->s + out->n;
	PUT("<td data-sq=\"");
	o = put(o, name);
	PUT("\" data-pc=\"");
	*o++ = pc ? letter : '-';
	if (last)
		PUT("\" data-last=\"1");
	if (marked) {
		out->n = (size_t)(o - out->s);
		buf_str(out, "\" data-mark=\"");
		board_html_escape(mark, out);
		if (!buf_reserve(out, CELL_MAX + strlen(colour)))
			return;
		o = out->s + out->n;
	}
	PUT("\" bgcolor=\"");
	o = put(o, colour);
	if (sized)
		PUT("\"" FILE_SIZE ">");
	else
		PUT("\">");
	if (fig) {
		o = put(o, fig);
	} else if (pc) {        /* a letter: White's white on a dark outline, Black's black */
		if (PIECE_COLOR(pc) == WHITE)
			PUT("<b style=\"font-size:22px;color:#ffffff;text-shadow:0 0 2px #000,0 0 2px #000\">");
		else
			PUT("<b style=\"font-size:22px\">");
		*o++ = letter;
		PUT("</b>");
	}
	out->n = (size_t)(o - out->s);
	out->s[out->n] = 0;
	if (marked) {
		buf_str(out, "<sub style=\"font-size:11px\">");
		board_html_escape(mark, out);
		buf_str(out, "</sub>");
	}
	buf_add(out, "</td>\n", 6);   /* a cell a line: the mail's lines stay short */
}

static void square(const struct pos *p, sq_t s, bool figurines, bool last, bool sized,
		   struct buf *out)
{
	cell(p, s, figurines, last, NULL, NULL, sized, out);
}

/* A place off the board, in a row of squares. */
static void hole(bool sized, struct buf *out)
{
	if (sized)
		buf_str(out, "<td" FILE_SIZE "></td>");
	else
		buf_str(out, "<td></td>");
}

/* A rank's or a file's name. The grid's size is said once where it holds for a whole
 * row or column: a height of 40 on a rank's name (`size`, "" none), a width of 40 on the
 * first row's squares (not on the files' names, whose padding a width would not hold),
 * as the centring on the row (<tr align>); not on each square, which took a third of a
 * mail's bytes. A table cell takes its row's height and its column's width in every
 * client. */
static void label_in(const char *text, const char *colour, const char *size, struct buf *out)
{
	buf_str(out, "<td");
	buf_str(out, size);
	buf_str(out, " style=\"padding:0 4px;font:12px monospace;color:");
	buf_str(out, colour);
	buf_str(out, "\">");
	buf_str(out, text);
	buf_str(out, "</td>");
}


static void label(const char *text, const char *size, struct buf *out)
{
	label_in(text, "#555555", size, out);
}

void board_html(const struct pos *p, int side, sq_t from, sq_t to, struct buf *out)
{
	const struct variant *v = p->v;
	bool black = side == BLACK, figurines = view_chess_pieces(v);

	buf_str(out, "<table role=\"presentation\" data-board=\"1\" cellspacing=\"0\" "
		"cellpadding=\"0\" style=\"border-collapse:collapse;border:2px solid #333333;"
		"font-size:32px;font-family:'DejaVu Sans','Segoe UI Symbol','Arial Unicode MS',"
		"sans-serif\">\n");
	for (int i = 0; i < v->ranks; i++) {
		int r = black ? i : v->ranks - 1 - i;
		char n[21];
		fmt_uint(n, (unsigned)r + 1);
		bool sized = i == 0;
		buf_str(out, ROW);
		label(n, RANK_SIZE, out);
		for (int k = 0; k < v->files; k++) {
			int f = black ? v->files - 1 - k : k;
			sq_t s = variant_square_at(v, f, r);
			if (s == SQ_NONE)
				hole(sized, out);
			else
				square(p, s, figurines, s == from || s == to, sized, out);
		}
		buf_str(out, "</tr>\n");
	}
	buf_str(out, ROW);
	label("", "", out);
	for (int k = 0; k < v->files; k++) {
		char fn[3];
		variant_file_name(black ? v->files - 1 - k : k, fn);
		label(fn, "", out);
	}
	buf_str(out, "</tr>\n</table>\n");
}

void view_piece_key_text(const struct variant *v, struct buf *out)
{
	for (int t = 0; t < v->ntypes; t++) {
		char name[64];
		buf_printf(out, "%s%c = ", t ? ", " : "", v->type[t].letter);
		buf_str(out, phrase_word(name, sizeof name, NULL, v->type[t].name));
	}
}

void view_piece_key(const struct variant *v, const struct phrase_lang *l, struct buf *out)
{
	struct buf key = { 0 }, said = { 0 };

	view_piece_key_text(v, &key);
	phrase_render(&said, key.s ? key.s : "", l);
	board_html_escape(said.s ? said.s : "", out);
	buf_free(&key);
	buf_free(&said);
}

sq_t board_html_place_at(const struct variant *v, int f, int r)
{
	for (sq_t s = 0; s < v->nsq; s++)
		if (v->file_of[s] == f && v->rank_of[s] == r)
			return s;
	return SQ_NONE;
}

void board_html_bounds(const struct variant *v, int *f0, int *f1, int *r0, int *r1)
{
	*f0 = 0, *f1 = v->files - 1, *r0 = 0, *r1 = v->ranks - 1;
	for (sq_t s = 0; s < v->nsq; s++) {
		*f0 = v->file_of[s] < *f0 ? v->file_of[s] : *f0;
		*f1 = v->file_of[s] > *f1 ? v->file_of[s] : *f1;
		*r0 = v->rank_of[s] < *r0 ? v->rank_of[s] : *r0;
		*r1 = v->rank_of[s] > *r1 ? v->rank_of[s] : *r1;
	}
}

void board_html_whole(const struct pos *p, int side, sq_t from, sq_t to,
		      const struct board_look *look, struct buf *out)
{
	const struct variant *v = p->v;
	int f0, f1, r0, r1;
	bool black = side == BLACK;

	board_html_bounds(v, &f0, &f1, &r0, &r1);
	buf_str(out, "<table role=\"presentation\" data-board=\"1\" data-whole=\"1\" "
		"cellspacing=\"0\" cellpadding=\"0\" style=\"border-collapse:collapse;border:2px "
		"solid #2e5e3e;background-color:#3f7f4f;font-size:32px;font-family:'DejaVu Sans',"
		"'Segoe UI Symbol','Arial Unicode MS',sans-serif\">\n");
	for (int i = 0; i <= r1 - r0; i++) {
		int r = black ? r0 + i : r1 - i;
		char name[16];
		look->row_label(v, r, name, sizeof name);
		bool sized = i == 0;
		buf_str(out, ROW);
		label_in(name, FOREST_LABEL, RANK_SIZE, out);
		for (int k = 0; k <= f1 - f0; k++) {
			int f = black ? f1 - k : f0 + k;
			sq_t s = board_html_place_at(v, f, r);
			char mark[8] = "";
			if (s == SQ_NONE) {
				hole(sized, out);
				continue;
			}
			if (p->board[s] && p->mark[s])
				look->mark(p, s, mark, sizeof mark);
			cell(p, s, false, s == from || s == to, look->colour(v, s), mark, sized, out);
		}
		buf_str(out, "</tr>\n");
	}
	buf_str(out, ROW);
	label_in("", FOREST_LABEL, "", out);
	for (int k = 0; k <= f1 - f0; k++) {
		char fn[16];
		look->file_label(v, black ? f1 - k : f0 + k, fn, sizeof fn);
		label_in(fn, FOREST_LABEL, "", out);
	}
	buf_str(out, "</tr>\n</table>\n");
}
