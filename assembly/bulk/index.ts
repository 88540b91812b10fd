// The bulk module: bulk parsing of lines and access logs, and the tallies of
// their parts. It shares the core's memory and calls its parser (../core.ts).

/** Bulk parsing: every line of a block of UTF-8 text (batch.ts). */
export { batchBase, batchBegin, batchLines, batchMode, batchRun } from "../batch";

/** Tallies of byte strings in hash tables in memory, for bulk statistics (tally.ts). */
export { tallyAdd, tallyAddAll, tallyFind, tallyGrow, tallyHistogram, tallyInit, tallyMove, tallyRows } from "../tally";
