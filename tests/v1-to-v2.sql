-- v1-to-v2.sql: copy a schema v1 trace (attached as "old") into an empty
-- schema v2 trace (main), as the v2 writer would have stored the same
-- records. Tests use it to run every v1 trace they build, and every v1
-- fixture, through the v2 reading path as well (tests/unit/trace-builder.h,
-- tests/fixtures/check.py). Not a user-facing upgrade: the reader reads v1.
--
-- Differences a reader can see, all by design of v2: api rows are keyed by
-- (correlation_id, domain) (n counts repeats), API names come from
-- (domain, cbid) (the first name seen for a pair), parent_id is gone (the
-- reader links driver calls by correlation id or nesting), and the raw stream
-- handle of a call is kept only when its stream did not resolve.
--
-- Two differences from what the writer does, which tests on v2 copies cannot
-- see: a (domain, cbid) of a hand-made v1 trace that carries several names
-- gets a cbid per name (1000000 + name_id), and every repeat of a (corr,
-- domain) gets the arguments (the writer gives them to the first).

INSERT INTO meta SELECT key, value FROM old.meta;
INSERT INTO strings SELECT id, value FROM old.strings;
INSERT OR REPLACE INTO enums SELECT type, value, name FROM old.enums;
INSERT INTO contexts SELECT id, device_id, null_stream_id FROM old.contexts;
INSERT INTO streams SELECT context_id, stream_id, flag, priority, handle, handle_kind FROM old.streams;

CREATE TEMP TABLE shape_of AS
  SELECT DISTINCT name_id, bytes, copy_kind, src_kind, dst_kind, flags, channel_type,
         copy_count, src_device_id, dst_device_id, grid_x, grid_y, grid_z,
         block_x, block_y, block_z, registers, static_smem, dynamic_smem,
         graph_id, graph_node_id
  FROM old.ops;
INSERT INTO op_shapes(id, name_id, bytes, copy_kind, src_kind, dst_kind, flags, channel_type,
         copy_count, src_device_id, dst_device_id, grid_x, grid_y, grid_z,
         block_x, block_y, block_z, registers, static_smem, dynamic_smem,
         graph_id, graph_node_id)
  SELECT rowid, * FROM temp.shape_of;
CREATE INDEX temp.shape_of_name ON shape_of(name_id, bytes, grid_x, block_x);
INSERT INTO ops(id, kind, start_ns, dur_ns, device_id, context_id, stream_id, correlation_id,
                shape_id, channel_id)
  SELECT o.id, o.kind, o.start_ns, o.end_ns - o.start_ns, o.device_id, o.context_id,
         o.stream_id, o.correlation_id,
         (SELECT h.rowid FROM temp.shape_of h
          WHERE h.name_id IS o.name_id AND h.bytes IS o.bytes AND h.copy_kind IS o.copy_kind
            AND h.src_kind IS o.src_kind AND h.dst_kind IS o.dst_kind AND h.flags IS o.flags
            AND h.channel_type IS o.channel_type AND h.copy_count IS o.copy_count
            AND h.src_device_id IS o.src_device_id AND h.dst_device_id IS o.dst_device_id
            AND h.grid_x IS o.grid_x AND h.grid_y IS o.grid_y AND h.grid_z IS o.grid_z
            AND h.block_x IS o.block_x AND h.block_y IS o.block_y AND h.block_z IS o.block_z
            AND h.registers IS o.registers AND h.static_smem IS o.static_smem
            AND h.dynamic_smem IS o.dynamic_smem AND h.graph_id IS o.graph_id
            AND h.graph_node_id IS o.graph_node_id),
         o.channel_id
  FROM old.ops o;

-- In v2 a (domain, cbid) has one name. A v1 (domain, cbid) that carries
-- several names (only hand-made test traces do) gets a cbid per name:
-- 1000000 + name_id.
CREATE TEMP TABLE fn AS
  SELECT domain, cbid, count(DISTINCT name_id) AS names FROM old.api GROUP BY domain, cbid;
CREATE TEMP VIEW api_cbid AS
  SELECT a.*, CASE WHEN f.names > 1 THEN 1000000 + a.name_id ELSE a.cbid END AS cbid2
  FROM old.api a JOIN temp.fn f ON f.domain = a.domain AND f.cbid = a.cbid;
INSERT OR IGNORE INTO api_functions(domain, cbid, name_id)
  SELECT domain, cbid2, name_id FROM temp.api_cbid ORDER BY id;
INSERT INTO api(id, cbid, start_ns, dur_ns, tid, return_value, handle_kind, context_id,
                stream_id, host_ptr, bytes)
  SELECT a.correlation_id * 8 + (a.domain - 1) * 4
           + row_number() OVER (PARTITION BY a.correlation_id, a.domain ORDER BY a.id) - 1,
         a.cbid2, a.start_ns, a.end_ns - a.start_ns, a.tid, a.return_value,
         g.handle_kind, g.context_id, g.stream_id, g.host_ptr, g.bytes
  FROM temp.api_cbid a
  LEFT JOIN old.api_args g ON g.correlation_id = a.correlation_id AND g.domain = a.domain;
-- what api has no column for, and arguments without an api row
INSERT INTO api_args
  SELECT g.* FROM old.api_args g
  WHERE g.event_handle IS NOT NULL OR g.flags IS NOT NULL
     OR (g.stream_handle IS NOT NULL
         AND (g.stream_id IS NULL OR g.context_id IS NULL OR g.handle_kind = 0))
     OR NOT EXISTS (SELECT 1 FROM old.api a
                    WHERE a.correlation_id = g.correlation_id AND a.domain = g.domain);

INSERT INTO syncs SELECT * FROM old.syncs;
INSERT INTO events SELECT * FROM old.events;
INSERT INTO markers SELECT * FROM old.markers;
INSERT INTO overheads SELECT * FROM old.overheads;
INSERT INTO warnings SELECT * FROM old.warnings;
DROP TABLE temp.shape_of;
DROP VIEW temp.api_cbid;
DROP TABLE temp.fn;
