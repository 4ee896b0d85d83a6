/* archive_tournament.c: a tournament's page of the public archive (archive.h): its
 * facts and terms, the crosstable of each section as the mails' HTML part draws it, each
 * result a link to its game's page, and its games by round. */
#include <stdio.h>
#include <string.h>

#include "render/archive.h"
#include "render/board_html.h"
#include "render/tournament_view.h"
#include "tournament/tournament.h"

void archive_tournament_name(int id, char *out, size_t len)
{
	snprintf(out, len, "tournament-%d.html", id);
}

static void games_by_round(const struct tn_view *v, struct buf *out)
{
	const struct tournament *t = v->t;
	char nb[32];
	int last = 0;

	for (size_t i = 0; i < t->ngames; i++)
		last = t->games[i].round > last ? t->games[i].round : last;
	buf_str(out, "<h2>Games</h2>\n<table class=games>\n<tr><th>Round</th><th>Section</th>"
		"<th>White</th><th>Black</th><th>Result</th><th>Game</th></tr>\n");
	for (int r = 1; r <= last; r++)
		for (size_t i = 0; i < t->ngames; i++) {
			const struct tn_game *g = &t->games[i];
			if (g->round != r)
				continue;
			buf_printf(out, "<tr><td class=n>%d</td><td class=n>%d</td><td>", r, g->section);
			board_html_escape(tn_view_name(v, g->white, nb, sizeof nb), out);
			buf_str(out, "</td><td>");
			board_html_escape(tn_view_name(v, g->black, nb, sizeof nb), out);
			buf_printf(out, "</td><td>%s%s</td>", g->result[0] ? g->result :
				   g->game ? "in play" : "not begun", g->forfeit ? " (forfeit)" : "");
			if (g->game && !g->forfeit)
				buf_printf(out, "<td class=n><a href=\"game-%d.html\">%d</a></td></tr>\n",
					   g->game, g->game);
			else
				buf_str(out, "<td></td></tr>\n");
		}
	buf_str(out, "</table>\n");
}

void archive_tournament_page(const struct tournament *t, const char *variant,
			     const char *const *names, struct buf *out)
{
	struct tn_view v = { .t = t, .variant = variant, .links = true, .names = names };
	char event[TN_TEXT_MAX], points[16];
	int sections = tn_sections(t);

	tn_words_english(&v.words);
	tn_event(t, event, sizeof event);
	buf_str(out, "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8>\n"
		"<meta name=viewport content=\"width=device-width, initial-scale=1\">\n<title>");
	board_html_escape(event, out);
	buf_str(out, "</title>\n<link rel=stylesheet href=archive.css></head>\n<body>\n"
		"<p class=nav><a href=\"index.html\">All games</a></p>\n<h1>");
	buf_printf(out, "Tournament %d: ", t->id);
	board_html_escape(event, out);
	buf_str(out, "</h1>\n<table class=facts>\n<tr><th>Game</th><td>");
	board_html_escape(variant, out);
	buf_printf(out, ", all-play-all%s</td></tr>\n<tr><th>Status</th><td>%s</td></tr>\n"
		   "<tr><th>Entrants</th><td>%zu</td></tr>\n<tr><th>Points</th><td>", 
		   t->terms.double_rr ? " (double)" : "", tn_status_name(t->status), t->nplayers);
	board_html_escape(tn_points_text(&t->terms, points, sizeof points), out);
	buf_str(out, "</td></tr>\n</table>\n<p>Ties are broken by Sonneborn-Berger (SB), then "
		"the number of wins, then the games between the tied players; + and - are games "
		"decided without play. Each result links to its game.</p>\n");
	for (int s = 1; s <= sections && t->nplayers; s++) {
		if (sections > 1)
			buf_printf(out, "<h2>Section %d</h2>\n", s);
		tn_view_html_table(&v, s, out);
	}
	games_by_round(&v, out);
	buf_str(out, "</body></html>\n");
}
