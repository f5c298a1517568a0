/*
 * streams.c: streams and their kinds, for every source.
 *
 * A source brings its streams (sorted by oc_stream_cmp), the handle kind
 * each was named by, and its contexts; every (context, stream) that only ops
 * name is added, so that op.stream is always valid. Stream kinds follow
 * docs/method.md: the NULL stream (flag 3, or the context's null stream) is the
 * legacy default stream; else a stream named through a per-thread or legacy
 * default handle (in the streams table or in an API call's arguments) is
 * that default stream; else the CUPTI flag says blocking or non-blocking.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

static int ctx_cmp(const void *x, const void *y)
{
	const struct ctx *a = x, *b = y;

	return (a->id > b->id) - (a->id < b->id);
}

static const struct ctx *ctx_find(const struct ctx *c, size_t n, int64_t id)
{
	struct ctx k = { .id = id };

	return n ? bsearch(&k, c, n, sizeof *c, ctx_cmp) : NULL;
}

int oc_stream_cmp(const void *x, const void *y)
{
	const struct oc_stream *a = x, *b = y;

	if (a->context_id != b->context_id)
		return a->context_id < b->context_id ? -1 : 1;
	return (a->stream_id > b->stream_id) - (a->stream_id < b->stream_id);
}

/* Extra per-stream facts used to decide the kind. */
struct stream_use {
	uint8_t per_thread;         /* used through handle_kind 2 */
	uint8_t legacy;             /* used through a legacy handle */
};

int32_t oc_trace_stream_find(const struct oc_trace *t, uint32_t context_id, uint32_t stream_id)
{
	size_t lo = 0, hi = t->n_streams;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct oc_stream *s = &t->streams[mid];

		if (s->context_id < context_id ||
		    (s->context_id == context_id && s->stream_id < stream_id))
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < t->n_streams && t->streams[lo].context_id == context_id &&
	    t->streams[lo].stream_id == stream_id)
		return (int32_t)lo;
	return -1;
}

int oc_mark_default_stream(uint8_t *used_pt, uint8_t *used_legacy, int32_t s, int hk)
{
	if (hk == OC_HANDLE_PER_THREAD)
		used_pt[s] = 1;
	else if (hk == OC_HANDLE_LEGACY)
		used_legacy[s] = 1;
	else
		return 0;
	return 1;
}

int oc_streams_add_from_ops(struct oc_trace *t, const struct op_stream *os, size_t n_os,
			    uint8_t **hk)
{
	struct oc_stream *extra = NULL;
	size_t n_extra = 0, cap_extra = 16;
	int ret = -1;

	/* streams of ops not in the table: os holds each (context, stream,
	 * device) once, so a stream comes twice only on two devices, which
	 * oc_streams_place() refuses (each entry finds the first of the two) */
	extra = malloc(cap_extra * sizeof *extra);
	if (!extra)
		return -1;
	for (size_t i = 0; i < n_os; i++) {
		const struct op_stream *o = &os[i];

		if (oc_trace_stream_find(t, o->context_id, o->stream_id) >= 0)
			continue;
		if (n_extra == cap_extra) {
			struct oc_stream *x = realloc(extra, 2 * cap_extra * sizeof *extra);

			if (!x)
				goto out;
			extra = x;
			cap_extra *= 2;
		}
		memset(&extra[n_extra], 0, sizeof *extra);
		extra[n_extra].context_id = o->context_id;
		extra[n_extra].stream_id = o->stream_id;
		extra[n_extra].device_id = o->device_id;
		n_extra++;
	}
	if (n_extra) {
		struct oc_stream *s = realloc(t->streams, (t->n_streams + n_extra) * sizeof *s);
		uint8_t *h = realloc(*hk, t->n_streams + n_extra);

		if (!s || !h) {
			if (s)
				t->streams = s;
			if (h)
				*hk = h;
			goto out;
		}
		t->streams = s;
		*hk = h;
		memcpy(t->streams + t->n_streams, extra, n_extra * sizeof *extra);
		memset(h + t->n_streams, 0, n_extra);
		t->n_streams += n_extra;
		/* keep hk parallel: sort (stream, hk) together */
		struct key *k = xcalloc(t->n_streams, sizeof *k);

		if (!k)
			goto out;
		for (size_t i = 0; i < t->n_streams; i++)
			k[i] = (struct key){ t->streams[i].context_id, t->streams[i].stream_id,
					     h[i], (uint32_t)i };
		struct oc_stream *sorted = xcalloc(t->n_streams, sizeof *sorted);

		if (!sorted || oc_sort_keys(k, t->n_streams)) {
			free(sorted);
			free(k);
			goto out;
		}
		for (size_t i = 0; i < t->n_streams; i++) {
			sorted[i] = t->streams[k[i].idx];
			h[i] = (uint8_t)k[i].c;
		}
		free(t->streams);
		t->streams = sorted;
		free(k);
	}
	ret = 0;
out:
	free(extra);
	return ret;
}

int oc_streams_place(struct oc_trace *t, const struct ctx *ctx, size_t n_ctx,
		     const struct op_stream *os, size_t n_os, char *err, size_t errlen)
{
	int32_t *at = xcalloc(n_os, sizeof *at);     /* os entry -> t->streams */
	uint8_t *set = xcalloc(t->n_streams, 1);     /* device taken from an op */

	if (!at || !set) {
		free(at);
		free(set);
		return -2;
	}
	/* device ids from contexts, else from the streams' ops */
	for (size_t i = 0; i < t->n_streams; i++) {
		const struct ctx *c = ctx_find(ctx, n_ctx, t->streams[i].context_id);

		if (c)
			t->streams[i].device_id = c->device_id;
		set[i] = c != NULL;
	}
	for (size_t k = 0; k < n_os; k++) {
		int32_t s = oc_trace_stream_find(t, os[k].context_id, os[k].stream_id);
		struct oc_stream *st = &t->streams[s];

		at[k] = s;
		if (!set[s]) {
			st->device_id = os[k].device_id;
			set[s] = 1;
		} else if (st->device_id != os[k].device_id) {
			snprintf(err, errlen, "ops of stream %u of context %u say device %u, "
				 "%s device %u", st->stream_id, st->context_id, os[k].device_id,
				 ctx_find(ctx, n_ctx, st->context_id) ? "the context is on" :
				 "others of its ops say", st->device_id);
			free(at);
			free(set);
			return -1;
		}
	}
	for (size_t i = 0; i < t->n_ops; i++)
		t->ops[i].stream = at[t->ops[i].stream];
	free(at);
	free(set);
	return 0;
}

void oc_streams_decide_kinds(struct oc_trace *t, const struct ctx *ctx, size_t n_ctx,
			     const uint8_t *pt, const uint8_t *leg)
{
	for (size_t i = 0; i < t->n_streams; i++) {
		struct oc_stream *s = &t->streams[i];
		const struct ctx *c = ctx_find(ctx, n_ctx, s->context_id);
		int null_stream = c && c->null_stream_id >= 0 &&
				  (uint32_t)c->null_stream_id == s->stream_id;

		if (s->flag == 3 || null_stream)
			s->kind = OC_STREAM_LEGACY_DEFAULT;
		else if (pt[i])
			s->kind = OC_STREAM_PER_THREAD_DEFAULT;
		else if (leg[i])
			s->kind = OC_STREAM_LEGACY_DEFAULT;
		else if (s->flag == 1)
			s->kind = OC_STREAM_BLOCKING;
		else if (s->flag == 2)
			s->kind = OC_STREAM_NON_BLOCKING;
		else
			s->kind = OC_STREAM_UNKNOWN;
	}
}
