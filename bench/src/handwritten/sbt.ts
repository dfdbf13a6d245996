// Hand-written codec for ModuleID[] (dataset "sbt", sjson-new's benchmark data). See prims.ts.
import type { Artifact, CrossVersion, InclExclRule, ModuleID } from "../types";
import { EncodeError, In, Out, cat, keys, literals, mapOf, str } from "./prims";

const K_ORGANIZATION = str("organization"),
  K_NAME = str("name"),
  K_REVISION = str("revision"),
  K_CONFIGURATIONS = str("configurations");
const K_IS_CHANGING = str("isChanging"),
  K_IS_TRANSITIVE = str("isTransitive"),
  K_IS_FORCE = str("isForce");
const K_EXPLICIT = str("explicitArtifacts"),
  K_INCLUSIONS = str("inclusions"),
  K_EXCLUSIONS = str("exclusions");
const K_EXTRA = str("extraAttributes"),
  K_CROSS = str("crossVersion"),
  K_BRANCH = str("branchName");
const K_TYPE = str("type"),
  K_EXTENSION = str("extension"),
  K_CLASSIFIER = str("classifier"),
  K_URL = str("url");
const K_ARTIFACT = str("artifact");
const K_KIND = str("kind"),
  K_PREFIX = str("prefix"),
  K_SUFFIX = str("suffix"),
  K_VALUE = str("value");

const RULE_HEAD = cat(mapOf(4), K_ORGANIZATION);
const DISABLED = cat(mapOf(1), K_KIND, str("disabled"));
const BINARY_HEAD = cat(mapOf(3), K_KIND, str("binary"), K_PREFIX);
const FULL_HEAD = cat(mapOf(3), K_KIND, str("full"), K_PREFIX);
const CONSTANT_HEAD = cat(mapOf(2), K_KIND, str("constant"), K_VALUE);

function writeArtifact(w: Out, v: Artifact): void {
  const classifier = v.classifier,
    url = v.url;
  w.reserve(1 + K_NAME.length);
  w.putByte(0x85 + (classifier === undefined ? 0 : 1) + (url === undefined ? 0 : 1));
  w.put(K_NAME);
  w.string(v.name);
  w.raw(K_TYPE);
  w.string(v.type);
  w.raw(K_EXTENSION);
  w.string(v.extension);
  if (classifier !== undefined) {
    w.raw(K_CLASSIFIER);
    w.string(classifier);
  }
  w.raw(K_CONFIGURATIONS);
  w.stringArray(v.configurations);
  if (url !== undefined) {
    w.raw(K_URL);
    w.string(url);
  }
  w.raw(K_EXTRA);
  w.stringRecord(v.extraAttributes);
}

function writeRules(w: Out, rules: InclExclRule[]): void {
  const n = rules.length;
  w.arrayHeader(n);
  for (let i = 0; i < n; i++) {
    const v = rules[i]!;
    w.raw(RULE_HEAD);
    w.string(v.organization);
    w.raw(K_NAME);
    w.string(v.name);
    w.raw(K_ARTIFACT);
    w.string(v.artifact);
    w.raw(K_CONFIGURATIONS);
    w.stringArray(v.configurations);
  }
}

function writeCross(w: Out, v: CrossVersion): void {
  switch (v.kind) {
    case "disabled":
      w.raw(DISABLED);
      return;
    case "binary":
      w.raw(BINARY_HEAD);
      w.string(v.prefix);
      w.raw(K_SUFFIX);
      w.string(v.suffix);
      return;
    case "full":
      w.raw(FULL_HEAD);
      w.string(v.prefix);
      w.raw(K_SUFFIX);
      w.string(v.suffix);
      return;
    case "constant":
      w.raw(CONSTANT_HEAD);
      w.string(v.value);
      return;
  }
  throw new EncodeError(`unknown crossVersion kind ${(v as { kind: unknown }).kind}`);
}

function writeModule(w: Out, v: ModuleID): void {
  const configurations = v.configurations,
    branchName = v.branchName;
  w.reserve(1 + K_ORGANIZATION.length);
  w.putByte(0x8b + (configurations === undefined ? 0 : 1) + (branchName === undefined ? 0 : 1));
  w.put(K_ORGANIZATION);
  w.string(v.organization);
  w.raw(K_NAME);
  w.string(v.name);
  w.raw(K_REVISION);
  w.string(v.revision);
  if (configurations !== undefined) {
    w.raw(K_CONFIGURATIONS);
    w.string(configurations);
  }
  w.reserve(K_IS_CHANGING.length + K_IS_TRANSITIVE.length + K_IS_FORCE.length + 3 + K_EXPLICIT.length + 5);
  w.put(K_IS_CHANGING);
  w.putBool(v.isChanging);
  w.put(K_IS_TRANSITIVE);
  w.putBool(v.isTransitive);
  w.put(K_IS_FORCE);
  w.putBool(v.isForce);
  const artifacts = v.explicitArtifacts,
    n = artifacts.length;
  w.put(K_EXPLICIT);
  w.putArrayHeader(n);
  for (let i = 0; i < n; i++) writeArtifact(w, artifacts[i]!);
  w.raw(K_INCLUSIONS);
  writeRules(w, v.inclusions);
  w.raw(K_EXCLUSIONS);
  writeRules(w, v.exclusions);
  w.raw(K_EXTRA);
  w.stringRecord(v.extraAttributes);
  w.raw(K_CROSS);
  writeCross(w, v.crossVersion);
  if (branchName !== undefined) {
    w.raw(K_BRANCH);
    w.string(branchName);
  }
}

const w = new Out();

export function encode(v: ModuleID[]): Uint8Array {
  const n = v.length;
  w.begin();
  w.arrayHeader(n);
  for (let i = 0; i < n; i++) writeModule(w, v[i]!);
  return w.finish();
}

const ARTIFACT_KEYS = keys("name", "type", "extension", "classifier", "configurations", "url", "extraAttributes");
const RULE_KEYS = keys("organization", "name", "artifact", "configurations");
const MODULE_KEYS = keys(
  "organization",
  "name",
  "revision",
  "configurations",
  "isChanging",
  "isTransitive",
  "isForce",
  "explicitArtifacts",
  "inclusions",
  "exclusions",
  "extraAttributes",
  "crossVersion",
  "branchName",
);
const KINDS = literals("disabled", "binary", "full", "constant");
const TAG = keys("kind");
const DISABLED_KEYS = keys("kind"),
  PREFIXED_KEYS = keys("kind", "prefix", "suffix"),
  CONSTANT_KEYS = keys("kind", "value");
const ONLY = [literals("disabled"), literals("binary"), literals("full"), literals("constant")] as const;

function readArtifact(r: In): Artifact {
  const n = r.mapHeader();
  let name!: string,
    type!: string,
    extension!: string,
    classifier: string | undefined,
    configurations!: string[],
    url: string | undefined;
  let extraAttributes!: Record<string, string>;
  let seen = 0,
    i = 0;
  if (i < n && r.key(K_NAME)) {
    name = r.string();
    seen |= 1;
    i++;
  }
  if (i < n && r.key(K_TYPE)) {
    type = r.string();
    seen |= 2;
    i++;
  }
  if (i < n && r.key(K_EXTENSION)) {
    extension = r.string();
    seen |= 4;
    i++;
  }
  if (i < n && r.key(K_CLASSIFIER)) {
    classifier = r.stringOrUndefined();
    seen |= 8;
    i++;
  }
  if (i < n && r.key(K_CONFIGURATIONS)) {
    configurations = r.stringArray();
    seen |= 16;
    i++;
  }
  if (i < n && r.key(K_URL)) {
    url = r.stringOrUndefined();
    seen |= 32;
    i++;
  }
  if (i < n && r.key(K_EXTRA)) {
    extraAttributes = r.stringRecord();
    seen |= 64;
    i++;
  }
  for (; i < n; i++) {
    switch (r.anyKey(ARTIFACT_KEYS)) {
      case 0:
        seen = r.once(seen, 1);
        name = r.string();
        break;
      case 1:
        seen = r.once(seen, 2);
        type = r.string();
        break;
      case 2:
        seen = r.once(seen, 4);
        extension = r.string();
        break;
      case 3:
        seen = r.once(seen, 8);
        classifier = r.stringOrUndefined();
        break;
      case 4:
        seen = r.once(seen, 16);
        configurations = r.stringArray();
        break;
      case 5:
        seen = r.once(seen, 32);
        url = r.stringOrUndefined();
        break;
      case 6:
        seen = r.once(seen, 64);
        extraAttributes = r.stringRecord();
        break;
      default:
        r.skip();
    }
  }
  if ((seen & 87) !== 87) r.missing(ARTIFACT_KEYS, 87, seen);
  return { name, type, extension, classifier, configurations, url, extraAttributes };
}

function readArtifacts(r: In): Artifact[] {
  const n = r.arrayHeader();
  const out = new Array<Artifact>(n);
  for (let i = 0; i < n; i++) out[i] = readArtifact(r);
  return out;
}

function readRule(r: In): InclExclRule {
  const n = r.mapHeader();
  let organization!: string, name!: string, artifact!: string, configurations!: string[];
  let seen = 0,
    i = 0;
  if (i < n && r.key(K_ORGANIZATION)) {
    organization = r.string();
    seen |= 1;
    i++;
  }
  if (i < n && r.key(K_NAME)) {
    name = r.string();
    seen |= 2;
    i++;
  }
  if (i < n && r.key(K_ARTIFACT)) {
    artifact = r.string();
    seen |= 4;
    i++;
  }
  if (i < n && r.key(K_CONFIGURATIONS)) {
    configurations = r.stringArray();
    seen |= 8;
    i++;
  }
  for (; i < n; i++) {
    switch (r.anyKey(RULE_KEYS)) {
      case 0:
        seen = r.once(seen, 1);
        organization = r.string();
        break;
      case 1:
        seen = r.once(seen, 2);
        name = r.string();
        break;
      case 2:
        seen = r.once(seen, 4);
        artifact = r.string();
        break;
      case 3:
        seen = r.once(seen, 8);
        configurations = r.stringArray();
        break;
      default:
        r.skip();
    }
  }
  if (seen !== 15) r.missing(RULE_KEYS, 15, seen);
  return { organization, name, artifact, configurations };
}

function readRules(r: In): InclExclRule[] {
  const n = r.arrayHeader();
  const out = new Array<InclExclRule>(n);
  for (let i = 0; i < n; i++) out[i] = readRule(r);
  return out;
}

function readCross(r: In): CrossVersion {
  const start = r.pos;
  const n = r.mapHeader();
  if (n > 0 && r.key(K_KIND)) return crossMember(r, r.literal(KINDS), n, 1, 1);
  r.pos = start;
  const tag = r.peekTag(TAG, KINDS);
  return crossMember(r, tag, r.mapHeader(), 0, 0);
}

function crossMember(r: In, tag: number, n: number, i: number, seen: number): CrossVersion {
  if (tag === 0) {
    for (; i < n; i++) {
      if (r.anyKey(DISABLED_KEYS) === 0) {
        seen = r.once(seen, 1);
        r.literal(ONLY[0]);
      } else r.skip();
    }
    if (seen !== 1) r.missing(DISABLED_KEYS, 1, seen);
    return { kind: "disabled" };
  }
  if (tag === 3) {
    let value!: string;
    if (i < n && r.key(K_VALUE)) {
      value = r.string();
      seen |= 2;
      i++;
    }
    for (; i < n; i++) {
      switch (r.anyKey(CONSTANT_KEYS)) {
        case 0:
          seen = r.once(seen, 1);
          r.literal(ONLY[3]);
          break;
        case 1:
          seen = r.once(seen, 2);
          value = r.string();
          break;
        default:
          r.skip();
      }
    }
    if (seen !== 3) r.missing(CONSTANT_KEYS, 3, seen);
    return { kind: "constant", value };
  }
  // binary and full have the same properties.
  let prefix!: string, suffix!: string;
  if (i < n && r.key(K_PREFIX)) {
    prefix = r.string();
    seen |= 2;
    i++;
  }
  if (i < n && r.key(K_SUFFIX)) {
    suffix = r.string();
    seen |= 4;
    i++;
  }
  for (; i < n; i++) {
    switch (r.anyKey(PREFIXED_KEYS)) {
      case 0:
        seen = r.once(seen, 1);
        r.literal(ONLY[tag]!);
        break;
      case 1:
        seen = r.once(seen, 2);
        prefix = r.string();
        break;
      case 2:
        seen = r.once(seen, 4);
        suffix = r.string();
        break;
      default:
        r.skip();
    }
  }
  if (seen !== 7) r.missing(PREFIXED_KEYS, 7, seen);
  return tag === 1 ? { kind: "binary", prefix, suffix } : { kind: "full", prefix, suffix };
}

function readModule(r: In): ModuleID {
  const n = r.mapHeader();
  let organization!: string, name!: string, revision!: string, configurations: string | undefined;
  let isChanging!: boolean, isTransitive!: boolean, isForce!: boolean;
  let explicitArtifacts!: Artifact[], inclusions!: InclExclRule[], exclusions!: InclExclRule[];
  let extraAttributes!: Record<string, string>, crossVersion!: CrossVersion, branchName: string | undefined;
  let seen = 0,
    i = 0;
  if (i < n && r.key(K_ORGANIZATION)) {
    organization = r.string();
    seen |= 1;
    i++;
  }
  if (i < n && r.key(K_NAME)) {
    name = r.string();
    seen |= 2;
    i++;
  }
  if (i < n && r.key(K_REVISION)) {
    revision = r.string();
    seen |= 4;
    i++;
  }
  if (i < n && r.key(K_CONFIGURATIONS)) {
    configurations = r.stringOrUndefined();
    seen |= 8;
    i++;
  }
  if (i < n && r.key(K_IS_CHANGING)) {
    isChanging = r.bool();
    seen |= 16;
    i++;
  }
  if (i < n && r.key(K_IS_TRANSITIVE)) {
    isTransitive = r.bool();
    seen |= 32;
    i++;
  }
  if (i < n && r.key(K_IS_FORCE)) {
    isForce = r.bool();
    seen |= 64;
    i++;
  }
  if (i < n && r.key(K_EXPLICIT)) {
    explicitArtifacts = readArtifacts(r);
    seen |= 128;
    i++;
  }
  if (i < n && r.key(K_INCLUSIONS)) {
    inclusions = readRules(r);
    seen |= 256;
    i++;
  }
  if (i < n && r.key(K_EXCLUSIONS)) {
    exclusions = readRules(r);
    seen |= 512;
    i++;
  }
  if (i < n && r.key(K_EXTRA)) {
    extraAttributes = r.stringRecord();
    seen |= 1024;
    i++;
  }
  if (i < n && r.key(K_CROSS)) {
    crossVersion = readCross(r);
    seen |= 2048;
    i++;
  }
  if (i < n && r.key(K_BRANCH)) {
    branchName = r.stringOrUndefined();
    seen |= 4096;
    i++;
  }
  for (; i < n; i++) {
    switch (r.anyKey(MODULE_KEYS)) {
      case 0:
        seen = r.once(seen, 1);
        organization = r.string();
        break;
      case 1:
        seen = r.once(seen, 2);
        name = r.string();
        break;
      case 2:
        seen = r.once(seen, 4);
        revision = r.string();
        break;
      case 3:
        seen = r.once(seen, 8);
        configurations = r.stringOrUndefined();
        break;
      case 4:
        seen = r.once(seen, 16);
        isChanging = r.bool();
        break;
      case 5:
        seen = r.once(seen, 32);
        isTransitive = r.bool();
        break;
      case 6:
        seen = r.once(seen, 64);
        isForce = r.bool();
        break;
      case 7:
        seen = r.once(seen, 128);
        explicitArtifacts = readArtifacts(r);
        break;
      case 8:
        seen = r.once(seen, 256);
        inclusions = readRules(r);
        break;
      case 9:
        seen = r.once(seen, 512);
        exclusions = readRules(r);
        break;
      case 10:
        seen = r.once(seen, 1024);
        extraAttributes = r.stringRecord();
        break;
      case 11:
        seen = r.once(seen, 2048);
        crossVersion = readCross(r);
        break;
      case 12:
        seen = r.once(seen, 4096);
        branchName = r.stringOrUndefined();
        break;
      default:
        r.skip();
    }
  }
  if ((seen & 4087) !== 4087) r.missing(MODULE_KEYS, 4087, seen);
  return {
    organization,
    name,
    revision,
    configurations,
    isChanging,
    isTransitive,
    isForce,
    explicitArtifacts,
    inclusions,
    exclusions,
    extraAttributes,
    crossVersion,
    branchName,
  };
}

export function decode(bytes: Uint8Array): ModuleID[] {
  const r = new In(bytes);
  const n = r.arrayHeader();
  const out = new Array<ModuleID>(n);
  for (let i = 0; i < n; i++) out[i] = readModule(r);
  r.done();
  return out;
}
