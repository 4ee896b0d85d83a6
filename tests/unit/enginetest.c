/* enginetest.c: see enginetest.h. */
#include "enginetest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "store/rules_load.h"

struct variant *test_variant(const char *name)
{
	struct err e;
	struct variant *v = rules_load("rules", name, &e);

	if (!v) {
		fprintf(stderr, "cannot load variant %s: %s\n", name, e.msg);
		exit(2);
	}
	return v;
}

struct pos *test_pos(const struct variant *v, const char *fen)
{
	struct err e;
	struct pos *p = malloc(sizeof *p);

	if (!p || pos_from_fen(p, v, strcmp(fen, "startpos") ? fen : v->setup, &e) < 0) {
		fprintf(stderr, "cannot set up '%s': %s\n", fen, p ? e.msg : "no memory");
		exit(2);
	}
	return p;
}

static int cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void test_moves(struct pos *p, int coord, char *buf, size_t len)
{
	struct movelist ml;
	char names[MOVES_MAX][SAN_MAX], *sorted[MOVES_MAX];
	size_t at = 0;

	movegen_legal(p, &ml);
	for (int i = 0; i < ml.n; i++) {
		if (coord)
			notation_coord(p, ml.m[i], names[i], SAN_MAX);
		else
			notation_san(p, ml.m[i], names[i], SAN_MAX);
		sorted[i] = names[i];
	}
	qsort(sorted, (size_t)ml.n, sizeof sorted[0], cmp);
	buf[0] = 0;
	for (int i = 0; i < ml.n; i++)
		at += (size_t)snprintf(buf + at, at < len ? len - at : 0, "%s%s", i ? " " : "",
				       sorted[i]);
}

int test_play(struct pos *p, const char *moves)
{
	char copy[4096], *save = NULL;
	struct err e;

	snprintf(copy, sizeof copy, "%s", moves);
	for (char *m = strtok_r(copy, " ", &save); m; m = strtok_r(NULL, " ", &save)) {
		struct move mv;
		struct undo u;
		if (notation_parse(p, m, &mv, &e) < 0) {
			fprintf(stderr, "cannot play %s: %s\n", m, e.msg);
			return -1;
		}
		pos_make(p, mv, &u);
	}
	return 0;
}

/* Everything pos_make may touch, compared after pos_unmake. */
static bool same_pos(const struct pos *a, const struct pos *b)
{
	return a->side == b->side && a->castle == b->castle && a->ep == b->ep &&
	       a->halfmove == b->halfmove && a->fullmove == b->fullmove && a->key == b->key &&
	       a->nmarked == b->nmarked && a->nhist == b->nhist &&
	       a->npieces[0] == b->npieces[0] && a->npieces[1] == b->npieces[1] &&
	       !memcmp(a->count, b->count, sizeof a->count) &&
	       !memcmp(a->hand, b->hand, sizeof a->hand) &&
	       !memcmp(a->board, b->board, sizeof a->board) &&
	       !memcmp(a->mark, b->mark, sizeof a->mark) &&
	       a->royal[0] == b->royal[0] && a->royal[1] == b->royal[1];
}

/* Every legal move: made and unmade exactly, its key equal to a fresh reading of the
 * position it reaches, its SAN and coordinates read back as the same move. */
void test_make_unmake(struct pos *p)
{
	struct movelist ml;
	struct pos *before = malloc(sizeof *before), *fresh = malloc(sizeof *fresh);
	char san[SAN_MAX], coord[SAN_MAX], fen[FEN_MAX];
	struct err e;

	movegen_legal(p, &ml);
	memcpy(before, p, sizeof *p);
	for (int i = 0; i < ml.n; i++) {
		struct move m = ml.m[i], back;
		struct undo u;
		notation_san(p, m, san, sizeof san);
		notation_coord(p, m, coord, sizeof coord);
		check_context("%s", san);
		CHECK(notation_parse(p, san, &back, &e) == 0 && move_equal(back, m));
		CHECK(notation_parse(p, coord, &back, &e) == 0 && move_equal(back, m));
		pos_make(p, m, &u);
		pos_to_fen(p, fen, sizeof fen);
		CHECK(pos_from_fen(fresh, p->v, fen, &e) == 0 && fresh->key == p->key);
		pos_unmake(p, m, &u);
		CHECK(same_pos(p, before));
	}
	check_context(NULL);
	free(before);
	free(fresh);
}
