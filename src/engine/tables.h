/* tables.h: a compiled variant's precomputed tables (engine-internal).
 *
 * Built once by variant_compile() and owned by the variant. Move generation reads the
 * per-square lists of leaps, rides and conditional leaps; attack detection walks "probe
 * rays" outward from the attacked square, with a per-step mask of the piece types that
 * would attack from there. */
#ifndef TEMPEST_ENGINE_TABLES_H
#define TEMPEST_ENGINE_TABLES_H

#include "engine/variant.h"

struct leap {                   /* a leap straight to `to` */
	sq_t to;
	uint8_t flags;          /* BETZA_MOVE | BETZA_CAPTURE */
};

struct ride {                   /* squares pool[start .. start+len) in order */
	uint32_t start;
	uint16_t len;
	uint8_t flags;          /* BETZA_MOVE | BETZA_CAPTURE | BETZA_SKIP */
};

struct path_leap {              /* a leap whose path squares must be empty (LAME) or hold
				 * exactly one piece (HOP) */
	sq_t to;
	uint32_t path;          /* pool index */
	uint8_t npath;
	uint8_t flags;
};

/* Everything one piece type of one colour can do from one square. */
struct gen_entry {
	uint32_t leap, ride, pleap, promo;      /* start indexes */
	uint16_t nleap, nride, npleap;
	uint8_t npromo;                         /* promotion choices when arriving here */
	bool promotes;                          /* some move from here arrives where it
						 * promotes (a pawn not promoting by exchange) */
	sq_t dbl_mid, dbl_to;                   /* a pawn's two-square step, or SQ_NONE */
};

struct probe_step {
	sq_t sq;
	uint16_t rest;          /* the steps after this one on its ray */
	uint32_t mask;          /* attacker types that hit the probed square from here */
};

struct probe_ray {
	uint32_t start;         /* index into probe_steps */
	uint16_t len;
};

struct probe_entry {            /* per attacker colour and probed square */
	uint32_t start;         /* index into probe_rays */
	uint32_t cond;          /* index into conds */
	uint32_t step;          /* index into probe_steps: the rays' steps, one after another */
	uint16_t n, ncond, nstep;
};

struct cond_probe {             /* an attack that needs a path condition */
	sq_t from;
	uint32_t mask;
	uint32_t path;          /* pool index */
	uint8_t npath;
	uint8_t hop;            /* 1: exactly one occupied; 0: all empty */
};

struct castle_rt {              /* one castling of one side, with its derived squares */
	sq_t royal_from, royal_to, partner_from, partner_to;
	uint8_t bit;
	uint8_t nempty, nsafe;
	bool settled;           /* the partner leaves no line open to royal_to: safe squares
				 * found safe before the castling stay safe after it */
	sq_t empty[RANKS_MAX + 8];
	sq_t safe[RANKS_MAX + 8];
};

struct tables {
	int nsq;
	int minx, miny, w, h;           /* coordinate box of all squares */
	sq_t *at;                       /* (x-minx) + (y-miny)*w -> square */
	struct gen_entry *gen;          /* [(type*2 + colour) * nsq + sq] */
	struct leap *leaps;
	struct ride *rides;
	struct path_leap *pleaps;
	sq_t *pool;                     /* ride and path squares */
	uint8_t *promos;                /* promotion choice types */
	struct probe_entry *probes;     /* [colour * nsq + sq] */
	struct probe_ray *probe_rays;
	struct probe_step *probe_steps;
	struct cond_probe *conds;
	struct castle_rt castle[2][CASTLING_MAX];
	uint8_t castle_clear[SQ_MAX];   /* rights lost when a move starts or ends here */
	uint32_t royal_mask, pawn_mask, ep_mask, minor_mask, colorbound_mask, dedup_mask;
	uint32_t uncapturable_mask;     /* royal or immune: never captured */
	uint64_t prey[2];               /* bit q - 1: a piece of colour c may take piece code q
					 * (the other colour's, not uncapturable) */
	uint32_t chain_mask;              /* types with capture chains (chains.c) */
	uint32_t exchange_mask;          /* pawns promoting by exchange (exchange.c) */
	bool calm;                      /* some square may not be entered in check */
	bool exotic;                    /* some attack needs a path condition */
	sq_t *named;                    /* the squares off the grid by name: a hash table of
					 * nnamed slots (a power of two), SQ_NONE where free */
	uint32_t nnamed;
	uint64_t *zob;                  /* [piece code * nsq + sq] */
	uint64_t zob_side, zob_castle[256], *zob_ep;
	/* growth bookkeeping for the pools while compiling */
	size_t nleaps, nrides, npleaps, npool, npromos, nprobe_rays, nprobe_steps, nconds;
	size_t cap_leaps, cap_rides, cap_pleaps, cap_pool, cap_promos, cap_probe_rays,
	       cap_probe_steps, cap_conds;
};

/* The slot of a square's name (len bytes, any case) in a table of `slots` (a power of 2). */
static inline uint32_t tables_name_hash(const char *name, size_t len, uint32_t slots)
{
	uint32_t h = 2166136261u;

	for (size_t i = 0; i < len; i++)
		h = (h ^ (uint8_t)(name[i] | 0x20)) * 16777619u;
	return h & (slots - 1);
}

/* variant_compile()'s half that builds v->t; 0 or -1 with the reason (v->t stays NULL). */
int tables_build(struct variant *v, struct err *e);
void tables_free(struct tables *t);

static inline const struct gen_entry *tables_gen(const struct tables *t, int type,
						 enum color c, sq_t s)
{
	return &t->gen[((size_t)type * 2 + c) * (size_t)t->nsq + s];
}

#endif
