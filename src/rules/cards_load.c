/* cards_load.c: reading a card catalogue and a local names file (see cards.h). */
#include "rules/cards.h"

#include <ctype.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/rules.h"

static const struct { const char *name; enum card_timing t; } timings[] = {
	{ "any", CARD_ANY }, { "own", CARD_OWN }, { "interception", CARD_INTERCEPTION },
	{ "reaction", CARD_REACTION }, { "start_of_turn", CARD_START_OF_TURN },
	{ "after_loss", CARD_AFTER_LOSS },
};

static const struct { const char *name; enum card_special s; } specials[] = {
	{ "none", SPECIAL_NONE }, { "unused", SPECIAL_UNUSED },
	{ "secret_square", SPECIAL_SECRET_SQUARE }, { "double_knight", SPECIAL_DOUBLE_KNIGHT },
	{ "double_bishop", SPECIAL_DOUBLE_BISHOP }, { "disable", SPECIAL_DISABLE },
	{ "retrieve", SPECIAL_RETRIEVE }, { "recover", SPECIAL_RECOVER },
};

const char *cards_timing_name(enum card_timing t)
{
	for (size_t i = 0; i < sizeof timings / sizeof timings[0]; i++)
		if (timings[i].t == t)
			return timings[i].name;
	return "?";
}

const char *cards_label(const struct card_catalogue *c, int card, char *buf, int len)
{
	if (card > 0 && card < CARDS_MAX && c->card[card].name[0])
		snprintf(buf, (size_t)len, "card %d (%s)", card, c->card[card].name);
	else
		snprintf(buf, (size_t)len, "card %d", card);
	return buf;
}

static int bad(struct err *e, const char *path, const char *field, const char *why)
{
	return err_set(e, "%s: %s: %s", path, field, why);
}

static int read_card(json_t *v, const char *key, const char *path, struct card_catalogue *out,
		     struct err *e)
{
	static const char *const allowed[] = { "timing", "continuing", "special", "_comment", NULL };
	char field[64], *end;
	long n = strtol(key, &end, 10);
	const char *k;
	json_t *x;

	snprintf(field, sizeof field, "cards.%s", key);
	if (*end || n < 1 || n >= CARDS_MAX)
		return bad(e, path, field, "card numbers are 1 to 127");
	if (!json_is_object(v))
		return bad(e, path, field, "must be an object");
	json_object_foreach(v, k, x) {
		bool ok = false;
		for (int i = 0; allowed[i] && !ok; i++)
			ok = !strcmp(k, allowed[i]);
		if (!ok)
			return bad(e, path, field, "unknown field (timing, continuing, special)");
	}
	struct card_info *ci = &out->card[n];
	if ((x = json_object_get(v, "timing"))) {
		bool ok = false;
		for (size_t i = 0; i < sizeof timings / sizeof timings[0] && !ok; i++)
			if (json_is_string(x) && !strcmp(json_string_value(x), timings[i].name))
				ci->timing = timings[i].t, ok = true;
		if (!ok)
			return bad(e, path, field, "timing is any, own, interception, reaction, "
				   "start_of_turn or after_loss");
	}
	if ((x = json_object_get(v, "continuing"))) {
		if (!json_is_boolean(x))
			return bad(e, path, field, "continuing is true or false (leave it out if not known)");
		ci->continuing = json_is_true(x);
	}
	if ((x = json_object_get(v, "special"))) {
		bool ok = false;
		for (size_t i = 0; i < sizeof specials / sizeof specials[0] && !ok; i++)
			if (json_is_string(x) && !strcmp(json_string_value(x), specials[i].name))
				ci->special = specials[i].s, ok = true;
		if (!ok)
			return bad(e, path, field, "unknown special handling");
	}
	ci->exists = ci->special != SPECIAL_UNUSED;
	return 0;
}

/* "1-72" style ranges into a sorted list of existing cards. */
static int read_default(json_t *v, const char *path, struct card_catalogue *out, struct err *e)
{
	bool in[CARDS_MAX] = { false };
	size_t i;
	json_t *x;

	if (!json_is_array(v))
		return bad(e, path, "default_list", "must be a list of numbers and \"a-b\" ranges");
	json_array_foreach(v, i, x) {
		long lo, hi;
		if (json_is_integer(x))
			lo = hi = (long)json_integer_value(x);
		else if (!json_is_string(x) || sscanf(json_string_value(x), "%ld-%ld", &lo, &hi) != 2)
			return bad(e, path, "default_list", "an entry is not a number or \"a-b\"");
		if (lo < 1 || hi >= CARDS_MAX || lo > hi)
			return bad(e, path, "default_list", "numbers are 1 to 127");
		for (long k = lo; k <= hi; k++)
			in[k] = true;
	}
	out->ndefault = 0;
	for (int k = 1; k < CARDS_MAX; k++)
		if (in[k] && out->card[k].exists)
			out->default_list[out->ndefault++] = k;
	if (out->ndefault < 10)
		return bad(e, path, "default_list", "fewer than 10 cards in use");
	return 0;
}

static int read_names(const char *path, struct card_catalogue *out, struct err *e)
{
	FILE *f = fopen(path, "r");
	char line[256];
	int lineno = 0;

	if (!f)
		return err_set(e, "cannot read the card names file %s", path);
	while (fgets(line, sizeof line, f)) {
		char *s = line, *eq, *end;
		lineno++;
		while (isspace((unsigned char)*s))
			s++;
		if (!*s || *s == '#')
			continue;
		long n = strtol(s, &end, 10);
		if (end == s || n < 1 || n >= CARDS_MAX || !(eq = strchr(end, '='))) {
			fclose(f);
			return err_set(e, "%s:%d: write 'NUMBER = Name'", path, lineno);
		}
		char *name = eq + 1;
		while (isspace((unsigned char)*name))
			name++;
		name[strcspn(name, "\r\n")] = 0;
		snprintf(out->card[n].name, sizeof out->card[n].name, "%s", name);
	}
	fclose(f);
	return 0;
}

int cards_load(const char *rules_dir, const char *name, const char *names_file,
	       struct card_catalogue *out, struct err *e)
{
	char path[PATH_MAX];
	json_error_t je;
	json_t *root, *cards, *v;
	const char *key;
	int rc = -1;

	memset(out, 0, sizeof *out);
	if (!rules_name_ok(name))
		return err_set(e, "'%s' is not a card catalogue name", name);
	snprintf(out->name, sizeof out->name, "%s", name);
	snprintf(path, sizeof path, "%s/cards/%s.json", rules_dir, name);
	if (!(root = json_load_file(path, JSON_REJECT_DUPLICATES, &je)))
		return err_set(e, "%s:%d:%d: %s", path, je.line, je.column, je.text);
	for (int k = 1; k < CARDS_MAX; k++)
		out->card[k].continuing = -1;
	cards = json_object_get(root, "cards");
	if (!json_is_object(root) || !json_is_object(cards)) {
		bad(e, path, "cards", "missing: an object keyed by card number");
		goto done;
	}
	json_object_foreach(root, key, v)
		if (strcmp(key, "_comment") && strcmp(key, "cards") && strcmp(key, "default_list") &&
		    strcmp(key, "name")) {
			bad(e, path, key, "unknown field");
			goto done;
		}
	/* every card of the default list exists unless said otherwise */
	v = json_object_get(root, "default_list");
	if (v) {
		size_t i;
		json_t *x;
		json_array_foreach(v, i, x) {
			long lo, hi;
			if (json_is_integer(x))
				lo = hi = (long)json_integer_value(x);
			else if (!json_is_string(x) || sscanf(json_string_value(x), "%ld-%ld", &lo, &hi) != 2)
				continue;
			for (long k = lo; k <= hi && k < CARDS_MAX; k++)
				if (k >= 1)
					out->card[k].exists = true;
		}
	}
	json_object_foreach(cards, key, v)
		if (read_card(v, key, path, out, e) < 0)
			goto done;
	if (read_default(json_object_get(root, "default_list"), path, out, e) < 0)
		goto done;
	if (names_file && *names_file && read_names(names_file, out, e) < 0)
		goto done;
	rc = 0;
done:
	json_decref(root);
	return rc;
}
