/* prettier_comments.h - --style=prettier's comments: which element each
 * comment belongs to, as prettier attaches it (its
 * src/main/comments/attach.js), and how it is printed with it (its
 * printLeadingComment() and printTrailingComment()), handed to the engine
 * (width/prettier.h) before each token.  Only for prettier_format.c.
 */
#ifndef JFMT_PRETTIER_COMMENTS_H
#define JFMT_PRETTIER_COMMENTS_H

#include "layout/formatter.h"

/* prettier_before_token()'s answer for a comment where prettier allows
 * none (package.json and its kin): the parse stops. */
#define PRETTIER_NO_COMMENT ((unsigned)-1)

/**
 * Before a token (`closing`: a closing bracket, or the input's end): hand
 * the engine the comments that stand before it, the key held for its
 * value (f->pkey) among them, and return the token's flags from the rest
 * (PRETTIER_BLANK, PRETTIER_BROKEN), or PRETTIER_NO_COMMENT.
 */
unsigned prettier_before_token(struct formatter *f, int closing);

/** The input held comments and no value: each on a line of its own. */
void prettier_comments_alone(struct formatter *f);

#endif
