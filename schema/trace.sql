-- overlapcheck trace schema.
--
-- This file is the single definition of a trace. The build embeds it
-- (build/gen/schema-sql.h), so the injection library and the CLI create the
-- same tables. The version lives here once: PRAGMA user_version below.
-- Bump it on any incompatible change and teach src/trace/reader*.c to read the old one.
--
-- Versions: 1 (schema/trace-v1.sql, frozen; still read). 2: a device op's
-- description moved to op_shapes, durations stored instead of end times
-- (end_ns is a generated column), callback arguments folded into api, whose
-- row id encodes (correlation_id, domain), API names in api_functions, no
-- secondary indexes on ops and api: 257 -> 86 bytes per kernel launch (H200).
--
-- Conventions
--  * Every *_ns column is an integer count of nanoseconds since
--    meta('trace_start_ns'), which holds the absolute CLOCK_REALTIME time
--    (CUPTI's default timestamp clock on Linux) of the trace start. Storing
--    offsets keeps rows small and keeps times exact when they become doubles.
--  * Strings that repeat (kernel names, API names, NVTX names) are interned in
--    `strings` and referenced by id.
--  * Enumerations keep CUPTI's numeric values; `enums` names them.
--  * Streams are identified by (context_id, stream_id): a CUPTI stream id is
--    unique only within its context.
--  * Public contract: the view `device_ops` and the table `meta`. Everything
--    else is documented in docs/schema.md and may grow columns.

PRAGMA application_id = 1329812562;   -- 0x4F435452, "OCTR"
PRAGMA user_version = 2;

-- The passport and the run's status, as text key/value pairs.
-- Keys are listed in docs/schema.md (tool_version, trace_start_ns, host, pid,
-- cmdline, start_time, driver_version, runtime_version, cupti_version,
-- env.CUDA_LAUNCH_BLOCKING, device.0.name, device.0.sm_count, ...,
-- status, clean_exit, exit_status, exit_signal, dropped_records,
-- incomplete_records, ...).
CREATE TABLE meta (
  key   TEXT PRIMARY KEY NOT NULL,
  value TEXT
) WITHOUT ROWID;

-- Interned strings.
CREATE TABLE strings (
  id    INTEGER PRIMARY KEY,
  value TEXT NOT NULL UNIQUE
);

-- Names of CUPTI enumeration values used in this schema.
CREATE TABLE enums (
  type  TEXT NOT NULL,        -- 'op_kind', 'copy_kind', 'memory_kind', 'sync_type', 'stream_flag', 'api_domain', 'handle_kind', 'mem_role', 'alloc_kind'
  value INTEGER NOT NULL,
  name  TEXT NOT NULL,
  PRIMARY KEY (type, value)
) WITHOUT ROWID;

INSERT INTO enums VALUES
  ('op_kind', 1, 'kernel'), ('op_kind', 2, 'memcpy'), ('op_kind', 3, 'memset'),
  ('op_kind', 4, 'memcpy_peer'),
  ('copy_kind', 0, 'unknown'), ('copy_kind', 1, 'HtoD'), ('copy_kind', 2, 'DtoH'),
  ('copy_kind', 3, 'HtoA'), ('copy_kind', 4, 'AtoH'), ('copy_kind', 5, 'AtoA'),
  ('copy_kind', 6, 'AtoD'), ('copy_kind', 7, 'DtoA'), ('copy_kind', 8, 'DtoD'),
  ('copy_kind', 9, 'HtoH'), ('copy_kind', 10, 'PtoP'),
  ('memory_kind', 0, 'unknown'), ('memory_kind', 1, 'pageable'), ('memory_kind', 2, 'pinned'),
  ('memory_kind', 3, 'device'), ('memory_kind', 4, 'array'), ('memory_kind', 5, 'managed'),
  ('memory_kind', 6, 'device_static'), ('memory_kind', 7, 'managed_static'),
  ('sync_type', 0, 'unknown'), ('sync_type', 1, 'event_synchronize'),
  ('sync_type', 2, 'stream_wait_event'), ('sync_type', 3, 'stream_synchronize'),
  ('sync_type', 4, 'context_synchronize'),
  ('stream_flag', 0, 'unknown'), ('stream_flag', 1, 'blocking'),
  ('stream_flag', 2, 'non_blocking'), ('stream_flag', 3, 'null'),
  ('api_domain', 1, 'runtime'), ('api_domain', 2, 'driver'),
  ('handle_kind', 0, 'none'), ('handle_kind', 1, 'legacy_default'),
  ('handle_kind', 2, 'per_thread_default'), ('handle_kind', 3, 'explicit'),
  ('mem_role', 1, 'alloc'), ('mem_role', 2, 'free'), ('mem_role', 3, 'read'),
  ('mem_role', 4, 'write'), ('mem_role', 5, 'argument'),
  ('alloc_kind', 1, 'device'), ('alloc_kind', 2, 'async'), ('alloc_kind', 3, 'managed'),
  ('alloc_kind', 4, 'host'), ('alloc_kind', 5, 'registered');

-- CUDA contexts (CUPTI CONTEXT records).
CREATE TABLE contexts (
  id             INTEGER PRIMARY KEY,   -- CUPTI contextId
  device_id      INTEGER NOT NULL,
  null_stream_id INTEGER               -- stream id of this context's legacy NULL stream
);

-- Streams (CUPTI STREAM records, completed by API callbacks).
CREATE TABLE streams (
  context_id INTEGER NOT NULL,
  stream_id  INTEGER NOT NULL,
  flag       INTEGER NOT NULL DEFAULT 0, -- enums 'stream_flag': 1 blocking, 2 non-blocking, 3 NULL stream
  priority   INTEGER,
  handle     INTEGER,                    -- the cudaStream_t value the program used, when a callback saw it
  handle_kind INTEGER NOT NULL DEFAULT 0,-- enums 'handle_kind' of that handle (2 marks per-thread default streams)
  PRIMARY KEY (context_id, stream_id)
) WITHOUT ROWID;

-- Device operations: kernels, copies, memsets (CONCURRENT_KERNEL, MEMCPY,
-- MEMCPY2, MEMSET records). Only complete records are stored: a record with a
-- zero start or end is counted in meta (incomplete_records or
-- dropped_records) instead. What an op is (its name, launch configuration,
-- sizes and memory kinds) is stored once per distinct value in op_shapes; a
-- row here holds only when and where it ran. No secondary index: readers load
-- the table in one scan, and SQLite builds a temporary index for ad-hoc joins.
CREATE TABLE ops (
  id             INTEGER PRIMARY KEY,
  kind           INTEGER NOT NULL,      -- enums 'op_kind': 1 kernel, 2 memcpy, 3 memset, 4 peer memcpy
  start_ns       INTEGER NOT NULL,      -- device time
  dur_ns         INTEGER NOT NULL,      -- end - start
  end_ns         INTEGER GENERATED ALWAYS AS (start_ns + dur_ns) VIRTUAL,
  device_id      INTEGER NOT NULL,
  context_id     INTEGER NOT NULL,
  stream_id      INTEGER NOT NULL,
  correlation_id INTEGER NOT NULL,      -- the API call: api.correlation_id
  shape_id       INTEGER NOT NULL,      -- op_shapes.id
  channel_id     INTEGER
);

-- What a device op is, stored once per distinct combination.
CREATE TABLE op_shapes (
  id             INTEGER PRIMARY KEY,
  name_id        INTEGER,               -- kernels: strings.id of the mangled name
  bytes          INTEGER,               -- copies and memsets
  copy_kind      INTEGER,               -- enums 'copy_kind'
  src_kind       INTEGER,               -- enums 'memory_kind'
  dst_kind       INTEGER,               -- enums 'memory_kind' (memset: its memory kind)
  flags          INTEGER,               -- CUPTI record flags; bit 0 = ASYNC for copies and memsets
  channel_type   INTEGER,
  copy_count     INTEGER,               -- copies: CUPTI copyCount (batched copies)
  src_device_id  INTEGER,               -- peer copies
  dst_device_id  INTEGER,
  grid_x INTEGER, grid_y INTEGER, grid_z INTEGER,
  block_x INTEGER, block_y INTEGER, block_z INTEGER,
  registers      INTEGER,               -- per thread
  static_smem    INTEGER,               -- bytes per block
  dynamic_smem   INTEGER,               -- bytes per block
  graph_id       INTEGER,               -- non-NULL for ops run as CUDA graph nodes
  graph_node_id  INTEGER
);

-- CUDA runtime and driver API calls (RUNTIME and DRIVER records, CPU times),
-- with the arguments the API callbacks saw for calls that queue work.
-- The row id is the key: correlation_id * 8 + (domain - 1) * 4 + n, where n
-- (0..3) tells apart calls that share a correlation id and domain (none seen
-- on the H200; a fifth is counted in meta skipped_records, not stored).
-- So a call is found by its correlation id without an index, and
-- correlation_id and domain cost no storage (generated columns).
CREATE TABLE api (
  id             INTEGER PRIMARY KEY,
  correlation_id INTEGER GENERATED ALWAYS AS (id >> 3) VIRTUAL,
  domain         INTEGER GENERATED ALWAYS AS (((id >> 2) & 1) + 1) VIRTUAL, -- enums 'api_domain': 1 runtime, 2 driver
  cbid           INTEGER NOT NULL,      -- CUPTI callback id within the domain (name: api_functions)
  start_ns       INTEGER NOT NULL,
  dur_ns         INTEGER NOT NULL,
  end_ns         INTEGER GENERATED ALWAYS AS (start_ns + dur_ns) VIRTUAL,
  tid            INTEGER NOT NULL,      -- CPU thread (CUPTI threadId)
  return_value   INTEGER,
  -- from the API callback, for calls that queue work, create streams or use
  -- events (NULL otherwise, and when the callback's row came too late: then
  -- it is in api_args)
  handle_kind    INTEGER,               -- enums 'handle_kind' of the stream argument
  context_id     INTEGER,
  stream_id      INTEGER,               -- CUPTI stream id of that stream, when it could be resolved
  host_ptr       INTEGER,               -- copies: the host-side pointer
  bytes          INTEGER                -- copies and memsets: the size asked for
);

-- Names of the API functions in api, by (domain, cbid).
CREATE TABLE api_functions (
  domain  INTEGER NOT NULL,             -- enums 'api_domain'
  cbid    INTEGER NOT NULL,
  name_id INTEGER NOT NULL,             -- strings.id
  PRIMARY KEY (domain, cbid)
) WITHOUT ROWID;

-- Callback arguments that api has no column for (the raw stream handle when
-- its stream could not be resolved or its kind not told, the event,
-- stream-creation flags), and the whole argument row of a call whose API
-- record did not come while the row waited for it in the writer's memory
-- (max(1 s, 3 flush periods)), or that found no api row of its call without
-- arguments. Readers merge it into api by (correlation_id, domain).
CREATE TABLE api_args (
  correlation_id INTEGER NOT NULL,
  domain         INTEGER NOT NULL,      -- enums 'api_domain'
  cbid           INTEGER NOT NULL,
  tid            INTEGER NOT NULL,
  stream_handle  INTEGER,               -- raw cudaStream_t / CUstream value given
  handle_kind    INTEGER NOT NULL DEFAULT 0, -- enums 'handle_kind'
  context_id     INTEGER,
  stream_id      INTEGER,               -- CUPTI stream id of that stream, when it could be resolved
  host_ptr       INTEGER,               -- copies: the host-side pointer
  bytes          INTEGER,               -- copies and memsets: the size asked for
  event_handle   INTEGER,               -- cudaEventRecord / cudaStreamWaitEvent: the event
  flags          INTEGER,               -- stream creation: the flags asked for
  PRIMARY KEY (correlation_id, domain)
) WITHOUT ROWID;

-- Memory the program's calls allocated, freed and touched, from the API
-- callbacks (docs/hazards.md), while meta mem_tracking is 'on'. One row per
-- fact; the call's time, thread and name are its api row's (correlation_id,
-- domain). Only addresses inside an allocation the tracer saw are kept: a
-- copy's pageable end or an integer argument is not here. No index: readers
-- load the table in one scan.
CREATE TABLE mem (
  correlation_id INTEGER NOT NULL,
  domain         INTEGER NOT NULL,      -- enums 'api_domain'
  role           INTEGER NOT NULL,      -- enums 'mem_role': 1 alloc, 2 free, 3 read, 4 write, 5 kernel argument
  ptr            INTEGER NOT NULL,      -- the address (allocations and frees: the base)
  bytes          INTEGER,               -- alloc: its size; read, write: the bytes touched from ptr
  info           INTEGER,               -- alloc, free: enums 'alloc_kind'; kernel argument: the parameter's index
  stream_id      INTEGER                -- stream-ordered allocs and frees: the CUPTI stream id
);

-- Where each call that held the host long enough to be a possible hidden
-- synchronization was made from (docs/schema.md, "Callers"): the first
-- frames of the caller's stack outside CUDA and the tracer, one a line,
-- "SYMBOL+0xOFF (MODULE+0xOFF)" (SYMBOL is "?" where the module exports
-- none). The call's time and name are its api row's.
CREATE TABLE callers (
  correlation_id INTEGER NOT NULL,
  domain         INTEGER NOT NULL,      -- enums 'api_domain'
  call_ns        INTEGER NOT NULL,      -- how long the call took, as the callbacks measured
  frames         TEXT NOT NULL
);

-- Queries (docs/schema.md, "Queries"): calls that only read host state and
-- never wait for the device (cudaGetDevice, cudaGetLastError, ...), timed by
-- the tracer's callbacks instead of API records. A query that took at least
-- meta api_query_min_ns has its api row like any call; the others are
-- counted here, per thread and function (name: api_functions).
CREATE TABLE api_summary (
  tid            INTEGER NOT NULL,
  domain         INTEGER NOT NULL,      -- enums 'api_domain'
  cbid           INTEGER NOT NULL,
  calls          INTEGER NOT NULL,      -- the calls not in api
  total_ns       INTEGER NOT NULL,      -- their time, summed
  max_ns         INTEGER NOT NULL,      -- the longest of them
  PRIMARY KEY (tid, domain, cbid)
) WITHOUT ROWID;

-- Synchronization calls (SYNCHRONIZATION records). Polling calls that
-- returned "not ready" may appear with a non-zero return_value.
CREATE TABLE syncs (
  id             INTEGER PRIMARY KEY,
  type           INTEGER NOT NULL,      -- enums 'sync_type'
  start_ns       INTEGER NOT NULL,      -- CPU time
  end_ns         INTEGER NOT NULL,
  context_id     INTEGER,
  stream_id      INTEGER,               -- NULL when not applicable
  event_id       INTEGER,               -- NULL when not applicable
  correlation_id INTEGER,
  return_value   INTEGER
);
CREATE INDEX syncs_start ON syncs (start_ns);

-- CUDA event records (CUDA_EVENT): where and when an event was recorded.
CREATE TABLE events (
  event_id       INTEGER NOT NULL,
  context_id     INTEGER,
  stream_id      INTEGER,
  device_id      INTEGER,
  correlation_id INTEGER,               -- the cudaEventRecord call
  device_ts_ns   INTEGER,               -- when the event completed on the device, 0 if unknown
  sync_id        INTEGER                -- CUPTI cudaEventSyncId
);
CREATE INDEX events_event ON events (event_id);

-- NVTX markers and range ends (MARKER, MARKER_DATA).
CREATE TABLE markers (
  id        INTEGER PRIMARY KEY,
  marker_id INTEGER NOT NULL,           -- CUPTI marker id; a range's start and end share it
  flags     INTEGER NOT NULL,           -- 1 instantaneous, 2 range start, 4 range end
  ts_ns     INTEGER NOT NULL,           -- CPU time
  tid       INTEGER,                    -- thread of the marker, when objectKind is a thread
  name_id   INTEGER,                    -- strings.id (start and instant records)
  domain_id INTEGER,                    -- strings.id of the NVTX domain name
  color     INTEGER,                    -- ARGB from MARKER_DATA
  category  INTEGER
);
CREATE INDEX markers_marker ON markers (marker_id);

-- CUPTI OVERHEAD records (lazy module loading, instrumentation, buffer flushes).
CREATE TABLE overheads (
  id             INTEGER PRIMARY KEY,
  kind           INTEGER NOT NULL,      -- CUpti_ActivityOverheadKind
  start_ns       INTEGER NOT NULL,
  end_ns         INTEGER NOT NULL,
  object_kind    INTEGER,               -- CUpti_ActivityObjectKind
  object_id      INTEGER,               -- thread id or device id, by object_kind
  correlation_id INTEGER
);

-- What went wrong while tracing: each failure the injection library or the
-- CLI met (CUPTI error, another subscriber, disk full, ...).
CREATE TABLE warnings (
  id      INTEGER PRIMARY KEY,
  ts_ns   INTEGER,
  pid     INTEGER,
  source  TEXT NOT NULL,                -- 'cli', 'inject', 'cupti', 'sqlite'
  code    TEXT NOT NULL,                -- short stable code, e.g. 'multiple_subscribers'
  message TEXT NOT NULL
);

-- Public view: one row per kernel, memcpy and memset.
CREATE VIEW device_ops AS
SELECT o.id                       AS id,
       k.name                     AS kind,
       o.start_ns                 AS start_ns,
       o.end_ns                   AS end_ns,
       o.dur_ns                   AS duration_ns,
       o.device_id                AS device_id,
       o.context_id               AS context_id,
       o.stream_id                AS stream_id,
       o.correlation_id           AS correlation_id,
       CASE WHEN o.kind = 1 THEN s.value
            WHEN o.kind = 3 THEN 'memset'
            ELSE 'memcpy ' || IFNULL(ck.name, 'unknown') END AS name,
       h.bytes                    AS bytes,
       ck.name                    AS copy_kind,
       sk.name                    AS src_kind,
       dk.name                    AS dst_kind,
       (IFNULL(h.flags, 0) & 1)   AS async,
       h.graph_id                 AS graph_id,
       h.graph_node_id            AS graph_node_id
FROM ops o
JOIN op_shapes h ON h.id = o.shape_id
JOIN enums k ON k.type = 'op_kind' AND k.value = o.kind
LEFT JOIN strings s ON s.id = h.name_id
LEFT JOIN enums ck ON ck.type = 'copy_kind' AND ck.value = h.copy_kind
LEFT JOIN enums sk ON sk.type = 'memory_kind' AND sk.value = h.src_kind
LEFT JOIN enums dk ON dk.type = 'memory_kind' AND dk.value = h.dst_kind;

-- API calls with their names and callback arguments.
CREATE VIEW api_calls AS
SELECT a.id, d.name AS domain, n.value AS name, a.start_ns, a.end_ns,
       a.dur_ns AS duration_ns, a.tid, a.correlation_id,
       a.return_value, NULL AS parent_id,
       g.stream_handle, hk.name AS handle_kind,
       IFNULL(a.stream_id, g.stream_id) AS stream_id,
       IFNULL(a.host_ptr, g.host_ptr) AS host_ptr,
       IFNULL(a.bytes, g.bytes) AS bytes
FROM api a
JOIN enums d ON d.type = 'api_domain' AND d.value = a.domain
LEFT JOIN api_functions f ON f.domain = a.domain AND f.cbid = a.cbid
LEFT JOIN strings n ON n.id = f.name_id
LEFT JOIN api_args g ON g.correlation_id = a.correlation_id AND g.domain = a.domain
LEFT JOIN enums hk ON hk.type = 'handle_kind' AND hk.value = IFNULL(a.handle_kind, g.handle_kind);

-- Every callback argument row, as schema v1's api_args table held them: from
-- the api row of the call, completed by api_args, plus the api_args rows of
-- calls without an api row.
CREATE VIEW call_args AS
SELECT a.correlation_id AS correlation_id, a.domain AS domain, a.cbid AS cbid, a.tid AS tid,
       g.stream_handle AS stream_handle, a.handle_kind AS handle_kind,
       a.context_id AS context_id, a.stream_id AS stream_id, a.host_ptr AS host_ptr,
       a.bytes AS bytes, g.event_handle AS event_handle, g.flags AS flags
FROM api a
LEFT JOIN api_args g ON g.correlation_id = a.correlation_id AND g.domain = a.domain
WHERE a.handle_kind IS NOT NULL
UNION ALL
SELECT g.correlation_id, g.domain, g.cbid, g.tid, g.stream_handle, g.handle_kind,
       g.context_id, g.stream_id, g.host_ptr, g.bytes, g.event_handle, g.flags
FROM api_args g
WHERE NOT EXISTS (SELECT 1 FROM api a
                  WHERE a.id BETWEEN g.correlation_id * 8 + (g.domain - 1) * 4
                                 AND g.correlation_id * 8 + (g.domain - 1) * 4 + 3
                    AND a.handle_kind IS NOT NULL);

-- NVTX ranges: a start marker paired with its end by marker id.
CREATE VIEW nvtx_ranges AS
SELECT b.marker_id AS marker_id, n.value AS name, b.tid AS tid,
       b.ts_ns AS start_ns, e.ts_ns AS end_ns
FROM markers b
JOIN markers e ON e.marker_id = b.marker_id AND (e.flags & 4) != 0
LEFT JOIN strings n ON n.id = b.name_id
WHERE (b.flags & 2) != 0;
