/*
 * elfsym.c: the function symbols of an ELF64 file, sorted once for lookups,
 * or looked up for a batch of offsets in one pass (oc_elfsym_resolve, what
 * the writer uses; elfsym.h).
 *
 * The address rule. dladdr's dli_fbase is the link map's l_map_start
 * (glibc's dl-addr.c): where the first page of the lowest PT_LOAD segment
 * is mapped, that is the load bias l_addr (what the loader adds to every
 * st_value) plus that segment's p_vaddr rounded down to the page size
 * (rtld.c for the main program, dl-map-segments.h for the others). So for a
 * pc inside the module
 *
 *	st_value = pc - l_addr = (pc - dli_fbase) + ALIGN_DOWN(lowest p_vaddr, page)
 *
 * and m->base below is that last term. For ET_DYN (PIE programs, shared
 * libraries) the lowest p_vaddr is 0 and the offset is the symbol value
 * itself; for ET_EXEC (non-PIE programs, whose st_value is absolute) it is
 * the link address, typically 0x400000, and dli_fbase is that address too.
 * The page size is the running system's, as the loader's; in files that
 * linkers write the lowest p_vaddr is page-aligned anyway, so the rounding
 * changes nothing there. tests/unit/test-elfsym.c checks the rule on this
 * test's own PIE executable, on a shared library against dladdr, and on a
 * hand-made ET_EXEC file.
 *
 * Which symbol covers a value. The candidates are the named, defined
 * STT_FUNC and STT_GNU_IFUNC symbols, sorted by value; of several at one
 * value (aliases) one is kept: a sized one before an unsized one, then the
 * largest, then a global before a weak before a local one, then the first
 * in the table, so the choice is the same on every run. A sized symbol
 * covers [value, value + size); where sized symbols nest (hand-written
 * assembly), the innermost that covers the value wins. An unsized symbol
 * (assembly without .size) covers a value only when no sized one does, it
 * is the nearest candidate at or below the value, and the value is inside
 * the section the symbol is defined in: so a symbol at the end of .text
 * does not swallow the addresses of the next section.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <elf.h>

#include "elfsym.h"

/* Bounds on what one module's table may cost: beyond them open fails (NULL).
 * The batch (oc_elfsym_resolve) builds no table and has none. */
#define MAX_FUNCS (4u << 20)          /* candidate symbols of one table */
#define MAX_NAMES (256u << 20)        /* bytes of the names kept */
#define NAME_CAP (64u << 10)          /* one name kept; longer ones are cut */
#define SCAN_MAX 4096                 /* entries one lookup walks back through */

struct fn {
	uint64_t value;
	uint64_t end;      /* one past the last value it covers */
	uint64_t maxend;   /* the largest end of a sized entry at or before this one */
	uint64_t name;     /* while opening: offset in the file's string table; then in m->names */
	uint32_t aux;      /* while opening: the index in the table (the last tie-break), then the name's length */
	uint8_t sized;
	uint8_t bind;      /* while opening: 0 global, 1 weak, 2 local or other */
};

struct oc_elfsym {
	struct fn *fns;
	size_t n;
	char *names;
	uint64_t base;     /* ALIGN_DOWN(lowest PT_LOAD p_vaddr, page): see the top */
};

/* The file as mapped, and its section header table once checked. */
struct file {
	const unsigned char *p;
	size_t len;
	uint64_t shoff, shnum;
};

/* A symbol table and its strings, inside the mapping. */
struct table {
	const unsigned char *syms;
	uint64_t nsym;
	const char *str;
	uint64_t strsz;
};

/* [off, off + size) lies inside the file, without overflow. */
static int inside(const struct file *f, uint64_t off, uint64_t size)
{
	return off <= f->len && size <= f->len - off;
}

/* Section i < f->shnum; copied out, as the table need not be aligned. */
static void section(const struct file *f, uint64_t i, Elf64_Shdr *s)
{
	memcpy(s, f->p + f->shoff + i * sizeof *s, sizeof *s);
}

static int host_little_endian(void)
{
	const uint16_t one = 1;
	unsigned char b;

	memcpy(&b, &one, 1);
	return b == 1;
}

/* The section header table: e_shnum entries at e_shoff or, where e_shnum is
 * 0 (0xff00 sections or more), as many as section 0's sh_size says. */
static int section_table(struct file *f, const Elf64_Ehdr *eh)
{
	Elf64_Shdr s0;
	uint64_t n = eh->e_shnum;

	if (eh->e_shoff == 0 || eh->e_shentsize != sizeof(Elf64_Shdr) || !inside(f, eh->e_shoff, sizeof s0))
		return -1;
	f->shoff = eh->e_shoff;
	if (n == 0) {
		memcpy(&s0, f->p + f->shoff, sizeof s0);
		n = s0.sh_size;
	}
	/* n bounded by the file first, so that n * 64 cannot overflow */
	if (n == 0 || n > f->len / sizeof(Elf64_Shdr) || !inside(f, f->shoff, n * sizeof(Elf64_Shdr)))
		return -1;
	f->shnum = n;
	return 0;
}

/* m->base: the lowest PT_LOAD's p_vaddr rounded down to the page (the rule
 * at the top). e_phnum PN_XNUM means the count is section 0's sh_info. */
static int load_base(const struct file *f, const Elf64_Ehdr *eh, uint64_t *base)
{
	uint64_t n = eh->e_phnum, lowest = UINT64_MAX, page = 4096, i;
	long ps = sysconf(_SC_PAGESIZE);
	Elf64_Phdr ph;

	if (n == PN_XNUM) {
		Elf64_Shdr s0;

		section(f, 0, &s0);
		n = s0.sh_info;
	}
	if (n == 0 || eh->e_phentsize != sizeof ph || n > f->len / sizeof ph ||
	    !inside(f, eh->e_phoff, n * sizeof ph))
		return -1;
	for (i = 0; i < n; i++) {
		memcpy(&ph, f->p + eh->e_phoff + i * sizeof ph, sizeof ph);
		if (ph.p_type == PT_LOAD && ph.p_vaddr < lowest)
			lowest = ph.p_vaddr;
	}
	if (lowest == UINT64_MAX)
		return -1;
	if (ps > 0 && ((unsigned long)ps & ((unsigned long)ps - 1)) == 0)
		page = (uint64_t)ps;
	*base = lowest & ~(page - 1);
	return 0;
}

/* One symbol as a candidate: 1 and *e filled when it is a named, defined
 * function whose name lies in the string table, else 0. The string table
 * ends with a NUL (checked by the caller), so every offset inside it starts
 * a terminated string. */
static int candidate(const struct file *f, const Elf64_Sym *s, uint64_t strsz, const char *str, struct fn *e)
{
	unsigned type = ELF64_ST_TYPE(s->st_info), bind = ELF64_ST_BIND(s->st_info);
	Elf64_Shdr sec;

	if (type != STT_FUNC && type != STT_GNU_IFUNC)
		return 0;
	/* undefined (an import), absolute or common: no code of this file */
	if (s->st_shndx == SHN_UNDEF || (s->st_shndx >= SHN_LORESERVE && s->st_shndx != SHN_XINDEX))
		return 0;
	if (s->st_name == 0 || s->st_name >= strsz || str[s->st_name] == '\0')
		return 0;
	e->value = s->st_value;
	e->name = s->st_name;
	e->bind = bind == STB_GLOBAL ? 0 : bind == STB_WEAK ? 1 : 2;
	e->sized = s->st_size > 0;
	e->maxend = 0;
	if (e->sized) {
		e->end = s->st_size > UINT64_MAX - e->value ? UINT64_MAX : e->value + s->st_size;
		return 1;
	}
	/* unsized: up to the end of its section; where that is unknown (an
	 * extended index, a value outside the section), its first byte only */
	e->end = e->value == UINT64_MAX ? e->value : e->value + 1;
	if (s->st_shndx != SHN_XINDEX && s->st_shndx < f->shnum) {
		section(f, s->st_shndx, &sec);
		if ((sec.sh_flags & SHF_ALLOC) && e->value >= sec.sh_addr &&
		    e->value - sec.sh_addr < sec.sh_size)
			e->end = sec.sh_size > UINT64_MAX - sec.sh_addr ? UINT64_MAX : sec.sh_addr + sec.sh_size;
	}
	return 1;
}

/* By value; at one value the entry to keep first (the rule at the top). */
static int by_value(const void *pa, const void *pb)
{
	const struct fn *a = pa, *b = pb;

	if (a->value != b->value)
		return a->value < b->value ? -1 : 1;
	if (a->sized != b->sized)
		return a->sized ? -1 : 1;
	if (a->end != b->end)
		return a->end > b->end ? -1 : 1;
	if (a->bind != b->bind)
		return a->bind < b->bind ? -1 : 1;
	return a->aux < b->aux ? -1 : a->aux > b->aux;
}

/* The first symbol table of `type` and its string table, checked: 0, or -1. */
static int symbol_table(const struct file *f, uint32_t type, struct table *t)
{
	Elf64_Shdr tab, strs;
	uint64_t i;

	for (i = 0; i < f->shnum; i++) {
		section(f, i, &tab);
		if (tab.sh_type == type)
			break;
	}
	if (i == f->shnum)
		return -1;
	if (tab.sh_entsize != sizeof(Elf64_Sym) || !inside(f, tab.sh_offset, tab.sh_size) ||
	    tab.sh_link == 0 || tab.sh_link >= f->shnum)
		return -1;
	section(f, tab.sh_link, &strs);
	if (strs.sh_type != SHT_STRTAB || strs.sh_size == 0 || !inside(f, strs.sh_offset, strs.sh_size))
		return -1;
	t->str = (const char *)f->p + strs.sh_offset;
	if (t->str[strs.sh_size - 1] != '\0')
		return -1;
	t->strsz = strs.sh_size;
	t->syms = f->p + tab.sh_offset;
	t->nsym = tab.sh_size / sizeof(Elf64_Sym);
	return 0;
}

/* The functions of the first section of `type` into m: 0, or -1 when there
 * is no such table, it is malformed, has no function, or is too large. */
static int collect(const struct file *f, uint32_t type, struct oc_elfsym *m)
{
	struct table t;
	Elf64_Sym s;
	const unsigned char *syms;
	const char *str;
	uint64_t i, nsym, n = 0, k, bytes = 0, maxend = 0;
	struct fn *fns, scratch, *shrunk;

	if (symbol_table(f, type, &t) != 0)
		return -1;
	str = t.str;
	syms = t.syms;
	nsym = t.nsym;

	/* count, then fill: one allocation of the exact size */
	for (i = 1; i < nsym; i++) {
		memcpy(&s, syms + i * sizeof s, sizeof s);
		n += candidate(f, &s, t.strsz, str, &scratch);
		if (n > MAX_FUNCS)
			return -1;
	}
	if (n == 0)
		return -1;
	fns = malloc(n * sizeof *fns);
	if (!fns)
		return -1;
	for (i = 1, k = 0; i < nsym && k < n; i++) {
		memcpy(&s, syms + i * sizeof s, sizeof s);
		if (candidate(f, &s, t.strsz, str, &fns[k])) {
			fns[k].aux = (uint32_t)i;   /* i < nsym <= len / 24: fits while files are < 96 GiB */
			k++;
		}
	}
	if (n > 1)
		qsort(fns, n, sizeof *fns, by_value);

	/* one entry per value: the first of each run, as sorted */
	for (i = 1, k = 1; i < n; i++)
		if (fns[i].value != fns[k - 1].value)
			fns[k++] = fns[i];
	n = k;

	/* the names, cut at NAME_CAP; the total bounds the scanning too */
	for (i = 0; i < n; i++) {
		uint64_t room = t.strsz - fns[i].name;

		fns[i].aux = (uint32_t)strnlen(str + fns[i].name, room < NAME_CAP ? room : NAME_CAP);
		bytes += fns[i].aux + 1;
		if (bytes > MAX_NAMES) {
			free(fns);
			return -1;
		}
	}
	m->names = malloc(bytes);
	if (!m->names) {
		free(fns);
		return -1;
	}
	for (i = 0, bytes = 0; i < n; i++) {
		memcpy(m->names + bytes, str + fns[i].name, fns[i].aux);
		m->names[bytes + fns[i].aux] = '\0';
		fns[i].name = bytes;
		bytes += fns[i].aux + 1;
		if (fns[i].sized && fns[i].end > maxend)
			maxend = fns[i].end;
		fns[i].maxend = maxend;
	}
	shrunk = realloc(fns, n * sizeof *fns);   /* the aliases dropped; failing to shrink is fine */
	m->fns = shrunk ? shrunk : fns;
	m->n = n;
	return 0;
}

/* An ELF64 little-endian executable or shared library: its section table
 * checked into f and its load base (the rule at the top); 0, or -1. */
static int elf_header(struct file *f, uint64_t *base)
{
	Elf64_Ehdr eh;

	memcpy(&eh, f->p, sizeof eh);
	if (memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 || eh.e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh.e_ident[EI_DATA] != ELFDATA2LSB || eh.e_ident[EI_VERSION] != EV_CURRENT)
		return -1;
	if (eh.e_type != ET_EXEC && eh.e_type != ET_DYN)
		return -1;
	if (section_table(f, &eh) != 0 || load_base(f, &eh, base) != 0)
		return -1;
	return 0;
}

static struct oc_elfsym *parse(struct file *f, int symtab_only)
{
	struct oc_elfsym *m;
	uint64_t base;

	if (elf_header(f, &base) != 0)
		return NULL;
	m = calloc(1, sizeof *m);
	if (!m)
		return NULL;
	m->base = base;
	/* .symtab names the static functions too; a stripped file has only .dynsym */
	if (collect(f, SHT_SYMTAB, m) != 0 && (symtab_only || collect(f, SHT_DYNSYM, m) != 0)) {
		free(m);
		return NULL;
	}
	return m;
}

/* A regular file at least an ELF header long, mapped read-only into f: 0,
 * or -1. The caller unmaps it (munmap(f->p, f->len)). */
static int map_file(const char *path, struct file *f)
{
	struct stat st;
	void *p;
	int fd;

	/* the fields are read in the host's order: a big-endian host would misread them */
	if (!path || !host_little_endian())
		return -1;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size < (off_t)sizeof(Elf64_Ehdr) ||
	    (uint64_t)st.st_size > SIZE_MAX) {
		close(fd);
		return -1;
	}
	p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (p == MAP_FAILED)
		return -1;
	memset(f, 0, sizeof *f);
	f->p = p;
	f->len = (size_t)st.st_size;
	return 0;
}

static struct oc_elfsym *open_module(const char *path, int symtab_only)
{
	struct file f;
	struct oc_elfsym *m;

	if (map_file(path, &f) != 0)
		return NULL;
	m = parse(&f, symtab_only);
	/* nothing of the mapping is kept: a module rebuilt on disk later cannot fault a lookup */
	munmap((void *)f.p, f.len);
	return m;
}

struct oc_elfsym *oc_elfsym_open(const char *path)
{
	return open_module(path, 0);
}

struct oc_elfsym *oc_elfsym_open_static(const char *path)
{
	return open_module(path, 1);
}

int oc_elfsym_lookup(struct oc_elfsym *m, uint64_t off, char *name, size_t len, uint64_t *in_sym)
{
	const struct fn *hit = NULL;
	size_t lo = 0, hi, i, j, steps;
	uint64_t v;

	if (!m || off > UINT64_MAX - m->base)
		return -1;
	v = off + m->base;
	/* lo: the first entry above v */
	hi = m->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (m->fns[mid].value <= v)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return -1;
	i = lo - 1;
	/* the innermost sized entry that covers v: walk back while one may still reach it */
	for (j = i, steps = 0; steps < SCAN_MAX && m->fns[j].maxend > v; j--, steps++) {
		if (m->fns[j].sized && v < m->fns[j].end) {
			hit = &m->fns[j];
			break;
		}
		if (j == 0)
			break;
	}
	if (!hit && !m->fns[i].sized && v < m->fns[i].end)
		hit = &m->fns[i];
	if (!hit)
		return -1;
	if (name && len) {
		size_t l = strlen(m->names + hit->name);

		if (l >= len)
			l = len - 1;
		memcpy(name, m->names + hit->name, l);
		name[l] = '\0';
	}
	if (in_sym)
		*in_sym = v - hit->value;
	return 0;
}

/*
 * oc_elfsym_resolve: the same answers as oc_elfsym_lookup on a module
 * opened with oc_elfsym_open, for a batch of offsets, in one pass over
 * .symtab (.dynsym where .symtab has no function) and without building the
 * sorted table: nothing is copied but
 * the names found, and of the string table only those names are read. A
 * large C++ library's table (libtorch_cuda's: millions of symbols and
 * hundreds of megabytes of names) costs the opening a sort of every
 * function and a copy of every name; a batch costs one read of its symbol
 * entries.
 *
 * The rule of the top, per query value v, over the candidates seen in file
 * order:
 *   cover[k]  the sized candidate covering v with the largest value (the
 *             innermost), ties at one value broken as by_value keeps one;
 *   below[k]  the candidate kept (by_value) at the largest value in
 *             (v[k-1], v[k]]: a prefix maximum over k then gives, for each
 *             v, the nearest kept candidate at or below it, which answers
 *             when it is unsized, no sized one covers v and v < its end.
 * A candidate replaces another only when its value is larger, or equal and
 * by_value keeps it first; only then is its name checked (candidate()), so
 * the whole string table is never touched. Unlike the table it walks back
 * through no bound (SCAN_MAX) and accepts any number of symbols.
 */
struct best {
	struct fn e;
	int set;
};

static int keeps(const struct fn *a, const struct best *b)
{
	return !b->set || a->value > b->e.value || (a->value == b->e.value && by_value(a, &b->e) < 0);
}

/* The first table of `type` that has at least one function symbol, as
 * collect asks of it: 0, or -1. */
static int function_table(const struct file *f, uint32_t type, struct table *t)
{
	Elf64_Sym s;
	struct fn scratch;

	if (symbol_table(f, type, t) != 0)
		return -1;
	for (uint64_t i = 1; i < t->nsym; i++) {
		memcpy(&s, t->syms + i * sizeof s, sizeof s);
		if (candidate(f, &s, t->strsz, t->str, &scratch))
			return 0;
	}
	return -1;
}

static int cmp_u64(const void *pa, const void *pb)
{
	uint64_t a = *(const uint64_t *)pa, b = *(const uint64_t *)pb;

	return a < b ? -1 : a > b;
}

/* The first of v[0..n), sorted, at or above x (n if none). */
static size_t first_at_or_above(const uint64_t *v, size_t n, uint64_t x)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (v[mid] < x)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static int resolve(const struct file *f, struct oc_elfsym_query *q, size_t n)
{
	struct table t;
	uint64_t base, *v = NULL;
	struct best *cover = NULL, *below = NULL, run = { 0 };
	size_t nq = 0, i, k;
	int rc = -1;

	/* .symtab names the static functions too; a stripped file has .dynsym
	 * (and one stripped but for some data symbols, a .symtab of no function) */
	if (elf_header((struct file *)f, &base) != 0 ||
	    (function_table(f, SHT_SYMTAB, &t) != 0 && function_table(f, SHT_DYNSYM, &t) != 0))
		return -1;
	v = malloc(n * sizeof *v);
	cover = calloc(n, sizeof *cover);
	below = calloc(n, sizeof *below);
	if (!v || !cover || !below)
		goto out;
	/* the values asked for, sorted; one past UINT64_MAX is never found */
	for (i = 0; i < n; i++) {
		q[i].found = 0;
		if (q[i].off <= UINT64_MAX - base)
			v[nq++] = q[i].off + base;
	}
	if (nq > 1)
		qsort(v, nq, sizeof *v, cmp_u64);
	for (uint64_t si = 1; nq && si < t.nsym; si++) {
		Elf64_Sym s;
		struct fn e;
		unsigned type;

		memcpy(&s, t.syms + si * sizeof s, sizeof s);
		type = ELF64_ST_TYPE(s.st_info);
		if ((type != STT_FUNC && type != STT_GNU_IFUNC) || s.st_shndx == SHN_UNDEF ||
		    s.st_name == 0 || s.st_name >= t.strsz || s.st_value > v[nq - 1])
			continue;
		/* k: the first value at or above the symbol's */
		k = first_at_or_above(v, nq, s.st_value);
		/* cheap bounds first: a symbol that can change nothing is not read further */
		e.value = s.st_value;
		e.sized = s.st_size > 0;
		e.end = e.sized ? (s.st_size > UINT64_MAX - e.value ? UINT64_MAX : e.value + s.st_size) : 0;
		e.bind = ELF64_ST_BIND(s.st_info) == STB_GLOBAL ? 0 : ELF64_ST_BIND(s.st_info) == STB_WEAK ? 1 : 2;
		e.aux = (uint32_t)si;
		if (below[k].set && below[k].e.value > e.value && !(e.sized && v[k] < e.end))
			continue;
		if (!candidate(f, &s, t.strsz, t.str, &e))
			continue;
		e.aux = (uint32_t)si;
		if (keeps(&e, &below[k])) {
			below[k].e = e;
			below[k].set = 1;
		}
		for (size_t j = k; e.sized && j < nq && v[j] < e.end; j++)
			if (keeps(&e, &cover[j])) {
				cover[j].e = e;
				cover[j].set = 1;
			}
	}
	/* the answers, in sorted order, then back to the queries */
	for (k = 0; k < nq; k++) {
		if (below[k].set)
			run = below[k];
		below[k] = run;   /* now: the nearest kept candidate at or below v[k] */
	}
	for (i = 0; i < n; i++) {
		const struct fn *hit = NULL;
		uint64_t want, room;
		size_t lo, l;

		if (q[i].off > UINT64_MAX - base)
			continue;
		want = q[i].off + base;
		lo = first_at_or_above(v, nq, want);
		if (lo == nq || v[lo] != want)
			continue;
		if (cover[lo].set)
			hit = &cover[lo].e;
		else if (below[lo].set && !below[lo].e.sized && want < below[lo].e.end)
			hit = &below[lo].e;
		if (!hit)
			continue;
		room = t.strsz - hit->name;
		l = strnlen(t.str + hit->name, room < NAME_CAP ? room : NAME_CAP);
		if (l >= sizeof q[i].name)
			l = sizeof q[i].name - 1;
		memcpy(q[i].name, t.str + hit->name, l);
		q[i].name[l] = '\0';
		q[i].in_sym = want - hit->value;
		q[i].found = 1;
	}
	rc = 0;
out:
	free(v);
	free(cover);
	free(below);
	return rc;
}

int oc_elfsym_resolve(const char *path, struct oc_elfsym_query *q, size_t n)
{
	struct file f;
	int rc;

	if (n && !q)
		return -1;
	for (size_t i = 0; i < n; i++)
		q[i].found = 0;
	if (map_file(path, &f) != 0)
		return -1;
	rc = n ? resolve(&f, q, n) : 0;
	munmap((void *)f.p, f.len);
	return rc;
}

void oc_elfsym_close(struct oc_elfsym *m)
{
	if (!m)
		return;
	free(m->fns);
	free(m->names);
	free(m);
}
