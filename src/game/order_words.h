/* order_words.h: the order words of the languages besides English (docs/orders.md
 * "Languages"). Each language's catalogue (templates/po/LL.po) gives, under msgctxt
 * "order", the words a player writes for each English order word ("card" -> "carte"), and
 * under msgctxt "order argument" those of the words an order reads after its own ("random"
 * -> "hasard"): they are read beside the English ones, from every player. The set is
 * handed down once at start-up (render/vocabulary.c reads the files); the order reader
 * (order.c) looks words up here. Pure: no I/O. */
#ifndef TEMPEST_ORDER_WORDS_H
#define TEMPEST_ORDER_WORDS_H

#include <stdbool.h>
#include <stddef.h>

#include "game/order.h"

/* The words of a line, at most this many, make one order or argument word. */
#define ORDER_WORDS_SPAN 3
#define ORDER_WORD_LEN 48

/* One word (or phrase of up to ORDER_WORDS_SPAN words) of another language. */
struct order_alias {
	char lang[8];                   /* "fr" */
	bool argument;                  /* an argument word (msgctxt "order argument") */
	char english[32];               /* the English word it stands for: "card", "random" */
	char shown[ORDER_WORD_LEN];     /* as the catalogue writes it: "réclamer nulle" */
	char folded[ORDER_WORD_LEN];    /* as it is compared: "reclamer nulle" */
	int nwords;
	bool first;                     /* the first of its language for its English word: the
					 * one the mails show */
	char usage[96];                 /* its order's example in its language ("liste
					 * hasard"), for a refusal of what a player wrote with
					 * it; made by order_words_check() */
};

/* s in lower case without its accents ("Réclamer" -> "reclamer", "weiß" -> "weiss"), as
 * the order reader compares words; out holds len bytes. */
void order_fold(const char *s, char *out, size_t len);
/* Adds the words `words` ("abandon|abandonner": alternatives split at '|') of language
 * lang for the English order or argument word `english`. -1 with the reason in why when a
 * word is empty, longer than ORDER_WORDS_SPAN words or already stands for another English
 * word; or when memory runs out. */
int order_words_add(const char *lang, bool argument, const char *english, const char *words,
		    char *why, size_t wlen);
/* Checks the words added against the vocabulary they must fit: each English word is an
 * order word of the generic table or of `kinds` (every kind's words), or an argument word
 * one of them reads (its `args`); no word of another language is an English order word
 * of another meaning. -1 with the reason. */
int order_words_check(const struct order_word *kinds, size_t nkinds, char *why, size_t wlen);
/* Forgets every word added (tests; a referee loads them once). */
void order_words_clear(void);
/* The words added, in their order: a borrowed array. */
const struct order_alias *order_words(size_t *n);
/* How the mails write English order word `english` in language lang: its first word there,
 * or the English word when the language has none (lang NULL or "en": English). */
const char *order_word_in(const char *lang, bool argument, const char *english);
/* The example of order k (its usage, "list random") in language lang: its word(s) and
 * the argument words among its args in that language's first words ("liste hasard"),
 * the rest as it stands; English when lang is NULL or has none of them. */
void order_usage_in(const char *lang, const struct order_word *k, char *out, size_t len);
/* Does s begin with one of the words order k reads after its own (its args, in English or
 * another language: "random", "hasard" of "list random"; not the verb of a free text,
 * args marked '^')? */
bool order_args_word(const struct order_word *k, const char *s);
/* The argument words of an order (its `args`, space-separated) that the words w[0..nw)
 * begin with, in another language: how many words they are (0: none), the English word in
 * *english. */
int order_argument(const char *args, char **w, int nw, const char **english);

/* The vocabulary one mail is read with: the generic words, the extra ones (a kind's, or
 * every kind's), and the other languages' words of both, each a copy of its English
 * entry with its own words (usage: its own words too for an order that takes nothing).
 * Tables in the order a line is compared with them. */
enum { VOCAB_GENERIC, VOCAB_GENERIC_ALIAS, VOCAB_EXTRA, VOCAB_EXTRA_ALIAS, VOCAB_TABLES };
struct order_vocab {
	const struct order_word *table[VOCAB_TABLES];
	size_t n[VOCAB_TABLES];
	struct order_word *alias[2];            /* the two alias tables, owned */
	const struct order_alias **of[2];       /* ... and the word each copies */
	bool borrowed;                          /* the tables are the cache's (order_words.c) */
};

/* The vocabulary of the generic words and the `nextra` words of extra (a table that lives
 * as long as the process: a kind's, kind_all_orders()'); 0, or -1 when memory runs out.
 * Made once for each table and kept (order_words_add and order_words_clear drop what was
 * kept); closed with order_vocab_close(). */
int order_vocab_open(struct order_vocab *v, const struct order_word *extra, size_t nextra);
void order_vocab_close(struct order_vocab *v);
/* The entry the words w[0..nw) begin with (its words compared without case or accents,
 * the longest first: "accepter nulle" before "accepter"), how many words it took in
 * *used; or NULL. */
const struct order_word *order_vocab_match(const struct order_vocab *v, char **w, int nw,
					   int *used);
/* The English word(s) of entry k: its own, or those of the English entry an alias copies. */
const char *order_vocab_english(const struct order_vocab *v, const struct order_word *k);
/* Is k one of the extra words (a kind's own), in English or not? */
bool order_vocab_extra(const struct order_vocab *v, const struct order_word *k);
/* The arguments w[from..nw) of order k with its argument words in English ("couleur
 * noirs": black), the words rewritten into buf (len bytes) and w pointing there; the new
 * nw. Nothing changes for an order that reads no argument words. */
int order_english_args(const struct order_word *k, char **w, int nw, int from, char *buf,
		       size_t len);

#endif
