/* store.h: the data directory, the only place where games live between runs.
 *
 *   DIR/lock              flock()ed by every run that writes anything here (shared, by
 *                         a dry run)
 *   DIR/key               the referee's master key (32 random bytes, mode 0600): every
 *                         player secret, token and random choice derives from it
 *   DIR/games/N.json      game N's state (JSON, format 3), replaced atomically; small
 *   DIR/games/N.journal   what only grows: the mail keys recorded, the Message-IDs sent,
 *                         the events (JSON, one a line), appended, never rewritten; the
 *                         state names how much of it is committed
 *   DIR/games/N.mbox      game N's log: every mail received and sent, in order
 *   DIR/games/N.spare     a state before, written over at the game's next save (store.c)
 *   DIR/seen/XX.log       the processed mails: a line per mail, the SHA-256 of its key
 *                         (XX: its first two hex digits); DIR/seen/XX/HASH, a file per
 *                         mail, as earlier versions wrote, still counts
 *   DIR/created/XX.log    the number of the game each challenge created, a line each
 *                         ("HASH ID", XX its hash's first two digits; earlier versions
 *                         wrote DIR/created/HASH, still read)
 *   DIR/outbox/           replies waiting to be sent (outbox.h)
 *
 * A struct store is the caller's; store_open() fills it and takes the lock, store_close()
 * releases it. Games loaded with store_load() are freed with game_free(). */
#ifndef TEMPEST_STORE_H
#define TEMPEST_STORE_H

#include <limits.h>
#include <stdbool.h>

#include "game/game.h"
#include "util/crypto.h"
#include "util/err.h"

/* How much of a game's journal the committed state (or, after store_save_journal, the
 * journal) holds: its size and its entries of each list. */
struct store_journal {
	int id;
	long long size;
	size_t mails, sent, events;
};

struct store {
	char dir[PATH_MAX];
	int lock_fd;
	uint8_t key[CRYPTO_HASH_LEN];
	/* Writes skip their fsyncs (set by a batch, which makes them durable with one
	 * fs_sync_fs() per barrier; docs/design.md, "How a mail is processed"). */
	bool lazy;
	struct store_journal *journals; /* one per game loaded or saved */
	size_t njournals;
	int next_id;            /* past the stored games, once listed (0: not yet): only
				 * this run, which holds the lock, adds one */
	struct store_seen_cache *seen;  /* the seen set's shards read so far (NULL: none kept) */
	struct store_quota_table *quota;        /* the day's counts as read (NULL: read at
						 * each call; quota_counts.c) */
	struct store_created_memo *created;     /* the last challenge's note looked up */
};

enum store_mode {
	STORE_CREATE,           /* makes what is missing (the directory, the key), locks */
	STORE_READ_ONLY,        /* a dry run: makes and writes nothing; the directory and
				 * its key must exist; a shared lock on DIR/lock if there is
				 * one (fs_lock_shared), so that no run's commit is seen half
				 * done; a directory of an earlier release is read as it is */
};

/* Opens the data directory (mode: enum store_mode), takes the lock (waiting up to `wait`
 * seconds for another run, fs_lock; `who` says what this run is), reads (or creates) the
 * key. A key that cannot be used is marked for a person (err_for_a_person). */
int store_open(struct store *st, const char *dir, enum store_mode mode, int wait,
	       const char *who, struct err *e);
void store_close(struct store *st);
/* A file of the data directory that cannot be read as what it is (a damaged state,
 * journal or registry): marks e for a person, since every later run would meet it again
 * until someone repairs or restores it; a lack of memory stays a failure for later.
 * Returns -1. */
int store_damaged(struct err *e);
/* Uses this key instead of DIR/key (replay into a fresh directory with the live key). */
int store_set_key_file(struct store *st, const char *path, struct err *e);

/* 0 and *out, 1 if there is no such game, -1 on a bad or unreadable file. */
int store_load(struct store *st, int id, struct game **out, struct err *e);
int store_save(struct store *st, const struct game *g, struct err *e);
/* store_save in two steps: the lists' new entries appended to the journal (cut back
 * first to its committed size), then the state written (and synced). */
int store_save_journal(struct store *st, const struct game *g, struct err *e);
int store_save_state(struct store *st, const struct game *g, struct err *e);
/* A batch's state in two steps around its barrier, neither synced: after the journal, the
 * state written beside the one in place (stage), then, once durable, put in its place
 * (place: an atomic exchange). */
int store_stage_state(struct store *st, const struct game *g, struct err *e);
int store_place_state(struct store *st, const struct game *g, struct err *e);
/* The games' numbers, ascending; *ids is the caller's to free(). */
int store_list(struct store *st, int **ids, size_t *n, struct err *e);
int store_next_id(struct store *st, int *id, struct err *e);
/* Notes that the mail with this key creates game id (before the game's first commit:
 * DIR/created/XX.log), so that the mail processed again after a crash finds its game. */
int store_note_creation(const struct store *st, const char *msg_key, int id, struct err *e);
/* The game created by the mail with this key (noted, and committed), or 0. */
int store_game_created_by(struct store *st, const char *msg_key);
/* The number noted for the mail with this key whose game has no state (a challenge whose
 * batch died before its game was placed, after later games were), or 0: processed again,
 * the challenge takes that number back, so that the mails after it find their game. */
int store_game_noted(const struct store *st, const char *msg_key);

bool store_seen(const struct store *st, const char *msg_key);
/* The same, given the hex SHA-256 of the key (what the seen set writes). */
bool store_seen_hash(const struct store *st, const char *hex);
/* Removes what interrupted writes left (NAME.tmp.PID) in the data directory, games/,
 * created/, quota/, quarantine/ and tournaments/ (and its pending/);
 * *removed counts them. The caller holds the lock. */
int store_clean(const struct store *st, int *removed, struct err *e);
/* The latest time of the work committed here (DIR/last-time: epoch seconds; 0 if none was
 * recorded), and the same moved forward to t (never back): 0 or -1. Not synced: losing
 * the last move forward to a crash lowers the floor a little, and each game's own last
 * event still holds it for that game. */
long long store_last_time(const struct store *st);
int store_set_last_time(const struct store *st, long long t, struct err *e);
/* The recorded time set to t, earlier or later, durably: the operator's word (a floor
 * written by a clock that ran ahead, `tempest tick --clock-floor`). */
int store_reset_last_time(const struct store *st, long long t, struct err *e);
/* The time of the latest run here, committing or not (DIR/last-run; 0 if none), and the
 * same set to t: a clock far ahead of the later of it and the last time is a leap. */
long long store_last_run(const struct store *st);
int store_set_last_run(const struct store *st, long long t, struct err *e);
/* The day's counts per address in DIR/quota/counts (quota_counts.c): day is days since
 * 1970, UTC. */
enum quota_counter {
	QUOTA_ANSWERS,          /* answers to mails that changed nothing (max_answers_per_day) */
	QUOTA_STRANGERS,        /* mails a stranger's or a forged mail drew (one a day) */
	QUOTA_NOTICES,          /* mails to someone who plays no part in the game: an observer,
				 * an arbiter (max_observer_mails_per_day) */
	QUOTA_CONSENT,          /* confirmations asked of an address (one a day) */
	QUOTA_COUNTERS
};
#define QUOTA_BATCH_MAX 40      /* a batch's name, and its NUL */
/* An address's name in DIR/quota/ (crypto_address_name). */
void store_quota_name(const char *address, char name[CRYPTO_ADDRESS_NAME]);
/* The count of the address on day (0 if none or unreadable). */
int store_quota_count(const struct store *st, const char *address, enum quota_counter c,
		      long long day);
/* n more on day, at once. 0 or -1. */
int store_quota_add(const struct store *st, const char *address, enum quota_counter c,
		    long long day, int n, struct err *e);
struct quota_entry;
/* A batch's counts, one for each entry kept (keep NULL: all; the texts, counter -1,
 * passed over), added in one write of the table, which names the last batches it holds:
 * applying a batch again adds nothing. 0 or -1. */
int store_quota_apply(const struct store *st, const char *batch, const struct quota_entry *q,
		      size_t n, const bool *keep, struct err *e);
/* The texts of an address's mails that drew an answer (an auto-responder sends the same
 * one again and again): is `hex` (a SHA-256 in hex) among the last few recorded? Records
 * them as the newest (one, or a batch's, in order): 0 or -1. */
bool store_quota_text_answered(const struct store *st, const char *address, const char *hex);
int store_quota_text_add(const struct store *st, const char *address, const char *hex,
			 struct err *e);
int store_quota_text_apply(const struct store *st, const char *name, const char (*hex)[65],
			   size_t nhex, const char *batch, struct err *e);
/* A batch's counts, staged before its commit (DIR/quota/BATCH.staged; not synced in a
 * lazy store: its barrier does it), each with the mail that took it, so that a run that
 * died after the commit counts those of committed mails (pipeline/answers.c). */
struct quota_entry {
	int counter;                    /* enum quota_counter, or -1: a text answered */
	long long day;
	int game;                       /* the cause's game, 0: a mail about no game */
	char name[CRYPTO_ADDRESS_NAME]; /* the address's file name */
	char cause[65];                 /* the SHA-256 of the cause's key, in hex */
	char text[65];                  /* a text's SHA-256 */
};
int store_quota_stage(const struct store *st, const char *batch,
		      const struct quota_entry *q, size_t n, struct err *e);
int store_quota_unstage(const struct store *st, const char *batch, struct err *e);
/* The staged files (paths, each and the array to free), their entries (whole lines only:
 * *q to free), and a path's batch. */
int store_quota_staged_list(const struct store *st, char ***paths, size_t *n, struct err *e);
int store_quota_staged_read(const char *path, struct quota_entry **q, size_t *n, struct err *e);
void store_quota_batch_of(const char *path, char batch[QUOTA_BATCH_MAX]);
int store_mark_seen(const struct store *st, const char *msg_key, struct err *e);
/* The marks of n mails at once: a write for each shard they fall in (a batch's), in no
 * order among them. 0, or -1 with some written (the seen set tells which: store_seen). */
int store_mark_seen_all(const struct store *st, const char *const *msg_keys, size_t n,
			struct err *e);

/* The game log: cut back to what the committed state knows (a run that died after
 * appending but before saving leaves a tail), append, sync. */
int store_log_open(const struct store *st, const struct game *g, int *fd, struct err *e);
int store_log_close(int fd, long long *size, struct err *e);
void store_log_path(const struct store *st, int id, char *out, size_t len);

/* JSON in and out (exposed for tests and `tempest show --json`). */
char *store_game_to_json(const struct game *g);
int store_game_from_json(const char *text, const char *what, struct game **out, struct err *e);

#endif
