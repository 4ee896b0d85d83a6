/* jread.h: the one checked reader of the store's JSON files (and of rules and cards).
 *
 * Every error names the file and the field path, the way a person finds it in the file:
 *     games/3.json: players[1].address: not a string
 *     games/3.json:4:12: '}' expected near ']'          (syntax: line and column)
 * Nothing is truncated or clamped in silence: integers are checked against a range, strings
 * against their buffer, enum-like strings against their names, and an object can be made to
 * refuse fields it does not know (a misspelt optional field otherwise reads as "absent").
 *
 * Use: jread_file() or jread_text() opens a document and gives its root node; the getters
 * take a node and a key and fill in a value or a child node (objects, arrays), so nested
 * objects and arrays of objects are read with the same calls; jread_close() ends it. A node
 * is only good until jread_close(). Each getter returns 0, or -1 after setting the err given
 * to jread_file/jread_text. `opt` true: an absent key (or JSON null) leaves the output as it
 * was and returns 0, so the caller's default stands; jread_has() tells absent from present.
 *
 * Duplicate keys and NUL characters in strings are syntax errors (jansson refuses them).
 * Writing the files is left to jansson itself. */
#ifndef TEMPEST_JREAD_H
#define TEMPEST_JREAD_H

#include <stdbool.h>
#include <stddef.h>

#include "util/err.h"

#define JREAD_PATH_MAX 256

struct jread {
	void *root;                      /* the json_t of the whole document */
	char name[JREAD_PATH_MAX];       /* as errors show it, e.g. "games/3.json" */
	struct err *e;
};

struct jnode {
	struct jread *doc;
	void *v;                         /* json_t; NULL for an absent optional member */
	char path[JREAD_PATH_MAX];       /* "players[1]"; "" for the root */
};

/* Reads path (shown in errors as name, or as path when name is NULL), or text. */
int jread_file(struct jread *r, const char *path, const char *name, struct jnode *root,
	       struct err *e);
int jread_text(struct jread *r, const char *text, const char *name, struct jnode *root,
	       struct err *e);
/* The same of len bytes of text (a line of a journal: no NUL needed). */
int jread_buf(struct jread *r, const char *text, size_t len, const char *name,
	      struct jnode *root, struct err *e);
void jread_close(struct jread *r);

/* Whether the node holds key with a value other than null. */
bool jread_has(const struct jnode *n, const char *key);

/* The node's fields must all be among keys (a NULL-ended list): "x.y: unknown field". */
int jread_only(const struct jnode *n, const char *const *keys);

/* A child object or array (*len: its length, may be NULL). An absent optional child gives
 * a node with v NULL and length 0, which jread_at and jread_member treat as empty. */
int jread_obj(const struct jnode *n, const char *key, bool opt, struct jnode *out);
int jread_arr(const struct jnode *n, const char *key, bool opt, struct jnode *out, size_t *len);

/* Element i of an array node (i < its length). */
int jread_at(const struct jnode *arr, size_t i, struct jnode *out);
/* The members of an object node in file order: *iter starts NULL; returns 1 with *key and
 * *out set, 0 at the end. The key is good until jread_close(). */
int jread_member(const struct jnode *obj, void **iter, const char **key, struct jnode *out);

/* A child of any type (for a field that takes several, or a document being merged). */
int jread_any(const struct jnode *n, const char *key, bool opt, struct jnode *out);

/* Whether the node is a string (for a field that takes a number or a text, e.g. "1-72"),
 * an object, an array. */
bool jread_is_str(const struct jnode *n);
bool jread_is_obj(const struct jnode *n);
bool jread_is_arr(const struct jnode *n);

/* -1 after setting the error "NAME: PATH.key: WHAT" (key NULL: at the node itself), for
 * what the caller checks beyond a getter (a board no seat may name, a salt not in hex). */
int jread_fail(const struct jnode *n, const char *key, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Scalars. key NULL reads the node itself (an array element). */
int jread_str(const struct jnode *n, const char *key, bool opt, char *buf, size_t len);
int jread_int(const struct jnode *n, const char *key, bool opt, long long min, long long max,
	      long long *out);
/* A number (integer or real) within min..max (absent optional: *out stays). */
int jread_real(const struct jnode *n, const char *key, bool opt, double min, double max,
	       double *out);
/* An int within min..max (absent optional: *out stays). */
int jread_i(const struct jnode *n, const char *key, bool opt, int min, int max, int *out);
/* A string of at most max bytes, borrowed until jread_close() (absent optional: NULL). */
int jread_strref(const struct jnode *n, const char *key, bool opt, size_t max,
		 const char **out);
/* An array of lo..hi integers within min..max into out (room for hi); *len (may be NULL)
 * their count, 0 for an absent optional array. */
int jread_ints(const struct jnode *n, const char *key, bool opt, size_t lo, size_t hi,
	       int min, int max, int *out, size_t *len);
int jread_llongs(const struct jnode *n, const char *key, bool opt, size_t lo, size_t hi,
		 long long min, long long max, long long *out, size_t *len);
int jread_bools(const struct jnode *n, const char *key, bool opt, size_t lo, size_t hi,
		bool *out, size_t *len);
/* An array of exactly two values, white's and black's: out[0] and out[1] its elements
 * (absent optional: both with v NULL). */
int jread_pair(const struct jnode *n, const char *key, bool opt, struct jnode out[2]);
int jread_bool(const struct jnode *n, const char *key, bool opt, bool *out);
/* A string that must be one of names[0..count-1] (NULL entries skipped); *out is its
 * index. */
int jread_enum(const struct jnode *n, const char *key, bool opt, const char *const *names,
	       int count, int *out);

#endif
