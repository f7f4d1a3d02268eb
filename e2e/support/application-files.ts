import { crc32 } from 'node:zlib';

/*
 * Files an applicant might choose, built in memory so no binary fixture lives in the repository:
 * good ones (a PDF, a .docx) and each kind the form must refuse. Used by unit tests, e2e tests and
 * the upload bench.
 */

/** A one-page PDF; `padTo` pads it (inside a comment, before the trailer) to about that many bytes. */
export function pdf({ padTo = 0, encrypted = false }: { padTo?: number; encrypted?: boolean } = {}): Buffer {
  const head =
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj\n';
  const trailer = `trailer << /Root 1 0 R /Size 4${encrypted ? ' /Encrypt 4 0 R' : ''} >>\nstartxref\n0\n%%EOF\n`;
  const padding = Math.max(0, padTo - head.length - trailer.length);
  // A comment line of printable filler: harmless to any reader, and it never spells /Encrypt.
  const filler = padding > 2 ? `%${'x'.repeat(padding - 2)}\n` : '';
  return Buffer.from(head + filler + trailer);
}

/**
 * A PDF that is also a web page: `markup` sits in a PDF comment, `at` bytes in, where a PDF reader
 * skips it and a browser that sniffs, or opens the file as .html, runs it.
 */
export function polyglotPdf(markup = '<html><body><script>document.title="polyglot"</script></body></html>', at = 0): Buffer {
  const whole = pdf({ padTo: at + 4096 }).toString('latin1');
  const cut = whole.indexOf('\n') + 1 + at;
  return Buffer.from(`${whole.slice(0, cut)}%${markup}\n${whole.slice(cut)}`, 'latin1');
}

/** A PDF cut off halfway, as an interrupted download leaves it. */
export function truncatedPdf(): Buffer {
  const whole = pdf({ padTo: 4096 });
  return whole.subarray(0, whole.length / 2);
}

/** A minimal Word document: a zip (stored, not deflated) with the parts Word writes first. */
export function docx(): Buffer {
  return zip([
    [
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ],
    [
      'word/document.xml',
      '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Cv</w:t></w:r></w:p></w:body></w:document>',
    ],
  ]);
}

/** What Word saves when a document gets a password: an OLE container with an EncryptedPackage stream. */
export function encryptedDocx(): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  header.writeUInt16LE(0x003e, 24); // minor version
  header.writeUInt16LE(0x0003, 26); // major version 3
  header.writeUInt16LE(0xfffe, 28); // little-endian
  header.writeUInt16LE(0x0009, 30); // 512-byte sectors
  const directory = Buffer.alloc(512);
  Buffer.from('EncryptionInfo', 'utf16le').copy(directory, 128);
  Buffer.from('EncryptedPackage', 'utf16le').copy(directory, 256);
  return Buffer.concat([header, directory, Buffer.alloc(1024, 0x5a)]);
}

/** A Windows program, whatever name it is given. */
export function executable(): Buffer {
  const file = Buffer.alloc(1024);
  file.write('MZ', 0, 'latin1');
  file.writeUInt32LE(0x80, 0x3c);
  file.write('PE\0\0', 0x80, 'latin1');
  return file;
}

function zip(entries: [name: string, content: string][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const nameBytes = Buffer.from(name);
    const data = Buffer.from(content);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
