/* utf8.c: see utf8.h. */
#include "util/utf8.h"

unsigned utf8_at(const unsigned char *s, size_t *n)
{
	if (s[0] < 0xc0 || s[0] >= 0xf8) {
		*n = 1;
		return s[0];
	}
	size_t len = s[0] >= 0xf0 ? 4 : s[0] >= 0xe0 ? 3 : 2;
	unsigned cp = s[0] & (0x3f >> (len - 1));
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80) {
			*n = 1;
			return s[0];
		}
		cp = cp << 6 | (s[i] & 0x3f);
	}
	*n = len;
	return cp;
}

bool utf8_invisible(unsigned cp)
{
	return cp == 0xad || cp == 0x61c || cp == 0x180e || (cp >= 0x200b && cp <= 0x200f) ||
	       (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2060 && cp <= 0x2064) ||
	       (cp >= 0x2066 && cp <= 0x206f) || cp == 0xfeff || (cp >= 0xfff9 && cp <= 0xfffb);
}
