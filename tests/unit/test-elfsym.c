/*
 * test-elfsym.c: function names from ELF symbol tables (injection/elfsym.c).
 *
 * The address rule is checked three ways: this PIE test program names its
 * own static function (in .symtab only: dladdr cannot name it), a shared
 * library's exported function gets the name dladdr gives (a stripped
 * library: .dynsym), and a hand-made ET_EXEC file linked at 0x400000 gives
 * its symbols at offsets from there. Then files that are not ELF, cut
 * short, lying about their tables, or fuzzed: NULL or -1, never a crash
 * (an ASAN=1 build also catches a read out of bounds).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dlfcn.h>
#include <elf.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "elfsym.h"

static char dir[64];
static int nfile;

static int setup(void **state)
{
	snprintf(dir, sizeof dir, "/tmp/oc-test-elfsym-XXXXXX");
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[128];

	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

/* Only .symtab names it: static, never inlined, cloned or folded into
 * another function, and long enough for the offsets below. */
static volatile unsigned probe_sink;
static __attribute__((noinline, noclone)) unsigned probe_static(unsigned n)
{
	unsigned i, h = 2166136261u;

	for (i = 0; i < n; i++)
		h = (h ^ probe_sink ^ i) * 16777619u;
	probe_sink = h;
	return h;
}

/* The module offset of a function of this process, as record_caller takes
 * it (pc - dli_fbase); *path is dladdr's file name. */
static uint64_t offset_of(const void *fn, const char **path, const char **sname)
{
	Dl_info info;

	assert_int_not_equal(dladdr(fn, &info), 0);
	assert_non_null(info.dli_fbase);
	if (path)
		*path = info.dli_fname;
	if (sname)
		*sname = info.dli_sname;
	return (uint64_t)((uintptr_t)fn - (uintptr_t)info.dli_fbase);
}

static unsigned char *read_all(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf = NULL;
	size_t cap = 0, n = 0, got;

	assert_non_null(f);
	do {
		if (n == cap) {
			cap = cap ? cap * 2 : 1 << 16;
			buf = realloc(buf, cap);
			assert_non_null(buf);
		}
		got = fread(buf + n, 1, cap - n, f);
		n += got;
	} while (got > 0);
	fclose(f);
	*len = n;
	return buf;
}

/* bytes written to a new file of the test's folder */
static void write_file(char *path, size_t plen, const void *p, size_t len)
{
	FILE *f;

	snprintf(path, plen, "%s/f%d", dir, nfile++);
	f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(p, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

static struct oc_elfsym *open_bytes(const void *p, size_t len)
{
	char path[128];
	struct oc_elfsym *m;

	write_file(path, sizeof path, p, len);
	m = oc_elfsym_open(path);
	unlink(path);
	return m;
}

static void test_self(void **state)
{
	uint64_t off = offset_of((const void *)probe_static, NULL, NULL), in = 99;
	struct oc_elfsym *m;
	char name[64];

	assert_int_not_equal(probe_static(3), 0);
	m = oc_elfsym_open("/proc/self/exe");
	assert_non_null(m);
	assert_int_equal(oc_elfsym_lookup(m, off, name, sizeof name, &in), 0);
	assert_string_equal(name, "probe_static");
	assert_int_equal(in, 0);
	assert_int_equal(oc_elfsym_lookup(m, off + 5, name, sizeof name, &in), 0);
	assert_string_equal(name, "probe_static");
	assert_int_equal(in, 5);
	/* the ELF header is no function; neither is anything past the file's end */
	assert_int_equal(oc_elfsym_lookup(m, 0, name, sizeof name, &in), -1);
	assert_int_equal(oc_elfsym_lookup(m, UINT64_MAX, name, sizeof name, &in), -1);
	assert_int_equal(oc_elfsym_lookup(m, 1ull << 40, name, sizeof name, &in), -1);
	/* a short buffer gets the start of the name; NULL outputs are fine */
	assert_int_equal(oc_elfsym_lookup(m, off, name, 6, NULL), 0);
	assert_string_equal(name, "probe");
	assert_int_equal(oc_elfsym_lookup(m, off, NULL, 0, NULL), 0);
	oc_elfsym_close(m);
	assert_int_equal(oc_elfsym_lookup(NULL, off, name, sizeof name, &in), -1);
	oc_elfsym_close(NULL);
}

/* libcmocka is stripped on Debian: only .dynsym, the table dladdr reads. */
static void test_shared_library(void **state)
{
	const char *path, *sname;
	uint64_t off = offset_of((const void *)_assert_int_equal, &path, &sname), in = 99;
	struct oc_elfsym *m;
	char name[128];

	assert_non_null(sname);
	m = oc_elfsym_open(path);
	assert_non_null(m);
	assert_int_equal(oc_elfsym_lookup(m, off, name, sizeof name, &in), 0);
	assert_string_equal(name, sname);
	assert_int_equal(in, 0);
	assert_int_equal(oc_elfsym_lookup(m, off + 3, name, sizeof name, &in), 0);
	assert_string_equal(name, sname);
	assert_int_equal(in, 3);
	oc_elfsym_close(m);
	/* the test itself has .symtab, and .symtab alone names its static function */
	m = oc_elfsym_open_static("/proc/self/exe");
	assert_non_null(m);
	oc_elfsym_close(m);
}

/* ---- a hand-made file: ET_EXEC at 0x400000 (or ET_DYN at 0) ------------------ */

enum { SYMTAB_AT = 0x200, STRTAB_AT = 0x400, SHDR_AT = 0x500, NSEC = 6, FILE_LEN = SHDR_AT + NSEC * 64 };
/* SEC_EXTRA is SHT_NULL unless a test makes it a second symbol table */
enum { SEC_TEXT = 1, SEC_SYMTAB = 2, SEC_STRTAB = 3, SEC_DATA = 4, SEC_EXTRA = 5 };

struct sym {
	const char *name;
	unsigned type, bind;
	uint16_t shndx;
	uint64_t at, size;   /* at: from the base */
};

/* .text is [base + 0x1000, base + 0x1100), .data at base + 0x2000 */
static const struct sym syms[] = {
	{ "alpha", STT_FUNC, STB_GLOBAL, SEC_TEXT, 0x1000, 0x20 },
	{ "alpha_alias", STT_FUNC, STB_LOCAL, SEC_TEXT, 0x1000, 0x20 },   /* the global wins */
	{ "inner", STT_FUNC, STB_LOCAL, SEC_TEXT, 0x1008, 0x8 },          /* nested in alpha */
	{ "beta_nosize", STT_FUNC, STB_LOCAL, SEC_TEXT, 0x1040, 0 },
	{ "gamma", STT_FUNC, STB_GLOBAL, SEC_TEXT, 0x1060, 0x10 },
	{ "ifn", STT_GNU_IFUNC, STB_GLOBAL, SEC_TEXT, 0x10a0, 0x10 },
	{ "tail_nosize", STT_FUNC, STB_LOCAL, SEC_TEXT, 0x10f0, 0 },
	{ "object", STT_OBJECT, STB_GLOBAL, SEC_DATA, 0x2000, 0x40 },     /* not a function */
	{ "imported", STT_FUNC, STB_GLOBAL, SHN_UNDEF, 0, 0 },            /* not defined here */
	{ "absolute", STT_FUNC, STB_GLOBAL, SHN_ABS, 0x1080, 0x10 },
};
#define NSYM (sizeof syms / sizeof syms[0])

static void put_section(unsigned char *buf, int i, uint32_t type, uint64_t flags, uint64_t addr,
                        uint64_t off, uint64_t size, uint32_t link, uint64_t entsize)
{
	Elf64_Shdr s = { 0 };

	s.sh_type = type;
	s.sh_flags = flags;
	s.sh_addr = addr;
	s.sh_offset = off;
	s.sh_size = size;
	s.sh_link = link;
	s.sh_addralign = 8;
	s.sh_entsize = entsize;
	memcpy(buf + SHDR_AT + i * sizeof s, &s, sizeof s);
}

static void build(unsigned char *buf, uint16_t type, uint64_t base)
{
	Elf64_Ehdr eh = { 0 };
	Elf64_Phdr ph = { 0 };
	Elf64_Sym s;
	size_t i, str = 1;

	memset(buf, 0, FILE_LEN);
	memcpy(eh.e_ident, ELFMAG, SELFMAG);
	eh.e_ident[EI_CLASS] = ELFCLASS64;
	eh.e_ident[EI_DATA] = ELFDATA2LSB;
	eh.e_ident[EI_VERSION] = EV_CURRENT;
	eh.e_type = type;
	eh.e_machine = EM_X86_64;
	eh.e_version = EV_CURRENT;
	eh.e_entry = base + 0x1000;
	eh.e_phoff = sizeof eh;
	eh.e_shoff = SHDR_AT;
	eh.e_ehsize = sizeof eh;
	eh.e_phentsize = sizeof ph;
	eh.e_phnum = 1;
	eh.e_shentsize = sizeof(Elf64_Shdr);
	eh.e_shnum = NSEC;
	memcpy(buf, &eh, sizeof eh);
	ph.p_type = PT_LOAD;
	ph.p_flags = PF_R | PF_X;
	ph.p_vaddr = ph.p_paddr = base;
	ph.p_filesz = ph.p_memsz = 0x3000;
	ph.p_align = 0x1000;
	memcpy(buf + sizeof eh, &ph, sizeof ph);

	for (i = 0; i < NSYM; i++) {
		memset(&s, 0, sizeof s);
		s.st_name = (uint32_t)str;
		s.st_info = ELF64_ST_INFO(syms[i].bind, syms[i].type);
		s.st_shndx = syms[i].shndx;
		s.st_value = syms[i].shndx == SHN_UNDEF ? 0 : base + syms[i].at;
		s.st_size = syms[i].size;
		memcpy(buf + SYMTAB_AT + (i + 1) * sizeof s, &s, sizeof s);   /* entry 0 stays null */
		memcpy(buf + STRTAB_AT + str, syms[i].name, strlen(syms[i].name) + 1);
		str += strlen(syms[i].name) + 1;
	}
	assert_true(STRTAB_AT + str <= SHDR_AT);
	put_section(buf, SEC_TEXT, SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, base + 0x1000, 0x100, 0x100, 0, 0);
	put_section(buf, SEC_SYMTAB, SHT_SYMTAB, 0, 0, SYMTAB_AT, (NSYM + 1) * sizeof s, SEC_STRTAB, sizeof s);
	put_section(buf, SEC_STRTAB, SHT_STRTAB, 0, 0, STRTAB_AT, str, 0, 0);
	put_section(buf, SEC_DATA, SHT_PROGBITS, SHF_ALLOC | SHF_WRITE, base + 0x2000, 0x180, 0x80, 0, 0);
}

/* lookup(off) gives `want` at `in_want`, or fails where want is NULL */
static void expect(struct oc_elfsym *m, uint64_t off, const char *want, uint64_t in_want)
{
	char name[64] = "";
	uint64_t in = 99;
	int rc = oc_elfsym_lookup(m, off, name, sizeof name, &in);

	if (!want) {
		if (rc != -1)
			fail_msg("offset 0x%llx: %s+0x%llx, want none", (unsigned long long)off, name,
			         (unsigned long long)in);
		return;
	}
	if (rc != 0 || strcmp(name, want) != 0 || in != in_want)
		fail_msg("offset 0x%llx: rc %d %s+0x%llx, want %s+0x%llx", (unsigned long long)off, rc,
		         rc ? "-" : name, (unsigned long long)in, want, (unsigned long long)in_want);
}

/* The same answers whatever the base: offsets are from the first page mapped. */
static void expect_all(struct oc_elfsym *m)
{
	expect(m, 0x1000, "alpha", 0);
	expect(m, 0x1004, "alpha", 4);
	expect(m, 0x100a, "inner", 2);          /* the innermost sized symbol */
	expect(m, 0x1018, "alpha", 0x18);       /* past inner, still in alpha */
	expect(m, 0x1020, NULL, 0);             /* a gap after alpha */
	expect(m, 0x1040, "beta_nosize", 0);
	expect(m, 0x105f, "beta_nosize", 0x1f); /* unsized: up to the next symbol */
	expect(m, 0x1064, "gamma", 4);
	expect(m, 0x1070, NULL, 0);             /* after gamma: beta no longer nearest */
	expect(m, 0x1084, NULL, 0);             /* SHN_ABS is no code of this file */
	expect(m, 0x10a8, "ifn", 8);
	expect(m, 0x10b0, NULL, 0);
	expect(m, 0x10ff, "tail_nosize", 0xf);  /* unsized: up to its section's end */
	expect(m, 0x1100, NULL, 0);
	expect(m, 0x2000, NULL, 0);             /* data */
	expect(m, 0x0, NULL, 0);
	expect(m, 0xfff, NULL, 0);
	expect(m, UINT64_MAX, NULL, 0);
	expect(m, UINT64_MAX - 0x1000 + 0x1004, NULL, 0);
}

static void test_exec_and_dyn(void **state)
{
	static unsigned char buf[FILE_LEN];
	struct oc_elfsym *m;

	build(buf, ET_EXEC, 0x400000);
	m = open_bytes(buf, sizeof buf);
	assert_non_null(m);
	expect_all(m);
	oc_elfsym_close(m);

	build(buf, ET_DYN, 0);
	m = open_bytes(buf, sizeof buf);
	assert_non_null(m);
	expect_all(m);
	oc_elfsym_close(m);

	/* a lowest segment off the page: dli_fbase is its page's start */
	build(buf, ET_DYN, 0);
	{
		Elf64_Phdr ph;

		memcpy(&ph, buf + sizeof(Elf64_Ehdr), sizeof ph);
		ph.p_vaddr = 0x234;
		memcpy(buf + sizeof(Elf64_Ehdr), &ph, sizeof ph);
	}
	m = open_bytes(buf, sizeof buf);
	assert_non_null(m);
	expect_all(m);
	oc_elfsym_close(m);

	/* stripped: the same table as .dynsym */
	build(buf, ET_EXEC, 0x400000);
	buf[SHDR_AT + SEC_SYMTAB * 64 + offsetof(Elf64_Shdr, sh_type)] = SHT_DYNSYM;
	m = open_bytes(buf, sizeof buf);
	assert_non_null(m);
	expect_all(m);
	oc_elfsym_close(m);
	/* ... which the static-table reader does not read: dladdr saw it already */
	{
		char path[128];

		write_file(path, sizeof path, buf, sizeof buf);
		assert_null(oc_elfsym_open_static(path));
		unlink(path);
	}
	/* and with .symtab it does */
	build(buf, ET_EXEC, 0x400000);
	{
		char path[128];

		write_file(path, sizeof path, buf, sizeof buf);
		m = oc_elfsym_open_static(path);
		unlink(path);
	}
	assert_non_null(m);
	expect_all(m);
	oc_elfsym_close(m);
}

/*
 * oc_elfsym_resolve gives, for every offset, what a lookup on
 * oc_elfsym_open of the same file gives (.symtab, else .dynsym; or both
 * find nothing).
 */
static void same_answers_path(const char *path, const uint64_t *offs, size_t n)
{
	struct oc_elfsym *m = oc_elfsym_open(path);
	struct oc_elfsym_query *q = calloc(n ? n : 1, sizeof *q);
	size_t i, found = 0;
	int rc;

	assert_non_null(q);
	for (i = 0; i < n; i++)
		q[i].off = offs[i];
	rc = oc_elfsym_resolve(path, q, n);
	if (!m) {
		assert_int_equal(rc, -1);
		for (i = 0; i < n; i++)
			assert_int_equal(q[i].found, 0);
		free(q);
		return;
	}
	assert_int_equal(rc, 0);
	for (i = 0; i < n; i++) {
		char name[512];
		uint64_t in = 0;
		int lr = oc_elfsym_lookup(m, offs[i], name, sizeof name, &in);

		if (lr != 0) {
			if (q[i].found)
				fail_msg("%s offset 0x%llx: resolve %s+0x%llx, lookup none", path,
				         (unsigned long long)offs[i], q[i].name, (unsigned long long)q[i].in_sym);
			continue;
		}
		found++;
		if (!q[i].found || strcmp(q[i].name, name) != 0 || q[i].in_sym != in)
			fail_msg("%s offset 0x%llx: resolve %s+0x%llx, lookup %s+0x%llx", path,
			         (unsigned long long)offs[i], q[i].found ? q[i].name : "none",
			         (unsigned long long)q[i].in_sym, name, (unsigned long long)in);
	}
	oc_elfsym_close(m);
	free(q);
}

static void same_answers(const void *p, size_t len, const uint64_t *offs, size_t n)
{
	char path[128];

	write_file(path, sizeof path, p, len);
	same_answers_path(path, offs, n);
	unlink(path);
}

/* every offset of the hand-made file's first pages, and the far ones */
static void same_answers_built(const void *buf, size_t len)
{
	static uint64_t offs[0x2200 + 4];
	size_t n = 0;

	for (uint64_t o = 0; o < 0x2200; o++)
		offs[n++] = o;
	offs[n++] = UINT64_MAX;
	offs[n++] = UINT64_MAX - 0x1000 + 0x1004;
	offs[n++] = 0x1004;   /* twice: the same offset asked again */
	offs[n++] = 1ull << 40;
	same_answers(buf, len, offs, n);
}

/* The batch against the table, on the hand-made files and on this program. */
static void test_resolve(void **state)
{
	static unsigned char buf[FILE_LEN];
	unsigned char *self;
	uint64_t *offs;
	size_t len, n = 0;
	struct oc_elfsym_query one = { .off = offset_of((const void *)probe_static, NULL, NULL) };

	build(buf, ET_EXEC, 0x400000);
	same_answers_built(buf, sizeof buf);
	build(buf, ET_DYN, 0);
	same_answers_built(buf, sizeof buf);
	/* names out of the string table (as test_lies) */
	build(buf, ET_EXEC, 0x400000);
	for (size_t i = 1; i <= NSYM; i++) {
		uint32_t bad = 0x7fffffff;

		if (strcmp(syms[i - 1].name, "gamma") == 0)
			memcpy(buf + SYMTAB_AT + i * sizeof(Elf64_Sym), &bad, sizeof bad);
	}
	same_answers_built(buf, sizeof buf);
	/* stripped: no .symtab, named from .dynsym */
	build(buf, ET_EXEC, 0x400000);
	buf[SHDR_AT + SEC_SYMTAB * 64 + offsetof(Elf64_Shdr, sh_type)] = SHT_DYNSYM;
	same_answers_built(buf, sizeof buf);
	{
		char path[128];
		struct oc_elfsym_query q = { .off = 0x1004 };

		write_file(path, sizeof path, buf, sizeof buf);
		assert_int_equal(oc_elfsym_resolve(path, &q, 1), 0);
		assert_int_equal(q.found, 1);
		unlink(path);
	}
	/* a file stripped but for a data symbol: its .symtab has no function,
	 * its .dynsym names them (the table's rule, and the batch's) */
	build(buf, ET_EXEC, 0x400000);
	put_section(buf, SEC_EXTRA, SHT_DYNSYM, 0, 0, SYMTAB_AT, (NSYM + 1) * sizeof(Elf64_Sym), SEC_STRTAB,
		    sizeof(Elf64_Sym));
	/* entries 7 and 8: tail_nosize (a table's entry 0, never read) and object */
	assert_string_equal(syms[7].name, "object");
	put_section(buf, SEC_SYMTAB, SHT_SYMTAB, 0, 0, SYMTAB_AT + 7 * sizeof(Elf64_Sym), 2 * sizeof(Elf64_Sym),
		    SEC_STRTAB, sizeof(Elf64_Sym));
	same_answers_built(buf, sizeof buf);
	{
		char path[128];
		struct oc_elfsym_query q = { .off = 0x1004 };

		write_file(path, sizeof path, buf, sizeof buf);
		assert_int_equal(oc_elfsym_resolve(path, &q, 1), 0);
		assert_int_equal(q.found, 1);
		assert_string_equal(q.name, "alpha");
		unlink(path);
	}
	/* neither table: nothing resolved */
	build(buf, ET_EXEC, 0x400000);
	buf[SHDR_AT + SEC_SYMTAB * 64 + offsetof(Elf64_Shdr, sh_type)] = SHT_NOTE;
	same_answers_built(buf, sizeof buf);
	{
		char path[128];
		struct oc_elfsym_query q = { .off = 0x1004 };

		write_file(path, sizeof path, buf, sizeof buf);
		assert_int_equal(oc_elfsym_resolve(path, &q, 1), -1);
		assert_int_equal(q.found, 0);
		unlink(path);
	}

	/* this program: every third byte of the file's extent, and its probe */
	self = read_all("/proc/self/exe", &len);
	free(self);
	offs = malloc((len / 3 + 1) * sizeof *offs);
	assert_non_null(offs);
	for (uint64_t o = 0; o < len; o += 3)
		offs[n++] = o;
	same_answers_path("/proc/self/exe", offs, n);
	free(offs);
	assert_int_equal(oc_elfsym_resolve("/proc/self/exe", &one, 1), 0);
	assert_int_equal(one.found, 1);
	assert_string_equal(one.name, "probe_static");
	assert_int_equal(one.in_sym, 0);

	/* what cannot be read */
	one.found = 7;
	assert_int_equal(oc_elfsym_resolve("/nonexistent/oc-elfsym", &one, 1), -1);
	assert_int_equal(one.found, 0);
	assert_int_equal(oc_elfsym_resolve(dir, &one, 1), -1);
	assert_int_equal(oc_elfsym_resolve(NULL, &one, 1), -1);
	assert_int_equal(oc_elfsym_resolve("/proc/self/exe", NULL, 0), 0);
}

/* One field of the hand-made file changed: each must give NULL. */
static void test_lies(void **state)
{
	static unsigned char buf[FILE_LEN];
	const uint64_t huge = UINT64_MAX - 0x100;
	const size_t sym = SHDR_AT + SEC_SYMTAB * 64, str = SHDR_AT + SEC_STRTAB * 64;
	struct {
		const char *what;
		size_t at;
		unsigned width;
		uint64_t value;
	} lies[] = {
		{ "not ELF", 0, 1, 0x7e },
		{ "ELFCLASS32", EI_CLASS, 1, ELFCLASS32 },
		{ "big-endian", EI_DATA, 1, ELFDATA2MSB },
		{ "a relocatable object", offsetof(Elf64_Ehdr, e_type), 2, ET_REL },
		{ "e_shoff past the end", offsetof(Elf64_Ehdr, e_shoff), 8, FILE_LEN },
		{ "e_shoff wrapping", offsetof(Elf64_Ehdr, e_shoff), 8, huge },
		{ "e_shnum past the end", offsetof(Elf64_Ehdr, e_shnum), 2, NSEC + 1 },
		{ "e_shentsize", offsetof(Elf64_Ehdr, e_shentsize), 2, 40 },
		{ "e_phoff past the end", offsetof(Elf64_Ehdr, e_phoff), 8, FILE_LEN - 8 },
		{ "no PT_LOAD", sizeof(Elf64_Ehdr) + offsetof(Elf64_Phdr, p_type), 4, PT_NOTE },
		{ "symtab past the end", sym + offsetof(Elf64_Shdr, sh_size), 8, FILE_LEN },
		{ "symtab offset wrapping", sym + offsetof(Elf64_Shdr, sh_offset), 8, huge },
		{ "symtab entsize", sym + offsetof(Elf64_Shdr, sh_entsize), 8, 16 },
		{ "sh_link out of range", sym + offsetof(Elf64_Shdr, sh_link), 4, NSEC },
		{ "sh_link to no string table", sym + offsetof(Elf64_Shdr, sh_link), 4, SEC_TEXT },
		{ "strtab past the end", str + offsetof(Elf64_Shdr, sh_size), 8, FILE_LEN },
		{ "strtab size wrapping", str + offsetof(Elf64_Shdr, sh_size), 8, huge },
		{ "strtab without its last NUL", str + offsetof(Elf64_Shdr, sh_size), 8, 3 },
	};
	size_t i;

	for (i = 0; i < sizeof lies / sizeof lies[0]; i++) {
		struct oc_elfsym *m;

		build(buf, ET_EXEC, 0x400000);
		memcpy(buf + lies[i].at, &lies[i].value, lies[i].width);   /* little-endian host */
		m = open_bytes(buf, sizeof buf);
		if (m) {
			oc_elfsym_close(m);
			fail_msg("%s: opened", lies[i].what);
		}
	}

	/* names out of the string table: those symbols are skipped, not read */
	build(buf, ET_EXEC, 0x400000);
	for (i = 1; i <= NSYM; i++) {
		uint32_t bad = 0x7fffffff;

		if (strcmp(syms[i - 1].name, "gamma") == 0)
			memcpy(buf + SYMTAB_AT + i * sizeof(Elf64_Sym), &bad, sizeof bad);
	}
	{
		struct oc_elfsym *m = open_bytes(buf, sizeof buf);

		assert_non_null(m);
		expect(m, 0x1064, "beta_nosize", 0x24);   /* gamma gone: the unsized one reaches */
		expect(m, 0x1004, "alpha", 4);
		oc_elfsym_close(m);
	}
}

static uint64_t rng = 0x0c0ffee5eedull;

static uint64_t next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static void test_not_elf(void **state)
{
	unsigned char junk[4096];
	unsigned char *self, *copy;
	size_t len, i;
	struct oc_elfsym *m;
	Elf64_Ehdr eh;
	uint64_t off = offset_of((const void *)probe_static, NULL, NULL);
	char name[64];

	assert_null(oc_elfsym_open("/nonexistent/oc-elfsym"));
	assert_null(oc_elfsym_open(dir));              /* a folder */
	assert_null(oc_elfsym_open(NULL));
	assert_null(open_bytes("", 0));
	for (i = 0; i < sizeof junk; i++)
		junk[i] = (unsigned char)next();
	assert_null(open_bytes(junk, sizeof junk));
	memcpy(junk, ELFMAG "\2\1\1", 7);               /* a right ident, then noise */
	assert_null(open_bytes(junk, sizeof junk));

	self = read_all("/proc/self/exe", &len);
	assert_true(len > 4096);
	/* the whole copy opens: so the failures below are the cuts' */
	m = open_bytes(self, len);
	assert_non_null(m);
	assert_int_equal(oc_elfsym_lookup(m, off, name, sizeof name, NULL), 0);
	assert_string_equal(name, "probe_static");
	oc_elfsym_close(m);
	assert_null(open_bytes(self, 64));
	assert_null(open_bytes(self, sizeof eh - 1));
	m = open_bytes(self, len / 2);                  /* the section headers are at the end */
	if (m) {
		oc_elfsym_lookup(m, off, name, sizeof name, NULL);
		oc_elfsym_close(m);
	}
	m = open_bytes(self, len - 1);
	assert_null(m);

	copy = malloc(len);
	assert_non_null(copy);
	memcpy(copy, self, len);
	memcpy(&eh, copy, sizeof eh);
	eh.e_shoff = len;
	memcpy(copy, &eh, sizeof eh);
	assert_null(open_bytes(copy, len));
	free(copy);
	free(self);
}

/* Random bytes of this program's ELF header, program and section headers
 * changed (a fixed seed): open and lookups must come back, whatever they say. */
static void test_fuzz(void **state)
{
	unsigned char *self, *copy;
	size_t len, shbytes, i, k, opened = 0;
	uint64_t off = offset_of((const void *)probe_static, NULL, NULL);
	Elf64_Ehdr eh;
	char name[32];

	self = read_all("/proc/self/exe", &len);
	memcpy(&eh, self, sizeof eh);
	shbytes = (size_t)eh.e_shnum * sizeof(Elf64_Shdr);
	assert_true(eh.e_shoff + shbytes <= len && eh.e_phoff + eh.e_phnum * sizeof(Elf64_Phdr) <= len);
	copy = malloc(len);
	assert_non_null(copy);
	for (i = 0; i < 200; i++) {
		struct oc_elfsym *m;
		unsigned flips = 1 + (unsigned)(next() % 8);

		memcpy(copy, self, len);
		for (k = 0; k < flips; k++) {
			uint64_t r = next();
			size_t at;

			switch (r % 3) {
			case 0: at = (size_t)(r >> 8) % sizeof eh; break;
			case 1: at = eh.e_phoff + (size_t)(r >> 8) % (eh.e_phnum * sizeof(Elf64_Phdr)); break;
			default: at = eh.e_shoff + (size_t)(r >> 8) % shbytes; break;
			}
			copy[at] ^= (unsigned char)(1 + (r >> 40) % 255);
		}
		/* the batch reads the same fields: it must come back, and agree */
		{
			uint64_t offs[10] = { off, UINT64_MAX };

			for (k = 2; k < 10; k++)
				offs[k] = next() % (len * 2);
			same_answers(copy, len, offs, 10);
		}
		m = open_bytes(copy, len);
		if (!m)
			continue;
		opened++;
		oc_elfsym_lookup(m, off, name, sizeof name, NULL);
		for (k = 0; k < 8; k++)
			oc_elfsym_lookup(m, next() % (len * 2), name, sizeof name, NULL);
		oc_elfsym_lookup(m, UINT64_MAX, name, sizeof name, NULL);
		oc_elfsym_close(m);
	}
	/* some mutations must leave a usable file, or the loop tested only the header check */
	assert_true(opened > 0 && opened < 200);
	free(copy);
	free(self);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_self),
		cmocka_unit_test(test_shared_library),
		cmocka_unit_test(test_exec_and_dyn),
		cmocka_unit_test(test_lies),
		cmocka_unit_test(test_not_elf),
		cmocka_unit_test(test_fuzz),
		cmocka_unit_test(test_resolve),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
