/* test_crypto.c: SHA-256 and HMAC-SHA-256 against published vectors (FIPS 180-2's "abc";
 * RFC 4231's test cases 1, 2 and 6), each twice, as the digest is kept between calls;
 * XXH64 against the reference implementation's (xxhsum) on every path through it: the
 * empty text, a tail of bytes, of a word, of words, and stripes of 32 bytes. */
#include <string.h>

#include "check.h"
#include "util/crypto.h"
#include "util/xxh64.h"

static void hex(const uint8_t h[CRYPTO_HASH_LEN], char out[2 * CRYPTO_HASH_LEN + 1])
{
	crypto_hex(h, CRYPTO_HASH_LEN, out);
}

int main(void)
{
	uint8_t h[CRYPTO_HASH_LEN], key[131];
	char got[2 * CRYPTO_HASH_LEN + 1];

	/* hex and back; anything but lower-case hex digits refused */
	uint8_t bytes[4] = { 0x00, 0x9f, 0xa0, 0xff }, back[4];
	char text[9];
	crypto_hex(bytes, 4, text);
	CHECK_STR(text, "009fa0ff");
	CHECK(crypto_unhex(text, 4, back) && !memcmp(back, bytes, 4));
	CHECK(!crypto_unhex("009fA0ff", 4, back));
	CHECK(!crypto_unhex("009fa0fg", 4, back));
	CHECK(!crypto_unhex("0/9fa0ff", 4, back));

	/* an address's file name: its lower case's SHA-256, 16 bytes in hex */
	char name[CRYPTO_ADDRESS_NAME];
	crypto_address_name("Alice@Example.ORG", name);
	CHECK_STR(name, "7a64adf28737ea90719cbdf0b1a87a5e");
	crypto_address_name("alice@example.org", name);
	CHECK_STR(name, "7a64adf28737ea90719cbdf0b1a87a5e");
	for (int round = 0; round < 2; round++) {
		crypto_sha256("abc", 3, h);
		hex(h, got);
		CHECK_STR(got, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
		crypto_sha256("", 0, h);
		hex(h, got);
		CHECK_STR(got, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
		memset(key, 0x0b, 20);
		crypto_hmac(key, 20, "Hi There", 8, h);
		hex(h, got);
		CHECK_STR(got, "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
		crypto_hmac((const uint8_t *)"Jefe", 4, "what do ya want for nothing?", 28, h);
		hex(h, got);
		CHECK_STR(got, "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
		memset(key, 0xaa, sizeof key);
		const char *big = "Test Using Larger Than Block-Size Key - Hash Key First";
		crypto_hmac(key, sizeof key, big, strlen(big), h);
		hex(h, got);
		CHECK_STR(got, "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54");
	}
	static const struct { const char *text; unsigned long long h; } x[] = {
		{ "", 0xef46db3751d8e999ULL },
		{ "a", 0xd24ec4f1a98c6e5bULL },
		{ "abc", 0x44bc2cf5ad770999ULL },
		{ "Nobody inspects the spammish repetition", 0xfbcea83c8a378bf1ULL },
	};
	for (size_t i = 0; i < sizeof x / sizeof x[0]; i++)
		CHECK(xxh64(x[i].text, strlen(x[i].text), 0) == x[i].h);
	return check_done();
}
