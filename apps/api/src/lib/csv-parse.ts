/**
 * A CSV file (RFC 4180) to rows of cells: quoted cells may hold the delimiter, doubled quotes and
 * line breaks; CRLF or LF; a UTF-8 byte-order mark is dropped. The delimiter is the header row's:
 * a comma, or the semicolon spreadsheets write in locales whose decimal separator is a comma, or a tab.
 * Null when the file is not readable (not UTF-8, or a quote never closed).
 */
export function parseCsv(bytes: Buffer | string): string[][] | null {
  let text: string;
  if (typeof bytes === 'string') text = bytes;
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      return null;
    }
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const delimiter = delimiterOf(text);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let inQuotes = false;
  let index = 0;
  const length = text.length;
  while (index < length) {
    const char = text[index];
    if (inQuotes) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          cell += '"';
          index += 2;
          continue;
        }
        inQuotes = false;
        index += 1;
        continue;
      }
      // Copy a run of plain characters at once (large files).
      const next = text.indexOf('"', index);
      if (next === -1) return null;
      cell += text.slice(index, next);
      index = next;
      continue;
    }
    if (char === '"' && cell === '') {
      inQuotes = true;
      index += 1;
    } else if (char === delimiter) {
      row.push(cell);
      cell = '';
      index += 1;
    } else if (char === '\n' || char === '\r') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += char === '\r' && text[index + 1] === '\n' ? 2 : 1;
    } else {
      cell += char;
      index += 1;
    }
  }
  if (inQuotes) return null;
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

function delimiterOf(text: string): string {
  const end = text.search(/[\r\n]/);
  const header = (end === -1 ? text : text.slice(0, end)).replace(/"[^"]*"/g, '');
  const counts = [',', ';', '\t'].map((delimiter) => ({ delimiter, count: header.split(delimiter).length - 1 }));
  const [most] = counts.sort((a, b) => b.count - a.count);
  return most && most.count > 0 ? most.delimiter : ',';
}
