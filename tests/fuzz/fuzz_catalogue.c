/* fuzz_catalogue.c: a language's catalogue (templates/po/LL.po, which a translator edits)
 * through the PO reader, and a text of phrases (as a damaged state file could hold it)
 * written through it and through the French catalogue shipped. */
#include "fuzz.h"

#include "render/catalogue.h"
#include "util/phrase.h"

static void render(const struct catalogue *c, const char *text)
{
	struct phrase_lang l;
	char *out;

	catalogue_lang(c, &l);
	if ((out = phrase_render_dup(text, &l)))
		free(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct catalogue *fr;
	static int loaded;
	char *raw = fuzz_string(data, size);
	struct catalogue *c = NULL;
	struct err e;

	if (!loaded++ && catalogue_load("templates/po/fr.po", &fr, &e) < 0)
		fr = NULL;              /* run from elsewhere: the input's catalogue alone */
	if (!raw)
		return 0;
	if (catalogue_parse(raw, "fuzz.po", &c, &e) == 0) {
		render(c, raw);
		catalogue_free(c);
	}
	if (fr)
		render(fr, raw);
	free(raw);
	return 0;
}
