/* crypto.c: see crypto.h. */
#include "util/crypto.h"

#include <ctype.h>
#include <errno.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <string.h>
#include <sys/random.h>

/* One digest context and one SHA-256, made once: OpenSSL 3 looks the algorithm up and
 * allocates a context at every one-shot call, which costs more than hashing a key. The
 * core is single-threaded. NULL when they cannot be made: the one-shot calls then. */
static EVP_MD_CTX *sha_ctx(void)
{
	static EVP_MD_CTX *ctx;
	static EVP_MD *md;
	static bool tried;

	if (!tried) {
		tried = true;
		md = EVP_MD_fetch(NULL, "SHA256", NULL);
		ctx = md ? EVP_MD_CTX_new() : NULL;
	}
	return ctx && EVP_DigestInit_ex2(ctx, md, NULL) ? ctx : NULL;
}

/* SHA-256 of a then b (either may be empty). */
static void sha256_two(const void *a, size_t alen, const void *b, size_t blen,
		       uint8_t out[CRYPTO_HASH_LEN])
{
	EVP_MD_CTX *ctx = sha_ctx();
	unsigned int n = CRYPTO_HASH_LEN;

	if (ctx && EVP_DigestUpdate(ctx, a, alen) && EVP_DigestUpdate(ctx, b, blen) &&
	    EVP_DigestFinal_ex(ctx, out, &n))
		return;
	ctx = EVP_MD_CTX_new();
	if (!ctx || !EVP_DigestInit_ex(ctx, EVP_sha256(), NULL) || !EVP_DigestUpdate(ctx, a, alen) ||
	    !EVP_DigestUpdate(ctx, b, blen) || !EVP_DigestFinal_ex(ctx, out, &n))
		memset(out, 0, CRYPTO_HASH_LEN);        /* out of memory: no hash is right */
	EVP_MD_CTX_free(ctx);
}

void crypto_sha256(const void *data, size_t len, uint8_t out[CRYPTO_HASH_LEN])
{
	sha256_two(data, len, "", 0, out);
}

/* HMAC-SHA-256 as RFC 2104 defines it, on the digest above: H(K ^ opad, H(K ^ ipad, m)). */
void crypto_hmac(const uint8_t *key, size_t klen, const void *data, size_t len,
		 uint8_t out[CRYPTO_HASH_LEN])
{
	enum { BLOCK = 64 };
	uint8_t k[BLOCK] = { 0 }, pad[BLOCK], inner[CRYPTO_HASH_LEN];

	if (klen > BLOCK)
		crypto_sha256(key, klen, k);
	else
		memcpy(k, key, klen);
	for (int i = 0; i < BLOCK; i++)
		pad[i] = k[i] ^ 0x36;
	sha256_two(pad, BLOCK, data, len, inner);
	for (int i = 0; i < BLOCK; i++)
		pad[i] = k[i] ^ 0x5c;
	sha256_two(pad, BLOCK, inner, sizeof inner, out);
}

int crypto_random(void *buf, size_t len, struct err *e)
{
	uint8_t *p = buf;

	while (len) {
		ssize_t r = getrandom(p, len, 0);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return err_set(e, "getrandom failed: %s", strerror(errno));
		p += r, len -= (size_t)r;
	}
	return 0;
}

bool crypto_equal(const void *a, const void *b, size_t len)
{
	return CRYPTO_memcmp(a, b, len) == 0;
}

void crypto_hex(const uint8_t *in, size_t n, char *out)
{
	static const char digits[] = "0123456789abcdef";

	for (size_t i = 0; i < n; i++) {
		out[2 * i] = digits[in[i] >> 4];
		out[2 * i + 1] = digits[in[i] & 15];
	}
	out[2 * n] = 0;
}

bool crypto_unhex(const char *in, size_t n, uint8_t *out)
{
	for (size_t i = 0; i < 2 * n; i++) {
		char ch = in[i];
		int d = ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
		if (d < 0)
			return false;
		out[i / 2] = (uint8_t)(i % 2 ? out[i / 2] << 4 | d : d);
	}
	return true;
}

void crypto_base32(const uint8_t *in, size_t n, char *out, size_t chars)
{
	static const char alphabet[] = "abcdefghijklmnopqrstuvwxyz234567";
	size_t bit = 0, k = 0;

	for (; k < chars && bit + 5 <= n * 8; k++, bit += 5) {
		unsigned v = 0;
		for (int b = 0; b < 5; b++) {
			size_t at = bit + (size_t)b;
			v = v << 1 | ((in[at / 8] >> (7 - at % 8)) & 1);
		}
		out[k] = alphabet[v];
	}
	out[k] = 0;
}

void drbg_init(struct drbg *d, const uint8_t *key, size_t klen, const char *label)
{
	crypto_hmac(key, klen, label, strlen(label), d->key);
	d->counter = 0;
	d->used = CRYPTO_HASH_LEN;
}

void drbg_bytes(struct drbg *d, void *out, size_t len)
{
	uint8_t *p = out;

	while (len) {
		if (d->used == CRYPTO_HASH_LEN) {
			uint8_t ctr[8];
			for (int i = 0; i < 8; i++)
				ctr[i] = (uint8_t)(d->counter >> (56 - 8 * i));
			crypto_hmac(d->key, sizeof d->key, ctr, sizeof ctr, d->block);
			d->counter++;
			d->used = 0;
		}
		size_t take = CRYPTO_HASH_LEN - d->used < len ? CRYPTO_HASH_LEN - d->used : len;
		memcpy(p, d->block + d->used, take);
		d->used += take, p += take, len -= take;
	}
}

uint32_t drbg_uniform(struct drbg *d, uint32_t n)
{
	uint32_t limit = UINT32_MAX - UINT32_MAX % n, x;

	do {
		uint8_t b[4];
		drbg_bytes(d, b, 4);
		x = (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
	} while (x >= limit);
	return x % n;
}

void crypto_address_name(const char *address, char out[CRYPTO_ADDRESS_NAME])
{
	char lower[512];
	uint8_t h[CRYPTO_HASH_LEN];
	size_t n = 0;

	for (; address[n] && n + 1 < sizeof lower; n++)
		lower[n] = (char)tolower((unsigned char)address[n]);
	crypto_sha256(lower, n, h);
	crypto_hex(h, (CRYPTO_ADDRESS_NAME - 1) / 2, out);
}
