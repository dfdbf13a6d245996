// Hand-written codec for Issue[] (dataset "issues"): a page of a REST list, objects with many
// nullable and optional properties, nested users, labels and a milestone. See prims.ts.
import type { GitUser, Issue, IssueLabel, Milestone } from "../types";
import { In, Out, cat, keys, literals, mapOf, type Literals } from "./prims";

type PullRequest = NonNullable<Issue["pull_request"]>;
type StateReason = NonNullable<Issue["state_reason"]>;

const USER_NAMES = ["login", "id", "avatar_url", "type", "site_admin"];
const LABEL_NAMES = ["id", "name", "color", "description", "default"];
const MILESTONE_NAMES = ["id", "number", "title", "state", "due_on"];
const ISSUE_NAMES = [
  "id",
  "number",
  "title",
  "user",
  "labels",
  "state",
  "locked",
  "assignee",
  "milestone",
  "comments",
  "created_at",
  "updated_at",
  "closed_at",
  "author_association",
  "body",
  "state_reason",
  "draft",
  "pull_request",
];
const USER_KEYS = keys(...USER_NAMES),
  LABEL_KEYS = keys(...LABEL_NAMES),
  MILESTONE_KEYS = keys(...MILESTONE_NAMES),
  ISSUE_KEYS = keys(...ISSUE_NAMES),
  PR_KEYS = keys("url", "merged_at");
/** Each name's encoded key, by the index of the name in its list. */
const [U_LOGIN, U_ID, U_AVATAR, U_TYPE, U_ADMIN] = USER_KEYS.encoded as Uint8Array[];
const [L_ID, L_NAME, L_COLOR, L_DESCRIPTION, L_DEFAULT] = LABEL_KEYS.encoded as Uint8Array[];
const [M_ID, M_NUMBER, M_TITLE, M_STATE, M_DUE] = MILESTONE_KEYS.encoded as Uint8Array[];
const K = ISSUE_KEYS.encoded as Uint8Array[];
const [P_URL, P_MERGED] = PR_KEYS.encoded as Uint8Array[];

const USER_TYPES = literals("User", "Bot", "Organization");
const STATES = literals("open", "closed");
const ASSOCIATIONS = literals("OWNER", "MEMBER", "CONTRIBUTOR", "NONE");
const REASONS = literals("completed", "not_planned", "reopened");

function literal<T extends string>(w: Out, set: Literals<T>, v: T): void {
  w.raw(set.encoded[set.values.indexOf(v)]!);
}

function nullableString(w: Out, v: string | null): void {
  if (v === null) w.byte(0xc0);
  else w.string(v);
}

function writeUser(w: Out, v: GitUser): void {
  w.reserve(1 + U_LOGIN!.length);
  w.putByte(0x85);
  w.put(U_LOGIN!);
  w.string(v.login);
  w.raw(U_ID!);
  w.number(v.id);
  w.raw(U_AVATAR!);
  w.string(v.avatar_url);
  w.raw(U_TYPE!);
  literal(w, USER_TYPES, v.type);
  w.reserve(U_ADMIN!.length + 1);
  w.put(U_ADMIN!);
  w.putBool(v.site_admin);
}

const LABEL_HEAD = cat(mapOf(5), L_ID!);

function writeLabel(w: Out, v: IssueLabel): void {
  w.reserve(LABEL_HEAD.length + 9 + L_NAME!.length);
  w.put(LABEL_HEAD);
  w.putNumber(v.id);
  w.put(L_NAME!);
  w.string(v.name);
  w.raw(L_COLOR!);
  w.string(v.color);
  w.raw(L_DESCRIPTION!);
  nullableString(w, v.description);
  w.reserve(L_DEFAULT!.length + 1);
  w.put(L_DEFAULT!);
  w.putBool(v.default);
}

const MILESTONE_HEAD = cat(mapOf(5), M_ID!);

function writeMilestone(w: Out, v: Milestone): void {
  w.reserve(MILESTONE_HEAD.length + 9 + M_NUMBER!.length + 9 + M_TITLE!.length);
  w.put(MILESTONE_HEAD);
  w.putNumber(v.id);
  w.put(M_NUMBER!);
  w.putNumber(v.number);
  w.put(M_TITLE!);
  w.string(v.title);
  w.raw(M_STATE!);
  literal(w, STATES, v.state);
  w.raw(M_DUE!);
  nullableString(w, v.due_on);
}

function writeIssue(w: Out, v: Issue): void {
  const reason = v.state_reason,
    draft = v.draft,
    pr = v.pull_request;
  w.reserve(3 + K[0]!.length + 9 + K[1]!.length + 9 + K[2]!.length);
  const size = 15 + (reason === undefined ? 0 : 1) + (draft === undefined ? 0 : 1) + (pr === undefined ? 0 : 1);
  if (size < 16)
    w.putByte(0x80 | size); // fixmap
  else {
    w.putByte(0xde); // map 16
    w.putByte(0);
    w.putByte(size);
  }
  w.put(K[0]!);
  w.putNumber(v.id);
  w.put(K[1]!);
  w.putNumber(v.number);
  w.put(K[2]!);
  w.string(v.title);
  w.raw(K[3]!);
  writeUser(w, v.user);
  const labels = v.labels;
  w.raw(K[4]!);
  w.arrayHeader(labels.length);
  for (let i = 0; i < labels.length; i++) writeLabel(w, labels[i]!);
  w.raw(K[5]!);
  literal(w, STATES, v.state);
  w.reserve(K[6]!.length + 1 + K[7]!.length + 1);
  w.put(K[6]!);
  w.putBool(v.locked);
  w.put(K[7]!);
  if (v.assignee === null) w.putByte(0xc0);
  else writeUser(w, v.assignee);
  w.raw(K[8]!);
  if (v.milestone === null) w.byte(0xc0);
  else writeMilestone(w, v.milestone);
  w.reserve(K[9]!.length + 9 + K[10]!.length);
  w.put(K[9]!);
  w.putNumber(v.comments);
  w.put(K[10]!);
  w.string(v.created_at);
  w.raw(K[11]!);
  w.string(v.updated_at);
  w.raw(K[12]!);
  nullableString(w, v.closed_at);
  w.raw(K[13]!);
  literal(w, ASSOCIATIONS, v.author_association);
  w.raw(K[14]!);
  nullableString(w, v.body);
  if (reason !== undefined) {
    w.raw(K[15]!);
    if (reason === null) w.byte(0xc0);
    else literal(w, REASONS, reason);
  }
  if (draft !== undefined) {
    w.reserve(K[16]!.length + 1);
    w.put(K[16]!);
    w.putBool(draft);
  }
  if (pr !== undefined) {
    w.raw(K[17]!);
    w.byte(0x82);
    w.raw(P_URL!);
    w.string(pr.url);
    w.raw(P_MERGED!);
    nullableString(w, pr.merged_at);
  }
}

const w = new Out();

export function encode(v: Issue[]): Uint8Array {
  const n = v.length;
  w.arrayHeader(n);
  for (let i = 0; i < n; i++) writeIssue(w, v[i]!);
  return w.finish();
}

// ---------------------------------------------------------------------------------------------
// Decoding: each object's keys in declared order first, then any order (duplicates refused).

function readUser(r: In): GitUser {
  const n = r.mapHeader();
  let login!: string, id!: number, avatar!: string, type!: GitUser["type"], admin!: boolean;
  let seen = 0,
    i = 0;
  if (i < n && r.key(U_LOGIN!)) {
    login = r.string();
    seen |= 1;
    i++;
  }
  if (i < n && r.key(U_ID!)) {
    id = r.number();
    seen |= 2;
    i++;
  }
  if (i < n && r.key(U_AVATAR!)) {
    avatar = r.string();
    seen |= 4;
    i++;
  }
  if (i < n && r.key(U_TYPE!)) {
    type = USER_TYPES.values[r.literal(USER_TYPES)]!;
    seen |= 8;
    i++;
  }
  if (i < n && r.key(U_ADMIN!)) {
    admin = r.bool();
    seen |= 16;
    i++;
  }
  for (; i < n; i++) {
    const k = r.anyKey(USER_KEYS);
    if (k < 0) r.skip();
    else seen = r.once(seen, 1 << k);
    if (k === 0) login = r.string();
    else if (k === 1) id = r.number();
    else if (k === 2) avatar = r.string();
    else if (k === 3) type = USER_TYPES.values[r.literal(USER_TYPES)]!;
    else if (k === 4) admin = r.bool();
  }
  if (seen !== 31) r.missing(USER_KEYS, 31, seen);
  return { login, id, avatar_url: avatar, type, site_admin: admin };
}

function readLabel(r: In): IssueLabel {
  const n = r.mapHeader();
  let id!: number, name!: string, color!: string, description!: string | null, isDefault!: boolean;
  let seen = 0,
    i = 0;
  if (i < n && r.key(L_ID!)) {
    id = r.number();
    seen |= 1;
    i++;
  }
  if (i < n && r.key(L_NAME!)) {
    name = r.string();
    seen |= 2;
    i++;
  }
  if (i < n && r.key(L_COLOR!)) {
    color = r.string();
    seen |= 4;
    i++;
  }
  if (i < n && r.key(L_DESCRIPTION!)) {
    description = r.stringOrNull();
    seen |= 8;
    i++;
  }
  if (i < n && r.key(L_DEFAULT!)) {
    isDefault = r.bool();
    seen |= 16;
    i++;
  }
  for (; i < n; i++) {
    const k = r.anyKey(LABEL_KEYS);
    if (k < 0) r.skip();
    else seen = r.once(seen, 1 << k);
    if (k === 0) id = r.number();
    else if (k === 1) name = r.string();
    else if (k === 2) color = r.string();
    else if (k === 3) description = r.stringOrNull();
    else if (k === 4) isDefault = r.bool();
  }
  if (seen !== 31) r.missing(LABEL_KEYS, 31, seen);
  return { id, name, color, description, default: isDefault };
}

function readMilestone(r: In): Milestone {
  const n = r.mapHeader();
  let id!: number, number!: number, title!: string, state!: Milestone["state"], due!: string | null;
  let seen = 0,
    i = 0;
  if (i < n && r.key(M_ID!)) {
    id = r.number();
    seen |= 1;
    i++;
  }
  if (i < n && r.key(M_NUMBER!)) {
    number = r.number();
    seen |= 2;
    i++;
  }
  if (i < n && r.key(M_TITLE!)) {
    title = r.string();
    seen |= 4;
    i++;
  }
  if (i < n && r.key(M_STATE!)) {
    state = STATES.values[r.literal(STATES)]!;
    seen |= 8;
    i++;
  }
  if (i < n && r.key(M_DUE!)) {
    due = r.stringOrNull();
    seen |= 16;
    i++;
  }
  for (; i < n; i++) {
    const k = r.anyKey(MILESTONE_KEYS);
    if (k < 0) r.skip();
    else seen = r.once(seen, 1 << k);
    if (k === 0) id = r.number();
    else if (k === 1) number = r.number();
    else if (k === 2) title = r.string();
    else if (k === 3) state = STATES.values[r.literal(STATES)]!;
    else if (k === 4) due = r.stringOrNull();
  }
  if (seen !== 31) r.missing(MILESTONE_KEYS, 31, seen);
  return { id, number, title, state, due_on: due };
}

function readPullRequest(r: In): PullRequest {
  const n = r.mapHeader();
  let url!: string, merged!: string | null;
  let seen = 0,
    i = 0;
  if (i < n && r.key(P_URL!)) {
    url = r.string();
    seen |= 1;
    i++;
  }
  if (i < n && r.key(P_MERGED!)) {
    merged = r.stringOrNull();
    seen |= 2;
    i++;
  }
  for (; i < n; i++) {
    const k = r.anyKey(PR_KEYS);
    if (k < 0) r.skip();
    else seen = r.once(seen, 1 << k);
    if (k === 0) url = r.string();
    else if (k === 1) merged = r.stringOrNull();
  }
  if (seen !== 3) r.missing(PR_KEYS, 3, seen);
  return { url, merged_at: merged };
}

function readLabels(r: In): IssueLabel[] {
  const n = r.arrayHeader();
  const out = new Array<IssueLabel>(n);
  for (let i = 0; i < n; i++) out[i] = readLabel(r);
  return out;
}

/** `state_reason`: nil is null (an encoder writes an absent one by leaving the key out). */
function readReason(r: In): StateReason | null {
  return r.isNil() ? null : REASONS.values[r.literal(REASONS)]!;
}

/** The issue's properties, by the index of their name in ISSUE_NAMES. */
type Fields = [
  number,
  number,
  string,
  GitUser,
  IssueLabel[],
  Issue["state"],
  boolean,
  GitUser | null,
  Milestone | null,
  number,
  string,
  string,
  string | null,
  Issue["author_association"],
  string | null,
  StateReason | null | undefined,
  boolean | undefined,
  PullRequest | undefined,
];

function readField(r: In, k: number): Fields[number] {
  switch (k) {
    case 0:
    case 1:
    case 9:
      return r.number();
    case 2:
    case 10:
    case 11:
      return r.string();
    case 3:
      return readUser(r);
    case 4:
      return readLabels(r);
    case 5:
      return STATES.values[r.literal(STATES)]!;
    case 6:
      return r.bool();
    case 7:
      return r.isNil() ? null : readUser(r);
    case 8:
      return r.isNil() ? null : readMilestone(r);
    case 12:
    case 14:
      return r.stringOrNull();
    case 13:
      return ASSOCIATIONS.values[r.literal(ASSOCIATIONS)]!;
    case 15:
      return readReason(r);
    case 16:
      return r.isNil() ? undefined : r.bool();
    default:
      return r.isNil() ? undefined : readPullRequest(r);
  }
}

const REQUIRED = (1 << 15) - 1;

function readIssue(r: In): Issue {
  const n = r.mapHeader();
  let id!: number, number!: number, title!: string, user!: GitUser, labels!: IssueLabel[];
  let state!: Issue["state"], locked!: boolean, assignee!: GitUser | null, milestone!: Milestone | null;
  let comments!: number, created!: string, updated!: string, closed!: string | null;
  let association!: Issue["author_association"], body!: string | null;
  let reason: StateReason | null | undefined, draft: boolean | undefined, pr: PullRequest | undefined;
  let seen = 0,
    i = 0;
  if (i < n && r.key(K[0]!)) {
    id = r.number();
    seen |= 1;
    i++;
  }
  if (i < n && r.key(K[1]!)) {
    number = r.number();
    seen |= 2;
    i++;
  }
  if (i < n && r.key(K[2]!)) {
    title = r.string();
    seen |= 4;
    i++;
  }
  if (i < n && r.key(K[3]!)) {
    user = readUser(r);
    seen |= 8;
    i++;
  }
  if (i < n && r.key(K[4]!)) {
    labels = readLabels(r);
    seen |= 16;
    i++;
  }
  if (i < n && r.key(K[5]!)) {
    state = STATES.values[r.literal(STATES)]!;
    seen |= 32;
    i++;
  }
  if (i < n && r.key(K[6]!)) {
    locked = r.bool();
    seen |= 64;
    i++;
  }
  if (i < n && r.key(K[7]!)) {
    assignee = r.isNil() ? null : readUser(r);
    seen |= 128;
    i++;
  }
  if (i < n && r.key(K[8]!)) {
    milestone = r.isNil() ? null : readMilestone(r);
    seen |= 256;
    i++;
  }
  if (i < n && r.key(K[9]!)) {
    comments = r.number();
    seen |= 512;
    i++;
  }
  if (i < n && r.key(K[10]!)) {
    created = r.string();
    seen |= 1024;
    i++;
  }
  if (i < n && r.key(K[11]!)) {
    updated = r.string();
    seen |= 2048;
    i++;
  }
  if (i < n && r.key(K[12]!)) {
    closed = r.stringOrNull();
    seen |= 4096;
    i++;
  }
  if (i < n && r.key(K[13]!)) {
    association = ASSOCIATIONS.values[r.literal(ASSOCIATIONS)]!;
    seen |= 8192;
    i++;
  }
  if (i < n && r.key(K[14]!)) {
    body = r.stringOrNull();
    seen |= 16384;
    i++;
  }
  if (i < n && r.key(K[15]!)) {
    reason = readReason(r);
    seen |= 32768;
    i++;
  }
  if (i < n && r.key(K[16]!)) {
    draft = r.isNil() ? undefined : r.bool();
    seen |= 65536;
    i++;
  }
  if (i < n && r.key(K[17]!)) {
    pr = r.isNil() ? undefined : readPullRequest(r);
    seen |= 131072;
    i++;
  }
  if (i < n) {
    // Any other order: every property through one table, then back into the locals.
    const f = [id, number, title, user, labels, state, locked, assignee, milestone] as unknown[];
    f.push(comments, created, updated, closed, association, body, reason, draft, pr);
    for (; i < n; i++) {
      const k = r.anyKey(ISSUE_KEYS);
      if (k < 0) r.skip();
      else {
        seen = r.once(seen, 1 << k);
        f[k] = readField(r, k);
      }
    }
    [id, number, title, user, labels, state, locked, assignee, milestone] = f as Fields;
    [, , , , , , , , , comments, created, updated, closed, association, body, reason, draft, pr] = f as Fields;
  }
  if ((seen & REQUIRED) !== REQUIRED) r.missing(ISSUE_KEYS, REQUIRED, seen);
  return {
    id,
    number,
    title,
    user,
    labels,
    state,
    locked,
    assignee,
    milestone,
    comments,
    created_at: created,
    updated_at: updated,
    closed_at: closed,
    author_association: association,
    body,
    state_reason: reason,
    draft,
    pull_request: pr,
  };
}

export function decode(bytes: Uint8Array): Issue[] {
  const r = new In(bytes);
  const n = r.arrayHeader();
  const out = new Array<Issue>(n);
  for (let i = 0; i < n; i++) out[i] = readIssue(r);
  r.done();
  return out;
}
