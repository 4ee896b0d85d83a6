/* robots.c: whom the referee does not answer, and how often (robots.h; docs/sysadmin.md, "Robots and
 * strangers"). */
#include "pipeline/robots.h"
#include "pipeline/pipeline_int.h"
#include "pipeline/tourney.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "game/observe.h"
#include "store/store.h"
#include "util/buf.h"
#include "util/crypto.h"
#include "util/log.h"

void robots_free(struct robots *r)
{
	free(r->known);
	free(r->invited);
	*r = (struct robots){ 0 };
}

/* ---- marks of automatic mail ---- */

/* A header that marks the mail as automatic unless it says "no" (RFC 3834's own rule for
 * Auto-Submitted, applied to the older marks too). */
static bool marked(const char *value)
{
	return value && strncasecmp(value, "no", 2);
}

const char *robots_noise(const struct pipeline *pl, const struct msg *m)
{
	const char *p = m->precedence;

	if (!m->from_addr)
		return "no sender address";
	/* RFC 5321's limit; a longer one cut to fit would be another address */
	if (strlen(m->from_addr) > ADDRESS_LEN_MAX)
		return "a sender address longer than 254 characters";
	if (marked(m->auto_submitted))
		return "Auto-Submitted";
	/* the marks of vacation programs and autoresponders that predate RFC 3834 */
	if (marked(m->x_autoreply))
		return "X-Autoreply";
	if (marked(m->x_autorespond))
		return "X-Autorespond";
	if (p && (!strncasecmp(p, "bulk", 4) || !strncasecmp(p, "junk", 4) ||
		  !strncasecmp(p, "list", 4) || !strncasecmp(p, "auto_reply", 10)))
		return "Precedence: bulk, junk, list or auto_reply";
	if (m->list_id)
		return "a mailing list";
	if (m->return_path && !strcmp(m->return_path, "<>"))
		return "a bounce (empty return path)";
	if (!strncasecmp(m->from_addr, "mailer-daemon@", 14) ||
	    !strncasecmp(m->from_addr, "postmaster@", 11))
		return "a mail system";
	if (!strcasecmp(m->from_addr, pl->cfg.referee_address))
		return "our own mail";
	return NULL;
}

/* ---- who is known here ---- */

static int by_address(const void *a, const void *b)
{
	return strcasecmp(a, b);
}

static void invitation_add(struct robots *r, const char *addr, int id)
{
	for (size_t i = 0; i < r->ninvited; i++)
		if (r->invited[i].id == id && !strcasecmp(r->invited[i].addr, addr))
			return;
	struct robots_invitation *v = realloc(r->invited, (r->ninvited + 1) * sizeof *v);
	if (!v)
		return;                 /* the bound is then kept a little less well */
	r->invited = v;
	snprintf(v[r->ninvited].addr, ADDR_MAX, "%s", addr);
	v[r->ninvited++].id = id;
}

/* One game's part: its players, those who confirmed they want its mails (its observers,
 * its arbiter: observe.h), and its challenger while it waits for an answer. */
static void read_game(struct robots *r, const struct game *g)
{
	size_t more = (size_t)g->nseats + g->nobservers + 1;
	char (*k)[ADDR_MAX] = realloc(r->known, (r->nknown + more) * sizeof *k);

	for (int c = 0; k && c < g->nseats; c++)
		snprintf(k[r->nknown++], ADDR_MAX, "%s", g->seat[c].address);
	for (size_t i = 0; k && i < g->nobservers; i++)
		snprintf(k[r->nknown++], ADDR_MAX, "%s", g->observers[i]);
	if (k && game_arbiter_mailed(g))
		snprintf(k[r->nknown++], ADDR_MAX, "%s", g->arbiter);
	if (k)
		r->known = k;
	if (g->status == GAME_INVITED && g->challenger >= 0 && g->challenger < g->nseats)
		invitation_add(r, g->seat[g->challenger].address, g->id);
}

/* Every game read once a run, when first needed: those stored and those of the batch in
 * progress (robots_invited adds the ones made after). */
static void robots_read(struct pipeline *pl)
{
	struct robots *r = &pl->robots;
	int *ids;
	size_t n;
	struct err e;

	if (r->read)
		return;
	r->read = true;
	if (store_list(&pl->st, &ids, &n, &e) < 0) {
		r->unreadable = true;   /* cannot tell: answer rather than stay silent */
		return;
	}
	for (size_t i = 0; i < n; i++) {
		struct game *g = NULL;
		if (store_load(&pl->st, ids[i], &g, &e) < 0)
			continue;
		read_game(r, g);
		game_free(g);
	}
	free(ids);
	for (size_t i = 0; pl->batch.on && i < pl->batch.ngames; i++)
		read_game(r, pl->batch.games[i].g);
	if (r->nknown)
		qsort(r->known, r->nknown, sizeof *r->known, by_address);
}

bool pipeline_known_address(struct pipeline *pl, const char *address)
{
	const struct robots *r = &pl->robots;

	robots_read(pl);
	if (r->unreadable)
		return true;
	return r->nknown && bsearch(address, r->known, r->nknown, sizeof *r->known, by_address);
}

/* ---- strangers ---- */

static const struct order *find_order(const struct orders *o, int kind)
{
	for (size_t i = 0; i < o->n; i++)
		if (o->o[i].kind == kind)
			return &o->o[i];
	return NULL;
}

/* A challenge a newcomer may have meant: `new` with a variant played here, or with an
 * opponent's address. "New arrivals" in an advert is neither. */
static bool challenge_shaped(struct job *j)
{
	const struct order *n = find_order(&j->orders, ORDER_NEW);
	const struct order *o = find_order(&j->orders, ORDER_OPPONENT);

	return n && (j->out.created || (o && order_address_ok(o->arg)) ||
		     pipeline_variant(j->pl, n->arg));
}

/* `help` and nothing else (but `game N`, `language fr` and prose): how a newcomer asks how
 * to play, in their language. Its answer is the same for everyone and quotes nothing of
 * the mail. */
static bool help_only(const struct orders *o)
{
	size_t help = 0;

	for (size_t i = 0; i < o->n; i++) {
		if (o->o[i].kind == ORDER_HELP)
			help++;
		else if (o->o[i].kind != ORDER_GAME && o->o[i].kind != ORDER_LANGUAGE)
			return false;
	}
	return help && !o->nerr;
}

/* Where reply r goes, or NULL. */
static const char *reply_rcpt(const struct job *j, const struct reply *r)
{
	if (r->to < 0)
		return r->address;
	return j->g && r->to < j->g->nseats ? j->g->seat[r->to].address : NULL;
}

static bool answers_sender(const struct job *j)
{
	for (size_t i = 0; i < j->out.nreplies; i++) {
		const char *to = reply_rcpt(j, &j->out.replies[i]);
		if (to && !strcasecmp(to, j->s.address))
			return true;
	}
	return false;
}

void robots_screen(struct job *j)
{
	struct pipeline *pl = j->pl;
	size_t kept = 0;
	int id;

	if (j->action || (pl->flags & PIPELINE_REPLAY) || !answers_sender(j))
		return;
	if (j->out.auth >= 0 || (j->g && game_seat_of(j->g, j->s.address) >= 0) ||
	    challenge_shaped(j) || help_only(&j->orders) || observe_asked(&j->orders, &id) ||
	    j->t || tourney_is_arbiter(pl, j->s.address) ||
	    pipeline_known_address(pl, j->s.address))
		return;
	for (size_t i = 0; i < j->out.nreplies; i++) {
		const char *to = reply_rcpt(j, &j->out.replies[i]);
		if (!to || strcasecmp(to, j->s.address))
			j->out.replies[kept++] = j->out.replies[i];
	}
	log_info("not answering %s from %s: a stranger's mail, neither a challenge nor about "
		 "a game of theirs (%zu order%s, %zu faulty line%s)", j->s.msg_key, j->s.address,
		 j->orders.n, j->orders.n == 1 ? "" : "s", j->orders.nerr,
		 j->orders.nerr == 1 ? "" : "s");
	j->out.nreplies = kept;
}

bool robots_stranger(struct job *j)
{
	if (j->stranger < 0)
		j->stranger = !j->action && !(j->pl->flags & PIPELINE_REPLAY) && j->out.auth < 0 &&
			      !(j->out.auth_how && !strcmp(j->out.auth_how, "consent")) &&
			      !pipeline_known_address(j->pl, j->s.address) &&
			      /* a tournament's arbiter, an entrant of the tournament it names */
			      !tourney_is_arbiter(j->pl, j->s.address) &&
			      !(j->t && tn_player_of(j->t, j->s.address) >= 0);
	return j->stranger > 0;
}

/* ---- a flood of challenges ---- */

/* The challenges from addr still waiting for an answer, as they stand now (a batch's
 * games as the batch left them): their number, their games listed in `list`. Those that
 * were answered, withdrawn or lapsed are forgotten. */
static size_t open_invitations(struct pipeline *pl, const char *addr, char *list, size_t len)
{
	struct robots *r = &pl->robots;
	size_t n = 0, at = 0;

	robots_read(pl);
	list[0] = 0;
	for (size_t i = 0; i < r->ninvited;) {
		struct game *g;
		struct vacations vac[SEATS_MAX];
		struct err e;
		if (strcasecmp(r->invited[i].addr, addr)) {
			i++;
			continue;
		}
		int rc = pipeline_load_game(pl, r->invited[i].id, &g, vac, &e);
		bool open = rc == 0 && g->status == GAME_INVITED &&
			!strcasecmp(g->seat[g->challenger].address, addr);
		if (rc == 0)
			pipeline_put_game(pl, g);
		if (rc < 0) {           /* unreadable for now: neither counted nor forgotten */
			i++;
			continue;
		}
		if (!open) {
			r->invited[i] = r->invited[--r->ninvited];
			continue;
		}
		if (at < len)
			at += (size_t)snprintf(list + at, len - at, "%s%d", n ? ", " : "",
					       r->invited[i].id);
		n++;
		i++;
	}
	return n;
}

const struct order *robots_flood(struct job *j, char *why, size_t len)
{
	struct pipeline *pl = j->pl;
	const struct order *o = find_order(&j->orders, ORDER_NEW);
	char list[256];

	if (!o || (pl->flags & PIPELINE_REPLAY))
		return NULL;
	size_t n = open_invitations(pl, j->s.address, list, sizeof list);
	if (n < (size_t)pl->cfg.max_open_invitations)
		return NULL;
	phrase_nprintf(why, len, n, "you have %zu challenge waiting for an answer (game %s), as "
		       "many as I keep open for one player: a new one can go once it is accepted, "
		       "declined or lapses (you may withdraw it by replying \"decline\" to it)",
		       "you have %zu challenges waiting for an answer (games %s), as many as I keep "
		       "open for one player: a new one can go once one of them is accepted, "
		       "declined or lapses (you may withdraw one by replying \"decline\" to it)",
		       n, list);
	log_info("refusing a challenge from %s: %zu open already", j->s.address, n);
	return o;
}

void robots_invited(struct pipeline *pl, const struct game *g)
{
	struct robots *r = &pl->robots;

	if (!r->read)
		return;                 /* read later, it will be among the games */
	size_t sorted = r->nknown;
	read_game(r, g);
	/* the new addresses into their places: the list stays sorted for bsearch */
	for (size_t i = sorted; i < r->nknown; i++) {
		char a[ADDR_MAX];
		size_t at = i;
		memcpy(a, r->known[i], ADDR_MAX);
		while (at > 0 && by_address(r->known[at - 1], a) > 0)
			at--;
		memmove(r->known[at + 1], r->known[at], (i - at) * sizeof *r->known);
		memcpy(r->known[at], a, ADDR_MAX);
	}
}

/* ---- auto-responders that do not say so ---- */

/* A mail that changed nothing and held no order, answered to its sender: what an
 * auto-responder sends. Its text may be compared with the earlier ones. */
static bool robot_shaped(const struct job *j, const char *rcpt)
{
	if (j->action || j->out.changed || strcasecmp(rcpt, j->s.address))
		return false;
	for (size_t i = 0; i < j->orders.n; i++)
		if (j->orders.o[i].kind != ORDER_GAME)
			return false;
	return true;
}

/* The names of months and days (English, French, German), which a date line spells: a
 * responder's text is the same whatever the date it writes. */
static const char *const calendar_words[] = {
	"jan", "january", "feb", "february", "mar", "march", "apr", "april", "may", "jun",
	"june", "jul", "july", "aug", "august", "sep", "sept", "september", "oct", "october",
	"nov", "november", "dec", "december", "mon", "monday", "tue", "tuesday", "wed",
	"wednesday", "thu", "thursday", "fri", "friday", "sat", "saturday", "sun", "sunday",
	"am", "pm", "utc", "gmt", "janvier", "fevrier", "f\303\251vrier", "mars", "avril",
	"mai", "juin", "juillet", "aout", "ao\303\273t", "septembre", "octobre", "novembre",
	"decembre", "d\303\251cembre", "lundi", "mardi", "mercredi", "jeudi", "vendredi",
	"samedi", "dimanche", "januar", "februar", "m\303\244rz", "maerz", "juni", "juli",
	"oktober", "dezember", "montag", "dienstag", "mittwoch", "donnerstag", "freitag",
	"samstag", "sonntag",
};

/* Could this word (lower case) be a move as players write them ("e4", "nf3", "qxf7#")? A
 * square in it (a file letter, then a rank), few enough characters: a player's faulty
 * move is words of theirs, kept, where a date or a number is not. */
static bool moveish(const char *w, size_t n)
{
	if (n > 10)
		return false;
	for (size_t i = 0; i + 1 < n; i++)
		if (w[i] >= 'a' && w[i] <= 'h' && w[i + 1] >= '1' && w[i + 1] <= '8')
			return true;
	return false;
}

/* Is this word (lower case, punctuation around it) no part of what a responder says: a
 * number, a date or a time (a digit in a word that is no move: "2026-11-05", "10:31",
 * "#4411"), or a month's or a day's name? */
static bool dateish(const char *w, size_t n)
{
	char word[24];

	for (size_t i = 0; i < n; i++)
		if (w[i] >= '0' && w[i] <= '9')
			return !moveish(w, n);
	while (n && strchr(".,;:!?()[]\"'", *w))
		w++, n--;
	while (n && strchr(".,;:!?()[]\"'", w[n - 1]))
		n--;
	if (!n || n >= sizeof word)
		return false;
	memcpy(word, w, n);
	word[n] = 0;
	for (size_t i = 0; i < sizeof calendar_words / sizeof calendar_words[0]; i++)
		if (!strcmp(word, calendar_words[i]))
			return true;
	return false;
}

/* One line of the sender's text as a responder's is compared: lower case, blanks
 * collapsed, without its numbers, dates and times; nothing of a line that quotes the
 * referee's subject tag ("[tempest 17 ...]": what it answers, which changes each time). */
static void add_line(struct buf *b, const char *line)
{
	char lower[ORDER_ARG_MAX];
	size_t n = 0;

	for (; line[n] && n + 1 < sizeof lower; n++)
		lower[n] = (char)(line[n] >= 'A' && line[n] <= 'Z' ? line[n] + 32 : line[n]);
	lower[n] = 0;
	if (strstr(lower, "[tempest"))
		return;
	for (const char *p = lower; *p;) {
		while (*p == ' ' || *p == '\t')
			p++;
		size_t k = strcspn(p, " \t");
		if (k && !dateish(p, k)) {
			if (b->n && b->s[b->n - 1] != '\n')
				buf_add(b, " ", 1);
			buf_add(b, p, k);
		}
		p += k;
	}
	if (b->n && b->s[b->n - 1] != '\n')
		buf_add(b, "\n", 1);
}

/* The hex SHA-256 of the text the sender wrote (quotes, the referee's own text and the
 * signature already removed: msgtext.h), as add_line reads each line: the same
 * auto-reply gives the same hash whatever the referee mail it answers and whatever date
 * it writes. "" if memory runs out. */
static void text_hash(const struct job *j, char hex[HASH_HEX])
{
	struct buf b = { 0 };
	uint8_t h[CRYPTO_HASH_LEN];

	for (size_t i = 0; i < j->text.n; i++)
		add_line(&b, j->text.line[i].text);
	/* a mail over the size limit was not read: its key stands for its text, so that two
	 * such mails of a person are two texts, not one sent again */
	if (j->oversize)
		buf_printf(&b, "oversize %zu %s", j->oversize, j->s.msg_key);
	hex[0] = 0;
	if (!b.failed) {
		crypto_sha256(b.s ? b.s : "", b.n, h);
		crypto_hex(h, sizeof h, hex);
	}
	buf_free(&b);
}

int robots_answer_limit(struct job *j, const char *rcpt)
{
	struct pipeline *pl = j->pl;
	char hex[HASH_HEX];

	if (!robot_shaped(j, rcpt))
		return pl->cfg.max_answers_per_day;
	text_hash(j, hex);
	if (!hex[0] || !answers_text_known(pl, rcpt, hex))
		return pl->cfg.max_answers_per_day;
	log_info("%s sends again a text already answered: an auto-responder, answered once a "
		 "day at most", rcpt);
	return 1;
}

int robots_answered(struct job *j, const char *rcpt, struct err *e)
{
	char hex[HASH_HEX];

	if (!robot_shaped(j, rcpt))
		return 0;
	text_hash(j, hex);
	return hex[0] ? answers_note_text(j, rcpt, hex, e) : 0;
}
