/* legacy_text.h: text that earlier releases kept in English in a game's state (before
 * phrases, util/phrase.h), read back as the phrases this release keeps there. Used only
 * when such a state is loaded (docs/design.md, "Languages"); a new reply never passes
 * through it. */
#ifndef TEMPEST_LEGACY_TEXT_H
#define TEMPEST_LEGACY_TEXT_H

#include <stddef.h>

/* A game's termination as an earlier release wrote it ("checkmate", "boards won 2-1")
 * made the phrase that says it, in place (len bytes); one it does not know (a game
 * master's own reason), or one that is a phrase already, is left as it is. */
void legacy_termination(char *termination, size_t len);

#endif
