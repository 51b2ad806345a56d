/**
 * One CSV cell for a spreadsheet: always quoted, quotes doubled, and a cell a spreadsheet would run
 * as a formula (starting with = + - @, a tab or a carriage return) gets a leading apostrophe (OWASP
 * "CSV injection").
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export const csvRow = (cells: Array<string | number>) => `${cells.map(csvCell).join(',')}\r\n`;

/** Excel reads UTF-8 only with a byte-order mark. */
export const CSV_BOM = '\uFEFF';
