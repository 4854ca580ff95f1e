/* readat.c - reading a part of a file at an offset, whole.  See readat.h. */
#include "base/readat.h"

#include <errno.h>
#include <unistd.h>

ssize_t read_at(int fd, void *buf, size_t n, off_t at)
{
	size_t got = 0;

	while (got < n) {
		ssize_t r = pread(fd, (char *)buf + got, n - got, at + (off_t)got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		if (r == 0)
			break;
		got += (size_t)r;
	}
	return (ssize_t)got;
}
