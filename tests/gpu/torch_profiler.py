"""torch_profiler: a PyTorch program that runs torch.profiler itself.

Kineto registers its own CUPTI activity buffer callbacks, which are
process-wide: under overlapcheck the injected collector was seen to receive
no device records at all (METHOD.md). The program must still run to its
normal result, and the trace must say that API calls queued work but no
device records arrived, instead of reporting that nothing ran.
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
