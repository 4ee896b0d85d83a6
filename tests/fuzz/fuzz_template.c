/* fuzz_template.c: a template (the files of templates/ a game master may edit) through the
 * parts' expansion, the checker and the renderer, with variables and a list set as a
 * reply sets them. */
#include "fuzz.h"

#include <stdbool.h>

#include "render/template.h"

static const char *const known[] = { "game", "board", "moves", "move", "san", "empty", NULL };

/* A kind with one part, "turn"; {{>* name}} gets it twice; others their default. */
static const char *part(void *arg, const char *name, const char *fallback, bool all,
			bool lines)
{
	(void)arg, (void)lines;
	if (strcmp(name, "turn"))
		return fallback;
	return all ? "{{board}}\n{{board}}\n" : "Your turn{{#if game}}, game {{game}}{{/if}}\n";
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *raw = fuzz_string(data, size), *tpl = NULL, *out = NULL;
	struct tctx *c = tctx_new();
	struct err e;

	if (raw && template_expand(raw, &(struct template_parts){ part, NULL }, &tpl, &e) < 0)
		tpl = NULL;
	if (tpl && c && tctx_set(c, "game", "%d", 17) == 0 && tctx_set(c, "board", "8/8/8") == 0) {
		for (int i = 0; i < 3; i++) {
			struct tctx *it = tctx_item(c, "moves");
			if (!it || tctx_set(it, "san", "e%d", i + 2) < 0)
				break;
		}
		(void)template_check(tpl, known, &e);
		if (template_render(tpl, c, &out, &e) == 0)
			free(out);
	}
	tctx_free(c);
	free(raw);
	free(tpl);
	return 0;
}
