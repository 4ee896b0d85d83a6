/* secrecytest.h: the harness of test_secrecy.c. A Tempete game is played mail by mail as
 * the pipeline plays it (the state through its JSON form between mails, game_apply, every
 * reply rendered for its reader with the real templates and a template that prints every
 * card-game variable); each mail is checked for what its reader may not know. */
#ifndef TEMPEST_TEST_SECRECYTEST_H
#define TEMPEST_TEST_SECRECYTEST_H

#include <stdbool.h>
#include <stddef.h>

#include "game/game.h"
#include "render/template.h"
#include "rules/cards.h"

#define TP(g) ((struct tempete *)(g)->kstate)

/* One game as the referee keeps it between mails, and what the test knows about it. */
struct match {
	char *json;                     /* the committed state */
	int id;
	bool known[2][CARDS_MAX];       /* cards each player may know of */
	char dealt_commit[2][2][65];    /* [reader][side]: the commitments mailed at the deal */
	char *over[2];                  /* each player's last mail (the reveal) */
	int mails[2];                   /* mails rendered for each player */
	int leaks;                      /* violations found */
	int statuses;                   /* status mails checked */
	int observed;                   /* mails to the observer checked (before the end) */
};

/* Who observes every game played (observe.h): sent the public view after each move. */
#define SECRECY_OBSERVER "olga@club.example"

extern struct templates secrecy_tpl;
/* Every card-game variable a template may use, lists included. */
extern const char secrecy_dump_template[];
/* Mails whose "Numbers you have sent" line was checked. */
extern int secrecy_bookkeeping_checks;

/* Loads the variant, the cards and the templates; -1 (said on stderr) if one is missing. */
int secrecy_setup(void);
void secrecy_teardown(void);

/* The checker: what is secret from reader r and found in text, one line per kind in why;
 * returns how many kinds. A list counts from four entries in a row. */
int secrecy_secrets_in(const struct game *g, const bool *known, int r, const char *text,
		       char *why, size_t wlen);
bool secrecy_list_run_in(const int *list, int nlist, const char *text);

/* Playing: the game's state (the caller frees it), the challenge and its acceptance, a mail
 * from player c (want_errors 0: it must be applied; returns the game after it), a mail that
 * must be applied. */
struct game *secrecy_load(const struct match *m);
void secrecy_start(struct match *m, int id);
struct game *secrecy_mail(struct match *m, int c, const char *text, int want_errors);
void secrecy_post(struct match *m, int c, const char *text);

/* Planning the next mail from the state: the number that draws card from c's list, whether
 * c drew it, a number the opponent may send that gives c card (or any fresh one), a plain
 * card of c's hand, a list shuffled by a fixed seed. */
int secrecy_number_of(const struct game *g, int c, int card);
bool secrecy_drawn(const struct game *g, int c, int card);
int secrecy_number_for(const struct game *g, int c, int card);
int secrecy_plain_card(const struct game *g, int c, int not);
void secrecy_shuffled_list(unsigned seed, char *out, size_t len);

/* Reading the reveal: text with each run of blanks and newlines as one blank (free()); the
 * bytes a check command prints. */
char *secrecy_flat(const char *text);
void secrecy_command_text(const char *cmd, const char *end, char *out, size_t len);

#endif
