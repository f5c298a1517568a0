/*
 * spill.c: the claims and their evidence out of memory while the critical
 * path runs (spill.h).
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/magic.h>
#include <sys/resource.h>
#include <sys/vfs.h>

#include "overlapcheck/analysis.h"
#include "overlapcheck/format.h"
#include "context.h"
#include "spill.h"

/* Every byte of buf to fd; 0, or -1 with errno. */
static int write_all(int fd, const void *buf, size_t n)
{
	const char *p = buf;

	while (n) {
		ssize_t w = write(fd, p, n > ((size_t)1 << 30) ? (size_t)1 << 30 : n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/* Exactly n bytes from fd at offset off; 0, or -1 (errno 0 at a short file). */
static int read_all(int fd, void *buf, size_t n, off_t off)
{
	char *p = buf;

	while (n) {
		ssize_t r = pread(fd, p, n > ((size_t)1 << 30) ? (size_t)1 << 30 : n, off);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			if (r == 0)
				errno = 0;
			return -1;
		}
		p += r;
		off += r;
		n -= (size_t)r;
	}
	return 0;
}

/* An unlinked file in TMPDIR (else /tmp) that may take size bytes, or -1:
 * not past the process's limit on a file's size (writing past it raises
 * SIGXFSZ, which would end the process), and not in memory (tmpfs), where
 * the bytes would only move from the process to the file system's pages. */
static int temp_file(size_t size)
{
	char path[4096];
	struct rlimit rl;
	struct statfs fs;
	int fd;

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
	return fd;
}

enum { CHUNK = 512 };

/*
 * The file: the claims with their evidence pointers cleared, then each
 * claim's offset into the evidence (UINT64_MAX: none), then the evidence.
 * Offsets, not pointers, cross the file, so the pointers read back point
 * into the new pool.
 */
void oc_spill_claims(struct oc_actx *c, struct oc_spill *s)
{
	struct oc_analysis *a = c->a;
	size_t cb = a->n_claims * sizeof *a->claims, eb = c->n_ev * sizeof *c->ev;
	struct oc_claim buf[CHUNK];
	uint64_t off[CHUNK];

	s->fd = -1;
	s->n_claims = a->n_claims;
	s->n_ev = c->n_ev;
	if (!c->o.spill_bytes || cb + eb < c->o.spill_bytes || !a->n_claims)
		return;
	if ((s->fd = temp_file(cb + a->n_claims * sizeof *off + eb)) < 0)
		return;
	for (size_t k = 0; k < a->n_claims; k += CHUNK) {
		size_t m = a->n_claims - k < CHUNK ? a->n_claims - k : CHUNK;

		memcpy(buf, &a->claims[k], m * sizeof *buf);
		for (size_t i = 0; i < m; i++)
			buf[i].evidence = NULL;
		if (write_all(s->fd, buf, m * sizeof *buf) < 0)
			goto full;
	}
	for (size_t k = 0; k < a->n_claims; k += CHUNK) {
		size_t m = a->n_claims - k < CHUNK ? a->n_claims - k : CHUNK;

		for (size_t i = 0; i < m; i++)
			off[i] = a->claims[k + i].evidence ? (uint64_t)(a->claims[k + i].evidence - c->ev) :
				 UINT64_MAX;
		if (write_all(s->fd, off, m * sizeof *off) < 0)
			goto full;
	}
	if (write_all(s->fd, c->ev, eb) < 0)
		goto full;
	free(a->claims);
	free(c->ev);
	a->claims = NULL;
	c->ev = NULL;
	c->cap_ev = 0;
	a->spilled_bytes = cb + a->n_claims * sizeof *off + eb;
	return;
full:
	oc_spill_drop(s);               /* a full disk: the claims stay in memory */
}

int oc_unspill_claims(struct oc_actx *c, struct oc_spill *s, char *err, size_t errlen)
{
	struct oc_analysis *a = c->a;
	size_t cb = s->n_claims * sizeof *a->claims, ob = s->n_claims * sizeof(uint64_t),
	       eb = s->n_ev * sizeof *c->ev;
	struct oc_claim *cl;
	struct oc_evidence *ev = NULL;
	uint64_t off[CHUNK];
	const char *what = NULL;
	int e = 0;

	if (s->fd < 0)
		return 0;
	cl = calloc(s->n_claims + 1, sizeof *cl);   /* + 1, as oc_decide_claims allocates */
	if (s->n_ev)
		ev = malloc(eb);
	if (!cl || (s->n_ev && !ev))
		what = "out of memory";
	else if (read_all(s->fd, cl, cb, 0) < 0 || (s->n_ev && read_all(s->fd, ev, eb, (off_t)(cb + ob)) < 0))
		e = errno, what = e ? strerror(e) : "the file is shorter than written";
	for (size_t k = 0; !what && k < s->n_claims; k += CHUNK) {
		size_t m = s->n_claims - k < CHUNK ? s->n_claims - k : CHUNK;

		if (read_all(s->fd, off, m * sizeof *off, (off_t)(cb + k * sizeof *off)) < 0) {
			e = errno;
			what = e ? strerror(e) : "the file is shorter than written";
			break;
		}
		for (size_t i = 0; i < m; i++) {
			if (off[i] != UINT64_MAX && (off[i] >= s->n_ev || cl[k + i].n_evidence > s->n_ev - off[i])) {
				what = "what was read back is not what was written";
				break;
			}
			cl[k + i].evidence = off[i] == UINT64_MAX ? NULL : ev + off[i];
		}
	}
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
