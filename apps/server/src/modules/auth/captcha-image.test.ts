import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CAPTCHA_CHARS, CAPTCHA_HEIGHT, CAPTCHA_WIDTH, randomCaptchaCode, renderCaptcha } from './captcha.ts';
import { GLYPH_HEIGHT, GLYPH_WIDTH, GLYPHS, glyphInk } from './captcha-font.ts';
import { crc32, encodePng, Raster } from './png.ts';

interface Chunk {
  type: string;
  data: Buffer;
  crcOk: boolean;
}

/** a small independent PNG reader: chunks with CRC check, then the RGB pixels of a filter-0 image */
function readPng(buf: Buffer) {
  expect([...buf.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const chunks: Chunk[] = [];
  let off = 8;
  while (off < buf.length) {
    const len = buf.readUInt32BE(off);
    const type = buf.toString('ascii', off + 4, off + 8);
    const data = buf.subarray(off + 8, off + 8 + len);
    const crc = buf.readUInt32BE(off + 8 + len);
    chunks.push({ type, data, crcOk: crc === crc32(buf.subarray(off + 4, off + 8), data) });
    off += 12 + len;
  }
  const ihdr = chunks[0].data;
  const width = ihdr.readUInt32BE(0);
  const height = ihdr.readUInt32BE(4);
  const raw = inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)));
  const pixel = (x: number, y: number) => {
    const i = y * (width * 3 + 1) + 1 + x * 3;
    return [raw[i], raw[i + 1], raw[i + 2]];
  };
  return { chunks, width, height, bitDepth: ihdr[8], colourType: ihdr[9], raw, pixel };
}

describe('PNG encoder', () => {
  it('computes the standard CRC-32 check value', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(crc32(Buffer.from('IEND'))).toBe(0xae426082);
  });

  it('writes IHDR, IDAT and IEND with valid CRCs and the exact pixels', () => {
    const r = new Raster(3, 2, [10, 20, 30]);
    r.blend(1, 0, [255, 0, 0]);
    r.blend(2, 1, [0, 0, 0], 0.5);
    r.blend(5, 5, [0, 0, 0]); // outside: ignored
    const png = readPng(encodePng(r));
    expect(png.chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(png.chunks.every((c) => c.crcOk)).toBe(true);
    expect([png.width, png.height, png.bitDepth, png.colourType]).toEqual([3, 2, 8, 2]);
    expect(png.raw.length).toBe(2 * (3 * 3 + 1));
    expect(png.pixel(0, 0)).toEqual([10, 20, 30]);
    expect(png.pixel(1, 0)).toEqual([255, 0, 0]);
    expect(png.pixel(2, 1)).toEqual([5, 10, 15]);
  });
});

describe('captcha glyphs and image', () => {
  it('has a glyph for every character of the alphabet, each with ink and all different', () => {
    const seen = new Set<string>();
    for (const ch of CAPTCHA_CHARS) {
      const rows = GLYPHS[ch];
      expect(rows, ch).toHaveLength(GLYPH_HEIGHT);
      expect(rows.every((r) => r >= 0 && r < 2 ** GLYPH_WIDTH)).toBe(true);
      expect(rows.some((r) => r !== 0)).toBe(true);
      seen.add(rows.join(','));
    }
    expect(seen.size).toBe(CAPTCHA_CHARS.length);
  });

  it('draws no look-alikes: none of 0 O Q o 1 l I i j, one of each confusable pair, capitals only', () => {
    expect(CAPTCHA_CHARS).not.toMatch(/[0OQo1lIij]/);
    for (const [a, b] of ['2Z', '5S', '6G', '8B', 'UV', '9g', '6b']) {
      expect(CAPTCHA_CHARS.includes(a) && CAPTCHA_CHARS.includes(b), `${a}/${b}`).toBe(false);
    }
    expect(CAPTCHA_CHARS).toMatch(/^[A-Z2-9]+$/);
  });

  it('reads glyph ink left to right, top to bottom', () => {
    // T: full top row, then the middle column
    expect([0, 1, 2, 3, 4].map((x) => glyphInk('T', x, 0))).toEqual([true, true, true, true, true]);
    expect([0, 1, 2, 3, 4].map((x) => glyphInk('T', x, 3))).toEqual([false, false, true, false, false]);
    expect(glyphInk('T', 9, 0)).toBe(false);
    expect(glyphInk('?', 0, 0)).toBe(false);
  });

  it('draws random 4-character codes from the alphabet', () => {
    for (let i = 0; i < 200; i++) expect(randomCaptchaCode()).toMatch(/^[234589ACDEFGHJKLMNPRTUWXY]{4}$/);
    const codes = new Set(Array.from({ length: 50 }, () => randomCaptchaCode()));
    expect(codes.size).toBeGreaterThan(45);
  });

  it('renders a 105×35 truecolour PNG with visible text', () => {
    const png = readPng(renderCaptcha('AK3X'));
    expect([png.width, png.height]).toEqual([CAPTCHA_WIDTH, CAPTCHA_HEIGHT]);
    expect(png.chunks.every((c) => c.crcOk)).toBe(true);
    // dark text pixels exist on a light background
    let dark = 0;
    let light = 0;
    for (let y = 0; y < png.height; y++)
      for (let x = 0; x < png.width; x++) {
        const [r, g, b] = png.pixel(x, y);
        const l = (r + g + b) / 3;
        if (l < 110) dark++;
        if (l > 200) light++;
      }
    expect(dark).toBeGreaterThan(80);
    expect(light).toBeGreaterThan(png.width * png.height * 0.4);
  });

  it('never renders the same image twice for the same code (per-glyph jitter and noise)', () => {
    expect(renderCaptcha('WERT').equals(renderCaptcha('WERT'))).toBe(false);
  });
});
