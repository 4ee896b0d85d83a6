/* standing.c: the lines given in advance, as the game keeps, hashes and shows them
 * (standing.h). Conditional moves are read and played in conditional.c; the card games'
 * answers in advance in cardturn.c. */
#include "game/standing.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/spelling.h"

int standing_add(struct game *g, const struct standing_line *l)
{
	struct standing_line *s = realloc(g->standing, (g->nstanding + 1) * sizeof *s);

	if (!s)
		return -1;
	g->standing = s;
	s[g->nstanding++] = *l;
	return 0;
}

void standing_remove(struct game *g, size_t i)
{
	memmove(&g->standing[i], &g->standing[i + 1], (g->nstanding - i - 1) * sizeof *g->standing);
	if (!--g->nstanding) {
		free(g->standing);
		g->standing = NULL;
	}
}

int standing_drop(struct game *g, int seat, enum standing_on on, int board)
{
	int n = 0;

	for (size_t i = g->nstanding; i-- > 0;) {
		const struct standing_line *l = &g->standing[i];
		if ((seat < 0 || l->seat == seat) && l->on == on && (board < 0 || l->board == board)) {
			standing_remove(g, i);
			n++;
		}
	}
	return n;
}

int standing_count(const struct game *g, int seat, enum standing_on on)
{
	int n = 0;

	for (size_t i = 0; i < g->nstanding; i++)
		n += g->standing[i].on == on && (seat < 0 || g->standing[i].seat == seat);
	return n;
}

const struct standing_line *standing_interception(const struct game *g, int seat, int card)
{
	const struct standing_line *any = NULL;

	for (size_t i = 0; i < g->nstanding; i++) {
		const struct standing_line *l = &g->standing[i];
		if (l->on != STANDING_ON_INTERCEPTION || l->seat != seat)
			continue;
		if (l->step[0].card == card)
			return l;
		if (!l->step[0].card && !any)
			any = l;
	}
	return any;
}

int standing_save(const struct game *g, struct standing_line **out, size_t *n)
{
	*out = NULL;
	*n = g->nstanding;
	if (!g->nstanding)
		return 0;
	if (!(*out = malloc(g->nstanding * sizeof **out)))
		return -1;
	memcpy(*out, g->standing, g->nstanding * sizeof **out);
	return 0;
}

void standing_restore(struct game *g, struct standing_line *saved, size_t n)
{
	free(g->standing);
	g->standing = saved;
	g->nstanding = n;
}

void standing_hash_text(const struct game *g, struct buf *out)
{
	bool first = true;

	/* the answers in advance in the words the card kinds hashed them in (one seat's) */
	for (size_t i = 0; i < g->nstanding; i++) {
		const struct standing_line *l = &g->standing[i];
		if (l->on != STANDING_ON_INTERCEPTION)
			continue;
		if (first)
			buf_printf(out, "standing by %d:", l->seat);
		first = false;
		buf_printf(out, " %d %s", l->step[0].card, l->step[0].then);
	}
	if (!first)
		buf_str(out, "\n");
	for (size_t i = 0; i < g->nstanding; i++) {
		const struct standing_line *l = &g->standing[i];
		if (l->on != STANDING_ON_MOVE)
			continue;
		buf_printf(out, "conditional %d %d %d:", l->seat, l->board, l->armed);
		for (int k = 0; k < l->nsteps; k++)
			buf_printf(out, " %s %s", l->step[k].when, l->step[k].then);
		buf_str(out, "\n");
	}
}

/* A move kept in SAN, in the piece letters of the reader's language. */
static void local_move(const struct game *g, int board, const char *lang, const char *san,
		       struct buf *out)
{
	char text[SAN_MAX];

	spelling_san_local(g->board[board].pos->v, lang, san, text, sizeof text);
	buf_str(out, text);
}

void standing_text(const struct game *g, int seat, const char *lang, struct buf *out)
{
	for (size_t i = 0; i < g->nstanding; i++) {
		const struct standing_line *l = &g->standing[i];
		if (l->seat != seat)
			continue;
		if (l->on == STANDING_ON_INTERCEPTION) {
			if (l->step[0].card)
				buf_printf(out, "if intercepted by card %d: %s\n", l->step[0].card,
					   l->step[0].then);
			else
				buf_printf(out, "if intercepted: %s\n", l->step[0].then);
			continue;
		}
		buf_str(out, "if");
		for (int k = 0; k < l->nsteps; k++) {
			buf_str(out, " ");
			local_move(g, l->board, lang, l->step[k].when, out);
		}
		buf_str(out, ":");
		for (int k = 0; k < l->nsteps; k++) {
			buf_str(out, " ");
			local_move(g, l->board, lang, l->step[k].then, out);
		}
		buf_str(out, "\n");
	}
}

bool standing_secret(const struct game *g)
{
	return g->nstanding > 0;
}
