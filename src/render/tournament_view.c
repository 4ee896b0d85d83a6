/* tournament_view.c: see tournament_view.h. Widths are counted in characters, not
 * bytes: a name may hold letters out of ASCII, and ½ is one column. */
#include "render/tournament_view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/game.h"
#include "render/board_html.h"
#include "util/clock.h"
#include "util/phrase.h"

#define NAME_MIN 10             /* a grid narrower than this for names is a list */

void tn_words_english(struct tn_words *w)
{
	*w = (struct tn_words){ F_("Player"), F_("Rtg"), F_("Pts"), F_("SB"), F_("Games"),
				F_("Section"), F_("Player %d") };
}

/* Characters (code points) of s. */
static int width_of(const char *s)
{
	int n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xC0) != 0x80;
	return n;
}

/* s in exactly w columns: cut with "…" when longer, padded (left or right) when shorter. */
static void cell(struct buf *out, const char *s, int w, bool right)
{
	int n = width_of(s);

	if (n > w) {
		const char *p = s;
		for (int k = 0; *p && k < w - 1; k++)
			for (p++; ((unsigned char)*p & 0xC0) == 0x80; p++)
				;
		buf_add(out, s, (size_t)(p - s));
		buf_str(out, w > 0 ? "…" : "");
		return;
	}
	for (int i = 0; right && i < w - n; i++)
		buf_str(out, " ");
	buf_str(out, s);
	for (int i = 0; !right && i < w - n; i++)
		buf_str(out, " ");
}

const char *tn_view_points(int half, bool html, char *out, size_t len)
{
	const char *h = html ? "&frac12;" : "½";

	if (half == 1)
		snprintf(out, len, "%s", h);
	else
		snprintf(out, len, "%d%s", half / 2, half % 2 ? h : "");
	return out;
}

const char *tn_view_sb(long quarters, char *out, size_t len)
{
	snprintf(out, len, "%ld.%02ld", quarters / 4, quarters % 4 * 25);
	return out;
}

const char *tn_view_rating(const struct glicko *g, char *out, size_t len)
{
	snprintf(out, len, "%.0f%s", g->rating, glicko2_provisional(g) ? "?" : "");
	return out;
}

const char *tn_view_name(const struct tn_view *v, int p, char *buf, size_t len)
{
	if (v->names && v->names[p] && v->names[p][0])
		return v->names[p];
	/* the catalogue's msgstr takes the msgid's one number (catalogue.c checks it) */
	snprintf(buf, len, v->words.entrant ? v->words.entrant : "Player %d", p + 1);
	return buf;
}

static const char *mark_text(char m, bool html)
{
	switch (m) {
	case 'h': return html ? "&frac12;" : "½";
	case '1': return "1";
	case '0': return "0";
	case '+': return "+";
	case '-': return "-";
	case '.': return ".";
	case '*': return "*";
	default: return html ? "&nbsp;" : " ";
	}
}

static void rank_text(const struct tn_row *r, char *out, size_t len)
{
	if (r->rank_lo == r->rank_hi)
		snprintf(out, len, "%d", r->rank_lo);
	else
		snprintf(out, len, "%d-%d", r->rank_lo, r->rank_hi);
}

/* The widths of a table's columns. */
struct cols {
	int rank, name, rating, cellw, points, sb, games;
	bool grid;
};

static void measure(const struct tn_view *v, const struct tn_standings *s, int width,
		    struct cols *c)
{
	const struct tn_words *w = &v->words;
	char text[32];
	int n = (int)s->n, digits = n >= 10 ? 2 : 1;

	*c = (struct cols){ .rank = 1, .rating = 0, .points = width_of(w->points),
			    .sb = width_of(w->sb), .games = width_of(w->games) };
	for (int i = 0; i < n; i++) {
		rank_text(&s->rows[i], text, sizeof text);
		c->rank = width_of(text) > c->rank ? width_of(text) : c->rank;
		tn_view_points(s->rows[i].points, false, text, sizeof text);
		c->points = width_of(text) > c->points ? width_of(text) : c->points;
		tn_view_sb(s->rows[i].sb, text, sizeof text);
		c->sb = width_of(text) > c->sb ? width_of(text) : c->sb;
	}
	if (v->ratings) {
		int wr = width_of(w->rating);
		c->rating = wr > 5 ? wr : 5;
	}
	int name = 0;
	char nb[32];
	for (int i = 0; i < n; i++)
		name = width_of(tn_view_name(v, s->rows[i].player, nb, sizeof nb)) > name ?
		       width_of(tn_view_name(v, s->rows[i].player, nb, sizeof nb)) : name;
	name = width_of(w->player) > name ? width_of(w->player) : name;
	c->cellw = v->t->terms.double_rr ? 2 : 1;
	c->cellw = c->cellw > digits ? c->cellw : digits;
	int fixed = c->rank + 1 + 1 + (c->rating ? c->rating + 1 : 0) + n * (c->cellw + 1) +
		    1 + c->points + 1 + c->sb;
	c->grid = width - fixed >= NAME_MIN;
	if (!c->grid)
		fixed = c->rank + 1 + 1 + (c->rating ? c->rating + 1 : 0) + c->games + 1 +
			3 * 4 + 1 + c->points + 1 + c->sb;
	c->name = name < width - fixed ? name : width - fixed;
	if (c->name < 4)
		c->name = 4;
}

static void heading(const struct tn_view *v, const struct tn_standings *s, const struct cols *c,
		    struct buf *out)
{
	char num[8];

	cell(out, "#", c->rank, true);
	buf_str(out, " ");
	cell(out, v->words.player, c->name, false);
	if (c->rating) {
		buf_str(out, " ");
		cell(out, v->words.rating, c->rating, false);
	}
	buf_str(out, " ");
	if (c->grid)
		for (size_t j = 0; j < s->n; j++) {
			snprintf(num, sizeof num, "%zu", j + 1);
			buf_str(out, " ");
			cell(out, num, c->cellw, false);
		}
	else {
		cell(out, v->words.games, c->games, true);
		buf_str(out, "   +   =   -");
	}
	buf_str(out, " ");
	cell(out, v->words.points, c->points, true);
	buf_str(out, " ");
	cell(out, v->words.sb, c->sb, true);
	buf_str(out, "\n");
}

static void row(const struct tn_view *v, const struct tn_standings *s, const struct cols *c,
		size_t i, struct buf *out)
{
	const struct tn_row *r = &s->rows[i];
	char text[64], marks[3], nb[32];
	int n;

	rank_text(r, text, sizeof text);
	cell(out, text, c->rank, true);
	buf_str(out, " ");
	cell(out, tn_view_name(v, r->player, nb, sizeof nb), c->name, false);
	if (c->rating) {
		buf_str(out, " ");
		cell(out, tn_view_rating(&v->ratings[r->player], text, sizeof text), c->rating, false);
	}
	buf_str(out, " ");
	if (c->grid)
		for (size_t j = 0; j < s->n; j++) {
			struct buf m = { 0 };
			tn_cell(v->t, s, i, j, marks, &n);
			for (int k = 0; k < n; k++)
				buf_str(&m, mark_text(marks[k], false));
			buf_str(out, " ");
			cell(out, m.s ? m.s : "", c->cellw, false);
			buf_free(&m);
		}
	else {
		snprintf(text, sizeof text, "%d", r->games);
		cell(out, text, c->games, true);
		buf_printf(out, " %3d %3d %3d", r->wins, r->draws, r->losses);
	}
	buf_str(out, " ");
	cell(out, tn_view_points(r->points, false, text, sizeof text), c->points, true);
	buf_str(out, " ");
	cell(out, tn_view_sb(r->sb, text, sizeof text), c->sb, true);
	buf_str(out, "\n");
}

void tn_view_table(const struct tn_view *v, int section, int width, struct buf *out)
{
	struct tn_standings s;
	struct cols c;

	if (tn_standings(v->t, section, &s) < 0) {
		out->failed = true;
		return;
	}
	measure(v, &s, width, &c);
	heading(v, &s, &c, out);
	for (size_t i = 0; i < s.n; i++)
		row(v, &s, &c, i, out);
	tn_standings_free(&s);
}

/* One result cell of the HTML table, a link to the game's page where asked. */
static void html_cell(const struct tn_view *v, const struct tn_standings *s, size_t i, size_t j,
		      struct buf *out)
{
	const struct tournament *t = v->t;
	int p = s->rows[i].player, q = s->rows[j].player, n;
	char marks[3];

	tn_cell(t, s, i, j, marks, &n);
	buf_printf(out, "<td align=\"center\" data-marks=\"%.*s\">", n, marks);
	for (int pass = 0, k = 0; i != j && pass < 2; pass++)
		for (size_t x = 0; x < t->ngames && k < n; x++) {
			const struct tn_game *g = &t->games[x];
			if (!(pass == 0 ? g->white == p && g->black == q : g->black == p && g->white == q))
				continue;
			bool link = v->links && g->game && !g->forfeit;
			if (link)
				buf_printf(out, "<a href=\"game-%d.html\">", g->game);
			buf_str(out, mark_text(marks[k++], true));
			if (link)
				buf_str(out, "</a>");
		}
	if (i == j)
		for (int k = 0; k < n; k++)
			buf_str(out, "*");
	buf_str(out, "</td>");
}

void tn_view_html_table(const struct tn_view *v, int section, struct buf *out)
{
	struct tn_standings s;
	char text[64], nb[32];

	if (tn_standings(v->t, section, &s) < 0) {
		out->failed = true;
		return;
	}
	buf_printf(out, "<table border=\"1\" cellspacing=\"0\" cellpadding=\"3\" "
		   "data-section=\"%d\" style=\"border-collapse:collapse;font-family:sans-serif;"
		   "font-size:13px\">\n<tr><th>#</th><th>", section);
	board_html_escape(v->words.player, out);
	buf_str(out, "</th>");
	if (v->ratings) {
		buf_str(out, "<th>");
		board_html_escape(v->words.rating, out);
		buf_str(out, "</th>");
	}
	for (size_t j = 0; j < s.n; j++)
		buf_printf(out, "<th>%zu</th>", j + 1);
	buf_str(out, "<th>");
	board_html_escape(v->words.points, out);
	buf_str(out, "</th><th>");
	board_html_escape(v->words.sb, out);
	buf_str(out, "</th></tr>\n");
	for (size_t i = 0; i < s.n; i++) {
		const struct tn_row *r = &s.rows[i];
		rank_text(r, text, sizeof text);
		buf_str(out, "<tr data-player=\"");
		board_html_escape(tn_view_name(v, r->player, nb, sizeof nb), out);
		buf_printf(out, "\" data-points=\"%d\" data-sb=\"%ld\"><td>%s</td><td>", r->points,
			   r->sb, text);
		board_html_escape(tn_view_name(v, r->player, nb, sizeof nb), out);
		buf_str(out, "</td>");
		if (v->ratings)
			buf_printf(out, "<td>%s</td>",
				   tn_view_rating(&v->ratings[r->player], text, sizeof text));
		for (size_t j = 0; j < s.n; j++)
			html_cell(v, &s, i, j, out);
		buf_printf(out, "<td align=\"right\">%s</td>",
			   tn_view_points(r->points, true, text, sizeof text));
		buf_printf(out, "<td align=\"right\">%s</td></tr>\n", tn_view_sb(r->sb, text, sizeof text));
	}
	buf_str(out, "</table>\n");
	tn_standings_free(&s);
}

/* The sections a mail shows: the reader's, or every one. */
static void shown(const struct tn_view *v, int *from, int *to)
{
	int n = tn_sections(v->t);

	*from = v->section > 0 && v->section <= n ? v->section : 1;
	*to = v->section > 0 && v->section <= n ? v->section : n;
}

void tn_view_context(const struct tn_view *v, struct tctx *c)
{
	const struct tournament *t = v->t;
	char event[TN_TEXT_MAX], terms[TN_TERMS_MAX + 512], when[64], nb[32];
	struct buf table = { 0 };
	int from, to, done = 0, total = 0, n = tn_sections(t);

	if (t->terms.name[0])           /* a tournament named, else its number */
		tctx_set(c, "tournament", "%s", tn_event(t, event, sizeof event));
	tctx_set(c, "tournament_id", "%d", t->id);
	tctx_set(c, "variant", "%s", v->variant ? v->variant : t->terms.variant);
	tctx_set(c, "status", "%s", tn_status_name(t->status));
	tctx_set(c, "entrants", "%zu", t->nplayers);
	if (t->terms.players)
		tctx_set(c, "players", "%d", t->terms.players);
	if (t->terms.closes) {
		clock_local(t->terms.closes, "UTC", when, sizeof when);
		tctx_set(c, "closes", "%s", when);
	}
	if (t->status == TN_OPEN || t->status == TN_PROPOSED)
		tctx_set(c, "open", "yes");
	if (t->status == TN_FINISHED)
		tctx_set(c, "final", "yes");
	tn_terms_text(&t->terms, terms, sizeof terms);
	struct buf indented = { 0 };            /* the terms as the help lists orders */
	for (const char *l = terms; *l;) {
		size_t len = strcspn(l, "\n");
		buf_printf(&indented, "%s  %.*s", l == terms ? "" : "\n", (int)len, l);
		l += len + (l[len] == '\n');
	}
	tctx_set(c, "terms", "%s", indented.s ? indented.s : "");
	buf_free(&indented);
	tctx_set(c, "points", "%s", tn_points_text(&t->terms, when, sizeof when));
	if (t->terms.rated)
		tctx_set(c, "rated", "yes");
	for (size_t i = 0; i < t->nplayers; i++) {
		struct tctx *it = tctx_item(c, "entrant_list");
		if (it)
			tctx_set(it, "line", "%s", tn_view_name(v, (int)i, nb, sizeof nb));
	}
	shown(v, &from, &to);
	for (int s = from; s <= to; s++) {
		if (n > 1)
			buf_printf(&table, "%s%s %d\n", s > from ? "\n" : "", v->words.section, s);
		tn_view_table(v, s, 78, &table);
	}
	for (size_t i = 0; i < t->ngames; i++)
		if (t->games[i].section >= from && t->games[i].section <= to) {
			total++;
			done += t->games[i].result[0] != 0;
		}
	if (table.n && table.s[table.n - 1] == '\n')      /* the template ends its line */
		table.s[--table.n] = 0;
	tctx_set(c, "crosstable", "%s", table.s ? table.s : "");
	if (t->terms.rolling && t->status == TN_OPEN)   /* the whole table, not the games in */
		total = t->terms.players * (t->terms.players - 1) / 2 * (t->terms.double_rr ? 2 : 1);
	tctx_set(c, "done", "%d", done);
	tctx_set(c, "total", "%d", total);
	if (v->game)
		tctx_set(c, "ended", "%d", v->game);
	buf_free(&table);
}

void tn_view_game(const struct game_tournament *t, struct tctx *c)
{
	if (!t->id)
		return;
	if (t->event[0])                /* a tournament named, else its number */
		tctx_set(c, "tournament", "%s", t->event);
	tctx_set(c, "tournament_id", "%d", t->id);
	tctx_set(c, "round", "%d", t->round);
	if (t->section)
		tctx_set(c, "section", "%d", t->section);
}

char *tn_view_html(const struct tn_view *v, const char *subject, const char *text)
{
	struct buf out = { 0 };
	int from, to, n = tn_sections(v->t);

	buf_str(&out, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>");
	board_html_escape(subject, &out);
	buf_str(&out, "</title></head>\n<body style=\"margin:8px\">\n");
	shown(v, &from, &to);
	for (int s = from; s <= to; s++) {
		if (n > 1) {
			buf_str(&out, "<p style=\"font-family:sans-serif\"><b>");
			board_html_escape(v->words.section, &out);
			buf_printf(&out, " %d</b></p>\n", s);
		}
		tn_view_html_table(v, s, &out);
	}
	buf_str(&out, "<pre style=\"font-family:monospace;font-size:13px\">");
	board_html_escape(text, &out);
	buf_str(&out, "</pre>\n</body></html>\n");
	return buf_take(&out);
}
