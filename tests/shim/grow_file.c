/* grow_file.c - an LD_PRELOAD library that makes a file grow while a
 * program reads it, at a point the test can name: the first time the
 * program calls pread(2), on any file, the text in GROW_TEXT is appended
 * to the file GROW_FILE, once, before the read is made.  jfmt -j takes
 * a file's size first and then reads it with pread(2) (its scan's
 * windows, its threads' chunks): the file grows under it then, as a log
 * being written to does, at the same place in every run.
 *
 * With GROW_READS=N, the text is appended instead before each of the
 * first N calls of read(2) on GROW_FILE itself (pread(2) is left alone):
 * jfmt takes an input's size (fstat(2)) before its first read, so the
 * file has grown past that size by the time it is read, and again before
 * the next read.
 *
 * The variables are taken out of the environment, so that a program the
 * process runs runs as usual.
 *
 * Build: cc -shared -fPIC -o grow_file.so grow_file.c -ldl
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

static char path[4096];         /* GROW_FILE */
static char *text;              /* GROW_TEXT, or NULL: nothing to do */
static int grown;               /* pread(2): the file has grown */
static int by_reads;            /* GROW_READS given: at read(2), not pread(2) */
static int reads;               /* ... grow at this many more */
static struct stat file;        /* ... of this file (its device and inode) */

__attribute__((constructor)) static void grow_init(void)
{
	const char *p = getenv("GROW_FILE"), *t = getenv("GROW_TEXT");
	const char *n = getenv("GROW_READS");

	if (p && t && strlen(p) < sizeof path) {
		strcpy(path, p);
		text = strdup(t);
		by_reads = n != NULL;
		if (n && (reads = atoi(n)) > 0 && stat(path, &file) != 0)
			reads = 0;
	}
	unsetenv("GROW_FILE");
	unsetenv("GROW_TEXT");
	unsetenv("GROW_READS");
	unsetenv("LD_PRELOAD");
}

/* Append the text to the file. */
static void append(void)
{
	int fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC);
	if (fd < 0)
		return;
	ssize_t w = write(fd, text, strlen(text));   /* (the test sees if not) */
	(void)w;
	close(fd);
}

typedef ssize_t pread_fn(int fd, void *buf, size_t n, off_t at);

/* The C library's `name` (pread or pread64), once the file has grown
 * (the first time only, and not with GROW_READS). */
static pread_fn *after_growing(const char *name)
{
	if (text && !by_reads && !__atomic_exchange_n(&grown, 1, __ATOMIC_SEQ_CST))
		append();
	return (pread_fn *)dlsym(RTLD_NEXT, name);
}

ssize_t pread(int fd, void *buf, size_t n, off_t at)
{
	return after_growing("pread")(fd, buf, n, at);
}

ssize_t pread64(int fd, void *buf, size_t n, off_t at)
{
	return after_growing("pread64")(fd, buf, n, at);
}

typedef ssize_t read_fn(int fd, void *buf, size_t n);

/* With GROW_READS: a read of GROW_FILE, while reads are left to grow at,
 * comes after the file grew. */
ssize_t read(int fd, void *buf, size_t n)
{
	struct stat st;

	if (__atomic_load_n(&reads, __ATOMIC_SEQ_CST) > 0 && fstat(fd, &st) == 0 &&
	    st.st_dev == file.st_dev && st.st_ino == file.st_ino &&
	    __atomic_fetch_sub(&reads, 1, __ATOMIC_SEQ_CST) > 0)
		append();
	return ((read_fn *)dlsym(RTLD_NEXT, "read"))(fd, buf, n);
}
