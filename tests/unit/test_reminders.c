/* test_reminders.c: reminders.json written and read back as a sorted set, and a damaged
 * file refused with the field that is wrong. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "store/reminders.h"

static struct store st;

static void write_file(const char *text)
{
	char path[PATH_MAX + 32];
	FILE *f;

	snprintf(path, sizeof path, "%s/reminders.json", st.dir);
	if ((f = fopen(path, "w"))) {
		fputs(text, f);
		fclose(f);
	}
}

static void round_trip(void)
{
	struct reminder_keys ks = { 0 }, back;
	struct err e = { 0 };

	CHECK_INT(reminders_load(&st, &back, &e), 0);   /* no file yet: nothing reminded */
	CHECK_INT(back.n, 0);
	CHECK_INT(reminder_keys_add(&ks, "7/w/1800000000/72h"), 0);
	CHECK_INT(reminder_keys_add(&ks, "3/b/1800000000/24h"), 0);
	CHECK_INT(reminders_save(&st, &ks, &e), 0);
	CHECK_INT(reminders_load(&st, &back, &e), 0);
	CHECK_INT(back.n, 2);
	CHECK_STR(back.k[0], "3/b/1800000000/24h");
	CHECK(reminder_keys_has(&back, "7/w/1800000000/72h"));
	CHECK(!reminder_keys_has(&back, "7/w/1800000000/24h"));
	reminder_keys_free(&ks);
	reminder_keys_free(&back);
}

static void damage(void)
{
	static const struct { const char *text, *msg; } t[] = {
		{ "{\"format\": 1, \"sent\": [\"a\", 3]}", "sent[1]: not a string" },
		{ "{\"format\": 1}", "sent: missing" },
		{ "{\"format\": 1, \"sent\": {}}", "sent: not an array" },
		{ "{\"format\": 1, \"sent\": [], \"seen\": []}", "seen: unknown field" },
	};
	char want[ERR_MAX];

	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		struct reminder_keys ks;
		struct err e = { 0 };
		write_file(t[i].text);
		check_context("%s", t[i].text);
		CHECK_INT(reminders_load(&st, &ks, &e), -1);
		snprintf(want, sizeof want, "%s/reminders.json: %s", st.dir, t[i].msg);
		CHECK_STR(err_msg(&e), want);
		CHECK_INT(ks.n, 0);
	}
	check_context(NULL);
}

int main(void)
{
	char dir[] = "/tmp/test_reminders.XXXXXX", path[PATH_MAX + 32];

	if (!mkdtemp(dir))
		return 1;
	snprintf(st.dir, sizeof st.dir, "%s", dir);
	round_trip();
	damage();
	snprintf(path, sizeof path, "%s/reminders.json", dir);
	unlink(path);
	rmdir(dir);
	return check_done();
}
