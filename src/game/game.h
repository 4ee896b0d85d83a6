/* game.h: one game as the referee keeps it, and what a player's orders do to it.
 *
 * Pure: no I/O, no mail, no JSON (store.c turns a struct game into its file and back).
 * game_new()/game_free() own everything inside except the variant, which the game
 * borrows (the caller keeps compiled variants, one per name, for as long as its games);
 * the current position is derived by game_load_position() from the moves.
 * game_apply() takes one mail's orders from one sender and either applies all of them or
 * none, and says which mails the referee must send (struct outcome, freed with
 * outcome_free()). */
#ifndef TEMPEST_GAME_H
#define TEMPEST_GAME_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/notation.h"
#include "engine/pos.h"
#include "game/chessclock.h"
#include "game/order.h"
#include "util/crypto.h"
#include "util/err.h"
#include "util/strlist.h"

#define ADDR_MAX   256
#define NAME_MAX_  128
#define PUBLIC_NAME_MAX 96      /* a seat's name in public: a chosen name, and its address
				 * if the player allows it */
#define KEY_MAX    256          /* a message key: Message-ID or "sha256:<hex>" */
#define HASH_HEX   (2 * CRYPTO_HASH_LEN + 1)
#define TOKEN_LEN  8

enum game_status {
	GAME_INVITED = 0,       /* challenge sent, waiting for the opponent */
	GAME_PLAYING,
	GAME_OVER,
	GAME_DECLINED,
};

#define SEATS_MAX  CLOCKS_MAX /* players in one game (Perplexichess: 2 x (1 + 7 + agents)) */
#define BOARDS_MAX 7            /* boards in one game */
#define ROLE_MAX   16

/* A player's place in a game: tokens, passwords, replies and clocks belong to seats. A
 * two-player game has seat 0 for White and seat 1 for Black, on board 0. */
struct seat {
	char address[ADDR_MAX];         /* local part as given, domain lower case */
	char name[NAME_MAX_];           /* display name from their mail, may be "" */
	char password_hash[HASH_HEX];   /* "" if no password was set */
	int side;                       /* WHITE or BLACK */
	int board;                      /* the board the seat moves on, or -1 (every board) */
	char role[ROLE_MAX];            /* "player", or the kind's word: "boardman", ... */
	/* derived, not stored */
	char label[PUBLIC_NAME_MAX];    /* how the public sees the seat (seat_label_set); ""
					 * until the caller sets it */
};

/* One board: its position is derived from its start and its list of moves and edits. */
struct board {
	char *start_fen;                /* owned (board_set_start); NULL or "": the variant's
					 * setup. A pointer: a game holds BOARDS_MAX boards */
	int nmoves;
	char **moves;                   /* moves in SAN and edit operations (game_op) */
	char result[8];                 /* this board's result in a game of several boards */
	char termination[64];           /* ... and how it ended ("time forfeit", ...; "":
					 * not ended, or ended before a release kept it) */
	/* derived, not stored */
	struct pos *pos;                /* NULL while the game is parked (game_park) */
	void *parked;                   /* the position of a parked game (game_park), or NULL */
	struct variant *rules;          /* this board's own rules once a "@rule" entry changed
					 * them (NULL: the game's variant); rebuilt by replay */
	struct move *resolved;          /* what each of the first nresolved entries that is a
					 * move resolved to: game_walk makes it again without
					 * reading its SAN (every reply walks the list) */
	int nresolved, resolved_cap;
};

/* Where a game is in its life; the kind says which orders each phase accepts. */
enum game_phase {
	PHASE_INVITED = 0,      /* the challenge waits for the invited players */
	PHASE_SETUP,            /* secrets exchanged before play (card lists, hands) */
	PHASE_DEPLOYMENT,       /* pieces posted before play (TigerChess) */
	PHASE_PLAY,
	PHASE_OVER,
};

/* One accepted change of state, with the state hash before and after. */
struct game_event {
	int n;
	char kind[24];                  /* "challenge", "accept", "move", "resign", ... */
	int by;                         /* the seat, or -1 (the referee) */
	char detail[64];                /* the move in SAN, or "" */
	char *msg;                      /* the key of the mail that caused it, owned (a
					 * pointer: a long game keeps thousands of events) */
	char before[HASH_HEX], after[HASH_HEX];
	char at[32];                    /* ISO 8601 UTC */
	char engine[32];
};

/* Something that happened in a team game, waiting for the digest of the seats it names
 * (digest.h). */
#define DIGEST_TEXT 600          /* a phrase of some 400 characters of English */
struct digest_item {
	unsigned long long seats;       /* a bit each */
	char text[DIGEST_TEXT];
};

/* What a game of a tournament knows of it (docs/game-masters.md, "Tournaments"): its
 * mails name the tournament and the round, its PGN the event and the site. */
#define GAME_EVENT_MAX 96
struct game_tournament {
	int id;                         /* the tournament's number; 0: no tournament's game */
	int round, section;             /* section 0: the tournament has one */
	char event[GAME_EVENT_MAX];     /* PGN's Event: the tournament's name */
	char site[GAME_EVENT_MAX];      /* PGN's Site */
};

struct standing_line;

struct game {
	int id;
	char variant[32];
	enum game_status status;
	char result[8];                 /* "1-0", "0-1", "1/2-1/2", "*" */
	char termination[64];           /* "checkmate", "resignation", "draw agreed", ... */
	char kind[16];                  /* the game kind (kind.h) that referees it */
	int challenger;                 /* the seat of the player who challenged */
	char colour_asked[8];           /* white, black or random, as the challenger asked */
	int nseats;
	struct seat *seat;              /* nseats of them, owned: game_add_seat() adds one (a
					 * pointer: most games have 2 seats of SEATS_MAX) */
	int seat_cap;
	int nboards;
	struct board board[BOARDS_MAX];
	int draw_offer;                 /* the side that offers a draw, or -1 */
	struct strlist mails;           /* keys of every mail recorded for this game, applied
					 * or refused, in the order of its log */
	size_t nevents, events_cap;
	struct game_event *events;
	struct strlist sent;            /* Message-IDs of the mails the referee sent about
					 * this game, for the stale-reply guard, */
	int *sent_ply;                  /* with the ply each showed (sent.n of them) */
	size_t sent_cap;
	long long log_size;             /* bytes of the game log that match this state */
	char created[32], updated[32];
	void *kstate;                   /* the kind's own state (its kind.h operations), or NULL */
	struct chessclock clock;
	char arbiter[ADDR_MAX];         /* told of losses on time and adjudications, or "" */
	bool arbiter_unconfirmed;       /* the arbiter has not confirmed from its address that
					 * it wants the game's mails: none go to it (observe.h) */
	size_t nobservers;
	char (*observers)[ADDR_MAX];    /* who follows the game by mail (observe.h), owned */
	unsigned long long mail_each;   /* team games: the seats (a bit each) that asked for
					 * every mail at once (`mail each`; digest.h) */
	size_t ndigest;
	struct digest_item *digest;     /* what waits for the members' digest, owned */
	bool private_;                  /* asked at the challenge: left out of the public
					 * archive and of observers (`private`) */
	size_t nstanding;
	struct standing_line *standing; /* what players gave in advance, each line secret
					 * to its player until it applies (standing.h), owned */
	struct game_tournament tournament;      /* a tournament's game, or id 0 */
	/* derived, not stored */
	const struct kind *k;           /* borrowed: the kind's operations (kind.h) */
	const struct variant *v;        /* borrowed */
	const struct card_catalogue *cat;       /* borrowed; for card games */
	const struct vacations *vac[SEATS_MAX]; /* borrowed: each seat's vacations, or NULL */
	char lang[SEATS_MAX][8];                /* each seat's language for piece letters
						 * ("nl"; "" never set): spelling.h */
	const struct policy *policy;            /* borrowed: the referee's limits, or NULL */
};

/* Who wrote the mail, as far as the referee can tell. */
struct sender {
	char address[ADDR_MAX];
	char name[NAME_MAX_];
	char tag_token[TOKEN_LEN + 1];  /* token from the subject tag, "" if none */
	char in_reply_to[KEY_MAX];      /* "" if none */
	char msg_key[KEY_MAX];
	long long now;
	long long arrived;              /* when the mail reached the referee's mailbox, if
					 * before now (a referee down or slow to poll), else 0:
					 * the mover's clock stops then, the next one starts now */
	bool replay_password;           /* replaying a log whose record says a (redacted)
					 * password proved this sender */
};

/* The referee's limits that orders are checked against (from the configuration). */
struct policy {
	int vacation_days;              /* a player's vacation allowance per calendar year */
	int max_vacation_days;          /* one vacation at most */
	bool (*timezone_ok)(const char *name);  /* is this a time zone the system knows? */
	int confirm_days;               /* a confirmation asked (observe.h) lapses after */
	int conditional_lines;          /* a player's conditional lines, at most (0: none) */
	int conditional_depth;          /* the opponent's moves one line answers, at most */
};

/* What a mail asks of the player's record (all their games), applied by the caller after
 * the game's commit. */
struct player_change {
	bool vacation, vacation_end, timezone, language;
	bool name, address;             /* the name chosen for the public; the address shown
					 * in public or not (address_public) */
	bool address_public;
	char public_name[64];
	long long start, end;           /* the vacation */
	char tz[64];
	char lang[8];                   /* "nl": the letters of the player's moves */
};

/* Does the change ask anything of the players' registry? */
static inline bool player_change_any(const struct player_change *ch)
{
	return ch->vacation || ch->vacation_end || ch->timezone || ch->language || ch->name ||
	       ch->address;
}

enum reply_kind {
	REPLY_CHALLENGE_SENT = 0,       /* to the challenger */
	REPLY_INVITATION,               /* to the invited player */
	REPLY_STARTED,                  /* to both: the game begins */
	REPLY_DECLINED,                 /* to both */
	REPLY_MOVED,                    /* to both after a move or a draw offer */
	REPLY_OVER,                     /* to both: result and PGN */
	REPLY_REFUSED,                  /* errors, to the sender or the registered player */
	REPLY_INTRUDER,                 /* to a player: someone else tried to act for them */
	REPLY_STATUS,
	REPLY_HISTORY,
	REPLY_HELP,
	REPLY_TEST,
	REPLY_SETUP,                    /* card games: your list and numbers are recorded */
	REPLY_DEALT,                    /* card games: the cards are dealt, play begins */
	REPLY_NOTICE,                   /* a short notice (vacation, time zone, a window passed) */
	REPLY_REMINDER,                 /* a deadline nears (one mail for all of a player's games) */
	REPLY_OBSERVED,                 /* to an observer: the public view (observe.h) */
	REPLY_TOURNAMENT,               /* a tournament's entry, withdrawal, opening, draw */
	REPLY_STANDINGS,                /* a tournament's standings, and its final crosstable */
	REPLY_CONFIRM,                  /* to someone asked to confirm from their own address
					 * that they want a game's mails (observe.h) */
	REPLY_KINDS
};

struct reply_error {
	int lineno;                     /* 0: not about one line */
	char text[ORDER_ARG_MAX];
	char reason[512];
};

struct reply {
	enum reply_kind kind;
	int to;                         /* a seat, or -1: `address` */
	char address[ADDR_MAX];
	int about;                      /* the seat the mail is about (intruder) or -1 */
	bool arbiter;                   /* REPLY_CONFIRM: to the arbiter the challenge named,
					 * not to someone who asked to observe */
	char note[4096];                /* sentences for the template (offer, claim, a player's
					 * message, ...), as phrases (util/phrase.h): some 2,000
					 * characters of English */
};

struct outcome {
	bool changed;                   /* the game's state changed: commit it */
	bool created;                   /* a new game was made */
	size_t nreplies;
	struct reply *replies;
	size_t nerrors;
	struct reply_error *errors;     /* the refusal's reasons, by line */
	int auth;                       /* the sender's seat once authenticated, or -1 */
	const char *auth_how;           /* "token", "password", "none" */
	struct player_change player;    /* for the players' registry */
};

struct game *game_new(void);
void game_free(struct game *g);
/* Sets g->v and replays every board's moves from its start into its position. Besides
 * moves in SAN, a board's list holds the edits cards make, as operations: "@remove e4",
 * "@place N e4" (upper case White), "@side w", "@fen FEN", "@deploy FEN" (the position
 * after a posting before play, TigerChess: not a move of the record), changes of the
 * board's own rules: "@rule N BETZA" (piece N moves as BETZA on this board from then on; "@rule N
 * BETZA immune": and may not be captured), "@mark e4 N" (the piece on e4 carries mark N,
 * 0 none; MARK_SHIELD: it may not be captured, pos.h),
 * and "@turn TEXT", a turn of a kind that keeps its own position (ChessMe): the board only
 * passes the turn. */
int game_load_position(struct game *g, const struct variant *v, struct err *e);
/* Board b's position (and own rules) rebuilt from its start and its list. */
int board_reload(struct game *g, int b, struct err *e);
/* A game waiting in memory for its next mail gives back the room of what is mostly zeros:
 * each board's position (16.6 KB sized for SQ_MAX squares, some 600 bytes packed: zpack.h),
 * unpacked by game_unpark() before anything reads it. Its lists are packed as they grow
 * (strlist.h) and stay as they are: packing them at each mail cost a long game's mail
 * its whole history. 0, or -1 out of memory (game_park leaves what it could not pack as
 * it was; game_unpark the game still parked). */
int game_park(struct game *g);
int game_unpark(struct game *g);
/* Sets a board's start: a copy of fen, at most FEN_MAX - 1 bytes (NULL or "": the
 * variant's setup). 0, or -1 when out of memory. */
int board_set_start(struct board *bd, const char *fen);
/* A board's start as written: its FEN, or "" for the variant's setup. */
const char *board_start_text(const struct board *bd);
/* Plays a move in SAN or applies an operation on board b, and appends it to its list. */
int board_op(struct game *g, int b, const char *op, struct err *e);
/* The same on the game's first board (the only one in most kinds). */
int game_op(struct game *g, const char *op, struct err *e);
/* Replays board b's list from the start, calling each(position before, entry, arg) for
 * every entry; stops early if each returns non-zero. */
int game_walk(const struct game *g, int b, int (*each)(const struct pos *before,
						       const char *entry, void *arg), void *arg);
/* Cuts a board's list back to n entries (a refused mail's moves), without touching its
 * position. */
void board_truncate_moves(struct board *b, int n);
void game_truncate_moves(struct game *g, int n);
/* The first board's position (every kind has one board at least). */
static inline struct pos *game_pos(const struct game *g)
{
	return g->board[0].pos;
}
/* How the public names the players (docs/game-masters.md, "The public archive"): the
 * configuration's `public_names`. */
enum naming_rule { NAMING_NAMES, NAMING_INITIALS, NAMING_SIDES };
/* "names", "initials", "sides": the rule, or -1. */
int naming_rule(const char *word);
/* How the public names a player (out) under the rule: the name they chose (`name ...`:
 * chosen, "" if none), else the display name of their mail (never one that holds an
 * address), "Alice M." by `initials`, none by `sides`; with their address only if they
 * allowed it (`address public`); with neither, fallback (their side, their number). */
void public_label(const char *chosen, const char *display, const char *address,
		  bool address_public, enum naming_rule rule, const char *fallback, char *out,
		  size_t len);
/* Seat st's label for the public (st->label), under the rule: the name the player chose
 * (`name ...`: chosen, "" if none), else the display name of their mail (never one that
 * holds an address), "Alice M." by `initials`, none by `sides`; with their address only if
 * they allowed it (`address public`); with neither, their side (seat_name). */
void seat_label_set(struct game *g, int seat, const char *chosen, bool address_public,
		    enum naming_rule rule);
/* How the public names seat `seat`: its label, or, not set, the display name of its mail
 * (not one that holds an address), else its side. Never its address, unless the player
 * allowed it. */
const char *seat_public(const struct game *g, int seat, char *buf, size_t len);
/* Adds a seat (side, board, role); its index, or -1 when the game is full. */
int game_add_seat(struct game *g, int side, int board, const char *role, const char *address);
/* The seat of this address, or -1 (the first if the address holds several). */
int game_seat_of(const struct game *g, const char *address);
/* The seat that moves for side c on board b (a seat of board -1 moves on every board
 * only when no seat of that board exists), or -1. */
int game_mover(const struct game *g, int b, int c);

/* Secrets and tokens: derived from the referee's master key, never stored; per seat. */
void game_token(const uint8_t *key, size_t klen, int id, int seat, char out[TOKEN_LEN + 1]);
void game_password_hash(const uint8_t *key, size_t klen, int id, int seat,
			const char *word, char out[HASH_HEX]);
/* The hash of everything that makes two states of the game the same. */
void game_hash(const struct game *g, char out[HASH_HEX]);
/* The game's phase, as its kind sees it. */
enum game_phase game_phase(const struct game *g);
const char *game_phase_name(enum game_phase p);

/* Creates a game from a challenge (orders hold "new"); v is the variant it names, or NULL
 * if there is no such variant (a refusal). The opponent is invited. */
int game_challenge(struct game *g, int id, const struct variant *v, const uint8_t *key,
		   size_t klen, const struct sender *s, const struct orders *o,
		   struct outcome *out, struct err *e);
/* Creates a game the game master sets up directly: it starts at once, every player is
 * told (REPLY_STARTED). The addresses fill the seats in order: for each board, White then
 * Black. */
int game_create(struct game *g, int id, const struct variant *v, const char *const *addresses,
		int naddresses, const struct sender *s, struct outcome *out, struct err *e);
/* A game of a tournament (g->tournament set by the caller): set up as game_create does,
 * with the tournament's terms for its games (o: "time ...", "private", a kind's own lines
 * as a challenge writes them) and the referee's key, from which the kind makes its
 * secret set-up as a challenge's acceptance makes it (ChessMe's piles, TigerChess's
 * dice, Knightmare's decks). A term the kind refuses is in out->errors (-1). */
int game_create_terms(struct game *g, int id, const struct variant *v,
		      const char *const *addresses, int naddresses, const struct orders *o,
		      const uint8_t *key, size_t klen, const struct sender *s,
		      struct outcome *out, struct err *e);
/* The variant a challenge names (the argument of its "new"), or NULL. */
const char *game_challenge_variant(const struct orders *o);
/* Applies a mail's orders to an existing game (all or nothing). Returns -1 only for an
 * internal failure; refusals are replies. */
int game_apply(struct game *g, const uint8_t *key, size_t klen, const struct sender *s,
	       const struct orders *o, struct outcome *out, struct err *e);

/* The referee's own action on the game, one line (docs/game-masters.md, "Time"), from `tempest tick`
 * or `tempest adjust`, or read back from the game log by a replay:
 *   timeout white|black              the player's deadline has passed: a loss on time, or
 *                                    the end of an interception or answer window
 *   extend white|black DURATION      more time for the player ("3 days", "1d12h")
 *   result 1-0|0-1|1/2-1/2 [REASON]  the game master's decision
 *   expire draw-offer                the pending draw offer lapses
 *   expire challenge                 the unanswered challenge lapses
 * An action that does not apply leaves the game as it was, with the reason in out->errors. */
int game_referee(struct game *g, const uint8_t *key, size_t klen, const struct sender *s,
		 const char *action, struct outcome *out, struct err *e);
/* After an accepted change by seat `actor` (-1: the referee), the clocks follow the game:
 * who is expected now runs; the actor's time is charged as `charged` says. */
enum clock_charge {
	CLOCK_FREE = 0,         /* not a turn's action: time is not charged */
	CLOCK_CHARGE,           /* part of a turn (an interception, an answer): time charged */
	CLOCK_TURN,             /* a completed turn: time charged, a move counted, increment */
};
void game_clock_update(struct game *g, int actor, enum clock_charge charged, long long now);
/* The same for the mail of sender s: the actor's clock stops when the mail arrived
 * (s->arrived), the clocks that run next start when it is processed (s->now). */
void game_clock_stop_at(struct game *g, int actor, enum clock_charge charged,
			const struct sender *s);
/* Who is expected to act now (bits by seat) and in what window. */
unsigned game_expected(const struct game *g, enum clock_window *window);
/* Records an accepted change: the event, with the state hash before and after. */
int game_add_event(struct game *g, const char *kind, int by, const char *detail,
		   const struct sender *s, const char *before);
/* Appends a copy of ev, its mail key msg copied too (as a state file records it). 0, or
 * -1 out of memory. */
int game_push_event(struct game *g, const struct game_event *ev, const char *msg);
bool game_has_mail(const struct game *g, const char *msg_key);
/* Did the referee send the mail with this Message-ID about this game? Then *ply is the
 * ply it showed. */
bool game_sent_mail(const struct game *g, const char *id, int *ply);
/* Records that the mail with this key is in the game's log (applied or refused). */
int game_add_mail(struct game *g, const char *msg_key);
int game_remember_sent(struct game *g, const char *id);
/* The same with the ply it showed (as a state file records it). */
int game_add_sent(struct game *g, const char *id, int ply);
/* The same for a mail to seat `seat`: in a game of several boards what it records is the
 * seat's own board's length (a boardman's reply is stale only if their board moved on). */
int game_remember_sent_to(struct game *g, const char *id, int seat);
/* The plies that make a mail to `seat` stale: its board's in a game of several boards,
 * else the game's. */
int game_seat_ply(const struct game *g, int seat);
int game_ply(const struct game *g);
/* The moves made on every board, for a game's listings: its list's entries less the edits
 * (a posting, a card's, a transfer), a kind's own turns ("@turn") counted. */
int game_moves_made(const struct game *g);
void outcome_free(struct outcome *o);
int outcome_reply(struct outcome *o, enum reply_kind kind, int to, const char *address);
/* A refusal's reason, by line: the format and its arguments kept as a phrase
 * (util/phrase.h), the line's text (the player's) as written. */
int outcome_error(struct outcome *o, int lineno, const char *text, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
int outcome_verror(struct outcome *o, int lineno, const char *text, const char *fmt, va_list ap);
const char *game_status_name(enum game_status s);
const char *color_name_lc(int c);
/* The game's variant's title as a phrase (each language may name it), in buf. */
const char *game_title(const struct game *g, char *buf, size_t len);
/* "White", "Black": a side's name in sentences. */
const char *side_name(int c);
/* A side's name in the mails of game g: its variant's own ("Bengal" for TigerChess's
 * White), else side_name(c). */
const char *game_side_name(const struct game *g, int c);
/* How a seat is named to the others: "White", or "Black (board 2, boardman)". */
const char *seat_name(const struct game *g, int seat, char *buf, size_t len);
/* The seats (a bit each, never `from`) a message order od of seat `from` reaches, and
 * in *text what it relays (the kind may address it: "message team ..."); 0: nobody. */
long game_message_to(const struct game *g, int from, const struct order *od, const char **text);
/* text in quotes as the mails relay it, each of its lines after the first indented under
 * the first; the length written (at most len - 1). */
size_t game_message_quote(const char *text, char *buf, size_t len);
/* The `message` orders of a mail from seat `from` that seat `to` reads (the kind may
 * address one to some seats only): who wrote, then each message quoted; "" if none. */
const char *game_message_note(const struct game *g, int from, int to, const struct orders *o,
			      char *buf, size_t len);

#endif
