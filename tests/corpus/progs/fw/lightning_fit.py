"""lightning_fit: a Lightning `Trainer.fit` of an MLP classifier on random
features.

    python3 lightning_fit.py --size host|gpu

host: 3 layers of width 256, batch 64: Lightning's per-step hooks, the
loop and the optimizer's Python take longer than the kernels. gpu: 6 layers
of width 8192, batch 8192: the matrix products decide. One stream, PyTorch's
default (legacy NULL) stream; the DataLoader pins its batches and Lightning
moves them with non_blocking=True on the same stream, so nothing is expected
to overlap. Batches 4 to 6 of 8 are recorded.
"""
import lightning as L
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

import fwcap

SIZES = {"host": dict(width=256, layers=3, batch=64), "gpu": dict(width=8192, layers=6, batch=8192)}


class Net(L.LightningModule):
    def __init__(self, width, layers):
        super().__init__()
        mods = []
        for _ in range(layers):
            mods += [nn.Linear(width, width), nn.ReLU()]
        self.net = nn.Sequential(*mods, nn.Linear(width, 10))

    def training_step(self, batch, idx):
        x, y = batch
        return nn.functional.cross_entropy(self.net(x), y)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=1e-3)


class Capture(L.Callback):
    def on_train_batch_start(self, trainer, module, batch, idx):
        if idx == 3:
            torch.cuda.synchronize()
            fwcap.start()

    def on_train_batch_end(self, trainer, module, outputs, batch, idx):
        if idx == 5:
            torch.cuda.synchronize()
            fwcap.stop()


def main():
    a = fwcap.args(__doc__)
    s = SIZES[a.size]
    torch.manual_seed(0)
    n = 8 * s["batch"]
    data = TensorDataset(torch.randn(n, s["width"]), torch.randint(0, 10, (n,)))
    loader = DataLoader(data, batch_size=s["batch"], pin_memory=True, num_workers=0)
    net = Net(s["width"], s["layers"])
    tr = L.Trainer(accelerator="gpu", devices=1, max_steps=8, logger=False, enable_checkpointing=False,
                   enable_progress_bar=False, enable_model_summary=False, num_sanity_val_steps=0,
                   callbacks=[Capture()])
    tr.fit(net, loader)
    w = float(sum(p.detach().double().sum() for p in net.parameters()))
    fwcap.report("lightning_fit", a.size, steps=8, captured="4-6", weights=round(w, 3))


if __name__ == "__main__":
    main()
