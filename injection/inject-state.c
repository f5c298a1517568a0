/*
 * inject-state.c: the CUPTI side's bottom: oc_inj, the process's tracing
 * state every inject*.c file reads, and the helpers that read the
 * OVERLAPCHECK_* settings from the environment.
 *
 * init() (inject.c) writes the settings into oc_inj before it sets CUPTI
 * up; the flags are atomics that every callback reads. Nothing here calls
 * another inject*.c file: inject.c stands on top, then inject-signals.c,
 * inject-lifecycle.c, inject-flush.c, inject-buffers.c, inject-callbacks.c,
 * inject-capture.c and inject-queries.c, and every one of them may call
 * down to here (inject-priv.h).
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "writer.h"
#include "inject-priv.h"

struct oc_inj_state oc_inj = {
	.flush_ms = 100,
	.term_flush_ms = 5000,
};

unsigned long oc_inj_env_ulong(const char *name, unsigned long dflt, unsigned long min,
			       unsigned long max)
{
	const char *v = getenv(name);
	char *end;
	unsigned long n;

	if (!v || !*v)
		return dflt;
	errno = 0;
	n = strtoul(v, &end, 10);
	if (errno || *end || n < min || n > max) {
		oc_writer_warn("inject", "bad_setting", "ignoring %s='%s': expected %lu..%lu",
			       name, v, min, max);
		return dflt;
	}
	return n;
}

uint64_t oc_inj_env_u64(const char *name)
{
	const char *v = getenv(name);
	char *end;
	unsigned long long n;

	if (!v || !*v)
		return 0;
	errno = 0;
	n = strtoull(v, &end, 10);
	return errno || *end ? 0 : (uint64_t)n;
}

int oc_inj_env_flag(const char *name)
{
	const char *v = getenv(name);

	return v && *v && strcmp(v, "0") != 0;
}
