-- overlapcheck trace, dumped by tools/dump-trace.py
PRAGMA application_id = 1329812562;
PRAGMA user_version = 2;
BEGIN TRANSACTION;
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
INSERT INTO "api" VALUES(12248,138,2228499414,4677,2175,0,0,1,NULL,NULL,NULL);
INSERT INTO "api" VALUES(12256,136,2228510751,2287,2175,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(12272,41,2228535217,21400,2175,0,1,1,7,139616308953088,16384);
INSERT INTO "api" VALUES(12280,134,2228559888,2801,2175,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(12288,135,2228564127,5223,2175,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(12296,138,2228570448,2792,2175,0,0,1,NULL,NULL,NULL);
INSERT INTO "api" VALUES(12304,136,2228574642,859,2175,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(12356,307,2228616839,79228,2175,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(12404,307,2228837994,31346,2175,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(12452,307,2228897604,22806,2175,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(12520,430,2229028774,45357,2175,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(12664,211,2229129650,30795,2175,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(12728,16,2229192136,1840,2175,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(12744,41,2229197797,24564,2175,0,1,1,7,977598560,4);
INSERT INTO "api" VALUES(12752,131,2229224383,5453,2175,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(12760,16,2229230533,757,2175,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(12816,41,2229291503,12207,2175,0,1,1,7,139616308953088,16384);
INSERT INTO "api" VALUES(12824,134,2229307383,3084,2175,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(12832,135,2229311902,4923,2175,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(12840,138,2229318208,4159,2175,0,0,1,NULL,NULL,NULL);
INSERT INTO "api" VALUES(12848,136,2229325008,1712,2175,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(12900,307,2229360108,9709,2175,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(12948,307,2229405835,6319,2175,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(12996,307,2229429645,6888,2175,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(13064,430,2229522597,10487,2175,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(13208,211,2229571568,8399,2175,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(13272,16,2229601049,1345,2175,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(13288,41,2229605292,25893,2175,0,1,1,7,977598560,4);
INSERT INTO "api" VALUES(13296,131,2229632915,4469,2175,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(13304,16,2229638060,744,2175,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(13360,41,2229688936,10955,2175,0,1,1,7,139616308953088,16384);
INSERT INTO "api" VALUES(13368,134,2229702710,2811,2175,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(13376,135,2229706849,4555,2175,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(13384,138,2229712682,3333,2175,0,0,1,NULL,NULL,NULL);
INSERT INTO "api" VALUES(13392,136,2229717949,1388,2175,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(13444,307,2229764088,9259,2175,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(13492,307,2229804947,6273,2175,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(13540,307,2229827482,6121,2175,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(13608,430,2229906323,11313,2175,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(13752,211,2229953117,7869,2175,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(13816,16,2229979619,1220,2175,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(13832,41,2229982990,16223,2175,0,1,1,7,977598560,4);
INSERT INTO "api" VALUES(13840,131,2230000574,3963,2175,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(13848,16,2230005132,597,2175,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(13904,41,2230051395,10508,2175,0,1,1,7,139616308953088,16384);
INSERT INTO "api" VALUES(13912,134,2230065018,18973,2175,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(13920,135,2230085504,4596,2175,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(13928,138,2230091502,3486,2175,0,0,1,NULL,NULL,NULL);
INSERT INTO "api" VALUES(13936,136,2230097124,1599,2175,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(13988,307,2230144595,12381,2175,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(14036,307,2230189057,7018,2175,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(14084,307,2230213545,6979,2175,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(14152,430,2230301101,10739,2175,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(14296,211,2230349716,8091,2175,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(14360,16,2230380392,1566,2175,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(14376,41,2230384701,19507,2175,0,1,1,7,977598560,4);
INSERT INTO "api" VALUES(14384,131,2230405796,4152,2175,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(14392,16,2230410507,660,2175,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(14448,41,2230457722,9705,2175,0,1,1,7,139616308953088,16384);
INSERT INTO "api" VALUES(14456,134,2230470076,2602,2175,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(14464,135,2230474002,4601,2175,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(14472,138,2230479880,3178,2175,0,0,1,NULL,NULL,NULL);
INSERT INTO "api" VALUES(14480,136,2230484960,1849,2175,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(14532,307,2230509194,7083,2175,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(14580,307,2230547230,7254,2175,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(14628,307,2230572203,5486,2175,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(14696,430,2230644607,10661,2175,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(14840,211,2230686258,6971,2175,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(14904,16,2230712569,1364,2175,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(14920,41,2230716215,34257,2175,0,1,1,7,977598560,4);
INSERT INTO "api" VALUES(14928,131,2230759149,4184,2175,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(14936,16,2230763966,782,2175,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(14960,16,2230773783,627,2175,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(14968,165,2230775026,7540,2175,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(14976,16,2230783111,595,2175,0,NULL,NULL,NULL,NULL,NULL);
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
INSERT INTO "api_args" VALUES(999,1,129,2175,980698592,3,1,13,NULL,NULL,NULL,0);
INSERT INTO "api_args" VALUES(1531,1,138,2175,NULL,0,1,NULL,NULL,NULL,1064546080,NULL);
INSERT INTO "api_args" VALUES(1536,1,135,2175,0,1,1,7,NULL,NULL,1064546592,NULL);
INSERT INTO "api_args" VALUES(1537,1,138,2175,NULL,0,1,NULL,NULL,NULL,1064546592,NULL);
INSERT INTO "api_args" VALUES(1604,1,135,2175,0,1,1,7,NULL,NULL,1064548496,NULL);
INSERT INTO "api_args" VALUES(1605,1,138,2175,NULL,0,1,NULL,NULL,NULL,1064548496,NULL);
INSERT INTO "api_args" VALUES(1672,1,135,2175,0,1,1,7,NULL,NULL,1064549408,NULL);
INSERT INTO "api_args" VALUES(1673,1,138,2175,NULL,0,1,NULL,NULL,NULL,1064549408,NULL);
INSERT INTO "api_args" VALUES(1740,1,135,2175,0,1,1,7,NULL,NULL,1064550112,NULL);
INSERT INTO "api_args" VALUES(1741,1,138,2175,NULL,0,1,NULL,NULL,NULL,1064550112,NULL);
INSERT INTO "api_args" VALUES(1808,1,135,2175,0,1,1,7,NULL,NULL,1064550736,NULL);
INSERT INTO "api_args" VALUES(1809,1,138,2175,NULL,0,1,NULL,NULL,NULL,1064550736,NULL);
CREATE TABLE api_functions (
  domain  INTEGER NOT NULL,             -- enums 'api_domain'
  cbid    INTEGER NOT NULL,
  name_id INTEGER NOT NULL,             -- strings.id
  PRIMARY KEY (domain, cbid)
) WITHOUT ROWID;
INSERT INTO "api_functions" VALUES(1,16,16);
INSERT INTO "api_functions" VALUES(1,41,10);
INSERT INTO "api_functions" VALUES(1,131,17);
INSERT INTO "api_functions" VALUES(1,134,11);
INSERT INTO "api_functions" VALUES(1,135,12);
INSERT INTO "api_functions" VALUES(1,136,9);
INSERT INTO "api_functions" VALUES(1,138,8);
INSERT INTO "api_functions" VALUES(1,165,18);
INSERT INTO "api_functions" VALUES(1,211,15);
INSERT INTO "api_functions" VALUES(1,430,14);
INSERT INTO "api_functions" VALUES(2,307,13);
CREATE TABLE api_summary (
  tid            INTEGER NOT NULL,
  domain         INTEGER NOT NULL,      -- enums 'api_domain'
  cbid           INTEGER NOT NULL,
  calls          INTEGER NOT NULL,      -- the calls not in api
  total_ns       INTEGER NOT NULL,      -- their time, summed
  max_ns         INTEGER NOT NULL,      -- the longest of them
  PRIMARY KEY (tid, domain, cbid)
) WITHOUT ROWID;
CREATE TABLE callers (
  correlation_id INTEGER NOT NULL,
  domain         INTEGER NOT NULL,      -- enums 'api_domain'
  call_ns        INTEGER NOT NULL,      -- how long the call took, as the callbacks measured
  frames         TEXT NOT NULL
);
INSERT INTO "callers" VALUES(1544,2,79228,'_ZL55__pyx_f_13cupy_backends_4cuda_3api_6driver_launchKernelljjjjjjjllli+0x7f (/opt/torch/.venv/lib/python3.12/site-packages/cupy_backends/cuda/api/driver.cpython-312-x86_64-linux-gnu.so+0xda7f)
_ZL37__pyx_f_4cupy_4cuda_8function__launchlliiliiP7_objectlmP44__pyx_opt_args_4cupy_4cuda_8function__launch.constprop.124+0x424 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/cuda/function.cpython-312-x86_64-linux-gnu.so+0x16fd4)
_ZL53__pyx_f_4cupy_4cuda_8function_8Function_linear_launchP40__pyx_obj_4cupy_4cuda_8function_FunctionmP7_objectiP60__pyx_opt_args_4cupy_4cuda_8function_8Function_linear_launch+0x1b9 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/cuda/function.cpython-312-x86_64-linux-gnu.so+0x19109)
_ZL47__pyx_pf_4cupy_5_core_7_kernel_5ufunc_4__call__P37__pyx_obj_4cupy_5_core_7_kernel_ufuncP7_objectS2_+0x780f (/opt/torch/.venv/lib/python3.12/site-packages/cupy/_core/_kernel.cpython-312-x86_64-linux-gnu.so+0x5b9af)
_ZL47__pyx_pw_4cupy_5_core_7_kernel_5ufunc_5__call__P7_objectS0_S0_+0x73 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/_core/_kernel.cpython-312-x86_64-linux-gnu.so+0x60003)
_PyObject_MakeTpCall+0x74 (/usr/bin/python3.12+0x148fb4)');
CREATE TABLE contexts (
  id             INTEGER PRIMARY KEY,   -- CUPTI contextId
  device_id      INTEGER NOT NULL,
  null_stream_id INTEGER               -- stream id of this context's legacy NULL stream
);
INSERT INTO "contexts" VALUES(1,0,7);
CREATE TABLE enums (
  type  TEXT NOT NULL,        -- 'op_kind', 'copy_kind', 'memory_kind', 'sync_type', 'stream_flag', 'api_domain', 'handle_kind', 'mem_role', 'alloc_kind'
  value INTEGER NOT NULL,
  name  TEXT NOT NULL,
  PRIMARY KEY (type, value)
) WITHOUT ROWID;
INSERT INTO "enums" VALUES('alloc_kind',1,'device');
INSERT INTO "enums" VALUES('alloc_kind',2,'async');
INSERT INTO "enums" VALUES('alloc_kind',3,'managed');
INSERT INTO "enums" VALUES('alloc_kind',4,'host');
INSERT INTO "enums" VALUES('alloc_kind',5,'registered');
INSERT INTO "enums" VALUES('api_domain',1,'runtime');
INSERT INTO "enums" VALUES('api_domain',2,'driver');
INSERT INTO "enums" VALUES('copy_kind',0,'unknown');
INSERT INTO "enums" VALUES('copy_kind',1,'HtoD');
INSERT INTO "enums" VALUES('copy_kind',2,'DtoH');
INSERT INTO "enums" VALUES('copy_kind',3,'HtoA');
INSERT INTO "enums" VALUES('copy_kind',4,'AtoH');
INSERT INTO "enums" VALUES('copy_kind',5,'AtoA');
INSERT INTO "enums" VALUES('copy_kind',6,'AtoD');
INSERT INTO "enums" VALUES('copy_kind',7,'DtoA');
INSERT INTO "enums" VALUES('copy_kind',8,'DtoD');
INSERT INTO "enums" VALUES('copy_kind',9,'HtoH');
INSERT INTO "enums" VALUES('copy_kind',10,'PtoP');
INSERT INTO "enums" VALUES('handle_kind',0,'none');
INSERT INTO "enums" VALUES('handle_kind',1,'legacy_default');
INSERT INTO "enums" VALUES('handle_kind',2,'per_thread_default');
INSERT INTO "enums" VALUES('handle_kind',3,'explicit');
INSERT INTO "enums" VALUES('mem_role',1,'alloc');
INSERT INTO "enums" VALUES('mem_role',2,'free');
INSERT INTO "enums" VALUES('mem_role',3,'read');
INSERT INTO "enums" VALUES('mem_role',4,'write');
INSERT INTO "enums" VALUES('mem_role',5,'argument');
INSERT INTO "enums" VALUES('memory_kind',0,'unknown');
INSERT INTO "enums" VALUES('memory_kind',1,'pageable');
INSERT INTO "enums" VALUES('memory_kind',2,'pinned');
INSERT INTO "enums" VALUES('memory_kind',3,'device');
INSERT INTO "enums" VALUES('memory_kind',4,'array');
INSERT INTO "enums" VALUES('memory_kind',5,'managed');
INSERT INTO "enums" VALUES('memory_kind',6,'device_static');
INSERT INTO "enums" VALUES('memory_kind',7,'managed_static');
INSERT INTO "enums" VALUES('op_kind',1,'kernel');
INSERT INTO "enums" VALUES('op_kind',2,'memcpy');
INSERT INTO "enums" VALUES('op_kind',3,'memset');
INSERT INTO "enums" VALUES('op_kind',4,'memcpy_peer');
INSERT INTO "enums" VALUES('stream_flag',0,'unknown');
INSERT INTO "enums" VALUES('stream_flag',1,'blocking');
INSERT INTO "enums" VALUES('stream_flag',2,'non_blocking');
INSERT INTO "enums" VALUES('stream_flag',3,'null');
INSERT INTO "enums" VALUES('sync_type',0,'unknown');
INSERT INTO "enums" VALUES('sync_type',1,'event_synchronize');
INSERT INTO "enums" VALUES('sync_type',2,'stream_wait_event');
INSERT INTO "enums" VALUES('sync_type',3,'stream_synchronize');
INSERT INTO "enums" VALUES('sync_type',4,'context_synchronize');
CREATE TABLE events (
  event_id       INTEGER NOT NULL,
  context_id     INTEGER,
  stream_id      INTEGER,
  device_id      INTEGER,
  correlation_id INTEGER,               -- the cudaEventRecord call
  device_ts_ns   INTEGER,               -- when the event completed on the device, 0 if unknown
  sync_id        INTEGER                -- CUPTI cudaEventSyncId
);
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
INSERT INTO "markers" VALUES(1,1,2,2226574014,2175,1,2,NULL,0);
INSERT INTO "markers" VALUES(2,1,4,2226689501,2175,NULL,2,NULL,NULL);
INSERT INTO "markers" VALUES(3,2,2,2227588893,2175,1,2,NULL,0);
INSERT INTO "markers" VALUES(4,2,4,2227599441,2175,NULL,2,NULL,NULL);
INSERT INTO "markers" VALUES(5,3,2,2228029010,2175,1,2,NULL,0);
INSERT INTO "markers" VALUES(6,3,4,2228039211,2175,NULL,2,NULL,NULL);
INSERT INTO "markers" VALUES(7,4,2,2229125606,2175,1,2,NULL,0);
INSERT INTO "markers" VALUES(8,4,4,2229162450,2175,NULL,2,NULL,NULL);
INSERT INTO "markers" VALUES(9,5,2,2229568313,2175,1,2,NULL,0);
INSERT INTO "markers" VALUES(10,5,4,2229581583,2175,NULL,2,NULL,NULL);
INSERT INTO "markers" VALUES(11,6,2,2229950071,2175,1,2,NULL,0);
INSERT INTO "markers" VALUES(12,6,4,2229962609,2175,NULL,2,NULL,NULL);
INSERT INTO "markers" VALUES(13,7,2,2230346496,2175,1,2,NULL,0);
INSERT INTO "markers" VALUES(14,7,4,2230359587,2175,NULL,2,NULL,NULL);
INSERT INTO "markers" VALUES(15,8,2,2230683563,2175,1,2,NULL,0);
INSERT INTO "markers" VALUES(16,8,4,2230695121,2175,NULL,2,NULL,NULL);
INSERT INTO "markers" VALUES(17,9,2,2236335436,2175,1,2,NULL,0);
INSERT INTO "markers" VALUES(18,9,4,2236360133,2175,NULL,2,NULL,NULL);
INSERT INTO "markers" VALUES(19,10,2,2236745142,2175,1,2,NULL,0);
INSERT INTO "markers" VALUES(20,10,4,2236753848,2175,NULL,2,NULL,NULL);
CREATE TABLE mem (
  correlation_id INTEGER NOT NULL,
  domain         INTEGER NOT NULL,      -- enums 'api_domain'
  role           INTEGER NOT NULL,      -- enums 'mem_role': 1 alloc, 2 free, 3 read, 4 write, 5 kernel argument
  ptr            INTEGER NOT NULL,      -- the address (allocations and frees: the base)
  bytes          INTEGER,               -- alloc: its size; read, write: the bytes touched from ptr
  info           INTEGER,               -- alloc, free: enums 'alloc_kind'; kernel argument: the parameter's index
  stream_id      INTEGER                -- stream-ordered allocs and frees: the CUPTI stream id
);
INSERT INTO "mem" VALUES(4,1,1,139616231358464,16384,1,NULL);
INSERT INTO "mem" VALUES(8,1,1,139616308953088,16384,4,NULL);
INSERT INTO "mem" VALUES(14,1,1,139616231374848,16384,1,NULL);
INSERT INTO "mem" VALUES(19,1,1,139616231391232,16384,1,NULL);
INSERT INTO "mem" VALUES(27,1,1,139616231407616,16384,1,NULL);
INSERT INTO "mem" VALUES(964,1,1,139616231424000,1024,1,NULL);
INSERT INTO "mem" VALUES(973,1,1,139616231425024,131072,1,NULL);
INSERT INTO "mem" VALUES(982,1,1,139615528812544,67108864,1,NULL);
INSERT INTO "mem" VALUES(1020,1,1,139616231556096,512,1,NULL);
INSERT INTO "mem" VALUES(1483,1,1,139616231556608,512,1,NULL);
INSERT INTO "mem" VALUES(1490,1,1,139616231557120,16384,1,NULL);
INSERT INTO "mem" VALUES(1498,1,1,139616231573504,16384,1,NULL);
INSERT INTO "mem" VALUES(1534,1,3,139616308953088,16384,NULL,NULL);
INSERT INTO "mem" VALUES(1534,1,4,139616231391232,16384,NULL,NULL);
INSERT INTO "mem" VALUES(1583,1,5,139616231557120,NULL,0,NULL);
INSERT INTO "mem" VALUES(1583,1,5,139616231556096,NULL,1,NULL);
INSERT INTO "mem" VALUES(1593,1,3,139616231556096,4,NULL,NULL);
INSERT INTO "mem" VALUES(1602,1,3,139616308953088,16384,NULL,NULL);
INSERT INTO "mem" VALUES(1602,1,4,139616231573504,16384,NULL,NULL);
INSERT INTO "mem" VALUES(1651,1,5,139616231557120,NULL,0,NULL);
INSERT INTO "mem" VALUES(1651,1,5,139616231556096,NULL,1,NULL);
INSERT INTO "mem" VALUES(1661,1,3,139616231556096,4,NULL,NULL);
INSERT INTO "mem" VALUES(1670,1,3,139616308953088,16384,NULL,NULL);
INSERT INTO "mem" VALUES(1670,1,4,139616231407616,16384,NULL,NULL);
INSERT INTO "mem" VALUES(1719,1,5,139616231557120,NULL,0,NULL);
INSERT INTO "mem" VALUES(1719,1,5,139616231556096,NULL,1,NULL);
INSERT INTO "mem" VALUES(1729,1,3,139616231556096,4,NULL,NULL);
INSERT INTO "mem" VALUES(1738,1,3,139616308953088,16384,NULL,NULL);
INSERT INTO "mem" VALUES(1738,1,4,139616231391232,16384,NULL,NULL);
INSERT INTO "mem" VALUES(1787,1,5,139616231557120,NULL,0,NULL);
INSERT INTO "mem" VALUES(1787,1,5,139616231556096,NULL,1,NULL);
INSERT INTO "mem" VALUES(1797,1,3,139616231556096,4,NULL,NULL);
INSERT INTO "mem" VALUES(1806,1,3,139616308953088,16384,NULL,NULL);
INSERT INTO "mem" VALUES(1806,1,4,139616231573504,16384,NULL,NULL);
INSERT INTO "mem" VALUES(1855,1,5,139616231557120,NULL,0,NULL);
INSERT INTO "mem" VALUES(1855,1,5,139616231556096,NULL,1,NULL);
INSERT INTO "mem" VALUES(1865,1,3,139616231556096,4,NULL,NULL);
INSERT INTO "mem" VALUES(1911,1,2,139616231424000,NULL,1,NULL);
INSERT INTO "mem" VALUES(1921,1,2,139616231425024,NULL,1,NULL);
INSERT INTO "mem" VALUES(1925,1,2,139615528812544,NULL,1,NULL);
CREATE TABLE meta (
  key   TEXT PRIMARY KEY NOT NULL,
  value TEXT
) WITHOUT ROWID;
INSERT INTO "meta" VALUES('api_calls_seen','64');
INSERT INTO "meta" VALUES('api_clock','realtime');
INSERT INTO "meta" VALUES('api_clock_skew_ns','0');
INSERT INTO "meta" VALUES('api_launches_seen','25');
INSERT INTO "meta" VALUES('api_launches_without_ops','0');
INSERT INTO "meta" VALUES('api_level','full');
INSERT INTO "meta" VALUES('api_queries','off');
INSERT INTO "meta" VALUES('api_timing','all');
INSERT INTO "meta" VALUES('callers_naming_cpu_ns','314112');
INSERT INTO "meta" VALUES('capture.mode','cudaProfilerApi');
INSERT INTO "meta" VALUES('capture.window.1','2228442091 2235095459');
INSERT INTO "meta" VALUES('capture.windows','1');
INSERT INTO "meta" VALUES('clean_exit','1');
INSERT INTO "meta" VALUES('cmdline','python3 cupy_legacy.py --size host');
INSERT INTO "meta" VALUES('cupti_version','130001');
INSERT INTO "meta" VALUES('cwd','/work/main/tests/corpus/progs/fw');
INSERT INTO "meta" VALUES('device.0.async_engine_count','3');
INSERT INTO "meta" VALUES('device.0.cc_major','9');
INSERT INTO "meta" VALUES('device.0.cc_minor','0');
INSERT INTO "meta" VALUES('device.0.compute_mode','0');
INSERT INTO "meta" VALUES('device.0.concurrent_kernels','1');
INSERT INTO "meta" VALUES('device.0.core_clock_khz','1980000');
INSERT INTO "meta" VALUES('device.0.ecc_enabled','1');
INSERT INTO "meta" VALUES('device.0.global_memory_bandwidth_kbps','3352320000');
INSERT INTO "meta" VALUES('device.0.global_memory_bytes','85017493504');
INSERT INTO "meta" VALUES('device.0.integrated','0');
INSERT INTO "meta" VALUES('device.0.l2_bytes','52428800');
INSERT INTO "meta" VALUES('device.0.max_blocks_per_sm','32');
INSERT INTO "meta" VALUES('device.0.max_registers_per_sm','65536');
INSERT INTO "meta" VALUES('device.0.max_shared_memory_per_sm','233472');
INSERT INTO "meta" VALUES('device.0.max_threads_per_block','1024');
INSERT INTO "meta" VALUES('device.0.max_threads_per_sm','2048');
INSERT INTO "meta" VALUES('device.0.max_warps_per_sm','64');
INSERT INTO "meta" VALUES('device.0.mig','0');
INSERT INTO "meta" VALUES('device.0.mps_enabled','0');
INSERT INTO "meta" VALUES('device.0.name','NVIDIA H100 80GB HBM3');
INSERT INTO "meta" VALUES('device.0.num_memcpy_engines','3');
INSERT INTO "meta" VALUES('device.0.pci_bus_id','0000:00:06.0');
INSERT INTO "meta" VALUES('device.0.sm_count','132');
INSERT INTO "meta" VALUES('device.0.uuid','GPU-ecde78c4-7650-cffb-5ac7-7e9a1aaf9b50');
INSERT INTO "meta" VALUES('device_count','1');
INSERT INTO "meta" VALUES('driver_version','13000');
INSERT INTO "meta" VALUES('dropped_callback_rows','0');
INSERT INTO "meta" VALUES('dropped_records','0');
INSERT INTO "meta" VALUES('end_time','2026-12-05T16:55:37.843Z');
INSERT INTO "meta" VALUES('exit_status','0');
INSERT INTO "meta" VALUES('host','vm');
INSERT INTO "meta" VALUES('incomplete_records','0');
INSERT INTO "meta" VALUES('inject_version','0.1.0');
INSERT INTO "meta" VALUES('kinds_off','CUDA_EVENT');
INSERT INTO "meta" VALUES('mem_allocations_live','9');
INSERT INTO "meta" VALUES('mem_kernel_functions','6');
INSERT INTO "meta" VALUES('mem_launches_without_layout','0');
INSERT INTO "meta" VALUES('mem_tracking','on');
INSERT INTO "meta" VALUES('os','Linux 6.18.44-fc-v1252-gpu x86_64');
INSERT INTO "meta" VALUES('pid','2175');
INSERT INTO "meta" VALUES('runtime_version','unknown (static CUDA runtime)');
INSERT INTO "meta" VALUES('skipped_records','0');
INSERT INTO "meta" VALUES('start_time','2026-12-05T16:55:35.418Z');
INSERT INTO "meta" VALUES('thread_clock','tsc');
INSERT INTO "meta" VALUES('thread_clock_ticks_per_us','2100.000');
INSERT INTO "meta" VALUES('tool_version','0.1.0');
INSERT INTO "meta" VALUES('trace_start_ns','1796489735418989249');
INSERT INTO "meta" VALUES('tracer_driver_calls','22');
INSERT INTO "meta" VALUES('tracer_end_ns','2295559267');
INSERT INTO "meta" VALUES('tracer_pid','2175');
INSERT INTO "meta" VALUES('tracer_status','finished');
INSERT INTO "meta" VALUES('writer_cpu_ns','7041203');
INSERT INTO "meta" VALUES('writer_rows_per_insert','16');
INSERT INTO "meta" VALUES('writer_wake_chunks','4');
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
INSERT INTO "op_shapes" VALUES(1,NULL,16384,1,2,3,1,1,1,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "op_shapes" VALUES(2,3,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,32,1,1,128,1,1,21,0,0,NULL,NULL);
INSERT INTO "op_shapes" VALUES(3,4,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,32,1,1,128,1,1,20,0,0,NULL,NULL);
INSERT INTO "op_shapes" VALUES(4,5,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,32,1,1,128,1,1,24,0,0,NULL,NULL);
INSERT INTO "op_shapes" VALUES(5,6,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,2,2,1,64,1,1,80,0,6528,NULL,NULL);
INSERT INTO "op_shapes" VALUES(6,7,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,1,1,1,256,1,1,32,44,0,NULL,NULL);
INSERT INTO "op_shapes" VALUES(7,NULL,4,2,3,1,1,2,1,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL);
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
INSERT INTO "ops" VALUES(1,2,2228556601,1472,0,1,7,1534,1,0);
INSERT INTO "ops" VALUES(2,1,2228691675,1408,0,1,7,1544,2,0);
INSERT INTO "ops" VALUES(3,1,2228868606,1120,0,1,7,1550,3,0);
INSERT INTO "ops" VALUES(4,1,2228921023,1184,0,1,7,1556,4,0);
INSERT INTO "ops" VALUES(5,1,2229074370,3296,0,1,7,1565,5,0);
INSERT INTO "ops" VALUES(6,1,2229161092,1408,0,1,7,1583,6,0);
INSERT INTO "ops" VALUES(7,2,2229214917,1440,0,1,7,1593,7,12);
INSERT INTO "ops" VALUES(8,2,2229304871,1535,0,1,7,1602,1,0);
INSERT INTO "ops" VALUES(9,1,2229370792,1344,0,1,7,1612,2,0);
INSERT INTO "ops" VALUES(10,1,2229413736,1120,0,1,7,1618,3,0);
INSERT INTO "ops" VALUES(11,1,2229438185,1152,0,1,7,1624,4,0);
INSERT INTO "ops" VALUES(12,1,2229534251,3264,0,1,7,1633,5,0);
INSERT INTO "ops" VALUES(13,1,2229581355,1376,0,1,7,1651,6,0);
INSERT INTO "ops" VALUES(14,2,2229624268,1440,0,1,7,1661,7,12);
INSERT INTO "ops" VALUES(15,2,2229701230,1568,0,1,7,1670,1,0);
INSERT INTO "ops" VALUES(16,1,2229774607,1344,0,1,7,1680,2,0);
INSERT INTO "ops" VALUES(17,1,2229812784,1120,0,1,7,1686,3,0);
INSERT INTO "ops" VALUES(18,1,2229835440,1152,0,1,7,1692,4,0);
INSERT INTO "ops" VALUES(19,1,2229918801,3329,0,1,7,1701,5,0);
INSERT INTO "ops" VALUES(20,1,2229962578,1376,0,1,7,1719,6,0);
INSERT INTO "ops" VALUES(21,2,2229992915,1440,0,1,7,1729,7,12);
INSERT INTO "ops" VALUES(22,2,2230063252,1568,0,1,7,1738,1,0);
INSERT INTO "ops" VALUES(23,1,2230158166,1376,0,1,7,1748,2,0);
INSERT INTO "ops" VALUES(24,1,2230198039,1120,0,1,7,1754,3,0);
INSERT INTO "ops" VALUES(25,1,2230222071,1184,0,1,7,1760,4,0);
INSERT INTO "ops" VALUES(26,1,2230312953,3296,0,1,7,1769,5,0);
INSERT INTO "ops" VALUES(27,1,2230359161,1377,0,1,7,1787,6,0);
INSERT INTO "ops" VALUES(28,2,2230397338,1440,0,1,7,1797,7,12);
INSERT INTO "ops" VALUES(29,2,2230469180,1536,0,1,7,1806,1,0);
INSERT INTO "ops" VALUES(30,1,2230517916,1344,0,1,7,1816,2,0);
INSERT INTO "ops" VALUES(31,1,2230556029,1120,0,1,7,1822,3,0);
INSERT INTO "ops" VALUES(32,1,2230579518,1152,0,1,7,1828,4,0);
INSERT INTO "ops" VALUES(33,1,2230656575,3264,0,1,7,1837,5,0);
INSERT INTO "ops" VALUES(34,1,2230694656,1375,0,1,7,1855,6,0);
INSERT INTO "ops" VALUES(35,2,2230743457,1440,0,1,7,1865,7,12);
CREATE TABLE overheads (
  id             INTEGER PRIMARY KEY,
  kind           INTEGER NOT NULL,      -- CUpti_ActivityOverheadKind
  start_ns       INTEGER NOT NULL,
  end_ns         INTEGER NOT NULL,
  object_kind    INTEGER,               -- CUpti_ActivityObjectKind
  object_id      INTEGER,               -- thread id or device id, by object_kind
  correlation_id INTEGER
);
INSERT INTO "overheads" VALUES(1,65536,2230840089,2230887000,2,2198,0);
INSERT INTO "overheads" VALUES(2,458752,2230888697,2234946446,2,2198,0);
CREATE TABLE streams (
  context_id INTEGER NOT NULL,
  stream_id  INTEGER NOT NULL,
  flag       INTEGER NOT NULL DEFAULT 0, -- enums 'stream_flag': 1 blocking, 2 non-blocking, 3 NULL stream
  priority   INTEGER,
  handle     INTEGER,                    -- the cudaStream_t value the program used, when a callback saw it
  handle_kind INTEGER NOT NULL DEFAULT 0,-- enums 'handle_kind' of that handle (2 marks per-thread default streams)
  PRIMARY KEY (context_id, stream_id)
) WITHOUT ROWID;
INSERT INTO "streams" VALUES(1,6,1,0,NULL,0);
INSERT INTO "streams" VALUES(1,7,3,0,0,1);
INSERT INTO "streams" VALUES(1,8,2,0,NULL,0);
INSERT INTO "streams" VALUES(1,9,2,0,NULL,0);
INSERT INTO "streams" VALUES(1,10,2,0,NULL,0);
INSERT INTO "streams" VALUES(1,11,2,0,NULL,0);
INSERT INTO "streams" VALUES(1,12,1,4294967291,NULL,0);
INSERT INTO "streams" VALUES(1,13,1,0,980698592,3);
CREATE TABLE strings (
  id    INTEGER PRIMARY KEY,
  value TEXT NOT NULL UNIQUE
);
INSERT INTO "strings" VALUES(1,'cub::DeviceReduce::Sum');
INSERT INTO "strings" VALUES(2,'CCCL');
INSERT INTO "strings" VALUES(3,'cupy_sin__float32_float32');
INSERT INTO "strings" VALUES(4,'cupy_multiply__float32_float_float32');
INSERT INTO "strings" VALUES(5,'cupy_add__float32_float32_float32');
INSERT INTO "strings" VALUES(6,'sm80_xmma_gemm_f32f32_f32f32_f32_nn_n_tilesize32x32x8_stage3_warpsize1x2x1_ffma_aligna4_alignc4_execute_kernel__5x_cublas');
INSERT INTO "strings" VALUES(7,'_ZN3cub43CUB_300102_SM_750_800_860_890_900_1000_12006detail6reduce28DeviceReduceSingleTileKernelINS2_10policy_hubIfjN4cuda3std3__44plusIvEEE10Policy1000EPfSC_jS9_ffNS7_8identityEEEvT0_T1_T2_T3_T4_T6_');
INSERT INTO "strings" VALUES(8,'cudaEventQuery');
INSERT INTO "strings" VALUES(9,'cudaEventDestroy');
INSERT INTO "strings" VALUES(10,'cudaMemcpyAsync');
INSERT INTO "strings" VALUES(11,'cudaEventCreateWithFlags');
INSERT INTO "strings" VALUES(12,'cudaEventRecord');
INSERT INTO "strings" VALUES(13,'cuLaunchKernel');
INSERT INTO "strings" VALUES(14,'cudaLaunchKernelExC');
INSERT INTO "strings" VALUES(15,'cudaLaunchKernel');
INSERT INTO "strings" VALUES(16,'cudaSetDevice');
INSERT INTO "strings" VALUES(17,'cudaStreamSynchronize');
INSERT INTO "strings" VALUES(18,'cudaDeviceSynchronize');
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
INSERT INTO "syncs" VALUES(1,1,2228500751,2228503154,1,NULL,22,1531,0);
INSERT INTO "syncs" VALUES(2,1,2228570911,2228572947,1,NULL,23,1537,0);
INSERT INTO "syncs" VALUES(3,3,2229225230,2229229440,1,7,NULL,1594,0);
INSERT INTO "syncs" VALUES(4,1,2229318821,2229321728,1,NULL,24,1605,0);
INSERT INTO "syncs" VALUES(5,3,2229633617,2229636997,1,7,NULL,1662,0);
INSERT INTO "syncs" VALUES(6,1,2229713167,2229715547,1,NULL,25,1673,0);
INSERT INTO "syncs" VALUES(7,3,2230001104,2230004163,1,7,NULL,1730,0);
INSERT INTO "syncs" VALUES(8,1,2230092035,2230094503,1,NULL,26,1741,0);
INSERT INTO "syncs" VALUES(9,3,2230406429,2230409640,1,7,NULL,1798,0);
INSERT INTO "syncs" VALUES(10,1,2230480369,2230482660,1,NULL,27,1809,0);
INSERT INTO "syncs" VALUES(11,3,2230759963,2230762967,1,7,NULL,1866,0);
INSERT INTO "syncs" VALUES(12,4,2230777225,2230782171,1,NULL,NULL,1871,0);
CREATE TABLE warnings (
  id      INTEGER PRIMARY KEY,
  ts_ns   INTEGER,
  pid     INTEGER,
  source  TEXT NOT NULL,                -- 'cli', 'inject', 'cupti', 'sqlite'
  code    TEXT NOT NULL,                -- short stable code, e.g. 'multiple_subscribers'
  message TEXT NOT NULL
);
CREATE INDEX syncs_start ON syncs (start_ns);
CREATE INDEX events_event ON events (event_id);
CREATE INDEX markers_marker ON markers (marker_id);
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
CREATE VIEW nvtx_ranges AS
SELECT b.marker_id AS marker_id, n.value AS name, b.tid AS tid,
       b.ts_ns AS start_ns, e.ts_ns AS end_ns
FROM markers b
JOIN markers e ON e.marker_id = b.marker_id AND (e.flags & 4) != 0
LEFT JOIN strings n ON n.id = b.name_id
WHERE (b.flags & 2) != 0;
COMMIT;
