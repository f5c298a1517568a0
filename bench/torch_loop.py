#!/usr/bin/env python3
"""torch_loop.py: a PyTorch loop of small ops, timed per op.

    python3 bench/torch_loop.py [--iters N] [--warmup N] [--size N] [--profiler]

Each iteration runs five small element-wise or reduction ops on CUDA tensors
of SIZE floats: mul, add, relu, sum, in-place mul. device_ops in the BENCH
line is a lower bound (one kernel per op) that the benchmark checks traces
against.
After WARMUP iterations and a synchronize, the timed region is ITERS iterations
and one synchronize, measured with a monotonic host clock (time.perf_counter_ns)
and with the process's CPU time (time.process_time_ns: all its threads, the
program's, CUDA's and CUPTI's, and an injected tracer's writer thread). It
prints the line bench.py parses:

    BENCH name=torch_loop ops=N ns_per_op=X total_ns=T ...

Its last fields (before --profiler's) are cpu_ns_per_op=C cpu_total_ns=U: the
CPU time of the timed region, per op and in all. Unlike the wall-clock
figures it leaves out time spent waiting for a CPU, and time the hypervisor
stole where the kernel accounts steal time (a paravirtual steal clock, as on
KVM); a synchronize that spins counts in it.

--profiler runs the warm-up and the timed region inside torch.profiler with
CPU and CUDA activities (Kineto's CUPTI collector), and also reports how long
stopping the profiler took and how many device events it collected.
The last iteration's sum is checked against the CPU.
"""
import argparse
import sys
import time

OPS_PER_ITER = 5


def step(x, w):
    a = x * w
    b = a + 1.0
    c = b.relu()
    s = c.sum()
    c.mul_(0.5)
    return s


def loop(torch, x, w, warmup, iters):
    for _ in range(warmup):
        step(x, w)
    torch.cuda.synchronize()
    t0 = time.perf_counter_ns()
    c0 = time.process_time_ns()
    for _ in range(iters):
        s = step(x, w)
    torch.cuda.synchronize()
    t1 = time.perf_counter_ns()
    c1 = time.process_time_ns()
    return s, t1 - t0, c1 - c0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iters", type=int, default=4000)
    ap.add_argument("--warmup", type=int, default=200)
    ap.add_argument("--size", type=int, default=4096)
    ap.add_argument("--profiler", action="store_true",
                    help="run inside torch.profiler with CUDA activities")
    args = ap.parse_args()
    if args.iters <= 0 or args.warmup < 0 or args.size <= 0:
        ap.error("--iters and --size must be positive, --warmup not negative")

    import torch
    if not torch.cuda.is_available():
        print("torch_loop: CUDA is not available to torch", file=sys.stderr)
        return 1
    g = torch.Generator().manual_seed(7)
    xh = torch.randn(args.size, generator=g)
    wh = torch.randn(args.size, generator=g)
    x, w = xh.cuda(), wh.cuda()
    torch.cuda.synchronize()

    extra = ""
    if args.profiler:
        from torch.profiler import ProfilerActivity, profile
        prof = profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA])
        prof.__enter__()
        s, total, cpu_total = loop(torch, x, w, args.warmup, args.iters)
        t_stop = time.perf_counter_ns()
        prof.__exit__(None, None, None)
        stop_ns = time.perf_counter_ns() - t_stop
        dev = sum(1 for e in prof.events()
                  if getattr(e, "device_type", None) == torch.autograd.DeviceType.CUDA)
        extra = " profiler_stop_ns=%d profiler_device_events=%d" % (stop_ns, dev)
    else:
        s, total, cpu_total = loop(torch, x, w, args.warmup, args.iters)

    want = float(((xh * wh) + 1.0).relu().sum())
    got = float(s)
    if abs(got - want) > 1e-3 * max(1.0, abs(want)):
        print("torch_loop: wrong sum %r, expected %r" % (got, want), file=sys.stderr)
        return 1
    ops = OPS_PER_ITER * args.iters
    print("BENCH name=torch_loop ops=%d ns_per_op=%.1f total_ns=%d iterations=%d "
          "device_ops=%d cpu_ns_per_op=%.1f cpu_total_ns=%d%s" % (
              ops, total / ops, total, args.iters, OPS_PER_ITER * (args.iters + args.warmup),
              cpu_total / ops, cpu_total, extra))
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
