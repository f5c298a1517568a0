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
INSERT INTO "api" VALUES(12,673,123430407,1223,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(20,4,123486809,487,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(28,3,123487906,7278,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(36,5,123498527,5859,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(44,259,123505490,667,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(52,9,123506470,508,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(60,9,123507149,105,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(68,9,123507395,123,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(76,9,123507643,294,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(84,9,123508138,124,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(92,9,123508396,110,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(100,9,123508678,263,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(108,9,123509069,120,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(116,9,123509316,113,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(124,9,123509557,208,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(132,9,123509996,115,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(140,9,123510226,103,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(148,9,123510557,193,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(156,9,123510979,102,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(164,9,123511208,101,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(172,9,123511435,118,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(180,9,123511669,100,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(188,9,123511897,101,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(196,9,123512126,106,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(204,9,123512346,101,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(212,9,123512573,102,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(220,9,123512789,100,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(228,9,123513016,101,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(236,9,123513243,102,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(244,9,123513469,102,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(252,9,123513698,102,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(260,9,123513925,102,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(268,9,123514152,102,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(276,9,123514379,102,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(284,9,123514607,102,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(292,9,123514823,102,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(300,9,123515050,102,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(308,9,123515280,101,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(316,9,123515507,106,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(324,9,123515726,103,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(332,9,123515943,102,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(340,9,123516171,102,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(348,9,123516388,101,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(356,9,123516601,108,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(364,9,123516834,102,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(372,9,123517061,102,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(380,9,123517287,102,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(388,9,123517503,106,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(396,9,123517725,101,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(404,9,123517950,101,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(412,9,123518177,92,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(420,9,123518393,94,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(428,9,123518614,100,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(436,9,123518841,108,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(444,9,123519072,172,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(452,9,123519371,107,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(460,9,123519593,102,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(468,9,123519821,92,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(476,9,123520054,102,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(484,9,123520281,106,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(492,9,123520513,116,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(500,9,123520753,114,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(508,9,123520993,114,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(516,9,123521237,115,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(524,9,123521480,119,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(532,9,123521727,107,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(540,9,123521961,448,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(548,9,123522534,115,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(556,9,123522776,116,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(564,9,123523016,117,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(572,9,123523263,126,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(580,9,123523515,115,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(588,9,123523756,116,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(596,9,123523999,115,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(604,9,123524240,129,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(612,9,123524494,119,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(620,9,123524740,119,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(628,9,123524987,116,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(636,9,123525230,158,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(644,9,123525513,208,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(652,9,123525849,119,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(660,9,123526093,116,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(668,9,123526324,102,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(676,9,123526551,101,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(684,9,123526766,108,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(692,9,123526988,1353,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(700,9,123528476,108,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(708,9,123528712,101,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(716,9,123528942,804,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(724,9,123529862,102,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(732,9,123530079,518,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(740,9,123530713,143,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(748,9,123530969,104,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(756,482,123532269,328,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(764,9,123532749,100,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(772,9,123532977,128,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(780,9,123533230,122,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(788,9,123533582,107,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(796,9,123533944,1061,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(804,9,123535121,121,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(812,9,123535368,106,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(820,9,123535589,439,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(828,9,123536144,103,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(836,9,123536373,102,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(844,9,123536601,102,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(852,9,123536829,464,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(860,9,123537421,280,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(868,9,123537829,100,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(876,9,123538354,381,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(884,9,123538862,139,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(892,9,123539127,131,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(900,9,123539372,121,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(908,9,123539620,115,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(916,9,123539861,120,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(924,9,123540107,122,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(932,9,123540356,113,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(940,9,123540584,335,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(944,3,123623462,919,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(952,200,123625706,825,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(960,200,123626698,256,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(968,200,123627113,238,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(976,200,123627713,263,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(984,200,123628109,509290,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(992,16,124138547,115084506,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1160,200,239224440,2395,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1168,200,239227150,312,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1176,440,239233341,1950,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1184,205,239236070,2250,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1192,202,239248295,164716,673,0,3,1,13,NULL,NULL);
INSERT INTO "api" VALUES(1200,202,239421110,5020,673,0,3,1,14,NULL,NULL);
INSERT INTO "api" VALUES(1208,20,533566287,346522,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1216,20,534768335,178489,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1224,31,534960460,35769137,673,0,1,1,7,139874199924752,268435456);
INSERT INTO "api" VALUES(1232,31,570735836,38449094,673,0,1,1,7,139873931485200,268435456);
INSERT INTO "api" VALUES(1240,20,609189660,318198,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1248,20,609510751,110120,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1256,133,609622461,13266,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1264,133,609636024,3979,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1272,133,609640278,472,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1280,133,609640972,550,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1288,135,609649111,20567,673,0,3,1,13,NULL,NULL);
INSERT INTO "api" VALUES(1296,135,609670557,4746,673,0,3,1,14,NULL,NULL);
INSERT INTO "api" VALUES(1308,678,609688036,75739,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1316,681,609765029,749,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1324,719,609773250,431,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1328,211,609819903,141909,673,0,3,1,13,NULL,NULL);
INSERT INTO "api" VALUES(1340,719,609963995,280,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1344,211,609965348,8623,673,0,3,1,14,NULL,NULL);
INSERT INTO "api" VALUES(1356,719,609974388,151,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1360,211,609975313,6378,673,0,3,1,13,NULL,NULL);
INSERT INTO "api" VALUES(1372,719,609982053,100,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1376,211,609982615,5070,673,0,3,1,14,NULL,NULL);
INSERT INTO "api" VALUES(1384,135,609988288,3525,673,0,3,1,13,NULL,NULL);
INSERT INTO "api" VALUES(1392,135,609992099,1762,673,0,3,1,14,NULL,NULL);
INSERT INTO "api" VALUES(1400,137,609994789,306139,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1408,137,610301173,2156,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1416,31,610304638,215364987,673,0,1,1,7,139873663045648,268435456);
INSERT INTO "api" VALUES(1424,31,825676559,208576163,673,0,1,1,7,139873394606096,268435456);
INSERT INTO "api" VALUES(1432,486,1125632833,11567,673,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1440,486,1125646737,693,673,0,NULL,NULL,NULL,NULL,NULL);
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
INSERT INTO "api_args" VALUES(149,1,202,673,94556160907776,3,1,13,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(150,1,202,673,94556165902400,3,1,14,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(161,1,135,673,94556160907776,3,1,13,NULL,NULL,94556165921664,NULL);
INSERT INTO "api_args" VALUES(162,1,135,673,94556165902400,3,1,14,NULL,NULL,94556165922256,NULL);
INSERT INTO "api_args" VALUES(173,1,135,673,94556160907776,3,1,13,NULL,NULL,94556165922848,NULL);
INSERT INTO "api_args" VALUES(174,1,135,673,94556165902400,3,1,14,NULL,NULL,94556165923440,NULL);
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
CREATE TABLE mem (
  correlation_id INTEGER NOT NULL,
  domain         INTEGER NOT NULL,      -- enums 'api_domain'
  role           INTEGER NOT NULL,      -- enums 'mem_role': 1 alloc, 2 free, 3 read, 4 write, 5 kernel argument
  ptr            INTEGER NOT NULL,      -- the address (allocations and frees: the base)
  bytes          INTEGER,               -- alloc: its size; read, write: the bytes touched from ptr
  info           INTEGER,               -- alloc, free: enums 'alloc_kind'; kernel argument: the parameter's index
  stream_id      INTEGER                -- stream-ordered allocs and frees: the CUPTI stream id
);
INSERT INTO "mem" VALUES(151,1,1,139873092632576,268435456,1,NULL);
INSERT INTO "mem" VALUES(152,1,1,139872824197120,268435456,1,NULL);
INSERT INTO "mem" VALUES(153,1,4,139873092632576,268435456,NULL,NULL);
INSERT INTO "mem" VALUES(154,1,4,139872824197120,268435456,NULL,NULL);
INSERT INTO "mem" VALUES(155,1,1,139872555761664,268435456,1,NULL);
INSERT INTO "mem" VALUES(156,1,1,139872287326208,268435456,1,NULL);
INSERT INTO "mem" VALUES(166,1,5,139872555761664,NULL,0,NULL);
INSERT INTO "mem" VALUES(166,1,5,139873092632576,NULL,1,NULL);
INSERT INTO "mem" VALUES(168,1,5,139872287326208,NULL,0,NULL);
INSERT INTO "mem" VALUES(168,1,5,139872824197120,NULL,1,NULL);
INSERT INTO "mem" VALUES(170,1,5,139872689979392,NULL,0,NULL);
INSERT INTO "mem" VALUES(170,1,5,139873226850304,NULL,1,NULL);
INSERT INTO "mem" VALUES(172,1,5,139872421543936,NULL,0,NULL);
INSERT INTO "mem" VALUES(172,1,5,139872958414848,NULL,1,NULL);
INSERT INTO "mem" VALUES(177,1,3,139872555761664,268435456,NULL,NULL);
INSERT INTO "mem" VALUES(178,1,3,139872287326208,268435456,NULL,NULL);
CREATE TABLE meta (
  key   TEXT PRIMARY KEY NOT NULL,
  value TEXT
) WITHOUT ROWID;
INSERT INTO "meta" VALUES('api_calls_seen','18');
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
INSERT INTO "meta" VALUES('device.0.uuid','GPU-59c86a98-dfb9-cfab-a5fe-3788c4ea4154');
INSERT INTO "meta" VALUES('device_count','1');
INSERT INTO "meta" VALUES('driver_version','13000');
INSERT INTO "meta" VALUES('dropped_records','0');
INSERT INTO "meta" VALUES('end_time','2026-12-01T20:41:20.480Z');
INSERT INTO "meta" VALUES('exit_status','0');
INSERT INTO "meta" VALUES('host','vm');
INSERT INTO "meta" VALUES('incomplete_records','0');
INSERT INTO "meta" VALUES('inject_version','0.1.0');
INSERT INTO "meta" VALUES('mem_allocations_live','4');
INSERT INTO "meta" VALUES('mem_kernel_functions','1');
INSERT INTO "meta" VALUES('mem_launches_without_layout','0');
INSERT INTO "meta" VALUES('mem_tracking','on');
INSERT INTO "meta" VALUES('os','Linux 6.18.44-fc-v973-gpu x86_64');
INSERT INTO "meta" VALUES('pid','673');
INSERT INTO "meta" VALUES('runtime_version','unknown (static CUDA runtime)');
INSERT INTO "meta" VALUES('skipped_records','0');
INSERT INTO "meta" VALUES('start_time','2026-12-01T20:41:19.224Z');
INSERT INTO "meta" VALUES('tool_version','0.1.0');
INSERT INTO "meta" VALUES('trace_start_ns','1796157679224621614');
INSERT INTO "meta" VALUES('tracer_end_ns','1126840199');
INSERT INTO "meta" VALUES('tracer_pid','673');
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
INSERT INTO "ops" VALUES(1,2,535135847,35595623,0,1,7,153,1,8);
INSERT INTO "ops" VALUES(2,2,570893294,38291459,0,1,7,154,1,8);
INSERT INTO "ops" VALUES(3,1,609956176,177535,0,1,13,166,2,1);
INSERT INTO "ops" VALUES(4,1,609992783,96416,0,1,14,168,2,2);
INSERT INTO "ops" VALUES(5,1,610171727,123712,0,1,13,170,2,1);
INSERT INTO "ops" VALUES(6,1,610092495,126528,0,1,14,172,2,2);
INSERT INTO "ops" VALUES(7,2,610324687,212971915,0,1,7,177,3,12);
INSERT INTO "ops" VALUES(8,2,825799221,205952663,0,1,7,178,3,12);
CREATE TABLE overheads (
  id             INTEGER PRIMARY KEY,
  kind           INTEGER NOT NULL,      -- CUpti_ActivityOverheadKind
  start_ns       INTEGER NOT NULL,
  end_ns         INTEGER NOT NULL,
  object_kind    INTEGER,               -- CUpti_ActivityObjectKind
  object_id      INTEGER,               -- thread id or device id, by object_kind
  correlation_id INTEGER
);
INSERT INTO "overheads" VALUES(1,458752,118046275,122487986,2,673,0);
INSERT INTO "overheads" VALUES(2,131072,227958251,227999571,2,673,124);
INSERT INTO "overheads" VALUES(3,458752,228000642,232366827,2,673,124);
INSERT INTO "overheads" VALUES(4,131072,232503997,232536154,2,673,124);
INSERT INTO "overheads" VALUES(5,196608,232536254,232545012,2,673,124);
INSERT INTO "overheads" VALUES(6,196608,232562574,234716456,2,673,124);
INSERT INTO "overheads" VALUES(7,196608,234717659,236806468,2,673,124);
INSERT INTO "overheads" VALUES(8,196608,236807334,239172207,2,673,124);
INSERT INTO "overheads" VALUES(9,458752,218447927,219305946,2,675,125);
INSERT INTO "overheads" VALUES(10,458752,533914361,534749279,2,673,151);
INSERT INTO "overheads" VALUES(11,327680,609874100,609926006,2,673,166);
INSERT INTO "overheads" VALUES(12,65536,614782326,825773579,2,676,0);
INSERT INTO "overheads" VALUES(13,458752,825778228,829977085,2,676,0);
INSERT INTO "overheads" VALUES(14,458752,824785635,825643964,2,673,177);
INSERT INTO "overheads" VALUES(15,65536,930489244,1034321215,2,676,0);
INSERT INTO "overheads" VALUES(16,458752,1034323779,1035250666,2,676,0);
INSERT INTO "overheads" VALUES(17,458752,1033287894,1034223910,2,673,178);
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
INSERT INTO "streams" VALUES(1,13,2,0,94556160907776,3);
INSERT INTO "streams" VALUES(1,14,2,4294967291,94556165902400,3);
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
INSERT INTO "syncs" VALUES(1,1,609995537,610300530,1,NULL,3,175,0);
INSERT INTO "syncs" VALUES(2,1,610301306,610303198,1,NULL,4,176,0);
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
