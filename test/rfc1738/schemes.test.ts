// schemeParts() and defaultPort() (docs/api.md section 4), with the examples of
// RFC 1738 section 3 and RFC 1630, and the productions of RFC 1738 section 5.
import { describe, expect, it } from "vitest";
import { builds } from "../helpers/builds";

describe.each(builds)("defaultPort (%s)", (_name, api) => {
  it("gives the default port of each scheme, in any case", () => {
    const ports: [string, number | null][] = [
      ["ftp", 21],
      ["http", 80],
      ["gopher", 70],
      ["nntp", 119],
      ["telnet", 23],
      ["wais", 210],
      ["prospero", 1525],
      ["https", 443],
      ["ws", 80],
      ["wss", 443],
      ["HTTP", 80],
      ["Prospero", 1525],
      ["mailto", null],
      ["news", null],
      ["file", null],
      ["urn", null],
      ["", null],
      ["http:", null],
    ];
    for (const [scheme, port] of ports) expect(api.defaultPort(scheme), scheme).toBe(port);
  });
});

describe.each(builds)("schemeParts: ftp (%s)", (_name, api) => {
  it("tells an empty user name or password from an absent one (section 3.1)", () => {
    // "<URL:ftp://@host.com/> has an empty user name and no password,
    // <URL:ftp://host.com/> has no user name, while <URL:ftp://foo:@host.com/>
    // has a user name of "foo" and an empty password."
    expect(api.schemeParts("ftp://@host.com/")).toMatchObject({ user: "", password: null });
    expect(api.schemeParts("ftp://host.com/")).toMatchObject({ user: null, password: null });
    expect(api.schemeParts("ftp://foo:@host.com/")).toMatchObject({ user: "foo", password: "" });
  });

  it("decodes each CWD segment by itself (section 3.2.2)", () => {
    // "CWD /etc" and then "RETR motd"
    expect(api.schemeParts("ftp://myname@host.dom/%2Fetc/motd")).toEqual({
      scheme: "ftp",
      user: "myname",
      password: null,
      host: "host.dom",
      port: 21,
      cwd: ["/etc"],
      name: "motd",
      typecode: null,
    });
    // "CWD etc" and then "RETR motd"
    expect(api.schemeParts("ftp://myname@host.dom/etc/motd")).toMatchObject({ cwd: ["etc"], name: "motd" });
    // "CWD " with a null argument, then "CWD etc", and then "RETR motd"
    expect(api.schemeParts("ftp://myname@host.dom//etc/motd")).toMatchObject({ cwd: ["", "etc"], name: "motd" });
  });

  it("reads ;type= (sections 3.2.2, 3.2.3) and the examples of the RFC's references", () => {
    expect(api.schemeParts("ftp://ds.internic.net/rfc/rfc1436.txt;type=a")).toMatchObject({
      host: "ds.internic.net",
      cwd: ["rfc"],
      name: "rfc1436.txt",
      typecode: "a",
    });
    expect(api.schemeParts("ftp://info.cern.ch/pub/www/doc;type=d")).toMatchObject({
      cwd: ["pub", "www"],
      name: "doc",
      typecode: "d",
    });
    // ftptype = "A" | "I" | "D" | "a" | "i" | "d", lower-cased
    expect(api.schemeParts("ftp://h/f;type=I")).toMatchObject({ typecode: "i" });
    expect(api.schemeParts("ftp://h/f;type=x")).toBeNull();
    expect(api.schemeParts("ftp://h/f;type=")).toBeNull();
    expect(api.schemeParts("ftp://h/f;type=aa")).toBeNull();
    expect(api.schemeParts("ftp://h/f;TYPE=a")).toBeNull();
    expect(api.schemeParts("ftp://h/dir;type=a/f")).toBeNull();
  });

  it("allows the whole url-path to be omitted, and empty segments", () => {
    expect(api.schemeParts("ftp://ftp.example.com")).toEqual({
      scheme: "ftp",
      user: null,
      password: null,
      host: "ftp.example.com",
      port: 21,
      cwd: [],
      name: "",
      typecode: null,
    });
    expect(api.schemeParts("ftp://h/")).toMatchObject({ cwd: [], name: "" });
    expect(api.schemeParts("ftp://h/a/")).toMatchObject({ cwd: ["a"], name: "" });
  });

  it("decodes user and password; lower-cases scheme and host; reads the port", () => {
    expect(api.schemeParts("FTP://a%3Ab:p%40ss@FTP.Example.COM:2121/x")).toMatchObject({
      scheme: "ftp",
      user: "a:b",
      password: "p@ss",
      host: "ftp.example.com",
      port: 2121,
    });
  });

  it("keeps '?', ':', '@', '&', '=' in segments and rejects ';' and unencoded login delimiters", () => {
    // fsegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]
    expect(api.schemeParts("ftp://h/a?b:c@d&e=f")).toMatchObject({ name: "a?b:c@d&e=f" });
    expect(api.schemeParts("ftp://h/a;b")).toBeNull();
    expect(api.schemeParts("ftp://h/a%3Bb")).toMatchObject({ name: "a;b" });
    // "Within the user and password field, any ":", "@", or "/" must be encoded."
    expect(api.schemeParts("ftp://a:b:c@h/")).toBeNull();
    expect(api.schemeParts("ftp://a@b@h/")).toBeNull();
    expect(api.schemeParts("ftp:h/x")).toBeNull();
  });
});

describe.each(builds)("schemeParts: http, https (%s)", (_name, api) => {
  it("reads RFC 1630's HTTP examples", () => {
    expect(api.schemeParts("http://www.my.work.com")).toEqual({
      scheme: "http",
      host: "www.my.work.com",
      port: 80,
      path: "",
      search: null,
    });
    expect(api.schemeParts("http://info.cern.ch:8000/imaginary/test")).toEqual({
      scheme: "http",
      host: "info.cern.ch",
      port: 8000,
      path: "/imaginary/test",
      search: null,
    });
    expect(api.schemeParts("http://info.my.org/AboutUs/Index/Phonebook?dobbins")).toMatchObject({
      path: "/AboutUs/Index/Phonebook",
      search: "dobbins",
    });
    // The path and search are as written: "%2F" stays.
    expect(api.schemeParts("http://www.library.my.town.va.us/Catalogue/76523471236%2Fwen44--4.98")).toMatchObject({
      path: "/Catalogue/76523471236%2Fwen44--4.98",
    });
    // A fragment is no part of the URL.
    expect(api.schemeParts("http://www.myu.edu/org/admin/people#andy")).toMatchObject({
      path: "/org/admin/people",
      search: null,
    });
  });

  it("takes https with port 443 and lower-cases scheme and host", () => {
    expect(api.schemeParts("HTTPS://Example.COM/A?B")).toEqual({
      scheme: "https",
      host: "example.com",
      port: 443,
      path: "/A",
      search: "B",
    });
  });

  it('rejects what httpurl = "http://" hostport [ "/" hpath [ "?" search ]] does not allow', () => {
    expect(api.schemeParts("http://user@example.com/")).toBeNull(); // "No user name or password is allowed."
    expect(api.schemeParts("http://example.com?q")).toBeNull(); // "?" only after "/"
    expect(api.schemeParts("http://example.com/a?b/c")).toBeNull(); // "/" is reserved in search
    expect(api.schemeParts("http://example.com/a?b?c")).toBeNull();
    expect(api.schemeParts("http:example.com")).toBeNull();
    expect(api.schemeParts("http://example.com/~user")).toBeNull(); // "~" is unsafe
    expect(api.schemeParts("http://exa_mple.com/")).toBeNull();
    expect(api.schemeParts("http://example.com:80a/")).toBeNull();
    expect(api.schemeParts("http:///path")).toBeNull();
  });

  it("keeps the reserved characters hsegment and search allow", () => {
    expect(api.schemeParts("http://h/a;b:c@d&e=f/g?h;i:j@k&l=m")).toMatchObject({
      path: "/a;b:c@d&e=f/g",
      search: "h;i:j@k&l=m",
    });
  });
});

describe.each(builds)("schemeParts: gopher (%s)", (_name, api) => {
  it("defaults the type to '1' when the gopher-path is empty (section 3.4.1)", () => {
    const top = {
      scheme: "gopher",
      host: "gopher.example.org",
      port: 70,
      type: "1",
      selector: "",
      search: null,
      gopherPlus: null,
    };
    expect(api.schemeParts("gopher://gopher.example.org")).toEqual(top);
    expect(api.schemeParts("gopher://gopher.example.org/")).toEqual(top);
  });

  it("reads the type character and the selector, which may repeat the type", () => {
    expect(api.schemeParts("gopher://h:7070/00about")).toMatchObject({ port: 7070, type: "0", selector: "0about" });
    expect(api.schemeParts("gopher://h/1")).toMatchObject({ type: "1", selector: "" });
    // gtype = xchar, which may be an escape
    expect(api.schemeParts("gopher://h/%31dir")).toMatchObject({ type: "1", selector: "dir" });
  });

  it("splits search and gopher+ string on %09 before decoding (sections 3.4.2-3.4.9)", () => {
    expect(api.schemeParts("gopher://h/7search%09query%20terms")).toMatchObject({
      type: "7",
      selector: "search",
      search: "query terms",
      gopherPlus: null,
    });
    // "the %09<search> string must be supplied, although the <search> element may be the empty string"
    expect(api.schemeParts("gopher://h/0item%09%09+")).toMatchObject({ selector: "item", search: "", gopherPlus: "+" });
    expect(api.schemeParts("gopher://h/0item%09%09!+ABSTRACT%20+SMELL")).toMatchObject({
      gopherPlus: "!+ABSTRACT +SMELL",
    });
    expect(api.schemeParts("gopher://h/0item%09%09+application/postscript%20Es_ES")).toMatchObject({
      gopherPlus: "+application/postscript Es_ES",
    });
    // The electronic form of section 3.4.9: later %09s stay in the gopher+ string.
    expect(api.schemeParts("gopher://h/1form%09%09+%091%0D%0A+-1%0D%0Aone%0D%0A.%0D%0A")).toMatchObject({
      selector: "form",
      search: "",
      gopherPlus: "+\t1\r\n+-1\r\none\r\n.\r\n",
    });
    // "Within the <gopher-path>, no characters are reserved."
    expect(api.schemeParts("gopher://h/0a/b;c?d=e")).toMatchObject({ selector: "a/b;c?d=e" });
  });

  it("rejects a login and anything but a gopher-path after the host", () => {
    expect(api.schemeParts("gopher://u@h/")).toBeNull();
    expect(api.schemeParts("gopher://h?x")).toBeNull();
  });
});

describe.each(builds)("schemeParts: mailto (%s)", (_name, api) => {
  it("decodes the addr-spec (section 3.5)", () => {
    expect(api.schemeParts("mailto:joe@example.com")).toEqual({
      scheme: "mailto",
      address: "joe@example.com",
      headers: [],
    });
    // "the percent sign ("%") is commonly used within RFC 822 addresses and must be encoded"
    expect(api.schemeParts("mailto:user%25gateway@example.com")).toMatchObject({ address: "user%gateway@example.com" });
    expect(api.schemeParts("MAILTO:Joe@Example.COM")).toMatchObject({ scheme: "mailto", address: "Joe@Example.COM" });
  });

  it("reads RFC 6068 header fields", () => {
    expect(api.schemeParts("mailto:infobot@example.com?subject=current-issue")).toEqual({
      scheme: "mailto",
      address: "infobot@example.com",
      headers: [["subject", "current-issue"]],
    });
    expect(api.schemeParts("mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E")).toMatchObject({
      headers: [["In-Reply-To", "<3469A91.D10AF4C@example.com>"]],
    });
    expect(api.schemeParts("mailto:?to=joe@example.com&cc=bob@example.com&body=hello")).toEqual({
      scheme: "mailto",
      address: "",
      headers: [
        ["to", "joe@example.com"],
        ["cc", "bob@example.com"],
        ["body", "hello"],
      ],
    });
  });

  it("rejects an empty mailto and header fields that are not hfname=hfvalue", () => {
    expect(api.schemeParts("mailto:")).toBeNull(); // encoded822addr = 1*xchar
    expect(api.schemeParts("mailto:a@b?subject")).toBeNull();
    expect(api.schemeParts("mailto:a@b?subject=a=b")).toBeNull();
    expect(api.schemeParts("mailto:a@b?subject=a/b")).toBeNull();
    expect(api.schemeParts("mailto:a@b?")).toBeNull();
  });
});

describe.each(builds)("schemeParts: news (%s)", (_name, api) => {
  it("tells a group from a message-id by the '@' (section 3.6)", () => {
    expect(api.schemeParts("news:comp.infosystems.www.misc")).toEqual({
      scheme: "news",
      group: "comp.infosystems.www.misc",
      article: null,
    });
    expect(api.schemeParts("news:12345667123@info.cern.ch")).toEqual({
      scheme: "news",
      group: null,
      article: "12345667123@info.cern.ch",
    });
    expect(api.schemeParts("news:a%2Fb;c@host.example")).toMatchObject({ article: "a/b;c@host.example" });
  });

  it("reads news:* as all groups", () => {
    expect(api.schemeParts("news:*")).toEqual({ scheme: "news", group: "*", article: null });
  });

  it('follows group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ] and article = ... "@" host', () => {
    expect(api.schemeParts("news:alt.comp.lang.c++")).toMatchObject({ group: "alt.comp.lang.c++" });
    expect(api.schemeParts("news:1comp")).toBeNull();
    expect(api.schemeParts("news:comp,x")).toBeNull();
    expect(api.schemeParts("news:")).toBeNull();
    expect(api.schemeParts("news:**")).toBeNull();
    expect(api.schemeParts("news:@host.example")).toBeNull();
    expect(api.schemeParts("news:abc@")).toBeNull();
    expect(api.schemeParts("news:abc@bad_host")).toBeNull();
    // RFC 1630 Example 3: illegal, "there is no decoding defined for "%*" or "%as""
    expect(api.schemeParts("news:12345667123%asdghfh@info.cern.ch")).toBeNull();
  });
});

describe.each(builds)("schemeParts: nntp (%s)", (_name, api) => {
  it("reads the group and the numeric article (section 3.7)", () => {
    expect(api.schemeParts("nntp://news.example.com/comp.infosystems.www/1234")).toEqual({
      scheme: "nntp",
      host: "news.example.com",
      port: 119,
      group: "comp.infosystems.www",
      article: 1234,
    });
    expect(api.schemeParts("nntp://news.example.com:1119/comp.x")).toEqual({
      scheme: "nntp",
      host: "news.example.com",
      port: 1119,
      group: "comp.x",
      article: null,
    });
  });

  it('rejects what nntpurl = "nntp://" hostport "/" group [ "/" digits ] does not allow', () => {
    expect(api.schemeParts("nntp://h")).toBeNull();
    expect(api.schemeParts("nntp://h/")).toBeNull();
    expect(api.schemeParts("nntp://h/comp.x/12a")).toBeNull();
    expect(api.schemeParts("nntp://h/comp.x/")).toBeNull();
    expect(api.schemeParts("nntp://h/comp.x/1/2")).toBeNull();
    expect(api.schemeParts("nntp://u@h/comp.x")).toBeNull();
  });
});

describe.each(builds)("schemeParts: telnet (%s)", (_name, api) => {
  it("reads the login and an optional final '/' (section 3.8)", () => {
    expect(api.schemeParts("telnet://user:secret@host.example.com:2323/")).toEqual({
      scheme: "telnet",
      user: "user",
      password: "secret",
      host: "host.example.com",
      port: 2323,
    });
    expect(api.schemeParts("telnet://host.example.com")).toEqual({
      scheme: "telnet",
      user: null,
      password: null,
      host: "host.example.com",
      port: 23,
    });
    expect(api.schemeParts("telnet://guest@host.example.com")).toMatchObject({ user: "guest", password: null });
  });

  it("rejects a path", () => {
    expect(api.schemeParts("telnet://h/x")).toBeNull();
    expect(api.schemeParts("telnet://h//")).toBeNull();
  });
});

describe.each(builds)("schemeParts: wais (%s)", (_name, api) => {
  it("reads the three forms of section 3.9", () => {
    const base = { scheme: "wais", host: "quake.think.com", port: 210 };
    expect(api.schemeParts("wais://quake.think.com/directory-of-servers")).toEqual({
      ...base,
      database: "directory-of-servers",
      search: null,
      wtype: null,
      wpath: null,
    });
    expect(api.schemeParts("wais://quake.think.com/directory-of-servers?cmu%20tools")).toEqual({
      ...base,
      database: "directory-of-servers",
      search: "cmu tools",
      wtype: null,
      wpath: null,
    });
    expect(api.schemeParts("wais://quake.think.com:8210/db/TEXT/0%2F1%2Fdoc")).toEqual({
      ...base,
      port: 8210,
      database: "db",
      search: null,
      wtype: "TEXT",
      wpath: "0/1/doc",
    });
  });

  it("rejects other shapes and reserved characters in database, wtype and wpath (= *uchar)", () => {
    expect(api.schemeParts("wais://h")).toBeNull();
    expect(api.schemeParts("wais://h/db/TEXT")).toBeNull();
    expect(api.schemeParts("wais://h/db/TEXT/a/b")).toBeNull();
    expect(api.schemeParts("wais://h/db;x")).toBeNull();
    expect(api.schemeParts("wais://h/db?a/b")).toBeNull();
  });
});

describe.each(builds)("schemeParts: file (%s)", (_name, api) => {
  it("reads the VMS example of section 3.10", () => {
    expect(api.schemeParts("file://vms.host.edu/disk$user/my/notes/note12345.txt")).toEqual({
      scheme: "file",
      host: "vms.host.edu",
      isLocal: false,
      path: "/disk$user/my/notes/note12345.txt",
      segments: ["disk$user", "my", "notes", "note12345.txt"], // added with issue #18 item 10
    });
  });

  it("takes 'localhost' and the empty host as the local machine", () => {
    expect(api.schemeParts("file:///etc/passwd")).toEqual({
      scheme: "file",
      host: "",
      isLocal: true,
      path: "/etc/passwd",
      segments: ["etc", "passwd"], // segments: issue #18 item 10
    });
    expect(api.schemeParts("file://localhost/etc/passwd")).toMatchObject({ host: "localhost", isLocal: true });
    expect(api.schemeParts("FILE://LocalHost/x")).toMatchObject({ host: "localhost", isLocal: true });
    expect(api.schemeParts("file:///a%20b/c%3Bd")).toMatchObject({ path: "/a b/c;d" });
  });

  it('rejects what fileurl = "file://" [ host | "localhost" ] "/" fpath does not allow', () => {
    expect(api.schemeParts("file://host")).toBeNull();
    expect(api.schemeParts("file:/etc/passwd")).toBeNull();
    expect(api.schemeParts("file://host:21/x")).toBeNull();
    expect(api.schemeParts("file://u@host/x")).toBeNull();
    expect(api.schemeParts("file:///a;b")).toBeNull();
  });
});

describe.each(builds)("schemeParts: prospero (%s)", (_name, api) => {
  it("reads the hsoname after the host's '/' (section 3.11)", () => {
    // "<URL:prospero://host.dom//pros/name> designates a <hsoname> of "/pros/name""
    expect(api.schemeParts("prospero://host.dom//pros/name")).toEqual({
      scheme: "prospero",
      host: "host.dom",
      port: 1525,
      hsoname: "/pros/name",
      fields: [],
    });
  });

  it("reads ;field=value pairs", () => {
    expect(api.schemeParts("prospero://host.dom:1526//pros/name;OBJECT-VERSION=3;x%3Dy=a%20b")).toEqual({
      scheme: "prospero",
      host: "host.dom",
      port: 1526,
      hsoname: "/pros/name",
      fields: [
        ["OBJECT-VERSION", "3"],
        ["x=y", "a b"],
      ],
    });
  });

  it("rejects a login and fields that are not fieldname=fieldvalue", () => {
    expect(api.schemeParts("prospero://u@h/x")).toBeNull(); // "No username or password is allowed."
    expect(api.schemeParts("prospero://h/x;noequals")).toBeNull();
    expect(api.schemeParts("prospero://h/x;a=b=c")).toBeNull();
    expect(api.schemeParts("prospero://h/x;a=b/c")).toBeNull();
    expect(api.schemeParts("prospero://h")).toBeNull();
  });
});

describe.each(builds)("schemeParts: other input (%s)", (_name, api) => {
  it("returns null for schemes outside the table", () => {
    // Corrected (issue #18 item 9): "mid:abc@def" and "afs://cell/x" were in
    // this list; the 1994 draft's mid and afs are in the table now
    // (test/rfc1738-draft.test.ts).
    for (const url of ["ws://h/", "wss://h/", "urn:isbn:0451450523", "x-foo://h/"]) {
      expect(api.schemeParts(url), url).toBeNull();
    }
  });

  it("returns null for anything validate() finds fault with", () => {
    for (const url of [
      "http://h/a b",
      "http://h/%zz",
      "http://h/\u00e9",
      "http://h/#a#b",
      "http://1.2.3/",
      "not a url",
    ]) {
      expect(api.schemeParts(url), url).toBeNull();
    }
  });

  it("takes hostnumbers and digit-leading domain labels", () => {
    expect(api.schemeParts("http://192.0.2.1:8080/")).toMatchObject({ host: "192.0.2.1", port: 8080 });
    expect(api.schemeParts("http://3com.com/")).toMatchObject({ host: "3com.com" });
  });

  it("throws a TypeError for a non-string", () => {
    expect(() => api.schemeParts(42 as unknown as string)).toThrow(TypeError);
    expect(() => api.defaultPort(null as unknown as string)).toThrow(TypeError);
  });
});
