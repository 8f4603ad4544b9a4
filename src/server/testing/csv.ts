/**
 * Reads CSV text as RFC 4180 defines it, as a spreadsheet program would: fields separated by commas, records by CRLF,
 * a quoted field may hold commas, line breaks and doubled quotes. Throws on anything else, so a test reading the
 * console's export also checks that it is well formed.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let index = 0;
  while (index < text.length) {
    let field = '';
    if (text[index] === '"') {
      index++;
      for (;;) {
        const quote = text.indexOf('"', index);
        if (quote === -1) throw new Error(`A quoted field is not closed (from ${index})`);
        field += text.slice(index, quote);
        if (text[quote + 1] === '"') {
          field += '"';
          index = quote + 2;
        } else {
          index = quote + 1;
          break;
        }
      }
    } else {
      const end = text.slice(index).search(/[,\r\n"]/);
      const stop = end === -1 ? text.length : index + end;
      if (text[stop] === '"') throw new Error(`A quote inside an unquoted field at ${stop}`);
      field = text.slice(index, stop);
      index = stop;
    }
    record.push(field);
    if (text[index] === ',') {
      index++;
    } else if (text.startsWith('\r\n', index)) {
      records.push(record);
      record = [];
      index += 2;
    } else if (index < text.length) {
      throw new Error(`Expected a comma or CRLF at ${index}, found ${JSON.stringify(text[index])}`);
    }
  }
  if (record.length) throw new Error('The last record does not end with CRLF');
  return records;
}
