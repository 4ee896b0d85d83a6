/* cards_load.c: reading a card catalogue and a local names file (see cards_load.h), the
 * catalogue through jread. */
#include "store/cards_load.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/effect.h"
#include "store/rules_load.h"
#include "store/jread.h"

/* By enum card_special value. */
static const char *const specials[] = {
	"none", "unused", "secret_square", "double_knight", "double_bishop", "disable",
	"retrieve", "recover",
};

/* In a catalogue of decks, a card's continuing flag must agree with its effect. */
static int deck_card_ok(const struct jnode *v, const struct card_info *ci)
{
	struct effect ef;
	struct err why;

	if (!ci->effect[0] || effect_parse(ci->effect, &ef, &why) < 0)
		return 0;
	if (ci->continuing >= 0 && ci->continuing != (int)ef.continuing)
		return err_set(v->doc->e, "%s: %s.continuing: the effect is %scontinuing",
			       v->doc->name, v->path, ef.continuing ? "" : "not ");
	return 0;
}

/* A Knightmare card's deck value, uniqueness, name and effect (checked by the effect
 * language's own reader, its error naming the card and the field). */
static int read_deck_fields(const struct jnode *v, struct card_info *ci)
{
	long long points = 0;
	struct effect ef;
	struct err why;

	if (jread_int(v, "points", true, 0, 1000, &points) < 0 ||
	    jread_bool(v, "unique", true, &ci->unique) < 0 ||
	    jread_str(v, "name", true, ci->name, sizeof ci->name) < 0 ||
	    jread_str(v, "effect", true, ci->effect, sizeof ci->effect) < 0)
		return -1;
	ci->points = (int)points;
	if (ci->effect[0] && effect_parse(ci->effect, &ef, &why) < 0)
		return err_set(v->doc->e, "%s: %s.effect: %s", v->doc->name, v->path, why.msg);
	return 0;
}

static int read_card(const struct jnode *v, const char *key, struct card_catalogue *out)
{
	static const char *const allowed[] = { "timing", "continuing", "special", "_comment", "name",
					       "points", "unique", "effect", NULL };
	char *end;
	long n = strtol(key, &end, 10);
	int timing = CARD_ANY, special = SPECIAL_NONE;
	bool continuing = false;

	if (*end || n < 1 || n >= CARDS_MAX)
		return err_set(v->doc->e, "%s: %s: card numbers are 1 to 127", v->doc->name, v->path);
	struct card_info *ci = &out->card[n];
	if (jread_only(v, allowed) < 0 ||
	    jread_enum(v, "timing", true, cards_timing_names, CARD_TIMINGS, &timing) < 0 ||
	    jread_bool(v, "continuing", true, &continuing) < 0 ||
	    jread_enum(v, "special", true, specials, (int)(sizeof specials / sizeof *specials),
		       &special) < 0 || read_deck_fields(v, ci) < 0)
		return -1;
	ci->timing = (enum card_timing)timing;
	if (jread_has(v, "continuing"))
		ci->continuing = continuing;
	ci->special = (enum card_special)special;
	ci->exists = ci->special != SPECIAL_UNUSED;
	return deck_card_ok(v, ci);
}

/* One entry of default_list: a number or "a-b"; -1 with the error set. */
static int read_range(const struct jnode *x, long *lo, long *hi)
{
	char text[32];
	long long k;

	if (jread_is_str(x)) {
		if (jread_str(x, NULL, false, text, sizeof text) < 0)
			return -1;
		if (sscanf(text, "%ld-%ld", lo, hi) != 2 || *lo < 1 || *hi >= CARDS_MAX || *lo > *hi)
			return err_set(x->doc->e, "%s: %s: '%s' is not a range \"a-b\" of cards 1 to 127",
				       x->doc->name, x->path, text);
		return 0;
	}
	if (jread_int(x, NULL, false, 1, CARDS_MAX - 1, &k) < 0)
		return -1;
	*lo = *hi = (long)k;
	return 0;
}

/* "1-72" style ranges into a sorted list of existing cards; every card of the list exists
 * unless its own entry says otherwise (read_card runs after the first pass). */
static int read_default(const struct jnode *root, struct card_catalogue *out, bool mark)
{
	bool in[CARDS_MAX] = { false };
	struct jnode list, x;
	size_t n;
	long lo, hi;

	if (jread_arr(root, "default_list", false, &list, &n) < 0)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (jread_at(&list, i, &x) < 0 || read_range(&x, &lo, &hi) < 0)
			return -1;
		for (long k = lo; k <= hi; k++)
			in[k] = true, out->card[k].exists |= mark;
	}
	if (mark)
		return 0;
	out->ndefault = 0;
	for (int k = 1; k < CARDS_MAX; k++)
		if (in[k] && out->card[k].exists)
			out->default_list[out->ndefault++] = k;
	if (out->ndefault < 10)
		return err_set(root->doc->e, "%s: default_list: fewer than 10 cards in use",
			       root->doc->name);
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

static int read_catalogue(const struct jnode *root, struct card_catalogue *out)
{
	static const char *const fields[] = { "_comment", "cards", "default_list", "name", "budget",
					      NULL };
	struct jnode cards, v;
	const char *key;
	void *it = NULL;
	long long budget = 0;

	if (jread_only(root, fields) < 0 || jread_obj(root, "cards", false, &cards) < 0 ||
	    jread_int(root, "budget", true, 1, 100000, &budget) < 0 ||
	    read_default(root, out, true) < 0)
		return -1;
	out->budget = (int)budget;
	while (jread_member(&cards, &it, &key, &v) == 1)
		if (read_card(&v, key, out) < 0)
			return -1;
	return read_default(root, out, false);
}

/* Does the user's catalogue file replace catalogue `name` (its "name" field says)? */
static bool replaces(const char *user_file, const char *name)
{
	struct jread r;
	struct jnode root;
	struct err e;
	char its[32] = "";

	if (!user_file || !*user_file || jread_file(&r, user_file, NULL, &root, &e) < 0)
		return false;
	if (jread_str(&root, "name", true, its, sizeof its) < 0)
		its[0] = 0;
	jread_close(&r);
	return !strcmp(its, name);
}

int cards_load(const char *rules_dir, const char *name, const char *names_file,
	       const char *user_file, struct card_catalogue *out, struct err *e)
{
	char path[PATH_MAX];
	struct jread r;
	struct jnode root;

	memset(out, 0, sizeof *out);
	if (!rules_name_ok(name))
		return err_set(e, "'%s' is not a card catalogue name", name);
	snprintf(out->name, sizeof out->name, "%s", name);
	if (replaces(user_file, name))
		snprintf(path, sizeof path, "%s", user_file);
	else
		snprintf(path, sizeof path, "%s/cards/%s.json", rules_dir, name);
	for (int k = 1; k < CARDS_MAX; k++)
		out->card[k].continuing = -1;
	if (jread_file(&r, path, NULL, &root, e) < 0)
		return -1;
	int rc = read_catalogue(&root, out);
	jread_close(&r);
	if (rc == 0 && names_file && *names_file)
		rc = read_names(names_file, out, e);
	return rc;
}
