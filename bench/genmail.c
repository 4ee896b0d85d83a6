/* genmail.c: the players' mail for the pipeline benchmarks. For each game g (1..GAMES):
 * White (white-g@DOMAIN) challenges Black, Black accepts with the reply token of the
 * invitation's subject, then both play the same 18-ply opening, each move a reply to the
 * referee's last mail (the right token, In-Reply-To naming the referee's Message-ID).
 * GAMES * 20 mails. The games overlap in time as they would in a real mailbox: step s of
 * game g comes at slot g + s * STAGGER, so the challenges arrive in game order (the
 * referee numbers games in arrival order) while earlier games are being played.
 * Mail shapes rotate: a bare move; a reply with greeting, quoted text and a signature;
 * quoted-printable with accents and a soft line break; multipart/alternative from a
 * webmail (format=flowed text and HTML).
 *
 * Writes the referee's key (a fixed bench key, 32 bytes, mode 600) and the mail, either
 * as one mbox file or as files in a Maildir's new/ (named so that Dovecot gives them
 * UIDs in the order written).
 *
 * With -l MAILS, one long game instead: the challenge, the acceptance and the opening,
 * then the two players asking for the game's status in turn up to MAILS mails, every one
 * recorded in the game (its key, the referee's answer) without ending it.
 *
 * With -p BYTES, each mail also quotes BYTES of an older thread (a long log from few mails).
 *
 * usage: genmail [-g GAMES | -l MAILS] [-p BYTES] [-r REFEREE] [-k KEYFILE] (-m MBOX | -d MAILDIR) */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "game/game.h"
#include "mail/mbox.h"
#include "util/buf.h"
#include "util/crypto.h"

#define STEPS 20                /* challenge, accept, 18 plies */
#define DOMAIN "bench.test"
#define T0 1793952000LL         /* 2026-11-06 08:00 UTC: the first mail */

/* The Breyer Ruy Lopez: 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5
 * 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 */
static const char *const line[18] = {
	"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O",
	"Be7", "Re1", "b5", "Bb3", "d6", "c3", "O-O", "h3", "Nb8",
};

struct gen {
	int games, stagger;
	long pad;                       /* -p: bytes of an older thread quoted in each mail */
	const char *referee, *referee_domain;
	uint8_t key[CRYPTO_HASH_LEN];
	FILE *mbox;                     /* or: */
	const char *maildir;
	long seq;
};

/* One mail being written. */
struct mail {
	int g, step, colour;            /* colour: WHITE or BLACK, the sender */
	long long when;
	struct buf b;
};

static const char *colour_word(int c)
{
	return c == WHITE ? "white" : "black";
}

/* The Message-ID (no brackets) of step s of game g. */
static void player_msgid(int g, int s, char *out, size_t len)
{
	snprintf(out, len, "CAB%05d.%02d.%08x@mail.%s", g, s, (unsigned)(g * 2654435761u + s), DOMAIN);
}

/* The Message-ID the referee gives its reply to colour c after step s of game g
 * (pipeline.c: the game, 8 bytes of SHA-256 of the mail's key, the reply's index; the
 * replies to a challenge, an acceptance or a move go to White first, then Black). */
static void referee_msgid(const struct gen *gn, int g, int s, int c, char *out, size_t len)
{
	char key[128], hex[HASH_HEX];
	uint8_t h[CRYPTO_HASH_LEN];

	player_msgid(g, s, key, sizeof key);
	crypto_sha256(key, strlen(key), h);
	crypto_hex(h, 8, hex);
	snprintf(out, len, "tempest.%d.%s.%d@%s", g, hex, c, gn->referee_domain);
}

static void rfc2822_date(long long t, char *out, size_t len)
{
	time_t tt = (time_t)t;
	struct tm tm;

	gmtime_r(&tt, &tm);
	strftime(out, len, "%a, %d %b %Y %H:%M:%S +0000", &tm);
}

/* The move of ply p (1-based) as a player might write it. */
static void move_text(int p, int shape, char *out, size_t len)
{
	const char *san = line[p - 1];
	int n = (p + 1) / 2;

	if (shape == 0)
		snprintf(out, len, "%s", san);
	else if (p % 2)
		snprintf(out, len, "%d. %s", n, san);
	else
		snprintf(out, len, "%d... %s", n, san);
}

static void headers(const struct gen *gn, struct mail *m, const char *subject)
{
	char date[64], id[128], irt[128];
	const char *who = colour_word(m->colour);

	rfc2822_date(m->when, date, sizeof date);
	player_msgid(m->g, m->step, id, sizeof id);
	buf_printf(&m->b, "Return-Path: <%s-%d@%s>\n", who, m->g, DOMAIN);
	buf_printf(&m->b, "Received: from mail.%s (mail.%s [192.0.2.%d])\n\tby mx.%s with ESMTPS "
		   "id %lx\n\tfor <%s>; %s\n", DOMAIN, DOMAIN, m->g % 250 + 1, gn->referee_domain,
		   (unsigned long)(m->g * 7919L + m->step), gn->referee, date);
	buf_printf(&m->b, "From: %c%s Player %d <%s-%d@%s>\n", who[0] - 32, who + 1, m->g, who,
		   m->g, DOMAIN);
	buf_printf(&m->b, "To: Tempest referee <%s>\nSubject: %s\nDate: %s\nMessage-ID: <%s>\n",
		   gn->referee, subject, date, id);
	if (m->step > 0) {
		referee_msgid(gn, m->g, m->step - 1, m->colour, irt, sizeof irt);
		buf_printf(&m->b, "In-Reply-To: <%s>\nReferences: <tempest-game-%d@%s> <%s>\n", irt,
			   m->g, gn->referee_domain, irt);
	}
	buf_str(&m->b, "MIME-Version: 1.0\nUser-Agent: Mozilla/5.0 Thunderbird/115.4.1\n");
}

/* The player's own text for this step, as lines without the quoted part. */
static void own_text(const struct mail *m, int shape, char *out, size_t len)
{
	char mv[32];

	if (m->step >= STEPS)
		snprintf(out, len, "status");
	else if (m->step == 0)
		snprintf(out, len, "Hello referee,\n\nnew chess\nopponent black-%d@%s\ncolour white\n\n"
			 "Thanks!", m->g, DOMAIN);
	else if (m->step == 1)
		snprintf(out, len, "accept\n\nWith pleasure.");
	else {
		move_text(m->step - 1, shape, mv, sizeof mv);
		if (shape == 1)
			snprintf(out, len, "Hi,\n\n%s\n\nYour turn!", mv);
		else
			snprintf(out, len, "%s", mv);
	}
}

/* What the referee's last mail said, for the quoted part of a reply. */
static void quoted_text(const struct gen *gn, const struct mail *m, char *out, size_t len)
{
	char date[64];
	int p = m->step - 2;            /* the ply the player answers; 0: the start */

	rfc2822_date(m->when - 1800, date, sizeof date);
	if (m->step == 1)
		snprintf(out, len, "On %s, Tempest referee <%s> wrote:\n> white-%d@%s challenges you "
			 "to a game of Chess by email,\n> refereed by me.\n>\n> To play, reply "
			 "with the word accept.", date, gn->referee, m->g, DOMAIN);
	else if (p == 0)
		snprintf(out, len, "On %s, Tempest referee <%s> wrote:\n> Game %d begins: you play "
			 "White.\n> It is your move.", date, gn->referee, m->g);
	else
		snprintf(out, len, "On %s, Tempest referee <%s> wrote:\n> %s played %d%s %s.\n>\n"
			 "> It is your move.", date, gn->referee, p % 2 ? "White" : "Black",
			 (p + 1) / 2, p % 2 ? "." : "...", line[p - 1]);
}

/* -p: the older thread a mail client quotes below a reply, BYTES of it (plain ASCII lines
 * of 64 characters: the same in every transfer encoding). */
static void pad(const struct gen *gn, struct mail *m)
{
	static const char older[] = "> > > an earlier mail of the thread, quoted again and again\n";

	for (long n = 0; n < gn->pad; n += (long)strlen(older))
		buf_str(&m->b, older);
}

/* Shape 0: short plain text. 1: plain text, quoted earlier mail, signature. */
static void body_plain(const struct gen *gn, struct mail *m, int shape)
{
	char own[512], quoted[512];
	const char *who = colour_word(m->colour);

	own_text(m, shape, own, sizeof own);
	buf_str(&m->b, "Content-Type: text/plain; charset=UTF-8\nContent-Transfer-Encoding: 8bit\n\n");
	buf_printf(&m->b, "%s\n", own);
	if (shape == 1 && m->step > 0) {
		quoted_text(gn, m, quoted, sizeof quoted);
		buf_printf(&m->b, "\n%s\n", quoted);
	}
	pad(gn, m);
	if (shape == 1)
		buf_printf(&m->b, "\n-- \n%c%s Player %d\nChess club of %s\n", who[0] - 32, who + 1,
			   m->g, DOMAIN);
}

/* Shape 2: quoted-printable, accented signature, a long line with a soft break. */
static void body_qp(const struct gen *gn, struct mail *m)
{
	char own[512], quoted[512];

	own_text(m, 2, own, sizeof own);
	buf_str(&m->b, "Content-Type: text/plain; charset=UTF-8\n"
		"Content-Transfer-Encoding: quoted-printable\n\n");
	buf_printf(&m->b, "%s\n\nJ'esp=C3=A8re que la partie vous pla=C3=AEt autant qu'=C3=A0 moi=\n"
		   ", =C3=A0 bient=C3=B4t.\n\n", own);
	if (m->step > 0) {
		quoted_text(gn, m, quoted, sizeof quoted);
		buf_printf(&m->b, "%s\n\n", quoted);
	}
	pad(gn, m);
	buf_printf(&m->b, "--=20\nRen=C3=A9 (%s, game %d)\n", colour_word(m->colour), m->g);
}

/* Shape 3: a webmail's multipart/alternative, flowed text and HTML, a phone footer. */
static void body_alternative(const struct gen *gn, struct mail *m)
{
	char own[512], quoted[512], bnd[64];

	own_text(m, 3, own, sizeof own);
	snprintf(bnd, sizeof bnd, "000000000000%08x%04x", (unsigned)(m->g * 40503u), m->step);
	buf_printf(&m->b, "Content-Type: multipart/alternative; boundary=\"%s\"\n\n", bnd);
	buf_printf(&m->b, "--%s\nContent-Type: text/plain; charset=\"UTF-8\"; format=flowed\n\n", bnd);
	buf_printf(&m->b, "%s\n\nSent from my iPhone\n", own);
	if (m->step > 0) {
		quoted_text(gn, m, quoted, sizeof quoted);
		buf_printf(&m->b, "\n%s\n", quoted);
	}
	pad(gn, m);
	buf_printf(&m->b, "\n--%s\nContent-Type: text/html; charset=\"UTF-8\"\n"
		   "Content-Transfer-Encoding: quoted-printable\n\n<div dir=3D\"ltr\">", bnd);
	for (const char *p = own; *p; p++)
		buf_str(&m->b, *p == '\n' ? "<br>" : (char[]){ *p, 0 });
	buf_printf(&m->b, "<br><br>Sent from my iPhone</div>\n\n--%s--\n", bnd);
}

static void subject_of(const struct gen *gn, const struct mail *m, char *out, size_t len)
{
	char token[TOKEN_LEN + 1];
	int p = m->step - 1;

	if (m->step == 0) {
		snprintf(out, len, "new game");
		return;
	}
	game_token(gn->key, sizeof gn->key, m->g, (enum color)m->colour, token);
	if (m->step >= STEPS)
		snprintf(out, len, "Re: [tempest %d %s] status", m->g, token);
	else if (m->step == 1)
		snprintf(out, len, "Re: [tempest %d %s] white-%d@%s invites you to a game of Chess "
			 "(game %d)", m->g, token, m->g, DOMAIN, m->g);
	else if (p == 1)
		snprintf(out, len, "Re: [tempest %d %s] game %d begins: Chess: white-%d@%s v "
			 "black-%d@%s", m->g, token, m->g, m->g, DOMAIN, m->g, DOMAIN);
	else                            /* the referee's mail about the ply before */
		snprintf(out, len, "Re: [tempest %d %s] %d%s %s -- your move", m->g, token, p / 2,
			 (p - 1) % 2 ? "." : "...", line[p - 2]);
}

/* Writes m to the mbox or the Maildir; exits on failure. */
static void emit(struct gen *gn, const struct mail *m, const char *from)
{
	struct err e;

	if (m->b.failed) {
		fprintf(stderr, "genmail: out of memory\n");
		exit(1);
	}
	if (gn->mbox) {
		fflush(gn->mbox);
		if (mbox_append(fileno(gn->mbox), m->b.s, m->b.n, from, m->when, &e) < 0) {
			fprintf(stderr, "genmail: %s\n", e.msg);
			exit(1);
		}
		return;
	}
	/* Dovecot orders new mail by the time in the name, then by the name itself */
	char path[4096];
	snprintf(path, sizeof path, "%s/new/%lld.M%06ldP1.genmail", gn->maildir,
		 (long long)T0 + gn->seq, gn->seq);
	FILE *f = fopen(path, "w");
	if (!f || fwrite(m->b.s, 1, m->b.n, f) != m->b.n || fclose(f) != 0) {
		fprintf(stderr, "genmail: cannot write %s: %s\n", path, strerror(errno));
		exit(1);
	}
}

static void one_mail(struct gen *gn, int g, int step)
{
	struct mail m = { .g = g, .step = step, .when = T0 + 60LL * gn->seq };
	char subject[256], from[128];
	int shape = step >= STEPS ? 0 : (g + step) % 4;

	m.colour = step == 0 ? WHITE : step == 1 ? BLACK : (step - 1) % 2 ? WHITE : BLACK;
	subject_of(gn, &m, subject, sizeof subject);
	headers(gn, &m, subject);
	if (shape < 2)
		body_plain(gn, &m, shape);
	else if (shape == 2)
		body_qp(gn, &m);
	else
		body_alternative(gn, &m);
	snprintf(from, sizeof from, "%s-%d@%s", colour_word(m.colour), g, DOMAIN);
	emit(gn, &m, from);
	buf_free(&m.b);
	gn->seq++;
}

static void write_key(const struct gen *gn, const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);

	if (fd < 0 || write(fd, gn->key, sizeof gn->key) != (ssize_t)sizeof gn->key ||
	    close(fd) < 0) {
		fprintf(stderr, "genmail: cannot write %s: %s\n", path, strerror(errno));
		exit(1);
	}
}

static void usage(void)
{
	fprintf(stderr, "usage: genmail [-g GAMES | -l MAILS] [-p BYTES] [-r REFEREE] [-k KEYFILE] (-m MBOX | -d MAILDIR)\n");
	exit(2);
}

int main(int argc, char **argv)
{
	struct gen gn = { .games = 500, .referee = "referee@" DOMAIN };
	const char *keyfile = NULL, *mbox = NULL;
	int opt, long_game = 0;

	while ((opt = getopt(argc, argv, "g:l:p:r:k:m:d:")) != -1) {
		switch (opt) {
		case 'p': gn.pad = atol(optarg); break;
		case 'g': gn.games = atoi(optarg); break;
		case 'l': long_game = atoi(optarg); gn.games = 1; break;
		case 'r': gn.referee = optarg; break;
		case 'k': keyfile = optarg; break;
		case 'm': mbox = optarg; break;
		case 'd': gn.maildir = optarg; break;
		default: usage();
		}
	}
	if (gn.games < 1 || (long_game && long_game < STEPS) || !strchr(gn.referee, '@') || !mbox == !gn.maildir || optind != argc)
		usage();
	gn.referee_domain = strchr(gn.referee, '@') + 1;
	gn.stagger = gn.games / STEPS > 1 ? gn.games / STEPS : 1;
	crypto_sha256("tempest bench key", 17, gn.key);
	if (keyfile)
		write_key(&gn, keyfile);
	if (mbox && !(gn.mbox = fopen(mbox, "w"))) {
		fprintf(stderr, "genmail: cannot create %s: %s\n", mbox, strerror(errno));
		return 1;
	}
	for (int step = 0; step < long_game; step++)
		one_mail(&gn, 1, step);
	for (int slot = 1; !long_game && slot <= gn.games + (STEPS - 1) * gn.stagger; slot++)
		for (int step = 0; step < STEPS; step++) {
			int g = slot - step * gn.stagger;
			if (g >= 1 && g <= gn.games)
				one_mail(&gn, g, step);
		}
	if (gn.mbox && fclose(gn.mbox) != 0) {
		fprintf(stderr, "genmail: cannot write %s\n", mbox);
		return 1;
	}
	return 0;
}
