/* cards_load.h: reading a card catalogue (rules/cards/NAME.json) and a local names file
 * into the plain struct of rules/cards.h. */
#ifndef TEMPEST_CARDS_LOAD_H
#define TEMPEST_CARDS_LOAD_H

#include "rules/cards.h"
#include "util/err.h"

/* Reads rules_dir/cards/<name>.json -- or user_file (the configuration's card_catalogue)
 * when its "name" is <name> -- then the names file if not NULL or "". */
int cards_load(const char *rules_dir, const char *name, const char *names_file,
	       const char *user_file, struct card_catalogue *out, struct err *e);

#endif
