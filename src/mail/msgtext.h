/* msgtext.h: the lines a player actually wrote, out of a mail's body text (msg.text).
 *
 * msgtext_read() fills a struct msgtext the caller frees with msgtext_free(). Each kept
 * line carries its 1-based line number in the body, so the order parser can say "line 4:
 * ...". Lines keep their leading whitespace and lose their trailing whitespace (spaces,
 * tabs, no-break spaces). Blank lines are left out; numbering is not changed by that.
 * The rules, with examples, are in docs/orders.md "Reading rules"; the files: msgtext.c (lines,
 * quotation, history), msgtext_sig.c (signatures, footers, disclaimers),
 * msgtext_referee.c (the referee's own text).
 *
 * What is left out:
 *   - quoted lines: '>' after optional spaces;
 *   - an attribution line introducing quotation, i.e. one whose next non-blank line is
 *     quoted: "On ... wrote:", "Le ... a écrit :", "Am ... schrieb ...:", Dutch
 *     "schreef", Spanish "escribió", Italian "ha scritto", Portuguese "escreveu",
 *     Swedish "skrev", Japanese "...さんは書きました:" and Gmail's "2024年6月3日(月) 10:12
 *     Bob <b@x>:", wrapped over up to three lines. Without quotation after it the line
 *     is kept ("My opponent wrote:" stays), unless it is dated as a client dates it
 *     ("On Monday, June 3, 2024, 10:12 AM, Bob <b@x> wrote:"): Yahoo and Outlook.com
 *     paste the mail below such a line unquoted, so it starts history (below);
 *   - everything from the first history marker on: a signature separator ("-- " or
 *     "--"), "-----Original Message-----" and its French, German, Spanish, Italian,
 *     Dutch, Swedish, Portuguese and Japanese forms, forward markers ("---------- Forwarded
 *     message ---------", "Begin forwarded message:", ...), an Outlook header block (a
 *     "From:" line with a "Sent:"/"Date:" line among the next three, or "Sent:" with
 *     "To:" and "Subject:" after it, in English, French, German, Spanish, Italian, Dutch,
 *     Portuguese, Swedish and Japanese: "差出人:", "送信日時:", "宛先:", "件名:") with a
 *     rule of underscores or dashes just above it, a dated attribution (above), a vCard
 *     (BEGIN:VCARD), a corporate disclaimer (a paragraph of 100 bytes or more holding two
 *     of the words of legal notices: "confidential", "intended recipient", "destinataire",
 *     "vertraulich", ...), and a pasted referee mail (below);
 *   - phone and webmail footers ("Sent from my iPhone", "Envoyé de mon iPhone", "Von
 *     meinem iPhone gesendet", "Get Outlook for Android", "iPhoneから送信", ...): a line
 *     of at most 80 bytes starting with one of the known phrases, links and markup
 *     ignored, and with no ':' outside links (so "Sent from my phone: e4" stays);
 *   - the referee's own text, when msgtext_known gives its recogniser: a line that is a
 *     line of one of its templates (variables stand for any text) with three words of
 *     the referee's, or indented as a list of the referee's is ("  resign" from the
 *     help's orders, "  Time: ..." from the invitation's terms); a shorter one ("Moves:
 *     1. e4") when it and the line above are two lines of one template in order, a lone
 *     word or a left column never pairing ("resign", "status" are the player's); any
 *     line of a template between two of the first kind of it (the invitation's
 *     "accept"); the lines of a board diagram. From a referee mail's opening line, or
 *     from three such lines in a row (a diagram counting once), the rest is a pasted
 *     mail: history;
 *   - the signature, with or without "-- ": from a sign-off line ("Cheers,", "Best
 *     regards, Alex", "Cordialement", "Mit freundlichen Grüßen", "Saludos", "Met
 *     vriendelijke groet", "Med vänliga hälsningar", "よろしくお願いします", ...: a
 *     closing phrase alone, maybe with a name) or a line that is the sender's name (the
 *     From header's, or its first word, same case) on, once the player has written
 *     something other than a greeting; then a last paragraph of at least two lines, each
 *     a name, a handle ("alex99"), a street, or a contact line (a phone number, a
 *     postcode "SW1A 2AA", "K1M 1M4", "〒100-0001", "NY 10001", "75001 Paris", a link or
 *     an address alone, "Tel:", "Signal:", "Timezone:" ...), one of them a contact line,
 *     and never the text's first line. */
#ifndef TEMPEST_MSGTEXT_H
#define TEMPEST_MSGTEXT_H

#include <stddef.h>

#include "util/err.h"

struct text_line {
	int lineno;  /* 1-based, in the body text */
	char *text;  /* UTF-8, no line end */
};

struct msgtext {
	size_t n;
	struct text_line *line;
};

/* The referee's own text, recognised (msgtext_referee.c). */
struct msgtext_referee;

/* What the reader knows beyond the body; every member may be NULL. */
struct msgtext_known {
	const struct msgtext_referee *referee;
	const char *sender_name;        /* the From header's display name */
};

/* Fills *out (which it first clears) and returns 0, or -1 if memory runs out. */
int msgtext_read(const char *body, const struct msgtext_known *k, struct msgtext *out,
		 struct err *e);
/* msgtext_read() knowing nothing more. */
int msgtext_extract(const char *body, struct msgtext *out, struct err *e);

/* Frees the lines; *t is left empty and may be reused. */
void msgtext_free(struct msgtext *t);

/* The characters the referee's board diagram is drawn with (render/diagram.h, struct
 * diagram_shape), handed down by whoever knows both (the pipeline): mail does not include
 * render, and a pasted diagram is read from the same source that draws it.
 *     "  +-----------------+"   corner, rule
 *     "8 | r n b q k b n r |"   side */
struct msgtext_diagram {
	char corner, rule, side;
};

/* Builds the recogniser from the texts the referee sends, in the template language of
 * the templates/ files: a text whose first line is "Subject: ..." is a template (its
 * subject is left out, its first paragraph holds its opening lines); any other is a
 * list of lines (the help's order lines). "{{...}}" stands for any text; a line that
 * holds only tags, or no word outside them, is left out. The texts are copied; so is the
 * diagram's shape (NULL: no diagram is recognised). Returns 0 and sets *out
 * (msgtext_referee_free), or -1 when memory runs out. */
int msgtext_referee_new(const char *const *texts, size_t n, const struct msgtext_diagram *diagram,
			struct msgtext_referee **out, struct err *e);
void msgtext_referee_free(struct msgtext_referee *r);
/* How many lines it knows (for a test, a log line). */
size_t msgtext_referee_lines(const struct msgtext_referee *r);

#endif
