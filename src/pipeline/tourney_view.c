/* tourney_view.c: what a tournament's mails show each reader (tourney.h): the code of
 * their subject's tag, their section, the tables' headings in their language, the
 * ratings. Below the replies that draw them and the commits that send them. */
#include <ctype.h>
#include <stdlib.h>

#include "pipeline/tourney.h"
#include "render/catalogue.h"
#include "store/tournament_json.h"
#include "util/log.h"

void tourney_token(const uint8_t *key, size_t klen, int id, const char *address,
		   char out[TOKEN_LEN + 1])
{
	char data[ADDR_MAX + 64];
	uint8_t mac[CRYPTO_HASH_LEN];
	size_t n = (size_t)snprintf(data, sizeof data, "tempest tournament %d ", id);

	for (const char *a = address; *a && n + 1 < sizeof data; a++)
		data[n++] = (char)tolower((unsigned char)*a);
	data[n] = 0;
	crypto_hmac(key, klen, data, n, mac);
	crypto_base32(mac, sizeof mac, out, TOKEN_LEN);
	out[TOKEN_LEN] = 0;
}

/* A heading of the tables, in the reader's language where its catalogue has it. */
static const char *word(const struct language *lang, const char *msgid)
{
	const char *w = lang && lang->cat ? catalogue_get(lang->cat, NULL, msgid) : NULL;

	return w && *w ? w : msgid;
}

int tourney_view(struct job *j, const char *rcpt, const struct language *lang,
		 struct tn_view *v, struct glicko **ratings)
{
	struct pipeline *pl = j->pl;
	const struct tournament *t = j->t;
	const struct variant *var = pipeline_variant(pl, t->terms.variant);
	long me = rcpt ? tn_player_of(t, rcpt) : -1;
	struct tn_ratings r;
	struct err e;

	*ratings = NULL;
	*v = (struct tn_view){ .t = t, .variant = var ? var->title : t->terms.variant,
			       .section = me >= 0 ? t->players[me].section : 0 };
	/* anyone may ask for the standings: the entrants as the public names them */
	if (!(v->names = players_entrant_names(&pl->players, t, (enum naming_rule)pl->naming)))
		return -1;
	tn_words_english(&v->words);
	v->words = (struct tn_words){ word(lang, v->words.player), word(lang, v->words.rating),
		word(lang, v->words.points), word(lang, v->words.sb), word(lang, v->words.games),
		word(lang, v->words.section), word(lang, v->words.entrant) };
	if (!t->terms.rated || !t->nplayers)
		return 0;
	if (!(*ratings = calloc(t->nplayers, sizeof **ratings)))
		return -1;
	if (pl->ratings) {              /* a result being posted: its ratings, not yet saved */
		for (size_t i = 0; i < t->nplayers; i++)
			(*ratings)[i] = tn_rating_now(pl->ratings, t->terms.variant,
						      t->players[i].address, NULL);
		v->ratings = *ratings;
		return 0;
	}
	if (store_ratings_load(&pl->st, pl->cfg.rating_period_days, &r, &e) < 0) {
		log_warn("%s (the standings show no ratings)", e.msg);
		free(*ratings);
		*ratings = NULL;
		return 0;
	}
	for (size_t i = 0; i < t->nplayers; i++)
		(*ratings)[i] = tn_rating_now(&r, t->terms.variant, t->players[i].address, NULL);
	tn_ratings_free(&r);
	v->ratings = *ratings;
	return 0;
}
