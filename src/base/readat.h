/* readat.h - reading a part of a file at an offset, whole.
 *
 * pread(2) may return fewer bytes than asked (a signal, a file that
 * shrank) or fail with EINTR; read_at() asks again until it has them all,
 * the file ends or a read fails.  It is the one such loop: -j reads its
 * sample, the bytes near a cut and each chunk with it, and --check and
 * -i read the input again with it to compare (cli/compare.h).
 */
#ifndef JFMT_READAT_H
#define JFMT_READAT_H

#include <sys/types.h>

/** Read up to n bytes of file fd at offset `at` into buf, leaving the
 * file offset alone.  Returns how many: n, or fewer where the file ends;
 * or -1 with errno set when a read fails. */
ssize_t read_at(int fd, void *buf, size_t n, off_t at);

#endif
