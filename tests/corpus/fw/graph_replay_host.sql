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
INSERT INTO "api" VALUES(11048,41,12595954937,27096,622,0,1,1,7,140703659393024,65536);
INSERT INTO "api" VALUES(11144,41,12596000850,7229,622,0,1,1,7,140703659460096,512);
INSERT INTO "api" VALUES(11232,311,12596023088,129819,622,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(11288,27,12596403296,21793,622,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(11320,41,12596436756,15303,622,0,1,1,7,140703659460608,4);
INSERT INTO "api" VALUES(11328,131,12596453709,12838,622,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(11408,41,12596496122,73492,622,0,1,1,7,140703659196416,65536);
INSERT INTO "api" VALUES(11504,41,12596727200,15419,622,0,1,1,7,140703659458560,512);
INSERT INTO "api" VALUES(11592,311,12596759728,106448,622,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(11672,41,12596898672,9262,622,0,1,1,7,140703659261952,65536);
INSERT INTO "api" VALUES(11768,41,12596920184,8299,622,0,1,1,7,140703659459072,512);
INSERT INTO "api" VALUES(11856,311,12596939653,67065,622,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(11936,41,12597030315,7421,622,0,1,1,7,140703659327488,65536);
INSERT INTO "api" VALUES(12032,41,12597049972,5433,622,0,1,1,7,140703659459584,512);
INSERT INTO "api" VALUES(12120,311,12597066714,61630,622,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(12200,41,12597150722,6396,622,0,1,1,7,140703659393024,65536);
INSERT INTO "api" VALUES(12296,41,12597168846,5006,622,0,1,1,7,140703659460096,512);
INSERT INTO "api" VALUES(12384,311,12597184228,60115,622,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(12424,41,12597272968,8773,622,0,1,1,7,140703659460608,4);
INSERT INTO "api" VALUES(12432,131,12597282959,41960,622,0,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "api" VALUES(12512,41,12597358525,7738,622,0,1,1,7,140703659196416,65536);
INSERT INTO "api" VALUES(12608,41,12597380155,5916,622,0,1,1,7,140703659458560,512);
INSERT INTO "api" VALUES(12696,311,12597398004,68574,622,0,1,1,7,NULL,NULL);
INSERT INTO "api" VALUES(12736,165,12597538585,30905,622,0,NULL,NULL,NULL,NULL,NULL);
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
INSERT INTO "api_args" VALUES(29,1,202,622,194714352,3,1,13,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(30,1,202,622,203685184,3,1,14,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(31,1,202,622,202416320,3,1,15,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(32,1,202,622,199951680,3,1,16,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(33,1,202,622,203691136,3,1,17,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(34,1,202,622,199245376,3,1,18,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(35,1,202,622,199517520,3,1,19,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(36,1,202,622,196418656,3,1,20,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(37,1,202,622,197184064,3,1,21,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(38,1,202,622,201457072,3,1,22,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(39,1,202,622,196667248,3,1,23,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(40,1,202,622,197527872,3,1,24,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(41,1,202,622,190116368,3,1,25,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(42,1,202,622,194304160,3,1,26,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(43,1,202,622,199819216,3,1,27,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(44,1,202,622,199819248,3,1,28,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(45,1,202,622,199819280,3,1,29,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(46,1,202,622,141364304,3,1,30,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(47,1,202,622,194754624,3,1,31,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(48,1,202,622,194751504,3,1,32,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(49,1,202,622,194493056,3,1,33,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(50,1,202,622,200367152,3,1,34,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(51,1,202,622,178750800,3,1,35,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(52,1,202,622,199508128,3,1,36,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(53,1,202,622,199510640,3,1,37,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(54,1,202,622,203916800,3,1,38,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(55,1,202,622,192355120,3,1,39,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(56,1,202,622,198108832,3,1,40,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(57,1,202,622,196480224,3,1,41,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(58,1,202,622,181552256,3,1,42,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(59,1,202,622,193909168,3,1,43,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(60,1,202,622,188281824,3,1,44,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(61,1,202,622,194480112,3,1,45,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(62,1,202,622,144694240,3,1,46,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(63,1,202,622,180795984,3,1,47,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(64,1,202,622,198752288,3,1,48,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(65,1,202,622,188379616,3,1,49,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(66,1,202,622,195474432,3,1,50,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(67,1,202,622,197317424,3,1,51,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(68,1,202,622,194852240,3,1,52,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(69,1,202,622,195473056,3,1,53,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(70,1,202,622,202933920,3,1,54,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(71,1,202,622,198258288,3,1,55,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(72,1,202,622,182421184,3,1,56,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(73,1,202,622,193045248,3,1,57,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(74,1,202,622,180585136,3,1,58,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(75,1,202,622,201395296,3,1,59,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(76,1,202,622,195149248,3,1,60,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(77,1,202,622,203233792,3,1,61,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(78,1,202,622,208498032,3,1,62,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(79,1,202,622,203781520,3,1,63,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(80,1,202,622,203790624,3,1,64,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(81,1,202,622,200283696,3,1,65,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(82,1,202,622,179168672,3,1,66,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(83,1,202,622,183746608,3,1,67,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(84,1,202,622,188493856,3,1,68,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(85,1,202,622,187805904,3,1,69,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(86,1,202,622,189262496,3,1,70,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(87,1,202,622,182892320,3,1,71,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(88,1,202,622,184366368,3,1,72,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(89,1,202,622,184019216,3,1,73,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(90,1,202,622,185053984,3,1,74,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(91,1,202,622,197707440,3,1,75,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(92,1,202,622,200219200,3,1,76,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(93,1,202,622,187621744,3,1,77,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(94,1,202,622,186438464,3,1,78,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(95,1,202,622,154761168,3,1,79,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(96,1,202,622,196292864,3,1,80,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(97,1,202,622,201925200,3,1,81,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(98,1,202,622,178534752,3,1,82,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(99,1,202,622,181036528,3,1,83,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(100,1,202,622,154658592,3,1,84,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(101,1,202,622,180028832,3,1,85,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(102,1,202,622,183304256,3,1,86,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(103,1,202,622,179854752,3,1,87,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(104,1,202,622,154642400,3,1,88,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(105,1,202,622,179770512,3,1,89,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(106,1,202,622,186930224,3,1,90,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(107,1,202,622,187227344,3,1,91,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(108,1,202,622,180090832,3,1,92,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(109,1,202,622,179968960,3,1,93,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(110,1,202,622,178242016,3,1,94,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(111,1,202,622,184059424,3,1,95,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(112,1,202,622,188291680,3,1,96,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(113,1,202,622,183664880,3,1,97,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(114,1,202,622,186830912,3,1,98,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(115,1,202,622,185225296,3,1,99,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(116,1,202,622,183204560,3,1,100,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(117,1,202,622,187003680,3,1,101,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(118,1,202,622,181127232,3,1,102,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(119,1,202,622,179511520,3,1,103,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(120,1,202,622,183555008,3,1,104,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(121,1,202,622,182602800,3,1,105,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(122,1,202,622,190280464,3,1,106,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(123,1,202,622,183145648,3,1,107,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(124,1,202,622,184547744,3,1,108,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(125,1,202,622,188357184,3,1,109,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(126,1,202,622,189733968,3,1,110,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(127,1,202,622,183718416,3,1,111,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(128,1,202,622,190368320,3,1,112,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(129,1,202,622,181445696,3,1,113,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(130,1,202,622,189911808,3,1,114,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(131,1,202,622,192832560,3,1,115,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(132,1,202,622,189038992,3,1,116,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(133,1,202,622,189153536,3,1,117,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(134,1,202,622,178543184,3,1,118,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(135,1,202,622,193735728,3,1,119,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(136,1,202,622,191732816,3,1,120,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(137,1,202,622,191007952,3,1,121,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(138,1,202,622,192502272,3,1,122,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(139,1,202,622,187735840,3,1,123,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(140,1,202,622,189422064,3,1,124,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(141,1,202,622,183616400,3,1,125,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(142,1,202,622,194520400,3,1,126,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(143,1,202,622,187684768,3,1,127,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(144,1,202,622,189309760,3,1,128,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(145,1,202,622,190769840,3,1,129,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(146,1,202,622,198975536,3,1,130,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(147,1,202,622,193397344,3,1,131,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(148,1,202,622,196079344,3,1,132,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(149,1,202,622,190811296,3,1,133,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(150,1,202,622,199434400,3,1,134,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(151,1,202,622,196410928,3,1,135,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(152,1,202,622,194814304,3,1,136,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(153,1,202,622,187636992,3,1,137,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(154,1,202,622,193483408,3,1,138,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(155,1,202,622,144964240,3,1,139,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(156,1,202,622,199506720,3,1,140,NULL,NULL,NULL,1);
INSERT INTO "api_args" VALUES(1192,1,129,652,140702795154976,3,1,141,NULL,NULL,NULL,0);
CREATE TABLE api_functions (
  domain  INTEGER NOT NULL,             -- enums 'api_domain'
  cbid    INTEGER NOT NULL,
  name_id INTEGER NOT NULL,             -- strings.id
  PRIMARY KEY (domain, cbid)
) WITHOUT ROWID;
INSERT INTO "api_functions" VALUES(1,17,21);
INSERT INTO "api_functions" VALUES(1,27,26);
INSERT INTO "api_functions" VALUES(1,41,24);
INSERT INTO "api_functions" VALUES(1,131,27);
INSERT INTO "api_functions" VALUES(1,165,28);
INSERT INTO "api_functions" VALUES(1,311,25);
INSERT INTO "api_functions" VALUES(1,317,22);
INSERT INTO "api_functions" VALUES(2,392,23);
CREATE TABLE api_summary (
  tid            INTEGER NOT NULL,
  domain         INTEGER NOT NULL,      -- enums 'api_domain'
  cbid           INTEGER NOT NULL,
  calls          INTEGER NOT NULL,      -- the calls not in api
  total_ns       INTEGER NOT NULL,      -- their time, summed
  max_ns         INTEGER NOT NULL,      -- the longest of them
  PRIMARY KEY (tid, domain, cbid)
) WITHOUT ROWID;
INSERT INTO "api_summary" VALUES(622,1,17,126,62148,4347);
INSERT INTO "api_summary" VALUES(622,1,317,18,12863,1738);
INSERT INTO "api_summary" VALUES(622,2,392,52,13393,1010);
CREATE TABLE callers (
  correlation_id INTEGER NOT NULL,
  domain         INTEGER NOT NULL,      -- enums 'api_domain'
  call_ns        INTEGER NOT NULL,      -- how long the call took, as the callbacks measured
  frames         TEXT NOT NULL
);
INSERT INTO "callers" VALUES(1404,1,129819,'_ZN2at4cuda9CUDAGraph6replayEv+0x296 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cuda.so+0xcb1646)
_ZZN5torch6detail26wrap_pybind_function_impl_IMN2at4cuda9CUDAGraphEFvvEJLm0EELb1EEEDaOT_St16integer_sequenceImJXspT0_EEESt17integral_constantIbXT1_EEENKUlRS4_E_clESD_+0x51 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_python.so+0xe6fbb1)
_ZZN8pybind1112cpp_function10initializeIZN5torch6detail26wrap_pybind_function_impl_IMN2at4cuda9CUDAGraphEFvvEJLm0EELb1EEEDaOT_St16integer_sequenceImJXspT0_EEESt17integral_constantIbXT1_EEEUlRS7_E_vJSG_EJNS_4nameENS_9is_methodENS_7siblingEEEEvSB_PFT0_DpT1_EDpRKT2_ENUlRNS_6detail13function_callEE_4_FUNESW_+0x4c (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_python.so+0xe7083c)
_ZN8pybind1112cpp_function10dispatcherEP7_objectS2_S2_+0xe2f (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_python.so+0x41105f)
?+0x0 (/usr/bin/python3.12+0x18216e)
_PyObject_MakeTpCall+0x74 (/usr/bin/python3.12+0x148fb4)');
INSERT INTO "callers" VALUES(1426,1,73492,'_ZN2at6nativeL16copy_kernel_cudaERNS_14TensorIteratorEb+0x50a (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cuda.so+0x17abb3a)
_ZN2at6nativeL9copy_implERNS_6TensorERKS1_b.isra.0+0x5ac (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cpu.so+0x1e4baac)
_ZN2at6native5copy_ERNS_6TensorERKS1_b+0x56 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cpu.so+0x1e4df56)
_ZN3c104impl28wrap_kernel_functor_unboxed_INS0_6detail24WrapFunctionIntoFunctor_INS_26CompileTimeFunctionPointerIFRN2at6TensorENS_14DispatchKeySetES7_RKS6_bEXadL_ZN5torch15ADInplaceOrViewL5copy_ES8_S7_SA_bEEEES7_NS_4guts8typelist8typelistIJS8_S7_SA_bEEEEESB_E4callEPNS_14OperatorKernelES8_S7_SA_b+0x4b (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cpu.so+0x698a63b)
_ZN5torch8autograd12VariableType12_GLOBAL__N_15copy_EN3c1014DispatchKeySetERN2at6TensorERKS6_b+0xbe (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cpu.so+0x698e3ee)
_ZN2at4_ops5copy_4callERNS_6TensorERKS2_b+0x189 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cpu.so+0x2cc0689)');
INSERT INTO "callers" VALUES(1449,1,106448,'_ZN2at4cuda9CUDAGraph6replayEv+0x296 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cuda.so+0xcb1646)
_ZZN5torch6detail26wrap_pybind_function_impl_IMN2at4cuda9CUDAGraphEFvvEJLm0EELb1EEEDaOT_St16integer_sequenceImJXspT0_EEESt17integral_constantIbXT1_EEENKUlRS4_E_clESD_+0x51 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_python.so+0xe6fbb1)
_ZZN8pybind1112cpp_function10initializeIZN5torch6detail26wrap_pybind_function_impl_IMN2at4cuda9CUDAGraphEFvvEJLm0EELb1EEEDaOT_St16integer_sequenceImJXspT0_EEESt17integral_constantIbXT1_EEEUlRS7_E_vJSG_EJNS_4nameENS_9is_methodENS_7siblingEEEEvSB_PFT0_DpT1_EDpRKT2_ENUlRNS_6detail13function_callEE_4_FUNESW_+0x4c (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_python.so+0xe7083c)
_ZN8pybind1112cpp_function10dispatcherEP7_objectS2_S2_+0xe2f (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_python.so+0x41105f)
?+0x0 (/usr/bin/python3.12+0x18216e)
_PyObject_MakeTpCall+0x74 (/usr/bin/python3.12+0x148fb4)');
INSERT INTO "callers" VALUES(1482,1,67065,'_ZN2at4cuda9CUDAGraph6replayEv+0x296 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cuda.so+0xcb1646)
_ZZN5torch6detail26wrap_pybind_function_impl_IMN2at4cuda9CUDAGraphEFvvEJLm0EELb1EEEDaOT_St16integer_sequenceImJXspT0_EEESt17integral_constantIbXT1_EEENKUlRS4_E_clESD_+0x51 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_python.so+0xe6fbb1)
_ZZN8pybind1112cpp_function10initializeIZN5torch6detail26wrap_pybind_function_impl_IMN2at4cuda9CUDAGraphEFvvEJLm0EELb1EEEDaOT_St16integer_sequenceImJXspT0_EEESt17integral_constantIbXT1_EEEUlRS7_E_vJSG_EJNS_4nameENS_9is_methodENS_7siblingEEEEvSB_PFT0_DpT1_EDpRKT2_ENUlRNS_6detail13function_callEE_4_FUNESW_+0x4c (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_python.so+0xe7083c)
_ZN8pybind1112cpp_function10dispatcherEP7_objectS2_S2_+0xe2f (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_python.so+0x41105f)
?+0x0 (/usr/bin/python3.12+0x18216e)
_PyObject_MakeTpCall+0x74 (/usr/bin/python3.12+0x148fb4)');
INSERT INTO "callers" VALUES(1515,1,61630,'_ZN2at4cuda9CUDAGraph6replayEv+0x296 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cuda.so+0xcb1646)
_ZZN5torch6detail26wrap_pybind_function_impl_IMN2at4cuda9CUDAGraphEFvvEJLm0EELb1EEEDaOT_St16integer_sequenceImJXspT0_EEESt17integral_constantIbXT1_EEENKUlRS4_E_clESD_+0x51 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_python.so+0xe6fbb1)
_ZZN8pybind1112cpp_function10initializeIZN5torch6detail26wrap_pybind_function_impl_IMN2at4cuda9CUDAGraphEFvvEJLm0EELb1EEEDaOT_St16integer_sequenceImJXspT0_EEESt17integral_constantIbXT1_EEEUlRS7_E_vJSG_EJNS_4nameENS_9is_methodENS_7siblingEEEEvSB_PFT0_DpT1_EDpRKT2_ENUlRNS_6detail13function_callEE_4_FUNESW_+0x4c (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_python.so+0xe7083c)
_ZN8pybind1112cpp_function10dispatcherEP7_objectS2_S2_+0xe2f (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_python.so+0x41105f)
?+0x0 (/usr/bin/python3.12+0x18216e)
_PyObject_MakeTpCall+0x74 (/usr/bin/python3.12+0x148fb4)');
INSERT INTO "callers" VALUES(1548,1,60115,'_ZN2at4cuda9CUDAGraph6replayEv+0x296 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cuda.so+0xcb1646)
_ZZN5torch6detail26wrap_pybind_function_impl_IMN2at4cuda9CUDAGraphEFvvEJLm0EELb1EEEDaOT_St16integer_sequenceImJXspT0_EEESt17integral_constantIbXT1_EEENKUlRS4_E_clESD_+0x51 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_python.so+0xe6fbb1)
_ZZN8pybind1112cpp_function10initializeIZN5torch6detail26wrap_pybind_function_impl_IMN2at4cuda9CUDAGraphEFvvEJLm0EELb1EEEDaOT_St16integer_sequenceImJXspT0_EEESt17integral_constantIbXT1_EEEUlRS7_E_vJSG_EJNS_4nameENS_9is_methodENS_7siblingEEEEvSB_PFT0_DpT1_EDpRKT2_ENUlRNS_6detail13function_callEE_4_FUNESW_+0x4c (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_python.so+0xe7083c)
_ZN8pybind1112cpp_function10dispatcherEP7_objectS2_S2_+0xe2f (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_python.so+0x41105f)
?+0x0 (/usr/bin/python3.12+0x18216e)
_PyObject_MakeTpCall+0x74 (/usr/bin/python3.12+0x148fb4)');
INSERT INTO "callers" VALUES(1587,1,68574,'_ZN2at4cuda9CUDAGraph6replayEv+0x296 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cuda.so+0xcb1646)
_ZZN5torch6detail26wrap_pybind_function_impl_IMN2at4cuda9CUDAGraphEFvvEJLm0EELb1EEEDaOT_St16integer_sequenceImJXspT0_EEESt17integral_constantIbXT1_EEENKUlRS4_E_clESD_+0x51 (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_python.so+0xe6fbb1)
_ZZN8pybind1112cpp_function10initializeIZN5torch6detail26wrap_pybind_function_impl_IMN2at4cuda9CUDAGraphEFvvEJLm0EELb1EEEDaOT_St16integer_sequenceImJXspT0_EEESt17integral_constantIbXT1_EEEUlRS7_E_vJSG_EJNS_4nameENS_9is_methodENS_7siblingEEEEvSB_PFT0_DpT1_EDpRKT2_ENUlRNS_6detail13function_callEE_4_FUNESW_+0x4c (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_python.so+0xe7083c)
_ZN8pybind1112cpp_function10dispatcherEP7_objectS2_S2_+0xe2f (/opt/torch/.venv/lib/python3.12/site-packages/torch/lib/libtorch_python.so+0x41105f)
?+0x0 (/usr/bin/python3.12+0x18216e)
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
CREATE TABLE mem (
  correlation_id INTEGER NOT NULL,
  domain         INTEGER NOT NULL,      -- enums 'api_domain'
  role           INTEGER NOT NULL,      -- enums 'mem_role': 1 alloc, 2 free, 3 read, 4 write, 5 kernel argument
  ptr            INTEGER NOT NULL,      -- the address (allocations and frees: the base)
  bytes          INTEGER,               -- alloc: its size; read, write: the bytes touched from ptr
  info           INTEGER,               -- alloc, free: enums 'alloc_kind'; kernel argument: the parameter's index
  stream_id      INTEGER                -- stream-ordered allocs and frees: the CUPTI stream id
);
INSERT INTO "mem" VALUES(10,1,1,140704401588224,2097152,1,NULL);
INSERT INTO "mem" VALUES(161,1,1,140703642419200,2097152,1,NULL);
INSERT INTO "mem" VALUES(1091,1,1,140703644516352,1024,1,NULL);
INSERT INTO "mem" VALUES(1100,1,1,140703644517376,131072,1,NULL);
INSERT INTO "mem" VALUES(1109,1,1,140703564824576,67108864,1,NULL);
INSERT INTO "mem" VALUES(1113,1,1,140703531270144,33554432,1,NULL);
INSERT INTO "mem" VALUES(1161,1,1,140703644648448,1024,1,NULL);
INSERT INTO "mem" VALUES(1170,1,1,140703644649472,131072,1,NULL);
INSERT INTO "mem" VALUES(1179,1,1,140703967477760,67108864,1,NULL);
INSERT INTO "mem" VALUES(1182,1,1,140704034586624,33554432,1,NULL);
INSERT INTO "mem" VALUES(1335,1,1,140704101695488,33554432,1,NULL);
INSERT INTO "mem" VALUES(1308,1,1,140703462064128,2097152,1,NULL);
INSERT INTO "mem" VALUES(1313,1,1,140703657099264,2097152,1,NULL);
INSERT INTO "mem" VALUES(1314,1,1,140704068141056,33554432,1,NULL);
INSERT INTO "mem" VALUES(1355,1,1,140703659196416,65536,4,NULL);
INSERT INTO "mem" VALUES(1356,1,1,140703659261952,65536,4,NULL);
INSERT INTO "mem" VALUES(1357,1,1,140703659327488,65536,4,NULL);
INSERT INTO "mem" VALUES(1358,1,1,140703659393024,65536,4,NULL);
INSERT INTO "mem" VALUES(1359,1,1,140703659458560,512,4,NULL);
INSERT INTO "mem" VALUES(1360,1,1,140703659459072,512,4,NULL);
INSERT INTO "mem" VALUES(1361,1,1,140703659459584,512,4,NULL);
INSERT INTO "mem" VALUES(1362,1,1,140703659460096,512,4,NULL);
INSERT INTO "mem" VALUES(1381,1,3,140703659393024,65536,NULL,NULL);
INSERT INTO "mem" VALUES(1381,1,4,140704402125312,65536,NULL,NULL);
INSERT INTO "mem" VALUES(1393,1,3,140703659460096,512,NULL,NULL);
INSERT INTO "mem" VALUES(1393,1,4,140704402190848,512,NULL,NULL);
INSERT INTO "mem" VALUES(1411,1,1,140703659460608,4,4,NULL);
INSERT INTO "mem" VALUES(1415,1,3,140703657104384,4,NULL,NULL);
INSERT INTO "mem" VALUES(1415,1,4,140703659460608,4,NULL,NULL);
INSERT INTO "mem" VALUES(1426,1,3,140703659196416,65536,NULL,NULL);
INSERT INTO "mem" VALUES(1426,1,4,140704402125312,65536,NULL,NULL);
INSERT INTO "mem" VALUES(1438,1,3,140703659458560,512,NULL,NULL);
INSERT INTO "mem" VALUES(1438,1,4,140704402190848,512,NULL,NULL);
INSERT INTO "mem" VALUES(1459,1,3,140703659261952,65536,NULL,NULL);
INSERT INTO "mem" VALUES(1459,1,4,140704402125312,65536,NULL,NULL);
INSERT INTO "mem" VALUES(1471,1,3,140703659459072,512,NULL,NULL);
INSERT INTO "mem" VALUES(1471,1,4,140704402190848,512,NULL,NULL);
INSERT INTO "mem" VALUES(1492,1,3,140703659327488,65536,NULL,NULL);
INSERT INTO "mem" VALUES(1492,1,4,140704402125312,65536,NULL,NULL);
INSERT INTO "mem" VALUES(1504,1,3,140703659459584,512,NULL,NULL);
INSERT INTO "mem" VALUES(1504,1,4,140704402190848,512,NULL,NULL);
INSERT INTO "mem" VALUES(1525,1,3,140703659393024,65536,NULL,NULL);
INSERT INTO "mem" VALUES(1525,1,4,140704402125312,65536,NULL,NULL);
INSERT INTO "mem" VALUES(1537,1,3,140703659460096,512,NULL,NULL);
INSERT INTO "mem" VALUES(1537,1,4,140704402190848,512,NULL,NULL);
INSERT INTO "mem" VALUES(1553,1,3,140703657104384,4,NULL,NULL);
INSERT INTO "mem" VALUES(1553,1,4,140703659460608,4,NULL,NULL);
INSERT INTO "mem" VALUES(1564,1,3,140703659196416,65536,NULL,NULL);
INSERT INTO "mem" VALUES(1564,1,4,140704402125312,65536,NULL,NULL);
INSERT INTO "mem" VALUES(1576,1,3,140703659458560,512,NULL,NULL);
INSERT INTO "mem" VALUES(1576,1,4,140704402190848,512,NULL,NULL);
CREATE TABLE meta (
  key   TEXT PRIMARY KEY NOT NULL,
  value TEXT
) WITHOUT ROWID;
INSERT INTO "meta" VALUES('api_calls_seen','175');
INSERT INTO "meta" VALUES('api_clock','realtime');
INSERT INTO "meta" VALUES('api_clock_skew_ns','6');
INSERT INTO "meta" VALUES('api_launches_seen','0');
INSERT INTO "meta" VALUES('api_launches_without_ops','0');
INSERT INTO "meta" VALUES('api_level','full');
INSERT INTO "meta" VALUES('api_queries','summary');
INSERT INTO "meta" VALUES('api_query_min_ns','10000');
INSERT INTO "meta" VALUES('api_timing','all');
INSERT INTO "meta" VALUES('callers_naming_cpu_ns','23696859');
INSERT INTO "meta" VALUES('capture.mode','cudaProfilerApi');
INSERT INTO "meta" VALUES('capture.window.1','12595911068 12603721572');
INSERT INTO "meta" VALUES('capture.windows','1');
INSERT INTO "meta" VALUES('clean_exit','1');
INSERT INTO "meta" VALUES('cmdline','python3 graph_replay.py --size host');
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
INSERT INTO "meta" VALUES('end_time','2026-12-03T22:01:28.357Z');
INSERT INTO "meta" VALUES('exit_status','0');
INSERT INTO "meta" VALUES('host','vm');
INSERT INTO "meta" VALUES('incomplete_records','0');
INSERT INTO "meta" VALUES('inject_version','0.1.0');
INSERT INTO "meta" VALUES('mem_allocations_live','23');
INSERT INTO "meta" VALUES('mem_kernel_functions','0');
INSERT INTO "meta" VALUES('mem_launches_without_layout','0');
INSERT INTO "meta" VALUES('mem_tracking','on');
INSERT INTO "meta" VALUES('nccl_version','2.28.9');
INSERT INTO "meta" VALUES('nccl_version_code','22809');
INSERT INTO "meta" VALUES('os','Linux 6.18.44-fc-v1252-gpu x86_64');
INSERT INTO "meta" VALUES('pid','622');
INSERT INTO "meta" VALUES('runtime_version','13000');
INSERT INTO "meta" VALUES('skipped_records','0');
INSERT INTO "meta" VALUES('start_time','2026-12-03T22:01:14.534Z');
INSERT INTO "meta" VALUES('thread_clock','tsc');
INSERT INTO "meta" VALUES('thread_clock_ticks_per_us','2100.000');
INSERT INTO "meta" VALUES('tool_version','0.1.0');
INSERT INTO "meta" VALUES('trace_start_ns','1796335274534706456');
INSERT INTO "meta" VALUES('tracer_driver_calls','4');
INSERT INTO "meta" VALUES('tracer_end_ns','13439603106');
INSERT INTO "meta" VALUES('tracer_pid','622');
INSERT INTO "meta" VALUES('tracer_status','finished');
INSERT INTO "meta" VALUES('writer_cpu_ns','8942858');
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
INSERT INTO "op_shapes" VALUES(1,NULL,65536,1,2,3,1,2,1,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "op_shapes" VALUES(2,NULL,512,1,2,3,1,1,1,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "op_shapes" VALUES(3,1,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,4,1,4,128,1,1,74,0,20480,2,8589934592);
INSERT INTO "op_shapes" VALUES(4,2,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,8,4,1,32,16,1,32,0,0,2,8589934593);
INSERT INTO "op_shapes" VALUES(5,3,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,16,1,1,128,1,1,28,0,0,2,8589934594);
INSERT INTO "op_shapes" VALUES(6,1,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,4,1,4,128,1,1,74,0,20480,2,8589934595);
INSERT INTO "op_shapes" VALUES(7,2,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,8,4,1,32,16,1,32,0,0,2,8589934596);
INSERT INTO "op_shapes" VALUES(8,3,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,16,1,1,128,1,1,28,0,0,2,8589934597);
INSERT INTO "op_shapes" VALUES(9,NULL,16,NULL,NULL,0,1,1,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,2,8589934598);
INSERT INTO "op_shapes" VALUES(10,4,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,1,2,1,256,1,1,18,0,0,2,8589934599);
INSERT INTO "op_shapes" VALUES(11,5,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,1,2,5,16,16,1,32,4356,0,2,8589934600);
INSERT INTO "op_shapes" VALUES(12,6,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,2,2,1,8,32,1,26,0,0,2,8589934601);
INSERT INTO "op_shapes" VALUES(13,7,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,4,1,1,16,8,1,21,0,0,2,8589934602);
INSERT INTO "op_shapes" VALUES(14,8,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,1,1,1,32,1,1,32,0,256,2,8589934603);
INSERT INTO "op_shapes" VALUES(15,9,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,1,1,1,128,1,1,16,0,0,2,8589934604);
INSERT INTO "op_shapes" VALUES(16,9,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,1,1,1,128,1,1,16,0,0,2,8589934605);
INSERT INTO "op_shapes" VALUES(17,10,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,1,1,1,32,1,1,32,0,0,2,8589934606);
INSERT INTO "op_shapes" VALUES(18,11,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,4,1,1,16,8,1,24,0,0,2,8589934607);
INSERT INTO "op_shapes" VALUES(19,12,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,4,1,3,128,1,1,76,0,20480,2,8589934608);
INSERT INTO "op_shapes" VALUES(20,13,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,8,4,1,32,16,1,32,0,0,2,8589934609);
INSERT INTO "op_shapes" VALUES(21,14,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,1,8,1,64,1,1,90,0,6144,2,8589934610);
INSERT INTO "op_shapes" VALUES(22,15,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,1,1,1,4,64,1,40,16,0,2,8589934611);
INSERT INTO "op_shapes" VALUES(23,16,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,16,1,1,128,1,1,32,0,0,2,8589934612);
INSERT INTO "op_shapes" VALUES(24,17,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,2,8,4,64,1,1,80,0,6528,2,8589934613);
INSERT INTO "op_shapes" VALUES(25,18,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,2,8,1,64,1,1,72,0,4608,2,8589934614);
INSERT INTO "op_shapes" VALUES(26,14,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,8,8,1,64,1,1,90,0,6144,2,8589934615);
INSERT INTO "op_shapes" VALUES(27,19,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,2,1,1,32,4,1,54,16,2048,2,8589934616);
INSERT INTO "op_shapes" VALUES(28,16,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,16,1,1,128,1,1,32,0,0,2,8589934617);
INSERT INTO "op_shapes" VALUES(29,14,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,8,8,1,64,1,1,90,0,6144,2,8589934618);
INSERT INTO "op_shapes" VALUES(30,19,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,2,1,1,32,4,1,54,16,2048,2,8589934619);
INSERT INTO "op_shapes" VALUES(31,20,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,6,1,1,512,1,1,32,0,0,2,8589934620);
INSERT INTO "op_shapes" VALUES(32,NULL,4,2,3,2,1,2,1,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL);
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
INSERT INTO "ops" VALUES(1,2,12595979692,3680,0,1,7,1381,1,8);
INSERT INTO "ops" VALUES(2,2,12596009100,736,0,1,7,1393,2,0);
INSERT INTO "ops" VALUES(3,1,12596071948,6017,0,1,7,1404,3,0);
INSERT INTO "ops" VALUES(4,1,12596078092,1984,0,1,7,1404,4,0);
INSERT INTO "ops" VALUES(5,1,12596080205,1151,0,1,7,1404,5,0);
INSERT INTO "ops" VALUES(6,1,12596081485,5791,0,1,7,1404,6,0);
INSERT INTO "ops" VALUES(7,1,12596087405,1983,0,1,7,1404,7,0);
INSERT INTO "ops" VALUES(8,1,12596089485,1311,0,1,7,1404,8,0);
INSERT INTO "ops" VALUES(9,3,12596091596,896,0,1,7,1404,9,0);
INSERT INTO "ops" VALUES(10,1,12596152685,928,0,1,7,1404,10,0);
INSERT INTO "ops" VALUES(11,1,12596153676,11169,0,1,7,1404,11,0);
INSERT INTO "ops" VALUES(12,1,12596164876,1280,0,1,7,1404,12,0);
INSERT INTO "ops" VALUES(13,1,12596166221,1248,0,1,7,1404,13,0);
INSERT INTO "ops" VALUES(14,1,12596167533,2272,0,1,7,1404,14,0);
INSERT INTO "ops" VALUES(15,1,12596169869,864,0,1,7,1404,15,0);
INSERT INTO "ops" VALUES(16,1,12596170796,897,0,1,7,1404,16,0);
INSERT INTO "ops" VALUES(17,1,12596171756,1600,0,1,7,1404,17,0);
INSERT INTO "ops" VALUES(18,1,12596173421,1120,0,1,7,1404,18,0);
INSERT INTO "ops" VALUES(19,1,12596174636,3137,0,1,7,1404,19,0);
INSERT INTO "ops" VALUES(20,1,12596177836,1825,0,1,7,1404,20,0);
INSERT INTO "ops" VALUES(21,1,12596179725,3391,0,1,7,1404,21,0);
INSERT INTO "ops" VALUES(22,1,12596183181,4448,0,1,7,1404,22,0);
INSERT INTO "ops" VALUES(23,1,12596187693,1152,0,1,7,1404,23,0);
INSERT INTO "ops" VALUES(24,1,12596188909,3744,0,1,7,1404,24,0);
INSERT INTO "ops" VALUES(25,1,12596192716,2593,0,1,7,1404,25,0);
INSERT INTO "ops" VALUES(26,1,12596195373,3552,0,1,7,1404,26,0);
INSERT INTO "ops" VALUES(27,1,12596199053,3328,0,1,7,1404,27,0);
INSERT INTO "ops" VALUES(28,1,12596202509,1088,0,1,7,1404,28,0);
INSERT INTO "ops" VALUES(29,1,12596203725,3200,0,1,7,1404,29,0);
INSERT INTO "ops" VALUES(30,1,12596207053,2752,0,1,7,1404,30,0);
INSERT INTO "ops" VALUES(31,1,12596209933,9568,0,1,7,1404,31,0);
INSERT INTO "ops" VALUES(32,2,12596452654,1407,0,1,7,1415,32,12);
INSERT INTO "ops" VALUES(33,2,12596569485,3680,0,1,7,1426,1,8);
INSERT INTO "ops" VALUES(34,2,12596743630,736,0,1,7,1438,2,0);
INSERT INTO "ops" VALUES(35,1,12596797998,5920,0,1,7,1449,3,0);
INSERT INTO "ops" VALUES(36,1,12596804046,1984,0,1,7,1449,4,0);
INSERT INTO "ops" VALUES(37,1,12596806158,1152,0,1,7,1449,5,0);
INSERT INTO "ops" VALUES(38,1,12596807438,5792,0,1,7,1449,6,0);
INSERT INTO "ops" VALUES(39,1,12596813358,1984,0,1,7,1449,7,0);
INSERT INTO "ops" VALUES(40,1,12596815438,1312,0,1,7,1449,8,0);
INSERT INTO "ops" VALUES(41,3,12596817582,896,0,1,7,1449,9,0);
INSERT INTO "ops" VALUES(42,1,12596865423,927,0,1,7,1449,10,0);
INSERT INTO "ops" VALUES(43,1,12596866415,11136,0,1,7,1449,11,0);
INSERT INTO "ops" VALUES(44,1,12596877615,1248,0,1,7,1449,12,0);
INSERT INTO "ops" VALUES(45,1,12596878926,1249,0,1,7,1449,13,0);
INSERT INTO "ops" VALUES(46,1,12596880271,2240,0,1,7,1449,14,0);
INSERT INTO "ops" VALUES(47,1,12596882575,896,0,1,7,1449,15,0);
INSERT INTO "ops" VALUES(48,1,12596883535,863,0,1,7,1449,16,0);
INSERT INTO "ops" VALUES(49,1,12596884463,1600,0,1,7,1449,17,0);
INSERT INTO "ops" VALUES(50,1,12596886126,1152,0,1,7,1449,18,0);
INSERT INTO "ops" VALUES(51,1,12596887343,3168,0,1,7,1449,19,0);
INSERT INTO "ops" VALUES(52,1,12596890575,1823,0,1,7,1449,20,0);
INSERT INTO "ops" VALUES(53,1,12596892463,3392,0,1,7,1449,21,0);
INSERT INTO "ops" VALUES(54,1,12596895918,4448,0,1,7,1449,22,0);
INSERT INTO "ops" VALUES(55,1,12596900431,1152,0,1,7,1449,23,0);
INSERT INTO "ops" VALUES(56,1,12596901678,3680,0,1,7,1449,24,0);
INSERT INTO "ops" VALUES(57,1,12596905423,2592,0,1,7,1449,25,0);
INSERT INTO "ops" VALUES(58,1,12596908079,3552,0,1,7,1449,26,0);
INSERT INTO "ops" VALUES(59,1,12596911726,3329,0,1,7,1449,27,0);
INSERT INTO "ops" VALUES(60,1,12596915183,1088,0,1,7,1449,28,0);
INSERT INTO "ops" VALUES(61,1,12596916399,3232,0,1,7,1449,29,0);
INSERT INTO "ops" VALUES(62,1,12596919759,2752,0,1,7,1449,30,0);
INSERT INTO "ops" VALUES(63,1,12596922606,9729,0,1,7,1449,31,0);
INSERT INTO "ops" VALUES(64,2,12596933903,3712,0,1,7,1459,1,8);
INSERT INTO "ops" VALUES(65,2,12596946831,992,0,1,7,1471,2,0);
INSERT INTO "ops" VALUES(66,1,12596960591,5920,0,1,7,1482,3,0);
INSERT INTO "ops" VALUES(67,1,12596966607,2016,0,1,7,1482,4,0);
INSERT INTO "ops" VALUES(68,1,12596968719,1184,0,1,7,1482,5,0);
INSERT INTO "ops" VALUES(69,1,12596969999,5792,0,1,7,1482,6,0);
INSERT INTO "ops" VALUES(70,1,12596975919,1984,0,1,7,1482,7,0);
INSERT INTO "ops" VALUES(71,1,12596977999,1312,0,1,7,1482,8,0);
INSERT INTO "ops" VALUES(72,3,12596980239,896,0,1,7,1482,9,0);
INSERT INTO "ops" VALUES(73,1,12597006671,928,0,1,7,1482,10,0);
INSERT INTO "ops" VALUES(74,1,12597007663,11104,0,1,7,1482,11,0);
INSERT INTO "ops" VALUES(75,1,12597018831,1248,0,1,7,1482,12,0);
INSERT INTO "ops" VALUES(76,1,12597020143,1248,0,1,7,1482,13,0);
INSERT INTO "ops" VALUES(77,1,12597021455,2272,0,1,7,1482,14,0);
INSERT INTO "ops" VALUES(78,1,12597023791,896,0,1,7,1482,15,0);
INSERT INTO "ops" VALUES(79,1,12597024751,864,0,1,7,1482,16,0);
INSERT INTO "ops" VALUES(80,1,12597025679,1600,0,1,7,1482,17,0);
INSERT INTO "ops" VALUES(81,1,12597027343,1152,0,1,7,1482,18,0);
INSERT INTO "ops" VALUES(82,1,12597028559,3168,0,1,7,1482,19,0);
INSERT INTO "ops" VALUES(83,1,12597031791,1824,0,1,7,1482,20,0);
INSERT INTO "ops" VALUES(84,1,12597033679,3392,0,1,7,1482,21,0);
INSERT INTO "ops" VALUES(85,1,12597037135,4416,0,1,7,1482,22,0);
INSERT INTO "ops" VALUES(86,1,12597041615,1152,0,1,7,1482,23,0);
INSERT INTO "ops" VALUES(87,1,12597042831,3712,0,1,7,1482,24,0);
INSERT INTO "ops" VALUES(88,1,12597046607,2592,0,1,7,1482,25,0);
INSERT INTO "ops" VALUES(89,1,12597049263,3552,0,1,7,1482,26,0);
INSERT INTO "ops" VALUES(90,1,12597052911,3328,0,1,7,1482,27,0);
INSERT INTO "ops" VALUES(91,1,12597056367,1120,0,1,7,1482,28,0);
INSERT INTO "ops" VALUES(92,1,12597057615,3200,0,1,7,1482,29,0);
INSERT INTO "ops" VALUES(93,1,12597060943,2752,0,1,7,1482,30,0);
INSERT INTO "ops" VALUES(94,1,12597063823,9568,0,1,7,1482,31,0);
INSERT INTO "ops" VALUES(95,2,12597079311,3680,0,1,7,1492,1,8);
INSERT INTO "ops" VALUES(96,2,12597086575,960,0,1,7,1504,2,0);
INSERT INTO "ops" VALUES(97,1,12597090703,5952,0,1,7,1515,3,0);
INSERT INTO "ops" VALUES(98,1,12597096751,2016,0,1,7,1515,4,0);
INSERT INTO "ops" VALUES(99,1,12597098863,1152,0,1,7,1515,5,0);
INSERT INTO "ops" VALUES(100,1,12597100143,5792,0,1,7,1515,6,0);
INSERT INTO "ops" VALUES(101,1,12597106063,1984,0,1,7,1515,7,0);
INSERT INTO "ops" VALUES(102,1,12597108175,1280,0,1,7,1515,8,0);
INSERT INTO "ops" VALUES(103,3,12597110319,864,0,1,7,1515,9,0);
INSERT INTO "ops" VALUES(104,1,12597128655,928,0,1,7,1515,10,0);
INSERT INTO "ops" VALUES(105,1,12597129647,11168,0,1,7,1515,11,0);
INSERT INTO "ops" VALUES(106,1,12597140879,1248,0,1,7,1515,12,0);
INSERT INTO "ops" VALUES(107,1,12597142191,1280,0,1,7,1515,13,0);
INSERT INTO "ops" VALUES(108,1,12597143535,2240,0,1,7,1515,14,0);
INSERT INTO "ops" VALUES(109,1,12597145839,896,0,1,7,1515,15,0);
INSERT INTO "ops" VALUES(110,1,12597146799,864,0,1,7,1515,16,0);
INSERT INTO "ops" VALUES(111,1,12597147727,1600,0,1,7,1515,17,0);
INSERT INTO "ops" VALUES(112,1,12597149391,1152,0,1,7,1515,18,0);
INSERT INTO "ops" VALUES(113,1,12597150607,3136,0,1,7,1515,19,0);
INSERT INTO "ops" VALUES(114,1,12597153839,1824,0,1,7,1515,20,0);
INSERT INTO "ops" VALUES(115,1,12597155727,3392,0,1,7,1515,21,0);
INSERT INTO "ops" VALUES(116,1,12597159183,4384,0,1,7,1515,22,0);
INSERT INTO "ops" VALUES(117,1,12597163663,1152,0,1,7,1515,23,0);
INSERT INTO "ops" VALUES(118,1,12597164879,3712,0,1,7,1515,24,0);
INSERT INTO "ops" VALUES(119,1,12597168655,2592,0,1,7,1515,25,0);
INSERT INTO "ops" VALUES(120,1,12597171311,3520,0,1,7,1515,26,0);
INSERT INTO "ops" VALUES(121,1,12597174959,3328,0,1,7,1515,27,0);
INSERT INTO "ops" VALUES(122,1,12597178415,1088,0,1,7,1515,28,0);
INSERT INTO "ops" VALUES(123,1,12597179631,3232,0,1,7,1515,29,0);
INSERT INTO "ops" VALUES(124,1,12597182959,2784,0,1,7,1515,30,0);
INSERT INTO "ops" VALUES(125,1,12597185839,9536,0,1,7,1515,31,0);
INSERT INTO "ops" VALUES(126,2,12597200144,4255,0,1,7,1525,1,8);
INSERT INTO "ops" VALUES(127,2,12597212847,992,0,1,7,1537,2,0);
INSERT INTO "ops" VALUES(128,1,12597217007,5952,0,1,7,1548,3,0);
INSERT INTO "ops" VALUES(129,1,12597223055,1984,0,1,7,1548,4,0);
INSERT INTO "ops" VALUES(130,1,12597225167,1152,0,1,7,1548,5,0);
INSERT INTO "ops" VALUES(131,1,12597226447,5792,0,1,7,1548,6,0);
INSERT INTO "ops" VALUES(132,1,12597232367,1952,0,1,7,1548,7,0);
INSERT INTO "ops" VALUES(133,1,12597234447,1312,0,1,7,1548,8,0);
INSERT INTO "ops" VALUES(134,3,12597236592,895,0,1,7,1548,9,0);
INSERT INTO "ops" VALUES(135,1,12597244912,960,0,1,7,1548,10,0);
INSERT INTO "ops" VALUES(136,1,12597245935,11040,0,1,7,1548,11,0);
INSERT INTO "ops" VALUES(137,1,12597257039,1280,0,1,7,1548,12,0);
INSERT INTO "ops" VALUES(138,1,12597258352,1280,0,1,7,1548,13,0);
INSERT INTO "ops" VALUES(139,1,12597259695,2240,0,1,7,1548,14,0);
INSERT INTO "ops" VALUES(140,1,12597262000,895,0,1,7,1548,15,0);
INSERT INTO "ops" VALUES(141,1,12597262960,927,0,1,7,1548,16,0);
INSERT INTO "ops" VALUES(142,1,12597263984,1568,0,1,7,1548,17,0);
INSERT INTO "ops" VALUES(143,1,12597265615,1152,0,1,7,1548,18,0);
INSERT INTO "ops" VALUES(144,1,12597266832,3135,0,1,7,1548,19,0);
INSERT INTO "ops" VALUES(145,1,12597270064,1791,0,1,7,1548,20,0);
INSERT INTO "ops" VALUES(146,1,12597271952,3392,0,1,7,1548,21,0);
INSERT INTO "ops" VALUES(147,1,12597275407,4513,0,1,7,1548,22,0);
INSERT INTO "ops" VALUES(148,1,12597279984,1151,0,1,7,1548,23,0);
INSERT INTO "ops" VALUES(149,1,12597281200,3712,0,1,7,1548,24,0);
INSERT INTO "ops" VALUES(150,1,12597284975,2592,0,1,7,1548,25,0);
INSERT INTO "ops" VALUES(151,1,12597287632,3520,0,1,7,1548,26,0);
INSERT INTO "ops" VALUES(152,1,12597291280,3327,0,1,7,1548,27,0);
INSERT INTO "ops" VALUES(153,1,12597294735,1089,0,1,7,1548,28,0);
INSERT INTO "ops" VALUES(154,1,12597295952,3232,0,1,7,1548,29,0);
INSERT INTO "ops" VALUES(155,1,12597299312,2720,0,1,7,1548,30,0);
INSERT INTO "ops" VALUES(156,1,12597302160,9664,0,1,7,1548,31,0);
INSERT INTO "ops" VALUES(157,2,12597315855,1409,0,1,7,1553,32,12);
INSERT INTO "ops" VALUES(158,2,12597367152,3712,0,1,7,1564,1,8);
INSERT INTO "ops" VALUES(159,2,12597387280,768,0,1,7,1576,2,0);
INSERT INTO "ops" VALUES(160,1,12597420400,5952,0,1,7,1587,3,0);
INSERT INTO "ops" VALUES(161,1,12597426448,2016,0,1,7,1587,4,0);
INSERT INTO "ops" VALUES(162,1,12597428592,1152,0,1,7,1587,5,0);
INSERT INTO "ops" VALUES(163,1,12597429840,5792,0,1,7,1587,6,0);
INSERT INTO "ops" VALUES(164,1,12597435760,1984,0,1,7,1587,7,0);
INSERT INTO "ops" VALUES(165,1,12597437872,1280,0,1,7,1587,8,0);
INSERT INTO "ops" VALUES(166,3,12597439984,896,0,1,7,1587,9,0);
INSERT INTO "ops" VALUES(167,1,12597467120,928,0,1,7,1587,10,0);
INSERT INTO "ops" VALUES(168,1,12597468112,11136,0,1,7,1587,11,0);
INSERT INTO "ops" VALUES(169,1,12597479312,1248,0,1,7,1587,12,0);
INSERT INTO "ops" VALUES(170,1,12597480624,1248,0,1,7,1587,13,0);
INSERT INTO "ops" VALUES(171,1,12597481968,2240,0,1,7,1587,14,0);
INSERT INTO "ops" VALUES(172,1,12597484272,896,0,1,7,1587,15,0);
INSERT INTO "ops" VALUES(173,1,12597485232,928,0,1,7,1587,16,0);
INSERT INTO "ops" VALUES(174,1,12597486224,1600,0,1,7,1587,17,0);
INSERT INTO "ops" VALUES(175,1,12597487888,1152,0,1,7,1587,18,0);
INSERT INTO "ops" VALUES(176,1,12597489104,3168,0,1,7,1587,19,0);
INSERT INTO "ops" VALUES(177,1,12597492336,1824,0,1,7,1587,20,0);
INSERT INTO "ops" VALUES(178,1,12597494224,3424,0,1,7,1587,21,0);
INSERT INTO "ops" VALUES(179,1,12597497712,4448,0,1,7,1587,22,0);
INSERT INTO "ops" VALUES(180,1,12597502224,1152,0,1,7,1587,23,0);
INSERT INTO "ops" VALUES(181,1,12597503472,3680,0,1,7,1587,24,0);
INSERT INTO "ops" VALUES(182,1,12597507216,2592,0,1,7,1587,25,0);
INSERT INTO "ops" VALUES(183,1,12597509872,3552,0,1,7,1587,26,0);
INSERT INTO "ops" VALUES(184,1,12597513520,3360,0,1,7,1587,27,0);
INSERT INTO "ops" VALUES(185,1,12597517008,1088,0,1,7,1587,28,0);
INSERT INTO "ops" VALUES(186,1,12597518224,3232,0,1,7,1587,29,0);
INSERT INTO "ops" VALUES(187,1,12597521552,2752,0,1,7,1587,30,0);
INSERT INTO "ops" VALUES(188,1,12597524432,9664,0,1,7,1587,31,0);
CREATE TABLE overheads (
  id             INTEGER PRIMARY KEY,
  kind           INTEGER NOT NULL,      -- CUpti_ActivityOverheadKind
  start_ns       INTEGER NOT NULL,
  end_ns         INTEGER NOT NULL,
  object_kind    INTEGER,               -- CUpti_ActivityObjectKind
  object_id      INTEGER,               -- thread id or device id, by object_kind
  correlation_id INTEGER
);
INSERT INTO "overheads" VALUES(1,65536,12597673785,12597730276,2,640,0);
INSERT INTO "overheads" VALUES(2,458752,12597732391,12603500152,2,640,0);
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
INSERT INTO "streams" VALUES(1,13,2,0,194714352,3);
INSERT INTO "streams" VALUES(1,14,2,4294967295,203685184,3);
INSERT INTO "streams" VALUES(1,15,2,4294967294,202416320,3);
INSERT INTO "streams" VALUES(1,16,2,4294967293,199951680,3);
INSERT INTO "streams" VALUES(1,17,2,0,203691136,3);
INSERT INTO "streams" VALUES(1,18,2,4294967295,199245376,3);
INSERT INTO "streams" VALUES(1,19,2,4294967294,199517520,3);
INSERT INTO "streams" VALUES(1,20,2,4294967293,196418656,3);
INSERT INTO "streams" VALUES(1,21,2,0,197184064,3);
INSERT INTO "streams" VALUES(1,22,2,4294967295,201457072,3);
INSERT INTO "streams" VALUES(1,23,2,4294967294,196667248,3);
INSERT INTO "streams" VALUES(1,24,2,4294967293,197527872,3);
INSERT INTO "streams" VALUES(1,25,2,0,190116368,3);
INSERT INTO "streams" VALUES(1,26,2,4294967295,194304160,3);
INSERT INTO "streams" VALUES(1,27,2,4294967294,199819216,3);
INSERT INTO "streams" VALUES(1,28,2,4294967293,199819248,3);
INSERT INTO "streams" VALUES(1,29,2,0,199819280,3);
INSERT INTO "streams" VALUES(1,30,2,4294967295,141364304,3);
INSERT INTO "streams" VALUES(1,31,2,4294967294,194754624,3);
INSERT INTO "streams" VALUES(1,32,2,4294967293,194751504,3);
INSERT INTO "streams" VALUES(1,33,2,0,194493056,3);
INSERT INTO "streams" VALUES(1,34,2,4294967295,200367152,3);
INSERT INTO "streams" VALUES(1,35,2,4294967294,178750800,3);
INSERT INTO "streams" VALUES(1,36,2,4294967293,199508128,3);
INSERT INTO "streams" VALUES(1,37,2,0,199510640,3);
INSERT INTO "streams" VALUES(1,38,2,4294967295,203916800,3);
INSERT INTO "streams" VALUES(1,39,2,4294967294,192355120,3);
INSERT INTO "streams" VALUES(1,40,2,4294967293,198108832,3);
INSERT INTO "streams" VALUES(1,41,2,0,196480224,3);
INSERT INTO "streams" VALUES(1,42,2,4294967295,181552256,3);
INSERT INTO "streams" VALUES(1,43,2,4294967294,193909168,3);
INSERT INTO "streams" VALUES(1,44,2,4294967293,188281824,3);
INSERT INTO "streams" VALUES(1,45,2,0,194480112,3);
INSERT INTO "streams" VALUES(1,46,2,4294967295,144694240,3);
INSERT INTO "streams" VALUES(1,47,2,4294967294,180795984,3);
INSERT INTO "streams" VALUES(1,48,2,4294967293,198752288,3);
INSERT INTO "streams" VALUES(1,49,2,0,188379616,3);
INSERT INTO "streams" VALUES(1,50,2,4294967295,195474432,3);
INSERT INTO "streams" VALUES(1,51,2,4294967294,197317424,3);
INSERT INTO "streams" VALUES(1,52,2,4294967293,194852240,3);
INSERT INTO "streams" VALUES(1,53,2,0,195473056,3);
INSERT INTO "streams" VALUES(1,54,2,4294967295,202933920,3);
INSERT INTO "streams" VALUES(1,55,2,4294967294,198258288,3);
INSERT INTO "streams" VALUES(1,56,2,4294967293,182421184,3);
INSERT INTO "streams" VALUES(1,57,2,0,193045248,3);
INSERT INTO "streams" VALUES(1,58,2,4294967295,180585136,3);
INSERT INTO "streams" VALUES(1,59,2,4294967294,201395296,3);
INSERT INTO "streams" VALUES(1,60,2,4294967293,195149248,3);
INSERT INTO "streams" VALUES(1,61,2,0,203233792,3);
INSERT INTO "streams" VALUES(1,62,2,4294967295,208498032,3);
INSERT INTO "streams" VALUES(1,63,2,4294967294,203781520,3);
INSERT INTO "streams" VALUES(1,64,2,4294967293,203790624,3);
INSERT INTO "streams" VALUES(1,65,2,0,200283696,3);
INSERT INTO "streams" VALUES(1,66,2,4294967295,179168672,3);
INSERT INTO "streams" VALUES(1,67,2,4294967294,183746608,3);
INSERT INTO "streams" VALUES(1,68,2,4294967293,188493856,3);
INSERT INTO "streams" VALUES(1,69,2,0,187805904,3);
INSERT INTO "streams" VALUES(1,70,2,4294967295,189262496,3);
INSERT INTO "streams" VALUES(1,71,2,4294967294,182892320,3);
INSERT INTO "streams" VALUES(1,72,2,4294967293,184366368,3);
INSERT INTO "streams" VALUES(1,73,2,0,184019216,3);
INSERT INTO "streams" VALUES(1,74,2,4294967295,185053984,3);
INSERT INTO "streams" VALUES(1,75,2,4294967294,197707440,3);
INSERT INTO "streams" VALUES(1,76,2,4294967293,200219200,3);
INSERT INTO "streams" VALUES(1,77,2,0,187621744,3);
INSERT INTO "streams" VALUES(1,78,2,4294967295,186438464,3);
INSERT INTO "streams" VALUES(1,79,2,4294967294,154761168,3);
INSERT INTO "streams" VALUES(1,80,2,4294967293,196292864,3);
INSERT INTO "streams" VALUES(1,81,2,0,201925200,3);
INSERT INTO "streams" VALUES(1,82,2,4294967295,178534752,3);
INSERT INTO "streams" VALUES(1,83,2,4294967294,181036528,3);
INSERT INTO "streams" VALUES(1,84,2,4294967293,154658592,3);
INSERT INTO "streams" VALUES(1,85,2,0,180028832,3);
INSERT INTO "streams" VALUES(1,86,2,4294967295,183304256,3);
INSERT INTO "streams" VALUES(1,87,2,4294967294,179854752,3);
INSERT INTO "streams" VALUES(1,88,2,4294967293,154642400,3);
INSERT INTO "streams" VALUES(1,89,2,0,179770512,3);
INSERT INTO "streams" VALUES(1,90,2,4294967295,186930224,3);
INSERT INTO "streams" VALUES(1,91,2,4294967294,187227344,3);
INSERT INTO "streams" VALUES(1,92,2,4294967293,180090832,3);
INSERT INTO "streams" VALUES(1,93,2,0,179968960,3);
INSERT INTO "streams" VALUES(1,94,2,4294967295,178242016,3);
INSERT INTO "streams" VALUES(1,95,2,4294967294,184059424,3);
INSERT INTO "streams" VALUES(1,96,2,4294967293,188291680,3);
INSERT INTO "streams" VALUES(1,97,2,0,183664880,3);
INSERT INTO "streams" VALUES(1,98,2,4294967295,186830912,3);
INSERT INTO "streams" VALUES(1,99,2,4294967294,185225296,3);
INSERT INTO "streams" VALUES(1,100,2,4294967293,183204560,3);
INSERT INTO "streams" VALUES(1,101,2,0,187003680,3);
INSERT INTO "streams" VALUES(1,102,2,4294967295,181127232,3);
INSERT INTO "streams" VALUES(1,103,2,4294967294,179511520,3);
INSERT INTO "streams" VALUES(1,104,2,4294967293,183555008,3);
INSERT INTO "streams" VALUES(1,105,2,0,182602800,3);
INSERT INTO "streams" VALUES(1,106,2,4294967295,190280464,3);
INSERT INTO "streams" VALUES(1,107,2,4294967294,183145648,3);
INSERT INTO "streams" VALUES(1,108,2,4294967293,184547744,3);
INSERT INTO "streams" VALUES(1,109,2,0,188357184,3);
INSERT INTO "streams" VALUES(1,110,2,4294967295,189733968,3);
INSERT INTO "streams" VALUES(1,111,2,4294967294,183718416,3);
INSERT INTO "streams" VALUES(1,112,2,4294967293,190368320,3);
INSERT INTO "streams" VALUES(1,113,2,0,181445696,3);
INSERT INTO "streams" VALUES(1,114,2,4294967295,189911808,3);
INSERT INTO "streams" VALUES(1,115,2,4294967294,192832560,3);
INSERT INTO "streams" VALUES(1,116,2,4294967293,189038992,3);
INSERT INTO "streams" VALUES(1,117,2,0,189153536,3);
INSERT INTO "streams" VALUES(1,118,2,4294967295,178543184,3);
INSERT INTO "streams" VALUES(1,119,2,4294967294,193735728,3);
INSERT INTO "streams" VALUES(1,120,2,4294967293,191732816,3);
INSERT INTO "streams" VALUES(1,121,2,0,191007952,3);
INSERT INTO "streams" VALUES(1,122,2,4294967295,192502272,3);
INSERT INTO "streams" VALUES(1,123,2,4294967294,187735840,3);
INSERT INTO "streams" VALUES(1,124,2,4294967293,189422064,3);
INSERT INTO "streams" VALUES(1,125,2,0,183616400,3);
INSERT INTO "streams" VALUES(1,126,2,4294967295,194520400,3);
INSERT INTO "streams" VALUES(1,127,2,4294967294,187684768,3);
INSERT INTO "streams" VALUES(1,128,2,4294967293,189309760,3);
INSERT INTO "streams" VALUES(1,129,2,0,190769840,3);
INSERT INTO "streams" VALUES(1,130,2,4294967295,198975536,3);
INSERT INTO "streams" VALUES(1,131,2,4294967294,193397344,3);
INSERT INTO "streams" VALUES(1,132,2,4294967293,196079344,3);
INSERT INTO "streams" VALUES(1,133,2,0,190811296,3);
INSERT INTO "streams" VALUES(1,134,2,4294967295,199434400,3);
INSERT INTO "streams" VALUES(1,135,2,4294967294,196410928,3);
INSERT INTO "streams" VALUES(1,136,2,4294967293,194814304,3);
INSERT INTO "streams" VALUES(1,137,2,0,187636992,3);
INSERT INTO "streams" VALUES(1,138,2,4294967295,193483408,3);
INSERT INTO "streams" VALUES(1,139,2,4294967294,144964240,3);
INSERT INTO "streams" VALUES(1,140,2,4294967293,199506720,3);
INSERT INTO "streams" VALUES(1,141,1,0,140702795154976,3);
INSERT INTO "streams" VALUES(1,142,2,0,NULL,0);
CREATE TABLE strings (
  id    INTEGER PRIMARY KEY,
  value TEXT NOT NULL UNIQUE
);
INSERT INTO "strings" VALUES(1,'_ZN7cutlass7Kernel2I41cutlass_80_simt_sgemm_64x64_8x5_tn_align1EEvNT_6ParamsE');
INSERT INTO "strings" VALUES(2,'_ZN8cublasLt19splitKreduce_kernelILi32ELi16EiffffLb0EfffLb1ELb1ELb0ELb0EEEvNS_18cublasSplitKParamsIT4_EEPKT2_PKT8_PT7_PT3_PKS2_SF_PKT9_S6_PSG_PvlPS2_PiSL_SL_SF_SF_SF_SF_SF_');
INSERT INTO "strings" VALUES(3,'_ZN2at6native29vectorized_elementwise_kernelILi4EZZZNS0_49_GLOBAL__N__d2ba64fb_16_TensorCompare_cu_71e06f4e19launch_clamp_scalarERNS_18TensorIteratorBaseEN3c106ScalarES6_NS0_6detail11ClampLimitsEENKUlvE_clEvENKUlvE5_clEvEUlfE_St5arrayIPcLm2EEEEviT0_T1_');
INSERT INTO "strings" VALUES(4,'_Z11scal_kernelIffLi1ELb1ELi6ELi5ELi5ELi3EEv21cublasTransposeParamsIT0_EPKT_PS3_PKS1_');
INSERT INTO "strings" VALUES(5,'_Z18sgemm_largek_lds64ILb1ELb0ELi5ELi5ELi4ELi4ELi4ELi34EEvPfPKfS2_iiiiiiS2_S2_ffiiPiS3_');
INSERT INTO "strings" VALUES(6,'_ZN8cublasLt8epilogue4impl12globalKernelILi8ELi32EfffLb1ELb1ELi1EEEviilPT1_18cublasLtEpilogue_tiPT2_lPvlllPT3_lPi');
INSERT INTO "strings" VALUES(7,'_ZN43_GLOBAL__N__b6de9c8c_10_SoftMax_cu_9f978f6320softmax_warp_forwardIfffLi4ELb1ELb0EEEvPT0_PKT_iiiPKbib');
INSERT INTO "strings" VALUES(8,'_ZN2at6native39_GLOBAL__N__5cd812b1_7_Loss_cu_5b0651e138nll_loss_forward_reduce_cuda_kernel_2dIfflEEvPT_S4_PKS3_PKT1_S6_bllll');
INSERT INTO "strings" VALUES(9,'_ZN2at6native29vectorized_elementwise_kernelILi4ENS0_11FillFunctorIfEESt5arrayIPcLm1EEEEviT0_T1_');
INSERT INTO "strings" VALUES(10,'_ZN2at6native39_GLOBAL__N__5cd812b1_7_Loss_cu_5b0651e139nll_loss_backward_reduce_cuda_kernel_2dIflEEvPT_PKS3_PKT0_S6_S6_biill');
INSERT INTO "strings" VALUES(11,'_ZN43_GLOBAL__N__b6de9c8c_10_SoftMax_cu_9f978f6321softmax_warp_backwardIfffLi4ELb1ELb0EEEvPT0_PKT_S5_iiiPKb');
INSERT INTO "strings" VALUES(12,'_ZN7cutlass7Kernel2I41cutlass_80_simt_sgemm_64x64_8x5_nn_align1EEvNT_6ParamsE');
INSERT INTO "strings" VALUES(13,'_ZN8cublasLt19splitKreduce_kernelILi32ELi16EiffffLb0EfffLb1ELb0ELb0ELb0EEEvNS_18cublasSplitKParamsIT4_EEPKT2_PKT8_PT7_PT3_PKS2_SF_PKT9_S6_PSG_PvlPS2_PiSL_SL_SF_SF_SF_SF_SF_');
INSERT INTO "strings" VALUES(14,'sm80_xmma_gemm_f32f32_f32f32_f32_nt_n_tilesize32x32x8_stage3_warpsize1x2x1_ffma_aligna4_alignc4_execute_kernel__5x_cublas');
INSERT INTO "strings" VALUES(15,'_ZN2at6native13reduce_kernelILi256ELi2ENS0_8ReduceOpIfNS0_14func_wrapper_tIfZNS0_11sum_functorIfffEclERNS_14TensorIteratorEEUlffE_EEjfLi4ELi4EEEEEvT1_');
INSERT INTO "strings" VALUES(16,'_ZN2at6native29vectorized_elementwise_kernelILi4ENS0_13BinaryFunctorIfffZNS0_67_GLOBAL__N__06c19b41_28_ActivationThresholdKernel_cu_751192d7_1581121threshold_kernel_implIfEEvRNS_18TensorIteratorBaseET_S7_EUlffE_EESt5arrayIPcLm3EEEEviT0_T1_');
INSERT INTO "strings" VALUES(17,'sm80_xmma_gemm_f32f32_f32f32_f32_nn_n_tilesize32x32x8_stage3_warpsize1x2x1_ffma_aligna4_alignc4_execute_kernel__5x_cublas');
INSERT INTO "strings" VALUES(18,'sm80_xmma_gemm_f32f32_f32f32_f32_nn_n_tilesize32x32x8_stage3_warpsize1x2x1_ffma_aligna4_alignc4_execute_split_k_kernel__5x_cublas');
INSERT INTO "strings" VALUES(19,'_ZN2at6native13reduce_kernelILi128ELi4ENS0_8ReduceOpIfNS0_14func_wrapper_tIfZNS0_11sum_functorIfffEclERNS_14TensorIteratorEEUlffE_EEjfLi4ELi4EEEEEvT1_');
INSERT INTO "strings" VALUES(20,'_ZN2at6native55_GLOBAL__N__d25d856e_22_ForeachBinaryOpList_cu_a911ec4325multi_tensor_apply_kernelINS1_18TensorListMetadataILi2EEENS1_24BinaryOpListAlphaFunctorIfLi2ELi2ELi0EEEJSt4plusIfEfEEEvT_T0_DpT1_');
INSERT INTO "strings" VALUES(21,'cudaGetDevice');
INSERT INTO "strings" VALUES(22,'cudaStreamIsCapturing');
INSERT INTO "strings" VALUES(23,'cuDevicePrimaryCtxGetState');
INSERT INTO "strings" VALUES(24,'cudaMemcpyAsync');
INSERT INTO "strings" VALUES(25,'cudaGraphLaunch');
INSERT INTO "strings" VALUES(26,'cudaHostAlloc');
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
INSERT INTO "syncs" VALUES(1,3,12596455897,12596466055,1,7,NULL,1416,0);
INSERT INTO "syncs" VALUES(2,3,12597284040,12597324339,1,7,NULL,1554,0);
INSERT INTO "syncs" VALUES(3,4,12597541199,12597568993,1,NULL,NULL,1592,0);
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
