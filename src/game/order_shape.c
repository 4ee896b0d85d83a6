/* order_shape.c: see order_shape.h. */
#include "game/order_shape.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* "new chess", "new knightmare-cards": a variant is named by its file's name, in lower
 * case; a capital says a place or a time ("New York", "New Year"), prose. */
bool order_new_shaped(char **w, int nw)
{
	return nw == 1 && !isupper((unsigned char)w[0][0]);
}

/* "message Good luck!": not "Message me on Signal: +33 ...", a signature's contact line. */
bool order_message_shaped(char **w, int nw)
{
	return nw >= 1 && strcasecmp(w[0], "me") && strcasecmp(w[0], "us");
}

/* Words that say what became of a message rather than begin one: "Message received,
 * thanks.", "Message confidentiel - ...", "Nachricht erhalten". A line "message" followed
 * by one is a sentence about a message (asked about when the mail holds no other order:
 * message_about), never relayed. English participles are known by their "-ed" too. */
static const char *const message_states[] = {
	"received", "recieved", "sent", "delivered", "read", "noted", "understood", "follows",
	"below", "attached", "deleted", "forwarded", "acknowledged", "confidential", "private",
	"recu", "re\xc3\xa7u", "re\xc3\xa7ue", "envoye", "envoy\xc3\xa9", "transmis", "lu",
	"suivant", "confidentiel", "confidentielle", "personnel", "erhalten", "empfangen",
	"gesendet", "vertraulich", "recibido", "enviado", "confidencial", "ricevuto", "inviato",
	"riservato", "confidenziale", "ontvangen", "verzonden", "vertrouwelijk", "mottaget",
	"skickat",
};

bool order_message_about(char **w, int nw)
{
	char word[32];
	size_t n;

	if (nw < 1)
		return false;
	snprintf(word, sizeof word, "%s", w[0]);
	n = strlen(word);
	while (n && strchr(".,;:!?-", word[n - 1]))
		word[--n] = 0;
	if (!n)
		return false;
	for (size_t i = 0; i < sizeof message_states / sizeof message_states[0]; i++)
		if (!strcasecmp(word, message_states[i]))
			return true;
	return n >= 6 && !strcmp(word + n - 2, "ed");
}

/* Words that begin no name but may stand inside one ("Anne de la Tour"). */
static bool particle(const char *w)
{
	static const char *const words[] = { "van", "von", "der", "den", "de", "la", "le", "du",
		"del", "della", "di", "da", "dos", "das", "y", "bin", "ibn", "af", "zu", "ten", "ter" };

	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
		if (!strcmp(w, words[i]))
			return true;
	return false;
}

/* "name Alice Martin": a name as people write theirs, 1 to 5 words, each capitalised (or
 * a particle inside it), no address, no digit: not "Name your price", "name the opening". */
bool order_name_shaped(char **w, int nw)
{
	if (nw < 1 || nw > 5)
		return false;
	for (int i = 0; i < nw; i++) {
		unsigned char c = (unsigned char)w[i][0];
		if (strpbrk(w[i], "@<>0123456789\"") ||
		    (!(isupper(c) || c >= 0x80) && !(i > 0 && particle(w[i]))))
			return false;
	}
	return true;
}

/* "address public", "address hidden": not "Address: 10 Downing Street". */
bool order_address_shaped(char **w, int nw)
{
	return nw == 1 && (!strcasecmp(w[0], "public") || !strcasecmp(w[0], "hidden"));
}

/* "mail each", "mail digest": not "Mail me the board", "mail sent". */
bool order_mail_shaped(char **w, int nw)
{
	return nw == 1 && (!strcasecmp(w[0], "each") || !strcasecmp(w[0], "digest"));
}

