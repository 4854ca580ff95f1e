/* prettier_comments.h - --style=prettier's comments: which element each
 * comment belongs to, as prettier attaches it (its
 * src/main/comments/attach.js), and how it is printed with it (its
 * printLeadingComment() and printTrailingComment()), handed to the engine
 * (width/prettier.h) before each token.  Only for prettier_format.c.
 */
#ifndef JFMT_PRETTIER_COMMENTS_H
#define JFMT_PRETTIER_COMMENTS_H

#include "layout/formatter.h"
#include "width/prettier.h"

/* prettier_before_token()'s answer for a comment where prettier allows
 * none (package.json and its kin): the parse stops. */
#define PRETTIER_NO_COMMENT ((unsigned)-1)

/** prettier_before_token() where comments or blank lines stand before
 * the token: c[0..n), n > 0, as the reader's comments() gave them. */
unsigned prettier_comments_before(struct formatter *f, int closing, const struct sink_comment *c,
				  size_t n);

/**
 * Before a token (`closing`: a closing bracket, or the input's end): hand
 * the engine the comments that stand before it, the key held for its
 * value (f->pkey) among them, and return the token's flags from the rest
 * (PRETTIER_BLANK, PRETTIER_BROKEN), or PRETTIER_NO_COMMENT.  Inline, for
 * the case of every token but a few: nothing waits (a call for each token
 * cost a JSON array of the corpus documents 31 M instructions of 827 M),
 * or what waits stands before a token to come (the call for those cost
 * citm_catalog.json 4.3 M instructions of 92.1 M).  What waits is most
 * often only line breaks after '{', which the first token after each
 * takes (f->after_brace), its closing brace if it is empty: no other
 * token asks then (twitter.json 34.8 M to 33.6 M, citm_catalog.json 87.1
 * M to 84.8 M; no closing bracket either, 82.0 M to 81.0 M).
 */
static inline unsigned prettier_before_token(struct formatter *f, int closing)
{
	if (*f->hooks->queued != *f->hooks->taken &&
	    (f->after_brace || *f->hooks->taken < *f->hooks->others_end)) {
		f->after_brace = 0;
		const struct sink_comment *c;
		size_t n = f->hooks->comments(f->hooks->ctx, &c);
		/* most often the line break after '{' alone, before the
		 * first key: prettier_comments_before()'s answer then,
		 * without the call (citm_catalog.json 76.4 M instructions,
		 * not 77.4 M); the referee build makes the call */
		if (n == 1 && c[0].line_break && !f->pkey_pending && f->prettier.style.quick)
			return PRETTIER_BROKEN;
		if (n)
			return prettier_comments_before(f, closing, c, n);
	}
	if (f->pkey_pending) {
		f->pkey_pending = 0;
		prettier_token(&f->prettier, PRETTIER_KEY, f->pkey_flags, f->pkey.ptr, f->pkey.len,
			       f->pkey_cols);
	}
	return 0;
}

/** The input held comments and no value: each on a line of its own. */
void prettier_comments_alone(struct formatter *f);

#endif
