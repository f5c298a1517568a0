# overlapcheck build.
#
#   make              CLI (build/bin/overlapcheck) and injection library
#                     (build/lib/liboverlapcheck-inject.so)
#   make test         every CPU test (unit, CLI, fixtures); no GPU needed
#   make demo         trace and report the bundled example (GPU), or report the
#                     bundled H200 traces (no GPU)
#   make deps         what make and make test need: as root installs what is
#                     missing (apt-get), else prints the command (tools/setup-deps)
#   make fuzz         explore with libFuzzer (clang) for FUZZ_SECONDS per target
#                     (default 60; FUZZ_TARGETS=names, default all: tests/fuzz)
#   make gpu-progs    build the CUDA programs (tests/gpu, examples, bench) here,
#                     so that a GPU machine without sqlite3.h needs no rebuild
#   make gpu-test     on a GPU machine: trace every scenario and check it
#   make bench        on a GPU machine: overhead and scale benchmarks
#   make install      PREFIX=/usr/local DESTDIR=
#
# Options: V=1 full command lines, DEBUG=1 -O0 -g, ASAN=1 address+UB sanitizers,
# CUDA_HOME=/path to CUDA (default /usr/local/cuda).

# The version lives in include/overlapcheck/version.h, once.
VERSION   := $(shell sed -n 's/^\#define OVERLAPCHECK_VERSION "\(.*\)"/\1/p' include/overlapcheck/version.h)
PREFIX    ?= /usr/local
DESTDIR   ?=
CUDA_HOME ?= /usr/local/cuda
BUILD     ?= build

CC      ?= cc
NVCC    ?= $(CUDA_HOME)/bin/nvcc
# sm_90 machine code for the H100/H200, plus PTX for anything newer.
NVCCFLAGS ?= -O2 -gencode arch=compute_90,code=sm_90 -gencode arch=compute_90,code=compute_90

ifeq ($(V),1)
Q :=
else
Q := @
endif

CFLAGS_BASE := -std=c11 -D_GNU_SOURCE -Wall -Wextra -Wshadow -Wno-unused-parameter \
               -Iinclude -Ischema -I$(BUILD)/gen -DOC_VERSION='"$(VERSION)"'
ifeq ($(DEBUG),1)
OPT := -O0 -g3
else
OPT := -O2 -g
endif
ifeq ($(ASAN),1)
SAN := -fsanitize=address,undefined -fno-omit-frame-pointer
endif
CFLAGS  ?=
CFLAGS  += $(CFLAGS_BASE) $(OPT) $(SAN)
LDFLAGS += $(SAN)

# ---- dependencies ---------------------------------------------------------
# SQLite's headers, cmocka, the sqlite3 shell, python3 and Chromium are
# checked by tools/setup-deps, from the `deps` recipe below (after the
# sources), which every build and `make demo` run first: as root with apt-get
# it installs what is missing, otherwise it prints the command that would.
# `make bench` and `make gpu-test` run what was built elsewhere, and
# `make demo` needs nothing where the build is there: a GPU machine without
# sqlite3.h can run them.

CUPTI_INC := $(firstword $(foreach d,include extras/CUPTI/include targets/x86_64-linux/include,\
               $(if $(wildcard $(CUDA_HOME)/$(d)/cupti.h),$(CUDA_HOME)/$(d))))
CUDA_INC  := $(firstword $(foreach d,include targets/x86_64-linux/include,\
               $(if $(wildcard $(CUDA_HOME)/$(d)/cuda.h),$(CUDA_HOME)/$(d))))
CUPTI_LIB := $(firstword $(foreach d,lib64 lib targets/x86_64-linux/lib extras/CUPTI/lib64,\
               $(if $(wildcard $(CUDA_HOME)/$(d)/libcupti.so),$(CUDA_HOME)/$(d))))
ifneq ($(and $(CUPTI_INC),$(CUDA_INC),$(CUPTI_LIB)),)
HAVE_CUPTI := 1
else
HAVE_CUPTI :=
CUPTI_WHY := $(if $(CUPTI_INC),$(if $(CUDA_INC),no libcupti.so under $(CUDA_HOME)/{lib64,lib,targets/x86_64-linux/lib,extras/CUPTI/lib64},no cuda.h under $(CUDA_HOME)),no cupti.h under $(CUDA_HOME)/{include,extras/CUPTI/include,targets/x86_64-linux/include})
endif
HAVE_NVCC := $(if $(wildcard $(NVCC)),1)
# src/util/demangle.c calls __cxa_demangle from the C++ runtime; link it by soname
# so that no C++ development package (libstdc++-dev) is needed.
CXXABI_LIB ?= -l:libstdc++.so.6
# What a program linking the analysis library needs: SQLite, zlib (the Kineto
# importer reads gzipped traces, src/trace/import-kineto.c), the C++ runtime.
LIB_LIBS := -lsqlite3 -lz $(CXXABI_LIB) -lm -lpthread

# ---- sources --------------------------------------------------------------
SCHEMA_SRC := schema/schema.c
# The layers, lowest first (src/README.md): each may include only those
# below it; tools/check-layers.py checks that in `make test`.
LIB_LAYERS := util trace analysis report
CLI_SRC    := $(wildcard src/cli/*.c)
LIB_SRC    := $(foreach l,$(LIB_LAYERS),$(wildcard src/$(l)/*.c)) $(SCHEMA_SRC)
INJ_SRC    := $(wildcard injection/*.c) $(SCHEMA_SRC)

LIB_OBJ := $(patsubst %.c,$(BUILD)/obj/%.o,$(LIB_SRC))
CLI_OBJ := $(patsubst %.c,$(BUILD)/obj/%.o,$(CLI_SRC))
INJ_OBJ := $(patsubst %.c,$(BUILD)/pic/%.o,$(INJ_SRC))

CLI      := $(BUILD)/bin/overlapcheck
LIBA     := $(BUILD)/lib/liboverlapcheck.a
INJ_SO   := $(BUILD)/lib/liboverlapcheck-inject.so
GEN_HDR  := $(BUILD)/gen/schema-sql.h

UNIT_SRC   := $(wildcard tests/unit/test-*.c)
UNIT_INJ   := $(filter tests/unit/test-inj-%.c,$(UNIT_SRC))
UNIT_LIB   := $(filter-out $(UNIT_INJ),$(UNIT_SRC))
UNIT_BIN   := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(UNIT_LIB))
UNIT_INJ_BIN := $(if $(HAVE_CUPTI),$(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(UNIT_INJ)))

TOOL_SRC := $(wildcard tools/*.c)
TOOL_BIN := $(patsubst tools/%.c,$(BUILD)/bin/%,$(TOOL_SRC))

GPU_CU   := $(wildcard tests/gpu/*.cu) $(wildcard examples/*.cu) $(wildcard bench/*.cu)
GPU_BIN  := $(patsubst %.cu,$(BUILD)/gpu/%,$(GPU_CU))

# bench/: the floor collector (CUPTI) and the CPU insert-rate program.
BENCH_SO  := $(if $(HAVE_CUPTI),$(BUILD)/bench/libbare-collector.so $(BUILD)/bench/libcupti-spy.so \
	$(BUILD)/bench/libcupti-spy-dl.so)
BENCH_BIN := $(BUILD)/bench/insert-rate $(if $(HAVE_CUPTI),$(BUILD)/bench/writer-rate $(BUILD)/bench/callback-rate)


.PHONY: all test test-asan unit-tests fuzz fuzz-replay demo gpu-progs gpu-test bench install uninstall clean check-cuda lib-example
all: deps $(CLI) $(TOOL_BIN) $(BENCH_BIN) $(BENCH_SO) $(if $(HAVE_CUPTI),$(INJ_SO),check-cuda)

# The set-up step: what this make's goals need (tools/setup-deps says what
# that is). Everything compiled waits for it through $(GEN_HDR) (make -j).
.PHONY: deps
deps:
	$(Q)CC="$(CC)" FUZZ_CC="$(FUZZ_CC)" BUILD="$(BUILD)" HAVE_CUPTI="$(HAVE_CUPTI)" CUPTI_WHY="$(CUPTI_WHY)" \
	    NVCC="$(NVCC)" sh tools/setup-deps $(or $(MAKECMDGOALS),all)
$(GEN_HDR): | deps

check-cuda:
	@echo "NOTE: injection library skipped: $(CUPTI_WHY). Set CUDA_HOME to a CUDA toolkit with CUPTI to build it; the CLI still works for reports."

$(GEN_HDR): schema/trace.sql schema/trace-v1.sql tools/embed.sh
	@mkdir -p $(dir $@)
	$(Q){ sh tools/embed.sh oc_schema_sql < schema/trace.sql && \
	      sh tools/embed.sh oc_schema_v1_sql < schema/trace-v1.sql; } > $@.tmp && mv $@.tmp $@

# The timeline page, embedded in the library (src/report/out-html.c).
$(BUILD)/gen/timeline-html.h: src/report/timeline.html tools/embed.sh
	@mkdir -p $(dir $@)
	$(Q)sh tools/embed.sh oc_timeline_html < $< > $@.tmp && mv $@.tmp $@
$(BUILD)/obj/src/report/out-html.o: $(BUILD)/gen/timeline-html.h

$(BUILD)/obj/%.o: %.c $(GEN_HDR)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/pic/%.o: %.c $(GEN_HDR)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC [so] $<")
	$(Q)$(CC) $(CFLAGS) -fPIC -fvisibility=hidden -I$(CUPTI_INC) -I$(CUDA_INC) -MMD -MP -c $< -o $@

$(LIBA): $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(Q)rm -f $@ && ar rcs $@ $^

$(CLI): $(CLI_OBJ) $(LIBA)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(LDFLAGS) -o $@ $(CLI_OBJ) $(LIBA) $(LIB_LIBS)

# libcupti is found through the rpath; in a process that already loaded a
# libcupti.so.13 (PyTorch ships one), the loader reuses that one by soname.
$(INJ_SO): $(INJ_OBJ)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(LDFLAGS) -shared -o $@ $(INJ_OBJ) -L$(CUPTI_LIB) -Wl,-rpath,$(CUPTI_LIB) \
	    -lcupti -lsqlite3 -lpthread -ldl -Wl,--no-undefined

$(BUILD)/bin/%: tools/%.c $(LIBA)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< $(LIBA) $(LIB_LIBS)

# ---- tests ----------------------------------------------------------------
# The injection objects without the CUPTI entry side (injection/inject*.c:
# InitializeInjection, the real-CUPTI callbacks, the flush thread, exit and
# fork): the unit tests and bench/writer-rate drive the rest directly.
INJ_CORE_OBJ := $(filter-out $(BUILD)/pic/injection/inject%.o,$(INJ_OBJ))
$(BUILD)/tests/test-inj-%: tests/unit/test-inj-%.c $(INJ_CORE_OBJ)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  TEST    $@")
	$(Q)$(CC) $(CFLAGS) -I$(CUPTI_INC) -I$(CUDA_INC) -Iinjection $(LDFLAGS) -o $@ $^ \
	    -L$(CUPTI_LIB) -Wl,-rpath,$(CUPTI_LIB) -lcupti -lcmocka -lsqlite3 -lpthread -ldl -lm \
	    -Wl,--no-as-needed $(CXXABI_LIB) -Wl,--as-needed

# A module test-inj-writer loads and unloads (the callers' module map),
# linked above 0 so that its base is not its load bias.
$(BUILD)/tests/libocframes.so: tests/unit/frames-module.c
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(CFLAGS) -fPIC -shared -Wl,-Ttext-segment=0x200000 -o $@ $<
$(BUILD)/tests/test-inj-writer: | $(BUILD)/tests/libocframes.so

# A libcuda.so.1 of the driver functions the library calls itself, which
# test-inj-fake's programs load (the tracer's own calls, not the program's).
$(BUILD)/tests/fakecuda/libcuda.so.1: tests/unit/fake-libcuda.c
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(CFLAGS) -fPIC -shared -Wl,-soname,libcuda.so.1 -o $@ $<
$(BUILD)/tests/test-inj-fake: | $(BUILD)/tests/fakecuda/libcuda.so.1

# The callers' symbolizer (injection/elfsym.c) needs nothing of CUPTI: its
# test is built everywhere, with that one object.
$(BUILD)/tests/test-elfsym: tests/unit/test-elfsym.c $(BUILD)/obj/injection/elfsym.o
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  TEST    $@")
	$(Q)$(CC) $(CFLAGS) -Iinjection $(LDFLAGS) -o $@ $^ -lcmocka -ldl

$(BUILD)/tests/test-%: tests/unit/test-%.c $(LIBA)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  TEST    $@")
	$(Q)$(CC) $(CFLAGS) -Isrc $(LDFLAGS) -o $@ $< $(LIBA) -lcmocka $(LIB_LIBS)

unit-tests: $(UNIT_BIN) $(UNIT_INJ_BIN)

test: all unit-tests lib-example fuzz-replay
	$(Q)BUILD=$(BUILD) HAVE_CUPTI=$(HAVE_CUPTI) sh tests/run-tests.sh

# Every command over every committed trace with the CLI built with the
# address and undefined-behaviour sanitizers (tests/cli/asan-sweep.sh, about
# 3 minutes on two cores); .ci/run calls it after `make test`.
test-asan: deps
	$(Q)$(MAKE) --no-print-directory ASAN=1 BUILD=$(BUILD)/asan-cli $(BUILD)/asan-cli/bin/overlapcheck
	$(Q)$(MAKE) --no-print-directory $(BUILD)/bin/gen-trace
	$(Q)BUILD=$(BUILD)/asan-cli OC=$(BUILD)/asan-cli/bin/overlapcheck GEN=$(BUILD)/bin/gen-trace \
		sh tests/cli/asan-sweep.sh

# ---- fuzzing (tests/fuzz/README.md) -----------------------------------------
# One target per tests/fuzz/fuzz-NAME.c. The injection library's (records,
# writer) link its core and libcupti; the others the analysis library and the
# CLI's command functions. Two builds of each: $(BUILD)/fuzz-replay/NAME, with
# $(CC)'s address and undefined-behaviour sanitizers and tests/fuzz/replay.c
# as main, which `make test` runs over tests/fuzz/corpus/NAME once; and
# $(BUILD)/fuzz/NAME, clang with libFuzzer, which `make fuzz` runs.
FUZZ_SRC     := $(wildcard tests/fuzz/fuzz-*.c)
FUZZ_NAMES   := $(patsubst tests/fuzz/fuzz-%.c,%,$(FUZZ_SRC))
FUZZ_INJ     := records writer
FUZZ_LIBSRC  := tests/fuzz/util.c
FUZZ_ALLSRC  := $(LIB_SRC) $(filter-out src/cli/main.c,$(CLI_SRC)) \
                $(filter-out injection/inject%.c,$(wildcard injection/*.c)) $(FUZZ_LIBSRC)
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= $(FUZZ_NAMES)
FUZZ_SAN     := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_INC     := -Isrc/cli -Iinjection -Itests/fuzz $(if $(HAVE_CUPTI),-I$(CUPTI_INC) -I$(CUDA_INC))
# Without CUPTI there is no injection library to fuzz.
FUZZ_BUILT   := $(if $(HAVE_CUPTI),$(FUZZ_NAMES),$(filter-out $(FUZZ_INJ),$(FUZZ_NAMES)))
FUZZ_CUPTI   := -L$(CUPTI_LIB) -Wl,-rpath,$(CUPTI_LIB) -lcupti
FUZZ_LIBS     = $(if $(filter $(FUZZ_INJ),$*),$(FUZZ_CUPTI)) $(LIB_LIBS) -ldl

# name -> its objects: the CLI's for cli, the injection core for records and writer
fuzz_objs = $(if $(filter cli,$(1)),$(filter $(2)/src/cli/%,$(3))) \
            $(if $(filter $(FUZZ_INJ),$(1)),$(filter $(2)/injection/%,$(3))) \
            $(filter-out $(2)/tests/fuzz/replay.o,$(filter $(2)/tests/fuzz/%,$(3)))

REPLAY_DIR := $(BUILD)/fuzz-replay
REPLAY_OBJ := $(patsubst %.c,$(REPLAY_DIR)/obj/%.o,$(filter-out injection/%,$(FUZZ_ALLSRC)) \
                $(if $(HAVE_CUPTI),$(filter injection/%,$(FUZZ_ALLSRC))) tests/fuzz/replay.c)
REPLAY_LIB := $(REPLAY_DIR)/liboverlapcheck.a
REPLAY_BIN := $(patsubst %,$(REPLAY_DIR)/%,$(FUZZ_BUILT))

$(REPLAY_DIR)/obj/%.o: %.c $(GEN_HDR)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC [asan] $<")
	$(Q)$(CC) $(CFLAGS_BASE) -O1 -g $(FUZZ_SAN) $(FUZZ_INC) -MMD -MP -c $< -o $@
$(REPLAY_LIB): $(filter $(REPLAY_DIR)/obj/src/% $(REPLAY_DIR)/obj/schema/%,$(REPLAY_OBJ))
	$(Q)rm -f $@ && ar rcs $@ $(filter-out $(REPLAY_DIR)/obj/src/cli/%,$^)
$(REPLAY_DIR)/%: $(REPLAY_DIR)/obj/tests/fuzz/fuzz-%.o $(REPLAY_OBJ) $(REPLAY_LIB)
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(FUZZ_SAN) -o $@ $< $(REPLAY_DIR)/obj/tests/fuzz/replay.o \
	    $(call fuzz_objs,$*,$(REPLAY_DIR)/obj,$(REPLAY_OBJ)) $(REPLAY_LIB) $(FUZZ_LIBS)

fuzz-replay: $(REPLAY_BIN)
.SECONDARY: $(REPLAY_OBJ) $(patsubst %,$(REPLAY_DIR)/obj/tests/fuzz/fuzz-%.o,$(FUZZ_NAMES))

FUZZ_DIR := $(BUILD)/fuzz
FUZZ_OBJ := $(patsubst %.c,$(FUZZ_DIR)/obj/%.o,$(filter-out injection/%,$(FUZZ_ALLSRC)) \
              $(if $(HAVE_CUPTI),$(filter injection/%,$(FUZZ_ALLSRC))))
FUZZ_LIB := $(FUZZ_DIR)/liboverlapcheck.a
FUZZ_BIN := $(patsubst %,$(FUZZ_DIR)/%,$(filter $(FUZZ_TARGETS),$(FUZZ_BUILT)))

$(FUZZ_DIR)/obj/%.o: %.c $(GEN_HDR)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC [fuzz] $<")
	$(Q)$(FUZZ_CC) $(CFLAGS_BASE) -O1 -g -fsanitize=fuzzer-no-link $(FUZZ_SAN) $(FUZZ_INC) -MMD -MP -c $< -o $@
$(FUZZ_LIB): $(filter $(FUZZ_DIR)/obj/src/% $(FUZZ_DIR)/obj/schema/%,$(FUZZ_OBJ))
	$(Q)rm -f $@ && ar rcs $@ $(filter-out $(FUZZ_DIR)/obj/src/cli/%,$^)
$(FUZZ_DIR)/%: $(FUZZ_DIR)/obj/tests/fuzz/fuzz-%.o $(FUZZ_OBJ) $(FUZZ_LIB)
	@$(if $(Q),echo "  LINK    $@ (libFuzzer)")
	$(Q)$(FUZZ_CC) -fsanitize=fuzzer $(FUZZ_SAN) -o $@ $< \
	    $(call fuzz_objs,$*,$(FUZZ_DIR)/obj,$(FUZZ_OBJ)) $(FUZZ_LIB) $(FUZZ_LIBS)

.SECONDARY: $(FUZZ_OBJ) $(patsubst %,$(FUZZ_DIR)/obj/tests/fuzz/fuzz-%.o,$(FUZZ_NAMES))
fuzz: deps $(FUZZ_BIN)
	$(Q)BUILD=$(BUILD) FUZZ_SECONDS=$(FUZZ_SECONDS) sh tests/fuzz/run.sh $(filter $(FUZZ_TARGETS),$(FUZZ_BUILT))

# ---- GPU ------------------------------------------------------------------
# Per-program nvcc flags (tests/gpu, examples).
NVCC_EXTRA_per_thread := --default-stream per-thread
NVCC_EXTRA_nvtx_range := -ldl
NVCC_EXTRA_fix_pairs := -ldl
$(BUILD)/gpu/%: %.cu
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  NVCC    $<")
	$(Q)$(NVCC) $(NVCCFLAGS) $(NVCC_EXTRA_$(notdir $*)) -o $@ $< -lpthread

gpu-progs: $(if $(HAVE_NVCC),$(GPU_BIN),) $(BENCH_SO)
	@$(if $(HAVE_NVCC),,echo "NOTE: nvcc not found at $(NVCC): GPU programs not built")

gpu-test:
	$(Q)BUILD=$(BUILD) sh tests/gpu/run.sh

demo: deps
	$(Q)BUILD=$(BUILD) MAKE="$(MAKE)" sh tools/demo.sh

bench:
	$(Q)BUILD=$(BUILD) sh bench/run.sh

# The floor enables the tracer's own list of callback ids (apiargs.o).
$(BUILD)/bench/libbare-collector.so: bench/bare-collector.c $(BUILD)/pic/injection/apiargs.o
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(CFLAGS) -fPIC -fvisibility=hidden -shared -I$(CUPTI_INC) -I$(CUDA_INC) -Iinjection \
	    -o $@ $^ -L$(CUPTI_LIB) -Wl,-rpath,$(CUPTI_LIB) -lcupti -lpthread -Wl,--no-undefined

# What a CUPTI client asks of CUPTI (LD_PRELOAD; -dl: also through dlsym).
$(BUILD)/bench/libcupti-spy.so: bench/cupti-spy.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(CFLAGS) -fPIC -fvisibility=hidden -shared -I$(CUPTI_INC) -I$(CUDA_INC) \
	    -o $@ $< -ldl -lpthread -Wl,--no-undefined
$(BUILD)/bench/libcupti-spy-dl.so: bench/cupti-spy.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(CFLAGS) -DSPY_DLSYM -fPIC -fvisibility=hidden -shared -I$(CUPTI_INC) -I$(CUDA_INC) \
	    -o $@ $< -ldl -lpthread -Wl,--no-undefined

# The injection library's writer, fed synthetic CUPTI buffers (no GPU needed).
# The API callbacks' cost on the program's thread, against a fake CUPTI: it
# loads the injection library itself, and its CUPTI entry points interpose.
$(BUILD)/bench/callback-rate: bench/callback-rate.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(CFLAGS) -I$(CUPTI_INC) -I$(CUDA_INC) $(LDFLAGS) -rdynamic -o $@ $< \
	    -L$(CUPTI_LIB) -Wl,-rpath,$(CUPTI_LIB) -Wl,--no-as-needed -lcupti -Wl,--as-needed -lpthread -ldl

$(BUILD)/bench/writer-rate: bench/writer-rate.c $(INJ_CORE_OBJ)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(CFLAGS) -I$(CUPTI_INC) -I$(CUDA_INC) -Iinjection $(LDFLAGS) -o $@ $^ \
	    -L$(CUPTI_LIB) -Wl,-rpath,$(CUPTI_LIB) -lcupti -lsqlite3 -lpthread -ldl -lm

$(BUILD)/bench/insert-rate: bench/insert-rate.c $(LIBA)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  LINK    $@")
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< $(LIBA) $(LIB_LIBS)

# ---- install --------------------------------------------------------------
# The analysis library's public headers: include/overlapcheck/ and the
# schema's own (codes.h, schema.h), installed together as <overlapcheck/*.h>.
PUB_HDR := $(wildcard include/overlapcheck/*.h) $(wildcard schema/overlapcheck/*.h)
PC_IN   := tools/overlapcheck.pc.in

.PHONY: install-lib
install-lib: $(LIBA) $(PUB_HDR) $(PC_IN)
	install -d $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/include/overlapcheck
	install -m 644 $(LIBA) $(DESTDIR)$(PREFIX)/lib/liboverlapcheck.a
	install -m 644 $(PUB_HDR) $(DESTDIR)$(PREFIX)/include/overlapcheck/
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' -e 's|@CXXABI_LIB@|$(CXXABI_LIB)|g' \
	    $(PC_IN) > $(DESTDIR)$(PREFIX)/lib/pkgconfig/overlapcheck.pc

# The library as an outside program uses it: installed under DESTDIR, then
# examples/verdicts.c built with the installed pkg-config file only.
STAGE := $(BUILD)/stage
EXAMPLE := $(BUILD)/bin/verdicts-example
lib-example: $(EXAMPLE)
$(EXAMPLE): examples/verdicts.c $(LIBA) $(PUB_HDR) $(PC_IN) Makefile
	$(Q)rm -rf $(STAGE)
	$(Q)$(MAKE) --no-print-directory install-lib DESTDIR=$(abspath $(STAGE)) PREFIX=/usr >/dev/null
	@$(if $(Q),echo "  LINK    $@ (against DESTDIR=$(STAGE))")
	$(Q)sh tools/pc-flags.sh $(STAGE)/usr/lib/pkgconfig/overlapcheck.pc $(abspath $(STAGE)) > $(STAGE)/flags
	$(Q)$(CC) -std=c11 -pedantic -Wall -Wextra -Werror -o $@ $< $$(cat $(STAGE)/flags)

install: all install-lib
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 $(CLI) $(DESTDIR)$(PREFIX)/bin/overlapcheck
	$(if $(HAVE_CUPTI),install -m 755 $(INJ_SO) $(DESTDIR)$(PREFIX)/lib/liboverlapcheck-inject.so)
	$(if $(wildcard docs/overlapcheck.1),install -m 644 docs/overlapcheck.1 $(DESTDIR)$(PREFIX)/share/man/man1/overlapcheck.1)

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/overlapcheck $(DESTDIR)$(PREFIX)/lib/liboverlapcheck-inject.so \
	      $(DESTDIR)$(PREFIX)/share/man/man1/overlapcheck.1 $(DESTDIR)$(PREFIX)/lib/liboverlapcheck.a \
	      $(DESTDIR)$(PREFIX)/lib/pkgconfig/overlapcheck.pc
	rm -rf $(DESTDIR)$(PREFIX)/include/overlapcheck

clean:
	rm -rf $(BUILD)

-include $(shell find $(BUILD)/obj $(BUILD)/pic $(BUILD)/fuzz-replay/obj $(BUILD)/fuzz/obj -name '*.d' 2>/dev/null)
