/* standings.c: see standings.h. A forfeit counts as the result it scores, in the points
 * and in every tie-break (ICCF's crosstables count them so: a game lost by a withdrawal
 * is a loss in the table); a game not decided counts nowhere. */
#include "tournament/standings.h"

#include <stdlib.h>
#include <string.h>

/* The mark of game g for player p: '1', 'h', '0', '+', '-', or '.' if undecided. */
static char mark_of(const struct tn_game *g, int p)
{
	bool white = g->white == p;

	if (!g->result[0])
		return '.';
	if (!strcmp(g->result, "1/2-1/2"))
		return 'h';
	bool won = !strcmp(g->result, white ? "1-0" : "0-1");
	return g->forfeit ? (won ? '+' : '-') : (won ? '1' : '0');
}

int tn_points_of(const struct tournament *t, char mark)
{
	return mark == '1' || mark == '+' ? t->terms.win : mark == 'h' ? t->terms.draw :
	       mark == '0' || mark == '-' ? t->terms.loss : 0;
}

static bool in_section(const struct tournament *t, int p, int section)
{
	return t->players[p].section == section || (section == 1 && !t->players[p].section);
}

/* Points, wins and games of each row; pts[p] the points of player p, for the SB. */
static void score(const struct tournament *t, struct tn_standings *s, int *pts)
{
	for (size_t i = 0; i < t->ngames; i++) {
		const struct tn_game *g = &t->games[i];
		if (g->section != s->section && !(s->section == 1 && !g->section))
			continue;
		s->total++;
		if (!g->result[0])
			continue;
		s->done++;
		for (int c = 0; c < 2; c++) {
			int p = c ? g->black : g->white;
			char m = mark_of(g, p);
			pts[p] += tn_points_of(t, m);
		}
	}
	for (size_t r = 0; r < s->n; r++) {
		struct tn_row *row = &s->rows[r];
		row->points = pts[row->player];
		for (size_t i = 0; i < t->ngames; i++) {
			const struct tn_game *g = &t->games[i];
			if ((g->white != row->player && g->black != row->player) || !g->result[0])
				continue;
			int opp = g->white == row->player ? g->black : g->white;
			char m = mark_of(g, row->player);
			row->games++;
			row->wins += m == '1' || m == '+';
			row->draws += m == 'h';
			row->losses += m == '0' || m == '-';
			row->sb += (long)tn_points_of(t, m) * pts[opp];
		}
	}
}

static int by_score(const void *a, const void *b)
{
	const struct tn_row *x = a, *y = b;

	if (x->points != y->points)
		return y->points - x->points;
	if (x->sb != y->sb)
		return y->sb > x->sb ? 1 : -1;
	if (x->wins != y->wins)
		return y->wins - x->wins;
	if (x->de != y->de)
		return y->de - x->de;
	return x->player - y->player;
}

static bool tied(const struct tn_row *x, const struct tn_row *y, bool de)
{
	return x->points == y->points && x->sb == y->sb && x->wins == y->wins &&
	       (!de || x->de == y->de);
}

/* The direct encounter of rows[a..b) (tied on points, SB and wins): their points from
 * the games among them, when every game among them is decided (FIDE's condition that
 * all the tied have met); else -1 for each, which leaves them tied. */
static void direct_encounter(const struct tournament *t, struct tn_row *rows, size_t a,
			     size_t b)
{
	bool complete = true;

	for (size_t i = a; i < b; i++)
		rows[i].de = 0;
	for (size_t i = 0; i < t->ngames; i++) {
		const struct tn_game *g = &t->games[i];
		long w = -1, k = -1;
		for (size_t r = a; r < b; r++) {
			w = rows[r].player == g->white ? (long)r : w;
			k = rows[r].player == g->black ? (long)r : k;
		}
		if (w < 0 || k < 0)
			continue;
		if (!g->result[0]) {
			complete = false;
			continue;
		}
		rows[w].de += tn_points_of(t, mark_of(g, g->white));
		rows[k].de += tn_points_of(t, mark_of(g, g->black));
	}
	for (size_t i = a; i < b && !complete; i++)
		rows[i].de = -1;
}

int tn_standings(const struct tournament *t, int section, struct tn_standings *out)
{
	int *pts = calloc(t->nplayers ? t->nplayers : 1, sizeof *pts);

	memset(out, 0, sizeof *out);
	out->section = section;
	if (!pts || !(out->rows = calloc(t->nplayers ? t->nplayers : 1, sizeof *out->rows))) {
		free(pts);
		return -1;
	}
	for (size_t p = 0; p < t->nplayers; p++)
		if (in_section(t, (int)p, section))
			out->rows[out->n++] = (struct tn_row){ .player = (int)p, .de = -1 };
	score(t, out, pts);
	free(pts);
	qsort(out->rows, out->n, sizeof *out->rows, by_score);
	for (size_t a = 0, b; a < out->n; a = b) {
		for (b = a + 1; b < out->n && tied(&out->rows[a], &out->rows[b], false); b++)
			;
		if (b - a > 1) {
			direct_encounter(t, out->rows, a, b);
			qsort(out->rows + a, b - a, sizeof *out->rows, by_score);
		}
	}
	for (size_t a = 0, b; a < out->n; a = b) {
		for (b = a + 1; b < out->n && tied(&out->rows[a], &out->rows[b], true); b++)
			;
		for (size_t i = a; i < b; i++) {
			out->rows[i].rank_lo = (int)a + 1;
			out->rows[i].rank_hi = (int)b;
		}
	}
	return 0;
}

void tn_standings_free(struct tn_standings *s)
{
	free(s->rows);
	memset(s, 0, sizeof *s);
}

void tn_cell(const struct tournament *t, const struct tn_standings *s, size_t i, size_t j,
	     char *marks, int *n)
{
	int p = s->rows[i].player, q = s->rows[j].player;

	*n = 0;
	if (i == j) {
		marks[(*n)++] = '*';
		if (t->terms.double_rr)
			marks[(*n)++] = '*';
		return;
	}
	/* the White game first, then the Black one */
	for (int pass = 0; pass < 2; pass++)
		for (size_t k = 0; k < t->ngames && *n < 2; k++) {
			const struct tn_game *g = &t->games[k];
			if (pass == 0 ? g->white == p && g->black == q : g->black == p && g->white == q)
				marks[(*n)++] = mark_of(g, p);
		}
	for (int want = t->terms.double_rr ? 2 : 1; *n < want;)
		marks[(*n)++] = ' ';
}
