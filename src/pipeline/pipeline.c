/* pipeline.c: one mail's journey (see pipeline.h): read, route to its game, apply,
 * render the replies, commit. The commit order makes a crash at any point safe:
 *   1. replies into the outbox (a file per reply, named by its stable Message-ID),
 *   2. the mail and the replies appended to the game log, cut back first to the size the
 *      committed state records,
 *   3. the game state (atomic rename): the commit point,
 *   4. the mail's key marked seen.
 * Run again after a crash, the mail is either recognised (3 done) or processed again
 * from scratch (3 not done), rewriting the same outbox files and log tail. */
#include "pipeline/pipeline.h"
#include "pipeline/pipeline_int.h"

#include <ctype.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "game/game.h"
#include "mail/compose.h"
#include "mail/mbox.h"
#include "mail/msg.h"
#include "mail/msgtext.h"
#include "mail/outbox.h"
#include "pipeline/replay.h"
#include "render/view.h"
#include "rules/cards.h"
#include "rules/rules.h"
#include "store/store.h"
#include "util/buf.h"
#include "util/clock.h"
#include "util/fault.h"
#include "util/fsutil.h"
#include "util/log.h"

/* One outgoing mail of the mail being processed. */
struct outgoing {
	char id[KEY_MAX];
	char rcpt[ADDR_MAX];
	char *text;
};

/* Everything about the mail (or the referee's action) being processed. */
struct job {
	struct pipeline *pl;
	const char *raw;
	size_t len;
	struct msg *m;
	struct sender s;
	struct msgtext text;
	struct orders orders;
	struct game *g;                 /* the game it concerns, or NULL */
	struct vacations vac[2];        /* its players' (g->vac points here) */
	bool game_is_new;
	struct outcome out;
	struct outgoing *mails;
	size_t nmails;
	int tag_game;
	const char *result;             /* "applied", "refused", "created", "answered" */
	char replay_event[512];         /* the X-Tempest-Event of a replayed mail */
	const char *action;             /* the referee's action (game_referee), or NULL */
};

/* ---- variants and setup ---- */

static const struct variant *variant_get(struct pipeline *pl, const char *name)
{
	struct err e;

	for (int i = 0; i < pl->nvariants; i++)
		if (!strcmp(pl->variants[i].name, name))
			return pl->variants[i].v;
	if (!rules_name_ok(name) || pl->nvariants == VARIANTS_MAX)
		return NULL;
	struct variant *v = rules_load(pl->rules_dir, name, &e);
	if (!v) {
		log_debug("variant %s: %s", name, e.msg);
		return NULL;
	}
	snprintf(pl->variants[pl->nvariants].name, sizeof pl->variants[0].name, "%s", name);
	pl->variants[pl->nvariants++].v = v;
	return v;
}

/* The card catalogue a variant names, or NULL (an error in e) if it cannot be read. */
static const struct card_catalogue *catalogue_get(struct pipeline *pl, const struct variant *v,
						  struct err *e)
{
	if (!v->cards[0])
		return NULL;
	if (pl->catalogue && !strcmp(pl->catalogue->name, v->cards))
		return pl->catalogue;
	free(pl->catalogue);
	if (!(pl->catalogue = malloc(sizeof *pl->catalogue))) {
		err_set(e, "out of memory");
		return NULL;
	}
	if (cards_load(pl->rules_dir, v->cards, pl->cfg.card_names, pl->catalogue, e) < 0) {
		free(pl->catalogue);
		pl->catalogue = NULL;
	}
	return pl->catalogue;
}

int pipeline_open(struct pipeline **out, const struct config *cfg, unsigned flags,
		  struct err *e)
{
	struct pipeline *pl = calloc(1, sizeof *pl);

	*out = NULL;
	if (!pl)
		return err_set(e, "out of memory");
	pl->cfg = *cfg;
	pl->flags = flags;
	pl->out = stdout;
	pl->st.lock_fd = -1;
	snprintf(pl->rules_dir, sizeof pl->rules_dir, "%s", rules_dir(cfg->rules_dir));
	const char *at = strrchr(cfg->referee_address, '@');
	snprintf(pl->domain, sizeof pl->domain, "%s", at ? at + 1 : "localhost");
	pl->policy = (struct policy){ .vacation_days = cfg->vacation_days,
		.max_vacation_days = cfg->max_vacation_days, .timezone_ok = clock_timezone_ok };
	if (templates_load(&pl->tpl, templates_dir(cfg->templates_dir), e) < 0 ||
	    store_open(&pl->st, cfg->data_dir, true, true, e) < 0 ||
	    players_load(&pl->st, &pl->players, e) < 0) {
		pipeline_close(pl);
		return -1;
	}
	snprintf(pl->outbox, sizeof pl->outbox, "%s/outbox", cfg->data_dir);
	if (fs_mkdirs(pl->outbox, 0700, e) < 0) {
		pipeline_close(pl);
		return -1;
	}
	*out = pl;
	return 0;
}

void pipeline_close(struct pipeline *pl)
{
	if (!pl)
		return;
	for (int i = 0; i < pl->nvariants; i++)
		variant_free(pl->variants[i].v);
	free(pl->catalogue);
	players_free(&pl->players);
	templates_free(&pl->tpl);
	store_close(&pl->st);
	free(pl->budget);
	free(pl);
}

void pipeline_attach(struct pipeline *pl, struct game *g, struct vacations vac[2],
		     const char *except)
{
	char tz[64];

	for (int c = 0; c < 2; c++) {
		players_view(&pl->players, g->player[c].address, except, &vac[c], tz);
		g->vac[c] = &vac[c];
	}
	g->policy = &pl->policy;
}

const char *pipeline_timezone(const struct pipeline *pl, const char *address, char tz[64])
{
	struct vacations vac;

	players_view(&pl->players, address, NULL, &vac, tz);
	if (!tz[0])
		snprintf(tz, 64, "%s", pl->cfg.timezone);
	return tz;
}

int pipeline_load_game(struct pipeline *pl, int id, struct game **g, struct vacations vac[2],
		       struct err *e)
{
	int rc = store_load(&pl->st, id, g, e);

	if (rc != 0)
		return rc;
	const struct variant *v = variant_get(pl, (*g)->variant);
	if (!v)
		rc = err_set(e, "game %d: variant %s cannot be loaded", id, (*g)->variant);
	else if (v->cards[0] && !((*g)->cat = catalogue_get(pl, v, e)))
		rc = -1;
	else if (game_load_position(*g, v, e) < 0)
		rc = -1;
	if (rc < 0) {
		game_free(*g);
		*g = NULL;
		return -1;
	}
	pipeline_attach(pl, *g, vac, NULL);
	return 0;
}

void pipeline_set_output(struct pipeline *pl, FILE *f)
{
	pl->out = f;
}

const struct pipeline_stats *pipeline_stats(const struct pipeline *pl)
{
	return &pl->stats;
}

const char *pipeline_outbox(const struct pipeline *pl)
{
	return pl->outbox;
}

struct store *pipeline_store(struct pipeline *pl)
{
	return &pl->st;
}

void pipeline_set_replay(struct pipeline *pl, struct replay_check *rc)
{
	pl->replay = rc;
}

/* ---- reading the mail ---- */

/* The Message-ID, or a hash of the whole mail when it has none. */
static void message_key(const struct msg *m, const char *raw, size_t len, char *out)
{
	uint8_t h[CRYPTO_HASH_LEN];
	char hex[HASH_HEX];

	if (m->message_id && *m->message_id && strlen(m->message_id) < KEY_MAX) {
		snprintf(out, KEY_MAX, "%s", m->message_id);
		return;
	}
	crypto_sha256(raw, len, h);
	crypto_hex(h, sizeof h, hex);
	snprintf(out, KEY_MAX, "sha256:%s", hex);
}

/* Mail that must never be answered: robots, lists, bounces, ourselves. */
static const char *noise_reason(const struct pipeline *pl, const struct msg *m)
{
	if (!m->from_addr)
		return "no sender address";
	if (m->auto_submitted && strncasecmp(m->auto_submitted, "no", 2))
		return "Auto-Submitted";
	if (m->precedence && (!strncasecmp(m->precedence, "bulk", 4) ||
			      !strncasecmp(m->precedence, "junk", 4) ||
			      !strncasecmp(m->precedence, "list", 4)))
		return "Precedence: bulk, junk or list";
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

/* "[tempest 17 abcd2345]" anywhere in the subject: the game and the reply token. */
static void parse_tag(const char *subject, int *game, char *token)
{
	const char *p = subject;

	*game = 0;
	token[0] = 0;
	while ((p = strchr(p, '['))) {
		p++;
		if (strncasecmp(p, "tempest", 7) || !isspace((unsigned char)p[7])) {
			continue;
		}
		char *end;
		long n = strtol(p + 8, &end, 10);
		if (end == p + 8 || n < 1 || n > 99999999)
			continue;
		*game = (int)n;
		while (*end == ' ')
			end++;
		size_t k = strspn(end, "abcdefghijklmnopqrstuvwxyz234567");
		if (k == TOKEN_LEN && end[k] == ']')
			snprintf(token, TOKEN_LEN + 1, "%.*s", TOKEN_LEN, end);
		return;
	}
}

/* ---- composing replies ---- */

static bool within_budget(struct pipeline *pl, const char *addr)
{
	for (size_t i = 0; i < pl->nbudget; i++)
		if (!strcasecmp(pl->budget[i].addr, addr))
			return ++pl->budget[i].n <= pl->cfg.max_replies_per_sender;
	struct budget *b = realloc(pl->budget, (pl->nbudget + 1) * sizeof *b);
	if (!b)
		return false;
	pl->budget = b;
	snprintf(b[pl->nbudget].addr, ADDR_MAX, "%s", addr);
	b[pl->nbudget++].n = 1;
	return pl->cfg.max_replies_per_sender >= 1;
}

static void outgoing_id(const struct job *j, int game, size_t index, char *out)
{
	uint8_t h[CRYPTO_HASH_LEN];
	char hex[HASH_HEX];

	crypto_sha256(j->s.msg_key, strlen(j->s.msg_key), h);
	crypto_hex(h, 8, hex);
	snprintf(out, KEY_MAX, "tempest.%d.%s.%zu@%s", game, hex, index, j->pl->domain);
}

/* Reply r about game g (the job's game, or another game of the sender's). */
static int compose_reply(struct job *j, const struct game *g, const struct reply *r, size_t index,
			 struct err *e)
{
	struct pipeline *pl = j->pl;
	const char *rcpt = r->to >= 0 && g ? g->player[r->to].address : r->address;
	char *subject = NULL, *body = NULL, hash[HASH_HEX] = "", tag[64], full[1024];
	char refs[2 * KEY_MAX + 8], head[3][96], tz[64];

	if (!rcpt || !*rcpt)
		return 0;
	if (!(pl->flags & PIPELINE_REPLAY) && !within_budget(pl, rcpt)) {
		log_warn("not answering %s again in this run (max_replies_per_sender = %d)", rcpt,
			 pl->cfg.max_replies_per_sender);
		return 0;
	}
	struct view_extra x = {
		.referee = pl->cfg.referee_address, .referee_name = pl->cfg.referee_name,
		.sender = j->s.address, .auth = j->out.auth >= 0 ?
			(j->out.auth == WHITE ? "White, by token" : "Black, by token") :
			"not a player of this game",
		.subject = j->m->subject, .lines = j->text.line, .nlines = j->text.n,
		.orders = &j->orders, .errors = j->out.errors, .nerrors = j->out.nerrors,
		.auth_results = j->m->auth_results, .nauth = j->m->nauth,
		.now = j->s.now, .timezone = rcpt ? pipeline_timezone(pl, rcpt, tz) : "UTC",
		.challenge_days = pl->cfg.challenge_days,
	};
	if (j->out.auth >= 0 && !strcmp(j->out.auth_how, "password"))
		x.auth = j->out.auth == WHITE ? "White, by password" : "Black, by password";
	struct tctx *c = view_context(g && g->pos ? g : NULL, r, &x);
	if (!c || view_render(&pl->tpl, r, c, &subject, &body, e) < 0) {
		tctx_free(c);
		return c ? -1 : err_set(e, "out of memory");
	}
	tctx_free(c);
	if (g && r->to >= 0) {
		char token[TOKEN_LEN + 1];
		game_token(pl->st.key, sizeof pl->st.key, g->id, (enum color)r->to, token);
		snprintf(tag, sizeof tag, "[tempest %d %s]", g->id, token);
	} else if (g)
		snprintf(tag, sizeof tag, "[tempest %d]", g->id);
	else
		snprintf(tag, sizeof tag, "[tempest]");
	snprintf(full, sizeof full, "%s %s", tag, subject);
	struct outgoing *o = realloc(j->mails, (j->nmails + 1) * sizeof *o);
	if (!o) {
		free(subject), free(body);
		return err_set(e, "out of memory");
	}
	j->mails = o;
	o += j->nmails;
	outgoing_id(j, g ? g->id : 0, index, o->id);
	snprintf(o->rcpt, sizeof o->rcpt, "%s", rcpt);
	bool to_sender = !strcasecmp(rcpt, j->s.address) && j->m->message_id;
	if (g)
		snprintf(refs, sizeof refs, "tempest-game-%d@%s%s%s", g->id, pl->domain,
			 to_sender ? " " : "", to_sender ? j->m->message_id : "");
	else
		snprintf(refs, sizeof refs, "%s", to_sender ? j->m->message_id : "");
	if (g)
		game_hash(g, hash);
	snprintf(head[0], sizeof head[0], "X-Tempest-Game: %d", g ? g->id : 0);
	snprintf(head[1], sizeof head[1], "X-Tempest-Kind: %s", reply_kind_name(r->kind));
	snprintf(head[2], sizeof head[2], "X-Tempest-State: %s", hash);
	/* a mail about no game carries only its kind */
	const char *extra[] = { head[1], g ? head[0] : NULL, g ? head[2] : NULL, NULL };
	struct mail_out mo = {
		.from_name = pl->cfg.referee_name, .from_addr = pl->cfg.referee_address,
		.to = rcpt, .subject = full, .message_id = o->id,
		.in_reply_to = to_sender ? j->m->message_id : NULL,
		.references = refs[0] ? refs : NULL, .date = j->s.now, .body = body,
		.extra = extra,
	};
	o->text = compose_mail(&mo);
	free(subject);
	free(body);
	if (!o->text)
		return err_set(e, "out of memory composing a reply");
	j->nmails++;
	return 0;
}

static int compose_all(struct job *j, struct err *e)
{
	for (size_t i = 0; i < j->out.nreplies; i++)
		if (compose_reply(j, j->g, &j->out.replies[i], i, e) < 0)
			return -1;
	return 0;
}

/* A refusal about no game, built here rather than by the game model. */
static int refuse(struct job *j, int lineno, const char *text, const char *reason)
{
	if (outcome_error(&j->out, lineno, text, "%s", reason) < 0)
		return -1;
	for (size_t i = 0; i < j->out.nreplies; i++)
		if (j->out.replies[i].kind == REPLY_REFUSED)
			return 0;
	return outcome_reply(&j->out, REPLY_REFUSED, -1, j->s.address);
}

/* ---- the game log ---- */

/* The copy of an incoming mail kept in the log: the headers that matter, the decoded
 * text with any password taken out, and a record of what the referee did with it. */
static char *log_copy(const struct job *j)
{
	struct buf b = { 0 }, text = { 0 };
	const struct msg *m = j->m;
	char event[640], hash[HASH_HEX] = "-";

	for (const char *p = m->text; *p;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		const char *w = p;
		while (w < p + n && isspace((unsigned char)*w))
			w++;
		if ((size_t)(p + n - w) >= 9 && !strncasecmp(w, "password", 8) &&
		    isspace((unsigned char)w[8]))
			buf_str(&text, "password (hidden)");
		else
			buf_add(&text, p, n);
		buf_str(&text, "\n");
		p += n + (nl != NULL);
	}
	if (j->g)
		game_hash(j->g, hash);
	snprintf(event, sizeof event, "X-Tempest-Event: game=%d; result=%s; events=%zu; after=%s; "
		 "at=%lld; auth=%s", j->g ? j->g->id : 0, j->result, j->g ? j->g->nevents : 0,
		 hash, j->s.now, j->out.auth_how ? j->out.auth_how : "none");
	char keyline[KEY_MAX + 32];
	snprintf(keyline, sizeof keyline, "X-Tempest-Key: %s", j->s.msg_key);
	const char *extra[] = { keyline, event, NULL };
	char *from = compose_header_value("From", m->from_name ? m->from_name : "");
	char *subject = compose_header_value("Subject", m->subject);
	buf_printf(&b, "From: %s <%s>\r\n", from ? from : "", m->from_addr);
	buf_printf(&b, "To: %s\r\nSubject: %s\r\n", j->pl->cfg.referee_address,
		   subject ? subject : "");
	if (m->date)
		buf_printf(&b, "Date: %s\r\n", m->date);
	if (m->message_id)
		buf_printf(&b, "Message-ID: <%s>\r\n", m->message_id);
	if (m->in_reply_to)
		buf_printf(&b, "In-Reply-To: <%s>\r\n", m->in_reply_to);
	for (size_t i = 0; extra[i]; i++)
		buf_printf(&b, "%s\r\n", extra[i]);
	buf_str(&b, "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n"
		"Content-Transfer-Encoding: quoted-printable\r\n\r\n");
	char *qp = compose_qp(text.s ? text.s : "");
	buf_str(&b, qp ? qp : "");
	free(qp);
	free(from);
	free(subject);
	buf_free(&text);
	return buf_take(&b);
}

static int append_log(struct job *j, int fd, struct err *e)
{
	char *copy = log_copy(j);

	if (!copy)
		return err_set(e, "out of memory");
	int rc = mbox_append(fd, copy, strlen(copy), j->s.address, j->s.now, e);
	free(copy);
	for (size_t i = 0; rc == 0 && i < j->nmails; i++)
		rc = mbox_append(fd, j->mails[i].text, strlen(j->mails[i].text),
				 j->pl->cfg.referee_address, j->s.now, e);
	return rc;
}

/* ---- commit ---- */

static int print_mails(struct job *j, struct err *e)
{
	for (size_t i = 0; i < j->nmails; i++) {
		fflush(j->pl->out);
		if (mbox_append(fileno(j->pl->out), j->mails[i].text, strlen(j->mails[i].text),
				j->pl->cfg.referee_address, j->s.now, e) < 0)
			return -1;
	}
	return 0;
}

static int commit(struct job *j, struct err *e)
{
	struct pipeline *pl = j->pl;

	if (pl->flags & PIPELINE_DRY_RUN)
		return print_mails(j, e);
	for (size_t i = 0; i < j->nmails && !(pl->flags & PIPELINE_REPLAY); i++)
		if (outbox_put(pl->outbox, j->mails[i].id, j->mails[i].text, strlen(j->mails[i].text),
			       e) < 0)
			return -1;
	fault_point("after-outbox");
	/* the players' registry before the game: it is keyed by the mail, so a run that dies
	 * before the game's commit redoes the same request instead of adding one */
	const struct player_change *ch = &j->out.player;
	if (j->out.changed && (ch->vacation || ch->vacation_end || ch->timezone) &&
	    players_save(&pl->st, &pl->players, e) < 0)
		return -1;
	if (j->g) {
		int fd;
		if (game_add_mail(j->g, j->s.msg_key) < 0)
			return err_set(e, "out of memory");
		for (size_t i = 0; i < j->nmails; i++)
			if (game_remember_sent(j->g, j->mails[i].id) < 0)
				return err_set(e, "out of memory");
		if (store_log_open(&pl->st, j->g, &fd, e) < 0)
			return -1;
		if (append_log(j, fd, e) < 0) {
			close(fd);
			return -1;
		}
		if (store_log_close(fd, &j->g->log_size, e) < 0)
			return -1;
		fault_point("before-save");
		if (store_save(&pl->st, j->g, e) < 0)
			return -1;
	} else {
		char path[PATH_MAX + 32];
		snprintf(path, sizeof path, "%s/other.mbox", pl->st.dir);
		int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
		if (fd < 0 || append_log(j, fd, e) < 0 || fsync(fd) < 0) {
			if (fd >= 0)
				close(fd);
			return e->msg[0] ? -1 : err_set(e, "cannot write %s", path);
		}
		close(fd);
	}
	fault_point("after-commit");
	if (!(pl->flags & PIPELINE_REPLAY) && store_mark_seen(&pl->st, j->s.msg_key, e) < 0)
		return -1;
	pl->stats.queued += (int)j->nmails;
	return 0;
}

/* ---- routing ---- */

static int on_game(struct job *j, int id, struct err *e)
{
	struct pipeline *pl = j->pl;
	char msg[128];
	int rc = pipeline_load_game(pl, id, &j->g, j->vac, e);

	if (rc < 0)
		return -1;              /* a broken state file: leave the mail for later */
	if (rc == 1) {
		snprintf(msg, sizeof msg, "there is no game %d here", id);
		j->result = "refused";
		return refuse(j, 0, "", msg);
	}
	if (game_has_mail(j->g, j->s.msg_key)) {
		j->result = "duplicate";
		return 0;
	}
	pipeline_attach(pl, j->g, j->vac, j->s.msg_key);
	if (j->action) {
		if (game_referee(j->g, pl->st.key, sizeof pl->st.key, &j->s, j->action, &j->out, e) < 0)
			return -1;
		j->result = j->out.changed ? "applied" : "refused";
		return 0;
	}
	if (game_apply(j->g, pl->st.key, sizeof pl->st.key, &j->s, &j->orders, &j->out, e) < 0)
		return -1;
	j->result = j->out.changed ? "applied" : j->out.nerrors ? "refused" : "answered";
	/* the replies show the clocks as the request leaves them; the registry is saved with
	 * the commit (and, being keyed by the mail, is the same if it must be done again) */
	const struct player_change *ch = &j->out.player;
	if (j->out.changed && (ch->vacation || ch->vacation_end || ch->timezone)) {
		if (players_apply(&pl->players, j->s.address, j->s.msg_key, ch, j->s.now, e) < 0)
			return -1;
		pipeline_attach(pl, j->g, j->vac, NULL);
	}
	return 0;
}

/* A vacation concerns all of a player's games: the opponents in the others are told. */
static int tell_other_games(struct job *j, struct err *e)
{
	struct pipeline *pl = j->pl;
	const struct player_change *ch = &j->out.player;
	int *ids;
	size_t n;

	if (!(ch->vacation || ch->vacation_end) || !j->g)
		return 0;
	if (store_list(&pl->st, &ids, &n, e) < 0)
		return -1;
	char note[400], until[CLOCK_ISO_MAX];
	clock_iso(ch->end, until);
	if (ch->vacation)
		snprintf(note, sizeof note, "Your opponent (%s) is on vacation until %.16s UTC: their "
			 "clock does not run meanwhile, in any of their games.", j->s.address, until);
	else
		snprintf(note, sizeof note, "Your opponent (%s) is back from vacation: their clock runs "
			 "again.", j->s.address);
	int rc = 0;
	for (size_t i = 0; i < n && rc == 0; i++) {
		struct game *g;
		struct vacations vac[2];
		if (ids[i] == j->g->id || pipeline_load_game(pl, ids[i], &g, vac, e) != 0)
			continue;
		int me = !strcasecmp(g->player[WHITE].address, j->s.address) ? WHITE :
			 !strcasecmp(g->player[BLACK].address, j->s.address) ? BLACK : -1;
		if (me >= 0 && g->status == GAME_PLAYING) {
			struct reply r = { .kind = REPLY_NOTICE, .to = 1 - me, .about = -1 };
			snprintf(r.note, sizeof r.note, "%s", note);
			rc = compose_reply(j, g, &r, 1000 + i, e);
		}
		game_free(g);
	}
	free(ids);
	return rc;
}

static int on_challenge(struct job *j, struct err *e)
{
	struct pipeline *pl = j->pl;
	int id = 0;

	if (!(pl->flags & PIPELINE_REPLAY) && (id = store_game_created_by(&pl->st, j->s.msg_key))) {
		j->result = "duplicate";
		return 0;
	}
	if (pl->replay)
		id = replay_forced_id(pl->replay, j->replay_event);
	if (!id && store_next_id(&pl->st, &id, e) < 0)
		return -1;
	if (!(j->g = game_new()))
		return err_set(e, "out of memory");
	const struct variant *v = variant_get(pl, game_challenge_variant(&j->orders));
	if (v && v->cards[0] && !(j->g->cat = catalogue_get(pl, v, e)))
		return -1;
	if (game_challenge(j->g, id, v, pl->st.key, sizeof pl->st.key, &j->s, &j->orders,
			   &j->out, e) < 0)
		return -1;
	if (!j->out.created) {
		game_free(j->g);
		j->g = NULL;
		j->result = "refused";
		return 0;
	}
	j->game_is_new = true;
	j->result = "created";
	return 0;
}

static int on_no_game(struct job *j)
{
	const struct orders *o = &j->orders;
	bool courtesy = false, other = o->nerr > 0;

	for (size_t i = 0; i < o->n; i++) {
		if (o->o[i].kind == ORDER_HELP)
			courtesy = outcome_reply(&j->out, REPLY_HELP, -1, j->s.address) == 0;
		else if (o->o[i].kind == ORDER_TEST)
			courtesy = outcome_reply(&j->out, REPLY_TEST, -1, j->s.address) == 0;
		else
			other = true;
	}
	j->result = "answered";
	if (other) {
		j->result = "refused";
		for (size_t i = 0; i < o->nerr; i++)
			refuse(j, o->err[i].lineno, o->err[i].text, o->err[i].reason);
		return refuse(j, 0, "", "which game? Reply to one of my mails about it (its subject "
			      "names the game), or add a line 'game N'; to start a game, see 'help'");
	}
	if (!courtesy) {
		j->result = "refused";
		return refuse(j, 0, "", "I found no orders in your mail; write 'help' for the list");
	}
	return 0;
}

/* "new VARIANT WHITE BLACK": the game master's game, started at once. */
static int on_new(struct job *j, struct err *e)
{
	struct pipeline *pl = j->pl;
	char words[3][ADDR_MAX], copy[1024];
	int n = 0, id = 0;

	snprintf(copy, sizeof copy, "%s", j->action + 4);
	for (char *w = strtok(copy, " "); w && n < 3; w = strtok(NULL, " "))
		snprintf(words[n++], ADDR_MAX, "%s", w);
	j->result = "refused";
	const struct variant *v = n == 3 ? variant_get(pl, words[0]) : NULL;
	if (!v)
		return refuse(j, 1, j->action, n == 3 ? "there is no such variant" :
			      "write: new VARIANT WHITE-ADDRESS BLACK-ADDRESS");
	if (pl->replay)
		id = replay_forced_id(pl->replay, j->replay_event);
	if (!id && store_next_id(&pl->st, &id, e) < 0)
		return -1;
	if (!(j->g = game_new()))
		return err_set(e, "out of memory");
	if (v->cards[0] && !(j->g->cat = catalogue_get(pl, v, e)))
		return -1;
	if (game_create(j->g, id, v, words[1], words[2], &j->s, &j->out, e) < 0)
		return -1;
	pipeline_attach(pl, j->g, j->vac, NULL);
	j->game_is_new = true;
	j->result = "created";
	return 0;
}

static int route(struct job *j, struct err *e)
{
	int id = j->tag_game;

	if (j->action)
		return strncmp(j->action, "new ", 4) ? on_game(j, id, e) : on_new(j, e);

	for (size_t i = 0; i < j->orders.n && !id; i++)
		if (j->orders.o[i].kind == ORDER_GAME)
			id = j->orders.o[i].number;
	/* the deadline holds whichever comes first, the next tick or the player's mail (a
	 * replay finds the referee's action recorded before the mail) */
	if (id && !(j->pl->flags & PIPELINE_REPLAY) && pipeline_settle(j->pl, id, j->s.now, e) < 0)
		return -1;
	if (id)
		return on_game(j, id, e);
	if (game_challenge_variant(&j->orders))
		return on_challenge(j, e);
	return on_no_game(j);
}

static void job_free(struct job *j)
{
	msg_free(j->m);
	msgtext_free(&j->text);
	orders_free(&j->orders);
	outcome_free(&j->out);
	game_free(j->g);
	for (size_t i = 0; i < j->nmails; i++)
		free(j->mails[i].text);
	free(j->mails);
}

static void count(struct pipeline *pl, const char *result)
{
	if (!strcmp(result, "applied") || !strcmp(result, "created"))
		pl->stats.applied++;
	else if (!strcmp(result, "refused"))
		pl->stats.refused++;
	else if (!strcmp(result, "duplicate"))
		pl->stats.duplicates++;
}

static int prepare(struct job *j, struct err *e)
{
	struct pipeline *pl = j->pl;
	const struct msg *m = j->m;

	snprintf(j->s.address, sizeof j->s.address, "%s", m->from_addr);
	snprintf(j->s.name, sizeof j->s.name, "%s", m->from_name ? m->from_name : "");
	snprintf(j->s.in_reply_to, sizeof j->s.in_reply_to, "%s",
		 m->in_reply_to ? m->in_reply_to : "");
	j->s.now = clock_now();
	parse_tag(m->subject, &j->tag_game, j->s.tag_token);
	if (pl->replay && replay_prepare(pl->replay, j->raw, j->len, &j->s, j->replay_event,
					 sizeof j->replay_event, e) < 0)
		return -1;
	if (msgtext_extract(m->text, &j->text, e) < 0 ||
	    order_parse(j->text.line, j->text.n, &j->orders, e) < 0)
		return -1;
	/* a record of the referee's own action: its text is the action */
	if (pl->replay && !strncmp(j->s.msg_key, "referee:", 8) &&
	    !strcasecmp(m->from_addr, pl->cfg.referee_address) && j->text.n)
		j->action = j->text.line[0].text;
	return 0;
}

int pipeline_message(struct pipeline *pl, const char *raw, size_t len, struct err *e)
{
	struct job j = { .pl = pl, .raw = raw, .len = len, .result = "answered" };
	struct err le;
	int rc = -1;

	pl->stats.mails++;
	j.out.auth = -1;
	j.out.auth_how = "none";
	if (msg_parse(raw, len, &j.m, &le) < 0) {
		log_warn("passing over an unreadable mail: %s", le.msg);
		pl->stats.ignored++;
		return 0;
	}
	message_key(j.m, raw, len, j.s.msg_key);
	const char *noise = pl->flags & PIPELINE_REPLAY ? NULL : noise_reason(pl, j.m);
	if (!noise && !(pl->flags & PIPELINE_REPLAY) && store_seen(&pl->st, j.s.msg_key)) {
		pl->stats.duplicates++;
		job_free(&j);
		return 0;
	}
	if (noise) {
		log_info("not answering %s from %s: %s", j.s.msg_key,
			 j.m->from_addr ? j.m->from_addr : "(nobody)", noise);
		pl->stats.ignored++;
		rc = pl->flags & PIPELINE_DRY_RUN ? 0 : store_mark_seen(&pl->st, j.s.msg_key, e);
		job_free(&j);
		return rc;
	}
	if (prepare(&j, e) < 0)
		goto done;
	if (len > (size_t)pl->cfg.max_message_size && !(pl->flags & PIPELINE_REPLAY)) {
		char why[160];
		snprintf(why, sizeof why, "your mail is %zu bytes, more than the %ld I read; orders "
			 "are plain text, so please send them without attachments", len,
			 pl->cfg.max_message_size);
		j.result = "refused";
		orders_free(&j.orders);
		if (refuse(&j, 0, "", why) < 0)
			goto oom;
	} else if (route(&j, e) < 0)
		goto done;
	if (!strcmp(j.result, "duplicate")) {
		rc = pl->flags & PIPELINE_DRY_RUN ? 0 : store_mark_seen(&pl->st, j.s.msg_key, e);
		count(pl, j.result);
		goto done;
	}
	if (compose_all(&j, e) < 0 || (j.out.changed && tell_other_games(&j, e) < 0) ||
	    commit(&j, e) < 0)
		goto done;
	if (pl->replay && replay_compare(pl->replay, j.g, j.result, j.replay_event, e) < 0)
		goto done;
	count(pl, j.result);
	rc = 0;
	goto done;
oom:
	err_set(e, "out of memory");
done:
	if (rc < 0)
		pl->stats.failed++;
	job_free(&j);
	return rc;
}

int pipeline_referee(struct pipeline *pl, int game, const char *action, int *id, char *why,
		     size_t wlen, struct err *e)
{
	struct job j = { .pl = pl, .result = "applied", .action = action, .tag_game = game };
	uint8_t h[CRYPTO_HASH_LEN];
	char hex[HASH_HEX], subject[1200];
	int rc = -1;

	j.out.auth = -1;
	j.s.now = clock_now();
	snprintf(j.s.address, sizeof j.s.address, "%s", pl->cfg.referee_address);
	crypto_sha256(action, strlen(action), h);
	crypto_hex(h, 8, hex);
	snprintf(j.s.msg_key, sizeof j.s.msg_key, "referee:%d:%lld:%s", game, j.s.now, hex);
	if (game)
		snprintf(subject, sizeof subject, "[tempest %d] referee: %s", game, action);
	else
		snprintf(subject, sizeof subject, "referee: %s", action);
	/* the action stands in for a mail in the game log, where a replay finds it */
	if (!(j.m = calloc(1, sizeof *j.m)) || !(j.m->from_addr = strdup(pl->cfg.referee_address)) ||
	    !(j.m->subject = strdup(subject)) || !(j.m->text = strdup(action))) {
		job_free(&j);
		return err_set(e, "out of memory");
	}
	j.m->date_epoch = -1;
	if (route(&j, e) < 0)
		goto done;
	if (strcmp(j.result, "applied") && strcmp(j.result, "created")) {
		snprintf(why, wlen, "%s", j.out.nerrors ? j.out.errors[0].reason : j.result);
		rc = 1;
		goto done;
	}
	if (compose_all(&j, e) < 0 || commit(&j, e) < 0)
		goto done;
	if (id)
		*id = j.g->id;
	pl->stats.applied++;
	rc = 0;
done:
	job_free(&j);
	return rc;
}

int pipeline_new_game(struct pipeline *pl, const char *variant, const char *white,
		      const char *black, int *id, struct err *e)
{
	char action[1024], why[512];
	int rc;

	snprintf(action, sizeof action, "new %s %s %s", variant, white, black);
	if (strchr(variant, ' ') || strchr(white, ' ') || strchr(black, ' '))
		return err_set(e, "a variant or an address holds a space");
	if ((rc = pipeline_referee(pl, 0, action, id, why, sizeof why, e)) == 1)
		return err_set(e, "%s", why);
	return rc;
}
