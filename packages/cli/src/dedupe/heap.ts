// A binary min-heap in an array, for the k-way merges of sorted files
// (dedupe.ts by sequence number, sorted-runs.ts by sort key).

import { closeSync, openSync } from "node:fs";
import { turn } from "./turns.js";

/** Items taken between two looks at the clock (turns.ts). */
const ITEMS_PER_TURN = 1024;

/** Restore the heap order below `i` (the item at `i` may be out of place). */
function siftDown<T>(heap: T[], i: number, less: (a: T, b: T) => boolean): void {
  const n = heap.length;
  const item = heap[i];
  for (;;) {
    let child = 2 * i + 1;
    if (child >= n) break;
    if (child + 1 < n && less(heap[child + 1], heap[child])) child++;
    if (!less(heap[child], item)) break;
    heap[i] = heap[child];
    i = child;
  }
  heap[i] = item;
}

/** Make `heap` a heap. */
function heapify<T>(heap: T[], less: (a: T, b: T) => boolean): void {
  for (let i = (heap.length >> 1) - 1; i >= 0; i--) siftDown(heap, i, less);
}

/**
 * Take the items of sources in order: `emit` the least source's current
 * item, then `advance` it (false when it has no more).
 */
export async function drain<T>(
  heap: T[],
  less: (a: T, b: T) => boolean,
  emit: (top: T) => Promise<void> | undefined,
  advance: (top: T) => boolean,
): Promise<void> {
  heapify(heap, less);
  for (let items = 1; heap.length > 0; items++) {
    if (items % ITEMS_PER_TURN === 0) await turn();
    const top = heap[0];
    // Most items are buffered: awaiting only a write that was started saves a microtask per item.
    const written = emit(top);
    if (written !== undefined) await written;
    if (!advance(top)) {
      const last = heap.pop()!;
      if (heap.length === 0) break;
      heap[0] = last;
    }
    siftDown(heap, 0, less);
  }
}

/** A reader of one sorted file: next() moves to its next item (false at the end). */
interface FileReader {
  next(): boolean;
}

/**
 * The k-way merge of the sorted files at `paths`, each read by `reader(fd)`:
 * drain() over the readers of the files that are not empty; every file is
 * closed after, whatever happens.
 */
export async function mergeFiles<T extends FileReader>(
  paths: string[],
  reader: (fd: number) => T,
  less: (a: T, b: T) => boolean,
  emit: (top: T) => Promise<void> | undefined,
): Promise<void> {
  const fds: number[] = [];
  try {
    const heap: T[] = [];
    for (const path of paths) {
      fds.push(openSync(path, "r"));
      const r = reader(fds[fds.length - 1]);
      if (r.next()) heap.push(r);
    }
    await drain(heap, less, emit, (top) => top.next());
  } finally {
    for (const fd of fds) closeSync(fd);
  }
}
