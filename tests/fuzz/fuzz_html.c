/* fuzz_html.c: an HTML body through the reader that turns it into the lines of text a
 * player meant. */
#include "fuzz.h"

#include "mail/html.h"
#include "util/err.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *out = NULL;
	struct err e;

	if (html_to_text((const char *)data, size, &out, &e) == 0)
		free(out);
	return 0;
}
