/* reminders.c: see reminders.h. */
#include "store/reminders.h"

#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/jread.h"
#include "util/fsutil.h"

static int keys_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

bool reminder_keys_has(const struct reminder_keys *ks, const char *k)
{
	return ks->n && bsearch(&k, ks->k, ks->n, sizeof *ks->k, keys_cmp) != NULL;
}

void reminder_keys_sort(struct reminder_keys *ks)
{
	if (ks->n)
		qsort(ks->k, ks->n, sizeof *ks->k, keys_cmp);
}

int reminder_keys_add(struct reminder_keys *ks, const char *k)
{
	char **a = realloc(ks->k, (ks->n + 1) * sizeof *a);

	if (!a || !(a[ks->n] = strdup(k))) {
		if (a)
			ks->k = a;
		return -1;
	}
	ks->k = a;
	ks->n++;
	return 0;
}

void reminder_keys_free(struct reminder_keys *ks)
{
	for (size_t i = 0; i < ks->n; i++)
		free(ks->k[i]);
	free(ks->k);
	memset(ks, 0, sizeof *ks);
}

static void path_of(const struct store *st, char *out, size_t len)
{
	snprintf(out, len, "%s/reminders.json", st->dir);
}

static int read_sent(const struct jnode *root, struct reminder_keys *ks)
{
	static const char *const fields[] = { "format", "sent", NULL };
	struct jnode list, x;
	char key[REMINDER_KEY_MAX];
	long long format;
	size_t n;

	if (jread_only(root, fields) < 0 || jread_int(root, "format", true, 1, 1, &format) < 0 ||
	    jread_arr(root, "sent", false, &list, &n) < 0)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (jread_at(&list, i, &x) < 0 || jread_str(&x, NULL, false, key, sizeof key) < 0)
			return -1;
		if (reminder_keys_add(ks, key) < 0)
			return err_set(root->doc->e, "out of memory");
	}
	return 0;
}

int reminders_load(const struct store *st, struct reminder_keys *ks, struct err *e)
{
	char path[PATH_MAX + 32];
	struct jread r;
	struct jnode root;

	memset(ks, 0, sizeof *ks);
	path_of(st, path, sizeof path);
	if (!fs_exists(path))
		return 0;
	if (jread_file(&r, path, NULL, &root, e) < 0)
		return -1;
	int rc = read_sent(&root, ks);
	jread_close(&r);
	if (rc < 0) {
		reminder_keys_free(ks);
		return -1;
	}
	reminder_keys_sort(ks);
	return 0;
}

int reminders_save(const struct store *st, const struct reminder_keys *ks, struct err *e)
{
	char path[PATH_MAX + 32];
	json_t *list = json_array();

	for (size_t i = 0; list && i < ks->n; i++)
		json_array_append_new(list, json_string(ks->k[i]));
	json_t *root = json_pack("{s:i, s:o}", "format", 1, "sent", list);
	char *text = root ? json_dumps(root, JSON_INDENT(2)) : NULL;
	json_decref(root);
	if (!text)
		return err_set(e, "out of memory");
	path_of(st, path, sizeof path);
	int rc = fs_write_atomic(path, text, strlen(text), 0600, e);
	free(text);
	return rc;
}
