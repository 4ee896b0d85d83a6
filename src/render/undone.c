/* undone.c: see undone.h. One walk of the board's list notes, before each entry, the
 * position's placement, side, castling and en passant (the counters aside: an "@fen"
 * restores a position, not a count) and, after a mating move, whether the mate still
 * stands once the edits that follow it are made. */
#include "render/undone.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/movegen.h"
#include "engine/status.h"

struct walk {
	char (*key)[FEN_MAX];           /* the position before each entry, and after the last */
	signed char *state;             /* -1 not looked at; 0 quiet; 1 check; 2 mate */
	int at;
	bool after_mate;                /* since a "#" move, only edits so far */
};

static void position_key(const struct pos *p, char *out)
{
	char fen[FEN_MAX];
	int fields = 0;
	size_t n = 0;

	pos_to_fen(p, fen, sizeof fen);
	while (fen[n] && !(fen[n] == ' ' && ++fields == 4))
		n++;
	memcpy(out, fen, n);
	out[n] = 0;
}

static signed char mate_state(const struct pos *before)
{
	struct pos *q = malloc(sizeof *q);
	struct status st;

	if (!q)
		return 2;
	memcpy(q, before, sizeof *q);
	status_get(q, &st);
	free(q);
	return st.end == STATUS_CHECKMATE ? 2 : st.in_check ? 1 : 0;
}

static int note(const struct pos *before, const char *entry, void *arg)
{
	struct walk *w = arg;

	position_key(before, w->key[w->at]);
	w->state[w->at] = w->after_mate ? mate_state(before) : -1;
	w->at++;
	if (entry[0] != '@')
		w->after_mate = entry[strlen(entry) - 1] == '#';
	return 0;
}

/* Entries from the last position an "@fen" restores, to that "@fen", are taken back. */
static bool skip_taken_back(const struct board *bd, const struct walk *w, unsigned char *f)
{
	bool any = false;

	for (int j = 0; j < bd->nmoves; j++) {
		char want[FEN_MAX];
		if (strncmp(bd->moves[j], "@fen ", 5))
			continue;
		snprintf(want, sizeof want, "%s", bd->moves[j] + 5);
		int fields = 0;
		for (char *c = want; *c; c++)
			if (*c == ' ' && ++fields == 4)
				*c = 0;
		for (int i = j - 1; i >= 0; i--)
			if (!strcmp(w->key[i], want)) {
				for (int k = i; k <= j; k++)
					f[k] |= UNDONE_SKIP;
				any = true;
				break;
			}
	}
	return any;
}

/* A "#" move still shown whose mate the edits after it lifted. */
static bool lifted_mates(const struct board *bd, const struct walk *w, unsigned char *f)
{
	bool any = false;

	for (int k = 0; k < bd->nmoves; k++) {
		const char *e = bd->moves[k];
		if ((f[k] & UNDONE_SKIP) || e[0] == '@' || e[strlen(e) - 1] != '#')
			continue;
		int m = k + 1;
		while (m < bd->nmoves && (bd->moves[m][0] == '@' || (f[m] & UNDONE_SKIP)))
			m++;
		if (w->state[m] == 1 || w->state[m] == 0) {
			f[k] |= w->state[m] ? UNDONE_CHECK : UNDONE_QUIET;
			any = true;
		}
	}
	return any;
}

unsigned char *undone_flags(const struct game *g, int b)
{
	const struct board *bd = &g->board[b];
	struct walk w = { 0 };
	unsigned char *f = NULL;
	bool any = false;

	if (bd->nmoves == 0 || !bd->pos)
		return NULL;
	w.key = malloc(sizeof *w.key * (size_t)(bd->nmoves + 1));
	w.state = malloc((size_t)bd->nmoves + 1);
	f = calloc((size_t)bd->nmoves, 1);
	if (w.key && w.state && f && game_walk(g, b, note, &w) == 0) {
		position_key(bd->pos, w.key[bd->nmoves]);
		w.state[bd->nmoves] = w.after_mate ? mate_state(bd->pos) : -1;
		any = skip_taken_back(bd, &w, f);
		any |= lifted_mates(bd, &w, f);
	}
	free(w.key);
	free(w.state);
	if (!any) {
		free(f);
		return NULL;
	}
	return f;
}

const char *undone_shown(unsigned char flag, const char *entry, char *buf, size_t len)
{
	if (flag & UNDONE_SKIP)
		return NULL;
	if (!(flag & (UNDONE_CHECK | UNDONE_QUIET)))
		return entry;
	snprintf(buf, len, "%.*s%s", (int)strcspn(entry, "#"), entry, flag & UNDONE_CHECK ? "+" : "");
	return buf;
}
