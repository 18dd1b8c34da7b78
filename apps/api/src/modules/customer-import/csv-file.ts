import { CsvError, parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';

/**
 * The text of a file whose encoding nobody names (a browser sends the bytes as they were saved):
 * - a byte-order mark decides: UTF-8, or UTF-16 little- or big-endian (Excel's "Unicode text");
 * - otherwise bytes that are valid UTF-8 are UTF-8 (no other encoding's Arabic or accented
 *   letters form valid UTF-8 in practice);
 * - otherwise Windows-1256, the encoding Excel on an Arabic Windows saves "CSV (comma delimited)"
 *   in: every byte is a character there, so that guess never fails.
 * Null for bytes that cannot be text whatever the encoding (a NUL character: a spreadsheet's
 * binary file, or UTF-16 without its mark), and for a file marked UTF-8 whose bytes are not.
 */
function decodeText(bytes: Buffer): string | null {
  const text = decodeBytes(bytes);
  return text === null || text.includes('\u0000') ? null : text;
}

function decodeBytes(bytes: Buffer): string | null {
  // The decoders below drop the mark itself.
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return iconv.decode(bytes, 'utf-16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return iconv.decode(bytes, 'utf-16be');
  const isMarkedUtf8 = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return isMarkedUtf8 ? null : iconv.decode(bytes, 'windows-1256');
  }
}

/**
 * A CSV file (RFC 4180) to rows of cells, one per record (a quoted cell may hold the delimiter,
 * doubled quotes and line breaks), so a row's number is its record's: empty lines count, and
 * rows may have any number of cells. Lines end in CRLF, LF or CR, mixed. The delimiter is the
 * header row's: a comma, or the semicolon spreadsheets write in locales whose decimal separator
 * is a comma, or a tab. A quote inside an unquoted cell is kept as written. Cells are not trimmed.
 * Null when the file is not readable: not text (see `decodeText`), or a quote never closed.
 */
export function readCsvFile(bytes: Buffer): string[][] | null {
  const text = decodeText(bytes);
  if (text === null) return null;
  try {
    return parse(text, {
      delimiter: delimiterOf(text),
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_quotes: true,
      relax_column_count: true,
    });
  } catch (error) {
    if (error instanceof CsvError) return null;
    throw error;
  }
}

function delimiterOf(text: string): string {
  const end = text.search(/[\r\n]/);
  const header = (end === -1 ? text : text.slice(0, end)).replace(/"[^"]*"/g, '');
  const counts = [',', ';', '\t'].map((delimiter) => ({ delimiter, count: header.split(delimiter).length - 1 }));
  const [most] = counts.sort((a, b) => b.count - a.count);
  return most && most.count > 0 ? most.delimiter : ',';
}
