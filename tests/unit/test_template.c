/* test_template.c: the template language: variables, sections, loops, standalone lines,
 * and the errors a template author gets. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "render/template.h"

static char *render(const char *tpl, const struct tctx *c)
{
	char *out = NULL;
	struct err e;

	if (template_render(tpl, c, &out, &e) < 0) {
		check_context("%s", e.msg);
		CHECK(0);
		check_context(NULL);
		return strdup("");
	}
	return out;
}

/* The parts of the tests below: name=text pairs; {{>* name}} gets "all:" before it. */
static const char *const part_table[][2] = {
	{ "news", "Kind news.\n" }, { "due", " -- answer now\n" }, { "empty", "" },
	{ "nested", "inner\n" }, { "bare", "no newline" },
};
static char part_buf[64];

static const char *part_find(void *arg, const char *name, const char *fallback, bool all,
			     bool lines)
{
	(void)arg, (void)lines;
	for (size_t i = 0; i < sizeof part_table / sizeof part_table[0]; i++)
		if (!strcmp(part_table[i][0], name)) {
			snprintf(part_buf, sizeof part_buf, "%s%s", all ? "all:" : "", part_table[i][1]);
			return part_buf;
		}
	return fallback;
}

/* {{> name}}, {{#> name}}default{{/> name}}, {{>* name}}: the text of a part in its
 * place, whole lines or within a line; the default when there is no part. */
static void parts(void)
{
	static const struct { const char *tpl, *want; } t[] = {
		{ "a\n{{> news}}\nb\n", "a\nKind news.\nb\n" },
		{ "a\n  {{> missing}}  \nb\n", "a\nb\n" },
		{ "a\n{{> empty}}\nb\n", "a\nb\n" },
		{ "a\n{{> bare}}\nb\n", "a\nno newline\nb\n" },
		{ "Subject: x{{> due}} (y)\n", "Subject: x -- answer now (y)\n" },
		{ "Subject: x{{#> due}} -- your move{{/> due}}!", "Subject: x -- answer now!" },
		{ "Subject: x{{#> missing}} -- your move{{/> missing}}!", "Subject: x -- your move!" },
		{ "a\n{{#> news}}\nshared\n{{/> news}}\nb\n", "a\nKind news.\nb\n" },
		{ "a\n{{#> gone}}\nshared\n{{#> nested}}\nx\n{{/> nested}}\n{{/> gone}}\nb\n",
		  "a\nshared\ninner\nb\n" },
		{ "a\n{{#> gone}}\n{{/> gone}}\nb\n", "a\nb\n" },
		{ "a {{#> gone}}two\nlines{{/> gone}} b", "a two\nlines b" },
		{ "{{>* news}}\n", "all:Kind news.\n" },
		{ "{{#if x}}{{> news}}{{/if}}", "{{#if x}}Kind news.{{/if}}" },
	};
	static const struct { const char *tpl, *error; } bad[] = {
		{ "{{#> a}}\nx\n", "part 'a': '{{/> a}}' missing" },
		{ "{{#> a}}\nx {{/> a}}\n", "opens and closes on lines of their own" },
		{ "x\n{{/> a}}\n", "'{{/> a}}' closes no part" },
		{ "{{> a b}}", "is not a valid part tag" },
		{ "{{#>* a}}", "is not a valid part tag" },
		{ "{{> a\n}}", "without '}}' on the same line" },
	};
	const struct template_parts p = { part_find, NULL };
	struct err e;
	char *out;

	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		check_context("%s", t[i].tpl);
		if (CHECK_INT(template_expand(t[i].tpl, &p, &out, &e), 0)) {
			CHECK_STR(out, t[i].want);
			free(out);
		}
	}
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		check_context("%s", bad[i].tpl);
		CHECK_INT(template_expand(bad[i].tpl, &p, &out, &e), -1);
		CHECK_HAS(e.msg, bad[i].error);
	}
	check_context(NULL);
}

int main(void)
{
	struct tctx *c = tctx_new();
	char *out;
	struct err e;

	tctx_set(c, "name", "%s", "Alice");
	tctx_set(c, "empty", "%s", "");
	tctx_set(c, "n", "%d", 17);
	struct tctx *it = tctx_item(c, "errors");
	tctx_set(it, "line", "%d", 3);
	tctx_set(it, "reason", "%s", "not a square");
	it = tctx_item(c, "errors");
	tctx_set(it, "line", "%d", 5);
	tctx_set(it, "reason", "%s", "ambiguous");

	out = render("Hello {{name}}, game {{ n }}.", c);
	CHECK_STR(out, "Hello Alice, game 17.");
	free(out);
	/* the values set without printf: a number at its ends, a word as it is */
	tctx_set(c, "low", "%d", INT_MIN);
	tctx_set(c, "minus", "%d", -3);
	tctx_set(c, "big", "%u", 4000000000u);
	tctx_set(c, "yes", "yes");
	tctx_set(c, "pct", "%d%%", 50);
	out = render("{{low}} {{minus}} {{big}} {{yes}} {{pct}}", c);
	CHECK_STR(out, "-2147483648 -3 4000000000 yes 50%");
	free(out);
	/* a formatted value past the first try's 256 bytes: formatted again, whole */
	char longer[400];
	memset(longer, 'l', 299);
	longer[299] = 0;
	tctx_set(c, "long", "%s-%d", longer, 7);
	out = render("{{long}}", c);
	CHECK(out && strlen(out) == 301 && !strcmp(out + 299, "-7"));
	free(out);
	/* a value handed over in a buffer, which is left empty */
	struct buf taken = { 0 };
	buf_str(&taken, "a board");
	CHECK(tctx_take(c, "taken", &taken) == 0 && !taken.s && !taken.n);
	out = render("{{taken}}", c);
	CHECK_STR(out, "a board");
	free(out);
	out = render("[{{missing}}]", c);
	CHECK_STR(out, "[]");
	free(out);
	out = render("{{#if name}}yes{{else}}no{{/if}} {{#if empty}}yes{{else}}no{{/if}}", c);
	CHECK_STR(out, "yes no");
	free(out);
	out = render("{{#if errors}}E:{{#each errors}} {{line}}={{reason}}/{{name}}{{/each}}{{/if}}", c);
	CHECK_STR(out, "E: 3=not a square/Alice 5=ambiguous/Alice");
	free(out);
	/* a section tag alone on its line takes the line with it */
	out = render("a\n{{#if name}}\nb\n  {{/if}}  \nc\n{{! note }}\nd\n", c);
	CHECK_STR(out, "a\nb\nc\nd\n");
	free(out);
	out = render("a\n{{#each errors}}\n- line {{line}}: {{reason}}\n{{/each}}\nz\n", c);
	CHECK_STR(out, "a\n- line 3: not a square\n- line 5: ambiguous\nz\n");
	free(out);
	out = render("{{#if empty}}\nhidden\n{{else}}\nshown\n{{/if}}\n", c);
	CHECK_STR(out, "shown\n");
	free(out);
	/* a variable alone on its line keeps its newline */
	out = render("x\n{{name}}\ny", c);
	CHECK_STR(out, "x\nAlice\ny");
	free(out);
	/* nothing else is special */
	out = render("{ name } {{name}}} 50% \\n", c);
	CHECK_STR(out, "{ name } Alice} 50% \\n");
	free(out);
	CHECK_STR(tctx_get(c, "name"), "Alice");
	CHECK_STR(tctx_get(c, "errors"), "");

	static const struct { const char *tpl, *error; } bad[] = {
		{ "a\n{{#if x}}", "line 2: section never closed" },
		{ "{{/if}}", "closes nothing open" },
		{ "{{#if x}}{{/each}}", "closes nothing open" },
		{ "{{else}}", "{{else}} outside {{#if}}" },
		{ "x\ny {{name", "line 2: '{{' without '}}'" },
		{ "{{na me}}", "is not a variable name" },
		{ "{{#if}}", "is not a valid tag" },
		{ "{{#each a b}}", "is not a valid tag" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		check_context("%s", bad[i].tpl);
		CHECK_INT(template_render(bad[i].tpl, c, &out, &e), -1);
		CHECK_HAS(e.msg, bad[i].error);
	}
	check_context(NULL);
	static const char *const known[] = { "name", "errors", "line", NULL };
	CHECK_INT(template_check("{{name}}\n{{#each errors}}{{line}}{{/each}}", known, &e), 0);
	CHECK_INT(template_check("{{name}}\n\n{{nmae}}", known, &e), -1);
	CHECK_HAS(e.msg, "line 3: unknown name 'nmae'");
	/* many variables: past the context's table, found by a scan; set again, replaced */
	struct tctx *many = tctx_new();
	char name[16], want[16];
	for (int i = 0; i < 300; i++) {
		snprintf(name, sizeof name, "v%d", i);
		tctx_set(many, name, "%d", i);
	}
	tctx_set(many, "v7", "%s", "seven");
	tctx_set(many, "v250", "%s", "late");
	int right = 0;
	for (int i = 0; i < 300; i++) {
		snprintf(name, sizeof name, "v%d", i);
		snprintf(want, sizeof want, "%d", i);
		right += !strcmp(tctx_get(many, name), i == 7 ? "seven" : i == 250 ? "late" : want);
	}
	CHECK_INT(right, 300);
	CHECK_STR(tctx_get(many, "v300"), "");
	tctx_free(many);
	/* compiled once, rendered twice; what it reads, as a value or a section */
	struct template *t;
	CHECK_INT(template_compile("{{#if pgn}}{{pgn}}{{/if}}{{#each errors}}{{line}}{{/each}}",
				   &t, &e), 0);
	CHECK(template_uses(t, "pgn") && template_uses(t, "errors") && template_uses(t, "line"));
	CHECK(!template_uses(t, "pg") && !template_uses(t, "name"));
	struct tctx *g = tctx_new();
	tctx_set(g, "pgn", "%s", "1. e4");
	for (int i = 0; i < 2; i++) {
		CHECK_INT(template_render_compiled(t, g, &out, &e), 0);
		CHECK_STR(out, "1. e4");
		free(out);
	}
	tctx_free(g);
	template_free(t);
	tctx_free(c);
	parts();
	return check_done();
}
