/* test_jread.c: the checked JSON reader: every error message exact, and no value read past
 * its range or its buffer. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "store/jread.h"

static const char *const kinds[] = { "vacation", "vacation-end", "timezone" };

/* Reads doc as games/3.json the way a store file is read; returns 0 or the error. */
static int read_game(const char *doc, struct err *e, char addr[32], long long *num, int *kind)
{
	static const char *const top[] = { "format", "players", "kind", "draw", NULL };
	struct jread r;
	struct jnode root, players, p;
	size_t n;
	bool draw = false;
	int rc = -1;

	if (jread_text(&r, doc, "games/3.json", &root, e) < 0)
		return -1;
	if (jread_only(&root, top) < 0 || jread_int(&root, "format", false, 1, 1, num) < 0 ||
	    jread_enum(&root, "kind", true, kinds, 3, kind) < 0 ||
	    jread_bool(&root, "draw", true, &draw) < 0 ||
	    jread_arr(&root, "players", false, &players, &n) < 0)
		goto out;
	for (size_t i = 0; i < n; i++)
		if (jread_at(&players, i, &p) < 0 || jread_str(&p, "address", false, addr, 32) < 0)
			goto out;
	rc = 0;
out:
	jread_close(&r);
	return rc;
}

static void errors(void)
{
	static const struct { const char *doc, *msg; } t[] = {
		{ "{\"format\": 1,\n \"players\": [}", "games/3.json:2:14: unexpected token near '}'" },
		{ "{\"format\": 1, \"format\": 1}",
		  "games/3.json:1:22: duplicate object key near '\"format\"'" },
		{ "[1]", "games/3.json: not an object" },
		{ "{\"players\": []}", "games/3.json: format: missing" },
		{ "{\"format\": \"1\", \"players\": []}", "games/3.json: format: not an integer" },
		{ "{\"format\": 2, \"players\": []}", "games/3.json: format: 2 is out of range 1..1" },
		{ "{\"format\": 1, \"players\": [], \"colour\": 1}", "games/3.json: colour: unknown field" },
		{ "{\"format\": 1, \"players\": {}}", "games/3.json: players: not an array" },
		{ "{\"format\": 1, \"players\": [{\"address\": \"a@x\"}, {\"address\": 4}]}",
		  "games/3.json: players[1].address: not a string" },
		{ "{\"format\": 1, \"players\": [{\"address\": \"a@x\"}, {}]}",
		  "games/3.json: players[1].address: missing" },
		{ "{\"format\": 1, \"players\": [3]}", "games/3.json: players[0]: not an object" },
		{ "{\"format\": 1, \"players\": [{\"address\": \"0123456789012345678901234567890123\"}]}",
		  "games/3.json: players[0].address: longer than 31 characters" },
		{ "{\"format\": 1, \"players\": [{\"address\": \"a\\u0000b\"}]}",
		  "games/3.json:1:48: \\u0000 is not allowed without JSON_ALLOW_NUL near "
		  "'\"a\\u0000b\"'" },
		{ "{\"format\": 1, \"players\": [], \"kind\": \"holiday\"}",
		  "games/3.json: kind: 'holiday' is not one of vacation, vacation-end, timezone" },
		{ "{\"format\": 1, \"players\": [], \"kind\": 2}", "games/3.json: kind: not a string" },
		{ "{\"format\": 1, \"players\": [], \"draw\": 1}", "games/3.json: draw: not true or false" },
	};
	char addr[32];
	long long num;
	int kind;

	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		struct err e = { 0 };
		check_context("%s", t[i].doc);
		CHECK_INT(read_game(t[i].doc, &e, addr, &num, &kind), -1);
		CHECK_STR(err_msg(&e), t[i].msg);
	}
	check_context(NULL);
}

static void values(void)
{
	struct err e = { 0 };
	char addr[32] = "";
	long long num = 0;
	int kind = -1;

	CHECK_INT(read_game("{\"format\": 1, \"players\": [{\"address\": \"b@y\"}], \"kind\": "
			    "\"timezone\", \"draw\": null}", &e, addr, &num, &kind), 0);
	CHECK_STR(err_msg(&e), "");
	CHECK_STR(addr, "b@y");
	CHECK_INT(num, 1);
	CHECK_INT(kind, 2);
	kind = -1;              /* optional and absent: the default stands */
	CHECK_INT(read_game("{\"format\": 1, \"players\": []}", &e, addr, &num, &kind), 0);
	CHECK_INT(kind, -1);
}

/* Object members in file order, nested objects, jread_has, and a file that is not there. */
static void members(void)
{
	struct err e = { 0 };
	struct jread r;
	struct jnode root, o, m, v;
	void *it = NULL;
	const char *key;
	long long x = 0;
	char got[64] = "";

	CHECK_INT(jread_text(&r, "{\"o\": {\"b\": {\"n\": 5}, \"a\": {\"n\": 70}}}", "t.json",
			     &root, &e), 0);
	CHECK_INT(jread_obj(&root, "o", false, &o), 0);
	CHECK(jread_has(&o, "a"));
	CHECK(!jread_has(&o, "c"));
	while (jread_member(&o, &it, &key, &m) == 1) {
		size_t l = strlen(got);
		snprintf(got + l, sizeof got - l, "%s ", key);
		if (jread_int(&m, "n", false, 0, 9, &x) < 0)
			break;
	}
	CHECK_STR(got, "b a ");
	CHECK_STR(err_msg(&e), "t.json: o.a.n: 70 is out of range 0..9");
	CHECK_INT(jread_obj(&root, "none", true, &v), 0);
	CHECK(v.v == NULL);
	CHECK_INT(jread_int(&v, "n", true, 0, 9, &x), 0);
	CHECK_INT(jread_obj(&root, "none", false, &v), -1);
	CHECK_STR(err_msg(&e), "t.json: none: missing");
	CHECK_INT(jread_at(&o, 0, &v), -1);
	jread_close(&r);

	CHECK_INT(jread_file(&r, "/nonexistent/p.json", "players.json", &root, &e), -1);
	CHECK_HAS(err_msg(&e), "players.json: unable to open /nonexistent/p.json");
}

int main(void)
{
	errors();
	values();
	members();
	return check_done();
}
