// Hand-written codec for Article[] (dataset "text"). See prims.ts.
import type { Article } from "../types";
import { EncodeError, In, Out, cat, keys, literals, mapOf, str } from "./prims";

const K_ID = str("id"),
  K_LANG = str("lang"),
  K_TITLE = str("title"),
  K_BODY = str("body"),
  K_TAGS = str("tags"),
  K_AUTHOR = str("author");
const K_NAME = str("name"),
  K_BIO = str("bio");
const LANGS = literals("fr", "ru", "ja", "ar", "mixed");
const [FR, RU, JA, AR, MIXED] = LANGS.encoded as [Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array];
const HEAD = cat(mapOf(6), K_ID);
const AUTHOR_HEAD = cat(K_AUTHOR, mapOf(2), K_NAME);

function langBytes(lang: Article["lang"]): Uint8Array {
  switch (lang) {
    case "fr":
      return FR;
    case "ru":
      return RU;
    case "ja":
      return JA;
    case "ar":
      return AR;
    case "mixed":
      return MIXED;
  }
  throw new EncodeError(`lang ${JSON.stringify(lang)} is not one of ${LANGS.values.join(", ")}`);
}

function writeArticle(w: Out, v: Article): void {
  w.reserve(HEAD.length + 9 + K_LANG.length + 6 + K_TITLE.length);
  w.put(HEAD);
  w.putNumber(v.id);
  w.put(K_LANG);
  w.put(langBytes(v.lang));
  w.put(K_TITLE);
  w.string(v.title);
  w.raw(K_BODY);
  w.string(v.body);
  w.raw(K_TAGS);
  w.stringArray(v.tags);
  const author = v.author;
  w.raw(AUTHOR_HEAD);
  w.string(author.name);
  w.raw(K_BIO);
  w.string(author.bio);
}

const w = new Out();

export function encode(v: Article[]): Uint8Array {
  const n = v.length;
  w.arrayHeader(n);
  for (let i = 0; i < n; i++) writeArticle(w, v[i]!);
  return w.finish();
}

const ARTICLE_KEYS = keys("id", "lang", "title", "body", "tags", "author");
const AUTHOR_KEYS = keys("name", "bio");

function readAuthor(r: In): Article["author"] {
  const n = r.mapHeader();
  let name!: string, bio!: string;
  let seen = 0,
    i = 0;
  if (i < n && r.key(K_NAME)) {
    name = r.string();
    seen |= 1;
    i++;
  }
  if (i < n && r.key(K_BIO)) {
    bio = r.string();
    seen |= 2;
    i++;
  }
  for (; i < n; i++) {
    switch (r.anyKey(AUTHOR_KEYS)) {
      case 0:
        seen = r.once(seen, 1);
        name = r.string();
        break;
      case 1:
        seen = r.once(seen, 2);
        bio = r.string();
        break;
      default:
        r.skip();
    }
  }
  if (seen !== 3) r.missing(AUTHOR_KEYS, 3, seen);
  return { name, bio };
}

function readArticle(r: In): Article {
  const n = r.mapHeader();
  let id!: number, lang!: Article["lang"], title!: string, body!: string, tags!: string[], author!: Article["author"];
  let seen = 0,
    i = 0;
  if (i < n && r.key(K_ID)) {
    id = r.number();
    seen |= 1;
    i++;
  }
  if (i < n && r.key(K_LANG)) {
    lang = LANGS.values[r.literal(LANGS)]!;
    seen |= 2;
    i++;
  }
  if (i < n && r.key(K_TITLE)) {
    title = r.string();
    seen |= 4;
    i++;
  }
  if (i < n && r.key(K_BODY)) {
    body = r.string();
    seen |= 8;
    i++;
  }
  if (i < n && r.key(K_TAGS)) {
    tags = r.stringArray();
    seen |= 16;
    i++;
  }
  if (i < n && r.key(K_AUTHOR)) {
    author = readAuthor(r);
    seen |= 32;
    i++;
  }
  for (; i < n; i++) {
    switch (r.anyKey(ARTICLE_KEYS)) {
      case 0:
        seen = r.once(seen, 1);
        id = r.number();
        break;
      case 1:
        seen = r.once(seen, 2);
        lang = LANGS.values[r.literal(LANGS)]!;
        break;
      case 2:
        seen = r.once(seen, 4);
        title = r.string();
        break;
      case 3:
        seen = r.once(seen, 8);
        body = r.string();
        break;
      case 4:
        seen = r.once(seen, 16);
        tags = r.stringArray();
        break;
      case 5:
        seen = r.once(seen, 32);
        author = readAuthor(r);
        break;
      default:
        r.skip();
    }
  }
  if (seen !== 63) r.missing(ARTICLE_KEYS, 63, seen);
  return { id, lang, title, body, tags, author };
}

export function decode(bytes: Uint8Array): Article[] {
  const r = new In(bytes);
  const n = r.arrayHeader();
  const out = new Array<Article>(n);
  for (let i = 0; i < n; i++) out[i] = readArticle(r);
  r.done();
  return out;
}
