"""triton_upload: a Triton kernel over chunk k on PyTorch's default stream
while chunk k+1 is uploaded on a side stream.

    python3 triton_upload.py --size host|gpu

The chunks are made and pinned before the loop (torch.randn(...).pin_memory()),
so the host never writes memory a copy still reads. Chunk k+1 is copied with
non_blocking=True on a torch.cuda.Stream (non-blocking); the default stream
waits for it (wait_stream) before the kernel that reads it, and record_stream
keeps the caching allocator from reusing it early. The kernel is a Triton
JIT kernel: ITERS multiply-adds per element. host: 4096 elements, 1
iteration: each kernel and copy takes microseconds, the Python and the
launches of each step take longer. gpu: 32M elements (128 MiB, about 2.4 ms
to upload from pinned memory) and 2000 iterations (milliseconds): the
upload of the next chunk overlaps the kernel. Steps 4 to 7 of 8 are recorded.
"""
import torch
import triton
import triton.language as tl

import fwcap

SIZES = {"host": dict(n=4096, iters=1), "gpu": dict(n=32 * 1024 * 1024, iters=2000)}


@triton.jit
def fma_loop(x_ptr, y_ptr, n, ITERS: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    y = x
    for _ in range(ITERS):
        y = y * 0.999 + x
    tl.store(y_ptr + offs, y, mask=m)


def main():
    a = fwcap.args(__doc__)
    s = SIZES[a.size]
    n, iters, steps = s["n"], s["iters"], 8
    torch.manual_seed(0)
    chunks = [torch.randn(n).pin_memory() for _ in range(steps)]
    up = torch.cuda.Stream()
    grid = (triton.cdiv(n, 1024),)
    # compile before the loop
    warm = chunks[0].cuda()
    fma_loop[grid](warm, torch.empty_like(warm), n, ITERS=iters, BLOCK=1024)
    torch.cuda.synchronize()
    with torch.cuda.stream(up):
        nxt = chunks[0].to("cuda", non_blocking=True)
    sums = []
    for k in range(steps):
        if k == 3:
            torch.cuda.synchronize()
            fwcap.start()
        cur = torch.cuda.current_stream()
        cur.wait_stream(up)
        x = nxt
        x.record_stream(cur)
        if k + 1 < steps:
            with torch.cuda.stream(up):
                nxt = chunks[k + 1].to("cuda", non_blocking=True)
        y = torch.empty_like(x)
        fma_loop[grid](x, y, n, ITERS=iters, BLOCK=1024)
        sums.append(y[:4].sum())
        if k == 6:
            torch.cuda.synchronize()
            fwcap.stop()
    total = float(torch.stack(sums).sum())
    fwcap.report("triton_upload", a.size, n=n, iters=iters, steps=steps, captured="4-7",
                 checksum=round(total, 3))


if __name__ == "__main__":
    main()
