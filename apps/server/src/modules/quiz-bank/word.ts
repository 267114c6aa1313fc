import { deflateSync } from 'node:zlib';
import { OPTION_KEYS, ok, type QuestionType } from '@answer/contract';
import {
  AlignmentType,
  Document,
  HeadingLevel,
  ImageRun,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import type { FastifyRequest } from 'fastify';
import mammoth from 'mammoth';
import type { AppContext } from '../../context.ts';
import { bizError } from '../../platform/errors.ts';
import { tenantOf } from '../../platform/tenant-scope.ts';
import { zipDirectory } from '../../platform/zip.ts';
import { stripHtml } from '../announcement/sanitize.ts';
import { OLE, readUploadedFile, storedName, writeUnderRoot, ZIP } from '../common/files.ts';
import { recordUpload } from '../oss/routes.ts';
import type { ImportItem } from './questions.ts';
import { typeOf } from './validate.ts';

/**
 * Word import (docs/decisions/064-word-import.md). The convention (also the downloadable sample, `wordSample`):
 *
 *   分类：安全知识/消防            ← the subject of the questions below (path, unique name or code); may be repeated
 *   一、单选题                     ← a heading or paragraph naming the type (单选 / 多选 / 判断 / 填空 / 简答 …题)
 *   1. 我国的首都是（ ）。          ← a numbered stem (1. 1、 1． (1) 1）); lines, images and tables until the options
 *   A. 上海                        ← options A.–H. (A、 A． A) too), one per line or several on one line
 *   B. 北京
 *   答案：B                        ← 多选 A,C; 判断 正确/错误; 填空 北京|Beijing；1949; 简答 the reference text
 *   解析：…                        ← optional, may run over several paragraphs, tables and images
 *   难度：中等                      ← optional (很易/较易/中等/较难/很难 or 1–5); 分值：2, 标签：… optional too
 *
 * Images are kept: in a preview as data: URIs (nothing is written), on import stored as upload files (folder `quiz`,
 * listed on 文件存储) and referenced by URL. Tables are kept as HTML tables (sanitised like every stem).
 */

export const WORD_SAMPLE_NAME = '题目导入示例.docx';
const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
const MAX_IMAGES = 300;
const IMAGE_TYPES: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/gif': 'gif',
  'image/bmp': 'bmp',
  'image/webp': 'webp',
};

const NOT_DOCX = '文件格式不正确，请上传 .docx 格式的 Word 文件';
const LEGACY_DOC = '不支持旧版 Word（.doc）文件，请在 Word 中另存为 .docx 格式后再导入';

/** a readable .docx: a zip whose directory names word/document.xml, within ZIP_LIMITS (entries, unpacked size) */
export function looksLikeDocx(b: Buffer): boolean {
  return ZIP(b) && (zipDirectory(b)?.some((e) => e.name === 'word/document.xml') ?? false);
}

// ---------------------------------------------------------------- HTML blocks

interface Block {
  /** inner HTML */
  html: string;
  /** plain text (whitespace collapsed) */
  text: string;
  tag: string;
}

const VOID = new Set(['img', 'br', 'hr', 'col', 'input', 'meta', 'link', 'wbr']);

/** the top-level elements of mammoth's HTML; list items become blocks of their own */
export function splitBlocks(html: string): Block[] {
  const out: Block[] = [];
  const re = /<(\/?)([a-zA-Z0-9]+)[^>]*?(\/?)>/g;
  let depth = 0;
  let start = 0;
  let tag = '';
  let openEnd = 0;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const [whole, closing, nameRaw, selfClosing] = m;
    const name = nameRaw.toLowerCase();
    if (VOID.has(name) || selfClosing) {
      if (depth === 0) out.push({ tag: name, html: whole, text: '' });
      continue;
    }
    if (!closing) {
      if (depth === 0) {
        start = m.index;
        tag = name;
        openEnd = m.index + whole.length;
      }
      depth++;
    } else {
      depth--;
      if (depth === 0) {
        const inner = html.slice(openEnd, m.index);
        if (tag === 'ol' || tag === 'ul') {
          for (const li of splitBlocks(inner)) out.push({ ...li, tag: li.tag === 'li' ? 'p' : li.tag });
        } else out.push({ tag, html: tag === 'table' ? html.slice(start, m.index + whole.length) : inner, text: '' });
      }
      if (depth < 0) depth = 0;
    }
  }
  for (const b of out) b.text = stripHtml(b.html.replace(/<br\s*\/?>/gi, ' ')).trim();
  return out;
}

// ---------------------------------------------------------------- parsing

const STEM_NO = /^\s*(?:\(\s*\d{1,4}\s*\)|（\s*\d{1,4}\s*）|\d{1,4}\s*[.．、)）](?!\d))\s*/;
const OPTION_AT = /^\s*[(（]?([A-H])\s*[.．、)）:：]\s*/;
const FIELD = /^\s*(答案|参考答案|正确答案|解析|答案解析|难度|分值|分数|标签|分类|题型)\s*[:：]\s*/;
const TYPE_HEADING =
  /^\s*(?:[一二三四五六七八九十]+\s*[、.．]\s*|第\s*[一二三四五六七八九十\d]+\s*(?:部分|大题)\s*[、.．:：]?\s*)?(单项选择题|多项选择题|单选题|多选题|判断题|填空题|简答题|问答题|单选|多选|判断|填空|简答)(?:\s*[（(].*[)）])?\s*[:：]?\s*$/;

interface Draft {
  no: number;
  type?: QuestionType;
  subject: string;
  stem: string[];
  options: { key: string; html: string[] }[];
  fields: Record<string, string[]>;
  /** the field the following blocks continue (解析 runs over paragraphs) */
  open?: 'stem' | 'option' | string;
}

/** removes a leading pattern from a block's HTML (first text occurrence), keeping the markup after it */
function stripLead(html: string, pattern: RegExp): string {
  // the prefix is in the first text run: drop tags before it, then the matched text
  const m = /^((?:\s*<[^>]+>)*)([\s\S]*)$/.exec(html);
  if (!m) return html;
  const rest = m[2].replace(pattern, '');
  return m[1] + rest;
}

/** several options on one plain line: `A. 上海   B. 北京   C. 广州` */
function splitOptionLine(text: string): { key: string; text: string }[] | null {
  const first = OPTION_AT.exec(text);
  if (!first) return null;
  const out: { key: string; text: string }[] = [];
  let rest = text;
  let expect = first[1];
  for (;;) {
    const m = new RegExp(`^\\s*[(（]?${expect}\\s*[.．、)）:：]\\s*`).exec(rest);
    if (!m) break;
    rest = rest.slice(m[0].length);
    const next = String.fromCharCode(expect.charCodeAt(0) + 1);
    const at = next <= 'H' ? new RegExp(`\\s+[(（]?${next}\\s*[.．、)）:：]`).exec(rest) : null;
    out.push({ key: expect, text: (at ? rest.slice(0, at.index) : rest).trim() });
    if (!at) break;
    rest = rest.slice(at.index);
    expect = next;
  }
  return out;
}

function escapeHtml(s: string) {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export interface WordParse {
  items: ImportItem[];
  /** problems found before the question checks (unreadable blocks, unsupported images) */
  problems: { rowNo: number; message: string }[];
}

/** Parses mammoth's HTML into import items; `rowNo` is the question's ordinal in the document. */
export function parseQuestionsHtml(html: string): WordParse {
  const blocks = splitBlocks(html);
  const drafts: Draft[] = [];
  const problems: WordParse['problems'] = [];
  let subject = '';
  let type: QuestionType | undefined;
  let cur: Draft | undefined;
  for (const b of blocks) {
    const t = b.text;
    if (b.tag === 'table' || b.tag === 'img') {
      if (!cur) continue;
      appendToOpen(cur, b.tag === 'table' ? b.html : `<p>${b.html}</p>`);
      continue;
    }
    if (!t && !/<img\s/i.test(b.html)) continue;
    const heading = TYPE_HEADING.exec(t);
    if (heading && !STEM_NO.test(t)) {
      type = typeOf(heading[1]);
      cur = undefined;
      continue;
    }
    const field = FIELD.exec(t);
    if (field) {
      const name = normField(field[1]);
      const value = stripLead(b.html, FIELD);
      if (name === '分类') {
        // before a question's answer: that question's subject; otherwise the subject of the questions below
        const value2 = stripHtml(value).trim();
        if (cur && !cur.fields.答案) cur.subject = value2;
        else {
          subject = value2;
          cur = undefined;
        }
        continue;
      }
      if (name === '题型') {
        const tt = typeOf(stripHtml(value).trim());
        if (cur) cur.type = tt ?? cur.type;
        else type = tt ?? type;
        continue;
      }
      if (!cur) continue;
      cur.fields[name] = [value];
      cur.open = name;
      continue;
    }
    if (STEM_NO.test(t)) {
      cur = {
        no: drafts.length + 1,
        type,
        subject,
        stem: [stripLead(b.html, STEM_NO)],
        options: [],
        fields: {},
        open: 'stem',
      };
      drafts.push(cur);
      continue;
    }
    if (!cur) continue;
    const opts = OPTION_AT.test(t) && (cur.open === 'stem' || cur.open === 'option') ? splitOptionLine(t) : null;
    if (opts && opts.length > 1 && !/<(img|table)\b/i.test(b.html)) {
      for (const o of opts) cur.options.push({ key: o.key, html: [escapeHtml(o.text)] });
      cur.open = 'option';
      continue;
    }
    if (opts && opts.length >= 1) {
      cur.options.push({ key: opts[0].key, html: [stripLead(b.html, OPTION_AT)] });
      cur.open = 'option';
      continue;
    }
    appendToOpen(cur, `<p>${b.html}</p>`);
  }
  const items: ImportItem[] = drafts.map((d) => {
    const f = (k: string) => (d.fields[k] ?? []).join('');
    const plain = (k: string) => stripHtml((d.fields[k] ?? []).join(' ')).trim();
    const dtype = d.type ?? (d.fields.题型 ? typeOf(plain('题型')) : undefined);
    const answerRaw =
      dtype === '5'
        ? (d.fields.答案 ?? [])
            .map((h) => stripHtml(h))
            .join('\n')
            .trim()
        : plain('答案');
    return {
      rowNo: d.no,
      subject: d.subject,
      input: {
        type: dtype ?? '',
        stem: d.stem.map((h, i) => (i === 0 ? `<p>${h}</p>` : h)).join(''),
        options: d.options.length ? d.options.map((o) => ({ key: o.key, content: o.html.join('') })) : undefined,
        answer: answerRaw,
        analysis: f('解析') ? `<p>${d.fields.解析?.[0] ?? ''}</p>${(d.fields.解析 ?? []).slice(1).join('')}` : '',
        difficulty: plain('难度'),
        score: plain('分值'),
        tags: plain('标签'),
      },
    };
  });
  for (const it of items)
    if (!it.input.type)
      problems.push({ rowNo: it.rowNo, message: '没有注明题型（请在题目前加“一、单选题”这样的标题）' });
  return { items: items.filter((it) => it.input.type), problems };

  function appendToOpen(d: Draft, html: string) {
    if (d.open === 'stem') d.stem.push(html);
    else if (d.open === 'option') d.options[d.options.length - 1]?.html.push(html);
    // only 简答's answer runs over several paragraphs; other answers are one line (text after it is a remark)
    else if (d.open === '答案' && d.type !== '5') return;
    else if (d.open) d.fields[d.open] = [...(d.fields[d.open] ?? []), html];
  }
}

function normField(name: string): string {
  if (name === '参考答案' || name === '正确答案') return '答案';
  if (name === '答案解析') return '解析';
  if (name === '分数') return '分值';
  return name;
}

/**
 * Reads the uploaded .docx of a request and parses it. `store`: images are written as upload files (import);
 * otherwise they stay data: URIs (preview, nothing written).
 */
export async function parseWordQuestions(
  ctx: AppContext,
  req: FastifyRequest,
  opts: { store: boolean },
): Promise<WordParse> {
  const { content, fileName } = await readUploadedFile(req, 'file');
  if (OLE(content)) throw bizError(LEGACY_DOC);
  if (!looksLikeDocx(content)) throw bizError(NOT_DOCX);
  let images = 0;
  const unsupported: string[] = [];
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: content },
      {
        externalFileAccess: false,
        convertImage: mammoth.images.imgElement(async (image) => {
          images++;
          const ext = IMAGE_TYPES[image.contentType?.toLowerCase() ?? ''];
          if (!ext || images > MAX_IMAGES) {
            unsupported.push(image.contentType ?? '');
            return {
              src: `unsupported:${images > MAX_IMAGES ? 'count' : encodeURIComponent(image.contentType ?? '')}`,
            };
          }
          const buf = await image.readAsBuffer();
          if (buf.length > MAX_IMAGE_BYTES) return { src: 'unsupported:size' };
          if (!opts.store)
            return {
              src: `data:${image.contentType === 'image/jpg' ? 'image/jpeg' : image.contentType};base64,${buf.toString('base64')}`,
            };
          const rel = await writeUnderRoot(ctx.config.uploadDir, 'quiz', storedName(ext), buf);
          await recordUpload(ctx, {
            fileName: `${fileName || 'word'}-${images}.${ext}`,
            key: rel,
            ext,
            size: buf.length,
            biz: 'quiz',
            username: req.auth?.user.username ?? null,
            tenancy: tenantOf(req),
          });
          return { src: `/jeecg-boot/sys/common/static/${rel}` };
        }),
      },
    );
    html = result.value;
  } catch (err) {
    req.log.warn({ err }, 'word import: unreadable document');
    throw bizError(NOT_DOCX);
  }
  const parsed = parseQuestionsHtml(html);
  // questions whose images could not be kept are refused (they would silently lose part of the stem)
  const keep: ImportItem[] = [];
  for (const it of parsed.items) {
    const all = JSON.stringify(it.input);
    const bad = /unsupported:([^"\\]*)/.exec(all);
    if (bad) {
      const what = decodeURIComponent(bad[1]);
      parsed.problems.push({
        rowNo: it.rowNo,
        message:
          what === 'size'
            ? '题目中的图片超过 2MB，请压缩后再导入'
            : what === 'count'
              ? `文档中的图片超过 ${MAX_IMAGES} 张，请拆分文档`
              : `题目中的图片格式（${what || '未知'}）不支持，请在 Word 中另存为 PNG 或 JPG 图片`,
      });
    } else keep.push(it);
  }
  if (!parsed.items.length && !parsed.problems.length)
    throw bizError('文档中没有找到题目：请按示例文档的格式书写（题号、A. 选项、答案：…）');
  return { items: keep, problems: parsed.problems };
}

// ---------------------------------------------------------------- the sample document

/** a small PNG (a blue square with a white cross) made here, so the sample shows that images are kept */
function samplePng(): Buffer {
  const size = 48;
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 3 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const o = y * (size * 3 + 1) + 1 + x * 3;
      const cross = Math.abs(x - size / 2) < 4 || Math.abs(y - size / 2) < 4;
      raw[o] = cross ? 255 : 22;
      raw[o + 1] = cross ? 255 : 119;
      raw[o + 2] = 255;
    }
  }
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The downloadable sample: every type, an image, a table, several options on one line. */
export async function wordSample(subject: string): Promise<Buffer> {
  const p = (text: string) => new Paragraph({ children: [new TextRun(text)] });
  const note = (text: string) => new Paragraph({ children: [new TextRun({ text, color: '888888', size: 18 })] });
  const h = (text: string) => new Paragraph({ text, heading: HeadingLevel.HEADING_2 });
  const cell = (text: string) => new TableCell({ children: [p(text)], width: { size: 2000, type: WidthType.DXA } });
  const doc = new Document({
    creator: '答题系统后台',
    title: '题目导入示例',
    sections: [
      {
        children: [
          new Paragraph({ text: '题目导入示例', heading: HeadingLevel.HEADING_1, alignment: AlignmentType.CENTER }),
          note(
            '格式说明：先写“分类：”指定下面题目的分类（路径如 安全知识/消防，或唯一的分类名）；用“一、单选题”这样的标题注明题型；题号用 1. 或 1、；选项用 A. 至 H.（可一行写多个）；再写“答案：”（多选如 A,C；判断写 正确 或 错误；填空题在题干中用 ___ 或（ ）标出每个空，答案各空用；分隔，同一空的多个可接受答案用 | 分隔；简答题写参考答案），可选“解析：”“难度：”“分值：”“标签：”。图片和表格会原样保留。',
          ),
          p(`分类：${subject}`),
          h('一、单选题'),
          p('1. 我国的首都是（ ）。'),
          p('A. 上海'),
          p('B. 北京'),
          p('C. 广州'),
          p('D. 深圳'),
          p('答案：B'),
          p('解析：北京是中华人民共和国的首都。'),
          p('难度：很易'),
          p('2. 下图中的标志表示（ ）。'),
          new Paragraph({
            children: [new ImageRun({ type: 'png', data: samplePng(), transformation: { width: 48, height: 48 } })],
          }),
          p('A. 急救站    B. 禁止通行    C. 注意安全    D. 消防设备'),
          p('答案：A'),
          p('分值：2'),
          h('二、多选题'),
          p('3. 根据下表，人口超过 2000 万的城市有（ ）。'),
          new Table({
            rows: [
              new TableRow({ children: [cell('城市'), cell('常住人口（万）')] }),
              new TableRow({ children: [cell('上海'), cell('2487')] }),
              new TableRow({ children: [cell('北京'), cell('2185')] }),
              new TableRow({ children: [cell('广州'), cell('1882')] }),
            ],
          }),
          p('A. 上海'),
          p('B. 北京'),
          p('C. 广州'),
          p('答案：A,B'),
          p('难度：较易'),
          h('三、判断题'),
          p('4. 发现火灾应立即拨打 119。'),
          p('答案：正确'),
          h('四、填空题'),
          p('5. 中华人民共和国成立于 ___ 年，首都是（ ）。'),
          p('答案：1949；北京|Beijing'),
          h('五、简答题'),
          p('6. 简述安全生产“三同时”制度。'),
          p('答案：安全设施与主体工程同时设计、同时施工、同时投入生产和使用。'),
          p('解析：见《安全生产法》。'),
          p('难度：中等'),
          p('分值：10'),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

/** option keys (re-exported for tests) */
export const KEYS = OPTION_KEYS;

/**
 * The importWord answer, shaped like every importExcel answer (contract §4.13): all imported → code 200
 * `文件导入成功！数据行数：N`; otherwise code 201 with the error file, whose lines name questions (`第N题：…`, N = the
 * question's ordinal in the document) instead of rows.
 */
export async function wordImportAnswer(
  uploadDir: string,
  input: { total: number; imported: number; errors: ReadonlyArray<{ rowNo: number; message: string }> },
) {
  const { total, imported, errors } = input;
  if (errors.length === 0) return ok(null, `文件导入成功！数据行数：${imported}`);
  const lines = [...errors].sort((a, b) => a.rowNo - b.rowNo).map((e) => `第${e.rowNo}题：${e.message}`);
  const name = storedName('txt');
  const rel = await writeUnderRoot(uploadDir, 'import-errors', name, `\uFEFF${lines.join('\r\n')}\r\n`);
  return {
    success: true,
    code: 201,
    message: '文件导入成功，但有错误。',
    result: {
      msg: `总题数：${total}，已导入题数：${imported}，错误题数：${errors.length}`,
      fileUrl: `/sys/common/static/${rel}`,
      fileName: name,
    },
    timestamp: Date.now(),
  };
}
