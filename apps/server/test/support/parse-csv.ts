/** The cells of a CSV body as a reader gets them back (RFC 4180 quotes undone). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [[]];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      rows.at(-1)!.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      rows.at(-1)!.push(cell);
      cell = '';
      rows.push([]);
      i += 1;
    } else cell += ch;
  }
  if (cell !== '' || rows.at(-1)!.length > 0) rows.at(-1)!.push(cell);
  return rows.filter((r) => r.length > 0);
}
