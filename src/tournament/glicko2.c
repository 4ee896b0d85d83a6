/* glicko2.c: see glicko2.h. The steps are numbered as in Glickman's paper; every
 * intermediate value is kept in full precision (the paper rounds its printed ones, so its
 * example ends at 1464.06 where the exact computation gives 1464.05). */
#include "tournament/glicko2.h"

#include <math.h>

#define SCALE 173.7178          /* step 2: the Glicko-2 scale */
#define EPSILON 0.000001        /* step 5: the convergence tolerance */
#define PI 3.14159265358979323846

struct glicko glicko2_new(void)
{
	return (struct glicko){ GLICKO_RATING, GLICKO_RD, GLICKO_VOLATILITY };
}

bool glicko2_provisional(const struct glicko *g)
{
	return g->rd > GLICKO_PROVISIONAL_RD;
}

static double g_of(double phi)
{
	return 1.0 / sqrt(1.0 + 3.0 * phi * phi / (PI * PI));
}

static double expected(double mu, double mu_j, double phi_j)
{
	return 1.0 / (1.0 + exp(-g_of(phi_j) * (mu - mu_j)));
}

/* Step 5's function f of x = ln(σ'²). */
static double f_of(double x, double delta, double phi, double v, double a, double tau)
{
	double ex = exp(x), d = phi * phi + v + ex;

	return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau);
}

/* Step 5: the new volatility, by the Illinois algorithm. */
static double new_volatility(double sigma, double delta, double phi, double v, double tau)
{
	double a = log(sigma * sigma), A = a, B, k = 1;

	if (delta * delta > phi * phi + v) {
		B = log(delta * delta - phi * phi - v);
	} else {
		while (f_of(a - k * tau, delta, phi, v, a, tau) < 0)
			k++;
		B = a - k * tau;
	}
	double fA = f_of(A, delta, phi, v, a, tau), fB = f_of(B, delta, phi, v, a, tau);
	for (int guard = 0; fabs(B - A) > EPSILON && guard < 1000; guard++) {
		double C = A + (A - B) * fA / (fB - fA), fC = f_of(C, delta, phi, v, a, tau);
		if (fC * fB <= 0) {
			A = B;
			fA = fB;
		} else {
			fA /= 2.0;
		}
		B = C;
		fB = fC;
	}
	return exp(A / 2.0);
}

void glicko2_rate(const struct glicko *before, const struct glicko_game *games, int n,
		  double tau, struct glicko *after)
{
	double mu = (before->rating - GLICKO_RATING) / SCALE, phi = before->rd / SCALE;
	double sigma = before->volatility, vinv = 0, sum = 0;

	if (n <= 0) {                   /* step 6 alone: the deviation grows */
		*after = *before;
		after->rd = sqrt(phi * phi + sigma * sigma) * SCALE;
		return;
	}
	for (int j = 0; j < n; j++) {   /* steps 3 and 4 */
		double mu_j = (games[j].rating - GLICKO_RATING) / SCALE, phi_j = games[j].rd / SCALE;
		double g = g_of(phi_j), E = expected(mu, mu_j, phi_j);
		vinv += g * g * E * (1.0 - E);
		sum += g * (games[j].score - E);
	}
	double v = 1.0 / vinv, delta = v * sum;
	double sigma2 = new_volatility(sigma, delta, phi, v, tau);
	double phi_star = sqrt(phi * phi + sigma2 * sigma2);                    /* step 6 */
	double phi2 = 1.0 / sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);       /* step 7 */
	double mu2 = mu + phi2 * phi2 * sum;
	after->rating = SCALE * mu2 + GLICKO_RATING;                             /* step 8 */
	after->rd = SCALE * phi2;
	after->volatility = sigma2;
}
