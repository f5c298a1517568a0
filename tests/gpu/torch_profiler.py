"""torch_profiler: a PyTorch program that runs torch.profiler itself, after
CUDA is initialised.

torch.cuda.is_available() runs first and initialises CUDA, so overlapcheck's
injection subscribes to CUPTI at cuInit, before Kineto. CUDA 13.0 allows one
CUPTI subscriber per process: Kineto's own CUPTI init fails (it says so on
stderr and its profile lacks CUDA activities), and overlapcheck's trace must
be complete. The program must still run to its normal result. The other
order (the profiler first) is torch_profiler_first.py.
"""
import sys

import torch
from torch.profiler import ProfilerActivity, profile


def main():
    if not torch.cuda.is_available():
        print("torch_profiler: CUDA not available", file=sys.stderr)
        return 2
    torch.manual_seed(4321)
    h = torch.randn(256, 256)
    with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]):
        d = h.cuda()
        for _ in range(8):
            d = torch.tanh(d @ d.T / 256.0)
        out = d.cpu()
        torch.cuda.synchronize()
    want = h.double()
    for _ in range(8):
        want = torch.tanh(want @ want.T / 256.0)
    err = (out.double() - want).abs().max().item()
    if err > 1e-2:
        print("torch_profiler: result differs from the CPU by %g" % err, file=sys.stderr)
        return 1
    print("torch_profiler: result verified")
    return 0


if __name__ == "__main__":
    sys.exit(main())
