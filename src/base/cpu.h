/* cpu.h - the one place that says what vector code can be built here and
 * whether the CPU can be asked which of it runs.
 *
 *  - CPU_X86: x86-64 with SSE2 (its baseline); <immintrin.h> is included.
 *    Code for SSE2 alone needs nothing more.
 *  - CPU_ASK: CPU_X86, and glibc (2.33 and later) can say which features
 *    the CPU has, with CPU_FEATURE_ACTIVE(AVX2) and the like.  Code built
 *    with __attribute__((target(...))) for a later extension runs only
 *    where that says yes.
 *
 * glibc's record is read at its start-up anyway: asking the CPU again
 * (cpuid) cost about 90 us of start-up in a virtual machine, where each
 * cpuid traps.
 */
#ifndef JFMT_CPU_H
#define JFMT_CPU_H

#if defined(__x86_64__) && defined(__SSE2__)
#include <immintrin.h>
#define CPU_X86 1
#if defined(__has_include)
#if __has_include(<sys/platform/x86.h>)
#include <sys/platform/x86.h>
#if defined(CPU_FEATURE_ACTIVE)         /* glibc 2.33 and later */
#define CPU_ASK 1
#endif
#endif
#endif
#endif

#endif
