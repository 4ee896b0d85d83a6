/* test_orderwords.c: every kind's order word, alone on a line and followed by one to three
 * words of every shape, through the order reader with every kind's vocabulary (as a mail
 * is read before its game is known) and with each kind's own. A shape check that looks at
 * a word before it counts them (ChessMe's "place" alone read w[0]: a one-line mail killed
 * the run) fails here under AddressSanitizer. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "game/kind.h"
#include "game/order.h"
#include "kinds/registry.h"
#include "util/err.h"

/* What may follow a word: nothing, then every shape an argument takes. */
static const char *const tails[] = {
	"", ":", ".", " x", " 1", " e4", " B e0", " white a@b.example", " e4 from 1 to 3",
	" white 2 a@b.example", " a@b.example boardman 2", " N add W", " 1 2 3 4 5",
	" random", " until 2026-12-01", " end", " kill e7",
};

/* The stack the reader will use, filled with what no pointer is: a word read that was
 * never set then faults at once instead of finding an earlier call's leftover. */
static void __attribute__((noinline)) stack_dirty(void)
{
	volatile unsigned char junk[1 << 16];

	memset((unsigned char *)junk, 0xa5, sizeof junk);
}

/* Reads "WORD TAIL" for every tail, alone and after another line, with this vocabulary. */
static void read_word(const char *word, const struct order_word *words, size_t nwords)
{
	char line[128];

	for (size_t t = 0; t < sizeof tails / sizeof tails[0]; t++) {
		snprintf(line, sizeof line, "%s%s", word, tails[t]);
		struct order_line lines[] = { { 1, line }, { 2, "hello" }, { 3, line } };
		for (size_t n = 1; n <= 3; n += 2) {
			struct orders o;
			struct err e;
			check_context("'%s' (%zu lines)", line, n);
			stack_dirty();
			if (CHECK(order_parse(lines, n, words, nwords, &o, &e) == 0))
				orders_free(&o);
		}
	}
}

int main(void)
{
	size_t nall;
	const struct order_word *all = kind_all_orders(&nall);
	const struct kind *k;

	CHECK(nall > 0);
	for (size_t i = 0; i < nall; i++)
		read_word(all[i].words, all, nall);
	for (size_t i = 0; (k = kind_at(i)); i++)
		for (size_t w = 0; w < k->norders; w++)
			read_word(k->orders[w].words, k->orders, k->norders);
	/* the mail that stopped the referee, as its text reaches the reader */
	read_word("place", all, nall);
	read_word("PLACE", all, nall);
	return check_done();
}
