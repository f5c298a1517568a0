/*
 * writer-callers.c: the frames of table callers, symbolised on the writer
 * thread.
 *
 * The callbacks take a blocked call's frames with dladdr(), which sees only
 * the dynamic symbol table: a program's own functions, unless it was linked
 * with -rdynamic, come out as "?+0x0 (MODULE+0xOFF)". Here, off the
 * program's threads, each such frame is looked up in the module's static
 * symbol table (elfsym.c; present unless the binary was stripped) and
 * becomes "SYMBOL+0xOFF (MODULE+0xOFF)", with MODULE made absolute (the
 * writer runs in the traced process, so a relative path still means what it
 * meant to the loader). A module is opened once; one that cannot be read
 * leaves its frames as they were.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cupti.h>

#include "elfsym.h"
#include "writer-priv.h"

#define MODULES 32

static struct module {
	char *path;                 /* as dladdr gave it */
	char *real;                 /* realpath(), or NULL */
	struct oc_elfsym *sym;      /* NULL: not an ELF file we can read */
} modules[MODULES];
static int n_modules;

static struct module *module_of(const char *path, size_t len)
{
	char buf[PATH_MAX];

	for (int i = 0; i < n_modules; i++)
		if (strlen(modules[i].path) == len && !memcmp(modules[i].path, path, len))
			return &modules[i];
	if (n_modules == MODULES || len >= sizeof buf)
		return NULL;
	memcpy(buf, path, len);
	buf[len] = '\0';
	struct module *m = &modules[n_modules];

	m->path = strdup(buf);
	if (!m->path)
		return NULL;
	m->real = realpath(buf, NULL);
	/* the main program is named by its argv[0]: relative, and stale after a chdir */
	if (!m->real && !strcmp(buf, program_invocation_name))
		m->real = realpath("/proc/self/exe", NULL);
	m->sym = oc_elfsym_open_static(m->real ? m->real : buf);
	n_modules++;
	return m;
}

/*
 * One frame line "SYMBOL+0xOFF (MODULE+0xOFF)" into out: rewritten when
 * SYMBOL is "?" and the module names the function; else as it was.
 */
static size_t frame(const char *line, size_t n, char *out, size_t len)
{
	const char *open = memchr(line, '(', n), *plus = NULL;
	unsigned long long off;
	struct module *m;
	char name[512], *end;
	uint64_t in;
	int w;

	if (n < 3 || line[0] != '?' || line[1] != '+' || !open || line[n - 1] != ')')
		goto copy;
	for (const char *p = line + n - 2; p > open; p--)
		if (*p == '+') {
			plus = p;
			break;
		}
	if (!plus || plus[1] != '0' || plus[2] != 'x')
		goto copy;
	off = strtoull(plus + 3, &end, 16);
	if (end != line + n - 1 || !(m = module_of(open + 1, (size_t)(plus - open - 1))) || !m->sym ||
	    oc_elfsym_lookup(m->sym, off, name, sizeof name, &in))
		goto copy;
	w = snprintf(out, len, "%s+0x%llx (%s+0x%llx)", name, (unsigned long long)in,
		     m->real ? m->real : m->path, off);
	if (w > 0 && (size_t)w < len)
		return (size_t)w;
copy:
	if (n >= len)
		n = len ? len - 1 : 0;
	memcpy(out, line, n);
	if (len)
		out[n] = '\0';
	return n;
}

/*
 * A frame of the CUDA runtime itself: a program linked with the static
 * runtime (nvcc's default) has it in its own module, where the module rule
 * of record_caller cannot tell it from the program's code.
 */
static const char **rt_names;   /* the runtime API's names, sorted (CUPTI's, unversioned) */
static size_t n_rt_names;
static int rt_loaded;

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void load_runtime_names(void)
{
	if (rt_loaded++)
		return;
	rt_names = calloc(CUPTI_RUNTIME_TRACE_CBID_SIZE, sizeof *rt_names);
	if (!rt_names)
		return;
	for (unsigned id = 1; id < CUPTI_RUNTIME_TRACE_CBID_SIZE; id++) {
		const char *name = NULL;
		char *v, *dup;

		if (cuptiGetCallbackName(CUPTI_CB_DOMAIN_RUNTIME_API, id, &name) != CUPTI_SUCCESS || !name ||
		    !(dup = strdup(name)))
			continue;
		if ((v = strrchr(dup, '_')) && v[1] == 'v' && v[2] >= '0' && v[2] <= '9')
			*v = '\0';   /* cudaFree_v3020: the function is cudaFree */
		rt_names[n_rt_names++] = dup;
	}
	qsort(rt_names, n_rt_names, sizeof *rt_names, cmp_name);
}

/* A frame of the runtime: one of its API functions by name, or its internals. */
static int runtime_frame(const char *line)
{
	char sym[256];
	const char *plus = strstr(line, "+0x"), *key = sym;
	size_t n = plus ? (size_t)(plus - line) : 0;

	if (!strncmp(line, "__cudart", 8) || !strncmp(line, "_ZN6cudart", 10))
		return 1;
	if (strncmp(line, "cuda", 4) || !n || n >= sizeof sym)
		return 0;
	memcpy(sym, line, n);
	sym[n] = '\0';
	load_runtime_names();
	return rt_names && bsearch(&key, rt_names, n_rt_names, sizeof *rt_names, cmp_name) != NULL;
}

const char *oc_wr_symbolize_frames(const char *frames, char *out, size_t len)
{
	size_t o = 0;
	int kept = 0;

	if (!strstr(frames, "?+0x") && !runtime_frame(frames))
		return frames;
	for (const char *p = frames; *p && o + 1 < len;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p), w;

		if (o && o + 1 < len)
			out[o++] = '\n';
		w = frame(p, n, out + o, len - o);
		/* the runtime's own frames before the program's are left out, unless
		 * nothing else would be left */
		if (!kept && nl && runtime_frame(out + o)) {
			if (o)
				o--;
		} else {
			o += w;
			kept = 1;
		}
		if (!nl)
			break;
		p = nl + 1;
	}
	out[o < len ? o : len - 1] = '\0';
	return out;
}

void oc_wr_callers_free(void)
{
	for (size_t i = 0; i < n_rt_names; i++)
		free((void *)rt_names[i]);
	free(rt_names);
	rt_names = NULL;
	n_rt_names = 0;
	rt_loaded = 0;
	for (int i = 0; i < n_modules; i++) {
		free(modules[i].path);
		free(modules[i].real);
		if (modules[i].sym)
			oc_elfsym_close(modules[i].sym);
	}
	memset(modules, 0, sizeof modules);
	n_modules = 0;
}
