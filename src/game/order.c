/* order.c: see order.h. The order reader: each line read against the tables of order
 * words (the generic one in order_table.c, a kind's own), each word knowing what follows it. */
#include "game/order.h"

#include "game/order_arg.h"
#include "game/order_prose.h"
#include "game/order_shape.h"
#include "game/order_words.h"
#include "game/spelling.h"
#include "util/buf.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Splits s into at most max words (in place); returns how many. */
static int words(char *s, char **w, int max)
{
	int n = 0;

	while (*s && n < max) {
		while (isspace((unsigned char)*s))
			s++;
		if (!*s)
			break;
		w[n++] = s;
		while (*s && !isspace((unsigned char)*s))
			s++;
		if (*s)
			*s++ = 0;
	}
	return n;
}

/* Blanks other than ASCII ones (a no-break space from a word processor or a phone, thin
 * spaces) become spaces, and a line's closing punctuation goes ("Nf3.", "Resign.",
 * "Time flies…"), so that an order reads the same however it was typed. */
static void normalize(char *s, bool strip_end)
{
	static const char *const blanks[] = { "\xc2\xa0", "\xe2\x80\xaf", "\xe2\x80\x89",
					      "\xe3\x80\x80", "\t" };
	for (size_t i = 0; i < sizeof blanks / sizeof blanks[0]; i++)
		for (char *p = s; (p = strstr(p, blanks[i]));) {
			size_t n = strlen(blanks[i]);
			*p = ' ';
			memmove(p + 1, p + n, strlen(p + n) + 1);
		}
	size_t n = strlen(s);
	for (; strip_end;) {
		while (n && isspace((unsigned char)s[n - 1]))
			n--;
		if (n && strchr(".,;", s[n - 1]))
			n--;
		else if (n >= 3 && !memcmp(s + n - 3, "\xe2\x80\xa6", 3))
			n -= 3;
		else
			break;
	}
	s[n] = 0;
}

static struct order_note *add_note(struct order_note **arr, size_t *n, int lineno,
				   const char *text, const char *reason)
{
	struct order_note *a = realloc(*arr, (*n + 1) * sizeof **arr);

	if (!a)
		return NULL;
	*arr = a;
	a += (*n)++;
	memset(a, 0, sizeof *a);
	a->lineno = lineno;
	str_copy(a->text, sizeof a->text, text);
	str_copy(a->reason, sizeof a->reason, reason);
	return a;
}

static int add_order(struct orders *out, struct order *o)
{
	struct order *a = realloc(out->o, (out->n + 1) * sizeof *a);

	if (!a)
		return -1;
	out->o = a;
	a[out->n++] = *o;
	return 0;
}

#define ORDER_WORDS_MAX 160

/* A line of numbers right after "list": the list goes on (mail clients wrap long lines). */
static bool continues_list(struct orders *out, char *buf, int nw, char **w,
			   const struct order_line *l)
{
	struct order *last = out->n ? &out->o[out->n - 1] : NULL;

	(void)buf;
	if (!last || last->shape != ORDER_ARG_NUMBERS || nw == 0 || l->lineno > last->lineno + 1 +
	    last->number)
		return false;
	for (int i = 0; i < nw; i++)
		if (strspn(w[i], "0123456789,") != strlen(w[i]))
			return false;
	for (int i = 0; i < nw; i++) {
		size_t at = strlen(last->arg);
		snprintf(last->arg + at, sizeof last->arg - at, " %s", w[i]);
	}
	last->number++;         /* lines joined so far */
	return true;
}

#define vocab order_vocab

static bool is_kind_word(const struct vocab *vc, const struct order_word *k)
{
	return order_vocab_extra(vc, k);
}

/* After a kind's own word (which is specific to it): is this an attempt at the order, to
 * be read or refused, rather than prose ("place N c1x", "place" alone; not "Place your
 * bets", "Take care", "List of my favourite openings")? Nothing after the word, or, in a
 * short line, a digit, an '@' or a lone letter other than "a" and "I". */
static bool attempt(char **w, int nw)
{
	if (nw == 0)
		return true;
	if (nw > ORDER_UNCERTAIN_WORDS)
		return false;
	for (int i = 0; i < nw; i++) {
		if (strpbrk(w[i], "0123456789@"))
			return true;
		if (isalpha((unsigned char)w[i][0]) && !w[i][1] && !strchr("aAiI", w[i][0]))
			return true;
	}
	return false;
}

/* An uncertain reading of order k: nothing is applied and the reply asks. */
static int ask(struct orders *out, const struct order_line *l, const struct vocab *vc,
	       const struct order_word *k, bool wrapped)
{
	char reason[256];
	struct order_note *n;

	if (wrapped)
		phrase_printf(reason, sizeof reason, "did you mean '%s'? The line reads as the end of the "
			 "sentence above it; an order that cannot be taken back must stand alone on "
			 "its line: leave a blank line before it", k->words);
	else if (k->arg == ORDER_ARG_NONE)
		phrase_printf(reason, sizeof reason, "did you mean '%s'? An order that cannot be taken "
			 "back must stand alone on its line: write a line with only: %s", k->usage,
			 k->usage);
	else
		phrase_printf(reason, sizeof reason, "did you mean '%s'? An order that cannot be taken "
			 "back must stand alone on its line: write a line with only the order, as: %s",
			 k->words, k->usage);
	if (!(n = add_note(&out->err, &out->nerr, l->lineno, l->text, reason)))
		return -1;
	n->asked = true;
	n->kind = k->kind;
	/* a kind's word: the note is the game's only if the word is its kind's */
	if (is_kind_word(vc, k))
		str_copy(n->kind_word, sizeof n->kind_word, order_vocab_english(vc, k));
	return 0;
}

/* A setting written in a sentence ("Vacation until January 4th, so I may be slow."):
 * asked about when the mail holds nothing else, prose beside other orders
 * (settle_doubts), since a setting's words are common in a mail's prose. */
static int ask_aside(struct orders *out, const struct order_line *l, const struct vocab *vc,
		     const struct order_word *k)
{
	if (ask(out, l, vc, k, false) < 0)
		return -1;
	out->err[out->nerr - 1].aside = true;
	return 0;
}

/* A line that begins with a kind's own word, an attempt at it that does not read. */
static int refuse_attempt(struct orders *out, const struct order_line *l, const struct vocab *vc,
			  const struct order_word *k)
{
	char reason[256];
	struct order_note *n;

	phrase_printf(reason, sizeof reason, "write it as: %s", k->usage);
	if (!(n = add_note(&out->err, &out->nerr, l->lineno, l->text, reason)))
		return -1;
	/* a kind's word: the note is the game's only if the word is its kind's */
	if (is_kind_word(vc, k))
		str_copy(n->kind_word, sizeof n->kind_word, order_vocab_english(vc, k));
	return 0;
}

/* Not an order: an uncertain reading of an irrevocable one, or prose. */
static int not_an_order(const struct order_line *l, const struct vocab *vc, struct orders *out)
{
	const struct order_word *k = order_uncertain(l->text, vc->table, vc->n, VOCAB_TABLES);

	if (k)
		return ask(out, l, vc, k, false);
	return add_note(&out->prose, &out->nprose, l->lineno, l->text, "") ? 0 : -1;
}

/* Words after which an English sentence cannot end: a line that ends on one was cut by
 * its wrapping ("I really think that you should / resign"). */
static const char *const open_words[] = {
	"a", "an", "the", "this", "that", "these", "those", "to", "of", "in", "on", "at", "for",
	"with", "by", "from", "and", "or", "but", "should", "would", "could", "must", "will",
	"shall", "can", "may", "might", "i", "you", "we", "they", "he", "she", "is", "are",
	"was", "were", "be", "my", "your", "our", "their", "his", "her", "its", "just", "then",
};

/* Is the line right under one passed over as prose that it goes on? That line ends
 * without a stop (".", "!", "?", ":", ",", ";", ")") and either on a word no sentence ends
 * on, or long enough to have been wrapped (60 bytes): a greeting above an order ("Hi Bob"
 * over "accept") is not a sentence the order ends. */
static bool continues_sentence(const struct orders *out, const struct order_line *l)
{
	const struct order_note *p = out->nprose ? &out->prose[out->nprose - 1] : NULL;
	size_t n, w;

	if (!p || p->lineno != l->lineno - 1)
		return false;
	n = strlen(p->text);
	while (n && isspace((unsigned char)p->text[n - 1]))
		n--;
	if (!n || strchr(".!?:,;)", p->text[n - 1]))
		return false;
	if (n >= 60)
		return true;
	for (w = n; w && !isspace((unsigned char)p->text[w - 1]); w--)
		;
	for (size_t i = 0; i < sizeof open_words / sizeof open_words[0]; i++)
		if (strlen(open_words[i]) == n - w && !strncasecmp(p->text + w, open_words[i], n - w))
			return true;
	return false;
}

/* The keyword order k at the start of a line, its `used` words then the rest: read, refused
 * or asked about (0; -1 out of memory), or 1 when the line is not that order after all
 * and is read on as a move or prose. */
static int keyword_line(const struct order_line *l, const struct vocab *vc,
			const struct order_word *k, int used, char **w, int nw, struct orders *out)
{
	char reason[256] = "", whole[ORDER_ARG_MAX], english[ORDER_ARG_MAX];
	struct order o;

	/* "place N c1 :-)": a smiley or an emoji may trail an order that costs nothing */
	while (k->cost == ORDER_COST_FREE && nw > used + 1 && spelling_decoration(w[nw - 1]))
		nw--;
	/* "couleur noirs", "liste hasard": its argument words in English */
	nw = order_english_args(k, w, nw, used, english, sizeof english);
	/* "resign" alone is an order; "resign if you like" is prose, "resign now" asked */
	if (!order_arg_shaped(k, order_vocab_english(vc, k), w + used, nw - used)) {
		if (k->kind == ORDER_CONDITIONAL && order_conditional_attempt(w + used, nw - used))
			return refuse_attempt(out, l, vc, k);
		if (!is_kind_word(vc, k) || !attempt(w + used, nw - used))
			return 1;
		if (k->cost == ORDER_COST_IRREVOCABLE &&
		    order_uncertain(l->text, vc->table + VOCAB_EXTRA, vc->n + VOCAB_EXTRA, 2))
			return ask(out, l, vc, k, false);
		return refuse_attempt(out, l, vc, k);
	}
	/* "The information in this / message is confidential", "I think you should / resign":
	 * the line goes on a sentence, and is that order alone only by its wrapping */
	if (k->cost != ORDER_COST_FREE && continues_sentence(out, l))
		return k->cost == ORDER_COST_IRREVOCABLE ? ask(out, l, vc, k, true) : 1;
	memset(&o, 0, sizeof o);
	o.lineno = l->lineno;
	str_copy(o.text, sizeof o.text, l->text);
	o.kind = k->kind;
	o.shape = k->arg;
	str_copy(o.word, sizeof o.word, order_vocab_english(vc, k));
	if (k->arg == ORDER_ARG_REST) {       /* a free text keeps its closing punctuation */
		str_copy(whole, sizeof whole, l->text);
		normalize(whole, false);
		if (k->kind != ORDER_MESSAGE)   /* a message is relayed as written */
			spelling_chars(whole);
		nw = words(whole, w, ORDER_WORDS_MAX);
		while (k->cost == ORDER_COST_FREE && nw > used + 1 && spelling_decoration(w[nw - 1]))
			nw--;
		nw = order_english_args(k, w, nw, used, english, sizeof english);
		if (k->cost == ORDER_COST_SETTING && k->kind != ORDER_MESSAGE &&
		    k->kind != ORDER_NAME && (nw - used > 3 || strchr(l->text, ',')))
			return ask_aside(out, l, vc, k);
		if (k->kind == ORDER_MESSAGE && order_message_about(w + used, nw - used))
			return ask_aside(out, l, vc, k);
	}
	if (order_read_arg(k, w + used, nw - used, &o, reason, sizeof reason) < 0)
		return add_note(&out->err, &out->nerr, l->lineno, l->text, reason) ? 0 : -1;
	return add_order(out, &o);
}

/* One line: a keyword order, a move, prose, an uncertain reading or an error. */
static int parse_line(const struct order_line *l, const struct vocab *vc, struct orders *out)
{
	char buf[ORDER_ARG_MAX], *w[ORDER_WORDS_MAX];
	int nw;

	str_copy(buf, sizeof buf, l->text);
	spelling_chars(buf);                    /* first the marks no reader sees: "e4.\u200f" */
	normalize(buf, true);
	spelling_line(buf, sizeof buf);         /* "*e4*", "e4 :-)", "Ｎｆ３", "O–O" */
	nw = words(buf, w, ORDER_WORDS_MAX);
	if (continues_list(out, buf, nw, w, l))
		return 0;
	if (nw == 0)
		return 0;
	/* an order's word(s), in English or another language ("accepter nulle") */
	int used;
	const struct order_word *k = order_vocab_match(vc, w, nw, &used);
	if (k) {
		int rc = keyword_line(l, vc, k, used, w, nw, out);
		if (rc <= 0)
			return rc;
	}
	/* a move alone on a line, perhaps after its number */
	int first = nw >= 2 && order_move_number(w[0]) ? 1 : 0;
	if (order_move_shaped(w[first])) {
		bool all = true;
		for (int i = first; i < nw; i++)
			all &= order_move_shaped(w[i]);
		if (nw - first > 1 && !(first && nw - first == 2) && all)
			return add_note(&out->err, &out->nerr, l->lineno, l->text,
					"one move per line (and one mail per turn)") ? 0 : -1;
		if (nw - first == 1 || (first && nw - first == 2 && all)) {
			struct order o;
			memset(&o, 0, sizeof o);
			o.lineno = l->lineno;
			str_copy(o.text, sizeof o.text, l->text);
			o.kind = ORDER_MOVE;
			o.number = first ? order_move_number(w[0]) : 0;
			/* "12. Nf3 Nc6", copied from a score sheet: the game checks the pair
			 * (a move-shaped word is at most 16 bytes: it fits) */
			if (nw - first == 2)
				str_copy(o.paired, sizeof o.paired, w[first]);
			str_copy(o.arg, sizeof o.arg, w[nw - 1]);
			return add_order(out, &o);
		}
	}
	return not_an_order(l, vc, out);
}

/* Is this line a name alone ("Alice", "-- A.")? At the end of a message's paragraph it
 * signs the mail and is not relayed. */
static bool name_alone(const char *text)
{
	char buf[ORDER_ARG_MAX], *w[2];

	str_copy(buf, sizeof buf, text);
	normalize(buf, true);
	return words(buf, w, 2) == 1 && !strpbrk(w[0], "0123456789@");
}

/* Prose right under a message, in its paragraph, is part of the message: the paragraph
 * ends at a blank line (a line number skipped), another order or a faulty one, a sign-off
 * ("Cheers, Alice"), or a name alone on its last line. `next`: the following line, or
 * NULL. The line was just passed over as prose (the last note). */
static int join_message(struct orders *out, const struct order_line *l,
			const struct order_line *next)
{
	struct order *m = out->n ? &out->o[out->n - 1] : NULL;
	char text[ORDER_ARG_MAX];

	if (!m || m->kind != ORDER_MESSAGE || l->lineno != m->lineno + m->number + 1 ||
	    order_sign_off(l->text) ||
	    (name_alone(l->text) && (!next || next->lineno != l->lineno + 1)))
		return 0;
	str_copy(text, sizeof text, l->text);
	normalize(text, false);
	const char *t = text + strspn(text, " ");
	size_t at = strlen(m->arg);
	out->nprose--;
	if (at + 1 + strlen(t) >= sizeof m->arg)
		return add_note(&out->err, &out->nerr, l->lineno, l->text, "a message is at most "
				"500 characters: please shorten it") ? 0 : -1;
	snprintf(m->arg + at, sizeof m->arg - at, "\n%s", t);
	m->number++;
	return 0;
}

/* The note err[i] was prose after all: it joins the prose, in line order. */
static int note_to_prose(struct orders *o, size_t i)
{
	struct order_note *p = add_note(&o->prose, &o->nprose, o->err[i].lineno, o->err[i].text, "");

	if (!p)
		return -1;
	for (; p > o->prose && p[-1].lineno > p->lineno; p--) {
		struct order_note t = p[-1];
		p[-1] = *p;
		*p = t;
	}
	memmove(&o->err[i], &o->err[i + 1], (o->nerr - i - 1) * sizeof o->err[0]);
	o->nerr--;
	return 0;
}

/* A mail that gives an order alone on its line may also speak of it ("I resign, well
 * played." above "resign"): then that sentence is not in doubt, it is prose; so is a
 * setting in a sentence (an aside) in a mail that holds any other order. */
static int settle_doubts(struct orders *out)
{
	for (size_t i = 0; i < out->nerr;) {
		struct order_note *n = &out->err[i];
		size_t j = 0;
		while (n->asked && !n->aside && j < out->n && out->o[j].kind != n->kind)
			j++;
		if (!n->asked || (j == out->n && !(n->aside && out->n))) {
			i++;
			continue;
		}
		if (note_to_prose(out, i) < 0)
			return -1;
	}
	return 0;
}

int order_parse(const struct order_line *lines, size_t nlines, const struct order_word *extra,
		size_t nextra, struct orders *out, struct err *e)
{
	struct vocab vc;

	memset(out, 0, sizeof *out);
	if (order_vocab_open(&vc, extra, nextra) < 0)
		return err_set(e, "out of memory reading orders");
	for (size_t i = 0; i < nlines; i++) {
		size_t nprose = out->nprose;
		if (parse_line(&lines[i], &vc, out) < 0 ||
		    (out->nprose > nprose &&
		     join_message(out, &lines[i], i + 1 < nlines ? &lines[i + 1] : NULL) < 0))
			goto oom;
	}
	if (settle_doubts(out) < 0)
		goto oom;
	order_vocab_close(&vc);
	return 0;
oom:
	order_vocab_close(&vc);
	orders_free(out);
	return err_set(e, "out of memory reading orders");
}

void orders_free(struct orders *o)
{
	free(o->o);
	free(o->err);
	free(o->prose);
	memset(o, 0, sizeof *o);
}

int order_notes_for_kind(struct orders *o, const struct order_word *words, size_t n)
{
	for (size_t i = 0; i < o->nerr;) {
		struct order_note *note = &o->err[i];
		size_t j = 0;
		while (note->kind_word[0] && j < n && strcmp(words[j].words, note->kind_word))
			j++;
		if (!note->kind_word[0] || j < n) {
			i++;
			continue;
		}
		if (note_to_prose(o, i) < 0)
			return -1;
	}
	return 0;
}

int order_doubts_to_prose(struct orders *o)
{
	for (size_t i = 0; i < o->nerr;)
		if (!o->err[i].asked)
			i++;
		else if (note_to_prose(o, i) < 0)
			return -1;
	return 0;
}

int order_resolve(struct orders *o, const struct order_word *words, size_t n)
{
	for (size_t i = 0; i < o->n; i++) {
		struct order *od = &o->o[i];
		size_t j = 0;
		if (od->kind < ORDER_KIND_FIRST)
			continue;
		while (j < n && strcmp(words[j].words, od->word))
			j++;
		if (j == n)
			return (int)i;
		od->kind = words[j].kind;
	}
	return -1;
}
