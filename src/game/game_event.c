/* game_event.c: what a mail being applied tells (apply.h): the sentences every reader, or
 * only some seats, read of it, and the event that names the mail (its principal order),
 * which decides who hears of it, what reply they get and how the clock runs. */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "game/apply.h"

/* A sentence after the others of buf, a blank between. */
static void sentence(char *buf, size_t len, const char *fmt, va_list ap)
{
	size_t n = strlen(buf);

	snprintf(buf + n, len - n, "%s", n ? " " : "");
	n = strlen(buf);
	vsnprintf(buf + n, len - n, fmt, ap);
}

void apply_note(struct apply_state *a, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sentence(a->note, sizeof a->note, fmt, ap);
	va_end(ap);
}

void apply_note_to(struct apply_state *a, unsigned seats, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sentence(a->part_note, sizeof a->part_note, fmt, ap);
	va_end(ap);
	a->part_seats |= seats;
}

void apply_note_seat(struct apply_state *a, int seat, const char *fmt, ...)
{
	va_list ap;

	if (seat < 0 || seat >= SEATS_MAX)
		return;
	va_start(ap, fmt);
	sentence(a->seat_note[seat], sizeof a->seat_note[seat], fmt, ap);
	va_end(ap);
}

static bool one_of(const char *kind, const char *const *list, size_t n)
{
	for (size_t i = 0; kind && i < n; i++)
		if (!strcmp(kind, list[i]))
			return true;
	return false;
}

void apply_principal(struct apply_state *a, const char *kind)
{
	/* a player's own bookkeeping (a vacation, a time zone, a password) yields to an order
	 * that changes the game, whatever their order in the mail: "timezone Europe/Paris"
	 * then "e4" is a move, which the opponent must hear of (with the notes of both) */
	static const char *const bookkeeping[] = { "vacation", "timezone", "password", "language",
						   "mail" };
	/* what may go with a move yields to it: "offer draw" then "e4" is a move, the turn
	 * passes (the clock) and the opponent, now to move, must hear of it */
	static const char *const beside_move[] = { "draw-offer", "draw-decline", "vote" };
	bool was_bookkeeping = one_of(a->principal, bookkeeping, 4);

	if (!a->principal || (was_bookkeeping && !one_of(kind, bookkeeping, 4)) ||
	    (!strcmp(kind, "move") && one_of(a->principal, beside_move, 3)))
		a->principal = kind;
}
