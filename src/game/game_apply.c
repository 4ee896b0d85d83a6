/* game_apply.c: what one mail's orders do to a game: who may act, then every order
 * checked and applied on a scratch state, kept only if none failed. */
#include "game/game.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/status.h"
#include "game/apply.h"
#include "game/kind.h"
#include "game/standing.h"
#include "util/clock.h"

static const struct order *find(const struct orders *o, int k)
{
	for (size_t i = 0; i < o->n; i++)
		if (o->o[i].kind == k)
			return &o->o[i];
	return NULL;
}

static bool needs_player(const struct orders *o)
{
	for (size_t i = 0; i < o->n; i++)
		if (o->o[i].kind != (int)ORDER_HELP && o->o[i].kind != (int)ORDER_TEST &&
		    o->o[i].kind != (int)ORDER_GAME)
			return true;
	return o->nerr > 0;
}

/* Who may act: the subject token of the player whose From it is, or their password.
 * Refusals go to the registered address, never only to the sender. */
static int authenticate(const struct game *g, const uint8_t *key, size_t klen,
			const struct sender *s, const struct orders *o, struct outcome *out)
{
	char tok[SEATS_MAX][TOKEN_LEN + 1];
	int by_token = -1, by_from[SEATS_MAX];
	const struct order *pw = find(o, ORDER_PASSWORD);

	for (int c = 0; c < g->nseats; c++) {
		game_token(key, klen, g->id, c, tok[c]);
		if (s->tag_token[0] && crypto_equal(tok[c], s->tag_token, TOKEN_LEN) &&
		    strlen(s->tag_token) == TOKEN_LEN)
			by_token = c;
		by_from[c] = !strcasecmp(g->seat[c].address, s->address);
	}
	if (by_token >= 0 && by_from[by_token]) {
		out->auth_how = "token";
		return by_token;
	}
	if (by_token >= 0) {            /* the right token from someone else's address */
		outcome_reply(out, REPLY_INTRUDER, by_token, NULL);
		out->replies[out->nreplies - 1].about = by_token;
		phrase_printf(out->replies[out->nreplies - 1].note, sizeof out->replies[0].note,
			      "a mail from %s carried your reply token for game %d; nothing in it was "
			      "applied", s->address, g->id);
		return -1;
	}
	for (int c = 0; c < g->nseats && pw; c++) {
		char h[HASH_HEX];
		if (by_from[c] && s->replay_password) {
			out->auth_how = "password";
			return c;
		}
		if (!by_from[c] || !g->seat[c].password_hash[0])
			continue;
		game_password_hash(key, klen, g->id, c, pw->arg, h);
		if (crypto_equal(h, g->seat[c].password_hash, HASH_HEX)) {
			out->auth_how = "password";
			return c;
		}
	}
	for (int c = 0; c < g->nseats; c++)
		if (by_from[c]) {
			if (pw)
				outcome_error(out, pw->lineno, "password ...", "that password is not the "
					      "one set for game %d", g->id);
			else
				outcome_error(out, 0, "", "this mail does not prove it comes from you: "
					      "reply to a mail from the referee about game %d (its subject "
					      "carries your token), or add a line 'password ...' if you set "
					      "one", g->id);
			outcome_reply(out, REPLY_REFUSED, c, NULL);
			return -1;
		}
	/* a stranger: the players hear of it, the sender nothing; in a team game only the
	 * member who set it up, not every member of both teams for one mail */
	for (int c = 0; c < g->nseats; c++) {
		if (!g->seat[c].address[0] || (g->nseats > 2 && c != g->challenger))
			continue;
		outcome_reply(out, REPLY_INTRUDER, c, NULL);
		out->replies[out->nreplies - 1].about = -1;
		phrase_printf(out->replies[out->nreplies - 1].note, sizeof out->replies[0].note,
			      "a mail from %s, who is not a player, tried to give orders in game %d; "
			      "nothing in it was applied", s->address, g->id);
	}
	return -1;
}

/* The mail answers a referee mail sent before the last move? Then the player has not
 * seen the current position: refuse a move unless its number says otherwise. */
static bool stale(const struct game *g, const struct sender *s, int seat)
{
	int ply;

	/* in a game of several boards, what counts is the reader's own board */
	return s->in_reply_to[0] && game_sent_mail(g, s->in_reply_to, &ply) &&
	       ply < game_seat_ply(g, seat);
}


static int do_claim(struct apply_state *a, const struct order *od)
{
	char times[64];
	struct status st;
	struct game *g = a->g;

	struct pos *p = g->board[apply_board(a)].pos;

	if (!apply_playing(a, od))
		return -1;
	if (!a->moved && (int)p->side != apply_side(a))
		return apply_error(a, od, "claim a draw on your own turn, with or before your move");
	status_get(p, &st);
	if (g->nboards > 1 && (st.claim_repetition || st.claim_fifty))
		apply_board_ends(a, apply_board(a), "1/2-1/2", st.claim_repetition ?
			   N_("threefold repetition (claimed)") : N_("fifty-move rule (claimed)"));
	else if (st.claim_repetition)
		apply_finish(a, "1/2-1/2", N_("threefold repetition (claimed)"));
	else if (st.claim_fifty)
		apply_finish(a, "1/2-1/2", N_("fifty-move rule (claimed)"));
	else
		return apply_error(a, od, "no draw can be claimed: this position has occurred %s, "
				"and %d half-moves have passed without a capture or a pawn move (%d "
				"needed)", phrase_nprintf(times, sizeof times, (unsigned long)
				pos_repetitions(p) + 1, "%d time", "%d times", pos_repetitions(p) + 1),
				p->halfmove, g->v->draws.claim_plies);
	apply_principal(a, "draw-claim");
	return 0;
}

static int do_draw(struct apply_state *a, const struct order *od)
{
	struct game *g = a->g;
	int me = apply_side(a), them = (int)COLOR_OTHER(me);

	if (!apply_playing(a, od))
		return -1;
	switch (od->kind) {
	case ORDER_OFFER_DRAW:
		if (g->draw_offer == them)
			return apply_error(a, od, "%s has offered a draw already: write 'accept draw'",
					game_side_name(g, them));
		if (g->draw_offer == me)
			return apply_error(a, od, "you have offered a draw already");
		g->draw_offer = me;
		g->clock.draw_offer_at = a->s->now;
		apply_principal(a, "draw-offer");
		apply_note(a, "%s offers a draw.", game_side_name(g, me));
		return 0;
	case ORDER_ACCEPT_DRAW:
		if (g->draw_offer != them)
			return apply_error(a, od, "there is no draw offer to accept");
		if (a->moved)
			return apply_error(a, od, "accept the draw or move, not both");
		apply_finish(a, "1/2-1/2", N_("draw agreed"));
		apply_principal(a, "draw-accept");
		return 0;
	default:
		if (g->draw_offer != them)
			return apply_error(a, od, "there is no draw offer to decline");
		g->draw_offer = -1;
		apply_principal(a, "draw-decline");
		apply_note(a, "%s declines the draw offer.", game_side_name(g, me));
		return 0;
	}
}

static int do_invitation(struct apply_state *a, const struct order *od)
{
	struct game *g = a->g;

	if (g->status != GAME_INVITED)
		return apply_error(a, od, "game %d is not waiting for an answer to its invitation",
				g->id);
	if (od->kind == ORDER_ACCEPT) {
		if (a->me == g->challenger)
			return apply_error(a, od, "you made this challenge; your opponent must accept it");
		int all = kind_of(g)->teams ? kind_of(g)->teams->accept(g, a->me) : 1;
		if (all < 0)
			return apply_error(a, od, "you have accepted already: play starts when every "
					   "member has");
		if (!all) {
			char who[96];
			apply_principal(a, "join");     /* the others have yet to accept */
			apply_note(a, "%s (%s) accepts the invitation; play starts when every member "
				   "has.", g->seat[a->me].address, seat_name(g, a->me, who, sizeof who));
			return 0;
		}
		g->status = GAME_PLAYING;
		if (kind_of(g)->started)
			kind_of(g)->started(g, a->key, a->klen);
		enum clock_window w;
		chessclock_start(&g->clock, game_expected(g, &w), a->s->now);
		apply_principal(a, "accept");
		return 0;
	}
	g->status = GAME_DECLINED;
	snprintf(g->termination, sizeof g->termination, "%s",
		 a->me == g->challenger ? N_("challenge withdrawn") : N_("invitation declined"));
	apply_principal(a, "decline");
	return 0;
}

/* Is the player who resigns mated on the board? A card game waits on a mate for an
 * interception that may lift it (cardturn.h); conceding then lets the mate stand. */
static bool conceding_mate(struct apply_state *a)
{
	struct status st;

	if (a->g->nboards != 1 || (int)game_pos(a->g)->side != apply_side(a))
		return false;
	status_get(game_pos(a->g), &st);
	return st.end == STATUS_CHECKMATE;
}

/* One order; -1 if it is refused (the reason is in out->errors). */
static int apply_order(struct apply_state *a, const struct order *od,
		       const uint8_t *key, size_t klen)
{
	struct game *g = a->g;

	switch (od->kind) {
	case ORDER_GAME:
		if (od->number != g->id)
			return apply_error(a, od, "this mail is about game %d, not %d", g->id, od->number);
		return 0;
	case ORDER_MOVE:
		return apply_plain_move(a, od);
	case ORDER_RESIGN:
		if (!apply_playing(a, od))
			return -1;
		if (a->moved)
			return apply_error(a, od, "resign or move, not both");
		apply_finish(a, apply_side(a) == WHITE ? "0-1" : "1-0", conceding_mate(a) ? N_("checkmate") :
			     N_("resignation"));
		apply_principal(a, "resign");
		return 0;
	case ORDER_OFFER_DRAW:
	case ORDER_ACCEPT_DRAW:
	case ORDER_DECLINE_DRAW:
		return do_draw(a, od);
	case ORDER_CLAIM_DRAW:
		return 0;               /* after the move: see game_apply */
	case ORDER_ACCEPT:
	case ORDER_DECLINE:
		return do_invitation(a, od);
	case ORDER_PASSWORD:
		if (strcmp(a->out->auth_how, "token"))
			return 0;       /* it proved who they are; nothing to change */
		game_password_hash(key, klen, g->id, a->me, od->arg, g->seat[a->me].password_hash);
		apply_principal(a, "password");
		apply_note(a, "Your password for this game is set.");
		return 0;
	case ORDER_NEW:
	case ORDER_OPPONENT:
	case ORDER_COLOUR:
		return apply_error(a, od, "to start a new game, write to the referee without a game "
				"number in the subject or the text");
	case ORDER_MESSAGE:             /* relayed with the replies: success_replies */
		if (kind_of(g)->teams) {
			const struct kind_teams *t = kind_of(g)->teams;
			const char *text;
			char why[256];
			if (t->message_to(g, a->me, od->arg, &text, why, sizeof why) < 0)
				return apply_error(a, od, "%s", why);
		}
		return 0;
	case ORDER_STATUS:
	case ORDER_HISTORY:
	case ORDER_HELP:
	case ORDER_TEST:
		return 0;
	case ORDER_TIME:
	case ORDER_ARBITER:
	case ORDER_PRIVATE:
		return apply_error(a, od, "this is agreed when the game is created");
	case ORDER_VACATION:
	case ORDER_TIMEZONE:
	case ORDER_LANGUAGE:
	case ORDER_MAIL:
	case ORDER_NAME:
	case ORDER_ADDRESS:
		return apply_setting(a, od);
	case ORDER_CONDITIONAL:         /* once the mail's move is made: standing_record */
		return a->ended || apply_playing(a, od) ? 0 : -1;
	default:
		return apply_playing(a, od) ? 0 : -1;  /* the kind's orders outside play */
	}
	return 0;
}

/* The mail's `message` lines reach the other players: with the reply each gets anyway
 * (kind, unless REPLY_KINDS), else in a notice of their own. Only what the player marked
 * as a message is ever relayed, never the rest of the mail. */
static int relay_message(struct apply_state *a, const struct orders *o, enum reply_kind kind)
{
	struct outcome *out = a->out;
	char text[2048];

	for (int c = 0; c < a->g->nseats; c++) {
		struct reply *r = NULL;
		if (c == a->me || !*game_message_note(a->g, a->me, c, o, text, sizeof text))
			continue;
		for (size_t i = 0; kind != REPLY_KINDS && i < out->nreplies && !r; i++)
			if (out->replies[i].to == c)
				r = &out->replies[i];
		if (!r) {
			if (outcome_reply(out, REPLY_NOTICE, c, NULL) < 0)
				return -1;
			r = &out->replies[out->nreplies - 1];
		}
		phrase_cat(r->note, sizeof r->note, "\n\n", text);
	}
	return 0;
}

/* The mails a successful change sends. */
static int success_replies(struct apply_state *a, const struct orders *o)
{
	struct outcome *out = a->out;
	enum reply_kind kind;

	if (!a->principal) {
		kind = REPLY_KINDS;
	} else if (a->ended) {
		kind = REPLY_OVER;
	} else if (kind_of(a->g)->reply_for &&
		   (kind = kind_of(a->g)->reply_for(a->g, a->principal, a->me)) != REPLY_KINDS) {
		/* a step of the kind's own: a private reply until everyone may hear of it */
		if (kind == REPLY_SETUP) {
			if (outcome_reply(out, REPLY_SETUP, a->me, NULL) < 0)
				return -1;
			kind = REPLY_KINDS;
		}
	} else if (!strcmp(a->principal, "accept")) {
		kind = REPLY_STARTED;
	} else if (!strcmp(a->principal, "join")) {
		kind = REPLY_NOTICE;
	} else if (!strcmp(a->principal, "decline")) {
		kind = REPLY_DECLINED;
	} else if (!strcmp(a->principal, "vacation") || !strcmp(a->principal, "timezone") ||
		   !strcmp(a->principal, "language") || !strcmp(a->principal, "mail")) {
		/* a vacation concerns the opponent too; a time zone only the player */
		kind = out->player.vacation || out->player.vacation_end ? REPLY_NOTICE : REPLY_KINDS;
		if (kind == REPLY_KINDS) {
			if (outcome_reply(out, REPLY_NOTICE, a->me, NULL) < 0)
				return -1;
			char *note = out->replies[out->nreplies - 1].note;
			phrase_cat(note, sizeof out->replies[0].note, "", a->note);
			phrase_cat(note, sizeof out->replies[0].note, " ", a->own_note);
		}
	} else if (!strcmp(a->principal, "password") || !strcmp(a->principal, "conditional")) {
		/* the player's own: conditional moves are secret from everyone else */
		if (outcome_reply(out, REPLY_STATUS, a->me, NULL) < 0)
			return -1;
		char *note = out->replies[out->nreplies - 1].note;
		phrase_cat(note, sizeof out->replies[0].note, "", a->note);
		phrase_cat(note, sizeof out->replies[0].note, " ", a->own_note);
		kind = REPLY_KINDS;
	} else
		kind = REPLY_MOVED;
	const struct kind *gk = kind_of(a->g);
	for (int c = 0; c < a->g->nseats && kind != REPLY_KINDS; c++) {
		bool own = c == a->me && a->own_note[0];
		if (gk->teams && !gk->teams->hears(a->g, a->principal, a->me, c))
			continue;
		if (outcome_reply(out, kind, c, NULL) < 0)
			return -1;
		char *note = out->replies[out->nreplies - 1].note;
		size_t len = sizeof out->replies[0].note;
		phrase_cat(note, len, "", a->note);
		if (own)
			phrase_cat(note, len, " ", a->own_note);
		if (a->part_seats >> c & 1)
			phrase_cat(note, len, " ", a->part_note);
		phrase_cat(note, len, " ", a->seat_note[c]);
	}
	if (relay_message(a, o, kind) < 0)
		return -1;
	for (size_t i = 0; i < o->n; i++) {
		enum order_kind k = o->o[i].kind;
		if ((k == ORDER_STATUS && kind != REPLY_MOVED && kind != REPLY_OVER &&
		     !(a->principal && !strcmp(a->principal, "password"))) ||
		    k == ORDER_HISTORY) {
			if (outcome_reply(out, k == ORDER_STATUS ? REPLY_STATUS : REPLY_HISTORY, a->me,
					  NULL) < 0)
				return -1;
		}
	}
	return 0;
}

/* help and test answer the sender whatever else happens: as the player, with their
 * token, once the mail proved who they are; else to the address alone. */
static int courtesy_replies(const struct orders *o, const struct sender *s, struct outcome *out)
{
	int to = out->auth;

	if (find(o, ORDER_HELP) && outcome_reply(out, REPLY_HELP, to, to >= 0 ? NULL : s->address) < 0)
		return -1;
	if (find(o, ORDER_TEST) && outcome_reply(out, REPLY_TEST, to, to >= 0 ? NULL : s->address) < 0)
		return -1;
	return 0;
}

/* The orders of the authenticated player a->me, all or nothing; the snapshot is scratch
 * space for undoing a refused mail. */
static int apply_orders(struct apply_state *a, struct snapshot *sn, const struct orders *o,
			struct err *e)
{
	struct game *g = a->g;
	struct outcome *out = a->out;
	char before[HASH_HEX];

	for (size_t i = 0; i < o->nerr; i++)
		outcome_error(out, o->err[i].lineno, o->err[i].text, "%s", o->err[i].reason);
	game_hash(g, before);
	if (snapshot_take(g, sn) < 0)
		goto oom;
	a->stale_reply = stale(g, a->s, a->me);
	const struct kind *k = kind_of(g);
	for (size_t i = 0; i < o->n; i++) {
		const char *why = k->order_refused ? k->order_refused(g, a->me, &o->o[i]) : NULL;
		if (why && *why)
			apply_error(a, &o->o[i], "%s", why);
	}
	bool proto = k->apply && g->status == GAME_PLAYING;
	if (proto && !out->nerrors)
		k->apply(a, o);
	for (size_t i = 0; i < o->n; i++) {
		/* an order the kind refused has its reason: none of the generic code's besides
		 * (a strategist's move is no turn on some board) */
		const char *why = k->order_refused ? k->order_refused(g, a->me, &o->o[i]) : NULL;
		if ((why && *why) || (proto && k->handles && k->handles(o->o[i].kind)))
			continue;
		apply_order(a, &o->o[i], a->key, a->klen);
	}
	const struct order *claim = find(o, ORDER_CLAIM_DRAW);
	if (claim && !out->nerrors && !a->ended)
		do_claim(a, claim);
	else if (claim && a->ended && !out->nerrors)
		apply_error(a, claim, "the game ended before the claim");
	if (!out->nerrors && !a->ended && find(o, ORDER_CONDITIONAL))
		standing_record(a, o);
	if (out->nerrors) {
		snapshot_restore(g, sn);
		return outcome_reply(out, REPLY_REFUSED, a->me, NULL) < 0 ? err_set(e, "out of memory") : 0;
	}
	if (a->principal) {
		enum clock_charge turn = k->clock_charge ? k->clock_charge(a->principal) :
					 !strcmp(a->principal, "move") ? CLOCK_TURN : CLOCK_FREE;
		out->changed = true;
		if (g->draw_offer < 0)
			g->clock.draw_offer_at = 0;
		game_clock_stop_at(g, a->me, turn, a->s);
		if (game_add_event(g, a->principal, a->me, a->detail, a->s, before) < 0)
			goto oom;
	}
	/* then what the players gave in advance answers it, ply after ply */
	if (standing_react(a, e) < 0)
		return -1;
	if (success_replies(a, o) < 0)
		goto oom;
	return 0;
oom:
	return err_set(e, "out of memory applying a mail to game %d", g->id);
}

static int apply_with_snapshot(struct apply_state *a, const struct orders *o, struct err *e)
{
	struct snapshot *sn = calloc(1, sizeof *sn);

	if (!sn)
		return err_set(e, "out of memory");
	int rc = apply_orders(a, sn, o, e);
	snapshot_free(sn);
	free(sn);
	return rc;
}

int game_apply(struct game *g, const uint8_t *key, size_t klen, const struct sender *s,
	       const struct orders *o, struct outcome *out, struct err *e)
{
	struct apply_state a = { .g = g, .s = s, .out = out, .key = key, .klen = klen };

	memset(out, 0, sizeof *out);
	out->auth = -1;
	out->auth_how = "none";
	if (!needs_player(o)) {
		/* no order that needs a player (prose, help, test): who wrote is still worth
		 * knowing — a player's answers carry their token, a player who wrote only prose
		 * is answered — but nobody is told of a stranger's mail */
		struct outcome quiet = { .auth_how = "none" };
		if ((a.me = authenticate(g, key, klen, s, o, &quiet)) >= 0) {
			out->auth = a.me;
			out->auth_how = quiet.auth_how;
		}
		outcome_free(&quiet);
		return courtesy_replies(o, s, out) < 0 ? err_set(e, "out of memory") : 0;
	}
	a.me = authenticate(g, key, klen, s, o, out);
	out->auth = a.me < 0 ? -1 : a.me;
	if (courtesy_replies(o, s, out) < 0)
		return err_set(e, "out of memory");
	if (a.me < 0)
		return 0;
	if (!g->seat[a.me].name[0] && s->name[0])     /* an invited player's name, on first use */
		snprintf(g->seat[a.me].name, NAME_MAX_, "%s", s->name);
	return apply_with_snapshot(&a, o, e);
}

int game_apply_for(struct game *g, const uint8_t *key, size_t klen, const struct sender *s,
		   int me, const struct orders *o, struct outcome *out, struct err *e)
{
	struct apply_state a = { .g = g, .s = s, .out = out, .key = key, .klen = klen, .me = me };

	memset(out, 0, sizeof *out);
	out->auth = me;
	out->auth_how = "referee";
	return apply_with_snapshot(&a, o, e);
}
