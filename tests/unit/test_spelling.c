/* test_spelling.c: the spellings of a move people use (spelling.h), and the lines that
 * must stay as they were: prose, a smiley after a word, a date, a phone number. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "enginetest.h"
#include "game/spelling.h"

static void lines(void)
{
	static const struct { const char *in, *out; } t[] = {
		/* emphasis: Gmail's bold, Markdown */
		{ "*e4*", "e4" },
		{ "**Nf3**", "Nf3" },
		{ "_e4_", "e4" },
		{ "__O-O__", "O-O" },
		{ "*12. e4*", "12. e4" },
		{ "move *e4*", "move e4" },
		/* a smiley, an annotation or an emoji after the move */
		{ "e4 :-)", "e4" },
		{ "e4 :)", "e4" },
		{ "e4 ;-)", "e4" },
		{ "Nxd5 :D", "Nxd5" },
		{ "e4 !?", "e4" },
		{ "e4 ?!", "e4" },
		{ "e4!!", "e4!!" },                     /* the engine reads its own annotations */
		{ "Nf3 \xf0\x9f\x91\x8d", "Nf3" },      /* a thumbs up */
		{ "Nf3\xf0\x9f\x91\x8d", "Nf3" },
		{ "Nf3 \xf0\x9f\x91\x8d\xf0\x9f\x8f\xbd", "Nf3" },     /* with a skin tone */
		{ "e4 \xe2\x9c\x8c\xef\xb8\x8f", "e4" },                /* victory hand, VS16 */
		{ "e4. :-)", "e4" },
		{ "Nf3;-)", "Nf3" },
		/* the marks no reader sees: right-to-left clients, a byte order mark */
		{ "\xe2\x80\x8f" "e4\xe2\x80\x8f", "e4" },                /* U+200F around it */
		{ "\xe2\x80\x8eNf3", "Nf3" },                           /* U+200E */
		{ "\xef\xbb\xbf" "resign", "resign" },                    /* a BOM */
		{ "N\xe2\x80\x8b" "f3", "Nf3" },                           /* U+200B within */
		{ "\xe2\x81\xa6" "O-O\xe2\x81\xa9", "O-O" },             /* an isolate, U+2066..9 */
		{ "\xe2\x80\xae" "e4\xe2\x80\xac", "e4" },                /* an override, U+202E/C */
		/* full-width forms from a Japanese input method */
		{ "\xef\xbc\xae\xef\xbd\x86\xef\xbc\x93", "Nf3" },      /* Ｎｆ３ */
		{ "\xef\xbc\x91\xef\xbc\x8e\xe3\x80\x80\xef\xbd\x85\xef\xbc\x94", "1. e4" },
		{ "\xef\xbc\xaf\xef\xbc\x8d\xef\xbc\xaf", "O-O" },      /* Ｏ－Ｏ */
		{ "\xef\xbd\x92\xef\xbd\x85\xef\xbd\x93\xef\xbd\x89\xef\xbd\x87\xef\xbd\x8e", "resign" },
		/* dashes and minus signs */
		{ "O\xe2\x80\x93O", "O-O" },                    /* en dash */
		{ "O\xe2\x80\x94O\xe2\x80\x94O", "O-O-O" },     /* em dash */
		{ "\xe2\x88\x92" "a4", "-a4" },                 /* minus sign: ChessMe */
		{ "e2\xe2\x80\x90" "e4", "e2-e4" },             /* hyphen */
		{ "e2\xe2\x80\x91" "e4", "e2-e4" },             /* no-break hyphen */
		/* a number glued to its move */
		{ "12.Nf3", "12. Nf3" },
		{ "12...Nc6", "12... Nc6" },
		{ "1.e4 e5", "1. e4 e5" },
		{ "*1.e4* :-)", "1. e4" },
		{ "\xe2\x99\x98" "f3 :)", "\xe2\x99\x98" "f3" },        /* a figurine stays */
		/* what stays as it was */
		{ "Thanks :)", "Thanks :)" },
		{ "resign :)", "resign :)" },
		{ "resign :-(", "resign :-(" },
		{ "I play *e4* today", "I play *e4* today" },
		{ "*very* good", "*very* good" },
		{ "e4-e5", "e4-e5" },
		{ "2026-11-05", "2026-11-05" },
		{ "password abc123 :)", "password abc123 :)" },
		{ "opponent bob2@example.org :)", "opponent bob2@example.org :)" },
		{ "game 17 :)", "game 17 :)" },
		{ "1.Introduction", "1.Introduction" },
		{ "Nice game! Thanks!!", "Nice game! Thanks!!" },
		{ "Sent from my iPhone \xf0\x9f\x93\xb1", "Sent from my iPhone \xf0\x9f\x93\xb1" },
		{ "message Good luck :)", "message Good luck :)" },
		{ "+33 6 12 34 56 78", "+33 6 12 34 56 78" },
		{ "10:30 :)", "10:30 :)" },
		{ "\xe3\x81\x93\xe3\x82\x93\xe3\x81\xab\xe3\x81\xa1\xe3\x81\xaf",
		  "\xe3\x81\x93\xe3\x82\x93\xe3\x81\xab\xe3\x81\xa1\xe3\x81\xaf" },     /* こんにちは */
		{ "Time \xe2\x80\x93 flies", "Time - flies" },  /* only its characters */
		{ "", "" },
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		char buf[512];
		check_context("line '%s'", t[i].in);
		snprintf(buf, sizeof buf, "%s", t[i].in);
		bool changed = spelling_line(buf, sizeof buf);
		CHECK_STR(buf, t[i].out);
		CHECK_INT(changed, strcmp(t[i].in, t[i].out) != 0);
	}
	check_context(NULL);
}

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define ROOK_KING "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"
#define PROMOTE "7k/4P3/8/8/8/8/8/4K3 w - - 0 1"
#define OPEN "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"

static void letters(void)
{
	static const struct {
		const char *fen, *lang, *in, *out;      /* out NULL: asked */
		const char *why;                        /* what the question holds */
	} t[] = {
		/* P: the pawn in English, the knight (paard) in Dutch */
		{ START, "", "Pf3", NULL, "did you mean f3 or Nf3? " },
		{ START, "", "Pf3", NULL, "language en, language nl" },
		{ START, "nl", "Pf3", "Nf3", "" },
		{ START, "NL", "Pf3", "Nf3", "" },
		{ START, "en", "Pf3", "Pf3", "" },
		{ START, "", "Pe4", "Pe4", "" },        /* no knight reaches e4: the pawn */
		{ START, "", "Pc3", NULL, "did you mean c3 or Nc3?" },
		/* R: the rook in English, the king (roi, rey, re) in French, Spanish, Italian */
		{ ROOK_KING, "", "Rd1", NULL, "did you mean Rd1 or Kd1? " },
		{ ROOK_KING, "", "Rd1", NULL, "from square to square (a1d1 or e1d1)" },
		{ ROOK_KING, "", "Rd1", NULL, "language fr, language es, language it" },
		{ ROOK_KING, "fr", "Rd1", "Kd1", "" },
		{ ROOK_KING, "es", "Rd1", "Kd1", "" },
		{ ROOK_KING, "en", "Rd1", "Rd1", "" },
		{ ROOK_KING, "de", "Rd1", "Rd1", "" },  /* R is no German letter: as written */
		{ ROOK_KING, "", "Rb1", "Rb1", "" },    /* the king cannot go there: the rook */
		{ ROOK_KING, "", "Rf2", "Kf2", "" },    /* the rook cannot: the king */
		{ ROOK_KING, "", "Td1", "Rd1", "" },    /* T: a rook in every language that has it */
		{ ROOK_KING, "it", "Td1", "Rd1", "" },
		/* letters that are no English piece read one way only */
		{ OPEN, "", "Lb5", "Bb5", "" },
		{ OPEN, "", "Fb5", "Bb5", "" },
		{ OPEN, "", "Ab5", "Bb5", "" },
		{ OPEN, "", "Cc3", "Nc3", "" },
		{ OPEN, "", "Sc3", "Nc3", "" },
		{ OPEN, "", "Dxe2", "Qxe2", "" },
		{ OPEN, "sv", "Sc3", "Nc3", "" },
		{ OPEN, "fr", "Cc3", "Nc3", "" },
		{ OPEN, "nl", "Nc3", "Nc3", "" },       /* English letters still read */
		{ OPEN, "nl", "Bb5", "Bb5", "" },
		/* the promotion piece */
		{ PROMOTE, "", "e8=D", "e8=Q", "" },
		{ PROMOTE, "", "e8D", "e8Q", "" },
		{ PROMOTE, "", "e8(T)", "e8(R)", "" },
		{ PROMOTE, "", "e8=R", "e8=R", "" },    /* a king is no promotion: the rook */
		{ PROMOTE, "de", "e8=S", "e8=N", "" },
		/* nothing to read */
		{ START, "", "Nf3", "Nf3", "" },
		{ START, "", "e4", "e4", "" },
		{ START, "", "O-O", "O-O", "" },
		{ START, "", "g1f3", "g1f3", "" },
		{ START, "", "Pf5", "Pf5", "" },        /* no reading is a move: the engine says why */
	};
	struct variant *chess = test_variant("chess");

	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		struct pos *p = test_pos(chess, t[i].fen);
		char out[96], why[512] = "";
		check_context("'%s' in '%s' (%s)", t[i].in, t[i].lang, t[i].fen);
		int rc = spelling_move(p, t[i].lang, t[i].in, out, sizeof out, why, sizeof why);
		CHECK_INT(rc, t[i].out ? 0 : 1);
		if (t[i].out)
			CHECK_STR(out, t[i].out);
		CHECK_HAS(why, t[i].why);
		free(p);
	}
	check_context(NULL);
	variant_free(chess);
	/* a variant's own letters stay its own: TigerChess's S is the Swordsman, also for a
	 * German player (whose S is chess's knight) */
	struct variant *tiger = test_variant("tigerchess");
	struct pos *p = test_pos(tiger, "startpos");
	char out[96], why[512] = "";
	CHECK_INT(spelling_move(p, "", "Sa4", out, sizeof out, why, sizeof why), 0);
	CHECK_STR(out, "Sa4");
	CHECK_INT(spelling_move(p, "de", "Sa4", out, sizeof out, why, sizeof why), 0);
	CHECK_STR(out, "Sa4");
	free(p);
	variant_free(tiger);
}

static void languages(void)
{
	static const struct { const char *word, *code; } t[] = {
		{ "nl", "nl" }, { "NL", "nl" }, { "Dutch", "nl" }, { "nederlands", "nl" },
		{ "fr", "fr" }, { "Fran\xc3\xa7" "ais", "fr" }, { "deutsch", "de" }, { "es", "es" },
		{ "Espa\xc3\xb1ol", "es" }, { "it", "it" }, { "sv", "sv" }, { "svenska", "sv" },
		{ "en", "en" }, { "English", "en" },
		{ "klingon", NULL }, { "n", NULL }, { "nld", NULL }, { "", NULL },
		{ "dutchdutchdutchdutchdutchdutchdutchdutch", NULL },
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		const char *code = spelling_language_code(t[i].word);
		check_context("language '%s'", t[i].word);
		CHECK_STR(code ? code : "(none)", t[i].code ? t[i].code : "(none)");
	}
	check_context(NULL);
	CHECK_HAS(spelling_letters("nl"), "K D T L P");
	CHECK_HAS(spelling_letters("fr"), "R D T F C");
	CHECK_HAS(spelling_letters("es"), "R D T A C");
}

static void subjects(void)
{
	static const struct { const char *subject, *hint; } t[] = {
		{ "Re: [tempest 17 abcd2345] Nf3", "Your subject reads \"Nf3\", but I do not read the "
		  "subject: write your move in the body" },
		{ "AW: [tempest 17 abcd2345] 12... Nc6", "reads \"12... Nc6\"" },
		{ "SV: SV: Nf3", "reads \"Nf3\"" },
		{ "RE[2]: e4", "reads \"e4\"" },
		{ "Re: *e4*", "reads \"*e4*\"" },         /* quoted as written */
		{ "Re: [tempest 17 abcd2345] resign", "write your order in the body" },
		{ "Re: [tempest 17 abcd2345]", NULL },
		{ "Re: [tempest 17 abcd2345] game 17: your move (Chess: a v b)", NULL },
		{ "Re: [tempest 17 abcd2345] 1... e5 -- your move (Chess: a v b)", NULL },
		{ "Re: [tempest 17 abcd2345] e4 (Chess: a v b)", NULL },
		{ "Re: AW: Re:", NULL },
		{ "Our game", NULL },
		{ "", NULL },
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		char hint[1024];
		check_context("subject '%s'", t[i].subject);
		CHECK_INT(spelling_subject_hint(t[i].subject, hint, sizeof hint), t[i].hint != NULL);
		CHECK_HAS(hint, t[i].hint ? t[i].hint : "");
		if (!t[i].hint)
			CHECK_STR(hint, "");
	}
	check_context(NULL);
	CHECK(!spelling_subject_hint(NULL, (char[8]){ 0 }, 8));
}

int main(void)
{
	lines();
	letters();
	languages();
	subjects();
	return check_done();
}
