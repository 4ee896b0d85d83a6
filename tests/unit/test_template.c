/* test_template.c: the template language: variables, sections, loops, standalone lines,
 * and the errors a template author gets. */
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
	return check_done();
}
