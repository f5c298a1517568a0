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
INSERT INTO "api" VALUES(12696,151,2061796502,12446,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(12704,138,2061818165,13531,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(12712,136,2061851080,6606,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(12720,317,2074387495,11754,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(12728,41,2074402891,67487,752,0,1,1,7,139928725880832,67108864);
INSERT INTO "api" VALUES(12736,134,2074643424,11641,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(12744,135,2074658912,19339,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(12752,138,2074684632,9449,752,600,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(12804,307,2074884803,160573,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(12852,307,2075234381,51753,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(12900,307,2075384743,34211,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(12968,15,2075706191,34872,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(12976,430,2075743866,87475,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(13056,15,2076103063,9494,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(13064,430,2076114758,27605,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(13144,15,2076207664,7585,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(13152,430,2076215968,14191,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(13232,15,2076276278,6207,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(13240,430,2076282891,12768,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(13320,15,2076335757,6392,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(13328,430,2076342953,10659,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(13408,15,2076390745,5949,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(13416,430,2076397436,9829,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(13496,15,2076442937,6282,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(13504,430,2076450018,19323,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(13584,15,2076507439,6332,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(13592,430,2076514182,10879,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(13704,251,2076631417,8029,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(13816,251,2076654876,1379,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(13848,211,2076662367,49425,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(13896,211,2076739486,41763,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(13960,16,2076866195,3837,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(13976,41,2076877839,20580057,752,0,1,1,7,802969696,4);
INSERT INTO "api" VALUES(13984,131,2097536161,22159,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(13992,16,2097561042,5706,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(14032,151,2097791177,13916,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(14040,138,2097812397,11466,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(14048,136,2097841569,5636,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(14056,317,2110334538,19167,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(14064,41,2110358299,62549,752,0,1,1,7,139928725880832,67108864);
INSERT INTO "api" VALUES(14072,134,2110521032,12887,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(14080,135,2110537870,21356,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(14088,138,2110565670,9835,752,600,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(14140,307,2110770876,60731,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(14188,307,2110977948,20965,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(14236,307,2111040578,15663,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(14304,15,2111328271,17672,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(14312,430,2111348659,25929,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(14392,15,2111482238,6950,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(14400,430,2111489800,16201,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(14480,15,2111558465,6623,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(14488,430,2111565578,12416,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(14568,15,2111629038,5819,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(14576,430,2111635243,11087,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(14656,15,2111685289,6700,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(14664,430,2111692451,9588,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(14744,15,2111767004,6391,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(14752,430,2111773919,13818,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(14832,15,2111827116,5870,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(14840,430,2111833429,9398,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(14920,15,2111878345,6043,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(14928,430,2111884834,10063,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(15040,251,2111998761,8999,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(15152,251,2112022621,1413,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(15184,211,2112029438,16929,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(15232,211,2112050824,11495,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(15296,16,2112139972,4255,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(15312,41,2112151669,26918225,752,0,1,1,7,802969696,4);
INSERT INTO "api" VALUES(15320,131,2139142729,28424,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(15328,16,2139174558,5375,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(15368,151,2139400583,13595,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(15376,138,2139422059,11158,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(15384,136,2139452972,5649,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(15392,317,2152581126,15167,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(15400,41,2152602018,65341,752,0,1,1,7,139928725880832,67108864);
INSERT INTO "api" VALUES(15408,134,2152768052,11243,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(15416,135,2152783428,16531,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(15424,138,2152807771,12083,752,600,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(15476,307,2153006478,62301,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(15524,307,2153209123,18989,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(15572,307,2153259177,13896,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(15640,15,2153553215,18152,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(15648,430,2153574713,20361,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(15728,15,2153651549,5498,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(15736,430,2153657737,10771,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(15816,15,2153703887,5097,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(15824,430,2153709648,33171,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(15904,15,2153784994,5750,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(15912,430,2153791397,10357,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(15992,15,2153837028,5203,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(16000,430,2153842881,10754,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(16080,15,2153885132,5158,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(16088,430,2153890871,8402,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(16168,15,2153930458,5101,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(16176,430,2153936316,7948,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(16256,15,2153975468,5064,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(16264,430,2153981265,9518,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(16376,251,2154091619,8104,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(16488,251,2154114698,1281,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(16520,211,2154122183,14210,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(16568,211,2154141139,9779,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(16632,16,2154223897,4219,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(16648,41,2154235745,21499970,752,0,1,1,7,802969696,4);
INSERT INTO "api" VALUES(16656,131,2175820200,23013,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(16664,16,2175846367,4760,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(16704,151,2176065925,13397,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(16712,138,2176087438,13024,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(16720,136,2176120166,5859,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(16728,317,2189644838,15339,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(16736,41,2189665029,85117,752,0,1,1,7,139928725880832,67108864);
INSERT INTO "api" VALUES(16744,134,2189835250,12530,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(16752,135,2189852035,20674,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(16760,138,2189880422,11080,752,600,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(16812,307,2190102359,79677,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(16860,307,2190338156,18856,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(16908,307,2190390155,14079,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(16976,15,2190776498,20402,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(16984,430,2190799974,35451,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(17064,15,2190925544,6723,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(17072,430,2190932909,14768,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(17152,15,2190995387,6972,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(17160,430,2191002748,13275,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(17240,15,2191056759,7054,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(17248,430,2191064355,10451,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(17328,15,2191112281,5831,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(17336,430,2191118679,9323,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(17416,15,2191164467,6339,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(17424,430,2191171281,9903,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(17504,15,2191214290,5287,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(17512,430,2191220104,11443,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(17592,15,2191263645,5460,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(17600,430,2191269622,8977,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(17712,251,2191382965,9302,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(17824,251,2191406969,1494,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(17856,211,2191415309,27219,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(17904,211,2191446902,11502,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(17968,16,2191538480,4439,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(17984,41,2191551238,21323437,752,0,1,1,7,802969696,4);
INSERT INTO "api" VALUES(17992,131,2212959965,22102,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(18000,16,2212985122,5104,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(18040,151,2213201594,14337,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(18048,138,2213223138,12580,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(18056,136,2213254901,5835,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(18064,317,2226366131,14551,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(18072,41,2226385430,1183288,752,0,1,1,7,139928725880832,67108864);
INSERT INTO "api" VALUES(18080,134,2227654948,16952,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(18088,135,2227675999,25695,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(18096,138,2227709001,29479,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(18104,136,2227747884,4434,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(18156,307,2227940188,61352,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(18204,307,2228142450,19113,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(18252,307,2228193899,11709,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(18320,15,2228466385,17158,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(18328,430,2228486415,24541,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(18408,15,2228594346,6715,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(18416,430,2228601743,14900,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(18496,15,2228669374,6025,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(18504,430,2228675825,10991,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(18584,15,2228752793,6253,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(18592,430,2228759766,12443,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(18672,15,2228816705,5989,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(18680,430,2228823320,9988,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(18760,15,2228870401,5787,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(18768,430,2228876929,9875,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(18848,15,2228925036,5856,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(18856,430,2228931513,10150,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(18912,17,2228965537,814899,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(18936,15,2229861402,15054,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(18944,430,2229878421,43558,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(19056,251,2230091258,8533,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(19168,251,2230117256,1429,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(19200,211,2230125445,21695,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(19248,211,2230151553,12263,752,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(19312,16,2230247407,4277,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(19328,41,2230259563,19786550,752,0,1,1,7,802969696,4);
INSERT INTO "api" VALUES(19336,131,2250124680,18943,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(19344,16,2250146232,5019,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(19368,16,2250209829,1078,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(19376,165,2250212675,13400,752,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(19384,16,2250227350,713,752,0,NULL,NULL,NULL,NULL,NULL);
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
INSERT INTO "api_args" VALUES(1002,1,129,752,807426832,3,1,13,NULL,NULL,NULL,0);
INSERT INTO "api_args" VALUES(1593,1,135,752,0,1,1,7,NULL,NULL,887892784,NULL);
INSERT INTO "api_args" VALUES(1760,1,135,752,0,1,1,7,NULL,NULL,887897216,NULL);
INSERT INTO "api_args" VALUES(1927,1,135,752,0,1,1,7,NULL,NULL,887898848,NULL);
INSERT INTO "api_args" VALUES(2094,1,135,752,0,1,1,7,NULL,NULL,887899872,NULL);
INSERT INTO "api_args" VALUES(2261,1,135,752,0,1,1,7,NULL,NULL,887900912,NULL);
CREATE TABLE api_functions (
  domain  INTEGER NOT NULL,             -- enums 'api_domain'
  cbid    INTEGER NOT NULL,
  name_id INTEGER NOT NULL,             -- strings.id
  PRIMARY KEY (domain, cbid)
) WITHOUT ROWID;
INSERT INTO "api_functions" VALUES(1,10,10);
INSERT INTO "api_functions" VALUES(1,11,11);
INSERT INTO "api_functions" VALUES(1,15,22);
INSERT INTO "api_functions" VALUES(1,16,26);
INSERT INTO "api_functions" VALUES(1,17,9);
INSERT INTO "api_functions" VALUES(1,41,18);
INSERT INTO "api_functions" VALUES(1,131,27);
INSERT INTO "api_functions" VALUES(1,134,19);
INSERT INTO "api_functions" VALUES(1,135,20);
INSERT INTO "api_functions" VALUES(1,136,17);
INSERT INTO "api_functions" VALUES(1,138,16);
INSERT INTO "api_functions" VALUES(1,151,15);
INSERT INTO "api_functions" VALUES(1,165,28);
INSERT INTO "api_functions" VALUES(1,200,12);
INSERT INTO "api_functions" VALUES(1,211,25);
INSERT INTO "api_functions" VALUES(1,251,24);
INSERT INTO "api_functions" VALUES(1,317,13);
INSERT INTO "api_functions" VALUES(1,430,23);
INSERT INTO "api_functions" VALUES(2,307,21);
INSERT INTO "api_functions" VALUES(2,719,14);
CREATE TABLE api_summary (
  tid            INTEGER NOT NULL,
  domain         INTEGER NOT NULL,      -- enums 'api_domain'
  cbid           INTEGER NOT NULL,
  calls          INTEGER NOT NULL,      -- the calls not in api
  total_ns       INTEGER NOT NULL,      -- their time, summed
  max_ns         INTEGER NOT NULL,      -- the longest of them
  PRIMARY KEY (tid, domain, cbid)
) WITHOUT ROWID;
INSERT INTO "api_summary" VALUES(752,1,10,140,36584,1343);
INSERT INTO "api_summary" VALUES(752,1,11,20,4487,370);
INSERT INTO "api_summary" VALUES(752,1,17,436,316743,4651);
INSERT INTO "api_summary" VALUES(752,1,200,10,21482,4164);
INSERT INTO "api_summary" VALUES(752,1,317,45,57405,5605);
INSERT INTO "api_summary" VALUES(752,2,719,10,5353,748);
CREATE TABLE callers (
  correlation_id INTEGER NOT NULL,
  domain         INTEGER NOT NULL,      -- enums 'api_domain'
  call_ns        INTEGER NOT NULL,      -- how long the call took, as the callbacks measured
  frames         TEXT NOT NULL
);
INSERT INTO "callers" VALUES(1591,1,67487,'_ZL55__pyx_f_13cupy_backends_4cuda_3api_7runtime_memcpyAsyncllmili+0x38 (/opt/torch/.venv/lib/python3.12/site-packages/cupy_backends/cuda/api/runtime.cpython-312-x86_64-linux-gnu.so+0x1b6f8)
_ZL64__pyx_f_4cupy_4cuda_6memory_13MemoryPointer_copy_from_host_asyncP43__pyx_obj_4cupy_4cuda_6memory_MemoryPointerP7_objectmiP71__pyx_opt_args_4cupy_4cuda_6memory_13MemoryPointer_copy_from_host_async+0x134 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/cuda/memory.cpython-312-x86_64-linux-gnu.so+0x19fb4)
_ZL41__pyx_f_4cupy_5_core_4core__array_defaultP7_objectS0_S0_S0_li+0x27d5 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/_core/core.cpython-312-x86_64-linux-gnu.so+0x78ea5)
_ZL35__pyx_pw_4cupy_5_core_4core_17arrayP7_objectPKS0_lS0_+0xcbb (/opt/torch/.venv/lib/python3.12/site-packages/cupy/_core/core.cpython-312-x86_64-linux-gnu.so+0x7a7db)
_PyEval_EvalFrameDefault+0x3f63 (/usr/bin/python3.12+0x1da593)');
INSERT INTO "callers" VALUES(1600,2,160573,'_ZL55__pyx_f_13cupy_backends_4cuda_3api_6driver_launchKernelljjjjjjjllli+0x7f (/opt/torch/.venv/lib/python3.12/site-packages/cupy_backends/cuda/api/driver.cpython-312-x86_64-linux-gnu.so+0xda7f)
_ZL37__pyx_f_4cupy_4cuda_8function__launchlliiliiP7_objectlmP44__pyx_opt_args_4cupy_4cuda_8function__launch.constprop.124+0x424 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/cuda/function.cpython-312-x86_64-linux-gnu.so+0x16fd4)
_ZL53__pyx_f_4cupy_4cuda_8function_8Function_linear_launchP40__pyx_obj_4cupy_4cuda_8function_FunctionmP7_objectiP60__pyx_opt_args_4cupy_4cuda_8function_8Function_linear_launch+0x1b9 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/cuda/function.cpython-312-x86_64-linux-gnu.so+0x19109)
_ZL47__pyx_pf_4cupy_5_core_7_kernel_5ufunc_4__call__P37__pyx_obj_4cupy_5_core_7_kernel_ufuncP7_objectS2_+0x780f (/opt/torch/.venv/lib/python3.12/site-packages/cupy/_core/_kernel.cpython-312-x86_64-linux-gnu.so+0x5b9af)
_ZL47__pyx_pw_4cupy_5_core_7_kernel_5ufunc_5__call__P7_objectS0_S0_+0x73 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/_core/_kernel.cpython-312-x86_64-linux-gnu.so+0x60003)
_PyObject_MakeTpCall+0x74 (/usr/bin/python3.12+0x148fb4)');
INSERT INTO "callers" VALUES(1606,2,51753,'_ZL55__pyx_f_13cupy_backends_4cuda_3api_6driver_launchKernelljjjjjjjllli+0x7f (/opt/torch/.venv/lib/python3.12/site-packages/cupy_backends/cuda/api/driver.cpython-312-x86_64-linux-gnu.so+0xda7f)
_ZL37__pyx_f_4cupy_4cuda_8function__launchlliiliiP7_objectlmP44__pyx_opt_args_4cupy_4cuda_8function__launch.constprop.124+0x424 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/cuda/function.cpython-312-x86_64-linux-gnu.so+0x16fd4)
_ZL53__pyx_f_4cupy_4cuda_8function_8Function_linear_launchP40__pyx_obj_4cupy_4cuda_8function_FunctionmP7_objectiP60__pyx_opt_args_4cupy_4cuda_8function_8Function_linear_launch+0x1b9 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/cuda/function.cpython-312-x86_64-linux-gnu.so+0x19109)
_ZL47__pyx_pf_4cupy_5_core_7_kernel_5ufunc_4__call__P37__pyx_obj_4cupy_5_core_7_kernel_ufuncP7_objectS2_+0x780f (/opt/torch/.venv/lib/python3.12/site-packages/cupy/_core/_kernel.cpython-312-x86_64-linux-gnu.so+0x5b9af)
_ZL47__pyx_pw_4cupy_5_core_7_kernel_5ufunc_5__call__P7_objectS0_S0_+0x73 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/_core/_kernel.cpython-312-x86_64-linux-gnu.so+0x60003)
_ZL19__Pyx_PyObject_CallP7_objectS0_S0_+0x3e (/opt/torch/.venv/lib/python3.12/site-packages/cupy/_core/core.cpython-312-x86_64-linux-gnu.so+0x1238e)');
INSERT INTO "callers" VALUES(1622,1,87475,'?+0x0 (/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libcublasLt.so.13+0x71ba61d)
?+0x0 (/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libcublasLt.so.13+0x36a7fcf)
?+0x0 (/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libcublasLt.so.13+0x3677f76)
?+0x0 (/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libcublasLt.so.13+0x3bb436c)
?+0x0 (/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libcublasLt.so.13+0x3bf7372)
?+0x0 (/opt/torch/.venv/lib/python3.12/site-packages/nvidia/cu13/lib/libcublasLt.so.13+0xe2b572)');
INSERT INTO "callers" VALUES(1747,1,20580057,'_ZL55__pyx_f_13cupy_backends_4cuda_3api_7runtime_memcpyAsyncllmili+0x38 (/opt/torch/.venv/lib/python3.12/site-packages/cupy_backends/cuda/api/runtime.cpython-312-x86_64-linux-gnu.so+0x1b6f8)
_ZL62__pyx_f_4cupy_4cuda_6memory_13MemoryPointer_copy_to_host_asyncP43__pyx_obj_4cupy_4cuda_6memory_MemoryPointerP7_objectmiP69__pyx_opt_args_4cupy_4cuda_6memory_13MemoryPointer_copy_to_host_async+0x134 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/cuda/memory.cpython-312-x86_64-linux-gnu.so+0x1c0c4)
_ZL46__pyx_f_4cupy_5_core_4core_13_ndarray_base_getP42__pyx_obj_4cupy_5_core_4core__ndarray_baseiP53__pyx_opt_args_4cupy_5_core_4core_13_ndarray_base_get+0xe69 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/_core/core.cpython-312-x86_64-linux-gnu.so+0x47719)
_ZL56__pyx_pw_4cupy_5_core_4core_13_ndarray_base_217__float__P7_object+0x1b (/opt/torch/.venv/lib/python3.12/site-packages/cupy/_core/core.cpython-312-x86_64-linux-gnu.so+0x35cbb)
PyNumber_Float+0x41 (/usr/bin/python3.12+0x1406d1)');
INSERT INTO "callers" VALUES(1758,1,62549,'_ZL55__pyx_f_13cupy_backends_4cuda_3api_7runtime_memcpyAsyncllmili+0x38 (/opt/torch/.venv/lib/python3.12/site-packages/cupy_backends/cuda/api/runtime.cpython-312-x86_64-linux-gnu.so+0x1b6f8)
_ZL64__pyx_f_4cupy_4cuda_6memory_13MemoryPointer_copy_from_host_asyncP43__pyx_obj_4cupy_4cuda_6memory_MemoryPointerP7_objectmiP71__pyx_opt_args_4cupy_4cuda_6memory_13MemoryPointer_copy_from_host_async+0x134 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/cuda/memory.cpython-312-x86_64-linux-gnu.so+0x19fb4)
_ZL41__pyx_f_4cupy_5_core_4core__array_defaultP7_objectS0_S0_S0_li+0x27d5 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/_core/core.cpython-312-x86_64-linux-gnu.so+0x78ea5)
_ZL35__pyx_pw_4cupy_5_core_4core_17arrayP7_objectPKS0_lS0_+0xcbb (/opt/torch/.venv/lib/python3.12/site-packages/cupy/_core/core.cpython-312-x86_64-linux-gnu.so+0x7a7db)
_PyEval_EvalFrameDefault+0x3f63 (/usr/bin/python3.12+0x1da593)');
INSERT INTO "callers" VALUES(1767,2,60731,'_ZL55__pyx_f_13cupy_backends_4cuda_3api_6driver_launchKernelljjjjjjjllli+0x7f (/opt/torch/.venv/lib/python3.12/site-packages/cupy_backends/cuda/api/driver.cpython-312-x86_64-linux-gnu.so+0xda7f)
_ZL37__pyx_f_4cupy_4cuda_8function__launchlliiliiP7_objectlmP44__pyx_opt_args_4cupy_4cuda_8function__launch.constprop.124+0x424 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/cuda/function.cpython-312-x86_64-linux-gnu.so+0x16fd4)
_ZL53__pyx_f_4cupy_4cuda_8function_8Function_linear_launchP40__pyx_obj_4cupy_4cuda_8function_FunctionmP7_objectiP60__pyx_opt_args_4cupy_4cuda_8function_8Function_linear_launch+0x1b9 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/cuda/function.cpython-312-x86_64-linux-gnu.so+0x19109)
_ZL47__pyx_pf_4cupy_5_core_7_kernel_5ufunc_4__call__P37__pyx_obj_4cupy_5_core_7_kernel_ufuncP7_objectS2_+0x780f (/opt/torch/.venv/lib/python3.12/site-packages/cupy/_core/_kernel.cpython-312-x86_64-linux-gnu.so+0x5b9af)
_ZL47__pyx_pw_4cupy_5_core_7_kernel_5ufunc_5__call__P7_objectS0_S0_+0x73 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/_core/_kernel.cpython-312-x86_64-linux-gnu.so+0x60003)
_PyObject_MakeTpCall+0x74 (/usr/bin/python3.12+0x148fb4)');
INSERT INTO "callers" VALUES(1914,1,26918225,'_ZL55__pyx_f_13cupy_backends_4cuda_3api_7runtime_memcpyAsyncllmili+0x38 (/opt/torch/.venv/lib/python3.12/site-packages/cupy_backends/cuda/api/runtime.cpython-312-x86_64-linux-gnu.so+0x1b6f8)
_ZL62__pyx_f_4cupy_4cuda_6memory_13MemoryPointer_copy_to_host_asyncP43__pyx_obj_4cupy_4cuda_6memory_MemoryPointerP7_objectmiP69__pyx_opt_args_4cupy_4cuda_6memory_13MemoryPointer_copy_to_host_async+0x134 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/cuda/memory.cpython-312-x86_64-linux-gnu.so+0x1c0c4)
_ZL46__pyx_f_4cupy_5_core_4core_13_ndarray_base_getP42__pyx_obj_4cupy_5_core_4core__ndarray_baseiP53__pyx_opt_args_4cupy_5_core_4core_13_ndarray_base_get+0xe69 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/_core/core.cpython-312-x86_64-linux-gnu.so+0x47719)
_ZL56__pyx_pw_4cupy_5_core_4core_13_ndarray_base_217__float__P7_object+0x1b (/opt/torch/.venv/lib/python3.12/site-packages/cupy/_core/core.cpython-312-x86_64-linux-gnu.so+0x35cbb)
PyNumber_Float+0x41 (/usr/bin/python3.12+0x1406d1)');
INSERT INTO "callers" VALUES(1925,1,65341,'_ZL55__pyx_f_13cupy_backends_4cuda_3api_7runtime_memcpyAsyncllmili+0x38 (/opt/torch/.venv/lib/python3.12/site-packages/cupy_backends/cuda/api/runtime.cpython-312-x86_64-linux-gnu.so+0x1b6f8)
_ZL64__pyx_f_4cupy_4cuda_6memory_13MemoryPointer_copy_from_host_asyncP43__pyx_obj_4cupy_4cuda_6memory_MemoryPointerP7_objectmiP71__pyx_opt_args_4cupy_4cuda_6memory_13MemoryPointer_copy_from_host_async+0x134 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/cuda/memory.cpython-312-x86_64-linux-gnu.so+0x19fb4)
_ZL41__pyx_f_4cupy_5_core_4core__array_defaultP7_objectS0_S0_S0_li+0x27d5 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/_core/core.cpython-312-x86_64-linux-gnu.so+0x78ea5)
_ZL35__pyx_pw_4cupy_5_core_4core_17arrayP7_objectPKS0_lS0_+0xcbb (/opt/torch/.venv/lib/python3.12/site-packages/cupy/_core/core.cpython-312-x86_64-linux-gnu.so+0x7a7db)
_PyEval_EvalFrameDefault+0x3f63 (/usr/bin/python3.12+0x1da593)');
INSERT INTO "callers" VALUES(1934,2,62301,'_ZL55__pyx_f_13cupy_backends_4cuda_3api_6driver_launchKernelljjjjjjjllli+0x7f (/opt/torch/.venv/lib/python3.12/site-packages/cupy_backends/cuda/api/driver.cpython-312-x86_64-linux-gnu.so+0xda7f)
_ZL37__pyx_f_4cupy_4cuda_8function__launchlliiliiP7_objectlmP44__pyx_opt_args_4cupy_4cuda_8function__launch.constprop.124+0x424 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/cuda/function.cpython-312-x86_64-linux-gnu.so+0x16fd4)
_ZL53__pyx_f_4cupy_4cuda_8function_8Function_linear_launchP40__pyx_obj_4cupy_4cuda_8function_FunctionmP7_objectiP60__pyx_opt_args_4cupy_4cuda_8function_8Function_linear_launch+0x1b9 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/cuda/function.cpython-312-x86_64-linux-gnu.so+0x19109)
_ZL47__pyx_pf_4cupy_5_core_7_kernel_5ufunc_4__call__P37__pyx_obj_4cupy_5_core_7_kernel_ufuncP7_objectS2_+0x780f (/opt/torch/.venv/lib/python3.12/site-packages/cupy/_core/_kernel.cpython-312-x86_64-linux-gnu.so+0x5b9af)
_ZL47__pyx_pw_4cupy_5_core_7_kernel_5ufunc_5__call__P7_objectS0_S0_+0x73 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/_core/_kernel.cpython-312-x86_64-linux-gnu.so+0x60003)
_PyObject_MakeTpCall+0x74 (/usr/bin/python3.12+0x148fb4)');
INSERT INTO "callers" VALUES(2081,1,21499970,'_ZL55__pyx_f_13cupy_backends_4cuda_3api_7runtime_memcpyAsyncllmili+0x38 (/opt/torch/.venv/lib/python3.12/site-packages/cupy_backends/cuda/api/runtime.cpython-312-x86_64-linux-gnu.so+0x1b6f8)
_ZL62__pyx_f_4cupy_4cuda_6memory_13MemoryPointer_copy_to_host_asyncP43__pyx_obj_4cupy_4cuda_6memory_MemoryPointerP7_objectmiP69__pyx_opt_args_4cupy_4cuda_6memory_13MemoryPointer_copy_to_host_async+0x134 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/cuda/memory.cpython-312-x86_64-linux-gnu.so+0x1c0c4)
_ZL46__pyx_f_4cupy_5_core_4core_13_ndarray_base_getP42__pyx_obj_4cupy_5_core_4core__ndarray_baseiP53__pyx_opt_args_4cupy_5_core_4core_13_ndarray_base_get+0xe69 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/_core/core.cpython-312-x86_64-linux-gnu.so+0x47719)
_ZL56__pyx_pw_4cupy_5_core_4core_13_ndarray_base_217__float__P7_object+0x1b (/opt/torch/.venv/lib/python3.12/site-packages/cupy/_core/core.cpython-312-x86_64-linux-gnu.so+0x35cbb)
PyNumber_Float+0x41 (/usr/bin/python3.12+0x1406d1)');
INSERT INTO "callers" VALUES(2092,1,85117,'_ZL55__pyx_f_13cupy_backends_4cuda_3api_7runtime_memcpyAsyncllmili+0x38 (/opt/torch/.venv/lib/python3.12/site-packages/cupy_backends/cuda/api/runtime.cpython-312-x86_64-linux-gnu.so+0x1b6f8)
_ZL64__pyx_f_4cupy_4cuda_6memory_13MemoryPointer_copy_from_host_asyncP43__pyx_obj_4cupy_4cuda_6memory_MemoryPointerP7_objectmiP71__pyx_opt_args_4cupy_4cuda_6memory_13MemoryPointer_copy_from_host_async+0x134 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/cuda/memory.cpython-312-x86_64-linux-gnu.so+0x19fb4)
_ZL41__pyx_f_4cupy_5_core_4core__array_defaultP7_objectS0_S0_S0_li+0x27d5 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/_core/core.cpython-312-x86_64-linux-gnu.so+0x78ea5)
_ZL35__pyx_pw_4cupy_5_core_4core_17arrayP7_objectPKS0_lS0_+0xcbb (/opt/torch/.venv/lib/python3.12/site-packages/cupy/_core/core.cpython-312-x86_64-linux-gnu.so+0x7a7db)
_PyEval_EvalFrameDefault+0x3f63 (/usr/bin/python3.12+0x1da593)');
INSERT INTO "callers" VALUES(2101,2,79677,'_ZL55__pyx_f_13cupy_backends_4cuda_3api_6driver_launchKernelljjjjjjjllli+0x7f (/opt/torch/.venv/lib/python3.12/site-packages/cupy_backends/cuda/api/driver.cpython-312-x86_64-linux-gnu.so+0xda7f)
_ZL37__pyx_f_4cupy_4cuda_8function__launchlliiliiP7_objectlmP44__pyx_opt_args_4cupy_4cuda_8function__launch.constprop.124+0x424 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/cuda/function.cpython-312-x86_64-linux-gnu.so+0x16fd4)
_ZL53__pyx_f_4cupy_4cuda_8function_8Function_linear_launchP40__pyx_obj_4cupy_4cuda_8function_FunctionmP7_objectiP60__pyx_opt_args_4cupy_4cuda_8function_8Function_linear_launch+0x1b9 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/cuda/function.cpython-312-x86_64-linux-gnu.so+0x19109)
_ZL47__pyx_pf_4cupy_5_core_7_kernel_5ufunc_4__call__P37__pyx_obj_4cupy_5_core_7_kernel_ufuncP7_objectS2_+0x780f (/opt/torch/.venv/lib/python3.12/site-packages/cupy/_core/_kernel.cpython-312-x86_64-linux-gnu.so+0x5b9af)
_ZL47__pyx_pw_4cupy_5_core_7_kernel_5ufunc_5__call__P7_objectS0_S0_+0x73 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/_core/_kernel.cpython-312-x86_64-linux-gnu.so+0x60003)
_PyObject_MakeTpCall+0x74 (/usr/bin/python3.12+0x148fb4)');
INSERT INTO "callers" VALUES(2248,1,21323437,'_ZL55__pyx_f_13cupy_backends_4cuda_3api_7runtime_memcpyAsyncllmili+0x38 (/opt/torch/.venv/lib/python3.12/site-packages/cupy_backends/cuda/api/runtime.cpython-312-x86_64-linux-gnu.so+0x1b6f8)
_ZL62__pyx_f_4cupy_4cuda_6memory_13MemoryPointer_copy_to_host_asyncP43__pyx_obj_4cupy_4cuda_6memory_MemoryPointerP7_objectmiP69__pyx_opt_args_4cupy_4cuda_6memory_13MemoryPointer_copy_to_host_async+0x134 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/cuda/memory.cpython-312-x86_64-linux-gnu.so+0x1c0c4)
_ZL46__pyx_f_4cupy_5_core_4core_13_ndarray_base_getP42__pyx_obj_4cupy_5_core_4core__ndarray_baseiP53__pyx_opt_args_4cupy_5_core_4core_13_ndarray_base_get+0xe69 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/_core/core.cpython-312-x86_64-linux-gnu.so+0x47719)
_ZL56__pyx_pw_4cupy_5_core_4core_13_ndarray_base_217__float__P7_object+0x1b (/opt/torch/.venv/lib/python3.12/site-packages/cupy/_core/core.cpython-312-x86_64-linux-gnu.so+0x35cbb)
PyNumber_Float+0x41 (/usr/bin/python3.12+0x1406d1)');
INSERT INTO "callers" VALUES(2259,1,1183288,'_ZL55__pyx_f_13cupy_backends_4cuda_3api_7runtime_memcpyAsyncllmili+0x38 (/opt/torch/.venv/lib/python3.12/site-packages/cupy_backends/cuda/api/runtime.cpython-312-x86_64-linux-gnu.so+0x1b6f8)
_ZL64__pyx_f_4cupy_4cuda_6memory_13MemoryPointer_copy_from_host_asyncP43__pyx_obj_4cupy_4cuda_6memory_MemoryPointerP7_objectmiP71__pyx_opt_args_4cupy_4cuda_6memory_13MemoryPointer_copy_from_host_async+0x134 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/cuda/memory.cpython-312-x86_64-linux-gnu.so+0x19fb4)
_ZL41__pyx_f_4cupy_5_core_4core__array_defaultP7_objectS0_S0_S0_li+0x27d5 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/_core/core.cpython-312-x86_64-linux-gnu.so+0x78ea5)
_ZL35__pyx_pw_4cupy_5_core_4core_17arrayP7_objectPKS0_lS0_+0xcbb (/opt/torch/.venv/lib/python3.12/site-packages/cupy/_core/core.cpython-312-x86_64-linux-gnu.so+0x7a7db)
_PyEval_EvalFrameDefault+0x3f63 (/usr/bin/python3.12+0x1da593)');
INSERT INTO "callers" VALUES(2269,2,61352,'_ZL55__pyx_f_13cupy_backends_4cuda_3api_6driver_launchKernelljjjjjjjllli+0x7f (/opt/torch/.venv/lib/python3.12/site-packages/cupy_backends/cuda/api/driver.cpython-312-x86_64-linux-gnu.so+0xda7f)
_ZL37__pyx_f_4cupy_4cuda_8function__launchlliiliiP7_objectlmP44__pyx_opt_args_4cupy_4cuda_8function__launch.constprop.124+0x424 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/cuda/function.cpython-312-x86_64-linux-gnu.so+0x16fd4)
_ZL53__pyx_f_4cupy_4cuda_8function_8Function_linear_launchP40__pyx_obj_4cupy_4cuda_8function_FunctionmP7_objectiP60__pyx_opt_args_4cupy_4cuda_8function_8Function_linear_launch+0x1b9 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/cuda/function.cpython-312-x86_64-linux-gnu.so+0x19109)
_ZL47__pyx_pf_4cupy_5_core_7_kernel_5ufunc_4__call__P37__pyx_obj_4cupy_5_core_7_kernel_ufuncP7_objectS2_+0x780f (/opt/torch/.venv/lib/python3.12/site-packages/cupy/_core/_kernel.cpython-312-x86_64-linux-gnu.so+0x5b9af)
_ZL47__pyx_pw_4cupy_5_core_7_kernel_5ufunc_5__call__P7_objectS0_S0_+0x73 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/_core/_kernel.cpython-312-x86_64-linux-gnu.so+0x60003)
_PyObject_MakeTpCall+0x74 (/usr/bin/python3.12+0x148fb4)');
INSERT INTO "callers" VALUES(2416,1,19786550,'_ZL55__pyx_f_13cupy_backends_4cuda_3api_7runtime_memcpyAsyncllmili+0x38 (/opt/torch/.venv/lib/python3.12/site-packages/cupy_backends/cuda/api/runtime.cpython-312-x86_64-linux-gnu.so+0x1b6f8)
_ZL62__pyx_f_4cupy_4cuda_6memory_13MemoryPointer_copy_to_host_asyncP43__pyx_obj_4cupy_4cuda_6memory_MemoryPointerP7_objectmiP69__pyx_opt_args_4cupy_4cuda_6memory_13MemoryPointer_copy_to_host_async+0x134 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/cuda/memory.cpython-312-x86_64-linux-gnu.so+0x1c0c4)
_ZL46__pyx_f_4cupy_5_core_4core_13_ndarray_base_getP42__pyx_obj_4cupy_5_core_4core__ndarray_baseiP53__pyx_opt_args_4cupy_5_core_4core_13_ndarray_base_get+0xe69 (/opt/torch/.venv/lib/python3.12/site-packages/cupy/_core/core.cpython-312-x86_64-linux-gnu.so+0x47719)
_ZL56__pyx_pw_4cupy_5_core_4core_13_ndarray_base_217__float__P7_object+0x1b (/opt/torch/.venv/lib/python3.12/site-packages/cupy/_core/core.cpython-312-x86_64-linux-gnu.so+0x35cbb)
PyNumber_Float+0x41 (/usr/bin/python3.12+0x1406d1)');
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
INSERT INTO "events" VALUES(23,1,7,0,1593,0,1);
INSERT INTO "events" VALUES(24,1,7,0,1760,0,2);
INSERT INTO "events" VALUES(25,1,7,0,1927,0,3);
INSERT INTO "events" VALUES(26,1,7,0,2094,0,4);
INSERT INTO "events" VALUES(27,1,7,0,2261,0,5);
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
INSERT INTO "markers" VALUES(1,1,2,1989492968,752,1,2,NULL,0);
INSERT INTO "markers" VALUES(2,1,4,1989638902,752,NULL,2,NULL,NULL);
INSERT INTO "markers" VALUES(3,2,2,2003676923,752,1,2,NULL,0);
INSERT INTO "markers" VALUES(4,2,4,2003703417,752,NULL,2,NULL,NULL);
INSERT INTO "markers" VALUES(5,3,2,2040313992,752,1,2,NULL,0);
INSERT INTO "markers" VALUES(6,3,4,2040384169,752,NULL,2,NULL,NULL);
INSERT INTO "markers" VALUES(7,4,2,2076648381,752,1,2,NULL,0);
INSERT INTO "markers" VALUES(8,4,4,2076785518,752,NULL,2,NULL,NULL);
INSERT INTO "markers" VALUES(9,5,2,2112016834,752,1,2,NULL,0);
INSERT INTO "markers" VALUES(10,5,4,2112065456,752,NULL,2,NULL,NULL);
INSERT INTO "markers" VALUES(11,6,2,2154108179,752,1,2,NULL,0);
INSERT INTO "markers" VALUES(12,6,4,2154154081,752,NULL,2,NULL,NULL);
INSERT INTO "markers" VALUES(13,7,2,2191400441,752,1,2,NULL,0);
INSERT INTO "markers" VALUES(14,7,4,2191461999,752,NULL,2,NULL,NULL);
INSERT INTO "markers" VALUES(15,8,2,2230110144,752,1,2,NULL,0);
INSERT INTO "markers" VALUES(16,8,4,2230167627,752,NULL,2,NULL,NULL);
INSERT INTO "markers" VALUES(17,9,2,2267684402,752,1,2,NULL,0);
INSERT INTO "markers" VALUES(18,9,4,2267794175,752,NULL,2,NULL,NULL);
INSERT INTO "markers" VALUES(19,10,2,2303653731,752,1,2,NULL,0);
INSERT INTO "markers" VALUES(20,10,4,2303688037,752,NULL,2,NULL,NULL);
CREATE TABLE mem (
  correlation_id INTEGER NOT NULL,
  domain         INTEGER NOT NULL,      -- enums 'api_domain'
  role           INTEGER NOT NULL,      -- enums 'mem_role': 1 alloc, 2 free, 3 read, 4 write, 5 kernel argument
  ptr            INTEGER NOT NULL,      -- the address (allocations and frees: the base)
  bytes          INTEGER,               -- alloc: its size; read, write: the bytes touched from ptr
  info           INTEGER,               -- alloc, free: enums 'alloc_kind'; kernel argument: the parameter's index
  stream_id      INTEGER                -- stream-ordered allocs and frees: the CUPTI stream id
);
INSERT INTO "mem" VALUES(4,1,1,139928927207424,67108864,1,NULL);
INSERT INTO "mem" VALUES(8,1,1,139928860098560,67108864,4,NULL);
INSERT INTO "mem" VALUES(13,1,1,139928792989696,67108864,1,NULL);
INSERT INTO "mem" VALUES(15,1,1,139928725880832,67108864,4,NULL);
INSERT INTO "mem" VALUES(22,1,1,139928658771968,67108864,1,NULL);
INSERT INTO "mem" VALUES(30,1,1,139928457445376,67108864,1,NULL);
INSERT INTO "mem" VALUES(967,1,1,139929506021376,1024,1,NULL);
INSERT INTO "mem" VALUES(976,1,1,139929506022400,131072,1,NULL);
INSERT INTO "mem" VALUES(985,1,1,139928323227648,67108864,1,NULL);
INSERT INTO "mem" VALUES(1026,1,1,139928222564352,67108864,1,NULL);
INSERT INTO "mem" VALUES(1519,1,1,139928121901056,67108864,1,NULL);
INSERT INTO "mem" VALUES(1591,1,3,139928725880832,67108864,NULL,NULL);
INSERT INTO "mem" VALUES(1591,1,4,139928121901056,67108864,NULL,NULL);
INSERT INTO "mem" VALUES(1731,1,5,139928658771968,NULL,0,NULL);
INSERT INTO "mem" VALUES(1731,1,5,139928457445888,NULL,1,NULL);
INSERT INTO "mem" VALUES(1737,1,5,139928457445888,NULL,0,NULL);
INSERT INTO "mem" VALUES(1737,1,5,139928457445376,NULL,1,NULL);
INSERT INTO "mem" VALUES(1747,1,3,139928457445376,4,NULL,NULL);
INSERT INTO "mem" VALUES(1758,1,3,139928725880832,67108864,NULL,NULL);
INSERT INTO "mem" VALUES(1758,1,4,139928457445376,67108864,NULL,NULL);
INSERT INTO "mem" VALUES(1898,1,5,139928658771968,NULL,0,NULL);
INSERT INTO "mem" VALUES(1898,1,5,139928222564864,NULL,1,NULL);
INSERT INTO "mem" VALUES(1904,1,5,139928222564864,NULL,0,NULL);
INSERT INTO "mem" VALUES(1904,1,5,139928222564352,NULL,1,NULL);
INSERT INTO "mem" VALUES(1914,1,3,139928222564352,4,NULL,NULL);
INSERT INTO "mem" VALUES(1925,1,3,139928725880832,67108864,NULL,NULL);
INSERT INTO "mem" VALUES(1925,1,4,139928222564352,67108864,NULL,NULL);
INSERT INTO "mem" VALUES(2065,1,5,139928658771968,NULL,0,NULL);
INSERT INTO "mem" VALUES(2065,1,5,139928121901568,NULL,1,NULL);
INSERT INTO "mem" VALUES(2071,1,5,139928121901568,NULL,0,NULL);
INSERT INTO "mem" VALUES(2071,1,5,139928121901056,NULL,1,NULL);
INSERT INTO "mem" VALUES(2081,1,3,139928121901056,4,NULL,NULL);
INSERT INTO "mem" VALUES(2092,1,3,139928725880832,67108864,NULL,NULL);
INSERT INTO "mem" VALUES(2092,1,4,139928121901056,67108864,NULL,NULL);
INSERT INTO "mem" VALUES(2232,1,5,139928658771968,NULL,0,NULL);
INSERT INTO "mem" VALUES(2232,1,5,139928457445888,NULL,1,NULL);
INSERT INTO "mem" VALUES(2238,1,5,139928457445888,NULL,0,NULL);
INSERT INTO "mem" VALUES(2238,1,5,139928457445376,NULL,1,NULL);
INSERT INTO "mem" VALUES(2248,1,3,139928457445376,4,NULL,NULL);
INSERT INTO "mem" VALUES(2259,1,3,139928725880832,67108864,NULL,NULL);
INSERT INTO "mem" VALUES(2259,1,4,139928457445376,67108864,NULL,NULL);
INSERT INTO "mem" VALUES(2400,1,5,139928658771968,NULL,0,NULL);
INSERT INTO "mem" VALUES(2400,1,5,139928222564864,NULL,1,NULL);
INSERT INTO "mem" VALUES(2406,1,5,139928222564864,NULL,0,NULL);
INSERT INTO "mem" VALUES(2406,1,5,139928222564352,NULL,1,NULL);
INSERT INTO "mem" VALUES(2416,1,3,139928222564352,4,NULL,NULL);
INSERT INTO "mem" VALUES(2499,1,2,139929506021376,NULL,1,NULL);
INSERT INTO "mem" VALUES(2509,1,2,139929506022400,NULL,1,NULL);
INSERT INTO "mem" VALUES(2513,1,2,139928323227648,NULL,1,NULL);
CREATE TABLE meta (
  key   TEXT PRIMARY KEY NOT NULL,
  value TEXT
) WITHOUT ROWID;
INSERT INTO "meta" VALUES('api_calls_seen','97');
INSERT INTO "meta" VALUES('api_clock','realtime');
INSERT INTO "meta" VALUES('api_clock_skew_ns','3');
INSERT INTO "meta" VALUES('api_launches_seen','65');
INSERT INTO "meta" VALUES('api_launches_without_ops','0');
INSERT INTO "meta" VALUES('api_level','full');
INSERT INTO "meta" VALUES('api_queries','summary');
INSERT INTO "meta" VALUES('api_query_min_ns','10000');
INSERT INTO "meta" VALUES('api_timing','all');
INSERT INTO "meta" VALUES('callers_naming_cpu_ns','1366202');
INSERT INTO "meta" VALUES('capture.mode','cudaProfilerApi');
INSERT INTO "meta" VALUES('capture.window.1','2061606098 2251611163');
INSERT INTO "meta" VALUES('capture.windows','1');
INSERT INTO "meta" VALUES('clean_exit','1');
INSERT INTO "meta" VALUES('cmdline','python3 cupy_legacy.py --size gpu');
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
INSERT INTO "meta" VALUES('end_time','2026-12-03T22:01:51.701Z');
INSERT INTO "meta" VALUES('exit_status','0');
INSERT INTO "meta" VALUES('host','vm');
INSERT INTO "meta" VALUES('incomplete_records','0');
INSERT INTO "meta" VALUES('inject_version','0.1.0');
INSERT INTO "meta" VALUES('mem_allocations_live','8');
INSERT INTO "meta" VALUES('mem_kernel_functions','7');
INSERT INTO "meta" VALUES('mem_launches_without_layout','0');
INSERT INTO "meta" VALUES('mem_tracking','on');
INSERT INTO "meta" VALUES('os','Linux 6.18.44-fc-v1252-gpu x86_64');
INSERT INTO "meta" VALUES('pid','752');
INSERT INTO "meta" VALUES('runtime_version','unknown (static CUDA runtime)');
INSERT INTO "meta" VALUES('skipped_records','0');
INSERT INTO "meta" VALUES('start_time','2026-12-03T22:01:49.059Z');
INSERT INTO "meta" VALUES('thread_clock','tsc');
INSERT INTO "meta" VALUES('thread_clock_ticks_per_us','2100.000');
INSERT INTO "meta" VALUES('tool_version','0.1.0');
INSERT INTO "meta" VALUES('trace_start_ns','1796335309059196189');
INSERT INTO "meta" VALUES('tracer_driver_calls','22');
INSERT INTO "meta" VALUES('tracer_end_ns','2437847166');
INSERT INTO "meta" VALUES('tracer_pid','752');
INSERT INTO "meta" VALUES('tracer_status','finished');
INSERT INTO "meta" VALUES('writer_cpu_ns','11957262');
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
INSERT INTO "op_shapes" VALUES(1,NULL,67108864,1,2,3,1,2,1,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "op_shapes" VALUES(2,3,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,131072,1,1,128,1,1,21,0,0,NULL,NULL);
INSERT INTO "op_shapes" VALUES(3,4,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,131072,1,1,128,1,1,20,0,0,NULL,NULL);
INSERT INTO "op_shapes" VALUES(4,5,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,131072,1,1,128,1,1,24,0,0,NULL,NULL);
INSERT INTO "op_shapes" VALUES(5,6,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,16,32,1,256,1,1,254,0,67584,NULL,NULL);
INSERT INTO "op_shapes" VALUES(6,7,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,4096,1,1,256,1,1,32,44,0,NULL,NULL);
INSERT INTO "op_shapes" VALUES(7,8,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,1,1,1,256,1,1,32,44,0,NULL,NULL);
INSERT INTO "op_shapes" VALUES(8,NULL,4,2,3,1,1,2,1,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL);
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
INSERT INTO "ops" VALUES(1,2,2074464107,1216483,0,1,7,1591,1,8);
INSERT INTO "ops" VALUES(2,1,2075691534,80801,0,1,7,1600,2,0);
INSERT INTO "ops" VALUES(3,1,2075773775,80736,0,1,7,1606,3,0);
INSERT INTO "ops" VALUES(4,1,2075855855,80320,0,1,7,1612,4,0);
INSERT INTO "ops" VALUES(5,1,2075937423,2682023,0,1,7,1622,5,0);
INSERT INTO "ops" VALUES(6,1,2078620758,2681095,0,1,7,1633,5,0);
INSERT INTO "ops" VALUES(7,1,2081303101,2679816,0,1,7,1644,5,0);
INSERT INTO "ops" VALUES(8,1,2083984165,2680775,0,1,7,1655,5,0);
INSERT INTO "ops" VALUES(9,1,2086666252,2678695,0,1,7,1666,5,0);
INSERT INTO "ops" VALUES(10,1,2089346099,2677256,0,1,7,1677,5,0);
INSERT INTO "ops" VALUES(11,1,2092024571,2679655,0,1,7,1688,5,0);
INSERT INTO "ops" VALUES(12,1,2094705474,2680487,0,1,7,1699,5,0);
INSERT INTO "ops" VALUES(13,1,2097387690,17120,0,1,7,1731,6,0);
INSERT INTO "ops" VALUES(14,1,2097406057,1600,0,1,7,1737,7,0);
INSERT INTO "ops" VALUES(15,2,2097413417,2113,0,1,7,1747,8,12);
INSERT INTO "ops" VALUES(16,2,2110414029,1213731,0,1,7,1758,1,8);
INSERT INTO "ops" VALUES(17,1,2111635856,80768,0,1,7,1767,2,0);
INSERT INTO "ops" VALUES(18,1,2111717776,81057,0,1,7,1773,3,0);
INSERT INTO "ops" VALUES(19,1,2111800049,80416,0,1,7,1779,4,0);
INSERT INTO "ops" VALUES(20,1,2111881649,2683527,0,1,7,1789,5,0);
INSERT INTO "ops" VALUES(21,1,2114566520,2682151,0,1,7,1800,5,0);
INSERT INTO "ops" VALUES(22,1,2117249824,2680807,0,1,7,1811,5,0);
INSERT INTO "ops" VALUES(23,1,2119931847,2681863,0,1,7,1822,5,0);
INSERT INTO "ops" VALUES(24,1,2122614958,2680071,0,1,7,1833,5,0);
INSERT INTO "ops" VALUES(25,1,2125296181,2680552,0,1,7,1844,5,0);
INSERT INTO "ops" VALUES(26,1,2127978013,2679079,0,1,7,1855,5,0);
INSERT INTO "ops" VALUES(27,1,2130658532,2681896,0,1,7,1866,5,0);
INSERT INTO "ops" VALUES(28,1,2133341643,17281,0,1,7,1898,6,0);
INSERT INTO "ops" VALUES(29,1,2133360108,1311,0,1,7,1904,7,0);
INSERT INTO "ops" VALUES(30,2,2133368204,1920,0,1,7,1914,8,12);
INSERT INTO "ops" VALUES(31,2,2152661984,1264420,0,1,7,1925,1,8);
INSERT INTO "ops" VALUES(32,1,2153932228,80704,0,1,7,1934,2,0);
INSERT INTO "ops" VALUES(33,1,2154014276,80800,0,1,7,1940,3,0);
INSERT INTO "ops" VALUES(34,1,2154096196,81152,0,1,7,1946,4,0);
INSERT INTO "ops" VALUES(35,1,2154178564,2685160,0,1,7,1956,5,0);
INSERT INTO "ops" VALUES(36,1,2156865548,2684199,0,1,7,1967,5,0);
INSERT INTO "ops" VALUES(37,1,2159550931,2680615,0,1,7,1978,5,0);
INSERT INTO "ops" VALUES(38,1,2162232666,2683144,0,1,7,1989,5,0);
INSERT INTO "ops" VALUES(39,1,2164918018,2684103,0,1,7,2000,5,0);
INSERT INTO "ops" VALUES(40,1,2167604585,2679687,0,1,7,2011,5,0);
INSERT INTO "ops" VALUES(41,1,2170285936,2682856,0,1,7,2022,5,0);
INSERT INTO "ops" VALUES(42,1,2172970072,2679431,0,1,7,2033,5,0);
INSERT INTO "ops" VALUES(43,1,2175650943,16928,0,1,7,2065,6,0);
INSERT INTO "ops" VALUES(44,1,2175669119,1376,0,1,7,2071,7,0);
INSERT INTO "ops" VALUES(45,2,2175676511,1856,0,1,7,2081,8,12);
INSERT INTO "ops" VALUES(46,2,2189741413,1337412,0,1,7,2092,1,8);
INSERT INTO "ops" VALUES(47,1,2191084201,80736,0,1,7,2101,2,0);
INSERT INTO "ops" VALUES(48,1,2191166121,80960,0,1,7,2107,3,0);
INSERT INTO "ops" VALUES(49,1,2191248298,81216,0,1,7,2113,4,0);
INSERT INTO "ops" VALUES(50,1,2191330826,2683815,0,1,7,2123,5,0);
INSERT INTO "ops" VALUES(51,1,2194015857,2685319,0,1,7,2134,5,0);
INSERT INTO "ops" VALUES(52,1,2196702393,2684135,0,1,7,2145,5,0);
INSERT INTO "ops" VALUES(53,1,2199387712,2681191,0,1,7,2156,5,0);
INSERT INTO "ops" VALUES(54,1,2202070247,2681288,0,1,7,2167,5,0);
INSERT INTO "ops" VALUES(55,1,2204752686,2681512,0,1,7,2178,5,0);
INSERT INTO "ops" VALUES(56,1,2207435510,2682471,0,1,7,2189,5,0);
INSERT INTO "ops" VALUES(57,1,2210120093,2681703,0,1,7,2200,5,0);
INSERT INTO "ops" VALUES(58,1,2212803300,17152,0,1,7,2232,6,0);
INSERT INTO "ops" VALUES(59,1,2212821732,1408,0,1,7,2238,7,0);
INSERT INTO "ops" VALUES(60,2,2212829796,1920,0,1,7,2248,8,12);
INSERT INTO "ops" VALUES(61,2,2226434793,1261956,0,1,7,2259,1,8);
INSERT INTO "ops" VALUES(62,1,2227997390,80800,0,1,7,2269,2,0);
INSERT INTO "ops" VALUES(63,1,2228161550,80737,0,1,7,2275,3,0);
INSERT INTO "ops" VALUES(64,1,2228243502,81185,0,1,7,2281,4,0);
INSERT INTO "ops" VALUES(65,1,2228510767,2685544,0,1,7,2291,5,0);
INSERT INTO "ops" VALUES(66,1,2231197751,2683431,0,1,7,2302,5,0);
INSERT INTO "ops" VALUES(67,1,2233882302,2680807,0,1,7,2313,5,0);
INSERT INTO "ops" VALUES(68,1,2236564293,2679943,0,1,7,2324,5,0);
INSERT INTO "ops" VALUES(69,1,2239245453,2682183,0,1,7,2335,5,0);
INSERT INTO "ops" VALUES(70,1,2241928852,2682535,0,1,7,2346,5,0);
INSERT INTO "ops" VALUES(71,1,2244612731,2679655,0,1,7,2357,5,0);
INSERT INTO "ops" VALUES(72,1,2247293666,2683016,0,1,7,2368,5,0);
INSERT INTO "ops" VALUES(73,1,2249978346,17152,0,1,7,2400,6,0);
INSERT INTO "ops" VALUES(74,1,2249996906,1440,0,1,7,2406,7,0);
INSERT INTO "ops" VALUES(75,2,2250005706,1952,0,1,7,2416,8,12);
CREATE TABLE overheads (
  id             INTEGER PRIMARY KEY,
  kind           INTEGER NOT NULL,      -- CUpti_ActivityOverheadKind
  start_ns       INTEGER NOT NULL,
  end_ns         INTEGER NOT NULL,
  object_kind    INTEGER,               -- CUpti_ActivityObjectKind
  object_id      INTEGER,               -- thread id or device id, by object_kind
  correlation_id INTEGER
);
INSERT INTO "overheads" VALUES(1,65536,2122690954,2139208289,2,771,0);
INSERT INTO "overheads" VALUES(2,458752,2139212124,2145358649,2,771,0);
INSERT INTO "overheads" VALUES(3,458752,2133392670,2139035242,2,752,1914);
INSERT INTO "overheads" VALUES(4,65536,2222677935,2222767934,2,771,0);
INSERT INTO "overheads" VALUES(5,458752,2222770354,2223846542,2,771,0);
INSERT INTO "overheads" VALUES(6,458752,2226437857,2227549291,2,752,2259);
INSERT INTO "overheads" VALUES(7,65536,2250372603,2250424561,2,771,0);
INSERT INTO "overheads" VALUES(8,458752,2250427723,2251447984,2,771,0);
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
INSERT INTO "streams" VALUES(1,13,1,0,807426832,3);
CREATE TABLE strings (
  id    INTEGER PRIMARY KEY,
  value TEXT NOT NULL UNIQUE
);
INSERT INTO "strings" VALUES(1,'cub::DeviceReduce::Sum');
INSERT INTO "strings" VALUES(2,'CCCL');
INSERT INTO "strings" VALUES(3,'cupy_sin__float32_float32');
INSERT INTO "strings" VALUES(4,'cupy_multiply__float32_float_float32');
INSERT INTO "strings" VALUES(5,'cupy_add__float32_float32_float32');
INSERT INTO "strings" VALUES(6,'sm80_xmma_gemm_f32f32_f32f32_f32_nn_n_tilesize256x128x8_stage3_warpsize4x2x1_ffma_aligna4_alignc4_execute_kernel__5x_cublas');
INSERT INTO "strings" VALUES(7,'_ZN3cub43CUB_300102_SM_750_800_860_890_900_1000_12006detail6reduce18DeviceReduceKernelINS2_10policy_hubIfjN4cuda3std3__44plusIvEEE10Policy1000EPfjS9_fNS7_8identityEEEvT0_PT3_T1_NS0_13GridEvenShareISH_EET2_T4_');
INSERT INTO "strings" VALUES(8,'_ZN3cub43CUB_300102_SM_750_800_860_890_900_1000_12006detail6reduce28DeviceReduceSingleTileKernelINS2_10policy_hubIfjN4cuda3std3__44plusIvEEE10Policy1000EPfSC_iS9_ffNS7_8identityEEEvT0_T1_T2_T3_T4_T6_');
INSERT INTO "strings" VALUES(9,'cudaGetDevice');
INSERT INTO "strings" VALUES(10,'cudaGetLastError');
INSERT INTO "strings" VALUES(11,'cudaPeekAtLastError');
INSERT INTO "strings" VALUES(12,'cudaDeviceGetAttribute');
INSERT INTO "strings" VALUES(13,'cudaStreamIsCapturing');
INSERT INTO "strings" VALUES(14,'cuKernelGetName');
INSERT INTO "strings" VALUES(15,'cudaPointerGetAttributes');
INSERT INTO "strings" VALUES(16,'cudaEventQuery');
INSERT INTO "strings" VALUES(17,'cudaEventDestroy');
INSERT INTO "strings" VALUES(18,'cudaMemcpyAsync');
INSERT INTO "strings" VALUES(19,'cudaEventCreateWithFlags');
INSERT INTO "strings" VALUES(20,'cudaEventRecord');
INSERT INTO "strings" VALUES(21,'cuLaunchKernel');
INSERT INTO "strings" VALUES(22,'cudaFuncGetAttributes');
INSERT INTO "strings" VALUES(23,'cudaLaunchKernelExC');
INSERT INTO "strings" VALUES(24,'cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags');
INSERT INTO "strings" VALUES(25,'cudaLaunchKernel');
INSERT INTO "strings" VALUES(26,'cudaSetDevice');
INSERT INTO "strings" VALUES(27,'cudaStreamSynchronize');
INSERT INTO "strings" VALUES(28,'cudaDeviceSynchronize');
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
INSERT INTO "syncs" VALUES(1,1,2061821479,2061830396,1,NULL,22,1588,0);
INSERT INTO "syncs" VALUES(2,1,2074686033,2074693263,1,NULL,23,1594,600);
INSERT INTO "syncs" VALUES(3,3,2097544728,2097557654,1,7,NULL,1748,0);
INSERT INTO "syncs" VALUES(4,1,2097814588,2097821774,1,NULL,23,1755,0);
INSERT INTO "syncs" VALUES(5,1,2110566930,2110574933,1,NULL,24,1761,600);
INSERT INTO "syncs" VALUES(6,3,2139151097,2139170383,1,7,NULL,1915,0);
INSERT INTO "syncs" VALUES(7,1,2139424265,2139431577,1,NULL,24,1922,0);
INSERT INTO "syncs" VALUES(8,1,2152808817,2152819034,1,NULL,25,1928,600);
INSERT INTO "syncs" VALUES(9,3,2175828988,2175842501,1,7,NULL,2082,0);
INSERT INTO "syncs" VALUES(10,1,2176090131,2176098339,1,NULL,25,2089,0);
INSERT INTO "syncs" VALUES(11,1,2189882266,2189890698,1,NULL,26,2095,600);
INSERT INTO "syncs" VALUES(12,3,2212969059,2212981449,1,7,NULL,2249,0);
INSERT INTO "syncs" VALUES(13,1,2213225546,2213233118,1,NULL,26,2256,0);
INSERT INTO "syncs" VALUES(14,1,2227710332,2227737615,1,NULL,27,2262,0);
INSERT INTO "syncs" VALUES(15,3,2250131873,2250143004,1,7,NULL,2417,0);
INSERT INTO "syncs" VALUES(16,4,2250216373,2250225526,1,NULL,NULL,2422,0);
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
