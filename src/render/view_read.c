/* view_read.c: what a reply says of the mail it answers (view_read.h): a refusal's reasons,
 * "Read in your mail", and test's account, each line quoted within the reply's budget
 * (quote.h). */
#include "render/view_read.h"

#include <stdio.h>
#include <string.h>

#include "render/quote.h"
#include "util/buf.h"
#include "util/phrase.h"

/* The last item of a list that the quoting budget cut short: how many it leaves out. A
 * list whose template names the line ("line 4: ...") gets the next line's number; one
 * that reads an item without a line as a sentence (errors) gets it as the reason. */
static void add_more(struct tctx *c, const char *list, int lineno, size_t more, bool sentence)
{
	struct tctx *it = tctx_item(c, list);

	if (!it)
		return;
	if (sentence) {
		tctx_nphrase(it, "reason", more, "\xE2\x80\xA6 and %zu more, not shown",
			     "\xE2\x80\xA6 and %zu more, not shown", more);
		return;
	}
	tctx_set(it, "line", "%d", lineno);
	tctx_nphrase(it, "text", more, "\xE2\x80\xA6 (and %zu more line, not shown)",
		     "\xE2\x80\xA6 (and %zu more lines, not shown)", more);
}

static void add_lines(struct tctx *c, const char *list, const struct order_line *l, size_t n,
		      struct quote_budget *qb)
{
	char q[QUOTE_OUT_MAX];

	for (size_t i = 0; i < n; i++) {
		if (!quote_take(qb, l[i].text, q)) {
			add_more(c, list, l[i].lineno, n - i, false);
			return;
		}
		struct tctx *it = tctx_item(c, list);
		if (!it)
			return;
		tctx_set(it, "line", "%d", l[i].lineno);
		tctx_set(it, "text", "%s", q);
	}
}

static void add_notes(struct tctx *c, const char *list, const struct order_note *l, size_t n,
		      struct quote_budget *qb, bool sentence)
{
	char q[QUOTE_OUT_MAX];

	for (size_t i = 0; i < n; i++) {
		if (!quote_take(qb, l[i].text, q)) {
			add_more(c, list, l[i].lineno, n - i, sentence);
			return;
		}
		quote_count(qb, strlen(l[i].reason));
		struct tctx *it = tctx_item(c, list);
		if (!it)
			return;
		tctx_set(it, "line", "%d", l[i].lineno);
		tctx_set(it, "text", "%s", q);
		tctx_set(it, "reason", "%s", l[i].reason);
	}
}

/* A message in the sender's "Read in your mail": quoted as it was relayed, when it was
 * (docs/orders.md, "Messages"). */
static void message_read(struct buf *b, const struct game *g, const struct reply *r,
			 const struct order *od)
{
	char quoted[2 * ORDER_ARG_MAX];
	const char *text = NULL;
	bool relayed = g && r->to >= 0 && r->kind != REPLY_REFUSED &&
		       game_message_to(g, r->to, od, &text);

	bool opponent = !g || g->nseats == 2;

	if (!relayed) {
		buf_phrase(b, opponent ? F_("a message for your opponent") : F_("a message"));
		return;
	}
	game_message_quote(text, quoted, sizeof quoted);
	if (opponent)
		buf_phrase(b, "a message for your opponent, relayed as %s", quoted);
	else
		buf_phrase(b, "a message, relayed as %s", quoted);
}

/* A refusal's reasons, each line it names quoted within the budget. */
void view_add_errors(struct tctx *c, const struct view_extra *x, struct quote_budget *qb)
{
	char q[QUOTE_OUT_MAX];

	for (size_t i = 0; i < x->nerrors; i++) {
		if (!quote_take(qb, x->errors[i].text, q)) {
			add_more(c, "errors", 0, x->nerrors - i, true);
			return;
		}
		quote_count(qb, strlen(x->errors[i].reason));
		struct tctx *it = tctx_item(c, "errors");
		if (!it)
			return;
		if (x->errors[i].lineno)
			tctx_set(it, "line", "%d", x->errors[i].lineno);
		tctx_set(it, "text", "%s", q);
		tctx_set(it, "reason", "%s", x->errors[i].reason);
	}
}

/* "Read in your mail: e4; offer draw (and 2 lines passed over as prose)". A message is
 * quoted whole, as it was relayed (at most a paragraph of ORDER_ARG_MAX bytes), and
 * counted against the budget like the rest. */
void view_add_read(struct tctx *c, const struct game *g, const struct reply *r,
		     const struct orders *o, struct quote_budget *qb)
{
	struct buf b = { 0 };
	char q[QUOTE_OUT_MAX];

	for (size_t i = 0; i < o->n; i++) {
		const struct order *od = &o->o[i];
		struct buf m = { 0 };
		bool fits;

		if (od->kind == ORDER_MESSAGE) {        /* whole, as it was relayed */
			message_read(&m, g, r, od);
			fits = quote_take(qb, "", q);
			quote_count(qb, m.n);
		} else {                                /* a password is never written back */
			fits = quote_take(qb, od->kind == ORDER_PASSWORD ? QUOTE_PASSWORD_HIDDEN :
					  od->text, q);
		}
		if (fits)
			buf_printf(&b, "%s%s", i ? "; " : "", m.s ? m.s : q);
		buf_free(&m);
		if (!fits) {
			buf_str(&b, "; ");
			buf_nphrase(&b, o->n - i, "\xE2\x80\xA6 and %zu more", "\xE2\x80\xA6 and %zu more",
				    o->n - i);
			break;
		}
	}
	if (o->nprose) {
		buf_str(&b, " ");
		buf_nphrase(&b, o->nprose, "(and %zu line passed over as prose)",
			    "(and %zu lines passed over as prose)", o->nprose);
	}
	tctx_set(c, "read", "%s", b.s ? b.s : "");
	buf_free(&b);
}

/* test's account of the mail: its subject, its servers' verdicts, every line read and
 * what each was taken for, all within the budget. */
void view_add_test(struct tctx *c, const struct view_extra *x, struct quote_budget *qb)
{
	char q[QUOTE_OUT_MAX];

	tctx_set(c, "applied", "%s", x->applied ? "yes" : "");
	tctx_set(c, "sender", "%s", x->sender ? x->sender : "");
	tctx_set(c, "auth", "%s", x->auth ? x->auth : "");
	quote_take(qb, x->subject ? x->subject : "", q);
	tctx_set(c, "subject", "%s", q);
	for (size_t i = 0; i < x->nauth && quote_take(qb, x->auth_results[i], q); i++) {
		struct tctx *it = tctx_item(c, "auth_results");
		if (it)
			tctx_set(it, "text", "%s", q);
	}
	add_lines(c, "received", x->lines, x->nlines, qb);
	if (!x->orders)
		return;
	for (size_t i = 0; i < x->orders->n; i++) {
		const struct order *od = &x->orders->o[i];
		const char *text = od->kind == ORDER_PASSWORD ? QUOTE_PASSWORD_HIDDEN : od->text;
		if (!quote_take(qb, text, q)) {
			add_more(c, "orders", x->orders->o[i].lineno, x->orders->n - i, false);
			break;
		}
		struct tctx *it = tctx_item(c, "orders");
		if (!it)
			break;
		tctx_set(it, "line", "%d", x->orders->o[i].lineno);
		tctx_set(it, "text", "%s", q);
	}
	add_notes(c, "ignored", x->orders->prose, x->orders->nprose, qb, false);
	add_notes(c, "errors", x->orders->err, x->orders->nerr, qb, true);
}

