/* fuzz_fen.c: position text (FEN with the project's extensions: off-grid squares, hands,
 * marks) through the reader of each of several variants, then every legal move made in
 * SAN and read back. The first byte picks the variant. */
#include "fuzz.h"

#include <stdio.h>

#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/pos.h"
#include "store/rules_load.h"

static const char *const names[] = {
	"chess", "lancer", "tests/variants/draughts.json", "tests/variants/palace.json",
	"tests/variants/wide.json",
};
#define NV (sizeof names / sizeof names[0])
static struct variant *vs[NV];

static void load(void)
{
	struct err e;

	for (size_t i = 0; i < NV; i++)
		if (!(vs[i] = rules_load(rules_dir(NULL), names[i], &e))) {
			fprintf(stderr, "fuzz_fen: %s\n", e.msg);
			abort();
		}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct pos p;
	struct movelist ml;
	struct err e;
	char *text, fen[4096], san[64];

	if (!vs[0])
		load();
	if (size < 1 || !(text = fuzz_string(data + 1, size - 1)))
		return 0;
	if (pos_from_fen(&p, vs[data[0] % NV], text, &e) == 0) {
		pos_to_fen(&p, fen, sizeof fen);
		movegen_legal(&p, &ml);
		for (int i = 0; i < ml.n && i < 64; i++) {
			struct move m;
			notation_san(&p, ml.m[i], san, sizeof san);
			if (notation_parse(&p, san, &m, &e) < 0 || !move_equal(m, ml.m[i])) {
				fprintf(stderr, "fuzz_fen: %s does not read back in %s\n", san, fen);
				abort();
			}
		}
	}
	free(text);
	return 0;
}
