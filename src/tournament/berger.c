/* berger.c: see berger.h. With m = n - 1 (n even), round r's player against n is
 * a = ((r - 1) * n / 2) mod m + 1, White in odd rounds; the others pair as a + k (White)
 * against a - k, counted around 1..m: FIDE's tables for 4, 6 and 8 players come out of
 * it line for line (tests/unit/test_tournament.c). */
#include "tournament/berger.h"

int berger_rounds(int n)
{
	return n < 2 ? 0 : n % 2 ? n : n - 1;
}

/* k counted around 1..m. */
static int around(int k, int m)
{
	return ((k - 1) % m + m) % m + 1;
}

int berger_round(int n, int r, int *white, int *black)
{
	int even = n % 2 ? n + 1 : n, m = even - 1, games = 0;

	if (n < 2 || r < 1 || r > m)
		return 0;
	int a = ((r - 1) * (even / 2)) % m + 1;
	if (even == n) {
		white[games] = r % 2 ? a : n;
		black[games++] = r % 2 ? n : a;
	}
	for (int k = 1; k < even / 2; k++) {
		white[games] = around(a + k, m);
		black[games++] = around(a - k, m);
	}
	return games;
}

int berger_meeting(int n, int a, int b, int *a_white)
{
	int w[64], bl[64];

	if (a == b || a < 1 || b < 1 || a > n || b > n || n > 127)
		return 0;
	for (int r = 1; r <= berger_rounds(n); r++) {
		int g = berger_round(n, r, w, bl);
		for (int i = 0; i < g; i++)
			if ((w[i] == a && bl[i] == b) || (w[i] == b && bl[i] == a)) {
				*a_white = w[i] == a;
				return r;
			}
	}
	return 0;
}
