/* template.h: the small template language of the files in templates/ (docs/design.md, "Templates").
 *
 *   {{name}}                       the value of a variable ("" if it has none), its
 *                                  phrases in the reader's language (tctx_language)
 *   {{#if name}}...{{else}}...{{/if}}   the first part if name is non-empty (a list:
 *                                  non-empty), else the optional second part
 *   {{#each list}}...{{/each}}     once per item; inside, an item's own variables come
 *                                  first, then the outer ones
 *   {{! a comment }}
 * and, resolved before all these when the templates are loaded (template_expand), the
 * parts a kind may supply (docs/design.md, "Templates"):
 *   {{> name}}                     the part called name (nothing if there is none)
 *   {{#> name}}...{{/> name}}      the part, else the text between (the default)
 *   {{>* name}}                    every kind's part called name, one after the other
 * A line that holds nothing but a section tag or a comment disappears with its newline,
 * so sections can sit on their own lines. Nothing else is special: text is copied as is.
 *
 * Values live in a struct tctx (tctx_new / tctx_free; the context owns its strings and
 * lists). template_render() returns text the caller frees with free(). */
#ifndef TEMPEST_TEMPLATE_H
#define TEMPEST_TEMPLATE_H

#include <stdbool.h>
#include <stddef.h>

#include "util/buf.h"
#include "util/err.h"

struct tctx;

struct tctx *tctx_new(void);
void tctx_free(struct tctx *c);
/* Sets a variable (printf-style); 0 or -1 when out of memory. */
int tctx_set(struct tctx *c, const char *name, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Sets a variable to what b holds, which it takes (b is left empty, as buf_take leaves
 * it): a long value (a board, a move list) not copied. 0 or -1. */
int tctx_take(struct tctx *c, const char *name, struct buf *b);
/* Sets a variable to the phrase fmt and its arguments (util/phrase.h), written in the
 * reader's language where the template shows it; tctx_nphrase() a plural one. 0 or -1. */
int tctx_phrase(struct tctx *c, const char *name, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int tctx_nphrase(struct tctx *c, const char *name, unsigned long n, const char *one,
		 const char *many, ...) __attribute__((format(printf, 5, 6)));
/* Appends an item to the list variable `name` and returns it to be filled, or NULL. */
struct tctx *tctx_item(struct tctx *c, const char *name);
/* A variable's value ("" if unset or a list). */
const char *tctx_get(const struct tctx *c, const char *name);
/* The reader's language of a context (NULL: English; borrowed): a value that holds
 * phrases (util/phrase.h) is written in it where the template shows it. */
struct phrase_lang;
void tctx_language(struct tctx *c, const struct phrase_lang *l);

int template_render(const char *tpl, const struct tctx *c, char **out, struct err *e);
/* The same in two steps, for a template rendered many times: cut into tokens once (the
 * compiled template points into tpl, which must outlive it), then rendered. */
struct template;
int template_compile(const char *tpl, struct template **out, struct err *e);
void template_free(struct template *t);
int template_render_compiled(const struct template *t, const struct tctx *c, char **out,
			     struct err *e);
/* Does the template read the variable (a value, a section)? A costly value it does not
 * read need not be made. */
bool template_uses(const struct template *t, const char *name);
/* Checks the syntax and that every name used is in `known` (NULL-terminated); the error
 * names the line. */
int template_check(const char *tpl, const char *const *known, struct err *e);

/* Parts: template_expand() replaces each part tag by the text parts->text() gives for
 * it: name, the default (a block's text, parts already expanded; "" for {{> name}}),
 * `all` for {{>* name}}, `lines` when the tag stands alone on its line(s) (it then stands
 * for whole lines). The text is borrowed until the next call; NULL: an error, which
 * text() has set. *out is freed by the caller. */
struct template_parts {
	const char *(*text)(void *arg, const char *name, const char *fallback, bool all,
			    bool lines);
	void *arg;
};
int template_expand(const char *tpl, const struct template_parts *parts, char **out,
		    struct err *e);

#endif
