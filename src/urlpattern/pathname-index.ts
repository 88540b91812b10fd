// The index URLPatternList keeps over its patterns' pathnames: a trie of the
// fixed text each pattern's pathname starts with, a UTF-16 code unit an
// edge. A pattern sits at the node its text ends at. For a pathname, the
// walk down the trie along its own code units meets every pattern whose text
// the pathname starts with: the only ones that can match it. It stops where
// no pattern's text goes on, so it costs at most the length of the longest
// text. Patterns without such text (or with ignoreCase) sit at the root and
// are met by every walk.

class Node {
  readonly children = new Map<number, Node>();
  /** The patterns whose text ends here, in increasing order. */
  readonly indices: number[] = [];
}

export class PathnameIndex {
  private readonly root = new Node();

  /** Add pattern `index` whose matching pathnames all start with `text`. Indices are added in increasing order. */
  add(index: number, text: string): void {
    let node = this.root;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      let child = node.children.get(c);
      if (child === undefined) {
        child = new Node();
        node.children.set(c, child);
      }
      node = child;
    }
    node.indices.push(index);
  }

  /** The indices of the patterns whose text `pathname` starts with, in increasing order. */
  candidates(pathname: string): number[] {
    let found: number[] = [];
    let merged = false;
    let node: Node | undefined = this.root;
    for (let i = 0; node !== undefined; i++) {
      if (node.indices.length > 0) {
        // Most walks meet one node with patterns: its list is the answer as it is.
        if (found.length === 0) found = node.indices;
        else {
          found = found.concat(node.indices);
          merged = true;
        }
      }
      if (i === pathname.length) break;
      node = node.children.get(pathname.charCodeAt(i));
    }
    return merged ? found.sort((a, b) => a - b) : found;
  }
}
