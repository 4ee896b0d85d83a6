/* tigerchess_board_view.c: the whole Emerald Kingdom of a TigerChess game, as text and as
 * HTML: the Chessfield and, around it, the places rules/tigerchess.json lays out beside
 * the grid (the Strongholds with their lettered Knights, the Palace wings, the Palace
 * centre, the Watchtowers, the Borderposts and the Forest Clearings), each piece with the
 * mark it bears (a Knight's or a Pikeman's letter, a Swordsman's or an Archer's numeral),
 * and in each Forest Clearing the opposing personnel its army captured (rule 7). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kinds/tigerchess/tigerchess_view.h"
#include "render/board_html.h"
#include "util/buf.h"

#define CELL 5                  /* a place's width in the text: "  siv" */

enum place {
	TC_NOWHERE, TC_FIELD, TC_STRONGHOLD, TC_WING, TC_PALACE, TC_WATCHTOWER, TC_CLEARING,
	TC_SWORDSMEN, TC_ARCHERS,
};

/* What a square is, by its name in rules/tigerchess.json ("bka", "c0", "spt", "ss1"). */
static enum place place_of(const struct variant *v, sq_t s)
{
	const char *n = v->sq_name[s];
	size_t len = strlen(n);

	if (v->file_of[s] >= 0 && v->file_of[s] < v->files && v->rank_of[s] >= 0 &&
	    v->rank_of[s] < v->ranks)
		return TC_FIELD;
	if (n[0] >= 'c' && n[0] <= 'f' && n[1] >= '0' && n[1] <= '9')
		return TC_WING;
	if ((n[0] != 'b' && n[0] != 's') || len < 2)
		return TC_NOWHERE;
	if (n[1] == 'k' && len == 3)
		return TC_STRONGHOLD;
	if (!strcmp(n + 1, "pt"))
		return TC_PALACE;
	if (!strcmp(n + 1, "w"))
		return TC_WATCHTOWER;
	if (!strcmp(n + 1, "fc"))
		return TC_CLEARING;
	return n[1] == 's' ? TC_SWORDSMEN : n[1] == 'a' ? TC_ARCHERS : TC_NOWHERE;
}

/* The mark as the seed writes it on the piece: Knights and Pikemen bear the letters A to
 * H, Swordsmen and Archers the numerals i to iv. */
static void mark_text(const struct pos *p, sq_t s, char *out, size_t len)
{
	static const char *const roman[] = { "", "i", "ii", "iii", "iv" };
	char letter = (char)(variant_piece_char(p->v, p->board[s]) & ~0x20);
	unsigned m = p->mark[s];

	if ((letter == 'N' || letter == 'P') && m >= 1 && m <= 8)
		snprintf(out, len, "%c", 'A' + m - 1);
	else if ((letter == 'S' || letter == 'A') && m >= 1 && m <= 4)
		snprintf(out, len, "%s", roman[m]);
	else
		snprintf(out, len, m ? "%u" : "", m);
}

/* A piece of side c, type t and mark m as the text shows it: "NA", "siv", "Q". */
static void piece_text(const struct variant *v, piece_t pc, const char *mark, char *out,
		       size_t len)
{
	snprintf(out, len, "%c%s", variant_piece_char(v, pc), mark);
}

static void row_label(const struct variant *v, int r, char *out, size_t len)
{
	static const char *const beyond[] = { "Str", "Wng", "Pal" };
	int k = r < 0 ? -r - 1 : r - v->ranks;

	if (r >= 0 && r < v->ranks)
		snprintf(out, len, "%d", r + 1);
	else
		snprintf(out, len, "%s", k >= 0 && k < 3 ? beyond[k] : "");
}

static void file_label(const struct variant *v, int f, char *out, size_t len)
{
	if (f >= 0 && f < v->files)
		variant_file_name(f, out);
	else
		snprintf(out, len, "%s", f == -1 || f == v->files ? "Sw" : "Ar");
}

/* The forest greens of rule 5 for the places, the grid's own colours on the Chessfield. */
static const char *colour(const struct variant *v, sq_t s)
{
	switch (place_of(v, s)) {
	case TC_STRONGHOLD: return "#8fb996";
	case TC_WING: return "#d8c77a";
	case TC_PALACE: return "#c9b458";
	case TC_WATCHTOWER: return "#a7b8a0";
	case TC_CLEARING: return "#6f9f6f";
	case TC_SWORDSMEN: case TC_ARCHERS: return "#a9c98f";
	default: return NULL;
	}
}

const struct board_look tc_look = {
	.colour = colour, .row_label = row_label, .file_label = file_label, .mark = mark_text,
};

/* One row of the text diagram. */
static void text_row(const struct pos *p, int r, int f0, int f1, bool black, struct buf *out)
{
	const struct variant *v = p->v;
	char name[8], text[16], mark[8];

	row_label(v, r, name, sizeof name);
	buf_printf(out, "%3s ", name);
	for (int k = 0; k <= f1 - f0; k++) {
		sq_t s = board_html_place_at(v, black ? f1 - k : f0 + k, r);
		if (s == SQ_NONE)
			snprintf(text, sizeof text, "%s", "");
		else if (p->board[s]) {
			mark_text(p, s, mark, sizeof mark);
			piece_text(v, p->board[s], mark, text, sizeof text);
		} else
			snprintf(text, sizeof text, "%c", place_of(v, s) != TC_FIELD ? '-' :
				 variant_square_dark(v, s) ? ':' : '.');
		buf_printf(out, "%*s", CELL, text);
	}
	while (out->n && out->s[out->n - 1] == ' ')
		out->s[--out->n] = 0;
	buf_str(out, "\n");
}

/* Each piece code with its mark, counted: what stands in the start position and not now
 * was captured (exchanges swap places, the Standard only changes hands: the King's Lancer
 * and the Standard Bearer count as one). */
static int counted(const struct variant *v, piece_t pc)
{
	int e = variant_type_by_letter(v, 'E'), l = variant_type_by_letter(v, 'L');

	return e >= 0 && l >= 0 && (int)PIECE_TYPE(pc) == e ? PIECE_MAKE(l, PIECE_COLOR(pc)) : pc;
}

static int how_many(const struct pos *p, piece_t key, uint8_t mark)
{
	int n = 0;

	for (sq_t t = 0; t < p->v->nsq; t++)
		n += p->board[t] && counted(p->v, p->board[t]) == key && p->mark[t] == mark;
	return n;
}

/* The captured personnel of side c, by rule 7 in the opposing Forest Clearing. */
static void captured(const struct pos *p, const struct pos *start, int c, struct buf *out)
{
	const struct variant *v = p->v;
	int n = 0;

	for (sq_t s = 0; s < v->nsq; s++) {
		piece_t pc = start->board[s];
		bool seen = false;
		if (!pc || (int)PIECE_COLOR(pc) != c)
			continue;
		for (sq_t t = 0; t < s && !seen; t++)   /* each kind of piece once */
			seen = start->board[t] && counted(v, start->board[t]) == counted(v, pc) &&
			       start->mark[t] == start->mark[s];
		if (seen)
			continue;
		int lost = how_many(start, counted(v, pc), start->mark[s]) -
			   how_many(p, counted(v, pc), start->mark[s]);
		char mark[8], text[16];
		mark_text(start, s, mark, sizeof mark);
		piece_text(v, pc, mark, text, sizeof text);
		for (int k = 0; k < lost; k++, n++)
			buf_printf(out, " %s", text);
	}
	if (!n)
		buf_str(out, " none");
}

/* The Forest Clearings' captured personnel: "Bengal Forest Clearing (captured): pC siii". */
static void clearings(const struct pos *p, int c, struct buf *out)
{
	struct pos *start = malloc(sizeof *start);
	struct err e = { 0 };

	if (!start || pos_start(start, p->v, &e) < 0) {
		free(start);
		return;
	}
	buf_printf(out, "%s Forest Clearing, captured (rule 7):", c == WHITE ? "Bengal" : "Siberian");
	captured(p, start, 1 - c, out);
	buf_str(out, "\n");
	free(start);
}

/* The legend of the places, under the text diagram. */
static const char legend[] =
	"Str: the Strongholds, where the Knights A-H wait; Wng: the Palace wings C-F;\n"
	"Pal: the Forest Clearing (file a), the Palace (d), the Watchtower (h); Sw, Ar:\n"
	"the Borderposts of the Swordsmen and the Archers i-iv; - an empty place.\n";

void tc_board_text(const struct pos *p, int side, struct buf *out)
{
	const struct variant *v = p->v;
	int f0, f1, r0, r1;
	bool black = side == BLACK;
	char name[8];

	board_html_bounds(v, &f0, &f1, &r0, &r1);
	clearings(p, black ? WHITE : BLACK, out);
	for (int i = 0; i <= r1 - r0; i++)
		text_row(p, black ? r0 + i : r1 - i, f0, f1, black, out);
	buf_str(out, "    ");
	for (int k = 0; k <= f1 - f0; k++) {
		file_label(v, black ? f1 - k : f0 + k, name, sizeof name);
		buf_printf(out, "%*s", CELL, name);
	}
	buf_str(out, "\n");
	clearings(p, black ? BLACK : WHITE, out);
	buf_str(out, legend);
	buf_str(out, "Key (Bengal in capitals, Siberian in small letters): ");
	view_piece_key(v, out);
	buf_str(out, "\n");
}

void tc_board_html(const struct pos *p, int side, sq_t from, sq_t to, struct buf *out)
{
	struct buf text = { 0 };

	for (int k = 0; k < 2; k++) {
		int c = (side == BLACK) == (k == 0) ? WHITE : BLACK;   /* the far army's first */
		clearings(p, c, &text);
		buf_printf(out, "<p data-clearing=\"%s\" style=\"margin:4px 0;font:13px sans-serif\">",
			   c == WHITE ? "bengal" : "siberian");
		while (text.n && text.s[text.n - 1] == '\n')
			text.s[--text.n] = 0;
		board_html_escape(text.s ? text.s : "", out);
		buf_str(out, "</p>\n");
		text.n = 0;
		if (k == 0)
			board_html_whole(p, side, from, to, &tc_look, out);
	}
	buf_free(&text);
}

/* What a deployment entry posted, in the seed's abbreviations as the record writes them
 * ("SG to the E wing", "BS i b3, BS ii a3"): the Guards and Swordsmen that stand on the
 * Chessfield or a wing after it and did not before, the Swordsmen by their numerals. */
void tc_step_words(const struct pos *before, const struct pos *after, char *out, size_t len)
{
	static const char *const roman[] = { "", "i", "ii", "iii", "iv" };
	const struct variant *v = after->v;
	size_t at = 0;

	out[0] = 0;
	for (unsigned m = 0; m <= 4; m++)       /* the Guard (no mark), then by numeral */
		for (sq_t s = 0; s < v->nsq && at < len; s++) {
			piece_t pc = after->board[s];
			char letter = pc ? (char)(variant_piece_char(v, pc) & ~0x20) : 0;
			char army = pc && PIECE_COLOR(pc) == WHITE ? 'B' : 'S';
			enum place where = place_of(v, s);
			if (!pc || before->board[s] == pc || (where != TC_FIELD && where != TC_WING))
				continue;
			if (letter == 'G' && m == 0)
				at += (size_t)snprintf(out + at, len - at, "%s%cG to the %c wing",
						       at ? ", " : "", army, v->sq_name[s][0] & ~0x20);
			else if (letter == 'S' && m && after->mark[s] == m)
				at += (size_t)snprintf(out + at, len - at, "%s%cS %s %s", at ? ", " : "",
						       army, roman[m], v->sq_name[s]);
		}
}
