/* fuzz_msg.c: a raw mail through the MIME parser (libetpan), then its text through the
 * body reader that finds the lines a player wrote. */
#include "fuzz.h"

#include "mail/msg.h"
#include "mail/msgtext.h"
#include "util/err.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct msg *m = NULL;
	struct err e;

	if (msg_parse((const char *)data, size, &m, &e) == 0) {
		struct msgtext t;
		if (m->text && msgtext_extract(m->text, &t, &e) == 0)
			msgtext_free(&t);
		msg_free(m);
	}
	return 0;
}
