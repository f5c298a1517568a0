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
INSERT INTO "api" VALUES(1528,134,5390724362,1239,608,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1576,370,5390730315,1031590,608,0,3,1,13,NULL,NULL);
INSERT INTO "api" VALUES(1624,147,5391887372,7118,608,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(1656,136,5391897598,3008,608,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1696,135,5391912111,3329,608,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(1808,138,5392053096,6056,608,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1896,41,5392088565,27125,608,0,3,1,13,140032641925120,16384);
INSERT INTO "api" VALUES(2020,652,5392209119,91318,608,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(2136,211,5392386171,59153,608,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(2192,134,5392578440,2030,608,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(2240,370,5392583723,2443,608,0,3,1,13,NULL,NULL);
INSERT INTO "api" VALUES(2288,147,5392589705,2318,608,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(2320,136,5392594124,1127,608,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(2360,135,5392598109,1745,608,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(2472,138,5392629504,3733,608,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(2560,41,5392642686,13408,608,0,3,1,13,140032641941504,16384);
INSERT INTO "api" VALUES(2684,652,5392694827,8094,608,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(2800,211,5392724641,7322,608,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(2856,134,5392746802,803,608,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(2904,370,5392749850,1282,608,0,3,1,13,NULL,NULL);
INSERT INTO "api" VALUES(2952,147,5392754111,1039,608,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(2984,136,5392756820,620,608,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(3024,135,5392759708,1160,608,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(3136,138,5392782766,2428,608,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(3224,41,5392791645,8358,608,0,3,1,13,140032641957888,16384);
INSERT INTO "api" VALUES(3348,652,5392826907,6758,608,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(3464,211,5392849571,7320,608,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(3520,134,5392870351,726,608,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(3568,370,5392873246,981,608,0,3,1,13,NULL,NULL);
INSERT INTO "api" VALUES(3616,147,5392876809,919,608,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(3648,136,5392879204,512,608,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(3688,135,5392881725,797,608,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(3800,138,5392902652,2113,608,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(3888,41,5392910733,9564,608,0,3,1,13,140032641974272,16384);
INSERT INTO "api" VALUES(4012,652,5392944502,23139,608,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(4128,211,5392987913,6880,608,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(4176,165,5393011412,24689,608,0,NULL,NULL,NULL,NULL,NULL);
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
INSERT INTO "api_args" VALUES(17,1,202,608,158985232,3,1,13,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(18,1,202,608,184572416,3,1,14,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(19,1,202,608,184572768,3,1,15,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(20,1,202,608,184573120,3,1,16,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(21,1,202,608,184573472,3,1,17,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(22,1,202,608,184585680,3,1,18,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(23,1,202,608,184586032,3,1,19,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(24,1,202,608,184586384,3,1,20,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(25,1,202,608,184586736,3,1,21,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(26,1,202,608,184638496,3,1,22,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(27,1,202,608,184638848,3,1,23,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(28,1,202,608,184639200,3,1,24,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(29,1,202,608,184639552,3,1,25,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(30,1,202,608,184651760,3,1,26,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(31,1,202,608,184652112,3,1,27,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(32,1,202,608,184652464,3,1,28,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(33,1,202,608,184652816,3,1,29,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(34,1,202,608,184704576,3,1,30,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(35,1,202,608,184704928,3,1,31,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(36,1,202,608,184705280,3,1,32,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(37,1,202,608,184705632,3,1,33,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(38,1,202,608,184717840,3,1,34,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(39,1,202,608,184718192,3,1,35,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(40,1,202,608,184718544,3,1,36,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(41,1,202,608,184718896,3,1,37,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(42,1,202,608,154156832,3,1,38,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(43,1,202,608,154157184,3,1,39,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(44,1,202,608,154157536,3,1,40,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(45,1,202,608,154157888,3,1,41,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(46,1,202,608,184785200,3,1,42,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(47,1,202,608,184785552,3,1,43,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(48,1,202,608,184785904,3,1,44,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(49,1,202,608,184786256,3,1,45,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(50,1,202,608,184838016,3,1,46,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(51,1,202,608,184838368,3,1,47,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(52,1,202,608,185187696,3,1,48,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(53,1,202,608,185188048,3,1,49,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(54,1,202,608,185200256,3,1,50,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(55,1,202,608,185200608,3,1,51,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(56,1,202,608,185200960,3,1,52,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(57,1,202,608,185201312,3,1,53,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(58,1,202,608,185253072,3,1,54,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(59,1,202,608,185253424,3,1,55,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(60,1,202,608,185253776,3,1,56,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(61,1,202,608,185254128,3,1,57,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(62,1,202,608,185265696,3,1,58,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(63,1,202,608,185266048,3,1,59,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(64,1,202,608,185266400,3,1,60,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(65,1,202,608,185266752,3,1,61,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(66,1,202,608,185319456,3,1,62,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(67,1,202,608,185319808,3,1,63,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(68,1,202,608,185320160,3,1,64,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(69,1,202,608,185320512,3,1,65,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(70,1,202,608,185332720,3,1,66,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(71,1,202,608,185333072,3,1,67,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(72,1,202,608,185333424,3,1,68,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(73,1,202,608,185333776,3,1,69,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(74,1,202,608,184770656,3,1,70,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(75,1,202,608,184771008,3,1,71,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(76,1,202,608,184771360,3,1,72,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(77,1,202,608,184771712,3,1,73,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(78,1,202,608,185401360,3,1,74,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(79,1,202,608,185401712,3,1,75,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(80,1,202,608,185402064,3,1,76,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(81,1,202,608,185402416,3,1,77,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(82,1,202,608,185454176,3,1,78,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(83,1,202,608,185454528,3,1,79,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(84,1,202,608,185454880,3,1,80,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(85,1,202,608,185455232,3,1,81,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(86,1,202,608,185467440,3,1,82,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(87,1,202,608,185467792,3,1,83,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(88,1,202,608,185468144,3,1,84,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(89,1,202,608,185468496,3,1,85,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(90,1,202,608,185520256,3,1,86,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(91,1,202,608,185520608,3,1,87,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(92,1,202,608,185520960,3,1,88,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(93,1,202,608,185521312,3,1,89,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(94,1,202,608,185533520,3,1,90,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(95,1,202,608,185882528,3,1,91,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(96,1,202,608,185882880,3,1,92,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(97,1,202,608,185883232,3,1,93,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(98,1,202,608,185934992,3,1,94,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(99,1,202,608,185935344,3,1,95,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(100,1,202,608,185935696,3,1,96,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(101,1,202,608,185936048,3,1,97,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(102,1,202,608,185948256,3,1,98,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(103,1,202,608,185948608,3,1,99,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(104,1,202,608,185948960,3,1,100,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(105,1,202,608,185949312,3,1,101,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(106,1,202,608,186001072,3,1,102,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(107,1,202,608,186001424,3,1,103,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(108,1,202,608,186001776,3,1,104,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(109,1,202,608,186002128,3,1,105,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(110,1,202,608,186014336,3,1,106,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(111,1,202,608,186014688,3,1,107,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(112,1,202,608,186015040,3,1,108,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(113,1,202,608,186015392,3,1,109,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(114,1,202,608,186067152,3,1,110,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(115,1,202,608,186067504,3,1,111,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(116,1,202,608,186067856,3,1,112,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(117,1,202,608,186068208,3,1,113,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(118,1,202,608,186080416,3,1,114,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(119,1,202,608,186080768,3,1,115,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(120,1,202,608,186081120,3,1,116,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(121,1,202,608,186081472,3,1,117,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(122,1,202,608,186133232,3,1,118,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(123,1,202,608,186133584,3,1,119,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(124,1,202,608,186133936,3,1,120,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(125,1,202,608,186134288,3,1,121,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(126,1,202,608,186146016,3,1,122,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(127,1,202,608,186146368,3,1,123,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(128,1,202,608,186146720,3,1,124,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(129,1,202,608,186147072,3,1,125,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(130,1,202,608,186199840,3,1,126,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(131,1,202,608,186200192,3,1,127,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(132,1,202,608,186200544,3,1,128,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(133,1,202,608,186200896,3,1,129,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(134,1,202,608,186213104,3,1,130,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(135,1,202,608,186213456,3,1,131,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(136,1,202,608,186213808,3,1,132,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(137,1,202,608,186214160,3,1,133,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(138,1,202,608,185385536,3,1,134,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(139,1,202,608,185385888,3,1,135,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(140,1,202,608,185386240,3,1,136,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(141,1,202,608,185386592,3,1,137,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(142,1,202,608,186632960,3,1,138,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(143,1,202,608,186633312,3,1,139,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(144,1,202,608,186633664,3,1,140,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(197,1,370,608,158985232,3,1,13,NULL,NULL,193681552,0);
INSERT INTO "api_args" VALUES(203,1,147,608,0,1,1,7,NULL,NULL,193681552,0);
INSERT INTO "api_args" VALUES(212,1,135,608,0,1,1,7,NULL,NULL,193678176,NULL);
INSERT INTO "api_args" VALUES(280,1,370,608,158985232,3,1,13,NULL,NULL,193683536,0);
INSERT INTO "api_args" VALUES(286,1,147,608,0,1,1,7,NULL,NULL,193683536,0);
INSERT INTO "api_args" VALUES(295,1,135,608,0,1,1,7,NULL,NULL,193678176,NULL);
INSERT INTO "api_args" VALUES(363,1,370,608,158985232,3,1,13,NULL,NULL,193684512,0);
INSERT INTO "api_args" VALUES(369,1,147,608,0,1,1,7,NULL,NULL,193684512,0);
INSERT INTO "api_args" VALUES(378,1,135,608,0,1,1,7,NULL,NULL,193678176,NULL);
INSERT INTO "api_args" VALUES(446,1,370,608,158985232,3,1,13,NULL,NULL,193685216,0);
INSERT INTO "api_args" VALUES(452,1,147,608,0,1,1,7,NULL,NULL,193685216,0);
INSERT INTO "api_args" VALUES(461,1,135,608,0,1,1,7,NULL,NULL,193678176,NULL);
CREATE TABLE api_functions (
  domain  INTEGER NOT NULL,             -- enums 'api_domain'
  cbid    INTEGER NOT NULL,
  name_id INTEGER NOT NULL,             -- strings.id
  PRIMARY KEY (domain, cbid)
) WITHOUT ROWID;
INSERT INTO "api_functions" VALUES(1,10,4);
INSERT INTO "api_functions" VALUES(1,17,3);
INSERT INTO "api_functions" VALUES(1,41,16);
INSERT INTO "api_functions" VALUES(1,134,10);
INSERT INTO "api_functions" VALUES(1,135,14);
INSERT INTO "api_functions" VALUES(1,136,13);
INSERT INTO "api_functions" VALUES(1,138,15);
INSERT INTO "api_functions" VALUES(1,147,12);
INSERT INTO "api_functions" VALUES(1,165,19);
INSERT INTO "api_functions" VALUES(1,211,18);
INSERT INTO "api_functions" VALUES(1,317,5);
INSERT INTO "api_functions" VALUES(1,370,11);
INSERT INTO "api_functions" VALUES(2,304,7);
INSERT INTO "api_functions" VALUES(2,310,9);
INSERT INTO "api_functions" VALUES(2,392,6);
INSERT INTO "api_functions" VALUES(2,652,17);
INSERT INTO "api_functions" VALUES(2,719,8);
CREATE TABLE api_summary (
  tid            INTEGER NOT NULL,
  domain         INTEGER NOT NULL,      -- enums 'api_domain'
  cbid           INTEGER NOT NULL,
  calls          INTEGER NOT NULL,      -- the calls not in api
  total_ns       INTEGER NOT NULL,      -- their time, summed
  max_ns         INTEGER NOT NULL,      -- the longest of them
  PRIMARY KEY (tid, domain, cbid)
) WITHOUT ROWID;
INSERT INTO "api_summary" VALUES(608,1,10,4,854,434);
INSERT INTO "api_summary" VALUES(608,1,17,207,54611,2153);
INSERT INTO "api_summary" VALUES(608,1,317,12,7079,2219);
INSERT INTO "api_summary" VALUES(608,2,304,4,1028,442);
INSERT INTO "api_summary" VALUES(608,2,310,8,4376,2132);
INSERT INTO "api_summary" VALUES(608,2,392,60,8455,978);
INSERT INTO "api_summary" VALUES(608,2,719,4,868,437);
CREATE TABLE callers (
  correlation_id INTEGER NOT NULL,
  domain         INTEGER NOT NULL,      -- enums 'api_domain'
  call_ns        INTEGER NOT NULL,      -- how long the call took, as the callbacks measured
  frames         TEXT NOT NULL
);
INSERT INTO "callers" VALUES(197,1,1031590,'_ZL16THCPEvent_recordP7_objectS0_+0x14a (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_python.so+0xe4566a)
?+0x0 (/usr/bin/python3.12+0x1517b3)
PyObject_Vectorcall+0x34 (/usr/bin/python3.12+0x1499b4)
_PyEval_EvalFrameDefault+0xade (/usr/bin/python3.12+0x1d710e)
PyEval_EvalCode+0x15a (/usr/bin/python3.12+0x1d55ea)
?+0x0 (/usr/bin/python3.12+0x208851)');
INSERT INTO "callers" VALUES(252,2,91318,'launch+0x903 (/root/.triton/cache/4QTIEAWQ2XJDWI74VSETGBFH5FHAPA5PHWAMFAMB5SI7LJJFPUOA/__triton_launcher.cpython-312-x86_64-linux-gnu.so+0x1da3)
?+0x0 (/usr/bin/python3.12+0x18218f)
PyObject_Call+0x6b (/usr/bin/python3.12+0x14b12b)
_PyEval_EvalFrameDefault+0x4cbd (/usr/bin/python3.12+0x1db2ed)
_PyObject_Call_Prepend+0xc1 (/usr/bin/python3.12+0x14a801)
?+0x0 (/usr/bin/python3.12+0x1a3777)');
INSERT INTO "callers" VALUES(267,1,59153,'_ZN2at6native17gpu_reduce_kernelIffLi4ELi4ENS0_14func_wrapper_tIf18__nv_hdl_wrapper_tILb0ELb1ELb0E11__nv_dl_tagIMNS0_11sum_functorIfffEEFvRNS_14TensorIteratorEEXadL_ZNS6_clES8_EELj1EEFfffEJEEEEdEEvS8_RKT3_T4_PNS0_18AccumulationBufferEl.isra.0+0x10e6 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cuda.so+0x26a5bf6)
_ZN2at6native18structured_sum_out4implERKNS_6TensorEN3c1016OptionalArrayRefIlEEbSt8optionalINS5_10ScalarTypeEES4_+0x29e (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cpu.so+0x20da48e)
_ZN3c104impl28wrap_kernel_functor_unboxed_INS0_6detail24WrapFunctionIntoFunctor_INS_26CompileTimeFunctionPointerIFN2at6TensorERKS6_NS_16OptionalArrayRefIlEEbSt8optionalINS_10ScalarTypeEEEXadL_ZNS5_12_GLOBAL__N_128wrapper_CUDA_sum_dim_IntListES8_SA_bSD_EEEES6_NS_4guts8typelist8typelistIJS8_SA_bSD_EEEEESE_E4callEPNS_14OperatorKernelENS_14DispatchKeySetES8_SA_bSD_+0x98 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cuda.so+0x3816298)
_ZN2at4_ops15sum_dim_IntList4callERKNS_6TensorEN3c1016OptionalArrayRefIlEEbSt8optionalINS5_10ScalarTypeEE+0x1fe (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cpu.so+0x2b9950e)
_ZN2at6native3sumERKNS_6TensorESt8optionalIN3c1010ScalarTypeEE+0x3b (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cpu.so+0x20cbb2b)
_ZN3c104impl28wrap_kernel_functor_unboxed_INS0_6detail24WrapFunctionIntoFunctor_INS_26CompileTimeFunctionPointerIFN2at6TensorERKS6_St8optionalINS_10ScalarTypeEEEXadL_ZNS5_12_GLOBAL__N_112_GLOBAL__N_138wrapper_CompositeExplicitAutograd__sumES8_SB_EEEES6_NS_4guts8typelist8typelistIJS8_SB_EEEEESC_E4callEPNS_14OperatorKernelENS_14DispatchKeySetES8_SB_+0xe (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cpu.so+0x31bfcee)');
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
INSERT INTO "events" VALUES(5,1,13,0,197,0,1);
INSERT INTO "events" VALUES(3,1,7,0,212,0,2);
INSERT INTO "events" VALUES(6,1,13,0,280,0,3);
INSERT INTO "events" VALUES(3,1,7,0,295,0,4);
INSERT INTO "events" VALUES(7,1,13,0,363,0,5);
INSERT INTO "events" VALUES(3,1,7,0,378,0,6);
INSERT INTO "events" VALUES(8,1,13,0,446,0,7);
INSERT INTO "events" VALUES(3,1,7,0,461,0,8);
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
INSERT INTO "mem" VALUES(5,1,1,140032641859584,16384,4,NULL);
INSERT INTO "mem" VALUES(9,1,1,140032641875968,16384,4,NULL);
INSERT INTO "mem" VALUES(10,1,1,140032641892352,16384,4,NULL);
INSERT INTO "mem" VALUES(11,1,1,140032641908736,16384,4,NULL);
INSERT INTO "mem" VALUES(12,1,1,140032641925120,16384,4,NULL);
INSERT INTO "mem" VALUES(13,1,1,140032641941504,16384,4,NULL);
INSERT INTO "mem" VALUES(14,1,1,140032641957888,16384,4,NULL);
INSERT INTO "mem" VALUES(15,1,1,140032641974272,16384,4,NULL);
INSERT INTO "mem" VALUES(146,1,1,140032149028864,2097152,1,NULL);
INSERT INTO "mem" VALUES(156,1,1,140032151126016,2097152,1,NULL);
INSERT INTO "mem" VALUES(237,1,3,140032641925120,16384,NULL,NULL);
INSERT INTO "mem" VALUES(237,1,4,140032151126016,16384,NULL,NULL);
INSERT INTO "mem" VALUES(252,2,5,140032151142400,NULL,0,NULL);
INSERT INTO "mem" VALUES(252,2,5,140032149062144,NULL,1,NULL);
INSERT INTO "mem" VALUES(320,1,3,140032641941504,16384,NULL,NULL);
INSERT INTO "mem" VALUES(320,1,4,140032151142400,16384,NULL,NULL);
INSERT INTO "mem" VALUES(335,2,5,140032151126016,NULL,0,NULL);
INSERT INTO "mem" VALUES(335,2,5,140032149078528,NULL,1,NULL);
INSERT INTO "mem" VALUES(403,1,3,140032641957888,16384,NULL,NULL);
INSERT INTO "mem" VALUES(403,1,4,140032151126016,16384,NULL,NULL);
INSERT INTO "mem" VALUES(418,2,5,140032151142400,NULL,0,NULL);
INSERT INTO "mem" VALUES(418,2,5,140032149062144,NULL,1,NULL);
INSERT INTO "mem" VALUES(486,1,3,140032641974272,16384,NULL,NULL);
INSERT INTO "mem" VALUES(486,1,4,140032151142400,16384,NULL,NULL);
INSERT INTO "mem" VALUES(501,2,5,140032151126016,NULL,0,NULL);
INSERT INTO "mem" VALUES(501,2,5,140032149078528,NULL,1,NULL);
INSERT INTO "mem" VALUES(537,1,1,140032641990656,4,4,NULL);
CREATE TABLE meta (
  key   TEXT PRIMARY KEY NOT NULL,
  value TEXT
) WITHOUT ROWID;
INSERT INTO "meta" VALUES('api_calls_seen','163');
INSERT INTO "meta" VALUES('api_clock','realtime');
INSERT INTO "meta" VALUES('api_clock_skew_ns','2');
INSERT INTO "meta" VALUES('api_launches_seen','8');
INSERT INTO "meta" VALUES('api_launches_without_ops','0');
INSERT INTO "meta" VALUES('api_level','full');
INSERT INTO "meta" VALUES('api_queries','summary');
INSERT INTO "meta" VALUES('api_query_min_ns','10000');
INSERT INTO "meta" VALUES('api_timing','all');
INSERT INTO "meta" VALUES('callers_naming_cpu_ns','12251213');
INSERT INTO "meta" VALUES('capture.mode','cudaProfilerApi');
INSERT INTO "meta" VALUES('capture.window.1','5390697104 5397760780');
INSERT INTO "meta" VALUES('capture.windows','1');
INSERT INTO "meta" VALUES('clean_exit','1');
INSERT INTO "meta" VALUES('cmdline','python3 triton_upload.py --size host');
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
INSERT INTO "meta" VALUES('device.0.uuid','GPU-af72fc20-c17f-c3c1-e5d9-85d78fcfe369');
INSERT INTO "meta" VALUES('device_count','1');
INSERT INTO "meta" VALUES('driver_version','13000');
INSERT INTO "meta" VALUES('dropped_callback_rows','0');
INSERT INTO "meta" VALUES('dropped_records','0');
INSERT INTO "meta" VALUES('end_time','2026-12-03T21:50:10.728Z');
INSERT INTO "meta" VALUES('exit_status','0');
INSERT INTO "meta" VALUES('host','vm');
INSERT INTO "meta" VALUES('incomplete_records','0');
INSERT INTO "meta" VALUES('inject_version','0.1.0');
INSERT INTO "meta" VALUES('mem_allocations_live','11');
INSERT INTO "meta" VALUES('mem_kernel_functions','2');
INSERT INTO "meta" VALUES('mem_launches_without_layout','0');
INSERT INTO "meta" VALUES('mem_tracking','on');
INSERT INTO "meta" VALUES('nccl_version','2.28.9');
INSERT INTO "meta" VALUES('nccl_version_code','22809');
INSERT INTO "meta" VALUES('os','Linux 6.18.44-fc-v1252-gpu x86_64');
INSERT INTO "meta" VALUES('pid','608');
INSERT INTO "meta" VALUES('runtime_version','13000');
INSERT INTO "meta" VALUES('skipped_records','0');
INSERT INTO "meta" VALUES('start_time','2026-12-03T21:50:04.713Z');
INSERT INTO "meta" VALUES('thread_clock','tsc');
INSERT INTO "meta" VALUES('thread_clock_ticks_per_us','2100.000');
INSERT INTO "meta" VALUES('tool_version','0.1.0');
INSERT INTO "meta" VALUES('trace_start_ns','1796334604713169935');
INSERT INTO "meta" VALUES('tracer_driver_calls','10');
INSERT INTO "meta" VALUES('tracer_end_ns','5751721915');
INSERT INTO "meta" VALUES('tracer_pid','608');
INSERT INTO "meta" VALUES('tracer_status','finished');
INSERT INTO "meta" VALUES('writer_cpu_ns','6518797');
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
INSERT INTO "op_shapes" VALUES(2,1,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,4,1,1,128,1,1,18,0,0,NULL,NULL);
INSERT INTO "op_shapes" VALUES(3,2,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,1,1,1,4,1,1,32,16,0,NULL,NULL);
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
INSERT INTO "ops" VALUES(1,2,5392116061,1536,0,1,13,237,1,1);
INSERT INTO "ops" VALUES(2,1,5392299388,960,0,1,7,252,2,0);
INSERT INTO "ops" VALUES(3,1,5392445403,1505,0,1,7,267,3,0);
INSERT INTO "ops" VALUES(4,2,5392657915,1536,0,1,13,320,1,1);
INSERT INTO "ops" VALUES(5,1,5392704634,928,0,1,7,335,2,0);
INSERT INTO "ops" VALUES(6,1,5392734074,1568,0,1,7,350,3,0);
INSERT INTO "ops" VALUES(7,2,5392802074,1536,0,1,13,403,1,1);
INSERT INTO "ops" VALUES(8,1,5392835802,928,0,1,7,418,2,0);
INSERT INTO "ops" VALUES(9,1,5392858714,1536,0,1,7,433,3,0);
INSERT INTO "ops" VALUES(10,2,5392922681,1729,0,1,13,486,1,1);
INSERT INTO "ops" VALUES(11,1,5392969433,928,0,1,7,501,2,0);
INSERT INTO "ops" VALUES(12,1,5392996857,1600,0,1,7,516,3,0);
CREATE TABLE overheads (
  id             INTEGER PRIMARY KEY,
  kind           INTEGER NOT NULL,      -- CUpti_ActivityOverheadKind
  start_ns       INTEGER NOT NULL,
  end_ns         INTEGER NOT NULL,
  object_kind    INTEGER,               -- CUpti_ActivityObjectKind
  object_id      INTEGER,               -- thread id or device id, by object_kind
  correlation_id INTEGER
);
INSERT INTO "overheads" VALUES(1,458752,5390736877,5391748239,2,608,197);
INSERT INTO "overheads" VALUES(2,65536,5393126943,5393198267,2,630,0);
INSERT INTO "overheads" VALUES(3,458752,5393201098,5397572636,2,630,0);
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
INSERT INTO "streams" VALUES(1,13,2,0,158985232,3);
INSERT INTO "streams" VALUES(1,14,2,4294967295,184572416,3);
INSERT INTO "streams" VALUES(1,15,2,4294967294,184572768,3);
INSERT INTO "streams" VALUES(1,16,2,4294967293,184573120,3);
INSERT INTO "streams" VALUES(1,17,2,0,184573472,3);
INSERT INTO "streams" VALUES(1,18,2,4294967295,184585680,3);
INSERT INTO "streams" VALUES(1,19,2,4294967294,184586032,3);
INSERT INTO "streams" VALUES(1,20,2,4294967293,184586384,3);
INSERT INTO "streams" VALUES(1,21,2,0,184586736,3);
INSERT INTO "streams" VALUES(1,22,2,4294967295,184638496,3);
INSERT INTO "streams" VALUES(1,23,2,4294967294,184638848,3);
INSERT INTO "streams" VALUES(1,24,2,4294967293,184639200,3);
INSERT INTO "streams" VALUES(1,25,2,0,184639552,3);
INSERT INTO "streams" VALUES(1,26,2,4294967295,184651760,3);
INSERT INTO "streams" VALUES(1,27,2,4294967294,184652112,3);
INSERT INTO "streams" VALUES(1,28,2,4294967293,184652464,3);
INSERT INTO "streams" VALUES(1,29,2,0,184652816,3);
INSERT INTO "streams" VALUES(1,30,2,4294967295,184704576,3);
INSERT INTO "streams" VALUES(1,31,2,4294967294,184704928,3);
INSERT INTO "streams" VALUES(1,32,2,4294967293,184705280,3);
INSERT INTO "streams" VALUES(1,33,2,0,184705632,3);
INSERT INTO "streams" VALUES(1,34,2,4294967295,184717840,3);
INSERT INTO "streams" VALUES(1,35,2,4294967294,184718192,3);
INSERT INTO "streams" VALUES(1,36,2,4294967293,184718544,3);
INSERT INTO "streams" VALUES(1,37,2,0,184718896,3);
INSERT INTO "streams" VALUES(1,38,2,4294967295,154156832,3);
INSERT INTO "streams" VALUES(1,39,2,4294967294,154157184,3);
INSERT INTO "streams" VALUES(1,40,2,4294967293,154157536,3);
INSERT INTO "streams" VALUES(1,41,2,0,154157888,3);
INSERT INTO "streams" VALUES(1,42,2,4294967295,184785200,3);
INSERT INTO "streams" VALUES(1,43,2,4294967294,184785552,3);
INSERT INTO "streams" VALUES(1,44,2,4294967293,184785904,3);
INSERT INTO "streams" VALUES(1,45,2,0,184786256,3);
INSERT INTO "streams" VALUES(1,46,2,4294967295,184838016,3);
INSERT INTO "streams" VALUES(1,47,2,4294967294,184838368,3);
INSERT INTO "streams" VALUES(1,48,2,4294967293,185187696,3);
INSERT INTO "streams" VALUES(1,49,2,0,185188048,3);
INSERT INTO "streams" VALUES(1,50,2,4294967295,185200256,3);
INSERT INTO "streams" VALUES(1,51,2,4294967294,185200608,3);
INSERT INTO "streams" VALUES(1,52,2,4294967293,185200960,3);
INSERT INTO "streams" VALUES(1,53,2,0,185201312,3);
INSERT INTO "streams" VALUES(1,54,2,4294967295,185253072,3);
INSERT INTO "streams" VALUES(1,55,2,4294967294,185253424,3);
INSERT INTO "streams" VALUES(1,56,2,4294967293,185253776,3);
INSERT INTO "streams" VALUES(1,57,2,0,185254128,3);
INSERT INTO "streams" VALUES(1,58,2,4294967295,185265696,3);
INSERT INTO "streams" VALUES(1,59,2,4294967294,185266048,3);
INSERT INTO "streams" VALUES(1,60,2,4294967293,185266400,3);
INSERT INTO "streams" VALUES(1,61,2,0,185266752,3);
INSERT INTO "streams" VALUES(1,62,2,4294967295,185319456,3);
INSERT INTO "streams" VALUES(1,63,2,4294967294,185319808,3);
INSERT INTO "streams" VALUES(1,64,2,4294967293,185320160,3);
INSERT INTO "streams" VALUES(1,65,2,0,185320512,3);
INSERT INTO "streams" VALUES(1,66,2,4294967295,185332720,3);
INSERT INTO "streams" VALUES(1,67,2,4294967294,185333072,3);
INSERT INTO "streams" VALUES(1,68,2,4294967293,185333424,3);
INSERT INTO "streams" VALUES(1,69,2,0,185333776,3);
INSERT INTO "streams" VALUES(1,70,2,4294967295,184770656,3);
INSERT INTO "streams" VALUES(1,71,2,4294967294,184771008,3);
INSERT INTO "streams" VALUES(1,72,2,4294967293,184771360,3);
INSERT INTO "streams" VALUES(1,73,2,0,184771712,3);
INSERT INTO "streams" VALUES(1,74,2,4294967295,185401360,3);
INSERT INTO "streams" VALUES(1,75,2,4294967294,185401712,3);
INSERT INTO "streams" VALUES(1,76,2,4294967293,185402064,3);
INSERT INTO "streams" VALUES(1,77,2,0,185402416,3);
INSERT INTO "streams" VALUES(1,78,2,4294967295,185454176,3);
INSERT INTO "streams" VALUES(1,79,2,4294967294,185454528,3);
INSERT INTO "streams" VALUES(1,80,2,4294967293,185454880,3);
INSERT INTO "streams" VALUES(1,81,2,0,185455232,3);
INSERT INTO "streams" VALUES(1,82,2,4294967295,185467440,3);
INSERT INTO "streams" VALUES(1,83,2,4294967294,185467792,3);
INSERT INTO "streams" VALUES(1,84,2,4294967293,185468144,3);
INSERT INTO "streams" VALUES(1,85,2,0,185468496,3);
INSERT INTO "streams" VALUES(1,86,2,4294967295,185520256,3);
INSERT INTO "streams" VALUES(1,87,2,4294967294,185520608,3);
INSERT INTO "streams" VALUES(1,88,2,4294967293,185520960,3);
INSERT INTO "streams" VALUES(1,89,2,0,185521312,3);
INSERT INTO "streams" VALUES(1,90,2,4294967295,185533520,3);
INSERT INTO "streams" VALUES(1,91,2,4294967294,185882528,3);
INSERT INTO "streams" VALUES(1,92,2,4294967293,185882880,3);
INSERT INTO "streams" VALUES(1,93,2,0,185883232,3);
INSERT INTO "streams" VALUES(1,94,2,4294967295,185934992,3);
INSERT INTO "streams" VALUES(1,95,2,4294967294,185935344,3);
INSERT INTO "streams" VALUES(1,96,2,4294967293,185935696,3);
INSERT INTO "streams" VALUES(1,97,2,0,185936048,3);
INSERT INTO "streams" VALUES(1,98,2,4294967295,185948256,3);
INSERT INTO "streams" VALUES(1,99,2,4294967294,185948608,3);
INSERT INTO "streams" VALUES(1,100,2,4294967293,185948960,3);
INSERT INTO "streams" VALUES(1,101,2,0,185949312,3);
INSERT INTO "streams" VALUES(1,102,2,4294967295,186001072,3);
INSERT INTO "streams" VALUES(1,103,2,4294967294,186001424,3);
INSERT INTO "streams" VALUES(1,104,2,4294967293,186001776,3);
INSERT INTO "streams" VALUES(1,105,2,0,186002128,3);
INSERT INTO "streams" VALUES(1,106,2,4294967295,186014336,3);
INSERT INTO "streams" VALUES(1,107,2,4294967294,186014688,3);
INSERT INTO "streams" VALUES(1,108,2,4294967293,186015040,3);
INSERT INTO "streams" VALUES(1,109,2,0,186015392,3);
INSERT INTO "streams" VALUES(1,110,2,4294967295,186067152,3);
INSERT INTO "streams" VALUES(1,111,2,4294967294,186067504,3);
INSERT INTO "streams" VALUES(1,112,2,4294967293,186067856,3);
INSERT INTO "streams" VALUES(1,113,2,0,186068208,3);
INSERT INTO "streams" VALUES(1,114,2,4294967295,186080416,3);
INSERT INTO "streams" VALUES(1,115,2,4294967294,186080768,3);
INSERT INTO "streams" VALUES(1,116,2,4294967293,186081120,3);
INSERT INTO "streams" VALUES(1,117,2,0,186081472,3);
INSERT INTO "streams" VALUES(1,118,2,4294967295,186133232,3);
INSERT INTO "streams" VALUES(1,119,2,4294967294,186133584,3);
INSERT INTO "streams" VALUES(1,120,2,4294967293,186133936,3);
INSERT INTO "streams" VALUES(1,121,2,0,186134288,3);
INSERT INTO "streams" VALUES(1,122,2,4294967295,186146016,3);
INSERT INTO "streams" VALUES(1,123,2,4294967294,186146368,3);
INSERT INTO "streams" VALUES(1,124,2,4294967293,186146720,3);
INSERT INTO "streams" VALUES(1,125,2,0,186147072,3);
INSERT INTO "streams" VALUES(1,126,2,4294967295,186199840,3);
INSERT INTO "streams" VALUES(1,127,2,4294967294,186200192,3);
INSERT INTO "streams" VALUES(1,128,2,4294967293,186200544,3);
INSERT INTO "streams" VALUES(1,129,2,0,186200896,3);
INSERT INTO "streams" VALUES(1,130,2,4294967295,186213104,3);
INSERT INTO "streams" VALUES(1,131,2,4294967294,186213456,3);
INSERT INTO "streams" VALUES(1,132,2,4294967293,186213808,3);
INSERT INTO "streams" VALUES(1,133,2,0,186214160,3);
INSERT INTO "streams" VALUES(1,134,2,4294967295,185385536,3);
INSERT INTO "streams" VALUES(1,135,2,4294967294,185385888,3);
INSERT INTO "streams" VALUES(1,136,2,4294967293,185386240,3);
INSERT INTO "streams" VALUES(1,137,2,0,185386592,3);
INSERT INTO "streams" VALUES(1,138,2,4294967295,186632960,3);
INSERT INTO "streams" VALUES(1,139,2,4294967294,186633312,3);
INSERT INTO "streams" VALUES(1,140,2,4294967293,186633664,3);
CREATE TABLE strings (
  id    INTEGER PRIMARY KEY,
  value TEXT NOT NULL UNIQUE
);
INSERT INTO "strings" VALUES(1,'fma_loop');
INSERT INTO "strings" VALUES(2,'_ZN2at6native13reduce_kernelILi512ELi1ENS0_8ReduceOpIfNS0_14func_wrapper_tIfZNS0_11sum_functorIfffEclERNS_14TensorIteratorEEUlffE_EEjfLi4ELi4EEEEEvT1_');
INSERT INTO "strings" VALUES(3,'cudaGetDevice');
INSERT INTO "strings" VALUES(4,'cudaGetLastError');
INSERT INTO "strings" VALUES(5,'cudaStreamIsCapturing');
INSERT INTO "strings" VALUES(6,'cuDevicePrimaryCtxGetState');
INSERT INTO "strings" VALUES(7,'cuCtxGetCurrent');
INSERT INTO "strings" VALUES(8,'cuKernelGetName');
INSERT INTO "strings" VALUES(9,'cuPointerGetAttribute');
INSERT INTO "strings" VALUES(10,'cudaEventCreateWithFlags');
INSERT INTO "strings" VALUES(11,'cudaEventRecordWithFlags');
INSERT INTO "strings" VALUES(12,'cudaStreamWaitEvent');
INSERT INTO "strings" VALUES(13,'cudaEventDestroy');
INSERT INTO "strings" VALUES(14,'cudaEventRecord');
INSERT INTO "strings" VALUES(15,'cudaEventQuery');
INSERT INTO "strings" VALUES(16,'cudaMemcpyAsync');
INSERT INTO "strings" VALUES(17,'cuLaunchKernelEx');
INSERT INTO "strings" VALUES(18,'cudaLaunchKernel');
INSERT INTO "strings" VALUES(19,'cudaDeviceSynchronize');
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
INSERT INTO "syncs" VALUES(1,2,5391890460,5391894029,1,7,5,203,0);
INSERT INTO "syncs" VALUES(2,1,5392053861,5392058802,1,NULL,3,226,0);
INSERT INTO "syncs" VALUES(3,2,5392590270,5392591666,1,7,6,286,0);
INSERT INTO "syncs" VALUES(4,1,5392629789,5392632824,1,NULL,3,309,0);
INSERT INTO "syncs" VALUES(5,2,5392754437,5392754959,1,7,7,369,0);
INSERT INTO "syncs" VALUES(6,1,5392783005,5392784956,1,NULL,3,392,0);
INSERT INTO "syncs" VALUES(7,2,5392877107,5392877572,1,7,8,452,0);
INSERT INTO "syncs" VALUES(8,1,5392902874,5392904569,1,NULL,3,475,0);
INSERT INTO "syncs" VALUES(9,4,5393013171,5393035631,1,NULL,NULL,522,0);
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
