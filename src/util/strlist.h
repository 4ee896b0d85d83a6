/* strlist.h: a list of strings that only grows at its end (a game's mail keys, the
 * Message-IDs it sent), kept packed: each string's bytes once, one after another, with
 * where it starts, and a hash of them so that a look-up costs the same whatever the
 * list's length. A list a game keeps for thousands of mails costs its bytes and some 12
 * more a string; adding one never copies the others more than a bounded number of times
 * over the list's life (the room grows by a quarter).
 *
 * A zeroed struct strlist is an empty list; strlist_free() gives its memory back and
 * leaves it empty. strlist_at() returns a borrowed pointer, good until the next change. */
#ifndef TEMPEST_STRLIST_H
#define TEMPEST_STRLIST_H

#include <stddef.h>
#include <stdint.h>

struct strlist {
	size_t n;               /* strings */
	char *text;             /* their bytes, each with its NUL */
	size_t used, room;      /* bytes of text used and allocated */
	uint32_t *start;        /* where each string starts in text (n of them) */
	size_t cap;             /* room in start */
	uint32_t *slot;         /* the hash: 1 + a string's number, 0 free */
	size_t slots;           /* a power of two, at least twice n; 0: none yet */
};

/* Appends s (a repeat is kept, and found as its first). 0, or -1 out of memory (the
 * list as it was). */
int strlist_add(struct strlist *l, const char *s);
/* String i (i < l->n). */
const char *strlist_at(const struct strlist *l, size_t i);
/* The number of the first string equal to s, or -1. */
long strlist_find(const struct strlist *l, const char *s);
/* Keeps the first n strings (n <= l->n). */
void strlist_cut(struct strlist *l, size_t n);
void strlist_free(struct strlist *l);

#endif
