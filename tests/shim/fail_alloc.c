/* fail_alloc.c - an LD_PRELOAD library that makes one allocation fail, to
 * show what a program does when memory runs out at that point.
 *
 * It counts the calls to malloc(), calloc(), realloc(), posix_memalign(),
 * aligned_alloc() and memalign() made from just before main() (those of
 * the dynamic linker and the C library's start are not counted), and
 * makes call number FAIL_ALLOC_AT fail as when memory runs out: NULL, or
 * ENOMEM from posix_memalign(); "N+" makes that call and every one after
 * it fail.  Every other call is glibc's own.  With FAIL_ALLOC_AT unset or
 * 0 nothing fails.  If FAIL_ALLOC_COUNT names a file, two numbers are
 * written to it at exit, on a line: the calls counted, and how many of
 * them were made to fail (0: the run had all the memory it asked for).
 * The three variables are taken out of the environment, so that a
 * program the process runs (diff(1) for jfmt -d) runs as usual.  The
 * counts are atomic: jfmt -j allocates on several threads.
 *
 * Build: cc -O0 -fno-builtin -shared -fPIC -o fail_alloc.so fail_alloc.c
 * (optimised, gcc may take calloc()'s body for a call to calloc() and
 * make it one, which calls itself)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* glibc's allocator under its other names: calling these cannot come back
 * here. */
extern void *__libc_malloc(size_t n);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *p, size_t n);
extern void *__libc_memalign(size_t align, size_t n);

static unsigned long calls;       /* allocations counted so far */
static unsigned long failed;      /* ... and made to fail */
static unsigned long fail_at;     /* the one to fail; 0: none */
static int fail_after;            /* ... and every one after it */
static char count_path[4096];     /* where to write the counts; "": nowhere */

__attribute__((constructor)) static void fail_alloc_init(void)
{
	const char *at = getenv("FAIL_ALLOC_AT"), *path = getenv("FAIL_ALLOC_COUNT");
	char *end = NULL;

	fail_at = at ? strtoul(at, &end, 10) : 0;
	fail_after = end && *end == '+';
	if (path && strlen(path) < sizeof count_path)
		strcpy(count_path, path);
	unsetenv("FAIL_ALLOC_AT");
	unsetenv("FAIL_ALLOC_COUNT");
	unsetenv("LD_PRELOAD");
	calls = failed = 0;
}

__attribute__((destructor)) static void fail_alloc_report(void)
{
	const char *path = count_path;
	char text[64];

	if (!*path)
		return;
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		return;
	int n = snprintf(text, sizeof text, "%lu %lu\n", __atomic_load_n(&calls, __ATOMIC_SEQ_CST),
			 __atomic_load_n(&failed, __ATOMIC_SEQ_CST));
	if (write(fd, text, (size_t)n) != n)
		n = 0;
	close(fd);
}

/* Whether this allocation is to fail. */
static int fails(void)
{
	unsigned long n = __atomic_add_fetch(&calls, 1, __ATOMIC_SEQ_CST);

	if (!fail_at || !(n == fail_at || (fail_after && n > fail_at)))
		return 0;
	__atomic_add_fetch(&failed, 1, __ATOMIC_SEQ_CST);
	return 1;
}

void *malloc(size_t n)
{
	if (fails()) {
		errno = ENOMEM;
		return NULL;
	}
	return __libc_malloc(n);
}

void *calloc(size_t count, size_t size)
{
	if (fails()) {
		errno = ENOMEM;
		return NULL;
	}
	return __libc_calloc(count, size);
}

void *realloc(void *p, size_t n)
{
	if (fails()) {
		errno = ENOMEM;
		return NULL;
	}
	return __libc_realloc(p, n);
}

void *memalign(size_t align, size_t n)
{
	if (fails()) {
		errno = ENOMEM;
		return NULL;
	}
	return __libc_memalign(align, n);
}

void *aligned_alloc(size_t align, size_t n)
{
	return memalign(align, n);
}

int posix_memalign(void **out, size_t align, size_t n)
{
	if (align < sizeof(void *) || (align & (align - 1)) != 0)
		return EINVAL;
	void *p = memalign(align, n);
	if (!p)
		return ENOMEM;
	*out = p;
	return 0;
}
