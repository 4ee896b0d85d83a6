/* names.c: how the game names its sides, states and variant (side_name, game_side_name,
 * game_title, ...), below every file of the game layer that names them; and how the
 * public names the players (game.h, seat_label_set, seat_public): pages, PGN tags and
 * the mails to observers name a player by the name they chose, or the display name of
 * their mail, never by their address unless they allowed it. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "game/game.h"
#include "util/phrase.h"

const char *game_status_name(enum game_status s)
{
	static const char *const names[] = { "invited", "playing", "over", "declined" };

	return s <= GAME_DECLINED ? names[s] : "?";
}

const char *color_name_lc(int c)
{
	return c == WHITE ? "white" : c == BLACK ? "black" : "referee";
}

const char *game_title(const struct game *g, char *buf, size_t len)
{
	return phrase_word(buf, len, "variant", g->v ? g->v->title : g->variant);
}

const char *side_name(int c)
{
	return c == WHITE ? N_("White") : N_("Black");
}

const char *game_side_name(const struct game *g, int c)
{
	if (g && g->v && (c == WHITE || c == BLACK) && g->v->side_phrase[c][0])
		return g->v->side_phrase[c];
	return side_name(c);
}

const char *game_phase_name(enum game_phase p)
{
	static const char *const names[] = { "invited", "setup", "deployment", "play", "over" };

	return p <= PHASE_OVER ? names[p] : "?";
}

const char *seat_name(const struct game *g, int seat, char *buf, size_t len)
{
	const struct seat *st = &g->seat[seat];

	char role[ROLE_MAX + 8];

	if (seat < 0 || seat >= g->nseats)
		return phrase_printf(buf, len, "the referee");
	if (g->nseats == 2 && g->nboards == 1)
		return phrase_printf(buf, len, "%s", game_side_name(g, st->side));
	phrase_word(role, sizeof role, "role", st->role);
	if (st->board >= 0)
		return phrase_printf(buf, len, "%s (board %d, %s)", game_side_name(g, st->side),
				     st->board + 1, role);
	return phrase_pprintf(buf, len, "seat", "%s %s", game_side_name(g, st->side), role);
}

int naming_rule(const char *word)
{
	static const char *const rules[] = { "names", "initials", "sides" };

	for (int i = 0; i < 3; i++)
		if (!strcasecmp(word, rules[i]))
			return i;
	return -1;
}

/* A display name the public may see: not empty, no address in it ("alice@example.org"
 * <alice@example.org>, as some clients write). */
static bool showable(const char *name)
{
	return name && *name && !strchr(name, '@');
}

/* "Alice Martin" as "Alice M.": the first word whole, the others' initials (a particle
 * such as "van" left out: "Jan van Dijk" is "Jan D."). */
static void initials(const char *name, char *out, size_t len)
{
	const char *p = name;
	size_t at = 0, n = strcspn(p, " ");

	at += (size_t)snprintf(out, len, "%.*s", (int)n, p);
	for (p += n; *p && at < len; ) {
		p += strspn(p, " ");
		n = strcspn(p, " ");
		if (n && (unsigned char)*p >= 'A' && (unsigned char)*p <= 'Z')
			at += (size_t)snprintf(out + at, len - at, " %c.", *p);
		else if (n && (unsigned char)*p >= 0x80) {      /* a UTF-8 letter, whole */
			size_t k = 1;
			while (k < n && ((unsigned char)p[k] & 0xc0) == 0x80)
				k++;
			at += (size_t)snprintf(out + at, len - at, " %.*s.", (int)k, p);
		}
		p += n;
	}
}

void public_label(const char *chosen, const char *display, const char *address,
		  bool address_public, enum naming_rule rule, const char *fallback, char *out,
		  size_t len)
{
	const char *name = showable(chosen) ? chosen : showable(display) ? display : "";
	char shown[PUBLIC_NAME_MAX] = "";

	if (rule == NAMING_INITIALS && *name)
		initials(name, shown, sizeof shown);
	else if (rule == NAMING_NAMES)
		snprintf(shown, sizeof shown, "%s", name);
	if (address_public && rule != NAMING_SIDES && *shown)
		snprintf(out, len, "%.40s (%.50s)", shown, address);
	else if (address_public && rule != NAMING_SIDES)
		snprintf(out, len, "%s", address);
	else
		snprintf(out, len, "%s", *shown ? shown : fallback);
}

void seat_label_set(struct game *g, int seat, const char *chosen, bool address_public,
		    enum naming_rule rule)
{
	struct seat *st = &g->seat[seat];
	char side[96];

	public_label(chosen, st->name, st->address, address_public, rule,
		     seat_name(g, seat, side, sizeof side), st->label, sizeof st->label);
}

const char *seat_public(const struct game *g, int seat, char *buf, size_t len)
{
	if (seat < 0 || seat >= g->nseats)
		return seat_name(g, seat, buf, len);
	const struct seat *st = &g->seat[seat];
	if (st->label[0])
		snprintf(buf, len, "%s", st->label);
	else if (showable(st->name))
		snprintf(buf, len, "%s", st->name);
	else
		seat_name(g, seat, buf, len);
	return buf;
}
