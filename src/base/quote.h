/* quote.h - file names made safe to show: quoted as git quotes a path,
 * for messages and lists, and as a shell word, for a command to run.
 *
 * A name that a terminal could act on is never written as it is.  A name
 * "needs quoting" when it holds
 *  - a control character: C0 (bytes 00 to 1F), DEL (7F), or C1 (U+0080
 *    to U+009F, written C2 80 to C2 9F in UTF-8: C2 9B is CSI, which
 *    starts an escape sequence as ESC [ does);
 *  - a byte that is not part of well-formed UTF-8 (RFC 3629, as
 *    utf8_sequence() in text/utf8.h has it; tests/unit/quote_check.c
 *    holds the two to each other);
 *  - '"' or '\', which the quoted form gives a meaning.
 * Other text, non-ASCII letters and spaces included, is shown as it is.
 *
 * quote_c() is git's quoting of paths (quote_c_style()): the name in
 * double quotes, with \a \b \t \n \v \f \r \" \\ and, for any other byte
 * that needs it, three octal digits (\033 for ESC).  git, with
 * core.quotePath=false, leaves every byte from 80 up alone; jfmt escapes
 * C1 controls and broken UTF-8 byte by byte, as git does for all non-ASCII
 * bytes by default.  `git apply` and GNU patch read this form back.
 */
#ifndef JFMT_QUOTE_H
#define JFMT_QUOTE_H

#include <stddef.h>

/** The most bytes quote_c() or quote_shell() writes for one input byte,
 * and for the quotes around them ($'' is 3). */
#define QUOTE_PER_BYTE 4
#define QUOTE_AROUND 3

/** A buffer size that always holds the quoted form of `n` bytes and a
 * NUL. */
#define QUOTE_SIZE(n) ((n) * QUOTE_PER_BYTE + QUOTE_AROUND + 1)

/** Whether s[0..n) needs quoting, by the rules above. */
int quote_needed(const char *s, size_t n);

/**
 * git's quoted form of s[0..n) into `out` (QUOTE_SIZE(n) bytes), NUL
 * ended, or s itself when it needs no quoting.  Returns its length.
 */
size_t quote_c(char *out, const char *s, size_t n);

/**
 * s[0..n) as one word for a POSIX shell, into `out` (QUOTE_SIZE(n)
 * bytes), NUL ended; returns its length.  Letters, digits and _ - + . / :
 * , @ % stay bare (= too, but not first); other text goes in single
 * quotes ('it'\''s'); a name that needs quoting is written $'...' (POSIX
 * 2024, and bash, zsh, ksh, busybox), with the escapes of quote_c(), so
 * that nothing raw reaches the terminal.
 */
size_t quote_shell(char *out, const char *s, size_t n);

/**
 * Replace, in s[0..n), each byte of a control character or of broken UTF-8
 * with '?' ('"' and '\' stay): what diag.h does to a whole message.
 */
void quote_mask(char *s, size_t n);

#endif
