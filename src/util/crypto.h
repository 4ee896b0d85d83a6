/* crypto.h: the few primitives the referee needs, from OpenSSL's libcrypto and the
 * kernel's getrandom(): SHA-256, HMAC-SHA-256, random bytes, a deterministic random
 * stream keyed by a secret, and text encodings. The only file that includes OpenSSL. */
#ifndef TEMPEST_CRYPTO_H
#define TEMPEST_CRYPTO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/err.h"

#define CRYPTO_HASH_LEN 32

void crypto_sha256(const void *data, size_t len, uint8_t out[CRYPTO_HASH_LEN]);
void crypto_hmac(const uint8_t *key, size_t klen, const void *data, size_t len,
		 uint8_t out[CRYPTO_HASH_LEN]);
/* Fills buf from getrandom(); fails only if the kernel cannot give randomness. */
int crypto_random(void *buf, size_t len, struct err *e);
/* Constant-time comparison. */
bool crypto_equal(const void *a, const void *b, size_t len);

/* Lower-case hex of n bytes into out (2n+1 bytes). */
void crypto_hex(const uint8_t *in, size_t n, char *out);
/* The n bytes of the 2n lower-case hex digits at in (what crypto_hex writes); false, and
 * out undefined, if one of them is not such a digit. */
bool crypto_unhex(const char *in, size_t n, uint8_t *out);
/* A file name for a mail address, whatever its case: the hex of the first 16 bytes of the
 * SHA-256 of the address in lower case (an address is never a path). */
#define CRYPTO_ADDRESS_NAME 33
void crypto_address_name(const char *address, char out[CRYPTO_ADDRESS_NAME]);
/* RFC 4648 base32, lower case, no padding: the first `chars` characters (out: chars+1). */
void crypto_base32(const uint8_t *in, size_t n, char *out, size_t chars);

/* A random stream that the same key and label always repeat: HMAC-SHA-256 in counter
 * mode. Used so that every random choice of a game can be replayed from its log. */
struct drbg {
	uint8_t key[CRYPTO_HASH_LEN];
	uint64_t counter;
	uint8_t block[CRYPTO_HASH_LEN];
	size_t used;
};

void drbg_init(struct drbg *d, const uint8_t *key, size_t klen, const char *label);
void drbg_bytes(struct drbg *d, void *out, size_t len);
/* Uniform in [0, n), n > 0 (rejection sampling: no modulo bias). */
uint32_t drbg_uniform(struct drbg *d, uint32_t n);

#endif
