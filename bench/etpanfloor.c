/* etpanfloor.c: the floor under `tempest process`: what reading the same mbox costs with
 * libetpan alone. The mbox is split by the project's reader (mail/mbox.c), every message
 * goes through libetpan's mailmime_parse, and the main header fields (From, Subject,
 * Message-ID, In-Reply-To, Date) are looked at; nothing else (no decoding, no text
 * extraction, no game). Prints the number of messages and of each field found, so the
 * caller can check that every message was read, and the seconds the reading took
 * (monotonic clock, from opening the mbox to the last message: GNU time's 10 ms steps
 * are too coarse for it).
 *
 * usage: etpanfloor MBOX */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <libetpan/libetpan.h>

#include "mail/mbox.h"

struct tally {
	long messages, unreadable, from, subject, message_id, in_reply_to, date;
	size_t bytes;                   /* of the fields' values, so nothing is optimised away */
};

/* Counts the typed header fields of one parsed message. */
static void touch_fields(struct tally *t, const struct mailimf_fields *f)
{
	for (clistiter *it = clist_begin(f->fld_list); it; it = clist_next(it)) {
		const struct mailimf_field *fld = clist_content(it);

		switch (fld->fld_type) {
		case MAILIMF_FIELD_FROM:
			t->from++;
			break;
		case MAILIMF_FIELD_SUBJECT:
			t->subject++;
			t->bytes += strlen(fld->fld_data.fld_subject->sbj_value);
			break;
		case MAILIMF_FIELD_MESSAGE_ID:
			t->message_id++;
			t->bytes += strlen(fld->fld_data.fld_message_id->mid_value);
			break;
		case MAILIMF_FIELD_IN_REPLY_TO:
			t->in_reply_to++;
			break;
		case MAILIMF_FIELD_ORIG_DATE:
			t->date++;
			t->bytes += (size_t)fld->fld_data.fld_orig_date->dt_date_time->dt_year;
			break;
		default:
			break;
		}
	}
}

static int each(const char *raw, size_t len, long offset, void *arg)
{
	struct tally *t = arg;
	struct mailmime *mime = NULL;
	size_t idx = 0;

	(void)offset;
	t->messages++;
	if (mailmime_parse(raw, len, &idx, &mime) != MAILIMF_NO_ERROR) {
		t->unreadable++;
		return 0;
	}
	if (mime->mm_type == MAILMIME_MESSAGE && mime->mm_data.mm_message.mm_fields)
		touch_fields(t, mime->mm_data.mm_message.mm_fields);
	mailmime_free(mime);
	return 0;
}

int main(int argc, char **argv)
{
	struct tally t = { 0 };
	struct timespec start, end;
	struct err e;

	if (argc != 2) {
		fprintf(stderr, "usage: etpanfloor MBOX\n");
		return 2;
	}
	clock_gettime(CLOCK_MONOTONIC, &start);
	if (mbox_read(argv[1], each, &t, &e) < 0) {
		fprintf(stderr, "etpanfloor: %s\n", e.msg);
		return 1;
	}
	clock_gettime(CLOCK_MONOTONIC, &end);
	printf("messages %ld seconds %.6f unreadable %ld from %ld subject %ld message-id %ld "
	       "in-reply-to %ld date %ld bytes %zu\n", t.messages,
	       (double)(end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9,
	       t.unreadable, t.from, t.subject, t.message_id, t.in_reply_to, t.date, t.bytes);
	return t.unreadable ? 1 : 0;
}
