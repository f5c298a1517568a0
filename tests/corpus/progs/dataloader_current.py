"""dataloader_current: a DataLoader training loop that copies each batch on
the current stream.

    python3 tests/corpus/progs/dataloader_current.py [--kineto PATH]

The usual loop: a torch.utils.data.DataLoader with 2 forked workers and
pin_memory=True (its pin-memory thread copies each batch into page-locked
memory), and each batch moved with .to('cuda', non_blocking=True) on the
current stream, which is PyTorch's default: the legacy NULL stream. The
copy of batch k+1 is queued behind the kernels of step k in that one queue,
so it cannot run beside them, however "non_blocking" the call. Model, task,
sizes and the self-check: corpus_train.py. dataloader_prefetch.py is the
same loop with the copies on a side stream.
"""
import sys

import corpus_train as ct


def loop(loader, model, opt, acc):
    for _ in range(ct.EPOCHS):
        for x, y in loader:
            x = x.to("cuda", non_blocking=True)
            y = y.to("cuda", non_blocking=True)
            ct.train_step(model, opt, x, y, acc)


if __name__ == "__main__":
    sys.exit(ct.run("dataloader_current", __doc__, loop))
