/* test_tournament.c: the pure core of tournaments (src/tournament/): Glicko-2 against
 * Glickman's worked example, Berger tables against FIDE's, the entry, the draw, the
 * standings and their tie-breaks against tables worked by hand. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "tournament/berger.h"
#include "tournament/glicko2.h"
#include "tournament/ratings.h"
#include "tournament/standings.h"
#include "tournament/tournament.h"

/* Glickman, "Example of the Glicko-2 system": a 1500/200/0.06 player (τ 0.5) beats a
 * 1400/30 and loses to a 1550/100 and a 1700/300. The paper prints 1464.06, 151.52 and
 * 0.05999 from intermediates rounded to four places; in full precision the rating is
 * 1464.05. */
static void glickman_example(void)
{
	struct glicko me = { 1500, 200, 0.06 }, after;
	struct glicko_game games[] = { { 1400, 30, 1 }, { 1550, 100, 0 }, { 1700, 300, 0 } };
	char text[64];

	glicko2_rate(&me, games, 3, 0.5, &after);
	/* the volatility 0.0599960 to the paper's five places, cut as it cuts them */
	snprintf(text, sizeof text, "%.2f %.2f %.5f", after.rating, after.rd,
		 floor(after.volatility * 1e5) / 1e5);
	CHECK_STR(text, "1464.05 151.52 0.05999");
	CHECK(fabs(after.rating - 1464.0507) < 0.001);
	CHECK(fabs(after.volatility - 0.059996) < 1e-6);
	CHECK(glicko2_provisional(&after));     /* 151 is still well above 110 */
	/* a period without games: only the deviation grows, by the volatility */
	glicko2_rate(&me, NULL, 0, 0.5, &after);
	CHECK(fabs(after.rd - sqrt(200.0 * 200.0 + 0.06 * 0.06 * 173.7178 * 173.7178)) < 1e-9);
	CHECK(after.rating == 1500);
	struct glicko fresh = glicko2_new();
	CHECK(glicko2_provisional(&fresh));
	struct glicko settled = { 1600, 80, 0.06 };
	CHECK(!glicko2_provisional(&settled));
}

/* FIDE Handbook C.05, Annex 1: the Berger tables for 4, 6 and 8 players. */
static void berger_tables(void)
{
	static const char *const want4 = "1-4 2-3 | 4-3 1-2 | 2-4 3-1 | ";
	static const char *const want6 = "1-6 2-5 3-4 | 6-4 5-3 1-2 | 2-6 3-1 4-5 | "
					 "6-5 1-4 2-3 | 3-6 4-2 5-1 | ";
	static const char *const want8 = "1-8 2-7 3-6 4-5 | 8-5 6-4 7-3 1-2 | 2-8 3-1 4-7 5-6 | "
					 "8-6 7-5 1-4 2-3 | 3-8 4-2 5-1 6-7 | 8-7 1-6 2-5 3-4 | "
					 "4-8 5-3 6-2 7-1 | ";
	const char *want[] = { want4, want6, want8 };
	int sizes[] = { 4, 6, 8 };

	for (int t = 0; t < 3; t++) {
		char got[512] = "";
		int w[8], b[8], n = sizes[t];
		CHECK_INT(berger_rounds(n), n - 1);
		for (int r = 1; r <= berger_rounds(n); r++) {
			int g = berger_round(n, r, w, b);
			for (int i = 0; i < g; i++)
				snprintf(got + strlen(got), sizeof got - strlen(got), "%d-%d ", w[i], b[i]);
			strcat(got, "| ");
		}
		CHECK_STR(got, want[t]);
	}
	/* 7 players: the table of 8, with the one facing 8 sitting out */
	int w[8], b[8], white;
	CHECK_INT(berger_rounds(7), 7);
	CHECK_INT(berger_round(7, 1, w, b), 3);
	CHECK_INT(w[0], 2);
	CHECK_INT(b[0], 7);
	CHECK_INT(berger_meeting(8, 8, 5, &white), 2);
	CHECK(white);
	CHECK_INT(berger_meeting(8, 3, 1, &white), 3);
	CHECK(white);
	/* every pair meets once in a cycle, for every size up to 40 */
	for (int n = 2; n <= 40; n++) {
		int seen[41][41] = { { 0 } }, games = 0;
		for (int r = 1; r <= berger_rounds(n); r++) {
			int ww[40], bb[40], g = berger_round(n, r, ww, bb);
			for (int i = 0; i < g; i++, games++)
				seen[ww[i]][bb[i]]++, seen[bb[i]][ww[i]]++;
		}
		bool once = games == n * (n - 1) / 2;
		for (int a = 1; a <= n; a++)
			for (int c = 1; c <= n; c++)
				once &= a == c || seen[a][c] == 1;
		check_context("%d players", n);
		CHECK(once);
	}
}

static struct tournament *entered(int n, const char *terms_lines)
{
	struct tournament *t = tn_new();
	char why[256], addr[64], copy[512];

	t->id = 1;
	t->status = TN_OPEN;
	snprintf(copy, sizeof copy, "%s", terms_lines);
	for (char *l = strtok(copy, "\n"); l; l = strtok(NULL, "\n"))
		CHECK(tn_terms_line(&t->terms, l, why, sizeof why) >= 0);
	for (int i = 0; i < n; i++) {
		snprintf(addr, sizeof addr, "p%d@example.org", i + 1);
		CHECK_INT(tn_join(t, addr, "", "2026-11-05T12:00:00Z", why, sizeof why), 0);
	}
	return t;
}

/* The result of the game between table numbers a and b (a White or Black). */
static void decide(struct tournament *t, int a, int b, const char *a_scores)
{
	for (size_t i = 0; i < t->ngames; i++) {
		struct tn_game *g = &t->games[i];
		int w = t->players[g->white].number, k = t->players[g->black].number;
		if ((w == a && k == b) || (w == b && k == a)) {
			if (!g->game)
				tn_started(t, i, (int)i + 100);
			const char *r = !strcmp(a_scores, "1") ? (w == a ? "1-0" : "0-1") :
					!strcmp(a_scores, "0") ? (w == a ? "0-1" : "1-0") : "1/2-1/2";
			CHECK_INT(tn_result(t, g->game, r, false, true), 0);
			return;
		}
	}
	CHECK(!"no such game");
}

/* Four players, worked by hand (points, SB in points):
 *      1  2  3  4   Pts  SB
 *   1  *  1  ½  ½   2    2·1 + ... */
static void hand_worked(void)
{
	struct tournament *t = entered(4, "variant chess");
	struct tn_standings s;
	char why[128];

	CHECK_INT(tn_close(t, NULL), 0);
	CHECK_INT(t->status, TN_RUNNING);
	CHECK_INT(t->ngames, 6);
	size_t idx[16];
	CHECK_INT(tn_due(t, idx), 6);
	/* 1 beats 2, draws 3 and 4; 2 beats 3 and 4; 3 beats 4 */
	decide(t, 1, 2, "1");
	decide(t, 1, 3, "h");
	decide(t, 1, 4, "h");
	decide(t, 2, 3, "1");
	decide(t, 2, 4, "1");
	decide(t, 3, 4, "1");
	CHECK_INT(t->status, TN_FINISHED);
	CHECK_INT(tn_standings(t, 1, &s), 0);
	/* points: 1: 2, 2: 2, 3: 1.5, 4: 0.5.
	 * SB (points scored x opponent's points): 1: 1x2 + ½x1.5 + ½x0.5 = 3;
	 * 2: 0x2 + 1x1.5 + 1x0.5 = 2 — so 1 before 2 */
	CHECK_INT(s.rows[0].player, 0);
	CHECK_INT(s.rows[0].points, 4);
	CHECK_INT(s.rows[0].sb, 12);            /* quarter-points: 3 */
	CHECK_INT(s.rows[1].player, 1);
	CHECK_INT(s.rows[1].sb, 8);
	CHECK_INT(s.rows[2].points, 3);
	CHECK_INT(s.rows[3].points, 1);
	CHECK_INT(s.rows[0].rank_lo, 1);
	CHECK_INT(s.rows[0].rank_hi, 1);
	char marks[3];
	int n;
	tn_cell(t, &s, 0, 1, marks, &n);
	CHECK_INT(n, 1);
	CHECK_INT(marks[0], '1');
	tn_cell(t, &s, 2, 0, marks, &n);
	CHECK_INT(marks[0], 'h');
	tn_standings_free(&s);
	CHECK(tn_withdraw(t, "p1@example.org", "x", why, sizeof why) < 0);
	CHECK_STR(why, "tournament 1 is over");
	tn_free(t);
}

/* Ties SB cannot break: wins, then the direct encounter. Three players all drawing but
 * ... each pair once: 1 beats 2, 2 beats 3, 3 beats 1: all equal, nothing breaks it. */
static void ties(void)
{
	struct tournament *t = entered(3, "variant chess");
	struct tn_standings s;

	tn_close(t, NULL);
	decide(t, 1, 2, "1");
	decide(t, 2, 3, "1");
	decide(t, 3, 1, "1");
	CHECK_INT(tn_standings(t, 1, &s), 0);
	for (int i = 0; i < 3; i++) {
		CHECK_INT(s.rows[i].rank_lo, 1);
		CHECK_INT(s.rows[i].rank_hi, 3);
	}
	tn_standings_free(&s);
	tn_free(t);
	/* four: 1 and 2 tied on points and SB and wins, 1 beat 2: the encounter decides */
	t = entered(4, "variant chess");
	tn_close(t, NULL);
	decide(t, 1, 2, "1");
	decide(t, 1, 3, "0");
	decide(t, 1, 4, "1");
	decide(t, 2, 3, "1");
	decide(t, 2, 4, "1");
	decide(t, 3, 4, "0");
	CHECK_INT(tn_standings(t, 1, &s), 0);
	/* 1: 2 pts (beat 2 and 4), 2: 2 (beat 3, 4), 3: 1 (beat 1), 4: 1 (beat 3).
	 * SB: 1: 1x2 + 1x1 = 3; 2: 1x1 + 1x1 = 2: SB decides here */
	CHECK_INT(s.rows[0].player, 0);
	CHECK_INT(s.rows[1].player, 1);
	CHECK_INT(s.rows[1].rank_lo, 2);
	/* 3 and 4: one point each, SB 3: 1x2 = 2, 4: 1x1 = 1 */
	CHECK_INT(s.rows[2].player, 2);
	tn_standings_free(&s);
	tn_free(t);
}

/* A withdrawal: before the draw the entry goes; after, the games not started are lost at
 * once (+/-), those in play wait for the referee (tn_forfeits_due). */
static void withdrawals(void)
{
	struct tournament *t = entered(4, "variant chess");
	char why[128];
	struct tn_standings s;
	size_t idx[16];

	CHECK_INT(tn_withdraw(t, "p4@example.org", "now", why, sizeof why), 0);
	CHECK_INT(t->nplayers, 3);
	CHECK(tn_withdraw(t, "p4@example.org", "now", why, sizeof why) < 0);
	CHECK_STR(why, "you are not entered in tournament 1");
	tn_close(t, NULL);
	CHECK_INT(t->ngames, 3);
	decide(t, 1, 2, "1");
	for (size_t i = 0; i < t->ngames; i++)
		if (!t->games[i].game)
			tn_started(t, i, 200 + (int)i);
	CHECK_INT(tn_withdraw(t, "p3@example.org", "now", why, sizeof why), 0);
	CHECK_INT(tn_forfeits_due(t, idx), 2);
	for (size_t k = 0; k < 2; k++) {
		struct tn_game *g = &t->games[idx[k]];
		bool three_white = t->players[g->white].number == 3;
		CHECK_INT(tn_result(t, g->game, three_white ? "0-1" : "1-0", true, true), 0);
	}
	CHECK_INT(t->status, TN_FINISHED);
	tn_standings(t, 1, &s);
	CHECK_INT(s.rows[0].points, 4);         /* p1: won against 2, + against 3 */
	CHECK_INT(s.rows[0].wins, 2);
	char marks[3];
	int n;
	tn_cell(t, &s, 0, 2, marks, &n);
	CHECK_INT(marks[0], '+');
	tn_cell(t, &s, 2, 0, marks, &n);
	CHECK_INT(marks[0], '-');
	tn_standings_free(&s);
	tn_free(t);
}

/* A rolling entry: the third entrant's games against the two before start at once; the
 * last entry closes it; a withdrawn entrant's later games are forfeits at once. */
static void rolling(void)
{
	struct tournament *t = entered(2, "variant chess\nrolling\nplayers 4");
	size_t idx[16];
	char why[128];

	CHECK_INT(t->ngames, 1);
	CHECK_INT(tn_due(t, idx), 1);
	tn_started(t, 0, 1);
	CHECK_INT(tn_join(t, "p3@example.org", "", "now", why, sizeof why), 0);
	CHECK_INT(tn_due(t, idx), 2);
	CHECK_INT(t->status, TN_OPEN);
	CHECK_INT(tn_withdraw(t, "p1@example.org", "now", why, sizeof why), 0);
	CHECK_INT(tn_join(t, "p4@example.org", "", "now", why, sizeof why), 0);
	CHECK_INT(t->status, TN_RUNNING);
	CHECK(tn_join(t, "p5@example.org", "", "now", why, sizeof why) < 0);
	CHECK_STR(why, "the entry to tournament 1 is closed");
	/* p4 against p1 (withdrawn): decided at once */
	int forfeits = 0;
	for (size_t i = 0; i < t->ngames; i++)
		forfeits += t->games[i].forfeit;
	CHECK_INT(forfeits, 2);         /* p1's against p3 (not started) and against p4;
					 * p1 against p2, in play, waits for the referee */
	CHECK_INT(t->ngames, 6);
	tn_free(t);
	/* double: both colours */
	t = entered(3, "variant chess\nrolling\nplayers 3\ndouble");
	CHECK_INT(t->ngames, 6);
	CHECK_INT(t->status, TN_RUNNING);
	for (size_t i = 0; i < t->ngames; i++)
		for (size_t k = 0; k < t->ngames; k++)
			CHECK(i == k || t->games[i].white != t->games[k].white ||
			      t->games[i].black != t->games[k].black);
	tn_free(t);
}

/* Sections: 20 entrants by sections of 7 are 7, 7 and 6, dealt by rating (snake). */
static void sections(void)
{
	struct tournament *t = entered(20, "variant chess\nsections 7\ndouble");
	double rating[20];

	for (int i = 0; i < 20; i++)
		rating[i] = 2000 - 10 * i;
	tn_close(t, rating);
	int size[4] = { 0 };
	for (size_t i = 0; i < t->nplayers; i++)
		size[t->players[i].section]++;
	CHECK_INT(size[1], 7);
	CHECK_INT(size[2], 7);
	CHECK_INT(size[3], 6);
	CHECK_INT(t->players[0].section, 1);
	CHECK_INT(t->players[2].section, 3);
	CHECK_INT(t->players[3].section, 3);    /* the snake turns */
	CHECK_INT(t->ngames, 2 * (21 + 21 + 15));
	tn_free(t);
}

static void terms(void)
{
	struct tn_terms terms;
	char why[256], text[1024];

	tn_terms_default(&terms);
	CHECK_INT(tn_terms_line(&terms, "points 3/1/0", why, sizeof why), 1);
	CHECK_INT(terms.win, 6);
	CHECK_INT(tn_terms_line(&terms, "closes 2027-01-15", why, sizeof why), 1);
	CHECK_INT(tn_terms_line(&terms, "closes 2027-02-31", why, sizeof why), -1);
	CHECK_INT(tn_terms_line(&terms, "time 3 days per move", why, sizeof why), 0);
	CHECK_INT(tn_terms_line(&terms, "players 1", why, sizeof why), -1);
	CHECK_INT(tn_terms_line(&terms, "rolling now", why, sizeof why), -1);
	CHECK_INT(tn_terms_line(&terms, "name Spring Open", why, sizeof why), 1);
	CHECK_INT(tn_terms_line(&terms, "variant chess", why, sizeof why), 1);
	tn_terms_text(&terms, text, sizeof text);
	CHECK_STR(text, "variant chess\nname Spring Open\ncloses 2027-01-16T00:00:00Z\n"
		  "points 3/1/0\ntime 3 days per move");
	struct tn_terms again;
	tn_terms_default(&again);
	char copy[1024];
	snprintf(copy, sizeof copy, "%s", text);
	for (char *l = strtok(copy, "\n"); l; l = strtok(NULL, "\n"))
		CHECK(tn_terms_line(&again, l, why, sizeof why) >= 0);
	CHECK(!memcmp(&again, &terms, sizeof terms));
	CHECK_INT(tn_terms_line(&again, "rolling", why, sizeof why), 1);
	CHECK_INT(tn_terms_check(&again, why, sizeof why), -1);
	char addr[4][TN_ADDR_MAX];
	int n = 0;
	CHECK_INT(tn_entrants_line("entrants a@x.org, b@x.org c@x.org", addr, 4, &n), 0);
	CHECK_INT(n, 3);
	CHECK_STR(addr[2], "c@x.org");
}

/* The ratings kept across games: each game its own period (both players rated at once,
 * each against the other's rating before), or periods of days, whose games are rated
 * together: Glickman's example again, as three games of one week. */
static void ratings(void)
{
	struct tn_ratings r = { .period_days = 7 };
	struct glicko before[2], after[2];
	const char *opp[] = { "b@x", "c@x", "d@x" }, *res[] = { "1-0", "0-1", "0-1" };
	struct glicko start[] = { { 1400, 30, 0.06 }, { 1550, 100, 0.06 }, { 1700, 300, 0.06 } };
	char key[16], text[64];

	/* a's and the opponents' ratings as the week begins */
	struct glicko a0 = { 1500, 200, 0.06 };
	CHECK_INT(tn_ratings_set(&r, "chess", "a@x", &a0, &a0, "0/0"), 0);
	for (int i = 0; i < 3; i++)
		CHECK_INT(tn_ratings_set(&r, "chess", opp[i], &start[i], &start[i], "0/0"), 0);
	for (size_t i = 0; i < r.v[0].n; i++)
		r.v[0].p[i].base = r.v[0].p[i].rating;
	long long monday = 20398LL * 86400;     /* a period begins (7 days from 1970-01-01) */
	r.v[0].period = monday / (7 * 86400);
	for (int i = 0; i < 3; i++) {
		snprintf(key, sizeof key, "1/%d", i + 1);
		CHECK_INT(tn_ratings_apply(&r, "chess", "a@x", opp[i], res[i], key, monday + i * 3600,
					   before, after), 0);
	}
	snprintf(text, sizeof text, "%.2f %.2f", after[0].rating, after[0].rd);
	CHECK_STR(text, "1464.05 151.52");
	/* the same game again: its record, nothing changed */
	CHECK_INT(tn_ratings_apply(&r, "chess", "a@x", "d@x", "0-1", "1/3", monday, before, after), 0);
	snprintf(text, sizeof text, "%.2f", after[0].rating);
	CHECK_STR(text, "1464.05");
	CHECK_INT(tn_rated_of(&r, "chess", "a@x")->games, 4);   /* the set, and three games */
	/* a week later: the period closed, the next game rated from the new base */
	CHECK_INT(tn_ratings_apply(&r, "chess", "a@x", "b@x", "1/2-1/2", "1/4", monday + 8 * 86400,
				   before, after), 0);
	snprintf(text, sizeof text, "%.2f", before[0].rating);
	CHECK_STR(text, "1464.05");
	tn_ratings_free(&r);

	/* each game its own period: both rated against the other's rating before */
	struct tn_ratings q = { 0 };
	CHECK_INT(tn_ratings_apply(&q, "chess", "w@x", "b@x", "1-0", "1/1", 0, before, after), 0);
	CHECK(after[0].rating > 1500 && after[1].rating < 1500);
	CHECK(after[0].rating - 1500 == 1500 - after[1].rating);
	struct glicko_game g = { 1500, 350, 1 };
	struct glicko want;
	glicko2_rate(&before[0], &g, 1, GLICKO_TAU, &want);
	CHECK(want.rating == after[0].rating && want.rd == after[0].rd);
	tn_ratings_free(&q);
}

int main(void)
{
	glickman_example();
	berger_tables();
	hand_worked();
	ties();
	withdrawals();
	rolling();
	sections();
	terms();
	ratings();
	return check_done();
}
