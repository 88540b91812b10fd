// The two public helpers that read an access-log line's fields as the batch
// reads them: a request line's parts, and a quoted field's escapes undone.
import { describe, expect, it } from "vitest";
import * as main from "../../build/index.js";
import * as js from "../../build/js.js";

describe.each([
  ["swurl", main],
  ["swurl/js", js],
])("%s", (_name, api) => {
  it("requestParts splits at the first and the last space", () => {
    expect(api.requestParts("GET /a?b HTTP/1.1")).toEqual({ method: "GET", target: "/a?b", version: "HTTP/1.1" });
    // A target with spaces in it (as some servers log them), and spaces around it.
    expect(api.requestParts("GET  /a b  HTTP/1.0")).toEqual({ method: "GET", target: "/a b", version: "HTTP/1.0" });
    // HTTP/0.9: no version.
    expect(api.requestParts("GET /")).toEqual({ method: "GET", target: "/", version: null });
    expect(api.requestParts("CONNECT h.example:443 HTTP/1.1")?.target).toBe("h.example:443");
    expect(api.requestParts("-")).toBeNull();
    expect(api.requestParts(" /a HTTP/1.1")).toBeNull();
  });

  it('unescapeLogField undoes \\", \\\\ and \\xHH, reading the bytes as UTF-8', () => {
    expect(api.unescapeLogField("/plain")).toBe("/plain");
    expect(api.unescapeLogField(String.raw`say \"hi\" \\o/`)).toBe(String.raw`say "hi" \o/`);
    expect(api.unescapeLogField(String.raw`/caf\xC3\xA9`)).toBe("/café");
    // A byte that is not UTF-8 is U+FFFD, as TextDecoder reads it.
    expect(api.unescapeLogField(String.raw`/\xFF`)).toBe("/\uFFFD");
  });
});
