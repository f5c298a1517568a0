"""torch_profiler_first: torch.profiler holds CUPTI before any CUDA call.

The profiler is started first thing, before anything touches CUDA, so that
Kineto (with PyTorch's own libcupti) subscribes to CUPTI before the driver
runs overlapcheck's InitializeInjection at cuInit. CUDA 13.0 allows one
CUPTI subscriber per process: overlapcheck must then warn once
(multiple_subscribers: this process runs untraced; or no_device_records:
launches seen, no device record arrived) and the trace must say that it holds
no device records, not that nothing ran. The program itself must still run
to its normal, verified result. (tests/gpu/torch_profiler.py is the other
order: CUDA first, then the profiler.)

Not yet seen on a GPU: if PyTorch's profiler start asks whether CUDA is
there (cudaGetDeviceCount, which runs cuInit) before Kineto subscribes,
overlapcheck still subscribes first and this scenario's expectations fail;
the stderr line "profiler saw N CUDA events" says which client won (N > 0:
Kineto held CUPTI).
"""
import os
import sys

# torch.cuda.is_available() without cuInit, should anything ask before the
# profiler starts.
os.environ.setdefault("PYTORCH_NVML_BASED_CUDA_CHECK", "1")

import torch  # noqa: E402  (imports no CUDA: PyTorch initialises it lazily)
from torch.profiler import ProfilerActivity, profile  # noqa: E402


def main():
    prof = profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA])
    prof.__enter__()
    try:
        if not torch.cuda.is_available():
            print("torch_profiler_first: CUDA not available", file=sys.stderr)
            return 2
        torch.manual_seed(4321)
        h = torch.randn(256, 256)
        d = h.cuda()
        for _ in range(8):
            d = torch.tanh(d @ d.T / 256.0)
        out = d.cpu()
        torch.cuda.synchronize()
    finally:
        prof.__exit__(None, None, None)
    want = h.double()
    for _ in range(8):
        want = torch.tanh(want @ want.T / 256.0)
    err = (out.double() - want).abs().max().item()
    if err > 1e-2:
        print("torch_profiler_first: result differs from the CPU by %g" % err, file=sys.stderr)
        return 1
    # How many GPU events the profiler itself got: on stderr (it may vary).
    try:
        n = sum(1 for ev in prof.events()
                if getattr(ev, "device_type", None) == torch.autograd.DeviceType.CUDA)
        print("torch_profiler_first: profiler saw %d CUDA events" % n, file=sys.stderr)
    except Exception as err:  # a diagnostic only: never fails the program
        print("torch_profiler_first: no profiler events: %r" % err, file=sys.stderr)
    print("torch_profiler_first: result verified")
    return 0


if __name__ == "__main__":
    sys.exit(main())
