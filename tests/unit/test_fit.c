/* test_fit.c: a mail's long lines broken to fit (render/fit.c): at blanks, before a move
 * number in a move list, continuation lines indented; short lines, FEN lines and a word
 * longer than the room left untouched. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "render/fit.h"

struct row {
	const char *in;
	size_t width;
	const char *want;
};

static const struct row rows[] = {
	/* short lines as they are, the text's newlines kept */
	{ "short\n\nline\n", 20, "short\n\nline\n" },
	{ "", 20, "" },
	/* prose broken at the last blank that fits, the rest indented 2 */
	{ "Score: board 1 playing, board 2 playing", 20,
	  "Score: board 1\n  playing, board 2\n  playing" },
	/* an indented line: its continuation 2 beyond its own indent */
	{ "  one two three four five six", 17, "  one two three\n    four five six" },
	/* a move list: before a move number while one fits, the move pair kept whole */
	{ "Moves: 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6", 30,
	  "Moves: 1. e4 e5 2. Nf3 Nc6\n  3. Bb5 a6 4. Ba4 Nf6" },
	{ "Moves: 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4... Nf6", 34,
	  "Moves: 1. e4 e5 2. Nf3 Nc6\n  3. Bb5 a6 4... Nf6" },
	/* a FEN is never broken, bare, labelled or a PGN tag */
	{ "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", 20,
	  "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" },
	{ "FEN:   w Kf1,Nd2,Pc2,Pd3,Pd4 ? ? - -", 20, "FEN:   w Kf1,Nd2,Pc2,Pd3,Pd4 ? ? - -" },
	{ "[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]", 20, "[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]" },
	/* a word longer than the room stays whole, on a line of its own */
	{ "hash: 0123456789abcdef0123456789 end", 16, "hash:\n  0123456789abcdef0123456789\n  end" },
	/* blanks at a break dropped, blanks inside a piece kept */
	{ "a  b    c", 5, "a  b\n  c" },
	/* characters, not bytes: 10 two-byte letters fit 10 */
	{ "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9 \xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9", 10,
	  "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9 \xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9" },
	/* ... and counted across the blanks of a line broken twice (counted once each) */
	{ "\xc3\xa9\xc3\xa9 \xc3\xa9\xc3\xa9 \xc3\xa9\xc3\xa9 \xc3\xa9\xc3\xa9 \xc3\xa9\xc3\xa9 \xc3\xa9\xc3\xa9", 8,
	  "\xc3\xa9\xc3\xa9 \xc3\xa9\xc3\xa9 \xc3\xa9\xc3\xa9\n  \xc3\xa9\xc3\xa9 \xc3\xa9\xc3\xa9\n  \xc3\xa9\xc3\xa9" },
};

int main(void)
{
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		char *got = fit_text(rows[i].in, rows[i].width);
		check_context("row %zu: %s", i, rows[i].in);
		CHECK_STR(got, rows[i].want);
		free(got);
	}
	check_context(NULL);
	CHECK(fit_is_fen("  FEN: x", 8));
	CHECK(!fit_is_fen("Moves: 1. e4", 12));
	CHECK(!fit_is_fen("a/b c/d", 7));
	return check_done();
}
