"""hf_trainer: a Hugging Face `Trainer` fine-tuning a BERT classifier built
from its config (no download), on synthetic token batches.

    python3 hf_trainer.py --size host|gpu

host: 2 layers of width 64, batch 8 of 32 tokens: the Trainer's Python per
step (its data collator, the optimizer's and scheduler's steps, the
callbacks) takes longer than the kernels, so the device waits for the host.
gpu: 8 layers of width 1024, batch 32 of 256 tokens: the kernels decide.
Everything runs on PyTorch's default stream (the legacy NULL stream): the
Trainer, the model and AdamW use no other stream, and the batches come from
a DataLoader with pin_memory (the Trainer's default) copied with
non_blocking=True on that same stream. Nothing is expected to overlap.
Steps 4 to 6 of 8 are recorded.
"""
import inspect

import torch
from torch.utils.data import Dataset
from transformers import BertConfig, BertForSequenceClassification, Trainer, TrainerCallback, TrainingArguments

import fwcap

SIZES = {"host": dict(width=64, layers=2, heads=2, batch=8, seq=32),
         "gpu": dict(width=1024, layers=8, heads=16, batch=32, seq=256)}


class Tokens(Dataset):
    def __init__(self, n, seq, vocab):
        g = torch.Generator().manual_seed(0)
        self.ids = torch.randint(0, vocab, (n, seq), generator=g)
        self.labels = torch.randint(0, 2, (n,), generator=g)

    def __len__(self):
        return len(self.ids)

    def __getitem__(self, i):
        return {"input_ids": self.ids[i], "attention_mask": torch.ones_like(self.ids[i]),
                "labels": self.labels[i]}


class Capture(TrainerCallback):
    def on_step_begin(self, args, state, control, **kw):
        if state.global_step == 3:
            torch.cuda.synchronize()
            fwcap.start()

    def on_step_end(self, args, state, control, **kw):
        if state.global_step == 6:
            torch.cuda.synchronize()
            fwcap.stop()


def training_args(**want):
    """TrainingArguments with the keywords this transformers accepts."""
    ok = inspect.signature(TrainingArguments.__init__).parameters
    return TrainingArguments(**{k: v for k, v in want.items() if k in ok})


def main():
    a = fwcap.args(__doc__)
    s = SIZES[a.size]
    cfg = BertConfig(vocab_size=1000, hidden_size=s["width"], num_hidden_layers=s["layers"],
                     num_attention_heads=s["heads"], intermediate_size=4 * s["width"],
                     max_position_embeddings=512, num_labels=2)
    torch.manual_seed(0)
    model = BertForSequenceClassification(cfg)
    targs = training_args(output_dir="/tmp/hf_trainer_out", per_device_train_batch_size=s["batch"],
                          max_steps=8, learning_rate=1e-4, report_to="none", logging_strategy="no",
                          save_strategy="no", eval_strategy="no", dataloader_num_workers=0,
                          disable_tqdm=True, seed=0)
    tr = Trainer(model=model, args=targs, train_dataset=Tokens(8 * s["batch"], s["seq"], 1000),
                 callbacks=[Capture()])
    out = tr.train()
    fwcap.report("hf_trainer", a.size, steps=8, captured="4-6", loss=round(float(out.training_loss), 4))


if __name__ == "__main__":
    main()
