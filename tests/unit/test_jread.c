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

/* Typed lists: their length and every element checked, the element named in the error;
 * pairs of white's and black's values; a caller's own error at a field. */
static void lists(void)
{
	static const struct {
		const char *text, *want;
	} cases[] = {
		{ "{\"l\": [1, 2, 3], \"p\": [[1], [2]], \"b\": [true, false]}", NULL },
		{ "{\"l\": [1, 2, 30], \"p\": [[1], [2]], \"b\": [true, false]}",
		  "k.json: l[2]: 30 is out of range 0..9" },
		{ "{\"l\": [1, \"2\"], \"p\": [[1], [2]], \"b\": [true, false]}",
		  "k.json: l[1]: not an integer" },
		{ "{\"l\": [1, 2, 3, 4, 5], \"p\": [[1], [2]], \"b\": [true, false]}",
		  "k.json: l: 5 entries, not 1 to 4" },
		{ "{\"l\": [1], \"p\": [[1]], \"b\": [true, false]}",
		  "k.json: p: 1 entries, not 2 (white's, black's)" },
		{ "{\"l\": [1], \"p\": [[1], [2]], \"b\": [true, 0]}", "k.json: b[1]: not true or false" },
		{ "{\"l\": [1], \"p\": [[1], [2]], \"b\": [true]}", "k.json: b: 1 entries, not 2" },
		{ "{\"l\": [1], \"p\": [[1], [22]], \"b\": [true, true]}",
		  "k.json: p[1][0]: 22 is out of range 0..9" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct err e = { 0 };
		struct jread r;
		struct jnode root, pair[2];
		int l[4], black[2];
		long long white[2];
		bool b[2];
		size_t n = 0;
		CHECK_INT(jread_text(&r, cases[i].text, "k.json", &root, &e), 0);
		int rc = jread_ints(&root, "l", false, 1, 4, 0, 9, l, &n) < 0 ||
			 jread_pair(&root, "p", false, pair) < 0 ||
			 jread_llongs(&pair[0], NULL, false, 1, 2, 0, 9, white, NULL) < 0 ||
			 jread_ints(&pair[1], NULL, false, 1, 2, 0, 9, black, NULL) < 0 ||
			 jread_bools(&root, "b", false, 2, 2, b, NULL) < 0 ? -1 : 0;
		CHECK_INT(rc, cases[i].want ? -1 : 0);
		if (cases[i].want)
			CHECK_STR(err_msg(&e), cases[i].want);
		else {
			CHECK_INT((int)n, 3);
			CHECK_INT(l[2], 3);
			CHECK_INT((int)white[0], 1);
			CHECK_INT(black[0], 2);
			CHECK(b[0] && !b[1]);
			CHECK_INT(jread_fail(&pair[1], NULL, "not %s", "hers"), -1);
			CHECK_STR(err_msg(&e), "k.json: p[1]: not hers");
		}
		jread_close(&r);
	}
}

/* An int, a borrowed string, a buffer without a NUL, an absent optional list. */
static void scalars(void)
{
	struct err e = { 0 };
	struct jread r;
	struct jnode root, any;
	const char *s = "x";
	int x = 7;
	int l[2];
	size_t n = 9;

	CHECK_INT(jread_buf(&r, "{\"i\": 3, \"s\": \"abc\"}trailing", 20, "j", &root, &e), 0);
	CHECK_INT(jread_i(&root, "i", false, 0, 5, &x), 0);
	CHECK_INT(x, 3);
	CHECK_INT(jread_i(&root, "none", true, 0, 5, &x), 0);
	CHECK_INT(x, 3);
	CHECK_INT(jread_strref(&root, "s", false, 3, &s), 0);
	CHECK_STR(s, "abc");
	CHECK_INT(jread_strref(&root, "none", true, 3, &s), 0);
	CHECK(s == NULL);
	CHECK_INT(jread_strref(&root, "s", false, 2, &s), -1);
	CHECK_STR(err_msg(&e), "j: s: longer than 2 characters");
	CHECK_INT(jread_ints(&root, "none", true, 2, 2, 0, 1, l, &n), 0);
	CHECK_INT((int)n, 0);
	CHECK_INT(jread_any(&root, "s", false, &any), 0);
	CHECK(jread_is_str(&any) && !jread_is_obj(&any) && !jread_is_arr(&any));
	CHECK_INT(jread_i(&root, "s", false, 0, 5, &x), -1);
	CHECK_STR(err_msg(&e), "j: s: not an integer");
	jread_close(&r);
}

int main(void)
{
	errors();
	values();
	members();
	lists();
	scalars();
	return check_done();
}
