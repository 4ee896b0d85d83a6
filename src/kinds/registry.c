/* registry.c: see registry.h. Adding a kind: its folder, one line in `kinds` below. */
#include "kinds/registry.h"

#include <stdio.h>
#include <string.h>

#include "kinds/chess/chess_kind.h"
#include "kinds/chessme/chessme_kind.h"
#include "kinds/chessme/chessme_store.h"
#include "kinds/chessme/chessme_view.h"
#include "kinds/knightmare/knightmare_kind.h"
#include "kinds/knightmare/knightmare_store.h"
#include "kinds/knightmare/knightmare_view.h"
#include "kinds/perplexichess/perplexichess_kind.h"
#include "kinds/perplexichess/perplexichess_store.h"
#include "kinds/perplexichess/perplexichess_view.h"
#include "kinds/tempete/tempete_kind.h"
#include "kinds/tempete/tempete_store.h"
#include "kinds/tempete/tempete_view.h"
#include "kinds/tigerchess/tigerchess_kind.h"
#include "kinds/tigerchess/tigerchess_store.h"
#include "kinds/tigerchess/tigerchess_view.h"
#include "render/view_kind.h"
#include "store/store_kind.h"

struct entry {
	const struct kind *kind;
	const struct kind_store *store;
	const struct kind_view *view;
};

static const struct entry kinds[] = {
	{ &kind_chess, NULL, NULL },
	{ &kind_tempete, &kind_tempete_store, &kind_tempete_view },
	{ &kind_perplexichess, &kind_perplexichess_store, &kind_perplexichess_view },
	{ &kind_chessme, &kind_chessme_store, &kind_chessme_view },
	{ &kind_knightmare, &kind_knightmare_store, &kind_knightmare_view },
	{ &kind_tigerchess, &kind_tigerchess_store, &kind_tigerchess_view },
};

#define NKINDS (sizeof kinds / sizeof kinds[0])

const struct kind *kind_find(const char *name)
{
	if (!name || !*name)
		return &kind_chess;
	for (size_t i = 0; i < NKINDS; i++)
		if (!strcmp(kinds[i].kind->name, name))
			return kinds[i].kind;
	return NULL;
}

const struct kind *kind_at(size_t i)
{
	return i < NKINDS ? kinds[i].kind : NULL;
}

void kinds_register(void)
{
	/* the tables the two layers keep borrowed pointers to, so static */
	static struct store_kind stores[NKINDS];
	static struct view_kind views[NKINDS];

	for (size_t i = 0; i < NKINDS; i++) {
		stores[i] = (struct store_kind){ kinds[i].kind, kinds[i].store };
		views[i] = (struct view_kind){ kinds[i].kind, kinds[i].view };
	}
	/* the first is the generic kind: kind_find("") */
	store_kinds_set(stores, NKINDS);
	view_kinds_set(views, NKINDS);
}

#define WORDS_MAX 128

const struct order_word *kind_all_orders(size_t *n)
{
	static struct order_word all[WORDS_MAX];
	static size_t nall;

	if (!nall)
		for (size_t i = 0; i < NKINDS; i++)
			for (size_t j = 0; j < kinds[i].kind->norders; j++) {
				const struct order_word *w = &kinds[i].kind->orders[j];
				size_t k = 0;
				while (k < nall && strcmp(all[k].words, w->words))
					k++;
				if (k == nall && nall < WORDS_MAX)
					all[nall++] = *w;
			}
	*n = nall;
	return all;
}

const char *kind_names(void)
{
	static char names[256];

	if (!names[0])
		for (size_t i = 0; i < NKINDS; i++) {
			size_t at = strlen(names);
			snprintf(names + at, sizeof names - at, "%s%s", i ? ", " : "", kinds[i].kind->name);
		}
	return names;
}
