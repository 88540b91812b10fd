// The index URLPatternList keeps over its patterns' pathnames: a radix tree
// of the fixed text each pattern's pathname starts with (an edge is a run of
// text; edges leaving a node differ in their first code unit). A pattern
// sits at the node its text ends at. For a pathname, the walk down the tree
// along its own text meets every pattern whose text the pathname starts
// with: the only ones that can match it. It stops where no pattern's text
// goes on, after a step per run of shared text. Patterns without such text
// (or with ignoreCase) sit at the root and are met by every walk.
//
// The tree is built of objects, then laid out flat (Tree below): each node's
// edges side by side in typed arrays, every label in one array of code units.
// A walk reads a few cache lines a step wherever a route's node was made;
// among the objects of 1,000 routes, most steps missed the cache.

/** A node while the tree is built. */
class Node {
  readonly labels: string[] = [];
  readonly children: Node[] = [];
  /** The patterns whose text ends here, in increasing order. */
  readonly indices: number[] = [];

  /** The edge whose label starts with `c`, or -1 (a node has few: a scan). */
  edge(c: number): number {
    for (let e = 0; e < this.labels.length; e++) if ((this.labels[e] as string).charCodeAt(0) === c) return e;
    return -1;
  }
}

/** How many code units `a` from `from` on and `b` share at their start. */
function shared(a: string, from: number, b: string): number {
  let n = 0;
  while (n < b.length && from + n < a.length && a.charCodeAt(from + n) === b.charCodeAt(n)) n++;
  return n;
}

/** The tree laid out flat: node k's edges are firstEdge[k] to firstEdge[k + 1]. */
interface Tree {
  readonly firstEdge: Int32Array;
  /** Each edge's label, as a span of `units`, and the node it leads to. */
  readonly labelStart: Int32Array;
  readonly labelEnd: Int32Array;
  readonly child: Int32Array;
  readonly units: Uint16Array;
  /** Each node's patterns (the same empty array for most). */
  readonly indices: readonly (readonly number[])[];
}

function layOut(root: Node): Tree {
  const nodes: Node[] = [root];
  for (let k = 0; k < nodes.length; k++) nodes.push(...(nodes[k] as Node).children);
  const number = new Map(nodes.map((node, k) => [node, k]));
  const edges = nodes.reduce((n, node) => n + node.labels.length, 0);
  const tree = {
    firstEdge: new Int32Array(nodes.length + 1),
    labelStart: new Int32Array(edges),
    labelEnd: new Int32Array(edges),
    child: new Int32Array(edges),
    units: new Uint16Array(nodes.reduce((n, node) => n + node.labels.join("").length, 0)),
    indices: nodes.map((node) => (node.indices.length === 0 ? NO_INDICES : node.indices)),
  };
  let e = 0;
  let unit = 0;
  nodes.forEach((node, k) => {
    tree.firstEdge[k] = e;
    node.labels.forEach((label, i) => {
      tree.labelStart[e] = unit;
      for (let j = 0; j < label.length; j++) tree.units[unit++] = label.charCodeAt(j);
      tree.labelEnd[e] = unit;
      tree.child[e] = number.get(node.children[i] as Node) as number;
      e++;
    });
  });
  tree.firstEdge[nodes.length] = e;
  return tree;
}

export class PathnameIndex {
  private readonly root = new Node();
  private tree: Tree | null = null;

  /** Add pattern `index` whose matching pathnames all start with `text`. Indices are added in increasing order. */
  add(index: number, text: string): void {
    this.tree = null;
    let node = this.root;
    let i = 0;
    while (i < text.length) {
      const e = node.edge(text.charCodeAt(i));
      if (e < 0) {
        const leaf = new Node();
        node.labels.push(text.slice(i));
        node.children.push(leaf);
        node = leaf;
        break;
      }
      const label = node.labels[e] as string;
      const n = shared(text, i, label);
      if (n < label.length) {
        // Split the edge where the texts part.
        const middle = new Node();
        middle.labels.push(label.slice(n));
        middle.children.push(node.children[e] as Node);
        node.labels[e] = label.slice(0, n);
        node.children[e] = middle;
      }
      node = node.children[e] as Node;
      i += n;
    }
    node.indices.push(index);
  }

  /** The indices of the patterns whose text `pathname` starts with, in increasing order. */
  candidates(pathname: string): readonly number[] {
    this.tree ??= layOut(this.root);
    const { firstEdge, labelStart, labelEnd, child, units, indices } = this.tree;
    let found: readonly number[] = NO_INDICES;
    let node = 0;
    let i = 0;
    const n = pathname.length;
    walk: while (true) {
      // Most walks meet one node with patterns: its list is the answer as it is.
      const here = indices[node] as readonly number[];
      if (here.length > 0) found = found.length === 0 ? here : merge(found, here);
      if (i === n) break;
      const c = pathname.charCodeAt(i);
      for (let e = firstEdge[node] as number, last = firstEdge[node + 1] as number; e < last; e++) {
        const start = labelStart[e] as number;
        if (units[start] !== c) continue;
        const end = labelEnd[e] as number;
        if (i + end - start > n) break walk;
        for (let u = start + 1; u < end; u++) if (pathname.charCodeAt(i + u - start) !== units[u]) break walk;
        i += end - start;
        node = child[e] as number;
        continue walk;
      }
      break;
    }
    return found;
  }
}

const NO_INDICES: readonly number[] = [];

/** The increasing lists `a` and `b` as one (a sort with a comparator costs several times as much). */
function merge(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length)
    out.push((a[i] as number) < (b[j] as number) ? (a[i++] as number) : (b[j++] as number));
  while (i < a.length) out.push(a[i++] as number);
  while (j < b.length) out.push(b[j++] as number);
  return out;
}
