"""Run `swurl parse --format parquet` on each partition of a log under Dask
distributed, one Parquet file per partition (docs/cli.md, "Beyond one
machine"). Used by test/cli/dask.test.ts; also a recipe to start from.

    /usr/bin/python3 dask-partitions.py --node NODE --cli packages/cli/build/cli.js \
        --out-dir DIR --blocksize BYTES LOG -- SWURL_PARSE_ARGS...

Prints one JSON object: the Parquet files in partition order, and the
worker process that ran each partition.
"""

import argparse
import json
import os
import subprocess

import dask
import dask.bag
from dask.distributed import Client, LocalCluster


def run_partition(lines, index, node, cli, args, out_dir):
    """Pipe one partition's lines through its own swurl process."""
    out = os.path.join(out_dir, f"part-{index:05d}.parquet")
    # Lines were read as Latin-1, so encoding them back gives the log's bytes
    # exactly, invalid UTF-8 included: swurl reads the bytes, not Python's text.
    data = "".join(lines).encode("latin-1")
    done = subprocess.run([node, cli, *args, "--output", out], input=data, capture_output=True)
    if done.returncode != 0:
        raise RuntimeError(f"swurl failed on partition {index}: {done.stderr.decode(errors='replace')}")
    return {"file": out, "lines": len(lines), "worker": os.getpid()}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--node", required=True)
    parser.add_argument("--cli", required=True)
    parser.add_argument("--out-dir", required=True)
    parser.add_argument("--blocksize", type=int, required=True)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("log")
    parser.add_argument("args", nargs=argparse.REMAINDER)
    opts = parser.parse_args()
    args = opts.args[1:] if opts.args[:1] == ["--"] else opts.args

    # Worker processes on this machine's loopback address only, no dashboard.
    with LocalCluster(
        n_workers=opts.workers,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
    ) as cluster, Client(cluster):
        # read_text cuts the file into blocks at line ends; each block is read by a worker.
        bag = dask.bag.read_text(opts.log, blocksize=opts.blocksize, encoding="latin-1")
        tasks = [
            dask.delayed(run_partition)(part, k, opts.node, opts.cli, args, opts.out_dir)
            for k, part in enumerate(bag.to_delayed())
        ]
        parts = dask.compute(*tasks)
    print(json.dumps({"partitions": list(parts)}))


if __name__ == "__main__":
    main()
