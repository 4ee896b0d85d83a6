/* game_settings.c: a player's own settings, which hold in all their games and go to the
 * players' registry (the caller keeps it): vacation, time zone, language; and how a team
 * game's mails come (`mail each|digest`, kept in the game). They change no game's play;
 * docs/orders.md "Orders", "Spellings"; docs/game-masters.md "Time". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "game/apply.h"
#include "game/chessclock.h"
#include "game/digest.h"
#include "game/spelling.h"
#include "util/clock.h"

/* "vacation 5 days", "vacation until 2026-12-24", "vacation end": the clock of every game
 * of the player stops (the players' registry records it; the caller applies it). */
static int do_vacation(struct apply_state *a, const struct order *od)
{
	const struct vacations *vac = a->g->vac[a->me];
	const struct policy *pol = a->g->policy;
	long long now = a->s->now, end;
	char date[16];
	int days;

	bool on = false;
	for (int i = 0; vac && i < vac->n; i++)
		on |= vac->v[i].start <= now && now < vac->v[i].end;
	if (!strcasecmp(od->arg, "end")) {
		if (!on)
			return apply_error(a, od, "you are not on vacation");
		a->out->player.vacation_end = true;
		apply_principal(a, "vacation");
		apply_note(a, "%s is back from vacation: their clock runs again.",
			   game_side_name(a->g, a->g->seat[a->me].side));
		return 0;
	}
	if (on)
		return apply_error(a, od, "you are on vacation already ('vacation end' first)");
	char *unit;
	long n = strtol(od->arg, &unit, 10);
	while (*unit == ' ')
		unit++;
	if (sscanf(od->arg, "until %15s", date) == 1) {
		char iso[32], back[CLOCK_ISO_MAX];
		snprintf(iso, sizeof iso, "%sT00:00:00Z", date);
		end = clock_parse(iso);
		if (end >= 0)
			clock_iso(end, back);
		/* strptime takes 2026-02-31 for 3 March: only a date that reads back is one */
		if (end < 0 || strcmp(back, iso))
			return apply_error(a, od, "'%s' is not a date (YYYY-MM-DD)", date);
		if (end <= now)
			return apply_error(a, od, "%s is not in the future", date);
	} else if (unit != od->arg && n >= 1 && n <= 3660 &&
		   (!*unit || !strcasecmp(unit, "day") || !strcasecmp(unit, "days"))) {
		end = now + n * DAY;
	} else
		return apply_error(a, od, "write: vacation 5 days, vacation until 2026-12-24, or vacation end");
	days = (int)((end - now + DAY - 1) / DAY);
	if (pol && pol->max_vacation_days && days > pol->max_vacation_days)
		return apply_error(a, od, "a vacation lasts at most %d days", pol->max_vacation_days);
	struct vacations with = vac ? *vac : (struct vacations){ 0 };
	if (with.n < VACATIONS_MAX)
		with.v[with.n++] = (struct vacation){ now, end };
	if (pol && vacation_days_in_year(&with, now) > pol->vacation_days)
		return apply_error(a, od, "that is more vacation than the %d days a year allowed "
				   "(%d taken or booked this year)", pol->vacation_days,
				   vacation_days_in_year(vac, now));
	a->out->player.vacation = true;
	a->out->player.start = now;
	a->out->player.end = end;
	char until[CLOCK_LOCAL_MAX];
	clock_local(end, "UTC", until, sizeof until);
	apply_principal(a, "vacation");
	apply_note(a, "%s is on vacation until %s: their clock does not run meanwhile.",
		   game_side_name(a->g, a->g->seat[a->me].side), until);
	return 0;
}

/* "timezone Europe/Paris": deadlines in the player's mails, in all their games. */
static int do_timezone(struct apply_state *a, const struct order *od)
{
	const struct policy *pol = a->g->policy;

	if (pol && pol->timezone_ok && !pol->timezone_ok(od->arg))
		return apply_error(a, od, "'%s' is not a time zone I know (e.g. Europe/Paris, "
				   "America/New_York, UTC)", od->arg);
	a->out->player.timezone = true;
	snprintf(a->out->player.tz, sizeof a->out->player.tz, "%s", od->arg);
	apply_principal(a, "timezone");
	phrase_printf(a->own_note, sizeof a->own_note, "Your time zone is now %s: deadlines in my "
		      "mails to you are shown in it.", od->arg);
	return 0;
}

/* "language nl": the piece letters of the player's moves, in all their games. */
static int do_language(struct apply_state *a, const struct order *od)
{
	const char *code = spelling_language_code(od->arg);
	char said[sizeof a->own_note];

	if (!code)
		return apply_error(a, od, "'%s' is not a language whose piece letters I read: "
				   "write one of %s", od->arg, spelling_languages());
	a->out->player.language = true;
	snprintf(a->out->player.lang, sizeof a->out->player.lang, "%s", code);
	snprintf(a->g->lang[a->me], sizeof a->g->lang[0], "%s", code);
	apply_principal(a, "language");
	phrase_printf(said, sizeof said, "Your language is now %s: I read the piece letters of "
		      "your moves as %s.", code, spelling_letters(code));
	phrase_cat(a->own_note, sizeof a->own_note, " ", said);
	return 0;
}

/* "mail each", "mail digest": how a member of a team game gets its mails (digest.h). A
 * setting of this game only, kept in its state, not the registry. */
static int do_mail_mode(struct apply_state *a, const struct order *od)
{
	char why[160];
	size_t n = strlen(a->own_note);

	if (game_mail_mode(a->g, a->me, od->arg, why, sizeof why) < 0)
		return apply_error(a, od, "%s", why);
	apply_principal(a, "mail");
	/* after what another setting of the mail told (language), not over it */
	snprintf(a->own_note + n, sizeof a->own_note - n, "%s%s", n ? " " : "",
		 strcasecmp(od->arg, "each") ?
		 "What does not concern you now comes in one digest a run; your turn, your "
		 "board and what names you come at once." :
		 "Every mail of this game now comes to you at once.");
	return 0;
}

/* "name Alice Martin": how the player is named in public (the archive, the PGN tags, the
 * mails to observers), in all their games; "address public|hidden": whether their address
 * may be shown there too (docs/orders.md "Names in public"). */
static int do_public(struct apply_state *a, const struct order *od)
{
	struct player_change *ch = &a->out->player;
	size_t n = strlen(a->own_note);

	if (od->kind == ORDER_NAME) {
		if (strlen(od->arg) >= sizeof ch->public_name)
			return apply_error(a, od, "a name is at most %d characters",
					   (int)sizeof ch->public_name - 1);
		ch->name = true;
		snprintf(ch->public_name, sizeof ch->public_name, "%s", od->arg);
		apply_principal(a, "name");
		snprintf(a->own_note + n, sizeof a->own_note - n, "%s", n ? " " : "");
		n = strlen(a->own_note);
		phrase_printf(a->own_note + n, sizeof a->own_note - n, "In public (the archive of the "
			 "games, the mails to observers) you are named %s.", od->arg);
		return 0;
	}
	ch->address = true;
	ch->address_public = !strcasecmp(od->arg, "public");
	apply_principal(a, "address");
	snprintf(a->own_note + n, sizeof a->own_note - n, "%s", n ? " " : "");
	n = strlen(a->own_note);
	snprintf(a->own_note + n, sizeof a->own_note - n, "%s", ch->address_public ?
		 N_("Your address is now shown in public beside your name.") :
		 N_("Your address is now never shown in public."));
	return 0;
}

int apply_setting(struct apply_state *a, const struct order *od)
{
	switch (od->kind) {
	case ORDER_NAME:
	case ORDER_ADDRESS:
		return do_public(a, od);
	case ORDER_VACATION:
		return do_vacation(a, od);
	case ORDER_TIMEZONE:
		return do_timezone(a, od);
	case ORDER_MAIL:
		return do_mail_mode(a, od);
	default:
		return do_language(a, od);
	}
}
