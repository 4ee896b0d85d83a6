/* phrase.h: a phrase the referee makes, carried as data until a reader's language is
 * known (docs/design.md, "Languages"), as GNU programs carry a string marked N_() to
 * the place where it is translated. A phrase is its msgid (the English printf format),
 * its context, its plural form and count, and its arguments: each either literal text
 * (what a player wrote, an address, a square: never translated) or a text holding
 * phrases of its own (a side's name, a piece, a duration: translated in turn), or an
 * integer (written in the reader's way). It lives in the same char buffers as English
 * did, between marker bytes that no mail can carry (phrase_strip() removes them from
 * what the mail reader reads), so that the functions that take a printf format and its
 * arguments (apply_error, apply_note, outcome_error, refuse, err_phrase) keep their
 * signatures and store a phrase instead of English.
 *
 *   text    := (any byte but a marker | phrase | CAP)*
 *   phrase  := OPEN [ctx CTX] msgid [PLURAL msgid_plural PLURAL count] arg* CLOSE
 *   arg     := STR text | NUM [-]digits
 *
 * A text is formatted for a reader by phrase_render() with that reader's catalogue
 * (struct phrase_lang; NULL: English, the msgid itself, byte for byte what printf made
 * of it). Every function here keeps a text well formed, whatever it is given: a phrase
 * cut by a buffer's end loses literal text, never its markers; a marker out of place is
 * dropped when read. Pure: no I/O, no allocation but struct buf's. */
#ifndef TEMPEST_PHRASE_H
#define TEMPEST_PHRASE_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include "util/buf.h"

#define PHRASE_OPEN   '\x01'
#define PHRASE_CLOSE  '\x02'
#define PHRASE_STR    '\x03'    /* a text argument follows */
#define PHRASE_NUM    '\x04'    /* an integer argument follows, in decimal */
#define PHRASE_CTX    '\x05'    /* ends the context, before the msgid */
#define PHRASE_PLURAL '\x06'    /* before the plural msgid, and before the count */
#define PHRASE_CAP    '\x07'    /* in a text: what follows starts a sentence (a capital) */
#define PHRASE_MARKS  "\x01\x02\x03\x04\x05\x06\x07"

#define PHRASE_ARGS_MAX 12      /* arguments of one phrase */
#define PHRASE_DEPTH_MAX 8      /* phrases within phrases within ... */

/* A constant phrase without arguments, for later ("checkmate", "White"); NC_ with its
 * context ("piece", "pawn"). Both are string literals. */
#define N_(s) "\x01" s "\x02"
#define NC_(c, s) "\x01" c "\x05" s "\x02"

/* A phrase's msgid kept in a table for later, a format with its conversions (gettext's
 * gettext_noop): the string itself, marked for `make po`. */
#define F_(s) s

/* Encodes the phrase fmt (a printf format: the msgid) with its arguments into out (len
 * bytes), cut to fit but well formed; returns out. */
char *phrase_printf(char *out, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
char *phrase_vprintf(char *out, size_t len, const char *fmt, va_list ap);
/* The same with a context (pgettext's): one English word with two meanings. */
char *phrase_pprintf(char *out, size_t len, const char *ctx, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* A plural phrase (ngettext's): one or many chosen by n in the reader's language; the
 * arguments are those of many (which the code passes whatever n is). */
char *phrase_nprintf(char *out, size_t len, unsigned long n, const char *one, const char *many,
		     ...) __attribute__((format(printf, 5, 6)));
/* The same appended to a growing buffer. */
void buf_phrase(struct buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void buf_nphrase(struct buf *b, unsigned long n, const char *one, const char *many, ...)
	__attribute__((format(printf, 4, 5)));
/* The encoder itself: ctx and many may be NULL. */
void phrase_vencode(struct buf *b, const char *ctx, const char *fmt, const char *many,
		    unsigned long n, va_list ap);
/* A word that data files give (a piece's name, a variant's title) as a phrase of its
 * own in context ctx: out (len bytes), returned. */
const char *phrase_word(char *out, size_t len, const char *ctx, const char *word);
/* Appends sep (when buf is not empty) and the phrase to the text in buf (len bytes):
 * the sentences of a note. */
void phrase_vappend(char *buf, size_t len, const char *sep, const char *fmt, va_list ap);
/* text (len bytes) made to start a sentence: its first letter a capital in every
 * language; returns text. */
char *phrase_capital(char *text, size_t len);
/* Appends sep (when dst and text are both not empty) and text to dst (len bytes), text
 * shortened to fit but well formed. */
void phrase_cat(char *dst, size_t len, const char *sep, const char *text);
/* text copied into out (len bytes, len > 0): whole if it fits, else shortened (its
 * literal text cut, an ellipsis in its place) yet well formed. */
void phrase_fit(char *out, size_t len, const char *text);
/* Does s hold a phrase (any marker byte)? */
bool phrase_has(const char *s);
/* Removes every marker byte from s, in place (what a mail brings: a player's words can
 * hold any byte, and must never be read as a phrase); the new length. */
size_t phrase_strip(char *s);

/* A reader's language, for phrase_render(). */
struct phrase_lang {
	/* The msgstr of (ctx, msgid) (ctx NULL: none) for count n when plural; NULL when
	 * the catalogue has none. The slices are not NUL-terminated. */
	const char *(*lookup)(const void *arg, const char *ctx, size_t nctx, const char *id,
			      size_t nid, bool plural, unsigned long n);
	const void *arg;
	bool capitals;          /* a phrase that starts a sentence starts with a capital */
	char group[8];          /* between groups of three digits ("" none) */
	int group_min;          /* the digits a number needs to be grouped */
	bool mark_missing;      /* a phrase without a msgstr is written between ⟦ ⟧ */
	unsigned long *missing; /* counts them, when not NULL */
};

/* text formatted for a reader of language l (NULL: English), appended to out. */
void phrase_render(struct buf *out, const char *text, const struct phrase_lang *l);
/* The same as a new string (free()); NULL when memory runs out. */
char *phrase_render_dup(const char *text, const struct phrase_lang *l);
/* text in English into out (len bytes), cut at a character's end; returns out. For
 * what a person reads outside the mails (logs, the command line, a PGN). */
const char *phrase_english(const char *text, char *out, size_t len);

#endif
