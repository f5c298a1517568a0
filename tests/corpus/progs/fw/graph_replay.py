"""graph_replay: a whole training step of an MLP captured once with
torch.cuda.graph and replayed, as PyTorch's CUDA Graphs documentation shows
("whole-network capture").

    python3 graph_replay.py --size host|gpu

Warm-up on a side stream, then capture of forward, loss, backward and an
SGD step into one graph (PyTorch captures on its own side stream). Four
batches are made and pinned before the loop. Each iteration copies one of
them into the graph's static inputs with non_blocking=True on the default
stream (the legacy NULL stream), replays the graph on that stream, and
reads the loss back every 4th step (.item(): a copy to pageable memory and
a sync). host: width 256, batch 64: the Python of each iteration and the
launches of its two copies and its replay take longer than the replayed
step. gpu: width 8192, batch 8192: the replay decides. The copies and the replays are on one
stream: nothing is expected to overlap. Iterations 4 to 9 of 12 are
recorded.
"""
import torch

import fwcap

SIZES = {"host": dict(width=256, batch=64), "gpu": dict(width=8192, batch=8192)}


def main():
    a = fwcap.args(__doc__)
    s = SIZES[a.size]
    torch.manual_seed(0)
    w, b = s["width"], s["batch"]
    model = torch.nn.Sequential(torch.nn.Linear(w, w), torch.nn.ReLU(), torch.nn.Linear(w, w),
                                torch.nn.ReLU(), torch.nn.Linear(w, 10)).cuda()
    opt = torch.optim.SGD(model.parameters(), lr=1e-3)
    loss_fn = torch.nn.CrossEntropyLoss()
    static_x = torch.randn(b, w, device="cuda")
    static_y = torch.randint(0, 10, (b,), device="cuda")
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        for _ in range(3):
            opt.zero_grad(set_to_none=True)
            loss_fn(model(static_x), static_y).backward()
            opt.step()
    torch.cuda.current_stream().wait_stream(side)
    g = torch.cuda.CUDAGraph()
    opt.zero_grad(set_to_none=True)
    with torch.cuda.graph(g):
        static_loss = loss_fn(model(static_x), static_y)
        static_loss.backward()
        opt.step()
    # four batches made and pinned before the loop, never written again
    host_x = [torch.randn(b, w).pin_memory() for _ in range(4)]
    host_y = [torch.randint(0, 10, (b,)).pin_memory() for _ in range(4)]
    losses = []
    for it in range(12):
        if it == 3:
            torch.cuda.synchronize()
            fwcap.start()
        static_x.copy_(host_x[it % 4], non_blocking=True)
        static_y.copy_(host_y[it % 4], non_blocking=True)
        g.replay()
        if it % 4 == 3:
            losses.append(static_loss.item())
        if it == 8:
            torch.cuda.synchronize()
            fwcap.stop()
    torch.cuda.synchronize()
    fwcap.report("graph_replay", a.size, iterations=12, captured="4-9",
                 losses=",".join(f"{v:.3f}" for v in losses))


if __name__ == "__main__":
    main()
