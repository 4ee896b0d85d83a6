/* test_other.c: other.mbox holds a mail once, even when a run that stopped before marking
 * it as seen is followed by one that reads it again. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "store/other.h"

static struct store st;

static int put(const char *key, const char *text)
{
	struct err e = { 0 };
	int fd;

	if (store_other_open(&st, key, &fd, &e) < 0)
		return -1;
	if (write(fd, text, strlen(text)) != (ssize_t)strlen(text)) {
		close(fd);
		return -1;
	}
	return store_other_close(&st, fd, &e);
}

static const char *contents(void)
{
	static char buf[256];
	char path[PATH_MAX + 32];
	FILE *f;
	size_t n = 0;

	snprintf(path, sizeof path, "%s/other.mbox", st.dir);
	if ((f = fopen(path, "r"))) {
		n = fread(buf, 1, sizeof buf - 1, f);
		fclose(f);
	}
	buf[n] = 0;
	return buf;
}

int main(void)
{
	char dir[] = "/tmp/test_other.XXXXXX", path[PATH_MAX + 32];

	if (!mkdtemp(dir))
		return 1;
	snprintf(st.dir, sizeof st.dir, "%s", dir);
	CHECK_INT(put("<a@x>", "From a\nmail a\n"), 0);
	CHECK_INT(put("<b@x>", "From b\nmail b\n"), 0);
	CHECK_STR(contents(), "From a\nmail a\nFrom b\nmail b\n");
	/* b again (its run stopped before b was marked as seen): held once */
	CHECK_INT(put("<b@x>", "From b\nmail b\n"), 0);
	CHECK_STR(contents(), "From a\nmail a\nFrom b\nmail b\n");
	/* a torn copy of c is replaced by the whole one */
	CHECK_INT(put("<c@x>", "From c\nma"), 0);
	CHECK_INT(put("<c@x>", "From c\nmail c\n"), 0);
	CHECK_STR(contents(), "From a\nmail a\nFrom b\nmail b\nFrom c\nmail c\n");
	/* a mail seen before, but not the last one begun, is the caller's to refuse: kept */
	CHECK_INT(put("<a@x>", "From a\nmail a\n"), 0);
	CHECK_STR(contents(), "From a\nmail a\nFrom b\nmail b\nFrom c\nmail c\nFrom a\nmail a\n");
	snprintf(path, sizeof path, "%s/other.mbox", dir);
	unlink(path);
	snprintf(path, sizeof path, "%s/other.last", dir);
	unlink(path);
	rmdir(dir);
	return check_done();
}
