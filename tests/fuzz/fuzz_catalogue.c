/* fuzz_catalogue.c: a language's catalogue (templates/po/LL.po, which a translator edits)
 * through the PO reader, and a reply's text (the referee's phrases around a player's
 * words) read back through it and through the French catalogue shipped. */
#include "fuzz.h"

#include "render/catalogue.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct catalogue *fr;
	static int loaded;
	char *raw = fuzz_string(data, size), *t;
	struct catalogue *c = NULL;
	struct err e;

	if (!loaded++ && catalogue_load("templates/po/fr.po", &fr, &e) < 0)
		fr = NULL;              /* run from elsewhere: the input's catalogue alone */
	if (!raw)
		return 0;
	if (catalogue_parse(raw, "fuzz.po", &c, &e) == 0) {
		if ((t = catalogue_translate(c, raw)))
			free(t);
		catalogue_free(c);
	}
	if ((t = catalogue_translate(fr, raw)))
		free(t);
	free(raw);
	return 0;
}
