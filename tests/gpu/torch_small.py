"""torch_small: a small PyTorch program (tracer check).

PyTorch ships its own libcupti.so.13, so a traced PyTorch process may hold
two CUPTI copies. Two side streams each copy a pinned host tensor to the
device, run a few matmuls and copy the result back; the result is checked
against the same work on the CPU. Prints OC_EXPECT_MIN with the copies it
asked for (PyTorch adds kernels of its own, so kernels are a lower bound).
"""
import sys

import torch


def main():
    if not torch.cuda.is_available():
        print("torch_small: CUDA not available", file=sys.stderr)
        return 2
    torch.manual_seed(1234)
    dev = torch.device("cuda")
    streams = [torch.cuda.Stream() for _ in range(2)]
    hosts = [torch.randn(512, 512).pin_memory() for _ in range(2)]
    outs = [torch.empty(512, 512).pin_memory() for _ in range(2)]
    copies = 0
    matmuls = 0
    for s, h, o in zip(streams, hosts, outs):
        with torch.cuda.stream(s):
            d = h.to(dev, non_blocking=True)
            copies += 1
            for _ in range(4):
                d = torch.tanh(d @ d.T / 512.0)
                matmuls += 1
            o.copy_(d, non_blocking=True)
            copies += 1
    torch.cuda.synchronize()
    for h, o in zip(hosts, outs):
        want = h.double()
        for _ in range(4):
            want = torch.tanh(want @ want.T / 512.0)
        err = (o.double() - want).abs().max().item()
        if err > 1e-2:
            print("torch_small: result differs from the CPU by %g" % err, file=sys.stderr)
            return 1
    print("torch_small: %d streams verified" % len(streams))
    # matmul + tanh: at least two kernels per step.
    print("OC_EXPECT_MIN kernels=%d memcpy=%d memset=0" % (2 * matmuls, copies))
    return 0


if __name__ == "__main__":
    sys.exit(main())
