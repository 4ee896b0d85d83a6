/* vocabulary.h: the order words of every language, read from the catalogues
 * (templates/po/LL.po, the entries of msgctxt "order" and "order argument") and handed to
 * the order reader (game/order_words.h) at start-up: a player's words are read in every
 * language the referee knows, whatever the language of their mails (docs/orders.md
 * "Languages", docs/design.md "Languages"). */
#ifndef TEMPEST_VOCABULARY_H
#define TEMPEST_VOCABULARY_H

#include <stddef.h>

#include "game/order.h"
#include "util/err.h"

/* Reads the order words of each catalogue in dir/po (none: English only) and checks them
 * against the generic words and `kinds` (every kind's, from the registry). Replaces what
 * an earlier call read. 0, or -1 with the file and the word at fault. */
int vocabulary_load(const char *dir, const struct order_word *kinds, size_t nkinds,
		    struct err *e);
/* The same from one catalogue's text (lang "fr", name for the errors); 0 or -1. Adds to
 * what is read already, unchecked (order_words_check()). */
int vocabulary_parse(const char *po, const char *lang, const char *name, struct err *e);

#endif
