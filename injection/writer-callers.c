/*
 * writer-callers.c: the frames of table callers, symbolised at the end of
 * the trace.
 *
 * The callbacks take a blocked call's return addresses (backtrace); the
 * writer stores each frame as "?+0x0 (MODULE+0xOFF)", placed by the loaded
 * modules' ranges (oc_wr_frames_of_pcs), with no symbol lookup while the
 * program runs. At the end (oc_wr_callers_finish, from oc_writer_finish),
 * off the program's run, each frame is looked up in its module's symbol
 * table (elfsym.c: .symtab, which names static functions too, or .dynsym
 * where the file was stripped), all of one module's frames in one pass, and
 * becomes "SYMBOL+0xOFF (MODULE+0xOFF)", with MODULE made absolute (this
 * runs in the traced process: a relative path means what it meant to the
 * loader unless the program changed directory, and a module rebuilt on disk
 * during the run is read as it is now); the CUDA runtime's own leading
 * frames are then left out. A module unloaded between the call and the
 * writer's turn loses its frames (one loaded at its address in between
 * takes them, as with dladdr). Looking names up while the program ran
 * cost a PyTorch program's writer a quarter of a second of CPU and 100 MB
 * (libtorch's tables), then, with dladdr, 1.3 s in a training step
 * (docs/performance.md). A module that cannot be read leaves its frames as
 * they were.
 */
#include <errno.h>
#include <limits.h>
#include <link.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <sys/auxv.h>
#include <unistd.h>

#include <cupti.h>

#include "elfsym.h"
#include "writer-priv.h"

#define MODULES 4096   /* distinct modules named; beyond, frames stay as taken */

/* A frame to name: its module offset, and what the symbol table says. */
struct site {
	uint64_t off;
	int found;
	uint64_t in;
	char *name;
};

static struct module {
	char *path;                 /* as the frame gives it */
	char *real;                 /* realpath(), or NULL */
	int unreadable;             /* no symbol table we can read: its frames stay */
	int dirty;                  /* sites added since the last batch */
	struct site *sites;         /* sorted by off */
	size_t n, cap;
} *modules;
static int n_modules, cap_modules;

static struct module *module_of(const char *path, size_t len)
{
	char buf[PATH_MAX];

	for (int i = 0; i < n_modules; i++)
		if (strlen(modules[i].path) == len && !memcmp(modules[i].path, path, len))
			return &modules[i];
	if (n_modules == MODULES || len >= sizeof buf)
		return NULL;
	if (n_modules == cap_modules) {
		int cap = cap_modules ? cap_modules * 2 : 32;
		struct module *p = realloc(modules, (size_t)cap * sizeof *p);

		if (!p)
			return NULL;
		modules = p;
		cap_modules = cap;
	}
	memcpy(buf, path, len);
	buf[len] = '\0';
	struct module *m = &modules[n_modules];

	memset(m, 0, sizeof *m);
	m->path = strdup(buf);
	if (!m->path)
		return NULL;
	/* the main program's frames already name it absolutely (oc_caller_exe_path) */
	m->real = realpath(buf, NULL);
	n_modules++;
	return m;
}

/* The site of `off` in m, added (unresolved) when add is set; NULL if none. */
static struct site *site_of(struct module *m, uint64_t off, int add)
{
	size_t lo = 0, hi = m->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (m->sites[mid].off < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < m->n && m->sites[lo].off == off)
		return &m->sites[lo];
	if (!add || m->unreadable)
		return NULL;
	if (m->n == m->cap) {
		size_t cap = m->cap ? m->cap * 2 : 16;
		struct site *p = realloc(m->sites, cap * sizeof *p);

		if (!p)
			return NULL;
		m->sites = p;
		m->cap = cap;
	}
	memmove(&m->sites[lo + 1], &m->sites[lo], (m->n - lo) * sizeof *m->sites);
	memset(&m->sites[lo], 0, sizeof m->sites[lo]);
	m->sites[lo].off = off;
	m->n++;
	m->dirty = 1;
	return &m->sites[lo];
}

/*
 * Every site of m named in one pass over its symbol table (oc_elfsym_resolve):
 * a large library's whole table is never built, and a module is read once
 * for all the frames of a trace (oc_wr_callers_finish).
 */
static void resolve(struct module *m)
{
	struct oc_elfsym_query *q;

	if (!m->dirty || m->unreadable)
		return;
	m->dirty = 0;
	q = calloc(m->n, sizeof *q);
	if (!q)
		return;
	for (size_t i = 0; i < m->n; i++)
		q[i].off = m->sites[i].off;
	if (oc_elfsym_resolve(m->real ? m->real : m->path, q, m->n) != 0)
		m->unreadable = 1;
	for (size_t i = 0; i < m->n; i++) {
		struct site *st = &m->sites[i];

		free(st->name);
		st->name = q[i].found ? strdup(q[i].name) : NULL;
		st->found = st->name != NULL;
		st->in = q[i].in_sym;
	}
	free(q);
}

/* A frame line "?+0x0 (MODULE+0xOFF)": its module and offset, 1; else 0. */
static int unnamed_frame(const char *line, size_t n, const char **mod, size_t *mod_len, uint64_t *off)
{
	const char *open = memchr(line, '(', n), *plus = NULL;
	char *end;

	if (n < 3 || line[0] != '?' || line[1] != '+' || !open || line[n - 1] != ')')
		return 0;
	for (const char *p = line + n - 2; p > open; p--)
		if (*p == '+') {
			plus = p;
			break;
		}
	if (!plus || plus[1] != '0' || plus[2] != 'x')
		return 0;
	*off = strtoull(plus + 3, &end, 16);
	if (end != line + n - 1)
		return 0;
	*mod = open + 1;
	*mod_len = (size_t)(plus - open - 1);
	return 1;
}

/*
 * One frame line "SYMBOL+0xOFF (MODULE+0xOFF)" into out: rewritten when
 * SYMBOL is "?" and the module names the function; else as it was.
 */
static size_t frame(const char *line, size_t n, char *out, size_t len)
{
	const char *mod;
	size_t mod_len;
	uint64_t off;
	struct module *m;
	struct site *st;
	int w;

	if (!unnamed_frame(line, n, &mod, &mod_len, &off) || !(m = module_of(mod, mod_len)) ||
	    !(st = site_of(m, off, 1)))
		goto copy;
	resolve(m);   /* names the sites in place; nothing to do when asked for before */
	if (!st->found)
		goto copy;
	w = snprintf(out, len, "%s+0x%llx (%s+0x%llx)", st->name, (unsigned long long)st->in,
		     m->real ? m->real : m->path, (unsigned long long)off);
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

/* The unnamed frames of a callers row, to be named in the next batch. */
static void want_frames(const char *frames)
{
	for (const char *p = frames; p && *p;) {
		const char *nl = strchr(p, '\n'), *mod;
		size_t n = nl ? (size_t)(nl - p) : strlen(p), mod_len;
		uint64_t off;
		struct module *m;

		if (unnamed_frame(p, n, &mod, &mod_len, &off) && (m = module_of(mod, mod_len)))
			site_of(m, off, 1);
		p = nl ? nl + 1 : NULL;
	}
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
	if (n_rt_names > 1)
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

/* Frames of these modules are CUDA's or the tracer's: not kept (writer.h). */
int oc_caller_module_skipped(const char *path)
{
	static const char *const libs[] = { "libcupti", "libcuda.so", "libcudart", "liboverlapcheck",
					    "libnvidia", NULL };
	const char *base = path ? strrchr(path, '/') : NULL;

	base = base ? base + 1 : path;
	for (int i = 0; base && libs[i]; i++)
		if (!strncmp(base, libs[i], strlen(libs[i])))
			return 1;
	return !base;
}

/*
 * The loaded modules, for naming a return address by module and offset
 * without dladdr: dladdr also looks for the nearest dynamic symbol, a walk
 * of the module's whole .dynsym that took 100 to 200 us per frame in
 * libtorch here, and a PyTorch training step's 399 callers rows cost its
 * writer 1.3 s of CPU that way on the H200 (docs/performance.md). The map is
 * every loaded object's PT_LOAD ranges, from dl_iterate_phdr, sorted; it is
 * built again when the loader's counts of objects added and removed have
 * moved since (each probe reads them from the first object and stops), so a
 * module unloaded since the call leaves its frames out, as with dladdr. A
 * module's base is dladdr's dli_fbase (elfsym.c's address rule): its load
 * bias plus its lowest PT_LOAD p_vaddr rounded down to the page.
 */
struct seg {
	uintptr_t lo, hi;           /* [lo, hi) mapped from the module */
	uintptr_t base;             /* the module's dli_fbase */
	const char *path;           /* into lm.paths */
};
static struct {
	struct seg *segs;
	size_t n, cap;
	char **paths;
	size_t npaths, cappaths;
	unsigned long long adds, subs;
	int current;                /* whole, and this libc counts (dlpi_adds/subs):
	                               kept while the counts stay */
	uintptr_t page;             /* while building */
} lm;

static int probe_counts(struct dl_phdr_info *info, size_t size, void *data)
{
	unsigned long long *c = data;

	if (size < offsetof(struct dl_phdr_info, dlpi_subs) + sizeof info->dlpi_subs)
		return 1;   /* c[2] stays 0: no counts, built every time */
	c[0] = info->dlpi_adds;
	c[1] = info->dlpi_subs;
	c[2] = 1;
	return 1;
}

/*
 * The main program's file: /proc/self/exe where the kernel loaded it (its
 * program headers are the auxiliary vector's AT_PHDR); a program started
 * through the loader (ld.so ./app) has ld.so there, and its argv[0], as
 * the loader left it, made absolute (or as it is) names it instead.
 */
char *oc_caller_exe_path(const struct dl_phdr_info *info)
{
	char buf[PATH_MAX];
	ssize_t n;

	if (getauxval(AT_PHDR) == (unsigned long)(uintptr_t)info->dlpi_phdr &&
	    (n = readlink("/proc/self/exe", buf, sizeof buf - 1)) > 0) {
		buf[n] = '\0';
		return strdup(buf);
	}
	if (realpath(program_invocation_name, buf))
		return strdup(buf);
	return strdup(program_invocation_name);
}

/* One loaded object into the map; 1 (the walk stops) when out of memory. */
static int add_module(struct dl_phdr_info *info, size_t size, void *data)
{
	int *first = data;
	uintptr_t minv = UINTPTR_MAX;
	char *path;

	(void)size;
	if (*first) {
		*first = 0;   /* the main program, whose dlpi_name is "" */
		path = oc_caller_exe_path(info);
	} else if (!info->dlpi_name || !*info->dlpi_name) {
		return 0;
	} else {
		path = strdup(info->dlpi_name);
	}
	if (!path)
		return 1;
	if (lm.npaths == lm.cappaths) {
		size_t cap = lm.cappaths ? lm.cappaths * 2 : 64;
		char **p = realloc(lm.paths, cap * sizeof *p);

		if (!p) {
			free(path);
			return 1;
		}
		lm.paths = p;
		lm.cappaths = cap;
	}
	lm.paths[lm.npaths++] = path;
	for (int i = 0; i < info->dlpi_phnum; i++)
		if (info->dlpi_phdr[i].p_type == PT_LOAD && info->dlpi_phdr[i].p_vaddr < minv)
			minv = info->dlpi_phdr[i].p_vaddr;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];

		if (ph->p_type != PT_LOAD || ph->p_memsz == 0)
			continue;
		if (lm.n == lm.cap) {
			size_t cap = lm.cap ? lm.cap * 2 : 256;
			struct seg *p = realloc(lm.segs, cap * sizeof *p);

			if (!p)
				return 1;
			lm.segs = p;
			lm.cap = cap;
		}
		lm.segs[lm.n].lo = info->dlpi_addr + ph->p_vaddr;
		lm.segs[lm.n].hi = lm.segs[lm.n].lo + ph->p_memsz;
		lm.segs[lm.n].base = info->dlpi_addr + (minv & ~(lm.page - 1));
		lm.segs[lm.n].path = path;
		lm.n++;
	}
	return 0;
}

static int by_lo(const void *a, const void *b)
{
	uintptr_t x = ((const struct seg *)a)->lo, y = ((const struct seg *)b)->lo;

	return x < y ? -1 : x > y;
}

static void modules_free(void)
{
	for (size_t i = 0; i < lm.npaths; i++)
		free(lm.paths[i]);
	free(lm.paths);
	free(lm.segs);
	memset(&lm, 0, sizeof lm);
}

/* The map made current: built again when objects were added or removed. */
static void modules_refresh(void)
{
	unsigned long long c[3] = { 0, 0, 0 };
	long page;
	int first = 1, oom;

	dl_iterate_phdr(probe_counts, c);
	if (lm.current && c[0] == lm.adds && c[1] == lm.subs)
		return;
	page = sysconf(_SC_PAGESIZE);   /* once per build, not per frame */
	modules_free();
	lm.page = page > 0 ? (uintptr_t)page : 4096;
	oom = dl_iterate_phdr(add_module, &first) != 0;   /* a partial map is used once */
	if (lm.n)
		qsort(lm.segs, lm.n, sizeof *lm.segs, by_lo);
	lm.adds = c[0];
	lm.subs = c[1];
	lm.current = !oom && c[2];
}

/* The segment holding pc, or NULL (no module: JIT code, or unloaded). */
static const struct seg *segment_of(uintptr_t pc)
{
	size_t lo = 0, hi = lm.n;

	while (lo < hi) {   /* the first segment starting above pc */
		size_t mid = lo + (hi - lo) / 2;

		if (lm.segs[mid].lo <= pc)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo > 0 && pc < lm.segs[lo - 1].hi ? &lm.segs[lo - 1] : NULL;
}

/*
 * A backtrace as a callers row: past pcs[0] (the callback), the first six
 * frames outside CUDA and this library, each "?+0x0 (MODULE+0xOFF)", named
 * at the end (oc_wr_callers_finish). A frame in no loaded module (JIT code,
 * or a module unloaded since the call) is left out. Empty when none is left.
 */
const char *oc_wr_frames_of_pcs(void *const *pcs, int n, char *out, size_t len)
{
	size_t o = 0;
	int kept = 0;

	if (!len)
		return "";
	out[0] = '\0';
	modules_refresh();
	for (int i = 1; i < n && kept < OC_CALLER_FRAMES; i++) {
		uintptr_t pc = (uintptr_t)pcs[i] - 1;   /* inside the call instruction */
		const struct seg *sg = segment_of(pc);
		int w;

		if (!sg || oc_caller_module_skipped(sg->path))
			continue;
		w = snprintf(out + o, len - o, "%s?+0x0 (%s+0x%lx)", kept ? "\n" : "", sg->path,
			     (unsigned long)(pc - sg->base));
		if (w < 0 || (size_t)w >= len - o) {
			out[o] = '\0';   /* the frame that does not fit is left out */
			break;
		}
		o += (size_t)w;
		kept++;
	}
	return out;
}

/*
 * At the end of the trace, after the final commit, in a transaction of its
 * own (writer.c's name_callers): every callers row's frames named
 * (oc_wr_symbolize_frames), each module's symbol table read once for all
 * the trace's frames. Until then the rows hold the frames as the writer took
 * them ("?+0x0 (MODULE+0xOFF)", the runtime's own leading frames still
 * there): a trace that ends by a signal or a kill keeps those.
 * The rows are taken 256 at a time by rowid, so memory does not grow with
 * the table. Returns the rows read.
 */
int oc_wr_callers_finish(void)
{
	sqlite3_stmt *sel = NULL, *upd = NULL;
	sqlite3_int64 last = 0;
	struct { sqlite3_int64 id; char *text; } batch[256];
	int n, rows, rc, total = 0;

	if (!oc_wr.db || sqlite3_prepare_v2(oc_wr.db, "SELECT frames FROM callers", -1, &sel, NULL) != SQLITE_OK) {
		sqlite3_finalize(sel);
		return 0;
	}
	while ((rc = sqlite3_step(sel)) == SQLITE_ROW) {
		const char *f = (const char *)sqlite3_column_text(sel, 0);

		total++;
		if (f)
			want_frames(f);
	}
	if (rc != SQLITE_DONE)
		note_rc(rc);
	sqlite3_finalize(sel);
	if (!total)
		return 0;
	sel = NULL;
	for (int i = 0; i < n_modules; i++)
		resolve(&modules[i]);
	if (sqlite3_prepare_v2(oc_wr.db, "SELECT rowid, frames FROM callers WHERE rowid > ?1 "
				"ORDER BY rowid LIMIT 256", -1, &sel, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(oc_wr.db, "UPDATE callers SET frames = ?1 WHERE rowid = ?2", -1, &upd,
			       NULL) != SQLITE_OK)
		goto out;
	do {
		n = rows = 0;
		sqlite3_bind_int64(sel, 1, last);
		while ((rc = sqlite3_step(sel)) == SQLITE_ROW) {
			const char *f = (const char *)sqlite3_column_text(sel, 1);
			char out[2048];
			const char *s;

			rows++;
			last = sqlite3_column_int64(sel, 0);
			if (!f || (s = oc_wr_symbolize_frames(f, out, sizeof out)) == f || !strcmp(s, f))
				continue;
			if ((batch[n].text = strdup(s)) != NULL)
				batch[n++].id = last;
		}
		if (rc != SQLITE_DONE)
			note_rc(rc);
		sqlite3_reset(sel);
		for (int i = 0; i < n; i++) {
			sqlite3_bind_text(upd, 1, batch[i].text, -1, SQLITE_STATIC);
			sqlite3_bind_int64(upd, 2, batch[i].id);
			note_rc(step_done(upd));
			free(batch[i].text);
		}
	} while (rows == 256 && rc == SQLITE_DONE);
out:
	sqlite3_finalize(sel);
	sqlite3_finalize(upd);
	return total;
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
		for (size_t k = 0; k < modules[i].n; k++)
			free(modules[i].sites[k].name);
		free(modules[i].sites);
	}
	free(modules);
	modules = NULL;
	n_modules = cap_modules = 0;
	modules_free();
}
