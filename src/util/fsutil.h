/* fsutil.h: files the way the referee needs them: whole reads, atomic replacement
 * (temporary file, fsync, rename, fsync of the directory), directory creation, and the
 * lock that keeps two runs apart. Buffers returned are the caller's to free(). */
#ifndef TEMPEST_FSUTIL_H
#define TEMPEST_FSUTIL_H

#include <stdbool.h>
#include <stddef.h>

#include "util/err.h"

/* Reads a whole file (NUL-terminated; *len without the NUL). At most `max` bytes. */
int fs_read(const char *path, size_t max, char **out, size_t *len, struct err *e);
/* Replaces path with data atomically and durably. mode as for open(2). */
int fs_write_atomic(const char *path, const void *data, size_t len, int mode, struct err *e);
/* The same replacement, atomic but not yet durable: no fsync of the file or of its
 * directory. A caller that batches its writes makes them durable all at once with
 * fs_sync_fs() before anything that depends on them. */
int fs_write_replace(const char *path, const void *data, size_t len, int mode, struct err *e);
/* Makes everything written so far on the file system that holds path durable (syncfs(2)):
 * one barrier for a whole batch of writes, renames and new files. */
int fs_sync_fs(const char *path, struct err *e);
/* Starts writing the bytes [from, from + len) of the open file fd to the disk, without
 * waiting (sync_file_range(2), SYNC_FILE_RANGE_WRITE): a hint, so that the batch's
 * fs_sync_fs() finds most of a large file written while the batch went on, instead of
 * waiting for all of it. Durability is still fs_sync_fs()'s; a failure here is ignored. */
void fs_start_writeback(int fd, long long from, long long len);
/* The writes above (fs_write_atomic, fs_write_replace, fs_sync_fs, fs_mkdirs) leave errno
 * as the failing call set it: is that a full disk (ENOSPC, EDQUOT), which frees itself or
 * is freed, rather than something a person must see to (a permission, a read-only file
 * system)? */
bool fs_full(int err);
/* Makes the directory and its parents (mode 0700 for new ones unless given). */
int fs_mkdirs(const char *path, int mode, struct err *e);
/* fsync of the directory that holds path (after a rename or an unlink there). */
int fs_sync_dir_of(const char *path, struct err *e);
int fs_exists(const char *path);
/* Removes from dir what interrupted atomic writes left (NAME.tmp.PID, fs_write_atomic);
 * *removed is increased by their number. A missing dir holds none. */
int fs_clean_tmp(const char *dir, int *removed, struct err *e);

/* An exclusive lock on path (created if need be), waiting up to `wait` seconds for a run
 * that holds it (< 0: for as long as it takes; 0: not at all). The holder writes who it is
 * into the file (`who`: its pid, the time it took the lock and `who`), so that a run that
 * gives up can say who holds it. Returns the fd to keep, or -1. */
int fs_lock(const char *path, int wait, const char *who, struct err *e);
/* A shared lock on an existing lock file, opened for reading: a reader that must not see
 * a run's commit half done, and writes nothing (not even who it is). Waits as fs_lock.
 * Returns the fd to keep, -2 when there is no lock file (no run ever took it), or -1. */
int fs_lock_shared(const char *path, int wait, struct err *e);
void fs_unlock(int fd);

/* Where the data directory `name` ("rules", "templates") is: `override` if given, else
 * $env, else beside the binary, else in ../share/tempest/ from the binary (installed),
 * else under TEMPEST_DATADIR. The path is in
 * buf (or is override or the environment's value). */
const char *fs_data_dir(const char *override, const char *env, const char *name, char *buf,
			size_t len);
/* The configuration file of an installed tempest, when none is named: beside the tree it
 * was installed in (PREFIX/bin/tempest reads PREFIX/etc/tempest/tempest.conf, /usr/bin's
 * /etc/tempest/tempest.conf), else /etc/tempest/tempest.conf; NULL if the binary is not
 * in a bin directory (a build tree) or no such file exists. */
const char *fs_installed_config(char *buf, size_t len);

#endif
