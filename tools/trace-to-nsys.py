#!/usr/bin/env python3
"""trace-to-nsys.py: an overlapcheck trace rewritten as an Nsight Systems
SQLite export, for testing overlapcheck's importer without nsys.

    python3 tools/trace-to-nsys.py [--cupti-enums] [--driver-table] [--version-tags]
                                   [--second-pid PID] TRACE.db EXPORT.sqlite

The tables, columns and their meaning follow NVIDIA's "SQLite Schema
Reference" (Nsight Systems Post-Collection Analysis Guide, the schema as of
the 2026.4 release, export schema 3.28.1; docs/import.md): StringIds,
CUPTI_ACTIVITY_KIND_KERNEL / _MEMCPY / _MEMSET / _SYNCHRONIZATION /
_CUDA_EVENT / _RUNTIME / _OVERHEAD, NVTX_EVENTS, TARGET_INFO_GPU,
TARGET_INFO_CUDA_DEVICE, TARGET_INFO_CUDA_CONTEXT_INFO,
TARGET_INFO_CUDA_STREAM, TARGET_INFO_SESSION_START_TIME,
TARGET_INFO_SYSTEM_ENV, PROCESSES, META_DATA_EXPORT and the ENUM_* tables.
Only the columns the reference lists are written, with the types it gives;
a column overlapcheck has no value for gets the reference's NULL or 0.

What an export cannot carry is left out, as a real export would lack it:
CUPTI's ASYNC flag (MEMCPY has no flags column), the API callbacks'
arguments (stream handles, handle kinds), the run's exit status, dropped
records and environment, CUPTI callback ids. Times stay as they are: the
session starts at the trace's start.

Enumerations: by default the ENUM_* tables are written, and memory kinds
and overhead kinds use numbers of their own (as recent exports do: pageable
is 0), so that a reader must map them by name. --cupti-enums writes no ENUM
tables and CUPTI's values instead. --driver-table puts driver calls into
CUPTI_ACTIVITY_KIND_DRIVER instead of CUPTI_ACTIVITY_KIND_RUNTIME with the
driver's eventClass. --version-tags names API functions with a CUPTI
version tag (cudaLaunchKernel_v7000). --second-pid PID writes every row a
second time as the process PID (an export of two processes).

Python 3 standard library only. Not a substitute for a real export: what
nsys itself writes may differ in ways its documentation does not say.
"""
import argparse
import os
import sqlite3
import sys

SCHEMA_VERSION = "3.28.1"

TABLES = """
CREATE TABLE StringIds (id INTEGER NOT NULL PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE META_DATA_EXPORT (name TEXT NOT NULL, value TEXT);
CREATE TABLE TARGET_INFO_SESSION_START_TIME (utcEpochNs INTEGER, utcTime TEXT, localTime TEXT,
    systemClockNs INTEGER, sessionStartCntVctNs INTEGER);
CREATE TABLE TARGET_INFO_SYSTEM_ENV (globalVid INTEGER, devStateName TEXT NOT NULL, name TEXT NOT NULL,
    nameEnum INTEGER NOT NULL, value TEXT NOT NULL);
CREATE TABLE PROCESSES (globalPid INTEGER, pid INTEGER, name TEXT);
CREATE TABLE TARGET_INFO_GPU (vmId INTEGER NOT NULL, id INTEGER NOT NULL, name TEXT, busLocation TEXT,
    isDiscrete INTEGER, l2CacheSize INTEGER, totalMemory INTEGER, memoryBandwidth INTEGER,
    clockRate INTEGER, smCount INTEGER, pwGpuId INTEGER, uuid TEXT, luid INTEGER, chipName TEXT,
    cuDevice INTEGER, ctxswDevPath TEXT, ctrlDevPath TEXT, revision INTEGER, nodeMask INTEGER,
    constantMemory INTEGER, maxIPC INTEGER, maxRegistersPerBlock INTEGER, maxShmemPerBlock INTEGER,
    maxShmemPerBlockOptin INTEGER, maxShmemPerSm INTEGER, maxRegistersPerSm INTEGER,
    threadsPerWarp INTEGER, asyncEngines INTEGER, maxWarpsPerSm INTEGER, maxBlocksPerSm INTEGER,
    maxThreadsPerBlock INTEGER, maxBlockDimX INTEGER, maxBlockDimY INTEGER, maxBlockDimZ INTEGER,
    maxGridDimX INTEGER, maxGridDimY INTEGER, maxGridDimZ INTEGER, computeMajor INTEGER,
    computeMinor INTEGER, smMajor INTEGER, smMinor INTEGER, numaNodeId INTEGER);
CREATE TABLE TARGET_INFO_CUDA_DEVICE (gpuId INTEGER, cudaId INTEGER NOT NULL, pid INTEGER NOT NULL,
    uuid TEXT, numMultiprocessors INTEGER);
CREATE TABLE TARGET_INFO_CUDA_CONTEXT_INFO (nullStreamId INTEGER NOT NULL, hwId INTEGER NOT NULL,
    vmId INTEGER NOT NULL, processId INTEGER NOT NULL, deviceId INTEGER NOT NULL,
    contextId INTEGER NOT NULL, parentContextId INTEGER, isGreenContext INTEGER,
    numMultiprocessors INTEGER, numTpcs INTEGER, tpcMask TEXT, workqueueResourceId INTEGER,
    workqueueConcurrencyLimit INTEGER, workqueueSharingScope INTEGER, workqueueChannelCount INTEGER,
    workqueueChannelIds TEXT);
CREATE TABLE TARGET_INFO_CUDA_STREAM (streamId INTEGER NOT NULL, hwId INTEGER NOT NULL,
    vmId INTEGER NOT NULL, processId INTEGER NOT NULL, contextId INTEGER NOT NULL,
    priority INTEGER NOT NULL, flag INTEGER NOT NULL);
CREATE TABLE CUPTI_ACTIVITY_KIND_MEMCPY (start INTEGER NOT NULL, end INTEGER NOT NULL,
    deviceId INTEGER NOT NULL, contextId INTEGER NOT NULL, greenContextId INTEGER,
    streamId INTEGER NOT NULL, correlationId INTEGER, globalPid INTEGER, bytes INTEGER NOT NULL,
    copyKind INTEGER NOT NULL, deprecatedSrcId INTEGER, srcKind INTEGER, dstKind INTEGER,
    srcDeviceId INTEGER, srcContextId INTEGER, dstDeviceId INTEGER, dstContextId INTEGER,
    migrationCause INTEGER, graphNodeId INTEGER, virtualAddress INTEGER, copyCount INTEGER);
CREATE TABLE CUPTI_ACTIVITY_KIND_MEMSET (start INTEGER NOT NULL, end INTEGER NOT NULL,
    deviceId INTEGER NOT NULL, contextId INTEGER NOT NULL, greenContextId INTEGER,
    streamId INTEGER NOT NULL, correlationId INTEGER, globalPid INTEGER, value INTEGER NOT NULL,
    bytes INTEGER NOT NULL, graphNodeId INTEGER, memKind INTEGER);
CREATE TABLE CUPTI_ACTIVITY_KIND_KERNEL (start INTEGER NOT NULL, end INTEGER NOT NULL,
    deviceId INTEGER NOT NULL, contextId INTEGER NOT NULL, greenContextId INTEGER,
    streamId INTEGER NOT NULL, correlationId INTEGER, globalPid INTEGER,
    demangledName INTEGER NOT NULL, shortName INTEGER NOT NULL, mangledName INTEGER,
    launchType INTEGER, cacheConfig INTEGER, registersPerThread INTEGER NOT NULL,
    gridX INTEGER NOT NULL, gridY INTEGER NOT NULL, gridZ INTEGER NOT NULL,
    blockX INTEGER NOT NULL, blockY INTEGER NOT NULL, blockZ INTEGER NOT NULL,
    staticSharedMemory INTEGER NOT NULL, dynamicSharedMemory INTEGER NOT NULL,
    localMemoryPerThread INTEGER NOT NULL, localMemoryTotal INTEGER NOT NULL,
    gridId INTEGER NOT NULL, sharedMemoryExecuted INTEGER, graphNodeId INTEGER,
    sharedMemoryLimitConfig INTEGER, qmdBulkReleaseDone INTEGER, qmdPreexitDone INTEGER,
    qmdLastCtaDone INTEGER, graphId INTEGER, clusterX INTEGER, clusterY INTEGER, clusterZ INTEGER,
    clusterSchedulingPolicy INTEGER, maxPotentialClusterSize INTEGER, maxActiveClusters INTEGER,
    sharedMemoryRequestedPercentage INTEGER, tensorSizeMinusOneElements TEXT NOT NULL);
CREATE TABLE CUPTI_ACTIVITY_KIND_SYNCHRONIZATION (start INTEGER NOT NULL, end INTEGER NOT NULL,
    deviceId INTEGER NOT NULL, contextId INTEGER NOT NULL, greenContextId INTEGER,
    streamId INTEGER NOT NULL, correlationId INTEGER, globalPid INTEGER,
    deprecatedSyncType INTEGER, syncType INTEGER NOT NULL, eventId INTEGER NOT NULL,
    eventSyncId INTEGER);
CREATE TABLE CUPTI_ACTIVITY_KIND_CUDA_EVENT (timestamp INTEGER, deviceId INTEGER NOT NULL,
    contextId INTEGER NOT NULL, greenContextId INTEGER, streamId INTEGER NOT NULL,
    correlationId INTEGER, globalPid INTEGER, eventId INTEGER NOT NULL, eventSyncId INTEGER);
CREATE TABLE CUPTI_ACTIVITY_KIND_OVERHEAD (start INTEGER NOT NULL, end INTEGER NOT NULL,
    eventClass INTEGER NOT NULL, globalTid INTEGER, correlationId INTEGER, nameId INTEGER,
    overheadType INTEGER NOT NULL);
CREATE TABLE CUPTI_ACTIVITY_KIND_RUNTIME (start INTEGER NOT NULL, end INTEGER NOT NULL,
    eventClass INTEGER NOT NULL, globalTid INTEGER, correlationId INTEGER,
    nameId INTEGER NOT NULL, returnValue INTEGER NOT NULL, callchainId INTEGER);
CREATE TABLE NVTX_EVENTS (start INTEGER NOT NULL, end INTEGER, eventType INTEGER NOT NULL,
    rangeId INTEGER, category INTEGER, color INTEGER, text TEXT, globalTid INTEGER,
    endGlobalTid INTEGER, textId INTEGER, domainId INTEGER, uint64Value INTEGER,
    int64Value INTEGER, doubleValue REAL, uint32Value INTEGER, int32Value INTEGER,
    floatValue REAL, jsonTextId INTEGER, jsonText TEXT, binaryData TEXT,
    eventId INTEGER NOT NULL PRIMARY KEY);
"""

DRIVER_TABLE = """
CREATE TABLE CUPTI_ACTIVITY_KIND_DRIVER (start INTEGER NOT NULL, end INTEGER NOT NULL,
    eventClass INTEGER NOT NULL, globalTid INTEGER, correlationId INTEGER,
    nameId INTEGER NOT NULL, returnValue INTEGER NOT NULL, callchainId INTEGER);
"""

ENUM_NAMES = ["ENUM_CUDA_MEMCPY_OPER", "ENUM_CUDA_MEM_KIND", "ENUM_CUPTI_SYNC_TYPE",
              "ENUM_CUPTI_STREAM_TYPE", "ENUM_NSYS_EVENT_CLASS", "ENUM_NSYS_EVENT_TYPE",
              "ENUM_CUPTI_OVERHEAD_TYPE"]

# copy kinds: CUPTI's values (CUpti_ActivityMemcpyKind), as exports keep them
COPY_KINDS = [(0, "UNKNOWN", "Unknown"), (1, "HTOD", "Host-to-Device"), (2, "DTOH", "Device-to-Host"),
              (3, "HTOA", "Host-to-Array"), (4, "ATOH", "Array-to-Host"), (5, "ATOA", "Array-to-Array"),
              (6, "ATOD", "Array-to-Device"), (7, "DTOA", "Device-to-Array"),
              (8, "DTOD", "Device-to-Device"), (9, "HTOH", "Host-to-Host"), (10, "PTOP", "Peer-to-Peer"),
              (11, "UVM_HTOD", "Unified Host-to-Device"), (12, "UVM_DTOH", "Unified Device-to-Host")]
# memory kinds: numbered from 0 (pageable), as a 2025 export numbers them;
# the key is CUPTI's value (CUpti_ActivityMemoryKind)
MEM_KINDS = {1: (0, "PAGEABLE", "Pageable"), 2: (1, "PINNED", "Pinned"), 3: (2, "DEVICE", "Device"),
             4: (3, "ARRAY", "Array"), 5: (4, "MANAGED", "Managed"),
             6: (5, "DEVICE_STATIC", "Device Static"), 7: (6, "MANAGED_STATIC", "Managed Static"),
             0: (7, "UNKNOWN", "Unknown")}
SYNC_TYPES = [(0, "UNKNOWN", "Unknown"), (1, "EVENT_SYNCHRONIZE", "Event sync"),
              (2, "STREAM_WAIT_EVENT", "Stream wait sync"), (3, "STREAM_SYNCHRONIZE", "Stream sync"),
              (4, "CONTEXT_SYNCHRONIZE", "Context sync")]
STREAM_TYPES = [(1, "DEFAULT", "Default stream"), (2, "NON_BLOCKING", "Non-blocking stream"),
                (3, "NULL", "Null stream")]
# overhead kinds: the key is CUPTI's (CUpti_ActivityOverheadKind)
OVERHEADS = {0: (0, "OVERHEAD_UNKNOWN", "Unknown"), 1: (2, "OVERHEAD_DRIVER_COMPILER", "Driver JIT compiler"),
             1 << 16: (3, "OVERHEAD_CUPTI_BUFFER_FLUSH", "Buffer flush"),
             2 << 16: (4, "OVERHEAD_CUPTI_INSTRUMENTATION", "Instrumentation"),
             3 << 16: (5, "OVERHEAD_CUPTI_RESOURCE", "Resource"),
             4 << 16: (6, "OVERHEAD_RUNTIME_TRIGGERED_MODULE_LOADING", "Runtime module loading"),
             5 << 16: (7, "OVERHEAD_LAZY_FUNCTION_LOADING", "Lazy function loading"),
             6 << 16: (8, "OVERHEAD_COMMAND_BUFFER_FULL", "Command buffer full"),
             7 << 16: (9, "OVERHEAD_ACTIVITY_BUFFER_REQUEST", "Activity buffer request"),
             8 << 16: (10, "OVERHEAD_UVM_ACTIVITY_INIT", "UVM activity init")}
NA = 0xFFFFFFFF       # CUPTI's "not applicable" id


class Strings:
    def __init__(self, out):
        self.out, self.ids = out, {}

    def id(self, value):
        if value not in self.ids:
            self.ids[value] = len(self.ids) + 1
            self.out.execute("INSERT INTO StringIds VALUES (?, ?)", (self.ids[value], value))
        return self.ids[value]


def convert(src, dst, cupti_enums=False, driver_table=False, version_tags=False, second_pid=None):
    inp = sqlite3.connect("file:%s?mode=ro" % src, uri=True)
    if os.path.exists(dst):
        os.unlink(dst)
    out = sqlite3.connect(dst)
    out.executescript(TABLES + (DRIVER_TABLE if driver_table else ""))
    meta = dict(inp.execute("SELECT key, value FROM meta"))
    pid = int(meta.get("pid") or 1)
    pids = [pid] + ([second_pid] if second_pid else [])
    s = Strings(out)

    def mem(v, kinds=MEM_KINDS):
        if v is None:
            return None
        return v if cupti_enums else kinds.get(v, kinds[0])[0]

    if not cupti_enums:
        for t in ENUM_NAMES:
            out.execute("CREATE TABLE %s (id INTEGER NOT NULL PRIMARY KEY, name TEXT, label TEXT)" % t)
        out.executemany("INSERT INTO ENUM_CUDA_MEMCPY_OPER VALUES (?, ?, ?)",
                        [(i, "CUDA_MEMCPY_KIND_" + n, l) for i, n, l in COPY_KINDS])
        out.executemany("INSERT INTO ENUM_CUDA_MEM_KIND VALUES (?, ?, ?)",
                        [(i, "CUDA_MEMOPR_MEMORY_KIND_" + n, l) for i, n, l in MEM_KINDS.values()])
        out.executemany("INSERT INTO ENUM_CUPTI_SYNC_TYPE VALUES (?, ?, ?)",
                        [(i, "CUPTI_ACTIVITY_SYNCHRONIZATION_TYPE_" + n, l) for i, n, l in SYNC_TYPES])
        out.executemany("INSERT INTO ENUM_CUPTI_STREAM_TYPE VALUES (?, ?, ?)",
                        [(i, "CUPTI_ACTIVITY_STREAM_CREATE_FLAG_" + n, l) for i, n, l in STREAM_TYPES])
        out.executemany("INSERT INTO ENUM_NSYS_EVENT_CLASS VALUES (?, ?, ?)",
                        [(0, "TRACE_PROCESS_EVENT_CUDA_RUNTIME", "CUDA runtime"),
                         (1, "TRACE_PROCESS_EVENT_CUDA_DRIVER", "CUDA driver")])
        out.executemany("INSERT INTO ENUM_NSYS_EVENT_TYPE VALUES (?, ?, ?)",
                        [(34, "NvtxMark", "NvtxMark"), (59, "NvtxPushPopRange", "NvtxPushPopRange"),
                         (60, "NvtxStartEndRange", "NvtxStartEndRange"),
                         (75, "NvtxDomainCreate", "NvtxDomainCreate")])
        out.executemany("INSERT INTO ENUM_CUPTI_OVERHEAD_TYPE VALUES (?, ?, ?)", list(OVERHEADS.values()))

    start = int(meta.get("trace_start_ns") or 0)
    out.executemany("INSERT INTO META_DATA_EXPORT VALUES (?, ?)",
                    [("EXPORT_SCHEMA_VERSION", SCHEMA_VERSION),
                     ("EXPORT_PRODUCT_VERSION", "synthetic (tools/trace-to-nsys.py)")])
    out.execute("INSERT INTO TARGET_INFO_SESSION_START_TIME VALUES (?, ?, ?, ?, NULL)",
                (start, meta.get("start_time"), meta.get("start_time"), start))
    if meta.get("host"):
        out.execute("INSERT INTO TARGET_INFO_SYSTEM_ENV VALUES (0, 'host', 'Hostname', 0, ?)", (meta["host"],))

    for p in pids:
        gp = p << 24
        out.execute("INSERT INTO PROCESSES VALUES (?, ?, ?)", (gp, p, meta.get("cmdline")))
        # devices
        devs = sorted({int(k.split(".")[1]) for k in meta if k.startswith("device.") and k.split(".")[1].isdigit()})
        for d in devs:
            g = lambda f: meta.get("device.%d.%s" % (d, f))
            gi = lambda f: int(g(f)) if g(f) not in (None, "") and g(f).lstrip("-").isdigit() else None
            if p == pids[0]:
                out.execute("""INSERT INTO TARGET_INFO_GPU (vmId, id, name, busLocation, l2CacheSize,
                    totalMemory, smCount, uuid, cuDevice, maxShmemPerSm, maxRegistersPerSm,
                    threadsPerWarp, asyncEngines, maxWarpsPerSm, maxBlocksPerSm, maxThreadsPerBlock,
                    computeMajor, computeMinor) VALUES (0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 32, ?, ?, ?, ?, ?, ?)""",
                            (d, g("name"), g("pci_bus_id"), gi("l2_bytes"), gi("global_memory_bytes"),
                             gi("sm_count"), g("uuid"), d, gi("max_shared_memory_per_sm"),
                             gi("max_registers_per_sm"), gi("async_engine_count"), gi("max_warps_per_sm"),
                             gi("max_blocks_per_sm"), gi("max_threads_per_block"), gi("cc_major"),
                             gi("cc_minor")))
            out.execute("INSERT INTO TARGET_INFO_CUDA_DEVICE VALUES (?, ?, ?, ?, ?)",
                        (d, d, p, g("uuid"), gi("sm_count")))
        for cid, dev, null in inp.execute("SELECT id, device_id, null_stream_id FROM contexts"):
            out.execute("INSERT INTO TARGET_INFO_CUDA_CONTEXT_INFO (nullStreamId, hwId, vmId, processId,"
                        " deviceId, contextId) VALUES (?, 0, 0, ?, ?, ?)",
                        (null if null is not None else NA, p, dev, cid))
        for cid, sid, flag, prio in inp.execute("SELECT context_id, stream_id, flag, priority FROM streams"):
            if flag in (1, 2, 3):    # 0: CUPTI said nothing of it
                out.execute("INSERT INTO TARGET_INFO_CUDA_STREAM VALUES (?, 0, 0, ?, ?, ?, ?)",
                            (sid, p, cid, prio or 0, flag))
        # device ops
        for row in inp.execute("""SELECT o.kind, o.start_ns, o.end_ns, o.device_id, o.context_id,
                o.stream_id, o.correlation_id, o.id, h.bytes, h.copy_kind, h.src_kind, h.dst_kind,
                h.src_device_id, h.dst_device_id, h.grid_x, h.grid_y, h.grid_z, h.block_x, h.block_y,
                h.block_z, h.registers, h.static_smem, h.dynamic_smem, h.graph_id, h.graph_node_id,
                s.value FROM ops o JOIN op_shapes h ON h.id = o.shape_id
                LEFT JOIN strings s ON s.id = h.name_id ORDER BY o.id"""):
            (kind, t0, t1, dev, ctx, st, corr, oid, nb, ck, sk, dk, sd, dd, gx, gy, gz, bx, by, bz,
             regs, ss, ds, gid, gnode, name) = row
            if kind == 1:
                n = s.id(name or "?")
                out.execute("""INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL (start, end, deviceId, contextId,
                    streamId, correlationId, globalPid, demangledName, shortName, mangledName, launchType,
                    cacheConfig, registersPerThread, gridX, gridY, gridZ, blockX, blockY, blockZ,
                    staticSharedMemory, dynamicSharedMemory, localMemoryPerThread, localMemoryTotal,
                    gridId, graphNodeId, graphId, tensorSizeMinusOneElements)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, ?, ?, ?, '')""",
                            (t0, t1, dev, ctx, st, corr, gp, n, n, n, regs or 0, gx or 0, gy or 0, gz or 0,
                             bx or 0, by or 0, bz or 0, ss or 0, ds or 0, oid, gnode, gid))
            elif kind == 3:
                out.execute("INSERT INTO CUPTI_ACTIVITY_KIND_MEMSET (start, end, deviceId, contextId, streamId,"
                            " correlationId, globalPid, value, bytes, graphNodeId, memKind)"
                            " VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)",
                            (t0, t1, dev, ctx, st, corr, gp, nb or 0, gnode, mem(dk)))
            else:
                if kind == 4 and not ck:
                    ck = 10
                out.execute("INSERT INTO CUPTI_ACTIVITY_KIND_MEMCPY (start, end, deviceId, contextId, streamId,"
                            " correlationId, globalPid, bytes, copyKind, srcKind, dstKind, srcDeviceId,"
                            " dstDeviceId, graphNodeId, copyCount) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)",
                            (t0, t1, dev, ctx, st, corr, gp, nb or 0, ck or 0, mem(sk), mem(dk),
                             sd if kind == 4 else dev, dd if kind == 4 else dev, gnode))
        # API calls
        for corr, dom, name, t0, t1, tid, ret, cbid in inp.execute(
                "SELECT a.correlation_id, a.domain, n.value, a.start_ns, a.end_ns, a.tid, a.return_value, a.cbid"
                " FROM api a LEFT JOIN api_functions f ON f.domain = a.domain AND f.cbid = a.cbid"
                " LEFT JOIN strings n ON n.id = f.name_id ORDER BY a.id"):
            nm = (name or "?") + ("_v%d" % (3020 + cbid % 7000) if version_tags else "")
            table = "CUPTI_ACTIVITY_KIND_DRIVER" if dom == 2 and driver_table else "CUPTI_ACTIVITY_KIND_RUNTIME"
            out.execute("INSERT INTO %s VALUES (?, ?, ?, ?, ?, ?, ?, NULL)" % table,
                        (t0, t1, 1 if dom == 2 else 0, gp | (tid & 0xFFFFFF), corr, s.id(nm), ret or 0))
        # synchronizations and event records
        for typ, t0, t1, ctx, st, ev, corr, ret in inp.execute(
                "SELECT type, start_ns, end_ns, context_id, stream_id, event_id, correlation_id, return_value"
                " FROM syncs ORDER BY id"):
            out.execute("INSERT INTO CUPTI_ACTIVITY_KIND_SYNCHRONIZATION (start, end, deviceId, contextId,"
                        " streamId, correlationId, globalPid, deprecatedSyncType, syncType, eventId)"
                        " VALUES (?, ?, 0, ?, ?, ?, ?, ?, ?, ?)",
                        (t0, t1, ctx or 0, NA if st is None else st, corr, gp, typ, typ, NA if ev is None else ev))
        for ev, ctx, st, dev, corr, ts in inp.execute(
                "SELECT event_id, context_id, stream_id, device_id, correlation_id, device_ts_ns FROM events"):
            out.execute("INSERT INTO CUPTI_ACTIVITY_KIND_CUDA_EVENT VALUES (?, ?, ?, NULL, ?, ?, ?, ?, NULL)",
                        (ts or 0, dev or 0, ctx or 0, st if st is not None else NA, corr, gp, ev))
        # CUPTI overheads: thread objects (object kind 2) keep their thread
        for kind, t0, t1, ok, oid, corr in inp.execute(
                "SELECT kind, start_ns, end_ns, object_kind, object_id, correlation_id FROM overheads"):
            ot = kind if cupti_enums else OVERHEADS.get(kind, OVERHEADS[0])[0]
            out.execute("INSERT INTO CUPTI_ACTIVITY_KIND_OVERHEAD VALUES (?, ?, 1, ?, ?, NULL, ?)",
                        (t0, t1, gp | (oid & 0xFFFFFF) if ok == 2 and oid is not None else None, corr, ot))
        # NVTX: ranges (start and end in one row), marks, domains
        doms = {}
        ev_id = [len(pids) * 0 + 1 + 1000000 * pids.index(p)]

        def nvtx(*row):
            out.execute("INSERT INTO NVTX_EVENTS (start, end, eventType, text, globalTid, endGlobalTid,"
                        " domainId, eventId) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", row + (ev_id[0],))
            ev_id[0] += 1
        marks = list(inp.execute("SELECT m.marker_id, m.flags, m.ts_ns, m.tid, n.value, d.value FROM markers m"
                                 " LEFT JOIN strings n ON n.id = m.name_id LEFT JOIN strings d ON d.id = m.domain_id"
                                 " ORDER BY m.ts_ns, m.id"))
        ends = {}
        for mid, fl, ts, tid, _, _ in marks:
            if fl & 4 and mid not in ends:
                ends[mid] = ts
        for mid, fl, ts, tid, name, dom in marks:
            did = None
            if dom:
                if dom not in doms:
                    doms[dom] = len(doms) + 1
                    nvtx(ts, None, 75, dom, gp | ((tid or 0) & 0xFFFFFF), None, doms[dom])
                did = doms[dom]
            g = gp | ((tid or 0) & 0xFFFFFF)
            if fl & 2:
                end = ends.get(mid)
                nvtx(ts, end, 59, name, g, g if end is not None else None, did)
            elif fl & 1:
                nvtx(ts, None, 34, name, g, None, did)
    out.commit()
    out.close()
    inp.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cupti-enums", action="store_true", help="no ENUM_* tables: CUPTI's values")
    ap.add_argument("--driver-table", action="store_true", help="driver calls in CUPTI_ACTIVITY_KIND_DRIVER")
    ap.add_argument("--version-tags", action="store_true", help="API names with a _vNNNN tag")
    ap.add_argument("--second-pid", type=int, help="every row again as process PID")
    ap.add_argument("trace")
    ap.add_argument("export")
    a = ap.parse_args()
    convert(a.trace, a.export, a.cupti_enums, a.driver_table, a.version_tags, a.second_pid)
    return 0


if __name__ == "__main__":
    sys.exit(main())
