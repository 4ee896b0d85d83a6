/* rules_load.c: reading and checking rules/<name>.json (see rules.h). The only place that
 * turns variant data into engine calls. */
#include "store/rules_load.h"

#include "game/chessclock.h"
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

/* ---- generic field access, every error naming file and field ---- */

struct ctx {
	const char *file;
	struct err *e;
};

static int fail(const struct ctx *c, const char *field, const char *fmt, const char *detail)
{
	char msg[ERR_MAX];

	snprintf(msg, sizeof msg, fmt, detail);
	return err_set(c->e, "%s: %s: %s", c->file, field, msg);
}

/* Rejects keys not in `allowed` (a NULL-terminated list); "_comment" is always allowed. */
static int check_keys(const struct ctx *c, json_t *obj, const char *field,
		      const char *const *allowed)
{
	const char *key;
	json_t *val;

	if (!json_is_object(obj))
		return fail(c, field, "must be an object%s", "");
	json_object_foreach(obj, key, val) {
		bool ok = !strcmp(key, "_comment");
		for (int i = 0; allowed[i] && !ok; i++)
			ok = !strcmp(key, allowed[i]);
		if (!ok) {
			char f[256];
			snprintf(f, sizeof f, "%s.%s", field, key);
			return fail(c, f, "unknown field '%s'", key);
		}
		if (!strcmp(key, "_comment") && !json_is_string(val) && !json_is_array(val))
			return fail(c, field, "_comment must be text or a list of texts%s", "");
	}
	return 0;
}

static int get_string(const struct ctx *c, json_t *obj, const char *key, const char *field,
		      bool required, const char **out)
{
	json_t *v = json_object_get(obj, key);
	char f[256];

	snprintf(f, sizeof f, "%s%s%s", field, *field ? "." : "", key);
	*out = NULL;
	if (!v)
		return required ? fail(c, f, "is missing%s", "") : 0;
	if (!json_is_string(v))
		return fail(c, f, "must be text%s", "");
	*out = json_string_value(v);
	return 0;
}

static int get_int(const struct ctx *c, json_t *obj, const char *key, const char *field,
		   long lo, long hi, bool required, int *out)
{
	json_t *v = json_object_get(obj, key);
	char f[256], range[64];

	snprintf(f, sizeof f, "%s%s%s", field, *field ? "." : "", key);
	if (!v)
		return required ? fail(c, f, "is missing%s", "") : 0;
	snprintf(range, sizeof range, "%ld to %ld", lo, hi);
	if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi)
		return fail(c, f, "must be a whole number from %s", range);
	*out = (int)json_integer_value(v);
	return 0;
}

static int get_bool(const struct ctx *c, json_t *obj, const char *key, const char *field,
		    bool *out)
{
	json_t *v = json_object_get(obj, key);
	char f[256];

	snprintf(f, sizeof f, "%s.%s", field, key);
	if (!v)
		return 0;
	if (!json_is_boolean(v))
		return fail(c, f, "must be true or false%s", "");
	*out = json_is_true(v);
	return 0;
}

static int get_square(const struct ctx *c, const struct variant *v, json_t *val,
		      const char *field, sq_t *out)
{
	if (!json_is_string(val))
		return fail(c, field, "must be a square name%s", "");
	const char *s = json_string_value(val);
	*out = variant_square_named(v, s, strlen(s));
	if (*out == SQ_NONE)
		return fail(c, field, "'%s' is not a square of this board", s);
	return 0;
}

/* A list of relative ranks, e.g. [1, 2], as a bitmask. */
static int get_ranks(const struct ctx *c, json_t *obj, const char *key, const char *field,
		     int ranks, uint32_t *out)
{
	json_t *arr = json_object_get(obj, key), *x;
	size_t i;
	char f[256];

	snprintf(f, sizeof f, "%s.%s", field, key);
	*out = 0;
	if (!arr)
		return 0;
	if (!json_is_array(arr))
		return fail(c, f, "must be a list of rank numbers%s", "");
	json_array_foreach(arr, i, x) {
		if (!json_is_integer(x) || json_integer_value(x) < 1 ||
		    json_integer_value(x) > ranks) {
			char msg[64];
			snprintf(msg, sizeof msg, "%d", ranks);
			return fail(c, f, "ranks are numbered 1 to %s, counted from the owner's side",
				    msg);
		}
		*out |= 1u << (json_integer_value(x) - 1);
	}
	return 0;
}

/* ---- sections ---- */

static int load_board(const struct ctx *c, struct variant *v, json_t *root)
{
	static const char *const keys[] = { "files", "ranks", "squares", NULL };
	static const char *const sqkeys[] = { "name", "file", "rank", "reserve", "only",
					      "not_in_check", NULL };
	json_t *b = json_object_get(root, "board"), *sqs, *s;
	int files = 0, ranks = 0;
	size_t i;

	if (!b)
		return fail(c, "board", "is missing%s", "");
	if (check_keys(c, b, "board", keys) < 0 ||
	    get_int(c, b, "files", "board", 1, FILES_MAX, true, &files) < 0 ||
	    get_int(c, b, "ranks", "board", 1, RANKS_MAX, true, &ranks) < 0)
		return -1;
	if (variant_set_board(v, files, ranks, c->e) < 0)
		return err_prefix(c->e, "%s: board: ", c->file), -1;
	sqs = json_object_get(b, "squares");
	if (sqs && !json_is_array(sqs))
		return fail(c, "board.squares", "must be a list%s", "");
	json_array_foreach(sqs, i, s) {
		char f[64];
		const char *name;
		int file = 0, rank = 0;
		snprintf(f, sizeof f, "board.squares[%zu]", i);
		if (check_keys(c, s, f, sqkeys) < 0 || get_string(c, s, "name", f, true, &name) < 0 ||
		    get_int(c, s, "file", f, -64, 96, true, &file) < 0 ||
		    get_int(c, s, "rank", f, -64, 96, true, &rank) < 0)
			return -1;
		if (variant_add_square(v, name, file - 1, rank - 1, c->e) < 0)
			return err_prefix(c->e, "%s: %s: ", c->file, f), -1;
	}
	return 0;
}

/* The index of the piece with this letter in the JSON list (it may be defined after the
 * piece that names it), or -1. */
static int piece_index(json_t *pieces, char letter)
{
	size_t k;
	json_t *pc;
	int type = -1;

	json_array_foreach(pieces, k, pc) {
		json_t *l = json_object_get(pc, "letter");
		if (json_is_string(l) && json_string_value(l)[0] == letter &&
		    !json_string_value(l)[1])
			type = (int)k;
	}
	return type;
}

/* A string of piece letters ("XY") as a type mask. */
static int get_letters(const struct ctx *c, json_t *obj, const char *key, const char *field,
		       json_t *pieces, uint32_t *out)
{
	const char *text = NULL;
	char f[300];

	snprintf(f, sizeof f, "%s.%s", field, key);
	if (get_string(c, obj, key, field, false, &text) < 0)
		return -1;
	for (*out = 0; text && *text; text++) {
		int t = piece_index(pieces, *text);
		char one[2] = { *text, 0 };
		if (t < 0 || t >= TYPE_MAX)
			return fail(c, f, "'%s' is not a piece of this variant", one);
		*out |= 1u << t;
	}
	return 0;
}

/* The rules of the extra squares (reserve, only, not_in_check), once the pieces are known. */
static int load_square_rules(const struct ctx *c, struct variant *v, json_t *root)
{
	json_t *sqs = json_object_get(json_object_get(root, "board"), "squares"), *s;
	json_t *pieces = json_object_get(root, "pieces");
	size_t i;

	json_array_foreach(sqs, i, s) {
		char f[64];
		bool reserve = false, calm = false;
		uint32_t only = 0;
		const char *name = json_string_value(json_object_get(s, "name"));
		snprintf(f, sizeof f, "board.squares[%zu]", i);
		if (get_bool(c, s, "reserve", f, &reserve) < 0 ||
		    get_bool(c, s, "not_in_check", f, &calm) < 0 ||
		    get_letters(c, s, "only", f, pieces, &only) < 0)
			return -1;
		if (reserve && (only || calm))
			return fail(c, f, "a reserve square is entered by no move%s", "");
		variant_set_square_rules(v, variant_square_named(v, name, strlen(name)),
					 (reserve ? SQF_RESERVE : 0) |
					 (json_object_get(s, "only") ? SQF_ENTRY : 0) |
					 (calm ? SQF_CALM : 0), only);
	}
	return 0;
}

static int load_promotion(const struct ctx *c, struct variant *v, json_t *pawn,
			  const char *field, struct pawn_rules *pr, json_t *pieces)
{
	json_t *arr = json_object_get(pawn, "promotion"), *x;
	size_t i;
	char f[256];

	if (!arr)
		return 0;
	snprintf(f, sizeof f, "%s.promotion", field);
	if (!json_is_array(arr))
		return fail(c, f, "must be a list of piece letters%s", "");
	json_array_foreach(arr, i, x) {
		static const char *const keys[] = { "piece", "colour_of", "rank", "same_mark",
						     "optional_while", NULL };
		const char *letter = NULL, *colour = NULL;
		struct promo_choice pc = { .colour_of = SQ_NONE };
		int rank = 0;
		char fi[300];
		snprintf(fi, sizeof fi, "%s[%zu]", f, i);
		if (json_is_string(x))
			letter = json_string_value(x);
		else if (check_keys(c, x, fi, keys) < 0 ||
			 get_string(c, x, "piece", fi, true, &letter) < 0 ||
			 get_string(c, x, "colour_of", fi, false, &colour) < 0 ||
			 get_int(c, x, "rank", fi, 1, v->ranks, false, &rank) < 0 ||
			 get_bool(c, x, "same_mark", fi, &pc.same_mark) < 0 ||
			 get_letters(c, x, "optional_while", fi, pieces, &pc.optional_while) < 0)
			return -1;
		if (strlen(letter) != 1)
			return fail(c, fi, "'%s' is not one piece letter", letter);
		int type = piece_index(pieces, letter[0]);
		if (type < 0)
			return fail(c, fi, "'%s' is not a piece of this variant", letter);
		if (pr->npromo >= TYPE_MAX)
			return fail(c, fi, "too many choices%s", "");
		pc.type = (uint8_t)type;
		pc.rank = (uint8_t)rank;
		pr->promo[pr->npromo] = pc;
		if (colour) {
			sq_t s = variant_square_named(v, colour, strlen(colour));
			if (s == SQ_NONE)
				return fail(c, fi, "colour_of '%s' is not a square", colour);
			pr->promo[pr->npromo].colour_of = s;
		}
		pr->npromo++;
	}
	return 0;
}

static int load_pawn(const struct ctx *c, struct variant *v, json_t *pawn, const char *field,
		     struct pawn_rules *pr, json_t *pieces)
{
	static const char *const keys[] = { "double_step_ranks", "en_passant", "promotion_ranks",
					     "promotion", "may_rest_on_promotion_rank", "exchange",
					     NULL };
	char f[256];

	snprintf(f, sizeof f, "%s.pawn", field);
	if (check_keys(c, pawn, f, keys) < 0)
		return -1;
	pr->is_pawn = true;
	if (get_ranks(c, pawn, "double_step_ranks", f, v->ranks, &pr->double_step_ranks) < 0 ||
	    get_bool(c, pawn, "en_passant", f, &pr->en_passant) < 0 ||
	    get_bool(c, pawn, "may_rest_on_promotion_rank", f, &pr->may_rest) < 0 ||
	    get_bool(c, pawn, "exchange", f, &pr->exchange) < 0 ||
	    get_ranks(c, pawn, "promotion_ranks", f, v->ranks, &pr->promotion_ranks) < 0 ||
	    load_promotion(c, v, pawn, f, pr, pieces) < 0)
		return -1;
	return 0;
}

static int load_pieces(const struct ctx *c, struct variant *v, json_t *root)
{
	static const char *const keys[] = { "letter", "name", "betza", "royal", "castling_partner",
					    "minor", "pawn", "jumps", "jump_landing", NULL };
	json_t *arr = json_object_get(root, "pieces"), *pc;
	size_t i;

	if (!json_is_array(arr) || json_array_size(arr) == 0)
		return fail(c, "pieces", "must be a non-empty list%s", "");
	json_array_foreach(arr, i, pc) {
		char f[64];
		const char *letter, *name, *betza;
		snprintf(f, sizeof f, "pieces[%zu]", i);
		if (check_keys(c, pc, f, keys) < 0 || get_string(c, pc, "letter", f, true, &letter) < 0 ||
		    get_string(c, pc, "name", f, true, &name) < 0 ||
		    get_string(c, pc, "betza", f, true, &betza) < 0)
			return -1;
		if (strlen(letter) != 1 || !isupper((unsigned char)letter[0]))
			return fail(c, f, "letter '%s' must be one upper-case letter", letter);
		if (variant_add_piece(v, letter[0], name, betza, c->e) < 0)
			return err_prefix(c->e, "%s: %s.betza: ", c->file, f), -1;
		struct piece_def *pd = &v->type[v->ntypes - 1];
		json_t *pawn = json_object_get(pc, "pawn");
		const char *jumps = NULL;
		if (get_string(c, pc, "jumps", f, false, &jumps) < 0)
			return -1;
		if (jumps && variant_set_chains(v, v->ntypes - 1, jumps, c->e) < 0)
			return err_prefix(c->e, "%s: %s.jumps: ", c->file, f), -1;
		const char *landing = NULL;
		if (get_string(c, pc, "jump_landing", f, false, &landing) < 0)
			return -1;
		if (landing && strcmp(landing, "near") && strcmp(landing, "any"))
			return fail(c, f, "jump_landing must be \"near\" or \"any\"%s", "");
		pd->jump_land_near = landing && !strcmp(landing, "near");
		if (get_bool(c, pc, "royal", f, &pd->royal) < 0 ||
		    get_bool(c, pc, "castling_partner", f, &pd->castling_partner) < 0 ||
		    get_bool(c, pc, "minor", f, &pd->minor) < 0 ||
		    (pawn && load_pawn(c, v, pawn, f, &pd->pawn, arr) < 0))
			return -1;
	}
	return 0;
}

static int load_castling(const struct ctx *c, struct variant *v, json_t *root)
{
	static const char *const keys[] = { "fen", "san", "royal", "partner", NULL };
	json_t *arr = json_object_get(root, "castling"), *x;
	size_t i;

	if (!arr)
		return 0;
	if (!json_is_array(arr))
		return fail(c, "castling", "must be a list%s", "");
	json_array_foreach(arr, i, x) {
		char f[64], fk[96];
		const char *fen, *san;
		struct castling_def cd;
		json_t *royal, *partner;
		snprintf(f, sizeof f, "castling[%zu]", i);
		if (check_keys(c, x, f, keys) < 0 || get_string(c, x, "fen", f, true, &fen) < 0 ||
		    get_string(c, x, "san", f, true, &san) < 0)
			return -1;
		royal = json_object_get(x, "royal");
		partner = json_object_get(x, "partner");
		if (!json_is_array(royal) || json_array_size(royal) != 2 || !json_is_array(partner) ||
		    json_array_size(partner) != 2)
			return fail(c, f, "royal and partner must each be [from, to]%s", "");
		if (strlen(fen) != 1 || strlen(san) == 0 || strlen(san) >= sizeof cd.san)
			return fail(c, f, "fen is one letter and san a short text like \"O-O\"%s", "");
		cd.fen = fen[0];
		snprintf(cd.san, sizeof cd.san, "%s", san);
		snprintf(fk, sizeof fk, "%s.royal", f);
		if (get_square(c, v, json_array_get(royal, 0), fk, &cd.royal_from) < 0 ||
		    get_square(c, v, json_array_get(royal, 1), fk, &cd.royal_to) < 0)
			return -1;
		snprintf(fk, sizeof fk, "%s.partner", f);
		if (get_square(c, v, json_array_get(partner, 0), fk, &cd.partner_from) < 0 ||
		    get_square(c, v, json_array_get(partner, 1), fk, &cd.partner_to) < 0)
			return -1;
		if (variant_add_castling(v, &cd, c->e) < 0)
			return err_prefix(c->e, "%s: %s: ", c->file, f), -1;
	}
	return 0;
}

static int load_draws(const struct ctx *c, struct variant *v, json_t *root)
{
	static const char *const keys[] = { "claim_plies", "auto_plies", "claim_repetitions",
					    "auto_repetitions", "dead_material", NULL };
	json_t *d = json_object_get(root, "draws");
	struct draw_rules *r = &v->draws;

	if (!d)
		return 0;
	if (check_keys(c, d, "draws", keys) < 0 ||
	    get_int(c, d, "claim_plies", "draws", 0, 10000, false, &r->claim_plies) < 0 ||
	    get_int(c, d, "auto_plies", "draws", 0, 10000, false, &r->auto_plies) < 0 ||
	    get_int(c, d, "claim_repetitions", "draws", 0, 100, false, &r->claim_repetitions) < 0 ||
	    get_int(c, d, "auto_repetitions", "draws", 0, 100, false, &r->auto_repetitions) < 0 ||
	    get_bool(c, d, "dead_material", "draws", &r->dead_material) < 0)
		return -1;
	return 0;
}

static int load_time(const struct ctx *c, struct variant *v, json_t *root)
{
	static const char *const keys[] = { "control", "intercept_hours", "answer_hours", NULL };
	json_t *t = json_object_get(root, "time");
	const char *control = NULL;
	struct time_control tc;
	char why[256];

	if (!t)
		return 0;
	if (check_keys(c, t, "time", keys) < 0 || get_string(c, t, "control", "time", false, &control) < 0 ||
	    get_int(c, t, "intercept_hours", "time", 0, 24 * 60, false, &v->intercept_hours) < 0 ||
	    get_int(c, t, "answer_hours", "time", 0, 24 * 60, false, &v->answer_hours) < 0)
		return -1;
	if (control && (strlen(control) >= sizeof v->time_control ||
			chessclock_parse(control, &tc, why, sizeof why) < 0))
		return fail(c, "time.control", "%s", why);
	snprintf(v->time_control, sizeof v->time_control, "%s", control ? control : "");
	return 0;
}

/* ---- files and "extends" ---- */

static json_t *load_json(const char *path, struct err *e)
{
	json_error_t je;
	json_t *root = json_load_file(path, JSON_REJECT_DUPLICATES, &je);

	if (!root) {
		if (je.line < 0 || access(path, R_OK) != 0)
			err_set(e, "%s: cannot read the file", path);
		else
			err_set(e, "%s:%d:%d: %s", path, je.line, je.column, je.text);
		return NULL;
	}
	if (!json_is_object(root)) {
		json_decref(root);
		err_set(e, "%s: the file must hold one JSON object", path);
		return NULL;
	}
	return root;
}

/* Objects merge key by key (recursively); anything else in `over` replaces. */
static void merge(json_t *base, json_t *over)
{
	const char *key;
	json_t *val;

	json_object_foreach(over, key, val) {
		json_t *old = json_object_get(base, key);
		if (json_is_object(old) && json_is_object(val))
			merge(old, val);
		else
			json_object_set(base, key, val);
	}
}

/* A child's pieces merge into the base's by letter; {"letter": X, "remove": true} drops. */
static int merge_pieces(const struct ctx *c, json_t *base, json_t *over)
{
	json_t *bp = json_object_get(base, "pieces"), *op = json_object_get(over, "pieces"), *x;
	size_t i;

	if (!op)
		return 0;
	if (!json_is_array(op) || !json_is_array(bp))
		return fail(c, "pieces", "must be a list%s", "");
	json_array_foreach(op, i, x) {
		json_t *l = json_object_get(x, "letter"), *y;
		size_t k, found = (size_t)-1;
		if (!json_is_string(l)) {
			char f[64];
			snprintf(f, sizeof f, "pieces[%zu].letter", i);
			return fail(c, f, "is missing%s", "");
		}
		json_array_foreach(bp, k, y) {
			json_t *bl = json_object_get(y, "letter");
			if (json_is_string(bl) && !strcmp(json_string_value(bl), json_string_value(l)))
				found = k;
		}
		if (json_is_true(json_object_get(x, "remove"))) {
			if (found != (size_t)-1)
				json_array_remove(bp, found);
		} else if (found != (size_t)-1)
			merge(json_array_get(bp, found), x);
		else
			json_array_append(bp, x);
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

/* The file's JSON with its "extends" chain resolved. */
static json_t *load_resolved(const char *dir, const char *name, int depth, struct err *e)
{
	char path[PATH_MAX];
	json_t *root, *base;
	const char *parent;

	if (depth > EXTENDS_MAX) {
		err_set(e, "%s: 'extends' goes deeper than %d files (a loop?)", name, EXTENDS_MAX);
		return NULL;
	}
	if (path_for(dir, name, path, sizeof path, e) < 0 || !(root = load_json(path, e)))
		return NULL;
	json_t *ext = json_object_get(root, "extends");
	if (!ext)
		return root;
	struct ctx c = { path, e };
	if (!json_is_string(ext)) {
		fail(&c, "extends", "must be a variant name%s", "");
		json_decref(root);
		return NULL;
	}
	parent = json_string_value(ext);
	if (!(base = load_resolved(dir, parent, depth + 1, e))) {
		err_prefix(e, "%s: extends: ", path);
		json_decref(root);
		return NULL;
	}
	if (merge_pieces(&c, base, root) < 0) {
		json_decref(base);
		json_decref(root);
		return NULL;
	}
	json_object_del(root, "pieces");
	json_object_del(root, "extends");
	json_object_del(base, "_comment");
	json_object_del(base, "about");         /* what a variant is is said by its own file */
	merge(base, root);
	json_decref(root);
	return base;
}

static int load_variant(const struct ctx *c, struct variant *v, json_t *root)
{
	static const char *const keys[] = { "name", "title", "board", "pieces", "castling",
					    "setup", "draws", "kind", "protocol", "cards", "time",
					    "boards", "about", NULL };
	const char *name, *title, *setup, *protocol, *kind, *cards, *about;
	int boards = 1;

	if (check_keys(c, root, "(top)", keys) < 0 ||
	    get_string(c, root, "kind", "", false, &kind) < 0 ||
	    get_int(c, root, "boards", "", 1, 7, false, &boards) < 0 ||
	    get_string(c, root, "name", "", true, &name) < 0 ||
	    get_string(c, root, "title", "", false, &title) < 0 ||
	    get_string(c, root, "setup", "", true, &setup) < 0 ||
	    get_string(c, root, "protocol", "", false, &protocol) < 0 ||
	    get_string(c, root, "cards", "", false, &cards) < 0 ||
	    get_string(c, root, "about", "", false, &about) < 0)
		return -1;
	/* "protocol" is the first release's name of "kind"; whether a kind exists is the
	 * registry's to say (the loader knows no game) */
	if (kind && protocol)
		return fail(c, "protocol", "give the kind once, as \"kind\"%s", "");
	if (!kind)
		kind = protocol;
	if (kind && (!rules_name_ok(kind) || strlen(kind) >= 16))
		return fail(c, "kind", "'%s' is not a kind's name", kind);
	if (cards && !rules_name_ok(cards))
		return fail(c, "cards", "'%s' is not a card catalogue name", cards);
	snprintf(v->protocol, sizeof v->protocol, "%s", kind && strcmp(kind, "chess") ? kind : "");
	v->boards = boards;
	snprintf(v->cards, sizeof v->cards, "%s", cards ? cards : "");
	if (!rules_name_ok(name))
		return fail(c, "name", "'%s' must be lower-case letters, digits, - and _", name);
	snprintf(v->name, sizeof v->name, "%s", name);
	snprintf(v->title, sizeof v->title, "%s", title ? title : name);
	if (about && strlen(about) >= sizeof v->about)
		return fail(c, "about", "is too long%s", "");
	snprintf(v->about, sizeof v->about, "%s", about ? about : "");
	if (strlen(setup) >= sizeof v->setup)
		return fail(c, "setup", "is too long%s", "");
	snprintf(v->setup, sizeof v->setup, "%s", setup);
	if (load_time(c, v, root) < 0 || load_board(c, v, root) < 0 || load_pieces(c, v, root) < 0 ||
	    load_square_rules(c, v, root) < 0 ||
	    load_castling(c, v, root) < 0 || load_draws(c, v, root) < 0)
		return -1;
	if (variant_compile(v, c->e) < 0)
		return err_prefix(c->e, "%s: ", c->file), -1;
	return 0;
}

struct variant *rules_load(const char *dir, const char *name, struct err *e)
{
	char path[PATH_MAX];
	json_t *root;
	struct variant *v;

	if (path_for(dir, name, path, sizeof path, e) < 0 ||
	    !(root = load_resolved(dir, name, 0, e)))
		return NULL;
	v = variant_new(NULL);
	if (!v) {
		json_decref(root);
		err_set(e, "out of memory");
		return NULL;
	}
	struct ctx c = { path, e };
	if (load_variant(&c, v, root) < 0) {
		variant_free(v);
		v = NULL;
	}
	json_decref(root);
	return v;
}
