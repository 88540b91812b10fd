// Route tables for the router benchmark (bench/suites/router.mjs): an app's
// routes (45), the GitHub REST API's (142) and a generated table of any size,
// each route a path with ":name" parameters that every router compared reads
// the same way (one path segment each). No two routes of a table can match
// one path, and none has a fixed segment beside a parameter at the same place
// (Hono's RegExpRouter refuses that), so every router picks the one route the
// standard's in-order loop picks.
//
// `requestsOf(table, count, seed)` makes requests as a Node server hands them
// (`req.url`: the path and query): 90% fill a route's parameters with words
// and numbers (a fifth with a query), 10% match no route.
import { mulberry32 } from "../scripts/data/random.mjs";

export const APP = [
  "/",
  "/about",
  "/contact",
  "/pricing",
  "/login",
  "/logout",
  "/signup",
  "/health",
  "/metrics",
  "/robots.txt",
  "/sitemap.xml",
  "/blog",
  "/blog/:slug",
  "/tags/:tag",
  "/archive/:year/:month",
  "/docs",
  "/docs/:section/:page",
  "/products",
  "/products/:id",
  "/products/:id/reviews",
  "/products/:id/reviews/:reviewId",
  "/cart",
  "/cart/items/:itemId",
  "/checkout",
  "/checkout/:step",
  "/orders",
  "/orders/:orderId",
  "/orders/:orderId/invoice",
  "/account",
  "/account/settings",
  "/account/settings/:tab",
  "/account/addresses/:addressId",
  "/api/v1/users",
  "/api/v1/users/:id",
  "/api/v1/users/:id/posts",
  "/api/v1/users/:id/posts/:postId",
  "/api/v1/posts",
  "/api/v1/posts/:postId/comments",
  "/api/v1/posts/:postId/comments/:commentId",
  "/api/v1/search",
  "/api/v2/items/:sku",
  "/api/v2/items/:sku/stock",
  "/admin",
  "/admin/users/:id",
  "/admin/reports/:year/:quarter",
];

const REPO = "/repos/:owner/:repo";
export const GITHUB = [
  "/authorizations",
  "/authorizations/:id",
  "/applications/:client_id/tokens/:access_token",
  "/events",
  "/networks/:owner/:repo/events",
  "/orgs/:org/events",
  "/users/:user/received_events",
  "/users/:user/received_events/public",
  "/users/:user/events",
  "/users/:user/events/public",
  "/users/:user/events/orgs/:org",
  "/feeds",
  "/notifications",
  "/notifications/threads/:id",
  "/notifications/threads/:id/subscription",
  "/users/:user/starred",
  "/user/starred",
  "/user/starred/:owner/:repo",
  "/users/:user/subscriptions",
  "/user/subscriptions",
  "/user/subscriptions/:owner/:repo",
  "/users/:user/gists",
  "/gists",
  "/gists/:id",
  "/gists/:id/star",
  "/gists/:id/forks",
  "/gists/:id/comments",
  "/gists/:id/comments/:comment_id",
  "/issues",
  "/user/issues",
  "/orgs/:org/issues",
  "/users/:user/orgs",
  "/user/orgs",
  "/orgs/:org",
  "/orgs/:org/members",
  "/orgs/:org/members/:user",
  "/orgs/:org/public_members",
  "/orgs/:org/public_members/:user",
  "/orgs/:org/teams",
  "/teams/:id",
  "/teams/:id/members",
  "/teams/:id/members/:user",
  "/teams/:id/repos",
  "/teams/:id/repos/:owner/:repo",
  "/user/teams",
  "/user/repos",
  "/users/:user/repos",
  "/orgs/:org/repos",
  "/repositories",
  "/user/emails",
  "/user/followers",
  "/users/:user/followers",
  "/user/following",
  "/users/:user/following",
  "/user/following/:user",
  "/users/:user/following/:target_user",
  "/users/:user/keys",
  "/user/keys",
  "/user/keys/:id",
  "/users/:user",
  "/user",
  "/users",
  "/search/repositories",
  "/search/code",
  "/search/issues",
  "/search/users",
  "/legacy/issues/search/:owner/:repository/:state/:keyword",
  "/legacy/repos/search/:keyword",
  "/legacy/user/search/:keyword",
  "/legacy/user/email/:email",
  "/emojis",
  "/gitignore/templates",
  "/gitignore/templates/:name",
  "/markdown",
  "/markdown/raw",
  "/meta",
  "/rate_limit",
  ...[
    "",
    "/events",
    "/events/issues",
    "/events/issues/:id",
    "/issues",
    "/issues/:number",
    "/issues/:number/comments",
    "/issues/:number/events",
    "/issues/:number/labels",
    "/issues/:number/labels/:name",
    "/assignees",
    "/assignees/:assignee",
    "/labels",
    "/labels/:name",
    "/milestones",
    "/milestones/:number",
    "/milestones/:number/labels",
    "/pulls",
    "/pulls/:number",
    "/pulls/:number/commits",
    "/pulls/:number/files",
    "/pulls/:number/merge",
    "/pulls/:number/comments",
    "/contributors",
    "/languages",
    "/teams",
    "/tags",
    "/branches",
    "/branches/:branch",
    "/collaborators",
    "/collaborators/:user",
    "/comments",
    "/comments/:id",
    "/commits",
    "/commits/:sha",
    "/commits/:sha/comments",
    "/readme",
    "/keys",
    "/keys/:id",
    "/downloads",
    "/downloads/:id",
    "/forks",
    "/hooks",
    "/hooks/:id",
    "/hooks/:id/tests",
    "/releases",
    "/releases/:id",
    "/releases/:id/assets",
    "/stats/contributors",
    "/stats/commit_activity",
    "/stats/code_frequency",
    "/stats/participation",
    "/stats/punch_card",
    "/statuses/:ref",
    "/stargazers",
    "/subscribers",
    "/subscription",
    "/git/blobs/:sha",
    "/git/commits/:sha",
    "/git/refs",
    "/git/tags/:sha",
    "/git/trees/:sha",
    "/notifications",
    "/deployments",
    "/pages",
  ].map((tail) => REPO + tail),
];

const SECTIONS = ["users", "orders", "items", "posts", "carts", "tags", "files", "teams", "plans", "notes"];
const TAILS = ["", "/:id", "/:id/edit", "/:id/children", "/:id/children/:childId", "/:id/history"];

/** A table of `n` routes of the shapes of a service's API: `/svc{k}/{section}{tail}`. */
export function generated(n) {
  const table = [];
  for (let i = 0; table.length < n; i++) {
    const section = SECTIONS[i % SECTIONS.length];
    const k = Math.floor(i / SECTIONS.length);
    for (const tail of TAILS) if (table.length < n) table.push(`/svc${k}/${section}${tail}`);
  }
  return table;
}

const WORDS = ["octocat", "hello-world", "main", "v1.2.3", "alpha", "x9", "readme_md", "42", "1234567", "a1b2c3"];

/** `count` requests over `table` (path + query), seeded; 10% match no route. */
export function requestsOf(table, count, seed = 1) {
  const rng = mulberry32(seed);
  const pick = (list) => list[Math.floor(rng() * list.length)];
  const out = [];
  for (let i = 0; i < count; i++) {
    const route = pick(table);
    let path = route.replace(/:[a-z_A-Z]+/g, () => pick(WORDS));
    if (rng() < 0.1) path = path === "/" ? "/nothing-here" : `${path}/zz-${pick(WORDS)}`;
    if (rng() < 0.2) path += `?page=${Math.floor(rng() * 9) + 1}&sort=${pick(WORDS)}`;
    out.push(path);
  }
  return out;
}
