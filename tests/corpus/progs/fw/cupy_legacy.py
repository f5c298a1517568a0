"""cupy_legacy: a CuPy loop on CuPy's default stream, which is the legacy
NULL stream (CUPY_CUDA_PER_THREAD_DEFAULT_STREAM unset).

    python3 cupy_legacy.py --size host|gpu

Each step uploads a NumPy array made before the loop (cp.asarray: CuPy
copies it on the host into a buffer of its pinned memory pool, then from
there to the device), applies elementwise kernels (sin, multiply, add),
multiplies a square slice of it by a weight matrix (cuBLAS) PRODUCTS times
and reads a sum back (float(): a device-to-host copy into pageable memory,
which waits). Every op is on the one legacy stream, so nothing can overlap.
host: 4096 elements and one 64x64 product: Python and the calls take longer
than the kernels. gpu: 16M elements (a 64 MiB upload, its host-side staging
some milliseconds) and eight 4096x4096 products (tens of milliseconds): the
device decides. Steps 4 to 8 of 10 are recorded.
"""
import cupy as cp
import numpy as np

import fwcap

SIZES = {"host": dict(n=4096, m=64, products=1), "gpu": dict(n=16 * 1024 * 1024, m=4096, products=8)}


def main():
    a = fwcap.args(__doc__)
    s = SIZES[a.size]
    n, m = s["n"], s["m"]
    rng = np.random.default_rng(0)
    hosts = [rng.random(n, dtype=np.float32) for _ in range(4)]
    w = cp.asarray(rng.random((m, m), dtype=np.float32))
    total = 0.0
    for i in range(10):
        if i == 3:
            cp.cuda.Device().synchronize()
            fwcap.start()
        d = cp.asarray(hosts[i % 4])
        r = cp.sin(d) * 2.0 + d
        p = r[: m * m].reshape(m, m)
        for _ in range(s["products"]):
            p = p @ w
        total += float(p.sum())
        if i == 7:
            cp.cuda.Device().synchronize()
            fwcap.stop()
    fwcap.report("cupy_legacy", a.size, n=n, m=m, steps=10, captured="4-8", checksum=round(total, 1))


if __name__ == "__main__":
    main()
