/* spool.h: a batch's replies in one file of the outbox instead of a file each, and the
 * queue that sends them with the earlier single files (outbox.h).
 *
 * Creating a file costs more than everything else a mail needs (0.4-1 ms on ext4), and a
 * reply used to be created, renamed twice and removed. A batch now appends its replies to
 * one spool, DIR/staged/ID.spool, records of their own length and checksum:
 *
 *     tempest-spool 2
 *     GAME CAUSE NAME LENGTH SUM      (GAME: the reply's game, 0 none, -T tournament T;
 *                                      CAUSE: 64 hex digits, the SHA-256 of the key of the
 *     TEXT (LENGTH bytes)              mail that caused the reply; NAME its queue name,
 *     (a line end)                     outbox_name; SUM the XXH64 of TEXT, 16 hex digits
 *                                      (xxh64.h); in a "tempest-spool 1" an earlier
 *                                      release wrote, the first 16 hex digits of its
 *                                      SHA-256, read as such)
 *
 * The batch's commit queues the spool whole by one rename to DIR/ID.spool; a batch given
 * up, or a run settling what a dead one left, writes only the committed records to
 * DIR/ID.spool (atomically) and removes the staged file. A queued record leaves the queue
 * when its index is appended to DIR/ID.sent (a line each); the spool and its marks go once
 * every record is marked. A record cut short (a crash while it was appended) or whose sum
 * differs ends what is read of its spool. */
#ifndef TEMPEST_SPOOL_H
#define TEMPEST_SPOOL_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "util/buf.h"
#include "util/err.h"

/* ---- writing a batch's spool ---- */

struct spool_writer {
	int fd;                         /* -1: not created yet */
	char path[PATH_MAX];
	struct buf pending;             /* records not yet written: a write per batch, not
					 * per reply (spool_flush) */
	struct buf index;               /* "GAME NAME" of every record (spool_finish) */
	long long written;              /* bytes written, and of them handed to the disk */
	long long handed;
};

/* Creates DIR/staged/ID.spool (ID unique to this run and moment); not synced: the batch's
 * barrier does it. */
int spool_create(const char *dir, struct spool_writer *w, struct err *e);
/* Appends one reply (to the file by spool_flush, or once a megabyte waits). */
int spool_add(struct spool_writer *w, int game, const char *cause_key, const char *message_id,
	      const char *text, size_t len, struct err *e);
/* Writes the records added: the batch calls it before its barrier, as a record not written
 * is not in the spool. */
int spool_flush(struct spool_writer *w, struct err *e);
/* spool_flush, then the spool's index written beside it (DIR/staged/ID.index: each
 * record's game and queue name, not synced: the batch's barrier does it), so that the
 * replies of a spool cut short later (a damaged disk) can be rebuilt from the game logs,
 * all of them, not only the one the cut fell in (pipeline/recover.c). */
int spool_finish(struct spool_writer *w, struct err *e);
/* Closes the file; records not flushed are dropped (those of a batch given up). */
void spool_close(struct spool_writer *w);

/* ---- reading one ---- */

struct spool_rec {
	int game;
	char cause[65];                 /* hex SHA-256 of the cause's key */
	char name[33];                  /* the queue name */
	long long off;                  /* the text in the file */
	size_t len;
	char sum[17];
	int version;                    /* its spool's: what its sum is (spool.c) */
};

/* The records of a spool (their texts are read on demand: memory stays small). *n is 0
 * and the call succeeds for a file that is not a spool. */
int spool_records(const char *path, struct spool_rec **r, size_t *n, struct err *e);
/* Is the spool at path (whose records spool_records read: r, n) cut short — bytes after
 * its last whole record, a record whose text the file does not hold whole (a damaged
 * disk, a file truncated by hand: a queued spool was synced whole)? 1 or 0. For 1, *cut
 * holds the head of the record cut short if it can still be read (its game, cause and
 * queue name: its text can be found again in the game's log), else cut->name is "". A
 * file cut within its first line (or that never was a spool) is cut, with no record. */
int spool_cut(const char *path, const struct spool_rec *r, size_t n, struct spool_rec *cut);
/* The text of a record of the spool open as fd, checked against its sum; free it. */
int spool_text(int fd, const char *path, const struct spool_rec *r, char **text, struct err *e);

/* A spool is read in pieces of SPOOL_READ_AT bytes (a record larger is read whole): a
 * read for ten records of the bench's, or hundreds of heads, not two reads a record. No
 * larger: the flush must not raise the run's peak memory (bench/process.sh's bound), and
 * from 256 KB on it does. */
#define SPOOL_READ_AT (128u << 10)
struct spool_window {
	char *buf;
	size_t cap, len;                /* room, and bytes of the file held from off */
	long long off;
	long long nul;                  /* the line end a view replaced by a NUL, or -1 */
	bool eof;                       /* the file ends within the window */
};
/* The bytes of the file open as fd from off: *p borrowed (until the next call), their
 * number returned: at least want unless the file ends first; 0 at the end or when out of
 * memory (then w->buf is NULL). */
size_t spool_window_get(struct spool_window *w, int fd, long long off, size_t want,
			const char **p);
void spool_window_free(struct spool_window *w);
/* spool_text without a copy: *text (NUL-terminated) borrowed from the window until its next
 * use; checked against its sum unless trusted (spool_trusted). */
int spool_view(struct spool_window *w, int fd, const char *path, const struct spool_rec *r,
	       bool trusted, const char **text, struct err *e);
/* Did this process write the spool open as fd (spool_finish), and is it as it was written?
 * Then its records are the bytes this process hashed a moment ago, in its own page cache:
 * checking their sums again would cost as much as writing them and find nothing, so a
 * reply is hashed once. A spool of another run is checked record by record. */
bool spool_trusted(int fd);

/* A spool's index (spool_finish): its records' games and queue names (*r to free; their
 * other fields empty), in order; 0 with *n 0 when it has none (an earlier release's). */
int spool_index(const char *spool_path, struct spool_rec **r, size_t *n, struct err *e);
/* The index's path beside a spool's. */
void spool_index_path(const char *spool_path, char *out, size_t len);

/* The staged spool joins the queue: whole (keep NULL, a rename; its index first) or only
 * the records keep marks among its first nkeep (a new file and its index, synced; none:
 * nothing queued), the staged file then removed. The caller syncs DIR (fs_sync_dir_of)
 * after a rename. */
int spool_queue(const char *dir, const char *staged, const bool *keep, size_t nkeep,
		struct err *e);
/* The spools in DIR/staged/ (paths; free each and the array). */
int spool_staged(const char *dir, char ***paths, size_t *n, struct err *e);

/* The indexes left in DIR/staged/ without their spool (a crash as a batch given up
 * removed its spool) removed. */
void spool_staged_orphans(const char *dir);
/* The queued spools, DIR/ID.spool (paths; free each and the array). */
int spool_queued(const char *dir, char ***paths, size_t *n, struct err *e);
/* Where a queued spool found cut short is kept for a person: DIR/failed/ID.spool (its
 * presence also says that what could be rebuilt of it was queued again). */
void spool_damaged_path(const char *queued, char *out, size_t len);

/* ---- the queue: NAME.eml files and spooled records, oldest first ---- */

struct queue_item {
	char *path;                     /* the NAME.eml file, or the spool's (its
					 * queue_spool's, borrowed) */
	int spool;                      /* index in queue.spools, or -1 for a file */
	size_t rec;                     /* the record's index in its spool */
	struct timespec mtime;
};

struct queue_spool {
	char *path;
	struct spool_rec *r;
	size_t n, left;                 /* records, records not yet marked */
	bool *done;
	int fd;                         /* the spool, open from the first text read, or -1 */
	bool trusted;                   /* written by this process (spool_trusted) */
	int marks;                      /* DIR/ID.sent, open from the first mark, or -1 */
	bool cut;                       /* cut short (spool_cut): it stays queued, once its
					 * readable records went, until it is kept in failed/ */
	bool kept;                      /* its copy is in failed/ (spool_damaged_path) */
};

struct queue {
	char dir[PATH_MAX];
	struct queue_item *it;
	size_t n, cap;
	struct queue_spool *spools;
	size_t nspools;
	bool removed;                   /* a file left DIR: sync it at the end */
	size_t ncut;                    /* spools cut short (each told once as it is read) */
	struct spool_window window;     /* the spool being read */
	int window_spool;               /* whose bytes the window holds, or -1 */
	char *file;                     /* the NAME.eml file last read (queue_view) */
};

int queue_load(const char *dir, struct queue *q, struct err *e);
/* The message of item i; free it. */
int queue_text(struct queue *q, size_t i, char **text, size_t *len, struct err *e);
/* The same, borrowed: *text (NUL-terminated, len bytes) stays valid until the next
 * queue_view or queue_text of q. */
int queue_view(struct queue *q, size_t i, const char **text, size_t *len, struct err *e);
/* The items of its[0..n) were sent: they leave the queue, a spool's marks written in one
 * write each (not durable until queue_finish). */
int queue_sent_all(struct queue *q, const size_t *its, size_t n, struct err *e);
/* How a person names item i: the file, or SPOOL#INDEX. */
void queue_label(const struct queue *q, size_t i, char *out, size_t len);
/* Before item i goes: the room for its mark (and its spool's others) taken, -1 if the
 * disk has none (then it must stay queued). */
int queue_ready(struct queue *q, size_t i, struct err *e);
/* Item i was sent: it leaves the queue (not durable until queue_finish). */
int queue_sent(struct queue *q, size_t i, struct err *e);
/* Item i can never go: to DIR/failed/NAME.eml, durably. */
int queue_failed(struct queue *q, size_t i, struct err *e);
/* What left the queue made durable: one sync of each spool's marks and of DIR; spools
 * whose every record went are removed. */
int queue_finish(struct queue *q, struct err *e);
void queue_free(struct queue *q);

#endif
