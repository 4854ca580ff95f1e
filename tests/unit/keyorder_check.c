/* keyorder_check.c - checks key_compare() (src/text/keyorder.c), whose wide
 * loop looks at 16 or 8 bytes of two keys at once, against a reference
 * that decodes both keys to code points and compares those.  The keys
 * share a head of 0 to 40 tokens and then go their own ways, so that they
 * first differ, end, or meet an escape at every offset of a wide load;
 * some lie so near the end of the buffer that the wide loop must stop.
 * Prints what was checked; exits 1 at the first disagreement. */
#include "text/keyorder.c"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"

/* A piece of a key as written, and the code point it stands for. */
struct token {
	const char *text;
	long cp;
};

static const struct token tokens[] = {
	{ "a", 'a' }, { "b", 'b' }, { "~", '~' }, { "_", '_' },
	{ "\xc3\xa9", 0xe9 },                   /* é, raw */
	{ "\xe4\xb8\xad", 0x4e2d },             /* a CJK character, raw */
	{ "\xf0\x9f\x98\x80", 0x1f600 },        /* an emoji, raw */
	{ "\xed\x9f\xbf", 0xd7ff },             /* the last code point before the surrogates */
	{ "\xee\x80\x80", 0xe000 },             /* and the first after them */
	{ "\\\"", '"' }, { "\\\\", '\\' }, { "\\n", '\n' }, { "\\u0001", 1 },
	{ "\\u00e9", 0xe9 },                    /* é, escaped (as with -a) */
	{ "\\ud83d\\ude00", 0x1f600 },          /* the emoji, escaped */
	{ "\\ud800", 0xd800 },                  /* an unpaired surrogate */
	{ "\\udfff", 0xdfff },
};
#define NTOKENS (sizeof tokens / sizeof tokens[0])
#define ASCII_TOKENS 4

#define MAX_TOKENS 64
#define BUF 4096

struct key {
	long cp[MAX_TOKENS];
	size_t n;
	char text[MAX_TOKENS * 12 + 1];
	size_t len;
};

/* Escapes of a high and a low surrogate, one after the other, are a pair:
 * one code point (only escapes give surrogates here). */
static void add(struct key *k, const struct token *t)
{
	long hi = k->n ? k->cp[k->n - 1] : 0;

	if (t->cp >= 0xdc00 && t->cp <= 0xdfff && hi >= 0xd800 && hi <= 0xdbff)
		k->cp[k->n - 1] = 0x10000 + ((hi - 0xd800) << 10) + (t->cp - 0xdc00);
	else
		k->cp[k->n++] = t->cp;
	memcpy(k->text + k->len, t->text, strlen(t->text));
	k->len += strlen(t->text);
}

static const struct token *pick(int ascii_mostly)
{
	if (ascii_mostly && next() % 8 != 0)
		return &tokens[next() % ASCII_TOKENS];
	return &tokens[next() % NTOKENS];
}

static int reference(const struct key *a, const struct key *b)
{
	for (size_t i = 0; i < a->n && i < b->n; i++)
		if (a->cp[i] != b->cp[i])
			return a->cp[i] < b->cp[i] ? -1 : 1;
	return a->n == b->n ? 0 : a->n < b->n ? -1 : 1;
}

static int sign(int x)
{
	return (x > 0) - (x < 0);
}

int main(void)
{
	static unsigned char buf[BUF];
	unsigned long pairs = 0, near_end = 0;

	for (int round = 0; round < 300000; round++) {
		struct key a = { .n = 0 }, b = { .n = 0 };
		size_t head = next() % 41, ta = next() % 5, tb = next() % 5;
		for (size_t i = 0; i < head; i++) {
			const struct token *t = pick(1);
			add(&a, t);
			add(&b, t);
		}
		for (size_t i = 0; i < ta; i++)
			add(&a, pick(next() % 2));
		for (size_t i = 0; i < tb; i++)
			add(&b, pick(next() % 2));

		/* what follows a key's closing quote in the capture: anything */
		for (size_t i = 0; i < BUF; i++)
			buf[i] = (unsigned char)next();
		size_t la = a.len + 1, lb = b.len + 1, oa, ob;
		if (round % 4 == 0) {   /* both near the end: the wide loop stops */
			ob = BUF - lb - next() % 8;
			oa = ob - la - next() % 8;
			near_end++;
		} else {
			oa = next() % (BUF / 2 - la);
			ob = BUF / 2 + next() % (BUF / 2 - lb);
		}
		memcpy(buf + oa, a.text, a.len);
		buf[oa + a.len] = '"';
		memcpy(buf + ob, b.text, b.len);
		buf[ob + b.len] = '"';

		int want = reference(&a, &b);
		int got = sign(key_compare(buf + oa, buf + ob, buf + BUF));
		int back = sign(key_compare(buf + ob, buf + oa, buf + BUF));
		if (got != want || back != -want || key_compare(buf + oa, buf + oa, buf + BUF) != 0) {
			printf("key_compare(\"%.*s\", \"%.*s\") = %d and %d, not %d\n",
			       (int)a.len, a.text, (int)b.len, b.text, got, back, want);
			return 1;
		}
		pairs++;
	}
	printf("key_compare: %lu pairs agree with the reference (%lu near the buffer's end)\n",
	       pairs, near_end);
	return 0;
}
