/* view.h: what each reader of a mail sees: the board from their side, the moves, the
 * PGN, and the template variables for each kind of reply. Text only; no I/O except
 * loading the template files (templates_load, view_templates.c). */
#ifndef TEMPEST_VIEW_H
#define TEMPEST_VIEW_H

#include "game/game.h"
#include "render/template.h"
#include "render/view_clock.h"
#include "render/view_extra.h"
#include "util/buf.h"

/* The templates of the replies, read from a directory (view_templates.c): each shared
 * one, made for each kind render was handed (view_kind.h) with the kind's parts in
 * (templates/KIND/PART.txt), and once more for mails about no game: each made (its
 * parts read, checked, compiled) on its first use, so that a run pays only for the
 * mails it sends. templates_open() comes after the kinds are handed down
 * (view_kinds_set()). */
struct catalogue;
struct templates_made;
struct templates {
	char *text[REPLY_KINDS];                /* each shared template as read */
	size_t nkinds;
	char **expanded;                        /* [kind * REPLY_KINDS + reply kind]; the
						 * kind nkinds: a mail about no game */
	struct template **compiled;             /* each expanded text, cut into tokens
						 * when first used */
	/* loaded in a language: the reply's own NAME.LL.txt was there */
	bool translated[REPLY_KINDS];
	struct templates_made *made;            /* what is made on first use */
};

/* Reads the shared templates of dir in language lang ("fr"; NULL English): each
 * NAME.LL.txt (shared, and a kind's part, when used), or NAME.txt where there is none,
 * set as typeset's header says (NULL: as written). The rest is made on first use. */
int templates_open_in(struct templates *t, const char *dir, const char *lang,
		      const struct catalogue *typeset, struct err *e);
int templates_open(struct templates *t, const char *dir, struct err *e);
/* The same, every reply made for every kind at once (and, in English, the texts of the
 * reader of mails): what `tempest -n` and the tests check. */
int templates_load_in(struct templates *t, const char *dir, const char *lang,
		      const struct catalogue *typeset, struct err *e);
int templates_load(struct templates *t, const char *dir, struct err *e);
/* Makes the referee's own text for the reader of mails: each reply's template with
 * every kind's parts in, one after the other as sections are; the English ones, then
 * each language a template is translated to (NAME.LL.txt). 0, or -1 with e set. */
int templates_recognised_make(const struct templates *t, struct err *e);
/* The referee's own text for the reader of mails (msgtext_referee_new()): every reply's
 * text as templates_recognised_make() made it, then `more` (the help's kind orders,
 * view_kind_usages()); *n of them. The caller frees the array, not the texts; NULL when
 * memory runs out or a template cannot be read. */
const char **templates_recognised(const struct templates *t, const char *more, size_t *n);
/* Reply r's template for a game of kind k (NULL: a mail about no game), made on first
 * use; borrowed; NULL if it cannot be made. */
const struct template *templates_of(const struct templates *t, const struct kind *k,
				    enum reply_kind r);
void templates_free(struct templates *t);
/* The templates directory: override, $TEMPEST_TEMPLATES_DIR, beside the binary, installed. */
const char *templates_dir(const char *override);
const char *reply_kind_name(enum reply_kind k);
/* The help's line for an order of a kind: its word(s) in language lang (NULL: English;
 * game/order_words.h) and the shape of its argument ("take N", "carte ..."). */
void view_order_usage(const struct order_word *w, const char *lang, char *out, size_t len);
/* The order lines of words w[0..n) (every kind's: kinds/registry.h's kind_all_orders) as
 * the help writes them, indented, one a line: the referee's own text, for the reader of
 * mails (msgtext.h). The caller frees it; NULL when memory runs out. */
char *view_kind_usages(const struct order_word *w, size_t n);

/* A diagram of the position seen from `side` (White's side if -1). */
void view_board(const struct pos *p, int side, struct buf *out);
/* Game g's board p from `side`: its kind's whole board where the kind draws one, else
 * view_board's diagram. */
void view_board_of(const struct game *g, const struct pos *p, int side, struct buf *out);
/* The seats' addresses of one side, for titles and indexes: "a@x" or "a@x, b@x". */
/* The game's variant's title as a phrase (each language may name it), in buf. */
static inline const char *view_variant_title(const struct game *g, char *buf, size_t len)
{
	return game_title(g, buf, len);
}
/* "1. e4 e5 2. Nf3" (the moves of the game, numbered from its start position). */
void view_movetext(const struct game *g, int board, struct buf *out);
void view_pgn(const struct game *g, const char *site, struct buf *out);


/* How a reader names seat `seat`: a player of the game (reader >= 0) by its address, anyone
 * else by its name in public (seat_public: never an address the player did not allow). */
const char *view_seat_text(const struct game *g, int seat, int reader, char *buf, size_t len);
/* Every seat of a side so, joined by ", ". */
void view_side_names(const struct game *g, int side, int reader, char *out, size_t len);
/* A name as a PGN tag holds it: its quotes and backslashes made apostrophes and slashes
 * (in place; returns it). */
char *pgn_tag_text(char *s);
/* Who played side c of board b, for PGN's [White] and [Black] (view_names.c). */
void view_board_players(const struct game *g, int b, int c, char *out, size_t len);
/* The variables for reply r about game g (g may be NULL for mails about no game). */
struct tctx *view_context(const struct game *g, const struct reply *r,
			  const struct view_extra *x);
/* What the HTML part needs to write its reader's one-click moves: where their mail goes
 * and in which language. */
struct phrase_lang;
struct html_reader {
	const char *referee;            /* the referee's address: the links' recipient */
	const struct phrase_lang *l;    /* the reader's language (NULL: English) */
};
/* The HTML part of reply r (its text part is `text`, its subject with the reader's tag
 * `subject`), or NULL for a reply that shows no board and asks for no move (view_html.c):
 * the board, then, when the reply's reader is expected to act, their one-click moves
 * (with hr; NULL: none), then the text. The caller frees it. */
char *view_html(const struct game *g, const struct reply *r, const char *subject,
		const char *text, const struct html_reader *hr);
struct choices;
/* The one-click moves of choices ch, each a mailto: link to hr->referee with the subject
 * "Re: " + subject and the choice's orders as its body (view_moves.c). */
void view_moves_html(const struct game *g, const struct choices *ch, const char *subject,
		     const struct html_reader *hr, struct buf *out);
/* A mailto: URI (RFC 6068) to `to` with that subject and body, percent-encoded, its '&'
 * written for an HTML attribute. */
void view_mailto(const char *to, const char *subject, const char *body, struct buf *out);
/* Renders reply r of a game of kind k (NULL: a mail about no game): the subject (first
 * line "Subject: ...") and the body, its phrases in the language c is set to
 * (tctx_language). */
int view_render(const struct templates *t, const struct kind *k, const struct reply *r,
		const struct tctx *c, char **subject, char **body, struct err *e);

#endif
