import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { readCsvFile } from './csv-file';

const utf8 = (text: string) => Buffer.from(text, 'utf8');
const marked = (mark: number[], body: Buffer) => Buffer.concat([Buffer.from(mark), body]);

describe('readCsvFile', () => {
  it('reads the same rows whatever the encoding: UTF-8 with or without its mark, UTF-16 LE or BE with it, Windows-1256', () => {
    const text = 'full_name,region\r\nرانيا خوري,الحمرا\r\nZoé Haddad,"Hamra, Beirut"\r\n';
    const rows = [
      ['full_name', 'region'],
      ['رانيا خوري', 'الحمرا'],
      ['Zoé Haddad', 'Hamra, Beirut'],
    ];
    const bigEndian = Buffer.from(text, 'utf16le').swap16();
    expect(readCsvFile(utf8(text))).toEqual(rows);
    expect(readCsvFile(marked([0xef, 0xbb, 0xbf], utf8(text)))).toEqual(rows);
    expect(readCsvFile(marked([0xff, 0xfe], Buffer.from(text, 'utf16le')))).toEqual(rows);
    expect(readCsvFile(marked([0xfe, 0xff], bigEndian))).toEqual(rows);
    expect(readCsvFile(iconv.encode(text, 'windows-1256'))).toEqual(rows);
  });

  it('numbers rows by record: quoted line breaks stay in their cell, empty lines count, line ends may mix', () => {
    const text = 'full_name,notes\n"Rania\r\nKhoury","said ""hi"", twice"\r\n\rOmar,12" screen,extra\nSami';
    expect(readCsvFile(utf8(text))).toEqual([
      ['full_name', 'notes'],
      ['Rania\r\nKhoury', 'said "hi", twice'],
      [''],
      ['Omar', '12" screen', 'extra'],
      ['Sami'],
    ]);
  });

  it('takes the header row\u2019s delimiter: a semicolon (decimal-comma locales) or a tab, never splitting on the others', () => {
    expect(readCsvFile(utf8('full_name;initial_reading\nRania, K.;3200,5'))).toEqual([
      ['full_name', 'initial_reading'],
      ['Rania, K.', '3200,5'],
    ]);
    expect(readCsvFile(utf8('"a;b,c"\tfull_name\nx;y\tRania'))).toEqual([
      ['a;b,c', 'full_name'],
      ['x;y', 'Rania'],
    ]);
  });

  it('is null for a file that is not text or a quote never closed; an empty file has no rows', () => {
    expect(readCsvFile(utf8('full_name\n"never closed'))).toBeNull();
    expect(readCsvFile(utf8('full_name\nA\u0000B'))).toBeNull();
    expect(readCsvFile(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08, 0x00, 0xa3, 0xff]))).toBeNull();
    expect(readCsvFile(marked([0xef, 0xbb, 0xbf], Buffer.from([0x61, 0xe1, 0x0a])))).toBeNull();
    expect(readCsvFile(Buffer.alloc(0))).toEqual([]);
  });
});
