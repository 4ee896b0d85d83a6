/* test_cards_load.c: the bundled card catalogue reads as the rules say, and a damaged one is
 * refused with the file and the field that is wrong. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "store/cards_load.h"

static char dir[] = "/tmp/test_cards.XXXXXX";

static int load_text(const char *text, struct card_catalogue *cat, struct err *e)
{
	char path[PATH_MAX];
	FILE *f;

	snprintf(path, sizeof path, "%s/cards/x.json", dir);
	if (!(f = fopen(path, "w")))
		return -2;
	fputs(text, f);
	fclose(f);
	return cards_load(dir, "x", NULL, NULL, cat, e);
}

static void bundled(void)
{
	static struct card_catalogue cat;
	struct err e = { 0 };

	CHECK_INT(cards_load("rules", "tempete", NULL, NULL, &cat, &e), 0);
	CHECK_STR(err_msg(&e), "");
	CHECK(cat.ndefault >= 10);
	CHECK_INT(cat.card[66].timing, CARD_INTERCEPTION);
	CHECK_INT(cat.card[18].special, SPECIAL_DOUBLE_KNIGHT);
	CHECK(!cat.card[11].exists);
}

static void damage(void)
{
	static const struct { const char *text, *msg; } t[] = {
		{ "{\"cards\": {\"5\": {\"timing\": \"later\"}}, \"default_list\": [\"1-20\"]}",
		  "cards.5.timing: 'later' is not one of any, own, interception, reaction, "
		  "start_of_turn, after_loss, before, instead, after" },
		{ "{\"cards\": {\"5\": {\"continuing\": 1}}, \"default_list\": [\"1-20\"]}",
		  "cards.5.continuing: not true or false" },
		{ "{\"cards\": {\"5\": {\"colour\": 1}}, \"default_list\": [\"1-20\"]}",
		  "cards.5.colour: unknown field" },
		{ "{\"cards\": {\"200\": {}}, \"default_list\": [\"1-20\"]}",
		  "cards.200: card numbers are 1 to 127" },
		{ "{\"cards\": {}, \"default_list\": [\"1-200\"]}",
		  "default_list[0]: '1-200' is not a range \"a-b\" of cards 1 to 127" },
		{ "{\"cards\": {}, \"default_list\": [\"1-20\", 0]}",
		  "default_list[1]: 0 is out of range 1..127" },
		{ "{\"cards\": {}, \"default_list\": [\"1-5\"]}", "default_list: fewer than 10 cards in use" },
		{ "{\"cards\": {}, \"default_list\": [\"1-20\"], \"deck\": 1}", "deck: unknown field" },
		{ "{\"default_list\": [\"1-20\"]}", "cards: missing" },
		/* a Knightmare catalogue: the card and the field at fault */
		{ "{\"cards\": {\"7\": {\"effect\": \"capture own Q adjacent\"}}, \"default_list\": [\"1-20\"]}",
		  "cards.7.effect: statement 1: '(end)': expected own, enemy or any" },
		{ "{\"cards\": {\"7\": {\"effect\": \"move own as B nocapture; fly\"}}, \"default_list\": [\"1-20\"]}",
		  "cards.7.effect: statement 2: 'fly' is not a verb of the effect language" },
		{ "{\"cards\": {\"7\": {\"effect\": \"gain N as Wq\"}}, \"default_list\": [\"1-20\"]}",
		  "cards.7.effect: statement 1: 'Wq': 'q' at 2 is not a Betza modifier (use m c n j f b l r v s h)" },
		{ "{\"cards\": {\"7\": {\"effect\": \"gain N as W\", \"continuing\": false}}, \"default_list\": [\"1-20\"]}",
		  "cards.7.continuing: the effect is continuing" },
		{ "{\"cards\": {\"7\": {\"points\": -3}}, \"default_list\": [\"1-20\"]}",
		  "cards.7.points: -3 is out of range 0..1000" },
		{ "{\"cards\": {}, \"default_list\": [\"1-20\"], \"budget\": 0}",
		  "budget: 0 is out of range 1..100000" },
	};
	static struct card_catalogue cat;
	char want[ERR_MAX];

	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		struct err e = { 0 };
		check_context("%s", t[i].text);
		CHECK_INT(load_text(t[i].text, &cat, &e), -1);
		snprintf(want, sizeof want, "%s/cards/x.json: %s", dir, t[i].msg);
		CHECK_STR(err_msg(&e), want);
	}
	check_context(NULL);
}

int main(void)
{
	char path[PATH_MAX];

	if (!mkdtemp(dir))
		return 1;
	snprintf(path, sizeof path, "%s/cards", dir);
	mkdir(path, 0700);
	bundled();
	damage();
	snprintf(path, sizeof path, "%s/cards/x.json", dir);
	unlink(path);
	snprintf(path, sizeof path, "%s/cards", dir);
	rmdir(path);
	rmdir(dir);
	return check_done();
}
