import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { bizError } from '../../platform/errors.ts';

/**
 * Files under the upload root (security rule 6): what may be stored, how stored names are made, how a client path is
 * resolved without ever leaving the root. Used by POST /sys/common/upload, GET /sys/common/static/** and the Excel
 * import (platform/excel.ts), which writes its error reports here.
 */

/** Upload limit of every multipart request (contract §1.6) */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** JeecgBoot's message, trailing space included */
export const UPLOAD_TOO_LARGE = '文件大小超出10MB限制, 请压缩或降低文件质量! ';
export const NO_FILE = '请选择要上传的文件';

/** `biz` (the sub folder) */
export const BIZ_PATTERN = /^[a-z0-9_-]{1,32}$/;

type Kind = 'image' | 'document';

interface FileType {
  contentType: string;
  kind: Kind;
  /** the content must start like this */
  magic: (b: Buffer) => boolean;
}

const startsWith = (b: Buffer, bytes: number[], at = 0) =>
  b.length >= at + bytes.length && bytes.every((x, i) => b[at + i] === x);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

const PNG = (b: Buffer) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPG = (b: Buffer) => startsWith(b, [0xff, 0xd8, 0xff]);
const GIF = (b: Buffer) => startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a'));
const WEBP = (b: Buffer) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8);
const BMP = (b: Buffer) => startsWith(b, ascii('BM')) && b.length >= 26;
const PDF = (b: Buffer) => startsWith(b, ascii('%PDF-'));
/** a zip with at least one entry (office open XML documents are zips) */
export const ZIP = (b: Buffer) => startsWith(b, [0x50, 0x4b, 0x03, 0x04]);
/** OLE2 compound document: legacy .doc/.xls/.ppt */
export const OLE = (b: Buffer) => startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** plain text: no NUL or other binary control bytes, not a known binary format, no markup a browser could run */
function isPlainText(b: Buffer): boolean {
  if (b.length === 0) return false;
  if ([PNG, JPG, GIF, WEBP, PDF, ZIP, OLE].some((m) => m(b))) return false;
  for (const x of b) {
    if (x < 0x20 && x !== 0x09 && x !== 0x0a && x !== 0x0d && x !== 0x0c) return false;
    if (x === 0x7f) return false;
  }
  const head = b
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  return !/^<(?:!doctype|html|head|body|script|svg|\?xml|iframe|object|embed|meta|style|a\s|img|div)/.test(head);
}

const OOXML = (sub: string) => `application/vnd.openxmlformats-officedocument.${sub}`;

/** extension → content type and content check; anything else is refused (never html, svg, js …) */
export const FILE_TYPES: Readonly<Record<string, FileType>> = Object.freeze({
  png: { contentType: 'image/png', kind: 'image', magic: PNG },
  jpg: { contentType: 'image/jpeg', kind: 'image', magic: JPG },
  jpeg: { contentType: 'image/jpeg', kind: 'image', magic: JPG },
  gif: { contentType: 'image/gif', kind: 'image', magic: GIF },
  webp: { contentType: 'image/webp', kind: 'image', magic: WEBP },
  bmp: { contentType: 'image/bmp', kind: 'image', magic: BMP },
  pdf: { contentType: 'application/pdf', kind: 'document', magic: PDF },
  docx: { contentType: OOXML('wordprocessingml.document'), kind: 'document', magic: ZIP },
  xlsx: { contentType: OOXML('spreadsheetml.sheet'), kind: 'document', magic: ZIP },
  pptx: { contentType: OOXML('presentationml.presentation'), kind: 'document', magic: ZIP },
  doc: { contentType: 'application/msword', kind: 'document', magic: OLE },
  xls: { contentType: 'application/vnd.ms-excel', kind: 'document', magic: OLE },
  ppt: { contentType: 'application/vnd.ms-powerpoint', kind: 'document', magic: OLE },
  txt: { contentType: 'text/plain; charset=utf-8', kind: 'document', magic: isPlainText },
  csv: { contentType: 'text/csv; charset=utf-8', kind: 'document', magic: isPlainText },
  zip: { contentType: 'application/zip', kind: 'document', magic: ZIP },
});

/** lower-case extension of a client file name ('' when none) */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** The checked extension of an upload, or a Chinese error naming the problem. */
export function checkFileType(fileName: string, content: Buffer): string {
  const ext = extensionOf(fileName);
  const type = Object.hasOwn(FILE_TYPES, ext) ? FILE_TYPES[ext] : undefined;
  if (!type)
    throw bizError(
      `不支持的文件类型${ext ? `：.${ext.slice(0, 16)}` : ''}，仅支持图片、PDF、Office 文档、txt、csv 和 zip`,
    );
  if (content.length === 0) throw bizError('上传的文件为空');
  if (!type.magic(content)) throw bizError(`文件内容与扩展名 .${ext} 不符，已拒绝上传`);
  return ext;
}

/** A server-made file name: epoch ms + 64 random bits + the checked extension. */
export function storedName(ext: string): string {
  return `${Date.now()}_${randomBytes(8).toString('hex')}.${ext}`;
}

export interface UploadedFile {
  fileName: string;
  content: Buffer;
  /** the non-file fields of the form */
  fields: Record<string, string>;
}

function isMultipart(req: FastifyRequest): boolean {
  return /^multipart\/form-data/i.test(String(req.headers['content-type'] ?? ''));
}

/**
 * Reads a multipart request: the part named `fieldName` (or the first file part) into memory, at most 10 MB, plus the
 * plain fields. Missing file → 请选择要上传的文件; too large → the contract message.
 */
/**
 * Characters a file name never needs and that make it lie about itself (issue 28 security 8): C0/C1 controls and DEL,
 * and the Unicode direction marks, embeddings, overrides and isolates (`report\u202Efdp.png` shows as `reportgnp.pdf`),
 * plus the line and paragraph separators. Every upload (readUploadedFile, the one upload path) refuses them;
 * download names have them removed (contentDisposition).
 */
const UNSAFE_CLASS =
  '[\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069\\u2028\\u2029\\ufeff]';
export const UNSAFE_NAME_CHARS = new RegExp(UNSAFE_CLASS);
const UNSAFE_NAME_CHARS_ALL = new RegExp(UNSAFE_CLASS, 'g');
export const UNSAFE_FILE_NAME = '文件名包含控制字符或文字方向控制字符（可能伪装文件类型），请重命名后再上传';

/** a name without the characters of UNSAFE_NAME_CHARS */
export function safeFileName(name: string): string {
  return name.replace(UNSAFE_NAME_CHARS_ALL, '');
}

export async function readUploadedFile(req: FastifyRequest, fieldName = 'file'): Promise<UploadedFile> {
  if (!isMultipart(req)) throw bizError(NO_FILE);
  const fields: Record<string, string> = {};
  let picked: { fileName: string; content: Buffer; named: boolean } | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        const named = part.fieldname === fieldName;
        if (!picked || (named && !picked.named)) picked = { fileName: part.filename ?? '', content, named };
      } else if (typeof part.value === 'string' && !Object.hasOwn(fields, part.fieldname)) {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw bizError(UPLOAD_TOO_LARGE);
    if (code === 'FST_FILES_LIMIT') throw bizError('一次只能上传一个文件');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw bizError('表单字段过多');
    if (code === 'FST_PROTO_VIOLATION' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw bizError(NO_FILE);
    if (err instanceof Error && /Unexpected end of (form|multipart)|Malformed part header|boundary/i.test(err.message))
      throw bizError('上传的表单格式不正确');
    throw err;
  }
  if (!picked) throw bizError(NO_FILE);
  if (UNSAFE_NAME_CHARS.test(picked.fileName)) throw bizError(UNSAFE_FILE_NAME);
  return { fileName: picked.fileName, content: picked.content, fields };
}

// ---------------------------------------------------------------- paths under the root

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}$/;

/**
 * The absolute path of a client-named file under the root, or null. Only plain segments are accepted (no `..`, no
 * absolute paths, no backslashes, no encoded characters, at most 4 levels); the real path (symlinks resolved) must
 * stay under the real root too.
 */
export async function resolveUnderRoot(root: string, relative: string): Promise<string | null> {
  const rel = relative.replace(/,+$/, '');
  if (rel.length === 0 || rel.length > 300) return null;
  const segments = rel.split('/');
  if (segments.length > 4) return null;
  if (!segments.every((s) => SEGMENT.test(s) && !s.includes('..'))) return null;
  const absRoot = path.resolve(root);
  const target = path.resolve(absRoot, ...segments);
  if (!target.startsWith(absRoot + path.sep)) return null;
  try {
    const [realRoot, realTarget] = await Promise.all([fs.promises.realpath(absRoot), fs.promises.realpath(target)]);
    if (!realTarget.startsWith(realRoot + path.sep)) return null;
    const st = await fs.promises.stat(realTarget);
    return st.isFile() ? realTarget : null;
  } catch {
    return null;
  }
}

/** Writes a new file `<root>/<folder>/<name>` (folder already checked); returns the relative path with '/'. */
export async function writeUnderRoot(
  root: string,
  folder: string,
  name: string,
  content: Buffer | string,
): Promise<string> {
  if (!BIZ_PATTERN.test(folder) || !SEGMENT.test(name)) throw new Error('writeUnderRoot: bad folder or name');
  const dir = path.join(path.resolve(root), folder);
  await fs.promises.mkdir(dir, { recursive: true });
  // wx: never overwrite (a name collision is astronomically unlikely, but must not replace a file)
  await fs.promises.writeFile(path.join(dir, name), content, { flag: 'wx' });
  return `${folder}/${name}`;
}

/** `attachment; filename="ascii"; filename*=UTF-8''…` (RFC 6266 / 5987) */
export function contentDisposition(type: 'attachment' | 'inline', name: string): string {
  const fileName = safeFileName(name) || 'file';
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
