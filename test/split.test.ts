import { describe, expect, it } from "vitest";
import { builds } from "./builds";

describe.each(builds)("split (%s)", (_name, api) => {
  it("splits RFC 1738 section 3.1's common Internet scheme syntax", () => {
    expect(api.split("ftp://foo:bar@host.com:21/a/b;type=d?q#frag").toJSON()).toEqual({
      scheme: "ftp", user: "foo", password: "bar", host: "host.com", port: "21",
      path: "/a/b;type=d", query: "q", fragment: "frag",
    });
  });
});
