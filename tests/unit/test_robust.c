/* test_robust.c: garbage in, clear errors out, never a crash (run under the sanitizers).
 * Inputs are mutations of valid ones from a fixed-seed generator, so failures repeat. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "engine/betza.h"
#include "engine/notation.h"
#include "engine/perft.h"
#include "enginetest.h"
#include "store/rules_load.h"

static uint64_t rng = 0x5EED5EEDull;

static unsigned rnd(unsigned n)
{
	rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
	return (unsigned)(rng % n);
}

/* Flips, inserts, deletes or truncates a few bytes, favouring characters of `alphabet`. */
static void mutate(const char *in, char *out, size_t cap, const char *alphabet)
{
	size_t n = strlen(in), na = strlen(alphabet);

	snprintf(out, cap, "%s", in);
	for (int k = 0, edits = 1 + (int)rnd(4); k < edits; k++) {
		n = strlen(out);
		size_t at = n ? rnd((unsigned)n) : 0;
		char c = rnd(8) ? alphabet[rnd((unsigned)na)] : (char)(1 + rnd(255));
		switch (rnd(4)) {
		case 0: if (n) out[at] = c; break;
		case 1: if (n + 1 < cap) { memmove(out + at + 1, out + at, n - at + 1); out[at] = c; } break;
		case 2: if (n) memmove(out + at, out + at + 1, n - at); break;
		case 3: out[at] = 0; break;
		}
	}
}

static void fens(const struct variant *v)
{
	static const char *const seeds[] = {
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
	};
	struct pos *p = malloc(sizeof *p), *q = malloc(sizeof *q);
	char fen[512], out[FEN_MAX];
	struct err e;
	int good = 0;

	for (int i = 0; i < 20000; i++) {
		mutate(seeds[rnd(3)], fen, sizeof fen, "KQRBNPkqrbnp12345678/ w-abcdefgh");
		if (pos_from_fen(p, v, fen, &e) < 0) {
			if (strncmp(e.msg, "bad FEN: ", 9))
				CHECK_STR(e.msg, "bad FEN: ...");
			continue;
		}
		good++;
		perft(p, 2);
		pos_to_fen(p, out, sizeof out);
		if (!CHECK(pos_from_fen(q, v, out, &e) == 0) || !CHECK(q->key == p->key))
			check_context("%s -> %s", fen, out);
	}
	CHECK(good > 100);      /* the mutations do reach valid positions */
	free(p);
	free(q);
}

static void moves(const struct variant *v)
{
	static const char *const seeds[] = { "Nf3", "exd6", "O-O-O", "e7e8q", "Ng1-f3", "a8=Q+" };
	struct pos *p = test_pos(v, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
	char text[64];
	struct move m;
	struct err e;

	for (int i = 0; i < 20000; i++) {
		mutate(seeds[rnd(6)], text, sizeof text, "KQRBNPabcdefgh12345678xX=+-#!?O0o ()/.:@");
		if (notation_parse(p, text, &m, &e) == 0) {
			char san[SAN_MAX];
			struct move back;
			notation_san(p, m, san, sizeof san);
			CHECK(notation_parse(p, san, &back, &e) == 0 && move_equal(back, m));
		} else if (!e.msg[0])
			CHECK_STR(e.msg, "(a reason)");
	}
	free(p);
}

static void betzas(void)
{
	static const char *const seeds[] = { "fmWfcF", "NCZ", "nN", "jR", "(4,1)", "ffNbbN" };
	char text[64];
	struct betza b;
	struct err e;

	for (int i = 0; i < 20000; i++) {
		mutate(seeds[rnd(6)], text, sizeof text, "WFDNAHCZGKQRBLJmcnjfblrvsh0123456789(),");
		if (betza_parse(text, &b, &e) < 0 && !e.msg[0])
			CHECK_STR(e.msg, "(a reason)");
	}
}

static void variant_files(void)
{
	FILE *f = fopen("rules/lancer.json", "r");
	static char src[16384], mut[16500];
	char path[] = "/tmp/tempest-robust-XXXXXX";
	int fd = mkstemp(path), loaded = 0;
	struct err e;

	if (!CHECK(f && fd >= 0))
		return;
	size_t n = fread(src, 1, sizeof src - 1, f);
	src[n] = 0;
	fclose(f);
	close(fd);
	char json[sizeof path + 8];
	snprintf(json, sizeof json, "%s.json", path);
	for (int i = 0; i < 1500; i++) {
		mutate(src, mut, sizeof mut, "{}[]\":,0123456789 KQRBNPTLM");
		FILE *w = fopen(json, "w");
		fputs(mut, w);
		fclose(w);
		struct variant *v = rules_load("rules", json, &e);
		if (v) {
			struct pos *p = malloc(sizeof *p);
			if (pos_start(p, v, &e) == 0)
				perft(p, 2);
			free(p);
			loaded++;
		} else if (!strstr(e.msg, json))
			CHECK_HAS(e.msg, json);         /* errors name the file */
		variant_free(v);
	}
	unlink(json);
	unlink(path);
	CHECK(loaded > 0);
}

int main(void)
{
	struct variant *v = test_variant("chess");

	fens(v);
	moves(v);
	betzas();
	variant_files();
	variant_free(v);
	return check_done();
}
