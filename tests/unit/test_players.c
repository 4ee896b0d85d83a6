/* test_players.c: players.json read back as written, and each kind of damage refused with
 * the file and the field that is wrong. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "store/players.h"
#include "util/clock.h"

static struct store st;

static int load_text(const char *text, struct players *ps, struct err *e)
{
	char path[PATH_MAX + 16];
	FILE *f;

	snprintf(path, sizeof path, "%s/players.json", st.dir);
	if (!(f = fopen(path, "w")))
		return -2;
	fputs(text, f);
	fclose(f);
	return players_load(&st, ps, e);
}

static void damage(void)
{
	static const struct { const char *text, *msg; } t[] = {
		{ "{\"format\": 1, \"players\": {\"a@x\": [{\"key\": \"k1\", \"kind\": \"holiday\", "
		  "\"at\": 5}]}}",
		  "players.a@x[0].kind: 'holiday' is not one of vacation, vacation-end, timezone, "
		  "language, name, address" },
		{ "{\"format\": 1, \"players\": {\"a@x\": [{\"key\": \"k1\", \"kind\": \"language\", "
		  "\"at\": 5}]}}", "players.a@x[0].language: missing" },
		{ "{\"format\": 1, \"players\": {\"a@x\": [{\"key\": \"k1\", \"kind\": \"language\", "
		  "\"at\": 5, \"language\": \"Dutch\"}]}}", "players.a@x[0]: 'Dutch' is not a language "
		  "code (en, fr, de, nl, es, it, sv)" },
		{ "{\"format\": 1, \"players\": {\"a@x\": [{\"key\": \"k1\", \"kind\": \"vacation\"}]}}",
		  "players.a@x[0].at: missing" },
		{ "{\"format\": 1, \"players\": {\"a@x\": [{\"key\": \"k1\", \"kind\": \"vacation\", "
		  "\"at\": 5, \"start\": 9, \"end\": 3}]}}",
		  "players.a@x[0].end: 3 is out of range 9..9223372036854775807" },
		{ "{\"format\": 1, \"players\": {\"a@x\": [{\"key\": \"k1\", \"kind\": \"timezone\", "
		  "\"at\": 5, \"timezone\": 4}]}}", "players.a@x[0].timezone: not a string" },
		{ "{\"format\": 1, \"players\": {\"a@x\": [{\"key\": \"k1\", \"kind\": \"timezone\", "
		  "\"at\": 5, \"tz\": \"UTC\"}]}}", "players.a@x[0].tz: unknown field" },
		{ "{\"format\": 1, \"players\": {\"a@x\": {}}}", "players.a@x: not an array" },
		{ "{\"format\": 1}", "players: missing" },
		{ "{\"format\": 2, \"players\": {}}", "format: 2 is out of range 1..1" },
	};
	char want[ERR_MAX];

	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		struct players ps;
		struct err e = { 0 };
		check_context("%s", t[i].text);
		CHECK_INT(load_text(t[i].text, &ps, &e), -1);
		snprintf(want, sizeof want, "%s/players.json: %s", st.dir, t[i].msg);
		CHECK_STR(err_msg(&e), want);
	}
	check_context(NULL);
}

static void round_trip(void)
{
	struct players ps = { 0 }, back;
	long long now = clock_now();    /* saving drops what is a year old by the real clock */
	struct player_change ch = { .vacation = true, .start = now + 1000, .end = now + 2000 };
	struct err e = { 0 };
	struct vacations vac;
	char tz[64];

	CHECK_INT(players_apply(&ps, "a@x", "k1", &ch, now, &e), 0);
	ch = (struct player_change){ .timezone = true };
	snprintf(ch.tz, sizeof ch.tz, "Europe/Paris");
	CHECK_INT(players_apply(&ps, "a@x", "k2", &ch, now, &e), 0);
	ch = (struct player_change){ .language = true, .lang = "nl" };
	CHECK_INT(players_apply(&ps, "a@x", "k3", &ch, now, &e), 0);
	CHECK_INT(players_save(&st, &ps, &e), 0);
	CHECK_INT(players_load(&st, &back, &e), 0);
	CHECK_STR(err_msg(&e), "");
	players_view(&back, "a@x", NULL, &vac, tz);
	CHECK_INT(vac.n, 1);
	CHECK_INT(vac.v[0].start, now + 1000);
	CHECK_INT(vac.v[0].end, now + 2000);
	CHECK_STR(tz, "Europe/Paris");
	char lang[8];
	players_language(&back, "a@x", NULL, lang);
	CHECK_STR(lang, "nl");
	players_language(&back, "a@x", "k3", lang);     /* the same mail again: as before it */
	CHECK_STR(lang, "");
	players_language(&back, "b@x", NULL, lang);
	CHECK_STR(lang, "");
	players_free(&ps);
	players_free(&back);
}

int main(void)
{
	char dir[] = "/tmp/test_players.XXXXXX", path[PATH_MAX + 16];

	if (!mkdtemp(dir))
		return 1;
	snprintf(st.dir, sizeof st.dir, "%s", dir);
	damage();
	round_trip();
	snprintf(path, sizeof path, "%s/players.json", dir);
	unlink(path);
	rmdir(dir);
	return check_done();
}
