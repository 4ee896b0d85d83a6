/* pipeline.c: one mail's journey (see pipeline.h): read, route to its game, apply,
 * render the replies, commit. The commit order makes a crash at any point safe:
 *   1. replies staged (outbox/staged/, a file per reply, named by its game, its cause
 *      and its stable Message-ID): not sendable yet,
 *   2. the mail and the replies appended to the game log, cut back first to the size the
 *      committed state records,
 *   3. the game state (atomic rename): the commit point,
 *   4. the mail's key marked seen,
 *   5. the staged replies queued (renamed into outbox/).
 * Run again after a crash, the mail is either recognised (3 done) or processed again
 * from scratch (3 not done), rewriting the same staged files and log tail; replies left
 * staged are queued if their cause was committed and dropped if not (pipeline_open).
 * The pipeline's opening and closing are in open.c; what it loads once a run, in run.c. */
#include "pipeline/pipeline.h"
#include "pipeline/pipeline_int.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "game/game.h"
#include "game/digest.h"
#include "game/kind.h"
#include "game/observe.h"
#include "game/spelling.h"
#include "kinds/registry.h"
#include "mail/compose.h"
#include "mail/mbox.h"
#include "mail/msg.h"
#include "mail/msgtext.h"
#include "mail/outbox.h"
#include "pipeline/replay.h"
#include "pipeline/tourney.h"
#include "render/diagram.h"
#include "render/view.h"
#include "rules/cards.h"
#include "store/cards_load.h"
#include "store/rules_load.h"
#include "store/store.h"
#include "util/buf.h"
#include "util/clock.h"
#include "util/fault.h"
#include "util/fsutil.h"
#include "util/log.h"

/* ---- reading the mail ---- */

/* The Message-ID, or a hash of the whole mail when it has none; of a mail over the size
 * limit, read only as far as its header block (len bytes), a hash of them and its size. */
static void message_key(const struct msg *m, const char *raw, size_t len, size_t size,
			char *out)
{
	uint8_t h[CRYPTO_HASH_LEN];
	char hex[HASH_HEX], both[HASH_HEX + 24];

	if (m->message_id && *m->message_id && strlen(m->message_id) < KEY_MAX) {
		snprintf(out, KEY_MAX, "%s", m->message_id);
		return;
	}
	crypto_sha256(raw, len, h);
	crypto_hex(h, sizeof h, hex);
	if (size > len) {
		snprintf(both, sizeof both, "%s:%zu", hex, size);
		crypto_sha256(both, strlen(both), h);
		crypto_hex(h, sizeof h, hex);
	}
	snprintf(out, KEY_MAX, "sha256:%s", hex);
}

/* "[PREFIX 17 abcd2345]" anywhere in the subject: the number and the reply token. */
static void parse_tag_of(const char *subject, const char *prefix, int *id, char *token)
{
	const char *p = subject;
	size_t n = strlen(prefix);

	*id = 0;
	token[0] = 0;
	while ((p = strchr(p, '['))) {
		p++;
		if (strncasecmp(p, prefix, n) || !isspace((unsigned char)p[n]))
			continue;
		char *end;
		long v = strtol(p + n + 1, &end, 10);
		if (end == p + n + 1 || v < 1 || v > 99999999)
			continue;
		*id = (int)v;
		while (*end == ' ')
			end++;
		size_t k = strspn(end, "abcdefghijklmnopqrstuvwxyz234567");
		if (k == TOKEN_LEN && end[k] == ']')
			snprintf(token, TOKEN_LEN + 1, "%.*s", TOKEN_LEN, end);
		return;
	}
}

/* ---- routing ---- */

/* A player's mail in which no order was found still gets an answer: what was read, where
 * the game stands, how to write an order. A player must never wait for a reply that does
 * not come. */
static int no_order_reply(struct job *j)
{
	const struct orders *o = &j->orders;
	char note[sizeof j->out.replies[0].note], one[512], line[80];

	phrase_printf(note, sizeof note, "I found no order in your mail, so nothing was changed.");
	if (o->nprose) {
		phrase_cat(note, sizeof note, " ", phrase_nprintf(one, sizeof one, o->nprose,
			   "I read %zu line, none of them an order:",
			   "I read %zu lines, none of them an order:", o->nprose));
		for (size_t i = 0; i < o->nprose && i < 3; i++) {
			snprintf(line, sizeof line, "%.70s", o->prose[i].text);   /* as written */
			phrase_cat(note, sizeof note, "\n  ", phrase_printf(one, sizeof one,
				   "line %d: %s", o->prose[i].lineno, line));
		}
		if (o->nprose > 3)
			phrase_cat(note, sizeof note, "\n  ", "...");
	}
	char hint[ORDER_ARG_MAX + 256];
	if (j->m && spelling_subject_hint(j->m->subject, hint, sizeof hint))
		phrase_cat(note, sizeof note, "\n", hint);
	phrase_cat(note, sizeof note, "\n", N_("An order goes alone on its line: a move as \"Nf3\" "
		   "or \"e4\", or \"resign\", \"offer draw\", \"status\"; \"help\" lists them all."));
	if (outcome_reply(&j->out, REPLY_STATUS, j->out.auth, NULL) < 0)
		return -1;
	phrase_fit(j->out.replies[j->out.nreplies - 1].note, sizeof j->out.replies[0].note, note);
	return 0;
}

/* A team game's replies that do not concern their reader wait for the run's digest
 * (game/digest.h). */
static int job_gather(struct job *j, const struct digest_before *before,
		      const struct orders *o, struct err *e)
{
	int n = game_digest_defer(j->g, before, j->out.auth, o, &j->out);

	if (n < 0 || (n > 0 && pipeline_digest_note(j->pl, j->g->id) < 0))
		return err_set(e, "out of memory");
	return 0;
}

/* The referee's action on the job's game: a digest (digests.c), an observer dropped
 * (bounce.c), or one of
 * game_referee's; the observers told of what every side hears of. */
static int on_action(struct job *j, struct err *e)
{
	struct pipeline *pl = j->pl;

	struct digest_before before;
	bool digest = !strncmp(j->action, "digest ", 7);

	if (digest || !strncmp(j->action, "unobserve ", 10)) {
		j->out.auth = -1;
		j->out.auth_how = "referee";
		int rc = digest ? game_digest_action(j->g, &j->out) :
			 game_observer_action(j->g, j->action, &j->out);
		if (rc < 0)
			return err_set(e, "out of memory");
		j->result = rc ? "applied" : "refused";
		return 0;
	}
	game_digest_before(j->g, &before);
	if (game_referee(j->g, pl->st.key, sizeof pl->st.key, &j->s, j->action, &j->out, e) < 0)
		return -1;
	if (game_observers_tell(j->g, &j->out) < 0)
		return err_set(e, "out of memory");
	j->result = j->out.changed ? "applied" : "refused";
	return job_gather(j, &before, NULL, e);
}

/* A mail about the job's game (loaded, settled): an observer's, or the orders of a player
 * (or of someone who tries to act for one). */
static int on_mail(struct job *j, struct err *e)
{
	struct pipeline *pl = j->pl;
	int observed = 0;

	if (observe_asked(&j->orders, &observed) || arbiter_asked(j->g, &j->s, &j->orders)) {
		if ((observed ? game_observe(j->g, pl->st.key, sizeof pl->st.key, &j->s, &j->orders,
					     &j->out) :
		     game_arbiter_accept(j->g, pl->st.key, sizeof pl->st.key, &j->s, &j->out)) < 0)
			return err_set(e, "out of memory");
		j->result = j->out.changed ? "applied" : j->out.nerrors ? "refused" : "answered";
		if (j->out.changed && !strcmp(j->out.auth_how, "consent"))
			robots_invited(pl, j->g);       /* an address that asked is known */
		return 0;
	}
	if (kind_orders(kind_of(j->g), j->g->v->title, &j->orders) < 0)
		return err_set(e, "out of memory");
	struct digest_before before;
	game_digest_before(j->g, &before);
	if (game_apply(j->g, pl->st.key, sizeof pl->st.key, &j->s, &j->orders, &j->out, e) < 0)
		return -1;
	if (game_observers_tell(j->g, &j->out) < 0 ||
	    job_gather(j, &before, &j->orders, e) < 0)
		return err_set(e, "out of memory");
	j->result = j->out.changed ? "applied" : j->out.nerrors ? "refused" : "answered";
	/* a player's mail with no order is answered, also without its token: the answer goes
	 * to the player's own address, so a forged From learns nothing */
	if (!j->out.nreplies && !j->out.nerrors && j->out.auth < 0)
		j->out.auth = game_seat_of(j->g, j->s.address);
	if (!j->out.nreplies && !j->out.nerrors && j->out.auth >= 0 && no_order_reply(j) < 0)
		return err_set(e, "out of memory");
	/* the replies show the clocks as the request leaves them; the registry is saved with
	 * the commit (and, being keyed by the mail, is the same if it must be done again) */
	const struct player_change *ch = &j->out.player;
	if (j->out.changed && player_change_any(ch)) {
		if (players_apply(&pl->players, j->s.address, j->s.msg_key, ch, j->s.now, e) < 0)
			return -1;
		pipeline_attach(pl, j->g, j->vac, NULL);
	}
	return 0;
}

static int on_game(struct job *j, int id, struct err *e)
{
	struct pipeline *pl = j->pl;
	char msg[128];
	int rc = pipeline_load_game(pl, id, &j->g, j->vac, e);

	if (rc < 0)
		return -1;              /* a broken state file: leave the mail for later */
	if (rc == 1) {
		phrase_printf(msg, sizeof msg, "there is no game %d here", id);
		j->result = "refused";
		return pipeline_refuse(j, 0, "", msg);
	}
	/* a digest waiting in the state (a run that died before sending it) goes with this
	 * run's */
	if (j->g->ndigest && !j->action && pipeline_digest_note(pl, id) < 0)
		return err_set(e, "out of memory");
	if (game_has_mail(j->g, j->s.msg_key)) {
		j->result = "duplicate";
		return 0;
	}
	/* the deadline holds whichever comes first, the next tick or the player's mail (a
	 * replay finds the referee's action recorded before the mail) */
	char due[64] = "";
	pipeline_game_behind(pl, j->g, &j->s.now);      /* never before its last event */
	long long last = j->g->updated[0] ? clock_parse(j->g->updated) : 0;
	if (j->s.arrived && (j->s.arrived < last || j->s.arrived >= j->s.now))
		j->s.arrived = last > 0 && last < j->s.now ? last : 0;
	/* what was due when the mail arrived: a move that waited in the mailbox past its
	 * deadline (a referee down) is on time if it arrived before */
	long long due_at = j->s.arrived ? j->s.arrived : j->s.now;
	if (!j->action && !(pl->flags & PIPELINE_REPLAY))
		pipeline_due(pl, j->g, due_at, due, sizeof due);
	if (due[0]) {
		pipeline_put_game(pl, j->g);
		j->g = NULL;
		if (pipeline_settle(pl, id, due_at, e) < 0 ||
		    (rc = pipeline_load_game(pl, id, &j->g, j->vac, e)) != 0)
			return rc > 0 ? err_set(e, "game %d is gone", id) : -1;
	}
	pipeline_attach(pl, j->g, j->vac, j->s.msg_key);
	if (j->action)
		return on_action(j, e);
	return on_mail(j, e);
}

/* A new game's number (the logged one, in a replay) and its empty model in j->g, with the
 * card catalogue its variant names (v may be NULL: the challenge is then refused). */
static int new_game(struct job *j, const struct variant *v, int *id, struct err *e)
{
	struct pipeline *pl = j->pl;

	*id = pl->replay ? replay_forced_id(pl->replay, j->replay_event) : 0;
	/* a challenge whose game a dead run held back (its number noted, later games placed:
	 * batch.c) takes its number back, unless this run gave it away already */
	if (!*id && !j->action && (*id = store_game_noted(&pl->st, j->s.msg_key)) &&
	    batch_find(pl, *id))
		*id = 0;
	if (!*id && pipeline_next_id(pl, id, e) < 0)
		return -1;
	if (!(j->g = game_new()))
		return err_set(e, "out of memory");
	if (v && !(j->g->k = kind_find(v->protocol)))
		return err_set(e, "variant %s: no game kind '%s' here (there are: %s)", v->name,
			       v->protocol, kind_names());
	if (v && v->cards[0] && !(j->g->cat = pipeline_catalogue(pl, v, e)))
		return -1;
	return 0;
}

static int on_challenge(struct job *j, struct err *e)
{
	struct pipeline *pl = j->pl;
	int id = 0;

	if (!(pl->flags & PIPELINE_REPLAY) && (id = store_game_created_by(&pl->st, j->s.msg_key))) {
		j->result = "duplicate";
		return 0;
	}
	char why[512];
	const struct order *flood = robots_flood(j, why, sizeof why);
	if (flood) {
		j->result = "refused";
		return pipeline_refuse(j, flood->lineno, flood->text, why);
	}
	const struct variant *v = pipeline_variant(pl, game_challenge_variant(&j->orders));
	if (new_game(j, v, &id, e) < 0)
		return -1;
	if (v && kind_orders(kind_of(j->g), v->title, &j->orders) < 0)
		return err_set(e, "out of memory");
	robots_stranger(j);             /* as it was before the challenge makes it known */
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
	/* "language fr" in the challenge: its own replies are already in it */
	if (j->out.player.language &&
	    players_apply(&pl->players, j->s.address, j->s.msg_key, &j->out.player, j->s.now, e) < 0)
		return -1;
	robots_invited(pl, j->g);
	return 0;
}

/* "language fr" in a mail about no game: the sender's language from its reply on
 * (docs/orders.md "Languages"); -1 for a language the referee does not know. */
static int no_game_language(struct job *j, const struct order *od)
{
	const char *code = spelling_language_code(od->arg);

	if (!code)
		return -1;
	j->out.player.language = true;
	snprintf(j->out.player.lang, sizeof j->out.player.lang, "%s", code);
	return 0;
}

static int on_no_game(struct job *j, struct err *e)
{
	const struct orders *o = &j->orders;

	bool doubt = false;

	/* no game, no kind: a line on a kind's own word is prose; a stranger is asked nothing */
	if (order_notes_for_kind(&j->orders, NULL, 0) < 0)
		return -1;
	for (size_t i = 0; i < o->nerr; i++)
		doubt |= o->err[i].asked;
	if (doubt && !pipeline_known_address(j->pl, j->s.address) &&
	    order_doubts_to_prose(&j->orders) < 0)
		return -1;
	bool courtesy = false, other = o->nerr > 0;

	for (size_t i = 0; i < o->n; i++) {
		if (o->o[i].kind == ORDER_HELP)
			courtesy = outcome_reply(&j->out, REPLY_HELP, -1, j->s.address) == 0;
		else if (o->o[i].kind == ORDER_TEST)
			courtesy = outcome_reply(&j->out, REPLY_TEST, -1, j->s.address) == 0;
		else if (o->o[i].kind != ORDER_LANGUAGE || no_game_language(j, &o->o[i]) < 0)
			other = true;
	}
	/* a stranger's language is kept when they ask for the help in it, not from any spam
	 * that holds the line */
	if (!other && j->out.player.language &&
	    (courtesy || pipeline_known_address(j->pl, j->s.address))) {
		if (players_apply(&j->pl->players, j->s.address, j->s.msg_key, &j->out.player,
				  j->s.now, e) < 0)
			return -1;
		if (!courtesy)          /* the help, in the language just set, says it took */
			courtesy = outcome_reply(&j->out, REPLY_HELP, -1, j->s.address) == 0;
	} else
		j->out.player.language = false;
	j->result = "answered";
	if (other) {
		j->result = "refused";
		for (size_t i = 0; i < o->nerr; i++)
			pipeline_refuse(j, o->err[i].lineno, o->err[i].text, o->err[i].reason);
		return pipeline_refuse(j, 0, "", N_("which game? Reply to one of my mails about it (its "
			      "subject names the game), or add a line 'game N'; to start a game, "
			      "see 'help'"));
	}
	if (!courtesy && !o->n && !o->nerr && !pipeline_known_address(j->pl, j->s.address)) {
		j->result = "ignored";  /* a stranger's prose: no reply to what may be spam */
		log_info("not answering %s from %s: a stranger's mail with no order", j->s.msg_key,
			 j->s.address);
		return 0;
	}
	if (!courtesy) {
		j->result = "refused";
		return pipeline_refuse(j, 0, "", N_("I found no orders in your mail; write 'help' for the "
					   "list"));
	}
	return 0;
}

/* "new VARIANT WHITE BLACK": the game master's game, started at once. A variant of
 * several boards takes a White and a Black address for each board, in board order. */
static int on_new(struct job *j, struct err *e)
{
	struct pipeline *pl = j->pl;
	char words[2 + SEATS_MAX + TOURNEY_SUFFIX][ADDR_MAX], copy[4096];
	const char *addr[SEATS_MAX];
	struct game_tournament tn;
	int n = 0, id = 0;

	/* the first line: a tournament's game has its terms on the lines after it */
	snprintf(copy, sizeof copy, "%.*s", (int)strcspn(j->action + 4, "\n"), j->action + 4);
	for (char *w = strtok(copy, " "); w && n < 2 + SEATS_MAX + TOURNEY_SUFFIX;
	     w = strtok(NULL, " "))
		snprintf(words[n++], ADDR_MAX, "%s", w);
	n -= tourney_new_suffix(words, n, &tn);
	/* "new VARIANT ADDRESS... private": the challenge's `private` (no address is the
	 * word: each holds an @), kept in the action so that a replay sets it too */
	bool private_game = n > 1 && !strcmp(words[n - 1], "private");
	n -= private_game;
	j->result = "refused";
	const struct variant *v = n >= 1 ? pipeline_variant(pl, words[0]) : NULL;
	const struct kind *k = v ? kind_find(v->protocol) : NULL;
	int boards = v && v->boards > 1 ? v->boards : 1;
	int seats = k && k->teams ? k->teams->seats(boards) : 2 * boards;
	if (!v || n != 1 + seats)
		return pipeline_refuse(j, 1, j->action, !v ? (n >= 1 ? N_("there is no such variant") :
			      N_("write: new VARIANT WHITE-ADDRESS BLACK-ADDRESS")) : k && k->teams ?
			      N_("write: new VARIANT, then a White and a Black address for each "
				 "board, then the White and the Black grand strategist (and, on 5 "
				 "or 7 boards, the White and the Black agent)") :
			      N_("write: new VARIANT, then a White and a Black address for each "
				 "board"));
	for (int i = 0; i < seats; i++)
		addr[i] = words[1 + i];
	if (new_game(j, v, &id, e) < 0)
		return -1;
	if (tn.id)
		return tourney_game_create(j, v, addr, seats, id, &tn, e);
	if (game_create(j->g, id, v, addr, seats, &j->s, &j->out, e) < 0)
		return -1;
	j->g->private_ = private_game;
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
	/* a tournament's orders go to the tournament they name, whatever the subject's tag */
	if (tourney_asked(&j->orders))
		return tourney_on_mail(j, e);

	/* `observe N` names its game, whatever the subject's tag says; `unobserve all`
	 * every game the sender is mailed of */
	int observed;
	if (unobserve_all_asked(&j->orders))
		return on_unobserve_all(j, e);
	if (observe_asked(&j->orders, &observed))
		id = observed;
	for (size_t i = 0; i < j->orders.n && !id; i++)
		if (j->orders.o[i].kind == ORDER_GAME)
			id = j->orders.o[i].number;
	if (id)
		return on_game(j, id, e);
	if (game_challenge_variant(&j->orders))
		return on_challenge(j, e);
	return on_no_game(j, e);
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

/* The mail's text lines as the game layer's order lines. */
/* The mail's lines as orders read them (kept in the job: the replies quote them). */
static int parse_orders(struct job *j, const struct order_word *words, size_t nwords,
			struct err *e)
{
	const struct msgtext *t = &j->text;

	if (!(j->lines = calloc(t->n + 1, sizeof *j->lines)))
		return err_set(e, "out of memory reading the orders");
	for (size_t i = 0; i < t->n; i++)
		j->lines[i] = (struct order_line){ .lineno = t->line[i].lineno, .text = t->line[i].text };
	return order_parse(j->lines, t->n, words, nwords, &j->orders, e);
}

/* The recogniser of the referee's own text in a mail: the lines of every template, in
 * every language, and of the help's kind orders, made once a run, on its first mail (a
 * run of `tick` reads none). Its templates, not the mails it sent: they need no I/O
 * (docs/orders.md "Reading rules"). */
int pipeline_referee_text(struct pipeline *pl, const struct msgtext_referee **out,
			  struct err *e)
{
	size_t nwords, ntexts;
	const struct order_word *words = kind_all_orders(&nwords);
	const char **texts;
	char *usages;
	int rc;

	if (!pl->referee_text) {
		if (!(usages = view_kind_usages(words, nwords)))
			return err_set(e, "out of memory reading the templates");
		if (!(texts = templates_recognised(&pl->tpl, usages, &ntexts))) {
			free(usages);
			return err_set(e, "out of memory reading the templates");
		}
		/* the diagram's lines as render draws them: read from the source that draws them */
		const struct msgtext_diagram diagram = { diagram_drawn.corner, diagram_drawn.rule,
							 diagram_drawn.side };
		rc = msgtext_referee_new(texts, ntexts, &diagram, &pl->referee_text, e);
		free(texts);
		free(usages);
		if (rc < 0)
			return -1;
	}
	*out = pl->referee_text;
	return 0;
}

/* Who sent the mail, and the game its subject names: all its headers say. */
static void read_sender(struct job *j)
{
	const struct msg *m = j->m;

	snprintf(j->s.address, sizeof j->s.address, "%s", m->from_addr);
	snprintf(j->s.name, sizeof j->s.name, "%s", m->from_name ? m->from_name : "");
	snprintf(j->s.in_reply_to, sizeof j->s.in_reply_to, "%s",
		 m->in_reply_to ? m->in_reply_to : "");
	j->s.now = pipeline_now(j->pl);
	/* when it reached the mailbox: the mailbox's word (an mbox's From line), else the
	 * topmost Received header, the referee's own server's; never the Date the sender's
	 * client writes. It counts if the mail waited for the referee: it came after the
	 * last run recorded, which would have read it, and before now (on_game bounds it by
	 * the game too); an older one is a mailbox read again */
	long long arrived = j->arrived > 0 ? j->arrived : m->received_epoch;
	j->s.arrived = j->pl->previous_run > 0 && arrived > j->pl->previous_run &&
		       arrived < j->s.now ? arrived : 0;
	parse_tag_of(m->subject, "tempest", &j->tag_game, j->s.tag_token);
	/* "[tempest tournament 3 abcd2345]": a tournament's mail, and the reader's code */
	parse_tag_of(m->subject, "tempest tournament", &j->tag_tournament, j->tag_ttoken);
}

static int prepare(struct job *j, struct err *e)
{
	struct pipeline *pl = j->pl;
	const struct msg *m = j->m;
	size_t n_every_kind_order;
	const struct order_word *every_kind_order = kind_all_orders(&n_every_kind_order);

	read_sender(j);
	if (pl->replay && replay_prepare(pl->replay, j->raw, j->len, &j->s, j->replay_event,
					 sizeof j->replay_event, e) < 0)
		return -1;
	/* a record of the referee's own action is read as written: its text is the action */
	bool own_action = pl->replay && (!strncmp(j->s.msg_key, "referee:", 8) ||
					 !strncmp(j->s.msg_key, "tournament:", 11)) &&
			  !strcasecmp(m->from_addr, pl->cfg.referee_address);
	struct msgtext_known known = { .sender_name = m->from_name };
	/* the text read ahead with the mail (ahead.h) is read the same way */
	if ((!j->text_read && !own_action && pipeline_referee_text(pl, &known.referee, e) < 0) ||
	    (!j->text_read && msgtext_read(m->text, own_action ? NULL : &known, &j->text, e) < 0) ||
	    parse_orders(j, every_kind_order, n_every_kind_order, e) < 0)
		return -1;
	if (own_action && j->text.n)
		j->action = j->text.line[0].text;
	return 0;
}

/* A mail over max_message_size: refused, from its headers alone (nothing else of it
 * was read), with a reply that says why. */
static int refuse_size(struct job *j, size_t size)
{
	char why[160];

	read_sender(j);
	j->oversize = size;
	phrase_printf(why, sizeof why, "your mail is %zu bytes, more than the %ld I read; orders are "
		 "plain text, so please send them without attachments", size,
		 j->pl->cfg.max_message_size);
	j->result = "refused";
	return pipeline_refuse(j, 0, "", why);
}

/* A mail that changes a tournament: committed on its own (rc 0), or left for the next
 * batch, which takes it alone (PIPELINE_DEFER). */
static int tournament_done(struct job *j, int rc)
{
	struct pipeline *pl = j->pl;

	if (rc == PIPELINE_DEFER)
		pl->stats.mails--;
	else
		count(pl, j->result);
	hold_note_job(pl, j);
	job_free(j);
	return rc;
}

/* The mail read (its message; its text too when read ahead): msg_parse's answer. */
static int read_mail(struct job *j, const struct pipeline_mail *mail, struct err *e)
{
	struct ahead_mail read;

	/* read beside the mails before it (ahead.h), or now */
	if (!ahead_take(j->pl->read_ahead, mail, &read))
		return msg_parse(j->raw, j->len, &j->m, e);
	j->m = read.m;
	j->text = read.text;
	j->text_read = read.read;
	j->from_ahead = true;
	*e = read.e;
	return read.rc;
}

int pipeline_message(struct pipeline *pl, const struct pipeline_mail *mail, struct err *e)
{
	const char *raw = mail->raw;
	size_t len = mail->len, size = mail->size > len ? mail->size : len;
	bool over = pipeline_over_limit(pl, mail);
	size_t head = pipeline_mail_head(mail, pl);
	struct job j = { .pl = pl, .raw = raw, .len = head, .result = "answered", .stranger = -1,
			 .arrived = mail->arrived };
	struct err le;
	int rc = -1;

	pl->stats.mails++;
	hold_note_job(pl, NULL);
	j.out.auth = -1;
	j.out.auth_how = "none";
	if (read_mail(&j, mail, &le) < 0) {
		log_warn("passing over an unreadable mail: %s", le.msg);
		pl->stats.ignored++;
		return 0;
	}
	message_key(j.m, raw, head, over ? size : head, j.s.msg_key);
	const char *noise = pl->flags & PIPELINE_REPLAY ? NULL : robots_noise(pl, j.m);
	if (!noise && !(pl->flags & PIPELINE_REPLAY) &&
	    (batch_seen(pl, j.s.msg_key) || store_seen(&pl->st, j.s.msg_key))) {
		pl->stats.duplicates++;
		job_free(&j);
		return 0;
	}
	if (noise) {
		log_info("not answering %s from %s: %s", j.s.msg_key,
			 j.m->from_addr ? j.m->from_addr : "(nobody)", noise);
		/* counted with its seen mark, in the commit: a batch given up counts nothing */
		rc = 0;
		bool seen = store_seen(&pl->st, j.s.msg_key) || batch_seen(pl, j.s.msg_key);
		if (!(pl->flags & PIPELINE_DRY_RUN) && !seen)
			rc = answers_note_bounce(pl, raw, head, e);
		pl->stats.ignored++;
		/* marked once: a mail read again (an mbox fed twice) is not marked again */
		if (rc == 0 && !(pl->flags & PIPELINE_DRY_RUN) && !seen)
			rc = pipeline_mark_seen(pl, j.s.msg_key, e);
		job_free(&j);
		return rc;
	}
	if (over) {
		if (refuse_size(&j, size) < 0)
			goto oom;
	} else if (prepare(&j, e) < 0 || (rc = route(&j, e)) < 0) {
		goto done;
	}
	if (rc == PIPELINE_DEFER || j.committed)        /* a tournament's action (tourney.h) */
		return tournament_done(&j, rc);
	rc = -1;
	robots_screen(&j);
	if (!strcmp(j.result, "duplicate")) {
		rc = pl->flags & PIPELINE_DRY_RUN ? 0 : pipeline_mark_seen(pl, j.s.msg_key, e);
		count(pl, j.result);
		goto done;
	}
	if (job_compose_all(&j, e) < 0 || (j.out.changed && job_tell_others(&j, e) < 0) ||
	    job_commit(&j, e) < 0)
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
	if (rc < 0 && e && e->for_a_person)
		pl->stats.for_a_person = true;
	hold_note_job(pl, &j);
	job_free(&j);
	return rc;
}

int pipeline_referee_job(struct pipeline *pl, int game, const char *action, const char *key,
			 int *id, char *why, size_t wlen, struct err *e)
{
	struct job j = { .pl = pl, .result = "applied", .action = action, .tag_game = game,
			 .stranger = 0 };
	uint8_t h[CRYPTO_HASH_LEN];
	char hex[HASH_HEX], subject[1200];
	int rc = -1, line = (int)strcspn(action, "\n");

	if (pl->ahead)                  /* it would record a time not trusted (floor.c) */
		return err_set(e, "the clock is far ahead of the time recorded here: nothing "
			       "is done until it is right, or taken as right (--accept-clock)");
	j.out.auth = -1;
	j.s.now = pipeline_now(pl);
	snprintf(j.s.address, sizeof j.s.address, "%s", pl->cfg.referee_address);
	crypto_sha256(action, strlen(action), h);
	crypto_hex(h, 8, hex);
	if (key)
		snprintf(j.s.msg_key, sizeof j.s.msg_key, "%s", key);
	else
		snprintf(j.s.msg_key, sizeof j.s.msg_key, "referee:%d:%lld:%s", game, j.s.now, hex);
	/* the subject names the action's first line (a tournament's game: its terms follow) */
	if (game)
		snprintf(subject, sizeof subject, "[tempest %d] referee: %.*s", game, line, action);
	else
		snprintf(subject, sizeof subject, "referee: %.*s", line, action);
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
		phrase_english(j.out.nerrors ? j.out.errors[0].reason : j.result, why, wlen);
		rc = 1;
		goto done;
	}
	if (job_compose_all(&j, e) < 0 || job_commit(&j, e) < 0)
		goto done;
	if (id)
		*id = j.g->id;
	pl->stats.applied++;
	rc = 0;
done:
	job_free(&j);
	/* a tournament's game it ended: the result posted now (outside a batch) */
	if (rc == 0 && !pl->batch.on && tourney_settle(pl, e) < 0)
		return -1;
	return rc;
}

int pipeline_new_game(struct pipeline *pl, const char *variant, char *const *addresses,
		      int n, bool private_game, int *id, struct err *e)
{
	char action[4096], why[512];
	size_t at;
	int rc;

	at = (size_t)snprintf(action, sizeof action, "new %s", variant);
	for (int i = 0; i < n && at < sizeof action; i++) {
		if (strchr(addresses[i], ' '))
			return err_set(e, "an address holds a space");
		at += (size_t)snprintf(action + at, sizeof action - at, " %s", addresses[i]);
	}
	if (private_game && at < sizeof action)
		at += (size_t)snprintf(action + at, sizeof action - at, " private");
	if (strchr(variant, ' ') || at >= sizeof action)
		return err_set(e, "a variant holds a space, or the addresses are too long");
	if ((rc = pipeline_referee(pl, 0, action, id, why, sizeof why, e)) == 1)
		return err_set(e, "%s", why);
	return rc;
}
