/*
 * import-write.c: the trace writer the importers share.
 *
 * An importer hands it rows in overlapcheck's own terms (struct tw_op,
 * tw_api, ...); it writes them into a new trace (schema/trace.sql, the
 * current version) in one transaction, with statements prepared once. What
 * repeats is stored once, as the injection library's writer does: strings
 * (kernel, API and NVTX names), op shapes (what an op is, apart from when
 * and where it ran) and API function names (api_functions: inputs without
 * CUPTI callback ids get ids of their own, numbered from 1,000,000). Each is
 * interned through a hash map of byte-string keys, so memory grows with the
 * distinct values, never with the rows.
 *
 * The file is claimed the way `overlapcheck run` claims a trace (O_EXCL;
 * OC_IMPORT_FORCE removes an old one first), written without a journal (an
 * import that fails is removed, not recovered), and left a single file.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "importer.h"
#include "overlapcheck/codes.h"
#include "overlapcheck/schema.h"
#include "overlapcheck/tracefile.h"

#ifndef OC_VERSION
#define OC_VERSION "unknown"
#endif

/* ---- byte-string maps ------------------------------------------------------ */

struct tw_ent {
	uint64_t hash;
	char *key;                          /* NULL: empty slot */
	size_t len;
	int64_t val;
};

struct tw_map {
	struct tw_ent *e;
	size_t n, cap;                      /* cap: a power of two */
};

static uint64_t hash_bytes(const void *p, size_t len)
{
	const unsigned char *s = p;
	uint64_t h = 1469598103934665603ull;        /* FNV-1a */

	for (size_t i = 0; i < len; i++) {
		h ^= s[i];
		h *= 1099511628211ull;
	}
	return h ^ (h >> 29);
}

static struct tw_map *map_new(void)
{
	struct tw_map *m = calloc(1, sizeof *m);

	if (!m)
		return NULL;
	m->cap = 64;
	m->e = calloc(m->cap, sizeof *m->e);
	if (!m->e) {
		free(m);
		return NULL;
	}
	return m;
}

static void map_free(struct tw_map *m)
{
	if (!m)
		return;
	for (size_t i = 0; i < m->cap; i++)
		free(m->e[i].key);
	free(m->e);
	free(m);
}

/* The slot of key (empty when absent). */
static struct tw_ent *map_slot(struct tw_ent *e, size_t cap, uint64_t h, const void *key, size_t len)
{
	for (size_t i = h & (cap - 1);; i = (i + 1) & (cap - 1))
		if (!e[i].key || (e[i].hash == h && e[i].len == len && !memcmp(e[i].key, key, len)))
			return &e[i];
}

/* Value of key, or -1. */
static int64_t map_get(const struct tw_map *m, const void *key, size_t len)
{
	const struct tw_ent *s = map_slot(m->e, m->cap, hash_bytes(key, len), key, len);

	return s->key ? s->val : -1;
}

/* Insert key (absent) with val. 0 or -1. */
static int map_put(struct tw_map *m, const void *key, size_t len, int64_t val)
{
	uint64_t h = hash_bytes(key, len);
	struct tw_ent *s;

	if (2 * (m->n + 1) > m->cap) {
		size_t nc = m->cap * 2;
		struct tw_ent *ne = calloc(nc, sizeof *ne);

		if (!ne)
			return -1;
		for (size_t i = 0; i < m->cap; i++)
			if (m->e[i].key)
				*map_slot(ne, nc, m->e[i].hash, m->e[i].key, m->e[i].len) = m->e[i];
		free(m->e);
		m->e = ne;
		m->cap = nc;
	}
	s = map_slot(m->e, m->cap, h, key, len);
	s->key = malloc(len ? len : 1);
	if (!s->key)
		return -1;
	memcpy(s->key, key, len);
	s->len = len;
	s->hash = h;
	s->val = val;
	m->n++;
	return 0;
}

/* ---- statements ------------------------------------------------------------ */

static const struct {
	size_t off;
	const char *sql;
} stmts[] = {
	{ offsetof(struct tw, st_str), "INSERT INTO strings(id, value) VALUES (?1, ?2)" },
	{ offsetof(struct tw, st_shape),
	  "INSERT INTO op_shapes(id, name_id, bytes, copy_kind, src_kind, dst_kind, flags,"
	  " src_device_id, dst_device_id, grid_x, grid_y, grid_z, block_x, block_y, block_z,"
	  " registers, static_smem, dynamic_smem, graph_id, graph_node_id)"
	  " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17,"
	  " ?18, ?19, ?20)" },
	{ offsetof(struct tw, st_op),
	  "INSERT INTO ops(kind, start_ns, dur_ns, device_id, context_id, stream_id,"
	  " correlation_id, shape_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)" },
	{ offsetof(struct tw, st_api),
	  "INSERT INTO api(id, cbid, start_ns, dur_ns, tid, return_value) VALUES (?1, ?2, ?3, ?4, ?5, ?6)" },
	{ offsetof(struct tw, st_fn), "INSERT INTO api_functions(domain, cbid, name_id) VALUES (?1, ?2, ?3)" },
	{ offsetof(struct tw, st_sync),
	  "INSERT INTO syncs(type, start_ns, end_ns, context_id, stream_id, event_id,"
	  " correlation_id, return_value) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)" },
	{ offsetof(struct tw, st_event),
	  "INSERT INTO events(event_id, context_id, stream_id, device_id, correlation_id, device_ts_ns)"
	  " VALUES (?1, ?2, ?3, ?4, ?5, 0)" },
	{ offsetof(struct tw, st_marker),
	  "INSERT INTO markers(marker_id, flags, ts_ns, tid, name_id, domain_id)"
	  " VALUES (?1, ?2, ?3, ?4, ?5, ?6)" },
	{ offsetof(struct tw, st_overhead), "INSERT INTO overheads(kind, start_ns, end_ns) VALUES (?1, ?2, ?3)" },
	{ offsetof(struct tw, st_warn),
	  "INSERT INTO warnings(ts_ns, pid, source, code, message) VALUES (NULL, NULL, 'import', ?1, ?2)" },
	{ offsetof(struct tw, st_stream),
	  "INSERT OR IGNORE INTO streams(context_id, stream_id, flag, priority) VALUES (?1, ?2, ?3, ?4)" },
	{ offsetof(struct tw, st_ctx),
	  "INSERT OR IGNORE INTO contexts(id, device_id, null_stream_id) VALUES (?1, ?2, ?3)" },
};

#define STMT(w, i) ((sqlite3_stmt **)((char *)(w) + stmts[i].off))

const char *tw_errmsg(const struct tw *w)
{
	return w->db ? sqlite3_errmsg(w->db) : "out of memory";
}

/* Bind an int64, or NULL when v < 0 (unknown). */
static void bind_opt(sqlite3_stmt *st, int i, int64_t v)
{
	if (v < 0)
		sqlite3_bind_null(st, i);
	else
		sqlite3_bind_int64(st, i, v);
}

static int step_done(sqlite3_stmt *st)
{
	int rc = sqlite3_step(st);

	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : -1;
}

/* ---- open and close --------------------------------------------------------- */

static void tw_free(struct tw *w)
{
	for (size_t i = 0; i < sizeof stmts / sizeof stmts[0]; i++) {
		sqlite3_finalize(*STMT(w, i));
		*STMT(w, i) = NULL;
	}
	map_free(w->strings);
	map_free(w->shapes);
	map_free(w->fns);
	map_free(w->cbids);
	w->strings = w->shapes = w->fns = w->cbids = NULL;
}

int tw_open(struct tw *w, const char *path, unsigned flags, char *err, size_t errlen)
{
	char msg[512];

	memset(w, 0, sizeof *w);
	w->next_str = 1;
	w->next_shape = 1;
	w->next_cbid = 1000000;
	if (path) {
		if (!(flags & OC_IMPORT_TEMP)) {
			int fd;

			if ((flags & OC_IMPORT_FORCE) && oc_tracefile_remove(path) != 0) {
				snprintf(err, errlen, "cannot remove old trace '%s': %s", path, strerror(errno));
				return -1;
			}
			fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
			if (fd < 0) {
				if (errno == EEXIST)
					snprintf(err, errlen, "trace '%s' already exists (use --force to "
						 "overwrite it, or -o to name another)", path);
				else
					snprintf(err, errlen, "cannot create trace '%s': %s", path, strerror(errno));
				return -1;
			}
			close(fd);
		}
		w->path = strdup(path);
		if (!w->path) {
			snprintf(err, errlen, "out of memory");
			goto err;
		}
	}
	if (sqlite3_open_v2(path ? path : ":memory:", &w->db,
			    SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) {
		snprintf(err, errlen, "cannot open trace '%s': %s", path ? path : ":memory:", tw_errmsg(w));
		goto err;
	}
	sqlite3_exec(w->db, "PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; PRAGMA cache_size=-16384",
		     NULL, NULL, NULL);
	if (oc_schema_create(w->db, msg, sizeof msg) != 0) {
		snprintf(err, errlen, "cannot create trace '%s': %s", path ? path : ":memory:", msg);
		goto err;
	}
	w->strings = map_new();
	w->shapes = map_new();
	w->fns = map_new();
	w->cbids = map_new();
	if (!w->strings || !w->shapes || !w->fns || !w->cbids) {
		snprintf(err, errlen, "out of memory");
		goto err;
	}
	for (size_t i = 0; i < sizeof stmts / sizeof stmts[0]; i++)
		if (sqlite3_prepare_v2(w->db, stmts[i].sql, -1, STMT(w, i), NULL) != SQLITE_OK) {
			snprintf(err, errlen, "cannot write trace '%s': %s", path ? path : ":memory:",
				 tw_errmsg(w));
			goto err;
		}
	if (sqlite3_exec(w->db, "BEGIN", NULL, NULL, NULL) != SQLITE_OK) {
		snprintf(err, errlen, "cannot write trace '%s': %s", path ? path : ":memory:", tw_errmsg(w));
		goto err;
	}
	return 0;
err:
	tw_free(w);
	sqlite3_close(w->db);
	w->db = NULL;
	if (path)
		oc_tracefile_remove(path);
	free(w->path);
	w->path = NULL;
	return -1;
}

int tw_close(struct tw *w, int ok, char *err, size_t errlen)
{
	int rc = 0;

	if (!w->db)
		return ok ? -1 : 0;
	if (ok && sqlite3_exec(w->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
		snprintf(err, errlen, "cannot write trace '%s': %s", w->path ? w->path : ":memory:",
			 tw_errmsg(w));
		ok = 0;
		rc = -1;
	}
	if (!ok)
		sqlite3_exec(w->db, "ROLLBACK", NULL, NULL, NULL);
	tw_free(w);
	if (sqlite3_close(w->db) != SQLITE_OK && ok) {
		snprintf(err, errlen, "cannot close trace '%s': %s", w->path ? w->path : ":memory:",
			 sqlite3_errmsg(w->db));
		rc = -1;
		ok = 0;
	}
	w->db = NULL;
	if (!ok && w->path)
		oc_tracefile_remove(w->path);
	free(w->path);
	w->path = NULL;
	return rc;
}

/* ---- rows ------------------------------------------------------------------- */

int64_t tw_str(struct tw *w, const char *s, size_t len)
{
	int64_t id = map_get(w->strings, s, len);

	if (id >= 0)
		return id;
	id = w->next_str++;
	sqlite3_bind_int64(w->st_str, 1, id);
	sqlite3_bind_text(w->st_str, 2, s, (int)len, SQLITE_STATIC);
	if (len > INT32_MAX || step_done(w->st_str) || map_put(w->strings, s, len, id))
		return -1;
	return id;
}

int tw_meta(struct tw *w, const char *key, const char *value)
{
	return oc_meta_set(w->db, key, value);
}

int tw_meta_int(struct tw *w, const char *key, long long value)
{
	return oc_meta_set_int(w->db, key, value);
}

int tw_passport(struct tw *w, const struct tw_passport *pp)
{
	char buf[64];
	int rc = 0;

	rc |= tw_meta(w, "tool_version", OC_VERSION);
	rc |= tw_meta_int(w, "trace_start_ns", pp->start_ns);
	oc_imp_iso_time(pp->start_known ? pp->start_ns : -1, buf, sizeof buf);
	rc |= tw_meta(w, "start_time", buf);
	if (pp->pid >= 0) {
		rc |= tw_meta_int(w, "pid", pp->pid);
		rc |= tw_meta_int(w, "import.pid", pp->pid);
	}
	rc |= tw_meta(w, "tracer_status", "imported");
	rc |= tw_meta(w, "exit_status", "unknown");
	rc |= tw_meta(w, "dropped_records", "unknown");
	rc |= tw_meta(w, "incomplete_records", "unknown");
	rc |= tw_meta(w, "claim_source", "api_name");
	rc |= tw_meta(w, "import.format", pp->format);
	rc |= tw_meta(w, "import.format_version", pp->format_version);
	rc |= tw_meta(w, "import.tool", pp->tool);
	rc |= tw_meta(w, "import.source", pp->source);
	rc |= tw_meta(w, "import.absent", pp->absent);
	return rc ? -1 : 0;
}

/* What an op is: the op_shapes columns, as one key. */
struct shape_key {
	int64_t name;
	uint64_t bytes, graph_id, graph_node_id;
	int64_t src_device, dst_device;
	int32_t grid[3], block[3], registers, static_smem, dynamic_smem;
	uint8_t copy_kind, src_kind, dst_kind, kind;
};

int tw_op(struct tw *w, const struct tw_op *op)
{
	struct shape_key k;
	int64_t id;
	int kernel = op->kind == OC_OP_KERNEL;

	memset(&k, 0, sizeof k);    /* padding too: the key is compared as bytes */
	k.name = op->name;
	k.bytes = op->bytes;
	k.graph_id = op->graph_id;
	k.graph_node_id = op->graph_node_id;
	k.src_device = op->src_device;
	k.dst_device = op->dst_device;
	memcpy(k.grid, op->grid, sizeof k.grid);
	memcpy(k.block, op->block, sizeof k.block);
	k.registers = op->registers;
	k.static_smem = op->static_smem;
	k.dynamic_smem = op->dynamic_smem;
	k.copy_kind = op->copy_kind;
	k.src_kind = op->src_kind;
	k.dst_kind = op->dst_kind;
	k.kind = op->kind;
	id = map_get(w->shapes, &k, sizeof k);
	if (id < 0) {
		sqlite3_stmt *s = w->st_shape;

		id = w->next_shape++;
		sqlite3_bind_int64(s, 1, id);
		bind_opt(s, 2, kernel ? op->name : -1);
		if (kernel)
			sqlite3_bind_null(s, 3);
		else
			sqlite3_bind_int64(s, 3, (int64_t)(op->bytes & INT64_MAX));
		if (op->kind == OC_OP_MEMCPY || op->kind == OC_OP_MEMCPY_PEER) {
			sqlite3_bind_int(s, 4, op->copy_kind);
			sqlite3_bind_int(s, 5, op->src_kind);
		} else {
			sqlite3_bind_null(s, 4);
			sqlite3_bind_null(s, 5);
		}
		if (kernel)
			sqlite3_bind_null(s, 6);
		else
			sqlite3_bind_int(s, 6, op->dst_kind);
		sqlite3_bind_int(s, 7, 0);          /* no CUPTI flags: the input has none */
		bind_opt(s, 8, op->src_device);
		bind_opt(s, 9, op->dst_device);
		for (int i = 0; i < 3; i++) {
			if (kernel) {
				sqlite3_bind_int(s, 10 + i, op->grid[i]);
				sqlite3_bind_int(s, 13 + i, op->block[i]);
			} else {
				sqlite3_bind_null(s, 10 + i);
				sqlite3_bind_null(s, 13 + i);
			}
		}
		bind_opt(s, 16, kernel ? op->registers : -1);
		bind_opt(s, 17, kernel ? op->static_smem : -1);
		bind_opt(s, 18, kernel ? op->dynamic_smem : -1);
		if (op->graph_node_id) {
			sqlite3_bind_int64(s, 19, (int64_t)(op->graph_id & INT64_MAX));
			sqlite3_bind_int64(s, 20, (int64_t)(op->graph_node_id & INT64_MAX));
		} else {
			sqlite3_bind_null(s, 19);
			sqlite3_bind_null(s, 20);
		}
		if (step_done(s) || map_put(w->shapes, &k, sizeof k, id))
			return -1;
	}
	sqlite3_stmt *s = w->st_op;

	sqlite3_bind_int(s, 1, op->kind);
	sqlite3_bind_int64(s, 2, op->start_ns);
	sqlite3_bind_int64(s, 3, op->dur_ns);
	sqlite3_bind_int64(s, 4, op->device);
	sqlite3_bind_int64(s, 5, op->context);
	sqlite3_bind_int64(s, 6, op->stream);
	sqlite3_bind_int64(s, 7, op->corr);
	sqlite3_bind_int64(s, 8, id);
	if (step_done(s))
		return -1;
	w->n_ops++;
	return 0;
}

/*
 * The callback id of (domain, name): the input's own (cbid >= 0) when no
 * other name holds it already, else one of the writer's; api_functions gets
 * a row the first time. -1 on error.
 */
static int64_t function_id(struct tw *w, int domain, int64_t cbid, const char *name, size_t len)
{
	char key[512];
	size_t kl = len < sizeof key - 1 ? len : sizeof key - 1;
	int64_t id, name_id;
	char ck[16];
	int ckl;

	key[0] = (char)domain;
	memcpy(key + 1, name, kl);
	id = map_get(w->fns, key, kl + 1);
	if (id >= 0)
		return id;
	ckl = snprintf(ck, sizeof ck, "%d:%lld", domain, (long long)cbid);
	if (cbid < 0 || cbid >= 1000000 || map_get(w->cbids, ck, (size_t)ckl) >= 0)
		cbid = w->next_cbid++;
	ckl = snprintf(ck, sizeof ck, "%d:%lld", domain, (long long)cbid);
	name_id = tw_str(w, name, len);
	if (name_id < 0)
		return -1;
	sqlite3_bind_int(w->st_fn, 1, domain);
	sqlite3_bind_int64(w->st_fn, 2, cbid);
	sqlite3_bind_int64(w->st_fn, 3, name_id);
	if (step_done(w->st_fn) || map_put(w->fns, key, kl + 1, cbid) ||
	    map_put(w->cbids, ck, (size_t)ckl, cbid))
		return -1;
	return cbid;
}

int tw_api(struct tw *w, const struct tw_api *a)
{
	sqlite3_stmt *s = w->st_api;
	int64_t cbid;

	if (a->domain != OC_API_RUNTIME && a->domain != OC_API_DRIVER)
		return 0;
	cbid = function_id(w, a->domain, a->cbid, a->name, a->name_len);
	if (cbid < 0)
		return -1;
	for (int n = 0; n < 4; n++) {
		int rc;

		sqlite3_bind_int64(s, 1, (int64_t)a->corr * 8 + (a->domain - 1) * 4 + n);
		sqlite3_bind_int64(s, 2, cbid);
		sqlite3_bind_int64(s, 3, a->start_ns);
		sqlite3_bind_int64(s, 4, a->dur_ns);
		sqlite3_bind_int64(s, 5, a->tid);
		sqlite3_bind_int(s, 6, a->ret);
		rc = sqlite3_step(s);
		sqlite3_reset(s);
		if (rc == SQLITE_DONE) {
			w->n_api++;
			return 0;
		}
		if ((rc & 0xff) != SQLITE_CONSTRAINT)
			return -1;
	}
	w->n_skipped++;            /* a fifth call of one correlation id and domain */
	return 0;
}

int tw_sync(struct tw *w, const struct tw_sync *y)
{
	sqlite3_stmt *s = w->st_sync;

	sqlite3_bind_int(s, 1, (int)y->type);
	sqlite3_bind_int64(s, 2, y->start_ns);
	sqlite3_bind_int64(s, 3, y->end_ns);
	bind_opt(s, 4, y->context);
	bind_opt(s, 5, y->stream);
	bind_opt(s, 6, y->event);
	bind_opt(s, 7, y->corr);
	sqlite3_bind_int(s, 8, y->ret);
	if (step_done(s))
		return -1;
	w->n_syncs++;
	return 0;
}

int tw_event(struct tw *w, int64_t event_id, int64_t context, int64_t stream, int64_t device,
	     int64_t corr)
{
	sqlite3_stmt *s = w->st_event;

	sqlite3_bind_int64(s, 1, event_id);
	bind_opt(s, 2, context);
	bind_opt(s, 3, stream);
	bind_opt(s, 4, device);
	bind_opt(s, 5, corr);
	return step_done(s);
}

int tw_marker(struct tw *w, int64_t marker_id, uint32_t flags, int64_t ts_ns, int64_t tid,
	      int64_t name, int64_t domain)
{
	sqlite3_stmt *s = w->st_marker;

	sqlite3_bind_int64(s, 1, marker_id);
	sqlite3_bind_int(s, 2, (int)flags);
	sqlite3_bind_int64(s, 3, ts_ns);
	bind_opt(s, 4, tid);
	bind_opt(s, 5, name);
	bind_opt(s, 6, domain);
	return step_done(s);
}

int tw_overhead(struct tw *w, uint32_t kind, int64_t start_ns, int64_t end_ns)
{
	sqlite3_stmt *s = w->st_overhead;

	sqlite3_bind_int64(s, 1, kind);
	sqlite3_bind_int64(s, 2, start_ns);
	sqlite3_bind_int64(s, 3, end_ns);
	return step_done(s);
}

int tw_stream(struct tw *w, int64_t context, int64_t stream, uint32_t flag, int64_t priority)
{
	sqlite3_stmt *s = w->st_stream;

	sqlite3_bind_int64(s, 1, context);
	sqlite3_bind_int64(s, 2, stream);
	sqlite3_bind_int(s, 3, (int)flag);
	if (priority == INT64_MIN)
		sqlite3_bind_null(s, 4);
	else
		sqlite3_bind_int64(s, 4, priority);
	return step_done(s);
}

int tw_context(struct tw *w, int64_t id, int64_t device, int64_t null_stream)
{
	sqlite3_stmt *s = w->st_ctx;

	sqlite3_bind_int64(s, 1, id);
	sqlite3_bind_int64(s, 2, device);
	bind_opt(s, 3, null_stream);
	return step_done(s);
}

int tw_warning(struct tw *w, const char *code, const char *message)
{
	sqlite3_stmt *s = w->st_warn;

	sqlite3_bind_text(s, 1, code, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 2, message, -1, SQLITE_STATIC);
	return step_done(s);
}

long tw_drop_poll_syncs(struct tw *w)
{
	if (sqlite3_exec(w->db, "DELETE FROM syncs WHERE correlation_id IN (SELECT a.correlation_id"
			 " FROM api a JOIN api_functions f ON f.domain = a.domain AND f.cbid = a.cbid"
			 " JOIN strings n ON n.id = f.name_id WHERE n.value LIKE 'cu%Query%')",
			 NULL, NULL, NULL) != SQLITE_OK)
		return -1;
	long n = (long)sqlite3_changes(w->db);

	w->n_syncs -= (size_t)n <= w->n_syncs ? (size_t)n : w->n_syncs;
	return n;
}
