/* test_zpack.c: zpack then zunpack gives back every byte: blocks of every shape of zeros
 * and data, lengths that are not whole words, and the positions and lists game_park
 * packs (positions of several variants before and after moves, their history filled). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "enginetest.h"
#include "util/zpack.h"

/* zpack, then zunpack over a garbage-filled block: the same bytes. */
static void round_trip(const void *p, size_t len)
{
	void *packed = zpack(p, len);
	char *back = malloc(len + 1);

	if (CHECK(packed && back)) {
		memset(back, 0xa5, len + 1);
		zunpack(packed, back, len);
		CHECK(!memcmp(back, p, len));
		CHECK_INT((unsigned char)back[len], 0xa5);      /* nothing past len */
	}
	free(packed);
	free(back);
}

static void test_shapes(void)
{
	static const struct {
		const char *name;
		size_t len;
		const char *fill;       /* a pattern: '0' a zero byte, 'x' a data byte */
	} cases[] = {
		{ "empty", 0, "" },
		{ "all zero", 64, "0" },
		{ "no zero", 64, "x" },
		{ "one data byte in a word", 64, "0000000x" },
		{ "alternating words", 128, "xxxxxxxx00000000" },
		{ "zero words then data", 100, "00000000000000000000000000000000x" },
		{ "not whole words, data tail", 13, "0000000000000x" },
		{ "not whole words, zero tail", 21, "xxxxxxxxx000" },
		{ "one byte", 1, "x" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		size_t n = cases[i].len, k = strlen(cases[i].fill);
		char *p = malloc(n + 1);
		check_context("shape: %s", cases[i].name);
		for (size_t j = 0; j < n; j++)
			p[j] = cases[i].fill[j % k] == '0' ? 0 : (char)(1 + j % 200);
		round_trip(p, n);
		free(p);
	}
	check_context(NULL);
}

/* Positions as a game keeps them (allocated zeroed): they come back whole, and small. */
static void test_positions(void)
{
	static const struct { const char *variant, *fen, *moves; } cases[] = {
		{ "chess", "startpos", "" },
		{ "chess", "startpos", "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6" },
		{ "chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		  "a2a4 b4a3" },
		{ "tigerchess", "startpos", "" },
		{ "perplexichess7", "startpos", "" },
		{ "lancer", "startpos", "" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		check_context("position: %s %s", cases[i].variant, cases[i].moves);
		struct variant *v = test_variant(cases[i].variant);
		struct pos *p = test_pos(v, cases[i].fen), *z = calloc(1, sizeof *z);
		struct err e;
		if (CHECK(z && pos_from_fen(z, v, cases[i].fen[0] == 's' ? v->setup : cases[i].fen,
					    &e) == 0)) {
			if (cases[i].moves[0])
				CHECK(test_play(z, cases[i].moves) == 0);
			round_trip(z, sizeof *z);
			uint64_t *packed = zpack(z, sizeof *z);
			/* the words and headers of a few hundred bytes of pieces and keys */
			if (CHECK(packed != NULL) && !strcmp(cases[i].variant, "chess"))
				CHECK(packed[0] < 40);
			free(packed);
		}
		round_trip(p, sizeof *p);
		free(z);
		free(p);
		variant_free(v);
	}
	check_context(NULL);
}

int main(void)
{
	test_shapes();
	test_positions();
	return check_done();
}
