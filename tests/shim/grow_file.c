/* grow_file.c - an LD_PRELOAD library that makes a file grow while a
 * program reads it, at a point the test can name: the first time the
 * program calls pread(2), on any file, the text in GROW_TEXT is appended
 * to the file GROW_FILE, once, before the read is made.  jfmt -j takes
 * a file's size first and then reads it with pread(2) (its scan's
 * windows, its threads' chunks): the file grows under it then, as a log
 * being written to does, at the same place in every run.  The variables
 * are taken out of the environment, so that a program the process runs
 * runs as usual.
 *
 * Build: cc -shared -fPIC -o grow_file.so grow_file.c -ldl
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

static char path[4096];         /* GROW_FILE */
static char *text;              /* GROW_TEXT, or NULL: nothing to do */
static int grown;               /* the file has grown */

__attribute__((constructor)) static void grow_init(void)
{
	const char *p = getenv("GROW_FILE"), *t = getenv("GROW_TEXT");

	if (p && t && strlen(p) < sizeof path) {
		strcpy(path, p);
		text = strdup(t);
	}
	unsetenv("GROW_FILE");
	unsetenv("GROW_TEXT");
	unsetenv("LD_PRELOAD");
}

/* Append the text to the file, the first time only. */
static void grow(void)
{
	if (!text || __atomic_exchange_n(&grown, 1, __ATOMIC_SEQ_CST))
		return;
	int fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC);
	if (fd < 0)
		return;
	ssize_t w = write(fd, text, strlen(text));   /* (the test sees if not) */
	(void)w;
	close(fd);
}

typedef ssize_t pread_fn(int fd, void *buf, size_t n, off_t at);

/* The C library's `name` (pread or pread64), once the file has grown. */
static pread_fn *after_growing(const char *name)
{
	grow();
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
