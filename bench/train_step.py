#!/usr/bin/env python3
"""train_step.py: an API-heavy PyTorch training step, timed per step.

    python3 bench/train_step.py [--steps N] [--warmup N] [--profiler]

The model is a small transformer: torch.nn.TransformerEncoder of 6
TransformerEncoderLayer (d_model 256, nhead 8, dim_feedforward 1024, dropout
0.1, batch_first), then a linear head to 32 classes and cross-entropy. It is
trained with AdamW (lr 5e-4) on one synthetic batch of 16 sequences of 64
positions, made on the GPU from a fixed seed (inputs from torch.randn, class
targets from torch.randint). A step is zero_grad, forward, loss, backward and
the optimizer's step: hundreds of small kernels and many more CUDA API calls,
which is what makes it API-heavy.

After WARMUP steps and a synchronize, the timed region is STEPS steps and one
synchronize, measured with time.perf_counter_ns and with the process's CPU
time (time.process_time_ns: all its threads, the program's, CUDA's and
CUPTI's, and an injected tracer's writer thread). It prints the line bench.py
parses, an op being one training step:

    BENCH name=train_step ops=STEPS ns_per_op=X total_ns=T steps=N warmup=N device_ops=D ...

Its last fields (before --profiler's) are cpu_ns_per_op=C cpu_total_ns=U: the
CPU time of the timed region, per step and in all. Unlike the wall-clock
figures it leaves out time spent waiting for a CPU, and time the hypervisor
stole where the kernel accounts steal time (a paravirtual steal clock, as on
KVM); a synchronize that spins counts in it.

device_ops is a lower bound on the device ops that the warm-up and the timed
steps queue (bench.py checks traces and floors against it): per step, one
kernel for the matrix product of each 2-D weight in the forward pass and one
for its weight gradient in the backward pass, plus one for the optimizer's
step: 2 x 25 + 1 = 51 (the 25 weights: each layer's in_proj, out_proj,
linear1 and linear2, and the head; counted from the model). Nothing else is
counted: AdamW's multi-tensor (foreach or fused) kernels update many tensors
per launch, so one kernel per parameter would not be a lower bound, and the
element-wise, normalisation, dropout, softmax and loss kernels depend on the
PyTorch version. The real count is several times larger.

--profiler runs the warm-up and the timed region inside torch.profiler with
CPU and CUDA activities (Kineto's CUPTI collector), and also reports how long
stopping the profiler took and how many device events it collected, as
bench/torch_loop.py does.

At the end it checks that every step's loss is finite and that the last
step's loss is below the first step's (with at least two steps), and exits 1
otherwise. --device cpu runs the same on the CPU, for a smoke test of this
script without a GPU; bench.py never passes it.
"""
import argparse
import math
import sys
import time

D_MODEL = 256
NHEAD = 8
DIM_FF = 1024
LAYERS = 6
CLASSES = 32
BATCH = 16
SEQ = 64


def build(torch, device):
    """The model, its head, the optimizer and the synthetic batch."""
    torch.manual_seed(7)
    layer = torch.nn.TransformerEncoderLayer(D_MODEL, NHEAD, dim_feedforward=DIM_FF,
                                             dropout=0.1, batch_first=True)
    encoder = torch.nn.TransformerEncoder(layer, LAYERS, enable_nested_tensor=False)
    model = torch.nn.Sequential(encoder, torch.nn.Linear(D_MODEL, CLASSES)).to(device)
    model.train()
    opt = torch.optim.AdamW(model.parameters(), lr=5e-4)
    g = torch.Generator(device=device).manual_seed(11)
    x = torch.randn(BATCH, SEQ, D_MODEL, device=device, generator=g)
    y = torch.randint(0, CLASSES, (BATCH, SEQ), device=device, generator=g)
    return model, opt, x, y


def step(torch, model, opt, x, y):
    opt.zero_grad(set_to_none=True)
    out = model(x)
    loss = torch.nn.functional.cross_entropy(out.reshape(-1, CLASSES), y.reshape(-1))
    loss.backward()
    opt.step()
    return loss.detach()


def train(torch, sync, model, opt, x, y, warmup, steps):
    """Returns the losses (tensors, not read: reading one would synchronize)
    and the timed region's nanoseconds: wall-clock, then the process's CPU time."""
    losses = []
    for _ in range(warmup):
        losses.append(step(torch, model, opt, x, y))
    sync()
    t0 = time.perf_counter_ns()
    c0 = time.process_time_ns()
    for _ in range(steps):
        losses.append(step(torch, model, opt, x, y))
    sync()
    t1 = time.perf_counter_ns()
    c1 = time.process_time_ns()
    return losses, t1 - t0, c1 - c0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=40)
    ap.add_argument("--warmup", type=int, default=10)
    ap.add_argument("--profiler", action="store_true",
                    help="run inside torch.profiler with CUDA activities")
    ap.add_argument("--device", default="cuda", choices=("cuda", "cpu"),
                    help="cpu: a smoke test of this script only (default cuda)")
    args = ap.parse_args()
    if args.steps <= 0 or args.warmup < 0:
        ap.error("--steps must be positive, --warmup not negative")

    import torch
    if args.device == "cuda":
        if not torch.cuda.is_available():
            print("train_step: CUDA is not available to torch", file=sys.stderr)
            return 1
        sync = torch.cuda.synchronize
    else:
        sync = lambda: None  # noqa: E731
    model, opt, x, y = build(torch, args.device)
    weights = sum(1 for p in model.parameters() if p.dim() == 2)
    per_step = 2 * weights + 1
    sync()

    extra = ""
    if args.profiler:
        from torch.profiler import ProfilerActivity, profile
        acts = [ProfilerActivity.CPU] + ([ProfilerActivity.CUDA] if args.device == "cuda" else [])
        prof = profile(activities=acts)
        prof.__enter__()
        losses, total, cpu_total = train(torch, sync, model, opt, x, y, args.warmup, args.steps)
        t_stop = time.perf_counter_ns()
        prof.__exit__(None, None, None)
        stop_ns = time.perf_counter_ns() - t_stop
        dev = sum(1 for e in prof.events()
                  if getattr(e, "device_type", None) == torch.autograd.DeviceType.CUDA)
        extra = " profiler_stop_ns=%d profiler_device_events=%d" % (stop_ns, dev)
    else:
        losses, total, cpu_total = train(torch, sync, model, opt, x, y, args.warmup, args.steps)

    vals = torch.stack(losses).cpu().tolist()
    if not all(math.isfinite(v) for v in vals):
        print("train_step: a loss is not finite: %r" % vals, file=sys.stderr)
        return 1
    if len(vals) >= 2 and not vals[-1] < vals[0]:
        print("train_step: the loss did not decrease: first %r, last %r" % (vals[0], vals[-1]),
              file=sys.stderr)
        return 1
    print("BENCH name=train_step ops=%d ns_per_op=%.1f total_ns=%d steps=%d warmup=%d "
          "device_ops=%d device_ops_per_step=%d loss_first=%.4f loss_last=%.4f "
          "cpu_ns_per_op=%.1f cpu_total_ns=%d%s" % (
              args.steps, total / args.steps, total, args.steps, args.warmup,
              per_step * (args.steps + args.warmup), per_step, vals[0], vals[-1],
              cpu_total / args.steps, cpu_total, extra))
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
