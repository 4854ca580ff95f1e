/* outname.c - the names of -o's and -i's temporary files, and the removal
 * of those a killed jfmt left behind.  See outname.h. */
#include "files/outname.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* 64 characters, so that a random byte picks one without bias. */
static const char NAME_CHARS[] =
	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
#define NAME_CHARS_MASK 63

/* Fill `out` with OUTNAME_RANDOM name characters. */
static void random_chars(char *out)
{
	unsigned char r[OUTNAME_RANDOM];

	if (getrandom(r, sizeof r, GRND_NONBLOCK) != (ssize_t)sizeof r) {
		/* No entropy yet: unpredictable enough, and a clash retries. */
		static _Thread_local uint64_t counter;
		struct timespec ts;
		clock_gettime(CLOCK_MONOTONIC, &ts);
		uint64_t x = (uint64_t)ts.tv_nsec ^ ((uint64_t)ts.tv_sec << 30) ^
			((uint64_t)getpid() << 17) ^ ++counter;
		for (size_t i = 0; i < sizeof r; i++) {
			x = (x ^ (x >> 31)) * 0x9e3779b97f4a7c15ULL;
			r[i] = (unsigned char)(x >> 56);
		}
	}
	for (size_t i = 0; i < sizeof r; i++)
		out[i] = NAME_CHARS[r[i] & NAME_CHARS_MASK];
}

void outname_redraw(char *tmp)
{
	random_chars(tmp + strlen(tmp) - OUTNAME_RANDOM);
}

char *outname_make(int dirfd, const char *name)
{
	long max = fpathconf(dirfd, _PC_NAME_MAX);
	size_t room, keep = strlen(name);
	size_t extra = 1 + strlen(OUTNAME_TAG) + OUTNAME_RANDOM;

	if (max < 0 || max > NAME_MAX)
		max = NAME_MAX;
	room = (size_t)max > extra ? (size_t)max - extra : 0;
	if (keep > room) {
		keep = room;
		while (keep > 0 && ((unsigned char)name[keep] & 0xC0) == 0x80)
			keep--;
	}
	char *tmp = malloc(keep + extra + 1);
	if (!tmp) {
		errno = ENOMEM;
		return NULL;
	}
	snprintf(tmp, keep + extra + 1, ".%.*s%s%0*d", (int)keep, name,
		 OUTNAME_TAG, OUTNAME_RANDOM, 0);
	return tmp;
}

/* A temporary file of ours that its writer no longer holds: remove it. */
static void remove_if_stale(int dirfd, const char *name, uid_t owner)
{
	struct stat st, now;
	int fd = openat(dirfd, name,
			O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);

	if (fd < 0)
		return;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
	    (st.st_uid == geteuid() || st.st_uid == owner) &&
	    st.st_nlink == 1 &&
	    flock(fd, LOCK_EX | LOCK_NB) == 0 &&
	    fstatat(dirfd, name, &now, AT_SYMLINK_NOFOLLOW) == 0 &&
	    now.st_dev == st.st_dev && now.st_ino == st.st_ino)
		unlinkat(dirfd, name, 0);
	close(fd);
}

void outname_remove_stale(int dirfd, const char *tmp, uid_t owner)
{
	size_t prefix = strlen(tmp) - OUTNAME_RANDOM;
	int fd = openat(dirfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
	struct dirent *e;

	if (!d) {
		if (fd >= 0)
			close(fd);
		return;         /* an unreadable directory: nothing to do */
	}
	while ((e = readdir(d)) != NULL) {
		const char *n = e->d_name;
		if (strlen(n) == prefix + OUTNAME_RANDOM &&
		    memcmp(n, tmp, prefix) == 0 &&
		    strspn(n + prefix, NAME_CHARS) == OUTNAME_RANDOM)
			remove_if_stale(dirfd, n, owner);
	}
	closedir(d);
}
