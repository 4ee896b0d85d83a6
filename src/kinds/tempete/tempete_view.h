/* tempete_view.h: what a mail of a Tempete game shows its reader (tempete_view.c). */
#ifndef TEMPEST_KINDS_TEMPETE_VIEW_H
#define TEMPEST_KINDS_TEMPETE_VIEW_H

#include "render/view_kind.h"

extern const struct kind_view kind_tempete_view;

#endif
