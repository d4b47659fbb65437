/*
 * dt_hash.c -- the hash table every table of libdtrace uses: identifiers
 * by name, types by name, the string table's strings, probes by name,
 * functions by name, symbols by address.
 *
 * A table maps keys (bytes: a string, a word, a record) to values
 * (pointers).  It holds neither: a key is memory of the caller's that lives
 * as long as its entry (usually inside the value: an identifier's name),
 * and values are freed, if at all, by whoever made them; dt_hash_fini()
 * frees the table alone.  A zeroed dt_hash_t is an empty table, so tables
 * live in the structures that own them, with no constructor.
 *
 * Open addressing with linear probing over a power-of-two array of
 * entries, each with the key's full 64-bit hash: a probe compares hashes
 * first and touches the key only when they are equal, and growing rehashes
 * nothing.  The table grows at three quarters full.  Entries are never
 * removed one by one (no table needs it); dt_hash_clear() empties it.
 *
 * dt_hash_slot() is find-or-add in one probe: it returns the value's slot,
 * NULL in it if the key was not there, and the caller stores the new value
 * (which must not be NULL).
 */
#include "dt_core.h"

#include <stdlib.h>
#include <string.h>

#define DT_HASH_MINCAP 64

/* 64-bit mixing of a word (the finalizer of a multiply-xorshift hash). */
static inline uint64_t mix(uint64_t h)
{
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	h *= 0xc4ceb9fe1a85ec53ULL;
	h ^= h >> 33;
	return h;
}

uint64_t dt_hash_bytes(const void *key, size_t len)
{
	const unsigned char *p = key;
	uint64_t h = 0x9e3779b97f4a7c15ULL ^ len;

	for (; len >= 8; p += 8, len -= 8) {
		uint64_t w;

		memcpy(&w, p, 8);
		h = (h ^ mix(w)) * 0x9e3779b97f4a7c15ULL;
	}
	if (len > 0) {
		uint64_t w = 0;

		memcpy(&w, p, len);
		h = (h ^ mix(w)) * 0x9e3779b97f4a7c15ULL;
	}
	return mix(h);
}

uint64_t dt_hash_word(uint64_t w)
{
	return mix(w ^ 0x9e3779b97f4a7c15ULL);
}

/* The entry for (h, key): that key's, or the empty one where it would go. */
static dt_hashent_t *probe(const dt_hash_t *hp, uint64_t h, const void *key, size_t len)
{
	size_t mask = hp->dh_cap - 1;

	for (size_t i = h & mask;; i = (i + 1) & mask) {
		dt_hashent_t *e = &hp->dh_ents[i];

		if (e->he_key == NULL ||
		    (e->he_hash == h && e->he_keylen == len && memcmp(e->he_key, key, len) == 0))
			return e;
	}
}

static int grow(dt_hash_t *hp)
{
	size_t cap = hp->dh_cap ? hp->dh_cap * 2 : DT_HASH_MINCAP;
	dt_hashent_t *old = hp->dh_ents, *ents = dt_alloc_injected() ? NULL : calloc(cap, sizeof(*ents));

	if (ents == NULL)
		return -1;
	for (size_t i = 0; i < hp->dh_cap; i++) {
		size_t j;

		if (old[i].he_key == NULL)
			continue;
		for (j = old[i].he_hash & (cap - 1); ents[j].he_key != NULL; j = (j + 1) & (cap - 1))
			;
		ents[j] = old[i];
	}
	free(old);
	hp->dh_ents = ents;
	hp->dh_cap = cap;
	return 0;
}

void *dt_hash_find_h(const dt_hash_t *hp, uint64_t h, const void *key, size_t len)
{
	if (hp->dh_n == 0)
		return NULL;
	return probe(hp, h, key, len)->he_val;
}

void *dt_hash_find(const dt_hash_t *hp, const void *key, size_t len)
{
	if (hp->dh_n == 0)
		return NULL;
	return probe(hp, dt_hash_bytes(key, len), key, len)->he_val;
}

void *dt_hash_findstr(const dt_hash_t *hp, const char *key)
{
	return dt_hash_find(hp, key, strlen(key));
}

void **dt_hash_slot_h(dt_hash_t *hp, uint64_t h, const void *key, size_t len)
{
	dt_hashent_t *e;

	if ((hp->dh_n + 1) * 4 > hp->dh_cap * 3 && grow(hp) != 0)
		return dt_nomem(); /* to the trap (core/dt_alloc.c) */
	e = probe(hp, h, key, len);
	if (e->he_key == NULL) {
		e->he_key = key;
		e->he_keylen = len;
		e->he_hash = h;
		e->he_val = NULL;
		hp->dh_n++;
	}
	return &e->he_val;
}

void **dt_hash_slot(dt_hash_t *hp, const void *key, size_t len)
{
	return dt_hash_slot_h(hp, dt_hash_bytes(key, len), key, len);
}

void **dt_hash_slotstr(dt_hash_t *hp, const char *key)
{
	return dt_hash_slot(hp, key, strlen(key));
}

/* The next value after *ip (start with *ip = 0), in no particular order; NULL at the end. */
void *dt_hash_next(const dt_hash_t *hp, size_t *ip)
{
	while (*ip < hp->dh_cap) {
		const dt_hashent_t *e = &hp->dh_ents[(*ip)++];

		if (e->he_key != NULL)
			return e->he_val;
	}
	return NULL;
}

void dt_hash_clear(dt_hash_t *hp)
{
	if (hp->dh_ents != NULL)
		memset(hp->dh_ents, 0, sizeof(dt_hashent_t) * hp->dh_cap);
	hp->dh_n = 0;
}

void dt_hash_fini(dt_hash_t *hp)
{
	free(hp->dh_ents);
	memset(hp, 0, sizeof(*hp));
}
