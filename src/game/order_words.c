/* order_words.c: see order_words.h. A flat list: a few hundred words, looked up by the
 * order reader a few times a line. */
#include "game/order_words.h"
#include "util/buf.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static struct order_alias *words;
static size_t nwords;
static void cache_clear(void);

/* U+00C0 to U+00FF without their accents, lower case ("" for the two signs, × and ÷). */
static const char *const latin1[64] = {
	"a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",
	"d", "n", "o", "o", "o", "o", "o", "", "o", "u", "u", "u", "u", "y", "th", "ss",
	"a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",
	"d", "n", "o", "o", "o", "o", "o", "", "o", "u", "u", "u", "u", "y", "th", "y",
};

void order_fold(const char *s, char *out, size_t len)
{
	const unsigned char *c = (const unsigned char *)s;
	size_t at = 0;

	if (!len)
		return;
	while (*c && at + 1 < len) {
		const char *as = NULL;
		char one[2] = { 0 };
		if (c[0] == 0xc3 && c[1] >= 0x80 && c[1] <= 0xbf)
			as = latin1[c[1] - 0x80], c += 2;
		else if (c[0] == 0xc5 && (c[1] == 0x92 || c[1] == 0x93))
			as = "oe", c += 2;                      /* Œ œ */
		else if (c[0] == 0xe2 && c[1] == 0x80 && c[2] == 0x99)
			as = "'", c += 3;                       /* the typographic apostrophe */
		else
			one[0] = (char)tolower(*c++), as = one;
		size_t n = strlen(as);
		if (at + n >= len)
			break;
		memcpy(out + at, as, n);
		at += n;
	}
	out[at] = 0;
}

static int count_words(const char *s)
{
	int n = 0;

	for (const char *p = s; *p; ) {
		while (*p == ' ')
			p++;
		if (!*p)
			break;
		n++;
		while (*p && *p != ' ')
			p++;
	}
	return n;
}

/* Is w one of the space-separated words of list? */
static bool among(const char *list, const char *w)
{
	size_t n = strlen(w);

	for (const char *p = list; n && (p = strstr(p, w)); p += n)
		if ((p == list || p[-1] == ' ') && (!p[n] || p[n] == ' '))
			return true;
	return false;
}

/* The argument word `folded` that stands for one of the words of args, or NULL. */
static const struct order_alias *argument_alias(const char *args, const char *folded)
{
	for (size_t i = 0; i < nwords; i++)
		if (words[i].argument && !strcmp(words[i].folded, folded) &&
		    among(args, words[i].english))
			return &words[i];
	return NULL;
}

/* One alternative, trimmed and with its blanks single. */
static int add_one(const char *lang, bool argument, const char *english, const char *shown,
		   bool first, char *why, size_t wlen)
{
	struct order_alias a = { .argument = argument, .first = first };
	char folded[ORDER_WORD_LEN];

	str_copy(a.lang, sizeof a.lang, lang);
	str_copy(a.english, sizeof a.english, english);
	str_copy(a.shown, sizeof a.shown, shown);
	order_fold(shown, folded, sizeof folded);
	a.nwords = count_words(folded);
	if (a.nwords < 1 || a.nwords > ORDER_WORDS_SPAN || strlen(shown) + 1 >= sizeof a.shown)
		return snprintf(why, wlen, "%s: the word \"%s\" for \"%s\" is not one to three "
				"words", lang, shown, english), -1;
	str_copy(a.folded, sizeof a.folded, folded);
	if (!strcmp(folded, english))
		return 0;                       /* English's own */
	for (size_t i = 0; i < nwords; i++)
		if (words[i].argument == argument && !strcmp(words[i].folded, folded) &&
		    !strcmp(words[i].english, english) && !strcmp(words[i].lang, lang))
			return 0;               /* said already */
	struct order_alias *v = realloc(words, (nwords + 1) * sizeof *v);
	if (!v)
		return snprintf(why, wlen, "out of memory reading the order words"), -1;
	words = v;
	words[nwords++] = a;
	cache_clear();                  /* the vocabularies made point into words */
	return 0;
}

int order_words_add(const char *lang, bool argument, const char *english, const char *list,
		    char *why, size_t wlen)
{
	char buf[512];
	bool first = true;

	if (strlen(list) >= sizeof buf)
		return snprintf(why, wlen, "%s: the words for \"%s\" are too long", lang, english), -1;
	str_copy(buf, sizeof buf, list);
	for (char *save, *w = strtok_r(buf, "|", &save); w; w = strtok_r(NULL, "|", &save)) {
		char one[ORDER_WORD_LEN * 2], *blank;
		size_t at = 0;
		for (char *t = strtok_r(w, " \t", &blank); t && at < sizeof one;
		     t = strtok_r(NULL, " \t", &blank))
			at += (size_t)snprintf(one + at, sizeof one - at, "%s%s", at ? " " : "", t);
		if (add_one(lang, argument, english, at ? one : "", first, why, wlen) < 0)
			return -1;
		first = false;
	}
	return first ? snprintf(why, wlen, "%s: no word for \"%s\"", lang, english), -1 : 0;
}

void order_words_clear(void)
{
	cache_clear();
	free(words);
	words = NULL;
	nwords = 0;
}

const struct order_alias *order_words(size_t *n)
{
	*n = nwords;
	return words;
}

const char *order_word_in(const char *lang, bool argument, const char *english)
{
	for (size_t i = 0; lang && i < nwords; i++)
		if (words[i].first && words[i].argument == argument &&
		    !strcmp(words[i].lang, lang) && !strcmp(words[i].english, english))
			return words[i].shown;
	return english;
}

int order_argument(const char *args, char **w, int nw, const char **english)
{
	char phrase[ORDER_WORD_LEN * 2], folded[ORDER_WORD_LEN * 2];
	int best = 0;

	if (!args || !nwords)
		return 0;
	for (int n = 1; n <= ORDER_WORDS_SPAN && n <= nw; n++) {
		size_t at = 0;
		for (int i = 0; i < n && at < sizeof phrase; i++)
			at += (size_t)snprintf(phrase + at, sizeof phrase - at, "%s%s", i ? " " : "", w[i]);
		order_fold(phrase, folded, sizeof folded);
		const struct order_alias *a = argument_alias(args + (args[0] == '^'), folded);
		if (a)
			best = n, *english = a->english;
	}
	return best;
}

void order_usage_in(const char *lang, const struct order_word *k, char *out, size_t len)
{
	const char *u = k->usage ? k->usage : k->words, *args = k->args;
	size_t n = strlen(k->words), at = 0;

	if (!len)
		return;
	out[0] = 0;
	if (strncasecmp(u, k->words, n) || (u[n] && !strchr(" :", u[n]))) {
		str_copy(out, len, u);            /* a usage of another shape */
		return;
	}
	at = (size_t)snprintf(out, len, "%s", order_word_in(lang, false, k->words));
	for (const char *p = u + n; *p && at < len; ) {
		size_t blanks = strspn(p, " "), w = strcspn(p + blanks, " ");
		size_t bare = strcspn(p + blanks, " ,;:");
		char word[ORDER_WORD_LEN];
		snprintf(word, sizeof word, "%.*s", (int)(bare < w ? bare : w), p + blanks);
		const char *shown = args && among(args + (args[0] == '^'), word) ?
				    order_word_in(lang, true, word) : word;
		at += (size_t)snprintf(out + at, len - at, "%.*s%s%.*s", (int)blanks, p, shown,
				       (int)(w - strlen(word)), p + blanks + strlen(word));
		p += blanks + w;
	}
}

/* Is `word` an English order word, of the generic table or of `kinds`? */
static const struct order_word *english_word(const struct order_word *kinds, size_t nkinds,
					     const char *word)
{
	size_t ngen;
	const struct order_word *gen = order_generic(&ngen);

	for (size_t i = 0; i < ngen; i++)
		if (!strcmp(gen[i].words, word))
			return &gen[i];
	for (size_t i = 0; i < nkinds; i++)
		if (!strcmp(kinds[i].words, word))
			return &kinds[i];
	return NULL;
}

/* Does some order of the generic table or of `kinds` read argument word `word`? */
static bool argument_word(const struct order_word *kinds, size_t nkinds, const char *word)
{
	size_t ngen;
	const struct order_word *gen = order_generic(&ngen);

	for (size_t i = 0; i < ngen; i++)
		if (gen[i].args && among(gen[i].args + (gen[i].args[0] == '^'), word))
			return true;
	for (size_t i = 0; i < nkinds; i++)
		if (kinds[i].args && among(kinds[i].args + (kinds[i].args[0] == '^'), word))
			return true;
	return false;
}

/* Are English order words a and b one order (synonyms: "resign" and "concede")? */
static bool one_order(const struct order_word *kinds, size_t nkinds, const char *a, const char *b)
{
	size_t ngen;
	const struct order_word *gen = order_generic(&ngen);
	const struct order_word *x = english_word(kinds, nkinds, a), *y = english_word(kinds, nkinds, b);
	bool xgen = x && x >= gen && x < gen + ngen, ygen = y && y >= gen && y < gen + ngen;

	return x && y && x->kind == y->kind && xgen == ygen;
}

/* Does some order read both argument words a and b? */
static bool one_reader(const struct order_word *kinds, size_t nkinds, const char *a, const char *b)
{
	size_t ngen;
	const struct order_word *gen = order_generic(&ngen);

	for (size_t t = 0; t < 2; t++) {
		const struct order_word *v = t ? kinds : gen;
		for (size_t i = 0, n = t ? nkinds : ngen; i < n; i++) {
			const char *args = v[i].args ? v[i].args + (v[i].args[0] == '^') : NULL;
			if (args && among(args, a) && among(args, b))
				return true;
		}
	}
	return false;
}

static int by_folded(const void *x, const void *y)
{
	const struct order_alias *a = *(const struct order_alias *const *)x;
	const struct order_alias *b = *(const struct order_alias *const *)y;

	return a->argument != b->argument ? a->argument - b->argument : strcmp(a->folded, b->folded);
}

/* One word, one meaning, in all the languages at once (every player's words are read in
 * every language): two words written alike stand for one order, or, as arguments, for
 * words no order reads both of ("par": "per" of a time control, "by" of an answer in
 * advance). */
static int check_alike(const struct order_word *kinds, size_t nkinds, char *why, size_t wlen)
{
	const struct order_alias **v = malloc((nwords + 1) * sizeof *v);
	int rc = 0;

	if (!v)
		return snprintf(why, wlen, "out of memory checking the order words"), -1;
	for (size_t i = 0; i < nwords; i++)
		v[i] = &words[i];
	qsort(v, nwords, sizeof *v, by_folded);
	for (size_t i = 1; i < nwords && rc == 0; i++) {
		const struct order_alias *a = v[i - 1], *b = v[i];
		if (by_folded(&v[i - 1], &v[i]) || !strcmp(a->english, b->english))
			continue;
		if (a->argument ? one_reader(kinds, nkinds, a->english, b->english) :
		    !one_order(kinds, nkinds, a->english, b->english)) {
			snprintf(why, wlen, "\"%s\" stands for \"%s\" (%s) and for \"%s\" (%s)",
				 b->shown, a->english, a->lang, b->english, b->lang);
			rc = -1;
		}
	}
	free(v);
	return rc;
}

int order_words_check(const struct order_word *kinds, size_t nkinds, char *why, size_t wlen)
{
	for (size_t i = 0; i < nwords; i++) {
		const struct order_alias *a = &words[i];
		if (a->argument && !argument_word(kinds, nkinds, a->english))
			return snprintf(why, wlen, "%s: \"%s\" is no order's argument word", a->lang,
					a->english), -1;
		if (a->argument)
			continue;
		const struct order_word *en = english_word(kinds, nkinds, a->english);
		if (!en)
			return snprintf(why, wlen, "%s: \"%s\" is not an order word", a->lang,
					a->english), -1;
		order_usage_in(a->lang, en, words[i].usage, sizeof words[i].usage);
		const struct order_word *same = english_word(kinds, nkinds, a->folded);
		if (same && !one_order(kinds, nkinds, a->folded, a->english))
			return snprintf(why, wlen, "%s: \"%s\" (for \"%s\") is the English order word "
					"\"%s\"", a->lang, a->shown, a->english, same->words), -1;
	}
	return check_alike(kinds, nkinds, why, wlen);
}

/* Does s begin with one of the words order k reads after its own (its args: "random" of
 * "list random"; not the verb of a free text, args marked '^')? */
bool order_args_word(const struct order_word *k, const char *s)
{
	size_t n = strcspn(s, " ");
	char copy[ORDER_WORD_LEN * 2], *w[ORDER_WORDS_SPAN];
	const char *english;

	if (!k->args || k->args[0] == '^')
		return false;
	for (const char *a = k->args; *a; ) {
		size_t m = strcspn(a, " ");
		if (m == n && !strncasecmp(a, s, n))
			return true;
		a += m + strspn(a + m, " ");
	}
	str_copy(copy, sizeof copy, s);    /* "hasard", "per zufall": random */
	int nw = 0;
	for (char *save, *t = strtok_r(copy, " ", &save); t && nw < ORDER_WORDS_SPAN;
	     t = strtok_r(NULL, " ", &save))
		w[nw++] = t;
	return order_argument(k->args, w, nw, &english) > 0;
}

/* ---- the vocabulary of one mail ---- */

static const struct order_word *find_english(const struct order_word *t, size_t n,
					     const char *english)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(t[i].words, english))
			return &t[i];
	return NULL;
}

/* The other languages' words of table t (the English entries) into alias table `which`. */
static int aliases_of(struct order_vocab *v, int which, const struct order_word *t, size_t n)
{
	size_t nal = 0;

	if (!(v->alias[which] = calloc(nwords + 1, sizeof *v->alias[which])) ||
	    !(v->of[which] = calloc(nwords + 1, sizeof *v->of[which])))
		return -1;
	for (size_t i = 0; i < nwords; i++) {
		const struct order_word *en = words[i].argument ? NULL :
					      find_english(t, n, words[i].english);
		if (!en)
			continue;
		struct order_word *a = &v->alias[which][nal];
		*a = *en;
		a->words = words[i].folded;
		/* "did you mean 'nulle'?", "write it as: liste hasard": in the player's words */
		if (en->arg == ORDER_ARG_NONE)
			a->usage = words[i].shown;
		else if (words[i].usage[0])
			a->usage = words[i].usage;
		v->of[which][nal++] = &words[i];
	}
	v->table[which == 0 ? VOCAB_GENERIC_ALIAS : VOCAB_EXTRA_ALIAS] = v->alias[which];
	v->n[which == 0 ? VOCAB_GENERIC_ALIAS : VOCAB_EXTRA_ALIAS] = nal;
	return 0;
}

/* The vocabularies made so far, one for each table of a kind's words: the words are read
 * once, at start-up, and every mail's reading would otherwise make its alias tables again
 * (some 90,000 instructions a mail, a tenth of a move mail's reading). */
#define VOCAB_CACHE 16
static struct cached {
	const struct order_word *extra;
	size_t nextra;
	struct order_vocab v;
} cache[VOCAB_CACHE];
static size_t ncache;

static void vocab_free(struct order_vocab *v)
{
	for (int i = 0; i < 2; i++) {
		free(v->alias[i]);
		free(v->of[i]);
	}
	memset(v, 0, sizeof *v);
}

static void cache_clear(void)
{
	for (size_t i = 0; i < ncache; i++)
		vocab_free(&cache[i].v);
	ncache = 0;
}

static int vocab_make(struct order_vocab *v, const struct order_word *extra, size_t nextra)
{
	memset(v, 0, sizeof *v);
	v->table[VOCAB_GENERIC] = order_generic(&v->n[VOCAB_GENERIC]);
	v->table[VOCAB_EXTRA] = extra;
	v->n[VOCAB_EXTRA] = extra ? nextra : 0;
	if (aliases_of(v, 0, v->table[VOCAB_GENERIC], v->n[VOCAB_GENERIC]) < 0 ||
	    aliases_of(v, 1, extra, v->n[VOCAB_EXTRA]) < 0) {
		vocab_free(v);
		return -1;
	}
	return 0;
}

int order_vocab_open(struct order_vocab *v, const struct order_word *extra, size_t nextra)
{
	for (size_t i = 0; i < ncache; i++)
		if (cache[i].extra == extra && cache[i].nextra == nextra) {
			*v = cache[i].v;
			v->borrowed = true;
			return 0;
		}
	if (vocab_make(v, extra, nextra) < 0)
		return -1;
	if (ncache < VOCAB_CACHE) {     /* kept for the next mail; this one borrows it */
		cache[ncache++] = (struct cached){ extra, nextra, *v };
		v->borrowed = true;
	}
	return 0;
}

void order_vocab_close(struct order_vocab *v)
{
	if (!v->borrowed)
		vocab_free(v);
	memset(v, 0, sizeof *v);
}

/* Which table k is in, or -1. */
static int table_of(const struct order_vocab *v, const struct order_word *k)
{
	for (int t = 0; t < VOCAB_TABLES; t++)
		if (v->table[t] && k >= v->table[t] && k < v->table[t] + v->n[t])
			return t;
	return -1;
}

const char *order_vocab_english(const struct order_vocab *v, const struct order_word *k)
{
	int t = table_of(v, k);

	if (t == VOCAB_GENERIC_ALIAS || t == VOCAB_EXTRA_ALIAS)
		return v->of[t == VOCAB_EXTRA_ALIAS][k - v->table[t]]->english;
	return k->words;
}

bool order_vocab_extra(const struct order_vocab *v, const struct order_word *k)
{
	int t = table_of(v, k);

	return t == VOCAB_EXTRA || t == VOCAB_EXTRA_ALIAS;
}

const struct order_word *order_vocab_match(const struct order_vocab *v, char **w, int nw,
					   int *used)
{
	char phrase[ORDER_WORDS_SPAN][ORDER_WORD_LEN * 2];

	/* the line's first words, one to three, as a vocabulary writes them: "Resign." and
	 * "status:" are "resign" and "status", "Réclamer" is "reclamer" */
	for (int n = 1; n <= ORDER_WORDS_SPAN && n <= nw; n++) {
		char raw[ORDER_WORD_LEN * 2];
		size_t at = 0;
		raw[0] = 0;
		for (int i = 0; i < n && at + 1 < sizeof raw; i++) {
			if (i)
				raw[at++] = ' ';
			at += strlen(str_copy(raw + at, sizeof raw - at, w[i]));
		}
		while (at && at < sizeof raw && strchr(":.!", raw[at - 1]))
			raw[--at] = 0;
		order_fold(raw, phrase[n - 1], sizeof phrase[n - 1]);
	}
	for (int n = ORDER_WORDS_SPAN; n >= 1; n--) {
		if (n > nw)
			continue;
		for (int t = 0; t < VOCAB_TABLES; t++)
			for (size_t i = 0; i < v->n[t]; i++)
				if (v->table[t][i].words[0] == phrase[n - 1][0] &&
				    !strcmp(phrase[n - 1], v->table[t][i].words) &&
				    count_words(v->table[t][i].words) == n) {
					*used = n;
					return &v->table[t][i];
				}
	}
	return NULL;
}

int order_english_args(const struct order_word *k, char **w, int nw, int from, char *buf,
		       size_t len)
{
	size_t at = 0;
	int out = from, i = from;
	/* "^kill capture ...": the first word only (an effect's verb; its text is the
	 * player's, as written) */
	bool first_only = k->args && k->args[0] == '^';

	if (!k->args || !nwords)
		return nw;
	while (i < nw && (!first_only || i == from)) {
		/* the words without the comma after them, which ends a phrase: "jours," is
		 * "days," (a time control's comma stays) */
		char bare[ORDER_WORDS_SPAN][ORDER_WORD_LEN], *one[ORDER_WORDS_SPAN];
		const char *punct = "", *english = NULL;
		int span = 0;
		while (span < ORDER_WORDS_SPAN && i + span < nw && !*punct) {
			size_t n = strcspn(w[i + span], ",;");
			snprintf(bare[span], sizeof bare[span], "%.*s", (int)n, w[i + span]);
			punct = w[i + span] + n;
			one[span] = bare[span];
			span++;
		}
		int took = order_argument(k->args, one, span, &english);
		const char *after = took ? w[i + took - 1] + strcspn(w[i + took - 1], ",;") : "";
		int wrote = snprintf(buf + at, len - at, "%s%s", took ? english : w[i], after);
		if (wrote < 0 || at + (size_t)wrote + 1 >= len)
			break;                          /* too long: the rest as written */
		w[out++] = buf + at;
		at += (size_t)wrote + 1;
		i += took ? took : 1;
	}
	while (i < nw)
		w[out++] = w[i++];
	return out;
}
