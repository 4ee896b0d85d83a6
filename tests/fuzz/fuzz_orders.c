/* fuzz_orders.c: a mail's text, line by line, through the order reader with every kind's
 * order words (as the pipeline reads a mail before its game is known). Before the first
 * input, every one of those words is read alone on a line, whatever the corpus holds
 * (run.sh also seeds them): the class of crash of a shape check that reads a word before
 * counting them is found in the first second of any run. */
#include "fuzz.h"

#include "game/order.h"
#include "kinds/registry.h"
#include "util/err.h"

#define LINES_MAX 256

int LLVMFuzzerInitialize(int *argc, char ***argv);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	size_t nwords;
	const struct order_word *words = kind_all_orders(&nwords);

	(void)argc, (void)argv;
	for (size_t i = 0; i < nwords; i++)
		LLVMFuzzerTestOneInput((const uint8_t *)words[i].words, strlen(words[i].words));
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct order_line lines[LINES_MAX];
	size_t n = 0, nwords;
	const struct order_word *words = kind_all_orders(&nwords);
	char *text = fuzz_string(data, size), *p, *nl;
	struct orders o;
	struct err e;

	if (!text)
		return 0;
	for (p = text; p && n < LINES_MAX; p = nl ? nl + 1 : NULL) {
		if ((nl = strchr(p, '\n')))
			*nl = '\0';
		lines[n] = (struct order_line){ .lineno = (int)n + 1, .text = p };
		n++;
	}
	if (order_parse(lines, n, words, nwords, &o, &e) == 0)
		orders_free(&o);
	free(text);
	return 0;
}
