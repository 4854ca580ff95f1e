/* floor: parse JSON with yajl and do nothing else -- the speed floor for any yajl-based tool.
 *
 * Built twice by bench/run:
 *   floor             yajl as it comes, checking that strings are valid UTF-8:
 *                     what any correct yajl-based tool must at least do, so
 *                     the bench's "÷ floor" ratios are taken against it.
 *   floor-novalidate  built with -DFLOOR_NOVALIDATE: yajl_dont_validate_strings
 *                     is set, so this is yajl's tokenizer alone.  jfmt checks
 *                     UTF-8 itself and turns yajl's check off, so for text
 *                     heavy in non-ASCII this is the floor it can approach. */

#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <yajl/yajl_parse.h>

#define BLOCK (64u * 1024u)

static int on_null(void *ctx) { (void)ctx; return 1; }
static int on_boolean(void *ctx, int v) { (void)ctx; (void)v; return 1; }
static int on_number(void *ctx, const char *s, size_t n)
{
    (void)ctx; (void)s; (void)n; return 1;
}
static int on_string(void *ctx, const unsigned char *s, size_t n)
{
    (void)ctx; (void)s; (void)n; return 1;
}
static int on_start_map(void *ctx) { (void)ctx; return 1; }
static int on_map_key(void *ctx, const unsigned char *s, size_t n)
{
    (void)ctx; (void)s; (void)n; return 1;
}
static int on_end_map(void *ctx) { (void)ctx; return 1; }
static int on_start_array(void *ctx) { (void)ctx; return 1; }
static int on_end_array(void *ctx) { (void)ctx; return 1; }

/* yajl_integer and yajl_double stay NULL: with yajl_number set, yajl hands
 * over the raw digits and never converts them. */
static const yajl_callbacks callbacks = {
    on_null, on_boolean, NULL, NULL, on_number, on_string,
    on_start_map, on_map_key, on_end_map, on_start_array, on_end_array
};

static int report(yajl_handle h, const unsigned char *buf, size_t len,
                  const char *name)
{
    unsigned char *msg = yajl_get_error(h, 1, buf, len);
    fprintf(stderr, "floor: %s: %s", name, (const char *)msg);
    yajl_free_error(h, msg);
    return 1;
}

int main(int argc, char **argv)
{
    const char *name = "<stdin>";
    int fd = 0;

    if (argc > 2) {
        fprintf(stderr, "usage: floor [FILE]\n");
        return 2;
    }
    if (argc == 2 && strcmp(argv[1], "-") != 0) {
        name = argv[1];
        fd = open(name, O_RDONLY);
        if (fd < 0) {
            fprintf(stderr, "floor: %s: %s\n", name, strerror(errno));
            return 2;
        }
    }

    unsigned char *buf = malloc(BLOCK);
    yajl_handle h = yajl_alloc(&callbacks, NULL, NULL);
    if (buf == NULL || h == NULL) {
        fprintf(stderr, "floor: out of memory\n");
        return 2;
    }
    yajl_config(h, yajl_allow_multiple_values, 1);
#ifdef FLOOR_NOVALIDATE
    yajl_config(h, yajl_dont_validate_strings, 1);
#endif

    int rc = 0;
    for (;;) {
        ssize_t n = read(fd, buf, BLOCK);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            fprintf(stderr, "floor: %s: %s\n", name, strerror(errno));
            rc = 2;
            break;
        }
        if (n == 0) {
            if (yajl_complete_parse(h) != yajl_status_ok)
                rc = report(h, NULL, 0, name);
            break;
        }
        if (yajl_parse(h, buf, (size_t)n) != yajl_status_ok) {
            rc = report(h, buf, (size_t)n, name);
            break;
        }
    }

    yajl_free(h);
    free(buf);
    if (fd != 0)
        close(fd);
    return rc;
}
