"""jax_loop: a jitted JAX training step of an MLP, fed NumPy batches made
before the loop and put on the device each step (jax.device_put).

    python3 jax_loop.py --size host|gpu

JAX (XLA) chooses its own streams and may run the step as a CUDA graph; the
program names none. Each step's batch is put on the device, then the
jitted step (loss, gradients, SGD update) is dispatched asynchronously; every
fourth step reads its loss back (float(): waits). host: width 128, batch 64,
3 layers: dispatch and device_put take longer than the step's kernels. gpu:
width 8192, batch 8192, 4 layers: the step's matrix products decide, and
the next batch's upload may overlap them. Steps 4 to 9 of 12 are recorded.
"""
import os

os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402

import fwcap  # noqa: E402

SIZES = {"host": dict(width=128, batch=64, layers=3), "gpu": dict(width=8192, batch=8192, layers=4)}


def loss(params, x, y):
    h = x
    for w in params[:-1]:
        h = jax.nn.relu(h @ w)
    return jnp.mean((h @ params[-1] - y) ** 2)


@jax.jit
def step(params, x, y):
    val, grads = jax.value_and_grad(loss)(params, x, y)
    return [p - 1e-3 * g for p, g in zip(params, grads)], val


def main():
    a = fwcap.args(__doc__)
    s = SIZES[a.size]
    w, b = s["width"], s["batch"]
    rng = np.random.default_rng(0)
    params = [jnp.asarray(rng.standard_normal((w, w), dtype=np.float32) / np.sqrt(w))
              for _ in range(s["layers"])]
    params.append(jnp.asarray(rng.standard_normal((w, 1), dtype=np.float32) / np.sqrt(w)))
    batches = [(rng.standard_normal((b, w), dtype=np.float32), rng.standard_normal((b, 1), dtype=np.float32))
               for _ in range(4)]
    losses = []
    for i in range(12):
        if i == 3:
            jax.block_until_ready(params)
            fwcap.start()
        x, y = batches[i % 4]
        params, val = step(params, jax.device_put(x), jax.device_put(y))
        if i % 4 == 3:
            losses.append(float(val))
        if i == 8:
            jax.block_until_ready(params)
            fwcap.stop()
    fwcap.report("jax_loop", a.size, steps=12, captured="4-9", losses=",".join(f"{v:.4f}" for v in losses))


if __name__ == "__main__":
    main()
