"""threaded_server: four worker threads serve inference requests with one
shared MLP, each on a CUDA stream of its own.

    python3 threaded_server.py --size host|gpu

Every request and every output buffer is made (and pinned) before the
threads start, so the threads only copy, compute and wait. A worker takes
every fourth request: it copies it to the GPU with non_blocking=True on its
own torch.cuda.Stream (non-blocking), runs the model under torch.no_grad()
on that stream, copies the result into the request's pinned output buffer
and waits for its stream (cudaStreamSynchronize) before the next request.
A first round warms every thread up (cuBLAS handles, kernels loaded); the
second round, threads started and joined, is recorded. host: batch 1, width
256, 2 layers, 64 requests: the launches and the Python of each request take
longer than its kernels, and the workers take turns holding the GIL. gpu:
batch 4096, width 4096, 4 layers, 16 requests: each request's kernels take
milliseconds, and the four workers' streams overlap each other.
"""
import threading

import torch

import fwcap

SIZES = {"host": dict(batch=1, width=256, layers=2, requests=64),
         "gpu": dict(batch=4096, width=4096, layers=4, requests=16)}
WORKERS = 4


def main():
    a = fwcap.args(__doc__)
    s = SIZES[a.size]
    torch.manual_seed(0)
    mods = []
    for _ in range(s["layers"]):
        mods += [torch.nn.Linear(s["width"], s["width"]), torch.nn.ReLU()]
    model = torch.nn.Sequential(*mods, torch.nn.Linear(s["width"], 10)).cuda().eval()
    reqs = [torch.randn(s["batch"], s["width"]).pin_memory() for _ in range(s["requests"])]
    outs = [torch.empty(s["batch"], 10).pin_memory() for _ in range(s["requests"])]

    def serve(wid, count):
        stream = torch.cuda.Stream()
        with torch.no_grad(), torch.cuda.stream(stream):
            for i in range(wid, count, WORKERS):
                x = reqs[i].to("cuda", non_blocking=True)
                outs[i].copy_(model(x), non_blocking=True)
                stream.synchronize()

    def round_(count):
        ts = [threading.Thread(target=serve, args=(w, count)) for w in range(WORKERS)]
        for t in ts:
            t.start()
        for t in ts:
            t.join()

    round_(2 * WORKERS)
    torch.cuda.synchronize()
    fwcap.start()
    round_(s["requests"])
    torch.cuda.synchronize()
    fwcap.stop()
    total = float(sum(o.double().sum() for o in outs))
    fwcap.report("threaded_server", a.size, workers=WORKERS, requests=s["requests"],
                 checksum=round(total, 3))


if __name__ == "__main__":
    main()
