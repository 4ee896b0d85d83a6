/* variant_edit.c: a compiled variant changed during a game (Flexichess changes how a kind
 * of piece moves on one board): the game works on its own copy (variant_clone). */
#include <stdio.h>
#include <string.h>

#include "engine/variant.h"

int variant_set_immune(struct variant *v, char letter, bool immune, struct err *e)
{
	int t = variant_type_by_letter(v, letter);

	if (t < 0)
		return err_set(e, "there is no piece '%c' in %s", letter, v->name);
	v->type[t].immune = immune;
	return variant_compile(v, e);
}

int variant_set_powers(struct variant *v, char letter, const char *betza, struct err *e)
{
	int t = variant_type_by_letter(v, letter);
	struct betza powers;

	if (t < 0)
		return err_set(e, "there is no piece '%c' in %s", letter, v->name);
	if (strlen(betza) >= sizeof v->type[t].betza)
		return err_set(e, "the Betza text of '%c' is too long", letter);
	if (betza_parse(betza, &powers, e) < 0)
		return -1;
	v->type[t].powers = powers;
	snprintf(v->type[t].betza, sizeof v->type[t].betza, "%s", betza);
	return variant_compile(v, e);
}
