"""dataloader_prefetch: the loop of dataloader_current.py with a side-stream
prefetcher.

    python3 tests/corpus/progs/dataloader_prefetch.py [--kineto PATH]

The same DataLoader (2 forked workers, pin_memory=True), model and batches as
dataloader_current.py, but batch k+1 is copied to the GPU on a separate
torch.cuda.Stream (a PyTorch pool stream: created non-blocking, so it does
not synchronize with the legacy default stream the model runs on) while step
k computes. Before step k uses its batch, the compute stream waits for the
copy (wait_stream: an event recorded on the side stream and
cudaStreamWaitEvent on the current one), and record_stream tells the caching
allocator that the compute stream uses the batch's memory, so it is not
reused before step k is done. Model, task, sizes and the self-check:
corpus_train.py.
"""
import sys

import torch

import corpus_train as ct


class Prefetcher:
    """Iterates over (x, y) batches already on the GPU; the next one is
    copied on self.stream while the caller computes on the current stream."""

    def __init__(self, loader, stream):
        self.it = iter(loader)
        self.stream = stream
        self.preload()

    def preload(self):
        try:
            x, y = next(self.it)
        except StopIteration:
            self.x = self.y = None
            return
        with torch.cuda.stream(self.stream):
            self.x = x.to("cuda", non_blocking=True)
            self.y = y.to("cuda", non_blocking=True)

    def __iter__(self):
        return self

    def __next__(self):
        cur = torch.cuda.current_stream()
        cur.wait_stream(self.stream)
        x, y = self.x, self.y
        if x is None:
            raise StopIteration
        x.record_stream(cur)
        y.record_stream(cur)
        self.preload()
        return x, y


def loop(loader, model, opt, acc):
    side = torch.cuda.Stream()      # one side stream for both epochs
    for _ in range(ct.EPOCHS):
        for x, y in Prefetcher(loader, side):
            ct.train_step(model, opt, x, y, acc)


if __name__ == "__main__":
    sys.exit(ct.run("dataloader_prefetch", __doc__, loop))
