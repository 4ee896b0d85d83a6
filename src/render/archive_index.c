/* archive_index.c: the public archive's index of games and its style sheet (archive.h),
 * and the entry a game gives the index. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/kind.h"
#include "render/archive.h"
#include "render/board_html.h"
#include "render/view.h"

const char archive_css[] =
	"body{font-family:'DejaVu Sans',sans-serif;margin:1em auto;max-width:60em;padding:0 1em;"
	"color:#222;background:#fff}\n"
	"h1{font-size:1.5em}h2{font-size:1.2em;margin-top:1.5em}h3{font-size:1em}\n"
	"table.games{border-collapse:collapse;width:100%}\n"
	"table.games th,table.games td{border-bottom:1px solid #ccc;padding:.3em .5em;text-align:left}\n"
	"table.games td.n{text-align:right}\n"
	"table.games td{overflow-wrap:anywhere}\n"
	/* a phone's narrow screen (390 pixels): each game a block of labelled lines, not a
	 * row wider than the screen */
	"@media (max-width:40em){table.games tr.head{display:none}"
	"table.games,table.games tbody,table.games tr,table.games td{display:block}"
	"table.games tr{border-bottom:1px solid #ccc;padding:.3em 0}"
	"table.games td,table.games td.n{border:0;padding:.1em .5em;text-align:left}"
	"table.games td::before{content:attr(data-label) \": \";color:#555}}\n"
	"table.facts th{text-align:left;padding-right:1em;font-weight:normal;color:#555}\n"
	".moves{line-height:1.8}.moves a{text-decoration:none;padding:0 .15em}\n"
	".moves a:hover{background:#cdd26a}\n"
	".step{display:none;margin:1em 0;padding:.5em;border:1px solid #ccc}\n"
	".step:target{display:block}\n"
	"table.bd{border-collapse:collapse;border:2px solid #333;font-size:26px;"
	"font-family:'DejaVu Sans','Segoe UI Symbol',sans-serif}\n"
	"table.bd td{width:32px;height:32px;text-align:center;padding:0}\n"
	"table.bd th{font:12px monospace;color:#555;padding:0 4px}\n"
	"td.l{background:#f0d9b5}td.d{background:#b58863}td.l.m{background:#cdd26a}"
	"td.d.m{background:#aaa23a}\n"
	"table.bd b{font-size:20px}table.bd b.w{color:#fff;text-shadow:0 0 2px #000,0 0 2px #000}\n"
	"table.bd sub{font-size:11px}table.whole{background:#3f7f4f}table.whole th{color:#e8f0e0}\n"
	".nav a{margin-right:1em}\n"
	"pre.account{background:#f6f6f6;padding:.5em;overflow-x:auto;font-size:13px}\n";

void archive_entry_of(const struct game *g, struct archive_entry *out)
{
	memset(out, 0, sizeof *out);
	out->id = g->id;
	snprintf(out->kind, sizeof out->kind, "%s", g->v ? g->v->title : g->variant);
	/* as the public names them; a side named for want of a name, in English */
	for (int c = 0; c < 2; c++) {
		char named[sizeof out->white];
		view_side_names(g, c, -1, named, sizeof named);
		phrase_english(named, c ? out->black : out->white, sizeof out->white);
	}
	snprintf(out->created, sizeof out->created, "%s", g->created);
	snprintf(out->updated, sizeof out->updated, "%s", g->updated);
	out->plies = game_moves_made(g);
	out->tournament = g->tournament.id;
	out->round = g->tournament.round;
	if (g->status == GAME_OVER || g->status == GAME_DECLINED) {
		char res[64];
		/* a kind that scores beside the result (Perplexichess) says it its way */
		const char *r = g->status == GAME_OVER && kind_of(g)->result_text ?
				kind_of(g)->result_text(g, res, sizeof res) : g->result;
		char said[160];
		/* the archive is everyone's: in English */
		phrase_printf(said, sizeof said, "%s (%s)", r, g->termination);
		phrase_english(said, out->result, sizeof out->result);
	} else if (g->status == GAME_PLAYING && g->nboards == 1 && game_phase(g) == PHASE_PLAY) {
		snprintf(out->result, sizeof out->result, "in play, %s to move",
			 game_side_name(g, game_pos(g)->side));
	} else if (g->status == GAME_PLAYING && game_phase(g) == PHASE_PLAY) {
		int won[2] = { 0, 0 }, open = 0;        /* several boards: how they stand */
		for (int b = 0; b < g->nboards; b++) {
			open += !strcmp(g->board[b].result, "*");
			won[WHITE] += !strcmp(g->board[b].result, "1-0");
			won[BLACK] += !strcmp(g->board[b].result, "0-1");
		}
		snprintf(out->result, sizeof out->result, "in play on %d of %d boards, boards won "
			 "%d-%d", open, g->nboards, won[WHITE], won[BLACK]);
	} else {
		snprintf(out->result, sizeof out->result, "%s", game_phase(g) == PHASE_SETUP ||
			 game_phase(g) == PHASE_DEPLOYMENT ? game_phase_name(game_phase(g)) :
			 game_status_name(g->status));
	}
	if (phrase_has(out->result)) {  /* a side's name ("Bengal"): the archive's English */
		char en[sizeof out->result];
		memcpy(out->result, phrase_english(out->result, en, sizeof en), sizeof en);
	}
}

/* A cell with its column's name (data-label), which a narrow screen shows before it. */
static void cell(struct buf *out, const char *cls, const char *label, const char *text)
{
	buf_printf(out, "<td%s%s data-label=\"%s\">", cls ? " class=" : "", cls ? cls : "", label);
	board_html_escape(text, out);
	buf_str(out, "</td>");
}

/* The date of a time stamp ("2026-11-05T10:00:00Z" -> "2026-11-05"). */
static void date_of(const char *stamp, char *out, size_t len)
{
	snprintf(out, len, "%.*s", (int)strcspn(stamp, "T "), stamp);
}

/* The games of tournament `tid` (0: those of none), a table. */
static void games_table(const struct archive_entry *e, size_t n, int tid, struct buf *out)
{
	buf_printf(out, "<table class=games>\n<tr class=head><th>Game</th>%s<th>Kind</th>"
		   "<th>White</th><th>Black</th><th>Result</th><th>Started</th>"
		   "<th>Last change</th><th>Moves</th></tr>\n", tid ? "<th>Round</th>" : "");
	for (size_t i = 0; i < n; i++) {
		char page[64], d1[32], d2[32], plies[16], round[16];
		if (e[i].tournament != tid)
			continue;
		archive_page_name(e[i].id, page, sizeof page);
		date_of(e[i].created, d1, sizeof d1);
		date_of(e[i].updated, d2, sizeof d2);
		snprintf(plies, sizeof plies, "%d", e[i].plies);
		buf_printf(out, "<tr><td class=n data-label=\"Game\"><a href=\"%s\">%d</a></td>", page,
			   e[i].id);
		if (tid) {
			snprintf(round, sizeof round, "%d", e[i].round);
			cell(out, "n", "Round", round);
		}
		cell(out, NULL, "Kind", e[i].kind);
		cell(out, NULL, "White", e[i].white);
		cell(out, NULL, "Black", e[i].black);
		cell(out, NULL, "Result", e[i].result);
		cell(out, NULL, "Started", d1);
		cell(out, NULL, "Last change", d2);
		cell(out, "n", "Moves", plies);
		buf_str(out, "</tr>\n");
	}
	buf_str(out, "</table>\n");
}

/* Is entry e's tournament one of those t lists (a page of its own)? */
static bool listed(const struct archive_entry *e, const struct archive_tournament *t, size_t nt)
{
	for (size_t k = 0; k < nt; k++)
		if (e->tournament == t[k].id)
			return true;
	return false;
}

void archive_index(const struct archive_entry *e, size_t n,
		   const struct archive_tournament *t, size_t nt, const char *when,
		   struct buf *out)
{
	size_t others = 0;

	buf_str(out, "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8>\n"
		"<meta name=viewport content=\"width=device-width, initial-scale=1\">\n"
		"<title>Games</title>\n<link rel=stylesheet href=archive.css></head>\n<body>\n"
		"<h1>Games</h1>\n");
	buf_printf(out, "<p>%zu game%s, as of ", n, n == 1 ? "" : "s");
	board_html_escape(when, out);
	buf_str(out, ".</p>\n");
	for (size_t k = 0; k < nt; k++) {
		char page[64];
		archive_tournament_name(t[k].id, page, sizeof page);
		buf_printf(out, "<h2 id=\"tournament-%d\"><a href=\"%s\">Tournament %d: ", t[k].id,
			   page, t[k].id);
		board_html_escape(t[k].name, out);
		buf_str(out, "</a></h2>\n<p>");
		board_html_escape(t[k].variant, out);
		buf_str(out, ", all-play-all, ");
		board_html_escape(t[k].status, out);
		buf_str(out, ".</p>\n");
		games_table(e, n, t[k].id, out);
	}
	for (size_t i = 0; i < n; i++)
		others += !listed(&e[i], t, nt);
	if (nt && others)
		buf_str(out, "<h2>Other games</h2>\n");
	if (others || !nt) {
		/* a game of a tournament without a page of its own is listed among them */
		struct archive_entry *rest = calloc(others + 1, sizeof *rest);
		size_t m = 0;
		for (size_t i = 0; rest && i < n; i++)
			if (!listed(&e[i], t, nt)) {
				rest[m] = e[i];
				rest[m++].tournament = 0;
			}
		if (rest)
			games_table(rest, m, 0, out);
		free(rest);
	}
	buf_str(out, "</body></html>\n");
}
