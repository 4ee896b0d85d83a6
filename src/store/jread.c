/* jread.c: see jread.h. */
#include "store/jread.h"

#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static void start(struct jread *r, const char *name, struct jnode *root, struct err *e)
{
	size_t n = strnlen(name, sizeof r->name - 1);

	r->root = NULL;                 /* no memset: a journal opens a document a line */
	memcpy(r->name, name, n);
	r->name[n] = 0;
	r->e = e;
	root->doc = r;
	root->v = NULL;
	root->path[0] = 0;
}

static int opened(struct jread *r, json_t *v, const json_error_t *je, struct jnode *root)
{
	if (!v)
		return err_set(r->e, "%s:%d:%d: %s", r->name, je->line, je->column, je->text);
	r->root = root->v = v;
	return 0;
}

int jread_file(struct jread *r, const char *path, const char *name, struct jnode *root,
	       struct err *e)
{
	json_error_t je;

	start(r, name ? name : path, root, e);
	json_t *v = json_load_file(path, JSON_REJECT_DUPLICATES, &je);
	if (!v && je.line < 1)          /* not syntax: the file could not be read */
		return err_set(e, "%s: %s", r->name, je.text);
	return opened(r, v, &je, root);
}

int jread_text(struct jread *r, const char *text, const char *name, struct jnode *root,
	       struct err *e)
{
	json_error_t je;

	start(r, name, root, e);
	return opened(r, json_loads(text, JSON_REJECT_DUPLICATES, &je), &je, root);
}

int jread_buf(struct jread *r, const char *text, size_t len, const char *name,
	      struct jnode *root, struct err *e)
{
	json_error_t je;

	start(r, name, root, e);
	return opened(r, json_loadb(text, len, JSON_REJECT_DUPLICATES, &je), &je, root);
}

void jread_close(struct jread *r)
{
	json_decref(r->root);
	r->root = NULL;
}

/* Errors: "name: path: what", or "name: what" at the root. */
__attribute__((format(printf, 3, 4)))
static int fail(const struct jread *r, const char *path, const char *fmt, ...)
{
	char what[ERR_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	if (*path)
		return err_set(r->e, "%s: %s: %s", r->name, path, what);
	return err_set(r->e, "%s: %s", r->name, what);
}

static void child_path(char *out, const char *path, const char *key)
{
	snprintf(out, JREAD_PATH_MAX, "%s%s%s", path, *path ? "." : "", key);
}

/* Errors at n's member key (key NULL: at n itself). */
__attribute__((format(printf, 3, 4)))
static int fail_at(const struct jnode *n, const char *key, const char *fmt, ...)
{
	char what[ERR_MAX], path[JREAD_PATH_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	if (key)
		child_path(path, n->path, key);
	else
		snprintf(path, sizeof path, "%s", n->path);
	return fail(n->doc, path, "%s", what);
}

int jread_fail(const struct jnode *n, const char *key, const char *fmt, ...)
{
	char what[ERR_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	return fail_at(n, key, "%s", what);
}

/* The value at key (or the node itself); 1 found, 0 absent optional, -1. The path is
 * made only for an error (or a child node): most reads succeed, and a state file has
 * thousands of fields. */
static int member(const struct jnode *n, const char *key, bool opt, json_t **v)
{
	if (!key) {
		*v = n->v;
	} else {
		if (n->v && !json_is_object((json_t *)n->v))
			return fail(n->doc, n->path, "not an object");
		*v = n->v ? json_object_get(n->v, key) : NULL;
	}
	if (*v && !json_is_null(*v))
		return 1;
	if (opt)
		return 0;
	return fail_at(n, key, "missing");
}

bool jread_has(const struct jnode *n, const char *key)
{
	json_t *v = n->v && json_is_object((json_t *)n->v) ? json_object_get(n->v, key) : NULL;

	return v && !json_is_null(v);
}

int jread_only(const struct jnode *n, const char *const *keys)
{
	const char *key;
	json_t *v;
	char path[JREAD_PATH_MAX];

	if (!n->v)
		return 0;
	if (!json_is_object((json_t *)n->v))
		return fail(n->doc, n->path, "not an object");
	json_object_foreach((json_t *)n->v, key, v) {
		size_t i;
		for (i = 0; keys[i] && strcmp(keys[i], key); i++)
			;
		if (!keys[i]) {
			child_path(path, n->path, key);
			return fail(n->doc, path, "unknown field");
		}
	}
	return 0;
}

static int container(const struct jnode *n, const char *key, bool opt, struct jnode *out,
		     bool array, size_t *len)
{
	json_t *v;
	int got = member(n, key, opt, &v);

	if (got < 0)
		return -1;
	if (got && (array ? !json_is_array(v) : !json_is_object(v)))
		return fail_at(n, key, array ? "not an array" : "not an object");
	out->doc = n->doc;
	out->v = got ? v : NULL;
	if (key)
		child_path(out->path, n->path, key);
	else if (out != n)
		memcpy(out->path, n->path, sizeof out->path);
	if (len)
		*len = got && array ? json_array_size(v) : 0;
	return 0;
}

int jread_obj(const struct jnode *n, const char *key, bool opt, struct jnode *out)
{
	return container(n, key, opt, out, false, NULL);
}

int jread_arr(const struct jnode *n, const char *key, bool opt, struct jnode *out, size_t *len)
{
	return container(n, key, opt, out, true, len);
}

int jread_at(const struct jnode *arr, size_t i, struct jnode *out)
{
	json_t *v = arr->v ? json_array_get(arr->v, i) : NULL;

	out->doc = arr->doc;
	snprintf(out->path, sizeof out->path, "%s[%zu]", arr->path, i);
	out->v = v;
	if (!v)
		return fail(arr->doc, out->path, "missing");
	return 0;
}

int jread_member(const struct jnode *obj, void **iter, const char **key, struct jnode *out)
{
	if (!obj->v || !json_is_object((json_t *)obj->v))
		return 0;
	*iter = *iter ? json_object_iter_next(obj->v, *iter) : json_object_iter(obj->v);
	if (!*iter)
		return 0;
	*key = json_object_iter_key(*iter);
	out->doc = obj->doc;
	out->v = json_object_iter_value(*iter);
	child_path(out->path, obj->path, *key);
	return 1;
}

bool jread_is_str(const struct jnode *n)
{
	return n->v && json_is_string((json_t *)n->v);
}

bool jread_is_obj(const struct jnode *n)
{
	return n->v && json_is_object((json_t *)n->v);
}

bool jread_is_arr(const struct jnode *n)
{
	return n->v && json_is_array((json_t *)n->v);
}

int jread_any(const struct jnode *n, const char *key, bool opt, struct jnode *out)
{
	json_t *v;
	int got = member(n, key, opt, &v);

	if (got < 0)
		return -1;
	out->doc = n->doc;
	out->v = got ? v : NULL;
	if (key)
		child_path(out->path, n->path, key);
	else if (out != n)
		memcpy(out->path, n->path, sizeof out->path);
	return 0;
}

int jread_str(const struct jnode *n, const char *key, bool opt, char *buf, size_t len)
{
	const char *text = NULL;
	int got = jread_strref(n, key, opt, len - 1, &text);

	if (got == 0 && text)
		memcpy(buf, text, strlen(text) + 1);
	return got;
}

int jread_strref(const struct jnode *n, const char *key, bool opt, size_t max,
		 const char **out)
{
	json_t *v;
	int got = member(n, key, opt, &v);

	if (opt)
		*out = NULL;
	if (got <= 0)
		return got;
	if (!json_is_string(v))
		return fail_at(n, key, "not a string");
	if (json_string_length(v) > max)
		return fail_at(n, key, "longer than %zu characters", max);
	*out = json_string_value(v);
	return 0;
}

int jread_int(const struct jnode *n, const char *key, bool opt, long long min, long long max,
	      long long *out)
{
	json_t *v = NULL;
	int got = member(n, key, opt, &v);

	if (got <= 0)
		return got;
	if (!json_is_integer(v))
		return fail_at(n, key, "not an integer");
	json_int_t x = json_integer_value(v);
	if (x < min || x > max)
		return fail_at(n, key, "%lld is out of range %lld..%lld", (long long)x, min, max);
	*out = x;
	return 0;
}

int jread_real(const struct jnode *n, const char *key, bool opt, double min, double max,
	       double *out)
{
	json_t *v = NULL;
	int got = member(n, key, opt, &v);

	if (got <= 0)
		return got;
	if (!json_is_number(v))
		return fail_at(n, key, "not a number");
	double x = json_number_value(v);
	if (!(x >= min && x <= max))
		return fail_at(n, key, "%g is out of range %g..%g", x, min, max);
	*out = x;
	return 0;
}

int jread_i(const struct jnode *n, const char *key, bool opt, int min, int max, int *out)
{
	long long x = *out;             /* an absent optional key leaves it */

	if (jread_int(n, key, opt, min, max, &x) < 0)
		return -1;
	*out = (int)x;
	return 0;
}

/* An array at key of lo..hi numbers in min..max, each through put(out, i, x). */
static int numbers(const struct jnode *n, const char *key, bool opt, size_t lo, size_t hi,
		   long long min, long long max, void (*put)(void *, size_t, long long),
		   void *out, size_t *len)
{
	struct jnode a, x;
	size_t count;
	long long v;

	if (len)
		*len = 0;
	if (jread_arr(n, key, opt, &a, &count) < 0)
		return -1;
	if (!a.v)
		return 0;
	if (count < lo || count > hi)
		return lo == hi ? fail_at(n, key, "%zu entries, not %zu", count, lo) :
		       fail_at(n, key, "%zu entries, not %zu to %zu", count, lo, hi);
	for (size_t i = 0; i < count; i++) {
		json_t *e = json_array_get(a.v, i);
		if (!json_is_integer(e) || json_integer_value(e) < min ||
		    json_integer_value(e) > max) {     /* the path only for the error */
			if (jread_at(&a, i, &x) < 0 || jread_int(&x, NULL, false, min, max, &v) < 0)
				return -1;
		}
		put(out, i, json_integer_value(e));
	}
	if (len)
		*len = count;
	return 0;
}

static void put_int(void *out, size_t i, long long x)
{
	((int *)out)[i] = (int)x;
}

static void put_llong(void *out, size_t i, long long x)
{
	((long long *)out)[i] = x;
}

int jread_ints(const struct jnode *n, const char *key, bool opt, size_t lo, size_t hi,
	       int min, int max, int *out, size_t *len)
{
	return numbers(n, key, opt, lo, hi, min, max, put_int, out, len);
}

int jread_llongs(const struct jnode *n, const char *key, bool opt, size_t lo, size_t hi,
		 long long min, long long max, long long *out, size_t *len)
{
	return numbers(n, key, opt, lo, hi, min, max, put_llong, out, len);
}

int jread_bool(const struct jnode *n, const char *key, bool opt, bool *out)
{
	json_t *v;
	int got = member(n, key, opt, &v);

	if (got <= 0)
		return got;
	if (!json_is_boolean(v))
		return fail_at(n, key, "not true or false");
	*out = json_is_true(v);
	return 0;
}

int jread_enum(const struct jnode *n, const char *key, bool opt, const char *const *names,
	       int count, int *out)
{
	json_t *v;
	char list[ERR_MAX / 2] = "";
	int got = member(n, key, opt, &v);

	if (got <= 0)
		return got;
	if (!json_is_string(v))
		return fail_at(n, key, "not a string");
	for (int i = 0; i < count; i++) {
		if (names[i] && !strcmp(json_string_value(v), names[i])) {
			*out = i;
			return 0;
		}
		size_t l = strlen(list);
		if (names[i])
			snprintf(list + l, sizeof list - l, "%s%s", l ? ", " : "", names[i]);
	}
	return fail_at(n, key, "'%s' is not one of %s", json_string_value(v), list);
}

int jread_pair(const struct jnode *n, const char *key, bool opt, struct jnode out[2])
{
	struct jnode a;
	size_t count;

	memset(out, 0, 2 * sizeof *out);
	if (jread_arr(n, key, opt, &a, &count) < 0)
		return -1;
	if (!a.v)
		return 0;
	if (count != 2)
		return fail_at(n, key, "%zu entries, not 2 (white's, black's)", count);
	return jread_at(&a, 0, &out[0]) < 0 ? -1 : jread_at(&a, 1, &out[1]);
}

int jread_bools(const struct jnode *n, const char *key, bool opt, size_t lo, size_t hi,
		bool *out, size_t *len)
{
	struct jnode a, x;
	size_t count;

	if (len)
		*len = 0;
	if (jread_arr(n, key, opt, &a, &count) < 0)
		return -1;
	if (!a.v)
		return 0;
	if (count < lo || count > hi)
		return lo == hi ? fail_at(n, key, "%zu entries, not %zu", count, lo) :
		       fail_at(n, key, "%zu entries, not %zu to %zu", count, lo, hi);
	for (size_t i = 0; i < count; i++)
		if (jread_at(&a, i, &x) < 0 || jread_bool(&x, NULL, false, &out[i]) < 0)
			return -1;
	if (len)
		*len = count;
	return 0;
}
