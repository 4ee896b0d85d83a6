/* order_prose.c: see order_prose.h. What a line of prose says about orders: whether it
 * holds an order that cannot be taken back ("I resign."), whether it closes a mail
 * ("Cheers, Alice"). The order words come in every language the referee reads
 * (order_words.h); the words that say no or set a condition here are English, French and
 * German. */
#include "game/order_prose.h"
#include "game/order_words.h"
#include "util/buf.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define CLAUSE_WORDS 16

/* Words that make a sentence about an order something other than giving it. */
static const char *const negations[] = {
	"not", "no", "never", "nor", "neither", "nope", "cannot", "dont", "wont", "cant",
	"pas", "non", "jamais", "nicht", "nein", "nie", "kein", "keine",
};
/* A clause that opens with one of these is a question or a condition ("how do I resign",
 * "should I accept?", "if you resign"). */
static const char *const openers[] = {
	"how", "what", "why", "when", "where", "who", "which", "whether", "can", "could", "should",
	"shall", "may", "might", "must", "do", "does", "did", "is", "are", "was", "were", "will",
	"would", "if", "unless",
};
/* ... and one holding these anywhere is a condition or a time ("resign if you like",
 * "I'll accept once I'm back"). */
static const char *const conditions[] = {
	"if", "unless", "whether", "when", "once", "until", "before", "after",
	"si", "wenn", "falls",
};
/* Someone else acting: "you should resign", "he accepted". */
static const char *const others[] = {
	"you", "your", "he", "she", "they", "his", "her", "their", "you'll", "you'd", "you're",
};
static const char *const sign_offs[] = {
	"cheers", "regards", "best", "thanks", "thank", "love", "bye", "ciao", "cordially",
	"sincerely", "yours", "greetings", "kind", "warm", "warmest", "rgds", "br", "take",
	"salut", "cordialement", "amicalement", "bises", "gruss", "saludos", "saluti", "groeten",
	"mvh", "hälsningar", "grüße", "gruß", "viele", "liebe", "besten",
};

static bool listed(const char *w, const char *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(w, list[i]))
			return true;
	return false;
}

#define LISTED(w, list) listed(w, list, sizeof list / sizeof list[0])

/* The line in lower case, a typographic apostrophe as "'", each clause ended by a '\n'
 * (at . , ; : ! ? and brackets), other punctuation around words as blanks. */
static void clauses(const char *line, char *out, size_t len)
{
	size_t at = 0;

	for (const unsigned char *c = (const unsigned char *)line; *c && at + 2 < len; c++) {
		if (c[0] == 0xe2 && c[1] == 0x80 && (c[2] == 0x98 || c[2] == 0x99)) {
			out[at++] = '\'';
			c += 2;
		} else if (c[0] == 0xe2 && c[1] == 0x80 && (c[2] == 0x93 || c[2] == 0x94)) {
			out[at++] = '\n';      /* an en or em dash between clauses */
			c += 2;
		} else if (c[0] == '-' && (c == (const unsigned char *)line || c[-1] == ' ') &&
			   (!c[1] || c[1] == ' ')) {
			out[at++] = '\n';
		} else if (strchr(".,;:!?()[]", *c)) {
			out[at++] = '\n';
		} else if (strchr("\"*_<>/", *c) || isspace(*c)) {
			out[at++] = ' ';
		} else {
			out[at++] = (char)tolower(*c);
		}
	}
	out[at] = 0;
}

/* Splits one clause (up to its '\n') into words, in place; returns how many, or
 * CLAUSE_WORDS + 1 when there are more. */
static int clause_words(char *s, char **w)
{
	int n = 0;

	for (;;) {
		while (*s == ' ')
			s++;
		if (!*s || *s == '\n')
			return n;
		if (n == CLAUSE_WORDS)
			return n + 1;
		w[n++] = s;
		while (*s && *s != ' ' && *s != '\n')
			s++;
		if (*s == '\n') {
			*s = 0;
			return n;
		}
		if (*s)
			*s++ = 0;
	}
}

/* "don't", "won't", "isn't", "never": the sentence says no. */
static bool negation(const char *w)
{
	size_t n = strlen(w);

	return LISTED(w, negations) || (n > 3 && !strcmp(w + n - 3, "n't"));
}

/* Is w the n bytes at s, whole? */
static bool word_is(const char *w, const char *s, size_t n)
{
	return !strncmp(w, s, n) && !w[n];
}

/* The irrevocable word k in the clause w[0..n), as a word (a phrase's words in order,
 * others between: "I offer you a draw"), not with "my" or "our" after it ("Accept my
 * thanks"), nobody else before it: `other`, the place of the clause's first word that
 * names someone else (n if none). */
static bool clause_has(char **w, int n, int other, const struct order_word *k)
{
	const char *sp = strchr(k->words, ' ');
	size_t flen = sp ? (size_t)(sp - k->words) : strlen(k->words);

	for (int i = 0; i < n && i < other; i++) {
		if (!word_is(w[i], k->words, flen))
			continue;
		if (i + 1 < n && (!strcmp(w[i + 1], "my") || !strcmp(w[i + 1], "our")))
			return false;
		if (!sp)
			return true;
		for (int j = i + 1; j < n; j++)
			if (!strcmp(w[j], sp + 1))
				return true;
		return false;
	}
	return false;
}

/* The first of the n words of `vocab` the clause holds. */
static const struct order_word *clause_word(char **w, int n, const struct order_word *vocab,
					    size_t nvocab)
{
	int other = 0;

	if (n == 0 || n > ORDER_UNCERTAIN_WORDS || LISTED(w[0], openers))
		return NULL;
	for (int i = 0; i < n; i++)
		if (LISTED(w[i], conditions))
			return NULL;
	while (other < n && !LISTED(w[other], others))
		other++;
	for (size_t i = 0; i < nvocab; i++)
		if (vocab[i].cost == ORDER_COST_IRREVOCABLE && clause_has(w, n, other, &vocab[i]))
			return &vocab[i];
	return NULL;
}

const struct order_word *order_uncertain(const char *line, const struct order_word *const *vocab,
					 const size_t *nvocab, size_t nv)
{
	char buf[1024], folded[1024], *w[CLAUSE_WORDS + 1];
	const struct order_word *found = NULL;

	order_fold(line, folded, sizeof folded);        /* "Réclamer" is "reclamer" */
	clauses(folded, buf, sizeof buf);
	for (char *s = buf; *s;) {
		char *end = strchr(s, '\n'), *next = end ? end + 1 : s + strlen(s);
		int n = clause_words(s, w);
		for (int i = 0; i < n && i < CLAUSE_WORDS; i++)
			if (negation(w[i]))
				return NULL;    /* "Resign? Never!": the line says no */
		for (size_t v = 0; v < nv && !found && n <= CLAUSE_WORDS; v++)
			found = clause_word(w, n, vocab[v], nvocab[v]);
		s = next;
	}
	return found;
}

bool order_sign_off(const char *line)
{
	char buf[256], *w[CLAUSE_WORDS + 1], first[32] = "";
	int total = 0;

	clauses(line, buf, sizeof buf);
	for (char *s = buf; *s && total <= 3;) {  /* every clause: "Cheers, Alice" */
		char *end = strchr(s, '\n'), *next = end ? end + 1 : s + strlen(s);
		int n = clause_words(s, w);
		if (n && !first[0])
			str_copy(first, sizeof first, w[0]);
		total += n;
		s = next;
	}
	return total >= 1 && total <= 3 && LISTED(first, sign_offs);
}
