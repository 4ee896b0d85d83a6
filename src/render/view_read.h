/* view_read.h: what a reply says of the mail it answers, set into the reply's template
 * context (view.c's view_context calls them): a refusal's reasons (`errors`), the
 * sender's "Read in your mail" (`read`), and test's whole account (`received`, `orders`,
 * `ignored`, `errors`, `auth_results`). Each line a player wrote is quoted within qb, the
 * reply's budget (quote.h). */
#ifndef TEMPEST_VIEW_READ_H
#define TEMPEST_VIEW_READ_H

#include "game/game.h"
#include "render/quote.h"
#include "render/template.h"
#include "render/view.h"

void view_add_errors(struct tctx *c, const struct view_extra *x, struct quote_budget *qb);
void view_add_read(struct tctx *c, const struct game *g, const struct reply *r,
		   const struct orders *o, struct quote_budget *qb);
void view_add_test(struct tctx *c, const struct view_extra *x, struct quote_budget *qb);

#endif
