"""timm_prefetch: a ResNet-18 from timm trained with timm's own
`PrefetchLoader` (timm.data.loader) in front of a plain DataLoader.

    python3 timm_prefetch.py --size host|gpu

The DataLoader yields uint8 NCHW images and int64 targets from CPU memory,
pinned (pin_memory=True). PrefetchLoader copies batch k+1 to the GPU with
non_blocking=True on a torch.cuda.Stream of its own (created non-blocking)
and normalises it there (float, minus mean, over std) while the model runs
step k on PyTorch's default stream; the default stream waits for its stream
(wait_stream: an event and cudaStreamWaitEvent) before it uses a batch.
host: images of 64x64, batch 16: the Python of the loop, the DataLoader (in the main
process) and the optimizer take longer than the kernels. gpu: 224x224, batch
256, four DataLoader workers: the forward and backward take tens of
milliseconds, and the next batch's copy (38.5 MB) and normalisation overlap
them. The loop never waits for the device (the losses are summed there and
read once at the end), so the host runs ahead of the device and each copy is
queued while an earlier step's kernels still run. Steps 4 to 6 of 8 are
recorded.
"""
import timm
import torch
from timm.data.loader import PrefetchLoader
from torch.utils.data import DataLoader, Dataset

import fwcap

SIZES = {"host": dict(px=64, batch=16, workers=0), "gpu": dict(px=224, batch=256, workers=4)}


class Images(Dataset):
    def __init__(self, n, px):
        g = torch.Generator().manual_seed(0)
        self.x = torch.randint(0, 256, (n, 3, px, px), dtype=torch.uint8, generator=g)
        self.y = torch.randint(0, 1000, (n,), generator=g)

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):
        return self.x[i], self.y[i]


def main():
    a = fwcap.args(__doc__)
    s = SIZES[a.size]
    torch.manual_seed(0)
    model = timm.create_model("resnet18", pretrained=False).cuda()
    opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    loss_fn = torch.nn.CrossEntropyLoss()
    loader = DataLoader(Images(8 * s["batch"], s["px"]), batch_size=s["batch"], pin_memory=True,
                        num_workers=s["workers"])
    loader = PrefetchLoader(loader, device=torch.device("cuda"))
    total = torch.zeros((), device="cuda")
    for step, (x, y) in enumerate(loader):
        if step == 3:
            torch.cuda.synchronize()
            fwcap.start()
        loss = loss_fn(model(x), y)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        total += loss.detach()
        if step == 5:
            torch.cuda.synchronize()
            fwcap.stop()
    fwcap.report("timm_prefetch", a.size, steps=step + 1, captured="4-6", loss_sum=round(float(total), 3))


if __name__ == "__main__":
    main()
