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
INSERT INTO "api" VALUES(11336,41,14727005289,1074804,660,0,1,1,7,139787025514496,268435456);
INSERT INTO "api" VALUES(11432,41,14728377393,34351,660,0,1,1,7,139791157100544,65536);
INSERT INTO "api" VALUES(11520,311,14728451935,194327,660,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(11576,27,14728893115,37714,660,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(11608,41,14728948882,15638,660,0,1,1,7,139791157166080,4);
INSERT INTO "api" VALUES(11616,131,14728966319,111231157,660,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(11696,41,14840478973,62318,660,0,1,1,7,139788904562688,268435456);
INSERT INTO "api" VALUES(11792,41,14840597695,8825,660,0,1,1,7,139791156903936,65536);
INSERT INTO "api" VALUES(11880,311,14840640543,151045,660,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(11960,41,14840821643,6799,660,0,1,1,7,139787562385408,268435456);
INSERT INTO "api" VALUES(12056,41,14840838674,4296,660,0,1,1,7,139791156969472,65536);
INSERT INTO "api" VALUES(12144,311,14840851951,48807,660,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(12224,41,14840910728,5099,660,0,1,1,7,139787293949952,268435456);
INSERT INTO "api" VALUES(12320,41,14840925464,4182,660,0,1,1,7,139791157035008,65536);
INSERT INTO "api" VALUES(12408,311,14840937284,42257,660,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(12488,41,14840987281,4951,660,0,1,1,7,139787025514496,268435456);
INSERT INTO "api" VALUES(12584,41,14840999898,4409,660,0,1,1,7,139791157100544,65536);
INSERT INTO "api" VALUES(12672,311,14841010884,41755,660,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(12712,41,14841085630,8270,660,0,1,1,7,139791157166080,4);
INSERT INTO "api" VALUES(12720,131,14841095635,449810538,660,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(12800,41,15291163074,49843,660,0,1,1,7,139788904562688,268435456);
INSERT INTO "api" VALUES(12896,41,15291246405,8188,660,0,1,1,7,139791156903936,65536);
INSERT INTO "api" VALUES(12984,311,15291288564,156555,660,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(13024,165,15291584258,112798553,660,0,NULL,NULL,NULL,NULL,NULL);
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
INSERT INTO "api_args" VALUES(32,1,202,660,1032878272,3,1,13,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(33,1,202,660,1031957600,3,1,14,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(34,1,202,660,1034495424,3,1,15,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(35,1,202,660,1035500608,3,1,16,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(36,1,202,660,1038188336,3,1,17,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(37,1,202,660,1033976544,3,1,18,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(38,1,202,660,1036503744,3,1,19,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(39,1,202,660,1029427456,3,1,20,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(40,1,202,660,1019080272,3,1,21,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(41,1,202,660,1033283408,3,1,22,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(42,1,202,660,1033283440,3,1,23,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(43,1,202,660,1033283472,3,1,24,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(44,1,202,660,1034466512,3,1,25,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(45,1,202,660,1033752320,3,1,26,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(46,1,202,660,1033752352,3,1,27,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(47,1,202,660,1033752384,3,1,28,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(48,1,202,660,1033027696,3,1,29,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(49,1,202,660,1033019024,3,1,30,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(50,1,202,660,1033019056,3,1,31,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(51,1,202,660,1033019088,3,1,32,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(52,1,202,660,1028562064,3,1,33,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(53,1,202,660,1031358128,3,1,34,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(54,1,202,660,1031358160,3,1,35,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(55,1,202,660,1031358192,3,1,36,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(56,1,202,660,1013380832,3,1,37,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(57,1,202,660,1012340176,3,1,38,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(58,1,202,660,1021735328,3,1,39,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(59,1,202,660,1021735360,3,1,40,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(60,1,202,660,1021735392,3,1,41,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(61,1,202,660,1015060528,3,1,42,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(62,1,202,660,1023929040,3,1,43,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(63,1,202,660,1023929072,3,1,44,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(64,1,202,660,1023929104,3,1,45,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(65,1,202,660,1028953216,3,1,46,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(66,1,202,660,1017562800,3,1,47,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(67,1,202,660,1013655648,3,1,48,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(68,1,202,660,1011775184,3,1,49,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(69,1,202,660,1020034480,3,1,50,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(70,1,202,660,1014822752,3,1,51,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(71,1,202,660,1015833216,3,1,52,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(72,1,202,660,1011705632,3,1,53,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(73,1,202,660,1018080176,3,1,54,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(74,1,202,660,1012980368,3,1,55,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(75,1,202,660,1018168032,3,1,56,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(76,1,202,660,1012879088,3,1,57,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(77,1,202,660,1015199792,3,1,58,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(78,1,202,660,1018638560,3,1,59,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(79,1,202,660,1017176624,3,1,60,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(80,1,202,660,1016383728,3,1,61,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(81,1,202,660,1015274192,3,1,62,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(82,1,202,660,1016835936,3,1,63,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(83,1,202,660,1012951312,3,1,64,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(84,1,202,660,1011628480,3,1,65,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(85,1,202,660,1019601360,3,1,66,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(86,1,202,660,1015231840,3,1,67,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(87,1,202,660,1019126832,3,1,68,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(88,1,202,660,1012625744,3,1,69,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(89,1,202,660,1016914528,3,1,70,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(90,1,202,660,1021849792,3,1,71,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(91,1,202,660,1020495936,3,1,72,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(92,1,202,660,1021862832,3,1,73,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(93,1,202,660,1017699328,3,1,74,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(94,1,202,660,1017489392,3,1,75,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(95,1,202,660,1016896768,3,1,76,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(96,1,202,660,1020209568,3,1,77,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(97,1,202,660,1017417664,3,1,78,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(98,1,202,660,1017979856,3,1,79,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(99,1,202,660,974031952,3,1,80,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(100,1,202,660,1017695888,3,1,81,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(101,1,202,660,1019011008,3,1,82,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(102,1,202,660,1014984560,3,1,83,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(103,1,202,660,1014689968,3,1,84,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(104,1,202,660,1018761200,3,1,85,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(105,1,202,660,1012291312,3,1,86,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(106,1,202,660,1017060240,3,1,87,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(107,1,202,660,1022818192,3,1,88,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(108,1,202,660,1020798192,3,1,89,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(109,1,202,660,1022738992,3,1,90,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(110,1,202,660,1024741920,3,1,91,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(111,1,202,660,1025448240,3,1,92,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(112,1,202,660,1017169584,3,1,93,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(113,1,202,660,1012283280,3,1,94,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(114,1,202,660,1014958032,3,1,95,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(115,1,202,660,1018211152,3,1,96,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(116,1,202,660,1021723760,3,1,97,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(117,1,202,660,1020960576,3,1,98,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(118,1,202,660,1015537504,3,1,99,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(119,1,202,660,1022140160,3,1,100,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(120,1,202,660,1021375072,3,1,101,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(121,1,202,660,1011743344,3,1,102,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(122,1,202,660,1024613568,3,1,103,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(123,1,202,660,1027178512,3,1,104,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(124,1,202,660,1021335568,3,1,105,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(125,1,202,660,1024690976,3,1,106,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(126,1,202,660,1022098768,3,1,107,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(127,1,202,660,1023409440,3,1,108,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(128,1,202,660,1024607216,3,1,109,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(129,1,202,660,1027309568,3,1,110,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(130,1,202,660,1024529328,3,1,111,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(131,1,202,660,1024482864,3,1,112,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(132,1,202,660,1024258240,3,1,113,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(133,1,202,660,1011557312,3,1,114,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(134,1,202,660,1022532592,3,1,115,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(135,1,202,660,1023614848,3,1,116,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(136,1,202,660,1027757552,3,1,117,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(137,1,202,660,1016020112,3,1,118,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(138,1,202,660,1027162736,3,1,119,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(139,1,202,660,1024369648,3,1,120,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(140,1,202,660,1024370320,3,1,121,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(141,1,202,660,1028657840,3,1,122,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(142,1,202,660,1020556368,3,1,123,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(143,1,202,660,1026438240,3,1,124,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(144,1,202,660,1027708144,3,1,125,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(145,1,202,660,1029379008,3,1,126,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(146,1,202,660,1022043584,3,1,127,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(147,1,202,660,1028975424,3,1,128,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(148,1,202,660,1030014080,3,1,129,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(149,1,202,660,1030116880,3,1,130,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(150,1,202,660,1029795168,3,1,131,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(151,1,202,660,1027969216,3,1,132,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(152,1,202,660,1028950512,3,1,133,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(153,1,202,660,1031086560,3,1,134,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(154,1,202,660,1029036688,3,1,135,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(155,1,202,660,1030632608,3,1,136,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(156,1,202,660,1032388528,3,1,137,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(157,1,202,660,1031579376,3,1,138,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(158,1,202,660,1026358960,3,1,139,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(159,1,202,660,1023675680,3,1,140,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(1130,1,129,660,878000176,3,1,141,NULL,NULL,NULL,0);
CREATE TABLE api_functions (
  domain  INTEGER NOT NULL,             -- enums 'api_domain'
  cbid    INTEGER NOT NULL,
  name_id INTEGER NOT NULL,             -- strings.id
  PRIMARY KEY (domain, cbid)
) WITHOUT ROWID;
INSERT INTO "api_functions" VALUES(1,17,1);
INSERT INTO "api_functions" VALUES(1,27,6);
INSERT INTO "api_functions" VALUES(1,41,4);
INSERT INTO "api_functions" VALUES(1,131,23);
INSERT INTO "api_functions" VALUES(1,165,24);
INSERT INTO "api_functions" VALUES(1,311,5);
INSERT INTO "api_functions" VALUES(1,317,2);
INSERT INTO "api_functions" VALUES(2,392,3);
CREATE TABLE api_summary (
  tid            INTEGER NOT NULL,
  domain         INTEGER NOT NULL,      -- enums 'api_domain'
  cbid           INTEGER NOT NULL,
  calls          INTEGER NOT NULL,      -- the calls not in api
  total_ns       INTEGER NOT NULL,      -- their time, summed
  max_ns         INTEGER NOT NULL,      -- the longest of them
  PRIMARY KEY (tid, domain, cbid)
) WITHOUT ROWID;
INSERT INTO "api_summary" VALUES(660,1,17,126,62338,6409);
INSERT INTO "api_summary" VALUES(660,1,317,18,32043,6882);
INSERT INTO "api_summary" VALUES(660,2,392,52,18690,4087);
CREATE TABLE callers (
  correlation_id INTEGER NOT NULL,
  domain         INTEGER NOT NULL,      -- enums 'api_domain'
  call_ns        INTEGER NOT NULL,      -- how long the call took, as the callbacks measured
  frames         TEXT NOT NULL
);
INSERT INTO "callers" VALUES(1417,1,1074804,'_ZN2at6nativeL16copy_kernel_cudaERNS_14TensorIteratorEb+0x50a (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cuda.so+0x17abb3a)
_ZN2at6nativeL9copy_implERNS_6TensorERKS1_b.isra.0+0x5ac (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cpu.so+0x1e4baac)
_ZN2at6native5copy_ERNS_6TensorERKS1_b+0x56 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cpu.so+0x1e4df56)
_ZN3c104impl28wrap_kernel_functor_unboxed_INS0_6detail24WrapFunctionIntoFunctor_INS_26CompileTimeFunctionPointerIFRN2at6TensorENS_14DispatchKeySetES7_RKS6_bEXadL_ZN5torch15ADInplaceOrViewL5copy_ES8_S7_SA_bEEEES7_NS_4guts8typelist8typelistIJS8_S7_SA_bEEEEESB_E4callEPNS_14OperatorKernelES8_S7_SA_b+0x4b (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cpu.so+0x698a63b)
_ZN5torch8autograd12VariableType12_GLOBAL__N_15copy_EN3c1014DispatchKeySetERN2at6TensorERKS6_b+0xbe (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cpu.so+0x698e3ee)
_ZN2at4_ops5copy_4callERNS_6TensorERKS2_b+0x189 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cpu.so+0x2cc0689)');
INSERT INTO "callers" VALUES(1440,1,194327,'_ZN2at4cuda9CUDAGraph6replayEv+0x296 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cuda.so+0xcb1646)
_ZZN5torch6detail26wrap_pybind_function_impl_IMN2at4cuda9CUDAGraphEFvvEJLm0EELb1EEEDaOT_St16integer_sequenceImJXspT0_EEESt17integral_constantIbXT1_EEENKUlRS4_E_clESD_+0x51 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_python.so+0xe6fbb1)
_ZZN8pybind1112cpp_function10initializeIZN5torch6detail26wrap_pybind_function_impl_IMN2at4cuda9CUDAGraphEFvvEJLm0EELb1EEEDaOT_St16integer_sequenceImJXspT0_EEESt17integral_constantIbXT1_EEEUlRS7_E_vJSG_EJNS_4nameENS_9is_methodENS_7siblingEEEEvSB_PFT0_DpT1_EDpRKT2_ENUlRNS_6detail13function_callEE_4_FUNESW_+0x4c (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_python.so+0xe7083c)
_ZN8pybind1112cpp_function10dispatcherEP7_objectS2_S2_+0xe2f (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_python.so+0x41105f)
?+0x0 (/usr/bin/python3.12+0x18216e)
_PyObject_MakeTpCall+0x74 (/usr/bin/python3.12+0x148fb4)');
INSERT INTO "callers" VALUES(1452,1,111231157,'_ZZN2at6native24_local_scalar_dense_cudaERKNS_6TensorEENKUlvE_clEv.isra.0+0x1ad3 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cuda.so+0x16a7823)
_ZN2at6native24_local_scalar_dense_cudaERKNS_6TensorE+0x44 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cuda.so+0x16a7cd4)
_ZN3c104impl28wrap_kernel_functor_unboxed_INS0_6detail24WrapFunctionIntoFunctor_INS_26CompileTimeFunctionPointerIFNS_6ScalarERKN2at6TensorEEXadL_ZNS6_12_GLOBAL__N_112_GLOBAL__N_133wrapper_CUDA___local_scalar_denseES9_EEEES5_NS_4guts8typelist8typelistIJS9_EEEEESA_E4callEPNS_14OperatorKernelENS_14DispatchKeySetES9_+0xac (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cuda.so+0x36c14dc)
_ZN2at4_ops19_local_scalar_dense10redispatchEN3c1014DispatchKeySetERKNS_6TensorE+0xdd (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cpu.so+0x2ace70d)
_ZN3c104impl28wrap_kernel_functor_unboxed_INS0_6detail24WrapFunctionIntoFunctor_INS_26CompileTimeFunctionPointerIFNS_6ScalarENS_14DispatchKeySetERKN2at6TensorEEXadL_ZN5torch8autograd12VariableType12_GLOBAL__N_119_local_scalar_denseES6_SA_EEEES5_NS_4guts8typelist8typelistIJS6_SA_EEEEESB_E4callEPNS_14OperatorKernelES6_SA_+0x55 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cpu.so+0x54074c5)
_ZN2at4_ops19_local_scalar_dense4callERKNS_6TensorE+0x174 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cpu.so+0x2b45cb4)');
INSERT INTO "callers" VALUES(1462,1,62318,'_ZN2at6nativeL16copy_kernel_cudaERNS_14TensorIteratorEb+0x50a (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cuda.so+0x17abb3a)
_ZN2at6nativeL9copy_implERNS_6TensorERKS1_b.isra.0+0x5ac (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cpu.so+0x1e4baac)
_ZN2at6native5copy_ERNS_6TensorERKS1_b+0x56 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cpu.so+0x1e4df56)
_ZN3c104impl28wrap_kernel_functor_unboxed_INS0_6detail24WrapFunctionIntoFunctor_INS_26CompileTimeFunctionPointerIFRN2at6TensorENS_14DispatchKeySetES7_RKS6_bEXadL_ZN5torch15ADInplaceOrViewL5copy_ES8_S7_SA_bEEEES7_NS_4guts8typelist8typelistIJS8_S7_SA_bEEEEESB_E4callEPNS_14OperatorKernelES8_S7_SA_b+0x4b (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cpu.so+0x698a63b)
_ZN5torch8autograd12VariableType12_GLOBAL__N_15copy_EN3c1014DispatchKeySetERN2at6TensorERKS6_b+0xbe (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cpu.so+0x698e3ee)
_ZN2at4_ops5copy_4callERNS_6TensorERKS2_b+0x189 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cpu.so+0x2cc0689)');
INSERT INTO "callers" VALUES(1485,1,151045,'_ZN2at4cuda9CUDAGraph6replayEv+0x296 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cuda.so+0xcb1646)
_ZZN5torch6detail26wrap_pybind_function_impl_IMN2at4cuda9CUDAGraphEFvvEJLm0EELb1EEEDaOT_St16integer_sequenceImJXspT0_EEESt17integral_constantIbXT1_EEENKUlRS4_E_clESD_+0x51 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_python.so+0xe6fbb1)
_ZZN8pybind1112cpp_function10initializeIZN5torch6detail26wrap_pybind_function_impl_IMN2at4cuda9CUDAGraphEFvvEJLm0EELb1EEEDaOT_St16integer_sequenceImJXspT0_EEESt17integral_constantIbXT1_EEEUlRS7_E_vJSG_EJNS_4nameENS_9is_methodENS_7siblingEEEEvSB_PFT0_DpT1_EDpRKT2_ENUlRNS_6detail13function_callEE_4_FUNESW_+0x4c (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_python.so+0xe7083c)
_ZN8pybind1112cpp_function10dispatcherEP7_objectS2_S2_+0xe2f (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_python.so+0x41105f)
?+0x0 (/usr/bin/python3.12+0x18216e)
_PyObject_MakeTpCall+0x74 (/usr/bin/python3.12+0x148fb4)');
INSERT INTO "callers" VALUES(1590,1,449810538,'_ZZN2at6native24_local_scalar_dense_cudaERKNS_6TensorEENKUlvE_clEv.isra.0+0x1ad3 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cuda.so+0x16a7823)
_ZN2at6native24_local_scalar_dense_cudaERKNS_6TensorE+0x44 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cuda.so+0x16a7cd4)
_ZN3c104impl28wrap_kernel_functor_unboxed_INS0_6detail24WrapFunctionIntoFunctor_INS_26CompileTimeFunctionPointerIFNS_6ScalarERKN2at6TensorEEXadL_ZNS6_12_GLOBAL__N_112_GLOBAL__N_133wrapper_CUDA___local_scalar_denseES9_EEEES5_NS_4guts8typelist8typelistIJS9_EEEEESA_E4callEPNS_14OperatorKernelENS_14DispatchKeySetES9_+0xac (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cuda.so+0x36c14dc)
_ZN2at4_ops19_local_scalar_dense10redispatchEN3c1014DispatchKeySetERKNS_6TensorE+0xdd (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cpu.so+0x2ace70d)
_ZN3c104impl28wrap_kernel_functor_unboxed_INS0_6detail24WrapFunctionIntoFunctor_INS_26CompileTimeFunctionPointerIFNS_6ScalarENS_14DispatchKeySetERKN2at6TensorEEXadL_ZN5torch8autograd12VariableType12_GLOBAL__N_119_local_scalar_denseES6_SA_EEEES5_NS_4guts8typelist8typelistIJS6_SA_EEEEESB_E4callEPNS_14OperatorKernelES6_SA_+0x55 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cpu.so+0x54074c5)
_ZN2at4_ops19_local_scalar_dense4callERKNS_6TensorE+0x174 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cpu.so+0x2b45cb4)');
INSERT INTO "callers" VALUES(1623,1,156555,'_ZN2at4cuda9CUDAGraph6replayEv+0x296 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cuda.so+0xcb1646)
_ZZN5torch6detail26wrap_pybind_function_impl_IMN2at4cuda9CUDAGraphEFvvEJLm0EELb1EEEDaOT_St16integer_sequenceImJXspT0_EEESt17integral_constantIbXT1_EEENKUlRS4_E_clESD_+0x51 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_python.so+0xe6fbb1)
_ZZN8pybind1112cpp_function10initializeIZN5torch6detail26wrap_pybind_function_impl_IMN2at4cuda9CUDAGraphEFvvEJLm0EELb1EEEDaOT_St16integer_sequenceImJXspT0_EEESt17integral_constantIbXT1_EEEUlRS7_E_vJSG_EJNS_4nameENS_9is_methodENS_7siblingEEEEvSB_PFT0_DpT1_EDpRKT2_ENUlRNS_6detail13function_callEE_4_FUNESW_+0x4c (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_python.so+0xe7083c)
_ZN8pybind1112cpp_function10dispatcherEP7_objectS2_S2_+0xe2f (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_python.so+0x41105f)
?+0x0 (/usr/bin/python3.12+0x18216e)
_PyObject_MakeTpCall+0x74 (/usr/bin/python3.12+0x148fb4)');
INSERT INTO "callers" VALUES(1628,1,112798553,'_ZN3c104cuda18device_synchronizeEv+0x46 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libc10_cuda.so+0x46566)
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
INSERT INTO "mem" VALUES(10,1,1,139792025124864,268435456,1,NULL);
INSERT INTO "mem" VALUES(13,1,1,139792727670784,2097152,1,NULL);
INSERT INTO "mem" VALUES(16,1,1,139791756689408,268435456,1,NULL);
INSERT INTO "mem" VALUES(25,1,1,139791488253952,268435456,1,NULL);
INSERT INTO "mem" VALUES(164,1,1,139791219818496,268435456,1,NULL);
INSERT INTO "mem" VALUES(1094,1,1,139802202603520,1024,1,NULL);
INSERT INTO "mem" VALUES(1103,1,1,139802202604544,131072,1,NULL);
INSERT INTO "mem" VALUES(1112,1,1,139802125008896,67108864,1,NULL);
INSERT INTO "mem" VALUES(1116,1,1,139802091454464,33554432,1,NULL);
INSERT INTO "mem" VALUES(1117,1,1,139802204700672,2097152,1,NULL);
INSERT INTO "mem" VALUES(1151,1,1,139790951383040,268435456,1,NULL);
INSERT INTO "mem" VALUES(1172,1,1,139790945091584,2097152,1,NULL);
INSERT INTO "mem" VALUES(1176,1,1,139802202735616,1024,1,NULL);
INSERT INTO "mem" VALUES(1185,1,1,139802202736640,131072,1,NULL);
INSERT INTO "mem" VALUES(1194,1,1,139792561995776,67108864,1,NULL);
INSERT INTO "mem" VALUES(1197,1,1,139792629104640,33554432,1,NULL);
INSERT INTO "mem" VALUES(1206,1,1,139790045413376,268435456,1,NULL);
INSERT INTO "mem" VALUES(1156,1,1,139792293560320,268435456,1,NULL);
INSERT INTO "mem" VALUES(1221,1,1,139789844086784,138412032,1,NULL);
INSERT INTO "mem" VALUES(1353,1,1,139802219380736,2097152,1,NULL);
INSERT INTO "mem" VALUES(1355,1,1,139791186264064,33554432,1,NULL);
INSERT INTO "mem" VALUES(1360,1,1,139789474988032,268435456,1,NULL);
INSERT INTO "mem" VALUES(1369,1,1,139791018491904,138412032,1,NULL);
INSERT INTO "mem" VALUES(1327,1,2,139789844086784,NULL,1,NULL);
INSERT INTO "mem" VALUES(1328,1,2,139790045413376,NULL,1,NULL);
INSERT INTO "mem" VALUES(1329,1,2,139790951383040,NULL,1,NULL);
INSERT INTO "mem" VALUES(1330,1,2,139791219818496,NULL,1,NULL);
INSERT INTO "mem" VALUES(1331,1,2,139792293560320,NULL,1,NULL);
INSERT INTO "mem" VALUES(1332,1,2,139790945091584,NULL,1,NULL);
INSERT INTO "mem" VALUES(1333,1,1,139790945091584,2097152,1,NULL);
INSERT INTO "mem" VALUES(1338,1,1,139792293560320,268435456,1,NULL);
INSERT INTO "mem" VALUES(1339,1,1,139792662659072,33554432,1,NULL);
INSERT INTO "mem" VALUES(1340,1,1,139790949285888,2097152,1,NULL);
INSERT INTO "mem" VALUES(1342,1,1,139791219818496,268435456,1,NULL);
INSERT INTO "mem" VALUES(1345,1,1,139789743423488,268435456,1,NULL);
INSERT INTO "mem" VALUES(1391,1,1,139788904562688,268435456,4,NULL);
INSERT INTO "mem" VALUES(1392,1,1,139787562385408,268435456,4,NULL);
INSERT INTO "mem" VALUES(1393,1,1,139787293949952,268435456,4,NULL);
INSERT INTO "mem" VALUES(1394,1,1,139787025514496,268435456,4,NULL);
INSERT INTO "mem" VALUES(1395,1,1,139791156903936,65536,4,NULL);
INSERT INTO "mem" VALUES(1396,1,1,139791156969472,65536,4,NULL);
INSERT INTO "mem" VALUES(1397,1,1,139791157035008,65536,4,NULL);
INSERT INTO "mem" VALUES(1398,1,1,139791157100544,65536,4,NULL);
INSERT INTO "mem" VALUES(1417,1,3,139787025514496,268435456,NULL,NULL);
INSERT INTO "mem" VALUES(1417,1,4,139791488253952,268435456,NULL,NULL);
INSERT INTO "mem" VALUES(1429,1,3,139791157100544,65536,NULL,NULL);
INSERT INTO "mem" VALUES(1429,1,4,139792728064512,65536,NULL,NULL);
INSERT INTO "mem" VALUES(1447,1,1,139791157166080,4,4,NULL);
INSERT INTO "mem" VALUES(1451,1,3,139790950989824,4,NULL,NULL);
INSERT INTO "mem" VALUES(1451,1,4,139791157166080,4,NULL,NULL);
INSERT INTO "mem" VALUES(1462,1,3,139788904562688,268435456,NULL,NULL);
INSERT INTO "mem" VALUES(1462,1,4,139791488253952,268435456,NULL,NULL);
INSERT INTO "mem" VALUES(1474,1,3,139791156903936,65536,NULL,NULL);
INSERT INTO "mem" VALUES(1474,1,4,139792728064512,65536,NULL,NULL);
INSERT INTO "mem" VALUES(1495,1,3,139787562385408,268435456,NULL,NULL);
INSERT INTO "mem" VALUES(1495,1,4,139791488253952,268435456,NULL,NULL);
INSERT INTO "mem" VALUES(1507,1,3,139791156969472,65536,NULL,NULL);
INSERT INTO "mem" VALUES(1507,1,4,139792728064512,65536,NULL,NULL);
INSERT INTO "mem" VALUES(1528,1,3,139787293949952,268435456,NULL,NULL);
INSERT INTO "mem" VALUES(1528,1,4,139791488253952,268435456,NULL,NULL);
INSERT INTO "mem" VALUES(1540,1,3,139791157035008,65536,NULL,NULL);
INSERT INTO "mem" VALUES(1540,1,4,139792728064512,65536,NULL,NULL);
INSERT INTO "mem" VALUES(1561,1,3,139787025514496,268435456,NULL,NULL);
INSERT INTO "mem" VALUES(1561,1,4,139791488253952,268435456,NULL,NULL);
INSERT INTO "mem" VALUES(1573,1,3,139791157100544,65536,NULL,NULL);
INSERT INTO "mem" VALUES(1573,1,4,139792728064512,65536,NULL,NULL);
INSERT INTO "mem" VALUES(1589,1,3,139790950989824,4,NULL,NULL);
INSERT INTO "mem" VALUES(1589,1,4,139791157166080,4,NULL,NULL);
INSERT INTO "mem" VALUES(1600,1,3,139788904562688,268435456,NULL,NULL);
INSERT INTO "mem" VALUES(1600,1,4,139791488253952,268435456,NULL,NULL);
INSERT INTO "mem" VALUES(1612,1,3,139791156903936,65536,NULL,NULL);
INSERT INTO "mem" VALUES(1612,1,4,139792728064512,65536,NULL,NULL);
CREATE TABLE meta (
  key   TEXT PRIMARY KEY NOT NULL,
  value TEXT
) WITHOUT ROWID;
INSERT INTO "meta" VALUES('api_calls_seen','196');
INSERT INTO "meta" VALUES('api_clock','realtime');
INSERT INTO "meta" VALUES('api_clock_skew_ns','2');
INSERT INTO "meta" VALUES('api_launches_seen','0');
INSERT INTO "meta" VALUES('api_launches_without_ops','0');
INSERT INTO "meta" VALUES('api_level','full');
INSERT INTO "meta" VALUES('api_queries','summary');
INSERT INTO "meta" VALUES('api_query_min_ns','10000');
INSERT INTO "meta" VALUES('api_timing','all');
INSERT INTO "meta" VALUES('callers_naming_cpu_ns','31392451');
INSERT INTO "meta" VALUES('capture.mode','cudaProfilerApi');
INSERT INTO "meta" VALUES('capture.window.1','14726900183 15405855338');
INSERT INTO "meta" VALUES('capture.windows','1');
INSERT INTO "meta" VALUES('clean_exit','1');
INSERT INTO "meta" VALUES('cmdline','python3 graph_replay.py --size gpu');
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
INSERT INTO "meta" VALUES('end_time','2026-12-03T22:01:45.619Z');
INSERT INTO "meta" VALUES('exit_status','0');
INSERT INTO "meta" VALUES('host','vm');
INSERT INTO "meta" VALUES('incomplete_records','0');
INSERT INTO "meta" VALUES('inject_version','0.1.0');
INSERT INTO "meta" VALUES('mem_allocations_live','32');
INSERT INTO "meta" VALUES('mem_kernel_functions','0');
INSERT INTO "meta" VALUES('mem_launches_without_layout','0');
INSERT INTO "meta" VALUES('mem_tracking','on');
INSERT INTO "meta" VALUES('nccl_version','2.28.9');
INSERT INTO "meta" VALUES('nccl_version_code','22809');
INSERT INTO "meta" VALUES('os','Linux 6.18.44-fc-v1252-gpu x86_64');
INSERT INTO "meta" VALUES('pid','660');
INSERT INTO "meta" VALUES('runtime_version','13000');
INSERT INTO "meta" VALUES('skipped_records','0');
INSERT INTO "meta" VALUES('start_time','2026-12-03T22:01:28.547Z');
INSERT INTO "meta" VALUES('thread_clock','tsc');
INSERT INTO "meta" VALUES('thread_clock_ticks_per_us','2100.000');
INSERT INTO "meta" VALUES('tool_version','0.1.0');
INSERT INTO "meta" VALUES('trace_start_ns','1796335288547462431');
INSERT INTO "meta" VALUES('tracer_driver_calls','4');
INSERT INTO "meta" VALUES('tracer_end_ns','16447463028');
INSERT INTO "meta" VALUES('tracer_pid','660');
INSERT INTO "meta" VALUES('tracer_status','finished');
INSERT INTO "meta" VALUES('writer_cpu_ns','12308268');
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
INSERT INTO "op_shapes" VALUES(1,NULL,268435456,1,2,3,1,2,1,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "op_shapes" VALUES(2,NULL,65536,1,2,3,1,2,1,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "op_shapes" VALUES(3,7,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,64,64,1,128,1,1,255,0,33792,2,8589934592);
INSERT INTO "op_shapes" VALUES(4,8,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,65536,1,1,128,1,1,28,0,0,2,8589934593);
INSERT INTO "op_shapes" VALUES(5,7,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,64,64,1,128,1,1,255,0,33792,2,8589934594);
INSERT INTO "op_shapes" VALUES(6,8,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,65536,1,1,128,1,1,28,0,0,2,8589934595);
INSERT INTO "op_shapes" VALUES(7,9,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,256,1,1,64,1,1,80,0,6912,2,8589934596);
INSERT INTO "op_shapes" VALUES(8,10,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,512,1,1,16,8,1,21,0,0,2,8589934597);
INSERT INTO "op_shapes" VALUES(9,11,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,1,1,1,512,1,1,32,0,4096,2,8589934598);
INSERT INTO "op_shapes" VALUES(10,12,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,1,1,1,128,1,1,16,0,0,2,8589934599);
INSERT INTO "op_shapes" VALUES(11,12,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,80,1,1,128,1,1,16,0,0,2,8589934600);
INSERT INTO "op_shapes" VALUES(12,13,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,1,1,1,512,1,1,32,0,0,2,8589934601);
INSERT INTO "op_shapes" VALUES(13,14,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,512,1,1,16,8,1,24,0,0,2,8589934602);
INSERT INTO "op_shapes" VALUES(14,15,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,64,256,1,128,1,1,118,0,15744,2,8589934603);
INSERT INTO "op_shapes" VALUES(15,NULL,2560,NULL,NULL,0,1,1,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,2,8589934604);
INSERT INTO "op_shapes" VALUES(16,16,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,1,128,8,64,1,1,148,0,9216,2,8589934605);
INSERT INTO "op_shapes" VALUES(17,17,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,2,1,1,4,64,1,40,16,2048,2,8589934606);
INSERT INTO "op_shapes" VALUES(18,18,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,65536,1,1,128,1,1,32,0,0,2,8589934607);
INSERT INTO "op_shapes" VALUES(19,19,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,32,64,1,256,1,1,254,0,67584,2,8589934608);
INSERT INTO "op_shapes" VALUES(20,NULL,8192,NULL,NULL,3,1,1,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,2,8589934609);
INSERT INTO "op_shapes" VALUES(21,20,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,512,4,3,256,1,1,202,0,49152,2,8589934610);
INSERT INTO "op_shapes" VALUES(22,NULL,256,NULL,NULL,3,1,1,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,2,8589934611);
INSERT INTO "op_shapes" VALUES(23,21,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,64,33,1,32,4,1,54,16,2048,2,8589934612);
INSERT INTO "op_shapes" VALUES(24,18,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,65536,1,1,128,1,1,32,0,0,2,8589934613);
INSERT INTO "op_shapes" VALUES(25,NULL,8192,NULL,NULL,3,1,1,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,2,8589934614);
INSERT INTO "op_shapes" VALUES(26,20,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,512,4,3,256,1,1,202,0,49152,2,8589934615);
INSERT INTO "op_shapes" VALUES(27,NULL,256,NULL,NULL,3,1,1,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,2,8589934616);
INSERT INTO "op_shapes" VALUES(28,21,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,64,33,1,32,4,1,54,16,2048,2,8589934617);
INSERT INTO "op_shapes" VALUES(29,22,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,320,1,1,512,1,1,32,0,0,2,8589934618);
INSERT INTO "op_shapes" VALUES(30,22,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,320,1,1,512,1,1,32,0,0,2,8589934619);
INSERT INTO "op_shapes" VALUES(31,22,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,320,1,1,512,1,1,32,0,0,2,8589934620);
INSERT INTO "op_shapes" VALUES(32,22,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,320,1,1,512,1,1,32,0,0,2,8589934621);
INSERT INTO "op_shapes" VALUES(33,22,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,320,1,1,512,1,1,32,0,0,2,8589934622);
INSERT INTO "op_shapes" VALUES(34,22,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,320,1,1,512,1,1,32,0,0,2,8589934623);
INSERT INTO "op_shapes" VALUES(35,22,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,133,1,1,512,1,1,32,0,0,2,8589934624);
INSERT INTO "op_shapes" VALUES(36,NULL,4,2,3,2,1,2,1,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "op_shapes" VALUES(37,NULL,2560,NULL,NULL,3,1,1,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,2,8589934604);
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
INSERT INTO "ops" VALUES(1,2,14727053070,4849517,0,1,7,1417,1,8);
INSERT INTO "ops" VALUES(2,2,14731903899,4416,0,1,7,1429,2,8);
INSERT INTO "ops" VALUES(3,1,14731919867,21462394,0,1,7,1440,3,0);
INSERT INTO "ops" VALUES(4,1,14753382261,125184,0,1,7,1440,4,0);
INSERT INTO "ops" VALUES(5,1,14753507221,21450809,0,1,7,1440,5,0);
INSERT INTO "ops" VALUES(6,1,14774958030,124097,0,1,7,1440,6,0);
INSERT INTO "ops" VALUES(7,1,14775082095,261024,0,1,7,1440,7,0);
INSERT INTO "ops" VALUES(8,1,14775343087,1697,0,1,7,1440,8,0);
INSERT INTO "ops" VALUES(9,1,14775344784,12960,0,1,7,1440,9,0);
INSERT INTO "ops" VALUES(10,1,14775357872,800,0,1,7,1440,10,0);
INSERT INTO "ops" VALUES(11,1,14775358735,960,0,1,7,1440,11,0);
INSERT INTO "ops" VALUES(12,1,14775359759,9440,0,1,7,1440,12,0);
INSERT INTO "ops" VALUES(13,1,14775369264,1471,0,1,7,1440,13,0);
INSERT INTO "ops" VALUES(14,1,14775370799,132865,0,1,7,1440,14,0);
INSERT INTO "ops" VALUES(15,3,14775504560,1152,0,1,7,1440,15,0);
INSERT INTO "ops" VALUES(16,1,14775508880,151776,0,1,7,1440,16,0);
INSERT INTO "ops" VALUES(17,1,14775660592,19104,0,1,7,1440,17,0);
INSERT INTO "ops" VALUES(18,1,14775679440,180385,0,1,7,1440,18,0);
INSERT INTO "ops" VALUES(19,1,14775859761,21510233,0,1,7,1440,19,0);
INSERT INTO "ops" VALUES(20,3,14797369962,1216,0,1,7,1440,20,0);
INSERT INTO "ops" VALUES(21,1,14797371018,20578775,0,1,7,1440,21,0);
INSERT INTO "ops" VALUES(22,3,14817950690,960,0,1,7,1440,22,0);
INSERT INTO "ops" VALUES(23,1,14817954305,72513,0,1,7,1440,23,0);
INSERT INTO "ops" VALUES(24,1,14818026690,181184,0,1,7,1440,24,0);
INSERT INTO "ops" VALUES(25,3,14818207810,1120,0,1,7,1440,25,0);
INSERT INTO "ops" VALUES(26,1,14818208866,20616183,0,1,7,1440,26,0);
INSERT INTO "ops" VALUES(27,3,14838825881,832,0,1,7,1440,27,0);
INSERT INTO "ops" VALUES(28,1,14838829817,74945,0,1,7,1440,28,0);
INSERT INTO "ops" VALUES(29,1,14838904729,59137,0,1,7,1440,29,0);
INSERT INTO "ops" VALUES(30,1,14838963834,64192,0,1,7,1440,30,0);
INSERT INTO "ops" VALUES(31,1,14839027962,63712,0,1,7,1440,31,0);
INSERT INTO "ops" VALUES(32,1,14839091610,63552,0,1,7,1440,32,0);
INSERT INTO "ops" VALUES(33,1,14839155130,64768,0,1,7,1440,33,0);
INSERT INTO "ops" VALUES(34,1,14839219835,63520,0,1,7,1440,34,0);
INSERT INTO "ops" VALUES(35,1,14839283323,34272,0,1,7,1440,35,0);
INSERT INTO "ops" VALUES(36,2,14839322266,2080,0,1,7,1451,36,12);
INSERT INTO "ops" VALUES(37,2,14840538238,4853485,0,1,7,1462,1,8);
INSERT INTO "ops" VALUES(38,2,14845393035,4608,0,1,7,1474,2,8);
INSERT INTO "ops" VALUES(39,1,14845408747,21500665,0,1,7,1485,3,0);
INSERT INTO "ops" VALUES(40,1,14866909189,123904,0,1,7,1485,4,0);
INSERT INTO "ops" VALUES(41,1,14867033061,21492953,0,1,7,1485,5,0);
INSERT INTO "ops" VALUES(42,1,14888525854,124000,0,1,7,1485,6,0);
INSERT INTO "ops" VALUES(43,1,14888649823,261889,0,1,7,1485,7,0);
INSERT INTO "ops" VALUES(44,1,14888911679,1728,0,1,7,1485,8,0);
INSERT INTO "ops" VALUES(45,1,14888913375,12640,0,1,7,1485,9,0);
INSERT INTO "ops" VALUES(46,1,14888926143,832,0,1,7,1485,10,0);
INSERT INTO "ops" VALUES(47,1,14888927039,960,0,1,7,1485,11,0);
INSERT INTO "ops" VALUES(48,1,14888928063,8256,0,1,7,1485,12,0);
INSERT INTO "ops" VALUES(49,1,14888936383,1472,0,1,7,1485,13,0);
INSERT INTO "ops" VALUES(50,1,14888937919,132449,0,1,7,1485,14,0);
INSERT INTO "ops" VALUES(51,3,14889071712,1344,0,1,7,1485,37,0);
INSERT INTO "ops" VALUES(52,1,14889076256,152736,0,1,7,1485,16,0);
INSERT INTO "ops" VALUES(53,1,14889228928,18656,0,1,7,1485,17,0);
INSERT INTO "ops" VALUES(54,1,14889247520,180129,0,1,7,1485,18,0);
INSERT INTO "ops" VALUES(55,1,14889427553,21560953,0,1,7,1485,19,0);
INSERT INTO "ops" VALUES(56,3,14910988475,1311,0,1,7,1485,20,0);
INSERT INTO "ops" VALUES(57,1,14910989563,20586135,0,1,7,1485,21,0);
INSERT INTO "ops" VALUES(58,3,14931577233,1185,0,1,7,1485,22,0);
INSERT INTO "ops" VALUES(59,1,14931581041,74113,0,1,7,1485,23,0);
INSERT INTO "ops" VALUES(60,1,14931655090,181248,0,1,7,1485,24,0);
INSERT INTO "ops" VALUES(61,3,14931836274,1152,0,1,7,1485,25,0);
INSERT INTO "ops" VALUES(62,1,14931837330,20578679,0,1,7,1485,26,0);
INSERT INTO "ops" VALUES(63,3,14952417449,1152,0,1,7,1485,27,0);
INSERT INTO "ops" VALUES(64,1,14952421705,75457,0,1,7,1485,28,0);
INSERT INTO "ops" VALUES(65,1,14952497162,60352,0,1,7,1485,29,0);
INSERT INTO "ops" VALUES(66,1,14952557482,63872,0,1,7,1485,30,0);
INSERT INTO "ops" VALUES(67,1,14952621290,65440,0,1,7,1485,31,0);
INSERT INTO "ops" VALUES(68,1,14952686666,62080,0,1,7,1485,32,0);
INSERT INTO "ops" VALUES(69,1,14952748682,65344,0,1,7,1485,33,0);
INSERT INTO "ops" VALUES(70,1,14952813803,65056,0,1,7,1485,34,0);
INSERT INTO "ops" VALUES(71,1,14952878826,32288,0,1,7,1485,35,0);
INSERT INTO "ops" VALUES(72,2,14952914347,4848780,0,1,7,1495,1,8);
INSERT INTO "ops" VALUES(73,2,14957764439,4257,0,1,7,1507,2,8);
INSERT INTO "ops" VALUES(74,1,14957774167,21464602,0,1,7,1518,3,0);
INSERT INTO "ops" VALUES(75,1,14979238545,124416,0,1,7,1518,4,0);
INSERT INTO "ops" VALUES(76,1,14979362930,21449049,0,1,7,1518,5,0);
INSERT INTO "ops" VALUES(77,1,15000811947,126176,0,1,7,1518,6,0);
INSERT INTO "ops" VALUES(78,1,15000938123,259041,0,1,7,1518,7,0);
INSERT INTO "ops" VALUES(79,1,15001197132,1728,0,1,7,1518,8,0);
INSERT INTO "ops" VALUES(80,1,15001198828,12448,0,1,7,1518,9,0);
INSERT INTO "ops" VALUES(81,1,15001211404,832,0,1,7,1518,10,0);
INSERT INTO "ops" VALUES(82,1,15001212332,928,0,1,7,1518,11,0);
INSERT INTO "ops" VALUES(83,1,15001213324,7424,0,1,7,1518,12,0);
INSERT INTO "ops" VALUES(84,1,15001220812,1472,0,1,7,1518,13,0);
INSERT INTO "ops" VALUES(85,1,15001222348,133856,0,1,7,1518,14,0);
INSERT INTO "ops" VALUES(86,3,15001357868,1408,0,1,7,1518,37,0);
INSERT INTO "ops" VALUES(87,1,15001362988,152801,0,1,7,1518,16,0);
INSERT INTO "ops" VALUES(88,1,15001515629,19680,0,1,7,1518,17,0);
INSERT INTO "ops" VALUES(89,1,15001535245,179776,0,1,7,1518,18,0);
INSERT INTO "ops" VALUES(90,1,15001714957,21515130,0,1,7,1518,19,0);
INSERT INTO "ops" VALUES(91,3,15023230055,1120,0,1,7,1518,20,0);
INSERT INTO "ops" VALUES(92,1,15023231111,20616471,0,1,7,1518,21,0);
INSERT INTO "ops" VALUES(93,3,15043849086,1056,0,1,7,1518,22,0);
INSERT INTO "ops" VALUES(94,1,15043852862,74464,0,1,7,1518,23,0);
INSERT INTO "ops" VALUES(95,1,15043927262,181281,0,1,7,1518,24,0);
INSERT INTO "ops" VALUES(96,3,15044108479,1344,0,1,7,1518,25,0);
INSERT INTO "ops" VALUES(97,1,15044109535,20612055,0,1,7,1518,26,0);
INSERT INTO "ops" VALUES(98,3,15064723062,1312,0,1,7,1518,27,0);
INSERT INTO "ops" VALUES(99,1,15064728246,71840,0,1,7,1518,28,0);
INSERT INTO "ops" VALUES(100,1,15064800054,60576,0,1,7,1518,29,0);
INSERT INTO "ops" VALUES(101,1,15064860438,63072,0,1,7,1518,30,0);
INSERT INTO "ops" VALUES(102,1,15064923446,65313,0,1,7,1518,31,0);
INSERT INTO "ops" VALUES(103,1,15064988694,64193,0,1,7,1518,32,0);
INSERT INTO "ops" VALUES(104,1,15065052855,63968,0,1,7,1518,33,0);
INSERT INTO "ops" VALUES(105,1,15065116535,64928,0,1,7,1518,34,0);
INSERT INTO "ops" VALUES(106,1,15065181399,32064,0,1,7,1518,35,0);
INSERT INTO "ops" VALUES(107,2,15065221815,4847309,0,1,7,1528,1,8);
INSERT INTO "ops" VALUES(108,2,15070070436,4320,0,1,7,1540,2,8);
INSERT INTO "ops" VALUES(109,1,15070079204,21499802,0,1,7,1551,3,0);
INSERT INTO "ops" VALUES(110,1,15091579006,124672,0,1,7,1551,4,0);
INSERT INTO "ops" VALUES(111,1,15091703646,21483162,0,1,7,1551,5,0);
INSERT INTO "ops" VALUES(112,1,15113186808,125600,0,1,7,1551,6,0);
INSERT INTO "ops" VALUES(113,1,15113312376,259137,0,1,7,1551,7,0);
INSERT INTO "ops" VALUES(114,1,15113571481,1728,0,1,7,1551,8,0);
INSERT INTO "ops" VALUES(115,1,15113573177,12800,0,1,7,1551,9,0);
INSERT INTO "ops" VALUES(116,1,15113586104,833,0,1,7,1551,10,0);
INSERT INTO "ops" VALUES(117,1,15113587001,928,0,1,7,1551,11,0);
INSERT INTO "ops" VALUES(118,1,15113587993,8320,0,1,7,1551,12,0);
INSERT INTO "ops" VALUES(119,1,15113596377,1504,0,1,7,1551,13,0);
INSERT INTO "ops" VALUES(120,1,15113597913,133120,0,1,7,1551,14,0);
INSERT INTO "ops" VALUES(121,3,15113732569,1440,0,1,7,1551,37,0);
INSERT INTO "ops" VALUES(122,1,15113737817,152640,0,1,7,1551,16,0);
INSERT INTO "ops" VALUES(123,1,15113890393,19424,0,1,7,1551,17,0);
INSERT INTO "ops" VALUES(124,1,15113909753,179265,0,1,7,1551,18,0);
INSERT INTO "ops" VALUES(125,1,15114088922,21517338,0,1,7,1551,19,0);
INSERT INTO "ops" VALUES(126,3,15135606227,1120,0,1,7,1551,20,0);
INSERT INTO "ops" VALUES(127,1,15135607284,20578519,0,1,7,1551,21,0);
INSERT INTO "ops" VALUES(128,3,15156187243,1087,0,1,7,1551,22,0);
INSERT INTO "ops" VALUES(129,1,15156190955,73088,0,1,7,1551,23,0);
INSERT INTO "ops" VALUES(130,1,15156263403,180032,0,1,7,1551,24,0);
INSERT INTO "ops" VALUES(131,3,15156443339,1152,0,1,7,1551,25,0);
INSERT INTO "ops" VALUES(132,1,15156444427,20577047,0,1,7,1551,26,0);
INSERT INTO "ops" VALUES(133,3,15177022274,832,0,1,7,1551,27,0);
INSERT INTO "ops" VALUES(134,1,15177026466,72608,0,1,7,1551,28,0);
INSERT INTO "ops" VALUES(135,1,15177099074,59649,0,1,7,1551,29,0);
INSERT INTO "ops" VALUES(136,1,15177158691,64864,0,1,7,1551,30,0);
INSERT INTO "ops" VALUES(137,1,15177223491,62848,0,1,7,1551,31,0);
INSERT INTO "ops" VALUES(138,1,15177286307,64064,0,1,7,1551,32,0);
INSERT INTO "ops" VALUES(139,1,15177350339,64640,0,1,7,1551,33,0);
INSERT INTO "ops" VALUES(140,1,15177414947,63168,0,1,7,1551,34,0);
INSERT INTO "ops" VALUES(141,1,15177478083,33633,0,1,7,1551,35,0);
INSERT INTO "ops" VALUES(142,2,15177513412,4839213,0,1,7,1561,1,8);
INSERT INTO "ops" VALUES(143,2,15182353968,4417,0,1,7,1573,2,8);
INSERT INTO "ops" VALUES(144,1,15182371505,21461273,0,1,7,1584,3,0);
INSERT INTO "ops" VALUES(145,1,15203832778,124929,0,1,7,1584,4,0);
INSERT INTO "ops" VALUES(146,1,15203957674,21468026,0,1,7,1584,5,0);
INSERT INTO "ops" VALUES(147,1,15225425700,124352,0,1,7,1584,6,0);
INSERT INTO "ops" VALUES(148,1,15225550020,261121,0,1,7,1584,7,0);
INSERT INTO "ops" VALUES(149,1,15225811109,1728,0,1,7,1584,8,0);
INSERT INTO "ops" VALUES(150,1,15225812805,13152,0,1,7,1584,9,0);
INSERT INTO "ops" VALUES(151,1,15225826085,896,0,1,7,1584,10,0);
INSERT INTO "ops" VALUES(152,1,15225827045,960,0,1,7,1584,11,0);
INSERT INTO "ops" VALUES(153,1,15225828069,8672,0,1,7,1584,12,0);
INSERT INTO "ops" VALUES(154,1,15225836805,1504,0,1,7,1584,13,0);
INSERT INTO "ops" VALUES(155,1,15225838341,132001,0,1,7,1584,14,0);
INSERT INTO "ops" VALUES(156,3,15225971269,1153,0,1,7,1584,37,0);
INSERT INTO "ops" VALUES(157,1,15225975942,152864,0,1,7,1584,16,0);
INSERT INTO "ops" VALUES(158,1,15226128742,19008,0,1,7,1584,17,0);
INSERT INTO "ops" VALUES(159,1,15226147686,180448,0,1,7,1584,18,0);
INSERT INTO "ops" VALUES(160,1,15226328070,21564762,0,1,7,1584,19,0);
INSERT INTO "ops" VALUES(161,3,15247892608,1120,0,1,7,1584,20,0);
INSERT INTO "ops" VALUES(162,1,15247893664,20611319,0,1,7,1584,21,0);
INSERT INTO "ops" VALUES(163,3,15268505815,1088,0,1,7,1584,22,0);
INSERT INTO "ops" VALUES(164,1,15268509527,73184,0,1,7,1584,23,0);
INSERT INTO "ops" VALUES(165,1,15268582648,181472,0,1,7,1584,24,0);
INSERT INTO "ops" VALUES(166,3,15268764056,1152,0,1,7,1584,25,0);
INSERT INTO "ops" VALUES(167,1,15268765112,20611959,0,1,7,1584,26,0);
INSERT INTO "ops" VALUES(168,3,15289377967,864,0,1,7,1584,27,0);
INSERT INTO "ops" VALUES(169,1,15289381967,74144,0,1,7,1584,28,0);
INSERT INTO "ops" VALUES(170,1,15289455919,60353,0,1,7,1584,29,0);
INSERT INTO "ops" VALUES(171,1,15289516207,63616,0,1,7,1584,30,0);
INSERT INTO "ops" VALUES(172,1,15289579792,62912,0,1,7,1584,31,0);
INSERT INTO "ops" VALUES(173,1,15289642672,63136,0,1,7,1584,32,0);
INSERT INTO "ops" VALUES(174,1,15289705744,64960,0,1,7,1584,33,0);
INSERT INTO "ops" VALUES(175,1,15289770672,63456,0,1,7,1584,34,0);
INSERT INTO "ops" VALUES(176,1,15289834064,33920,0,1,7,1584,35,0);
INSERT INTO "ops" VALUES(177,2,15289875248,1856,0,1,7,1589,36,12);
INSERT INTO "ops" VALUES(178,2,15291210228,4845709,0,1,7,1600,1,8);
INSERT INTO "ops" VALUES(179,2,15296057281,4256,0,1,7,1612,2,8);
INSERT INTO "ops" VALUES(180,1,15296072353,21491354,0,1,7,1623,3,0);
INSERT INTO "ops" VALUES(181,1,15317563482,124513,0,1,7,1623,4,0);
INSERT INTO "ops" VALUES(182,1,15317687771,21448153,0,1,7,1623,5,0);
INSERT INTO "ops" VALUES(183,1,15339135924,124833,0,1,7,1623,6,0);
INSERT INTO "ops" VALUES(184,1,15339260724,260257,0,1,7,1623,7,0);
INSERT INTO "ops" VALUES(185,1,15339520949,1728,0,1,7,1623,8,0);
INSERT INTO "ops" VALUES(186,1,15339522645,12928,0,1,7,1623,9,0);
INSERT INTO "ops" VALUES(187,1,15339535701,896,0,1,7,1623,10,0);
INSERT INTO "ops" VALUES(188,1,15339536693,960,0,1,7,1623,11,0);
INSERT INTO "ops" VALUES(189,1,15339537685,8608,0,1,7,1623,12,0);
INSERT INTO "ops" VALUES(190,1,15339546357,1473,0,1,7,1623,13,0);
INSERT INTO "ops" VALUES(191,1,15339547893,134208,0,1,7,1623,14,0);
INSERT INTO "ops" VALUES(192,3,15339682966,1120,0,1,7,1623,37,0);
INSERT INTO "ops" VALUES(193,1,15339687446,153248,0,1,7,1623,16,0);
INSERT INTO "ops" VALUES(194,1,15339840598,18560,0,1,7,1623,17,0);
INSERT INTO "ops" VALUES(195,1,15339859094,181281,0,1,7,1623,18,0);
INSERT INTO "ops" VALUES(196,1,15340040087,21506009,0,1,7,1623,19,0);
INSERT INTO "ops" VALUES(197,3,15361546064,1120,0,1,7,1623,20,0);
INSERT INTO "ops" VALUES(198,1,15361547120,20577079,0,1,7,1623,21,0);
INSERT INTO "ops" VALUES(199,3,15382125095,1088,0,1,7,1623,22,0);
INSERT INTO "ops" VALUES(200,1,15382128807,73920,0,1,7,1623,23,0);
INSERT INTO "ops" VALUES(201,1,15382202407,180161,0,1,7,1623,24,0);
INSERT INTO "ops" VALUES(202,3,15382382504,1408,0,1,7,1623,25,0);
INSERT INTO "ops" VALUES(203,1,15382383560,20578455,0,1,7,1623,26,0);
INSERT INTO "ops" VALUES(204,3,15402962879,832,0,1,7,1623,27,0);
INSERT INTO "ops" VALUES(205,1,15402967103,72832,0,1,7,1623,28,0);
INSERT INTO "ops" VALUES(206,1,15403039903,59808,0,1,7,1623,29,0);
INSERT INTO "ops" VALUES(207,1,15403099680,64576,0,1,7,1623,30,0);
INSERT INTO "ops" VALUES(208,1,15403164191,63713,0,1,7,1623,31,0);
INSERT INTO "ops" VALUES(209,1,15403227840,63808,0,1,7,1623,32,0);
INSERT INTO "ops" VALUES(210,1,15403291616,64864,0,1,7,1623,33,0);
INSERT INTO "ops" VALUES(211,1,15403356448,64096,0,1,7,1623,34,0);
INSERT INTO "ops" VALUES(212,1,15403420512,33856,0,1,7,1623,35,0);
CREATE TABLE overheads (
  id             INTEGER PRIMARY KEY,
  kind           INTEGER NOT NULL,      -- CUpti_ActivityOverheadKind
  start_ns       INTEGER NOT NULL,
  end_ns         INTEGER NOT NULL,
  object_kind    INTEGER,               -- CUpti_ActivityObjectKind
  object_id      INTEGER,               -- thread id or device id, by object_kind
  correlation_id INTEGER
);
INSERT INTO "overheads" VALUES(1,65536,14818975573,14819056125,2,682,0);
INSERT INTO "overheads" VALUES(2,458752,14819059870,14824713850,2,682,0);
INSERT INTO "overheads" VALUES(3,458752,14727055320,14728066214,2,660,1417);
INSERT INTO "overheads" VALUES(4,65536,14918984797,14919055538,2,682,0);
INSERT INTO "overheads" VALUES(5,458752,14919058309,14924655802,2,682,0);
INSERT INTO "overheads" VALUES(6,65536,15018989702,15019060417,2,682,0);
INSERT INTO "overheads" VALUES(7,458752,15019063011,15020125988,2,682,0);
INSERT INTO "overheads" VALUES(8,65536,15119007967,15119078354,2,682,0);
INSERT INTO "overheads" VALUES(9,458752,15119082327,15120153274,2,682,0);
INSERT INTO "overheads" VALUES(10,65536,15218978257,15219033787,2,682,0);
INSERT INTO "overheads" VALUES(11,458752,15219036947,15219981378,2,682,0);
INSERT INTO "overheads" VALUES(12,458752,14839349004,14840185514,2,660,1452);
INSERT INTO "overheads" VALUES(13,65536,15318971116,15319024551,2,682,0);
INSERT INTO "overheads" VALUES(14,458752,15319027793,15319919394,2,682,0);
INSERT INTO "overheads" VALUES(15,458752,15289907334,15290886118,2,660,1590);
INSERT INTO "overheads" VALUES(16,458752,15403480865,15404365750,2,660,1628);
INSERT INTO "overheads" VALUES(17,65536,15404657111,15404723339,2,682,0);
INSERT INTO "overheads" VALUES(18,458752,15404725084,15405723031,2,682,0);
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
INSERT INTO "streams" VALUES(1,13,2,0,1032878272,3);
INSERT INTO "streams" VALUES(1,14,2,4294967295,1031957600,3);
INSERT INTO "streams" VALUES(1,15,2,4294967294,1034495424,3);
INSERT INTO "streams" VALUES(1,16,2,4294967293,1035500608,3);
INSERT INTO "streams" VALUES(1,17,2,0,1038188336,3);
INSERT INTO "streams" VALUES(1,18,2,4294967295,1033976544,3);
INSERT INTO "streams" VALUES(1,19,2,4294967294,1036503744,3);
INSERT INTO "streams" VALUES(1,20,2,4294967293,1029427456,3);
INSERT INTO "streams" VALUES(1,21,2,0,1019080272,3);
INSERT INTO "streams" VALUES(1,22,2,4294967295,1033283408,3);
INSERT INTO "streams" VALUES(1,23,2,4294967294,1033283440,3);
INSERT INTO "streams" VALUES(1,24,2,4294967293,1033283472,3);
INSERT INTO "streams" VALUES(1,25,2,0,1034466512,3);
INSERT INTO "streams" VALUES(1,26,2,4294967295,1033752320,3);
INSERT INTO "streams" VALUES(1,27,2,4294967294,1033752352,3);
INSERT INTO "streams" VALUES(1,28,2,4294967293,1033752384,3);
INSERT INTO "streams" VALUES(1,29,2,0,1033027696,3);
INSERT INTO "streams" VALUES(1,30,2,4294967295,1033019024,3);
INSERT INTO "streams" VALUES(1,31,2,4294967294,1033019056,3);
INSERT INTO "streams" VALUES(1,32,2,4294967293,1033019088,3);
INSERT INTO "streams" VALUES(1,33,2,0,1028562064,3);
INSERT INTO "streams" VALUES(1,34,2,4294967295,1031358128,3);
INSERT INTO "streams" VALUES(1,35,2,4294967294,1031358160,3);
INSERT INTO "streams" VALUES(1,36,2,4294967293,1031358192,3);
INSERT INTO "streams" VALUES(1,37,2,0,1013380832,3);
INSERT INTO "streams" VALUES(1,38,2,4294967295,1012340176,3);
INSERT INTO "streams" VALUES(1,39,2,4294967294,1021735328,3);
INSERT INTO "streams" VALUES(1,40,2,4294967293,1021735360,3);
INSERT INTO "streams" VALUES(1,41,2,0,1021735392,3);
INSERT INTO "streams" VALUES(1,42,2,4294967295,1015060528,3);
INSERT INTO "streams" VALUES(1,43,2,4294967294,1023929040,3);
INSERT INTO "streams" VALUES(1,44,2,4294967293,1023929072,3);
INSERT INTO "streams" VALUES(1,45,2,0,1023929104,3);
INSERT INTO "streams" VALUES(1,46,2,4294967295,1028953216,3);
INSERT INTO "streams" VALUES(1,47,2,4294967294,1017562800,3);
INSERT INTO "streams" VALUES(1,48,2,4294967293,1013655648,3);
INSERT INTO "streams" VALUES(1,49,2,0,1011775184,3);
INSERT INTO "streams" VALUES(1,50,2,4294967295,1020034480,3);
INSERT INTO "streams" VALUES(1,51,2,4294967294,1014822752,3);
INSERT INTO "streams" VALUES(1,52,2,4294967293,1015833216,3);
INSERT INTO "streams" VALUES(1,53,2,0,1011705632,3);
INSERT INTO "streams" VALUES(1,54,2,4294967295,1018080176,3);
INSERT INTO "streams" VALUES(1,55,2,4294967294,1012980368,3);
INSERT INTO "streams" VALUES(1,56,2,4294967293,1018168032,3);
INSERT INTO "streams" VALUES(1,57,2,0,1012879088,3);
INSERT INTO "streams" VALUES(1,58,2,4294967295,1015199792,3);
INSERT INTO "streams" VALUES(1,59,2,4294967294,1018638560,3);
INSERT INTO "streams" VALUES(1,60,2,4294967293,1017176624,3);
INSERT INTO "streams" VALUES(1,61,2,0,1016383728,3);
INSERT INTO "streams" VALUES(1,62,2,4294967295,1015274192,3);
INSERT INTO "streams" VALUES(1,63,2,4294967294,1016835936,3);
INSERT INTO "streams" VALUES(1,64,2,4294967293,1012951312,3);
INSERT INTO "streams" VALUES(1,65,2,0,1011628480,3);
INSERT INTO "streams" VALUES(1,66,2,4294967295,1019601360,3);
INSERT INTO "streams" VALUES(1,67,2,4294967294,1015231840,3);
INSERT INTO "streams" VALUES(1,68,2,4294967293,1019126832,3);
INSERT INTO "streams" VALUES(1,69,2,0,1012625744,3);
INSERT INTO "streams" VALUES(1,70,2,4294967295,1016914528,3);
INSERT INTO "streams" VALUES(1,71,2,4294967294,1021849792,3);
INSERT INTO "streams" VALUES(1,72,2,4294967293,1020495936,3);
INSERT INTO "streams" VALUES(1,73,2,0,1021862832,3);
INSERT INTO "streams" VALUES(1,74,2,4294967295,1017699328,3);
INSERT INTO "streams" VALUES(1,75,2,4294967294,1017489392,3);
INSERT INTO "streams" VALUES(1,76,2,4294967293,1016896768,3);
INSERT INTO "streams" VALUES(1,77,2,0,1020209568,3);
INSERT INTO "streams" VALUES(1,78,2,4294967295,1017417664,3);
INSERT INTO "streams" VALUES(1,79,2,4294967294,1017979856,3);
INSERT INTO "streams" VALUES(1,80,2,4294967293,974031952,3);
INSERT INTO "streams" VALUES(1,81,2,0,1017695888,3);
INSERT INTO "streams" VALUES(1,82,2,4294967295,1019011008,3);
INSERT INTO "streams" VALUES(1,83,2,4294967294,1014984560,3);
INSERT INTO "streams" VALUES(1,84,2,4294967293,1014689968,3);
INSERT INTO "streams" VALUES(1,85,2,0,1018761200,3);
INSERT INTO "streams" VALUES(1,86,2,4294967295,1012291312,3);
INSERT INTO "streams" VALUES(1,87,2,4294967294,1017060240,3);
INSERT INTO "streams" VALUES(1,88,2,4294967293,1022818192,3);
INSERT INTO "streams" VALUES(1,89,2,0,1020798192,3);
INSERT INTO "streams" VALUES(1,90,2,4294967295,1022738992,3);
INSERT INTO "streams" VALUES(1,91,2,4294967294,1024741920,3);
INSERT INTO "streams" VALUES(1,92,2,4294967293,1025448240,3);
INSERT INTO "streams" VALUES(1,93,2,0,1017169584,3);
INSERT INTO "streams" VALUES(1,94,2,4294967295,1012283280,3);
INSERT INTO "streams" VALUES(1,95,2,4294967294,1014958032,3);
INSERT INTO "streams" VALUES(1,96,2,4294967293,1018211152,3);
INSERT INTO "streams" VALUES(1,97,2,0,1021723760,3);
INSERT INTO "streams" VALUES(1,98,2,4294967295,1020960576,3);
INSERT INTO "streams" VALUES(1,99,2,4294967294,1015537504,3);
INSERT INTO "streams" VALUES(1,100,2,4294967293,1022140160,3);
INSERT INTO "streams" VALUES(1,101,2,0,1021375072,3);
INSERT INTO "streams" VALUES(1,102,2,4294967295,1011743344,3);
INSERT INTO "streams" VALUES(1,103,2,4294967294,1024613568,3);
INSERT INTO "streams" VALUES(1,104,2,4294967293,1027178512,3);
INSERT INTO "streams" VALUES(1,105,2,0,1021335568,3);
INSERT INTO "streams" VALUES(1,106,2,4294967295,1024690976,3);
INSERT INTO "streams" VALUES(1,107,2,4294967294,1022098768,3);
INSERT INTO "streams" VALUES(1,108,2,4294967293,1023409440,3);
INSERT INTO "streams" VALUES(1,109,2,0,1024607216,3);
INSERT INTO "streams" VALUES(1,110,2,4294967295,1027309568,3);
INSERT INTO "streams" VALUES(1,111,2,4294967294,1024529328,3);
INSERT INTO "streams" VALUES(1,112,2,4294967293,1024482864,3);
INSERT INTO "streams" VALUES(1,113,2,0,1024258240,3);
INSERT INTO "streams" VALUES(1,114,2,4294967295,1011557312,3);
INSERT INTO "streams" VALUES(1,115,2,4294967294,1022532592,3);
INSERT INTO "streams" VALUES(1,116,2,4294967293,1023614848,3);
INSERT INTO "streams" VALUES(1,117,2,0,1027757552,3);
INSERT INTO "streams" VALUES(1,118,2,4294967295,1016020112,3);
INSERT INTO "streams" VALUES(1,119,2,4294967294,1027162736,3);
INSERT INTO "streams" VALUES(1,120,2,4294967293,1024369648,3);
INSERT INTO "streams" VALUES(1,121,2,0,1024370320,3);
INSERT INTO "streams" VALUES(1,122,2,4294967295,1028657840,3);
INSERT INTO "streams" VALUES(1,123,2,4294967294,1020556368,3);
INSERT INTO "streams" VALUES(1,124,2,4294967293,1026438240,3);
INSERT INTO "streams" VALUES(1,125,2,0,1027708144,3);
INSERT INTO "streams" VALUES(1,126,2,4294967295,1029379008,3);
INSERT INTO "streams" VALUES(1,127,2,4294967294,1022043584,3);
INSERT INTO "streams" VALUES(1,128,2,4294967293,1028975424,3);
INSERT INTO "streams" VALUES(1,129,2,0,1030014080,3);
INSERT INTO "streams" VALUES(1,130,2,4294967295,1030116880,3);
INSERT INTO "streams" VALUES(1,131,2,4294967294,1029795168,3);
INSERT INTO "streams" VALUES(1,132,2,4294967293,1027969216,3);
INSERT INTO "streams" VALUES(1,133,2,0,1028950512,3);
INSERT INTO "streams" VALUES(1,134,2,4294967295,1031086560,3);
INSERT INTO "streams" VALUES(1,135,2,4294967294,1029036688,3);
INSERT INTO "streams" VALUES(1,136,2,4294967293,1030632608,3);
INSERT INTO "streams" VALUES(1,137,2,0,1032388528,3);
INSERT INTO "streams" VALUES(1,138,2,4294967295,1031579376,3);
INSERT INTO "streams" VALUES(1,139,2,4294967294,1026358960,3);
INSERT INTO "streams" VALUES(1,140,2,4294967293,1023675680,3);
INSERT INTO "streams" VALUES(1,141,1,0,878000176,3);
INSERT INTO "streams" VALUES(1,142,2,0,NULL,0);
CREATE TABLE strings (
  id    INTEGER PRIMARY KEY,
  value TEXT NOT NULL UNIQUE
);
INSERT INTO "strings" VALUES(1,'cudaGetDevice');
INSERT INTO "strings" VALUES(2,'cudaStreamIsCapturing');
INSERT INTO "strings" VALUES(3,'cuDevicePrimaryCtxGetState');
INSERT INTO "strings" VALUES(4,'cudaMemcpyAsync');
INSERT INTO "strings" VALUES(5,'cudaGraphLaunch');
INSERT INTO "strings" VALUES(6,'cudaHostAlloc');
INSERT INTO "strings" VALUES(7,'sm80_xmma_gemm_f32f32_f32f32_f32_tn_n_tilesize128x128x8_stage3_warpsize2x2x1_ffma_aligna4_alignc4_execute_kernel__5x_cublas');
INSERT INTO "strings" VALUES(8,'_ZN2at6native29vectorized_elementwise_kernelILi4EZZZNS0_49_GLOBAL__N__d2ba64fb_16_TensorCompare_cu_71e06f4e19launch_clamp_scalarERNS_18TensorIteratorBaseEN3c106ScalarES6_NS0_6detail11ClampLimitsEENKUlvE_clEvENKUlvE5_clEvEUlfE_St5arrayIPcLm2EEEEviT0_T1_');
INSERT INTO "strings" VALUES(9,'sm80_xmma_gemm_f32f32_f32f32_f32_tn_n_tilesize32x32x8_stage3_warpsize1x2x1_ffma_aligna4_alignc4_execute_kernel__5x_cublas');
INSERT INTO "strings" VALUES(10,'_ZN43_GLOBAL__N__b6de9c8c_10_SoftMax_cu_9f978f6320softmax_warp_forwardIfffLi4ELb1ELb0EEEvPT0_PKT_iiiPKbib');
INSERT INTO "strings" VALUES(11,'_ZN2at6native39_GLOBAL__N__5cd812b1_7_Loss_cu_5b0651e138nll_loss_forward_reduce_cuda_kernel_2dIfflEEvPT_S4_PKS3_PKT1_S6_bllll');
INSERT INTO "strings" VALUES(12,'_ZN2at6native29vectorized_elementwise_kernelILi4ENS0_11FillFunctorIfEESt5arrayIPcLm1EEEEviT0_T1_');
INSERT INTO "strings" VALUES(13,'_ZN2at6native39_GLOBAL__N__5cd812b1_7_Loss_cu_5b0651e139nll_loss_backward_reduce_cuda_kernel_2dIflEEvPT_PKS3_PKT0_S6_S6_biill');
INSERT INTO "strings" VALUES(14,'_ZN43_GLOBAL__N__b6de9c8c_10_SoftMax_cu_9f978f6321softmax_warp_backwardIfffLi4ELb1ELb0EEEvPT0_PKT_S5_iiiPKb');
INSERT INTO "strings" VALUES(15,'sm80_xmma_gemm_f32f32_f32f32_f32_nn_n_tilesize128x32x8_stage3_warpsize2x2x1_ffma_aligna4_alignc4_execute_kernel__5x_cublas');
INSERT INTO "strings" VALUES(16,'sm80_xmma_gemm_f32f32_f32f32_f32_nt_n_tilesize32x64x8_stage3_warpsize1x2x1_ffma_aligna4_alignc4_execute_kernel__5x_cublas');
INSERT INTO "strings" VALUES(17,'_ZN2at6native13reduce_kernelILi256ELi2ENS0_8ReduceOpIfNS0_14func_wrapper_tIfZNS0_11sum_functorIfffEclERNS_14TensorIteratorEEUlffE_EEjfLi4ELi4EEEEEvT1_');
INSERT INTO "strings" VALUES(18,'_ZN2at6native29vectorized_elementwise_kernelILi4ENS0_13BinaryFunctorIfffZNS0_67_GLOBAL__N__06c19b41_28_ActivationThresholdKernel_cu_751192d7_1581121threshold_kernel_implIfEEvRNS_18TensorIteratorBaseET_S7_EUlffE_EESt5arrayIPcLm3EEEEviT0_T1_');
INSERT INTO "strings" VALUES(19,'sm80_xmma_gemm_f32f32_f32f32_f32_nn_n_tilesize256x128x8_stage3_warpsize4x2x1_ffma_aligna4_alignc4_execute_kernel__5x_cublas');
INSERT INTO "strings" VALUES(20,'_ZN7cutlass7Kernel2I43cutlass_80_simt_sgemm_256x128_8x4_nt_align1EEvNT_6ParamsE');
INSERT INTO "strings" VALUES(21,'_ZN2at6native13reduce_kernelILi128ELi4ENS0_8ReduceOpIfNS0_14func_wrapper_tIfZNS0_11sum_functorIfffEclERNS_14TensorIteratorEEUlffE_EEjfLi4ELi4EEEEEvT1_');
INSERT INTO "strings" VALUES(22,'_ZN2at6native55_GLOBAL__N__d25d856e_22_ForeachBinaryOpList_cu_a911ec4325multi_tensor_apply_kernelINS1_18TensorListMetadataILi2EEENS1_24BinaryOpListAlphaFunctorIfLi2ELi2ELi0EEEJSt4plusIfEfEEEvT_T0_DpT1_');
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
INSERT INTO "syncs" VALUES(1,3,14728967857,14840188058,1,7,NULL,1452,0);
INSERT INTO "syncs" VALUES(2,3,14841096722,15290890507,1,7,NULL,1590,0);
INSERT INTO "syncs" VALUES(3,4,15291587422,15404369171,1,NULL,NULL,1628,0);
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
