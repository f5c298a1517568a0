/*
 * writer-intern.c: the writer's interned values: strings, API function names
 * and op shapes.
 *
 * Strings are interned in a hash table that mirrors `strings`; API names come
 * from cuptiGetCallbackName once per (domain, cbid) (`api_functions`). A
 * device op's description (name, launch shape, sizes, memory kinds) is
 * interned the same way into `op_shapes`, so an `ops` row is only times,
 * stream, correlation id and shape. Each value is written the first time it
 * is seen, in the batch that sees it; the tables are the writer thread's.
 */
#include <stdlib.h>
#include <string.h>

#include "overlapcheck/codes.h"
#include "writer-priv.h"

static uint64_t hash_str(const char *s)
{
	uint64_t h = 1469598103934665603ull;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h ? h : 1;
}

static int strtab_grow(struct strtab *t)
{
	size_t ncap = t->cap ? t->cap * 2 : 1024;
	struct sent *ne = calloc(ncap, sizeof *ne);

	if (!ne)
		return -1;
	for (size_t i = 0; i < t->cap; i++) {
		if (!t->e[i].s)
			continue;
		size_t j = t->e[i].hash & (ncap - 1);
		while (ne[j].s)
			j = (j + 1) & (ncap - 1);
		ne[j] = t->e[i];
	}
	free(t->e);
	t->e = ne;
	t->cap = ncap;
	return 0;
}

static void strtab_free(struct strtab *t)
{
	for (size_t i = 0; i < t->cap; i++)
		free(t->e[i].s);
	free(t->e);
	memset(t, 0, sizeof *t);
}

/* The strings.id of s, inserting it if new. 0 if s is NULL or on error. */
int64_t oc_wr_intern(const char *s)
{
	struct strtab *t = &oc_wr.strings;
	uint64_t h;
	size_t j;
	int64_t id = 0;

	if (!s)
		return 0;
	if (t->n * 2 >= t->cap && strtab_grow(t))
		return 0;
	h = hash_str(s);
	for (j = h & (t->cap - 1); t->e[j].s; j = (j + 1) & (t->cap - 1))
		if (t->e[j].hash == h && !strcmp(t->e[j].s, s))
			return t->e[j].id;

	sqlite3_bind_text(oc_wr.st[ST_STRING], 1, s, -1, SQLITE_STATIC);
	note_rc(step_done(oc_wr.st[ST_STRING]));
	sqlite3_bind_text(oc_wr.st[ST_STRING_FIND], 1, s, -1, SQLITE_STATIC);
	if (sqlite3_step(oc_wr.st[ST_STRING_FIND]) == SQLITE_ROW)
		id = sqlite3_column_int64(oc_wr.st[ST_STRING_FIND], 0);
	sqlite3_reset(oc_wr.st[ST_STRING_FIND]);
	sqlite3_clear_bindings(oc_wr.st[ST_STRING_FIND]);
	if (!id)
		return 0;
	t->e[j].s = strdup(s);
	if (!t->e[j].s)
		return id;
	t->e[j].hash = h;
	t->e[j].id = id;
	t->n++;
	return id;
}

static uint64_t hash_words(const int64_t *v, size_t n)
{
	uint64_t h = 1469598103934665603ull;

	for (size_t i = 0; i < n; i++)
		h = (h ^ (uint64_t)v[i]) * 0x9E3779B97F4A7C15ull, h ^= h >> 29;
	return h;
}

static int shapetab_grow(struct shapetab *t)
{
	size_t ncap = t->cap ? t->cap * 2 : 256;
	struct shape *ne = calloc(ncap, sizeof *ne);

	if (!ne)
		return -1;
	for (size_t i = 0; i < t->cap; i++) {
		if (!t->e[i].id)
			continue;
		size_t j = t->e[i].hash & (ncap - 1);
		while (ne[j].id)
			j = (j + 1) & (ncap - 1);
		ne[j] = t->e[i];
	}
	free(t->e);
	t->e = ne;
	t->cap = ncap;
	return 0;
}

/* The op_shapes.id describing o (kernel name already interned), inserting a row if new. */
int64_t oc_wr_shape_id(const struct oc_op_row *o, int64_t name_id)
{
	struct shapetab *t = &oc_wr.shapes;
	int64_t v[SHAPE_NV] = {
		name_id > 0 ? name_id : OC_NULL, o->bytes, o->copy_kind, o->src_kind, o->dst_kind,
		o->flags, o->channel_type, o->copy_count, o->src_device_id, o->dst_device_id,
		o->grid[0], o->grid[1], o->grid[2], o->block[0], o->block[1], o->block[2],
		o->registers, o->static_smem, o->dynamic_smem, o->graph_id, o->graph_node_id,
	};
	uint64_t h = hash_words(v, SHAPE_NV);
	struct shape *slot = NULL;
	sqlite3_stmt *st = oc_wr.st[ST_SHAPE];
	int64_t id;

	if (t->n >= SHAPES_MAX) {
		memset(t->e, 0, t->cap * sizeof *t->e);
		t->n = 0;
	}
	if (t->n * 2 < t->cap || shapetab_grow(t) == 0) {
		size_t j;

		for (j = h & (t->cap - 1); t->e[j].id; j = (j + 1) & (t->cap - 1))
			if (t->e[j].hash == h && !memcmp(t->e[j].v, v, sizeof v))
				return t->e[j].id;
		slot = &t->e[j];
	}
	id = t->next_id++;
	sqlite3_bind_int64(st, 1, id);
	for (int i = 0; i < SHAPE_NV; i++)
		bind_i(st, i + 2, v[i]);
	note_rc(step_done(st));
	if (slot) {
		slot->hash = h;
		memcpy(slot->v, v, sizeof v);
		slot->id = id;
		t->n++;
	}
	return id;
}

/* Free the interned strings and op shapes (oc_writer_finish). */
void oc_wr_intern_free(void)
{
	strtab_free(&oc_wr.strings);
	free(oc_wr.shapes.e);
	memset(&oc_wr.shapes, 0, sizeof oc_wr.shapes);
}

/*
 * Drop CUPTI's version tag from a callback name: "cudaLaunchKernel_v7000" ->
 * "cudaLaunchKernel", "cuMemcpyHtoDAsync_v2_ptsz" -> "cuMemcpyHtoDAsync_ptsz".
 * The _ptsz/_ptds variant tag stays.
 */
static void strip_version(char *name)
{
	for (char *v = strstr(name + 1, "_v"); v; v = strstr(v + 1, "_v")) {
		char *p = v + 2;

		if (*p < '0' || *p > '9')
			continue;
		while (*p >= '0' && *p <= '9')
			p++;
		if (*p == '\0' || !strcmp(p, "_ptsz") || !strcmp(p, "_ptds")) {
			memmove(v, p, strlen(p) + 1);
			return;
		}
	}
}

int64_t oc_wr_api_name_id(int domain, uint32_t cbid)
{
	CUpti_CallbackDomain d = domain == OC_API_RUNTIME ? CUPTI_CB_DOMAIN_RUNTIME_API
							  : CUPTI_CB_DOMAIN_DRIVER_API;
	const char *name = NULL;
	char buf[160];
	int64_t *slot;

	if (domain != OC_API_RUNTIME && domain != OC_API_DRIVER)
		return 0;   /* not a row the tracer makes (the writer's fuzz target) */
	slot = cbid < MAX_CBID ? &oc_wr.api_name[domain - 1][cbid] : NULL;

	if (slot && *slot)
		return *slot;
	if (cuptiGetCallbackName(d, cbid, &name) != CUPTI_SUCCESS || !name)
		snprintf(buf, sizeof buf, "%s_cbid_%u", domain == OC_API_RUNTIME ? "runtime" : "driver", cbid);
	else
		snprintf(buf, sizeof buf, "%s", name);
	strip_version(buf);
	int64_t id = oc_wr_intern(buf);
	if (slot)
		*slot = id;
	if (id) {
		sqlite3_stmt *st = oc_wr.st[ST_API_FUNCTION];

		sqlite3_bind_int(st, 1, domain);
		sqlite3_bind_int64(st, 2, cbid);
		sqlite3_bind_int64(st, 3, id);
		note_rc(step_done(st));
	}
	return id;
}
