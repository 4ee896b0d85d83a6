/* perplexichess_view.h: what a mail of a Perplexichess game shows its reader
 * (perplexichess_view.c). */
#ifndef TEMPEST_KINDS_PERPLEXICHESS_VIEW_H
#define TEMPEST_KINDS_PERPLEXICHESS_VIEW_H

#include "render/view_kind.h"

extern const struct kind_view kind_perplexichess_view;

#endif
