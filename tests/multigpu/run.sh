#!/bin/sh
# run.sh: the multi-GPU scenarios (README.md) on a machine with two or more
# GPUs, from a build made elsewhere (make; the C scenario is built here with
# nvcc against the NCCL PyTorch ships, else the toolkit's).
#
#   BUILD=build sh tests/multigpu/run.sh [SCENARIO...]
#
# Every run has NVLink SHARP multicast off, set here explicitly and again by
# scenarios.py for each command: NCCL_NVLS_ENABLE=0 (NCCL does not use NVLS),
# TORCH_SYMM_MEM_DISABLE_MULTICAST=1 (PyTorch's symmetric memory does not),
# NVSHMEM_DISABLE_NVLS=1 (NVSHMEM does not); no program here calls
# cuMulticastCreate, and every trace is checked for that call (none).
# Output under $BUILD/multigpu-out (summary.txt, per scenario checks.txt).
BUILD=${BUILD:-build}
export BUILD
export NCCL_NVLS_ENABLE=0
export TORCH_SYMM_MEM_DISABLE_MULTICAST=1
export NVSHMEM_DISABLE_NVLS=1
cd "$(dirname "$0")/../.." || exit 1
if ! command -v python3 >/dev/null 2>&1; then
	echo "multigpu: python3 is needed" >&2
	exit 2
fi
exec env NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1 \
	python3 tests/multigpu/scenarios.py --build "$BUILD" "$@"
