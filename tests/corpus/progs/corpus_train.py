"""corpus_train: what dataloader_current.py and dataloader_prefetch.py share.

A synthetic classification task read through a torch.utils.data.DataLoader
(NUM_WORKERS forked worker processes, pin_memory=True, no shuffling, so the
batch order is fixed), an MLP built on the GPU, Adam, and the self-check both
programs run at the end. The two programs differ only in how a batch reaches
the GPU (see their docstrings); with the same seeds they see the same batches
in the same order and print the same numbers.

Sizes are chosen so that the loop is GPU-bound by a wide margin, also when
overlapcheck traces every API call: one training step is about 0.4 TFLOP of
fp32 matrix products (about 9 ms on an H200 at 50 TFLOP/s, no TF32), while a
batch costs the loader about 2 ms (2 workers) and the main thread about 30
kernel launches. Each batch's input is 2 MiB (BATCH x FEATURES fp32), its
labels 8 KiB (int64). 2 epochs of 6 batches keep a trace near 400 device ops.

--kineto PATH runs the same work under torch.profiler (CPU and CUDA
activities) and writes prof.export_chrome_trace(PATH), for a later importer.
Run that mode without overlapcheck: both would subscribe to CUPTI.
"""
import argparse
import sys
import time

import torch
from torch.utils.data import DataLoader, Dataset

BATCH = 1024
FEATURES = 512
HIDDEN = 8192
CLASSES = 10
BATCHES = 6            # per epoch
EPOCHS = 2
NUM_WORKERS = 2
SEED = 20261201
LR = 1e-4

BATCH_INPUT_BYTES = BATCH * FEATURES * 4     # 2097152: the .expect files filter on it
BATCH_LABEL_BYTES = BATCH * 8                # 8192


class Synthetic(Dataset):
    """BATCHES * BATCH samples: x ~ N(0, 1) in R^FEATURES, y = argmax(x T)
    for a fixed random teacher T. Built once in the parent; forked workers
    read it copy-on-write. __getitem__ is plain indexing (the per-sample
    path every map-style DataLoader takes)."""

    def __init__(self):
        g = torch.Generator().manual_seed(SEED)
        self.x = torch.randn(BATCHES * BATCH, FEATURES, generator=g)
        teacher = torch.randn(FEATURES, CLASSES, generator=g)
        self.y = (self.x @ teacher).argmax(dim=1)

    def __len__(self):
        return self.x.shape[0]

    def __getitem__(self, i):
        return self.x[i], self.y[i]


def parse_args(doc):
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--kineto", metavar="PATH",
                    help="run under torch.profiler (CPU+CUDA) and write its Chrome trace to PATH")
    return ap.parse_args()


def setup():
    """Seeds, fp32 matrix products without TF32, the loader and the model.
    Returns (dataset, loader, model, optimizer) or None without CUDA."""
    if not torch.cuda.is_available():
        return None
    torch.manual_seed(SEED)
    try:                                   # PyTorch >= 2.9
        torch.backends.cuda.matmul.fp32_precision = "ieee"
    except Exception:                      # older ones raise AttributeError or AssertionError
        torch.backends.cuda.matmul.allow_tf32 = False
    ds = Synthetic()
    loader = DataLoader(ds, batch_size=BATCH, shuffle=False, num_workers=NUM_WORKERS,
                        pin_memory=True, persistent_workers=True, prefetch_factor=2,
                        multiprocessing_context="fork")
    dev = torch.device("cuda")
    # Built on the GPU (initialised by kernels): no parameter copies.
    model = torch.nn.Sequential(
        torch.nn.Linear(FEATURES, HIDDEN, device=dev), torch.nn.ReLU(),
        torch.nn.Linear(HIDDEN, HIDDEN, device=dev), torch.nn.ReLU(),
        torch.nn.Linear(HIDDEN, CLASSES, device=dev))
    opt = torch.optim.Adam(model.parameters(), lr=LR)
    return ds, loader, model, opt


def train_step(model, opt, x, y, acc):
    """One step on the current stream. acc: GPU accumulators (input sum in
    float64, label sum in int64, per-step losses): nothing is read back
    until the end, so the loop never synchronizes with the host."""
    loss = torch.nn.functional.cross_entropy(model(x), y)
    opt.zero_grad(set_to_none=True)
    loss.backward()
    opt.step()
    acc["xsum"] += x.sum(dtype=torch.float64)
    acc["ysum"] += y.sum()
    acc["losses"].append(loss.detach())


def new_acc():
    dev = torch.device("cuda")
    return {"xsum": torch.zeros((), dtype=torch.float64, device=dev),
            "ysum": torch.zeros((), dtype=torch.int64, device=dev),
            "losses": []}


def finish(name, ds, model, acc, t0):
    """The one read-back (after the last step is queued) and the check:
    the data the GPU saw sums to what the dataset holds (EPOCHS passes),
    and the mean loss of the last epoch is below that of the first.
    Returns the exit status."""
    with torch.no_grad():
        psum = torch.stack([p.detach().double().sum() for p in model.parameters()]).sum()
        out = torch.cat([torch.stack(acc["losses"]).double(), acc["xsum"].reshape(1),
                         acc["ysum"].double().reshape(1), psum.reshape(1)]).cpu()
    wall = time.perf_counter() - t0
    steps = EPOCHS * BATCHES
    losses = out[:steps].tolist()
    xsum, ysum, psum = out[steps].item(), out[steps + 1].item(), out[steps + 2].item()
    want_x = EPOCHS * ds.x.double().sum().item()
    want_y = EPOCHS * int(ds.y.sum().item())
    first = sum(losses[:BATCHES]) / BATCHES
    last = sum(losses[-BATCHES:]) / BATCHES
    print("%s: %d steps in %.3f s, loss first epoch %.6f, last epoch %.6f, "
          "parameter checksum %.9e" % (name, steps, wall, first, last, psum))
    ok = True
    if abs(xsum - want_x) > 1e-6 * max(1.0, abs(want_x)) + 1e-3:
        print("%s: the inputs the GPU saw sum to %.9g, the dataset's to %.9g"
              % (name, xsum, want_x), file=sys.stderr)
        ok = False
    if int(round(ysum)) != want_y:
        print("%s: the labels the GPU saw sum to %d, the dataset's to %d"
              % (name, int(round(ysum)), want_y), file=sys.stderr)
        ok = False
    if not last < first:
        print("%s: the loss did not decrease (%.6f -> %.6f)" % (name, first, last),
              file=sys.stderr)
        ok = False
    if ok:
        print("%s: data and loss verified" % name)
    return 0 if ok else 1


def run(name, doc, loop):
    """Parses --kineto, sets up, runs loop(loader, model, opt, acc) and checks."""
    args = parse_args(doc)
    s = setup()
    if s is None:
        print("%s: CUDA not available" % name, file=sys.stderr)
        return 2
    ds, loader, model, opt = s
    s = None
    acc = new_acc()
    t0 = time.perf_counter()
    if args.kineto:
        from torch.profiler import ProfilerActivity, profile
        with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
            loop(loader, model, opt, acc)
            rc = finish(name, ds, model, acc, t0)
        prof.export_chrome_trace(args.kineto)
        print("%s: Kineto trace written to %s" % (name, args.kineto))
    else:
        loop(loader, model, opt, acc)
        rc = finish(name, ds, model, acc, t0)
    # The last reference to the loader: its persistent workers' iterator is
    # collected and shuts them down now, not at interpreter exit.
    loader = None
    return rc
