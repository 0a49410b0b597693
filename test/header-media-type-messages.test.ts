// header-media-type: the finding names the sample's file (its URL's last part, decoded) and what it
// is, and says the file the header takes as the rule does (trial-ae e): a DOCUMENT header's was told
// '.pdf, .doc, .docx, .xls, .xlsx, .ppt, .pptx, .txt' though the rule asks for a PDF, an IMAGE
// header's '.jpg, .jpeg, .png' as if a sample were a list, and a .gif 'WhatsApp takes no such
// file' though WhatsApp has GIF headers. In-process.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { lintBytes } from '../src/lint/engine.ts';

const said = (format: string, example: string): string[] => {
  const yaml = `channel: wa\nname: media\nlanguage: en_US\ncategory: UTILITY\nheader: { format: ${format}, example: "${example}" }\nbody:\n  text: "Your document for the account is attached, thank you."\n`;
  return lintBytes('t.yaml', Buffer.from(yaml), { now: new Date('2026-01-01T00:00:00Z') }).diagnostics.filter((d) => d.ruleId === 'header-media-type').map((d) => d.message);
};

test('each finding names the file and what it is, and the file the header takes', () => {
  assert.equal(said('DOCUMENT', 'https://cdn.example.com/docs/invoice.docx?v=2'), ["The DOCUMENT header's sample 'invoice.docx' is a Word document: a template's document header is a PDF (WhatsApp Manager's template editor, providers' template pages), though a message may carry a Word document; give a PDF sample (.pdf), and send PDFs with the template."]);
  assert.equal(said('DOCUMENT', 'https://cdn.example.com/docs/scan.jpg'), ["The DOCUMENT header's sample 'scan.jpg' is a JPEG image, a file for an IMAGE header: change the format to IMAGE, or give a PDF (.pdf)."]);
  assert.equal(said('IMAGE', 'https://cdn.example.com/img/spring.pdf'), ["The IMAGE header's sample 'spring.pdf' is a PDF, a file for a DOCUMENT header: change the format to DOCUMENT, or give a JPEG or PNG image (.jpg, .jpeg, .png)."]);
  assert.equal(said('IMAGE', 'https://cdn.example.com/img/dancing.gif'), ["The IMAGE header's sample 'dancing.gif' is a GIF, which an IMAGE header does not take: give a JPEG or PNG image (.jpg, .jpeg, .png), or for an animation write `format: GIF` with an .mp4 sample (MARKETING templates)."]);
  assert.equal(said('VIDEO', 'https://cdn.example.com/v/clip.mov#t=1'), ["The VIDEO header's sample 'clip.mov' is a QuickTime video (.mov), which WhatsApp does not take as a VIDEO header: give an MP4 or 3GPP video (.mp4, .3gp, .3gpp)."]);
  assert.equal(said('DOCUMENT', 'https://cdn.example.com/docs/Rechnung%20M%C3%A4rz.xlsx'), ["The DOCUMENT header's sample 'Rechnung März.xlsx' is an Excel workbook: a template's document header is a PDF (WhatsApp Manager's template editor, providers' template pages), though a message may carry an Excel workbook; give a PDF sample (.pdf), and send PDFs with the template."]);
  // what the header takes, and a URL that names no file of a kind: no finding
  for (const [f, u] of [['DOCUMENT', 'https://cdn.example.com/docs/Invoice.PDF'], ['IMAGE', 'https://cdn.example.com/img/a.JPG'], ['DOCUMENT', 'https://cdn.example.com/docs/invoice'], ['IMAGE', 'https://cdn.example.com/render.php?id=1.png']] as const) assert.equal(said(f, u), [], u);
});

test.run();
