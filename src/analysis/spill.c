/*
 * spill.c: the claims and their evidence out of memory while the critical
 * path runs, and arrays parked while a step that does not read them runs
 * (spill.h).
 *
 * The file is one stream: the claims with their evidence pointers cleared,
 * then each claim's offset into the evidence (UINT64_MAX: none), then the
 * evidence; offsets, not pointers, cross the file, so the pointers read
 * back point into the new pool. It goes through an aligned buffer of BUF
 * bytes in whole blocks, with O_DIRECT where the file system takes it: so
 * the bytes do not wait in the page cache either (where they would be
 * memory again, and where each new page costs what a new page of the
 * process does), and its end is padded to a block. A park's file is the
 * parked arrays' whole pages, one after another, moved straight between
 * the arrays and the file in requests of IO bytes (issue 35: through the
 * buffer, 462 MiB of calls took 0.24 s out and 0.86 s in at 10M ops; now
 * 0.08 and 0.14 s).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/magic.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/vfs.h>

#include "overlapcheck/analysis.h"
#include "overlapcheck/format.h"
#include "context.h"
#include "spill.h"

enum {
	BLK = 4096,             /* O_DIRECT's alignment: address, size and offset */
	BUF = 1 << 20,          /* the stream's buffer, whole blocks */
	CHUNK = 512,            /* claims copied at a time */
};

/* An unlinked file in TMPDIR (else /tmp) that may take size bytes, or -1:
 * not past the process's limit on a file's size (writing past it raises
 * SIGXFSZ, which would end the process), and not in memory (tmpfs), where
 * the bytes would only move from the process to the file system's pages.
 * O_DIRECT when the file system takes it. */
static int temp_file(size_t size)
{
	char path[4096];
	struct rlimit rl;
	struct statfs fs;
	int fd;

	size = (size + BLK - 1) / BLK * BLK;
	if (getrlimit(RLIMIT_FSIZE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && size > rl.rlim_cur)
		return -1;
	fd = oc_temp_file(path, sizeof path, "overlapcheck-spill");
	if (fd < 0)
		return -1;
	unlink(path);
	if (fstatfs(fd, &fs) != 0 || fs.f_type == TMPFS_MAGIC || fs.f_type == RAMFS_MAGIC) {
		close(fd);
		return -1;
	}
	int fl = fcntl(fd, F_GETFL);
	if (fl >= 0)
		fcntl(fd, F_SETFL, fl | O_DIRECT);      /* refused: buffered, as any file */
	return fd;
}

/* The stream: buf[len] filled (written) or read (read) up to len, at file offset off. */
struct stream {
	int fd;
	char *buf;
	size_t len, pos;
	off_t off;
};

/* O_DIRECT off the stream's file, after a refusal (EINVAL) of its I/O: a
 * file system that took the flag but wants other alignment, or a short
 * transfer that left the next offset off a block. 1 when it was on. */
static int direct_off(int fd)
{
	int fl = fcntl(fd, F_GETFL);

	return fl >= 0 && (fl & O_DIRECT) && fcntl(fd, F_SETFL, fl & ~O_DIRECT) == 0;
}

/* n bytes of buf at the stream's offset, whole blocks: 0, or -1 with errno. */
static int put_blocks(struct stream *s, size_t n)
{
	size_t done = 0;

	while (done < n) {
		ssize_t w = pwrite(s->fd, s->buf + done, n - done, s->off + (off_t)done);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0 && errno == EINVAL && direct_off(s->fd))
			continue;
		if (w <= 0 || (size_t)w % BLK)
			return -1;      /* a short write off a block: not worth resuming */
		done += (size_t)w;
	}
	s->off += (off_t)n;
	return 0;
}

static int put(struct stream *s, const void *p, size_t n)
{
	const char *c = p;

	while (n) {
		size_t k = BUF - s->len < n ? BUF - s->len : n;

		memcpy(s->buf + s->len, c, k);
		s->len += k;
		c += k;
		n -= k;
		if (s->len == BUF) {
			if (put_blocks(s, BUF) < 0)
				return -1;
			s->len = 0;
		}
	}
	return 0;
}

/* The rest, padded to a block. */
static int put_end(struct stream *s)
{
	size_t n = (s->len + BLK - 1) / BLK * BLK;

	memset(s->buf + s->len, 0, n - s->len);
	return n ? put_blocks(s, n) : 0;
}

/* n bytes of the stream into p: NULL, or what went wrong. */
static const char *get(struct stream *s, void *p, size_t n)
{
	char *c = p;

	while (n) {
		if (s->pos == s->len) {
			ssize_t r = pread(s->fd, s->buf, BUF, s->off);
			if (r < 0 && (errno == EINTR || (errno == EINVAL && direct_off(s->fd))))
				continue;
			if (r < 0)
				return strerror(errno);
			if (r == 0)
				return "the file is shorter than written";
			s->off += r;
			s->len = (size_t)r;
			s->pos = 0;
		}
		size_t k = s->len - s->pos < n ? s->len - s->pos : n;

		memcpy(c, s->buf + s->pos, k);
		s->pos += k;
		c += k;
		n -= k;
	}
	return NULL;
}

void oc_spill_claims(struct oc_actx *c, struct oc_spill *s)
{
	struct oc_analysis *a = c->a;
	size_t cb = a->n_claims * sizeof *a->claims, eb = c->n_ev * sizeof *c->ev,
	       ob = a->n_claims * sizeof(uint64_t);
	struct oc_claim buf[CHUNK];
	uint64_t off[CHUNK];
	struct stream st = { .fd = -1 };

	s->fd = -1;
	s->n_claims = a->n_claims;
	s->n_ev = c->n_ev;
	if (!c->o.spill_bytes || cb + eb < c->o.spill_bytes || !a->n_claims)
		return;
	if ((st.fd = temp_file(cb + ob + eb)) < 0)
		return;
	if (posix_memalign((void **)&st.buf, BLK, BUF) != 0) {
		close(st.fd);
		return;
	}
	for (size_t k = 0; k < a->n_claims; k += CHUNK) {
		size_t m = a->n_claims - k < CHUNK ? a->n_claims - k : CHUNK;

		memcpy(buf, &a->claims[k], m * sizeof *buf);
		for (size_t i = 0; i < m; i++)
			buf[i].evidence = NULL;
		if (put(&st, buf, m * sizeof *buf) < 0)
			goto full;
	}
	for (size_t k = 0; k < a->n_claims; k += CHUNK) {
		size_t m = a->n_claims - k < CHUNK ? a->n_claims - k : CHUNK;

		for (size_t i = 0; i < m; i++)
			off[i] = a->claims[k + i].evidence ? (uint64_t)(a->claims[k + i].evidence - c->ev) :
				 UINT64_MAX;
		if (put(&st, off, m * sizeof *off) < 0)
			goto full;
	}
	if (put(&st, c->ev, eb) < 0 || put_end(&st) < 0)
		goto full;
	free(st.buf);
	s->fd = st.fd;
	free(a->claims);
	free(c->ev);
	a->claims = NULL;
	c->ev = NULL;
	c->cap_ev = 0;
	a->spilled_bytes += cb + ob + eb;
	return;
full:                                   /* a full disk: the claims stay in memory */
	free(st.buf);
	close(st.fd);
}

int oc_unspill_claims(struct oc_actx *c, struct oc_spill *s, char *err, size_t errlen)
{
	struct oc_analysis *a = c->a;
	size_t eb = s->n_ev * sizeof *c->ev;
	struct oc_claim *cl;
	struct oc_evidence *ev = NULL;
	uint64_t off[CHUNK];
	struct stream st = { .fd = s->fd };
	const char *what = NULL;

	if (s->fd < 0)
		return 0;
	cl = calloc(s->n_claims + 1, sizeof *cl);   /* + 1, as oc_measure_claims allocates */
	if (s->n_ev)
		ev = malloc(eb);
	if (!cl || (s->n_ev && !ev) || posix_memalign((void **)&st.buf, BLK, BUF) != 0) {
		st.buf = NULL;
		what = "out of memory";
	} else {
		what = get(&st, cl, s->n_claims * sizeof *cl);
	}
	for (size_t k = 0; !what && k < s->n_claims; k += CHUNK) {
		size_t m = s->n_claims - k < CHUNK ? s->n_claims - k : CHUNK;

		if ((what = get(&st, off, m * sizeof *off)) != NULL)
			break;
		for (size_t i = 0; i < m; i++) {
			if (off[i] != UINT64_MAX && (off[i] >= s->n_ev || cl[k + i].n_evidence > s->n_ev - off[i])) {
				what = "what was read back is not what was written";
				break;
			}
			cl[k + i].evidence = off[i] == UINT64_MAX ? NULL : ev + off[i];
		}
	}
	if (!what && s->n_ev)
		what = get(&st, ev, eb);
	free(st.buf);
	if (what) {
		oc_set_err(err, errlen, "cannot analyse trace '%s': reading its claims back from a temporary file: %s",
			   c->t->path ? c->t->path : "", what);
		free(cl);
		free(ev);
		oc_spill_drop(s);
		return -1;
	}
	a->claims = cl;
	c->ev = ev;
	c->cap_ev = s->n_ev;
	oc_spill_drop(s);
	return 0;
}

void oc_spill_drop(struct oc_spill *s)
{
	if (s->fd >= 0)
		close(s->fd);
	s->fd = -1;
}

/* ---- arrays parked while a step that does not read them runs ------------ */

/*
 * The whole pages inside [p, p + bytes): what a park writes out, gives back
 * to the system and reads back in place. The pages at the ends, which the
 * array shares with its neighbours in the heap, stay where they are, so
 * they need no copy: the pages go to the file and come back straight, with
 * no buffer between, at offsets that are multiples of the page size (as
 * O_DIRECT asks: BLK divides the page size). The block stays allocated
 * where it is: nothing moves, so the heap around it is not rearranged
 * (freed and allocated again, a block of a few MB left a hole that the
 * graph's arrays grew past: issue 35, 8 MB of threads' ends raised
 * report's peak at 1M ops by 33 MB).
 */
static size_t whole_pages(void *p, size_t bytes, char **lo)
{
	long pg = sysconf(_SC_PAGESIZE);
	uintptr_t a = (uintptr_t)p, l, h;

	if (pg < BLK || pg % BLK || !p)
		return 0;
	l = (a + (uintptr_t)pg - 1) / (uintptr_t)pg * (uintptr_t)pg;
	h = (a + bytes) / (uintptr_t)pg * (uintptr_t)pg;
	*lo = (char *)l;
	return h > l ? h - l : 0;
}

enum { IO = 64 << 20 };         /* bytes a request: a park moves hundreds of MB */

/* n bytes at p to the file at off: 0, or -1 (a full disk, an I/O error). */
static int put_direct(int fd, const char *p, size_t n, off_t off)
{
	while (n) {
		ssize_t w = pwrite(fd, p, n < IO ? n : IO, off);
		if (w < 0 && (errno == EINTR || (errno == EINVAL && direct_off(fd))))
			continue;       /* a short write leaves the next one off a block: buffered */
		if (w <= 0)
			return -1;
		p += w;
		off += w;
		n -= (size_t)w;
	}
	return 0;
}

/* n bytes of the file at off into p: NULL, or what went wrong. */
static const char *get_direct(int fd, char *p, size_t n, off_t off)
{
	while (n) {
		ssize_t r = pread(fd, p, n < IO ? n : IO, off);
		if (r < 0 && (errno == EINTR || (errno == EINVAL && direct_off(fd))))
			continue;
		if (r < 0)
			return strerror(errno);
		if (r == 0)
			return "the file is shorter than written";
		p += r;
		off += r;
		n -= (size_t)r;
	}
	return NULL;
}

void oc_park_add(struct oc_park *pk, void *p, size_t bytes)
{
	if (pk->n == OC_PARK_MAX)
		return;                 /* a caller's mistake: not added, it stays in memory */
	pk->p[pk->n] = p;
	pk->bytes[pk->n++] = p ? bytes : 0;
}

int oc_park_out(struct oc_actx *c, struct oc_park *pk)
{
	size_t total = 0, len[OC_PARK_MAX];
	char *lo[OC_PARK_MAX];
	off_t off = 0;
	int fd;

	pk->fd = -1;
	for (size_t k = 0; k < pk->n; k++)
		total += len[k] = whole_pages(pk->p[k], pk->bytes[k], &lo[k]);
	if (!c->o.spill_bytes || total < c->o.spill_bytes || !total)
		return 0;
	if ((fd = temp_file(total)) < 0)
		return 0;
	for (size_t k = 0; k < pk->n; off += (off_t)len[k], k++)
		if (len[k] && put_direct(fd, lo[k], len[k], off) < 0) {
			close(fd);      /* a full disk: the arrays stay in memory */
			return 0;
		}
	pk->fd = fd;
	for (size_t k = 0; k < pk->n; k++)
		if (len[k])
			madvise(lo[k], len[k], MADV_DONTNEED);   /* zeros until written again */
	c->a->spilled_bytes += total;
	return 1;
}

int oc_park_in(struct oc_actx *c, struct oc_park *pk, const char *what, char *err, size_t errlen)
{
	const char *why = NULL;
	off_t off = 0;

	if (pk->fd < 0)
		return 0;
	for (size_t k = 0; !why && k < pk->n; k++) {
		char *lo;
		size_t len = whole_pages(pk->p[k], pk->bytes[k], &lo);

		why = len ? get_direct(pk->fd, lo, len, off) : NULL;
		off += (off_t)len;
	}
	oc_spill_drop_park(pk);
	if (why) {
		oc_set_err(err, errlen, "cannot analyse trace '%s': reading %s back from a temporary file: %s",
			   c->t->path ? c->t->path : "", what, why);
		return -1;
	}
	return 0;
}

void oc_spill_drop_park(struct oc_park *pk)
{
	if (pk->fd >= 0)
		close(pk->fd);
	pk->fd = -1;
}
