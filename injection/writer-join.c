/*
 * writer-join.c: joining the callbacks' argument rows to the API records of
 * their calls.
 *
 * A callback's argument row waits in a hash map for the API record of its
 * call and both become one `api` row (see oc_wr_write_args()). A row whose
 * record is late or lost ages out to api_args, which readers merge, and so
 * does what api has no column for. Streams are upserted from three sources
 * (STREAM and CONTEXT records, callback rows) and a small set remembers which
 * (context, stream) pairs already carry a handle, so a launch storm does not
 * turn into a storm of upserts. Bit sets over correlation ids remember the
 * API rows written without arguments, the launches the callbacks saw and the
 * device ops written, so that at the end the writer can tell how many
 * launches have no kernel record (oc_wr_check_device_records()).
 */
#include <stdlib.h>
#include <string.h>

#include "overlapcheck/codes.h"
#include "writer-priv.h"

/* Insert key into the set; returns 1 if it was new, 0 if present or on error. */
static int keyset_add(struct keyset *s, uint64_t key)
{
	key += 1;
	if (s->n * 2 >= s->cap) {
		size_t ncap = s->cap ? s->cap * 2 : 256;
		uint64_t *nk = calloc(ncap, sizeof *nk);

		if (!nk)
			return 1;
		for (size_t i = 0; i < s->cap; i++) {
			if (!s->k[i])
				continue;
			size_t j = (s->k[i] * 0x9E3779B97F4A7C15ull) >> 20 & (ncap - 1);
			while (nk[j])
				j = (j + 1) & (ncap - 1);
			nk[j] = s->k[i];
		}
		free(s->k);
		s->k = nk;
		s->cap = ncap;
	}
	size_t j = (key * 0x9E3779B97F4A7C15ull) >> 20 & (s->cap - 1);
	for (; s->k[j]; j = (j + 1) & (s->cap - 1))
		if (s->k[j] == key)
			return 0;
	s->k[j] = key;
	s->n++;
	return 1;
}

/* ---- bit sets, waiting arguments ----------------------------------------- */

static int bitset_set(struct bitset *b, uint64_t key)
{
	size_t p = (size_t)(key >> BITPAGE_BITS);
	uint64_t bit = key & ((1u << BITPAGE_BITS) - 1);

	if (p >= b->npages) {
		size_t n = b->npages ? b->npages : 16;
		uint64_t **np;

		while (n <= p)
			n *= 2;
		np = realloc(b->page, n * sizeof *np);
		if (!np)
			return -1;
		memset(np + b->npages, 0, (n - b->npages) * sizeof *np);
		b->page = np;
		b->npages = n;
	}
	if (!b->page[p] && !(b->page[p] = calloc((size_t)1 << (BITPAGE_BITS - 6), sizeof(uint64_t))))
		return -1;
	b->page[p][bit >> 6] |= 1ull << (bit & 63);
	return 0;
}

static int bitset_has(const struct bitset *b, uint64_t key)
{
	size_t p = (size_t)(key >> BITPAGE_BITS);
	uint64_t bit = key & ((1u << BITPAGE_BITS) - 1);

	return p < b->npages && b->page[p] && (b->page[p][bit >> 6] >> (bit & 63) & 1);
}

/* How many keys of a are not in b. */
static uint64_t bitset_count_minus(const struct bitset *a, const struct bitset *b)
{
	uint64_t n = 0;

	for (size_t p = 0; p < a->npages; p++) {
		const uint64_t *q = p < b->npages ? b->page[p] : NULL;

		if (!a->page[p])
			continue;
		for (size_t w = 0; w < (size_t)1 << (BITPAGE_BITS - 6); w++)
			n += (uint64_t)__builtin_popcountll(a->page[p][w] & ~(q ? q[w] : 0));
	}
	return n;
}

static void bitset_free(struct bitset *b)
{
	for (size_t p = 0; p < b->npages; p++)
		free(b->page[p]);
	free(b->page);
	memset(b, 0, sizeof *b);
}

/* A device op with this correlation id was written (for oc_wr_check_device_records()). */
void oc_wr_note_op(uint32_t corr)
{
	bitset_set(&oc_wr.op_corr, corr);
}

/* api.id of the first call with this correlation id and domain (schema/trace.sql). */
static int64_t api_key(uint32_t corr, int domain)
{
	return (int64_t)corr * 8 + (domain == OC_API_DRIVER ? 4 : 0);
}

static uint64_t args_key(uint32_t corr, int domain)
{
	return ((uint64_t)corr << 1 | (uint64_t)(domain == OC_API_DRIVER)) + 1;
}

static size_t argmap_home(const struct argmap *m, uint64_t key)
{
	return (size_t)((key * 0x9E3779B97F4A7C15ull) >> 20) & (m->cap - 1);
}

/*
 * Park a row; 0, or -1 when no memory (the caller writes it out instead). A
 * row already parked under the same key (a second callback row for one call)
 * is moved to *old and 1 returned.
 */
static int argmap_put(struct argmap *m, const struct oc_args_row *row, uint64_t now,
		      struct oc_args_row *old)
{
	uint64_t key = args_key(row->correlation_id, row->domain);
	size_t j;
	int had;

	if (m->n * 2 >= m->cap) {
		size_t ncap = m->cap ? m->cap * 2 : 1024;
		struct argent *ne = malloc(ncap * sizeof *ne);
		uint64_t *nk = calloc(ncap, sizeof *nk);
		struct argmap nm = { nk, ne, ncap, 0, 0 };

		if (!ne || !nk) {
			free(ne);
			free(nk);
			return -1;
		}
		for (size_t i = 0; i < m->cap; i++) {
			if (!m->keys[i])
				continue;
			for (j = argmap_home(&nm, m->keys[i]); nk[j]; j = (j + 1) & (ncap - 1))
				;
			nk[j] = m->keys[i];
			ne[j] = m->e[i];
		}
		free(m->e);
		free(m->keys);
		m->e = ne;
		m->keys = nk;
		m->cap = ncap;
	}
	for (j = argmap_home(m, key); m->keys[j] && m->keys[j] != key; j = (j + 1) & (m->cap - 1))
		;
	had = m->keys[j] != 0;
	if (had && old)
		*old = m->e[j].row;
	if (!had)
		m->n++;
	m->keys[j] = key;
	m->e[j].parked_ns = now;
	m->e[j].row = *row;
	return had;
}

/* Remove entry i; backward-shift deletion keeps every probe chain unbroken. */
static void argmap_del_at(struct argmap *m, size_t i)
{
	size_t mask = m->cap - 1, j;

	for (j = i;;) {
		size_t k;

		j = (j + 1) & mask;
		if (!m->keys[j])
			break;
		k = argmap_home(m, m->keys[j]);
		if (i <= j ? (i < k && k <= j) : (i < k || k <= j))
			continue;
		m->keys[i] = m->keys[j];
		m->e[i] = m->e[j];
		i = j;
	}
	m->keys[i] = 0;
	m->n--;
}

/* Take the row parked for (corr, domain) into *out. 1 if there was one. */
static int argmap_take(struct argmap *m, uint32_t corr, int domain, struct oc_args_row *out)
{
	uint64_t key = args_key(corr, domain);
	size_t i;

	if (!m->n)
		return 0;
	for (i = argmap_home(m, key); m->keys[i] != key; i = (i + 1) & (m->cap - 1))
		if (!m->keys[i])
			return 0;
	*out = m->e[i].row;
	argmap_del_at(m, i);
	return 1;
}

/* Free what the join keeps: the waiting rows, the stream set, the bit sets, the nested pairs. */
void oc_wr_join_free(void)
{
	free(oc_wr.streams.k);
	memset(&oc_wr.streams, 0, sizeof oc_wr.streams);
	free(oc_wr.args.e);
	free(oc_wr.args.keys);
	memset(&oc_wr.args, 0, sizeof oc_wr.args);
	bitset_free(&oc_wr.api_bare);
	bitset_free(&oc_wr.launched);
	bitset_free(&oc_wr.op_corr);
	free(oc_wr.twins);
	oc_wr.twins = NULL;
	oc_wr.ntwins = oc_wr.cap_twins = 0;
}

/* ---- api rows and argument rows -------------------------------------------- */

/* The columns of an api row that come from the callback (7..11 of ST_API, 2..6 of ST_API_LATE). */
static void bind_call_args(sqlite3_stmt *st, int i, const struct oc_args_row *g)
{
	if (!g) {
		for (int k = 0; k < 5; k++)
			sqlite3_bind_null(st, i + k);
		return;
	}
	sqlite3_bind_int(st, i, g->handle_kind);
	bind_id(st, i + 1, g->context_id);
	bind_i(st, i + 2, g->stream_id);
	bind_i(st, i + 3, g->host_ptr);
	bind_i(st, i + 4, g->bytes);
}

/* The whole argument row into api_args (as schema v1 stored every one). */
static void write_args_row(const struct oc_args_row *a)
{
	sqlite3_stmt *st = oc_wr.st[ST_ARGS];

	sqlite3_bind_int64(st, 1, a->correlation_id);
	sqlite3_bind_int(st, 2, a->domain);
	sqlite3_bind_int64(st, 3, a->cbid);
	sqlite3_bind_int64(st, 4, a->tid);
	bind_i(st, 5, a->stream_handle);
	sqlite3_bind_int(st, 6, a->handle_kind);
	bind_id(st, 7, a->context_id);
	bind_i(st, 8, a->stream_id);
	bind_i(st, 9, a->host_ptr);
	bind_i(st, 10, a->bytes);
	bind_i(st, 11, a->event_handle);
	bind_i(st, 12, a->flags);
	note_rc(step_done(st));
}

/*
 * CUPTI writes a call's record at its exit, so a driver call made inside a
 * runtime call comes next to it. A runtime call whose driver call has a
 * correlation id of its own is remembered, for oc_wr_check_device_records() (some
 * CUPTI versions give the launch's op the driver call's id).
 */
static void note_nesting(const struct oc_api_row *a)
{
	size_t slot = (size_t)((a->tid * 0x9E3779B97F4A7C15ull) >> 58);   /* 0..63 */
	struct lastcall *me = &oc_wr.lastcall[a->domain == OC_API_DRIVER][slot];
	const struct lastcall *rt = &oc_wr.lastcall[0][slot];
	const struct lastcall *d = &oc_wr.lastcall[1][slot];

	*me = (struct lastcall){ a->tid, a->correlation_id, a->start_ns, a->end_ns };
	if (d->tid != a->tid || rt->tid != a->tid || d->corr == rt->corr ||
	    d->start < rt->start || d->end > rt->end)
		return;
	if (oc_wr.ntwins == oc_wr.cap_twins) {
		size_t n = oc_wr.cap_twins ? oc_wr.cap_twins * 2 : 256;
		struct corrpair *p = realloc(oc_wr.twins, n * sizeof *p);

		if (!p)
			return;
		oc_wr.twins = p;
		oc_wr.cap_twins = n;
	}
	oc_wr.twins[oc_wr.ntwins++] = (struct corrpair){ d->corr, rt->corr };
}

/* ---- batched rows (ops, mem) ---------------------------------------------- */

/*
 * The three tables written most, ops (every device op), api (every call) and
 * mem (a copy's two ends, a launch's pointer arguments), take their rows
 * OC_WR_ROWS_MAX at a time in one INSERT ... VALUES (...),(...) (api rows
 * below, with their side effects kept in order): SQLite's per-statement work
 * (the step, the cursor, the reset) is paid once for them all. Measured
 * with bench/writer-rate on the CPU machine (docs/performance-log.md, "Batched
 * rows"). OVERLAPCHECK_ROWS_PER_INSERT=1 writes one row a statement, as
 * before (the A/B switch); meta writer_rows_per_insert says which.
 * A row's values are kept as bound, OC_NULL for NULL; the rows left when a
 * transaction commits go one statement each.
 */
static const struct { int st1, stn, ncol; } batch_def[OC_WR_B_COUNT] = {
	[OC_WR_B_OPS] = { ST_OP, ST_OP_N, 9 },
	[OC_WR_B_MEM] = { ST_MEM, ST_MEM_N, 7 },
};
static struct {
	int n;
	int64_t v[OC_WR_ROWS_MAX][9];
} batch[OC_WR_B_COUNT];
static int rows_per_insert = OC_WR_ROWS_MAX;

/* At the file's opening (oc_wr_prepare): n rows a statement (1 or OC_WR_ROWS_MAX), none waiting. */
void oc_wr_batch_setup(int n)
{
	rows_per_insert = n;
	oc_wr_batch_discard();
}

int oc_wr_rows_per_insert(void)
{
	return rows_per_insert;
}

static void batch_bind(sqlite3_stmt *st, int first, const int64_t *v, int ncol)
{
	for (int c = 0; c < ncol; c++)
		bind_i(st, first + c, v[c]);
}

static void batch_write(int b)
{
	int ncol = batch_def[b].ncol, n = batch[b].n;

	batch[b].n = 0;
	if (n == OC_WR_ROWS_MAX) {
		sqlite3_stmt *st = oc_wr.st[batch_def[b].stn];

		for (int r = 0; r < n; r++)
			batch_bind(st, 1 + r * ncol, batch[b].v[r], ncol);
		note_rc(step_done(st));
		return;
	}
	for (int r = 0; r < n; r++) {
		sqlite3_stmt *st = oc_wr.st[batch_def[b].st1];

		batch_bind(st, 1, batch[b].v[r], ncol);
		note_rc(step_done(st));
	}
}

void oc_wr_batch_add(int b, const int64_t *v)
{
	memcpy(batch[b].v[batch[b].n++], v, (size_t)batch_def[b].ncol * sizeof *v);
	if (batch[b].n >= rows_per_insert)
		batch_write(b);
}

void oc_wr_batch_flush(void)
{
	oc_wr_api_flush();
	for (int b = 0; b < OC_WR_B_COUNT; b++)
		if (batch[b].n)
			batch_write(b);
}

void oc_wr_batch_discard(void)
{
	oc_wr_api_discard();
	for (int b = 0; b < OC_WR_B_COUNT; b++)
		batch[b].n = 0;
}

/*
 * Batched api rows (writer-priv.h, "Batched rows"): a record's row waits
 * here, with the argument row it joined, until OC_WR_ROWS_MAX of them go
 * in as one INSERT; what a written row implies (api_bare, the count, the
 * nesting) is noted when it is written, in the records' order. An id taken
 * fails the whole statement, and then each row goes on its own to the next
 * free id of its call (a fifth call with one correlation id and domain is
 * skipped, as before). A callback row of a call whose api row is waiting
 * has that row written before it reads api_bare (oc_wr_write_args); the
 * default collection's rows (a call's argument row, then its timed row,
 * which joins it from oc_wr.args) never wait so.
 */
static struct api_pending {
	struct oc_api_row a;
	struct oc_args_row g;
	int has;
} api_pend[OC_WR_ROWS_MAX];
static int n_api_pend;

/* Row p's values from parameter first + 1 on (first + 0 is its id). */
static void api_bind(sqlite3_stmt *st, int first, const struct api_pending *p)
{
	sqlite3_bind_int64(st, first + 1, p->a.cbid);
	sqlite3_bind_int64(st, first + 2, p->a.start_ns);
	sqlite3_bind_int64(st, first + 3, p->a.end_ns - p->a.start_ns);
	sqlite3_bind_int64(st, first + 4, p->a.tid);
	sqlite3_bind_int64(st, first + 5, p->a.return_value);
	bind_call_args(st, first + 6, p->has ? &p->g : NULL);
}

static void api_written(const struct api_pending *p)
{
	if (!p->has)
		bitset_set(&oc_wr.api_bare, args_key(p->a.correlation_id, p->a.domain));
	oc_wr.n.api++;
	note_nesting(&p->a);
}

/* One row, at the first free id of its call's four. */
static void api_insert_one(const struct api_pending *p)
{
	sqlite3_stmt *st = oc_wr.st[ST_API];
	int64_t key = api_key(p->a.correlation_id, p->a.domain);
	int rc = SQLITE_CONSTRAINT;

	api_bind(st, 1, p);
	for (int n = 0; n < 4 && rc == SQLITE_CONSTRAINT; n++) {
		sqlite3_bind_int64(st, 1, key + n);
		rc = sqlite3_step(st);
		sqlite3_reset(st);
		if (rc == SQLITE_DONE)
			rc = 0;
	}
	if (rc == SQLITE_CONSTRAINT) {
		oc_wr.n.skipped++;   /* a fifth call with this correlation id and domain */
		if (p->has)
			write_args_row(&p->g);
		return;
	}
	note_rc(rc);
	if (!rc)
		api_written(p);
}

void oc_wr_api_flush(void)
{
	int n = n_api_pend;

	n_api_pend = 0;
	if (n == OC_WR_ROWS_MAX) {
		sqlite3_stmt *st = oc_wr.st[ST_API_N];
		int rc;

		for (int r = 0; r < n; r++) {
			sqlite3_bind_int64(st, 1 + r * 11, api_key(api_pend[r].a.correlation_id,
								 api_pend[r].a.domain));
			api_bind(st, 1 + r * 11, &api_pend[r]);
		}
		rc = sqlite3_step(st);
		sqlite3_reset(st);
		if (rc == SQLITE_DONE) {
			for (int r = 0; r < n; r++)
				api_written(&api_pend[r]);
			return;
		}
		if (rc != SQLITE_CONSTRAINT) {
			note_rc(rc);
			return;
		}
		/* an id taken: nothing of the statement was written; row by row */
	}
	for (int r = 0; r < n && !oc_wr.db_error; r++)
		api_insert_one(&api_pend[r]);
}

void oc_wr_api_discard(void)
{
	n_api_pend = 0;
}

/* Is a row of this call waiting? (Its arguments must then wait for it to be written.) */
static int api_pending_for(uint32_t corr, int domain)
{
	for (int r = 0; r < n_api_pend; r++)
		if (api_pend[r].a.correlation_id == corr && api_pend[r].a.domain == domain)
			return 1;
	return 0;
}

/*
 * One api row per API record, keyed by correlation_id * 8 + (domain - 1) * 4
 * + n; n > 0 only for the rare records that share correlation id and domain
 * with one already written. The callback's argument row, when it came first
 * (the usual case), goes into the same row.
 */
void oc_wr_write_api(const struct oc_api_row *a)
{
	struct api_pending *p;

	if (oc_wr_tid_ignored(a->tid))
		return;
	if (a->domain == OC_API_DRIVER && a->tid == oc_wr.exit_tid &&
	    (a->cbid == CUPTI_DRIVER_TRACE_CBID_cuCtxSynchronize ||
	     a->cbid == CUPTI_DRIVER_TRACE_CBID_cuCtxGetCurrent) &&
	    oc_wr_in_exit_sync(a->start_ns, a->end_ns))
		return;
	oc_wr_api_name_id(a->domain, a->cbid);
	p = &api_pend[n_api_pend++];
	p->a = *a;
	p->has = argmap_take(&oc_wr.args, a->correlation_id, a->domain, &p->g);
	if (n_api_pend >= oc_wr_rows_per_insert())
		oc_wr_api_flush();
}

/*
 * Rows that waited at least min_wait_ns (all with 0) for their API record go
 * to api_args: the record is late or lost, and a row only in memory would not
 * survive a crash. Readers merge them into api. The rest stay.
 */
void oc_wr_args_flush(uint64_t min_wait_ns)
{
	struct argmap *m = &oc_wr.args;
	uint64_t now = now_mono_ns();

	for (size_t i = 0; i < m->cap && m->n; i++) {
		/* a deletion shifts a later entry into i: look at i again */
		while (m->keys[i] && now - m->e[i].parked_ns >= min_wait_ns) {
			if (!oc_wr_tid_ignored(m->e[i].row.tid))
				write_args_row(&m->e[i].row);
			argmap_del_at(m, i);
		}
	}
	m->scanned_ns = now;
}

/* One mem row (schema/trace.sql, docs/hazards.md). */
static void mem_row(const struct oc_args_row *a, int role, int64_t ptr, int64_t bytes, int64_t info,
		    int64_t stream_id)
{
	const int64_t v[7] = { a->correlation_id, a->domain, role, ptr, bytes, info, stream_id };

	oc_wr_batch_add(OC_WR_B_MEM, v);
}

/*
 * The memory a row tells of: an allocation or free (nothing else of those
 * calls is kept from the callback: their api rows come from the records), a
 * launch's pointer arguments, a copy's or memset's tracked ends. 1 when the
 * row is only that.
 */
static int write_mem(const struct oc_args_row *a)
{
	switch (a->cls) {
	case OC_CB_ALLOC:
		mem_row(a, OC_MEM_ALLOC, a->dst_ptr, a->bytes, a->alloc_kind, a->stream_id);
		return 1;
	case OC_CB_FREE:
		mem_row(a, OC_MEM_FREE, a->dst_ptr, OC_ARG_NONE, a->alloc_kind, a->stream_id);
		return 1;
	case OC_CB_PARAMS:
		for (int i = 0; i < a->np && i < OC_PARAMS_ROW; i++)
			mem_row(a, OC_MEM_ARG, a->pval[i], OC_ARG_NONE, a->pidx[i], OC_ARG_NONE);
		return 1;
	case OC_CB_COPY: case OC_CB_MEMSET:
		if (a->src_ptr != OC_ARG_NONE && a->cls == OC_CB_COPY)
			mem_row(a, OC_MEM_READ, a->src_ptr, a->src_span, OC_ARG_NONE, OC_ARG_NONE);
		if (a->dst_ptr != OC_ARG_NONE)
			mem_row(a, OC_MEM_WRITE, a->dst_ptr, a->dst_span, OC_ARG_NONE, OC_ARG_NONE);
		return 0;
	default:
		return 0;
	}
}

/*
 * A callback's argument row. What api has columns for joins the call's api
 * row: now, if its record was written already, else when it comes (parked in
 * oc_wr.args). What api has no column for (the event, stream-creation flags, a
 * stream handle that did not resolve to a stream or was not classified) goes
 * to api_args as well.
 * Stream handles and kinds also complete the streams table here.
 */
/*
 * A query the callbacks timed (inject-queries.c): its own api row, as an API
 * record would have made it; or a thread's running totals of one query.
 */
static void write_query(const struct oc_args_row *a)
{
	sqlite3_stmt *st = oc_wr.st[ST_API_SUMMARY];

	if (a->domain != OC_API_RUNTIME && a->domain != OC_API_DRIVER)
		return;   /* the callbacks make none: a corrupt row */
	if (a->cls == OC_CB_TIMED) {
		struct oc_api_row r = {
			.domain = a->domain, .cbid = a->cbid,
			.start_ns = oc_rec_rebase(a->t_start, oc_wr.base_ns),
			.end_ns = oc_rec_rebase(a->t_end, oc_wr.base_ns),
			.tid = a->tid, .correlation_id = a->correlation_id, .return_value = a->t_ret,
		};

		oc_wr_write_api(&r);
		return;
	}
	oc_wr_api_name_id(a->domain, a->cbid);
	sqlite3_bind_int64(st, 1, a->tid);
	sqlite3_bind_int(st, 2, a->domain);
	sqlite3_bind_int64(st, 3, a->cbid);
	sqlite3_bind_int64(st, 4, (int64_t)a->q_calls);
	sqlite3_bind_int64(st, 5, (int64_t)a->q_total_ns);
	sqlite3_bind_int64(st, 6, (int64_t)a->q_max_ns);
	note_rc(step_done(st));
}

void oc_wr_write_args(const struct oc_args_row *a)
{
	sqlite3_stmt *st;
	struct oc_args_row old;
	int rc;

	if (oc_wr_tid_ignored(a->tid))
		return;
	if (a->cls == OC_CB_TIMED || a->cls == OC_CB_QSUM) {
		write_query(a);
		return;
	}
	oc_wr.n.args++;
	if (write_mem(a))
		return;
	if (a->cls == OC_CB_LAUNCH)
		bitset_set(&oc_wr.launched, a->correlation_id);
	if (a->event_handle != OC_ARG_NONE || a->flags != OC_ARG_NONE ||
	    (a->stream_handle != OC_ARG_NONE && (a->stream_id == OC_ARG_NONE || a->context_id == 0 ||
						 a->handle_kind == OC_HANDLE_NONE)))
		write_args_row(a);
	if (api_pending_for(a->correlation_id, a->domain))
		oc_wr_api_flush();   /* api_bare is noted as rows are written */
	if (bitset_has(&oc_wr.api_bare, args_key(a->correlation_id, a->domain))) {
		/* the record came first: into its row, if one is still without */
		st = oc_wr.st[ST_API_LATE];
		sqlite3_bind_int64(st, 1, api_key(a->correlation_id, a->domain));
		bind_call_args(st, 2, a);
		note_rc(step_done(st));
		if (!oc_wr.db_error && sqlite3_changes(oc_wr.db) == 0)
			write_args_row(a);
	} else if (oc_wr.args.n >= ARGS_MAX) {
		write_args_row(a);        /* records far behind: the reader merges it */
	} else if ((rc = argmap_put(&oc_wr.args, a, now_mono_ns(), &old)) != 0) {
		write_args_row(rc > 0 ? &old : a);   /* a second row for one call, or no memory */
	}

	if (a->stream_id == OC_ARG_NONE || a->context_id == 0)
		return;
	uint64_t key = (uint64_t)a->context_id << 32 | (uint32_t)a->stream_id;
	if (a->cls == OC_CB_STREAM_CREATE) {
		st = oc_wr.st[ST_STREAM_CREATE];
		sqlite3_bind_int64(st, 1, a->context_id);
		sqlite3_bind_int64(st, 2, a->stream_id);
		/* cudaStreamNonBlocking = CU_STREAM_NON_BLOCKING = 1 */
		sqlite3_bind_int(st, 3, a->flags != OC_ARG_NONE && (a->flags & 1) ? 2 : 1);
		bind_i(st, 4, a->priority);
		bind_i(st, 5, a->stream_handle);
		note_rc(step_done(st));
		keyset_add(&oc_wr.streams, key);
		return;
	}
	if (a->handle_kind == OC_HANDLE_NONE || !keyset_add(&oc_wr.streams, key))
		return;
	st = oc_wr.st[ST_STREAM_HANDLE];
	sqlite3_bind_int64(st, 1, a->context_id);
	sqlite3_bind_int64(st, 2, a->stream_id);
	bind_i(st, 3, a->stream_handle);
	sqlite3_bind_int(st, 4, a->handle_kind);
	note_rc(step_done(st));
}

/*
 * Did the device records of the launches the callbacks saw arrive? A
 * launch's op carries the launch's correlation id. None at all: another tool
 * (torch.profiler's Kineto) took CUPTI's process-wide activity buffers.
 * Some: the same for part of the run, or launches captured into graphs or
 * failed.
 */
void oc_wr_check_device_records(uint64_t launches_seen)
{
	char msg[512];
	uint64_t launches, missing;

	/* a launch whose nested driver call's id is on an op has its op */
	for (size_t i = 0; i < oc_wr.ntwins; i++)
		if (bitset_has(&oc_wr.op_corr, oc_wr.twins[i].drv))
			bitset_set(&oc_wr.op_corr, oc_wr.twins[i].rt);
	launches = bitset_count_minus(&oc_wr.launched, &(struct bitset){ 0 });
	missing = bitset_count_minus(&oc_wr.launched, &oc_wr.op_corr);

	if (launches_seen > 0 && oc_wr.n.kernels == 0) {
		snprintf(msg, sizeof msg,
			 "API callbacks saw %llu kernel launches but no kernel record arrived: another "
			 "tool (e.g. torch.profiler/Kineto) probably took CUPTI's activity buffers; "
			 "device timings are missing from this trace, not absent from the run",
			 (unsigned long long)launches_seen);
		oc_wr_warn_final("no_device_records", msg);
		meta_set("api_launches_without_ops", NULL);
		return;
	}
	meta_set_u("api_launches_without_ops", missing);
	if (missing >= 10 && missing * 10 >= launches) {
		snprintf(msg, sizeof msg,
			 "%llu of %llu kernel launches have no kernel record: another tool may have "
			 "taken CUPTI's activity buffers for part of the run, or the launches were "
			 "captured into CUDA graphs or failed", (unsigned long long)missing,
			 (unsigned long long)launches);
		oc_wr_warn_final("device_records_missing", msg);
	}
}
