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
INSERT INTO "api" VALUES(12,673,114648895,1048,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(20,4,114703755,443,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(28,3,114704735,6267,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(36,5,114714878,5234,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(44,259,114721525,530,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(52,9,114722471,310,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(60,9,114722938,115,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(68,9,114723275,118,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(76,9,114723514,236,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(84,9,114723912,110,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(92,9,114724155,137,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(100,9,114724441,222,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(108,9,114724794,104,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(116,9,114725024,99,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(124,9,114725252,99,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(132,9,114725478,99,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(140,9,114725690,100,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(148,9,114725915,104,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(156,9,114726131,99,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(164,9,114726353,99,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(172,9,114726578,104,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(180,9,114726793,98,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(188,9,114727014,97,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(196,9,114727235,101,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(204,9,114727469,99,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(212,9,114727718,98,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(220,9,114727954,101,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(228,9,114728185,103,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(236,9,114728420,97,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(244,9,114728641,98,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(252,9,114728891,103,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(260,9,114729124,101,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(268,9,114729357,102,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(276,9,114729585,99,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(284,9,114729819,101,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(292,9,114730040,101,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(300,9,114730270,101,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(308,9,114730497,99,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(316,9,114730724,103,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(324,9,114730942,97,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(332,9,114731155,100,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(340,9,114731380,98,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(348,9,114731593,98,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(356,9,114731825,104,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(364,9,114732050,99,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(372,9,114732273,98,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(380,9,114732496,97,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(388,9,114732709,102,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(396,9,114732926,98,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(404,9,114733145,99,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(412,9,114733369,89,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(420,9,114733579,90,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(428,9,114733789,97,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(436,9,114734008,102,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(444,9,114734231,99,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(452,9,114734452,99,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(460,9,114734662,98,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(468,9,114734881,90,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(476,9,114735092,98,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(484,9,114735311,103,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(492,9,114735535,97,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(500,9,114735757,98,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(508,9,114735977,98,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(516,9,114736197,98,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(524,9,114736419,103,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(532,9,114736642,89,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(540,9,114736855,112,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(548,9,114737087,109,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(556,9,114737317,112,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(564,9,114737551,110,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(572,9,114737785,154,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(580,9,114738059,111,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(588,9,114738293,111,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(596,9,114738528,110,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(604,9,114738763,123,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(612,9,114739010,119,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(620,9,114739251,114,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(628,9,114739490,112,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(636,9,114739725,110,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(644,9,114739968,240,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(652,9,114740332,110,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(660,9,114740566,111,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(668,9,114740789,97,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(676,9,114741009,108,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(684,9,114741230,104,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(692,9,114741446,1292,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(700,9,114742869,103,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(708,9,114743095,99,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(716,9,114743315,721,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(724,9,114744150,99,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(732,9,114744359,356,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(740,9,114744825,104,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(748,9,114745040,99,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(756,482,114746270,261,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(764,9,114746698,116,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(772,9,114746936,214,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(780,9,114747271,104,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(788,9,114747629,102,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(796,9,114747951,738,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(804,9,114748800,118,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(812,9,114749146,104,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(820,9,114749460,277,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(828,9,114749850,100,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(836,9,114750151,98,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(844,9,114750372,101,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(852,9,114750726,315,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(860,9,114751242,282,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(868,9,114751651,101,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(876,9,114752031,298,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(884,9,114752560,200,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(892,9,114752882,111,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(900,9,114753338,114,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(908,9,114753572,123,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(916,9,114753818,117,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(924,9,114754055,118,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(932,9,114754297,112,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(940,9,114754519,339,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(944,3,114833434,722,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(952,200,114835188,736,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(960,200,114836087,292,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(968,200,114836518,232,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(976,200,114837135,245,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(984,200,114837499,519024,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(992,16,115357511,110299657,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1160,200,225658016,1404,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1168,200,225659691,240,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1176,440,225664299,858,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1184,205,225665840,1642,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1192,202,225673808,135543,664,0,3,1,13,NULL,NULL);
INSERT INTO "api" VALUES(1200,202,225814616,3451,664,0,3,1,14,NULL,NULL);
INSERT INTO "api" VALUES(1208,20,469572475,308211,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1216,20,470740822,175254,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1224,31,470932504,32530397,664,0,1,1,7,139819808190480,268435456);
INSERT INTO "api" VALUES(1232,31,503467618,35864489,664,0,1,1,7,139819539750928,268435456);
INSERT INTO "api" VALUES(1240,20,539337304,478664,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1248,20,539816957,75047,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1256,133,539893047,16891,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1264,133,539910283,740,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1272,133,539911260,861,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1280,133,539912330,817,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1288,135,539921176,24698,664,0,3,1,13,NULL,NULL);
INSERT INTO "api" VALUES(1296,135,539947039,6136,664,0,3,1,14,NULL,NULL);
INSERT INTO "api" VALUES(1308,678,539967842,85952,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1316,681,540055052,405,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1324,719,540063114,627,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1328,211,540064785,105133,664,0,3,1,13,NULL,NULL);
INSERT INTO "api" VALUES(1340,719,540170619,198,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1344,211,540171332,8767,664,0,3,1,14,NULL,NULL);
INSERT INTO "api" VALUES(1356,719,540180453,92,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1360,211,540180889,6270,664,0,3,1,13,NULL,NULL);
INSERT INTO "api" VALUES(1372,719,540187417,91,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1376,211,540187819,4591,664,0,3,1,14,NULL,NULL);
INSERT INTO "api" VALUES(1384,135,540193000,3027,664,0,3,1,13,NULL,NULL);
INSERT INTO "api" VALUES(1392,135,540196501,1575,664,0,3,1,14,NULL,NULL);
INSERT INTO "api" VALUES(1400,137,540198777,320819,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1408,137,540519825,2012,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1416,31,540522937,200426134,664,0,1,1,7,139819271311376,268435456);
INSERT INTO "api" VALUES(1424,31,740955151,244281874,664,0,1,1,7,139819002871824,268435456);
INSERT INTO "api" VALUES(1432,486,1075068665,10575,664,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1440,486,1075081076,801,664,0,NULL,NULL,NULL,NULL,NULL);
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
INSERT INTO "api_args" VALUES(149,1,202,664,93905165851184,3,1,13,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(150,1,202,664,93905170830288,3,1,14,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(161,1,135,664,93905165851184,3,1,13,NULL,NULL,93905170845584,NULL);
INSERT INTO "api_args" VALUES(162,1,135,664,93905170830288,3,1,14,NULL,NULL,93905170846176,NULL);
INSERT INTO "api_args" VALUES(173,1,135,664,93905165851184,3,1,13,NULL,NULL,93905170846768,NULL);
INSERT INTO "api_args" VALUES(174,1,135,664,93905170830288,3,1,14,NULL,NULL,93905170847360,NULL);
CREATE TABLE api_functions (
  domain  INTEGER NOT NULL,             -- enums 'api_domain'
  cbid    INTEGER NOT NULL,
  name_id INTEGER NOT NULL,             -- strings.id
  PRIMARY KEY (domain, cbid)
) WITHOUT ROWID;
INSERT INTO "api_functions" VALUES(1,3,8);
INSERT INTO "api_functions" VALUES(1,16,10);
INSERT INTO "api_functions" VALUES(1,20,14);
INSERT INTO "api_functions" VALUES(1,31,15);
INSERT INTO "api_functions" VALUES(1,133,16);
INSERT INTO "api_functions" VALUES(1,135,17);
INSERT INTO "api_functions" VALUES(1,137,23);
INSERT INTO "api_functions" VALUES(1,200,9);
INSERT INTO "api_functions" VALUES(1,202,13);
INSERT INTO "api_functions" VALUES(1,205,12);
INSERT INTO "api_functions" VALUES(1,211,22);
INSERT INTO "api_functions" VALUES(1,440,11);
INSERT INTO "api_functions" VALUES(1,486,24);
INSERT INTO "api_functions" VALUES(2,3,3);
INSERT INTO "api_functions" VALUES(2,4,2);
INSERT INTO "api_functions" VALUES(2,5,4);
INSERT INTO "api_functions" VALUES(2,9,6);
INSERT INTO "api_functions" VALUES(2,259,5);
INSERT INTO "api_functions" VALUES(2,482,7);
INSERT INTO "api_functions" VALUES(2,673,1);
INSERT INTO "api_functions" VALUES(2,678,18);
INSERT INTO "api_functions" VALUES(2,681,19);
INSERT INTO "api_functions" VALUES(2,719,20);
CREATE TABLE contexts (
  id             INTEGER PRIMARY KEY,   -- CUPTI contextId
  device_id      INTEGER NOT NULL,
  null_stream_id INTEGER               -- stream id of this context's legacy NULL stream
);
INSERT INTO "contexts" VALUES(1,0,7);
CREATE TABLE enums (
  type  TEXT NOT NULL,        -- 'op_kind', 'copy_kind', 'memory_kind', 'sync_type', 'stream_flag', 'api_domain', 'handle_kind'
  value INTEGER NOT NULL,
  name  TEXT NOT NULL,
  PRIMARY KEY (type, value)
) WITHOUT ROWID;
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
INSERT INTO "events" VALUES(1,1,13,0,161,0,1);
INSERT INTO "events" VALUES(2,1,14,0,162,0,2);
INSERT INTO "events" VALUES(3,1,13,0,173,0,3);
INSERT INTO "events" VALUES(4,1,14,0,174,0,4);
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
CREATE TABLE meta (
  key   TEXT PRIMARY KEY NOT NULL,
  value TEXT
) WITHOUT ROWID;
INSERT INTO "meta" VALUES('api_calls_seen','14');
INSERT INTO "meta" VALUES('api_launches_seen','4');
INSERT INTO "meta" VALUES('api_launches_without_ops','0');
INSERT INTO "meta" VALUES('clean_exit','1');
INSERT INTO "meta" VALUES('cmdline','/work/main/.corpus/bin/StreamPriorities');
INSERT INTO "meta" VALUES('cupti_version','130001');
INSERT INTO "meta" VALUES('cwd','/work/main');
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
INSERT INTO "meta" VALUES('device.0.uuid','GPU-b32d0cff-5936-24f7-f3cb-58a88c93efcb');
INSERT INTO "meta" VALUES('device_count','1');
INSERT INTO "meta" VALUES('driver_version','13000');
INSERT INTO "meta" VALUES('dropped_records','0');
INSERT INTO "meta" VALUES('end_time','2026-12-01T17:48:09.236Z');
INSERT INTO "meta" VALUES('exit_status','0');
INSERT INTO "meta" VALUES('host','vm');
INSERT INTO "meta" VALUES('incomplete_records','0');
INSERT INTO "meta" VALUES('inject_version','0.1.0');
INSERT INTO "meta" VALUES('os','Linux 6.18.44-fc-v973-gpu x86_64');
INSERT INTO "meta" VALUES('pid','664');
INSERT INTO "meta" VALUES('runtime_version','unknown (static CUDA runtime)');
INSERT INTO "meta" VALUES('skipped_records','0');
INSERT INTO "meta" VALUES('start_time','2026-12-01T17:48:07.988Z');
INSERT INTO "meta" VALUES('tool_version','0.1.0');
INSERT INTO "meta" VALUES('trace_start_ns','1796147287988002169');
INSERT INTO "meta" VALUES('tracer_end_ns','1076040888');
INSERT INTO "meta" VALUES('tracer_pid','664');
INSERT INTO "meta" VALUES('tracer_status','finished');
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
INSERT INTO "op_shapes" VALUES(1,NULL,268435456,1,1,3,0,2,1,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "op_shapes" VALUES(2,21,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,1024,1,1,512,1,1,16,0,0,NULL,NULL);
INSERT INTO "op_shapes" VALUES(3,NULL,268435456,2,3,1,0,2,1,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL);
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
INSERT INTO "ops" VALUES(1,2,471123451,32343074,0,1,7,153,1,8);
INSERT INTO "ops" VALUES(2,2,503612701,34903634,0,1,7,154,1,8);
INSERT INTO "ops" VALUES(3,1,540167717,180799,0,1,13,166,2,1);
INSERT INTO "ops" VALUES(4,1,540206277,98272,0,1,14,168,2,2);
INSERT INTO "ops" VALUES(5,1,540388260,125952,0,1,13,170,2,1);
INSERT INTO "ops" VALUES(6,1,540306533,129151,0,1,14,172,2,2);
INSERT INTO "ops" VALUES(7,2,540542371,197872405,0,1,7,177,3,12);
INSERT INTO "ops" VALUES(8,2,741114760,241051446,0,1,7,178,3,12);
CREATE TABLE overheads (
  id             INTEGER PRIMARY KEY,
  kind           INTEGER NOT NULL,      -- CUpti_ActivityOverheadKind
  start_ns       INTEGER NOT NULL,
  end_ns         INTEGER NOT NULL,
  object_kind    INTEGER,               -- CUpti_ActivityObjectKind
  object_id      INTEGER,               -- thread id or device id, by object_kind
  correlation_id INTEGER
);
INSERT INTO "overheads" VALUES(1,458752,109463175,113709042,2,664,0);
INSERT INTO "overheads" VALUES(2,131072,215210653,215252089,2,664,124);
INSERT INTO "overheads" VALUES(3,458752,215253222,219360256,2,664,124);
INSERT INTO "overheads" VALUES(4,131072,219484245,219516643,2,664,124);
INSERT INTO "overheads" VALUES(5,196608,219516769,219526333,2,664,124);
INSERT INTO "overheads" VALUES(6,196608,219543162,221613791,2,664,124);
INSERT INTO "overheads" VALUES(7,196608,221614837,223686887,2,664,124);
INSERT INTO "overheads" VALUES(8,196608,223688047,225619489,2,664,124);
INSERT INTO "overheads" VALUES(9,458752,214124096,215039749,2,666,125);
INSERT INTO "overheads" VALUES(10,458752,469882501,470733784,2,664,151);
INSERT INTO "overheads" VALUES(11,65536,511326192,539491799,2,667,0);
INSERT INTO "overheads" VALUES(12,458752,539496258,545892676,2,667,0);
INSERT INTO "overheads" VALUES(13,458752,538503373,539302383,2,664,154);
INSERT INTO "overheads" VALUES(14,327680,540107358,540140814,2,664,166);
INSERT INTO "overheads" VALUES(15,65536,646398430,741082378,2,667,0);
INSERT INTO "overheads" VALUES(16,458752,741084813,741981291,2,667,0);
INSERT INTO "overheads" VALUES(17,458752,740134565,740923994,2,664,177);
INSERT INTO "overheads" VALUES(18,65536,842255547,985326387,2,667,0);
INSERT INTO "overheads" VALUES(19,458752,985328607,986237179,2,667,0);
INSERT INTO "overheads" VALUES(20,458752,984211479,985206356,2,664,178);
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
INSERT INTO "streams" VALUES(1,13,2,0,93905165851184,3);
INSERT INTO "streams" VALUES(1,14,2,4294967291,93905170830288,3);
CREATE TABLE strings (
  id    INTEGER PRIMARY KEY,
  value TEXT NOT NULL UNIQUE
);
INSERT INTO "strings" VALUES(1,'cuModuleGetLoadingMode');
INSERT INTO "strings" VALUES(2,'cuDeviceGetCount');
INSERT INTO "strings" VALUES(3,'cuDeviceGet');
INSERT INTO "strings" VALUES(4,'cuDeviceGetName');
INSERT INTO "strings" VALUES(5,'cuDeviceTotalMem');
INSERT INTO "strings" VALUES(6,'cuDeviceGetAttribute');
INSERT INTO "strings" VALUES(7,'cuDeviceGetUuid');
INSERT INTO "strings" VALUES(8,'cudaGetDeviceCount');
INSERT INTO "strings" VALUES(9,'cudaDeviceGetAttribute');
INSERT INTO "strings" VALUES(10,'cudaSetDevice');
INSERT INTO "strings" VALUES(11,'cudaGetDeviceProperties');
INSERT INTO "strings" VALUES(12,'cudaDeviceGetStreamPriorityRange');
INSERT INTO "strings" VALUES(13,'cudaStreamCreateWithPriority');
INSERT INTO "strings" VALUES(14,'cudaMalloc');
INSERT INTO "strings" VALUES(15,'cudaMemcpy');
INSERT INTO "strings" VALUES(16,'cudaEventCreate');
INSERT INTO "strings" VALUES(17,'cudaEventRecord');
INSERT INTO "strings" VALUES(18,'cuLibraryLoadData');
INSERT INTO "strings" VALUES(19,'cuLibraryGetKernel');
INSERT INTO "strings" VALUES(20,'cuKernelGetName');
INSERT INTO "strings" VALUES(21,'_Z13memcpy_kernelPiS_m');
INSERT INTO "strings" VALUES(22,'cudaLaunchKernel');
INSERT INTO "strings" VALUES(23,'cudaEventSynchronize');
INSERT INTO "strings" VALUES(24,'cudaEventElapsedTime');
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
INSERT INTO "syncs" VALUES(1,1,540199541,540519235,1,NULL,3,175,0);
INSERT INTO "syncs" VALUES(2,1,540519934,540521718,1,NULL,4,176,0);
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
