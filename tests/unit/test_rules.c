/* test_rules.c: the variant files in rules/ load; broken ones fail with the file and the
 * field named, and never crash. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "engine/pos.h"
#include "store/rules_load.h"

static const struct { const char *file, *error; } bad[] = {
	{ "unknown-field", "unknown-field.json: piecez: unknown field" },
	{ "bad-betza", "bad-betza.json: pieces[1].betza: 'Xq': 'X' at 1 is not a Betza atom" },
	{ "no-setup", "no-setup.json: setup: missing" },
	{ "bad-setup", "bad-setup.json: starting position: bad FEN: rank 1 is longer" },
	{ "bad-castling", "bad-castling.json: castling[0].royal[0]: 'e9' is not a square" },
	{ "truncated", "truncated.json:2:" },
	{ "garbage", "garbage.json:1:" },
	{ "not-object", "not-object.json: the file must hold one JSON object" },
	{ "bad-promo", "pieces[1].pawn.promotion[0]: 'X' is not a piece of this variant" },
	{ "royal-promo", "piece P cannot promote to a royal or unknown piece" },
	{ "no-promo-choice", "piece P promotes but has no promotion choices" },
	{ "bad-rank", "pieces[1].pawn.double_step_ranks: ranks are numbered 1 to 8" },
	{ "twice-letter", "pieces[1].betza: piece letter 'K' is used twice" },
	{ "lower-letter", "pieces[0]: letter 'k' must be one upper-case letter" },
	{ "big-board", "big-board.json: board.files: 703 is out of range 1..702" },
	{ "bool-type", "pieces[0].royal: not true or false" },
	{ "dup-key", "dup-key.json:1:" },
	{ "loop-a", "'extends' goes deeper than" },
	{ "bad-extends", "bad-extends.json: extends: tests/rules-bad/no-such-variant.json: cannot read" },
	{ "bad-name", "name: 'Bad Name' must be lower-case letters" },
	{ "no-pieces", "pieces: must be a non-empty list" },
	{ "bad-square", "square 'a1' is defined twice" },
	{ "bad-jumps", "bad-jumps.json: pieces[1].jumps: 'N': jumps go along lines" },
	{ "bad-jumps-type", "bad-jumps-type.json: pieces[1].jumps: not a string" },
	{ "bad-landing", "bad-landing.json: pieces[1].jump_landing: 'far' is not one of any, near" },
	{ "bad-reserve", "bad-reserve.json: board.squares[0]: a reserve square is entered by no move" },
	{ "bad-only", "bad-only.json: board.squares[0].only: 'E' is not a piece of this variant" },
	{ "bad-exchange", "pieces[2].pawn.promotion[0].optional_while: 'X' is not a piece of this "
	  "variant" },
	{ "no-such-file", "tests/rules-bad/no-such-file.json: cannot read the file" },
	{ "../rules/chess", "tests/rules-bad/../rules/chess.json" },   /* a path: allowed */
	{ "Chess", "'Chess' is not a variant name" },
	{ "x/../../etc", "cannot read the file" },
};

int main(void)
{
	struct err e;
	DIR *d = opendir("rules");
	struct dirent *de;
	int nfiles = 0;

	/* every shipped variant loads and its starting position has moves */
	CHECK(d != NULL);
	while (d && (de = readdir(d))) {
		size_t n = strlen(de->d_name);
		if (n < 6 || strcmp(de->d_name + n - 5, ".json"))
			continue;
		char name[64];
		snprintf(name, sizeof name, "%.*s", (int)(n - 5), de->d_name);
		check_context("rules/%s", de->d_name);
		struct variant *v = rules_load("rules", name, &e);
		if (!CHECK(v != NULL)) {
			check_context("rules/%s: %s", de->d_name, e.msg);
			CHECK(0);
			continue;
		}
		CHECK_STR(v->name, name);
		nfiles++;
		variant_free(v);
	}
	if (d)
		closedir(d);
	CHECK(nfiles >= 3);

	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		check_context("tests/rules-bad/%s", bad[i].file);
		e.msg[0] = 0;
		struct variant *v = rules_load("tests/rules-bad", bad[i].file, &e);
		if (!strcmp(bad[i].file, "../rules/chess")) {
			CHECK(v == NULL);       /* not a path (no .json) nor a name */
			variant_free(v);
			continue;
		}
		CHECK(v == NULL);
		CHECK_HAS(e.msg, bad[i].error);
		variant_free(v);
	}
	check_context(NULL);

	/* a path to a file works; knightmare inherits from chess and changes the pawn */
	struct variant *k = rules_load("rules", "rules/knightmare.json", &e);
	CHECK(k != NULL);
	if (k) {
		int p = variant_type_by_letter(k, 'P');
		CHECK_STR(k->title, "Knightmare Chess");
		CHECK_INT(k->ntypes, 6);
		CHECK_INT(k->type[p].pawn.double_step_ranks, 3);
		CHECK(k->type[p].pawn.en_passant);
		CHECK_INT(k->ncastle, 2);
		variant_free(k);
	}
	CHECK(rules_name_ok("lancer"));
	CHECK(rules_name_ok("my_variant-2"));
	CHECK(!rules_name_ok("../x"));
	CHECK(!rules_name_ok(""));
	CHECK(!rules_name_ok("a/b"));
	CHECK(!rules_name_ok("Chess"));
	return check_done();
}
