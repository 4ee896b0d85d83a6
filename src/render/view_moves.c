/* view_moves.c: the one-click moves of a mail's HTML part (view.h, view_moves_html;
 * docs/design.md "One-click moves"): what its reader may send now (game/choices.h), each
 * a mailto: link (RFC 6068) to the referee whose subject is the reply's, with the
 * reader's token in its tag, and whose body is the choice's orders. Grouped by the piece
 * that moves, each link a button of at least 44 CSS pixels a side (what a finger hits on
 * a phone: Apple's and the WCAG's 44 px), with inline styles as the board has them
 * (board_html.c says why). The part stays ASCII: every other character is a reference. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/notation.h"
#include "game/choices.h"
#include "render/board_html.h"
#include "render/view.h"
#include "util/phrase.h"

/* What a link looks like: a grey button, its text on one line 44 px high, at least 44 px
 * wide with its padding (the shortest move, "e5", is some 19 px at 17 px). Each link
 * carries it whole (no class reaches a mail), so it is kept short: the section's size is
 * some 380 bytes a link. */
#define LINK_STYLE "display:inline-block;min-width:20px;line-height:44px;padding:0 12px;" \
	"margin:0 4px 6px 0;text-align:center;" \
	"border:1px solid #999;border-radius:6px;background:#eee;color:#000;" \
	"text-decoration:none;font-size:17px"
/* The links section's bytes at most: beyond, the remaining choices are counted, not
 * listed (chess's 218 moves at most take some 85 KB). */
#define LINKS_BYTES_MAX (100 * 1024)

/* Text for HTML, ASCII: <, >, &, " escaped, every other character a reference. */
static void ascii(const char *s, struct buf *out)
{
	const unsigned char *u = (const unsigned char *)s;

	while (*u) {
		const unsigned char *run = u;       /* ASCII that needs no escape, in one piece */
		while (*run && *run < 0x80 && *run != '<' && *run != '>' && *run != '&' && *run != '"')
			run++;
		buf_add(out, (const char *)u, (size_t)(run - u));
		if (!*(u = run))
			break;
		if (*u < 0x80) {
			char c[2] = { (char)*u++, 0 };
			board_html_escape(c, out);
			continue;
		}
		unsigned cp = 0, n = *u >= 0xF0 ? 3 : *u >= 0xE0 ? 2 : *u >= 0xC0 ? 1 : 0;
		cp = *u++ & (0x3F >> n);
		for (unsigned k = 0; k < n && (*u & 0xC0) == 0x80; k++)
			cp = cp << 6 | (*u++ & 0x3F);
		buf_add(out, "&#", 2);
		buf_uint(out, cp);
		buf_add(out, ";", 1);
	}
}

/* RFC 6068, section 2: a header field's value and an addr-spec keep the unreserved
 * characters and some-delims ("!$'()*,;:@"; '+' too, which some clients read as a blank
 * in a query, is encoded); everything else percent-encoded, UTF-8 bytes each, a line
 * break as %0D%0A. */
static bool kept(unsigned char c)
{
	switch (c) {
	case '-': case '.': case '_': case '~': case '!': case '$': case '\'': case '(':
	case ')': case '*': case ',': case ';': case ':': case '@':
		return true;
	default:
		return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
	}
}

static void percent(const char *s, struct buf *out)
{
	static const char hex[] = "0123456789ABCDEF";

	while (*s) {
		const unsigned char *u = (const unsigned char *)s;
		size_t run = 0;
		while (kept(u[run]))
			run++;
		buf_add(out, s, run);           /* a run as it is, in one piece */
		s += run;
		if (!*s)
			break;
		if (*s == '\n') {
			buf_str(out, "%0D%0A");
		} else {
			char e[3] = { '%', hex[(unsigned char)*s >> 4], hex[*s & 15] };
			buf_add(out, e, 3);
		}
		s++;
	}
}

void view_mailto(const char *to, const char *subject, const char *body, struct buf *out)
{
	buf_str(out, "mailto:");
	percent(to, out);
	buf_str(out, "?subject=");
	percent(subject, out);
	buf_str(out, "&amp;body=");
	percent(body, out);
}

/* A phrase in the reader's language (English without one). */
static void phrase(const struct html_reader *hr, const char *text, struct buf *out)
{
	struct buf said = { 0 };

	phrase_render(&said, text, hr->l);
	ascii(said.s ? said.s : "", out);
	buf_free(&said);
}

/* A group's heading: the piece's figurine (or its letter, which the key under the board
 * names), or the group's words. */
static void heading(const struct game *g, const struct choice *c, const struct html_reader *hr,
		    bool figurines, struct buf *out)
{
	const struct variant *v = g->v;

	buf_str(out, "<p style=\"margin:8px 0 4px 0;font-size:15px;color:#333333\">");
	if (c->piece) {
		char letter = variant_piece_char(v, c->piece);
		const char *fig = figurines ?
				  board_html_figurine((char)(letter & ~0x20), PIECE_COLOR(c->piece)) : NULL;
		if (fig) {
			buf_str(out, "<span style=\"font-size:26px\">");
			buf_str(out, fig);
			buf_str(out, "</span>");
		} else {
			buf_str(out, "<b style=\"font-size:20px\">");
			buf_add(out, &letter, 1);
			buf_str(out, "</b>");
		}
	} else
		phrase(hr, c->group, out);
	buf_str(out, "</p>\n");
}

void view_moves_html(const struct game *g, const struct choices *ch, const char *subject,
		     const struct html_reader *hr, struct buf *out)
{
	char reply[1100];

	if (!ch->n && !ch->left_out)
		return;
	snprintf(reply, sizeof reply, "Re: %s", subject);
	buf_str(out, "<div data-moves=\"");
	buf_uint(out, ch->n);
	buf_str(out, "\" style=\"margin:12px 0;font-family:sans-serif\">\n");
	buf_str(out, "<p style=\"margin:0 0 4px 0;font-size:16px\">");
	phrase(hr, ch->n ? N_("One tap writes your mail to me, ready to send:") :
	       N_("Write your orders by hand, as usual."), out);
	buf_str(out, "</p>\n");
	size_t start = out->n, shown = ch->n;
	struct buf head = { 0 };        /* what every link's URI shares, made once */
	bool figurines = view_chess_pieces(g->v);
	view_mailto(hr->referee, reply, "", &head);
	for (size_t i = 0; i < ch->n; i++) {
		const struct choice *c = &ch->c[i];
		if (out->n - start > LINKS_BYTES_MAX) {
			shown = i;
			break;
		}
		if (!i || strcmp(c->group, ch->c[i - 1].group) || c->piece != ch->c[i - 1].piece)
			heading(g, c, hr, figurines, out);
		buf_str(out, "<a href=\"");
		buf_add(out, head.s ? head.s : "", head.n);
		percent(c->body, out);
		buf_str(out, "\" style=\"" LINK_STYLE "\">");
		if (c->words)
			phrase(hr, c->label, out);
		else
			ascii(c->label, out);
		buf_str(out, "</a>\n");         /* a link a line: the part's lines stay short */
	}
	buf_free(&head);
	if (ch->left_out || shown < ch->n) {
		char more[256];
		int left = (int)(ch->left_out + ch->n - shown);
		if (ch->left_out_note && shown == ch->n)
			phrase_printf(more, sizeof more, ch->left_out_note, left);
		else
			phrase_nprintf(more, sizeof more, (unsigned long)left, "%d more is not listed "
				       "here (too many for a mail): write it as usual.", "%d more are "
				       "not listed here (too many for a mail): write them as usual.",
				       left);
		buf_str(out, "<p style=\"margin:8px 0;font-size:15px\">");
		phrase(hr, more, out);
		buf_str(out, "</p>\n");
	}
	buf_str(out, "</div>\n");
}
