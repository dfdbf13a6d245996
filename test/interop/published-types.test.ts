/**
 * Type packages people already depend on, compiled as a user would write them (issue 18):
 * GitHub's REST types (@octokit/openapi-types, whose ids are all `number | bigint`) and JSON
 * Schema (@types/json-schema, whose JSONSchema7Array is `interface ... extends Array<...> {}`).
 * Realistic payloads round-trip and interoperate with @msgpack/msgpack both ways.
 */
import { decode as peerDecode, encode as peerEncode } from "@msgpack/msgpack";
import type { components } from "@octokit/openapi-types";
import type { JSONSchema7 } from "json-schema";
import { compile, load } from "../helpers/compile";
import type { Codec } from "../../runtime/index";
import { peerDifference, peerExpectation } from "../property/lib/equal";
import { about, codecError, hex } from "../roundtrip/helpers";

type S = components["schemas"];

const SOURCE = `
import { codecFor } from "typed-msgpack";
import type { components } from "@octokit/openapi-types";
import type { JSONSchema7 } from "json-schema";
type S = components["schemas"];
export const Repository = codecFor<S["repository"]>();
export const Issue = codecFor<S["issue"]>();
export const PullRequest = codecFor<S["pull-request"]>();
export const WorkflowRun = codecFor<S["workflow-run"]>();
export const SimpleUser = codecFor<S["simple-user"]>();
export const Schema = codecFor<JSONSchema7>();
`;

const C = load<Record<string, Codec<any>>>("interop_published_types", SOURCE);

// ---- A GitHub API response, as api.github.com writes it (the shapes of GitHub's own examples) ----

function user(login: string, id: number | bigint): S["simple-user"] {
  const api = `https://api.github.com/users/${login}`;
  return {
    login,
    id,
    node_id: "MDQ6VXNlcjU4MzIzMQ==",
    avatar_url: `https://avatars.githubusercontent.com/u/${id}?v=4`,
    gravatar_id: "",
    url: api,
    html_url: `https://github.com/${login}`,
    followers_url: `${api}/followers`,
    following_url: `${api}/following{/other_user}`,
    gists_url: `${api}/gists{/gist_id}`,
    starred_url: `${api}/starred{/owner}{/repo}`,
    subscriptions_url: `${api}/subscriptions`,
    organizations_url: `${api}/orgs`,
    repos_url: `${api}/repos`,
    events_url: `${api}/events{/privacy}`,
    received_events_url: `${api}/received_events`,
    type: "User",
    user_view_type: "public",
    site_admin: false,
  };
}

/** The URL templates every repository object carries. */
function repoUrls(owner: string, name: string) {
  const api = `https://api.github.com/repos/${owner}/${name}`;
  return {
    html_url: `https://github.com/${owner}/${name}`,
    url: api,
    archive_url: `${api}/{archive_format}{/ref}`,
    assignees_url: `${api}/assignees{/user}`,
    blobs_url: `${api}/git/blobs{/sha}`,
    branches_url: `${api}/branches{/branch}`,
    collaborators_url: `${api}/collaborators{/collaborator}`,
    comments_url: `${api}/comments{/number}`,
    commits_url: `${api}/commits{/sha}`,
    compare_url: `${api}/compare/{base}...{head}`,
    contents_url: `${api}/contents/{+path}`,
    contributors_url: `${api}/contributors`,
    deployments_url: `${api}/deployments`,
    downloads_url: `${api}/downloads`,
    events_url: `${api}/events`,
    forks_url: `${api}/forks`,
    git_commits_url: `${api}/git/commits{/sha}`,
    git_refs_url: `${api}/git/refs{/sha}`,
    git_tags_url: `${api}/git/tags{/sha}`,
    issue_comment_url: `${api}/issues/comments{/number}`,
    issue_events_url: `${api}/issues/events{/number}`,
    issues_url: `${api}/issues{/number}`,
    keys_url: `${api}/keys{/key_id}`,
    labels_url: `${api}/labels{/name}`,
    languages_url: `${api}/languages`,
    merges_url: `${api}/merges`,
    milestones_url: `${api}/milestones{/number}`,
    notifications_url: `${api}/notifications{?since,all,participating}`,
    pulls_url: `${api}/pulls{/number}`,
    releases_url: `${api}/releases{/id}`,
    stargazers_url: `${api}/stargazers`,
    statuses_url: `${api}/statuses/{sha}`,
    subscribers_url: `${api}/subscribers`,
    subscription_url: `${api}/subscription`,
    tags_url: `${api}/tags`,
    teams_url: `${api}/teams`,
    trees_url: `${api}/git/trees{/sha}`,
    hooks_url: `${api}/hooks`,
  };
}

function repository(owner: S["simple-user"], name: string, id: number | bigint): S["repository"] {
  return {
    id,
    node_id: "MDEwOlJlcG9zaXRvcnkxMjk2MjY5",
    name,
    full_name: `${owner.login}/${name}`,
    license: {
      key: "mit",
      name: "MIT License",
      url: "https://api.github.com/licenses/mit",
      spdx_id: "MIT",
      node_id: "MDc6TGljZW5zZW1pdA==",
    },
    forks: 9,
    permissions: { admin: false, pull: true, push: false },
    owner,
    private: false,
    description: "This your first repo!",
    fork: false,
    ...repoUrls(owner.login, name),
    git_url: `git:github.com/${owner.login}/${name}.git`,
    ssh_url: `git@github.com:${owner.login}/${name}.git`,
    clone_url: `https://github.com/${owner.login}/${name}.git`,
    mirror_url: null,
    svn_url: `https://svn.github.com/${owner.login}/${name}`,
    homepage: "https://github.com",
    language: "TypeScript",
    forks_count: 9,
    stargazers_count: 80,
    watchers_count: 80,
    size: 108,
    default_branch: "main",
    open_issues_count: 0,
    is_template: false,
    topics: ["octocat", "atom", "electron", "api"],
    has_issues: true,
    has_projects: true,
    has_wiki: true,
    has_pages: false,
    has_downloads: true,
    has_discussions: false,
    archived: false,
    disabled: false,
    visibility: "public",
    pushed_at: "2011-01-26T19:06:43Z",
    created_at: "2011-01-26T19:01:12Z",
    updated_at: "2011-01-26T19:14:43Z",
    allow_rebase_merge: true,
    allow_squash_merge: true,
    allow_auto_merge: false,
    delete_branch_on_merge: true,
    allow_merge_commit: true,
    allow_forking: true,
    web_commit_signoff_required: false,
    squash_merge_commit_title: "COMMIT_OR_PR_TITLE",
    squash_merge_commit_message: "COMMIT_MESSAGES",
    open_issues: 0,
    watchers: 80,
  };
}

function minimalRepository(owner: S["simple-user"], name: string, id: number | bigint): S["minimal-repository"] {
  return {
    id,
    node_id: "MDEwOlJlcG9zaXRvcnkxMjk2MjY5",
    name,
    full_name: `${owner.login}/${name}`,
    owner,
    private: false,
    description: "This your first repo!",
    fork: false,
    ...repoUrls(owner.login, name),
  };
}

/** A user id above 2^53: GitHub's ids are int64, which is why the types say `number | bigint`. */
const HUGE_ID = 2n ** 53n + 20_231_117n;

const octocat = user("octocat", 1);
const monalisa = user("monalisa", 583231);
const future = user("future-user", HUGE_ID);
const helloWorld = repository(octocat, "Hello-World", 1296269);

const milestone: S["issue"]["milestone"] = {
  url: "https://api.github.com/repos/octocat/Hello-World/milestones/1",
  html_url: "https://github.com/octocat/Hello-World/milestones/v1.0",
  labels_url: "https://api.github.com/repos/octocat/Hello-World/milestones/1/labels",
  id: 1002604,
  node_id: "MDk6TWlsZXN0b25lMTAwMjYwNA==",
  number: 1,
  state: "open",
  title: "v1.0",
  description: "Tracking milestone for version 1.0",
  creator: octocat,
  open_issues: 4,
  closed_issues: 8,
  created_at: "2011-04-10T20:09:31Z",
  updated_at: "2014-03-03T18:58:10Z",
  closed_at: "2013-02-12T13:22:01Z",
  due_on: "2012-10-09T23:39:01Z",
};

const issue: S["issue"] = {
  id: 1,
  node_id: "MDU6SXNzdWUx",
  url: "https://api.github.com/repos/octocat/Hello-World/issues/1347",
  repository_url: "https://api.github.com/repos/octocat/Hello-World",
  labels_url: "https://api.github.com/repos/octocat/Hello-World/issues/1347/labels{/name}",
  comments_url: "https://api.github.com/repos/octocat/Hello-World/issues/1347/comments",
  events_url: "https://api.github.com/repos/octocat/Hello-World/issues/1347/events",
  html_url: "https://github.com/octocat/Hello-World/issues/1347",
  number: 1347,
  state: "open",
  title: "Found a bug",
  body: "I'm having a problem with this.",
  user: octocat,
  labels: [
    {
      id: 208045946,
      node_id: "MDU6TGFiZWwyMDgwNDU5NDY=",
      url: "https://api.github.com/repos/octocat/Hello-World/labels/bug",
      name: "bug",
      description: "Something isn't working",
      color: "f29513",
      default: true,
    },
    "triage",
  ],
  assignee: monalisa,
  assignees: [monalisa, future],
  milestone,
  locked: true,
  active_lock_reason: "too heated",
  comments: 0,
  pull_request: {
    url: "https://api.github.com/repos/octocat/Hello-World/pulls/1347",
    html_url: "https://github.com/octocat/Hello-World/pull/1347",
    diff_url: "https://github.com/octocat/Hello-World/pull/1347.diff",
    patch_url: "https://github.com/octocat/Hello-World/pull/1347.patch",
  },
  closed_at: null,
  created_at: "2011-04-22T13:33:48Z",
  updated_at: "2011-04-22T13:33:48Z",
  closed_by: octocat,
  author_association: "COLLABORATOR",
  state_reason: "completed",
  repository: helloWorld,
  reactions: {
    url: "https://api.github.com/repos/octocat/Hello-World/issues/1347/reactions",
    total_count: 5,
    "+1": 3,
    "-1": 0,
    laugh: 0,
    confused: 0,
    heart: 1,
    hooray: 0,
    eyes: 1,
    rocket: 0,
  },
};

const pulls = "https://api.github.com/repos/octocat/Hello-World/pulls/1347";
const pullRequest: S["pull-request"] = {
  url: pulls,
  id: 1,
  node_id: "MDExOlB1bGxSZXF1ZXN0MQ==",
  html_url: "https://github.com/octocat/Hello-World/pull/1347",
  diff_url: "https://github.com/octocat/Hello-World/pull/1347.diff",
  patch_url: "https://github.com/octocat/Hello-World/pull/1347.patch",
  issue_url: "https://api.github.com/repos/octocat/Hello-World/issues/1347",
  commits_url: `${pulls}/commits`,
  review_comments_url: `${pulls}/comments`,
  review_comment_url: "https://api.github.com/repos/octocat/Hello-World/pulls/comments{/number}",
  comments_url: "https://api.github.com/repos/octocat/Hello-World/issues/1347/comments",
  statuses_url: "https://api.github.com/repos/octocat/Hello-World/statuses/6dcb09b5b57875f334f61aebed695e2e4193db5e",
  number: 1347,
  state: "open",
  locked: true,
  title: "Amazing new feature",
  user: octocat,
  body: "Please pull these awesome changes in!",
  labels: [
    {
      id: 208045946,
      node_id: "MDU6TGFiZWwyMDgwNDU5NDY=",
      url: "https://api.github.com/repos/octocat/Hello-World/labels/bug",
      name: "bug",
      description: "Something isn't working",
      color: "f29513",
      default: true,
    },
  ],
  milestone,
  active_lock_reason: "too heated",
  created_at: "2011-01-26T19:01:12Z",
  updated_at: "2011-01-26T19:01:12Z",
  closed_at: "2011-01-26T19:01:12Z",
  merged_at: "2011-01-26T19:01:12Z",
  merge_commit_sha: "e5bd3914e2e596debea16f433f57875b5b90bcd6",
  assignee: octocat,
  assignees: [octocat, monalisa],
  requested_reviewers: [future],
  requested_teams: [],
  head: {
    label: "octocat:new-topic",
    ref: "new-topic",
    sha: "6dcb09b5b57875f334f61aebed695e2e4193db5e",
    user: octocat,
    repo: helloWorld,
  },
  base: {
    label: "octocat:master",
    ref: "master",
    sha: "6dcb09b5b57875f334f61aebed695e2e4193db5e",
    user: octocat,
    repo: repository(monalisa, "Spoon-Knife", HUGE_ID),
  },
  _links: {
    self: { href: pulls },
    html: { href: "https://github.com/octocat/Hello-World/pull/1347" },
    issue: { href: "https://api.github.com/repos/octocat/Hello-World/issues/1347" },
    comments: { href: "https://api.github.com/repos/octocat/Hello-World/issues/1347/comments" },
    review_comments: { href: `${pulls}/comments` },
    review_comment: { href: "https://api.github.com/repos/octocat/Hello-World/pulls/comments{/number}" },
    commits: { href: `${pulls}/commits` },
    statuses: {
      href: "https://api.github.com/repos/octocat/Hello-World/statuses/6dcb09b5b57875f334f61aebed695e2e4193db5e",
    },
  },
  author_association: "OWNER",
  auto_merge: null,
  draft: false,
  merged: false,
  mergeable: true,
  rebaseable: true,
  mergeable_state: "clean",
  merged_by: octocat,
  comments: 10,
  review_comments: 0,
  maintainer_can_modify: true,
  commits: 3,
  additions: 100,
  deletions: 3,
  changed_files: 5,
};

const runs = "https://api.github.com/repos/octo-org/octo-repo/actions/runs/30433642";
const workflowRun: S["workflow-run"] = {
  // Run and check-suite ids beyond 2^32 are written as uint 64 and still decode as numbers.
  id: 30433642,
  name: "Build",
  node_id: "MDEyOldvcmtmbG93IFJ1bjI2OTI4OQ==",
  check_suite_id: 42_010_000_123,
  check_suite_node_id: "MDEwOkNoZWNrU3VpdGU0MjExMTExMTE=",
  head_branch: "master",
  head_sha: "acb5820ced9479c074f688cc328bf03f341a511d",
  path: ".github/workflows/build.yml@main",
  run_number: 562,
  event: "push",
  display_title: "Update README.md",
  status: "queued",
  conclusion: null,
  workflow_id: 159038,
  url: runs,
  html_url: "https://github.com/octo-org/octo-repo/actions/runs/30433642",
  pull_requests: [
    {
      id: HUGE_ID,
      number: 7,
      url: "https://api.github.com/repos/octo-org/octo-repo/pulls/7",
      head: {
        ref: "feature",
        sha: "acb5820ced9479c074f688cc328bf03f341a511d",
        repo: { id: 1296269, url: "https://api.github.com/repos/octo-org/octo-repo", name: "octo-repo" },
      },
      base: {
        ref: "main",
        sha: "fcb5820ced9479c074f688cc328bf03f341a511d",
        repo: { id: 1296269, url: "https://api.github.com/repos/octo-org/octo-repo", name: "octo-repo" },
      },
    },
  ],
  created_at: "2020-01-22T19:33:08Z",
  updated_at: "2020-01-22T19:33:08Z",
  actor: octocat,
  triggering_actor: octocat,
  run_attempt: 1,
  referenced_workflows: [
    {
      path: "octocat/Hello-World/.github/workflows/deploy.yml@main",
      sha: "86e8bc9ecf7d38b1ed2d2cfb8eb87ba9b35b01db",
      ref: "refs/heads/main",
    },
  ],
  run_started_at: "2020-01-22T19:33:08Z",
  jobs_url: `${runs}/jobs`,
  logs_url: `${runs}/logs`,
  check_suite_url: "https://api.github.com/repos/octo-org/octo-repo/check-suites/414944374",
  artifacts_url: `${runs}/artifacts`,
  cancel_url: `${runs}/cancel`,
  rerun_url: `${runs}/rerun`,
  previous_attempt_url: null,
  workflow_url: "https://api.github.com/repos/octo-org/octo-repo/actions/workflows/159038",
  head_commit: {
    id: "acb5820ced9479c074f688cc328bf03f341a511d",
    tree_id: "d23f6eedb1e1b9610bbc754ddb5197bfe7271223",
    message: "Create linter.yaml",
    timestamp: "2020-01-22T19:33:05Z",
    author: { name: "Octo Cat", email: "octocat@github.com" },
    committer: { name: "GitHub", email: "noreply@github.com" },
  },
  repository: minimalRepository(octocat, "Hello-World", 1296269),
  head_repository: minimalRepository(future, "Hello-World", HUGE_ID),
};

// ---- A JSON Schema with enum, items, properties and $ref ----

const schema: JSONSchema7 = {
  $schema: "http://json-schema.org/draft-07/schema#",
  $id: "https://example.com/product.schema.json",
  title: "Product",
  description: "A product from Acme's catalog",
  type: "object",
  definitions: {
    dimensions: {
      type: "object",
      properties: { length: { type: "number" }, width: { type: "number" } },
      required: ["length", "width"],
    },
    price: { type: "number", exclusiveMinimum: 0, multipleOf: 0.01 },
  },
  properties: {
    productId: { description: "The unique identifier for a product", type: "integer" },
    price: { $ref: "#/definitions/price" },
    tags: { type: "array", items: { type: "string" }, minItems: 1, uniqueItems: true },
    status: { enum: ["draft", "published", null, 3, 2.5, true, ["nested", 1], { legacy: { since: 2019 } }] },
    dimensions: { $ref: "#/definitions/dimensions" },
    coordinates: { type: "array", items: [{ type: "number" }, { type: "number" }], additionalItems: false },
    sku: { type: ["string", "null"], pattern: "^[A-Z]{3}-\\d{4}$" },
    anything: true,
  },
  required: ["productId", "price"],
  additionalProperties: false,
  dependencies: { dimensions: ["price"], sku: { required: ["tags"] } },
  if: { properties: { status: { const: "published" } } },
  then: { required: ["tags"] },
  else: false,
  anyOf: [{ required: ["sku"] }, { not: { required: ["sku"] } }],
  default: { productId: 1, price: 9.99, tags: ["new"] },
  examples: [{ productId: 2, price: 1.5 }],
};

/**
 * [codec, value, same bytes as @msgpack/msgpack]. Not for the workflow run: with `useBigInt64`
 * (which bigints need) @msgpack/msgpack writes integers beyond 32 bits, such as its check suite id,
 * as float 64 where we write uint 64; each side decodes the other's bytes to the same value.
 */
const CASES: [string, unknown, boolean][] = [
  ["SimpleUser", octocat, true],
  ["SimpleUser", future, true],
  ["Repository", helloWorld, true],
  ["Issue", issue, true],
  ["PullRequest", pullRequest, true],
  ["WorkflowRun", workflowRun, false],
  ["Schema", schema, true],
];

test("codecFor over the published types compiles without diagnostics", () => {
  expect(compile("interop_published_types_check", SOURCE).diagnostics).toEqual([]);
});

describe.each(CASES)("%s", (name, value, sameBytes) => {
  const codec = () => C[name]!;

  test("round-trips, and re-encodes to the same bytes", () => {
    const ours = codec().encode(value);
    const back = about(ours, () => codec().decode(ours));
    expect(back).toEqual(value);
    expect(hex(codec().encode(back))).toBe(hex(ours));
  });

  test(
    sameBytes
      ? "@msgpack/msgpack decodes our bytes, and writes the same bytes for the same value"
      : "@msgpack/msgpack decodes our bytes",
    () => {
      const ours = codec().encode(value);
      about(ours, () => {
        expect(peerDifference(peerExpectation(value), peerDecode(ours, { useBigInt64: true }))).toBeUndefined();
        // Decoded values list their properties in declaration order, as we write them; absent ones are undefined.
        const ordered = codec().decode(ours);
        if (sameBytes) expect(hex(peerEncode(ordered, { useBigInt64: true, ignoreUndefined: true }))).toBe(hex(ours));
      });
    },
  );

  test("we decode what @msgpack/msgpack writes", () => {
    const theirs = peerEncode(value, { useBigInt64: true });
    about(theirs, () => expect(codec().decode(theirs)).toEqual(value));
  });
});

describe("ids", () => {
  test("an id above 2^53 decodes to a bigint, one below to a number, whichever way it was written", () => {
    const back = C.PullRequest!.decode(peerEncode(pullRequest, { useBigInt64: true }));
    expect(back.base.repo.id).toBe(HUGE_ID);
    expect(back.head.repo.id).toBe(1296269);
    expect(back.requested_reviewers[0].id).toBe(HUGE_ID);
    // A bigint below 2^53 is written as uint 64 and comes back as a number.
    const small = C.SimpleUser!.decode(C.SimpleUser!.encode({ ...octocat, id: 2n ** 53n - 1n }));
    expect(small.id).toBe(2 ** 53 - 1);
    const run = C.WorkflowRun!.decode(C.WorkflowRun!.encode(workflowRun));
    expect(run.check_suite_id).toBe(42_010_000_123);
    expect(run.pull_requests[0].id).toBe(HUGE_ID);
  });

  test("a str where an id is expected is a CodecError with the id's path and offset", () => {
    const wire = peerEncode({ ...helloWorld, owner: { ...octocat, id: "1" } });
    const e = about(wire, () => codecError(() => C.Repository!.decode(wire)));
    expect(e).toMatchObject({ path: "$.owner.id", code: "type-mismatch" });
    expect(wire[e.offset]).toBe(0xa1); // the fixstr "1"
    expect(wire[e.offset - 3]).toBe(0xa2); // after its key, the fixstr "id"
    expect(
      codecError(() => C.Issue!.encode({ ...issue, assignees: [octocat, { ...monalisa, id: "583231" }] })),
    ).toMatchObject({ path: "$.assignees[1].id", offset: -1 });
  });
});
