/** Distinct colours for the numbered markers, readable with white text; they repeat after ten signatories. */
const COLOURS = [
  '#1565c0',
  '#c62828',
  '#2e7d32',
  '#6a1b9a',
  '#ef6c00',
  '#00838f',
  '#ad1457',
  '#4e342e',
  '#283593',
  '#558b2f',
] as const;

export function signatoryColour(index: number): string {
  return COLOURS[index % COLOURS.length] ?? COLOURS[0];
}
