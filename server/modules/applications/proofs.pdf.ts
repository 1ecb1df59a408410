import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { degrees, type PDFFont, type PDFPage, PDFDocument, rgb } from 'pdf-lib';
import type { Fontkit } from 'pdf-lib/cjs/types/fontkit';
import QRCode from 'qrcode';

/**
 * The printable proofs (在读证明 / 成绩证明) as one A4 PDF: the school's name as the header, the title,
 * the body (and a score table), the issue date under the school's name with the seal over it, and a
 * verification QR code with its code. Text is set in Noto Sans SC, embedded as a subset (a few KB).
 */

export interface ProofScoreLine {
  batchName: string;
  subject: string;
  /** the score, 缺考 / 免考, or — when there is none */
  value: string;
}

export interface ProofPdfInput {
  title: string;
  schoolName: string;
  /** printed under the school's name when the school has one */
  schoolNameEn: string;
  /** body paragraphs, each indented by two characters */
  paragraphs: string[];
  /** score proofs: the table after the paragraphs */
  scores?: ProofScoreLine[];
  /** the closing lines after the body (特此证明。, the purpose) */
  closing: string[];
  /** how many copies (pages sets) to print; default 1 */
  copies?: number;
  /** e.g. 2026年11月21日 */
  issueDate: string;
  /** the school's seal image; null: a drawn red seal */
  seal: { bytes: Uint8Array; format: 'png' | 'jpg' } | null;
  verifyUrl: string;
  verifyCode: string;
}

const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
} as const;

let fontBytes: Promise<{ regular: Buffer; bold: Buffer }> | null = null;

/** The two font files (about 10 MB each), read once per process on the first proof. */
function loadFonts() {
  fontBytes ??= Promise.all([readFile(require.resolve(FONT_FILES.regular)), readFile(require.resolve(FONT_FILES.bold))]).then(([regular, bold]) => ({ regular, bold }));
  fontBytes.catch(() => {
    fontBytes = null;
  });
  return fontBytes;
}

/**
 * @pdf-lib/fontkit's TrueType subsetter copies each glyph's bytes as they are and, for a small subset,
 * writes the short `loca` format (offsets / 2): a glyph of odd length shifts every later glyph by a
 * byte and they render blank (Noto Sans SC's glyphs have odd lengths; most of a proof's text vanished
 * in pdf.js). Padding each copied glyph to an even length keeps every offset exact.
 */
interface GlyphSubset {
  glyf: Uint8Array[];
  offset: number;
  _addGlyph(gid: number): number;
}
/**
 * Parsed fonts are kept per font file: parsing is cheap but the first layout of a text (the CJK
 * font's large GSUB/GPOS tables) is not, and fontkit keeps no per-document state in the font.
 */
const parsedFonts = new WeakMap<Uint8Array, ReturnType<typeof fontkit.create>>();
const evenGlyphsFontkit: Fontkit = {
  create(buffer, postscriptName) {
    const cached = parsedFonts.get(buffer);
    if (cached) return cached;
    const font = fontkit.create(buffer, postscriptName);
    parsedFonts.set(buffer, font);
    const createSubset = font.createSubset.bind(font);
    font.createSubset = () => {
      const subset = createSubset() as unknown as GlyphSubset;
      const addGlyph = subset._addGlyph.bind(subset);
      subset._addGlyph = (gid: number) => {
        const index = addGlyph(gid);
        const bytes = subset.glyf[index];
        if (bytes.length % 2 === 1) {
          // fontkit's bundle brings its own Buffer: pad with that one
          const FontkitBuffer = bytes.constructor as typeof Buffer;
          subset.glyf[index] = FontkitBuffer.concat([bytes, FontkitBuffer.alloc(1)]);
          subset.offset += 1;
        }
        return index;
      };
      return subset as never;
    };
    return font;
  },
};

/** The QR code image of a text; a seam so tests can see what the code carries. */
export const qrCode = {
  png: (text: string): Promise<Buffer> => QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 240 }),
};

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 64;
const INK = rgb(0.1, 0.1, 0.1);
const GREY = rgb(0.4, 0.4, 0.4);
const SEAL_RED = rgb(0.84, 0.1, 0.12);

/** Splits text into lines no wider than `width` (CJK text breaks anywhere; Latin words stay whole when they fit). */
function wrap(text: string, font: PDFFont, size: number, width: number, indent = 0): string[] {
  const lines: string[] = [];
  let line = '';
  let limit = width - indent;
  const tokens = text.match(/[A-Za-z0-9.()\-_/]+|./gu) ?? [];
  for (const token of tokens) {
    const candidate = line + token;
    if (font.widthOfTextAtSize(candidate, size) <= limit) {
      line = candidate;
      continue;
    }
    if (line !== '') {
      lines.push(line);
      limit = width;
    }
    line = token.trimStart();
    // a single token wider than the line: cut it
    while (font.widthOfTextAtSize(line, size) > limit && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > limit) cut -= 1;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

function centred(page: PDFPage, text: string, font: PDFFont, size: number, y: number, color = INK) {
  const width = font.widthOfTextAtSize(text, size);
  page.drawText(text, { x: (A4.width - width) / 2, y, size, font, color });
}

/** A round red seal: a ring, a five-pointed star, the school's name along the upper arc. */
function drawSeal(page: PDFPage, font: PDFFont, name: string, cx: number, cy: number, radius: number) {
  page.drawCircle({ x: cx, y: cy, size: radius, borderColor: SEAL_RED, borderWidth: 3.2, opacity: 0, borderOpacity: 0.88 });
  page.drawCircle({ x: cx, y: cy, size: radius - 4.5, borderColor: SEAL_RED, borderWidth: 0.8, opacity: 0, borderOpacity: 0.88 });
  const starRadius = radius * 0.3;
  const points = Array.from({ length: 10 }, (_, i) => {
    const r = i % 2 === 0 ? starRadius : starRadius * 0.382;
    const angle = Math.PI / 2 + (i * Math.PI) / 5;
    // SVG coordinates (y down) around the centre
    return `${(r * Math.cos(angle)).toFixed(2)},${(-r * Math.sin(angle)).toFixed(2)}`;
  });
  page.drawSvgPath(`M${points.join(' L')} Z`, { x: cx, y: cy, color: SEAL_RED, opacity: 0.9, borderWidth: 0 });
  const chars = [...name];
  if (chars.length === 0) return;
  // the characters spread over up to 240° of the upper arc, reading clockwise; as large as fits (7-16 pt)
  const span = Math.min(240, chars.length * 26) * (Math.PI / 180);
  const baselineOf = (size: number) => radius - 8 - size * 0.88;
  let size = 16;
  while (size > 7 && chars.length > 1 && (span / (chars.length - 1)) * baselineOf(size) < size * 1.08) size -= 0.5;
  const baseline = baselineOf(size);
  chars.forEach((char, i) => {
    const theta = Math.PI / 2 + span / 2 - (chars.length === 1 ? span / 2 : (span * i) / (chars.length - 1));
    const width = font.widthOfTextAtSize(char, size);
    const tangent = { x: Math.sin(theta), y: -Math.cos(theta) };
    page.drawText(char, {
      x: cx + baseline * Math.cos(theta) - (width / 2) * tangent.x,
      y: cy + baseline * Math.sin(theta) - (width / 2) * tangent.y,
      size,
      font,
      color: SEAL_RED,
      opacity: 0.9,
      rotate: degrees((theta * 180) / Math.PI - 90),
    });
  });
}

/** Renders a proof; the first call also reads the fonts (later calls take tens of ms). */
export async function renderProofPdf(input: ProofPdfInput): Promise<Uint8Array> {
  const fonts = await loadFonts();
  const doc = await PDFDocument.create();
  doc.registerFontkit(evenGlyphsFontkit);
  const [regular, bold] = await Promise.all([doc.embedFont(fonts.regular, { subset: true }), doc.embedFont(fonts.bold, { subset: true })]);
  doc.setTitle(`${input.title} - ${input.schoolName}`);
  doc.setSubject(input.verifyUrl);
  doc.setCreator('Xiaowu');
  doc.setProducer('Xiaowu');
  doc.setLanguage('zh-CN');

  let page = doc.addPage([A4.width, A4.height]);
  const contentWidth = A4.width - 2 * MARGIN;

  // Header: the school's names and a rule.
  let y = A4.height - 72;
  centred(page, input.schoolName, bold, 17, y);
  if (input.schoolNameEn) {
    y -= 17;
    centred(page, input.schoolNameEn, regular, 10, y, GREY);
  }
  y -= 14;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: A4.width - MARGIN, y }, thickness: 0.8, color: GREY });

  // Title (letter-spaced like a printed certificate).
  y -= 62;
  centred(page, [...input.title].join(' '), bold, 26, y);
  y -= 52;

  const bodySize = 14;
  const lineHeight = 28;
  const indent = regular.widthOfTextAtSize('两字', bodySize);
  const newPageIfNeeded = (needed: number) => {
    if (y - needed >= 250) return;
    page = doc.addPage([A4.width, A4.height]);
    y = A4.height - 80;
  };
  for (const paragraph of input.paragraphs) {
    wrap(paragraph, regular, bodySize, contentWidth, indent).forEach((line, i) => {
      newPageIfNeeded(lineHeight);
      page.drawText(line, { x: MARGIN + (i === 0 ? indent : 0), y, size: bodySize, font: regular, color: INK });
      y -= lineHeight;
    });
  }

  if (input.scores && input.scores.length > 0) {
    const size = 11;
    const rowHeight = 20;
    const columns = [
      { x: MARGIN, width: contentWidth * 0.5, title: '考试' },
      { x: MARGIN + contentWidth * 0.5, width: contentWidth * 0.3, title: '科目' },
      { x: MARGIN + contentWidth * 0.8, width: contentWidth * 0.2, title: '成绩' },
    ];
    const row = (cells: string[], font: PDFFont) => {
      newPageIfNeeded(rowHeight);
      page.drawRectangle({ x: MARGIN, y: y - 6, width: contentWidth, height: rowHeight, borderColor: GREY, borderWidth: 0.5 });
      cells.forEach((cell, i) => {
        const column = columns[i];
        const text = wrap(cell, font, size, column.width - 8)[0] ?? '';
        page.drawText(text, { x: column.x + 4, y, size, font, color: INK });
        if (i > 0) page.drawLine({ start: { x: column.x, y: y - 6 }, end: { x: column.x, y: y - 6 + rowHeight }, thickness: 0.5, color: GREY });
      });
      y -= rowHeight;
    };
    y += 6;
    row(
      columns.map((column) => column.title),
      bold,
    );
    let previous = '';
    for (const line of input.scores) {
      row([line.batchName === previous ? '' : line.batchName, line.subject, line.value], regular);
      previous = line.batchName;
    }
    y -= lineHeight - rowHeight + 6;
  }

  for (const line of input.closing) {
    for (const [i, part] of wrap(line, regular, bodySize, contentWidth, indent).entries()) {
      newPageIfNeeded(lineHeight);
      page.drawText(part, { x: MARGIN + (i === 0 ? indent : 0), y, size: bodySize, font: regular, color: INK });
      y -= lineHeight;
    }
  }

  // Signature: the school's name and the date, right-aligned block, the seal over its centre. A long
  // name is set smaller so that it stays on one line (at most 260 pt wide).
  const signatureWidth = 260;
  let signSize = bodySize;
  while (signSize > 9 && regular.widthOfTextAtSize(input.schoolName, signSize) > signatureWidth) signSize -= 0.5;
  const signName = wrap(input.schoolName, regular, signSize, signatureWidth)[0] ?? '';
  const blockWidth = Math.max(regular.widthOfTextAtSize(signName, signSize), regular.widthOfTextAtSize(input.issueDate, bodySize), 150);
  const blockCentre = A4.width - MARGIN - blockWidth / 2;
  const signatureY = 190;
  page.drawText(signName, { x: blockCentre - regular.widthOfTextAtSize(signName, signSize) / 2, y: signatureY, size: signSize, font: regular, color: INK });
  page.drawText(input.issueDate, { x: blockCentre - regular.widthOfTextAtSize(input.issueDate, bodySize) / 2, y: signatureY - 26, size: bodySize, font: regular, color: INK });
  const sealCentre = { x: blockCentre, y: signatureY - 2 };
  const sealRadius = 62;
  if (input.seal) {
    const image = input.seal.format === 'png' ? await doc.embedPng(input.seal.bytes) : await doc.embedJpg(input.seal.bytes);
    const scale = Math.min((sealRadius * 2) / image.width, (sealRadius * 2) / image.height);
    const width = image.width * scale;
    const height = image.height * scale;
    page.drawImage(image, { x: sealCentre.x - width / 2, y: sealCentre.y - height / 2, width, height, opacity: 0.92 });
  } else {
    drawSeal(page, regular, input.schoolName, sealCentre.x, sealCentre.y, sealRadius);
  }

  // Verification: the QR code, its code, what it is for (bottom left).
  const qr = await doc.embedPng(await qrCode.png(input.verifyUrl));
  const qrSize = 92;
  const qrX = MARGIN;
  const qrY = 92;
  page.drawImage(qr, { x: qrX, y: qrY, width: qrSize, height: qrSize });
  const codeSize = 9;
  page.drawText(input.verifyCode, { x: qrX + (qrSize - regular.widthOfTextAtSize(input.verifyCode, codeSize)) / 2, y: qrY - 13, size: codeSize, font: regular, color: INK });
  const hint = '扫码验证证明真伪';
  page.drawText(hint, { x: qrX + (qrSize - regular.widthOfTextAtSize(hint, codeSize)) / 2, y: qrY - 26, size: codeSize, font: regular, color: GREY });

  // `copies`: the whole proof again, as many times as asked (details.copies, 1–5)
  const copies = Math.max(1, Math.min(5, Math.trunc(input.copies ?? 1)));
  const indices = doc.getPageIndices();
  for (let copy = 1; copy < copies; copy++) for (const again of await doc.copyPages(doc, indices)) doc.addPage(again);

  return doc.save();
}
