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
INSERT INTO "api" VALUES(1584,134,6085452414,2276,660,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1632,370,6085460677,901798,660,0,3,1,13,NULL,NULL);
INSERT INTO "api" VALUES(1680,147,6086479962,6937,660,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(1712,136,6086490331,2950,660,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1752,134,6086505038,2174,660,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1760,135,6086507686,3241,660,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(1872,138,6086643087,6479,660,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1880,138,6086651403,775,660,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1968,41,6086678739,24763,660,0,3,1,13,139808299024384,134217728);
INSERT INTO "api" VALUES(2092,652,6086799823,86988,660,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(2208,211,6086972080,69023,660,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(2264,134,6087184877,1609,660,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(2312,370,6087189792,2845,660,0,3,1,13,NULL,NULL);
INSERT INTO "api" VALUES(2360,147,6087195955,2322,660,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(2392,136,6087200358,1289,660,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(2432,135,6087204785,2019,660,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(2544,138,6087238042,1650,660,600,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(2640,41,6087250196,9599,660,0,3,1,13,139808164806656,134217728);
INSERT INTO "api" VALUES(2696,138,6087270395,902,660,600,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(2780,652,6087301450,8035,660,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(2832,138,6087325027,999,660,600,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(2912,211,6087338838,9806,660,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(2968,134,6087364032,898,660,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(3016,370,6087367571,1321,660,0,3,1,13,NULL,NULL);
INSERT INTO "api" VALUES(3064,147,6087371959,1144,660,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(3096,136,6087374740,679,660,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(3136,135,6087377757,1398,660,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(3248,138,6087402786,819,660,600,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(3288,20,6087409347,160597,660,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(3376,41,6087700989,10773,660,0,3,1,13,139808030588928,134217728);
INSERT INTO "api" VALUES(3432,138,6087728197,1654,660,600,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(3516,652,6087766655,12198,660,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(3568,138,6087797870,957,660,600,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(3648,211,6087812613,8968,660,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(3704,134,6087845620,1262,660,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(3752,370,6087849844,1740,660,0,3,1,13,NULL,NULL);
INSERT INTO "api" VALUES(3800,147,6087854866,1770,660,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(3832,136,6087858684,936,660,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(3872,134,6087876513,945,660,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(3880,135,6087877856,2053,660,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(3992,138,6087911632,1194,660,600,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(4032,20,6087917009,134169,660,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(4120,41,6088086725,8855,660,0,3,1,13,139807896371200,134217728);
INSERT INTO "api" VALUES(4176,138,6088107921,1469,660,600,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(4260,652,6088141934,10099,660,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(4312,138,6088169673,898,660,600,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(4392,211,6088180740,8801,660,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(4440,165,6088209116,8294567,660,0,NULL,NULL,NULL,NULL,NULL);
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
INSERT INTO "api_args" VALUES(17,1,202,660,1154494928,3,1,13,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(18,1,202,660,1154546096,3,1,14,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(19,1,202,660,1154546448,3,1,15,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(20,1,202,660,1154546800,3,1,16,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(21,1,202,660,1154547152,3,1,17,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(22,1,202,660,1154559680,3,1,18,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(23,1,202,660,1154560032,3,1,19,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(24,1,202,660,1154560384,3,1,20,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(25,1,202,660,1154560736,3,1,21,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(26,1,202,660,1154612496,3,1,22,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(27,1,202,660,1154612848,3,1,23,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(28,1,202,660,1154613200,3,1,24,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(29,1,202,660,1154613552,3,1,25,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(30,1,202,660,1154625760,3,1,26,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(31,1,202,660,1154626112,3,1,27,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(32,1,202,660,1154626464,3,1,28,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(33,1,202,660,1154626816,3,1,29,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(34,1,202,660,1154678576,3,1,30,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(35,1,202,660,1154678928,3,1,31,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(36,1,202,660,1154679280,3,1,32,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(37,1,202,660,1154679632,3,1,33,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(38,1,202,660,1154691840,3,1,34,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(39,1,202,660,1154692192,3,1,35,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(40,1,202,660,1154692544,3,1,36,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(41,1,202,660,1154692896,3,1,37,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(42,1,202,660,1129712496,3,1,38,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(43,1,202,660,1129712848,3,1,39,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(44,1,202,660,1129713200,3,1,40,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(45,1,202,660,1129713552,3,1,41,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(46,1,202,660,1154759200,3,1,42,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(47,1,202,660,1154759552,3,1,43,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(48,1,202,660,1154759904,3,1,44,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(49,1,202,660,1154760256,3,1,45,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(50,1,202,660,1154812016,3,1,46,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(51,1,202,660,1154812368,3,1,47,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(52,1,202,660,1155161600,3,1,48,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(53,1,202,660,1155161952,3,1,49,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(54,1,202,660,1155174160,3,1,50,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(55,1,202,660,1155174512,3,1,51,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(56,1,202,660,1155174864,3,1,52,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(57,1,202,660,1155175216,3,1,53,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(58,1,202,660,1155226976,3,1,54,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(59,1,202,660,1155227328,3,1,55,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(60,1,202,660,1155227680,3,1,56,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(61,1,202,660,1155228032,3,1,57,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(62,1,202,660,1155240240,3,1,58,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(63,1,202,660,1155240592,3,1,59,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(64,1,202,660,1155240944,3,1,60,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(65,1,202,660,1155241296,3,1,61,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(66,1,202,660,1155292416,3,1,62,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(67,1,202,660,1155292768,3,1,63,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(68,1,202,660,1155293120,3,1,64,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(69,1,202,660,1155293472,3,1,65,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(70,1,202,660,1155306784,3,1,66,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(71,1,202,660,1155307136,3,1,67,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(72,1,202,660,1155307488,3,1,68,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(73,1,202,660,1155307840,3,1,69,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(74,1,202,660,1154744656,3,1,70,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(75,1,202,660,1154745008,3,1,71,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(76,1,202,660,1154745360,3,1,72,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(77,1,202,660,1154745712,3,1,73,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(78,1,202,660,1155375424,3,1,74,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(79,1,202,660,1155375776,3,1,75,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(80,1,202,660,1155376128,3,1,76,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(81,1,202,660,1155376480,3,1,77,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(82,1,202,660,1155428240,3,1,78,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(83,1,202,660,1155428592,3,1,79,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(84,1,202,660,1155428944,3,1,80,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(85,1,202,660,1155429296,3,1,81,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(86,1,202,660,1155441504,3,1,82,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(87,1,202,660,1155441856,3,1,83,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(88,1,202,660,1155442208,3,1,84,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(89,1,202,660,1155442560,3,1,85,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(90,1,202,660,1155494320,3,1,86,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(91,1,202,660,1155494672,3,1,87,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(92,1,202,660,1155495024,3,1,88,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(93,1,202,660,1155495376,3,1,89,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(94,1,202,660,1155507584,3,1,90,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(95,1,202,660,1155856592,3,1,91,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(96,1,202,660,1155856944,3,1,92,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(97,1,202,660,1155857296,3,1,93,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(98,1,202,660,1155909056,3,1,94,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(99,1,202,660,1155909408,3,1,95,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(100,1,202,660,1155909760,3,1,96,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(101,1,202,660,1155910112,3,1,97,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(102,1,202,660,1155922320,3,1,98,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(103,1,202,660,1155922672,3,1,99,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(104,1,202,660,1155923024,3,1,100,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(105,1,202,660,1155923376,3,1,101,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(106,1,202,660,1155975136,3,1,102,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(107,1,202,660,1155975488,3,1,103,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(108,1,202,660,1155975840,3,1,104,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(109,1,202,660,1155976192,3,1,105,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(110,1,202,660,1155988400,3,1,106,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(111,1,202,660,1155988752,3,1,107,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(112,1,202,660,1155989104,3,1,108,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(113,1,202,660,1155989456,3,1,109,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(114,1,202,660,1156041216,3,1,110,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(115,1,202,660,1156041568,3,1,111,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(116,1,202,660,1156041920,3,1,112,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(117,1,202,660,1156042272,3,1,113,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(118,1,202,660,1156054480,3,1,114,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(119,1,202,660,1156054832,3,1,115,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(120,1,202,660,1156055184,3,1,116,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(121,1,202,660,1156055536,3,1,117,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(122,1,202,660,1156107296,3,1,118,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(123,1,202,660,1156107648,3,1,119,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(124,1,202,660,1156108000,3,1,120,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(125,1,202,660,1156108352,3,1,121,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(126,1,202,660,1156120560,3,1,122,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(127,1,202,660,1156120912,3,1,123,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(128,1,202,660,1156121264,3,1,124,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(129,1,202,660,1156121616,3,1,125,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(130,1,202,660,1156173216,3,1,126,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(131,1,202,660,1156173568,3,1,127,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(132,1,202,660,1156173920,3,1,128,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(133,1,202,660,1156174272,3,1,129,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(134,1,202,660,1156187552,3,1,130,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(135,1,202,660,1156187904,3,1,131,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(136,1,202,660,1156188256,3,1,132,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(137,1,202,660,1156188608,3,1,133,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(138,1,202,660,1155359600,3,1,134,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(139,1,202,660,1155359952,3,1,135,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(140,1,202,660,1155360304,3,1,136,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(141,1,202,660,1155360656,3,1,137,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(142,1,202,660,1156607408,3,1,138,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(143,1,202,660,1156607760,3,1,139,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(144,1,202,660,1156608112,3,1,140,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(204,1,370,660,1154494928,3,1,13,NULL,NULL,1163567616,0);
INSERT INTO "api_args" VALUES(210,1,147,660,0,1,1,7,NULL,NULL,1163567616,0);
INSERT INTO "api_args" VALUES(220,1,135,660,0,1,1,7,NULL,NULL,1163567616,NULL);
INSERT INTO "api_args" VALUES(289,1,370,660,1154494928,3,1,13,NULL,NULL,1163570560,0);
INSERT INTO "api_args" VALUES(295,1,147,660,0,1,1,7,NULL,NULL,1163570560,0);
INSERT INTO "api_args" VALUES(304,1,135,660,0,1,1,7,NULL,NULL,1163567616,NULL);
INSERT INTO "api_args" VALUES(377,1,370,660,1154494928,3,1,13,NULL,NULL,1163571328,0);
INSERT INTO "api_args" VALUES(383,1,147,660,0,1,1,7,NULL,NULL,1163571328,0);
INSERT INTO "api_args" VALUES(392,1,135,660,0,1,1,7,NULL,NULL,1163559360,NULL);
INSERT INTO "api_args" VALUES(469,1,370,660,1154494928,3,1,13,NULL,NULL,1163575920,0);
INSERT INTO "api_args" VALUES(475,1,147,660,0,1,1,7,NULL,NULL,1163575920,0);
INSERT INTO "api_args" VALUES(485,1,135,660,0,1,1,7,NULL,NULL,1163575920,NULL);
CREATE TABLE api_functions (
  domain  INTEGER NOT NULL,             -- enums 'api_domain'
  cbid    INTEGER NOT NULL,
  name_id INTEGER NOT NULL,             -- strings.id
  PRIMARY KEY (domain, cbid)
) WITHOUT ROWID;
INSERT INTO "api_functions" VALUES(1,10,4);
INSERT INTO "api_functions" VALUES(1,17,3);
INSERT INTO "api_functions" VALUES(1,20,19);
INSERT INTO "api_functions" VALUES(1,41,16);
INSERT INTO "api_functions" VALUES(1,134,10);
INSERT INTO "api_functions" VALUES(1,135,14);
INSERT INTO "api_functions" VALUES(1,136,13);
INSERT INTO "api_functions" VALUES(1,138,15);
INSERT INTO "api_functions" VALUES(1,147,12);
INSERT INTO "api_functions" VALUES(1,165,20);
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
INSERT INTO "api_summary" VALUES(660,1,10,15,2105,351);
INSERT INTO "api_summary" VALUES(660,1,17,209,59221,2011);
INSERT INTO "api_summary" VALUES(660,1,317,14,7973,1766);
INSERT INTO "api_summary" VALUES(660,2,304,4,1054,370);
INSERT INTO "api_summary" VALUES(660,2,310,8,4600,925);
INSERT INTO "api_summary" VALUES(660,2,392,60,9588,1194);
INSERT INTO "api_summary" VALUES(660,2,719,4,1499,744);
CREATE TABLE callers (
  correlation_id INTEGER NOT NULL,
  domain         INTEGER NOT NULL,      -- enums 'api_domain'
  call_ns        INTEGER NOT NULL,      -- how long the call took, as the callbacks measured
  frames         TEXT NOT NULL
);
INSERT INTO "callers" VALUES(204,1,901798,'_ZL16THCPEvent_recordP7_objectS0_+0x14a (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_python.so+0xe4566a)
?+0x0 (/usr/bin/python3.12+0x1517b3)
PyObject_Vectorcall+0x34 (/usr/bin/python3.12+0x1499b4)
_PyEval_EvalFrameDefault+0xade (/usr/bin/python3.12+0x1d710e)
PyEval_EvalCode+0x15a (/usr/bin/python3.12+0x1d55ea)
?+0x0 (/usr/bin/python3.12+0x208851)');
INSERT INTO "callers" VALUES(261,2,86988,'launch+0x903 (/root/.triton/cache/4QTIEAWQ2XJDWI74VSETGBFH5FHAPA5PHWAMFAMB5SI7LJJFPUOA/__triton_launcher.cpython-312-x86_64-linux-gnu.so+0x1da3)
?+0x0 (/usr/bin/python3.12+0x18218f)
PyObject_Call+0x6b (/usr/bin/python3.12+0x14b12b)
_PyEval_EvalFrameDefault+0x4cbd (/usr/bin/python3.12+0x1db2ed)
_PyObject_Call_Prepend+0xc1 (/usr/bin/python3.12+0x14a801)
?+0x0 (/usr/bin/python3.12+0x1a3777)');
INSERT INTO "callers" VALUES(276,1,69023,'_ZN2at6native17gpu_reduce_kernelIffLi4ELi4ENS0_14func_wrapper_tIf18__nv_hdl_wrapper_tILb0ELb1ELb0E11__nv_dl_tagIMNS0_11sum_functorIfffEEFvRNS_14TensorIteratorEEXadL_ZNS6_clES8_EELj1EEFfffEJEEEEdEEvS8_RKT3_T4_PNS0_18AccumulationBufferEl.isra.0+0x10e6 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cuda.so+0x26a5bf6)
_ZN2at6native18structured_sum_out4implERKNS_6TensorEN3c1016OptionalArrayRefIlEEbSt8optionalINS5_10ScalarTypeEES4_+0x29e (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cpu.so+0x20da48e)
_ZN3c104impl28wrap_kernel_functor_unboxed_INS0_6detail24WrapFunctionIntoFunctor_INS_26CompileTimeFunctionPointerIFN2at6TensorERKS6_NS_16OptionalArrayRefIlEEbSt8optionalINS_10ScalarTypeEEEXadL_ZNS5_12_GLOBAL__N_128wrapper_CUDA_sum_dim_IntListES8_SA_bSD_EEEES6_NS_4guts8typelist8typelistIJS8_SA_bSD_EEEEESE_E4callEPNS_14OperatorKernelENS_14DispatchKeySetES8_SA_bSD_+0x98 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cuda.so+0x3816298)
_ZN2at4_ops15sum_dim_IntList4callERKNS_6TensorEN3c1016OptionalArrayRefIlEEbSt8optionalINS5_10ScalarTypeEE+0x1fe (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cpu.so+0x2b9950e)
_ZN2at6native3sumERKNS_6TensorESt8optionalIN3c1010ScalarTypeEE+0x3b (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cpu.so+0x20cbb2b)
_ZN3c104impl28wrap_kernel_functor_unboxed_INS0_6detail24WrapFunctionIntoFunctor_INS_26CompileTimeFunctionPointerIFN2at6TensorERKS6_St8optionalINS_10ScalarTypeEEEXadL_ZNS5_12_GLOBAL__N_112_GLOBAL__N_138wrapper_CompositeExplicitAutograd__sumES8_SB_EEEES6_NS_4guts8typelist8typelistIJS8_SB_EEEEESC_E4callEPNS_14OperatorKernelENS_14DispatchKeySetES8_SB_+0xe (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cpu.so+0x31bfcee)');
INSERT INTO "callers" VALUES(411,1,160597,'_ZN3c104cuda20CUDACachingAllocator6Native22DeviceCachingAllocator11alloc_blockERNS2_12_GLOBAL__N_111AllocParamsEbRKSt10shared_ptrINS_15GatheredContextEERSt11unique_lockISt15recursive_mutexE+0xca (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libc10_cuda.so+0x2f4ca)
_ZN3c104cuda20CUDACachingAllocator6Native22DeviceCachingAllocator6mallocEmP11CUstream_st+0x547 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libc10_cuda.so+0x42727)
_ZN3c104cuda20CUDACachingAllocator6Native22NativeCachingAllocator6mallocEPPvamP11CUstream_st+0x51 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libc10_cuda.so+0x445e1)
_ZN3c104cuda20CUDACachingAllocator6Native22NativeCachingAllocator8allocateEm+0x19e (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libc10_cuda.so+0x44c9e)
_ZN2at6detail21empty_strided_genericEN3c108ArrayRefIlEES3_PNS1_9AllocatorENS1_14DispatchKeySetENS1_10ScalarTypeE+0x424 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cpu.so+0x1978a94)
_ZN2at6detail18empty_strided_cudaEN3c108ArrayRefIlEES3_NS1_10ScalarTypeESt8optionalINS1_6DeviceEE+0x7d (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cuda.so+0xcd073d)');
INSERT INTO "callers" VALUES(504,1,134169,'_ZN3c104cuda20CUDACachingAllocator6Native22DeviceCachingAllocator11alloc_blockERNS2_12_GLOBAL__N_111AllocParamsEbRKSt10shared_ptrINS_15GatheredContextEERSt11unique_lockISt15recursive_mutexE+0xca (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libc10_cuda.so+0x2f4ca)
_ZN3c104cuda20CUDACachingAllocator6Native22DeviceCachingAllocator6mallocEmP11CUstream_st+0x547 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libc10_cuda.so+0x42727)
_ZN3c104cuda20CUDACachingAllocator6Native22NativeCachingAllocator6mallocEPPvamP11CUstream_st+0x51 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libc10_cuda.so+0x445e1)
_ZN3c104cuda20CUDACachingAllocator6Native22NativeCachingAllocator8allocateEm+0x19e (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libc10_cuda.so+0x44c9e)
_ZN2at6detail21empty_strided_genericEN3c108ArrayRefIlEES3_PNS1_9AllocatorENS1_14DispatchKeySetENS1_10ScalarTypeE+0x424 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cpu.so+0x1978a94)
_ZN2at6detail18empty_strided_cudaEN3c108ArrayRefIlEES3_NS1_10ScalarTypeESt8optionalINS1_6DeviceEE+0x7d (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cuda.so+0xcd073d)');
INSERT INTO "callers" VALUES(555,1,8294567,'_ZN3c104cuda18device_synchronizeEv+0x46 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libc10_cuda.so+0x46566)
_Z26THCPModule_cudaSynchronizeP7_objectS0_+0x34 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_python.so+0xe50dd4)
?+0x0 (/usr/bin/python3.12+0x181d59)
PyObject_Vectorcall+0x34 (/usr/bin/python3.12+0x1499b4)
_PyEval_EvalFrameDefault+0xade (/usr/bin/python3.12+0x1d710e)
PyEval_EvalCode+0x15a (/usr/bin/python3.12+0x1d55ea)');
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
INSERT INTO "events" VALUES(5,1,13,0,204,0,1);
INSERT INTO "events" VALUES(6,1,7,0,220,0,2);
INSERT INTO "events" VALUES(7,1,13,0,289,0,3);
INSERT INTO "events" VALUES(6,1,7,0,304,0,4);
INSERT INTO "events" VALUES(8,1,13,0,377,0,5);
INSERT INTO "events" VALUES(3,1,7,0,392,0,6);
INSERT INTO "events" VALUES(9,1,13,0,469,0,7);
INSERT INTO "events" VALUES(10,1,7,0,485,0,8);
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
INSERT INTO "mem" VALUES(5,1,1,139810949824512,134217728,4,NULL);
INSERT INTO "mem" VALUES(9,1,1,139808701677568,134217728,4,NULL);
INSERT INTO "mem" VALUES(10,1,1,139808567459840,134217728,4,NULL);
INSERT INTO "mem" VALUES(11,1,1,139808433242112,134217728,4,NULL);
INSERT INTO "mem" VALUES(12,1,1,139808299024384,134217728,4,NULL);
INSERT INTO "mem" VALUES(13,1,1,139808164806656,134217728,4,NULL);
INSERT INTO "mem" VALUES(14,1,1,139808030588928,134217728,4,NULL);
INSERT INTO "mem" VALUES(15,1,1,139807896371200,134217728,4,NULL);
INSERT INTO "mem" VALUES(146,1,1,139807762153472,134217728,1,NULL);
INSERT INTO "mem" VALUES(149,1,1,139807627935744,134217728,1,NULL);
INSERT INTO "mem" VALUES(157,1,1,139807493718016,134217728,1,NULL);
INSERT INTO "mem" VALUES(163,1,1,139807359500288,134217728,1,NULL);
INSERT INTO "mem" VALUES(166,1,1,139820854673408,2097152,1,NULL);
INSERT INTO "mem" VALUES(178,1,1,139811084042240,134217728,1,NULL);
INSERT INTO "mem" VALUES(187,1,1,139811218259968,134217728,1,NULL);
INSERT INTO "mem" VALUES(246,1,3,139808299024384,134217728,NULL,NULL);
INSERT INTO "mem" VALUES(246,1,4,139807359500288,134217728,NULL,NULL);
INSERT INTO "mem" VALUES(261,2,5,139811218259968,NULL,0,NULL);
INSERT INTO "mem" VALUES(261,2,5,139811084042240,NULL,1,NULL);
INSERT INTO "mem" VALUES(330,1,3,139808164806656,134217728,NULL,NULL);
INSERT INTO "mem" VALUES(330,1,4,139807493718016,134217728,NULL,NULL);
INSERT INTO "mem" VALUES(347,2,5,139807359500288,NULL,0,NULL);
INSERT INTO "mem" VALUES(347,2,5,139807627935744,NULL,1,NULL);
INSERT INTO "mem" VALUES(411,1,1,139811352477696,134217728,1,NULL);
INSERT INTO "mem" VALUES(422,1,3,139808030588928,134217728,NULL,NULL);
INSERT INTO "mem" VALUES(422,1,4,139811352477696,134217728,NULL,NULL);
INSERT INTO "mem" VALUES(439,2,5,139807493718016,NULL,0,NULL);
INSERT INTO "mem" VALUES(439,2,5,139811084042240,NULL,1,NULL);
INSERT INTO "mem" VALUES(504,1,1,139806688411648,134217728,1,NULL);
INSERT INTO "mem" VALUES(515,1,3,139807896371200,134217728,NULL,NULL);
INSERT INTO "mem" VALUES(515,1,4,139806688411648,134217728,NULL,NULL);
INSERT INTO "mem" VALUES(532,2,5,139811352477696,NULL,0,NULL);
INSERT INTO "mem" VALUES(532,2,5,139807627935744,NULL,1,NULL);
INSERT INTO "mem" VALUES(574,1,1,139807353208832,4,4,NULL);
CREATE TABLE meta (
  key   TEXT PRIMARY KEY NOT NULL,
  value TEXT
) WITHOUT ROWID;
INSERT INTO "meta" VALUES('api_calls_seen','170');
INSERT INTO "meta" VALUES('api_clock','realtime');
INSERT INTO "meta" VALUES('api_clock_skew_ns','2');
INSERT INTO "meta" VALUES('api_launches_seen','8');
INSERT INTO "meta" VALUES('api_launches_without_ops','0');
INSERT INTO "meta" VALUES('api_level','full');
INSERT INTO "meta" VALUES('api_queries','summary');
INSERT INTO "meta" VALUES('api_query_min_ns','10000');
INSERT INTO "meta" VALUES('api_timing','all');
INSERT INTO "meta" VALUES('callers_naming_cpu_ns','16293950');
INSERT INTO "meta" VALUES('capture.mode','cudaProfilerApi');
INSERT INTO "meta" VALUES('capture.window.1','6085412222 6100927541');
INSERT INTO "meta" VALUES('capture.windows','1');
INSERT INTO "meta" VALUES('clean_exit','1');
INSERT INTO "meta" VALUES('cmdline','python3 triton_upload.py --size gpu');
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
INSERT INTO "meta" VALUES('end_time','2026-12-03T21:50:17.788Z');
INSERT INTO "meta" VALUES('exit_status','0');
INSERT INTO "meta" VALUES('host','vm');
INSERT INTO "meta" VALUES('incomplete_records','0');
INSERT INTO "meta" VALUES('inject_version','0.1.0');
INSERT INTO "meta" VALUES('mem_allocations_live','18');
INSERT INTO "meta" VALUES('mem_kernel_functions','2');
INSERT INTO "meta" VALUES('mem_launches_without_layout','0');
INSERT INTO "meta" VALUES('mem_tracking','on');
INSERT INTO "meta" VALUES('nccl_version','2.28.9');
INSERT INTO "meta" VALUES('nccl_version_code','22809');
INSERT INTO "meta" VALUES('os','Linux 6.18.44-fc-v1252-gpu x86_64');
INSERT INTO "meta" VALUES('pid','660');
INSERT INTO "meta" VALUES('runtime_version','13000');
INSERT INTO "meta" VALUES('skipped_records','0');
INSERT INTO "meta" VALUES('start_time','2026-12-03T21:50:10.880Z');
INSERT INTO "meta" VALUES('thread_clock','tsc');
INSERT INTO "meta" VALUES('thread_clock_ticks_per_us','2100.000');
INSERT INTO "meta" VALUES('tool_version','0.1.0');
INSERT INTO "meta" VALUES('trace_start_ns','1796334610880468532');
INSERT INTO "meta" VALUES('tracer_driver_calls','10');
INSERT INTO "meta" VALUES('tracer_end_ns','6501513941');
INSERT INTO "meta" VALUES('tracer_pid','660');
INSERT INTO "meta" VALUES('tracer_status','finished');
INSERT INTO "meta" VALUES('writer_cpu_ns','6683388');
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
INSERT INTO "op_shapes" VALUES(1,NULL,134217728,1,2,3,1,2,1,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "op_shapes" VALUES(2,1,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,32768,1,1,128,1,1,30,0,0,NULL,NULL);
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
INSERT INTO "ops" VALUES(1,2,6086703112,2447093,0,1,13,246,1,10);
INSERT INTO "ops" VALUES(2,1,6086887207,2050167,0,1,7,261,2,0);
INSERT INTO "ops" VALUES(3,1,6088938526,2272,0,1,7,276,3,0);
INSERT INTO "ops" VALUES(4,2,6089151485,2458197,0,1,13,330,1,10);
INSERT INTO "ops" VALUES(5,1,6089159901,2042679,0,1,7,347,2,0);
INSERT INTO "ops" VALUES(6,1,6091203764,1760,0,1,7,364,3,0);
INSERT INTO "ops" VALUES(7,2,6091610994,2439381,0,1,13,422,1,10);
INSERT INTO "ops" VALUES(8,1,6091612818,2048887,0,1,7,439,2,0);
INSERT INTO "ops" VALUES(9,1,6093662857,1824,0,1,7,456,3,0);
INSERT INTO "ops" VALUES(10,2,6094051688,2437588,0,1,13,515,1,10);
INSERT INTO "ops" VALUES(11,1,6094056359,2043127,0,1,7,532,2,0);
INSERT INTO "ops" VALUES(12,1,6096100894,1792,0,1,7,549,3,0);
CREATE TABLE overheads (
  id             INTEGER PRIMARY KEY,
  kind           INTEGER NOT NULL,      -- CUpti_ActivityOverheadKind
  start_ns       INTEGER NOT NULL,
  end_ns         INTEGER NOT NULL,
  object_kind    INTEGER,               -- CUpti_ActivityObjectKind
  object_id      INTEGER,               -- thread id or device id, by object_kind
  correlation_id INTEGER
);
INSERT INTO "overheads" VALUES(1,458752,6085466962,6086351021,2,660,204);
INSERT INTO "overheads" VALUES(2,65536,6096653746,6096700568,2,678,0);
INSERT INTO "overheads" VALUES(3,458752,6096702297,6100747336,2,678,0);
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
INSERT INTO "streams" VALUES(1,13,2,0,1154494928,3);
INSERT INTO "streams" VALUES(1,14,2,4294967295,1154546096,3);
INSERT INTO "streams" VALUES(1,15,2,4294967294,1154546448,3);
INSERT INTO "streams" VALUES(1,16,2,4294967293,1154546800,3);
INSERT INTO "streams" VALUES(1,17,2,0,1154547152,3);
INSERT INTO "streams" VALUES(1,18,2,4294967295,1154559680,3);
INSERT INTO "streams" VALUES(1,19,2,4294967294,1154560032,3);
INSERT INTO "streams" VALUES(1,20,2,4294967293,1154560384,3);
INSERT INTO "streams" VALUES(1,21,2,0,1154560736,3);
INSERT INTO "streams" VALUES(1,22,2,4294967295,1154612496,3);
INSERT INTO "streams" VALUES(1,23,2,4294967294,1154612848,3);
INSERT INTO "streams" VALUES(1,24,2,4294967293,1154613200,3);
INSERT INTO "streams" VALUES(1,25,2,0,1154613552,3);
INSERT INTO "streams" VALUES(1,26,2,4294967295,1154625760,3);
INSERT INTO "streams" VALUES(1,27,2,4294967294,1154626112,3);
INSERT INTO "streams" VALUES(1,28,2,4294967293,1154626464,3);
INSERT INTO "streams" VALUES(1,29,2,0,1154626816,3);
INSERT INTO "streams" VALUES(1,30,2,4294967295,1154678576,3);
INSERT INTO "streams" VALUES(1,31,2,4294967294,1154678928,3);
INSERT INTO "streams" VALUES(1,32,2,4294967293,1154679280,3);
INSERT INTO "streams" VALUES(1,33,2,0,1154679632,3);
INSERT INTO "streams" VALUES(1,34,2,4294967295,1154691840,3);
INSERT INTO "streams" VALUES(1,35,2,4294967294,1154692192,3);
INSERT INTO "streams" VALUES(1,36,2,4294967293,1154692544,3);
INSERT INTO "streams" VALUES(1,37,2,0,1154692896,3);
INSERT INTO "streams" VALUES(1,38,2,4294967295,1129712496,3);
INSERT INTO "streams" VALUES(1,39,2,4294967294,1129712848,3);
INSERT INTO "streams" VALUES(1,40,2,4294967293,1129713200,3);
INSERT INTO "streams" VALUES(1,41,2,0,1129713552,3);
INSERT INTO "streams" VALUES(1,42,2,4294967295,1154759200,3);
INSERT INTO "streams" VALUES(1,43,2,4294967294,1154759552,3);
INSERT INTO "streams" VALUES(1,44,2,4294967293,1154759904,3);
INSERT INTO "streams" VALUES(1,45,2,0,1154760256,3);
INSERT INTO "streams" VALUES(1,46,2,4294967295,1154812016,3);
INSERT INTO "streams" VALUES(1,47,2,4294967294,1154812368,3);
INSERT INTO "streams" VALUES(1,48,2,4294967293,1155161600,3);
INSERT INTO "streams" VALUES(1,49,2,0,1155161952,3);
INSERT INTO "streams" VALUES(1,50,2,4294967295,1155174160,3);
INSERT INTO "streams" VALUES(1,51,2,4294967294,1155174512,3);
INSERT INTO "streams" VALUES(1,52,2,4294967293,1155174864,3);
INSERT INTO "streams" VALUES(1,53,2,0,1155175216,3);
INSERT INTO "streams" VALUES(1,54,2,4294967295,1155226976,3);
INSERT INTO "streams" VALUES(1,55,2,4294967294,1155227328,3);
INSERT INTO "streams" VALUES(1,56,2,4294967293,1155227680,3);
INSERT INTO "streams" VALUES(1,57,2,0,1155228032,3);
INSERT INTO "streams" VALUES(1,58,2,4294967295,1155240240,3);
INSERT INTO "streams" VALUES(1,59,2,4294967294,1155240592,3);
INSERT INTO "streams" VALUES(1,60,2,4294967293,1155240944,3);
INSERT INTO "streams" VALUES(1,61,2,0,1155241296,3);
INSERT INTO "streams" VALUES(1,62,2,4294967295,1155292416,3);
INSERT INTO "streams" VALUES(1,63,2,4294967294,1155292768,3);
INSERT INTO "streams" VALUES(1,64,2,4294967293,1155293120,3);
INSERT INTO "streams" VALUES(1,65,2,0,1155293472,3);
INSERT INTO "streams" VALUES(1,66,2,4294967295,1155306784,3);
INSERT INTO "streams" VALUES(1,67,2,4294967294,1155307136,3);
INSERT INTO "streams" VALUES(1,68,2,4294967293,1155307488,3);
INSERT INTO "streams" VALUES(1,69,2,0,1155307840,3);
INSERT INTO "streams" VALUES(1,70,2,4294967295,1154744656,3);
INSERT INTO "streams" VALUES(1,71,2,4294967294,1154745008,3);
INSERT INTO "streams" VALUES(1,72,2,4294967293,1154745360,3);
INSERT INTO "streams" VALUES(1,73,2,0,1154745712,3);
INSERT INTO "streams" VALUES(1,74,2,4294967295,1155375424,3);
INSERT INTO "streams" VALUES(1,75,2,4294967294,1155375776,3);
INSERT INTO "streams" VALUES(1,76,2,4294967293,1155376128,3);
INSERT INTO "streams" VALUES(1,77,2,0,1155376480,3);
INSERT INTO "streams" VALUES(1,78,2,4294967295,1155428240,3);
INSERT INTO "streams" VALUES(1,79,2,4294967294,1155428592,3);
INSERT INTO "streams" VALUES(1,80,2,4294967293,1155428944,3);
INSERT INTO "streams" VALUES(1,81,2,0,1155429296,3);
INSERT INTO "streams" VALUES(1,82,2,4294967295,1155441504,3);
INSERT INTO "streams" VALUES(1,83,2,4294967294,1155441856,3);
INSERT INTO "streams" VALUES(1,84,2,4294967293,1155442208,3);
INSERT INTO "streams" VALUES(1,85,2,0,1155442560,3);
INSERT INTO "streams" VALUES(1,86,2,4294967295,1155494320,3);
INSERT INTO "streams" VALUES(1,87,2,4294967294,1155494672,3);
INSERT INTO "streams" VALUES(1,88,2,4294967293,1155495024,3);
INSERT INTO "streams" VALUES(1,89,2,0,1155495376,3);
INSERT INTO "streams" VALUES(1,90,2,4294967295,1155507584,3);
INSERT INTO "streams" VALUES(1,91,2,4294967294,1155856592,3);
INSERT INTO "streams" VALUES(1,92,2,4294967293,1155856944,3);
INSERT INTO "streams" VALUES(1,93,2,0,1155857296,3);
INSERT INTO "streams" VALUES(1,94,2,4294967295,1155909056,3);
INSERT INTO "streams" VALUES(1,95,2,4294967294,1155909408,3);
INSERT INTO "streams" VALUES(1,96,2,4294967293,1155909760,3);
INSERT INTO "streams" VALUES(1,97,2,0,1155910112,3);
INSERT INTO "streams" VALUES(1,98,2,4294967295,1155922320,3);
INSERT INTO "streams" VALUES(1,99,2,4294967294,1155922672,3);
INSERT INTO "streams" VALUES(1,100,2,4294967293,1155923024,3);
INSERT INTO "streams" VALUES(1,101,2,0,1155923376,3);
INSERT INTO "streams" VALUES(1,102,2,4294967295,1155975136,3);
INSERT INTO "streams" VALUES(1,103,2,4294967294,1155975488,3);
INSERT INTO "streams" VALUES(1,104,2,4294967293,1155975840,3);
INSERT INTO "streams" VALUES(1,105,2,0,1155976192,3);
INSERT INTO "streams" VALUES(1,106,2,4294967295,1155988400,3);
INSERT INTO "streams" VALUES(1,107,2,4294967294,1155988752,3);
INSERT INTO "streams" VALUES(1,108,2,4294967293,1155989104,3);
INSERT INTO "streams" VALUES(1,109,2,0,1155989456,3);
INSERT INTO "streams" VALUES(1,110,2,4294967295,1156041216,3);
INSERT INTO "streams" VALUES(1,111,2,4294967294,1156041568,3);
INSERT INTO "streams" VALUES(1,112,2,4294967293,1156041920,3);
INSERT INTO "streams" VALUES(1,113,2,0,1156042272,3);
INSERT INTO "streams" VALUES(1,114,2,4294967295,1156054480,3);
INSERT INTO "streams" VALUES(1,115,2,4294967294,1156054832,3);
INSERT INTO "streams" VALUES(1,116,2,4294967293,1156055184,3);
INSERT INTO "streams" VALUES(1,117,2,0,1156055536,3);
INSERT INTO "streams" VALUES(1,118,2,4294967295,1156107296,3);
INSERT INTO "streams" VALUES(1,119,2,4294967294,1156107648,3);
INSERT INTO "streams" VALUES(1,120,2,4294967293,1156108000,3);
INSERT INTO "streams" VALUES(1,121,2,0,1156108352,3);
INSERT INTO "streams" VALUES(1,122,2,4294967295,1156120560,3);
INSERT INTO "streams" VALUES(1,123,2,4294967294,1156120912,3);
INSERT INTO "streams" VALUES(1,124,2,4294967293,1156121264,3);
INSERT INTO "streams" VALUES(1,125,2,0,1156121616,3);
INSERT INTO "streams" VALUES(1,126,2,4294967295,1156173216,3);
INSERT INTO "streams" VALUES(1,127,2,4294967294,1156173568,3);
INSERT INTO "streams" VALUES(1,128,2,4294967293,1156173920,3);
INSERT INTO "streams" VALUES(1,129,2,0,1156174272,3);
INSERT INTO "streams" VALUES(1,130,2,4294967295,1156187552,3);
INSERT INTO "streams" VALUES(1,131,2,4294967294,1156187904,3);
INSERT INTO "streams" VALUES(1,132,2,4294967293,1156188256,3);
INSERT INTO "streams" VALUES(1,133,2,0,1156188608,3);
INSERT INTO "streams" VALUES(1,134,2,4294967295,1155359600,3);
INSERT INTO "streams" VALUES(1,135,2,4294967294,1155359952,3);
INSERT INTO "streams" VALUES(1,136,2,4294967293,1155360304,3);
INSERT INTO "streams" VALUES(1,137,2,0,1155360656,3);
INSERT INTO "streams" VALUES(1,138,2,4294967295,1156607408,3);
INSERT INTO "streams" VALUES(1,139,2,4294967294,1156607760,3);
INSERT INTO "streams" VALUES(1,140,2,4294967293,1156608112,3);
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
INSERT INTO "strings" VALUES(19,'cudaMalloc');
INSERT INTO "strings" VALUES(20,'cudaDeviceSynchronize');
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
INSERT INTO "syncs" VALUES(1,2,6086482835,6086486521,1,7,5,210,0);
INSERT INTO "syncs" VALUES(2,1,6086643722,6086649157,1,NULL,3,234,0);
INSERT INTO "syncs" VALUES(3,1,6086651506,6086651916,1,NULL,6,235,0);
INSERT INTO "syncs" VALUES(4,2,6087196415,6087197939,1,7,7,295,0);
INSERT INTO "syncs" VALUES(5,1,6087238327,6087239403,1,NULL,6,318,600);
INSERT INTO "syncs" VALUES(6,1,6087270585,6087271037,1,NULL,6,337,600);
INSERT INTO "syncs" VALUES(7,1,6087325244,6087325755,1,NULL,6,354,600);
INSERT INTO "syncs" VALUES(8,2,6087372218,6087372921,1,7,8,383,0);
INSERT INTO "syncs" VALUES(9,1,6087402947,6087403433,1,NULL,6,406,600);
INSERT INTO "syncs" VALUES(10,1,6087728454,6087729478,1,NULL,6,429,600);
INSERT INTO "syncs" VALUES(11,1,6087798080,6087798538,1,NULL,6,446,600);
INSERT INTO "syncs" VALUES(12,2,6087855262,6087856240,1,7,9,475,0);
INSERT INTO "syncs" VALUES(13,1,6087911859,6087912474,1,NULL,6,499,600);
INSERT INTO "syncs" VALUES(14,1,6088108153,6088109067,1,NULL,6,522,600);
INSERT INTO "syncs" VALUES(15,1,6088169892,6088170299,1,NULL,6,539,600);
INSERT INTO "syncs" VALUES(16,4,6088210824,6096501028,1,NULL,NULL,555,0);
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
