/* config.h: the referee's configuration file (config/tempest.conf.example and
 * tempest.conf(5) document every key). `key = value` lines; '#' outside double quotes
 * starts a comment, also after a value; a value in double quotes may hold '#' and blanks,
 * with \" and \\ for a quote and a backslash. Unknown, repeated and malformed keys are
 * errors naming file:line and the key; a relative path is relative to the file's
 * directory. With no file at all, the defaults give the embedded mode: mail from an mbox or
 * standard input, replies to the outbox directory, nothing sent over the network. The
 * caller owns a struct config (no allocation). */
#ifndef TEMPEST_CONFIG_H
#define TEMPEST_CONFIG_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#include "util/err.h"

#define CONFIG_STR 512

struct config {
	char path[PATH_MAX];                    /* the file read, "" if none */
	char referee_address[CONFIG_STR];       /* From of every mail the referee sends */
	char referee_name[CONFIG_STR];
	char data_dir[PATH_MAX];                /* games, logs, outbox, lock, key */
	char rules_dir[PATH_MAX];               /* "" = the default search */
	char templates_dir[PATH_MAX];
	char imap_url[CONFIG_STR];              /* "" = no IMAP (embedded mode) */
	char imap_mailbox[CONFIG_STR];
	char processed_folder[CONFIG_STR];
	int imap_batch_size;                    /* mails a UID FETCH command asks for; a batch
						 * (batch_size) sends several at once */
	int batch_size;                         /* mails `process` and `poll` commit together */
	char smtp_url[CONFIG_STR];              /* "" = leave replies in the outbox */
	char netrc_file[PATH_MAX];              /* "" = ~/.netrc */
	char tls_ca_file[PATH_MAX];
	bool starttls;                          /* imap://, smtp://: insist on STARTTLS */
	bool allow_plaintext;                   /* starttls = no to a host not this machine */
	bool html_board;                        /* replies with a board carry an HTML part */
	char archive_dir[PATH_MAX];             /* the public archive, brought up to date
						 * after each poll and process; "" = none */
	int connect_timeout;                    /* seconds to connect, greet and log in */
	int stall_timeout;                      /* seconds a transfer may make no progress */
	int max_replies_per_sender;             /* per run */
	long max_message_size;                  /* bytes; larger mail is refused unread */
	bool syslog;
	char default_variant[64];
	char card_names[PATH_MAX];              /* "23 = Name" lines for card games, or "" */
	char card_catalogue[PATH_MAX];          /* a user's catalogue replacing the one of
						 * its "name" in rules/cards/, or "" */
	char timezone[64];                      /* players' default time zone */
	int vacation_days;                      /* allowance per player per calendar year */
	int max_vacation_days;                  /* one vacation at most */
	char reminders[128];                    /* "72h 24h 6h": before each deadline */
#define CONFIG_REMINDERS_MAX 8
	int draw_offer_days;                    /* a draw offer lapses after this */
	int challenge_days;                     /* an unanswered challenge lapses after this */
	int lock_timeout;                       /* seconds to wait for another run's lock */
	int bounce_limit;                       /* failures in a row before the players are told */
	int max_answers_per_day;                /* to mails that changed nothing, per address */
	int max_open_invitations;               /* unanswered challenges from one address */
	int observe_confirm_days;               /* an unconfirmed `observe` lapses after this */
	int max_observer_mails_per_day;         /* to one address that plays no part in the
						 * games it is mailed of (observer, arbiter) */
	int max_clock_leap_hours;               /* a clock further ahead of the last recorded
						 * time decides nothing on time */
	char public_names[16];                  /* how the public names players: names,
						 * initials or sides */
	int conditional_lines;                  /* a player's conditional lines (0: none) */
	int conditional_depth;                  /* the opponent's moves a line answers */
	char arbiters[2048];                    /* who may propose a tournament by mail: the
						 * addresses, blank- or comma-separated ("": none) */
	int rating_period_days;                 /* Glicko-2 periods; 0: each game its own */
	char command[64];                       /* what this run is ("tempest poll"): not a key */
	bool accept_clock;                      /* --accept-clock: a clock far ahead of the
						 * recorded time is right (not a key) */
	long long clock_floor;                  /* --clock-floor: the recorded time set to
						 * this first (epoch; 0: not asked; not a key) */
#define CONFIG_KEYS_MAX 64
	int line[CONFIG_KEYS_MAX];              /* where each key was set (0: default) */
};

/* Defaults, then the file (NULL: $TEMPEST_CONFIG, else none). */
int config_load(struct config *c, const char *path, struct err *e);
/* Checks what the files named hold without the network: the netrc file's mode, the CA
 * file and the card names readable. Errors name file:line and the key when it was set. */
int config_check(const struct config *c, struct err *e);
/* "FILE:LINE: " where key was set, else "" (for messages about a key's value). */
const char *config_where(const struct config *c, const char *key, char *buf, size_t len);
/* Refuses the netrc file the connections read if others can read it: netrc_file (which
 * must exist), else ~/.netrc (if it exists). config_check() runs it when a netrc_file or a
 * server URL is set, and mail/net.c again when it sets up a connection (libcurl reads
 * the file only then, maybe long after start-up). */
int config_check_netrc(const struct config *c, struct err *e);

#endif
