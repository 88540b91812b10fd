// The pathnames of a URLPatternList's patterns as one matcher: a radix tree
// of their fixed text, with the runs a group takes (a segment wildcard, a
// class such as "\\d+") as edges of their own. A pattern whose pathname is
// fixed text or a straight line of text and runs (one-pass.ts straight())
// sits at the node where its line ends; any other at the node where the
// fixed text its pathname starts with ends (addPrefix()), to be tried whole
// by a walk that passes there, as the list's pathname index would name it.
//
// A walk reads the pathname once down each branch it can take: at a node,
// the one text edge that starts with the next code unit, and every run edge,
// which takes code units while they are in its class (a straight line puts
// no text after a run that the run could take, so the run's end is where the
// class ends, as the RegExp would find it). Where the pathname ends at a node
// with patterns, the first of them in list order whose other components
// match (`accept`) is the answer so far; a later one is never tried, so the
// walk does the work of the standard's loop over the list for every pattern
// the tree holds, and gives the same first match. The groups of the answer
// are the runs on its branch, as index pairs into the pathname.
//
// The tree is built of objects, then laid out once, at the first walk, in
// typed arrays (Layout): a walk reads a node's fields from one row of small
// numbers and its labels from one string, where objects would scatter each
// node over several heap objects, which a table of 1,000 routes takes out
// of the processor's caches.
//
// A walk may read a request target as it came (ListMatcher.request()),
// before it is known that the URL parser would keep its path as it is
// (url-input.ts requestEnd()): it checks the stretches it takes as it goes
// (keptPath()), and tells whether the branch of its answer was all kept
// (TrieMatch.kept), which is then the whole path.

import type { RouteStep } from "./one-pass.js";
import { keptPath, segmentEnd } from "./url-input.js";

/**
 * The list every node's lists start as: added() makes a list of its first
 * item, so this one is never written, and a node made costs no arrays.
 */
const EMPTY: never[] = [];

/** A node's lists grow by added(). */
class Node {
  labels: string[] = EMPTY;
  /** Each label's first code unit: a scan of small numbers, not of strings. */
  firsts: number[] = EMPTY;
  children: Node[] = EMPTY;
  runs: Run[] = EMPTY;
  /** The patterns whose line ends here, in increasing order. */
  ends: number[] = EMPTY;
  /** The patterns outside the trie whose pathnames start with the text here (addPrefix()), in increasing order. */
  tried: number[] = EMPTY;
  /** Of each: what a match needs of it, kept here so that a walk of a long list reads no pattern's own objects. */
  routes: Route[] = EMPTY;
  /** The first pattern at or below this node: a walk that has an answer before it skips the node. */
  first = Number.MAX_SAFE_INTEGER;
  /** Where a node has many edges, the edge (+1) of each first code unit below 128 (0 for none); else null. */
  byUnit: Uint8Array | null = null;
  /** Its row in Layout.nodes (layOut()). */
  row = 0;
  /** How many runs lie on the way here: the groups of a pattern that ends here. */
  constructor(readonly depth: number) {}
}

/**
 * `list` with `item` added at its end: a node's first item makes a list of
 * one, where a push into an empty array would reserve room for 16 (most
 * lists of a trie of many routes hold one item).
 */
function added<T>(list: T[], item: T): T[] {
  if (list.length === 0) return [item];
  list.push(item);
  return list;
}

/** Edges a node scans; with more, it looks the first code unit up (Node.byUnit). */
const SCAN = 4;

/**
 * What the list tells the trie of a pattern: its pathname's group names,
 * whether other components must be checked (`accept`), and whether the
 * pathname alone has groups (match() then makes its groups from the pairs).
 */
export interface Route {
  readonly names: readonly string[];
  readonly checkOthers: boolean;
  readonly pathnameGroupsOnly: boolean;
  /** Whether every other component is "*" alone (UrlMatcher.othersStar). */
  readonly othersStar: boolean;
}

class Run {
  constructor(
    readonly ascii: Uint8Array,
    readonly min: number,
    /** RouteStep.stop: the run ends at the next of this code unit (-1 for none), which a loop finds without a class lookup. */
    readonly stop: number,
    readonly child: Node,
  ) {}
}

/** The edge (+1) of each first code unit below 128 of `labels` (an edge's first code unit is ASCII or absent from the table). */
function byUnit(labels: readonly string[]): Uint8Array | null {
  if (labels.length > 255) return null;
  const table = new Uint8Array(128);
  for (let e = 0; e < labels.length; e++) {
    const c = (labels[e] as string).charCodeAt(0);
    if (c >= 0x80) return null;
    table[c] = e + 1;
  }
  return table;
}

/** How many code units `a` from `from` on and `b` share at their start. */
function shared(a: string, from: number, b: string): number {
  let n = 0;
  while (n < b.length && from + n < a.length && a.charCodeAt(from + n) === b.charCodeAt(n)) n++;
  return n;
}

/** The answer of a walk: `index` (-1 for none), and the group pairs of its pathname in `slots`. */
export class TrieMatch {
  index = -1;
  slots = new Int32Array(16);
  /** The answer's Route (RouteTrie.add()); null for a pattern outside the trie (addPrefix()). */
  route: Route | null = null;
  /** Where a walk met a code unit above ASCII, which the runs' classes do not decide. */
  undecided = false;
  /** Whether the branch of the answer (from the trie) is a path that KEPT_PATH takes (url-input.ts keptPath()). */
  kept = false;
  /**
   * Where a stretch of the pathname from its start that the walk found kept
   * ends, the furthest of any branch: keptness is of the code units, not of
   * the branch, so a check of the whole path needs only the rest.
   */
  keptTo = 0;
}

/**
 * A node's row in Layout.nodes: these fields, NODE a row. Enums, here and
 * below: esbuild writes their members as numbers, where a top-level const of
 * a bundle becomes a var, which V8 loads from the module and checks at each
 * use, as a walk does at every node.
 */
enum NodeRow {
  FIRST = 0,
  EDGES = 1,
  EDGE_COUNT = 2,
  TABLE = 3,
  RUNS = 4,
  RUN_COUNT = 5,
  ENDS = 6,
  END_COUNT = 7,
  TRIED = 8,
  TRIED_COUNT = 9,
  DEPTH = 10,
  NODE = 11,
}
/**
 * An edge's row in Layout.edges: its first code unit, where its label
 * starts in Layout.text and ends, its child's row, and whether a path that
 * KEPT_PATH takes may hold its label (Kept).
 */
enum EdgeRow {
  UNIT = 0,
  LABEL = 1,
  LABEL_END = 2,
  CHILD = 3,
  LABEL_KEPT = 4,
  EDGE = 5,
}

/** The values of an edge's LABEL_KEPT: kept; kept but after a "/"; not kept. */
enum Kept {
  KEPT = 0,
  AFTER_SLASH = 1,
  NOT_KEPT = 2,
}

/** The EdgeRow.LABEL_KEPT of an edge of `label`. */
function labelKept(label: string): number {
  if (!keptPath(label, 0, label.length, -1)) return Kept.NOT_KEPT;
  return label.startsWith(".") || label.startsWith("%") ? Kept.AFTER_SLASH : Kept.KEPT;
}

/** The tree in typed arrays (layOut()): rows of numbers, the labels' code units one array. */
class Layout {
  constructor(
    readonly nodes: Int32Array,
    readonly edges: Int32Array,
    /** The labels' code units, one label after another: a string built of pieces would be read through their links. */
    readonly text: Uint16Array,
    /** Each node's Node.byUnit, 128 entries from its TABLE (-1 for none). */
    readonly tables: Uint8Array,
    /** The runs: class table, minimum, stop (-1 for none), child's row. */
    readonly runClasses: Uint8Array[],
    readonly runMins: Int32Array,
    readonly runStops: Int32Array,
    readonly runChildren: Int32Array,
    /** Node.ends of every node, and their Routes. */
    readonly ends: Int32Array,
    readonly routes: Route[],
    /** Node.tried of every node. */
    readonly tried: Int32Array,
    /**
     * The row of the node after the root's "/" where that is all the root
     * holds (every pathname of the list starts with "/" and more), else -1:
     * a walk of a path known to start with "/" starts there.
     */
    readonly afterSlash: number,
  ) {}
}

/** Node.first where no pattern lies below: above any index. */
const NONE = 0x7fffffff;

/** `tree` laid out (Layout), its root the row 0. */
function layOut(tree: Node): Layout {
  // First the rows and the sizes: the arrays are made at their size, then
  // filled in the same order. (The arrays kept are made by constructors, not
  // literals: V8 deoptimized this code each time it changed its mind on
  // where a literal's like are allocated.)
  const size = { nodes: 0, edges: 0, text: 0, tables: 0, runs: 0, ends: 0, tried: 0 };
  const count = (node: Node) => {
    node.row = size.nodes++ * NodeRow.NODE;
    size.edges += node.labels.length;
    for (const label of node.labels) size.text += label.length;
    if (node.byUnit !== null) size.tables++;
    size.runs += node.runs.length;
    size.ends += node.ends.length;
    size.tried += node.tried.length;
    for (const child of node.children) count(child);
    for (const run of node.runs) count(run.child);
  };
  count(tree);
  const laid = new Layout(
    new Int32Array(size.nodes * NodeRow.NODE),
    new Int32Array(size.edges * EdgeRow.EDGE),
    new Uint16Array(size.text),
    new Uint8Array(size.tables * 128),
    new Array<Uint8Array>(size.runs),
    new Int32Array(size.runs),
    new Int32Array(size.runs),
    new Int32Array(size.runs),
    new Int32Array(size.ends),
    new Array<Route>(size.ends),
    new Int32Array(size.tried),
    tree.labels.length === 1 && tree.labels[0] === "/" && tree.runs.length + tree.ends.length + tree.tried.length === 0
      ? (tree.children[0] as Node).row
      : -1,
  );
  const { nodes, edges, text, tables, runClasses, runMins, runStops, runChildren, ends, routes, tried } = laid;
  // Where the next of each goes.
  let [edge, unit, table, run, end, triedAt] = [0, 0, 0, 0, 0, 0];
  const fill = (node: Node) => {
    const row = node.row;
    nodes[row + NodeRow.FIRST] = Math.min(node.first, NONE);
    nodes[row + NodeRow.EDGES] = edge;
    nodes[row + NodeRow.EDGE_COUNT] = node.labels.length;
    for (let e = 0; e < node.labels.length; e++) {
      const label = node.labels[e] as string;
      edges[edge + EdgeRow.UNIT] = node.firsts[e] as number;
      edges[edge + EdgeRow.LABEL] = unit;
      edges[edge + EdgeRow.LABEL_END] = unit + label.length;
      edges[edge + EdgeRow.CHILD] = (node.children[e] as Node).row;
      edges[edge + EdgeRow.LABEL_KEPT] = labelKept(label);
      edge += EdgeRow.EDGE;
      for (let i = 0; i < label.length; i++) text[unit++] = label.charCodeAt(i);
    }
    nodes[row + NodeRow.TABLE] = node.byUnit === null ? -1 : table;
    if (node.byUnit !== null) {
      tables.set(node.byUnit, table);
      table += 128;
    }
    nodes[row + NodeRow.RUNS] = run;
    nodes[row + NodeRow.RUN_COUNT] = node.runs.length;
    for (const r of node.runs) {
      runClasses[run] = r.ascii;
      runMins[run] = r.min;
      runStops[run] = r.stop;
      runChildren[run] = r.child.row;
      run++;
    }
    nodes[row + NodeRow.ENDS] = end;
    nodes[row + NodeRow.END_COUNT] = node.ends.length;
    for (let k = 0; k < node.ends.length; k++) {
      ends[end] = node.ends[k] as number;
      routes[end++] = node.routes[k] as Route;
    }
    nodes[row + NodeRow.TRIED] = triedAt;
    nodes[row + NodeRow.TRIED_COUNT] = node.tried.length;
    for (const index of node.tried) tried[triedAt++] = index;
    nodes[row + NodeRow.DEPTH] = node.depth;
    for (const child of node.children) fill(child);
    for (const r of node.runs) fill(r.child);
  };
  fill(tree);
  return laid;
}

export class RouteTrie {
  private readonly root = new Node(0);
  /** The tree laid out for walks, made at the first (the list adds no pattern after it). */
  private laid: Layout | null = null;
  /** Group pairs of the branch being walked. */
  private stack = new Int32Array(16);
  private pathname = "";
  private pathEnd = 0;
  private accept: (index: number) => boolean = () => false;
  private test: (index: number) => boolean = () => false;
  private answer: TrieMatch = new TrieMatch();

  /** Add pattern `index` (indices in increasing order) whose pathname is the straight `line`. */
  add(index: number, line: readonly RouteStep[], route: Route): void {
    let node = this.root;
    node.first = Math.min(node.first, index);
    for (const step of line) {
      node = typeof step === "string" ? this.text(node, step, index) : this.run(node, step);
      node.first = Math.min(node.first, index);
    }
    node.ends = added(node.ends, index);
    node.routes = added(node.routes, route);
    if (node.depth * 2 > this.stack.length) this.stack = new Int32Array(node.depth * 4);
  }

  /**
   * Add pattern `index`, whose pathname is no straight line but whose
   * matches all start with `text`: a walk that passes the node where `text`
   * ends asks `test` about it (the pathname index's answer).
   */
  addPrefix(index: number, text: string): void {
    this.root.first = Math.min(this.root.first, index);
    const node = text === "" ? this.root : this.text(this.root, text, index);
    node.first = Math.min(node.first, index);
    node.tried = added(node.tried, index);
  }

  /** The node at the end of `text` from `node`, made where missing (edges split where texts part). */
  private text(from: Node, text: string, index: number): Node {
    let node = from;
    let i = 0;
    while (i < text.length) {
      node.first = Math.min(node.first, index);
      const c = text.charCodeAt(i);
      const e = node.firsts.indexOf(c);
      if (e < 0) {
        const leaf = new Node(node.depth);
        node.labels = added(node.labels, text.slice(i));
        node.firsts = added(node.firsts, c);
        node.children = added(node.children, leaf);
        // The table grows with its node: one made a node, not one an edge.
        const edges = node.labels.length;
        if (node.byUnit !== null && c < 0x80 && edges <= 255) node.byUnit[c] = edges;
        else if (edges > SCAN) node.byUnit = byUnit(node.labels);
        return leaf;
      }
      const label = node.labels[e] as string;
      const n = shared(text, i, label);
      if (n < label.length) {
        const middle = new Node(node.depth);
        const below = node.children[e] as Node;
        middle.labels = [label.slice(n)];
        middle.firsts = [label.charCodeAt(n)];
        middle.children = [below];
        middle.first = below.first;
        node.labels[e] = label.slice(0, n);
        node.children[e] = middle;
      }
      node = node.children[e] as Node;
      i += n;
    }
    return node;
  }

  /** The node after a run of `step`'s class from `node` (one edge for each class table and minimum). */
  private run(node: Node, step: Exclude<RouteStep, string>): Node {
    let run: Run | undefined;
    for (const r of node.runs)
      if (r.ascii === step.ascii && r.min === step.min) {
        run = r;
        break;
      }
    if (run === undefined) {
      run = new Run(step.ascii, step.min, step.stop, new Node(node.depth + 1));
      node.runs = added(node.runs, run);
    }
    return run.child;
  }

  /**
   * Walk the pathname `value` from `start` to `end` (a request's "?" or its
   * length), whose code unit at `start` is known to be "/" where `slash`:
   * into `answer`, the first pattern (below `limit`) at a node where it
   * ends that `accept` takes, and its group pairs.
   */
  match(
    value: string,
    start: number,
    end: number,
    slash: boolean,
    limit: number,
    accept: (index: number) => boolean,
    test: (index: number) => boolean,
    answer: TrieMatch,
  ): void {
    this.laid ??= layOut(this.root);
    this.pathname = value;
    this.pathEnd = end;
    this.accept = accept;
    this.test = test;
    this.answer = answer;
    answer.index = limit;
    answer.route = null;
    answer.undecided = false;
    answer.kept = false;
    answer.keptTo = start;
    const laid = this.laid;
    if (slash && laid.afterSlash >= 0) this.walk(laid, laid.afterSlash, start + 1, true);
    else this.walk(laid, 0, start, true);
    if (answer.index === limit) answer.index = -1;
  }

  /**
   * Walk down from the node at `start` at `from`, on a branch that is `kept`
   * so far: along text edges and a node's last run in a loop, a recursion for
   * a text edge beside runs and for each run but the last.
   */
  private walk(laid: Layout, start: number, from: number, kept: boolean): void {
    const value = this.pathname;
    const n = this.pathEnd;
    const answer = this.answer;
    const nodes = laid.nodes;
    let node = start;
    let at = from;
    let branchKept = kept;
    while ((nodes[node + NodeRow.FIRST] as number) < answer.index) {
      if (at === n) this.end(laid, node, branchKept);
      if (nodes[node + NodeRow.TRIED_COUNT] !== 0) this.tryAt(laid, node);
      // The text edge that the next code unit starts, if its label follows.
      let next = -1;
      let nextAt = 0;
      let nextKept = branchKept;
      if (at < n) {
        const c = value.charCodeAt(at);
        const edges = laid.edges;
        let e = -1;
        const table = nodes[node + NodeRow.TABLE] as number;
        if (table >= 0) {
          const entry = c < 0x80 ? (laid.tables[table + c] as number) : 0;
          if (entry !== 0) e = (nodes[node + NodeRow.EDGES] as number) + (entry - 1) * EdgeRow.EDGE;
        } else {
          const last =
            (nodes[node + NodeRow.EDGES] as number) + (nodes[node + NodeRow.EDGE_COUNT] as number) * EdgeRow.EDGE;
          for (let k = nodes[node + NodeRow.EDGES] as number; k < last; k += EdgeRow.EDGE)
            if (edges[k + EdgeRow.UNIT] === c) {
              e = k;
              break;
            }
        }
        if (e >= 0) {
          const label = edges[e + EdgeRow.LABEL] as number;
          const to = at + (edges[e + EdgeRow.LABEL_END] as number) - label;
          if (to <= n) {
            // A loop: labels are short, and startsWith() is a call that costs more than their compare.
            const text = laid.text;
            let u = 1;
            while (at + u < to && value.charCodeAt(at + u) === text[label + u]) u++;
            if (at + u === to) {
              next = edges[e + EdgeRow.CHILD] as number;
              nextAt = to;
              const labelKept = edges[e + EdgeRow.LABEL_KEPT] as number;
              if (labelKept === Kept.NOT_KEPT || (labelKept === Kept.AFTER_SLASH && value.charCodeAt(at - 1) === 0x2f))
                nextKept = false;
            }
          }
        }
      }
      const runCount = nodes[node + NodeRow.RUN_COUNT] as number;
      if (runCount === 0) {
        if (next < 0) {
          this.deadEnd(at, branchKept);
          return;
        }
        node = next;
        at = nextAt;
        branchKept = nextKept;
        continue;
      }
      if (next >= 0) {
        this.walk(laid, next, nextAt, nextKept);
        if (answer.undecided) return;
      }
      // The runs, in order; the last goes on in this loop (most nodes with a run have that one).
      const runs = nodes[node + NodeRow.RUNS] as number;
      const last = runs + runCount - 1;
      let onward = -1;
      for (let r = runs; r <= last; r++) {
        const stop = laid.runStops[r] as number;
        let i = at;
        // Whether the run is kept is found with its end where it stops at "/" (the segment's run: most).
        let runKept = branchKept;
        if (stop === 0x2f && branchKept) {
          i = segmentEnd(value, at, n, value.charCodeAt(at - 1));
          if (i < 0) {
            i = ~i;
            runKept = false;
          }
        } else {
          if (stop < 0) i = this.runEnd(laid.runClasses[r] as Uint8Array, at);
          else while (i < n && value.charCodeAt(i) !== stop) i++;
          if (i < 0 && answer.undecided) return;
        }
        const to = i < 0 || i > n ? n : i;
        if (to - at < (laid.runMins[r] as number)) continue;
        const slot = (nodes[node + NodeRow.DEPTH] as number) * 2;
        this.stack[slot] = at;
        this.stack[slot + 1] = to;
        if (runKept && stop !== 0x2f) runKept = keptPath(value, at, to, value.charCodeAt(at - 1));
        if (r === last) {
          onward = laid.runChildren[r] as number;
          at = to;
          branchKept = runKept;
          break;
        }
        this.walk(laid, laid.runChildren[r] as number, to, runKept);
        if (answer.undecided) return;
      }
      if (onward < 0) {
        this.deadEnd(at, branchKept);
        return;
      }
      node = onward;
    }
  }

  /** A branch ends at `at`, the pathname before it `kept` or not: TrieMatch.keptTo. */
  private deadEnd(at: number, kept: boolean): void {
    if (kept && at > this.answer.keptTo) this.answer.keptTo = at;
  }

  /** Where a run of the class `ascii` from `at` ends; -1 (and the walk undecided) at a code unit above ASCII. */
  private runEnd(ascii: Uint8Array, at: number): number {
    const value = this.pathname;
    const n = this.pathEnd;
    let i = at;
    while (i < n) {
      const c = value.charCodeAt(i);
      if (c >= 0x80) {
        this.answer.undecided = true;
        return -1;
      }
      if (ascii[c] === 0) break;
      i++;
    }
    return i;
  }

  /** The first pattern outside the trie at `node`, before the answer, that `test` takes becomes the answer. */
  private tryAt(laid: Layout, node: number): void {
    const answer = this.answer;
    const start = laid.nodes[node + NodeRow.TRIED] as number;
    const last = start + (laid.nodes[node + NodeRow.TRIED_COUNT] as number);
    for (let k = start; k < last; k++) {
      const index = laid.tried[k] as number;
      if (index >= answer.index) return;
      if (this.test(index)) {
        answer.index = index;
        answer.route = null;
        return;
      }
    }
  }

  /** The pathname ends at `node`, on a branch `kept` or not: its first pattern before the answer that `accept` takes becomes the answer. */
  private end(laid: Layout, node: number, kept: boolean): void {
    const answer = this.answer;
    const start = laid.nodes[node + NodeRow.ENDS] as number;
    const last = start + (laid.nodes[node + NodeRow.END_COUNT] as number);
    for (let k = start; k < last; k++) {
      const index = laid.ends[k] as number;
      if (index >= answer.index) return;
      const route = laid.routes[k] as Route;
      if (!route.checkOthers || this.accept(index)) {
        answer.index = index;
        answer.route = route;
        answer.kept = kept;
        if (answer.slots.length < this.stack.length) answer.slots = new Int32Array(this.stack.length);
        const depth = laid.nodes[node + NodeRow.DEPTH] as number;
        for (let s = depth * 2 - 1; s >= 0; s--) answer.slots[s] = this.stack[s] as number;
        return;
      }
    }
  }
}
