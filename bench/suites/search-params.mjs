// URLSearchParams on the real query strings of the corpus (the query of every
// line that has one: 2,319 in kasztp, 252 in npm-mixed, none in debian-files),
// each build's class against Node's own URLSearchParams and whatwg-url's (the
// reference implementation, on the first 200 queries), in the same worker.
// One pass = every query once; ns/URL is ns a query.
//
// Operations, each on objects made before the timed pass unless it says
// otherwise: construct from the query string and read size; get the first
// name; append every pair of the query to a new empty object; set the first
// name to its value (the list keeps its contents, so every pass does the same
// work); append a pair and delete it; copy and sort (a sorted list would sort
// faster the next pass, so each pass sorts a fresh copy); set the first name,
// then toString (set drops the cached serialization of Node 24 and of swurl,
// so toString serializes the whole list).
import whatwgUrl from "whatwg-url";
import { queriesOf } from "../../scripts/data/corpus.mjs";
import { keep } from "../lib.mjs";

/** whatwg-url takes microseconds an operation: its passes cover this many queries. */
const SAMPLE = 200;

/**
 * What each operation does, on the URLSearchParams class `P`, for the queries
 * and their pairs. Each task runs its own copy of the code (fresh()): shared
 * code would gather type feedback from every class measured (Node's, a
 * build's, whatwg-url's), a state no program that uses one class is in.
 */
const OPERATIONS = {
  construct: (P, queries, _pairs, keep) => () => {
    let n = 0;
    for (let i = 0; i < queries.length; i++) n += new P(queries[i]).size;
    keep(n);
  },
  get: (P, queries, pairs, keep) => {
    const objects = queries.map((q) => new P(q));
    return () => {
      let n = 0;
      for (let i = 0; i < objects.length; i++) n += objects[i].get(pairs[i][0][0]).length;
      keep(n);
    };
  },
  append: (P, _queries, pairs, keep) => () => {
    let n = 0;
    for (let i = 0; i < pairs.length; i++) {
      const params = new P();
      for (const [name, value] of pairs[i]) params.append(name, value);
      n += params.size;
    }
    keep(n);
  },
  set: (P, queries, pairs, keep) => {
    const objects = queries.map((q) => new P(q));
    return () => {
      for (let i = 0; i < objects.length; i++) objects[i].set(pairs[i][0][0], pairs[i][0][1]);
      keep(objects);
    };
  },
  "append + delete": (P, queries, _pairs, keep) => {
    const objects = queries.map((q) => new P(q));
    return () => {
      for (let i = 0; i < objects.length; i++) {
        objects[i].append("added", "1");
        objects[i].delete("added");
      }
      keep(objects);
    };
  },
  "copy + sort": (P, queries, _pairs, keep) => {
    const objects = queries.map((q) => new P(q));
    return () => {
      let copy;
      for (let i = 0; i < objects.length; i++) {
        copy = new P(objects[i]);
        copy.sort();
      }
      keep(copy);
    };
  },
  "set + toString": (P, queries, pairs, keep) => {
    const objects = queries.map((q) => new P(q));
    return () => {
      let n = 0;
      for (let i = 0; i < objects.length; i++) {
        objects[i].set(pairs[i][0][0], pairs[i][0][1]);
        n += objects[i].toString().length;
      }
      keep(n);
    };
  },
};

/** A copy of `make` with code of its own (compiled from its source). */
function fresh(make) {
  return new Function(`return ${make.toString()}`)();
}

export const title = "URLSearchParams operations on the corpus's query strings (whatwg-url: the first 200)";
export const baseline = "node: construct";

export function tasks({ corpus, kernels }) {
  const queries = queriesOf(corpus.lines);
  // A corpus without queries (debian-files) has nothing to measure here.
  if (queries.length === 0) return [];
  const pairs = queries.map((q) => [...new URLSearchParams(q)]);
  const sample = queries.slice(0, SAMPLE);
  const bytes = (list) => list.reduce((n, q) => n + Buffer.byteLength(q), 0);
  const all = { bytes: bytes(queries), items: queries.length };
  const sampled = { bytes: bytes(sample), items: sample.length };
  const tasks = [];
  for (const [op, make] of Object.entries(OPERATIONS)) {
    const node = `node: ${op}`;
    tasks.push({ label: node, baseline: node, fn: fresh(make)(URLSearchParams, queries, pairs, keep), ...all });
    for (const { name, api } of kernels) {
      tasks.push({
        label: `${name}: ${op}`,
        kernel: name,
        baseline: node,
        fn: fresh(make)(api.URLSearchParams, queries, pairs, keep),
        ...all,
      });
    }
    tasks.push({
      label: `whatwg-url: ${op}`,
      baseline: node,
      fn: fresh(make)(whatwgUrl.URLSearchParams, sample, pairs, keep),
      ...sampled,
    });
  }
  return tasks;
}
