/* rules_load.c: reading and checking rules/<name>.json (see rules.h). The only place that
 * turns variant data into engine calls. */
#include "store/rules_load.h"

#include "game/chessclock.h"
#include "store/jread.h"
#include "util/fsutil.h"

#include <ctype.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define EXTENDS_MAX 4

bool rules_name_ok(const char *name)
{
	size_t n = strlen(name);

	if (n == 0 || n >= VARIANT_NAME_MAX)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!islower((unsigned char)name[i]) && !isdigit((unsigned char)name[i]) &&
		    name[i] != '-' && name[i] != '_')
			return false;
	return true;
}

const char *rules_dir(const char *override)
{
	static char buf[PATH_MAX];

	return fs_data_dir(override, "TEMPEST_RULES_DIR", "rules", buf, sizeof buf);
}

/* ---- field access (store/jread.h: every error names the file and the field) ---- */

/* The node's fields must be among keys (a NULL-ended list) or "_comment", a text or a
 * list of texts. */
static int only(const struct jnode *n, const char *const *keys)
{
	const char *all[24];
	size_t k = 0;
	struct jnode c;

	for (; keys[k] && k < 22; k++)
		all[k] = keys[k];
	all[k] = "_comment", all[k + 1] = NULL;
	if (jread_obj(n, NULL, false, &c) < 0 || jread_only(n, all) < 0 ||
	    jread_any(n, "_comment", true, &c) < 0)
		return -1;
	if (c.v && !jread_is_str(&c) && !jread_is_arr(&c))
		return jread_fail(n, "_comment", "not a text or a list of texts");
	return 0;
}

/* A square's name (the node itself) on this board. */
static int get_square(const struct variant *v, const struct jnode *n, sq_t *out)
{
	const char *s;

	if (jread_strref(n, NULL, false, 16, &s) < 0)
		return -1;
	*out = variant_square_named(v, s, strlen(s));
	if (*out == SQ_NONE)
		return jread_fail(n, NULL, "'%s' is not a square of this board", s);
	return 0;
}

/* A list of relative ranks, e.g. [1, 2], as a bitmask. */
static int get_ranks(const struct jnode *n, const char *key, int ranks, uint32_t *out)
{
	int r[RANKS_MAX];
	size_t len;

	*out = 0;
	if (jread_ints(n, key, true, 0, RANKS_MAX, INT_MIN, INT_MAX, r, &len) < 0)
		return -1;
	for (size_t i = 0; i < len; i++) {
		if (r[i] < 1 || r[i] > ranks)
			return jread_fail(n, key, "ranks are numbered 1 to %d, counted from the "
					  "owner's side", ranks);
		*out |= 1u << (r[i] - 1);
	}
	return 0;
}

/* ---- sections ---- */

static int load_squares(const struct jnode *b, struct variant *v)
{
	static const char *const sqkeys[] = { "name", "file", "rank", "reserve", "only",
					      "not_in_check", NULL };
	struct jnode sqs, s;
	size_t n;

	if (jread_arr(b, "squares", true, &sqs, &n) < 0)
		return -1;
	for (size_t i = 0; i < n; i++) {
		char name[16];
		int file = 0, rank = 0;
		if (jread_at(&sqs, i, &s) < 0 || only(&s, sqkeys) < 0 ||
		    jread_str(&s, "name", false, name, sizeof name) < 0 ||
		    jread_i(&s, "file", false, -64, 96, &file) < 0 ||
		    jread_i(&s, "rank", false, -64, 96, &rank) < 0)
			return -1;
		if (variant_add_square(v, name, file - 1, rank - 1, b->doc->e) < 0)
			return err_prefix(b->doc->e, "%s: %s: ", b->doc->name, s.path), -1;
	}
	return 0;
}

static int load_board(const struct jnode *root, struct variant *v)
{
	static const char *const keys[] = { "files", "ranks", "squares", NULL };
	struct jnode b;
	int files = 0, ranks = 0;

	if (jread_obj(root, "board", false, &b) < 0 || only(&b, keys) < 0 ||
	    jread_i(&b, "files", false, 1, FILES_MAX, &files) < 0 ||
	    jread_i(&b, "ranks", false, 1, RANKS_MAX, &ranks) < 0)
		return -1;
	if (variant_set_board(v, files, ranks, root->doc->e) < 0)
		return err_prefix(root->doc->e, "%s: board: ", root->doc->name), -1;
	return load_squares(&b, v);
}

/* The index of the piece with this letter in the pieces list (it may be defined after the
 * piece that names it), or -1. The letters are checked first (load_pieces). */
static int piece_index(const struct jnode *pieces, char letter)
{
	struct jnode a, pc;
	char l[2];
	size_t n;
	int type = -1;

	if (jread_arr(pieces, NULL, false, &a, &n) < 0)
		return -1;
	for (size_t k = 0; k < n && jread_at(&a, k, &pc) == 0; k++)
		if (jread_str(&pc, "letter", false, l, sizeof l) == 0 && l[0] == letter)
			type = (int)k;
	return type;
}

/* A string of piece letters ("XY") as a type mask. */
static int get_letters(const struct jnode *n, const char *key, const struct jnode *pieces,
		       uint32_t *out)
{
	const char *text = NULL;

	if (jread_strref(n, key, true, TYPE_MAX, &text) < 0)
		return -1;
	for (*out = 0; text && *text; text++) {
		int t = piece_index(pieces, *text);
		if (t < 0 || t >= TYPE_MAX)
			return jread_fail(n, key, "'%c' is not a piece of this variant", *text);
		*out |= 1u << t;
	}
	return 0;
}

/* The rules of the extra squares (reserve, only, not_in_check), once the pieces are known. */
static int load_square_rules(const struct jnode *root, struct variant *v)
{
	struct jnode b, sqs, s, pieces;
	size_t n;

	if (jread_obj(root, "board", false, &b) < 0 || jread_arr(&b, "squares", true, &sqs, &n) < 0 ||
	    jread_arr(root, "pieces", false, &pieces, NULL) < 0)
		return -1;
	for (size_t i = 0; i < n; i++) {
		bool reserve = false, calm = false;
		uint32_t mask = 0;
		char name[16];
		if (jread_at(&sqs, i, &s) < 0 || jread_str(&s, "name", false, name, sizeof name) < 0 ||
		    jread_bool(&s, "reserve", true, &reserve) < 0 ||
		    jread_bool(&s, "not_in_check", true, &calm) < 0 ||
		    get_letters(&s, "only", &pieces, &mask) < 0)
			return -1;
		if (reserve && (mask || calm))
			return jread_fail(&s, NULL, "a reserve square is entered by no move");
		variant_set_square_rules(v, variant_square_named(v, name, strlen(name)),
					 (reserve ? SQF_RESERVE : 0) |
					 (jread_has(&s, "only") ? SQF_ENTRY : 0) |
					 (calm ? SQF_CALM : 0), mask);
	}
	return 0;
}

/* One promotion choice: a piece letter, or an object with the letter and its terms. */
static int load_choice(const struct jnode *x, const struct variant *v,
		       const struct jnode *pieces, struct promo_choice *pc)
{
	static const char *const keys[] = { "piece", "colour_of", "rank", "same_mark",
					     "optional_while", NULL };
	char letter[8], colour[16] = "";
	int rank = 0;

	if (jread_is_str(x) ? jread_str(x, NULL, false, letter, sizeof letter) < 0 :
	    only(x, keys) < 0 || jread_str(x, "piece", false, letter, sizeof letter) < 0 ||
	    jread_str(x, "colour_of", true, colour, sizeof colour) < 0 ||
	    jread_i(x, "rank", true, 1, v->ranks, &rank) < 0 ||
	    jread_bool(x, "same_mark", true, &pc->same_mark) < 0 ||
	    get_letters(x, "optional_while", pieces, &pc->optional_while) < 0)
		return -1;
	if (strlen(letter) != 1)
		return jread_fail(x, NULL, "'%s' is not one piece letter", letter);
	int type = piece_index(pieces, letter[0]);
	if (type < 0)
		return jread_fail(x, NULL, "'%s' is not a piece of this variant", letter);
	pc->type = (uint8_t)type;
	pc->rank = (uint8_t)rank;
	pc->colour_of = colour[0] ? variant_square_named(v, colour, strlen(colour)) : SQ_NONE;
	if (colour[0] && pc->colour_of == SQ_NONE)
		return jread_fail(x, NULL, "colour_of '%s' is not a square", colour);
	return 0;
}

static int load_promotion(const struct jnode *pawn, const struct variant *v,
			  struct pawn_rules *pr, const struct jnode *pieces)
{
	struct jnode arr, x;
	size_t n;

	if (jread_arr(pawn, "promotion", true, &arr, &n) < 0)
		return -1;
	for (size_t i = 0; i < n; i++) {
		struct promo_choice pc = { .colour_of = SQ_NONE };
		if (jread_at(&arr, i, &x) < 0 || load_choice(&x, v, pieces, &pc) < 0)
			return -1;
		if (pr->npromo >= TYPE_MAX)
			return jread_fail(&x, NULL, "too many choices");
		pr->promo[pr->npromo++] = pc;
	}
	return 0;
}

static int load_pawn(const struct jnode *pawn, const struct variant *v, struct pawn_rules *pr,
		     const struct jnode *pieces)
{
	static const char *const keys[] = { "double_step_ranks", "en_passant", "promotion_ranks",
					     "promotion", "may_rest_on_promotion_rank", "exchange",
					     NULL };

	pr->is_pawn = true;
	return only(pawn, keys) < 0 ||
	       get_ranks(pawn, "double_step_ranks", v->ranks, &pr->double_step_ranks) < 0 ||
	       jread_bool(pawn, "en_passant", true, &pr->en_passant) < 0 ||
	       jread_bool(pawn, "may_rest_on_promotion_rank", true, &pr->may_rest) < 0 ||
	       jread_bool(pawn, "exchange", true, &pr->exchange) < 0 ||
	       get_ranks(pawn, "promotion_ranks", v->ranks, &pr->promotion_ranks) < 0 ||
	       load_promotion(pawn, v, pr, pieces) < 0 ? -1 : 0;
}

/* Every piece's letter, one upper-case letter (the others name pieces by it). */
static int piece_letters(const struct jnode *arr, size_t n)
{
	struct jnode pc;
	char letter[8];

	for (size_t i = 0; i < n; i++) {
		if (jread_at(arr, i, &pc) < 0 ||
		    jread_str(&pc, "letter", false, letter, sizeof letter) < 0)
			return -1;
		if (strlen(letter) != 1 || !isupper((unsigned char)letter[0]))
			return jread_fail(&pc, NULL, "letter '%s' must be one upper-case letter",
					  letter);
	}
	return 0;
}

/* A piece's moves: its Betza text, its jumps (capture chains) and where they land. */
static int load_moves(const struct jnode *pc, struct variant *v, struct piece_def **pd)
{
	static const char *const landings[] = { "any", "near" };
	const char *name, *betza, *jumps = NULL;
	struct err *e = pc->doc->e;
	char letter[2];
	int landing = 0;

	if (jread_str(pc, "letter", false, letter, sizeof letter) < 0 ||
	    jread_strref(pc, "name", false, 256, &name) < 0 ||
	    jread_strref(pc, "betza", false, 256, &betza) < 0)
		return -1;
	if (variant_add_piece(v, letter[0], name, betza, e) < 0)
		return err_prefix(e, "%s: %s.betza: ", pc->doc->name, pc->path), -1;
	*pd = &v->type[v->ntypes - 1];
	if (jread_strref(pc, "jumps", true, 256, &jumps) < 0)
		return -1;
	if (jumps && variant_set_chains(v, v->ntypes - 1, jumps, e) < 0)
		return err_prefix(e, "%s: %s.jumps: ", pc->doc->name, pc->path), -1;
	if (jread_enum(pc, "jump_landing", true, landings, 2, &landing) < 0)
		return -1;
	(*pd)->jump_land_near = landing == 1;
	return 0;
}

static int load_pieces(const struct jnode *root, struct variant *v)
{
	static const char *const keys[] = { "letter", "name", "betza", "royal", "castling_partner",
					    "minor", "pawn", "jumps", "jump_landing", NULL };
	struct jnode arr, pc, pawn;
	struct piece_def *pd;
	size_t n;

	if (jread_arr(root, "pieces", false, &arr, &n) < 0)
		return -1;
	if (n == 0)
		return jread_fail(root, "pieces", "must be a non-empty list");
	if (piece_letters(&arr, n) < 0)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (jread_at(&arr, i, &pc) < 0 || only(&pc, keys) < 0 || load_moves(&pc, v, &pd) < 0 ||
		    jread_bool(&pc, "royal", true, &pd->royal) < 0 ||
		    jread_bool(&pc, "castling_partner", true, &pd->castling_partner) < 0 ||
		    jread_bool(&pc, "minor", true, &pd->minor) < 0 ||
		    jread_obj(&pc, "pawn", true, &pawn) < 0 ||
		    (pawn.v && load_pawn(&pawn, v, &pd->pawn, &arr) < 0))
			return -1;
	return 0;
}

/* A [from, to] pair of squares at key. */
static int get_squares(const struct jnode *x, const char *key, const struct variant *v,
		       sq_t *from, sq_t *to)
{
	struct jnode sq[2], a;
	size_t n;

	if (jread_arr(x, key, false, &a, &n) < 0)
		return -1;
	if (n != 2)
		return jread_fail(x, key, "must be [from, to]");
	return jread_at(&a, 0, &sq[0]) < 0 || jread_at(&a, 1, &sq[1]) < 0 ||
	       get_square(v, &sq[0], from) < 0 || get_square(v, &sq[1], to) < 0 ? -1 : 0;
}

static int load_castling(const struct jnode *root, struct variant *v)
{
	static const char *const keys[] = { "fen", "san", "royal", "partner", NULL };
	struct jnode arr, x;
	size_t n;

	if (jread_arr(root, "castling", true, &arr, &n) < 0)
		return -1;
	for (size_t i = 0; i < n; i++) {
		char fen[8], san[32];
		struct castling_def cd;
		if (jread_at(&arr, i, &x) < 0 || only(&x, keys) < 0 ||
		    jread_str(&x, "fen", false, fen, sizeof fen) < 0 ||
		    jread_str(&x, "san", false, san, sizeof san) < 0)
			return -1;
		if (strlen(fen) != 1 || strlen(san) == 0 || strlen(san) >= sizeof cd.san)
			return jread_fail(&x, NULL, "fen is one letter and san a short text like "
					  "\"O-O\"");
		cd.fen = fen[0];
		snprintf(cd.san, sizeof cd.san, "%s", san);
		if (get_squares(&x, "royal", v, &cd.royal_from, &cd.royal_to) < 0 ||
		    get_squares(&x, "partner", v, &cd.partner_from, &cd.partner_to) < 0)
			return -1;
		if (variant_add_castling(v, &cd, root->doc->e) < 0)
			return err_prefix(root->doc->e, "%s: %s: ", root->doc->name, x.path), -1;
	}
	return 0;
}

static int load_draws(const struct jnode *root, struct variant *v)
{
	static const char *const keys[] = { "claim_plies", "auto_plies", "claim_repetitions",
					    "auto_repetitions", "dead_material", NULL };
	struct jnode d;
	struct draw_rules *r = &v->draws;

	if (jread_obj(root, "draws", true, &d) < 0)
		return -1;
	if (!d.v)
		return 0;
	return only(&d, keys) < 0 ||
	       jread_i(&d, "claim_plies", true, 0, 10000, &r->claim_plies) < 0 ||
	       jread_i(&d, "auto_plies", true, 0, 10000, &r->auto_plies) < 0 ||
	       jread_i(&d, "claim_repetitions", true, 0, 100, &r->claim_repetitions) < 0 ||
	       jread_i(&d, "auto_repetitions", true, 0, 100, &r->auto_repetitions) < 0 ||
	       jread_bool(&d, "dead_material", true, &r->dead_material) < 0 ? -1 : 0;
}

static int load_time(const struct jnode *root, struct variant *v)
{
	static const char *const keys[] = { "control", "intercept_hours", "answer_hours", NULL };
	struct jnode t;
	struct time_control tc;
	char why[256];

	if (jread_obj(root, "time", true, &t) < 0)
		return -1;
	if (!t.v)
		return 0;
	if (only(&t, keys) < 0 ||
	    jread_str(&t, "control", true, v->time_control, sizeof v->time_control) < 0 ||
	    jread_i(&t, "intercept_hours", true, 0, 24 * 60, &v->intercept_hours) < 0 ||
	    jread_i(&t, "answer_hours", true, 0, 24 * 60, &v->answer_hours) < 0)
		return -1;
	if (v->time_control[0] && chessclock_parse(v->time_control, &tc, why, sizeof why) < 0)
		return jread_fail(&t, "control", "%s", why);
	return 0;
}

/* ---- files and "extends" ---- */

/* A rules file, one JSON object, open in r. */
static int open_rules(struct jread *r, const char *path, struct jnode *root, struct err *e)
{
	if (access(path, R_OK) != 0)
		return err_set(e, "%s: cannot read the file", path);
	if (jread_file(r, path, NULL, root, e) < 0)
		return -1;
	if (!jread_is_obj(root)) {
		jread_close(r);
		return err_set(e, "%s: the file must hold one JSON object", path);
	}
	return 0;
}

/* Objects merge key by key (recursively); anything else in `over` replaces. */
static void merge(const struct jnode *base, const struct jnode *over)
{
	struct jnode val, old;
	const char *key;
	void *it = NULL;

	while (jread_member(over, &it, &key, &val) == 1) {
		if (jread_any(base, key, true, &old) == 0 && jread_is_obj(&old) && jread_is_obj(&val))
			merge(&old, &val);
		else
			json_object_set(base->v, key, val.v);
	}
}

/* The index in the base's pieces of the one with this letter, or -1. */
static long base_piece(const struct jnode *bp, const char *letter)
{
	struct jnode y;
	char l[8];
	size_t n;
	long found = -1;

	if (jread_arr(bp, NULL, false, &y, &n) < 0)
		return -1;
	for (size_t k = 0; k < n && jread_at(bp, k, &y) == 0; k++)
		if (jread_str(&y, "letter", false, l, sizeof l) == 0 && !strcmp(l, letter))
			found = (long)k;
	return found;
}

/* A child's pieces merge into the base's by letter; {"letter": X, "remove": true} drops. */
static int merge_pieces(const struct jnode *base, const struct jnode *over)
{
	struct jnode bp, op, x, y;
	size_t n;

	if (jread_arr(over, "pieces", true, &op, &n) < 0 || !op.v ||
	    jread_arr(base, "pieces", false, &bp, NULL) < 0)
		return op.v ? -1 : 0;
	for (size_t i = 0; i < n; i++) {
		char letter[8];
		bool remove = false;
		if (jread_at(&op, i, &x) < 0 || jread_str(&x, "letter", false, letter, sizeof letter) < 0 ||
		    jread_bool(&x, "remove", true, &remove) < 0)
			return -1;
		struct err quiet = { 0 }, *e = base->doc->e;
		base->doc->e = &quiet;          /* a missing letter: not this one */
		long found = base_piece(&bp, letter);
		base->doc->e = e;
		if (remove && found >= 0)
			json_array_remove(bp.v, (size_t)found);
		else if (!remove && found >= 0 && jread_at(&bp, (size_t)found, &y) == 0)
			merge(&y, &x);
		else if (!remove)
			json_array_append(bp.v, x.v);
	}
	return 0;
}

static int path_for(const char *dir, const char *name, char *out, size_t len, struct err *e)
{
	if (strchr(name, '/') || (strlen(name) > 5 && !strcmp(name + strlen(name) - 5, ".json"))) {
		snprintf(out, len, "%s", name);
		return 0;
	}
	if (!rules_name_ok(name))
		return err_set(e, "'%s' is not a variant name (lower-case letters, digits, - and _)",
			       name);
	snprintf(out, len, "%s/%s.json", dir, name);
	return 0;
}

/* The file's JSON with its "extends" chain resolved, open in r with its root in root;
 * errors name the file at the chain's start. */
static int load_resolved(const char *dir, const char *name, int depth, struct jread *r,
			 struct jnode *root, struct err *e)
{
	char path[PATH_MAX], parent[PATH_MAX];
	struct jread br;
	struct jnode base;

	if (depth > EXTENDS_MAX)
		return err_set(e, "%s: 'extends' goes deeper than %d files (a loop?)", name,
			       EXTENDS_MAX);
	if (path_for(dir, name, path, sizeof path, e) < 0 || open_rules(r, path, root, e) < 0)
		return -1;
	if (!jread_has(root, "extends"))
		return 0;
	if (jread_str(root, "extends", false, parent, sizeof parent) < 0) {
		jread_close(r);
		return -1;
	}
	if (load_resolved(dir, parent, depth + 1, &br, &base, e) < 0) {
		jread_close(r);
		return err_prefix(e, "%s: extends: ", path), -1;
	}
	if (merge_pieces(&base, root) < 0) {
		jread_close(&br);
		jread_close(r);
		return -1;
	}
	json_object_del(root->v, "pieces");
	json_object_del(root->v, "extends");
	json_object_del(base.v, "_comment");
	json_object_del(base.v, "about");       /* what a variant is is said by its own file */
	merge(&base, root);
	jread_close(r);
	*r = br;                        /* the merged tree, named after this file */
	snprintf(r->name, sizeof r->name, "%s", path);
	*root = base;
	root->doc = r;
	return 0;
}

/* The kind that referees the variant and its card catalogue. */
static int load_kind(const struct jnode *root, struct variant *v)
{
	char kind[16] = "", protocol[16] = "", cards[sizeof v->cards] = "";

	if (jread_str(root, "kind", true, kind, sizeof kind) < 0 ||
	    jread_str(root, "protocol", true, protocol, sizeof protocol) < 0 ||
	    jread_str(root, "cards", true, cards, sizeof cards) < 0)
		return -1;
	/* "protocol" is the first release's name of "kind"; whether a kind exists is the
	 * registry's to say (the loader knows no game) */
	if (kind[0] && protocol[0])
		return jread_fail(root, "protocol", "give the kind once, as \"kind\"");
	if (!kind[0])
		memcpy(kind, protocol, sizeof kind);
	if (kind[0] && !rules_name_ok(kind))
		return jread_fail(root, "kind", "'%s' is not a kind's name", kind);
	if (cards[0] && !rules_name_ok(cards))
		return jread_fail(root, "cards", "'%s' is not a card catalogue name", cards);
	snprintf(v->protocol, sizeof v->protocol, "%s", strcmp(kind, "chess") ? kind : "");
	snprintf(v->cards, sizeof v->cards, "%s", cards);
	return 0;
}

/* "sides": ["Bengal", "Siberian"]: what the mails call White and Black, where the
 * variant's own text names its armies (seed 003). */
static int load_sides(const struct jnode *root, struct variant *v)
{
	struct jnode pair[2];

	v->side[0][0] = v->side[1][0] = 0;
	if (jread_pair(root, "sides", true, pair) < 0)
		return -1;
	for (int c = 0; c < 2 && pair[c].v; c++) {
		if (jread_str(&pair[c], NULL, false, v->side[c], sizeof v->side[c]) < 0)
			return -1;
		if (!v->side[c][0])
			return jread_fail(root, "sides", "a side's name is empty");
	}
	return 0;
}

static int load_variant(const struct jnode *root, struct variant *v)
{
	static const char *const keys[] = { "name", "title", "board", "pieces", "castling",
					    "setup", "draws", "kind", "protocol", "cards", "time",
					    "boards", "about", "sides", NULL };
	char name[VARIANT_NAME_MAX + 64];
	int boards = 1;

	if (only(root, keys) < 0 || load_kind(root, v) < 0 ||
	    jread_i(root, "boards", true, 1, 7, &boards) < 0 ||
	    jread_str(root, "name", false, name, sizeof name) < 0 ||
	    jread_str(root, "setup", false, v->setup, sizeof v->setup) < 0)
		return -1;
	v->boards = boards;
	if (!rules_name_ok(name))
		return jread_fail(root, "name", "'%s' must be lower-case letters, digits, - and _",
				  name);
	snprintf(v->name, sizeof v->name, "%s", name);
	snprintf(v->title, sizeof v->title, "%s", name);
	v->about[0] = 0;
	if (jread_str(root, "title", true, v->title, sizeof v->title) < 0 ||
	    jread_str(root, "about", true, v->about, sizeof v->about) < 0 ||
	    load_sides(root, v) < 0 || load_time(root, v) < 0 || load_board(root, v) < 0 || load_pieces(root, v) < 0 ||
	    load_square_rules(root, v) < 0 || load_castling(root, v) < 0 || load_draws(root, v) < 0)
		return -1;
	if (variant_compile(v, root->doc->e) < 0)
		return err_prefix(root->doc->e, "%s: ", root->doc->name), -1;
	return 0;
}

struct variant *rules_load(const char *dir, const char *name, struct err *e)
{
	struct jread r;
	struct jnode root;
	struct variant *v;

	if (load_resolved(dir, name, 0, &r, &root, e) < 0)
		return NULL;
	if (!(v = variant_new(NULL)))
		err_set(e, "out of memory");
	else if (load_variant(&root, v) < 0) {
		variant_free(v);
		v = NULL;
	}
	jread_close(&r);
	return v;
}
