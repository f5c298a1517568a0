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
INSERT INTO "api" VALUES(12232,138,2777186404,8127,717,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(12240,136,2777204865,4276,717,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(12256,41,2777241650,32339,717,0,1,1,7,140630994976768,16384);
INSERT INTO "api" VALUES(12264,134,2777278466,4166,717,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(12272,135,2777284802,11029,717,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(12280,138,2777297578,3459,717,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(12288,136,2777303101,1263,717,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(12340,307,2777403028,112521,717,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(12388,307,2777735444,40582,717,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(12436,307,2777810101,25497,717,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(12504,430,2777981872,61437,717,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(12648,211,2778300470,149157,717,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(12712,16,2778554101,2754,717,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(12728,41,2778563197,30524,717,0,1,1,7,499705952,4);
INSERT INTO "api" VALUES(12736,131,2778596823,6650,717,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(12744,16,2778604532,997,717,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(12800,41,2778694528,14776,717,0,1,1,7,140630994976768,16384);
INSERT INTO "api" VALUES(12808,134,2778714390,3983,717,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(12816,135,2778720486,9586,717,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(12824,138,2778732397,4537,717,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(12832,136,2778740218,1975,717,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(12884,307,2778801071,16865,717,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(12932,307,2778871125,9097,717,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(12980,307,2778905319,8027,717,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(13048,430,2779034613,14293,717,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(13192,211,2779109493,11339,717,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(13256,16,2779152862,1617,717,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(13272,41,2779158117,24270,717,0,1,1,7,499705952,4);
INSERT INTO "api" VALUES(13280,131,2779184384,5626,717,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(13288,16,2779190799,920,717,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(13344,41,2779262294,13816,717,0,1,1,7,140630994976768,16384);
INSERT INTO "api" VALUES(13352,134,2779280381,23202,717,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(13360,135,2779305477,8557,717,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(13368,138,2779315857,4099,717,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(13376,136,2779322776,17895,717,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(13428,307,2779384831,15415,717,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(13476,307,2779445540,8466,717,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(13524,307,2779476477,8735,717,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(13592,430,2779594535,13192,717,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(13736,211,2779663872,13256,717,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(13800,16,2779709627,1854,717,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(13816,41,2779715161,25370,717,0,1,1,7,499705952,4);
INSERT INTO "api" VALUES(13824,131,2779749859,5549,717,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(13832,16,2779756147,1061,717,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(13888,41,2779825684,12631,717,0,1,1,7,140630994976768,16384);
INSERT INTO "api" VALUES(13896,134,2779842310,3668,717,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(13904,135,2779847546,6820,717,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(13912,138,2779856074,3867,717,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(13920,136,2779862714,1871,717,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(13972,307,2779900268,12228,717,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(14020,307,2779957406,8275,717,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(14068,307,2779987739,8852,717,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(14136,430,2780090077,11588,717,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(14280,211,2780151910,10762,717,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(14344,16,2780189472,1773,717,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(14360,41,2780194728,22635,717,0,1,1,7,499705952,4);
INSERT INTO "api" VALUES(14368,131,2780219243,5136,717,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(14376,16,2780225288,911,717,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(14432,41,2780289046,13544,717,0,1,1,7,140630994976768,16384);
INSERT INTO "api" VALUES(14440,134,2780306204,3330,717,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(14448,135,2780311417,6808,717,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(14456,138,2780320011,28674,717,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(14464,136,2780351432,2227,717,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(14516,307,2780392295,11748,717,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(14564,307,2780449220,17583,717,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(14612,307,2780499580,9060,717,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(14680,430,2780610852,13188,717,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(14824,211,2780678576,10646,717,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(14888,16,2780718085,1712,717,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(14904,41,2780723281,24772,717,0,1,1,7,499705952,4);
INSERT INTO "api" VALUES(14912,131,2780750073,4937,717,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(14920,16,2780755699,882,717,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(14944,16,2780766648,725,717,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(14952,165,2780768458,10007,717,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(14960,16,2780779140,791,717,0,NULL,NULL,NULL,NULL,NULL);
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
INSERT INTO "api_args" VALUES(1000,1,129,717,503665392,3,1,13,NULL,NULL,NULL,0);
INSERT INTO "api_args" VALUES(1534,1,135,717,0,1,1,7,NULL,NULL,586637856,NULL);
INSERT INTO "api_args" VALUES(1602,1,135,717,0,1,1,7,NULL,NULL,586640224,NULL);
INSERT INTO "api_args" VALUES(1670,1,135,717,0,1,1,7,NULL,NULL,586641136,NULL);
INSERT INTO "api_args" VALUES(1738,1,135,717,0,1,1,7,NULL,NULL,586641760,NULL);
INSERT INTO "api_args" VALUES(1806,1,135,717,0,1,1,7,NULL,NULL,586642464,NULL);
CREATE TABLE api_functions (
  domain  INTEGER NOT NULL,             -- enums 'api_domain'
  cbid    INTEGER NOT NULL,
  name_id INTEGER NOT NULL,             -- strings.id
  PRIMARY KEY (domain, cbid)
) WITHOUT ROWID;
INSERT INTO "api_functions" VALUES(1,10,9);
INSERT INTO "api_functions" VALUES(1,11,10);
INSERT INTO "api_functions" VALUES(1,16,22);
INSERT INTO "api_functions" VALUES(1,17,8);
INSERT INTO "api_functions" VALUES(1,41,16);
INSERT INTO "api_functions" VALUES(1,131,23);
INSERT INTO "api_functions" VALUES(1,134,17);
INSERT INTO "api_functions" VALUES(1,135,18);
INSERT INTO "api_functions" VALUES(1,136,15);
INSERT INTO "api_functions" VALUES(1,138,14);
INSERT INTO "api_functions" VALUES(1,151,11);
INSERT INTO "api_functions" VALUES(1,165,24);
INSERT INTO "api_functions" VALUES(1,211,21);
INSERT INTO "api_functions" VALUES(1,317,12);
INSERT INTO "api_functions" VALUES(1,430,20);
INSERT INTO "api_functions" VALUES(2,307,19);
INSERT INTO "api_functions" VALUES(2,719,13);
CREATE TABLE api_summary (
  tid            INTEGER NOT NULL,
  domain         INTEGER NOT NULL,      -- enums 'api_domain'
  cbid           INTEGER NOT NULL,
  calls          INTEGER NOT NULL,      -- the calls not in api
  total_ns       INTEGER NOT NULL,      -- their time, summed
  max_ns         INTEGER NOT NULL,      -- the longest of them
  PRIMARY KEY (tid, domain, cbid)
) WITHOUT ROWID;
INSERT INTO "api_summary" VALUES(717,1,10,55,13601,944);
INSERT INTO "api_summary" VALUES(717,1,11,10,2962,486);
INSERT INTO "api_summary" VALUES(717,1,17,182,115939,3379);
INSERT INTO "api_summary" VALUES(717,1,151,5,20895,6979);
INSERT INTO "api_summary" VALUES(717,1,317,15,18699,2342);
INSERT INTO "api_summary" VALUES(717,2,719,5,3592,941);
CREATE TABLE callers (
  correlation_id INTEGER NOT NULL,
  domain         INTEGER NOT NULL,      -- enums 'api_domain'
  call_ns        INTEGER NOT NULL,      -- how long the call took, as the callbacks measured
  frames         TEXT NOT NULL
);
INSERT INTO "callers" VALUES(1542,2,112521,'_ZL55__pyx_f_13cupy_backends_4cuda_3api_6driver_launchKernelljjjjjjjllli+0x7f (/opt/torch/.venv/lib/python3.12/site-packages/cupy_backends/cuda/api/driver.cpython-312-x86_64-linux-gnu.so+0xda7f)
_ZL37__pyx_f_4cupy_4cuda_8function__launchlliiliiP7_objectlmP44__pyx_opt_args_4cupy_4cuda_8function__launch.constprop.124+0x424 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/cuda/function.cpython-312-x86_64-linux-gnu.so+0x16fd4)
_ZL53__pyx_f_4cupy_4cuda_8function_8Function_linear_launchP40__pyx_obj_4cupy_4cuda_8function_FunctionmP7_objectiP60__pyx_opt_args_4cupy_4cuda_8function_8Function_linear_launch+0x1b9 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/cuda/function.cpython-312-x86_64-linux-gnu.so+0x19109)
_ZL47__pyx_pf_4cupy_5_core_7_kernel_5ufunc_4__call__P37__pyx_obj_4cupy_5_core_7_kernel_ufuncP7_objectS2_+0x780f (/opt/torch/.venv/lib/python3.12/site-packages/cupy/_core/_kernel.cpython-312-x86_64-linux-gnu.so+0x5b9af)
_ZL47__pyx_pw_4cupy_5_core_7_kernel_5ufunc_5__call__P7_objectS0_S0_+0x73 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/_core/_kernel.cpython-312-x86_64-linux-gnu.so+0x60003)
_PyObject_MakeTpCall+0x74 (/usr/bin/python3.12+0x148fb4)');
INSERT INTO "callers" VALUES(1563,1,61437,'?+0x0 (/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libcublasLt.so.13+0x71ba61d)
?+0x0 (/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libcublasLt.so.13+0x36a7fcf)
?+0x0 (/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libcublasLt.so.13+0x3677f76)
?+0x0 (/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libcublasLt.so.13+0x3bb436c)
?+0x0 (/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libcublasLt.so.13+0x3bf7372)
?+0x0 (/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libcublasLt.so.13+0xe2b572)');
INSERT INTO "callers" VALUES(1581,1,149157,'_ZN3cub43CUB_300102_SM_750_800_860_890_900_1000_12006detail6reduceL28DeviceReduceSingleTileKernelINS2_10policy_hubIfjN4cuda3std3__44plusIvEEE10Policy1000EPfSC_jS9_ffNS7_8identityEEEvT0_T1_T2_T3_T4_T6_+0xf2 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/cuda/cub.cpython-312-x86_64-linux-gnu.so+0x69af2)
_ZN3cub43CUB_300102_SM_750_800_860_890_900_1000_120012DeviceReduce3SumIPfS3_iEE9cudaErrorPvRmT_T0_T1_P11CUstream_st+0x662 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/cuda/cub.cpython-312-x86_64-linux-gnu.so+0x1054a2)
_Z17cub_device_reducePvRmS_S_iP11CUstream_stii+0x84c (/opt/torch/.venv/lib/python3.12/site-packages/cupy/cuda/cub.cpython-312-x86_64-linux-gnu.so+0x879dc)
_ZL40__pyx_pw_4cupy_4cuda_3cub_7device_reduceP7_objectPKS0_lS0_+0x1763 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/cuda/cub.cpython-312-x86_64-linux-gnu.so+0x63c13)
?+0x0 (/usr/bin/python3.12+0x181fec)');
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
INSERT INTO "events" VALUES(23,1,7,0,1534,0,1);
INSERT INTO "events" VALUES(24,1,7,0,1602,0,2);
INSERT INTO "events" VALUES(25,1,7,0,1670,0,3);
INSERT INTO "events" VALUES(26,1,7,0,1738,0,4);
INSERT INTO "events" VALUES(27,1,7,0,1806,0,5);
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
INSERT INTO "markers" VALUES(1,1,2,2774974703,717,1,2,NULL,0);
INSERT INTO "markers" VALUES(2,1,4,2775110902,717,NULL,2,NULL,NULL);
INSERT INTO "markers" VALUES(3,2,2,2776168307,717,1,2,NULL,0);
INSERT INTO "markers" VALUES(4,2,4,2776179146,717,NULL,2,NULL,NULL);
INSERT INTO "markers" VALUES(5,3,2,2776560821,717,1,2,NULL,0);
INSERT INTO "markers" VALUES(6,3,4,2776573305,717,NULL,2,NULL,NULL);
INSERT INTO "markers" VALUES(7,4,2,2778293525,717,1,2,NULL,0);
INSERT INTO "markers" VALUES(8,4,4,2778505242,717,NULL,2,NULL,NULL);
INSERT INTO "markers" VALUES(9,5,2,2779103771,717,1,2,NULL,0);
INSERT INTO "markers" VALUES(10,5,4,2779123665,717,NULL,2,NULL,NULL);
INSERT INTO "markers" VALUES(11,6,2,2779658522,717,1,2,NULL,0);
INSERT INTO "markers" VALUES(12,6,4,2779680188,717,NULL,2,NULL,NULL);
INSERT INTO "markers" VALUES(13,7,2,2780147411,717,1,2,NULL,0);
INSERT INTO "markers" VALUES(14,7,4,2780165565,717,NULL,2,NULL,NULL);
INSERT INTO "markers" VALUES(15,8,2,2780673747,717,1,2,NULL,0);
INSERT INTO "markers" VALUES(16,8,4,2780692430,717,NULL,2,NULL,NULL);
INSERT INTO "markers" VALUES(17,9,2,2790934226,717,1,2,NULL,0);
INSERT INTO "markers" VALUES(18,9,4,2790975390,717,NULL,2,NULL,NULL);
INSERT INTO "markers" VALUES(19,10,2,2791555525,717,1,2,NULL,0);
INSERT INTO "markers" VALUES(20,10,4,2791567820,717,NULL,2,NULL,NULL);
CREATE TABLE mem (
  correlation_id INTEGER NOT NULL,
  domain         INTEGER NOT NULL,      -- enums 'api_domain'
  role           INTEGER NOT NULL,      -- enums 'mem_role': 1 alloc, 2 free, 3 read, 4 write, 5 kernel argument
  ptr            INTEGER NOT NULL,      -- the address (allocations and frees: the base)
  bytes          INTEGER,               -- alloc: its size; read, write: the bytes touched from ptr
  info           INTEGER,               -- alloc, free: enums 'alloc_kind'; kernel argument: the parameter's index
  stream_id      INTEGER                -- stream-ordered allocs and frees: the CUPTI stream id
);
INSERT INTO "mem" VALUES(4,1,1,140630917382144,16384,1,NULL);
INSERT INTO "mem" VALUES(8,1,1,140630994976768,16384,4,NULL);
INSERT INTO "mem" VALUES(14,1,1,140630917398528,16384,1,NULL);
INSERT INTO "mem" VALUES(20,1,1,140630917414912,16384,1,NULL);
INSERT INTO "mem" VALUES(28,1,1,140630917431296,16384,1,NULL);
INSERT INTO "mem" VALUES(965,1,1,140630917447680,1024,1,NULL);
INSERT INTO "mem" VALUES(974,1,1,140630917448704,131072,1,NULL);
INSERT INTO "mem" VALUES(983,1,1,140630214836224,67108864,1,NULL);
INSERT INTO "mem" VALUES(1021,1,1,140630917579776,512,1,NULL);
INSERT INTO "mem" VALUES(1484,1,1,140630917580288,512,1,NULL);
INSERT INTO "mem" VALUES(1491,1,1,140630917580800,16384,1,NULL);
INSERT INTO "mem" VALUES(1498,1,1,140630917597184,16384,1,NULL);
INSERT INTO "mem" VALUES(1532,1,3,140630994976768,16384,NULL,NULL);
INSERT INTO "mem" VALUES(1532,1,4,140630917414912,16384,NULL,NULL);
INSERT INTO "mem" VALUES(1581,1,5,140630917580800,NULL,0,NULL);
INSERT INTO "mem" VALUES(1581,1,5,140630917580288,NULL,1,NULL);
INSERT INTO "mem" VALUES(1591,1,3,140630917580288,4,NULL,NULL);
INSERT INTO "mem" VALUES(1600,1,3,140630994976768,16384,NULL,NULL);
INSERT INTO "mem" VALUES(1600,1,4,140630917597184,16384,NULL,NULL);
INSERT INTO "mem" VALUES(1649,1,5,140630917580800,NULL,0,NULL);
INSERT INTO "mem" VALUES(1649,1,5,140630917580288,NULL,1,NULL);
INSERT INTO "mem" VALUES(1659,1,3,140630917580288,4,NULL,NULL);
INSERT INTO "mem" VALUES(1668,1,3,140630994976768,16384,NULL,NULL);
INSERT INTO "mem" VALUES(1668,1,4,140630917431296,16384,NULL,NULL);
INSERT INTO "mem" VALUES(1717,1,5,140630917580800,NULL,0,NULL);
INSERT INTO "mem" VALUES(1717,1,5,140630917580288,NULL,1,NULL);
INSERT INTO "mem" VALUES(1727,1,3,140630917580288,4,NULL,NULL);
INSERT INTO "mem" VALUES(1736,1,3,140630994976768,16384,NULL,NULL);
INSERT INTO "mem" VALUES(1736,1,4,140630917414912,16384,NULL,NULL);
INSERT INTO "mem" VALUES(1785,1,5,140630917580800,NULL,0,NULL);
INSERT INTO "mem" VALUES(1785,1,5,140630917580288,NULL,1,NULL);
INSERT INTO "mem" VALUES(1795,1,3,140630917580288,4,NULL,NULL);
INSERT INTO "mem" VALUES(1804,1,3,140630994976768,16384,NULL,NULL);
INSERT INTO "mem" VALUES(1804,1,4,140630917597184,16384,NULL,NULL);
INSERT INTO "mem" VALUES(1853,1,5,140630917580800,NULL,0,NULL);
INSERT INTO "mem" VALUES(1853,1,5,140630917580288,NULL,1,NULL);
INSERT INTO "mem" VALUES(1863,1,3,140630917580288,4,NULL,NULL);
INSERT INTO "mem" VALUES(1910,1,2,140630917447680,NULL,1,NULL);
INSERT INTO "mem" VALUES(1920,1,2,140630917448704,NULL,1,NULL);
INSERT INTO "mem" VALUES(1924,1,2,140630214836224,NULL,1,NULL);
CREATE TABLE meta (
  key   TEXT PRIMARY KEY NOT NULL,
  value TEXT
) WITHOUT ROWID;
INSERT INTO "meta" VALUES('api_calls_seen','58');
INSERT INTO "meta" VALUES('api_clock','realtime');
INSERT INTO "meta" VALUES('api_clock_skew_ns','1');
INSERT INTO "meta" VALUES('api_launches_seen','25');
INSERT INTO "meta" VALUES('api_launches_without_ops','0');
INSERT INTO "meta" VALUES('api_level','full');
INSERT INTO "meta" VALUES('api_queries','summary');
INSERT INTO "meta" VALUES('api_query_min_ns','10000');
INSERT INTO "meta" VALUES('api_timing','all');
INSERT INTO "meta" VALUES('callers_naming_cpu_ns','1220808');
INSERT INTO "meta" VALUES('capture.mode','cudaProfilerApi');
INSERT INTO "meta" VALUES('capture.window.1','2777075618 2789435125');
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
INSERT INTO "meta" VALUES('device.0.global_memory_bandwidth_kbps','4814304000');
INSERT INTO "meta" VALUES('device.0.global_memory_bytes','150109880320');
INSERT INTO "meta" VALUES('device.0.integrated','0');
INSERT INTO "meta" VALUES('device.0.l2_bytes','62914560');
INSERT INTO "meta" VALUES('device.0.max_blocks_per_sm','32');
INSERT INTO "meta" VALUES('device.0.max_registers_per_sm','65536');
INSERT INTO "meta" VALUES('device.0.max_shared_memory_per_sm','233472');
INSERT INTO "meta" VALUES('device.0.max_threads_per_block','1024');
INSERT INTO "meta" VALUES('device.0.max_threads_per_sm','2048');
INSERT INTO "meta" VALUES('device.0.max_warps_per_sm','64');
INSERT INTO "meta" VALUES('device.0.mig','0');
INSERT INTO "meta" VALUES('device.0.mps_enabled','0');
INSERT INTO "meta" VALUES('device.0.name','NVIDIA H200');
INSERT INTO "meta" VALUES('device.0.num_memcpy_engines','3');
INSERT INTO "meta" VALUES('device.0.pci_bus_id','0000:00:06.0');
INSERT INTO "meta" VALUES('device.0.sm_count','132');
INSERT INTO "meta" VALUES('device.0.uuid','GPU-eaeabf21-e5c5-8413-04af-f2c9c77f01f3');
INSERT INTO "meta" VALUES('device_count','1');
INSERT INTO "meta" VALUES('driver_version','13000');
INSERT INTO "meta" VALUES('dropped_callback_rows','0');
INSERT INTO "meta" VALUES('dropped_records','0');
INSERT INTO "meta" VALUES('end_time','2026-12-03T22:01:48.866Z');
INSERT INTO "meta" VALUES('exit_status','0');
INSERT INTO "meta" VALUES('host','vm');
INSERT INTO "meta" VALUES('incomplete_records','0');
INSERT INTO "meta" VALUES('inject_version','0.1.0');
INSERT INTO "meta" VALUES('mem_allocations_live','9');
INSERT INTO "meta" VALUES('mem_kernel_functions','6');
INSERT INTO "meta" VALUES('mem_launches_without_layout','0');
INSERT INTO "meta" VALUES('mem_tracking','on');
INSERT INTO "meta" VALUES('os','Linux 6.18.44-fc-v1252-gpu x86_64');
INSERT INTO "meta" VALUES('pid','717');
INSERT INTO "meta" VALUES('runtime_version','unknown (static CUDA runtime)');
INSERT INTO "meta" VALUES('skipped_records','0');
INSERT INTO "meta" VALUES('start_time','2026-12-03T22:01:45.831Z');
INSERT INTO "meta" VALUES('thread_clock','tsc');
INSERT INTO "meta" VALUES('thread_clock_ticks_per_us','2100.000');
INSERT INTO "meta" VALUES('tool_version','0.1.0');
INSERT INTO "meta" VALUES('trace_start_ns','1796335305831600484');
INSERT INTO "meta" VALUES('tracer_driver_calls','22');
INSERT INTO "meta" VALUES('tracer_end_ns','2882856887');
INSERT INTO "meta" VALUES('tracer_pid','717');
INSERT INTO "meta" VALUES('tracer_status','finished');
INSERT INTO "meta" VALUES('writer_cpu_ns','8091423');
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
INSERT INTO "ops" VALUES(1,2,2777272500,1504,0,1,7,1532,1,0);
INSERT INTO "ops" VALUES(2,1,2777511061,1184,0,1,7,1542,2,0);
INSERT INTO "ops" VALUES(3,1,2777774517,928,0,1,7,1548,3,0);
INSERT INTO "ops" VALUES(4,1,2777836150,992,0,1,7,1554,4,0);
INSERT INTO "ops" VALUES(5,1,2778042774,3136,0,1,7,1563,5,0);
INSERT INTO "ops" VALUES(6,1,2778447800,1184,0,1,7,1581,6,0);
INSERT INTO "ops" VALUES(7,2,2778585464,1408,0,1,7,1591,7,12);
INSERT INTO "ops" VALUES(8,2,2778710040,1536,0,1,7,1600,1,0);
INSERT INTO "ops" VALUES(9,1,2778818041,1088,0,1,7,1610,2,0);
INSERT INTO "ops" VALUES(10,1,2778881369,928,0,1,7,1616,3,0);
INSERT INTO "ops" VALUES(11,1,2778914745,992,0,1,7,1622,4,0);
INSERT INTO "ops" VALUES(12,1,2779049497,3136,0,1,7,1631,5,0);
INSERT INTO "ops" VALUES(13,1,2779121753,1184,0,1,7,1649,6,0);
INSERT INTO "ops" VALUES(14,2,2779175065,1408,0,1,7,1659,7,12);
INSERT INTO "ops" VALUES(15,2,2779276794,1504,0,1,7,1668,1,0);
INSERT INTO "ops" VALUES(16,1,2779400922,1088,0,1,7,1678,2,0);
INSERT INTO "ops" VALUES(17,1,2779455418,928,0,1,7,1684,3,0);
INSERT INTO "ops" VALUES(18,1,2779485946,992,0,1,7,1690,4,0);
INSERT INTO "ops" VALUES(19,1,2779608379,3104,0,1,7,1699,5,0);
INSERT INTO "ops" VALUES(20,1,2779677787,1184,0,1,7,1717,6,0);
INSERT INTO "ops" VALUES(21,2,2779732699,1408,0,1,7,1727,7,12);
INSERT INTO "ops" VALUES(22,2,2779839452,1471,0,1,7,1736,1,0);
INSERT INTO "ops" VALUES(23,1,2779913436,1087,0,1,7,1746,2,0);
INSERT INTO "ops" VALUES(24,1,2779967132,928,0,1,7,1752,3,0);
INSERT INTO "ops" VALUES(25,1,2779998204,992,0,1,7,1758,4,0);
INSERT INTO "ops" VALUES(26,1,2780102844,3136,0,1,7,1767,5,0);
INSERT INTO "ops" VALUES(27,1,2780163516,1185,0,1,7,1785,6,0);
INSERT INTO "ops" VALUES(28,2,2780209916,1408,0,1,7,1795,7,12);
INSERT INTO "ops" VALUES(29,2,2780303773,1568,0,1,7,1804,1,0);
INSERT INTO "ops" VALUES(30,1,2780404829,1056,0,1,7,1814,2,0);
INSERT INTO "ops" VALUES(31,1,2780468125,928,0,1,7,1820,3,0);
INSERT INTO "ops" VALUES(32,1,2780510365,960,0,1,7,1826,4,0);
INSERT INTO "ops" VALUES(33,1,2780624701,3105,0,1,7,1835,5,0);
INSERT INTO "ops" VALUES(34,1,2780690238,1184,0,1,7,1853,6,0);
INSERT INTO "ops" VALUES(35,2,2780740670,1408,0,1,7,1863,7,12);
CREATE TABLE overheads (
  id             INTEGER PRIMARY KEY,
  kind           INTEGER NOT NULL,      -- CUpti_ActivityOverheadKind
  start_ns       INTEGER NOT NULL,
  end_ns         INTEGER NOT NULL,
  object_kind    INTEGER,               -- CUpti_ActivityObjectKind
  object_id      INTEGER,               -- thread id or device id, by object_kind
  correlation_id INTEGER
);
INSERT INTO "overheads" VALUES(1,65536,2780871421,2780925424,2,736,0);
INSERT INTO "overheads" VALUES(2,458752,2780927670,2786575578,2,736,0);
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
INSERT INTO "streams" VALUES(1,13,1,0,503665392,3);
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
INSERT INTO "strings" VALUES(8,'cudaGetDevice');
INSERT INTO "strings" VALUES(9,'cudaGetLastError');
INSERT INTO "strings" VALUES(10,'cudaPeekAtLastError');
INSERT INTO "strings" VALUES(11,'cudaPointerGetAttributes');
INSERT INTO "strings" VALUES(12,'cudaStreamIsCapturing');
INSERT INTO "strings" VALUES(13,'cuKernelGetName');
INSERT INTO "strings" VALUES(14,'cudaEventQuery');
INSERT INTO "strings" VALUES(15,'cudaEventDestroy');
INSERT INTO "strings" VALUES(16,'cudaMemcpyAsync');
INSERT INTO "strings" VALUES(17,'cudaEventCreateWithFlags');
INSERT INTO "strings" VALUES(18,'cudaEventRecord');
INSERT INTO "strings" VALUES(19,'cuLaunchKernel');
INSERT INTO "strings" VALUES(20,'cudaLaunchKernelExC');
INSERT INTO "strings" VALUES(21,'cudaLaunchKernel');
INSERT INTO "strings" VALUES(22,'cudaSetDevice');
INSERT INTO "strings" VALUES(23,'cudaStreamSynchronize');
INSERT INTO "strings" VALUES(24,'cudaDeviceSynchronize');
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
INSERT INTO "syncs" VALUES(1,1,2777187681,2777193266,1,NULL,22,1529,0);
INSERT INTO "syncs" VALUES(2,1,2777297984,2777300539,1,NULL,23,1535,0);
INSERT INTO "syncs" VALUES(3,3,2778597937,2778602946,1,7,NULL,1592,0);
INSERT INTO "syncs" VALUES(4,1,2778732941,2778736319,1,NULL,24,1603,0);
INSERT INTO "syncs" VALUES(5,3,2779185283,2779189514,1,7,NULL,1660,0);
INSERT INTO "syncs" VALUES(6,1,2779316346,2779319318,1,NULL,25,1671,0);
INSERT INTO "syncs" VALUES(7,3,2779750752,2779754840,1,7,NULL,1728,0);
INSERT INTO "syncs" VALUES(8,1,2779856621,2779859381,1,NULL,26,1739,0);
INSERT INTO "syncs" VALUES(9,3,2780220078,2780223909,1,7,NULL,1796,0);
INSERT INTO "syncs" VALUES(10,1,2780320492,2780323055,1,NULL,27,1807,0);
INSERT INTO "syncs" VALUES(11,3,2780750914,2780754560,1,7,NULL,1864,0);
INSERT INTO "syncs" VALUES(12,4,2780771799,2780777880,1,NULL,NULL,1869,0);
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
