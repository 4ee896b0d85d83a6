/* test_tournament_view.c: a tournament's crosstable as the mails write it
 * (render/tournament_view.c): the grid while it fits 78 columns, names shortened to fit,
 * the standings as a list past that, ½ one column wide, the HTML table's data. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "render/tournament_view.h"
#include "util/buf.h"

/* Characters (not bytes) of the longest line. */
static int widest(const char *s)
{
	int w = 0, n = 0;

	for (; *s; s++) {
		if (*s == '\n') {
			w = n > w ? n : w;
			n = 0;
		} else if (((unsigned char)*s & 0xC0) != 0x80)
			n++;
	}
	return n > w ? n : w;
}

static struct tournament *played(int n, bool twice, const char *name_pattern)
{
	struct tournament *t = tn_new();
	char why[128], addr[128];

	t->id = 5;
	t->status = TN_OPEN;
	t->terms.double_rr = twice;
	snprintf(t->terms.variant, sizeof t->terms.variant, "chess");
	for (int i = 0; i < n; i++) {
		snprintf(addr, sizeof addr, name_pattern, i + 1);
		tn_join(t, addr, "", "now", why, sizeof why);
	}
	tn_close(t, NULL);
	for (size_t i = 0; i < t->ngames; i++) {
		tn_started(t, i, (int)i + 1);
		if (i % 3 != 2)         /* two of three decided: wins, draws */
			tn_result(t, (int)i + 1, i % 5 == 0 ? "1/2-1/2" : i % 2 ? "1-0" : "0-1",
				  false, false);
	}
	return t;
}

/* The entrants named by their addresses, as the game master's `tournament show` names
 * them (names: room for the tournament's entrants). */
static void view(const struct tournament *t, struct tn_view *v, const char **names)
{
	for (size_t i = 0; i < t->nplayers; i++)
		names[i] = t->players[i].address;
	*v = (struct tn_view){ .t = t, .variant = "Chess", .names = names };
	tn_words_english(&v->words);
}

int main(void)
{
	struct tn_view v;
	struct buf b = { 0 };
	const char *names[32];

	/* seven: the grid, a row a player, the heading first */
	struct tournament *t = played(7, false, "p%d@example.org");
	view(t, &v, names);
	tn_view_table(&v, 1, 78, &b);
	CHECK_HAS(b.s, "# Player");
	CHECK_HAS(b.s, " Pts ");
	CHECK(widest(b.s) <= 78);
	int lines = 0;
	for (const char *p = b.s; (p = strchr(p, '\n')); p++)
		lines++;
	CHECK_INT(lines, 8);
	buf_free(&b);
	tn_free(t);

	/* thirteen twice over, with long addresses: still a grid, the names cut with … */
	t = played(13, true, "a-rather-long-local-part-%d@correspondence.example.org");
	view(t, &v, names);
	tn_view_table(&v, 1, 78, &b);
	CHECK(widest(b.s) <= 78);
	CHECK_HAS(b.s, "…");
	CHECK_HAS(b.s, " 13 ");
	CHECK(strstr(b.s, "   +   =   -") == NULL);
	buf_free(&b);
	tn_free(t);

	/* twenty: no grid fits, the standings as a list */
	t = played(20, false, "p%d@example.org");
	view(t, &v, names);
	tn_view_table(&v, 1, 78, &b);
	CHECK(widest(b.s) <= 78);
	CHECK_HAS(b.s, "Games   +   =   -");
	CHECK_HAS(b.s, "p1@example.org");
	buf_free(&b);
	/* without names (no name chosen, no address made public): each by their number */
	v.names = NULL;
	tn_view_table(&v, 1, 78, &b);
	CHECK_HAS(b.s, "Player 1 ");
	CHECK_HAS(b.s, "Player 20 ");
	CHECK(strstr(b.s, "@example.org") == NULL);
	buf_free(&b);
	v.names = names;
	/* the HTML table: a row a player, its points and SB as data */
	tn_view_html_table(&v, 1, &b);
	int rows = 0;
	for (const char *p = b.s; (p = strstr(p, "data-player=")); p++)
		rows++;
	CHECK_INT(rows, 20);
	CHECK_HAS(b.s, "&frac12;");
	buf_free(&b);
	tn_free(t);

	char text[16];
	CHECK_STR(tn_view_points(7, false, text, sizeof text), "3½");
	CHECK_STR(tn_view_points(1, false, text, sizeof text), "½");
	CHECK_STR(tn_view_points(8, false, text, sizeof text), "4");
	CHECK_STR(tn_view_sb(49, text, sizeof text), "12.25");
	struct glicko g = { 1623.4, 80, 0.06 }, p = { 1500, 350, 0.06 };
	CHECK_STR(tn_view_rating(&g, text, sizeof text), "1623");
	CHECK_STR(tn_view_rating(&p, text, sizeof text), "1500?");
	return check_done();
}
