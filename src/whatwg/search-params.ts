// URLSearchParams (URL Standard section 6.2, "Interface URLSearchParams"): one
// module-level class, as URL is (url-class.ts), and a small bound subclass per
// kernel instance, searchParamsClass(codec), whose codec (./urlencoded.ts)
// parses and serializes application/x-www-form-urlencoded on that instance's
// kernel.
//
// The link to a URL object, for the URL class of the same instance (internal:
// not exported by the package): `const link = searchParamsLink(URLSearchParams)`
// for a class made by searchParamsClass(), then
//
//   link.bound(query: string, update: (serialized: string) => void): URLSearchParams
//     A new URLSearchParams whose list is the parse of `query` (a URL's query
//     without "?", "" when the query is null). After every change of its list
//     (append, delete, set, sort) it calls `update` with the serialization of
//     the list, "" when the list is empty: the URL sets its query to that, or
//     to null when it is "" (the URL Standard's "update steps"). The
//     serialization after an append() costs the appended pair only (it
//     extends the last one), so 50,000 appends stay linear.
//   link.replace(params: URLSearchParams, query: string): void
//     Replace the list of `params` (made by bound()) by the parse of `query`
//     ("" for null), without calling its `update`: what setting a URL's
//     `search` or `href` does to its query object.
//
// The list is one flat array, name, value, name, value, ...: no object per
// pair. The serialization is cached and extended by append(); other changes
// drop it, but the serialized form of each name and value is kept where it
// still holds. A copy shares its source's list until either changes it.
// Iterators and forEach() read the list as it is at each step, as WebIDL's
// iterable declarations do.

import type { FormCodec } from "./urlencoded.js";
import { exposeMembers } from "./webidl.js";

/** What the constructor takes: a query string, pairs, a record, or another URLSearchParams. */
export type URLSearchParamsInit = string | Iterable<Iterable<unknown>> | Record<string, unknown>;

/** A URLSearchParams object (the public shape of the class searchParamsClass() makes). */
export interface SearchParams {
  readonly size: number;
  append(name: string, value: string): void;
  delete(name: string, value?: string): void;
  get(name: string): string | null;
  getAll(name: string): string[];
  has(name: string, value?: string): boolean;
  set(name: string, value: string): void;
  sort(): void;
  toString(): string;
  forEach(callback: (value: string, name: string, params: SearchParams) => void, thisArg?: unknown): void;
  entries(): IterableIterator<[string, string]>;
  keys(): IterableIterator<string>;
  values(): IterableIterator<string>;
  [Symbol.iterator](): IterableIterator<[string, string]>;
  readonly [Symbol.toStringTag]: string;
}

/** The URLSearchParams class of one kernel instance. */
export interface SearchParamsConstructor {
  new (init?: URLSearchParamsInit): SearchParams;
  readonly prototype: SearchParams;
}

/** The link to a URL object: see the top of this file. */
export interface SearchParamsLink {
  bound(query: string, update: (serialized: string) => void): SearchParams;
  replace(params: SearchParams, query: string): void;
}

/** WebIDL's conversion to USVString: ToString (a Symbol throws a TypeError), lone surrogates to U+FFFD. */
function usv(value: unknown): string {
  return (typeof value === "string" ? value : `${value as string}`).toWellFormed();
}

/** The TypeError of a call with fewer arguments than the method requires. */
function missing(method: string, required: number, present: number): TypeError {
  const s = required === 1 ? "" : "s";
  return new TypeError(`URLSearchParams.${method}: ${required} argument${s} required, but only ${present} present`);
}

/** The index in the flat `list` of the first pair named `name` and, unless it is undefined, valued `value`; or -1. */
function indexOf(list: readonly string[], name: string, value: string | undefined, from = 0): number {
  for (let i = from; i < list.length; i += 2) {
    if (list[i] === name && (value === undefined || list[i + 1] === value)) return i;
  }
  return -1;
}

/**
 * indexOf() for the USVStrings of `name` and `value`. Strings are looked up as
 * they are first: one equal to a name of the list is a USVString already, so
 * the conversion (String.prototype.isWellFormed(), a good part of a get()) is
 * needed only when nothing matches.
 * Converting a string has no side effects, so the order of the conversions is
 * kept.
 */
function find(list: readonly string[], name: unknown, value: unknown): number {
  if (typeof name === "string" && (value === undefined || typeof value === "string")) {
    const at = indexOf(list, name, value);
    if (at !== -1 || (name.isWellFormed() && (value === undefined || value.isWellFormed()))) return at;
  }
  return indexOf(list, usv(name), value === undefined ? undefined : usv(value));
}

/**
 * Cut `list` to `length` elements. pop() rather than setting the length:
 * optimized code inlines pop(), while a store to `length` goes through V8's
 * runtime.
 */
function truncate(list: unknown[], length: number): void {
  while (list.length > length) list.pop();
}

/**
 * Move the pairs of the flat `list` from index `from` on down to `write`,
 * leaving out those named `key` (and, unless `only` is undefined, valued
 * `only`); returns the index after the last pair kept. The caller truncates.
 */
function removeFrom(list: string[], write: number, from: number, key: string, only: string | undefined): number {
  for (let i = from; i < list.length; i += 2) {
    if (list[i] === key && (only === undefined || list[i + 1] === only)) continue;
    if (write !== i) {
      list[write] = list[i];
      list[write + 1] = list[i + 1];
    }
    write += 2;
  }
  return write;
}

/** Sort the pairs of the flat `list` by name, in UTF-16 code unit order, keeping equal names in their order. */
function sortPairs(list: string[]): void {
  const pairs = list.length >> 1;
  if (pairs < 16) {
    // Insertion sort: stable, and the fastest for the few pairs of most queries.
    for (let i = 2; i < list.length; i += 2) {
      const name = list[i];
      const value = list[i + 1];
      let j = i - 2;
      for (; j >= 0 && list[j] > name; j -= 2) {
        list[j + 2] = list[j];
        list[j + 3] = list[j + 1];
      }
      list[j + 2] = name;
      list[j + 3] = value;
    }
    return;
  }
  // Array.prototype.sort is stable (ES2019); it orders indices here, n log n.
  const order = Array.from({ length: pairs }, (_, i) => 2 * i);
  order.sort((a, b) => (list[a] < list[b] ? -1 : list[a] > list[b] ? 1 : 0));
  const copy = list.slice();
  for (let i = 0; i < pairs; i++) {
    list[2 * i] = copy[order[i]];
    list[2 * i + 1] = copy[order[i] + 1];
  }
}

// Made at import: marked pure, so that a bundle without URLSearchParams leaves them out.
const IteratorPrototype = /* @__PURE__ */ Object.getPrototypeOf(
  /* @__PURE__ */ Object.getPrototypeOf([][Symbol.iterator]()),
) as object;
const INSPECT = /* @__PURE__ */ Symbol.for("nodejs.util.inspect.custom");

type Inspect = (value: unknown, options: object) => string;

/**
 * The URLSearchParams interface. Each kernel instance has its own subclass,
 * searchParamsClass(), bound to its codec: that subclass is the class users see.
 */
class URLSearchParams {
  /** The list, flat: name, value, name, value, ... (set by the constructor: a copy does not make an empty one first) */
  #list: string[];
  /**
   * Whether #list may be another object's too: a copy shares the list of
   * the object it copies until either changes it (#own()), so a copy that
   * nothing changes (a copy + sort of a one-pair list, common in logs)
   * copies no list.
   */
  #shared = false;
  /** The serialization of the first #serializedPairs pairs of the list. */
  #serialized = "";
  #serializedPairs = 0;
  /**
   * The serialized form of each name and value, index for index with the
   * list, undefined where not known (serialize() in ./urlencoded.ts): a
   * set() after toString() serializes the new value only. Made by the first
   * toString() that serializes, so that a URLSearchParams that is never
   * serialized costs no second array to construct and copy.
   */
  #escaped: (string | undefined)[] | null = null;
  /** The update steps of the URL object this belongs to (link.bound()), or null. */
  #update: ((serialized: string) => void) | null = null;

  /** @internal The codec of this class's kernel instance (searchParamsClass() sets it). */
  static _codec: FormCodec;

  /** @internal A new object of this class on the query of a URL object, with its update steps: SearchParamsLink.bound(). */
  static _bound(query: string, update: (serialized: string) => void): URLSearchParams {
    const params = new this();
    params.#read(query);
    params.#update = update;
    return params;
  }

  /** @internal SearchParamsLink.replace(): a TypeError for an object that is not a URLSearchParams of swurl. */
  static _replace(params: URLSearchParams, query: string): void {
    params.#list = [];
    params.#shared = false;
    params.#escaped = null;
    params.#read(query);
  }

  /** @internal The list of `params` as it is now, for its iterators (a TypeError for another object). */
  static _list(params: URLSearchParams): string[] {
    return params.#list;
  }

  constructor(init: URLSearchParamsInit = "") {
    if ((typeof init === "object" && init !== null) || typeof init === "function") {
      const method = (init as { [Symbol.iterator]?: unknown })[Symbol.iterator];
      if (method === URLSearchParams.prototype.entries && #list in init) {
        this.#list = init.#list;
        this.#shared = true;
        init.#shared = true;
        this.#serialized = init.#serialized;
        this.#serializedPairs = init.#serializedPairs;
        return;
      }
      this.#list = [];
      if (method === undefined || method === null) this.#fromRecord(init as Record<PropertyKey, unknown>);
      else this.#fromPairs(init, method);
      return;
    }
    this.#list = [];
    if (init !== "") {
      // "If init is a string and starts with U+003F (?), remove the first code point from init."
      let query = usv(init);
      if (query.charCodeAt(0) === 0x3f) query = query.slice(1);
      this.#read(query);
    }
  }

  /** The codec of this object's class: its kernel instance's. */
  #codec(): FormCodec {
    return (this.constructor as typeof URLSearchParams)._codec;
  }

  /** Set the list to the parse of `query`, with `query` as its serialization when it is one. */
  #read(query: string): void {
    const list = this.#list;
    if (this.#codec().parseInto(query, list)) {
      this.#serialized = query;
      this.#serializedPairs = list.length >> 1;
    } else {
      this.#forget();
    }
  }

  /**
   * sequence<sequence<USVString>>: WebIDL converts the whole sequence
   * first, then "if pair's size is not 2, then throw a TypeError".
   */
  #fromPairs(init: object, method: unknown): void {
    if (typeof method !== "function")
      throw new TypeError("URLSearchParams: the argument's Symbol.iterator is not a function");
    const list = this.#list;
    let wrongSize = false;
    const pairs = { [Symbol.iterator]: () => method.call(init) as Iterator<unknown> };
    for (const pair of pairs) {
      if ((typeof pair !== "object" || pair === null) && typeof pair !== "function") {
        throw new TypeError("URLSearchParams: each pair must be an iterable object");
      }
      const inner = (pair as { [Symbol.iterator]?: unknown })[Symbol.iterator];
      if (typeof inner !== "function") throw new TypeError("URLSearchParams: each pair must be an iterable object");
      let size = 0;
      for (const item of pair as Iterable<unknown>) {
        list.push(usv(item));
        size++;
      }
      wrongSize ||= size !== 2;
    }
    if (wrongSize) {
      this.#list = [];
      throw new TypeError("URLSearchParams: each pair must have exactly two elements, a name and a value");
    }
    this.#forget();
  }

  /**
   * record<USVString, USVString>: the enumerable own keys, in order; two
   * keys that convert to the same USVString leave one pair, in the first
   * one's place, with the last one's value.
   */
  #fromRecord(init: Record<PropertyKey, unknown>): void {
    const list = this.#list;
    const at = new Map<string, number>();
    for (const key of Reflect.ownKeys(init)) {
      const descriptor = Reflect.getOwnPropertyDescriptor(init, key);
      if (descriptor === undefined || !descriptor.enumerable) continue;
      const name = usv(key);
      const value = usv(init[key]);
      const index = at.get(name);
      if (index === undefined) {
        at.set(name, list.length);
        list.push(name, value);
      } else {
        list[index + 1] = value;
      }
    }
    this.#forget();
  }

  /** The list, to change: a copy of it if it is shared. */
  #own(): string[] {
    if (this.#shared) {
      this.#list = this.#list.slice();
      this.#shared = false;
    }
    return this.#list;
  }

  /** Drop the cached serialization (after a change other than an append). */
  #forget(): void {
    this.#serialized = "";
    this.#serializedPairs = 0;
  }

  /** The update steps: "If query's URL object is null, then return", else hand it the serialization. */
  #changed(): void {
    if (this.#update !== null) this.#update(this.toString());
  }

  get size(): number {
    return this.#list.length >> 1;
  }

  append(name: string, value: string): void {
    const list = this.#own();
    if (arguments.length < 2) throw missing("append", 2, arguments.length);
    // Converted now: leaving the conversion to the first method that reads the
    // strings (toString() needs none) makes append() cheaper but get() and
    // delete() dearer by more (the setters suite of npm run bench).
    list.push(usv(name), usv(value));
    // The cached serialization stays a prefix of the new one.
    this.#changed();
  }

  // The optional arguments are read from `arguments`: WebIDL's length of an operation counts the required ones only.
  delete(name: string): void {
    if (arguments.length < 1) throw missing("delete", 1, arguments.length);
    const value: unknown = arguments[1];
    const first = find(this.#list, name, value);
    if (first !== -1) {
      const list = this.#own();
      // The first match holds the converted name and value.
      const key = list[first];
      const only = value === undefined ? undefined : list[first + 1];
      truncate(list, removeFrom(list, first, first + 2, key, only));
      // The pairs before the first match kept their places.
      if (this.#escaped !== null) truncate(this.#escaped, first);
      this.#forget();
    }
    this.#changed();
  }

  get(name: string): string | null {
    const list = this.#list;
    if (arguments.length < 1) throw missing("get", 1, arguments.length);
    const at = find(list, name, undefined);
    return at === -1 ? null : list[at + 1];
  }

  getAll(name: string): string[] {
    const list = this.#list;
    if (arguments.length < 1) throw missing("getAll", 1, arguments.length);
    const values: string[] = [];
    for (let at = find(list, name, undefined); at !== -1; at = indexOf(list, list[at], undefined, at + 2))
      values.push(list[at + 1]);
    return values;
  }

  has(name: string): boolean {
    const list = this.#list;
    if (arguments.length < 1) throw missing("has", 1, arguments.length);
    return find(list, name, arguments[1]) !== -1;
  }

  /**
   * "If this's list contains any name-value pairs whose name is name, then
   * set the value of the first such name-value pair to value and remove the
   * others. Otherwise, append (name, value) to this's list."
   */
  set(name: string, value: string): void {
    const list = this.#own();
    if (arguments.length < 2) throw missing("set", 2, arguments.length);
    // A string is looked up as it is first, as find() does: one equal to a name of the list is a USVString already.
    let at = typeof name === "string" ? indexOf(list, name, undefined) : -1;
    const key = at === -1 ? usv(name) : name;
    const v = usv(value);
    if (at === -1 && key !== name) at = indexOf(list, key, undefined);
    if (at === -1) {
      list.push(key, v);
      this.#changed();
      return;
    }
    list[at + 1] = v;
    const write = removeFrom(list, at + 2, at + 2, key, undefined);
    const escaped = this.#escaped;
    if (escaped !== null) {
      // The pairs before the first match kept their places, and so did its name.
      if (write < list.length) truncate(escaped, at + 1);
      else if (at + 1 < escaped.length) escaped[at + 1] = undefined;
    }
    truncate(list, write);
    this.#forget();
    this.#changed();
  }

  /** "Sort all name-value pairs, if any, by their names ... in a stable way, by code units." */
  sort(): void {
    if (this.#list.length > 2) {
      sortPairs(this.#own());
      this.#escaped = null;
      this.#forget();
    }
    this.#changed();
  }

  toString(): string {
    const list = this.#list;
    const pairs = list.length >> 1;
    const done = this.#serializedPairs;
    if (done < pairs) {
      this.#escaped ??= [];
      const rest = this.#codec().serialize(list, this.#escaped, done, pairs);
      this.#serialized = done === 0 ? rest : `${this.#serialized}&${rest}`;
      this.#serializedPairs = pairs;
    }
    return this.#serialized;
  }

  forEach(callback: (value: string, name: string, params: SearchParams) => void): void {
    let list = this.#list;
    const thisArg: unknown = arguments[1];
    if (arguments.length < 1) throw missing("forEach", 1, arguments.length);
    if (typeof callback !== "function") throw new TypeError("URLSearchParams.forEach: the callback is not a function");
    // The list as it is at each step: the callback may change it.
    for (let i = 0; 2 * i < list.length; i++) {
      callback.call(thisArg, list[2 * i + 1], list[2 * i], this);
      list = this.#list;
    }
  }

  entries(): IterableIterator<[string, string]> {
    return new SearchParamsIterator<[string, string]>(this, ENTRIES);
  }

  keys(): IterableIterator<string> {
    return new SearchParamsIterator<string>(this, KEYS);
  }

  values(): IterableIterator<string> {
    return new SearchParamsIterator<string>(this, VALUES);
  }

  declare [Symbol.iterator]: () => IterableIterator<[string, string]>;
  declare readonly [Symbol.toStringTag]: string;
}

/**
 * util.inspect() in Node.js, as it shows its own URLSearchParams: URLSearchParams { 'a' => '1' }.
 * (Put on the prototype by searchParamsClass(): a method under a computed key
 * would keep the class in a bundle that never uses it.)
 */
function inspectParams(this: URLSearchParams, _depth: number, options: object, inspect: Inspect): string {
  const list = URLSearchParams._list(this);
  if (list.length === 0) return "URLSearchParams {}";
  const shown: string[] = [];
  for (let i = 0; i < list.length; i += 2)
    shown.push(`${inspect(list[i], options)} => ${inspect(list[i + 1], options)}`);
  return `URLSearchParams { ${shown.join(", ")} }`;
}

const ENTRIES = 0;
const KEYS = 1;
const VALUES = 2;

/** The "URLSearchParams Iterator" of WebIDL's default iterator objects: an index into the list as it is now. */
class SearchParamsIterator<T> {
  #params: URLSearchParams;
  #kind: number;
  #index = 0;

  constructor(params: URLSearchParams, kind: number) {
    URLSearchParams._list(params); // "this" of entries(), keys() or values() must be a URLSearchParams
    this.#params = params;
    this.#kind = kind;
  }

  next(): IteratorResult<T, undefined> {
    const list = URLSearchParams._list(this.#params);
    const i = 2 * this.#index;
    if (i >= list.length) return { value: undefined, done: true };
    this.#index++;
    const kind = this.#kind;
    const value = kind === ENTRIES ? [list[i], list[i + 1]] : list[kind === KEYS ? i : i + 1];
    return { value: value as T, done: false };
  }

  /** From %IteratorPrototype%. */
  declare [Symbol.iterator]: () => this;
}

/** WebIDL's operations and attributes of the interface, in its order: own, enumerable properties of its prototype object. */
const MEMBERS = [
  "append",
  "delete",
  "get",
  "getAll",
  "has",
  "set",
  "sort",
  "toString",
  "entries",
  "keys",
  "values",
  "forEach",
  "size",
];

/**
 * The URLSearchParams class on `codec`, a kernel instance's (the default
 * exports' makes its kernel on first use). Its prototype object holds the
 * interface's members as WebIDL places them (own properties: the base class's
 * functions), @@iterator being entries() itself.
 */
export function searchParamsClass(codec: FormCodec): SearchParamsConstructor {
  const bound = class extends URLSearchParams {
    static override _codec = codec;
  };
  // The name util.inspect() shows, and the platform's class has (bundlers may drop a class expression's).
  Object.defineProperty(bound, "name", { value: "URLSearchParams" });
  const base = URLSearchParams.prototype;
  exposeMembers(bound.prototype, base, MEMBERS);
  Object.defineProperty(bound.prototype, Symbol.iterator, { value: base.entries, writable: true, configurable: true });
  Object.defineProperty(bound.prototype, Symbol.toStringTag, { value: "URLSearchParams", configurable: true });
  Object.defineProperty(bound.prototype, INSPECT, { value: inspectParams, writable: true, configurable: true });
  // The iterators' prototype: on %IteratorPrototype%, as WebIDL's are (the same steps for every class).
  const iterator = SearchParamsIterator.prototype;
  Object.setPrototypeOf(iterator, IteratorPrototype);
  Object.defineProperty(iterator, Symbol.toStringTag, { value: "URLSearchParams Iterator", configurable: true });
  Object.defineProperty(iterator, "next", { enumerable: true });
  return bound as SearchParamsConstructor;
}

/** The link to a URL object of a class made by searchParamsClass() (see the top of this file). */
export function searchParamsLink(of: SearchParamsConstructor): SearchParamsLink {
  const bound = of as unknown as typeof URLSearchParams;
  return {
    bound: (query, update) => bound._bound(query, update),
    replace: (params, query) => URLSearchParams._replace(params as URLSearchParams, query),
  };
}
