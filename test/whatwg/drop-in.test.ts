// Issue #36 item 16: what a drop-in for the platform's URL and URLPattern shows
// beyond parsing: the two blob: statics of the File API, the toString tag, and
// URLPattern results with their members in WebIDL dictionary order (which
// JSON.stringify() and snapshots see), and patterns and lists with no own
// key, over every build.
import { describe, expect, it } from "vitest";
import { builds } from "../helpers/builds";
import { COMPONENTS } from "../../src/urlpattern/init";
import * as main from "../../build/index.js";
import * as js from "../../build/js.js";

/** WebIDL: "the dictionary members ... ordered lexicographically" (inherited ones first; URLPatternResult has none). */
const RESULT_KEYS = ["hash", "hostname", "inputs", "password", "pathname", "port", "protocol", "search", "username"];

describe.each(builds)("the drop-in (%s)", (_name, api) => {
  it("URL.createObjectURL and revokeObjectURL are the platform's store", async () => {
    const blob = new Blob(["hello"]);
    const href = api.URL.createObjectURL!(blob);
    expect(href).toMatch(/^blob:/);
    // The platform resolves it: the same store.
    const { resolveObjectURL } = await import("node:buffer");
    expect(await resolveObjectURL(href)?.text()).toBe("hello");
    api.URL.revokeObjectURL!(href);
    expect(resolveObjectURL(href)).toBeUndefined();
    expect(api.URL.createObjectURL!.length).toBe(1);
    expect(api.URL.revokeObjectURL!.length).toBe(1);
    expect(() => api.URL.createObjectURL!("x" as unknown as Blob)).toThrow(TypeError);
  });

  it("Object.prototype.toString() of a URL is [object URL]", () => {
    const url = new api.URL("https://a.example/");
    expect(Object.prototype.toString.call(url)).toBe("[object URL]");
    expect(Object.prototype.toString.call(url)).toBe(Object.prototype.toString.call(new globalThis.URL("https://a/")));
    // Not an own or enumerable property: JSON and Object.keys() are as before.
    expect(Object.keys(url)).not.toContain(Symbol.toStringTag);
  });

  it("a URL shows no own key, its class and prototype the platform's members in the platform's order", () => {
    const href = "https://u:p@a.example:8080/x?y=1#z";
    const url = new api.URL(href);
    url.searchParams.append("w", "2");
    const platform = new globalThis.URL(href);
    platform.searchParams.append("w", "2");
    const inherited = (value: object) => {
      const names: string[] = [];
      for (const name in value) names.push(name);
      return names;
    };
    expect([Object.keys(url), Object.getOwnPropertyNames(url), { ...url }]).toEqual([[], [], {}]);
    // The structured clone of a plain class's instance: its own properties, none (docs/api.md).
    expect(structuredClone(url)).toEqual({});
    expect(inherited(url)).toEqual(inherited(platform));
    expect(Object.keys(api.URL)).toEqual(Object.keys(globalThis.URL));
    expect(Object.keys(api.URL.prototype)).toEqual(Object.keys(globalThis.URL.prototype));
    // Each member is what the platform's is: a method, a getter, or a getter with a setter.
    const kind = (owner: object, name: string) => {
      const { value, get, set, ...flags } = Reflect.getOwnPropertyDescriptor(owner, name)!;
      return [typeof value, typeof get, typeof set, flags];
    };
    for (const name of Object.keys(globalThis.URL.prototype))
      expect(kind(api.URL.prototype, name), name).toEqual(kind(globalThis.URL.prototype, name));
    for (const name of Object.keys(globalThis.URL))
      expect(kind(api.URL, name), name).toEqual(kind(globalThis.URL, name));
    // WebIDL: an interface object's length is its constructor's required arguments (URL: the url).
    expect([api.URL.length, api.URLSearchParams.length]).toEqual([globalThis.URL.length, URLSearchParams.length]);
    // The members taken from the base class still reach this URL's state.
    expect(url.href).toBe(platform.href);
    expect(api.URL.parse("/b", url)?.href).toBe("https://u:p@a.example:8080/b");
  });

  it("exec() results in WebIDL member order: { hash, ..., username } and { groups, input }", () => {
    const result = new api.URLPattern({ pathname: "/:a" }).exec("https://x.example/b")!;
    expect(Object.keys(result)).toEqual(RESULT_KEYS);
    expect(Object.keys(result.pathname)).toEqual(["groups", "input"]);
    const listed = new api.URLPatternList([{ pathname: "/:a" }]).exec("https://x.example/b")!;
    expect(Object.keys(listed.result)).toEqual(RESULT_KEYS);
    expect(Object.keys(listed.result.hash)).toEqual(["groups", "input"]);
    // Where the platform has URLPattern (Node 24), the same text.
    const Native = (globalThis as unknown as { URLPattern?: typeof api.URLPattern }).URLPattern;
    if (Native !== undefined)
      expect(JSON.stringify(result)).toBe(JSON.stringify(new Native({ pathname: "/:a" }).exec("https://x.example/b")));
  });

  it("a URLPattern, its class and a URLPatternList show no own key, as the platform's URLPattern", () => {
    const Native = (globalThis as unknown as { URLPattern?: typeof api.URLPattern }).URLPattern;
    // Used first: a compiled matcher, a parsed base and a walked list must not show either.
    const pattern = new api.URLPattern({ pathname: "/:a" });
    pattern.exec("https://x.example/b");
    const list = new api.URLPatternList([pattern, "https://*.example/*"]);
    list.match("/b", "https://x.example");
    list.exec("/c?d", "https://x.example");
    const native = Native === undefined ? null : new Native({ pathname: "/:a" });
    native?.exec("https://x.example/b");
    const keys = (value: object) => [Object.keys(value), Object.getOwnPropertyNames(value), JSON.stringify(value)];
    const none = [[], [], "{}"];
    expect(keys(pattern)).toEqual(native === null ? none : keys(native));
    expect(Object.keys(api.URLPattern)).toEqual(Native === undefined ? [] : Object.keys(Native));
    // WebIDL places the attributes on the prototype, then the operations, in the IDL's order; the
    // platform's has the same members (Node 24 lists exec before test) and constructor length.
    const members = [...COMPONENTS, "hasRegExpGroups", "test", "exec"];
    const inherited: string[] = [];
    for (const name in pattern) inherited.push(name);
    expect([Object.keys(api.URLPattern.prototype), inherited]).toEqual([members, members]);
    expect(api.URLPattern.length).toBe(0);
    if (Native !== undefined) {
      expect(Object.keys(Native.prototype).sort()).toEqual([...members].sort());
      expect(Native.length).toBe(0);
    }
    expect(keys(list)).toEqual(none);
  });
});

describe("URL_GETTERS", () => {
  it("names the platform URL's string getters, in the order of its prototype, in both entries", () => {
    const platform = new globalThis.URL("https://u:p@a.example:8080/x?y=1#z");
    const strings = Object.keys(globalThis.URL.prototype).filter(
      (name) =>
        Reflect.getOwnPropertyDescriptor(globalThis.URL.prototype, name)!.get !== undefined &&
        typeof Reflect.get(platform, name) === "string",
    );
    expect(strings).toHaveLength(11);
    expect([main.URL_GETTERS, js.URL_GETTERS]).toEqual([strings, strings]);
  });
});
