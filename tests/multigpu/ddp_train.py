"""ddp_train: data-parallel training with PyTorch DDP, for the multi-GPU
scenarios (tests/multigpu/README.md). Run one process per GPU:

    torchrun --standalone --nproc_per_node 2 tests/multigpu/ddp_train.py --mode overlap

A stack of LAYERS fp32 Linear(WIDTH, WIDTH) + ReLU layers, a fixed input
per rank, SGD. DDP puts the gradients in buckets of --bucket-mb and
all-reduces each bucket on its NCCL stream as soon as backward has produced
it, so the first buckets (the last layers') are reduced while backward
still computes the earlier layers' gradients.

--mode overlap   DDP as designed: the gradient all-reduces run beside backward
--mode nosync    every backward under ddp.no_sync() (no all-reduce during
                 backward), then one all-reduce of all the gradients flattened
                 into one buffer, then the optimizer: the all-reduce has no
                 compute beside it (exposed communication)
--mode slow      as overlap, but rank --slow-rank sleeps --delay-ms on the CPU
                 before each forward (a slow input pipeline): its GPU starts
                 each step late, and the other ranks' first all-reduce of the
                 step waits for it (peer_wait)

Sizes: one layer's backward at BATCH 1024 is 2 x 2 x 1024 x 4096^2 = 69 GFLOP,
about 1.4 ms on an H200 in fp32 (TF32 off), while a 16 MiB bucket's
all-reduce between two NVLink-connected GPUs takes about 0.2 ms: overlap can
hide the buckets of every layer but the first. WARMUP steps come first (DDP
builds its buckets, NCCL its communicators and channels, cuBLAS its handles);
NVTX ranges mark step, forward, backward, allreduce and optimizer.

Self-check, printed as one JSON line and in the exit status: the loss
decreased on every rank, and the parameters are identical on every rank
(their checksum, all-gathered), which the all-reduces are there to ensure.
"""
import argparse
import json
import os
import sys
import time

import torch
import torch.distributed as dist
import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel as DDP

WIDTH = 4096
LAYERS = 8
BATCH = 1024
STEPS = 12
WARMUP = 4
SEED = 20261215


def nvtx(name):
    torch.cuda.nvtx.range_push(name)


def pop():
    torch.cuda.nvtx.range_pop()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mode", choices=("overlap", "nosync", "slow"), default="overlap")
    ap.add_argument("--steps", type=int, default=STEPS)
    ap.add_argument("--warmup", type=int, default=WARMUP)
    ap.add_argument("--bucket-mb", type=float, default=16.0)
    ap.add_argument("--slow-rank", type=int, default=1)
    ap.add_argument("--delay-ms", type=float, default=20.0)
    a = ap.parse_args()

    torch.backends.cuda.matmul.allow_tf32 = False
    dist.init_process_group("nccl")
    rank, world = dist.get_rank(), dist.get_world_size()
    local = int(os.environ.get("LOCAL_RANK", rank))
    torch.cuda.set_device(local)
    dev = torch.device("cuda", local)

    torch.manual_seed(SEED)                     # the same initial model on every rank
    model = nn.Sequential(*[nn.Sequential(nn.Linear(WIDTH, WIDTH), nn.ReLU())
                            for _ in range(LAYERS)]).to(dev)
    ddp = DDP(model, device_ids=[local], bucket_cap_mb=a.bucket_mb,
              gradient_as_bucket_view=True)
    opt = torch.optim.SGD(ddp.parameters(), lr=1e-4)
    g = torch.Generator(device=dev).manual_seed(SEED + rank)   # each rank its own data
    x = torch.randn(BATCH, WIDTH, device=dev, generator=g)
    target = torch.randn(BATCH, WIDTH, device=dev, generator=g) * 0.1
    params = list(model.parameters())

    losses = []
    for step in range(a.warmup + a.steps):
        nvtx("step")
        if a.mode == "slow" and rank == a.slow_rank:
            time.sleep(a.delay_ms / 1000.0)     # the CPU is late: the GPU idles
        nvtx("forward")
        loss = (ddp(x) - target).square().mean()
        pop()
        nvtx("backward")
        if a.mode == "nosync":
            with ddp.no_sync():
                loss.backward()
        else:
            loss.backward()
        pop()
        if a.mode == "nosync":
            nvtx("allreduce")
            flat = torch.cat([p.grad.reshape(-1) for p in params])
            dist.all_reduce(flat)
            flat /= world
            off = 0
            for p in params:
                n = p.grad.numel()
                p.grad.copy_(flat[off:off + n].view_as(p.grad))
                off += n
            pop()
        nvtx("optimizer")
        opt.step()
        opt.zero_grad(set_to_none=False)
        pop()
        pop()
        losses.append(loss.detach())
    torch.cuda.synchronize()

    first, last = losses[0].item(), losses[-1].item()
    s = torch.stack([p.detach().double().sum() for p in params]).sum().reshape(1)
    sums = [torch.zeros_like(s) for _ in range(world)]
    dist.all_gather(sums, s)
    sums = [v.item() for v in sums]
    same = all(abs(v - sums[0]) <= 1e-9 * max(1.0, abs(sums[0])) for v in sums)
    ok = same and last < first
    print(json.dumps({"rank": rank, "mode": a.mode, "loss_first": first, "loss_last": last,
                      "param_checksums": sums, "params_identical": same, "ok": ok,
                      "nccl": ".".join(map(str, torch.cuda.nccl.version()))}), flush=True)
    dist.destroy_process_group()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
