/* fuzz_msg.c: a raw mail through the MIME parser (libetpan), then its text through the
 * body reader that finds the lines a player wrote, knowing nothing, then knowing the
 * referee's templates (templates/, read once) and the sender's name. */
#include "fuzz.h"

#include <stdlib.h>

#include "kinds/registry.h"
#include "mail/msg.h"
#include "mail/msgtext.h"
#include "render/diagram.h"
#include "render/view.h"
#include "util/err.h"

/* The recogniser of the referee's text, made on the first input (NULL if it cannot be). */
static const struct msgtext_referee *referee(void)
{
	static struct msgtext_referee *r;
	static int tried;
	struct templates tpl;
	const char **texts;
	size_t nwords, ntexts;
	const struct order_word *words = kind_all_orders(&nwords);
	char *usages;
	struct err e;

	if (tried++)
		return r;
	kinds_register();       /* the kinds' parts of the templates */
	if (templates_load(&tpl, "templates", &e) < 0)
		return r;
	usages = view_kind_usages(words, nwords);
	const struct msgtext_diagram diagram = { diagram_drawn.corner, diagram_drawn.rule,
						 diagram_drawn.side };
	texts = templates_recognised(&tpl, usages, &ntexts);
	if (!texts || msgtext_referee_new(texts, ntexts, &diagram, &r, &e) < 0)
		r = NULL;
	free(texts);
	templates_free(&tpl);
	free(usages);
	return r;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct msg *m = NULL;
	struct err e;

	if (msg_parse((const char *)data, size, &m, &e) == 0) {
		struct msgtext t;
		struct msgtext_known k = { .referee = referee(), .sender_name = m->from_name };
		if (m->text && msgtext_extract(m->text, &t, &e) == 0)
			msgtext_free(&t);
		if (m->text && msgtext_read(m->text, &k, &t, &e) == 0)
			msgtext_free(&t);
		msg_free(m);
	}
	return 0;
}
