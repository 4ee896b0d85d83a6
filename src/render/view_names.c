/* view_names.c: how a mail or a page names the players (view.h): a player reads the
 * others' addresses, anyone else their names in public (seat_public, game/names.c), and a
 * PGN, which travels, names them so too. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/view.h"

const char *view_seat_text(const struct game *g, int seat, int reader, char *buf, size_t len)
{
	if (reader >= 0 && seat >= 0 && seat < g->nseats)
		str_copy(buf, len, g->seat[seat].address);
	else
		seat_public(g, seat, buf, len);
	return buf;
}

void view_side_names(const struct game *g, int side, int reader, char *out, size_t len)
{
	char one[PUBLIC_NAME_MAX];
	size_t at = 0;

	/* joined by hand: each reply names both sides (snprintf's cost, twice a name) */
	out[0] = 0;
	for (int i = 0; i < g->nseats && at + 1 < len; i++)
		if (g->seat[i].side == side) {
			if (at)
				at += strlen(str_copy(out + at, len - at, ", "));
			if (at + 1 < len)
				at += strlen(str_copy(out + at, len - at,
						      view_seat_text(g, i, reader, one, sizeof one)));
		}
}

char *pgn_tag_text(char *s)
{
	for (char *p = s; *p; p++)
		if (*p == '"')
			*p = '\'';
		else if (*p == '\\')
			*p = '/';
	return s;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Who played side c of board b, for PGN's [White] and [Black]: the seat that moves it now
 * and, in a game of several boards, every seat whose move or rule change is recorded
 * there (a strategist reassigns boards), in alphabetical order, joined by colons as the
 * PGN standard (8.1.1.5) joins several players of one side. A PGN travels: each as the
 * public names them (seat_public), never by an address they did not allow. */
void view_board_players(const struct game *g, int b, int c, char *out, size_t len)
{
	const char *who[SEATS_MAX];
	char names[SEATS_MAX][PUBLIC_NAME_MAX];
	int n = 0, now = game_mover(g, b, c);
	unsigned long long played = now >= 0 ? 1ull << now : 0;
	size_t at = 0;

	for (size_t i = 0; g->nboards > 1 && i < g->nevents; i++) {
		const struct game_event *ev = &g->events[i];
		int on;
		if (ev->by >= 0 && ev->by < g->nseats && g->seat[ev->by].side == c &&
		    (!strcmp(ev->kind, "move") || !strcmp(ev->kind, "rule")) &&
		    sscanf(ev->detail, "%d:", &on) == 1 && on == b + 1)
			played |= 1ull << ev->by;
	}
	for (int s = 0; s < g->nseats; s++)
		if ((played >> s & 1) && g->seat[s].address[0]) {
			seat_public(g, s, names[n], sizeof names[n]);
			who[n] = pgn_tag_text(names[n]);
			n++;
		}
	qsort(who, (size_t)n, sizeof who[0], by_name);
	out[0] = 0;
	for (int i = 0; i < n && at < len; i++)
		at += (size_t)snprintf(out + at, len - at, "%s%s", i ? ":" : "", who[i]);
	if (!n)
		snprintf(out, len, "?");
}

