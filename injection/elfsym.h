/*
 * elfsym.h: function names from a module's ELF symbol table, for the
 * callers of blocking calls (record_caller, injection/inject-callbacks.c).
 *
 * dladdr sees only the dynamic symbol table, so the functions of a program
 * not linked with -rdynamic come out as "?". The static symbol table
 * (.symtab, there unless the file was stripped) names them;
 * oc_elfsym_open falls back to .dynsym where it is missing, and
 * oc_elfsym_open_static does not. The writer uses the batch,
 * oc_elfsym_resolve, once per module at the end of a trace, on the thread
 * that ends it: never on the program's threads while they run.
 *
 * Only ELF64 little-endian files are read (on a little-endian host). Every
 * offset, size, index and string of the file is checked before use: a
 * truncated or hostile file gives NULL or -1, never a read out of bounds.
 * The file is mapped only while oc_elfsym_open runs; what lookups need is
 * copied out, so a module rebuilt on disk afterwards cannot fault them.
 *
 * Thread safety: an opened module is read-only; lookups on it may run on
 * any threads at once. Open and close are the caller's to order.
 */
#ifndef OC_INJ_ELFSYM_H
#define OC_INJ_ELFSYM_H

#include <stddef.h>
#include <stdint.h>

struct oc_elfsym;                       /* one opened module */

/* NULL if `path` is not a readable ELF64 little-endian executable or shared
 * library (ET_EXEC, ET_DYN) with a loadable segment and at least one named
 * function symbol, or on a failed allocation. */
struct oc_elfsym *oc_elfsym_open(const char *path);

/* The same, from .symtab only: NULL when the file has none (stripped). */
struct oc_elfsym *oc_elfsym_open_static(const char *path);

/* The function containing module offset `off`: the pc minus dladdr's
 * dli_fbase, i.e. the offset from where the module's first loadable segment
 * is mapped. Its name (the mangled symbol as stored, cut to len - 1 bytes)
 * in name[len] and the offset inside it in *in_sym (either may be NULL, or
 * len 0). Returns 0, or -1 when no STT_FUNC or STT_GNU_IFUNC symbol covers
 * it. Allocates nothing and does no I/O.
 *
 * A backtrace's pc is a return address, the instruction after the call;
 * where the call is its function's last instruction (a noreturn callee)
 * that is already the next function: pc - 1 (then *in_sym + 1) names the
 * caller in every case. */
int oc_elfsym_lookup(struct oc_elfsym *m, uint64_t off, char *name, size_t len, uint64_t *in_sym);

/*
 * A batch: the function of each q[i].off, as oc_elfsym_lookup on
 * oc_elfsym_open(path) would name it (.symtab, else .dynsym) (where the table can be built
 * at all: oc_elfsym_open refuses a file of more than 4M functions or
 * 256 MiB of names, and a lookup walks back through 4096 entries at most;
 * the batch has no such bound), in q[i].name (cut to fit),
 * q[i].in_sym and q[i].found (0: no function covers it). One pass over the
 * file's .symtab (its .dynsym where it has none), mapped only during the
 * call; nothing is kept. Returns 0, or -1 (every found 0) when the file is
 * not such an ELF file, has neither table, or an allocation failed. What the writer uses at the end of a
 * trace (writer-callers.c): a large library's table is never built. The
 * table (oc_elfsym_open*, oc_elfsym_lookup) stays as the reference the
 * tests check the batch against (tests/unit/test-elfsym.c).
 */
struct oc_elfsym_query {
	uint64_t off;      /* in: the module offset */
	int found;         /* out */
	uint64_t in_sym;   /* out: the offset inside the function */
	char name[512];    /* out: its symbol, as stored */
};
int oc_elfsym_resolve(const char *path, struct oc_elfsym_query *q, size_t n);

/* NULL is fine. */
void oc_elfsym_close(struct oc_elfsym *m);

#endif
