/* hold.c: a batch keeps its order (docs/design.md, "Group commit"). A mail that cannot be
 * committed (a full disk, its game's log unwritable) waits for the next run; so does every
 * later mail of the run that concerns one of the same addresses or games, so that no mail
 * is ever committed before one that came earlier about the same thing (an `accept` before
 * its challenge, a move before the one it answers). What a mail concerns: its sender, its
 * game and that game's seats, the games it names, the addresses its orders name (an
 * opponent: the invitation's game) and those its replies go to. A held mail's concerns
 * join the held set in turn. Mails about other games and players go on. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "pipeline/pipeline_int.h"

static void clear(struct hold *h)
{
	h->naddr = h->ngames = 0;
	h->all = false;
}

void hold_free(struct hold *h)
{
	free(h->addr);
	free(h->games);
	*h = (struct hold){ 0 };
}

static bool has_addr(const struct hold *h, const char *a)
{
	for (size_t i = 0; i < h->naddr; i++)
		if (!strcasecmp(h->addr[i], a))
			return true;
	return false;
}

static bool has_game(const struct hold *h, int id)
{
	for (size_t i = 0; i < h->ngames; i++)
		if (h->games[i] == id)
			return true;
	return false;
}

/* Out of memory, a set holds everything: what waits is never less than it should be. */
static void add_addr(struct hold *h, const char *a, size_t n)
{
	if (!n || n >= ADDR_MAX)
		return;
	char one[ADDR_MAX];
	memcpy(one, a, n);
	one[n] = 0;
	if (has_addr(h, one))
		return;
	if (h->naddr == h->addr_cap) {
		size_t cap = h->addr_cap ? 2 * h->addr_cap : 8;
		char (*x)[ADDR_MAX] = realloc(h->addr, cap * sizeof *x);
		if (!x) {
			h->all = true;
			return;
		}
		h->addr = x;
		h->addr_cap = cap;
	}
	memcpy(h->addr[h->naddr++], one, n + 1);
}

static void add_game(struct hold *h, int id)
{
	if (id <= 0 || has_game(h, id))
		return;
	if (h->ngames == h->games_cap) {
		size_t cap = h->games_cap ? 2 * h->games_cap : 8;
		int *x = realloc(h->games, cap * sizeof *x);
		if (!x) {
			h->all = true;
			return;
		}
		h->games = x;
		h->games_cap = cap;
	}
	h->games[h->ngames++] = id;
}

/* The words of a text that hold an '@': the addresses an order names. */
static void add_named(struct hold *h, const char *text)
{
	const char *p = text;

	while (*p) {
		size_t n = strcspn(p, " \t<>,;");
		if (memchr(p, '@', n))
			add_addr(h, p, n);
		p += n;
		p += strspn(p, " \t<>,;");
	}
}

static void job_concerns(const struct job *j, struct hold *h)
{
	clear(h);
	if (j->m && j->m->from_addr)
		add_addr(h, j->m->from_addr, strlen(j->m->from_addr));
	add_game(h, j->tag_game);
	if (j->g) {
		add_game(h, j->g->id);
		for (int i = 0; i < j->g->nseats; i++)
			add_addr(h, j->g->seat[i].address, strlen(j->g->seat[i].address));
	}
	for (size_t i = 0; i < j->orders.n; i++) {
		if (j->orders.o[i].kind == ORDER_GAME || j->orders.o[i].kind == ORDER_OBSERVE ||
		    j->orders.o[i].kind == ORDER_UNOBSERVE)
			add_game(h, j->orders.o[i].number);
		add_named(h, j->orders.o[i].arg);
	}
	for (size_t i = 0; i < j->nmails; i++)
		add_addr(h, j->mails[i].rcpt, strlen(j->mails[i].rcpt));
}

static bool meets(const struct hold *held, const struct hold *t)
{
	if (held->all)
		return true;
	for (size_t i = 0; i < t->naddr; i++)
		if (has_addr(held, t->addr[i]))
			return true;
	for (size_t i = 0; i < t->ngames; i++)
		if (has_game(held, t->games[i]))
			return true;
	return false;
}

static void join(struct hold *held, const struct hold *t)
{
	held->all |= t->all || (!t->naddr && !t->ngames);
	for (size_t i = 0; i < t->naddr; i++)
		add_addr(held, t->addr[i], strlen(t->addr[i]));
	for (size_t i = 0; i < t->ngames; i++)
		add_game(held, t->games[i]);
}

/* What the mail just processed concerns (j NULL: a mail begins), kept until the next:
 * if its batch (of one) then fails, hold_fail_last holds it. */
void hold_note_job(struct pipeline *pl, const struct job *j)
{
	if (j)
		job_concerns(j, &pl->touch);
	else
		clear(&pl->touch);
}

/* Before anything of a mail is written: does it wait behind a mail not committed? */
int hold_check_job(struct job *j, struct err *e)
{
	struct pipeline *pl = j->pl;

	if (!pl->held.all && !pl->held.naddr && !pl->held.ngames)
		return 0;
	job_concerns(j, &pl->touch);
	if (!meets(&pl->held, &pl->touch))
		return 0;
	join(&pl->held, &pl->touch);
	return err_set(e, "it waits behind an earlier mail of the same game or player that "
		       "could not be committed");
}

/* The last mail processed could not be committed (its batch of one failed): what it
 * concerns waits for the next run. */
void hold_fail_last(struct pipeline *pl)
{
	join(&pl->held, &pl->touch);
	clear(&pl->touch);
}
