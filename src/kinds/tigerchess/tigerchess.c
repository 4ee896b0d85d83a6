/* tigerchess.c: the dice, the postings and the points of TigerChess (see tigerchess.h). */
#include "kinds/tigerchess/tigerchess.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "util/commit.h"
#include "util/crypto.h"

const int tc_poster[TC_POSTINGS] = { BLACK, WHITE, WHITE, BLACK, BLACK, WHITE, WHITE, BLACK };

const char *tc_side(int side)
{
	return side == WHITE ? NC_("side", "Bengal") : NC_("side", "Siberian");
}

const char *tc_variation_name(const struct tigerchess *tc)
{
	static const char *const plain[] = { "Open", "Countdown", "Dragon", "Symmetrical" };
	static const char *const tiger[] = { "TigerOpen", "TigerCountdown", "TigerDragon",
					     "TigerSymmetrical" };

	return (tc->tiger ? tiger : plain)[tc->variation];
}

void tc_seed(struct tigerchess *tc, const uint8_t *key, size_t klen, int game)
{
	struct drbg d;
	char label[64];

	snprintf(label, sizeof label, "tigerchess dice game %d", game);
	drbg_init(&d, key, klen, label);
	drbg_bytes(&d, tc->seed, sizeof tc->seed);
}

/* Rule 17 (unless Open was agreed), then 17a: dice from the seed alone, so that anyone
 * holding the seed casts them again (docs/tigerchess.md: the dice). */
void tc_cast(struct tigerchess *tc)
{
	struct drbg d;

	drbg_init(&d, tc->seed, sizeof tc->seed, "tigerchess dice");
	tc->die = 0;
	if (!tc->agreed_open) {
		tc->die = (int)drbg_uniform(&d, 6) + 1;
		tc->variation = tc->die == 1 ? TC_SYMMETRICAL : tc->die % 2 ? TC_DRAGON : TC_COUNTDOWN;
	} else
		tc->variation = TC_OPEN;
	tc->dice[0] = (int)drbg_uniform(&d, 6) + 1;
	tc->dice[1] = (int)drbg_uniform(&d, 6) + 1;
	tc->tiger = tc->dice[0] == tc->dice[1];
	tc->stage = tc->tiger ? TC_GUARDS : TC_POSTING;
	tc->guard[0] = tc->guard[1] = -1;
	tc->nposted = 0;
}

void tc_commit_text(const struct tigerchess *tc, int game, char *buf, size_t len)
{
	char hex[2 * TC_SEED + 1];

	crypto_hex(tc->seed, sizeof tc->seed, hex);
	snprintf(buf, len, "tempest-dice-1 game %d seed %s\n", game, hex);
}

void tc_commitment(const struct tigerchess *tc, int game, char out[65])
{
	char text[160];

	tc_commit_text(tc, game, text, sizeof text);
	commit_hash(text, strlen(text), out);
}

/* ---- postings ---- */

static int sq_bit(const char *name)
{
	return (name[1] - '1') * 8 + (name[0] - 'a');
}

static int mirror_bit(int b)
{
	return (7 - b / 8) * 8 + b % 8;
}

static bool dark_bit(int b)
{
	return (b % 8 + b / 8) % 2 == 0;
}

int tc_owner(const struct tigerchess *tc)
{
	if (tc->stage == TC_GUARDS)
		return tc->guard[BLACK] < 0 ? BLACK : WHITE;
	return tc->stage == TC_POSTING ? tc_poster[tc->nposted] : -1;
}

int tc_next(const struct tigerchess *tc)
{
	int owner = tc_owner(tc);

	return owner >= 0 && tc->lapsed[owner] ? 1 - owner : owner;
}

/* The poster's third and fourth ranks, less his own Swordsmen. */
static uint64_t own_ranks(const struct tigerchess *tc, int side)
{
	uint64_t m = side == WHITE ? 0xFFFFull << 16 : 0xFFFFull << 32;

	for (int k = 0; k < tc->nposted; k++)
		m &= ~(1ull << sq_bit(tc->posted[k]));
	return m;
}

uint64_t tc_allowed(const struct tigerchess *tc, const struct variant *v)
{
	int k = tc->nposted, side = tc_poster[k], first_mine = -1, first_theirs = -1;
	uint64_t m = own_ranks(tc, side);

	(void)v;
	if (tc->stage != TC_POSTING)
		return 0;
	if (tc->lapsed[side])
		return m;       /* rule 11: the opponent posts "anywhere on his third or fourth rank" */
	for (int i = 0; i < k; i++) {
		int b = sq_bit(tc->posted[i]);
		bool mine = tc_poster[i] == side;
		if (mine && first_mine < 0)
			first_mine = b;
		if (!mine && first_theirs < 0)
			first_theirs = b;
		if (!mine && tc->variation == TC_COUNTDOWN)
			m &= ~(1ull << mirror_bit(b));  /* never the symmetrical square */
	}
	if (tc->variation == TC_DRAGON && (first_mine >= 0 || first_theirs >= 0)) {
		/* the first on the colour opposite the opponent's first; then the own first's */
		bool dark = first_mine >= 0 ? dark_bit(first_mine) : !dark_bit(first_theirs);
		for (int b = 0; b < 64; b++)
			if (dark_bit(b) != dark)
				m &= ~(1ull << b);
	}
	if (tc->variation == TC_SYMMETRICAL && k % 2 == 1)
		m &= 1ull << mirror_bit(sq_bit(tc->posted[k - 1]));
	return m;
}

/* Moves the piece on `from` to the empty `to`, mark and all. */
static void shift(struct pos *p, sq_t from, sq_t to, piece_t as)
{
	uint8_t mark = pos_mark(p, from);

	pos_edit_remove(p, from);
	pos_edit_place(p, to, as);
	pos_set_mark(p, to, mark);
}

/* The place `what` of side c: "w" -> "bw" (Bengal) or "sw" (Siberian). */
static sq_t place(const struct pos *p, int c, const char *what)
{
	char name[8];

	snprintf(name, sizeof name, "%c%s", c == WHITE ? 'b' : 's', what);
	return variant_square_named(p->v, name, strlen(name));
}

int tc_post(struct tigerchess *tc, struct pos *p, const char *square, char *why, size_t wlen)
{
	int side = tc_poster[tc->nposted], numeral = 1;
	char sq[3];

	if (strlen(square) != 2 || tolower((unsigned char)square[0]) < 'a' ||
	    tolower((unsigned char)square[0]) > 'h' || square[1] < '1' || square[1] > '8')
		return phrase_printf(why, wlen, "'%s' is not a square of the Chessfield", square), -1;
	sq[0] = (char)tolower((unsigned char)square[0]), sq[1] = square[1], sq[2] = 0;
	if (!(tc_allowed(tc, p->v) >> sq_bit(sq) & 1))
		return phrase_printf(why, wlen, "the %s Swordsman may not be posted on %s", tc_variation_name(tc),
				sq), -1;
	for (int k = 0; k < tc->nposted; k++)
		numeral += tc_poster[k] == side;
	char post[3] = { 's', (char)('0' + numeral), 0 };
	sq_t from = place(p, side, post);
	sq_t to = variant_square_named(p->v, sq, 2);
	if (from == SQ_NONE || !pos_at(p, from) || pos_at(p, to))
		return phrase_printf(why, wlen, "the Swordsman %d is not in his Borderpost", numeral), -1;
	shift(p, from, to, pos_at(p, from));
	memcpy(tc->posted[tc->nposted++], sq, 3);
	if (tc->nposted == TC_POSTINGS)
		tc->stage = TC_ENGAGED;
	return 0;
}

int tc_post_guard(struct tigerchess *tc, struct pos *p, int side, const char *wing,
		  char *why, size_t wlen)
{
	int w = tolower((unsigned char)wing[0]) - 'c';

	if (strlen(wing) != 1 || w < 0 || w > 3)
		return phrase_printf(why, wlen, "the Guard goes to the C, D, E or F wing, not '%s'", wing), -1;
	sq_t lancer = variant_square_named(p->v, side == WHITE ? "g1" : "g8", 2);
	sq_t tower = place(p, side, "w"), quarters = place(p, side, "pt");
	char wing_name[4];                      /* c0..f0, c10..f10 */
	snprintf(wing_name, sizeof wing_name, "%c%s", 'c' + w, side == WHITE ? "0" : "10");
	sq_t to = variant_square_named(p->v, wing_name, strlen(wing_name));
	int bearer = variant_type_by_letter(p->v, 'E');
	if (tower == SQ_NONE || quarters == SQ_NONE || to == SQ_NONE || bearer < 0 ||
	    !pos_at(p, lancer) || !pos_at(p, tower) || !pos_at(p, quarters))
		return phrase_printf(why, wlen, "the Palace is not as the TigerVariation begins"), -1;
	shift(p, lancer, lancer, PIECE_MAKE(bearer, side));    /* the Standard to the Lancer */
	shift(p, tower, to, pos_at(p, tower));                  /* the Guard to his wing */
	shift(p, quarters, tower, pos_at(p, quarters));         /* the TigerKnight to the
								 * Watchtower */
	tc->guard[side] = w;
	if (side == WHITE)
		tc->stage = TC_POSTING;
	return 0;
}

/* ---- points ---- */

/* Has side c still his Standard Bearer? */
static bool has_bearer(const struct pos *p, int c)
{
	int e = variant_type_by_letter(p->v, 'E');

	return e >= 0 && p->count[PIECE_MAKE(e, c)] > 0;
}

void tc_points(const struct tigerchess *tc, const struct pos *p, const char *result,
	       const char *termination, int points[2])
{
	int winner = !strcmp(result, "1-0") ? WHITE : !strcmp(result, "0-1") ? BLACK : -1;
	bool mate = strstr(termination, "checkmate") != NULL;
	bool occupation = strstr(termination, "occupation") != NULL;

	points[0] = points[1] = 0;
	if (winner < 0) {               /* rule 13b; under the TigerVariation nothing (1) */
		if (!strcmp(result, "1/2-1/2") && !tc->tiger)
			points[0] = points[1] = 1;
		return;
	}
	if (!tc->tiger)                 /* rules 13a, 14, 15 */
		points[winner] = 3;
	else if (occupation)
		points[winner] = 6;
	else if (mate)
		points[winner] = 3;
	else                            /* TigerVariation 6: conceding, time; 3 only if the
					 * winner's Standard Bearer "has been captured": before
					 * his Guard is posted he has not had one to lose */
		points[winner] = tc->guard[winner] >= 0 && !has_bearer(p, winner) ? 3 : 6;
}

/* ---- the seed's abbreviations ("Army Personnel and abbreviations") ---- */

static const struct {
	const char *abbr;
	int side;
	char letter;                    /* 0: a Pikeman (no letter in SAN) */
	int dark;                       /* a Baron/Baroness's square colour, else -1 */
} abbrevs[] = {
	{ "SIBTKN", BLACK, 'Y', -1 }, { "BENTKN", WHITE, 'Z', -1 },
	{ "SKG", BLACK, 'K', -1 }, { "SQL", BLACK, 'M', -1 }, { "SKL", BLACK, 'L', -1 },
	{ "SKT", BLACK, 'T', -1 }, { "SQT", BLACK, 'T', -1 }, { "SKN", BLACK, 'N', -1 },
	{ "SPK", BLACK, 0, -1 }, { "SSD", BLACK, 'E', -1 }, { "SBR", BLACK, 'B', 1 },
	{ "SBS", BLACK, 'B', 0 }, { "SQ", BLACK, 'Q', -1 }, { "SA", BLACK, 'A', -1 },
	{ "SS", BLACK, 'S', -1 }, { "SG", BLACK, 'G', -1 },
	{ "BKG", WHITE, 'K', -1 }, { "BQL", WHITE, 'M', -1 }, { "BKL", WHITE, 'L', -1 },
	{ "BKT", WHITE, 'T', -1 }, { "BQT", WHITE, 'T', -1 }, { "BKN", WHITE, 'N', -1 },
	{ "BPK", WHITE, 0, -1 }, { "BSD", WHITE, 'E', -1 }, { "BBN", WHITE, 'B', 0 },
	{ "BBS", WHITE, 'B', 1 }, { "BQ", WHITE, 'Q', -1 }, { "BA", WHITE, 'A', -1 },
	{ "BS", WHITE, 'S', -1 }, { "BG", WHITE, 'G', -1 },
};

/* The square of side's Baron (on f1/f8's colour) or Baroness (c1/c8's), if one stands on
 * the grid: the two never leave their colour, so the colour tells them apart. */
static bool bishop_on(const struct pos *p, int side, int dark, char sq[3])
{
	int b = variant_type_by_letter(p->v, 'B');

	for (int i = 0; i < 64 && b >= 0; i++) {
		char name[3] = { (char)('a' + i % 8), (char)('1' + i / 8), 0 };
		sq_t s = variant_square_named(p->v, name, 2);
		if (s != SQ_NONE && dark_bit(i) == dark && pos_at(p, s) == PIECE_MAKE(b, side)) {
			memcpy(sq, name, 3);
			return true;
		}
	}
	return false;
}

const char *tc_abbrev_move(const struct pos *p, const char *in, char *buf, size_t len,
			   char *why, size_t wlen)
{
	if (!(in[0] == 'B' || in[0] == 'S') || !isupper((unsigned char)in[1]))
		return in;              /* SAN: never two capitals but castling's O-O */
	for (size_t i = 0; i < sizeof abbrevs / sizeof abbrevs[0]; i++) {
		size_t n = strlen(abbrevs[i].abbr);
		if (strncmp(in, abbrevs[i].abbr, n) || isupper((unsigned char)in[n]))
			continue;
		if (abbrevs[i].side != (int)p->side)
			return phrase_printf(why, wlen, "%s is %s personnel: the %s Warlord is to move",
					abbrevs[i].abbr, tc_side(abbrevs[i].side),
					tc_side(p->side)), NULL;
		const char *rest = in + n + (in[n] == '-');
		char from[3] = "";
		if (abbrevs[i].dark >= 0 && !bishop_on(p, abbrevs[i].side, abbrevs[i].dark, from))
			return phrase_printf(why, wlen, "the %s is not on the Chessfield",
					abbrevs[i].dark == (abbrevs[i].side == WHITE) ?
					NC_("piece", "Baroness") : NC_("piece", "Baron")), NULL;
		snprintf(buf, len, "%.1s%s%s", &abbrevs[i].letter, from, rest);
		return buf;
	}
	return phrase_printf(why, wlen, "'%s' starts with no abbreviation of the seed's (e.g. BQ, "
			"BKL, BPK, SKT, SIBTKN)", in), NULL;
}
