// CSV as spreadsheets write it (RFC 4180): commas, double-quoted fields with "" for a quote, CRLF or LF line
// ends, and the byte-order mark Excel puts in front of UTF-8 files.

const BOM = '\uFEFF';

export type CsvRecord = {
  /** The line of the file the record starts on, counting from 1 (a quoted field may span lines). */
  line: number;
  fields: string[];
};

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`Line ${line}: ${message}`);
    this.name = 'CsvSyntaxError';
  }
}

/** Splits CSV text into records; blank lines are skipped. Throws CsvSyntaxError on a broken quote. */
export function parseCsv(text: string): CsvRecord[] {
  const input = text.startsWith(BOM) ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let i = 0;
  let isQuoted = false;
  let fieldStarted = false;

  const endField = () => {
    fields.push(field);
    field = '';
    fieldStarted = false;
  };
  const endRecord = () => {
    endField();
    const isBlank = fields.length === 1 && fields[0] === '';
    if (!isBlank) records.push({ line: recordLine, fields });
    fields = [];
  };

  while (i < input.length) {
    const char = input[i]!;
    if (isQuoted) {
      if (char === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        isQuoted = false;
        i++;
        const next = input[i];
        if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
          throw new CsvSyntaxError(
            line,
            'a quoted field must end with its closing quote followed by a comma',
          );
        }
        continue;
      }
      if (char === '\n') line++;
      field += char;
      i++;
      continue;
    }
    if (char === '"' && !fieldStarted) {
      isQuoted = true;
      fieldStarted = true;
      i++;
      continue;
    }
    if (char === ',') {
      endField();
      i++;
      continue;
    }
    if (char === '\r' || char === '\n') {
      endRecord();
      i += char === '\r' && input[i + 1] === '\n' ? 2 : 1;
      line++;
      recordLine = line;
      continue;
    }
    if (char === '"') {
      throw new CsvSyntaxError(
        line,
        'a quote inside an unquoted field must be written inside a quoted field as ""',
      );
    }
    field += char;
    fieldStarted = true;
    i++;
  }
  if (isQuoted) throw new CsvSyntaxError(recordLine, 'a quoted field is never closed');
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}

// Spreadsheets run a cell starting with these as a formula; an exported name must never do that (OWASP CSV
// injection). The apostrophe we add is taken off again on import.
const FORMULA_START = /^[=+\-@\t\r]/;

/** One field as CSV: quoted when it holds a comma, quote or line break; formula-looking text defused. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Undoes csvField's defusing apostrophe on a field read back from a file. */
export function unescapeFormula(text: string): string {
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

export function csvLine(values: (string | number | null | undefined)[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

export const CSV_BOM = BOM;
