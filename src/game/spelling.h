/* spelling.h: the ways people write a move that the order grammar and the engine do not
 * know, brought to the one they do (docs/orders.md, "Orders", "Spellings").
 *
 * Two steps. spelling_line() rewrites a line of the player's text before order.c reads
 * it: full-width forms from an input method, typographic dashes and minus signs, emphasis
 * marks around a move, a smiley, an emoji or an annotation after a move, "12.Nf3" glued to
 * its number. spelling_move() reads the piece letters of a move written in another
 * language ("Pf3" for Dutch paard f3) before the engine parses it; the engine itself knows
 * only the variant's letters. Pure: no I/O; buffers are the caller's. */
#ifndef TEMPEST_GAME_SPELLING_H
#define TEMPEST_GAME_SPELLING_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/pos.h"
#include "game/game.h"

#define SPELLING_LANG_MAX 8     /* "nl" and its NUL, with room */

/* Rewrites the line s (UTF-8, NUL-terminated, in a buffer of `size` bytes) in place; a
 * line that is not a move keeps its words (only its characters are brought to ASCII).
 * Returns whether anything changed. */
bool spelling_line(char *s, size_t size);

/* Brings the characters of s to ASCII where people type another form of them (full-width
 * forms, dashes and minus signs), as spelling_line does on every line; whether it changed. */
bool spelling_chars(char *s);
/* Is w a smiley, an annotation ("!?") or pictographs only: a word that may trail an order
 * without being part of it? */
bool spelling_decoration(const char *w);

/* The code of a language whose piece letters the referee reads ("en", "fr", "de", "nl",
 * "es", "it", "sv"), from its code or its name in English or in itself, in any case
 * ("NL", "Dutch", "Nederlands"); NULL if none. */
const char *spelling_language_code(const char *word);
/* A language's letters for a reply: "K D T L P (koning, dame, toren, loper, paard)". */
const char *spelling_letters(const char *code);
/* The languages, for a reply: "en, fr, de, nl, es, it, sv". */
const char *spelling_languages(void);

/* Reads the move `text` for a player whose language is `lang` ("" if never set) in the
 * position p: 0 and the text the engine should parse in out (the text itself when its
 * letters need no reading); 1 when a letter reads two ways and both are legal moves:
 * nothing is chosen, and `why` holds the question, beginning "did you mean". */
int spelling_move(struct pos *p, const char *lang, const char *text, char *out, size_t len,
		  char *why, size_t wlen);

/* A move the engine wrote (SAN, the variant's letters) in the piece letters a player of
 * language `lang` reads ("Cf3" for Nf3 in French); as it is in English or with no language
 * set. The reverse of spelling_move's reading for that language. */
void spelling_san_local(const struct variant *v, const char *lang, const char *san, char *out,
			size_t len);

/* Black's move written as the pair copied from a score sheet ("12. Nf3 Nc6"): does its
 * first half `first` name the last move played on board b, read in the player's language?
 * 0, or -1 and the reason in why (also when the player to move is White: one move per
 * mail). `mine` is the pair's second half, for the reason. */
int spelling_pair(const struct game *g, int b, const char *lang, const char *first,
		  const char *mine, char *why, size_t wlen);

/* The answer to a mail in which no order was found: does its subject hold one ("Re:
 * [tempest 17 abcd2345] Nf3")? Then true and, in hint, a sentence that says the subject is
 * not read. Reply prefixes and the referee's tag are not orders. */
bool spelling_subject_hint(const char *subject, char *hint, size_t len);

#endif
