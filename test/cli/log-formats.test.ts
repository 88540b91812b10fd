// Access logs as servers write them (issue #34 item 1): each format of
// `--input` on lines written as its vendor's documentation shows them, every
// field checked by the vendor's name and by the common names; --log-format
// with nginx's and Apache's definitions; and the two definitions of the
// Combined Log Format against `--input combined` on generated lines.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileLogFormat } from "../../packages/cli/src/input/log-format";
import { decimalValue } from "../../packages/cli/src/output/fields";
import { millionthsOf } from "../../packages/cli/src/commands/millionths";
import { lines, scratchFolder, swurl } from "../helpers/cli-run";
import { logLine, plain } from "./reader-properties";

const scratch = scratchFolder("swurl-formats-");

/** The JSON rows of `swurl parse` over `text` with these arguments. */
function rows(text: string, args: string[]): Record<string, unknown>[] {
  const r = swurl(["parse", scratch.file("log.txt", text), ...args]);
  expect(r.stderr).toBe("");
  expect(r.status).toBe(0);
  return lines(r.stdout).map((l) => JSON.parse(l) as Record<string, unknown>);
}

interface FormatCase {
  /** --input NAME, or the --log-format definition. */
  args: string[];
  /** The log as the vendor's documentation shows it. */
  text: string;
  /** Per record: each field by name, the URL's href among them. */
  rows: Record<string, unknown>[];
}

const CASES: Record<string, FormatCase> = {
  vcombined: {
    args: ["--input", "vcombined"],
    text: 'www.example.com:80 203.0.113.9 - frank [10/Oct/2026:13:55:36 -0700] "GET /apache_pb.gif?x=1 HTTP/1.0" 200 2326 "http://www.example.com/start.html" "Mozilla/4.08 [en] (Win98; I ;Nav)"\n',
    rows: [
      {
        href: "http://www.example.com/apache_pb.gif?x=1",
        "%v": "www.example.com",
        "%p": 80,
        "%h": "203.0.113.9",
        "%l": null,
        "%u": "frank",
        "%t": "10/Oct/2026:13:55:36 -0700",
        "%r": "GET /apache_pb.gif?x=1 HTTP/1.0",
        "%>s": 200,
        "%O": 2326,
        "%{Referer}i": "http://www.example.com/start.html",
        "%{User-Agent}i": "Mozilla/4.08 [en] (Win98; I ;Nav)",
        vhost: "www.example.com",
        // port and scheme are the URL's: the log's answer to field:NAME.
        "field:port": 80,
        client: "203.0.113.9",
        ident: null,
        user: "frank",
        time: "10/Oct/2026:13:55:36 -0700",
        request: "GET /apache_pb.gif?x=1 HTTP/1.0",
        method: "GET",
        target: "/apache_pb.gif?x=1",
        version: "HTTP/1.0",
        status: 200,
        bytes: 2326,
        referer: "http://www.example.com/start.html",
        agent: "Mozilla/4.08 [en] (Win98; I ;Nav)",
      },
    ],
  },
  vcommon: {
    args: ["--input", "vcommon"],
    text: 'shop.example 127.0.0.1 - - [10/Oct/2026:13:55:36 -0700] "GET /cart HTTP/1.1" 302 -\n',
    rows: [
      {
        href: "http://shop.example/cart",
        "%v": "shop.example",
        "%h": "127.0.0.1",
        "%t": "10/Oct/2026:13:55:36 -0700",
        "%>s": 302,
        "%b": null,
        vhost: "shop.example",
        client: "127.0.0.1",
        method: "GET",
        target: "/cart",
        status: 302,
        bytes: null,
      },
    ],
  },
  w3c: {
    args: ["--input", "w3c", "--base", "https://www.example.com/"],
    // IIS: its default fields, then a "#Fields:" directive that changes them mid-file.
    text: [
      "#Software: Microsoft Internet Information Services 10.0",
      "#Version: 1.0",
      "#Date: 2026-10-10 13:55:36",
      "#Fields: date time s-ip cs-method cs-uri-stem cs-uri-query s-port cs-username c-ip cs(User-Agent) cs(Referer) sc-status sc-substatus sc-win32-status time-taken",
      // IIS writes a space inside a field as "+": in the user name and the User-Agent it is a space; in the query and the referer, URLs, the URL's own "+".
      "2026-10-10 13:55:36 10.0.0.4 GET /default.htm id=7&q=a+b 80 CONTOSO\\Joe+Bloggs 192.0.2.7 Mozilla/5.0+(Windows+NT+10.0;+Win64;+x64) https://www.bing.com/search?q=iis+logs 200 0 0 15",
      "#Fields: date time cs-host cs-method cs-uri-stem cs-uri-query sc-status sc-bytes",
      "2026-10-10 13:55:37 intranet.example POST /api/items - 201 512",
      "",
    ].join("\r\n"),
    rows: [
      {
        href: "https://www.example.com/default.htm?id=7&q=a+b",
        date: "2026-10-10",
        time: "2026-10-10 13:55:36",
        "s-ip": "10.0.0.4",
        "cs-method": "GET",
        "cs-uri-stem": "/default.htm",
        "cs-uri-query": "id=7&q=a+b",
        "s-port": 80,
        "cs-username": "CONTOSO\\Joe Bloggs",
        user: "CONTOSO\\Joe Bloggs",
        "c-ip": "192.0.2.7",
        "cs(User-Agent)": "Mozilla/5.0 (Windows NT 10.0; Win64; x64)",
        "cs(Referer)": "https://www.bing.com/search?q=iis+logs",
        "sc-status": 200,
        "sc-substatus": 0,
        "sc-win32-status": 0,
        "time-taken": 15,
        client: "192.0.2.7",
        method: "GET",
        target: "/default.htm?id=7&q=a+b",
        query: "id=7&q=a+b",
        status: 200,
        agent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64)",
        referer: "https://www.bing.com/search?q=iis+logs",
        duration: 15,
        vhost: null,
      },
      {
        href: "https://intranet.example/api/items",
        time: "2026-10-10 13:55:37",
        "cs-host": "intranet.example",
        vhost: "intranet.example",
        method: "POST",
        target: "/api/items",
        query: null,
        status: 201,
        bytes: 512,
        "c-ip": null,
      },
    ],
  },
  cloudfront: {
    args: ["--input", "cloudfront"],
    text: [
      "#Version: 1.0",
      "#Fields: date time x-edge-location sc-bytes c-ip cs-method cs(Host) cs-uri-stem sc-status cs(Referer) cs(User-Agent) cs-uri-query cs(Cookie) x-edge-result-type x-edge-request-id x-host-header cs-protocol cs-bytes time-taken x-forwarded-for ssl-protocol ssl-cipher x-edge-response-result-type cs-protocol-version fle-status fle-encrypted-fields c-port time-to-first-byte x-edge-detailed-result-type sc-content-type sc-content-len sc-range-start sc-range-end",
      "2026-10-10\t13:55:36\tSEA19-C1\t2390\t192.0.2.100\tGET\td111111abcdef8.cloudfront.net\t/index.html\t200\t-\tMozilla/5.0%20(Windows%20NT%2010.0)\tq=1\t-\tHit\tSOX4xwn4XV6Q4rgb7XiVGOHms_BGlTAC4KyHmureZmBNrjGdRLiNIQ==\twww.example.com\thttps\t157\t0.001\t-\tTLSv1.3\tTLS_AES_128_GCM_SHA256\tHit\tHTTP/2.0\t-\t-\t11040\t0.001\tHit\ttext/html\t78\t-\t-",
      "",
    ].join("\n"),
    rows: [
      {
        href: "https://www.example.com/index.html?q=1",
        time: "2026-10-10 13:55:36",
        "x-edge-location": "SEA19-C1",
        "sc-bytes": 2390,
        "c-ip": "192.0.2.100",
        "cs(Host)": "d111111abcdef8.cloudfront.net",
        "cs-uri-stem": "/index.html",
        "x-host-header": "www.example.com",
        "cs-protocol": "https",
        "time-taken": 0.001,
        "c-port": 11040,
        "sc-content-type": "text/html",
        "sc-range-end": null,
        client: "192.0.2.100",
        method: "GET",
        target: "/index.html?q=1",
        status: 200,
        bytes: 2390,
        referer: null,
        // CloudFront URL-encodes every value (space as %20, "%" as %25): the text is decoded.
        agent: "Mozilla/5.0 (Windows NT 10.0)",
        vhost: "www.example.com",
        "field:scheme": "https",
        duration: 0.001,
        version: "HTTP/2.0",
      },
    ],
  },
  cloudstorage: {
    args: ["--input", "cloudstorage"],
    text: [
      '"time_micros","c_ip","c_ip_type","c_ip_region","cs_method","cs_uri","sc_status","cs_bytes","sc_bytes","time_taken_micros","cs_host","cs_referer","cs_user_agent","s_request_id","cs_operation","cs_bucket","cs_object"',
      '"1791640536000000","192.0.2.4","1","","GET","/storage/v1/b/example-bucket/o/photo.jpg?alt=media","200","0","3422","62000","storage.googleapis.com","","gsutil/5.6 (linux)","ADPycdtExample","GET_Object","example-bucket","photo.jpg"',
      "",
    ].join("\n"),
    rows: [
      {
        href: "https://storage.googleapis.com/storage/v1/b/example-bucket/o/photo.jpg?alt=media",
        // Past 15 digits a number is written as a string.
        time_micros: "1791640536000000",
        c_ip: "192.0.2.4",
        c_ip_type: "1",
        c_ip_region: null,
        cs_method: "GET",
        sc_status: 200,
        sc_bytes: 3422,
        time_taken_micros: 62000,
        cs_host: "storage.googleapis.com",
        cs_user_agent: "gsutil/5.6 (linux)",
        cs_operation: "GET_Object",
        cs_bucket: "example-bucket",
        cs_object: "photo.jpg",
        client: "192.0.2.4",
        time: "1791640536000000",
        method: "GET",
        target: "/storage/v1/b/example-bucket/o/photo.jpg?alt=media",
        status: 200,
        bytes: 3422,
        duration: 62000,
        vhost: "storage.googleapis.com",
        referer: null,
        agent: "gsutil/5.6 (linux)",
      },
    ],
  },
  awselb: {
    args: ["--input", "awselb"],
    text: '2015-05-13T23:39:43.945958Z my-loadbalancer 192.168.131.39:2817 10.0.0.1:80 0.000073 0.001048 0.000057 200 200 0 29 "GET http://www.example.com:80/ HTTP/1.1" "curl/7.38.0" - -\n',
    rows: [
      {
        href: "http://www.example.com/",
        timestamp: "2015-05-13T23:39:43.945958Z",
        elb: "my-loadbalancer",
        "client:port": "192.168.131.39:2817",
        "backend:port": "10.0.0.1:80",
        request_processing_time: 0.000073,
        backend_processing_time: 0.001048,
        response_processing_time: 0.000057,
        elb_status_code: 200,
        backend_status_code: 200,
        received_bytes: 0,
        sent_bytes: 29,
        user_agent: "curl/7.38.0",
        ssl_cipher: null,
        ssl_protocol: null,
        client: "192.168.131.39",
        time: "2015-05-13T23:39:43.945958Z",
        request: "GET http://www.example.com:80/ HTTP/1.1",
        method: "GET",
        target: "http://www.example.com:80/",
        status: 200,
        bytes: 29,
        agent: "curl/7.38.0",
        duration: 0.001048,
      },
    ],
  },
  awsalb: {
    args: ["--input", "awsalb"],
    // A field the load balancer adds after those documented (conn_trace_id) is no failure.
    text: 'https 2018-07-02T22:23:00.186641Z app/my-loadbalancer/50dc6c495c0c9188 192.168.131.39:2817 10.0.0.1:80 0.086 0.048 0.037 200 200 0 57 "GET https://www.example.com:443/ HTTP/1.1" "curl/7.46.0" ECDHE-RSA-AES128-GCM-SHA256 TLSv1.2 arn:aws:elasticloadbalancing:us-east-2:123456789012:targetgroup/my-targets/73e2d6bc24d8a067 "Root=1-58337281-1d84f3d73c47ec4e58577259" "www.example.com" "arn:aws:acm:us-east-2:123456789012:certificate/12345678-1234-1234-1234-123456789012" 1 2018-07-02T22:22:48.364000Z "authenticate,forward" "-" "-" "10.0.0.1:80" "200" "-" "-" TID_1234abcd5678ef90\n',
    rows: [
      {
        href: "https://www.example.com/",
        type: "https",
        "client:port": "192.168.131.39:2817",
        "target:port": "10.0.0.1:80",
        target_processing_time: 0.048,
        elb_status_code: 200,
        target_status_code: "200",
        sent_bytes: 57,
        trace_id: "Root=1-58337281-1d84f3d73c47ec4e58577259",
        domain_name: "www.example.com",
        matched_rule_priority: "1",
        request_creation_time: "2018-07-02T22:22:48.364000Z",
        actions_executed: "authenticate,forward",
        redirect_url: null,
        "target:port_list": "10.0.0.1:80",
        classification_reason: null,
        client: "192.168.131.39",
        time: "2018-07-02T22:23:00.186641Z",
        method: "GET",
        target: "https://www.example.com:443/",
        version: "HTTP/1.1",
        status: 200,
        bytes: 57,
        agent: "curl/7.46.0",
        vhost: "www.example.com",
        duration: 0.048,
      },
    ],
  },
  awss3: {
    args: ["--input", "awss3"],
    text: '79a59df900b949e55d96a1e698fbacedfd6e09d98eacf8f8d5218e7cd47ef2be awsexamplebucket1 [06/Feb/2019:00:00:38 +0000] 192.0.2.3 79a59df900b949e55d96a1e698fbacedfd6e09d98eacf8f8d5218e7cd47ef2be 3E57427F3EXAMPLE REST.GET.VERSIONING - "GET /awsexamplebucket1?versioning HTTP/1.1" 200 - 113 - 7 - "-" "S3Console/0.4" - s9lzHYrFp76ZVxRcpX9+5cjAnEH2ROuNkd2BHfIa6UkFVdtjf5mKR3/eTPFvsiP/XV/VLi31234= SigV4 ECDHE-RSA-AES128-GCM-SHA256 AuthHeader awsexamplebucket1.s3.us-west-1.amazonaws.com TLSV1.2 arn:aws:s3:us-west-1:123456789012:accesspoint/example-AP Yes\n',
    rows: [
      {
        href: "https://awsexamplebucket1.s3.us-west-1.amazonaws.com/awsexamplebucket1?versioning",
        bucket: "awsexamplebucket1",
        remote_ip: "192.0.2.3",
        operation: "REST.GET.VERSIONING",
        key: null,
        http_status: 200,
        error_code: null,
        bytes_sent: 113,
        object_size: null,
        total_time: 7,
        turn_around_time: null,
        signature_version: "SigV4",
        host_header: "awsexamplebucket1.s3.us-west-1.amazonaws.com",
        tls_version: "TLSV1.2",
        client: "192.0.2.3",
        time: "06/Feb/2019:00:00:38 +0000",
        method: "GET",
        target: "/awsexamplebucket1?versioning",
        status: 200,
        bytes: 113,
        referer: null,
        agent: "S3Console/0.4",
        vhost: "awsexamplebucket1.s3.us-west-1.amazonaws.com",
        duration: 7,
      },
    ],
  },
  squid: {
    args: ["--input", "squid"],
    // Squid pads its columns with spaces (%6tr).
    text: "1286536309.450     65 192.168.0.1 TCP_MISS/200 1234 GET http://www.example.com/a?b - HIER_DIRECT/192.0.2.10 text/html\n1286536310.012    110 192.168.0.2 TCP_TUNNEL/200 5130 CONNECT www.example.org:443 - HIER_DIRECT/192.0.2.11 -\n1286536311.100   1020 192.168.0.3 TCP_HIT/304 312 GET http://www.example.com/logo.png alice NONE/- image/png\n",
    rows: [
      {
        href: "http://www.example.com/a?b",
        time: 1286536309.45,
        elapsed: 65,
        remotehost: "192.168.0.1",
        code: "TCP_MISS",
        status: 200,
        bytes: 1234,
        method: "GET",
        URL: "http://www.example.com/a?b",
        rfc931: null,
        peerstatus: "HIER_DIRECT",
        peerhost: "192.0.2.10",
        type: "text/html",
        client: "192.168.0.1",
        target: "http://www.example.com/a?b",
        duration: 65,
      },
      // CONNECT's authority-form is no URL without --base (as in --input combined).
      {
        href: undefined,
        input:
          "1286536310.012    110 192.168.0.2 TCP_TUNNEL/200 5130 CONNECT www.example.org:443 - HIER_DIRECT/192.0.2.11 -",
        method: "CONNECT",
        target: "www.example.org:443",
        type: null,
      },
      { href: "http://www.example.com/logo.png", elapsed: 1020, status: 304, user: "alice", peerhost: null },
    ],
  },
  traefikclf: {
    args: ["--input", "traefikclf", "--base", "https://traefik.example/"],
    text: '192.0.2.1 - - [10/Oct/2026:13:55:36 +0000] "GET /whoami HTTP/1.1" 200 1024 "-" "curl/8.0" 5 "whoami@docker" "http://172.17.0.3:80" 3ms\n',
    rows: [
      {
        href: "https://traefik.example/whoami",
        ClientHost: "192.0.2.1",
        ClientUsername: null,
        StartUTC: "10/Oct/2026:13:55:36 +0000",
        RequestMethod: "GET",
        RequestPath: "/whoami",
        RequestProtocol: "HTTP/1.1",
        DownstreamStatus: 200,
        DownstreamContentSize: 1024,
        request_Referer: null,
        "request_User-Agent": "curl/8.0",
        RequestCount: 5,
        RouterName: "whoami@docker",
        ServiceURL: "http://172.17.0.3:80",
        Duration: 3,
        client: "192.0.2.1",
        time: "10/Oct/2026:13:55:36 +0000",
        method: "GET",
        target: "/whoami",
        status: 200,
        bytes: 1024,
        agent: "curl/8.0",
        duration: 3,
      },
    ],
  },
  caddy: {
    args: ["--input", "caddy"],
    text: `${JSON.stringify({
      level: "info",
      ts: 1646861401.5241024,
      logger: "http.log.access",
      msg: "handled request",
      request: {
        remote_ip: "127.0.0.1",
        remote_port: "41342",
        client_ip: "127.0.0.1",
        proto: "HTTP/2.0",
        method: "GET",
        host: "localhost",
        uri: "/docs?page=2",
        headers: { "User-Agent": ["curl/7.82.0"], Referer: ["https://localhost/"] },
        tls: { resumed: false, version: 772, cipher_suite: 4865, proto: "h2", server_name: "localhost" },
      },
      bytes_read: 0,
      user_id: "",
      duration: 0.000929675,
      size: 10900,
      status: 200,
    })}\nnot json\n${JSON.stringify({ ts: 1646861402, request: { method: "HEAD", host: "example.org", uri: "/" }, status: 404, size: 0 })}\n`,
    rows: [
      {
        href: "https://localhost/docs?page=2",
        "request.remote_port": "41342",
        "request.proto": "HTTP/2.0",
        size: 10900,
        logger: "http.log.access",
        client: "127.0.0.1",
        user: null,
        time: 1646861401.5241024,
        method: "GET",
        target: "/docs?page=2",
        version: "HTTP/2.0",
        status: 200,
        bytes: 10900,
        referer: "https://localhost/",
        agent: "curl/7.82.0",
        vhost: "localhost",
        duration: 0.000929675,
      },
      { href: undefined, input: "not json", status: null, target: null },
      // No tls: http.
      { href: "http://example.org/", method: "HEAD", status: 404, bytes: 0, agent: null, duration: null },
    ],
  },
  "nginx log_format with $host and $request_time": {
    args: [
      "--log-format",
      '$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent "$http_referer" "$http_user_agent" $host $request_time $upstream_response_time',
    ],
    text: '198.51.100.4 - - [10/Oct/2026:13:55:36 +0000] "GET /caf\\xC3\\xA9?q=\\x22 HTTP/1.1" 200 612 "-" "Wget/1.21" shop.example 0.004 0.003, 0.001\n',
    rows: [
      {
        href: "http://shop.example/caf%C3%A9?q=%22",
        remote_addr: "198.51.100.4",
        request: 'GET /café?q=" HTTP/1.1',
        target: '/café?q="',
        host: "shop.example",
        vhost: "shop.example",
        request_time: 0.004,
        duration: 0.004,
        // The last field ends at a space: what follows is the server's addition.
        upstream_response_time: "0.003,",
        agent: "Wget/1.21",
      },
    ],
  },
  "Apache LogFormat with %v, %D and %U%q": {
    args: ["--log-format", '%v %h %u %{%Y-%m-%d}t \\"%m %U%q %H\\" %>s %B %D %{ms}T'],
    text: 'docs.example 192.0.2.9 - 2026-10-10 "GET /guide?lang=en HTTP/1.1" 200 0 1520 1\n',
    rows: [
      {
        href: "http://docs.example/guide?lang=en",
        "%v": "docs.example",
        "%{%Y-%m-%d}t": "2026-10-10",
        "%m": "GET",
        "%U%q": "/guide?lang=en",
        "%H": "HTTP/1.1",
        "%B": 0,
        "%D": 1520,
        "%{ms}T": 1,
        method: "GET",
        target: "/guide?lang=en",
        version: "HTTP/1.1",
        status: 200,
        bytes: 0,
        duration: 1520,
      },
    ],
  },
};

describe("access-log formats, each on lines as its vendor documents them", () => {
  for (const [name, c] of Object.entries(CASES)) {
    it(name, () => {
      const fields = [...new Set(c.rows.flatMap((r) => Object.keys(r)))].filter((f) => f !== "href" && f !== "input");
      const got = rows(c.text, [...c.args, "--fields", ["href", ...fields].join(",")]);
      expect(got).toHaveLength(c.rows.length);
      for (const [i, want] of c.rows.entries()) {
        const row = got[i];
        for (const [field, value] of Object.entries(want)) expect([field, row[field]]).toEqual([field, value]);
        // A failure row: the line, "invalid", and null for the record's fields.
        if (want.href === undefined) expect(row.error).toBe("invalid");
      }
    });
  }

  it("an unknown field, a definition of neither syntax and fields with nothing between are usage errors", () => {
    const log = scratch.file("one.log", "x\n");
    const cases: [string[], RegExp][] = [
      [["--input", "awselb", "--fields", "href,status,nope"], /unknown field "nope".*elb_status_code/],
      [
        ["--log-format", "client status"],
        /^swurl: parse: --log-format: write an nginx log_format .* or an Apache LogFormat .*: the definition names no field of either\n$/,
      ],
      [["--log-format", "$remote_addr%h"], /not both/],
      [["--log-format", "$remote_addr$remote_user"], /nothing between them/],
      [["--log-format", "$status $status"], /twice/],
      [["--input", "combined", "--log-format", "$status"], /takes no --input/],
    ];
    for (const [args, message] of cases) {
      const r = swurl(["parse", log, ...args]);
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(message);
    }
  });

  it("a decimal is written without the zeros that add nothing, in every output and as stats --by counts it", () => {
    const written = ["0.590", "012.500", "1.0", "0.000", "7", "-", "-1"];
    const text = written.map((t, i) => `192.0.2.1 "GET /${i} HTTP/1.1" 200 ${t}\n`).join("");
    const args = ["--log-format", '$remote_addr "$request" $status $request_time', "--base", "https://a.example/"];
    const want = [0.59, 12.5, 1, 0, 7, null, null];
    expect(rows(text, [...args, "--fields", "request_time"]).map((r) => r.request_time)).toEqual(want);
    const csv = swurl(["parse", scratch.file("log.txt", text), ...args, "--format", "csv", "--fields", "request_time"]);
    // CSV's lines end in CR LF (RFC 4180).
    expect(csv.stdout.split("\r\n").slice(1, -1)).toEqual(want.map((v) => `${v ?? ""},true`));
    const stats = swurl(["stats", "--json", scratch.file("log.txt", text), ...args, "--by", "request_time"]);
    const labels = (JSON.parse(stats.stdout) as { groups: { top: { label: string }[] }[] }).groups[0].top;
    expect(labels.map((t) => t.label).sort()).toEqual(["(none)", "0", "0.59", "1", "12.5", "7"]);
  });

  it.each([
    ["0.004", "0.004"],
    ["00", "0"],
    ["10", "10"],
    ["10.50", "10.5"],
    ["0.0000001", "0.0000001"],
    ["1e-7", "1e-7"],
    ["9.12E-7", "9.12e-7"],
    ["1e400", null],
    ["1.", null],
    [".5", null],
    ["-0.5", null],
    ["1.5x", null],
    ["", null],
  ])("decimalValue(%j) is %j", (v, want) => {
    expect(decimalValue(v)).toBe(want);
  });

  // What stats --sum adds of a decimal: whole millionths, rounded half up at the seventh digit.
  it.each([
    ["0.59", 590_000],
    ["12.5", 12_500_000],
    ["7", 7_000_000],
    ["0.0000005", 1],
    ["0.0000004999", 0],
    ["1.1234565", 1_123_457],
    ["9.12e-7", 1],
    ["4e-7", 0],
    ["1.5e3", 1_500_000_000],
    ["1e+21", 1e27],
    ["1e999", -1],
    ["1.", -1],
    [".5", -1],
    ["1.5x", -1],
    ["", -1],
  ])("millionthsOf(%j) is %j", (v, want) => {
    expect(millionthsOf(v)).toBe(want);
  });

  it("a definition is compiled once per thread: asked again, the same program; one that does not compile, an error again", () => {
    const definition = '$remote_addr [$time_local] "$request" $status';
    expect(compileLogFormat(definition)).toBe(compileLogFormat(definition));
    for (let i = 0; i < 2; i++) expect(() => compileLogFormat("client status")).toThrow(/names no field/);
  });
});

/** The Combined and Common Log Formats as nginx and Apache define them. */
const NGINX_COMBINED =
  '$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent "$http_referer" "$http_user_agent"';
const APACHE_COMBINED = String.raw`%h %l %u %t \"%r\" %>s %b \"%{Referer}i\" \"%{User-agent}i\"`;
const NGINX_COMMON = '$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent';
const APACHE_COMMON = String.raw`%h %l %u %t \"%r\" %>s %b`;

describe("the servers' definitions of the Combined and Common formats read as --input combined and common", () => {
  const quotable = plain(/["\n]/g);
  /** A well-formed line of either format (quoted fields of hostile pieces, escapes among them). */
  const wellFormed = fc
    .record({
      client: fc.constantFrom("203.0.113.9", "2001:db8::1", "-"),
      user: fc.constantFrom("-", "alice", "b\\x22ob"),
      time: fc.constantFrom("10/Oct/2024:13:55:36 +0000", "01/Jan/2026:00:00:00 -0700"),
      method: fc.constantFrom("GET", "POST", "CONNECT", "OPTIONS", "HEAD"),
      target: quotable,
      version: fc.constantFrom(" HTTP/1.1", " HTTP/2.0", ""),
      status: fc.constantFrom("200", "404", "-", "0200"),
      bytes: fc.constantFrom("2326", "-", "0"),
      referer: quotable,
      agent: quotable,
      extra: fc.constantFrom("", " 0.004", ' "x"', ""),
    })
    .map(
      (l) =>
        `${l.client} - ${l.user} [${l.time}] "${l.method} ${l.target}${l.version}" ${l.status} ${l.bytes} "${l.referer}" "${l.agent}"${l.extra}`,
    );
  // Well-formed lines, the reader property's (broken in one place, mostly), and lines of no log at all.
  const generated = fc.sample(
    fc.oneof({ weight: 4, arbitrary: wellFormed }, { weight: 2, arbitrary: logLine }, fc.string()),
    { numRuns: 3000, seed: 34 },
  );
  const text = `${generated.map((l) => l.replace(/[\r\n]/g, "")).join("\n")}\n`;
  const bytes = Buffer.from(text, "latin1");
  const common = "href,client,user,time,request,method,target,version,status,bytes,input";
  const cases: [string, string, string[]][] = [
    ["combined", `${common},referer,agent`, ["nginx", NGINX_COMBINED, "apache", APACHE_COMBINED]],
    ["common", common, ["nginx", NGINX_COMMON, "apache", APACHE_COMMON]],
  ];
  for (const [format, fields, definitions] of cases) {
    for (let d = 0; d < definitions.length; d += 2) {
      it(`${definitions[d]}'s ${format}: the same rows as --input ${format}`, () => {
        const log = scratch.file(`${format}.log`, bytes);
        const base = ["--base", "https://www.example.com/", "--fields", fields];
        const want = swurl(["parse", log, "--input", format, ...base]);
        const got = swurl(["parse", log, "--log-format", definitions[d + 1], ...base]);
        expect(want.status).toBe(0);
        expect(got.stderr).toBe(want.stderr);
        expect(got.status).toBe(0);
        const wantRows = lines(want.stdout);
        // The lines have both outcomes: those that match and those that do not.
        expect(wantRows.filter((r) => r.includes('"error"')).length).toBeGreaterThan(100);
        expect(wantRows.filter((r) => !r.includes('"error"')).length).toBeGreaterThan(200);
        const gotRows = lines(got.stdout);
        expect(gotRows).toHaveLength(wantRows.length);
        // The first rows that differ, each beside the one expected.
        expect(wantRows.flatMap((w, i) => (w === gotRows[i] ? [] : [[w, gotRows[i]]])).slice(0, 4)).toEqual([]);
      });
    }
  }
});
