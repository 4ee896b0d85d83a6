/* choices.c: what a seat may send now (choices.h): the legal moves of its board, each
 * written so that the referee reads it back as that move from that seat, or the kind's
 * own choices. */
#include "game/choices.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/movegen.h"
#include "engine/notation.h"
#include "game/kind.h"
#include "game/spelling.h"
#include "util/buf.h"

int choices_add(struct choices *c, piece_t piece, const char *group, const char *label,
		const char *body)
{
	if (c->n == c->cap) {
		size_t cap = c->cap ? 2 * c->cap : 64;
		struct choice *n = realloc(c->c, cap * sizeof *n);
		if (!n)
			return -1;
		c->c = n;
		c->cap = cap;
	}
	struct choice *ch = &c->c[c->n++];
	ch->piece = piece;
	str_copy(ch->group, sizeof ch->group, group);
	str_copy(ch->label, sizeof ch->label, label);
	str_copy(ch->body, sizeof ch->body, body);
	ch->words = false;
	return 0;
}

int choices_add_words(struct choices *c, piece_t piece, const char *group, const char *label,
		      const char *body)
{
	if (choices_add(c, piece, group, label, body) < 0)
		return -1;
	c->c[c->n - 1].words = true;
	return 0;
}

void choices_free(struct choices *c)
{
	free(c->c);
	memset(c, 0, sizeof *c);
}

/* Does `text`, the move of a mail line "12. TEXT", read for a player of language lang
 * as exactly move m (whose SAN is san) in p: a move-shaped word (what the order grammar takes for a move,
 * after its number), through the kind's forms, the player's letters and the engine? */
static bool reads_as(const struct game *g, struct pos *p, const char *lang, const char *text,
		     const char *san, struct move m)
{
	const struct kind *k = kind_of(g);
	char written[ORDER_ARG_MAX], spelled[ORDER_ARG_MAX], why[512];
	struct move got;
	struct err e;

	if (!order_move_shaped(text))
		return false;
	if (k->move_text && !(text = k->move_text(g, p, text, written, sizeof written, why,
						  sizeof why)))
		return false;
	if (spelling_move(p, lang, text, spelled, sizeof spelled, why, sizeof why) != 0)
		return false;
	/* the engine's own SAN reads back as its move (tests/unit/test_notation.c checks every
	 * move so): only another text is parsed again */
	return !strcmp(spelled, san) || (notation_parse(p, spelled, &got, &e) == 0 &&
					 move_equal(got, m));
}

/* "12. Nf3" or "12... Nf6": label after the move's number, as a line of a mail (a
 * choice is made for each legal move of each reply: no printf machinery for it). */
static void numbered(char *line, size_t len, const struct pos *p, const char *label)
{
	char num[21];
	size_t n = fmt_uint(num, p->fullmove);

	str_copy(num + n, sizeof num - n, p->side == BLACK ? "... " : ". ");
	n = strlen(num);
	str_copy(line, len, num);
	if (n < len)
		str_copy(line + n, len - n, label);
}

/* Move m (whose SAN is san) as the seat writes it: SAN in their letters, else from square
 * to square; the line of its mail in line. False if neither reads back as m. */
static bool written(const struct game *g, struct pos *p, const char *lang, struct move m,
		    const char *san, bool number, char *label, size_t llen, char *line, size_t len)
{
	for (int form = 0; form < 2; form++) {
		if (form == 0)
			spelling_san_local(p->v, lang, san, label, llen);
		else
			notation_coord(p, m, label, llen);
		if (!reads_as(g, p, lang, label, san, m))
			continue;
		if (number)
			numbered(line, len, p, label);
		else
			str_copy(line, len, label);
		return true;
	}
	return false;
}

struct ordered {
	int key;                        /* the piece type, then its square */
	size_t at;                      /* the move's place in the generator's order */
};

static int by_piece(const void *x, const void *y)
{
	const struct ordered *a = x, *b = y;

	return a->key != b->key ? (a->key > b->key) - (a->key < b->key) :
	       (a->at > b->at) - (a->at < b->at);
}

int choices_moves(const struct game *g, int b, int seat, const char *extra, bool number,
		  bool (*refused)(const struct game *g, const char *san), struct choices *out)
{
	struct pos *p = malloc(sizeof *p);
	struct movelist *ml = malloc(sizeof *ml);
	struct ordered *order = NULL;
	const char *lang = g->lang[seat];
	int rc = 0;

	if (!p || !ml)
		goto oom;
	memcpy(p, g->board[b].pos, sizeof *p);
	movegen_legal(p, ml);
	if (ml->n && !(order = malloc((size_t)ml->n * sizeof *order)))
		goto oom;
	for (int i = 0; i < ml->n; i++) {
		piece_t pc = ml->m[i].kind == MOVE_DROP ? PIECE_NONE : p->board[ml->m[i].from];
		order[i].key = pc ? (PIECE_TYPE(pc) + 1) * (int)p->v->nsq + ml->m[i].from : 0;
		order[i].at = (size_t)i;
	}
	if (ml->n)
		qsort(order, (size_t)ml->n, sizeof *order, by_piece);
	for (int i = 0; i < ml->n && rc == 0; i++) {
		struct move m = ml->m[order[i].at];
		char label[CHOICE_LABEL], line[CHOICE_BODY], body[CHOICE_BODY];
		bool drop = m.kind == MOVE_DROP;
		char san[SAN_MAX];
		notation_san_in(p, m, ml, san, sizeof san);     /* one generation for them all */
		if (refused && refused(g, san))
			continue;
		if (!written(g, p, lang, m, san, number, label, sizeof label, line, sizeof line)) {
			out->left_out++;        /* no text reads back as it: never met */
			continue;
		}
		str_copy(body, sizeof body, line);
		size_t n = strlen(body);
		if (extra && n + 1 < sizeof body) {
			body[n] = '\n';
			str_copy(body + n + 1, sizeof body - n - 1, extra);
		}
		rc = choices_add(out, drop ? PIECE_NONE : p->board[m.from],
				 drop ? N_("from your hand") : p->v->type[PIECE_TYPE(p->board[m.from])].name,
				 label, body);
	}
	free(order);
	free(ml);
	free(p);
	return rc;
oom:
	free(order);
	free(ml);
	free(p);
	return -1;
}

struct keyed {
	int key;
	size_t at;
	struct choice c;
};

static int by_key(const void *x, const void *y)
{
	const struct keyed *a = x, *b = y;

	return a->key != b->key ? (a->key > b->key) - (a->key < b->key) :
	       (a->at > b->at) - (a->at < b->at);
}

int choices_group(struct choices *c, size_t from)
{
	size_t n = c->n - from;
	struct keyed *k = n ? malloc(n * sizeof *k) : NULL;

	if (!n)
		return 0;
	if (!k)
		return -1;
	for (size_t i = 0; i < n; i++)
		k[i] = (struct keyed){ c->c[from + i].piece ? PIECE_TYPE(c->c[from + i].piece) : 1 << 20,
				       i, c->c[from + i] };
	qsort(k, n, sizeof *k, by_key);
	for (size_t i = 0; i < n; i++)
		c->c[from + i] = k[i].c;
	free(k);
	return 0;
}

int game_choices(const struct game *g, int seat, struct choices *out)
{
	const struct kind *k = kind_of(g);

	memset(out, 0, sizeof *out);
	if (g->status != GAME_PLAYING || seat < 0 || seat >= g->nseats)
		return 0;
	if (k->choices)
		return k->choices(g, seat, out);
	for (int b = 0; b < g->nboards; b++) {
		const struct pos *p = g->board[b].pos;
		if (!strcmp(g->board[b].result, "*") && game_mover(g, b, p->side) == seat &&
		    choices_moves(g, b, seat, NULL, true, NULL, out) < 0)
			return -1;
	}
	return 0;
}
