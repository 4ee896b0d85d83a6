/* msgtext_sig.c: what ends a player's text without being quotation: phone footers,
 * disclaimers, vCards and signatures, with or without "-- " (msgtext.h lists the rules;
 * docs/orders.md "Reading rules" gives examples). */
#include "mail/msgtext_int.h"

#include <string.h>
#include <strings.h>

#define starts_ci msgtext_starts_ci
#define contains_ci msgtext_contains_ci

static bool is_ascii_upper(char c)
{
	return c >= 'A' && c <= 'Z';
}

static bool is_ascii_lower(char c)
{
	return c >= 'a' && c <= 'z';
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* A letter for a name: ASCII, or any byte of a UTF-8 sequence (accents, kana, kanji). */
static bool is_letter(char c)
{
	return is_ascii_upper(c) || is_ascii_lower(c) || (unsigned char)c >= 0x80;
}

/* ---- Footers ----------------------------------------------------------------------- */

static const struct footer {
	const char *start, *end; /* end NULL: anything may follow */
} footers[] = {
	{ "Sent from my ", NULL },           { "Sent from Mail for Windows", NULL },
	{ "Sent from Yahoo Mail", NULL },    { "Sent from Outlook", NULL },
	{ "Sent from Samsung", NULL },       { "Get Outlook for ", NULL },
	{ "Sent with Proton Mail", NULL },   { "Sent with ProtonMail", NULL },
	{ "Sent from Gmail Mobile", NULL },  { "Sent via ", "mobile" },
	{ "Sent from AOL Mobile Mail", NULL }, { "Get BlueMail for ", NULL },
	{ "Sent from Mail.ru", NULL },       { "Sent from Thunderbird", NULL },
	{ "Envoyé de mon ", NULL },          { "Envoyé depuis mon ", NULL },
	{ "Envoyé à partir de ", NULL },     { "Envoyé avec Proton Mail", NULL },
	{ "Obtenir Outlook pour ", NULL },   { "Télécharger Outlook pour ", NULL },
	{ "Von meinem ", "gesendet" },       { "Gesendet von meinem ", NULL },
	{ "Von Outlook für ", "gesendet" },  { "Holen Sie sich Outlook für ", NULL },
	{ "Gesendet mit der ", NULL },       { "Enviado desde mi ", NULL },
	{ "Enviado desde Outlook", NULL },   { "Obtener Outlook para ", NULL },
	{ "Enviado do meu ", NULL },         { "Enviado do ", NULL },
	{ "Inviato dal mio ", NULL },        { "Inviato da ", NULL },
	{ "Scarica Outlook per ", NULL },    { "Verzonden vanaf mijn ", NULL },
	{ "Verstuurd vanaf mijn ", NULL },   { "Verzonden met ", NULL },
	{ "Skickat från min ", NULL },       { "Skickat från ", NULL },
	{ "Hämta Outlook för ", NULL },      { "Sendt fra min ", NULL },
	{ "iPhoneから送信", NULL },          { "iPadから送信", NULL },
	{ "Androidから送信", NULL },         { "Outlook for ", "を入手" },
	{ "Yahoo!メール", NULL },
};

/* The line without links ("<https://...>", "(https://...)"), brackets and stars, spaces
 * collapsed, trailing '.' and '!' dropped; false if it cannot be a footer: too long, or
 * with a ':' left, as in "Sent from my phone: e4". */
static bool footer_norm(const struct view *v, char *out, size_t cap, size_t *len)
{
	size_t o = 0;

	if (v->n >= cap)
		return false;
	for (size_t i = 0; i < v->n; i++) {
		const char *close = NULL;

		if (v->s[i] == '<' || (v->s[i] == '(' && starts_ci(v->s + i + 1, v->n - i - 1, "http")))
			close = memchr(v->s + i, v->s[i] == '<' ? '>' : ')', v->n - i);
		if (close) {
			i = (size_t)(close - v->s);
			continue;
		}
		if (v->s[i] == '[' || v->s[i] == ']' || v->s[i] == '*')
			continue;
		if (v->s[i] == ' ' && (!o || out[o - 1] == ' '))
			continue;
		if (v->s[i] == ':')
			return false;
		out[o++] = v->s[i];
	}
	while (o && (out[o - 1] == ' ' || out[o - 1] == '.' || out[o - 1] == '!'))
		o--;
	*len = o;
	return o > 0 && o <= 80;
}

/* Does s end with p (case ignored), after a space or not (Japanese has none)? */
static bool ends_ci(const char *s, size_t n, const char *p)
{
	size_t pl = strlen(p);

	return n >= pl && !strncasecmp(s + n - pl, p, pl);
}

bool msgtext_is_footer(const struct view *v)
{
	char s[128];
	size_t n;

	if (!footer_norm(v, s, sizeof s, &n))
		return false;
	for (size_t i = 0; i < COUNT(footers); i++)
		if (starts_ci(s, n, footers[i].start) &&
		    (!footers[i].end || ends_ci(s, n, footers[i].end)))
			return true;
	return false;
}

/* ---- Disclaimers and vCards -------------------------------------------------------- */

/* Words of the legal notices mail servers add, in the languages of the corpus. */
static const char *const disclaimer_words[] = {
	"confidential", "intended recipient", "intended only", "intended solely",
	"privileged", "have received this", "in error", "notify the sender",
	"unauthorised", "unauthorized", "prohibited", "disclaimer", "legally", "virus",
	"confidentiel", "destinataire", "avez reçu ce", "par erreur", "strictement interdit",
	"pièces jointes", "avertissement", "vertraulich", "irrtümlich", "empfänger",
	"adressat", "unbefugte", "nicht gestattet", "haftung", "confidencial", "destinatari",
	"por error", "prohibid", "aviso legal", "riservat", "per errore", "vietat",
	"vertrouwelijk", "geadresseerde", "per vergissing", "onbevoegd", "konfidentiell",
	"sekretess", "mottagare", "av misstag", "por engano", "destinatário", "機密", "秘密",
	"誤って", "第三者", "宛先",
};

/* How many of the disclaimer words the paragraph v[a..b) holds, and its bytes. The words
 * are searched in a lower-cased copy of its first 8 KB (a notice is shorter). */
static size_t disclaimer_hits(const struct view *v, size_t a, size_t b, size_t *bytes)
{
	char low[8192];
	size_t hits = 0, o = 0;

	*bytes = 0;
	for (size_t i = a; i < b; i++)
		*bytes += v[i].n;
	if (*bytes < 100)
		return 0;
	for (size_t i = a; i < b && o < sizeof low; i++) {
		for (size_t k = 0; k < v[i].n && o < sizeof low; k++)
			low[o++] = is_ascii_upper(v[i].s[k]) ? (char)(v[i].s[k] - 'A' + 'a') : v[i].s[k];
		if (o < sizeof low)
			low[o++] = ' ';
	}
	for (size_t w = 0; w < COUNT(disclaimer_words) && hits < 2; w++)
		if (memmem(low, o, disclaimer_words[w], strlen(disclaimer_words[w])))
			hits++;
	return hits;
}

/* A paragraph of at least 100 bytes with two of the words above is a legal notice, as
 * no player writes one; it and what follows it go (a line can begin with "message…"
 * where the notice is wrapped: it is not read). A vCard goes from BEGIN:VCARD on. */
size_t msgtext_disclaimer_start(const struct view *v, size_t n, const bool *skip)
{
	for (size_t i = 0; i < n; i++) {
		size_t j = i, bytes;

		if (skip[i])
			continue;
		while (j < n && !skip[j] && j - i < 200) {
			if (msgtext_is_phrase(v[j].s, v[j].n, "BEGIN:VCARD"))
				return j;
			j++;
		}
		if (disclaimer_hits(v, i, j, &bytes) >= 2 && bytes >= 100)
			return i > 0 && v[i - 1].n >= 8 && strspn(v[i - 1].s, "-_=*") == v[i - 1].n ?
			       i - 1 : i;
		i = j;
	}
	return n;
}

/* ---- Sign-offs and greetings -------------------------------------------------------- */

/* Closing phrases, in the languages of the corpus: alone on a line, maybe with a comma
 * and a name, they end the player's text. */
static const char *const closings[] = {
	/* English */
	"thanks", "thank you", "thanks again", "many thanks", "thanks a lot", "cheers",
	"best", "best regards", "kind regards", "regards", "warm regards", "warmest regards",
	"all the best", "best wishes", "sincerely", "yours sincerely", "yours truly",
	"yours", "take care", "talk soon", "br", "rgds", "kr", "with thanks", "greetings",
	"have a nice day", "have a good one", "see you", "see you soon", "see ya", "later",
	"laters", "bye", "bye for now", "ttyl", "cya",
	/* French */
	"cordialement", "bien cordialement", "bien à vous", "bien à toi", "amitiés",
	"amicalement", "merci", "merci beaucoup", "bonne journée", "bonne soirée",
	"à bientôt", "salutations", "sincères salutations", "bises", "bonne partie",
	/* German */
	"mit freundlichen grüßen", "mit freundlichen grüssen", "freundliche grüße", "mfg",
	"viele grüße", "viele grüsse", "liebe grüße", "liebe grüsse", "beste grüße",
	"schöne grüße", "herzliche grüße", "grüße", "gruß", "lg", "vg", "danke",
	"vielen dank", "bis bald", "tschüss",
	/* Spanish */
	"saludos", "un saludo", "saludos cordiales", "atentamente", "gracias",
	"muchas gracias", "un abrazo", "hasta luego",
	/* Italian */
	"cordiali saluti", "saluti", "distinti saluti", "un saluto", "grazie",
	"grazie mille", "a presto", "ciao",
	/* Dutch */
	"met vriendelijke groet", "met vriendelijke groeten", "vriendelijke groet", "mvg",
	"groeten", "groetjes", "hartelijke groet", "bedankt", "dank je",
	/* Swedish */
	"med vänliga hälsningar", "vänliga hälsningar", "mvh", "hälsningar", "hälsning",
	"tack", "tack så mycket", "kram",
	/* Portuguese */
	"atenciosamente", "abraços", "um abraço", "obrigado", "obrigada", "cumprimentos",
	"melhores cumprimentos",
	/* Japanese */
	"よろしくお願いします", "よろしくお願いいたします", "よろしくお願い致します",
	"宜しくお願いします", "宜しくお願い致します", "よろしく", "敬具", "以上",
	"ありがとうございます", "ありがとうございました",
};

static const char *const greetings[] = {
	"hi", "hello", "hey", "dear", "good morning", "good afternoon", "good evening",
	"bonjour", "bonsoir", "salut", "coucou", "cher", "chère", "hallo", "liebe", "lieber",
	"guten morgen", "guten tag", "moin", "servus", "hola", "buenos días", "buenas",
	"estimado", "estimada", "ciao", "buongiorno", "salve", "caro", "cara", "gentile",
	"hoi", "beste", "goedemorgen", "goedemiddag", "hej", "hejsan", "god morgon", "olá",
	"bom dia", "boa tarde", "prezado", "prezada", "こんにちは", "こんばんは",
	"お世話になっております", "お世話になります", "お疲れ様です",
};

/* Does the word p begin s, followed by a non-letter or the end? (Japanese phrases are
 * followed by anything.) */
static bool starts_word(const char *s, size_t n, const char *p)
{
	size_t pl = strlen(p);

	return starts_ci(s, n, p) &&
	       (pl == n || (unsigned char)p[0] >= 0x80 || !is_letter(s[pl]));
}

/* Is s[0..n) one to three capitalised words of a name ("Bob", "Alex Smith", "J.-P.
 * Dubois")? Not castling ("O-O"): a name has a small letter. */
static bool is_name(const char *s, size_t n)
{
	size_t words = 0, i = 0;
	bool small = false;

	while (i < n) {
		size_t w = i;

		if (!is_ascii_upper(s[i]) && (unsigned char)s[i] < 0x80)
			return false;
		for (; i < n && (is_letter(s[i]) || s[i] == '.' || s[i] == '-' || s[i] == '\''); i++)
			small |= is_ascii_lower(s[i]) || (unsigned char)s[i] >= 0x80;
		if (i == w || ++words > 3)
			return false;
		while (i < n && s[i] == ' ')
			i++;
	}
	return words > 0 && small;
}

/* A sign-off line: a closing phrase, then only punctuation and maybe a name ("Cheers,",
 * "Best regards, Alex", "Thanks!", "よろしくお願いします。"). */
static bool is_closing(const struct view *v)
{
	size_t a = msgtext_skip_space(v->s, v->n);
	const char *s = v->s + a;
	size_t n = v->n - a;

	if (n > 60)
		return false;
	for (size_t i = 0; i < COUNT(closings); i++) {
		size_t k = strlen(closings[i]);

		if (!starts_word(s, n, closings[i]))
			continue;
		while (k < n && strchr(" ,.!;-~", s[k]))
			k++;
		while (n - k >= 3 && (!memcmp(s + k, "。", 3) || !memcmp(s + k, "、", 3) ||
				      !memcmp(s + k, "！", 3)))
			k += 3;
		if (k == n || (k > strlen(closings[i]) && is_name(s + k, n - k)))
			return true;
	}
	return false;
}

static bool is_greeting(const struct view *v)
{
	size_t a = msgtext_skip_space(v->s, v->n);

	if (v->n - a > 60)
		return false;
	for (size_t i = 0; i < COUNT(greetings); i++)
		if (starts_word(v->s + a, v->n - a, greetings[i]))
			return true;
	return false;
}

/* A line that is the sender's name, as the From header writes it (the whole name or
 * its first word, same case), maybe after a dash or a tilde: "Alex", "-- Alex Smith". */
static bool is_own_name(const struct view *v, const char *name)
{
	size_t a = msgtext_skip_space(v->s, v->n), n = v->n, first;

	if (!name || !*name)
		return false;
	while (a < n && strchr("-~", v->s[a]))
		a++;
	if (n - a >= 3 && (!memcmp(v->s + a, "—", 3) || !memcmp(v->s + a, "–", 3)))
		a += 3;
	while (a < n && v->s[a] == ' ')
		a++;
	while (n > a && strchr(" ,.!", v->s[n - 1]))
		n--;
	first = strcspn(name, " ,");
	return n > a && ((n - a == strlen(name) && !memcmp(v->s + a, name, n - a)) ||
			 (first >= 2 && n - a == first && !memcmp(v->s + a, name, first)));
}

/* ---- Contact blocks ------------------------------------------------------------------ */

/* The labels of a signature's contact lines ("Tel: ...", "Timezone: CET"). */
static const char *const contact_labels[] = {
	"tel", "tel.", "tél", "tél.", "phone", "mobile", "mob", "cell", "fax", "handy",
	"telefon", "teléfono", "telefono", "telefone", "móvil", "cellulare", "celular", "mobil",
	"tfn", "電話", "携帯", "email", "e-mail", "mail", "courriel", "web", "website", "site",
	"blog", "address", "adresse", "adres", "dirección", "indirizzo", "endereço", "adress",
	"住所", "timezone", "time zone", "tz", "zeitzone", "fuseau horaire", "signal",
	"whatsapp", "telegram", "skype", "twitter", "x", "linkedin", "mastodon", "github",
	"discord", "lichess", "chess.com", "fide", "fide id", "pronouns", "office",
};

/* How many digits s[0..n) holds if it is only digits and phone punctuation, else 0. */
static size_t phone_digits(const char *s, size_t n)
{
	size_t d = 0;

	for (size_t i = 0; i < n; i++) {
		if (is_digit(s[i]))
			d++;
		else if (!strchr(" +-.()/", s[i]))
			return 0;
	}
	return d;
}

/* Does the line hold a phone number: "+33 6 12 34 56 78" anywhere, or a line that is
 * one ("06 12 34 56 78", "(212) 555-0100")? A list of card numbers does not start with
 * '0', '+' or '('. */
static bool has_phone(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] == '+' && i + 1 < n && is_digit(s[i + 1])) {
			size_t j = i + 1;

			while (j < n && (is_digit(s[j]) || strchr(" -.()/", s[j])))
				j++;
			if (phone_digits(s + i, j - i) >= 8)
				return true;
		}
	return n && strchr("0(", s[0]) && phone_digits(s, n) >= 8;
}

/* A label from contact_labels, then ':' (or '.', for "Tel."), then something. */
static bool has_contact_label(const char *s, size_t n)
{
	for (size_t i = 0; i < COUNT(contact_labels); i++) {
		size_t k = strlen(contact_labels[i]);

		if (!starts_ci(s, n, contact_labels[i]))
			continue;
		while (k < n && s[k] == ' ')
			k++;
		if (k < n && (s[k] == ':' || (n - k >= 3 && !memcmp(s + k, "：", 3))))
			return true;
	}
	return false;
}

/* A UK ("SW1A 2AA", "M1 1AE") or Canadian ("K1M 1M4") postcode at s[i]. */
static bool postcode_at(const char *s, size_t n, size_t i)
{
	size_t j = i, a = 0;

	if (i > 0 && (is_letter(s[i - 1]) || is_digit(s[i - 1])))
		return false;
	if (n - i >= 7 && is_ascii_upper(s[i]) && is_digit(s[i + 1]) && is_ascii_upper(s[i + 2]) &&
	    s[i + 3] == ' ' && is_digit(s[i + 4]) && is_ascii_upper(s[i + 5]) && is_digit(s[i + 6]))
		return true;
	while (j < n && is_ascii_upper(s[j]) && a < 2)
		j++, a++;
	if (!a || j >= n || !is_digit(s[j]))
		return false;
	j++;
	if (j < n && (is_digit(s[j]) || is_ascii_upper(s[j])))
		j++;
	return n - j >= 4 && s[j] == ' ' && is_digit(s[j + 1]) && is_ascii_upper(s[j + 2]) &&
	       is_ascii_upper(s[j + 3]) && (n - j == 4 || !is_letter(s[j + 4]));
}

/* A postal line: a UK or Canadian postcode, a Japanese "〒", a US state and ZIP code
 * ("NY 10001"), or a European code before a town ("75001 Paris", "D-10115 Berlin"). */
static bool has_postcode(const char *s, size_t n)
{
	size_t i = 0, d = 0;

	if (contains_ci(s, n, "〒"))
		return true;
	for (size_t k = 0; k < n; k++)
		if (is_ascii_upper(s[k]) && postcode_at(s, n, k))
			return true;
	for (size_t k = 0; k + 8 <= n; k++)
		if (s[k] == ' ' && is_ascii_upper(s[k + 1]) && is_ascii_upper(s[k + 2]) &&
		    s[k + 3] == ' ' && strspn(s + k + 4, "0123456789") == 5 &&
		    (k + 9 == n || !is_digit(s[k + 9])))
			return true;
	if (n > 3 && is_ascii_upper(s[0]) && (s[1] == '-' || (is_ascii_upper(s[1]) && s[2] == '-')))
		i = s[1] == '-' ? 2 : 3;
	while (i + d < n && is_digit(s[i + d]))
		d++;
	if (d == 3 && i + 6 < n && s[i + 3] == ' ' && strspn(s + i + 4, "0123456789") == 2)
		d = 6;                  /* Swedish "111 22 Stockholm" */
	return (d == 4 || d == 5 || d == 6) && i + d + 2 < n && s[i + d] == ' ' &&
	       (is_ascii_upper(s[i + d + 1]) || (unsigned char)s[i + d + 1] >= 0x80);
}

/* A line that is only an address or a link, maybe after a label: "alex@example.org",
 * "<alex@example.org>", "https://alex.example.org", "www.example.org". */
static bool is_link_line(const char *s, size_t n)
{
	const char *sp = memchr(s, ' ', n);

	if (sp)
		return false;
	if (starts_ci(s, n, "http://") || starts_ci(s, n, "https://") || starts_ci(s, n, "www."))
		return true;
	const char *at = memchr(s, '@', n);
	return at && at > s && memchr(at, '.', n - (size_t)(at - s));
}

/* Is the line a contact line of a signature? */
static bool is_contact(const struct view *v)
{
	size_t a = msgtext_skip_space(v->s, v->n);
	const char *s = v->s + a;
	size_t n = v->n - a;

	if (n > 120)
		return false;
	return has_phone(s, n) || has_contact_label(s, n) || has_postcode(s, n) ||
	       is_link_line(s, n);
}

/* A handle ("alex99", "@alex"): lower-case letters and digits, never move-shaped. */
static bool is_handle(const char *s, size_t n)
{
	size_t letters = 0, digits = 0, i = s[0] == '@' ? 1 : 0;

	if (n < 4 || n > 30 || (!is_ascii_lower(s[i]) && s[0] != '@'))
		return false;
	for (; i < n; i++) {
		if (is_ascii_lower(s[i]))
			letters++;
		else if (is_digit(s[i]))
			digits++;
		else if (!strchr("._-", s[i]))
			return false;
	}
	return s[0] == '@' ? letters > 0 : letters >= 3 && digits >= 1 && (letters >= 4 || digits >= 2);
}

/* A street line: a number, then capitalised words ("10 Downing Street", "221B Baker
 * Street"); never a move or a numbered move ("12. Nf3" has a digit in its word). */
static bool is_street(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && is_digit(s[i]))
		i++;
	if (i < n && is_ascii_upper(s[i]) && i && i + 1 < n && s[i + 1] == ' ')
		i++;
	while (i < n && (s[i] == ',' || s[i] == ' '))
		i++;
	return i > 0 && i < n && is_digit(s[0]) && is_name(s + i, n - i);
}

/* Can the line be part of a signature: a contact line, a name, a handle, a street, a
 * line of a few words in another script (a Japanese name or address)? */
static bool sig_shaped(const struct view *v)
{
	size_t a = msgtext_skip_space(v->s, v->n), n = v->n - a;
	const char *s = v->s + a;

	if (n > 80)
		return false;
	if (is_contact(v) || is_name(s, n) || is_handle(s, n) || is_street(s, n))
		return true;
	/* "Alex Smith, Head of Chess", "New York, NY" */
	const char *comma = memchr(s, ',', n);
	if (comma && is_name(s, (size_t)(comma - s)) && n < 50)
		return true;
	return (unsigned char)s[0] >= 0x80 && n <= 60 && !memchr(s, ' ', n);
}

/* Adjacent in the body: no blank line between kept lines i and j. */
static bool adjacent(const struct view *v, size_t i, size_t j)
{
	return v[j].lineno == v[i].lineno + 1;
}

/* Where the trailing contact block of keep[0..n) begins, or n: its last paragraph's
 * lines from the end up while they are signature-shaped, at least two of them, one a
 * contact line; never the first line of the text. */
static size_t contact_block(const struct view *v, const size_t *keep, size_t n)
{
	size_t j = n, contacts = 0;

	while (j > 1 && sig_shaped(&v[keep[j - 1]])) {
		if (is_contact(&v[keep[j - 1]]))
			contacts++;
		j--;
		if (!adjacent(v, keep[j - 1], keep[j]))
			break;
	}
	return contacts && n - j >= 2 ? j : n;
}

size_t msgtext_signature_cut(const struct view *v, const size_t *keep, size_t n,
			     const char *sender_name)
{
	bool text_seen = false;

	for (size_t i = 0; i < n; i++) {
		const struct view *l = &v[keep[i]];

		if (text_seen && (is_closing(l) || is_own_name(l, sender_name))) {
			n = i;
			break;
		}
		if (!is_greeting(l))
			text_seen = true;
	}
	return contact_block(v, keep, n);
}
