/* perplexichess.c: what the parts of the Perplexichess kind share: the kind's state, the
 * members' duties, rule 1's agents, and squares as the seed numbers them. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kinds/perplexichess/perplexichess.h"

void px_init(struct perplexichess *px)
{
	memset(px, 0, sizeof *px);
	for (int i = 0; i < SEATS_MAX; i++)
		px->vote[i] = -1;
	for (int b = 0; b < BOARDS_MAX; b++)
		px->draw_offer[b] = -1;
}

bool px_is(const struct game *g, int seat, const char *role)
{
	return seat >= 0 && seat < g->nseats && !strcmp(g->seat[seat].role, role);
}

int px_strategist(const struct game *g, int c)
{
	for (int i = 0; i < g->nseats; i++)
		if (g->seat[i].side == c && px_is(g, i, PX_ROLE_STRATEGIST))
			return i;
	return -1;
}

/* Rule 1: 3 boards, 0 to 2 agents; 5 boards, 1 to 3; 7 boards, 1 "or more" (as many as
 * the seats left allow: 24 seats, 16 of them the strategists and boardmen). */
void px_agents_allowed(int nboards, int *min, int *max)
{
	*min = nboards <= 3 ? 0 : 1;
	*max = nboards <= 3 ? 2 : nboards <= 5 ? 3 : (SEATS_MAX - 2 * (1 + nboards)) / 2;
}

int px_board_number(const char *w)
{
	char *end;
	long n = strtol(w, &end, 10);

	return end != w && !*end && n >= 1 && n <= BOARDS_MAX ? (int)n - 1 : -1;
}

const char *px_square(const char *w, char out[8])
{
	char *end;
	long n;

	if (isdigit((unsigned char)w[0])) {
		n = strtol(w, &end, 10);
		if (*end || n < 1 || n > 64)
			return NULL;
		snprintf(out, 8, "%c%ld", (char)('a' + (n - 1) % 8), 8 - (n - 1) / 8);
		return out;
	}
	if (strlen(w) != 2 || tolower((unsigned char)w[0]) < 'a' || tolower((unsigned char)w[0]) > 'h' ||
	    w[1] < '1' || w[1] > '8')
		return NULL;
	snprintf(out, 8, "%c%c", tolower((unsigned char)w[0]), w[1]);
	return out;
}
