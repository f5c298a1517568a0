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
INSERT INTO "api" VALUES(1584,134,7668690179,3432,2122,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1632,370,7668701560,5913,2122,0,3,1,13,NULL,NULL);
INSERT INTO "api" VALUES(1680,147,7668712898,752998,2122,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(1712,136,7669567860,4225,2122,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1752,134,7669584069,2905,2122,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1760,135,7669587847,6439,2122,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(1872,138,7669724737,7420,2122,0,0,1,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1880,138,7669734273,1228,2122,0,0,1,NULL,NULL,NULL);
INSERT INTO "api" VALUES(1968,41,7669764658,26544,2122,0,3,1,13,139708105490432,134217728);
INSERT INTO "api" VALUES(2092,652,7669895763,149695,2122,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(2208,211,7670144208,87476,2122,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(2264,134,7670335830,2120,2122,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(2312,370,7670343016,3076,2122,0,3,1,13,NULL,NULL);
INSERT INTO "api" VALUES(2360,147,7670351944,3888,2122,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(2392,136,7670358507,1496,2122,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(2432,135,7670364540,2239,2122,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(2544,138,7670412687,3361,2122,600,0,1,NULL,NULL,NULL);
INSERT INTO "api" VALUES(2640,41,7670431741,13156,2122,0,3,1,13,139707971272704,134217728);
INSERT INTO "api" VALUES(2696,138,7670460115,1589,2122,600,0,1,NULL,NULL,NULL);
INSERT INTO "api" VALUES(2780,652,7670503013,10245,2122,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(2832,138,7670535652,1762,2122,600,0,1,NULL,NULL,NULL);
INSERT INTO "api" VALUES(2912,211,7670551299,10337,2122,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(2968,134,7670584893,1311,2122,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(3016,370,7670589679,1534,2122,0,3,1,13,NULL,NULL);
INSERT INTO "api" VALUES(3064,147,7670595485,1682,2122,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(3096,136,7670599603,1013,2122,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(3136,135,7670604035,1992,2122,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(3248,138,7670640809,1615,2122,600,0,1,NULL,NULL,NULL);
INSERT INTO "api" VALUES(3288,20,7670648980,168701,2122,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(3376,41,7670863010,11517,2122,0,3,1,13,139707837054976,134217728);
INSERT INTO "api" VALUES(3432,138,7670891720,2184,2122,600,0,1,NULL,NULL,NULL);
INSERT INTO "api" VALUES(3516,652,7670934346,12522,2122,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(3568,138,7670969123,1768,2122,600,0,1,NULL,NULL,NULL);
INSERT INTO "api" VALUES(3648,211,7670983931,10993,2122,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(3704,134,7671021481,1324,2122,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(3752,370,7671026254,1839,2122,0,3,1,13,NULL,NULL);
INSERT INTO "api" VALUES(3800,147,7671032391,2079,2122,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(3832,136,7671037051,1096,2122,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(3872,134,7671041612,999,2122,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(3880,135,7671043026,1607,2122,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(3992,138,7671080629,1720,2122,600,0,1,NULL,NULL,NULL);
INSERT INTO "api" VALUES(4032,20,7671086817,165128,2122,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(4120,41,7671281894,10899,2122,0,3,1,13,139707702837248,134217728);
INSERT INTO "api" VALUES(4176,138,7671310764,2116,2122,600,0,1,NULL,NULL,NULL);
INSERT INTO "api" VALUES(4260,652,7671350533,13786,2122,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(4312,138,7671385895,1605,2122,600,0,1,NULL,NULL,NULL);
INSERT INTO "api" VALUES(4392,211,7671403551,11133,2122,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(4440,165,7671439876,8096042,2122,0,NULL,NULL,NULL,NULL,NULL);
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
INSERT INTO "api_args" VALUES(17,1,202,2122,339683168,3,1,13,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(18,1,202,2122,339734336,3,1,14,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(19,1,202,2122,339734688,3,1,15,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(20,1,202,2122,339735040,3,1,16,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(21,1,202,2122,339735392,3,1,17,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(22,1,202,2122,339747920,3,1,18,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(23,1,202,2122,339748272,3,1,19,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(24,1,202,2122,339748624,3,1,20,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(25,1,202,2122,339748976,3,1,21,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(26,1,202,2122,339800736,3,1,22,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(27,1,202,2122,339801088,3,1,23,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(28,1,202,2122,339801440,3,1,24,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(29,1,202,2122,339801792,3,1,25,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(30,1,202,2122,339814000,3,1,26,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(31,1,202,2122,339814352,3,1,27,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(32,1,202,2122,339814704,3,1,28,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(33,1,202,2122,339815056,3,1,29,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(34,1,202,2122,339866816,3,1,30,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(35,1,202,2122,339867168,3,1,31,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(36,1,202,2122,339867520,3,1,32,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(37,1,202,2122,339867872,3,1,33,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(38,1,202,2122,339880080,3,1,34,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(39,1,202,2122,339880432,3,1,35,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(40,1,202,2122,339880784,3,1,36,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(41,1,202,2122,339881136,3,1,37,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(42,1,202,2122,314918592,3,1,38,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(43,1,202,2122,314918944,3,1,39,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(44,1,202,2122,314919296,3,1,40,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(45,1,202,2122,314919648,3,1,41,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(46,1,202,2122,339947440,3,1,42,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(47,1,202,2122,339947792,3,1,43,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(48,1,202,2122,339948144,3,1,44,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(49,1,202,2122,339948496,3,1,45,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(50,1,202,2122,340000256,3,1,46,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(51,1,202,2122,340000608,3,1,47,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(52,1,202,2122,340349840,3,1,48,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(53,1,202,2122,340350192,3,1,49,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(54,1,202,2122,340362400,3,1,50,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(55,1,202,2122,340362752,3,1,51,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(56,1,202,2122,340363104,3,1,52,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(57,1,202,2122,340363456,3,1,53,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(58,1,202,2122,340415216,3,1,54,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(59,1,202,2122,340415568,3,1,55,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(60,1,202,2122,340415920,3,1,56,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(61,1,202,2122,340416272,3,1,57,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(62,1,202,2122,340428480,3,1,58,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(63,1,202,2122,340428832,3,1,59,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(64,1,202,2122,340429184,3,1,60,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(65,1,202,2122,340429536,3,1,61,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(66,1,202,2122,340480656,3,1,62,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(67,1,202,2122,340481008,3,1,63,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(68,1,202,2122,340481360,3,1,64,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(69,1,202,2122,340481712,3,1,65,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(70,1,202,2122,340495024,3,1,66,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(71,1,202,2122,340495376,3,1,67,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(72,1,202,2122,340495728,3,1,68,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(73,1,202,2122,340496080,3,1,69,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(74,1,202,2122,339932896,3,1,70,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(75,1,202,2122,339933248,3,1,71,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(76,1,202,2122,339933600,3,1,72,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(77,1,202,2122,339933952,3,1,73,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(78,1,202,2122,340563664,3,1,74,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(79,1,202,2122,340564016,3,1,75,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(80,1,202,2122,340564368,3,1,76,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(81,1,202,2122,340564720,3,1,77,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(82,1,202,2122,340616480,3,1,78,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(83,1,202,2122,340616832,3,1,79,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(84,1,202,2122,340617184,3,1,80,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(85,1,202,2122,340617536,3,1,81,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(86,1,202,2122,340629744,3,1,82,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(87,1,202,2122,340630096,3,1,83,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(88,1,202,2122,340630448,3,1,84,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(89,1,202,2122,340630800,3,1,85,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(90,1,202,2122,340682560,3,1,86,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(91,1,202,2122,340682912,3,1,87,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(92,1,202,2122,340683264,3,1,88,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(93,1,202,2122,340683616,3,1,89,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(94,1,202,2122,340695824,3,1,90,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(95,1,202,2122,341044832,3,1,91,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(96,1,202,2122,341045184,3,1,92,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(97,1,202,2122,341045536,3,1,93,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(98,1,202,2122,341097296,3,1,94,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(99,1,202,2122,341097648,3,1,95,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(100,1,202,2122,341098000,3,1,96,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(101,1,202,2122,341098352,3,1,97,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(102,1,202,2122,341110560,3,1,98,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(103,1,202,2122,341110912,3,1,99,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(104,1,202,2122,341111264,3,1,100,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(105,1,202,2122,341111616,3,1,101,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(106,1,202,2122,341163376,3,1,102,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(107,1,202,2122,341163728,3,1,103,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(108,1,202,2122,341164080,3,1,104,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(109,1,202,2122,341164432,3,1,105,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(110,1,202,2122,341176640,3,1,106,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(111,1,202,2122,341176992,3,1,107,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(112,1,202,2122,341177344,3,1,108,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(113,1,202,2122,341177696,3,1,109,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(114,1,202,2122,341229456,3,1,110,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(115,1,202,2122,341229808,3,1,111,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(116,1,202,2122,341230160,3,1,112,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(117,1,202,2122,341230512,3,1,113,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(118,1,202,2122,341242720,3,1,114,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(119,1,202,2122,341243072,3,1,115,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(120,1,202,2122,341243424,3,1,116,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(121,1,202,2122,341243776,3,1,117,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(122,1,202,2122,341295536,3,1,118,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(123,1,202,2122,341295888,3,1,119,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(124,1,202,2122,341296240,3,1,120,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(125,1,202,2122,341296592,3,1,121,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(126,1,202,2122,341308800,3,1,122,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(127,1,202,2122,341309152,3,1,123,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(128,1,202,2122,341309504,3,1,124,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(129,1,202,2122,341309856,3,1,125,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(130,1,202,2122,341361456,3,1,126,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(131,1,202,2122,341361808,3,1,127,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(132,1,202,2122,341362160,3,1,128,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(133,1,202,2122,341362512,3,1,129,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(134,1,202,2122,341375792,3,1,130,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(135,1,202,2122,341376144,3,1,131,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(136,1,202,2122,341376496,3,1,132,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(137,1,202,2122,341376848,3,1,133,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(138,1,202,2122,340547840,3,1,134,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(139,1,202,2122,340548192,3,1,135,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(140,1,202,2122,340548544,3,1,136,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(141,1,202,2122,340548896,3,1,137,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(142,1,202,2122,341795648,3,1,138,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(143,1,202,2122,341796000,3,1,139,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(144,1,202,2122,341796352,3,1,140,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(204,1,370,2122,339683168,3,1,13,NULL,NULL,348749568,0);
INSERT INTO "api_args" VALUES(210,1,147,2122,0,1,1,7,NULL,NULL,348749568,0);
INSERT INTO "api_args" VALUES(220,1,135,2122,0,1,1,7,NULL,NULL,348749568,NULL);
INSERT INTO "api_args" VALUES(234,1,138,2122,NULL,0,1,NULL,NULL,NULL,342426688,NULL);
INSERT INTO "api_args" VALUES(235,1,138,2122,NULL,0,1,NULL,NULL,NULL,348749568,NULL);
INSERT INTO "api_args" VALUES(289,1,370,2122,339683168,3,1,13,NULL,NULL,348752080,0);
INSERT INTO "api_args" VALUES(295,1,147,2122,0,1,1,7,NULL,NULL,348752080,0);
INSERT INTO "api_args" VALUES(304,1,135,2122,0,1,1,7,NULL,NULL,348749568,NULL);
INSERT INTO "api_args" VALUES(318,1,138,2122,NULL,0,1,NULL,NULL,NULL,348749568,NULL);
INSERT INTO "api_args" VALUES(337,1,138,2122,NULL,0,1,NULL,NULL,NULL,348749568,NULL);
INSERT INTO "api_args" VALUES(354,1,138,2122,NULL,0,1,NULL,NULL,NULL,348749568,NULL);
INSERT INTO "api_args" VALUES(377,1,370,2122,339683168,3,1,13,NULL,NULL,348752848,0);
INSERT INTO "api_args" VALUES(383,1,147,2122,0,1,1,7,NULL,NULL,348752848,0);
INSERT INTO "api_args" VALUES(392,1,135,2122,0,1,1,7,NULL,NULL,342426688,NULL);
INSERT INTO "api_args" VALUES(406,1,138,2122,NULL,0,1,NULL,NULL,NULL,348749568,NULL);
INSERT INTO "api_args" VALUES(429,1,138,2122,NULL,0,1,NULL,NULL,NULL,348749568,NULL);
INSERT INTO "api_args" VALUES(446,1,138,2122,NULL,0,1,NULL,NULL,NULL,348749568,NULL);
INSERT INTO "api_args" VALUES(469,1,370,2122,339683168,3,1,13,NULL,NULL,348757184,0);
INSERT INTO "api_args" VALUES(475,1,147,2122,0,1,1,7,NULL,NULL,348757184,0);
INSERT INTO "api_args" VALUES(485,1,135,2122,0,1,1,7,NULL,NULL,348757184,NULL);
INSERT INTO "api_args" VALUES(499,1,138,2122,NULL,0,1,NULL,NULL,NULL,348749568,NULL);
INSERT INTO "api_args" VALUES(522,1,138,2122,NULL,0,1,NULL,NULL,NULL,348749568,NULL);
INSERT INTO "api_args" VALUES(539,1,138,2122,NULL,0,1,NULL,NULL,NULL,348749568,NULL);
CREATE TABLE api_functions (
  domain  INTEGER NOT NULL,             -- enums 'api_domain'
  cbid    INTEGER NOT NULL,
  name_id INTEGER NOT NULL,             -- strings.id
  PRIMARY KEY (domain, cbid)
) WITHOUT ROWID;
INSERT INTO "api_functions" VALUES(1,20,12);
INSERT INTO "api_functions" VALUES(1,41,9);
INSERT INTO "api_functions" VALUES(1,134,3);
INSERT INTO "api_functions" VALUES(1,135,7);
INSERT INTO "api_functions" VALUES(1,136,6);
INSERT INTO "api_functions" VALUES(1,138,8);
INSERT INTO "api_functions" VALUES(1,147,5);
INSERT INTO "api_functions" VALUES(1,165,13);
INSERT INTO "api_functions" VALUES(1,211,11);
INSERT INTO "api_functions" VALUES(1,370,4);
INSERT INTO "api_functions" VALUES(2,652,10);
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
INSERT INTO "callers" VALUES(210,1,752998,'_ZL14THCPEvent_waitP7_objectS0_+0x18d (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_python.so+0xe453dd)
?+0x0 (/usr/bin/python3.12+0x1517b3)
PyObject_Vectorcall+0x34 (/usr/bin/python3.12+0x1499b4)
_PyEval_EvalFrameDefault+0xade (/usr/bin/python3.12+0x1d710e)
PyEval_EvalCode+0x15a (/usr/bin/python3.12+0x1d55ea)
?+0x0 (/usr/bin/python3.12+0x208851)');
INSERT INTO "callers" VALUES(261,2,149695,'launch+0x903 (/root/.triton/cache/4QTIEAWQ2XJDWI74VSETGBFH5FHAPA5PHWAMFAMB5SI7LJJFPUOA/__triton_launcher.cpython-312-x86_64-linux-gnu.so+0x1da3)
?+0x0 (/usr/bin/python3.12+0x18218f)
PyObject_Call+0x6b (/usr/bin/python3.12+0x14b12b)
_PyEval_EvalFrameDefault+0x4cbd (/usr/bin/python3.12+0x1db2ed)
_PyObject_Call_Prepend+0xc1 (/usr/bin/python3.12+0x14a801)
?+0x0 (/usr/bin/python3.12+0x1a3777)');
INSERT INTO "callers" VALUES(276,1,87476,'_ZN2at6native17gpu_reduce_kernelIffLi4ELi4ENS0_14func_wrapper_tIf18__nv_hdl_wrapper_tILb0ELb1ELb0E11__nv_dl_tagIMNS0_11sum_functorIfffEEFvRNS_14TensorIteratorEEXadL_ZNS6_clES8_EELj1EEFfffEJEEEEdEEvS8_RKT3_T4_PNS0_18AccumulationBufferEl.isra.0+0x10e6 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cuda.so+0x26a5bf6)
_ZN2at6native18structured_sum_out4implERKNS_6TensorEN3c1016OptionalArrayRefIlEEbSt8optionalINS5_10ScalarTypeEES4_+0x29e (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cpu.so+0x20da48e)
_ZN3c104impl28wrap_kernel_functor_unboxed_INS0_6detail24WrapFunctionIntoFunctor_INS_26CompileTimeFunctionPointerIFN2at6TensorERKS6_NS_16OptionalArrayRefIlEEbSt8optionalINS_10ScalarTypeEEEXadL_ZNS5_12_GLOBAL__N_128wrapper_CUDA_sum_dim_IntListES8_SA_bSD_EEEES6_NS_4guts8typelist8typelistIJS8_SA_bSD_EEEEESE_E4callEPNS_14OperatorKernelENS_14DispatchKeySetES8_SA_bSD_+0x98 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cuda.so+0x3816298)
_ZN2at4_ops15sum_dim_IntList4callERKNS_6TensorEN3c1016OptionalArrayRefIlEEbSt8optionalINS5_10ScalarTypeEE+0x1fe (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cpu.so+0x2b9950e)
_ZN2at6native3sumERKNS_6TensorESt8optionalIN3c1010ScalarTypeEE+0x3b (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cpu.so+0x20cbb2b)
_ZN3c104impl28wrap_kernel_functor_unboxed_INS0_6detail24WrapFunctionIntoFunctor_INS_26CompileTimeFunctionPointerIFN2at6TensorERKS6_St8optionalINS_10ScalarTypeEEEXadL_ZNS5_12_GLOBAL__N_112_GLOBAL__N_138wrapper_CompositeExplicitAutograd__sumES8_SB_EEEES6_NS_4guts8typelist8typelistIJS8_SB_EEEEESC_E4callEPNS_14OperatorKernelENS_14DispatchKeySetES8_SB_+0xe (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cpu.so+0x31bfcee)');
INSERT INTO "callers" VALUES(411,1,168701,'_ZN3c104cuda20CUDACachingAllocator6Native22DeviceCachingAllocator11alloc_blockERNS2_12_GLOBAL__N_111AllocParamsEbRKSt10shared_ptrINS_15GatheredContextEERSt11unique_lockISt15recursive_mutexE+0xca (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libc10_cuda.so+0x2f4ca)
_ZN3c104cuda20CUDACachingAllocator6Native22DeviceCachingAllocator6mallocEmP11CUstream_st+0x547 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libc10_cuda.so+0x42727)
_ZN3c104cuda20CUDACachingAllocator6Native22NativeCachingAllocator6mallocEPPvamP11CUstream_st+0x51 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libc10_cuda.so+0x445e1)
_ZN3c104cuda20CUDACachingAllocator6Native22NativeCachingAllocator8allocateEm+0x19e (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libc10_cuda.so+0x44c9e)
_ZN2at6detail21empty_strided_genericEN3c108ArrayRefIlEES3_PNS1_9AllocatorENS1_14DispatchKeySetENS1_10ScalarTypeE+0x424 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cpu.so+0x1978a94)
_ZN2at6detail18empty_strided_cudaEN3c108ArrayRefIlEES3_NS1_10ScalarTypeESt8optionalINS1_6DeviceEE+0x7d (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cuda.so+0xcd073d)');
INSERT INTO "callers" VALUES(504,1,165128,'_ZN3c104cuda20CUDACachingAllocator6Native22DeviceCachingAllocator11alloc_blockERNS2_12_GLOBAL__N_111AllocParamsEbRKSt10shared_ptrINS_15GatheredContextEERSt11unique_lockISt15recursive_mutexE+0xca (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libc10_cuda.so+0x2f4ca)
_ZN3c104cuda20CUDACachingAllocator6Native22DeviceCachingAllocator6mallocEmP11CUstream_st+0x547 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libc10_cuda.so+0x42727)
_ZN3c104cuda20CUDACachingAllocator6Native22NativeCachingAllocator6mallocEPPvamP11CUstream_st+0x51 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libc10_cuda.so+0x445e1)
_ZN3c104cuda20CUDACachingAllocator6Native22NativeCachingAllocator8allocateEm+0x19e (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libc10_cuda.so+0x44c9e)
_ZN2at6detail21empty_strided_genericEN3c108ArrayRefIlEES3_PNS1_9AllocatorENS1_14DispatchKeySetENS1_10ScalarTypeE+0x424 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cpu.so+0x1978a94)
_ZN2at6detail18empty_strided_cudaEN3c108ArrayRefIlEES3_NS1_10ScalarTypeESt8optionalINS1_6DeviceEE+0x7d (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cuda.so+0xcd073d)');
INSERT INTO "callers" VALUES(555,1,8096042,'_ZN3c104cuda18device_synchronizeEv+0x46 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libc10_cuda.so+0x46566)
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
INSERT INTO "mem" VALUES(5,1,1,139710420746240,134217728,4,NULL);
INSERT INTO "mem" VALUES(9,1,1,139708508143616,134217728,4,NULL);
INSERT INTO "mem" VALUES(10,1,1,139708373925888,134217728,4,NULL);
INSERT INTO "mem" VALUES(11,1,1,139708239708160,134217728,4,NULL);
INSERT INTO "mem" VALUES(12,1,1,139708105490432,134217728,4,NULL);
INSERT INTO "mem" VALUES(13,1,1,139707971272704,134217728,4,NULL);
INSERT INTO "mem" VALUES(14,1,1,139707837054976,134217728,4,NULL);
INSERT INTO "mem" VALUES(15,1,1,139707702837248,134217728,4,NULL);
INSERT INTO "mem" VALUES(146,1,1,139707568619520,134217728,1,NULL);
INSERT INTO "mem" VALUES(149,1,1,139707434401792,134217728,1,NULL);
INSERT INTO "mem" VALUES(157,1,1,139707300184064,134217728,1,NULL);
INSERT INTO "mem" VALUES(163,1,1,139707165966336,134217728,1,NULL);
INSERT INTO "mem" VALUES(166,1,1,139720292040704,2097152,1,NULL);
INSERT INTO "mem" VALUES(178,1,1,139710554963968,134217728,1,NULL);
INSERT INTO "mem" VALUES(187,1,1,139710689181696,134217728,1,NULL);
INSERT INTO "mem" VALUES(246,1,3,139708105490432,134217728,NULL,NULL);
INSERT INTO "mem" VALUES(246,1,4,139707165966336,134217728,NULL,NULL);
INSERT INTO "mem" VALUES(261,2,5,139710689181696,NULL,0,NULL);
INSERT INTO "mem" VALUES(261,2,5,139710554963968,NULL,1,NULL);
INSERT INTO "mem" VALUES(330,1,3,139707971272704,134217728,NULL,NULL);
INSERT INTO "mem" VALUES(330,1,4,139707300184064,134217728,NULL,NULL);
INSERT INTO "mem" VALUES(347,2,5,139707165966336,NULL,0,NULL);
INSERT INTO "mem" VALUES(347,2,5,139707434401792,NULL,1,NULL);
INSERT INTO "mem" VALUES(411,1,1,139710823399424,134217728,1,NULL);
INSERT INTO "mem" VALUES(422,1,3,139707837054976,134217728,NULL,NULL);
INSERT INTO "mem" VALUES(422,1,4,139710823399424,134217728,NULL,NULL);
INSERT INTO "mem" VALUES(439,2,5,139707300184064,NULL,0,NULL);
INSERT INTO "mem" VALUES(439,2,5,139710554963968,NULL,1,NULL);
INSERT INTO "mem" VALUES(504,1,1,139706494877696,134217728,1,NULL);
INSERT INTO "mem" VALUES(515,1,3,139707702837248,134217728,NULL,NULL);
INSERT INTO "mem" VALUES(515,1,4,139706494877696,134217728,NULL,NULL);
INSERT INTO "mem" VALUES(532,2,5,139710823399424,NULL,0,NULL);
INSERT INTO "mem" VALUES(532,2,5,139707434401792,NULL,1,NULL);
INSERT INTO "mem" VALUES(574,1,1,139707159674880,4,4,NULL);
CREATE TABLE meta (
  key   TEXT PRIMARY KEY NOT NULL,
  value TEXT
) WITHOUT ROWID;
INSERT INTO "meta" VALUES('api_calls_seen','181');
INSERT INTO "meta" VALUES('api_clock','realtime');
INSERT INTO "meta" VALUES('api_clock_skew_ns','2');
INSERT INTO "meta" VALUES('api_launches_seen','8');
INSERT INTO "meta" VALUES('api_launches_without_ops','0');
INSERT INTO "meta" VALUES('api_level','full');
INSERT INTO "meta" VALUES('api_queries','off');
INSERT INTO "meta" VALUES('api_timing','all');
INSERT INTO "meta" VALUES('callers_naming_cpu_ns','15967237');
INSERT INTO "meta" VALUES('capture.mode','cudaProfilerApi');
INSERT INTO "meta" VALUES('capture.window.1','7668615925 7684633819');
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
INSERT INTO "meta" VALUES('end_time','2026-12-05T16:55:35.247Z');
INSERT INTO "meta" VALUES('exit_status','0');
INSERT INTO "meta" VALUES('host','vm');
INSERT INTO "meta" VALUES('incomplete_records','0');
INSERT INTO "meta" VALUES('inject_version','0.1.0');
INSERT INTO "meta" VALUES('kinds_off','CUDA_EVENT');
INSERT INTO "meta" VALUES('mem_allocations_live','18');
INSERT INTO "meta" VALUES('mem_kernel_functions','2');
INSERT INTO "meta" VALUES('mem_launches_without_layout','0');
INSERT INTO "meta" VALUES('mem_tracking','on');
INSERT INTO "meta" VALUES('nccl_version','2.28.9');
INSERT INTO "meta" VALUES('nccl_version_code','22809');
INSERT INTO "meta" VALUES('os','Linux 6.18.44-fc-v1252-gpu x86_64');
INSERT INTO "meta" VALUES('pid','2122');
INSERT INTO "meta" VALUES('runtime_version','13000');
INSERT INTO "meta" VALUES('skipped_records','0');
INSERT INTO "meta" VALUES('start_time','2026-12-05T16:55:26.644Z');
INSERT INTO "meta" VALUES('thread_clock','tsc');
INSERT INTO "meta" VALUES('thread_clock_ticks_per_us','2100.000');
INSERT INTO "meta" VALUES('tool_version','0.1.0');
INSERT INTO "meta" VALUES('trace_start_ns','1796489726644455064');
INSERT INTO "meta" VALUES('tracer_driver_calls','10');
INSERT INTO "meta" VALUES('tracer_end_ns','8076687061');
INSERT INTO "meta" VALUES('tracer_pid','2122');
INSERT INTO "meta" VALUES('tracer_status','finished');
INSERT INTO "meta" VALUES('writer_cpu_ns','7202022');
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
INSERT INTO "ops" VALUES(1,2,7669789715,2439116,0,1,13,246,1,10);
INSERT INTO "ops" VALUES(2,1,7670044343,2050118,0,1,7,261,2,0);
INSERT INTO "ops" VALUES(3,1,7672095581,2240,0,1,7,276,3,0);
INSERT INTO "ops" VALUES(4,2,7672230111,2437868,0,1,13,330,1,10);
INSERT INTO "ops" VALUES(5,1,7672239615,2043461,0,1,7,347,2,0);
INSERT INTO "ops" VALUES(6,1,7674287364,2112,0,1,7,364,3,0);
INSERT INTO "ops" VALUES(7,2,7674669259,2432556,0,1,13,422,1,10);
INSERT INTO "ops" VALUES(8,1,7674672652,2043557,0,1,7,439,2,0);
INSERT INTO "ops" VALUES(9,1,7676717457,2240,0,1,7,456,3,0);
INSERT INTO "ops" VALUES(10,2,7677103128,2423275,0,1,13,515,1,10);
INSERT INTO "ops" VALUES(11,1,7677110936,2043300,0,1,7,532,2,0);
INSERT INTO "ops" VALUES(12,1,7679155261,2208,0,1,7,549,3,0);
CREATE TABLE overheads (
  id             INTEGER PRIMARY KEY,
  kind           INTEGER NOT NULL,      -- CUpti_ActivityOverheadKind
  start_ns       INTEGER NOT NULL,
  end_ns         INTEGER NOT NULL,
  object_kind    INTEGER,               -- CUpti_ActivityObjectKind
  object_id      INTEGER,               -- thread id or device id, by object_kind
  correlation_id INTEGER
);
INSERT INTO "overheads" VALUES(1,458752,7668719297,7669456797,2,2122,210);
INSERT INTO "overheads" VALUES(2,65536,7679657312,7679712848,2,2140,0);
INSERT INTO "overheads" VALUES(3,458752,7679714439,7684473520,2,2140,0);
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
INSERT INTO "streams" VALUES(1,13,2,0,339683168,3);
INSERT INTO "streams" VALUES(1,14,2,4294967295,339734336,3);
INSERT INTO "streams" VALUES(1,15,2,4294967294,339734688,3);
INSERT INTO "streams" VALUES(1,16,2,4294967293,339735040,3);
INSERT INTO "streams" VALUES(1,17,2,0,339735392,3);
INSERT INTO "streams" VALUES(1,18,2,4294967295,339747920,3);
INSERT INTO "streams" VALUES(1,19,2,4294967294,339748272,3);
INSERT INTO "streams" VALUES(1,20,2,4294967293,339748624,3);
INSERT INTO "streams" VALUES(1,21,2,0,339748976,3);
INSERT INTO "streams" VALUES(1,22,2,4294967295,339800736,3);
INSERT INTO "streams" VALUES(1,23,2,4294967294,339801088,3);
INSERT INTO "streams" VALUES(1,24,2,4294967293,339801440,3);
INSERT INTO "streams" VALUES(1,25,2,0,339801792,3);
INSERT INTO "streams" VALUES(1,26,2,4294967295,339814000,3);
INSERT INTO "streams" VALUES(1,27,2,4294967294,339814352,3);
INSERT INTO "streams" VALUES(1,28,2,4294967293,339814704,3);
INSERT INTO "streams" VALUES(1,29,2,0,339815056,3);
INSERT INTO "streams" VALUES(1,30,2,4294967295,339866816,3);
INSERT INTO "streams" VALUES(1,31,2,4294967294,339867168,3);
INSERT INTO "streams" VALUES(1,32,2,4294967293,339867520,3);
INSERT INTO "streams" VALUES(1,33,2,0,339867872,3);
INSERT INTO "streams" VALUES(1,34,2,4294967295,339880080,3);
INSERT INTO "streams" VALUES(1,35,2,4294967294,339880432,3);
INSERT INTO "streams" VALUES(1,36,2,4294967293,339880784,3);
INSERT INTO "streams" VALUES(1,37,2,0,339881136,3);
INSERT INTO "streams" VALUES(1,38,2,4294967295,314918592,3);
INSERT INTO "streams" VALUES(1,39,2,4294967294,314918944,3);
INSERT INTO "streams" VALUES(1,40,2,4294967293,314919296,3);
INSERT INTO "streams" VALUES(1,41,2,0,314919648,3);
INSERT INTO "streams" VALUES(1,42,2,4294967295,339947440,3);
INSERT INTO "streams" VALUES(1,43,2,4294967294,339947792,3);
INSERT INTO "streams" VALUES(1,44,2,4294967293,339948144,3);
INSERT INTO "streams" VALUES(1,45,2,0,339948496,3);
INSERT INTO "streams" VALUES(1,46,2,4294967295,340000256,3);
INSERT INTO "streams" VALUES(1,47,2,4294967294,340000608,3);
INSERT INTO "streams" VALUES(1,48,2,4294967293,340349840,3);
INSERT INTO "streams" VALUES(1,49,2,0,340350192,3);
INSERT INTO "streams" VALUES(1,50,2,4294967295,340362400,3);
INSERT INTO "streams" VALUES(1,51,2,4294967294,340362752,3);
INSERT INTO "streams" VALUES(1,52,2,4294967293,340363104,3);
INSERT INTO "streams" VALUES(1,53,2,0,340363456,3);
INSERT INTO "streams" VALUES(1,54,2,4294967295,340415216,3);
INSERT INTO "streams" VALUES(1,55,2,4294967294,340415568,3);
INSERT INTO "streams" VALUES(1,56,2,4294967293,340415920,3);
INSERT INTO "streams" VALUES(1,57,2,0,340416272,3);
INSERT INTO "streams" VALUES(1,58,2,4294967295,340428480,3);
INSERT INTO "streams" VALUES(1,59,2,4294967294,340428832,3);
INSERT INTO "streams" VALUES(1,60,2,4294967293,340429184,3);
INSERT INTO "streams" VALUES(1,61,2,0,340429536,3);
INSERT INTO "streams" VALUES(1,62,2,4294967295,340480656,3);
INSERT INTO "streams" VALUES(1,63,2,4294967294,340481008,3);
INSERT INTO "streams" VALUES(1,64,2,4294967293,340481360,3);
INSERT INTO "streams" VALUES(1,65,2,0,340481712,3);
INSERT INTO "streams" VALUES(1,66,2,4294967295,340495024,3);
INSERT INTO "streams" VALUES(1,67,2,4294967294,340495376,3);
INSERT INTO "streams" VALUES(1,68,2,4294967293,340495728,3);
INSERT INTO "streams" VALUES(1,69,2,0,340496080,3);
INSERT INTO "streams" VALUES(1,70,2,4294967295,339932896,3);
INSERT INTO "streams" VALUES(1,71,2,4294967294,339933248,3);
INSERT INTO "streams" VALUES(1,72,2,4294967293,339933600,3);
INSERT INTO "streams" VALUES(1,73,2,0,339933952,3);
INSERT INTO "streams" VALUES(1,74,2,4294967295,340563664,3);
INSERT INTO "streams" VALUES(1,75,2,4294967294,340564016,3);
INSERT INTO "streams" VALUES(1,76,2,4294967293,340564368,3);
INSERT INTO "streams" VALUES(1,77,2,0,340564720,3);
INSERT INTO "streams" VALUES(1,78,2,4294967295,340616480,3);
INSERT INTO "streams" VALUES(1,79,2,4294967294,340616832,3);
INSERT INTO "streams" VALUES(1,80,2,4294967293,340617184,3);
INSERT INTO "streams" VALUES(1,81,2,0,340617536,3);
INSERT INTO "streams" VALUES(1,82,2,4294967295,340629744,3);
INSERT INTO "streams" VALUES(1,83,2,4294967294,340630096,3);
INSERT INTO "streams" VALUES(1,84,2,4294967293,340630448,3);
INSERT INTO "streams" VALUES(1,85,2,0,340630800,3);
INSERT INTO "streams" VALUES(1,86,2,4294967295,340682560,3);
INSERT INTO "streams" VALUES(1,87,2,4294967294,340682912,3);
INSERT INTO "streams" VALUES(1,88,2,4294967293,340683264,3);
INSERT INTO "streams" VALUES(1,89,2,0,340683616,3);
INSERT INTO "streams" VALUES(1,90,2,4294967295,340695824,3);
INSERT INTO "streams" VALUES(1,91,2,4294967294,341044832,3);
INSERT INTO "streams" VALUES(1,92,2,4294967293,341045184,3);
INSERT INTO "streams" VALUES(1,93,2,0,341045536,3);
INSERT INTO "streams" VALUES(1,94,2,4294967295,341097296,3);
INSERT INTO "streams" VALUES(1,95,2,4294967294,341097648,3);
INSERT INTO "streams" VALUES(1,96,2,4294967293,341098000,3);
INSERT INTO "streams" VALUES(1,97,2,0,341098352,3);
INSERT INTO "streams" VALUES(1,98,2,4294967295,341110560,3);
INSERT INTO "streams" VALUES(1,99,2,4294967294,341110912,3);
INSERT INTO "streams" VALUES(1,100,2,4294967293,341111264,3);
INSERT INTO "streams" VALUES(1,101,2,0,341111616,3);
INSERT INTO "streams" VALUES(1,102,2,4294967295,341163376,3);
INSERT INTO "streams" VALUES(1,103,2,4294967294,341163728,3);
INSERT INTO "streams" VALUES(1,104,2,4294967293,341164080,3);
INSERT INTO "streams" VALUES(1,105,2,0,341164432,3);
INSERT INTO "streams" VALUES(1,106,2,4294967295,341176640,3);
INSERT INTO "streams" VALUES(1,107,2,4294967294,341176992,3);
INSERT INTO "streams" VALUES(1,108,2,4294967293,341177344,3);
INSERT INTO "streams" VALUES(1,109,2,0,341177696,3);
INSERT INTO "streams" VALUES(1,110,2,4294967295,341229456,3);
INSERT INTO "streams" VALUES(1,111,2,4294967294,341229808,3);
INSERT INTO "streams" VALUES(1,112,2,4294967293,341230160,3);
INSERT INTO "streams" VALUES(1,113,2,0,341230512,3);
INSERT INTO "streams" VALUES(1,114,2,4294967295,341242720,3);
INSERT INTO "streams" VALUES(1,115,2,4294967294,341243072,3);
INSERT INTO "streams" VALUES(1,116,2,4294967293,341243424,3);
INSERT INTO "streams" VALUES(1,117,2,0,341243776,3);
INSERT INTO "streams" VALUES(1,118,2,4294967295,341295536,3);
INSERT INTO "streams" VALUES(1,119,2,4294967294,341295888,3);
INSERT INTO "streams" VALUES(1,120,2,4294967293,341296240,3);
INSERT INTO "streams" VALUES(1,121,2,0,341296592,3);
INSERT INTO "streams" VALUES(1,122,2,4294967295,341308800,3);
INSERT INTO "streams" VALUES(1,123,2,4294967294,341309152,3);
INSERT INTO "streams" VALUES(1,124,2,4294967293,341309504,3);
INSERT INTO "streams" VALUES(1,125,2,0,341309856,3);
INSERT INTO "streams" VALUES(1,126,2,4294967295,341361456,3);
INSERT INTO "streams" VALUES(1,127,2,4294967294,341361808,3);
INSERT INTO "streams" VALUES(1,128,2,4294967293,341362160,3);
INSERT INTO "streams" VALUES(1,129,2,0,341362512,3);
INSERT INTO "streams" VALUES(1,130,2,4294967295,341375792,3);
INSERT INTO "streams" VALUES(1,131,2,4294967294,341376144,3);
INSERT INTO "streams" VALUES(1,132,2,4294967293,341376496,3);
INSERT INTO "streams" VALUES(1,133,2,0,341376848,3);
INSERT INTO "streams" VALUES(1,134,2,4294967295,340547840,3);
INSERT INTO "streams" VALUES(1,135,2,4294967294,340548192,3);
INSERT INTO "streams" VALUES(1,136,2,4294967293,340548544,3);
INSERT INTO "streams" VALUES(1,137,2,0,340548896,3);
INSERT INTO "streams" VALUES(1,138,2,4294967295,341795648,3);
INSERT INTO "streams" VALUES(1,139,2,4294967294,341796000,3);
INSERT INTO "streams" VALUES(1,140,2,4294967293,341796352,3);
CREATE TABLE strings (
  id    INTEGER PRIMARY KEY,
  value TEXT NOT NULL UNIQUE
);
INSERT INTO "strings" VALUES(1,'fma_loop');
INSERT INTO "strings" VALUES(2,'_ZN2at6native13reduce_kernelILi512ELi1ENS0_8ReduceOpIfNS0_14func_wrapper_tIfZNS0_11sum_functorIfffEclERNS_14TensorIteratorEEUlffE_EEjfLi4ELi4EEEEEvT1_');
INSERT INTO "strings" VALUES(3,'cudaEventCreateWithFlags');
INSERT INTO "strings" VALUES(4,'cudaEventRecordWithFlags');
INSERT INTO "strings" VALUES(5,'cudaStreamWaitEvent');
INSERT INTO "strings" VALUES(6,'cudaEventDestroy');
INSERT INTO "strings" VALUES(7,'cudaEventRecord');
INSERT INTO "strings" VALUES(8,'cudaEventQuery');
INSERT INTO "strings" VALUES(9,'cudaMemcpyAsync');
INSERT INTO "strings" VALUES(10,'cuLaunchKernelEx');
INSERT INTO "strings" VALUES(11,'cudaLaunchKernel');
INSERT INTO "strings" VALUES(12,'cudaMalloc');
INSERT INTO "strings" VALUES(13,'cudaDeviceSynchronize');
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
INSERT INTO "syncs" VALUES(1,2,7668714056,7669459564,1,7,5,210,0);
INSERT INTO "syncs" VALUES(2,1,7669725808,7669731598,1,NULL,3,234,0);
INSERT INTO "syncs" VALUES(3,1,7669734613,7669735217,1,NULL,6,235,0);
INSERT INTO "syncs" VALUES(4,2,7670353130,7670355309,1,7,7,295,0);
INSERT INTO "syncs" VALUES(5,1,7670413443,7670415544,1,NULL,6,318,600);
INSERT INTO "syncs" VALUES(6,1,7670460644,7670461359,1,NULL,6,337,600);
INSERT INTO "syncs" VALUES(7,1,7670536120,7670536995,1,NULL,6,354,600);
INSERT INTO "syncs" VALUES(8,2,7670595954,7670596863,1,7,8,383,0);
INSERT INTO "syncs" VALUES(9,1,7670641215,7670642037,1,NULL,6,406,600);
INSERT INTO "syncs" VALUES(10,1,7670892224,7670893447,1,NULL,6,429,600);
INSERT INTO "syncs" VALUES(11,1,7670969604,7670970408,1,NULL,6,446,600);
INSERT INTO "syncs" VALUES(12,2,7671032997,7671034110,1,7,9,475,0);
INSERT INTO "syncs" VALUES(13,1,7671081020,7671081801,1,NULL,6,499,600);
INSERT INTO "syncs" VALUES(14,1,7671311207,7671312442,1,NULL,6,522,600);
INSERT INTO "syncs" VALUES(15,1,7671386370,7671387129,1,NULL,6,539,600);
INSERT INTO "syncs" VALUES(16,4,7671441930,7679534834,1,NULL,NULL,555,0);
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
